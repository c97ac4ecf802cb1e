//! The flagship SGEMM: `C = alpha * A * B + beta * C`, tiled, packed and register-blocked
//! with cutlet's static layouts.
//!
//! ```text
//! cargo run --release --example sgemm -- 1024 1024 1024
//! RUSTFLAGS="-C target-cpu=native" cargo run --release --example sgemm   # AVX2/FMA code
//! ```

use cutlet::blas::{Accum, PackedA, PackedB, par_sgemm, sgemm};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: sgemm [M K N]"))
        .collect();
    let (m, k, n) = match args[..] {
        [] => (512, 512, 512),
        [m, k, n] => (m, k, n),
        _ => panic!("usage: sgemm [M K N]"),
    };
    println!("packed A block   {}", PackedA::default());
    println!("packed B block   {}", PackedB::default());
    println!("register tile    {}", Accum::default());

    // A row-major, B column-major, C row-major: any strides work.
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
    let b: Vec<f32> = (0..k * n).map(|i| ((i * 5) % 13) as f32 - 6.0).collect();
    let (rsa, csa, rsb, csb, rsc, csc) = (k as isize, 1, 1, k as isize, n as isize, 1);
    let mut c = vec![0f32; m * n];

    let flops = 2.0 * (m * n * k) as f64;
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
    for (name, f) in [("sgemm", sgemm as Gemm), ("par_sgemm", par_sgemm)] {
        let t = Instant::now();
        f(
            m, k, n, 1.0, &a, rsa, csa, &b, rsb, csb, 0.0, &mut c, rsc, csc,
        );
        let s = t.elapsed().as_secs_f64();
        println!(
            "{name:>10}: {m}x{k}x{n} in {:.2} ms, {:.1} GFLOP/s",
            s * 1e3,
            flops / s / 1e9
        );
    }

    // Spot-check a few elements against the definition.
    for &(i, j) in &[(0, 0), (m - 1, n - 1), (m / 2, n / 3)] {
        let want: f64 = (0..k)
            .map(|p| a[i * k + p] as f64 * b[j * k + p] as f64)
            .sum();
        assert_eq!(c[i * n + j] as f64, want, "C({i},{j})");
    }
    println!("C(0,0) = {}, checked", c[0]);
}
