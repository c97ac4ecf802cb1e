//! `cutlet_attention::attention` on the GPU: every configuration checked against an f64
//! reference on the CPU (ragged and unequal sequence lengths, causal or not, grouped-query
//! heads, BSHD and BHSD, variable lengths), then timed on the shapes of the attention issue's table.
//! `sdpa_peer.py` times PyTorch's FA2 and cuDNN attention on the same shapes in the same
//! run and prints the ratios from the `attention\t` lines this writes.

use crate::elem::{El, Res, values};
use crate::timing::{median, time_ms};
use cudarc::driver::CudaStream;
use cutlet_attention::{AttentionElement, AttentionOptions};
use cutlet_core::prelude::*;
use cutlet_cuda::DeviceTensor;
use half::{bf16, f16};
use std::sync::Arc;

/// One problem: `(batch, heads, kv_heads)`, `(seqlen_q, seqlen_k)`, head_dim, causal,
/// and whether the operands are laid out BHSD (else BSHD).
#[derive(Clone, Copy, Debug)]
struct Case {
    bhk: (usize, usize, usize),
    seqlens: (usize, usize),
    d: usize,
    causal: bool,
    bhsd: bool,
    /// Variable lengths: each sequence's `(seqlen_q, seqlen_k)`, packed BSHD (`bhk`'s
    /// batch, `seqlens` and `bhsd` unused).
    varlen: Option<&'static [(usize, usize)]>,
}

/// Element strides `[batch, seqlen, head]` of a `(batch, s, h, d)` tensor.
fn strides((s, h, d): (usize, usize, usize), bhsd: bool) -> [usize; 3] {
    if bhsd {
        [h * s * d, d, s * d]
    } else {
        [s * h * d, h * d, d]
    }
}

/// Runs `case` and compares O and the log-sum-exp with the f64 reference on a sample of
/// rows (every row of short sequences). Returns the largest error of O.
fn check<E: El + AttentionElement>(st: &Arc<CudaStream>, case: Case) -> Res<f64> {
    let Case {
        bhk: (b, h, hk),
        seqlens: (sq, sk),
        d,
        causal,
        bhsd,
        varlen,
    } = case;
    // The sequences: (batch coordinate, first Q row, seqlen_q, first K row, seqlen_k),
    // and the tensors' batches and rows per batch.
    let (seqs, tb, rq, rk): (Vec<_>, usize, usize, usize) = match varlen {
        None => ((0..b).map(|bi| (bi, 0, sq, 0, sk)).collect(), b, sq, sk),
        Some(lens) => {
            let (mut q0, mut k0, mut v) = (0, 0, Vec::new());
            for &(lq, lk) in lens {
                v.push((0, q0, lq, k0, lk));
                (q0, k0) = (q0 + lq, k0 + lk);
            }
            (v, 1, q0, k0)
        }
    };
    let bhsd = bhsd && varlen.is_none();
    let (qs, ks) = (strides((rq, h, d), bhsd), strides((rk, hk, d), bhsd));
    let lay = |s: [usize; 3], (sl, hh): (usize, usize)| layout!((tb, sl, hh, d):({s[0]}, {s[1]}, {s[2]}, 1));
    let (q, k, v) = (
        values::<E>(tb * rq * h * d, 1, 8.0),
        values::<E>(tb * rk * hk * d, 2, 8.0),
        values::<E>(tb * rk * hk * d, 3, 8.0),
    );
    let opts = AttentionOptions {
        causal,
        ..Default::default()
    };
    let (got_o, got_l) = match varlen {
        None => {
            let dq = DeviceTensor::from_host(st, &q, lay(qs, (rq, h)))?;
            let dk = DeviceTensor::from_host(st, &k, lay(ks, (rk, hk)))?;
            let dv = DeviceTensor::from_host(st, &v, lay(ks, (rk, hk)))?;
            let mut o = DeviceTensor::<E, _>::zeros(st, lay(qs, (rq, h)))?;
            let mut lse =
                DeviceTensor::<f32, _>::zeros(st, layout!((tb, h, rq):({ h * rq }, rq, 1)))?;
            cutlet_attention::attention_lse(st, &dq, &dk, &dv, &mut o, &mut lse, &opts)?;
            (o.to_host(st)?, Some(lse.to_host(st)?))
        }
        Some(_) => {
            let packed = |rows: usize, hh: usize| layout!((rows, hh, d):({ hh * d }, d, 1));
            let dq = DeviceTensor::from_host(st, &q, packed(rq, h))?;
            let dk = DeviceTensor::from_host(st, &k, packed(rk, hk))?;
            let dv = DeviceTensor::from_host(st, &v, packed(rk, hk))?;
            let mut o = DeviceTensor::<E, _>::zeros(st, packed(rq, h))?;
            let cu =
                |f: fn(&(usize, usize, usize, usize, usize)) -> usize, end: usize| -> Vec<u32> {
                    seqs.iter()
                        .map(|x| f(x) as u32)
                        .chain([end as u32])
                        .collect()
                };
            let (cq, ck) = (cu(|x| x.1, rq), cu(|x| x.3, rk));
            let mut lse = DeviceTensor::<f32, _>::zeros(st, layout!((h, rq):(rq, 1)))?;
            let cu = (&cq[..], &ck[..]);
            cutlet_attention::attention_varlen_lse(st, &dq, &dk, &dv, &mut o, &mut lse, cu, &opts)?;
            (o.to_host(st)?, Some(lse.to_host(st)?))
        }
    };
    let at = |s: [usize; 3], bi: usize, i: usize, hi: usize| bi * s[0] + i * s[1] + hi * s[2];
    let w = |x: &[E]| -> Vec<f64> { x.iter().map(|e| e.to_f64()).collect() };
    let (q, k, v) = (w(&q), w(&k), w(&v));
    let mut worst = 0f64;
    for &(bi, q0, sq, k0, sk) in &seqs {
        // The f64 reference (the CPU attention) of this sequence, BSHD compact.
        let view = |s: [usize; 3], rows: usize, heads: usize| layout!((1, rows, heads, d):({s[0]}, {s[1]}, {s[2]}, 1));
        let (mut want_o, mut want_l) = (vec![0.0; sq * h * d], vec![0.0; h * sq]);
        cutlet_attention::cpu::attention(
            &make_tensor(&q[at(qs, bi, q0, 0)..], view(qs, sq, h)),
            &make_tensor(&k[at(ks, bi, k0, 0)..], view(ks, sk, hk)),
            &make_tensor(&v[at(ks, bi, k0, 0)..], view(ks, sk, hk)),
            &mut make_tensor(&mut want_o[..], layout!((1, sq, h, d):(0, {h * d}, d, 1))),
            Some(&mut want_l),
            &opts,
        )?;
        let rows: Vec<usize> = if sq <= 160 {
            (0..sq).collect()
        } else {
            (0..sq).filter(|i| i % 37 < 2 || *i + 3 > sq).collect()
        };
        for hi in 0..h {
            for &i in &rows {
                if let Some(got_l) = &got_l {
                    let gl = f64::from(got_l[(bi * h + hi) * rq + q0 + i]);
                    let wl = want_l[hi * sq + i];
                    if !(gl == wl || (gl - wl).abs() <= 1e-3 * (1.0 + wl.abs())) {
                        println!("  {}: lse of ({bi}, {i}, {hi}): {gl} vs {wl}", E::NAME);
                        return Ok(f64::INFINITY);
                    }
                }
                for c in 0..d {
                    let want = want_o[(i * h + hi) * d + c];
                    let g = got_o[at(qs, bi, q0 + i, hi) + c].to_f64();
                    let err = (g - want).abs() / (1.0 + want.abs());
                    if err.is_nan() || err > 2e-2 {
                        println!(
                            "  {}: O({bi}, {}, {hi}, {c}) {g} vs {want}",
                            E::NAME,
                            q0 + i
                        );
                        return Ok(f64::INFINITY);
                    }
                    worst = worst.max(err);
                }
            }
        }
    }
    Ok(worst)
}

/// Every configuration (both element types, head dims 64, 128, 256) on each case, and
/// the host's refusals of bad input. `true` when all pass.
pub fn check_all(st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = true;
    println!();
    println!("attention checks (O and the log-sum-exp against f64):");
    for d in [64, 128, 256] {
        let cases = [
            Case {
                bhk: (1, 2, 1),
                seqlens: (130, 70),
                d,
                causal: false,
                bhsd: false,
                varlen: None,
            },
            Case {
                bhk: (2, 4, 2),
                seqlens: (70, 300),
                d,
                causal: true,
                bhsd: true,
                varlen: None,
            },
            Case {
                bhk: (1, 2, 2),
                seqlens: (300, 100),
                d,
                causal: true,
                bhsd: false,
                varlen: None,
            },
            Case {
                bhk: (2, 3, 1),
                seqlens: (1000, 1000),
                d,
                causal: false,
                bhsd: true,
                varlen: None,
            },
            Case {
                bhk: (1, 2, 2),
                seqlens: (1, 1),
                d,
                causal: true,
                bhsd: false,
                varlen: None,
            },
            Case {
                bhk: (0, 4, 2),
                seqlens: (0, 0),
                d,
                causal: true,
                bhsd: false,
                varlen: Some(&[(300, 500), (0, 7), (1, 1), (700, 200), (9, 0)]),
            },
        ];
        for case in cases {
            for (name, r) in [
                ("bf16", check::<bf16>(st, case)),
                ("f16", check::<f16>(st, case)),
            ] {
                let r = r?;
                let pass = r.is_finite();
                ok &= pass;
                println!(
                    "  {} {name} {case:?}: max error {r:.2e}",
                    if pass { "ok  " } else { "FAIL" }
                );
            }
        }
    }
    // Bad input is an error naming the values, before anything runs.
    let l = layout!((1, 64, 2, 64):({64 * 128}, 128, 64, 1));
    let q = DeviceTensor::<bf16, _>::zeros(st, l)?;
    let k = DeviceTensor::<bf16, _>::zeros(st, layout!((1, 64, 3, 64):({64 * 192}, 192, 64, 1)))?;
    let mut o = DeviceTensor::<bf16, _>::zeros(st, l)?;
    match cutlet_attention::attention(st, &q, &k, &k, &mut o, &Default::default()) {
        Err(e) => println!("  ok   kv heads 3 of 2: error: {e}"),
        Ok(_) => {
            println!("  FAIL kv heads 3 of 2 ran");
            ok = false;
        }
    }
    Ok(ok)
}

/// The shapes of the attention issue's table: `(batch, heads, seqlen, head_dim)`.
pub const SHAPES: &[(usize, usize, usize, usize)] = &[
    (8, 16, 1024, 64),
    (8, 16, 1024, 128),
    (4, 16, 4096, 128),
    (2, 16, 8192, 128),
    (1, 16, 16384, 128),
    (1, 16, 16384, 64),
    (4, 16, 4096, 256),
];

/// Times bf16 attention (BSHD, contiguous) on [`SHAPES`], causal and not: median
/// (min..max) of 10 calls after 3 warm-ups, FlashAttention's FLOP count (`4 b h s² d`,
/// half of it causal). Prints a table and one `attention\t` line per row for
/// `sdpa_peer.py`.
pub fn measure(st: &Arc<CudaStream>) -> Res<()> {
    println!();
    println!("| B x H x S x D (bf16) | causal | kernel | cutlet TFLOP/s |");
    println!("|---|---|---|---|");
    let mut lines = Vec::new();
    for &(b, h, s, d) in SHAPES {
        let l = layout!((b, s, h, d):({s * h * d}, {h * d}, d, 1));
        let x = values::<bf16>(b * s * h * d, 4, 8.0);
        let q = DeviceTensor::from_host(st, &x, l)?;
        let k = DeviceTensor::from_host(st, &values::<bf16>(b * s * h * d, 5, 8.0), l)?;
        let v = DeviceTensor::from_host(st, &values::<bf16>(b * s * h * d, 6, 8.0), l)?;
        let mut o = DeviceTensor::<bf16, _>::zeros(st, l)?;
        for causal in [false, true] {
            let opts = AttentionOptions {
                causal,
                ..Default::default()
            };
            let mut name = "";
            let t = time_ms(st, 3, 10, || -> Res<()> {
                name = cutlet_attention::attention(st, &q, &k, &v, &mut o, &opts)?;
                Ok(())
            })?;
            let flop = 4.0 * (b * h * s * s * d) as f64 / if causal { 2.0 } else { 1.0 };
            let r = |ms: f64| flop / (ms * 1e-3) / 1e12;
            let (med, lo, hi) = (r(median(&t)), r(t[t.len() - 1]), r(t[0]));
            println!(
                "| {b} x {h} x {s} x {d} | {} | {name} | {med:.0} ({lo:.0}..{hi:.0}) |",
                if causal { "yes" } else { "no" }
            );
            lines.push(format!(
                "attention\t{b}\t{h}\t{s}\t{d}\t{}\t{med:.1}\t{lo:.1}\t{hi:.1}",
                u8::from(causal)
            ));
        }
    }
    println!();
    for l in lines {
        println!("{l}");
    }
    Ok(())
}

/// One bf16 attention call of `(batch, heads, seqlen, head_dim)` (BSHD), for `ncu`.
pub fn profile_once(
    st: &Arc<CudaStream>,
    (b, h, s, d): (usize, usize, usize, usize),
    causal: bool,
) -> Res<()> {
    let l = layout!((b, s, h, d):({ s * h * d }, { h * d }, d, 1));
    let x = values::<bf16>(b * s * h * d, 4, 8.0);
    let q = DeviceTensor::from_host(st, &x, l)?;
    let mut o = DeviceTensor::<bf16, _>::zeros(st, l)?;
    let opts = AttentionOptions {
        causal,
        ..Default::default()
    };
    let name = cutlet_attention::attention(st, &q, &q, &q, &mut o, &opts)?;
    st.synchronize()?;
    println!("profiled {name} on {b} x {h} x {s} x {d}, causal {causal}");
    Ok(())
}
