//! cutlet's GEMM against the `matrixmultiply` crate (what ndarray uses) and faer's `gemm`
//! crate, f32 row-major products, measured in one run, single thread and all threads;
//! plus the machine's FMA peak, measured by a loop of independent vector FMAs in a
//! function compiled for each instruction set. `scripts/sgemm_table.py` turns
//! criterion's estimates into the README's table.
//!
//! Run with the default build (no RUSTFLAGS: all three libraries pick their kernel at
//! run time), e.g. `cargo bench --bench sgemm -- --warm-up-time 1 --measurement-time 2`.
//! Shapes: square n = 64 .. 4096, and two skinny ones, `m = 16` (16 x 2048 x 2048) and
//! `k = 16` (2048 x 16 x 2048).

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, black_box, criterion_group, criterion_main,
};

/// `(name, m, k, n)`.
fn shapes() -> Vec<(String, usize, usize, usize)> {
    let mut v: Vec<_> = [64usize, 128, 256, 512, 1024, 2048, 4096]
        .into_iter()
        .map(|n| (n.to_string(), n, n, n))
        .collect();
    v.push(("m16".into(), 16, 2048, 2048));
    v.push(("k16".into(), 2048, 16, 2048));
    v
}

fn run(c: &mut Criterion, group: &str, parallel: bool) {
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    let mut g = c.benchmark_group(group);
    for (name, m, k, n) in shapes() {
        let a: Vec<f32> = (0..m * k)
            .map(|i| ((i * 7) % 13) as f32 * 0.1 - 0.6)
            .collect();
        let b: Vec<f32> = (0..k * n)
            .map(|i| ((i * 5) % 11) as f32 * 0.1 - 0.5)
            .collect();
        let mut cm = vec![0f32; m * n];
        let (lda, ldb, ldc) = (k as isize, n as isize, n as isize);
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
                let f = if parallel {
                    cutlet::blas::par_sgemm
                } else {
                    cutlet::blas::sgemm
                };
                f(
                    m,
                    k,
                    n,
                    1.0,
                    black_box(&a),
                    lda,
                    1,
                    black_box(&b),
                    ldb,
                    1,
                    0.0,
                    &mut cm,
                    ldc,
                    1,
                );
                black_box(&cm);
            })
        });
        if !parallel {
            // matrixmultiply's threads need its `threading` feature and are fixed per
            // process (MATMUL_NUM_THREADS): it is measured single-threaded only.
            g.bench_function(BenchmarkId::new("matrixmultiply", &name), |bch| {
                bch.iter(|| {
                    // SAFETY: the pointers cover row-major matrices that outlive the call.
                    unsafe {
                        matrixmultiply::sgemm(
                            m,
                            k,
                            n,
                            1.0,
                            black_box(a.as_ptr()),
                            lda,
                            1,
                            black_box(b.as_ptr()),
                            ldb,
                            1,
                            0.0,
                            cm.as_mut_ptr(),
                            ldc,
                            1,
                        );
                    }
                    black_box(&cm);
                })
            });
        }
        g.bench_function(BenchmarkId::new("gemm", &name), |bch| {
            let par = if parallel {
                gemm::Parallelism::Rayon(threads)
            } else {
                gemm::Parallelism::None
            };
            bch.iter(|| {
                // SAFETY: the pointers cover row-major matrices that outlive the call
                // (gemm's arguments: dst, column stride, row stride, ...).
                unsafe {
                    gemm::gemm(
                        m,
                        n,
                        k,
                        cm.as_mut_ptr(),
                        1,
                        ldc,
                        false,
                        black_box(a.as_ptr()),
                        1,
                        lda,
                        black_box(b.as_ptr()),
                        1,
                        ldb,
                        0.0f32,
                        1.0f32,
                        false,
                        false,
                        false,
                        par,
                    );
                }
                black_box(&cm);
            })
        });
    }
    g.finish();
}

fn sgemm(c: &mut Criterion) {
    run(c, "sgemm", false)
}

fn par_sgemm(c: &mut Criterion) {
    run(c, "par_sgemm", true)
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

criterion_group!(benches, fma_peak, sgemm, par_sgemm);
criterion_main!(benches);
