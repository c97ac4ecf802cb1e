//! The arithmetic the typed algebra does on layout integers: CuTe's static/dynamic
//! rules, and dynamic values that never wrap.
//!
//! Static operands are computed by the type checker (an overflow or a zero divisor
//! there does not compile). Every dynamic `+ - * / %` goes through `dyn_ops` helpers
//! that panic, naming the operation and its values in CuTe notation, where `isize`
//! would overflow or divide by zero, in debug and release builds alike. The typed
//! algorithms use the `Int*` traits of this module rather than `core::ops`, because
//! `isize op isize` in `core::ops` wraps in release builds.
//!
//! ```
//! use cutlet::prelude::*;
//! let m = 1isize << 32;
//! let r = std::panic::catch_unwind(|| size(layout!((m, m))));
//! let msg = *r.unwrap_err().downcast::<String>().unwrap();
//! assert_eq!(msg, "layout arithmetic overflows isize: 4294967296 * 4294967296");
//! ```

use super::arithmetic_tuple::{ArithTuple, ScaledBasis};
use super::integral::Integral;
use super::static_int::C;
use core::ops::{Add, Div, Mul, Rem, Sub};

/// Checked `isize` arithmetic with panics that name the values.
pub(crate) mod dyn_ops {
    #[cold]
    #[inline(never)]
    #[track_caller]
    fn overflow(a: isize, op: &str, b: isize) -> ! {
        panic!("layout arithmetic overflows isize: {a} {op} {b}")
    }
    #[cold]
    #[inline(never)]
    #[track_caller]
    fn by_zero(a: isize, op: &str) -> ! {
        panic!("layout arithmetic divides by zero: {a} {op} 0")
    }
    macro_rules! checked_fn {
        ($name:ident, $checked:ident, $op:literal) => {
            #[inline(always)]
            #[track_caller]
            pub(crate) fn $name(a: isize, b: isize) -> isize {
                match a.$checked(b) {
                    Some(v) => v,
                    None => overflow(a, $op, b),
                }
            }
        };
    }
    checked_fn!(add, checked_add, "+");
    checked_fn!(sub, checked_sub, "-");
    checked_fn!(mul, checked_mul, "*");
    /// `a / b` (C++'s truncating division, as CuTe).
    #[inline(always)]
    #[track_caller]
    pub(crate) fn div(a: isize, b: isize) -> isize {
        if b == 0 {
            by_zero(a, "/")
        }
        match a.checked_div(b) {
            Some(v) => v,
            None => overflow(a, "/", b),
        }
    }
    /// `a % b` (C++'s remainder, sign of `a`); `isize::MIN % -1` is `0`.
    #[inline(always)]
    #[track_caller]
    pub(crate) fn rem(a: isize, b: isize) -> isize {
        if b == 0 {
            by_zero(a, "%")
        }
        a.checked_rem(b).unwrap_or(0)
    }
    /// `|a|`.
    #[inline(always)]
    #[track_caller]
    pub(crate) fn abs(a: isize) -> isize {
        match a.checked_abs() {
            Some(v) => v,
            None => panic!("layout arithmetic overflows isize: abs({a})"),
        }
    }
}

macro_rules! int_op {
    ($(#[$m:meta])* $Tr:ident, $f:ident, $Core:ident, $core_f:ident, $checked:path) => {
        $(#[$m])*
        #[doc(hidden)]
        pub trait $Tr<R> {
            /// The result: static iff CuTe's is.
            type Output: Copy;
            /// Compute it.
            fn $f(self, r: R) -> Self::Output;
        }
        // Static with static is computed by the type checker; static with dynamic
        // goes through `core::ops` on `C`, which checks its dynamic arithmetic.
        impl<A, B> $Tr<C<B>> for C<A>
        where
            C<A>: $Core<C<B>>,
            <C<A> as $Core<C<B>>>::Output: Copy,
        {
            type Output = <C<A> as $Core<C<B>>>::Output;
            #[inline(always)]
            #[track_caller]
            fn $f(self, r: C<B>) -> Self::Output {
                $Core::$core_f(self, r)
            }
        }
        impl<A> $Tr<isize> for C<A>
        where
            C<A>: $Core<isize>,
            <C<A> as $Core<isize>>::Output: Copy,
        {
            type Output = <C<A> as $Core<isize>>::Output;
            #[inline(always)]
            #[track_caller]
            fn $f(self, r: isize) -> Self::Output {
                $Core::$core_f(self, r)
            }
        }
        impl<B> $Tr<C<B>> for isize
        where
            isize: $Core<C<B>>,
            <isize as $Core<C<B>>>::Output: Copy,
        {
            type Output = <isize as $Core<C<B>>>::Output;
            #[inline(always)]
            #[track_caller]
            fn $f(self, r: C<B>) -> Self::Output {
                $Core::$core_f(self, r)
            }
        }
        impl $Tr<isize> for isize {
            type Output = isize;
            #[inline(always)]
            #[track_caller]
            fn $f(self, r: isize) -> isize {
                $checked(self, r)
            }
        }
    };
}

int_op!(
    /// `a + b` on layout integers (and scaled bases, arithmetic tuples).
    IntAdd, int_add, Add, add, dyn_ops::add
);
int_op!(
    /// `a - b` on layout integers.
    IntSub, int_sub, Sub, sub, dyn_ops::sub
);
int_op!(
    /// `a * b` on layout integers (and an integer with a scaled basis).
    IntMul, int_mul, Mul, mul, dyn_ops::mul
);
int_op!(
    /// `a / b` on layout integers.
    IntDiv, int_div, Div, div, dyn_ops::div
);
int_op!(
    /// `a % b` on layout integers.
    IntRem, int_rem, Rem, rem, dyn_ops::rem
);

// Scaled bases scale by integers; sums of bases are arithmetic tuples (their `Add`
// impls add elements with `IntAdd`).
impl<V: IntMul<R> + Copy, P, R: Integral> IntMul<R> for ScaledBasis<V, P> {
    type Output = ScaledBasis<V::Output, P>;
    #[inline(always)]
    #[track_caller]
    fn int_mul(self, r: R) -> Self::Output {
        ScaledBasis::new(self.value().int_mul(r))
    }
}
impl<N, V: Copy, P> IntMul<ScaledBasis<V, P>> for C<N>
where
    C<N>: IntMul<V>,
{
    type Output = ScaledBasis<<C<N> as IntMul<V>>::Output, P>;
    #[inline(always)]
    #[track_caller]
    fn int_mul(self, e: ScaledBasis<V, P>) -> Self::Output {
        ScaledBasis::new(self.int_mul(e.value()))
    }
}
impl<V: Copy, P> IntMul<ScaledBasis<V, P>> for isize
where
    isize: IntMul<V>,
{
    type Output = ScaledBasis<<isize as IntMul<V>>::Output, P>;
    #[inline(always)]
    #[track_caller]
    fn int_mul(self, e: ScaledBasis<V, P>) -> Self::Output {
        ScaledBasis::new(self.int_mul(e.value()))
    }
}
macro_rules! basis_add {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* R> IntAdd<R> for $ty
        where
            $ty: Add<R>,
            <$ty as Add<R>>::Output: Copy,
        {
            type Output = <$ty as Add<R>>::Output;
            #[inline(always)]
            #[track_caller]
            fn int_add(self, r: R) -> Self::Output {
                self + r
            }
        }
    )*};
}
basis_add!(ScaledBasis<V, P> => [V, P,], ArithTuple<L> => [L,]);
impl<V: Copy, P> IntAdd<ScaledBasis<V, P>> for C<typenum::Z0> {
    type Output = ScaledBasis<V, P>;
    #[inline(always)]
    fn int_add(self, r: ScaledBasis<V, P>) -> Self::Output {
        r
    }
}
impl<L: Copy> IntAdd<ArithTuple<L>> for C<typenum::Z0> {
    type Output = ArithTuple<L>;
    #[inline(always)]
    fn int_add(self, r: ArithTuple<L>) -> Self::Output {
        r
    }
}
