//! Batched `gemm()` (rank-3 operands: one launch, the Hopper kernels' one schedule over
//! every entry's tiles) next to cuBLAS's `GemmStridedBatchedEx` and to one `gemm()`
//! launch per entry (what a batch cost before), on the same buffers in one run: each
//! checked against an f64 reference on sampled elements of the first and last entries,
//! then timed per synchronised call (median (min..max) of 10 after 2 warm-ups).

use crate::cublas;
use crate::elem::{El, Res, values};
use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::CudaStream;
use cutlet_core::prelude::*;
use cutlet_cuda::DeviceTensor;
use cutlet_gemm::GemmTypes;
use half::bf16;
use std::sync::Arc;

/// The batches, `(l, m, n, k)`: many small products (an attention head's, a mixture of
/// experts' tokens), few large ones, and shapes whose one entry fills few SMs.
pub const BATCHES: &[(usize, usize, usize, usize)] = &[
    (128, 128, 128, 128),
    (64, 256, 256, 256),
    (32, 512, 512, 512),
    (16, 1024, 1024, 1024),
    (8, 2048, 2048, 2048),
    (4, 4096, 4096, 4096),
    (32, 1024, 128, 1024),
    (8, 128, 4096, 4096),
];

/// Every [`BATCHES`] shape at bf16 → bf16 and bf16 → f32, each with the operands
/// K-major and C column-major (BLAS TN), all row-major (Rust's default: A `(m, k)`, B
/// `(k, n)`, C `(m, n)`, each row-major), and row-major with one B shared by every entry
/// (a linear layer's weight: `gemm()` folds the batch into one product, and so does the
/// cuBLAS row, given the same problem): one row each. False if a check fails.
pub fn check_and_measure(st: &Arc<CudaStream>) -> Res<bool> {
    let blas = CudaBlas::new(st.clone())?;
    println!();
    println!(
        "| majors | types | l x m x n x k | kernel | batched gemm() TFLOP/s | cuBLAS strided batched | ratio | gemm() per entry | batched / per entry | error vs f64 | max diff / max |cuBLAS| |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let mut ok = true;
    let mut ratios = Vec::new();
    for &shape in BATCHES {
        for orient in [(false, false), (true, false), (true, true)] {
            let (a, r) = row::<bf16, bf16>(st, &blas, shape, orient)?;
            let (b, s) = row::<bf16, f32>(st, &blas, shape, orient)?;
            ok &= a && b;
            ratios.extend([r, s]);
        }
    }
    ratios.sort_by(f64::total_cmp);
    println!();
    println!(
        "batched: {} rows; batched gemm() / cuBLAS strided batched: median {:.2}, min {:.2}, max {:.2}",
        ratios.len(),
        crate::timing::median(&ratios),
        ratios[0],
        ratios[ratios.len() - 1],
    );
    Ok(ok)
}

/// One batch at one orientation (`row_major`, B `shared`): prints its row; whether it
/// matched the reference, and the ratio to cuBLAS.
fn row<E: El + GemmTypes<O>, O: El>(
    st: &Arc<CudaStream>,
    blas: &CudaBlas,
    (l, m, n, k): (usize, usize, usize, usize),
    (row_major, shared): (bool, bool),
) -> Res<(bool, f64)> {
    // A (m, k), entries m k apart; B (n, k) K-major or (k, n) row-major, its transpose
    // N-major, one for every entry where shared (L stride 0); C (m, n) column- or
    // row-major.
    let (a0, a1) = (k, 1);
    let (b0, b1) = if row_major { (1, n) } else { (k, 1) };
    let (c0, c1) = if row_major { (n, 1) } else { (1, m) };
    let (sa, sb, sc) = (m * k, if shared { 0 } else { n * k }, m * n);
    let (ha, hb) = (
        values::<E>(l * sa, 31, 32.0),
        values::<E>((l - 1) * sb + n * k, 32, 32.0),
    );
    let a = DeviceTensor::from_host(st, &ha, layout!((m, k, l):(a0, a1, sa)))?;
    let b = DeviceTensor::from_host(st, &hb, layout!((n, k, l):(b0, b1, sb)))?;
    let mut c = DeviceTensor::<O, _>::zeros(st, layout!((m, n, l):(c0, c1, sc)))?;
    let kernel = cutlet_gemm::gemm(st, 1.0, &a, &b, 0.0, &mut c)?;
    let got = c.to_host(st)?;
    // The reference on 256 elements of the first and last entries.
    let (mut err, mut norm) = (0f64, 0f64);
    for z in [0, l - 1] {
        for s in 0..256 {
            let (i, j) = ((s * 37) % m, (s * 101) % n);
            let dot: f64 = (0..k)
                .map(|x| {
                    ha[z * sa + i * a0 + x * a1].to_f64() * hb[z * sb + j * b0 + x * b1].to_f64()
                })
                .sum();
            let d = got[z * sc + i * c0 + j * c1].to_f64() - dot;
            err += d * d;
            norm += dot * dot;
        }
    }
    let rel = (err / norm.max(1e-30)).sqrt();
    let tol = if std::mem::size_of::<O>() == 2 {
        1e-2
    } else {
        1e-5 * (k as f64 / 1024.0).max(1.0)
    };
    let (warm, runs) = (2, 10);
    let ours = time_ms(st, warm, runs, || -> Res<()> {
        cutlet_gemm::gemm(st, 1.0, &a, &b, 0.0, &mut c)?;
        Ok(())
    })?;
    let per_entry = time_ms(st, warm, runs, || -> Res<()> {
        for z in 0..l {
            let ea = DeviceTensor::view(a.buf(), z * sa, layout!((m, k):(a0, a1)))?;
            let eb = DeviceTensor::view(b.buf(), z * sb, layout!((n, k):(b0, b1)))?;
            let mut ec = DeviceTensor::view_mut(c.buf_mut(), z * sc, layout!((m, n):(c0, c1)))?;
            cutlet_gemm::gemm(st, 1.0, &*ea, &*eb, 0.0, &mut *ec)?;
        }
        Ok(())
    })?;
    // cuBLAS on the same problem in the kernels' terms (a row-major C swapped).
    let p = cutlet_gemm::problem(1.0, a.layout(), b.layout(), 0.0, c.layout())?;
    let (pa, pb) = if p.swapped { (&b, &a) } else { (&a, &b) };
    let kmajor = (p.a_kmajor, p.b_kmajor);
    let peer = time_ms(st, warm, runs, || {
        cublas::gemm(blas, st, kmajor, p.args, pa.buf(), pb.buf(), c.buf_mut())
    })?;
    let want = c.to_host(st)?;
    let (diff, top) = got.iter().zip(&want).fold((0f64, 0f64), |(d, t), (x, y)| {
        let (x, y) = (x.to_f64(), y.to_f64());
        (d.max((x - y).abs()), t.max(y.abs()))
    });
    let flop = 2.0 * (l * m * n * k) as f64;
    let (o, q, e) = (rate(&ours, flop), rate(&peer, flop), rate(&per_entry, flop));
    let ok = rel < tol;
    println!(
        "| {} | {}→{} | {l}x{m}x{n}x{k} | {kernel} | {} | {} | {:.2} | {} | {:.2} | {rel:.1e}{} | {:.0e} |",
        match (row_major, shared) {
            (false, _) => "K, K (TN), C col-major",
            (true, false) => "row-major A, B, C",
            (true, true) => "row-major A, C; B shared",
        },
        E::NAME,
        O::NAME,
        tflops(o),
        tflops(q),
        o.0 / q.0,
        tflops(e),
        o.0 / e.0,
        if ok { "" } else { " FAILED" },
        diff / top.max(f64::MIN_POSITIVE),
    );
    Ok((ok, o.0 / q.0))
}
