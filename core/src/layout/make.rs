//! Layouts with computed strides (CuTe's `stride.hpp` and `make_layout` overloads):
//! compact column-major ([`LayoutLeft`]), row-major ([`LayoutRight`]), ordered
//! (`make_ordered_layout`), like another layout (`make_layout_like`), identity layouts.

use super::StridedLayout;
use crate::int::types as t;
use crate::int::{Bit, BranchT, C, Conjure, Leaf, LeafOps, PNil, mul};
use crate::tuple::{
    BasisLike, FoldFn, IntTuple, LeafOf, ProductLike, Reverse, Unflatten, ZipFn, make_basis_like,
    unflatten,
};
use typenum::{P1, Z0};

/// CuTe's `detail::compact<Major>(shape, current)`: the strides of `shape` packed from
/// `current` on, and the running product after it, as a pair `(strides, next)`.
pub type Compact<S, Cur, M> = <<S as IntTuple>::IsTuple as Bit>::SelT<CompactB<S, Cur, M>>;
/// The lazy branches of [`Compact`].
#[derive(Clone, Copy)]
pub struct CompactB<S, Cur, M>(S, Cur, core::marker::PhantomData<M>);
impl<S: IntTuple, Cur: IntTuple, M: Major> BranchT for CompactB<S, Cur, M> {
    type Then = M::Fold<S, Cur>;
    // CuTe: is_constant<1, Shape> gives (Int<0>{}, current), else (current, current * shape).
    type Else = <<LeafOf<S> as LeafOps>::IsOne as Bit>::IfT<
        (C<Z0>, Cur),
        (Cur, t::Mul<LeafOf<Cur>, LeafOf<S>>),
    >;
    #[inline]
    fn then(self) -> Self::Then {
        M::fold(self.0, self.1)
    }
    #[inline]
    fn els(self) -> Self::Else {
        <<LeafOf<S> as LeafOps>::IsOne as Bit>::if_t(
            (C::new(), self.1),
            (self.1, mul(self.1.size(), self.0.size())),
        )
    }
}
/// The value of [`Compact`].
#[inline]
#[track_caller]
pub fn compact<S: IntTuple, Cur: IntTuple, M: Major>(s: S, cur: Cur) -> Compact<S, Cur, M> {
    <S::IsTuple as Bit>::sel_t(CompactB::<S, Cur, M>(s, cur, core::marker::PhantomData))
}

/// A major mode order: how `compact` walks a tuple (CuTe's `CompactLambda<Major>`).
pub trait Major: Copy + Default + 'static {
    /// The fold over the modes with state `(strides, current)`.
    type Fold<S: IntTuple, Cur: IntTuple>: IntTuple;
    /// Its value.
    fn fold<S: IntTuple, Cur: IntTuple>(s: S, cur: Cur) -> Self::Fold<S, Cur>;
}
/// CuTe's `LayoutLeft`: column-major, the leftmost mode has stride 1.
#[derive(Clone, Copy, Default, Debug)]
pub struct LayoutLeft;
/// CuTe's `LayoutRight`: row-major, the rightmost mode has stride 1.
#[derive(Clone, Copy, Default, Debug)]
pub struct LayoutRight;
impl Major for LayoutLeft {
    // CuTe: fold over the modes in order, appending.
    type Fold<S: IntTuple, Cur: IntTuple> =
        <S as IntTuple>::Fold<CompactStep<LayoutLeft>, ((), Cur)>;
    #[inline]
    fn fold<S: IntTuple, Cur: IntTuple>(s: S, cur: Cur) -> Self::Fold<S, Cur> {
        s.fold(CompactStep(LayoutLeft), ((), cur))
    }
}
impl Major for LayoutRight {
    // CuTe: fold over the modes in reverse, prepending.
    type Fold<S: IntTuple, Cur: IntTuple> =
        <Reverse<S> as IntTuple>::Fold<CompactStep<LayoutRight>, ((), Cur)>;
    #[inline]
    fn fold<S: IntTuple, Cur: IntTuple>(s: S, cur: Cur) -> Self::Fold<S, Cur> {
        crate::tuple::reverse(s).fold(CompactStep(LayoutRight), ((), cur))
    }
}
/// One mode of `compact`: `result = compact<Major>(si, get<1>(init))`, then append
/// (left) or prepend (right) `get<0>(result)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct CompactStep<M>(M);
impl FoldFn for CompactStep<LayoutLeft> {
    type Step<A: IntTuple, X: IntTuple> = (
        <A::E0 as IntTuple>::Append<<Compact<X, A::E1, LayoutLeft> as IntTuple>::E0>,
        <Compact<X, A::E1, LayoutLeft> as IntTuple>::E1,
    );
    #[inline]
    #[track_caller]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        let r = compact::<X, A::E1, LayoutLeft>(x, a.e1());
        (a.e0().append(r.e0()), r.e1())
    }
}
impl FoldFn for CompactStep<LayoutRight> {
    type Step<A: IntTuple, X: IntTuple> = (
        <A::E0 as IntTuple>::Prepend<<Compact<X, A::E1, LayoutRight> as IntTuple>::E0>,
        <Compact<X, A::E1, LayoutRight> as IntTuple>::E1,
    );
    #[inline]
    #[track_caller]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        let r = compact::<X, A::E1, LayoutRight>(x, a.e1());
        (a.e0().prepend(r.e0()), r.e1())
    }
}
/// CuTe's `compact_major<Major>(shape, current)`: compact strides starting at `current`.
pub type CompactMajor<S, Cur, M> = <Compact<S, Cur, M> as IntTuple>::E0;
/// CuTe's `compact_col_major(shape)`.
pub type CompactColMajor<S> = CompactMajor<S, C<P1>, LayoutLeft>;
/// CuTe's `compact_major<Major>(shape, current)`.
#[inline]
#[track_caller]
pub fn compact_major<M: Major, S: IntTuple, Cur: IntTuple>(
    s: S,
    cur: Cur,
) -> CompactMajor<S, Cur, M> {
    compact::<S, Cur, M>(s, cur).e0()
}

/// CuTe's `make_layout(shape)`: the compact column-major layout of a shape.
pub type MakeLayout<S> = StridedLayout<S, CompactColMajor<S>>;
/// CuTe's `make_layout(shape)` (and `make_layout(shape, LayoutLeft{})`): compact,
/// column-major.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(make_layout(shape!((4, (2, 3)))).to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
/// let n = 4;
/// assert_eq!(make_layout(shape!((n, 2))).to_string(), "(4,_2):(_1,4)");
/// ```
#[inline]
#[track_caller]
pub fn make_layout<S: IntTuple>(s: S) -> MakeLayout<S> {
    super::static_or(|| {
        StridedLayout::from_parts(s, compact_major::<LayoutLeft, _, _>(s, C::<P1>::new()))
    })
}
/// CuTe's `make_layout(shape, LayoutLeft{})` / `make_layout(shape, LayoutRight{})`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(make_layout_major(shape!((4, 8)), LayoutRight).to_string(), "(_4,_8):(_8,_1)");
/// ```
#[inline]
#[track_caller]
pub fn make_layout_major<S: IntTuple, M: Major>(
    s: S,
    _: M,
) -> StridedLayout<S, CompactMajor<S, C<P1>, M>> {
    super::static_or(|| StridedLayout::from_parts(s, compact_major::<M, _, _>(s, C::<P1>::new())))
}

// ---------------------------------------------------------------------------------
// make_ordered_layout

/// The largest static element of a flat order (CuTe's `max_order` fold; `_0` if none).
#[derive(Clone, Copy, Default, Debug)]
pub struct MaxStatic;
impl FoldFn for MaxStatic {
    // CuTe: is_constant<true, decltype(v < order)> ? order : v
    type Step<A: IntTuple, X: IntTuple> =
        <t::StaticLt<LeafOf<A>, LeafOf<X>> as Bit>::IfT<LeafOf<X>, LeafOf<A>>;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}
/// CuTe's `ref_order`: static order elements stay, dynamic ones become `max + 1 + i`.
#[derive(Clone, Copy, Default, Debug)]
pub struct RefOrder<Max>(core::marker::PhantomData<Max>);
impl<Max: Leaf> FoldFn for RefOrder<Max> {
    // The state is (i, orders).
    type Step<A: IntTuple, X: IntTuple> = (
        t::Add<LeafOf<A::E0>, C<P1>>,
        <A::E1 as IntTuple>::Append<
            <<X as IntTuple>::IsStatic as Bit>::IfT<X, t::Add<t::Add<Max, C<P1>>, LeafOf<A::E0>>>,
        >,
    );
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}
type FlatOrder<O> = <O as IntTuple>::Leaves;
type RefOrderOf<O> = <<FlatOrder<O> as IntTuple>::Fold<
    RefOrder<LeafOf<<FlatOrder<O> as IntTuple>::Fold<MaxStatic, C<Z0>>>>,
    (C<Z0>, ()),
> as IntTuple>::E1;
/// `o < k ? s : _1` for the reference pairs `(s, o)` (CuTe's `conditional_return`).
#[derive(Clone, Copy, Default, Debug)]
pub struct LesserOrder<K>(core::marker::PhantomData<K>);
impl<K: Leaf> ZipFn for LesserOrder<K> {
    type Ap<S: IntTuple, O: IntTuple> = <t::StaticLt<LeafOf<O>, K> as Bit>::IfT<S, C<P1>>;
    #[inline]
    fn ap<S: IntTuple, O: IntTuple>(self, s: S, _: O) -> Self::Ap<S, O> {
        <t::StaticLt<LeafOf<O>, K> as Bit>::if_t(s, C::new())
    }
}
/// CuTe's `detail::compact_order(shape, order, ref_shape, ref_order)` on one mode.
#[derive(Clone, Copy)]
pub struct CompactOrderFn<RS, RO>(RS, core::marker::PhantomData<RO>);
impl<RS: IntTuple, RO: IntTuple> ZipFn for CompactOrderFn<RS, RO> {
    type Ap<S: IntTuple, O: IntTuple> =
        <<O as IntTuple>::IsTuple as Bit>::SelT<CompactOrderB<S, O, RS, RO>>;
    #[inline]
    #[track_caller]
    fn ap<S: IntTuple, O: IntTuple>(self, s: S, _: O) -> Self::Ap<S, O> {
        <O::IsTuple as Bit>::sel_t(CompactOrderB::<S, O, RS, RO>(
            s,
            self.0,
            core::marker::PhantomData,
        ))
    }
}
/// The lazy branches of [`CompactOrderFn`].
#[derive(Clone, Copy)]
pub struct CompactOrderB<S, O, RS, RO>(S, RS, core::marker::PhantomData<(O, RO)>);
impl<S: IntTuple, O: IntTuple, RS: IntTuple, RO: IntTuple> BranchT for CompactOrderB<S, O, RS, RO> {
    type Then = <S as IntTuple>::Zip<O, CompactOrderFn<RS, RO>>;
    // CuTe: stride_start = product(transform(ref_shape, ref_order, o < order ? s : 1)),
    //       compact_col_major(shape, stride_start)
    type Else = CompactMajor<
        S,
        <<RS as IntTuple>::Zip<RO, LesserOrder<LeafOf<O>>> as IntTuple>::Size,
        LayoutLeft,
    >;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        self.0.zip(
            O::conjure(),
            CompactOrderFn::<RS, RO>(self.1, core::marker::PhantomData),
        )
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        let start = self
            .1
            .zip(
                RO::conjure(),
                LesserOrder::<LeafOf<O>>(core::marker::PhantomData),
            )
            .size();
        compact_major::<LayoutLeft, _, _>(self.0, start)
    }
}
/// CuTe's `compact_order(shape, order)`: compact strides in the order `order` gives the
/// modes (dynamic order elements count as large, left to right).
pub type CompactOrder<S, O> = <<S as IntTuple>::IsTuple as Bit>::SelT<CompactOrderEntry<S, O>>;
/// The entry of [`CompactOrder`]: a tuple shape with its reference shape and order.
#[derive(Clone, Copy)]
pub struct CompactOrderEntry<S, O>(S, core::marker::PhantomData<O>);
type RefShape<S, O> = <ProductLike<S, O> as IntTuple>::Leaves;
impl<S: IntTuple, O: IntTuple> BranchT for CompactOrderEntry<S, O> {
    type Then = <CompactOrderFn<RefShape<S, O>, RefOrderOf<O>> as ZipFn>::Ap<
        S,
        Unflatten<RefOrderOf<O>, O>,
    >;
    type Else = <CompactOrderFn<(S,), (LeafOf<O>,)> as ZipFn>::Ap<S, O>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        let rs = crate::tuple::product_like(self.0, O::conjure()).leaves();
        let new_order = unflatten(RefOrderOf::<O>::conjure(), O::conjure());
        CompactOrderFn::<_, RefOrderOf<O>>(rs, core::marker::PhantomData).ap(self.0, new_order)
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        CompactOrderFn::<(S,), (LeafOf<O>,)>((self.0,), core::marker::PhantomData)
            .ap(self.0, O::conjure())
    }
}
/// CuTe's `compact_order(shape, order)`.
#[inline]
#[track_caller]
pub fn compact_order<S: IntTuple, O: IntTuple>(s: S, _: O) -> CompactOrder<S, O> {
    <S::IsTuple as Bit>::sel_t(CompactOrderEntry::<S, O>(s, core::marker::PhantomData))
}
/// CuTe's `make_ordered_layout(shape, order)`.
pub type MakeOrderedLayout<S, O> = StridedLayout<S, CompactOrder<S, O>>;
/// CuTe's `make_ordered_layout(shape, order)`: compact strides following the order
/// (static order elements; dynamic ones count as large and come left to right).
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = make_ordered_layout(shape!((2, 2, 2, 2)), shape!((0, 2, 3, 1)));
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// ```
#[inline]
#[track_caller]
pub fn make_ordered_layout<S: IntTuple, O: IntTuple>(s: S, o: O) -> MakeOrderedLayout<S, O> {
    super::static_or(|| StridedLayout::from_parts(s, compact_order(s, o)))
}

/// CuTe's `make_layout_like(layout)`: a compact layout with the same shape and the mode
/// order of `layout`'s strides; static `_0` strides stay.
pub type MakeLayoutLike<S, D> =
    StridedLayout<S, CompactOrder<crate::algebra::coalesce::FilterZeros<D, S>, D>>;
/// CuTe's `make_layout_like`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(make_layout_like(layout!((2,2,2,2):(0,2,4,1))).to_string(), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
/// assert_eq!(make_layout_like(layout!((4,8):(8,1))).to_string(), "(_4,_8):(_8,_1)");
/// ```
#[inline]
#[track_caller]
pub fn make_layout_like<L: crate::layout::Layout>(l: L) -> L::LayoutLike {
    crate::layout::finish(|| l.layout_like())
}
/// The value of [`MakeLayoutLike`].
#[inline]
pub(crate) fn layout_like_strided<S: IntTuple, D: IntTuple>(
    l: StridedLayout<S, D>,
) -> MakeLayoutLike<S, D> {
    super::static_or(|| {
        let (s, d) = l.pair();
        StridedLayout::from_parts(
            s,
            compact_order(crate::algebra::coalesce::filter_zeros_tuple(d, s), d),
        )
    })
}
/// CuTe's `make_fragment_like(layout)` (the layout of a register fragment for a tensor
/// of this layout): mode 0, the values an atom works on, column-major and innermost
/// with its static-zero strides kept; the other modes in the order of the strides. A
/// dynamic or rank-1 shape gets the column-major layout.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = make_layout_fragment_like(layout!(((2,2),4,8):((1,64),8,256)));
/// assert_eq!(l.to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// ```
#[inline]
#[track_caller]
pub fn make_layout_fragment_like<L: crate::layout::Layout>(l: L) -> L::FragmentLike {
    crate::layout::finish(|| l.fragment_like())
}

/// CuTe's `make_identity_layout(shape)`: the layout that maps a coordinate to itself
/// (its strides are the basis elements of the shape's modes).
pub type MakeIdentityLayout<S> = StridedLayout<S, BasisLike<S, PNil>>;
/// CuTe's `make_identity_layout(shape)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = make_identity_layout(shape!((4, 8)));
/// assert_eq!(l.to_string(), "(_4,_8):(_1@0,_1@1)");
/// assert_eq!(Cute(l.call(13isize)).to_string(), "(1,3)");
/// ```
#[inline]
pub fn make_identity_layout<S: IntTuple>(s: S) -> MakeIdentityLayout<S> {
    StridedLayout::from_parts(s, make_basis_like(s))
}

/// The column-major mode order of `Trg`'s modes (`tile_to_shape`'s default order,
/// CuTe's `GenColMajor`): `(_0, _1, ...)`.
pub type LayoutLeftOrder<Trg> = <crate::tuple::Enumerate<Trg> as IntTuple>::Map<crate::tuple::Fst>;

/// `make_fragment_like` tiles the modes when the shape is static and of rank > 1.
pub type FragmentTiled<S> = <<S as IntTuple>::IsStatic as Bit>::And<
    <<<<S as IntTuple>::Rank as crate::int::Nat>::Cmp<typenum::U1> as crate::int::Ord3>::Le as Bit>::Not,
>;
/// The lazy branches of CuTe's `make_fragment_like(layout)`:
/// `tiled_product(make_layout(get<0>(shape), compact_major<LayoutLeft>(filter_zeros(get<0>(stride),
/// get<0>(shape)))), make_ordered_layout(take<1,R>(shape), take<1,R>(stride)))`, else
/// `make_layout(shape)`.
#[derive(Clone, Copy)]
pub struct FragmentLikeB<S, D>(pub(crate) S, pub(crate) D);
/// Mode 0 of the fragment: column-major, static-zero strides kept.
type FragmentMode0<S, D> = StridedLayout<
    <S as IntTuple>::Head,
    CompactMajor<
        crate::algebra::coalesce::FilterZeros<<D as IntTuple>::Head, <S as IntTuple>::Head>,
        C<P1>,
        LayoutLeft,
    >,
>;
impl<S: IntTuple, D: IntTuple> BranchT for FragmentLikeB<S, D> {
    type Then = <<FragmentMode0<S, D> as crate::layout::Layout>::TiledProduct<
        MakeOrderedLayout<S::Tail, D::Tail>,
    > as crate::layout::Layout>::Pair;
    type Else = (S, CompactColMajor<S>);
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        use crate::layout::Layout;
        let (s, d) = (self.0, self.1);
        let (s0, d0) = (s.head(), d.head());
        let mode0 = StridedLayout::from_parts(
            s0,
            compact_major::<LayoutLeft, _, _>(
                crate::algebra::coalesce::filter_zeros_tuple(d0, s0),
                C::<P1>::new(),
            ),
        );
        let rest = StridedLayout::from_parts(s.tail(), compact_order(s.tail(), d.tail()));
        mode0.tiled_product(rest).pair_of()
    }
    #[inline]
    fn els(self) -> Self::Else {
        (
            self.0,
            compact_major::<LayoutLeft, _, _>(self.0, C::<P1>::new()),
        )
    }
}
