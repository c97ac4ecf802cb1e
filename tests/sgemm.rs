//! The blocked SGEMM against a straightforward f64 reference: random M, N, K (1, primes,
//! non-multiples of every tile and block size), row-major, column-major, padded and
//! reversed operands, random alpha and beta, serial and parallel.

use cutlet::blas::{par_sgemm, sgemm};
use proptest::prelude::*;

/// The signature `sgemm` and `par_sgemm` share.
type Gemm = fn(
    usize,
    usize,
    usize,
    f32,
    &[f32],
    isize,
    isize,
    &[f32],
    isize,
    isize,
    f32,
    &mut [f32],
    isize,
    isize,
);

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
struct Mat {
    data: Vec<f32>,
    rs: isize,
    cs: isize,
    origin: isize,
}
impl Mat {
    fn new(rows: usize, cols: usize, order: Order, fill: &mut impl FnMut() -> f32) -> Mat {
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
        let data = (0..len.max(1)).map(|_| fill()).collect();
        Mat {
            data,
            rs,
            cs,
            origin,
        }
    }
    fn at(&self, i: usize, j: usize) -> f32 {
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

/// Extents that hit 1, small primes, and both sides of the register tiles (16, 6) and
/// the cache blocks (K: 256, M: 240).
fn extent() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(1usize),
        prop::sample::select(vec![2usize, 3, 5, 7, 13, 17, 31, 97, 239, 241, 257, 263]),
        1usize..300,
    ]
}

/// Run one product and check every element of C against the f64 reference, relative
/// to the size of the terms that make it up.
fn check(
    (m, k, n): (usize, usize, usize),
    (oa, ob, oc): (Order, Order, Order),
    alpha: f32,
    beta: f32,
    seed: u64,
) {
    let mut state = seed | 1;
    let mut rnd = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 2001) as f32 / 1000.0 - 1.0
    };
    let a = Mat::new(m, k, oa, &mut rnd);
    let b = Mat::new(k, n, ob, &mut rnd);
    let c0 = Mat::new(m, n, oc, &mut rnd);
    let run = |f: Gemm| {
        let mut c = c0.data.clone();
        if beta == 0.0 {
            // BLAS semantics: C is not read when beta is zero.
            c.iter_mut().for_each(|x| *x = f32::NAN);
        }
        f(
            m, k, n, alpha, &a.data, a.rs, a.cs, &b.data, b.rs, b.cs, beta, &mut c, c0.rs, c0.cs,
        );
        c
    };
    let serial = run(sgemm);
    let parallel = run(par_sgemm);
    assert_eq!(
        serial.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        parallel.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
        "par_sgemm differs from sgemm"
    );
    let c = Mat { data: serial, ..c0 };
    for i in 0..m {
        for j in 0..n {
            let (mut exact, mut scale) = (0f64, 0f64);
            for p in 0..k {
                let t = a.at(i, p) as f64 * b.at(p, j) as f64;
                exact += t;
                scale += t.abs();
            }
            let c_in = if beta == 0.0 { 0.0 } else { c0.at(i, j) as f64 };
            let want = alpha as f64 * exact + beta as f64 * c_in;
            let scale = (alpha as f64).abs() * scale + (beta as f64 * c_in).abs();
            let got = c.at(i, j) as f64;
            let err = (got - want).abs() / scale.max(f64::MIN_POSITIVE);
            assert!(
                err < 1e-5 || (got - want).abs() < 1e-30,
                "C({i},{j}) = {got}, want {want} (relative error {err:e}) for {m}x{k}x{n}"
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
        check((m, k, n), (oa, ob, oc), alpha, beta, seed);
    }
}

/// Products that cross every block boundary: several K blocks, several M blocks, more
/// than one N block (NC = 3072).
#[test]
fn crosses_every_cache_block() {
    let row = Order::Row { pad: 0 };
    let col = Order::Col { pad: 1 };
    check((481, 517, 13), (row, col, col), 1.0, 0.5, 7);
    check((5, 3, 3100), (col, row, row), -1.0, 0.0, 11);
    check((250, 600, 70), (row, row, row), 0.75, 1.0, 13);
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
    let mut c = vec![0.0f32; m * n];
    sgemm(
        m, k, n, 1.0, &a, k as isize, 1, &b, n as isize, 1, 0.0, &mut c, n as isize, 1,
    );
    for i in 0..m {
        for j in 0..n {
            let x = c[i * n + j];
            match i {
                3 => assert!(x.is_nan()),
                17 => assert_eq!(x, f32::INFINITY),
                _ => assert_eq!(x, k as f32),
            }
        }
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
