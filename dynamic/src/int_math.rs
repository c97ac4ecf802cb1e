//! CuTe's int-tuple arithmetic (`int_tuple.hpp`, `stride.hpp`): `shape_div`,
//! `inner_product`, `idx2crd` and the colexicographic `crd2idx(coord, shape)`.
//!
//! Results are static exactly where CuTe's are (see [`DInt`]); where CuTe refuses to
//! compile (mismatched ranks, a static divisibility failure) these are
//! [`Error::IllFormed`].

use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use alloc::vec::Vec;

/// CuTe's `shape_div(a, b)`: tuple by tuple element-wise, tuple by integer folded across
/// the modes, integer by tuple through `product(b)`, integer by integer `ceil_div` after
/// CuTe's static divisibility check (`a % b == 0 || b % a == 0`).
///
/// ```
/// use cutlet_dynamic::{IntTuple, shape_div};
/// let a: IntTuple = "(_4,_5,_6)".parse().unwrap();
/// assert_eq!(shape_div(&a, &"_40".parse().unwrap()).unwrap().to_string(), "(_1,_1,_3)");
/// assert!(shape_div(&"_4".parse().unwrap(), &"_3".parse().unwrap()).is_err());
/// ```
pub fn shape_div(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match (a, b) {
        (IntTuple::Tuple(av), IntTuple::Tuple(bv)) => {
            if av.len() != bv.len() {
                return Err(Error::ill(alloc::format!(
                    "shape_div({a}, {b}): mismatched ranks"
                )));
            }
            let v: Result<Vec<_>> = av.iter().zip(bv).map(|(x, y)| shape_div(x, y)).collect();
            Ok(IntTuple::Tuple(v?))
        }
        (IntTuple::Tuple(av), IntTuple::Int(_)) => {
            let mut rest = b.clone();
            let mut out = Vec::with_capacity(av.len());
            for ai in av {
                out.push(shape_div(ai, &rest)?);
                rest = shape_div(&rest, ai)?;
            }
            Ok(IntTuple::Tuple(out))
        }
        (IntTuple::Int(_), IntTuple::Tuple(_)) => shape_div(a, &IntTuple::Int(b.size()?)),
        (IntTuple::Int(x), IntTuple::Int(y)) => {
            let (x, y) = (x.plain("shape_div")?, y.plain("shape_div")?);
            if x.is_static && y.is_static {
                let divides = x.try_rem(y)?.value == 0 || y.try_rem(x)?.value == 0;
                if !divides {
                    return Err(Error::ill(alloc::format!(
                        "shape_div({x}, {y}): neither divides the other (CuTe's divisibility condition)"
                    )));
                }
            }
            Ok(IntTuple::Int(x.ceil_div(y)?))
        }
    }
}

/// CuTe's `inner_product(a, b)`: `_0 + a0*b0 + a1*b1 + ...` over congruent int tuples.
///
/// ```
/// use cutlet_dynamic::{IntTuple, inner_product};
/// let (a, b): (IntTuple, IntTuple) = ("(_2,_3)".parse().unwrap(), "(_4,5)".parse().unwrap());
/// assert_eq!(inner_product(&a, &b).unwrap().to_string(), "23");
/// ```
pub fn inner_product(a: &IntTuple, b: &IntTuple) -> Result<DInt> {
    match (a, b) {
        (IntTuple::Tuple(av), IntTuple::Tuple(bv)) => {
            if av.len() != bv.len() {
                return Err(Error::ill(alloc::format!(
                    "inner_product({a}, {b}): mismatched ranks"
                )));
            }
            av.iter().zip(bv).try_fold(DInt::stat(0), |acc, (x, y)| {
                acc.try_add(inner_product(x, y)?)
            })
        }
        (IntTuple::Int(x), IntTuple::Int(y)) => x.try_mul(*y),
        _ => Err(Error::ill(alloc::format!(
            "inner_product({a}, {b}): CuTe cannot multiply an integer by a tuple"
        ))),
    }
}

/// CuTe's `idx2crd(idx, shape)`: the colexicographic coordinate of an index (a tuple
/// index is split mode by mode; an integer shape returns the index itself).
///
/// ```
/// use cutlet_dynamic::{IntTuple, idx2crd};
/// let s: IntTuple = "(_4,(_4,_2,_3))".parse().unwrap();
/// assert_eq!(idx2crd(&"70".parse().unwrap(), &s).unwrap().to_string(), "(2,(1,0,2))");
/// assert_eq!(idx2crd(&"_5".parse().unwrap(), &"(_2,_1,_3)".parse().unwrap()).unwrap().to_string(), "(_1,_0,_2)");
/// ```
pub fn idx2crd(idx: &IntTuple, shape: &IntTuple) -> Result<IntTuple> {
    match (idx, shape) {
        (IntTuple::Tuple(iv), IntTuple::Tuple(sv)) => {
            if iv.len() != sv.len() {
                return Err(Error::ill(alloc::format!(
                    "idx2crd({idx}, {shape}): mismatched ranks"
                )));
            }
            let v: Result<Vec<_>> = iv.iter().zip(sv).map(|(i, s)| idx2crd(i, s)).collect();
            Ok(IntTuple::Tuple(v?))
        }
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Err(Error::ill(alloc::format!(
            "idx2crd({idx}, {shape}): a tuple index needs a tuple shape"
        ))),
        (IntTuple::Int(_), IntTuple::Int(_)) => Ok(idx.clone()),
        // CuTe: crd2idx(idx, shape, make_basis_like(shape)), read as a coordinate.
        (IntTuple::Int(_), IntTuple::Tuple(_)) => {
            DynLayout::new(shape.clone(), shape.basis_like()?)?.eval(idx)
        }
    }
}

/// CuTe's two-argument `crd2idx(coord, shape)`: the colexicographic index of a
/// coordinate in a shape (Horner's rule over the flattened coordinate); an integer
/// coordinate is already an index.
///
/// ```
/// use cutlet_dynamic::{IntTuple, crd2idx_colex};
/// let (c, s): (IntTuple, IntTuple) = ("(1,(1,2))".parse().unwrap(), "(_2,(_3,_4))".parse().unwrap());
/// assert_eq!(crd2idx_colex(&c, &s).unwrap().to_string(), "15");
/// ```
pub fn crd2idx_colex(coord: &IntTuple, shape: &IntTuple) -> Result<DInt> {
    let IntTuple::Tuple(_) = coord else {
        return coord.int("crd2idx");
    };
    if !shape.is_tuple() || coord.rank() != shape.rank() {
        return Err(Error::ill(alloc::format!(
            "crd2idx({coord}, {shape}): mismatched ranks"
        )));
    }
    let mut c = Vec::new();
    let mut s = Vec::new();
    product_like(coord, shape, &mut c, &mut s)?;
    // i = c0 + s0 * (c1 + s1 * (c2 + ...)), evaluated innermost first as CuTe does.
    let Some((&last, init)) = c.split_last() else {
        return Err(Error::ill("crd2idx of an empty coordinate"));
    };
    init.iter()
        .zip(&s)
        .rev()
        .try_fold(last, |acc, (&ci, &si)| ci.try_add(si.try_mul(acc)?))
}

/// The flattened coordinate and, for each of its leaves, the size of the matching
/// sub-shape (CuTe's `flatten(product_like(shape, coord))`).
fn product_like(
    coord: &IntTuple,
    shape: &IntTuple,
    c: &mut Vec<DInt>,
    s: &mut Vec<DInt>,
) -> Result<()> {
    match coord {
        IntTuple::Int(ci) => {
            c.push(ci.plain("crd2idx")?);
            s.push(shape.size()?);
            Ok(())
        }
        IntTuple::Tuple(cv) => {
            let IntTuple::Tuple(sv) = shape else {
                return Err(Error::ill(alloc::format!(
                    "crd2idx: the coordinate {coord} is deeper than the shape {shape}"
                )));
            };
            if cv.len() != sv.len() {
                return Err(Error::ill(alloc::format!(
                    "crd2idx: coordinate {coord} and shape {shape} have different ranks"
                )));
            }
            cv.iter()
                .zip(sv)
                .try_for_each(|(ci, si)| product_like(ci, si, c, s))
        }
    }
}
