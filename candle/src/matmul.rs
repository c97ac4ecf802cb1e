//! `matmul`: candle's `Tensor::matmul` on cutlet's GEMM.

#[cfg(feature = "cuda")]
use crate::gpu;
use crate::layout::{Matrices, cute_layout};
use crate::widen;
#[cfg(feature = "cuda")]
use candle::CudaStorage;
use candle::backend::BackendStorage;
use candle::{CpuStorage, CustomOp2, Layout, Result, Shape, Tensor};
use half::{bf16, f16};
use rayon::prelude::*;

/// `a.matmul(b)` on cutlet's GEMM: `a` is `(..., m, k)`, `b` is `(..., k, n)` with the
/// same batch dims, the result `(..., m, n)` contiguous, in the operands' dtype. Any
/// strides candle's layouts describe are read in place: transposed, narrowed and
/// broadcast (stride 0) operands are not copied.
///
/// On the CPU, f32 and f64 run `cutlet_blas::{par_sgemm, par_dgemm}` (a batch of at
/// least as many matrices as threads runs one matrix per thread instead); bf16 and f16
/// are widened to f32 there and the product rounded once, as candle's own CPU matmul
/// computes them. Other dtypes, and operands whose dims disagree, are errors naming them.
///
/// ```
/// use candle::{Device, Tensor};
/// let a = Tensor::arange(0f32, 6., &Device::Cpu)?.reshape((2, 3))?;
/// let b = Tensor::arange(0f32, 6., &Device::Cpu)?.reshape((2, 3))?.t()?;
/// let c = cutlet_candle::matmul(&a, &b)?;
/// assert_eq!(c.to_vec2::<f32>()?, a.matmul(&b)?.to_vec2::<f32>()?);
/// assert_eq!(c.to_vec2::<f32>()?, [[5., 14.], [14., 50.]]);
/// // Bad input is an error naming the values.
/// let e = cutlet_candle::matmul(&a, &a).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "matmul: k of a (m, k) is 3 but k of b (k, n) is 2 (a (2,3):(3,1), b (2,3):(3,1))"
/// );
/// # Ok::<(), candle::Error>(())
/// ```
pub fn matmul(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    a.apply_op2(b, Matmul)
}

/// The candle op behind [`matmul`] (CuTe's convention inside: C = A B as `sgemm`'s
/// strided matrices, one per batch entry).
///
/// ```
/// use candle::{Device, Tensor};
/// let a = Tensor::ones((4, 2, 8), candle::DType::F64, &Device::Cpu)?;
/// let b = Tensor::ones((4, 8, 3), candle::DType::F64, &Device::Cpu)?;
/// let c = a.apply_op2(&b, cutlet_candle::Matmul)?;
/// assert_eq!(c.dims(), [4, 2, 3]);
/// assert_eq!(c.flatten_all()?.to_vec1::<f64>()?, vec![8.0; 24]);
/// # Ok::<(), candle::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Matmul;

/// The product's operands and result shape, checked as `Tensor::matmul` checks them.
struct Product {
    a: Matrices,
    b: Matrices,
    /// `(batch entries, m, k, n)`.
    bmkn: (usize, usize, usize, usize),
    shape: Shape,
}

impl Product {
    fn of(la: &Layout, lb: &Layout) -> Result<Product> {
        let (a, b) = (Matrices::of("a", la)?, Matrices::of("b", lb)?);
        if a.batch != b.batch {
            fail!(
                "matmul: batch dims of a {:?} and b {:?} differ (a {}, b {})",
                a.batch,
                b.batch,
                cute_layout(la),
                cute_layout(lb)
            );
        }
        if a.cols != b.rows {
            fail!(
                "matmul: k of a (m, k) is {} but k of b (k, n) is {} (a {}, b {})",
                a.cols,
                b.rows,
                cute_layout(la),
                cute_layout(lb)
            );
        }
        let mut dims = a.batch.clone();
        dims.extend([a.rows, b.cols]);
        let bmkn = (a.offsets.len(), a.rows, a.cols, b.cols);
        Ok(Product {
            a,
            b,
            bmkn,
            shape: Shape::from(dims),
        })
    }

    /// C, `(batch, m, n)` row-major, from A's and B's storage.
    fn run<T: CpuGemm>(&self, a: &[T], b: &[T]) -> Result<Vec<T>> {
        let (batch, m, k, n) = self.bmkn;
        self.a.window("a", a.len())?;
        self.b.window("b", b.len())?;
        let mut c = vec![T::default(); batch * m * n];
        if m * n == 0 || k == 0 {
            // An empty product: C = 0 (and nothing to read).
            return Ok(c);
        }
        let (pa, pb) = (&self.a, &self.b);
        // `C = A B` of batch entry `i` (C written only).
        let one = |i: usize, c: &mut [T], par: bool| {
            let f = if par { T::PAR } else { T::SERIAL };
            let (ra, ca, rb, cb) = (
                pa.rs as isize,
                pa.cs as isize,
                pb.rs as isize,
                pb.cs as isize,
            );
            let (a, b) = (&a[pa.offsets[i]..], &b[pb.offsets[i]..]);
            f(
                m,
                k,
                n,
                T::ONE,
                a,
                ra,
                ca,
                b,
                rb,
                cb,
                T::default(),
                c,
                n as isize,
                1,
            );
        };
        if batch >= rayon::current_num_threads() {
            c.par_chunks_mut(m * n)
                .enumerate()
                .for_each(|(i, c)| one(i, c, false));
        } else {
            c.chunks_mut(m * n)
                .enumerate()
                .for_each(|(i, c)| one(i, c, true));
        }
        Ok(c)
    }

    /// C of 16-bit operands, computed in f32 and rounded once: each operand's reach in
    /// its storage is widened to f32 first.
    fn run_widened<T: Copy + Into<f32> + Send + Sync>(&self, a: &[T], b: &[T]) -> Result<Vec<f32>> {
        let (wa, wb) = (self.a.window("a", a.len())?, self.b.window("b", b.len())?);
        let p = Product {
            a: self.a.shifted(wa.start),
            b: self.b.shifted(wb.start),
            bmkn: self.bmkn,
            shape: self.shape.clone(),
        };
        p.run(&widen(&a[wa]), &widen(&b[wb]))
    }
}

/// `cutlet_blas`'s strided GEMM signature (`sgemm`'s): `(m, k, n, alpha, a, rsa, csa,
/// b, rsb, csb, beta, c, rsc, csc)`.
type BlasGemm<T> =
    fn(usize, usize, usize, T, &[T], isize, isize, &[T], isize, isize, T, &mut [T], isize, isize);

/// The element types of `cutlet_blas`'s GEMMs: its one-thread and all-thread entries.
trait CpuGemm: Copy + Default + Send + Sync {
    /// `1` in this type (alpha).
    const ONE: Self;
    /// On the calling thread.
    const SERIAL: BlasGemm<Self>;
    /// On all of rayon's threads.
    const PAR: BlasGemm<Self>;
}

impl CpuGemm for f32 {
    const ONE: f32 = 1.0;
    const SERIAL: BlasGemm<f32> = cutlet_blas::sgemm;
    const PAR: BlasGemm<f32> = cutlet_blas::par_sgemm;
}

impl CpuGemm for f64 {
    const ONE: f64 = 1.0;
    const SERIAL: BlasGemm<f64> = cutlet_blas::dgemm;
    const PAR: BlasGemm<f64> = cutlet_blas::par_dgemm;
}

impl CustomOp2 for Matmul {
    fn name(&self) -> &'static str {
        "cutlet-matmul"
    }

    fn cpu_fwd(
        &self,
        sa: &CpuStorage,
        la: &Layout,
        sb: &CpuStorage,
        lb: &Layout,
    ) -> Result<(CpuStorage, Shape)> {
        let p = Product::of(la, lb)?;
        let c = match (sa, sb) {
            (CpuStorage::F32(a), CpuStorage::F32(b)) => CpuStorage::F32(p.run(a, b)?),
            (CpuStorage::F64(a), CpuStorage::F64(b)) => CpuStorage::F64(p.run(a, b)?),
            (CpuStorage::BF16(a), CpuStorage::BF16(b)) => {
                let c = p.run_widened(a, b)?;
                CpuStorage::BF16(c.into_par_iter().map(bf16::from_f32).collect())
            }
            (CpuStorage::F16(a), CpuStorage::F16(b)) => {
                let c = p.run_widened(a, b)?;
                CpuStorage::F16(c.into_par_iter().map(f16::from_f32).collect())
            }
            (a, b) if a.dtype() != b.dtype() => {
                fail!("matmul: a is {:?} but b is {:?}", a.dtype(), b.dtype())
            }
            (a, _) => fail!(
                "matmul: cutlet's CPU GEMM takes f32, f64, bf16 and f16, got {:?}",
                a.dtype()
            ),
        };
        Ok((c, p.shape))
    }

    #[cfg(feature = "cuda")]
    fn cuda_fwd(
        &self,
        sa: &CudaStorage,
        la: &Layout,
        sb: &CudaStorage,
        lb: &Layout,
    ) -> Result<(CudaStorage, Shape)> {
        use candle::cuda_backend::CudaStorageSlice as S;
        let p = Product::of(la, lb)?;
        let dev = sa.device.clone();
        let c = match (&sa.slice, &sb.slice) {
            (S::BF16(a), S::BF16(b)) => CudaStorage::wrap_cuda_slice(p.run_cuda(a, b, &dev)?, dev),
            (S::F16(a), S::F16(b)) => CudaStorage::wrap_cuda_slice(p.run_cuda(a, b, &dev)?, dev),
            (S::F32(a), S::F32(b)) => CudaStorage::wrap_cuda_slice(p.run_cuda(a, b, &dev)?, dev),
            _ if sa.dtype() != sb.dtype() => {
                fail!("matmul: a is {:?} but b is {:?}", sa.dtype(), sb.dtype())
            }
            _ => fail!(
                "matmul: cutlet's GPU GEMM takes bf16, f16 and f32, got {:?}",
                sa.dtype()
            ),
        };
        Ok((c, p.shape))
    }
}

#[cfg(feature = "cuda")]
impl Product {
    /// C, `(batch, m, n)` row-major, by `cutlet_gemm::gemm` on the device's stream, each
    /// operand read in place through its strides (`gemm()` computes `C = A Bᵀ`, so B
    /// `(k, n)` is read as the `(n, k)` matrix of its transposed strides): one launch
    /// where the batch runs at one stride per operand (CuTe's `(M, K, L)` operands,
    /// cuBLAS's strided batch; a broadcast B against A's entries stacked row after row,
    /// a linear layer's weight, is one product of `batch * m` rows), otherwise one launch
    /// per entry.
    fn run_cuda<
        T: cutlet_gemm::GemmTypes<T> + cudarc::driver::ValidAsZeroBits + cutlet_core::cuda::DevicePod,
    >(
        &self,
        a: &cudarc::driver::CudaSlice<T>,
        b: &cudarc::driver::CudaSlice<T>,
        dev: &candle::CudaDevice,
    ) -> Result<cudarc::driver::CudaSlice<T>> {
        use cutlet_core::prelude::*;
        use cutlet_cuda::DeviceTensor;
        let (batch, m, k, n) = self.bmkn;
        self.a.window("a", a.len())?;
        self.b.window("b", b.len())?;
        let stream = dev.cuda_stream();
        if m * n == 0 || k == 0 {
            // An empty product: C = 0 (and nothing to read).
            return stream.alloc_zeros::<T>(batch * m * n).map_err(gpu);
        }
        // Written whole: `beta = 0` does not read C.
        let mut c = cutlet_cuda::alloc_uninit::<T>(&stream, batch * m * n).map_err(gpu)?;
        let (pa, pb) = (&self.a, &self.b);
        let (rsa, csa, rsb, csb) = (pa.rs, pa.cs, pb.rs, pb.cs);
        if let (Some(sa), Some(sb)) = (pa.batch_stride(), pb.batch_stride()) {
            let la = layout!((m, k, batch):(rsa, csa, sa));
            let lb = layout!((n, k, batch):(csb, rsb, sb));
            let lc = layout!((m, n, batch):(n, 1, {m * n}));
            // One launch, unless an operand is still shared by the entries once the batch
            // is folded (`Problem::folded`): the Hopper kernels' tensor maps take no 0
            // stride, and a launch per entry keeps them.
            let p = cutlet_gemm::problem(1.0, la, lb, 0.0, lc).map_err(gpu)?;
            if p.args.l == 1 || !p.args.stride_l.contains(&0) {
                let ta = DeviceTensor::view(a, pa.offsets[0], la).map_err(gpu)?;
                let tb = DeviceTensor::view(b, pb.offsets[0], lb).map_err(gpu)?;
                let mut tc = DeviceTensor::view_mut(&mut c, 0, lc).map_err(gpu)?;
                cutlet_gemm::gemm(&stream, 1.0, &*ta, &*tb, 0.0, &mut *tc).map_err(gpu)?;
                return Ok(c);
            }
        }
        for i in 0..batch {
            let ta =
                DeviceTensor::view(a, pa.offsets[i], layout!((m, k):(rsa, csa))).map_err(gpu)?;
            let tb =
                DeviceTensor::view(b, pb.offsets[i], layout!((n, k):(csb, rsb))).map_err(gpu)?;
            let mut tc =
                DeviceTensor::view_mut(&mut c, i * m * n, layout!((m, n):(n, 1))).map_err(gpu)?;
            cutlet_gemm::gemm(&stream, 1.0, &*ta, &*tb, 0.0, &mut *tc).map_err(gpu)?;
        }
        Ok(c)
    }
}
