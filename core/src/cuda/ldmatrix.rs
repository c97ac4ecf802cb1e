//! SM75 `ldmatrix`: a warp loads up to four 8x8 matrices of 16-bit elements from shared
//! memory, each lane supplying the address of one 16-byte row, and every lane receives
//! its fragment (`.trans` transposes each matrix on the way). The copy atoms
//! `SM75_U32x{1,2,4}_LDSM_N` and `SM75_U16x{2,4,8}_LDSM_T` run it; which lane receives
//! which bits is CuTe's `DstLayout` of the same atom (the tests check every lane
//! against it). All 32 lanes of a warp must execute it.

use super::U128;

/// Lane `t`'s register `j`: (matrix, row, half-word column) of its two 16-bit halves
/// (low, high), from the PTX ISA's description of `ldmatrix`.
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
pub(crate) fn emulate<const R: usize>(
    row: &U128,
    trans: bool,
    at: super::emu::sanitizer::Origin,
) -> [u32; R] {
    use super::emu::sanitizer::{Instr, Op, access};
    // Each lane's row is its own read (the lanes of matrices past `R` supply none).
    if super::lane_id() < 8 * R {
        access(
            row as *const U128 as usize,
            16,
            at,
            Op::Read,
            Instr::Ldmatrix,
        );
    }
    let t = super::lane_id();
    super::emu::warp_collective(row as *const U128 as usize, |addrs| {
        let half = |j: usize, r: usize, c: usize| -> u32 {
            // Row `r` of matrix `j` was supplied by lane `8 j + r`.
            let p = addrs[8 * j + r] as *const U128;
            // SAFETY: every lane's address is a live reference to a 16-byte row held by
            // that lane, which stays inside this collective until every lane has read.
            let words = unsafe { (*p).0 };
            (words[c / 2] >> (16 * (c % 2))) & 0xffff
        };
        core::array::from_fn(|j| {
            let (lo, hi) = if trans {
                (half(j, 2 * (t % 4), t / 4), half(j, 2 * (t % 4) + 1, t / 4))
            } else {
                (half(j, t / 4, 2 * (t % 4)), half(j, t / 4, 2 * (t % 4) + 1))
            };
            lo | (hi << 16)
        })
    })
}

/// `ldmatrix.sync.aligned.m8n8.x{N}[.trans].shared.b16`: this lane supplies `row` (the
/// row `lane % 8` of matrix `lane / 8`, for the lanes that supply one) and receives
/// register `j` of matrix `j`: two 16-bit elements, the first in the low half.
///
/// # Safety
/// `row` is 16 bytes of the block's shared memory, 16-byte aligned, that no thread
/// writes meanwhile; all 32 lanes of the warp execute the call.
///
/// ```
/// use cutlet_core::cuda::{emu, ldmatrix::ldmatrix, lane_id, Dim3, U128};
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     // Lane r supplies row r: elements 8r .. 8r + 8.
///     let r = lane_id() as u32;
///     let words: [u32; 4] = core::array::from_fn(|w| {
///         let e = 8 * r + 2 * w as u32;
///         e | ((e + 1) << 16)
///     });
///     // SAFETY: each lane's row is a live, aligned local (the emulator reads it in place).
///     let got = unsafe { ldmatrix::<1, false>(&U128(words)) };
///     // Lane t receives row t / 4, columns 2 (t % 4) and 2 (t % 4) + 1 of matrix 0.
///     let t = lane_id() as u32;
///     let e = 8 * (t / 4) + 2 * (t % 4);
///     assert_eq!(got, [e | ((e + 1) << 16)]);
/// })
/// .unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub unsafe fn ldmatrix<const N: usize, const TRANS: bool>(row: *const U128) -> [u32; N] {
    const {
        assert!(
            N == 1 || N == 2 || N == 4,
            "ldmatrix loads 1, 2 or 4 matrices"
        )
    };
    #[cfg(target_arch = "nvptx64")]
    {
        let (mut r0, mut r1, mut r2, mut r3) = (0u32, 0u32, 0u32, 0u32);
        // SAFETY: the caller's contract: `row` is a 16-byte shared-memory row and all 32
        // lanes execute the instruction.
        unsafe {
            match (N, TRANS) {
                (1, false) => ldsm_asm!("m8n8.x1.shared.b16", row, r0),
                (2, false) => ldsm_asm!("m8n8.x2.shared.b16", row, r0, r1),
                (4, false) => ldsm_asm!("m8n8.x4.shared.b16", row, r0, r1, r2, r3),
                (1, true) => ldsm_asm!("m8n8.x1.trans.shared.b16", row, r0),
                (2, true) => ldsm_asm!("m8n8.x2.trans.shared.b16", row, r0, r1),
                _ => ldsm_asm!("m8n8.x4.trans.shared.b16", row, r0, r1, r2, r3),
            }
        }
        let (r, mut out) = ([r0, r1, r2, r3], [0u32; N]);
        // Unrolled by hand: `array::from_fn` is a loop and a closure call that LLVM
        // may leave in place inside a kernel's main loop.
        crate::unroll!(for i in 0..4 {
            if i < N {
                out[i] = r[i];
            }
        });
        out
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        // SAFETY: the caller's contract; the emulator's rows are aligned.
        emulate::<N>(
            unsafe { &*row },
            TRANS,
            super::emu::sanitizer::Origin::raw(row as usize),
        )
    }
}

#[cfg(target_arch = "nvptx64")]
macro_rules! ldsm_asm {
    ($ptx:literal, $row:ident, $r0:ident) => {
        core::arch::asm!(
            concat!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ldmatrix.sync.aligned.", $ptx, " {{{r0}}}, [s]; }}"),
            p = in(reg64) $row, r0 = out(reg32) $r0, options(readonly, nostack)
        )
    };
    ($ptx:literal, $row:ident, $r0:ident, $r1:ident) => {
        core::arch::asm!(
            concat!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ldmatrix.sync.aligned.", $ptx, " {{{r0}, {r1}}}, [s]; }}"),
            p = in(reg64) $row, r0 = out(reg32) $r0, r1 = out(reg32) $r1, options(readonly, nostack)
        )
    };
    ($ptx:literal, $row:ident, $r0:ident, $r1:ident, $r2:ident, $r3:ident) => {
        core::arch::asm!(
            concat!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ldmatrix.sync.aligned.", $ptx, " {{{r0}, {r1}, {r2}, {r3}}}, [s]; }}"),
            p = in(reg64) $row, r0 = out(reg32) $r0, r1 = out(reg32) $r1,
            r2 = out(reg32) $r2, r3 = out(reg32) $r3, options(readonly, nostack)
        )
    };
}
#[cfg(target_arch = "nvptx64")]
use ldsm_asm;
