//! cutlet's GEMM against matrixmultiply and faer's `gemm`, interleaved: each repetition
//! runs the three libraries one after another (which one goes first rotates) and each
//! keeps its fastest time, so a
//! slow phase of a shared machine hits all three alike (criterion, in
//! `benches/sgemm.rs`, measures each library for seconds in turn). The whole table is
//! measured `--rounds` times (default 5), each round with fresh operands, so that both
//! the machine's slow minutes and where the operands happen to lie vary between rounds;
//! each row prints every library's best GFLOP/s over the rounds and the median of the
//! rounds' ratios with their range. Prints two tables: the bench's shapes, and squares
//! below them.
//!
//! `MATMUL_NUM_THREADS=1 cargo run --release --example gemm_interleaved` (one thread;
//! `-- par` for all threads: then leave MATMUL_NUM_THREADS unset; `-- --rounds 9`;
//! `-- --isa avx2` runs cutlet's AVX2 kernels, what a CPU without AVX-512 runs; the peers
//! keep the kernels they detect: on an AVX-512 CPU matrixmultiply 0.3.11's are AVX-512
//! and faer's `gemm`'s AVX2, its default build having no AVX-512).

#[path = "../benches/common/peers.rs"]
mod peers;
#[path = "../benches/common/rounds.rs"]
mod rounds;
use cutlet::blas::Isa;
use peers::{Elem, faer_gemm, operands};
use std::time::Instant;

/// How cutlet runs: on all threads or one, and with the detected kernel or `isa`'s.
#[derive(Clone, Copy)]
struct Run {
    parallel: bool,
    isa: Option<Isa>,
}

/// One round of a row: the three libraries' best GFLOP/s (cutlet, matrixmultiply, gemm).
fn row<T: Elem>(
    (m, k, n): (usize, usize, usize),
    col_major: [bool; 3],
    Run { parallel, isa }: Run,
) -> [f64; 3] {
    let ((a, b, mut c), [sa, sb, sc]) = operands::<T>((m, k, n), col_major);
    let flops = 2.0 * (m * n * k) as f64;
    // A second of the three libraries per row and round at 12 GFLOP/s (less on fast
    // machines), at least 5 timings each.
    let reps = ((4e9 / flops) as usize).clamp(5, 3000);
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
        // The library that runs first rotates, so none always follows the same one.
        for j in 0..3 {
            let i = (j + r) % 3;
            let t = Instant::now();
            for _ in 0..batch {
                let (pa, pb, pc) = (
                    (a.as_ptr(), sa.0, sa.1),
                    (b.as_ptr(), sb.0, sb.1),
                    (c.as_mut_ptr(), sc.0, sc.1),
                );
                match i {
                    0 => T::cutlet(
                        isa,
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
                best[i] = best[i].min(t.elapsed().as_secs_f64() / batch as f64);
            }
        }
    }
    best.map(|t| flops / t / 1e9)
}

/// A row of a table: its name and the product it measures.
type Row = (String, Box<dyn Fn(Run) -> [f64; 3]>);

/// The row of `T`'s product of shape `mkn` with the given operand orders.
fn entry<T: Elem>(name: &str, mkn: (usize, usize, usize), col_major: [bool; 3]) -> Row {
    (
        format!("{} {name}", T::GROUP),
        Box::new(move |run| row::<T>(mkn, col_major, run)),
    )
}

/// Measure `rows` `rounds` times (every row once per round), then print the table: each
/// library's best GFLOP/s over the rounds and cutlet's ratio to the faster peer, the
/// median of the rounds' ratios and their range.
fn table(title: &str, rows: &[Row], rounds: usize, run: Run) {
    let mut runs: Vec<Vec<[f64; 3]>> = vec![vec![]; rows.len()];
    for _ in 0..rounds {
        for ((_, f), r) in rows.iter().zip(&mut runs) {
            r.push(f(run));
        }
    }
    println!("| {title} | cutlet | matrixmultiply | gemm | cutlet / best peer: median (range) |");
    println!("|---|---|---|---|---|");
    let mut medians = vec![];
    let mut lowest = f64::MAX;
    for ((name, _), r) in rows.iter().zip(&runs) {
        let best = |i: usize| r.iter().map(|g| g[i]).fold(0.0, f64::max);
        let mut ratios: Vec<f64> = r.iter().map(|g| g[0] / g[1].max(g[2])).collect();
        ratios.sort_by(f64::total_cmp);
        let median = ratios[ratios.len() / 2];
        let (lo, hi) = (ratios[0], ratios[ratios.len() - 1]);
        println!(
            "| {name} | {:.1} | {:.1} | {:.1} | {median:.2} ({lo:.2}-{hi:.2}) |",
            best(0),
            best(1),
            best(2)
        );
        medians.push(median);
        lowest = lowest.min(lo);
    }
    let low = medians.iter().cloned().fold(f64::MAX, f64::min);
    println!(
        "\n{rounds} rounds; lowest median {low:.2}, medians at or above 1.00: {} of {}; lowest single round {lowest:.2}\n",
        medians.iter().filter(|&&m| m >= 1.0).count(),
        medians.len()
    );
}

/// `--isa avx512|avx2|base` among `args`, or `None`. An unknown name, or a set this CPU
/// lacks, is an `error:` line and exit status 2.
fn isa(args: &[String]) -> Option<Isa> {
    let i = args.iter().position(|a| a == "--isa")?;
    let isa = match args.get(i + 1).map(String::as_str) {
        Some("avx512") => Isa::Avx512,
        Some("avx2") => Isa::Avx2,
        Some("base") => Isa::Base,
        _ => {
            eprintln!("error: --isa takes avx512, avx2 or base");
            std::process::exit(2)
        }
    };
    if !isa.is_supported() {
        eprintln!("error: this CPU cannot run the {isa:?} kernels");
        std::process::exit(2)
    }
    Some(isa)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let run = Run {
        parallel: args.iter().any(|a| a == "par"),
        isa: isa(&args),
    };
    let rounds = rounds::rounds(&args);
    if let Some(isa) = run.isa {
        println!("cutlet's {isa:?} kernels; the peers run the kernels they detect\n");
    }
    let rm = [false; 3];
    let mut rows: Vec<Row> = [64usize, 128, 256, 512, 1024, 2048]
        .iter()
        .map(|&n| entry::<f32>(&n.to_string(), (n, n, n), rm))
        .collect();
    rows.push(entry::<f32>("16 x 2048 x 2048", (16, 2048, 2048), rm));
    rows.push(entry::<f32>("2048 x 16 x 2048", (2048, 16, 2048), rm));
    for (name, cm) in [
        ("all column-major", [true; 3]),
        ("A transposed", [true, false, false]),
        ("B transposed", [false, true, false]),
    ] {
        rows.push(entry::<f32>(
            &format!("1024, {name}"),
            (1024, 1024, 1024),
            cm,
        ));
    }
    for n in [64usize, 256, 1024] {
        rows.push(entry::<f64>(&n.to_string(), (n, n, n), rm));
    }
    table("shape (m x k x n)", &rows, rounds, run);
    // Products smaller than the bench's shapes, where the per-call and per-tile set-up
    // is a large part of the time: a table of their own.
    let small: Vec<Row> = [8usize, 16, 24, 32, 48]
        .iter()
        .map(|&n| entry::<f32>(&n.to_string(), (n, n, n), rm))
        .collect();
    table("small squares", &small, rounds, run);
}
