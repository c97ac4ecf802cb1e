//! A ready GEMM on cutlet's kernels, the way cuBLAS is used:
//! `gemm(stream, alpha, a, b, beta, c)` computes `C = alpha A Bᵀ + beta C` (CuTe's
//! convention: A is `(m, k)`, B is `(n, k)`, C is `(m, n)`) over [`DeviceTensor`]s,
//! each row- or column-major with any leading dimension. It runs the Hopper kernel
//! (TMA, wgmma, warp specialization; schedule by shape, [`schedule`]) on compute
//! capability 9.0 where one has the operands' types and majors (bf16 or f16 TN into
//! f32, bf16 NT into bf16) and TMA reaches them, and the SM80 tensor-core kernel of the
//! types and majors (or the SIMT one for f32) otherwise: every pair of majors has one.
//! The PTX is built into this crate by its build script (`cutlet-build`); a row-major C
//! is computed as `Cᵀ = B Aᵀ`.
//!
//! Element types are checked at compile time ([`GemmTypes`]: bf16 or f16 into f32 or the
//! same type, f32 into f32); layouts, extents and buffer sizes at run time, as
//! [`Error`]s naming the values.
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

mod hopper;
mod select;
mod sm80;
mod types;

pub use cutlet_cuda::{DeviceTensor, Error, Result};
pub use cutlet_cuda::{Matrix, matrix};
pub use select::{Schedule, schedule};
pub use types::GemmTypes;

use hopper::Hopper;
use sm80::{Sm80, Sm80Gemm};

use cudarc::driver::{CudaContext, CudaStream, sys};
use cutlet_core::layout::Layout;
use cutlet_cuda::Module;
use cutlet_kernels::entry;
use cutlet_kernels::gemm_sm80::GemmArgs;
use cutlet_kernels::gemm_sm90;
use half::bf16;
use std::sync::{Arc, Mutex, OnceLock};

/// The kernels' PTX, per arch (a one-line comment saying why, when built without it).
const PTX_SM80: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_80");
const PTX_SM90: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_90");
const PTX_SM90A: &str = cutlet_cuda::include_ptx!("cutlet_kernels", "sm_90a");

/// The sm_90a module's GEMMs.
struct Sm90 {
    tn_bf16: Hopper<f32>,
    tn_bf16_2x1: Hopper<f32>,
    tn_bf16_pingpong: Hopper<f32>,
    tn_f16: Hopper<f32>,
    nt_bf16_out_bf16: Hopper<bf16>,
}

/// cutlet's GEMM kernels loaded on one device (CUTLASS's `GemmUniversalAdapter`, or a
/// cuBLAS handle): the SM80 module always, the Hopper module on compute capability 9.0.
///
/// ```no_run
/// let ctx = cudarc::driver::CudaContext::new(0)?;
/// let g = cutlet_gemm::Gemm::new(&ctx)?;
/// println!("Hopper kernels: {}", g.has_hopper());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Gemm {
    sm80: Sm80,
    sm90: Option<Sm90>,
    sms: usize,
    /// Keeps the modules loaded (the functions borrow them by handle).
    _modules: Vec<Module>,
}

impl Gemm {
    /// Loads the kernels on `ctx`'s device: errors name what is missing (PTX built
    /// without the toolchain, an arch the device cannot run, a kernel not in the PTX).
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
        let attr = |a| ctx.attribute(a).map(|v| v as usize);
        let cc = (
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        );
        let sms = attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?;
        let m80 = Module::load(ctx, if cc.0 >= 9 { PTX_SM90 } else { PTX_SM80 })?;
        let sm80 = Sm80::load(&m80)?;
        let mut modules = vec![m80];
        let sm90 = if cc == (9, 0) {
            let m = Module::load(ctx, PTX_SM90A)?;
            let st = ctx.default_stream();
            let sm90 = Sm90 {
                tn_bf16: Hopper::load::<gemm_sm90::TnBf16>(
                    &m,
                    &st,
                    sms,
                    entry::cutlet_gemm_sm90_tn_bf16,
                )?,
                tn_bf16_2x1: Hopper::load::<gemm_sm90::TnBf16Cluster2>(
                    &m,
                    &st,
                    sms,
                    entry::cutlet_gemm_sm90_tn_bf16_2x1,
                )?,
                tn_bf16_pingpong: Hopper::load::<gemm_sm90::TnBf16Pingpong>(
                    &m,
                    &st,
                    sms,
                    entry::cutlet_gemm_sm90_tn_bf16_pingpong,
                )?,
                tn_f16: Hopper::load::<gemm_sm90::TnF16>(
                    &m,
                    &st,
                    sms,
                    entry::cutlet_gemm_sm90_tn_f16,
                )?,
                nt_bf16_out_bf16: Hopper::load::<gemm_sm90::NtBf16OutBf16>(
                    &m,
                    &st,
                    sms,
                    entry::cutlet_gemm_sm90_nt_bf16_out_bf16,
                )?,
            };
            modules.push(m);
            Some(sm90)
        } else {
            None
        };
        Ok(Gemm {
            sm80,
            sm90,
            sms,
            _modules: modules,
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
        self.sm90.is_some()
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
    /// assert_eq!(g.gemm(&stream, 1.0, &a, &b, 0.0, &mut c)?, "sgemm");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn gemm<E: GemmTypes<O>, O: cudarc::driver::DeviceRepr>(
        &self,
        stream: &Arc<CudaStream>,
        alpha: f32,
        a: &DeviceTensor<E, impl Layout>,
        b: &DeviceTensor<E, impl Layout>,
        beta: f32,
        c: &mut DeviceTensor<O, impl Layout>,
    ) -> Result<&'static str> {
        let p = problem(alpha, a.layout(), b.layout(), beta, c.layout())?;
        let (a, b) = if p.swapped {
            (b.buf(), a.buf())
        } else {
            (a.buf(), b.buf())
        };
        types::run(self, stream, p, (a, b, c.buf_mut()))
    }
}

/// A GEMM in the kernels' terms: C column-major, A `(m, k)` and B `(n, k)` with their
/// majors (after swapping A and B for a row-major C).
#[derive(Debug, Clone, Copy)]
pub struct Problem {
    /// Sizes, leading dimensions and scalars.
    pub args: GemmArgs,
    /// A is K-major (else M-major).
    pub a_kmajor: bool,
    /// B is K-major (else N-major).
    pub b_kmajor: bool,
    /// A and B were swapped (C was row-major).
    pub swapped: bool,
}

/// The [`Problem`] of `C = alpha A Bᵀ + beta C` for these layouts, or an error naming
/// the extents that disagree or a layout that is not a matrix.
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
/// ```
pub fn problem(
    alpha: f32,
    a: impl Layout,
    b: impl Layout,
    beta: f32,
    c: impl Layout,
) -> Result<Problem> {
    let (a, b, c) = (matrix("A", a)?, matrix("B", b)?, matrix("C", c)?);
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
    let (a, b, swapped) = if c.contiguous_cols {
        (b, a, true)
    } else {
        (a, b, false)
    };
    Ok(Problem {
        args: GemmArgs {
            m: a.rows,
            n: b.rows,
            k: a.cols,
            lda: a.ld,
            ldb: b.ld,
            ldc: c.ld,
            alpha,
            beta,
        },
        a_kmajor: a.contiguous_cols,
        b_kmajor: b.contiguous_cols,
        swapped,
    })
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
pub fn gemm<E: GemmTypes<O>, O: cudarc::driver::DeviceRepr>(
    stream: &Arc<CudaStream>,
    alpha: f32,
    a: &DeviceTensor<E, impl Layout>,
    b: &DeviceTensor<E, impl Layout>,
    beta: f32,
    c: &mut DeviceTensor<O, impl Layout>,
) -> Result<&'static str> {
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
    g.gemm(stream, alpha, a, b, beta, c)
}
