#![doc = include_str!("../README.md")]
#![no_std]
// No `unsafe` anywhere but `blas::dispatch::call`, which calls the `#[target_feature]`
// GEMM kernels after checking the CPU (an `#[allow(unsafe_code)]` on that one function).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Type-level algorithms spell their results as nested projections by nature.
#![allow(clippy::type_complexity)]

#[cfg(feature = "std")]
extern crate alloc;
#[cfg(feature = "std")]
extern crate std;
// Lets the macros' `::cutlet::...` paths resolve inside this crate's own tests.
extern crate self as cutlet;

pub mod atom_traits;
#[cfg(feature = "std")]
pub mod blas;
#[cfg(feature = "std")]
pub mod dynamic;
#[cfg(feature = "std")]
pub mod tile;

/// The type layer: static, dynamic and mixed layouts as types (`cutlet-core`,
/// re-exported), with CuTe's algebra, tensors and algorithms.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4, 8):(1, 4));
/// assert_eq!(composition(l, layout!((2, 4):(4, 1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[doc(no_inline)]
pub use cutlet_core::{algebra, algorithm, int, layout, prelude, tensor, tuple};
#[doc(no_inline)]
pub use cutlet_core::{coord, kernel, layout_t, path, shape, shape_t, unroll};

#[doc(hidden)]
pub use typenum as __typenum;

/// CuTe's kernel layer on `cutlet-core`'s type layer: MMA and copy atoms, `TiledMMA`,
/// `TiledCopy` and their partitions (`cutlet_core::atom`, re-exported). Pair them with
/// the [`prelude`]'s layouts and tensors, the layer the kernels are written on.
///
/// ```
/// use cutlet::atom::*;
/// use cutlet::prelude::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
/// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_32,_16,_16)");
/// ```
#[doc(no_inline)]
pub use cutlet_core::atom;
/// The device layer (`cutlet_core::cuda`, re-exported): thread and block indices,
/// barriers, warps, global- and shared-memory tensors, the warp-level instructions of the
/// atoms (`mma.sync`, `ldmatrix`, `cp.async`) and the CPU emulator that runs the same
/// kernel source on the host.
///
/// ```
/// use cutlet::cuda::{Dim3, emu, thread_idx};
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// // The emulator runs each thread of a block as an OS thread.
/// let sum = AtomicUsize::new(0);
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     sum.fetch_add(thread_idx().x, Ordering::Relaxed);
/// })
/// .unwrap();
/// assert_eq!(sum.into_inner(), 31 * 32 / 2);
/// ```
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
#[doc(no_inline)]
pub use cutlet_core::cuda;
