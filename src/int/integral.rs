//! The leaf trait of int tuples: static integers and dynamic `isize`.

use super::static_int::C;
use core::fmt;
use typenum::{B0, B1, Bit, Integer, IsEqual, P1, Z0};

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// An integer leaf of an int tuple: a static [`C`] (zero-sized, its value in its type)
/// or a dynamic `isize` (an ordinary machine integer).
///
/// The associated bits let the type checker branch exactly where CuTe uses
/// `is_static` and `is_constant<v, T>`.
///
/// ```
/// use cutlet::prelude::*;
/// fn value<I: Integral>(i: I) -> isize { i.value() }
/// assert_eq!(value(_8::new()), 8);
/// assert_eq!(value(5isize), 5);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer of a layout",
    label = "expected a static integer (`_4`, `Int<4>`) or a dynamic `isize`",
    note = "integer literals in `layout!`/`shape!` are static; identifiers and `{{expr}}` are dynamic"
)]
pub trait Integral: Copy + fmt::Debug + fmt::Display + Sealed + 'static {
    /// `B1` for a static integer.
    type IsStatic: Bit;
    /// `B1` for the static `_1` (CuTe's `is_constant<1, T>`).
    type IsOne: Bit;
    /// `B1` for the static `_0` (CuTe's `is_constant<0, T>`).
    type IsZero: Bit;
    /// The value.
    fn value(self) -> isize;
}

impl<N> Sealed for C<N> {}
macro_rules! sealed_ints {
    ($($t:ty),*) => {$(impl Sealed for $t {})*};
}
sealed_ints!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl<N> Integral for C<N>
where
    N: Integer + IsEqual<P1> + IsEqual<Z0> + 'static,
    <N as IsEqual<P1>>::Output: Bit,
    <N as IsEqual<Z0>>::Output: Bit,
{
    type IsStatic = B1;
    type IsOne = <N as IsEqual<P1>>::Output;
    type IsZero = <N as IsEqual<Z0>>::Output;
    #[inline(always)]
    fn value(self) -> isize {
        N::ISIZE
    }
}

impl Integral for isize {
    type IsStatic = B0;
    type IsOne = B0;
    type IsZero = B0;
    #[inline(always)]
    fn value(self) -> isize {
        self
    }
}

/// Machine integers accepted as dynamic layout values (converted to `isize`).
///
/// ```
/// use cutlet::int::DynInt;
/// assert_eq!(7u32.to_isize(), 7);
/// ```
pub trait DynInt: Copy + Sealed {
    /// The value as `isize`; panics, naming the value, if it does not fit.
    fn to_isize(self) -> isize;
}

macro_rules! dyn_int {
    ($($t:ty),*) => {$(
        impl DynInt for $t {
            #[inline(always)]
            #[track_caller]
            #[allow(clippy::unnecessary_fallible_conversions)]
            fn to_isize(self) -> isize {
                match isize::try_from(self) {
                    Ok(v) => v,
                    Err(_) => panic!("the layout value {self} does not fit in isize"),
                }
            }
        }
    )*};
}
dyn_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// Convert a machine integer into a dynamic layout integer (what `layout!` emits for
/// identifiers and `{expr}` leaves).
///
/// ```
/// assert_eq!(cutlet::int::dynamic(3u8), 3isize);
/// ```
#[inline(always)]
pub fn dynamic<T: DynInt>(t: T) -> isize {
    t.to_isize()
}
