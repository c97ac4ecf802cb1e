//! cutlet's GEMM against matrixmultiply and faer's `gemm`, interleaved: each repetition
//! runs the three libraries one after another and each keeps its fastest time, so a
//! slow phase of a shared machine hits all three alike (criterion, in
//! `benches/sgemm.rs`, measures each library for seconds in turn). Prints one table.
//!
//! `MATMUL_NUM_THREADS=1 cargo run --release --example gemm_interleaved` (one thread;
//! `-- par` for all threads: then leave MATMUL_NUM_THREADS unset).

use std::time::Instant;

/// Row and column strides of an `r x c` matrix.
fn strides(r: usize, c: usize, col_major: bool) -> (isize, isize) {
    if col_major {
        (1, r as isize)
    } else {
        (c as isize, 1)
    }
}

macro_rules! row {
    ($t:ty, $ser:ident, $par:ident, $mm:ident, $name:expr, ($m:expr, $k:expr, $n:expr), $cm:expr, $parallel:expr) => {{
        let (m, k, n, cm): (usize, usize, usize, [bool; 3]) = ($m, $k, $n, $cm);
        let a: Vec<$t> = (0..m * k)
            .map(|i| ((i * 7) % 13) as $t * 0.1 - 0.6)
            .collect();
        let b: Vec<$t> = (0..k * n)
            .map(|i| ((i * 5) % 11) as $t * 0.1 - 0.5)
            .collect();
        let mut c = vec![0 as $t; m * n];
        let (sa, sb, sc) = (
            strides(m, k, cm[0]),
            strides(k, n, cm[1]),
            strides(m, n, cm[2]),
        );
        let flops = 2.0 * (m * n * k) as f64;
        let reps = ((4e9 / flops) as usize).clamp(7, 3000);
        let par = if $parallel {
            gemm::Parallelism::Rayon(rayon::current_num_threads())
        } else {
            gemm::Parallelism::None
        };
        let mut best = [f64::MAX; 3];
        for r in 0..=reps {
            for (i, bi) in best.iter_mut().enumerate() {
                let t = Instant::now();
                match i {
                    0 => {
                        let f = if $parallel {
                            cutlet::blas::$par
                        } else {
                            cutlet::blas::$ser
                        };
                        f(
                            m, k, n, 1.0, &a, sa.0, sa.1, &b, sb.0, sb.1, 0.0, &mut c, sc.0, sc.1,
                        )
                    }
                    // SAFETY: the pointers cover the matrices, which outlive the call.
                    1 => unsafe {
                        matrixmultiply::$mm(
                            m,
                            k,
                            n,
                            1.0,
                            a.as_ptr(),
                            sa.0,
                            sa.1,
                            b.as_ptr(),
                            sb.0,
                            sb.1,
                            0.0,
                            c.as_mut_ptr(),
                            sc.0,
                            sc.1,
                        )
                    },
                    // SAFETY: as above (gemm's arguments: dst, column stride, row stride, ...).
                    _ => unsafe {
                        gemm::gemm(
                            m,
                            n,
                            k,
                            c.as_mut_ptr(),
                            sc.1,
                            sc.0,
                            false,
                            a.as_ptr(),
                            sa.1,
                            sa.0,
                            b.as_ptr(),
                            sb.1,
                            sb.0,
                            0.0,
                            1.0,
                            false,
                            false,
                            false,
                            par,
                        )
                    },
                }
                if r > 0 {
                    *bi = bi.min(t.elapsed().as_secs_f64());
                }
            }
        }
        let g = best.map(|t| flops / t / 1e9);
        println!(
            "| {} | {:.1} | {:.1} | {:.1} | {:.2} |",
            $name,
            g[0],
            g[1],
            g[2],
            g[0] / g[1].max(g[2])
        );
        g[0] / g[1].max(g[2])
    }};
}

fn main() {
    let parallel = std::env::args().any(|a| a == "par");
    let mut ratios = vec![];
    println!("| shape (m x k x n) | cutlet | matrixmultiply | gemm | cutlet / best peer |");
    println!("|---|---|---|---|---|");
    let rm = [false; 3];
    for n in [64usize, 128, 256, 512, 1024, 2048] {
        ratios.push(row!(
            f32,
            sgemm,
            par_sgemm,
            sgemm,
            format!("f32 {n}"),
            (n, n, n),
            rm,
            parallel
        ));
    }
    ratios.push(row!(
        f32,
        sgemm,
        par_sgemm,
        sgemm,
        "f32 16 x 2048 x 2048",
        (16, 2048, 2048),
        rm,
        parallel
    ));
    ratios.push(row!(
        f32,
        sgemm,
        par_sgemm,
        sgemm,
        "f32 2048 x 16 x 2048",
        (2048, 16, 2048),
        rm,
        parallel
    ));
    for (name, cm) in [
        ("all column-major", [true; 3]),
        ("A transposed", [true, false, false]),
        ("B transposed", [false, true, false]),
    ] {
        ratios.push(row!(
            f32,
            sgemm,
            par_sgemm,
            sgemm,
            format!("f32 1024, {name}"),
            (1024, 1024, 1024),
            cm,
            parallel
        ));
    }
    for n in [64usize, 256, 1024] {
        ratios.push(row!(
            f64,
            dgemm,
            par_dgemm,
            dgemm,
            format!("f64 {n}"),
            (n, n, n),
            rm,
            parallel
        ));
    }
    let low = ratios.iter().cloned().fold(f64::MAX, f64::min);
    println!(
        "\nlowest ratio {low:.2}; rows at or above 1.00: {} of {}",
        ratios.iter().filter(|&&r| r >= 1.0).count(),
        ratios.len()
    );
}
