//! CuTe's kernel layer on the runtime tree (`cute/atom/`): MMA and copy atoms with
//! CuTe's own traits, tiled over threads (`TiledMMA`, `TiledCopy`), and the thread
//! slices that partition tensors into the fragments a thread owns.
//!
//! The trait tables ([`MMA_TRAITS`], [`COPY_TRAITS`], from [`crate::atom_traits`]) are
//! data in CuTe's notation; the
//! rest follows `mma_atom.hpp` and `copy_atom.hpp` step by step on runtime layouts.
//!
//! ```
//! use cutlet_dynamic::eval;
//! let m = "make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (_2,_2,_1):(_1,_2,_0))";
//! assert_eq!(eval(&format!("tile_size<0>({m})")).unwrap(), "_32");
//! assert_eq!(
//!     eval(&format!("get_layoutC_TV({m})")).unwrap(),
//!     "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))"
//! );
//! ```

mod bits;
mod copy;
mod gmma;
mod mma;
mod ops;
mod swizzle_slice;
mod tensor;

pub use crate::atom_traits::{
    COPY_TRAITS, CopyTraits, MMA_TRAITS, MmaTraits, copy_traits, mma_traits,
};
pub use copy::{CopyAtom, ThrCopy, TiledCopy};
pub use gmma::make_gmma_desc_fragment;
pub use mma::{MmaAtom, ThrMma, TiledMma};
pub(crate) use ops::apply_atom;
pub use ops::{ATOM_OPERATIONS, AtomValue};
pub use tensor::TensorLayout;
