//! Tile kernels against hand-written loops over the same data, measured in one run:
//! vector add, row softmax, layernorm, a 32x32x32-tiled GEMM and attention, each on a serial grid
//! (one thread, like the hand-written loops; the kernels are `common/tile_cases.rs`'s).
//! `scripts/bench_ratios.py` turns criterion's estimates into the README's ratios;
//! `examples/tile_interleaved.rs` times the same pairs interleaved.

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/tile_cases.rs"]
mod tile_cases;
use tile_cases::{Attention, Case, Layernorm, Softmax, TiledGemm, VectorAdd};

/// Both sides of `C` in one criterion group.
fn bench<C: Case>(c: &mut Criterion) {
    let mut case = C::new();
    case.check();
    let mut g = c.benchmark_group(C::NAME);
    g.bench_function("cutlet", |b| b.iter(|| case.cutlet()));
    g.bench_function("hand", |b| b.iter(|| case.hand()));
    g.finish();
}

criterion_group!(
    benches,
    bench::<VectorAdd>,
    bench::<Softmax>,
    bench::<Layernorm>,
    bench::<TiledGemm>,
    bench::<Attention>
);
criterion_main!(benches);
