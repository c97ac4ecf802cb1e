//! The layout algebra on swizzles and composed layouts (CuTe's layout_composed.hpp and
//! swizzle_layout.hpp): the shape operations act on the domain layout `B` and
//! re-compose with CuTe's three-argument `composition(A, O, B')`, which drops a swizzle
//! of no bits at offset `_0`.
//!
//! Runtime twin: `dynamic::composed_ops` (`apply_plain`, `compose_fn`, `map_b`).

use super::coalesce::{Coalescable, CoalescableBy};
use super::complement::{Complementable, ComplementableTo};
use super::composition::Composable;
use super::divide::Divisible;
use super::inverse::{LeftInvertible, RightInvertible};
use super::product::Multipliable;
use crate::int::C;
use crate::int::ToSigned;
use crate::layout::{
    ComposeParts, ComposedLayout, Cosized, Layout, ModeOp, OffsetAdd, Sliceable,
    SliceableWithOffset, Swizzle, SwizzleParams, make_composed_layout,
};
use crate::layout::{Crd2Idx, ListOf};
use crate::tuple::ToList;
use core::ops::{Add, BitOr, BitXor, Rem, Sub};
use typenum::{B0, B1, IsEqual, U0, UInt, UTerm, Unsigned, Z0};

impl<A: Copy, O: Copy, B: Copy + Composable<T>, T> Composable<T> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn composition(self, t: T) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.composition(t))
    }
}

/// `composition(swizzle, layout)` is `Sw o _0 o layout` (the layout itself for a swizzle
/// of no bits).
impl<Bb, M, S, LS: Copy, LD: Copy> Composable<Layout<LS, LD>> for Swizzle<Bb, M, S>
where
    Self: SwizzleParams + ComposeParts<C<Z0>, Layout<LS, LD>>,
{
    type Output = <Self as ComposeParts<C<Z0>, Layout<LS, LD>>>::Output;
    #[inline(always)]
    fn composition(self, l: Layout<LS, LD>) -> Self::Output {
        self.compose_parts(C::new(), l)
    }
}

impl<A: Copy, O: Copy, B: Copy + Coalescable> Coalescable for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn coalesce(self) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.coalesce())
    }
}

impl<A: Copy, O: Copy, B: Copy + CoalescableBy<P>, P> CoalescableBy<P> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn coalesce_by(self, p: P) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.coalesce_by(p))
    }
}

impl<A: Copy, O: Copy, B: Copy + Divisible<T, K>, T, K> Divisible<T, K> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn divide(self, t: T) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.divide(t))
    }
}

impl<A: Copy, O: Copy, B: Copy + Multipliable<T, K>, T, K> Multipliable<T, K>
    for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn product(self, t: T) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.product(t))
    }
}

/// CuTe: `cosize` of a composed layout is the cosize of its domain layout `B`.
impl<A: Copy, O: Copy, B: Copy + Cosized> Cosized for ComposedLayout<A, O, B> {
    type Output = B::Output;
    #[inline(always)]
    fn coshape(self) -> Self::Output {
        self.layout_b().coshape()
    }
}

/// CuTe's `slice_and_offset(c, a o o o b)`: `(a o (o + off) o slice(c, b), _0)`, always
/// composed (CuTe builds the `ComposedLayout` directly).
impl<A: Copy, O: Copy, B: Copy + SliceableWithOffset<Cd, Output = (BS, Off)>, Cd, BS, Off>
    SliceableWithOffset<Cd> for ComposedLayout<A, O, B>
where
    O: OffsetAdd<Off>,
{
    type Output = (ComposedLayout<A, O::Output, BS>, C<Z0>);
    #[inline(always)]
    fn slice_and_offset(self, c: Cd) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        let (s, off) = b.slice_and_offset(c);
        (make_composed_layout(a, o.offset_add(off), s), C::new())
    }
}
impl<A: Copy, O: Copy, B: Copy + SliceableWithOffset<Cd, Output = (BS, Off)>, Cd, BS, Off>
    Sliceable<Cd> for ComposedLayout<A, O, B>
where
    O: OffsetAdd<Off>,
{
    type Output = ComposedLayout<A, O::Output, BS>;
    #[inline(always)]
    fn slice(self, c: Cd) -> Self::Output {
        self.slice_and_offset(c).0
    }
}

/// The mode operations CuTe defines on a composed layout by acting on `B` (`select` of
/// a composed layout is CuTe's generic tuple `select`, not this).
#[doc(hidden)]
pub trait ComposedModeOp {}
impl<I> ComposedModeOp for crate::layout::GetOp<I> {}
impl<B, E> ComposedModeOp for crate::layout::TakeOp<B, E> {}
impl<B, E> ComposedModeOp for crate::layout::GroupOp<B, E> {}
impl ComposedModeOp for crate::layout::FlattenOp {}

/// CuTe's `get`, `take`, `group` and `flatten` of a composed layout act on `B`.
impl<A: Copy, O: Copy, B: Copy + ModeOp<Op>, Op: ComposedModeOp> ModeOp<Op>
    for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn mode_op(self, op: Op) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.mode_op(op))
    }
}

// ---------------------------------------------------------------------------------
// make_swizzle, composition of a layout with a swizzle, inverses (swizzle_layout.hpp)
// ---------------------------------------------------------------------------------

/// Number of set bits of an unsigned typenum integer.
#[doc(hidden)]
pub trait Popcount {
    type Output: Unsigned;
}
impl Popcount for UTerm {
    type Output = U0;
}
impl<U: Popcount> Popcount for UInt<U, B0> {
    type Output = U::Output;
}
impl<U: Popcount> Popcount for UInt<U, B1>
where
    U::Output: Add<B1, Output: Unsigned>,
{
    type Output = <U::Output as Add<B1>>::Output;
}
/// Number of trailing zero bits (32 for zero, as C++'s `countr_zero` of a `uint32_t`).
#[doc(hidden)]
pub trait Ctz {
    type Output: Unsigned;
}
impl Ctz for UTerm {
    type Output = typenum::U32;
}
impl<U: Unsigned> Ctz for UInt<U, B1> {
    type Output = U0;
}
impl<U: Ctz> Ctz for UInt<U, B0>
where
    U::Output: Add<B1, Output: Unsigned>,
{
    type Output = <U::Output as Add<B1>>::Output;
}

/// CuTe's `make_swizzle<Y, Z>` conditions.
#[diagnostic::on_unimplemented(
    message = "make_swizzle: the layout does not map the swizzle's bits to contiguous runs of equal length",
    label = "CuTe composes a layout with a swizzle only where the layout moves its Y and Z bits to another valid swizzle"
)]
pub trait MakeSwizzleValid {}
impl MakeSwizzleValid for B1 {}

type U32Of<X> = <X as crate::layout::NonNegative>::U;
type MinTz<Y, Z> = <<Y as Ctz>::Output as typenum::Min<<Z as Ctz>::Output>>::Output;
type MakeSw<Y, Z> =
    Swizzle<
        <Y as Popcount>::Output,
        <MinTz<Y, Z> as Rem<typenum::U32>>::Output,
        <<<Y as Ctz>::Output as ToSigned>::Output as Sub<
            <<Z as Ctz>::Output as ToSigned>::Output,
        >>::Output,
    >;
/// CuTe's `make_swizzle<Y, Z>()` of two static masks (non-negative static integers).
#[doc(hidden)]
pub trait MakeSwizzle<Z> {
    type Output: SwizzleParams;
}
impl<YN: crate::layout::NonNegative, ZN: crate::layout::NonNegative> MakeSwizzle<C<ZN>> for C<YN>
where
    U32Of<YN>: Popcount + Ctz + BitOr<U32Of<ZN>>,
    U32Of<ZN>: Popcount + Ctz,
    <U32Of<YN> as Popcount>::Output:
        IsEqual<<U32Of<ZN> as Popcount>::Output, Output: MakeSwizzleValid>,
    <U32Of<YN> as Ctz>::Output: typenum::Min<<U32Of<ZN> as Ctz>::Output> + ToSigned,
    <U32Of<ZN> as Ctz>::Output: ToSigned,
    MinTz<U32Of<YN>, U32Of<ZN>>: Rem<typenum::U32>,
    <<U32Of<YN> as Ctz>::Output as ToSigned>::Output:
        Sub<<<U32Of<ZN> as Ctz>::Output as ToSigned>::Output>,
    MakeSw<U32Of<YN>, U32Of<ZN>>: SwizzleParams,
    <MakeSw<U32Of<YN>, U32Of<ZN>> as SwizzleParams>::YMask:
        BitOr<<MakeSw<U32Of<YN>, U32Of<ZN>> as SwizzleParams>::ZMask>,
    <U32Of<YN> as BitOr<U32Of<ZN>>>::Output: IsEqual<
            <<MakeSw<U32Of<YN>, U32Of<ZN>> as SwizzleParams>::YMask as BitOr<
                <MakeSw<U32Of<YN>, U32Of<ZN>> as SwizzleParams>::ZMask,
            >>::Output,
            Output: MakeSwizzleValid,
        >,
{
    type Output = MakeSw<U32Of<YN>, U32Of<ZN>>;
}

type YAt<S, D, Sw> = <ListOf<C<<<Sw as SwizzleParams>::YMask as ToSigned>::Output>> as Crd2Idx<
    ListOf<S>,
    ListOf<D>,
>>::Output;
type ZAt<S, D, Sw> = <ListOf<C<<<Sw as SwizzleParams>::ZMask as ToSigned>::Output>> as Crd2Idx<
    ListOf<S>,
    ListOf<D>,
>>::Output;
type Conjugated<S, D, Sw> = <YAt<S, D, Sw> as MakeSwizzle<ZAt<S, D, Sw>>>::Output;

/// CuTe's `composition(layout, swizzle)`: the swizzle conjugated by the layout,
/// `make_swizzle<layout(yyy_msk), layout(zzz_msk)>() o layout` (the layout itself when
/// no bits are left).
impl<S: ToList + Copy, D: ToList + Copy, Bb, M, Sh> Composable<Swizzle<Bb, M, Sh>> for Layout<S, D>
where
    Swizzle<Bb, M, Sh>: SwizzleParams,
    <Swizzle<Bb, M, Sh> as SwizzleParams>::YMask: ToSigned,
    <Swizzle<Bb, M, Sh> as SwizzleParams>::ZMask: ToSigned,
    C<<<Swizzle<Bb, M, Sh> as SwizzleParams>::YMask as ToSigned>::Output>:
        ToList<List: Crd2Idx<ListOf<S>, ListOf<D>>>,
    C<<<Swizzle<Bb, M, Sh> as SwizzleParams>::ZMask as ToSigned>::Output>:
        ToList<List: Crd2Idx<ListOf<S>, ListOf<D>>>,
    YAt<S, D, Swizzle<Bb, M, Sh>>: MakeSwizzle<ZAt<S, D, Swizzle<Bb, M, Sh>>>,
    Conjugated<S, D, Swizzle<Bb, M, Sh>>: ComposeParts<C<Z0>, Self>,
{
    type Output = <Conjugated<S, D, Swizzle<Bb, M, Sh>> as ComposeParts<C<Z0>, Self>>::Output;
    #[inline(always)]
    fn composition(self, _: Swizzle<Bb, M, Sh>) -> Self::Output {
        Conjugated::<S, D, Swizzle<Bb, M, Sh>>::default().compose_parts(C::new(), self)
    }
}

/// CuTe's `composition(layout, A o O o B)` requires `O == _0`.
#[diagnostic::on_unimplemented(
    message = "composition of a layout with a composed layout requires its offset to be _0",
    label = "CuTe: `Require offset == 0.`"
)]
pub trait ZeroOffset {}
impl ZeroOffset for C<Z0> {}
impl<N> ZeroOffset for crate::layout::SmemPtrFlagBits<N> {}

/// CuTe's `composition(layout, Sw o O o B)` (`O == _0`): `composition(composition(layout,
/// Sw), B)`, for `B` a layout or a chain of swizzled composed layouts up to three deep
/// (right-nested, as compositions of composed layouts produce). Each depth is its own
/// impl with every swizzle spelled out: an impl generic over `B` lets the trait solver
/// recurse into ever deeper chains while a call's argument type is still unknown.
macro_rules! compose_layout_with_swizzled {
    ($([$b:ident, $m:ident, $s:ident]),*) => {
        impl<S: ToList + Copy, D: ToList + Copy, Bb, M, Sh, O: Copy + ZeroOffset, $($b, $m, $s,)* BS: Copy, BD: Copy>
            Composable<ComposedLayout<Swizzle<Bb, M, Sh>, O, compose_layout_with_swizzled!(@chain $([$b, $m, $s]),*)>>
            for Layout<S, D>
        where
            Self: Composable<Swizzle<Bb, M, Sh>>,
            <Self as Composable<Swizzle<Bb, M, Sh>>>::Output:
                Composable<compose_layout_with_swizzled!(@chain $([$b, $m, $s]),*)>,
        {
            type Output = <<Self as Composable<Swizzle<Bb, M, Sh>>>::Output as Composable<
                compose_layout_with_swizzled!(@chain $([$b, $m, $s]),*),
            >>::Output;
            #[inline(always)]
            fn composition(
                self,
                c: ComposedLayout<Swizzle<Bb, M, Sh>, O, compose_layout_with_swizzled!(@chain $([$b, $m, $s]),*)>,
            ) -> Self::Output {
                self.composition(c.layout_a()).composition(c.layout_b())
            }
        }
    };
    (@chain) => { Layout<BS, BD> };
    (@chain [$b:ident, $m:ident, $s:ident] $(, $rest:tt)*) => {
        ComposedLayout<Swizzle<$b, $m, $s>, C<Z0>, compose_layout_with_swizzled!(@chain $($rest),*)>
    };
}
compose_layout_with_swizzled!();
compose_layout_with_swizzled!([B1_, M1, S1]);
compose_layout_with_swizzled!([B1_, M1, S1], [B2, M2, S2]);

/// CuTe merges two swizzles only when their shifts are equal.
#[diagnostic::on_unimplemented(
    message = "composition of two swizzles needs equal shifts",
    label = "CuTe: `Can only merge swizzles of the same shift.`"
)]
pub trait SameShift {}
impl SameShift for B1 {}

type Xor<X, Y> = <X as BitXor<Y>>::Output;
type MaskOf<X> = C<<X as ToSigned>::Output>;
type MergedY<S0, S1> = MaskOf<Xor<<S0 as SwizzleParams>::YMask, <S1 as SwizzleParams>::YMask>>;
type MergedZ<S0, S1> = MaskOf<Xor<<S0 as SwizzleParams>::ZMask, <S1 as SwizzleParams>::ZMask>>;

/// CuTe's `composition(Swizzle, Swizzle)` (swizzle.hpp): one swizzle of the XORed Y and
/// Z masks, `make_swizzle<Y0 ^ Y1, Z0 ^ Z1>()`.
impl<B0, M0, S0, B1_, M1, S1> Composable<Swizzle<B1_, M1, S1>> for Swizzle<B0, M0, S0>
where
    Self: SwizzleParams<YMask: BitXor<<Swizzle<B1_, M1, S1> as SwizzleParams>::YMask>>
        + SwizzleParams<ZMask: BitXor<<Swizzle<B1_, M1, S1> as SwizzleParams>::ZMask>>,
    Swizzle<B1_, M1, S1>: SwizzleParams,
    S0: IsEqual<S1, Output: SameShift>,
    Xor<<Self as SwizzleParams>::YMask, <Swizzle<B1_, M1, S1> as SwizzleParams>::YMask>: ToSigned,
    Xor<<Self as SwizzleParams>::ZMask, <Swizzle<B1_, M1, S1> as SwizzleParams>::ZMask>: ToSigned,
    MergedY<Self, Swizzle<B1_, M1, S1>>: MakeSwizzle<MergedZ<Self, Swizzle<B1_, M1, S1>>>,
{
    type Output = <MergedY<Self, Swizzle<B1_, M1, S1>> as MakeSwizzle<
        MergedZ<Self, Swizzle<B1_, M1, S1>>,
    >>::Output;
    #[inline(always)]
    fn composition(self, _: Swizzle<B1_, M1, S1>) -> Self::Output {
        Self::Output::default()
    }
}

/// A swizzle is its own inverse.
impl<Bb, M, Sh> RightInvertible for Swizzle<Bb, M, Sh>
where
    Self: SwizzleParams,
{
    type Output = Self;
    #[inline(always)]
    fn right_inverse(self) -> Self {
        self
    }
}
impl<Bb, M, Sh> LeftInvertible for Swizzle<Bb, M, Sh>
where
    Self: SwizzleParams,
{
    type Output = Self;
    #[inline(always)]
    fn left_inverse(self) -> Self {
        self
    }
}
/// swizzle_layout.hpp: `(Sw o _0 o B)^-1 = B^-1 o Sw`.
impl<Bb, M, Sh, B: Copy + RightInvertible> RightInvertible
    for ComposedLayout<Swizzle<Bb, M, Sh>, C<Z0>, B>
where
    Swizzle<Bb, M, Sh>: SwizzleParams,
    B::Output: Composable<Swizzle<Bb, M, Sh>>,
{
    type Output = <B::Output as Composable<Swizzle<Bb, M, Sh>>>::Output;
    #[inline(always)]
    fn right_inverse(self) -> Self::Output {
        self.layout_b().right_inverse().composition(self.layout_a())
    }
}
impl<Bb, M, Sh, B: Copy + LeftInvertible> LeftInvertible
    for ComposedLayout<Swizzle<Bb, M, Sh>, C<Z0>, B>
where
    Swizzle<Bb, M, Sh>: SwizzleParams,
    B::Output: Composable<Swizzle<Bb, M, Sh>>,
{
    type Output = <B::Output as Composable<Swizzle<Bb, M, Sh>>>::Output;
    #[inline(always)]
    fn left_inverse(self) -> Self::Output {
        self.layout_b().left_inverse().composition(self.layout_a())
    }
}

/// CuTe: the complement of a composed layout is the complement of its domain layout `B`
/// (up to `cosize(B)`, the composed layout's cosize).
impl<A: Copy, O: Copy, B: Copy + Complementable> Complementable for ComposedLayout<A, O, B> {
    type Output = B::Output;
    #[inline(always)]
    fn complement(self) -> Self::Output {
        self.layout_b().complement()
    }
}
impl<A: Copy, O: Copy, B: Copy + ComplementableTo<CoT>, CoT> ComplementableTo<CoT>
    for ComposedLayout<A, O, B>
{
    type Output = B::Output;
    #[inline(always)]
    fn complement_to(self, cotarget: CoT) -> Self::Output {
        self.layout_b().complement_to(cotarget)
    }
}
