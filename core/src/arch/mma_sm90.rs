//! SM90's warpgroup MMA instructions (`wgmma.mma_async`) with both operands in shared
//! memory, CuTe's `arch/mma_sm90_gmma.hpp` names, and the operand majors they take.

use core::marker::PhantomData;

/// GMMA operand majors (CuTe's `GMMA::Major`), the type parameters of the SM90 atoms.
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
}

/// Declares one warpgroup MMA type over its operand majors `A` and `B`.
macro_rules! gmma_ss_op {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        pub struct $name<A = gmma::K, B = gmma::K>(PhantomData<(A, B)>);
        impl<A, B> Clone for $name<A, B> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A, B> Copy for $name<A, B> {}
        impl<A, B> Default for $name<A, B> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<A: gmma::Major, B: gmma::Major> core::fmt::Debug for $name<A, B> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}<{},{}>", stringify!($name), A::NAME, B::NAME)
            }
        }
    )*};
}

gmma_ss_op! {
    /// CuTe's `SM90_64x64x16_F32F16F16_SS<A, B>`: `wgmma.mma_async.m64n64k16.f32.f16.f16`,
    /// both operands in shared memory (majors `A`, `B`, K by default), f32 accumulators
    /// in 128 threads' registers.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM90_64x64x16_F32F16F16_SS::<cutlet_core::arch::gmma::K>::default();
    /// ```
    SM90_64x64x16_F32F16F16_SS;
    /// CuTe's `SM90_64x64x16_F32BF16BF16_SS<A, B>`: as the f16 instruction, bf16 inputs.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM90_64x64x16_F32BF16BF16_SS::<cutlet_core::arch::gmma::K>::default();
    /// ```
    SM90_64x64x16_F32BF16BF16_SS;
    /// CuTe's `SM90_64x128x16_F32F16F16_SS<A, B>`: `wgmma.mma_async.m64n128k16.f32.f16.f16`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM90_64x128x16_F32F16F16_SS::<cutlet_core::arch::gmma::K>::default();
    /// ```
    SM90_64x128x16_F32F16F16_SS;
    /// CuTe's `SM90_64x128x16_F32BF16BF16_SS<A, B>`: as the f16 instruction, bf16 inputs.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM90_64x128x16_F32BF16BF16_SS::<cutlet_core::arch::gmma::K>::default();
    /// ```
    SM90_64x128x16_F32BF16BF16_SS;
    /// CuTe's `SM90_64x256x16_F32F16F16_SS<A, B>`: `wgmma.mma_async.m64n256k16.f32.f16.f16`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM90_64x256x16_F32F16F16_SS::<cutlet_core::arch::gmma::K>::default();
    /// ```
    SM90_64x256x16_F32F16F16_SS;
    /// CuTe's `SM90_64x256x16_F32BF16BF16_SS<A, B>`: as the f16 instruction, bf16 inputs.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM90_64x256x16_F32BF16BF16_SS::<cutlet_core::arch::gmma::K>::default();
    /// ```
    SM90_64x256x16_F32BF16BF16_SS;
}
