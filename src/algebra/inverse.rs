//! `right_inverse`, `left_inverse`, `max_common_layout` and `max_common_vector` on the
//! type level. The modes are ordered by stride with CuTe's own exchange sort, which
//! is not stable: the order of equal strides decides the result, so it is reproduced.
//!
//! `right_inverse` transliterates CuTe's fold: `lshape`, `preprod_shape` (the prefix
//! product of the coalesced shape), the static strides sorted with their indices, and
//! the state `(result_shape, result_stride, curr)`, extended only when a mode's stride
//! equals `curr` (CuTe's `curr_stride`).
//! Mirrors its runtime twin `dynamic::algebra::inverse` (`right_inverse`, `left_inverse`, `max_common_layout`), the reference it is tested against
//! (`tests/typed_vs_runtime.rs`).

use super::bymode::AtTerminal;
use super::coalesce::CoalesceImpl;
use super::composition::ComposeOp;
use super::tiler::Lay;
use super::util::{LayoutOf, LayoutResult, Wrap, finish};
use crate::int::{C, Integral, StaticEq, StaticLt};
use crate::int::{IntDiv, IntMul, IntRem};
use crate::layout::{Layout, ListOf};
use crate::tuple::{
    Append, Get, HCons, HNil, PrefixProduct, Select, SplitLast, ToList, Tup, hcons,
};
use core::ops::Add;
use typenum::{B0, B1, Bit, P1, U0, Z0};

/// `left_inverse` needs every stride static.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // a dynamic stride:
/// let s = 2;
/// let _ = left_inverse(layout!((4,2):(s,1)));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(left_inverse(layout!((3,8):(8,1))).to_string(), "(_8,_3):(_3,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "left_inverse requires static strides",
    label = "the modes cannot be ordered by a dynamic stride"
)]
pub trait StaticStrides {}
impl StaticStrides for B1 {}

/// CuTe's left-inverse divisibility condition.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(left_inverse(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "left_inverse: divisibility condition fails",
    label = "a stride is not a multiple of the size of the smaller-stride modes, so the layout is not injective"
)]
pub trait LeftInverseDivisible {}
impl LeftInverseDivisible for B1 {}

/// `(stride, index)` keys of the static strides (all of them with `ALL = B1`).
#[doc(hidden)]
pub trait KeyStatic<I, All> {
    type Output;
}
impl<I, All> KeyStatic<I, All> for HNil {
    type Output = HNil;
}
impl<D: Integral, T, I, All> KeyStatic<I, All> for HCons<D, T>
where
    I: Add<B1>,
    T: KeyStatic<<I as Add<B1>>::Output, All>,
    D::IsStatic: core::ops::BitOr<All>,
    <D::IsStatic as core::ops::BitOr<All>>::Output: Select<
            HCons<(D, I), <T as KeyStatic<<I as Add<B1>>::Output, All>>::Output>,
            <T as KeyStatic<<I as Add<B1>>::Output, All>>::Output,
        >,
    <T as KeyStatic<<I as Add<B1>>::Output, All>>::Output: Copy,
    (D, I): Copy,
{
    type Output = <<D::IsStatic as core::ops::BitOr<All>>::Output as Select<
        HCons<(D, I), <T as KeyStatic<<I as Add<B1>>::Output, All>>::Output>,
        <T as KeyStatic<<I as Add<B1>>::Output, All>>::Output,
    >>::Output;
}

/// CuTe's `exchange_sort` of `(key, index)` pairs: for each position, every later
/// element with a smaller key swaps into it.
#[doc(hidden)]
pub trait ExSort {
    type Output;
}
impl ExSort for HNil {
    type Output = HNil;
}
impl<H, T: ExPass<H>> ExSort for HCons<H, T>
where
    T::Rest: ExSort,
{
    type Output = HCons<T::Min, <T::Rest as ExSort>::Output>;
}
/// One pass: `Cur` meets each later element; a smaller one takes its place.
#[doc(hidden)]
pub trait ExPass<Cur> {
    type Min;
    type Rest;
}
impl<Cur> ExPass<Cur> for HNil {
    type Min = Cur;
    type Rest = HNil;
}
impl<K, I, T, KC, IC> ExPass<(KC, IC)> for HCons<(K, I), T>
where
    K: StaticLt<KC>,
    HCons<(K, I), T>: ExPassPick<(KC, IC), <K as StaticLt<KC>>::Output>,
{
    type Min = <HCons<(K, I), T> as ExPassPick<(KC, IC), <K as StaticLt<KC>>::Output>>::Min;
    type Rest = <HCons<(K, I), T> as ExPassPick<(KC, IC), <K as StaticLt<KC>>::Output>>::Rest;
}
#[doc(hidden)]
pub trait ExPassPick<Cur, Smaller> {
    type Min;
    type Rest;
}
impl<X, T: ExPass<X>, Cur> ExPassPick<Cur, B1> for HCons<X, T> {
    type Min = T::Min;
    type Rest = HCons<Cur, T::Rest>;
}
impl<X, T: ExPass<Cur>, Cur> ExPassPick<Cur, B0> for HCons<X, T> {
    type Min = T::Min;
    type Rest = HCons<X, T::Rest>;
}

/// The fold of `right_inverse` over the sorted `(stride, index)` keys.
#[doc(hidden)]
pub trait RightInvFold<LS, Pre, RS, RD, Curr> {
    type Shape: Copy;
    type Stride: Copy;
    fn fold(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
        curr: Curr,
    ) -> (Self::Shape, Self::Stride);
}
impl<LS, Pre, RS: Copy, RD: Copy, Curr> RightInvFold<LS, Pre, RS, RD, Curr> for HNil {
    type Shape = RS;
    type Stride = RD;
    #[inline(always)]
    fn fold(_: LS, _: Pre, result_shape: RS, result_stride: RD, _: Curr) -> (RS, RD) {
        (result_shape, result_stride)
    }
}
impl<K, I, T, LS, Pre, RS, RD, Curr> RightInvFold<LS, Pre, RS, RD, Curr> for HCons<(K, I), T>
where
    Curr: StaticEq<K>,
    HCons<(K, I), T>: RightInvStep<LS, Pre, RS, RD, Curr, <Curr as StaticEq<K>>::Output>,
{
    type Shape = <HCons<(K, I), T> as RightInvStep<
        LS,
        Pre,
        RS,
        RD,
        Curr,
        <Curr as StaticEq<K>>::Output,
    >>::Shape;
    type Stride = <HCons<(K, I), T> as RightInvStep<
        LS,
        Pre,
        RS,
        RD,
        Curr,
        <Curr as StaticEq<K>>::Output,
    >>::Stride;
    #[inline(always)]
    fn fold(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
        curr: Curr,
    ) -> (Self::Shape, Self::Stride) {
        <Self as RightInvStep<LS, Pre, RS, RD, Curr, <Curr as StaticEq<K>>::Output>>::step(
            lshape,
            preprod_shape,
            result_shape,
            result_stride,
            curr,
        )
    }
}
#[doc(hidden)]
pub trait RightInvStep<LS, Pre, RS, RD, Curr, Hit> {
    type Shape: Copy;
    type Stride: Copy;
    fn step(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
        curr: Curr,
    ) -> (Self::Shape, Self::Stride);
}
impl<K, I, T, LS, Pre, RS, RD, Curr> RightInvStep<LS, Pre, RS, RD, Curr, B0> for HCons<(K, I), T>
where
    T: RightInvFold<LS, Pre, RS, RD, Curr>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn step(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
        curr: Curr,
    ) -> (Self::Shape, Self::Stride) {
        T::fold(lshape, preprod_shape, result_shape, result_stride, curr)
    }
}
impl<K, I, T, LS, Pre, RS, RD, Curr> RightInvStep<LS, Pre, RS, RD, Curr, B1> for HCons<(K, I), T>
where
    LS: Copy + Get<I>,
    <LS as Get<I>>::Output: Copy,
    Pre: Copy + Get<I>,
    K: Default,
    <LS as Get<I>>::Output: IntMul<K>,
    RS: Append<<LS as Get<I>>::Output>,
    RD: Append<<Pre as Get<I>>::Output>,
    T: RightInvFold<
            LS,
            Pre,
            <RS as Append<<LS as Get<I>>::Output>>::Output,
            <RD as Append<<Pre as Get<I>>::Output>>::Output,
            <<LS as Get<I>>::Output as IntMul<K>>::Output,
        >,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn step(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
        _: Curr,
    ) -> (Self::Shape, Self::Stride) {
        // CuTe: istride == curr_stride: (append(result_shape, ishape),
        //       append(result_stride, get<i>(preprod_shape)), ishape * istride)
        let ishape = lshape.get();
        T::fold(
            lshape,
            preprod_shape,
            result_shape.append(ishape),
            result_stride.append(preprod_shape.get()),
            ishape.int_mul(K::default()),
        )
    }
}

/// The coalesced modes of a layout, their exclusive prefix products, and the types
/// `right_inverse`/`left_inverse` need.
#[doc(hidden)]
pub trait InverseParts<D> {
    type LS: Copy;
    type LD: Copy;
    type Pre: Copy;
    fn parts(self, d: D) -> (Self::LS, Self::LD, Self::Pre);
}
impl<S: CoalesceImpl<D, B0>, D> InverseParts<D> for S
where
    S::Shape: Wrap,
    S::Stride: Wrap,
    <S::Shape as Wrap>::Output: PrefixProduct<C<P1>>,
    <<S::Shape as Wrap>::Output as PrefixProduct<C<P1>>>::Output: Copy,
{
    type LS = <S::Shape as Wrap>::Output;
    type LD = <S::Stride as Wrap>::Output;
    type Pre = <<S::Shape as Wrap>::Output as PrefixProduct<C<P1>>>::Output;
    #[inline(always)]
    fn parts(self, d: D) -> (Self::LS, Self::LD, Self::Pre) {
        let (cs, cd) = self.coalesce(d);
        let lshape = cs.wrap();
        (lshape, cd.wrap(), lshape.prefix_product(C::new()).0)
    }
}

type Parts<S, D> = <S as InverseParts<D>>::LS;
type PartsD<S, D> = <S as InverseParts<D>>::LD;
type PartsPre<S, D> = <S as InverseParts<D>>::Pre;
type RightSorted<S, D> = <<PartsD<S, D> as KeyStatic<U0, B0>>::Output as ExSort>::Output;
type RightFolded<S, D> = <RightSorted<S, D> as RightInvFold<
    Parts<S, D>,
    PartsPre<S, D>,
    HCons<C<P1>, HNil>,
    HCons<C<Z0>, HNil>,
    C<P1>,
>>::Shape;
type RightFoldedD<S, D> = <RightSorted<S, D> as RightInvFold<
    Parts<S, D>,
    PartsPre<S, D>,
    HCons<C<P1>, HNil>,
    HCons<C<Z0>, HNil>,
    C<P1>,
>>::Stride;

/// `right_inverse` on internal forms.
#[doc(hidden)]
pub trait RightInverse<D> {
    type Shape: Copy;
    type Stride: Copy;
    fn right_inverse(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: InverseParts<D>, D> RightInverse<D> for S
where
    PartsD<S, D>: KeyStatic<U0, B0>,
    <PartsD<S, D> as KeyStatic<U0, B0>>::Output: ExSort,
    RightSorted<S, D>:
        RightInvFold<Parts<S, D>, PartsPre<S, D>, HCons<C<P1>, HNil>, HCons<C<Z0>, HNil>, C<P1>>,
    RightFolded<S, D>: CoalesceImpl<RightFoldedD<S, D>, B0>,
{
    type Shape = <RightFolded<S, D> as CoalesceImpl<RightFoldedD<S, D>, B0>>::Shape;
    type Stride = <RightFolded<S, D> as CoalesceImpl<RightFoldedD<S, D>, B0>>::Stride;
    #[inline(always)]
    fn right_inverse(self, d: D) -> (Self::Shape, Self::Stride) {
        let (lshape, _, preprod_shape) = self.parts(d);
        let (result_shape, result_stride) = <RightSorted<S, D>>::fold(
            lshape,
            preprod_shape,
            hcons(C::<P1>::new(), HNil),
            hcons(C::<Z0>::new(), HNil),
            C::new(),
        );
        result_shape.coalesce(result_stride)
    }
}

/// Layouts that CuTe's `right_inverse` applies to; [`RightInverseT`] names the result. A
/// bound on this trait is how generic code asks for `right_inverse` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: RightInvertible>(l: L) -> RightInverseT<L> { right_inverse(l) }
/// assert_eq!(f(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`right_inverse` is not defined for `{Self}`",
    label = "CuTe's conditions for `right_inverse` do not hold here, or this is not a layout"
)]
pub trait RightInvertible: crate::algebra::Sealed {
    /// The result of `right_inverse`.
    type Output;
    /// CuTe's `right_inverse` (see the free function).
    fn right_inverse(self) -> Self::Output;
}
impl<S: ToList, D: ToList> RightInvertible for Layout<S, D>
where
    ListOf<S>: RightInverse<ListOf<D>>,
    (
        <ListOf<S> as RightInverse<ListOf<D>>>::Shape,
        <ListOf<S> as RightInverse<ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Output = LayoutOf<
        <ListOf<S> as RightInverse<ListOf<D>>>::Shape,
        <ListOf<S> as RightInverse<ListOf<D>>>::Stride,
    >;
    #[inline(always)]
    fn right_inverse(self) -> Self::Output {
        let l = self;
        finish(|| l.shape().to_list().right_inverse(l.stride().to_list()))
    }
}
/// The type of `right_inverse(l)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: RightInvertible>(l: L) -> RightInverseT<L> { right_inverse(l) }
/// assert_eq!(f(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub type RightInverseT<L> = <L as RightInvertible>::Output;

/// CuTe's `right_inverse(layout)`: `layout(result(i)) == i` for `i < size(result)`.
/// Dynamic strides are skipped, as in CuTe.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(right_inverse(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// assert_eq!(right_inverse(layout!((3,8):(8,1))).to_string(), "(_8,_3):(_3,_1)");
/// ```
#[inline(always)]
pub fn right_inverse<L: RightInvertible>(l: L) -> RightInverseT<L> {
    l.right_inverse()
}

/// The fold of `left_inverse` over the sorted `(stride, index)` keys.
#[doc(hidden)]
pub trait LeftInvFold<LS, Pre, RS, RD> {
    type Shape: Copy;
    type Stride: Copy;
    fn fold(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
    ) -> (Self::Shape, Self::Stride);
}
impl<LS, Pre, RS: Copy, RD: Copy> LeftInvFold<LS, Pre, RS, RD> for HNil {
    type Shape = RS;
    type Stride = RD;
    #[inline(always)]
    fn fold(_: LS, _: Pre, result_shape: RS, result_stride: RD) -> (RS, RD) {
        (result_shape, result_stride)
    }
}
impl<K: Integral, I, T, LS, Pre, RS, RD> LeftInvFold<LS, Pre, RS, RD> for HCons<(K, I), T>
where
    HCons<(K, I), T>: LeftInvStep<LS, Pre, RS, RD, K::IsZero>,
{
    type Shape = <HCons<(K, I), T> as LeftInvStep<LS, Pre, RS, RD, K::IsZero>>::Shape;
    type Stride = <HCons<(K, I), T> as LeftInvStep<LS, Pre, RS, RD, K::IsZero>>::Stride;
    #[inline(always)]
    fn fold(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
    ) -> (Self::Shape, Self::Stride) {
        <Self as LeftInvStep<LS, Pre, RS, RD, K::IsZero>>::step(
            lshape,
            preprod_shape,
            result_shape,
            result_stride,
        )
    }
}
#[doc(hidden)]
pub trait LeftInvStep<LS, Pre, RS, RD, Zero> {
    type Shape: Copy;
    type Stride: Copy;
    fn step(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
    ) -> (Self::Shape, Self::Stride);
}
impl<K, I, T: LeftInvFold<LS, Pre, RS, RD>, LS, Pre, RS, RD> LeftInvStep<LS, Pre, RS, RD, B1>
    for HCons<(K, I), T>
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn step(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
    ) -> (Self::Shape, Self::Stride) {
        T::fold(lshape, preprod_shape, result_shape, result_stride)
    }
}
impl<K, I, T, LS, Pre, RS, RD> LeftInvStep<LS, Pre, RS, RD, B0> for HCons<(K, I), T>
where
    K: Default + IntRem<<RS as Tup>::Size> + IntDiv<<RS as Tup>::Size>,
    RS: Tup,
    <K as IntRem<<RS as Tup>::Size>>::Output: StaticEq<C<Z0>>,
    <<K as IntRem<<RS as Tup>::Size>>::Output as StaticEq<C<Z0>>>::Output: LeftInverseDivisible,
    Pre: Copy + Get<I>,
    RS: Append<<K as IntDiv<<RS as Tup>::Size>>::Output>,
    RD: Append<<Pre as Get<I>>::Output>,
    T: LeftInvFold<
            LS,
            Pre,
            <RS as Append<<K as IntDiv<<RS as Tup>::Size>>::Output>>::Output,
            <RD as Append<<Pre as Get<I>>::Output>>::Output,
        >,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn step(
        lshape: LS,
        preprod_shape: Pre,
        result_shape: RS,
        result_stride: RD,
    ) -> (Self::Shape, Self::Stride) {
        let size = result_shape.size();
        T::fold(
            lshape,
            preprod_shape,
            result_shape.append(K::default().int_div(size)),
            result_stride.append(preprod_shape.get()),
        )
    }
}

type LeftSorted<S, D> = <<PartsD<S, D> as KeyStatic<U0, B1>>::Output as ExSort>::Output;
type LeftFolded<S, D> =
    <LeftSorted<S, D> as LeftInvFold<Parts<S, D>, PartsPre<S, D>, HNil, HCons<C<Z0>, HNil>>>::Shape;
type LeftFoldedD<S, D> = <LeftSorted<S, D> as LeftInvFold<
    Parts<S, D>,
    PartsPre<S, D>,
    HNil,
    HCons<C<Z0>, HNil>,
>>::Stride;
type LastIndex<S, D> = <<LeftSorted<S, D> as SplitLast>::Last as PairSecond>::Output;
type LeftShape<S, D> =
    <LeftFolded<S, D> as Append<<Parts<S, D> as Get<LastIndex<S, D>>>::Output>>::Output;

/// The second component of a key pair.
#[doc(hidden)]
pub trait PairSecond {
    type Output;
}
impl<K, I> PairSecond for (K, I) {
    type Output = I;
}

/// `left_inverse` on internal forms.
#[doc(hidden)]
pub trait LeftInverse<D> {
    type Shape: Copy;
    type Stride: Copy;
    fn left_inverse(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: InverseParts<D>, D> LeftInverse<D> for S
where
    PartsD<S, D>: Tup,
    <PartsD<S, D> as Tup>::IsStatic: StaticStrides,
    PartsD<S, D>: KeyStatic<U0, B1>,
    <PartsD<S, D> as KeyStatic<U0, B1>>::Output: ExSort,
    LeftSorted<S, D>:
        LeftInvFold<Parts<S, D>, PartsPre<S, D>, HNil, HCons<C<Z0>, HNil>> + SplitLast,
    <LeftSorted<S, D> as SplitLast>::Last: PairSecond,
    Parts<S, D>: Get<LastIndex<S, D>>,
    LeftFolded<S, D>: Append<<Parts<S, D> as Get<LastIndex<S, D>>>::Output>,
    LeftShape<S, D>: CoalesceImpl<LeftFoldedD<S, D>, B0>,
{
    type Shape = <LeftShape<S, D> as CoalesceImpl<LeftFoldedD<S, D>, B0>>::Shape;
    type Stride = <LeftShape<S, D> as CoalesceImpl<LeftFoldedD<S, D>, B0>>::Stride;
    #[inline(always)]
    fn left_inverse(self, d: D) -> (Self::Shape, Self::Stride) {
        let (lshape, _, preprod_shape) = self.parts(d);
        let (result_shape, result_stride) =
            <LeftSorted<S, D>>::fold(lshape, preprod_shape, HNil, hcons(C::<Z0>::new(), HNil));
        let last: <Parts<S, D> as Get<LastIndex<S, D>>>::Output = lshape.get();
        result_shape.append(last).coalesce(result_stride)
    }
}

/// Layouts that CuTe's `left_inverse` applies to; [`LeftInverseT`] names the result. A
/// bound on this trait is how generic code asks for `left_inverse` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: LeftInvertible>(l: L) -> LeftInverseT<L> { left_inverse(l) }
/// assert_eq!(f(layout!((3,8):(8,1))).to_string(), "(_8,_3):(_3,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`left_inverse` is not defined for `{Self}`",
    label = "CuTe's conditions for `left_inverse` do not hold here, or this is not a layout"
)]
pub trait LeftInvertible: crate::algebra::Sealed {
    /// The result of `left_inverse`.
    type Output;
    /// CuTe's `left_inverse` (see the free function).
    fn left_inverse(self) -> Self::Output;
}
impl<S: ToList, D: ToList> LeftInvertible for Layout<S, D>
where
    ListOf<S>: LeftInverse<ListOf<D>>,
    (
        <ListOf<S> as LeftInverse<ListOf<D>>>::Shape,
        <ListOf<S> as LeftInverse<ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Output = LayoutOf<
        <ListOf<S> as LeftInverse<ListOf<D>>>::Shape,
        <ListOf<S> as LeftInverse<ListOf<D>>>::Stride,
    >;
    #[inline(always)]
    fn left_inverse(self) -> Self::Output {
        let l = self;
        finish(|| l.shape().to_list().left_inverse(l.stride().to_list()))
    }
}
/// The type of `left_inverse(l)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: LeftInvertible>(l: L) -> LeftInverseT<L> { left_inverse(l) }
/// assert_eq!(f(layout!((3,8):(8,1))).to_string(), "(_8,_3):(_3,_1)");
/// ```
pub type LeftInverseT<L> = <L as LeftInvertible>::Output;

/// CuTe's `left_inverse(layout)`: `result(layout(i)) == i` for an injective layout;
/// it needs static strides.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(left_inverse(layout!((3,8):(8,1))).to_string(), "(_8,_3):(_3,_1)");
/// assert_eq!(left_inverse(layout!((16,2,8):(16,8,1))).to_string(), "(_8,_2,_16):(_32,_16,_1)");
/// ```
#[inline(always)]
pub fn left_inverse<L: LeftInvertible>(l: L) -> LeftInverseT<L> {
    l.left_inverse()
}

/// The first mode of `coalesce(a o right_inverse(b))` and whether it is a static
/// stride-1 run (the common contiguous vector).
#[doc(hidden)]
pub trait MaxCommon<D, BS, BD> {
    type InvS: Copy;
    type InvD: Copy;
    type M0S: Copy;
    type M0D: Copy;
    type Ok: Bit;
    fn common(self, d: D, bs: BS, bd: BD) -> ((Self::InvS, Self::InvD), (Self::M0S, Self::M0D));
}
type Inv<BS, BD> = <BS as RightInverse<BD>>::Shape;
type InvD<BS, BD> = <BS as RightInverse<BD>>::Stride;
type Comp<S, D, BS, BD> = <Lay<Inv<BS, BD>, InvD<BS, BD>> as AtTerminal<ComposeOp, S, D>>::Shape;
type CompD<S, D, BS, BD> = <Lay<Inv<BS, BD>, InvD<BS, BD>> as AtTerminal<ComposeOp, S, D>>::Stride;
type Common<S, D, BS, BD> = <Comp<S, D, BS, BD> as CoalesceImpl<CompD<S, D, BS, BD>, B0>>::Shape;
type CommonD<S, D, BS, BD> = <Comp<S, D, BS, BD> as CoalesceImpl<CompD<S, D, BS, BD>, B0>>::Stride;
type First<X> = <<X as Wrap>::Output as Get<U0>>::Output;

impl<S, D, BS: RightInverse<BD>, BD> MaxCommon<D, BS, BD> for S
where
    Lay<Inv<BS, BD>, InvD<BS, BD>>: AtTerminal<ComposeOp, S, D>,
    Comp<S, D, BS, BD>: CoalesceImpl<CompD<S, D, BS, BD>, B0>,
    Common<S, D, BS, BD>: Wrap,
    CommonD<S, D, BS, BD>: Wrap,
    <Common<S, D, BS, BD> as Wrap>::Output: Get<U0>,
    <CommonD<S, D, BS, BD> as Wrap>::Output: Get<U0>,
    First<Common<S, D, BS, BD>>: Integral + Copy,
    First<CommonD<S, D, BS, BD>>: Integral + Copy,
    <First<Common<S, D, BS, BD>> as Integral>::IsStatic:
        core::ops::BitAnd<<First<CommonD<S, D, BS, BD>> as Integral>::IsOne>,
    <<First<Common<S, D, BS, BD>> as Integral>::IsStatic as core::ops::BitAnd<
        <First<CommonD<S, D, BS, BD>> as Integral>::IsOne,
    >>::Output: Bit,
{
    type InvS = Inv<BS, BD>;
    type InvD = InvD<BS, BD>;
    type M0S = First<Common<S, D, BS, BD>>;
    type M0D = First<CommonD<S, D, BS, BD>>;
    type Ok = <<First<Common<S, D, BS, BD>> as Integral>::IsStatic as core::ops::BitAnd<
        <First<CommonD<S, D, BS, BD>> as Integral>::IsOne,
    >>::Output;
    #[inline(always)]
    fn common(self, d: D, bs: BS, bd: BD) -> ((Self::InvS, Self::InvD), (Self::M0S, Self::M0D)) {
        let (is, id) = bs.right_inverse(bd);
        let (cs, cd) = Lay { s: is, d: id }.at(ComposeOp, self, d);
        let (ms, md) = cs.coalesce(cd);
        ((is, id), (ms.wrap().get(), md.wrap().get()))
    }
}

/// What CuTe's `max_common_vector` applies to; [`MaxCommonVectorT`] names the result. A bound on this
/// trait is how generic code asks for `max_common_vector`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: CommonVector<B>, B>(a: L, b: B) -> MaxCommonVectorT<L, B> { max_common_vector(a, b) }
/// assert_eq!(f(layout!((4,8):(1,4)), layout!((4,8):(1,4))).to_string(), "_32");
/// ```
#[diagnostic::on_unimplemented(
    message = "`max_common_vector` is not defined for `{Self}`",
    label = "CuTe's conditions for `max_common_vector` do not hold here"
)]
pub trait CommonVector<B>: crate::algebra::Sealed {
    /// The result of `max_common_vector`.
    type Output;
    /// CuTe's `max_common_vector` (see the free function).
    fn max_common_vector(self, b: B) -> Self::Output;
}
impl<S: ToList, D: ToList, BS: ToList, BD: ToList> CommonVector<Layout<BS, BD>> for Layout<S, D>
where
    ListOf<S>: MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>,
    <ListOf<S> as MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>>::Ok:
        Select<<ListOf<S> as MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>>::M0S, C<P1>>,
{
    type Output = <<ListOf<S> as MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>>::Ok as Select<
        <ListOf<S> as MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>>::M0S,
        C<P1>,
    >>::Output;
    #[inline(always)]
    fn max_common_vector(self, b: Layout<BS, BD>) -> Self::Output {
        let a = self;
        let (_, (m0, _)) = a.shape().to_list().common(
            a.stride().to_list(),
            b.shape().to_list(),
            b.stride().to_list(),
        );
        <<ListOf<S> as MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>>::Ok as Select<_, _>>::select(
            m0,
            C::new(),
        )
    }
}
/// The type of `max_common_vector` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: CommonVector<B>, B>(a: L, b: B) -> MaxCommonVectorT<L, B> { max_common_vector(a, b) }
/// assert_eq!(f(layout!((4,8):(1,4)), layout!((4,8):(1,4))).to_string(), "_32");
/// ```
pub type MaxCommonVectorT<L, B> = <L as CommonVector<B>>::Output;

/// CuTe's `max_common_vector(a, b)`: the number of leading elements that are
/// contiguous in both layouts (static; `_1` when nothing is provably common).
///
/// ```
/// use cutlet::prelude::*;
/// let a = layout!((4,8):(1,4));
/// assert_eq!(max_common_vector(a, a).to_string(), "_32");
/// assert_eq!(max_common_vector(a, layout!((4,8):(8,1))).to_string(), "_1");
/// ```
#[inline(always)]
pub fn max_common_vector<L: CommonVector<B>, B>(a: L, b: B) -> MaxCommonVectorT<L, B> {
    a.max_common_vector(b)
}

/// `max_common_layout` on internal forms: `composition(inv_b, layout<0>(common))`
/// when the first mode is a static stride-1 run, `_1:_0` otherwise.
#[doc(hidden)]
pub trait MaxCommonLayout<D, BS, BD, Ok> {
    type Shape: Copy;
    type Stride: Copy;
    fn max_common(self, d: D, bs: BS, bd: BD) -> (Self::Shape, Self::Stride);
}
impl<S, D, BS, BD> MaxCommonLayout<D, BS, BD, B0> for S {
    type Shape = C<P1>;
    type Stride = C<Z0>;
    #[inline(always)]
    fn max_common(self, _: D, _: BS, _: BD) -> (C<P1>, C<Z0>) {
        (C::new(), C::new())
    }
}
impl<S: MaxCommon<D, BS, BD>, D, BS, BD> MaxCommonLayout<D, BS, BD, B1> for S
where
    Lay<S::M0S, S::M0D>: AtTerminal<ComposeOp, S::InvS, S::InvD>,
{
    type Shape = <Lay<S::M0S, S::M0D> as AtTerminal<ComposeOp, S::InvS, S::InvD>>::Shape;
    type Stride = <Lay<S::M0S, S::M0D> as AtTerminal<ComposeOp, S::InvS, S::InvD>>::Stride;
    #[inline(always)]
    fn max_common(self, d: D, bs: BS, bd: BD) -> (Self::Shape, Self::Stride) {
        let ((is, id), (ms, md)) = self.common(d, bs, bd);
        Lay { s: ms, d: md }.at(ComposeOp, is, id)
    }
}

type McOk<S, D, BS, BD> = <ListOf<S> as MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>>::Ok;

/// What CuTe's `max_common_layout` applies to; [`MaxCommonLayoutT`] names the result. A bound on this
/// trait is how generic code asks for `max_common_layout`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: CommonLayout<B>, B>(a: L, b: B) -> MaxCommonLayoutT<L, B> { max_common_layout(a, b) }
/// assert_eq!(f(layout!((4,8):(1,4)), layout!((4,8):(1,8))).to_string(), "_4:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`max_common_layout` is not defined for `{Self}`",
    label = "CuTe's conditions for `max_common_layout` do not hold here"
)]
pub trait CommonLayout<B>: crate::algebra::Sealed {
    /// The result of `max_common_layout`.
    type Output;
    /// CuTe's `max_common_layout` (see the free function).
    fn max_common_layout(self, b: B) -> Self::Output;
}
impl<S: ToList, D: ToList, BS: ToList, BD: ToList> CommonLayout<Layout<BS, BD>> for Layout<S, D>
where
    ListOf<S>: MaxCommon<ListOf<D>, ListOf<BS>, ListOf<BD>>
        + MaxCommonLayout<ListOf<D>, ListOf<BS>, ListOf<BD>, McOk<S, D, BS, BD>>,
    (
        <ListOf<S> as MaxCommonLayout<ListOf<D>, ListOf<BS>, ListOf<BD>, McOk<S, D, BS, BD>>>::Shape,
        <ListOf<S> as MaxCommonLayout<ListOf<D>, ListOf<BS>, ListOf<BD>, McOk<S, D, BS, BD>>>::Stride,
    ): LayoutResult,
{
    type Output = LayoutOf<
    <ListOf<S> as MaxCommonLayout<ListOf<D>, ListOf<BS>, ListOf<BD>, McOk<S, D, BS, BD>>>::Shape,
    <ListOf<S> as MaxCommonLayout<ListOf<D>, ListOf<BS>, ListOf<BD>, McOk<S, D, BS, BD>>>::Stride,
>;
    #[inline(always)]
    fn max_common_layout(self, b: Layout<BS, BD>) -> Self::Output {
        let a = self;
    finish(|| {
        a.shape().to_list().max_common(
            a.stride().to_list(),
            b.shape().to_list(),
            b.stride().to_list(),
        )
    })
    }
}
/// The type of `max_common_layout` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: CommonLayout<B>, B>(a: L, b: B) -> MaxCommonLayoutT<L, B> { max_common_layout(a, b) }
/// assert_eq!(f(layout!((4,8):(1,4)), layout!((4,8):(1,8))).to_string(), "_4:_1");
/// ```
pub type MaxCommonLayoutT<L, B> = <L as CommonLayout<B>>::Output;

/// CuTe's `max_common_layout(a, b)`: the largest layout `R` with `a(R(i)) == i` and
/// `b(R(i)) == i`.
///
/// ```
/// use cutlet::prelude::*;
/// let a = layout!((4,8):(1,4));
/// assert_eq!(max_common_layout(a, layout!((4,8):(1,8))).to_string(), "_4:_1");
/// ```
#[inline(always)]
pub fn max_common_layout<L: CommonLayout<B>, B>(a: L, b: B) -> MaxCommonLayoutT<L, B> {
    a.max_common_layout(b)
}
