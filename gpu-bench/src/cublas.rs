//! The peer: cuBLAS's `GemmEx` (and `GemmStridedBatchedEx` for a batch) on the operands
//! of a cutlet GEMM, f32 compute (through TF32 for tf32 operands:
//! `CUBLAS_COMPUTE_32F_FAST_TF32`).

use crate::elem::{El, Res};
use cudarc::cublas::CudaBlas;
use cudarc::cublas::sys::{cublasGemmAlgo_t, cublasOperation_t};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DevicePtrMut};
use cutlet_gemm::GemmArgs;

/// `C = alpha A Bᵀ + beta C` for A `(m, k)` and B `(n, k)`, each K-major or not
/// (`kmajor`), at `p`'s leading dimensions; C column-major; over `p.l` batch entries
/// `p.stride_l` apart where there are several (`GemmStridedBatchedEx`, else `GemmEx`).
pub fn gemm<E: El, O: El>(
    blas: &CudaBlas,
    st: &CudaStream,
    kmajor: (bool, bool),
    p: GemmArgs,
    a: &CudaSlice<E>,
    b: &CudaSlice<E>,
    c: &mut CudaSlice<O>,
) -> Res<()> {
    let (pa, _ga) = a.device_ptr(st);
    let (pb, _gb) = b.device_ptr(st);
    let (pc, _gc) = c.device_ptr_mut(st);
    let (alpha, beta) = (
        &p.alpha as *const f32 as *const _,
        &p.beta as *const f32 as *const _,
    );
    let (ta, tb) = (op(kmajor.0), op(!kmajor.1));
    let (m, n, k) = (p.m as i32, p.n as i32, p.k as i32);
    let (lda, ldb, ldc) = (p.lda as i32, p.ldb as i32, p.ldc as i32);
    let [sa, sb, sc] = p.stride_l.map(|s| s as i64);
    let algo = cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT;
    let h = *blas.handle();
    // SAFETY: the buffers hold the operands (each of the `p.l` entries) at p's shapes,
    // leading dimensions and L strides, as cuBLAS reads them through `op`.
    unsafe {
        if p.l > 1 {
            cudarc::cublas::result::gemm_strided_batched_ex(
                h,
                ta,
                tb,
                m,
                n,
                k,
                alpha,
                pa as *const _,
                E::CUDA,
                lda,
                sa,
                pb as *const _,
                E::CUDA,
                ldb,
                sb,
                beta,
                pc as *mut _,
                O::CUDA,
                ldc,
                sc,
                p.l as i32,
                E::COMPUTE,
                algo,
            )
        } else {
            cudarc::cublas::result::gemm_ex(
                h,
                ta,
                tb,
                m,
                n,
                k,
                alpha,
                pa as *const _,
                E::CUDA,
                lda,
                pb as *const _,
                E::CUDA,
                ldb,
                beta,
                pc as *mut _,
                O::CUDA,
                ldc,
                E::COMPUTE,
                algo,
            )
        }
    }
    .map_err(|e| format!("cuBLAS: {e:?}"))?;
    Ok(())
}

/// cuBLAS's operation of an operand that is (`transposed`) or is not the column-major
/// matrix it reads: A `(m, k)` K-major is op T of a column-major `k x m`, M-major op N;
/// B `(n, k)` K-major is op N of a column-major `k x n`, N-major op T.
fn op(transposed: bool) -> cublasOperation_t {
    if transposed {
        cublasOperation_t::CUBLAS_OP_T
    } else {
        cublasOperation_t::CUBLAS_OP_N
    }
}
