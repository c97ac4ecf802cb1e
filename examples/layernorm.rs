//! Layer normalization in cuTile style: each block normalizes one row,
//! `y = (x - mean) / sqrt(var + eps) * gamma + beta`. The row is a `(1, 1024)` tile
//! loaded with zero padding; the variance masks the padding out with `where_`.
//!
//! `cargo run --release --example layernorm -- 32 768`

use cutlet::tile as ct;
use cutlet_core::prelude::*;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: layernorm [ROWS COLS<=1024]"))
        .collect();
    let (rows, cols) = match args[..] {
        [] => (32, 768),
        [r, c] if c <= 1024 => (r, c),
        _ => panic!("usage: layernorm [ROWS COLS<=1024]"),
    };
    let x: Vec<f32> = (0..rows * cols)
        .map(|i| ((i * 13) % 29) as f32 - 14.0)
        .collect();
    let gamma: Vec<f32> = (0..cols).map(|j| 1.0 + (j % 3) as f32 * 0.5).collect();
    let beta: Vec<f32> = (0..cols).map(|j| (j % 5) as f32 * 0.1).collect();
    let mut y = vec![0f32; rows * cols];
    let eps = 1e-5f32;

    let (r, c) = (rows as isize, cols as isize);
    let tx = make_tensor(&x[..], make_layout_major(shape!((r, c)), LayoutRight));
    let (tg, tb) = (
        make_tensor(&gamma[..], make_layout(shape!((1, c)))),
        make_tensor(&beta[..], make_layout(shape!((1, c)))),
    );
    let mut ty = make_tensor(&mut y[..], make_layout_major(shape!((r, c)), LayoutRight));
    let n = cols as f32;
    ct::launch_with(rows, &mut ty, shape!((1, 1024)), |bid, out| {
        let row = ct::load(&tx, (bid.bid(0), 0), shape!((1, 1024)), ct::Padding::Zero);
        let inside = ct::iota::<i32, _>(shape!((1, 1024))).lt(cols as i32);
        let mean = row.sum_keepdims::<1>() / n;
        let centered = ct::where_(inside, row - mean, 0.0f32);
        let var = (centered * centered).sum_keepdims::<1>() / n;
        let g = ct::load(&tg, (0, 0), shape!((1, 1024)), ct::Padding::Zero);
        let b = ct::load(&tb, (0, 0), shape!((1, 1024)), ct::Padding::Zero);
        out.store(centered * ct::rsqrt(var + eps) * g + b);
    });

    for i in 0..rows {
        let xr = &x[i * cols..(i + 1) * cols];
        let mean = xr.iter().sum::<f32>() / n;
        let var = xr.iter().map(|v| (v - mean) * (v - mean)).sum::<f32>() / n;
        for j in 0..cols {
            let want = (xr[j] - mean) / (var + eps).sqrt() * gamma[j] + beta[j];
            assert!(
                (y[i * cols + j] - want).abs() <= 1e-4 * want.abs().max(1.0),
                "y({i},{j})"
            );
        }
    }
    println!("layernorm over {rows} rows of {cols}: ok (y[0] = {})", y[0]);
}
