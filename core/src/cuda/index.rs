//! Thread, block and grid indices and extents (CUDA's `threadIdx`, `blockIdx`,
//! `blockDim`, `gridDim`): special registers on the GPU, the emulated thread's
//! position on the host.

use super::Dim3;

#[cfg(target_arch = "nvptx64")]
mod imp {
    use super::Dim3;
    use core::arch::nvptx as nv;

    macro_rules! special {
        ($name:ident, $x:ident, $y:ident, $z:ident) => {
            #[inline(always)]
            pub fn $name() -> Dim3 {
                // SAFETY: reading a special register has no preconditions inside a kernel.
                unsafe { Dim3::new(nv::$x() as usize, nv::$y() as usize, nv::$z() as usize) }
            }
        };
    }
    special!(thread_idx, _thread_idx_x, _thread_idx_y, _thread_idx_z);
    special!(block_idx, _block_idx_x, _block_idx_y, _block_idx_z);
    special!(block_dim, _block_dim_x, _block_dim_y, _block_dim_z);
    special!(grid_dim, _grid_dim_x, _grid_dim_y, _grid_dim_z);
}

#[cfg(not(target_arch = "nvptx64"))]
mod imp {
    use super::Dim3;
    use crate::cuda::emu::with_thread;

    pub fn thread_idx() -> Dim3 {
        with_thread(|t| t.thread)
    }
    pub fn block_idx() -> Dim3 {
        with_thread(|t| t.block)
    }
    pub fn block_dim() -> Dim3 {
        with_thread(|t| t.block_dim)
    }
    pub fn grid_dim() -> Dim3 {
        with_thread(|t| t.grid_dim)
    }
}

/// CUDA's `threadIdx`: this thread's index in its block.
///
/// ```
/// use cutlet_core::cuda::{emu, thread_idx, Dim3};
/// emu::launch(Dim3::x(1), Dim3::xy(4, 2), 0, || assert!(thread_idx().x < 4)).unwrap();
/// ```
#[inline(always)]
pub fn thread_idx() -> Dim3 {
    imp::thread_idx()
}
/// CUDA's `blockIdx`: this block's index in the grid.
///
/// ```
/// use cutlet_core::cuda::{emu, block_idx, Dim3};
/// emu::launch(Dim3::x(3), Dim3::x(1), 0, || assert!(block_idx().x < 3)).unwrap();
/// ```
#[inline(always)]
pub fn block_idx() -> Dim3 {
    imp::block_idx()
}
/// CUDA's `blockDim`: the extents of a block.
///
/// ```
/// use cutlet_core::cuda::{emu, block_dim, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(8), 0, || assert_eq!(block_dim(), Dim3::x(8))).unwrap();
/// ```
#[inline(always)]
pub fn block_dim() -> Dim3 {
    imp::block_dim()
}
/// CUDA's `gridDim`: the extents of the grid.
///
/// ```
/// use cutlet_core::cuda::{emu, grid_dim, Dim3};
/// emu::launch(Dim3::xy(2, 3), Dim3::x(1), 0, || assert_eq!(grid_dim().volume(), 6)).unwrap();
/// ```
#[inline(always)]
pub fn grid_dim() -> Dim3 {
    imp::grid_dim()
}
