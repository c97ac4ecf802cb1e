//! The kernels crate's entries on the GPU through cutlet-cuda's typed handles (each
//! `Function` has the entry's parameter list, each launch its configuration's
//! `LaunchConfig`): checked against CPU references, then timed next to their peers.

use crate::cublas;
use crate::elem::{El, Res, data, values};
use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaContext, CudaSlice, CudaStream};
use cutlet_core::cuda::{Dim3, LaunchConfig};
use cutlet_cuda::{Function, Module};
use cutlet_kernels::gemm_sm80::{self as sm80, GemmArgs, GemmConfig, Sm80Config, gemm_config};
use cutlet_kernels::{copy, entry, sgemm, tile_copy, transpose};
use half::{bf16, f16};
use std::sync::Arc;

/// The operands of a profiled GEMM: TN (A `(m, k)` and B `(n, k)` K-major), C zero (f32,
/// `ldc = m`).
/// The GEMM sizes the timing tables measure (square, then a tall and a short-K one),
/// `(m, n, k)`.
pub(crate) const TIMED_SIZES: &[(usize, usize, usize)] = &[
    (1024, 1024, 1024),
    (2048, 2048, 2048),
    (4096, 4096, 4096),
    (8192, 8192, 8192),
    (8192, 2048, 4096),
    (3072, 5120, 1024),
];

pub(crate) type Operands<E> = (GemmArgs, CudaSlice<E>, CudaSlice<E>, CudaSlice<f32>);

/// [`Operands`] of an `m x n x k` GEMM on `st`, the same for the SM80 and the Hopper
/// profile (A holds `m k` elements and B `n k`, which M-/N-major kernels read too).
pub(crate) fn profile_operands<E: El>(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
) -> Res<Operands<E>> {
    let p = GemmArgs {
        m,
        n,
        k,
        lda: k,
        ldb: k,
        ldc: m,
        alpha: 1.0,
        beta: 0.0,
    };
    let a = st.clone_htod(&values::<E>(m * k, 14, 32.0))?;
    let b = st.clone_htod(&values::<E>(n * k, 15, 32.0))?;
    Ok((p, a, b, st.alloc_zeros::<f32>(m * n)?))
}

/// An SM80 tensor-core configuration on the device: its typed entry and its shape.
pub(crate) struct Tc<E, O> {
    f: Function<(GemmArgs, *const E, *const E, *mut O)>,
    pub cfg: GemmConfig,
}

impl<E, O> Tc<E, O> {
    /// Configuration `C`'s entry `k` of module `m`.
    fn load<C: Sm80Config<Elem = E, Out = O>>(
        m: &Module,
        k: cutlet_core::cuda::Kernel<(GemmArgs, *const E, *const E, *mut O)>,
    ) -> Res<Self> {
        debug_assert_eq!(k.name().strip_prefix("cutlet_"), Some(C::NAME));
        Ok(Tc {
            f: m.function(k)?,
            cfg: gemm_config::<C>(),
        })
    }

    /// Whether A and B are K-major.
    pub fn kmajor(&self) -> (bool, bool) {
        (self.cfg.a_kmajor, self.cfg.b_kmajor)
    }

    /// One launch on `p`.
    pub fn run(
        &self,
        st: &CudaStream,
        p: GemmArgs,
        a: &CudaSlice<E>,
        b: &CudaSlice<E>,
        c: &mut CudaSlice<O>,
    ) -> Res<()> {
        // SAFETY: the callers' buffers hold A and B at this configuration's majors with
        // lda and ldb, and C ldc * n elements (cudaMalloc: 256-byte aligned); C is
        // borrowed mutably, so it aliases neither.
        unsafe { self.f.launch(st, self.cfg.launch(p.m, p.n), (p, a, b, c))? };
        Ok(())
    }
}

/// The SM80 configurations checked and timed: the timed TN pair, one of each other
/// major and output type, and the 256-thread variant.
pub(crate) struct TcConfigs {
    pub tn_bf16: Tc<bf16, f32>,
    pub tn_f16: Tc<f16, f32>,
    pub nt_bf16_out_bf16: Tc<bf16, bf16>,
    pub nn_f16_out_f16: Tc<f16, f16>,
    pub tt_bf16: Tc<bf16, f32>,
    pub tn_bf16_w2x4: Tc<bf16, f32>,
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
            m,
            n,
            k,
            lda: lead(m, self.kmajor.0),
            ldb: lead(n, self.kmajor.1),
            ldc: m + 1,
            alpha: 0.75,
            beta: 0.5,
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

/// The SIMT SGEMM entry `(args, a, b, c)`.
type SgemmFn = Function<(sgemm::SgemmArgs, *const f32, *const f32, *mut f32)>;

/// The sm_80/sm_90 module's kernels.
pub struct Kernels {
    stream: Arc<CudaStream>,
    copy: Function<(*const f32, *mut f32, usize)>,
    transpose: Function<(*const f32, *mut f32, usize, usize)>,
    tile_copy: Function<(*const f32, *mut f32, usize, usize, usize)>,
    /// SIMT SGEMM at each pair of majors: NT, TN, NN, TT.
    sgemm: [(SgemmFn, (bool, bool)); 4],
    pub(crate) tc: TcConfigs,
    /// Keeps the module loaded.
    _module: Module,
}

impl Kernels {
    /// Loads `ptx` (checked against the device's arch).
    pub fn load(ctx: &Arc<CudaContext>, ptx: &str) -> Res<Self> {
        let m = Module::load(ctx, ptx)?;
        Ok(Kernels {
            stream: ctx.default_stream(),
            copy: m.function(entry::cutlet_copy)?,
            transpose: m.function(entry::cutlet_transpose)?,
            tile_copy: m.function(entry::cutlet_tile_copy)?,
            sgemm: [
                (m.function(entry::cutlet_sgemm)?, (false, false)),
                (m.function(entry::cutlet_sgemm_tn)?, (true, true)),
                (m.function(entry::cutlet_sgemm_nn)?, (false, true)),
                (m.function(entry::cutlet_sgemm_tt)?, (true, false)),
            ],
            tc: TcConfigs {
                tn_bf16: Tc::load::<sm80::TnBf16>(&m, entry::cutlet_gemm_tn_bf16)?,
                tn_f16: Tc::load::<sm80::TnF16>(&m, entry::cutlet_gemm_tn_f16)?,
                nt_bf16_out_bf16: Tc::load::<sm80::NtBf16OutBf16>(
                    &m,
                    entry::cutlet_gemm_nt_bf16_out_bf16,
                )?,
                nn_f16_out_f16: Tc::load::<sm80::NnF16OutF16>(
                    &m,
                    entry::cutlet_gemm_nn_f16_out_f16,
                )?,
                tt_bf16: Tc::load::<sm80::TtBf16>(&m, entry::cutlet_gemm_tt_bf16)?,
                tn_bf16_w2x4: Tc::load::<sm80::TnBf16W2x4>(&m, entry::cutlet_gemm_tn_bf16_w2x4)?,
            },
            _module: m,
        })
    }

    fn run_copy(&self, s: &CudaSlice<f32>, d: &mut CudaSlice<f32>, n: usize) -> Res<()> {
        let cfg = LaunchConfig::new(Dim3::x(copy::copy_blocks(n)), Dim3::x(copy::COPY_THREADS));
        // SAFETY: both buffers hold n f32 (cudaMalloc aligns to 256 bytes), the kernel's contract.
        unsafe { self.copy.launch(&self.stream, cfg, (s, d, n))? };
        Ok(())
    }

    fn run_transpose(
        &self,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        m: usize,
        n: usize,
    ) -> Res<()> {
        let cfg = LaunchConfig::new(
            transpose::transpose_grid(m, n),
            Dim3::x(transpose::TRANSPOSE_THREADS),
        )
        .smem(transpose::TRANSPOSE_SMEM);
        // SAFETY: both buffers hold m*n f32.
        unsafe { self.transpose.launch(&self.stream, cfg, (a, b, m, n))? };
        Ok(())
    }

    fn run_tile_copy(
        &self,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        (m, n, ldb): (usize, usize, usize),
    ) -> Res<()> {
        let cfg = LaunchConfig::new(
            tile_copy::tile_copy_grid(m, n),
            Dim3::x(tile_copy::TILE_COPY_THREADS),
        );
        // SAFETY: a holds m*n, b ldb*n f32.
        unsafe {
            self.tile_copy
                .launch(&self.stream, cfg, (a, b, m, n, ldb))?
        };
        Ok(())
    }

    /// SIMT SGEMM on operands at the entry's majors.
    fn run_sgemm(
        &self,
        f: &SgemmFn,
        p: GemmArgs,
        a: &CudaSlice<f32>,
        b: &CudaSlice<f32>,
        c: &mut CudaSlice<f32>,
    ) -> Res<()> {
        let args = sgemm::SgemmArgs {
            m: p.m,
            n: p.n,
            k: p.k,
            lda: p.lda,
            ldb: p.ldb,
            ldc: p.ldc,
            alpha: p.alpha,
            beta: p.beta,
        };
        let cfg = LaunchConfig::new(sgemm::sgemm_grid(p.m, p.n), Dim3::x(sgemm::SGEMM_THREADS))
            .smem(sgemm::SGEMM_SMEM);
        // SAFETY: A and B hold their operands at the entry's majors with lda and ldb, C
        // holds ldc*n f32 and aliases neither.
        unsafe { f.launch(&self.stream, cfg, (args, a, b, c))? };
        Ok(())
    }

    /// One bf16 `m x n x k` tensor-core GEMM (TN), for a profiler.
    pub fn profile_once(&self, size: (usize, usize, usize)) -> Res<()> {
        let (p, a, b, mut c) = profile_operands::<bf16>(&self.stream, size)?;
        self.tc.tn_bf16.run(&self.stream, p, &a, &b, &mut c)?;
        self.stream.synchronize()?;
        Ok(())
    }

    /// A tensor-core configuration on edge sizes (1, primes, non-multiples of every
    /// tile; padding 8 keeps the 16-byte path where the contiguous extent is a multiple
    /// of 8, as in the last size, padding 3 forces the element path) against an f64
    /// reference: prints its line.
    fn check_tc<E: El, O: El>(&self, t: &Tc<E, O>) -> Res<bool> {
        let mut bad = vec![];
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
            let op = GemmCase { kmajor: t.kmajor() };
            let p = op.args(mnk, |contiguous| contiguous + pad);
            bad.extend(op.check::<E, O>(&self.stream, p, |p, a, b, c| {
                t.run(&self.stream, p, a, b, c)
            })?);
        }
        Ok(report(&format!("tensor-core {}", t.cfg.name), &bad))
    }

    /// Times a tensor-core configuration next to cuBLAS on the same operands: one table
    /// row.
    fn measure_tc<E: El, O: El>(
        &self,
        blas: &CudaBlas,
        t: &Tc<E, O>,
        (m, n, k): (usize, usize, usize),
    ) -> Res<()> {
        let st = &self.stream;
        let (warm, runs) = (3, 20);
        let flop = 2.0 * (m * n * k) as f64;
        let p = GemmArgs {
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
            ..GemmCase { kmajor: t.kmajor() }.args((m, n, k), |contiguous| contiguous)
        };
        let a = st.clone_htod(&values::<E>(m * k, 14, 32.0))?;
        let b = st.clone_htod(&values::<E>(n * k, 15, 32.0))?;
        let mut c = st.alloc_zeros::<O>(m * n)?;
        let ours = time_ms(st, warm, runs, || t.run(st, p, &a, &b, &mut c))?;
        let peer = time_ms(st, warm, runs, || {
            cublas::gemm(blas, st, t.kmajor(), p, &a, &b, &mut c)
        })?;
        let (o, q) = (rate(&ours, flop), rate(&peer, flop));
        println!(
            "| tensor-core {} (TFLOP/s) | {m}x{n}x{k} | {} | cuBLAS GemmEx | {} | {:.2} |",
            t.cfg.name,
            tflops(o),
            tflops(q),
            o.0 / q.0
        );
        Ok(())
    }

    /// Every kernel on edge sizes against the CPU; prints one line per kernel.
    pub fn check_all(&self) -> Res<bool> {
        let st = &self.stream;
        let mut ok = true;

        let mut bad = vec![];
        for n in [1usize, 3, 5, 4099, 1 << 20, (1 << 22) + 7] {
            let h = data(n, 1);
            let s = st.clone_htod(&h)?;
            let mut d = st.clone_htod(&vec![-1.0f32; n + 1])?;
            self.run_copy(&s, &mut d, n)?;
            let g = st.clone_dtoh(&d)?;
            if g[..n] != h[..] || g[n] != -1.0 {
                bad.push(format!("n = {n}"));
            }
        }
        ok &= report("copy", &bad);

        let mut bad = vec![];
        for (m, n) in [
            (1usize, 1usize),
            (37, 1),
            (31, 33),
            (67, 45),
            (1000, 777),
            (4096, 4097),
        ] {
            let h = data(m * n, 2);
            let a = st.clone_htod(&h)?;
            let mut b = st.clone_htod(&vec![f32::NAN; m * n + 1])?;
            self.run_transpose(&a, &mut b, m, n)?;
            let g = st.clone_dtoh(&b)?;
            let wrong = (0..m * n).any(|idx| {
                let (i, j) = (idx % m, idx / m);
                g[j + i * n] != h[idx]
            });
            if wrong || !g[m * n].is_nan() {
                bad.push(format!("{m}x{n}"));
            }
        }
        ok &= report("transpose", &bad);

        let mut bad = vec![];
        for (m, n, ldb) in [(1usize, 1usize, 3usize), (65, 16, 70), (1000, 333, 1003)] {
            let h = data(m * n, 3);
            let a = st.clone_htod(&h)?;
            let mut b = st.clone_htod(&vec![f32::NAN; ldb * n + 1])?;
            self.run_tile_copy(&a, &mut b, (m, n, ldb))?;
            let g = st.clone_dtoh(&b)?;
            let wrong = (0..ldb * n).any(|idx| {
                let (i, j) = (idx % ldb, idx / ldb);
                if i < m {
                    g[idx] != h[i + j * m]
                } else {
                    !g[idx].is_nan()
                }
            });
            if wrong {
                bad.push(format!("{m}x{n} ldb {ldb}"));
            }
        }
        ok &= report("tile_copy", &bad);

        // SIMT SGEMM at every pair of majors, through the tensor-core check (C's
        // padding rows kept, f64 reference, padded leading dimensions).
        for (f, kmajor) in &self.sgemm {
            let mut bad = vec![];
            for (s, mnk) in [
                (1usize, 1usize, 1usize),
                (7, 3, 5),
                (131, 17, 9),
                (257, 129, 77),
                (1000, 999, 65),
            ]
            .into_iter()
            .enumerate()
            {
                let op = GemmCase { kmajor: *kmajor };
                let p = op.args(mnk, |contiguous| contiguous + s + 1);
                bad.extend(
                    op.check::<f32, f32>(st, p, |p, a, b, c| self.run_sgemm(f, p, a, b, c))?,
                );
            }
            ok &= report(&format!("sgemm {}", f.name()), &bad);
        }

        let t = &self.tc;
        ok &= self.check_tc(&t.tn_bf16)?;
        ok &= self.check_tc(&t.tn_f16)?;
        ok &= self.check_tc(&t.nt_bf16_out_bf16)?;
        ok &= self.check_tc(&t.nn_f16_out_f16)?;
        ok &= self.check_tc(&t.tt_bf16)?;
        ok &= self.check_tc(&t.tn_bf16_w2x4)?;
        Ok(ok)
    }

    /// The performance table: each kernel next to its peer, same run, median and spread.
    pub fn measure_all(&self) -> Res<()> {
        let st = &self.stream;
        let (warm, runs) = (3, 20);
        println!();
        println!("| kernel | size | cutlet | peer | peer value | cutlet / peer |");
        println!("|---|---|---|---|---|---|");
        let fmt = |r: (f64, f64, f64), unit: f64| {
            format!("{:.0} ({:.0}..{:.0})", r.0 / unit, r.1 / unit, r.2 / unit)
        };
        let dtod = |s: &CudaSlice<f32>, d: &mut CudaSlice<f32>| -> Res<()> {
            st.memcpy_dtod(s, d)?;
            Ok(())
        };

        for n in [1usize << 26, 1 << 28] {
            let bytes = (2 * n * 4) as f64; // read + write
            let s = st.clone_htod(&data(n, 7))?;
            let mut d = st.alloc_zeros::<f32>(n)?;
            let ours = time_ms(st, warm, runs, || self.run_copy(&s, &mut d, n))?;
            let peer = time_ms(st, warm, runs, || dtod(&s, &mut d))?;
            let (o, p) = (rate(&ours, bytes), rate(&peer, bytes));
            println!(
                "| copy f32 (GB/s) | {} MiB | {} | cuMemcpyDtoD | {} | {:.2} |",
                (n * 4) >> 20,
                fmt(o, 1e9),
                fmt(p, 1e9),
                o.0 / p.0
            );
        }
        for (m, n) in [(8192usize, 8192usize), (16384, 16384), (8191, 8209)] {
            let len = m * n;
            let bytes = (2 * len * 4) as f64;
            let a = st.clone_htod(&data(len, 8))?;
            let mut b = st.alloc_zeros::<f32>(len)?;
            let ours = time_ms(st, warm, runs, || self.run_transpose(&a, &mut b, m, n))?;
            let peer = time_ms(st, warm, runs, || dtod(&a, &mut b))?;
            let (o, p) = (rate(&ours, bytes), rate(&peer, bytes));
            println!(
                "| transpose f32 (GB/s) | {m}x{n} | {} | cuMemcpyDtoD | {} | {:.2} |",
                fmt(o, 1e9),
                fmt(p, 1e9),
                o.0 / p.0
            );
        }
        let blas = CudaBlas::new(st.clone())?;
        let f = |r: (f64, f64, f64)| {
            format!("{:.1} ({:.1}..{:.1})", r.0 / 1e12, r.1 / 1e12, r.2 / 1e12)
        };
        for (sg, kmajor) in &self.sgemm {
            let sizes: &[(usize, usize, usize)] = if *kmajor == (false, false) {
                &[
                    (1024, 1024, 1024),
                    (2048, 2048, 2048),
                    (4096, 4096, 4096),
                    (4000, 3000, 1000),
                ]
            } else {
                &[(4096, 4096, 4096)]
            };
            for &(m, n, k) in sizes {
                let flop = 2.0 * (m * n * k) as f64;
                let p = GemmArgs {
                    ldc: m,
                    alpha: 1.0,
                    beta: 0.0,
                    ..GemmCase { kmajor: *kmajor }.args((m, n, k), |contiguous| contiguous)
                };
                let (a, b) = (
                    st.clone_htod(&data(m * k, 9))?,
                    st.clone_htod(&data(n * k, 10))?,
                );
                let mut c = st.alloc_zeros::<f32>(m * n)?;
                let ours = time_ms(st, warm, runs, || self.run_sgemm(sg, p, &a, &b, &mut c))?;
                let peer = time_ms(st, warm, runs, || {
                    cublas::gemm(&blas, st, *kmajor, p, &a, &b, &mut c)
                })?;
                let (o, q) = (rate(&ours, flop), rate(&peer, flop));
                println!(
                    "| SIMT {} (TFLOP/s) | {m}x{n}x{k} | {} | cuBLAS sgemm | {} | {:.2} |",
                    sg.name(),
                    f(o),
                    f(q),
                    o.0 / q.0
                );
            }
        }
        // The TN configurations on every size, the others at 4096³.
        let tn = TIMED_SIZES;
        let one: &[(usize, usize, usize)] = &[(4096, 4096, 4096)];
        let t = &self.tc;
        for &mnk in tn {
            self.measure_tc(&blas, &t.tn_bf16, mnk)?;
        }
        for &mnk in tn {
            self.measure_tc(&blas, &t.tn_f16, mnk)?;
        }
        for &mnk in one {
            self.measure_tc(&blas, &t.nt_bf16_out_bf16, mnk)?;
            self.measure_tc(&blas, &t.nn_f16_out_f16, mnk)?;
            self.measure_tc(&blas, &t.tt_bf16, mnk)?;
        }
        for &mnk in tn {
            self.measure_tc(&blas, &t.tn_bf16_w2x4, mnk)?;
        }
        Ok(())
    }
}
