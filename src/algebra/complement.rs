//! `complement` on the type level: the layout of the rest of a codomain, disjoint from
//! and ordered after the input (CuTe's `complement`).
//!
//! A transliteration of CuTe's `detail::complement` fold, with its state names
//! (`result_shape`, `result_stride`, `min_stride`, `cotarget`) and formulas at each
//! step. Mirrors its runtime twin `dynamic::algebra::complement::complement_to`, the
//! reference it is tested against (`tests/typed_vs_runtime.rs`).

use super::coalesce::{CoalesceImpl, FilterImpl};
use super::util::{LayoutOf, LayoutResult, Wrap, finish};
use crate::int::{C, IntCeilDiv, Integral, StaticLt};
use crate::int::{IntDiv, IntMul};
use crate::layout::{CompactLeft, Layout, ListOf};
use crate::tuple::{Append, HCons, HNil, Reverse, ToList, Tup, Zip, hcons};
use core::ops::BitOr;
use typenum::{B0, B1, Bit, IsEqual, P1, U1};

/// CuTe refuses to complement a layout that is not injective.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // not injective:
/// let _ = complement(layout!((2,2):(1,1)));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(complement(layout!((2,2):(1,6))).to_string(), "_3:_2");
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: the layout is not injective",
    label = "two coordinates of this layout map to the same index, so it has no complement"
)]
pub trait Injective {}
impl Injective for B0 {}

/// CuTe needs static strides to sort the modes of a layout of rank above 1.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // a dynamic stride:
/// let s = 2;
/// let _ = complement(layout!((2,2):(1,s)));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(complement(layout!((2,2):(6,1))).to_string(), "_3:_2");
/// ```
#[diagnostic::on_unimplemented(
    message = "complement: strides must be static unless the layout has rank 1",
    label = "the modes cannot be ordered by a dynamic stride"
)]
pub trait SortableStrides {}
impl SortableStrides for B1 {}

/// `B1` for a static-zero leaf.
#[doc(hidden)]
pub trait ZeroLeaf {
    type Output: Bit;
}
impl<N> ZeroLeaf for C<N>
where
    C<N>: Integral,
{
    type Output = <C<N> as Integral>::IsZero;
}
impl ZeroLeaf for isize {
    type Output = B0;
}
impl ZeroLeaf for HNil {
    type Output = B0;
}
impl<H, T> ZeroLeaf for HCons<H, T> {
    type Output = B0;
}

/// Do two bits agree?
#[doc(hidden)]
pub trait SameBit<B> {
    type Output: Bit;
}
impl SameBit<B0> for B0 {
    type Output = B1;
}
impl SameBit<B1> for B1 {
    type Output = B1;
}
impl SameBit<B1> for B0 {
    type Output = B0;
}
impl SameBit<B0> for B1 {
    type Output = B0;
}

/// CuTe's `coalesce(shape)`: merge neighbouring leaves of equal staticness.
#[doc(hidden)]
pub trait CoalesceShape {
    type Output: Copy;
    fn coalesce_shape(self) -> Self::Output;
}
impl<X: Tup> CoalesceShape for X
where
    X::Flat: CoalShapeStart,
{
    type Output = <X::Flat as CoalShapeStart>::Output;
    #[inline(always)]
    fn coalesce_shape(self) -> Self::Output {
        self.flat().start()
    }
}
#[doc(hidden)]
pub trait CoalShapeStart {
    type Output: Copy;
    fn start(self) -> Self::Output;
}
impl<A, T: CoalShapeFold<HCons<A, HNil>>> CoalShapeStart for HCons<A, T> {
    type Output = T::Output;
    #[inline(always)]
    fn start(self) -> Self::Output {
        self.tail.fold(hcons(self.head, HNil))
    }
}
/// Fold with the accumulator reversed (its head is the back).
#[doc(hidden)]
pub trait CoalShapeFold<Acc> {
    type Output: Copy;
    fn fold(self, acc: Acc) -> Self::Output;
}
impl<Acc: Reverse> CoalShapeFold<Acc> for HNil
where
    Acc::Output: super::util::Unwrap,
{
    type Output = <Acc::Output as super::util::Unwrap>::Output;
    #[inline(always)]
    fn fold(self, acc: Acc) -> Self::Output {
        super::util::Unwrap::unwrap(acc.reverse())
    }
}
impl<A: Integral, T, B: Integral, AT> CoalShapeFold<HCons<B, AT>> for HCons<A, T>
where
    B::IsStatic: SameBit<A::IsStatic>,
    HCons<A, T>: CoalShapeStep<HCons<B, AT>, <B::IsStatic as SameBit<A::IsStatic>>::Output>,
{
    type Output = <HCons<A, T> as CoalShapeStep<
        HCons<B, AT>,
        <B::IsStatic as SameBit<A::IsStatic>>::Output,
    >>::Output;
    #[inline(always)]
    fn fold(self, acc: HCons<B, AT>) -> Self::Output {
        self.step(acc)
    }
}
#[doc(hidden)]
pub trait CoalShapeStep<Acc, Same> {
    type Output: Copy;
    fn step(self, acc: Acc) -> Self::Output;
}
impl<A, T, B: IntMul<A>, AT> CoalShapeStep<HCons<B, AT>, B1> for HCons<A, T>
where
    T: CoalShapeFold<HCons<<B as IntMul<A>>::Output, AT>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(self, acc: HCons<B, AT>) -> Self::Output {
        self.tail.fold(hcons(acc.head.int_mul(self.head), acc.tail))
    }
}
impl<A, T, Acc> CoalShapeStep<Acc, B0> for HCons<A, T>
where
    T: CoalShapeFold<HCons<A, Acc>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn step(self, acc: Acc) -> Self::Output {
        self.tail.fold(hcons(self.head, acc))
    }
}

/// CuTe's `ceil_div(shape, n)`: an integer divides a tuple mode by mode, the divisor
/// shrinking as it is used up.
#[doc(hidden)]
pub trait ShapeCeilDiv<B> {
    type Output: Copy;
    fn shape_ceil_div(self, b: B) -> Self::Output;
}
macro_rules! leaf_ceil {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* B> ShapeCeilDiv<B> for $ty
        where
            $ty: IntCeilDiv<B>,
        {
            type Output = <$ty as IntCeilDiv<B>>::Output;
            #[inline(always)]
            fn shape_ceil_div(self, b: B) -> Self::Output {
                self.int_ceil_div(b)
            }
        }
    )*};
}
leaf_ceil!(C<N> => [N,], isize => []);
impl<B> ShapeCeilDiv<B> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn shape_ceil_div(self, _: B) -> HNil {
        HNil
    }
}
impl<H: Tup + ShapeCeilDiv<B>, T, B: Copy + IntCeilDiv<H::Size>> ShapeCeilDiv<B> for HCons<H, T>
where
    T: ShapeCeilDiv<<B as IntCeilDiv<H::Size>>::Output>,
{
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn shape_ceil_div(self, b: B) -> Self::Output {
        let rest = b.int_ceil_div(self.head.size());
        hcons(self.head.shape_ceil_div(b), self.tail.shape_ceil_div(rest))
    }
}

/// The first mode holding the smallest (static) stride, and the others in order.
#[doc(hidden)]
pub trait ExtractMin {
    type MinS: Copy;
    type MinD: Copy;
    type Rest: Copy;
    fn extract(self) -> ((Self::MinS, Self::MinD), Self::Rest);
}
impl<S: Copy, D: Copy> ExtractMin for HCons<(S, D), HNil> {
    type MinS = S;
    type MinD = D;
    type Rest = HNil;
    #[inline(always)]
    fn extract(self) -> ((S, D), HNil) {
        (self.head, HNil)
    }
}
impl<S, D, P2, T> ExtractMin for HCons<(S, D), HCons<P2, T>>
where
    HCons<P2, T>: ExtractMin,
    <HCons<P2, T> as ExtractMin>::MinD: StaticLt<D>,
    HCons<(S, D), HCons<P2, T>>:
        ExtractPick<<<HCons<P2, T> as ExtractMin>::MinD as StaticLt<D>>::Output>,
{
    type MinS =
        <Self as ExtractPick<<<HCons<P2, T> as ExtractMin>::MinD as StaticLt<D>>::Output>>::MinS;
    type MinD =
        <Self as ExtractPick<<<HCons<P2, T> as ExtractMin>::MinD as StaticLt<D>>::Output>>::MinD;
    type Rest =
        <Self as ExtractPick<<<HCons<P2, T> as ExtractMin>::MinD as StaticLt<D>>::Output>>::Rest;
    #[inline(always)]
    fn extract(self) -> ((Self::MinS, Self::MinD), Self::Rest) {
        self.pick()
    }
}
/// `B1`: the tail holds a strictly smaller stride; `B0`: the head is the minimum.
#[doc(hidden)]
pub trait ExtractPick<TailSmaller> {
    type MinS: Copy;
    type MinD: Copy;
    type Rest: Copy;
    fn pick(self) -> ((Self::MinS, Self::MinD), Self::Rest);
}
impl<S: Copy, D: Copy, T: ExtractMin> ExtractPick<B1> for HCons<(S, D), T> {
    type MinS = T::MinS;
    type MinD = T::MinD;
    type Rest = HCons<(S, D), T::Rest>;
    #[inline(always)]
    fn pick(self) -> ((T::MinS, T::MinD), Self::Rest) {
        let (m, r) = self.tail.extract();
        (m, hcons(self.head, r))
    }
}
impl<S: Copy, D: Copy, T: Copy> ExtractPick<B0> for HCons<(S, D), T> {
    type MinS = S;
    type MinD = D;
    type Rest = T;
    #[inline(always)]
    fn pick(self) -> ((S, D), T) {
        (self.head, self.tail)
    }
}

/// The loop of `complement`: take the smallest stride, record the gap below it.
#[doc(hidden)]
pub trait ComplementLoop<CoT, RSL, RDL, Last> {
    type Shape: Copy;
    type Stride: Copy;
    fn complement_loop(
        self,
        cotarget: CoT,
        result_shape: RSL,
        result_stride: RDL,
        prev_stride: Last,
    ) -> (Self::Shape, Self::Stride);
}
type RestShapeT<CoT, NS> = <<CoT as ShapeCeilDiv<NS>>::Output as CoalesceShape>::Output;
type RestStrideT<CoT, NS> = <RestShapeT<CoT, NS> as CompactLeft<NS>>::Stride;
type FinalShape<RSL, NS0, CoT, NS> =
    HCons<<RSL as Append<NS0>>::Output, HCons<RestShapeT<CoT, NS>, HNil>>;
type FinalStride<RDL, CoT, NS> = HCons<RDL, HCons<RestStrideT<CoT, NS>, HNil>>;

impl<S0, D0, CoT, RSL, RDL, Last> ComplementLoop<CoT, RSL, RDL, Last> for HCons<(S0, D0), HNil>
where
    D0: Copy + IntDiv<Last> + IntMul<S0>,
    <D0 as IntDiv<Last>>::Output: Integral,
    <<D0 as IntDiv<Last>>::Output as Integral>::IsZero: Injective,
    RSL: Append<<D0 as IntDiv<Last>>::Output>,
    CoT: ShapeCeilDiv<<D0 as IntMul<S0>>::Output>,
    <CoT as ShapeCeilDiv<<D0 as IntMul<S0>>::Output>>::Output: CoalesceShape,
    RestShapeT<CoT, <D0 as IntMul<S0>>::Output>: CompactLeft<<D0 as IntMul<S0>>::Output>,
    FinalShape<RSL, <D0 as IntDiv<Last>>::Output, CoT, <D0 as IntMul<S0>>::Output>:
        CoalesceImpl<FinalStride<RDL, CoT, <D0 as IntMul<S0>>::Output>, B0>,
    <D0 as IntMul<S0>>::Output: Copy,
{
    type Shape = <FinalShape<RSL, <D0 as IntDiv<Last>>::Output, CoT, <D0 as IntMul<S0>>::Output> as CoalesceImpl<
        FinalStride<RDL, CoT, <D0 as IntMul<S0>>::Output>,
        B0,
    >>::Shape;
    type Stride = <FinalShape<RSL, <D0 as IntDiv<Last>>::Output, CoT, <D0 as IntMul<S0>>::Output> as CoalesceImpl<
        FinalStride<RDL, CoT, <D0 as IntMul<S0>>::Output>,
        B0,
    >>::Stride;
    #[inline(always)]
    fn complement_loop(
        self,
        cotarget: CoT,
        result_shape: RSL,
        result_stride: RDL,
        prev_stride: Last,
    ) -> (Self::Shape, Self::Stride) {
        let (last_shape, last_stride) = self.head;
        // CuTe: new_shape   = get<0>(stride) / get<R-1>(result_stride);
        //       new_stride  = get<0>(stride) * get<0>(shape);
        //       rest_shape  = coalesce(ceil_div(cotarget, new_stride));
        //       rest_stride = compact_major<LayoutLeft>(rest_shape, new_stride);
        //       coalesce(((result_shape..., new_shape), rest_shape)
        //               :((result_stride...), rest_stride))
        let new_shape = last_stride.int_div(prev_stride);
        let new_stride = last_stride.int_mul(last_shape);
        let rest_shape = cotarget.shape_ceil_div(new_stride).coalesce_shape();
        let (rest_stride, _) = rest_shape.compact_left(new_stride);
        let shape = hcons(result_shape.append(new_shape), hcons(rest_shape, HNil));
        let stride = hcons(result_stride, hcons(rest_stride, HNil));
        shape.coalesce(stride)
    }
}
impl<P0, P1_, T, CoT, RSL, RDL, Last> ComplementLoop<CoT, RSL, RDL, Last>
    for HCons<P0, HCons<P1_, T>>
where
    HCons<P0, HCons<P1_, T>>: ExtractMin,
    MinD<P0, P1_, T>: IntDiv<Last> + IntMul<MinS<P0, P1_, T>>,
    <MinD<P0, P1_, T> as IntDiv<Last>>::Output: Integral,
    <<MinD<P0, P1_, T> as IntDiv<Last>>::Output as Integral>::IsZero: Injective,
    <MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output: Copy,
    RSL: Append<<MinD<P0, P1_, T> as IntDiv<Last>>::Output>,
    RDL: Append<<MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output>,
    <HCons<P0, HCons<P1_, T>> as ExtractMin>::Rest: ComplementLoop<
            CoT,
            <RSL as Append<<MinD<P0, P1_, T> as IntDiv<Last>>::Output>>::Output,
            <RDL as Append<<MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output>>::Output,
            <MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output,
        >,
{
    type Shape = <<HCons<P0, HCons<P1_, T>> as ExtractMin>::Rest as ComplementLoop<
        CoT,
        <RSL as Append<<MinD<P0, P1_, T> as IntDiv<Last>>::Output>>::Output,
        <RDL as Append<<MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output>>::Output,
        <MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output,
    >>::Shape;
    type Stride = <<HCons<P0, HCons<P1_, T>> as ExtractMin>::Rest as ComplementLoop<
        CoT,
        <RSL as Append<<MinD<P0, P1_, T> as IntDiv<Last>>::Output>>::Output,
        <RDL as Append<<MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output>>::Output,
        <MinD<P0, P1_, T> as IntMul<MinS<P0, P1_, T>>>::Output,
    >>::Stride;
    #[inline(always)]
    fn complement_loop(
        self,
        cotarget: CoT,
        result_shape: RSL,
        result_stride: RDL,
        prev_stride: Last,
    ) -> (Self::Shape, Self::Stride) {
        // CuTe: min_stride = min(stride); min_idx = find(stride, min_stride);
        //       new_shape  = min_stride / get<i>(result_stride);
        //       new_stride = min_stride * get<min_idx>(shape);
        //       -> (remove<min_idx>(shape), remove<min_idx>(stride),
        //           append(result_shape, new_shape), append(result_stride, new_stride))
        let ((min_shape, min_stride), rest) = self.extract();
        let new_stride = min_stride.int_mul(min_shape);
        rest.complement_loop(
            cotarget,
            result_shape.append(min_stride.int_div(prev_stride)),
            result_stride.append(new_stride),
            new_stride,
        )
    }
}
type MinS<P0, P1_, T> = <HCons<P0, HCons<P1_, T>> as ExtractMin>::MinS;
type MinD<P0, P1_, T> = <HCons<P0, HCons<P1_, T>> as ExtractMin>::MinD;

/// CuTe's `detail::complement(shape, stride, cotarget)` on a filtered layout.
#[doc(hidden)]
pub trait ComplementImpl<D, CoT> {
    type Shape: Copy;
    type Stride: Copy;
    fn complement(self, d: D, cot: CoT) -> (Self::Shape, Self::Stride);
}
impl<S, D: ZeroLeaf, CoT> ComplementImpl<D, CoT> for S
where
    S: ComplementCase<D, CoT, D::Output>,
{
    type Shape = <S as ComplementCase<D, CoT, D::Output>>::Shape;
    type Stride = <S as ComplementCase<D, CoT, D::Output>>::Stride;
    #[inline(always)]
    fn complement(self, d: D, cot: CoT) -> (Self::Shape, Self::Stride) {
        self.case(d, cot)
    }
}
/// `B1`: the filtered layout is `_1:_0` (nothing to avoid); `B0`: the general case.
#[doc(hidden)]
pub trait ComplementCase<D, CoT, ZeroStride> {
    type Shape: Copy;
    type Stride: Copy;
    fn case(self, d: D, cot: CoT) -> (Self::Shape, Self::Stride);
}
impl<S, D, CoT: CoalesceShape> ComplementCase<D, CoT, B1> for S
where
    CoT::Output: CompactLeft<C<P1>>,
{
    type Shape = CoT::Output;
    type Stride = <CoT::Output as CompactLeft<C<P1>>>::Stride;
    #[inline(always)]
    fn case(self, _: D, cot: CoT) -> (Self::Shape, Self::Stride) {
        let s = cot.coalesce_shape();
        (s, s.compact_left(C::new()).0)
    }
}
impl<S: Tup + Wrap, D: Tup + Wrap, CoT> ComplementCase<D, CoT, B0> for S
where
    S::Rank: IsEqual<U1>,
    <S::Rank as IsEqual<U1>>::Output: BitOr<D::IsStatic>,
    <<S::Rank as IsEqual<U1>>::Output as BitOr<D::IsStatic>>::Output: SortableStrides,
    S::Output: Zip<D::Output>,
    <S::Output as Zip<D::Output>>::Output: ComplementLoop<CoT, HNil, HCons<C<P1>, HNil>, C<P1>>,
{
    type Shape = <<S::Output as Zip<D::Output>>::Output as ComplementLoop<
        CoT,
        HNil,
        HCons<C<P1>, HNil>,
        C<P1>,
    >>::Shape;
    type Stride = <<S::Output as Zip<D::Output>>::Output as ComplementLoop<
        CoT,
        HNil,
        HCons<C<P1>, HNil>,
        C<P1>,
    >>::Stride;
    #[inline(always)]
    fn case(self, d: D, cot: CoT) -> (Self::Shape, Self::Stride) {
        self.wrap()
            .zip(d.wrap())
            .complement_loop(cot, HNil, hcons(C::<P1>::new(), HNil), C::new())
    }
}

/// `complement(layout, cotarget)` on internal forms: filter, then complement.
#[doc(hidden)]
pub trait ComplementTo<D, CoT> {
    type Shape: Copy;
    type Stride: Copy;
    fn complement_to(self, d: D, cot: CoT) -> (Self::Shape, Self::Stride);
}
impl<S: FilterImpl<D>, D, CoT> ComplementTo<D, CoT> for S
where
    S::Shape: ComplementImpl<S::Stride, CoT>,
{
    type Shape = <S::Shape as ComplementImpl<S::Stride, CoT>>::Shape;
    type Stride = <S::Shape as ComplementImpl<S::Stride, CoT>>::Stride;
    #[inline(always)]
    fn complement_to(self, d: D, cot: CoT) -> (Self::Shape, Self::Stride) {
        let (fs, fd) = self.filter(d);
        fs.complement(fd, cot)
    }
}

/// The type of `complement_to(layout, cotarget)`.
///
/// ```
/// use cutlet::prelude::*;
/// let c: ComplementToLayoutT<shape_t!(4), shape_t!(2), shape_t!(24)> = complement_to(layout!(4:2), shape!(24));
/// assert_eq!(c.to_string(), "(_2,_3):(_1,_8)");
/// ```
#[doc(hidden)]
pub type ComplementToLayoutT<S, D, CoT> = LayoutOf<
    <ListOf<S> as ComplementTo<ListOf<D>, ListOf<CoT>>>::Shape,
    <ListOf<S> as ComplementTo<ListOf<D>, ListOf<CoT>>>::Stride,
>;

/// Layouts that CuTe's `complement_to` applies to with `cotarget`; [`ComplementToT`] names the result. A
/// bound on this trait is how generic code asks for `complement_to` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: ComplementableTo<C>, C>(l: L, c: C) -> ComplementToT<L, C> { complement_to(l, c) }
/// assert_eq!(f(layout!(4:2), shape!(24)).to_string(), "(_2,_3):(_1,_8)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`complement_to` is not defined for `{Self}` with these arguments",
    label = "CuTe's conditions for `complement_to` do not hold here, or this is not a layout"
)]
pub trait ComplementableTo<CoT>: crate::algebra::Sealed {
    /// The result of `complement_to`.
    type Output;
    /// CuTe's `complement_to` (see the free function).
    fn complement_to(self, cotarget: CoT) -> Self::Output;
}
impl<S: ToList, D: ToList, CoT: ToList> ComplementableTo<CoT> for Layout<S, D>
where
    ListOf<S>: ComplementTo<ListOf<D>, ListOf<CoT>>,
    (
        <ListOf<S> as ComplementTo<ListOf<D>, ListOf<CoT>>>::Shape,
        <ListOf<S> as ComplementTo<ListOf<D>, ListOf<CoT>>>::Stride,
    ): LayoutResult,
{
    type Output = ComplementToLayoutT<S, D, CoT>;
    #[inline(always)]
    fn complement_to(self, cotarget: CoT) -> Self::Output {
        let l = self;
        finish(|| {
            l.shape()
                .to_list()
                .complement_to(l.stride().to_list(), cotarget.to_list())
        })
    }
}
/// The type of `complement_to(l, cotarget)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: ComplementableTo<C>, C>(l: L, c: C) -> ComplementToT<L, C> { complement_to(l, c) }
/// assert_eq!(f(layout!(4:2), shape!(24)).to_string(), "(_2,_3):(_1,_8)");
/// ```
pub type ComplementToT<L, CoT> = <L as ComplementableTo<CoT>>::Output;

/// CuTe's `complement(layout, cotarget)`: a layout disjoint from and ordered after
/// `layout` such that `(layout, complement)` covers `cotarget` (an int or a shape).
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(complement_to(layout!(4:2), shape!(24)).to_string(), "(_2,_3):(_1,_8)");
/// assert_eq!(complement_to(layout!((2,4):(1,2)), shape!(32)).to_string(), "_4:_8");
/// ```
#[inline(always)]
pub fn complement_to<L: ComplementableTo<CoT>, CoT>(l: L, cotarget: CoT) -> ComplementToT<L, CoT> {
    l.complement_to(cotarget)
}

/// `complement(layout)` on internal forms: the cotarget is the filtered cosize.
#[doc(hidden)]
pub trait ComplementSelf<D> {
    type Shape: Copy;
    type Stride: Copy;
    fn complement_self(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: FilterImpl<D>, D> ComplementSelf<D> for S
where
    S::Shape: crate::layout::Coshape<S::Stride>
        + ComplementImpl<S::Stride, <S::Shape as crate::layout::Coshape<S::Stride>>::Output>,
{
    type Shape = <S::Shape as ComplementImpl<
        S::Stride,
        <S::Shape as crate::layout::Coshape<S::Stride>>::Output,
    >>::Shape;
    type Stride = <S::Shape as ComplementImpl<
        S::Stride,
        <S::Shape as crate::layout::Coshape<S::Stride>>::Output,
    >>::Stride;
    #[inline(always)]
    fn complement_self(self, d: D) -> (Self::Shape, Self::Stride) {
        let (fs, fd) = self.filter(d);
        let cot = crate::layout::Coshape::coshape(fs, fd);
        fs.complement(fd, cot)
    }
}

/// Layouts that CuTe's `complement` applies to; [`ComplementT`] names the result. A
/// bound on this trait is how generic code asks for `complement` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Complementable>(l: L) -> ComplementT<L> { complement(l) }
/// assert_eq!(f(layout!((2,2):(1,6))).to_string(), "_3:_2");
/// ```
#[diagnostic::on_unimplemented(
    message = "`complement` is not defined for `{Self}`",
    label = "CuTe's conditions for `complement` do not hold here, or this is not a layout"
)]
pub trait Complementable: crate::algebra::Sealed {
    /// The result of `complement`.
    type Output;
    /// CuTe's `complement` (see the free function).
    fn complement(self) -> Self::Output;
}
impl<S: ToList, D: ToList> Complementable for Layout<S, D>
where
    ListOf<S>: ComplementSelf<ListOf<D>>,
    (
        <ListOf<S> as ComplementSelf<ListOf<D>>>::Shape,
        <ListOf<S> as ComplementSelf<ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Output = LayoutOf<
        <ListOf<S> as ComplementSelf<ListOf<D>>>::Shape,
        <ListOf<S> as ComplementSelf<ListOf<D>>>::Stride,
    >;
    #[inline(always)]
    fn complement(self) -> Self::Output {
        let l = self;
        finish(|| l.shape().to_list().complement_self(l.stride().to_list()))
    }
}
/// The type of `complement(l)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Complementable>(l: L) -> ComplementT<L> { complement(l) }
/// assert_eq!(f(layout!((2,2):(1,6))).to_string(), "_3:_2");
/// ```
pub type ComplementT<L> = <L as Complementable>::Output;

/// CuTe's `complement(layout)`: the complement up to the layout's own cosize.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(complement(layout!((2,2):(1,6))).to_string(), "_3:_2");
/// assert_eq!(complement(layout!((2,(2,1,2)):(1,(4,7,2)))).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn complement<L: Complementable>(l: L) -> ComplementT<L> {
    l.complement()
}
