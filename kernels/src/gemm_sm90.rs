//! Warp-specialized persistent tensor-core GEMM for Hopper (SM90a), CUTLASS's
//! `KernelTmaWarpSpecialized{Cooperative,Pingpong}` structure, every index from cutlet's
//! layouts:
//! `C = alpha A Bᵀ + beta C` with A `(m, k)` and B `(n, k)` in f16 or bf16, each K-major
//! or M-/N-major (the atom's majors), or in FP8 (e4m3/e5m2, K-major: FP8 `wgmma` reads
//! no other), C `(m, n)` column-major in f32 or a 16-bit type, accumulation in f32 (FP8:
//! the tensor cores' narrower accumulator, promoted into f32 registers every k tile
//! unless the schedule says `FP8FastAccum`, [`KernelSchedule::FAST_ACCUM`]; with
//! `FP8BlockScaledAccum`, each k tile's sums times DeepGEMM's block-wise scales as they
//! are promoted, [`BlockScales`]).
//!
//! - **Roles.** 384 threads: warpgroup 0 is the producer (one elected thread of its
//!   first warp issues the TMA loads, and block-scaled, its second warp copies each
//!   stage's scales beside them; the warpgroup gives registers back with
//!   `setmaxnreg.dec`), warpgroups 1 and 2 are consumers (`setmaxnreg.inc`). The
//!   configuration's [`KernelSchedule`] says how they share the `(BM, BN)` tiles:
//!   cooperative, they split each 128-row tile along M, 64 rows each (`BN/2` f32
//!   accumulators a thread); ping-pong, each computes every other tile whole (its
//!   64-row halves: two, `BN` accumulators a thread, or one where BM is 64) and their
//!   main loops take turns ([`OrderedSequenceBarrier`]), so one warpgroup's epilogue
//!   runs under the other's MMAs (CUTLASS's `KernelTmaWarpSpecializedPingpong`).
//! - **Shared memory.** `stages` stages of A `(BM, BK)` and B `(BN, BK)` (BK: 128 bytes,
//!   64 16-bit or 128 FP8 elements, [`Sm90Element`]), each the GMMA
//!   128-byte swizzle atom of the operand's major tiled as CUTLASS's collective tiles it
//!   ([`OperandMajor::stage_tiles`]), 1024-byte aligned. The TMA boxes come from the same
//!   layout ([`tma_boxes`]): a K-major stage is one `cp.async.bulk.tensor.2d`, an MN-major
//!   one a box per 64 rows; TMA zero-fills past the matrix edges.
//! - **Pipeline.** [`PipelineTmaAsync`]: the producer acquires an empty stage, arms its
//!   full barrier with the stage's bytes and issues both loads; consumers wait on the full
//!   barrier, issue the four `64 x BN x K` `wgmma`s of the k tile (K: 32 bytes) from GMMA
//!   descriptors of the stage (`make_gmma_desc` of each `(64, K)` / `(BN, K)` tile), keep
//!   one batch in flight (`warpgroup_wait<1>`) and release the previous stage; promoting
//!   FP8, they wait for the k tile's batch, release its stage and add its sums into f32
//!   registers (CUTLASS's `GmmaFP8Accumulation` at a promotion interval of 4 MMAs),
//!   block-scaled after multiplying them by their rows' scales, which the producer's
//!   second warp copies into the stage (`cp.async`, each lane's arrival on the full
//!   barrier once its copies land), as CUTLASS's blockwise-scaling collective and
//!   DeepGEMM bring them with the operands ([`scale_words`]).
//! - **Schedule.** Persistent: the grid is at most one CTA per SM and each CTA walks the
//!   output tiles `blockIdx.x, blockIdx.x + gridDim.x, ...` in [`tile_coord`]'s swizzled
//!   order, so CTAs running together share A rows and B columns in L2. A batch
//!   ([`GemmArgs::l`]) is one schedule: the entries' tiles one after another (CUTLASS's
//!   L mode outermost), each tile's entry TMA's third coordinate and C's offset.
//! - **Clusters.** With [`Sm90Config::ClusterM`] = 2 the CTAs run in clusters of two
//!   along M (CUTLASS's `ClusterShape<_2,_1,_1>`): the pair takes vertically adjacent
//!   tiles, which share their B tile; each CTA loads half of it (K-major; MN-major, its
//!   share of the stage's 64-row boxes) and multicasts it to both
//!   (`tma_load_multicast`), so B is read from L2 once per pair. A stage is then refilled
//!   only when the consumers of both CTAs have released it: each consumer warpgroup
//!   arrives on the stage's empty barrier in every CTA of the cluster.
//! - **Row-major C.** Where [`GemmArgs::c_row_major`] says so, on the 128 x 32 tiles
//!   ([`GemmConfig::stores_rows`]; a few-rows product that `cutlet-gemm` computes
//!   transposed) every thread stores its values
//!   from registers at `partition_C`'s places in `(m, n):(ldc, 1)`; the tiles are
//!   small and the problem memory-bound on its large operand, so the stores cost little.
//! - **Epilogue.** Through shared memory with TMA stores (CUTLASS's
//!   `TmaWarpSpecialized` epilogue): each consumer warpgroup converts `alpha acc + beta C`
//!   of each 64-row half it holds into `(64, 32)` M-major subtiles, swizzled as TMA's
//!   128-byte swizzle (the GMMA `Layout_MN_SW128_Atom` of C's type, which makes the
//!   accumulators' stores free of bank conflicts), two buffers in turn, with
//!   `partition_C` of the atom's TiledMMA placing each value; one thread stores a subtile
//!   with `cp.async.bulk.tensor`, whose clipping drops the rows and columns past C's edges
//!   (rows only in 16-byte units, so where `m` elements are not a whole number of them the
//!   warpgroup holding the last rows stores from its registers).
//!
//! The configurations built are [`crate::registry::sm90`]'s: bf16 and f16 at every pair
//! of majors into f32 or the input type, each cooperative (128 x 256 x 64 tiles, and
//! 128 x 192 x 64 in clusters of 2) and ping-pong (128 x 128 x 64, 128 x 64 x 64 and,
//! for few rows, 64-row tiles), TN bf16 128 x 256 also in clusters of 2; with K-major B,
//! 128 x 32 x 64 cooperative tiles for few columns; FP8 and TF32 TN.

use crate::gemm::{GemmArgs, GemmConfig, GemmOutput, TileSchedule, val};
use core::marker::PhantomData;
use cutlet_core::algebra::recast::SizeofBits;
use cutlet_core::atom::gmma::Major as _;
use cutlet_core::atom::{MmaTraits, TiledMma, gmma, make_gmma_desc, make_tiled_mma, make_tma_box};
use cutlet_core::cuda::cp_async::{cp_async_ca, cp_async_mbarrier_arrive_noinc};
use cutlet_core::cuda::wgmma::{
    Accumulators, WgmmaSs, warpgroup_arrive, warpgroup_commit_batch, warpgroup_fence_operand,
    warpgroup_wait,
};
use cutlet_core::cuda::{
    DevicePod, GmemPtr, LaunchConfig, Mbarrier, OrderedSequenceBarrier, PipelineState,
    PipelineTmaAsync, SmemBuffer, TmaBox, TmaDescriptor, TmaError, U128, WARP_SIZE, WARPGROUP_SIZE,
    block_rank_in_cluster, cluster_id_in_grid, cluster_sync, elect_one_sync, fma, grid_dim,
    griddepcontrol_launch_dependents, griddepcontrol_wait, lane_id, launder, make_gmem_tensor,
    named_barrier_sync, prefetch_tma_descriptor, thread_idx, tma_load, tma_load_multicast,
    tma_store, tma_store_arrive, tma_store_fence, tma_store_wait, warp_group_idx, warp_id,
    warpgroup_reg_alloc, warpgroup_reg_dealloc,
};
use cutlet_core::int::LeafOps;
use cutlet_core::prelude::*;

/// The k tile in bytes: one 128-byte swizzle row (64 16-bit elements, 128 FP8 ones).
pub const BK_BYTES: usize = 128;
/// Threads per CTA: a producer warpgroup and two consumer warpgroups.
pub const THREADS: usize = 3 * WARPGROUP_SIZE;
/// Columns of the epilogue's subtiles (each `(64, EPI_N)`, one TMA store).
pub const EPI_N: usize = 32;

/// How the persistent schedule splits the reduction (CUTLASS's
/// `PersistentTileSchedulerSm90StreamK` in its data-parallel, split-K and mixed modes):
/// the schedule's first `whole` indices are whole tiles, and every tile after them is
/// computed in `splits` parts, each over its share of the k tiles by its own CTA (a
/// last wave of few tiles becomes a full wave of shorter work). Each part writes its
/// partial tile to `partials` and counts itself in `counters`; the part that arrives
/// last adds the partials in split order (the sum is the same whichever CTA arrives
/// last: deterministic), stores the tile and resets the counter for the next launch.
///
/// ```
/// use cutlet_kernels::gemm_sm90::KSplit;
/// let s = KSplit { splits: 4, whole: 132 };
/// assert_eq!(s.units(140), 132 + 8 * 4);
/// assert_eq!(s.unit(131), (131, 0, 1));
/// assert_eq!(s.unit(137), (133, 1, 4));
/// assert_eq!(KSplit::NONE.units(140), 140);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct KSplit {
    /// Parts per split tile (1: none).
    pub splits: u32,
    /// Schedule indices computed whole before the split ones.
    pub whole: u32,
}

impl KSplit {
    /// Every tile whole.
    pub const NONE: KSplit = KSplit {
        splits: 1,
        whole: u32::MAX,
    };
    /// Work units over a schedule of `padded` indices.
    #[inline(always)]
    pub const fn units(&self, padded: usize) -> usize {
        let whole = self.whole_of(padded);
        whole + (padded - whole) * self.splits as usize
    }
    /// Unit `u`'s `(schedule index, split, splits of its tile)` (32-bit arithmetic: a
    /// 64-bit division is a long sequence in a producer warp of few registers).
    #[inline(always)]
    pub const fn unit(&self, u: usize) -> (usize, usize, usize) {
        let (u, whole, s) = (u as u32, self.whole, self.splits);
        if u < whole || s <= 1 {
            (u as usize, 0, 1)
        } else {
            let r = u - whole;
            ((whole + r / s) as usize, (r % s) as usize, s as usize)
        }
    }
    /// The k tiles `[k0, k1)` of part `part` of `splits` of a tile's `k_tiles`.
    #[inline(always)]
    pub const fn k_range(part: usize, splits: usize, k_tiles: usize) -> (usize, usize) {
        let (p, s, k) = (part as u32, splits as u32, k_tiles as u32);
        ((p * k / s) as usize, ((p + 1) * k / s) as usize)
    }
    /// The launch of configuration `cfg` over problem `p` (its `l` batch entries) split
    /// so, on `ctas` co-resident CTAs: the persistent grid sized by the work units, not
    /// the tiles, so that the parts of a split tile run on CTAs of their own.
    ///
    /// ```
    /// use cutlet_kernels::{gemm::GemmArgs, gemm_sm90::{sm90_config, KSplit}, registry::sm90::*};
    /// let cfg = sm90_config::<TnBf16Pingpong>(); // 128 x 128 tiles
    /// let (s, p) = (KSplit { splits: 2, whole: 0 }, GemmArgs::new(1024, 1024, 1024));
    /// assert_eq!(s.launch(&cfg, &p, 132).grid.x, 128);
    /// assert_eq!(KSplit::NONE.launch(&cfg, &p, 132).grid.x, 64);
    /// assert_eq!(KSplit::NONE.launch(&cfg, &GemmArgs { l: 3, ..p }, 132).grid.x, 132);
    /// ```
    pub const fn launch(&self, cfg: &GemmConfig, p: &GemmArgs, ctas: usize) -> LaunchConfig {
        let (tm, tn, swz) = schedule_of(cfg, p.m, p.n);
        // The schedule's padding indices have no tile: at most `splits` units per tile.
        let (units, most) = (
            self.units(padded_tiles(tm, tn, swz) * p.l),
            tm * tn * p.l * self.splits as usize,
        );
        cfg.launch_grid(cfg.persistent_grid(if units < most { units } else { most }, ctas))
    }
    /// Schedule indices computed whole, of `padded`.
    #[inline(always)]
    const fn whole_of(&self, padded: usize) -> usize {
        if self.splits <= 1 || self.whole as usize >= padded {
            padded
        } else {
            self.whole as usize
        }
    }
    /// The partial tiles and counters a launch of configuration `cfg` over `padded`
    /// schedule indices needs: `(f32 elements, u32 counters)`, a partial tile per part
    /// and a counter per 64-row half of each split tile.
    ///
    /// ```
    /// use cutlet_kernels::{gemm_sm90::{sm90_config, KSplit}, registry::sm90::*};
    /// let s = KSplit { splits: 2, whole: 0 };
    /// assert_eq!(s.workspace(3, &sm90_config::<TnBf16>()), (3 * 2 * 128 * 256, 3 * 2));
    /// assert_eq!(s.workspace(3, &sm90_config::<TnBf16PingpongM64N64>()), (3 * 2 * 64 * 64, 3));
    /// assert_eq!(KSplit::NONE.workspace(3, &sm90_config::<TnBf16>()), (0, 0));
    /// ```
    pub const fn workspace(&self, padded: usize, cfg: &GemmConfig) -> (usize, usize) {
        let tiles = (padded - self.whole_of(padded)) * cfg.cluster_m;
        let (bm, bn, _) = cfg.tile;
        (tiles * self.splits as usize * bm * bn, tiles * (bm / 64))
    }
}

/// A configuration of [`gemm_sm90`]: element types, the `64 x BN x K` atom (its majors
/// the operands') and the pipeline depth. [`sm90_config`] checks it at build time.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_kernels::gemm_sm90::*;
/// struct Mine;
/// impl Sm90Config for Mine {
///     const NAME: &'static str = "mine";
///     type Elem = half::bf16;
///     type Out = half::bf16;
///     type Atom = cutlet_core::atom::SM90_64x128x16_F32BF16BF16_SS;
///     type Bm = _128;
///     type Bn = _128;
///     type Stages = _6;
///     type ClusterM = _1;
///     type Schedule = KernelTmaWarpSpecializedCooperative;
/// }
/// assert_eq!(sm90_config::<Mine>().tile, (128, 128, 64));
/// ```
pub trait Sm90Config: 'static {
    /// The kernel's name (the PTX entry is `cutlet_` and this).
    const NAME: &'static str;
    /// A and B elements (16-bit floats or FP8).
    type Elem: Sm90Element;
    /// C's elements.
    type Out: EpilogueSmem;
    /// The warpgroup MMA: `Elem x Elem -> f32`; its majors are the operands' in global
    /// and shared memory.
    type Atom: WgmmaSs<A: OperandMajor, B: OperandMajor>
        + MmaTraits<ValTypeA = Self::Elem, ValTypeB = Self::Elem, ValTypeC = f32>
        + Default;
    /// CTA tile rows (CUTLASS's `TileShape` M): 128, or 64 ping-pong (each consumer
    /// warpgroup's tile one `wgmma` row of 64: twice the tiles of 128, for problems of
    /// few rows, whose stages then carry half the rows of A, most past M's edge).
    type Bm: Leaf;
    /// CTA tile columns: the atom's N.
    type Bn: Leaf;
    /// Pipeline depth.
    type Stages: Leaf;
    /// CTAs per cluster along M (1 or 2): a cluster's CTAs share each B tile, each
    /// loading its part and multicasting it to the others.
    type ClusterM: Leaf;
    /// How the consumer warpgroups share the tiles: [`KernelTmaWarpSpecializedCooperative`]
    /// or [`KernelTmaWarpSpecializedPingpong`].
    type Schedule: KernelSchedule;
}

/// How [`gemm_sm90`]'s two consumer warpgroups share the output tiles (CUTLASS's kernel
/// schedule tags).
///
/// ```
/// use cutlet_kernels::gemm_sm90::*;
/// assert!(!KernelTmaWarpSpecializedCooperative::PINGPONG);
/// assert!(KernelTmaWarpSpecializedPingpong::PINGPONG);
/// ```
pub trait KernelSchedule: 'static {
    /// Whether each consumer warpgroup computes whole tiles in turn with the other
    /// (ping-pong), rather than 64 rows of every tile (cooperative).
    const PINGPONG: bool;
    /// FP8: the tensor cores' accumulator for the whole reduction (CUTLASS's
    /// `*FP8FastAccum` schedules, PyTorch's `use_fast_accum`); else it is added into f32
    /// registers after every k tile (4 `wgmma`s of 32: CUTLASS's promotion interval, the
    /// two-level accumulation of DeepGEMM and FA3). No effect on 16-bit types.
    const FAST_ACCUM: bool = false;
    /// FP8, promoted: each k tile's sums are multiplied by their dequantization scales
    /// before they are added, A's of their row and B's of their 128 x 128 block
    /// ([`BlockScales`]: DeepGEMM's block-wise scaling, CUTLASS's
    /// `*FP8BlockScaledAccum` schedules).
    const BLOCK_SCALED: bool = false;
}

/// Both consumer warpgroups compute each tile, 64 rows each (`BN/2` accumulators a
/// thread), and run their epilogues together.
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelTmaWarpSpecializedCooperative;
impl KernelSchedule for KernelTmaWarpSpecializedCooperative {
    const PINGPONG: bool = false;
}

/// Each consumer warpgroup computes whole tiles (`BN` accumulators a thread), the two
/// taking the CTA's tiles in turn; their main loops take turns too
/// ([`OrderedSequenceBarrier`]), so one warpgroup's epilogue runs under the other's
/// MMAs.
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelTmaWarpSpecializedPingpong;
impl KernelSchedule for KernelTmaWarpSpecializedPingpong {
    const PINGPONG: bool = true;
}

/// [`KernelTmaWarpSpecializedCooperative`] with FP8's fast accumulation
/// ([`KernelSchedule::FAST_ACCUM`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelTmaWarpSpecializedCooperativeFP8FastAccum;
impl KernelSchedule for KernelTmaWarpSpecializedCooperativeFP8FastAccum {
    const PINGPONG: bool = false;
    const FAST_ACCUM: bool = true;
}

/// [`KernelTmaWarpSpecializedPingpong`] with FP8's fast accumulation
/// ([`KernelSchedule::FAST_ACCUM`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelTmaWarpSpecializedPingpongFP8FastAccum;
impl KernelSchedule for KernelTmaWarpSpecializedPingpongFP8FastAccum {
    const PINGPONG: bool = true;
    const FAST_ACCUM: bool = true;
}

/// [`KernelTmaWarpSpecializedCooperative`] with FP8's block-wise scaling
/// ([`KernelSchedule::BLOCK_SCALED`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum;
impl KernelSchedule for KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum {
    const PINGPONG: bool = false;
    const BLOCK_SCALED: bool = true;
}

/// [`KernelTmaWarpSpecializedPingpong`] with FP8's block-wise scaling
/// ([`KernelSchedule::BLOCK_SCALED`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct KernelTmaWarpSpecializedPingpongFP8BlockScaledAccum;
impl KernelSchedule for KernelTmaWarpSpecializedPingpongFP8BlockScaledAccum {
    const PINGPONG: bool = true;
    const BLOCK_SCALED: bool = true;
}

/// The 64-row halves of a tile that one consumer warpgroup of configuration `C`
/// computes: one cooperative (the other warpgroup computes the other half), all of
/// the tile's ping-pong.
///
/// ```
/// use cutlet_kernels::{gemm_sm90::halves, registry::sm90::*};
/// assert_eq!((halves::<TnBf16>(), halves::<TnBf16Pingpong>(), halves::<TnBf16PingpongM64N64>()), (1, 2, 1));
/// ```
pub const fn halves<C: Sm90Config>() -> usize {
    if C::Schedule::PINGPONG {
        val::<C::Bm>() / 64
    } else {
        1
    }
}

/// Whether configuration `C` promotes its accumulators ([`KernelSchedule::FAST_ACCUM`]):
/// FP8 elements and a schedule without fast accumulation.
pub const fn promotes<C: Sm90Config>() -> bool {
    core::mem::size_of::<C::Elem>() == 1 && !C::Schedule::FAST_ACCUM
}

/// Whether configuration `C` scales each k tile's sums block-wise as it promotes them
/// ([`KernelSchedule::BLOCK_SCALED`]).
///
/// ```
/// use cutlet_kernels::{gemm_sm90::block_scaled, registry::sm90::*};
/// assert!(block_scaled::<TnE4m3OutBf16BlockScaled>() && !block_scaled::<TnE4m3OutBf16>());
/// ```
pub const fn block_scaled<C: Sm90Config>() -> bool {
    promotes::<C>() && C::Schedule::BLOCK_SCALED
}

/// The k extent of one block-wise scale: A's `1 x 128` groups of a row and B's `128 x
/// 128` blocks (DeepGEMM's), one FP8 k tile.
pub const SCALE_BLOCK: usize = 128;

/// The f32 words of shared memory that hold the block-wise scales, each stage's beside
/// its tiles (the producer warpgroup's second warp copies them in with `cp.async`): A's
/// of the tile's `BM` rows, then B's of its columns; none where `C` does not scale.
///
/// ```
/// use cutlet_kernels::{gemm_sm90::scale_words, registry::sm90::*};
/// assert_eq!(scale_words::<TnE4m3OutBf16BlockScaled>(), 6 * (128 + 1));
/// assert_eq!(scale_words::<TnE4m3OutBf16>(), 0);
/// ```
pub const fn scale_words<C: Sm90Config>() -> usize {
    if block_scaled::<C>() {
        stage_scale_words::<C>() * val::<C::Stages>()
    } else {
        0
    }
}

/// One stage's words of block-wise scales: `BM` of A's, one of B's.
const fn stage_scale_words<C: Sm90Config>() -> usize {
    val::<C::Bm>() + 1
}

/// The arrivals on each stage's full barrier besides the TMA thread's: the lanes of the
/// producer warpgroup's second warp, which copy in its block-wise scales
/// ([`copy_stage_scales`]); none where `C` does not scale.
const fn scale_producers<C: Sm90Config>() -> usize {
    if block_scaled::<C>() { WARP_SIZE } else { 0 }
}

/// The strides of the block-wise FP8 scales ([`BlockScales`]), in elements: A's `(m,
/// ⌈k/128⌉)` and B's `(⌈n/128⌉, ⌈k/128⌉)`, each `[row stride, k-block stride]`
/// (DeepGEMM stores A's M-major, `[1, m]`, and B's K-major, `[⌈k/128⌉, 1]`).
///
/// ```
/// use cutlet_kernels::gemm_sm90::ScaleStrides;
/// let s = ScaleStrides { sfa: [1, 4096], sfb: [32, 1] };
/// assert_eq!(s.sfa[1], 4096);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C)]
pub struct ScaleStrides {
    /// A's scales: `[row, k block]`.
    pub sfa: [usize; 2],
    /// B's scales: `[128-row block, k block]`.
    pub sfb: [usize; 2],
}

/// Block-wise FP8 dequantization scales ([`KernelSchedule::BLOCK_SCALED`]): `C = alpha
/// Σ_kb (A_kb B_kbᵀ) ⊙ (sfa(:, kb) sfb(:, kb)ᵀ ⊗ 1₁₂₈) + beta C`, the sums of each k
/// block of 128 (`A_kb B_kbᵀ`, FP8 tensor cores) multiplied by A's scale of their row
/// and B's of their 128-column block before they are added in f32. A kernel that does
/// not scale never reads them ([`BlockScales::NONE`]).
///
/// ```
/// use cutlet_kernels::gemm_sm90::BlockScales;
/// assert!(BlockScales::NONE.sfa.as_ptr().is_null());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct BlockScales {
    /// A's scales, `(m, ⌈k/128⌉)` at `strides.sfa`.
    pub sfa: GmemPtr<f32>,
    /// B's scales, `(⌈n/128⌉, ⌈k/128⌉)` at `strides.sfb`.
    pub sfb: GmemPtr<f32>,
    /// Their strides.
    pub strides: ScaleStrides,
}

impl BlockScales {
    /// No scales (the kernels that do not scale).
    pub const NONE: BlockScales = BlockScales {
        // SAFETY: null, and no access goes through it.
        sfa: unsafe { GmemPtr::new(core::ptr::null_mut()) },
        // SAFETY: as above.
        sfb: unsafe { GmemPtr::new(core::ptr::null_mut()) },
        strides: ScaleStrides {
            sfa: [0, 0],
            sfb: [0, 0],
        },
    };
}

/// An operand element of [`gemm_sm90`]: f16 and bf16, or TF32 and FP8 (`tf32`, `e4m3`,
/// `e5m2`, whose `wgmma` takes K-major operands only). Its width fixes the k tile (one
/// 128-byte swizzle row, [`BK_BYTES`]) and the MMA's K (32 bytes).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::float8::e4m3;
/// use cutlet_kernels::gemm_sm90::Sm90Element;
/// type Bf16 = half::bf16;
/// assert_eq!((<Bf16 as Sm90Element>::Bk::default().value(), <Bf16 as Sm90Element>::MmaK::default().value()), (64, 16));
/// assert_eq!((<e4m3 as Sm90Element>::Bk::default().value(), <e4m3 as Sm90Element>::MmaK::default().value()), (128, 32));
/// type Tf32 = cutlet_core::tfloat32::tf32;
/// assert_eq!((<Tf32 as Sm90Element>::Bk::default().value(), <Tf32 as Sm90Element>::MmaK::default().value()), (32, 8));
/// ```
pub trait Sm90Element: DevicePod + Default + SizeofBits {
    /// GMMA's 128-byte swizzle (`Sw<3,4,3>` on bytes) on these elements.
    type Sw128: cutlet_core::layout::SwizzleFn + Default;
    /// The k tile: 128 bytes of elements.
    type Bk: Leaf;
    /// The MMA's K: 32 bytes of elements.
    type MmaK: Leaf;
    /// The element nearest `x` (ties to even; FP8 saturates to its largest finite value,
    /// as quantization does).
    fn from_f32(x: f32) -> Self;
    /// The element's value.
    fn to_f32(self) -> f32;
}
/// `Sm90Element` for `$t`: its swizzle (`Sw<3,4,3>` on bytes in its units), k tile, MMA
/// K and the conversion from f32 (saturating for FP8).
macro_rules! sm90_element {
    ($($t:ty: $sw:ty, $bk:ty, $k:ty, $from:ident;)*) => {$(
        impl Sm90Element for $t {
            type Sw128 = $sw;
            type Bk = $bk;
            type MmaK = $k;
            #[inline(always)]
            fn from_f32(x: f32) -> Self {
                <$t>::$from(x)
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                <$t>::to_f32(self)
            }
        }
    )*};
}
sm90_element! {
    half::bf16: Swizzle<3, 3, 3>, _64, _16, from_f32;
    half::f16: Swizzle<3, 3, 3>, _64, _16, from_f32;
    cutlet_core::float8::e4m3: Swizzle<3, 4, 3>, _128, _32, from_f32_sat;
    cutlet_core::float8::e5m2: Swizzle<3, 4, 3>, _128, _32, from_f32_sat;
    cutlet_core::tfloat32::tf32: Swizzle<3, 2, 3>, _32, _8, from_f32;
}

/// An FP8 configuration's dot product of `a` and `b` (the f32 values of its elements), as
/// the tensor cores and the kernel compute it: each 32-element k step through
/// [`fp8_accumulate`](cutlet_core::cuda::wgmma::fp8_accumulate); through the whole
/// reduction (`promote` false: [`KernelSchedule::FAST_ACCUM`]) or from zero in each k
/// tile of 128 with the tiles' sums added in f32 from zero ([`promotes`]). The host
/// reference of the FP8 checks, bit for bit.
///
/// ```
/// use cutlet_kernels::gemm_sm90::fp8_dot;
/// let (a, b) = (vec![1.0f32; 256], vec![2.0f32; 256]);
/// assert_eq!((fp8_dot(&a, &b, false), fp8_dot(&a, &b, true)), (512.0, 512.0));
/// // Products of 2^-14 are cut away against an accumulator of 1; promoted, the second
/// // k tile sums its 128 of them from zero.
/// let (mut a, b) = (vec![2f32.powi(-14); 256], vec![1.0f32; 256]);
/// a[0] = 1.0;
/// assert_eq!(fp8_dot(&a, &b, false), 1.0);
/// assert_eq!(fp8_dot(&a, &b, true), 1.0 + 2f32.powi(-7));
/// ```
pub fn fp8_dot(a: &[f32], b: &[f32], promote: bool) -> f32 {
    let (mut sum, mut acc) = (0f32, 0f32);
    for (ta, tb) in a.chunks(BK_BYTES).zip(b.chunks(BK_BYTES)) {
        acc = fp8_tile(if promote { 0.0 } else { acc }, ta, tb);
        sum += acc;
    }
    if promote { sum } else { acc }
}

/// A block-scaled FP8 configuration's dot product ([`block_scaled`]): each k tile of
/// 128 summed from zero as [`fp8_dot`] does, times `scale(t)` (A's scale of the row
/// times B's of the column's block, for k tile `t`), added in f32 from zero with one
/// rounding ([`fma`]). The host reference of the block-scaled checks, bit for bit.
///
/// ```
/// use cutlet_kernels::gemm_sm90::fp8_dot_block_scaled;
/// let (a, b) = (vec![1.0f32; 256], vec![2.0f32; 256]);
/// // 256 + 0.5 * 256: the second k tile's sum is scaled by half.
/// assert_eq!(fp8_dot_block_scaled(&a, &b, |t| [1.0, 0.5][t]), 384.0);
/// ```
pub fn fp8_dot_block_scaled(a: &[f32], b: &[f32], scale: impl Fn(usize) -> f32) -> f32 {
    let mut sum = 0f32;
    for (t, (ta, tb)) in a.chunks(BK_BYTES).zip(b.chunks(BK_BYTES)).enumerate() {
        sum = fma(fp8_tile(0.0, ta, tb), scale(t), sum);
    }
    sum
}

/// `acc` plus the FP8 products of one k tile, each 32-element k step through
/// [`fp8_accumulate`](cutlet_core::cuda::wgmma::fp8_accumulate).
fn fp8_tile(mut acc: f32, a: &[f32], b: &[f32]) -> f32 {
    use cutlet_core::cuda::wgmma::fp8_accumulate;
    for (sa, sb) in a.chunks(32).zip(b.chunks(32)) {
        let mut p = [(0f64, 0f64); 32];
        for (p, (&x, &y)) in p.iter_mut().zip(sa.iter().zip(sb)) {
            *p = (f64::from(x), f64::from(y));
        }
        acc = fp8_accumulate(acc, &p[..sa.len()]);
    }
    acc
}

/// A TF32 configuration's dot product of `a` and `b` (`f32` bits, as the buffers hold
/// them), as the tensor cores compute it: each factor cut to its upper 19 bits
/// ([`tf32::to_f32`](cutlet_core::tfloat32::tf32::to_f32)), each 8-element k step
/// through [`tf32_accumulate`](cutlet_core::cuda::wgmma::tf32_accumulate). The host
/// reference of the TF32 checks, bit for bit on the emulator and on an H100
/// (`cutlet-gpu-bench --tf32`).
///
/// ```
/// use cutlet_kernels::gemm_sm90::tf32_dot;
/// // 1 + 2^-12 is read as 1: its low mantissa bits are not TF32's.
/// let a = [1.0 + 2f32.powi(-12); 16];
/// assert_eq!(tf32_dot(&a, &[1.0; 16]), 16.0);
/// ```
pub fn tf32_dot(a: &[f32], b: &[f32]) -> f32 {
    use cutlet_core::cuda::wgmma::tf32_accumulate;
    use cutlet_core::tfloat32::tf32;
    let read = |x: f32| f64::from(tf32::from_bits(x.to_bits()).to_f32());
    a.chunks(8).zip(b.chunks(8)).fold(0.0, |acc, (sa, sb)| {
        let mut p = [(0f64, 0f64); 8];
        for (p, (&x, &y)) in p.iter_mut().zip(sa.iter().zip(sb)) {
            *p = (read(x), read(y));
        }
        tf32_accumulate(acc, &p[..sa.len()])
    })
}

/// C's element in the Hopper epilogue: the shared-memory subtile its accumulators go
/// through, TMA's 128-byte swizzle over the M-major GMMA atom of the type
/// (`GMMA::Layout_MN_SW128_Atom<T>`: `(128 bytes, 8)` with `Sw<3,4,3>` on bytes).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_kernels::gemm_sm90::EpilogueSmem;
/// // f32: (32, 8) atoms, k first: two 32-row boxes per (64, 32) subtile.
/// assert_eq!(<f32 as EpilogueSmem>::buffers().to_string(), "((_32,_2),(_8,_4),(_1,_4)):((_1,_1024),(_32,_256),(_0,_2048))");
/// assert_eq!(<half::bf16 as EpilogueSmem>::buffers().to_string(), "((_64,_1),(_8,_4),(_1,_4)):((_1,_0),(_64,_512),(_0,_2048))");
/// ```
pub trait EpilogueSmem: GemmOutput {
    /// The swizzle on elements.
    type Swizzle: cutlet_core::layout::SwizzleFn;
    /// The four `(64, 32)` subtiles of the two consumer warpgroups' two buffers
    /// (`(64, 32, buffer + 2 warpgroup)`), unswizzled.
    fn buffers() -> impl Layout;
}
impl EpilogueSmem for f32 {
    type Swizzle = Swizzle<3, 2, 3>;
    #[inline(always)]
    fn buffers() -> impl Layout {
        tile_to_shape_ordered(
            layout!((32, 8):(1, 32)),
            shape!((64, 32, 4)),
            shape!((1, 0, 2)),
        )
    }
}
impl EpilogueSmem for half::bf16 {
    type Swizzle = Swizzle<3, 3, 3>;
    #[inline(always)]
    fn buffers() -> impl Layout {
        tile_to_shape_ordered(
            layout!((64, 8):(1, 64)),
            shape!((64, 32, 4)),
            shape!((1, 0, 2)),
        )
    }
}
impl EpilogueSmem for half::f16 {
    type Swizzle = Swizzle<3, 3, 3>;
    #[inline(always)]
    fn buffers() -> impl Layout {
        <half::bf16 as EpilogueSmem>::buffers()
    }
}

/// An operand's major in the Hopper kernel (`gmma::K` or `gmma::MN`): its global
/// layout, its shared-memory stages and how TMA fills them.
///
/// ```
/// use cutlet_core::atom::gmma;
/// use cutlet_kernels::gemm_sm90::OperandMajor;
/// assert_eq!(gmma::K::gmem(4, 2, 6).to_string(), "(4,2):(6,_1)");
/// assert_eq!((gmma::K::box_rows::<half::bf16>(256), gmma::MN::box_rows::<half::bf16>(256)), (256, 64));
/// assert_eq!(gmma::MN::tma_coord(64, 128, 2), [64, 128, 2]);
/// ```
pub trait OperandMajor: gmma::Major {
    /// The operand `(rows, k)` in global memory with leading dimension `ld`.
    fn gmem(rows: usize, k: usize, ld: usize) -> impl Layout;
    /// `S` stages of `(Rows, BK)` tiles of `E` (BK: 128 bytes): `tile_to_shape` of the
    /// major's 128-byte swizzle GMMA atom (`Sw<3,4,3>` on bytes, [`Sm90Element::Sw128`]
    /// on elements), k tiled first for MN-major (CUTLASS's `Step<_2,_1,_3>`) so 128 bytes
    /// of rows of the stage are one TMA box. Behind `impl Layout` so the algebra on it
    /// later sees one rigid type (results/compile-time-log.md).
    fn stage_tiles<E: Sm90Element, Rows: Leaf, S: Leaf>() -> impl Layout;
    /// Rows of a `(rows, BK)` stage tile of `E` one TMA box covers ([`tma_boxes`]'s `box_dim`).
    fn box_rows<E: Sm90Element>(rows: usize) -> usize;
    /// The TMA coordinates of element `(row, k)` of batch entry `l`, TMA's dimension 0
    /// the contiguous mode, 2 the batch.
    fn tma_coord(row: usize, k: usize, l: usize) -> [i32; 3];
}
impl OperandMajor for gmma::K {
    #[inline(always)]
    fn gmem(rows: usize, k: usize, ld: usize) -> impl Layout {
        layout!((rows, k):(ld, 1))
    }
    #[inline(always)]
    fn stage_tiles<E: Sm90Element, Rows: Leaf, S: Leaf>() -> impl Layout {
        // GMMA::Layout_K_SW128_Atom<T>: (8, BK):(BK, 1), a row 128 bytes.
        let bk = E::Bk::conjure();
        tile_to_shape(
            make_layout_major((_8::new(), bk), LayoutRight),
            (Rows::conjure(), bk, S::conjure()),
        )
    }
    #[inline(always)]
    fn box_rows<E: Sm90Element>(rows: usize) -> usize {
        rows
    }
    #[inline(always)]
    fn tma_coord(row: usize, k: usize, l: usize) -> [i32; 3] {
        [k as i32, row as i32, l as i32]
    }
}
impl OperandMajor for gmma::MN {
    #[inline(always)]
    fn gmem(rows: usize, k: usize, ld: usize) -> impl Layout {
        layout!((rows, k):(1, ld))
    }
    #[inline(always)]
    fn stage_tiles<E: Sm90Element, Rows: Leaf, S: Leaf>() -> impl Layout {
        // GMMA::Layout_MN_SW128_Atom<T>: (BK, 8):(1, BK), 128 bytes of MN a k.
        let bk = E::Bk::conjure();
        tile_to_shape_ordered(
            make_layout((bk, _8::new())),
            (Rows::conjure(), bk, S::conjure()),
            (_1::new(), _0::new(), _2::new()),
        )
    }
    #[inline(always)]
    fn box_rows<E: Sm90Element>(_rows: usize) -> usize {
        val::<E::Bk>()
    }
    #[inline(always)]
    fn tma_coord(row: usize, k: usize, l: usize) -> [i32; 3] {
        [row as i32, k as i32, l as i32]
    }
}

/// The TMA boxes of A, B and C for problem `p` (`make_tma_box` of each operand, at the
/// atom's majors, against one stage of the kernel's shared-memory tiles, and of C against
/// the epilogue's subtile, none where C is row-major and stored from registers: its
/// slot then holds any valid map, A's): what the host encodes into the descriptors it passes. A
/// matrix TMA cannot reach (a leading dimension that is not a whole number of 16 bytes:
/// 8 16-bit elements, 4 f32) is an error naming it.
///
/// ```
/// use cutlet_kernels::gemm::GemmArgs;
/// use cutlet_kernels::gemm_sm90::*;
/// use cutlet_kernels::registry::sm90::*;
/// let p = GemmArgs { m: 300, n: 200, k: 1000, lda: 1000, ldb: 1000, ldc: 300, alpha: 1.0, beta: 0.0, c_row_major: false, l: 1, stride_l: [0; 3] };
/// let (a, b, c) = tma_boxes::<TnBf16>(&p).unwrap();
/// assert_eq!((a.box_dim[1], b.box_dim[1], b.global_dim[1]), (128, 256, 200));
/// // C: (32, 32) f32 boxes, the 128-byte swizzle's span.
/// let c = c.unwrap();
/// assert_eq!((c.box_dim[..2].to_vec(), c.global_stride[0]), (vec![32, 32], 1200));
/// // A row-major C has no map.
/// let rows = GemmArgs { c_row_major: true, ldc: 200, ..p };
/// assert!(tma_boxes::<TnBf16>(&rows).unwrap().2.is_none());
/// let odd = GemmArgs { ldc: 301, ..p };
/// assert!(tma_boxes::<TnBf16>(&odd).unwrap_err().to_string().contains("1204"));
/// let bad = GemmArgs { lda: 1001, ..p };
/// assert!(tma_boxes::<TnBf16>(&bad).unwrap_err().to_string().contains("multiple of 16"));
/// // MN-major: (m, k):(1, lda), one box per 64 rows of the tile.
/// let nt = GemmArgs { lda: 304, ldb: 200, ldc: 304, ..p };
/// let (a, b, _) = tma_boxes::<NtBf16OutBf16>(&nt).unwrap();
/// assert_eq!((a.global_dim[0], a.box_dim[..2].to_vec(), b.box_dim[..2].to_vec()), (300, vec![64, 64], vec![64, 64]));
/// // A batch of 4: TMA's third dimension, one entry a box, strides in bytes.
/// let l4 = GemmArgs { l: 4, stride_l: [300_000, 200_000, 60_000], ..p };
/// let (a, _, c) = tma_boxes::<TnBf16>(&l4).unwrap();
/// assert_eq!((a.rank, a.global_dim[2], a.box_dim[2], a.global_stride[1]), (3, 4, 1, 600_000));
/// assert_eq!(c.unwrap().global_stride[1], 240_000);
/// // One entry: rank 3 all the same (the kernel's coordinates are), its stride the span.
/// assert_eq!(tma_boxes::<TnBf16>(&p).unwrap().0.global_stride[1], 600_000);
/// let shared = GemmArgs { stride_l: [300_000, 0, 60_000], ..l4 };
/// assert!(tma_boxes::<TnBf16>(&shared).unwrap_err().to_string().contains("L stride of 0"));
/// ```
pub fn tma_boxes<C: Sm90Config>(
    p: &GemmArgs,
) -> Result<(TmaBox, TmaBox, Option<TmaBox>), TmaError> {
    let sw = <C::Elem as Sm90Element>::Sw128::default();
    let GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        c_row_major,
        ..
    } = *p;
    let [la, lb, lc] = p.stride_l;
    let a = make_tma_box::<C::Elem, _>(MajorA::<C>::gmem(m, k, lda), a_tiles::<C, _1>(), sw)?;
    // Each CTA of a cluster loads boxes of the B tile ([`load_stage`]): K-major, its
    // `BN / ClusterM` rows; MN-major, 64-row boxes in turn with the others.
    let part = MajorB::<C>::box_rows::<C::Elem>(val::<C::Bn>() / val::<C::ClusterM>()) as isize;
    let b_part = composition(
        b_tiles::<C, _1>(),
        (part, <C::Elem as Sm90Element>::Bk::conjure()).as_tiler(),
    );
    let b = make_tma_box::<C::Elem, _>(MajorB::<C>::gmem(n, k, ldb), b_part, sw)?;
    let (a, b) = (batched(a, p.l, la)?, batched(b, p.l, lb)?);
    // A row-major C is stored from registers: no map.
    let c = if c_row_major {
        None
    } else {
        let c = make_tma_box::<C::Out, _>(
            layout!((m, n):(1, ldc)),
            C::Out::buffers(),
            <C::Out as EpilogueSmem>::Swizzle::default(),
        )?;
        Some(batched(c, p.l, lc)?)
    };
    Ok((a, b, c))
}

/// A rank-2 box over `l` batch entries `stride` elements apart: TMA's dimension 2, one
/// entry a box. One entry's stride is never followed: it is the entry's span in whole
/// 16 bytes, a stride TMA takes. Entries that share their elements (an L stride of 0,
/// a broadcast operand) are an error: a 0 stride in a tensor map has not been measured
/// on the device, and `cutlet-gemm` runs such a batch on the per-tile kernels.
fn batched(mut b: TmaBox, l: usize, stride: usize) -> Result<TmaBox, TmaError> {
    let e = b.elem_bytes as u64;
    let span = (b.global_stride[0] * b.global_dim[1]).next_multiple_of(16);
    let s = if l > 1 { stride as u64 * e } else { span };
    if s == 0 {
        return Err(TmaError(
            "batch entries must not share elements (an L stride of 0)",
            [l as u64, 0, 0, 0],
        ));
    }
    b.rank = 3;
    b.global_dim[2] = l as u64;
    b.global_stride[1] = s;
    b.box_dim[2] = 1;
    b.check()?;
    Ok(b)
}

/// The [`GemmConfig`] of a configuration, checked: an ill-formed one stops the build.
///
/// ```
/// use cutlet_kernels::{gemm::TileSchedule, gemm_sm90::sm90_config, registry::sm90::*};
/// let c = sm90_config::<TnBf16>();
/// assert_eq!((c.name, c.tile, c.stages, c.threads, c.cluster_m), ("gemm_sm90_tn_bf16", (128, 256, 64), 4, 384, 1));
/// assert_eq!(c.smem, 1024 + 4 * (128 + 256) * 64 * 2 + 4 * 64 * 32 * 4);
/// assert_eq!(sm90_config::<TnBf16Pingpong>().schedule, TileSchedule::Pingpong);
/// ```
pub const fn sm90_config<C: Sm90Config>() -> GemmConfig {
    let (bm, n) = (val::<C::Bm>(), val::<C::Bn>());
    let stages = val::<C::Stages>();
    let cluster_m = val::<C::ClusterM>();
    assert!(
        cluster_m == 1 || cluster_m == 2,
        "Sm90Config: ClusterM must be 1 or 2"
    );
    assert!(
        n == <C::Atom as WgmmaSs>::N,
        "Sm90Config: BN must be the atom's N"
    );
    assert!(
        <C::Atom as WgmmaSs>::K == val::<<C::Elem as Sm90Element>::MmaK>(),
        "Sm90Config: the atom's K must be 32 bytes of the elements"
    );
    assert!(stages >= 2, "Sm90Config: STAGES must be at least 2");
    assert!(
        bm == 128 || (bm == 64 && C::Schedule::PINGPONG),
        "Sm90Config: BM must be 128 (two 64-row halves), or 64 ping-pong (cooperative warpgroups split a tile's 128 rows)"
    );
    assert!(
        !promotes::<C>() || n * halves::<C>() <= 128,
        "Sm90Config: FP8 promotion keeps a second set of accumulators: at most 64 x 128 a consumer warpgroup (BN 128 cooperative, 64 ping-pong)"
    );
    assert!(
        !C::Schedule::BLOCK_SCALED || promotes::<C>(),
        "Sm90Config: block-wise scaling needs FP8 elements and their promotion (no fast accumulation)"
    );
    assert!(
        !block_scaled::<C>() || SCALE_BLOCK.is_multiple_of(n),
        "Sm90Config: block-wise scaling reads one of B's 128 x 128 scales a tile: BN must divide 128"
    );
    let (bn, out_bytes, bk) = (
        n,
        core::mem::size_of::<C::Out>(),
        val::<<C::Elem as Sm90Element>::Bk>(),
    );
    let cfg = GemmConfig {
        name: C::NAME,
        a_kmajor: MajorA::<C>::VALUE == 0,
        b_kmajor: MajorB::<C>::VALUE == 0,
        tile: (bm, bn, bk),
        stages,
        threads: THREADS,
        // The barriers (padded to the 1024-byte alignment of the stages), the stages and
        // the epilogue's buffers (two `(64, EPI_N)` subtiles of C per consumer warpgroup).
        // Block-scaled, the stages' scales after them (whole 128-byte lines).
        smem: 1024
            + stages * (bm + bn) * BK_BYTES
            + 2 * 2 * 64 * EPI_N * out_bytes
            + (4 * scale_words::<C>()).next_multiple_of(128),
        cluster_m,
        fast_accum: core::mem::size_of::<C::Elem>() == 1 && C::Schedule::FAST_ACCUM,
        block_scaled: block_scaled::<C>(),
        schedule: if C::Schedule::PINGPONG {
            TileSchedule::Pingpong
        } else {
            TileSchedule::Cooperative
        },
    };
    assert!(
        cfg.smem <= 227 * 1024,
        "Sm90Config: the stages need more than the 227 KiB of shared memory an SM90 block may have"
    );
    cfg
}

/// Output tile `idx` of a `tiles_m x tiles_n` grid in the persistent schedule's order
/// (CUTLASS's `PersistentTileSchedulerSm90`, raster along M, swizzle `2^log_swizzle`):
/// runs of `2^log_swizzle` consecutive tiles share a row of tiles (an A panel) and walk
/// its columns, then the next row; the columns advance by `2^log_swizzle` after every
/// `tiles_m` runs. `None` for the indices the rounding of `tiles_n` up to a multiple of
/// `2^log_swizzle` adds.
///
/// ```
/// use cutlet_kernels::gemm_sm90::tile_coord;
/// // 3 x 4 tiles, swizzle 2: (0,0) (0,1) (1,0) (1,1) (2,0) (2,1) (0,2) (0,3) ...
/// let order: Vec<_> = (0..12).map(|i| tile_coord(i, 3, 4, 1).unwrap()).collect();
/// assert_eq!(&order[..8], &[(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (0, 2), (0, 3)]);
/// assert_eq!(tile_coord(5, 3, 3, 1), Some((2, 1)));
/// assert_eq!(tile_coord(7, 3, 3, 1), None); // column 3 of 3
/// ```
#[inline(always)]
pub const fn tile_coord(
    idx: usize,
    tiles_m: usize,
    tiles_n: usize,
    log_swizzle: u32,
) -> Option<(usize, usize)> {
    // 32-bit arithmetic: the schedule's extents fit, and a 64-bit division is a long
    // sequence that keeps registers the kernel's warps need.
    let (idx, tiles_m) = (idx as u32, tiles_m as u32);
    let g = idx >> log_swizzle;
    let m = g % tiles_m;
    let n = ((g / tiles_m) << log_swizzle) + (idx & ((1 << log_swizzle) - 1));
    if (n as usize) < tiles_n {
        Some((m as usize, n as usize))
    } else {
        None
    }
}

/// The persistent schedule of an `m x n` product of configuration `cfg`: its cluster
/// tiles along M and N and the swizzle of [`tile_coord`]'s order.
///
/// ```
/// use cutlet_kernels::{gemm_sm90::{schedule_of, sm90_config}, registry::sm90::*};
/// assert_eq!(schedule_of(&sm90_config::<TnBf16>(), 1000, 1000), (8, 4, 2));
/// assert_eq!(schedule_of(&sm90_config::<TnBf16Cluster2>(), 1000, 1000), (4, 4, 2));
/// ```
pub const fn schedule_of(cfg: &GemmConfig, m: usize, n: usize) -> (usize, usize, u32) {
    let tiles = (
        m.div_ceil(cfg.tile.0 * cfg.cluster_m),
        n.div_ceil(cfg.tile.1),
    );
    (tiles.0, tiles.1, log_swizzle(tiles.0, tiles.1))
}

/// The persistent schedule's index range for an `m x n` product of configuration
/// `cfg`: its cluster tiles, the columns rounded up to the swizzle (a batch's schedule
/// is `l` times this: what [`KSplit`] splits, and sizes the workspace by).
///
/// ```
/// use cutlet_kernels::{gemm_sm90::{schedule_len, sm90_config}, registry::sm90::TnBf16};
/// assert_eq!(schedule_len(&sm90_config::<TnBf16>(), 1000, 1000), 8 * 4);
/// ```
pub const fn schedule_len(cfg: &GemmConfig, m: usize, n: usize) -> usize {
    let (tm, tn, swz) = schedule_of(cfg, m, n);
    padded_tiles(tm, tn, swz)
}

/// The schedule's index range: `tiles_m` times `tiles_n` rounded up to the swizzle.
#[inline(always)]
const fn padded_tiles(tiles_m: usize, tiles_n: usize, log_swizzle: u32) -> usize {
    tiles_m * tiles_n.next_multiple_of(1 << log_swizzle)
}

/// CUTLASS's swizzle heuristic: 8, 4 or 2 when the smaller tile extent allows it.
#[inline(always)]
const fn log_swizzle(tiles_m: usize, tiles_n: usize) -> u32 {
    let t = if tiles_m < tiles_n { tiles_m } else { tiles_n };
    if t >= 6 {
        3
    } else if t >= 3 {
        2
    } else if t >= 2 {
        1
    } else {
        0
    }
}

/// The warp-specialized GEMM for configuration `C` over `p`'s `l` batch entries. Launch
/// `split`'s [`launch`](KSplit::launch) of [`sm90_config::<C>()`](sm90_config) (any grid is
/// correct, that one is the fastest); `tma[0..3]` point to descriptors of
/// [`tma_boxes`]'s boxes over A, B and C (`TmaDescriptor::emulated` here, `cuTensorMapEncodeTiled` in `cutlet-gemm`);
/// `c` is C itself (read where `beta != 0`); `split` splits the reduction of the tiles
/// after its `whole` ones ([`KSplit`]), with `partials` and `counters` holding
/// [`KSplit::workspace`]'s elements (the counters zero, as each launch leaves them).
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3, GmemPtr, TmaDescriptor};
/// use cutlet_kernels::gemm::GemmArgs;
/// use cutlet_kernels::gemm_sm90::*;
/// use cutlet_kernels::registry::sm90::*;
/// use half::bf16;
/// let (m, n, k) = (130, 20, 72);
/// let a: Vec<bf16> = (0..m * k).map(|i| bf16::from_f32((i % 7) as f32 - 3.0)).collect();
/// let b: Vec<bf16> = (0..n * k).map(|i| bf16::from_f32((i % 5) as f32 - 2.0)).collect();
/// let p = GemmArgs { m, n, k, lda: k, ldb: k, ldc: m + 2, alpha: 1.0, beta: 0.0, c_row_major: false, l: 1, stride_l: [0; 3] };
/// let c = DeviceVec::<f32>::zeroed(p.ldc * n);
/// let cfg = sm90_config::<TnBf16>();
/// let (box_a, box_b, box_c) = tma_boxes::<TnBf16>(&p).unwrap();
/// let descs = [
///     TmaDescriptor::emulated(a.as_ptr(), &box_a).unwrap(),
///     TmaDescriptor::emulated(b.as_ptr(), &box_b).unwrap(),
///     TmaDescriptor::emulated(c.ptr().as_ptr(), &box_c.unwrap()).unwrap(),
/// ];
/// let (tma, pc) = (GmemPtr::from_slice(&descs), c.ptr());
/// let none = (KSplit::NONE, GmemPtr::from_slice(&[0f32; 0]), GmemPtr::from_slice(&[0u32; 0]));
/// emu::launch_config(KSplit::NONE.launch(&cfg, &p, 2), || gemm_sm90::<TnBf16>(p, tma, pc, none, BlockScales::NONE))
///     .unwrap();
/// // A configuration with clusters launches them (`emu::launch_cluster`, and
/// // `cuLaunchKernelEx` with a cluster dimension on the GPU).
/// let want: f32 = (0..k).map(|l| a[129 * k + l].to_f32() * b[19 * k + l].to_f32()).sum();
/// assert_eq!(c.as_slice()[129 + 19 * p.ldc], want);
/// ```
#[inline(always)]
pub fn gemm_sm90<C: Sm90Config>(
    p: GemmArgs,
    tma: GmemPtr<TmaDescriptor>,
    c: GmemPtr<C::Out>,
    (split, partials, counters): (KSplit, GmemPtr<f32>, GmemPtr<u32>),
    scales: BlockScales,
) {
    let cfg = const { sm90_config::<C>() };
    let tma_a = tma.as_ptr();
    let (tma_b, tma_c) = (tma_a.wrapping_add(1), tma_a.wrapping_add(2));
    let ((bm, bn, _), stages, cm) = (cfg.tile, cfg.stages, cfg.cluster_m);
    // The schedule walks cluster tiles: `cm` vertically adjacent output tiles.
    let (tiles_m, tiles_n, swz) = schedule_of(&cfg, p.m, p.n);
    let tiles = (tiles_m, tiles_n);
    let bk = val::<<C::Elem as Sm90Element>::Bk>();
    let k_tiles = p.k.div_ceil(bk);
    // A launch without clusters is clusters of one CTA: rank 0, cluster id = block id.
    let rank = block_rank_in_cluster();

    // Shared memory: the pipeline's barriers, then `stages` swizzled (BM, BK) tiles of A
    // and (BN, BK) of B (GMMA::Layout_K_SW128_Atom<T>: Sw<3,4,3> on bytes is Sw<3,3,3> on
    // 16-bit elements over (8, 64):(64, 1), Sw<3,4,3> on 8-bit over (8, 128):(128, 1)).
    let mut smem = SmemBuffer::dynamic();
    let pipe = PipelineTmaAsync::new(&mut smem, stages);
    // Ping-pong: the consumer warpgroups' main loops take turns.
    let consumer_wg = warp_group_idx().saturating_sub(1);
    let order = OrderedSequenceBarrier::new(&mut smem, 1, 2, consumer_wg);
    // SAFETY: consumer warpgroup `w`'s thread 0 writes word `w` between two of the
    // warpgroup's named barriers, and its threads read it after the second. Thread 0
    // writes the workspace's pointers before the cluster barrier below; the consumers
    // read them after it.
    let (last, workspace) = unsafe {
        (
            smem.alloc::<u32, _>(layout!(2)),
            smem.alloc::<(GmemPtr<f32>, GmemPtr<u32>), _>(layout!(1)),
        )
    };
    // SAFETY: the stages are written only by the TMA loads between `producer_acquire` and
    // the full barrier's phase, and read only by the wgmmas between `consumer_wait` and
    // `consumer_release` (the pipeline orders the two).
    let (sa, sb) = unsafe {
        (
            smem.alloc_aligned::<C::Elem, _, _>(
                1024,
                <C::Elem as Sm90Element>::Sw128::default(),
                a_tiles::<C, C::Stages>(),
            ),
            smem.alloc_aligned::<C::Elem, _, _>(
                1024,
                <C::Elem as Sm90Element>::Sw128::default(),
                b_tiles::<C, C::Stages>(),
            ),
        )
    };
    // SAFETY: each consumer warpgroup's buffers are written by its threads between two
    // of its named barriers and read by its TMA stores, which it waits for before the
    // buffer is written again (see `store_tile`).
    let epi = unsafe {
        smem.alloc_aligned::<C::Out, _, _>(
            1024,
            <C::Out as EpilogueSmem>::Swizzle::default(),
            C::Out::buffers(),
        )
    };
    let scale_words = const { scale_words::<C>() };
    // SAFETY: a stage's scales are written by the producer's second warp (`cp.async`)
    // between its wait for the empty stage and the arrivals on the full barrier that
    // follow the copies, and read by the consumers between their wait on that barrier
    // and their release of the stage ([`copy_stage_scales`]), as its tiles are.
    let scale_smem = unsafe { smem.alloc::<f32, _>(layout!(scale_words)) };
    let stage_bytes = ((bm + bn) * BK_BYTES) as u32;

    let tid = thread_idx().x;
    if tid == 0 {
        // SAFETY: the host passes descriptors in global memory for the kernel's duration.
        unsafe {
            prefetch_tma_descriptor(tma_a);
            prefetch_tma_descriptor(tma_b);
            prefetch_tma_descriptor(tma_c);
        }
        // The split tiles' workspace, for the consumers to read where they need it (a
        // kernel parameter kept in registers through the main loop would spill there).
        let mut workspace = workspace;
        workspace.set(0, (partials, counters));
        // One arrival per consumer warpgroup of the cluster that reads a stage releases
        // it (its peers' multicast loads refill it too).
        let readers = if C::Schedule::PINGPONG { 1 } else { 2 };
        // The TMA thread arms a stage's full barrier; block-scaled, the lanes of the
        // producer warpgroup's second warp arrive once their copies of its scales land.
        pipe.init(1 + scale_producers::<C>() as u32, (readers * cm) as u32);
        order.init(WARPGROUP_SIZE as u32);
    }
    // The peers' barriers are initialised before any CTA arrives on them or multicasts
    // into them.
    cluster_sync();
    // Launched dependent (`GemmConfig::launch`), the kernel starts while the previous
    // kernel of its stream may still run: above, it touched only its shared memory and
    // the descriptors the host wrote. It waits for that kernel before reading A, B, C
    // or the workspace, and lets the next kernel launch at once: every block of this
    // persistent grid is resident, so the next kernel's blocks start as these exit,
    // their prologues under this kernel's tail.
    griddepcontrol_wait();
    griddepcontrol_launch_dependents();

    let (first, step) = (cluster_id_in_grid().x, grid_dim().x / cm);
    let per = padded_tiles(tiles.0, tiles.1, swz);
    let units = split.units(per * p.l);
    let sched = Schedule {
        first,
        step,
        units,
        split,
        swz,
        rank,
        per,
    };
    if warp_group_idx() == 0 {
        warpgroup_reg_dealloc::<40>();
        let start = PipelineState::producer_start(stages);
        if warp_id() == 0 && elect_one_sync() {
            // Producer: one thread issues every TMA load.
            let st = sched.each_k_tile(&cfg, (tiles, k_tiles), start, |st, (tm, tn, tl), kt| {
                pipe.producer_acquire(st, stage_bytes);
                let bar = pipe.producer_barrier(st);
                let (s, k0) = (st.index(), kt * bk);
                // SAFETY: the stage is empty in every CTA of the cluster (each CTA's
                // empty barrier counts the whole cluster's consumers) and the
                // descriptors are live; the loads complete on the stage's full barrier
                // in each CTA they land in, armed with the whole stage's bytes.
                unsafe {
                    load_stage::<MajorA<C>, _, _>(tma_a, bar, &sa, s, (tm * bm, k0, tl), (0, 1));
                    load_stage::<MajorB<C>, _, _>(
                        tma_b,
                        bar,
                        &sb,
                        s,
                        (tn * bn, k0, tl),
                        (rank, cm),
                    );
                }
            });
            pipe.producer_tail(st);
        } else if block_scaled::<C>() && warp_id() == 1 {
            // Block-scaled: the second warp's lanes copy in each stage's scales.
            // (Block-scaled products are not batched: the host passes `l = 1`.)
            sched.each_k_tile(&cfg, (tiles, k_tiles), start, |st, (tm, tn, _), kt| {
                pipe.producer_wait(st);
                copy_stage_scales::<C, _>(&p, &scales, ((tm, tn), kt), &scale_smem, st);
                cp_async_mbarrier_arrive_noinc(pipe.producer_barrier(st));
            });
        }
    } else {
        warpgroup_reg_alloc::<232>();
        let out = Out { c, tma_c, epi };
        let fixup = Fixup { workspace, last };
        consumer::<C, _, _, _>(
            p,
            out,
            (&pipe, order),
            (sa, sb),
            (sched, fixup),
            (k_tiles, scale_smem),
        );
    }
}

/// A configuration's A major.
type MajorA<C> = <<C as Sm90Config>::Atom as WgmmaSs>::A;
/// A configuration's B major.
type MajorB<C> = <<C as Sm90Config>::Atom as WgmmaSs>::B;

/// `S` stages of A's `(BM, BK)` tiles.
#[inline(always)]
fn a_tiles<C: Sm90Config, S: Leaf>() -> impl Layout {
    MajorA::<C>::stage_tiles::<C::Elem, C::Bm, S>()
}

/// `S` stages of B's `(BN, BK)` tiles.
#[inline(always)]
fn b_tiles<C: Sm90Config, S: Leaf>() -> impl Layout {
    MajorB::<C>::stage_tiles::<C::Elem, C::Bn, S>()
}

/// The atom's TiledMMA over both consumer warpgroups (CuTe's `TiledMma` with
/// `AtomLayoutMNK = 2x1x1`): the epilogue's `partition_C`, whose thread `128 h + lane`
/// holds the values of 64-row half `h` (a ping-pong warpgroup holds both).
#[inline(always)]
fn consumer_mma<A: MmaTraits + Default>() -> impl TiledMma {
    make_tiled_mma(A::default(), layout!((2, 1, 1):(1, 0, 0)))
}

type SmemTile<T, L> =
    Tensor<cutlet_core::cuda::PtrEngine<T, cutlet_core::cuda::Smem, <T as Sm90Element>::Sw128>, L>;

/// A consumer's views of A's and B's pipeline stages.
type StageTiles<'a, C, La, Lb> = (
    &'a SmemTile<<C as Sm90Config>::Elem, La>,
    &'a SmemTile<<C as Sm90Config>::Elem, Lb>,
);

/// The TMA loads that fill part `part` of `parts` of stage `s` of a `(rows, 64, stages)`
/// operand tile with the operand's `(rows, 64)` block at `(row0, k0)` of batch entry `l`: the stage's
/// boxes of `M::box_rows(rows / parts)` rows each (K-major: one a part; MN-major: one
/// per 64 rows, part `p` taking boxes `p, p + parts, ...`), each landing at its first
/// element's address in the stage. With several parts (a cluster sharing the tile) each
/// box is multicast to every CTA of the cluster.
///
/// # Safety
/// `tma_load`'s (`tma_load_multicast`'s with parts): `desc` is a live descriptor of the
/// boxes [`tma_boxes`] gives for this operand, the stage is not read until `bar`
/// completes the phase that counts its bytes.
#[inline(always)]
unsafe fn load_stage<M: OperandMajor, T: Sm90Element, L: Layout>(
    desc: *const TmaDescriptor,
    bar: Mbarrier,
    t: &SmemTile<T, L>,
    s: usize,
    (row0, k0, l): (usize, usize, usize),
    (part, parts): (usize, usize),
) {
    let stage = t.slice((X, X, s));
    let rows = size(get::<0, _>(stage.layout())).value() as usize;
    let br = M::box_rows::<T>(rows / parts);
    let mut i = part;
    while i < rows / br {
        // Row `r` of the stage (its k = 0 element starts the box).
        let r = i * br;
        i += parts;
        let b = stage.slice((r, X));
        let dst = b.engine().as_ptr().wrapping_offset(b.engine().origin());
        let at = M::tma_coord(row0 + r, k0, l);
        // SAFETY: the caller's contract; `dst` is the box's first element in the stage.
        unsafe {
            if parts > 1 {
                tma_load_multicast(desc, bar, dst, at, ((1u32 << parts) - 1) as u16)
            } else {
                tma_load(desc, bar, dst, at)
            }
        };
    }
}

/// A CTA's walk over the work units: from `first` by `step` below `units`, each a
/// schedule index and a part of its k tiles ([`KSplit::unit`]), the indices of each
/// batch entry `per` of them in [`tile_coord`]'s order with swizzle `2^swz`; its tile is
/// row `rank` of each.
#[derive(Clone, Copy)]
struct Schedule {
    first: usize,
    step: usize,
    units: usize,
    split: KSplit,
    swz: u32,
    rank: usize,
    per: usize,
}

impl Schedule {
    /// Schedule index `idx`'s cluster tile `(tm, tn)` and batch entry, or `None` for the
    /// indices the swizzle's rounding adds (32-bit arithmetic, as [`tile_coord`]'s).
    #[inline(always)]
    fn tile(
        &self,
        idx: usize,
        (tiles_m, tiles_n): (usize, usize),
    ) -> Option<(usize, usize, usize)> {
        let (idx, per) = (idx as u32, self.per as u32);
        let (l, i) = (idx / per, idx % per);
        tile_coord(i as usize, tiles_m, tiles_n, self.swz).map(|(tm, tn)| (tm, tn, l as usize))
    }

    /// The producer's walk, in the consumers' order: `f(st, (tm, tn, l), kt)` for k tile
    /// `kt` of output tile `(tm, tn)` of batch entry `l` of each of the CTA's units (`tiles` of them,
    /// `k_tiles` deep), at pipeline stage `st` from `start`. Returns the stage past the
    /// last.
    #[inline(always)]
    fn each_k_tile(
        &self,
        cfg: &GemmConfig,
        (tiles, k_tiles): ((usize, usize), usize),
        start: PipelineState,
        mut f: impl FnMut(PipelineState, (usize, usize, usize), usize),
    ) -> PipelineState {
        let mut st = start;
        let mut u = self.first;
        while u < self.units {
            let (idx, s, ns) = self.split.unit(u);
            if let Some((ctm, tn, tl)) = self.tile(idx, tiles) {
                let tm = ctm * cfg.cluster_m + self.rank;
                let (kt0, kt1) = KSplit::k_range(s, ns, k_tiles);
                for kt in kt0..kt1 {
                    f(st, (tm, tn, tl), kt);
                    st.advance();
                }
            }
            u += self.step;
        }
        st
    }
}

/// Where split tiles meet ([`KSplit`]): the partial tiles, one arrival counter per
/// 64-row half of each split tile (a slot: tile `t`'s half `h` is slot `t * halves + h`
/// with the tile's halves), and each consumer warpgroup's word that tells its threads
/// whether their part arrived last.
struct Fixup<L, W> {
    workspace: SmemTensor<(GmemPtr<f32>, GmemPtr<u32>), W>,
    last: SmemTensor<u32, L>,
}

/// A tensor over shared memory, unswizzled.
type SmemTensor<T, L> = Tensor<cutlet_core::cuda::PtrEngine<T, cutlet_core::cuda::Smem>, L>;

impl<L: Layout, W: Layout> Fixup<L, W> {
    /// Where part `s` of `unit`'s half keeps registers `4 j .. 4 j + 4` of thread
    /// `lane`, in 16-byte vectors: vector `j` of every thread at `j * 128 + lane`, so
    /// each vector's store or load is 512 contiguous bytes per warp.
    #[inline(always)]
    fn at((slot, _, splits): Unit, lane: usize, regs: usize, s: usize, j: usize) -> isize {
        (((slot * splits + s) * (regs / 4) + j) * WARPGROUP_SIZE + lane) as isize
    }
    /// The partials as 16-byte vectors, up to those of `unit`'s slot.
    ///
    /// # Safety
    /// The host sizes `partials` for every (slot, split) of the launch
    /// ([`KSplit::workspace`]).
    #[inline(always)]
    unsafe fn partials(
        &self,
        (slot, _, splits): Unit,
        regs: usize,
    ) -> Tensor<cutlet_core::cuda::PtrEngine<U128, cutlet_core::cuda::Gmem>, impl Layout> {
        let len = Self::at((slot + 1, 0, splits), 0, regs, 0, 0);
        // SAFETY: the caller's contract; the workspace is 16-byte aligned (a driver
        // allocation).
        unsafe { make_gmem_tensor(self.workspace.get(0).0.cast::<U128>(), layout!(len)) }
    }
    /// Writes this part's accumulators of `unit` (a half's slot, counting the split tiles
    /// from the first with the cluster rank, part `part` of `splits`) to the
    /// partials and counts its arrival. The part that arrives last adds the tile's
    /// partials in split order into its own slot (the same sum whichever part it is;
    /// [`total`](Self::total) reads it) and returns `true`: it stores the half. `me` is
    /// the warpgroup, this thread's lane in it, the warpgroup's named barrier and its
    /// accumulator registers. The registers are only read: written outside the MMAs,
    /// on a path ptxas cannot prove uniform, they would serialize the wgmmas (C7520).
    #[inline(always)]
    fn reduce<A: Accumulators, Regs: Leaf>(
        &self,
        acc: &A,
        empty: bool,
        unit: Unit,
        (wg, lane, bar): (usize, usize, u32),
    ) -> bool {
        let regs = Regs::conjure().value() as usize;
        let (slot, part, splits) = unit;
        // SAFETY: the host sizes the workspace ([`KSplit::workspace`]); each part
        // writes only its own slot, and the last reads the others only after acquiring
        // their writes below.
        let mut ws = unsafe { self.partials(unit, regs) };
        // A part without k tiles (k = 0) adds zeros, whatever its registers hold.
        // Unrolled (a static count), so every register index is a constant.
        <Regs as LeafOps>::Div::<_4>::conjure().for_each_index(
            #[inline(always)]
            |j| {
                let v = core::array::from_fn(|e| if empty { 0.0 } else { acc.get(4 * j + e) });
                ws.set(Self::at(unit, lane, regs, part, j), f32::pack4(v));
            },
        );
        named_barrier_sync(bar, WARPGROUP_SIZE as u32);
        let counter = self
            .workspace
            .get(0)
            .1
            .as_ptr()
            .cast_mut()
            .wrapping_add(slot);
        let mut last = self.last;
        if lane == 0 {
            // SAFETY: `counters` holds one word per slot, reached
            // only through these atomics; the barrier above ordered the warpgroup's
            // partial before this release.
            let old = unsafe { cutlet_core::cuda::atomic_add_acq_rel(counter, 1) };
            let is_last = old as usize == splits - 1;
            if is_last {
                // SAFETY: as above; every part of the tile has arrived.
                unsafe { cutlet_core::cuda::store_relaxed(counter, 0) };
            }
            last.set(wg as isize, u32::from(is_last));
        }
        named_barrier_sync(bar, WARPGROUP_SIZE as u32);
        if last.get(wg as isize) == 0 {
            return false;
        }

        // The sums into this part's slot, `SUM_VECTORS` vectors at a time: their loads
        // of one part are in flight together, so a chunk waits once per part, not once
        // per register (a loop: no register is indexed).
        let mut j = launder(0);
        while j < regs / 4 {
            // Index loops over constant bounds: unrolled, every element a register.
            let mut sum = [0f32; 4 * SUM_VECTORS];
            for s in 0..splits {
                let more: [U128; SUM_VECTORS] =
                    core::array::from_fn(|c| ws.get(Self::at(unit, lane, regs, s, j + c)));
                for c in 0..SUM_VECTORS {
                    let v = f32::unpack4(more[c]);
                    for e in 0..4 {
                        sum[4 * c + e] += v[e];
                    }
                }
            }
            for c in 0..SUM_VECTORS {
                let v = [sum[4 * c], sum[4 * c + 1], sum[4 * c + 2], sum[4 * c + 3]];
                ws.set(Self::at(unit, lane, regs, part, j + c), f32::pack4(v));
            }
            j += SUM_VECTORS;
        }
        true
    }
    /// Value `i` of thread `lane` of `unit`'s summed half ([`reduce`](Self::reduce)).
    #[inline(always)]
    fn total(&self, unit: Unit, lane: usize, regs: usize, i: usize) -> f32 {
        let len = 4 * Self::at((unit.0 + 1, 0, unit.2), 0, regs, 0, 0);
        // SAFETY: as in `reduce`, after it returned `true` (the sums are this part's).
        let ws = unsafe { make_gmem_tensor(self.workspace.get(0).0, layout!(len)) };
        ws.get(4 * Self::at(unit, lane, regs, unit.1, i / 4) + (i % 4) as isize)
    }
}

/// The 16-byte vectors of partials a fix-up adds at a time (16 registers; every
/// configuration's accumulators are a multiple of them).
const SUM_VECTORS: usize = 4;

/// A split tile's half's part: `(slot, part, splits)` ([`Fixup::reduce`]).
type Unit = (usize, usize, usize);

/// The consumer warpgroups: the main loop over each tile's k tiles, then the epilogue.
/// Cooperative, both compute every tile, warpgroup `w` its rows `64 w ..`; ping-pong,
/// warpgroup `w` computes the CTA's tiles `w, w + 2, ...` whole (both halves) and passes
/// over the other's stages, their main loops taking turns at `order`.
#[inline(always)]
fn consumer<C: Sm90Config, La: Layout, Lb: Layout, Lr: Layout>(
    p: GemmArgs,
    out: Out<C::Out, impl Layout>,
    (pipe, mut order): (&PipelineTmaAsync, OrderedSequenceBarrier),
    (sa, sb): (SmemTile<C::Elem, La>, SmemTile<C::Elem, Lb>),
    (sched, fixup): (Schedule, Fixup<impl Layout, impl Layout>),
    (k_tiles, scale_smem): (usize, ScaleSmem<Lr>),
) {
    let cfg = const { sm90_config::<C>() };
    let (cm, pingpong) = (cfg.cluster_m, cfg.schedule == TileSchedule::Pingpong);
    let (promote, two) = const { (promotes::<C>(), halves::<C>() == 2) };
    // Promoting cooperatively, two accumulators take turns (`acc`, `acc2`): a k tile's
    // MMAs run while the one before is added in, so the tensor cores never wait for the
    // promotion (ping-pong's two halves already take both). Where three accumulators
    // fit: with 64 x 128 ones, and the sums, the kernel spills under its 168 registers.
    let double = promote && !two && val::<C::Bn>() <= 64;
    let wg = warp_group_idx() - 1;
    // The tile's 64-row halves this warpgroup computes: `h0` and, ping-pong over
    // 128-row tiles, `h0 + 1`.
    let h0 = if pingpong { 0 } else { wg };
    let scales = StageScales::<C, _>::new(scale_smem, h0);
    let release = |st: PipelineState| release_stage(pipe, st, cm);
    let (tiles_m, tiles_n, _) = schedule_of(&cfg, p.m, p.n);
    let tiles = (tiles_m, tiles_n);
    let Schedule {
        first,
        step,
        units,
        split,
        rank,
        ..
    } = sched;
    let mut st = PipelineState::consumer_start(cfg.stages);
    // Zeroed once: each tile's first MMA ignores the old values (scale_d = 0), and a
    // zeroing per tile would be register moves into wgmma's accumulators that ptxas
    // answers by serializing the wgmmas (C7515). Only k = 0 leaves them zero.
    // Cooperative, the second of each is never touched and costs no registers, and
    // `acc2` only where `double`.
    let mut acc = [
        <C::Atom as WgmmaSs>::Accum::zeroed(),
        <C::Atom as WgmmaSs>::Accum::zeroed(),
    ];
    let mut acc2 = acc;
    let fence = fence_accumulators::<C>;
    // FP8 promotion: the tile's sums in f32 registers, zeroed before its k loop, each
    // k tile's MMAs (from zero) added in once they complete (an empty part's are never
    // read: `store_half`), block-scaled times their rows' scales (`StageScales`). The
    // same add every k tile: copying the first tile's sums instead gives the loop two
    // definitions of them, which ptxas reconciles with register moves every k tile, and
    // the issue slots, not the tensor cores, then limit the kernel.
    let mut sums = acc;
    let mut u = first;
    // The CTA's units so far (ping-pong: warpgroup `t % 2` computes unit `t`).
    let mut t = 0;
    while u < units {
        let (idx, part, splits) = split.unit(u);
        let (kt0, kt1) = KSplit::k_range(part, splits, k_tiles);
        if let Some((ctm, tn, tl)) = sched.tile(idx, tiles) {
            if pingpong && t % 2 != wg {
                st.advance_by(kt1 - kt0);
            } else {
                if pingpong {
                    order.wait();
                }
                let mut prev = st;
                if promote {
                    sums = [
                        <C::Atom as WgmmaSs>::Accum::zeroed(),
                        <C::Atom as WgmmaSs>::Accum::zeroed(),
                    ];
                }
                let tm = ctm * cm + rank;
                if double && kt1 > kt0 {
                    // The first k tile into `acc`, then odd ones into `acc2` and even
                    // ones into `acc`: literal call sites, no wait under a branch, so
                    // that ptxas sees which batch each wait retires.
                    let tiles = (&sa, &sb);
                    mma_k_tile::<C, _, _>(pipe, tiles, (st, kt0, kt0, h0), &mut acc);
                    prev = st;
                    st.advance();
                    let mut kt = kt0 + 1;
                    while kt < kt1 {
                        mma_k_tile::<C, _, _>(pipe, tiles, (st, kt, kt0, h0), &mut acc2);
                        let done = (prev, cm);
                        promote_k_tile::<C, _, 1>(pipe, done, &mut acc, &mut sums, &scales);
                        (prev, kt) = (st, kt + 1);
                        st.advance();
                        if kt == kt1 {
                            break;
                        }
                        mma_k_tile::<C, _, _>(pipe, tiles, (st, kt, kt0, h0), &mut acc);
                        let done = (prev, cm);
                        promote_k_tile::<C, _, 1>(pipe, done, &mut acc2, &mut sums, &scales);
                        (prev, kt) = (st, kt + 1);
                        st.advance();
                    }
                    // The last k tile's products, in the buffer its parity names.
                    let done = (prev, cm);
                    if (kt1 - kt0) % 2 == 1 {
                        promote_k_tile::<C, _, 0>(pipe, done, &mut acc, &mut sums, &scales);
                    } else {
                        promote_k_tile::<C, _, 0>(pipe, done, &mut acc2, &mut sums, &scales);
                    }
                } else if promote && !double {
                    // Each k tile waited for and added in at once.
                    for kt in kt0..kt1 {
                        mma_k_tile::<C, _, _>(pipe, (&sa, &sb), (st, kt, kt0, h0), &mut acc);
                        let done = (st, cm);
                        promote_k_tile::<C, _, 0>(pipe, done, &mut acc, &mut sums, &scales);
                        st.advance();
                    }
                } else if !promote {
                    for kt in kt0..kt1 {
                        mma_k_tile::<C, _, _>(pipe, (&sa, &sb), (st, kt, kt0, h0), &mut acc);
                        // One batch stays in flight; the one before it is done with its
                        // stage.
                        warpgroup_wait::<1>();
                        fence(&mut acc);
                        if kt > kt0 {
                            release(prev);
                        }
                        prev = st;
                        st.advance();
                    }
                }
                if pingpong {
                    // Every MMA of the tile is issued: the other warpgroup's turn.
                    order.arrive();
                }
                warpgroup_wait::<0>();
                fence(&mut acc);
                if kt1 > kt0 && !promote {
                    release(prev);
                }
                let res = if promote { &sums } else { &acc };
                // The halves this warpgroup holds, each stored by the part that arrives
                // last where the tile is split.
                let split_tile = if splits > 1 {
                    (idx - split.whole as usize) * cm + rank
                } else {
                    0
                };
                let part = (split_tile, part, splits, kt1 == kt0);
                let tile = (tm, tn, tl);
                store_half::<C>(p, &out, &fixup, tile, (h0, wg), part, &res[0]);
                if two {
                    store_half::<C>(p, &out, &fixup, tile, (1, wg), part, &res[1]);
                }
            }
            t += 1;
        }
        u += step;
    }
    if thread_idx().x.is_multiple_of(WARPGROUP_SIZE) {
        // The last stores have read their buffers before the block's shared memory goes.
        tma_store_wait::<0>();
    }
}

/// Issues k tile `kt`'s MMAs (of a tile's k range from `kt0`) from pipeline stage `st`
/// into `acc` as one batch, once the stage is full: the warpgroup's 64-row half `h0`,
/// and half 1 too where it computes two (ping-pong). Promoting, each k tile's MMAs
/// start from zero. A function, not a closure: called from three sites, a closure is
/// left out of line and its accumulators go through local memory.
#[inline(always)]
fn mma_k_tile<C: Sm90Config, La: Layout, Lb: Layout>(
    pipe: &PipelineTmaAsync,
    (sa, sb): StageTiles<'_, C, La, Lb>,
    (st, kt, kt0, h0): (PipelineState, usize, usize, usize),
    acc: &mut Accs<C>,
) {
    let (promote, two) = const { (promotes::<C>(), halves::<C>() == 2) };
    let atom = C::Atom::default();
    let (mma_k, b_tile) = (
        <C::Elem as Sm90Element>::MmaK::conjure(),
        (C::Bn::conjure(), <C::Elem as Sm90Element>::MmaK::conjure()),
    );
    pipe.consumer_wait(st);
    let (a, b) = (sa.slice((X, X, st.index())), sb.slice((X, X, st.index())));
    fence_accumulators::<C>(acc);
    warpgroup_arrive();
    for kb in 0..BK_BYTES / 32 {
        let db =
            make_gmma_desc::<MajorB<C>, _, _, _>(&local_tile(b, b_tile.as_tiler(), (0usize, kb)));
        let da = |h: usize| {
            make_gmma_desc::<MajorA<C>, _, _, _>(&local_tile(
                a,
                (_64::new(), mma_k).as_tiler(),
                (h, kb),
            ))
        };
        let accumulate = kb > 0 || (kt > kt0 && !promote);
        atom.mma_async(da(h0), db, &mut acc[0], accumulate);
        if two {
            atom.mma_async(da(1), db, &mut acc[1], accumulate);
        }
    }
    warpgroup_commit_batch();
}

/// `warpgroup_fence_operand` on the accumulators a consumer warpgroup uses.
#[inline(always)]
fn fence_accumulators<C: Sm90Config>(acc: &mut Accs<C>) {
    warpgroup_fence_operand(&mut acc[0]);
    if halves::<C>() == 2 {
        warpgroup_fence_operand(&mut acc[1]);
    }
}

/// FP8 promotion of the k tile whose MMAs went into `acc` from pipeline stage `st`
/// (`done`: `(st, cluster_m)`): once at most `N` batches are in flight
/// (`warpgroup_wait<N>`; 1 where the next k tile's MMAs were issued into the other
/// accumulators, which then run under this promotion), releases the stage and adds the
/// products into `sums` with their scales, block-scaled the stage's ([`promote_into`],
/// [`StageScales`]).
#[inline(always)]
fn promote_k_tile<C: Sm90Config, Lr: Layout, const N: u32>(
    pipe: &PipelineTmaAsync,
    (st, cm): (PipelineState, usize),
    acc: &mut Accs<C>,
    sums: &mut Accs<C>,
    scales: &StageScales<C, Lr>,
) {
    // The scales are read while the MMAs run: read after the wait, the promotion waits
    // for the shared-memory load, which queues behind the tensor cores' reads of the
    // stages; read before the MMAs are issued (as DeepGEMM does), ptxas multiplies them
    // before the issue and the warp waits there instead (H100 runs 59-61).
    // The fence first: it names this call's accumulators, so where the two ends of the
    // double-buffered loop differ only in them, LLVM does not hoist the shared reads and
    // the wait above the branch, which leaves ptxas unsure which batch the wait retires
    // (C7514, the `wgmma`s serialized).
    fence_accumulators::<C>(acc);
    let scale = scales.take(st);
    warpgroup_wait::<N>();
    fence_accumulators::<C>(acc);
    release_stage(pipe, st, cm);
    promote_into::<C>(sums, acc, scale);
}

/// FP8 promotion: adds one k tile's products `acc` into the f32 `sums`, block-scaled
/// times their rows' `scale` ([`StageScales`]), for each 64-row half the warpgroup holds.
#[inline(always)]
fn promote_into<C: Sm90Config>(sums: &mut Accs<C>, acc: &Accs<C>, scale: KScales) {
    for h in 0..halves::<C>() {
        if block_scaled::<C>() {
            sums[h].add_row_scaled(&acc[h], scale.rows(h));
        } else {
            sums[h].add(&acc[h]);
        }
    }
}

/// Releases pipeline stage `st` in each CTA of the cluster's `cm`: lane `r < cm` of the
/// warpgroup arrives on CTA `r`'s empty barrier.
#[inline(always)]
fn release_stage(pipe: &PipelineTmaAsync, st: PipelineState, cm: usize) {
    let lane = thread_idx().x % WARPGROUP_SIZE;
    if lane < cm {
        pipe.consumer_release_in(st, lane);
    }
}

/// A consumer warpgroup's accumulators: one per 64-row half (the second unused where it
/// computes one).
type Accs<C> = [<<C as Sm90Config>::Atom as WgmmaSs>::Accum; 2];

/// The stages' words of shared memory for block-wise scales ([`scale_words`]).
type ScaleSmem<L> = Tensor<cutlet_core::cuda::PtrEngine<f32, cutlet_core::cuda::Smem>, L>;

/// Copies k tile `kt`'s block-wise scales ([`BlockScales`]) of output tile `(tm, tn)`
/// into stage `st`'s words ([`scale_words`]), each lane `l` of the producer warpgroup's
/// second warp A's of the tile's rows `l, l + 32, ...`, and lane 0 B's of the tile's
/// 128-column block (`cp.async`, zero past M). The lanes' arrivals on the stage's full
/// barrier, each once its copies complete, publish them with the TMA loads, so the warp
/// never waits for a load and the consumers read their rows' scales from the stage
/// ([`StageScales`]) with no copies or addresses of their own in the k loop. CUTLASS's
/// blockwise collective and DeepGEMM bring the scales with the operands too.
#[inline(always)]
fn copy_stage_scales<C: Sm90Config, L: Layout>(
    p: &GemmArgs,
    s: &BlockScales,
    ((tm, tn), kt): ((usize, usize), usize),
    words: &ScaleSmem<L>,
    st: PipelineState,
) {
    let ([a0, a1], [b0, b1]) = (s.strides.sfa, s.strides.sfb);
    let (lane, m) = (lane_id(), p.m);
    let base = words
        .engine()
        .as_ptr()
        .wrapping_add(st.index() * stage_scale_words::<C>());
    let copy = |dst: usize, src: *const f32, pred: bool| {
        // SAFETY: `src` lies in the launch's scales where `pred` holds (A's `(m,
        // ⌈k/128⌉)` and B's `(⌈n/128⌉, ⌈k/128⌉)` at their strides, the caller's contract
        // on `BlockScales`; `kt < ⌈k/128⌉`, the tile's columns start below `n`); the word
        // is in stage `st`'s, which the warp waited to be empty, and the consumers read
        // it only once the stage's full barrier, which these copies arrive on, completes.
        unsafe { cp_async_ca(base.wrapping_add(dst), src, pred) }
    };
    // Written out, no iterators: a loop left rolled keeps its values in local memory.
    let a = |j: usize| {
        if j < val::<C::Bm>() / WARP_SIZE {
            let row = tm * val::<C::Bm>() + lane + j * WARP_SIZE;
            let src = s.sfa.as_ptr().wrapping_add(row.min(m - 1) * a0 + kt * a1);
            copy(lane + j * WARP_SIZE, src, row < m);
        }
    };
    a(0);
    a(1);
    a(2);
    a(3);
    if lane == 0 {
        let block = tn * val::<C::Bn>() / SCALE_BLOCK;
        copy(
            val::<C::Bm>(),
            s.sfb.as_ptr().wrapping_add(block * b0 + kt * b1),
            true,
        );
    }
}

/// A consumer thread's view of the block-wise scales in the stages ([`copy_stage_scales`]):
/// its two rows in each 64-row half it computes, from GMMA's accumulator layout
/// directly (a `partition_C` here, generic over the configuration's atom, costs rustc
/// minutes of trait solving; cutlet-core's `gmma_accumulators_hold_two_rows_a_thread`
/// checks the rule against it).
#[derive(Clone, Copy)]
struct StageScales<C, L> {
    scale_smem: ScaleSmem<L>,
    /// The thread's rows of each half, as offsets into a stage's words.
    rows: [[usize; 2]; 2],
    config: PhantomData<C>,
}

impl<C: Sm90Config, L: Layout> StageScales<C, L> {
    /// The thread's rows of the halves from `h0`.
    #[inline(always)]
    fn new(scale_smem: ScaleSmem<L>, h0: usize) -> Self {
        // GMMA's accumulator layout (`CLayout_64xN = ((4,8,4),(2,2,N/8)):((128,1,16),
        // (64,8,512))`, (m, n) column-major) puts thread `t` of a 64-row half on rows
        // `16 (t / 32) + t % 32 / 4` and 8 below.
        let lane = thread_idx().x % WARPGROUP_SIZE;
        let r = 16 * (lane / 32) + lane % 32 / 4;
        let second = if halves::<C>() == 2 { h0 + 1 } else { h0 };
        StageScales {
            scale_smem,
            rows: [
                [h0 * 64 + r, h0 * 64 + r + 8],
                [second * 64 + r, second * 64 + r + 8],
            ],
            config: PhantomData,
        }
    }

    /// Stage `st`'s scales of the thread's rows, which the consumer has waited for.
    #[inline(always)]
    fn take(&self, st: PipelineState) -> KScales {
        if !block_scaled::<C>() {
            return KScales::ONE;
        }
        let base = st.index() * stage_scale_words::<C>();
        let at = |w: usize| self.scale_smem.get(base + w);
        let [[r0, r1], [r2, r3]] = self.rows;
        KScales {
            a: [
                [at(r0), at(r1)],
                if halves::<C>() == 2 {
                    [at(r2), at(r3)]
                } else {
                    [0.0; 2]
                },
            ],
            b: at(val::<C::Bm>()),
        }
    }
}

/// One k tile's block-wise scales ([`StageScales::take`]): A's of the thread's two rows
/// in each 64-row half, and B's of the tile's columns.
#[derive(Clone, Copy)]
struct KScales {
    a: [[f32; 2]; 2],
    b: f32,
}

impl KScales {
    /// The scales of the kernels that do not scale.
    const ONE: KScales = KScales {
        a: [[1.0; 2]; 2],
        b: 1.0,
    };

    /// The scales of the thread's two rows of half `h`: A's times B's.
    #[inline(always)]
    fn rows(self, h: usize) -> [f32; 2] {
        [self.a[h][0] * self.b, self.a[h][1] * self.b]
    }
}

/// Stores half `h` of output tile `(tm, tn)` (`(BM, BN)` tiles) from consumer warpgroup
/// `wg`'s accumulators `acc`: at once for a whole tile, through the fix-up for part
/// `part` of split tile `split_tile` (`(split_tile, part, splits, empty)`, empty: no k
/// tiles), where only the part that arrives last stores the sum. A half without rows
/// (the second tile of a cluster pair, or the second half, at an M edge) is skipped by
/// every part alike.
#[inline(always)]
fn store_half<C: Sm90Config>(
    p: GemmArgs,
    out: &Out<C::Out, impl Layout>,
    fixup: &Fixup<impl Layout, impl Layout>,
    (tm, tn, tl): (usize, usize, usize),
    (h, wg): (usize, usize),
    (split_tile, part, splits, empty): (usize, usize, usize, bool),
    acc: &<C::Atom as WgmmaSs>::Accum,
) {
    let bm = val::<C::Bm>();
    let rows = tm * bm + h * 64;
    if rows >= p.m {
        return;
    }
    let (lane, regs) = (thread_idx().x % WARPGROUP_SIZE, val::<C::Bn>() / 2);
    type Regs<C> = <<C as Sm90Config>::Bn as LeafOps>::Div<_2>;
    let unit = (split_tile * (bm / 64) + h, part, splits);
    let me = (wg, lane, 1 + wg as u32);
    let summed = splits > 1 && fixup.reduce::<_, Regs<C>>(acc, empty, unit, me);
    // The epilogue's tile is 128 rows: the half is half `rows / 64 % 2` of its tile
    // `rows / 128` (a 64-row tile is one half of one).
    let (tile, half) = ((rows / 128, tn, tl), (rows / 64 % 2, wg));
    // Two epilogues, the sums' and the accumulators': one choosing per element costs two
    // branches and a reload of the workspace pointer for each (ptxas serializes no
    // wgmma either way: no C7520).
    if summed {
        epilogue::<C>(p, out, tile, half, |i| fixup.total(unit, lane, regs, i));
    } else if splits == 1 {
        epilogue::<C>(p, out, tile, half, |i| acc.get(i));
    }
}

/// Where the epilogue writes: C (read where `beta != 0`), its TMA descriptor and the
/// consumers' `(64, 32, buffer + 2 warpgroup)` shared-memory subtiles
/// ([`EpilogueSmem::buffers`]).
struct Out<O: EpilogueSmem, L> {
    c: GmemPtr<O>,
    tma_c: *const TmaDescriptor,
    epi: Tensor<cutlet_core::cuda::PtrEngine<O, cutlet_core::cuda::Smem, O::Swizzle>, L>,
}

/// `C = alpha acc + beta C` for 64-row half `half` of output tile `(tm, tn)` of batch
/// entry `l`, through consumer warpgroup `wg`'s buffers (a row-major C from registers).
#[inline(always)]
fn epilogue<C: Sm90Config>(
    p: GemmArgs,
    out: &Out<C::Out, impl Layout>,
    tile: (usize, usize, usize),
    (half, wg): (usize, usize),
    acc: impl Fn(usize) -> f32,
) {
    let mma = consumer_mma::<C::Atom>();
    // Only the kernels that take a row-major C carry its stores (the others' epilogues
    // stay as small as they were: ptxas spills the ping-pong ones otherwise).
    if const { sm90_config::<C>().stores_rows() } && p.c_row_major {
        store_rows::<C::Out, _, C::Bn>(p, out.c, mma, tile, half, acc);
    } else {
        store_tile::<C::Out, _, _, C::Bn>(p, out, mma, tile, (half, wg), acc);
    }
}

/// [`epilogue`] over a built TiledMMA `M` and CTA tile `(128, Bn)`. `partition_C` of the tile
/// for the thread of `M` that holds row half `half` gives each accumulator's place: in C
/// (for `beta`), and in the subtile buffers through a view of the whole tile that folds
/// its rows onto warpgroup `wg`'s buffer pair and its `EPI_N`-column subtiles onto
/// alternating buffers. A thread's values of subtile `j` are
/// its values `j * per .. (j + 1) * per` (the GMMA accumulator layout runs over columns
/// last), so the subtile loop is the unrolled value loop: after subtile `j` every
/// writer fences toward the async proxy, the storing thread waits until the store of
/// subtile `j - 1` has read the other buffer (which subtile `j + 1` writes), the
/// warpgroup meets, and that thread stores: one barrier a subtile, and each store runs
/// while the next subtile is written.
/// A warpgroup at a ragged M edge TMA cannot clip stores from its registers.
#[inline(always)]
fn store_tile<O: EpilogueSmem, L: Layout, M: TiledMma, Bn: Leaf>(
    p: GemmArgs,
    out: &Out<O, L>,
    mma: M,
    (tm, tn, tl): (usize, usize, usize),
    (half, wg): (usize, usize),
    acc: impl Fn(usize) -> f32,
) {
    let GemmArgs {
        m,
        n,
        ldc,
        alpha,
        beta,
        ..
    } = p;
    // Per tile, so the 128 values' addresses are not hoisted out of the tile loop into
    // registers the accumulators need.
    let ldc = launder(ldc);
    // Likewise the lane: the swizzled buffer addresses of its 128 values depend on it.
    let lane = launder(thread_idx().x % WARPGROUP_SIZE);
    let signals = lane == 0;
    let thr = mma.get_slice(half * WARPGROUP_SIZE + lane);
    let (tile, bn) = ((_128::new(), Bn::conjure()), val::<Bn>());
    let (l, sl) = (p.l, p.stride_l[2]);
    // SAFETY: C holds `l` entries (m, n) column-major with `ldc`, `sl` apart (the caller's
    // contract); every access is predicated on its identity coordinate lying inside (m, n).
    // The batch is the TMA store's tensor, `mC_mnl`; the tile's entry is its slice.
    let gc_mnl = unsafe { make_gmem_tensor(out.c, layout!((m, n, l):(1, ldc, sl))) };
    let gc = gc_mnl.slice((X, X, tl));
    let mut tc = thr.partition_c(local_tile(gc, tile.as_tiler(), (tm, tn)));
    let ic = thr.partition_c(local_tile(
        make_identity_tensor(shape!((m, n))),
        tile.as_tiler(),
        (tm, tn),
    ));
    // The CTA tile's (row, column) -> buffer coordinate: rows (64, both halves onto
    // one pair), columns (32, 2 buffers, subtile pairs sharing them; a 32-column tile
    // is one subtile in one buffer), composed with the buffers' layout, from the
    // warpgroup's pair (buffer `2 wg`).
    // All static (a dynamic extent here would make the composition a run-time algorithm).
    type Subtiles<Bn> = <Bn as LeafOps>::Div<_32>;
    let buffers = <Subtiles<Bn> as LeafOps>::Min::<_2>::conjure();
    let pairs = <<Bn as LeafOps>::Div<_64> as LeafOps>::Max::<_1>::conjure();
    let fold = cutlet_core::layout::StridedLayout::new(
        (shape!((64, 2)), (_32::new(), (buffers, pairs))),
        (shape!((1, 0)), (_64::new(), (shape!(2048), _0::new()))),
    );
    let mut ts = thr.partition_c(Tensor::from_parts(
        *out.epi.slice((X, X, 2 * wg)).engine(),
        composition(out.epi.layout(), fold),
    ));
    // TMA boxes of a subtile: 128 bytes of rows each (the swizzle's span).
    let br = 128 / core::mem::size_of::<O>();
    let per = tc.size().value() as usize * EPI_N / bn;
    let bar = 1 + wg as u32;
    // TMA drops a store's elements past C's contiguous extent only in 16-byte units: a
    // warpgroup whose rows cross an extent that is not a whole number of them stores
    // from its registers (the same for every thread of it, so its barriers stay whole).
    let rows = tm * 128 + half * 64;
    if rows >= m {
        return;
    }
    let direct = rows + 64 > m && !(m * core::mem::size_of::<O>()).is_multiple_of(16);
    // `alpha acc + beta C` of value `v`, and whether it lies inside C.
    let c_in = tc;
    let value = |v: usize| {
        let (r, col) = ic.get(v);
        let inside = r < m as isize && col < n as isize;
        let mut x = alpha * acc(v);
        if beta != 0.0 && inside {
            x += beta * c_in.get(v).to_f32();
        }
        (O::from_f32(x), inside)
    };
    if direct {
        tc.size().for_each_index(
            #[inline(always)]
            |v| {
                let (x, inside) = value(v);
                if inside {
                    tc.set(v, x);
                }
            },
        );
        return;
    }
    // Value `v`'s place in its subtile, and at each subtile's last value its store.
    let mut emit = |v: usize, x: O| {
        let j = v / per;
        ts.set(v, x);
        if v % per == per - 1 {
            tma_store_fence();
            // The store before this one (from the other buffer, which the next
            // subtile writes) has read it: it ran while this subtile was written.
            // (A no-op in the threads that store nothing.)
            tma_store_wait::<0>();
            named_barrier_sync(bar, WARPGROUP_SIZE as u32);
            if signals {
                for i in 0..64 / br {
                    let b = out.epi.slice((i * br, X, j % 2 + 2 * wg));
                    let src = b.engine().as_ptr().wrapping_offset(b.engine().origin());
                    let at = [
                        (rows + i * br) as i32,
                        (tn * bn + j * EPI_N) as i32,
                        tl as i32,
                    ];
                    // SAFETY: the descriptor is live; the buffer is complete (the
                    // barrier above) and not rewritten before the barrier that
                    // follows the next subtile's `tma_store_wait`.
                    unsafe { tma_store(out.tma_c, src, at) };
                }
                tma_store_arrive();
            }
        }
    };
    // `beta == 0` (the common case, and BLAS's promise not to read C) decided once per
    // tile: its loop is a multiply and a shared store a value, with no branch between
    // them, so the code a ping-pong epilogue runs beside the other warpgroup's main loop
    // is a fraction of the general loop's (ping-pong stalled on instruction fetch at short
    // K, `ncu23-k1024-clock-none.txt`).
    if beta == 0.0 {
        tc.size().for_each_index(
            #[inline(always)]
            |v| emit(v, O::from_f32(alpha * acc(v))),
        );
    } else {
        tc.size().for_each_index(
            #[inline(always)]
            |v| emit(v, value(v).0),
        );
    }
}

/// [`epilogue`] into a row-major C, `(m, n):(ldc, 1)`: each thread stores its values
/// inside C from its registers, at `partition_C`'s places (the tiles that run it are
/// small, their products memory-bound on the large operand).
#[inline(always)]
fn store_rows<O: GemmOutput, M: TiledMma, Bn: Leaf>(
    p: GemmArgs,
    c: GmemPtr<O>,
    mma: M,
    (tm, tn, tl): (usize, usize, usize),
    half: usize,
    acc: impl Fn(usize) -> f32,
) {
    let GemmArgs {
        m,
        n,
        ldc,
        alpha,
        beta,
        ..
    } = p;
    let thr = mma.get_slice(half * WARPGROUP_SIZE + thread_idx().x % WARPGROUP_SIZE);
    let tile = (_128::new(), Bn::conjure());
    let (l, sl) = (p.l, p.stride_l[2]);
    // SAFETY: C holds `l` entries (m, n) row-major with `ldc`, `sl` apart (the caller's
    // contract); every access is predicated on its identity coordinate lying inside (m, n).
    let gc_mnl = unsafe { make_gmem_tensor(c, layout!((m, n, l):(ldc, 1, sl))) };
    let gc = gc_mnl.slice((X, X, tl));
    let mut tc = thr.partition_c(local_tile(gc, tile.as_tiler(), (tm, tn)));
    let ic = thr.partition_c(local_tile(
        make_identity_tensor(shape!((m, n))),
        tile.as_tiler(),
        (tm, tn),
    ));
    tc.size().for_each_index(
        #[inline(always)]
        |v| {
            let (r, col) = ic.get(v);
            if r < m as isize && col < n as isize {
                let mut x = alpha * acc(v);
                if beta != 0.0 {
                    x += beta * tc.get(v).to_f32();
                }
                tc.set(v, O::from_f32(x));
            }
        },
    );
}
