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
