//! Element-wise selection: cuTile Python's `where(cond, x, y)`, CUDA Tile C++'s
//! `select(cond, lhs, rhs)`. The condition and both operands broadcast together and the
//! operands promote to a common element type.

use super::element::{Cast, Element, Promote};
use super::shape::{BroadcastT, BroadcastsWith, TileShape};
use super::tile::Tile;

/// A tile, or a scalar taken as a rank-0 tile (an operand of [`where_`]).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// use ct::IntoTile;
/// assert_eq!(5u8.into_tile().dims(), [] as [usize; 0]);
/// assert_eq!(ct::zeros::<f32, _>(shape!((2))).into_tile().dims(), [2]);
/// ```
pub trait IntoTile {
    /// The element type.
    type Elem: Element;
    /// The shape (`()` for a scalar).
    type Shape: TileShape;
    /// The tile.
    fn into_tile(self) -> Tile<Self::Elem, Self::Shape>;
}
impl<T: Element, S: TileShape> IntoTile for Tile<T, S> {
    type Elem = T;
    type Shape = S;
    #[inline(always)]
    fn into_tile(self) -> Tile<T, S> {
        self
    }
}
impl<T: Element> IntoTile for T {
    type Elem = T;
    type Shape = ();
    #[inline(always)]
    fn into_tile(self) -> Tile<T, ()> {
        Tile::full(self)
    }
}

type Common<X, Y> = <<X as IntoTile>::Elem as Promote<<Y as IntoTile>::Elem>>::Output;
type XY<X, Y> = BroadcastT<<X as IntoTile>::Shape, <Y as IntoTile>::Shape>;
type All<C, X, Y> = BroadcastT<<C as IntoTile>::Shape, XY<X, Y>>;

/// `x` where `cond` is true, `y` elsewhere (cuTile Python's `where`, CUDA Tile C++'s
/// `select`, which is this function under that name); `cond`, `x` and `y` broadcast to
/// one shape, `x` and `y` promote to one element type.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// let cond = ct::iota::<i32, _>(shape!((4))).lt(2);
/// let r = ct::where_(cond, ct::full(shape!((4)), 1.0f32), ct::full(shape!((4)), -1.0f32));
/// assert_eq!(r.as_slice(), [1.0, 1.0, -1.0, -1.0]);
/// // A column condition selects whole rows; a scalar operand broadcasts.
/// let rows = ct::where_(ct::iota::<i32, _>(shape!((2, 1))).eq(0), ct::iota::<f32, _>(shape!((2, 3))), 0.0f32);
/// assert_eq!(rows.to_string(), "[[0, 1, 2], [0, 0, 0]]");
/// assert_eq!(ct::select(true, 1u8, 2u8).as_slice(), [1]);
/// ```
#[inline(always)]
pub fn where_<C, X, Y>(cond: C, x: X, y: Y) -> Tile<Common<X, Y>, All<C, X, Y>>
where
    C: IntoTile<Elem = bool>,
    X: IntoTile,
    Y: IntoTile,
    X::Elem: Promote<Y::Elem> + Cast<Common<X, Y>>,
    Y::Elem: Cast<Common<X, Y>>,
    X::Shape: BroadcastsWith<Y::Shape>,
    C::Shape: BroadcastsWith<XY<X, Y>>,
{
    let (c, x, y) = (
        cond.into_tile().stretch::<All<C, X, Y>>(),
        x.into_tile().stretch::<All<C, X, Y>>(),
        y.into_tile().stretch::<All<C, X, Y>>(),
    );
    Tile::from_fn(|i| {
        if c.data[i] {
            x.data[i].cast()
        } else {
            y.data[i].cast()
        }
    })
}
