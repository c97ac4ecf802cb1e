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
    if rank(l).value() != 2 {
        return Err(Error::Operand(format!("{what}: layout {l} is not rank 2")));
    }
    Ok(matrices(what, l)?.matrix)
}

/// A batch of `l` [`Matrix`]es, entry `z` starting `z * stride` elements after entry 0
/// (CuTe's L mode, cuBLAS's strided batch).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Matrices {
    /// Each entry's extents, major and leading dimension.
    pub matrix: Matrix,
    /// Entries.
    pub l: usize,
    /// Elements from one entry to the next (0 for one entry).
    pub stride: usize,
}

/// The [`Matrices`] a layout describes: a rank-3 `(rows, cols, l)` one (CuTe's
/// `(M, K, L)` operand) or a rank-2 one as a batch of one, each entry as [`matrix`]
/// reads it. A batch mode of no one stride (a nested mode whose strides do not run on
/// from each other), or any other rank, is an error naming the layout.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_cuda::{matrices, matrix};
/// let b = matrices("A", layout!((300, 64, 4):(64, 1, 19200))).unwrap();
/// assert_eq!((b.matrix, b.l, b.stride), (matrix("A", layout!((300, 64):(64, 1))).unwrap(), 4, 19200));
/// assert_eq!(matrices("A", layout!((300, 64):(1, 300))).unwrap().l, 1);
/// // A batch that shares one matrix (stride 0), as a broadcast operand does.
/// assert_eq!(matrices("B", layout!((8, 8, 3):(1, 8, 0))).unwrap().stride, 0);
/// assert!(matrices("A", layout!((8, 8, (2, 2)):(1, 8, (64, 1000)))).is_err());
/// // One row, row-major at leading dimension 16: the strides of extent-1 modes count.
/// assert_eq!(matrices("A", layout!((1, 8, 2):(16, 1, 16))).unwrap().matrix.ld, 16);
/// ```
pub fn matrices(what: &str, l: impl Layout) -> Result<Matrices> {
    let bad = |why: &str| Err(Error::Operand(format!("{what}: layout {l} {why}")));
    let r = rank(l).value();
    if r != 2 && r != 3 {
        return bad("is not rank 2 or 3");
    }
    let u = |x: isize| x.max(0) as usize;
    let (rows, cols) = (
        u(size(get::<0, _>(l)).value()),
        u(size(get::<1, _>(l)).value()),
    );
    // The third mode's extent (1 for rank 2: the tail of `(rows, cols)` is empty).
    let batch = u(size(shape(l).tail().tail()).value());
    // The strides: each mode's offset of its index 1, read even where its extent is 1 (a
    // leaf's size is its value).
    let (s0, s1) = (
        u(get::<0, _>(l).call(1isize).size().value()),
        u(get::<1, _>(l).call(1isize).size().value()),
    );
    // The offset of colexicographic index `i`, of any rank's layout: (0, 0, 1) is at
    // `rows * cols` where the first two modes are not empty.
    let at = |i: usize| u(l.call(i as isize).size().value());
    let m = if s0 == 1 || rows <= 1 && s1 != 1 {
        Matrix {
            rows,
            cols,
            contiguous_cols: false,
            ld: if cols <= 1 { rows.max(s1) } else { s1 },
        }
    } else if s1 == 1 || cols <= 1 {
        Matrix {
            rows,
            cols,
            contiguous_cols: true,
            ld: if rows <= 1 { cols.max(s0) } else { s0 },
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
    let entry = rows * cols;
    let stride = if batch > 1 && entry > 0 { at(entry) } else { 0 };
    if batch > 1 && entry > 0 && at(entry * (batch - 1)) != stride * (batch - 1) {
        return bad("has a batch mode of no one stride");
    }
    Ok(Matrices {
        matrix: m,
        l: batch,
        stride,
    })
}
