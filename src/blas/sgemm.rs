//! The blocked SGEMM: the loop nest over cache blocks and register tiles (BLIS's five
//! loops, written with CuTe's `local_tile` and slices of the packed layouts), and its
//! entry points.

use super::kernel::{GmemMatMut, OutputStride};
use super::pack::{GmemMat, OperandStride};
use super::tiles::{KC, MC, MR, NC, NR, PackedA, PackedB, ceil_div};
use crate::int::_1;
use crate::prelude::*;
use alloc::vec;
use alloc::vec::Vec;

/// Packing buffers, sized for the blocks a problem actually uses and kept per thread
/// between calls (a fresh multi-megabyte allocation per call costs page faults that
/// small products notice). Each buffer starts on a cache line, so that every column of
/// a packed A panel (16 floats) is one line.
#[derive(Default)]
struct Workspace {
    a: Vec<f32>,
    b: Vec<f32>,
}
/// Floats per cache line.
const LINE: usize = 16;
impl Workspace {
    fn reserve(&mut self, m: isize, n: isize) {
        let len = |x: isize, block: isize, r: isize| (ceil_div(x.min(block), r) * r * KC) as usize;
        for (buf, len) in [(&mut self.a, len(m, MC, MR)), (&mut self.b, len(n, NC, NR))] {
            if buf.len() < len + LINE {
                *buf = vec![0.0; len + LINE];
            }
        }
    }
    /// The two buffers, each from its first cache-line boundary on.
    fn buffers(&mut self) -> (&mut [f32], &mut [f32]) {
        fn aligned(v: &mut [f32]) -> &mut [f32] {
            let off = v.as_ptr().align_offset(LINE * 4).min(LINE);
            &mut v[off..]
        }
        (aligned(&mut self.a), aligned(&mut self.b))
    }
}

std::thread_local! {
    static WORKSPACE: core::cell::RefCell<Workspace> = core::cell::RefCell::default();
}

/// Run `f` with this thread's workspace, reserved for an `m x n` product.
fn with_workspace<R>(m: isize, n: isize, f: impl FnOnce(&mut Workspace) -> R) -> R {
    WORKSPACE.with(|w| match w.try_borrow_mut() {
        Ok(mut ws) => {
            ws.reserve(m, n);
            f(&mut ws)
        }
        // Re-entered (from inside a parallel job on this thread): use a fresh one.
        Err(_) => {
            let mut ws = Workspace::default();
            ws.reserve(m, n);
            f(&mut ws)
        }
    })
}

/// `C = alpha * A * B^T + beta * C` for `A: (M, K)`, `B: (N, K)`, `C: (M, N)` (CuTe's
/// operand convention) with `K > 0`.
fn gemm_blocked<DA: OperandStride, DB: OperandStride, DC: OutputStride>(
    alpha: f32,
    a: GmemMat<'_, DA>,
    b: GmemMat<'_, DB>,
    beta: f32,
    mut c: GmemMatMut<'_, DC>,
    ws: &mut Workspace,
) {
    let ((m, k), n) = (a.shape(), b.shape().0);
    let (buf_a, buf_b) = ws.buffers();
    for jc in 0..ceil_div(n, NC) {
        let nv = NC.min(n - jc * NC);
        for pc in 0..ceil_div(k, KC) {
            let kv = KC.min(k - pc * KC);
            let mut sb = make_tensor(make_smem_ptr(&mut buf_b[..]), PackedB::default());
            DB::pack_b(b, jc * (NC / NR), pc, nv, kv, &mut sb);
            // Later K blocks accumulate onto what the first one wrote.
            let beta = if pc == 0 { beta } else { 1.0 };
            for ic in 0..ceil_div(m, MC) {
                let mv = MC.min(m - ic * MC);
                let mut sa = make_tensor(make_smem_ptr(&mut buf_a[..]), PackedA::default());
                DA::pack_a(a, ic * (MC / MR), pc, mv, kv, &mut sa);
                let (sa, sb) = (sa.view(), sb.view());
                for jr in 0..ceil_div(nv, NR) {
                    let tb = sb.slice(coord!(((_, jr), _)));
                    for ir in 0..ceil_div(mv, MR) {
                        let ta = sa.slice(coord!(((_, ir), _)));
                        let tile = (ic * (MC / MR) + ir, jc * (NC / NR) + jr);
                        let (mr, nr) = (MR.min(mv - ir * MR), NR.min(nv - jr * NR));
                        DC::mma_tile(kv, ta, tb, alpha, beta, &mut c, tile, mr, nr);
                    }
                }
            }
        }
    }
}

/// Re-type a unit stride of an operand as the static `_1` (so that the packing copies
/// move contiguous runs), then run `$body` with the operand bound to `$x`.
macro_rules! with_unit_stride {
    ($t:expr, |$x:ident| $body:expr) => {{
        let t = $t;
        let (shape, (rs, cs)) = (t.shape(), t.stride());
        if rs == 1 {
            let $x = t.with_layout(Layout::new(shape, (_1::default(), cs)));
            $body
        } else if cs == 1 {
            let $x = t.with_layout(Layout::new(shape, (rs, _1::default())));
            $body
        } else {
            let $x = t;
            $body
        }
    }};
}

/// A strided matrix over a slice: element `(i, j)` is `data[origin + i * rs + j * cs]`.
struct Strided<S> {
    data: S,
    origin: isize,
    rows: isize,
    cols: isize,
    rs: isize,
    cs: isize,
}
impl<S: AsRef<[f32]>> Strided<S> {
    /// Check that the matrix fits its slice (a panic names it otherwise).
    #[track_caller]
    fn new(name: &str, data: S, rows: usize, cols: usize, rs: isize, cs: isize) -> Self {
        let (origin, span) = extent(rows, cols, rs, cs);
        let len = data.as_ref().len();
        assert!(
            len >= span,
            "sgemm: {name} ({rows} x {cols}, strides ({rs}, {cs})) spans {span} elements, the slice has {len}"
        );
        Strided {
            data,
            origin,
            rows: rows as isize,
            cols: cols as isize,
            rs,
            cs,
        }
    }
}
impl<S> Strided<S> {
    /// The transpose: a swap of modes, no data moves.
    fn t(self) -> Self {
        Strided {
            rows: self.cols,
            cols: self.rows,
            rs: self.cs,
            cs: self.rs,
            ..self
        }
    }
}
impl<'a> Strided<&'a [f32]> {
    fn tensor(&self) -> GmemMat<'a, (isize, isize)> {
        let l = Layout::new((self.rows, self.cols), (self.rs, self.cs));
        Tensor::from_parts(ViewEngine::new(self.data, self.origin), l)
    }
    /// Rows `r0..r0 + len`.
    fn rows(&self, r0: isize, len: isize) -> Self {
        Strided {
            data: self.data,
            origin: self.origin + r0 * self.rs,
            rows: len,
            ..*self
        }
    }
}
impl<'a> Strided<&'a mut [f32]> {
    fn tensor(self) -> GmemMatMut<'a, (isize, isize)> {
        let l = Layout::new((self.rows, self.cols), (self.rs, self.cs));
        Tensor::from_parts(ViewMutEngine::new(self.data, self.origin), l)
    }
    /// Split the columns into at most `parts` chunks of whole register tiles whose
    /// storage is disjoint, each with its first column; the matrix back if its columns
    /// overlap in memory.
    fn split_cols(self, parts: isize) -> Result<Vec<(isize, Self)>, Self> {
        let per = ceil_div(ceil_div(self.cols, parts), NR) * NR;
        let (m, s0, s1) = (self.rows, self.rs, self.cs);
        let span = |j0: isize, j1: isize| {
            let (x, y) = (j0 * s1, (j1 - 1) * s1);
            let lo = self.origin + x.min(y) + ((m - 1) * s0).min(0);
            let hi = self.origin + x.max(y) + ((m - 1) * s0).max(0) + 1;
            (lo, hi)
        };
        let mut chunks: Vec<(isize, isize, isize, isize)> = (0..ceil_div(self.cols, per))
            .map(|q| {
                let (j0, j1) = (q * per, ((q + 1) * per).min(self.cols));
                let (lo, hi) = span(j0, j1);
                (lo, hi, j0, j1 - j0)
            })
            .collect();
        chunks.sort_unstable();
        if chunks.windows(2).any(|w| w[1].0 < w[0].1) {
            return Err(self);
        }
        let (mut rest, mut at) = (self.data, 0isize);
        let mut out = Vec::with_capacity(chunks.len());
        for (lo, hi, j0, cols) in chunks {
            let (_, tail) = core::mem::take(&mut rest).split_at_mut((lo - at) as usize);
            let (mine, tail) = tail.split_at_mut((hi - lo) as usize);
            (rest, at) = (tail, hi);
            let origin = self.origin + j0 * s1 - lo;
            out.push((
                j0,
                Strided {
                    data: mine,
                    origin,
                    cols,
                    ..self
                },
            ));
        }
        Ok(out)
    }
}

/// `C = alpha * A * B + beta * C` with `A: (M, K)`, `B: (K, N)`, `C: (M, N)`, on `threads`
/// threads at most.
fn gemm_strided(
    alpha: f32,
    a: Strided<&[f32]>,
    b: Strided<&[f32]>,
    beta: f32,
    c: Strided<&mut [f32]>,
    threads: usize,
) {
    let (m, k, n) = (a.rows, a.cols, b.cols);
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 || alpha == 0.0 {
        let mut c = c.tensor();
        if beta == 0.0 {
            clear(&mut c);
        } else {
            c.for_each_mut(|x| *x *= beta);
        }
        return;
    }
    // The kernel takes CuTe's operands A: (M, K), B: (N, K), and its register tile runs
    // down C's columns: if C's rows are its short stride, compute C^T = B^T A^T
    // instead. Both are swaps of modes; no data moves.
    let (a, b, c) = if c.cs.unsigned_abs() < c.rs.unsigned_abs() {
        (b.t(), a, c.t())
    } else {
        (a, b.t(), c)
    };
    if threads > 1 {
        match c.split_cols(threads as isize) {
            Ok(parts) => {
                use rayon::prelude::*;
                parts.into_par_iter().for_each(|(j0, c)| {
                    gemm_typed(
                        alpha,
                        a.tensor(),
                        b.rows(j0, c.cols).tensor(),
                        beta,
                        c.tensor(),
                    )
                });
            }
            // Columns that overlap in memory cannot be handed to different threads.
            Err(c) => gemm_typed(alpha, a.tensor(), b.tensor(), beta, c.tensor()),
        }
        return;
    }
    gemm_typed(alpha, a.tensor(), b.tensor(), beta, c.tensor())
}

/// Give unit strides their static type, then run the blocked product.
fn gemm_typed(
    alpha: f32,
    a: GmemMat<'_, (isize, isize)>,
    b: GmemMat<'_, (isize, isize)>,
    beta: f32,
    c: GmemMatMut<'_, (isize, isize)>,
) {
    let (crs, ccs) = c.stride();
    with_workspace(a.shape().0, b.shape().0, |ws| {
        with_unit_stride!(a, |a| with_unit_stride!(b, |b| {
            if crs == 1 {
                let shape = c.shape();
                let c = c.with_layout(Layout::new(shape, (_1::default(), ccs)));
                gemm_blocked(alpha, a, b, beta, c, ws)
            } else {
                gemm_blocked(alpha, a, b, beta, c, ws)
            }
        }))
    })
}

/// The slice index of a strided matrix's element `(0, 0)` and the number of slice
/// elements the matrix spans, for strides of either sign.
fn extent(rows: usize, cols: usize, rs: isize, cs: isize) -> (isize, usize) {
    if rows == 0 || cols == 0 {
        return (0, 0);
    }
    let (dr, dc) = ((rows as isize - 1) * rs, (cols as isize - 1) * cs);
    let lo = dr.min(0) + dc.min(0);
    let hi = dr.max(0) + dc.max(0);
    (-lo, (hi - lo + 1) as usize)
}

/// `C = alpha * A * B + beta * C` for `f32` matrices given as slices with row and
/// column strides (row-major: `(cols, 1)`, column-major: `(1, rows)`; any strides,
/// negative too, as long as C's elements are distinct), `A: m x k`, `B: k x n`,
/// `C: m x n`. With `beta == 0` C is only written. The same signature as the
/// `matrixmultiply` crate's `sgemm`, over slices instead of raw pointers; a slice too
/// short for its matrix panics with a message naming it.
///
/// ```
/// use cutlet::blas::sgemm;
/// let a = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];      // 2 x 3, row-major
/// let b = [1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0];      // 3 x 2, row-major
/// let mut c = [0.0f32; 4];                        // 2 x 2, column-major
/// sgemm(2, 3, 2, 1.0, &a, 3, 1, &b, 2, 1, 0.0, &mut c, 1, 2);
/// assert_eq!(c, [4.0, 10.0, 5.0, 11.0]);
/// ```
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn sgemm(
    m: usize,
    k: usize,
    n: usize,
    alpha: f32,
    a: &[f32],
    rsa: isize,
    csa: isize,
    b: &[f32],
    rsb: isize,
    csb: isize,
    beta: f32,
    c: &mut [f32],
    rsc: isize,
    csc: isize,
) {
    let (a, b) = (
        Strided::new("A", a, m, k, rsa, csa),
        Strided::new("B", b, k, n, rsb, csb),
    );
    gemm_strided(alpha, a, b, beta, Strided::new("C", c, m, n, rsc, csc), 1);
}

/// [`sgemm`] on all of rayon's threads: C's columns (in the kernel's frame) are split
/// into disjoint blocks of whole register tiles, one per thread, each computed as an
/// independent product. Results are bitwise those of [`sgemm`] (every element is
/// accumulated in the same order). C layouts whose columns overlap in memory run on one
/// thread.
///
/// ```
/// use cutlet::blas::{par_sgemm, sgemm};
/// let (m, k, n) = (50, 40, 70);
/// let a: Vec<f32> = (0..m * k).map(|x| (x % 7) as f32).collect();
/// let b: Vec<f32> = (0..k * n).map(|x| (x % 5) as f32).collect();
/// let (mut c1, mut c2) = (vec![0f32; m * n], vec![0f32; m * n]);
/// sgemm(m, k, n, 1.0, &a, k as isize, 1, &b, n as isize, 1, 0.0, &mut c1, n as isize, 1);
/// par_sgemm(m, k, n, 1.0, &a, k as isize, 1, &b, n as isize, 1, 0.0, &mut c2, n as isize, 1);
/// assert_eq!(c1, c2);
/// ```
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn par_sgemm(
    m: usize,
    k: usize,
    n: usize,
    alpha: f32,
    a: &[f32],
    rsa: isize,
    csa: isize,
    b: &[f32],
    rsb: isize,
    csb: isize,
    beta: f32,
    c: &mut [f32],
    rsc: isize,
    csc: isize,
) {
    let (a, b) = (
        Strided::new("A", a, m, k, rsa, csa),
        Strided::new("B", b, k, n, rsb, csb),
    );
    let c = Strided::new("C", c, m, n, rsc, csc);
    gemm_strided(alpha, a, b, beta, c, rayon::current_num_threads());
}
