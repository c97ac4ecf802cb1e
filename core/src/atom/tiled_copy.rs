//! CuTe's `TiledCopy` (a copy atom repeated over a `(thread, value) -> (m, n)` layout
//! of a tile) and `ThrCopy` (one thread's view of it: its partitions of the source and
//! destination, and its retiled register fragments), transliterated from
//! `cute/atom/copy_atom.hpp`.
//!
//! [`TiledCopier`] is the umbrella bound: every layout a tiled copy computes is one of
//! its associated types, generic over the layout of the tensor it partitions.

use super::TiledMma;
use super::copy::{CopyAtom, ZfillCopy, mode_size};
use crate::int::types as t;
use crate::int::{Bit, BranchT, C, Conjure, ErrLeaf, Leaf, Nat, SInt};
use crate::layout::finish;
use crate::layout::{Layout, LayoutModes, MakeLayout, Shaped, StridedLayout, make_layout};
use crate::layout::{LayoutOf, layout_of};
use crate::tensor::{Rebase, Tensor, TensorArg, TensorArgMut};
use crate::tuple::{self as tup, AppendN, IntTuple, ProductEach, Repeat, Underscore, X};
use core::fmt;
use typenum::{U0, U1};

/// CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`: the atom `A` repeated
/// over the `(thread, value) -> (m, n)` layout `LTv` of a tile of shape `Tl`. Made by
/// [`make_tiled_copy`], [`make_tiled_copy_a`]/`_b`/`_c` and [`make_tiled_copy_impl`];
/// used through [`TiledCopier`].
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let copy = make_tiled_copy(
///     Copy_Atom::<UniversalCopy<u128>, half::f16>::new(),
///     layout!((16,8):(8,1)),   // 128 threads, row-major
///     layout!((1,8)),          // 8 values along n
/// );
/// assert_eq!(copy.layout_tv().to_string(), "((_8,_16),_8):((_128,_1),_16)");
/// assert_eq!(Cute(copy.tiler_mn()).to_string(), "(_16,_64)");
/// assert_eq!(core::mem::size_of_val(&copy), 0);
/// ```
#[derive(Clone, Copy, Default)]
pub struct TiledCopy<A, LTv, Tl> {
    atom: A,
    layout_tv: LTv,
    tiler: Tl,
}
impl<A: fmt::Debug, LTv: fmt::Display, Tl: tup::CuteDisplay> fmt::Debug for TiledCopy<A, LTv, Tl> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledCopy({:?}, {}, {})",
            self.atom,
            self.layout_tv,
            tup::Cute(&self.tiler)
        )
    }
}
impl<A: CopyAtom<Op: ZfillCopy>, LTv, Tl> TiledCopy<A, LTv, Tl> {
    /// The tiled copy with its operation's predicate set (CuTe's `with(pred)` of the
    /// `ZFILL` atoms): a `false` call writes zeros.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let g2s = make_tiled_copy(
    ///     Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, half::f16>::new(),
    ///     layout!((16,8):(8,1)), layout!((1,8)),
    /// );
    /// assert!(g2s.with(true).atom().op().pred());
    /// ```
    #[inline(always)]
    pub fn with(self, pred: bool) -> Self {
        TiledCopy {
            atom: A::with_op(self.atom.op().with(pred)),
            ..self
        }
    }
}

/// CuTe's `make_tiled_copy_impl(atom, layout_tv, tiler)`: a tiled copy from its
/// `(thread, value) -> (m, n)` layout and its tile's shape. Both must be static, and
/// the layout must hold whole atoms (CuTe's checks, at build time).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let copy = make_tiled_copy_impl(
///     Copy_Atom::<UniversalCopy<u32>, f32>::new(),
///     layout!((4,2):(2,1)),
///     shape!((2, 4)),
/// );
/// assert_eq!(copy.get_layout_s_tv().to_string(), "(_4,(_1,_2)):(_2,(_0,_1))");
/// ```
#[inline(always)]
pub fn make_tiled_copy_impl<A: CopyAtom, LTv: Layout, Tl: IntTuple>(
    atom: A,
    layout_tv: LTv,
    tiler: Tl,
) -> TiledCopy<A, LTv, Tl> {
    const {
        assert!(
            <LTv::IsStatic as Bit>::BOOL && <Tl::IsStatic as Bit>::BOOL,
            "make_tiled_copy: the thread-value layout and the tiler must be static (CuTe: TiledCopy's layouts are static)"
        );
        assert!(
            mode_size::<LTv, U0>() % mode_size::<A::ValLayoutRef, U0>() == 0,
            "TiledCopy uses too few thrs for selected CopyAtom"
        );
        assert!(
            mode_size::<LTv, U1>() % mode_size::<A::ValLayoutRef, U1>() == 0,
            "TiledCopy uses too few vals for selected CopyAtom"
        );
    }
    TiledCopy {
        atom,
        layout_tv,
        tiler,
    }
}

type Size<L> = <<L as Shaped>::Shape as IntTuple>::Size;
/// `raked_product(thr, val)`: `(m, n) -> (thr_idx, val_idx)`.
type LayoutMn<Thr, Val> = <Thr as Layout>::RakedProduct<Val>;
/// `right_inverse(layout_mn).with_shape((size(thr), size(val)))`.
pub type CopyTv<Thr, Val> = <<LayoutMn<Thr, Val> as Layout>::RightInverse as Layout>::Compose<
    <MakeLayout<(Size<Thr>, Size<Val>)> as Layout>::AsTiler,
>;
/// `product_each(shape(layout_mn))`.
pub type CopyTiler<Thr, Val> = ProductEach<<LayoutMn<Thr, Val> as Shaped>::Shape>;

/// CuTe's `make_tiled_copy(atom, thr_layout, val_layout)`: threads laid out over the
/// tile by `thr_layout` (`(m, n) -> thr_idx`), each moving a block of values laid out
/// by `val_layout` (`(m, n) -> val_idx`); the tile is their raked product.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let copy = make_tiled_copy(
///     Copy_Atom::<UniversalCopy<u32>, f32>::new(),
///     layout!((4,2)),
///     layout!((2,1)),
/// );
/// assert_eq!(copy.layout_tv().to_string(), "(_8,_2):(_2,_1)");
/// assert_eq!(Cute(copy.tiler_mn()).to_string(), "(_8,_2)");
/// ```
#[inline(always)]
pub fn make_tiled_copy<A: CopyAtom, Thr: Layout, Val: Layout>(
    atom: A,
    thr_layout: Thr,
    val_layout: Val,
) -> TiledCopy<A, CopyTv<Thr, Val>, CopyTiler<Thr, Val>> {
    let layout_mn = thr_layout.raked_product(val_layout);
    let tv = finish(|| {
        layout_mn
            .right_inverse()
            .compose(make_layout((thr_layout.shape().size(), val_layout.shape().size())).as_tiler())
    });
    make_tiled_copy_impl(atom, tv, tup::product_each(layout_mn.shape()))
}

/// A TiledMMA's `tile_size_mnk`.
type TileMnk<M> = <M as TiledMma>::TileSizeMNK;
/// The tile of A: `(tile_size<0>, tile_size<2>)`.
type MmaTileA<M> = (E0<TileMnk<M>>, <TileMnk<M> as IntTuple>::E2);
/// The tile of B: `(tile_size<1>, tile_size<2>)`.
type MmaTileB<M> = (E1<TileMnk<M>>, <TileMnk<M> as IntTuple>::E2);
/// The tile of C: `(tile_size<0>, tile_size<1>)`.
type MmaTileC<M> = (E0<TileMnk<M>>, E1<TileMnk<M>>);
/// CuTe's `make_tiled_copy_A(atom, mma)`: the atom over the threads and values of the
/// MMA's A operand (`get_layoutA_TV`, tile `(M, K)`), e.g. `ldmatrix` into A's
/// registers.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
/// let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
/// assert_eq!(Cute(s2r.tiler_mn()).to_string(), "(_32,_16)");
/// assert_eq!(s2r.num_threads(), 128);
/// ```
#[inline(always)]
pub fn make_tiled_copy_a<A: CopyAtom, M: TiledMma>(
    atom: A,
    mma: &M,
) -> TiledCopy<A, M::LayoutATv, MmaTileA<M>> {
    let z = mma.tile_size_mnk();
    make_tiled_copy_impl(atom, mma.get_layout_a_tv(), (z.e0(), z.e2()))
}
/// CuTe's `make_tiled_copy_B(atom, mma)`: over the MMA's B operand (tile `(N, K)`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
/// let s2r = make_tiled_copy_b(Copy_Atom::<SM75_U32x2_LDSM_N, half::f16>::new(), &mma);
/// assert_eq!(Cute(s2r.tiler_mn()).to_string(), "(_16,_16)");
/// ```
#[inline(always)]
pub fn make_tiled_copy_b<A: CopyAtom, M: TiledMma>(
    atom: A,
    mma: &M,
) -> TiledCopy<A, M::LayoutBTv, MmaTileB<M>> {
    let z = mma.tile_size_mnk();
    make_tiled_copy_impl(atom, mma.get_layout_b_tv(), (z.e1(), z.e2()))
}
/// CuTe's `make_tiled_copy_C(atom, mma)`: over the MMA's accumulators (tile `(M, N)`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
/// let r2s = make_tiled_copy_c(Copy_Atom::<UniversalCopy<u32>, f32>::new(), &mma);
/// assert_eq!(Cute(r2s.tiler_mn()).to_string(), "(_32,_16)");
/// assert_eq!(size(r2s.get_layout_s_tv()).value(), 32 * 16);
/// ```
#[inline(always)]
pub fn make_tiled_copy_c<A: CopyAtom, M: TiledMma>(
    atom: A,
    mma: &M,
) -> TiledCopy<A, M::LayoutCTv, MmaTileC<M>> {
    let z = mma.tile_size_mnk();
    make_tiled_copy_impl(atom, mma.get_layout_c_tv(), (z.e0(), z.e1()))
}

/// A tiled copy (CuTe's `TiledCopy`): the one bound a generic kernel names for it.
/// Every layout it computes is an associated type, generic over the layout `L` of the
/// tensor it partitions; a thread's partitions come from [`ThrCopy`].
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// // One bound each: how many values thread 0 copies out of any tile.
/// fn per_thread<T: TiledCopier, L: Layout>(copy: T, tile: L) -> usize {
///     let data = vec![0f32; cosize(tile).value() as usize];
///     copy.get_slice(0).partition_s(make_tensor(&data[..], tile)).size().value() as usize
/// }
/// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, f32>::new(), layout!((8,4)), layout!((4,1)));
/// assert_eq!(per_thread(copy, make_layout(shape!((64, 16)))), 32);
/// let n = 16;
/// assert_eq!(per_thread(copy, make_layout(shape!((64, n)))), 32);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiled copy",
    label = "expected a TiledCopy (`make_tiled_copy(...)`, `make_tiled_copy_a(...)`, ...)"
)]
pub trait TiledCopier: Copy + fmt::Debug + 'static {
    /// The copy atom.
    type Atom: CopyAtom;
    /// CuTe's `TiledLayout_TV`: `(thread index, value) -> (m, n)` of the tile.
    type LayoutTv: Layout;
    /// CuTe's `Tiler_MN`: the tile's shape.
    type TilerMn: IntTuple;
    /// CuTe's `tile2thrfrg(tensor, ref2trg)`: a divided tensor `((TileM, TileN), Rest)`
    /// as `(Thr, (FrgV, FrgX), Rest)` for the target side `R` (`Ref2Src`/`Ref2Dst`).
    #[doc(hidden)]
    type Tile2ThrFrg<L: Layout, R: Layout>: Layout;
    /// CuTe's `tidfrg_S(layout)`: `(Thr, (FrgV, FrgX), (RestM, RestN, ...))`.
    type TidfrgS<L: Layout>: Layout;
    /// CuTe's `tidfrg_D(layout)`.
    type TidfrgD<L: Layout>: Layout;
    /// CuTe's `partition_S`: `(CPY, CPY_M, CPY_N, ...)` of one thread.
    type PartitionS<L: Layout>: Layout;
    /// CuTe's `partition_D`.
    type PartitionD<L: Layout>: Layout;
    /// CuTe's `retile(layout)` (`retile_S`/`retile_D`): a thread's fragment
    /// `(V, M, N, ...)` regrouped as `(CPY, CPY_M, CPY_N, ...)`.
    type Retile<L: Layout>: Layout;
    /// CuTe's `get_layoutS_TV()`: `(thread index, value) -> (m, n)` of the source.
    type LayoutSTv: Layout;
    /// CuTe's `get_layoutD_TV()`.
    type LayoutDTv: Layout;

    /// The atom.
    fn atom(&self) -> Self::Atom;
    /// CuTe's `TiledLayout_TV`.
    fn layout_tv(&self) -> Self::LayoutTv;
    /// CuTe's `Tiler_MN`.
    fn tiler_mn(&self) -> Self::TilerMn;
    /// The value of `Tile2ThrFrg`.
    #[doc(hidden)]
    fn tile2thrfrg<L: Layout, R: Layout>(&self, l: L, r: R) -> Self::Tile2ThrFrg<L, R>;
    /// CuTe's `tidfrg_S(layout)`.
    fn tidfrg_s<L: Layout>(&self, l: L) -> Self::TidfrgS<L>;
    /// CuTe's `tidfrg_D(layout)`.
    fn tidfrg_d<L: Layout>(&self, l: L) -> Self::TidfrgD<L>;
    /// CuTe's `retile(layout)`.
    fn retile<L: Layout>(&self, l: L) -> Self::Retile<L>;
    /// CuTe's `get_layoutS_TV()`.
    fn get_layout_s_tv(&self) -> Self::LayoutSTv;
    /// CuTe's `get_layoutD_TV()`.
    fn get_layout_d_tv(&self) -> Self::LayoutDTv;
    /// The partition of a source by thread `thr` (use [`ThrCopy::partition_s`]).
    fn partition_s_at<E: Rebase, L: Layout>(
        &self,
        thr: usize,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionS<L>>;
    /// The partition of a destination by thread `thr` (use [`ThrCopy::partition_d`]).
    fn partition_d_at<E: Rebase, L: Layout>(
        &self,
        thr: usize,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionD<L>>;

    /// CuTe's `get_slice(thr_idx)`: thread `idx`'s view of the tiled copy.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((4,2)), layout!((1,1)));
    /// assert_eq!(copy.get_slice(5).thr_idx(), 5);
    /// ```
    #[inline(always)]
    fn get_slice(&self, idx: usize) -> ThrCopy<Self> {
        ThrCopy {
            copy: *self,
            thr: idx,
        }
    }
    /// CuTe's `size(tiled_copy)`: the number of threads.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, f32>::new(), layout!((32,4)), layout!((4,1)));
    /// assert_eq!(copy.num_threads(), 128);
    /// ```
    #[inline(always)]
    fn num_threads(&self) -> usize {
        mode_size::<Self::LayoutTv, U0>() as usize
    }
    /// CuTe's `copy(tiled_copy, src, dst)` on one thread's partitions: one atom call
    /// per [`CopyAtom`]'s values, in CuTe's order.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u64>, f32>::new(), layout!((4,2)), layout!((2,1)));
    /// let src: Vec<f32> = (0..32).map(|x| x as f32).collect();
    /// let mut dst = vec![0f32; 32];
    /// for t in 0..copy.num_threads() {
    ///     let thr = copy.get_slice(t);
    ///     let s = thr.partition_s(make_tensor(&src[..], layout!((8,4))));
    ///     let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!((8,4))));
    ///     copy.copy(&s, &mut d);
    /// }
    /// assert_eq!(dst, src);
    /// ```
    ///
    /// # Panics
    /// If the partitions' sizes differ, or are not whole atom calls.
    #[inline(always)]
    #[track_caller]
    fn copy<Src: TensorArg<Elem: Default>, Dst: TensorArgMut<Src::Elem>>(
        &self,
        src: &Src,
        dst: &mut Dst,
    ) {
        self.atom().copy(src, dst)
    }
    /// CuTe's `copy_if(tiled_copy, pred, src, dst)`: `pred` has a value for each value
    /// of the partitions, and each atom call runs where its first value's predicate is
    /// true (a `ZFILL` operation zeroes the destination where it is false).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, i32>::new(), layout!((2)), layout!((2)));
    /// let src = [1, 2, 3, 4];
    /// let mut dst = [0; 4];
    /// let thr = copy.get_slice(1);
    /// let s = thr.partition_s(make_tensor(&src[..], layout!(4)));
    /// let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!(4)));
    /// let pred = [true, false];
    /// copy.copy_if(&make_tensor(&pred[..], layout!(2)), &s, &mut d);
    /// assert_eq!(dst, [0, 0, 3, 0]);
    /// ```
    ///
    /// # Panics
    /// As [`copy`](Self::copy), or if the predicate's size is not the partitions'.
    #[inline(always)]
    #[track_caller]
    fn copy_if<Pred, Src, Dst>(&self, pred: &Pred, src: &Src, dst: &mut Dst)
    where
        Pred: TensorArg<Elem = bool>,
        Src: TensorArg<Elem: Default>,
        Dst: TensorArgMut<Src::Elem>,
    {
        self.atom().copy_if(pred, src, dst)
    }
}

/// The staging bit of a tiled copy's layouts: `B1` for every static thread-value
/// layout, but a projection in the generic impl, so their algebra is expanded only
/// once the layout is known (results/compile-time-log.md).
type Stage<LTv> = <<LTv as Layout>::IsStatic as Bit>::And<typenum::B1>;
crate::err_msgs!(
    EDynamicTv => "TiledCopy: the thread-value layout must be static",
    ERetileDynamic => "retile: the fragment's first mode must have a static size (CuTe: upcast<N> needs a static N)",
);
type ErrPair<E> = (ErrLeaf<E>, ErrLeaf<E>);
type One = C<typenum::P1>;
type Zero = C<typenum::Z0>;
type E0<T> = <T as IntTuple>::E0;
type E1<T> = <T as IntTuple>::E1;

/// CuTe's `zip` of a layout's shape and stride.
type ZipLayout<W> =
    StridedLayout<tup::Zip<E0<<W as Layout>::Pair>>, tup::Zip<E1<<W as Layout>::Pair>>>;
#[inline(always)]
fn zip_layout<W: Layout>(w: W) -> ZipLayout<W> {
    let p = w.pair_of();
    StridedLayout::from_parts(tup::zip(p.e0()), tup::zip(p.e1()))
}
/// `zipped_divide(TiledLayout_TV, (AtomNumThr, AtomNumVal)).compose(ref2trg, _)`:
/// `((trg_tid, trg_val), (rest_tid, rest_val)) -> (m, n)`.
type TrgLayoutTv<T, R> = <<<T as TiledCopier>::LayoutTv as Layout>::ZippedDivide<
    <(AtomSize<T, U0>, AtomSize<T, U1>) as IntTuple>::AsTiler,
> as Layout>::Compose<(<R as Layout>::AsTiler, Underscore)>;
type AtomSize<T, I> = <<<<<T as TiledCopier>::Atom as CopyAtom>::ValLayoutRef as LayoutModes>::Get<I> as Shaped>::Shape as IntTuple>::Size;

/// `coalesce(zip(trg_layout_TV), Shape<_1,Shape<_1,_1>>{})`, staged: `W` is the zipped
/// layout, a type parameter here so that checking this impl never expands it.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct ThrVal2MnB<W>(W);
impl<W: Layout> BranchT for ThrVal2MnB<W> {
    type Then = <<W as Layout>::CoalesceBy<(One, (One, One))> as Layout>::Pair;
    type Else = ErrPair<EDynamicTv>;
    #[inline(always)]
    fn then(self) -> Self::Then {
        self.0
            .coalesce_by((One::new(), (One::new(), One::new())))
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
/// `tile2thrfrg`'s `(trg thread, trg value) -> (m, n)` layout for the target side `R`,
/// staged.
type ThrVal2Mn<T, R> = LayoutOf<
    <Stage<<T as TiledCopier>::LayoutTv> as Bit>::SelT<ThrVal2MnB<ZipLayout<TrgLayoutTv<T, R>>>>,
>;
/// The value of [`ThrVal2Mn`].
#[inline(always)]
fn thrval2mn<T: TiledCopier, R: Layout>(t: &T, r: R) -> ThrVal2Mn<T, R> {
    let atom_ref = <<T::Atom as CopyAtom>::ValLayoutRef as Conjure>::conjure();
    let thr_val = (
        crate::layout::size(atom_ref.get_mode::<U0>()),
        crate::layout::size(atom_ref.get_mode::<U1>()),
    );
    let trg = t
        .layout_tv()
        .zipped_divide(thr_val.as_tiler())
        .compose((r.as_tiler(), X));
    finish(|| {
        layout_of(<Stage<T::LayoutTv> as Bit>::sel_t(ThrVal2MnB(zip_layout(
            trg,
        ))))
    })
}

/// CuTe's `get_layoutS_TV`/`get_layoutD_TV`, staged: `tile2thrfrg(ref, ref2trg)(_,_,0)`
/// for `ref = make_layout((shape(Tiler_MN), _1))` and `R = ref2trg`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct LayoutTvB<T, R>(T, R);
type RefTile<T> = MakeLayout<(<T as TiledCopier>::TilerMn, One)>;
type TvSlice = (Underscore, Underscore, Zero);
impl<T: TiledCopier, R: Layout> BranchT for LayoutTvB<T, R> {
    type Then = <<T::Tile2ThrFrg<RefTile<T>, R> as LayoutModes>::Slice<TvSlice> as Layout>::Pair;
    type Else = ErrPair<EDynamicTv>;
    #[inline(always)]
    fn then(self) -> Self::Then {
        let r = make_layout((self.0.tiler_mn(), One::new()));
        self.0
            .tile2thrfrg(r, self.1)
            .slice_and_offset((X, X, Zero::new()))
            .0
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> Self::Else {
        Default::default()
    }
}

/// The first mode's size of a fragment (CuTe's `V = size<0>(tensor)` of `retile`).
type FrgV0<L> = <<<L as LayoutModes>::Get<U0> as Shaped>::Shape as IntTuple>::Size;
/// `TiledNumThr * V` as a natural.
type UpN<T, V> = <<t::Mul<Size<<<T as TiledCopier>::LayoutTv as LayoutModes>::Get<U0>>, V> as Leaf>::Val as SInt>::Mag;
/// The staging bit of `retile`: a static layout and a static `V`.
type RetileStage<T, V> =
    <Stage<<T as TiledCopier>::LayoutTv> as Bit>::And<<V as IntTuple>::IsStatic>;

/// `upcast<TiledNumThr * V>(right_inverse(TiledLayout_TV).with_shape(shape(Tiler_MN)))`,
/// staged: `(m, n) -> v_idx`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct FrgMnB<T, N>(T, core::marker::PhantomData<N>);
impl<T: TiledCopier, N: Nat> BranchT for FrgMnB<T, N> {
    type Then = <<<<T::LayoutTv as Layout>::RightInverse as Layout>::Compose<
        <MakeLayout<T::TilerMn> as Layout>::AsTiler,
    > as Layout>::Upcast<N> as Layout>::Pair;
    type Else = ErrPair<ERetileDynamic>;
    #[inline(always)]
    fn then(self) -> Self::Then {
        self.0
            .layout_tv()
            .right_inverse()
            .compose(make_layout(self.0.tiler_mn()).as_tiler())
            .upcast::<N>()
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
type FrgMn<T, V> = LayoutOf<<RetileStage<T, V> as Bit>::SelT<FrgMnB<T, UpN<T, V>>>>;
/// `zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)),
/// make_layout(AtomNumVal))`, staged (`W = make_layout(V)`, `F = frg_layout_mn`):
/// `(atom_vals, rest_vals) -> (v, m, n)`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct FrgVB<W, F, A>(W, F, A);
impl<W: Layout, F: Layout, A: Leaf> BranchT for FrgVB<W, F, A> {
    type Then = <<<W as Layout>::LogicalProduct<<F::RightInverse as Layout>::AsTiler> as Layout>::ZippedDivide<
        <MakeLayout<A> as Layout>::AsTiler,
    > as Layout>::Pair;
    type Else = ErrPair<ERetileDynamic>;
    #[inline(always)]
    fn then(self) -> Self::Then {
        self.0
            .logical_product(self.1.right_inverse().as_tiler())
            .zipped_divide(make_layout(self.2).as_tiler())
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
type FrgVL<T, V> =
    LayoutOf<<RetileStage<T, V> as Bit>::SelT<FrgVB<MakeLayout<V>, FrgMn<T, V>, AtomSize<T, U1>>>>;
/// `prepend(product_each(shape(frg_layout_mn)), V)`: the tile of `retile`.
type RetileTiler<T, V> = <ProductEach<<FrgMn<T, V> as Shaped>::Shape> as IntTuple>::Prepend<V>;
type Rank<L> = <<L as Shaped>::Shape as IntTuple>::Rank;
/// `(_, append<R>(Int<0>{}, _))`: the slice that unfolds `retile`'s result.
type RetileSlice<L> = (Underscore, AppendN<Zero, Rank<L>, Underscore>);
/// `(thr_idx, _, repeat<R>(_))`: a thread's slice of `tidfrg_S`/`tidfrg_D`.
type ThrSliceCoord<L> = (isize, Underscore, Repeat<Rank<L>, Underscore>);

impl<A: CopyAtom, LTv: Layout, Tl: IntTuple> TiledCopier for TiledCopy<A, LTv, Tl> {
    type Atom = A;
    type LayoutTv = LTv;
    type TilerMn = Tl;
    // CuTe: tensor.compose(thrval2mn, _)(make_coord(_,_), _); `ThrVal2Mn` is staged
    // (see `Stage`): the algebra runs once the layout is known.
    type Tile2ThrFrg<L: Layout, R: Layout> = <<L as Layout>::Compose<(
        <ThrVal2Mn<Self, R> as Layout>::AsTiler,
        Underscore,
    )> as LayoutModes>::Slice<((Underscore, Underscore), Underscore)>;
    type TidfrgS<L: Layout> = Self::Tile2ThrFrg<L::ZippedDivide<Tl::AsTiler>, A::Ref2Src>;
    type TidfrgD<L: Layout> = Self::Tile2ThrFrg<L::ZippedDivide<Tl::AsTiler>, A::Ref2Dst>;
    type PartitionS<L: Layout> = <Self::TidfrgS<L> as LayoutModes>::Slice<ThrSliceCoord<L>>;
    type PartitionD<L: Layout> = <Self::TidfrgD<L> as LayoutModes>::Slice<ThrSliceCoord<L>>;
    type Retile<L: Layout> = <<<L as Layout>::ZippedDivide<
        <RetileTiler<Self, FrgV0<L>> as IntTuple>::AsTiler,
    > as Layout>::Compose<(<FrgVL<Self, FrgV0<L>> as Layout>::AsTiler, Underscore)> as LayoutModes>::Slice<
        RetileSlice<L>,
    >;
    type LayoutSTv = LayoutOf<<Stage<LTv> as Bit>::SelT<LayoutTvB<Self, A::Ref2Src>>>;
    type LayoutDTv = LayoutOf<<Stage<LTv> as Bit>::SelT<LayoutTvB<Self, A::Ref2Dst>>>;

    #[inline(always)]
    fn atom(&self) -> A {
        self.atom
    }
    #[inline(always)]
    fn layout_tv(&self) -> LTv {
        self.layout_tv
    }
    #[inline(always)]
    fn tiler_mn(&self) -> Tl {
        self.tiler
    }
    #[inline(always)]
    fn tile2thrfrg<L: Layout, R: Layout>(&self, l: L, r: R) -> Self::Tile2ThrFrg<L, R> {
        let f = thrval2mn(self, r);
        l.compose((f.as_tiler(), X)).slice_and_offset(((X, X), X)).0
    }
    #[inline(always)]
    #[track_caller]
    fn tidfrg_s<L: Layout>(&self, l: L) -> Self::TidfrgS<L> {
        finish(|| {
            self.tile2thrfrg(
                l.zipped_divide(self.tiler.as_tiler()),
                A::Ref2Src::conjure(),
            )
        })
    }
    #[inline(always)]
    #[track_caller]
    fn tidfrg_d<L: Layout>(&self, l: L) -> Self::TidfrgD<L> {
        finish(|| {
            self.tile2thrfrg(
                l.zipped_divide(self.tiler.as_tiler()),
                A::Ref2Dst::conjure(),
            )
        })
    }
    #[inline(always)]
    #[track_caller]
    fn retile<L: Layout>(&self, l: L) -> Self::Retile<L> {
        let v = crate::layout::size(l.get_mode::<U0>());
        finish(|| {
            let mn: FrgMn<Self, FrgV0<L>> =
                layout_of(<RetileStage<Self, FrgV0<L>> as Bit>::sel_t(FrgMnB::<
                    Self,
                    UpN<Self, FrgV0<L>>,
                >(
                    *self,
                    core::marker::PhantomData,
                )));
            let fv: FrgVL<Self, FrgV0<L>> = layout_of(<RetileStage<Self, FrgV0<L>> as Bit>::sel_t(
                FrgVB(make_layout(v), mn, Conjure::conjure()),
            ));
            let tiler = tup::product_each(mn.shape()).prepend(v);
            l.zipped_divide(tiler.as_tiler())
                .compose((fv.as_tiler(), X))
                .slice_and_offset((X, tup::append_n::<_, Rank<L>, _>(Zero::new(), X)))
                .0
        })
    }
    #[inline(always)]
    fn get_layout_s_tv(&self) -> Self::LayoutSTv {
        finish(|| {
            layout_of(<Stage<LTv> as Bit>::sel_t(LayoutTvB(
                *self,
                A::Ref2Src::conjure(),
            )))
        })
    }
    #[inline(always)]
    fn get_layout_d_tv(&self) -> Self::LayoutDTv {
        finish(|| {
            layout_of(<Stage<LTv> as Bit>::sel_t(LayoutTvB(
                *self,
                A::Ref2Dst::conjure(),
            )))
        })
    }
    #[inline(always)]
    #[track_caller]
    fn partition_s_at<E: Rebase, L: Layout>(
        &self,
        thr: usize,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionS<L>> {
        let f = self.tidfrg_s(t.layout());
        t.with_layout(f)
            .slice_int((thr as isize, X, tup::repeat::<Rank<L>, _>(X)))
    }
    #[inline(always)]
    #[track_caller]
    fn partition_d_at<E: Rebase, L: Layout>(
        &self,
        thr: usize,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionD<L>> {
        let f = self.tidfrg_d(t.layout());
        t.with_layout(f)
            .slice_int((thr as isize, X, tup::repeat::<Rank<L>, _>(X)))
    }
}

/// CuTe's `ThrCopy`: one thread's view of a [`TiledCopier`] (from
/// [`TiledCopier::get_slice`]): its partitions of the source and destination and its
/// fragments regrouped for the copy.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, half::f16>::new(), layout!((16,8):(8,1)), layout!((1,8)));
/// let data = [half::f16::ZERO; 32 * 64];
/// let s = copy.get_slice(17).partition_s(make_tensor(&data[..], layout!((32,64):(64,1))));
/// assert_eq!(s.layout().to_string(), "((_8,_1),_2,_1):((_1,_0),_1024,_0)");
/// ```
#[derive(Clone, Copy)]
pub struct ThrCopy<T: TiledCopier> {
    copy: T,
    thr: usize,
}
impl<T: TiledCopier> fmt::Debug for ThrCopy<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ThrCopy({:?}, {})", self.copy, self.thr)
    }
}
impl<T: TiledCopier> ThrCopy<T> {
    /// The tiled copy.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((8,4)), layout!((1,1)));
    /// assert_eq!(copy.get_slice(3).tiled_copy().num_threads(), 32);
    /// ```
    #[inline(always)]
    pub fn tiled_copy(&self) -> T {
        self.copy
    }
    /// The thread index.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((8,4)), layout!((1,1)));
    /// assert_eq!(copy.get_slice(3).thr_idx(), 3);
    /// ```
    #[inline(always)]
    pub fn thr_idx(&self) -> usize {
        self.thr
    }
    /// CuTe's `partition_S(stensor)`: this thread's `(CPY, CPY_M, CPY_N, ...)` of a
    /// source.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((4,2)), layout!((1,1)));
    /// let data: Vec<f32> = (0..32).map(|x| x as f32).collect();
    /// let s = copy.get_slice(5).partition_s(make_tensor(&data[..], layout!((8,4))));
    /// assert_eq!(s.iter().collect::<Vec<_>>(), [9.0, 13.0, 25.0, 29.0]);
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn partition_s<E: Rebase, L: Layout>(
        &self,
        t: Tensor<E, L>,
    ) -> Tensor<E, T::PartitionS<L>> {
        self.copy.partition_s_at(self.thr, t)
    }
    /// CuTe's `partition_D(dtensor)`: this thread's `(CPY, CPY_M, CPY_N, ...)` of a
    /// destination.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((4,2)), layout!((1,1)));
    /// let data = [0f32; 32];
    /// let d = copy.get_slice(5).partition_d(make_tensor(&data[..], layout!((8,4))));
    /// assert_eq!(d.layout().to_string(), "((_1,_1),_2,_2):((_0,_0),_4,_16)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn partition_d<E: Rebase, L: Layout>(
        &self,
        t: Tensor<E, L>,
    ) -> Tensor<E, T::PartitionD<L>> {
        self.copy.partition_d_at(self.thr, t)
    }
    /// CuTe's `retile_S(tensor)`: a thread's fragment (e.g. an MMA's register
    /// fragment) regrouped as the copy's `(CPY, CPY_M, CPY_N, ...)`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
    /// let frag = mma.get_slice(0).partition_fragment_a(layout!((128,64):(64,1)));
    /// let r = s2r.get_slice(0).retile_s(frag.view());
    /// assert_eq!(r.layout().to_string(), "((_8,_1),_4,_4):((_1,_0),_32,_8)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn retile_s<E, L: Layout>(&self, t: Tensor<E, L>) -> Tensor<E, T::Retile<L>> {
        let l = self.copy.retile(t.layout());
        t.with_layout(l)
    }
    /// CuTe's `retile_D(tensor)`: as [`retile_s`](Self::retile_s), for a destination.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// let s2r = make_tiled_copy_b(Copy_Atom::<SM75_U32x2_LDSM_N, half::f16>::new(), &mma);
    /// let mut frag = mma.get_slice(0).partition_fragment_b(layout!((128,64):(64,1)));
    /// let r = s2r.get_slice(0).retile_d(frag.view_mut());
    /// assert_eq!(r.layout().to_string(), "((_4,_1),_8,_4):((_1,_0),_16,_4)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn retile_d<E, L: Layout>(&self, t: Tensor<E, L>) -> Tensor<E, T::Retile<L>> {
        let l = self.copy.retile(t.layout());
        t.with_layout(l)
    }
}
