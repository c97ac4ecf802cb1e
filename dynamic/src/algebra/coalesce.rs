//! `coalesce`, `filter_zeros` and `filter` on runtime layouts (CuTe's `bw_coalesce`).

use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;
use alloc::vec::Vec;

/// The accumulator of `bw_coalesce`: a leaf until something is prepended. The modes
/// are stored back to front (the result's first mode last) so that prepending is a
/// push, keeping coalesce linear in the number of modes.
struct Acc {
    shape: Vec<DInt>,
    stride: Vec<DInt>,
}

impl Acc {
    fn into_layout(self) -> DynLayout {
        let leafify = |mut v: Vec<DInt>| {
            v.reverse();
            if v.len() == 1 {
                IntTuple::Int(v[0])
            } else {
                IntTuple::Tuple(v.into_iter().map(IntTuple::Int).collect())
            }
        };
        DynLayout::raw(leafify(self.shape), leafify(self.stride))
    }
}

/// Walk the flat modes back to front, merging where CuTe can prove it statically.
fn bw_coalesce(fs: &[DInt], fd: &[DInt], mut acc: Acc) -> Result<DynLayout> {
    for i in (0..fs.len().saturating_sub(1)).rev() {
        let (s, d) = (fs[i], fd[i]);
        if s.is_const(1) {
            continue;
        }
        let front = acc.shape.len() - 1;
        if acc.shape.len() == 1 && acc.shape[front].is_const(1) {
            acc.shape[front] = s;
            acc.stride[front] = d;
        } else if acc.shape[front].is_static && s.try_mul(d)?.eq(acc.stride[front]).is_true() {
            acc.shape[front] = s.try_mul(acc.shape[front])?;
            acc.stride[front] = d;
        } else {
            acc.shape.push(s);
            acc.stride.push(d);
        }
    }
    if acc.shape.len() == 1 && acc.shape[0].is_const(1) {
        return Ok(DynLayout::raw(IntTuple::stat(1), IntTuple::stat(0)));
    }
    Ok(acc.into_layout())
}

fn flat(l: &DynLayout) -> Result<(Vec<DInt>, Vec<DInt>)> {
    let fs = l.shape.leaves();
    let fd = l.stride.leaves();
    if fs.is_empty() {
        return Err(Error::ill("coalesce of an empty layout"));
    }
    Ok((fs, fd))
}

/// CuTe's `coalesce(layout)`: the same function on its domain with depth <= 1.
///
/// ```
/// use cutlet_dynamic::{DynLayout, coalesce};
/// let l: DynLayout = "(_2,(_3,_1)):(_1,(_2,_6))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "_6:_1");
/// ```
pub fn coalesce(l: &DynLayout) -> Result<DynLayout> {
    let (fs, fd) = flat(l)?;
    let r = fs.len();
    let acc = Acc {
        shape: alloc::vec![fs[r - 1]],
        stride: alloc::vec![fd[r - 1]],
    };
    bw_coalesce(&fs, &fd, acc)
}

/// CuTe's `detail::coalesce_x`: like `coalesce` but also keeps the function outside
/// the domain (a trailing size-1 mode becomes a `_2` guard).
pub(crate) fn coalesce_x(l: &DynLayout) -> Result<DynLayout> {
    let (fs, fd) = flat(l)?;
    let r = fs.len();
    let first = if fs[r - 1].is_const(1) {
        DInt::stat(2)
    } else {
        fs[r - 1]
    };
    let acc = Acc {
        shape: alloc::vec![first],
        stride: alloc::vec![fd[r - 1]],
    };
    bw_coalesce(&fs, &fd, acc)
}

/// Apply `f` at the terminals of `profile` (CuTe's by-mode `transform_layout`): modes
/// of `l` beyond the profile are kept as they are.
pub(crate) fn by_mode(
    l: &DynLayout,
    profile: &IntTuple,
    what: &str,
    f: &dyn Fn(&DynLayout) -> Result<DynLayout>,
) -> Result<DynLayout> {
    let IntTuple::Tuple(pv) = profile else {
        return f(l);
    };
    if pv.len() > l.rank() {
        return Err(Error::ill(alloc::format!(
            "{what}: profile {profile} has more modes than {l}"
        )));
    }
    let modes = l.modes();
    let mut out = Vec::with_capacity(modes.len());
    for (i, m) in modes.iter().enumerate() {
        out.push(match pv.get(i) {
            Some(p) => by_mode(m, p, what, f)?,
            None => m.clone(),
        });
    }
    Ok(DynLayout::concat(out))
}

/// CuTe's `coalesce(layout, profile)`: coalesce at the terminals of `profile`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, IntTuple, coalesce_by};
/// let l: DynLayout = "((_1,_4),_6):((_1,_1),_4)".parse().unwrap();
/// let p: IntTuple = "(_1,_1)".parse().unwrap();
/// assert_eq!(coalesce_by(&l, &p).unwrap().to_string(), "(_4,_6):(_1,_4)");
/// ```
pub fn coalesce_by(l: &DynLayout, profile: &IntTuple) -> Result<DynLayout> {
    by_mode(l, profile, "coalesce", &coalesce)
}

/// `coalesce_x` at the terminals of a profile.
pub(crate) fn coalesce_x_by(l: &DynLayout, profile: &IntTuple) -> Result<DynLayout> {
    by_mode(l, profile, "coalesce", &coalesce_x)
}

/// Replace the shape of every static-zero-stride mode by `_1`.
fn filter_zeros_tuple(stride: &IntTuple, shape: &IntTuple) -> IntTuple {
    match (stride, shape) {
        (IntTuple::Tuple(dv), IntTuple::Tuple(sv)) => IntTuple::Tuple(
            dv.iter()
                .zip(sv)
                .map(|(d, s)| filter_zeros_tuple(d, s))
                .collect(),
        ),
        (d, s) if d.is_const(0) => s.repeat_like(&IntTuple::stat(1)),
        (_, s) => s.clone(),
    }
}

/// CuTe's `filter_zeros(layout)`: static-zero-stride modes get size `_1`.
///
/// ```
/// use cutlet_dynamic::{DynLayout, filter_zeros};
/// let l: DynLayout = "(_4,_2):(_1,_0)".parse().unwrap();
/// assert_eq!(filter_zeros(&l).to_string(), "(_4,_1):(_1,_0)");
/// ```
pub fn filter_zeros(l: &DynLayout) -> DynLayout {
    DynLayout::raw(filter_zeros_tuple(&l.stride, &l.shape), l.stride.clone())
}

/// CuTe's `filter(layout)`: drop stride-0 and size-1 modes, then coalesce.
///
/// ```
/// use cutlet_dynamic::{DynLayout, filter};
/// let l: DynLayout = "(_6,_2,_4):(_1,_0,_6)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "_24:_1");
/// ```
pub fn filter(l: &DynLayout) -> Result<DynLayout> {
    coalesce(&filter_zeros(l))
}
