//! Binary element-wise operations: how two operands (tiles, expressions or scalars)
//! meet. Two tile operands broadcast to a common shape and promote to a common element
//! type; a scalar must already have the tile's element type (a scalar that would narrow,
//! `2.5` with an `i32` tile, does not compile, as in CUDA Tile C++); two scalars give a
//! scalar. The result of an operation on a tile is a lazy [`Expr`] over a [`Zip`] node.

use super::element::{Cast, Element, Promote};
use super::expr::{Expr, TileExpr, expr};
use super::op::ZipFn;
use super::select::IntoTile;
use super::shape::{BroadcastT, BroadcastsWith, TileShape};
use super::tile::Tile;
use super::zip::{Splat, Zip};
use half::{bf16, f16};

/// A binary element-wise operation's operands, `Self` on the left and `R` on the
/// right. The operation converts both to `Elem` and produces `Output<F>`: an expression
/// of the broadcast shape, or a scalar when both operands are scalars.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::Binary;
/// // Tile with tile: broadcast shape, common type.
/// let t = ct::ones::<i16, _>(shape!((2, 1))).zip(ct::ones::<i32, _>(shape!((3))), |a, b| a + b);
/// assert_eq!(t.dims(), [2, 3]);
/// // Scalar with scalar: a scalar.
/// assert_eq!(2i32.zip(3i32, |a: i32, b: i32| a * b), 6);
/// ```
pub trait Binary<R>: Sized {
    /// The element type both operands are converted to.
    type Elem: Element;
    /// The result of an operation `F` on each pair of elements.
    type Output<F: ZipFn<Self::Elem>>;
    /// Apply `f` to each pair of (broadcast, converted) elements.
    fn zip<F: ZipFn<Self::Elem>>(self, r: R, f: F) -> Self::Output<F>;
}

/// The expression of `F` over two operands: the nodes, the common type, the shape.
type ZipOf<L, R, F, T, S> =
    Expr<<F as ZipFn<T>>::Output, Zip<<L as IntoTile>::Node, <R as IntoTile>::Node, F, T, S>>;

// Tile-like with tile-like, in the four combinations of `Tile` and `Expr`: element
// types `$t` and `$u`, shapes `$s` and `$s2`.
macro_rules! tile_pair {
    ($([$($g:tt)*] $l:ty, $t:ident, $s:ty; $r:ty, $u:ident, $s2:ty);* $(;)?) => {$(
        impl<$($g)*> Binary<$r> for $l
        where
            $t: Promote<$u> + Cast<<$t as Promote<$u>>::Output>,
            $u: Cast<<$t as Promote<$u>>::Output>,
            $s: BroadcastsWith<$s2>,
        {
            type Elem = <$t as Promote<$u>>::Output;
            type Output<F: ZipFn<Self::Elem>> = ZipOf<$l, $r, F, Self::Elem, BroadcastT<$s, $s2>>;
            #[inline(always)]
            fn zip<F: ZipFn<Self::Elem>>(self, r: $r, f: F) -> Self::Output<F> {
                expr(Zip::new(self.into_node(), r.into_node(), f))
            }
        }
    )*};
}
tile_pair! {
    [T: Element, S: TileShape, U: Element, S2: TileShape] Tile<T, S>, T, S; Tile<U, S2>, U, S2;
    [T: Element, S: TileShape, U: Element, M: TileExpr<Elem = U>] Tile<T, S>, T, S; Expr<U, M>, U, M::Shape;
    [T: Element, N: TileExpr<Elem = T>, U: Element, S2: TileShape] Expr<T, N>, T, N::Shape; Tile<U, S2>, U, S2;
    [T: Element, N: TileExpr<Elem = T>, U: Element, M: TileExpr<Elem = U>] Expr<T, N>, T, N::Shape; Expr<U, M>, U, M::Shape;
    ['a, T: Element, S: TileShape, U: Element, S2: TileShape] &'a Tile<T, S>, T, S; Tile<U, S2>, U, S2;
    ['a, T: Element, S: TileShape, U: Element, S2: TileShape] Tile<T, S>, T, S; &'a Tile<U, S2>, U, S2;
    ['a, 'b, T: Element, S: TileShape, U: Element, S2: TileShape] &'a Tile<T, S>, T, S; &'b Tile<U, S2>, U, S2;
    ['a, T: Element, S: TileShape, U: Element, M: TileExpr<Elem = U>] &'a Tile<T, S>, T, S; Expr<U, M>, U, M::Shape;
    ['a, T: Element, N: TileExpr<Elem = T>, U: Element, S2: TileShape] Expr<T, N>, T, N::Shape; &'a Tile<U, S2>, U, S2;
}

// Tile-like with a scalar of its element type, on either side (the scalar is a rank-0
// operand, read once per evaluation).
macro_rules! tile_scalar {
    ($([$($g:tt)*] $l:ty, $t:ident, $s:ty);* $(;)?) => {$(
        impl<$($g)*> Binary<$t> for $l
        where
            $t: Cast<$t>,
        {
            type Elem = $t;
            type Output<F: ZipFn<$t>> = ZipOf<$l, $t, F, $t, $s>;
            #[inline(always)]
            fn zip<F: ZipFn<$t>>(self, r: $t, f: F) -> Self::Output<F> {
                expr(Zip::new(self.into_node(), Splat(r), f))
            }
        }
        impl<$($g)*> Binary<$l> for $t
        where
            $t: Cast<$t>,
        {
            type Elem = $t;
            type Output<F: ZipFn<$t>> = ZipOf<$t, $l, F, $t, $s>;
            #[inline(always)]
            fn zip<F: ZipFn<$t>>(self, r: $l, f: F) -> Self::Output<F> {
                expr(Zip::new(Splat(self), r.into_node(), f))
            }
        }
    )*};
}
tile_scalar! {
    [T: Element, S: TileShape] Tile<T, S>, T, S;
    [T: Element, N: TileExpr<Elem = T>] Expr<T, N>, T, N::Shape;
    ['a, T: Element, S: TileShape] &'a Tile<T, S>, T, S;
}

impl<T: Element> Binary<T> for T {
    type Elem = T;
    type Output<F: ZipFn<T>> = F::Output;
    #[inline(always)]
    fn zip<F: ZipFn<T>>(self, r: T, f: F) -> F::Output {
        f.call(self, r)
    }
}

/// A scalar that does not have the tile's element type.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // `ct::ones::<i32, _>(shape!((4))) + 2.5` would not compile; a tile-typed scalar does:
/// let t = (ct::ones::<i32, _>(shape!((4))) + 2).eval();
/// assert_eq!(t.as_slice(), [3; 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "scalar `{Scalar}` would narrow to the tile's element type `{Elem}`",
    label = "a scalar operand must have the tile's element type",
    note = "write the scalar in the tile's type (`2` for an integer tile, `2.0` for a float tile), or convert the tile with `astype`"
)]
pub trait NarrowingScalar<Scalar, Elem> {}

// A float literal meeting a tile that no literal can match exactly (integers, bool,
// the half types) resolves to `f64` and lands here, to be refused by name.
macro_rules! narrowing {
    ($($t:ty),*) => {$(
        narrowing!(@side [S: TileShape + NarrowingScalar<f64, $t>] Tile<$t, S>, $t, S);
        narrowing!(@side [N: TileExpr<Elem = $t>] Expr<$t, N>, $t, N::Shape
            where N::Shape: NarrowingScalar<f64, $t>);
    )*};
    (@side [$($g:tt)*] $l:ty, $t:ty, $s:ty $(where $($w:tt)*)?) => {
        impl<$($g)*> Binary<f64> for $l $(where $($w)*)? {
            type Elem = $t;
            type Output<F: ZipFn<$t>> = ZipOf<$l, $t, F, $t, $s>;
            fn zip<F: ZipFn<$t>>(self, _: f64, _: F) -> Self::Output<F> {
                unreachable!("refused at compile time")
            }
        }
        impl<$($g)*> Binary<$l> for f64 $(where $($w)*)? {
            type Elem = $t;
            type Output<F: ZipFn<$t>> = ZipOf<$t, $l, F, $t, $s>;
            fn zip<F: ZipFn<$t>>(self, _: $l, _: F) -> Self::Output<F> {
                unreachable!("refused at compile time")
            }
        }
    };
}
narrowing!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16);
