//! `complement` on runtime layouts: the layout of the "rest" of a codomain.

use super::coalesce::{coalesce, filter};
use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use alloc::vec::Vec;

/// CuTe's `complement(layout, cotarget)`: a layout disjoint from and ordered after
/// `layout` such that `(layout, complement)` covers `cotarget`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, IntTuple, complement_to};
/// let l: DynLayout = "_4:_2".parse().unwrap();
/// let c = complement_to(&l, &IntTuple::stat(24)).unwrap();
/// assert_eq!(c.to_string(), "(_2,_3):(_1,_8)");
/// ```
pub fn complement_to(l: &DynLayout, cotarget: &IntTuple) -> Result<DynLayout> {
    let f = filter(l)?;
    complement_impl(&f.shape, &f.stride, cotarget)
}

/// CuTe's `complement(layout)`: the complement up to the layout's own cosize.
///
/// ```
/// use cutlet_dynamic::{DynLayout, complement};
/// let l: DynLayout = "(_2,_2):(_1,_6)".parse().unwrap();
/// assert_eq!(complement(&l).unwrap().to_string(), "_3:_2");
/// ```
pub fn complement(l: &DynLayout) -> Result<DynLayout> {
    let f = filter(l)?;
    let cotarget = IntTuple::Int(f.cosize()?);
    complement_impl(&f.shape, &f.stride, &cotarget)
}

fn complement_impl(shape: &IntTuple, stride: &IntTuple, cotarget: &IntTuple) -> Result<DynLayout> {
    if stride.is_const(0) {
        return DynLayout::compact(cotarget.coalesce_shape()?);
    }
    let r = shape.rank();
    if r != 1 && !stride.is_static() {
        return Err(Error::ill(
            "complement: strides must be static unless the layout has rank 1",
        ));
    }
    let non_injective = || {
        Error::ill(alloc::format!(
            "complement: the layout {shape}:{stride} is not injective"
        ))
    };
    let mut shapes: Vec<DInt> = shape.leaves();
    let mut strides: Vec<DInt> = stride.leaves();
    let mut result_shape: Vec<DInt> = Vec::with_capacity(r + 1);
    let mut result_stride: Vec<DInt> = alloc::vec![DInt::stat(1)];
    for i in 0..r - 1 {
        // `min` then `find`: the first mode holding the smallest stride.
        let mut min_idx = 0;
        for (j, d) in strides.iter().enumerate() {
            if d.lt(strides[min_idx])?.value {
                min_idx = j;
            }
        }
        let min_stride = strides[min_idx];
        let new_shape = min_stride.try_div(result_stride[i])?;
        let new_stride = min_stride.try_mul(shapes[min_idx])?;
        if new_shape.is_const(0) {
            return Err(non_injective());
        }
        shapes.remove(min_idx);
        strides.remove(min_idx);
        result_shape.push(new_shape);
        result_stride.push(new_stride);
    }
    let new_shape = strides[0].try_div(result_stride[r - 1])?;
    if new_shape.is_const(0) {
        return Err(non_injective());
    }
    result_shape.push(new_shape);
    let new_stride = strides[0].try_mul(shapes[0])?;
    let rest_shape = cotarget
        .ceil_div(&IntTuple::Int(new_stride))?
        .coalesce_shape()?;
    let rest_stride = rest_shape.compact_col_major(new_stride)?;
    let tup = |v: Vec<DInt>| IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect());
    coalesce(&DynLayout::raw(
        IntTuple::Tuple(alloc::vec![tup(result_shape), rest_shape]),
        IntTuple::Tuple(alloc::vec![tup(result_stride), rest_stride]),
    ))
}
