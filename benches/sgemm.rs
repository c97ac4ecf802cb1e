//! cutlet's GEMM against the `matrixmultiply` crate (what ndarray uses) and faer's `gemm`
//! crate, measured in one run, single thread and all threads; plus the machine's FMA
//! peak, measured by a loop of independent vector FMAs in a function compiled for each
//! instruction set. `scripts/sgemm_table.py` turns criterion's estimates into the
//! README's tables.
//!
//! Rows: f32 (`sgemm`, `par_sgemm`) row-major squares n = 64 .. 4096, two skinny shapes
//! (`m16`: 16 x 2048 x 2048, `k16`: 2048 x 16 x 2048), and at n = 1024 all column-major
//! (`cm`), A transposed (`at`: A stored column-major) and B transposed (`bt`); f64
//! (`dgemm`, `par_dgemm`) row-major squares.
//!
//! matrixmultiply's thread count is fixed per process (`MATMUL_NUM_THREADS`, default all
//! cores): its single-thread rows are measured in a run with `MATMUL_NUM_THREADS=1`,
//! its parallel rows in a run without it. Run with the default build (no RUSTFLAGS: all
//! three libraries pick their kernel at run time):
//!
//! ```text
//! MATMUL_NUM_THREADS=1 cargo bench --bench sgemm -- --warm-up-time 1 --measurement-time 2 '^(fma_peak|sgemm|dgemm)/'
//! cargo bench --bench sgemm -- --warm-up-time 1 --measurement-time 2 '^par_'
//! scripts/sgemm_table.py
//! ```

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, black_box, criterion_group, criterion_main,
};

/// A row: name, `(m, k, n)`, and whether A, B and C are column-major.
struct Shape {
    name: String,
    mkn: (usize, usize, usize),
    col_major: [bool; 3],
}

fn squares(ns: &[usize]) -> Vec<Shape> {
    ns.iter()
        .map(|&n| Shape {
            name: n.to_string(),
            mkn: (n, n, n),
            col_major: [false; 3],
        })
        .collect()
}

fn f32_shapes() -> Vec<Shape> {
    let mut v = squares(&[64, 128, 256, 512, 1024, 2048, 4096]);
    let row = |name: &str, mkn| Shape {
        name: name.into(),
        mkn,
        col_major: [false; 3],
    };
    v.push(row("m16", (16, 2048, 2048)));
    v.push(row("k16", (2048, 16, 2048)));
    for (name, col_major) in [
        ("cm1024", [true, true, true]),
        ("at1024", [true, false, false]),
        ("bt1024", [false, true, false]),
    ] {
        v.push(Shape {
            name: name.into(),
            mkn: (1024, 1024, 1024),
            col_major,
        });
    }
    v
}

#[path = "common/peers.rs"]
mod peers;
use peers::{Elem, faer_gemm, operands};

fn run<T: Elem>(c: &mut Criterion, shapes: Vec<Shape>, parallel: bool) {
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    // matrixmultiply runs on MATMUL_NUM_THREADS threads (all cores when unset): it joins
    // the group whose thread count that is.
    let mm_threads: usize = std::env::var("MATMUL_NUM_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(threads.max(2));
    let with_mm = (mm_threads > 1) == parallel;
    let group = if parallel {
        format!("par_{}", T::GROUP)
    } else {
        T::GROUP.to_string()
    };
    let mut g = c.benchmark_group(group);
    for Shape {
        name,
        mkn: (m, k, n),
        col_major,
    } in shapes
    {
        let ((a, b, mut cm), [sa, sb, sc]) = operands::<T>((m, k, n), col_major);
        let flops = 2 * (m * n * k) as u64;
        g.throughput(Throughput::Elements(flops));
        // Large products: fewer samples of one run each (4096 is about a second on one
        // core; criterion's default linear sampling would run it 55 times).
        if flops > 1_000_000_000 {
            g.sample_size(10).sampling_mode(SamplingMode::Flat);
        } else {
            g.sample_size(20).sampling_mode(SamplingMode::Auto);
        }
        g.bench_function(BenchmarkId::new("cutlet", &name), |bch| {
            bch.iter(|| {
                T::cutlet(
                    None,
                    parallel,
                    (m, k, n),
                    (black_box(&a), sa.0, sa.1),
                    (black_box(&b), sb.0, sb.1),
                    (&mut cm, sc.0, sc.1),
                );
                black_box(&cm);
            })
        });
        if with_mm {
            g.bench_function(BenchmarkId::new("matrixmultiply", &name), |bch| {
                bch.iter(|| {
                    // SAFETY: the pointers cover matrices that outlive the call.
                    unsafe {
                        T::matrixmultiply(
                            (m, k, n),
                            (black_box(a.as_ptr()), sa.0, sa.1),
                            (black_box(b.as_ptr()), sb.0, sb.1),
                            (cm.as_mut_ptr(), sc.0, sc.1),
                        );
                    }
                    black_box(&cm);
                })
            });
        }
        g.bench_function(BenchmarkId::new("gemm", &name), |bch| {
            bch.iter(|| {
                // SAFETY: the pointers cover matrices that outlive the call.
                unsafe {
                    faer_gemm(
                        threads,
                        (m, k, n),
                        (black_box(a.as_ptr()), sa.0, sa.1),
                        (black_box(b.as_ptr()), sb.0, sb.1),
                        (cm.as_mut_ptr(), sc.0, sc.1),
                    );
                }
                black_box(&cm);
            })
        });
    }
    g.finish();
}

fn sgemm(c: &mut Criterion) {
    run::<f32>(c, f32_shapes(), false)
}
fn par_sgemm(c: &mut Criterion) {
    run::<f32>(c, f32_shapes(), true)
}
fn dgemm(c: &mut Criterion) {
    run::<f64>(c, squares(&[64, 256, 1024, 2048]), false)
}
fn par_dgemm(c: &mut Criterion) {
    run::<f64>(c, squares(&[64, 256, 1024, 2048]), true)
}

const STEPS: usize = 4096;

/// Independent accumulators (one variable each, so that they stay in registers) updated
/// by fused multiply-adds, then summed.
macro_rules! fma_chains {
    ($x:ident, $y:ident, $fma:ident, $add:ident, $zero:ident, $($acc:ident)*) => {{
        $(let mut $acc = $zero();)*
        for _ in 0..STEPS {
            $($acc = $fma($x, $acc, $y);)*
        }
        let mut sum = $zero();
        $(sum = $add(sum, $acc);)*
        sum
    }};
}

/// 24 independent zmm accumulators (16 lanes) updated by fused multiply-adds: the FMA
/// units' throughput with no memory traffic (the reference peak).
#[target_feature(enable = "avx512f")]
fn fma_avx512(x: f32, y: f32) -> f32 {
    use std::arch::x86_64::*;
    let (x, y) = (_mm512_set1_ps(x), _mm512_set1_ps(y));
    let sum = fma_chains!(x, y, _mm512_fmadd_ps, _mm512_add_ps, _mm512_setzero_ps,
        a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 a13 a14 a15 a16 a17 a18 a19 a20 a21 a22 a23);
    _mm512_reduce_add_ps(sum)
}
/// The same with 12 ymm accumulators (8 lanes; 16 registers).
#[target_feature(enable = "avx2,fma")]
fn fma_avx2(x: f32, y: f32) -> f32 {
    use std::arch::x86_64::*;
    let (x, y) = (_mm256_set1_ps(x), _mm256_set1_ps(y));
    let sum = fma_chains!(x, y, _mm256_fmadd_ps, _mm256_add_ps, _mm256_setzero_ps,
        a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11);
    _mm256_cvtss_f32(sum)
}

fn fma_peak(c: &mut Criterion) {
    let mut g = c.benchmark_group("fma_peak");
    g.sample_size(20);
    if is_x86_feature_detected!("avx512f") {
        g.throughput(Throughput::Elements((2 * 24 * 16 * STEPS) as u64));
        g.bench_function("avx512", |bch| {
            // SAFETY: avx512f was detected above.
            bch.iter(|| unsafe { fma_avx512(black_box(1.000_001), black_box(0.999_999)) })
        });
    }
    if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        g.throughput(Throughput::Elements((2 * 12 * 8 * STEPS) as u64));
        g.bench_function("avx2", |bch| {
            // SAFETY: avx2 and fma were detected above.
            bch.iter(|| unsafe { fma_avx2(black_box(1.000_001), black_box(0.999_999)) })
        });
    }
    g.finish();
}

criterion_group!(benches, fma_peak, sgemm, dgemm, par_sgemm, par_dgemm);
criterion_main!(benches);
