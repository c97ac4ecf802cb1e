//! TF32 on the GPU: the Hopper TF32 kernels' results against the emulator's model of the
//! tensor cores (`tf32_dot`: each factor's upper 19 bits, each 8-element k step summed
//! once into f32), bit for bit, on f32 operands whose low mantissa bits are set; then
//! `gemm()` on tf32 operands at every pair of majors next to cuBLAS's
//! `CUBLAS_COMPUTE_32F_FAST_TF32` on the sweep's shapes.

use crate::api::{SWEEP, sweep_types};
use crate::elem::{Res, data};
use crate::timing::median;
use cudarc::cublas::CudaBlas;
use cudarc::driver::CudaStream;
use cutlet_core::tfloat32::tf32;
use cutlet_gemm::{Gemm, GemmArgs, KSplit, KernelRef};
use cutlet_kernels::gemm_sm90::tf32_dot;
use std::sync::Arc;

/// Each Hopper TF32 kernel on `m x n x k` products of f32 values with every mantissa bit
/// used, against [`tf32_dot`]: one line per kernel and shape with the elements equal bit
/// for bit, the largest difference in f32 ulps, and the f64 product's relative error
/// (`CUTLET_TF32_DUMP=dir` writes each result's bits there, one per line, column-major).
pub fn check_model(g: &Gemm, st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = true;
    for k in g.kernels::<tf32, f32>() {
        let KernelRef::Hopper(h) = k else { continue };
        for (m, n, kk) in [(64usize, 64usize, 520usize), (200, 136, 4100)] {
            let ld = kk.next_multiple_of(4);
            let q = |len: usize, seed: u32| -> Vec<f32> {
                data(len, seed)
                    .into_iter()
                    .map(|x| x / 8.0 * (1.0 + 3e-5))
                    .collect()
            };
            let (fa, fb) = (q(m * ld, 51), q(n * ld, 52));
            let bits = |v: &[f32]| {
                v.iter()
                    .map(|x| tf32::from_bits(x.to_bits()))
                    .collect::<Vec<_>>()
            };
            let (a, b) = (st.clone_htod(&bits(&fa))?, st.clone_htod(&bits(&fb))?);
            let mut c = st.alloc_zeros::<f32>(m * n)?;
            let p = GemmArgs {
                lda: ld,
                ldb: ld,
                ..GemmArgs::new(m, n, kk)
            };
            if !h.try_run_split(st, &p, KSplit::NONE, (&a, &b, &mut c))? {
                return Err(format!("{}: TMA cannot reach the operands", h.config().name).into());
            }
            let got = st.clone_dtoh(&c)?;
            // The raw results, for fitting a model of the accumulation offline.
            if let Ok(dir) = std::env::var("CUTLET_TF32_DUMP") {
                let text: String = got
                    .iter()
                    .map(|x| format!("{:08x}\n", x.to_bits()))
                    .collect();
                std::fs::write(format!("{dir}/{}-{m}x{n}x{kk}.txt", h.config().name), text)?;
            }
            let (mut equal, mut ulps, mut err, mut norm) = (0usize, 0i64, 0f64, 0f64);
            for j in 0..n {
                for i in 0..m {
                    let (ra, rb) = (&fa[i * ld..i * ld + kk], &fb[j * ld..j * ld + kk]);
                    let (g, w) = (got[i + j * m], tf32_dot(ra, rb));
                    equal += usize::from(g.to_bits() == w.to_bits());
                    ulps = ulps
                        .max((i64::from(g.to_bits() as i32) - i64::from(w.to_bits() as i32)).abs());
                    let exact: f64 = ra
                        .iter()
                        .zip(rb)
                        .map(|(&x, &y)| f64::from(x) * f64::from(y))
                        .sum();
                    err += (f64::from(g) - exact).powi(2);
                    norm += exact * exact;
                }
            }
            let all = equal == m * n;
            println!(
                "check tf32 model {} {m}x{n}x{kk}: {equal} of {} equal to tf32_dot{}, largest difference {ulps} ulp; relative error against the f32 operands' f64 product {:.2e}",
                h.config().name,
                m * n,
                if all { "" } else { " (MODEL DIFFERS)" },
                (err / norm).sqrt(),
            );
            ok &= all;
        }
    }
    Ok(ok)
}

/// `gemm()` on tf32 operands at every pair of majors and every sweep shape, next to
/// cuBLAS's TF32 GEMM: the sweep's table, then the medians of the K-major rows (the
/// Hopper TF32 kernels) and of the others (the exact-FP32 SIMT kernel).
pub fn sweep(st: &Arc<CudaStream>) -> Res<()> {
    let blas = CudaBlas::new(st.clone())?;
    println!();
    println!(
        "| A, B | types | m x n x k | kernel | gemm() TFLOP/s | cuBLAS TF32 | ratio | back to back: gemm() | cuBLAS | ratio | host µs/call: gemm() | cuBLAS | max diff / max |cuBLAS| |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    let (mut tn, mut other) = (Vec::new(), Vec::new());
    for &mnk in SWEEP {
        let r = sweep_types::<tf32, f32>(st, &blas, mnk)?;
        tn.push(r[0].0);
        other.extend(r[1..].iter().map(|x| x.0));
    }
    tn.sort_by(f64::total_cmp);
    other.sort_by(f64::total_cmp);
    println!();
    println!(
        "tf32 sweep: K-major (Hopper TF32) gemm() / cuBLAS TF32 per call median {:.2} (min {:.2}, max {:.2}); other majors (SIMT FP32) median {:.2}",
        median(&tn),
        tn[0],
        tn[tn.len() - 1],
        median(&other),
    );
    Ok(())
}
