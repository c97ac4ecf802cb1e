//! The host side of cutlet's GPU kernels, on [cudarc]: what a program needs to run
//! kernels written with cutlet's layouts from its own crate.
//!
//! - [`DeviceTensor`]: a device buffer with the layout the kernel reads it through
//!   (checked to cover the layout's cosize);
//! - [`Module`] and [`Function`]: PTX loaded after checking its `.target` against the
//!   device, and kernels found by their [`Kernel`](cutlet_core::cuda::Kernel) declaration
//!   (what `#[kernel]` makes), so [`Function::launch`]'s arguments are checked against
//!   the kernel's Rust signature at compile time;
//! - launches from a [`LaunchConfig`](cutlet_core::cuda::LaunchConfig) (clusters included),
//!   the description the emulator runs too (`cutlet_core::cuda::emu::launch_config`);
//! - [`make_tma_descriptor`]: a TMA tensor map from a tensor's layout and a
//!   shared-memory tile's;
//! - [`matrix`], [`matrices`]: a rank-2 operand's extents, major and leading dimension
//!   (and a rank-3 batch's entries and their stride), read off its layout;
//! - [`include_ptx!`]: the PTX a build script made with `cutlet-build`.
//!
//! Every bad input is an [`Error`] naming its values; libcuda is loaded at run time, so
//! this builds, and its checks run, on machines without CUDA.
//!
//! ```
//! use cutlet_core::cuda::Kernel;
//! // A kernel crate's `#[kernel] pub unsafe extern "ptx-kernel" fn cutlet_transpose(a:
//! // *const f32, b: *mut f32, m: usize, n: usize)` is, on the host:
//! let k: Kernel<(*const f32, *mut f32, usize, usize)> = cutlet_kernels::entry::cutlet_transpose;
//! assert_eq!(k.name(), "cutlet_transpose");
//! ```
//!
//! Arguments that do not match the declaration do not compile: here the output `b` is
//! passed by `&` where the kernel's parameter is `*mut f32` ("`&CudaSlice<f32>` cannot
//! be passed for a kernel parameter of type `*mut f32`").
//!
//! ```compile_fail,E0277
//! use cudarc::driver::{CudaSlice, CudaStream};
//! use cutlet_core::cuda::{Dim3, LaunchConfig};
//! fn run(
//!     k: &cutlet_cuda::Function<(*const f32, *mut f32, usize, usize)>,
//!     s: &CudaStream,
//!     a: &CudaSlice<f32>,
//!     b: &CudaSlice<f32>,
//! ) {
//!     let cfg = LaunchConfig::new(Dim3::x(1), Dim3::x(32));
//!     // SAFETY: (does not compile)
//!     unsafe { k.launch(s, cfg, (a, b, 4usize, 4usize)) }.unwrap();
//! }
//! ```
//!
//! and neither does a missing argument:
//!
//! ```compile_fail,E0277
//! use cudarc::driver::{CudaSlice, CudaStream};
//! use cutlet_core::cuda::{Dim3, LaunchConfig};
//! fn run(
//!     k: &cutlet_cuda::Function<(*const f32, *mut f32, usize, usize)>,
//!     s: &CudaStream,
//!     a: &CudaSlice<f32>,
//!     b: &mut CudaSlice<f32>,
//! ) {
//!     let cfg = LaunchConfig::new(Dim3::x(1), Dim3::x(32));
//!     // SAFETY: (does not compile)
//!     unsafe { k.launch(s, cfg, (a, b, 4usize)) }.unwrap();
//! }
//! ```

mod error;
mod launch;
mod matrix;
mod module;
mod tensor;
mod tma;

pub use error::{Error, Result};
pub use launch::{KernelArg, KernelArgs, check_launch};
pub use matrix::{Matrices, Matrix, matrices, matrix};
pub use module::{Function, Module, check_arch, ptx_entry, ptx_target};
pub use tensor::{DeviceTensor, TensorView, TensorViewMut, alloc_uninit, check_cosize};
pub use tma::{
    TmaDataType, TmaDescriptors, TmaElement, check_tma_address, encode_tiled, make_tma_descriptor,
};

/// The PTX `cutlet-build` wrote for a kernel library and an arch in this crate's build
/// script (`$OUT_DIR/<lib>.<arch>.ptx`), as a `&'static str`.
///
/// ```ignore
/// const PTX: &str = cutlet_cuda::include_ptx!("my_kernels", "sm_80");
/// ```
#[macro_export]
macro_rules! include_ptx {
    ($lib:literal, $arch:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/", $lib, ".", $arch, ".ptx"))
    };
}
