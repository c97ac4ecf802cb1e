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
use cutlet_kernels::gemm::{GemmArgs, GemmConfig, TileSchedule};
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
/// 128x64, cooperative 128x64 for each of them), else the cooperative kernel, else any
/// (a type pair with few configurations: promoted FP8 into f32 has only 128x64
/// ping-pong tiles).
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
    let rank = hopper_rank(schedule(p.args.m, p.args.n, p.args.k, p.args.l, g.sms));
    let mut hopper: Option<&HopperGemm<E, O>> = None;
    let mut tiled = None;
    for k in g.kernels::<E, O>().filter(majors) {
        match k {
            KernelRef::Hopper(h) => {
                let r = rank(h.config());
                if hopper.is_none_or(|b| r < rank(b.config())) {
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

/// How well a Hopper configuration serves a problem whose [`schedule`] is `want`, lower
/// better: `want` itself, then the schedules that stand in for it in turn, then the
/// cooperative one, then any.
fn hopper_rank(want: Schedule) -> impl Fn(&GemmConfig) -> usize {
    let stand_ins: &[Schedule] = match want {
        Schedule::CooperativeN32 => &[
            Schedule::PingpongM64,
            Schedule::PingpongN64,
            Schedule::CooperativeN64,
        ],
        Schedule::PingpongM64 => &[Schedule::PingpongN64, Schedule::CooperativeN64],
        Schedule::PingpongN64 => &[Schedule::Pingpong, Schedule::CooperativeN64],
        _ => &[],
    };
    move |cfg| {
        let s = schedule_of(cfg);
        if s == want {
            0
        } else if let Some(i) = stand_ins.iter().position(|&x| x == s) {
            1 + i
        } else if s == Schedule::Cooperative {
            1 + stand_ins.len()
        } else {
            2 + stand_ins.len()
        }
    }
}

/// The [`Schedule`] a Hopper configuration runs.
fn schedule_of(cfg: &GemmConfig) -> Schedule {
    match (cfg.schedule, cfg.cluster_m) {
        (TileSchedule::Pingpong, _) if cfg.tile.0 == 64 => Schedule::PingpongM64,
        (TileSchedule::Pingpong, _) if cfg.tile.1 == 64 => Schedule::PingpongN64,
        (TileSchedule::Pingpong, _) => Schedule::Pingpong,
        _ if cfg.tile.1 == 32 => Schedule::CooperativeN32,
        _ if cfg.tile.1 == 64 => Schedule::CooperativeN64,
        _ if cfg.tile.1 == 192 => Schedule::CooperativeN192,
        (_, 2) => Schedule::Cooperative2x1,
        _ => Schedule::Cooperative,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cutlet_core::cuda::Kernel;
    use cutlet_kernels::gemm_sm80::Sm80Config;
    use cutlet_kernels::gemm_sm90::{Sm90Config, sm90_config};
    use cutlet_kernels::registry::{GemmVisitor, Sm90Params, TiledParams, for_each_gemm};
    use cutlet_kernels::sgemm::SimtConfig;
    use std::any::TypeId;

    /// The Hopper configurations of e4m3 in and `O` out, in the registry's order.
    struct Fp8<O>(Vec<GemmConfig>, std::marker::PhantomData<O>);

    impl<O: 'static> GemmVisitor for Fp8<O> {
        fn sm80<C: Sm80Config>(&mut self, _: Kernel<TiledParams<C::Elem, C::Out>>) {}
        fn sm90<C: Sm90Config>(&mut self, _: Kernel<Sm90Params<C::Out>>) {
            if TypeId::of::<C::Elem>() == TypeId::of::<e4m3>()
                && TypeId::of::<C::Out>() == TypeId::of::<O>()
            {
                self.0.push(sm90_config::<C>());
            }
        }
        fn simt<C: SimtConfig>(&mut self, _: Kernel<TiledParams<f32, f32>>) {}
    }

    /// The name of the configuration `kernels` runs for `m x n x k` on 132 SMs.
    fn chosen<O: 'static>(
        (m, n, k): (usize, usize, usize),
        fast: bool,
        scaled: bool,
    ) -> &'static str {
        let mut v = Fp8::<O>(Vec::new(), std::marker::PhantomData);
        for_each_gemm(&mut v);
        let rank = hopper_rank(schedule(m, n, k, 1, 132));
        let mut best: Option<&GemmConfig> = None;
        for c in
            v.0.iter()
                .filter(|c| (c.fast_accum, c.block_scaled) == (fast, scaled))
        {
            if best.is_none_or(|b| rank(c) < rank(b)) {
                best = Some(c);
            }
        }
        let name = best.expect("a configuration").name;
        name.strip_prefix("gemm_sm90_").unwrap_or(name)
    }

    #[test]
    fn fp8_products_take_the_tiles_of_their_shape() {
        // Block-scaled: 128 x 128 tiles, in clusters at long K; 128 x 64 ones where the
        // problem has few tiles (there is no ping-pong kernel); f32 out has 128 x 64 only.
        let big = [(8192, 8192, 8192), (4096, 7168, 16384)];
        for s in big {
            assert_eq!(
                chosen::<bf16>(s, false, true),
                "tn_e4m3_out_bf16_block_scaled_cluster2"
            );
            assert_eq!(chosen::<f32>(s, false, true), "tn_e4m3_block_scaled");
            assert_eq!(chosen::<bf16>(s, false, false), "tn_e4m3_out_bf16_cluster2");
        }
        assert_eq!(
            chosen::<bf16>((4096, 2112, 2048), false, true),
            "tn_e4m3_out_bf16_block_scaled"
        );
        for s in [
            (16, 4096, 4096),
            (256, 4096, 4096),
            (1024, 1024, 1024),
            (4096, 16, 4096),
        ] {
            assert_eq!(
                chosen::<bf16>(s, false, true),
                "tn_e4m3_out_bf16_block_scaled_n64"
            );
            assert_eq!(
                chosen::<bf16>(s, false, false),
                "tn_e4m3_out_bf16_pingpong_n64"
            );
        }
    }
}
