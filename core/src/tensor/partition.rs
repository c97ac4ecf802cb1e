//! Partitioning a tensor into tiles (CuTe's `inner_partition`/`local_tile`) and among
//! threads (`outer_partition`/`local_partition`): a `zipped_divide`, then a slice of
//! one of its two modes.

use super::{Rebase, Tensor};
use crate::algebra::Tiler;
use crate::int::Bit;
use crate::layout::{Layout, LayoutModes, Shaped};
use crate::tuple::{self as tup, AppendN, AsCoord, IntTuple, ProductEach, Repeat, Underscore};
use typenum::{U0, U1};

/// The rank of mode `I` of layout `Z`.
type ModeRank<Z, I> = <<<Z as LayoutModes>::Get<I> as Shaped>::Shape as IntTuple>::Rank;
/// A tuple coordinate padded with `_` to rank `R`; an integer stays itself (CuTe's
/// `append<R>(coord, _)` when `is_tuple<Coord>`).
pub type PadCoord<C, R> = <<C as IntTuple>::IsTuple as Bit>::IfT<AppendN<C, R, Underscore>, C>;
/// The coordinate `inner_partition` slices with: every tile mode kept, the rest indexed.
pub type InnerCoord<Z, C> = (
    Repeat<ModeRank<Z, U0>, Underscore>,
    PadCoord<C, ModeRank<Z, U1>>,
);
/// The coordinate `outer_partition` slices with: the tile indexed, every rest mode kept.
pub type OuterCoord<Z, C> = (
    PadCoord<C, ModeRank<Z, U0>>,
    Repeat<ModeRank<Z, U1>, Underscore>,
);
/// The tensor `local_tile(t, tiler, coord)` gives.
pub type LocalTile<E, L, T, C> = Tensor<
    E,
    <<L as Layout>::ZippedDivide<T> as LayoutModes>::Slice<
        InnerCoord<<L as Layout>::ZippedDivide<T>, C>,
    >,
>;
/// The thread layout's shape, mode by mode (CuTe's `product_each(shape(thr_layout))`).
pub type ThreadShape<Lt> = ProductEach<<Lt as Shaped>::Shape>;
/// The tiler `local_partition` divides by: [`ThreadShape`] as a by-mode tiler.
pub type ThreadTiler<Lt> = <ThreadShape<Lt> as IntTuple>::AsTiler;
/// The flat coordinate of a thread index in a thread layout (CuTe's `get_flat_coord`,
/// through the right inverse: the colexicographic coordinate of the index, split by
/// mode).
pub type FlatCoord<Lt> =
    tup::Idx2Crd<<<Lt as Layout>::RightInverse as Layout>::Call<isize>, ThreadShape<Lt>>;
/// The tensor `outer_partition(t, tiler, coord)` gives.
pub type OuterPartition<E, L, T, C> = Tensor<
    E,
    <<L as Layout>::ZippedDivide<T> as LayoutModes>::Slice<
        OuterCoord<<L as Layout>::ZippedDivide<T>, C>,
    >,
>;
/// The tensor `local_partition(t, thr_layout, idx)` gives.
pub type LocalPartition<E, L, Lt> = OuterPartition<E, L, ThreadTiler<Lt>, FlatCoord<Lt>>;

/// The value of [`FlatCoord`].
#[inline(always)]
#[track_caller]
pub(crate) fn flat_coord<Lt: Layout>(thr_layout: Lt, idx: usize) -> FlatCoord<Lt> {
    let i1d = crate::algebra::right_inverse(thr_layout).call(idx as isize);
    tup::idx2crd(i1d, thr_layout.shape().map(tup::SizeFn))
}

#[inline(always)]
fn pad_coord<C: IntTuple, R: crate::int::Nat>(c: C) -> PadCoord<C, R> {
    <C::IsTuple as Bit>::if_t(tup::append_n::<C, R, _>(c, Underscore), c)
}

/// CuTe's `inner_partition(tensor, tiler, coord)`, which `local_tile` is: the tile of
/// `tiler`'s shape at `coord` in the grid of tiles (missing trailing modes of a tuple
/// `coord` are `_`).
#[inline(always)]
#[track_caller]
pub fn inner_partition<E: Rebase, L: Layout, T: Tiler, C: AsCoord>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> LocalTile<E, L, T, C::Crd> {
    inner_partition_int(t, tiler, coord.as_coord())
}
#[inline(always)]
#[track_caller]
fn inner_partition_int<E: Rebase, L: Layout, T: Tiler, C: IntTuple>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> LocalTile<E, L, T, C> {
    let z = t.zipped_divide(tiler);
    let c = (
        tup::repeat::<ModeRank<L::ZippedDivide<T>, U0>, _>(Underscore),
        pad_coord::<C, ModeRank<L::ZippedDivide<T>, U1>>(coord),
    );
    z.slice_int(c)
}

/// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord` (a block's tile of
/// a matrix).
///
/// ```
/// use cutlet_core::prelude::*;
/// let data: Vec<i32> = (0..64).collect();
/// let a = make_tensor(&data[..], layout!((8,8)));            // column-major 8x8
/// let tile = local_tile(a, shape!((4, 2)), coord!((1, 3)));  // rows 4..8, columns 6..8
/// assert_eq!(tile.layout().to_string(), "(_4,_2):(_1,_8)");
/// assert_eq!(tile.iter().collect::<Vec<_>>(), [52, 53, 54, 55, 60, 61, 62, 63]);
/// ```
#[inline(always)]
#[track_caller]
pub fn local_tile<E: Rebase, L: Layout, T: Tiler, C: AsCoord>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> LocalTile<E, L, T, C::Crd> {
    inner_partition(t, tiler, coord)
}

/// CuTe's `outer_partition(tensor, tiler, coord)`, which `local_partition` is: the
/// element at `coord` of every tile of `tiler`'s shape (missing trailing modes of a
/// tuple `coord` are `_`).
///
/// ```
/// use cutlet_core::prelude::*;
/// let data: Vec<i32> = (0..64).collect();
/// let a = make_tensor(&data[..], layout!((8,8)));
/// // Element (1, 1) of each 2x4 tile.
/// let p = outer_partition(a, shape!((2, 4)), coord!((1, 1)));
/// assert_eq!(p.layout().to_string(), "(_4,_2):(_2,_32)");
/// assert_eq!(p.iter().collect::<Vec<_>>(), [9, 11, 13, 15, 41, 43, 45, 47]);
/// ```
#[inline(always)]
#[track_caller]
pub fn outer_partition<E: Rebase, L: Layout, T: Tiler, C: AsCoord>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> OuterPartition<E, L, T, C::Crd> {
    outer_partition_int(t, tiler, coord.as_coord())
}
#[inline(always)]
#[track_caller]
fn outer_partition_int<E: Rebase, L: Layout, T: Tiler, C: IntTuple>(
    t: Tensor<E, L>,
    tiler: T,
    coord: C,
) -> OuterPartition<E, L, T, C> {
    let z = t.zipped_divide(tiler);
    let c = (
        pad_coord::<C, ModeRank<L::ZippedDivide<T>, U0>>(coord),
        tup::repeat::<ModeRank<L::ZippedDivide<T>, U1>, _>(Underscore),
    );
    z.slice_int(c)
}

/// CuTe's `local_partition(tensor, thr_layout, idx)`: the elements thread `idx` of
/// `thr_layout` (thread coordinate -> index) owns when the threads tile the tensor.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data: Vec<i32> = (0..64).collect();
/// let a = make_tensor(&data[..], layout!((8,8)));
/// // 2x4 threads, row-major thread indices: thread 5 is at (1, 1).
/// let thr = local_partition(a, layout!((2,4):(4,1)), 5);
/// assert_eq!(thr.layout().to_string(), "(_4,_2):(_2,_32)");
/// assert_eq!(thr.iter().collect::<Vec<_>>(), [9, 11, 13, 15, 41, 43, 45, 47]);
/// ```
#[inline(always)]
#[track_caller]
pub fn local_partition<E: Rebase, L: Layout, Lt: Layout>(
    t: Tensor<E, L>,
    thr_layout: Lt,
    idx: usize,
) -> LocalPartition<E, L, Lt> {
    let shape = thr_layout.shape().map(tup::SizeFn);
    outer_partition_int(t, shape.as_tiler(), flat_coord(thr_layout, idx))
}
