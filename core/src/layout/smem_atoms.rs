//! The swizzled shared-memory layout atoms that kernels name: CuTe's GMMA atoms
//! (`GMMA::Layout_K_SW128_Atom<T>` and family, mma_traits_sm90_gmma.hpp) and the SM80
//! `Swizzle<B,3,3> o (_8,_W):(_W,_1)` atoms of CUTLASS's Ampere kernels. All are
//! zero-sized static types; tile them to a CTA tile with
//! [`tile_to_shape`](crate::algebra::tile_to_shape).
#![allow(non_camel_case_types)]

use super::composed::{ComposedLayout, LayoutFn, SmemPtrFlag};
use super::swizzle::Swizzle;
use crate::algebra::recast::SizeofBits;
use crate::int::_0;

/// CuTe's `smem_ptr_flag` (`smem_ptr_flag_bits<1>`): the offset of the `_Bits` atoms.
type Flag1 = SmemPtrFlag<1>;
/// A `_Bits` atom in units of `T` (CuTe's `upcast<sizeof_bits<T>>`).
type InUnitsOf<Bits, T> = <Bits as LayoutFn>::Upcast<<T as SizeofBits>::Bits>;

/// CuTe's `GMMA::Layout_MN_INTER_Atom_Bits`: `Sw<0,4,3> o smem_ptr[1b](unset) o (_128,_8):(_1,_128)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_INTER_Atom_Bits::default().to_string(), "Sw<0,4,3> o smem_ptr[1b](unset) o (_128,_8):(_1,_128)");
/// ```
pub type Layout_MN_INTER_Atom_Bits =
    ComposedLayout<Swizzle<0, 4, 3>, Flag1, crate::layout_t!((128,8):(1,128))>;
/// CuTe's `GMMA::Layout_MN_SW32_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_SW32_Atom_Bits::default().to_string(), "Sw<1,4,3> o smem_ptr[1b](unset) o (_256,_8):(_1,_256)");
/// ```
pub type Layout_MN_SW32_Atom_Bits =
    ComposedLayout<Swizzle<1, 4, 3>, Flag1, crate::layout_t!((256,8):(1,256))>;
/// CuTe's `GMMA::Layout_MN_SW64_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_SW64_Atom_Bits::default().to_string(), "Sw<2,4,3> o smem_ptr[1b](unset) o (_512,_8):(_1,_512)");
/// ```
pub type Layout_MN_SW64_Atom_Bits =
    ComposedLayout<Swizzle<2, 4, 3>, Flag1, crate::layout_t!((512,8):(1,512))>;
/// CuTe's `GMMA::Layout_MN_SW128_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_SW128_Atom_Bits::default().to_string(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_1024,_8):(_1,_1024)");
/// ```
pub type Layout_MN_SW128_Atom_Bits =
    ComposedLayout<Swizzle<3, 4, 3>, Flag1, crate::layout_t!((1024,8):(1,1024))>;
/// CuTe's `GMMA::Layout_K_INTER_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_INTER_Atom_Bits::default().to_string(), "Sw<0,4,3> o smem_ptr[1b](unset) o (_8,_128):(_128,_1)");
/// ```
pub type Layout_K_INTER_Atom_Bits =
    ComposedLayout<Swizzle<0, 4, 3>, Flag1, crate::layout_t!((8,128):(128,1))>;
/// CuTe's `GMMA::Layout_K_SW32_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_SW32_Atom_Bits::default().to_string(), "Sw<1,4,3> o smem_ptr[1b](unset) o (_8,_256):(_256,_1)");
/// ```
pub type Layout_K_SW32_Atom_Bits =
    ComposedLayout<Swizzle<1, 4, 3>, Flag1, crate::layout_t!((8,256):(256,1))>;
/// CuTe's `GMMA::Layout_K_SW64_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_SW64_Atom_Bits::default().to_string(), "Sw<2,4,3> o smem_ptr[1b](unset) o (_8,_512):(_512,_1)");
/// ```
pub type Layout_K_SW64_Atom_Bits =
    ComposedLayout<Swizzle<2, 4, 3>, Flag1, crate::layout_t!((8,512):(512,1))>;
/// CuTe's `GMMA::Layout_K_SW128_Atom_Bits`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_SW128_Atom_Bits::default().to_string(), "Sw<3,4,3> o smem_ptr[1b](unset) o (_8,_1024):(_1024,_1)");
/// ```
pub type Layout_K_SW128_Atom_Bits =
    ComposedLayout<Swizzle<3, 4, 3>, Flag1, crate::layout_t!((8,1024):(1024,1))>;

/// CuTe's `GMMA::Layout_MN_INTER_Atom<T>`: MN-major, no swizzle, in units of `T`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_INTER_Atom::<half::f16>::default().to_string(), "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_1,_8)");
/// ```
pub type Layout_MN_INTER_Atom<T> = InUnitsOf<Layout_MN_INTER_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_MN_SW32_Atom<T>`: MN-major, 32-byte swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_SW32_Atom::<half::f16>::default().to_string(), "Sw<1,4,3> o smem_ptr[16b](unset) o (_16,_8):(_1,_16)");
/// ```
pub type Layout_MN_SW32_Atom<T> = InUnitsOf<Layout_MN_SW32_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_MN_SW64_Atom<T>`: MN-major, 64-byte swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_SW64_Atom::<half::f16>::default().to_string(), "Sw<2,4,3> o smem_ptr[16b](unset) o (_32,_8):(_1,_32)");
/// ```
pub type Layout_MN_SW64_Atom<T> = InUnitsOf<Layout_MN_SW64_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_MN_SW128_Atom<T>`: MN-major, 128-byte swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_MN_SW128_Atom::<half::f16>::default().to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_64,_8):(_1,_64)");
/// ```
pub type Layout_MN_SW128_Atom<T> = InUnitsOf<Layout_MN_SW128_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_K_INTER_Atom<T>`: K-major, no swizzle, in units of `T`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_INTER_Atom::<half::f16>::default().to_string(), "Sw<0,4,3> o smem_ptr[16b](unset) o (_8,_8):(_8,_1)");
/// ```
pub type Layout_K_INTER_Atom<T> = InUnitsOf<Layout_K_INTER_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_K_SW32_Atom<T>`: K-major, 32-byte swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_SW32_Atom::<half::f16>::default().to_string(), "Sw<1,4,3> o smem_ptr[16b](unset) o (_8,_16):(_16,_1)");
/// ```
pub type Layout_K_SW32_Atom<T> = InUnitsOf<Layout_K_SW32_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_K_SW64_Atom<T>`: K-major, 64-byte swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Layout_K_SW64_Atom::<half::f16>::default().to_string(), "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)");
/// ```
pub type Layout_K_SW64_Atom<T> = InUnitsOf<Layout_K_SW64_Atom_Bits, T>;
/// CuTe's `GMMA::Layout_K_SW128_Atom<T>`: K-major, 128-byte swizzle (the atom of most
/// Hopper GEMMs), in units of `T`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let a = Layout_K_SW128_Atom::<half::f16>::default();
/// assert_eq!(a.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)");
/// let t = tile_to_shape(a, shape!((128, 64)));
/// assert_eq!(t.to_string(), "Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
/// assert_eq!(Layout_K_SW128_Atom::<f32>::default().to_string(), "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)");
/// ```
pub type Layout_K_SW128_Atom<T> = InUnitsOf<Layout_K_SW128_Atom_Bits, T>;

/// The SM80 K-major shared-memory atom of 16-bit CUTLASS kernels,
/// `Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`: 8 rows of 64 elements (128 bytes), the 16-byte
/// chunks of each row XORed with the row index, so that `ldmatrix` reads of 8 rows hit
/// 8 distinct bank groups.
///
/// ```
/// use cutlet_core::prelude::*;
/// let a = Sm80_SmemAtom_K_SW128::default();
/// assert_eq!(a.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(a, composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1))));
/// assert_eq!(tile_to_shape(a, shape!((128, 64))).to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
/// ```
pub type Sm80_SmemAtom_K_SW128 =
    ComposedLayout<Swizzle<3, 3, 3>, _0, crate::layout_t!((8,64):(64,1))>;
/// The SM80 K-major atom for 64-byte rows (`k = 32` of 16-bit elements):
/// `Sw<2,3,3> o _0 o (_8,_32):(_32,_1)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Sm80_SmemAtom_K_SW64::default().to_string(), "Sw<2,3,3> o _0 o (_8,_32):(_32,_1)");
/// ```
pub type Sm80_SmemAtom_K_SW64 =
    ComposedLayout<Swizzle<2, 3, 3>, _0, crate::layout_t!((8,32):(32,1))>;
/// The SM80 K-major atom for 32-byte rows (`k = 16` of 16-bit elements):
/// `Sw<1,3,3> o _0 o (_8,_16):(_16,_1)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Sm80_SmemAtom_K_SW32::default().to_string(), "Sw<1,3,3> o _0 o (_8,_16):(_16,_1)");
/// ```
pub type Sm80_SmemAtom_K_SW32 =
    ComposedLayout<Swizzle<1, 3, 3>, _0, crate::layout_t!((8,16):(16,1))>;
/// The SM80 MN-major atom of 16-bit kernels: `Sw<3,3,3> o _0 o (_64,_8):(_1,_64)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Sm80_SmemAtom_MN_SW128::default().to_string(), "Sw<3,3,3> o _0 o (_64,_8):(_1,_64)");
/// ```
pub type Sm80_SmemAtom_MN_SW128 =
    ComposedLayout<Swizzle<3, 3, 3>, _0, crate::layout_t!((64,8):(1,64))>;
