//! `core::ops` on leaves, with CuTe's static/dynamic rule: `_4 * _8` is the static
//! `_32`, `_4 * 8` the dynamic `32`, `_0 * n` the static `_0` (see
//! [`LeafOps`](super::LeafOps)).
//!
//! ```
//! use cutlet_core::prelude::*;
//! assert_eq!((_6::new() / _3::new()).to_string(), "_2");
//! assert_eq!(_4::new() * 8isize, 32);
//! assert_eq!((_0::new() * 8isize).to_string(), "_0");
//! // Basis elements at different modes add to the coordinate they stand for (CuTe's
//! // `ArithmeticTuple`).
//! let e = E::<path!(1, 0)>::default();
//! assert_eq!(Cute(3isize * e + E::<path!(0)>::default()).to_string(), "(_1,(3))");
//! ```

use super::basis::{Path, ScaledBasis};
use super::leaf::{self, Integral, Leaf};
use super::sint::SInt;
use super::static_int::C;
use crate::tuple::{OffsetAdd, offset_add};
use core::ops;

// `+` of two basis elements is CuTe's: elements at different paths make the coordinate
// they stand for (an `ArithmeticTuple`, here a tuple). A basis element plus an integer
// is the leaf sum, which only `_0` leaves well-formed (CuTe: "ScaledBasis op+ error!").
macro_rules! basis_op {
    (Add $f:ident $g:ident) => {
        impl<X: Integral, P: Path, Y: Integral, Q: Path> ops::Add<ScaledBasis<Y, Q>>
            for ScaledBasis<X, P>
        {
            type Output = OffsetAdd<Self, ScaledBasis<Y, Q>>;
            #[inline]
            #[track_caller]
            fn $f(self, r: ScaledBasis<Y, Q>) -> Self::Output {
                offset_add(self, r)
            }
        }
        basis_op!(@leaf Add $f $g, C<N>, N: SInt);
        basis_op!(@leaf Add $f $g, isize,);
    };
    ($Tr:ident $f:ident $g:ident) => {
        impl<X: Integral, P: Path, R: Leaf> ops::$Tr<R> for ScaledBasis<X, P> {
            type Output = leaf::$Tr<Self, R>;
            #[inline]
            #[track_caller]
            fn $f(self, r: R) -> Self::Output {
                leaf::$g(self, r)
            }
        }
    };
    (@leaf $Tr:ident $f:ident $g:ident, $R:ty, $($gen:tt)*) => {
        impl<X: Integral, P: Path, $($gen)*> ops::$Tr<$R> for ScaledBasis<X, P> {
            type Output = leaf::$Tr<Self, $R>;
            #[inline]
            #[track_caller]
            fn $f(self, r: $R) -> Self::Output {
                leaf::$g(self, r)
            }
        }
    };
}

macro_rules! binops {
    ($($Tr:ident $f:ident $g:ident),*) => {$(
        impl<N: SInt, R: Leaf> ops::$Tr<R> for C<N> {
            type Output = leaf::$Tr<Self, R>;
            #[inline]
            #[track_caller]
            fn $f(self, r: R) -> Self::Output {
                leaf::$g(self, r)
            }
        }
        basis_op!($Tr $f $g);
        impl<N: SInt> ops::$Tr<C<N>> for isize {
            type Output = leaf::$Tr<isize, C<N>>;
            #[inline]
            #[track_caller]
            fn $f(self, r: C<N>) -> Self::Output {
                leaf::$g(self, r)
            }
        }
        impl<X: Integral, P: Path> ops::$Tr<ScaledBasis<X, P>> for isize {
            type Output = leaf::$Tr<isize, ScaledBasis<X, P>>;
            #[inline]
            #[track_caller]
            fn $f(self, r: ScaledBasis<X, P>) -> Self::Output {
                leaf::$g(self, r)
            }
        }
    )*};
}
binops!(Add add add, Sub sub sub, Mul mul mul, Div div div, Rem rem rem);

impl<N: SInt> ops::Neg for C<N> {
    type Output = leaf::Neg<Self>;
    #[inline]
    fn neg(self) -> Self::Output {
        leaf::neg(self)
    }
}
impl<X: Integral, P: Path> ops::Neg for ScaledBasis<X, P> {
    type Output = leaf::Neg<Self>;
    #[inline]
    fn neg(self) -> Self::Output {
        leaf::neg(self)
    }
}
