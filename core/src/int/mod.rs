//! Static and dynamic integers, the leaves of shapes, strides and coordinates.
//!
//! A static integer is the zero-sized [`C<N>`] over a typenum integer (spelled
//! [`Int<4>`], [`_4`], or a literal in `layout!`); a dynamic integer is an `isize`;
//! CuTe's [`ScaledBasis`] elements are the strides of identity layouts. Arithmetic
//! follows CuTe: static with static is static (a type), anything with a dynamic operand
//! is dynamic.
//!
//! Below the leaves sit the type-level numbers they are made of ([`Nat`], [`SInt`],
//! [`Bit`]): typenum's types, with this crate's own total operations as associated
//! types, so that every computed type is again a number without extra bounds.
//!
//! ```
//! use cutlet_core::prelude::*;
//! let s = _4::new() * _8::new();          // static: a type
//! let d = _4::new() * 8isize;             // dynamic: a value
//! let z = _0::new() * 8isize;             // CuTe: _0 * d is the static _0
//! assert_eq!((s.to_string(), d, z.to_string()), ("_32".into(), 32, "_0".into()));
//! ```

mod basis;
mod bit;
mod error;
mod for_each;
mod leaf;
pub mod nat;
mod ops;
pub mod sint;
mod static_int;
mod storage;

pub use basis::{E, PCons, PErr, PNil, Path, ScaledBasis};
pub use bit::{And, Bit, BranchT, Conjure, Not, Or};
#[doc(hidden)]
pub use error::{
    EAddBases, EDivZero, EMulBases, ENeedsInteger, ENotLeaf, ETooManyModes, EUnderscore,
};
pub use error::{ErrLeaf, ErrMsg};
pub use for_each::{ForEachIndex, MAX_UNROLL, UNROLL};
pub use leaf::{
    DynInt, Integral, Leaf, LeafOps, abs, add, ceil_div, div, dynamic, gcd, max, min, mul, neg,
    rem, signum, sub,
};
/// The result types of leaf arithmetic (`Mul<A, B>` is the type of `a * b`).
pub mod types {
    pub use super::leaf::{
        Abs, Add, CeilDiv, Checked, Div, Gcd, IsOne, IsZero, Max, Min, MkLeaf, Mul, Neg, Rem,
        Signum, StaticEq, StaticLt, Sub,
    };
}
pub use nat::{Equal, Greater, Less, Nat, Ord3};
pub use sint::SInt;
pub use static_int::*;
pub use storage::{Block, MAX_FLAT, OddArray, Pair, Storage};
#[doc(hidden)]
pub use {nat::NatBits, sint::NzNat, sint::OrdDispatch, sint::SIntBits};
