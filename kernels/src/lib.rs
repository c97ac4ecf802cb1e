//! GPU kernels written with cutlet's layouts. Each kernel is an ordinary Rust function
//! over `cutlet_core::cuda` (the device layer): built for `nvptx64-nvidia-cuda` it is a PTX
//! entry point (see `entry`), built for the host it runs on cutlet's CPU emulator
//! (`cutlet_core::cuda::emu::launch`). There is one source for both.
//!
//! - [`copy`]: 128-bit vectorised copy of a large buffer;
//! - [`transpose`]: shared-memory tiled transpose, any M and N, edges predicated with an
//!   identity tensor;
//! - [`tile_copy`]: `copy_if` on partial tiles of a matrix;
//! - [`static_layout`]: a gather through a static layout (its PTX is checked);
//! - [`gemm`]: the GEMM vocabulary the families share (problem, output, majors, launch);
//! - [`registry`]: every GEMM and attention configuration, listed once;
//! - [`gemm_sm80`]: tensor-core GEMM (cp.async, ldmatrix, mma.sync through the typed
//!   atoms), f16/bf16 in either major, C in f32 or the input type;
//! - [`gemm_sm90`]: Hopper's warp-specialized persistent GEMM (TMA, mbarrier pipeline,
//!   wgmma, register reallocation), built for sm_90a;
//! - [`flash_sm90`]: FlashAttention's forward pass for Hopper (TMA, mbarrier pipelines,
//!   `wgmma` from shared memory and from registers, the online softmax), built for sm_90a;
//! - [`sgemm`]: SIMT SGEMM, CuTe's tutorial structure (global → shared → registers);
//! - [`entry`]: the PTX entry points, which the host launches as typed [`Kernel`](cutlet_core::cuda::Kernel)s.
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]
// An entry filter leaves out the entries, and so the uses, of what it does not build.
#![cfg_attr(cutlet_entries, allow(unused))]

// An entry filter (`cutlet-build --entry`, `CUTLET_ENTRIES`) leaves out the families
// it asks for no entry of, so that type checking one kernel does not check them all.
// `gemm_sm80` and the registry stay: the registry declares every GEMM configuration.
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_copy"))]
pub mod copy;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90"))]
pub mod flash_sm90;
pub mod gemm;
pub mod gemm_sm80;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
pub mod gemm_sm90;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_sgemm"))]
pub mod sgemm;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_static_layout"))]
pub mod static_layout;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_tile_copy"))]
pub mod tile_copy;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_transpose"))]
pub mod transpose;

pub mod entry;
pub mod registry;
