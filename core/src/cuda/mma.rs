//! SM80 warp-level MMA instructions (`mma.sync.aligned`), by CuTe's operation names.
//! Each `mma` takes this lane's fragments of A, B and C (packed as the PTX instruction
//! takes them: two 16-bit or four 8-bit values per `u32`, lowest first) and returns its
//! fragment of `D = A B + C`. Which lane holds which element is the PTX ISA's fragment
//! layout, which is CuTe's `ALayout`/`BLayout`/`CLayout` of the same atom (the tests
//! check every lane against CuTe's layouts). All 32 lanes of a warp must execute it.
//!
//! In the emulator the lanes' fragments are gathered, the product is computed in `f64`
//! and each lane gets its elements back, rounded once.
#![allow(non_camel_case_types)]

pub use crate::arch::{
    SM80_8x8x4_F64F64F64F64_TN, SM80_16x8x8_F32F16F16F32_TN, SM80_16x8x8_F32TF32TF32F32_TN,
    SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN, SM80_16x8x32_S32S8S8S32_TN,
};

/// Where element `i` of lane `lane`'s fragment sits in its matrix: `(row, col)` of A
/// `(m, k)`, B `(n, k)` or C `(m, n)`, as the PTX ISA defines the fragments.
#[cfg(not(target_arch = "nvptx64"))]
type Pos = fn(usize, usize) -> (usize, usize);

/// Emulates one warp-wide `mma` of shape `m x n x k`.
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn emulate<const NA: usize, const NB: usize, const NC: usize>(
    (m, n, k): (usize, usize, usize),
    (a, apos): ([f64; NA], Pos),
    (b, bpos): ([f64; NB], Pos),
    (c, cpos): ([f64; NC], Pos),
) -> [f64; NC] {
    super::emu::warp_map((a, b, c), |all| {
        let (mut ma, mut mb, mut mc) = (
            std::vec![0f64; m * k],
            std::vec![0f64; n * k],
            std::vec![0f64; m * n],
        );
        for (lane, (a, b, c)) in all.iter().enumerate() {
            for (i, v) in a.iter().enumerate() {
                let (r, col) = apos(lane, i);
                ma[r + m * col] = *v;
            }
            for (i, v) in b.iter().enumerate() {
                let (r, col) = bpos(lane, i);
                mb[r + n * col] = *v;
            }
            for (i, v) in c.iter().enumerate() {
                let (r, col) = cpos(lane, i);
                mc[r + m * col] = *v;
            }
        }
        core::array::from_fn(|lane| {
            core::array::from_fn(|i| {
                let (r, col) = cpos(lane, i);
                mc[r + m * col] + (0..k).map(|l| ma[r + m * l] * mb[col + n * l]).sum::<f64>()
            })
        })
    })
}

// Fragment positions from the PTX ISA ("Matrix Fragments for mma.m16n8k16" etc.):
// groupID = lane / 4, threadID_in_group = lane % 4.
#[cfg(not(target_arch = "nvptx64"))]
mod frag {
    pub fn c16x8(l: usize, i: usize) -> (usize, usize) {
        (l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2)
    }
    pub fn a16x16(l: usize, i: usize) -> (usize, usize) {
        (l / 4 + 8 * ((i / 2) % 2), 2 * (l % 4) + i % 2 + 8 * (i / 4))
    }
    pub fn b8x16(l: usize, i: usize) -> (usize, usize) {
        (l / 4, 2 * (l % 4) + i % 2 + 8 * (i / 2))
    }
    pub fn a16x8_b16(l: usize, i: usize) -> (usize, usize) {
        (l / 4 + 8 * (i / 2), 2 * (l % 4) + i % 2)
    }
    pub fn b8x8_b16(l: usize, i: usize) -> (usize, usize) {
        (l / 4, 2 * (l % 4) + i)
    }
    pub fn a16x8_tf32(l: usize, i: usize) -> (usize, usize) {
        (l / 4 + 8 * (i % 2), l % 4 + 4 * (i / 2))
    }
    pub fn b8x8_tf32(l: usize, i: usize) -> (usize, usize) {
        (l / 4, l % 4 + 4 * i)
    }
    pub fn ab8x4_f64(l: usize, _: usize) -> (usize, usize) {
        (l / 4, l % 4)
    }
    pub fn c8x8_f64(l: usize, i: usize) -> (usize, usize) {
        (l / 4, 2 * (l % 4) + i)
    }
    pub fn a16x32_s8(l: usize, i: usize) -> (usize, usize) {
        (
            l / 4 + 8 * ((i / 4) % 2),
            4 * (l % 4) + i % 4 + 16 * (i / 8),
        )
    }
    pub fn b8x32_s8(l: usize, i: usize) -> (usize, usize) {
        (l / 4, 4 * (l % 4) + i % 4 + 16 * (i / 4))
    }
}

#[cfg(not(target_arch = "nvptx64"))]
fn halves<const N: usize, const H: usize>(r: [u32; N], f: fn(u16) -> f64) -> [f64; H] {
    core::array::from_fn(|i| f((r[i / 2] >> (16 * (i % 2))) as u16))
}
#[cfg(not(target_arch = "nvptx64"))]
fn f16(x: u16) -> f64 {
    half::f16::from_bits(x).to_f64()
}
#[cfg(not(target_arch = "nvptx64"))]
fn bf16(x: u16) -> f64 {
    half::bf16::from_bits(x).to_f64()
}

macro_rules! mma_f16_like {
    ($(#[$doc:meta])* $name:ident, $ptx:literal, $na:tt, $nb:tt, $conv:ident,
     $shape:expr, $apos:ident, $bpos:ident) => {
        $(#[$doc])*
        impl $name {
            /// This lane's fragment of `D = A B + C` (see the module docs).
            #[inline(always)]
            #[track_caller]
            pub fn mma(a: [u32; $na], b: [u32; $nb], c: [f32; 4]) -> [f32; 4] {
                #[cfg(target_arch = "nvptx64")]
                {
                    let mut d = c;
                    // SAFETY: register-only warp instruction; the caller runs it on all
                    // 32 lanes (the device layer's contract for warp-level atoms).
                    unsafe { mma_asm!($ptx, $na, $nb, a, b, d) };
                    d
                }
                #[cfg(not(target_arch = "nvptx64"))]
                {
                    let a: [f64; 2 * $na] = halves(a, $conv);
                    let b: [f64; 2 * $nb] = halves(b, $conv);
                    let c = c.map(f64::from);
                    emulate($shape, (a, frag::$apos), (b, frag::$bpos), (c, frag::c16x8))
                        .map(|x| x as f32)
                }
            }
        }
    };
}

#[cfg(target_arch = "nvptx64")]
macro_rules! mma_asm {
    ($ptx:literal, 4, 2, $a:ident, $b:ident, $d:ident) => {
        core::arch::asm!(
            concat!("mma.sync.aligned.", $ptx, " {{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, {{{0}, {1}, {2}, {3}}};"),
            inout(reg32) $d[0], inout(reg32) $d[1], inout(reg32) $d[2], inout(reg32) $d[3],
            in(reg32) $a[0], in(reg32) $a[1], in(reg32) $a[2], in(reg32) $a[3],
            in(reg32) $b[0], in(reg32) $b[1],
            options(pure, nomem, nostack)
        )
    };
    ($ptx:literal, 2, 1, $a:ident, $b:ident, $d:ident) => {
        core::arch::asm!(
            concat!("mma.sync.aligned.", $ptx, " {{{0}, {1}, {2}, {3}}}, {{{4}, {5}}}, {{{6}}}, {{{0}, {1}, {2}, {3}}};"),
            inout(reg32) $d[0], inout(reg32) $d[1], inout(reg32) $d[2], inout(reg32) $d[3],
            in(reg32) $a[0], in(reg32) $a[1],
            in(reg32) $b[0],
            options(pure, nomem, nostack)
        )
    };
}

mma_f16_like!(
    /// CuTe's `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, mma::SM80_16x8x16_F32F16F16F32_TN as Mma, Dim3};
    /// // A = B = all ones (f16 1.0 = 0x3c00), C = 0: every D element is K = 16.
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     let one = 0x3c00_3c00u32;
    ///     assert_eq!(Mma::mma([one; 4], [one; 2], [0.0; 4]), [16.0; 4]);
    /// }).unwrap();
    /// ```
    SM80_16x8x16_F32F16F16F32_TN, "m16n8k16.row.col.f32.f16.f16.f32", 4, 2, f16, (16, 8, 16), a16x16, b8x16
);
mma_f16_like!(
    /// CuTe's `SM80_16x8x16_F32BF16BF16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, mma::SM80_16x8x16_F32BF16BF16F32_TN as Mma, Dim3};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     let one = 0x3f80_3f80u32; // bf16 1.0
    ///     assert_eq!(Mma::mma([one; 4], [one; 2], [1.0; 4]), [17.0; 4]);
    /// }).unwrap();
    /// ```
    SM80_16x8x16_F32BF16BF16F32_TN, "m16n8k16.row.col.f32.bf16.bf16.f32", 4, 2, bf16, (16, 8, 16), a16x16, b8x16
);
mma_f16_like!(
    /// CuTe's `SM80_16x8x8_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, mma::SM80_16x8x8_F32F16F16F32_TN as Mma, Dim3};
    /// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
    ///     let one = 0x3c00_3c00u32;
    ///     assert_eq!(Mma::mma([one; 2], [one; 1], [0.0; 4]), [8.0; 4]);
    /// }).unwrap();
    /// ```
    SM80_16x8x8_F32F16F16F32_TN, "m16n8k8.row.col.f32.f16.f16.f32", 2, 1, f16, (16, 8, 8), a16x8_b16, b8x8_b16
);

/// CuTe's `SM80_16x8x8_F32TF32TF32F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`.
/// A and B are `f32` bit patterns; the hardware (and the emulator) use their top 19 bits.
///
/// ```
/// use cutlet_core::cuda::{emu, mma::SM80_16x8x8_F32TF32TF32F32_TN as Mma, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     let one = 1.0f32.to_bits();
///     assert_eq!(Mma::mma([one; 4], [one; 2], [0.5; 4]), [8.5; 4]);
/// }).unwrap();
/// ```
impl SM80_16x8x8_F32TF32TF32F32_TN {
    /// This lane's fragment of `D = A B + C`.
    #[inline(always)]
    #[track_caller]
    pub fn mma(a: [u32; 4], b: [u32; 2], c: [f32; 4]) -> [f32; 4] {
        #[cfg(target_arch = "nvptx64")]
        {
            let mut d = c;
            // SAFETY: register-only warp instruction executed by all 32 lanes.
            unsafe { mma_asm!("m16n8k8.row.col.f32.tf32.tf32.f32", 4, 2, a, b, d) };
            d
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            let tf32 = |x: u32| f32::from_bits(x & 0xffff_e000) as f64;
            let (a, b) = (a.map(tf32), b.map(tf32));
            emulate(
                (16, 8, 8),
                (a, frag::a16x8_tf32),
                (b, frag::b8x8_tf32),
                (c.map(f64::from), frag::c16x8),
            )
            .map(|x| x as f32)
        }
    }
}

/// CuTe's `SM80_8x8x4_F64F64F64F64_TN`: `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`.
///
/// ```
/// use cutlet_core::cuda::{emu, mma::SM80_8x8x4_F64F64F64F64_TN as Mma, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     assert_eq!(Mma::mma(2.0, 3.0, [1.0; 2]), [25.0; 2]);
/// }).unwrap();
/// ```
impl SM80_8x8x4_F64F64F64F64_TN {
    /// This lane's fragment of `D = A B + C`.
    #[inline(always)]
    #[track_caller]
    pub fn mma(a: f64, b: f64, c: [f64; 2]) -> [f64; 2] {
        #[cfg(target_arch = "nvptx64")]
        {
            let mut d = c;
            // SAFETY: register-only warp instruction executed by all 32 lanes.
            unsafe {
                core::arch::asm!(
                    "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {{{0}, {1}}}, {{{2}}}, {{{3}}}, {{{0}, {1}}};",
                    inout(reg64) d[0], inout(reg64) d[1], in(reg64) a, in(reg64) b,
                    options(pure, nomem, nostack)
                )
            };
            d
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            emulate(
                (8, 8, 4),
                ([a], frag::ab8x4_f64),
                ([b], frag::ab8x4_f64),
                (c, frag::c8x8_f64),
            )
        }
    }
}

/// CuTe's `SM80_16x8x32_S32S8S8S32_TN`: `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`.
///
/// ```
/// use cutlet_core::cuda::{emu, mma::SM80_16x8x32_S32S8S8S32_TN as Mma, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     let twos = 0x0202_0202u32;
///     assert_eq!(Mma::mma([twos; 4], [twos; 2], [1; 4]), [129; 4]);
/// }).unwrap();
/// ```
impl SM80_16x8x32_S32S8S8S32_TN {
    /// This lane's fragment of `D = A B + C` (wrapping on overflow, as the hardware).
    #[inline(always)]
    #[track_caller]
    pub fn mma(a: [u32; 4], b: [u32; 2], c: [i32; 4]) -> [i32; 4] {
        #[cfg(target_arch = "nvptx64")]
        {
            let mut d = c;
            // SAFETY: register-only warp instruction executed by all 32 lanes.
            unsafe { mma_asm!("m16n8k32.row.col.s32.s8.s8.s32", 4, 2, a, b, d) };
            d
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            let bytes = |r: &[u32]| -> std::vec::Vec<f64> {
                (0..4 * r.len())
                    .map(|i| ((r[i / 4] >> (8 * (i % 4))) as u8 as i8) as f64)
                    .collect()
            };
            let a: [f64; 16] = bytes(&a).try_into().unwrap_or([0.0; 16]);
            let b: [f64; 8] = bytes(&b).try_into().unwrap_or([0.0; 8]);
            emulate(
                (16, 8, 32),
                (a, frag::a16x32_s8),
                (b, frag::b8x32_s8),
                (c.map(f64::from), frag::c16x8),
            )
            .map(|x| x as i64 as i32)
        }
    }
}
