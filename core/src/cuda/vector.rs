//! Vector element types: what one 32/64/128-bit load or store moves (CuTe's
//! `uint32_t`/`uint64_t`/`uint128_t` copy units).

use super::MemSpace;
#[cfg(target_arch = "nvptx64")]
use crate::tensor::Space;

/// 128 bits, 16-byte aligned: a tensor of `U128` loads and stores with one
/// `ld.global.v4.u32`/`st.global.v4.u32` per element (CuTe's `uint128_t`).
///
/// ```
/// use cutlet_core::cuda::U128;
/// assert_eq!(core::mem::align_of::<U128>(), 16);
/// assert_eq!(U128([1, 2, 3, 4]).0[3], 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct U128(pub [u32; 4]);

// CuTe's `uint128_t`: 128 bits to the layout algebra (`Copy_Atom<UniversalCopy<uint128_t>, uint128_t>`).
impl crate::algebra::recast::SizeofBits for U128 {
    type Bits = typenum::U128;
}

/// 64 bits, 8-byte aligned (CuTe's `uint64_t` copy unit).
///
/// ```
/// use cutlet_core::cuda::U64;
/// assert_eq!(core::mem::size_of::<U64>(), 8);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub struct U64(pub [u32; 2]);

/// Loads a `T` from `p` in memory space `Sp`. On the GPU a 16-byte `T` (such as
/// [`U128`]) is one `ld.global.v4.u32` / `ld.shared.v4.u32` (LLVM would split it into two
/// 64-bit loads); other sizes are plain loads.
///
/// # Safety
/// `p` is valid for reading a `T` and aligned for it.
#[inline(always)]
#[cfg_attr(
    not(target_arch = "nvptx64"),
    allow(clippy::extra_unused_type_parameters)
)]
pub(crate) unsafe fn load<T: Copy, Sp: MemSpace>(p: *const T) -> T {
    #[cfg(target_arch = "nvptx64")]
    if core::mem::size_of::<T>() == 16 && core::mem::align_of::<T>() >= 16 {
        let (a, b, c, d): (u32, u32, u32, u32);
        // SAFETY: the caller's contract; the address converts to the space the engine's
        // tag names (global memory is identity-mapped in the generic space).
        unsafe {
            if matches!(Sp::SPACE, Space::Global) {
                core::arch::asm!("{{ .reg .u64 g; cvta.to.global.u64 g, {p}; ld.global.v4.u32 {{{a}, {b}, {c}, {d}}}, [g]; }}",
                    p = in(reg64) p, a = out(reg32) a, b = out(reg32) b, c = out(reg32) c, d = out(reg32) d,
                    options(readonly, nostack, preserves_flags));
            } else if matches!(Sp::SPACE, Space::Shared) {
                core::arch::asm!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ld.shared.v4.u32 {{{a}, {b}, {c}, {d}}}, [s]; }}",
                    p = in(reg64) p, a = out(reg32) a, b = out(reg32) b, c = out(reg32) c, d = out(reg32) d,
                    options(readonly, nostack, preserves_flags));
            } else {
                core::arch::asm!("ld.v4.u32 {{{a}, {b}, {c}, {d}}}, [{p}];",
                    p = in(reg64) p, a = out(reg32) a, b = out(reg32) b, c = out(reg32) c, d = out(reg32) d,
                    options(readonly, nostack, preserves_flags));
            }
            return core::mem::transmute_copy(&[a, b, c, d]);
        }
    }
    // SAFETY: the caller's contract.
    unsafe { p.read() }
}

/// Stores `v` at `p` in memory space `Sp`; the store twin of [`load`].
///
/// # Safety
/// `p` is valid for writing a `T` and aligned for it.
#[inline(always)]
#[cfg_attr(
    not(target_arch = "nvptx64"),
    allow(clippy::extra_unused_type_parameters)
)]
pub(crate) unsafe fn store<T: Copy, Sp: MemSpace>(p: *mut T, v: T) {
    #[cfg(target_arch = "nvptx64")]
    if core::mem::size_of::<T>() == 16 && core::mem::align_of::<T>() >= 16 {
        // SAFETY: `T` is 16 bytes, so it reads as four words.
        let [a, b, c, d]: [u32; 4] = unsafe { core::mem::transmute_copy(&v) };
        // SAFETY: the caller's contract, as in `load`.
        unsafe {
            if matches!(Sp::SPACE, Space::Global) {
                core::arch::asm!("{{ .reg .u64 g; cvta.to.global.u64 g, {p}; st.global.v4.u32 [g], {{{a}, {b}, {c}, {d}}}; }}",
                    p = in(reg64) p, a = in(reg32) a, b = in(reg32) b, c = in(reg32) c, d = in(reg32) d,
                    options(nostack, preserves_flags));
            } else if matches!(Sp::SPACE, Space::Shared) {
                core::arch::asm!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; st.shared.v4.u32 [s], {{{a}, {b}, {c}, {d}}}; }}",
                    p = in(reg64) p, a = in(reg32) a, b = in(reg32) b, c = in(reg32) c, d = in(reg32) d,
                    options(nostack, preserves_flags));
            } else {
                core::arch::asm!("st.v4.u32 [{p}], {{{a}, {b}, {c}, {d}}};",
                    p = in(reg64) p, a = in(reg32) a, b = in(reg32) b, c = in(reg32) c, d = in(reg32) d,
                    options(nostack, preserves_flags));
            }
        }
        return;
    }
    // SAFETY: the caller's contract.
    unsafe { p.write(v) }
}
