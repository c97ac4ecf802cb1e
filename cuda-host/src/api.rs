//! The library path on the GPU: `cutlet_gemm::gemm` (what a user's crate calls) on every
//! element type and operand orientation it takes, against an f64 reference (sampled on
//! the large sizes), including the combinations it must refuse; then its speed next to
//! cuBLAS, descriptor encoding included.

use crate::kernels::{Res, data};
use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::cublas::sys::{cublasComputeType_t, cublasGemmAlgo_t, cublasOperation_t, cudaDataType};
use cudarc::driver::{CudaStream, DevicePtr, DevicePtrMut, DeviceRepr, ValidAsZeroBits};
use cutlet::prelude::*;
use cutlet_cuda::DeviceTensor;
use cutlet_gemm::GemmTypes;
use half::{bf16, f16};
use std::sync::Arc;

/// An element type on the host side of the check.
pub trait El: DeviceRepr + ValidAsZeroBits + Copy + Unpin + 'static {
    const NAME: &'static str;
    fn from_f32(x: f32) -> Self;
    fn to_f64(self) -> f64;
}
impl El for bf16 {
    const NAME: &'static str = "bf16";
    fn from_f32(x: f32) -> Self {
        bf16::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        self.to_f64()
    }
}
impl El for f16 {
    const NAME: &'static str = "f16";
    fn from_f32(x: f32) -> Self {
        f16::from_f32(x)
    }
    fn to_f64(self) -> f64 {
        self.to_f64()
    }
}
impl El for f32 {
    const NAME: &'static str = "f32";
    fn from_f32(x: f32) -> Self {
        x
    }
    fn to_f64(self) -> f64 {
        self as f64
    }
}

/// Strides of a `(rows, cols)` operand, contiguous along `cols` (row-major) or `rows`,
/// with `pad` extra elements of leading dimension, and the elements it spans.
fn strides(rows: usize, cols: usize, row_major: bool, pad: usize) -> (usize, usize, usize) {
    if row_major {
        let ld = cols + pad;
        (ld, 1, rows * ld)
    } else {
        let ld = rows + pad;
        (1, ld, cols * ld)
    }
}

/// Whether `gemm` has a kernel for these orientations (the table of
/// `cutlet_gemm::GemmTypes`): A K-major is A row-major, B K-major is B row-major, and a
/// row-major C swaps A and B.
fn supported(types: (&str, &str), a_k: bool, b_k: bool, c_row: bool) -> bool {
    let (a, b) = if c_row { (b_k, a_k) } else { (a_k, b_k) };
    match types {
        ("bf16", "f32") => a,
        ("f16", "f32") => a && b,
        ("bf16", "bf16") | ("f32", "f32") => !a && !b,
        ("f16", "f16") => !a && b,
        _ => false,
    }
}

/// One `gemm` call on generated operands: `Ok(Some(kernel))` when it matches the
/// reference, `Ok(None)` when it refused a combination without a kernel, `Err` text
/// otherwise.
fn case<E: El + GemmTypes<O>, O: El>(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
    (a_k, b_k, c_row): (bool, bool, bool),
    pad: usize,
) -> Res<Result<Option<&'static str>, String>> {
    let (a0, a1, alen) = strides(m, k, a_k, pad);
    let (b0, b1, blen) = strides(n, k, b_k, pad);
    let (c0, c1, clen) = strides(m, n, c_row, pad);
    let q = |len: usize, seed: u32| -> Vec<E> {
        data(len, seed)
            .into_iter()
            .map(|x| E::from_f32(x / 8.0))
            .collect()
    };
    let (ha, hb) = (q(alen, 21), q(blen, 22));
    let hc: Vec<O> = data(clen, 23).into_iter().map(O::from_f32).collect();
    let a = DeviceTensor::from_host(st, &ha, layout!((m, k):(a0, a1)))?;
    let b = DeviceTensor::from_host(st, &hb, layout!((n, k):(b0, b1)))?;
    let mut c = DeviceTensor::from_host(st, &hc, layout!((m, n):(c0, c1)))?;
    let (alpha, beta) = (0.75f32, 0.5f32);
    let want = supported((E::NAME, O::NAME), a_k, b_k, c_row);
    let kernel = match cutlet_gemm::gemm(st, alpha, &a, &b, beta, &mut c) {
        Ok(name) if want => name,
        Ok(name) => return Ok(Err(format!("ran {name} where no kernel was expected"))),
        Err(e) if !want && e.to_string().contains("gemm: no") => return Ok(Ok(None)),
        Err(e) => return Ok(Err(e.to_string())),
    };
    let g = c.to_host(st)?;
    // Every element on small sizes, 4096 of them on large ones.
    let total = m * n;
    let step = if total > 1 << 16 { total / 4096 } else { 1 };
    let (mut err, mut norm) = (0f64, 0f64);
    for idx in (0..total).step_by(step.max(1)) {
        let (i, j) = (idx % m, idx / m);
        let s: f64 = (0..k)
            .map(|l| ha[i * a0 + l * a1].to_f64() * hb[j * b0 + l * b1].to_f64())
            .sum();
        let w = alpha as f64 * s + beta as f64 * hc[i * c0 + j * c1].to_f64();
        let got = g[i * c0 + j * c1].to_f64();
        err += (got - w) * (got - w);
        norm += w * w;
    }
    // f32 accumulation: the error bound grows with K (1e-5 up to K = 1024, as in the
    // kernels' own checks); 16-bit C is rounded once more.
    let tol = if std::mem::size_of::<O>() == 2 {
        1e-2
    } else {
        1e-5 * (k as f64 / 1024.0).max(1.0)
    };
    let rel = (err / norm.max(1e-30)).sqrt();
    Ok(if rel < tol {
        Ok(Some(kernel))
    } else {
        Err(format!("{kernel}: relative error {rel:.2e}"))
    })
}

/// Every orientation of one type pair on edge and schedule-selecting sizes.
fn check_types<E: El + GemmTypes<O>, O: El>(st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = true;
    for (mnk, pad) in [
        // A padding of 1: a 1x1 operand is then row- or column-major by its strides.
        ((1usize, 1usize, 1usize), 1usize),
        ((17, 9, 24), 8),
        ((131, 129, 136), 3),
        ((257, 384, 1032), 0),
        ((1024, 1024, 1024), 8),
        ((4096, 2048, 1024), 0),
        ((2048, 2048, 4096), 0),
    ] {
        let mut ran = Vec::new();
        let mut bad = Vec::new();
        for o in 0..8 {
            let orient = (o & 1 != 0, o & 2 != 0, o & 4 != 0);
            match case::<E, O>(st, mnk, orient, pad)? {
                Ok(Some(name)) => ran.push(name),
                Ok(None) => {}
                Err(e) => bad.push(format!(
                    "A {} B {} C {}: {e}",
                    rm(orient.0),
                    rm(orient.1),
                    rm(orient.2)
                )),
            }
        }
        ran.sort();
        ran.dedup();
        let (m, n, k) = mnk;
        println!(
            "check gemm() {}→{} {m}x{n}x{k}: {} ({})",
            E::NAME,
            O::NAME,
            if bad.is_empty() {
                "ok".to_string()
            } else {
                format!("FAILED: {}", bad.join("; "))
            },
            ran.join(", ")
        );
        ok &= bad.is_empty();
    }
    Ok(ok)
}

fn rm(row_major: bool) -> &'static str {
    if row_major { "row-major" } else { "col-major" }
}

/// `cutlet_gemm::gemm` on every type pair and orientation: prints one line per pair and
/// size with the kernels it chose.
pub fn check_all(st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = check_types::<bf16, f32>(st)?;
    ok &= check_types::<f16, f32>(st)?;
    ok &= check_types::<bf16, bf16>(st)?;
    ok &= check_types::<f16, f16>(st)?;
    ok &= check_types::<f32, f32>(st)?;
    Ok(ok)
}

/// `gemm()` on bf16 TN operands (A and B row-major, i.e. K-major; C column-major, f32)
/// next to cuBLAS on the same buffers: one table row per size.
pub fn measure_all(st: &Arc<CudaStream>) -> Res<()> {
    let blas = CudaBlas::new(st.clone())?;
    println!();
    println!(
        "| gemm() bf16 TN → f32 (TFLOP/s) | size | kernel | gemm() | cuBLAS | gemm() / cuBLAS |"
    );
    println!("|---|---|---|---|---|---|");
    for (m, n, k) in [
        (1024usize, 1024usize, 1024usize),
        (2048, 2048, 2048),
        (4096, 4096, 4096),
        (8192, 8192, 8192),
        (3072, 5120, 1024),
    ] {
        let q = |len: usize, seed: u32| -> Vec<bf16> {
            data(len, seed)
                .into_iter()
                .map(|x| bf16::from_f32(x / 32.0))
                .collect()
        };
        let a = DeviceTensor::from_host(st, &q(m * k, 14), layout!((m, k):(k, 1)))?;
        let b = DeviceTensor::from_host(st, &q(n * k, 15), layout!((n, k):(k, 1)))?;
        let mut c = DeviceTensor::<f32, _>::zeros(st, layout!((m, n):(1, m)))?;
        let kernel = cutlet_gemm::gemm(st, 1.0, &a, &b, 0.0, &mut c)?;
        let (warm, runs) = (3, 20);
        let ours = time_ms(st, warm, runs, || -> Res<()> {
            cutlet_gemm::gemm(st, 1.0, &a, &b, 0.0, &mut c)?;
            Ok(())
        })?;
        let peer = time_ms(st, warm, runs, || -> Res<()> {
            let (pa, _ga) = a.buf().device_ptr(st);
            let (pb, _gb) = b.buf().device_ptr(st);
            let (pc, _gc) = c.buf_mut().device_ptr_mut(st);
            let (alpha, beta) = (1f32, 0f32);
            // SAFETY: A (m, k) K-major is op T of a column-major k x m (lda k), B (n, k)
            // K-major is op N of a column-major k x n (ldb k), C is m x n column-major.
            unsafe {
                cudarc::cublas::result::gemm_ex(
                    *blas.handle(),
                    cublasOperation_t::CUBLAS_OP_T,
                    cublasOperation_t::CUBLAS_OP_N,
                    m as i32,
                    n as i32,
                    k as i32,
                    &alpha as *const f32 as *const _,
                    pa as *const _,
                    cudaDataType::CUDA_R_16BF,
                    k as i32,
                    pb as *const _,
                    cudaDataType::CUDA_R_16BF,
                    k as i32,
                    &beta as *const f32 as *const _,
                    pc as *mut _,
                    cudaDataType::CUDA_R_32F,
                    m as i32,
                    cublasComputeType_t::CUBLAS_COMPUTE_32F,
                    cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                )
            }
            .map_err(|e| format!("cuBLAS: {e:?}"))?;
            Ok(())
        })?;
        let flop = 2.0 * (m * n * k) as f64;
        let (o, p) = (rate(&ours, flop), rate(&peer, flop));
        println!(
            "| gemm() | {m}x{n}x{k} | {kernel} | {} | {} | {:.2} |",
            tflops(o),
            tflops(p),
            o.0 / p.0
        );
    }
    Ok(())
}
