//! Loading PTX and finding its kernels: a module refuses PTX built for an architecture
//! the device cannot run, and a kernel handle carries the parameter list its
//! [`Kernel`] declaration gives. The driver compiles each kernel on its first use, alone
//! ([`ptx_entry`]): a module of many kernels costs nothing to load, and a program pays
//! for the kernels it runs (as CUDA's lazy loading does for cubins).

use crate::{Error, Result};
use cudarc::driver::{CudaContext, CudaFunction, sys};
use cudarc::nvrtc::Ptx;
use cutlet_core::cuda::Kernel;
use std::marker::PhantomData;
use std::sync::{Arc, OnceLock};

/// The PTX of one entry of a module: the module without its other entries (the
/// header, declarations and `.func`s stay).
///
/// ```
/// let ptx = ".version 8.0\n.target sm_90a\n.address_size 64\n\
///            .extern .shared .align 16 .b8 smem[];\n\
///            .visible .entry a(.param .u64 x)\n{\n\tret;\n}\n\
///            .visible .entry b(.param .u64 x) .maxntid 384, 1, 1\n{\n\t{ .reg .b32 t; }\n\tret;\n}\n";
/// let b = cutlet_cuda::ptx_entry(ptx, "b").unwrap();
/// assert!(b.contains(".target sm_90a") && b.contains(".extern .shared") && b.contains(".entry b("));
/// assert!(!b.contains(".entry a("));
/// assert_eq!(cutlet_cuda::ptx_entry(ptx, "c").unwrap_err().to_string(), "the sm_90a module has no kernel `c`");
/// ```
pub fn ptx_entry(ptx: &str, name: &str) -> Result<String> {
    let mut out = String::with_capacity(ptx.len().min(1 << 20));
    let mut found = false;
    let mut rest = ptx;
    while let Some(at) = find_entry(rest) {
        // The entry's line (`.visible .entry name(`), its parameters and body.
        let start = rest[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = at + entry_len(&rest[at..]);
        out.push_str(&rest[..start]);
        let this = rest[at..].strip_prefix(".entry ").is_some_and(|r| {
            r.trim_start()
                .strip_prefix(name)
                .is_some_and(|r| r.starts_with('('))
        });
        if this {
            out.push_str(&rest[start..end]);
            found = true;
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    if !found {
        return Err(Error::NoKernel {
            name: name.into(),
            target: ptx_target(ptx).unwrap_or("?").into(),
        });
    }
    Ok(out)
}

/// Where the next top-level `.entry` directive of `ptx` starts.
fn find_entry(ptx: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = ptx[from..].find(".entry ") {
        let at = from + i;
        let line = &ptx[ptx[..at].rfind('\n').map_or(0, |j| j + 1)..at];
        if !line.contains("//") {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

/// The length of the entry at the start of `s`: through the `}` that closes its body
/// (braces counted outside comments).
fn entry_len(s: &str) -> usize {
    let (b, mut depth, mut i, mut opened) = (s.as_bytes(), 0usize, 0, false);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i += s[i..].find('\n').unwrap_or(s.len() - i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += s[i..].find("*/").map_or(s.len() - i, |j| j + 2);
                continue;
            }
            b'{' => {
                depth += 1;
                opened = true;
            }
            b'}' => {
                depth = depth.saturating_sub(1);
                if opened && depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    s.len()
}

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
    ctx: Arc<CudaContext>,
    ptx: Arc<str>,
    target: String,
}

impl Module {
    /// Takes `ptx` after checking its `.target` against the device's compute capability;
    /// the driver compiles each kernel when it first runs ([`Module::function`]).
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
        Ok(Module {
            ctx: ctx.clone(),
            ptx: ptx.into(),
            target,
        })
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

    /// The kernel `k` declares, as a handle whose launches take `k`'s parameter list; the
    /// driver compiles it (its entry alone, [`ptx_entry`]) on the handle's first use.
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
        if find_named_entry(&self.ptx, k.name()).is_none() {
            return Err(Error::NoKernel {
                name: k.name().into(),
                target: self.target.clone(),
            });
        }
        Ok(Function {
            f: OnceLock::new(),
            ctx: self.ctx.clone(),
            ptx: self.ptx.clone(),
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
    /// The compiled kernel, once it has run (or been asked about).
    f: OnceLock<CudaFunction>,
    ctx: Arc<CudaContext>,
    ptx: Arc<str>,
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

    /// The compiled kernel: its entry's PTX loaded on first use (one module each).
    pub(crate) fn cu(&self) -> Result<&CudaFunction> {
        if let Some(f) = self.f.get() {
            return Ok(f);
        }
        let module = self
            .ctx
            .load_module(Ptx::from_src(ptx_entry(&self.ptx, self.name)?))?;
        let f = module.load_function(self.name)?;
        // A race loads it twice; either handle serves (the module lives in it).
        Ok(self.f.get_or_init(|| f))
    }
}

/// Whether the module has an entry named `name`.
fn find_named_entry(ptx: &str, name: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = ptx[from..].find(name) {
        let at = from + i;
        if ptx[..at].trim_end().ends_with(".entry") && ptx[at + name.len()..].starts_with('(') {
            return Some(at);
        }
        from = at + 1;
    }
    None
}
