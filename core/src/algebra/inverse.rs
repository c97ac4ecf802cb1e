//! `right_inverse`, `left_inverse`, `max_common_layout` and `max_common_vector`
//! (CuTe's `layout.hpp`): folds over the coalesced modes sorted by stride.

use super::coalesce::{CoalescePair, NoGuard, coalesce_pair};
use super::composition::CompositionPair;
use crate::int::types as t;
use crate::int::{Bit, C, Conjure, ErrLeaf, Leaf, LeafOps, div, mul};
use crate::layout::{LayoutOf, layout_of};
use crate::tuple::{
    At, Enumerate, FoldFn, IntTuple, Last, LeafOf, NatOfLeaf, SortByKey, Wrap, at, last, wrap,
};
use typenum::{P1, Z0};

crate::err_msgs!(
    ELeftInverseDiv => "left_inverse: divisibility condition fails (CuTe: each stride must be a multiple of the size of the modes before it)",
    ELeftInverseDynamic => "left_inverse: CuTe requires static strides",
);

/// CuTe's `preprod_shape`: `(_1, s0, s0*s1, ...)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct PreprodFn;
impl FoldFn for PreprodFn {
    type Step<A: IntTuple, X: IntTuple> =
        <A as IntTuple>::Append<t::Mul<LeafOf<X>, LeafOf<Last<A>>>>;
    #[inline]
    #[track_caller]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        a.append(mul(x.size(), last(a).size()))
    }
}
type Preprod<S> = <S as IntTuple>::Fold<PreprodFn, (C<P1>,)>;

/// Keeps the `(stride, index)` pairs of static strides.
#[derive(Clone, Copy, Default, Debug)]
pub struct StaticKeys;
impl FoldFn for StaticKeys {
    // Enumerate gives (index, stride); keep (stride, index) when the stride is static.
    type Step<A: IntTuple, X: IntTuple> = <<<X as IntTuple>::E1 as IntTuple>::IsStatic as Bit>::IfT<
        <A as IntTuple>::Append<(<X as IntTuple>::E1, <X as IntTuple>::E0)>,
        A,
    >;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}
/// Every `(stride, index)` pair.
#[derive(Clone, Copy, Default, Debug)]
pub struct AllKeys;
impl FoldFn for AllKeys {
    type Step<A: IntTuple, X: IntTuple> =
        <A as IntTuple>::Append<(<X as IntTuple>::E1, <X as IntTuple>::E0)>;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}

// ---------------------------------------------------------------------------------
// right_inverse

/// One step of `right_inverse` over the sorted `(stride, index)` pairs; the state is
/// `(result_shape, result_stride, curr_stride)`, and the layout's `(shape, stride,
/// preprod_shape)` ride along.
#[derive(Clone, Copy)]
pub struct RightInvStep<S, D, P>(S, D, P);
type IShape<S, K> = LeafOf<At<S, NatOfLeaf<<K as IntTuple>::E1>>>;
type IStride<D, K> = LeafOf<At<D, NatOfLeaf<<K as IntTuple>::E1>>>;
// CuTe: is_constant<decltype(istride)::value, decltype(curr_stride)>
type Hit<D, St, K> = <<LeafOf<<St as IntTuple>::E2> as IntTuple>::IsStatic as Bit>::And<
    t::StaticEq<IStride<D, K>, LeafOf<<St as IntTuple>::E2>>,
>;
impl<S: IntTuple, D: IntTuple, P: IntTuple> FoldFn for RightInvStep<S, D, P> {
    type Step<St: IntTuple, K: IntTuple> = <Hit<D, St, K> as Bit>::IfT<
        (
            <St::E0 as IntTuple>::Append<IShape<S, K>>,
            <St::E1 as IntTuple>::Append<LeafOf<At<P, NatOfLeaf<K::E1>>>>,
            t::Mul<IShape<S, K>, IStride<D, K>>,
        ),
        St,
    >;
    #[inline]
    #[track_caller]
    fn step<St: IntTuple, K: IntTuple>(self, st: St, _: K) -> Self::Step<St, K> {
        let ishape = at::<S, NatOfLeaf<K::E1>>(self.0).size();
        let istride = at::<D, NatOfLeaf<K::E1>>(self.1).size();
        <Hit<D, St, K> as Bit>::if_t(
            (
                st.e0().append(ishape),
                st.e1().append(at::<P, NatOfLeaf<K::E1>>(self.2).size()),
                mul(ishape, istride),
            ),
            st,
        )
    }
}
type RcShape<S, D> = <CoalescePair<S, D, NoGuard> as IntTuple>::E0;
type RcStride<S, D> = <CoalescePair<S, D, NoGuard> as IntTuple>::E1;
type RightInvState<S, D> = <SortByKey<
    <Enumerate<Wrap<RcStride<S, D>>> as IntTuple>::Fold<StaticKeys, ()>,
> as IntTuple>::Fold<
    RightInvStep<Wrap<RcShape<S, D>>, Wrap<RcStride<S, D>>, Preprod<Wrap<RcShape<S, D>>>>,
    ((C<P1>,), (C<Z0>,), C<P1>),
>;
/// CuTe's `right_inverse(layout)` of a strided layout, as a `(shape, stride)` pair.
pub type RightInversePair<S, D> = CoalescePair<
    <RightInvState<S, D> as IntTuple>::E0,
    <RightInvState<S, D> as IntTuple>::E1,
    NoGuard,
>;
/// CuTe's `right_inverse(layout)` of a strided layout.
pub type RightInverse<S, D> = LayoutOf<RightInversePair<S, D>>;
#[inline]
#[track_caller]
pub(crate) fn right_inverse_strided<S: IntTuple, D: IntTuple>(s: S, d: D) -> RightInverse<S, D> {
    let c = coalesce_pair::<S, D, NoGuard>(s, d);
    let (ls, ld) = (wrap(c.e0()), wrap(c.e1()));
    let pre = ls.fold(PreprodFn, (C::<P1>::new(),));
    // The sorted (stride, index) pairs of the static strides are static.
    let sorted = <SortByKey<<Enumerate<Wrap<RcStride<S, D>>> as IntTuple>::Fold<StaticKeys, ()>> as Conjure>::conjure();
    let st = sorted.fold(
        RightInvStep(ls, ld, pre),
        ((C::<P1>::new(),), (C::<Z0>::new(),), C::<P1>::new()),
    );
    layout_of(coalesce_pair::<_, _, NoGuard>(st.e0(), st.e1()))
}

// ---------------------------------------------------------------------------------
// left_inverse

/// One step of `left_inverse` over the sorted `(stride, index)` pairs; the state is
/// `(result_shape, result_stride)`.
#[derive(Clone, Copy)]
pub struct LeftInvStep<P>(P);
// CuTe: CUTE_STATIC_ASSERT_V((istride % size(result_shape)) == Int<0>{})
type LeftOk<St, K> = t::Checked<
    LeafOf<<K as IntTuple>::E0>,
    <<St as IntTuple>::E0 as IntTuple>::Size,
    <t::Rem<LeafOf<<K as IntTuple>::E0>, <<St as IntTuple>::E0 as IntTuple>::Size> as LeafOps>::IsZero,
>;
type LeftShape<St, K> = <LeftOk<St, K> as Bit>::IfL<
    t::Div<LeafOf<<K as IntTuple>::E0>, <<St as IntTuple>::E0 as IntTuple>::Size>,
    ErrLeaf<ELeftInverseDiv>,
>;
impl<P: IntTuple> FoldFn for LeftInvStep<P> {
    type Step<St: IntTuple, K: IntTuple> = <<LeafOf<K::E0> as LeafOps>::IsZero as Bit>::IfT<
        St,
        (
            <St::E0 as IntTuple>::Append<LeftShape<St, K>>,
            <St::E1 as IntTuple>::Append<LeafOf<At<P, NatOfLeaf<K::E1>>>>,
        ),
    >;
    #[inline]
    #[track_caller]
    fn step<St: IntTuple, K: IntTuple>(self, st: St, k: K) -> Self::Step<St, K> {
        let istride = k.e0().size();
        let rsize = st.e0().size();
        let shape = if rsize.value() == 0 {
            Leaf::from_value(0)
        } else {
            <LeftOk<St, K> as Bit>::if_l(div(istride, rsize), ErrLeaf::default())
        };
        <<LeafOf<K::E0> as LeafOps>::IsZero as Bit>::if_t(
            st,
            (
                st.e0().append(shape),
                st.e1().append(at::<P, NatOfLeaf<K::E1>>(self.0).size()),
            ),
        )
    }
}
type LeftSorted<S, D> = SortByKey<<Enumerate<Wrap<RcStride<S, D>>> as IntTuple>::Fold<AllKeys, ()>>;
type LeftInvState<S, D> =
    <LeftSorted<S, D> as IntTuple>::Fold<LeftInvStep<Preprod<Wrap<RcShape<S, D>>>>, ((), (C<Z0>,))>;
/// CuTe's `left_inverse(layout)` of a strided layout (static strides only).
pub type LeftInverse<S, D> = LayoutOf<
    <<Wrap<RcStride<S, D>> as IntTuple>::IsStatic as Bit>::IfT<
        CoalescePair<
            <<LeftInvState<S, D> as IntTuple>::E0 as IntTuple>::Append<
                LeafOf<
                    At<Wrap<RcShape<S, D>>, NatOfLeaf<<Last<LeftSorted<S, D>> as IntTuple>::E1>>,
                >,
            >,
            <LeftInvState<S, D> as IntTuple>::E1,
            NoGuard,
        >,
        (ErrLeaf<ELeftInverseDynamic>, ErrLeaf<ELeftInverseDynamic>),
    >,
>;
#[inline]
#[track_caller]
pub(crate) fn left_inverse_strided<S: IntTuple, D: IntTuple>(s: S, d: D) -> LeftInverse<S, D> {
    let c = coalesce_pair::<S, D, NoGuard>(s, d);
    let ls = wrap(c.e0());
    layout_of(
        <<Wrap<RcStride<S, D>> as IntTuple>::IsStatic as Bit>::if_lazy(
            || {
                let pre = ls.fold(PreprodFn, (C::<P1>::new(),));
                // Static strides: the sorted (stride, index) pairs are static.
                let sorted = LeftSorted::<S, D>::conjure();
                let st = sorted.fold(LeftInvStep(pre), ((), (C::<Z0>::new(),)));
                let back = at::<_, NatOfLeaf<<Last<LeftSorted<S, D>> as IntTuple>::E1>>(ls).size();
                coalesce_pair::<_, _, NoGuard>(st.e0().append(back), st.e1())
            },
            || (ErrLeaf::default(), ErrLeaf::default()),
        ),
    )
}

// ---------------------------------------------------------------------------------
// max_common_layout, max_common_vector

type Common<AS, AD, BS, BD> = CoalescePair<
    <CompositionPair<
        AS,
        AD,
        <RightInversePair<BS, BD> as IntTuple>::E0,
        <RightInversePair<BS, BD> as IntTuple>::E1,
    > as IntTuple>::E0,
    <CompositionPair<
        AS,
        AD,
        <RightInversePair<BS, BD> as IntTuple>::E0,
        <RightInversePair<BS, BD> as IntTuple>::E1,
    > as IntTuple>::E1,
    NoGuard,
>;
type CommonShape0<C> = LeafOf<<<C as IntTuple>::E0 as IntTuple>::Head>;
type CommonStride0<C> = LeafOf<<<C as IntTuple>::E1 as IntTuple>::Head>;
/// CuTe's test: `shape<0>(common)` is static and `stride<0>(common)` is the static `_1`.
type HasVector<C> =
    <<CommonShape0<C> as IntTuple>::IsStatic as Bit>::And<<CommonStride0<C> as LeafOps>::IsOne>;
/// CuTe's `max_common_vector(a, b)` of strided layouts: the number of contiguous
/// elements that correspond in both (static; `_1` when nothing is known).
pub type MaxCommonVector<AS, AD, BS, BD> =
    <HasVector<Common<AS, AD, BS, BD>> as Bit>::IfL<CommonShape0<Common<AS, AD, BS, BD>>, C<P1>>;
/// CuTe's `max_common_layout(a, b)` of strided layouts: the layout of that vector in
/// `b`'s coordinates (`_1:_0` when nothing is known).
pub type MaxCommonLayout<AS, AD, BS, BD> = LayoutOf<
    <HasVector<Common<AS, AD, BS, BD>> as Bit>::IfT<
        CompositionPair<
            <RightInversePair<BS, BD> as IntTuple>::E0,
            <RightInversePair<BS, BD> as IntTuple>::E1,
            CommonShape0<Common<AS, AD, BS, BD>>,
            CommonStride0<Common<AS, AD, BS, BD>>,
        >,
        (C<P1>, C<Z0>),
    >,
>;
