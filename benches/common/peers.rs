//! The GEMM libraries compared in `benches/sgemm.rs` and `examples/gemm_interleaved.rs`
//! (cutlet, matrixmultiply and faer's `gemm`), behind one trait per element type, and
//! the operands both measure.

/// The element types, each with its three libraries' entry points (`C = A * B`, alpha
/// 1, beta 0; `(data, row stride, column stride)` per matrix).
pub trait Elem: Copy + Send + Sync + 'static {
    /// The criterion group of the single-thread rows.
    const GROUP: &'static str;
    fn from(x: f32) -> Self;
    /// `sgemm` / `dgemm`, or `par_sgemm` / `par_dgemm` when `parallel`; with `isa`, the
    /// kernel of that instruction set instead of the detected one.
    fn cutlet(
        isa: Option<cutlet::blas::Isa>,
        parallel: bool,
        mkn: (usize, usize, usize),
        a: (&[Self], isize, isize),
        b: (&[Self], isize, isize),
        c: (&mut [Self], isize, isize),
    );
    /// # Safety
    /// The pointers must cover the matrices.
    unsafe fn matrixmultiply(
        mkn: (usize, usize, usize),
        a: (*const Self, isize, isize),
        b: (*const Self, isize, isize),
        c: (*mut Self, isize, isize),
    );
}
macro_rules! elem {
    ($t:ty, $group:literal, $ser:ident, $par:ident, $with_isa:ident, $mm:ident) => {
        impl Elem for $t {
            const GROUP: &'static str = $group;
            fn from(x: f32) -> $t {
                x as $t
            }
            fn cutlet(
                isa: Option<cutlet::blas::Isa>,
                parallel: bool,
                (m, k, n): (usize, usize, usize),
                a: (&[$t], isize, isize),
                b: (&[$t], isize, isize),
                c: (&mut [$t], isize, isize),
            ) {
                if let Some(isa) = isa {
                    return cutlet::blas::$with_isa(
                        isa, parallel, m, k, n, 1.0, a.0, a.1, a.2, b.0, b.1, b.2, 0.0, c.0, c.1,
                        c.2,
                    );
                }
                let f = if parallel {
                    cutlet::blas::$par
                } else {
                    cutlet::blas::$ser
                };
                f(
                    m, k, n, 1.0, a.0, a.1, a.2, b.0, b.1, b.2, 0.0, c.0, c.1, c.2,
                );
            }
            unsafe fn matrixmultiply(
                (m, k, n): (usize, usize, usize),
                a: (*const $t, isize, isize),
                b: (*const $t, isize, isize),
                c: (*mut $t, isize, isize),
            ) {
                // SAFETY: the caller's pointers cover the matrices.
                unsafe {
                    matrixmultiply::$mm(
                        m, k, n, 1.0, a.0, a.1, a.2, b.0, b.1, b.2, 0.0, c.0, c.1, c.2,
                    )
                }
            }
        }
    };
}
elem!(f32, "sgemm", sgemm, par_sgemm, sgemm_with_isa, sgemm);
elem!(f64, "dgemm", dgemm, par_dgemm, dgemm_with_isa, dgemm);

/// faer's `gemm` on `threads` threads (one: no parallelism).
///
/// # Safety
/// The pointers must cover the matrices.
pub unsafe fn faer_gemm<T: Elem>(
    threads: usize,
    (m, k, n): (usize, usize, usize),
    a: (*const T, isize, isize),
    b: (*const T, isize, isize),
    c: (*mut T, isize, isize),
) {
    let par = if threads > 1 {
        gemm::Parallelism::Rayon(threads)
    } else {
        gemm::Parallelism::None
    };
    // SAFETY: the caller's pointers cover the matrices (gemm's arguments: dst, column
    // stride, row stride, ...; alpha scales dst).
    unsafe {
        gemm::gemm(
            m,
            n,
            k,
            c.0,
            c.2,
            c.1,
            false,
            a.0,
            a.2,
            a.1,
            b.0,
            b.2,
            b.1,
            T::from(0.0),
            T::from(1.0),
            false,
            false,
            false,
            par,
        )
    }
}

/// Row and column strides of an `r x c` matrix.
pub fn strides(r: usize, c: usize, col_major: bool) -> (isize, isize) {
    if col_major {
        (1, r as isize)
    } else {
        (c as isize, 1)
    }
}

/// The operands A (`m x k`) and B (`k x n`), C (`m x n`, zeros) and their strides, with
/// `col_major` saying which of A, B and C are column-major.
#[allow(clippy::type_complexity)]
pub fn operands<T: Elem>(
    (m, k, n): (usize, usize, usize),
    col_major: [bool; 3],
) -> ((Vec<T>, Vec<T>, Vec<T>), [(isize, isize); 3]) {
    let a = (0..m * k)
        .map(|i| T::from(((i * 7) % 13) as f32 * 0.1 - 0.6))
        .collect();
    let b = (0..k * n)
        .map(|i| T::from(((i * 5) % 11) as f32 * 0.1 - 0.5))
        .collect();
    let c = vec![T::from(0.0); m * n];
    let s = [
        strides(m, k, col_major[0]),
        strides(k, n, col_major[1]),
        strides(m, n, col_major[2]),
    ];
    ((a, b, c), s)
}
