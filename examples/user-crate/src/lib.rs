//! The host side of the softmax example: the PTX this crate's build script made, and
//! `softmax`, a safe launch that checks its tensors before the kernel sees them.

use cutlet::prelude::*;
use cutlet_cuda::{DeviceTensor, Error, Function, Result};

/// The kernel crate's PTX for sm_80 (runs on sm_80 and later).
pub const PTX: &str = cutlet_cuda::include_ptx!("softmax_kernels", "sm_80");

/// `y = softmax(x)` row by row on `stream`, for row-major `x` and `y` of the same shape.
/// Shapes that differ, a column stride that is not 1, or a buffer too short for its
/// layout are errors naming the values.
///
/// ```
/// use cutlet::prelude::*;
/// let e = softmax_app::check((3, 5, 5), (3, 4, 4)).unwrap_err();
/// assert_eq!(e.to_string(), "softmax: columns of y: expected 5, got 4");
/// ```
pub fn softmax(
    stream: &std::sync::Arc<cudarc::driver::CudaStream>,
    f: &Function<(*const f32, *mut f32, usize, usize, usize, usize)>,
    x: &DeviceTensor<f32, impl Layout>,
    y: &mut DeviceTensor<f32, impl Layout>,
) -> Result<()> {
    let (mx, nx, ldx) = row_major("x", x.layout())?;
    let (my, ny, ldy) = row_major("y", y.layout())?;
    check((mx, nx, ldx), (my, ny, ldy))?;
    // SAFETY: x and y are DeviceTensors, so their buffers cover their layouts, which are
    // (m, n):(ld, 1) with the values passed; a `&mut` y cannot alias x.
    unsafe {
        f.launch(
            stream,
            softmax_kernels::launch_config(mx),
            (x, y, mx, nx, ldx, ldy),
        )
    }
}

/// `(m, n, ld)` of a rank-2 layout `(m, n):(ld, 1)` (`cutlet_cuda::matrix`), else an
/// error naming it.
fn row_major(what: &str, l: impl Layout) -> Result<(usize, usize, usize)> {
    let m = cutlet_cuda::matrix(what, l)?;
    if !m.contiguous_cols && m.cols > 1 {
        return Err(Error::Operand(format!(
            "softmax: {what} must be a row-major (m, n):(ld, 1) layout, got {l}"
        )));
    }
    // A single column is row-major with rows one element apart.
    Ok((m.rows, m.cols, if m.contiguous_cols { m.ld } else { 1 }))
}

/// The shapes agree, and each leading dimension covers its row.
///
/// ```
/// assert!(softmax_app::check((3, 5, 8), (3, 5, 5)).is_ok());
/// assert_eq!(
///     softmax_app::check((3, 5, 4), (3, 5, 5)).unwrap_err().to_string(),
///     "softmax: ld of x: expected 5, got 4"
/// );
/// ```
pub fn check(x: (usize, usize, usize), y: (usize, usize, usize)) -> Result<()> {
    let ext = |what: &str, expected, got| {
        (expected != got).then(|| Error::Extent {
            what: format!("softmax: {what}"),
            expected,
            got,
        })
    };
    let short = |what: &str, n: usize, ld: usize| {
        (ld < n).then(|| Error::Extent {
            what: format!("softmax: ld of {what}"),
            expected: n,
            got: ld,
        })
    };
    match ext("rows of y", x.0, y.0)
        .or_else(|| ext("columns of y", x.1, y.1))
        .or_else(|| short("x", x.1, x.2))
        .or_else(|| short("y", y.1, y.2))
    {
        Some(e) => Err(e),
        None => Ok(()),
    }
}
