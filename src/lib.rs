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

pub mod algebra;
pub mod algorithm;
pub mod atom_traits;
#[cfg(feature = "std")]
pub mod blas;
#[cfg(feature = "std")]
pub mod dynamic;
pub mod int;
pub mod layout;
pub mod tensor;
#[cfg(feature = "std")]
pub mod tile;
pub mod tuple;

/// Writes a coordinate in CuTe notation (the same macro as [`shape!`]); `_` or `..` is
/// CuTe's underscore.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(l.call(coord!((2, 3))).to_string(), "_14");
/// ```
pub use cutlet_macros::shape as coord;
/// A `for` loop over a literal range, unrolled at compile time (CuTe's `CUTE_UNROLL`):
/// each copy of the body sees the loop variable as a constant `usize`, so register
/// fragments indexed by it stay in registers on the GPU.
///
/// ```
/// let mut acc = [0usize; 4];
/// cutlet::unroll!(for i in 0..4 { acc[i] = i * i; });
/// assert_eq!(acc, [0, 1, 4, 9]);
/// ```
pub use cutlet_macros::unroll;
pub use cutlet_macros::{layout, layout_t, shape, shape_t};

#[doc(hidden)]
pub use typenum as __typenum;

/// CuTe's kernel layer on `cutlet-core`'s type layer: MMA and copy atoms, `TiledMMA`,
/// `TiledCopy` and their partitions (`cutlet_core::atom`, re-exported). Pair them with
/// `cutlet_core::prelude`'s layouts and tensors, the layer the kernels are written on.
///
/// ```
/// use cutlet::atom::*;
/// use cutlet_core::prelude::*;
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

/// Writes the mode path of a [`ScaledBasis`](crate::int::ScaledBasis), outermost mode
/// first: `path!(1, 0)` is sub-mode 0 of mode 1 (CuTe's `E<1,0>`, printed `_1@0@1`).
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(E::<path!(1, 0)>::default().to_string(), "_1@0@1");
/// ```
#[macro_export]
macro_rules! path {
    () => { $crate::tuple::HNil };
    ($h:literal $(, $t:literal)* $(,)?) => {
        $crate::tuple::HCons<$crate::__typenum::U<$h>, $crate::path!($($t),*)>
    };
}

/// Everything a layout user needs, in one import.
pub mod prelude {
    pub use crate::algebra::*;
    pub use crate::algorithm::*;
    pub use crate::int::*;
    pub use crate::layout::*;
    pub use crate::tensor::*;
    pub use crate::tuple::{Cute, CuteDisplay};
    pub use crate::{coord, layout, layout_t, path, shape, shape_t, unroll};
}
