//! cuTile's first kernel: `c = a + b` over vectors, one tile of 1024 elements per block.
//! The last block's tile reaches past the end: `load` pads it and `store` drops the
//! padding.
//!
//! `cargo run --release --example vector_add -- 1000000`

use cutlet::tile as ct;
use cutlet_core::prelude::*;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(1_000_003, |a| a.parse().expect("usage: vector_add [N]"));
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| 2.0 * i as f32).collect();
    let mut c = vec![0f32; n];

    let len = n as isize;
    let (ta, tb) = (
        make_tensor(&a[..], make_layout(shape!(len))),
        make_tensor(&b[..], make_layout(shape!(len))),
    );
    let mut tc = make_tensor(&mut c[..], make_layout(shape!(len)));
    const TILE: usize = 1024;
    ct::launch_with(n.div_ceil(TILE), &mut tc, shape!((1024)), |bid, out| {
        let x = ct::load(&ta, bid.bid(0), shape!((1024)), ct::Padding::Zero);
        let y = ct::load(&tb, bid.bid(0), shape!((1024)), ct::Padding::Zero);
        out.store(x + y);
    });

    assert!(c.iter().enumerate().all(|(i, &v)| v == 3.0 * i as f32));
    println!(
        "c = a + b over {n} elements in {} tiles: ok (c[{}] = {})",
        n.div_ceil(TILE),
        n - 1,
        c[n - 1]
    );
}
