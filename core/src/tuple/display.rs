//! CuTe's print notation for int tuples: `_4` static, `4` dynamic, `(a,b)` tuples,
//! `(a)` a rank-1 tuple, `_1@0` a basis element, `_` the underscore.

use crate::int::{C, Integral, Path, SInt, ScaledBasis};
use core::fmt;

/// Writes a value in CuTe's notation.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(shape!((2, (3, 4)))).to_string(), "(_2,(_3,_4))");
/// ```
pub trait CuteDisplay {
    /// Writes `self` as CuTe prints it.
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

/// Displays anything with a CuTe notation (int tuples, which are native tuples and so
/// have no `Display` of their own): `Cute(t).to_string()`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(shape!((4, (2, 1)))).to_string(), "(_4,(_2,_1))");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Cute<T>(pub T);
impl<T: CuteDisplay> fmt::Display for Cute<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}

impl<N: SInt> CuteDisplay for C<N> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl CuteDisplay for isize {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl<V: Integral, P: Path> CuteDisplay for ScaledBasis<V, P> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
impl CuteDisplay for super::Underscore {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}
impl<T: CuteDisplay + ?Sized> CuteDisplay for &T {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt_cute(f)
    }
}

macro_rules! tuple_display {
    ($(($($a:ident $i:tt),*))*) => {$(
        impl<$($a: CuteDisplay),*> CuteDisplay for ($($a,)*) {
            #[allow(unused_variables, unused_mut, unused_assignments)]
            fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("(")?;
                let mut first = true;
                $(
                    if !first {
                        f.write_str(",")?;
                    }
                    first = false;
                    self.$i.fmt_cute(f)?;
                )*
                f.write_str(")")
            }
        }
    )*};
}
tuple_display!(
    ()
    (A0 0)
    (A0 0, A1 1)
    (A0 0, A1 1, A2 2)
    (A0 0, A1 1, A2 2, A3 3)
    (A0 0, A1 1, A2 2, A3 3, A4 4)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14)
    (A0 0, A1 1, A2 2, A3 3, A4 4, A5 5, A6 6, A7 7, A8 8, A9 9, A10 10, A11 11, A12 12, A13 13, A14 14, A15 15)
);
