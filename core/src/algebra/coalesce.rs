//! `coalesce`, `coalesce_x`, `filter_zeros` and `filter` (CuTe's `bw_coalesce`): the
//! same function on its domain with depth at most 1.
//!
//! A transliteration of CuTe's `bw_coalesce` recursion as a fold over the flattened
//! modes, last to first, with CuTe's state `(new_shape, new_stride)` and its four cases
//! quoted at [`BwCoalesce`]. The runtime twin, which these types are tested against, is
//! `dynamic::algebra::coalesce`.

use crate::int::types as t;
use crate::int::{Bit, BranchT, C, LeafOps, Nat, mul};
use crate::layout::{Layout, LayoutOf, StridedLayout, layout_of};
use crate::tuple::{FoldFn, IntTuple, LeafOf, MapFn, PairFn, Pairs, PrependFn, Reverse, ZipFn};
use typenum::{P1, P2, Z0};

/// One step of `bw_coalesce` on the mode `(s, d)`; the state is `(new_shape,
/// new_stride)`, both tuples with the front mode first.
#[derive(Clone, Copy, Default, Debug)]
pub struct BwCoalesce;
type AccS<A> = <A as IntTuple>::E0;
type AccD<A> = <A as IntTuple>::E1;
type Front<T> = LeafOf<<T as IntTuple>::Head>;
/// `B1` for a rank-1 tuple.
type RankOne<T> = <<T as IntTuple>::Rank as Nat>::IsOne;
/// The accumulator is the single static `_1`.
type AccIsUnit<A> = <RankOne<AccS<A>> as Bit>::And<<Front<AccS<A>> as LeafOps>::IsOne>;
/// CuTe's merge test: `is_static<get<0>(new_shape)>` and
/// `shape<I> * stride<I> == get<0>(new_stride)` statically.
type CanMerge<A, X> = <<Front<AccS<A>> as IntTuple>::IsStatic as Bit>::And<
    <t::Mul<LeafOf<<X as IntTuple>::E0>, LeafOf<<X as IntTuple>::E1>> as LeafOps>::StaticEq<
        Front<AccD<A>>,
    >,
>;
impl FoldFn for BwCoalesce {
    // CuTe: shape<I> == _1: skip it; new_shape == _1: replace it with (shape<I>,
    // stride<I>); merge: replace_front(new_shape, shape<I> * get<0>(new_shape)),
    // replace_front(new_stride, stride<I>); otherwise prepend(new_shape, shape<I>),
    // prepend(new_stride, stride<I>).
    type Step<A: IntTuple, X: IntTuple> = <<LeafOf<X::E0> as LeafOps>::IsOne as Bit>::IfT<
        A,
        <AccIsUnit<A> as Bit>::IfT<
            ((X::E0,), (X::E1,)),
            <CanMerge<A, X> as Bit>::IfT<
                (
                    <<AccS<A> as IntTuple>::Tail as IntTuple>::Prepend<
                        t::Mul<LeafOf<X::E0>, Front<AccS<A>>>,
                    >,
                    <<AccD<A> as IntTuple>::Tail as IntTuple>::Prepend<X::E1>,
                ),
                (
                    <AccS<A> as IntTuple>::Prepend<X::E0>,
                    <AccD<A> as IntTuple>::Prepend<X::E1>,
                ),
            >,
        >,
    >;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, acc: A, x: X) -> Self::Step<A, X> {
        let (s, d) = (x.e0(), x.e1());
        let (ns, nd) = (acc.e0(), acc.e1());
        <<LeafOf<X::E0> as LeafOps>::IsOne as Bit>::if_t(
            acc,
            <AccIsUnit<A> as Bit>::if_t(
                ((s,), (d,)),
                <CanMerge<A, X> as Bit>::if_t(
                    (
                        ns.tail().prepend(mul(s.size(), ns.head().size())),
                        nd.tail().prepend(d),
                    ),
                    (ns.prepend(s), nd.prepend(d)),
                ),
            ),
        )
    }
}

/// The end of `bw_coalesce`: a lone `_1` becomes `_1:_0`, a lone mode a leaf.
#[derive(Clone, Copy)]
pub struct BwFinish<A>(A);
impl<A: IntTuple> BranchT for BwFinish<A> {
    type Then = <AccIsUnit<A> as Bit>::IfT<(C<P1>, C<Z0>), (AccS<A>, AccD<A>)>;
    type Else = A;
    #[inline]
    fn then(self) -> Self::Then {
        <AccIsUnit<A> as Bit>::if_t((C::new(), C::new()), (self.0.e0(), self.0.e1()))
    }
    #[inline]
    fn els(self) -> A {
        self.0
    }
}
/// Unwraps a rank-1 accumulator into a leaf mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct UnwrapLeaf;
impl MapFn for UnwrapLeaf {
    type Ap<X: IntTuple> = <RankOne<X> as Bit>::IfT<<X as IntTuple>::Head, X>;
    #[inline]
    fn ap<X: IntTuple>(self, x: X) -> Self::Ap<X> {
        <RankOne<X> as Bit>::if_t(x.head(), x)
    }
}
type Finish<A> = <<RankOne<AccS<A>> as Bit>::SelT<BwFinish<A>> as IntTuple>::Map<UnwrapLeaf>;
#[inline]
fn finish<A: IntTuple>(a: A) -> Finish<A> {
    <RankOne<AccS<A>> as Bit>::sel_t(BwFinish(a)).map(UnwrapLeaf)
}

/// The flat `(shape, stride)` pairs, last first.
type RevPairs<S, D> = Reverse<Pairs<<S as IntTuple>::Leaves, <D as IntTuple>::Leaves>>;

/// The initial state of `bw_coalesce`: plain `coalesce` starts from the last mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct NoGuard;
/// CuTe's `coalesce_x`: a trailing `_1` starts as `_2`, so the function is kept
/// outside the domain too.
#[derive(Clone, Copy, Default, Debug)]
pub struct XGuard;
/// The initial accumulator of `bw_coalesce` from the last `(s, d)` pair.
pub trait Guard: Copy {
    /// The accumulator.
    type Init<P: IntTuple>: IntTuple;
    /// Its value.
    fn init<P: IntTuple>(p: P) -> Self::Init<P>;
}
impl Guard for NoGuard {
    type Init<P: IntTuple> = ((P::E0,), (P::E1,));
    #[inline]
    fn init<P: IntTuple>(p: P) -> Self::Init<P> {
        ((p.e0(),), (p.e1(),))
    }
}
impl Guard for XGuard {
    type Init<P: IntTuple> = (
        (<<LeafOf<P::E0> as LeafOps>::IsOne as Bit>::IfL<C<P2>, LeafOf<P::E0>>,),
        (P::E1,),
    );
    #[inline]
    fn init<P: IntTuple>(p: P) -> Self::Init<P> {
        (
            (<<LeafOf<P::E0> as LeafOps>::IsOne as Bit>::if_l(
                C::new(),
                p.e0().size(),
            ),),
            (p.e1(),),
        )
    }
}

/// `coalesce` (`G` = [`NoGuard`]) or `coalesce_x` ([`XGuard`]) of `(S, D)` as a
/// `(shape, stride)` pair.
pub type CoalescePair<S, D, G> = Finish<
    <<RevPairs<S, D> as IntTuple>::Tail as IntTuple>::Fold<
        BwCoalesce,
        <G as Guard>::Init<<RevPairs<S, D> as IntTuple>::Head>,
    >,
>;
/// The value of [`CoalescePair`].
#[inline]
pub(crate) fn coalesce_pair<S: IntTuple, D: IntTuple, G: Guard>(
    s: S,
    d: D,
) -> CoalescePair<S, D, G> {
    let rev = s.leaves().zip(d.leaves(), PairFn).fold(PrependFn, ());
    finish(rev.tail().fold(BwCoalesce, G::init(rev.head())))
}

/// CuTe's `coalesce(layout)` of a strided layout.
pub type Coalesce<S, D> = LayoutOf<CoalescePair<S, D, NoGuard>>;
#[inline]
pub(crate) fn coalesce_strided<S: IntTuple, D: IntTuple>(l: StridedLayout<S, D>) -> Coalesce<S, D> {
    let (s, d) = l.pair();
    layout_of(coalesce_pair::<S, D, NoGuard>(s, d))
}

/// CuTe's `coalesce(layout)`: the same function on its domain, with depth at most 1,
/// merging every pair of modes that CuTe can prove contiguous statically.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(coalesce(layout!((2,(3,1)):(1,(2,6)))).to_string(), "_6:_1");
/// let n = 8;
/// assert_eq!(coalesce(layout!((4,n):(1,4))).to_string(), "(_4,8):(_1,_4)");
/// ```
#[inline]
pub fn coalesce<X: crate::layout::Reshape>(x: X) -> X::With<<X::Layout as Layout>::Coalesce> {
    let l = x.layout_of();
    x.with_layout(crate::layout::finish(|| l.coalesce()))
}

// ---------------------------------------------------------------------------------
// By-mode: coalesce_x and coalesce at the terminals of a profile.

/// Applies `coalesce_x`/`coalesce` (per `G`) to the modes of `(S, D)` at the terminals
/// of the profile `P` (CuTe's `transform_layout(layout, trg_profile, ...)`): modes past
/// the profile stay as they are.
pub type CoalesceByPair<S, D, P, G> =
    <<P as IntTuple>::IsTuple as Bit>::SelT<CoalesceByB<S, D, P, G>>;
/// The lazy branches of [`CoalesceByPair`].
#[derive(Clone, Copy)]
pub struct CoalesceByB<S, D, P, G>(S, D, core::marker::PhantomData<(P, G)>);
impl<S: IntTuple, D: IntTuple, P: IntTuple, G: Guard> BranchT for CoalesceByB<S, D, P, G> {
    type Then = crate::tuple::Unzip<
        <Pairs<crate::tuple::Wrap<S>, crate::tuple::Wrap<D>> as IntTuple>::Zip<
            P,
            CoalesceByMode<G>,
        >,
    >;
    type Else = CoalescePair<S, D, G>;
    #[inline]
    fn then(self) -> Self::Then {
        crate::tuple::unzip(
            crate::tuple::wrap(self.0)
                .zip(crate::tuple::wrap(self.1), PairFn)
                .zip(P::conjure(), CoalesceByMode::<G>(core::marker::PhantomData)),
        )
    }
    #[inline]
    fn els(self) -> Self::Else {
        coalesce_pair::<S, D, G>(self.0, self.1)
    }
}
/// One mode `(s, d)` of [`CoalesceByPair`] against its profile mode (`()`: none left).
#[derive(Clone, Copy, Default, Debug)]
pub struct CoalesceByMode<G>(core::marker::PhantomData<G>);
impl<G: Guard> ZipFn for CoalesceByMode<G> {
    type Ap<X: IntTuple, P: IntTuple> =
        <<P as IntTuple>::IsEmpty as Bit>::SelT<CoalesceByModeB<X, P, G>>;
    #[inline]
    fn ap<X: IntTuple, P: IntTuple>(self, x: X, _: P) -> Self::Ap<X, P> {
        <P::IsEmpty as Bit>::sel_t(CoalesceByModeB::<X, P, G>(x, core::marker::PhantomData))
    }
}
/// The lazy branches of [`CoalesceByMode`]: a mode past the profile stays.
#[derive(Clone, Copy)]
pub struct CoalesceByModeB<X, P, G>(X, core::marker::PhantomData<(P, G)>);
impl<X: IntTuple, P: IntTuple, G: Guard> BranchT for CoalesceByModeB<X, P, G> {
    type Then = X;
    type Else = CoalesceByPair<X::E0, X::E1, P, G>;
    #[inline]
    fn then(self) -> X {
        self.0
    }
    #[inline]
    fn els(self) -> Self::Else {
        coalesce_by_pair::<X::E0, X::E1, P, G>(self.0.e0(), self.0.e1())
    }
}
/// The value of [`CoalesceByPair`].
#[inline]
pub(crate) fn coalesce_by_pair<S: IntTuple, D: IntTuple, P: IntTuple, G: Guard>(
    s: S,
    d: D,
) -> CoalesceByPair<S, D, P, G> {
    <P::IsTuple as Bit>::sel_t(CoalesceByB::<S, D, P, G>(s, d, core::marker::PhantomData))
}

// ---------------------------------------------------------------------------------
// filter_zeros, filter

/// CuTe's `filter_zeros(a, b)`: `b` with every leaf whose `a` leaf is the static `_0`
/// replaced by `_1`.
#[derive(Clone, Copy, Default, Debug)]
pub struct FilterZerosFn;
impl ZipFn for FilterZerosFn {
    type Ap<A: IntTuple, B: IntTuple> = <<A as IntTuple>::IsTuple as Bit>::SelT<FilterZerosB<A, B>>;
    #[inline]
    fn ap<A: IntTuple, B: IntTuple>(self, a: A, b: B) -> Self::Ap<A, B> {
        <A::IsTuple as Bit>::sel_t(FilterZerosB(a, b))
    }
}
/// The lazy branches of [`FilterZerosFn`].
#[derive(Clone, Copy)]
pub struct FilterZerosB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for FilterZerosB<A, B> {
    type Then = <A as IntTuple>::Zip<B, FilterZerosFn>;
    type Else = <<LeafOf<A> as LeafOps>::IsZero as Bit>::IfT<C<P1>, B>;
    #[inline]
    fn then(self) -> Self::Then {
        self.0.zip(self.1, FilterZerosFn)
    }
    #[inline]
    fn els(self) -> Self::Else {
        <<LeafOf<A> as LeafOps>::IsZero as Bit>::if_t(C::new(), self.1)
    }
}

/// CuTe's `filter_zeros(a, b)` on int tuples.
pub type FilterZeros<A, B> = <FilterZerosFn as ZipFn>::Ap<A, B>;
/// The value of [`FilterZeros`].
#[inline]
pub fn filter_zeros_tuple<A: IntTuple, B: IntTuple>(a: A, b: B) -> FilterZeros<A, B> {
    FilterZerosFn.ap(a, b)
}
