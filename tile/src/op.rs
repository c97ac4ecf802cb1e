//! The per-element functions inside expression nodes. A node stores its function by
//! value, so an expression's type names it: closures for user maps, and the named
//! zero-sized functions below for the operators and math functions (a generic function
//! such as `ct::exp` cannot name a closure of its own in its return type; a function
//! pointer would make the call indirect unless the optimizer proves it constant).

use super::element::{Cast, Element};
use super::num::{Float, Num};
use core::marker::PhantomData;

/// A function of one element (the function of a map node): every `Fn(T) -> U + Copy`
/// closure, and the named functions of this module.
///
/// ```
/// use cutlet_tile::op::{self, MapFn};
/// assert_eq!(op::Exp.call(0.0f32), 1.0);
/// assert_eq!((|x: i32| x * 2).call(4), 8);
/// ```
pub trait MapFn<T>: Copy {
    /// The result type.
    type Output: Element;
    /// Apply the function.
    fn call(&self, x: T) -> Self::Output;
}
impl<T, U: Element, F: Fn(T) -> U + Copy> MapFn<T> for F {
    type Output = U;
    #[inline(always)]
    fn call(&self, x: T) -> U {
        self(x)
    }
}

/// A function of two elements of one type (the function of a zip node): every
/// `Fn(T, T) -> U + Copy` closure, and the named functions of this module.
///
/// ```
/// use cutlet_tile::op::{self, ZipFn};
/// assert_eq!(op::Add.call(2i32, 3), 5);
/// assert!(op::Lt.call(1.0f32, 2.0));
/// ```
pub trait ZipFn<T>: Copy {
    /// The result type.
    type Output: Element;
    /// Apply the function.
    fn call(&self, a: T, b: T) -> Self::Output;
}
impl<T, U: Element, F: Fn(T, T) -> U + Copy> ZipFn<T> for F {
    type Output = U;
    #[inline(always)]
    fn call(&self, a: T, b: T) -> U {
        self(a, b)
    }
}

macro_rules! unary {
    ($($name:ident, $bound:ident, $f:path, $doc:literal, $ex:literal);* $(;)?) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_tile::op::{self, MapFn};
        #[doc = $ex]
        /// ```
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;
        impl<T: $bound> MapFn<T> for $name {
            type Output = T;
            #[inline(always)]
            fn call(&self, x: T) -> T {
                $f(x)
            }
        }
    )*};
}
unary! {
    Neg, Num, Num::neg, "`-x`.", "assert_eq!(op::Neg.call(2i8), -2);";
    Exp, Float, Float::exp, "`e^x`.", "assert_eq!(op::Exp.call(0.0f64), 1.0);";
    Exp2, Float, Float::exp2, "`2^x`.", "assert_eq!(op::Exp2.call(3.0f32), 8.0);";
    Log, Float, Float::log, "Natural logarithm.", "assert_eq!(op::Log.call(1.0f32), 0.0);";
    Log2, Float, Float::log2, "Base-2 logarithm.", "assert_eq!(op::Log2.call(8.0f32), 3.0);";
    Sqrt, Float, Float::sqrt, "Square root.", "assert_eq!(op::Sqrt.call(9.0f32), 3.0);";
    Rsqrt, Float, Float::rsqrt, "`1 / sqrt(x)`.", "assert_eq!(op::Rsqrt.call(4.0f32), 0.5);";
    Sin, Float, Float::sin, "Sine.", "assert_eq!(op::Sin.call(0.0f32), 0.0);";
    Cos, Float, Float::cos, "Cosine.", "assert_eq!(op::Cos.call(0.0f32), 1.0);";
    Tan, Float, Float::tan, "Tangent.", "assert_eq!(op::Tan.call(0.0f32), 0.0);";
    Sinh, Float, Float::sinh, "Hyperbolic sine.", "assert_eq!(op::Sinh.call(0.0f32), 0.0);";
    Cosh, Float, Float::cosh, "Hyperbolic cosine.", "assert_eq!(op::Cosh.call(0.0f32), 1.0);";
    Tanh, Float, Float::tanh, "Hyperbolic tangent.", "assert_eq!(op::Tanh.call(0.0f32), 0.0);";
    Floor, Float, Float::floor, "Round down.", "assert_eq!(op::Floor.call(-1.5f32), -2.0);";
    Ceil, Float, Float::ceil, "Round up.", "assert_eq!(op::Ceil.call(1.25f32), 2.0);";
}

/// `!x` (logical on `bool`, bitwise on integers).
///
/// ```
/// use cutlet_tile::op::{self, MapFn};
/// assert_eq!(op::Not.call(true), false);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Not;
impl<T: Element + core::ops::Not<Output = T>> MapFn<T> for Not {
    type Output = T;
    #[inline(always)]
    fn call(&self, x: T) -> T {
        !x
    }
}

/// Conversion to `U` (the function of `astype`).
///
/// ```
/// use cutlet_tile::op::{CastTo, MapFn};
/// assert_eq!(CastTo::<i32>::default().call(2.75f32), 2);
/// ```
#[derive(Debug)]
pub struct CastTo<U>(PhantomData<U>);
impl<U> Clone for CastTo<U> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<U> Copy for CastTo<U> {}
impl<U> Default for CastTo<U> {
    fn default() -> Self {
        CastTo(PhantomData)
    }
}
impl<T: Cast<U>, U: Element> MapFn<T> for CastTo<U> {
    type Output = U;
    #[inline(always)]
    fn call(&self, x: T) -> U {
        x.cast()
    }
}

macro_rules! binary {
    ($($name:ident, $bound:path, |$a:ident, $b:ident| $body:expr, $out:ty, $doc:literal, $ex:literal);* $(;)?) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_tile::op::{self, ZipFn};
        #[doc = $ex]
        /// ```
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;
        impl<T: $bound> ZipFn<T> for $name {
            type Output = $out;
            #[inline(always)]
            fn call(&self, $a: T, $b: T) -> $out {
                $body
            }
        }
    )*};
}
binary! {
    Add, Num, |a, b| Num::add(a, b), T, "`a + b` (integers wrap).", "assert_eq!(op::Add.call(250u8, 10), 4);";
    Sub, Num, |a, b| Num::sub(a, b), T, "`a - b`.", "assert_eq!(op::Sub.call(2i32, 3), -1);";
    Mul, Num, |a, b| Num::mul(a, b), T, "`a * b`.", "assert_eq!(op::Mul.call(2i32, 3), 6);";
    Div, Num, |a, b| Num::div(a, b), T, "`a / b` (integers truncate).", "assert_eq!(op::Div.call(-7i32, 2), -3);";
    Rem, Num, |a, b| Num::rem(a, b), T, "`a % b` (the dividend's sign).", "assert_eq!(op::Rem.call(-7i32, 2), -1);";
    FloorDiv, Num, |a, b| Num::floordiv(a, b), T, "`floor(a / b)`.", "assert_eq!(op::FloorDiv.call(-7i32, 2), -4);";
    CeilDiv, Num, |a, b| Num::cdiv(a, b), T, "`ceil(a / b)`.", "assert_eq!(op::CeilDiv.call(7i32, 2), 4);";
    Modulo, Num, |a, b| Num::modulo(a, b), T, "`a mod b` (the divisor's sign).", "assert_eq!(op::Modulo.call(-7i32, 3), 2);";
    Pow, Num, |a, b| Num::pow(a, b), T, "`a` to the power `b`.", "assert_eq!(op::Pow.call(2i32, 10), 1024);";
    Minimum, Num, |a, b| Num::minimum(a, b), T, "The smaller; NaN if either is NaN.", "assert!(op::Minimum.call(1.0f32, f32::NAN).is_nan());";
    Maximum, Num, |a, b| Num::maximum(a, b), T, "The larger; NaN if either is NaN.", "assert_eq!(op::Maximum.call(1i32, 2), 2);";
    TrueDiv, Num, |a, b| Num::div(a.to_real(), b.to_real()), T::Real, "`a / b` in a float type.", "assert_eq!(op::TrueDiv.call(7i32, 2), 3.5f64);";
    BitAnd, super::arith::Bits, |a, b| a & b, T, "`a & b`.", "assert_eq!(op::BitAnd.call(6u8, 3), 2);";
    BitOr, super::arith::Bits, |a, b| a | b, T, "`a | b`.", "assert_eq!(op::BitOr.call(6u8, 3), 7);";
    BitXor, super::arith::Bits, |a, b| a ^ b, T, "`a ^ b`.", "assert_eq!(op::BitXor.call(6u8, 3), 5);";
    Lt, Element, |a, b| a < b, bool, "`a < b`.", "assert!(op::Lt.call(1, 2));";
    Le, Element, |a, b| a <= b, bool, "`a <= b`.", "assert!(op::Le.call(2, 2));";
    Gt, Element, |a, b| a > b, bool, "`a > b`.", "assert!(op::Gt.call(3, 2));";
    Ge, Element, |a, b| a >= b, bool, "`a >= b`.", "assert!(op::Ge.call(2, 2));";
    Eq, Element, |a, b| a == b, bool, "`a == b` (NaN is unequal to everything).", "assert!(!op::Eq.call(f32::NAN, f32::NAN));";
    Ne, Element, |a, b| a != b, bool, "`a != b`.", "assert!(op::Ne.call(1, 2));";
}
