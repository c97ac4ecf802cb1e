//! Loops over an extent that may be static: CuTe's `CUTE_UNROLL` over `size<I>(t)`.
//! A static extent up to [`MAX_UNROLL`] unrolls at compile time (its body is copied once
//! per index, each with a constant index, so register fragments indexed by it stay in
//! registers on a GPU); a larger or dynamic one is an ordinary loop, and so is every
//! extent of an unoptimised host build ([`UNROLL`]).

use super::{Bit, Leaf, SInt};
use typenum::{B0, B1, UInt, UTerm, Unsigned};

/// Calls `f(i)` for every `i` in `0..n`, unrolled when `n` is static and at most
/// [`MAX_UNROLL`].
///
/// ```
/// use cutlet_core::int::{ForEachIndex, _3};
/// let mut seen = Vec::new();
/// _3::new().for_each_index(|i| seen.push(i));
/// 2isize.for_each_index(|i| seen.push(10 + i));
/// assert_eq!(seen, [0, 1, 2, 10, 11]);
/// ```
pub trait ForEachIndex: Copy {
    /// Run `f` on each index in order.
    fn for_each_index<F: FnMut(usize)>(self, f: F);
}
/// The largest static extent [`ForEachIndex`] unrolls. A register fragment never
/// comes near it (a GPU thread has 255 registers); a static tile copied by one CPU
/// thread can, and its body copied thousands of times would cost build time for
/// nothing (CuTe's `CUTE_UNROLL` is `#pragma unroll`, which the compiler may decline).
///
/// ```
/// use cutlet_core::int::{C, ForEachIndex, MAX_UNROLL};
/// // A static extent past the limit runs as a loop, in the same order.
/// let mut n = 0;
/// C::<typenum::P300>::new().for_each_index(|i| { assert_eq!(i, n); n += 1 });
/// assert!(n == 300 && 300 > MAX_UNROLL);
/// ```
pub const MAX_UNROLL: usize = 256;

/// Whether static extents unroll: on the GPU always, on the host in optimised builds
/// (without `debug_assertions`). An unoptimised host build (the emulator's tests, a
/// user's debug build) runs the same indices as a loop: LLVM's always-inliner would
/// otherwise copy the body once per index before anything simplifies it, which made
/// an 8x8x8 register `gemm` cost 2 s of a debug build's LLVM time.
pub const UNROLL: bool = cfg!(any(target_arch = "nvptx64", not(debug_assertions)));

// Every leaf, so generic code (`size(layout).for_each_index(..)` for any `L: Layout`)
// unrolls exactly when the extent turns out static (and small enough).
impl<L: Leaf> ForEachIndex for L {
    #[inline(always)]
    fn for_each_index<F: FnMut(usize)>(self, mut f: F) {
        // The conditions are constants of the instance: codegen emits one branch, and
        // a larger extent instantiates only the log2-deep chain of `run`s, never
        // inlined.
        type Mag<T> = <<T as Leaf>::Val as SInt>::Mag;
        if UNROLL
            && <L::IsStatic as Bit>::BOOL
            && !<<L::Val as SInt>::IsNeg as Bit>::BOOL
            && <Mag<L> as Unsigned>::USIZE <= MAX_UNROLL
        {
            <Mag<L> as Unrolled>::run(0, &mut f);
        } else {
            for i in 0..self.value().max(0) as usize {
                f(i);
            }
        }
    }
}

/// `f(base)`, ..., `f(base + N - 1)` for a typenum `N`, split in halves so the trait
/// recursion is only `log2(N)` deep.
#[doc(hidden)]
pub trait Unrolled {
    fn run<F: FnMut(usize)>(base: usize, f: &mut F);
}
impl Unrolled for UTerm {
    #[inline(always)]
    fn run<F: FnMut(usize)>(_: usize, _: &mut F) {}
}
impl<U: Unsigned + Unrolled> Unrolled for UInt<U, B0> {
    #[inline(always)]
    fn run<F: FnMut(usize)>(base: usize, f: &mut F) {
        U::run(base, f);
        U::run(base + U::USIZE, f);
    }
}
impl<U: Unsigned + Unrolled> Unrolled for UInt<U, B1> {
    #[inline(always)]
    fn run<F: FnMut(usize)>(base: usize, f: &mut F) {
        U::run(base, f);
        U::run(base + U::USIZE, f);
        f(base + 2 * U::USIZE);
    }
}
