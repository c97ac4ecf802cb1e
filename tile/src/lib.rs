//! Tile programming with cuTile's semantics on cutlet's static shapes.

#![deny(unsafe_code)]
#![warn(missing_docs)]
// Type-level algorithms spell their results as nested projections by nature.
#![allow(clippy::type_complexity)]

extern crate alloc;

mod arith;
mod binary;
mod element;
mod expf;
mod expr;
mod launch;
mod list;
mod map;
mod math;
mod matmul;
mod memory;
mod num;
pub mod op;
mod permute;
mod reduce;
mod select;
mod shape;
#[allow(clippy::module_inception)]
mod tile;
mod view;
mod zip;

pub use arith::Bits;
pub use binary::{Binary, NarrowingScalar};
pub use element::{Cast, Element, Promote};
pub use expr::{Expr, TileExpr};
pub use launch::{BlockId, BlockOut, Grid, launch, launch_with};
pub use map::Map;
pub use math::*;
pub use matmul::{matmul, mma};
pub use memory::{
    FlatModes, IndexValue, Padding, TileIndex, load, load_masked, store, store as store_masked,
};
pub use num::{Float, MmaOperand, Num};
pub use permute::{SwapFirst, Transposed};
pub use select::{IntoTile, Select, where_, where_ as select};
pub use shape::*;
pub use tile::{Tile, arange, full, iota, ones, zeros};
pub use view::View;
pub use zip::{Splat, Zip};
