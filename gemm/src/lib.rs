//! A ready GEMM on cutlet's kernels, the way cuBLAS is used:
//! `gemm(stream, alpha, a, b, beta, c)` computes `C = alpha A Bᵀ + beta C` (CuTe's
//! convention: A is `(m, k)`, B is `(n, k)`, C is `(m, n)`) over [`DeviceTensor`]s,
//! each row- or column-major with any leading dimension. It runs the Hopper kernel
//! (TMA, wgmma, warp specialization; schedule by shape, [`schedule`]) on compute
//! capability 9.0 for bf16 and f16 at every pair of majors, into f32 or the input type,
//! where TMA reaches the operands, and the SM80 tensor-core kernel of the types and
//! majors (or the SIMT one for f32) otherwise: every pair of majors has one.
//! The PTX is built into this crate by its build script (`cutlet-build`); the driver
//! compiles each kernel, alone, the first time it runs (ptxas takes 1.3 s for one
//! Hopper configuration; the driver compiling the whole module at load took 106 s on an
//! H100). A row-major C is computed as `Cᵀ = B Aᵀ`; so is a product of few rows
//! ([`transposes`]: M at most 32) where a Hopper kernel of few columns serves it, its
//! rows then the MMA's N and C stored from registers (cuBLAS's swap-AB kernels).
//!
//! Element types are checked at compile time ([`GemmTypes`]: bf16 or f16 into f32 or the
//! same type, f32 or tf32 into f32, e4m3 into bf16 or f32); layouts, extents and buffer
//! sizes at run time, as [`Error`]s naming the values. FP8 runs on the Hopper kernels
//! alone, with both operands K-major; [`gemm_fp8`] is PyTorch's `_scaled_mm` (per-tensor
//! scales, fast or promoted accumulation) and [`gemm_fp8_block_scaled`] DeepGEMM's
//! block-wise scaling (A's scales per row and 128-element k block, B's per 128 x 128
//! block).
//!
//! # f32 and TF32
//!
//! f32 operands are multiplied exactly as f32 (the SIMT kernel: fused multiply-adds in
//! f32). The tensor cores' f32 path is opt-in by type, as cuBLAS's
//! `CUBLAS_COMPUTE_32F_FAST_TF32` is by compute type: operands of
//! [`tf32`](cutlet_core::tfloat32::tf32) (an `f32`'s 32 bits, of which the tensor cores
//! read the sign, the exponent and the upper 10 mantissa bits, cutting the rest toward
//! zero) run the Hopper TF32 kernels, whose products are exact and whose 8-product steps
//! are summed with about f32's precision, each cut toward zero
//! ([`cutlet_core::cuda::wgmma::tf32_accumulate`], measured on an H100).
//! Convert with `tf32::from_f32` (round to nearest) for the closest TF32 operands; an
//! f32 buffer's bits passed as `tf32` lose their low 13 bits toward zero. TF32 `wgmma`
//! reads K-major operands only: an M- or N-major tf32 operand, or a device without the
//! Hopper kernels, runs the exact-FP32 SIMT kernel on the same bits (at least as exact,
//! and slower; the kernel's name says which ran).
//!
//! ```no_run
//! use cutlet_core::prelude::*;
//! use cutlet_cuda::DeviceTensor;
//! use half::bf16;
//! let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
//! let (m, n, k) = (4096, 4096, 4096);
//! let a = DeviceTensor::<bf16, _>::zeros(&stream, layout!((m, k):(k, 1)))?;
//! let b = DeviceTensor::<bf16, _>::zeros(&stream, layout!((n, k):(k, 1)))?;
//! let mut c = DeviceTensor::<f32, _>::zeros(&stream, layout!((m, n):(1, m)))?;
//! let kernel = cutlet_gemm::gemm(&stream, 1.0, &a, &b, 0.0, &mut c)?;
//! println!("ran {kernel}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Batches
//!
//! Rank-3 operands are a batch (CuTe's `(M, K, L)`, cuBLAS's `GemmStridedBatched`): A
//! `(m, k, l)`, B `(n, k, l)` and C `(m, n, l)`, each entry a matrix as above and the L
//! mode one stride per operand. An operand of one entry (rank 2, or `l = 1`) beside a
//! batch is every entry's. The Hopper kernels run the whole batch in one launch as one
//! schedule (its tiles, entry after entry, over the persistent CTAs; TMA's third
//! coordinate the entry), and the per-tile kernels over `blockIdx.z`. C's entries must
//! not overlap. A batch with an operand shared at an L stride of 0 runs on the per-tile
//! kernels (the Hopper kernels' tensor maps take no 0 stride), unless A's entries follow
//! one another and B is the shared one, which `cutlet-candle` folds into one product of
//! `l * m` rows. Block-scaled FP8 is not batched.
//!
//! ```no_run
//! use cutlet_core::prelude::*;
//! use cutlet_cuda::DeviceTensor;
//! use half::bf16;
//! let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
//! let (m, n, k, l) = (512, 512, 256, 32);
//! let a = DeviceTensor::<bf16, _>::zeros(&stream, layout!((m, k, l):(k, 1, {m * k})))?;
//! // One B for every entry.
//! let b = DeviceTensor::<bf16, _>::zeros(&stream, layout!((n, k):(k, 1)))?;
//! let mut c = DeviceTensor::<f32, _>::zeros(&stream, layout!((m, n, l):(1, m, {m * n})))?;
//! cutlet_gemm::gemm(&stream, 1.0, &a, &b, 0.0, &mut c)?;
//! // Batches that disagree: an error naming both.
//! let d = DeviceTensor::<bf16, _>::zeros(&stream, layout!((n, k, 3):(k, 1, {n * k})))?;
//! let e = cutlet_gemm::gemm(&stream, 1.0, &a, &d, 0.0, &mut c).unwrap_err();
//! assert!(e.to_string().starts_with("L of B"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Semantics
//!
//! As BLAS's: `beta = 0` does not read C (a NaN there does not survive); `alpha = 0`
//! reads neither A nor B (`C = beta C`, whatever they hold); `k = 0` gives `beta C`; an
//! empty C (`m` or `n` zero) is `Ok`; a NaN in A or B reaches exactly the elements of C
//! it enters (a NaN in A(0, 0) makes row 0 NaN). Operands TMA cannot reach (a leading
//! dimension that is not a whole number of 16 bytes, a misaligned buffer) run on the
//! fastest kernel that can, never a fault. C cannot alias A or B: `gemm` borrows C
//! mutably and A and B shared, so this does not compile:
//!
//! ```compile_fail,E0502
//! use cutlet_core::prelude::*;
//! fn run(stream: &std::sync::Arc<cudarc::driver::CudaStream>) -> cutlet_gemm::Result<()> {
//!     let mut a = cutlet_cuda::DeviceTensor::<f32, _>::zeros(stream, layout!((64, 64):(1, 64)))?;
//!     cutlet_gemm::gemm(stream, 1.0, &a, &a, 0.0, &mut a)?;
//!     Ok(())
//! }
//! ```
//!
//! A call returns once its kernel is queued. A tensor dropped while its kernel may still
//! run frees its memory in stream order (cudarc's `CudaSlice`), after that kernel.
//!
//! A pair of element types no kernel has does not compile ("cutlet's GEMM has no kernel
//! from `bf16` inputs to `f16` outputs"):
//!
//! ```compile_fail,E0277
//! use cutlet_core::prelude::*;
//! use half::{bf16, f16};
//! fn run(stream: &std::sync::Arc<cudarc::driver::CudaStream>) -> cutlet_gemm::Result<()> {
//!     let a = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(stream, layout!((64, 64):(64, 1)))?;
//!     let mut c = cutlet_cuda::DeviceTensor::<f16, _>::zeros(stream, layout!((64, 64):(1, 64)))?;
//!     cutlet_gemm::gemm(stream, 1.0, &a, &a, 0.0, &mut c)?;
//!     Ok(())
//! }
//! ```

mod kernels;
mod select;
mod types;

use cutlet_kernels::gemm_sm90::{SCALE_BLOCK, ScaleStrides};
use types::Accumulation;

pub use cutlet_cuda::{DeviceTensor, Error, Result};
pub use cutlet_cuda::{Matrices, Matrix, matrices, matrix};
pub use cutlet_kernels::gemm::{GemmArgs, GemmConfig, TileSchedule};
pub use cutlet_kernels::gemm_sm90::KSplit;
pub use kernels::{HopperGemm, KernelRef, Scales, TiledGemm};
pub use select::{FEW, MAX_SPLITS, MIN_PART_K_TILES, Schedule, k_split, schedule, transposes};
pub use types::{GemmElement, GemmTypes};

use cudarc::driver::{CudaContext, CudaStream, sys};
use cutlet_core::float8::e4m3;
use cutlet_core::layout::Layout;
use cutlet_cuda::Module;
use kernels::Loaded;
use std::sync::{Arc, Mutex, OnceLock};

/// The kernels' PTX, per arch (a one-line comment saying why, when built without it).
const PTX_SM80: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_80");
const PTX_SM90: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_90");
const PTX_SM90A: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_90a");

/// cutlet's GEMM kernels loaded on one device (CUTLASS's `GemmUniversalAdapter`, or a
/// cuBLAS handle): every configuration of the registry, the per-tile ones (SM80 tensor
/// cores, SIMT) always, the Hopper ones on compute capability 9.0.
///
/// ```no_run
/// let ctx = cudarc::driver::CudaContext::new(0)?;
/// let g = cutlet_gemm::Gemm::new(&ctx)?;
/// println!("Hopper kernels: {}", g.has_hopper());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Gemm {
    kernels: Vec<Loaded>,
    hopper: bool,
    sms: usize,
    /// Keeps the modules loaded (the functions borrow them by handle).
    _modules: Vec<Module>,
}

impl Gemm {
    /// Loads the kernels built into this crate on `ctx`'s device: errors name what is
    /// missing (PTX built without the toolchain, an arch the device cannot run, a kernel
    /// not in the PTX).
    ///
    /// ```no_run
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// match cutlet_gemm::Gemm::new(&ctx) {
    ///     Ok(_) => println!("ready"),
    ///     Err(e) => println!("error: {e}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(ctx: &Arc<CudaContext>) -> Result<Gemm> {
        let cc9 = compute_capability(ctx)?.0 >= 9;
        Gemm::from_ptx(ctx, if cc9 { PTX_SM90 } else { PTX_SM80 }, PTX_SM90A)
    }

    /// Loads the kernels from PTX text: `ptx` built for the device's arch (sm_80, or
    /// sm_90 on a Hopper), and `ptx_sm90a` for the Hopper kernels, loaded on compute
    /// capability 9.0 only.
    ///
    /// ```no_run
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// let ptx = std::fs::read_to_string("target/ptx/sm_90/cutlet_kernels.ptx")?;
    /// let ptx90a = std::fs::read_to_string("target/ptx/sm_90a/cutlet_kernels.ptx")?;
    /// let g = cutlet_gemm::Gemm::from_ptx(&ctx, &ptx, &ptx90a)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_ptx(ctx: &Arc<CudaContext>, ptx: &str, ptx_sm90a: &str) -> Result<Gemm> {
        let cc = compute_capability(ctx)?;
        let sms = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?
            as usize;
        let tiled = Module::load(ctx, ptx)?;
        let hopper = if cc == (9, 0) {
            Some(Module::load(ctx, ptx_sm90a)?)
        } else {
            None
        };
        let kernels = kernels::load_all(&tiled, hopper.as_ref().map(|m| (m, sms)))?;
        Ok(Gemm {
            kernels,
            hopper: hopper.is_some(),
            sms,
            _modules: [Some(tiled), hopper].into_iter().flatten().collect(),
        })
    }

    /// Whether the Hopper kernels are loaded (compute capability 9.0).
    ///
    /// ```no_run
    /// let g = cutlet_gemm::Gemm::new(&cudarc::driver::CudaContext::new(0)?)?;
    /// println!("{}", g.has_hopper());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn has_hopper(&self) -> bool {
        self.hopper
    }

    /// The device's SMs.
    ///
    /// ```no_run
    /// let g = cutlet_gemm::Gemm::new(&cudarc::driver::CudaContext::new(0)?)?;
    /// println!("{} SMs", g.sms());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn sms(&self) -> usize {
        self.sms
    }

    /// The loaded kernels from `E` to `O`, in the registry's order (SM80, Hopper,
    /// SIMT): what a benchmark checks and times one by one.
    ///
    /// ```no_run
    /// let g = cutlet_gemm::Gemm::new(&cudarc::driver::CudaContext::new(0)?)?;
    /// for k in g.kernels::<half::bf16, f32>() {
    ///     println!("{} {:?}", k.config().name, k.config().tile);
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn kernels<E: 'static, O: 'static>(&self) -> impl Iterator<Item = KernelRef<'_, E, O>> {
        self.kernels.iter().filter_map(Loaded::get::<E, O>)
    }

    /// `C = alpha A Bᵀ + beta C` on `stream` (see the crate docs); returns the name of
    /// the kernel that ran.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let g = cutlet_gemm::Gemm::new(stream.context())?;
    /// let a = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((64, 32):(1, 64)))?;
    /// let b = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((48, 32):(1, 48)))?;
    /// let mut c = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((64, 48):(1, 64)))?;
    /// assert_eq!(g.gemm(&stream, 1.0, &a, &b, 0.0, &mut c)?, "sgemm_nt");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gemm<E: GemmTypes<O>, O: GemmElement>(
        &self,
        stream: &Arc<CudaStream>,
        alpha: f32,
        a: &DeviceTensor<E, impl Layout>,
        b: &DeviceTensor<E, impl Layout>,
        beta: f32,
        c: &mut DeviceTensor<O, impl Layout>,
    ) -> Result<&'static str> {
        self.run(stream, (alpha, a, b, beta, c), Accumulation::Promoted)
    }

    /// [`gemm_fp8`] on these kernels.
    ///
    /// ```no_run
    /// use cutlet_core::{float8::e4m3, prelude::*};
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let g = cutlet_gemm::Gemm::new(stream.context())?;
    /// let a = cutlet_cuda::DeviceTensor::<e4m3, _>::zeros(&stream, layout!((256, 128):(128, 1)))?;
    /// let b = cutlet_cuda::DeviceTensor::<e4m3, _>::zeros(&stream, layout!((64, 128):(128, 1)))?;
    /// let mut c = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((256, 64):(1, 256)))?;
    /// g.gemm_fp8(&stream, &a, 1.0, &b, 1.0, &mut c, true)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn gemm_fp8<O: GemmElement>(
        &self,
        stream: &Arc<CudaStream>,
        a: &DeviceTensor<e4m3, impl Layout>,
        scale_a: f32,
        b: &DeviceTensor<e4m3, impl Layout>,
        scale_b: f32,
        c: &mut DeviceTensor<O, impl Layout>,
        fast_accum: bool,
    ) -> Result<&'static str>
    where
        e4m3: GemmTypes<O>,
    {
        let acc = if fast_accum {
            Accumulation::Fast
        } else {
            Accumulation::Promoted
        };
        self.run(stream, (scale_a * scale_b, a, b, 0.0, c), acc)
    }

    /// [`gemm_fp8_block_scaled`] on these kernels.
    ///
    /// ```no_run
    /// use cutlet_core::{float8::e4m3, prelude::*};
    /// use cutlet_cuda::DeviceTensor;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let g = cutlet_gemm::Gemm::new(stream.context())?;
    /// let (m, n, k) = (256, 128, 512);
    /// let a = DeviceTensor::<e4m3, _>::zeros(&stream, layout!((m, k):(k, 1)))?;
    /// let b = DeviceTensor::<e4m3, _>::zeros(&stream, layout!((n, k):(k, 1)))?;
    /// let (nb, kb) = (n / 128, k / 128);
    /// let sa = DeviceTensor::<f32, _>::zeros(&stream, layout!((m, kb):(1, m)))?;
    /// let sb = DeviceTensor::<f32, _>::zeros(&stream, layout!((nb, kb):(kb, 1)))?;
    /// let mut c = DeviceTensor::<f32, _>::zeros(&stream, layout!((m, n):(1, m)))?;
    /// g.gemm_fp8_block_scaled(&stream, &a, &sa, &b, &sb, &mut c)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gemm_fp8_block_scaled<O: GemmElement>(
        &self,
        stream: &Arc<CudaStream>,
        a: &DeviceTensor<e4m3, impl Layout>,
        scale_a: &DeviceTensor<f32, impl Layout>,
        b: &DeviceTensor<e4m3, impl Layout>,
        scale_b: &DeviceTensor<f32, impl Layout>,
        c: &mut DeviceTensor<O, impl Layout>,
    ) -> Result<&'static str>
    where
        e4m3: GemmTypes<O>,
    {
        let p = problem(1.0, a.layout(), b.layout(), 0.0, c.layout())?;
        // The scales are A's per row and B's per block: the product cannot be computed
        // transposed, as a row-major C is by the other kernels.
        if p.swapped {
            return Err(Error::Operand(format!(
                "gemm_fp8_block_scaled: C ({}, {}) must be column-major (the block-scaled \
                 kernels store no other, and the scales do not transpose)",
                p.args.n, p.args.m
            )));
        }
        let kb = p.args.k.div_ceil(SCALE_BLOCK);
        let strides = |what: &str, l: Matrix, rows: usize| {
            if (l.rows, l.cols) != (rows, kb) {
                return Err(Error::Operand(format!(
                    "{what}: expected ({rows}, {kb}) scales (k = {}, blocks of {SCALE_BLOCK}), got ({}, {})",
                    p.args.k, l.rows, l.cols
                )));
            }
            Ok(if l.contiguous_cols {
                [l.ld, 1]
            } else {
                [1, l.ld]
            })
        };
        let sfa = strides("scale_a", matrix("scale_a", scale_a.layout())?, p.args.m)?;
        let sfb = strides(
            "scale_b",
            matrix("scale_b", scale_b.layout())?,
            p.args.n.div_ceil(SCALE_BLOCK),
        )?;
        let scales = kernels::Scales {
            sfa: scale_a.buf(),
            sfb: scale_b.buf(),
            strides: ScaleStrides { sfa, sfb },
        };
        types::run(
            self,
            stream,
            &p,
            (a.buf(), b.buf(), c.buf_mut()),
            Accumulation::BlockScaled(scales),
        )
    }

    /// Runs `C = alpha A Bᵀ + beta C` (FP8 accumulating as `acc` says).
    fn run<E: GemmTypes<O>, O: GemmElement>(
        &self,
        stream: &Arc<CudaStream>,
        (alpha, a, b, beta, c): Call<'_, E, O, impl Layout, impl Layout, impl Layout>,
        acc: Accumulation<'_>,
    ) -> Result<&'static str> {
        let p = problem(alpha, a.layout(), b.layout(), beta, c.layout())?;
        let (a, b) = if p.swapped {
            (b.buf(), a.buf())
        } else {
            (a.buf(), b.buf())
        };
        types::run(self, stream, &p, (a, b, c.buf_mut()), acc)
    }
}

/// A call's `(alpha, A, B, beta, C)`.
type Call<'x, E, O, La, Lb, Lc> = (
    f32,
    &'x DeviceTensor<E, La>,
    &'x DeviceTensor<E, Lb>,
    f32,
    &'x mut DeviceTensor<O, Lc>,
);

/// The device's compute capability `(major, minor)`.
fn compute_capability(ctx: &CudaContext) -> Result<(i32, i32)> {
    let attr = |a| ctx.attribute(a);
    Ok((
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
    ))
}

/// A GEMM in the kernels' terms: A `(m, k)` and B `(n, k)` with their majors, C
/// column-major (after swapping A and B for a row-major C), or row-major in a
/// [`transposed`](Problem::transposed) one, which only the Hopper kernels take.
#[derive(Debug, Clone, Copy)]
pub struct Problem {
    /// Sizes, leading dimensions and scalars.
    pub args: GemmArgs,
    /// A is K-major (else M-major).
    pub a_kmajor: bool,
    /// B is K-major (else N-major).
    pub b_kmajor: bool,
    /// A and B were swapped (C was row-major, or column-major and the problem
    /// [`transposed`](Problem::transposed)).
    pub swapped: bool,
}

impl Problem {
    /// The batch as one product where it is one (CUTLASS folds a batch into M the same
    /// way): an operand shared by every entry (L stride 0) beside the other's entries
    /// stacked along its rows and C's along the same mode, as a linear layer's weight
    /// meets a batch of row-major activations. The product is then `l` times the rows
    /// (of A, M; of B, N) and one entry.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// // 4 row-major (100, 64) activations times one (80, 64) weight, C (4, 100, 80)
    /// // row-major: Cᵀ = W Aᵀ, its N the 400 rows of A.
    /// let p = cutlet_gemm::problem(1.0, layout!((100, 64, 4):(64, 1, 6400)), layout!((80, 64):(64, 1)),
    ///                              0.0, layout!((100, 80, 4):(80, 1, 8000))).unwrap();
    /// assert_eq!((p.args.m, p.args.n, p.args.l, p.args.ldb), (80, 400, 1, 64));
    /// ```
    pub fn folded(self) -> Problem {
        let a = self.args;
        let [sa, sb, sc] = a.stride_l;
        // An operand `(rows, k)` whose entries `s` apart are one `(l rows, k)` matrix.
        let stacked = |rows: usize, kmajor: bool, ld: usize, s: usize| {
            if kmajor {
                s == rows * ld
            } else {
                s == rows && ld >= a.l * rows
            }
        };
        if a.l <= 1 || a.c_row_major {
            return self;
        }
        let args =
            if sb == 0 && stacked(a.m, self.a_kmajor, a.lda, sa) && sc == a.m && a.ldc >= a.l * a.m
            {
                GemmArgs { m: a.l * a.m, ..a }
            } else if sa == 0 && stacked(a.n, self.b_kmajor, a.ldb, sb) && sc == a.n * a.ldc {
                GemmArgs { n: a.l * a.n, ..a }
            } else {
                return self;
            };
        Problem {
            args: GemmArgs {
                l: 1,
                stride_l: [0; 3],
                ..args
            },
            ..self
        }
    }

    /// The same product transposed, `Cᵀ = B Aᵀ`: A and B trade places and C's major
    /// flips.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let p = cutlet_gemm::problem(1.0, layout!((16, 64):(64, 1)), layout!((80, 64):(1, 80)), 0.0,
    ///                              layout!((16, 80):(1, 16))).unwrap();
    /// let t = p.transposed();
    /// assert_eq!((t.args.m, t.args.n, t.args.lda, t.args.ldb, t.args.ldc), (80, 16, 80, 64, 16));
    /// assert!(t.args.c_row_major && t.swapped && !t.a_kmajor && t.b_kmajor);
    /// ```
    pub fn transposed(&self) -> Problem {
        let a = self.args;
        Problem {
            args: GemmArgs {
                m: a.n,
                n: a.m,
                lda: a.ldb,
                ldb: a.lda,
                c_row_major: !a.c_row_major,
                stride_l: [a.stride_l[1], a.stride_l[0], a.stride_l[2]],
                ..a
            },
            a_kmajor: self.b_kmajor,
            b_kmajor: self.a_kmajor,
            swapped: !self.swapped,
        }
    }
}

/// The [`Problem`] of `C = alpha A Bᵀ + beta C` for these layouts (each a matrix or a
/// batch of them, [`matrices`]; a batch that is one product [`folded`](Problem::folded)
/// into it), or an error naming the extents that disagree or a layout that is not a
/// matrix.
///
/// ```
/// use cutlet_core::prelude::*;
/// let p = cutlet_gemm::problem(1.0, layout!((100, 64):(64, 1)), layout!((80, 64):(64, 1)), 0.0,
///                              layout!((100, 80):(80, 1))).unwrap();
/// // C row-major: Cᵀ = B Aᵀ, an 80 x 100 column-major product.
/// assert_eq!((p.swapped, p.args.m, p.args.n, p.args.ldc), (true, 80, 100, 80));
/// let e = cutlet_gemm::problem(1.0, layout!((100, 64):(64, 1)), layout!((80, 65):(65, 1)), 0.0,
///                              layout!((100, 80):(1, 100))).unwrap_err();
/// assert_eq!(e.to_string(), "K of B (n, k): expected 64, got 65");
/// // alpha = 0 reads neither A nor B: an empty product.
/// let z = cutlet_gemm::problem(0.0, layout!((100, 64):(64, 1)), layout!((80, 64):(64, 1)), 1.0,
///                              layout!((100, 80):(1, 100))).unwrap();
/// assert_eq!(z.args.k, 0);
/// // A batch of 4 against one shared B (its L stride 0), C column-major: B first.
/// let l = cutlet_gemm::problem(1.0, layout!((100, 64, 4):(64, 1, 6400)), layout!((80, 64):(64, 1)),
///                              0.0, layout!((100, 80, 4):(1, 100, 8000))).unwrap();
/// assert_eq!((l.args.l, l.args.stride_l), (4, [6400, 0, 8000]));
/// ```
pub fn problem(
    alpha: f32,
    a: impl Layout,
    b: impl Layout,
    beta: f32,
    c: impl Layout,
) -> Result<Problem> {
    let (a, b, c) = (matrices("A", a)?, matrices("B", b)?, matrices("C", c)?);
    let l = c.l;
    // An operand of one entry beside a batch is every entry's (stride 0).
    let entries = |what: &str, x: &Matrices| {
        if x.l == l || x.l == 1 {
            Ok(if x.l == l { x.stride } else { 0 })
        } else {
            Err(Error::Extent {
                what: format!("L of {what} (batch entries: C's, or 1 to share one)"),
                expected: l,
                got: x.l,
            })
        }
    };
    let (sa, sb) = (entries("A", &a)?, entries("B", &b)?);
    let sc = c.stride;
    let (a, b, c) = (a.matrix, b.matrix, c.matrix);
    let ext = |what: &str, expected: usize, got: usize| {
        if expected == got {
            Ok(())
        } else {
            Err(Error::Extent {
                what: what.into(),
                expected,
                got,
            })
        }
    };
    ext("K of B (n, k)", a.cols, b.cols)?;
    ext("M of C (m, n)", a.rows, c.rows)?;
    ext("N of C (m, n)", b.rows, c.cols)?;
    let ((a, sa), (b, sb), swapped) = if c.contiguous_cols {
        ((b, sb), (a, sa), true)
    } else {
        ((a, sa), (b, sb), false)
    };
    // No entries: the empty product of one, which reads and writes nothing.
    let empty = l == 0;
    Ok(Problem {
        args: GemmArgs {
            m: if empty { 0 } else { a.rows },
            n: if empty { 0 } else { b.rows },
            // BLAS: `alpha = 0` reads neither A nor B (a NaN there does not reach C): the
            // product is the empty one, `C = beta C`.
            k: if alpha == 0.0 { 0 } else { a.cols },
            lda: a.ld,
            ldb: b.ld,
            ldc: c.ld,
            alpha,
            beta,
            c_row_major: false,
            l: l.max(1),
            stride_l: [sa, sb, sc],
        },
        a_kmajor: a.contiguous_cols,
        b_kmajor: b.contiguous_cols,
        swapped,
    }
    .folded())
}

/// `gemm` on the [`Gemm`] of `stream`'s context, loaded on first use and kept.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// use half::bf16;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let a = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, layout!((256, 64):(64, 1)))?;
/// let b = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, layout!((128, 64):(64, 1)))?;
/// let mut c = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, layout!((256, 128):(1, 256)))?;
/// // A B-shaped C: an error naming the extents.
/// let mut d = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, layout!((128, 64):(1, 128)))?;
/// assert!(cutlet_gemm::gemm(&stream, 1.0, &a, &b, 0.0, &mut d).is_err());
/// cutlet_gemm::gemm(&stream, 1.0, &a, &b, 0.0, &mut c)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn gemm<E: GemmTypes<O>, O: GemmElement>(
    stream: &Arc<CudaStream>,
    alpha: f32,
    a: &DeviceTensor<E, impl Layout>,
    b: &DeviceTensor<E, impl Layout>,
    beta: f32,
    c: &mut DeviceTensor<O, impl Layout>,
) -> Result<&'static str> {
    loaded(stream)?.gemm(stream, alpha, a, b, beta, c)
}

/// The [`Gemm`] of `stream`'s context, loaded on first use and kept.
fn loaded(stream: &Arc<CudaStream>) -> Result<Arc<Gemm>> {
    /// The kernels loaded per context (keyed by its handle).
    type Loaded = Mutex<Vec<(usize, Arc<Gemm>)>>;
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    let ctx = stream.context();
    let key = ctx.cu_ctx() as usize;
    let g = {
        let mut loaded = LOADED
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        match loaded.iter().find(|(k, _)| *k == key) {
            Some((_, g)) => g.clone(),
            None => {
                let g = Arc::new(Gemm::new(ctx)?);
                loaded.push((key, g.clone()));
                g
            }
        }
    };
    Ok(g)
}

/// FP8 GEMM with per-tensor scales, PyTorch's `_scaled_mm` contract:
/// `C = (scale_a scale_b) A Bᵀ` for e4m3 A `(m, k)` and B `(n, k)`, both K-major (FP8
/// `wgmma` reads K-major operands only; any other major is an [`Error`] that says so),
/// into bf16 or f32, on the Hopper FP8 kernels (`alpha = scale_a scale_b`, `beta = 0`;
/// the scales are A's and B's dequantization factors). Leading dimensions and base
/// addresses must be whole 16 bytes (TMA's rule; cuBLASLt's FP8 has the same).
///
/// Accumulation: the tensor cores keep about 13 fraction bits of each 32-element k step,
/// the step's addends aligned to the largest and cut toward zero (the PTX ISA leaves an
/// FP8 `wgmma`'s accumulation precision to the implementation; measured on an H100 and
/// modelled by the emulator, [`cutlet_core::cuda::wgmma::fp8_accumulate`]), so a long
/// reduction drifts: 4.7% relative error against f64 at k = 4100 on many-magnitude
/// inputs with the fast accumulation, 7.2e-4 promoted (`results/gpu/run33-fp8-h100.txt`).
/// `fast_accum = false` adds the tensor cores' sum into f32 registers after every k
/// tile of 128 (CUTLASS's promotion, DeepGEMM's two-level accumulation): the error of
/// one k tile's sum, not of the whole reduction; `true` keeps the tensor cores'
/// accumulator throughout (PyTorch's `use_fast_accum=True`), which is faster.
///
/// ```no_run
/// use cutlet_core::{float8::e4m3, prelude::*};
/// use half::bf16;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let (m, n, k) = (4096, 4096, 4096);
/// let a = cutlet_cuda::DeviceTensor::<e4m3, _>::zeros(&stream, layout!((m, k):(k, 1)))?;
/// let b = cutlet_cuda::DeviceTensor::<e4m3, _>::zeros(&stream, layout!((n, k):(k, 1)))?;
/// let mut c = cutlet_cuda::DeviceTensor::<bf16, _>::zeros(&stream, layout!((m, n):(n, 1)))?;
/// cutlet_gemm::gemm_fp8(&stream, &a, 0.5, &b, 2.0, &mut c, false)?;
/// // An M-major A: an error naming the majors.
/// let at = cutlet_cuda::DeviceTensor::<e4m3, _>::zeros(&stream, layout!((m, k):(1, m)))?;
/// let e = cutlet_gemm::gemm_fp8(&stream, &at, 0.5, &b, 2.0, &mut c, false).unwrap_err();
/// assert!(e.to_string().contains("K-major"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn gemm_fp8<O: GemmElement>(
    stream: &Arc<CudaStream>,
    a: &DeviceTensor<e4m3, impl Layout>,
    scale_a: f32,
    b: &DeviceTensor<e4m3, impl Layout>,
    scale_b: f32,
    c: &mut DeviceTensor<O, impl Layout>,
    fast_accum: bool,
) -> Result<&'static str>
where
    e4m3: GemmTypes<O>,
{
    loaded(stream)?.gemm_fp8(stream, a, scale_a, b, scale_b, c, fast_accum)
}

/// Block-scaled FP8 GEMM, DeepGEMM's contract: `C(i, j) = Σ_kb scale_a(i, kb)
/// scale_b(j / 128, kb) Σ_{l in block kb} A(i, l) B(j, l)` for e4m3 A `(m, k)` and B
/// `(n, k)`, both K-major, with A's scales per row and 128-element k block (`scale_a`
/// `(m, ⌈k/128⌉)`, DeepGEMM's per-token groups of 1 x 128) and B's per 128 x 128 block
/// (`scale_b` `(⌈n/128⌉, ⌈k/128⌉)`), each scale layout row- or column-major at any
/// leading dimension (DeepGEMM's are A's M-major and B's K-major). C is bf16 or f32,
/// column-major (a row-major C is an error: the product cannot run transposed, since
/// the scales do not swap with the operands, and the kernels store C column-major).
///
/// Each k block's sum is the tensor cores' (promoted into f32 registers after each k
/// tile, as [`gemm_fp8`] with `fast_accum = false`), multiplied by its two scales and
/// added in f32 (CUTLASS's `KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum`).
/// Scale shapes that do not match, a layout with no unit-stride mode, a buffer shorter
/// than its layout: an [`Error`] naming the values.
///
/// ```no_run
/// use cutlet_core::{float8::e4m3, prelude::*};
/// use cutlet_cuda::DeviceTensor;
/// use half::bf16;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let (m, n, k) = (4096, 7168, 16384);
/// let a = DeviceTensor::<e4m3, _>::zeros(&stream, layout!((m, k):(k, 1)))?;
/// let b = DeviceTensor::<e4m3, _>::zeros(&stream, layout!((n, k):(k, 1)))?;
/// let (nb, kb) = (n / 128, k / 128);
/// let sa = DeviceTensor::<f32, _>::zeros(&stream, layout!((m, kb):(1, m)))?;
/// let sb = DeviceTensor::<f32, _>::zeros(&stream, layout!((nb, kb):(kb, 1)))?;
/// let mut c = DeviceTensor::<bf16, _>::zeros(&stream, layout!((m, n):(1, m)))?;
/// cutlet_gemm::gemm_fp8_block_scaled(&stream, &a, &sa, &b, &sb, &mut c)?;
/// // Scales of the wrong shape: an error naming both.
/// let e = cutlet_gemm::gemm_fp8_block_scaled(&stream, &a, &sb, &b, &sb, &mut c).unwrap_err();
/// assert!(e.to_string().starts_with("scale_a: expected (4096, 128)"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn gemm_fp8_block_scaled<O: GemmElement>(
    stream: &Arc<CudaStream>,
    a: &DeviceTensor<e4m3, impl Layout>,
    scale_a: &DeviceTensor<f32, impl Layout>,
    b: &DeviceTensor<e4m3, impl Layout>,
    scale_b: &DeviceTensor<f32, impl Layout>,
    c: &mut DeviceTensor<O, impl Layout>,
) -> Result<&'static str>
where
    e4m3: GemmTypes<O>,
{
    loaded(stream)?.gemm_fp8_block_scaled(stream, a, scale_a, b, scale_b, c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On generated batches, some foldable: a folded problem reaches, for every entry,
    /// row, column and k, the same elements of A, B and C as the batch did (entry `z`'s
    /// row `i` is row `z m + i` of the folded A and C, or its column `j` column `z n + j`
    /// of the folded B and C); one not folded is unchanged.
    #[test]
    fn a_folded_batch_reaches_the_same_elements() {
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut folds = 0;
        for _ in 0..1500 {
            let (m, n, k, l) = (1 + next(6), 1 + next(6), 1 + next(4), 2 + next(3));
            let (ak, bk) = (next(2) == 1, next(2) == 1);
            // Leading dimensions: the contiguous extent, or room for the whole batch.
            let ld = |rows: usize, kmajor: bool, wide: bool| match (kmajor, wide) {
                (true, _) => k,
                (false, false) => rows,
                (false, true) => l * rows,
            };
            let (lda, ldb) = (ld(m, ak, next(2) == 1), ld(n, bk, next(2) == 1));
            let ldc = if next(2) == 1 { l * m } else { m };
            let stacked =
                |rows: usize, kmajor: bool, ld: usize| if kmajor { rows * ld } else { rows };
            // Each stride: shared, stacked, or a span apart (not foldable).
            let mut pick = |stacked: usize, span: usize| [0, stacked, span + 1][next(3)];
            let (sa, sb) = (
                pick(stacked(m, ak, lda), m * k * l + lda * k),
                pick(stacked(n, bk, ldb), n * k * l + ldb * k),
            );
            let sc = [m, n * ldc, n * ldc + 1][next(3)];
            let p = Problem {
                args: GemmArgs {
                    lda,
                    ldb,
                    ldc,
                    l,
                    stride_l: [sa, sb, sc],
                    ..GemmArgs::new(m, n, k)
                },
                a_kmajor: ak,
                b_kmajor: bk,
                swapped: false,
            };
            let f = p.folded();
            if f.args.l == l {
                assert_eq!(format!("{:?}", f.args), format!("{:?}", p.args));
                continue;
            }
            folds += 1;
            assert_eq!((f.args.l, f.args.stride_l), (1, [0; 3]));
            let at = |kmajor: bool, ld: usize, r: usize, x: usize| {
                if kmajor { r * ld + x } else { r + x * ld }
            };
            let along_m = f.args.m == l * m;
            for z in 0..l {
                for i in 0..m {
                    for j in 0..n {
                        for x in 0..k {
                            let a = z * sa + at(ak, lda, i, x);
                            let b = z * sb + at(bk, ldb, j, x);
                            let c = z * sc + i + j * ldc;
                            let (fi, fj) = if along_m {
                                (z * m + i, j)
                            } else {
                                (i, z * n + j)
                            };
                            let fa = at(ak, f.args.lda, fi, x);
                            let fb = at(bk, f.args.ldb, fj, x);
                            let fc = fi + fj * f.args.ldc;
                            assert_eq!(
                                (a, b, c),
                                (fa, fb, fc),
                                "{p:?} -> {f:?} at {z} {i} {j} {x}"
                            );
                        }
                    }
                }
            }
        }
        assert!(folds >= 40, "{folds} folds");
    }
}
