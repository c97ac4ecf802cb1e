//! Tile kernels against hand-written loops over the same data, measured in one run:
//! vector add, row softmax and a 32x32x32-tiled GEMM, each on a serial grid (one
//! thread, like the hand-written loops). `scripts/bench_ratios.py` turns criterion's
//! estimates into the README's ratios.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use cutlet::tile as ct;
use cutlet_core::prelude::*;

fn vector_add(c: &mut Criterion) {
    const N: usize = 1 << 20;
    let a: Vec<f32> = (0..N).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..N).map(|i| 0.5 * i as f32).collect();
    let mut out = vec![0f32; N];
    let mut g = c.benchmark_group("tile_vector_add_1m");
    g.bench_function("cutlet", |bch| {
        bch.iter(|| {
            let n = N as isize;
            let (ta, tb) = (
                make_tensor(black_box(&a[..]), make_layout(shape!(n))),
                make_tensor(black_box(&b[..]), make_layout(shape!(n))),
            );
            let mut tc = make_tensor(&mut out[..], make_layout(shape!(n)));
            // 1024-element tiles, the block size of Triton's vector-add tutorial. (Tiles
            // of 512 were chosen when `load` copied each tile onto the stack; it is a
            // lazy view now. At 512 each block's set-up is about 10% of the time.)
            ct::launch_with(
                ct::Grid::from(N.div_ceil(1024)).serial(),
                &mut tc,
                shape!((1024)),
                |bid, o| {
                    let i = bid.bid(0);
                    o.store(
                        ct::load(&ta, i, shape!((1024)), ct::Padding::Zero)
                            + ct::load(&tb, i, shape!((1024)), ct::Padding::Zero),
                    );
                },
            );
            black_box(&out);
        })
    });
    g.bench_function("hand", |bch| {
        bch.iter(|| {
            let (a, b) = (black_box(&a[..]), black_box(&b[..]));
            for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
                *o = x + y;
            }
            black_box(&out);
        })
    });
    g.finish();
}

fn softmax(c: &mut Criterion) {
    const ROWS: usize = 256;
    const COLS: usize = 1000;
    let x: Vec<f32> = (0..ROWS * COLS)
        .map(|i| ((i * 37) % 101) as f32 / 10.0)
        .collect();
    let mut y = vec![0f32; ROWS * COLS];
    let mut g = c.benchmark_group("tile_softmax_256x1000");
    g.bench_function("cutlet", |bch| {
        bch.iter(|| {
            let (r, cl) = (ROWS as isize, COLS as isize);
            let tx = make_tensor(
                black_box(&x[..]),
                make_layout_major(shape!((r, cl)), LayoutRight),
            );
            let mut ty = make_tensor(&mut y[..], make_layout_major(shape!((r, cl)), LayoutRight));
            ct::launch_with(
                ct::Grid::from(ROWS).serial(),
                &mut ty,
                shape!((1, 1024)),
                |bid, o| {
                    let row = ct::load(
                        &tx,
                        (bid.bid(0), 0),
                        shape!((1, 1024)),
                        ct::Padding::Value(f32::NEG_INFINITY),
                    );
                    // `e` has two consumers: computed once (`eval`), as the hand loop does,
                    // and read in place (`&e`) rather than moved into the quotient.
                    let e = ct::exp(row - row.max_keepdims::<1>()).eval();
                    #[allow(clippy::op_ref)]
                    // `&e`: read in place; `e` would copy 4 KiB into the quotient
                    o.store(&e / e.sum_keepdims::<1>());
                },
            );
            black_box(&y);
        })
    });
    g.bench_function("hand", |bch| {
        bch.iter(|| {
            let x = black_box(&x[..]);
            for (xr, yr) in x.chunks_exact(COLS).zip(y.chunks_exact_mut(COLS)) {
                let m = xr.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b));
                let mut s = 0.0;
                for (o, &v) in yr.iter_mut().zip(xr) {
                    *o = (v - m).exp();
                    s += *o;
                }
                for o in yr.iter_mut() {
                    *o /= s;
                }
            }
            black_box(&y);
        })
    });
    g.finish();
}

fn layernorm(c: &mut Criterion) {
    const ROWS: usize = 256;
    const COLS: usize = 1000;
    let x: Vec<f32> = (0..ROWS * COLS)
        .map(|i| ((i * 13) % 29) as f32 - 14.0)
        .collect();
    let gamma: Vec<f32> = (0..COLS).map(|j| 1.0 + (j % 3) as f32 * 0.5).collect();
    let beta: Vec<f32> = (0..COLS).map(|j| (j % 5) as f32 * 0.1).collect();
    let mut y = vec![0f32; ROWS * COLS];
    let eps = 1e-5f32;
    let n = COLS as f32;
    let mut g = c.benchmark_group("tile_layernorm_256x1000");
    g.bench_function("cutlet", |bch| {
        bch.iter(|| {
            let (r, cl) = (ROWS as isize, COLS as isize);
            let tx = make_tensor(
                black_box(&x[..]),
                make_layout_major(shape!((r, cl)), LayoutRight),
            );
            let (tg, tb) = (
                make_tensor(black_box(&gamma[..]), make_layout(shape!((1, cl)))),
                make_tensor(black_box(&beta[..]), make_layout(shape!((1, cl)))),
            );
            let mut ty = make_tensor(&mut y[..], make_layout_major(shape!((r, cl)), LayoutRight));
            ct::launch_with(
                ct::Grid::from(ROWS).serial(),
                &mut ty,
                shape!((1, 1024)),
                |bid, o| {
                    let row = ct::load(&tx, (bid.bid(0), 0), shape!((1, 1024)), ct::Padding::Zero);
                    let inside = ct::iota::<i32, _>(shape!((1, 1024))).lt(COLS as i32);
                    let mean = row.sum_keepdims::<1>() / n;
                    let centered = ct::where_(inside, row - mean, 0.0f32);
                    let var = (centered * centered).sum_keepdims::<1>() / n;
                    let gm = ct::load(&tg, (0, 0), shape!((1, 1024)), ct::Padding::Zero);
                    let bt = ct::load(&tb, (0, 0), shape!((1, 1024)), ct::Padding::Zero);
                    o.store(centered * ct::rsqrt(var + eps) * gm + bt);
                },
            );
            black_box(&y);
        })
    });
    g.bench_function("hand", |bch| {
        bch.iter(|| {
            let (x, gamma, beta) = (
                black_box(&x[..]),
                black_box(&gamma[..]),
                black_box(&beta[..]),
            );
            for (xr, yr) in x.chunks_exact(COLS).zip(y.chunks_exact_mut(COLS)) {
                let mean = xr.iter().sum::<f32>() / n;
                let var = xr.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
                let rstd = 1.0 / (var + eps).sqrt();
                for (((o, &v), &gm), &bt) in yr.iter_mut().zip(xr).zip(gamma).zip(beta) {
                    *o = (v - mean) * rstd * gm + bt;
                }
            }
            black_box(&y);
        })
    });
    g.finish();
}

fn tiled_gemm(c: &mut Criterion) {
    const N: usize = 256;
    const T: usize = 32;
    let a: Vec<f32> = (0..N * N).map(|i| ((i * 7) % 13) as f32 * 0.25).collect();
    let b: Vec<f32> = (0..N * N).map(|i| ((i * 5) % 11) as f32 * 0.5).collect();
    let mut out = vec![0f32; N * N];
    let mut g = c.benchmark_group("tile_gemm_256_tiles_32");
    g.bench_function("cutlet", |bch| {
        bch.iter(|| {
            let n = N as isize;
            let ta = make_tensor(
                black_box(&a[..]),
                make_layout_major(shape!((n, n)), LayoutRight),
            );
            let tb = make_tensor(
                black_box(&b[..]),
                make_layout_major(shape!((n, n)), LayoutRight),
            );
            let mut tc = make_tensor(&mut out[..], make_layout_major(shape!((n, n)), LayoutRight));
            ct::launch_with(
                ct::Grid::from((N / T, N / T)).serial(),
                &mut tc,
                shape!((32, 32)),
                |bid, o| {
                    let mut acc = ct::full(shape!((32, 32)), 0.0f32);
                    for k in 0..N / T {
                        let x = ct::load(&ta, (bid.bid(0), k), shape!((32, 32)), ct::Padding::Zero);
                        let y = ct::load(&tb, (k, bid.bid(1)), shape!((32, 32)), ct::Padding::Zero);
                        acc = ct::mma(x, y, acc);
                    }
                    o.store(acc);
                },
            );
            black_box(&out);
        })
    });
    g.bench_function("hand", |bch| {
        bch.iter(|| {
            let (a, b) = (black_box(&a[..]), black_box(&b[..]));
            for bi in 0..N / T {
                for bj in 0..N / T {
                    let mut acc = [[0f32; T]; T];
                    for bk in 0..N / T {
                        for (i, row) in acc.iter_mut().enumerate() {
                            for p in 0..T {
                                let x = a[(bi * T + i) * N + bk * T + p];
                                let brow = &b[(bk * T + p) * N + bj * T..][..T];
                                for (c, &y) in row.iter_mut().zip(brow) {
                                    *c += x * y;
                                }
                            }
                        }
                    }
                    for (i, row) in acc.iter().enumerate() {
                        out[(bi * T + i) * N + bj * T..][..T].copy_from_slice(row);
                    }
                }
            }
            black_box(&out);
        })
    });
    g.finish();
}

criterion_group!(benches, vector_add, softmax, layernorm, tiled_gemm);
criterion_main!(benches);
