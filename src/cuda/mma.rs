//! SM80 warp-level MMA instructions (`mma.sync.aligned`) on the `cutlet` atoms (the
//! layer `cutlet-core` replaces): each `mma` is `cutlet_core::cuda::mma`'s instruction of
//! the same name. Each takes this lane's fragments of A, B and C (packed as the PTX
//! instruction takes them: two 16-bit or four 8-bit values per `u32`, lowest first) and
//! returns its fragment of `D = A B + C`. All 32 lanes of a warp must execute it.
//!
//! ```
//! use cutlet::cuda::{emu, mma::SM80_16x8x16_F32F16F16F32_TN as Mma, Dim3};
//! // A = B = all ones (f16 1.0 = 0x3c00), C = 0: every D element is K = 16.
//! emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
//!     let one = 0x3c00_3c00u32;
//!     assert_eq!(Mma::mma([one; 4], [one; 2], [0.0; 4]), [16.0; 4]);
//! }).unwrap();
//! ```
#![allow(non_camel_case_types)]

pub use crate::atom::{
    SM80_8x8x4_F64F64F64F64_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32TF32TF32F32_TN,
    SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x32_S32S8S8S32_TN,
};

macro_rules! delegate {
    ($($name:ident($a:ty, $b:ty, $c:ty);)*) => {$(
        impl $name {
            /// This lane's fragment of `D = A B + C`: `cutlet_core`'s instruction.
            ///
            /// ```
            #[doc = concat!("use cutlet::cuda::{emu, mma::", stringify!($name), " as Mma, Dim3};")]
            /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
            ///     let c = Mma::mma(Default::default(), Default::default(), Default::default());
            ///     assert!(c.iter().all(|x| *x == Default::default()));
            /// }).unwrap();
            /// ```
            #[inline(always)]
            #[track_caller]
            pub fn mma(a: $a, b: $b, c: $c) -> $c {
                cutlet_core::atom::$name::mma(a, b, c)
            }
        }
    )*};
}
delegate! {
    SM80_16x8x16_F32F16F16F32_TN([u32; 4], [u32; 2], [f32; 4]);
    SM80_16x8x16_F32BF16BF16F32_TN([u32; 4], [u32; 2], [f32; 4]);
    SM80_16x8x8_F32F16F16F32_TN([u32; 2], [u32; 1], [f32; 4]);
    SM80_16x8x8_F32TF32TF32F32_TN([u32; 4], [u32; 2], [f32; 4]);
    SM80_8x8x4_F64F64F64F64_TN(f64, f64, [f64; 2]);
    SM80_16x8x32_S32S8S8S32_TN([u32; 4], [u32; 2], [i32; 4]);
}

/// The m16n8k16 16-bit atoms (f16 and bf16 in, f32 accumulate), for kernels generic
/// over the input type.
///
/// ```
/// use cutlet::cuda::mma::{Mma16x8x16, SM80_16x8x16_F32F16F16F32_TN};
/// fn run<M: Mma16x8x16>(a: [u32; 4], b: [u32; 2], c: [f32; 4]) -> [f32; 4] { M::mma(a, b, c) }
/// cutlet::cuda::emu::launch(cutlet::cuda::Dim3::x(1), cutlet::cuda::Dim3::x(32), 0, || {
///     assert_eq!(run::<SM80_16x8x16_F32F16F16F32_TN>([0; 4], [0; 2], [2.0; 4]), [2.0; 4]);
/// }).unwrap();
/// ```
pub trait Mma16x8x16: Copy + Default + Send + Sync + 'static {
    /// This lane's fragment of `D = A B + C`.
    fn mma(a: [u32; 4], b: [u32; 2], c: [f32; 4]) -> [f32; 4];
}
impl Mma16x8x16 for SM80_16x8x16_F32F16F16F32_TN {
    #[inline(always)]
    fn mma(a: [u32; 4], b: [u32; 2], c: [f32; 4]) -> [f32; 4] {
        Self::mma(a, b, c)
    }
}
impl Mma16x8x16 for SM80_16x8x16_F32BF16BF16F32_TN {
    #[inline(always)]
    fn mma(a: [u32; 4], b: [u32; 2], c: [f32; 4]) -> [f32; 4] {
        Self::mma(a, b, c)
    }
}
