//! `upcast::<N>`, `downcast::<N>` and `recast_layout::<Old, New>` on the type level
//! (CuTe's layout.hpp, swizzle.hpp, layout_composed.hpp and pointer_flagged.hpp): the
//! same memory seen as elements `N` times wider or narrower.
//!
//! Runtime twin: `dynamic::algebra::recast` (`upcast_leaf`, `downcast`) and
//! `dynamic::composed_ops` (`upcast`, `downcast`, `upcast_offset`).

use crate::int::{C, IntCeilDiv, IntDiv, IntMul, Integral};
use crate::layout::{
    ComposeParts, ComposedLayout, Layout, ListOf, SmemPtrFlagBits, Swizzle, SwizzleParams,
    SwizzleRecast, UnsignedOffset,
};
use crate::tuple::{HCons, HNil, ToList, ToNative, hcons};
use core::ops::{Add, BitOr, Div, Mul, Rem, Sub};
use typenum::{
    B0, B1, Bit, Const, Gcd, Integer, IsEqual, NInt, NonZero, PInt, ToUInt, U, U0, U1, Unsigned, Z0,
};

/// CuTe's `upcast<N>` condition on a static stride: it and `N` divide one another.
#[diagnostic::on_unimplemented(
    message = "upcast: a static stride and N do not divide one another",
    label = "CuTe's upcast<N> needs every static stride to be a multiple or a divisor of N"
)]
pub trait UpcastStrideDivides {}
impl UpcastStrideDivides for B1 {}

/// CuTe's `downcast<N>` condition: some stride is the static `_1` (adjacent elements).
#[diagnostic::on_unimplemented(
    message = "downcast: the layout has no static _1 stride",
    label = "CuTe's downcast<N> splits elements that are adjacent in memory: it needs a static _1 stride"
)]
pub trait DowncastHasUnitStride {}
impl DowncastHasUnitStride for B1 {}

/// The signed static `N` of an unsigned count.
type Signed<N> = <N as crate::int::ToSigned>::Output;

/// Upcast of a (shape, stride) pair of leaves, or of congruent lists, by the count `N`
/// (unsigned typenum).
#[doc(hidden)]
pub trait UpcastParts<D, N> {
    type Shape: Copy;
    type Stride: Copy;
    fn upcast_parts(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<N> UpcastParts<HNil, N> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn upcast_parts(self, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<SH: UpcastParts<DH, N>, ST: UpcastParts<DT, N>, DH, DT, N> UpcastParts<HCons<DH, DT>, N>
    for HCons<SH, ST>
{
    type Shape = HCons<SH::Shape, ST::Shape>;
    type Stride = HCons<SH::Stride, ST::Stride>;
    #[inline(always)]
    fn upcast_parts(self, d: HCons<DH, DT>) -> (Self::Shape, Self::Stride) {
        let (hs, hd) = self.head.upcast_parts(d.head);
        let (ts, td) = self.tail.upcast_parts(d.tail);
        (hcons(hs, ts), hcons(hd, td))
    }
}
// A static zero stride stays.
macro_rules! upcast_leaf_zero {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* N> UpcastParts<C<Z0>, N> for $ty {
            type Shape = $ty;
            type Stride = C<Z0>;
            #[inline(always)]
            fn upcast_parts(self, d: C<Z0>) -> ($ty, C<Z0>) {
                (self, d)
            }
        }
        // A dynamic stride is assumed to be a multiple of N (CuTe's safe_div).
        impl<$($g)* N: crate::int::ToSigned> UpcastParts<isize, N> for $ty
        where
            isize: IntDiv<C<Signed<N>>, Output = isize>,
        {
            type Shape = $ty;
            type Stride = isize;
            #[inline(always)]
            fn upcast_parts(self, d: isize) -> ($ty, isize) {
                (self, d.int_div(C::new()))
            }
        }
        impl<$($g)* U: Unsigned + NonZero, N> UpcastParts<C<PInt<U>>, N> for $ty
        where
            U: UpcastCheck<N>,
            $ty: IntCeilDiv<C<PInt<<U as UpcastCheck<N>>::K>>>,
            <$ty as IntCeilDiv<C<PInt<<U as UpcastCheck<N>>::K>>>>::Output: Copy,
        {
            type Shape = <$ty as IntCeilDiv<C<PInt<<U as UpcastCheck<N>>::K>>>>::Output;
            type Stride = C<PInt<<U as UpcastCheck<N>>::Q>>;
            #[inline(always)]
            fn upcast_parts(self, _: C<PInt<U>>) -> (Self::Shape, Self::Stride) {
                (self.int_ceil_div(C::new()), C::new())
            }
        }
        impl<$($g)* U: Unsigned + NonZero, N> UpcastParts<C<NInt<U>>, N> for $ty
        where
            U: UpcastCheck<N>,
            $ty: IntCeilDiv<C<PInt<<U as UpcastCheck<N>>::K>>>,
            <$ty as IntCeilDiv<C<PInt<<U as UpcastCheck<N>>::K>>>>::Output: Copy,
        {
            type Shape = <$ty as IntCeilDiv<C<PInt<<U as UpcastCheck<N>>::K>>>>::Output;
            type Stride = C<NInt<<U as UpcastCheck<N>>::Q>>;
            #[inline(always)]
            fn upcast_parts(self, _: C<NInt<U>>) -> (Self::Shape, Self::Stride) {
                (self.int_ceil_div(C::new()), C::new())
            }
        }
    )*};
}
upcast_leaf_zero!(C<S0> => [S0,], isize => []);

type CeilDivU<A, B> = <<<A as Add<B>>::Output as Sub<U1>>::Output as Div<B>>::Output;
type DividesU<A, B> = <<A as Rem<B>>::Output as IsEqual<U0>>::Output;
/// A static stride `|d|` and `N`: CuTe's check that they divide one another, the
/// shape divisor `K = ceil_div(N, |d|)` and the new `|stride| Q = ceil_div(|d|, N)`.
#[doc(hidden)]
pub trait UpcastCheck<N> {
    type K: Unsigned + NonZero;
    type Q: Unsigned + NonZero;
}
impl<D, N> UpcastCheck<N> for D
where
    D: Unsigned + NonZero + Rem<N> + Add<N>,
    N: Unsigned + NonZero + Rem<D> + Add<D>,
    <D as Rem<N>>::Output: IsEqual<U0>,
    <N as Rem<D>>::Output: IsEqual<U0>,
    DividesU<D, N>: BitOr<DividesU<N, D>, Output: UpcastStrideDivides>,
    <N as Add<D>>::Output: Sub<U1, Output: Div<D, Output: Unsigned + NonZero>>,
    <D as Add<N>>::Output: Sub<U1, Output: Div<N, Output: Unsigned + NonZero>>,
{
    type K = CeilDivU<N, D>;
    type Q = CeilDivU<D, N>;
}

/// `B1` when some leaf is the static `_1`.
#[doc(hidden)]
pub trait HasUnit {
    type Output: Bit;
}
impl HasUnit for HNil {
    type Output = B0;
}
impl<H: HasUnit, T: HasUnit> HasUnit for HCons<H, T>
where
    H::Output: BitOr<T::Output, Output: Bit>,
{
    type Output = <H::Output as BitOr<T::Output>>::Output;
}
impl<N: Integer> HasUnit for C<N>
where
    C<N>: Integral,
{
    type Output = <C<N> as Integral>::IsOne;
}
impl HasUnit for isize {
    type Output = B0;
}

/// `B1` for the static `_1` or `_-1` stride.
#[doc(hidden)]
pub trait UnitStride {
    type Output;
}
impl UnitStride for isize {
    type Output = B0;
}
impl<N: typenum::Abs> UnitStride for C<N>
where
    N::Output: IsEqual<typenum::P1>,
{
    type Output = <N::Output as IsEqual<typenum::P1>>::Output;
}

/// Downcast of (shape, stride) leaves or congruent lists by `N`.
#[doc(hidden)]
pub trait DowncastParts<D, N> {
    type Shape: Copy;
    type Stride: Copy;
    fn downcast_parts(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<N> DowncastParts<HNil, N> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn downcast_parts(self, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<SH: DowncastParts<DH, N>, ST: DowncastParts<DT, N>, DH, DT, N> DowncastParts<HCons<DH, DT>, N>
    for HCons<SH, ST>
{
    type Shape = HCons<SH::Shape, ST::Shape>;
    type Stride = HCons<SH::Stride, ST::Stride>;
    #[inline(always)]
    fn downcast_parts(self, d: HCons<DH, DT>) -> (Self::Shape, Self::Stride) {
        let (hs, hd) = self.head.downcast_parts(d.head);
        let (ts, td) = self.tail.downcast_parts(d.tail);
        (hcons(hs, ts), hcons(hd, td))
    }
}
macro_rules! downcast_leaf {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* D: Integral + UnitStride, N> DowncastParts<D, N> for $ty
        where
            D::Output: DowncastLeaf<$ty, D, N>,
        {
            type Shape = <D::Output as DowncastLeaf<$ty, D, N>>::Shape;
            type Stride = <D::Output as DowncastLeaf<$ty, D, N>>::Stride;
            #[inline(always)]
            fn downcast_parts(self, d: D) -> (Self::Shape, Self::Stride) {
                <D::Output as DowncastLeaf<$ty, D, N>>::downcast_leaf(self, d)
            }
        }
    )*};
}
downcast_leaf!(C<S0> => [S0,], isize => []);
/// `B1`: a unit stride, the shape grows by `N`; `B0`: the stride is multiplied by `N`.
#[doc(hidden)]
pub trait DowncastLeaf<S, D, N> {
    type Shape: Copy;
    type Stride: Copy;
    fn downcast_leaf(s: S, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: IntMul<C<Signed<N>>>, D: Copy, N: crate::int::ToSigned> DowncastLeaf<S, D, N> for B1 {
    type Shape = S::Output;
    type Stride = D;
    #[inline(always)]
    fn downcast_leaf(s: S, d: D) -> (Self::Shape, D) {
        (s.int_mul(C::new()), d)
    }
}
impl<S: Copy, D: IntMul<C<Signed<N>>>, N: crate::int::ToSigned> DowncastLeaf<S, D, N> for B0 {
    type Shape = S;
    type Stride = D::Output;
    #[inline(always)]
    fn downcast_leaf(s: S, d: D) -> (S, Self::Stride) {
        (s, d.int_mul(C::new()))
    }
}

#[doc(hidden)]
pub trait UpcastBy<N>: Copy {
    type Output;
    fn upcast_by(self) -> Self::Output;
}
#[doc(hidden)]
pub trait DowncastBy<N>: Copy {
    type Output;
    fn downcast_by(self) -> Self::Output;
}
impl<S: ToList + Copy, D: ToList + Copy, N> UpcastBy<N> for Layout<S, D>
where
    ListOf<S>: UpcastParts<ListOf<D>, N>,
    <ListOf<S> as UpcastParts<ListOf<D>, N>>::Shape: ToNative,
    <ListOf<S> as UpcastParts<ListOf<D>, N>>::Stride: ToNative,
{
    type Output = Layout<
        <<ListOf<S> as UpcastParts<ListOf<D>, N>>::Shape as ToNative>::Native,
        <<ListOf<S> as UpcastParts<ListOf<D>, N>>::Stride as ToNative>::Native,
    >;
    #[inline(always)]
    fn upcast_by(self) -> Self::Output {
        let (s, d) = self.shape().to_list().upcast_parts(self.stride().to_list());
        Layout::from_parts(s.to_native(), d.to_native())
    }
}
impl<S: ToList + Copy, D: ToList + Copy, N> DowncastBy<N> for Layout<S, D>
where
    ListOf<D>: crate::tuple::Leaves,
    <ListOf<D> as crate::tuple::Leaves>::Flat: HasUnit,
    <<ListOf<D> as crate::tuple::Leaves>::Flat as HasUnit>::Output: DowncastHasUnitStride,
    ListOf<S>: DowncastParts<ListOf<D>, N>,
    <ListOf<S> as DowncastParts<ListOf<D>, N>>::Shape: ToNative,
    <ListOf<S> as DowncastParts<ListOf<D>, N>>::Stride: ToNative,
{
    type Output = Layout<
        <<ListOf<S> as DowncastParts<ListOf<D>, N>>::Shape as ToNative>::Native,
        <<ListOf<S> as DowncastParts<ListOf<D>, N>>::Stride as ToNative>::Native,
    >;
    #[inline(always)]
    fn downcast_by(self) -> Self::Output {
        let (s, d) = self
            .shape()
            .to_list()
            .downcast_parts(self.stride().to_list());
        Layout::from_parts(s.to_native(), d.to_native())
    }
}
impl<Bb, M, S, N> UpcastBy<N> for Swizzle<Bb, M, S>
where
    Self: SwizzleRecast<N>,
    <Self as SwizzleRecast<N>>::Up: SwizzleParams,
{
    type Output = <Self as SwizzleRecast<N>>::Up;
    #[inline(always)]
    fn upcast_by(self) -> Self::Output {
        Default::default()
    }
}
impl<Bb, M, S, N> DowncastBy<N> for Swizzle<Bb, M, S>
where
    Self: SwizzleRecast<N>,
    <Self as SwizzleRecast<N>>::Down: SwizzleParams,
{
    type Output = <Self as SwizzleRecast<N>>::Down;
    #[inline(always)]
    fn downcast_by(self) -> Self::Output {
        Default::default()
    }
}

/// The offset of a recast composed layout: a static offset is divided (it must be a
/// multiple of `N`) or multiplied, with an unsigned result as CuTe's `safe_div(O, C<N>)`;
/// CuTe finds no recast of a dynamic offset.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "cannot recast the offset `{Self}` of a composed layout",
    label = "CuTe recasts static offsets only (an upcast needs a multiple of N)"
)]
pub trait OffsetRecast<N> {
    type Up: Copy;
    type Down: Copy;
}
impl<O: Integer + Rem<Signed<N>> + Div<Signed<N>> + Mul<Signed<N>>, N: crate::int::ToSigned>
    OffsetRecast<N> for C<O>
{
    type Up = UnsignedOffset<<O as Div<Signed<N>>>::Output>;
    type Down = UnsignedOffset<<O as Mul<Signed<N>>>::Output>;
}
impl<O: Integer + Rem<Signed<N>> + Div<Signed<N>> + Mul<Signed<N>>, N: crate::int::ToSigned>
    OffsetRecast<N> for UnsignedOffset<O>
{
    type Up = UnsignedOffset<<O as Div<Signed<N>>>::Output>;
    type Down = UnsignedOffset<<O as Mul<Signed<N>>>::Output>;
}

/// Upcast of a composed layout: pointer_flagged.hpp keeps the swizzle of an smem
/// pointer flag and records the wider element; otherwise all three parts are recast.
#[doc(hidden)]
pub trait ComposedRecast<A, B, N> {
    type Up;
    type Down;
    fn up(a: A, b: B) -> Self::Up;
    fn down(a: A, b: B) -> Self::Down;
}
impl<A: Copy, B: UpcastBy<N> + DowncastBy<N>, Bits, N> ComposedRecast<A, B, N>
    for SmemPtrFlagBits<Bits>
where
    Bits: Mul<N> + Div<N>,
{
    type Up =
        ComposedLayout<A, SmemPtrFlagBits<<Bits as Mul<N>>::Output>, <B as UpcastBy<N>>::Output>;
    type Down =
        ComposedLayout<A, SmemPtrFlagBits<<Bits as Div<N>>::Output>, <B as DowncastBy<N>>::Output>;
    #[inline(always)]
    fn up(a: A, b: B) -> Self::Up {
        crate::layout::make_composed_layout(a, SmemPtrFlagBits::new(), b.upcast_by())
    }
    #[inline(always)]
    fn down(a: A, b: B) -> Self::Down {
        crate::layout::make_composed_layout(a, SmemPtrFlagBits::new(), b.downcast_by())
    }
}
macro_rules! composed_recast_static {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* A, B, N> ComposedRecast<A, B, N> for $ty
        where
            $ty: OffsetRecast<N>,
            A: UpcastBy<N> + DowncastBy<N>,
            B: UpcastBy<N> + DowncastBy<N>,
            <A as UpcastBy<N>>::Output: ComposeParts<<$ty as OffsetRecast<N>>::Up, <B as UpcastBy<N>>::Output>,
            <A as DowncastBy<N>>::Output: ComposeParts<<$ty as OffsetRecast<N>>::Down, <B as DowncastBy<N>>::Output>,
            <$ty as OffsetRecast<N>>::Up: Default,
            <$ty as OffsetRecast<N>>::Down: Default,
        {
            type Up = <<A as UpcastBy<N>>::Output as ComposeParts<<$ty as OffsetRecast<N>>::Up, <B as UpcastBy<N>>::Output>>::Output;
            type Down = <<A as DowncastBy<N>>::Output as ComposeParts<<$ty as OffsetRecast<N>>::Down, <B as DowncastBy<N>>::Output>>::Output;
            #[inline(always)]
            fn up(a: A, b: B) -> Self::Up {
                a.upcast_by().compose_parts(Default::default(), b.upcast_by())
            }
            #[inline(always)]
            fn down(a: A, b: B) -> Self::Down {
                a.downcast_by().compose_parts(Default::default(), b.downcast_by())
            }
        }
    )*};
}
composed_recast_static!(C<O0> => [O0,], UnsignedOffset<O0> => [O0,]);

impl<A: Copy, O: Copy + ComposedRecast<A, B, N>, B: Copy, N> UpcastBy<N>
    for ComposedLayout<A, O, B>
{
    type Output = O::Up;
    #[inline(always)]
    fn upcast_by(self) -> Self::Output {
        O::up(self.layout_a(), self.layout_b())
    }
}
impl<A: Copy, O: Copy + ComposedRecast<A, B, N>, B: Copy, N> DowncastBy<N>
    for ComposedLayout<A, O, B>
{
    type Output = O::Down;
    #[inline(always)]
    fn downcast_by(self) -> Self::Output {
        O::down(self.layout_a(), self.layout_b())
    }
}

/// Layouts, swizzles and composed layouts that CuTe's `upcast<N>` applies to;
/// [`UpcastT`] names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Upcast<2>>(l: L) -> UpcastT<L, 2> { upcast::<2, _>(l) }
/// assert_eq!(f(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`upcast::<{N}>` is not defined for `{Self}`",
    label = "CuTe's conditions for upcast do not hold (every static stride and N must divide one another)"
)]
pub trait Upcast<const N: usize>: crate::algebra::Sealed {
    /// The result.
    type Output;
    /// CuTe's `upcast<N>`.
    fn upcast(self) -> Self::Output;
}
impl<const N: usize, L: crate::algebra::Sealed + UpcastBy<U<N>>> Upcast<N> for L
where
    Const<N>: ToUInt,
{
    type Output = L::Output;
    #[inline(always)]
    fn upcast(self) -> Self::Output {
        self.upcast_by()
    }
}
/// The type of `upcast::<N>(l)`.
///
/// ```
/// use cutlet::prelude::*;
/// let l: UpcastT<layout_t!(8:1), 4> = upcast::<4, _>(layout!(8:1));
/// assert_eq!(l.to_string(), "_2:_1");
/// ```
pub type UpcastT<L, const N: usize> = <L as Upcast<N>>::Output;

/// CuTe's `upcast<N>(layout)`: the layout over elements `N` times wider. A stride-1 mode
/// shrinks by `N`, larger strides are divided by `N`, static zero strides stay; a
/// swizzle moves down by `log2(N)` bits; a composed layout recasts its parts (an smem
/// pointer flag records the wider element and keeps the swizzle).
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((2,4),2,4):((1,2),8,16));
/// assert_eq!(upcast::<2, _>(l).to_string(), "((_1,_4),_2,_4):((_1,_1),_4,_8)");
/// assert_eq!(upcast::<8, _>(Sw::<3, 3, 3>::new()).to_string(), "Sw<3,0,3>");
/// let c = composition(Sw::<2, 4, 3>::new(), layout!((64,8):(1,64)));
/// assert_eq!(upcast::<8, _>(c).to_string(), "Sw<2,1,3> o _0 o (_8,_8):(_1,_8)");
/// ```
#[inline(always)]
pub fn upcast<const N: usize, L: Upcast<N>>(l: L) -> UpcastT<L, N> {
    l.upcast()
}

/// Layouts, swizzles and composed layouts that CuTe's `downcast<N>` applies to;
/// [`DowncastT`] names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Downcast<2>>(l: L) -> DowncastT<L, 2> { downcast::<2, _>(l) }
/// assert_eq!(f(layout!(8:1)).to_string(), "_16:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`downcast::<{N}>` is not defined for `{Self}`",
    label = "CuTe's downcast needs a static _1 stride"
)]
pub trait Downcast<const N: usize>: crate::algebra::Sealed {
    /// The result.
    type Output;
    /// CuTe's `downcast<N>`.
    fn downcast(self) -> Self::Output;
}
impl<const N: usize, L: crate::algebra::Sealed + DowncastBy<U<N>>> Downcast<N> for L
where
    Const<N>: ToUInt,
{
    type Output = L::Output;
    #[inline(always)]
    fn downcast(self) -> Self::Output {
        self.downcast_by()
    }
}
/// The type of `downcast::<N>(l)`.
///
/// ```
/// use cutlet::prelude::*;
/// let l: DowncastT<layout_t!(8:1), 4> = downcast::<4, _>(layout!(8:1));
/// assert_eq!(l.to_string(), "_32:_1");
/// ```
pub type DowncastT<L, const N: usize> = <L as Downcast<N>>::Output;

/// CuTe's `downcast<N>(layout)`: the layout over elements `N` times narrower. A
/// stride-±1 mode grows by `N`; other strides are multiplied by `N`. The layout must
/// have a static `_1` stride.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((2,1),2,4):((8,4),4,1));
/// assert_eq!(downcast::<2, _>(l).to_string(), "((_2,_1),_2,_8):((_16,_8),_8,_1)");
/// assert_eq!(downcast::<8, _>(Sw::<3, 2, 3>::new()).to_string(), "Sw<3,5,3>");
/// ```
#[inline(always)]
pub fn downcast<const N: usize, L: Downcast<N>>(l: L) -> DowncastT<L, N> {
    l.downcast()
}

/// An element type's width in bits (CuTe's `sizeof_bits`), for [`recast_layout`].
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(<half::f16 as SizeofBits>::BITS, 16);
/// ```
pub trait SizeofBits {
    /// The width (typenum).
    #[doc(hidden)]
    type Bits: Unsigned + NonZero;
    /// The width.
    const BITS: usize = Self::Bits::USIZE;
}
macro_rules! sizeof_bits {
    ($($t:ty => $b:ty),* $(,)?) => {$(
        impl SizeofBits for $t {
            type Bits = $b;
        }
    )*};
}
sizeof_bits!(
    u8 => typenum::U8, i8 => typenum::U8, bool => typenum::U8,
    u16 => typenum::U16, i16 => typenum::U16, half::f16 => typenum::U16, half::bf16 => typenum::U16,
    u32 => typenum::U32, i32 => typenum::U32, f32 => typenum::U32,
    u64 => typenum::U64, i64 => typenum::U64, f64 => typenum::U64,
    u128 => typenum::U128, i128 => typenum::U128,
);

type GcdOf<Old, New> = <<New as SizeofBits>::Bits as Gcd<<Old as SizeofBits>::Bits>>::Output;
type Num<Old, New> = <<New as SizeofBits>::Bits as Div<GcdOf<Old, New>>>::Output;
type Den<Old, New> = <<Old as SizeofBits>::Bits as Div<GcdOf<Old, New>>>::Output;
type IsOne<X> = <X as IsEqual<U1>>::Output;

/// `recast_layout` by `num / den`: dispatch on `(num == 1, den == 1)`.
#[doc(hidden)]
pub trait RecastRatio<L, Num, Den, NumOne, DenOne> {
    type Output;
    fn recast(l: L) -> Self::Output;
}
#[doc(hidden)]
pub struct RecastPick;
impl<L, Num, Den> RecastRatio<L, Num, Den, B1, B1> for RecastPick {
    type Output = L;
    #[inline(always)]
    fn recast(l: L) -> L {
        l
    }
}
impl<L: DowncastBy<Den>, Num, Den> RecastRatio<L, Num, Den, B1, B0> for RecastPick {
    type Output = L::Output;
    #[inline(always)]
    fn recast(l: L) -> L::Output {
        l.downcast_by()
    }
}
impl<L: UpcastBy<Num>, Num, Den> RecastRatio<L, Num, Den, B0, B1> for RecastPick {
    type Output = L::Output;
    #[inline(always)]
    fn recast(l: L) -> L::Output {
        l.upcast_by()
    }
}
impl<L: UpcastBy<Num, Output: DowncastBy<Den>>, Num, Den> RecastRatio<L, Num, Den, B0, B0>
    for RecastPick
{
    type Output = <L::Output as DowncastBy<Den>>::Output;
    #[inline(always)]
    fn recast(l: L) -> Self::Output {
        l.upcast_by().downcast_by()
    }
}

/// Layouts that CuTe's `recast_layout<Old, New>` applies to; [`RecastLayoutT`] names the
/// result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: RecastLayout<u32, u16>>(l: L) -> RecastLayoutT<L, u32, u16> { recast_layout::<u32, u16, _>(l) }
/// assert_eq!(f(layout!(4:1)).to_string(), "_8:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`recast_layout::<{Old}, {New}>` is not defined for `{Self}`",
    label = "CuTe's conditions for upcast/downcast do not hold here"
)]
pub trait RecastLayout<Old, New>: crate::algebra::Sealed {
    /// The result.
    type Output;
    /// CuTe's `recast_layout<Old, New>`.
    fn recast_layout(self) -> Self::Output;
}
impl<L: crate::algebra::Sealed, Old: SizeofBits, New: SizeofBits> RecastLayout<Old, New> for L
where
    New::Bits: Gcd<Old::Bits>,
    New::Bits: Div<GcdOf<Old, New>, Output: IsEqual<U1>>,
    Old::Bits: Div<GcdOf<Old, New>, Output: IsEqual<U1>>,
    RecastPick:
        RecastRatio<L, Num<Old, New>, Den<Old, New>, IsOne<Num<Old, New>>, IsOne<Den<Old, New>>>,
{
    type Output = <RecastPick as RecastRatio<
        L,
        Num<Old, New>,
        Den<Old, New>,
        IsOne<Num<Old, New>>,
        IsOne<Den<Old, New>>,
    >>::Output;
    #[inline(always)]
    fn recast_layout(self) -> Self::Output {
        <RecastPick as RecastRatio<
            L,
            Num<Old, New>,
            Den<Old, New>,
            IsOne<Num<Old, New>>,
            IsOne<Den<Old, New>>,
        >>::recast(self)
    }
}
/// The type of `recast_layout::<Old, New>(l)`.
///
/// ```
/// use cutlet::prelude::*;
/// let l: RecastLayoutT<layout_t!(8:1), u8, u32> = recast_layout::<u8, u32, _>(layout!(8:1));
/// assert_eq!(l.to_string(), "_2:_1");
/// ```
pub type RecastLayoutT<L, Old, New> = <L as RecastLayout<Old, New>>::Output;

/// CuTe's `recast_layout<Old, New>(layout)`: the layout over `New` elements of memory
/// laid out for `Old` elements (by the ratio of their [`SizeofBits`]: an upcast, a
/// downcast, or both).
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((2,2,4)):((8,4,1)));
/// assert_eq!(recast_layout::<u32, u16, _>(l).to_string(), "((_2,_2,_8)):((_16,_8,_1))");
/// let g = composition(Sw::<3, 4, 3>::new(), layout!((8,64):(64,1)));
/// assert_eq!(recast_layout::<half::f16, u128, _>(g).to_string(), "Sw<3,1,3> o _0 o (_8,_8):(_8,_1)");
/// ```
#[inline(always)]
pub fn recast_layout<Old, New, L: RecastLayout<Old, New>>(l: L) -> RecastLayoutT<L, Old, New> {
    l.recast_layout()
}
