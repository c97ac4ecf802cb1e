//! The element-wise map node: `f(x)` per element, lazily (unary operators, math
//! functions, `astype`, `map`).

use super::expr::{LANES, TileExpr};
use super::op::MapFn;
use super::tile::Tile;

/// `f` applied to every element of `x`, computed when an element is asked for.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileExpr;
/// let e = ct::exp(ct::zeros::<f32, _>(shape!((2))));   // an `Expr<Map<..>>`
/// assert_eq!(e.at(1), 1.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Map<X, F> {
    pub(crate) x: X,
    pub(crate) f: F,
}

impl<X: TileExpr, F: MapFn<X::Elem>> TileExpr for Map<X, F> {
    type Elem = F::Output;
    type Shape = X::Shape;
    #[inline(always)]
    fn at(&self, i: usize) -> F::Output {
        self.f.call(self.x.at(i))
    }
    #[inline(always)]
    fn fast_len(&self) -> usize {
        self.x.fast_len()
    }
    #[inline(always)]
    fn at_fast(&self, i: usize) -> F::Output {
        self.f.call(self.x.at_fast(i))
    }
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [F::Output; LANES] {
        self.x.lanes_fast(i).map(|v| self.f.call(v))
    }
    type Clipped<'b>
        = Map<X::Clipped<'b>, F>
    where
        Self: 'b;
    #[inline(always)]
    fn clip(&self, end: usize) -> Self::Clipped<'_> {
        Map {
            x: self.x.clip(end),
            f: self.f,
        }
    }
    #[inline(always)]
    fn tail(&self) -> Option<(usize, F::Output)> {
        self.x.tail().map(|(t, v)| (t, self.f.call(v)))
    }
    #[inline(always)]
    fn eval(self) -> Tile<F::Output, X::Shape> {
        Tile::from_expr(&self)
    }
}
