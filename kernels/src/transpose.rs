//! Shared-memory tiled transpose `B = Aᵀ` of a column-major `m x n` matrix, any `m`, `n`.
//! A block moves one 32x32 tile: it reads the tile with the threads arranged
//! column-major (consecutive threads read consecutive rows: coalesced), writes it to a
//! padded shared tile `(32,32):(1,33)`, and after the barrier reads it back with the
//! threads arranged row-major, writing `B` (seen as `(m,n):(n,1)`) along its contiguous
//! mode. The padding makes both shared-memory phases free of bank conflicts. Edges are
//! predicated with the identity tensor of `(m, n)`. [`transpose_unpadded`] keeps the
//! tile `(32,32):(1,32)`, whose row-major read is a 32-way conflict: the example of
//! `cutlet_core::analysis`, checked against `ncu`'s counters.

use cutlet_core::cuda::{
    GmemPtr, SmemBuffer, block_idx, make_gmem_tensor, syncthreads, thread_idx,
};
use cutlet_core::prelude::*;

/// Threads per block (a 32x8 arrangement).
pub const TRANSPOSE_THREADS: usize = 256;
/// Tile extent in each mode.
pub const TRANSPOSE_TILE: usize = 32;
/// Dynamic shared memory a launch needs, bytes.
pub const TRANSPOSE_SMEM: usize = 32 * 33 * 4;

/// The grid for an `m x n` input: `(ceil(m/32), ceil(n/32))`.
///
/// ```
/// use cutlet_core::cuda::Dim3;
/// assert_eq!(cutlet_kernels::transpose::transpose_grid(33, 32), Dim3::xy(2, 1));
/// ```
pub fn transpose_grid(m: usize, n: usize) -> cutlet_core::cuda::Dim3 {
    cutlet_core::cuda::Dim3::xy(m.div_ceil(32).max(1), n.div_ceil(32).max(1))
}

/// `b = aᵀ`: `a` is `m x n` column-major, `b` is `n x m` column-major. Launch
/// [`transpose_grid`] blocks of [`TRANSPOSE_THREADS`] threads with
/// [`TRANSPOSE_SMEM`] bytes of shared memory.
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::transpose::*;
/// let (m, n) = (37, 5);
/// let a = DeviceVec::from_slice(&(0..m * n).map(|i| i as f32).collect::<Vec<_>>());
/// let b = DeviceVec::<f32>::zeroed(m * n);
/// let (pa, pb) = (a.ptr(), b.ptr());
/// emu::launch(transpose_grid(m, n), Dim3::x(TRANSPOSE_THREADS), TRANSPOSE_SMEM,
///             || transpose(pa, pb, m, n)).unwrap();
/// assert_eq!(b.as_slice()[3 + 2 * n], a.as_slice()[2 + 3 * m]);
/// ```
#[inline(always)]
pub fn transpose(a: GmemPtr<f32>, b: GmemPtr<f32>, m: usize, n: usize) {
    transpose_through(a, b, (m, n), smem_tile())
}

/// [`transpose`] through the unpadded shared tile `(32,32):(1,32)`: the same result, the
/// read-back phase a 32-way bank conflict ([`smem_tile_unpadded`]).
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::transpose::*;
/// let (m, n) = (40, 33);
/// let a = DeviceVec::from_slice(&(0..m * n).map(|i| i as f32).collect::<Vec<_>>());
/// let b = DeviceVec::<f32>::zeroed(m * n);
/// let (pa, pb) = (a.ptr(), b.ptr());
/// emu::launch(transpose_grid(m, n), Dim3::x(TRANSPOSE_THREADS), TRANSPOSE_SMEM,
///             || transpose_unpadded(pa, pb, m, n)).unwrap();
/// assert_eq!(b.as_slice()[3 + 2 * n], a.as_slice()[2 + 3 * m]);
/// ```
#[inline(always)]
pub fn transpose_unpadded(a: GmemPtr<f32>, b: GmemPtr<f32>, m: usize, n: usize) {
    transpose_through(a, b, (m, n), smem_tile_unpadded())
}

/// The shared tile of [`transpose`]: 32x32 column-major, columns padded to 33.
pub fn smem_tile() -> impl Layout {
    layout!((32, 32):(1, 33))
}

/// The shared tile of [`transpose_unpadded`]: 32x32 column-major.
pub fn smem_tile_unpadded() -> impl Layout {
    layout!((32, 32):(1, 32))
}

/// The threads' `(thread, value) -> tile element` maps (CuTe's TV layouts, the 32x32
/// tile's elements numbered column-major) of the two shared-memory phases: the store of
/// A's tile, threads column-major (`(32, 8)`), and the read-back for B, threads row-major
/// (`(8, 32):(32, 1)`), four values each. `composition(tile, tv)` gives the offsets each
/// thread touches, what `cutlet_core::analysis` costs.
///
/// ```
/// use cutlet_core::analysis::smem_cost;
/// use cutlet_core::prelude::*;
/// use cutlet_kernels::transpose::*;
/// let (st, ld) = phases_tv();
/// let padded = smem_cost(&composition(smem_tile(), ld.as_tiler()), 32, 32).unwrap();
/// let plain = smem_cost(&composition(smem_tile_unpadded(), ld.as_tiler()), 32, 32).unwrap();
/// assert_eq!((padded.ways, plain.ways), (1, 32));
/// assert_eq!(smem_cost(&composition(smem_tile_unpadded(), st.as_tiler()), 32, 32).unwrap().ways, 1);
/// ```
pub fn phases_tv() -> (impl Layout, impl Layout) {
    (
        layout!(((32, 8), 4):((1, 32), 256)),
        layout!(((32, 8), 4):((32, 1), 8)),
    )
}

#[inline(always)]
fn transpose_through(a: GmemPtr<f32>, b: GmemPtr<f32>, (m, n): (usize, usize), tile: impl Layout) {
    // SAFETY: both buffers hold m*n elements; every global access below is predicated on
    // its identity coordinate lying inside (m, n), and each element is read or written
    // by one thread.
    let (ga, gb) = unsafe {
        (
            make_gmem_tensor(a, layout!((m, n):(1, m))),
            make_gmem_tensor(b, layout!((m, n):(n, 1))),
        )
    };
    let mut smem = SmemBuffer::dynamic();
    // SAFETY: each thread writes its own elements of the tile, and reads happen after the
    // barrier.
    let s = unsafe { smem.alloc::<f32, _>(tile) };
    let tile = shape!((32, 32));
    let blk = (block_idx().x, block_idx().y);
    let ga = local_tile(ga, tile, blk);
    let gb = local_tile(gb, tile, blk);
    let cid = local_tile(make_identity_tensor(shape!((m, n))), tile, blk);
    let (m, n) = (m as isize, n as isize);
    let tid = thread_idx().x;

    // Read A: threads column-major over the tile, 4 values each.
    let rd = layout!((32, 8));
    // Loads into registers first (four in flight per thread), then into shared memory.
    let ta = local_partition(ga, rd, tid);
    let mut ts = local_partition(s, rd, tid);
    let tc = local_partition(cid, rd, tid);
    let mut frag = make_fragment_like(&ta);
    unroll!(for i in 0..4 {
        let (x, y) = tc.get(i);
        if x < m && y < n {
            frag[i] = ta.get(i);
        }
    });
    unroll!(for i in 0..4 {
        ts.set(i, frag.get(i));
    });
    syncthreads();
    // Write B: threads row-major over the tile, so consecutive threads write
    // consecutive addresses of B.
    let wr = layout!((8, 32):(32, 1));
    let mut tb = local_partition(gb, wr, tid);
    let ts = local_partition(s, wr, tid);
    let tc = local_partition(cid, wr, tid);
    unroll!(for i in 0..4 {
        frag[i] = ts.get(i);
    });
    unroll!(for i in 0..4 {
        let (x, y) = tc.get(i);
        if x < m && y < n {
            tb.set(i, frag.get(i));
        }
    });
}
