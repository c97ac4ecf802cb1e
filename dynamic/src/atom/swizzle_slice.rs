//! Slicing a tensor whose layout is a composed swizzle layout `Sw o O o L`
//! (CuTe's `slice_and_offset` of swizzle_layout.hpp).
//!
//! The fixed part of the coordinate is split into the bits the swizzle reads or
//! writes (its Y and Z bits), which accumulate into the offset as [`Bits`], and the
//! rest. When the remaining layout touches both a Y bit and its Z bit the result stays
//! a composed layout with that offset; otherwise the swizzle decays into a plain
//! layout whose strides depend on the offset's bits (dynamic strides when they are
//! known only at run time).

use super::super::algebra;
use super::super::composed::{ComposedLayout, LayoutFn};
use super::super::error::{Error, Result};
use super::super::int::DInt;
use super::super::int_math::idx2crd;
use super::super::int_tuple::IntTuple;
use super::super::layout::{Coord, DynLayout};
use super::bits::{Bits, to_mixed_bits};
use super::tensor::recompose;
use alloc::vec::Vec;

fn all_under(c: &Coord) -> bool {
    match c {
        Coord::Under => true,
        Coord::Int(_) => false,
        Coord::Tuple(v) => v.iter().all(all_under),
    }
}

/// CuTe's `dice(c, t)`: the parts of `t` paired with integers, flattened as `slice`
/// flattens the `_` parts.
fn dice(c: &Coord, t: &IntTuple, top: bool) -> Result<IntTuple> {
    match c {
        Coord::Under => Ok(IntTuple::Tuple(Vec::new())),
        Coord::Int(_) if top => Ok(t.clone()),
        Coord::Int(_) => Ok(IntTuple::Tuple(alloc::vec![t.clone()])),
        Coord::Tuple(cv) => {
            let IntTuple::Tuple(tv) = t else {
                return Err(Error::ill("dice: coordinate and layout are not congruent"));
            };
            if cv.len() != tv.len() {
                return Err(Error::ill("dice: mismatched ranks"));
            }
            let mut out = Vec::new();
            for (ci, ti) in cv.iter().zip(tv) {
                if let IntTuple::Tuple(v) = dice(ci, ti, false)? {
                    out.extend(v);
                }
            }
            Ok(IntTuple::Tuple(out))
        }
    }
}

fn coord_tuple(c: &Coord) -> IntTuple {
    match c {
        Coord::Int(d) => IntTuple::Int(*d),
        Coord::Under => IntTuple::stat(0),
        Coord::Tuple(v) => IntTuple::Tuple(v.iter().map(coord_tuple).collect()),
    }
}

fn lay(shape: Vec<i64>, stride: Vec<i64>) -> DynLayout {
    DynLayout::raw(
        IntTuple::Tuple(shape.into_iter().map(IntTuple::stat).collect()),
        IntTuple::Tuple(stride.into_iter().map(IntTuple::stat).collect()),
    )
}

/// The layout of `tensor(c)` for a tensor with the composed layout `cl`.
pub(crate) fn slice_composed(cl: &ComposedLayout, c: &Coord) -> Result<LayoutFn> {
    let LayoutFn::Layout(b) = &cl.b else {
        return Err(Error::ill("slicing a nested composed layout"));
    };
    let sliced = b.slice(c)?.0;
    if all_under(c) {
        return Ok(recompose(cl, LayoutFn::Layout(sliced)));
    }
    let LayoutFn::Swizzle(sw) = cl.a else {
        // CuTe's generic ComposedLayout slice: slice B, keep A and O.
        return Ok(recompose(cl, LayoutFn::Layout(sliced)));
    };
    let (bb, m, s) = (sw.bits() as i64, sw.base() as i64, sw.shift() as i64);
    let sa = s.abs();
    let shape = alloc::vec![1 << m, 1 << bb, 1 << (sa - bb), 1 << bb, 1];
    let only_zy = lay(shape, alloc::vec![0, 1 << m, 0, 1 << (m + sa), 0]);

    // The consumed part: its Y/Z bits join the offset.
    let diced = DynLayout::raw(dice(c, &b.shape, true)?, dice(c, &b.stride, true)?);
    let diced_coord = dice(c, &coord_tuple(c), true)?;
    let diced_only_zy = algebra::composition(&only_zy, &diced)?;
    let crd = idx2crd(&diced_coord, &diced_only_zy.shape)?;
    let consumed = to_mixed_bits(&diced_only_zy.shape, &diced_only_zy.stride, &crd)?;
    let offset = Bits::from_offset(&cl.offset)?.xor(consumed);

    // Does the remaining layout touch a Y bit and its Z bit?
    let sliced_only_zy = algebra::composition(&only_zy, &sliced)?;
    let last = sliced_only_zy.size()?.try_sub(DInt::stat(1))?;
    let active = sliced_only_zy.crd2idx(&IntTuple::Int(last))?;
    let yyy = sw.yyy_msk() as u32;
    if active.is_static {
        let a = active.value as u32;
        let swz = Bits::Static(a).swizzle(yyy, sw.shift());
        if let Bits::Static(sa_bits) = swz
            && a & !sa_bits != 0
        {
            return Ok(ComposedLayout::compose(
                cl.a.clone(),
                offset.to_offset()?,
                LayoutFn::Layout(sliced),
            ));
        }
    }

    // Decay to a plain layout.
    let zmsk = sw.zzz_msk();
    let ymsk = sw.yyy_msk();
    let z = zmsk & -zmsk;
    let y = ymsk & -ymsk;
    let strides = |lower: bool| -> Vec<IntTuple> {
        (0..bb)
            .map(|i| {
                let (test, a, b) = if lower {
                    (y << i, z << i, -(z << i))
                } else {
                    (z << i, (y + z) << i, (y - z) << i)
                };
                let d = match offset.and_c(test as u32).is_zero() {
                    Some(true) => DInt::stat(a),
                    Some(false) => DInt::stat(b),
                    None if offset.and_c(test as u32).value() == 0 => DInt::dynamic(a),
                    None => DInt::dynamic(b),
                };
                IntTuple::Int(d)
            })
            .collect()
    };
    let (lo, hi) = (strides(z < y), strides(z > y));
    let twos = || IntTuple::Tuple((0..bb).map(|_| IntTuple::stat(2)).collect());
    let swizzle_layout = DynLayout::raw(
        IntTuple::Tuple(alloc::vec![
            IntTuple::stat(1 << m),
            twos(),
            IntTuple::stat(1 << (sa - bb)),
            twos(),
            IntTuple::stat(1),
        ]),
        IntTuple::Tuple(alloc::vec![
            IntTuple::stat(1),
            IntTuple::Tuple(lo),
            IntTuple::stat(1 << (m + bb)),
            IntTuple::Tuple(hi),
            IntTuple::stat(1 << (m + bb + sa)),
        ]),
    );
    Ok(LayoutFn::Layout(algebra::composition(
        &swizzle_layout,
        &sliced,
    )?))
}
