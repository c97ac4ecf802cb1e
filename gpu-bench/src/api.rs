//! The library path on the GPU: `cutlet_gemm::gemm` (what a user's crate calls) on every
//! element type and operand orientation, against an f64 reference (sampled on the large
//! sizes); then the sweep of its speed next to cuBLAS, descriptor encoding included, per
//! call (a synchronised call, what one GEMM waits for) and back to back (a queue of
//! calls, what a training step sees).

use crate::cublas;
use crate::elem::{El, Res, values};
use crate::gemms::GemmCase;
use crate::timing::{rate, tflops, time_batch, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::CudaStream;
use cutlet_core::prelude::*;
use cutlet_core::tfloat32::tf32;
use cutlet_cuda::DeviceTensor;
use cutlet_gemm::GemmArgs;
use cutlet_gemm::GemmTypes;
use half::{bf16, f16};
use std::sync::Arc;

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

/// One `gemm` call on generated operands: the kernel it ran when C matches the reference,
/// else the error text.
fn case<E: El + GemmTypes<O>, O: El>(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
    (a_k, b_k, c_row): (bool, bool, bool),
    pad: usize,
) -> Res<Result<&'static str, String>> {
    let (a0, a1, alen) = strides(m, k, a_k, pad);
    let (b0, b1, blen) = strides(n, k, b_k, pad);
    let (c0, c1, clen) = strides(m, n, c_row, pad);
    let (ha, hb) = (values::<E>(alen, 21, 8.0), values::<E>(blen, 22, 8.0));
    let hc = values::<O>(clen, 23, 1.0);
    let a = DeviceTensor::from_host(st, &ha, layout!((m, k):(a0, a1)))?;
    let b = DeviceTensor::from_host(st, &hb, layout!((n, k):(b0, b1)))?;
    let mut c = DeviceTensor::from_host(st, &hc, layout!((m, n):(c0, c1)))?;
    let (alpha, beta) = (0.75f32, 0.5f32);
    let kernel = match cutlet_gemm::gemm(st, alpha, &a, &b, beta, &mut c) {
        Ok(name) => name,
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
        Ok(kernel)
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
                Ok(name) => ran.push(name),
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
    ok &= check_tf32(st)?;
    Ok(ok)
}

/// `cutlet_gemm::gemm` on tf32 operands at every orientation (the Hopper TF32 kernels
/// where both are K-major, the SIMT kernel elsewhere).
pub fn check_tf32(st: &Arc<CudaStream>) -> Res<bool> {
    check_types::<tf32, f32>(st)
}

/// The shapes of the sweep, `(m, n, k)`: squares, transformer shapes, M from 16 to 256
/// with N = K = 4096, a short K and ragged sizes.
pub const SWEEP: &[(usize, usize, usize)] = &[
    (256, 256, 256),
    (512, 512, 512),
    (1024, 1024, 1024),
    (2048, 2048, 2048),
    (4096, 4096, 4096),
    (6144, 6144, 6144),
    (8192, 8192, 8192),
    (16384, 16384, 16384),
    (4096, 14336, 4096),
    (4096, 4096, 14336),
    (16, 4096, 4096),
    (32, 4096, 4096),
    (64, 4096, 4096),
    (128, 4096, 4096),
    (256, 4096, 4096),
    (16384, 8192, 1024),
    (2000, 3000, 4000),
    (3072, 5120, 1024),
];

/// `gemm()` next to cuBLAS on every type pair, all four pairs of operand majors (C
/// column-major) and every [`SWEEP`] shape (or `only`'s), per synchronised call (median
/// (min..max) of 10 after 2 warm-ups) and back to back (10 queued calls): one table row
/// each, with the kernel `gemm()` ran and how far its result is from cuBLAS's (the
/// largest difference over cuBLAS's largest magnitude). Returns the ratios, per call then
/// back to back.
pub fn sweep(st: &Arc<CudaStream>, only: Option<(usize, usize, usize)>) -> Res<Vec<(f64, f64)>> {
    let blas = CudaBlas::new(st.clone())?;
    println!();
    println!(
        "| A, B | types | m x n x k | kernel | gemm() TFLOP/s | cuBLAS | ratio | back to back: gemm() | cuBLAS | ratio | host µs/call: gemm() | cuBLAS | max diff / max |cuBLAS| |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let shapes = only.map_or(SWEEP.to_vec(), |s| vec![s]);
    let mut ratios = Vec::new();
    for &mnk in &shapes {
        ratios.extend(sweep_types::<bf16, f32>(st, &blas, mnk)?);
        ratios.extend(sweep_types::<bf16, bf16>(st, &blas, mnk)?);
        ratios.extend(sweep_types::<f16, f32>(st, &blas, mnk)?);
        ratios.extend(sweep_types::<f16, f16>(st, &blas, mnk)?);
    }
    let mut per_call: Vec<f64> = ratios.iter().map(|r| r.0).collect();
    let mut batched: Vec<f64> = ratios.iter().map(|r| r.1).collect();
    per_call.sort_by(f64::total_cmp);
    batched.sort_by(f64::total_cmp);
    if !per_call.is_empty() {
        println!();
        println!(
            "sweep: {} rows; gemm() / cuBLAS per call: median {:.2}, min {:.2}, max {:.2}; back to back: median {:.2}, min {:.2}, max {:.2}",
            per_call.len(),
            crate::timing::median(&per_call),
            per_call[0],
            per_call[per_call.len() - 1],
            crate::timing::median(&batched),
            batched[0],
            batched[batched.len() - 1],
        );
    }
    Ok(ratios)
}

/// The four pairs of majors of one type pair at one shape.
pub(crate) fn sweep_types<E: El + GemmTypes<O>, O: El>(
    st: &Arc<CudaStream>,
    blas: &CudaBlas,
    (m, n, k): (usize, usize, usize),
) -> Res<Vec<(f64, f64)>> {
    let mut out = Vec::new();
    let a_host = values::<E>(m * k, 14, 32.0);
    let b_host = values::<E>(n * k, 15, 32.0);
    for (ak, bk, name) in [
        (true, true, "K, K (TN)"),
        (false, true, "M, K (NN)"),
        (true, false, "K, N (TT)"),
        (false, false, "M, N (NT)"),
    ] {
        let (a0, a1) = if ak { (k, 1) } else { (1, m) };
        let (b0, b1) = if bk { (k, 1) } else { (1, n) };
        let a = DeviceTensor::from_host(st, &a_host, layout!((m, k):(a0, a1)))?;
        let b = DeviceTensor::from_host(st, &b_host, layout!((n, k):(b0, b1)))?;
        let mut c = DeviceTensor::<O, _>::zeros(st, layout!((m, n):(1, m)))?;
        let kernel = cutlet_gemm::gemm(st, 1.0, &a, &b, 0.0, &mut c)?;
        let p = GemmArgs {
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
            ..GemmCase { kmajor: (ak, bk) }.args((m, n, k), |contiguous| contiguous)
        };
        let mut ours = || -> Res<()> {
            cutlet_gemm::gemm(st, 1.0, &a, &b, 0.0, &mut c)?;
            Ok(())
        };
        let (warm, runs) = (2, 10);
        let one = time_ms(st, warm, runs, &mut ours)?;
        let (batch, host) = time_batch(st, runs, &mut ours)?;
        let got = st.clone_dtoh(c.buf())?;
        let mut peer = || -> Res<()> {
            let c = c.buf_mut();
            cublas::gemm(blas, st, (ak, bk), p, a.buf(), b.buf(), c)
        };
        let peer_one = time_ms(st, warm, runs, &mut peer)?;
        let (peer_batch, peer_host) = time_batch(st, runs, &mut peer)?;
        let want = st.clone_dtoh(c.buf())?;
        // The largest difference from cuBLAS's result, relative to its largest magnitude.
        let (diff, top) = got.iter().zip(&want).fold((0f64, 0f64), |(d, t), (x, y)| {
            let (x, y) = (x.to_f64(), y.to_f64());
            (d.max((x - y).abs()), t.max(y.abs()))
        });
        let diff = diff / top.max(f64::MIN_POSITIVE);
        let flop = 2.0 * (m * n * k) as f64;
        let (o, q) = (rate(&one, flop), rate(&peer_one, flop));
        let (ob, qb) = (flop / (batch * 1e-3), flop / (peer_batch * 1e-3));
        println!(
            "| {name} | {}→{} | {m}x{n}x{k} | {kernel} | {} | {} | {:.2} | {:.0} | {:.0} | {:.2} | {:.1} | {:.1} | {diff:.0e} |",
            E::NAME,
            O::NAME,
            tflops(o),
            tflops(q),
            o.0 / q.0,
            ob / 1e12,
            qb / 1e12,
            ob / qb,
            host * 1e3,
            peer_host * 1e3,
        );
        out.push((o.0 / q.0, ob / qb));
    }
    Ok(out)
}
