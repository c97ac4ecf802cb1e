//! The flagship GEMM: `C = alpha * A * B + beta * C`, tiled, packed and register-blocked
//! with cutlet's static layouts, the kernel chosen at run time (AVX-512F, AVX2+FMA or the
//! baseline). Prints the layouts of the detected kernel and times `sgemm`, `par_sgemm`,
//! `dgemm` and each supported instruction set's `sgemm` kernel.
//!
//! ```text
//! cargo run --release --example sgemm -- 1024 1024 1024
//! ```

use cutlet::blas::{Isa, dgemm, par_sgemm, sgemm, sgemm_with_isa, tiles};
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
    let isa = Isa::detected();
    println!("detected         {isa:?}");
    match isa {
        Isa::Avx512 => {
            use tiles::f32_avx512::*;
            println!("packed A block   {}", PackedA::default());
            println!("packed B block   {}", PackedB::default());
            println!("register tile    {}", Accum::default());
        }
        Isa::Avx2 => {
            use tiles::f32_avx2::*;
            println!("packed A block   {}", PackedA::default());
            println!("packed B block   {}", PackedB::default());
            println!("register tile    {}", Accum::default());
        }
        Isa::Base => {
            use tiles::f32_base::*;
            println!("packed A block   {}", PackedA::default());
            println!("packed B block   {}", PackedB::default());
            println!("register tile    {}", Accum::default());
        }
    }

    // A row-major, B column-major, C row-major: any strides work.
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
    let b: Vec<f32> = (0..k * n).map(|i| ((i * 5) % 13) as f32 - 6.0).collect();
    let (rsa, csa, rsb, csb, rsc, csc) = (k as isize, 1, 1, k as isize, n as isize, 1);
    let mut c = vec![0f32; m * n];

    let flops = 2.0 * (m * n * k) as f64;
    let time = |name: &str, f: &mut dyn FnMut()| {
        f(); // warm up (workspace, caches)
        let reps = (2e9 / flops).clamp(1.0, 50.0) as usize;
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        let s = t.elapsed().as_secs_f64() / reps as f64;
        println!(
            "{name:>16}: {m}x{k}x{n} in {:.3} ms, {:.1} GFLOP/s",
            s * 1e3,
            flops / s / 1e9
        );
    };
    time("sgemm", &mut || {
        sgemm(
            m, k, n, 1.0, &a, rsa, csa, &b, rsb, csb, 0.0, &mut c, rsc, csc,
        )
    });
    time("par_sgemm", &mut || {
        par_sgemm(
            m, k, n, 1.0, &a, rsa, csa, &b, rsb, csb, 0.0, &mut c, rsc, csc,
        )
    });
    for isa in Isa::ALL.into_iter().filter(|i| i.is_supported()) {
        time(&format!("sgemm {isa:?}"), &mut || {
            sgemm_with_isa(
                isa, false, m, k, n, 1.0, &a, rsa, csa, &b, rsb, csb, 0.0, &mut c, rsc, csc,
            )
        });
    }
    // Spot-check a few elements against the definition (small integers: exact).
    sgemm(
        m, k, n, 1.0, &a, rsa, csa, &b, rsb, csb, 0.0, &mut c, rsc, csc,
    );
    for &(i, j) in &[(0, 0), (m - 1, n - 1), (m / 2, n / 3)] {
        let want: f64 = (0..k)
            .map(|p| a[i * k + p] as f64 * b[j * k + p] as f64)
            .sum();
        assert_eq!(c[i * n + j] as f64, want, "C({i},{j})");
    }
    println!("C(0,0) = {}, checked", c[0]);

    let (ad, bd): (Vec<f64>, Vec<f64>) = (
        a.iter().map(|&x| x as f64).collect(),
        b.iter().map(|&x| x as f64).collect(),
    );
    let mut cd = vec![0f64; m * n];
    time("dgemm", &mut || {
        dgemm(
            m, k, n, 1.0, &ad, rsa, csa, &bd, rsb, csb, 0.0, &mut cd, rsc, csc,
        )
    });
}
