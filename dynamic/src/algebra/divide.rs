//! `logical_divide` and its zipped, tiled and flat forms on runtime layouts, and the
//! tile-unzip helper they share with the products.

use super::coalesce::coalesce;
use super::complement::complement_to;
use super::composition::composition;
use crate::error::{Error, Result};
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use crate::value::Tiler;
use alloc::vec::Vec;

/// Apply `f` mode by mode along a tuple tiler, keeping the modes the tiler does not
/// reach (CuTe's `transform_layout(layout, tiler, f)`); at a terminal apply `leaf`.
pub(crate) fn by_tiler(
    l: &DynLayout,
    tiler: &Tiler,
    what: &str,
    leaf: &dyn Fn(&DynLayout, &DynLayout) -> Result<DynLayout>,
) -> Result<DynLayout> {
    match tiler {
        Tiler::Layout(t) => leaf(l, t),
        Tiler::Under => Ok(l.clone()),
        Tiler::Int(n) => leaf(l, &DynLayout::compact(IntTuple::Int(*n))?),
        Tiler::Tuple(ts) => {
            if ts.len() > l.rank() {
                return Err(Error::ill(alloc::format!(
                    "{what}: too many modes in the tiler ({} for {l} of rank {})",
                    ts.len(),
                    l.rank()
                )));
            }
            let modes = l.modes();
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match ts.get(i) {
                    Some(t) => by_tiler(m, t, what, leaf)?,
                    None => m.clone(),
                });
            }
            Ok(DynLayout::concat(out))
        }
    }
}

/// CuTe's `zip2_by`: gather the rank-2 modes at the terminals of the tiler into
/// `((tiles...), (rests..., untouched modes...))`.
fn zip2_by(t: &IntTuple, guide: &Tiler) -> Result<IntTuple> {
    match guide {
        Tiler::Tuple(gs) => {
            let tv = t.modes();
            if !t.is_tuple() || tv.len() < gs.len() {
                return Err(Error::ill(alloc::format!(
                    "zip2_by: {t} has fewer modes than the tiler"
                )));
            }
            let mut first = Vec::with_capacity(gs.len());
            let mut second = Vec::with_capacity(tv.len());
            for (ti, gi) in tv.iter().zip(gs) {
                let split = zip2_by(ti, gi)?;
                let sv = split.modes();
                first.push(sv[0].clone());
                second.push(sv[1].clone());
            }
            second.extend(tv[gs.len()..].iter().cloned());
            Ok(IntTuple::Tuple(alloc::vec![
                IntTuple::Tuple(first),
                IntTuple::Tuple(second)
            ]))
        }
        _ => {
            if !t.is_tuple() || t.rank() != 2 {
                return Err(Error::ill(alloc::format!(
                    "zip2_by: expected a rank-2 mode, got {t}"
                )));
            }
            Ok(t.clone())
        }
    }
}

/// CuTe's `tile_unzip(layout, tiler)`.
pub(crate) fn tile_unzip(l: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    Ok(DynLayout::raw(
        zip2_by(&l.shape, tiler)?,
        zip2_by(&l.stride, tiler)?,
    ))
}

/// `result(_, repeat<R1>(_))` (`first_too` also splats mode 0): the sub-modes of the
/// splatted modes become top-level modes. A mode of rank 1 is kept whole, as CuTe's
/// `repeat<1>(_)` is a plain `_`.
pub(crate) fn splat(l: &DynLayout, first_too: bool) -> Result<DynLayout> {
    let mut shape = Vec::new();
    let mut stride = Vec::new();
    for (i, m) in l.modes().into_iter().enumerate() {
        if (i == 1 || first_too) && m.rank() > 1 {
            shape.extend(m.shape.modes().iter().cloned());
            stride.extend(m.stride.modes().iter().cloned());
        } else {
            shape.push(m.shape);
            stride.push(m.stride);
        }
    }
    Ok(DynLayout::raw(
        IntTuple::Tuple(shape),
        IntTuple::Tuple(stride),
    ))
}

/// CuTe's `logical_divide(layout, tiler)`: `((tile, rest), ...)` by mode.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, logical_divide};
/// let a: DynLayout = "(_4,_2,_3):(_2,_1,_8)".parse().unwrap();
/// let t = Tiler::Layout("_4:_2".parse().unwrap());
/// assert_eq!(logical_divide(&a, &t).unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub fn logical_divide(l: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    by_tiler(l, tiler, "logical_divide", &|l, t| {
        let rest = complement_to(t, &coalesce(l)?.shape)?;
        composition(l, &DynLayout::concat(alloc::vec![t.clone(), rest]))
    })
}

/// CuTe's `zipped_divide`: `((tiles...), (rests...))`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Tiler, zipped_divide};
/// let a: DynLayout = "(_8,_24):(_1,_8)".parse().unwrap();
/// let t: Tiler = "(_4,_8)".parse().unwrap();
/// assert_eq!(zipped_divide(&a, &t).unwrap().to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
/// ```
pub fn zipped_divide(l: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    tile_unzip(&logical_divide(l, tiler)?, tiler)
}

/// CuTe's `tiled_divide`: `((tiles...), rests...)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, DInt, Tiler, tiled_divide};
/// let l: DynLayout = "(_8,_24):(_1,_8)".parse().unwrap();
/// let t = Tiler::Tuple(vec![Tiler::Int(DInt::stat(4)), Tiler::Int(DInt::stat(8))]);
/// assert_eq!(tiled_divide(&l, &t).unwrap().to_string(), "((_4,_8),_2,_3):((_1,_8),_4,_64)");
/// ```
pub fn tiled_divide(l: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    splat(&zipped_divide(l, tiler)?, false)
}

/// CuTe's `flat_divide`: `(tiles..., rests...)`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, DInt, Tiler, flat_divide};
/// let l: DynLayout = "(_8,_24):(_1,_8)".parse().unwrap();
/// let t = Tiler::Tuple(vec![Tiler::Int(DInt::stat(4)), Tiler::Int(DInt::stat(8))]);
/// assert_eq!(flat_divide(&l, &t).unwrap().to_string(), "(_4,_8,_2,_3):(_1,_8,_4,_64)");
/// ```
pub fn flat_divide(l: &DynLayout, tiler: &Tiler) -> Result<DynLayout> {
    splat(&zipped_divide(l, tiler)?, true)
}
