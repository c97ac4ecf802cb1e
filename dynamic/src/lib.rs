//! The runtime layout tree: int tuples and layouts whose structure is known only at run
//! time, each leaf remembering whether CuTe would know it statically.
//!
//! This is the simple reference implementation of CuTe's layout algebra. The `cutlet`
//! CLI runs on it, it parses everything the typed layouts print, and the typed algebra
//! is tested against it. For the same inputs (same static/dynamic marking) it returns
//! exactly what CuTe prints. [`atom`] holds CuTe's kernel layer (MMA and copy atoms,
//! TiledMMA, TiledCopy, thread partitions) on these layouts and [`picture`] CuTe's
//! `print_latex`/`print_svg` drawings.
//!
//! ```
//! use cutlet_dynamic::{DynLayout, Tiler, zipped_divide};
//! let a: DynLayout = "(8,24):(_1,8)".parse().unwrap();
//! let t: Tiler = "(_4,_8)".parse().unwrap();
//! assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((_4,_8),(2,3)):((_1,8),(_4,64))");
//! ```

#![deny(unsafe_code)]
#![warn(missing_docs)]
// Type-level algorithms spell their results as nested projections by nature.
#![allow(clippy::type_complexity)]

extern crate alloc;

mod algebra;
pub mod analysis;
pub mod atom;
pub mod atom_traits;
pub mod cli;
mod composed;
mod composed_ops;
mod error;
mod expr;
mod from_typed;
mod inspect_ops;
mod int;
mod int_math;
mod int_tuple;
mod layout;
mod modes;
mod parse;
pub mod picture;
mod predicates;
mod print_composed;
mod swizzle;
mod value;

pub use algebra::*;
pub use composed::{ComposedLayout, LayoutFn, MixedBits, Offset};
pub use error::{Error, Result};
pub use expr::{OPERATIONS, eval, eval_expr};
pub use int::{Basis, DInt, SBool};
pub use int_math::{crd2idx_colex, idx2crd, inner_product, shape_div};
pub use int_tuple::IntTuple;
pub use layout::{Coord, DynLayout, crd2idx};
pub use parse::{Expr, parse_expr};
pub use predicates::{compatible, congruent, elem_less, evenly_divides, weakly_congruent};
pub use swizzle::Swizzle;
pub use value::{Tiler, Value};
