//! `copy_if` on partial tiles: copies an `m x n` column-major matrix into a matrix with
//! leading dimension `ldb` one 64x16 tile per block, each thread moving its part of the
//! tile through a register fragment. The predicate tensor is built from the identity
//! tensor (CuTe's `tApA`), so the edge tiles touch nothing outside the matrices.

use cutlet_core::cuda::{GmemPtr, block_idx, make_gmem_tensor, thread_idx};
use cutlet_core::prelude::*;

/// Threads per block (a 32x4 arrangement).
pub const TILE_COPY_THREADS: usize = 128;

/// The grid for an `m x n` matrix: `(ceil(m/64), ceil(n/16))`.
///
/// ```
/// assert_eq!(cutlet_kernels::tile_copy::tile_copy_grid(65, 16).volume(), 2);
/// ```
pub fn tile_copy_grid(m: usize, n: usize) -> cutlet_core::cuda::Dim3 {
    cutlet_core::cuda::Dim3::xy(m.div_ceil(64).max(1), n.div_ceil(16).max(1))
}

/// `b[i, j] = a[i, j]` for `i < m`, `j < n`; `a` has leading dimension `m`, `b` has
/// `ldb >= m`. Launch [`tile_copy_grid`] blocks of [`TILE_COPY_THREADS`].
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::tile_copy::*;
/// let (m, n, ldb) = (70, 3, 80);
/// let a = DeviceVec::from_slice(&(0..m * n).map(|i| i as f32 + 1.0).collect::<Vec<_>>());
/// let b = DeviceVec::<f32>::zeroed(ldb * n);
/// let (pa, pb) = (a.ptr(), b.ptr());
/// emu::launch(tile_copy_grid(m, n), Dim3::x(TILE_COPY_THREADS), 0, || tile_copy(pa, pb, m, n, ldb)).unwrap();
/// assert_eq!(b.as_slice()[69 + 2 * ldb], a.as_slice()[69 + 2 * m]);
/// assert_eq!(b.as_slice()[70], 0.0);
/// ```
#[inline(always)]
pub fn tile_copy(a: GmemPtr<f32>, b: GmemPtr<f32>, m: usize, n: usize, ldb: usize) {
    // SAFETY: `a` holds m*n elements, `b` ldb*n; `copy_if` touches only the elements whose
    // predicate (coordinate inside (m, n)) holds, each from one thread.
    let (ga, gb) = unsafe {
        (
            make_gmem_tensor(a, layout!((m, n):(1, m))),
            make_gmem_tensor(b, layout!((m, n):(1, ldb))),
        )
    };
    let tile = shape!((64, 16));
    let blk = (block_idx().x, block_idx().y);
    let thr = layout!((32, 4));
    let tid = thread_idx().x;
    let ta = local_partition(local_tile(ga, tile, blk), thr, tid);
    let mut tb = local_partition(local_tile(gb, tile, blk), thr, tid);
    let tc = local_partition(
        local_tile(make_identity_tensor(shape!((m, n))), tile, blk),
        thr,
        tid,
    );
    // The predicate fragment: one bool per value this thread owns.
    let mut pred = make_owned_tensor::<bool>(make_layout(tc.shape()));
    let (m, n) = (m as isize, n as isize);
    pred.size().for_each_index(|i| {
        let (x, y) = tc.get(i);
        pred.set(i, x < m && y < n);
    });
    let mut frag = make_fragment_like(&ta);
    copy_if(&pred, &ta, &mut frag);
    copy_if(&pred, &frag, &mut tb);
}
