//! CuTe's `TiledMMA` and `ThrMMA` (`cute/atom/mma_atom.hpp`) on the type level: an MMA
//! atom tiled over a layout of atoms and permuted, its thread-value layouts, and each
//! thread's partitions and register fragments. For a static configuration every layout
//! here is a zero-sized type and every fragment's size a constant. The runtime twin
//! (any configuration, checked at run time) is `cutlet::dynamic::atom::TiledMma`.
//!
//! The type computations live in [`TiledMmaSpec`] (the tiling's sizes, computed once)
//! and the `Thrfrg*` traits (CuTe's `thrfrg_A/B/C`), so the public methods carry short
//! bounds.

use super::MmaTraits;
use crate::algebra::{
    Complementable, Composable, Divisible, FragmentLayout, Logical, Multipliable, RightInvertible,
    Tiled, Zipped,
};
use crate::int::{C, IntMul, Integral};
use crate::layout::{
    CompactShape, GetOp, Layout, LayoutParts, ListOf, ModeOp, Shaped, SizeT, Sliceable, Underscore,
};
use crate::tensor::{
    Offset, OwnableLayout, OwnedTensorOf, RepeatUnder, SliceTensor, Tensor, TensorLayout, ThrLayout,
};
use crate::tuple::{HCons, HNil, ToList, ToNative};
use typenum::{P1, U0, U1, U2, U3, Z0};

/// CuTe's `TiledMMA<MMA_Atom<Op>, AtomLayoutMNK, PermutationMNK>`: the atom `Op` repeated
/// over the `(M, N, K)` layout of atoms `AL`, with each of M, N and K permuted by `P`
/// (`_` for none).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
/// assert_eq!(mma.get_layout_c_tv().to_string(), "((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))");
/// assert_eq!(core::mem::size_of_val(&mma.get_layout_c_tv()), 0);
/// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_32,_16,_16)");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct TiledMma<Op, AL, P = (Underscore, Underscore, Underscore)> {
    op: Op,
    atom_layout: AL,
    permutation: P,
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
    make_tiled_mma_permuted(op, atom_layout, (Underscore, Underscore, Underscore))
}

/// CuTe's `make_tiled_mma(atom, atom_layout, permutation_mnk)`: as [`make_tiled_mma`],
/// with a tile of three permutations (a layout, an integer tile size or `X` for none
/// per mode) applied to M, N and K before the atoms are laid over them.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)),
///                                   (_32::new(), _32::new(), _16::new()));
/// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_32,_32,_16)");
/// let a = mma.get_slice(1).partition_a(make_tensor(&[0f32; 1024][..], layout!((32,32):(32,1))));
/// assert_eq!(a.layout().to_string(), "((_2,_2,_2),_1,_2):((_1,_256,_8),_0,_16)");
/// ```
#[inline(always)]
pub fn make_tiled_mma_permuted<Op: MmaTraits, AL: Copy, P: Copy>(
    op: Op,
    atom_layout: AL,
    permutation: P,
) -> TiledMma<Op, AL, P> {
    TiledMma {
        op,
        atom_layout,
        permutation,
    }
}

/// A permutation mode of [`TiledMma`]: `X` (CuTe's `_`) stands for the atom's extent
/// times the atoms in that mode (`Dflt`), an integer for a tile of that size, a layout
/// for a permutation of the mode.
#[doc(hidden)]
pub trait PermMode<Dflt> {
    /// The tiler applied to the mode.
    type Tiler: Copy + Default;
    /// Its size: the mode's extent in the tiled MMA.
    type Size: Integral + Default;
}
impl<Dflt: Integral + Default> PermMode<Dflt> for Underscore {
    type Tiler = Dflt;
    type Size = Dflt;
}
impl<N, Dflt> PermMode<Dflt> for C<N>
where
    C<N>: Integral,
{
    type Tiler = C<N>;
    type Size = C<N>;
}
impl<S: Copy + Default, D: Copy + Default, Dflt> PermMode<Dflt> for Layout<S, D>
where
    Layout<S, D>: Shaped,
    SizeT<Layout<S, D>>: Integral + Default,
{
    type Tiler = Layout<S, D>;
    type Size = SizeT<Layout<S, D>>;
}

type Mode<T, I> = <T as ModeOp<GetOp<I>>>::Output;
type ModeSize<T, I> = SizeT<Mode<T, I>>;
/// CuTe's `thr_layout_vmnk_`: `tiled_product(ThrID, atom_layout)`.
type Vmnk<Op, AL> = <<Op as MmaTraits>::ThrID as Multipliable<AL, Tiled>>::Output;
type VmnkFull<V> = Layout<
    (
        <V as LayoutParts>::Shape,
        <<V as Complementable>::Output as LayoutParts>::Shape,
    ),
    (
        <V as LayoutParts>::Stride,
        <<V as Complementable>::Output as LayoutParts>::Stride,
    ),
>;
type Sel<V> = Layout<(SizeT<V>, C<P1>), (C<P1>, C<Z0>)>;
/// CuTe's `thridx_2_thrid`: `(size(vmnk), 1):(1, 0) o right_inverse((vmnk, complement(vmnk)))`.
type ThrIdx2ThrId<V> = <Sel<V> as Composable<<VmnkFull<V> as RightInvertible>::Output>>::Output;
type Prod<A, B> = <A as IntMul<B>>::Output;

/// The static description of a [`TiledMma`]: the thread layout `(V, M, N, K)`, the
/// threads and the atom's extent per mode, the permutation tilers and the tile size.
/// Implemented for every well-formed tiled MMA; a bound on it is how generic code asks
/// for one.
#[doc(hidden)]
pub trait TiledMmaSpec: Copy {
    /// The atom.
    type Op: MmaTraits;
    /// CuTe's `thr_layout_vmnk_`.
    type ThrLayoutVmnk: Copy + Default + ThrLayout;
    /// Threads of one atom.
    type ThrV: Integral + Default;
    /// Atoms along M.
    type ThrM: Integral + Default;
    /// Atoms along N.
    type ThrN: Integral + Default;
    /// Atoms along K.
    type ThrK: Integral + Default;
    /// The atom's M extent.
    type AtomM: Integral + Default;
    /// The atom's N extent.
    type AtomN: Integral + Default;
    /// The atom's K extent.
    type AtomK: Integral + Default;
    /// The tiler applied to M (`permutation_mnk<0>`).
    type PermM: Copy + Default;
    /// The tiler applied to N.
    type PermN: Copy + Default;
    /// The tiler applied to K.
    type PermK: Copy + Default;
    /// `tile_size_mnk<0>`.
    type TileM: Integral + Default;
    /// `tile_size_mnk<1>`.
    type TileN: Integral + Default;
    /// `tile_size_mnk<2>`.
    type TileK: Integral + Default;
    /// The number of threads.
    type NumThr: Integral + Default;
    /// CuTe's `thridx_2_thrid`.
    type ThrIdx2ThrId: Copy + Default;
}

impl<Op: MmaTraits, AL: Copy, PM: Copy, PN: Copy, PK: Copy> TiledMmaSpec
    for TiledMma<Op, AL, (PM, PN, PK)>
where
    Op::ThrID: Multipliable<AL, Tiled>,
    Op::ShapeMNK: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>> + ModeOp<GetOp<U2>>,
    Mode<Op::ShapeMNK, U0>: Shaped,
    Mode<Op::ShapeMNK, U1>: Shaped,
    Mode<Op::ShapeMNK, U2>: Shaped,
    ModeSize<Op::ShapeMNK, U0>: Integral + Default + IntMul<ModeSize<Vmnk<Op, AL>, U1>>,
    ModeSize<Op::ShapeMNK, U1>: Integral + Default + IntMul<ModeSize<Vmnk<Op, AL>, U2>>,
    ModeSize<Op::ShapeMNK, U2>: Integral + Default + IntMul<ModeSize<Vmnk<Op, AL>, U3>>,
    Vmnk<Op, AL>: Copy
        + Default
        + ThrLayout
        + Shaped
        + LayoutParts
        + Complementable
        + ModeOp<GetOp<U0>>
        + ModeOp<GetOp<U1>>
        + ModeOp<GetOp<U2>>
        + ModeOp<GetOp<U3>>,
    <Vmnk<Op, AL> as Complementable>::Output: LayoutParts,
    Mode<Vmnk<Op, AL>, U0>: Shaped,
    Mode<Vmnk<Op, AL>, U1>: Shaped,
    Mode<Vmnk<Op, AL>, U2>: Shaped,
    Mode<Vmnk<Op, AL>, U3>: Shaped,
    ModeSize<Vmnk<Op, AL>, U0>: Integral + Default,
    ModeSize<Vmnk<Op, AL>, U1>: Integral + Default,
    ModeSize<Vmnk<Op, AL>, U2>: Integral + Default,
    ModeSize<Vmnk<Op, AL>, U3>: Integral + Default,
    SizeT<Vmnk<Op, AL>>: Integral + Default,
    PM: PermMode<Prod<ModeSize<Op::ShapeMNK, U0>, ModeSize<Vmnk<Op, AL>, U1>>>,
    PN: PermMode<Prod<ModeSize<Op::ShapeMNK, U1>, ModeSize<Vmnk<Op, AL>, U2>>>,
    PK: PermMode<Prod<ModeSize<Op::ShapeMNK, U2>, ModeSize<Vmnk<Op, AL>, U3>>>,
    VmnkFull<Vmnk<Op, AL>>: RightInvertible,
    Sel<Vmnk<Op, AL>>: Composable<<VmnkFull<Vmnk<Op, AL>> as RightInvertible>::Output>,
    ThrIdx2ThrId<Vmnk<Op, AL>>: Copy + Default,
{
    type Op = Op;
    type ThrLayoutVmnk = Vmnk<Op, AL>;
    type ThrV = ModeSize<Vmnk<Op, AL>, U0>;
    type ThrM = ModeSize<Vmnk<Op, AL>, U1>;
    type ThrN = ModeSize<Vmnk<Op, AL>, U2>;
    type ThrK = ModeSize<Vmnk<Op, AL>, U3>;
    type AtomM = ModeSize<Op::ShapeMNK, U0>;
    type AtomN = ModeSize<Op::ShapeMNK, U1>;
    type AtomK = ModeSize<Op::ShapeMNK, U2>;
    type PermM = <PM as PermMode<Prod<Self::AtomM, Self::ThrM>>>::Tiler;
    type PermN = <PN as PermMode<Prod<Self::AtomN, Self::ThrN>>>::Tiler;
    type PermK = <PK as PermMode<Prod<Self::AtomK, Self::ThrK>>>::Tiler;
    type TileM = <PM as PermMode<Prod<Self::AtomM, Self::ThrM>>>::Size;
    type TileN = <PN as PermMode<Prod<Self::AtomN, Self::ThrN>>>::Size;
    type TileK = <PK as PermMode<Prod<Self::AtomK, Self::ThrK>>>::Size;
    type NumThr = SizeT<Vmnk<Op, AL>>;
    type ThrIdx2ThrId = ThrIdx2ThrId<Vmnk<Op, AL>>;
}

macro_rules! thrfrg {
    ($(#[$m:meta])* $trait:ident, $alias:ident, $f:ident, $p0:ident, $p1:ident, $a0:ident, $a1:ident,
     $t0:ident, $t1:ident, $tv:ident) => {
        $(#[$m])*
        #[doc(hidden)]
        pub trait $trait<L>: TiledMmaSpec {
            /// `((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1,...)))`.
            type Output: Copy;
            /// Tile `l`.
            fn $f(l: L) -> Self::Output;
        }
        /// The type of CuTe's `thrfrg` of a layout `L` by the tiled MMA `T`.
        #[doc(hidden)]
        pub type $alias<T, L> = <T as $trait<L>>::Output;
        impl<T: TiledMmaSpec, L> $trait<L> for T
        where
            // logical_divide(l, (Perm0, Perm1)): (Perm0, Perm1)
            L: Divisible<(T::$p0, T::$p1), Logical>,
            // zipped_divide by the atom: ((Atom0, Atom1), (Rest0, Rest1))
            <L as Divisible<(T::$p0, T::$p1), Logical>>::Output: Divisible<(T::$a0, T::$a1), Zipped>,
            // the atom mode from (0, 1) to (ThrV, FrgV)
            AtomTiled<L, T::$p0, T::$p1, T::$a0, T::$a1>:
                Composable<(<T::Op as MmaTraits>::$tv, Underscore)>,
            // zipped_divide by the threads: ((ThrV, (Thr0, Thr1)), (FrgV, (Rest0, Rest1)))
            <AtomTiled<L, T::$p0, T::$p1, T::$a0, T::$a1> as Composable<(
                <T::Op as MmaTraits>::$tv,
                Underscore,
            )>>::Output: Divisible<(Underscore, (T::$t0, T::$t1)), Zipped>,
            <<AtomTiled<L, T::$p0, T::$p1, T::$a0, T::$a1> as Composable<(
                <T::Op as MmaTraits>::$tv,
                Underscore,
            )>>::Output as Divisible<(Underscore, (T::$t0, T::$t1)), Zipped>>::Output: Copy,
            <T::Op as MmaTraits>::$tv: Default,
        {
            type Output = <<AtomTiled<L, T::$p0, T::$p1, T::$a0, T::$a1> as Composable<(
                <T::Op as MmaTraits>::$tv,
                Underscore,
            )>>::Output as Divisible<(Underscore, (T::$t0, T::$t1)), Zipped>>::Output;
            #[inline(always)]
            fn $f(l: L) -> Self::Output {
                l.divide((T::$p0::default(), T::$p1::default()))
                    .divide((T::$a0::default(), T::$a1::default()))
                    .composition((<T::Op as MmaTraits>::$tv::default(), Underscore))
                    .divide((Underscore, (T::$t0::default(), T::$t1::default())))
            }
        }
    };
}
type AtomTiled<L, P0, P1, A0, A1> =
    <<L as Divisible<(P0, P1), Logical>>::Output as Divisible<(A0, A1), Zipped>>::Output;

thrfrg!(
    /// CuTe's `thrfrg_C`: an `(M, N, ...)` layout as `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`.
    ThrfrgC, ThrfrgCT, thrfrg_c, PermM, PermN, AtomM, AtomN, ThrM, ThrN, CLayout
);
thrfrg!(
    /// CuTe's `thrfrg_A`: an `(M, K, ...)` layout as `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    ThrfrgA, ThrfrgAT, thrfrg_a, PermM, PermK, AtomM, AtomK, ThrM, ThrK, ALayout
);
thrfrg!(
    /// CuTe's `thrfrg_B`: an `(N, K, ...)` layout as `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    ThrfrgB, ThrfrgBT, thrfrg_b, PermN, PermK, AtomN, AtomK, ThrN, ThrK, BLayout
);

/// `make_layout(make_shape(a, b))`.
type RefLayout<A, B> = Layout<(A, B), (C<P1>, A)>;
type RefC<T> = RefLayout<<T as TiledMmaSpec>::TileM, <T as TiledMmaSpec>::TileN>;
type RefA<T> = RefLayout<<T as TiledMmaSpec>::TileM, <T as TiledMmaSpec>::TileK>;
type RefB<T> = RefLayout<<T as TiledMmaSpec>::TileN, <T as TiledMmaSpec>::TileK>;
/// `(atile, _)` with `atile: (ThrV,(ThrM,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))`: the A
/// threads broadcast over N.
type ATile<T> = (
    (
        Underscore,
        (
            Layout<(<T as TiledMmaSpec>::ThrM, <T as TiledMmaSpec>::ThrN), (C<P1>, C<Z0>)>,
            Underscore,
        ),
    ),
    Underscore,
);
/// `(btile, _)` with `btile: (ThrV,(ThrN,ThrK)) -> (ThrV,(ThrM,ThrN,ThrK))`: the B
/// threads broadcast over M.
type BTile<T> = (
    (
        Underscore,
        (
            Layout<(<T as TiledMmaSpec>::ThrM, <T as TiledMmaSpec>::ThrN), (C<Z0>, C<P1>)>,
            Underscore,
        ),
    ),
    Underscore,
);
type ToThrIdx<T> = (<T as TiledMmaSpec>::ThrIdx2ThrId, Underscore);
/// The type of `get_layout_c_tv()` of the tiled MMA `T`.
pub type LayoutCTvT<T> = <ThrfrgCT<T, RefC<T>> as Composable<ToThrIdx<T>>>::Output;
/// The type of `get_layout_a_tv()` of the tiled MMA `T`.
pub type LayoutATvT<T> =
    <<ThrfrgAT<T, RefA<T>> as Composable<ATile<T>>>::Output as Composable<ToThrIdx<T>>>::Output;
/// The type of `get_layout_b_tv()` of the tiled MMA `T`.
pub type LayoutBTvT<T> =
    <<ThrfrgBT<T, RefB<T>> as Composable<BTile<T>>>::Output as Composable<ToThrIdx<T>>>::Output;

impl<Op: MmaTraits, AL: Copy, P: Copy> TiledMma<Op, AL, P>
where
    Self: TiledMmaSpec,
{
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
    pub fn get_layout_c_tv(&self) -> LayoutCTvT<Self>
    where
        Self: ThrfrgC<RefC<Self>>,
        ThrfrgCT<Self, RefC<Self>>: Composable<ToThrIdx<Self>>,
    {
        <Self as ThrfrgC<RefC<Self>>>::thrfrg_c(Default::default())
            .composition((Default::default(), Underscore))
    }

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
    pub fn get_layout_a_tv(&self) -> LayoutATvT<Self>
    where
        Self: ThrfrgA<RefA<Self>>,
        ThrfrgAT<Self, RefA<Self>>: Composable<ATile<Self>>,
        <ThrfrgAT<Self, RefA<Self>> as Composable<ATile<Self>>>::Output: Composable<ToThrIdx<Self>>,
    {
        <Self as ThrfrgA<RefA<Self>>>::thrfrg_a(Default::default())
            .composition(Default::default())
            .composition((Default::default(), Underscore))
    }

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
    pub fn get_layout_b_tv(&self) -> LayoutBTvT<Self>
    where
        Self: ThrfrgB<RefB<Self>>,
        ThrfrgBT<Self, RefB<Self>>: Composable<BTile<Self>>,
        <ThrfrgBT<Self, RefB<Self>> as Composable<BTile<Self>>>::Output: Composable<ToThrIdx<Self>>,
    {
        <Self as ThrfrgB<RefB<Self>>>::thrfrg_b(Default::default())
            .composition(Default::default())
            .composition((Default::default(), Underscore))
    }

    /// CuTe's `tile_shape(mma)`: `(tile_size<0>, tile_size<1>, tile_size<2>)`, the
    /// `(M, N, K)` extent one application of the tiled MMA covers.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,8,1):(1,16,0)));
    /// assert_eq!(Cute(mma.tile_size_mnk()).to_string(), "(_16,_8,_1)");
    /// ```
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    pub fn tile_size_mnk(
        &self,
    ) -> (
        <Self as TiledMmaSpec>::TileM,
        <Self as TiledMmaSpec>::TileN,
        <Self as TiledMmaSpec>::TileK,
    ) {
        Default::default()
    }

    /// The number of threads (CuTe's `size(tiled_mma)`).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.size().to_string(), "_128");
    /// ```
    #[inline(always)]
    pub fn size(&self) -> <Self as TiledMmaSpec>::NumThr {
        Default::default()
    }

    /// CuTe's `get_thr_layout_vmnk()`: thread coordinates `(V, M, N, K)` to thread
    /// indices.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
    /// ```
    #[inline(always)]
    pub fn get_thr_layout_vmnk(&self) -> <Self as TiledMmaSpec>::ThrLayoutVmnk {
        Default::default()
    }

    /// CuTe's `tiled_mma.get_slice(thr_idx)`: the part of thread `thr_idx`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.get_slice(77).thr_vmnk(), [13, 0, 1, 0]);
    /// ```
    #[inline(always)]
    pub fn get_slice(&self, thr_idx: impl crate::int::DynInt) -> ThrMma<Self>
    where
        <<Self as TiledMmaSpec>::ThrLayoutVmnk as ThrLayout>::Coord: IsizeList,
    {
        let c = <Self as TiledMmaSpec>::ThrLayoutVmnk::default().thr_coord(thr_idx.to_isize());
        let mut thr_vmnk = [0isize; 4];
        c.to_list().write(&mut thr_vmnk, 0);
        ThrMma {
            tiled: *self,
            thr_vmnk,
        }
    }

    /// CuTe's `partition_fragment_C(tiled_mma, c)`: an owning register tensor of
    /// `ValTypeC` for a thread's part of the C tile `c` (a layout, a composed layout or
    /// a shape), shaped `(FrgV, RestM, RestN)`; the same for every thread, and sized at
    /// compile time.
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
    pub fn partition_fragment_c<L: TensorLayout>(
        &self,
        c: L,
    ) -> AccFragmentT<<Op as MmaTraits>::ValTypeC, ThrfrgCT<Self, L::Layout>>
    where
        Self: ThrfrgC<L::Layout>,
        ThrfrgCT<Self, L::Layout>: AccFragment<<Op as MmaTraits>::ValTypeC>,
    {
        ThrfrgCT::<Self, L::Layout>::acc_fragment(Self::thrfrg_c(c.tensor_layout()))
    }

    /// CuTe's `partition_fragment_A(tiled_mma, a)`: `(FrgV, RestM, RestK)` registers of
    /// `ValTypeA` for a thread's part of the A tile `a`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let a = mma.partition_fragment_a(layout!((32,16):(1,32)));
    /// assert_eq!(a.layout().to_string(), "((_2,_2,_2),_1,_1):((_1,_2,_4),_0,_0)");
    /// assert_eq!(core::mem::size_of_val(&a), 8 * 2); // 8 halves
    /// ```
    #[inline(always)]
    pub fn partition_fragment_a<L: TensorLayout>(
        &self,
        a: L,
    ) -> FragmentT<<Op as MmaTraits>::ValTypeA, ThrfrgAT<Self, L::Layout>>
    where
        Self: ThrfrgA<L::Layout>,
        ThrfrgAT<Self, L::Layout>: ThrFragment<<Op as MmaTraits>::ValTypeA>,
    {
        ThrfrgAT::<Self, L::Layout>::fragment(Self::thrfrg_a(a.tensor_layout()))
    }

    /// CuTe's `partition_fragment_B(tiled_mma, b)`: `(FrgV, RestN, RestK)` registers of
    /// `ValTypeB` for a thread's part of the B tile `b`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let b = mma.partition_fragment_b(layout!((128,16):(16,1)));
    /// assert_eq!(b.layout().to_string(), "((_2,_2),_8,_1):((_1,_2),_4,_0)");
    /// ```
    #[inline(always)]
    pub fn partition_fragment_b<L: TensorLayout>(
        &self,
        b: L,
    ) -> FragmentT<<Op as MmaTraits>::ValTypeB, ThrfrgBT<Self, L::Layout>>
    where
        Self: ThrfrgB<L::Layout>,
        ThrfrgBT<Self, L::Layout>: ThrFragment<<Op as MmaTraits>::ValTypeB>,
    {
        ThrfrgBT::<Self, L::Layout>::fragment(Self::thrfrg_b(b.tensor_layout()))
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
    /// The permutations of `(M, N, K)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// assert_eq!(mma.permutation_mnk(), (X, X, X));
    /// ```
    pub fn permutation_mnk(&self) -> P {
        self.permutation
    }
}

/// A list of integers written into an `isize` array (a thread's coordinate).
#[doc(hidden)]
pub trait IsizeList: ToList<List: IsizeListImpl> {}
impl<T: ToList<List: IsizeListImpl>> IsizeList for T {}
#[doc(hidden)]
pub trait IsizeListImpl {
    fn write(self, out: &mut [isize], at: usize);
}
impl IsizeListImpl for HNil {
    #[inline(always)]
    fn write(self, _: &mut [isize], _: usize) {}
}
impl<H: Integral, T: IsizeListImpl> IsizeListImpl for HCons<H, T> {
    #[inline(always)]
    fn write(self, out: &mut [isize], at: usize) {
        out[at] = self.head.value();
        self.tail.write(out, at + 1);
    }
}

/// The register fragment of a `thrfrg` layout: CuTe's `make_fragment_like` of one
/// thread's `(FrgV, Rest...)` slice (the plain layout of a composed one).
#[doc(hidden)]
pub trait ThrFragment<T>: Sized {
    /// The fragment's layout.
    type Layout: OwnableLayout;
    /// An owning, zeroed fragment.
    fn fragment(self) -> OwnedTensorOf<T, Self::Layout>;
}
impl<T: Copy + Default, L> ThrFragment<T> for L
where
    L: ThrSlice<Layout: FragmentOf> + Copy,
    <<L as ThrSlice>::Layout as FragmentOf>::Output: OwnableLayout,
{
    type Layout = <<L as ThrSlice>::Layout as FragmentOf>::Output;
    #[inline(always)]
    fn fragment(self) -> OwnedTensorOf<T, Self::Layout> {
        crate::tensor::make_owned_tensor(self.thr_layout().fragment_of())
    }
}
/// The type of a `partition_fragment_*` result.
#[doc(hidden)]
pub type FragmentT<T, L> = OwnedTensorOf<T, <L as ThrFragment<T>>::Layout>;
/// The type of `partition_fragment_c(c)` of the tiled MMA `T` for a C tile of layout
/// (or shape) `L`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, layout_t!((2,2,1):(1,2,0))>;
/// // 128 f32 accumulators per thread for a 128x128 tile over 128 threads
/// assert_eq!(core::mem::size_of::<FragmentCT<Mma, shape_t!((128, 128))>>(), 128 * 4);
/// ```
pub type FragmentCT<T, L> = AccFragmentT<
    <<T as TiledMmaSpec>::Op as MmaTraits>::ValTypeC,
    ThrfrgCT<T, <L as TensorLayout>::Layout>,
>;
/// The type of `partition_fragment_a(a)` of the tiled MMA `T` for an A tile `L`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, layout_t!((2,2,1):(1,2,0))>;
/// assert_eq!(core::mem::size_of::<FragmentAT<Mma, shape_t!((128, 32))>>(), 64 * 2);
/// ```
pub type FragmentAT<T, L> = FragmentT<
    <<T as TiledMmaSpec>::Op as MmaTraits>::ValTypeA,
    ThrfrgAT<T, <L as TensorLayout>::Layout>,
>;
/// The type of `partition_fragment_b(b)` of the tiled MMA `T` for a B tile `L`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// type Mma = TiledMma<SM80_16x8x16_F32F16F16F32_TN, layout_t!((2,2,1):(1,2,0))>;
/// assert_eq!(core::mem::size_of::<FragmentBT<Mma, shape_t!((128, 32))>>(), 64 * 2);
/// ```
pub type FragmentBT<T, L> = FragmentT<
    <<T as TiledMmaSpec>::Op as MmaTraits>::ValTypeB,
    ThrfrgBT<T, <L as TensorLayout>::Layout>,
>;

/// The accumulator fragment of a `thrfrg_C` layout: CuTe's `make_fragment_C`, a
/// compact column-major tensor of the partition's shape ("we never base the accumulator
/// layout on the input tensor layout").
#[doc(hidden)]
pub trait AccFragment<T>: Sized {
    /// The fragment's layout.
    type Layout: OwnableLayout;
    /// An owning, zeroed fragment.
    fn acc_fragment(self) -> OwnedTensorOf<T, Self::Layout>;
}
impl<T: Copy + Default, L> AccFragment<T> for L
where
    L: ThrSlice<Layout: Shaped<Shape: CompactShape<Output: OwnableLayout>>> + Copy,
{
    type Layout = <<<L as ThrSlice>::Layout as Shaped>::Shape as CompactShape>::Output;
    #[inline(always)]
    fn acc_fragment(self) -> OwnedTensorOf<T, Self::Layout> {
        crate::tensor::make_owned_tensor(self.thr_layout().shape_of().make_layout())
    }
}
/// The type of a `partition_fragment_c` result.
#[doc(hidden)]
pub type AccFragmentT<T, L> = OwnedTensorOf<T, <L as AccFragment<T>>::Layout>;

/// `make_fragment_like` of a plain layout, or of a composed layout's domain layout.
#[doc(hidden)]
pub trait FragmentOf {
    type Output;
    fn fragment_of(self) -> Self::Output;
}
impl<S, D> FragmentOf for Layout<S, D>
where
    Layout<S, D>: FragmentLayout,
{
    type Output = <Layout<S, D> as FragmentLayout>::Output;
    #[inline(always)]
    fn fragment_of(self) -> Self::Output {
        self.fragment_layout()
    }
}
impl<A, O, B: FragmentLayout + Copy> FragmentOf for crate::layout::ComposedLayout<A, O, B>
where
    Self: Copy,
{
    type Output = B::Output;
    #[inline(always)]
    fn fragment_of(self) -> Self::Output {
        self.layout_b().fragment_layout()
    }
}

/// The coordinate of a thread's slice of a `thrfrg` layout:
/// `((v, (t0, t1)), (_, (_, _, ...)))`.
type ThrCoord<R> = ((isize, (isize, isize)), (Underscore, R));
/// `repeat<rank>(_)` of the rest modes `(Rest0, Rest1, ...)` of a `thrfrg` shape.
#[doc(hidden)]
pub trait RestUnder {
    type Output: Copy + Default;
}
impl<A, F, R: ToList> RestUnder for (A, (F, R))
where
    ListOf<R>: RepeatUnder<Output: ToNative<Native: Copy + Default>>,
{
    type Output = <<ListOf<R> as RepeatUnder>::Output as ToNative>::Native;
}

/// Slicing a `thrfrg` layout at one thread: the coordinate of the thread's
/// `(FrgV, Rest0, Rest1, ...)` slice and that slice's layout (the same for every thread).
#[doc(hidden)]
pub trait ThrSlice: Shaped + Copy {
    /// `((v, (t0, t1)), (_, (_, _, ...)))`.
    type Coord: Copy;
    /// The thread's layout.
    type Layout: Copy;
    /// The coordinate of thread `[v, t0, t1, _]`.
    fn thr_coord(thr: [isize; 4]) -> Self::Coord;
    /// The thread's layout.
    fn thr_layout(self) -> Self::Layout;
}
impl<L: Shaped + Copy, LT: Copy> ThrSlice for L
where
    L::Shape: RestUnder,
    L: Sliceable<ThrCoord<<L::Shape as RestUnder>::Output>, Output = LT>,
{
    type Coord = ThrCoord<<L::Shape as RestUnder>::Output>;
    type Layout = LT;
    #[inline(always)]
    fn thr_coord(thr: [isize; 4]) -> Self::Coord {
        ((thr[0], (thr[1], thr[2])), (Underscore, Default::default()))
    }
    #[inline(always)]
    fn thr_layout(self) -> LT {
        self.slice(Self::thr_coord([0; 4]))
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
pub struct ThrMma<T> {
    tiled: T,
    thr_vmnk: [isize; 4],
}

/// The type of a thread's slice of the `thrfrg` layout `F` of a tensor over `E`.
type ThrPart<E, F> = Tensor<E, <F as SliceTensor<E, <F as ThrSlice>::Coord>>::Out>;
/// The type of `thr_mma.partition_c(t)` for a tensor `Tensor<E, L>`.
pub type PartitionCT<T, E, L> = ThrPart<E, ThrfrgCT<T, L>>;
/// The type of `thr_mma.partition_a(t)` for a tensor `Tensor<E, L>`.
pub type PartitionAT<T, E, L> = ThrPart<E, ThrfrgAT<T, L>>;
/// The type of `thr_mma.partition_b(t)` for a tensor `Tensor<E, L>`.
pub type PartitionBT<T, E, L> = ThrPart<E, ThrfrgBT<T, L>>;

impl<T: TiledMmaSpec> ThrMma<T> {
    /// The thread's coordinate `(V, M, N, K)` in the thread layout.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16,1):(1,16,0)));
    /// assert_eq!(mma.get_slice(98).thr_vmnk(), [0, 2, 6, 0]);
    /// ```
    pub fn thr_vmnk(&self) -> [isize; 4] {
        self.thr_vmnk
    }
    /// The tiled MMA this slice belongs to.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((16,16,1):(1,16,0)));
    /// assert_eq!(mma.get_slice(3).tiled_mma().atom_layout().to_string(), "(_16,_16,_1):(_1,_16,_0)");
    /// ```
    pub fn tiled_mma(&self) -> T {
        self.tiled
    }
    /// CuTe's `thr_mma.partition_C(c)`: this thread's `(FrgV, RestM, RestN, ...)` view of
    /// the C tile `c`.
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
    #[inline(always)]
    pub fn partition_c<E: Offset, L>(&self, t: Tensor<E, L>) -> PartitionCT<T, E, L>
    where
        T: ThrfrgC<L>,
        ThrfrgCT<T, L>: ThrSlice + SliceTensor<E, <ThrfrgCT<T, L> as ThrSlice>::Coord>,
    {
        let [v, m, n, _] = self.thr_vmnk;
        T::thrfrg_c(t.layout).slice_tensor(t.engine, ThrfrgCT::<T, L>::thr_coord([v, m, n, 0]))
    }
    /// CuTe's `thr_mma.partition_A(a)`: this thread's `(FrgV, RestM, RestK, ...)` view of
    /// the A tile `a`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let data = [0f32; 512];
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let a = mma.get_slice(4).partition_a(make_tensor(&data[..], layout!((32,16):(1,32))));
    /// assert_eq!(a.layout().to_string(), "((_2,_2,_2),_1,_1):((_32,_8,_256),_0,_0)");
    /// ```
    #[inline(always)]
    pub fn partition_a<E: Offset, L>(&self, t: Tensor<E, L>) -> PartitionAT<T, E, L>
    where
        T: ThrfrgA<L>,
        ThrfrgAT<T, L>: ThrSlice + SliceTensor<E, <ThrfrgAT<T, L> as ThrSlice>::Coord>,
    {
        let [v, m, _, k] = self.thr_vmnk;
        T::thrfrg_a(t.layout).slice_tensor(t.engine, ThrfrgAT::<T, L>::thr_coord([v, m, k, 0]))
    }
    /// CuTe's `thr_mma.partition_B(b)`: this thread's `(FrgV, RestN, RestK, ...)` view of
    /// the B tile `b`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let data = [0f32; 16 * 34];
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let b = mma.get_slice(43).partition_b(make_tensor(&data[..], layout!((16,32):(34,1))));
    /// assert_eq!(b.layout().to_string(), "((_2,_2),_1,_2):((_1,_8),_0,_16)");
    /// ```
    #[inline(always)]
    pub fn partition_b<E: Offset, L>(&self, t: Tensor<E, L>) -> PartitionBT<T, E, L>
    where
        T: ThrfrgB<L>,
        ThrfrgBT<T, L>: ThrSlice + SliceTensor<E, <ThrfrgBT<T, L> as ThrSlice>::Coord>,
    {
        let [v, _, n, k] = self.thr_vmnk;
        T::thrfrg_b(t.layout).slice_tensor(t.engine, ThrfrgBT::<T, L>::thr_coord([v, n, k, 0]))
    }
    /// CuTe's `thr_mma.partition_fragment_C(c)`: registers shaped as this thread's
    /// [`partition_c`](Self::partition_c) of `c`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let acc = mma.get_slice(6).partition_fragment_c(layout!((128,32):(1,128)));
    /// assert_eq!(acc.layout().to_string(), "((_2,_2),_4,_2):((_1,_2),_4,_16)");
    /// ```
    #[inline(always)]
    pub fn partition_fragment_c<L: TensorLayout>(
        &self,
        c: L,
    ) -> AccFragmentT<<T::Op as MmaTraits>::ValTypeC, ThrfrgCT<T, L::Layout>>
    where
        T: ThrfrgC<L::Layout>,
        ThrfrgCT<T, L::Layout>: AccFragment<<T::Op as MmaTraits>::ValTypeC>,
    {
        ThrfrgCT::<T, L::Layout>::acc_fragment(T::thrfrg_c(c.tensor_layout()))
    }
    /// CuTe's `thr_mma.partition_fragment_A(a)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let a = mma.get_slice(64).partition_fragment_a(layout!((32,16):(1,32)));
    /// assert_eq!(a.layout().to_string(), "((_2,_2,_2),_1,_1):((_1,_2,_4),_0,_0)");
    /// ```
    #[inline(always)]
    pub fn partition_fragment_a<L: TensorLayout>(
        &self,
        a: L,
    ) -> FragmentT<<T::Op as MmaTraits>::ValTypeA, ThrfrgAT<T, L::Layout>>
    where
        T: ThrfrgA<L::Layout>,
        ThrfrgAT<T, L::Layout>: ThrFragment<<T::Op as MmaTraits>::ValTypeA>,
    {
        ThrfrgAT::<T, L::Layout>::fragment(T::thrfrg_a(a.tensor_layout()))
    }
    /// CuTe's `thr_mma.partition_fragment_B(b)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let b = mma.get_slice(43).partition_fragment_b(layout!((16,32):(34,1)));
    /// assert_eq!(b.layout().to_string(), "((_2,_2),_1,_2):((_1,_2),_0,_4)");
    /// ```
    #[inline(always)]
    pub fn partition_fragment_b<L: TensorLayout>(
        &self,
        b: L,
    ) -> FragmentT<<T::Op as MmaTraits>::ValTypeB, ThrfrgBT<T, L::Layout>>
    where
        T: ThrfrgB<L::Layout>,
        ThrfrgBT<T, L::Layout>: ThrFragment<<T::Op as MmaTraits>::ValTypeB>,
    {
        ThrfrgBT::<T, L::Layout>::fragment(T::thrfrg_b(b.tensor_layout()))
    }
}

/// What `make_tiled_copy_A/B/C` need of a tiled MMA: its TV layouts and tile sizes.
impl<Op: MmaTraits, AL: Copy, P: Copy> super::tiled_copy::MmaTiles for TiledMma<Op, AL, P>
where
    Self: TiledMmaSpec + ThrfrgA<RefA<Self>> + ThrfrgB<RefB<Self>> + ThrfrgC<RefC<Self>>,
    ThrfrgAT<Self, RefA<Self>>: Composable<ATile<Self>>,
    <ThrfrgAT<Self, RefA<Self>> as Composable<ATile<Self>>>::Output: Composable<ToThrIdx<Self>>,
    ThrfrgBT<Self, RefB<Self>>: Composable<BTile<Self>>,
    <ThrfrgBT<Self, RefB<Self>> as Composable<BTile<Self>>>::Output: Composable<ToThrIdx<Self>>,
    ThrfrgCT<Self, RefC<Self>>: Composable<ToThrIdx<Self>>,
    LayoutATvT<Self>: Copy + Default,
    LayoutBTvT<Self>: Copy + Default,
    LayoutCTvT<Self>: Copy + Default,
{
    type LayoutATv = LayoutATvT<Self>;
    type LayoutBTv = LayoutBTvT<Self>;
    type LayoutCTv = LayoutCTvT<Self>;
    type TileM = <Self as TiledMmaSpec>::TileM;
    type TileN = <Self as TiledMmaSpec>::TileN;
    type TileK = <Self as TiledMmaSpec>::TileK;
}
