//! The instructions' operation types (CuTe's `cute/arch/`): one zero-sized type per MMA
//! instruction, named as CuTe names it, and the GMMA operand majors. They are
//! declarations only, so the atoms above ([`crate::atom`]: `MMA_Traits` on each) and the
//! device layer ([`crate::cuda`], under `nvptx64` or `std`: each instruction's PTX and
//! its emulation) both build on them, and neither needs the other to name an
//! instruction.
//!
//! ```
//! use cutlet_core::arch::{SM80_16x8x16_F32BF16BF16F32_TN, SM90_64x128x16_F32BF16BF16_SS, gmma};
//! let _ = SM80_16x8x16_F32BF16BF16F32_TN;
//! let op: SM90_64x128x16_F32BF16BF16_SS<gmma::MN, gmma::K> = Default::default();
//! assert_eq!(format!("{op:?}"), "SM90_64x128x16_F32BF16BF16_SS<MN,K>");
//! ```
#![allow(non_camel_case_types)]

mod mma_sm80;
mod mma_sm90;
mod mma_sm90_names;

pub use mma_sm80::*;
pub use mma_sm90::{Gmma, gmma};
pub use mma_sm90_names::*;
