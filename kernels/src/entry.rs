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

use cutlet_core::cuda::{GmemPtr, TmaDescriptor};
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

/// PTX entries for [`crate::sgemm::sgemm`] at each pair of operand majors: `(args, a, b, c)`.
macro_rules! sgemm_entries {
    ($($entry:ident => ($a:ident, $b:ident)),* $(,)?) => {$(
        #[doc = concat!("[`crate::sgemm::sgemm`] with A [`crate::sgemm::", stringify!($a), "`] and B [`crate::sgemm::", stringify!($b), "`].")]
        ///
        /// # Safety
        /// A and B hold their `(m, k)` and `(n, k)` `f32` at the strides their majors give
        /// with `lda` and `ldb`, C holds `ldc * n`; C does not overlap A or B.
        #[kernel(crate = cutlet_core)]
        pub unsafe extern "ptx-kernel" fn $entry(args: crate::sgemm::SgemmArgs, a: *const f32, b: *const f32, c: *mut f32) {
            // SAFETY: the caller's contract above is the kernel's.
            let (a, b, c) = unsafe { (GmemPtr::new(a.cast_mut()), GmemPtr::new(b.cast_mut()), GmemPtr::new(c)) };
            crate::sgemm::sgemm::<crate::sgemm::$a, crate::sgemm::$b>(args, a, b, c)
        }
    )*};
}
sgemm_entries!(
    cutlet_sgemm => (MnMajor, MnMajor),
    cutlet_sgemm_tn => (KMajor, KMajor),
    cutlet_sgemm_nn => (MnMajor, KMajor),
    cutlet_sgemm_tt => (KMajor, MnMajor),
);

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

/// PTX entries for configurations of [`crate::gemm_sm80::gemm_sm80`]: `(args, a, b, c)` with
/// element pointers. Each entry is in a module of its own, so rustc gives each GEMM its
/// own codegen unit and LLVM optimises them in parallel.
macro_rules! gemm_entries {
    ($($entry:ident => $cfg:ident),* $(,)?) => {$(
        pub mod $entry {
            use super::{kernel, GmemPtr};
            type E = <crate::gemm_sm80::$cfg as crate::gemm_sm80::Sm80Config>::Elem;
            type O = <crate::gemm_sm80::$cfg as crate::gemm_sm80::Sm80Config>::Out;
            #[doc = concat!("[`crate::gemm_sm80::gemm_sm80`] for [`crate::gemm_sm80::", stringify!($cfg), "`].")]
            ///
            /// # Safety
            /// A and B hold their `(m, k)` and `(n, k)` elements at the strides the
            /// configuration's majors give with `lda` and `ldb`, C holds `ldc * n` elements.
            #[kernel(crate = cutlet_core)]
            pub unsafe extern "ptx-kernel" fn $entry(args: crate::gemm_sm80::GemmArgs, a: *const E, b: *const E, c: *mut O) {
                // SAFETY: the caller's contract above is the kernel's.
                let (a, b, c) = unsafe { (GmemPtr::new(a.cast_mut()), GmemPtr::new(b.cast_mut()), GmemPtr::new(c)) };
                crate::gemm_sm80::gemm_sm80::<crate::gemm_sm80::$cfg>(args, a, b, c)
            }
        }
        // The host's `Kernel` constant; on nvptx the entry is its exported symbol (and may
        // be left out by an entry filter).
        #[cfg(not(target_arch = "nvptx64"))]
        pub use $entry::$entry;
    )*};
}
gemm_entries!(
    cutlet_gemm_tn_bf16 => TnBf16,
    cutlet_gemm_tn_f16 => TnF16,
    cutlet_gemm_nt_bf16_out_bf16 => NtBf16OutBf16,
    cutlet_gemm_nn_f16_out_f16 => NnF16OutF16,
    cutlet_gemm_tt_bf16 => TtBf16,
    cutlet_gemm_tn_bf16_w2x4 => TnBf16W2x4,
    cutlet_gemm_nt_bf16 => NtBf16,
    cutlet_gemm_nn_bf16 => NnBf16,
    cutlet_gemm_tt_f16 => TtF16,
    cutlet_gemm_nt_f16 => NtF16,
    cutlet_gemm_nn_f16 => NnF16,
    cutlet_gemm_tn_bf16_out_bf16 => TnBf16OutBf16,
    cutlet_gemm_tt_bf16_out_bf16 => TtBf16OutBf16,
    cutlet_gemm_nn_bf16_out_bf16 => NnBf16OutBf16,
    cutlet_gemm_tn_f16_out_f16 => TnF16OutF16,
    cutlet_gemm_tt_f16_out_f16 => TtF16OutF16,
    cutlet_gemm_nt_f16_out_f16 => NtF16OutF16,
);

/// PTX entries for configurations of [`crate::gemm_sm90::gemm_sm90`] (sm_90a only; the linker
/// keeps `cutlet_gemm_sm90_*` out of other architectures and declares their 384-thread
/// blocks): `(args, tma, c)`.
macro_rules! gemm_sm90_entries {
    ($($entry:ident => $cfg:ident),* $(,)?) => {$(
        #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
        pub mod $entry {
            use super::{kernel, GmemPtr, TmaDescriptor};
            use crate::gemm_sm80::GemmArgs;
            type O = <crate::gemm_sm90::$cfg as crate::gemm_sm90::Sm90Config>::Out;
            #[doc = concat!("[`crate::gemm_sm90::gemm_sm90`] for [`crate::gemm_sm90::", stringify!($cfg), "`].")]
            ///
            /// # Safety
            /// `tma` points to three descriptors (in global memory) of
            /// `crate::gemm_sm90::tma_boxes`'s boxes over A, B and C; C holds `ldc * n` elements.
            #[kernel(crate = cutlet_core)]
            pub unsafe extern "ptx-kernel" fn $entry(args: GemmArgs, tma: *const TmaDescriptor, c: *mut O) {
                // SAFETY: the caller's contract above is the kernel's.
                let (tma, c) = unsafe { (GmemPtr::new(tma.cast_mut()), GmemPtr::new(c)) };
                crate::gemm_sm90::gemm_sm90::<crate::gemm_sm90::$cfg>(args, tma, c)
            }
        }
        // The host's `Kernel` constant; on nvptx the entry is its exported symbol (and may
        // be left out by an entry filter).
        #[cfg(not(target_arch = "nvptx64"))]
        pub use $entry::$entry;
    )*};
}
gemm_sm90_entries!(
    cutlet_gemm_sm90_tn_bf16 => TnBf16,
    cutlet_gemm_sm90_tn_bf16_2x1 => TnBf16Cluster2,
    cutlet_gemm_sm90_tn_bf16_pingpong => TnBf16Pingpong,
    cutlet_gemm_sm90_tn_f16 => TnF16,
    cutlet_gemm_sm90_nt_bf16_out_bf16 => NtBf16OutBf16,
);
