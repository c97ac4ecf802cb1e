//! The device layer: what a GPU kernel needs besides layouts, CuTe's `cute/arch` with
//! the operation types in [`crate::arch`].
//! Thread and block indices ([`thread_idx`], [`block_idx`], ...), barriers
//! ([`syncthreads`]), warp lanes and collectives, engines over global and shared memory
//! ([`GmemPtr`], [`make_gmem_tensor`], [`SmemBuffer`], swizzled or not) and the
//! instructions of the atoms (`mma.sync`, `ldmatrix`, `cp.async`), which the copy and
//! MMA atoms run when their tensors are in the memory the instruction needs, and Hopper's asynchronous machinery: transaction barriers
//! ([`Mbarrier`]), bulk tensor copies ([`tma_load`], [`TmaDescriptor`]), warpgroup MMA
//! ([`wgmma`]), the TMA pipeline ([`PipelineTmaAsync`]), warp specialization
//! ([`warpgroup_reg_alloc`], [`named_barrier_sync`], [`named_barrier_arrive`],
//! [`elect_one_sync`]) and the turns
//! of a ping-pong kernel's consumers ([`OrderedSequenceBarrier`]), and thread
//! block clusters ([`cluster_sync`], [`block_rank_in_cluster`], [`tma_load_multicast`]).
//!
//! A kernel is an ordinary generic Rust function over this module. Compiled for
//! `nvptx64-nvidia-cuda`, every item here is the hardware's (special registers,
//! `bar.sync`, inline PTX). Compiled for the host (feature `std`), the same items are the
//! CPU emulator's ([`emu::launch`]): each thread of a block is an OS thread, barriers are
//! real barriers and warp collectives move values between the emulated lanes as the
//! hardware does. The kernel source is the same in both places.
//!
//! This is one of the two places where cutlet uses `unsafe` (raw device pointers, inline
//! PTX, shared memory); each block says why it is sound.
//!
//! ```
//! use cutlet_core::cuda::{self, emu, make_gmem_tensor, Dim3, GmemPtr};
//! use cutlet_core::prelude::*;
//!
//! // y[i] = 2 * x[i], one element per thread.
//! fn scale(x: GmemPtr<f32>, y: GmemPtr<f32>, n: usize) {
//!     let i = cuda::block_idx().x * cuda::block_dim().x + cuda::thread_idx().x;
//!     // SAFETY: both buffers hold `n` elements and only element `i < n` is touched.
//!     let (x, mut y) = unsafe { (make_gmem_tensor(x, layout!(n)), make_gmem_tensor(y, layout!(n))) };
//!     if i < n {
//!         y.set(i as isize, 2.0 * x.get(i as isize));
//!     }
//! }
//!
//! let x: Vec<f32> = (0..100).map(|i| i as f32).collect();
//! let mut y = vec![0f32; 100];
//! let (xp, yp) = (GmemPtr::from_slice(&x), GmemPtr::from_mut_slice(&mut y));
//! emu::launch(Dim3::x(4), Dim3::x(32), 0, || scale(xp, yp, 100)).unwrap();
//! assert_eq!(y[99], 198.0);
//! ```
#![allow(unsafe_code)]

mod atomic;
mod cluster;
mod dependent;
mod dim;
mod index;
mod kernel;
mod launch_config;
mod math;
mod mbarrier;
mod ordered_barrier;
mod pipeline;
mod pod;
mod ptr;
mod smem;
mod sync;
mod tma;
mod vector;
mod warp;
mod warpgroup;
mod wgmma_rs;
mod wgmma_ss;

pub(crate) mod copy;
pub mod cp_async;
pub mod ldmatrix;
pub mod mma;
pub mod wgmma;

#[cfg(not(target_arch = "nvptx64"))]
pub mod emu;

pub use atomic::{atomic_add_acq_rel, store_relaxed};
pub use cluster::{
    block_id_in_cluster, block_rank_in_cluster, cluster_id_in_grid, cluster_shape, cluster_sync,
};
pub use dependent::{griddepcontrol_launch_dependents, griddepcontrol_wait};
pub use dim::Dim3;
pub use index::{block_dim, block_idx, grid_dim, thread_idx};
pub use kernel::Kernel;
pub use launch_config::LaunchConfig;
pub use math::{Float16, exp2, fma, launder, log2};
pub use mbarrier::{Mbarrier, fence_barrier_init};
pub use ordered_barrier::OrderedSequenceBarrier;
pub use pipeline::{PipelineState, PipelineTmaAsync};
pub use pod::DevicePod;
pub use ptr::{Gmem, GmemPtr, MemSpace, PtrEngine, Smem, make_gmem_tensor, make_smem_tensor};
pub use smem::{SmemBuffer, cast_smem_ptr_to_uint, dynamic_smem};
pub use sync::{syncthreads, trap};
pub use tma::{
    TmaBox, TmaDescriptor, TmaError, TmaSwizzle, prefetch_tma_descriptor, tma_load,
    tma_load_multicast, tma_store, tma_store_arrive, tma_store_fence, tma_store_wait,
};
pub use vector::{U64, U128};
pub use warp::{WARP_SIZE, lane_id, shfl_sync, shfl_xor_sync, warp_id};
pub use warpgroup::{
    WARPGROUP_SIZE, elect_one_sync, named_barrier_arrive, named_barrier_sync, warp_group_idx,
    warpgroup_reg_alloc, warpgroup_reg_dealloc,
};
pub use wgmma::GmmaDescriptor;
