//! The blocked SGEMM: the loop nest over cache blocks and register tiles (BLIS's five
//! loops, written with CuTe's `local_tile` and slices of the packed layouts), and its
//! entry points.

use super::blocked;
use super::dispatch::{self, Entry, Isa};
use super::kernel::GmemMatMut;
use super::pack::GmemMat;
use super::tiles::ceil_div;
use alloc::vec;
use alloc::vec::Vec;
use cutlet_core::prelude::*;
use cutlet_core::tensor::{View, ViewMut};

/// Packing buffers, sized for the blocks a problem actually uses and kept per thread
/// between calls (a fresh multi-megabyte allocation per call costs page faults that
/// small products notice). Each buffer starts on a cache line, so that every column of
/// a packed A panel is whole lines.
#[derive(Default)]
pub(crate) struct Workspace<T> {
    a: Vec<T>,
    b: Vec<T>,
}
/// Bytes per cache line.
const LINE: usize = 64;
impl<T: Element> Workspace<T> {
    /// Make room for `a` and `b` elements of packed A and B.
    pub(crate) fn reserve(&mut self, a: usize, b: usize) {
        let line = LINE / core::mem::size_of::<T>();
        for (buf, len) in [(&mut self.a, a), (&mut self.b, b)] {
            if buf.len() < len + line {
                *buf = vec![T::ZERO; len + line];
            }
        }
    }
    /// The two buffers, each from its first cache-line boundary on.
    pub(crate) fn buffers(&mut self) -> (&mut [T], &mut [T]) {
        fn aligned<T>(v: &mut [T]) -> &mut [T] {
            let line = LINE / core::mem::size_of::<T>();
            let off = v.as_ptr().align_offset(LINE).min(line);
            &mut v[off..]
        }
        (aligned(&mut self.a), aligned(&mut self.b))
    }
}

/// The element types of the GEMM (`f32`, `f64`): their arithmetic, their per-thread
/// workspace and their instantiations of the blocked GEMM.
pub(crate) trait Element:
    Copy
    + Default
    + PartialEq
    + Send
    + Sync
    + core::ops::Mul<Output = Self>
    + core::ops::Add<Output = Self>
    + 'static
{
    /// Zero.
    const ZERO: Self;
    /// `self * a + b`, rounded once.
    fn mul_add(self, a: Self, b: Self) -> Self;
    /// Run `f` with this thread's workspace.
    fn with_workspace<R>(f: impl FnOnce(&mut Workspace<Self>) -> R) -> R;
    /// The blocked GEMM compiled for `isa`.
    fn entry(isa: Isa) -> Entry<Self>;
}

macro_rules! element {
    ($t:ty, $avx512:ident, $avx2:ident, $base:ident) => {
        impl Element for $t {
            const ZERO: $t = 0.0;
            #[inline(always)]
            fn mul_add(self, a: $t, b: $t) -> $t {
                <$t>::mul_add(self, a, b)
            }
            fn with_workspace<R>(f: impl FnOnce(&mut Workspace<$t>) -> R) -> R {
                std::thread_local! {
                    static WORKSPACE: core::cell::RefCell<Workspace<$t>> = core::cell::RefCell::default();
                }
                WORKSPACE.with(|w| match w.try_borrow_mut() {
                    Ok(mut ws) => f(&mut ws),
                    // Re-entered (from inside a parallel job on this thread): use a fresh one.
                    Err(_) => f(&mut Workspace::default()),
                })
            }
            fn entry(isa: Isa) -> Entry<$t> {
                match isa {
                    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
                    Isa::Avx512 => blocked::$avx512::run as Entry<$t>,
                    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
                    Isa::Avx2 => blocked::$avx2::run as Entry<$t>,
                    _ => blocked::$base::run as Entry<$t>,
                }
            }
        }
    };
}
element!(f32, f32_avx512, f32_avx2, f32_base);
element!(f64, f64_avx512, f64_avx2, f64_base);

/// A strided matrix over a slice: element `(i, j)` is `data[origin + i * rs + j * cs]`.
struct Strided<S> {
    data: S,
    origin: isize,
    rows: isize,
    cols: isize,
    rs: isize,
    cs: isize,
}
impl<S> Strided<S> {
    /// Check that the matrix fits its slice (a panic names it and the function otherwise).
    #[track_caller]
    fn new<T>(f: &str, name: &str, data: S, rows: usize, cols: usize, rs: isize, cs: isize) -> Self
    where
        S: AsRef<[T]>,
    {
        let (origin, span) = extent(rows, cols, rs, cs);
        let len = data.as_ref().len();
        assert!(
            len >= span,
            "{f}: {name} ({rows} x {cols}, strides ({rs}, {cs})) spans {span} elements, the slice has {len}"
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
impl<'a, T> Strided<&'a [T]> {
    fn tensor(&self) -> GmemMat<'a, T, (isize, isize)> {
        let l = StridedLayout::new((self.rows, self.cols), (self.rs, self.cs));
        Tensor::from_parts(View::new(self.data, self.origin), l)
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
impl<'a, T> Strided<&'a mut [T]> {
    fn tensor(self) -> GmemMatMut<'a, T, (isize, isize)> {
        let l = StridedLayout::new((self.rows, self.cols), (self.rs, self.cs));
        Tensor::from_parts(ViewMut::new(self.data, self.origin), l)
    }
    /// Split the columns into at most `parts` chunks of whole register tiles whose
    /// storage is disjoint, each with its first column; the matrix back if its columns
    /// overlap in memory.
    fn split_cols(self, parts: isize, nr: isize) -> Result<Vec<(isize, Self)>, Self> {
        let per = ceil_div(ceil_div(self.cols, parts), nr) * nr;
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
/// threads at most, with the kernel of `isa`.
fn gemm_strided<T: Element>(
    isa: Isa,
    alpha: T,
    a: Strided<&[T]>,
    b: Strided<&[T]>,
    beta: T,
    c: Strided<&mut [T]>,
    threads: usize,
) {
    let (m, k, n) = (a.rows, a.cols, b.cols);
    if m == 0 || n == 0 {
        return;
    }
    if k == 0 || alpha == T::ZERO {
        let mut c = c.tensor();
        if beta == T::ZERO {
            clear(&mut c);
        } else {
            for i in 0..c.size().value() {
                c.set(i, c.get(i) * beta);
            }
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
    let run = |a: GmemMat<'_, T, (isize, isize)>,
               b: GmemMat<'_, T, (isize, isize)>,
               c: GmemMatMut<'_, T, (isize, isize)>| {
        T::with_workspace(|ws| dispatch::call(isa, alpha, a, b, beta, c, ws))
    };
    // Split C into one block per thread along the side with more units of work, in
    // whole register tiles of every instruction set: columns in multiples of `SPLIT_N`
    // (each thread packs its part of B), or rows (C^T's columns) in multiples of
    // `SPLIT_M` (each thread packs its part of A). 16 x 2048 x 2048, computed as C^T,
    // has 16 columns and 2048 rows.
    // Small products stay on one thread: below about 128^3 multiply-adds a second
    // thread's start-up and its own packing cost more than it saves.
    let threads = if m * n * k < PAR_MIN_WORK {
        1
    } else {
        threads as isize
    };
    let by_rows = c.rows / SPLIT_M > c.cols / SPLIT_N;
    let (c, unit) = if by_rows {
        (c.t(), SPLIT_M)
    } else {
        (c, SPLIT_N)
    };
    let threads = threads.min(c.cols / unit).max(1);
    // The product of the part of C (in the split's frame) from column `j0` on.
    let run_part = |j0: isize, part: Strided<&mut [T]>| {
        if by_rows {
            run(
                a.rows(j0, part.cols).tensor(),
                b.tensor(),
                part.t().tensor(),
            )
        } else {
            run(a.tensor(), b.rows(j0, part.cols).tensor(), part.tensor())
        }
    };
    if threads > 1 {
        match c.split_cols(threads, unit) {
            Ok(parts) => for_each_part(parts, |(j0, part)| run_part(j0, part)),
            // The parts interleave in memory (row blocks of C, whose columns are its
            // contiguous side here): when K is long enough to pay for it, each thread
            // computes its part into a buffer of its own, copied into C after (m * n
            // copies against m * n * k multiply-adds).
            Err(c) if k >= BUFFERED_MIN_K => {
                let (rows, cols) = (c.rows, c.cols);
                let per = ceil_div(ceil_div(cols, threads), unit) * unit;
                let seen = Strided {
                    data: &*c.data,
                    origin: c.origin,
                    rows,
                    cols,
                    rs: c.rs,
                    cs: c.cs,
                };
                let mut parts: Vec<(isize, Vec<T>)> = (0..ceil_div(cols, per))
                    .map(|q| (q * per, vec![]))
                    .collect();
                for_each_part(parts.iter_mut().collect(), |(j0, buf)| {
                    let (j0, w) = (*j0, per.min(cols - *j0));
                    // Column-major: element `x` of the buffer is element `j0 * rows + x`
                    // of C in its natural (column-major) order.
                    *buf = vec![T::ZERO; (rows * w) as usize];
                    if beta != T::ZERO {
                        let seen = seen.tensor();
                        for (x, v) in buf.iter_mut().enumerate() {
                            *v = seen.get(j0 * rows + x as isize);
                        }
                    }
                    let part = Strided {
                        data: &mut buf[..],
                        origin: 0,
                        rows,
                        cols: w,
                        rs: 1,
                        cs: rows,
                    };
                    run_part(j0, part);
                });
                let mut c = c.tensor();
                for (j0, buf) in parts {
                    for (x, v) in buf.into_iter().enumerate() {
                        c.set(j0 * rows + x as isize, v);
                    }
                }
            }
            // Short K: one thread.
            Err(c) => run(
                a.tensor(),
                b.tensor(),
                if by_rows { c.t() } else { c }.tensor(),
            ),
        }
        return;
    }
    let c = if by_rows { c.t() } else { c };
    run(a.tensor(), b.tensor(), c.tensor())
}

/// Run `f` on every part, the first on the calling thread and the others on rayon's
/// threads. A parallel iterator would hand every part to the pool, and a calling thread
/// outside it would sleep until they were done and then be woken (par_sgemm 128^3 on
/// two cores: slower than one thread).
fn for_each_part<P: Send>(parts: Vec<P>, f: impl Fn(P) + Sync) {
    let mut parts = parts.into_iter();
    let Some(first) = parts.next() else {
        return;
    };
    rayon::in_place_scope(|s| {
        let f = &f;
        for p in parts {
            s.spawn(move |_| f(p));
        }
        f(first);
    });
}

/// The fewest multiply-adds (`m * n * k`) worth splitting over threads.
const PAR_MIN_WORK: isize = 128 * 128 * 128;

/// The shortest K for which C's parts are computed in buffers when they interleave in
/// memory.
const BUFFERED_MIN_K: isize = 64;

/// Columns of C per unit of work for a thread: a multiple of every register tile's `NR`.
const SPLIT_N: isize = 12;
/// Rows of C per unit of work for a thread: a multiple of every register tile's `MR`.
const SPLIT_M: isize = 32;

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

/// Check the operands' slices (panics name `f`), then run [`gemm_strided`].
#[allow(clippy::too_many_arguments)]
#[track_caller]
fn gemm_slices<T: Element>(
    f: &str,
    isa: Isa,
    threads: usize,
    (m, k, n): (usize, usize, usize),
    alpha: T,
    (a, rsa, csa): (&[T], isize, isize),
    (b, rsb, csb): (&[T], isize, isize),
    beta: T,
    (c, rsc, csc): (&mut [T], isize, isize),
) {
    let (a, b) = (
        Strided::new(f, "A", a, m, k, rsa, csa),
        Strided::new(f, "B", b, k, n, rsb, csb),
    );
    let c = Strided::new(f, "C", c, m, n, rsc, csc);
    gemm_strided(isa, alpha, a, b, beta, c, threads);
}

/// `C = alpha * A * B + beta * C` for `f32` matrices given as slices with row and
/// column strides (row-major: `(cols, 1)`, column-major: `(1, rows)`; any strides,
/// negative too, as long as C's elements are distinct), `A: m x k`, `B: k x n`,
/// `C: m x n`. With `beta == 0` C is only written. The same signature as the
/// `matrixmultiply` crate's `sgemm`, over slices instead of raw pointers; a slice too
/// short for its matrix panics with a message naming it.
///
/// The kernel is chosen at run time, once per process: AVX-512F, AVX2 with FMA, or the
/// build's baseline ([`tiles`](super::tiles) lists each one's layouts).
///
/// ```
/// use cutlet_blas::sgemm;
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
    let isa = Isa::detected();
    let (a, b, c) = ((a, rsa, csa), (b, rsb, csb), (c, rsc, csc));
    gemm_slices("sgemm", isa, 1, (m, k, n), alpha, a, b, beta, c);
}

/// [`sgemm`] on all of rayon's threads: C's columns (in the kernel's frame) are split
/// into disjoint blocks of whole register tiles, one per thread, each computed as an
/// independent product. Results are bitwise those of [`sgemm`] (every element is
/// accumulated in the same order). C layouts whose columns overlap in memory run on one
/// thread.
///
/// ```
/// use cutlet_blas::{par_sgemm, sgemm};
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
    let (isa, threads) = (Isa::detected(), rayon::current_num_threads());
    let (a, b, c) = ((a, rsa, csa), (b, rsb, csb), (c, rsc, csc));
    gemm_slices("sgemm", isa, threads, (m, k, n), alpha, a, b, beta, c);
}

/// [`sgemm`] for `f64` (the same machinery with the f64 [`tiles`](super::tiles)).
///
/// ```
/// use cutlet_blas::dgemm;
/// let a = [1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0];      // 2 x 3, row-major
/// let b = [1.0f64, 0.0, 0.0, 1.0, 1.0, 1.0];      // 3 x 2, row-major
/// let mut c = [0.0f64; 4];                        // 2 x 2, column-major
/// dgemm(2, 3, 2, 1.0, &a, 3, 1, &b, 2, 1, 0.0, &mut c, 1, 2);
/// assert_eq!(c, [4.0, 10.0, 5.0, 11.0]);
/// ```
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn dgemm(
    m: usize,
    k: usize,
    n: usize,
    alpha: f64,
    a: &[f64],
    rsa: isize,
    csa: isize,
    b: &[f64],
    rsb: isize,
    csb: isize,
    beta: f64,
    c: &mut [f64],
    rsc: isize,
    csc: isize,
) {
    let isa = Isa::detected();
    let (a, b, c) = ((a, rsa, csa), (b, rsb, csb), (c, rsc, csc));
    gemm_slices("dgemm", isa, 1, (m, k, n), alpha, a, b, beta, c);
}

/// [`dgemm`] on all of rayon's threads, as [`par_sgemm`].
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn par_dgemm(
    m: usize,
    k: usize,
    n: usize,
    alpha: f64,
    a: &[f64],
    rsa: isize,
    csa: isize,
    b: &[f64],
    rsb: isize,
    csb: isize,
    beta: f64,
    c: &mut [f64],
    rsc: isize,
    csc: isize,
) {
    let (isa, threads) = (Isa::detected(), rayon::current_num_threads());
    let (a, b, c) = ((a, rsa, csa), (b, rsb, csb), (c, rsc, csc));
    gemm_slices("dgemm", isa, threads, (m, k, n), alpha, a, b, beta, c);
}

/// [`sgemm`] (`parallel: false`) or [`par_sgemm`] with the kernel of `isa`, for tests
/// and benchmarks of each kernel. Panics if this CPU does not support `isa`.
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn sgemm_with_isa(
    isa: Isa,
    parallel: bool,
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
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    let (a, b, c) = ((a, rsa, csa), (b, rsb, csb), (c, rsc, csc));
    gemm_slices("sgemm", isa, threads, (m, k, n), alpha, a, b, beta, c);
}

/// [`sgemm_with_isa`] for `f64`.
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
#[track_caller]
pub fn dgemm_with_isa(
    isa: Isa,
    parallel: bool,
    m: usize,
    k: usize,
    n: usize,
    alpha: f64,
    a: &[f64],
    rsa: isize,
    csa: isize,
    b: &[f64],
    rsb: isize,
    csb: isize,
    beta: f64,
    c: &mut [f64],
    rsc: isize,
    csc: isize,
) {
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    let (a, b, c) = ((a, rsa, csa), (b, rsb, csb), (c, rsc, csc));
    gemm_slices("dgemm", isa, threads, (m, k, n), alpha, a, b, beta, c);
}
