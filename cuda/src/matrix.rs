//! Reading a rank-2 operand off its layout: extents, which mode is contiguous and the
//! leading dimension, what a host wrapper passes a BLAS-style kernel (`cutlet-gemm`'s
//! GEMM, a user's row-wise kernel).

use crate::{Error, Result};
use cutlet_core::int::Leaf;
use cutlet_core::prelude::*;

/// A rank-2 operand `(rows, cols)` with one unit-stride mode: `contiguous_cols` says
/// which, `ld` is the other mode's stride.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Matrix {
    /// Extent of mode 0.
    pub rows: usize,
    /// Extent of mode 1.
    pub cols: usize,
    /// Mode 1 has stride 1 (row-major); else mode 0 has.
    pub contiguous_cols: bool,
    /// The stride of the other mode.
    pub ld: usize,
}

/// The [`Matrix`] a rank-2 layout describes, preferring column-major when both modes
/// could be unit-stride (an extent of 1); a layout with no unit-stride mode, or modes
/// that overlap (a leading dimension below the contiguous extent), is an error naming it.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_cuda::{matrix, Matrix};
/// assert_eq!(matrix("A", layout!((300, 64):(64, 1))).unwrap(),
///            Matrix { rows: 300, cols: 64, contiguous_cols: true, ld: 64 });
/// assert_eq!(matrix("A", layout!((300, 64):(1, 304))).unwrap().contiguous_cols, false);
/// assert_eq!(
///     matrix("B", layout!((8, 8):(2, 16))).unwrap_err().to_string(),
///     "B: layout (_8,_8):(_2,_16) has no unit-stride mode (a GEMM operand is row- or column-major)"
/// );
/// ```
pub fn matrix(what: &str, l: impl Layout) -> Result<Matrix> {
    let bad = |why: &str| Err(Error::Operand(format!("{what}: layout {l} {why}")));
    if rank(l).value() != 2 {
        return bad("is not rank 2");
    }
    let (rows, cols) = (size(get::<0, _>(l)).value(), size(get::<1, _>(l)).value());
    // The offsets of (1, 0) and (0, 1): the strides (a leaf's size is its value).
    let (s0, s1) = (
        l.call((1isize, 0isize)).size().value(),
        l.call((0isize, 1isize)).size().value(),
    );
    let u = |x: isize| x.max(0) as usize;
    let (rows, cols) = (u(rows), u(cols));
    let m = if s0 == 1 || rows <= 1 && s1 != 1 {
        Matrix {
            rows,
            cols,
            contiguous_cols: false,
            ld: if cols <= 1 { rows.max(u(s1)) } else { u(s1) },
        }
    } else if s1 == 1 || cols <= 1 {
        Matrix {
            rows,
            cols,
            contiguous_cols: true,
            ld: if rows <= 1 { cols.max(u(s0)) } else { u(s0) },
        }
    } else {
        return bad("has no unit-stride mode (a GEMM operand is row- or column-major)");
    };
    let inner = if m.contiguous_cols { cols } else { rows };
    if m.ld < inner {
        return bad(&format!(
            "has leading dimension {} below its contiguous extent {inner}",
            m.ld
        ));
    }
    Ok(m)
}
