//! Coordinates as Rust code writes them: `usize` indices (what loops, thread indices
//! and `len()` give) and `i32` literals convert to `isize` leaves, so tensor access
//! and tiling take them directly.

use super::{IntTuple, Underscore};
use crate::int::{C, Integral, Path, SInt, ScaledBasis};

/// A coordinate: an int tuple, or integers of Rust's other types (`usize`, `u32`,
/// `i32`, `i64`, `u64`) and tuples of them, each converted to a dynamic `isize` leaf.
/// Layout evaluation (`l.call(c)`), tensor access (`get`, `set`, `slice`, `tensor[c]`)
/// and `local_tile` take it.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data: Vec<i32> = (0..32).collect();
/// let t = make_tensor(&data[..], layout!((4,8):(8,1)));
/// let (i, j): (usize, usize) = (1, 2);
/// assert_eq!(t.get((i, j)), 10);
/// assert_eq!(t[(i, j)], 10);
/// assert_eq!(t.slice((X, j)).get(3usize), 26);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate",
    label = "expected an integer, `_`, or a (nested) tuple of them"
)]
pub trait AsCoord: Copy {
    /// The int tuple.
    type Crd: IntTuple;
    /// The int tuple's value.
    fn as_coord(self) -> Self::Crd;
}

/// Rust's integer types a coordinate may be written in. One blanket impl of [`AsCoord`]
/// covers them all, so an integer literal (`l.call(3)`) resolves to an `isize` leaf
/// before its own type is inferred.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate",
    label = "expected an integer, `_`, or a (nested) tuple of them"
)]
pub trait CoordInt: Copy + core::fmt::Display + sealed::Sealed {
    /// The value as an `isize`, or `None` when it does not fit.
    fn to_isize(self) -> Option<isize>;
}
mod sealed {
    pub trait Sealed {}
}
macro_rules! coord_int {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl CoordInt for $t {
            #[inline(always)]
            fn to_isize(self) -> Option<isize> {
                isize::try_from(self).ok()
            }
        }
    )*};
}
coord_int!(isize, usize, i32, u32, i64, u64);

impl<I: CoordInt> AsCoord for I {
    type Crd = isize;
    #[inline]
    #[track_caller]
    fn as_coord(self) -> isize {
        match self.to_isize() {
            Some(i) => i,
            None => crate::cold::not_isize("coordinate", self),
        }
    }
}

impl<N: SInt> AsCoord for C<N> {
    type Crd = Self;
    #[inline]
    fn as_coord(self) -> Self {
        self
    }
}
impl<V: Integral, P: Path> AsCoord for ScaledBasis<V, P> {
    type Crd = Self;
    #[inline]
    fn as_coord(self) -> Self {
        self
    }
}
impl AsCoord for Underscore {
    type Crd = Self;
    #[inline]
    fn as_coord(self) -> Self {
        self
    }
}
impl AsCoord for () {
    type Crd = ();
    #[inline]
    fn as_coord(self) {}
}
macro_rules! tuple_coord {
    ($(($($a:ident $v:ident),*)),*) => {$(
        impl<$($a: AsCoord),*> AsCoord for ($($a,)*) {
            type Crd = ($($a::Crd,)*);
            #[inline]
            #[track_caller]
            fn as_coord(self) -> Self::Crd {
                let ($($v,)*) = self;
                ($($v.as_coord(),)*)
            }
        }
    )*};
}
// Every arity an int tuple has (0 to 16 modes).
tuple_coord!(
    (A0 a0),
    (A0 a0, A1 a1),
    (A0 a0, A1 a1, A2 a2),
    (A0 a0, A1 a1, A2 a2, A3 a3),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11, A12 a12),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11, A12 a12, A13 a13),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11, A12 a12, A13 a13, A14 a14),
    (A0 a0, A1 a1, A2 a2, A3 a3, A4 a4, A5 a5, A6 a6, A7 a7, A8 a8, A9 a9, A10 a10, A11 a11, A12 a12, A13 a13, A14 a14, A15 a15)
);
