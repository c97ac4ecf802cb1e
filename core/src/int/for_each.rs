//! Loops over an extent that may be static: CuTe's `CUTE_UNROLL` over `size<I>(t)`.
//! A static extent unrolls at compile time (its body is copied once per index, each
//! with a constant index, so register fragments indexed by it stay in registers on a
//! GPU); a dynamic one is an ordinary loop.

use super::{Bit, Leaf, SInt};
use typenum::{B0, B1, UInt, UTerm, Unsigned};

/// Calls `f(i)` for every `i` in `0..n`, unrolled when `n` is static.
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
// Every leaf, so generic code (`size(layout).for_each_index(..)` for any `L: Layout`)
// unrolls exactly when the extent turns out static.
impl<L: Leaf> ForEachIndex for L {
    #[inline(always)]
    fn for_each_index<F: FnMut(usize)>(self, mut f: F) {
        if <L::IsStatic as Bit>::BOOL {
            if !<<L::Val as SInt>::IsNeg as Bit>::BOOL {
                <<L::Val as SInt>::Mag as Unrolled>::run(0, &mut f);
            }
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

/// Calls `f(i)` for every `i` in `0..n`, with `n` a value that is constant after
/// inlining (a static layout's size seen through a run-time interface): up to 32 the
/// body is copied out under `i < n` tests that fold away, so indices into register
/// fragments are constants on a GPU even where LLVM would not unroll the loop.
///
/// ```
/// let mut seen = Vec::new();
/// cutlet_core::int::for_each_unrolled(3, |i| seen.push(i));
/// cutlet_core::int::for_each_unrolled(40, |i| seen.push(i));
/// assert_eq!(seen.len(), 43);
/// ```
#[inline(always)]
pub fn for_each_unrolled<F: FnMut(usize)>(n: isize, mut f: F) {
    if n <= 32 {
        crate::unroll!(for i in 0..32 {
            if (i as isize) < n {
                f(i);
            }
        });
    } else {
        for i in 0..n as usize {
            f(i);
        }
    }
}
