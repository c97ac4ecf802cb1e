//! Kernel declarations: a PTX entry point's name and parameter list as a value, so the
//! host launches it with arguments the compiler checks against the kernel's Rust
//! signature. The `#[kernel]` attribute (`cutlet::kernel`) makes one next to each entry.

use core::fmt;
use core::marker::PhantomData;

/// A PTX entry point as the host sees it: its exported name and `P`, the tuple of its
/// parameter types exactly as the `extern "ptx-kernel" fn` declares them (`*const T`
/// for a buffer it reads, `*mut T` for one it writes, plain `repr(C)` values).
///
/// Built for the GPU, `#[kernel]` exports the function; built for the host, it declares a
/// constant of this type with the function's name instead, which a host library
/// (`cutlet-cuda`'s `Module::function`) turns into a launchable handle whose argument
/// list must match `P`.
///
/// ```
/// use cutlet_core::cuda::Kernel;
/// // What `#[kernel] pub unsafe extern "ptx-kernel" fn scale(x: *const f32, y: *mut f32,
/// // n: usize)` declares on the host:
/// #[allow(non_upper_case_globals)]
/// const scale: Kernel<(*const f32, *mut f32, usize)> = Kernel::new("scale");
/// assert_eq!(scale.name(), "scale");
/// assert_eq!(format!("{scale:?}"), "Kernel(scale: (*const f32, *mut f32, usize))");
/// ```
pub struct Kernel<P> {
    name: &'static str,
    params: PhantomData<fn(P)>,
}

impl<P> Kernel<P> {
    /// The declaration of the entry point exported as `name`.
    ///
    /// ```
    /// let k = cutlet_core::cuda::Kernel::<(u32,)>::new("k");
    /// assert_eq!(k.name(), "k");
    /// ```
    pub const fn new(name: &'static str) -> Self {
        Kernel {
            name,
            params: PhantomData,
        }
    }

    /// The exported (PTX) name.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::Kernel::<()>::new("noop").name(), "noop");
    /// ```
    pub const fn name(&self) -> &'static str {
        self.name
    }
}

impl<P> Clone for Kernel<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for Kernel<P> {}

impl<P> fmt::Debug for Kernel<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kernel({}: {})", self.name, core::any::type_name::<P>())
    }
}
