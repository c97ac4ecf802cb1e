//! Reductions and scans along a static axis, on tiles and expressions alike: they fold
//! straight over the operand's elements, so `(x * x).sum::<1>()` computes no tile of
//! `x * x`. A reduction drops the axis (cuTile Python's default) or keeps it as extent 1
//! (`*_keepdims`, CUDA Tile C++'s only behaviour); a scan (`cumsum`, `cumprod`) keeps
//! the shape. An axis past the rank does not compile.
//!
//! A reduction along the contiguous axis folds into several partial results combined
//! as a tree (as a GPU reduces), so float sums may differ from a left-to-right sum in
//! the last bits.

use super::element::Element;
use super::expr::{Expr, TileExpr, fold_run};
use super::num::Num;
use super::shape::{MAX_RANK, Reduced, ReshapesTo, TileShape};
use super::tile::Tile;
use typenum::{B0, B1};

/// `(outer, len, inner)`: the element `(o, k, i)` along `axis` sits at
/// `(o * len + k) * inner + i` in a row-major tile.
const fn split(dims: [usize; MAX_RANK], rank: usize, axis: usize) -> (usize, usize, usize) {
    let (mut outer, mut inner, mut d) = (1, 1, 0);
    while d < rank {
        if d < axis {
            outer *= dims[d];
        } else if d > axis {
            inner *= dims[d];
        }
        d += 1;
    }
    (outer, dims[axis], inner)
}

/// `x` folded along `AXIS` into a tile of shape `O` (the reduced shape, either form).
#[inline(always)]
fn fold_axis<const AXIS: usize, X: TileExpr, O: TileShape>(
    x: &X,
    init: X::Elem,
    f: impl Fn(X::Elem, X::Elem) -> X::Elem,
) -> Tile<X::Elem, O> {
    let (_, len, inner) = const { split(X::Shape::DIMS, X::Shape::RANK, AXIS) };
    let mut out = Tile::<X::Elem, O>::full(init);
    if inner == 1 {
        // Along the contiguous axis: one tree-shaped fold per output element.
        for (o, acc) in out.data.iter_mut().enumerate() {
            *acc = fold_run(x, o * len, len, init, &f);
        }
        return out;
    }
    let fast = x.fast_len();
    // Outer, then along the axis, then inner: the innermost loop is contiguous.
    for (o, chunk) in out.data.chunks_exact_mut(inner).enumerate() {
        for k in 0..len {
            let base = (o * len + k) * inner;
            for (i, acc) in chunk.iter_mut().enumerate() {
                let v = if base + i < fast {
                    x.at_fast(base + i)
                } else {
                    x.at(base + i)
                };
                *acc = f(*acc, v);
            }
        }
    }
    out
}

/// Scan along `AXIS`, keeping the shape.
#[inline(always)]
fn scan_axis<const AXIS: usize, X: TileExpr>(
    x: &X,
    f: impl Fn(X::Elem, X::Elem) -> X::Elem,
) -> Tile<X::Elem, X::Shape> {
    let (_, len, inner) = const { split(X::Shape::DIMS, X::Shape::RANK, AXIS) };
    let mut out = Tile::from_expr(x);
    for block in out.data.chunks_exact_mut(len * inner) {
        for k in 1..len {
            let (done, rest) = block.split_at_mut(k * inner);
            let prev = &done[(k - 1) * inner..];
            for (v, &p) in rest[..inner].iter_mut().zip(prev) {
                *v = f(p, *v);
            }
        }
    }
    out
}

/// The first extreme along an axis (`better(x, v)`: `x` beats the current `v`); a NaN
/// beats everything and is never beaten, as NumPy's `argmax` reports the first NaN.
#[inline(always)]
fn arg_fold<X: TileExpr, O: TileShape, const AXIS: usize>(
    x: &X,
    better: impl Fn(X::Elem, X::Elem) -> bool,
) -> Tile<i32, O>
where
    X::Elem: Num,
{
    let (_, len, inner) = const { split(X::Shape::DIMS, X::Shape::RANK, AXIS) };
    let mut best = Tile::<X::Elem, O>::full(X::Elem::ZERO);
    let mut idx = Tile::<i32, O>::full(0);
    for (o, (bv, bi)) in best
        .data
        .chunks_exact_mut(inner)
        .zip(idx.data.chunks_exact_mut(inner))
        .enumerate()
    {
        for (i, v) in bv.iter_mut().enumerate() {
            *v = x.at(o * len * inner + i);
        }
        for k in 1..len {
            let base = (o * len + k) * inner;
            for (j, (v, i)) in bv.iter_mut().zip(bi.iter_mut()).enumerate() {
                let e = x.at(base + j);
                if !v.is_nan() && (e.is_nan() || better(e, *v)) {
                    (*v, *i) = (e, k as i32);
                }
            }
        }
    }
    idx
}

/// The reductions, scans and `item` of tiles and expressions.
macro_rules! reductions {
    ($([$($g:tt)*] $ty:ty, $t:ty, $s:ty);*) => {$(
        impl<$($g)*> $ty {
            /// The only element of a one-element tile.
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet_tile as ct;
            /// assert_eq!(ct::iota::<i32, _>(shape!((4))).sum::<0>().item(), 6);
            /// ```
            #[inline(always)]
            pub fn item(self) -> $t
            where
                $s: ReshapesTo<()>,
            {
                TileExpr::at(&self, 0)
            }
        }
        impl<$($g)*> $ty
        where
            $t: Num,
        {
            reduction! { ($t, $s)
                sum, sum_keepdims, <$t>::ZERO, Num::add, "The sum (`[[0,1,2,3],[4,5,6,7]]` gives `[6, 22]`)";
                prod, prod_keepdims, <$t>::ONE, Num::mul, "The product";
                max, max_keepdims, <$t>::LOWEST, Num::maximum, "The maximum (NaN if any element is NaN)";
                min, min_keepdims, <$t>::HIGHEST, Num::minimum, "The minimum (NaN if any element is NaN)";
            }
            arg_reduction! { ($t, $s)
                argmax, argmax_keepdims, |x: $t, v: $t| x > v, "The index of the maximum";
                argmin, argmin_keepdims, |x: $t, v: $t| x < v, "The index of the minimum";
            }
            /// Running sums along `AXIS` (same shape).
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet_tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((2, 3)));
            /// assert_eq!(x.cumsum::<1>().to_string(), "[[0, 1, 3], [3, 7, 12]]");
            /// ```
            #[inline(always)]
            pub fn cumsum<const AXIS: usize>(&self) -> Tile<$t, $s>
            where
                $s: Reduced<AXIS, B1>,
            {
                scan_axis::<AXIS, _>(self, Num::add)
            }
            /// Running products along `AXIS` (same shape).
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet_tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((3, 2))) + 1;
            /// assert_eq!(x.cumprod::<0>().to_string(), "[[1, 2], [3, 8], [15, 48]]");
            /// ```
            #[inline(always)]
            pub fn cumprod<const AXIS: usize>(&self) -> Tile<$t, $s>
            where
                $s: Reduced<AXIS, B1>,
            {
                scan_axis::<AXIS, _>(self, Num::mul)
            }
        }
    )*};
}

macro_rules! reduction {
    (($t:ty, $s:ty) $($name:ident, $keep:ident, $init:expr, $op:expr, $doc:literal);* $(;)?) => {$(
        #[doc = concat!($doc, " along `AXIS`, dropping the axis.")]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        /// let x = ct::iota::<i32, _>(shape!((2, 4)));
        #[doc = concat!("assert_eq!(x.", stringify!($name), "::<1>().dims(), [2]);")]
        #[doc = concat!("assert_eq!((x * 2).", stringify!($name), "::<0>().dims(), [4]);")]
        /// ```
        #[inline(always)]
        pub fn $name<const AXIS: usize>(&self) -> Tile<$t, <$s as Reduced<AXIS, B0>>::Output>
        where
            $s: Reduced<AXIS, B0>,
        {
            fold_axis::<AXIS, _, _>(self, $init, $op)
        }
        #[doc = concat!($doc, " along `AXIS`, keeping it as extent 1.")]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        /// let x = ct::iota::<i32, _>(shape!((2, 4)));
        #[doc = concat!("assert_eq!(x.", stringify!($keep), "::<1>().dims(), [2, 1]);")]
        /// ```
        #[inline(always)]
        pub fn $keep<const AXIS: usize>(&self) -> Tile<$t, <$s as Reduced<AXIS, B1>>::Output>
        where
            $s: Reduced<AXIS, B1>,
        {
            fold_axis::<AXIS, _, _>(self, $init, $op)
        }
    )*};
}

macro_rules! arg_reduction {
    (($t:ty, $s:ty) $($name:ident, $keep:ident, $cmp:expr, $doc:literal);* $(;)?) => {$(
        #[doc = concat!($doc, " along `AXIS` (as `i32`; the first on ties, the first NaN if any), dropping the axis.")]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        /// let x = ct::iota::<i32, _>(shape!((2, 4)));
        #[doc = concat!("assert_eq!(x.", stringify!($name), "::<0>().dims(), [4]);")]
        /// ```
        #[inline(always)]
        pub fn $name<const AXIS: usize>(&self) -> Tile<i32, <$s as Reduced<AXIS, B0>>::Output>
        where
            $s: Reduced<AXIS, B0>,
        {
            arg_fold::<_, _, AXIS>(self, $cmp)
        }
        #[doc = concat!($doc, " along `AXIS`, keeping it as extent 1.")]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        /// let x = ct::iota::<i32, _>(shape!((2, 4)));
        #[doc = concat!("assert_eq!(x.", stringify!($keep), "::<1>().dims(), [2, 1]);")]
        /// ```
        #[inline(always)]
        pub fn $keep<const AXIS: usize>(&self) -> Tile<i32, <$s as Reduced<AXIS, B1>>::Output>
        where
            $s: Reduced<AXIS, B1>,
        {
            arg_fold::<_, _, AXIS>(self, $cmp)
        }
    )*};
}

reductions!([T: Element, S: TileShape] Tile<T, S>, T, S; [T: Element, N: TileExpr<Elem = T>] Expr<T, N>, T, N::Shape);
