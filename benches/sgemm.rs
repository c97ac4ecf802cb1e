//! The flagship SGEMM against the `matrixmultiply` crate (what ndarray uses), square
//! f32 row-major products at n = 128 .. 1024, single thread, measured in one run; plus
//! the machine's FMA peak, measured by a loop of independent vector FMAs.
//! `scripts/sgemm_table.py` turns criterion's estimates into the README's table.
//!
//! Run with `RUSTFLAGS="-C target-cpu=native" cargo bench --bench sgemm` so that the
//! portable kernel is compiled with the machine's vector FMA (matrixmultiply selects its
//! AVX2/FMA kernel at run time either way).

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use std::time::Duration;

fn sgemm(c: &mut Criterion) {
    let mut g = c.benchmark_group("sgemm");
    g.sample_size(20).measurement_time(Duration::from_secs(6));
    for n in [128usize, 256, 512, 1024] {
        let a: Vec<f32> = (0..n * n)
            .map(|i| ((i * 7) % 13) as f32 * 0.1 - 0.6)
            .collect();
        let b: Vec<f32> = (0..n * n)
            .map(|i| ((i * 5) % 11) as f32 * 0.1 - 0.5)
            .collect();
        let mut cm = vec![0f32; n * n];
        let ld = n as isize;
        g.throughput(Throughput::Elements(2 * (n * n * n) as u64));
        g.bench_function(BenchmarkId::new("cutlet", n), |bch| {
            bch.iter(|| {
                cutlet::blas::sgemm(
                    n,
                    n,
                    n,
                    1.0,
                    black_box(&a),
                    ld,
                    1,
                    black_box(&b),
                    ld,
                    1,
                    0.0,
                    &mut cm,
                    ld,
                    1,
                );
                black_box(&cm);
            })
        });
        g.bench_function(BenchmarkId::new("matrixmultiply", n), |bch| {
            bch.iter(|| {
                // SAFETY: the pointers cover n x n row-major matrices that outlive the call.
                unsafe {
                    matrixmultiply::sgemm(
                        n,
                        n,
                        n,
                        1.0,
                        black_box(a.as_ptr()),
                        ld,
                        1,
                        black_box(b.as_ptr()),
                        ld,
                        1,
                        0.0,
                        cm.as_mut_ptr(),
                        ld,
                        1,
                    );
                }
                black_box(&cm);
            })
        });
    }
    g.finish();
}

/// 12 independent 8-lane accumulators updated by fused multiply-adds: the FMA units'
/// throughput with no memory traffic (the reference peak).
fn fma_peak(c: &mut Criterion) {
    const STEPS: usize = 4096;
    let mut g = c.benchmark_group("fma_peak");
    g.throughput(Throughput::Elements((2 * 12 * 8 * STEPS) as u64));
    g.bench_function("f32x8x12", |bch| {
        let (x, y) = (black_box([1.000_001f32; 8]), black_box([0.999_999f32; 8]));
        bch.iter(|| {
            let mut acc = [[0f32; 8]; 12];
            for _ in 0..STEPS {
                for a in acc.iter_mut() {
                    for l in 0..8 {
                        a[l] = x[l].mul_add(a[l], y[l]);
                    }
                }
            }
            black_box(acc)
        })
    });
    g.finish();
}

criterion_group!(benches, sgemm, fma_peak);
criterion_main!(benches);
