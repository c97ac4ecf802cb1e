//! Loading PTX and finding its kernels: a module refuses PTX built for an architecture
//! the device cannot run, and a kernel handle carries the parameter list its
//! [`Kernel`] declaration gives.

use crate::{Error, Result};
use cudarc::driver::{CudaContext, CudaFunction, CudaModule, sys};
use cudarc::nvrtc::Ptx;
use cutlet_core::cuda::Kernel;
use std::marker::PhantomData;
use std::sync::Arc;

/// The `.target` of a PTX text (`sm_90a`), or why it has none: the first line, which
/// is `cutlet-build`'s reason when it built without PTX.
///
/// ```
/// assert_eq!(cutlet_cuda::ptx_target(".version 8.0\n.target sm_90a\n"), Ok("sm_90a"));
/// assert_eq!(
///     cutlet_cuda::ptx_target("// cutlet-build: no PTX: built with CUTLET_PTX=off\n").unwrap_err().to_string(),
///     "no PTX to load: // cutlet-build: no PTX: built with CUTLET_PTX=off"
/// );
/// ```
pub fn ptx_target(ptx: &str) -> Result<&str> {
    ptx.lines()
        .find_map(|l| l.trim().strip_prefix(".target "))
        .map(|t| t.split([',', ' ']).next().unwrap_or(t))
        .ok_or_else(|| Error::NoPtx(ptx.lines().next().unwrap_or("(empty)").trim().into()))
}

/// Whether PTX for `target` runs on a device of compute capability `cc`: `sm_XY`
/// runs on XY and later, `sm_XYa` (wgmma, setmaxnreg) on XY only; else [`Error::Arch`].
///
/// ```
/// use cutlet_cuda::check_arch;
/// assert!(check_arch("sm_80", (9, 0)).is_ok());
/// assert!(check_arch("sm_90a", (9, 0)).is_ok());
/// assert_eq!(
///     check_arch("sm_90a", (8, 0)).unwrap_err().to_string(),
///     "PTX built for sm_90a cannot run on this device (compute capability 8.0); rebuild it for sm_80"
/// );
/// assert!(check_arch("sm_90a", (10, 0)).is_err());
/// ```
pub fn check_arch(target: &str, cc: (u32, u32)) -> Result<()> {
    let digits = target.strip_prefix("sm_").unwrap_or(target);
    let (num, specific) = match digits.strip_suffix('a') {
        Some(d) => (d, true),
        None => (digits, false),
    };
    let v: u32 = num
        .parse()
        .map_err(|_| Error::NoPtx(format!(".target {target}")))?;
    let dev = cc.0 * 10 + cc.1;
    if (specific && dev != v) || dev < v {
        return Err(Error::Arch {
            ptx: target.into(),
            device: cc,
        });
    }
    Ok(())
}

/// A loaded PTX module.
///
/// ```no_run
/// let ctx = cudarc::driver::CudaContext::new(0)?;
/// let module = cutlet_cuda::Module::load(&ctx, ".version 8.0\n.target sm_80\n.address_size 64\n")?;
/// assert_eq!(module.target(), "sm_80");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Module {
    module: Arc<CudaModule>,
    target: String,
}

impl Module {
    /// Loads `ptx` after checking its `.target` against the device's compute capability.
    ///
    /// ```no_run
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// let e = cutlet_cuda::Module::load(&ctx, "// cutlet-build: no PTX: built with CUTLET_PTX=off").err().unwrap();
    /// assert!(e.to_string().contains("CUTLET_PTX=off"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn load(ctx: &Arc<CudaContext>, ptx: &str) -> Result<Module> {
        let target = ptx_target(ptx)?.to_string();
        let attr = |a| ctx.attribute(a).map(|v| v as u32);
        let cc = (
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)?,
            attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)?,
        );
        check_arch(&target, cc)?;
        let module = ctx.load_module(Ptx::from_src(ptx))?;
        Ok(Module { module, target })
    }

    /// The PTX's `.target`.
    ///
    /// ```no_run
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// let m = cutlet_cuda::Module::load(&ctx, ".version 8.0\n.target sm_80\n.address_size 64\n")?;
    /// println!("{}", m.target());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The kernel `k` declares, as a handle whose launches take `k`'s parameter list.
    ///
    /// ```no_run
    /// use cutlet_core::cuda::Kernel;
    /// let ctx = cudarc::driver::CudaContext::new(0)?;
    /// let m = cutlet_cuda::Module::load(&ctx, ".version 8.0\n.target sm_80\n.address_size 64\n")?;
    /// let e = m.function(Kernel::<(u32,)>::new("absent")).err().unwrap();
    /// assert_eq!(e.to_string(), "the sm_80 module has no kernel `absent`");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn function<P>(&self, k: Kernel<P>) -> Result<Function<P>> {
        let f = self
            .module
            .load_function(k.name())
            .map_err(|_| Error::NoKernel {
                name: k.name().into(),
                target: self.target.clone(),
            })?;
        Ok(Function {
            f,
            smem_allowed: std::sync::atomic::AtomicUsize::new(48 * 1024),
            name: k.name(),
            params: PhantomData,
        })
    }
}

/// A kernel of a loaded module whose launches take the parameter list `P` of its
/// [`Kernel`] declaration ([`Function::launch`]).
///
/// ```no_run
/// # let ctx = cudarc::driver::CudaContext::new(0)?;
/// # let m = cutlet_cuda::Module::load(&ctx, ".version 8.0\n.target sm_80\n.address_size 64\n")?;
/// let f = m.function(cutlet_core::cuda::Kernel::<(*const f32,)>::new("k"))?;
/// assert_eq!(f.name(), "k");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Function<P> {
    pub(crate) f: CudaFunction,
    /// The dynamic shared memory the function is allowed so far (the driver's
    /// `MAX_DYNAMIC_SHARED_SIZE_BYTES`, 48 KiB by default).
    pub(crate) smem_allowed: std::sync::atomic::AtomicUsize,
    name: &'static str,
    params: PhantomData<fn(P)>,
}

impl<P> Function<P> {
    /// The kernel's name.
    ///
    /// ```no_run
    /// # let ctx = cudarc::driver::CudaContext::new(0)?;
    /// # let m = cutlet_cuda::Module::load(&ctx, ".version 8.0\n.target sm_80\n.address_size 64\n")?;
    /// let f = m.function(cutlet_core::cuda::Kernel::<()>::new("noop"))?;
    /// println!("{}", f.name());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn name(&self) -> &'static str {
        self.name
    }
}
