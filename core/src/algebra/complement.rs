//! `complement`, `filter`, `filter_zeros`, `coshape` and `cosize` (CuTe's `layout.hpp`).
//!
//! `complement` is CuTe's fold over the modes of the filtered layout with the state
//! `(shape, stride, result_shape, result_stride)`: each step takes the smallest
//! remaining stride, its gap to the previous mode becomes a result mode; the rest up to
//! the cotarget is appended compact. The runtime twin is `dynamic::algebra::complement`.

use super::coalesce::{CoalescePair, FilterZeros, NoGuard, coalesce_pair, filter_zeros_tuple};
use crate::int::types as t;
use crate::int::{Bit, BranchT, C, ErrLeaf, Leaf, LeafOps, Nat, abs, div, mul};
use crate::layout::{CompactColMajor, CompactMajor, LayoutLeft, StridedLayout, compact_major};
use crate::layout::{LayoutOf, layout_of};
use crate::tuple::{
    AsArith, At, CeilDivT, CoalesceShape, Crd2Idx, Find, FoldFn, IntTuple, Last, LeafOf, MapFn,
    MinOf, Remove, Wrap, as_arith, at, ceil_div_t, coalesce_shape, crd2idx, last, min_of, remove,
    wrap,
};
use typenum::P1;

crate::err_msgs!(
    ENonInjective => "complement: the layout is not injective (CuTe's \"Non-injective Layout detected in complement\")",
    EDynamicComplement => "complement: a layout with dynamic strides has a complement only when it has one mode (CuTe: \"Dynamic-stride complement only for rank-1 layouts\")",
);

// ---------------------------------------------------------------------------------
// filter_zeros, filter

/// CuTe's `filter_zeros(layout)`: every stride-`_0` mode gets extent `_1`.
pub type FilterZerosLayout<S, D> = StridedLayout<FilterZeros<D, S>, D>;
/// CuTe's `filter(layout)`: `coalesce(filter_zeros(layout))`, all stride-0 and size-1
/// modes removed (`_1:_0` if nothing is left).
pub type Filter<S, D> = LayoutOf<FilterPair<S, D>>;
/// [`Filter`] as a `(shape, stride)` pair.
pub type FilterPair<S, D> = CoalescePair<FilterZeros<D, S>, D, NoGuard>;
#[inline]
pub(crate) fn filter_pair<S: IntTuple, D: IntTuple>(s: S, d: D) -> FilterPair<S, D> {
    coalesce_pair::<_, D, NoGuard>(filter_zeros_tuple(d, s), d)
}

// ---------------------------------------------------------------------------------
// coshape, cosize

/// Each leaf minus one.
#[derive(Clone, Copy, Default, Debug)]
pub struct MinusOne;
/// Each leaf's absolute value.
#[derive(Clone, Copy, Default, Debug)]
pub struct AbsLeaf;
/// Each leaf plus one.
#[derive(Clone, Copy, Default, Debug)]
pub struct PlusOne;
macro_rules! leaf_fn {
    ($name:ident, |$v:ident: $x:ident| $ty:ty, $val:expr) => {
        impl MapFn for $name {
            type Ap<X: IntTuple> = <<X as IntTuple>::IsTuple as Bit>::SelT<DeepB<$name, X>>;
            #[inline]
            #[track_caller]
            fn ap<X: IntTuple>(self, x: X) -> Self::Ap<X> {
                <X::IsTuple as Bit>::sel_t(DeepB(self, x))
            }
        }
        impl LeafFn for $name {
            type Leaf<$x: Leaf> = $ty;
            #[inline]
            #[track_caller]
            fn leaf<$x: Leaf>(self, $v: $x) -> Self::Leaf<$x> {
                $val
            }
        }
    };
}
/// A function on leaves, applied to every leaf of a tuple (CuTe's `transform_leaf`).
pub trait LeafFn: Copy {
    /// The image of a leaf.
    type Leaf<X: Leaf>: IntTuple;
    /// Its value.
    fn leaf<X: Leaf>(self, x: X) -> Self::Leaf<X>;
}
/// `transform_leaf`: the map of a tuple, or the function of a leaf.
#[derive(Clone, Copy)]
pub struct DeepB<F, X>(F, X);
impl<F: LeafFn + MapFn, X: IntTuple> BranchT for DeepB<F, X> {
    type Then = <X as IntTuple>::Map<F>;
    type Else = F::Leaf<LeafOf<X>>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        self.1.map(self.0)
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        self.0.leaf(self.1.size())
    }
}
leaf_fn!(MinusOne, |x: X| t::Sub<X, C<P1>>, crate::int::sub(x, C::<P1>::new()));
leaf_fn!(AbsLeaf, |x: X| t::Abs<X>, abs(x));
leaf_fn!(PlusOne, |x: X| t::Add<X, C<P1>>, crate::int::add(x, C::<P1>::new()));

/// CuTe's `coshape(layout)`: `as_arithmetic_tuple(inner_product(shape - 1, abs(stride))) + 1`
/// leaf by leaf, the smallest coordinate beyond every offset.
pub type Coshape<S, D> = <AsArith<
    Crd2Idx<<MinusOne as MapFn>::Ap<S>, <MinusOne as MapFn>::Ap<S>, <AbsLeaf as MapFn>::Ap<D>>,
> as IntTuple>::Map<PlusOne>;
/// CuTe's `cosize(layout)`: `size(coshape(layout))`.
pub type Cosize<S, D> = <Coshape<S, D> as IntTuple>::Size;
/// The value of [`Coshape`].
#[inline]
#[track_caller]
pub(crate) fn coshape_pair<S: IntTuple, D: IntTuple>(s: S, d: D) -> Coshape<S, D> {
    let m1 = MinusOne.ap(s);
    as_arith(crd2idx(m1, m1, AbsLeaf.ap(d))).map(PlusOne)
}

// ---------------------------------------------------------------------------------
// complement

/// CuTe's `detail::complement(shape, stride, cotarget)` of a filtered layout, as a
/// `(shape, stride)` pair.
pub type ComplementPair<S, D, Cot> = <<LeafIsZero<D> as Bit>::And<
    <<D as IntTuple>::IsTuple as Bit>::Not,
> as Bit>::SelT<ComplementB<S, D, Cot>>;
type LeafIsZero<D> = <LeafOf<D> as LeafOps>::IsZero;
/// CuTe's two cases: an irreducible rank-1 stride-0 layout, and the general case.
#[derive(Clone, Copy)]
pub struct ComplementB<S, D, Cot>(S, D, Cot);
type CoalescedCot<Cot> = CoalesceShape<Cot>;
impl<S: IntTuple, D: IntTuple, Cot: IntTuple> BranchT for ComplementB<S, D, Cot> {
    // CuTe: make_layout(coalesce(cotarget))
    type Then = (CoalescedCot<Cot>, CompactColMajor<CoalescedCot<Cot>>);
    // CuTe: static_assert(R == 1 || is_static<Stride>::value)
    type Else = <GeneralOk<S, D> as Bit>::SelT<ComplementGeneralB<S, D, Cot>>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        let s = coalesce_shape(self.2);
        (s, compact_major::<LayoutLeft, _, _>(s, C::<P1>::new()))
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <GeneralOk<S, D> as Bit>::sel_t(ComplementGeneralB(self.0, self.1, self.2))
    }
}
type GeneralOk<S, D> =
    <<<Wrap<S> as IntTuple>::Rank as Nat>::IsOne as Bit>::Or<<D as IntTuple>::IsStatic>;
/// The general case, or CuTe's refusal of dynamic strides on several modes.
#[derive(Clone, Copy)]
pub struct ComplementGeneralB<S, D, Cot>(S, D, Cot);
impl<S: IntTuple, D: IntTuple, Cot: IntTuple> BranchT for ComplementGeneralB<S, D, Cot> {
    type Then = ComplementGeneral<Wrap<S>, Wrap<D>, Cot>;
    type Else = (ErrLeaf<EDynamicComplement>, ErrLeaf<EDynamicComplement>);
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        complement_general(wrap(self.0), wrap(self.1), self.2)
    }
    #[inline]
    fn els(self) -> Self::Else {
        (ErrLeaf::default(), ErrLeaf::default())
    }
}

/// One step of CuTe's fold: the state is `(shape, stride, result_shape, result_stride)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct ComplementStep;
type MinStride<St> = LeafOf<MinOf<<St as IntTuple>::E1>>;
type MinIdx<St> = Find<<St as IntTuple>::E1, MinStride<St>>;
// new_shape = min_stride / get<i>(result_stride); CuTe: static_assert it is not 0.
type NewShape<St> = NonZero<t::Div<MinStride<St>, LeafOf<Last<<St as IntTuple>::E3>>>>;
type NonZero<X> = <<X as LeafOps>::IsZero as Bit>::IfL<ErrLeaf<ENonInjective>, X>;
// new_stride = min_stride * get<min_idx>(shape)
type NewStride<St> = t::Mul<MinStride<St>, LeafOf<At<<St as IntTuple>::E0, MinIdx<St>>>>;
impl FoldFn for ComplementStep {
    type Step<St: IntTuple, X: IntTuple> = (
        Remove<St::E0, MinIdx<St>>,
        Remove<St::E1, MinIdx<St>>,
        <St::E2 as IntTuple>::Append<NewShape<St>>,
        <St::E3 as IntTuple>::Append<NewStride<St>>,
    );
    #[inline]
    #[track_caller]
    fn step<St: IntTuple, X: IntTuple>(self, st: St, _: X) -> Self::Step<St, X> {
        let min_stride = min_of(st.e1()).size();
        let new_shape = nonzero(div(min_stride, last(st.e3()).size()));
        let new_stride = mul(min_stride, at::<St::E0, MinIdx<St>>(st.e0()).size());
        (
            remove::<St::E0, MinIdx<St>>(st.e0()),
            remove::<St::E1, MinIdx<St>>(st.e1()),
            st.e2().append(new_shape),
            st.e3().append(new_stride),
        )
    }
}
#[inline]
fn nonzero<X: Leaf>(x: X) -> NonZero<X> {
    <<X as LeafOps>::IsZero as Bit>::if_l(ErrLeaf::default(), x)
}
type State<S, D> = <<S as IntTuple>::Tail as IntTuple>::Fold<ComplementStep, (S, D, (), (C<P1>,))>;
type Shape_<St> = LeafOf<<<St as IntTuple>::E0 as IntTuple>::Head>;
type Stride_<St> = LeafOf<<<St as IntTuple>::E1 as IntTuple>::Head>;
// new_shape = get<0>(stride_) / get<R-1>(result_stride)
type LastShape<St> = NonZero<t::Div<Stride_<St>, LeafOf<Last<<St as IntTuple>::E3>>>>;
// new_stride = get<0>(stride_) * get<0>(shape_)
type LastStride<St> = t::Mul<Stride_<St>, Shape_<St>>;
// rest_shape = coalesce(ceil_div(cotarget, new_stride))
type RestShape<St, Cot> = CoalesceShape<CeilDivT<Cot, LastStride<St>>>;
/// CuTe's general case: the fold, the last mode, then `coalesce` of
/// `((result_shape, rest_shape), (result_stride, rest_stride))`.
pub type ComplementGeneral<S, D, Cot> = CoalescePair<
    (
        <<State<S, D> as IntTuple>::E2 as IntTuple>::Append<LastShape<State<S, D>>>,
        RestShape<State<S, D>, Cot>,
    ),
    (
        <State<S, D> as IntTuple>::E3,
        CompactMajor<RestShape<State<S, D>, Cot>, LastStride<State<S, D>>, LayoutLeft>,
    ),
    NoGuard,
>;
#[inline]
#[track_caller]
fn complement_general<S: IntTuple, D: IntTuple, Cot: IntTuple>(
    s: S,
    d: D,
    cot: Cot,
) -> ComplementGeneral<S, D, Cot> {
    let st = s.tail().fold(ComplementStep, (s, d, (), (C::<P1>::new(),)));
    let (stride_, shape_) = (st.e1().head().size(), st.e0().head().size());
    let new_shape = nonzero(div(stride_, last(st.e3()).size()));
    let new_stride = mul(stride_, shape_);
    let rest_shape = coalesce_shape(ceil_div_t(cot, new_stride));
    let rest_stride = compact_major::<LayoutLeft, _, _>(rest_shape, new_stride);
    coalesce_pair::<_, _, NoGuard>(
        (st.e2().append(new_shape), rest_shape),
        (st.e3(), rest_stride),
    )
}

/// CuTe's `complement(layout, cotarget)` of a strided layout: `filter` first.
pub type Complement<S, D, Cot> = LayoutOf<
    ComplementPair<<FilterPair<S, D> as IntTuple>::E0, <FilterPair<S, D> as IntTuple>::E1, Cot>,
>;
#[inline]
#[track_caller]
pub(crate) fn complement_strided<S: IntTuple, D: IntTuple, Cot: IntTuple>(
    s: S,
    d: D,
    cot: Cot,
) -> Complement<S, D, Cot> {
    let f = filter_pair(s, d);
    layout_of(
        <<LeafIsZero<<FilterPair<S, D> as IntTuple>::E1> as Bit>::And<
            <<<FilterPair<S, D> as IntTuple>::E1 as IntTuple>::IsTuple as Bit>::Not,
        > as Bit>::sel_t(ComplementB(f.e0(), f.e1(), cot)),
    )
}
/// CuTe's `complement(layout)`: the cotarget is the cosize of the filtered layout.
pub type ComplementSelf<S, D> = Complement<
    S,
    D,
    Cosize<<FilterPair<S, D> as IntTuple>::E0, <FilterPair<S, D> as IntTuple>::E1>,
>;
#[inline]
#[track_caller]
pub(crate) fn complement_self<S: IntTuple, D: IntTuple>(s: S, d: D) -> ComplementSelf<S, D> {
    let f = filter_pair(s, d);
    complement_strided(s, d, coshape_pair(f.e0(), f.e1()).size())
}
