//! Every GEMM kernel of the registry on the GPU, through `cutlet-gemm`'s handles: each
//! checked on edge sizes against an f64 reference, then timed next to cuBLAS on the same
//! operands (the Hopper ones next to the SM80 kernel of the same types and majors too).

use crate::cublas;
use crate::elem::{El, Res, values};
use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaSlice, CudaStream};
use cutlet_core::tfloat32::tf32;
use cutlet_gemm::{Gemm, GemmArgs, KSplit, KernelRef, TileSchedule};
use half::{bf16, f16};
use std::sync::Arc;

pub(crate) type Operands<E> = (GemmArgs, CudaSlice<E>, CudaSlice<E>, CudaSlice<f32>);

/// [`Operands`] of an `m x n x k` GEMM on `st`, the same for the SM80 and the Hopper
/// profile (A holds `m k` elements and B `n k`, which M-/N-major kernels read too).
pub(crate) fn profile_operands<E: El>(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
) -> Res<Operands<E>> {
    let p = GemmArgs::new(m, n, k);
    let a = st.clone_htod(&values::<E>(m * k, 14, 32.0))?;
    let b = st.clone_htod(&values::<E>(n * k, 15, 32.0))?;
    Ok((p, a, b, st.alloc_zeros::<f32>(m * n)?))
}

/// Calls `f` with the kernels of each pair of element types the GEMM has.
macro_rules! each_type_pair {
    ($f:ident($($arg:expr),*)) => {{
        let mut ok = true;
        ok &= $f::<bf16, f32>($($arg),*)?;
        ok &= $f::<f16, f32>($($arg),*)?;
        ok &= $f::<bf16, bf16>($($arg),*)?;
        ok &= $f::<f16, f16>($($arg),*)?;
        ok &= $f::<f32, f32>($($arg),*)?;
        ok &= $f::<tf32, f32>($($arg),*)?;
        ok
    }};
}

fn is_hopper(k: &KernelRef<'_, impl El, impl El>) -> bool {
    matches!(k, KernelRef::Hopper(_))
}

/// Every kernel on edge sizes against its f64 reference: one line each.
pub fn check_all(g: &Gemm, st: &Arc<CudaStream>) -> Res<bool> {
    Ok(each_type_pair!(check_types(g, st)))
}

/// Every kernel from `E` to `O` on edge sizes ([`check`]).
pub(crate) fn check_types<E: El, O: El>(g: &Gemm, st: &Arc<CudaStream>) -> Res<bool> {
    let mut ok = true;
    for k in g.kernels::<E, O>() {
        ok &= check(st, &k)?;
    }
    Ok(ok)
}

/// One kernel on edge sizes (1, primes, non-multiples of every tile). Per-tile kernels:
/// padding 8 keeps the 16-byte path where the contiguous extent is a multiple of 8,
/// padding 3 forces the element path. Hopper kernels: leading dimensions rounded up to
/// the 8 elements TMA needs.
fn check<E: El, O: El>(st: &Arc<CudaStream>, k: &KernelRef<'_, E, O>) -> Res<bool> {
    let cfg = k.config();
    let op = GemmCase {
        kmajor: (cfg.a_kmajor, cfg.b_kmajor),
    };
    let mut bad = vec![];
    if is_hopper(k) {
        for (m, n, kk, pad) in [
            (1usize, 1usize, 1usize, 7usize),
            (17, 9, 24, 8),
            (131, 129, 136, 0),
            (1000, 999, 72, 8),
            (257, 384, 1032, 0),
            (97, 263, 16, 8),
            (136, 264, 200, 0),
            (2048, 2048, 512, 0),
        ] {
            let p = GemmArgs {
                ldc: (m + 1).next_multiple_of(8),
                ..op.args((m, n, kk), |contiguous| {
                    (contiguous + pad).next_multiple_of(8)
                })
            };
            bad.extend(op.check::<E, O>(st, p, |p, a, b, c| Ok(k.run(st, &p, a, b, c)?))?);
        }
        // The reduction split whatever the shape says: every tile, or those after the
        // first, in 2 to 5 parts (parts without k tiles included).
        let KernelRef::Hopper(h) = k else {
            unreachable!()
        };
        for (m, n, kk, splits, whole) in [
            (257usize, 384usize, 1032usize, 3u32, 0u32),
            (1000, 999, 512, 2, 1),
            (131, 129, 136, 5, 0),
            (2048, 2048, 512, 4, 3),
        ] {
            let p = GemmArgs {
                ldc: (m + 1).next_multiple_of(8),
                ..op.args((m, n, kk), |contiguous| contiguous.next_multiple_of(8))
            };
            let split = KSplit { splits, whole };
            bad.extend(op.check::<E, O>(st, p, |p, a, b, c| {
                match h.try_run_split(st, &p, split, (a, b, c))? {
                    true => Ok(()),
                    false => Err("TMA cannot reach the operands".into()),
                }
            })?);
        }
    } else {
        for (s, mnk) in [
            (1usize, 1usize, 1usize),
            (17, 9, 24),
            (131, 129, 136),
            (1000, 999, 72),
            (257, 384, 1032),
            (97, 263, 13),
            (136, 264, 200),
        ]
        .into_iter()
        .enumerate()
        {
            let pad = if s % 2 == 0 { 8 } else { 3 };
            let p = op.args(mnk, |contiguous| contiguous + pad);
            bad.extend(op.check::<E, O>(st, p, |p, a, b, c| Ok(k.run(st, &p, a, b, c)?))?);
        }
    }
    Ok(report(cfg.name, &bad))
}

/// The GEMM sizes the timing table measures (square, then a tall and a short-K one),
/// `(m, n, k)`: every TN kernel on each, the others at 4096³.
pub(crate) const TIMED_SIZES: &[(usize, usize, usize)] = &[
    (1024, 1024, 1024),
    (2048, 2048, 2048),
    (4096, 4096, 4096),
    (8192, 8192, 8192),
    (8192, 2048, 4096),
    (3072, 5120, 1024),
];

/// The timing table: every kernel next to cuBLAS on the same operands (a Hopper kernel
/// next to the SM80 kernel of its types and majors too), medians of 20 after 3 warm-up
/// runs, min..max; every kernel at `size` where one is given, else the TN kernels at
/// [`TIMED_SIZES`] and the others at 4096³; with `only`, the kernels whose names contain it.
pub fn measure_all(
    g: &Gemm,
    st: &Arc<CudaStream>,
    size: Option<(usize, usize, usize)>,
    only: Option<&str>,
) -> Res<()> {
    let blas = CudaBlas::new(st.clone())?;
    println!();
    println!(
        "| GEMM (TFLOP/s) | size | cutlet | cuBLAS GemmEx | cutlet / cuBLAS | SM80 of the same types and majors | cutlet / SM80 |"
    );
    println!("|---|---|---|---|---|---|---|");
    each_type_pair!(measure_types(g, st, &blas, size, only));
    Ok(())
}

fn measure_types<E: El, O: El>(
    g: &Gemm,
    st: &Arc<CudaStream>,
    blas: &CudaBlas,
    size: Option<(usize, usize, usize)>,
    only: Option<&str>,
) -> Res<bool> {
    for k in g.kernels::<E, O>() {
        let cfg = k.config();
        if only.is_some_and(|o| !cfg.name.contains(o)) {
            continue;
        }
        let one = size.map(|s| [s]);
        let sizes: &[_] = if let Some(one) = &one {
            one
        } else if cfg.a_kmajor && cfg.b_kmajor {
            TIMED_SIZES
        } else {
            &[(4096, 4096, 4096)]
        };
        // The SM80 kernel of the same types and majors, beside a Hopper one.
        let sm80 = g.kernels::<E, O>().find(|t| {
            let c = t.config();
            is_hopper(&k)
                && c.schedule == TileSchedule::PerTile
                && (c.a_kmajor, c.b_kmajor) == (cfg.a_kmajor, cfg.b_kmajor)
        });
        for &mnk in sizes {
            measure(st, blas, &k, sm80.as_ref(), mnk)?;
        }
    }
    Ok(true)
}

/// One row of the timing table.
fn measure<E: El, O: El>(
    st: &Arc<CudaStream>,
    blas: &CudaBlas,
    k: &KernelRef<'_, E, O>,
    sm80: Option<&KernelRef<'_, E, O>>,
    (m, n, kk): (usize, usize, usize),
) -> Res<()> {
    let cfg = k.config();
    let kmajor = (cfg.a_kmajor, cfg.b_kmajor);
    let flop = 2.0 * (m * n * kk) as f64;
    let p = GemmArgs {
        ldc: m,
        alpha: 1.0,
        beta: 0.0,
        ..GemmCase { kmajor }.args((m, n, kk), |contiguous| contiguous)
    };
    let a = st.clone_htod(&values::<E>(m * kk, 14, 32.0))?;
    let b = st.clone_htod(&values::<E>(n * kk, 15, 32.0))?;
    let mut c = st.alloc_zeros::<O>(m * n)?;
    let (warm, runs) = (3, 20);
    let ours = time_ms(st, warm, runs, || -> Res<()> {
        Ok(k.run(st, &p, &a, &b, &mut c)?)
    })?;
    let peer = time_ms(st, warm, runs, || {
        cublas::gemm(blas, st, kmajor, p, &a, &b, &mut c)
    })?;
    let (o, q) = (rate(&ours, flop), rate(&peer, flop));
    let (old, ratio) = match sm80 {
        Some(t) => {
            let s = time_ms(st, warm, runs, || -> Res<()> {
                Ok(t.run(st, &p, &a, &b, &mut c)?)
            })?;
            let s = rate(&s, flop);
            (
                format!("{} ({})", tflops(s), t.config().name),
                format!("{:.2}", o.0 / s.0),
            )
        }
        None => ("".into(), "".into()),
    };
    println!(
        "| {} | {m}x{n}x{kk} | {} | {} | {:.2} | {old} | {ratio} |",
        cfg.name,
        tflops(o),
        tflops(q),
        o.0 / q.0,
    );
    Ok(())
}

/// One `m x n x k` GEMM for a profiler (`ncu -k regex:...` picks one): the first bf16 →
/// f32 TN per-tile kernel, or with `hopper` each Hopper kernel at its majors.
pub fn profile_once(
    g: &Gemm,
    st: &Arc<CudaStream>,
    hopper: bool,
    size: (usize, usize, usize),
) -> Res<()> {
    if hopper {
        each_type_pair!(profile_types(g, st, size));
    } else {
        let (p, a, b, mut c) = profile_operands::<bf16>(st, size)?;
        let k = g
            .kernels::<bf16, f32>()
            .find(|k| !is_hopper(k) && k.config().a_kmajor && k.config().b_kmajor)
            .ok_or("no bf16 TN per-tile kernel")?;
        k.run(st, &p, &a, &b, &mut c)?;
    }
    st.synchronize()?;
    Ok(())
}

/// One launch of [`Unswizzled`]`<`[`TnBf16`]`>` on `size` (the profiled SM80 GEMM with
/// its shared tiles unswizzled: `ncu` counts the bank conflicts the swizzle removes).
pub fn profile_unswizzled(
    ctx: &Arc<cudarc::driver::CudaContext>,
    ptx: &str,
    st: &Arc<CudaStream>,
    size: (usize, usize, usize),
) -> Res<()> {
    use cutlet_kernels::gemm_sm80::{Unswizzled, gemm_config};
    use cutlet_kernels::registry::sm80::TnBf16;
    let module = cutlet_cuda::Module::load(ctx, ptx)?;
    let f = module.function(cutlet_kernels::entry::cutlet_gemm_tn_bf16_unswizzled)?;
    let (p, a, b, mut c) = profile_operands::<bf16>(st, size)?;
    let cfg = gemm_config::<Unswizzled<TnBf16>>();
    // SAFETY: A (m, k) and B (n, k) K-major and C (m, n) column-major, each the size
    // `p` reaches (`profile_operands`); C aliases neither.
    unsafe { f.launch(st, cfg.launch(p.m, p.n, 0), (p, &a, &b, &mut c))? };
    st.synchronize()?;
    Ok(())
}

fn profile_types<E: El, O: El>(
    g: &Gemm,
    st: &Arc<CudaStream>,
    size: (usize, usize, usize),
) -> Res<bool> {
    for k in g.kernels::<E, O>().filter(is_hopper) {
        let cfg = k.config();
        let (m, n, kk) = size;
        let p = GemmArgs {
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
            ..GemmCase {
                kmajor: (cfg.a_kmajor, cfg.b_kmajor),
            }
            .args(size, |contiguous| contiguous)
        };
        let a = st.clone_htod(&values::<E>(m * kk, 14, 32.0))?;
        let b = st.clone_htod(&values::<E>(n * kk, 15, 32.0))?;
        let mut c = st.alloc_zeros::<O>(m * n)?;
        k.run(st, &p, &a, &b, &mut c)?;
    }
    Ok(true)
}

/// What checking a GEMM against its f64 reference needs to know of a configuration (the
/// SM80 and the Hopper kernels share the check): whether A and B are K-major.
#[derive(Clone, Copy)]
pub(crate) struct GemmCase {
    pub kmajor: (bool, bool),
}
impl GemmCase {
    /// The arguments of an `m x n x k` product with `alpha = 0.75`, `beta = 0.5`, each
    /// operand's leading dimension `ld(its contiguous extent)` and `ldc = m + 1`.
    pub fn args(&self, (m, n, k): (usize, usize, usize), ld: impl Fn(usize) -> usize) -> GemmArgs {
        let lead = |rows: usize, kmajor: bool| ld(if kmajor { k } else { rows });
        GemmArgs {
            lda: lead(m, self.kmajor.0),
            ldb: lead(n, self.kmajor.1),
            ldc: m + 1,
            alpha: 0.75,
            beta: 0.5,
            ..GemmArgs::new(m, n, k)
        }
    }

    /// Runs `run` on generated operands for `p` and compares C with the f64 reference
    /// (relative Frobenius error below 1e-5, 1e-2 for 16-bit C; C's padding rows kept):
    /// the failure, if any.
    pub fn check<E: El, O: El>(
        &self,
        st: &Arc<CudaStream>,
        p: GemmArgs,
        run: impl FnOnce(GemmArgs, &CudaSlice<E>, &CudaSlice<E>, &mut CudaSlice<O>) -> Res<()>,
    ) -> Res<Option<String>> {
        let GemmArgs {
            m,
            n,
            k,
            lda,
            ldb,
            ldc,
            ..
        } = p;
        let (ak, bk) = self.kmajor;
        // Elements of an operand with `rows` rows, and the index of its element (i, l).
        let len = |kmajor: bool, rows: usize, ld: usize| if kmajor { rows * ld } else { k * ld };
        let at = |kmajor: bool, ld: usize, i: usize, l: usize| {
            if kmajor { l + i * ld } else { i + l * ld }
        };
        let ha = values::<E>(len(ak, m, lda), 11, 8.0);
        let hb = values::<E>(len(bk, n, ldb), 12, 8.0);
        let hc = values::<O>(ldc * n, 13, 1.0);
        let (a, b) = (st.clone_htod(&ha)?, st.clone_htod(&hb)?);
        let mut c = st.clone_htod(&hc)?;
        run(p, &a, &b, &mut c)?;
        let g = st.clone_dtoh(&c)?;
        let (mut err, mut norm, mut pad_ok) = (0f64, 0f64, true);
        for j in 0..n {
            for r in 0..ldc {
                let idx = r + j * ldc;
                if r >= m {
                    pad_ok &= g[idx].to_f64() == hc[idx].to_f64();
                    continue;
                }
                let s: f64 = (0..k)
                    .map(|l| ha[at(ak, lda, r, l)].to_f64() * hb[at(bk, ldb, j, l)].to_f64())
                    .sum();
                let want = 0.75 * s + 0.5 * hc[idx].to_f64();
                err += (g[idx].to_f64() - want).powi(2);
                norm += want * want;
            }
        }
        let rel = (err / norm.max(1e-30)).sqrt();
        let tol = if std::mem::size_of::<O>() == 2 {
            1e-2
        } else {
            1e-5
        };
        Ok((!pad_ok || rel.is_nan() || rel >= tol)
            .then(|| format!("{m}x{n}x{k}: relative error {rel:.2e}, padding kept {pad_ok}")))
    }
}

/// Prints a check's line: `ok`, or the failures.
pub(crate) fn report(name: &str, bad: &[String]) -> bool {
    println!(
        "check {name}: {}",
        if bad.is_empty() {
            "ok".into()
        } else {
            format!("FAILED: {}", bad.join("; "))
        }
    );
    bad.is_empty()
}

/// The shapes the split table measures: few tiles, small M, short K, ragged.
const SPLIT_SIZES: &[(usize, usize, usize)] = &[
    (4096, 16, 4096),
    (4096, 32, 4096),
    (16, 4096, 4096),
    (32, 4096, 4096),
    (64, 4096, 4096),
    (128, 4096, 4096),
    (128, 4096, 16384),
    (256, 4096, 4096),
    (512, 512, 512),
    (1024, 1024, 1024),
    (2048, 2048, 2048),
    (3072, 5120, 1024),
    (2000, 3000, 4000),
    (16384, 8192, 1024),
    (4096, 4096, 4096),
];

/// The reduction's split measured, for the rule `cutlet_gemm::k_split` is fitted to:
/// each bf16 → f32 Hopper kernel at both K-major and M-major A, on [`SPLIT_SIZES`],
/// with every tile whole and in 2, 3, 4, 6 and 8 parts (medians of 10 after 2
/// warm-ups, TFLOP/s), and what the rule picks; with `only`, the kernels whose names
/// contain it.
pub fn split_table(g: &Gemm, st: &Arc<CudaStream>, only: Option<&str>) -> Res<()> {
    const PARTS: [u32; 6] = [1, 2, 3, 4, 6, 8];
    println!();
    println!(
        "| kernel | m x n x k | whole | 2 parts | 3 | 4 | 6 | 8 | the rule's split | its TFLOP/s |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for k in g.kernels::<bf16, f32>() {
        let KernelRef::Hopper(h) = &k else { continue };
        let cfg = h.config();
        if !cfg.b_kmajor || only.is_some_and(|o| !cfg.name.contains(o)) {
            continue;
        }
        for &(m, n, kk) in SPLIT_SIZES {
            let (p, a, b, mut c) = profile_operands::<bf16>(st, (m, n, kk))?;
            let p = GemmArgs {
                lda: if cfg.a_kmajor { kk } else { m },
                ..p
            };
            let flop = 2.0 * (m * n * kk) as f64;
            let mut time = |split: KSplit| -> Res<f64> {
                let t = time_ms(st, 2, 10, || -> Res<()> {
                    h.try_run_split(st, &p, split, (&a, &b, &mut c))?;
                    Ok(())
                })?;
                Ok(rate(&t, flop).0 / 1e12)
            };
            let mut row = Vec::new();
            for parts in PARTS {
                let split = KSplit {
                    splits: parts,
                    whole: 0,
                };
                let enough = kk.div_ceil(cfg.tile.2) >= parts as usize;
                row.push(if enough {
                    format!("{:.0}", time(split)?)
                } else {
                    "".into()
                });
            }
            let rule = h.split(st, &p)?;
            let at_rule = time(rule)?;
            let rule_text = if rule.splits <= 1 {
                "whole".to_string()
            } else {
                format!("{} parts after {} whole", rule.splits, rule.whole)
            };
            println!(
                "| {} | {m}x{n}x{kk} | {} | {rule_text} | {at_rule:.0} |",
                cfg.name,
                row.join(" | "),
            );
        }
    }
    Ok(())
}
