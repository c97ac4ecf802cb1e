//! `core::ops` on leaves, with CuTe's static/dynamic rule: `_4 * _8` is the static
//! `_32`, `_4 * 8` the dynamic `32`, `_0 * n` the static `_0` (see
//! [`LeafOps`](super::LeafOps)).
//!
//! ```
//! use cutlet_core::prelude::*;
//! assert_eq!((_6::new() / _3::new()).to_string(), "_2");
//! assert_eq!(_4::new() * 8isize, 32);
//! assert_eq!((_0::new() * 8isize).to_string(), "_0");
//! ```

use super::basis::{Path, ScaledBasis};
use super::leaf::{self, Integral, Leaf};
use super::sint::SInt;
use super::static_int::C;
use core::ops;

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
        impl<X: Integral, P: Path, R: Leaf> ops::$Tr<R> for ScaledBasis<X, P> {
            type Output = leaf::$Tr<Self, R>;
            #[inline]
            #[track_caller]
            fn $f(self, r: R) -> Self::Output {
                leaf::$g(self, r)
            }
        }
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
