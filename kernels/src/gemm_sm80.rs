//! Tensor-core GEMM in CuTe's SM80 style: `C = alpha A Bᵀ + beta C` with A `(m, k)` and
//! B `(n, k)` both K-major in f16 or bf16 (CuTe's "TN"), C `(m, n)` column-major f32,
//! accumulation in f32.
//!
//! - CTA tile 128x128x64 by `local_tile`; 128 threads = 4 warps arranged 2x2, each warp
//!   owning a 64x64 block of C as 4x8 `mma.sync` m16n8k16 atoms (CuTe's TiledMMA with
//!   atom layout (2,2,1) and a 4x8 value repetition), so a thread's accumulator fragment
//!   is `((2,2),4,8)` = 128 `f32`, sized at compile time;
//! - global → shared by `cp.async` 16-byte copies in a 3-stage pipeline, each thread
//!   moving an `(8,1)` slice of the `(128,8)` tile of 16-byte chunks (partitioned with
//!   `local_partition`), zero-filled outside the matrices (predicates from the identity
//!   tensor);
//! - shared memory swizzled: `tile_to_shape` of CuTe's SM80 K-major 128-byte atom
//!   `Sw<3,3,3> o (_8,_64):(_64,_1)` (in 16-byte chunks, `upcast::<8>`:
//!   `Sw<3,0,3> o (_8,_8):(_8,_1)`) to the `(128, 8, stages)` tile, so every `ldmatrix`
//!   phase hits eight distinct bank groups without padding;
//! - shared → registers by `ldmatrix.x4` (A: one 16x16 block per call; B: two 8x16 blocks);
//! - epilogue straight from the accumulators, predicated on the identity tensor of C.
//!
//! Requirements of the 16-byte path: `k`, `lda` and `ldb` are multiples of 8.

use cutlet::cuda::cp_async::{cp_async_cg, cp_async_fence, cp_async_wait};
use cutlet::cuda::ldmatrix::SM75_U32x4_LDSM_N;
use cutlet::cuda::mma::Mma16x8x16;
use cutlet::cuda::{
    GmemPtr, SmemBuffer, U128, block_idx, lane_id, make_gmem_tensor, syncthreads, thread_idx,
    warp_id,
};
use cutlet::prelude::*;

/// Threads per block: four warps.
pub const GEMM_THREADS: usize = 128;
/// Pipeline depth.
pub const GEMM_STAGES: usize = 3;
/// Dynamic shared memory per block: stages of swizzled A and B tiles.
pub const GEMM_SMEM: usize = GEMM_STAGES * 2 * 128 * 8 * 16;

/// The problem; element pointers are passed separately.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct GemmArgs {
    /// Rows of A and C.
    pub m: usize,
    /// Rows of B, columns of C.
    pub n: usize,
    /// The reduction extent (a multiple of 8).
    pub k: usize,
    /// Leading dimension of A (K-major; a multiple of 8, `>= k`).
    pub lda: usize,
    /// Leading dimension of B (K-major; a multiple of 8, `>= k`).
    pub ldb: usize,
    /// Leading dimension of C (column-major, `>= m`).
    pub ldc: usize,
    /// Scales `A Bᵀ`.
    pub alpha: f32,
    /// Scales C.
    pub beta: f32,
}

/// The grid for an `m x n` product.
///
/// ```
/// assert_eq!(cutlet_kernels::gemm_sm80::gemm_grid(129, 128).volume(), 2);
/// ```
pub fn gemm_grid(m: usize, n: usize) -> cutlet::cuda::Dim3 {
    cutlet::cuda::Dim3::xy(m.div_ceil(128).max(1), n.div_ceil(128).max(1))
}

/// The kernel; `M` is the MMA atom (`SM80_16x8x16_F32F16F16F32_TN` or its bf16 twin), A
/// and B hold 16-bit elements. Launch [`gemm_grid`] blocks of [`GEMM_THREADS`] with
/// [`GEMM_SMEM`] bytes.
///
/// ```
/// use cutlet::cuda::{emu::{self, DeviceVec}, mma::SM80_16x8x16_F32BF16BF16F32_TN as Bf16, Dim3};
/// use cutlet_kernels::gemm_sm80::*;
/// use half::bf16;
/// let (m, n, k) = (20, 10, 16);
/// let a = DeviceVec::from_slice(&vec![bf16::from_f32(1.0); m * k]);
/// let b = DeviceVec::from_slice(&vec![bf16::from_f32(0.5); n * k]);
/// let c = DeviceVec::<f32>::zeroed(m * n);
/// let p = GemmArgs { m, n, k, lda: k, ldb: k, ldc: m, alpha: 1.0, beta: 0.0 };
/// let (pa, pb, pc) = (a.ptr().cast(), b.ptr().cast(), c.ptr());
/// emu::launch(gemm_grid(m, n), Dim3::x(GEMM_THREADS), GEMM_SMEM, || gemm::<Bf16>(p, pa, pb, pc)).unwrap();
/// assert_eq!(c.as_slice(), vec![8.0; m * n]);
/// ```
#[inline(always)]
pub fn gemm<M: Mma16x8x16>(p: GemmArgs, a: GmemPtr<U128>, b: GmemPtr<U128>, c: GmemPtr<f32>) {
    let GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        alpha,
        beta,
    } = p;
    let (kc, ldac, ldbc) = (k / 8, lda / 8, ldb / 8); // in 16-byte chunks
    // SAFETY: A holds m*lda and B n*ldb 16-bit elements, C ldc*n f32 (the caller's
    // contract); every global access below is predicated on its identity coordinate
    // lying inside (m, kc), (n, kc) or (m, n), and C's elements each belong to one thread.
    let (ga, gb, gc) = unsafe {
        (
            make_gmem_tensor(a, layout!((m, kc):(ldac, 1))),
            make_gmem_tensor(b, layout!((n, kc):(ldbc, 1))),
            make_gmem_tensor(c, layout!((m, n):(1, ldc))),
        )
    };
    let (ia, ib) = (
        make_identity_tensor(shape!((m, kc))),
        make_identity_tensor(shape!((n, kc))),
    );
    let (bm, bn) = (block_idx().x, block_idx().y);
    let tid = thread_idx().x;

    // Shared memory: GEMM_STAGES swizzled (128, 8) tiles of 16-byte chunks for A and B.
    let smem_layout = tile_to_shape(
        upcast::<8, _>(Sm80_SmemAtom_K_SW128::default()),
        shape!((128, 8, 3)),
    );
    let mut smem = SmemBuffer::dynamic();
    // SAFETY: written only through cp.async and read (ldmatrix) after the wait and the
    // barrier that cover the stage; a stage is refilled only after the barrier that ends
    // its last read.
    let (sa, sb) = unsafe {
        (
            smem.alloc::<U128, _>(smem_layout),
            smem.alloc::<U128, _>(smem_layout),
        )
    };

    // Copy partition: threads (16, 8) over the (128, 8) chunk tile, 8 rows each.
    let tcopy = layout!((16, 8):(8, 1));
    let load = |kt: usize, stage: usize| {
        let tile = shape!((128, 8));
        let tag = local_partition(local_tile(ga, tile, (bm, kt)), tcopy, tid);
        let tbg = local_partition(local_tile(gb, tile, (bn, kt)), tcopy, tid);
        let tai = local_partition(local_tile(ia, tile, (bm, kt)), tcopy, tid);
        let tbi = local_partition(local_tile(ib, tile, (bn, kt)), tcopy, tid);
        let mut tas = local_partition(sa, tcopy, tid);
        let mut tbs = local_partition(sb, tcopy, tid);
        let (mi, ni, ki) = (m as isize, n as isize, kc as isize);
        unroll!(for i in 0..8 {
            let (r, c) = tai.get(i);
            let ok = r < mi && c < ki;
            let src: *const U128 = if ok { &tag[i] } else { core::ptr::null() };
            // SAFETY: the source is read only when inside A; the destination is this
            // thread's chunk of the stage, untouched until the wait for this group.
            unsafe { cp_async_cg(&mut tas[(i, 0usize, stage)], src, ok) };
            let (r, c) = tbi.get(i);
            let ok = r < ni && c < ki;
            let src: *const U128 = if ok { &tbg[i] } else { core::ptr::null() };
            // SAFETY: as above, for B.
            unsafe { cp_async_cg(&mut tbs[(i, 0usize, stage)], src, ok) };
        });
    };

    // Warps 2x2 over the 128x128 tile; each holds 4x8 m16n8 accumulators.
    let (wm, wn) = (warp_id() % 2, warp_id() / 2);
    let lane = lane_id();
    let mut acc = make_owned_tensor::<f32, _>(layout!((4, 4, 8)));
    unroll!(for v in 0..128 {
        acc[v] = 0.0;
    });

    let k_tiles = kc.div_ceil(8);
    // Iteration `it` loads k tile `it` and computes k tile `it - 2`: GEMM_STAGES - 1 = 2
    // tiles stay in flight. (One loop, one load site, so `load` inlines.)
    for it in 0..k_tiles + 2 {
        if it >= 2 {
            // Tile it - 2 has landed (at most the newest group is pending), and every warp
            // is done with the stage the load below refills (read at iteration it - 1).
            cp_async_wait::<1>();
            syncthreads();
        }
        if it < k_tiles {
            load(it, it % GEMM_STAGES);
        }
        cp_async_fence();
        if it < 2 {
            continue;
        }
        let stage = (it - 2) % GEMM_STAGES;
        unroll!(for ks in 0..4 {
            // A: 4 blocks of 16x16; lane supplies row (lane % 16), chunk 2 ks + lane / 16.
            let mut af = [[0u32; 4]; 4];
            unroll!(for i in 0..4 {
                let row = wm * 64 + 16 * i + lane % 16;
                af[i] = SM75_U32x4_LDSM_N::copy(&sa[(row, 2 * ks + lane / 16, stage)]);
            });
            // B: 4 pairs of 8x16 blocks; lane supplies row (lane % 8) + 8 (lane / 16),
            // chunk 2 ks + (lane / 8) % 2.
            let mut bf = [[0u32; 2]; 8];
            unroll!(for j in 0..4 {
                let row = wn * 64 + 16 * j + lane % 8 + 8 * (lane / 16);
                let r = SM75_U32x4_LDSM_N::copy(&sb[(row, 2 * ks + (lane / 8) % 2, stage)]);
                bf[2 * j] = [r[0], r[1]];
                bf[2 * j + 1] = [r[2], r[3]];
            });
            unroll!(for j in 0..8 {
                unroll!(for i in 0..4 {
                    let c = [
                        acc.get((0usize, i, j)),
                        acc.get((1usize, i, j)),
                        acc.get((2usize, i, j)),
                        acc.get((3usize, i, j)),
                    ];
                    let d = M::mma(af[i], bf[j], c);
                    unroll!(for v in 0..4 {
                        acc[(v, i, j)] = d[v];
                    });
                });
            });
        });
    }
    cp_async_wait::<0>();

    // Epilogue: accumulator value v of atom (i, j) is C element
    // (16 i + g + 8 (v / 2), 8 j + 2 t + v % 2) of the warp's block (CuTe's CLayout).
    let cc = local_tile(
        make_identity_tensor(shape!((m, n))),
        shape!((128, 128)),
        (bm, bn),
    );
    let mut gct = local_tile(gc, shape!((128, 128)), (bm, bn));
    let (g, t) = (lane / 4, lane % 4);
    let (mi, ni) = (m as isize, n as isize);
    unroll!(for j in 0..8 {
        unroll!(for i in 0..4 {
            unroll!(for v in 0..4 {
                let r = wm * 64 + 16 * i + g + 8 * (v / 2);
                let col = wn * 64 + 8 * j + 2 * t + v % 2;
                let (x, y) = cc.get((r, col));
                if x < mi && y < ni {
                    let old = if beta == 0.0 { 0.0 } else { gct.get((r, col)) };
                    gct.set((r, col), alpha * acc.get((v, i, j)) + beta * old);
                }
            });
        });
    });
}
