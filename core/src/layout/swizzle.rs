//! CuTe's `Swizzle<B, M, S>`: the bit permutation that shared-memory layouts apply to
//! their offsets so that the rows a warp reads together fall in different banks.
//!
//! A swizzle XORs the `B` bits at `M + S` (the "Y" bits) into the `B` bits at `M` (the
//! "Z" bits) of an offset; `M` bits of the offset stay whole, so runs of `2^M` elements
//! stay contiguous. It is its own inverse.

use core::fmt;

/// CuTe's `Swizzle<B, M, S>`: `offset ^ ((offset & yyy_msk) >> S)` with `yyy_msk` the
/// `B` bits at `M + max(0, S)` (a negative `S` shifts the other way).
///
/// ```
/// use cutlet_core::prelude::*;
/// let sw = Swizzle::<3, 3, 3>::new();
/// assert_eq!(sw.to_string(), "Sw<3,3,3>");
/// assert_eq!(sw.apply(64), 72);   // row 1 of a 64-wide tile: its 8-element chunks move by one
/// assert_eq!(sw.apply(sw.apply(1234)), 1234);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Swizzle<const B: u32, const M: u32, const S: i32>;

impl<const B: u32, const M: u32, const S: i32> Swizzle<B, M, S> {
    const CHECK: () = assert!(
        S.unsigned_abs() >= B,
        "Swizzle<B, M, S>: the Y and Z bits overlap (CuTe requires abs(S) >= B)"
    );
    /// The Y bits: `B` bits at `M + max(0, S)`.
    pub const YYY_MSK: isize = ((1isize << B) - 1) << (M as i32 + if S > 0 { S } else { 0 });
    /// The swizzle.
    #[inline]
    pub const fn new() -> Self {
        let () = Self::CHECK;
        Swizzle
    }
    /// The permuted offset (CuTe's `swizzle(offset)`).
    #[inline]
    pub const fn apply(self, offset: isize) -> isize {
        if S >= 0 {
            offset ^ ((offset & Self::YYY_MSK) >> S)
        } else {
            offset ^ ((offset & Self::YYY_MSK) << -S)
        }
    }
}

impl<const B: u32, const M: u32, const S: i32> fmt::Display for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{B},{M},{S}>")
    }
}
impl<const B: u32, const M: u32, const S: i32> fmt::Debug for Swizzle<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A swizzle functor on offsets: [`Swizzle`], or [`NoSwizzle`] (the identity), which
/// is what a device pointer applies to every offset (CuTe's `swizzle_ptr`).
pub trait SwizzleFn: Copy + Default + fmt::Debug + 'static {
    /// The permuted offset.
    fn apply_to(self, offset: isize) -> isize;
}
impl<const B: u32, const M: u32, const S: i32> SwizzleFn for Swizzle<B, M, S> {
    #[inline]
    fn apply_to(self, offset: isize) -> isize {
        self.apply(offset)
    }
}
/// The identity swizzle (CuTe's `Swizzle<0,4,3>`, printed as no swizzle at all).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct NoSwizzle;
impl SwizzleFn for NoSwizzle {
    #[inline]
    fn apply_to(self, offset: isize) -> isize {
        offset
    }
}
