//! CuTe's `TiledMMA` (an MMA atom repeated over a thread layout and a permuted tile)
//! and `ThrMMA` (one thread's view of it: its partitions of A, B and C and their
//! register fragments), transliterated from `cute/atom/mma_atom.hpp`.
//!
//! [`TiledMma`] is the umbrella bound: every layout a tiling computes is one of its
//! associated types, generic over the layout of the tensor it partitions, so a kernel
//! generic over `M: TiledMma` needs no other bound.

use super::MmaTraits;
use crate::algebra::Tiler;
use crate::int::{Bit, BranchT, C, Conjure, ErrLeaf, Leaf, SInt};
use crate::layout::finish;
use crate::layout::{Layout, LayoutModes, MakeLayout, Shaped, StridedLayout};
use crate::layout::{LayoutOf, layout_of};
use crate::tensor::{FlatCoord, OwnedTensor, Rebase, Tensor, flat_coord};
use crate::tuple::{self as tup, At, IntTuple, Repeat, Underscore, X};
use core::fmt;
use typenum::{U0, U1, U2, U3};

/// One mode of a TiledMMA's permutation (CuTe's `PermutationMNK`): a layout, a static
/// integer `N` (the layout `N:_1`), or `_`, which stands for the atom's extent times the
/// number of atoms along that mode.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma_permuted(
///     SM80_16x8x16_F32F16F16F32_TN,
///     layout!((2,2,1):(1,2,0)),
///     (_32::new(), X, X),
/// );
/// // M is permuted to 32, N and K keep 2 x 8 and 1 x 16.
/// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_32,_16,_16)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a mode of a TiledMMA permutation",
    label = "expected a static layout, a static integer or `_`"
)]
pub trait PermMode: Tiler {
    /// The tiler of the mode, with `_` resolved to the static extent `N`.
    type Resolve<N: SInt>: Tiler;
    /// The size of the resolved tiler (CuTe's `tile_size_mnk<I>`).
    type TileSize<N: SInt>: Leaf;
    /// The value of `Resolve`.
    fn resolve<N: SInt>(self) -> Self::Resolve<N>;
}
impl PermMode for Underscore {
    type Resolve<N: SInt> = C<N>;
    type TileSize<N: SInt> = C<N>;
    #[inline(always)]
    fn resolve<N: SInt>(self) -> C<N> {
        C::new()
    }
}
impl<M: SInt> PermMode for C<M> {
    type Resolve<N: SInt> = Self;
    type TileSize<N: SInt> = Self;
    #[inline(always)]
    fn resolve<N: SInt>(self) -> Self {
        self
    }
}
impl<S: IntTuple, D: IntTuple> PermMode for StridedLayout<S, D> {
    type Resolve<N: SInt> = Self;
    type TileSize<N: SInt> = S::Size;
    #[inline(always)]
    fn resolve<N: SInt>(self) -> Self {
        self
    }
}

/// CuTe's `TiledMMA<MMA_Atom<Op>, AtomLayoutMNK, PermutationMNK>`: the atom `Op`
/// repeated over the rank-3 thread layout `AL` (atoms along M, N and K), each mode of
/// the tile permuted by `P = (PM, PN, PK)`. Made by [`make_tiled_mma`] and
/// [`make_tiled_mma_permuted`]; used through [`TiledMma`].
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16)));
/// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_1,_16,_16,_1):(_0,_1,_16,_0)");
/// assert_eq!(core::mem::size_of_val(&mma), 0);
/// ```
#[derive(Clone, Copy, Default)]
pub struct TiledMMA<Op, AL, P> {
    op: Op,
    atom_layout: AL,
    permutation: P,
}
impl<Op: fmt::Debug, AL: fmt::Display, P: crate::tuple::CuteDisplay> fmt::Debug
    for TiledMMA<Op, AL, P>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "TiledMMA({:?}, {}, {})",
            self.op,
            self.atom_layout,
            crate::tuple::Cute(&self.permutation)
        )
    }
}

/// The rank-3 thread layout of `make_tiled_mma`: CuTe's `append<3>(thr_layout,
/// Layout<_1,_0>{})`.
pub type AtomLayout3<AL> = StridedLayout<
    tup::AppendN<<<AL as Layout>::Pair as IntTuple>::E0, U3, C<typenum::P1>>,
    tup::AppendN<<<AL as Layout>::Pair as IntTuple>::E1, U3, C<typenum::Z0>>,
>;

/// CuTe's `make_tiled_mma(atom, thr_layout)`: the atom repeated over `thr_layout`
/// (padded to rank 3 with `_1:_0`), the tile unpermuted.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2):(1,2)));
/// assert_eq!(size(mma.get_thr_layout_vmnk()).to_string(), "_128");
/// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_32,_16,_16)");
/// ```
#[inline(always)]
pub fn make_tiled_mma<Op: MmaTraits, AL: Layout>(
    op: Op,
    thr_layout: AL,
) -> TiledMMA<Op, AtomLayout3<AL>, (Underscore, Underscore, Underscore)> {
    make_tiled_mma_permuted(op, thr_layout, (X, X, X))
}

/// CuTe's `make_tiled_mma(atom, thr_layout, permutations)`: as [`make_tiled_mma`], each
/// mode of the tile permuted by a layout, or extended to a static size (`_` keeps it).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma_permuted(
///     SM80_16x8x16_F32F16F16F32_TN,
///     layout!((2,2,1):(1,2,0)),
///     (_32::new(), layout!((8,2,2):(1,16,8)), _16::new()),
/// );
/// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_32,_32,_16)");
/// ```
#[inline(always)]
pub fn make_tiled_mma_permuted<
    Op: MmaTraits,
    AL: Layout,
    PM: PermMode,
    PN: PermMode,
    PK: PermMode,
>(
    op: Op,
    thr_layout: AL,
    permutation: (PM, PN, PK),
) -> TiledMMA<Op, AtomLayout3<AL>, (PM, PN, PK)> {
    const {
        assert!(
            <AL::IsStatic as crate::int::Bit>::BOOL,
            "make_tiled_mma: the atom layout must be static (CuTe: TiledMMA's thread layout and permutations are static)"
        )
    };
    let p = thr_layout.pair_of();
    let (s, d) = (p.e0(), p.e1());
    TiledMMA {
        op,
        atom_layout: finish(|| {
            StridedLayout::from_parts(
                tup::append_n::<_, U3, _>(s, C::new()),
                tup::append_n::<_, U3, _>(d, C::new()),
            )
        }),
        permutation,
    }
}

/// The extent of mode `I` of the atom.
type AtomSize<Op, I> = <At<<Op as MmaTraits>::ShapeMNK, I> as IntTuple>::Size;
type AtomM<Op> = <<<Op as MmaTraits>::ShapeMNK as IntTuple>::E0 as IntTuple>::Size;
type AtomN<Op> = <<<Op as MmaTraits>::ShapeMNK as IntTuple>::E1 as IntTuple>::Size;
type AtomK<Op> = <<<Op as MmaTraits>::ShapeMNK as IntTuple>::E2 as IntTuple>::Size;
/// The number of threads along mode `I` of a thread layout.
type ThrSize<V, I> = <<<V as LayoutModes>::Get<I> as Shaped>::Shape as IntTuple>::Size;
/// `size<I>(AtomShape_MNK) * size<I+1>(thr_layout_vmnk)`: what `_` stands for.
type PermDefault<Op, V, I, J> =
    <crate::int::types::Mul<AtomSize<Op, I>, ThrSize<V, J>> as Leaf>::Val;
type ThrLayout<Op, AL> =
    <<Op as MmaTraits>::ThrID as Layout>::TiledProduct<<AL as Layout>::AsTiler>;
type PD<Op, AL, I, J> = PermDefault<Op, ThrLayout<Op, AL>, I, J>;
type Perm<Op, AL, PX, I, J> = <PX as PermMode>::Resolve<PermDefault<Op, ThrLayout<Op, AL>, I, J>>;
type TileSize<Op, AL, PX, I, J> =
    <PX as PermMode>::TileSize<PermDefault<Op, ThrLayout<Op, AL>, I, J>>;
/// `make_layout(n)` for a leaf `n`.
type Mk<N> = MakeLayout<N>;

/// CuTe's `thrfrg_{A,B,C}`: the tensor divided by the permutation `P`, then by the
/// atom's tile `A`, its atom mode composed with the atom's thread-value layout `TV`,
/// then its thread mode divided by the atom layout's threads `T`:
/// `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))` for C.
pub type ThrFrg<L, P, A, TV, T> =
    <<<<L as Layout>::LogicalDivide<P> as Layout>::ZippedDivide<A> as Layout>::Compose<(
        TV,
        Underscore,
    )> as Layout>::ZippedDivide<(Underscore, T)>;
#[inline(always)]
#[track_caller]
fn thrfrg<L: Layout, P: Tiler, A: Tiler, TV: Tiler, T: Tiler>(
    l: L,
    p: P,
    a: A,
    tv: TV,
    t: T,
) -> ThrFrg<L, P, A, TV, T> {
    l.logical_divide(p)
        .zipped_divide(a)
        .compose((tv, X))
        .zipped_divide((X, t))
}

/// A thread's slice of a `thrfrg` layout: CuTe's `thr_tensor(thr_coord, (_,
/// repeat<rank<1,1>(thr_tensor)>(_)))`. A trait of its own so that the `thrfrg` layout
/// is normalized once before it is sliced (results/compile-time-log.md).
#[doc(hidden)]
pub trait ThrSlice: Layout {
    /// The slice at the thread coordinate `Crd`.
    type At<Crd: IntTuple>: Layout;
    /// The coordinate that slices out `At`.
    fn thr_slice<Crd: IntTuple>(self, c: Crd) -> ThrSliceCoord<Self, Crd>;
    /// The value of `At`.
    fn thr_at<Crd: IntTuple>(self, c: Crd) -> Self::At<Crd>;
}
/// The coordinate [`ThrSlice`] slices with.
pub type ThrSliceCoord<F, Crd> = (Crd, (Underscore, Repeat<Rank11<F>, Underscore>));
type Rank11<F> =
    <<<<F as LayoutModes>::Get<U1> as LayoutModes>::Get<U1> as Shaped>::Shape as IntTuple>::Rank;
impl<F: Layout> ThrSlice for F {
    type At<Crd: IntTuple> = <F as LayoutModes>::Slice<ThrSliceCoord<F, Crd>>;
    #[inline(always)]
    fn thr_slice<Crd: IntTuple>(self, c: Crd) -> ThrSliceCoord<F, Crd> {
        (c, (X, tup::repeat::<Rank11<F>, _>(X)))
    }
    #[inline(always)]
    fn thr_at<Crd: IntTuple>(self, c: Crd) -> Self::At<Crd> {
        self.slice_and_offset(self.thr_slice(c)).0
    }
}

/// The thread coordinate of `thrfrg_C`: `(v, (m, n))` of a flat `(v, m, n, k)`.
type CrdC<T> = (E0<T>, (E1<T>, E2<T>));
/// The thread coordinate of `thrfrg_A`: `(v, (m, k))`.
type CrdA<T> = (E0<T>, (E1<T>, E3<T>));
/// The thread coordinate of `thrfrg_B`: `(v, (n, k))`.
type CrdB<T> = (E0<T>, (E2<T>, E3<T>));
type E0<T> = <T as IntTuple>::E0;
type E1<T> = <T as IntTuple>::E1;
type E2<T> = <T as IntTuple>::E2;
type E3<T> = <T as IntTuple>::E3;

/// A tiled MMA (CuTe's `TiledMMA`): the one bound a generic kernel names for it. Every
/// layout it computes is an associated type, generic over the layout `L` of the tensor
/// it partitions; the methods are CuTe's (`get_slice`, `get_layoutC_TV`,
/// `tile_size_mnk`, ...), and a thread's partitions come from [`ThrMMA`].
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// // One bound each: thread 0's share of any C tile under any TiledMMA.
/// fn acc_count<M: TiledMma, L: Layout>(mma: M, c: L) -> usize {
///     let data = vec![0f32; cosize(c).value() as usize];
///     mma.get_slice(0).partition_c(make_tensor(&data[..], c)).size().value() as usize
/// }
/// let sm80 = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
/// assert_eq!(acc_count(sm80, make_layout(shape!((128, 128)))), 128);
/// let simt = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16)));
/// let m = 64;
/// assert_eq!(acc_count(simt, make_layout(shape!((m, 64)))), 16);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiled MMA",
    label = "expected a TiledMMA (`make_tiled_mma(...)`)"
)]
pub trait TiledMma: Copy + fmt::Debug + 'static {
    /// The MMA atom.
    type Atom: MmaTraits;
    /// CuTe's `ThrLayoutVMNK`: `tiled_product(AtomThrID, AtomLayoutMNK)`.
    type ThrLayoutVMNK: Layout;
    /// CuTe's `permutation_mnk<0>()` (`_` resolved).
    type PermM: Tiler;
    /// CuTe's `permutation_mnk<1>()`.
    type PermN: Tiler;
    /// CuTe's `permutation_mnk<2>()`.
    type PermK: Tiler;
    /// CuTe's `tile_size_mnk()`: the extents of the tile the tiling covers.
    type TileSizeMNK: IntTuple;
    /// A thread's flat coordinate `(v, m, n, k)` in `ThrLayoutVMNK`.
    type ThrCoord: IntTuple;
    /// CuTe's `thrfrg_C(layout)`: `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))`.
    type ThrfrgC<L: Layout>: Layout;
    /// CuTe's `thrfrg_A(layout)`: `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK)))`.
    type ThrfrgA<L: Layout>: Layout;
    /// CuTe's `thrfrg_B(layout)`: `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK)))`.
    type ThrfrgB<L: Layout>: Layout;
    /// CuTe's `thridx_2_thrid`: thread index to the thread coordinate of the thread
    /// layout and its complement.
    #[doc(hidden)]
    type ThrIdx2ThrId: Layout;
    /// CuTe's `get_layoutC_TV()`: `(thread index, value) -> (m, n)` of the tile.
    type LayoutCTv: Layout;
    /// CuTe's `get_layoutA_TV()`: `(thread index, value) -> (m, k)`.
    type LayoutATv: Layout;
    /// CuTe's `get_layoutB_TV()`: `(thread index, value) -> (n, k)`.
    type LayoutBTv: Layout;
    /// CuTe's `partition_C`: `(FrgV, RestM, RestN)` of one thread.
    type PartitionC<L: Layout>: Layout;
    /// CuTe's `partition_A`: `(FrgV, RestM, RestK)`.
    type PartitionA<L: Layout>: Layout;
    /// CuTe's `partition_B`: `(FrgV, RestN, RestK)`.
    type PartitionB<L: Layout>: Layout;
    /// CuTe's `partition_fragment_C`: the compact column-major layout of the partition.
    type FragmentC<L: Layout>: Layout;
    /// CuTe's `partition_fragment_A`: `make_fragment_like` of the partition.
    type FragmentA<L: Layout>: Layout;
    /// CuTe's `partition_fragment_B`: `make_fragment_like` of the partition.
    type FragmentB<L: Layout>: Layout;

    /// The atom.
    fn atom(&self) -> Self::Atom;
    /// CuTe's `get_thr_layout_vmnk()`.
    fn get_thr_layout_vmnk(&self) -> Self::ThrLayoutVMNK;
    /// CuTe's `tile_size_mnk()`.
    fn tile_size_mnk(&self) -> Self::TileSizeMNK;
    /// The flat coordinate of thread `idx` (CuTe's `get_flat_coord`).
    fn thr_coord(&self, idx: usize) -> Self::ThrCoord;
    /// The value of `ThrfrgC`.
    fn thrfrg_c<L: Layout>(&self, l: L) -> Self::ThrfrgC<L>;
    /// The value of `ThrfrgA`.
    fn thrfrg_a<L: Layout>(&self, l: L) -> Self::ThrfrgA<L>;
    /// The value of `ThrfrgB`.
    fn thrfrg_b<L: Layout>(&self, l: L) -> Self::ThrfrgB<L>;
    /// The value of `ThrIdx2ThrId`.
    #[doc(hidden)]
    fn thridx_2_thrid(&self) -> Self::ThrIdx2ThrId;
    /// CuTe's `get_layoutC_TV()`.
    fn get_layout_c_tv(&self) -> Self::LayoutCTv;
    /// CuTe's `get_layoutA_TV()`.
    fn get_layout_a_tv(&self) -> Self::LayoutATv;
    /// CuTe's `get_layoutB_TV()`.
    fn get_layout_b_tv(&self) -> Self::LayoutBTv;
    /// The partition of C by the thread at `thr` (use [`ThrMMA::partition_c`]).
    fn partition_c_at<E: Rebase, L: Layout>(
        &self,
        thr: Self::ThrCoord,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionC<L>>;
    /// The partition of A by the thread at `thr` (use [`ThrMMA::partition_a`]).
    fn partition_a_at<E: Rebase, L: Layout>(
        &self,
        thr: Self::ThrCoord,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionA<L>>;
    /// The partition of B by the thread at `thr` (use [`ThrMMA::partition_b`]).
    fn partition_b_at<E: Rebase, L: Layout>(
        &self,
        thr: Self::ThrCoord,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionB<L>>;
    /// The fragment layouts (use [`ThrMMA::partition_fragment_c`]).
    fn fragment_c<L: Layout>(&self, thr: Self::ThrCoord, l: L) -> Self::FragmentC<L>;
    /// The fragment layouts (use [`ThrMMA::partition_fragment_a`]).
    fn fragment_a<L: Layout>(&self, thr: Self::ThrCoord, l: L) -> Self::FragmentA<L>;
    /// The fragment layouts (use [`ThrMMA::partition_fragment_b`]).
    fn fragment_b<L: Layout>(&self, thr: Self::ThrCoord, l: L) -> Self::FragmentB<L>;

    /// CuTe's `get_slice(thr_idx)`: thread `idx`'s view of the tiling.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(Cute(mma.get_slice(69).thr_vmnk()).to_string(), "(5,0,1,0)");
    /// ```
    #[inline(always)]
    fn get_slice(&self, idx: usize) -> ThrMMA<Self> {
        ThrMMA {
            mma: *self,
            thr: self.thr_coord(idx),
        }
    }
    /// CuTe's `size(tiled_mma)`: the number of threads.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x8_F32F16F16F32_TN, layout!((2,4,1)));
    /// assert_eq!(mma.num_threads(), 256);
    /// ```
    #[inline(always)]
    fn num_threads(&self) -> usize {
        crate::layout::size(self.get_thr_layout_vmnk()).value() as usize
    }
}

/// `make_layout(vmnk, complement(vmnk))`.
type WithComplement<V> = StridedLayout<
    (
        <<V as Layout>::Pair as IntTuple>::E0,
        <<<V as Layout>::ComplementSelf as Layout>::Pair as IntTuple>::E0,
    ),
    (
        <<V as Layout>::Pair as IntTuple>::E1,
        <<<V as Layout>::ComplementSelf as Layout>::Pair as IntTuple>::E1,
    ),
>;
/// The value of [`WithComplement`].
#[inline(always)]
fn with_complement<V: Layout>(v: V) -> WithComplement<V> {
    let (p, c) = (v.pair_of(), v.complement_self().pair_of());
    StridedLayout::from_parts((p.e0(), c.e0()), (p.e1(), c.e1()))
}
/// CuTe's `atile`/`btile` of `get_layoutA_TV`/`get_layoutB_TV`: the thread mode of the
/// atom layout restricted to the threads along M (A) or N (B).
type AbTile<V, DM, DN> = (
    Underscore,
    (
        StridedLayout<(ThrSize<V, U1>, ThrSize<V, U2>), (DM, DN)>,
        Underscore,
    ),
);

crate::err_msgs!(
    EDynamicThrId => "TiledMMA: the atom's thread layout must be static",
);
/// The staging bit of a TiledMMA's thread-value layouts: `B1` for every atom, but a
/// projection on the atom in the generic impl, so their algebra is never expanded over
/// unknown leaves there, only once the atom is known (results/compile-time-log.md).
type Stage<Op> = <<<Op as MmaTraits>::ThrID as Layout>::IsStatic as Bit>::And<typenum::B1>;
type ErrPair = (ErrLeaf<EDynamicThrId>, ErrLeaf<EDynamicThrId>);

/// CuTe's `thridx_2_thrid`, staged: `composition(make_layout((size(vmnk), _1), (_1, _0)),
/// right_inverse(make_layout(vmnk, complement(vmnk))))` for `W` the layout with its
/// complement and `N` its size. The algebra is applied to `W` as a type parameter, so
/// checking this impl never expands it (results/compile-time-log.md).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct ThrIdxB<W, N>(W, N);
impl<W: Layout, N: Leaf> BranchT for ThrIdxB<W, N> {
    type Then = <<StridedLayout<(N, One), (One, Zero)> as Layout>::Compose<
        <<W as Layout>::RightInverse as Layout>::AsTiler,
    > as Layout>::Pair;
    type Else = ErrPair;
    #[inline(always)]
    fn then(self) -> Self::Then {
        StridedLayout::from_parts((self.1, One::new()), (One::new(), Zero::new()))
            .compose(self.0.right_inverse().as_tiler())
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> ErrPair {
        Default::default()
    }
}
type VSize<V> = <<V as Shaped>::Shape as IntTuple>::Size;
/// CuTe's `get_layoutC_TV`, staged: `thrfrg_C(ref_C).compose(thridx_2_thrid, _)`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct LayoutCTvB<T>(T);
impl<T: TiledMma> BranchT for LayoutCTvB<T> {
    type Then = <<T::ThrfrgC<RefC<T>> as Layout>::Compose<(
        <T::ThrIdx2ThrId as Layout>::AsTiler,
        Underscore,
    )> as Layout>::Pair;
    type Else = ErrPair;
    #[inline(always)]
    fn then(self) -> Self::Then {
        let (t, z) = (self.0, self.0.tile_size_mnk());
        t.thrfrg_c(crate::layout::make_layout((z.e0(), z.e1())))
            .compose((t.thridx_2_thrid().as_tiler(), X))
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> ErrPair {
        Default::default()
    }
}
/// CuTe's `get_layoutA_TV`, staged: `thrfrg_A(ref_A).compose(atile, _)
/// .compose(thridx_2_thrid, _)`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct LayoutATvB<T>(T);
impl<T: TiledMma> BranchT for LayoutATvB<T> {
    type Then = <<<T::ThrfrgA<RefA<T>> as Layout>::Compose<(
        AbTile<T::ThrLayoutVMNK, One, Zero>,
        Underscore,
    )> as Layout>::Compose<(<T::ThrIdx2ThrId as Layout>::AsTiler, Underscore)> as Layout>::Pair;
    type Else = ErrPair;
    #[inline(always)]
    fn then(self) -> Self::Then {
        let (t, z) = (self.0, self.0.tile_size_mnk());
        let v = t.get_thr_layout_vmnk();
        let atile = (
            X,
            (
                StridedLayout::from_parts(thr_mn(v), (One::new(), Zero::new())),
                X,
            ),
        );
        t.thrfrg_a(crate::layout::make_layout((z.e0(), z.e2())))
            .compose((atile, X))
            .compose((t.thridx_2_thrid().as_tiler(), X))
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> ErrPair {
        Default::default()
    }
}
/// CuTe's `get_layoutB_TV`, staged.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct LayoutBTvB<T>(T);
impl<T: TiledMma> BranchT for LayoutBTvB<T> {
    type Then = <<<T::ThrfrgB<RefB<T>> as Layout>::Compose<(
        AbTile<T::ThrLayoutVMNK, Zero, One>,
        Underscore,
    )> as Layout>::Compose<(<T::ThrIdx2ThrId as Layout>::AsTiler, Underscore)> as Layout>::Pair;
    type Else = ErrPair;
    #[inline(always)]
    fn then(self) -> Self::Then {
        let (t, z) = (self.0, self.0.tile_size_mnk());
        let v = t.get_thr_layout_vmnk();
        let btile = (
            X,
            (
                StridedLayout::from_parts(thr_mn(v), (Zero::new(), One::new())),
                X,
            ),
        );
        t.thrfrg_b(crate::layout::make_layout((z.e1(), z.e2())))
            .compose((btile, X))
            .compose((t.thridx_2_thrid().as_tiler(), X))
            .pair_of()
    }
    #[inline(always)]
    fn els(self) -> ErrPair {
        Default::default()
    }
}

type RefC<T> = MakeLayout<(
    <<T as TiledMma>::TileSizeMNK as IntTuple>::E0,
    <<T as TiledMma>::TileSizeMNK as IntTuple>::E1,
)>;
type RefA<T> = MakeLayout<(
    <<T as TiledMma>::TileSizeMNK as IntTuple>::E0,
    <<T as TiledMma>::TileSizeMNK as IntTuple>::E2,
)>;
type RefB<T> = MakeLayout<(
    <<T as TiledMma>::TileSizeMNK as IntTuple>::E1,
    <<T as TiledMma>::TileSizeMNK as IntTuple>::E2,
)>;
type One = C<typenum::P1>;
type Zero = C<typenum::Z0>;

impl<Op, AL, PM, PN, PK> TiledMma for TiledMMA<Op, AL, (PM, PN, PK)>
where
    Op: MmaTraits,
    AL: Layout,
    PM: PermMode,
    PN: PermMode,
    PK: PermMode,
{
    type Atom = Op;
    type ThrLayoutVMNK = ThrLayout<Op, AL>;
    type PermM = Perm<Op, AL, PM, U0, U1>;
    type PermN = Perm<Op, AL, PN, U1, U2>;
    type PermK = Perm<Op, AL, PK, U2, U3>;
    type TileSizeMNK = (
        TileSize<Op, AL, PM, U0, U1>,
        TileSize<Op, AL, PN, U1, U2>,
        TileSize<Op, AL, PK, U2, U3>,
    );
    type ThrCoord = FlatCoord<Self::ThrLayoutVMNK>;
    type ThrfrgC<L: Layout> = ThrFrg<
        L,
        (Self::PermM, Self::PermN),
        (Mk<AtomM<Op>>, Mk<AtomN<Op>>),
        <Op::CLayout as Layout>::AsTiler,
        (
            Mk<ThrSize<Self::ThrLayoutVMNK, U1>>,
            Mk<ThrSize<Self::ThrLayoutVMNK, U2>>,
        ),
    >;
    type ThrfrgA<L: Layout> = ThrFrg<
        L,
        (Self::PermM, Self::PermK),
        (Mk<AtomM<Op>>, Mk<AtomK<Op>>),
        <Op::ALayout as Layout>::AsTiler,
        (
            Mk<ThrSize<Self::ThrLayoutVMNK, U1>>,
            Mk<ThrSize<Self::ThrLayoutVMNK, U3>>,
        ),
    >;
    type ThrfrgB<L: Layout> = ThrFrg<
        L,
        (Self::PermN, Self::PermK),
        (Mk<AtomN<Op>>, Mk<AtomK<Op>>),
        <Op::BLayout as Layout>::AsTiler,
        (
            Mk<ThrSize<Self::ThrLayoutVMNK, U2>>,
            Mk<ThrSize<Self::ThrLayoutVMNK, U3>>,
        ),
    >;
    // Staged (see `Stage`): the algebra runs once the atom is known.
    type ThrIdx2ThrId = LayoutOf<
        <Stage<Op> as Bit>::SelT<
            ThrIdxB<WithComplement<Self::ThrLayoutVMNK>, VSize<Self::ThrLayoutVMNK>>,
        >,
    >;
    type LayoutCTv = LayoutOf<<Stage<Op> as Bit>::SelT<LayoutCTvB<Self>>>;
    type LayoutATv = LayoutOf<<Stage<Op> as Bit>::SelT<LayoutATvB<Self>>>;
    type LayoutBTv = LayoutOf<<Stage<Op> as Bit>::SelT<LayoutBTvB<Self>>>;
    type PartitionC<L: Layout> = <Self::ThrfrgC<L> as ThrSlice>::At<CrdC<Self::ThrCoord>>;
    type PartitionA<L: Layout> = <Self::ThrfrgA<L> as ThrSlice>::At<CrdA<Self::ThrCoord>>;
    type PartitionB<L: Layout> = <Self::ThrfrgB<L> as ThrSlice>::At<CrdB<Self::ThrCoord>>;
    // CuTe: make_tensor<FrgTypeC>(shape(partition_C(ctensor)))
    type FragmentC<L: Layout> = MakeLayout<<Self::PartitionC<L> as Shaped>::Shape>;
    // CuTe: make_fragment_like<FrgTypeA>(partition_A(atensor))
    type FragmentA<L: Layout> = <Self::PartitionA<L> as Layout>::FragmentLike;
    type FragmentB<L: Layout> = <Self::PartitionB<L> as Layout>::FragmentLike;

    #[inline(always)]
    fn atom(&self) -> Op {
        self.op
    }
    #[inline(always)]
    fn get_thr_layout_vmnk(&self) -> Self::ThrLayoutVMNK {
        finish(|| Op::ThrID::conjure().tiled_product(self.atom_layout.as_tiler()))
    }
    #[inline(always)]
    fn tile_size_mnk(&self) -> Self::TileSizeMNK {
        Conjure::conjure()
    }
    #[inline(always)]
    fn thr_coord(&self, idx: usize) -> Self::ThrCoord {
        flat_coord(self.get_thr_layout_vmnk(), idx)
    }
    #[inline(always)]
    #[track_caller]
    fn thrfrg_c<L: Layout>(&self, l: L) -> Self::ThrfrgC<L> {
        let (v, atom) = (self.get_thr_layout_vmnk(), Op::ShapeMNK::conjure());
        let (pm, pn, _) = self.permutation;
        finish(|| {
            thrfrg(
                l,
                (
                    pm.resolve::<PD<Op, AL, U0, U1>>(),
                    pn.resolve::<PD<Op, AL, U1, U2>>(),
                ),
                (mk(atom.e0().size()), mk(atom.e1().size())),
                Op::CLayout::conjure().as_tiler(),
                (
                    mk(crate::layout::size(v.get_mode::<U1>())),
                    mk(crate::layout::size(v.get_mode::<U2>())),
                ),
            )
        })
    }
    #[inline(always)]
    #[track_caller]
    fn thrfrg_a<L: Layout>(&self, l: L) -> Self::ThrfrgA<L> {
        let (v, atom) = (self.get_thr_layout_vmnk(), Op::ShapeMNK::conjure());
        let (pm, _, pk) = self.permutation;
        finish(|| {
            thrfrg(
                l,
                (
                    pm.resolve::<PD<Op, AL, U0, U1>>(),
                    pk.resolve::<PD<Op, AL, U2, U3>>(),
                ),
                (mk(atom.e0().size()), mk(atom.e2().size())),
                Op::ALayout::conjure().as_tiler(),
                (
                    mk(crate::layout::size(v.get_mode::<U1>())),
                    mk(crate::layout::size(v.get_mode::<U3>())),
                ),
            )
        })
    }
    #[inline(always)]
    #[track_caller]
    fn thrfrg_b<L: Layout>(&self, l: L) -> Self::ThrfrgB<L> {
        let (v, atom) = (self.get_thr_layout_vmnk(), Op::ShapeMNK::conjure());
        let (_, pn, pk) = self.permutation;
        finish(|| {
            thrfrg(
                l,
                (
                    pn.resolve::<PD<Op, AL, U1, U2>>(),
                    pk.resolve::<PD<Op, AL, U2, U3>>(),
                ),
                (mk(atom.e1().size()), mk(atom.e2().size())),
                Op::BLayout::conjure().as_tiler(),
                (
                    mk(crate::layout::size(v.get_mode::<U2>())),
                    mk(crate::layout::size(v.get_mode::<U3>())),
                ),
            )
        })
    }
    #[inline(always)]
    fn thridx_2_thrid(&self) -> Self::ThrIdx2ThrId {
        let v = self.get_thr_layout_vmnk();
        finish(|| {
            layout_of(<Stage<Op> as Bit>::sel_t(ThrIdxB(
                with_complement(v),
                v.shape().size(),
            )))
        })
    }
    #[inline(always)]
    fn get_layout_c_tv(&self) -> Self::LayoutCTv {
        finish(|| layout_of(<Stage<Op> as Bit>::sel_t(LayoutCTvB(*self))))
    }
    #[inline(always)]
    fn get_layout_a_tv(&self) -> Self::LayoutATv {
        finish(|| layout_of(<Stage<Op> as Bit>::sel_t(LayoutATvB(*self))))
    }
    #[inline(always)]
    fn get_layout_b_tv(&self) -> Self::LayoutBTv {
        finish(|| layout_of(<Stage<Op> as Bit>::sel_t(LayoutBTvB(*self))))
    }
    #[inline(always)]
    #[track_caller]
    fn partition_c_at<E: Rebase, L: Layout>(
        &self,
        thr: Self::ThrCoord,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionC<L>> {
        let f = self.thrfrg_c(t.layout());
        let c = f.thr_slice((thr.e0(), (thr.e1(), thr.e2())));
        t.with_layout(f).slice_int(c)
    }
    #[inline(always)]
    #[track_caller]
    fn partition_a_at<E: Rebase, L: Layout>(
        &self,
        thr: Self::ThrCoord,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionA<L>> {
        let f = self.thrfrg_a(t.layout());
        let c = f.thr_slice((thr.e0(), (thr.e1(), thr.e3())));
        t.with_layout(f).slice_int(c)
    }
    #[inline(always)]
    #[track_caller]
    fn partition_b_at<E: Rebase, L: Layout>(
        &self,
        thr: Self::ThrCoord,
        t: Tensor<E, L>,
    ) -> Tensor<E, Self::PartitionB<L>> {
        let f = self.thrfrg_b(t.layout());
        let c = f.thr_slice((thr.e0(), (thr.e2(), thr.e3())));
        t.with_layout(f).slice_int(c)
    }
    #[inline(always)]
    fn fragment_c<L: Layout>(&self, thr: Self::ThrCoord, l: L) -> Self::FragmentC<L> {
        finish(|| {
            let p = self.thrfrg_c(l).thr_at((thr.e0(), (thr.e1(), thr.e2())));
            crate::layout::make_layout(p.shape())
        })
    }
    #[inline(always)]
    fn fragment_a<L: Layout>(&self, thr: Self::ThrCoord, l: L) -> Self::FragmentA<L> {
        finish(|| {
            self.thrfrg_a(l)
                .thr_at((thr.e0(), (thr.e1(), thr.e3())))
                .fragment_like()
        })
    }
    #[inline(always)]
    fn fragment_b<L: Layout>(&self, thr: Self::ThrCoord, l: L) -> Self::FragmentB<L> {
        finish(|| {
            self.thrfrg_b(l)
                .thr_at((thr.e0(), (thr.e2(), thr.e3())))
                .fragment_like()
        })
    }
}

/// `(size<1>(vmnk), size<2>(vmnk))`.
#[inline(always)]
fn thr_mn<V: Layout>(v: V) -> (ThrSize<V, U1>, ThrSize<V, U2>) {
    (
        crate::layout::size(v.get_mode::<U1>()),
        crate::layout::size(v.get_mode::<U2>()),
    )
}
#[inline(always)]
fn mk<N: Leaf>(n: N) -> MakeLayout<N> {
    crate::layout::make_layout(n)
}

/// CuTe's `ThrMMA`: one thread's view of a [`TiledMma`] (from
/// [`TiledMma::get_slice`]): its partitions of A, B and C and their register
/// fragments.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
/// let data = [0f32; 32 * 32];
/// let c = make_tensor(&data[..], layout!((32,32):(1,32)));
/// let tc = mma.get_slice(15).partition_c(c);
/// assert_eq!(tc.layout().to_string(), "((_2,_2),_1,_2):((_32,_8),_0,_512)");
/// ```
#[derive(Clone, Copy)]
pub struct ThrMMA<M: TiledMma> {
    mma: M,
    thr: M::ThrCoord,
}
impl<M: TiledMma> fmt::Debug for ThrMMA<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ThrMMA({:?}, {})",
            self.mma,
            crate::tuple::Cute(self.thr)
        )
    }
}
impl<M: TiledMma> ThrMMA<M> {
    /// The tiling.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// assert_eq!(mma.get_slice(3).tiled_mma().num_threads(), 128);
    /// ```
    #[inline(always)]
    pub fn tiled_mma(&self) -> M {
        self.mma
    }
    /// The thread's flat coordinate `(v, m, n, k)` in the thread layout.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// assert_eq!(Cute(mma.get_slice(100).thr_vmnk()).to_string(), "(4,1,1,0)");
    /// ```
    #[inline(always)]
    pub fn thr_vmnk(&self) -> M::ThrCoord {
        self.thr
    }
    /// CuTe's `partition_C(ctensor)`: this thread's `(FrgV, RestM, RestN)` of C.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((4,4)));
    /// let data: Vec<f32> = (0..64).map(|i| i as f32).collect();
    /// let c = mma.get_slice(5).partition_c(make_tensor(&data[..], layout!((8,8))));
    /// assert_eq!(c.iter().collect::<Vec<_>>(), [9.0, 13.0, 41.0, 45.0]);
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn partition_c<E: Rebase, L: Layout>(
        &self,
        t: Tensor<E, L>,
    ) -> Tensor<E, M::PartitionC<L>> {
        self.mma.partition_c_at(self.thr, t)
    }
    /// CuTe's `partition_A(atensor)`: this thread's `(FrgV, RestM, RestK)` of A.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((4,4)));
    /// let data = [0f32; 8 * 2];
    /// let a = mma.get_slice(5).partition_a(make_tensor(&data[..], layout!((8,2))));
    /// assert_eq!(a.layout().to_string(), "(_1,_2,_2):(_0,_4,_8)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn partition_a<E: Rebase, L: Layout>(
        &self,
        t: Tensor<E, L>,
    ) -> Tensor<E, M::PartitionA<L>> {
        self.mma.partition_a_at(self.thr, t)
    }
    /// CuTe's `partition_B(btensor)`: this thread's `(FrgV, RestN, RestK)` of B.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((4,4)));
    /// let data = [0f32; 8 * 2];
    /// let b = mma.get_slice(5).partition_b(make_tensor(&data[..], layout!((8,2))));
    /// assert_eq!(b.layout().to_string(), "(_1,_2,_2):(_0,_4,_8)");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn partition_b<E: Rebase, L: Layout>(
        &self,
        t: Tensor<E, L>,
    ) -> Tensor<E, M::PartitionB<L>> {
        self.mma.partition_b_at(self.thr, t)
    }
    /// CuTe's `partition_fragment_C(ctensor)`: registers for this thread's partition of
    /// C (of a tensor or of its layout), compact and column-major, zeroed.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// let acc = mma.get_slice(0).partition_fragment_c(layout!((128,128)));
    /// assert_eq!(acc.layout().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
    /// assert_eq!(core::mem::size_of_val(&acc), 128 * 4);
    /// ```
    #[inline(always)]
    pub fn partition_fragment_c<T: HasLayout>(
        &self,
        t: T,
    ) -> OwnedTensor<<M::Atom as MmaTraits>::ValTypeC, M::FragmentC<T::Layout>> {
        OwnedTensor::new(self.mma.fragment_c(self.thr, t.layout_of()))
    }
    /// CuTe's `partition_fragment_A(atensor)`: registers for this thread's partition
    /// of A (`make_fragment_like`), zeroed.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// let a = mma.get_slice(0).partition_fragment_a(layout!((128,64):(64,1)));
    /// assert_eq!(a.layout().to_string(), "((_2,_2,_2),_4,_4):((_1,_2,_4),_32,_8)");
    /// ```
    #[inline(always)]
    pub fn partition_fragment_a<T: HasLayout>(
        &self,
        t: T,
    ) -> OwnedTensor<<M::Atom as MmaTraits>::ValTypeA, M::FragmentA<T::Layout>> {
        OwnedTensor::new(self.mma.fragment_a(self.thr, t.layout_of()))
    }
    /// CuTe's `partition_fragment_B(btensor)`: registers for this thread's partition
    /// of B, zeroed.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
    /// let b = mma.get_slice(0).partition_fragment_b(layout!((128,64):(64,1)));
    /// assert_eq!(b.layout().to_string(), "((_2,_2),_8,_4):((_1,_2),_16,_4)");
    /// ```
    #[inline(always)]
    pub fn partition_fragment_b<T: HasLayout>(
        &self,
        t: T,
    ) -> OwnedTensor<<M::Atom as MmaTraits>::ValTypeB, M::FragmentB<T::Layout>> {
        OwnedTensor::new(self.mma.fragment_b(self.thr, t.layout_of()))
    }
}

pub use crate::layout::HasLayout;
