//! CuTe's `TiledCopy` and `ThrCopy` (copy_atom.hpp) on the type level: a copy atom
//! tiled over threads and values, the thread-value layouts of its source and
//! destination, and one thread's partitions of tensors. Static configurations give
//! zero-sized layouts; tensors may have dynamic extents and strides.

use super::copy::{Copy_Atom, CopyAtomLayouts, CopyOp, CopyTraits, ZfillCopy};
use crate::algebra::{
    CoalescableBy, Composable, Divisible, Logical, Multipliable, RightInvertible, SizeofBits,
    UpcastBy, Zipped,
};
use crate::algorithm::Predicate;
use crate::int::{C, ForEachIndex, IntMul, IntRem, Integral, StaticEq};
use crate::layout::{
    CompactShape, GetOp, Layout, ModeOp, Shaped, SizeT, Sliceable, Underscore, Walkable,
};
use crate::tensor::{EngineMut, EngineRef, SliceTensor, Tensor};
use typenum::{P1, PInt, U0, U1, Unsigned, Z0};

type M0<T> = <T as ModeOp<GetOp<U0>>>::Output;
type M1<T> = <T as ModeOp<GetOp<U1>>>::Output;

/// CuTe's `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`: the atom `Atom` tiled so
/// that `(thread, value) -> (m, n)` of the tile is `LTv` (as a column-major index into
/// the tile of shape `TilerMn`). Build it with [`make_tiled_copy`] or
/// [`make_tiled_copy_a`]/[`_b`](make_tiled_copy_b)/[`_c`](make_tiled_copy_c).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::{make_tiled_copy, Copy_Atom, UniversalCopy};
/// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, half::f16>::new(), layout!((32,8):(8,1)), layout!((1,8):(0,1)));
/// assert_eq!(c.layout_tv().to_string(), "((_8,_32),_8):((_256,_1),_32)");
/// assert_eq!(Cute(c.tiler_mn()).to_string(), "(_32,_64)");
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct TiledCopy<Atom, LTv, TilerMn> {
    atom: Atom,
    layout_tv: LTv,
    tiler: TilerMn,
}

/// `B1` when the tiled layout's threads (values) are a multiple of the atom's.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the tiled copy's thread-value layout does not fit the copy atom",
    label = "CuTe: TiledCopy uses too few threads or values for the selected Copy_Atom"
)]
pub trait EnoughThrVals {}
impl EnoughThrVals for typenum::B1 {}

/// `thrval2mn` of `tile2thrfrg`: the atom's target (source or destination) layout of
/// `(thread, value)` over the tile.
type AtomTile<A> = (
    <<A as CopyAtomLayouts>::NumThr as CompactShape>::Output,
    <<A as CopyAtomLayouts>::NumVal as CompactShape>::Output,
);
type AtomTv<A, LTv> = <LTv as Divisible<AtomTile<A>, Zipped>>::Output;
type TrgTv<A, LTv, R2T> = <AtomTv<A, LTv> as Composable<(R2T, Underscore)>>::Output;
type ThrVal2Mn<A, LTv, R2T> =
    <<TrgTv<A, LTv, R2T> as Zip2>::Output as CoalescableBy<(C<P1>, (C<P1>, C<P1>))>>::Output;
type RefTile<Tl> = <(Tl, C<P1>) as CompactShape>::Output;
type TvOfTile<Tl, T2M> = <RefTile<Tl> as Composable<(T2M, Underscore)>>::Output;
type LayoutTvOf<Tl, T2M> =
    <TvOfTile<Tl, T2M> as Sliceable<((Underscore, Underscore), C<Z0>)>>::Output;

/// CuTe's `zip` of a layout of two rank-2 modes: `((a,b),(c,d)) -> ((a,c),(b,d))`.
#[doc(hidden)]
pub trait Zip2 {
    type Output: Copy + Default;
}
impl<A, B, Cc, Dd, E, F, G, H> Zip2 for Layout<((A, B), (Cc, Dd)), ((E, F), (G, H))>
where
    Layout<((A, Cc), (B, Dd)), ((E, G), (F, H))>: Copy + Default,
{
    type Output = Layout<((A, Cc), (B, Dd)), ((E, G), (F, H))>;
}

/// The static layouts of a [`TiledCopy`] (CuTe's member types and `get_layoutS_TV` /
/// `get_layoutD_TV`), computed once for every well-formed tiled copy: the public
/// methods only ask `TiledCopy<..>: TiledCopyLayouts`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
/// fn threads<T: TiledCopyLayouts>(_: &T) -> isize { T::TiledNumThr::default().value() }
/// assert_eq!(threads(&c), 32);
/// ```
pub trait TiledCopyLayouts: Copy + Default {
    /// The copy atom.
    type Atom: CopyAtomLayouts;
    /// CuTe's `TiledLayout_TV`: `(thread, value) -> (m, n)` (column-major index).
    type LayoutTv: Copy + Default;
    /// CuTe's `Tiler_MN`: the tile's shape `(M, N)`.
    type TilerMn: Copy + Default;
    /// CuTe's `TiledNumThr`.
    type TiledNumThr: Integral + Default;
    /// CuTe's `TiledNumVal`.
    type TiledNumVal: Integral + Default;
    /// `(thread, value) -> tile` of the source (`tile2thrfrg`'s `thrval2mn`).
    type ThrVal2MnS: Copy + Default;
    /// `(thread, value) -> tile` of the destination.
    type ThrVal2MnD: Copy + Default;
    /// CuTe's `get_layoutS_TV()`.
    type LayoutSTv: Copy + Default;
    /// CuTe's `get_layoutD_TV()`.
    type LayoutDTv: Copy + Default;
}

impl<Atom, LTv, Tl> TiledCopyLayouts for TiledCopy<Atom, LTv, Tl>
where
    Atom: CopyAtomLayouts,
    LTv: Copy + Default + ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
    Tl: Copy + Default,
    M0<LTv>: Shaped,
    M1<LTv>: Shaped,
    SizeT<M0<LTv>>: Integral + Default + IntRem<Atom::NumThr>,
    SizeT<M1<LTv>>: Integral + Default + IntRem<Atom::NumVal>,
    <SizeT<M0<LTv>> as IntRem<Atom::NumThr>>::Output: StaticEq<C<Z0>, Output: EnoughThrVals>,
    <SizeT<M1<LTv>> as IntRem<Atom::NumVal>>::Output: StaticEq<C<Z0>, Output: EnoughThrVals>,
    Atom::NumThr: CompactShape,
    Atom::NumVal: CompactShape,
    LTv: Divisible<AtomTile<Atom>, Zipped>,
    AtomTv<Atom, LTv>:
        Composable<(Atom::Ref2Src, Underscore)> + Composable<(Atom::Ref2Dst, Underscore)>,
    TrgTv<Atom, LTv, Atom::Ref2Src>: Zip2,
    TrgTv<Atom, LTv, Atom::Ref2Dst>: Zip2,
    <TrgTv<Atom, LTv, Atom::Ref2Src> as Zip2>::Output: CoalescableBy<(C<P1>, (C<P1>, C<P1>))>,
    <TrgTv<Atom, LTv, Atom::Ref2Dst> as Zip2>::Output: CoalescableBy<(C<P1>, (C<P1>, C<P1>))>,
    ThrVal2Mn<Atom, LTv, Atom::Ref2Src>: Copy + Default,
    ThrVal2Mn<Atom, LTv, Atom::Ref2Dst>: Copy + Default,
    (Tl, C<P1>): CompactShape,
    RefTile<Tl>: Composable<(ThrVal2Mn<Atom, LTv, Atom::Ref2Src>, Underscore)>
        + Composable<(ThrVal2Mn<Atom, LTv, Atom::Ref2Dst>, Underscore)>,
    TvOfTile<Tl, ThrVal2Mn<Atom, LTv, Atom::Ref2Src>>: Sliceable<((Underscore, Underscore), C<Z0>)>,
    TvOfTile<Tl, ThrVal2Mn<Atom, LTv, Atom::Ref2Dst>>: Sliceable<((Underscore, Underscore), C<Z0>)>,
    LayoutTvOf<Tl, ThrVal2Mn<Atom, LTv, Atom::Ref2Src>>: Copy + Default,
    LayoutTvOf<Tl, ThrVal2Mn<Atom, LTv, Atom::Ref2Dst>>: Copy + Default,
{
    type Atom = Atom;
    type LayoutTv = LTv;
    type TilerMn = Tl;
    type TiledNumThr = SizeT<M0<LTv>>;
    type TiledNumVal = SizeT<M1<LTv>>;
    type ThrVal2MnS = ThrVal2Mn<Atom, LTv, Atom::Ref2Src>;
    type ThrVal2MnD = ThrVal2Mn<Atom, LTv, Atom::Ref2Dst>;
    type LayoutSTv = LayoutTvOf<Tl, ThrVal2Mn<Atom, LTv, Atom::Ref2Src>>;
    type LayoutDTv = LayoutTvOf<Tl, ThrVal2Mn<Atom, LTv, Atom::Ref2Dst>>;
}

/// `make_tiled_copy`'s layouts from a thread layout and a value layout.
#[doc(hidden)]
pub trait TiledCopyFrom<Val> {
    /// `right_inverse(raked_product(thr, val)).with_shape(size(thr), size(val))`.
    type LayoutTv: Copy + Default;
    /// `product_each(shape(raked_product(thr, val)))`.
    type TilerMn: Copy + Default;
}
type Raked<Thr, Val> = <Thr as Multipliable<Val, crate::algebra::Raked>>::Output;
type TvShape<Thr, Val> = <(SizeT<Thr>, SizeT<Val>) as CompactShape>::Output;
impl<Thr, Val> TiledCopyFrom<Val> for Thr
where
    Thr: Multipliable<Val, crate::algebra::Raked> + Shaped,
    Val: Shaped,
    (SizeT<Thr>, SizeT<Val>): CompactShape,
    Raked<Thr, Val>: RightInvertible + ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
    M0<Raked<Thr, Val>>: Shaped,
    M1<Raked<Thr, Val>>: Shaped,
    (SizeT<M0<Raked<Thr, Val>>>, SizeT<M1<Raked<Thr, Val>>>): Copy + Default,
    <Raked<Thr, Val> as RightInvertible>::Output: Composable<TvShape<Thr, Val>>,
    <<Raked<Thr, Val> as RightInvertible>::Output as Composable<TvShape<Thr, Val>>>::Output:
        Copy + Default,
{
    type LayoutTv =
        <<Raked<Thr, Val> as RightInvertible>::Output as Composable<TvShape<Thr, Val>>>::Output;
    type TilerMn = (SizeT<M0<Raked<Thr, Val>>>, SizeT<M1<Raked<Thr, Val>>>);
}

/// The type of `make_tiled_copy(atom, thr, val)`.
pub type TiledCopyT<Atom, Thr, Val> =
    TiledCopy<Atom, <Thr as TiledCopyFrom<Val>>::LayoutTv, <Thr as TiledCopyFrom<Val>>::TilerMn>;

/// CuTe's `make_tiled_copy(copy_atom, thr_layout, val_layout)`: threads laid out over
/// the tile as `thr_layout` (`(m, n) -> thread`), each moving a `val_layout` block
/// (`(m, n) -> value`) of values. A configuration whose threads or values do not fit
/// the atom does not compile.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::{make_tiled_copy, Copy_Atom, SM75_U32x4_LDSM_N};
/// let c = make_tiled_copy(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), layout!((8,4):(4,1)), layout!((1,8):(0,1)));
/// assert_eq!(c.get_layout_d_tv().to_string(), "((_4,_8),(_8,_1)):((_64,_1),(_8,_0))");
/// ```
#[inline(always)]
pub fn make_tiled_copy<Atom, Thr, Val>(
    atom: Atom,
    thr_layout: Thr,
    val_layout: Val,
) -> TiledCopyT<Atom, Thr, Val>
where
    Thr: TiledCopyFrom<Val>,
    TiledCopyT<Atom, Thr, Val>: TiledCopyLayouts,
{
    let _ = (thr_layout, val_layout);
    TiledCopy {
        atom,
        layout_tv: Default::default(),
        tiler: Default::default(),
    }
}

/// CuTe's `make_tiled_copy_impl(atom, layout_tv, tiler)`: a tiled copy from its
/// `(thread, value) -> (m, n)` layout and the tile shape.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::{make_tiled_copy_impl, Copy_Atom, DefaultCopy};
/// let c = make_tiled_copy_impl(Copy_Atom::<DefaultCopy, f32>::new(), layout!((32,4):(4,1)), shape!((4, 32)));
/// // each thread's 4 values, as DefaultCopy's one-value atoms: ((atom, rest) values)
/// assert_eq!(c.get_layout_s_tv().to_string(), "(_32,(_1,_4)):(_4,(_0,_1))");
/// ```
#[inline(always)]
pub fn make_tiled_copy_impl<Atom, LTv, Tl>(
    atom: Atom,
    layout_tv: LTv,
    tiler: Tl,
) -> TiledCopy<Atom, LTv, Tl>
where
    TiledCopy<Atom, LTv, Tl>: TiledCopyLayouts,
{
    TiledCopy {
        atom,
        layout_tv,
        tiler,
    }
}

/// A tiled MMA's thread-value layouts and tile sizes (what `make_tiled_copy_A/B/C`
/// need of it).
#[doc(hidden)]
pub trait MmaTiles {
    type LayoutATv: Copy + Default;
    type LayoutBTv: Copy + Default;
    type LayoutCTv: Copy + Default;
    type TileM: Copy + Default;
    type TileN: Copy + Default;
    type TileK: Copy + Default;
}
macro_rules! tiled_copy_for_mma {
    ($(#[$m:meta])* $name:ident, $alias:ident, $tv:ident, $a:ident, $b:ident) => {
        /// The type of the function of the same name.
        pub type $alias<Atom, Mma> = TiledCopy<
            Atom,
            <Mma as MmaTiles>::$tv,
            (<Mma as MmaTiles>::$a, <Mma as MmaTiles>::$b),
        >;
        $(#[$m])*
        #[inline(always)]
        pub fn $name<Atom, Mma: MmaTiles>(atom: Atom, mma: &Mma) -> $alias<Atom, Mma>
        where
            $alias<Atom, Mma>: TiledCopyLayouts,
        {
            let _ = mma;
            TiledCopy { atom, layout_tv: Default::default(), tiler: Default::default() }
        }
    };
}
tiled_copy_for_mma!(
    /// CuTe's `make_tiled_copy_A(copy_atom, tiled_mma)`: copies laid out as the MMA's A
    /// operand, over the `(M, K)` tile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,4,1):(1,2,0)));
    /// let c = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
    /// assert_eq!(Cute(c.tiler_mn()).to_string(), "(_32,_16)");
    /// ```
    make_tiled_copy_a, TiledCopyAT, LayoutATv, TileM, TileK
);
tiled_copy_for_mma!(
    /// CuTe's `make_tiled_copy_B(copy_atom, tiled_mma)`: over the `(N, K)` tile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let c = make_tiled_copy_b(Copy_Atom::<SM75_U32x2_LDSM_N, half::f16>::new(), &mma);
    /// assert_eq!(c.tile_size::<0>().to_string(), "_16");
    /// ```
    make_tiled_copy_b, TiledCopyBT, LayoutBTv, TileN, TileK
);
tiled_copy_for_mma!(
    /// CuTe's `make_tiled_copy_C(copy_atom, tiled_mma)`: over the `(M, N)` tile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    /// let c = make_tiled_copy_c(Copy_Atom::<UniversalCopy<u32>, f32>::new(), &mma);
    /// assert_eq!(c.get_layout_s_tv().to_string(), "((_4,_8,_2,_2),(_1,(_2,_2))):((_64,_1,_16,_256),(_0,(_32,_8)))");
    /// ```
    make_tiled_copy_c, TiledCopyCT, LayoutCTv, TileM, TileN
);

/// `tile_size<I>` of a rank-2 tiler.
#[doc(hidden)]
pub trait TileSizeOf<const I: usize> {
    type Output: Copy + Default;
}
impl<A: Copy + Default, B> TileSizeOf<0> for (A, B) {
    type Output = A;
}
impl<A, B: Copy + Default> TileSizeOf<1> for (A, B) {
    type Output = B;
}

impl<Atom, LTv, Tl> TiledCopy<Atom, LTv, Tl>
where
    Self: TiledCopyLayouts,
{
    /// The copy atom.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
    /// let _a: Copy_Atom<DefaultCopy, f32> = c.atom();
    /// ```
    #[inline(always)]
    pub fn atom(&self) -> Atom
    where
        Atom: Copy,
    {
        self.atom
    }
    /// CuTe's `TiledLayout_TV`: `(thread, value) -> (m, n)` of the tile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
    /// assert_eq!(c.layout_tv().to_string(), "((_8,_4),_1):((_4,_1),_0)");
    /// ```
    #[inline(always)]
    pub fn layout_tv(&self) -> LTv
    where
        LTv: Copy,
    {
        self.layout_tv
    }
    /// CuTe's `Tiler_MN`: the shape of the tile one call covers.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!((2,1):(1,0)));
    /// assert_eq!(Cute(c.tiler_mn()).to_string(), "(_8,_8)");
    /// ```
    #[inline(always)]
    pub fn tiler_mn(&self) -> Tl
    where
        Tl: Copy,
    {
        self.tiler
    }
    /// CuTe's `tile_size<I>(tiled_copy)`: mode `I` of the tile shape (static).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, half::f16>::new(), layout!((16,8):(8,1)), layout!((1,8):(0,1)));
    /// assert_eq!((c.tile_size::<0>().to_string(), c.tile_size::<1>().to_string()), ("_16".into(), "_64".into()));
    /// ```
    #[inline(always)]
    pub fn tile_size<const I: usize>(&self) -> <Tl as TileSizeOf<I>>::Output
    where
        Tl: TileSizeOf<I>,
    {
        Default::default()
    }
    /// CuTe's `get_layoutS_TV()`: `(thread, value) -> (m, n)` of the source values (a
    /// column-major index into the tile).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((16,16):(16,1)), layout!((1,2):(0,1)));
    /// assert_eq!(c.get_layout_s_tv().to_string(), "((_16,_16),(_1,_2)):((_32,_1),(_0,_16))");
    /// assert_eq!(core::mem::size_of_val(&c.get_layout_s_tv()), 0);
    /// ```
    #[inline(always)]
    pub fn get_layout_s_tv(&self) -> <Self as TiledCopyLayouts>::LayoutSTv {
        Default::default()
    }
    /// CuTe's `get_layoutD_TV()`: `(thread, value) -> (m, n)` of the destination values.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<SM75_U16x8_LDSM_T, half::f16>::new(), layout!((16,2):(1,16)), layout!((1,16):(0,1)));
    /// assert_eq!(c.get_layout_d_tv().to_string(), "((_16,_2),(_8,_2)):((_1,_256),(_16,_128))");
    /// ```
    #[inline(always)]
    pub fn get_layout_d_tv(&self) -> <Self as TiledCopyLayouts>::LayoutDTv {
        Default::default()
    }
    /// CuTe's `get_slice(thr_idx)` (and `get_thread_slice`): thread `thr_idx`'s part.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
    /// assert_eq!(c.get_slice(5).thr_idx(), 5);
    /// ```
    #[inline(always)]
    pub fn get_slice(&self, thr_idx: impl crate::int::DynInt) -> ThrCopy<Atom, LTv, Tl>
    where
        Atom: Copy,
        LTv: Copy,
        Tl: Copy,
    {
        ThrCopy {
            tiled: *self,
            thr: thr_idx.to_isize(),
        }
    }
    /// CuTe's `get_thread_slice(thr_idx)`, the same as [`get_slice`](Self::get_slice).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
    /// assert_eq!(c.get_thread_slice(7u32).thr_idx(), 7);
    /// ```
    #[inline(always)]
    pub fn get_thread_slice(&self, thr_idx: impl crate::int::DynInt) -> ThrCopy<Atom, LTv, Tl>
    where
        Atom: Copy,
        LTv: Copy,
        Tl: Copy,
    {
        self.get_slice(thr_idx)
    }
}

/// CuTe's `ThrCopy`: one thread's slice of a [`TiledCopy`].
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// let data: Vec<f32> = (0..64 * 8).map(|x| x as f32).collect();
/// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((16,8):(8,1)), layout!((4,1):(1,0)));
/// let p = c.get_slice(17).partition_s(make_tensor(&data[..], layout!((64,8):(10,1))));
/// assert_eq!(p.layout().to_string(), "((_1,_4),_1,_1):((_0,_10),_0,_0)");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ThrCopy<Atom, LTv, Tl> {
    tiled: TiledCopy<Atom, LTv, Tl>,
    thr: isize,
}

/// Source or destination, for [`ThrCopy`]'s partitions.
#[doc(hidden)]
pub trait Side<TC: TiledCopyLayouts> {
    type ThrVal2Mn: Copy + Default;
}
/// The source side.
#[doc(hidden)]
pub struct SrcSide;
/// The destination side.
#[doc(hidden)]
pub struct DstSide;
impl<TC: TiledCopyLayouts> Side<TC> for SrcSide {
    type ThrVal2Mn = TC::ThrVal2MnS;
}
impl<TC: TiledCopyLayouts> Side<TC> for DstSide {
    type ThrVal2Mn = TC::ThrVal2MnD;
}

/// `repeat<R>(_)` for a shape of rank `R`, and `append<R>(_0, _)`.
#[doc(hidden)]
pub trait Unders {
    type All: Copy + Default;
    type ZeroThenAll: Copy + Default;
}
macro_rules! unders {
    ($($t:ident),+ ; $($z:ty),*) => {
        impl<$($t),+> Unders for ($($t,)+) {
            type All = ($(unders!(@u $t),)+);
            type ZeroThenAll = (C<Z0>, $($z,)*);
        }
    };
    (@u $t:ident) => { Underscore };
}
unders!(A; );
unders!(A, B; Underscore);
unders!(A, B, Cc; Underscore, Underscore);
unders!(A, B, Cc, Dd; Underscore, Underscore, Underscore);
unders!(A, B, Cc, Dd, Ee; Underscore, Underscore, Underscore, Underscore);
unders!(A, B, Cc, Dd, Ee, F; Underscore, Underscore, Underscore, Underscore, Underscore);

type Tidfrg<TC, W, L> =
    <<L as Divisible<<TC as TiledCopyLayouts>::TilerMn, Zipped>>::Output as Composable<(
        <W as Side<TC>>::ThrVal2Mn,
        Underscore,
    )>>::Output;
type ThrSliceCoord<L> = ((isize, Underscore), <<L as Shaped>::Shape as Unders>::All);

/// One thread's partition of a tensor of layout `L` (CuTe's `tidfrg_S`/`tidfrg_D` sliced
/// at the thread), for the side `W`.
#[doc(hidden)]
pub trait CopyPartition<E, L, W>: TiledCopyLayouts {
    type Out;
    fn partition(thr: isize, t: Tensor<E, L>) -> Tensor<E, Self::Out>;
}
impl<TC: TiledCopyLayouts, E, L: Copy + Shaped, W: Side<TC>> CopyPartition<E, L, W> for TC
where
    L: Divisible<TC::TilerMn, Zipped>,
    L::Shape: Unders,
    L::Output: Composable<(W::ThrVal2Mn, Underscore)>,
    Tidfrg<TC, W, L>: SliceTensor<E, ThrSliceCoord<L>>,
{
    type Out = <Tidfrg<TC, W, L> as SliceTensor<E, ThrSliceCoord<L>>>::Out;
    #[inline(always)]
    fn partition(thr: isize, t: Tensor<E, L>) -> Tensor<E, Self::Out> {
        let tv = t
            .layout
            .divide(TC::TilerMn::default())
            .composition((W::ThrVal2Mn::default(), Underscore));
        tv.slice_tensor(t.engine, ((thr, Underscore), Default::default()))
    }
}

/// The type of `thr_copy.partition_s(t)` for a tensor `Tensor<E, L>`.
pub type PartitionST<TC, E, L> = Tensor<E, <TC as CopyPartition<E, L, SrcSide>>::Out>;
/// The type of `thr_copy.partition_d(t)` for a tensor `Tensor<E, L>`.
pub type PartitionDT<TC, E, L> = Tensor<E, <TC as CopyPartition<E, L, DstSide>>::Out>;

/// `upcast<N>` by a static integer `C<N>`. Matching `C<PInt<U>>` in the impl header
/// makes the trait solver normalize `N` before it looks at `upcast`'s typenum
/// arithmetic (with `N` still unknown there, it recursed without end).
#[doc(hidden)]
pub trait UpcastByC<N> {
    type Output;
}
impl<L: UpcastBy<U>, U: Unsigned + typenum::NonZero> UpcastByC<C<PInt<U>>> for L {
    type Output = <L as UpcastBy<U>>::Output;
}

type RInvTv<TC> = <<TC as TiledCopyLayouts>::LayoutTv as RightInvertible>::Output;
type WithShape<TC> =
    <RInvTv<TC> as Composable<<<TC as TiledCopyLayouts>::TilerMn as CompactShape>::Output>>::Output;
type NumThrV<TC, V> = <<TC as TiledCopyLayouts>::TiledNumThr as IntMul<V>>::Output;
type FrgMn<TC, V> = <WithShape<TC> as UpcastByC<NumThrV<TC, V>>>::Output;
type FrgProd<TC, V> = <<V as CompactShape>::Output as Multipliable<
    <FrgMn<TC, V> as RightInvertible>::Output,
    Logical,
>>::Output;
type AtomVals<TC> =
    <<<TC as TiledCopyLayouts>::Atom as CopyAtomLayouts>::NumVal as CompactShape>::Output;
type FrgV<TC, V> = <FrgProd<TC, V> as Divisible<AtomVals<TC>, Zipped>>::Output;
type RetileTiler<TC, V> = (V, SizeT<M0<FrgMn<TC, V>>>, SizeT<M1<FrgMn<TC, V>>>);
type Retiled<TC, L, V> = <<L as Divisible<RetileTiler<TC, V>, Zipped>>::Output as Composable<(
    FrgV<TC, V>,
    Underscore,
)>>::Output;
type RetileCoord<L> = (Underscore, <<L as Shaped>::Shape as Unders>::ZeroThenAll);
type VOf<L> = SizeT<M0<L>>;

/// CuTe's `TiledCopy::retile` of a tensor of layout `L` (a thread's fragment, e.g. an
/// MMA partition): its values regrouped as `((atom values, rest), modes...)`.
#[doc(hidden)]
pub trait CopyRetile<TC, E>: Sized {
    type Out;
    fn retile(t: Tensor<E, Self>) -> Tensor<E, Self::Out>;
}
impl<TC: TiledCopyLayouts, E, L: Copy + Shaped> CopyRetile<TC, E> for L
where
    L: ModeOp<GetOp<U0>>,
    M0<L>: Shaped,
    L::Shape: Unders,
    VOf<L>: CompactShape + Copy + Default,
    TC::LayoutTv: RightInvertible,
    TC::TilerMn: CompactShape,
    RInvTv<TC>: Composable<<TC::TilerMn as CompactShape>::Output>,
    TC::TiledNumThr: IntMul<VOf<L>>,
    WithShape<TC>: UpcastByC<NumThrV<TC, VOf<L>>>,
    FrgMn<TC, VOf<L>>: RightInvertible + ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
    M0<FrgMn<TC, VOf<L>>>: Shaped,
    M1<FrgMn<TC, VOf<L>>>: Shaped,
    SizeT<M0<FrgMn<TC, VOf<L>>>>: Copy + Default,
    SizeT<M1<FrgMn<TC, VOf<L>>>>: Copy + Default,
    <VOf<L> as CompactShape>::Output:
        Multipliable<<FrgMn<TC, VOf<L>> as RightInvertible>::Output, Logical>,
    <TC::Atom as CopyAtomLayouts>::NumVal: CompactShape,
    FrgProd<TC, VOf<L>>: Divisible<AtomVals<TC>, Zipped>,
    AtomVals<TC>: Default,
    FrgV<TC, VOf<L>>: Copy + Default,
    L: Divisible<RetileTiler<TC, VOf<L>>, Zipped>,
    <L as Divisible<RetileTiler<TC, VOf<L>>, Zipped>>::Output:
        Composable<(FrgV<TC, VOf<L>>, Underscore)>,
    Retiled<TC, L, VOf<L>>: SliceTensor<E, RetileCoord<L>>,
{
    type Out = <Retiled<TC, L, VOf<L>> as SliceTensor<E, RetileCoord<L>>>::Out;
    #[inline(always)]
    fn retile(t: Tensor<E, L>) -> Tensor<E, Self::Out> {
        let vt = t
            .layout
            .divide(RetileTiler::<TC, VOf<L>>::default())
            .composition((FrgV::<TC, VOf<L>>::default(), Underscore));
        vt.slice_tensor(t.engine, (Underscore, Default::default()))
    }
}

/// The type of `thr_copy.retile_s(t)` / `retile_d(t)` for a tensor `Tensor<E, L>`.
pub type RetileT<TC, E, L> = Tensor<E, <L as CopyRetile<TC, E>>::Out>;

impl<Atom, LTv, Tl> ThrCopy<Atom, LTv, Tl>
where
    TiledCopy<Atom, LTv, Tl>: TiledCopyLayouts,
{
    /// The thread index.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
    /// assert_eq!(c.get_slice(9).thr_idx(), 9);
    /// ```
    #[inline(always)]
    pub fn thr_idx(&self) -> isize {
        self.thr
    }
    /// The tiled copy this slice belongs to.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((4,8):(8,1)), layout!(1:0));
    /// assert_eq!(Cute(c.get_slice(9).tiled_copy().tiler_mn()).to_string(), "(_4,_8)");
    /// ```
    #[inline(always)]
    pub fn tiled_copy(&self) -> TiledCopy<Atom, LTv, Tl>
    where
        Atom: Copy,
        LTv: Copy,
        Tl: Copy,
    {
        self.tiled
    }
    /// CuTe's `thr_copy.partition_S(src)`: this thread's `(CopyV, rest...)` view of the
    /// source tensor (a layout or a composed, swizzled layout; static or dynamic).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let data: Vec<half::f16> = vec![half::f16::ZERO; 256 * 16];
    /// let (m, ld) = (256, 16);
    /// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, half::f16>::new(), layout!((32,4):(4,1)), layout!((1,8):(0,1)));
    /// let p = c.get_slice(11).partition_s(make_tensor(&data[..], layout!((m, 16):(ld, 1))));
    /// assert_eq!(p.layout().to_string(), "((_8,_1),8,_1):((_1,_0),512,_0)");
    /// ```
    #[inline(always)]
    pub fn partition_s<E, L>(
        &self,
        src: Tensor<E, L>,
    ) -> PartitionST<TiledCopy<Atom, LTv, Tl>, E, L>
    where
        TiledCopy<Atom, LTv, Tl>: CopyPartition<E, L, SrcSide>,
    {
        <TiledCopy<Atom, LTv, Tl> as CopyPartition<E, L, SrcSide>>::partition(self.thr, src)
    }
    /// CuTe's `thr_copy.partition_D(dst)`: this thread's `(CopyV, rest...)` view of the
    /// destination tensor.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let data = vec![0f32; 16 * 32];
    /// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((8,8):(8,1)), layout!((2,2):(2,1)));
    /// let p = c.get_slice(29).partition_d(make_tensor(&data[..], layout!((16,32):(1,16))));
    /// assert_eq!(p.layout().to_string(), "((_1,(_2,_2)),_1,_2):((_0,(_16,_1)),_0,_256)");
    /// assert_eq!(core::mem::size_of_val(&p.layout()), 0);
    /// ```
    #[inline(always)]
    pub fn partition_d<E, L>(
        &self,
        dst: Tensor<E, L>,
    ) -> PartitionDT<TiledCopy<Atom, LTv, Tl>, E, L>
    where
        TiledCopy<Atom, LTv, Tl>: CopyPartition<E, L, DstSide>,
    {
        <TiledCopy<Atom, LTv, Tl> as CopyPartition<E, L, DstSide>>::partition(self.thr, dst)
    }
    /// CuTe's `thr_copy.retile_S(t)`: a thread's fragment (e.g. an MMA partition)
    /// regrouped into the copy's `(CopyV, rest...)` order.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((32,8):(8,1)), layout!((2,2):(1,2)));
    /// let frag = make_owned_tensor::<f32, _>(layout!(((2,1),2,1):((1,0),2,0)));
    /// let r = c.get_slice(102).retile_s(frag.view());
    /// assert_eq!(r.layout().to_string(), "((_1,(_2,_2)),_2,_1):((_0,(_1,_0)),_2,_0)");
    /// ```
    #[inline(always)]
    pub fn retile_s<E, L>(&self, t: Tensor<E, L>) -> RetileT<TiledCopy<Atom, LTv, Tl>, E, L>
    where
        L: CopyRetile<TiledCopy<Atom, LTv, Tl>, E>,
    {
        <L as CopyRetile<TiledCopy<Atom, LTv, Tl>, E>>::retile(t)
    }
    /// CuTe's `thr_copy.retile_D(t)` (the same as [`retile_s`](Self::retile_s)).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((8,8):(8,1)), layout!((2,2):(1,2)));
    /// let frag = make_owned_tensor::<f32, _>(layout!(((1,1),1,1):((0,0),0,0)));
    /// assert_eq!(c.get_slice(3).retile_d(frag.view()).layout().to_string(), "((_1,_4),_1,_1):((_0,_0),_0,_0)");
    /// ```
    #[inline(always)]
    pub fn retile_d<E, L>(&self, t: Tensor<E, L>) -> RetileT<TiledCopy<Atom, LTv, Tl>, E, L>
    where
        L: CopyRetile<TiledCopy<Atom, LTv, Tl>, E>,
    {
        <L as CopyRetile<TiledCopy<Atom, LTv, Tl>, E>>::retile(t)
    }
}

/// Walking the atom calls of a partitioned `(CopyV, rest...)` tensor for an atom that
/// moves `N` values per call (CuTe's `Copy_Atom::call`, which peels mode 0 when it holds
/// several atoms' values, e.g. four `ldmatrix` rows folded into `(8,4)`): call `k` is the
/// values `k N ..` in 1-D order, whole offsets (so swizzled layouts walk right). The
/// number of calls is static for static layouts, so the calls unroll.
#[doc(hidden)]
pub trait AtomCalls<N>: Walkable<isize> {
    /// `size(layout) / N`.
    type Calls: ForEachIndex + Integral;
    /// The number of calls.
    fn calls(self) -> Self::Calls;
    /// `size<0>`: the values one predicate of `copy_if` covers.
    fn group_size(self) -> isize;
}
impl<L, N: Integral + Default> AtomCalls<N> for L
where
    L: Walkable<isize> + Shaped + ModeOp<GetOp<U0>>,
    M0<L>: Walkable<isize>,
    SizeT<L>: Integral + core::ops::Div<N, Output: ForEachIndex + Integral>,
{
    type Calls = <SizeT<L> as core::ops::Div<N>>::Output;
    #[inline(always)]
    fn calls(self) -> Self::Calls {
        crate::layout::size(self) / N::default()
    }
    #[inline(always)]
    fn group_size(self) -> isize {
        crate::layout::get::<0, _>(self).walk_size()
    }
}
/// The values of one atom call: `layout(first + i)` for `i < n`.
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct AtomCall<L> {
    layout: L,
    first: isize,
    n: isize,
}
impl<L: Walkable<isize>> Walkable<isize> for AtomCall<L> {
    #[inline(always)]
    fn walk_size(self) -> isize {
        self.n
    }
    #[inline(always)]
    fn walk_index(self, i: isize) -> isize {
        self.layout.walk_index(self.first + i)
    }
}

impl<Op: CopyTraits, T: SizeofBits> Copy_Atom<Op, T>
where
    Self: CopyAtomLayouts,
{
    /// The atom's call `k`: values `k NumValSrc ..` of `ls`, `k NumValDst ..` of `ld`.
    #[inline(always)]
    #[track_caller]
    fn call_k<ES: EngineRef, LS: Walkable<isize>, ED: EngineMut, LD: Walkable<isize>>(
        &self,
        k: usize,
        (src, ls): (&ES, LS),
        (dst, ld): (&mut ED, LD),
    ) where
        Op: CopyOp<ES, ED>,
    {
        let ns = <Self as CopyAtomLayouts>::NumValSrc::default().value();
        let nd = <Self as CopyAtomLayouts>::NumValDst::default().value();
        let k = k as isize;
        let sv = AtomCall {
            layout: ls,
            first: k * ns,
            n: ns,
        };
        let dv = AtomCall {
            layout: ld,
            first: k * nd,
            n: nd,
        };
        self.op().copy_atom(src, sv, dst, dv);
    }

    /// CuTe's `copy(copy_atom, src, dst)`: `src` and `dst` are a thread's partitions,
    /// `(CopyV, rest...)`; the atom moves mode 0 once for every index of the other
    /// modes.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let src: Vec<f32> = (0..8).map(|x| x as f32).collect();
    /// let mut dst = make_owned_tensor::<f32, _>(layout!((4,2):(1,4)));
    /// Copy_Atom::<UniversalCopy<u128>, f32>::new().copy(&make_tensor(&src[..], layout!((4,2):(2,1))), &mut dst.view_mut());
    /// assert_eq!(dst.get((1isize, 1isize)), 3.0);
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn copy<ES, LS, ED, LD>(&self, src: &Tensor<ES, LS>, dst: &mut Tensor<ED, LD>)
    where
        ES: EngineRef,
        ED: EngineMut,
        LS: AtomCalls<NumValSrcT<Op, T>>,
        LD: AtomCalls<NumValDstT<Op, T>>,
        Op: CopyOp<ES, ED>,
    {
        let (ls, ld) = (src.layout, dst.layout);
        let calls = ls.calls();
        check_calls(calls.value(), ld.calls().value());
        calls.for_each_index(
            #[inline(always)]
            |k| self.call_k(k, (&src.engine, ls), (&mut dst.engine, ld)),
        );
    }
    /// CuTe's `copy_if(copy_atom, pred, src, dst)`: as [`copy`](Self::copy), calling the
    /// atom only where the predicate's first value of the call holds.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let src: Vec<f32> = (1..=4).map(|x| x as f32).collect();
    /// let pred = [true, false, true, false];
    /// let mut dst = make_owned_tensor::<f32, _>(layout!((1,4):(0,1)));
    /// Copy_Atom::<DefaultCopy, f32>::new().copy_if(&make_tensor(&pred[..], layout!((1,4):(0,1))), &make_tensor(&src[..], layout!((1,4):(0,1))), &mut dst.view_mut());
    /// assert_eq!((dst.get((0isize, 2isize)), dst.get((0isize, 3isize))), (3.0, 0.0));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn copy_if<EP, LP, ES, LS, ED, LD>(
        &self,
        pred: &Tensor<EP, LP>,
        src: &Tensor<ES, LS>,
        dst: &mut Tensor<ED, LD>,
    ) where
        EP: EngineRef<Elem: Predicate>,
        LP: AtomCalls<crate::int::_1>,
        ES: EngineRef,
        ED: EngineMut,
        LS: AtomCalls<NumValSrcT<Op, T>>,
        LD: AtomCalls<NumValDstT<Op, T>>,
        Op: CopyOp<ES, ED>,
    {
        let (lp, ls, ld) = (pred.layout, src.layout, dst.layout);
        let calls = ls.calls();
        check_calls(calls.value(), ld.calls().value());
        let ns = <Self as CopyAtomLayouts>::NumValSrc::default().value();
        let (gs, gp) = (ls.group_size().max(1), lp.group_size());
        calls.for_each_index(
            #[inline(always)]
            |k| {
                // the predicate of the mode-0 group that holds call k
                let group = k as isize * ns / gs;
                if pred.engine.at(lp.walk_index(group * gp)).holds() {
                    self.call_k(k, (&src.engine, ls), (&mut dst.engine, ld));
                }
            },
        );
    }
}

type NumValSrcT<Op, T> = <Copy_Atom<Op, T> as CopyAtomLayouts>::NumValSrc;
type NumValDstT<Op, T> = <Copy_Atom<Op, T> as CopyAtomLayouts>::NumValDst;

#[inline(always)]
#[track_caller]
fn check_calls(src: isize, dst: isize) {
    if src != dst {
        calls_differ(src, dst)
    }
}
#[cold]
#[inline(never)]
#[track_caller]
fn calls_differ(src: isize, dst: isize) -> ! {
    panic!("copy: the source needs {src} atom calls, the destination {dst}")
}

impl<Op: ZfillCopy, T, LTv, Tl> TiledCopy<Copy_Atom<Op, T>, LTv, Tl> {
    /// CuTe's `tiled_copy.with(pred)` for the `ZFILL` operations: the same tiled copy,
    /// copying when `pred` holds and writing zeros otherwise (one predicate for the
    /// calls it is used for; slice the partitions to predicate call by call).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let c = make_tiled_copy(Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, half::f16>::new(),
    ///                         layout!((16,8):(8,1)), layout!((1,8)));
    /// assert!(c.with(true).atom().op().pred());
    /// ```
    #[inline(always)]
    pub fn with(self, pred: bool) -> Self {
        TiledCopy {
            atom: self.atom.with(pred),
            layout_tv: self.layout_tv,
            tiler: self.tiler,
        }
    }
}

impl<Op: CopyTraits, T: SizeofBits, LTv, Tl> TiledCopy<Copy_Atom<Op, T>, LTv, Tl>
where
    Self: TiledCopyLayouts,
    Copy_Atom<Op, T>: CopyAtomLayouts,
{
    /// CuTe's `copy(tiled_copy, src, dst)` of a thread's partitions (`partition_s` of the
    /// source, `partition_d` of the destination): the atom's copy, see
    /// [`Copy_Atom::copy`].
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let src: Vec<f32> = (0..16 * 8).map(|x| x as f32).collect();
    /// let mut dst = make_owned_tensor::<f32, _>(layout!((16,8):(8,1)));
    /// let c = make_tiled_copy(Copy_Atom::<UniversalCopy<u64>, f32>::new(), layout!((8,8):(8,1)), layout!((2,1):(1,0)));
    /// for thr in 0..64 {
    ///     let s = c.get_slice(thr).partition_s(make_tensor(&src[..], layout!((16,8):(1,16))));
    ///     let mut d = c.get_slice(thr).partition_d(dst.view_mut());
    ///     c.copy(&s, &mut d);
    /// }
    /// assert_eq!(dst.get((3isize, 5isize)), 83.0);
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn copy<ES, LS, ED, LD>(&self, src: &Tensor<ES, LS>, dst: &mut Tensor<ED, LD>)
    where
        ES: EngineRef,
        ED: EngineMut,
        LS: AtomCalls<NumValSrcT<Op, T>>,
        LD: AtomCalls<NumValDstT<Op, T>>,
        Op: CopyOp<ES, ED>,
    {
        self.atom.copy(src, dst)
    }
    /// CuTe's `copy_if(tiled_copy, pred, src, dst)`, see [`Copy_Atom::copy_if`].
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::atom::*;
    /// let src = [5i32; 4];
    /// let pred = [1u8, 0, 0, 1];
    /// let mut dst = make_owned_tensor::<i32, _>(layout!((4,1):(1,0)));
    /// let c = make_tiled_copy(Copy_Atom::<DefaultCopy, i32>::new(), layout!((4,1):(1,0)), layout!(1:0));
    /// for thr in 0..4 {
    ///     let t = c.get_slice(thr);
    ///     let (p, s) = (t.partition_s(make_tensor(&pred[..], layout!((4,1):(1,0)))), t.partition_s(make_tensor(&src[..], layout!((4,1):(1,0)))));
    ///     c.copy_if(&p, &s, &mut t.partition_d(dst.view_mut()));
    /// }
    /// assert_eq!((dst.get(0isize), dst.get(1isize), dst.get(3isize)), (5, 0, 5));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn copy_if<EP, LP, ES, LS, ED, LD>(
        &self,
        pred: &Tensor<EP, LP>,
        src: &Tensor<ES, LS>,
        dst: &mut Tensor<ED, LD>,
    ) where
        EP: EngineRef<Elem: Predicate>,
        LP: AtomCalls<crate::int::_1>,
        ES: EngineRef,
        ED: EngineMut,
        LS: AtomCalls<NumValSrcT<Op, T>>,
        LD: AtomCalls<NumValDstT<Op, T>>,
        Op: CopyOp<ES, ED>,
    {
        self.atom.copy_if(pred, src, dst)
    }
}
