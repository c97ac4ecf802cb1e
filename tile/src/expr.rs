//! Tile expressions: the lazy form every element-wise tile operation returns (as in
//! Eigen's expression templates, and as cuTile's compiler fuses a tile program). An
//! expression knows its element type and static shape and computes the element at a
//! row-major position on demand; nothing is stored until a consumer asks for it:
//! `store` evaluates it straight into the destination tensor, a reduction folds over it,
//! `eval` materializes it as a [`Tile`]. A chain `exp(x - m) / s` is therefore one pass
//! over memory, with no tile in between.
//!
//! An expression used twice is computed twice; `.eval()` a value that is reused and
//! expensive to compute (an `exp`), as softmax does with its numerator.

use super::element::Element;
use super::shape::TileShape;
use super::tile::Tile;
use core::marker::PhantomData;

/// A tile-valued expression: a [`Tile`], a lazy view of a tensor (`load`), or an
/// element-wise operation over expressions. Operators, math functions, `where_` and
/// `astype` build expressions; `store`, reductions and scans consume them in one pass;
/// [`eval`](TileExpr::eval) materializes one.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileExpr;
/// let x = ct::iota::<f32, _>(shape!((2, 3)));
/// let e = (x + 1.0f32) * 2.0f32;                  // nothing computed yet
/// assert_eq!(e.at(4), 10.0);                       // (4 + 1) * 2
/// assert_eq!(e.eval().as_slice(), [2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
/// ```
pub trait TileExpr: Clone {
    /// The element type.
    type Elem: Element;
    /// The static shape.
    type Shape: TileShape;
    /// The element at row-major position `i` (`i < SIZE`).
    fn at(&self, i: usize) -> Self::Elem;
    /// How many leading positions [`at_fast`](TileExpr::at_fast) may be asked for:
    /// where the expression needs no edge test (a tensor view: the part of the tile that
    /// lies in one contiguous run of the tensor). Consumers split their loops there, so
    /// the hot loop is branch-free and vectorizes.
    #[inline(always)]
    fn fast_len(&self) -> usize {
        <Self::Shape as TileShape>::SIZE
    }
    /// The element at position `i < fast_len()`, without edge tests.
    #[inline(always)]
    fn at_fast(&self, i: usize) -> Self::Elem {
        self.at(i)
    }
    /// The `LANES` (16) elements from position `i` (`i + LANES <= fast_len()`): a
    /// reduction's step. Views check the range once for all of them, so the lanes are
    /// one straight block of code that the optimizer turns into vector operations.
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [Self::Elem; LANES] {
        core::array::from_fn(|l| self.at_fast(i + l))
    }
    /// The expression with its fast positions cut to exactly `end <= fast_len()`,
    /// borrowing what it holds. Consumers loop over the clipped expression: a run whose
    /// length is the loop's bound is indexed without bounds checks, which keeps the loop
    /// vectorizable.
    type Clipped<'b>: TileExpr<Elem = Self::Elem, Shape = Self::Shape>
    where
        Self: 'b;
    /// See [`Clipped`](TileExpr::Clipped).
    fn clip(&self, end: usize) -> Self::Clipped<'_>;
    /// Where the expression is one value to its end, when that is known without
    /// computing the elements: the first such position and the value (a view's padding
    /// past the tensor's last element, an element-wise function of such tails, a
    /// one-element operand). Consumers compute it once, not per element: a `(1, 1024)`
    /// row over 1000 columns takes 24 padded `exp`s out of every softmax row. Element
    /// functions are pure, so this is what computing each position would give.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// use ct::TileExpr;
    /// let data = [1.0f32, 2.0, 3.0];
    /// let a = make_tensor(&data[..], layout!(3));
    /// let v = ct::load(&a, 0, shape!((8)), ct::Padding::Value(f32::NEG_INFINITY));
    /// assert_eq!(ct::exp(v).tail(), Some((3, 0.0)));          // positions 3..8
    /// assert_eq!(ct::iota::<f32, _>(shape!((8))).tail(), None);
    /// ```
    #[inline(always)]
    fn tail(&self) -> Option<(usize, Self::Elem)> {
        None
    }
    /// The expression computed into a tile.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// use ct::TileExpr;
    /// let t: ct::Tile<i32, _> = (ct::iota::<i32, _>(shape!((3))) * 2).eval();
    /// assert_eq!(t.as_slice(), [0, 2, 4]);
    /// ```
    #[inline(always)]
    fn eval(self) -> Tile<Self::Elem, Self::Shape> {
        Tile::from_expr(&self)
    }
}

/// Write the elements `start..start + dst.len()` of `x` into `dst`: first the part
/// below `fast_len` (a plain indexed loop, which the compiler vectorizes), then the
/// rest with edge tests, up to the expression's [`tail`](TileExpr::tail), which is one
/// value.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // the counted loop is the point (see below)
pub(crate) fn fill_from<X: TileExpr>(x: &X, start: usize, dst: &mut [X::Elem]) {
    let n = x.fast_len().saturating_sub(start).min(dst.len());
    let (fast, slow) = dst.split_at_mut(n);
    if start == 0 {
        let c = x.clip(n);
        for j in 0..n {
            fast[j] = c.at_fast(j);
        }
    } else {
        // `start` may lie past the fast positions (then `n` is 0).
        let c = x.clip((start + n).min(x.fast_len()));
        for j in 0..n {
            fast[j] = c.at_fast(start + j);
        }
    }
    let from = start + n;
    let (edge, tail) = match x.tail() {
        Some((t, v)) => (t.saturating_sub(from).min(slow.len()), Some(v)),
        None => (slow.len(), None),
    };
    let (edge_part, tail_part) = slow.split_at_mut(edge);
    for (j, d) in edge_part.iter_mut().enumerate() {
        *d = x.at(from + j);
    }
    if let Some(v) = tail {
        tail_part.fill(v);
    }
}

/// Lanes of the fused reductions: independent partial results combined as a tree at
/// the end (the order of a GPU's tree reduction), so a float sum is not one serial chain
/// of additions and the fold vectorizes. Sixteen: four chains of SSE vectors (eight, two
/// chains, left softmax's NaN-propagating maximum waiting on its own latency, 17% of the
/// kernel's time; layernorm 241 -> 169 us, softmax 520 -> 501 us on Zen 5; 32 lanes made
/// layernorm's two folds spill, 2x slower).
pub(crate) const LANES: usize = 16;

/// `f` folded over the positions `start..start + len` of `x`: position `start + j`
/// goes to partial result `j % LANES` (whether or not it is a fast position, so the
/// result does not depend on how the expression is stored), each from `init`, and the
/// partial results are combined pairwise.
#[inline(always)]
pub(crate) fn fold_run<X: TileExpr>(
    x: &X,
    start: usize,
    len: usize,
    init: X::Elem,
    f: impl Fn(X::Elem, X::Elem) -> X::Elem,
) -> X::Elem {
    let mut acc = [init; LANES];
    let fast = x.fast_len().saturating_sub(start).min(len);
    let whole = fast / LANES * LANES;
    let c = x.clip((start + fast).min(x.fast_len()));
    for k in (0..whole).step_by(LANES) {
        let v = c.lanes_fast(start + k);
        for (a, v) in acc.iter_mut().zip(v) {
            *a = f(*a, v);
        }
    }
    // Past the fast positions: the edge, then the expression's tail (one value, folded
    // in at each of its positions as before).
    let tail = x.tail();
    for j in whole..len {
        let v = if j < fast {
            c.at_fast(start + j)
        } else {
            match tail {
                Some((t, v)) if start + j >= t => v,
                _ => x.at(start + j),
            }
        };
        acc[j % LANES] = f(acc[j % LANES], v);
    }
    let mut w = LANES;
    while w > 1 {
        w /= 2;
        for l in 0..w {
            acc[l] = f(acc[l], acc[l + w]);
        }
    }
    acc[0]
}

/// A lazy tile expression: the result of an element-wise operation on tiles or
/// expressions. It has the tile operations (operators, math functions, reductions,
/// comparisons, `astype`, printing); [`eval`](TileExpr::eval) turns it into a [`Tile`]
/// where storage is needed (`as_slice`, `permute`, `reshape`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let x = ct::iota::<i32, _>(shape!((2, 2)));
/// let e = x * x + 1;                                // an `Expr`
/// assert_eq!(e.to_string(), "[[1, 2], [5, 10]]");
/// assert_eq!(e.sum::<1>().as_slice(), [3, 15]);     // folded without a tile of `e`
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Expr<T, N> {
    pub(crate) node: N,
    elem: PhantomData<T>,
}

/// The expression of a node (its element type spelled out, so that the operator impls
/// of `Expr` can tell a scalar of that type from another tile by the types' structure).
#[inline(always)]
pub(crate) fn expr<T, N>(node: N) -> Expr<T, N> {
    Expr {
        node,
        elem: PhantomData,
    }
}

impl<T: Element, N: TileExpr<Elem = T>> TileExpr for Expr<T, N> {
    type Elem = N::Elem;
    type Shape = N::Shape;
    #[inline(always)]
    fn at(&self, i: usize) -> N::Elem {
        self.node.at(i)
    }
    #[inline(always)]
    fn fast_len(&self) -> usize {
        self.node.fast_len()
    }
    #[inline(always)]
    fn at_fast(&self, i: usize) -> N::Elem {
        self.node.at_fast(i)
    }
    type Clipped<'b>
        = N::Clipped<'b>
    where
        Self: 'b;
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [N::Elem; LANES] {
        self.node.lanes_fast(i)
    }
    #[inline(always)]
    fn clip(&self, end: usize) -> N::Clipped<'_> {
        self.node.clip(end)
    }
    #[inline(always)]
    fn tail(&self) -> Option<(usize, N::Elem)> {
        self.node.tail()
    }
    #[inline(always)]
    fn eval(self) -> Tile<N::Elem, N::Shape> {
        self.node.eval()
    }
}

/// A borrowed expression (what [`TileExpr::clip`] gives for a stored tile).
impl<X: TileExpr> TileExpr for &X {
    type Elem = X::Elem;
    type Shape = X::Shape;
    #[inline(always)]
    fn at(&self, i: usize) -> X::Elem {
        (**self).at(i)
    }
    #[inline(always)]
    fn fast_len(&self) -> usize {
        (**self).fast_len()
    }
    #[inline(always)]
    fn at_fast(&self, i: usize) -> X::Elem {
        (**self).at_fast(i)
    }
    type Clipped<'b>
        = X::Clipped<'b>
    where
        Self: 'b;
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [X::Elem; LANES] {
        (**self).lanes_fast(i)
    }
    #[inline(always)]
    fn clip(&self, end: usize) -> X::Clipped<'_> {
        (**self).clip(end)
    }
    #[inline(always)]
    fn tail(&self) -> Option<(usize, X::Elem)> {
        (**self).tail()
    }
}

impl<T: Element, N: TileExpr<Elem = T>> Expr<T, N> {
    /// The expression computed into a tile (the trait's [`TileExpr::eval`], callable
    /// without importing the trait): materialize a value that is used more than once.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let e = ct::exp(ct::zeros::<f32, _>(shape!((4)))).eval(); // computed once
    /// assert_eq!((e + e).eval().as_slice(), [2.0; 4]);
    /// ```
    #[inline(always)]
    pub fn eval(self) -> Tile<N::Elem, N::Shape> {
        self.node.eval()
    }
    /// The expression's shape (a zero-sized value).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// use ct::TileShape;
    /// let e = ct::iota::<i32, _>(shape!((2, 4))) + 1;
    /// fn size<S: TileShape>(_: S) -> usize { S::SIZE }
    /// assert_eq!(size(e.shape()), 8);
    /// ```
    pub fn shape(&self) -> N::Shape {
        N::Shape::default()
    }
    /// The extents, as numbers.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// assert_eq!((ct::zeros::<f32, _>(shape!((4, 1))) + 1.0f32).dims(), [4, 1]);
    /// ```
    pub fn dims(&self) -> &'static [usize] {
        Tile::<N::Elem, N::Shape>::default_dims()
    }
    /// The element at a multi-index (one index per dimension), or `None` out of range.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let e = ct::iota::<i32, _>(shape!((2, 4))) * 10;
    /// assert_eq!(e.get(&[1, 2]), Some(60));
    /// ```
    pub fn get(&self, idx: &[usize]) -> Option<N::Elem> {
        Tile::<N::Elem, N::Shape>::offset_of(idx).map(|off| self.node.at(off))
    }
}

impl<T: Element, N: TileExpr<Elem = T>> core::fmt::Display for Expr<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&Tile::from_expr(&self.node), f)
    }
}

impl<T: Element, N: TileExpr<Elem = T>, M: TileExpr<Elem = T, Shape = N::Shape>> PartialEq<M>
    for Expr<T, N>
{
    /// Element-wise equality of two expressions of one shape and type (as tiles: NaN is
    /// unequal to itself).
    fn eq(&self, other: &M) -> bool {
        (0..<N::Shape as TileShape>::SIZE).all(|i| self.node.at(i) == other.at(i))
    }
}
