//! `domain_distribute` on runtime shapes (CuTe's layout.hpp): pick `N` elements of a
//! shape's domain greedily, mode by mode.

use super::coalesce::coalesce;
use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;

/// CuTe's `domain_distribute(shape, n)`: for each flattened mode in turn take
/// `gcd(extent, what is left of n)`, with the mode's column-major stride, coalesced.
/// CuTe requires a static `n` and a static shape.
///
/// Post-conditions: `size(result)` divides `n`; the result is ordered (increasing).
///
/// ```
/// use cutlet_dynamic::{DInt, IntTuple, domain_distribute};
/// let s: IntTuple = "(_6,(_4,_2,_3))".parse().unwrap();
/// assert_eq!(domain_distribute(&s, DInt::stat(16)).unwrap().to_string(), "(_2,_8):(_1,_6)");
/// assert!(domain_distribute(&s, DInt::dynamic(16)).is_err());
/// ```
pub fn domain_distribute(shape: &IntTuple, n: DInt) -> Result<DynLayout> {
    if !n.is_static || n.is_basis() {
        return Err(Error::ill(alloc::format!(
            "domain_distribute needs a static integer, got {n}"
        )));
    }
    let flat = shape.flatten();
    if !flat.is_static() {
        return Err(Error::ill(alloc::format!(
            "domain_distribute needs a static shape, got {shape}"
        )));
    }
    let mut rest = n;
    let mut result = alloc::vec::Vec::new();
    for a in flat.leaves() {
        let g = a.gcd(rest)?;
        result.push(IntTuple::Int(g));
        rest = rest.try_div(g)?;
    }
    let stride = flat.compact_col_major(DInt::stat(1))?;
    let stride = match stride {
        IntTuple::Int(_) => IntTuple::Tuple(alloc::vec![stride]),
        t => t,
    };
    coalesce(&DynLayout::new(IntTuple::Tuple(result), stride)?)
}
