//! Which kernel serves which element types and majors: the table `gemm` dispatches on.
//! Element types are a trait, so a pair with no kernel does not compile; every pair of
//! majors (known only at run time) has an SM80 kernel, and some a Hopper one.

use crate::{Gemm, Hopper, Problem, Schedule, Sm80Gemm, schedule};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr};
use cutlet_cuda::{Function, Result, TmaDataType, TmaElement, check_tma_address, encode_tiled};
use cutlet_kernels::sgemm::{SGEMM_SMEM, SGEMM_THREADS, SgemmArgs, sgemm_grid};
use half::{bf16, f16};
use std::sync::Arc;

/// Element types cutlet's GEMM multiplies, `Self` in and `O` out: bf16 or f16 into f32
/// or the same type, f32 into f32.
///
/// ```
/// fn takes<E: cutlet_gemm::GemmTypes<O>, O>() {}
/// takes::<half::bf16, f32>();
/// takes::<half::f16, half::f16>();
/// takes::<f32, f32>();
/// ```
#[diagnostic::on_unimplemented(
    message = "cutlet's GEMM has no kernel from `{Self}` inputs to `{O}` outputs",
    label = "bf16 or f16 into f32 or the same type, or f32 into f32"
)]
pub trait GemmTypes<O>: table::Table<O> {}
impl<E: table::Table<O>, O> GemmTypes<O> for E {}

pub(crate) mod table {
    use super::*;

    /// What runs a problem: a tensor-core configuration (the Hopper one first where the
    /// device has one for the types and majors, and TMA reaches the operands), or SIMT
    /// SGEMM.
    pub enum Kernels<'g, E, O> {
        /// Hopper's kernel, if any, else the SM80 one.
        TensorCore(Option<&'g Hopper<O>>, &'g Sm80Gemm<E, O>),
        /// The SIMT kernel.
        Simt(&'g Function<(SgemmArgs, *const E, *const E, *mut O)>),
    }

    /// One row of the table: the types' kernels by majors.
    #[diagnostic::on_unimplemented(
        message = "cutlet's GEMM has no kernel from `{Self}` inputs to `{O}` outputs",
        label = "bf16 or f16 into f32 or the same type, or f32 into f32"
    )]
    pub trait Table<O>: TmaElement + Sized {
        /// C's element type in a tensor map.
        const OUT: TmaDataType;
        /// The kernels for the problem's majors (and shape, on Hopper).
        fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Kernels<'g, Self, O>;
    }
}
use table::{Kernels, Table};

/// Runs the kernel the table gives for `p`: its name.
pub(crate) fn run<E: Table<O>, O>(
    g: &Gemm,
    st: &Arc<CudaStream>,
    p: Problem,
    ops: Operands<'_, E, O>,
) -> Result<&'static str> {
    match E::kernels(g, &p) {
        Kernels::TensorCore(h, sm80) => hopper_or_sm80(h, sm80, st, &p, ops),
        Kernels::Simt(f) => simt(f, st, &p, ops),
    }
}

/// Operand buffers in the kernels' order.
pub(crate) type Operands<'x, E, O> = (&'x CudaSlice<E>, &'x CudaSlice<E>, &'x mut CudaSlice<O>);

/// Runs an SM80 configuration.
fn sm80<E, O>(
    Sm80Gemm { f, cfg }: &Sm80Gemm<E, O>,
    st: &Arc<CudaStream>,
    p: &Problem,
    (a, b, c): Operands<'_, E, O>,
) -> Result<&'static str> {
    // SAFETY: a, b and c are DeviceTensors' buffers, so they cover their layouts, from
    // which `problem` read m, n, k, lda, ldb, ldc and the majors this configuration has:
    // A is (m, k) and B (n, k) at those strides, C (m, n) column-major at ldc, and the
    // kernel predicates every access to them. C is borrowed mutably, so it aliases
    // neither A nor B.
    unsafe { f.launch(st, cfg.launch(p.args.m, p.args.n), (p.args, a, b, c))? };
    Ok(cfg.name)
}

/// Runs a Hopper configuration, or `None` where TMA cannot reach the operands (a
/// leading dimension that is not a whole number of 16 bytes, a misaligned buffer): the
/// SM80 kernel of the same types then runs.
fn sm90<E: Table<O>, O>(
    h: &Hopper<O>,
    st: &Arc<CudaStream>,
    p: &Problem,
    (a, b, c): Operands<'_, E, O>,
) -> Result<Option<&'static str>> {
    let (pa, pb, pc) = (a.device_ptr(st).0, b.device_ptr(st).0, c.device_ptr(st).0);
    let maps = h.descriptors((pa, pb, pc), &p.args, st, || {
        let aligned = [pa, pb, pc]
            .iter()
            .all(|&x| check_tma_address("operand", x).is_ok());
        let Ok((ba, bb, bc)) = (h.boxes)(&p.args) else {
            return Ok(None);
        };
        if !aligned {
            return Ok(None);
        }
        Ok(Some([
            encode_tiled(pa, &ba, E::DATA_TYPE)?,
            encode_tiled(pb, &bb, E::DATA_TYPE)?,
            encode_tiled(pc, &bc, E::OUT)?,
        ]))
    })?;
    let Some(descs) = maps else {
        return Ok(None);
    };
    // SAFETY: the maps describe A, B and C's buffers (DeviceTensors, covering their
    // layouts) with the extents and strides `problem` read from those layouts (the
    // cache's key), and `descs` is freed in stream order after the kernel; TMA clips every box to the
    // extents, and the kernel predicates its register stores of C to (m, n). C is
    // borrowed mutably, so it aliases neither A nor B.
    unsafe {
        h.f.launch(
            st,
            h.cfg.launch(p.args.m, p.args.n, h.ctas),
            (p.args, &*descs, &mut *c),
        )?
    };
    Ok(Some(h.cfg.name))
}

/// The Hopper configuration if the device has one and TMA can reach the operands, else
/// the SM80 one.
fn hopper_or_sm80<E: Table<O>, O>(
    h: Option<&Hopper<O>>,
    sm80_gemm: &Sm80Gemm<E, O>,
    st: &Arc<CudaStream>,
    p: &Problem,
    (a, b, c): Operands<'_, E, O>,
) -> Result<&'static str> {
    if let Some(h) = h
        && let Some(name) = sm90(h, st, p, (a, b, &mut *c))?
    {
        return Ok(name);
    }
    sm80(sm80_gemm, st, p, (a, b, c))
}

/// Runs SIMT SGEMM (the entry of the operands' majors).
fn simt<E, O>(
    f: &Function<(SgemmArgs, *const E, *const E, *mut O)>,
    st: &Arc<CudaStream>,
    p: &Problem,
    (a, b, c): Operands<'_, E, O>,
) -> Result<&'static str> {
    let q = p.args;
    let args = SgemmArgs {
        m: q.m,
        n: q.n,
        k: q.k,
        lda: q.lda,
        ldb: q.ldb,
        ldc: q.ldc,
        alpha: q.alpha,
        beta: q.beta,
    };
    let cfg = cutlet_core::cuda::LaunchConfig::new(
        sgemm_grid(q.m, q.n),
        cutlet_core::cuda::Dim3::x(SGEMM_THREADS),
    )
    .smem(SGEMM_SMEM);
    // SAFETY: as for the SM80 kernels: the buffers cover layouts from which `problem`
    // read A (m, k) at lda, B (n, k) at ldb, with the majors of this entry, and C (m, n)
    // at ldc; the kernel predicates its accesses; C aliases neither A nor B.
    unsafe { f.launch(st, cfg, (args, a, b, c))? };
    Ok(f.name().trim_start_matches("cutlet_"))
}

impl Table<f32> for bf16 {
    const OUT: TmaDataType = TmaDataType::F32;
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Kernels<'g, Self, f32> {
        let a = &p.args;
        let hopper = g.sm90.as_ref().filter(|_| p.a_kmajor && p.b_kmajor);
        Kernels::TensorCore(
            hopper.map(|h| match schedule(a.m, a.n, a.k, g.sms) {
                Schedule::Pingpong => &h.tn_bf16_pingpong,
                Schedule::Cooperative2x1 => &h.tn_bf16_2x1,
                Schedule::Cooperative => &h.tn_bf16,
            }),
            g.sm80.bf16_f32.get(p.a_kmajor, p.b_kmajor),
        )
    }
}

impl Table<f32> for f16 {
    const OUT: TmaDataType = TmaDataType::F32;
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Kernels<'g, Self, f32> {
        let hopper = g.sm90.as_ref().filter(|_| p.a_kmajor && p.b_kmajor);
        Kernels::TensorCore(
            hopper.map(|h| &h.tn_f16),
            g.sm80.f16_f32.get(p.a_kmajor, p.b_kmajor),
        )
    }
}

impl Table<bf16> for bf16 {
    const OUT: TmaDataType = TmaDataType::Bf16;
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Kernels<'g, Self, bf16> {
        let hopper = g.sm90.as_ref().filter(|_| !p.a_kmajor && !p.b_kmajor);
        Kernels::TensorCore(
            hopper.map(|h| &h.nt_bf16_out_bf16),
            g.sm80.bf16_bf16.get(p.a_kmajor, p.b_kmajor),
        )
    }
}

impl Table<f16> for f16 {
    const OUT: TmaDataType = TmaDataType::F16;
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Kernels<'g, Self, f16> {
        Kernels::TensorCore(None, g.sm80.f16_f16.get(p.a_kmajor, p.b_kmajor))
    }
}

impl Table<f32> for f32 {
    const OUT: TmaDataType = TmaDataType::F32;
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Kernels<'g, Self, f32> {
        Kernels::Simt(g.sm80.sgemm.get(p.a_kmajor, p.b_kmajor))
    }
}
