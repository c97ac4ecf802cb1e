//! Row softmax in cuTile style: each block loads one row as a `(1, 1024)` tile padded
//! with `-inf` (so the padding neither wins the max nor adds to the sum), subtracts the
//! row max, exponentiates, divides by the row sum and stores the valid part. The
//! operations are lazy expressions evaluated as the result is stored; the exponentials
//! are materialized once (`eval`) because two consumers read them.
//!
//! `cargo run --release --example softmax -- 64 1000`

use cutlet::tile as ct;
use cutlet_core::prelude::*;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("usage: softmax [ROWS COLS<=1024]"))
        .collect();
    let (rows, cols) = match args[..] {
        [] => (64, 1000),
        [r, c] if c <= 1024 => (r, c),
        _ => panic!("usage: softmax [ROWS COLS<=1024]"),
    };
    let x: Vec<f32> = (0..rows * cols)
        .map(|i| ((i * 37) % 101) as f32 / 10.0)
        .collect();
    let mut y = vec![0f32; rows * cols];

    let (r, c) = (rows as isize, cols as isize);
    let tx = make_tensor(&x[..], make_layout_major(shape!((r, c)), LayoutRight));
    let mut ty = make_tensor(&mut y[..], make_layout_major(shape!((r, c)), LayoutRight));
    ct::launch_with(rows, &mut ty, shape!((1, 1024)), |bid, out| {
        let row = ct::load(
            &tx,
            (bid.bid(0), 0),
            shape!((1, 1024)),
            ct::Padding::Value(f32::NEG_INFINITY),
        );
        // `row - max` and `exp` are lazy; `e` is read twice (sum, then the quotient),
        // so it is computed once into a tile with `eval` rather than twice, and the
        // quotient reads it in place (`&e`).
        let shifted = row - row.max_keepdims::<1>();
        let e = ct::exp(shifted).eval();
        #[allow(clippy::op_ref)] // `&e`: read in place; `e` would copy 4 KiB into the quotient
        out.store(&e / e.sum_keepdims::<1>());
    });

    for i in 0..rows {
        let xr = &x[i * cols..(i + 1) * cols];
        let m = xr.iter().fold(f32::NEG_INFINITY, |a, &b| a.max(b));
        let s: f32 = xr.iter().map(|v| (v - m).exp()).sum();
        for j in 0..cols {
            let want = (xr[j] - m).exp() / s;
            assert!(
                (y[i * cols + j] - want).abs() <= 1e-6 * want.max(1e-30) + 1e-7,
                "y({i},{j})"
            );
        }
    }
    println!(
        "softmax over {rows} rows of {cols}: ok (row 0 sums to {})",
        y[..cols].iter().sum::<f32>()
    );
}
