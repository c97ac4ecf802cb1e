//! The `Tile` type: an owning, statically shaped block of values stored row-major (the
//! register tile of the CUDA Tile model); its factories, reshape, type conversion,
//! broadcasting and element access.

use super::element::{Cast, Element};
use super::expr::{Expr, TileExpr, expr, fill_from};
use super::map::Map;
use super::num::Num;
use super::op::{CastTo, MapFn};
use super::shape::{BroadcastsWith, MAX_RANK, ReshapesTo, TileShape, broadcast_strides};
use core::fmt;
use generic_array::GenericArray;

/// An owning tile of `T` with the static shape `S` (a flat tuple of extents such as
/// `shape_t!((4, 8))`), stored row-major like a NumPy array. A tile is `Copy` and its
/// size is `size_of::<T>() * size(S)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let x = ct::iota::<i32, _>(shape!((2, 4)));
/// assert_eq!(x.to_string(), "[[0, 1, 2, 3], [4, 5, 6, 7]]");
/// assert_eq!(core::mem::size_of_val(&x), 32);
/// ```
pub struct Tile<T: Element, S: TileShape> {
    pub(crate) data: GenericArray<T, S::Len>,
}

impl<T: Element, S: TileShape> Clone for Tile<T, S> {
    fn clone(&self) -> Self {
        Tile {
            data: self.data.clone(),
        }
    }
}
impl<T: Element, S: TileShape> Copy for Tile<T, S> where GenericArray<T, S::Len>: Copy {}

impl<T: Element, S: TileShape> Tile<T, S> {
    /// The tile's shape (a zero-sized value).
    pub fn shape(&self) -> S {
        S::default()
    }
    /// Number of dimensions.
    pub const RANK: usize = S::RANK;
    /// Number of elements.
    pub const SIZE: usize = S::SIZE;
    /// The extents, as numbers.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// assert_eq!(ct::zeros::<f32, _>(shape!((4, 1, 2))).dims(), [4, 1, 2]);
    /// ```
    pub fn dims(&self) -> &'static [usize] {
        Self::default_dims()
    }
    /// The extents of `S`.
    pub(crate) fn default_dims() -> &'static [usize] {
        // A const item per instantiation, so the slice is 'static.
        struct Dims<S>(S);
        impl<S: TileShape> Dims<S> {
            const ALL: [usize; MAX_RANK] = S::DIMS;
        }
        &<Dims<S>>::ALL[..S::RANK]
    }
    /// The row-major position of a multi-index, or `None` out of range.
    pub(crate) fn offset_of(idx: &[usize]) -> Option<usize> {
        if idx.len() != S::RANK {
            return None;
        }
        let mut off = 0;
        for (k, &i) in idx.iter().enumerate() {
            if i >= S::DIMS[k] {
                return None;
            }
            off = off * S::DIMS[k] + i;
        }
        Some(off)
    }
    /// The tile of an expression's values. Not inlined: as a call it fills the tile
    /// where the caller keeps it (the return slot), where inlined the optimizer built it
    /// in a temporary and copied 4 KiB, a string move that stalls on 4 KiB aliasing
    /// (measured: a fifth of the softmax kernel's time).
    #[inline(never)]
    pub(crate) fn from_expr<X: TileExpr<Elem = T, Shape = S>>(x: &X) -> Self {
        let mut out = Tile {
            data: GenericArray::<T, S::Len>::default(),
        };
        fill_from(x, 0, &mut out.data);
        out
    }
    /// A tile whose element at row-major position `i` is `f(i)`.
    #[inline(always)]
    pub fn from_fn(mut f: impl FnMut(usize) -> T) -> Self {
        // Filled in place: the compiler turns this into straight vector code, where a
        // builder (`GenericArray::generate`) tracks its position per element and was
        // measured 1.8x slower on the softmax bench.
        let mut data = GenericArray::<T, S::Len>::default();
        for (i, x) in data.iter_mut().enumerate() {
            *x = f(i);
        }
        Tile { data }
    }
    /// Every element `v` (cuTile's `full`).
    #[inline(always)]
    pub fn full(v: T) -> Self {
        Self::from_fn(|_| v)
    }
    /// The elements in row-major order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[T] {
        &self.data
    }
    /// The elements in row-major order, mutably.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.data
    }
    /// The element at a multi-index (one index per dimension), or `None` out of range.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let x = ct::iota::<i32, _>(shape!((2, 4)));
    /// assert_eq!(x.get(&[1, 2]), Some(6));
    /// assert_eq!(x.get(&[2, 0]), None);
    /// ```
    pub fn get(&self, idx: &[usize]) -> Option<T> {
        Self::offset_of(idx).map(|off| self.data[off])
    }
    /// The same elements in row-major order with another shape of the same size; a
    /// different size does not compile.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let x = ct::arange::<i32, _>(shape!(8)).reshape(shape!((2, 4)));
    /// assert_eq!(x.to_string(), "[[0, 1, 2, 3], [4, 5, 6, 7]]");
    /// ```
    #[inline(always)]
    pub fn reshape<S2: TileShape>(self, _shape: S2) -> Tile<T, S2>
    where
        S: ReshapesTo<S2>,
    {
        Tile::from_fn(|i| self.data[i])
    }
    /// The tile stretched to the shape `S2` by NumPy broadcasting (cuTile's
    /// `broadcast_to`); incompatible shapes do not compile.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let x = ct::arange::<i32, _>(shape!(3)).broadcast_to(shape!((2, 3)));
    /// assert_eq!(x.to_string(), "[[0, 1, 2], [0, 1, 2]]");
    /// ```
    #[inline(always)]
    pub fn broadcast_to<S2: TileShape>(self, _shape: S2) -> Tile<T, S2>
    where
        S: BroadcastsWith<S2, Output = S2>,
    {
        self.stretch()
    }
    /// Broadcast to `S2` (the shapes are known to be compatible).
    #[inline(always)]
    pub(crate) fn stretch<S2: TileShape>(self) -> Tile<T, S2> {
        if S::SIZE == S2::SIZE {
            // Broadcasting only prepended unit dimensions: the same elements.
            return Tile::from_fn(|i| self.data[i]);
        }
        if S::SIZE == 1 {
            return Tile::full(self.data[0]);
        }
        let strides = const { broadcast_strides(S::DIMS, S::RANK, S2::RANK) };
        let (dims, rank) = (S2::DIMS, S2::RANK);
        // Walk the output row by row (rank >= 1 here: a rank-0 output has one
        // element); within a row the input moves by the last stride (0 or 1).
        let (len, step) = (dims[rank - 1], strides[rank - 1]);
        let mut idx = [0usize; MAX_RANK];
        let (mut row, mut j) = (0usize, 0usize);
        Tile::from_fn(|_| {
            let v = self.data[row + j * step];
            j += 1;
            if j == len {
                j = 0;
                // Next row: row-major odometer over the leading dimensions.
                let mut k = rank - 1;
                while k > 0 {
                    k -= 1;
                    idx[k] += 1;
                    row += strides[k];
                    if idx[k] < dims[k] {
                        break;
                    }
                    row -= strides[k] * dims[k];
                    idx[k] = 0;
                }
            }
            v
        })
    }
}

/// `astype` and `map` on tiles and expressions alike: lazy maps.
macro_rules! map_methods {
    ($([$($g:tt)*] $ty:ty, $t:ty, $s:ty);*) => {$(
        impl<$($g)*> $ty {
            /// The same elements, converted to `U` (cuTile's `astype`), lazily.
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet_tile as ct;
            /// let x = ct::full(shape!((2,)), 2.75f32).astype::<i32>();
            /// assert_eq!(x.eval().as_slice(), [2, 2]);
            /// ```
            #[inline(always)]
            pub fn astype<U: Element>(self) -> Expr<U, Map<Self, CastTo<U>>>
            where
                $t: Cast<U>,
            {
                expr(Map { x: self, f: CastTo::default() })
            }
            /// `f` applied to every element, lazily (`f` is called once per element
            /// each time the expression is evaluated).
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet_tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((3))).map(|v| v * v);
            /// assert_eq!(x.to_string(), "[0, 1, 4]");
            /// ```
            #[inline(always)]
            pub fn map<F: MapFn<$t>>(self, f: F) -> Expr<F::Output, Map<Self, F>> {
                expr(Map { x: self, f })
            }
        }
    )*};
}
map_methods!([T: Element, S: TileShape] Tile<T, S>, T, S; [T: Element, N: TileExpr<Elem = T>] Expr<T, N>, T, N::Shape);

impl<T: Element, N: TileExpr<Elem = T>> Expr<T, N> {
    /// The values in row-major order with another shape of the same size, as a tile (a
    /// different size does not compile).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let x = (ct::arange::<i32, _>(shape!(4)) * 2).reshape(shape!((2, 2)));
    /// assert_eq!(x.to_string(), "[[0, 2], [4, 6]]");
    /// ```
    #[inline(always)]
    pub fn reshape<S2: TileShape>(self, shape: S2) -> Tile<N::Elem, S2>
    where
        N::Shape: ReshapesTo<S2>,
    {
        self.eval().reshape(shape)
    }
}

impl<T: Element, S: TileShape> TileExpr for Tile<T, S> {
    type Elem = T;
    type Shape = S;
    #[inline(always)]
    fn at(&self, i: usize) -> T {
        self.data[i]
    }
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [T; super::expr::LANES] {
        let mut out = [self.data[0]; super::expr::LANES];
        out.copy_from_slice(&self.data[i..i + super::expr::LANES]);
        out
    }
    type Clipped<'b> = &'b Self;
    #[inline(always)]
    fn clip(&self, _: usize) -> &Self {
        self
    }
    #[inline(always)]
    fn eval(self) -> Self {
        self
    }
}

impl<T: Element, S: TileShape> Default for Tile<T, S> {
    fn default() -> Self {
        Self::full(T::default())
    }
}

impl<T: Element, S: TileShape> PartialEq for Tile<T, S> {
    fn eq(&self, other: &Self) -> bool {
        self.data[..] == other.data[..]
    }
}

/// A tile of `v` everywhere (cuTile's `full(shape, value)`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::full(shape!((2, 2)), 3u8).to_string(), "[[3, 3], [3, 3]]");
/// ```
#[inline(always)]
pub fn full<T: Element, S: TileShape>(_shape: S, v: T) -> Tile<T, S> {
    Tile::full(v)
}
/// A tile of zeros.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::zeros::<f32, _>(shape!((3))).as_slice(), [0.0; 3]);
/// ```
#[inline(always)]
pub fn zeros<T: Num, S: TileShape>(_shape: S) -> Tile<T, S> {
    Tile::full(T::ZERO)
}
/// A tile of ones.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::ones::<i64, _>(shape!((2))).as_slice(), [1, 1]);
/// ```
#[inline(always)]
pub fn ones<T: Num, S: TileShape>(_shape: S) -> Tile<T, S> {
    Tile::full(T::ONE)
}
/// `0, 1, 2, ...` in row-major order (CUDA Tile C++'s `iota`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::iota::<f32, _>(shape!((2, 2))).as_slice(), [0.0, 1.0, 2.0, 3.0]);
/// ```
#[inline(always)]
pub fn iota<T: Element, S: TileShape>(_shape: S) -> Tile<T, S>
where
    u64: Cast<T>,
{
    Tile::from_fn(|i| (i as u64).cast())
}
/// `0, 1, ..., N-1` as a rank-1 tile (cuTile Python's `arange(N)`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::arange::<u16, _>(shape!(4)).as_slice(), [0, 1, 2, 3]);
/// ```
#[inline(always)]
pub fn arange<T: Element, N>(n: N) -> Tile<T, (N,)>
where
    (N,): TileShape,
    u64: Cast<T>,
{
    iota((n,))
}

/// Row-major nested lists, as NumPy and cuTile print tiles: `[[0, 1], [2, 3]]`.
impl<T: Element, S: TileShape> fmt::Display for Tile<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn level<T: fmt::Display>(
            f: &mut fmt::Formatter<'_>,
            data: &[T],
            dims: &[usize],
        ) -> fmt::Result {
            let Some((&n, rest)) = dims.split_first() else {
                return write!(f, "{}", data[0]);
            };
            let step = data.len() / n;
            f.write_str("[")?;
            for i in 0..n {
                if i > 0 {
                    f.write_str(", ")?;
                }
                level(f, &data[i * step..(i + 1) * step], rest)?;
            }
            f.write_str("]")
        }
        level(f, &self.data, &S::DIMS[..S::RANK])
    }
}
impl<T: Element, S: TileShape> fmt::Debug for Tile<T, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile<{}, {:?}>{}", T::NAME, &S::DIMS[..S::RANK], self)
    }
}
