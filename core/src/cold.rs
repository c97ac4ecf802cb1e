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

/// Layout arithmetic `a op b` that overflows or divides by zero (`-` with `a = 0` is a
/// negation, `abs` takes `a`), named with its values.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn arithmetic(op: &'static str, a: isize, b: isize) -> ! {
    match op {
        "abs" => panic!("layout arithmetic overflows isize: abs({a})"),
        "ceil_div" if b == 0 => panic!("layout arithmetic divides by zero: ceil_div({a}, {b})"),
        "ceil_div" => panic!("layout arithmetic overflows isize: ceil_div({a}, {b})"),
        "/" | "%" if b == 0 => panic!("layout arithmetic divides by zero: {a} {op} {b}"),
        _ => panic!("layout arithmetic overflows isize: {a} {op} {b}"),
    }
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

/// `gemm`'s fragments `(V,M,K)`, `(V,N,K)`, `(V,M,N)` that do not match.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn gemm_mismatch(a: [usize; 3], b: [usize; 3], c: [usize; 3], atom: [usize; 3]) -> ! {
    panic!(
        "gemm: fragments (V,M,K) = ({},{},{}), (V,N,K) = ({},{},{}), (V,M,N) = ({},{},{}) do not match (the atom takes V = {}, {}, {})",
        a[0], a[1], a[2], b[0], b[1], b[2], c[0], c[1], c[2], atom[0], atom[1], atom[2]
    )
}

/// A copy whose fragments are not whole calls of its atom.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn not_whole_calls(ns: usize, nd: usize, n: usize) -> ! {
    panic!("copy: source of {ns} and destination of {nd} values are not whole calls of {n} values")
}

/// A `copy_if` whose predicate count is not its value count.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn predicates_mismatch(values: usize, np: usize) -> ! {
    panic!("copy_if: {values} values but {np} predicates")
}

/// `shape_div` by zero.
#[cold]
#[inline(never)]
#[track_caller]
pub(crate) fn shape_div_by_zero<A: Display, B: Display>(a: A, b: B) -> ! {
    panic!("shape_div({a}, {b}): division by zero")
}
