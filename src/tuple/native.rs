//! Native Rust tuples, the public form of int tuples: conversion to and from the
//! internal cons-lists, and CuTe's print notation.
//!
//! Arity 0 to 12 at every nesting level.

use super::list::{HCons, HNil, hcons};
use crate::int::C;
use core::fmt;

/// Convert a public value (leaf or native tuple, any nesting) to its internal list form.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::{ToList, Tup};
/// fn size_of_shape<T: ToList>(t: T) -> isize where ListOf<T>: Tup { size(t).value() }
/// assert_eq!(size_of_shape(shape!((2, (3, 4)))), 24);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an int tuple",
    label = "expected an integer or a tuple of int tuples (arity up to 12)",
    note = "static integers are `_4`/`Int<4>` (or literals in `shape!`), dynamic ones are `isize`"
)]
pub trait ToList: Copy {
    /// The internal form.
    type List: Copy;
    /// Convert.
    fn to_list(self) -> Self::List;
}

/// Convert an internal list form back to its public form (native tuples).
///
/// ```
/// use cutlet::prelude::*;
/// // Results of the type-level algebra come back as native tuples:
/// let s = flatten(layout!(((2,3),4))).shape();
/// assert_eq!(Cute(s).to_string(), "(_2,_3,_4)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be turned into a native tuple",
    label = "int tuples of more than 12 modes at one level are not supported"
)]
pub trait ToNative: Copy {
    /// The public form.
    type Native: Copy;
    /// Convert.
    fn to_native(self) -> Self::Native;
}

impl<N: Copy> ToList for C<N> {
    type List = C<N>;
    #[inline(always)]
    fn to_list(self) -> Self {
        self
    }
}
// Any machine integer is a dynamic leaf (CuTe accepts every integral type), so
// coordinates and indices can be `usize` loop counters; it becomes an `isize`. One
// blanket impl (rather than one per type) keeps an unsuffixed literal such as
// `l.call(3)` inferable: its internal form is `isize` whatever integer type it is.
impl<T: crate::int::DynInt> ToList for T {
    type List = isize;
    #[inline(always)]
    #[track_caller]
    fn to_list(self) -> isize {
        self.to_isize()
    }
}
macro_rules! machine_int_leaf {
    ($($t:ty),*) => {$(
        impl CuteDisplay for $t {
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    )*};
}
machine_int_leaf!(i8, i16, i32, i64, u8, u16, u32, u64, usize);

impl<N: Copy> ToNative for C<N> {
    type Native = C<N>;
    #[inline(always)]
    fn to_native(self) -> Self {
        self
    }
}
impl ToNative for isize {
    type Native = isize;
    #[inline(always)]
    fn to_native(self) -> Self {
        self
    }
}

impl ToList for () {
    type List = HNil;
    #[inline(always)]
    fn to_list(self) -> HNil {
        HNil
    }
}
impl ToNative for HNil {
    type Native = ();
    #[inline(always)]
    fn to_native(self) {}
}

/// The type `HCons<A, HCons<B, ... HNil>>`.
macro_rules! list_ty {
    () => { HNil };
    ($h:ty $(, $t:ty)*) => { HCons<$h, list_ty!($($t),*)> };
}
/// The value `hcons(a, hcons(b, ... HNil))`.
macro_rules! list_val {
    () => { HNil };
    ($h:expr $(, $t:expr)*) => { hcons($h, list_val!($($t),*)) };
}
/// Destructure a list value into idents.
macro_rules! list_pat {
    () => { HNil };
    ($h:ident $(, $t:ident)*) => { HCons { head: $h, tail: list_pat!($($t),*) } };
}

macro_rules! tuple_impls {
    ($($T:ident $v:ident),+) => {
        impl<$($T: ToList),+> ToList for ($($T,)+) {
            type List = list_ty!($(<$T as ToList>::List),+);
            #[inline(always)]
            #[allow(non_snake_case)]
            fn to_list(self) -> Self::List {
                let ($($v,)+) = self;
                list_val!($($v.to_list()),+)
            }
        }
        impl<$($T: ToNative),+> ToNative for list_ty!($($T),+) {
            type Native = ($($T::Native,)+);
            #[inline(always)]
            fn to_native(self) -> Self::Native {
                let list_pat!($($v),+) = self;
                ($($v.to_native(),)+)
            }
        }
        impl<$($T: CuteDisplay),+> CuteDisplay for ($($T,)+) {
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                let ($($v,)+) = self;
                f.write_str("(")?;
                let mut _first = true;
                $(
                    if !_first { f.write_str(",")?; }
                    _first = false;
                    $v.fmt_cute(f)?;
                )+
                f.write_str(")")
            }
        }
    };
}

tuple_impls!(A a);
tuple_impls!(A a, B b);
tuple_impls!(A a, B b, D d);
tuple_impls!(A a, B b, D d, E e);
tuple_impls!(A a, B b, D d, E e, F f);
tuple_impls!(A a, B b, D d, E e, F f, G g);
tuple_impls!(A a, B b, D d, E e, F f, G g, H h);
tuple_impls!(A a, B b, D d, E e, F f, G g, H h, I i);
tuple_impls!(A a, B b, D d, E e, F f, G g, H h, I i, J j);
tuple_impls!(A a, B b, D d, E e, F f, G g, H h, I i, J j, K k);
tuple_impls!(A a, B b, D d, E e, F f, G g, H h, I i, J j, K k, L l);
tuple_impls!(A a, B b, D d, E e, F f, G g, H h, I i, J j, K k, L l, M m);

/// Writes a value in CuTe's print notation (`_4`, `4`, `(a,b)`, `(a)` for rank 1).
///
/// ```
/// use cutlet::prelude::*;
/// let m = 4;
/// assert_eq!(Cute(shape!((m, 8))).to_string(), "(4,_8)");
/// ```
pub trait CuteDisplay {
    /// Write `self` in CuTe notation.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl<N> CuteDisplay for C<N>
where
    C<N>: fmt::Display,
{
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl CuteDisplay for isize {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl CuteDisplay for () {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl CuteDisplay for HNil {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl<H: CuteDisplay, T: ListDisplay> CuteDisplay for HCons<H, T> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.head.fmt_cute(f)?;
        self.tail.fmt_rest(f)?;
        f.write_str(")")
    }
}
/// Writes `,x,y` for the tail of a list.
#[doc(hidden)]
pub trait ListDisplay {
    fn fmt_rest(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl ListDisplay for HNil {
    fn fmt_rest(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}
impl<H: CuteDisplay, T: ListDisplay> ListDisplay for HCons<H, T> {
    fn fmt_rest(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(",")?;
        self.head.fmt_cute(f)?;
        self.tail.fmt_rest(f)
    }
}

/// Displays any int tuple in CuTe notation.
///
/// ```
/// use cutlet::prelude::*;
/// let n = 5;
/// let s = shape!((2, (3, n)));
/// assert_eq!(Cute(s).to_string(), "(_2,(_3,5))");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Cute<T>(pub T);
impl<T: CuteDisplay> fmt::Display for Cute<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}
