//! Int tuples (shapes, strides, coordinates): a leaf or a native Rust tuple of int
//! tuples, nested to any depth, with up to [`MAX_RANK`] modes per level.
//!
//! [`IntTuple`] is the one bound generic code needs: its type-level queries and CuTe's
//! tuple combinators (`fold`, `transform`, `flatten`, ...) are associated types of it,
//! total over all int tuples, so their results are int tuples again with no further
//! bounds. Algorithms are written with these combinators and marker types ([`FoldFn`],
//! [`MapFn`], [`ZipFn`]) instead of per-arity code.
//!
//! ```
//! use cutlet_core::prelude::*;
//! fn modes<T: IntTuple>(_: T) -> usize { <T::Rank as typenum::Unsigned>::USIZE }
//! let n = 5;
//! assert_eq!(modes(shape!((2, (3, n)))), 2);
//! assert_eq!(Cute(shape!((2, (3, n))).leaves()).to_string(), "(_2,_3,5)");
//! ```

mod algo;
mod arity;
mod build;
mod coord;
mod display;
mod modes;
mod queries;

pub use algo::*;
pub use build::*;
pub use coord::{AsCoord, CoordInt};
pub use display::{Cute, CuteDisplay};
pub use modes::*;
pub use queries::*;

use crate::int::{
    Bit, C, Conjure, ETooManyModes, ErrLeaf, Integral, Leaf, Nat, Path, SInt, ScaledBasis, mul,
};
use core::fmt;
use typenum::{B0, B1, P1, U0, U1};

/// The most modes one tuple level can have.
pub const MAX_RANK: usize = 16;

/// A type-level left fold step: `acc, x -> acc'` (CuTe's `fold` lambda).
pub trait FoldFn: Copy {
    /// The new accumulator.
    type Step<Acc: IntTuple, X: IntTuple>: IntTuple;
    /// Its value.
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X>;
}
/// A type-level unary function (CuTe's `transform` lambda).
pub trait MapFn: Copy {
    /// The image of `X`.
    type Ap<X: IntTuple>: IntTuple;
    /// Its value.
    fn ap<X: IntTuple>(self, x: X) -> Self::Ap<X>;
}
/// A type-level binary function (CuTe's two-tuple `transform` lambda).
pub trait ZipFn: Copy {
    /// The image of `(X, Y)`.
    type Ap<X: IntTuple, Y: IntTuple>: IntTuple;
    /// Its value.
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> Self::Ap<X, Y>;
}

mod sealed {
    pub trait Sealed {}
}

/// An int tuple: a [`Leaf`], CuTe's underscore [`Underscore`] (in coordinates), or a
/// tuple of int tuples (CuTe's `IntTuple` concept).
///
/// Leaves behave as CuTe treats integers in tuple algorithms: rank 1, mode 0 is the
/// leaf itself, `transform` applies the function to it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an int tuple",
    label = "expected an integer or a (nested) tuple of integers"
)]
pub trait IntTuple: Copy + CuteDisplay + Conjure + 'static + sealed::Sealed {
    /// `B1` for a tuple (CuTe's `is_tuple`).
    type IsTuple: Bit;
    /// `B1` for the empty tuple.
    type IsEmpty: Bit;
    /// `B1` when every leaf is static (CuTe's `is_static`).
    type IsStatic: Bit;
    /// `B1` for CuTe's underscore `_`.
    type IsUnder: Bit;
    /// `B1` when an underscore occurs anywhere.
    type HasUnder: Bit;
    /// `B1` when a leaf is an error marker.
    type HasErr: Bit;
    /// The first error's message (empty when there is none).
    const ERR: &'static str;
    /// Number of top-level modes (1 for a leaf).
    type Rank: Nat;
    /// Nesting depth (0 for a leaf).
    type Depth: Nat;
    /// Product of the leaves (CuTe's `product`; the leaf itself for a leaf).
    type Size: Leaf;
    /// Mode 0 (the leaf itself for a leaf, `()` for the empty tuple).
    type Head: IntTuple;
    /// The modes after the first (`()` for a leaf).
    type Tail: IntTuple;
    /// Mode 0 (`()` past the rank; the leaf itself for a leaf).
    type E0: IntTuple;
    /// Mode 1.
    type E1: IntTuple;
    /// Mode 2.
    type E2: IntTuple;
    /// Mode 3.
    type E3: IntTuple;
    /// Mode 4.
    type E4: IntTuple;
    /// Mode 5.
    type E5: IntTuple;
    /// Mode 6.
    type E6: IntTuple;
    /// Mode 7.
    type E7: IntTuple;
    /// Mode 8.
    type E8: IntTuple;
    /// Mode 9.
    type E9: IntTuple;
    /// Mode 10.
    type E10: IntTuple;
    /// Mode 11.
    type E11: IntTuple;
    /// Mode 12.
    type E12: IntTuple;
    /// Mode 13.
    type E13: IntTuple;
    /// Mode 14.
    type E14: IntTuple;
    /// Mode 15.
    type E15: IntTuple;
    /// `X` followed by the modes of `self` (a leaf counts as one mode).
    type Prepend<X: IntTuple>: IntTuple;
    /// The modes of `self` followed by `X`.
    type Append<X: IntTuple>: IntTuple;
    /// Left fold over the modes (a leaf is one mode).
    type Fold<F: FoldFn, Init: IntTuple>: IntTuple;
    /// The function applied to each mode (to the leaf itself for a leaf).
    type Map<F: MapFn>: IntTuple;
    /// The function applied mode by mode to `self` and `B` (to both for a leaf).
    type Zip<B: IntTuple, F: ZipFn>: IntTuple;
    /// The leaves, left to right, as a flat tuple.
    type Leaves: IntTuple;
    /// The int tuple as a by-mode tiler (CuTe uses a shape as a tiler as it is): an
    /// integer or `_` is itself, a tuple the tuple of its modes' tilers. A basis
    /// element is no tiler: the algebra's result carries the error.
    type AsTiler: crate::algebra::Tiler;

    /// The value of `Head`.
    fn head(self) -> Self::Head;
    /// The value of `Tail`.
    fn tail(self) -> Self::Tail;
    /// Mode 0.
    fn e0(self) -> Self::E0;
    /// Mode 1.
    fn e1(self) -> Self::E1;
    /// Mode 2.
    fn e2(self) -> Self::E2;
    /// Mode 3.
    fn e3(self) -> Self::E3;
    /// Mode 4.
    fn e4(self) -> Self::E4;
    /// Mode 5.
    fn e5(self) -> Self::E5;
    /// Mode 6.
    fn e6(self) -> Self::E6;
    /// Mode 7.
    fn e7(self) -> Self::E7;
    /// Mode 8.
    fn e8(self) -> Self::E8;
    /// Mode 9.
    fn e9(self) -> Self::E9;
    /// Mode 10.
    fn e10(self) -> Self::E10;
    /// Mode 11.
    fn e11(self) -> Self::E11;
    /// Mode 12.
    fn e12(self) -> Self::E12;
    /// Mode 13.
    fn e13(self) -> Self::E13;
    /// Mode 14.
    fn e14(self) -> Self::E14;
    /// Mode 15.
    fn e15(self) -> Self::E15;
    /// The value of `Prepend`.
    fn prepend<X: IntTuple>(self, x: X) -> Self::Prepend<X>;
    /// The value of `Append`.
    fn append<X: IntTuple>(self, x: X) -> Self::Append<X>;
    /// The value of `Fold`.
    fn fold<F: FoldFn, Init: IntTuple>(self, f: F, init: Init) -> Self::Fold<F, Init>;
    /// The value of `Map`.
    fn map<F: MapFn>(self, f: F) -> Self::Map<F>;
    /// The value of `Zip`.
    fn zip<B: IntTuple, F: ZipFn>(self, b: B, f: F) -> Self::Zip<B, F>;
    /// The value of `Leaves`.
    fn leaves(self) -> Self::Leaves;
    /// The value of `AsTiler`.
    fn as_tiler(self) -> Self::AsTiler;
    /// The product of the leaves.
    fn size(self) -> Self::Size;
}

/// CuTe's underscore `_` (also written `X`): in a coordinate, it keeps a mode whole
/// (slicing); in a tiler, it leaves a mode untouched; in arithmetic it is the static
/// `_0` (CuTe's `Underscore : Int<0>`).
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(slice((2isize, X), l).to_string(), "(_8):(_4)");
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Underscore;
/// CuTe's `_`.
pub const X: Underscore = Underscore;

/// The leaf marking a tuple that outgrew [`MAX_RANK`].
pub type Overflow = ErrLeaf<ETooManyModes>;
crate::err_msgs!(ENotTiler => "a basis element is not a tiler");

/// Concatenation step: append every mode of `X`.
#[derive(Clone, Copy, Default, Debug)]
pub struct AppendFn;
impl FoldFn for AppendFn {
    type Step<Acc: IntTuple, X: IntTuple> = Acc::Append<X>;
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        acc.append(x)
    }
}
/// Flattening step: append the leaves of `X`.
#[derive(Clone, Copy, Default, Debug)]
pub struct LeavesFn;
impl FoldFn for LeavesFn {
    type Step<Acc: IntTuple, X: IntTuple> = <X::Leaves as IntTuple>::Fold<AppendFn, Acc>;
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        x.leaves().fold(AppendFn, acc)
    }
}

macro_rules! leaf_int_tuple {
    ($ty:ty, [$($g:tt)*], static = $st:ty, under = $un:ty, err = $err:ty, msg = $msg:expr, size = $size:ty, sizev = |$sv:ident| $sizev:expr, stat = $stat:expr, tiler = $tl:ty, tilerv = |$tv:ident| $tilerv:expr) => {
        impl<$($g)*> sealed::Sealed for $ty {}
        impl<$($g)*> IntTuple for $ty {
            type IsTuple = B0;
            type IsEmpty = B0;
            type IsStatic = $st;
            type IsUnder = $un;
            type HasUnder = $un;
            type HasErr = $err;
            const ERR: &'static str = $msg;
            type Rank = U1;
            type Depth = U0;
            type Size = $size;
            type Head = Self;
            type Tail = ();
            type E0 = Self;
            type E1 = ();
            type E2 = ();
            type E3 = ();
            type E4 = ();
            type E5 = ();
            type E6 = ();
            type E7 = ();
            type E8 = ();
            type E9 = ();
            type E10 = ();
            type E11 = ();
            type E12 = ();
            type E13 = ();
            type E14 = ();
            type E15 = ();
            type Prepend<X: IntTuple> = (X, Self);
            type Append<X: IntTuple> = (Self, X);
            type Fold<F: FoldFn, Init: IntTuple> = F::Step<Init, Self>;
            type Map<F: MapFn> = F::Ap<Self>;
            type Zip<B: IntTuple, F: ZipFn> = F::Ap<Self, B>;
            type Leaves = (Self,);
            type AsTiler = $tl;
            #[inline]
            #[allow(unused_variables)]
            fn as_tiler(self) -> $tl { let $tv = self; $tilerv }
            #[inline]
            fn head(self) -> Self { self }
            #[inline]
            fn tail(self) {}
            #[inline]
            fn e0(self) -> Self { self }
            #[inline]
            fn e1(self) {}
            #[inline]
            fn e2(self) {}
            #[inline]
            fn e3(self) {}
            #[inline]
            fn e4(self) {}
            #[inline]
            fn e5(self) {}
            #[inline]
            fn e6(self) {}
            #[inline]
            fn e7(self) {}
            #[inline]
            fn e8(self) {}
            #[inline]
            fn e9(self) {}
            #[inline]
            fn e10(self) {}
            #[inline]
            fn e11(self) {}
            #[inline]
            fn e12(self) {}
            #[inline]
            fn e13(self) {}
            #[inline]
            fn e14(self) {}
            #[inline]
            fn e15(self) {}
            #[inline]
            fn prepend<X: IntTuple>(self, x: X) -> (X, Self) { (x, self) }
            #[inline]
            fn append<X: IntTuple>(self, x: X) -> (Self, X) { (self, x) }
            #[inline]
            fn fold<F: FoldFn, Init: IntTuple>(self, f: F, init: Init) -> Self::Fold<F, Init> { f.step(init, self) }
            #[inline]
            fn map<F: MapFn>(self, f: F) -> Self::Map<F> { f.ap(self) }
            #[inline]
            fn zip<B: IntTuple, F: ZipFn>(self, b: B, f: F) -> Self::Zip<B, F> { f.ap(self, b) }
            #[inline]
            fn leaves(self) -> (Self,) { (self,) }
            #[inline]
            #[allow(unused_variables)]
            fn size(self) -> Self::Size { let $sv = self; $sizev }
        }
        impl<$($g)*> Conjure for $ty {
            #[inline]
            fn conjure() -> Self { $stat }
        }
    };
}
leaf_int_tuple!(C<N>, [N: SInt], static = B1, under = B0, err = B0, msg = "",
    size = Self, sizev = |s| s, stat = C::new(), tiler = Self, tilerv = |s| s);
leaf_int_tuple!(isize, [], static = B0, under = B0, err = B0, msg = "",
    size = Self, sizev = |s| s, stat = 0, tiler = Self, tilerv = |s| s);
leaf_int_tuple!(ScaledBasis<V, P>, [V: Integral, P: Path], static = <V as IntTuple>::IsStatic,
    under = B0, err = <P as Path>::IsErr, msg = <P as Path>::MSG,
    size = Self, sizev = |s| s, stat = ScaledBasis::new(V::conjure()),
    tiler = crate::layout::StridedLayout<ErrLeaf<ENotTiler>, ErrLeaf<ENotTiler>>,
    tilerv = |s| crate::layout::StridedLayout::from_parts(ErrLeaf::default(), ErrLeaf::default()));
leaf_int_tuple!(Underscore, [], static = B1, under = B1, err = B0, msg = "",
    size = Self, sizev = |s| s, stat = Underscore, tiler = Self, tilerv = |s| s);

impl fmt::Display for Underscore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}

/// The leaf of a rank-0 "leaf view" of any int tuple: its size (a leaf is its own
/// size); algorithms use it where CuTe's code only ever sees an integer.
pub type LeafOf<T> = <T as IntTuple>::Size;
