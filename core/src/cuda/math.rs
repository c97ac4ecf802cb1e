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
