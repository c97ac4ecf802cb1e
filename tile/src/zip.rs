//! The element-wise zip node (binary operators and functions, with NumPy broadcasting
//! and type promotion) and the scalar operand. An operand with the result's size is
//! read at the same position; a one-element operand is read at position 0 (the
//! optimizer hoists it out of the loop); any other operand maps the position through
//! its broadcast strides, which are constants of the shapes.

use super::element::{Cast, Element};
use super::expr::{LANES, TileExpr};
use super::op::ZipFn;
use super::shape::{TileShape, broadcast_strides};
use super::tile::Tile;
use core::marker::PhantomData;

/// A scalar taken as a rank-0 tile expression (one element).
///
/// ```
/// use cutlet_tile as ct;
/// use ct::TileExpr;
/// assert_eq!(ct::Splat(2.5f32).at(0), 2.5);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Splat<T>(pub T);

impl<T: Element> TileExpr for Splat<T> {
    type Elem = T;
    type Shape = ();
    #[inline(always)]
    fn at(&self, _: usize) -> T {
        self.0
    }
    type Clipped<'b>
        = Splat<T>
    where
        Self: 'b;
    #[inline(always)]
    fn clip(&self, _: usize) -> Splat<T> {
        *self
    }
    #[inline(always)]
    fn tail(&self) -> Option<(usize, T)> {
        Some((0, self.0))
    }
}

/// Position `i` of the output shape `O` as a position of `x`, broadcast to `O`.
#[inline(always)]
fn source<X: TileExpr, O: TileShape>(i: usize) -> usize {
    let strides = const { broadcast_strides(X::Shape::DIMS, X::Shape::RANK, O::RANK) };
    let (mut rem, mut off) = (i, 0);
    let mut k = O::RANK;
    while k > 0 {
        k -= 1;
        let d = O::DIMS[k];
        off += (rem % d) * strides[k];
        rem /= d;
    }
    off
}

/// The element of operand `x` at output position `i` of the broadcast shape `O`.
#[inline(always)]
pub(crate) fn operand<X: TileExpr, O: TileShape>(x: &X, i: usize) -> X::Elem {
    if X::Shape::SIZE == O::SIZE {
        x.at(i)
    } else if X::Shape::SIZE == 1 {
        x.at(0)
    } else {
        x.at(source::<X, O>(i))
    }
}
/// [`operand`] at a position below [`operand_fast_len`].
#[inline(always)]
pub(crate) fn operand_fast<X: TileExpr, O: TileShape>(x: &X, i: usize) -> X::Elem {
    if X::Shape::SIZE == O::SIZE {
        x.at_fast(i)
    } else {
        operand::<X, O>(x, i)
    }
}
/// The operand clipped at output position `end` (a broadcast operand keeps its own
/// fast positions).
#[inline(always)]
pub(crate) fn operand_clip<X: TileExpr, O: TileShape>(x: &X, end: usize) -> X::Clipped<'_> {
    if X::Shape::SIZE == O::SIZE {
        x.clip(end)
    } else {
        x.clip(x.fast_len())
    }
}
/// [`operand_fast`] at `LANES` positions from `i`.
#[inline(always)]
pub(crate) fn operand_lanes<X: TileExpr, O: TileShape>(x: &X, i: usize) -> [X::Elem; LANES] {
    if X::Shape::SIZE == O::SIZE {
        x.lanes_fast(i)
    } else if X::Shape::SIZE == 1 {
        [x.at(0); LANES]
    } else {
        core::array::from_fn(|l| operand::<X, O>(x, i + l))
    }
}
/// The operand's [`tail`](TileExpr::tail) in output positions: its own when it has the
/// output's shape, the whole output for a one-element operand, none for another
/// broadcast.
#[inline(always)]
pub(crate) fn operand_tail<X: TileExpr, O: TileShape>(x: &X) -> Option<(usize, X::Elem)> {
    if X::Shape::SIZE == O::SIZE {
        x.tail()
    } else if X::Shape::SIZE == 1 {
        Some((0, x.at(0)))
    } else {
        None
    }
}
/// How far the operand's fast positions reach in output positions (a broadcast operand
/// is read through `at` and does not limit it).
#[inline(always)]
pub(crate) fn operand_fast_len<X: TileExpr, O: TileShape>(x: &X) -> usize {
    if X::Shape::SIZE == O::SIZE {
        x.fast_len()
    } else {
        O::SIZE
    }
}

/// `f(a, b)` per element of the broadcast shape `S`, both operands converted to `T`
/// first (the promoted type).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileExpr;
/// let e = ct::iota::<i32, _>(shape!((2, 1))) + ct::iota::<f32, _>(shape!((3)));
/// assert_eq!(e.at(4), 2.0);                              // row 1, column 1: 1 + 1
/// ```
#[derive(Debug)]
pub struct Zip<A, B, F, T, S> {
    pub(crate) a: A,
    pub(crate) b: B,
    pub(crate) f: F,
    pub(crate) ty: PhantomData<(T, S)>,
}
impl<A: Clone, B: Clone, F: Clone, T, S> Clone for Zip<A, B, F, T, S> {
    fn clone(&self) -> Self {
        Zip {
            a: self.a.clone(),
            b: self.b.clone(),
            f: self.f.clone(),
            ty: PhantomData,
        }
    }
}
impl<A: Copy, B: Copy, F: Copy, T, S> Copy for Zip<A, B, F, T, S> {}

impl<A, B, F, T, S> Zip<A, B, F, T, S> {
    /// The node (shapes and types were checked by the caller).
    #[inline(always)]
    pub(crate) fn new(a: A, b: B, f: F) -> Self {
        Zip {
            a,
            b,
            f,
            ty: PhantomData,
        }
    }
}

impl<A, B, F, T, S> TileExpr for Zip<A, B, F, T, S>
where
    A: TileExpr,
    B: TileExpr,
    A::Elem: Cast<T>,
    B::Elem: Cast<T>,
    T: Element,
    F: ZipFn<T>,
    S: TileShape,
{
    type Elem = F::Output;
    type Shape = S;
    #[inline(always)]
    fn at(&self, i: usize) -> F::Output {
        let a: T = operand::<A, S>(&self.a, i).cast();
        self.f.call(a, operand::<B, S>(&self.b, i).cast())
    }
    #[inline(always)]
    fn fast_len(&self) -> usize {
        operand_fast_len::<A, S>(&self.a).min(operand_fast_len::<B, S>(&self.b))
    }
    #[inline(always)]
    fn at_fast(&self, i: usize) -> F::Output {
        let a: T = operand_fast::<A, S>(&self.a, i).cast();
        self.f.call(a, operand_fast::<B, S>(&self.b, i).cast())
    }
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [F::Output; LANES] {
        let (a, b) = (
            operand_lanes::<A, S>(&self.a, i),
            operand_lanes::<B, S>(&self.b, i),
        );
        core::array::from_fn(|l| self.f.call(a[l].cast(), b[l].cast()))
    }
    type Clipped<'b>
        = Zip<A::Clipped<'b>, B::Clipped<'b>, F, T, S>
    where
        Self: 'b;
    #[inline(always)]
    fn clip(&self, end: usize) -> Self::Clipped<'_> {
        Zip::new(
            operand_clip::<A, S>(&self.a, end),
            operand_clip::<B, S>(&self.b, end),
            self.f,
        )
    }
    #[inline(always)]
    fn tail(&self) -> Option<(usize, F::Output)> {
        let (ta, a) = operand_tail::<A, S>(&self.a)?;
        let (tb, b) = operand_tail::<B, S>(&self.b)?;
        Some((ta.max(tb), self.f.call(a.cast(), b.cast())))
    }
    #[inline(always)]
    fn eval(self) -> Tile<F::Output, S> {
        Tile::from_expr(&self)
    }
}
