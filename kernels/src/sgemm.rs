//! SIMT SGEMM, CuTe's tutorial structure (`sgemm_1.cu`) in cutlet: `C = alpha A B + beta C`.
//!
//! - CTA tile `(BM, BN, BK) = (128, 128, 8)` by `local_tile` of the `(M, N, K)` problem;
//! - A and B tiles copied global → shared through a `TiledCopy` (256 threads `(32, 8)`,
//!   4 values each), predicated on the identity tensor partitioned the same way (zero
//!   fill outside); each operand's major ([`SimtMajor`]) picks the thread arrangement and
//!   the shared tile, as CuTe's `gemm_nt` and `gemm_tn` do: an M-/N-major operand's
//!   threads run down the rows into an M-major `(128, 8)` tile, a K-major one's along k
//!   into a K-major tile padded to 9 per row (the MMA's 16 rows of a warp hit 16 banks);
//! - a `UniversalFMA` `TiledMMA` over 16x16 threads: `partition_A/B/C` and
//!   `partition_fragment_C` give each thread its `(1, 8, 8)` slices and accumulators,
//!   sized at compile time;
//! - `gemm_with(tiled_mma, ..)` (CuTe's `gemm(tiled_mma, tCsA, tCsB, tCrC)`) over each
//!   `BK` slice, two shared buffers so that the next tile is loaded while the current
//!   one is consumed (one barrier per `k` tile);
//! - epilogue `alpha * acc + beta * C`, predicated.
//!
//! A is `(m, k)` and B `(n, k)` (CuTe's convention B(N,K)), each M-/N- or K-major
//! ([`MnMajor`], [`KMajor`]) with leading dimension `lda`/`ldb`; C is `m x n`
//! column-major (`ldc`).

use crate::gemm::{GemmArgs, GemmConfig, KMajor, Major, MnMajor, TileSchedule};
use cutlet_core::atom::TiledMma;
use cutlet_core::atom::{Copy_Atom, UniversalCopy, UniversalFMA, make_tiled_copy, make_tiled_mma};
use cutlet_core::cuda::{
    Gmem, GmemPtr, PtrEngine, Smem, SmemBuffer, block_idx, make_gmem_tensor, syncthreads,
    thread_idx,
};
use cutlet_core::prelude::*;

/// Threads per block.
pub const SGEMM_THREADS: usize = 256;
/// Dynamic shared memory a launch needs: two stages of A and B tiles (a K-major one
/// padded to 9 per row), bytes.
pub const SGEMM_SMEM: usize = 2 * 2 * 128 * 9 * 4;

/// How SIMT SGEMM stages an operand of one major in shared memory.
///
/// ```
/// use cutlet_kernels::gemm::{KMajor, MnMajor};
/// use cutlet_kernels::sgemm::SimtMajor;
/// assert_eq!(MnMajor::smem_stages().to_string(), "(_128,_8,_2):(_1,_128,_1024)");
/// assert_eq!(KMajor::smem_stages().to_string(), "(_128,_8,_2):(_9,_1,_1152)");
/// ```
pub trait SimtMajor: Major {
    /// Two `(128, 8)` stages.
    fn smem_stages() -> impl Layout;
    /// The copy's `(32, 8)` threads over a `(rows, k)` tile, along the contiguous mode
    /// first so that neighbouring threads read neighbouring addresses.
    fn copy_threads() -> impl Layout;
}
impl SimtMajor for MnMajor {
    #[inline(always)]
    fn smem_stages() -> impl Layout {
        layout!((128, 8, 2))
    }
    #[inline(always)]
    fn copy_threads() -> impl Layout {
        layout!((32, 8))
    }
}
impl SimtMajor for KMajor {
    #[inline(always)]
    fn smem_stages() -> impl Layout {
        layout!((128, 8, 2):(9, 1, 1152))
    }
    #[inline(always)]
    fn copy_threads() -> impl Layout {
        layout!((32, 8):(8, 1))
    }
}

/// A configuration of [`sgemm`]: its name and the operands' majors (the tile is fixed).
///
/// ```
/// use cutlet_kernels::gemm::{KMajor, MnMajor};
/// use cutlet_kernels::sgemm::{SimtConfig, sgemm_config};
/// struct Nt;
/// impl SimtConfig for Nt {
///     const NAME: &'static str = "nt";
///     type A = MnMajor;
///     type B = MnMajor;
/// }
/// assert_eq!(sgemm_config::<Nt>().launch(129, 1, 0).grid.volume(), 2);
/// ```
pub trait SimtConfig: 'static {
    /// The kernel's name (the PTX entry is `cutlet_` and this).
    const NAME: &'static str;
    /// A's major mode.
    type A: SimtMajor;
    /// B's major mode.
    type B: SimtMajor;
}

/// The [`GemmConfig`] of a configuration: `(128, 128, 8)` tiles, one CTA each, of
/// [`SGEMM_THREADS`] threads with [`SGEMM_SMEM`] bytes.
///
/// ```
/// use cutlet_kernels::{registry::simt::SgemmTn, sgemm::sgemm_config};
/// let c = sgemm_config::<SgemmTn>();
/// assert_eq!((c.name, c.tile, c.threads), ("sgemm_tn", (128, 128, 8), 256));
/// ```
pub const fn sgemm_config<C: SimtConfig>() -> GemmConfig {
    GemmConfig {
        name: C::NAME,
        a_kmajor: C::A::K_MAJOR,
        b_kmajor: C::B::K_MAJOR,
        tile: (128, 128, 8),
        stages: 2,
        threads: SGEMM_THREADS,
        smem: SGEMM_SMEM,
        cluster_m: 1,
        fast_accum: false,
        block_scaled: false,
        schedule: TileSchedule::PerTile,
    }
}

/// `C = alpha A Bᵀ + beta C` with A and B of majors `MA` and `MB` (see the module docs
/// for the operand layouts). Launch [`sgemm_config`]'s `launch(m, n, 0)`.
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::gemm::{GemmArgs, MnMajor};
/// use cutlet_kernels::registry::simt::SgemmNt;
/// use cutlet_kernels::sgemm::*;
/// let (m, n, k) = (3, 2, 5);
/// let a = DeviceVec::from_slice(&vec![1.0f32; m * k]);
/// let b = DeviceVec::from_slice(&vec![2.0f32; n * k]);
/// let c = DeviceVec::from_slice(&vec![1.0f32; m * n]);
/// let args = GemmArgs { m, n, k, lda: m, ldb: n, ldc: m, alpha: 1.0, beta: 0.5, c_row_major: false, l: 1, stride_l: [0; 3] };
/// let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
/// emu::launch_config(sgemm_config::<SgemmNt>().launch(m, n, 0), || sgemm::<MnMajor, MnMajor>(args, pa, pb, pc)).unwrap();
/// assert_eq!(c.as_slice(), [10.5; 6]);
/// ```
#[inline(always)]
pub fn sgemm<MA: SimtMajor, MB: SimtMajor>(
    p: GemmArgs,
    a: GmemPtr<f32>,
    b: GmemPtr<f32>,
    c: GmemPtr<f32>,
) {
    // Batch entry `blockIdx.z` (CuTe's `mA_mkl(_, _, l)`).
    let (a, b, c) = p.entry(block_idx().z, (a, b, c));
    let GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        ..
    } = p;
    // SAFETY: A holds lda*k, B ldb*k, C ldc*n elements (the caller's contract); every global
    // access below is predicated on its identity coordinate lying inside (m, k), (n, k)
    // or (m, n); C's elements are each owned by one thread.
    let (ma, mb, mc) = unsafe {
        (
            make_gmem_tensor(a, MA::gmem(m, k, lda)),
            make_gmem_tensor(b, MB::gmem(n, k, ldb)),
            make_gmem_tensor(c, layout!((m, n):(1, ldc))),
        )
    };

    // Shared memory: two stages of (128, 8) tiles for A and B.
    let mut smem = SmemBuffer::dynamic();
    // SAFETY: each element is written by one thread of the copy partition and read after
    // the barrier that follows; a stage is rewritten only after the barrier that ends its
    // use.
    let (sa, sb) = unsafe {
        (
            smem.alloc::<f32, _>(MA::smem_stages()),
            smem.alloc::<f32, _>(MB::smem_stages()),
        )
    };

    // Compute: CuTe's TiledMMA of UniversalFMA over 16x16 threads; each thread's C
    // fragment is (1, 8, 8) = 64 f32, sized at compile time.
    let mma = make_tiled_mma(
        UniversalFMA::<f32, f32, f32, f32>::default(),
        layout!((16, 16, 1):(1, 16, 0)),
    );
    mainloop(
        p,
        mma,
        (ma, mb, mc),
        (sa, sb),
        (MA::copy_threads(), MB::copy_threads()),
    );
}

type Gmem2<L> = Tensor<PtrEngine<f32, Gmem>, L>;
type Smem3<L> = Tensor<PtrEngine<f32, Smem>, L>;

/// The main loop and the epilogue over the built MMA `M`, the operands' global layouts
/// `La`/`Lb`/`Lc`, their shared stages `Sa`/`Sb` and the copies' thread layouts
/// `Ta`/`Tb`. A layer generic over what [`sgemm`] built, so that the algebra below
/// sees one type parameter per value (`results/compile-time-log.md`, the kernels' staging
/// rule).
#[inline(always)]
fn mainloop<M, La, Lb, Lc, Sa, Sb, Ta, Tb>(
    p: GemmArgs,
    mma: M,
    (ma, mb, mc): (Gmem2<La>, Gmem2<Lb>, Gmem2<Lc>),
    (sa, sb): (Smem3<Sa>, Smem3<Sb>),
    (thr_a, thr_b): (Ta, Tb),
) where
    M: TiledMma<Atom = UniversalFMA<f32, f32, f32, f32>>,
    La: Layout,
    Lb: Layout,
    Lc: Layout,
    Sa: Layout,
    Sb: Layout,
    Ta: Layout,
    Tb: Layout,
{
    let GemmArgs {
        m,
        n,
        k,
        alpha,
        beta,
        ..
    } = p;
    let (bm, bn) = (block_idx().x, block_idx().y);
    let tid = thread_idx().x;

    // Global -> shared: CuTe's TiledCopy of 256 threads (32, 8), one value each per
    // (32, 8) tile; the (128, 8) tile is 4 of them along the rows.
    let atom = Copy_Atom::<UniversalCopy<f32>, f32>::new;
    let g2s_a = make_tiled_copy(atom(), thr_a, layout!((1, 1)));
    let g2s_b = make_tiled_copy(atom(), thr_b, layout!((1, 1)));
    let (thr_a, thr_b) = (g2s_a.get_slice(tid), g2s_b.get_slice(tid));

    // The CTA's C tile (128, 128); its A and B tiles (128, 8) are taken per k tile.
    let gc = local_tile(mc, shape!((128, 128)), (bm, bn));
    let cc = local_tile(
        make_identity_tensor(shape!((m, n))),
        shape!((128, 128)),
        (bm, bn),
    );
    let (ia, ib) = (
        make_identity_tensor(shape!((m, k))),
        make_identity_tensor(shape!((n, k))),
    );
    let thr = mma.get_slice(tid);
    let tcgc = thr.partition_c(gc); // (1, 8, 8)
    let tccc = thr.partition_c(cc);
    let mut acc = thr.partition_fragment_c(layout!((128, 128))); // zeroed

    let (mi, ni, ki) = (m as isize, n as isize, k as isize);
    let k_tiles = k.div_ceil(8);
    // Copies k tile `kt` into shared stage `stage`, zero outside the matrices (CuTe's
    // copy_if after clearing the tile, in one pass).
    let load = |kt: usize, stage: usize| {
        let tile = shape!((128, 8));
        let tag = thr_a.partition_s(local_tile(ma, tile, (bm, kt))); // ((1, 1), 4, 1)
        let tbg = thr_b.partition_s(local_tile(mb, tile, (bn, kt)));
        let tac = thr_a.partition_s(local_tile(ia, tile, (bm, kt)));
        let tbc = thr_b.partition_s(local_tile(ib, tile, (bn, kt)));
        let mut tas = thr_a.partition_d(sa.slice((X, X, stage)));
        let mut tbs = thr_b.partition_d(sb.slice((X, X, stage)));
        unroll!(for i in 0..4 {
            let (x, y) = tac.get(i);
            tas.set(i, if x < mi && y < ki { tag.get(i) } else { 0.0 });
            let (x, y) = tbc.get(i);
            tbs.set(i, if x < ni && y < ki { tbg.get(i) } else { 0.0 });
        });
    };
    load(0, 0);
    syncthreads();
    for kt in 0..k_tiles {
        let stage = kt % 2;
        if kt + 1 < k_tiles {
            load(kt + 1, 1 - stage);
        }
        // CuTe's gemm(tiled_mma, tCsA, tCsB, tCrC) on this stage: (1, 8, 8) x (1, 8, 8).
        let tcsa = thr.partition_a(sa.slice((X, X, stage)));
        let tcsb = thr.partition_b(sb.slice((X, X, stage)));
        gemm_with(mma, &tcsa, &tcsb, &mut acc);
        syncthreads();
    }

    let mut tcgc = tcgc;
    unroll!(for j in 0..8 {
        unroll!(for i in 0..8 {
            let (x, y) = tccc.get((0usize, i, j));
            if x < mi && y < ni {
                let old = if beta == 0.0 {
                    0.0
                } else {
                    tcgc.get((0usize, i, j))
                };
                tcgc.set((0usize, i, j), alpha * acc.get((0usize, i, j)) + beta * old);
            }
        });
    });
}
