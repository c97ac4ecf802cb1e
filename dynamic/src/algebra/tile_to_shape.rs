//! `tile_to_shape` on runtime layouts (CuTe's layout.hpp): repeat a block until it
//! covers a target shape, as a `blocked_product` whose tiler is given by the result's
//! shape rather than the number of repetitions.

use super::identity::make_ordered_layout;
use super::product::blocked_product;
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use crate::predicates::evenly_divides;

/// The size of each mode (CuTe's `product_each`).
fn product_each(t: &IntTuple) -> Result<IntTuple> {
    match t {
        IntTuple::Int(_) => Ok(t.clone()),
        IntTuple::Tuple(v) => Ok(IntTuple::Tuple(
            v.iter()
                .map(|m| m.size().map(IntTuple::Int))
                .collect::<Result<_>>()?,
        )),
    }
}

/// CuTe's `tile_to_shape(block, trg_shape, ord_shape)`: `block` padded to the rank of
/// `trg_shape` and repeated (in the mode order `order`, column-major when `None`)
/// until each mode has the target's size.
///
/// Post-condition: the result's modes have the sizes of `trg_shape`'s modes.
///
/// ```
/// use cutlet_dynamic::{DynLayout, IntTuple, tile_to_shape};
/// let b: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let s: IntTuple = "(_4,_4)".parse().unwrap();
/// assert_eq!(tile_to_shape(&b, &s, None).unwrap().to_string(), "((_2,_2),(_2,_2)):((_1,_4),(_2,_8))");
/// let o: IntTuple = "(_1,_0)".parse().unwrap();
/// assert_eq!(tile_to_shape(&b, &s, Some(&o)).unwrap().to_string(), "((_2,_2),(_2,_2)):((_1,_8),(_2,_4))");
/// assert!(tile_to_shape(&b, &"(_3,_4)".parse().unwrap(), None).is_err());
/// ```
pub fn tile_to_shape(
    block: &DynLayout,
    trg_shape: &IntTuple,
    order: Option<&IntTuple>,
) -> Result<DynLayout> {
    let r = trg_shape.rank();
    if block.rank() > r {
        return Err(Error::ill(alloc::format!(
            "tile_to_shape: the rank of {block} must be <= the rank of the target shape {trg_shape}"
        )));
    }
    // CuTe pads with `_1:_0` modes (`append<R>(block)`).
    let (shape, stride) = block.clone().into_parts();
    let padded = DynLayout::new(
        shape.append_to(r, &IntTuple::stat(1))?,
        stride.append_to(r, &IntTuple::stat(0))?,
    )?;
    let block_shape = product_each(padded.shape())?;
    let target_shape = product_each(trg_shape)?;
    if target_shape.is_static() && !evenly_divides(&target_shape, &block_shape)?.is_true() {
        return Err(Error::ill(alloc::format!(
            "tile_to_shape: block shape {block_shape} does not divide the target shape {target_shape}"
        )));
    }
    let product_shape = target_shape.ceil_div(&block_shape)?;
    let tiler = match order {
        Some(o) => make_ordered_layout(&product_shape, o)?,
        None => DynLayout::col_major(product_shape)?,
    };
    blocked_product(&padded, &tiler)
}
