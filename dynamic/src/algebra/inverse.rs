//! `right_inverse`, `left_inverse`, `max_common_layout` and `max_common_vector` on
//! runtime layouts.

use super::coalesce::coalesce;
use super::composition::composition;
use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use alloc::vec::Vec;

/// CuTe's `detail::SortByKey`: its exchange sort, reproduced exactly because it is not
/// stable and the order of equal strides decides the result.
fn sort_by_key(mut kv: Vec<(i64, usize)>) -> Vec<usize> {
    let n = kv.len();
    for i in 0..n {
        for j in i + 1..n {
            if kv[j].0 < kv[i].0 {
                kv.swap(i, j);
            }
        }
    }
    kv.into_iter().map(|(_, v)| v).collect()
}

/// The flat modes of `coalesce(l)` and their exclusive prefix products.
fn coalesced_modes(l: &DynLayout) -> Result<(Vec<DInt>, Vec<DInt>, Vec<DInt>)> {
    let c = coalesce(l)?;
    let shape = c.shape.leaves();
    let stride = c.stride.leaves();
    let mut pre = alloc::vec![DInt::stat(1)];
    for s in &shape {
        let next = s.try_mul(*pre.last().unwrap())?;
        pre.push(next);
    }
    Ok((shape, stride, pre))
}

fn tuple(v: Vec<DInt>) -> IntTuple {
    IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect())
}

/// CuTe's `right_inverse(layout)`: `layout(result(i)) == i` for `i < size(result)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, right_inverse};
/// let l: DynLayout = "(_4,_2):(_2,_1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn right_inverse(l: &DynLayout) -> Result<DynLayout> {
    let (shape, stride, pre) = coalesced_modes(l)?;
    let keyed: Vec<(i64, usize)> = stride
        .iter()
        .enumerate()
        .filter(|(_, d)| d.is_static)
        .map(|(i, d)| d.plain("right_inverse").map(|d| (d.value, i)))
        .collect::<Result<_>>()?;
    let mut rshape = alloc::vec![DInt::stat(1)];
    let mut rstride = alloc::vec![DInt::stat(0)];
    let mut curr = DInt::stat(1);
    for i in sort_by_key(keyed) {
        if curr.is_static && curr.value == stride[i].value {
            rshape.push(shape[i]);
            rstride.push(pre[i]);
            curr = shape[i].try_mul(stride[i])?;
        }
    }
    coalesce(&DynLayout::raw(tuple(rshape), tuple(rstride)))
}

/// CuTe's `left_inverse(layout)`: `result(layout(i)) == i` for an injective layout.
///
/// ```
/// use cutlet_dynamic::{DynLayout, left_inverse};
/// let l: DynLayout = "(_3,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(_8,_3):(_3,_1)");
/// ```
pub fn left_inverse(l: &DynLayout) -> Result<DynLayout> {
    let (shape, stride, pre) = coalesced_modes(l)?;
    if stride.iter().any(|d| !d.is_static) {
        return Err(Error::ill("left_inverse requires static strides"));
    }
    let keyed: Vec<(i64, usize)> = stride
        .iter()
        .enumerate()
        .map(|(i, d)| d.plain("left_inverse").map(|d| (d.value, i)))
        .collect::<Result<_>>()?;
    let order = sort_by_key(keyed);
    let mut rshape: Vec<DInt> = Vec::new();
    let mut rstride = alloc::vec![DInt::stat(0)];
    for &i in &order {
        let istride = stride[i];
        if istride.is_const(0) {
            continue;
        }
        let size = tuple(rshape.clone()).size()?;
        if !istride.try_rem(size)?.is_const(0) {
            return Err(Error::ill(alloc::format!(
                "left_inverse: divisibility condition fails: stride {istride} is not a \
                 multiple of {size}"
            )));
        }
        rshape.push(istride.try_div(size)?);
        rstride.push(pre[i]);
    }
    let last = *order.last().expect("a coalesced layout has a mode");
    rshape.push(shape[last]);
    coalesce(&DynLayout::raw(tuple(rshape), tuple(rstride)))
}

/// The composition `a o right_inverse(b)` coalesced, and whether its first mode is a
/// static stride-1 run.
fn common(a: &DynLayout, b: &DynLayout) -> Result<(DynLayout, DynLayout, bool)> {
    let inv_b = right_inverse(b)?;
    let common = coalesce(&composition(a, &inv_b)?)?;
    let m0 = common.mode(0)?;
    let ok = m0.shape.as_int().is_some_and(|s| s.is_static) && m0.stride.is_const(1);
    Ok((inv_b, m0, ok))
}

/// CuTe's `max_common_layout(a, b)`: the largest layout `R` with `a(R(i)) == i` and
/// `b(R(i)) == i`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, max_common_layout};
/// let a: DynLayout = "(_4,_8):(_1,_4)".parse().unwrap();
/// let b: DynLayout = "(_4,_8):(_1,_8)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &b).unwrap().to_string(), "_4:_1");
/// ```
pub fn max_common_layout(a: &DynLayout, b: &DynLayout) -> Result<DynLayout> {
    let (inv_b, m0, ok) = common(a, b)?;
    if ok {
        composition(&inv_b, &m0)
    } else {
        Ok(DynLayout::raw(IntTuple::stat(1), IntTuple::stat(0)))
    }
}

/// CuTe's `max_common_vector(a, b)`: how many leading elements are contiguous in both.
///
/// ```
/// use cutlet_dynamic::{DynLayout, max_common_vector};
/// let a: DynLayout = "(_4,_8):(_1,_4)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &a).unwrap().to_string(), "_32");
/// ```
pub fn max_common_vector(a: &DynLayout, b: &DynLayout) -> Result<DInt> {
    let (_, m0, ok) = common(a, b)?;
    if ok {
        m0.shape.int("max_common_vector")
    } else {
        Ok(DInt::stat(1))
    }
}
