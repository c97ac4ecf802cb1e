//! The numeric element trait shared by tensor algorithms: f32, f64, the integers and
//! (through the `half` crate) f16 and bf16.

use core::fmt;
use core::ops::{Add, Mul, Sub};

/// A numeric tensor element: copyable, with zero and one, the ring operations, a fused
/// multiply-add and C++-style conversions between element types.
///
/// ```
/// use cutlet::tensor::Numeric;
/// assert_eq!(2.0f32.mul_add(3.0, 4.0), 10.0);   // 2 * 3 + 4
/// assert_eq!(<i32 as Numeric>::cast::<f64>(7), 7.0);
/// assert_eq!(<f32 as Numeric>::cast::<u8>(3.9), 3);
/// ```
pub trait Numeric:
    Copy
    + Default
    + PartialEq
    + fmt::Debug
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Send
    + Sync
    + 'static
{
    /// Additive identity.
    const ZERO: Self;
    /// Multiplicative identity.
    const ONE: Self;
    /// Floating point (conversions go through `f64`) or integer (through `i128`).
    const IS_FLOAT: bool;
    /// `self * a + b` (fused where the type supports it).
    fn mul_add(self, a: Self, b: Self) -> Self;
    /// The value as `f64`.
    fn to_f64(self) -> f64;
    /// The value as `i128` (floats truncate toward zero, as C++ casts do).
    fn to_i128(self) -> i128;
    /// Convert from `f64` (integers truncate toward zero and saturate).
    fn from_f64(v: f64) -> Self;
    /// Convert from `i128` (wrapping for narrower integers, as C++ casts do).
    fn from_i128(v: i128) -> Self;
    /// C++'s `static_cast<U>(self)`.
    #[inline(always)]
    fn cast<U: Numeric>(self) -> U {
        if Self::IS_FLOAT || U::IS_FLOAT {
            U::from_f64(self.to_f64())
        } else {
            U::from_i128(self.to_i128())
        }
    }
}

macro_rules! int_numeric {
    ($($t:ty),*) => {$(
        impl Numeric for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const IS_FLOAT: bool = false;
            #[inline(always)]
            fn mul_add(self, a: Self, b: Self) -> Self {
                self.wrapping_mul(a).wrapping_add(b)
            }
            #[inline(always)]
            fn to_f64(self) -> f64 { self as f64 }
            #[inline(always)]
            fn to_i128(self) -> i128 { self as i128 }
            #[inline(always)]
            fn from_f64(v: f64) -> Self { v as $t }
            #[inline(always)]
            fn from_i128(v: i128) -> Self { v as $t }
        }
    )*};
}
int_numeric!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

macro_rules! float_numeric {
    ($($t:ty),*) => {$(
        impl Numeric for $t {
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const IS_FLOAT: bool = true;
            // Fused where the target has FMA instructions; elsewhere `mul_add` would be
            // a slow libm call, so multiply then add.
            #[cfg(target_feature = "fma")]
            #[inline(always)]
            fn mul_add(self, a: Self, b: Self) -> Self {
                <$t>::mul_add(self, a, b)
            }
            #[cfg(not(target_feature = "fma"))]
            #[inline(always)]
            fn mul_add(self, a: Self, b: Self) -> Self {
                self * a + b
            }
            #[inline(always)]
            fn to_f64(self) -> f64 { self as f64 }
            #[inline(always)]
            fn to_i128(self) -> i128 { self as i128 }
            #[inline(always)]
            fn from_f64(v: f64) -> Self { v as $t }
            #[inline(always)]
            fn from_i128(v: i128) -> Self { v as $t }
        }
    )*};
}
float_numeric!(f32, f64);

macro_rules! half_numeric {
    ($($t:ty),*) => {$(
        impl Numeric for $t {
            const ZERO: Self = <$t>::ZERO;
            const ONE: Self = <$t>::ONE;
            const IS_FLOAT: bool = true;
            #[inline(always)]
            fn mul_add(self, a: Self, b: Self) -> Self {
                <$t>::from_f32(self.to_f32() * a.to_f32() + b.to_f32())
            }
            #[inline(always)]
            fn to_f64(self) -> f64 { self.to_f64() }
            #[inline(always)]
            fn to_i128(self) -> i128 { self.to_f64() as i128 }
            #[inline(always)]
            fn from_f64(v: f64) -> Self { <$t>::from_f64(v) }
            #[inline(always)]
            fn from_i128(v: i128) -> Self { <$t>::from_f64(v as f64) }
        }
    )*};
}
half_numeric!(half::f16, half::bf16);
