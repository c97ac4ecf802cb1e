//! Static and dynamic integers, the leaves of shapes, strides and coordinates.
//!
//! A static integer is the zero-sized [`C<N>`] over a typenum integer (spelled
//! [`Int<4>`], [`_4`], or a literal in `layout!`); a dynamic integer is an `isize`.
//! Arithmetic follows CuTe: static with static is static (a type), anything with a
//! dynamic operand is dynamic.
//!
//! ```
//! use cutlet::prelude::*;
//! let s = _4::new() * _8::new();          // static: a type
//! let d = _4::new() * 8isize;             // dynamic: a value
//! let z = _0::new() * 8isize;             // CuTe: _0 * d is the static _0
//! assert_eq!((s.to_string(), d, z.to_string()), ("_32".into(), 32, "_0".into()));
//! ```

mod arithmetic_tuple;
mod checked;
mod for_each;
mod integral;
mod ops;
mod static_int;

#[doc(hidden)]
pub use arithmetic_tuple::{AddInto, ArithOperand, Embed, ListAdd, PathDisplay, PathEq, ZerosThen};
pub use arithmetic_tuple::{ArithTuple, E, ScaledBasis};
pub use checked::{IntAdd, IntDiv, IntMul, IntRem, IntSub};
#[doc(hidden)]
pub use for_each::Unrolled;
pub use for_each::{ForEachIndex, for_each_unrolled};
pub use integral::{DynInt, Integral, dynamic};
pub use ops::{
    IntAbs, IntCeilDiv, IntGcd, IntMax, IntMin, IntSignum, NonZeroDivisor, abs, ceil_div, gcd, max,
    min, signum,
};
#[doc(hidden)]
pub use ops::{RemByUnit, StaticEq, StaticLt, ZeroAbsorbs, ZeroOver, ZeroRem};
pub use static_int::*;
