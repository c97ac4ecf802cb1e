//! Launching the PTX kernels, checking them against CPU references, timing them.

use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig, sys::cublasOperation_t};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DeviceRepr, DriverError, LaunchConfig,
    PushKernelArg,
};
use cudarc::driver::{DevicePtr, DevicePtrMut, sys::CUfunction_attribute_enum};
use cudarc::nvrtc::Ptx;
use cutlet::cuda::Dim3;
use cutlet_kernels::{copy, gemm_sm80, sgemm, tile_copy, transpose};
use std::sync::Arc;

pub type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// `GemmArgs` as a kernel parameter.
#[repr(transparent)]
#[derive(Clone, Copy)]
struct TcArgs(gemm_sm80::GemmArgs);
// SAFETY: `GemmArgs` is `repr(C)` plain data, the same bytes the PTX entry reads.
unsafe impl DeviceRepr for TcArgs {}

/// Input precision of the tensor-core GEMM.
#[derive(Clone, Copy, PartialEq)]
pub enum Half {
    Bf16,
    F16,
}
impl Half {
    pub fn to_bits(self, x: f32) -> u16 {
        match self {
            Half::Bf16 => half::bf16::from_f32(x).to_bits(),
            Half::F16 => half::f16::from_f32(x).to_bits(),
        }
    }
    pub fn widen(self, x: u16) -> f64 {
        match self {
            Half::Bf16 => half::bf16::from_bits(x).to_f64(),
            Half::F16 => half::f16::from_bits(x).to_f64(),
        }
    }
    fn cuda(self) -> cudarc::cublas::sys::cudaDataType {
        match self {
            Half::Bf16 => cudarc::cublas::sys::cudaDataType::CUDA_R_16BF,
            Half::F16 => cudarc::cublas::sys::cudaDataType::CUDA_R_16F,
        }
    }
}

/// `SgemmArgs` as a kernel parameter.
#[repr(transparent)]
#[derive(Clone, Copy)]
struct Args(sgemm::SgemmArgs);
// SAFETY: `SgemmArgs` is `repr(C)` plain data, the same bytes the PTX entry reads.
unsafe impl DeviceRepr for Args {}

fn cfg(grid: Dim3, block: usize, smem: usize) -> LaunchConfig {
    LaunchConfig {
        grid_dim: (grid.x as u32, grid.y as u32, grid.z as u32),
        block_dim: (block as u32, 1, 1),
        shared_mem_bytes: smem as u32,
    }
}

pub fn data(len: usize, seed: u32) -> Vec<f32> {
    (0..len)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 20) as f32 / 64.0 - 32.0
        })
        .collect()
}

/// The operands of a profiled GEMM: bf16, TN (A `(m, k)` and B `(n, k)` K-major), C
/// zero (f32, `ldc = m`).
pub(crate) type Operands = (
    gemm_sm80::GemmArgs,
    CudaSlice<u16>,
    CudaSlice<u16>,
    CudaSlice<f32>,
);

/// [`Operands`] of an `m x n x k` GEMM on `st`, the same for the SM80 and the Hopper
/// profile (A holds `m k` elements and B `n k`, which M-/N-major kernels read too).
pub(crate) fn profile_operands(
    st: &Arc<CudaStream>,
    (m, n, k): (usize, usize, usize),
) -> Res<Operands> {
    let p = gemm_sm80::GemmArgs {
        m,
        n,
        k,
        lda: k,
        ldb: k,
        ldc: m,
        alpha: 1.0,
        beta: 0.0,
    };
    let q = |v: Vec<f32>| {
        v.into_iter()
            .map(|x| Half::Bf16.to_bits(x / 32.0))
            .collect::<Vec<u16>>()
    };
    let (a, b) = (
        st.clone_htod(&q(data(m * k, 14)))?,
        st.clone_htod(&q(data(n * k, 15)))?,
    );
    Ok((p, a, b, st.alloc_zeros::<f32>(m * n)?))
}

pub struct Kernels {
    stream: Arc<CudaStream>,
    copy: CudaFunction,
    transpose: CudaFunction,
    tile_copy: CudaFunction,
    sgemm: CudaFunction,
    tc: Vec<CudaFunction>,
}

/// One configuration of the tensor-core GEMM: an `Sm80Config` of
/// `kernels/src/gemm_sm80.rs`, exported by `kernels/src/entry.rs`, with its element types.
#[derive(Clone, Copy)]
struct TcConfig {
    /// The configuration; the PTX entry is `cutlet_` + its name.
    cfg: gemm_sm80::GemmConfig,
    input: Half,
    /// C in the input type (else f32).
    out16: bool,
}
const TC: [TcConfig; 6] = [
    TcConfig {
        cfg: gemm_sm80::GEMM_TN_BF16,
        input: Half::Bf16,
        out16: false,
    },
    TcConfig {
        cfg: gemm_sm80::GEMM_TN_F16,
        input: Half::F16,
        out16: false,
    },
    TcConfig {
        cfg: gemm_sm80::GEMM_NT_BF16_OUT_BF16,
        input: Half::Bf16,
        out16: true,
    },
    TcConfig {
        cfg: gemm_sm80::GEMM_NN_F16_OUT_F16,
        input: Half::F16,
        out16: true,
    },
    TcConfig {
        cfg: gemm_sm80::GEMM_TT_BF16,
        input: Half::Bf16,
        out16: false,
    },
    TcConfig {
        cfg: gemm_sm80::GEMM_TN_BF16_W2X4,
        input: Half::Bf16,
        out16: false,
    },
];
impl TcConfig {
    fn name(&self) -> &'static str {
        self.cfg.name
    }
    /// Elements of an operand with `rows` rows and leading dimension `ld`.
    fn len(kmajor: bool, rows: usize, k: usize, ld: usize) -> usize {
        if kmajor { rows * ld } else { k * ld }
    }
    /// Index of element (i, l) of an operand.
    fn at(kmajor: bool, ld: usize, i: usize, l: usize) -> usize {
        if kmajor { l + i * ld } else { i + l * ld }
    }
}

/// What checking a GEMM against its f64 reference needs to know of a configuration (the
/// SM80 and the Hopper kernels share the check).
#[derive(Clone, Copy)]
pub(crate) struct GemmCase {
    /// A and B's element type.
    pub input: Half,
    /// Whether A and B are K-major.
    pub kmajor: (bool, bool),
    /// C in the input type (else f32).
    pub out16: bool,
}
impl GemmCase {
    /// The arguments of an `m x n x k` product with `alpha = 0.75`, `beta = 0.5`, each
    /// operand's leading dimension `ld(its contiguous extent)` and `ldc = m + 1`.
    pub fn args(
        &self,
        (m, n, k): (usize, usize, usize),
        ld: impl Fn(usize) -> usize,
    ) -> gemm_sm80::GemmArgs {
        let lead = |rows: usize, kmajor: bool| ld(if kmajor { k } else { rows });
        gemm_sm80::GemmArgs {
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

    /// Runs `run` on random operands for `p` and compares C with the f64 reference
    /// (relative Frobenius error below 1e-5, 1e-2 for 16-bit C; C's padding rows kept):
    /// the failure, if any.
    pub fn check<C: OutElem>(
        &self,
        st: &Arc<CudaStream>,
        p: gemm_sm80::GemmArgs,
        run: impl FnOnce(
            gemm_sm80::GemmArgs,
            &CudaSlice<u16>,
            &CudaSlice<u16>,
            &mut CudaSlice<C>,
        ) -> Res<()>,
    ) -> Res<Option<String>> {
        let gemm_sm80::GemmArgs {
            m,
            n,
            k,
            lda,
            ldb,
            ldc,
            ..
        } = p;
        let (h, (ak, bk)) = (self.input, self.kmajor);
        let q = |len: usize, seed: u32| {
            data(len, seed)
                .into_iter()
                .map(|x| h.to_bits(x / 8.0))
                .collect::<Vec<u16>>()
        };
        let ha = q(TcConfig::len(ak, m, k, lda), 11);
        let hb = q(TcConfig::len(bk, n, k, ldb), 12);
        let hc: Vec<C> = data(ldc * n, 13)
            .into_iter()
            .map(|x| C::from(h, x))
            .collect();
        let (a, b) = (st.clone_htod(&ha)?, st.clone_htod(&hb)?);
        let mut c = st.clone_htod(&hc)?;
        run(p, &a, &b, &mut c)?;
        let g = st.clone_dtoh(&c)?;
        let (mut err, mut norm, mut pad_ok) = (0f64, 0f64, true);
        for j in 0..n {
            for r in 0..ldc {
                let idx = r + j * ldc;
                if r >= m {
                    pad_ok &= C::widen(h, g[idx]) == C::widen(h, hc[idx]);
                    continue;
                }
                let s: f64 = (0..k)
                    .map(|l| {
                        h.widen(ha[TcConfig::at(ak, lda, r, l)])
                            * h.widen(hb[TcConfig::at(bk, ldb, j, l)])
                    })
                    .sum();
                let want = 0.75 * s + 0.5 * C::widen(h, hc[idx]);
                err += (C::widen(h, g[idx]) - want).powi(2);
                norm += want * want;
            }
        }
        let rel = (err / norm.max(1e-30)).sqrt();
        let tol = if self.out16 { 1e-2 } else { 1e-5 };
        Ok((!pad_ok || rel.is_nan() || rel >= tol)
            .then(|| format!("{m}x{n}x{k}: relative error {rel:.2e}, padding kept {pad_ok}")))
    }
}

/// The device representation of C values: f32, or the 16-bit bits of the input type.
pub(crate) trait OutElem:
    DeviceRepr + cudarc::driver::ValidAsZeroBits + Copy + Default + Unpin + 'static
{
    fn from(h: Half, x: f32) -> Self;
    fn widen(h: Half, x: Self) -> f64;
    const CUDA: Option<cudarc::cublas::sys::cudaDataType>;
}
impl OutElem for f32 {
    fn from(_: Half, x: f32) -> Self {
        x
    }
    fn widen(_: Half, x: Self) -> f64 {
        x as f64
    }
    const CUDA: Option<cudarc::cublas::sys::cudaDataType> =
        Some(cudarc::cublas::sys::cudaDataType::CUDA_R_32F);
}
impl OutElem for u16 {
    fn from(h: Half, x: f32) -> Self {
        h.to_bits(x)
    }
    fn widen(h: Half, x: Self) -> f64 {
        h.widen(x)
    }
    const CUDA: Option<cudarc::cublas::sys::cudaDataType> = None;
}

/// A tensor-core GEMM entry, allowed its (over 48 KiB) dynamic shared memory.
fn tc(m: &Arc<cudarc::driver::CudaModule>, c: &TcConfig) -> Res<CudaFunction> {
    let f = m.load_function(&format!("cutlet_{}", c.name()))?;
    f.set_attribute(
        CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        c.cfg.smem() as i32,
    )?;
    Ok(f)
}

impl Kernels {
    /// Tensor-core GEMM configuration `i` of [`TC`].
    pub(crate) fn run_gemm<C: OutElem>(
        &self,
        i: usize,
        p: gemm_sm80::GemmArgs,
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        c: &mut CudaSlice<C>,
    ) -> Result<(), DriverError> {
        let t = TC[i];
        let mut l = self.stream.launch_builder(&self.tc[i]);
        let args = TcArgs(p);
        l.arg(&args).arg(a).arg(b).arg(c);
        let cfg = cfg(t.cfg.grid(p.m, p.n), t.cfg.threads, t.cfg.smem());
        // SAFETY: A and B hold their elements at the configuration's majors with lda and
        // ldb (cudaMalloc: 256-byte aligned), C holds ldc*n elements of the output type.
        unsafe { l.launch(cfg) }.map(drop)
    }

    /// cuBLAS's `C = alpha op(A) op(B) + beta C` on the same operands as configuration
    /// `i` (GemmEx, f32 compute, C in the configuration's output type).
    pub(crate) fn cublas_gemm<C: OutElem>(
        &self,
        blas: &CudaBlas,
        i: usize,
        p: gemm_sm80::GemmArgs,
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        c: &mut CudaSlice<C>,
    ) -> Result<(), DriverError> {
        let t = TC[i];
        let h = t.input;
        let op = |transposed: bool| {
            if transposed {
                cublasOperation_t::CUBLAS_OP_T
            } else {
                cublasOperation_t::CUBLAS_OP_N
            }
        };
        let c_type = C::CUDA.unwrap_or(h.cuda());
        use cudarc::cublas::sys::{cublasComputeType_t, cublasGemmAlgo_t};
        let st = &self.stream;
        let (pa, _ga) = a.device_ptr(st);
        let (pb, _gb) = b.device_ptr(st);
        let (pc, _gc) = c.device_ptr_mut(st);
        let (alpha, beta) = (p.alpha, p.beta);
        // SAFETY: the buffers match the shapes and leading dimensions. A (m, k) K-major is
        // op T of a column-major k x m, M-major is op N; B (n, k) K-major is op N of a
        // column-major k x n, N-major is op T.
        unsafe {
            cudarc::cublas::result::gemm_ex(
                *blas.handle(),
                op(t.cfg.a_kmajor),
                op(!t.cfg.b_kmajor),
                p.m as i32,
                p.n as i32,
                p.k as i32,
                &alpha as *const f32 as *const _,
                pa as *const _,
                h.cuda(),
                p.lda as i32,
                pb as *const _,
                h.cuda(),
                p.ldb as i32,
                &beta as *const f32 as *const _,
                pc as *mut _,
                c_type,
                p.ldc as i32,
                cublasComputeType_t::CUBLAS_COMPUTE_32F,
                cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
            )
        }
        .map_err(|_| DriverError(cudarc::driver::sys::cudaError_enum::CUDA_ERROR_UNKNOWN))
    }

    pub fn load(ctx: &Arc<CudaContext>, ptx: String) -> Res<Self> {
        let m = ctx.load_module(Ptx::from_src(ptx))?;
        Ok(Kernels {
            stream: ctx.default_stream(),
            copy: m.load_function("cutlet_copy")?,
            transpose: m.load_function("cutlet_transpose")?,
            tile_copy: m.load_function("cutlet_tile_copy")?,
            sgemm: m.load_function("cutlet_sgemm")?,
            tc: TC.iter().map(|c| tc(&m, c)).collect::<Res<_>>()?,
        })
    }

    fn run_copy(
        &self,
        s: &CudaSlice<f32>,
        d: &mut CudaSlice<f32>,
        n: usize,
    ) -> Result<(), DriverError> {
        let mut b = self.stream.launch_builder(&self.copy);
        b.arg(s).arg(d).arg(&n);
        // SAFETY: both buffers hold n f32 (cudaMalloc aligns to 256 bytes), the kernel's contract.
        unsafe { b.launch(cfg(Dim3::x(copy::copy_blocks(n)), copy::COPY_THREADS, 0)) }.map(drop)
    }
    fn run_transpose(
        &self,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        m: usize,
        n: usize,
    ) -> Result<(), DriverError> {
        let mut l = self.stream.launch_builder(&self.transpose);
        l.arg(a).arg(b).arg(&m).arg(&n);
        let c = cfg(
            transpose::transpose_grid(m, n),
            transpose::TRANSPOSE_THREADS,
            transpose::TRANSPOSE_SMEM,
        );
        // SAFETY: both buffers hold m*n f32.
        unsafe { l.launch(c) }.map(drop)
    }
    fn run_tile_copy(
        &self,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        m: usize,
        n: usize,
        ldb: usize,
    ) -> Result<(), DriverError> {
        let mut l = self.stream.launch_builder(&self.tile_copy);
        l.arg(a).arg(b).arg(&m).arg(&n).arg(&ldb);
        // SAFETY: a holds m*n, b ldb*n f32.
        unsafe {
            l.launch(cfg(
                tile_copy::tile_copy_grid(m, n),
                tile_copy::TILE_COPY_THREADS,
                0,
            ))
        }
        .map(drop)
    }
    fn run_sgemm(
        &self,
        p: sgemm::SgemmArgs,
        a: &CudaSlice<f32>,
        b: &CudaSlice<f32>,
        c: &mut CudaSlice<f32>,
    ) -> Result<(), DriverError> {
        let mut l = self.stream.launch_builder(&self.sgemm);
        let args = Args(p);
        l.arg(&args).arg(a).arg(b).arg(c);
        // SAFETY: A holds lda*k, B ldb*k, C ldc*n f32.
        unsafe {
            l.launch(cfg(
                sgemm::sgemm_grid(p.m, p.n),
                sgemm::SGEMM_THREADS,
                sgemm::SGEMM_SMEM,
            ))
        }
        .map(drop)
    }

    /// One bf16 `m x n x k` tensor-core GEMM (TN), for a profiler.
    pub fn profile_once(&self, size: (usize, usize, usize)) -> Res<()> {
        let (p, a, b, mut c) = profile_operands(&self.stream, size)?;
        self.run_gemm(0, p, &a, &b, &mut c)?;
        self.stream.synchronize()?;
        Ok(())
    }

    /// Tensor-core configuration `i` on edge sizes (1, primes, non-multiples of every
    /// tile; padding 8 keeps the 16-byte path where the contiguous extent is a multiple
    /// of 8, as in the last size, padding 3 forces the element path)
    /// against an f64 reference: the failures.
    fn check_gemm<C: OutElem>(&self, i: usize) -> Res<Vec<String>> {
        let t = TC[i];
        let mut bad = vec![];
        for (s, (m, n, k)) in [
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
            let op = GemmCase {
                input: t.input,
                kmajor: (t.cfg.a_kmajor, t.cfg.b_kmajor),
                out16: t.out16,
            };
            let p = op.args((m, n, k), |contiguous| contiguous + pad);
            bad.extend(op.check::<C>(&self.stream, p, |p, a, b, c| {
                Ok(self.run_gemm(i, p, a, b, c)?)
            })?);
        }
        Ok(bad)
    }

    /// Times configuration `i` next to cuBLAS on the same operands: one table row.
    fn measure_gemm<C: OutElem>(
        &self,
        blas: &CudaBlas,
        i: usize,
        (m, n, k): (usize, usize, usize),
    ) -> Res<()> {
        let st = &self.stream;
        let t = TC[i];
        let h = t.input;
        let (warm, runs) = (3, 20);
        let flop = 2.0 * (m * n * k) as f64;
        let ld = |rows: usize, kmajor: bool| if kmajor { k } else { rows };
        let (lda, ldb) = (ld(m, t.cfg.a_kmajor), ld(n, t.cfg.b_kmajor));
        let p = gemm_sm80::GemmArgs {
            m,
            n,
            k,
            lda,
            ldb,
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
        };
        let q = |v: Vec<f32>| {
            v.into_iter()
                .map(|x| h.to_bits(x / 32.0))
                .collect::<Vec<u16>>()
        };
        let (a, b) = (
            st.clone_htod(&q(data(m * k, 14)))?,
            st.clone_htod(&q(data(n * k, 15)))?,
        );
        let mut c = st.alloc_zeros::<C>(m * n)?;
        let ours = time_ms(st, warm, runs, || self.run_gemm(i, p, &a, &b, &mut c))?;
        let peer = time_ms(st, warm, runs, || {
            self.cublas_gemm(blas, i, p, &a, &b, &mut c)
        })?;
        let (o, q) = (rate(&ours, flop), rate(&peer, flop));
        println!(
            "| tensor-core {} (TFLOP/s) | {m}x{n}x{k} | {} | cuBLAS GemmEx | {} | {:.2} |",
            t.name(),
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
        let mut report = |name: &str, bad: Vec<String>| {
            println!(
                "check {name}: {}",
                if bad.is_empty() {
                    "ok".into()
                } else {
                    format!("FAILED: {}", bad.join("; "))
                }
            );
            ok &= bad.is_empty();
        };

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
        report("copy", bad);

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
        report("transpose", bad);

        let mut bad = vec![];
        for (m, n, ldb) in [(1usize, 1usize, 3usize), (65, 16, 70), (1000, 333, 1003)] {
            let h = data(m * n, 3);
            let a = st.clone_htod(&h)?;
            let mut b = st.clone_htod(&vec![f32::NAN; ldb * n + 1])?;
            self.run_tile_copy(&a, &mut b, m, n, ldb)?;
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
        report("tile_copy", bad);

        let mut bad = vec![];
        for (m, n, k) in [
            (1usize, 1usize, 1usize),
            (7, 3, 5),
            (131, 17, 9),
            (257, 129, 77),
            (1000, 999, 65),
        ] {
            let (lda, ldb, ldc) = (m + 1, n + 2, m + 3);
            let p = sgemm::SgemmArgs {
                m,
                n,
                k,
                lda,
                ldb,
                ldc,
                alpha: 1.5,
                beta: -0.5,
            };
            let (ha, hb, hc) = (data(lda * k, 4), data(ldb * k, 5), data(ldc * n, 6));
            let (a, b) = (st.clone_htod(&ha)?, st.clone_htod(&hb)?);
            let mut c = st.clone_htod(&hc)?;
            self.run_sgemm(p, &a, &b, &mut c)?;
            let g = st.clone_dtoh(&c)?;
            let mut wrong = false;
            for j in 0..n {
                for i in 0..ldc {
                    let got = g[i + j * ldc];
                    if i >= m {
                        wrong |= got != hc[i + j * ldc];
                        continue;
                    }
                    let s: f64 = (0..k)
                        .map(|l| ha[i + l * lda] as f64 * hb[j + l * ldb] as f64)
                        .sum();
                    let want = 1.5 * s - 0.5 * hc[i + j * ldc] as f64;
                    wrong |= (got as f64 - want).abs() > 1e-3 * (1.0 + want.abs());
                }
            }
            if wrong {
                bad.push(format!("{m}x{n}x{k}"));
            }
        }
        report("sgemm", bad);

        for (i, t) in TC.iter().enumerate() {
            let bad = if t.out16 {
                self.check_gemm::<u16>(i)?
            } else {
                self.check_gemm::<f32>(i)?
            };
            report(&format!("tensor-core {}", t.name()), bad);
        }
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

        for n in [1usize << 26, 1 << 28] {
            let bytes = (2 * n * 4) as f64; // read + write
            let s = st.clone_htod(&data(n, 7))?;
            let mut d = st.alloc_zeros::<f32>(n)?;
            let ours = time_ms(st, warm, runs, || self.run_copy(&s, &mut d, n))?;
            let peer = time_ms(st, warm, runs, || st.memcpy_dtod(&s, &mut d))?;
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
            let peer = time_ms(st, warm, runs, || st.memcpy_dtod(&a, &mut b))?;
            let (o, p) = (rate(&ours, bytes), rate(&peer, bytes));
            println!(
                "| transpose f32 (GB/s) | {m}x{n} | {} | cuMemcpyDtoD | {} | {:.2} |",
                fmt(o, 1e9),
                fmt(p, 1e9),
                o.0 / p.0
            );
        }
        let blas = CudaBlas::new(st.clone())?;
        for (m, n, k) in [
            (1024usize, 1024usize, 1024usize),
            (2048, 2048, 2048),
            (4096, 4096, 4096),
            (4000, 3000, 1000),
        ] {
            let flop = 2.0 * (m * n * k) as f64;
            let p = sgemm::SgemmArgs {
                m,
                n,
                k,
                lda: m,
                ldb: n,
                ldc: m,
                alpha: 1.0,
                beta: 0.0,
            };
            let (a, b) = (
                st.clone_htod(&data(m * k, 9))?,
                st.clone_htod(&data(n * k, 10))?,
            );
            let mut c = st.alloc_zeros::<f32>(m * n)?;
            let ours = time_ms(st, warm, runs, || self.run_sgemm(p, &a, &b, &mut c))?;
            let gc = GemmConfig {
                transa: cublasOperation_t::CUBLAS_OP_N,
                transb: cublasOperation_t::CUBLAS_OP_T,
                m: m as i32,
                n: n as i32,
                k: k as i32,
                alpha: 1.0f32,
                lda: m as i32,
                ldb: n as i32,
                beta: 0.0f32,
                ldc: m as i32,
            };
            let peer = time_ms(st, warm, runs, || {
                // SAFETY: the buffers match the GEMM's shapes and leading dimensions.
                unsafe { blas.gemm(gc, &a, &b, &mut c) }.map_err(|_| {
                    DriverError(cudarc::driver::sys::cudaError_enum::CUDA_ERROR_UNKNOWN)
                })
            })?;
            let (o, q) = (rate(&ours, flop), rate(&peer, flop));
            let f = |r: (f64, f64, f64)| {
                format!("{:.1} ({:.1}..{:.1})", r.0 / 1e12, r.1 / 1e12, r.2 / 1e12)
            };
            println!(
                "| SIMT sgemm (TFLOP/s) | {m}x{n}x{k} | {} | cuBLAS sgemm | {} | {:.2} |",
                f(o),
                f(q),
                o.0 / q.0
            );
        }
        // The TN configurations on every size, the others at 4096³.
        for (i, t) in TC.iter().enumerate() {
            let sizes: &[(usize, usize, usize)] = if t.name().starts_with("gemm_tn") {
                &[
                    (1024, 1024, 1024),
                    (2048, 2048, 2048),
                    (4096, 4096, 4096),
                    (8192, 8192, 8192),
                    (8192, 2048, 4096),
                    (3072, 5120, 1024),
                ]
            } else {
                &[(4096, 4096, 4096)]
            };
            for &mnk in sizes {
                if t.out16 {
                    self.measure_gemm::<u16>(&blas, i, mnk)?;
                } else {
                    self.measure_gemm::<f32>(&blas, i, mnk)?;
                }
            }
        }
        Ok(())
    }
}
