//! Atoms: CuTe's MMA and copy atoms as types (`cute/atom/*_traits*.hpp`) and their
//! tilings over threads (`TiledMMA`, `TiledCopy`).
//!
//! An atom's layouts say which `(thread, value)` holds which element of its tile; a
//! tiling repeats the atom over a thread layout and a permutation of the tile. Every
//! layout a tiling computes (its thread-value layouts, a thread's partition of a tensor,
//! the register fragment of that partition) is an associated type of the one umbrella
//! bound, [`TiledMma`] or [`TiledCopier`], so generic kernel code names `M: TiledMma`
//! or `T: TiledCopier` and nothing else.
//!
//! ```
//! use cutlet_core::prelude::*;
//! use cutlet_core::atom::*;
//! // 2x2 warps of the SM80 16x8x16 tensor-core atom.
//! let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
//! assert_eq!(size(mma.get_layout_c_tv()).to_string(), "_512"); // 128 threads x 4 values
//! let frag = mma.get_slice(5).partition_fragment_c(make_layout(shape!((64, 32))));
//! assert_eq!(frag.layout().to_string(), "((_2,_2),_2,_2):((_1,_2),_4,_8)");
//! // ldmatrix from shared memory into A's registers of the same tiling.
//! let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
//! assert_eq!(Cute(s2r.tiler_mn()).to_string(), "(_32,_16)");
//! ```
#![allow(non_camel_case_types)]

mod copy;
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
mod gmma_desc;
mod mma;
mod tiled_copy;
mod tiled_mma;
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
mod tma_box;

pub use copy::*;
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub use gmma_desc::make_gmma_desc;
pub use mma::*;
pub use tiled_copy::*;
pub use tiled_mma::*;
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub use tma_box::make_tma_box;
