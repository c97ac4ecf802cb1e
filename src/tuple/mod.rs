//! Int tuples (shapes, strides, coordinates): an integer or a nested tuple of int
//! tuples, written as native Rust tuples.
//!
//! Public functions take and return native tuples; internally every algorithm recurses
//! on cons-lists (`list.rs`) and converts at the boundary (`native.rs`).

mod int_tuple;
mod list;
mod native;
mod queries;

pub use int_tuple::{Congruent, Tup};
#[doc(hidden)]
pub use int_tuple::{
    ConsCongruent, IsCongruent, Leaves, ListIsNil, ProfilesMatch, SizeFold, TupList,
};
#[doc(hidden)]
pub use list::*;
#[doc(hidden)]
pub use native::ListDisplay;
pub use native::{Cute, CuteDisplay, ToList, ToNative};
#[doc(hidden)]
pub use queries::{Compatible, PrefixProduct};
pub use queries::{compatible, congruent, prefix_product};
