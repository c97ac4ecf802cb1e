//! Vectorised copy: each thread moves [`COPY_VECS`] 128-bit vectors, the block's
//! threads side by side so that every load and store is coalesced. The buffer is seen as
//! a tensor of [`U128`] (CuTe's `recast<uint128_t>`), tiled per block by `local_tile` and
//! per thread by a `TiledCopy` of `Copy_Atom<UniversalCopy<uint128_t>, uint128_t>`; the
//! last tile is predicated by an identity tensor partitioned the same way (`copy_if`).

use cutlet_core::atom::{Copy_Atom, UniversalCopy, make_tiled_copy};
use cutlet_core::cuda::{GmemPtr, U128, block_idx, make_gmem_tensor, thread_idx};
use cutlet_core::prelude::*;

/// Threads per block.
pub const COPY_THREADS: usize = 256;
/// 128-bit vectors per thread.
pub const COPY_VECS: usize = 4;
/// `f32` elements one block copies.
pub const COPY_TILE: usize = COPY_THREADS * COPY_VECS * 4;

/// Blocks to launch for `n` elements.
///
/// ```
/// assert_eq!(cutlet_kernels::copy::copy_blocks(4096), 1);
/// assert_eq!(cutlet_kernels::copy::copy_blocks(4097), 2);
/// ```
pub fn copy_blocks(n: usize) -> usize {
    n.div_ceil(COPY_TILE).max(1)
}

/// `dst[i] = src[i]` for `i < n`. Launch [`copy_blocks`]`(n)` blocks of [`COPY_THREADS`]
/// threads; both buffers hold `n` `f32` and are 16-byte aligned.
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::copy::*;
/// let n = 5000;
/// let src = DeviceVec::from_slice(&(0..n).map(|i| i as f32).collect::<Vec<_>>());
/// let dst = DeviceVec::<f32>::zeroed(n);
/// let (s, d) = (src.ptr(), dst.ptr());
/// emu::launch(Dim3::x(copy_blocks(n)), Dim3::x(COPY_THREADS), 0, || copy(s, d, n)).unwrap();
/// assert_eq!(src.as_slice(), dst.as_slice());
/// ```
#[inline(always)]
pub fn copy(src: GmemPtr<f32>, dst: GmemPtr<f32>, n: usize) {
    let nv = n / 4;
    let (bid, tid) = (block_idx().x, thread_idx().x);
    // SAFETY: both buffers hold `n >= 4 * nv` f32, i.e. `nv` vectors; every access below is
    // predicated on its identity coordinate being `< nv`, and each element is touched by
    // one thread.
    let (s, d) = unsafe {
        (
            make_gmem_tensor(src.cast::<U128>(), layout!((nv, 1))),
            make_gmem_tensor(dst.cast::<U128>(), layout!((nv, 1))),
        )
    };
    // CuTe's TiledCopy: 256 threads side by side, one vector each per (256, 1) tile of
    // the copy; the block's (1024, 1) tile is 4 of them, so value `v` of thread `t` is
    // vector `t + 256 v` and each warp's accesses are contiguous.
    let tiled = make_tiled_copy(
        Copy_Atom::<UniversalCopy<U128>, U128>::new(),
        layout!((256, 1)),
        layout!((1, 1)),
    );
    let thr = tiled.get_slice(tid);
    let (tiler, at) = (shape!((1024, 1)), (bid, 0usize));
    let ts = thr.partition_s(local_tile(s, tiler, at)); // ((1, 1), 4, 1)
    let mut td = thr.partition_d(local_tile(d, tiler, at));
    let tc = thr.partition_s(local_tile(make_identity_tensor(shape!((nv, 1))), tiler, at));
    let mut pred = make_owned_tensor::<bool>(layout!((1, 4)));
    unroll!(for i in 0..4 {
        pred[i] = (tc.get(i).0 as usize) < nv;
    });
    // All loads first, into a register fragment, then all stores: four 128-bit loads in
    // flight per thread (stores through raw pointers could alias the loads, so the
    // compiler would not reorder them on its own).
    let mut frag = make_fragment_like(&ts);
    tiled.copy_if(&pred, &ts, &mut frag);
    tiled.copy_if(&pred, &frag, &mut td);
    // The last `n % 4` elements, one per thread of block 0.
    let tail = n - 4 * nv;
    if bid == 0 && tid < tail {
        // SAFETY: element `4 * nv + tid < n`, touched by this thread only.
        let (s, mut d) = unsafe {
            (
                make_gmem_tensor(src, layout!(n)),
                make_gmem_tensor(dst, layout!(n)),
            )
        };
        d[4 * nv + tid] = s.get(4 * nv + tid);
    }
}
