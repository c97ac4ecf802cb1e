//! Per-element arithmetic of the tile operations: the operators with Rust's meaning
//! (integers wrap as they do on the GPU; integer division by zero panics), the named
//! functions with cuTile's (`floordiv` rounds toward negative infinity, `mod` takes the
//! divisor's sign, `cdiv` rounds up), NaN-propagating `minimum`/`maximum`, and the
//! transcendental functions of the float types (`f16` and `bf16` compute in `f32`).

use super::element::Element;
use half::{bf16, f16};

/// Numbers: every element type but `bool`.
///
/// ```
/// use cutlet_tile::Num;
/// assert_eq!(Num::floordiv(-7i32, 2), -4);
/// assert_eq!(Num::modulo(-7i32, 2), 1);
/// assert_eq!(Num::cdiv(7i32, 2), 4);
/// assert!(Num::maximum(1.0f32, f32::NAN).is_nan());
/// ```
pub trait Num: Element {
    /// Zero.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// The smallest value (negative infinity for floats): the identity of `max`.
    const LOWEST: Self;
    /// The largest value (infinity for floats): the identity of `min`.
    const HIGHEST: Self;
    /// The float type `truediv` of this type gives (`f32` for 8- and 16-bit integers,
    /// `f64` for wider ones, the type itself for floats).
    type Real: Float;
    /// `a + b` (integers wrap).
    fn add(self, b: Self) -> Self;
    /// `a - b` (integers wrap).
    fn sub(self, b: Self) -> Self;
    /// `a * b` (integers wrap).
    fn mul(self, b: Self) -> Self;
    /// `a / b` (integers truncate toward zero; division by zero panics).
    fn div(self, b: Self) -> Self;
    /// `a % b` (the dividend's sign, as Rust's `%`).
    fn rem(self, b: Self) -> Self;
    /// `-a` (integers wrap, unsigned ones modulo 2^n).
    fn neg(self) -> Self;
    /// `floor(a / b)`.
    fn floordiv(self, b: Self) -> Self;
    /// `ceil(a / b)`.
    fn cdiv(self, b: Self) -> Self;
    /// `a - floor(a / b) * b`: the divisor's sign (Python's `%`).
    fn modulo(self, b: Self) -> Self;
    /// `a` to the power `b` (integers: wrapping, `b` must not be negative).
    fn pow(self, b: Self) -> Self;
    /// The smaller; NaN if either is NaN.
    fn minimum(self, b: Self) -> Self;
    /// The larger; NaN if either is NaN.
    fn maximum(self, b: Self) -> Self;
    /// Whether the value is a NaN.
    fn is_nan(self) -> bool;
    /// `a * b + c`, fused where the target has FMA.
    fn mul_add(self, b: Self, c: Self) -> Self;
    /// The value as the `truediv` type.
    fn to_real(self) -> Self::Real;
}

/// Floating-point numbers: the transcendental functions.
///
/// ```
/// use cutlet_tile::Float;
/// assert_eq!(Float::exp2(3.0f32), 8.0);
/// assert_eq!(Float::rsqrt(4.0f64), 0.5);
/// ```
pub trait Float: Num {
    /// `e^x`. For `f32` and the half types (which compute in `f32`), a polynomial that
    /// vectorizes, within one ulp of the exact value (faithfully rounded; checked over
    /// every `f32` from -110 to 90); for `f64`, the standard library's.
    fn exp(self) -> Self;
    /// `2^x`.
    fn exp2(self) -> Self;
    /// Natural logarithm.
    fn log(self) -> Self;
    /// Base-2 logarithm.
    fn log2(self) -> Self;
    /// Square root.
    fn sqrt(self) -> Self;
    /// `1 / sqrt(x)`.
    fn rsqrt(self) -> Self;
    /// Sine.
    fn sin(self) -> Self;
    /// Cosine.
    fn cos(self) -> Self;
    /// Tangent.
    fn tan(self) -> Self;
    /// Hyperbolic sine.
    fn sinh(self) -> Self;
    /// Hyperbolic cosine.
    fn cosh(self) -> Self;
    /// Hyperbolic tangent.
    fn tanh(self) -> Self;
    /// Round down.
    fn floor(self) -> Self;
    /// Round up.
    fn ceil(self) -> Self;
}

macro_rules! int_num {
    ($($t:ty => $real:ty, $signed:expr);*) => {$(
        impl Num for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const LOWEST: Self = <$t>::MIN;
            const HIGHEST: Self = <$t>::MAX;
            type Real = $real;
            #[inline(always)]
            fn add(self, b: Self) -> Self { self.wrapping_add(b) }
            #[inline(always)]
            fn sub(self, b: Self) -> Self { self.wrapping_sub(b) }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { self.wrapping_mul(b) }
            #[inline(always)]
            fn div(self, b: Self) -> Self { self.wrapping_div(b) }
            #[inline(always)]
            fn rem(self, b: Self) -> Self { self.wrapping_rem(b) }
            #[inline(always)]
            fn neg(self) -> Self { self.wrapping_neg() }
            #[inline(always)]
            fn floordiv(self, b: Self) -> Self {
                let (q, r) = (self.wrapping_div(b), self.wrapping_rem(b));
                // Truncation rounded toward zero; step down when the signs differ.
                if $signed && r != 0 && ((r < Self::ZERO) != (b < Self::ZERO)) { q.wrapping_sub(1) } else { q }
            }
            #[inline(always)]
            fn cdiv(self, b: Self) -> Self {
                let (q, r) = (self.wrapping_div(b), self.wrapping_rem(b));
                if r != 0 && (!$signed || ((r < Self::ZERO) == (b < Self::ZERO))) { q.wrapping_add(1) } else { q }
            }
            #[inline(always)]
            fn modulo(self, b: Self) -> Self {
                let r = self.wrapping_rem(b);
                if $signed && r != 0 && ((r < Self::ZERO) != (b < Self::ZERO)) { r.wrapping_add(b) } else { r }
            }
            #[inline(always)]
            #[track_caller]
            fn pow(self, b: Self) -> Self {
                assert!(!(b < Self::ZERO), "pow: integer {} to the negative power {}", self, b);
                self.wrapping_pow(b as u32)
            }
            #[inline(always)]
            fn minimum(self, b: Self) -> Self { if b < self { b } else { self } }
            #[inline(always)]
            fn maximum(self, b: Self) -> Self { if b > self { b } else { self } }
            #[inline(always)]
            fn is_nan(self) -> bool { false }
            #[inline(always)]
            fn mul_add(self, b: Self, c: Self) -> Self { self.wrapping_mul(b).wrapping_add(c) }
            #[inline(always)]
            fn to_real(self) -> $real { self as $real }
        }
    )*};
}
int_num!(i8 => f32, true; i16 => f32, true; i32 => f64, true; i64 => f64, true;
    u8 => f32, false; u16 => f32, false; u32 => f64, false; u64 => f64, false);

/// IEEE 754-2019 `minimum`/`maximum`: NaN if either operand is; `-0 < +0`.
macro_rules! ieee_min_max {
    ($t:ty) => {
        // Selects rather than branches, so that a reduction keeping several partial
        // results vectorizes: of two equal values (zeros of either sign) the bits' OR is
        // the negative one, their AND the positive one; a NaN operand gives NaN.
        #[inline(always)]
        fn minimum(self, b: Self) -> Self {
            let m = if self < b { self } else { b };
            let m = if self == b {
                <$t>::from_bits(self.to_bits() | b.to_bits())
            } else {
                m
            };
            if self.is_nan() | b.is_nan() {
                <$t>::NAN
            } else {
                m
            }
        }
        #[inline(always)]
        fn maximum(self, b: Self) -> Self {
            let m = if self > b { self } else { b };
            let m = if self == b {
                <$t>::from_bits(self.to_bits() & b.to_bits())
            } else {
                m
            };
            if self.is_nan() | b.is_nan() {
                <$t>::NAN
            } else {
                m
            }
        }
    };
}

macro_rules! float_num {
    ($($t:ty => $exp:path),*) => {$(
        impl Num for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const LOWEST: Self = <$t>::NEG_INFINITY;
            const HIGHEST: Self = <$t>::INFINITY;
            type Real = $t;
            #[inline(always)]
            fn add(self, b: Self) -> Self { self + b }
            #[inline(always)]
            fn sub(self, b: Self) -> Self { self - b }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { self * b }
            #[inline(always)]
            fn div(self, b: Self) -> Self { self / b }
            #[inline(always)]
            fn rem(self, b: Self) -> Self { self % b }
            #[inline(always)]
            fn neg(self) -> Self { -self }
            #[inline(always)]
            fn floordiv(self, b: Self) -> Self { (self / b).floor() }
            #[inline(always)]
            fn cdiv(self, b: Self) -> Self { (self / b).ceil() }
            #[inline(always)]
            fn modulo(self, b: Self) -> Self {
                let r = self % b;
                if r != 0.0 && ((r < 0.0) != (b < 0.0)) { r + b } else { r }
            }
            #[inline(always)]
            fn pow(self, b: Self) -> Self { self.powf(b) }
            ieee_min_max!($t);
            #[inline(always)]
            fn is_nan(self) -> bool { self.is_nan() }
            #[cfg(target_feature = "fma")]
            #[inline(always)]
            fn mul_add(self, b: Self, c: Self) -> Self { <$t>::mul_add(self, b, c) }
            #[cfg(not(target_feature = "fma"))]
            #[inline(always)]
            fn mul_add(self, b: Self, c: Self) -> Self { self * b + c }
            #[inline(always)]
            fn to_real(self) -> $t { self }
        }
        impl Float for $t {
            #[inline(always)]
            fn exp(self) -> Self { $exp(self) }
            #[inline(always)]
            fn exp2(self) -> Self { <$t>::exp2(self) }
            #[inline(always)]
            fn log(self) -> Self { <$t>::ln(self) }
            #[inline(always)]
            fn log2(self) -> Self { <$t>::log2(self) }
            #[inline(always)]
            fn sqrt(self) -> Self { <$t>::sqrt(self) }
            #[inline(always)]
            fn rsqrt(self) -> Self { 1.0 / <$t>::sqrt(self) }
            #[inline(always)]
            fn sin(self) -> Self { <$t>::sin(self) }
            #[inline(always)]
            fn cos(self) -> Self { <$t>::cos(self) }
            #[inline(always)]
            fn tan(self) -> Self { <$t>::tan(self) }
            #[inline(always)]
            fn sinh(self) -> Self { <$t>::sinh(self) }
            #[inline(always)]
            fn cosh(self) -> Self { <$t>::cosh(self) }
            #[inline(always)]
            fn tanh(self) -> Self { <$t>::tanh(self) }
            #[inline(always)]
            fn floor(self) -> Self { <$t>::floor(self) }
            #[inline(always)]
            fn ceil(self) -> Self { <$t>::ceil(self) }
        }
    )*};
}
// `f32`'s exponential vectorizes (`expf.rs`); `f64`'s is the standard library's.
float_num!(f32 => super::expf::exp, f64 => f64::exp);

// The half types compute in f32 and round once at the end.
macro_rules! half_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            const ZERO: Self = <$t>::ZERO;
            const ONE: Self = <$t>::ONE;
            const LOWEST: Self = <$t>::NEG_INFINITY;
            const HIGHEST: Self = <$t>::INFINITY;
            type Real = $t;
            #[inline(always)]
            fn add(self, b: Self) -> Self { <$t>::from_f32(self.to_f32() + b.to_f32()) }
            #[inline(always)]
            fn sub(self, b: Self) -> Self { <$t>::from_f32(self.to_f32() - b.to_f32()) }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { <$t>::from_f32(self.to_f32() * b.to_f32()) }
            #[inline(always)]
            fn div(self, b: Self) -> Self { <$t>::from_f32(self.to_f32() / b.to_f32()) }
            #[inline(always)]
            fn rem(self, b: Self) -> Self { <$t>::from_f32(self.to_f32() % b.to_f32()) }
            #[inline(always)]
            fn neg(self) -> Self { -self }
            #[inline(always)]
            fn floordiv(self, b: Self) -> Self { <$t>::from_f32(Num::floordiv(self.to_f32(), b.to_f32())) }
            #[inline(always)]
            fn cdiv(self, b: Self) -> Self { <$t>::from_f32(Num::cdiv(self.to_f32(), b.to_f32())) }
            #[inline(always)]
            fn modulo(self, b: Self) -> Self { <$t>::from_f32(Num::modulo(self.to_f32(), b.to_f32())) }
            #[inline(always)]
            fn pow(self, b: Self) -> Self { <$t>::from_f32(self.to_f32().powf(b.to_f32())) }
            #[inline(always)]
            fn minimum(self, b: Self) -> Self { <$t>::from_f32(Num::minimum(self.to_f32(), b.to_f32())) }
            #[inline(always)]
            fn maximum(self, b: Self) -> Self { <$t>::from_f32(Num::maximum(self.to_f32(), b.to_f32())) }
            #[inline(always)]
            fn is_nan(self) -> bool { self.is_nan() }
            #[inline(always)]
            fn mul_add(self, b: Self, c: Self) -> Self {
                <$t>::from_f32(Num::mul_add(self.to_f32(), b.to_f32(), c.to_f32()))
            }
            #[inline(always)]
            fn to_real(self) -> $t { self }
        }
        impl Float for $t {
            #[inline(always)]
            fn exp(self) -> Self { <$t>::from_f32(Float::exp(self.to_f32())) }
            #[inline(always)]
            fn exp2(self) -> Self { <$t>::from_f32(self.to_f32().exp2()) }
            #[inline(always)]
            fn log(self) -> Self { <$t>::from_f32(self.to_f32().ln()) }
            #[inline(always)]
            fn log2(self) -> Self { <$t>::from_f32(self.to_f32().log2()) }
            #[inline(always)]
            fn sqrt(self) -> Self { <$t>::from_f32(self.to_f32().sqrt()) }
            #[inline(always)]
            fn rsqrt(self) -> Self { <$t>::from_f32(1.0 / self.to_f32().sqrt()) }
            #[inline(always)]
            fn sin(self) -> Self { <$t>::from_f32(self.to_f32().sin()) }
            #[inline(always)]
            fn cos(self) -> Self { <$t>::from_f32(self.to_f32().cos()) }
            #[inline(always)]
            fn tan(self) -> Self { <$t>::from_f32(self.to_f32().tan()) }
            #[inline(always)]
            fn sinh(self) -> Self { <$t>::from_f32(self.to_f32().sinh()) }
            #[inline(always)]
            fn cosh(self) -> Self { <$t>::from_f32(self.to_f32().cosh()) }
            #[inline(always)]
            fn tanh(self) -> Self { <$t>::from_f32(self.to_f32().tanh()) }
            #[inline(always)]
            fn floor(self) -> Self { <$t>::from_f32(self.to_f32().floor()) }
            #[inline(always)]
            fn ceil(self) -> Self { <$t>::from_f32(self.to_f32().ceil()) }
        }
    )*};
}
half_num!(f16, bf16);

/// The accumulator type of `matmul`/`mma` for an operand type: `f32` for `f16`,
/// `bf16` and `f32`; `f64` for `f64`; `i32`/`u32` for integers up to 32 bits, `i64`/`u64`
/// for 64-bit ones.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::MmaOperand;
/// let acc: <half::bf16 as MmaOperand>::Acc = 0.0f32;
/// let iacc: <i8 as MmaOperand>::Acc = 0i32;
/// assert_eq!((acc, iacc), (0.0, 0));
/// ```
pub trait MmaOperand: Num {
    /// The accumulator type.
    type Acc: Num;
}
macro_rules! mma_operand {
    ($($t:ty => $acc:ty),*) => {$(
        impl MmaOperand for $t {
            type Acc = $acc;
        }
    )*};
}
mma_operand!(f16 => f32, bf16 => f32, f32 => f32, f64 => f64, i8 => i32, i16 => i32, i32 => i32,
    i64 => i64, u8 => u32, u16 => u32, u32 => u32, u64 => u64);
