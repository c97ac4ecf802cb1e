//! SM75 `ldmatrix`: a warp loads up to four 8x8 matrices of 16-bit elements from shared
//! memory, each lane supplying the address of one 16-byte row, and every lane receives
//! its fragment (`.trans` transposes each matrix on the way). Named by CuTe's copy
//! operations; which lane receives which bits is CuTe's `DstLayout` of the same atom
//! (the tests check every lane against it). All 32 lanes of a warp must execute it.
#![allow(non_camel_case_types)]

use super::U128;

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
                // SAFETY: the caller's contract is `ldmatrix`'s.
                unsafe { cutlet_core::cuda::ldmatrix::ldmatrix::<$n, $trans>(row) }
            }
        }
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
