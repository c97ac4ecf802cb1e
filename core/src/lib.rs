//! cutlet's type layer: CuTe's integers, int tuples, layouts and layout algebra, with static
//! shapes and strides as types.
//!
//! Every type-level function is an associated type of the trait its argument implements
//! ([`layout::Layout`], [`tuple::IntTuple`], [`int::Leaf`], [`algebra::Tiler`]), so generic
//! code names one bound per argument and its results are bounded by the same traits:
//!
//! ```
//! use cutlet_core::prelude::*;
//! // One bound: every operation on `L` comes with it.
//! fn tile_count<L: Layout>(l: L) -> isize {
//!     size(get::<1, _>(zipped_divide(l, shape!((2, 2))))).value()
//! }
//! assert_eq!(tile_count(layout!((4, 8))), 8);
//! let n = 6;
//! assert_eq!(tile_count(layout!((4, n))), 6);
//! ```
//!
//! The crate is `no_std`, so kernels (built for nvptx) and hosts build it once and share
//! it. Its layers, each using only those before it: the type layer ([`int`],
//! [`tuple`](mod@tuple), [`layout`](mod@layout), [`algebra`], [`tensor`]); the
//! instructions' operation types ([`arch`], CuTe's `arch/`); the device layer ([`cuda`]:
//! thread indices, barriers, memory, each instruction's PTX), built for nvptx and, with
//! the `std` feature, for the host, where its CPU emulator and sanitizer run the same
//! kernels; the atoms ([`atom`]: CuTe's traits of each instruction, `TiledMMA`,
//! `TiledCopy`), which run an instruction through the device layer where there is one;
//! and the algorithms ([`algorithm`]: `copy`, `gemm`, ... over tensors and atoms).
//! Without `std` on a CPU, everything but the device layer builds.
//!
//! The algebra's run-time functions (`tuple`, `layout`, `algebra`, `int`) are
//! `#[inline]`, not `#[inline(always)]`: LLVM then simplifies each before inlining it,
//! instead of pasting unsimplified bodies into every access of an unrolled kernel, which
//! made the GEMM's builds exhaust memory (results/compile-time-log.md). Loops over a fragment's
//! values are unrolled by type (`ForEachIndex`), so its indices are constants anyway.
#![no_std]
#![deny(unsafe_code)]
#![cfg_attr(target_arch = "nvptx64", feature(stdarch_nvptx, asm_experimental_arch))]
#![warn(missing_docs)]
// Type-level algorithms spell their results as nested projections by nature.
#![allow(clippy::type_complexity)]

pub mod algebra;
pub mod algorithm;
pub mod analysis;
pub mod arch;
pub mod atom;
mod cold;
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub mod cuda;
pub mod float8;
pub mod int;
pub mod layout;
pub mod tensor;
pub mod tfloat32;
pub mod tuple;

#[cfg(feature = "std")]
extern crate std;

#[doc(hidden)]
pub use typenum as __typenum;

/// Everything a layout user needs, in one import.
pub mod prelude {
    pub use crate::algebra::*;
    pub use crate::algorithm::*;
    pub use crate::atom::{CopyAtom, CopyTraits, MmaTraits, TiledCopier, TiledMma};
    pub use crate::int::*;
    pub use crate::layout::*;
    pub use crate::tensor::{
        Engine, EngineMut, Tensor, TensorArg, TensorArgMut, inner_partition, local_partition,
        local_tile, make_fragment_like, make_identity_tensor, make_owned_tensor, make_tensor,
        make_tensor_like, outer_partition, try_make_tensor,
    };
    pub use crate::tuple::{
        AsCoord, Cute, CuteDisplay, IntTuple, Underscore, X, congruent, crd2idx, crd2idx_colex,
        idx2crd, inner_product, make_basis_like, product, product_each, shape_div,
    };
    pub use crate::{coord, layout, layout_t, path, shape, shape_t, unroll};
}

/// Writes a coordinate in CuTe notation (the same macro as [`shape!`]); `_` or `..` is
/// CuTe's underscore.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(Cute(l.call(coord!((2, 3)))).to_string(), "_14");
/// ```
#[doc(hidden)]
pub use cutlet_macros as __macros;

/// A `for` loop over a literal range, unrolled at compile time (CuTe's `CUTE_UNROLL`):
/// the body is copied once per index, each with a constant index, so register
/// fragments indexed by it stay in registers on a GPU.
///
/// ```
/// let mut acc = [0usize; 4];
/// cutlet_core::unroll!(for i in 0..4 { acc[i] = i * i; });
/// assert_eq!(acc, [0, 1, 4, 9]);
/// ```
pub use cutlet_macros::unroll;

/// Declares a PTX entry point for the GPU and the host at once: built for nvptx the
/// function is exported under its name; built for the host it is a [`cuda::Kernel`]
/// constant of that name whose type lists the parameters, so launches are type-checked.
/// `crate = path` names the crate that re-exports `cuda` (default `::cutlet`).
///
/// ```
/// use cutlet_core::cuda::Kernel;
/// /// y = 2 x.
/// #[cutlet_core::kernel(crate = cutlet_core)]
/// pub unsafe extern "ptx-kernel" fn scale(x: *const f32, y: *mut f32, n: usize) {}
///
/// let k: Kernel<(*const f32, *mut f32, usize)> = scale;
/// assert_eq!(k.name(), "scale");
/// ```
pub use cutlet_macros::kernel;

/// A layout in CuTe notation: `layout!((2,(2,2)):(4,(2,1)))`, or the compact column-major
/// layout of a shape: `layout!((4,8))`. Integer literals are static, identifiers and
/// `{expr}` dynamic.
///
/// ```
/// use cutlet_core::prelude::*;
/// let n = 8;
/// assert_eq!(Cute(layout!((4, n):(1, 4))).to_string(), "(_4,8):(_1,_4)");
/// ```
#[macro_export]
macro_rules! layout {
    ($($t:tt)*) => { $crate::__macros::layout!($crate; $($t)*) };
}

/// The type of a layout in CuTe notation; a dynamic leaf is `isize`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let n = 8;
/// let l: layout_t!((4, n):(1, 4)) = layout!((4, n):(1, 4));
/// assert_eq!(size(l), 32);
/// ```
#[macro_export]
macro_rules! layout_t {
    ($($t:tt)*) => { $crate::__macros::layout_t!($crate; $($t)*) };
}

/// An int tuple (shape, stride, profile) in CuTe notation: `shape!((2,(3,n)))`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(product(shape!((2, (3, 4)))).value(), 24);
/// ```
#[macro_export]
macro_rules! shape {
    ($($t:tt)*) => { $crate::__macros::shape!($crate; $($t)*) };
}

/// The type of an int tuple in CuTe notation: `shape_t!((2,4))`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let n = 5;
/// let s: shape_t!((2, n)) = shape!((2, n));
/// assert_eq!(product(s), 10);
/// ```
#[macro_export]
macro_rules! shape_t {
    ($($t:tt)*) => { $crate::__macros::shape_t!($crate; $($t)*) };
}

/// Writes a coordinate in CuTe notation (the same notation as [`shape!`]); `_` or `..` is
/// CuTe's underscore.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(Cute(l.call(coord!((2, 3)))).to_string(), "_14");
/// ```
#[macro_export]
macro_rules! coord {
    ($($t:tt)*) => { $crate::__macros::shape!($crate; $($t)*) };
}
