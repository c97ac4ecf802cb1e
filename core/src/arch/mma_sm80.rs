//! SM80's warp-level MMA instructions (`mma.sync.aligned`), CuTe's
//! `arch/mma_sm80.hpp` names.

/// Declares one instruction type.
macro_rules! mma_op {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $name;
    )*};
}

mma_op! {
    /// CuTe's `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_16x8x16_F32F16F16F32_TN;
    /// ```
    SM80_16x8x16_F32F16F16F32_TN;
    /// CuTe's `SM80_16x8x16_F32BF16BF16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_16x8x16_F32BF16BF16F32_TN;
    /// ```
    SM80_16x8x16_F32BF16BF16F32_TN;
    /// CuTe's `SM80_16x8x16_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_16x8x16_F16F16F16F16_TN;
    /// ```
    SM80_16x8x16_F16F16F16F16_TN;
    /// CuTe's `SM80_16x8x8_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_16x8x8_F32F16F16F32_TN;
    /// ```
    SM80_16x8x8_F32F16F16F32_TN;
    /// CuTe's `SM80_16x8x8_F32TF32TF32F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_16x8x8_F32TF32TF32F32_TN;
    /// ```
    SM80_16x8x8_F32TF32TF32F32_TN;
    /// CuTe's `SM80_8x8x4_F64F64F64F64_TN`: `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_8x8x4_F64F64F64F64_TN;
    /// ```
    SM80_8x8x4_F64F64F64F64_TN;
    /// CuTe's `SM80_16x8x32_S32S8S8S32_TN`: `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`.
    ///
    /// ```
    /// let _ = cutlet_core::arch::SM80_16x8x32_S32S8S8S32_TN;
    /// ```
    SM80_16x8x32_S32S8S8S32_TN;
}
