//! CuTe's `TiledMMA` (mma_atom.hpp) on the type level: an MMA atom tiled over a layout
//! of atoms, and its thread-value layouts. Every layout is a zero-sized type.

use super::MmaTraits;
use crate::algebra::{
    Complementable, Composable, Divisible, Multipliable, RightInvertible, Tiled, Zipped,
};
use crate::int::{C, IntMul, Integral};
use crate::layout::{
    CompactShape, Crd2Index, GetOp, Layout, LayoutParts, ListOf, ModeOp, SizeT, Slice, Underscore,
    Zeroed,
};
use crate::tuple::{ToList, ToNative};
use typenum::{P1, U0, U1, U2, Z0};

/// CuTe's `TiledMMA<MMA_Atom<Op>, AtomLayoutMNK>` (no permutation): the atom `Op`
/// repeated over the `(M, N, K)` layout of atoms `AL`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
/// assert_eq!(mma.get_layout_c_tv().to_string(), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
/// assert_eq!(core::mem::size_of_val(&mma.get_layout_c_tv()), 0);
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct TiledMma<Op, AL> {
    op: Op,
    atom_layout: AL,
}

/// CuTe's `make_tiled_mma(atom, atom_layout)`: `atom_layout` is a rank-3 layout of atoms
/// over `(M, N, K)`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)));
/// assert_eq!(mma.get_layout_c_tv().to_string(), "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))");
/// ```
#[inline(always)]
pub fn make_tiled_mma<Op: MmaTraits, AL: Copy>(op: Op, atom_layout: AL) -> TiledMma<Op, AL> {
    TiledMma { op, atom_layout }
}

type M0<T> = <T as ModeOp<GetOp<U0>>>::Output;
type M1<T> = <T as ModeOp<GetOp<U1>>>::Output;
type M2<T> = <T as ModeOp<GetOp<U2>>>::Output;
/// `thr_layout_vmnk`: `tiled_product(ThrID, atom_layout)`.
type Tv<Op, AL> = <<Op as MmaTraits>::ThrID as Multipliable<AL, Tiled>>::Output;
type AtomM<Op> = M0<<Op as MmaTraits>::ShapeMNK>;
type AtomN<Op> = M1<<Op as MmaTraits>::ShapeMNK>;
type ThrM<Op, AL> = SizeT<M1<Tv<Op, AL>>>;
type ThrN<Op, AL> = SizeT<M2<Tv<Op, AL>>>;
type TileM<Op, AL> = <AtomM<Op> as IntMul<ThrM<Op, AL>>>::Output;
type TileN<Op, AL> = <AtomN<Op> as IntMul<ThrN<Op, AL>>>::Output;
type RefC<Op, AL> = <(TileM<Op, AL>, TileN<Op, AL>) as CompactShape>::Output;
type CTile<Op> = (
    <AtomM<Op> as CompactShape>::Output,
    <AtomN<Op> as CompactShape>::Output,
);
type CTensor<Op, AL> = <RefC<Op, AL> as Divisible<CTile<Op>, Zipped>>::Output;
type TvTensor<Op, AL> =
    <CTensor<Op, AL> as Composable<(<Op as MmaTraits>::CLayout, Underscore)>>::Output;
type ThrTile<Op, AL> = (
    Underscore,
    (
        <ThrM<Op, AL> as CompactShape>::Output,
        <ThrN<Op, AL> as CompactShape>::Output,
    ),
);
type ThrTensor<Op, AL> = <TvTensor<Op, AL> as Divisible<ThrTile<Op, AL>, Zipped>>::Output;
type TvC<Op, AL> = <Tv<Op, AL> as Complementable>::Output;
type TvFull<Op, AL> = Layout<
    (
        <Tv<Op, AL> as LayoutParts>::Shape,
        <TvC<Op, AL> as LayoutParts>::Shape,
    ),
    (
        <Tv<Op, AL> as LayoutParts>::Stride,
        <TvC<Op, AL> as LayoutParts>::Stride,
    ),
>;
type Sel<Op, AL> = Layout<(SizeT<Tv<Op, AL>>, C<P1>), (C<P1>, C<Z0>)>;
type ThrIdx2ThrId<Op, AL> =
    <Sel<Op, AL> as Composable<<TvFull<Op, AL> as RightInvertible>::Output>>::Output;
/// The type of `get_layout_c_tv()` of `TiledMma<Op, AL>`.
pub type LayoutCTvT<Op, AL> =
    <ThrTensor<Op, AL> as Composable<(ThrIdx2ThrId<Op, AL>, Underscore)>>::Output;

type M3<T> = <T as ModeOp<GetOp<typenum::U3>>>::Output;
type AtomK<Op> = M2<<Op as MmaTraits>::ShapeMNK>;
type ThrK<Op, AL> = SizeT<M3<Tv<Op, AL>>>;
type TileK<Op, AL> = <AtomK<Op> as IntMul<ThrK<Op, AL>>>::Output;
type RefA<Op, AL> = <(TileM<Op, AL>, TileK<Op, AL>) as CompactShape>::Output;
type ATile<Op> = (
    <AtomM<Op> as CompactShape>::Output,
    <AtomK<Op> as CompactShape>::Output,
);
type ATensor<Op, AL> = <RefA<Op, AL> as Divisible<ATile<Op>, Zipped>>::Output;
type TvTensorA<Op, AL> =
    <ATensor<Op, AL> as Composable<(<Op as MmaTraits>::ALayout, Underscore)>>::Output;
type ThrTileA<Op, AL> = (
    Underscore,
    (
        <ThrM<Op, AL> as CompactShape>::Output,
        <ThrK<Op, AL> as CompactShape>::Output,
    ),
);
type ThrTensorA<Op, AL> = <TvTensorA<Op, AL> as Divisible<ThrTileA<Op, AL>, Zipped>>::Output;
/// `(ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))`: the A threads broadcast over N.
type AThr<Op, AL> = (
    Underscore,
    (
        Layout<(ThrM<Op, AL>, ThrN<Op, AL>), (C<P1>, C<Z0>)>,
        Underscore,
    ),
);
type AThrTensor<Op, AL> = <ThrTensorA<Op, AL> as Composable<(AThr<Op, AL>, Underscore)>>::Output;
/// The type of `get_layout_a_tv()` of `TiledMma<Op, AL>`.
pub type LayoutATvT<Op, AL> =
    <AThrTensor<Op, AL> as Composable<(ThrIdx2ThrId<Op, AL>, Underscore)>>::Output;

type RefB<Op, AL> = <(TileN<Op, AL>, TileK<Op, AL>) as CompactShape>::Output;
type BTile<Op> = (
    <AtomN<Op> as CompactShape>::Output,
    <AtomK<Op> as CompactShape>::Output,
);
type BTensor<Op, AL> = <RefB<Op, AL> as Divisible<BTile<Op>, Zipped>>::Output;
type TvTensorB<Op, AL> =
    <BTensor<Op, AL> as Composable<(<Op as MmaTraits>::BLayout, Underscore)>>::Output;
type ThrTileB<Op, AL> = (
    Underscore,
    (
        <ThrN<Op, AL> as CompactShape>::Output,
        <ThrK<Op, AL> as CompactShape>::Output,
    ),
);
type ThrTensorB<Op, AL> = <TvTensorB<Op, AL> as Divisible<ThrTileB<Op, AL>, Zipped>>::Output;
/// `(ThrV,(ThrN,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))`: the B threads broadcast over M.
type BThr<Op, AL> = (
    Underscore,
    (
        Layout<(ThrM<Op, AL>, ThrN<Op, AL>), (C<Z0>, C<P1>)>,
        Underscore,
    ),
);
type BThrTensor<Op, AL> = <ThrTensorB<Op, AL> as Composable<(BThr<Op, AL>, Underscore)>>::Output;
/// The type of `get_layout_b_tv()` of `TiledMma<Op, AL>`.
pub type LayoutBTvT<Op, AL> =
    <BThrTensor<Op, AL> as Composable<(ThrIdx2ThrId<Op, AL>, Underscore)>>::Output;

impl<Op: MmaTraits, AL: Copy> TiledMma<Op, AL> {
    /// CuTe's `get_layoutB_TV()`: `(thread, value) -> (n, k)` of the tiled B tile (as a
    /// column-major index); threads that differ only in M hold the same B values.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.get_layout_b_tv().to_string(), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))");
    /// ```
    #[inline(always)]
    pub fn get_layout_b_tv(&self) -> LayoutBTvT<Op, AL>
    where
        Op::ThrID: Multipliable<AL, Tiled>,
        Op::ShapeMNK: ModeOp<GetOp<U1>> + ModeOp<GetOp<U2>>,
        Tv<Op, AL>: ModeOp<GetOp<U1>>
            + ModeOp<GetOp<U2>>
            + ModeOp<GetOp<typenum::U3>>
            + crate::layout::Shaped
            + Complementable
            + LayoutParts,
        M1<Tv<Op, AL>>: crate::layout::Shaped,
        M2<Tv<Op, AL>>: crate::layout::Shaped,
        M3<Tv<Op, AL>>: crate::layout::Shaped,
        AtomN<Op>: IntMul<ThrN<Op, AL>> + CompactShape,
        AtomK<Op>: IntMul<ThrK<Op, AL>> + CompactShape,
        ThrN<Op, AL>: CompactShape,
        ThrK<Op, AL>: CompactShape,
        (TileN<Op, AL>, TileK<Op, AL>): CompactShape,
        RefB<Op, AL>: Divisible<BTile<Op>, Zipped>,
        BTensor<Op, AL>: Composable<(Op::BLayout, Underscore)>,
        TvTensorB<Op, AL>: Divisible<ThrTileB<Op, AL>, Zipped>,
        ThrTensorB<Op, AL>: Composable<(BThr<Op, AL>, Underscore)>,
        TvC<Op, AL>: LayoutParts,
        TvFull<Op, AL>: RightInvertible,
        Sel<Op, AL>: Composable<<TvFull<Op, AL> as RightInvertible>::Output>,
        BThrTensor<Op, AL>: Composable<(ThrIdx2ThrId<Op, AL>, Underscore)>,
        LayoutBTvT<Op, AL>: Default,
    {
        Default::default()
    }
}

impl<Op: MmaTraits, AL: Copy> TiledMma<Op, AL> {
    /// CuTe's `get_layoutA_TV()`: `(thread, value) -> (m, k)` of the tiled A tile (as a
    /// column-major index); threads that differ only in N hold the same A values.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.get_layout_a_tv().to_string(), "((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))");
    /// ```
    #[inline(always)]
    pub fn get_layout_a_tv(&self) -> LayoutATvT<Op, AL>
    where
        Op::ThrID: Multipliable<AL, Tiled>,
        Op::ShapeMNK: ModeOp<GetOp<U0>> + ModeOp<GetOp<U2>>,
        Tv<Op, AL>: ModeOp<GetOp<U1>>
            + ModeOp<GetOp<U2>>
            + ModeOp<GetOp<typenum::U3>>
            + crate::layout::Shaped
            + Complementable
            + LayoutParts,
        M1<Tv<Op, AL>>: crate::layout::Shaped,
        M2<Tv<Op, AL>>: crate::layout::Shaped,
        M3<Tv<Op, AL>>: crate::layout::Shaped,
        AtomM<Op>: IntMul<ThrM<Op, AL>> + CompactShape,
        AtomK<Op>: IntMul<ThrK<Op, AL>> + CompactShape,
        ThrM<Op, AL>: CompactShape,
        ThrK<Op, AL>: CompactShape,
        (TileM<Op, AL>, TileK<Op, AL>): CompactShape,
        RefA<Op, AL>: Divisible<ATile<Op>, Zipped>,
        ATensor<Op, AL>: Composable<(Op::ALayout, Underscore)>,
        TvTensorA<Op, AL>: Divisible<ThrTileA<Op, AL>, Zipped>,
        ThrTensorA<Op, AL>: Composable<(AThr<Op, AL>, Underscore)>,
        TvC<Op, AL>: LayoutParts,
        TvFull<Op, AL>: RightInvertible,
        Sel<Op, AL>: Composable<<TvFull<Op, AL> as RightInvertible>::Output>,
        AThrTensor<Op, AL>: Composable<(ThrIdx2ThrId<Op, AL>, Underscore)>,
        LayoutATvT<Op, AL>: Default,
    {
        Default::default()
    }

    /// The MMA atom's operation.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16,1):(1,16,0)));
    /// let _op: UniversalFMA<f32, f32, f32, f32> = mma.op();
    /// ```
    pub fn op(&self) -> Op {
        self.op
    }
    /// The layout of atoms over `(M, N, K)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.atom_layout().to_string(), "(_2,_2,_1):(_1,_2,_0)");
    /// ```
    pub fn atom_layout(&self) -> AL {
        self.atom_layout
    }
    /// CuTe's `get_layoutC_TV()`: `(thread, value) -> (m, n)` of the tiled C tile (as a
    /// column-major index). Its size and the fragment size per thread are static.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,8,1):(1,16,0)));
    /// assert_eq!(mma.get_layout_c_tv().to_string(), "(_128,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
    /// let rows = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((4,4,1):(4,1,0)));
    /// assert_eq!(rows.get_layout_c_tv().to_string(), "((_4,_4),(_1,(_1,_1))):((_4,_1),(_0,(_0,_0)))");
    /// ```
    #[inline(always)]
    pub fn get_layout_c_tv(&self) -> LayoutCTvT<Op, AL>
    where
        Op::ThrID: Multipliable<AL, Tiled>,
        Op::ShapeMNK: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
        Tv<Op, AL>: ModeOp<GetOp<U1>>
            + ModeOp<GetOp<U2>>
            + crate::layout::Shaped
            + Complementable
            + LayoutParts,
        M1<Tv<Op, AL>>: crate::layout::Shaped,
        M2<Tv<Op, AL>>: crate::layout::Shaped,
        AtomM<Op>: IntMul<ThrM<Op, AL>> + CompactShape,
        AtomN<Op>: IntMul<ThrN<Op, AL>> + CompactShape,
        ThrM<Op, AL>: CompactShape,
        ThrN<Op, AL>: CompactShape,
        (TileM<Op, AL>, TileN<Op, AL>): CompactShape,
        RefC<Op, AL>: Divisible<CTile<Op>, Zipped>,
        CTensor<Op, AL>: Composable<(Op::CLayout, Underscore)>,
        TvTensor<Op, AL>: Divisible<ThrTile<Op, AL>, Zipped>,
        TvC<Op, AL>: LayoutParts,
        TvFull<Op, AL>: RightInvertible,
        Sel<Op, AL>: Composable<<TvFull<Op, AL> as RightInvertible>::Output>,
        ThrTensor<Op, AL>: Composable<(ThrIdx2ThrId<Op, AL>, Underscore)>,
        LayoutCTvT<Op, AL>: Default,
    {
        Default::default()
    }
}

type CTensorOf<Op, R> = <R as Divisible<CTile<Op>, Zipped>>::Output;
type TvTensorOf<Op, R> =
    <CTensorOf<Op, R> as Composable<(<Op as MmaTraits>::CLayout, Underscore)>>::Output;
/// CuTe's `thrfrg_C(layout)`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`.
type ThrfrgC<Op, AL, R> = <TvTensorOf<Op, R> as Divisible<ThrTile<Op, AL>, Zipped>>::Output;
/// A thread's coordinate into `thrfrg_C`: the thread fixed, the values kept.
type FragCoord = (isize, (Underscore, (Underscore, Underscore)));
type FragShapeC<Op, AL, R> =
    <<ThrfrgC<Op, AL, R> as crate::layout::Sliceable<FragCoord>>::Output as crate::layout::Shaped>::Shape;
/// The type of `partition_fragment_c(c)` for a C tile of layout (or shape) `L`.
pub type FragmentCT<Op, AL, L> = crate::tensor::OwnedTensorOf<
    <Op as MmaTraits>::ValTypeC,
    <FragShapeC<Op, AL, <<L as crate::layout::Shaped>::Shape as CompactShape>::Output> as CompactShape>::Output,
>;

impl<Op: MmaTraits, AL: Copy> TiledMma<Op, AL> {
    /// CuTe's `thr_mma.partition_fragment_C(c)` (the same for every thread): an owning
    /// register tensor of `ValTypeC` for this thread's part of the C tile `c` (a layout,
    /// a composed layout or a shape), shaped `(FrgV, RestM, RestN)`. Its size is a
    /// compile-time constant.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let acc = mma.partition_fragment_c(shape!((64, 32)));
    /// assert_eq!(acc.layout().to_string(), "((_2,_2),_2,_2):((_1,_2),_4,_8)");
    /// assert_eq!(core::mem::size_of_val(&acc), 16 * 4); // 16 f32 accumulators per thread
    /// ```
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub fn partition_fragment_c<L: crate::layout::Shaped>(&self, c: L) -> FragmentCT<Op, AL, L>
    where
        Op::ThrID: Multipliable<AL, Tiled>,
        Op::ShapeMNK: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
        Op::ValTypeC: Default,
        Tv<Op, AL>: ModeOp<GetOp<U1>> + ModeOp<GetOp<U2>>,
        M1<Tv<Op, AL>>: crate::layout::Shaped,
        M2<Tv<Op, AL>>: crate::layout::Shaped,
        AtomM<Op>: CompactShape,
        AtomN<Op>: CompactShape,
        ThrM<Op, AL>: CompactShape,
        ThrN<Op, AL>: CompactShape,
        L::Shape: CompactShape,
        <L::Shape as CompactShape>::Output: Divisible<CTile<Op>, Zipped>,
        CTensorOf<Op, <L::Shape as CompactShape>::Output>: Composable<(Op::CLayout, Underscore)>,
        TvTensorOf<Op, <L::Shape as CompactShape>::Output>: Divisible<ThrTile<Op, AL>, Zipped>,
        ThrfrgC<Op, AL, <L::Shape as CompactShape>::Output>: crate::layout::Sliceable<FragCoord>,
        <ThrfrgC<Op, AL, <L::Shape as CompactShape>::Output> as crate::layout::Sliceable<
            FragCoord,
        >>::Output: crate::layout::Shaped,
        FragShapeC<Op, AL, <L::Shape as CompactShape>::Output>: CompactShape,
        <FragShapeC<Op, AL, <L::Shape as CompactShape>::Output> as CompactShape>::Output:
            crate::tensor::OwnableLayout + Default,
    {
        let _ = c;
        crate::tensor::make_owned_tensor::<
            Op::ValTypeC,
            <FragShapeC<Op, AL, <L::Shape as CompactShape>::Output> as CompactShape>::Output,
        >(Default::default())
    }
}

/// CuTe's `ThrMMA`: one thread's slice of a [`TiledMma`] (`tiled_mma.get_slice(thr)`).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let data: Vec<f32> = (0..32 * 32).map(|x| x as f32).collect();
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
/// let c = mma.get_slice(15).partition_c(make_tensor(&data[..], layout!((32,32):(1,32))));
/// assert_eq!(c.layout().to_string(), "((_2,_2),_1,_2):((_32,_8),_0,_512)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrMma<Op, AL> {
    tiled: TiledMma<Op, AL>,
    thr: isize,
}

impl<Op: MmaTraits, AL: Copy> TiledMma<Op, AL> {
    /// CuTe's `tiled_mma.get_slice(thr_idx)`: the part of thread `thr_idx`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)));
    /// assert_eq!(mma.get_slice(13).thr_idx(), 13);
    /// ```
    #[inline(always)]
    pub fn get_slice(&self, thr_idx: impl crate::int::DynInt) -> ThrMma<Op, AL> {
        ThrMma {
            tiled: *self,
            thr: thr_idx.to_isize(),
        }
    }
}

type M0T<T> = <T as ModeOp<GetOp<U0>>>::Output;
/// The layout `thrfrg_C` gives a C tensor of layout `Layout<S, D>`.
type ThrfrgCL<Op, AL, S, D> = ThrfrgC<Op, AL, Layout<S, D>>;
type TS<Op, AL, S, D> = <ThrfrgCL<Op, AL, S, D> as LayoutParts>::Shape;
type TD<Op, AL, S, D> = <ThrfrgCL<Op, AL, S, D> as LayoutParts>::Stride;
/// A thread's coordinate into `thrfrg_C`: `((v, (m, n)), (_, (_, _)))`.
type ThrCoord = (
    (isize, (isize, isize)),
    (Underscore, (Underscore, Underscore)),
);
/// Slicing a `thrfrg_C` layout at a thread's coordinate (a tensor over engine `E`).
#[doc(hidden)]
pub trait SliceThr<E, Cd> {
    type Out;
    fn slice_thr(self, e: E, c: Cd) -> crate::tensor::Tensor<E, Self::Out>;
}
impl<E: crate::tensor::Offset, S2: ToList + Copy, D2: ToList + Copy, Cd: ToList> SliceThr<E, Cd>
    for Layout<S2, D2>
where
    ListOf<Cd>: Slice<ListOf<S2>> + Slice<ListOf<D2>> + Zeroed,
    <ListOf<Cd> as Slice<ListOf<S2>>>::Output: ToNative,
    <ListOf<Cd> as Slice<ListOf<D2>>>::Output: ToNative,
    <ListOf<Cd> as Zeroed>::Output: Crd2Index<ListOf<S2>, ListOf<D2>, E::Index>,
{
    type Out = crate::layout::SliceT<S2, D2, Cd>;
    #[inline(always)]
    fn slice_thr(self, e: E, c: Cd) -> crate::tensor::Tensor<E, Self::Out> {
        crate::tensor::Tensor::from_parts(e, self).slice(c)
    }
}
/// The type of `thr_mma.partition_c(t)` for a tensor `Tensor<E, Layout<S, D>>`.
pub type PartitionCT<E, Op, AL, S, D> = crate::tensor::Tensor<
    E,
    <Layout<TS<Op, AL, S, D>, TD<Op, AL, S, D>> as SliceThr<E, ThrCoord>>::Out,
>;

impl<Op: MmaTraits, AL: Copy> ThrMma<Op, AL> {
    /// The thread index.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16,1):(1,16,0)));
    /// assert_eq!(mma.get_slice(98).thr_idx(), 98);
    /// ```
    pub fn thr_idx(&self) -> isize {
        self.thr
    }
    /// CuTe's `thr_mma.partition_C(c)`: this thread's `(FrgV, RestM, RestN)` view of the C
    /// tile `c`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let data: Vec<f32> = (0..32 * 16).map(|x| x as f32).collect();
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16,1):(1,16,0)));
    /// let c = mma.get_slice(98).partition_c(make_tensor(&data[..], layout!((32,16):(18,1))));
    /// assert_eq!(c.layout().to_string(), "(_1,_2,_1):(_0,_288,_0)");
    /// // thread 98 = (m 2, n 6): elements (2, 6) and (18, 6)
    /// assert_eq!((c.get((0isize, 0isize, 0isize)), c.get((0isize, 1isize, 0isize))), (42.0, 330.0));
    /// ```
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    pub fn partition_c<E: crate::tensor::Offset, S: ToList + Copy, D: ToList + Copy>(
        &self,
        t: crate::tensor::Tensor<E, Layout<S, D>>,
    ) -> PartitionCT<E, Op, AL, S, D>
    where
        Op::ThrID: Multipliable<AL, Tiled>,
        Op::ShapeMNK: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
        Op::CLayout: Default,
        Tv<Op, AL>: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>> + ModeOp<GetOp<U2>>,
        M0T<Tv<Op, AL>>: crate::layout::Shaped,
        M1<Tv<Op, AL>>: crate::layout::Shaped,
        M2<Tv<Op, AL>>: crate::layout::Shaped,
        SizeT<M0T<Tv<Op, AL>>>: Integral + Default,
        ThrM<Op, AL>: Integral + Default + CompactShape,
        ThrN<Op, AL>: Integral + Default + CompactShape,
        AtomM<Op>: CompactShape,
        AtomN<Op>: CompactShape,
        CTile<Op>: Default,
        ThrTile<Op, AL>: Default,
        Layout<S, D>: Divisible<CTile<Op>, Zipped>,
        CTensorOf<Op, Layout<S, D>>: Composable<(Op::CLayout, Underscore)>,
        TvTensorOf<Op, Layout<S, D>>: Divisible<ThrTile<Op, AL>, Zipped>,
        ThrfrgCL<Op, AL, S, D>: LayoutParts + Into<Layout<TS<Op, AL, S, D>, TD<Op, AL, S, D>>>,
        Layout<TS<Op, AL, S, D>, TD<Op, AL, S, D>>: SliceThr<E, ThrCoord>,
    {
        let v = SizeT::<M0T<Tv<Op, AL>>>::default().value();
        let tm = ThrM::<Op, AL>::default().value();
        let tn = ThrN::<Op, AL>::default().value();
        let thr = self.thr;
        let coord: ThrCoord = (
            (thr % v, ((thr / v) % tm, (thr / (v * tm)) % tn)),
            (Underscore, (Underscore, Underscore)),
        );
        let l = t.layout();
        let z = l.divide(CTile::<Op>::default());
        let tv = z.composition((Op::CLayout::default(), Underscore));
        let f: Layout<TS<Op, AL, S, D>, TD<Op, AL, S, D>> =
            tv.divide(ThrTile::<Op, AL>::default()).into();
        let _ = &self.tiled;
        f.slice_thr(t.engine, coord)
    }
}
