//! Zero-cost check: cutlet tensor code against hand-written index arithmetic on plain
//! arrays (and ndarray's `assign` for the dynamic transpose), measured in one run.
//! `scripts/bench_ratios.py` turns criterion's estimates into the README's ratios.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use cutlet::atom::{UniversalFMA, make_tiled_mma};
use cutlet::prelude::*;

/// A 16x16 tile stored as 4x4 blocks of 4x4 column-major elements, copied into a
/// row-major register tile: both layouts static and hierarchical.
fn copy_hierarchical(c: &mut Criterion) {
    let src: Vec<f32> = (0..256).map(|x| x as f32).collect();
    let mut g = c.benchmark_group("copy_hierarchical_static");
    g.bench_function("cutlet", |b| {
        let mut d = make_owned_tensor::<f32>(layout!((16, 16):(16, 1)));
        b.iter(|| {
            let s = make_tensor(
                black_box(&src[..]),
                layout!(((4, 4), (4, 4)):((1, 16), (4, 64))),
            );
            copy(&s, &mut d);
            black_box(&d);
        })
    });
    g.bench_function("hand", |b| {
        let mut d = [0f32; 256];
        b.iter(|| {
            let s = black_box(&src[..]);
            for c1 in 0..4 {
                for c0 in 0..4 {
                    for r1 in 0..4 {
                        for r0 in 0..4 {
                            d[(r0 + 4 * r1) * 16 + c0 + 4 * c1] =
                                s[r0 + 16 * r1 + 4 * c0 + 64 * c1];
                        }
                    }
                }
            }
            black_box(&d);
        })
    });
    g.finish();
}

/// An 8x8x8 gemm on register tensors (CuTe's `gemm(mma, A, B, C)` with the one-thread
/// `UniversalFMA` atom on `(V,M,K)` fragments), against the same loops on arrays and
/// against the dot-product order.
fn gemm_8x8x8(c: &mut Criterion) {
    let init = |k: usize| (k % 13) as f32 * 0.25;
    let mut g = c.benchmark_group("gemm_8x8x8_register");
    g.bench_function("cutlet_fma", |b| {
        let mma = make_tiled_mma(
            UniversalFMA::<f32, f32, f32, f32>::default(),
            layout!((1, 1)),
        );
        let (mut a, mut bb) = (
            make_owned_tensor::<f32>(layout!((1, 8, 8))),
            make_owned_tensor::<f32>(layout!((1, 8, 8))),
        );
        for k in 0..64usize {
            a[k] = init(k);
            bb[k] = init(k + 64);
        }
        let mut cc = make_owned_tensor::<f32>(layout!((1, 8, 8)));
        b.iter(|| {
            gemm_with(mma, black_box(&a), black_box(&bb), &mut cc);
            black_box(&cc);
        })
    });
    // CuTe's loop order on arrays (k, then n, then m serpentine): the abstraction's cost.
    g.bench_function("hand", |b| {
        let a: [f32; 64] = core::array::from_fn(init);
        let bb: [f32; 64] = core::array::from_fn(|k| init(k + 64));
        let mut cc = [0f32; 64];
        b.iter(|| {
            let (a, bb) = (black_box(&a), black_box(&bb));
            for k in 0..8 {
                for n in 0..8 {
                    for m0 in 0..8 {
                        let m = if n % 2 == 1 { 7 - m0 } else { m0 };
                        cc[m + 8 * n] += a[m + 8 * k] * bb[n + 8 * k];
                    }
                }
            }
            black_box(&cc);
        })
    });
    // The dot-product order (k innermost, accumulated in a register): the algorithm's cost.
    g.bench_function("hand_k_inner", |b| {
        let a: [f32; 64] = core::array::from_fn(init);
        let bb: [f32; 64] = core::array::from_fn(|k| init(k + 64));
        let mut cc = [0f32; 64];
        b.iter(|| {
            let (a, bb) = (black_box(&a), black_box(&bb));
            for n in 0..8 {
                for m in 0..8 {
                    let mut acc = cc[m + 8 * n];
                    for k in 0..8 {
                        acc += a[m + 8 * k] * bb[n + 8 * k];
                    }
                    cc[m + 8 * n] = acc;
                }
            }
            black_box(&cc);
        })
    });
    g.finish();
}

/// `y = alpha x + beta y` over a static 32x32 tile.
fn axpby_static(c: &mut Criterion) {
    let mut g = c.benchmark_group("axpby_static_tile");
    g.bench_function("cutlet", |b| {
        let mut x = make_owned_tensor::<f32>(layout!((32, 32)));
        fill(&mut x, 1.5);
        let mut y = make_owned_tensor::<f32>(layout!((32, 32)));
        b.iter(|| {
            axpby(black_box(2.0), black_box(&x), black_box(0.5), &mut y);
            black_box(&y);
        })
    });
    g.bench_function("hand", |b| {
        let x = [1.5f32; 1024];
        let mut y = [0f32; 1024];
        b.iter(|| {
            let (alpha, beta, x) = (black_box(2.0f32), black_box(0.5f32), black_box(&x));
            for j in 0..32 {
                for i in 0..32 {
                    y[i + 32 * j] = alpha * x[i + 32 * j] + beta * y[i + 32 * j];
                }
            }
            black_box(&y);
        })
    });
    g.finish();
}

/// A 256x256 dynamic tensor copied tile by tile (32x32 tiles from `local_tile`).
fn partitioned_copy(c: &mut Criterion) {
    let n = 256usize;
    let src: Vec<f32> = (0..n * n).map(|x| x as f32).collect();
    let mut g = c.benchmark_group("partitioned_copy_256_dynamic");
    g.bench_function("cutlet", |b| {
        let mut dst = vec![0f32; n * n];
        b.iter(|| {
            let (m, k) = (black_box(n), black_box(n));
            let s = make_tensor(&src[..], make_layout(shape!((m, k))));
            let mut d = make_tensor(&mut dst[..], make_layout(shape!((m, k))));
            for tj in 0..(n / 32) as isize {
                for ti in 0..(n / 32) as isize {
                    let st = local_tile(s, shape!((32, 32)), (ti, tj));
                    let mut dt = local_tile(d.view_mut(), shape!((32, 32)), (ti, tj));
                    copy(&st, &mut dt);
                }
            }
            black_box(&dst);
        })
    });
    g.bench_function("hand", |b| {
        let mut dst = vec![0f32; n * n];
        b.iter(|| {
            let ld = black_box(n);
            for tj in 0..n / 32 {
                for ti in 0..n / 32 {
                    for j in 0..32 {
                        for i in 0..32 {
                            let o = (ti * 32 + i) + ld * (tj * 32 + j);
                            dst[o] = src[o];
                        }
                    }
                }
            }
            black_box(&dst);
        })
    });
    g.finish();
}

/// A 1024x1024 transpose copy with dynamic layouts, against ndarray's `assign`.
fn transpose_copy(c: &mut Criterion) {
    let n = 1024usize;
    let src: Vec<f32> = (0..n * n).map(|x| x as f32).collect();
    let mut g = c.benchmark_group("transpose_copy_1024_dynamic");
    g.sample_size(30);
    g.bench_function("cutlet", |b| {
        let mut dst = vec![0f32; n * n];
        b.iter(|| {
            let m = black_box(n as isize);
            let s = make_tensor(&src[..], StridedLayout::new((m, m), (1isize, m)));
            let mut d = make_tensor(&mut dst[..], StridedLayout::new((m, m), (m, 1isize)));
            copy(&s, &mut d);
            black_box(&dst);
        })
    });
    g.bench_function("ndarray", |b| {
        let s = ndarray::ArrayView2::from_shape((n, n), &src[..]).unwrap();
        let mut dst = ndarray::Array2::<f32>::zeros((n, n));
        b.iter(|| {
            dst.assign(&black_box(s).t());
            black_box(&dst);
        })
    });
    g.finish();
}

criterion_group!(
    benches,
    copy_hierarchical,
    gemm_8x8x8,
    axpby_static,
    partitioned_copy,
    transpose_copy
);
criterion_main!(benches);
