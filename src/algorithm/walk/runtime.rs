//! The run-time walk: flattened `(extent, stride)` modes read from the layouts' values,
//! refined to a common splitting, optionally reordered by destination stride, and
//! visited by an odometer (nested strided loops, no division).

use crate::int::Integral;
use crate::tuple::{HCons, HNil};

/// The most flattened modes the run-time walks handle; deeper layouts walk by 1-D index.
pub(crate) const MAX_MODES: usize = 16;

/// One refined mode walked in both layouts: `(extent, stride_a, stride_b)`.
pub(crate) type Triple = (isize, isize, isize);

/// Writes the leaf values of an int tuple (internal form) into a slice.
#[doc(hidden)]
pub trait LeafValues: Copy {
    /// Write the leaves from `*n` on; `false` if they do not fit.
    fn leaf_values(self, out: &mut [isize; MAX_MODES], n: &mut usize) -> bool;
}
macro_rules! leaf_values {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> LeafValues for $ty where $ty: Integral {
            #[inline(always)]
            fn leaf_values(self, out: &mut [isize; MAX_MODES], n: &mut usize) -> bool {
                if *n == MAX_MODES {
                    return false;
                }
                out[*n] = self.value();
                *n += 1;
                true
            }
        }
    )*};
}
leaf_values!(crate::int::C<N> => [N], isize => []);
impl LeafValues for HNil {
    #[inline(always)]
    fn leaf_values(self, _: &mut [isize; MAX_MODES], _: &mut usize) -> bool {
        true
    }
}
impl<H: LeafValues, T: LeafValues> LeafValues for HCons<H, T> {
    #[inline(always)]
    fn leaf_values(self, out: &mut [isize; MAX_MODES], n: &mut usize) -> bool {
        self.head.leaf_values(out, n) && self.tail.leaf_values(out, n)
    }
}

/// The leaf values of an int tuple, or `None` when it has more than [`MAX_MODES`].
#[inline(always)]
pub(crate) fn leaves<T: LeafValues>(t: T) -> Option<([isize; MAX_MODES], usize)> {
    let (mut out, mut n) = ([0; MAX_MODES], 0);
    t.leaf_values(&mut out, &mut n).then_some((out, n))
}

/// A common splitting of two layouts' flattened modes, in 1-D order (mode 0
/// innermost), or `None` when an extent of one does not divide or is not divided by
/// the other's.
fn refine(
    (ea_all, da_all, na): &([isize; MAX_MODES], [isize; MAX_MODES], usize),
    (eb_all, db_all, nb): &([isize; MAX_MODES], [isize; MAX_MODES], usize),
) -> Option<([Triple; 2 * MAX_MODES], usize)> {
    let mut out = [(0, 0, 0); 2 * MAX_MODES];
    let mut n = 0;
    let (mut i, mut j) = (0, 0);
    let (mut ea, mut da) = (1isize, 0isize);
    let (mut eb, mut db) = (1isize, 0isize);
    loop {
        while ea == 1 && i < *na {
            (ea, da) = (ea_all[i], da_all[i]);
            i += 1;
        }
        while eb == 1 && j < *nb {
            (eb, db) = (eb_all[j], db_all[j]);
            j += 1;
        }
        if ea == 1 || eb == 1 {
            return (ea == 1 && eb == 1).then_some((out, n));
        }
        let e = ea.min(eb);
        if ea % e != 0 || eb % e != 0 || n == out.len() {
            return None;
        }
        out[n] = (e, da, db);
        n += 1;
        (ea, da) = (ea / e, da * e);
        (eb, db) = (eb / e, db * e);
    }
}

/// Nested strided loops over `t` (innermost first).
#[inline(always)]
fn odometer2(t: &[Triple], f: &mut impl FnMut(isize, isize)) {
    let n = t.len();
    if n == 0 {
        f(0, 0);
        return;
    }
    if t.iter().any(|&(e, _, _)| e <= 0) {
        return;
    }
    let (e0, a0, b0) = t[0];
    let mut ctr = [0isize; 2 * MAX_MODES];
    let (mut oa, mut ob) = (0isize, 0isize);
    loop {
        let (mut x, mut y) = (oa, ob);
        for _ in 0..e0 {
            f(x, y);
            x += a0;
            y += b0;
        }
        let mut k = 1;
        loop {
            if k >= n {
                return;
            }
            let (e, sa, sb) = t[k];
            ctr[k] += 1;
            oa += sa;
            ob += sb;
            if ctr[k] < e {
                break;
            }
            oa -= sa * e;
            ob -= sb * e;
            ctr[k] = 0;
            k += 1;
        }
    }
}

/// Visit refined modes, with the destination's smallest stride innermost when
/// `reorder` allows it and the destination does not overlap itself (the order of the
/// visits does not change a copy).
#[inline(always)]
pub(crate) fn walk_triples(t: &mut [Triple], reorder: bool, f: &mut impl FnMut(isize, isize)) {
    if reorder && t.iter().all(|&(_, _, sb)| sb != 0) {
        t.sort_unstable_by_key(|&(_, _, sb)| sb.unsigned_abs());
    }
    odometer2(t, f);
}

/// Walk two layouts given by their flattened values; `false` if they do not refine
/// to a common splitting or have too many modes (the caller then walks by 1-D index).
#[inline(always)]
pub(crate) fn walk2_runtime<SA, DA, SB, DB>(
    sa: SA,
    da: DA,
    sb: SB,
    db: DB,
    reorder: bool,
    f: &mut impl FnMut(isize, isize),
) -> bool
where
    SA: LeafValues,
    DA: LeafValues,
    SB: LeafValues,
    DB: LeafValues,
{
    let (Some((ea, na)), Some((sa, _)), Some((eb, nb)), Some((sb, _))) =
        (leaves(sa), leaves(da), leaves(sb), leaves(db))
    else {
        return false;
    };
    let Some((mut t, n)) = refine(&(ea, sa, na), &(eb, sb, nb)) else {
        return false;
    };
    walk_triples(&mut t[..n], reorder, f);
    true
}
