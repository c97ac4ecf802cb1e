//! `coalesce`, `coalesce_by`, `filter_zeros` and `filter` on the type level (CuTe's
//! `bw_coalesce`): the same function on its domain with depth at most 1.
//!
//! A transliteration of CuTe's `bw_coalesce` recursion (state `new_shape`,
//! `new_stride`; its four cases are the four `BwCase` impls, each quoting CuTe).
//! Mirrors its runtime twin `dynamic::algebra::coalesce` (`coalesce`, `coalesce_by`, `filter_zeros`, `filter`), the reference it is tested against
//! (`tests/typed_vs_runtime.rs`).

use super::bymode::{AtTerminal, TerminalOp};
use super::util::{LayoutOf, LayoutResult, finish};
use crate::int::IntMul;
use crate::int::{C, Integral, StaticEq};
use crate::layout::{Layout, ListOf};
use crate::tuple::{HCons, HNil, If, Leaves, Reverse, Select, ToList, ToNative, Tup, Zip, hcons};
use core::ops::BitAnd;
use typenum::{B0, B1, Bit, P1, P2, Z0};

#[doc(hidden)]
pub struct CSkip;
#[doc(hidden)]
pub struct CReplace;
#[doc(hidden)]
pub struct CMerge;
#[doc(hidden)]
pub struct CPrepend;

/// `B1` when the accumulator is the single static extent `_1`.
#[doc(hidden)]
pub trait AccUnit {
    type Output: Bit;
}
impl<X: Integral> AccUnit for HCons<X, HNil> {
    type Output = X::IsOne;
}
impl<X, Y, T> AccUnit for HCons<X, HCons<Y, T>> {
    type Output = B0;
}

/// `B1` when the mode `s:d` provably continues the accumulator's front mode:
/// the front extent is static and `s * d == front stride` statically.
#[doc(hidden)]
pub trait CanMerge<S, D, AD> {
    type Output: Bit;
}
impl<F: Integral, FT, S: IntMul<D>, D, G, GT> CanMerge<S, D, HCons<G, GT>> for HCons<F, FT>
where
    <S as IntMul<D>>::Output: StaticEq<G>,
    F::IsStatic: BitAnd<<<S as IntMul<D>>::Output as StaticEq<G>>::Output>,
    <F::IsStatic as BitAnd<<<S as IntMul<D>>::Output as StaticEq<G>>::Output>>::Output: Bit,
{
    type Output =
        <F::IsStatic as BitAnd<<<S as IntMul<D>>::Output as StaticEq<G>>::Output>>::Output;
}

/// Walk the reversed `(shape, stride)` leaf pairs, merging into the accumulator.
#[doc(hidden)]
pub trait BwCoalesce<AS, AD> {
    type Shape: Copy;
    type Stride: Copy;
    fn bw(self, new_shape: AS, new_stride: AD) -> (Self::Shape, Self::Stride);
}
impl<AS: CoalesceFinish<AD>, AD> BwCoalesce<AS, AD> for HNil {
    type Shape = AS::Shape;
    type Stride = AS::Stride;
    #[inline(always)]
    fn bw(self, new_shape: AS, new_stride: AD) -> (AS::Shape, AS::Stride) {
        new_shape.finish(new_stride)
    }
}

type Case<S, AS, D, AD> = <<S as Integral>::IsOne as If<
    CSkip,
    <<AS as AccUnit>::Output as If<
        CReplace,
        <<AS as CanMerge<S, D, AD>>::Output as If<CMerge, CPrepend>>::Output,
    >>::Output,
>>::Output;

impl<S, D, T, AS, AD> BwCoalesce<AS, AD> for HCons<(S, D), T>
where
    S: Integral,
    AS: AccUnit + CanMerge<S, D, AD>,
    <AS as CanMerge<S, D, AD>>::Output: If<CMerge, CPrepend>,
    <AS as AccUnit>::Output:
        If<CReplace, <<AS as CanMerge<S, D, AD>>::Output as If<CMerge, CPrepend>>::Output>,
    S::IsOne: If<
            CSkip,
            <<AS as AccUnit>::Output as If<
                CReplace,
                <<AS as CanMerge<S, D, AD>>::Output as If<CMerge, CPrepend>>::Output,
            >>::Output,
        >,
    HCons<(S, D), T>: BwCase<AS, AD, Case<S, AS, D, AD>>,
{
    type Shape = <HCons<(S, D), T> as BwCase<AS, AD, Case<S, AS, D, AD>>>::Shape;
    type Stride = <HCons<(S, D), T> as BwCase<AS, AD, Case<S, AS, D, AD>>>::Stride;
    #[inline(always)]
    fn bw(self, new_shape: AS, new_stride: AD) -> (Self::Shape, Self::Stride) {
        self.case(new_shape, new_stride)
    }
}

/// The four cases of `bw_coalesce`.
#[doc(hidden)]
pub trait BwCase<AS, AD, Case> {
    type Shape: Copy;
    type Stride: Copy;
    fn case(self, new_shape: AS, new_stride: AD) -> (Self::Shape, Self::Stride);
}
// CuTe: shape<I> is `_1`: skip it and continue.
impl<S, D, T: BwCoalesce<AS, AD>, AS, AD> BwCase<AS, AD, CSkip> for HCons<(S, D), T> {
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn case(self, new_shape: AS, new_stride: AD) -> (Self::Shape, Self::Stride) {
        self.tail.bw(new_shape, new_stride)
    }
}
// CuTe: new_shape is `_1`: replace it with (shape<I>, stride<I>).
impl<S, D, T, AS, AD> BwCase<AS, AD, CReplace> for HCons<(S, D), T>
where
    T: BwCoalesce<HCons<S, HNil>, HCons<D, HNil>>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn case(self, _: AS, _: AD) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head;
        self.tail.bw(hcons(s, HNil), hcons(d, HNil))
    }
}
// CuTe: shape<I> * stride<I> == get<0>(new_stride) (static): merge,
//       replace_front(new_shape, shape<I> * get<0>(new_shape)),
//       replace_front(new_stride, stride<I>).
impl<S, D, T, F, FT, G, GT> BwCase<HCons<F, FT>, HCons<G, GT>, CMerge> for HCons<(S, D), T>
where
    S: IntMul<F>,
    T: BwCoalesce<HCons<<S as IntMul<F>>::Output, FT>, HCons<D, GT>>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn case(
        self,
        new_shape: HCons<F, FT>,
        new_stride: HCons<G, GT>,
    ) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head;
        self.tail.bw(
            hcons(s.int_mul(new_shape.head), new_shape.tail),
            hcons(d, new_stride.tail),
        )
    }
}
// CuTe: otherwise prepend(new_shape, shape<I>), prepend(new_stride, stride<I>).
impl<S, D, T, AS, AD> BwCase<AS, AD, CPrepend> for HCons<(S, D), T>
where
    T: BwCoalesce<HCons<S, AS>, HCons<D, AD>>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn case(self, new_shape: AS, new_stride: AD) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head;
        self.tail.bw(hcons(s, new_shape), hcons(d, new_stride))
    }
}

/// The end of `bw_coalesce`: a lone `_1` becomes `_1:_0`, a lone mode a leaf.
#[doc(hidden)]
pub trait CoalesceFinish<AD> {
    type Shape: Copy;
    type Stride: Copy;
    fn finish(self, new_stride: AD) -> (Self::Shape, Self::Stride);
}
impl<X: Integral, Y: Copy> CoalesceFinish<HCons<Y, HNil>> for HCons<X, HNil>
where
    X::IsOne: Select<C<P1>, X> + Select<C<Z0>, Y>,
{
    type Shape = <X::IsOne as Select<C<P1>, X>>::Output;
    type Stride = <X::IsOne as Select<C<Z0>, Y>>::Output;
    #[inline(always)]
    fn finish(self, new_stride: HCons<Y, HNil>) -> (Self::Shape, Self::Stride) {
        (
            <X::IsOne as Select<C<P1>, X>>::select(C::new(), self.head),
            <X::IsOne as Select<C<Z0>, Y>>::select(C::new(), new_stride.head),
        )
    }
}
impl<X: Copy, X2: Copy, T: Copy, AD: Copy> CoalesceFinish<AD> for HCons<X, HCons<X2, T>> {
    type Shape = Self;
    type Stride = AD;
    #[inline(always)]
    fn finish(self, new_stride: AD) -> (Self, AD) {
        (self, new_stride)
    }
}

/// Start `bw_coalesce` from the last mode; `X` selects CuTe's `coalesce_x`, which
/// turns a trailing `_1` into a `_2` guard so the function is kept outside the domain.
#[doc(hidden)]
pub trait CoalesceStart<X> {
    type Shape: Copy;
    type Stride: Copy;
    fn start(self) -> (Self::Shape, Self::Stride);
}
impl<SL, DL, Rest> CoalesceStart<B0> for HCons<(SL, DL), Rest>
where
    Rest: BwCoalesce<HCons<SL, HNil>, HCons<DL, HNil>>,
{
    type Shape = Rest::Shape;
    type Stride = Rest::Stride;
    #[inline(always)]
    fn start(self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head;
        self.tail.bw(hcons(s, HNil), hcons(d, HNil))
    }
}
impl<SL: Integral, DL, Rest> CoalesceStart<B1> for HCons<(SL, DL), Rest>
where
    SL::IsOne: Select<C<P2>, SL>,
    Rest: BwCoalesce<HCons<<SL::IsOne as Select<C<P2>, SL>>::Output, HNil>, HCons<DL, HNil>>,
{
    type Shape = Rest::Shape;
    type Stride = Rest::Stride;
    #[inline(always)]
    fn start(self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head;
        let first = <SL::IsOne as Select<C<P2>, SL>>::select(C::new(), s);
        self.tail.bw(hcons(first, HNil), hcons(d, HNil))
    }
}

/// Coalesce a layout `(Self, D)` in internal form; `X = B1` for `coalesce_x`.
#[diagnostic::on_unimplemented(
    message = "cannot coalesce this layout",
    label = "coalesce needs a layout with at least one mode"
)]
#[doc(hidden)]
pub trait CoalesceImpl<D, X> {
    type Shape: Copy;
    type Stride: Copy;
    fn coalesce(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: Tup, D: Leaves, X> CoalesceImpl<D, X> for S
where
    S::Flat: Zip<D::Flat>,
    <S::Flat as Zip<D::Flat>>::Output: Reverse,
    <<S::Flat as Zip<D::Flat>>::Output as Reverse>::Output: CoalesceStart<X>,
{
    type Shape =
        <<<S::Flat as Zip<D::Flat>>::Output as Reverse>::Output as CoalesceStart<X>>::Shape;
    type Stride =
        <<<S::Flat as Zip<D::Flat>>::Output as Reverse>::Output as CoalesceStart<X>>::Stride;
    #[inline(always)]
    fn coalesce(self, d: D) -> (Self::Shape, Self::Stride) {
        self.flat().zip(d.leaves()).reverse().start()
    }
}

/// The by-mode coalesce operation (a profile leaf coalesces the whole mode).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct CoalesceOp;
impl TerminalOp for CoalesceOp {
    type KeepRest = B1;
}
macro_rules! coalesce_terminal {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S: CoalesceImpl<D, B0>, D> AtTerminal<CoalesceOp, S, D> for $ty {
            type Shape = S::Shape;
            type Stride = S::Stride;
            #[inline(always)]
            fn at(self, _: CoalesceOp, s: S, d: D) -> (S::Shape, S::Stride) {
                s.coalesce(d)
            }
        }
    )*};
}
coalesce_terminal!(C<N> => [N,], isize => []);

/// Replace the extent of every static-zero-stride leaf by `_1`.
#[doc(hidden)]
pub trait FilterZeros<D> {
    type Output: Copy;
    fn filter_zeros(self, d: D) -> Self::Output;
}
macro_rules! filter_leaf {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* D: Integral> FilterZeros<D> for $ty
        where
            $ty: Integral,
            D::IsZero: Select<C<P1>, $ty>,
        {
            type Output = <D::IsZero as Select<C<P1>, $ty>>::Output;
            #[inline(always)]
            fn filter_zeros(self, _: D) -> Self::Output {
                <D::IsZero as Select<C<P1>, $ty>>::select(C::new(), self)
            }
        }
    )*};
}
filter_leaf!(C<N> => [N,], isize => []);
impl FilterZeros<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn filter_zeros(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H: FilterZeros<DH>, T: FilterZeros<DT>, DH, DT> FilterZeros<HCons<DH, DT>> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn filter_zeros(self, d: HCons<DH, DT>) -> Self::Output {
        hcons(
            self.head.filter_zeros(d.head),
            self.tail.filter_zeros(d.tail),
        )
    }
}

/// CuTe's `filter` on internal forms: drop stride-0 and size-1 modes, coalesce.
#[doc(hidden)]
pub trait FilterImpl<D> {
    type Shape: Copy;
    type Stride: Copy;
    fn filter(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: FilterZeros<D>, D: Copy> FilterImpl<D> for S
where
    S::Output: CoalesceImpl<D, B0>,
{
    type Shape = <S::Output as CoalesceImpl<D, B0>>::Shape;
    type Stride = <S::Output as CoalesceImpl<D, B0>>::Stride;
    #[inline(always)]
    fn filter(self, d: D) -> (Self::Shape, Self::Stride) {
        self.filter_zeros(d).coalesce(d)
    }
}

/// The layout `coalesce(l)` returns.
///
/// ```
/// use cutlet::prelude::*;
/// let c: CoalesceLayoutT<shape_t!((2,(3,1))), shape_t!((1,(2,6)))> = coalesce(layout!((2,(3,1)):(1,(2,6))));
/// assert_eq!(c.to_string(), "_6:_1");
/// ```
#[doc(hidden)]
pub type CoalesceLayoutT<S, D> = LayoutOf<
    <ListOf<S> as CoalesceImpl<ListOf<D>, B0>>::Shape,
    <ListOf<S> as CoalesceImpl<ListOf<D>, B0>>::Stride,
>;

/// Layouts and tensors that CuTe's `coalesce` applies to; [`CoalesceT`] names the result. A
/// bound on this trait is how generic code asks for `coalesce` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn flat<L: Coalescable>(l: L) -> CoalesceT<L> { coalesce(l) }
/// assert_eq!(flat(layout!((2,4):(1,2))).to_string(), "_8:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`coalesce` is not defined for `{Self}`",
    label = "CuTe's conditions for `coalesce` do not hold here, or this is not a layout or tensor"
)]
pub trait Coalescable: crate::algebra::Sealed {
    /// The result of `coalesce`.
    type Output;
    /// CuTe's `coalesce` (see the free function).
    fn coalesce(self) -> Self::Output;
}
impl<S: ToList, D: ToList> Coalescable for Layout<S, D>
where
    ListOf<S>: CoalesceImpl<ListOf<D>, B0>,
    (
        <ListOf<S> as CoalesceImpl<ListOf<D>, B0>>::Shape,
        <ListOf<S> as CoalesceImpl<ListOf<D>, B0>>::Stride,
    ): LayoutResult,
{
    type Output = CoalesceLayoutT<S, D>;
    #[inline(always)]
    fn coalesce(self) -> Self::Output {
        let l = self;
        finish(|| l.shape().to_list().coalesce(l.stride().to_list()))
    }
}
impl<E, L: Coalescable> Coalescable for crate::tensor::Tensor<E, L> {
    type Output = crate::tensor::Tensor<E, L::Output>;
    #[inline(always)]
    fn coalesce(self) -> Self::Output {
        self.map_layout_with(|l| l.coalesce())
    }
}
/// The type of `coalesce(l)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn flat<L: Coalescable>(l: L) -> CoalesceT<L> { coalesce(l) }
/// assert_eq!(flat(layout!((2,4):(1,2))).to_string(), "_8:_1");
/// ```
pub type CoalesceT<L> = <L as Coalescable>::Output;

/// CuTe's `coalesce(layout)`: the same function on the layout's domain, with depth at
/// most 1 and modes merged wherever CuTe can prove it statically.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(coalesce(layout!((2,(3,1)):(1,(2,6)))).to_string(), "_6:_1");
/// assert_eq!(coalesce(layout!((2,4):(2,4))).to_string(), "_8:_2");
/// let n = 3;
/// assert_eq!(coalesce(layout!((2,n):(1,2))).to_string(), "(_2,3):(_1,_2)");
/// ```
#[inline(always)]
pub fn coalesce<L: Coalescable>(l: L) -> CoalesceT<L> {
    l.coalesce()
}

/// Layouts and tensors that CuTe's `coalesce_by` applies to with `profile`; [`CoalesceByT`] names the result. A
/// bound on this trait is how generic code asks for `coalesce_by` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn by_mode<L: CoalescableBy<P>, P>(l: L, p: P) -> CoalesceByT<L, P> { coalesce_by(l, p) }
/// assert_eq!(by_mode(layout!(((1,4),6):((1,1),4)), shape!((1,1))).to_string(), "(_4,_6):(_1,_4)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`coalesce_by` is not defined for `{Self}` with these arguments",
    label = "CuTe's conditions for `coalesce_by` do not hold here, or this is not a layout or tensor"
)]
pub trait CoalescableBy<P>: crate::algebra::Sealed {
    /// The result of `coalesce_by`.
    type Output;
    /// CuTe's `coalesce_by` (see the free function).
    fn coalesce_by(self, profile: P) -> Self::Output;
}
impl<S: ToList, D: ToList, P: ToList> CoalescableBy<P> for Layout<S, D>
where
    ListOf<P>: AtTerminal<CoalesceOp, ListOf<S>, ListOf<D>>,
    (
        <ListOf<P> as AtTerminal<CoalesceOp, ListOf<S>, ListOf<D>>>::Shape,
        <ListOf<P> as AtTerminal<CoalesceOp, ListOf<S>, ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Output = LayoutOf<
        <ListOf<P> as AtTerminal<CoalesceOp, ListOf<S>, ListOf<D>>>::Shape,
        <ListOf<P> as AtTerminal<CoalesceOp, ListOf<S>, ListOf<D>>>::Stride,
    >;
    #[inline(always)]
    fn coalesce_by(self, profile: P) -> Self::Output {
        let l = self;
        finish(|| {
            profile
                .to_list()
                .at(CoalesceOp, l.shape().to_list(), l.stride().to_list())
        })
    }
}
impl<E, L: CoalescableBy<P>, P> CoalescableBy<P> for crate::tensor::Tensor<E, L> {
    type Output = crate::tensor::Tensor<E, L::Output>;
    #[inline(always)]
    fn coalesce_by(self, profile: P) -> Self::Output {
        self.map_layout_with(|l| l.coalesce_by(profile))
    }
}
/// The type of `coalesce_by(l, profile)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn by_mode<L: CoalescableBy<P>, P>(l: L, p: P) -> CoalesceByT<L, P> { coalesce_by(l, p) }
/// assert_eq!(by_mode(layout!(((1,4),6):((1,1),4)), shape!((1,1))).to_string(), "(_4,_6):(_1,_4)");
/// ```
pub type CoalesceByT<L, P> = <L as CoalescableBy<P>>::Output;

/// CuTe's `coalesce(layout, profile)`: coalesce at the terminals of `profile`; modes
/// beyond it are kept.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((1,4),6):((1,1),4));
/// assert_eq!(coalesce_by(l, shape!((1, 1))).to_string(), "(_4,_6):(_1,_4)");
/// assert_eq!(coalesce_by(layout!(8:1), shape!((1))).to_string(), "(_8):(_1)");
/// ```
#[inline(always)]
pub fn coalesce_by<L: CoalescableBy<P>, P>(l: L, profile: P) -> CoalesceByT<L, P> {
    l.coalesce_by(profile)
}

/// Layouts that CuTe's `filter_zeros` applies to; [`FilterZerosT`] names the result. A
/// bound on this trait is how generic code asks for `filter_zeros` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: ZeroFilterable>(l: L) -> FilterZerosT<L> { filter_zeros(l) }
/// assert_eq!(f(layout!((4,2):(1,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`filter_zeros` is not defined for `{Self}`",
    label = "CuTe's conditions for `filter_zeros` do not hold here, or this is not a layout"
)]
pub trait ZeroFilterable: crate::algebra::Sealed {
    /// The result of `filter_zeros`.
    type Output;
    /// CuTe's `filter_zeros` (see the free function).
    fn filter_zeros(self) -> Self::Output;
}
impl<S: ToList, D: ToList> ZeroFilterable for Layout<S, D>
where
    ListOf<S>: FilterZeros<ListOf<D>>,
    <ListOf<S> as FilterZeros<ListOf<D>>>::Output: ToNative,
{
    type Output = Layout<<<ListOf<S> as FilterZeros<ListOf<D>>>::Output as ToNative>::Native, D>;
    #[inline(always)]
    fn filter_zeros(self) -> Self::Output {
        let l = self;
        Layout::from_parts(
            l.shape()
                .to_list()
                .filter_zeros(l.stride().to_list())
                .to_native(),
            l.stride(),
        )
    }
}
/// The type of `filter_zeros(l)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: ZeroFilterable>(l: L) -> FilterZerosT<L> { filter_zeros(l) }
/// assert_eq!(f(layout!((4,2):(1,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
pub type FilterZerosT<L> = <L as ZeroFilterable>::Output;

/// CuTe's `filter_zeros(layout)`: modes with a static zero stride get extent `_1`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(filter_zeros(layout!((4,2):(1,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
#[inline(always)]
pub fn filter_zeros<L: ZeroFilterable>(l: L) -> FilterZerosT<L> {
    l.filter_zeros()
}

/// Layouts that CuTe's `filter` applies to; [`FilterT`] names the result. A
/// bound on this trait is how generic code asks for `filter` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Filterable>(l: L) -> FilterT<L> { filter(l) }
/// assert_eq!(f(layout!((6,2,4):(1,0,6))).to_string(), "_24:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`filter` is not defined for `{Self}`",
    label = "CuTe's conditions for `filter` do not hold here, or this is not a layout"
)]
pub trait Filterable: crate::algebra::Sealed {
    /// The result of `filter`.
    type Output;
    /// CuTe's `filter` (see the free function).
    fn filter(self) -> Self::Output;
}
impl<S: ToList, D: ToList> Filterable for Layout<S, D>
where
    ListOf<S>: FilterImpl<ListOf<D>>,
    (
        <ListOf<S> as FilterImpl<ListOf<D>>>::Shape,
        <ListOf<S> as FilterImpl<ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Output = LayoutOf<
        <ListOf<S> as FilterImpl<ListOf<D>>>::Shape,
        <ListOf<S> as FilterImpl<ListOf<D>>>::Stride,
    >;
    #[inline(always)]
    fn filter(self) -> Self::Output {
        let l = self;
        finish(|| l.shape().to_list().filter(l.stride().to_list()))
    }
}
/// The type of `filter(l)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Filterable>(l: L) -> FilterT<L> { filter(l) }
/// assert_eq!(f(layout!((6,2,4):(1,0,6))).to_string(), "_24:_1");
/// ```
pub type FilterT<L> = <L as Filterable>::Output;

/// CuTe's `filter(layout)`: remove stride-0 and size-1 modes, then coalesce.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(filter(layout!((6,2,4):(1,0,6))).to_string(), "_24:_1");
/// ```
#[inline(always)]
pub fn filter<L: Filterable>(l: L) -> FilterT<L> {
    l.filter()
}
