//! Partitioning a tensor across threadgroups and threads: CuTe's `inner_partition`
//! (`local_tile`), `outer_partition` and `local_partition`.

use super::engine::{Engine, Offset};
use super::tensor::Tensor;
use super::tiling::{DivideBy, LayoutOp};
use crate::algebra::{AppendK, Zipped};
use crate::int::{C, Integral};
use crate::int::{IntAdd, IntDiv, IntMul, IntRem};
use crate::layout::{Crd2Index, Layout, ListOf, Slice, Underscore, Zeroed};
use crate::tuple::{HCons, HNil, ToList, ToNative, Tup, hcons};
use core::ops::Sub;
use typenum::{B0, B1, Z0};

/// CuTe's `repeat<rank(mode)>(_)`: `_` for a mode of rank 1, a tuple of `_` otherwise.
#[doc(hidden)]
pub trait RepeatUnder {
    type Output: Copy;
    fn repeat_under() -> Self::Output;
}
impl<N> RepeatUnder for C<N> {
    type Output = Underscore;
    fn repeat_under() -> Underscore {
        Underscore
    }
}
impl RepeatUnder for isize {
    type Output = Underscore;
    fn repeat_under() -> Underscore {
        Underscore
    }
}
impl<X> RepeatUnder for HCons<X, HNil> {
    type Output = Underscore;
    fn repeat_under() -> Underscore {
        Underscore
    }
}
impl<X, Y, T: AllUnder> RepeatUnder for HCons<X, HCons<Y, T>> {
    type Output = HCons<Underscore, HCons<Underscore, T::Output>>;
    fn repeat_under() -> Self::Output {
        hcons(Underscore, hcons(Underscore, T::all_under()))
    }
}
/// A list of `_` as long as the list.
#[doc(hidden)]
pub trait AllUnder {
    type Output: Copy;
    fn all_under() -> Self::Output;
}
impl AllUnder for HNil {
    type Output = HNil;
    fn all_under() -> HNil {
        HNil
    }
}
impl<X, T: AllUnder> AllUnder for HCons<X, T> {
    type Output = HCons<Underscore, T::Output>;
    fn all_under() -> Self::Output {
        hcons(Underscore, T::all_under())
    }
}

/// CuTe's `append<rank(mode)>(coord, _)` for a tuple coordinate; an integer stays.
#[doc(hidden)]
pub trait PadCoord<Mode> {
    type Output: Copy;
    fn pad(self) -> Self::Output;
}
impl<N: Copy, M> PadCoord<M> for C<N> {
    type Output = C<N>;
    fn pad(self) -> Self {
        self
    }
}
impl<M> PadCoord<M> for isize {
    type Output = isize;
    fn pad(self) -> Self {
        self
    }
}
/// `rank(mode) - rank(coord)`: a tile coordinate may not have more modes than the
/// tiled mode.
#[doc(hidden)]
pub trait RankExcess<C> {
    type Output;
}
impl<M: typenum::IsGreaterOrEqual<C>, C> RankExcess<C> for M
where
    <M as typenum::IsGreaterOrEqual<C>>::Output: CoordRankFits<M, C>,
{
    type Output = <<M as typenum::IsGreaterOrEqual<C>>::Output as CoordRankFits<M, C>>::Output;
}
/// Holds (`B1`) when the coordinate has at most as many modes (`C`) as the tiler
/// (`M`); then the difference is the number of `_` to pad with.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the tile coordinate has more modes than the tiler",
    label = "`local_tile` and the partitions take one coordinate per mode of the tiler"
)]
pub trait CoordRankFits<M, C> {
    type Output;
}
impl<M: Sub<C>, C> CoordRankFits<M, C> for typenum::B1 {
    type Output = <M as Sub<C>>::Output;
}
impl<H, T, M: Tup> PadCoord<M> for HCons<H, T>
where
    HCons<H, T>: Tup,
    M::Rank: RankExcess<<HCons<H, T> as Tup>::Rank>,
    <M::Rank as RankExcess<<HCons<H, T> as Tup>::Rank>>::Output: AppendK<HCons<H, T>, Underscore>,
{
    type Output = <<M::Rank as RankExcess<<HCons<H, T> as Tup>::Rank>>::Output as AppendK<
        HCons<H, T>,
        Underscore,
    >>::Output;
    fn pad(self) -> Self::Output {
        <<M::Rank as RankExcess<<HCons<H, T> as Tup>::Rank>>::Output as AppendK<
            HCons<H, T>,
            Underscore,
        >>::append_k(self, Underscore)
    }
}

/// The slicing coordinate of a partition of a zipped `(tile, rest)` shape: `Inner`
/// keeps the tile and indexes the rest, `Outer` the other way round.
#[doc(hidden)]
pub trait PartitionCoord<Shape, Inner> {
    type Output: Copy;
    fn partition_coord(self) -> Self::Output;
}
/// `inner_partition`/`local_tile`: keep the tile at the coordinate (the rest mode is
/// indexed).
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_identity_tensor(shape!((8, 8)));
/// let p = local_tile(t, shape!((4, 4)), (1, 1)); // a `KeepTile` partition
/// assert_eq!(p.get(0), (4, 4));
/// ```
pub type KeepTile = B1;
/// `outer_partition`/`local_partition`: keep the element at the coordinate of every
/// tile (the tile mode is indexed).
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_identity_tensor(shape!((8, 8)));
/// let p = outer_partition(t, shape!((4, 4)), 5); // a `KeepElement` partition
/// assert_eq!(p.get(0), (1, 1));
/// ```
pub type KeepElement = B0;

impl<Cd: PadCoord<B>, A: RepeatUnder, B> PartitionCoord<HCons<A, HCons<B, HNil>>, B1> for Cd {
    type Output = HCons<A::Output, HCons<Cd::Output, HNil>>;
    fn partition_coord(self) -> Self::Output {
        hcons(A::repeat_under(), hcons(self.pad(), HNil))
    }
}
impl<Cd: PadCoord<A>, A, B: RepeatUnder> PartitionCoord<HCons<A, HCons<B, HNil>>, B0> for Cd {
    type Output = HCons<Cd::Output, HCons<B::Output, HNil>>;
    fn partition_coord(self) -> Self::Output {
        hcons(self.pad(), hcons(B::repeat_under(), HNil))
    }
}

type ZippedLayout<S, D, T> = <Layout<S, D> as LayoutOp<DivideBy<T, Zipped>>>::Out;
type ZS<S, D, T> = <ZippedLayout<S, D, T> as crate::layout::LayoutParts>::Shape;
type ZD<S, D, T> = <ZippedLayout<S, D, T> as crate::layout::LayoutParts>::Stride;
type PCoord<Cd, S, D, T, Inner> =
    <ListOf<Cd> as PartitionCoord<ListOf<ZS<S, D, T>>, Inner>>::Output;

/// A layout that can be partitioned by `T` at partition coordinate `Cd` (`Inner = B1`:
/// keep the tile at `Cd`; `B0`: keep, from every tile, the element at `Cd`): zipped
/// divide, then slice with the partition coordinate.
#[doc(hidden)]
pub trait Partition<T, Cd, Inner, I> {
    /// The partition's layout.
    type Out;
    /// The partition's layout and the engine index of its origin.
    fn partition(self, tiler: T, coord: Cd) -> (Self::Out, I);
}
impl<S: Copy, D: Copy, T, Cd: ToList, Inner, I> Partition<T, Cd, Inner, I> for Layout<S, D>
where
    Layout<S, D>: LayoutOp<DivideBy<T, Zipped>>,
    ZippedLayout<S, D, T>: crate::layout::LayoutParts + Copy,
    ListOf<Cd>: PartitionCoord<ListOf<ZS<S, D, T>>, Inner>,
    PCoord<Cd, S, D, T, Inner>: Slice<ListOf<ZS<S, D, T>>> + Slice<ListOf<ZD<S, D, T>>> + Zeroed,
    <PCoord<Cd, S, D, T, Inner> as Slice<ListOf<ZS<S, D, T>>>>::Output: ToNative,
    <PCoord<Cd, S, D, T, Inner> as Slice<ListOf<ZD<S, D, T>>>>::Output: ToNative,
    <PCoord<Cd, S, D, T, Inner> as Zeroed>::Output:
        Crd2Index<ListOf<ZS<S, D, T>>, ListOf<ZD<S, D, T>>, I>,
    ZippedLayout<S, D, T>: Into<Layout<ZS<S, D, T>, ZD<S, D, T>>>,
{
    type Out = Layout<
        <<PCoord<Cd, S, D, T, Inner> as Slice<ListOf<ZS<S, D, T>>>>::Output as ToNative>::Native,
        <<PCoord<Cd, S, D, T, Inner> as Slice<ListOf<ZD<S, D, T>>>>::Output as ToNative>::Native,
    >;
    #[inline(always)]
    fn partition(self, tiler: T, coord: Cd) -> (Self::Out, I) {
        let z: Layout<ZS<S, D, T>, ZD<S, D, T>> = self.apply(DivideBy(tiler, Zipped)).into();
        let c = coord.to_list().partition_coord();
        let (zs, zd) = (z.shape().to_list(), z.stride().to_list());
        let off = c.zeroed().crd2index(zs, zd);
        let l = Layout::from_parts(c.slice(zs).to_native(), c.slice(zd).to_native());
        (l, off)
    }
}

/// A partition of a tensor with layout `Layout<S, D>`.
#[doc(hidden)]
pub type PartitionT<E, S, D, T, Cd, Inner> = PartitionOf<E, Layout<S, D>, T, Cd, Inner>;
/// A partition of a tensor with layout `L` (a layout or a composed layout).
#[doc(hidden)]
pub type PartitionOf<E, L, T, Cd, Inner> =
    Tensor<E, <L as Partition<T, Cd, Inner, <E as Engine>::Index>>::Out>;

#[inline(always)]
fn partition<E: Offset, L, T, Cd, Inner>(
    t: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> PartitionOf<E, L, T, Cd, Inner>
where
    L: Partition<T, Cd, Inner, E::Index>,
{
    let (layout, off) = t.layout.partition(tiler, coord);
    Tensor {
        engine: t.engine.offset(off),
        layout,
    }
}

macro_rules! partition_fn {
    ($(#[$m:meta])* $name:ident, $inner:ty) => {
        $(#[$m])*
        #[inline(always)]
        pub fn $name<E: Offset, L, T, Cd: ToList>(
            tensor: Tensor<E, L>,
            tiler: T,
            coord: Cd,
        ) -> PartitionOf<E, L, T, Cd, $inner>
        where
            L: Partition<T, Cd, $inner, E::Index>,
        {
            partition::<E, L, T, Cd, $inner>(tensor, tiler, coord)
        }
    };
}

partition_fn!(
    /// CuTe's `inner_partition(tensor, tiler, coord)` (= `local_tile`): tile the tensor
    /// and keep the tile at `coord` of the rest mode.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<f32> = (0..192).map(|x| x as f32).collect();
    /// let (m, n) = (8, 24);
    /// let a = make_tensor(&data[..], shape!((m, n)));
    /// let cta = inner_partition(a, shape!((4, 8)), (1isize, 2isize));
    /// assert_eq!(cta.layout().to_string(), "(_4,_8):(_1,8)");
    /// assert_eq!(cta.get(0isize), 132.0); // row 4, column 16
    /// ```
    inner_partition, KeepTile
);
partition_fn!(
    /// CuTe's `outer_partition(tensor, tiler, coord)`: tile the tensor and keep, from
    /// every tile, the element at `coord` of the tile mode.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<f32> = (0..192).map(|x| x as f32).collect();
    /// let (m, n) = (8, 24);
    /// let a = make_tensor(&data[..], shape!((m, n)));
    /// let thr = outer_partition(a, shape!((4, 8)), 5isize);
    /// assert_eq!(thr.layout().to_string(), "(2,3):(_4,64)");
    /// ```
    outer_partition, KeepElement
);

/// CuTe's `local_tile(tensor, tiler, coord)`: the tile at `coord`, as
/// [`inner_partition`].
///
/// ```
/// use cutlet::prelude::*;
/// let mut data = vec![0f32; 24 * 16];
/// let (m, n) = (24, 16);
/// let g = make_tensor(&mut data[..], shape!((m, n)));
/// let tile = local_tile(g, shape!((8, 4)), (2isize, 3isize));
/// assert_eq!(tile.layout().to_string(), "(_8,_4):(_1,24)");
/// ```
#[inline(always)]
pub fn local_tile<E: Offset, L, T, Cd: ToList>(
    tensor: Tensor<E, L>,
    tiler: T,
    coord: Cd,
) -> PartitionOf<E, L, T, Cd, KeepTile>
where
    L: Partition<T, Cd, KeepTile, E::Index>,
{
    inner_partition(tensor, tiler, coord)
}

/// CuTe's `idx2crd(idx, shape, stride)`: the coordinate of an index in a compact
/// layout, `(idx / d) % s` per mode (a size-1 mode gives `_0`).
#[doc(hidden)]
pub trait HierCoord<D, I> {
    type Output: Copy;
    fn hier_coord(self, d: D, i: I) -> Self::Output;
}
macro_rules! leaf_hier {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* D, I> HierCoord<D, I> for $ty
        where
            $ty: Integral + HierLeaf<D, I, <$ty as Integral>::IsOne>,
        {
            type Output = <$ty as HierLeaf<D, I, <$ty as Integral>::IsOne>>::Output;
            #[inline(always)]
            fn hier_coord(self, d: D, i: I) -> Self::Output {
                self.hier_leaf(d, i)
            }
        }
    )*};
}
leaf_hier!(C<N> => [N,], isize => []);
#[doc(hidden)]
pub trait HierLeaf<D, I, IsOne> {
    type Output: Copy;
    fn hier_leaf(self, d: D, i: I) -> Self::Output;
}
impl<S, D, I> HierLeaf<D, I, B1> for S {
    type Output = C<Z0>;
    #[inline(always)]
    fn hier_leaf(self, _: D, _: I) -> C<Z0> {
        C::new()
    }
}
impl<S, D, I: IntDiv<D>> HierLeaf<D, I, B0> for S
where
    <I as IntDiv<D>>::Output: IntRem<S>,
    <<I as IntDiv<D>>::Output as IntRem<S>>::Output: Copy,
{
    type Output = <<I as IntDiv<D>>::Output as IntRem<S>>::Output;
    #[inline(always)]
    fn hier_leaf(self, d: D, i: I) -> Self::Output {
        i.int_div(d).int_rem(self)
    }
}
impl<I> HierCoord<HNil, I> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn hier_coord(self, _: HNil, _: I) -> HNil {
        HNil
    }
}
impl<SH, ST, DH, DT, I: Copy> HierCoord<HCons<DH, DT>, I> for HCons<SH, ST>
where
    SH: HierCoord<DH, I>,
    ST: HierCoord<DT, I>,
{
    type Output = HCons<SH::Output, ST::Output>;
    #[inline(always)]
    fn hier_coord(self, d: HCons<DH, DT>, i: I) -> Self::Output {
        hcons(
            self.head.hier_coord(d.head, i),
            self.tail.hier_coord(d.tail, i),
        )
    }
}

/// CuTe's `crd2idx(coord, shape)`: a coordinate's colexicographic index within its
/// shape (an integer coordinate is already one).
#[doc(hidden)]
pub trait ColexIndex<S> {
    type Output: Copy;
    fn colex(self, s: S) -> Self::Output;
}
macro_rules! leaf_colex {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S> ColexIndex<S> for $ty where $ty: Copy {
            type Output = $ty;
            #[inline(always)]
            fn colex(self, _: S) -> Self {
                self
            }
        }
    )*};
}
leaf_colex!(C<N> => [N,], isize => []);
impl<H, T, S: Tup> ColexIndex<S> for HCons<H, T>
where
    HCons<H, T>: Tup,
    <HCons<H, T> as Tup>::Flat: Horner<S::Flat>,
{
    type Output = <<HCons<H, T> as Tup>::Flat as Horner<S::Flat>>::Output;
    #[inline(always)]
    fn colex(self, s: S) -> Self::Output {
        self.flat().horner(s.flat())
    }
}
/// `c0 + s0 * (c1 + s1 * (... + c_last))` over flat lists.
#[doc(hidden)]
pub trait Horner<S> {
    type Output: Copy;
    fn horner(self, s: S) -> Self::Output;
}
impl<C0: Copy, S0> Horner<HCons<S0, HNil>> for HCons<C0, HNil> {
    type Output = C0;
    #[inline(always)]
    fn horner(self, _: HCons<S0, HNil>) -> C0 {
        self.head
    }
}
impl<C0, C1, CT, S0, S1, ST> Horner<HCons<S0, HCons<S1, ST>>> for HCons<C0, HCons<C1, CT>>
where
    HCons<C1, CT>: Horner<HCons<S1, ST>>,
    S0: IntMul<<HCons<C1, CT> as Horner<HCons<S1, ST>>>::Output>,
    C0: IntAdd<<S0 as IntMul<<HCons<C1, CT> as Horner<HCons<S1, ST>>>::Output>>::Output>,
    <C0 as IntAdd<<S0 as IntMul<<HCons<C1, CT> as Horner<HCons<S1, ST>>>::Output>>::Output>>::Output:
        Copy,
{
    type Output =
        <C0 as IntAdd<<S0 as IntMul<<HCons<C1, CT> as Horner<HCons<S1, ST>>>::Output>>::Output>>::Output;
    #[inline(always)]
    fn horner(self, s: HCons<S0, HCons<S1, ST>>) -> Self::Output {
        self.head.int_add(s.head.int_mul(self.tail.horner(s.tail)))
    }
}

/// CuTe's `Layout::get_flat_coord(idx)`: the coordinate (one integer per top-level mode,
/// an integer for rank 1) at which a compact layout produces `idx`.
#[doc(hidden)]
pub trait FlatCoord<D, I> {
    type Output: Copy;
    fn flat_coord(self, d: D, i: I) -> Self::Output;
}
impl<S, D, I: Copy> FlatCoord<D, I> for S
where
    S: crate::algebra::Wrap + Copy,
    D: crate::algebra::Wrap,
    S::Output: HierCoord<D::Output, I>,
    <S::Output as HierCoord<D::Output, I>>::Output: ModesColex<S::Output>,
{
    type Output = <<S::Output as HierCoord<D::Output, I>>::Output as ModesColex<S::Output>>::Output;
    #[inline(always)]
    fn flat_coord(self, d: D, i: I) -> Self::Output {
        let s = self.wrap();
        s.hier_coord(d.wrap(), i).modes_colex(s)
    }
}
/// Per top-level mode `crd2idx(c_i, s_i)`; a single mode gives a bare integer.
#[doc(hidden)]
pub trait ModesColex<S> {
    type Output: Copy;
    fn modes_colex(self, s: S) -> Self::Output;
}
impl<C0: ColexIndex<S0>, S0> ModesColex<HCons<S0, HNil>> for HCons<C0, HNil> {
    type Output = C0::Output;
    #[inline(always)]
    fn modes_colex(self, s: HCons<S0, HNil>) -> Self::Output {
        self.head.colex(s.head)
    }
}
impl<C0, C1, CT, S0, S1, ST> ModesColex<HCons<S0, HCons<S1, ST>>> for HCons<C0, HCons<C1, CT>>
where
    HCons<C0, HCons<C1, CT>>: MapColex<HCons<S0, HCons<S1, ST>>>,
{
    type Output = <HCons<C0, HCons<C1, CT>> as MapColex<HCons<S0, HCons<S1, ST>>>>::Output;
    #[inline(always)]
    fn modes_colex(self, s: HCons<S0, HCons<S1, ST>>) -> Self::Output {
        self.map_colex(s)
    }
}
#[doc(hidden)]
pub trait MapColex<S> {
    type Output: Copy;
    fn map_colex(self, s: S) -> Self::Output;
}
impl MapColex<HNil> for HNil {
    type Output = HNil;
    fn map_colex(self, _: HNil) -> HNil {
        HNil
    }
}
impl<C0: ColexIndex<S0>, CT: MapColex<ST>, S0, ST> MapColex<HCons<S0, ST>> for HCons<C0, CT> {
    type Output = HCons<C0::Output, CT::Output>;
    #[inline(always)]
    fn map_colex(self, s: HCons<S0, ST>) -> Self::Output {
        hcons(self.head.colex(s.head), self.tail.map_colex(s.tail))
    }
}

/// CuTe's `product_each(shape)`: the size of each top-level mode, as a shape tiler.
#[doc(hidden)]
pub trait ProductEach {
    type Output: Copy;
    fn product_each(self) -> Self::Output;
}
impl<S: crate::algebra::Wrap> ProductEach for S
where
    S::Output: MapSize,
{
    type Output = <S::Output as MapSize>::Output;
    #[inline(always)]
    fn product_each(self) -> Self::Output {
        self.wrap().map_size()
    }
}
#[doc(hidden)]
pub trait MapSize {
    type Output: Copy;
    fn map_size(self) -> Self::Output;
}
impl MapSize for HNil {
    type Output = HNil;
    fn map_size(self) -> HNil {
        HNil
    }
}
impl<H: Tup, T: MapSize> MapSize for HCons<H, T> {
    type Output = HCons<H::Size, T::Output>;
    #[inline(always)]
    fn map_size(self) -> Self::Output {
        hcons(self.head.size(), self.tail.map_size())
    }
}

type ThrTiler<TS> = <<ListOf<TS> as ProductEach>::Output as ToNative>::Native;
type ThrCoord<TS, TD> = <<ListOf<TS> as FlatCoord<ListOf<TD>, isize>>::Output as ToNative>::Native;

/// CuTe's `local_partition(tensor, thr_layout, thr_idx)`: the elements thread `thr_idx`
/// owns when the threads, arranged by `thr_layout` (which maps a thread coordinate to
/// its index, so row- or column-major thread orders are both expressible), are tiled
/// across the tensor.
///
/// ```
/// use cutlet::prelude::*;
/// let data: Vec<f32> = (0..16 * 64).map(|x| x as f32).collect();
/// let a = make_tensor(&data[..], layout!((16,64)));
/// let thr = local_partition(a, layout!((2,16)), 3);
/// assert_eq!(thr.layout().to_string(), "(_8,_4):(_2,_256)");
/// assert_eq!(thr.get(0isize), 1.0 + 16.0); // thread (1, 1)
/// ```
#[inline(always)]
pub fn local_partition<E: Offset, L, TL: ThrLayout>(
    tensor: Tensor<E, L>,
    thr_layout: TL,
    thr_idx: impl crate::int::DynInt,
) -> PartitionOf<E, L, TL::Tiler, TL::Coord, KeepElement>
where
    L: Partition<TL::Tiler, TL::Coord, KeepElement, E::Index>,
{
    let tiler = thr_layout.thr_tiler();
    let coord = thr_layout.thr_coord(thr_idx.to_isize());
    partition::<E, L, _, _, KeepElement>(tensor, tiler, coord)
}

/// Thread layouts `local_partition` takes: a layout mapping a thread coordinate to
/// its index, whose shape tiles the tensor.
///
/// ```
/// use cutlet::prelude::*;
/// fn mine<L: ThrLayout>(l: L, t: isize) -> L::Coord { l.thr_coord(t) }
/// assert_eq!(mine(layout!((2,4):(4,1)), 5), (1, 1));
/// ```
pub trait ThrLayout: Copy {
    /// The tiler: the thread layout's shape, mode by mode.
    type Tiler;
    /// A thread's coordinate in the tiler.
    type Coord: ToList;
    /// The tiler.
    fn thr_tiler(self) -> Self::Tiler;
    /// The coordinate of thread `thr_idx`.
    fn thr_coord(self, thr_idx: isize) -> Self::Coord;
}
impl<TS: ToList, TD: ToList> ThrLayout for Layout<TS, TD>
where
    ListOf<TS>: ProductEach + FlatCoord<ListOf<TD>, isize>,
    <ListOf<TS> as ProductEach>::Output: ToNative,
    <ListOf<TS> as FlatCoord<ListOf<TD>, isize>>::Output: ToNative,
    ThrCoord<TS, TD>: ToList,
{
    type Tiler = ThrTiler<TS>;
    type Coord = ThrCoord<TS, TD>;
    #[inline(always)]
    fn thr_tiler(self) -> Self::Tiler {
        self.shape().to_list().product_each().to_native()
    }
    #[inline(always)]
    fn thr_coord(self, thr_idx: isize) -> Self::Coord {
        let s = self.shape().to_list();
        s.flat_coord(self.stride().to_list(), thr_idx).to_native()
    }
}
