//! Which kernel serves which element types and majors. Element types are a trait, so a
//! pair with no kernel does not compile; the kernel is the first of the registry's for
//! the types and majors (known only at run time) in this order: for a product of few
//! rows ([`transposes`]), the Hopper kernel of few columns on the product transposed;
//! the Hopper one of the shape's [`schedule`] (else the ones it stands in for, else the
//! cooperative one, else any) where TMA reaches the operands, then the per-tile ones (SM80
//! tensor cores, else SIMT).

use crate::kernels::Scales;
use crate::{Gemm, HopperGemm, KernelRef, Problem, Schedule, TiledGemm, schedule, transposes};
use cudarc::driver::{CudaSlice, CudaStream};
use cutlet_core::float8::{e4m3, e5m2};
use cutlet_core::tfloat32::tf32;
use cutlet_cuda::{Error, Result, TmaElement};
use cutlet_kernels::gemm::{GemmArgs, TileSchedule};
use half::{bf16, f16};
use std::sync::Arc;

mod sealed {
    pub trait Sealed {}
    impl Sealed for half::bf16 {}
    impl Sealed for half::f16 {}
    impl Sealed for f32 {}
    impl Sealed for cutlet_core::float8::e4m3 {}
    impl Sealed for cutlet_core::float8::e5m2 {}
    impl Sealed for cutlet_core::tfloat32::tf32 {}
}

/// An element type of cutlet's GEMM operands: bf16, f16, f32, tf32 or an 8-bit float.
///
/// ```
/// fn takes<T: cutlet_gemm::GemmElement>() {}
/// takes::<half::bf16>();
/// takes::<f32>();
/// takes::<cutlet_core::float8::e4m3>();
/// takes::<cutlet_core::tfloat32::tf32>();
/// ```
pub trait GemmElement: TmaElement + sealed::Sealed + 'static {}
impl GemmElement for bf16 {}
impl GemmElement for f16 {}
impl GemmElement for f32 {}
impl GemmElement for e4m3 {}
impl GemmElement for e5m2 {}
impl GemmElement for tf32 {}

/// Element types cutlet's GEMM multiplies, `Self` in and `O` out: bf16 or f16 into f32
/// or the same type, f32 into f32 (exact FP32), tf32 into f32 (the tensor cores' TF32,
/// cuBLAS's `CUBLAS_COMPUTE_32F_FAST_TF32`), e4m3 into bf16 or f32 (Hopper only, both
/// operands K-major: [`gemm_fp8`](crate::gemm_fp8)).
///
/// ```
/// fn takes<E: cutlet_gemm::GemmTypes<O>, O: cutlet_gemm::GemmElement>() {}
/// takes::<half::bf16, f32>();
/// takes::<half::f16, half::f16>();
/// takes::<f32, f32>();
/// takes::<cutlet_core::float8::e4m3, half::bf16>();
/// takes::<cutlet_core::tfloat32::tf32, f32>();
/// ```
#[diagnostic::on_unimplemented(
    message = "cutlet's GEMM has no kernel from `{Self}` inputs to `{O}` outputs",
    label = "bf16 or f16 into f32 or the same type, f32 or tf32 into f32, e4m3 into bf16 or f32"
)]
pub trait GemmTypes<O: GemmElement>: GemmElement {}
impl GemmTypes<f32> for bf16 {}
impl GemmTypes<bf16> for bf16 {}
impl GemmTypes<f32> for f16 {}
impl GemmTypes<f16> for f16 {}
impl GemmTypes<f32> for f32 {}
impl GemmTypes<bf16> for e4m3 {}
impl GemmTypes<f32> for e4m3 {}
impl GemmTypes<f32> for tf32 {}

/// Operand buffers in the kernels' order.
pub(crate) type Operands<'x, E, O> = (&'x CudaSlice<E>, &'x CudaSlice<E>, &'x mut CudaSlice<O>);

/// How an FP8 product accumulates (other types have one way, `Promoted`'s kernels).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Accumulation<'x> {
    /// Into f32 registers every k tile.
    Promoted,
    /// In the tensor cores' accumulator throughout (PyTorch's `use_fast_accum`).
    Fast,
    /// Promoted, each k tile's sums times their block-wise scales.
    BlockScaled(Scales<'x>),
}

/// Runs the kernel that serves `p` (see the module docs), FP8 accumulating as `acc`
/// says: its name.
pub(crate) fn run<E: GemmTypes<O>, O: GemmElement>(
    g: &Gemm,
    st: &Arc<CudaStream>,
    p: &Problem,
    (a, b, c): Operands<'_, E, O>,
    acc: Accumulation<'_>,
) -> Result<&'static str> {
    // Few rows: transposed, where a Hopper kernel of few columns serves the swapped
    // majors and TMA reaches the operands (block-wise scales do not transpose).
    let scales = match acc {
        Accumulation::BlockScaled(s) => Some(s),
        _ => None,
    };
    if transposes(p.args.m, p.args.n) && scales.is_none() {
        let t = p.transposed();
        if let (Some(h), _) = kernels(g, &t, acc)
            && schedule_of(h.config()) == Schedule::CooperativeN32
            && h.try_run(st, &t.args, b, a, &mut *c)?
        {
            return Ok(h.config().name);
        }
    }
    let (hopper, tiled) = kernels(g, p, acc);
    if let Some(h) = hopper
        && match scales {
            Some(s) => h.try_run_block_scaled(st, &p.args, (a, b, &mut *c), s)?,
            None => h.try_run(st, &p.args, a, b, &mut *c)?,
        }
    {
        return Ok(h.config().name);
    }
    let t = tiled.ok_or_else(|| {
        let major = |k: bool, mn: &str| {
            if k {
                "K-major".to_string()
            } else {
                format!("{mn}-major")
            }
        };
        let (a, b) = (major(p.a_kmajor, "M"), major(p.b_kmajor, "N"));
        Error::Operand(if size_of::<E>() != 1 {
            format!("no kernel for A {a} and B {b}")
        } else if !(p.a_kmajor && p.b_kmajor) {
            format!("no FP8 kernel for A {a} and B {b}: FP8 wgmma takes K-major operands only")
        } else {
            // FP8 runs on the Hopper kernels alone.
            let GemmArgs { lda, ldb, ldc, .. } = p.args;
            format!(
                "no FP8 kernel for these operands: the Hopper kernels need compute \
                 capability 9.0 and, for TMA, base addresses and leading dimensions of \
                 whole 16 bytes (lda {lda}, ldb {ldb}, ldc {ldc} elements)"
            )
        })
    })?;
    t.run(st, &p.args, a, b, c)?;
    Ok(t.config().name)
}

/// A problem's Hopper kernel and per-tile kernel, where there are.
type Chosen<'g, E, O> = (Option<&'g HopperGemm<E, O>>, Option<&'g TiledGemm<E, O>>);

/// The Hopper kernel and the per-tile one (the first of the registry's) for `p`'s types
/// and majors. The Hopper one runs the wanted schedule, else the ones it stands in for
/// in turn (64x64 ping-pong tiles for 128x32 ones, 128x64 for 64x64, 128x128 for
/// 128x64), else the cooperative kernel, else any (a type pair with few configurations:
/// promoted FP8 into f32 has only 128x64 ping-pong tiles).
fn kernels<'g, E: GemmTypes<O>, O: GemmElement>(
    g: &'g Gemm,
    p: &Problem,
    acc: Accumulation<'_>,
) -> Chosen<'g, E, O> {
    let (fast, scaled) = (
        matches!(acc, Accumulation::Fast),
        matches!(acc, Accumulation::BlockScaled(_)),
    );
    let majors = |k: &KernelRef<'_, E, O>| {
        let cfg = k.config();
        (cfg.a_kmajor, cfg.b_kmajor, cfg.fast_accum, cfg.block_scaled)
            == (p.a_kmajor, p.b_kmajor, fast, scaled)
    };
    let want = schedule(p.args.m, p.args.n, p.args.k, g.sms);
    let stand_ins: &[Schedule] = match want {
        Schedule::CooperativeN32 => &[Schedule::PingpongM64, Schedule::PingpongN64],
        Schedule::PingpongM64 => &[Schedule::PingpongN64],
        Schedule::PingpongN64 => &[Schedule::Pingpong],
        _ => &[],
    };
    let rank = |s: Schedule| {
        if s == want {
            0
        } else if let Some(i) = stand_ins.iter().position(|&x| x == s) {
            1 + i
        } else if s == Schedule::Cooperative {
            3
        } else {
            4
        }
    };
    let mut hopper: Option<&HopperGemm<E, O>> = None;
    let mut tiled = None;
    for k in g.kernels::<E, O>().filter(majors) {
        match k {
            KernelRef::Hopper(h) => {
                let r = rank(schedule_of(h.config()));
                if hopper.is_none_or(|b| r < rank(schedule_of(b.config()))) {
                    hopper = Some(h);
                }
            }
            KernelRef::Tiled(t) => {
                tiled.get_or_insert(t);
            }
        }
    }
    (hopper, tiled)
}

/// The [`Schedule`] a Hopper configuration runs.
fn schedule_of(cfg: &cutlet_kernels::gemm::GemmConfig) -> Schedule {
    match (cfg.schedule, cfg.cluster_m) {
        (TileSchedule::Pingpong, _) if cfg.tile.0 == 64 => Schedule::PingpongM64,
        (TileSchedule::Pingpong, _) if cfg.tile.1 == 64 => Schedule::PingpongN64,
        (TileSchedule::Pingpong, _) => Schedule::Pingpong,
        _ if cfg.tile.1 == 32 => Schedule::CooperativeN32,
        _ if cfg.tile.1 == 192 => Schedule::CooperativeN192,
        (_, 2) => Schedule::Cooperative2x1,
        _ => Schedule::Cooperative,
    }
}
