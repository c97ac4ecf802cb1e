//! `composition` on runtime layouts: `R(c) = A(B(c))` (CuTe's `composition_impl`).

use super::coalesce::{coalesce_x, coalesce_x_by};
use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use crate::value::Tiler;
use alloc::vec::Vec;

/// The coprofile of `rhs`: `_0` for integer strides, the profile of the coordinate the
/// strides sum to for basis strides (identity layouts).
fn coprofile(rhs: &DynLayout) -> IntTuple {
    let leaves = rhs.stride.leaves();
    let depth = leaves
        .iter()
        .filter(|d| d.is_basis())
        .map(|d| d.basis.path().to_vec())
        .fold(Vec::<Vec<u8>>::new(), |mut acc, p| {
            acc.push(p);
            acc
        });
    if depth.is_empty() {
        return IntTuple::stat(0);
    }
    // A tuple of `_0`s as deep as the basis paths reach.
    fn build(paths: &[Vec<u8>], level: usize) -> IntTuple {
        let n = paths
            .iter()
            .filter(|p| p.len() > level)
            .map(|p| p[level] as usize + 1)
            .max()
            .unwrap_or(0);
        if n == 0 {
            return IntTuple::stat(0);
        }
        IntTuple::Tuple(
            (0..n)
                .map(|i| {
                    let sub: Vec<Vec<u8>> = paths
                        .iter()
                        .filter(|p| p.len() > level && p[level] as usize == i)
                        .cloned()
                        .collect();
                    build(&sub, level + 1)
                })
                .collect(),
        )
    }
    build(&depth, 0)
}

/// CuTe's `composition(lhs, rhs)` for a layout `rhs`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, composition};
/// let a: DynLayout = "(_4,_8):(_13,_1)".parse().unwrap();
/// let b: DynLayout = "_8:_2".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "(_2,_4):(_26,_1)");
/// ```
pub fn composition(lhs: &DynLayout, rhs: &DynLayout) -> Result<DynLayout> {
    // CuTe builds the result mode by mode with `make_layout`, which has no empty case:
    // an empty (sub-)shape on the right does not compile.
    if rhs.shape.has_empty_tuple() {
        return Err(Error::ill(alloc::format!(
            "composition with {rhs}: an empty tuple is not a layout to compose with"
        )));
    }
    let flat = coalesce_x_by(lhs, &coprofile(rhs))?;
    composition_impl(&flat.shape, &flat.stride, &rhs.shape, &rhs.stride)
}

/// CuTe's `composition(lhs, tiler)`: by-mode for a tuple tiler (modes of `lhs` that the
/// tiler does not reach are dropped), a layout or a shape at a terminal.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, composition_tiler};
/// let l: DynLayout = "(_12,_32):(_32,_1)".parse().unwrap();
/// let t = Tiler::Tuple(vec![Tiler::Layout("_3:_4".parse().unwrap()), Tiler::Layout("_8:_2".parse().unwrap())]);
/// assert_eq!(composition_tiler(&l, &t).unwrap().to_string(), "(_3,_8):(_128,_2)");
/// ```
pub fn composition_tiler(lhs: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    match tiler {
        Tiler::Layout(r) => composition(lhs, r),
        Tiler::Under => Ok(lhs.clone()),
        Tiler::Int(n) => {
            let flat = coalesce_x(lhs)?;
            composition_impl(
                &flat.shape,
                &flat.stride,
                &IntTuple::Int(*n),
                &IntTuple::stat(1),
            )
        }
        Tiler::Tuple(ts) => {
            if ts.is_empty() {
                return Err(Error::ill(
                    "composition with the empty tiler (): CuTe's by-mode composition needs at least one mode",
                ));
            }
            if ts.len() > lhs.rank() {
                return Err(Error::ill(alloc::format!(
                    "composition: the tiler has {} modes but {lhs} has rank {}",
                    ts.len(),
                    lhs.rank()
                )));
            }
            let mut out = Vec::with_capacity(ts.len());
            for (i, t) in ts.iter().enumerate() {
                out.push(composition_tiler(&lhs.mode(i)?, t)?);
            }
            Ok(DynLayout::concat(out))
        }
    }
}

/// Select the sub-tuple a basis path points at (CuTe's `basis_get`).
fn basis_get(path: &[u8], t: &IntTuple) -> Result<IntTuple> {
    let mut cur = t.clone();
    for &p in path {
        cur = cur.get(p as usize)?.clone();
    }
    Ok(cur)
}

pub(crate) fn composition_impl(
    ls: &IntTuple,
    ld: &IntTuple,
    rs: &IntTuple,
    rd: &IntTuple,
) -> Result<DynLayout> {
    // Right-distributivity over the modes of a tuple rhs.
    if let IntTuple::Tuple(rsv) = rs {
        let rdv = rd.modes();
        let mut out = Vec::with_capacity(rsv.len());
        for (s, d) in rsv.iter().zip(rdv) {
            out.push(composition_impl(ls, ld, s, d)?);
        }
        return Ok(DynLayout::concat(out));
    }
    let rstride = rd.int("composition stride")?;
    if rstride.is_basis() {
        let path = rstride.basis.path();
        let value = DInt {
            basis: crate::int::Basis::NONE,
            ..rstride
        };
        return composition_impl(
            &basis_get(path, ls)?,
            &basis_get(path, ld)?,
            rs,
            &IntTuple::Int(value),
        );
    }
    if rstride.is_const(0) {
        return Ok(DynLayout::raw(rs.clone(), rd.clone()));
    }
    let IntTuple::Tuple(lsv) = ls else {
        return Ok(DynLayout::raw(
            rs.clone(),
            IntTuple::Int(rstride.try_mul(ld.int("composition stride")?)?),
        ));
    };
    let ldv = ld.modes();
    let r = lsv.len();
    let mut result_shape: Vec<DInt> = Vec::new();
    let mut result_stride: Vec<DInt> = Vec::new();
    let mut rest_shape = rs.int("composition shape")?;
    let mut rest_stride = rstride;
    for i in 0..r - 1 {
        let curr_shape = lsv[i].int("composition: coalesced shape")?;
        let curr_stride = ldv[i].int("composition: coalesced stride")?;
        if curr_shape.is_static && rest_stride.is_static {
            let ok = rest_stride.try_rem(curr_shape)?.eq(DInt::stat(0)).value
                || rest_stride.lt(curr_shape)?.value;
            if !ok {
                return Err(Error::ill(alloc::format!(
                    "composition: stride divisibility condition fails: stride {rest_stride} \
                     of the right layout neither divides nor is divided by the extent \
                     {curr_shape} of the left layout"
                )));
            }
        }
        let abs_rest = rest_stride.abs()?;
        let next_shape = curr_shape.ceil_div(abs_rest)?;
        let next_stride = abs_rest
            .ceil_div(curr_shape)?
            .try_mul(rest_stride.signum()?)?;
        if next_shape.is_const(1) || rest_shape.is_const(1) {
            rest_stride = next_stride;
        } else {
            let new_shape = next_shape.min(rest_shape)?;
            if new_shape.is_static
                && rest_shape.is_static
                && rest_shape.try_rem(new_shape)?.value != 0
            {
                return Err(Error::ill(alloc::format!(
                    "composition: shape divisibility condition fails: extent {new_shape} \
                     does not divide the remaining extent {rest_shape}"
                )));
            }
            result_shape.push(new_shape);
            result_stride.push(rest_stride.try_mul(curr_stride)?);
            rest_shape = rest_shape.try_div(new_shape)?;
            rest_stride = next_stride;
        }
    }
    let last_stride = ldv[r - 1].int("composition: coalesced stride")?;
    let tup = |v: Vec<DInt>| IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect());
    if result_shape.is_empty() {
        Ok(DynLayout::raw(
            IntTuple::Int(rest_shape),
            IntTuple::Int(rest_stride.try_mul(last_stride)?),
        ))
    } else if rest_shape.is_const(1) {
        Ok(DynLayout::raw(
            tup(result_shape).unwrap_rank1(),
            tup(result_stride).unwrap_rank1(),
        ))
    } else {
        result_shape.push(rest_shape);
        result_stride.push(rest_stride.try_mul(last_stride)?);
        Ok(DynLayout::raw(tup(result_shape), tup(result_stride)))
    }
}
