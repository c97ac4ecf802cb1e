//! Type-level booleans (typenum's `B0`/`B1`) with total, lazily evaluated choices.
//!
//! Every choice the type layer makes on a static fact (CuTe's `if constexpr`) goes
//! through [`Bit`]: `If*` picks one of two already computed types (cheap; both are
//! normalized), `SelT` picks one of the two branches of a [`BranchT`] marker, so only
//! the chosen branch is ever computed (what recursion and erroring arms need), and only
//! its value method runs.

use super::basis::Path;
use super::leaf::{Integral, Leaf};
use super::nat::{Nat, NatBits};
use super::sint::{SInt, SIntBits};
use crate::tuple::IntTuple;

/// Types with a value that needs no computation when they are static: int tuples and
/// layouts (dynamic parts are 0).
pub trait Conjure: Copy {
    /// The only value of a static type.
    fn conjure() -> Self;
}
use typenum::{B0, B1};

mod sealed {
    pub trait Sealed {}
    impl Sealed for typenum::B0 {}
    impl Sealed for typenum::B1 {}
}

/// Two lazily computed int-tuple branches: a type-level `if` whose arms are computed
/// only when taken. The implementing marker carries the data both arms need.
pub trait BranchT {
    /// The result when the condition is `B1`.
    type Then: IntTuple;
    /// The result when the condition is `B0`.
    type Else: IntTuple;
    /// The `B1` result's value.
    fn then(self) -> Self::Then;
    /// The `B0` result's value.
    fn els(self) -> Self::Else;
}

/// A static boolean (CuTe's `true_type`/`false_type`).
///
/// ```
/// use cutlet_core::int::Bit;
/// assert!(<<typenum::B1 as Bit>::And<typenum::B1> as Bit>::BOOL);
/// ```
pub trait Bit:
    typenum::Bit + Copy + Default + core::fmt::Debug + 'static + sealed::Sealed + NatBits + SIntBits
{
    /// The value.
    const BOOL: bool;
    /// `!self`.
    type Not: Bit;
    /// `self && b`.
    type And<B: Bit>: Bit;
    /// `self || b`.
    type Or<B: Bit>: Bit;
    /// `self ? x : y` on bits.
    type IfB<X: Bit, Y: Bit>: Bit;
    /// `self ? x : y` on naturals.
    type IfN<X: Nat, Y: Nat>: Nat;
    /// `self ? x : y` on static signed integers.
    type IfS<X: SInt, Y: SInt>: SInt;
    /// `self ? x : y` on basis paths.
    type IfP<X: Path, Y: Path>: Path;
    /// `self ? x : y` on integer leaves.
    type IfI<X: Integral, Y: Integral>: Integral;
    /// `self ? x : y` on leaves.
    type IfL<X: Leaf, Y: Leaf>: Leaf;
    /// `self ? x : y` on int tuples (both computed).
    type IfT<X: IntTuple, Y: IntTuple>: IntTuple;
    /// `self ? x : y` on layouts.
    type IfLayout<X: crate::layout::Layout, Y: crate::layout::Layout>: crate::layout::Layout;
    /// `self ? x : y` on layout functions (layouts and swizzles).
    type IfFn<X: crate::layout::LayoutFn, Y: crate::layout::LayoutFn>: crate::layout::LayoutFn;
    /// The branch of `F` that `self` selects; only that branch is computed.
    type SelT<F: BranchT>: IntTuple;
    /// The value of `SelT`.
    fn sel_t<F: BranchT>(f: F) -> Self::SelT<F>;
    /// The value of `IfT`.
    fn if_t<X: IntTuple, Y: IntTuple>(x: X, y: Y) -> Self::IfT<X, Y>;
    /// The value of `IfL`.
    fn if_l<X: Leaf, Y: Leaf>(x: X, y: Y) -> Self::IfL<X, Y>;
    /// The value of `IfT`, computing only the chosen side (the other closure is never
    /// instantiated).
    fn if_lazy<X: IntTuple, Y: IntTuple, FX: FnOnce() -> X, FY: FnOnce() -> Y>(
        x: FX,
        y: FY,
    ) -> Self::IfT<X, Y>;
    /// The value of `IfLayout`, computing only the chosen side.
    fn if_layout<X: crate::layout::Layout, Y: crate::layout::Layout>(
        x: impl FnOnce() -> X,
        y: impl FnOnce() -> Y,
    ) -> Self::IfLayout<X, Y>;
    /// The value of `IfFn`, computing only the chosen side.
    fn if_fn<X: crate::layout::LayoutFn, Y: crate::layout::LayoutFn>(
        x: impl FnOnce() -> X,
        y: impl FnOnce() -> Y,
    ) -> Self::IfFn<X, Y>;
    /// With `self` = "`T` is static": `T`'s only value without calling `f`, else `f()`.
    /// A static result never instantiates the code that computes it.
    fn static_or<T: Conjure, F: FnOnce() -> T>(f: F) -> T;
    /// CuTe's `if constexpr` on code: `x(a)` where `self` is `B1`, else `y(a)`. Only the
    /// taken arm is instantiated, so the other may name types (and `const` checks)
    /// that would not hold. `a` carries what both arms borrow.
    ///
    /// ```
    /// use cutlet_core::int::Bit;
    /// let mut n = 1;
    /// <typenum::B1 as Bit>::branch(&mut n, |n| *n += 1, |n| *n -= 1);
    /// assert_eq!(n, 2);
    /// ```
    fn branch<A, R>(a: A, x: impl FnOnce(A) -> R, y: impl FnOnce(A) -> R) -> R;
}

macro_rules! pick_val {
    (X, $x:ident, $y:ident) => {
        $x
    };
    (Y, $x:ident, $y:ident) => {
        $y
    };
}
macro_rules! lazy_val {
    (X, $x:ident, $y:ident) => {
        $x()
    };
    (Y, $x:ident, $y:ident) => {
        $y()
    };
}
macro_rules! static_or_val {
    (X, $f:ident) => {{
        let _ = $f;
        T::conjure()
    }};
    (Y, $f:ident) => {
        $f()
    };
}
macro_rules! bit_impl {
    ($b:ty, $v:expr, $not:ty, and = $and:ty, or = $or:ty, pick = $pick:ident, sel = $sel:ident, $selv:ident) => {
        impl Bit for $b {
            const BOOL: bool = $v;
            type Not = $not;
            type And<B: Bit> = $and;
            type Or<B: Bit> = $or;
            type IfB<X: Bit, Y: Bit> = $pick;
            type IfN<X: Nat, Y: Nat> = $pick;
            type IfS<X: SInt, Y: SInt> = $pick;
            type IfP<X: Path, Y: Path> = $pick;
            type IfI<X: Integral, Y: Integral> = $pick;
            type IfL<X: Leaf, Y: Leaf> = $pick;
            type IfT<X: IntTuple, Y: IntTuple> = $pick;
            type IfLayout<X: crate::layout::Layout, Y: crate::layout::Layout> = $pick;
            type IfFn<X: crate::layout::LayoutFn, Y: crate::layout::LayoutFn> = $pick;
            #[inline]
            #[allow(unused_variables)]
            fn if_fn<X: crate::layout::LayoutFn, Y: crate::layout::LayoutFn>(
                x: impl FnOnce() -> X,
                y: impl FnOnce() -> Y,
            ) -> $pick {
                lazy_val!($pick, x, y)
            }
            type SelT<F: BranchT> = F::$sel;
            #[inline]
            #[allow(unused_variables)]
            fn if_layout<X: crate::layout::Layout, Y: crate::layout::Layout>(
                x: impl FnOnce() -> X,
                y: impl FnOnce() -> Y,
            ) -> $pick {
                lazy_val!($pick, x, y)
            }
            #[inline]
            fn sel_t<F: BranchT>(f: F) -> Self::SelT<F> {
                f.$selv()
            }
            #[inline]
            #[allow(unused_variables)]
            fn if_t<X: IntTuple, Y: IntTuple>(x: X, y: Y) -> $pick {
                pick_val!($pick, x, y)
            }
            #[inline]
            #[allow(unused_variables)]
            fn if_l<X: Leaf, Y: Leaf>(x: X, y: Y) -> $pick {
                pick_val!($pick, x, y)
            }
            #[inline]
            #[allow(unused_variables)]
            fn if_lazy<X: IntTuple, Y: IntTuple, FX: FnOnce() -> X, FY: FnOnce() -> Y>(
                x: FX,
                y: FY,
            ) -> $pick {
                lazy_val!($pick, x, y)
            }
            #[inline]
            fn static_or<T: Conjure, F: FnOnce() -> T>(f: F) -> T {
                static_or_val!($pick, f)
            }
            #[inline(always)]
            #[allow(unused_variables)]
            fn branch<A, R>(a: A, x: impl FnOnce(A) -> R, y: impl FnOnce(A) -> R) -> R {
                pick_val!($pick, x, y)(a)
            }
        }
    };
}
bit_impl!(B0, false, B1, and = B0, or = B, pick = Y, sel = Else, els);
bit_impl!(B1, true, B0, and = B, or = B1, pick = X, sel = Then, then);

/// `a && b`.
pub type And<A, B> = <A as Bit>::And<B>;
/// `a || b`.
pub type Or<A, B> = <A as Bit>::Or<B>;
/// `!a`.
pub type Not<A> = <A as Bit>::Not;
