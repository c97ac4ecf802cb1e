//! Slicing a tensor whose layout is a composed swizzle layout `Sw o O o L`
//! (CuTe's `slice_and_offset` of swizzle_layout.hpp).

use super::super::composed::{ComposedLayout, LayoutFn};
use super::super::error::{Error, Result};
use super::super::layout::Coord;
use super::tensor::recompose;

fn all_under(c: &Coord) -> bool {
    match c {
        Coord::Under => true,
        Coord::Int(_) => false,
        Coord::Tuple(v) => v.iter().all(all_under),
    }
}

/// The layout of `tensor(c)` for a tensor with the composed layout `cl`.
pub(crate) fn slice_composed(cl: &ComposedLayout, c: &Coord) -> Result<LayoutFn> {
    let LayoutFn::Layout(b) = &cl.b else {
        return Err(Error::ill("slicing a nested composed layout"));
    };
    if all_under(c) {
        return Ok(recompose(cl, LayoutFn::Layout(b.slice(c)?.0)));
    }
    Err(Error::ill("slicing a swizzled layout at a coordinate is not supported yet"))
}
