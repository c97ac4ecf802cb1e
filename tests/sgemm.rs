//! The blocked SGEMM and DGEMM against a straightforward f64 reference: random M, N, K
//! (1, primes, non-multiples of every tile and block size), row-major, column-major,
//! padded and reversed operands, random alpha and beta, serial and parallel, on every
//! instruction set's kernel this CPU supports (each selected explicitly), and through
//! the dispatching entry points.

use cutlet::blas::{Isa, dgemm, dgemm_with_isa, par_dgemm, par_sgemm, sgemm, sgemm_with_isa};
use proptest::prelude::*;

/// An element type of the GEMM, with its entry points.
trait El: Copy + PartialEq + std::fmt::Debug + 'static {
    /// Relative error allowed against the f64 reference.
    const TOL: f64;
    fn from_f32(x: f32) -> Self;
    fn to_f64(self) -> f64;
    fn bits(self) -> u64;
    /// `sgemm` / `dgemm` (`None`) or the kernel of an explicit instruction set.
    #[allow(clippy::too_many_arguments)]
    fn gemm(
        isa: Option<Isa>,
        parallel: bool,
        mkn: (usize, usize, usize),
        alpha: Self,
        a: (&[Self], isize, isize),
        b: (&[Self], isize, isize),
        beta: Self,
        c: (&mut [Self], isize, isize),
    );
}
macro_rules! el {
    ($t:ty, $tol:expr, $gemm:ident, $par:ident, $with_isa:ident) => {
        impl El for $t {
            const TOL: f64 = $tol;
            fn from_f32(x: f32) -> Self {
                x as $t
            }
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn bits(self) -> u64 {
                self.to_bits() as u64
            }
            fn gemm(
                isa: Option<Isa>,
                parallel: bool,
                (m, k, n): (usize, usize, usize),
                alpha: Self,
                (a, rsa, csa): (&[Self], isize, isize),
                (b, rsb, csb): (&[Self], isize, isize),
                beta: Self,
                (c, rsc, csc): (&mut [Self], isize, isize),
            ) {
                match (isa, parallel) {
                    (Some(isa), p) => $with_isa(
                        isa, p, m, k, n, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc,
                    ),
                    (None, false) => {
                        $gemm(m, k, n, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc)
                    }
                    (None, true) => {
                        $par(m, k, n, alpha, a, rsa, csa, b, rsb, csb, beta, c, rsc, csc)
                    }
                }
            }
        }
    };
}
el!(f32, 1e-5, sgemm, par_sgemm, sgemm_with_isa);
el!(f64, 1e-13, dgemm, par_dgemm, dgemm_with_isa);

/// The instruction sets this CPU supports (the baseline at least), each run explicitly.
fn isas() -> Vec<Isa> {
    Isa::ALL.into_iter().filter(|i| i.is_supported()).collect()
}

/// How a matrix is laid out in its slice.
#[derive(Clone, Copy, Debug)]
enum Order {
    /// `(cols + pad, 1)`.
    Row { pad: usize },
    /// `(1, rows + pad)`.
    Col { pad: usize },
    /// Row-major with both strides negated (the origin is the last element).
    Reversed,
}

/// A matrix: its slice, strides and origin.
struct Mat<T> {
    data: Vec<T>,
    rs: isize,
    cs: isize,
    origin: isize,
}
impl<T: El> Mat<T> {
    fn new(rows: usize, cols: usize, order: Order, fill: &mut impl FnMut() -> f32) -> Mat<T> {
        let (rs, cs, len, origin) = match order {
            Order::Row { pad } => ((cols + pad) as isize, 1, rows * (cols + pad), 0),
            Order::Col { pad } => (1, (rows + pad) as isize, cols * (rows + pad), 0),
            Order::Reversed => (
                -(cols as isize),
                -1,
                rows * cols,
                (rows * cols) as isize - 1,
            ),
        };
        let data = (0..len.max(1)).map(|_| T::from_f32(fill())).collect();
        Mat {
            data,
            rs,
            cs,
            origin,
        }
    }
    fn at(&self, i: usize, j: usize) -> T {
        self.data[(self.origin + i as isize * self.rs + j as isize * self.cs) as usize]
    }
}

fn order() -> impl Strategy<Value = Order> {
    prop_oneof![
        (0usize..3).prop_map(|pad| Order::Row { pad }),
        (0usize..3).prop_map(|pad| Order::Col { pad }),
        Just(Order::Reversed),
    ]
}

/// Extents that hit 1, small primes, both sides of the register tiles (4 .. 32) and of
/// the cache blocks (K: 256, M: 96 to 240), and anything up to a few register tiles. The
/// uniform range stops at 130 so that a case costs what its edges need: products past
/// every block in all three extents (K 512 included) are `crosses_every_cache_block`'s,
/// and 300-wide random cases made this the slowest test of the debug suite (8 minutes).
fn extent() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(1usize),
        prop::sample::select(vec![
            2usize, 3, 5, 7, 13, 17, 31, 95, 97, 191, 193, 239, 241, 257, 263
        ]),
        1usize..130,
    ]
}

/// Run one product on every supported instruction set's kernel (serial and parallel,
/// bitwise equal) and through the dispatching entry points, and check every element of
/// C against the f64 reference, relative to the size of the terms that make it up.
fn check<T: El>(
    (m, k, n): (usize, usize, usize),
    (oa, ob, oc): (Order, Order, Order),
    alpha: f32,
    beta: f32,
    seed: u64,
) {
    let (alpha, beta) = (T::from_f32(alpha), T::from_f32(beta));
    let zero = T::from_f32(0.0);
    let mut state = seed | 1;
    let mut rnd = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 2001) as f32 / 1000.0 - 1.0
    };
    let a = Mat::<T>::new(m, k, oa, &mut rnd);
    let b = Mat::<T>::new(k, n, ob, &mut rnd);
    let c0 = Mat::<T>::new(m, n, oc, &mut rnd);
    let run = |isa: Option<Isa>, parallel: bool| {
        let mut c = c0.data.clone();
        if beta == zero {
            // BLAS semantics: C is not read when beta is zero.
            c.iter_mut().for_each(|x| *x = T::from_f32(f32::NAN));
        }
        T::gemm(
            isa,
            parallel,
            (m, k, n),
            alpha,
            (&a.data, a.rs, a.cs),
            (&b.data, b.rs, b.cs),
            beta,
            (&mut c, c0.rs, c0.cs),
        );
        c
    };
    let bits = |c: &[T]| c.iter().map(|x| x.bits()).collect::<Vec<_>>();
    let mut results = vec![];
    for isa in isas() {
        let serial = run(Some(isa), false);
        let parallel = run(Some(isa), true);
        assert_eq!(
            bits(&serial),
            bits(&parallel),
            "{isa:?}: parallel differs from serial"
        );
        results.push((format!("{isa:?}"), serial));
    }
    // The entry points run the widest kernel.
    let detected = run(Some(Isa::detected()), false);
    assert_eq!(
        bits(&run(None, false)),
        bits(&detected),
        "sgemm is not the detected kernel"
    );
    assert_eq!(
        bits(&run(None, true)),
        bits(&detected),
        "par_sgemm differs from sgemm"
    );
    for (isa, serial) in results {
        check_against_reference(
            &isa,
            (m, k, n),
            &a,
            &b,
            &c0,
            Mat {
                data: serial,
                ..c0.clone()
            },
            alpha,
            beta,
        );
    }
}

impl<T: Clone> Clone for Mat<T> {
    fn clone(&self) -> Self {
        Mat {
            data: self.data.clone(),
            ..*self
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn check_against_reference<T: El>(
    isa: &str,
    (m, k, n): (usize, usize, usize),
    a: &Mat<T>,
    b: &Mat<T>,
    c0: &Mat<T>,
    c: Mat<T>,
    alpha: T,
    beta: T,
) {
    let (alpha, beta) = (alpha.to_f64(), beta.to_f64());
    for i in 0..m {
        for j in 0..n {
            let (mut exact, mut scale) = (0f64, 0f64);
            for p in 0..k {
                let t = a.at(i, p).to_f64() * b.at(p, j).to_f64();
                exact += t;
                scale += t.abs();
            }
            let c_in = if beta == 0.0 {
                0.0
            } else {
                c0.at(i, j).to_f64()
            };
            let want = alpha * exact + beta * c_in;
            let scale = alpha.abs() * scale + (beta * c_in).abs();
            let got = c.at(i, j).to_f64();
            let err = (got - want).abs() / scale.max(f64::MIN_POSITIVE);
            assert!(
                err < T::TOL || (got - want).abs() < 1e-30,
                "{isa}: C({i},{j}) = {got}, want {want} (relative error {err:e}) for {m}x{k}x{n}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sgemm_matches_f64_reference(
        m in extent(), k in extent(), n in extent(),
        oa in order(), ob in order(), oc in order(),
        alpha in prop::sample::select(vec![1.0f32, -0.5, 2.25]),
        beta in prop::sample::select(vec![0.0f32, 1.0, -1.5]),
        seed in any::<u64>(),
    ) {
        check::<f32>((m, k, n), (oa, ob, oc), alpha, beta, seed);
    }

    #[test]
    fn dgemm_matches_f64_reference(
        m in extent(), k in extent(), n in extent(),
        oa in order(), ob in order(), oc in order(),
        alpha in prop::sample::select(vec![1.0f32, -0.5, 2.25]),
        beta in prop::sample::select(vec![0.0f32, 1.0, -1.5]),
        seed in any::<u64>(),
    ) {
        check::<f64>((m, k, n), (oa, ob, oc), alpha, beta, seed);
    }
}

/// Products that cross every block boundary: several K blocks, several M blocks, more
/// than one N block (NC = 3072). N stays at 13 (more than one register tile, a partial
/// one last) where it is not the extent being crossed: the blocks along M and K do not
/// depend on it, and the debug suite pays for every multiply-add.
#[test]
fn crosses_every_cache_block() {
    let row = Order::Row { pad: 0 };
    let col = Order::Col { pad: 1 };
    check::<f32>((481, 517, 13), (row, col, col), 1.0, 0.5, 7);
    check::<f32>((5, 3, 3100), (col, row, row), -1.0, 0.0, 11);
    check::<f32>((250, 600, 13), (row, row, row), 0.75, 1.0, 13);
    check::<f32>((1000, 300, 13), (col, row, col), 1.0, 0.0, 17);
    check::<f64>((481, 517, 13), (row, col, col), 1.0, 0.5, 7);
    check::<f64>((5, 3, 3100), (col, row, row), -1.0, 0.0, 11);
    check::<f64>((500, 300, 13), (col, row, col), 1.0, 0.0, 17);
}

/// Products narrow enough (in the kernel's frame, at most four register panels of B)
/// that A's register panels are read in place where A's columns are contiguous (and not
/// 4 KiB apart): every order of A and C, whole and partial panels of A, several K and M
/// blocks.
#[test]
fn narrow_products_read_a_in_place() {
    let row = Order::Row { pad: 0 };
    let col = Order::Col { pad: 2 };
    for (m, k, n) in [(16, 260, 70), (70, 260, 16), (5, 40, 37), (37, 40, 5)] {
        for oa in [row, col, Order::Reversed] {
            for oc in [row, col] {
                check::<f32>((m, k, n), (oa, row, oc), 1.0, 0.5, 3);
            }
        }
        check::<f64>((m, k, n), (col, col, row), -0.5, 0.0, 5);
    }
    // Columns 4 KiB apart alias in L1: packed instead.
    let col0 = Order::Col { pad: 0 };
    check::<f64>((512, 9, 5), (col0, row, col0), 1.0, 0.5, 47);
}

/// Products whose B (in the kernel's frame) has K contiguous and more than four register
/// panels: B's panels are read in place, a partial last panel by repeating its last
/// row, over several K blocks; rows 4 KiB apart (1024 f32, 512 f64) are packed instead.
#[test]
fn wide_products_read_b_in_place() {
    let row = Order::Row { pad: 0 };
    let col = Order::Col { pad: 1 };
    for (m, k, n) in [(40, 520, 50), (50, 300, 40), (7, 9, 31)] {
        check::<f32>((m, k, n), (row, row, row), 1.0, 0.5, 29);
        check::<f32>((m, k, n), (col, col, col), -1.0, 0.0, 31);
        check::<f64>((m, k, n), (row, col, row), 0.5, 1.0, 37);
    }
    check::<f32>((30, 1024, 30), (row, row, row), 1.0, 0.0, 41);
    let col0 = Order::Col { pad: 0 };
    check::<f64>((30, 512, 30), (col0, col0, col0), 1.0, 0.0, 43);
}

/// Parallel products split along C's rows (C^T's columns), whose parts interleave in
/// memory: each thread computes its part in a buffer of its own (K of at least 64, and
/// just over the parallel threshold of 128^3 multiply-adds).
#[test]
fn parallel_row_splits_go_through_buffers() {
    let row = Order::Row { pad: 0 };
    let col = Order::Col { pad: 3 };
    check::<f32>((33, 64, 1000), (row, col, row), -0.5, 0.5, 19);
    check::<f64>((1000, 64, 33), (col, row, col), 1.0, 0.0, 23);
}

/// Degenerate extents: nothing to do, or C = beta * C.
#[test]
fn empty_extents() {
    let mut c = vec![1.0f32; 6];
    sgemm(2, 0, 3, 1.0, &[], 1, 1, &[], 1, 1, 2.0, &mut c, 3, 1);
    assert_eq!(c, [2.0; 6]);
    let mut c = vec![f32::NAN; 6];
    sgemm(2, 0, 3, 1.0, &[], 1, 1, &[], 1, 1, 0.0, &mut c, 3, 1);
    assert_eq!(c, [0.0; 6]);
    let mut c: Vec<f32> = vec![];
    sgemm(
        0, 4, 3, 1.0, &[0.0; 4], 4, 1, &[0.0; 12], 3, 1, 1.0, &mut c, 3, 1,
    );
    // alpha == 0: A and B are not used.
    let mut c = vec![2.0f32; 4];
    let nan = [f32::NAN; 4];
    sgemm(2, 2, 2, 0.0, &nan, 2, 1, &nan, 2, 1, 0.5, &mut c, 2, 1);
    assert_eq!(c, [1.0; 4]);
}

/// IEEE propagation: a NaN or an infinity in A reaches exactly the row of C it feeds.
#[test]
fn nan_and_inf_propagate() {
    let (m, k, n) = (20, 9, 8);
    let mut a = vec![1.0f32; m * k];
    a[3 * k + 4] = f32::NAN;
    a[17 * k] = f32::INFINITY;
    let b = vec![1.0f32; k * n];
    for isa in isas() {
        let mut c = vec![0.0f32; m * n];
        sgemm_with_isa(
            isa, false, m, k, n, 1.0, &a, k as isize, 1, &b, n as isize, 1, 0.0, &mut c,
            n as isize, 1,
        );
        for i in 0..m {
            for j in 0..n {
                let x = c[i * n + j];
                match i {
                    3 => assert!(x.is_nan(), "{isa:?}"),
                    17 => assert_eq!(x, f32::INFINITY, "{isa:?}"),
                    _ => assert_eq!(x, k as f32, "{isa:?}"),
                }
            }
        }
    }
}

/// The dispatch: the detected kernel is the widest this CPU supports, and every
/// supported one runs (through the `unsafe` call of its `#[target_feature]` code).
#[test]
fn dispatch_runs_every_supported_kernel() {
    let supported = isas();
    assert_eq!(Isa::detected(), supported[0]);
    assert!(supported.contains(&Isa::Base));
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx512f") {
        assert_eq!(Isa::detected(), Isa::Avx512);
    }
    for isa in supported {
        let mut c = [0.0f64; 4];
        dgemm_with_isa(
            isa,
            false,
            2,
            3,
            2,
            1.0,
            &[1., 2., 3., 4., 5., 6.],
            3,
            1,
            &[1., 0., 0., 1., 1., 1.],
            2,
            1,
            0.0,
            &mut c,
            1,
            2,
        );
        assert_eq!(c, [4.0, 10.0, 5.0, 11.0], "{isa:?}");
    }
}

#[test]
#[should_panic(expected = "sgemm: B (3 x 4, strides (4, 1)) spans 12 elements, the slice has 11")]
fn short_slice_is_named() {
    let mut c = vec![0f32; 8];
    sgemm(
        2, 3, 4, 1.0, &[0.0; 6], 3, 1, &[0.0; 11], 4, 1, 0.0, &mut c, 4, 1,
    );
}
