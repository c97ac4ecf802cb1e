//! Reordering axes: `transpose` swaps the first two (trailing ones stay, as in CUDA
//! Tile C++), `permute` applies any static order (cuTile's `permute(x, (2, 0, 1))`:
//! result axis `i` is input axis `order[i]`); an order that is not a permutation does
//! not compile.

use super::element::Element;
use super::list::{HCons, ToList, ToNative};
use super::shape::{MAX_RANK, OrderValues, Permuted, TileShape, order_values};
use super::tile::Tile;

/// Row-major strides of a shape.
const fn row_major(dims: [usize; MAX_RANK], rank: usize) -> [usize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    let mut stride = 1;
    let mut k = rank;
    while k > 0 {
        k -= 1;
        out[k] = stride;
        stride *= dims[k];
    }
    out
}

impl<T: Element, S: TileShape> Tile<T, S> {
    /// The tile with its axes reordered: result axis `i` is axis `order[i]` of `self`.
    #[inline(always)]
    fn reorder<O: TileShape>(self, order: [usize; MAX_RANK]) -> Tile<T, O> {
        let src = const { row_major(S::DIMS, S::RANK) };
        let mut strides = [0; MAX_RANK];
        for (d, s) in strides.iter_mut().enumerate().take(O::RANK) {
            *s = src[order[d]];
        }
        let (dims, rank) = (O::DIMS, O::RANK);
        let mut idx = [0usize; MAX_RANK];
        let mut off = 0usize;
        Tile::from_fn(|_| {
            let v = self.data[off];
            let mut k = rank;
            while k > 0 {
                k -= 1;
                idx[k] += 1;
                off += strides[k];
                if idx[k] < dims[k] {
                    break;
                }
                off -= strides[k] * dims[k];
                idx[k] = 0;
            }
            v
        })
    }

    /// The tile with its axes permuted by the static `order` (a tuple of axis indices,
    /// `shape!((2, 0, 1))`); result axis `i` is axis `order[i]`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let z = ct::iota::<i32, _>(shape!((2, 3, 4)));
    /// let w = z.permute(shape!((2, 0, 1)));
    /// assert_eq!(w.dims(), [4, 2, 3]);
    /// assert_eq!(w.get(&[3, 1, 2]), z.get(&[1, 2, 3]));
    /// ```
    #[inline(always)]
    pub fn permute<O: ToList>(self, _order: O) -> Tile<T, <S as Permuted<O>>::Output>
    where
        S: Permuted<O>,
        O::List: OrderValues,
    {
        self.reorder(order_values::<O>())
    }

    /// The tile with its first two axes swapped (the trailing ones stay).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_tile as ct;
    /// let x = ct::iota::<i32, _>(shape!((2, 4)));
    /// assert_eq!(x.transpose().to_string(), "[[0, 4], [1, 5], [2, 6], [3, 7]]");
    /// ```
    #[inline(always)]
    pub fn transpose(self) -> Tile<T, <S as Transposed>::Output>
    where
        S: Transposed,
    {
        let mut order = [0; MAX_RANK];
        for (d, o) in order.iter_mut().enumerate() {
            *o = d;
        }
        order.swap(0, 1);
        self.reorder(order)
    }
}

/// The shape with its first two extents swapped; rank 0 and 1 have none to swap.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let t = ct::iota::<i32, _>(shape!((2, 3, 4))).transpose();
/// assert_eq!(t.dims(), [3, 2, 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "transpose needs a tile of rank 2 or more; `{Self}` has fewer axes",
    label = "transpose swaps the first two axes"
)]
pub trait Transposed: TileShape {
    /// The transposed shape.
    type Output: TileShape;
}
impl<S: TileShape> Transposed for S
where
    S::List: SwapFirst,
    <S::List as SwapFirst>::Output: ToNative,
    <<S::List as SwapFirst>::Output as ToNative>::Native: TileShape,
{
    type Output = <<S::List as SwapFirst>::Output as ToNative>::Native;
}
/// Swap the first two elements of a list.
#[doc(hidden)]
pub trait SwapFirst {
    type Output;
}
impl<A, B, T> SwapFirst for HCons<A, HCons<B, T>> {
    type Output = HCons<B, HCons<A, T>>;
}
