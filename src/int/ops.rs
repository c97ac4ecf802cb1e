//! Integer arithmetic with CuTe's static/dynamic rule: static op static is static,
//! anything with a dynamic operand is dynamic, except `_0 * d`, `d * _0`, `_0 / d`,
//! `_0 % d`, `d % _1` and `d % _-1`, which are the static `_0` (as in CuTe).
//!
//! The operators are `core::ops` (`+ - * / %`, unary `-`); the named functions
//! (`min`, `max`, `abs`, `signum`, `ceil_div`, `gcd`) have one trait each.

use super::checked::{IntAdd, IntDiv, IntSub, dyn_ops};
use super::integral::Integral;
use super::static_int::C;
use core::ops::{Add, Div, Mul, Neg, Rem, Sub};
use typenum::{
    Abs, B0, B1, Bit, Gcd, Integer, IsEqual, IsLess, Max, Min, NInt, NonZero, P1, PInt, Z0,
};

/// Division by a static integer requires it to be non-zero.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// let _ = _6::new() / _0::new();
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!((_6::new() / _3::new()).to_string(), "_2");
/// ```
#[diagnostic::on_unimplemented(
    message = "division by the static integer _0",
    label = "this divisor is statically zero"
)]
pub trait NonZeroDivisor {}
impl<U: typenum::Unsigned + NonZero> NonZeroDivisor for PInt<U> {}
impl<U: typenum::Unsigned + NonZero> NonZeroDivisor for NInt<U> {}

macro_rules! static_binop {
    ($Tr:ident, $f:ident, $TN:ident $(, $extra:ident)?) => {
        impl<A: Integer, B: Integer> $Tr<C<B>> for C<A>
        where
            A: $TN<B>,
            <A as $TN<B>>::Output: Integer,
            $(B: $extra,)?
        {
            type Output = C<<A as $TN<B>>::Output>;
            #[inline(always)]
            fn $f(self, _: C<B>) -> Self::Output {
                C::new()
            }
        }
    };
}

static_binop!(Add, add, Add);
static_binop!(Sub, sub, Sub);
static_binop!(Mul, mul, Mul);
static_binop!(Div, div, Div, NonZeroDivisor);
static_binop!(Rem, rem, Rem, NonZeroDivisor);

macro_rules! mixed_binop {
    ($Tr:ident, $f:ident) => {
        impl<A: Integer> $Tr<isize> for C<A> {
            type Output = isize;
            #[inline(always)]
            #[track_caller]
            fn $f(self, r: isize) -> isize {
                dyn_ops::$f(A::ISIZE, r)
            }
        }
        impl<B: Integer> $Tr<C<B>> for isize {
            type Output = isize;
            #[inline(always)]
            #[track_caller]
            fn $f(self, _: C<B>) -> isize {
                dyn_ops::$f(self, B::ISIZE)
            }
        }
    };
}
mixed_binop!(Add, add);
mixed_binop!(Sub, sub);

/// Picks the product of a static and a dynamic integer: `_0` stays static.
#[doc(hidden)]
pub trait ZeroAbsorbs {
    type Output: Integral;
    fn absorb(a: isize, b: isize) -> Self::Output;
}
impl ZeroAbsorbs for Z0 {
    type Output = C<Z0>;
    #[inline(always)]
    fn absorb(_: isize, _: isize) -> C<Z0> {
        C::new()
    }
}
impl<U: typenum::Unsigned + NonZero> ZeroAbsorbs for PInt<U> {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn absorb(a: isize, b: isize) -> isize {
        dyn_ops::mul(a, b)
    }
}
impl<U: typenum::Unsigned + NonZero> ZeroAbsorbs for NInt<U> {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn absorb(a: isize, b: isize) -> isize {
        dyn_ops::mul(a, b)
    }
}

impl<A: Integer + ZeroAbsorbs> Mul<isize> for C<A> {
    type Output = A::Output;
    #[inline(always)]
    fn mul(self, r: isize) -> A::Output {
        A::absorb(A::ISIZE, r)
    }
}
impl<B: Integer + ZeroAbsorbs> Mul<C<B>> for isize {
    type Output = B::Output;
    #[inline(always)]
    fn mul(self, _: C<B>) -> B::Output {
        B::absorb(self, B::ISIZE)
    }
}

/// `_0 / d` is `_0`; any other static over dynamic is dynamic.
#[doc(hidden)]
pub trait ZeroOver {
    type Output: Integral;
    fn over(a: isize, d: isize) -> Self::Output;
}
impl ZeroOver for Z0 {
    type Output = C<Z0>;
    #[inline(always)]
    fn over(_: isize, _: isize) -> C<Z0> {
        C::new()
    }
}
impl<U: typenum::Unsigned + NonZero> ZeroOver for PInt<U> {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn over(a: isize, d: isize) -> isize {
        dyn_ops::div(a, d)
    }
}
impl<U: typenum::Unsigned + NonZero> ZeroOver for NInt<U> {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn over(a: isize, d: isize) -> isize {
        dyn_ops::div(a, d)
    }
}
impl<A: Integer + ZeroOver> Div<isize> for C<A> {
    type Output = A::Output;
    #[inline(always)]
    fn div(self, r: isize) -> A::Output {
        A::over(A::ISIZE, r)
    }
}
impl<B: Integer + NonZeroDivisor> Div<C<B>> for isize {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn div(self, _: C<B>) -> isize {
        dyn_ops::div(self, B::ISIZE)
    }
}

/// `_0 % d` is `_0`.
#[doc(hidden)]
pub trait ZeroRem {
    type Output: Integral;
    fn rem(a: isize, d: isize) -> Self::Output;
}
impl ZeroRem for Z0 {
    type Output = C<Z0>;
    #[inline(always)]
    fn rem(_: isize, _: isize) -> C<Z0> {
        C::new()
    }
}
impl<U: typenum::Unsigned + NonZero> ZeroRem for PInt<U> {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn rem(a: isize, d: isize) -> isize {
        dyn_ops::rem(a, d)
    }
}
impl<U: typenum::Unsigned + NonZero> ZeroRem for NInt<U> {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn rem(a: isize, d: isize) -> isize {
        dyn_ops::rem(a, d)
    }
}
impl<A: Integer + ZeroRem> Rem<isize> for C<A> {
    type Output = A::Output;
    #[inline(always)]
    fn rem(self, r: isize) -> A::Output {
        A::rem(A::ISIZE, r)
    }
}

/// `d % _1` and `d % _-1` are `_0`.
#[doc(hidden)]
pub trait RemByUnit {
    type Output: Integral;
    fn rem(d: isize, b: isize) -> Self::Output;
}
impl RemByUnit for P1 {
    type Output = C<Z0>;
    #[inline(always)]
    fn rem(_: isize, _: isize) -> C<Z0> {
        C::new()
    }
}
impl RemByUnit for typenum::N1 {
    type Output = C<Z0>;
    #[inline(always)]
    fn rem(_: isize, _: isize) -> C<Z0> {
        C::new()
    }
}
macro_rules! rem_by_other {
    ($($t:ty),*) => {$(
        impl<U: typenum::Unsigned, B: Bit> RemByUnit for $t {
            type Output = isize;
            #[inline(always)]
            #[track_caller]
            fn rem(d: isize, b: isize) -> isize {
                dyn_ops::rem(d, b)
            }
        }
    )*};
}
// Every |value| >= 2: UInt<UInt<U, B1 or B0>, B> has at least two bits.
rem_by_other!(
    PInt<typenum::UInt<typenum::UInt<U, B>, B0>>,
    PInt<typenum::UInt<typenum::UInt<U, B>, B1>>,
    NInt<typenum::UInt<typenum::UInt<U, B>, B0>>,
    NInt<typenum::UInt<typenum::UInt<U, B>, B1>>
);
impl<B: Integer + NonZeroDivisor + RemByUnit> Rem<C<B>> for isize {
    type Output = B::Output;
    #[inline(always)]
    fn rem(self, _: C<B>) -> B::Output {
        B::rem(self, B::ISIZE)
    }
}

impl<A: Integer> Neg for C<A>
where
    A: Neg,
    <A as Neg>::Output: Integer,
{
    type Output = C<<A as Neg>::Output>;
    #[inline(always)]
    fn neg(self) -> Self::Output {
        C::new()
    }
}

macro_rules! named_binop {
    ($(#[$m:meta])* $Tr:ident, $f:ident, $TN:ident, |$a:ident, $b:ident| $dyn:expr) => {
        $(#[$m])*
        pub trait $Tr<R> {
            /// The result: static iff both operands are.
            type Output: Integral;
            /// Compute it.
            fn $f(self, r: R) -> Self::Output;
        }
        impl<A: Integer + $TN<B>, B: Integer> $Tr<C<B>> for C<A>
        where
            <A as $TN<B>>::Output: Integer,
            C<<A as $TN<B>>::Output>: Integral,
        {
            type Output = C<<A as $TN<B>>::Output>;
            #[inline(always)]
            fn $f(self, _: C<B>) -> Self::Output {
                C::new()
            }
        }
        impl<A: Integer> $Tr<isize> for C<A> {
            type Output = isize;
            #[inline(always)]
            fn $f(self, $b: isize) -> isize {
                let $a = A::ISIZE;
                $dyn
            }
        }
        impl<B: Integer> $Tr<C<B>> for isize {
            type Output = isize;
            #[inline(always)]
            fn $f(self, _: C<B>) -> isize {
                let ($a, $b) = (self, B::ISIZE);
                $dyn
            }
        }
        impl $Tr<isize> for isize {
            type Output = isize;
            #[inline(always)]
            fn $f(self, $b: isize) -> isize {
                let $a = self;
                $dyn
            }
        }
    };
}

named_binop!(
    /// CuTe's `min(a, b)`.
    IntMin, int_min, Min, |a, b| Ord::min(a, b)
);
named_binop!(
    /// CuTe's `max(a, b)`.
    IntMax, int_max, Max, |a, b| Ord::max(a, b)
);
named_binop!(
    /// CuTe's `gcd(a, b)`.
    IntGcd, int_gcd, Gcd, |a, b| gcd_dyn(a, b)
);

/// CuTe's Euclid loop (signs follow C++'s `%`; `isize::MIN % -1` is `0`, where
/// C++ would overflow).
#[inline]
pub(crate) const fn gcd_dyn(mut t: isize, mut u: isize) -> isize {
    const fn rem(a: isize, b: isize) -> isize {
        match a.checked_rem(b) {
            Some(r) => r,
            None => 0,
        }
    }
    loop {
        if t == 0 {
            return u;
        }
        u = rem(u, t);
        if u == 0 {
            return t;
        }
        t = rem(t, u);
    }
}

/// CuTe's `abs`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(IntNeg::<3>::new().int_abs().to_string(), "_3");
/// assert_eq!((-3isize).int_abs(), 3);
/// ```
pub trait IntAbs {
    /// `|x|`, static iff `x` is.
    type Output: Integral;
    /// Compute it.
    fn int_abs(self) -> Self::Output;
}
impl<A: Integer + Abs> IntAbs for C<A>
where
    <A as Abs>::Output: Integer,
    C<<A as Abs>::Output>: Integral,
{
    type Output = C<<A as Abs>::Output>;
    #[inline(always)]
    fn int_abs(self) -> Self::Output {
        C::new()
    }
}
impl IntAbs for isize {
    type Output = isize;
    #[inline(always)]
    #[track_caller]
    fn int_abs(self) -> isize {
        dyn_ops::abs(self)
    }
}

/// CuTe's `signum`: `-1`, `0` or `1`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(IntNeg::<3>::new().int_signum().to_string(), "_-1");
/// assert_eq!(0isize.int_signum(), 0);
/// ```
pub trait IntSignum {
    /// The sign, static iff `x` is.
    type Output: Integral;
    /// Compute it.
    fn int_signum(self) -> Self::Output;
}
impl IntSignum for C<Z0> {
    type Output = C<Z0>;
    #[inline(always)]
    fn int_signum(self) -> C<Z0> {
        C::new()
    }
}
impl<U: typenum::Unsigned + NonZero> IntSignum for C<PInt<U>> {
    type Output = C<P1>;
    #[inline(always)]
    fn int_signum(self) -> C<P1> {
        C::new()
    }
}
impl<U: typenum::Unsigned + NonZero> IntSignum for C<NInt<U>> {
    type Output = C<typenum::N1>;
    #[inline(always)]
    fn int_signum(self) -> C<typenum::N1> {
        C::new()
    }
}
impl IntSignum for isize {
    type Output = isize;
    #[inline(always)]
    fn int_signum(self) -> isize {
        isize::signum(self)
    }
}

/// CuTe's `ceil_div(a, b) = (a + b - _1) / b`, static iff both operands are.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(_7::new().int_ceil_div(_2::new()).to_string(), "_4");
/// assert_eq!(7isize.int_ceil_div(_2::new()), 4);
/// ```
pub trait IntCeilDiv<R> {
    /// The quotient rounded up.
    type Output: Integral;
    /// Compute it.
    fn int_ceil_div(self, r: R) -> Self::Output;
}
impl<A, B> IntCeilDiv<B> for A
where
    A: IntAdd<B>,
    B: Copy,
    <A as IntAdd<B>>::Output: IntSub<C<P1>>,
    <<A as IntAdd<B>>::Output as IntSub<C<P1>>>::Output: IntDiv<B>,
    <<<A as IntAdd<B>>::Output as IntSub<C<P1>>>::Output as IntDiv<B>>::Output: Integral,
{
    type Output = <<<A as IntAdd<B>>::Output as IntSub<C<P1>>>::Output as IntDiv<B>>::Output;
    #[inline(always)]
    #[track_caller]
    fn int_ceil_div(self, r: B) -> Self::Output {
        self.int_add(r).int_sub(C::<P1>::new()).int_div(r)
    }
}

/// `B1` iff both are static and equal (CuTe's `is_constant<true, decltype(a == b)>`).
#[doc(hidden)]
pub trait StaticEq<R> {
    type Output: Bit;
}
impl<A: IsEqual<B>, B> StaticEq<C<B>> for C<A>
where
    <A as IsEqual<B>>::Output: Bit,
{
    type Output = <A as IsEqual<B>>::Output;
}
impl<A> StaticEq<isize> for C<A> {
    type Output = B0;
}
impl<B> StaticEq<C<B>> for isize {
    type Output = B0;
}
impl StaticEq<isize> for isize {
    type Output = B0;
}

/// `B1` iff both are static and `a < b`.
#[doc(hidden)]
pub trait StaticLt<R> {
    type Output: Bit;
}
impl<A: IsLess<B>, B> StaticLt<C<B>> for C<A>
where
    <A as IsLess<B>>::Output: Bit,
{
    type Output = <A as IsLess<B>>::Output;
}
impl<A> StaticLt<isize> for C<A> {
    type Output = B0;
}
impl<B> StaticLt<C<B>> for isize {
    type Output = B0;
}
impl StaticLt<isize> for isize {
    type Output = B0;
}

/// CuTe's `min(a, b)`: static iff both are.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::int::min(_4::new(), _8::new()).to_string(), "_4");
/// assert_eq!(cutlet::int::min(_4::new(), 2isize), 2);
/// ```
#[inline(always)]
pub fn min<A: IntMin<B>, B>(a: A, b: B) -> A::Output {
    a.int_min(b)
}

/// CuTe's `max(a, b)`: static iff both are.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::int::max(_4::new(), _8::new()).to_string(), "_8");
/// ```
#[inline(always)]
pub fn max<A: IntMax<B>, B>(a: A, b: B) -> A::Output {
    a.int_max(b)
}

/// CuTe's `gcd(a, b)`: static iff both are.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::int::gcd(_12::new(), _8::new()).to_string(), "_4");
/// ```
#[inline(always)]
pub fn gcd<A: IntGcd<B>, B>(a: A, b: B) -> A::Output {
    a.int_gcd(b)
}

/// CuTe's `ceil_div(a, b)`: static iff both are.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::int::ceil_div(_7::new(), _2::new()).to_string(), "_4");
/// assert_eq!(cutlet::int::ceil_div(7isize, _2::new()), 4);
/// ```
#[inline(always)]
pub fn ceil_div<A: IntCeilDiv<B>, B>(a: A, b: B) -> A::Output {
    a.int_ceil_div(b)
}

/// CuTe's `abs(a)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::int::abs(IntNeg::<3>::new()).to_string(), "_3");
/// ```
#[inline(always)]
pub fn abs<A: IntAbs>(a: A) -> A::Output {
    a.int_abs()
}

/// CuTe's `signum(a)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::int::signum(IntNeg::<3>::new()).to_string(), "_-1");
/// ```
#[inline(always)]
pub fn signum<A: IntSignum>(a: A) -> A::Output {
    a.int_signum()
}
