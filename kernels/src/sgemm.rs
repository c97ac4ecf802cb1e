//! SIMT SGEMM, CuTe's tutorial structure (`sgemm_1.cu`) in cutlet: `C = alpha A B + beta C`.
//!
//! - CTA tile `(BM, BN, BK) = (128, 128, 8)` by `local_tile` of the `(M, N, K)` problem;
//! - A and B tiles copied global → shared by 256 threads arranged `(32, 8)`, predicated
//!   on the identity tensor (zero fill outside), shared tiles `(128, 8)` M- and N-major;
//! - 256 threads arranged `(16, 16)` each own an `8 x 8` accumulator fragment
//!   (`local_partition` with CuTe's projections: A by thread mode 0, B by mode 1, C by
//!   both) sized at compile time;
//! - a register-level `gemm` over each `BK` slice, two shared buffers so that the next
//!   tile is loaded while the current one is consumed (one barrier per `k` tile);
//! - epilogue `alpha * acc + beta * C`, predicated.
//!
//! A is `m x k` column-major (`lda`), B is `n x k` column-major (`ldb`, CuTe's "TN"
//! convention B(N,K)), C is `m x n` column-major (`ldc`).

use cutlet::cuda::{
    GmemPtr, SmemBuffer, block_idx, fma, make_gmem_tensor, syncthreads, thread_idx,
};
use cutlet::prelude::*;

/// Threads per block.
pub const SGEMM_THREADS: usize = 256;
/// Dynamic shared memory a launch needs: two stages of A and B tiles, bytes.
pub const SGEMM_SMEM: usize = 2 * 2 * 128 * 8 * 4;

/// The grid for an `m x n` product.
///
/// ```
/// assert_eq!(cutlet_kernels::sgemm::sgemm_grid(129, 1).volume(), 2);
/// ```
pub fn sgemm_grid(m: usize, n: usize) -> cutlet::cuda::Dim3 {
    cutlet::cuda::Dim3::xy(m.div_ceil(128).max(1), n.div_ceil(128).max(1))
}

/// The problem: sizes, leading dimensions, scalars.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct SgemmArgs {
    /// Rows of A and C.
    pub m: usize,
    /// Columns of C, rows of B.
    pub n: usize,
    /// The reduction extent.
    pub k: usize,
    /// Leading dimension of A (`>= m`).
    pub lda: usize,
    /// Leading dimension of B (`>= n`).
    pub ldb: usize,
    /// Leading dimension of C (`>= m`).
    pub ldc: usize,
    /// Scales `A B`.
    pub alpha: f32,
    /// Scales C.
    pub beta: f32,
}

/// `C = alpha A Bᵀ... ` see the module docs for the operand layouts. Launch
/// [`sgemm_grid`] blocks of [`SGEMM_THREADS`] threads with [`SGEMM_SMEM`] bytes.
///
/// ```
/// use cutlet::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::sgemm::*;
/// let (m, n, k) = (3, 2, 5);
/// let a = DeviceVec::from_slice(&vec![1.0f32; m * k]);
/// let b = DeviceVec::from_slice(&vec![2.0f32; n * k]);
/// let c = DeviceVec::from_slice(&vec![1.0f32; m * n]);
/// let args = SgemmArgs { m, n, k, lda: m, ldb: n, ldc: m, alpha: 1.0, beta: 0.5 };
/// let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
/// emu::launch(sgemm_grid(m, n), Dim3::x(SGEMM_THREADS), SGEMM_SMEM, || sgemm(args, pa, pb, pc)).unwrap();
/// assert_eq!(c.as_slice(), [10.5; 6]);
/// ```
#[inline(always)]
pub fn sgemm(p: SgemmArgs, a: GmemPtr<f32>, b: GmemPtr<f32>, c: GmemPtr<f32>) {
    let SgemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        alpha,
        beta,
    } = p;
    // SAFETY: A holds lda*k, B ldb*k, C ldc*n elements (the caller's contract); every global
    // access below is predicated on its identity coordinate lying inside (m, k), (n, k)
    // or (m, n); C's elements are each owned by one thread.
    let (ma, mb, mc) = unsafe {
        (
            make_gmem_tensor(a, layout!((m, k):(1, lda))),
            make_gmem_tensor(b, layout!((n, k):(1, ldb))),
            make_gmem_tensor(c, layout!((m, n):(1, ldc))),
        )
    };
    let (bm, bn) = (block_idx().x, block_idx().y);
    let tid = thread_idx().x;

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

    // Shared memory: two stages of (128, 8) M-major tiles for A and B.
    let mut smem = SmemBuffer::dynamic();
    // SAFETY: each element is written by one thread of the copy partition and read after
    // the barrier that follows; a stage is rewritten only after the barrier that ends its
    // use.
    let (sa, sb) = unsafe {
        (
            smem.alloc::<f32, _>(layout!((128, 8, 2))),
            smem.alloc::<f32, _>(layout!((128, 8, 2))),
        )
    };

    // Global -> shared copy partitions: threads (32, 8), 4 values each per k tile.
    let tcopy = layout!((32, 8));
    let tas = local_partition(sa, tcopy, tid); // (4, 1, 2 stages)
    let tbs = local_partition(sb, tcopy, tid);

    // Compute partitions: threads (16, 16); A by thread mode 0, B by mode 1.
    let tc_thr = layout!((16, 16));
    let (tm, tn) = (tid % 16, tid / 16);
    let tcsa = local_partition(sa, layout!(16), tm); // (8, 8, 2)
    let tcsb = local_partition(sb, layout!(16), tn); // (8, 8, 2)
    let tcgc = local_partition(gc, tc_thr, tid); // (8, 8)
    let tccc = local_partition(cc, tc_thr, tid);
    let mut acc = make_fragment_like(&tcgc);
    unroll!(for j in 0..8 {
        unroll!(for i in 0..8 {
            acc[(i, j)] = 0.0;
        });
    });

    let (mi, ni, ki) = (m as isize, n as isize, k as isize);
    let k_tiles = k.div_ceil(8);
    // Copies k tile `kt` into shared stage `stage`, zero outside the matrices.
    let load = |kt: usize, stage: usize| {
        let tag = local_partition(local_tile(ma, shape!((128, 8)), (bm, kt)), tcopy, tid);
        let tbg = local_partition(local_tile(mb, shape!((128, 8)), (bn, kt)), tcopy, tid);
        let tac = local_partition(local_tile(ia, shape!((128, 8)), (bm, kt)), tcopy, tid);
        let tbc = local_partition(local_tile(ib, shape!((128, 8)), (bn, kt)), tcopy, tid);
        let (mut sa_t, mut sb_t) = (tas, tbs);
        for i in 0..4usize {
            let (x, y) = tac.get(i);
            sa_t[(i, 0usize, stage)] = if x < mi && y < ki { tag.get(i) } else { 0.0 };
            let (x, y) = tbc.get(i);
            sb_t[(i, 0usize, stage)] = if x < ni && y < ki { tbg.get(i) } else { 0.0 };
        }
    };
    load(0, 0);
    syncthreads();
    for kt in 0..k_tiles {
        let stage = kt % 2;
        if kt + 1 < k_tiles {
            load(kt + 1, 1 - stage);
        }
        unroll!(for kk in 0..8 {
            let mut af = [0f32; 8];
            let mut bf = [0f32; 8];
            unroll!(for i in 0..8 {
                af[i] = tcsa.get((i, kk, stage));
                bf[i] = tcsb.get((i, kk, stage));
            });
            unroll!(for j in 0..8 {
                unroll!(for i in 0..8 {
                    acc[(i, j)] = fma(af[i], bf[j], acc.get((i, j)));
                });
            });
        });
        syncthreads();
    }

    let mut tcgc = tcgc;
    unroll!(for j in 0..8 {
        unroll!(for i in 0..8 {
            let (x, y) = tccc.get((i, j));
            if x < mi && y < ni {
                let old = if beta == 0.0 { 0.0 } else { tcgc.get((i, j)) };
                tcgc[(i, j)] = alpha * acc.get((i, j)) + beta * old;
            }
        });
    });
}
