//! The tile kernels of `benches/tile.rs` and `examples/tile_interleaved.rs`, each beside
//! the hand-written loop it is compared with, over the same data. Both sides run on one
//! thread (the tile grid is `serial`).

use cutlet::tile as ct;
use cutlet_core::prelude::*;
use std::hint::black_box;

/// A tile kernel and its hand-written loop, with their data.
pub trait Case {
    /// The criterion group.
    const NAME: &'static str;
    /// The inputs and a zeroed output.
    fn new() -> Self;
    /// Run the tile kernel.
    fn cutlet(&mut self);
    /// Run the hand-written loop.
    fn hand(&mut self);
    /// The output of the last run.
    fn output(&self) -> &[f32];
    /// Run both sides once and check that their outputs agree (a panic names the case).
    fn check(&mut self) {
        self.cutlet();
        let tile = self.output().to_vec();
        self.hand();
        let agree = tile
            .iter()
            .zip(self.output())
            .all(|(x, y)| (x - y).abs() <= 1e-5 * y.abs().max(1.0));
        assert!(
            agree,
            "{}: the tile kernel and the hand loop disagree",
            Self::NAME
        );
    }
}

/// `c = a + b` over 2^20 `f32`s.
pub struct VectorAdd {
    a: Vec<f32>,
    b: Vec<f32>,
    out: Vec<f32>,
}
impl Case for VectorAdd {
    const NAME: &'static str = "tile_vector_add_1m";
    fn new() -> Self {
        const N: usize = 1 << 20;
        VectorAdd {
            a: (0..N).map(|i| i as f32).collect(),
            b: (0..N).map(|i| 0.5 * i as f32).collect(),
            out: vec![0f32; N],
        }
    }
    fn cutlet(&mut self) {
        let n = self.a.len() as isize;
        let (ta, tb) = (
            make_tensor(black_box(&self.a[..]), make_layout(shape!(n))),
            make_tensor(black_box(&self.b[..]), make_layout(shape!(n))),
        );
        let mut tc = make_tensor(&mut self.out[..], make_layout(shape!(n)));
        // 1024-element tiles, the block size of Triton's vector-add tutorial. (Tiles of
        // 512 were chosen when `load` copied each tile onto the stack; it is a lazy view
        // now. At 512 each block's set-up is about 10% of the time.)
        ct::launch_with(
            ct::Grid::from((n as usize).div_ceil(1024)).serial(),
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
        black_box(&self.out);
    }
    fn hand(&mut self) {
        let (a, b) = (black_box(&self.a[..]), black_box(&self.b[..]));
        for ((o, x), y) in self.out.iter_mut().zip(a).zip(b) {
            *o = x + y;
        }
        black_box(&self.out);
    }
    fn output(&self) -> &[f32] {
        &self.out
    }
}

/// Rows of the softmax and layernorm cases.
const ROWS: usize = 256;
/// Columns of the softmax and layernorm cases (tiles of 1024 cover them).
const COLS: usize = 1000;

/// Softmax of each row of a 256 x 1000 `f32` matrix, on `(1, 1024)` tiles.
pub struct Softmax {
    x: Vec<f32>,
    y: Vec<f32>,
}
impl Case for Softmax {
    const NAME: &'static str = "tile_softmax_256x1000";
    fn new() -> Self {
        Softmax {
            x: (0..ROWS * COLS)
                .map(|i| ((i * 37) % 101) as f32 / 10.0)
                .collect(),
            y: vec![0f32; ROWS * COLS],
        }
    }
    fn cutlet(&mut self) {
        let (r, cl) = (ROWS as isize, COLS as isize);
        let tx = make_tensor(
            black_box(&self.x[..]),
            make_layout_major(shape!((r, cl)), LayoutRight),
        );
        let mut ty = make_tensor(
            &mut self.y[..],
            make_layout_major(shape!((r, cl)), LayoutRight),
        );
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
        black_box(&self.y);
    }
    fn hand(&mut self) {
        let x = black_box(&self.x[..]);
        for (xr, yr) in x.chunks_exact(COLS).zip(self.y.chunks_exact_mut(COLS)) {
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
        black_box(&self.y);
    }
    fn output(&self) -> &[f32] {
        &self.y
    }
}

/// Layer normalization of each row of a 256 x 1000 `f32` matrix (scale and shift per
/// column), on `(1, 1024)` tiles.
pub struct Layernorm {
    x: Vec<f32>,
    gamma: Vec<f32>,
    beta: Vec<f32>,
    y: Vec<f32>,
}
/// Layernorm's epsilon.
const EPS: f32 = 1e-5;
impl Case for Layernorm {
    const NAME: &'static str = "tile_layernorm_256x1000";
    fn new() -> Self {
        Layernorm {
            x: (0..ROWS * COLS)
                .map(|i| ((i * 13) % 29) as f32 - 14.0)
                .collect(),
            gamma: (0..COLS).map(|j| 1.0 + (j % 3) as f32 * 0.5).collect(),
            beta: (0..COLS).map(|j| (j % 5) as f32 * 0.1).collect(),
            y: vec![0f32; ROWS * COLS],
        }
    }
    fn cutlet(&mut self) {
        let (r, cl) = (ROWS as isize, COLS as isize);
        let n = COLS as f32;
        let tx = make_tensor(
            black_box(&self.x[..]),
            make_layout_major(shape!((r, cl)), LayoutRight),
        );
        let (tg, tb) = (
            make_tensor(black_box(&self.gamma[..]), make_layout(shape!((1, cl)))),
            make_tensor(black_box(&self.beta[..]), make_layout(shape!((1, cl)))),
        );
        let mut ty = make_tensor(
            &mut self.y[..],
            make_layout_major(shape!((r, cl)), LayoutRight),
        );
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
                o.store(centered * ct::rsqrt(var + EPS) * gm + bt);
            },
        );
        black_box(&self.y);
    }
    fn hand(&mut self) {
        let n = COLS as f32;
        let (x, gamma, beta) = (
            black_box(&self.x[..]),
            black_box(&self.gamma[..]),
            black_box(&self.beta[..]),
        );
        for (xr, yr) in x.chunks_exact(COLS).zip(self.y.chunks_exact_mut(COLS)) {
            let mean = xr.iter().sum::<f32>() / n;
            let var = xr.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
            let rstd = 1.0 / (var + EPS).sqrt();
            for (((o, &v), &gm), &bt) in yr.iter_mut().zip(xr).zip(gamma).zip(beta) {
                *o = (v - mean) * rstd * gm + bt;
            }
        }
        black_box(&self.y);
    }
    fn output(&self) -> &[f32] {
        &self.y
    }
}

/// Side of the tiled GEMM's matrices.
const GEMM_N: usize = 256;
/// Side of its tiles.
const GEMM_T: usize = 32;

/// `C = A * B` for 256 x 256 `f32` matrices on 32 x 32 x 32 tiles.
pub struct TiledGemm {
    a: Vec<f32>,
    b: Vec<f32>,
    out: Vec<f32>,
}
impl Case for TiledGemm {
    const NAME: &'static str = "tile_gemm_256_tiles_32";
    fn new() -> Self {
        let n = GEMM_N;
        TiledGemm {
            a: (0..n * n).map(|i| ((i * 7) % 13) as f32 * 0.25).collect(),
            b: (0..n * n).map(|i| ((i * 5) % 11) as f32 * 0.5).collect(),
            out: vec![0f32; n * n],
        }
    }
    fn cutlet(&mut self) {
        let n = GEMM_N as isize;
        let ta = make_tensor(
            black_box(&self.a[..]),
            make_layout_major(shape!((n, n)), LayoutRight),
        );
        let tb = make_tensor(
            black_box(&self.b[..]),
            make_layout_major(shape!((n, n)), LayoutRight),
        );
        let mut tc = make_tensor(
            &mut self.out[..],
            make_layout_major(shape!((n, n)), LayoutRight),
        );
        let t = GEMM_T;
        ct::launch_with(
            ct::Grid::from((GEMM_N / t, GEMM_N / t)).serial(),
            &mut tc,
            shape!((32, 32)),
            |bid, o| {
                let mut acc = ct::full(shape!((32, 32)), 0.0f32);
                for k in 0..GEMM_N / t {
                    let x = ct::load(&ta, (bid.bid(0), k), shape!((32, 32)), ct::Padding::Zero);
                    let y = ct::load(&tb, (k, bid.bid(1)), shape!((32, 32)), ct::Padding::Zero);
                    acc = ct::mma(x, y, acc);
                }
                o.store(acc);
            },
        );
        black_box(&self.out);
    }
    fn hand(&mut self) {
        const N: usize = GEMM_N;
        const T: usize = GEMM_T;
        let (a, b) = (black_box(&self.a[..]), black_box(&self.b[..]));
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
                    self.out[(bi * T + i) * N + bj * T..][..T].copy_from_slice(row);
                }
            }
        }
        black_box(&self.out);
    }
    fn output(&self) -> &[f32] {
        &self.out
    }
}

/// Batch, sequence length, heads and head dimension of the attention case.
const ATT: (usize, usize, usize, usize) = (1, 512, 4, 64);

/// Attention `softmax(Q Kᵀ / sqrt(d)) V` over `(1, 512, 4, 64)` `f32` tensors (BSHD):
/// `cutlet_attention::cpu::attention` (32 x 32 blocks of tiles, the online softmax, on
/// a pool of one thread) against the hand-fused loop (each query row streams over the
/// keys with the online softmax, its output row accumulated in place).
pub struct Attention {
    q: Vec<f32>,
    k: Vec<f32>,
    v: Vec<f32>,
    o: Vec<f32>,
    pool: rayon::ThreadPool,
}
impl Case for Attention {
    const NAME: &'static str = "tile_attention_1x512x4x64";
    fn new() -> Self {
        let (b, s, h, d) = ATT;
        let n = b * s * h * d;
        let data = |m: usize| (0..n).map(|i| ((i * m) % 17) as f32 / 8.0 - 1.0).collect();
        Attention {
            q: data(7),
            k: data(5),
            v: data(3),
            o: vec![0f32; n],
            pool: rayon::ThreadPoolBuilder::new()
                .num_threads(1)
                .build()
                .unwrap(),
        }
    }
    fn cutlet(&mut self) {
        let (b, s, h, d) = ATT;
        let l = layout!((b, s, h, d):({s * h * d}, {h * d}, d, 1));
        let (q, k, v) = (
            make_tensor(black_box(&self.q[..]), l),
            make_tensor(black_box(&self.k[..]), l),
            make_tensor(black_box(&self.v[..]), l),
        );
        let mut o = make_tensor(&mut self.o[..], l);
        let opts = cutlet_attention::AttentionOptions::default();
        self.pool
            .install(|| cutlet_attention::cpu::attention(&q, &k, &v, &mut o, None, &opts))
            .unwrap();
        black_box(&self.o);
    }
    fn hand(&mut self) {
        let (_, s, h, d) = ATT;
        let (q, k, v) = (
            black_box(&self.q[..]),
            black_box(&self.k[..]),
            black_box(&self.v[..]),
        );
        let scale = 1.0 / (d as f32).sqrt();
        for i in 0..s {
            for hi in 0..h {
                let row = (i * h + hi) * d;
                let (qr, out) = (&q[row..row + d], &mut self.o[row..row + d]);
                out.fill(0.0);
                let (mut m, mut l) = (f32::NEG_INFINITY, 0.0f32);
                for j in 0..s {
                    let key = (j * h + hi) * d;
                    let x = qr
                        .iter()
                        .zip(&k[key..key + d])
                        .map(|(a, b)| a * b)
                        .sum::<f32>()
                        * scale;
                    if x > m {
                        let r = (m - x).exp();
                        l *= r;
                        out.iter_mut().for_each(|o| *o *= r);
                        m = x;
                    }
                    let e = (x - m).exp();
                    l += e;
                    for (o, &y) in out.iter_mut().zip(&v[key..key + d]) {
                        *o += e * y;
                    }
                }
                out.iter_mut().for_each(|o| *o /= l);
            }
        }
        black_box(&self.o);
    }
    fn output(&self) -> &[f32] {
        &self.o
    }
}
