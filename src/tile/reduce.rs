//! Reductions and scans along a static axis. A reduction drops the axis (cuTile
//! Python's default) or keeps it as extent 1 (`*_keepdims`, CUDA Tile C++'s only
//! behaviour); a scan (`cumsum`, `cumprod`) keeps the shape. An axis past the rank does
//! not compile.

use super::element::Element;
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

impl<T: Element, S: TileShape> Tile<T, S> {
    /// Fold along `AXIS` into a tile of shape `O` (the reduced shape, either form).
    #[inline(always)]
    fn fold_axis<const AXIS: usize, U: Element, O: TileShape>(
        &self,
        init: U,
        mut f: impl FnMut(U, usize, T) -> U,
    ) -> Tile<U, O> {
        let (_, len, inner) = const { split(S::DIMS, S::RANK, AXIS) };
        let mut out = Tile::<U, O>::full(init);
        // Outer, then along the axis, then inner: the innermost loop is contiguous.
        for (o, chunk) in out.data.chunks_exact_mut(inner).enumerate() {
            for k in 0..len {
                let row = &self.data[(o * len + k) * inner..(o * len + k + 1) * inner];
                for (acc, &x) in chunk.iter_mut().zip(row) {
                    *acc = f(*acc, k, x);
                }
            }
        }
        out
    }

    /// Scan along `AXIS`, keeping the shape.
    #[inline(always)]
    fn scan_axis<const AXIS: usize>(self, mut f: impl FnMut(T, T) -> T) -> Tile<T, S> {
        let (_, len, inner) = const { split(S::DIMS, S::RANK, AXIS) };
        let mut out = self;
        for block in out.data.chunks_exact_mut(len * inner) {
            for k in 1..len {
                let (done, rest) = block.split_at_mut(k * inner);
                let prev = &done[(k - 1) * inner..];
                for (x, &p) in rest[..inner].iter_mut().zip(prev) {
                    *x = f(p, *x);
                }
            }
        }
        out
    }

    /// The only element of a one-element tile.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet::tile as ct;
    /// assert_eq!(ct::iota::<i32, _>(shape!((4))).sum::<0>().item(), 6);
    /// ```
    #[inline(always)]
    pub fn item(self) -> T
    where
        S: ReshapesTo<()>,
    {
        self.data[0]
    }
}

macro_rules! reduction {
    ($($name:ident, $keep:ident, $init:expr, $op:expr, $doc:literal);* $(;)?) => {
        impl<T: Num, S: TileShape> Tile<T, S> {$(
            #[doc = concat!($doc, " along `AXIS`, dropping the axis.")]
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet::tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((2, 4)));
            #[doc = concat!("assert_eq!(x.", stringify!($name), "::<1>().dims(), [2]);")]
            /// ```
            #[inline(always)]
            pub fn $name<const AXIS: usize>(self) -> Tile<T, <S as Reduced<AXIS, B0>>::Output>
            where
                S: Reduced<AXIS, B0>,
            {
                self.fold_axis::<AXIS, T, _>($init, |a, _, x| $op(a, x))
            }
            #[doc = concat!($doc, " along `AXIS`, keeping it as extent 1.")]
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet::tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((2, 4)));
            #[doc = concat!("assert_eq!(x.", stringify!($keep), "::<1>().dims(), [2, 1]);")]
            /// ```
            #[inline(always)]
            pub fn $keep<const AXIS: usize>(self) -> Tile<T, <S as Reduced<AXIS, B1>>::Output>
            where
                S: Reduced<AXIS, B1>,
            {
                self.fold_axis::<AXIS, T, _>($init, |a, _, x| $op(a, x))
            }
        )*}
    };
}
reduction! {
    sum, sum_keepdims, T::ZERO, Num::add, "The sum (`[[0,1,2,3],[4,5,6,7]]` gives `[6, 22]`)";
    prod, prod_keepdims, T::ONE, Num::mul, "The product";
    max, max_keepdims, T::LOWEST, Num::maximum, "The maximum (NaN if any element is NaN)";
    min, min_keepdims, T::HIGHEST, Num::minimum, "The minimum (NaN if any element is NaN)";
}

/// The first extreme along an axis (`better(x, v)`: `x` beats the current `v`); a NaN
/// beats everything and is never beaten, as NumPy's `argmax` reports the first NaN.
#[inline(always)]
fn arg_fold<T: Num, S: TileShape, O: TileShape, const AXIS: usize>(
    t: &Tile<T, S>,
    better: impl Fn(T, T) -> bool,
) -> Tile<i32, O> {
    let (_, len, inner) = const { split(S::DIMS, S::RANK, AXIS) };
    let mut best = Tile::<T, O>::full(T::ZERO);
    let mut idx = Tile::<i32, O>::full(0);
    for (o, (bv, bi)) in best
        .data
        .chunks_exact_mut(inner)
        .zip(idx.data.chunks_exact_mut(inner))
        .enumerate()
    {
        bv.copy_from_slice(&t.data[o * len * inner..(o * len + 1) * inner]);
        for k in 1..len {
            let row = &t.data[(o * len + k) * inner..(o * len + k + 1) * inner];
            for ((v, i), &x) in bv.iter_mut().zip(bi.iter_mut()).zip(row) {
                if !v.is_nan() && (x.is_nan() || better(x, *v)) {
                    (*v, *i) = (x, k as i32);
                }
            }
        }
    }
    idx
}

macro_rules! arg_reduction {
    ($($name:ident, $keep:ident, $cmp:expr, $doc:literal);* $(;)?) => {
        impl<T: Num, S: TileShape> Tile<T, S> {$(
            #[doc = concat!($doc, " along `AXIS` (as `i32`; the first on ties, the first NaN if any), dropping the axis.")]
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet::tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((2, 4)));
            #[doc = concat!("assert_eq!(x.", stringify!($name), "::<0>().dims(), [4]);")]
            /// ```
            #[inline(always)]
            pub fn $name<const AXIS: usize>(self) -> Tile<i32, <S as Reduced<AXIS, B0>>::Output>
            where
                S: Reduced<AXIS, B0>,
            {
                arg_fold::<T, S, _, AXIS>(&self, $cmp)
            }
            #[doc = concat!($doc, " along `AXIS`, keeping it as extent 1.")]
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet::tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((2, 4)));
            #[doc = concat!("assert_eq!(x.", stringify!($keep), "::<1>().dims(), [2, 1]);")]
            /// ```
            #[inline(always)]
            pub fn $keep<const AXIS: usize>(self) -> Tile<i32, <S as Reduced<AXIS, B1>>::Output>
            where
                S: Reduced<AXIS, B1>,
            {
                arg_fold::<T, S, _, AXIS>(&self, $cmp)
            }
        )*}
    };
}
arg_reduction! {
    argmax, argmax_keepdims, |x: T, v: T| x > v, "The index of the maximum";
    argmin, argmin_keepdims, |x: T, v: T| x < v, "The index of the minimum";
}

impl<T: Num, S: TileShape> Tile<T, S> {
    /// Running sums along `AXIS` (same shape).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet::tile as ct;
    /// let x = ct::iota::<i32, _>(shape!((2, 3)));
    /// assert_eq!(x.cumsum::<1>().to_string(), "[[0, 1, 3], [3, 7, 12]]");
    /// ```
    #[inline(always)]
    pub fn cumsum<const AXIS: usize>(self) -> Tile<T, S>
    where
        S: Reduced<AXIS, B1>,
    {
        self.scan_axis::<AXIS>(Num::add)
    }
    /// Running products along `AXIS` (same shape).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet::tile as ct;
    /// let x = ct::iota::<i32, _>(shape!((3, 2))) + 1;
    /// assert_eq!(x.cumprod::<0>().to_string(), "[[1, 2], [3, 8], [15, 48]]");
    /// ```
    #[inline(always)]
    pub fn cumprod<const AXIS: usize>(self) -> Tile<T, S>
    where
        S: Reduced<AXIS, B1>,
    {
        self.scan_axis::<AXIS>(Num::mul)
    }
}
