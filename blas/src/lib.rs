//! A CPU GEMM (`sgemm`, `dgemm`) built from cutlet's layouts, tensors and algorithms
//! (the flagship example of what the layout algebra is for).
//!
//! The structure is a CuTe kernel's: `local_tile` cuts the operands into cache blocks,
//! packing copies move each block into a static packed layout (`PackedA`, `PackedB`, the
//! CPU's shared memory), and a micro-kernel copies panel columns into register fragments
//! and accumulates their outer products into a static `(MR, NR)` register tile with
//! `gemm`: the tile is the CPU's vector MMA atom (`simd`: one vector of C, one FMA)
//! tiled over the register tile, so it is vector registers by construction. Edge tiles are partial tiles:
//! their packing and their epilogue work on the tensors composed with the residue shape.
//!
//! Every level is a static layout chosen per instruction set ([`tiles`]): the same
//! layout-built code is instantiated for AVX-512F, AVX2 with FMA and the baseline
//! target, each compiled with its `#[target_feature]`s, and the widest one this CPU
//! supports is picked at run time (once). Calling a `#[target_feature]` function is the
//! crate's one use of `unsafe`, in `dispatch::call`.

// No `unsafe` but `dispatch::call`, which calls the `#[target_feature]` kernels after
// checking the CPU (an `#[allow(unsafe_code)]` on that one function).
#![deny(unsafe_code)]
#![warn(missing_docs)]
// Type-level algorithms spell their results as nested projections by nature.
#![allow(clippy::type_complexity)]

extern crate alloc;

mod blocked;
mod dispatch;
mod kernel;
mod pack;
mod sgemm;
mod simd;
pub mod tiles;

pub use dispatch::Isa;
pub use sgemm::{dgemm, dgemm_with_isa, par_dgemm, par_sgemm, sgemm, sgemm_with_isa};
