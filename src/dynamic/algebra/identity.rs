//! Layout constructors with computed strides: `make_identity_layout` (basis strides)
//! and `make_ordered_layout` (CuTe's `compact_order`).

use crate::dynamic::error::{Error, Result};
use crate::dynamic::int::DInt;
use crate::dynamic::int_tuple::IntTuple;
use crate::dynamic::layout::DynLayout;
use alloc::vec::Vec;

/// CuTe's `make_identity_layout(shape)`: maps each coordinate to itself, with basis
/// strides `_1@i`.
///
/// ```
/// use cutlet::dynamic::{IntTuple, make_identity_layout};
/// let s: IntTuple = "(_4,(_2,3))".parse().unwrap();
/// assert_eq!(make_identity_layout(&s).unwrap().to_string(), "(_4,(_2,3)):(_1@0,(_1@0@1,_1@1@1))");
/// ```
pub fn make_identity_layout(shape: &IntTuple) -> Result<DynLayout> {
    DynLayout::new(shape.clone(), shape.basis_like()?)
}

/// At each leaf of `order`, the product of the matching part of `shape`.
fn product_like(shape: &IntTuple, order: &IntTuple, out: &mut Vec<DInt>) -> Result<()> {
    match order {
        IntTuple::Int(_) => out.push(shape.size()?),
        IntTuple::Tuple(ov) => {
            let IntTuple::Tuple(sv) = shape else {
                return Err(Error::ill(alloc::format!(
                    "order {order} is not weakly congruent with shape {shape}"
                )));
            };
            if sv.len() != ov.len() {
                return Err(Error::ill(alloc::format!(
                    "order {order} and shape {shape} have different ranks"
                )));
            }
            for (s, o) in sv.iter().zip(ov) {
                product_like(s, o, out)?;
            }
        }
    }
    Ok(())
}

/// CuTe's `make_ordered_layout(shape, order)`: compact strides that grow in the order
/// given by `order` (dynamic entries of `order` count as larger than every static one,
/// left to right).
///
/// ```
/// use cutlet::dynamic::{IntTuple, make_ordered_layout};
/// let s: IntTuple = "(_2,_2,_2,_2)".parse().unwrap();
/// let o: IntTuple = "(_0,_2,_3,_1)".parse().unwrap();
/// assert_eq!(make_ordered_layout(&s, &o).unwrap().to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// ```
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<DynLayout> {
    let mut ref_shape = Vec::new();
    product_like(shape, order, &mut ref_shape)?;
    let flat_order = order.leaves();
    let max_order = flat_order
        .iter()
        .filter(|o| o.is_static)
        .fold(0, |m, o| m.max(o.value));
    let ref_order: Vec<i64> = flat_order
        .iter()
        .enumerate()
        .map(|(i, o)| {
            if o.is_static {
                o.value
            } else {
                max_order + 1 + i as i64
            }
        })
        .collect();
    let mut next = 0;
    let stride = ordered(shape, order, &ref_shape, &ref_order, &mut next)?;
    DynLayout::new(shape.clone(), stride)
}

fn ordered(
    shape: &IntTuple,
    order: &IntTuple,
    ref_shape: &[DInt],
    ref_order: &[i64],
    next: &mut usize,
) -> Result<IntTuple> {
    match order {
        IntTuple::Tuple(ov) => {
            let sv = shape.modes();
            let mut out = Vec::with_capacity(ov.len());
            for (s, o) in sv.iter().zip(ov) {
                out.push(ordered(s, o, ref_shape, ref_order, next)?);
            }
            Ok(IntTuple::Tuple(out))
        }
        IntTuple::Int(_) => {
            let me = ref_order[*next];
            *next += 1;
            let mut start: Option<DInt> = None;
            for (s, &o) in ref_shape.iter().zip(ref_order) {
                let f = if o < me { *s } else { DInt::stat(1) };
                start = Some(match start {
                    None => f,
                    Some(a) => a.try_mul(f)?,
                });
            }
            shape.compact_col_major(start.unwrap_or(DInt::stat(1)))
        }
    }
}
