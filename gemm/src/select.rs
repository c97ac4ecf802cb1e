//! Which Hopper schedule a GEMM runs, by shape. The rule is the measurements of
//! `cutlet-gpu-bench --configs` (every TN bf16 configuration at 12 shapes on an H100,
//! `results/gpu/run43-configs-h100.txt`, and at few rows, `run49-configs-*`) and of
//! `--splits`: ping-pong's 64x64 tiles when they number no more than the SMs (M up to
//! 128 at N = 4096: 64-row tiles whose stages hold half the zero-filled rows of A and
//! twice the stages of B, 128x4096x4096 212 against 163 TFLOP/s for 128x64 tiles, 16
//! rows 20 against 16); ping-pong's 128x64 tiles when even they number no more than
//! the SMs (1024³: 128 tiles, one per SM, where 128x128 tiles would leave half the SMs
//! idle), its 128x128 tiles when those do (1024x2048); 128x192 cooperative tiles where
//! they fill the waves better than 128x256 ones by a tenth of the GPU or more
//! (2000x3000x4000: 256 tiles in 2 waves against 192 in 2, 552 against 498 TFLOP/s;
//! 1536³: 322 against 170), in 2x1 clusters (2000x3000x4000: 623 against 565 in
//! clusters of one, run 52);
//! ping-pong's 128x128 tiles at K up to 2048, where its epilogue runs under the other
//! warpgroup's MMAs (3072x5120x1024: 518 against 479; 16384x8192x1024: 639 against 587;
//! 4096x4096x2048: 644 against 632); a 2x1 cluster at longer K (8192³: 786 against 733
//! for 1x1; 6144³: 765 against 703), the 1x1 cooperative kernel in between.

use crate::KSplit;
use cutlet_kernels::gemm::GemmConfig;
use cutlet_kernels::gemm_sm90::{schedule_len, schedule_of, tile_coord};

/// A Hopper kernel schedule (CUTLASS's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// `KernelTmaWarpSpecializedCooperative`, 128x256 tiles, clusters of one.
    Cooperative,
    /// `KernelTmaWarpSpecializedCooperative`, 128x192 tiles in 2x1 clusters, B multicast.
    CooperativeN192,
    /// `KernelTmaWarpSpecializedCooperative`, 128x256 tiles in 2x1 clusters, B multicast.
    Cooperative2x1,
    /// `KernelTmaWarpSpecializedPingpong`, 128x128 tiles.
    Pingpong,
    /// `KernelTmaWarpSpecializedPingpong`, 128x64 tiles (where a configuration has
    /// them; [`Pingpong`](Self::Pingpong) where not).
    PingpongN64,
    /// `KernelTmaWarpSpecializedPingpong`, 64x64 tiles, for problems of few rows.
    PingpongM64,
    /// `KernelTmaWarpSpecializedCooperative`, 128x32 tiles, for problems of few columns
    /// (and, transposed, of few rows: [`transposes`]).
    CooperativeN32,
    /// `KernelTmaWarpSpecializedCooperative`, 128x64 tiles: block-scaled FP8's tiles for
    /// problems of few tiles (it has no ping-pong kernel), standing in for the
    /// ping-pong and 128x32 tiles; [`schedule`] never asks for it.
    CooperativeN64,
}

/// The most columns a problem of few columns has ([`Schedule::CooperativeN32`]'s tile).
pub const FEW: usize = 32;

/// Whether `gemm()` computes an `m x n` product transposed, `Cᵀ = B Aᵀ`, on a Hopper
/// kernel: a product of few rows against more columns, whose rows then are the 128x32
/// tiles' columns, the MMA's N (cuBLAS's swap-AB kernels at few rows). Its C is then
/// row-major in the kernel's terms, stored from registers.
///
/// ```
/// use cutlet_gemm::transposes;
/// assert!(transposes(16, 4096));
/// assert!(!transposes(4096, 16));
/// assert!(!transposes(64, 4096));
/// ```
pub fn transposes(m: usize, n: usize) -> bool {
    m <= FEW && n > m
}

/// The schedule for `l` batch entries of an `m x n x k` product on a GPU with `sms` SMs
/// (a batch's tiles count together: the entries run as one schedule).
///
/// ```
/// use cutlet_gemm::{schedule, Schedule};
/// assert_eq!(schedule(4096, 16, 4096, 1, 132), Schedule::CooperativeN32);
/// assert_eq!(schedule(64, 4096, 4096, 1, 132), Schedule::PingpongM64);
/// assert_eq!(schedule(128, 4096, 4096, 1, 132), Schedule::PingpongM64);
/// assert_eq!(schedule(256, 4096, 4096, 1, 132), Schedule::PingpongN64);
/// assert_eq!(schedule(1024, 1024, 1024, 1, 132), Schedule::PingpongN64);
/// assert_eq!(schedule(1024, 2048, 1024, 1, 132), Schedule::Pingpong);
/// assert_eq!(schedule(8192, 8192, 8192, 1, 132), Schedule::Cooperative2x1);
/// assert_eq!(schedule(2000, 3000, 4000, 1, 132), Schedule::CooperativeN192);
/// assert_eq!(schedule(3072, 5120, 1024, 1, 132), Schedule::Pingpong);
/// assert_eq!(schedule(4096, 4096, 3072, 1, 132), Schedule::Cooperative);
/// // 32 entries of 512³: 512 tiles of 128 x 128.
/// assert_eq!(schedule(512, 512, 512, 32, 132), Schedule::Pingpong);
/// ```
pub fn schedule(m: usize, n: usize, k: usize, l: usize, sms: usize) -> Schedule {
    let tiles = |bn: usize| m.div_ceil(128) * n.div_ceil(bn) * l;
    // The share of the waves' CTA slots that tiles `bn` wide fill.
    let fill = |bn: usize| tiles(bn) as f64 / (tiles(bn).div_ceil(sms) * sms) as f64;
    if n <= FEW && m >= n {
        Schedule::CooperativeN32
    } else if m.div_ceil(64) * n.div_ceil(64) * l <= sms {
        Schedule::PingpongM64
    } else if tiles(64) <= sms {
        Schedule::PingpongN64
    } else if tiles(128) <= sms {
        Schedule::Pingpong
    } else if fill(192) >= fill(256) + 0.1 {
        Schedule::CooperativeN192
    } else if k <= 2048 {
        Schedule::Pingpong
    } else if k >= 4096 {
        Schedule::Cooperative2x1
    } else {
        Schedule::Cooperative
    }
}

/// How a Hopper configuration splits the reduction of `l` batch entries of an
/// `m x n x k` product on `ctas` co-resident CTAs ([`KSplit`], CUTLASS's stream-K scheduler in its data-parallel,
/// split-K and mixed modes): a problem of fewer tiles than the GPU has CTAs splits
/// every tile into enough parts to fill it; one whose last wave is at most half full
/// computes its full waves whole and splits the last wave's tiles; each part keeps at
/// least [`MIN_PART_K_TILES`] k tiles (half that where M or N is at most 64), so that the
/// time a part saves outweighs its fix-up (the partial's round trip through memory and
/// the last part's sum).
///
/// ```
/// use cutlet_gemm::{k_split, KSplit};
/// use cutlet_kernels::{gemm_sm90::sm90_config, registry::sm90::*};
/// let (coop, pp) = (sm90_config::<TnBf16>(), sm90_config::<TnBf16Pingpong>());
/// // 128 x 4096 x 16384: 16 tiles of 128 x 256, each in 4 parts of 64 k tiles.
/// assert_eq!(k_split(&coop, 128, 4096, 16384, 1, 132), KSplit { splits: 4, whole: 0 });
/// // 1024³ in 64 tiles of 128 x 128: 16 k tiles, too few to split.
/// assert_eq!(k_split(&pp, 1024, 1024, 1024, 1, 132), KSplit::NONE);
/// // 4096³ in 128 tiles of 128 x 256: one wave, nothing to split.
/// assert_eq!(k_split(&coop, 4096, 4096, 4096, 1, 132), KSplit::NONE);
/// // Short K keeps whole tiles.
/// assert_eq!(k_split(&coop, 128, 4096, 4096, 1, 132), KSplit::NONE);
/// // ... unless the tiles are at most half full: 64 x 4096 x 4096 in 2 parts of 32.
/// let n64 = sm90_config::<TnBf16PingpongN64>();
/// assert_eq!(k_split(&n64, 64, 4096, 4096, 1, 132), KSplit { splits: 2, whole: 0 });
/// assert_eq!(k_split(&n64, 128, 4096, 4096, 1, 132), KSplit::NONE);
/// // 64-row tiles over a third of the SMs or more stay whole.
/// let m64 = sm90_config::<TnBf16PingpongM64N64>();
/// assert_eq!(k_split(&m64, 16, 4096, 4096, 1, 132), KSplit::NONE);
/// assert_eq!(k_split(&m64, 16, 1024, 16384, 1, 132).splits, 8);
/// // 4096 x 16 x 4096 in 32 tiles of 128 x 32, each in 2 parts of 32 k tiles.
/// let n32 = sm90_config::<TnBf16N32>();
/// assert_eq!(k_split(&n32, 4096, 16, 4096, 1, 132), KSplit { splits: 2, whole: 0 });
/// // 2000 x 3000 x 16384: 192 tiles, a last wave of 60 on 132 CTAs: 132 whole, 60 in 2 parts.
/// // 4 entries of 128 x 4096 x 16384: 64 tiles, each in 2 parts.
/// assert_eq!(k_split(&coop, 128, 4096, 16384, 4, 132), KSplit { splits: 2, whole: 0 });
/// let s = k_split(&coop, 2000, 3000, 16384, 1, 132);
/// assert_eq!(s.splits, 2);
/// ```
pub fn k_split(cfg: &GemmConfig, m: usize, n: usize, k: usize, l: usize, ctas: usize) -> KSplit {
    let clusters = (ctas / cfg.cluster_m).max(1);
    let tiles = cfg.tiles(m, n) * l;
    // A tile of at most 64 real rows (or columns) does half a tile's MMAs a k tile, so a part
    // pays for its fix-up with half the k tiles (H200, 128x64 ping-pong, k = 4096 in 2
    // parts of 32 k tiles: M = 64 80 against 71 TFLOP/s whole, M = 16 15 against 13;
    // M = 128 138 against 145, `results/gpu/run31-splits-h200.txt`).
    let min_part = if m.min(n) <= 64 {
        MIN_PART_K_TILES / 2
    } else {
        MIN_PART_K_TILES
    };
    let most = (k.div_ceil(cfg.tile.2) / min_part).min(MAX_SPLITS);
    let (split_tiles, parts) = if tiles == 0 {
        return KSplit::NONE;
    } else if cfg.tile.0 == 64 && 3 * tiles >= clusters {
        // 64-row tiles over a third of the SMs or more keep about as many bytes in
        // flight whole as split (their stages are deep): the fix-up gains nothing (H100,
        // 64 tiles of 64x64, N = K = 4096: M = 16 23 whole against 21 in 2 parts, M = 32
        // 51 against 47, M = 64 107 against 109, `results/gpu/run49-splits-h100.txt`).
        return KSplit::NONE;
    } else if tiles <= clusters {
        (tiles, clusters / tiles)
    } else {
        let last = tiles % clusters;
        if last == 0 || 2 * last > clusters {
            return KSplit::NONE;
        }
        (last, clusters / last)
    };
    let splits = parts.min(most);
    if splits < 2 {
        return KSplit::NONE;
    }
    KSplit {
        splits: splits as u32,
        whole: whole_before(cfg, (m, n, l), split_tiles) as u32,
    }
}

/// The fewest k tiles a part of a split tile gets. A fix-up costs about what 30 to 60
/// k tiles of main loop do (H100, `cutlet-gpu-bench --splits`: 1024³ in 2 parts of 8 k
/// tiles ran at 56 TFLOP/s against 92 whole; 4096³ in 2 parts of 32, 295 against 701).
pub const MIN_PART_K_TILES: usize = 64;
/// The most parts a tile is split into (the last part reads the others' partials).
pub const MAX_SPLITS: usize = 8;

/// The schedule index after which exactly `last` real tiles remain (the schedule's
/// rounding adds indices without tiles to each of the `l` entries').
fn whole_before(cfg: &GemmConfig, (m, n, l): (usize, usize, usize), last: usize) -> usize {
    let (tiles_m, tiles_n, swz) = schedule_of(cfg, m, n);
    let per = schedule_len(cfg, m, n);
    let mut left = last;
    let mut idx = per * l;
    while left > 0 && idx > 0 {
        idx -= 1;
        if tile_coord(idx % per, tiles_m, tiles_n, swz).is_some() {
            left -= 1;
        }
    }
    idx
}
