//! Which kernel serves which element types and majors: the table `gemm` dispatches on.
//! Element types are a trait, so a pair with no kernel does not compile; majors are
//! known only at run time, so a combination with no kernel is an error naming it.

use crate::{Gemm, Hopper, Problem, Schedule, Sm80Fn, schedule};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr};
use cutlet_cuda::{
    Error, Function, Result, TmaDataType, TmaElement, check_tma_address, encode_tiled,
};
use cutlet_kernels::gemm_sm80::{
    GEMM_NN_F16_OUT_F16, GEMM_NT_BF16_OUT_BF16, GEMM_TN_BF16, GEMM_TN_F16, GEMM_TT_BF16, GemmConfig,
};
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
    /// device has it and TMA reaches the operands), or SIMT SGEMM.
    pub enum Kernels<'g, E, O> {
        /// Hopper's kernel, if any, else the SM80 one.
        TensorCore(
            Option<&'g Hopper<O>>,
            (&'g Sm80Fn<E, O>, &'static GemmConfig),
        ),
        /// The SIMT kernel.
        Simt(&'g Function<(SgemmArgs, *const E, *const E, *mut O)>),
    }

    /// One row of the table: the types' kernels by majors.
    #[diagnostic::on_unimplemented(
        message = "cutlet's GEMM has no kernel from `{Self}` inputs to `{O}` outputs",
        label = "bf16 or f16 into f32 or the same type, or f32 into f32"
    )]
    pub trait Table<O>: TmaElement + Sized {
        /// `in → out`, for messages.
        const TYPES: &'static str;
        /// C's element type in a tensor map.
        const OUT: TmaDataType;
        /// The majors the types have kernels for, for messages.
        const HAVE: &'static str;
        /// The kernels for the problem's majors (and shape, on Hopper).
        fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Option<Kernels<'g, Self, O>>;
    }
}
use table::{Kernels, Table};

/// Runs the kernel the table gives for `p`: its name, or an error naming majors no kernel
/// of these types has.
pub(crate) fn run<E: Table<O>, O>(
    g: &Gemm,
    st: &Arc<CudaStream>,
    p: Problem,
    ops: Operands<'_, E, O>,
) -> Result<&'static str> {
    match E::kernels(g, &p) {
        Some(Kernels::TensorCore(h, sm80)) => hopper_or_sm80(h, sm80, st, &p, ops),
        Some(Kernels::Simt(f)) => simt(f, st, &p, ops),
        None => Err(unsupported(&p, E::TYPES, E::HAVE)),
    }
}

fn major(k: bool, mn: &str) -> String {
    if k {
        "K-major".into()
    } else {
        format!("{mn}-major")
    }
}

/// The error for majors no kernel of these types has.
fn unsupported(p: &Problem, types: &str, have: &str) -> Error {
    Error::Operand(format!(
        "gemm: no {types} kernel for A {} and B {}{}; {types} runs with {have}",
        major(p.a_kmajor, "M"),
        major(p.b_kmajor, "N"),
        if p.swapped {
            " (C is row-major, so this is Cᵀ = B Aᵀ with A and B swapped)"
        } else {
            ""
        },
    ))
}

/// Operand buffers in the kernels' order.
pub(crate) type Operands<'x, E, O> = (&'x CudaSlice<E>, &'x CudaSlice<E>, &'x mut CudaSlice<O>);

/// Runs an SM80 configuration.
fn sm80<E, O>(
    f: &Sm80Fn<E, O>,
    cfg: &GemmConfig,
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
    (f, cfg): (&Sm80Fn<E, O>, &GemmConfig),
    st: &Arc<CudaStream>,
    p: &Problem,
    (a, b, c): Operands<'_, E, O>,
) -> Result<&'static str> {
    if let Some(h) = h
        && let Some(name) = sm90(h, st, p, (a, b, &mut *c))?
    {
        return Ok(name);
    }
    sm80(f, cfg, st, p, (a, b, c))
}

/// Runs SIMT SGEMM (A M-major, B N-major).
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
    let cfg =
        cutlet::cuda::LaunchConfig::new(sgemm_grid(q.m, q.n), cutlet::cuda::Dim3::x(SGEMM_THREADS))
            .smem(SGEMM_SMEM);
    // SAFETY: as for the SM80 kernels: the buffers cover layouts from which `problem`
    // read A (m, k) M-major at lda, B (n, k) N-major at ldb and C (m, n) at ldc, and
    // the kernel predicates its accesses; C aliases neither A nor B.
    unsafe { f.launch(st, cfg, (args, a, b, c))? };
    Ok("sgemm")
}

impl Table<f32> for bf16 {
    const OUT: TmaDataType = TmaDataType::F32;
    const TYPES: &'static str = "bf16 → f32";
    const HAVE: &'static str = "A K-major and B K- or N-major";
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Option<Kernels<'g, Self, f32>> {
        let (a, ab) = (&p.args, (p.a_kmajor, p.b_kmajor));
        match ab {
            (true, true) => Some(Kernels::TensorCore(
                g.sm90
                    .as_ref()
                    .map(|h| match schedule(a.m, a.n, a.k, g.sms) {
                        Schedule::Pingpong => &h.tn_bf16_pingpong,
                        Schedule::Cooperative2x1 => &h.tn_bf16_2x1,
                        Schedule::Cooperative => &h.tn_bf16,
                    }),
                (&g.sm80.tn_bf16, &GEMM_TN_BF16),
            )),
            (true, false) => Some(Kernels::TensorCore(None, (&g.sm80.tt_bf16, &GEMM_TT_BF16))),
            _ => None,
        }
    }
}

impl Table<f32> for f16 {
    const OUT: TmaDataType = TmaDataType::F32;
    const TYPES: &'static str = "f16 → f32";
    const HAVE: &'static str = "A and B K-major";
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Option<Kernels<'g, Self, f32>> {
        (p.a_kmajor && p.b_kmajor).then(|| {
            Kernels::TensorCore(
                g.sm90.as_ref().map(|h| &h.tn_f16),
                (&g.sm80.tn_f16, &GEMM_TN_F16),
            )
        })
    }
}

impl Table<bf16> for bf16 {
    const OUT: TmaDataType = TmaDataType::Bf16;
    const TYPES: &'static str = "bf16 → bf16";
    const HAVE: &'static str = "A M-major and B N-major";
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Option<Kernels<'g, Self, bf16>> {
        (!p.a_kmajor && !p.b_kmajor).then(|| {
            Kernels::TensorCore(
                g.sm90.as_ref().map(|h| &h.nt_bf16_out_bf16),
                (&g.sm80.nt_bf16_out_bf16, &GEMM_NT_BF16_OUT_BF16),
            )
        })
    }
}

impl Table<f16> for f16 {
    const OUT: TmaDataType = TmaDataType::F16;
    const TYPES: &'static str = "f16 → f16";
    const HAVE: &'static str = "A M-major and B K-major";
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Option<Kernels<'g, Self, f16>> {
        (!p.a_kmajor && p.b_kmajor).then_some(Kernels::TensorCore(
            None,
            (&g.sm80.nn_f16_out_f16, &GEMM_NN_F16_OUT_F16),
        ))
    }
}

impl Table<f32> for f32 {
    const OUT: TmaDataType = TmaDataType::F32;
    const TYPES: &'static str = "f32 → f32";
    const HAVE: &'static str = "A M-major and B N-major";
    fn kernels<'g>(g: &'g Gemm, p: &Problem) -> Option<Kernels<'g, Self, f32>> {
        (!p.a_kmajor && !p.b_kmajor).then_some(Kernels::Simt(&g.sm80.sgemm))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cutlet::prelude::*;

    #[test]
    fn majors_without_a_kernel_are_named() {
        let p = crate::problem(
            1.0,
            layout!((64, 32):(1, 64)),
            layout!((48, 32):(32, 1)),
            0.0,
            layout!((64, 48):(1, 64)),
        )
        .unwrap();
        assert_eq!(
            unsupported(&p, "f16 → f32", "A and B K-major").to_string(),
            "gemm: no f16 → f32 kernel for A M-major and B K-major; f16 → f32 runs with A and B K-major"
        );
        let p = crate::problem(
            1.0,
            layout!((64, 32):(1, 64)),
            layout!((48, 32):(32, 1)),
            0.0,
            layout!((64, 48):(48, 1)),
        )
        .unwrap();
        assert!(
            unsupported(&p, "f32 → f32", "A M-major and B N-major")
                .to_string()
                .contains("A K-major and B N-major (C is row-major, so this is Cᵀ = B Aᵀ")
        );
    }
}
