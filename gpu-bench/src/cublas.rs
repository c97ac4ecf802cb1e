//! The peer: cuBLAS's `GemmEx` on the operands of a cutlet GEMM, f32 compute (through
//! TF32 for tf32 operands: `CUBLAS_COMPUTE_32F_FAST_TF32`).

use crate::elem::{El, Res};
use cudarc::cublas::CudaBlas;
use cudarc::cublas::sys::{cublasGemmAlgo_t, cublasOperation_t};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DevicePtrMut};
use cutlet_gemm::GemmArgs;

/// `C = alpha A Bᵀ + beta C` for A `(m, k)` and B `(n, k)`, each K-major or not
/// (`kmajor`), at `p`'s leading dimensions; C column-major.
pub fn gemm<E: El, O: El>(
    blas: &CudaBlas,
    st: &CudaStream,
    kmajor: (bool, bool),
    p: GemmArgs,
    a: &CudaSlice<E>,
    b: &CudaSlice<E>,
    c: &mut CudaSlice<O>,
) -> Res<()> {
    let op = |transposed: bool| {
        if transposed {
            cublasOperation_t::CUBLAS_OP_T
        } else {
            cublasOperation_t::CUBLAS_OP_N
        }
    };
    let (pa, _ga) = a.device_ptr(st);
    let (pb, _gb) = b.device_ptr(st);
    let (pc, _gc) = c.device_ptr_mut(st);
    let (alpha, beta) = (p.alpha, p.beta);
    // SAFETY: the buffers hold the operands at p's shapes and leading dimensions. A (m, k)
    // K-major is op T of a column-major k x m, M-major is op N; B (n, k) K-major is op N
    // of a column-major k x n, N-major is op T.
    unsafe {
        cudarc::cublas::result::gemm_ex(
            *blas.handle(),
            op(kmajor.0),
            op(!kmajor.1),
            p.m as i32,
            p.n as i32,
            p.k as i32,
            &alpha as *const f32 as *const _,
            pa as *const _,
            E::CUDA,
            p.lda as i32,
            pb as *const _,
            E::CUDA,
            p.ldb as i32,
            &beta as *const f32 as *const _,
            pc as *mut _,
            O::CUDA,
            p.ldc as i32,
            E::COMPUTE,
            cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    }
    .map_err(|e| format!("cuBLAS: {e:?}"))?;
    Ok(())
}
