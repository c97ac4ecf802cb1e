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
/// [`U128`]) is one `ld.global.v4.u32` (LLVM would split it into two 64-bit loads), and
/// shared memory is read by [`load_shared`]; other loads are plain.
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
    if matches!(Sp::SPACE, Space::Shared) {
        // SAFETY: the caller's contract; `p` is in shared memory (the engine's tag).
        return unsafe { load_shared(p, super::cast_smem_ptr_to_uint(p)) };
    }
    #[cfg(target_arch = "nvptx64")]
    if core::mem::size_of::<T>() == 16 && core::mem::align_of::<T>() >= 16 {
        let (a, b, c, d): (u32, u32, u32, u32);
        // SAFETY: the caller's contract; the address converts to global memory (identity-
        // mapped in the generic space).
        unsafe {
            if matches!(Sp::SPACE, Space::Global) {
                core::arch::asm!("{{ .reg .u64 g; cvta.to.global.u64 g, {p}; ld.global.v4.u32 {{{a}, {b}, {c}, {d}}}, [g]; }}",
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
    if matches!(Sp::SPACE, Space::Shared) {
        // SAFETY: the caller's contract; `p` is in shared memory (the engine's tag).
        return unsafe { store_shared(p, super::cast_smem_ptr_to_uint(p), v) };
    }
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

/// Loads a `T` from shared memory at `.shared` window address `addr` (`p`'s): one
/// `ld.shared` of 16, 32, 64 or 128 bits, addressed in 32 bits (through a generic
/// pointer LLVM cannot tell the space, and computes addresses in 64 bits); other sizes
/// read `p`.
///
/// # Safety
/// `p` is valid for reading a `T` in shared memory and aligned for it; `addr` is its
/// window address.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(crate) unsafe fn load_shared<T: Copy>(p: *const T, addr: u32) -> T {
    // SAFETY: the caller's contract; each arm reads `size_of::<T>()` bytes at `addr`.
    unsafe {
        match core::mem::size_of::<T>() {
            2 => {
                let r: u16;
                core::arch::asm!("ld.shared.b16 {r}, [{a}];", a = in(reg32) addr, r = out(reg16) r,
                    options(readonly, nostack, preserves_flags));
                core::mem::transmute_copy(&r)
            }
            4 => {
                let r: u32;
                core::arch::asm!("ld.shared.b32 {r}, [{a}];", a = in(reg32) addr, r = out(reg32) r,
                    options(readonly, nostack, preserves_flags));
                core::mem::transmute_copy(&r)
            }
            8 if core::mem::align_of::<T>() >= 8 => {
                let r: u64;
                core::arch::asm!("ld.shared.b64 {r}, [{a}];", a = in(reg32) addr, r = out(reg64) r,
                    options(readonly, nostack, preserves_flags));
                core::mem::transmute_copy(&r)
            }
            16 if core::mem::align_of::<T>() >= 16 => {
                let (x, y, z, w): (u32, u32, u32, u32);
                core::arch::asm!("ld.shared.v4.u32 {{{x}, {y}, {z}, {w}}}, [{a}];",
                    a = in(reg32) addr, x = out(reg32) x, y = out(reg32) y, z = out(reg32) z, w = out(reg32) w,
                    options(readonly, nostack, preserves_flags));
                core::mem::transmute_copy(&[x, y, z, w])
            }
            _ => p.read(),
        }
    }
}

/// Stores `v` to shared memory at `.shared` window address `addr` (`p`'s); the store
/// twin of [`load_shared`].
///
/// # Safety
/// `p` is valid for writing a `T` in shared memory and aligned for it; `addr` is its
/// window address.
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
pub(crate) unsafe fn store_shared<T: Copy>(p: *mut T, addr: u32, v: T) {
    // SAFETY: the caller's contract; each arm writes `size_of::<T>()` bytes at `addr`,
    // reading `v` as the integers of its size.
    unsafe {
        match core::mem::size_of::<T>() {
            2 => {
                let r: u16 = core::mem::transmute_copy(&v);
                core::arch::asm!("st.shared.b16 [{a}], {r};", a = in(reg32) addr, r = in(reg16) r,
                    options(nostack, preserves_flags));
            }
            4 => {
                let r: u32 = core::mem::transmute_copy(&v);
                core::arch::asm!("st.shared.b32 [{a}], {r};", a = in(reg32) addr, r = in(reg32) r,
                    options(nostack, preserves_flags));
            }
            8 if core::mem::align_of::<T>() >= 8 => {
                let r: u64 = core::mem::transmute_copy(&v);
                core::arch::asm!("st.shared.b64 [{a}], {r};", a = in(reg32) addr, r = in(reg64) r,
                    options(nostack, preserves_flags));
            }
            16 if core::mem::align_of::<T>() >= 16 => {
                let [x, y, z, w]: [u32; 4] = core::mem::transmute_copy(&v);
                core::arch::asm!("st.shared.v4.u32 [{a}], {{{x}, {y}, {z}, {w}}};",
                    a = in(reg32) addr, x = in(reg32) x, y = in(reg32) y, z = in(reg32) z, w = in(reg32) w,
                    options(nostack, preserves_flags));
            }
            _ => p.write(v),
        }
    }
}
