//! Layout constructors with computed strides: `make_identity_layout` (basis strides)
//! and `make_ordered_layout` (CuTe's `compact_order`).

use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use alloc::vec::Vec;

/// CuTe's `make_identity_layout(shape)`: maps each coordinate to itself, with basis
/// strides `_1@i`.
///
/// ```
/// use cutlet_dynamic::{IntTuple, make_identity_layout};
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
/// use cutlet_dynamic::{IntTuple, make_ordered_layout};
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
                Ok(o.value)
            } else {
                // CuTe ranks dynamic entries after every static one, left to right.
                max_order
                    .checked_add(1 + i as i64)
                    .ok_or_else(|| Error::ill("make_ordered_layout: order values too large"))
            }
        })
        .collect::<Result<_>>()?;
    let starts = StrideStarts::new(&ref_shape, &ref_order)?;
    let mut next = 0;
    let stride = ordered(shape, order, &starts, &ref_order, &mut next)?;
    DynLayout::new(shape.clone(), stride)
}

/// For every order value `o`, CuTe's `stride_start`: the product of the reference
/// extents whose order is below `o`. Sorting once and taking prefix products makes
/// `make_ordered_layout` O(n log n) instead of one O(n) product per mode.
struct StrideStarts {
    /// The distinct order values, ascending.
    orders: Vec<i64>,
    /// `before[k]`: the product of the extents ordered below `orders[k]`.
    before: Vec<DInt>,
}

impl StrideStarts {
    fn new(ref_shape: &[DInt], ref_order: &[i64]) -> Result<StrideStarts> {
        let mut idx: Vec<usize> = (0..ref_order.len()).collect();
        idx.sort_by_key(|&i| (ref_order[i], i));
        let mut orders = Vec::new();
        let mut before = Vec::new();
        // CuTe's product is `_1 * f0 * f1 * ...`; its value and staticness do not
        // depend on the order of the factors, so the sorted order gives the same result.
        let mut acc = DInt::stat(1);
        let mut k = 0;
        while k < idx.len() {
            let o = ref_order[idx[k]];
            orders.push(o);
            before.push(acc);
            while k < idx.len() && ref_order[idx[k]] == o {
                acc = acc.try_mul(ref_shape[idx[k]])?;
                k += 1;
            }
        }
        Ok(StrideStarts { orders, before })
    }

    fn below(&self, o: i64) -> DInt {
        // `o` is one of the order values, so the search always finds it.
        match self.orders.binary_search(&o) {
            Ok(k) | Err(k) => self.before.get(k).copied().unwrap_or(DInt::stat(1)),
        }
    }
}

fn ordered(
    shape: &IntTuple,
    order: &IntTuple,
    starts: &StrideStarts,
    ref_order: &[i64],
    next: &mut usize,
) -> Result<IntTuple> {
    match order {
        IntTuple::Tuple(ov) => {
            let sv = shape.modes();
            let mut out = Vec::with_capacity(ov.len());
            for (s, o) in sv.iter().zip(ov) {
                out.push(ordered(s, o, starts, ref_order, next)?);
            }
            Ok(IntTuple::Tuple(out))
        }
        IntTuple::Int(_) => {
            let me = ref_order[*next];
            *next += 1;
            shape.compact_col_major(starts.below(me))
        }
    }
}
