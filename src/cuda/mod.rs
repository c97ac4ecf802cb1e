//! The device layer for the `cutlet` tensors: `cutlet_core::cuda`'s indices, barriers,
//! instructions and emulator, re-exported, with engines for this crate's tensors. Thread and block
//! indices ([`thread_idx`], [`block_idx`], ...), barriers ([`syncthreads`]), warp
//! lanes and collectives, engines over global and shared memory ([`GmemPtr`],
//! [`make_gmem_tensor`], [`SmemBuffer`]) and the warp-level instructions of the atoms
//! (`mma.sync`, `ldmatrix`, `cp.async`).
//!
//! A kernel is an ordinary Rust function over this module. Compiled for
//! `nvptx64-nvidia-cuda`, every item here is the hardware's (special registers, `bar.sync`,
//! inline PTX). Compiled for the host, the same items are the CPU emulator's
//! ([`emu::launch`]): each thread of a block is an OS thread, barriers are real barriers and
//! warp collectives move values between the emulated lanes as the hardware does. The
//! kernel source is the same in both places.
//!
//! This is one of the two places where cutlet uses `unsafe` (raw device pointers, inline
//! PTX, shared memory); each block says why it is sound.
//!
//! ```
//! use cutlet::cuda::{self, emu, make_gmem_tensor, Dim3, GmemPtr};
//! use cutlet::prelude::*;
//!
//! // y[i] = 2 * x[i], one element per thread.
//! fn scale(x: GmemPtr<f32>, y: GmemPtr<f32>, n: usize) {
//!     let i = cuda::block_idx().x * cuda::block_dim().x + cuda::thread_idx().x;
//!     // SAFETY: both buffers hold `n` elements and only element `i < n` is touched.
//!     let (x, mut y) = unsafe { (make_gmem_tensor(x, layout!(n)), make_gmem_tensor(y, layout!(n))) };
//!     if i < n {
//!         y[i] = 2.0 * x.get(i);
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

mod copy_traits;
mod ptr;
mod smem;

pub mod ldmatrix;
pub mod mma;

#[cfg(not(target_arch = "nvptx64"))]
pub use cutlet_core::cuda::emu;
pub use cutlet_core::cuda::{
    DevicePod, Dim3, GmemPtr, U64, U128, WARP_SIZE, block_dim, block_idx, cp_async, dynamic_smem,
    fma, grid_dim, lane_id, shfl_sync, syncthreads, thread_idx, trap, warp_id,
};
pub use ptr::{PtrEngine, make_gmem_tensor, make_smem_tensor};
pub use smem::SmemBuffer;

// CuTe's `uint128_t`: 128 bits to the layout algebra (`Copy_Atom<UniversalCopy<uint128_t>, uint128_t>`).
impl crate::algebra::SizeofBits for U128 {
    type Bits = typenum::U128;
}
