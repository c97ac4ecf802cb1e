//! Element types on the host side of the checks: generated operand values, widening to
//! f64 for the references, and cuBLAS's name for each.

use cudarc::cublas::sys::{cublasComputeType_t, cudaDataType};
use cudarc::driver::{DeviceRepr, ValidAsZeroBits};
use cutlet_core::tfloat32::tf32;
use cutlet_gemm::GemmElement;
use half::{bf16, f16};

/// The result of a check or a run.
pub type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// An element type of a GEMM operand: bf16, f16, f32 or tf32.
pub trait El: DeviceRepr + GemmElement + ValidAsZeroBits + Copy + Unpin + 'static {
    /// Its name in messages.
    const NAME: &'static str;
    /// cuBLAS's data type.
    const CUDA: cudaDataType;
    /// cuBLAS's compute type for these inputs: f32, or f32 through TF32 for tf32.
    const COMPUTE: cublasComputeType_t = cublasComputeType_t::CUBLAS_COMPUTE_32F;
    fn from_f32(x: f32) -> Self;
    fn to_f64(self) -> f64;
}
impl El for bf16 {
    const NAME: &'static str = "bf16";
    const CUDA: cudaDataType = cudaDataType::CUDA_R_16BF;
    fn from_f32(x: f32) -> Self {
        bf16::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        self.to_f64()
    }
}
impl El for f16 {
    const NAME: &'static str = "f16";
    const CUDA: cudaDataType = cudaDataType::CUDA_R_16F;
    fn from_f32(x: f32) -> Self {
        f16::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        self.to_f64()
    }
}
impl El for f32 {
    const NAME: &'static str = "f32";
    const CUDA: cudaDataType = cudaDataType::CUDA_R_32F;
    fn from_f32(x: f32) -> Self {
        x
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
}

impl El for tf32 {
    const NAME: &'static str = "tf32";
    const CUDA: cudaDataType = cudaDataType::CUDA_R_32F;
    const COMPUTE: cublasComputeType_t = cublasComputeType_t::CUBLAS_COMPUTE_32F_FAST_TF32;
    fn from_f32(x: f32) -> Self {
        tf32::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        self.into()
    }
}

/// `len` values in [-32, 32) that differ with `seed`.
pub fn data(len: usize, seed: u32) -> Vec<f32> {
    (0..len)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 20) as f32 / 64.0 - 32.0
        })
        .collect()
}

/// [`data`] scaled by `1 / scale`, as `E`.
pub fn values<E: El>(len: usize, seed: u32, scale: f32) -> Vec<E> {
    data(len, seed)
        .into_iter()
        .map(|x| E::from_f32(x / scale))
        .collect()
}
