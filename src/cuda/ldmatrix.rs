//! SM75 `ldmatrix`: a warp loads up to four 8x8 matrices of 16-bit elements from shared
//! memory, each lane supplying the address of one 16-byte row, and every lane receives
//! its fragment (`.trans` transposes each matrix on the way). Named by CuTe's copy
//! operations; which lane receives which bits is CuTe's `DstLayout` of the same atom
//! (the tests check every lane against it). All 32 lanes of a warp must execute it.
#![allow(non_camel_case_types)]

use super::U128;

/// Lane `t`'s register `j`: (matrix, row, half-word column) of its two 16-bit halves
/// (low, high), from the PTX ISA's description of `ldmatrix`.
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn emulate<const R: usize>(row: &U128, trans: bool) -> [u32; R] {
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

macro_rules! ldsm {
    ($(#[$doc:meta])* $name:ident, $n:tt, $ptx:literal, $trans:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;
        impl $name {
            /// Loads this lane's fragment; `row` is the shared-memory row this lane
            /// supplies (lanes `8 j .. 8 j + 7` give the rows of matrix `j`; the others'
            /// rows are not read).
            #[inline(always)]
            #[track_caller]
            pub fn copy(row: &U128) -> [u32; $n] {
                // SAFETY: a reference is a live, aligned 16-byte row.
                unsafe { Self::copy_raw(row) }
            }
            /// [`copy`](Self::copy) from a raw row address (what the copy atom has).
            ///
            /// # Safety
            /// `row` points to 16 readable bytes of shared memory. On the GPU a
            /// misaligned row faults in the instruction; the emulator requires alignment.
            #[inline(always)]
            #[track_caller]
            pub(crate) unsafe fn copy_raw(row: *const U128) -> [u32; $n] {
                #[cfg(target_arch = "nvptx64")]
                {
                    let mut r = [0u32; $n];
                    // SAFETY: `row` is a 16-byte shared-memory row (the caller's
                    // contract); ldmatrix reads the rows of lanes that supply them, all 32
                    // lanes execute it.
                    unsafe { ldsm_asm!($n, $ptx, row, r) };
                    r
                }
                #[cfg(not(target_arch = "nvptx64"))]
                {
                    // SAFETY: the caller's contract; the emulator's rows are aligned.
                    emulate::<$n>(unsafe { &*row }, $trans)
                }
            }
        }
    };
}

#[cfg(target_arch = "nvptx64")]
macro_rules! ldsm_asm {
    (1, $ptx:literal, $row:ident, $r:ident) => {
        core::arch::asm!(
            concat!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ldmatrix.sync.aligned.", $ptx, " {{{r0}}}, [s]; }}"),
            p = in(reg64) $row as *const U128, r0 = out(reg32) $r[0], options(readonly, nostack)
        )
    };
    (2, $ptx:literal, $row:ident, $r:ident) => {
        core::arch::asm!(
            concat!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ldmatrix.sync.aligned.", $ptx, " {{{r0}, {r1}}}, [s]; }}"),
            p = in(reg64) $row as *const U128, r0 = out(reg32) $r[0], r1 = out(reg32) $r[1],
            options(readonly, nostack)
        )
    };
    (4, $ptx:literal, $row:ident, $r:ident) => {
        core::arch::asm!(
            concat!("{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; ldmatrix.sync.aligned.", $ptx, " {{{r0}, {r1}, {r2}, {r3}}}, [s]; }}"),
            p = in(reg64) $row as *const U128, r0 = out(reg32) $r[0], r1 = out(reg32) $r[1],
            r2 = out(reg32) $r[2], r3 = out(reg32) $r[3], options(readonly, nostack)
        )
    };
}

ldsm!(
    /// CuTe's `SM75_U32x1_LDSM_N`: `ldmatrix.sync.aligned.m8n8.x1.shared.b16`.
    ///
    /// ```
    /// use cutlet::cuda::{emu, ldmatrix::SM75_U32x1_LDSM_N as Ldsm, lane_id, Dim3, U128};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     let r = lane_id() as u32;
    ///     let row = U128([r * 4, r * 4 + 1, r * 4 + 2, r * 4 + 3]); // 32-bit word w of row r
    ///     let t = lane_id() as u32;
    ///     assert_eq!(Ldsm::copy(&row), [(t / 4) * 4 + t % 4]);
    /// }).unwrap();
    /// ```
    SM75_U32x1_LDSM_N, 1, "m8n8.x1.shared.b16", false
);
ldsm!(
    /// CuTe's `SM75_U32x2_LDSM_N`: `ldmatrix.sync.aligned.m8n8.x2.shared.b16`.
    ///
    /// ```
    /// use cutlet::cuda::{emu, ldmatrix::SM75_U32x2_LDSM_N as Ldsm, lane_id, Dim3, U128};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     let r = lane_id() as u32;
    ///     assert_eq!(Ldsm::copy(&U128([r; 4]))[1], 8 + r / 4);
    /// }).unwrap();
    /// ```
    SM75_U32x2_LDSM_N, 2, "m8n8.x2.shared.b16", false
);
ldsm!(
    /// CuTe's `SM75_U32x4_LDSM_N`: `ldmatrix.sync.aligned.m8n8.x4.shared.b16`.
    ///
    /// ```
    /// use cutlet::cuda::{emu, ldmatrix::SM75_U32x4_LDSM_N as Ldsm, lane_id, Dim3, U128};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     let r = lane_id() as u32;
    ///     assert_eq!(Ldsm::copy(&U128([r; 4]))[3], 24 + r / 4);
    /// }).unwrap();
    /// ```
    SM75_U32x4_LDSM_N, 4, "m8n8.x4.shared.b16", false
);
ldsm!(
    /// CuTe's `SM75_U16x2_LDSM_T`: `ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16`.
    ///
    /// ```
    /// use cutlet::cuda::{emu, ldmatrix::SM75_U16x2_LDSM_T as Ldsm, lane_id, Dim3, U128};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     // Row r holds half-words 8r..8r+7: lane t gets column t/4 of rows 2(t%4), +1.
    ///     let r = lane_id() as u32;
    ///     let w = |c: u32| (8 * r + c) | ((8 * r + c + 1) << 16);
    ///     let t = lane_id() as u32;
    ///     let want = (16 * (t % 4) + t / 4) | ((16 * (t % 4) + 8 + t / 4) << 16);
    ///     assert_eq!(Ldsm::copy(&U128([w(0), w(2), w(4), w(6)])), [want]);
    /// }).unwrap();
    /// ```
    SM75_U16x2_LDSM_T, 1, "m8n8.x1.trans.shared.b16", true
);
ldsm!(
    /// CuTe's `SM75_U16x4_LDSM_T`: `ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16`.
    ///
    /// ```
    /// use cutlet::cuda::{emu, ldmatrix::SM75_U16x4_LDSM_T as Ldsm, Dim3, U128};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     assert_eq!(Ldsm::copy(&U128([0x0007_0007; 4])), [0x0007_0007; 2]);
    /// }).unwrap();
    /// ```
    SM75_U16x4_LDSM_T, 2, "m8n8.x2.trans.shared.b16", true
);
ldsm!(
    /// CuTe's `SM75_U16x8_LDSM_T`: `ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16`.
    ///
    /// ```
    /// use cutlet::cuda::{emu, ldmatrix::SM75_U16x8_LDSM_T as Ldsm, Dim3, U128};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     assert_eq!(Ldsm::copy(&U128([0x0001_0001; 4])), [0x0001_0001; 4]);
    /// }).unwrap();
    /// ```
    SM75_U16x8_LDSM_T, 4, "m8n8.x4.trans.shared.b16", true
);
