//! CuTe's `Swizzle<B, M, S>` (swizzle.hpp) as a zero-sized type: the bit permutation of
//! offsets that XORs the `B` bits at `M + max(0, S)` (the "Y" bits) into the `B` bits at
//! `M - min(0, S)` (the "Z" bits). A static offset is swizzled by the type checker; a
//! dynamic one with three machine instructions.
//!
//! Runtime twin: `dynamic::Swizzle` (src/dynamic/swizzle.rs).

use crate::int::{C, ToSigned};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, BitXor, Shl, Shr, Sub};
use typenum::{
    B1, Integer, IsGreaterOrEqual, IsLessOrEqual, Logarithm2, Min, NInt, NonZero, PInt, PowerOfTwo,
    U0, U1, U31, Unsigned, Z0,
};

/// CuTe's `Swizzle<B, M, S>`: a zero-sized bit permutation of offsets, printed
/// `Sw<B,M,S>`. Spell it with [`Sw`] (or [`sw!`](crate::sw) for a negative `S`).
///
/// `B` bits are swizzled, the lowest `M` bits are kept (they address elements inside one
/// unit, e.g. the 16-byte vector of a shared-memory load), and `S` is the distance from
/// the flipped Z bits up to the read Y bits. CuTe's conditions are compile errors: the Y
/// and Z bits must not overlap (`|S| >= B`) and the masks must fit in 31 bits.
///
/// ```
/// use cutlet::prelude::*;
/// let sw = Sw::<3, 4, 3>::new();
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(core::mem::size_of_val(&sw), 0);
/// // bit 7 (a Y bit) flips bit 4 (a Z bit); a static offset folds to a static result
/// assert_eq!(sw.call(Int::<128>::new()).to_string(), "_144");
/// assert_eq!(sw.call(128isize), 144);
/// assert_eq!(sw.call(sw.call(1234isize)), 1234); // an involution
/// ```
pub struct Swizzle<B, M, S>(PhantomData<(B, M, S)>);

/// `Sw<B, M, S>` with const generics (`S >= 0`; see [`sw!`](crate::sw) for a negative
/// shift): CuTe's `Swizzle<B, M, S>`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(Sw::<2, 3, 3>::new().to_string(), "Sw<2,3,3>");
/// ```
pub type Sw<const B: usize, const M: usize, const S: usize> =
    Swizzle<typenum::U<B>, typenum::U<M>, <typenum::U<S> as ToSigned>::Output>;

/// The type of a swizzle written `sw!(B, M, S)`, with `S` possibly negative (CuTe prints
/// `Sw<3,0,-8>` for the inverse of some swizzled layouts).
///
/// ```
/// use cutlet::prelude::*;
/// let s = <cutlet::sw!(3, 0, -8)>::new();
/// assert_eq!(s.to_string(), "Sw<3,0,-8>");
/// // the Y bits (0..3) are below the Z bits (8..11)
/// assert_eq!(s.call(Int::<5>::new()).to_string(), "_1285");
/// ```
#[macro_export]
macro_rules! sw {
    ($b:literal, $m:literal, - $s:literal) => {
        $crate::layout::Swizzle<
            $crate::__typenum::U<$b>,
            $crate::__typenum::U<$m>,
            $crate::__typenum::NInt<$crate::__typenum::U<$s>>,
        >
    };
    ($b:literal, $m:literal, $s:literal) => {
        $crate::layout::Sw<$b, $m, $s>
    };
}

impl<B, M, S> Clone for Swizzle<B, M, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for Swizzle<B, M, S> {}
impl<B, M, S> Default for Swizzle<B, M, S> {
    fn default() -> Self {
        Swizzle(PhantomData)
    }
}
impl<B, M, S> PartialEq for Swizzle<B, M, S> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<B, M, S> Eq for Swizzle<B, M, S> {}
impl<B, M, S> core::hash::Hash for Swizzle<B, M, S> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}

/// `S` split into its positive and negative parts (and `|S|`).
#[doc(hidden)]
pub trait SignSplit: Integer {
    type Pos: Unsigned;
    type Neg: Unsigned;
    type Abs: Unsigned;
}
impl SignSplit for Z0 {
    type Pos = U0;
    type Neg = U0;
    type Abs = U0;
}
impl<U: Unsigned + NonZero> SignSplit for PInt<U> {
    type Pos = U;
    type Neg = U0;
    type Abs = U;
}
impl<U: Unsigned + NonZero> SignSplit for NInt<U> {
    type Pos = U0;
    type Neg = U;
    type Abs = U;
}

/// CuTe's `static_assert(abs(SShift) >= BBits)`: the Y and Z bits must not overlap.
#[diagnostic::on_unimplemented(
    message = "the swizzle's Y bits and Z bits overlap",
    label = "CuTe's Swizzle<B,M,S> requires abs(S) >= B",
    note = "a swizzle XORs B bits into B other bits; with abs(S) < B they would share bits"
)]
pub trait SwizzleBitsDisjoint {}
impl SwizzleBitsDisjoint for B1 {}

/// The swizzle's masks must fit CuTe's 32-bit `int` constants.
#[diagnostic::on_unimplemented(
    message = "the swizzle's masks do not fit in 31 bits",
    label = "CuTe's swizzle masks are `int` constants: B + M + abs(S) must be at most 31"
)]
pub trait SwizzleMasksFit {}
impl SwizzleMasksFit for B1 {}

/// `(1 << B) - 1`, with `B` as the self type (so that an unknown `B` stops trait
/// selection instead of recursing through typenum's shifts).
#[doc(hidden)]
pub trait LowMask {
    type Output: Unsigned;
}
impl<B> LowMask for B
where
    U1: Shl<B, Output: Sub<B1, Output: Unsigned>>,
{
    type Output = <<U1 as Shl<B>>::Output as Sub<B1>>::Output;
}
type BitMsk<B> = <B as LowMask>::Output;
type Shifted<B, X> = <BitMsk<B> as Shl<X>>::Output;

/// The parameters and masks of a valid swizzle: what every swizzle operation requires.
/// A swizzle that breaks CuTe's conditions does not implement it, with a message naming
/// the broken condition.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(<Sw<2, 1, 3> as SwizzleParams>::YYY_MSK, 0b11000_0);
/// assert_eq!(<Sw<2, 1, 3> as SwizzleParams>::ZZZ_MSK, 0b110);
/// ```
pub trait SwizzleParams: Copy + Default + 'static {
    /// `B` (typenum).
    #[doc(hidden)]
    type Bits: Unsigned;
    /// `M` (typenum).
    #[doc(hidden)]
    type Base: Unsigned;
    /// `S` (typenum).
    #[doc(hidden)]
    type Shift: SignSplit;
    /// CuTe's `yyy_msk` (typenum).
    #[doc(hidden)]
    type YMask: Unsigned;
    /// CuTe's `zzz_msk` (typenum).
    #[doc(hidden)]
    type ZMask: Unsigned;
    /// `B`: the number of bits swizzled.
    const BITS: u32;
    /// `M`: the number of least-significant bits kept.
    const BASE: u32;
    /// `S`: the distance from the Z bits to the Y bits.
    const SHIFT: i32;
    /// CuTe's `yyy_msk`: the bits read.
    const YYY_MSK: isize;
    /// CuTe's `zzz_msk`: the bits flipped.
    const ZZZ_MSK: isize;
}
impl<B, M, S> SwizzleParams for Swizzle<B, M, S>
where
    B: Unsigned + 'static + Add<M>,
    M: Unsigned + 'static + Add<S::Pos> + Add<S::Neg>,
    S: SignSplit + 'static,
    S::Abs: IsGreaterOrEqual<B, Output: SwizzleBitsDisjoint>,
    <B as Add<M>>::Output: Add<S::Abs, Output: IsLessOrEqual<U31, Output: SwizzleMasksFit>>,
    B: LowMask,
    BitMsk<B>: Shl<<M as Add<S::Pos>>::Output, Output: Unsigned>,
    BitMsk<B>: Shl<<M as Add<S::Neg>>::Output, Output: Unsigned>,
{
    type Bits = B;
    type Base = M;
    type Shift = S;
    type YMask = Shifted<B, <M as Add<S::Pos>>::Output>;
    type ZMask = Shifted<B, <M as Add<S::Neg>>::Output>;
    const BITS: u32 = B::U32;
    const BASE: u32 = M::U32;
    const SHIFT: i32 = S::I32;
    const YYY_MSK: isize = Self::YMask::USIZE as isize;
    const ZZZ_MSK: isize = Self::ZMask::USIZE as isize;
}

impl<B, M, S> Swizzle<B, M, S> {
    /// The swizzle (CuTe's `Swizzle<B,M,S>{}`); one that breaks CuTe's conditions does
    /// not compile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let sw = Sw::<1, 2, 3>::new();
    /// assert_eq!(sw.to_string(), "Sw<1,2,3>");
    /// ```
    #[inline(always)]
    pub const fn new() -> Self
    where
        Self: SwizzleParams,
    {
        Swizzle(PhantomData)
    }

    /// Apply the swizzle to an offset (CuTe's `swizzle(offset)`): a static offset gives a
    /// static result, a dynamic one a dynamic result.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let sw = Sw::<1, 3, 1>::new();
    /// assert_eq!(sw.call(670isize), 662);
    /// assert_eq!(sw.call(Int::<45>::new()).to_string(), "_45");
    /// ```
    #[inline(always)]
    pub fn call<X>(self, offset: X) -> SwizzleT<Self, X>
    where
        Self: SwizzleApply<X>,
    {
        self.apply(offset)
    }
}

impl<B, M, S> fmt::Display for Swizzle<B, M, S>
where
    Self: SwizzleParams,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Sw<{},{},{}>",
            <Self as SwizzleParams>::BITS,
            <Self as SwizzleParams>::BASE,
            <Self as SwizzleParams>::SHIFT
        )
    }
}
impl<B, M, S> fmt::Debug for Swizzle<B, M, S>
where
    Self: SwizzleParams,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl<B, M, S> crate::tuple::CuteDisplay for Swizzle<B, M, S>
where
    Self: SwizzleParams,
{
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A non-negative static integer as an unsigned typenum integer.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a static swizzle offset must not be negative",
    label = "swizzles act on the bits of non-negative offsets"
)]
pub trait NonNegative {
    type U: Unsigned;
}
impl NonNegative for Z0 {
    type U = U0;
}
impl<U: Unsigned + NonZero> NonNegative for PInt<U> {
    type U = U;
}

type YBits<Sw, X> = <X as BitAnd<<Sw as SwizzleParams>::YMask>>::Output;
type Moved<Sw, X> =
    <<YBits<Sw, X> as Shr<<<Sw as SwizzleParams>::Shift as SignSplit>::Pos>>::Output as Shl<
        <<Sw as SwizzleParams>::Shift as SignSplit>::Neg,
    >>::Output;
type Swizzled<Sw, X> = <X as BitXor<Moved<Sw, X>>>::Output;

/// Offsets a swizzle applies to: static (folded by the type checker) and dynamic.
/// [`SwizzleT`] names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<X>(x: X) -> SwizzleT<Sw<2, 1, 3>, X> where Sw<2, 1, 3>: SwizzleApply<X> { Sw::<2, 1, 3>::new().call(x) }
/// assert_eq!(f(1459isize), 1461);
/// ```
#[diagnostic::on_unimplemented(
    message = "the swizzle `{Self}` cannot be applied to `{X}`",
    label = "a swizzle takes an integer offset (static or dynamic)"
)]
pub trait SwizzleApply<X>: SwizzleParams {
    /// The swizzled offset.
    type Output;
    /// The swizzled offset.
    fn apply(self, x: X) -> Self::Output;
}
impl<Sw: SwizzleParams, N: NonNegative> SwizzleApply<C<N>> for Sw
where
    N::U: BitAnd<Sw::YMask>,
    YBits<Sw, N::U>: Shr<<Sw::Shift as SignSplit>::Pos>,
    <YBits<Sw, N::U> as Shr<<Sw::Shift as SignSplit>::Pos>>::Output:
        Shl<<Sw::Shift as SignSplit>::Neg>,
    N::U: BitXor<Moved<Sw, N::U>, Output: ToSigned>,
{
    type Output = C<<Swizzled<Sw, N::U> as ToSigned>::Output>;
    #[inline(always)]
    fn apply(self, _: C<N>) -> Self::Output {
        C::new()
    }
}
impl<Sw: SwizzleParams> SwizzleApply<isize> for Sw {
    type Output = isize;
    #[inline(always)]
    fn apply(self, x: isize) -> isize {
        let pos = <Sw::Shift as SignSplit>::Pos::U32;
        let neg = <Sw::Shift as SignSplit>::Neg::U32;
        x ^ (((x & Sw::YYY_MSK) >> pos) << neg)
    }
}
/// The type of `swizzle.call(x)` for an offset `x: X`.
///
/// ```
/// use cutlet::prelude::*;
/// let y: SwizzleT<Sw<1, 2, 3>, Int<32>> = Sw::<1, 2, 3>::new().call(Int::<32>::new());
/// assert_eq!(y.to_string(), "_36");
/// ```
pub type SwizzleT<Sw, X> = <Sw as SwizzleApply<X>>::Output;

/// The element count `N` of `upcast::<N>`/`downcast::<N>` of a swizzle must be a power
/// of two.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a swizzle can only be recast by a power of two",
    label = "CuTe's upcast/downcast of a Swizzle requires has_single_bit(N)"
)]
pub trait PowerOfTwoCount {
    type Log2: Unsigned;
}
impl<N: Unsigned + PowerOfTwo + Logarithm2<Output: Unsigned>> PowerOfTwoCount for N {
    type Log2 = <N as Logarithm2>::Output;
}

type MinOf<A, B> = <A as Min<B>>::Output;
type Diff<A, B> = <A as Sub<B>>::Output;

/// CuTe's `upcast<N>(Swizzle)` and `downcast<N>(Swizzle)` on the type level.
#[doc(hidden)]
pub trait SwizzleRecast<N> {
    type Up;
    type Down;
}
impl<B, M, S, N> SwizzleRecast<N> for Swizzle<B, M, S>
where
    N: PowerOfTwoCount,
    M: Min<N::Log2> + Sub<MinOf<M, N::Log2>> + Add<N::Log2>,
    N::Log2: Sub<MinOf<M, N::Log2>>,
    B: Min<Diff<N::Log2, MinOf<M, N::Log2>>> + Sub<MinOf<B, Diff<N::Log2, MinOf<M, N::Log2>>>>,
{
    // new_m = M - log2(N); if new_m < 0 the swizzle loses -new_m bits (at least zero).
    type Up =
        Swizzle<Diff<B, MinOf<B, Diff<N::Log2, MinOf<M, N::Log2>>>>, Diff<M, MinOf<M, N::Log2>>, S>;
    type Down = Swizzle<B, <M as Add<N::Log2>>::Output, S>;
}
