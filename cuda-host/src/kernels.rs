//! Launching the PTX kernels, checking them against CPU references, timing them.

use crate::timing::{rate, time_ms};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig, sys::cublasOperation_t};
use cudarc::driver::{
    CudaContext, CudaFunction, CudaSlice, CudaStream, DeviceRepr, DriverError, LaunchConfig,
    PushKernelArg,
};
use cudarc::nvrtc::Ptx;
use cutlet::cuda::Dim3;
use cutlet_kernels::{copy, sgemm, tile_copy, transpose};
use std::sync::Arc;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

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

fn data(len: usize, seed: u32) -> Vec<f32> {
    (0..len)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 20) as f32 / 64.0 - 32.0
        })
        .collect()
}

pub struct Kernels {
    stream: Arc<CudaStream>,
    copy: CudaFunction,
    transpose: CudaFunction,
    tile_copy: CudaFunction,
    sgemm: CudaFunction,
}

impl Kernels {
    pub fn load(ctx: &Arc<CudaContext>, ptx: String) -> Res<Self> {
        let m = ctx.load_module(Ptx::from_src(ptx))?;
        Ok(Kernels {
            stream: ctx.default_stream(),
            copy: m.load_function("cutlet_copy")?,
            transpose: m.load_function("cutlet_transpose")?,
            tile_copy: m.load_function("cutlet_tile_copy")?,
            sgemm: m.load_function("cutlet_sgemm")?,
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
        Ok(())
    }
}
