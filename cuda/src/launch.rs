//! Launching a [`Function`] with a [`LaunchConfig`] and arguments the compiler checks
//! against the kernel's parameter list: a `*const T` parameter takes a device buffer or
//! tensor of `T` (`&`), a `*mut T` one takes it by `&mut`, and a plain parameter takes
//! its own type. Every launch goes through the driver's `cuLaunchKernelEx`, clusters
//! included.

use crate::{DeviceTensor, Error, Function, Result};
use cudarc::driver::sys::{self, CUfunction_attribute_enum};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DevicePtrMut, SyncOnDrop};
use cutlet_core::cuda::LaunchConfig;
use std::ffi::c_void;

/// A host value that stands for a kernel parameter of type `P`: the bytes the kernel
/// receives, and the stream-ordering guard of a device buffer (dropped after the launch
/// is queued).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be passed for a kernel parameter of type `{P}`",
    label = "a `*const T` parameter takes `&CudaSlice<T>` or `&DeviceTensor<T, _>`, a `*mut T` one `&mut`, a plain one its own type"
)]
pub trait KernelArg<'a, P> {
    /// What the kernel receives.
    type Value: Copy;
    /// The value, and the guard that orders the buffer's use on `stream`.
    fn bind(self, stream: &'a CudaStream) -> (Self::Value, Option<SyncOnDrop<'a>>);
}

impl<'a, T: Copy> KernelArg<'a, T> for T {
    type Value = T;
    fn bind(self, _: &'a CudaStream) -> (T, Option<SyncOnDrop<'a>>) {
        (self, None)
    }
}
impl<'a, T> KernelArg<'a, *const T> for &'a CudaSlice<T> {
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<SyncOnDrop<'a>>) {
        let (p, g) = self.device_ptr(s);
        (p, Some(g))
    }
}
impl<'a, T> KernelArg<'a, *mut T> for &'a mut CudaSlice<T> {
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<SyncOnDrop<'a>>) {
        let (p, g) = self.device_ptr_mut(s);
        (p, Some(g))
    }
}
/// An optional buffer: null where absent (a kernel's optional output or input).
impl<'a, T> KernelArg<'a, *const T> for Option<&'a CudaSlice<T>> {
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<SyncOnDrop<'a>>) {
        self.map_or((0, None), |b| KernelArg::<*const T>::bind(b, s))
    }
}
/// An optional mutable buffer: null where absent.
impl<'a, T> KernelArg<'a, *mut T> for Option<&'a mut CudaSlice<T>> {
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<SyncOnDrop<'a>>) {
        self.map_or((0, None), |b| KernelArg::<*mut T>::bind(b, s))
    }
}
impl<'a, T: cudarc::driver::DeviceRepr, L: cutlet_core::layout::Layout> KernelArg<'a, *const T>
    for &'a DeviceTensor<T, L>
{
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<SyncOnDrop<'a>>) {
        KernelArg::<*const T>::bind(self.buf(), s)
    }
}
impl<'a, T: cudarc::driver::DeviceRepr, L: cutlet_core::layout::Layout> KernelArg<'a, *mut T>
    for &'a mut DeviceTensor<T, L>
{
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<SyncOnDrop<'a>>) {
        KernelArg::<*mut T>::bind(self.buf_mut(), s)
    }
}

/// A tuple of [`KernelArg`]s for the parameter tuple `P`, one per parameter in order.
#[diagnostic::on_unimplemented(
    message = "these arguments do not match the kernel's parameters `{P}`",
    label = "one argument per parameter, in order"
)]
pub trait KernelArgs<'a, P> {
    /// Calls `f` with the array of pointers to the parameter values the driver reads
    /// (`kernelParams`), live for the call.
    fn with_params<R>(self, stream: &'a CudaStream, f: impl FnOnce(&mut [*mut c_void]) -> R) -> R;
}

macro_rules! kernel_args {
    ($($a:ident $p:ident $v:ident $g:ident),*) => {
        impl<'a, $($a: KernelArg<'a, $p>, $p),*> KernelArgs<'a, ($($p,)*)> for ($($a,)*) {
            #[allow(non_snake_case, unused_variables)]
            fn with_params<R>(self, stream: &'a CudaStream, f: impl FnOnce(&mut [*mut c_void]) -> R) -> R {
                let ($($a,)*) = self;
                $(let ($v, $g) = $a.bind(stream);)*
                let mut params = [$(&$v as *const _ as *mut c_void),*];
                let r = f(&mut params);
                $(drop($g);)*
                r
            }
        }
    };
}
kernel_args!();
kernel_args!(A0 P0 v0 g0);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2, A3 P3 v3 g3);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2, A3 P3 v3 g3, A4 P4 v4 g4);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2, A3 P3 v3 g3, A4 P4 v4 g4, A5 P5 v5 g5);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2, A3 P3 v3 g3, A4 P4 v4 g4, A5 P5 v5 g5, A6 P6 v6 g6);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2, A3 P3 v3 g3, A4 P4 v4 g4, A5 P5 v5 g5, A6 P6 v6 g6, A7 P7 v7 g7);
kernel_args!(A0 P0 v0 g0, A1 P1 v1 g1, A2 P2 v2 g2, A3 P3 v3 g3, A4 P4 v4 g4, A5 P5 v5 g5, A6 P6 v6 g6, A7 P7 v7 g7, A8 P8 v8 g8);

/// Whether dependent launches overlap (programmatic dependent launch): on, unless the
/// environment sets `CUTLET_PDL=0`, which launches every kernel after the previous one
/// (for measuring what the overlap gives, as `CUDA_LAUNCH_BLOCKING` is for debugging).
fn dependent_launches() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var("CUTLET_PDL").map_or(true, |v| v.trim() != "0"))
}

/// The driver's launch description of `cfg` on `stream`, with its attributes: the
/// cluster shape (for clusters of more than one block, or always with `cluster`: a
/// plain launch then also runs before sm_90) and programmatic stream serialization for
/// a dependent launch. The attributes live in the returned box, which must outlive the
/// description's use.
fn driver_config(
    stream: &CudaStream,
    cfg: &LaunchConfig,
    cluster: bool,
) -> (sys::CUlaunchConfig, Box<[sys::CUlaunchAttribute; 2]>) {
    // SAFETY: the attributes are plain data; zero is a valid bit pattern for them.
    let mut attrs: Box<[sys::CUlaunchAttribute; 2]> = Box::new(unsafe { std::mem::zeroed() });
    let c = cfg.cluster;
    let mut n = 0;
    if cluster || c.volume() > 1 {
        attrs[n].id = sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
        attrs[n].value.clusterDim = sys::CUlaunchAttributeValue_union__bindgen_ty_1 {
            x: c.x as u32,
            y: c.y as u32,
            z: c.z as u32,
        };
        n += 1;
    }
    if cfg.dependent && dependent_launches() {
        attrs[n].id =
            sys::CUlaunchAttributeID::CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
        attrs[n].value.programmaticStreamSerializationAllowed = 1;
        n += 1;
    }
    let lc = sys::CUlaunchConfig {
        gridDimX: cfg.grid.x as u32,
        gridDimY: cfg.grid.y as u32,
        gridDimZ: cfg.grid.z as u32,
        blockDimX: cfg.block.x as u32,
        blockDimY: cfg.block.y as u32,
        blockDimZ: cfg.block.z as u32,
        sharedMemBytes: cfg.smem as u32,
        hStream: stream.cu_stream(),
        attrs: attrs.as_mut_ptr(),
        numAttrs: n as u32,
    };
    (lc, attrs)
}

/// Checks what the driver would reject with a less helpful code: empty or oversized
/// dimensions and a grid that is not a whole number of clusters.
///
/// ```
/// use cutlet_core::cuda::{Dim3, LaunchConfig};
/// let ok = LaunchConfig::new(Dim3::x(4), Dim3::x(128)).cluster(Dim3::x(2));
/// assert!(cutlet_cuda::check_launch(&ok).is_ok());
/// let bad = LaunchConfig::new(Dim3::x(3), Dim3::x(128)).cluster(Dim3::x(2));
/// assert_eq!(
///     cutlet_cuda::check_launch(&bad).unwrap_err().to_string(),
///     "launch: grid (3, 1, 1) is not a whole number of clusters (2, 1, 1)"
/// );
/// ```
pub fn check_launch(cfg: &LaunchConfig) -> Result<()> {
    let (g, b, c) = (cfg.grid, cfg.block, cfg.cluster);
    let dims = |d: cutlet_core::cuda::Dim3| format!("({}, {}, {})", d.x, d.y, d.z);
    if g.volume() == 0 || b.volume() == 0 || c.volume() == 0 {
        return Err(Error::Launch(format!(
            "empty grid {}, block {} or cluster {}",
            dims(g),
            dims(b),
            dims(c)
        )));
    }
    if b.volume() > 1024 {
        return Err(Error::Launch(format!(
            "block {} has {} threads (at most 1024)",
            dims(b),
            b.volume()
        )));
    }
    if !(g.x.is_multiple_of(c.x) && g.y.is_multiple_of(c.y) && g.z.is_multiple_of(c.z)) {
        return Err(Error::Launch(format!(
            "grid {} is not a whole number of clusters {}",
            dims(g),
            dims(c)
        )));
    }
    Ok(())
}

impl<P> Function<P> {
    /// Opts into `bytes` of dynamic shared memory (above the default 48 KiB) once, not per
    /// launch.
    fn allow_smem(&self, bytes: usize) -> Result<()> {
        use std::sync::atomic::Ordering;
        if bytes > self.smem_allowed.load(Ordering::Relaxed) {
            self.cu()?.set_attribute(
                CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                bytes as i32,
            )?;
            self.smem_allowed.fetch_max(bytes, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Launches the kernel on `stream` with `cfg` (dynamic shared memory above the
    /// default 48 KiB is opted into first) and `args`, which must match the kernel's
    /// parameter list.
    ///
    /// # Safety
    /// The arguments meet the kernel's own contract (buffer sizes, aliasing), as for a
    /// CUDA `<<<...>>>` launch: the types are checked here, not what the kernel does
    /// with them. Wrap a launch in a function that checks sizes and returns an
    /// [`Error`] instead.
    ///
    /// ```no_run
    /// use cutlet_core::cuda::{Dim3, Kernel, LaunchConfig};
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// let stream = ctx.default_stream();
    /// # let ptx = "";
    /// let m = cutlet_cuda::Module::load(&ctx, ptx)?;
    /// let scale = m.function(Kernel::<(*const f32, *mut f32, usize)>::new("scale"))?;
    /// let x = stream.clone_htod(&[1f32; 256])?;
    /// let mut y = stream.alloc_zeros::<f32>(256)?;
    /// // SAFETY: `scale` reads and writes 256 elements of x and y.
    /// unsafe { scale.launch(&stream, LaunchConfig::new(Dim3::x(2), Dim3::x(128)), (&x, &mut y, 256usize))? };
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub unsafe fn launch<'a, A: KernelArgs<'a, P>>(
        &self,
        stream: &'a CudaStream,
        cfg: LaunchConfig,
        args: A,
    ) -> Result<()> {
        check_launch(&cfg)?;
        self.allow_smem(cfg.smem)?;
        let (lc, _attrs) = driver_config(stream, &cfg, false);
        let f = self.cu()?.cu_function();
        args.with_params(stream, |params| {
            // SAFETY: `params` holds one pointer per parameter of the kernel, in order,
            // to a value of the parameter's type (the `KernelArgs` bound ties them to the
            // kernel's declaration), live for the call; `lc` and its attribute are live.
            // What the kernel does with the values is the caller's contract.
            unsafe { sys::cuLaunchKernelEx(&lc, f, params.as_mut_ptr(), std::ptr::null_mut()) }
                .result()
        })?;
        Ok(())
    }

    /// How many blocks of `cfg` (in whole clusters) run at once: the driver's
    /// `cuOccupancyMaxActiveClusters` times the cluster size, what a persistent kernel
    /// sizes its grid by. A cluster that does not fit is an error naming it.
    ///
    /// ```no_run
    /// # use cutlet_core::cuda::{Dim3, Kernel, LaunchConfig};
    /// # let ctx = cudarc::driver::CudaContext::new(0)?;
    /// # let stream = ctx.default_stream();
    /// # let m = cutlet_cuda::Module::load(&ctx, "")?;
    /// let f = m.function(Kernel::<()>::new("persistent"))?;
    /// let cfg = LaunchConfig::new(Dim3::x(132), Dim3::x(384)).smem(200 * 1024).cluster(Dim3::x(2));
    /// let ctas = f.max_active_blocks(&stream, cfg)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn max_active_blocks(&self, stream: &CudaStream, cfg: LaunchConfig) -> Result<usize> {
        self.allow_smem(cfg.smem)?;
        // cuOccupancyMaxActiveClusters reads the cluster shape from the attribute, which a
        // cluster of one leaves out; give it explicitly.
        let (lc, _attrs) = driver_config(stream, &cfg, true);
        let (mut clusters, f) = (0, self.cu()?.cu_function());
        // SAFETY: `lc` and its attribute are live; the driver writes one int.
        unsafe { sys::cuOccupancyMaxActiveClusters(&mut clusters, f, &lc) }.result()?;
        if clusters <= 0 {
            return Err(Error::Launch(format!(
                "{}: no cluster of {} blocks of {} threads with {} bytes of shared memory fits",
                self.name(),
                cfg.cluster.volume(),
                cfg.block.volume(),
                cfg.smem
            )));
        }
        Ok(clusters as usize * cfg.cluster.volume())
    }
}
