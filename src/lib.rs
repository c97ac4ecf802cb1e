#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Type-level algorithms spell their results as nested projections by nature.
#![allow(clippy::type_complexity)]

// Lets the macros' `::cutlet::...` paths resolve inside this crate's own tests.
extern crate self as cutlet;

/// The CPU GEMM built from layouts (`cutlet-blas`, re-exported).
///
/// ```
/// use cutlet::blas::sgemm;
/// let a = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];      // 2 x 3, row-major
/// let b = [1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0];      // 3 x 2, row-major
/// let mut c = [0.0f32; 4];                        // 2 x 2, column-major
/// sgemm(2, 3, 2, 1.0, &a, 3, 1, &b, 2, 1, 0.0, &mut c, 1, 2);
/// assert_eq!(c, [4.0, 10.0, 5.0, 11.0]);
/// ```
#[cfg(feature = "std")]
#[doc(no_inline)]
pub use cutlet_blas as blas;
/// The run-time layout tree (`cutlet-dynamic`, re-exported): CuTe's layouts, algebra,
/// atoms and pictures on values known at run time, and the expression language the
/// `cutlet` CLI evaluates.
///
/// ```
/// use cutlet::dynamic::{DynLayout, coalesce};
/// let l: DynLayout = "(_2,_4):(_1,_2)".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "_8:_1");
/// ```
#[cfg(feature = "std")]
#[doc(no_inline)]
pub use cutlet_dynamic as dynamic;
/// CuTe's `MMA_Traits` and `Copy_Traits` tables as data (`cutlet_dynamic::atom_traits`).
///
/// ```
/// use cutlet::atom_traits::mma_traits;
/// assert!(mma_traits("UniversalFMA<float, float, float, float>").is_some());
/// ```
#[cfg(feature = "std")]
#[doc(no_inline)]
pub use cutlet_dynamic::atom_traits;
/// Tile programming with cuTile's semantics on static shapes (`cutlet-tile`,
/// re-exported).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tile as ct;
/// assert_eq!(ct::full(shape!((2, 2)), 3u8).to_string(), "[[3, 3], [3, 3]]");
/// ```
#[cfg(feature = "std")]
#[doc(no_inline)]
pub use cutlet_tile as tile;

/// The type layer: static, dynamic and mixed layouts as types (`cutlet-core`,
/// re-exported), with CuTe's algebra, tensors and algorithms.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4, 8):(1, 4));
/// assert_eq!(composition(l, layout!((2, 4):(4, 1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[doc(no_inline)]
pub use cutlet_core::{
    algebra, algorithm, analysis, float8, int, layout, prelude, tensor, tfloat32, tuple,
};
#[doc(no_inline)]
pub use cutlet_core::{coord, kernel, layout_t, path, shape, shape_t, unroll};

#[doc(hidden)]
pub use typenum as __typenum;

/// The guide, one chapter per product (`docs/guide/`); every example in it is a doc test.
pub mod guide {
    #[doc = include_str!("../docs/guide/layouts.md")]
    pub mod layouts {}
    #[doc = include_str!("../docs/guide/tensors-and-atoms.md")]
    pub mod tensors_and_atoms {}
    #[doc = include_str!("../docs/guide/cli.md")]
    pub mod cli {}
    #[doc = include_str!("../docs/guide/kernels.md")]
    pub mod kernels {}
    #[doc = include_str!("../docs/guide/hopper-gemm.md")]
    pub mod hopper_gemm {}
    #[doc = include_str!("../docs/guide/tiles.md")]
    pub mod tiles {}
    #[doc = include_str!("../docs/guide/cpu-blas.md")]
    pub mod cpu_blas {}
    #[doc = include_str!("../docs/guide/compile-time.md")]
    pub mod compile_time {}
}

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
