//! `nullspace` on runtime layouts (CuTe's layout.hpp): the coordinates a layout sends
//! to zero, as a layout into its (flattened, column-major) domain.

use crate::error::Result;
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use alloc::vec::Vec;

/// CuTe's `nullspace(layout)`: the modes of static-zero stride, with the strides they
/// have in a compact column-major layout of the flattened shape; `_1:_0` if none.
///
/// Post-condition: `layout(result(i)) == 0` for every `i < size(result)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, nullspace};
/// let l: DynLayout = "(_4,_1,_1):(_0,_7,_0)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "(_4,_1):(_1,_0)");
/// assert_eq!(nullspace(&"_6:_1".parse().unwrap()).unwrap().to_string(), "_1:_0");
/// ```
pub fn nullspace(l: &DynLayout) -> Result<DynLayout> {
    let flat_shape = l.shape().flatten();
    let flat_stride = l.stride().leaves();
    let rstride = flat_shape.compact_col_major(DInt::stat(1))?;
    let (shapes, strides) = (flat_shape.wrap(), rstride.wrap());
    let picked: Vec<usize> = (0..flat_stride.len())
        .filter(|&i| flat_stride[i].is_const(0))
        .collect();
    if picked.is_empty() {
        return DynLayout::new(IntTuple::stat(1), IntTuple::stat(0));
    }
    let unwrap = |v: Vec<IntTuple>| {
        if v.len() == 1 {
            v.into_iter().next().unwrap()
        } else {
            IntTuple::Tuple(v)
        }
    };
    DynLayout::new(
        unwrap(picked.iter().map(|&i| shapes[i].clone()).collect()),
        unwrap(picked.iter().map(|&i| strides[i].clone()).collect()),
    )
}
