//! `logical_product` and its zipped, tiled, flat, blocked and raked forms on runtime
//! layouts.

use super::coalesce::filter_zeros;
use super::complement::complement_to;
use super::composition::composition;
use super::divide::{by_tiler, splat, tile_unzip};
use super::identity::make_ordered_layout;
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use crate::value::Tiler;
use alloc::vec::Vec;

/// CuTe's `logical_product(block, tiler)`: `(block, tiler placed after the block)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, logical_product};
/// let b: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t = Tiler::Layout("_3:_1".parse().unwrap());
/// assert_eq!(logical_product(&b, &t).unwrap().to_string(), "((_2,_2),_3):((_1,_2),_4)");
/// ```
pub fn logical_product(block: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    by_tiler(block, tiler, "logical_product", &|b, t| {
        let cotarget = b.size()?.try_mul(t.cosize()?)?;
        let rest = complement_to(b, &IntTuple::Int(cotarget))?;
        Ok(DynLayout::concat(alloc::vec![
            b.clone(),
            composition(&rest, t)?
        ]))
    })
}

/// CuTe's `zipped_product`: `((block...), (products...))`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, zipped_product};
/// let b: DynLayout = "(_8,_2):(_1,_0)".parse().unwrap();
/// let t = Tiler::Layout("_4:_1".parse().unwrap());
/// assert_eq!(zipped_product(&b, &t).unwrap().to_string(), "((_8,_2),_4):((_1,_0),_8)");
/// ```
pub fn zipped_product(block: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    tile_unzip(&logical_product(block, tiler)?, tiler)
}

/// CuTe's `tiled_product`: `((block...), products...)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, tiled_product};
/// let b: DynLayout = "(_1,_4):(_0,_1)".parse().unwrap();
/// let t = Tiler::Layout("(_2,_8):(_1,_2)".parse().unwrap());
/// assert_eq!(tiled_product(&b, &t).unwrap().to_string(), "((_1,_4),_2,_8):((_0,_1),_4,_8)");
/// ```
pub fn tiled_product(block: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    splat(&zipped_product(block, tiler)?, false)
}

/// CuTe's `flat_product`: `(block..., products...)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, flat_product};
/// let b: DynLayout = "(_16):(_1)".parse().unwrap();
/// let t = Tiler::Layout("(_1,_16):(_1,_1)".parse().unwrap());
/// assert_eq!(flat_product(&b, &t).unwrap().to_string(), "((_16),_1,_16):((_1),_16,_16)");
/// ```
pub fn flat_product(block: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    splat(&zipped_product(block, tiler)?, true)
}

/// CuTe's `append<R>(layout)`: pad with `_1:_0` modes up to rank `r`.
fn append_to(l: &DynLayout, r: usize) -> Result<DynLayout> {
    Ok(DynLayout::raw(
        l.shape.clone().append_to(r, &IntTuple::stat(1))?,
        l.stride.clone().append_to(r, &IntTuple::stat(0))?,
    ))
}

/// CuTe's `zip(a, b)` of two int tuples: `((a0,b0),(a1,b1),...)`, or `((a,b))` when `a`
/// is an integer.
fn zip(a: &IntTuple, b: &IntTuple) -> Result<IntTuple> {
    match a {
        IntTuple::Int(_) => Ok(IntTuple::Tuple(alloc::vec![IntTuple::Tuple(alloc::vec![
            a.clone(),
            b.clone()
        ])])),
        IntTuple::Tuple(av) => {
            let IntTuple::Tuple(bv) = b else {
                return Err(Error::ill(alloc::format!(
                    "zip: mismatched ranks of {a} and {b}"
                )));
            };
            if av.len() != bv.len() {
                return Err(Error::ill(alloc::format!(
                    "zip: mismatched ranks of {a} and {b}"
                )));
            }
            Ok(IntTuple::Tuple(
                av.iter()
                    .zip(bv)
                    .map(|(x, y)| IntTuple::Tuple(alloc::vec![x.clone(), y.clone()]))
                    .collect(),
            ))
        }
    }
}

fn rank_sensitive(block: &DynLayout, tiler: &DynLayout, raked: bool) -> Result<DynLayout> {
    let r = block.rank().max(tiler.rank());
    let result = logical_product(&append_to(block, r)?, &Tiler::Layout(append_to(tiler, r)?))?;
    let modes: Vec<DynLayout> = result.modes();
    let (a, b) = if raked {
        (&modes[1], &modes[0])
    } else {
        (&modes[0], &modes[1])
    };
    Ok(DynLayout::raw(
        zip(&a.shape, &b.shape)?,
        zip(&a.stride, &b.stride)?,
    ))
}

/// CuTe's `blocked_product(block, tiler)`: the block repeated over the tiler, block
/// modes innermost.
///
/// ```
/// use cutlet_dynamic::{DynLayout, blocked_product};
/// let b: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t: DynLayout = "(_2,_3):(_1,_2)".parse().unwrap();
/// assert_eq!(blocked_product(&b, &t).unwrap().to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
pub fn blocked_product(block: &DynLayout, tiler: &DynLayout) -> Result<DynLayout> {
    rank_sensitive(block, tiler, false)
}

/// CuTe's `raked_product(block, tiler)`: the block interleaved across the tiler.
///
/// ```
/// use cutlet_dynamic::{DynLayout, raked_product};
/// let b: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
/// let t: DynLayout = "(_2,_3):(_1,_2)".parse().unwrap();
/// assert_eq!(raked_product(&b, &t).unwrap().to_string(), "((_2,_2),(_3,_2)):((_4,_1),(_8,_2))");
/// ```
pub fn raked_product(block: &DynLayout, tiler: &DynLayout) -> Result<DynLayout> {
    rank_sensitive(block, tiler, true)
}

/// CuTe's `make_fragment_like(layout)`: for a static shape of two or more modes, mode 0
/// column-major (static-zero strides kept) tiled by the other modes ordered as the
/// source's strides order them; otherwise `make_layout(shape)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, make_fragment_like};
/// let l: DynLayout = "((_2,_2),_4,_8):((_1,_64),_8,_256)".parse().unwrap();
/// assert_eq!(make_fragment_like(&l).unwrap().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// let d: DynLayout = "(4,_8):(_8,_1)".parse().unwrap();
/// assert_eq!(make_fragment_like(&d).unwrap().to_string(), "(4,_8):(_1,4)");
/// ```
pub fn make_fragment_like(l: &DynLayout) -> Result<DynLayout> {
    if l.rank() < 2 || !l.shape.is_static() {
        return DynLayout::compact(l.shape.clone());
    }
    let modes = l.modes();
    let first = DynLayout::compact(filter_zeros(&modes[0]).shape)?;
    let first = DynLayout::raw(modes[0].shape.clone(), first.stride);
    let rest = &modes[1..];
    let shape = IntTuple::Tuple(rest.iter().map(|m| m.shape.clone()).collect());
    let order = IntTuple::Tuple(rest.iter().map(|m| m.stride.clone()).collect());
    tiled_product(&first, &Tiler::Layout(make_ordered_layout(&shape, &order)?))
}
