//! PTX entry points: `extern "ptx-kernel"` wrappers that turn raw kernel parameters into
//! the device layer's types and call the kernel functions. Each is a `#[kernel]`: built
//! for nvptx it is exported by this name; built for the host it is a
//! [`Kernel`](cutlet_core::cuda::Kernel) constant of the same name, which `cutlet-cuda`
//! launches with arguments checked against the signature here.
//!
//! ```
//! use cutlet_core::cuda::Kernel;
//! let k: Kernel<(*const f32, *mut f32, usize, usize)> = cutlet_kernels::entry::cutlet_transpose;
//! assert_eq!(k.name(), "cutlet_transpose");
//! ```
#![cfg_attr(not(target_arch = "nvptx64"), allow(unused_imports))]

use cutlet_core::cuda::GmemPtr;
use cutlet_core::kernel;

#[cfg(target_arch = "nvptx64")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    cutlet_core::cuda::trap()
}

/// See [`crate::copy::copy`].
///
/// # Safety
/// `src` and `dst` point to `n` `f32`, 16-byte aligned, not overlapping.
#[kernel(crate = cutlet_core)]
pub unsafe extern "ptx-kernel" fn cutlet_copy(src: *const f32, dst: *mut f32, n: usize) {
    // SAFETY: the caller's contract above is the kernel's.
    let (src, dst) = unsafe { (GmemPtr::new(src as *mut f32), GmemPtr::new(dst)) };
    crate::copy::copy(src, dst, n)
}

/// See [`crate::transpose::transpose`].
///
/// # Safety
/// `a` and `b` point to `m * n` `f32`, not overlapping.
#[kernel(crate = cutlet_core)]
pub unsafe extern "ptx-kernel" fn cutlet_transpose(a: *const f32, b: *mut f32, m: usize, n: usize) {
    // SAFETY: the caller's contract above is the kernel's.
    let (a, b) = unsafe { (GmemPtr::new(a as *mut f32), GmemPtr::new(b)) };
    crate::transpose::transpose(a, b, m, n)
}

/// See [`crate::transpose::transpose_unpadded`].
///
/// # Safety
/// `a` and `b` point to `m * n` `f32`, not overlapping.
#[kernel(crate = cutlet_core)]
pub unsafe extern "ptx-kernel" fn cutlet_transpose_unpadded(
    a: *const f32,
    b: *mut f32,
    m: usize,
    n: usize,
) {
    // SAFETY: the caller's contract above is the kernel's.
    let (a, b) = unsafe { (GmemPtr::new(a as *mut f32), GmemPtr::new(b)) };
    crate::transpose::transpose_unpadded(a, b, m, n)
}

/// See [`crate::tile_copy::tile_copy`].
///
/// # Safety
/// `a` points to `m * n` `f32`, `b` to `ldb * n`, not overlapping.
#[kernel(crate = cutlet_core)]
pub unsafe extern "ptx-kernel" fn cutlet_tile_copy(
    a: *const f32,
    b: *mut f32,
    m: usize,
    n: usize,
    ldb: usize,
) {
    // SAFETY: the caller's contract above is the kernel's.
    let (a, b) = unsafe { (GmemPtr::new(a as *mut f32), GmemPtr::new(b)) };
    crate::tile_copy::tile_copy(a, b, m, n, ldb)
}

/// See [`crate::static_layout::gather`].
///
/// # Safety
/// `x` and `y` point to 32 `f32` each.
#[kernel(crate = cutlet_core)]
pub unsafe extern "ptx-kernel" fn cutlet_static_layout(x: *const f32, y: *mut f32) {
    // SAFETY: the caller's contract above is the kernel's.
    let (x, y) = unsafe { (GmemPtr::new(x as *mut f32), GmemPtr::new(y)) };
    crate::static_layout::gather(x, y)
}

/// [`crate::gemm_sm80::gemm_sm80`] of [`crate::gemm_sm80::Unswizzled`]
/// [`crate::registry::sm80::TnBf16`]: the swizzle's bank conflicts, for `ncu`.
///
/// # Safety
/// A and B hold their `(m, k)` and `(n, k)` bf16 K-major with `lda` and `ldb`, C holds
/// `ldc * n` f32; C does not overlap A or B.
#[kernel(crate = cutlet_core)]
pub unsafe extern "ptx-kernel" fn cutlet_gemm_tn_bf16_unswizzled(
    args: crate::gemm::GemmArgs,
    a: *const half::bf16,
    b: *const half::bf16,
    c: *mut f32,
) {
    use crate::gemm_sm80::{Unswizzled, gemm_sm80};
    // SAFETY: the caller's contract above is the kernel's.
    let (a, b, c) = unsafe {
        (
            GmemPtr::new(a.cast_mut()),
            GmemPtr::new(b.cast_mut()),
            GmemPtr::new(c),
        )
    };
    gemm_sm80::<Unswizzled<crate::registry::sm80::TnBf16>>(args, a, b, c)
}

// The GEMM entries, one per configuration of the registry.
pub use crate::registry::entries::*;
// The attention entries.
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90"))]
pub use crate::registry::flash_entries::*;
