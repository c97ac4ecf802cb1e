//! FP8 GEMM on the GPU: `cutlet_gemm::gemm_fp8` (e4m3, per-tensor scales, bf16 or f32
//! out) and `gemm_fp8_block_scaled` (DeepGEMM's block-wise scales) checked against the
//! host model of the FP8 tensor cores (bit for bit, f32 out: the model the emulator
//! runs, `fp8_accumulate` after each 32-element k step) and against an f64 reference,
//! then timed on the FP8 issue's shapes. `scaled_mm_peer.py` reads the `fp8\t` lines
//! and times PyTorch's `_scaled_mm` (cuBLASLt) on the same shapes.

use crate::elem::{Res, data};
use crate::timing::{rate, tflops, time_ms};
use cudarc::driver::CudaStream;
use cutlet_core::float8::e4m3;
use cutlet_core::prelude::*;
use cutlet_cuda::DeviceTensor;
use cutlet_kernels::gemm_sm90::{SCALE_BLOCK, fp8_dot, fp8_dot_block_scaled};
use half::bf16;
use std::sync::Arc;

/// The FP8 issue's shapes: squares, a transformer layer, short K, small M, and
/// DeepGEMM's.
pub const SHAPES: [(usize, usize, usize); 9] = [
    (4096, 4096, 4096),
    (8192, 8192, 8192),
    (4096, 14336, 4096),
    (3072, 5120, 1024),
    (128, 4096, 4096),
    (1024, 1024, 1024),
    (4096, 7168, 16384),
    (4096, 2112, 7168),
    (4096, 24576, 1536),
];

/// `len` e4m3 values of many magnitudes (so that the accumulator's truncation shows).
fn operand(len: usize, seed: u32) -> Vec<e4m3> {
    data(len, seed)
        .into_iter()
        .enumerate()
        .map(|(i, x)| e4m3::from_f32_sat(x / 8.0 * (1 << (i % 5)) as f32))
        .collect()
}

/// The operands of an `m x n x k` product, A `(m, k)` and B `(n, k)` K-major with
/// leading dimension `ld` (a whole number of 16 bytes), on the device and the host.
#[allow(clippy::type_complexity)]
fn operands(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
    ld: usize,
) -> Res<(
    DeviceTensor<e4m3, impl Layout>,
    DeviceTensor<e4m3, impl Layout>,
    Vec<e4m3>,
    Vec<e4m3>,
)> {
    let (ha, hb) = (operand(m * ld, 41), operand(n * ld, 42));
    let a = DeviceTensor::from_host(st, &ha, layout!((m, k):(ld, 1)))?;
    let b = DeviceTensor::from_host(st, &hb, layout!((n, k):(ld, 1)))?;
    Ok((a, b, ha, hb))
}

/// The elements checked of `total`: all up to 65536, else 8192 evenly spread.
fn sampled(total: usize) -> std::iter::StepBy<std::ops::Range<usize>> {
    let step = if total > 1 << 16 { total / 8192 } else { 1 };
    (0..total).step_by(step)
}

/// Over the sampled elements of `total`, with `at(idx)` an element's result, its model
/// and its f64 reference: how many were sampled, how many differ from the model bit for
/// bit, and the relative error of the results to f64 (Frobenius norms).
fn against_model(total: usize, at: impl Fn(usize) -> (f32, f32, f64)) -> (usize, usize, f64) {
    let (mut count, mut differ, mut err, mut norm) = (0usize, 0usize, 0f64, 0f64);
    for idx in sampled(total) {
        let (got, model, w) = at(idx);
        count += 1;
        differ += usize::from(model.to_bits() != got.to_bits());
        err += (f64::from(got) - w).powi(2);
        norm += w * w;
    }
    (count, differ, (err / norm.max(1e-30)).sqrt())
}

/// How many sampled bf16 results differ from the f32 ones rounded once.
fn differ_from_rounded(got: &[f32], g16: &[bf16]) -> usize {
    sampled(got.len())
        .filter(|&idx| bf16::from_f32(got[idx]).to_bits() != g16[idx].to_bits())
        .count()
}

/// Checks `gemm_fp8` on small and large shapes, promoted and fast-accumulating: f32 out
/// against the tensor cores' model (bit for bit) and an f64 reference, bf16 out against
/// the f32 result rounded. Prints one line per check.
pub fn check_all(st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = true;
    let (sa, sb) = (0.25f32, 0.5f32);
    for (m, n, k) in [
        (1usize, 8usize, 16usize),
        (128, 128, 128),
        (300, 200, 1000),
        (129, 264, 4100),
        (2048, 2048, 2048),
    ] {
        let ld = k.next_multiple_of(16);
        let (a, b, ha, hb) = operands(st, (m, n, k), ld)?;
        let (fa, fb): (Vec<f32>, Vec<f32>) = (
            ha.iter().map(|x| x.to_f32()).collect(),
            hb.iter().map(|x| x.to_f32()).collect(),
        );
        for fast in [false, true] {
            // f32 out, row-major as PyTorch's: against the model and f64.
            let mut c = DeviceTensor::<f32, _>::zeros(st, layout!((m, n):(n, 1)))?;
            let kernel = cutlet_gemm::gemm_fp8(st, &a, sa, &b, sb, &mut c, fast)?;
            let got = c.to_host(st)?;
            let (count, differ, rel) = against_model(m * n, |idx| {
                let (i, j) = (idx / n, idx % n);
                let (ra, rb) = (&fa[i * ld..i * ld + k], &fb[j * ld..j * ld + k]);
                let w: f64 = ra
                    .iter()
                    .zip(rb)
                    .map(|(&x, &y)| f64::from(x) * f64::from(y))
                    .sum::<f64>()
                    * f64::from(sa * sb);
                (got[idx], fp8_dot(ra, rb, !fast) * (sa * sb), w)
            });
            ok &= differ == 0;
            println!(
                "fp8 check {m}x{n}x{k} f32 out ({kernel}): {differ} of {count} sampled elements differ from the model; relative error to f64 {rel:.2e} {}",
                if differ == 0 { "ok" } else { "FAIL" }
            );
            // bf16 out: the f32 result rounded once.
            let mut c16 = DeviceTensor::<bf16, _>::zeros(st, layout!((m, n):(n, 1)))?;
            let kernel = cutlet_gemm::gemm_fp8(st, &a, sa, &b, sb, &mut c16, fast)?;
            let differ = differ_from_rounded(&got, &c16.to_host(st)?);
            ok &= differ == 0;
            println!(
                "fp8 check {m}x{n}x{k} bf16 out ({kernel}): {differ} elements differ from the f32 result rounded {}",
                if differ == 0 { "ok" } else { "FAIL" }
            );
        }
    }
    ok &= check_block_scaled(st)?;
    // A leading dimension TMA cannot use: an error that says what FP8 needs.
    let (a, b, _, _) = operands(st, (64, 64, 40), 40)?;
    let mut c = DeviceTensor::<bf16, _>::zeros(st, layout!((64, 64):(64, 1)))?;
    match cutlet_gemm::gemm_fp8(st, &a, 1.0, &b, 1.0, &mut c, false) {
        Err(e) => println!("fp8 check lda 40 (not 16-byte): error: {e} ok"),
        Ok(k) => {
            ok = false;
            println!("fp8 check lda 40: ran {k} FAIL");
        }
    }
    Ok(ok)
}

/// A's `(m, ⌈k/128⌉)` scales M-major and B's `(⌈n/128⌉, ⌈k/128⌉)` K-major (DeepGEMM's
/// layouts), of many mantissas, on the device and the host.
#[allow(clippy::type_complexity)]
fn block_scales(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
) -> Res<(
    DeviceTensor<f32, impl Layout>,
    DeviceTensor<f32, impl Layout>,
    Vec<f32>,
    Vec<f32>,
)> {
    let (kb, nb) = (k.div_ceil(SCALE_BLOCK), n.div_ceil(SCALE_BLOCK));
    let pos = |len: usize, seed: u32| -> Vec<f32> {
        data(len, seed)
            .into_iter()
            .map(|x| x.abs() + 0.25)
            .collect()
    };
    let (ha, hb) = (pos(m * kb, 51), pos(nb * kb, 52));
    let sa = DeviceTensor::from_host(st, &ha, layout!((m, kb):(1, m)))?;
    let sb = DeviceTensor::from_host(st, &hb, layout!((nb, kb):(kb, 1)))?;
    Ok((sa, sb, ha, hb))
}

/// Checks `gemm_fp8_block_scaled`: f32 out against the tensor cores' model with the
/// scales (bit for bit) and f64, bf16 out against the f32 result rounded, and a
/// row-major C and scales of the wrong shape as errors.
fn check_block_scaled(st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = true;
    // 8 rows at least: a column-major bf16 C's ldc is m, and TMA needs whole 16 bytes.
    for (m, n, k) in [
        (8usize, 8usize, 16usize),
        (200, 300, 1000),
        (2048, 2048, 2048),
    ] {
        let ld = k.next_multiple_of(16);
        let (a, b, ha, hb) = operands(st, (m, n, k), ld)?;
        let (sa, sb, hsa, hsb) = block_scales(st, (m, n, k))?;
        let (kb, nb) = (k.div_ceil(SCALE_BLOCK), n.div_ceil(SCALE_BLOCK));
        let (fa, fb): (Vec<f32>, Vec<f32>) = (
            ha.iter().map(|x| x.to_f32()).collect(),
            hb.iter().map(|x| x.to_f32()).collect(),
        );
        let scale = |i: usize, j: usize, t: usize| hsa[i + t * m] * hsb[j / SCALE_BLOCK * kb + t];
        // C column-major: element (i, j) at i + j m.
        let mut c = DeviceTensor::<f32, _>::zeros(st, layout!((m, n):(1, m)))?;
        let kernel = cutlet_gemm::gemm_fp8_block_scaled(st, &a, &sa, &b, &sb, &mut c)?;
        let got = c.to_host(st)?;
        let (count, differ, rel) = against_model(m * n, |idx| {
            let (i, j) = (idx % m, idx / m);
            let (ra, rb) = (&fa[i * ld..i * ld + k], &fb[j * ld..j * ld + k]);
            let w: f64 = (0..k)
                .map(|l| {
                    f64::from(ra[l]) * f64::from(rb[l]) * f64::from(scale(i, j, l / SCALE_BLOCK))
                })
                .sum();
            (
                got[idx],
                fp8_dot_block_scaled(ra, rb, |t| scale(i, j, t)),
                w,
            )
        });
        ok &= differ == 0;
        println!(
            "fp8 block-scaled check {m}x{n}x{k} f32 out ({kernel}): {differ} of {count} sampled elements differ from the model; relative error to f64 {rel:.2e} {}",
            if differ == 0 { "ok" } else { "FAIL" }
        );
        let mut c16 = DeviceTensor::<bf16, _>::zeros(st, layout!((m, n):(1, m)))?;
        let kernel = cutlet_gemm::gemm_fp8_block_scaled(st, &a, &sa, &b, &sb, &mut c16)?;
        let differ = differ_from_rounded(&got, &c16.to_host(st)?);
        ok &= differ == 0;
        println!(
            "fp8 block-scaled check {m}x{n}x{k} bf16 out ({kernel}): {differ} elements differ from the f32 result rounded {}",
            if differ == 0 { "ok" } else { "FAIL" }
        );
        if (m, n, k) == (200, 300, 1000) {
            // A row-major C, and A's scales in B's shape: errors that say why.
            let mut r = DeviceTensor::<f32, _>::zeros(st, layout!((m, n):(n, 1)))?;
            let bad = [
                (
                    "row-major C",
                    cutlet_gemm::gemm_fp8_block_scaled(st, &a, &sa, &b, &sb, &mut r),
                ),
                (
                    "scale_a of B's shape",
                    cutlet_gemm::gemm_fp8_block_scaled(st, &a, &sb, &b, &sb, &mut c),
                ),
            ];
            for (what, res) in bad {
                match res {
                    Err(e) => println!("fp8 block-scaled check {what} ({nb}, {kb}): error: {e} ok"),
                    Ok(k) => {
                        ok = false;
                        println!("fp8 block-scaled check {what}: ran {k} FAIL");
                    }
                }
            }
        }
    }
    Ok(ok)
}

/// One call each of `gemm_fp8` promoted and fast and of `gemm_fp8_block_scaled` on
/// `m x n x k`, for a profiler to capture (`ncu -k regex:e4m3 gpu-bench --fp8 --profile`).
pub fn profile_once(st: &Arc<CudaStream>, (m, n, k): (usize, usize, usize)) -> Res<()> {
    let (a, b, _, _) = operands(st, (m, n, k), k)?;
    let (sa, sb, _, _) = block_scales(st, (m, n, k))?;
    let mut c = DeviceTensor::<bf16, _>::zeros(st, layout!((m, n):(n, 1)))?;
    let mut ct = DeviceTensor::<bf16, _>::zeros(st, layout!((m, n):(1, m)))?;
    for fast in [false, true] {
        let name = cutlet_gemm::gemm_fp8(st, &a, 0.5, &b, 2.0, &mut c, fast)?;
        println!("profiled {name} on {m}x{n}x{k}");
    }
    let name = cutlet_gemm::gemm_fp8_block_scaled(st, &a, &sa, &b, &sb, &mut ct)?;
    st.synchronize()?;
    println!("profiled {name} on {m}x{n}x{k}");
    Ok(())
}

/// Times `gemm_fp8` (bf16 out, row-major C) on [`SHAPES`], promoted and
/// fast-accumulating, and `gemm_fp8_block_scaled` (column-major C): a markdown table and one
/// `fp8\tm\tn\tk\tmode\tmedian\tmin\tmax\tkernel` line per shape and mode (0
/// promoted, 1 fast, 2 block-scaled; TFLOP/s) for the peer script.
pub fn measure(st: &Arc<CudaStream>) -> Res<()> {
    println!("| M x N x K | accumulation | cutlet e4m3 -> bf16 (TFLOP/s) | kernel |");
    println!("|---|---|---|---|");
    let mut lines = Vec::new();
    for (m, n, k) in SHAPES {
        let (a, b, _, _) = operands(st, (m, n, k), k)?;
        let (sa, sb, _, _) = block_scales(st, (m, n, k))?;
        // Row-major C as PyTorch's; column-major for the block-scaled kernels (the only
        // C they store; the same bytes written).
        let mut c = DeviceTensor::<bf16, _>::zeros(st, layout!((m, n):(n, 1)))?;
        let mut ct = DeviceTensor::<bf16, _>::zeros(st, layout!((m, n):(1, m)))?;
        for mode in 0..3u8 {
            let mut call = || match mode {
                2 => cutlet_gemm::gemm_fp8_block_scaled(st, &a, &sa, &b, &sb, &mut ct),
                _ => cutlet_gemm::gemm_fp8(st, &a, 0.5, &b, 2.0, &mut c, mode == 1),
            };
            let kernel = call()?;
            let t = time_ms(st, 3, 10, || call().map(|_| ()))?;
            let r = rate(&t, 2.0 * (m * n * k) as f64);
            let name = ["promoted", "fast", "block-scaled"][mode as usize];
            println!("| {m}x{n}x{k} | {name} | {} | {kernel} |", tflops(r));
            lines.push(format!(
                "fp8\t{m}\t{n}\t{k}\t{mode}\t{:.1}\t{:.1}\t{:.1}\t{kernel}",
                r.0 / 1e12,
                r.1 / 1e12,
                r.2 / 1e12
            ));
        }
    }
    for l in lines {
        println!("{l}");
    }
    Ok(())
}
