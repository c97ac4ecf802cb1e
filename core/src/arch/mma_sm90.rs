//! SM90's warpgroup MMA instructions (`wgmma.mma_async`), CuTe's
//! `arch/mma_sm90_gmma.hpp`: [`Gmma`] over its N, its kind (the element types, K, and
//! whether A comes from shared memory or registers) and its operands' majors. Each
//! instruction is named by CuTe's name (`mma_sm90_names.rs`): `SM90_64x96x16_F32BF16BF16_SS`
//! is `Gmma<C<P96>, gmma::F32Bf16Bf16Ss, A, B>` (`C<P96>` is the static `_96`).

use crate::int::Leaf;
use core::marker::PhantomData;

/// GMMA operand majors (CuTe's `GMMA::Major`) and the kinds of warpgroup MMA.
pub mod gmma {
    /// CuTe's `GMMA::Major::K`: the operand is K-major in shared memory.
    ///
    /// ```
    /// let _ = cutlet_core::arch::gmma::K;
    /// ```
    #[derive(Clone, Copy, Default, Debug)]
    pub struct K;
    /// CuTe's `GMMA::Major::MN`: the operand is M- (or N-) major in shared memory.
    ///
    /// ```
    /// let _ = cutlet_core::arch::gmma::MN;
    /// ```
    #[derive(Clone, Copy, Default, Debug)]
    pub struct MN;
    /// An operand major.
    ///
    /// ```
    /// fn name<M: cutlet_core::arch::gmma::Major>() -> &'static str { M::NAME }
    /// assert_eq!(name::<cutlet_core::arch::gmma::MN>(), "MN");
    /// ```
    pub trait Major: Copy + Default + core::fmt::Debug + 'static {
        /// CuTe's spelling.
        const NAME: &'static str;
        /// The `wgmma` immediate (`GMMA::Major`'s value: K 0, MN 1).
        const VALUE: u32;
    }
    impl Major for K {
        const NAME: &'static str = "K";
        const VALUE: u32 = 0;
    }
    impl Major for MN {
        const NAME: &'static str = "MN";
        const VALUE: u32 = 1;
    }

    /// A kind of warpgroup MMA: its element types, its K and where A comes from.
    ///
    /// ```
    /// use cutlet_core::arch::gmma::{Kind, F32Tf32Tf32SsTn};
    /// assert_eq!((F32Tf32Tf32SsTn::NAME, F32Tf32Tf32SsTn::K), ("F32TF32TF32_SS_TN", 8));
    /// ```
    pub trait Kind: Copy + Default + core::fmt::Debug + 'static {
        /// CuTe's name after `SM90_64xNxK_`.
        const NAME: &'static str;
        /// The instruction's K.
        const K: usize;
        /// A comes from registers (`_RS`), not shared memory (`_SS`).
        const RS: bool;
        /// CuTe's `_TN` operations: both operands K-major, named without majors.
        const TN: bool;
        /// A's elements.
        type A: Copy + Default + 'static;
        /// B's elements.
        type B: Copy + Default + 'static;
        /// The accumulators' elements.
        type C: Copy + Default + 'static;
    }

    /// Declares the kinds.
    macro_rules! kinds {
        ($($(#[$m:meta])* $name:ident: $cute:literal, $k:literal, $rs:literal, $tn:literal, $a:ty, $b:ty, $c:ty;)*) => {$(
            $(#[$m])*
            #[derive(Clone, Copy, Default, Debug)]
            pub struct $name;
            impl Kind for $name {
                const NAME: &'static str = $cute;
                const K: usize = $k;
                const RS: bool = $rs;
                const TN: bool = $tn;
                type A = $a;
                type B = $b;
                type C = $c;
            }
        )*};
    }
    kinds! {
        /// f16 operands in shared memory, f32 accumulators (`F32F16F16_SS`).
        F32F16F16Ss: "F32F16F16_SS", 16, false, false, half::f16, half::f16, f32;
        /// bf16 operands in shared memory, f32 accumulators (`F32BF16BF16_SS`).
        F32Bf16Bf16Ss: "F32BF16BF16_SS", 16, false, false, half::bf16, half::bf16, f32;
        /// f16 operands in shared memory, f16 accumulators (`F16F16F16_SS`).
        F16F16F16Ss: "F16F16F16_SS", 16, false, false, half::f16, half::f16, half::f16;
        /// tf32 operands ([`tf32`](crate::tfloat32::tf32): an `f32` whose low 13 mantissa
        /// bits are ignored) in shared memory, K-major, f32 accumulators (`F32TF32TF32_SS_TN`).
        F32Tf32Tf32SsTn: "F32TF32TF32_SS_TN", 8, false, true, crate::tfloat32::tf32, crate::tfloat32::tf32, f32;
        /// f16 A in registers, B in shared memory, f32 accumulators (`F32F16F16_RS`).
        F32F16F16Rs: "F32F16F16_RS", 16, true, false, half::f16, half::f16, f32;
        /// bf16 A in registers, B in shared memory, f32 accumulators (`F32BF16BF16_RS`).
        F32Bf16Bf16Rs: "F32BF16BF16_RS", 16, true, false, half::bf16, half::bf16, f32;
        /// f16 A in registers, B in shared memory, f16 accumulators (`F16F16F16_RS`).
        F16F16F16Rs: "F16F16F16_RS", 16, true, false, half::f16, half::f16, half::f16;
        /// tf32 A in registers, B in shared memory, K-major, f32 accumulators
        /// (`F32TF32TF32_RS_TN`).
        F32Tf32Tf32RsTn: "F32TF32TF32_RS_TN", 8, true, true, crate::tfloat32::tf32, crate::tfloat32::tf32, f32;
        /// e4m3 A and e4m3 B (in shared memory), K-major, f32
        /// accumulators (`F32E4M3E4M3_SS_TN`).
        F32E4M3E4M3SsTn: "F32E4M3E4M3_SS_TN", 32, false, true, crate::float8::e4m3, crate::float8::e4m3, f32;
        /// e4m3 A and e5m2 B (in shared memory), K-major, f32
        /// accumulators (`F32E4M3E5M2_SS_TN`).
        F32E4M3E5M2SsTn: "F32E4M3E5M2_SS_TN", 32, false, true, crate::float8::e4m3, crate::float8::e5m2, f32;
        /// e5m2 A and e4m3 B (in shared memory), K-major, f32
        /// accumulators (`F32E5M2E4M3_SS_TN`).
        F32E5M2E4M3SsTn: "F32E5M2E4M3_SS_TN", 32, false, true, crate::float8::e5m2, crate::float8::e4m3, f32;
        /// e5m2 A and e5m2 B (in shared memory), K-major, f32
        /// accumulators (`F32E5M2E5M2_SS_TN`).
        F32E5M2E5M2SsTn: "F32E5M2E5M2_SS_TN", 32, false, true, crate::float8::e5m2, crate::float8::e5m2, f32;
        /// e4m3 A and e4m3 B (in shared memory), K-major, f16
        /// accumulators (`F16E4M3E4M3_SS_TN`).
        F16E4M3E4M3SsTn: "F16E4M3E4M3_SS_TN", 32, false, true, crate::float8::e4m3, crate::float8::e4m3, half::f16;
        /// e4m3 A and e5m2 B (in shared memory), K-major, f16
        /// accumulators (`F16E4M3E5M2_SS_TN`).
        F16E4M3E5M2SsTn: "F16E4M3E5M2_SS_TN", 32, false, true, crate::float8::e4m3, crate::float8::e5m2, half::f16;
        /// e5m2 A and e4m3 B (in shared memory), K-major, f16
        /// accumulators (`F16E5M2E4M3_SS_TN`).
        F16E5M2E4M3SsTn: "F16E5M2E4M3_SS_TN", 32, false, true, crate::float8::e5m2, crate::float8::e4m3, half::f16;
        /// e5m2 A and e5m2 B (in shared memory), K-major, f16
        /// accumulators (`F16E5M2E5M2_SS_TN`).
        F16E5M2E5M2SsTn: "F16E5M2E5M2_SS_TN", 32, false, true, crate::float8::e5m2, crate::float8::e5m2, half::f16;
        /// e4m3 A and e4m3 B (A in registers, B in shared memory), K-major, f32
        /// accumulators (`F32E4M3E4M3_RS_TN`).
        F32E4M3E4M3RsTn: "F32E4M3E4M3_RS_TN", 32, true, true, crate::float8::e4m3, crate::float8::e4m3, f32;
        /// e4m3 A and e5m2 B (A in registers, B in shared memory), K-major, f32
        /// accumulators (`F32E4M3E5M2_RS_TN`).
        F32E4M3E5M2RsTn: "F32E4M3E5M2_RS_TN", 32, true, true, crate::float8::e4m3, crate::float8::e5m2, f32;
        /// e5m2 A and e4m3 B (A in registers, B in shared memory), K-major, f32
        /// accumulators (`F32E5M2E4M3_RS_TN`).
        F32E5M2E4M3RsTn: "F32E5M2E4M3_RS_TN", 32, true, true, crate::float8::e5m2, crate::float8::e4m3, f32;
        /// e5m2 A and e5m2 B (A in registers, B in shared memory), K-major, f32
        /// accumulators (`F32E5M2E5M2_RS_TN`).
        F32E5M2E5M2RsTn: "F32E5M2E5M2_RS_TN", 32, true, true, crate::float8::e5m2, crate::float8::e5m2, f32;
        /// e4m3 A and e4m3 B (A in registers, B in shared memory), K-major, f16
        /// accumulators (`F16E4M3E4M3_RS_TN`).
        F16E4M3E4M3RsTn: "F16E4M3E4M3_RS_TN", 32, true, true, crate::float8::e4m3, crate::float8::e4m3, half::f16;
        /// e4m3 A and e5m2 B (A in registers, B in shared memory), K-major, f16
        /// accumulators (`F16E4M3E5M2_RS_TN`).
        F16E4M3E5M2RsTn: "F16E4M3E5M2_RS_TN", 32, true, true, crate::float8::e4m3, crate::float8::e5m2, half::f16;
        /// e5m2 A and e4m3 B (A in registers, B in shared memory), K-major, f16
        /// accumulators (`F16E5M2E4M3_RS_TN`).
        F16E5M2E4M3RsTn: "F16E5M2E4M3_RS_TN", 32, true, true, crate::float8::e5m2, crate::float8::e4m3, half::f16;
        /// e5m2 A and e5m2 B (A in registers, B in shared memory), K-major, f16
        /// accumulators (`F16E5M2E5M2_RS_TN`).
        F16E5M2E5M2RsTn: "F16E5M2E5M2_RS_TN", 32, true, true, crate::float8::e5m2, crate::float8::e5m2, half::f16;
    }
}

/// A warpgroup MMA instruction, `wgmma.mma_async.m64nNkK`: `64 x N x K` of kind `T`, A
/// and B at majors `A` and `B` (K by default; CuTe's `_RS` operations take A K-major).
/// Named by CuTe's names: every N CuTe has (8 to 256 in steps of 8) for every kind.
///
/// ```
/// use cutlet_core::arch::{gmma, SM90_64x96x16_F32BF16BF16_SS, SM90_64x8x8_F32TF32TF32_SS_TN};
/// let op: SM90_64x96x16_F32BF16BF16_SS<gmma::MN, gmma::K> = Default::default();
/// assert_eq!(format!("{op:?}"), "SM90_64x96x16_F32BF16BF16_SS<MN,K>");
/// assert_eq!(format!("{:?}", SM90_64x8x8_F32TF32TF32_SS_TN::default()), "SM90_64x8x8_F32TF32TF32_SS_TN");
/// ```
pub struct Gmma<N, T, A = gmma::K, B = gmma::K>(PhantomData<(N, T, A, B)>);

impl<N, T, A, B> Clone for Gmma<N, T, A, B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N, T, A, B> Copy for Gmma<N, T, A, B> {}
impl<N, T, A, B> Default for Gmma<N, T, A, B> {
    fn default() -> Self {
        Gmma(PhantomData)
    }
}
impl<N: Leaf, T: gmma::Kind, A: gmma::Major, B: gmma::Major> core::fmt::Debug for Gmma<N, T, A, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "SM90_64x{}x{}_{}", N::conjure().value(), T::K, T::NAME)?;
        if T::TN {
            Ok(())
        } else {
            write!(f, "<{},{}>", A::NAME, B::NAME)
        }
    }
}
