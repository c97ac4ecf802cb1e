//! The Hopper GEMM (`kernels/src/gemm_sm90.rs`) on the GPU: TMA descriptors encoded by the
//! driver from the boxes the kernel's layouts give (`gemm_sm90::tma_boxes`), launched on a
//! persistent grid of one CTA per SM (in clusters where the configuration has them, as
//! many as the driver says fit at once), checked against an f64 reference and timed next
//! to cuBLAS and cutlet's SM80 kernel on the same operands.

use crate::cublas;
use crate::elem::{El, Res, values};
use crate::kernels::{GemmCase, Kernels, Tc, profile_operands, report};
use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaContext, CudaSlice, CudaStream, DevicePtr, sys};
use cutlet_core::cuda::{Kernel, TmaBox, TmaDescriptor, TmaError};
use cutlet_cuda::{Function, Module, TmaDescriptors, encode_tiled};
use cutlet_kernels::entry;
use cutlet_kernels::gemm_sm80::GemmArgs;
use cutlet_kernels::gemm_sm90::{self, Sm90Config, Sm90GemmConfig};
use half::{bf16, f16};
use std::marker::PhantomData;
use std::sync::Arc;

/// A Hopper entry `(args, tensor maps, c)`.
type Sm90Fn<O> = Function<(GemmArgs, *const TmaDescriptor, *mut O)>;

/// `gemm_sm90::tma_boxes` of a configuration: the TMA boxes of A, B and C.
type Boxes = fn(&GemmArgs) -> Result<(TmaBox, TmaBox, TmaBox), TmaError>;

/// A Hopper configuration on the device, with `E` operands: its entry, its shape, its
/// TMA boxes and how many of its CTAs run at once (the persistent grid).
struct Sm90<E, O> {
    f: Sm90Fn<O>,
    cfg: Sm90GemmConfig,
    boxes: Boxes,
    ctas: usize,
    _elem: PhantomData<E>,
}

impl<E: El, O: El> Sm90<E, O> {
    /// Configuration `C`'s entry `k` of module `m`, on a GPU of `sms` SMs.
    fn load<C: Sm90Config<Elem = E, Out = O>>(
        m: &Module,
        st: &CudaStream,
        sms: usize,
        k: Kernel<(GemmArgs, *const TmaDescriptor, *mut O)>,
    ) -> Res<Self> {
        let (f, cfg) = (m.function(k)?, gemm_sm90::sm90_config::<C>());
        debug_assert_eq!(k.name().strip_prefix("cutlet_"), Some(cfg.name));
        // A problem with more tiles than SMs: the grid is the SMs, in whole clusters.
        let ctas = f.max_active_blocks(st, cfg.launch(1 << 16, 1 << 16, sms))?;
        Ok(Sm90 {
            f,
            cfg,
            boxes: gemm_sm90::tma_boxes::<C>,
            ctas,
            _elem: PhantomData,
        })
    }

    /// The tensor maps of A, B and C for `p`, in device memory.
    fn descriptors(
        &self,
        st: &Arc<CudaStream>,
        p: &GemmArgs,
        (a, b, c): (&CudaSlice<E>, &CudaSlice<E>, &CudaSlice<O>),
    ) -> Res<TmaDescriptors> {
        let (ba, bb, bc) = (self.boxes)(p)?;
        let maps = [
            encode_tiled(a.device_ptr(st).0, &ba, E::DATA_TYPE)?,
            encode_tiled(b.device_ptr(st).0, &bb, E::DATA_TYPE)?,
            encode_tiled(c.device_ptr(st).0, &bc, O::DATA_TYPE)?,
        ];
        Ok(TmaDescriptors::new(st, &maps)?)
    }

    /// Launches on `p` with `descs`, made over `c` and the operands.
    fn launch(
        &self,
        st: &CudaStream,
        p: GemmArgs,
        descs: &TmaDescriptors,
        c: &mut CudaSlice<O>,
    ) -> Res<()> {
        // SAFETY: `descs` holds the maps of A, B and C for `p` (made by `descriptors`
        // over these buffers), alive past the launch in stream order; C holds ldc * n
        // elements of the output type. TMA clips every box to the extents.
        unsafe {
            self.f
                .launch(st, self.cfg.launch(p.m, p.n, self.ctas), (p, descs, c))?
        };
        Ok(())
    }

    /// Descriptors, then the launch.
    fn run(
        &self,
        st: &Arc<CudaStream>,
        p: GemmArgs,
        a: &CudaSlice<E>,
        b: &CudaSlice<E>,
        c: &mut CudaSlice<O>,
    ) -> Res<()> {
        let descs = self.descriptors(st, &p, (a, b, &*c))?;
        self.launch(st, p, &descs, c)
    }

    fn case(&self) -> GemmCase {
        GemmCase {
            kmajor: (self.cfg.a_kmajor, self.cfg.b_kmajor),
        }
    }
}

/// The sm_90a module's Hopper kernels.
pub struct Hopper {
    stream: Arc<CudaStream>,
    tn_bf16: Sm90<bf16, f32>,
    tn_bf16_2x1: Sm90<bf16, f32>,
    tn_bf16_pingpong: Sm90<bf16, f32>,
    tn_f16: Sm90<f16, f32>,
    nt_bf16_out_bf16: Sm90<bf16, bf16>,
    /// Keeps the module loaded.
    _module: Module,
}

impl Hopper {
    /// Loads the sm_90a PTX (the module checks that the device is compute capability 9.0).
    pub fn load(ctx: &Arc<CudaContext>, ptx: &str) -> Res<Self> {
        let sms = ctx
            .attribute(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)?
            as usize;
        let m = Module::load(ctx, ptx)?;
        let st = ctx.default_stream();
        Ok(Hopper {
            tn_bf16: Sm90::load::<gemm_sm90::TnBf16>(
                &m,
                &st,
                sms,
                entry::cutlet_gemm_sm90_tn_bf16,
            )?,
            tn_bf16_2x1: Sm90::load::<gemm_sm90::TnBf16Cluster2>(
                &m,
                &st,
                sms,
                entry::cutlet_gemm_sm90_tn_bf16_2x1,
            )?,
            tn_bf16_pingpong: Sm90::load::<gemm_sm90::TnBf16Pingpong>(
                &m,
                &st,
                sms,
                entry::cutlet_gemm_sm90_tn_bf16_pingpong,
            )?,
            tn_f16: Sm90::load::<gemm_sm90::TnF16>(&m, &st, sms, entry::cutlet_gemm_sm90_tn_f16)?,
            nt_bf16_out_bf16: Sm90::load::<gemm_sm90::NtBf16OutBf16>(
                &m,
                &st,
                sms,
                entry::cutlet_gemm_sm90_nt_bf16_out_bf16,
            )?,
            stream: st,
            _module: m,
        })
    }

    /// One configuration on edge sizes against an f64 reference (leading dimensions the
    /// contiguous extent plus a padding, rounded up to the 8 elements TMA needs): prints
    /// its line.
    fn check<E: El, O: El>(&self, h: &Sm90<E, O>) -> Res<bool> {
        let st = &self.stream;
        let mut bad = vec![];
        for (m, n, k, pad) in [
            (1usize, 1usize, 1usize, 7usize),
            (17, 9, 24, 8),
            (131, 129, 136, 0),
            (1000, 999, 72, 8),
            (257, 384, 1032, 0),
            (97, 263, 16, 8),
            (136, 264, 200, 0),
            (2048, 2048, 512, 0),
        ] {
            let op = h.case();
            let p = GemmArgs {
                ldc: (m + 1).next_multiple_of(8),
                ..op.args((m, n, k), |contiguous| {
                    (contiguous + pad).next_multiple_of(8)
                })
            };
            bad.extend(op.check::<E, O>(st, p, |p, a, b, c| h.run(st, p, a, b, c))?);
        }
        Ok(report(&format!("hopper {}", h.cfg.name), &bad))
    }

    /// Each configuration on edge sizes: prints one line each.
    pub fn check_all(&self) -> Res<bool> {
        let mut ok = self.check(&self.tn_bf16)?;
        ok &= self.check(&self.tn_bf16_2x1)?;
        ok &= self.check(&self.tn_bf16_pingpong)?;
        ok &= self.check(&self.tn_f16)?;
        ok &= self.check(&self.nt_bf16_out_bf16)?;
        Ok(ok)
    }

    /// The Hopper table: cutlet Hopper, cutlet SM80 (`sm80`, the same types and majors)
    /// and cuBLAS on the same operands, medians of 20 after 3 warm-up runs, min..max.
    pub fn measure_all(&self, sm80: &Kernels) -> Res<()> {
        let blas = CudaBlas::new(self.stream.clone())?;
        println!();
        println!(
            "| GEMM (TFLOP/s) | size | cutlet Hopper | cutlet SM80 | cuBLAS | Hopper / cuBLAS | Hopper / SM80 |"
        );
        println!("|---|---|---|---|---|---|---|");
        let t = &sm80.tc;
        let sizes = crate::kernels::TIMED_SIZES;
        for &mnk in sizes {
            self.measure(&blas, &self.tn_bf16, &t.tn_bf16, mnk)?;
        }
        for &mnk in sizes {
            self.measure(&blas, &self.tn_bf16_2x1, &t.tn_bf16, mnk)?;
        }
        for &mnk in sizes {
            self.measure(&blas, &self.tn_bf16_pingpong, &t.tn_bf16, mnk)?;
        }
        for &mnk in sizes {
            self.measure(&blas, &self.tn_f16, &t.tn_f16, mnk)?;
        }
        for &mnk in sizes {
            self.measure(&blas, &self.nt_bf16_out_bf16, &t.nt_bf16_out_bf16, mnk)?;
        }
        Ok(())
    }

    /// One row of the Hopper table.
    fn measure<E: El, O: El>(
        &self,
        blas: &CudaBlas,
        h: &Sm90<E, O>,
        sm80: &Tc<E, O>,
        (m, n, k): (usize, usize, usize),
    ) -> Res<()> {
        let st = &self.stream;
        let flop = 2.0 * (m * n * k) as f64;
        let p = GemmArgs {
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
            ..h.case().args((m, n, k), |contiguous| contiguous)
        };
        let a = st.clone_htod(&values::<E>(m * k, 14, 32.0))?;
        let b = st.clone_htod(&values::<E>(n * k, 15, 32.0))?;
        let mut out = st.alloc_zeros::<O>(m * n)?;
        let descs = h.descriptors(st, &p, (&a, &b, &out))?;
        let (warm, runs) = (3, 20);
        let ours = time_ms(st, warm, runs, || h.launch(st, p, &descs, &mut out))?;
        let old = time_ms(st, warm, runs, || sm80.run(st, p, &a, &b, &mut out))?;
        let peer = time_ms(st, warm, runs, || {
            cublas::gemm(blas, st, sm80.kmajor(), p, &a, &b, &mut out)
        })?;
        let (o, s, r) = (rate(&ours, flop), rate(&old, flop), rate(&peer, flop));
        println!(
            "| {} | {m}x{n}x{k} | {} | {} | {} | {:.2} | {:.2} |",
            h.cfg.name,
            tflops(o),
            tflops(s),
            tflops(r),
            o.0 / r.0,
            o.0 / s.0
        );
        Ok(())
    }

    /// One `m x n x k` GEMM of each Hopper configuration at its majors, for a profiler
    /// (`ncu -k regex:...` picks one).
    pub fn profile_once(&self, size: (usize, usize, usize)) -> Res<()> {
        let st = &self.stream;
        self.profile(&self.tn_bf16, size)?;
        self.profile(&self.tn_bf16_2x1, size)?;
        self.profile(&self.tn_bf16_pingpong, size)?;
        self.profile(&self.tn_f16, size)?;
        self.profile(&self.nt_bf16_out_bf16, size)?;
        st.synchronize()?;
        Ok(())
    }

    /// One GEMM of `h` on [`profile_operands`] of its element type.
    fn profile<E: El, O: El>(&self, h: &Sm90<E, O>, size: (usize, usize, usize)) -> Res<()> {
        let st = &self.stream;
        let (tn, a, b, _) = profile_operands::<E>(st, size)?;
        let mut c = st.alloc_zeros::<O>(tn.ldc * tn.n)?;
        let p = GemmArgs {
            ldc: tn.ldc,
            alpha: 1.0,
            beta: 0.0,
            ..h.case().args(size, |contiguous| contiguous)
        };
        h.run(st, p, &a, &b, &mut c)
    }
}
