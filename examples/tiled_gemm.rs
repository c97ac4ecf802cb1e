//! The seed's tiled GEMM in cuTile style: one `(TM, TN)` tile of C per block, a K loop
//! of `ceil(K / TK)` steps over zero-padded partial tiles, an `f32` accumulator carried
//! by `mma`, and a store that drops the parts of edge tiles past C's edges. A and B are
//! `f16` (accumulated in `f32`), C is `f32`.
//!
//! `cargo run --release --example tiled_gemm -- 300 200 250`

use cutlet::tile as ct;
use cutlet_core::prelude::*;
use half::f16;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: tiled_gemm [M K N]"))
        .collect();
    let (m, k, n) = match args[..] {
        [] => (300, 200, 250),
        [m, k, n] => (m, k, n),
        _ => panic!("usage: tiled_gemm [M K N]"),
    };
    let a: Vec<f16> = (0..m * k)
        .map(|i| f16::from_f32(((i * 7) % 11) as f32 - 5.0))
        .collect();
    let b: Vec<f16> = (0..k * n)
        .map(|i| f16::from_f32(((i * 3) % 7) as f32 - 3.0))
        .collect();
    let mut c = vec![0f32; m * n];

    let (mi, ki, ni) = (m as isize, k as isize, n as isize);
    let ta = make_tensor(&a[..], make_layout_major(shape!((mi, ki)), LayoutRight));
    let tb = make_tensor(&b[..], make_layout_major(shape!((ki, ni)), LayoutRight));
    let mut tc = make_tensor(&mut c[..], make_layout_major(shape!((mi, ni)), LayoutRight));

    const TM: usize = 32;
    const TN: usize = 32;
    const TK: usize = 32;
    let num_k = k.div_ceil(TK);
    ct::launch_with(
        (m.div_ceil(TM), n.div_ceil(TN)),
        &mut tc,
        shape!((32, 32)),
        |bid, out| {
            let (bx, by) = (bid.bid(0), bid.bid(1));
            let mut acc = ct::full(shape!((32, 32)), 0.0f32);
            for kk in 0..num_k {
                let a = ct::load(&ta, (bx, kk), shape!((32, 32)), ct::Padding::Zero);
                let b = ct::load(&tb, (kk, by), shape!((32, 32)), ct::Padding::Zero);
                acc = ct::mma(a, b, acc);
            }
            out.store(acc.astype::<f32>());
        },
    );

    for i in (0..m).step_by(17) {
        for j in (0..n).step_by(13) {
            let want: f32 = (0..k)
                .map(|p| a[i * k + p].to_f32() * b[p * n + j].to_f32())
                .sum();
            assert_eq!(c[i * n + j], want, "C({i},{j})");
        }
    }
    println!(
        "C = A @ B for {m}x{k} @ {k}x{n} in {}x{} tiles, K loop of {num_k}: ok",
        m.div_ceil(TM),
        n.div_ceil(TN)
    );
}
