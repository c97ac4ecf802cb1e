//! A CPU SGEMM built from cutlet's layouts, tensors and algorithms (the flagship
//! example of what the layout algebra is for).
//!
//! The structure is a CuTe kernel's: `local_tile` cuts the operands into cache blocks,
//! packing copies move each block into a static packed layout ([`PackedA`],
//! [`PackedB`], the CPU's shared memory), and a micro-kernel copies panel columns into
//! register fragments and accumulates their outer products into a static `(MR, NR)`
//! register tile with `gemm`, which the compiler turns into FMA vector code. Edge
//! tiles are partial tiles: their packing and their epilogue work on the tensors
//! composed with the residue shape.

mod kernel;
mod pack;
mod sgemm;
mod tiles;

pub use sgemm::{par_sgemm, sgemm};
pub use tiles::{Accum, Kc, Mc, Mr, Nc, Nr, PackedA, PackedB, PanelA, PanelB};
