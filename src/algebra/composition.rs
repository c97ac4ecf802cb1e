//! `composition` on the type level: `R(c) = A(B(c))` (CuTe's `composition_impl`).
//!
//! A transliteration of CuTe's fold: the lhs is coalesced, then for each lhs mode but
//! the last, `(result_shape, result_stride, rest_shape, rest_stride)` is updated with
//! CuTe's formulas (quoted at each step). The runtime twin, which these types are
//! tested against, is `dynamic::algebra::composition::composition_impl`.
//!
//! Where CuTe statically asserts the stride and shape divisibility conditions,
//! composing static layouts that violate them does not compile.

use super::bymode::{AtTerminal, TerminalOp};
use super::coalesce::CoalesceImpl;
use super::tiler::{Lay, ToTiler};
use super::util::{LayoutOf, LayoutResult, Unwrap, finish};
use crate::int::{
    C, IntAbs, IntCeilDiv, IntMin, IntSignum, Integral, ScaledBasis, StaticEq, StaticLt, ZerosThen,
};
use crate::int::{IntDiv, IntMul, IntRem};
use crate::layout::{Layout, ListOf};
use crate::tuple::{Append, Get, HCons, HNil, If, SplitLast, ToList, Tup, Zip, hcons};
use core::ops::{BitAnd, BitOr};
use typenum::{B0, B1, P1, Z0};

/// The stride divisibility condition must hold where CuTe checks it statically: at
/// each mode of the left layout, the remaining stride of the right layout is a multiple
/// of the mode's extent (`stride % extent == 0`) or smaller than it (`stride < extent`).
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // The stride 3 meets the extent 2 of `(2,4)`: neither a multiple of it nor smaller.
/// let _ = composition(layout!(((2,4),2):((4,1),16)), layout!((3,3):(3,1)));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(composition(layout!((4,8):(13,1)), layout!(8:2)).to_string(), "(_2,_4):(_26,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: stride divisibility condition fails",
    label = "the right layout's stride must be a multiple of the left layout's extent or smaller than it",
    note = "CuTe static_asserts `(stride % extent == 0) or (stride < extent)` for static values"
)]
pub trait StrideDivisibility {}
impl StrideDivisibility for B1 {}

/// The shape divisibility condition must hold where CuTe checks it statically: the
/// right layout's remaining extent is a multiple of the extent it takes from each mode
/// of the left layout (`rest_shape % new_shape == 0`).
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // The extent 3 cannot be split across the mode of extent 2.
/// let _ = composition(layout!(((2,4)):((4,1))), layout!(3:1));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(composition(layout!((12,32):(32,1)), shape!((3, 8))).to_string(), "(_3,_8):(_32,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "composition: shape divisibility condition fails",
    label = "the right layout's remaining extent must be a multiple of the extent it takes from the left layout",
    note = "CuTe static_asserts `rest_shape % new_shape == 0` for static values"
)]
pub trait ShapeDivisibility {}
impl ShapeDivisibility for B1 {}

/// `If<both static, cond, B1>`.
type Checked<A, B, Cond> = <<<A as Integral>::IsStatic as BitAnd<<B as Integral>::IsStatic>>::Output as If<
    Cond,
    B1,
>>::Output;

type StrideCond<RSt, CS> = <<<RSt as IntRem<CS>>::Output as StaticEq<C<Z0>>>::Output as BitOr<
    <RSt as StaticLt<CS>>::Output,
>>::Output;

/// Composition of the rhs shape (`Self`) and stride `RD` after the lhs `(LS, LD)`.
#[doc(hidden)]
pub trait CompImpl<RD, LS, LD> {
    type Shape: Copy;
    type Stride: Copy;
    fn comp(self, rd: RD, ls: LS, ld: LD) -> (Self::Shape, Self::Stride);
}

// Right-distributivity over the modes of a tuple rhs.
impl<RD, LS, LD> CompImpl<RD, LS, LD> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn comp(self, _: RD, _: LS, _: LD) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<H, T, RDH, RDT, LS: Copy, LD: Copy> CompImpl<HCons<RDH, RDT>, LS, LD> for HCons<H, T>
where
    H: CompImpl<RDH, LS, LD>,
    T: CompImpl<RDT, LS, LD>,
{
    type Shape = HCons<H::Shape, T::Shape>;
    type Stride = HCons<H::Stride, T::Stride>;
    #[inline(always)]
    fn comp(self, rd: HCons<RDH, RDT>, ls: LS, ld: LD) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.head.comp(rd.head, ls, ld);
        let (st, dt) = self.tail.comp(rd.tail, ls, ld);
        (hcons(s, st), hcons(d, dt))
    }
}

#[doc(hidden)]
pub struct CZeroStride;
#[doc(hidden)]
pub struct CLeafLhs;
#[doc(hidden)]
pub struct CFold;

type LeafCase<RD, LS> = <<RD as Integral>::IsZero as If<
    CZeroStride,
    <<LS as Tup>::IsTuple as If<CFold, CLeafLhs>>::Output,
>>::Output;

macro_rules! comp_leaf {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* RD: Integral, LS: Tup, LD> CompImpl<RD, LS, LD> for $ty
        where
            $ty: Integral + CompLeaf<RD, LS, LD, LeafCase<RD, LS>>,
            LS::IsTuple: If<CFold, CLeafLhs>,
            RD::IsZero: If<CZeroStride, <LS::IsTuple as If<CFold, CLeafLhs>>::Output>,
        {
            type Shape = <$ty as CompLeaf<RD, LS, LD, LeafCase<RD, LS>>>::Shape;
            type Stride = <$ty as CompLeaf<RD, LS, LD, LeafCase<RD, LS>>>::Stride;
            #[inline(always)]
            fn comp(self, rd: RD, ls: LS, ld: LD) -> (Self::Shape, Self::Stride) {
                self.comp_leaf(rd, ls, ld)
            }
        }
    )*};
}
comp_leaf!(C<N> => [N,], isize => []);

/// The cases of `composition_impl` for an integral rhs mode.
#[doc(hidden)]
pub trait CompLeaf<RD, LS, LD, Case> {
    type Shape: Copy;
    type Stride: Copy;
    fn comp_leaf(self, rd: RD, ls: LS, ld: LD) -> (Self::Shape, Self::Stride);
}
impl<RS: Copy, RD: Copy, LS, LD> CompLeaf<RD, LS, LD, CZeroStride> for RS {
    type Shape = RS;
    type Stride = RD;
    #[inline(always)]
    fn comp_leaf(self, rd: RD, _: LS, _: LD) -> (RS, RD) {
        (self, rd)
    }
}
impl<RS: Copy, RD: IntMul<LD>, LS, LD> CompLeaf<RD, LS, LD, CLeafLhs> for RS
where
    <RD as IntMul<LD>>::Output: Copy,
{
    type Shape = RS;
    type Stride = <RD as IntMul<LD>>::Output;
    #[inline(always)]
    fn comp_leaf(self, rd: RD, _: LS, ld: LD) -> (RS, Self::Stride) {
        (self, rd.int_mul(ld))
    }
}
impl<RS, RD, LS, LD> CompLeaf<RD, LS, LD, CFold> for RS
where
    LS: SplitLast,
    LD: SplitLast,
    LS::Init: Zip<LD::Init>,
    <LS::Init as Zip<LD::Init>>::Output: CompFold<HNil, HNil, RS, RD, LD::Last>,
{
    type Shape =
        <<LS::Init as Zip<LD::Init>>::Output as CompFold<HNil, HNil, RS, RD, LD::Last>>::Shape;
    type Stride =
        <<LS::Init as Zip<LD::Init>>::Output as CompFold<HNil, HNil, RS, RD, LD::Last>>::Stride;
    #[inline(always)]
    fn comp_leaf(self, rd: RD, ls: LS, ld: LD) -> (Self::Shape, Self::Stride) {
        let (li, _) = ls.split_last();
        let (di, dl) = ld.split_last();
        li.zip(di).comp_fold(HNil, HNil, self, rd, dl)
    }
}

/// The fold over the lhs modes (all but the last) of `composition_impl`.
#[doc(hidden)]
pub trait CompFold<RSL, RDL, RSh, RSt, LastD> {
    type Shape: Copy;
    type Stride: Copy;
    fn comp_fold(
        self,
        result_shape: RSL,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride);
}
impl<RSL: CompFinish<RDL, RSh, RSt, LastD>, RDL, RSh, RSt, LastD>
    CompFold<RSL, RDL, RSh, RSt, LastD> for HNil
{
    type Shape = RSL::Shape;
    type Stride = RSL::Stride;
    #[inline(always)]
    fn comp_fold(
        self,
        result_shape: RSL,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride) {
        result_shape.finish(result_stride, rest_shape, rest_stride, last)
    }
}

type AbsT<X> = <X as IntAbs>::Output;
type NextShapeT<CS, RSt> = <CS as IntCeilDiv<AbsT<RSt>>>::Output;
type NextStrideT<CS, RSt> =
    <<AbsT<RSt> as IntCeilDiv<CS>>::Output as IntMul<<RSt as IntSignum>::Output>>::Output;
type SkipT<CS, RSt, RSh> =
    <<NextShapeT<CS, RSt> as Integral>::IsOne as BitOr<<RSh as Integral>::IsOne>>::Output;

impl<CS, CD, T, RSL, RDL, RSh, RSt, LastD> CompFold<RSL, RDL, RSh, RSt, LastD>
    for HCons<(CS, CD), T>
where
    CS: Integral,
    RSh: Integral,
    RSt: Integral + IntAbs + IntSignum + IntRem<CS> + StaticLt<CS>,
    <RSt as IntRem<CS>>::Output: StaticEq<C<Z0>>,
    <<RSt as IntRem<CS>>::Output as StaticEq<C<Z0>>>::Output: BitOr<<RSt as StaticLt<CS>>::Output>,
    RSt::IsStatic: BitAnd<CS::IsStatic>,
    <RSt::IsStatic as BitAnd<CS::IsStatic>>::Output: If<StrideCond<RSt, CS>, B1>,
    Checked<RSt, CS, StrideCond<RSt, CS>>: StrideDivisibility,
    CS: IntCeilDiv<AbsT<RSt>>,
    AbsT<RSt>: IntCeilDiv<CS>,
    <AbsT<RSt> as IntCeilDiv<CS>>::Output: IntMul<<RSt as IntSignum>::Output>,
    <NextShapeT<CS, RSt> as Integral>::IsOne: BitOr<RSh::IsOne>,
    HCons<(CS, CD), T>: CompStep<RSL, RDL, RSh, RSt, LastD, SkipT<CS, RSt, RSh>>,
{
    type Shape =
        <HCons<(CS, CD), T> as CompStep<RSL, RDL, RSh, RSt, LastD, SkipT<CS, RSt, RSh>>>::Shape;
    type Stride =
        <HCons<(CS, CD), T> as CompStep<RSL, RDL, RSh, RSt, LastD, SkipT<CS, RSt, RSh>>>::Stride;
    #[inline(always)]
    fn comp_fold(
        self,
        result_shape: RSL,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride) {
        self.step(result_shape, result_stride, rest_shape, rest_stride, last)
    }
}

/// One step of the fold: skip (`B1`) or split off a new result mode (`B0`).
#[doc(hidden)]
pub trait CompStep<RSL, RDL, RSh, RSt, LastD, Skip> {
    type Shape: Copy;
    type Stride: Copy;
    fn step(
        self,
        result_shape: RSL,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride);
}
impl<CS, CD, T, RSL, RDL, RSh, RSt, LastD> CompStep<RSL, RDL, RSh, RSt, LastD, B1>
    for HCons<(CS, CD), T>
where
    CS: Copy,
    RSt: Integral + IntAbs + IntSignum,
    AbsT<RSt>: IntCeilDiv<CS>,
    <AbsT<RSt> as IntCeilDiv<CS>>::Output: IntMul<<RSt as IntSignum>::Output>,
    T: CompFold<RSL, RDL, RSh, NextStrideT<CS, RSt>, LastD>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn step(
        self,
        result_shape: RSL,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride) {
        let curr_shape = self.head.0;
        // CuTe: next_shape or rest_shape is `_1`: skip the mode,
        //       -> (result_shape, result_stride, rest_shape, next_stride)
        let next_stride = rest_stride
            .int_abs()
            .int_ceil_div(curr_shape)
            .int_mul(rest_stride.int_signum());
        self.tail
            .comp_fold(result_shape, result_stride, rest_shape, next_stride, last)
    }
}

type NewShapeT<CS, RSt, RSh> = <NextShapeT<CS, RSt> as IntMin<RSh>>::Output;
type ShapeCond<RSh, NS> = <<RSh as IntRem<NS>>::Output as StaticEq<C<Z0>>>::Output;

impl<CS, CD, T, RSL, RDL, RSh, RSt, LastD> CompStep<RSL, RDL, RSh, RSt, LastD, B0>
    for HCons<(CS, CD), T>
where
    CS: Copy + IntCeilDiv<AbsT<RSt>>,
    RSh: Integral + IntRem<NewShapeT<CS, RSt, RSh>> + IntDiv<NewShapeT<CS, RSt, RSh>>,
    RSt: Copy + IntAbs + IntSignum + IntMul<CD>,
    AbsT<RSt>: IntCeilDiv<CS>,
    <AbsT<RSt> as IntCeilDiv<CS>>::Output: IntMul<<RSt as IntSignum>::Output>,
    NextShapeT<CS, RSt>: IntMin<RSh>,
    <RSh as IntRem<NewShapeT<CS, RSt, RSh>>>::Output: StaticEq<C<Z0>>,
    <NewShapeT<CS, RSt, RSh> as Integral>::IsStatic: BitAnd<RSh::IsStatic>,
    <<NewShapeT<CS, RSt, RSh> as Integral>::IsStatic as BitAnd<RSh::IsStatic>>::Output:
        If<ShapeCond<RSh, NewShapeT<CS, RSt, RSh>>, B1>,
    Checked<NewShapeT<CS, RSt, RSh>, RSh, ShapeCond<RSh, NewShapeT<CS, RSt, RSh>>>:
        ShapeDivisibility,
    RSL: Append<NewShapeT<CS, RSt, RSh>>,
    RDL: Append<<RSt as IntMul<CD>>::Output>,
    T: CompFold<
            <RSL as Append<NewShapeT<CS, RSt, RSh>>>::Output,
            <RDL as Append<<RSt as IntMul<CD>>::Output>>::Output,
            <RSh as IntDiv<NewShapeT<CS, RSt, RSh>>>::Output,
            NextStrideT<CS, RSt>,
            LastD,
        >,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn step(
        self,
        result_shape: RSL,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride) {
        let (curr_shape, curr_stride) = self.head;
        // CuTe: next_shape  = ceil_div(curr_shape, abs(rest_stride));
        //       next_stride = ceil_div(abs(rest_stride), curr_shape) * signum(rest_stride);
        //       new_shape   = min(next_shape, rest_shape);
        //       -> (append(result_shape, new_shape), append(result_stride,
        //           rest_stride * curr_stride), rest_shape / new_shape, next_stride)
        let abs = rest_stride.int_abs();
        let next_shape = curr_shape.int_ceil_div(abs);
        let next_stride = abs
            .int_ceil_div(curr_shape)
            .int_mul(rest_stride.int_signum());
        let new_shape = next_shape.int_min(rest_shape);
        self.tail.comp_fold(
            result_shape.append(new_shape),
            result_stride.append(rest_stride.int_mul(curr_stride)),
            rest_shape.int_div(new_shape),
            next_stride,
            last,
        )
    }
}

/// The end of `composition_impl`: assemble the result modes.
#[doc(hidden)]
pub trait CompFinish<RDL, RSh, RSt, LastD> {
    type Shape: Copy;
    type Stride: Copy;
    fn finish(
        self,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride);
}
impl<RDL, RSh: Copy, RSt: IntMul<LastD>, LastD> CompFinish<RDL, RSh, RSt, LastD> for HNil
where
    <RSt as IntMul<LastD>>::Output: Copy,
{
    type Shape = RSh;
    type Stride = <RSt as IntMul<LastD>>::Output;
    #[inline(always)]
    fn finish(self, _: RDL, rest_shape: RSh, rest_stride: RSt, last: LastD) -> (RSh, Self::Stride) {
        (rest_shape, rest_stride.int_mul(last))
    }
}
impl<H, T, RDL, RSh: Integral, RSt, LastD> CompFinish<RDL, RSh, RSt, LastD> for HCons<H, T>
where
    HCons<H, T>: CompFinishRest<RDL, RSh, RSt, LastD, RSh::IsOne>,
{
    type Shape = <HCons<H, T> as CompFinishRest<RDL, RSh, RSt, LastD, RSh::IsOne>>::Shape;
    type Stride = <HCons<H, T> as CompFinishRest<RDL, RSh, RSt, LastD, RSh::IsOne>>::Stride;
    #[inline(always)]
    fn finish(
        self,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride) {
        self.finish_rest(result_stride, rest_shape, rest_stride, last)
    }
}
/// A non-empty result: drop a trailing `_1` rest (unwrapping), or append the rest mode.
#[doc(hidden)]
pub trait CompFinishRest<RDL, RSh, RSt, LastD, RestIsOne> {
    type Shape: Copy;
    type Stride: Copy;
    fn finish_rest(
        self,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride);
}
impl<RSL: Unwrap, RDL: Unwrap, RSh, RSt, LastD> CompFinishRest<RDL, RSh, RSt, LastD, B1> for RSL {
    type Shape = RSL::Output;
    type Stride = RDL::Output;
    #[inline(always)]
    fn finish_rest(
        self,
        result_stride: RDL,
        _: RSh,
        _: RSt,
        _: LastD,
    ) -> (Self::Shape, Self::Stride) {
        (self.unwrap(), result_stride.unwrap())
    }
}
impl<RSL, RDL, RSh, RSt: IntMul<LastD>, LastD> CompFinishRest<RDL, RSh, RSt, LastD, B0> for RSL
where
    RSL: Append<RSh>,
    RDL: Append<<RSt as IntMul<LastD>>::Output>,
    <RSL as Append<RSh>>::Output: Copy,
    <RDL as Append<<RSt as IntMul<LastD>>::Output>>::Output: Copy,
{
    type Shape = <RSL as Append<RSh>>::Output;
    type Stride = <RDL as Append<<RSt as IntMul<LastD>>::Output>>::Output;
    #[inline(always)]
    fn finish_rest(
        self,
        result_stride: RDL,
        rest_shape: RSh,
        rest_stride: RSt,
        last: LastD,
    ) -> (Self::Shape, Self::Stride) {
        (
            self.append(rest_shape),
            result_stride.append(rest_stride.int_mul(last)),
        )
    }
}

/// The by-mode composition operation: at a layout terminal compose, at a shape
/// terminal compose with `n:_1`; modes beyond the tiler are dropped.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct ComposeOp;
impl TerminalOp for ComposeOp {
    type KeepRest = B0;
}
// CuTe: flat_lhs = coalesce_x(lhs, coprofile(rhs)); composition_impl(flat_lhs, rhs).
// For integer strides the coprofile is `_0` (coalesce the whole lhs); for scaled-basis
// strides it is the tuple of the coordinates they reach (coalesce mode by mode).
type FlatLhs<RD, S, D> = <<RD as Coprofile>::Output as AtTerminal<CoalesceXOp, S, D>>::Shape;
type FlatLhsD<RD, S, D> = <<RD as Coprofile>::Output as AtTerminal<CoalesceXOp, S, D>>::Stride;
impl<RS, RD, S, D> AtTerminal<ComposeOp, S, D> for Lay<RS, RD>
where
    RD: Coprofile,
    RD::Output: AtTerminal<CoalesceXOp, S, D>,
    RS: CompImpl<RD, FlatLhs<RD, S, D>, FlatLhsD<RD, S, D>>,
{
    type Shape = RS::Shape;
    type Stride = RS::Stride;
    #[inline(always)]
    fn at(self, _: ComposeOp, s: S, d: D) -> (Self::Shape, Self::Stride) {
        let (fs, fd) = RD::Output::default().at(CoalesceXOp, s, d);
        self.s.comp(self.d, fs, fd)
    }
}

/// By-mode `coalesce_x` (CuTe's `detail::coalesce_x(layout, profile)`): each profile
/// leaf coalesces its mode; modes beyond the profile are kept.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct CoalesceXOp;
impl TerminalOp for CoalesceXOp {
    type KeepRest = B1;
}
macro_rules! coalesce_x_terminal {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S: CoalesceImpl<D, B1>, D> AtTerminal<CoalesceXOp, S, D> for $ty {
            type Shape = S::Shape;
            type Stride = S::Stride;
            #[inline(always)]
            fn at(self, _: CoalesceXOp, s: S, d: D) -> (S::Shape, S::Stride) {
                s.coalesce(d)
            }
        }
    )*};
}
coalesce_x_terminal!(C<N> => [N,]);

/// CuTe's `coprofile(layout)` of a stride (internal form): `_0` when the strides are
/// integers, else a tuple of `_0`s congruent with the coordinate the scaled-basis
/// strides sum to (`repeat_like(as_arithmetic_tuple(sum(stride)), _0)`), computed from
/// the basis paths alone.
#[doc(hidden)]
pub trait Coprofile {
    type Output: Copy + Default;
}
impl<N> Coprofile for C<N> {
    type Output = C<Z0>;
}
impl Coprofile for isize {
    type Output = C<Z0>;
}
impl<V, P: ZeroPath> Coprofile for ScaledBasis<V, P> {
    type Output = P::Output;
}
impl Coprofile for HNil {
    type Output = C<Z0>;
}
impl<H: Coprofile, T: Coprofile> Coprofile for HCons<H, T>
where
    H::Output: ProfileMerge<T::Output>,
{
    type Output = <H::Output as ProfileMerge<T::Output>>::Output;
}
/// The `_0` profile of one basis path: `_0`s before the path's index, then the rest.
#[doc(hidden)]
pub trait ZeroPath {
    type Output: Copy + Default;
}
impl ZeroPath for HNil {
    type Output = C<Z0>;
}
impl<I: ZerosThen<<R as ZeroPath>::Output>, R: ZeroPath> ZeroPath for HCons<I, R>
where
    I::Output: Default,
{
    type Output = I::Output;
}
/// The profile of a sum: `_0` is neutral, tuples merge element-wise (longer wins).
#[doc(hidden)]
pub trait ProfileMerge<R> {
    type Output: Copy + Default;
}
impl<R: Copy + Default> ProfileMerge<R> for C<Z0> {
    type Output = R;
}
impl<R: Copy + Default> ProfileMerge<R> for HNil {
    type Output = R;
}
impl<A, AT> ProfileMerge<C<Z0>> for HCons<A, AT>
where
    HCons<A, AT>: Copy + Default,
{
    type Output = HCons<A, AT>;
}
impl<A, AT> ProfileMerge<HNil> for HCons<A, AT>
where
    HCons<A, AT>: Copy + Default,
{
    type Output = HCons<A, AT>;
}
impl<A: ProfileMerge<B>, AT: ProfileMerge<BT>, B, BT> ProfileMerge<HCons<B, BT>> for HCons<A, AT> {
    type Output = HCons<A::Output, AT::Output>;
}

/// CuTe's `basis_get(stride, tuple)`: the sub-tuple at a basis path.
#[doc(hidden)]
pub trait GetPath<P> {
    type Output: Copy;
    fn get_path(self) -> Self::Output;
}
impl<T: Copy> GetPath<HNil> for T {
    type Output = T;
    #[inline(always)]
    fn get_path(self) -> T {
        self
    }
}
impl<T: Get<I>, I, R> GetPath<HCons<I, R>> for T
where
    T::Output: GetPath<R>,
{
    type Output = <T::Output as GetPath<R>>::Output;
    #[inline(always)]
    fn get_path(self) -> Self::Output {
        self.get().get_path()
    }
}

// CuTe: a scaled-basis rhs stride composes with the lhs modes at its path:
// composition_impl(basis_get(rhs_stride, lhs_shape), basis_get(rhs_stride, lhs_stride),
//                  rhs_shape, basis_value(rhs_stride)).
macro_rules! comp_basis_leaf {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* V: Copy, P, LS: GetPath<P>, LD: GetPath<P>> CompImpl<ScaledBasis<V, P>, LS, LD>
            for $ty
        where
            $ty: CompImpl<V, LS::Output, LD::Output>,
        {
            type Shape = <$ty as CompImpl<V, LS::Output, LD::Output>>::Shape;
            type Stride = <$ty as CompImpl<V, LS::Output, LD::Output>>::Stride;
            #[inline(always)]
            fn comp(self, rd: ScaledBasis<V, P>, ls: LS, ld: LD) -> (Self::Shape, Self::Stride) {
                self.comp(rd.value(), ls.get_path(), ld.get_path())
            }
        }
    )*};
}
comp_basis_leaf!(C<N> => [N,], isize => []);
macro_rules! comp_terminal_leaf {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S, D> AtTerminal<ComposeOp, S, D> for $ty
        where
            S: CoalesceImpl<D, B1>,
            $ty: CompImpl<C<P1>, S::Shape, S::Stride>,
        {
            type Shape = <$ty as CompImpl<C<P1>, S::Shape, S::Stride>>::Shape;
            type Stride = <$ty as CompImpl<C<P1>, S::Shape, S::Stride>>::Stride;
            #[inline(always)]
            fn at(self, _: ComposeOp, s: S, d: D) -> (Self::Shape, Self::Stride) {
                let (fs, fd) = s.coalesce(d);
                self.comp(C::new(), fs, fd)
            }
        }
    )*};
}
comp_terminal_leaf!(C<N> => [N,], isize => []);

/// The type of `composition(layout, tiler)`.
///
/// ```
/// use cutlet::prelude::*;
/// let c: CompositionLayoutT<shape_t!((4,8)), shape_t!((13,1)), layout_t!(8:2)> = composition(layout!((4,8):(13,1)), layout!(8:2));
/// assert_eq!(c.to_string(), "(_2,_4):(_26,_1)");
/// ```
#[doc(hidden)]
pub type CompositionLayoutT<S, D, T> = LayoutOf<
    <<T as ToTiler>::Tiler as AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>>::Shape,
    <<T as ToTiler>::Tiler as AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>>::Stride,
>;

/// Layouts and tensors that CuTe's `composition` applies to with `b`; [`CompositionT`] names the result. A
/// bound on this trait is how generic code asks for `composition` (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Composable<T>, T>(l: L, t: T) -> CompositionT<L, T> { composition(l, t) }
/// assert_eq!(f(layout!((4,8):(13,1)), layout!(8:2)).to_string(), "(_2,_4):(_26,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`composition` is not defined for `{Self}` with these arguments",
    label = "CuTe's conditions for `composition` do not hold here, or this is not a layout or tensor"
)]
pub trait Composable<T>: crate::algebra::Sealed {
    /// The result of `composition`.
    type Output;
    /// CuTe's `composition` (see the free function).
    fn composition(self, b: T) -> Self::Output;
}
impl<S: ToList, D: ToList, T: ToTiler> Composable<T> for Layout<S, D>
where
    T::Tiler: AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>,
    (
        <T::Tiler as AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>>::Shape,
        <T::Tiler as AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Output = CompositionLayoutT<S, D, T>;
    #[inline(always)]
    fn composition(self, b: T) -> Self::Output {
        let a = self;
        finish(|| {
            b.to_tiler()
                .at(ComposeOp, a.shape().to_list(), a.stride().to_list())
        })
    }
}
impl<E, L: Composable<T>, T> Composable<T> for crate::tensor::Tensor<E, L> {
    type Output = crate::tensor::Tensor<E, L::Output>;
    #[inline(always)]
    fn composition(self, b: T) -> Self::Output {
        self.map_layout_with(|l| l.composition(b))
    }
}
/// The type of `composition(l, b)` for `l: L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Composable<T>, T>(l: L, t: T) -> CompositionT<L, T> { composition(l, t) }
/// assert_eq!(f(layout!((4,8):(13,1)), layout!(8:2)).to_string(), "(_2,_4):(_26,_1)");
/// ```
pub type CompositionT<L, T> = <L as Composable<T>>::Output;

/// CuTe's `composition(a, b)`: the layout `R` with `R(c) = a(b(c))`, compatible with
/// `b`. `b` is a layout, a shape tiler (`shape!((3,8))`: by-mode with stride-1 layouts),
/// or a tile of layouts (`(layout!(3:4), layout!(8:2))`); modes of `a` that a tuple
/// tiler does not reach are dropped.
///
/// ```
/// use cutlet::prelude::*;
/// let a = layout!((4,8):(13,1));
/// assert_eq!(composition(a, layout!(8:2)).to_string(), "(_2,_4):(_26,_1)");
/// let b = layout!((12,32):(32,1));
/// assert_eq!(composition(b, (layout!(3:4), layout!(8:2))).to_string(), "(_3,_8):(_128,_2)");
/// assert_eq!(composition(b, shape!((3, 8))).to_string(), "(_3,_8):(_32,_1)");
/// ```
#[inline(always)]
pub fn composition<L: Composable<T>, T>(l: L, b: T) -> CompositionT<L, T> {
    l.composition(b)
}
