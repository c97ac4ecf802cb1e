//! The kernels crate's copy, transpose and tile-copy entries on the GPU through
//! cutlet-cuda's typed handles (each `Function` has the entry's parameter list, each
//! launch the kernel's `LaunchConfig`): checked against CPU references, then timed next
//! to the driver's device-to-device copy. The GEMMs are `gemms`'.

use crate::elem::{Res, data};
use crate::gemms::report;
use crate::timing::{rate, time_ms};
use cudarc::driver::{CudaContext, CudaSlice, CudaStream};
use cutlet_core::cuda::{Dim3, LaunchConfig};
use cutlet_cuda::{Function, Module};
use cutlet_kernels::{copy, entry, tile_copy, transpose};
use std::sync::Arc;

/// The sm_80/sm_90 module's copy, transpose and tile-copy kernels.
pub struct Kernels {
    stream: Arc<CudaStream>,
    copy: Function<(*const f32, *mut f32, usize)>,
    transpose: Function<(*const f32, *mut f32, usize, usize)>,
    /// The transpose through an unpadded tile (32-way conflicts on purpose).
    transpose_unpadded: Function<(*const f32, *mut f32, usize, usize)>,
    tile_copy: Function<(*const f32, *mut f32, usize, usize, usize)>,
    /// Keeps the module loaded.
    _module: Module,
}

impl Kernels {
    /// Loads `ptx` (checked against the device's arch).
    pub fn load(ctx: &Arc<CudaContext>, ptx: &str) -> Res<Self> {
        let m = Module::load(ctx, ptx)?;
        Ok(Kernels {
            stream: ctx.default_stream(),
            copy: m.function(entry::cutlet_copy)?,
            transpose: m.function(entry::cutlet_transpose)?,
            transpose_unpadded: m.function(entry::cutlet_transpose_unpadded)?,
            tile_copy: m.function(entry::cutlet_tile_copy)?,
            _module: m,
        })
    }

    fn run_copy(&self, s: &CudaSlice<f32>, d: &mut CudaSlice<f32>, n: usize) -> Res<()> {
        let cfg = LaunchConfig::new(Dim3::x(copy::copy_blocks(n)), Dim3::x(copy::COPY_THREADS));
        // SAFETY: both buffers hold n f32 (cudaMalloc aligns to 256 bytes), the kernel's contract.
        unsafe { self.copy.launch(&self.stream, cfg, (s, d, n))? };
        Ok(())
    }

    fn run_transpose(
        &self,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        m: usize,
        n: usize,
    ) -> Res<()> {
        self.run_transpose_with(&self.transpose, a, b, (m, n))
    }

    fn run_transpose_with(
        &self,
        f: &Function<(*const f32, *mut f32, usize, usize)>,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        (m, n): (usize, usize),
    ) -> Res<()> {
        let cfg = LaunchConfig::new(
            transpose::transpose_grid(m, n),
            Dim3::x(transpose::TRANSPOSE_THREADS),
        )
        .smem(transpose::TRANSPOSE_SMEM);
        // SAFETY: both buffers hold m*n f32.
        unsafe { f.launch(&self.stream, cfg, (a, b, m, n))? };
        Ok(())
    }

    fn run_tile_copy(
        &self,
        a: &CudaSlice<f32>,
        b: &mut CudaSlice<f32>,
        (m, n, ldb): (usize, usize, usize),
    ) -> Res<()> {
        let cfg = LaunchConfig::new(
            tile_copy::tile_copy_grid(m, n),
            Dim3::x(tile_copy::TILE_COPY_THREADS),
        );
        // SAFETY: a holds m*n, b ldb*n f32.
        unsafe {
            self.tile_copy
                .launch(&self.stream, cfg, (a, b, m, n, ldb))?
        };
        Ok(())
    }

    /// Every kernel on edge sizes against the CPU; prints one line per kernel.
    pub fn check_all(&self) -> Res<bool> {
        let st = &self.stream;
        let mut ok = true;

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
        ok &= report("copy", &bad);

        for (name, f) in [
            ("transpose", &self.transpose),
            ("transpose_unpadded", &self.transpose_unpadded),
        ] {
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
                self.run_transpose_with(f, &a, &mut b, (m, n))?;
                let g = st.clone_dtoh(&b)?;
                let wrong = (0..m * n).any(|idx| {
                    let (i, j) = (idx % m, idx / m);
                    g[j + i * n] != h[idx]
                });
                if wrong || !g[m * n].is_nan() {
                    bad.push(format!("{m}x{n}"));
                }
            }
            ok &= report(name, &bad);
        }

        let mut bad = vec![];
        for (m, n, ldb) in [(1usize, 1usize, 3usize), (65, 16, 70), (1000, 333, 1003)] {
            let h = data(m * n, 3);
            let a = st.clone_htod(&h)?;
            let mut b = st.clone_htod(&vec![f32::NAN; ldb * n + 1])?;
            self.run_tile_copy(&a, &mut b, (m, n, ldb))?;
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
        ok &= report("tile_copy", &bad);

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
        let dtod = |s: &CudaSlice<f32>, d: &mut CudaSlice<f32>| -> Res<()> {
            st.memcpy_dtod(s, d)?;
            Ok(())
        };

        for n in [1usize << 26, 1 << 28] {
            let bytes = (2 * n * 4) as f64; // read + write
            let s = st.clone_htod(&data(n, 7))?;
            let mut d = st.alloc_zeros::<f32>(n)?;
            let ours = time_ms(st, warm, runs, || self.run_copy(&s, &mut d, n))?;
            let peer = time_ms(st, warm, runs, || dtod(&s, &mut d))?;
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
            let peer = time_ms(st, warm, runs, || dtod(&a, &mut b))?;
            let (o, p) = (rate(&ours, bytes), rate(&peer, bytes));
            println!(
                "| transpose f32 (GB/s) | {m}x{n} | {} | cuMemcpyDtoD | {} | {:.2} |",
                fmt(o, 1e9),
                fmt(p, 1e9),
                o.0 / p.0
            );
        }
        Ok(())
    }
}
