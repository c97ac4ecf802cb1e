//! cutlet's GEMM and attention as candle ops.
//!
//! [`matmul`] is `Tensor::matmul` and [`flash_attn`] / [`flash_attn_varlen`] are
//! `candle_flash_attn`'s functions of the same names, signatures and semantics, so a
//! model switches by changing one import:
//!
//! ```
//! # use candle::{Device, Tensor, D};
//! // use candle_flash_attn::flash_attn;
//! use cutlet_candle::flash_attn;
//!
//! let (b, s, h, d) = (1, 16, 4, 64);
//! let q = Tensor::randn(0f32, 1., (b, s, h, d), &Device::Cpu)?;
//! let (k, v) = (q.clone(), q.clone());
//! let o = flash_attn(&q, &k, &v, 1. / (d as f32).sqrt(), true)?;
//!
//! // The same attention from candle's own ops.
//! let (qt, kt, vt) = (q.transpose(1, 2)?, k.transpose(1, 2)?, v.transpose(1, 2)?);
//! let scores = (qt.matmul(&kt.t()?)? / (d as f64).sqrt())?;
//! let mask: Vec<f32> = (0..s * s).map(|i| if i % s > i / s { f32::NEG_INFINITY } else { 0. }).collect();
//! let scores = scores.broadcast_add(&Tensor::from_vec(mask, (s, s), &Device::Cpu)?)?;
//! let p = scores.broadcast_sub(&scores.max_keepdim(D::Minus1)?)?.exp()?;
//! let p = p.broadcast_div(&p.sum_keepdim(D::Minus1)?)?;
//! let reference = p.matmul(&vt)?.transpose(1, 2)?;
//! let diff = (o - reference)?.abs()?.max_all()?.to_scalar::<f32>()?;
//! assert!(diff < 1e-5, "{diff}");
//! # Ok::<(), candle::Error>(())
//! ```
//!
//! Operands keep candle's layouts: cutlet reads each through the CuTe layout of its
//! dims and strides ([`cute_layout`]), so transposed, narrowed and broadcast tensors
//! are not copied. Bad input (ranks, extents, dtypes, head sizes, heads) is a
//! `candle::Error` naming the values and the layouts.
//!
//! On CPU tensors these run cutlet's CPU paths (`cutlet-blas`'s GEMM and
//! `cutlet-attention`'s CPU attention). With the `cuda` feature, on candle's CUDA
//! tensors they run `cutlet_gemm::gemm` and `cutlet_attention::attention` on the
//! device's stream, over candle's buffers in place (`cutlet_cuda::DeviceTensor::view`):
//! the Hopper kernels on an H100/H200, built by rustc (no nvcc for cutlet's kernels;
//! candle's own CUDA backend still builds its kernels with nvcc).

/// Returns a `candle::Error::Msg` of the formatted message: the message alone, without
/// the backtrace `candle::bail!` adds where `RUST_BACKTRACE` is set.
macro_rules! fail {
    ($($msg:tt)*) => {
        return Err(candle::Error::Msg(format!($($msg)*)))
    };
}

/// A GPU-side error (cudarc's, cutlet's) as a `candle::Error` of its message.
#[cfg(feature = "cuda")]
fn gpu(e: impl std::fmt::Display) -> candle::Error {
    candle::Error::Msg(e.to_string())
}

mod attention;
mod layout;
mod matmul;

/// `xs` widened to f32: the CPU paths compute 16-bit operands in f32.
fn widen<T: Copy + Into<f32> + Send + Sync>(xs: &[T]) -> Vec<f32> {
    use rayon::prelude::*;
    xs.par_iter().map(|&x| x.into()).collect()
}

pub use attention::{FlashAttn, FlashAttnVarLen, flash_attn, flash_attn_varlen};
pub use layout::cute_layout;
pub use matmul::{Matmul, matmul};
