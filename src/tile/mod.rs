//! Tile programming with cuTile's semantics on cutlet's static shapes.

mod arith;
mod binary;
mod element;
mod launch;
mod list;
mod math;
mod matmul;
mod memory;
mod num;
mod permute;
mod reduce;
mod select;
mod shape;
#[allow(clippy::module_inception)]
mod tile;

pub use arith::Bits;
pub use binary::{Binary, NarrowingScalar};
pub use element::{Cast, Element, Promote};
pub use launch::{BlockId, BlockOut, Grid, launch, launch_with};
pub use math::*;
pub use matmul::{matmul, mma};
pub use memory::{
    FlatModes, IndexValue, Padding, TileIndex, load, load_masked, store, store as store_masked,
};
pub use num::{Float, MmaOperand, Num};
pub use permute::{SwapFirst, Transposed};
pub use select::{IntoTile, where_, where_ as select};
pub use shape::*;
pub use tile::{Tile, arange, full, iota, ones, zeros};
