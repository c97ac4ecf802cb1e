//! The tile benches' kernels against their hand-written loops, interleaved: each
//! repetition runs the tile kernel, then the hand loop, and each keeps its fastest time,
//! so a slow phase of a shared machine hits both alike (criterion, in
//! `benches/tile.rs`, measures each side for seconds in turn). The whole table is
//! measured `--rounds` times (default 5); each row prints both sides' best time over the
//! rounds and the median of the rounds' ratios (cutlet / hand, lower is faster) with
//! their range. Both outputs are checked to agree.
//!
//! `cargo run --release --example tile_interleaved` (`-- --rounds 9`).

#[path = "../benches/common/rounds.rs"]
mod rounds;
#[path = "../benches/common/tile_cases.rs"]
mod tile_cases;
use std::time::Instant;
use tile_cases::{Attention, Case, Layernorm, Softmax, TiledGemm, VectorAdd};

/// One round of `C`: the fastest of `reps` interleaved runs of each side, in seconds
/// (the side that runs first alternates, so neither always follows the other).
fn round<C: Case>(case: &mut C, reps: usize) -> [f64; 2] {
    let mut best = [f64::MAX; 2];
    for r in 0..=reps {
        for i in 0..2 {
            let side = (i + r) % 2;
            let t = Instant::now();
            if side == 0 {
                case.cutlet()
            } else {
                case.hand()
            }
            // The first repetition warms the caches.
            if r > 0 {
                best[side] = best[side].min(t.elapsed().as_secs_f64());
            }
        }
    }
    best
}

/// `C`'s row of the table, measured over `rounds` rounds; returns the median ratio.
fn row<C: Case>(rounds: usize) -> f64 {
    let mut case = C::new();
    case.check();
    // About 0.1 s of each side per round.
    let once = round(&mut case, 1);
    let reps = ((0.1 / once[1]) as usize).clamp(5, 2000);
    let runs: Vec<[f64; 2]> = (0..rounds).map(|_| round(&mut case, reps)).collect();
    let best = |i: usize| runs.iter().map(|t| t[i]).fold(f64::MAX, f64::min);
    let mut ratios: Vec<f64> = runs.iter().map(|t| t[0] / t[1]).collect();
    ratios.sort_by(f64::total_cmp);
    let median = ratios[ratios.len() / 2];
    println!(
        "| {} | {:.1} µs | {:.1} µs | {median:.2} ({:.2}-{:.2}) |",
        C::NAME,
        best(0) * 1e6,
        best(1) * 1e6,
        ratios[0],
        ratios[ratios.len() - 1]
    );
    median
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rounds = rounds::rounds(&args);
    println!("| benchmark | cutlet | hand-written loops | cutlet / hand: median (range) |");
    println!("|---|---|---|---|");
    let medians = [
        row::<VectorAdd>(rounds),
        row::<Softmax>(rounds),
        row::<Layernorm>(rounds),
        row::<TiledGemm>(rounds),
        row::<Attention>(rounds),
    ];
    let worst = medians.iter().cloned().fold(0.0, f64::max);
    println!("\n{rounds} rounds; highest median ratio {worst:.2}");
}
