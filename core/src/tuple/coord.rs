//! Coordinates as Rust code writes them: `usize` indices (what loops, thread indices
//! and `len()` give) and `i32` literals convert to `isize` leaves, so tensor access
//! and tiling take them directly.

use super::{IntTuple, Underscore};
use crate::int::{C, Integral, Path, SInt, ScaledBasis};

/// A coordinate: an int tuple, or integers of Rust's other types (`usize`, `u32`,
/// `i32`) and tuples of them, each converted to a dynamic `isize` leaf. Tensor access
/// (`get`, `set`, `slice`, `tensor[c]`) and `local_tile` take it.
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

macro_rules! int_coord {
    ($($t:ty),*) => {$(
        impl AsCoord for $t {
            type Crd = isize;
            #[inline]
            #[track_caller]
            fn as_coord(self) -> isize {
                match isize::try_from(self) {
                    Ok(i) => i,
                    Err(_) => crate::cold::not_isize("coordinate", self),
                }
            }
        }
    )*};
}
int_coord!(isize, usize, i32, u32);

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
tuple_coord!((A0 a0), (A0 a0, A1 a1), (A0 a0, A1 a1, A2 a2), (A0 a0, A1 a1, A2 a2, A3 a3));
