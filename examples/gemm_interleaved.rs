//! cutlet's GEMM against matrixmultiply and faer's `gemm`, interleaved: each repetition
//! runs the three libraries one after another and each keeps its fastest time, so a
//! slow phase of a shared machine hits all three alike (criterion, in
//! `benches/sgemm.rs`, measures each library for seconds in turn). Prints one table.
//!
//! `MATMUL_NUM_THREADS=1 cargo run --release --example gemm_interleaved` (one thread;
//! `-- par` for all threads: then leave MATMUL_NUM_THREADS unset).

#[path = "../benches/common/peers.rs"]
mod peers;
use peers::{Elem, faer_gemm, operands};
use std::time::Instant;

/// One row of the table (`sgemm`/`dgemm` and the shape): the three libraries' best GFLOP/s and cutlet's ratio to the
/// faster peer, which it returns.
fn row<T: Elem>(
    name: &str,
    (m, k, n): (usize, usize, usize),
    col_major: [bool; 3],
    parallel: bool,
) -> f64 {
    let ((a, b, mut c), [sa, sb, sc]) = operands::<T>((m, k, n), col_major);
    let flops = 2.0 * (m * n * k) as f64;
    let reps = ((4e9 / flops) as usize).clamp(7, 3000);
    // Calls per timing: a small product takes less than a microsecond, so it is timed
    // in batches that each last about 0.1 ms at 2 GFLOP/s.
    let batch = ((2e5 / flops) as usize).max(1);
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    let mut best = [f64::MAX; 3];
    for r in 0..=reps {
        for (i, bi) in best.iter_mut().enumerate() {
            let t = Instant::now();
            for _ in 0..batch {
                let (pa, pb, pc) = (
                    (a.as_ptr(), sa.0, sa.1),
                    (b.as_ptr(), sb.0, sb.1),
                    (c.as_mut_ptr(), sc.0, sc.1),
                );
                match i {
                    0 => T::cutlet(
                        parallel,
                        (m, k, n),
                        (&a, sa.0, sa.1),
                        (&b, sb.0, sb.1),
                        (&mut c, sc.0, sc.1),
                    ),
                    // SAFETY: the pointers cover the matrices, which outlive the call.
                    1 => unsafe { T::matrixmultiply((m, k, n), pa, pb, pc) },
                    // SAFETY: as above.
                    _ => unsafe { faer_gemm(threads, (m, k, n), pa, pb, pc) },
                }
            }
            // The first repetition warms the caches and the thread pools.
            if r > 0 {
                *bi = bi.min(t.elapsed().as_secs_f64() / batch as f64);
            }
        }
    }
    let g = best.map(|t| flops / t / 1e9);
    let ratio = g[0] / g[1].max(g[2]);
    println!(
        "| {} {name} | {:.1} | {:.1} | {:.1} | {ratio:.2} |",
        T::GROUP,
        g[0],
        g[1],
        g[2]
    );
    ratio
}

fn main() {
    let parallel = std::env::args().any(|a| a == "par");
    let mut ratios = vec![];
    println!("| shape (m x k x n) | cutlet | matrixmultiply | gemm | cutlet / best peer |");
    println!("|---|---|---|---|---|");
    let rm = [false; 3];
    for n in [64usize, 128, 256, 512, 1024, 2048] {
        ratios.push(row::<f32>(&n.to_string(), (n, n, n), rm, parallel));
    }
    ratios.push(row::<f32>(
        "16 x 2048 x 2048",
        (16, 2048, 2048),
        rm,
        parallel,
    ));
    ratios.push(row::<f32>(
        "2048 x 16 x 2048",
        (2048, 16, 2048),
        rm,
        parallel,
    ));
    for (name, cm) in [
        ("all column-major", [true; 3]),
        ("A transposed", [true, false, false]),
        ("B transposed", [false, true, false]),
    ] {
        ratios.push(row::<f32>(
            &format!("1024, {name}"),
            (1024, 1024, 1024),
            cm,
            parallel,
        ));
    }
    for n in [64usize, 256, 1024] {
        ratios.push(row::<f64>(&n.to_string(), (n, n, n), rm, parallel));
    }
    summary(&ratios);
    // Products smaller than the bench's shapes, where the per-call and per-tile set-up
    // is a large part of the time: a table of their own.
    println!("\n| small squares | cutlet | matrixmultiply | gemm | cutlet / best peer |");
    println!("|---|---|---|---|---|");
    let small: Vec<f64> = [8usize, 16, 24, 32, 48]
        .iter()
        .map(|&n| row::<f32>(&n.to_string(), (n, n, n), rm, parallel))
        .collect();
    summary(&small);
}

/// The lowest ratio of a table and how many rows reach 1.00.
fn summary(ratios: &[f64]) {
    let low = ratios.iter().cloned().fold(f64::MAX, f64::min);
    println!(
        "\nlowest ratio {low:.2}; rows at or above 1.00: {} of {}",
        ratios.iter().filter(|&&r| r >= 1.0).count(),
        ratios.len()
    );
}
