//! Arithmetic the hardware has and Rust's `core` does not expose.

/// `a * b + c` with one rounding (PTX `fma.rn.f32`; `f32::mul_add` in the emulator, so
/// both give the same bits). LLVM does not fuse a separate multiply and add on its own.
///
/// ```
/// assert_eq!(cutlet_core::cuda::fma(2.0, 3.0, 1.0), 7.0);
/// ```
#[inline(always)]
pub fn fma(a: f32, b: f32, c: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let d: f32;
        // SAFETY: register-only arithmetic.
        unsafe {
            core::arch::asm!(
                "fma.rn.f32 {d}, {a}, {b}, {c};",
                d = out(reg32) d,
                a = in(reg32) a,
                b = in(reg32) b,
                c = in(reg32) c,
                options(pure, nomem, nostack)
            )
        };
        d
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        a.mul_add(b, c)
    }
}

/// `2^x`, as the GPU's special function unit computes it (PTX `ex2.approx.ftz.f32`:
/// relative error at most 2^-22, subnormal results flushed to zero): what an online
/// softmax exponentiates with, the scale folded into `log2 e` (FlashAttention's `exp2f`).
/// In the emulator, the exact `2^x` with the same flush to zero.
///
/// ```
/// assert_eq!(cutlet_core::cuda::exp2(3.0), 8.0);
/// assert_eq!(cutlet_core::cuda::exp2(f32::NEG_INFINITY), 0.0);
/// ```
#[inline(always)]
pub fn exp2(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let y: f32;
        // SAFETY: register-only arithmetic.
        unsafe {
            core::arch::asm!(
                "ex2.approx.ftz.f32 {y}, {x};",
                y = out(reg32) y,
                x = in(reg32) x,
                options(pure, nomem, nostack)
            )
        };
        y
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let y = x.exp2();
        if y.is_subnormal() { 0.0 } else { y }
    }
}

/// `log2(x)`, as the GPU's special function unit computes it (PTX `lg2.approx.ftz.f32`,
/// for a log-sum-exp); the exact one in the emulator.
///
/// ```
/// assert_eq!(cutlet_core::cuda::log2(8.0), 3.0);
/// ```
#[inline(always)]
pub fn log2(x: f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let y: f32;
        // SAFETY: register-only arithmetic.
        unsafe {
            core::arch::asm!(
                "lg2.approx.ftz.f32 {y}, {x};",
                y = out(reg32) y,
                x = in(reg32) x,
                options(pure, nomem, nostack)
            )
        };
        y
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        x.log2()
    }
}

/// `x`, through an instruction the compiler cannot see into: values computed from the
/// result cannot be hoisted above this point. A kernel calls it inside a loop on a
/// loop-invariant value (a leading dimension) so that the addresses derived from it are
/// recomputed per iteration instead of hoisted out and held in registers across the
/// loop, which a register-bound kernel (a GEMM with 128 accumulators a thread) pays for
/// in spills.
///
/// ```
/// use cutlet_core::cuda::{emu, launder, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(1), 0, || assert_eq!(launder(7), 7)).unwrap();
/// ```
#[inline(always)]
pub fn launder(x: usize) -> usize {
    #[cfg(target_arch = "nvptx64")]
    {
        let mut y = x as u64;
        // SAFETY: a register move; no memory is touched.
        unsafe {
            core::arch::asm!("mov.b64 {y}, {y};", y = inout(reg64) y, options(nomem, nostack))
        };
        y as usize
    }
    #[cfg(not(target_arch = "nvptx64"))]
    core::hint::black_box(x)
}

/// The 16-bit floats of the tensor cores with the GPU's one-instruction conversions
/// (CUTLASS's `NumericConverter<T, float, round_to_nearest>`): on the GPU
/// `cvt.rn.{bf16,f16}.f32` and `cvt.f32.f16`, where `half`'s portable versions are a
/// dozen integer instructions each; in the emulator `half`'s, which round the same way
/// (to nearest, ties to even).
///
/// ```
/// use cutlet_core::cuda::Float16;
/// use half::{bf16, f16};
/// assert_eq!(bf16::from_f32_rn(1.0 + 1.0 / 256.0), bf16::from_f32(1.0)); // a tie: to even
/// assert_eq!(f16::from_f32_rn(0.1).to_f32_widened(), f16::from_f32(0.1).to_f32());
/// ```
pub trait Float16: Copy {
    /// `x` rounded to the nearest value, ties to even.
    fn from_f32_rn(x: f32) -> Self;
    /// The value as an f32 (exact).
    fn to_f32_widened(self) -> f32;
    /// `lo` and `hi` rounded to the nearest values, ties to even, packed in one register,
    /// `lo` in the low half (PTX `cvt.rn.{bf16,f16}x2.f32`: a tensor-core register of two
    /// values).
    fn pack2_rn(lo: f32, hi: f32) -> u32;
}

/// One `cvt.rn.<T>x2.f32`: `hi` and `lo` into one register, `lo` low.
macro_rules! pack2 {
    ($ptx:literal, $t:ty, $lo:ident, $hi:ident) => {{
        #[cfg(target_arch = "nvptx64")]
        {
            let r: u32;
            // SAFETY: register-only arithmetic.
            unsafe {
                core::arch::asm!(concat!("cvt.rn.", $ptx, "x2.f32 {r}, {hi}, {lo};"), r = out(reg32) r,
                    hi = in(reg32) $hi, lo = in(reg32) $lo, options(pure, nomem, nostack))
            };
            r
        }
        #[cfg(not(target_arch = "nvptx64"))]
        {
            u32::from(<$t>::from_f32($lo).to_bits()) | (u32::from(<$t>::from_f32($hi).to_bits()) << 16)
        }
    }};
}

impl Float16 for half::bf16 {
    #[inline(always)]
    fn from_f32_rn(x: f32) -> Self {
        #[cfg(target_arch = "nvptx64")]
        {
            let h: u16;
            // SAFETY: register-only arithmetic (sm_80 and later, every target built).
            unsafe {
                core::arch::asm!("cvt.rn.bf16.f32 {h}, {x};", h = out(reg16) h, x = in(reg32) x,
                    options(pure, nomem, nostack))
            };
            half::bf16::from_bits(h)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        half::bf16::from_f32(x)
    }
    #[inline(always)]
    fn to_f32_widened(self) -> f32 {
        // A shift: already one instruction.
        self.to_f32()
    }
    #[inline(always)]
    fn pack2_rn(lo: f32, hi: f32) -> u32 {
        pack2!("bf16", half::bf16, lo, hi)
    }
}

impl Float16 for half::f16 {
    #[inline(always)]
    fn from_f32_rn(x: f32) -> Self {
        #[cfg(target_arch = "nvptx64")]
        {
            let h: u16;
            // SAFETY: register-only arithmetic.
            unsafe {
                core::arch::asm!("cvt.rn.f16.f32 {h}, {x};", h = out(reg16) h, x = in(reg32) x,
                    options(pure, nomem, nostack))
            };
            half::f16::from_bits(h)
        }
        #[cfg(not(target_arch = "nvptx64"))]
        half::f16::from_f32(x)
    }
    #[inline(always)]
    fn to_f32_widened(self) -> f32 {
        #[cfg(target_arch = "nvptx64")]
        {
            let x: f32;
            // SAFETY: register-only arithmetic.
            unsafe {
                core::arch::asm!("cvt.f32.f16 {x}, {h};", x = out(reg32) x, h = in(reg16) self.to_bits(),
                    options(pure, nomem, nostack))
            };
            x
        }
        #[cfg(not(target_arch = "nvptx64"))]
        self.to_f32()
    }
    #[inline(always)]
    fn pack2_rn(lo: f32, hi: f32) -> u32 {
        pack2!("f16", half::f16, lo, hi)
    }
}
