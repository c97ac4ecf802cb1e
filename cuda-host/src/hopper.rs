//! The Hopper GEMM (`kernels/src/gemm_sm90.rs`) on the GPU: TMA descriptors encoded by the
//! driver from the boxes the kernel's layouts give (`gemm_sm90::tma_boxes`), launched on a
//! persistent grid of one CTA per SM (in clusters where the configuration has them, as
//! many as the driver says fit at once), checked against an f64 reference and timed next
//! to cuBLAS and cutlet's SM80 kernel on the same operands.

use crate::kernels::{GemmCase, Half, Kernels, OutElem, Res, data, profile_operands};
use crate::timing::{rate, tflops, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::sys::{self, CUfunction_attribute_enum};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DevicePtrMut, DeviceRepr,
    DriverError,
};
use cudarc::nvrtc::Ptx;
use cutlet::cuda::{TmaBox, TmaDescriptor, TmaError};
use cutlet_cuda::TmaDataType;
use cutlet_kernels::gemm_sm80::GemmArgs;
use cutlet_kernels::gemm_sm90::{self, Sm90GemmConfig};
use std::sync::Arc;

/// A Hopper configuration the host runs.
#[derive(Clone, Copy)]
struct HopperConfig {
    cfg: Sm90GemmConfig,
    input: Half,
    /// C in the input type (else f32).
    out16: bool,
    /// The SM80 configuration (index into `kernels::TC`) of the same operands and output,
    /// timed beside it.
    sm80: usize,
    /// Its `gemm_sm90::tma_boxes`.
    boxes: Boxes,
}
/// `gemm_sm90::tma_boxes` of one configuration.
type Boxes = fn(&GemmArgs) -> Result<(TmaBox, TmaBox, TmaBox), TmaError>;
impl HopperConfig {
    fn operands(&self) -> GemmCase {
        GemmCase {
            input: self.input,
            kmajor: (self.cfg.a_kmajor, self.cfg.b_kmajor),
            out16: self.out16,
        }
    }
}
const CONFIGS: [HopperConfig; 5] = [
    HopperConfig {
        cfg: gemm_sm90::GEMM_SM90_TN_BF16,
        input: Half::Bf16,
        out16: false,
        sm80: 0,
        boxes: gemm_sm90::tma_boxes::<gemm_sm90::TnBf16>,
    },
    HopperConfig {
        cfg: gemm_sm90::GEMM_SM90_TN_BF16_CLUSTER2,
        input: Half::Bf16,
        out16: false,
        sm80: 0,
        boxes: gemm_sm90::tma_boxes::<gemm_sm90::TnBf16Cluster2>,
    },
    HopperConfig {
        cfg: gemm_sm90::GEMM_SM90_TN_BF16_PINGPONG,
        input: Half::Bf16,
        out16: false,
        sm80: 0,
        boxes: gemm_sm90::tma_boxes::<gemm_sm90::TnBf16Pingpong>,
    },
    HopperConfig {
        cfg: gemm_sm90::GEMM_SM90_TN_F16,
        input: Half::F16,
        out16: false,
        sm80: 1,
        boxes: gemm_sm90::tma_boxes::<gemm_sm90::TnF16>,
    },
    HopperConfig {
        cfg: gemm_sm90::GEMM_SM90_NT_BF16_OUT_BF16,
        input: Half::Bf16,
        out16: true,
        sm80: 2,
        boxes: gemm_sm90::tma_boxes::<gemm_sm90::NtBf16OutBf16>,
    },
];

/// The driver's tensor map for `b` over the tensor at device address `global`
/// (cutlet-cuda's `encode_tiled`; 16-bit elements of type `h`, or f32).
fn encode_tiled(global: u64, b: &TmaBox, h: Half) -> Res<TmaDescriptor> {
    let dtype = match (b.elem_bytes, h) {
        (4, _) => TmaDataType::F32,
        (_, Half::Bf16) => TmaDataType::Bf16,
        (_, Half::F16) => TmaDataType::F16,
    };
    Ok(cutlet_cuda::encode_tiled(global, b, dtype)?)
}

/// The sm_90a module's Hopper kernels.
pub struct Hopper {
    stream: Arc<CudaStream>,
    /// Per configuration: its function and how many of its CTAs run at once (the
    /// driver's maximum of active clusters times their size).
    funcs: Vec<(CudaFunction, usize)>,
}

/// A launch of `grid` blocks of `block` threads with `smem` bytes, in clusters of
/// `cluster` blocks along x (1: a plain launch): the driver's `CUlaunchConfig` with the
/// cluster dimension attribute, how every Hopper configuration is launched. The attribute lives in the returned box, which must outlive the config's
/// use.
fn cluster_config(
    st: &CudaStream,
    (grid, block, smem): (usize, usize, usize),
    cluster: usize,
) -> (sys::CUlaunchConfig, Box<sys::CUlaunchAttribute>) {
    // SAFETY: the attribute is plain data; zero is a valid bit pattern for it.
    let mut attr: Box<sys::CUlaunchAttribute> = Box::new(unsafe { std::mem::zeroed() });
    attr.id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim = sys::CUlaunchAttributeValue_union__bindgen_ty_1 {
        x: cluster as u32,
        y: 1,
        z: 1,
    };
    let cfg = sys::CUlaunchConfig {
        gridDimX: grid as u32,
        gridDimY: 1,
        gridDimZ: 1,
        blockDimX: block as u32,
        blockDimY: 1,
        blockDimZ: 1,
        sharedMemBytes: smem as u32,
        hStream: st.cu_stream(),
        attrs: &mut *attr,
        numAttrs: 1,
    };
    (cfg, attr)
}

impl Hopper {
    /// Loads the sm_90a PTX; the device must be compute capability 9.0.
    pub fn load(ctx: &Arc<CudaContext>, ptx: String) -> Res<Self> {
        let attr = |a| ctx.attribute(a);
        let cc = (
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        );
        if cc != (9, 0) {
            return Err(format!(
                "the sm_90a kernels need compute capability 9.0; this device is {}.{}",
                cc.0, cc.1
            )
            .into());
        }
        let sms = attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as usize;
        let m = ctx.load_module(Ptx::from_src(ptx))?;
        let stream = ctx.default_stream();
        let funcs = CONFIGS
            .iter()
            .map(|c| {
                let f = m.load_function(&format!("cutlet_{}", c.cfg.name))?;
                f.set_attribute(
                    CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    c.cfg.smem() as i32,
                )?;
                // A configuration without clusters is clusters of one CTA.
                let cm = c.cfg.cluster_m;
                let (cfg, _attr) = cluster_config(&stream, (sms, c.cfg.threads, c.cfg.smem()), cm);
                let mut clusters = 0;
                // SAFETY: `cfg` and its attribute (`_attr`) are live; the driver writes
                // one int.
                unsafe { sys::cuOccupancyMaxActiveClusters(&mut clusters, f.cu_function(), &cfg) }
                    .result()?;
                if clusters <= 0 {
                    return Err(
                        format!("{}: no cluster of {cm} fits on this device", c.cfg.name).into(),
                    );
                }
                Ok((f, clusters as usize * cm))
            })
            .collect::<Res<_>>()?;
        Ok(Hopper { stream, funcs })
    }

    /// Encodes the descriptors of configuration `i` for A, B and C into `descs` (device
    /// memory for three 128-byte maps).
    fn descriptors<C>(
        &self,
        i: usize,
        p: &GemmArgs,
        (a, b, c): (&CudaSlice<u16>, &CudaSlice<u16>, &CudaSlice<C>),
        descs: &mut CudaSlice<u64>,
    ) -> Res<()> {
        let HopperConfig {
            input: h, boxes, ..
        } = CONFIGS[i];
        let (ba, bb, bc) = boxes(p)?;
        let st = &self.stream;
        let (pa, _ga) = a.device_ptr(st);
        let (pb, _gb) = b.device_ptr(st);
        let (pc, _gc) = c.device_ptr(st);
        let maps = [
            encode_tiled(pa, &ba, h)?,
            encode_tiled(pb, &bb, h)?,
            encode_tiled(pc, &bc, h)?,
        ];
        let words: Vec<u64> = maps.iter().flat_map(|d| d.0).collect();
        st.memcpy_htod(&words, descs)?;
        Ok(())
    }

    /// Launches configuration `i` with descriptors already in `descs`.
    fn launch<C: DeviceRepr>(
        &self,
        i: usize,
        p: GemmArgs,
        descs: &CudaSlice<u64>,
        c: &mut CudaSlice<C>,
    ) -> Result<(), DriverError> {
        let cfg = CONFIGS[i].cfg;
        let st = &self.stream;
        let (f, ctas) = &self.funcs[i];
        let (d, _g) = descs.device_ptr(st);
        let grid = cfg.grid(p.m, p.n, *ctas);
        let (pc, _gc) = c.device_ptr_mut(st);
        let (lc, _attr) = cluster_config(st, (grid, cfg.threads, cfg.smem()), cfg.cluster_m);
        let mut params = [
            &p as *const GemmArgs as *mut std::ffi::c_void,
            &d as *const u64 as *mut _,
            &pc as *const u64 as *mut _,
        ];
        // SAFETY: `params` points to the entry's three arguments in its order and types
        // (`GemmArgs`, `repr(C)`, and two device pointers), live for the call; `lc` and its
        // attribute (`_attr`) are live. `descs` holds the maps of A, B and C (cudaMalloc:
        // 256-byte aligned, so each is 128-byte aligned), which stay alive past the
        // launch; C holds ldc * n elements of the configuration's output type, the buffer
        // C's map was made over.
        unsafe {
            sys::cuLaunchKernelEx(
                &lc,
                f.cu_function(),
                params.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        }
        .result()
    }

    /// Each configuration on edge sizes against an f64 reference (leading dimensions the
    /// contiguous extent plus a padding, rounded up to the 8 elements TMA needs): prints one
    /// line each.
    pub fn check_all(&self) -> Res<bool> {
        let mut ok = true;
        for (i, c) in CONFIGS.iter().enumerate() {
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
                let op = c.operands();
                let p = GemmArgs {
                    ldc: (m + 1).next_multiple_of(8),
                    ..op.args((m, n, k), |contiguous| {
                        (contiguous + pad).next_multiple_of(8)
                    })
                };
                bad.extend(if c.out16 {
                    op.check::<u16>(&self.stream, p, |p, a, b, c| self.run(i, p, a, b, c))?
                } else {
                    op.check::<f32>(&self.stream, p, |p, a, b, c| self.run(i, p, a, b, c))?
                });
            }
            println!(
                "check hopper {}: {}",
                c.cfg.name,
                if bad.is_empty() {
                    "ok".into()
                } else {
                    format!("FAILED: {}", bad.join("; "))
                }
            );
            ok &= bad.is_empty();
        }
        Ok(ok)
    }

    /// Configuration `i` once on `p`: its descriptors, then the launch.
    fn run<C: DeviceRepr>(
        &self,
        i: usize,
        p: GemmArgs,
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        c: &mut CudaSlice<C>,
    ) -> Res<()> {
        let mut descs = self.stream.alloc_zeros::<u64>(48)?;
        self.descriptors(i, &p, (a, b, &*c), &mut descs)?;
        Ok(self.launch(i, p, &descs, c)?)
    }

    /// The Hopper table: cutlet Hopper, cutlet SM80 and cuBLAS on the same operands
    /// (each configuration's majors and output), medians of 20 after 3 warm-up runs,
    /// min..max.
    pub fn measure_all(&self, sm80: &Kernels) -> Res<()> {
        let blas = CudaBlas::new(self.stream.clone())?;
        println!();
        println!(
            "| GEMM (TFLOP/s) | size | cutlet Hopper | cutlet SM80 | cuBLAS | Hopper / cuBLAS | Hopper / SM80 |"
        );
        println!("|---|---|---|---|---|---|---|");
        for (i, c) in CONFIGS.iter().enumerate() {
            for mnk in [
                (1024usize, 1024usize, 1024usize),
                (2048, 2048, 2048),
                (4096, 4096, 4096),
                (8192, 8192, 8192),
                (8192, 2048, 4096),
                (3072, 5120, 1024),
            ] {
                if c.out16 {
                    self.measure::<u16>(sm80, &blas, i, mnk)?;
                } else {
                    self.measure::<f32>(sm80, &blas, i, mnk)?;
                }
            }
        }
        Ok(())
    }

    /// One row of the Hopper table.
    fn measure<C: OutElem>(
        &self,
        sm80: &Kernels,
        blas: &CudaBlas,
        i: usize,
        (m, n, k): (usize, usize, usize),
    ) -> Res<()> {
        let st = &self.stream;
        let c = CONFIGS[i];
        let flop = 2.0 * (m * n * k) as f64;
        let p = GemmArgs {
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
            ..c.operands().args((m, n, k), |contiguous| contiguous)
        };
        let q = |v: Vec<f32>| {
            v.into_iter()
                .map(|x| c.input.to_bits(x / 32.0))
                .collect::<Vec<u16>>()
        };
        let (a, b) = (
            st.clone_htod(&q(data(m * k, 14)))?,
            st.clone_htod(&q(data(n * k, 15)))?,
        );
        let mut out = st.alloc_zeros::<C>(m * n)?;
        let mut descs = st.alloc_zeros::<u64>(48)?;
        self.descriptors(i, &p, (&a, &b, &out), &mut descs)?;
        let (warm, runs) = (3, 20);
        let ours = time_ms(st, warm, runs, || self.launch(i, p, &descs, &mut out))?;
        let old = time_ms(st, warm, runs, || {
            sm80.run_gemm::<C>(c.sm80, p, &a, &b, &mut out)
        })?;
        let peer = time_ms(st, warm, runs, || {
            sm80.cublas_gemm::<C>(blas, c.sm80, p, &a, &b, &mut out)
        })?;
        let (o, s, r) = (rate(&ours, flop), rate(&old, flop), rate(&peer, flop));
        println!(
            "| {} | {m}x{n}x{k} | {} | {} | {} | {:.2} | {:.2} |",
            c.cfg.name,
            tflops(o),
            tflops(s),
            tflops(r),
            o.0 / r.0,
            o.0 / s.0
        );
        Ok(())
    }

    /// One `m x n x k` GEMM of each Hopper configuration at its majors (bf16 operands,
    /// which the f16 kernel reads as f16), for a profiler (`ncu -k regex:...` picks one).
    pub fn profile_once(&self, size: (usize, usize, usize)) -> Res<()> {
        let st = &self.stream;
        let (tn, a, b, mut c) = profile_operands(st, size)?;
        let mut c16 = st.alloc_zeros::<u16>(tn.ldc * tn.n)?;
        for (i, cfg) in CONFIGS.iter().enumerate() {
            let p = GemmArgs {
                ldc: tn.ldc,
                alpha: 1.0,
                beta: 0.0,
                ..cfg.operands().args(size, |contiguous| contiguous)
            };
            if cfg.out16 {
                self.run(i, p, &a, &b, &mut c16)?;
            } else {
                self.run(i, p, &a, &b, &mut c)?;
            }
        }
        st.synchronize()?;
        Ok(())
    }
}
