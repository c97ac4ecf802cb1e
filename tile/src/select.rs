//! Element-wise selection: cuTile Python's `where(cond, x, y)`, CUDA Tile C++'s
//! `select(cond, lhs, rhs)`. The condition and both operands broadcast together and the
//! operands promote to a common element type; the result is a lazy [`Select`] node.

use super::element::{Cast, Element, Promote};
use super::expr::{Expr, LANES, TileExpr, expr};
use super::shape::{BroadcastT, BroadcastsWith, TileShape};
use super::tile::Tile;
use super::zip::{
    Splat, operand, operand_clip, operand_fast, operand_fast_len, operand_lanes, operand_tail,
};
use core::marker::PhantomData;

/// An operand of the tile operations: a tile, an expression, or a scalar taken as a
/// rank-0 tile; `Node` is the expression it enters a larger expression as.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::IntoTile;
/// assert_eq!(5u8.into_tile().dims(), [] as [usize; 0]);
/// assert_eq!(ct::zeros::<f32, _>(shape!((2))).into_tile().dims(), [2]);
/// assert_eq!((ct::zeros::<f32, _>(shape!((2))) + 1.0f32).into_tile().as_slice(), [1.0, 1.0]);
/// ```
pub trait IntoTile {
    /// The element type.
    type Elem: Element;
    /// The shape (`()` for a scalar).
    type Shape: TileShape;
    /// The expression node.
    type Node: TileExpr<Elem = Self::Elem, Shape = Self::Shape>;
    /// The expression node.
    fn into_node(self) -> Self::Node;
    /// The values, materialized as a tile.
    #[inline(always)]
    fn into_tile(self) -> Tile<Self::Elem, Self::Shape>
    where
        Self: Sized,
    {
        self.into_node().eval()
    }
}
impl<T: Element, S: TileShape> IntoTile for Tile<T, S> {
    type Elem = T;
    type Shape = S;
    type Node = Tile<T, S>;
    #[inline(always)]
    fn into_node(self) -> Tile<T, S> {
        self
    }
}
impl<T: Element, N: TileExpr<Elem = T>> IntoTile for Expr<T, N> {
    type Elem = N::Elem;
    type Shape = N::Shape;
    type Node = N;
    #[inline(always)]
    fn into_node(self) -> N {
        self.node
    }
}
/// A borrowed tile enters an expression by reference (`&e / s` reads `e` where it is,
/// where `e / s` would move the whole tile into the expression).
impl<'a, T: Element, S: TileShape> IntoTile for &'a Tile<T, S> {
    type Elem = T;
    type Shape = S;
    type Node = &'a Tile<T, S>;
    #[inline(always)]
    fn into_node(self) -> &'a Tile<T, S> {
        self
    }
}
impl<T: Element> IntoTile for T {
    type Elem = T;
    type Shape = ();
    type Node = Splat<T>;
    #[inline(always)]
    fn into_node(self) -> Splat<T> {
        Splat(self)
    }
}

/// `x` where `c` is true, `y` elsewhere, per element of the broadcast shape `S`, both
/// converted to `T`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileExpr;
/// let e = ct::where_(ct::iota::<i32, _>(shape!((3))).lt(1), 5u8, 7u8);
/// assert_eq!((e.at(0), e.at(2)), (5, 7));
/// ```
#[derive(Debug)]
pub struct Select<C, X, Y, T, S> {
    c: C,
    x: X,
    y: Y,
    ty: PhantomData<(T, S)>,
}
impl<C: Clone, X: Clone, Y: Clone, T, S> Clone for Select<C, X, Y, T, S> {
    fn clone(&self) -> Self {
        Select {
            c: self.c.clone(),
            x: self.x.clone(),
            y: self.y.clone(),
            ty: PhantomData,
        }
    }
}
impl<C: Copy, X: Copy, Y: Copy, T, S> Copy for Select<C, X, Y, T, S> {}

impl<C, X, Y, T, S> TileExpr for Select<C, X, Y, T, S>
where
    C: TileExpr<Elem = bool>,
    X: TileExpr,
    Y: TileExpr,
    X::Elem: Cast<T>,
    Y::Elem: Cast<T>,
    T: Element,
    S: TileShape,
{
    type Elem = T;
    type Shape = S;
    #[inline(always)]
    fn at(&self, i: usize) -> T {
        // Both sides are computed and one is kept (a blend, as on a GPU): a branch per
        // element would keep the loop from vectorizing.
        let (x, y) = (operand::<X, S>(&self.x, i), operand::<Y, S>(&self.y, i));
        if operand::<C, S>(&self.c, i) {
            x.cast()
        } else {
            y.cast()
        }
    }
    #[inline(always)]
    fn fast_len(&self) -> usize {
        operand_fast_len::<C, S>(&self.c)
            .min(operand_fast_len::<X, S>(&self.x))
            .min(operand_fast_len::<Y, S>(&self.y))
    }
    #[inline(always)]
    fn at_fast(&self, i: usize) -> T {
        let (x, y) = (
            operand_fast::<X, S>(&self.x, i),
            operand_fast::<Y, S>(&self.y, i),
        );
        if operand_fast::<C, S>(&self.c, i) {
            x.cast()
        } else {
            y.cast()
        }
    }
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [T; LANES] {
        let (c, x, y) = (
            operand_lanes::<C, S>(&self.c, i),
            operand_lanes::<X, S>(&self.x, i),
            operand_lanes::<Y, S>(&self.y, i),
        );
        core::array::from_fn(|l| if c[l] { x[l].cast() } else { y[l].cast() })
    }
    type Clipped<'b>
        = Select<C::Clipped<'b>, X::Clipped<'b>, Y::Clipped<'b>, T, S>
    where
        Self: 'b;
    #[inline(always)]
    fn clip(&self, end: usize) -> Self::Clipped<'_> {
        Select {
            c: operand_clip::<C, S>(&self.c, end),
            x: operand_clip::<X, S>(&self.x, end),
            y: operand_clip::<Y, S>(&self.y, end),
            ty: PhantomData,
        }
    }
    #[inline(always)]
    fn tail(&self) -> Option<(usize, T)> {
        let (tc, c) = operand_tail::<C, S>(&self.c)?;
        let (tx, x) = operand_tail::<X, S>(&self.x)?;
        let (ty, y) = operand_tail::<Y, S>(&self.y)?;
        Some((tc.max(tx).max(ty), if c { x.cast() } else { y.cast() }))
    }
}

type Common<X, Y> = <<X as IntoTile>::Elem as Promote<<Y as IntoTile>::Elem>>::Output;
type XY<X, Y> = BroadcastT<<X as IntoTile>::Shape, <Y as IntoTile>::Shape>;
type All<C, X, Y> = BroadcastT<<C as IntoTile>::Shape, XY<X, Y>>;
/// The expression [`where_`] returns.
type Where<C, X, Y> = Expr<
    Common<X, Y>,
    Select<
        <C as IntoTile>::Node,
        <X as IntoTile>::Node,
        <Y as IntoTile>::Node,
        Common<X, Y>,
        All<C, X, Y>,
    >,
>;

/// `x` where `cond` is true, `y` elsewhere (cuTile Python's `where`, CUDA Tile C++'s
/// `select`, which is this function under that name); `cond`, `x` and `y` broadcast to
/// one shape, `x` and `y` promote to one element type.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let cond = ct::iota::<i32, _>(shape!((4))).lt(2);
/// let r = ct::where_(cond, ct::full(shape!((4)), 1.0f32), ct::full(shape!((4)), -1.0f32));
/// assert_eq!(r.eval().as_slice(), [1.0, 1.0, -1.0, -1.0]);
/// // A column condition selects whole rows; a scalar operand broadcasts.
/// let rows = ct::where_(ct::iota::<i32, _>(shape!((2, 1))).eq(0), ct::iota::<f32, _>(shape!((2, 3))), 0.0f32);
/// assert_eq!(rows.to_string(), "[[0, 1, 2], [0, 0, 0]]");
/// assert_eq!(ct::select(true, 1u8, 2u8).eval().as_slice(), [1]);
/// ```
#[inline(always)]
pub fn where_<C, X, Y>(cond: C, x: X, y: Y) -> Where<C, X, Y>
where
    C: IntoTile<Elem = bool>,
    X: IntoTile,
    Y: IntoTile,
    X::Elem: Promote<Y::Elem> + Cast<Common<X, Y>>,
    Y::Elem: Cast<Common<X, Y>>,
    X::Shape: BroadcastsWith<Y::Shape>,
    C::Shape: BroadcastsWith<XY<X, Y>>,
{
    expr(Select {
        c: cond.into_node(),
        x: x.into_node(),
        y: y.into_node(),
        ty: PhantomData,
    })
}
