//! `tile_to_shape` on the type level (CuTe's layout.hpp and layout_composed.hpp):
//! repeat a block until it covers a target shape, as a `blocked_product` whose tiler is
//! given by the target shape rather than by the number of repetitions.
//!
//! Runtime twin: `dynamic::algebra::tile_to_shape`.

use super::product::{Blocked, Multipliable};
use crate::int::{C, IntCeilDiv};
use crate::layout::{
    CompactShape, ComposeParts, ComposedLayout, Layout, LayoutLeft, ListOf, OrderedShape,
};
use crate::tuple::{HCons, HNil, ToList, ToNative, Tup, hcons};
use core::ops::Rem;
use typenum::{B1, IsEqual, P1, Z0};

/// CuTe's `tile_to_shape` condition: each mode of the (static) target shape is a
/// multiple of the block's mode.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape: the block's shape does not divide the target shape",
    label = "each mode of the target shape must be a multiple of the block's mode"
)]
pub trait BlockDividesTarget {}
impl BlockDividesTarget for B1 {}

/// Divisibility of one target mode by one block mode (checked when both are static).
#[doc(hidden)]
pub trait ModeDivides<B> {}
impl<N: Rem<M>, M> ModeDivides<C<M>> for C<N> where
    <N as Rem<M>>::Output: IsEqual<Z0, Output: BlockDividesTarget>
{
}
impl<M> ModeDivides<C<M>> for isize {}
impl ModeDivides<isize> for isize {}
impl<N> ModeDivides<isize> for C<N> {}

/// CuTe's `product_each`: the size of each top-level mode.
#[doc(hidden)]
pub trait ProductEach: Copy {
    type Output: Copy;
    fn product_each(self) -> Self::Output;
}
impl ProductEach for HNil {
    type Output = HNil;
    #[inline(always)]
    fn product_each(self) -> HNil {
        HNil
    }
}
impl<H: Tup, T: ProductEach> ProductEach for HCons<H, T> {
    type Output = HCons<H::Size, T::Output>;
    #[inline(always)]
    fn product_each(self) -> Self::Output {
        hcons(self.head.size(), self.tail.product_each())
    }
}

macro_rules! leaf_modes {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> ProductEach for $ty {
            type Output = $ty;
            #[inline(always)]
            fn product_each(self) -> $ty {
                self
            }
        }
        // A leaf block against a rank-1 target (CuTe's `ceil_div(tuple, int)`).
        impl<$($g)* T: Copy + IntCeilDiv<$ty> + ModeDivides<$ty>> TileCount<$ty> for HCons<T, HNil> {
            type Output = HCons<T::Output, HNil>;
            #[inline(always)]
            fn tile_count(self, b: $ty) -> Self::Output {
                hcons(self.head.int_ceil_div(b), HNil)
            }
        }
    )*};
}
leaf_modes!(C<N> => [N: Copy,], isize => []);

/// `ceil_div(target, block)` mode by mode, with CuTe's divisibility check.
#[doc(hidden)]
pub trait TileCount<B>: Copy {
    type Output: Copy;
    fn tile_count(self, b: B) -> Self::Output;
}
impl TileCount<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn tile_count(self, _: HNil) -> HNil {
        HNil
    }
}
impl<T: Copy + IntCeilDiv<BH> + ModeDivides<BH>, TT: TileCount<BT>, BH, BT> TileCount<HCons<BH, BT>>
    for HCons<T, TT>
{
    type Output = HCons<T::Output, TT::Output>;
    #[inline(always)]
    fn tile_count(self, b: HCons<BH, BT>) -> Self::Output {
        hcons(self.head.int_ceil_div(b.head), self.tail.tile_count(b.tail))
    }
}

/// The order of the repetitions: [`LayoutLeft`] (column-major, CuTe's default) or an
/// order int tuple as for [`make_ordered_layout`](crate::layout::make_ordered_layout).
#[doc(hidden)]
pub trait TileOrder<P>: Copy {
    type Tiler;
    fn tiler(self, p: P) -> Self::Tiler;
}
impl<P: CompactShape> TileOrder<P> for LayoutLeft {
    type Tiler = P::Output;
    #[inline(always)]
    fn tiler(self, p: P) -> P::Output {
        p.make_layout()
    }
}
impl<P: OrderedShape<O>, O: ToList> TileOrder<P> for O {
    type Tiler = P::Output;
    #[inline(always)]
    fn tiler(self, p: P) -> P::Output {
        p.make_ordered_layout(self)
    }
}

type Rank<T> = <ListOf<T> as Tup>::Rank;
type Padded<L, N, X> = <L as super::product::AppendTo<N, X>>::Output;
type PaddedShape<S, Trg> = Padded<ListOf<S>, Rank<Trg>, C<P1>>;
type PaddedStride<D, Trg> = Padded<ListOf<D>, Rank<Trg>, C<Z0>>;
type ProductShape<S, Trg> = <<ListOf<Trg> as ProductEach>::Output as TileCount<
    <PaddedShape<S, Trg> as ProductEach>::Output,
>>::Output;
type PaddedLayout<S, D, Trg> =
    Layout<<PaddedShape<S, Trg> as ToNative>::Native, <PaddedStride<D, Trg> as ToNative>::Native>;
type TilerOf<S, Trg, Ord> = <Ord as TileOrder<<ProductShape<S, Trg> as ToNative>::Native>>::Tiler;

/// Layouts and composed layouts that CuTe's `tile_to_shape` applies to, repeated in the
/// order `Ord` ([`LayoutLeft`] or an order tuple); [`TileToShapeT`] names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: TileToShape<T, LayoutLeft>, T>(l: L, t: T) -> TileToShapeT<L, T> { tile_to_shape(l, t) }
/// assert_eq!(f(layout!((2,2):(1,2)), shape!((4, 4))).to_string(), "((_2,_2),(_2,_2)):((_1,_4),(_2,_8))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`tile_to_shape` is not defined for `{Self}` and the target shape `{Trg}`",
    label = "the block's rank must not exceed the target's, and its modes must divide the target's"
)]
pub trait TileToShape<Trg, Ord>: crate::algebra::Sealed {
    /// The tiled layout.
    type Output;
    /// CuTe's `tile_to_shape(block, trg_shape, ord_shape)`.
    fn tile_to_shape(self, trg: Trg, ord: Ord) -> Self::Output;
}
impl<S: ToList + Copy, D: ToList + Copy, Trg: ToList, Ord: Copy> TileToShape<Trg, Ord>
    for Layout<S, D>
where
    ListOf<Trg>: Tup + ProductEach,
    ListOf<S>: super::product::AppendTo<Rank<Trg>, C<P1>>,
    ListOf<D>: super::product::AppendTo<Rank<Trg>, C<Z0>>,
    PaddedShape<S, Trg>: ProductEach + ToNative,
    PaddedStride<D, Trg>: ToNative,
    <ListOf<Trg> as ProductEach>::Output: TileCount<<PaddedShape<S, Trg> as ProductEach>::Output>,
    ProductShape<S, Trg>: ToNative,
    Ord: TileOrder<<ProductShape<S, Trg> as ToNative>::Native>,
    PaddedLayout<S, D, Trg>: Multipliable<TilerOf<S, Trg, Ord>, Blocked>,
{
    type Output = <PaddedLayout<S, D, Trg> as Multipliable<TilerOf<S, Trg, Ord>, Blocked>>::Output;
    #[inline(always)]
    fn tile_to_shape(self, trg: Trg, ord: Ord) -> Self::Output {
        use super::product::AppendTo;
        let ps = self.shape().to_list().append_to(C::<P1>::new());
        let pd = self.stride().to_list().append_to(C::<Z0>::new());
        let block_shape = ps.product_each();
        let product_shape = trg.to_list().product_each().tile_count(block_shape);
        let tiler = ord.tiler(product_shape.to_native());
        Layout::from_parts(ps.to_native(), pd.to_native()).product(tiler)
    }
}
impl<A: Copy, O: Copy, B: Copy + TileToShape<Trg, Ord>, Trg, Ord> TileToShape<Trg, Ord>
    for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn tile_to_shape(self, trg: Trg, ord: Ord) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.tile_to_shape(trg, ord))
    }
}
/// The type of `tile_to_shape(l, trg)` (`Ord` = [`LayoutLeft`]) or of
/// `tile_to_shape_ordered(l, trg, ord)`.
///
/// ```
/// use cutlet::prelude::*;
/// let t: TileToShapeT<layout_t!((2,2):(1,2)), shape_t!((4, 2))> = tile_to_shape(layout!((2,2):(1,2)), shape!((4, 2)));
/// assert_eq!(t.to_string(), "((_2,_2),(_2,_1)):((_1,_4),(_2,_0))");
/// ```
pub type TileToShapeT<L, Trg, Ord = LayoutLeft> = <L as TileToShape<Trg, Ord>>::Output;

/// CuTe's `tile_to_shape(block, trg_shape)`: `block` padded to the rank of `trg_shape`
/// (with `_1:_0` modes) and repeated column-major until each mode has the target's size.
/// A static target shape that the block does not divide is a compile error. On a
/// composed layout (a swizzled shared-memory atom) the swizzle and offset are kept.
///
/// Post-condition: the result's modes have the sizes of `trg_shape`'s modes.
///
/// ```
/// use cutlet::prelude::*;
/// let atom = composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1)));
/// let tile = tile_to_shape(atom, shape!((128, 64)));
/// assert_eq!(tile.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
/// assert_eq!(core::mem::size_of_val(&tile), 0);
/// ```
#[inline(always)]
pub fn tile_to_shape<L: TileToShape<Trg, LayoutLeft>, Trg>(
    block: L,
    trg_shape: Trg,
) -> TileToShapeT<L, Trg> {
    block.tile_to_shape(trg_shape, LayoutLeft)
}

/// CuTe's `tile_to_shape(block, trg_shape, ord_shape)`: as [`tile_to_shape`], with the
/// repetitions laid out in the order `ord_shape` (as `make_ordered_layout`).
///
/// ```
/// use cutlet::prelude::*;
/// let b = layout!((2,2):(1,2));
/// let t = tile_to_shape_ordered(b, shape!((4, 4)), shape!((1, 0)));
/// assert_eq!(t.to_string(), "((_2,_2),(_2,_2)):((_1,_8),(_2,_4))");
/// ```
#[inline(always)]
pub fn tile_to_shape_ordered<L: TileToShape<Trg, Ord>, Trg, Ord>(
    block: L,
    trg_shape: Trg,
    ord_shape: Ord,
) -> TileToShapeT<L, Trg, Ord> {
    block.tile_to_shape(trg_shape, ord_shape)
}
