//! The panics of run-time paths, kept out of line.
//!
//! `panic!("{x}")` inlined into a hot path formats `x` by reference, so `x` must live
//! in memory there; after the (opaque) panic call LLVM no longer knows its value, and
//! a kernel's index arithmetic, which folds to constants once everything is inlined,
//! stays a chain of loads and bounds checks. On a GPU that keeps register fragments in
//! local memory, and the blocks of all those checks made LLVM's LICM quadratic on a
//! GEMM's main loop. Each function here takes its values by copy, so the hot path only
//! has a compare and a branch to a call.

use core::fmt::Display;

/// A tensor offset outside its storage.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn offset_out_of_range(offset: isize, len: usize) -> ! {
    panic!("tensor offset {offset} is outside its storage of {len} elements")
}

/// A fragment index outside its storage.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn index_out_of_range(i: usize, len: usize) -> ! {
    panic!("index {i} is out of range for a fragment of {len}")
}

/// Layout arithmetic that overflows or divides by zero.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn arithmetic(what: &'static str) -> ! {
    panic!("layout arithmetic overflows or divides by zero in `{what}`")
}

/// A value that does not fit an `isize`; `what` names it (`coordinate`, `layout value`).
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn not_isize<T: Display>(what: &'static str, v: T) -> ! {
    panic!("{what} {v} does not fit an isize")
}

/// Two tensors of different sizes.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn sizes_differ(what: &'static str, na: isize, nb: isize) -> ! {
    panic!("{what}: the tensors have {na} and {nb} elements")
}
