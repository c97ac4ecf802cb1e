//! The Hopper GEMM (`kernels/src/gemm_sm90.rs`) on the GPU: TMA descriptors encoded by the
//! driver from the boxes the kernel's layouts give (`gemm_sm90::tma_boxes`), launched on a
//! persistent grid of one CTA per SM, checked against an f64 reference and timed next to
//! cuBLAS and cutlet's SM80 kernel on the same operands.

use crate::kernels::{Half, Kernels, Res, data, profile_operands};
use crate::timing::{rate, time_ms};
use cudarc::cublas::CudaBlas;
use cudarc::driver::sys::{
    self, CUfunction_attribute_enum, CUtensorMapDataType, CUtensorMapFloatOOBfill,
    CUtensorMapInterleave, CUtensorMapL2promotion, CUtensorMapSwizzle,
};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DevicePtr, DeviceRepr, DriverError,
    LaunchConfig, PushKernelArg,
};
use cudarc::nvrtc::Ptx;
use cutlet::cuda::{TmaBox, TmaDescriptor, TmaSwizzle};
use cutlet_kernels::gemm_sm80::GemmArgs;
use cutlet_kernels::gemm_sm90::{self, Sm90GemmConfig};
use std::sync::Arc;

/// `GemmArgs` as a kernel parameter.
#[repr(transparent)]
#[derive(Clone, Copy)]
struct Args(GemmArgs);
// SAFETY: `GemmArgs` is `repr(C)` plain data, the same bytes the PTX entry reads.
unsafe impl DeviceRepr for Args {}

/// The Hopper configurations the host runs, with the SM80 configuration (index into
/// `kernels::TC`) of the same inputs it is compared with.
const CONFIGS: [(Sm90GemmConfig, Half, usize); 2] = [
    (gemm_sm90::GEMM_SM90_TN_BF16, Half::Bf16, 0),
    (gemm_sm90::GEMM_SM90_TN_F16, Half::F16, 1),
];

/// The driver's tensor map for `b` over the tensor at device address `global`
/// (`cuTensorMapEncodeTiled`, with CuTe's choices: element strides 1, no interleave,
/// 128-byte L2 promotion, zero fill). Errors name the box.
pub fn encode_tiled(global: u64, b: &TmaBox, h: Half) -> Res<TmaDescriptor> {
    b.check()?;
    let dtype = match (b.elem_bytes, h) {
        (2, Half::Bf16) => CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        (2, Half::F16) => CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        (e, _) => {
            return Err(format!("encode_tiled: {e}-byte elements are not a 16-bit type").into());
        }
    };
    let swizzle = match b.swizzle {
        TmaSwizzle::None => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_NONE,
        TmaSwizzle::B32 => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_32B,
        TmaSwizzle::B64 => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B,
        TmaSwizzle::B128 => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
    };
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    let ones = [1u32; 5];
    // SAFETY: every array holds at least `rank` entries (strides `rank - 1`), `map` is a
    // writable 128-byte aligned tensor map; the driver only reads `global`'s value.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            dtype,
            b.rank as u32,
            global as *mut _,
            b.global_dim.as_ptr(),
            b.global_stride.as_ptr(),
            b.box_dim.as_ptr(),
            ones.as_ptr(),
            CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(
            format!("cuTensorMapEncodeTiled failed ({r:?}) for {b:?} at {global:#x}").into(),
        );
    }
    Ok(TmaDescriptor(map.opaque))
}

/// The sm_90a module's Hopper kernels.
pub struct Hopper {
    stream: Arc<CudaStream>,
    sms: usize,
    funcs: Vec<CudaFunction>,
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
        let funcs = CONFIGS
            .iter()
            .map(|(c, _, _)| {
                let f = m.load_function(&format!("cutlet_{}", c.name))?;
                f.set_attribute(
                    CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                    c.smem() as i32,
                )?;
                Ok(f)
            })
            .collect::<Res<_>>()?;
        Ok(Hopper {
            stream: ctx.default_stream(),
            sms,
            funcs,
        })
    }

    /// Encodes the descriptors of configuration `i` for A and B into `descs` (device
    /// memory for two 128-byte maps).
    fn descriptors(
        &self,
        i: usize,
        p: &GemmArgs,
        a: &CudaSlice<u16>,
        b: &CudaSlice<u16>,
        descs: &mut CudaSlice<u64>,
    ) -> Res<()> {
        let (cfg, h, _) = CONFIGS[i];
        let (ba, bb) = match cfg.name {
            "gemm_sm90_tn_bf16" => gemm_sm90::tma_boxes::<gemm_sm90::TnBf16>(p)?,
            _ => gemm_sm90::tma_boxes::<gemm_sm90::TnF16>(p)?,
        };
        let st = &self.stream;
        let (pa, _ga) = a.device_ptr(st);
        let (pb, _gb) = b.device_ptr(st);
        let (da, db) = (encode_tiled(pa, &ba, h)?, encode_tiled(pb, &bb, h)?);
        let words: Vec<u64> = da.0.iter().chain(db.0.iter()).copied().collect();
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
        let (cfg, _, _) = CONFIGS[i];
        let st = &self.stream;
        let (d, _g) = descs.device_ptr(st);
        let (da, db) = (d, d + 128);
        let mut l = st.launch_builder(&self.funcs[i]);
        let args = Args(p);
        l.arg(&args).arg(&da).arg(&db).arg(c);
        let lc = LaunchConfig {
            grid_dim: (cfg.grid(p.m, p.n, self.sms) as u32, 1, 1),
            block_dim: (cfg.threads as u32, 1, 1),
            shared_mem_bytes: cfg.smem() as u32,
        };
        // SAFETY: `descs` holds the maps of A and B (cudaMalloc: 256-byte aligned, so both
        // are 128-byte aligned), which stay alive past the launch; C holds ldc * n f32.
        unsafe { l.launch(lc) }.map(drop)
    }

    /// Each configuration on edge sizes against an f64 reference: prints one line each.
    pub fn check_all(&self) -> Res<bool> {
        let st = &self.stream;
        let mut ok = true;
        for (i, &(cfg, h, _)) in CONFIGS.iter().enumerate() {
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
                let (lda, ldb, ldc) = (k + pad, k + pad, m + 1);
                let p = GemmArgs {
                    m,
                    n,
                    k,
                    lda,
                    ldb,
                    ldc,
                    alpha: 0.75,
                    beta: 0.5,
                };
                let q = |len: usize, seed: u32| {
                    data(len, seed)
                        .into_iter()
                        .map(|x| h.to_bits(x / 8.0))
                        .collect::<Vec<u16>>()
                };
                let (ha, hb, hc) = (q(lda * m, 31), q(ldb * n, 32), data(ldc * n, 33));
                let (a, b) = (st.clone_htod(&ha)?, st.clone_htod(&hb)?);
                let mut c = st.clone_htod(&hc)?;
                let mut descs = st.alloc_zeros::<u64>(32)?;
                self.descriptors(i, &p, &a, &b, &mut descs)?;
                self.launch(i, p, &descs, &mut c)?;
                let g = st.clone_dtoh(&c)?;
                let (mut err, mut norm, mut pad_ok) = (0f64, 0f64, true);
                for j in 0..n {
                    for r in 0..ldc {
                        let idx = r + j * ldc;
                        if r >= m {
                            pad_ok &= g[idx] == hc[idx];
                            continue;
                        }
                        let s: f64 = (0..k)
                            .map(|l| h.widen(ha[l + r * lda]) * h.widen(hb[l + j * ldb]))
                            .sum();
                        let want = 0.75 * s + 0.5 * hc[idx] as f64;
                        err += (g[idx] as f64 - want).powi(2);
                        norm += want * want;
                    }
                }
                let rel = (err / norm.max(1e-30)).sqrt();
                if !pad_ok || rel.is_nan() || rel >= 1e-5 {
                    bad.push(format!(
                        "{m}x{n}x{k}: relative error {rel:.2e}, padding kept {pad_ok}"
                    ));
                }
            }
            println!(
                "check hopper {}: {}",
                cfg.name,
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

    /// The Hopper table: cutlet Hopper, cutlet SM80 and cuBLAS on the same operands (TN,
    /// f32 out), medians of 20 after 3 warm-up runs, min..max.
    pub fn measure_all(&self, sm80: &Kernels) -> Res<()> {
        let st = &self.stream;
        let blas = CudaBlas::new(st.clone())?;
        println!();
        println!(
            "| GEMM (TFLOP/s) | size | cutlet Hopper | cutlet SM80 | cuBLAS | Hopper / cuBLAS | Hopper / SM80 |"
        );
        println!("|---|---|---|---|---|---|---|");
        for (i, &(cfg, h, tc)) in CONFIGS.iter().enumerate() {
            for (m, n, k) in [
                (1024usize, 1024usize, 1024usize),
                (2048, 2048, 2048),
                (4096, 4096, 4096),
                (8192, 8192, 8192),
                (8192, 2048, 4096),
                (3072, 5120, 1024),
            ] {
                let flop = 2.0 * (m * n * k) as f64;
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
                let q = |v: Vec<f32>| {
                    v.into_iter()
                        .map(|x| h.to_bits(x / 32.0))
                        .collect::<Vec<u16>>()
                };
                let (a, b) = (
                    st.clone_htod(&q(data(m * k, 14)))?,
                    st.clone_htod(&q(data(n * k, 15)))?,
                );
                let mut c = st.alloc_zeros::<f32>(m * n)?;
                let mut descs = st.alloc_zeros::<u64>(32)?;
                self.descriptors(i, &p, &a, &b, &mut descs)?;
                let (warm, runs) = (3, 20);
                let ours = time_ms(st, warm, runs, || self.launch(i, p, &descs, &mut c))?;
                let old = time_ms(st, warm, runs, || {
                    sm80.run_gemm::<f32>(tc, p, &a, &b, &mut c)
                })?;
                let peer = time_ms(st, warm, runs, || {
                    sm80.cublas_gemm::<f32>(&blas, tc, p, &a, &b, &mut c)
                })?;
                let (o, s, q) = (rate(&ours, flop), rate(&old, flop), rate(&peer, flop));
                let f = |r: (f64, f64, f64)| {
                    format!("{:.0} ({:.0}..{:.0})", r.0 / 1e12, r.1 / 1e12, r.2 / 1e12)
                };
                println!(
                    "| {} | {m}x{n}x{k} | {} | {} | {} | {:.2} | {:.2} |",
                    cfg.name,
                    f(o),
                    f(s),
                    f(q),
                    o.0 / q.0,
                    o.0 / s.0
                );
            }
        }
        Ok(())
    }

    /// One bf16 4096³ Hopper GEMM, for a profiler.
    pub fn profile_once(&self) -> Res<()> {
        let st = &self.stream;
        let (p, a, b, mut c) = profile_operands(st)?;
        let mut descs = st.alloc_zeros::<u64>(32)?;
        self.descriptors(0, &p, &a, &b, &mut descs)?;
        self.launch(0, p, &descs, &mut c)?;
        st.synchronize()?;
        Ok(())
    }
}
