//! CuTe's layout algebra on the type level: `coalesce`, `composition`, `complement`,
//! the inverses, the divides and the products, and what is built from them.
//!
//! Every operation here is generic over [`Layout`] (and [`Tiler`]) with no other bound,
//! and for static layouts its result is computed by the type checker: a static result is
//! a zero-sized type, produced without running any code. Dynamic parts are computed by
//! the same algorithm at run time.

pub mod coalesce;
pub mod common;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
pub mod nullspace;
pub mod product;
pub mod recast;
mod tiler;

pub use coalesce::coalesce;
pub use common::{max_common_layout, max_common_vector};
pub use tiler::{ModesLayout, Tiler};

use crate::layout::{Composable, Layout, LayoutFn, Reshape, finish, finish_fn};

/// CuTe's `composition(layout, tiler)`: `R(c) = layout(tiler(c))`. The tiler is a
/// layout, an integer `N` (the layout `N:_1`), `_` (the mode stays), or a tuple of
/// tilers applied to the layout's modes one by one (the modes past the tiler are
/// dropped). `layout` may be a composed layout or a swizzle, and the tiler a swizzle
/// or a composed layout, as in CuTe.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(composition(layout!((4,8):(13,1)), layout!(8:2)).to_string(), "(_2,_4):(_26,_1)");
/// assert_eq!(composition(layout!((12,32):(32,1)), shape!((3, 8))).to_string(), "(_3,_8):(_32,_1)");
/// // The swizzle of a shared-memory tile, and the same swizzle seen through a layout.
/// let sw = composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1)));
/// assert_eq!(sw.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// let t = composition(layout!((8,64):(64,1)), Swizzle::<3, 4, 3>::new());
/// assert_eq!(t.to_string(), "Sw<3,1,3> o _0 o (_8,_64):(_64,_1)");
/// ```
///
/// What CuTe rejects fails to build with its reason; here, "composition of two swizzles
/// needs equal shifts":
///
/// ```compile_fail,E0080
/// use cutlet_core::prelude::*;
/// let _ = composition(Swizzle::<1, 2, 3>::new(), Swizzle::<1, 2, 4>::new());
/// ```
#[inline]
#[track_caller]
pub fn composition<X: Composable, T: Tiler>(
    x: X,
    t: T,
) -> X::With<<X::Fn as LayoutFn>::ComposeFn<T>> {
    let l = x.fn_of();
    x.with_fn(finish_fn(|| l.compose_fn(t)))
}

/// CuTe's `coalesce(layout, profile)`: `coalesce` applied at the terminals of the
/// profile (modes past the profile stay as they are).
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!(((1,4),6):((1,1),4));
/// assert_eq!(coalesce_by(l, shape!((1, 1))).to_string(), "(_4,_6):(_1,_4)");
/// ```
#[inline]
pub fn coalesce_by<X: Reshape, P: IntTuple>(
    x: X,
    p: P,
) -> X::With<<X::Layout as Layout>::CoalesceBy<P>> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.coalesce_by(p)))
}
/// CuTe's `filter_zeros(layout)`: every stride-`_0` mode gets extent `_1`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(filter_zeros(layout!((4,3):(1,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
#[inline]
pub fn filter_zeros<X: Reshape>(x: X) -> X::With<<X::Layout as Layout>::FilterZeros> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.filter_zeros()))
}
/// CuTe's `filter(layout)`: `coalesce(filter_zeros(layout))`, every stride-0 and
/// size-1 mode removed.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(filter(layout!(((4,3),2):((18,0),1))).to_string(), "(_4,_2):(_18,_1)");
/// ```
#[inline]
pub fn filter<X: Reshape>(x: X) -> X::With<<X::Layout as Layout>::Filter> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.filter()))
}
/// CuTe's `coshape(layout)`: the smallest coordinate beyond every offset.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(coshape(layout!((4,8):(8,1)))).to_string(), "_32");
/// ```
#[inline]
pub fn coshape<L: Layout>(l: L) -> L::Coshape {
    l.coshape()
}
/// CuTe's `cosize(layout)`: the size of the codomain, `size(coshape(layout))`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(cosize(layout!(((2,4),(3,5)):((3,6),(1,24)))).to_string(), "_120");
/// ```
#[inline]
pub fn cosize<L: Layout>(l: L) -> crate::layout::CosizeT<L> {
    l.coshape().size()
}
/// CuTe's `complement(layout, cotarget)`: the layout of the offsets up to the cotarget
/// that `layout` does not reach.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(complement_to(layout!(((4,4,4)):((1,4,16))), shape!(192)).to_string(), "_3:_64");
/// ```
#[inline]
#[track_caller]
pub fn complement_to<L: Layout, Cot: crate::layout::Shaped>(
    l: L,
    cot: Cot,
) -> L::Complement<Cot::Shape> {
    finish(|| l.complement(cot.shape()))
}
/// CuTe's `complement(layout)`: the complement up to `cosize(filter(layout))`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(complement(layout!((4,2):(1,8))).to_string(), "_2:_4");
/// ```
#[inline]
#[track_caller]
pub fn complement<L: Layout>(l: L) -> L::ComplementSelf {
    finish(|| l.complement_self())
}
/// CuTe's `right_inverse(layout)`: `layout(result(i)) == i` on the result's domain.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(right_inverse(layout!((2,4):(12,1))).to_string(), "_4:_2");
/// ```
#[inline]
#[track_caller]
pub fn right_inverse<L: LayoutFn>(l: L) -> L::RightInverseFn {
    finish_fn(|| l.right_inverse_fn())
}
/// CuTe's `left_inverse(layout)`: `result(layout(i)) == i` (static strides only).
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(left_inverse(layout!((4,8):(8,1))).to_string(), "(_8,_4):(_4,_1)");
/// ```
#[inline]
#[track_caller]
pub fn left_inverse<L: LayoutFn>(l: L) -> L::LeftInverseFn {
    finish_fn(|| l.left_inverse_fn())
}
/// CuTe's `logical_divide(layout, tiler)`: each tiled mode becomes `(tile, rest)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(logical_divide(layout!((8):(1)), layout!(2:1)).to_string(), "(_2,_4):(_1,_2)");
/// ```
#[inline]
#[track_caller]
pub fn logical_divide<X: Reshape, T: Tiler>(
    x: X,
    t: T,
) -> X::With<<X::Layout as Layout>::LogicalDivide<T>> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.logical_divide(t)))
}
/// CuTe's `zipped_divide(layout, tiler)`: `((tiles...), (rests...))`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(zipped_divide(layout!((4,4):(1,4)), shape!((2, 2))).to_string(), "((_2,_2),(_2,_2)):((_1,_4),(_2,_8))");
/// ```
#[inline]
#[track_caller]
pub fn zipped_divide<X: Reshape, T: Tiler>(
    x: X,
    t: T,
) -> X::With<<X::Layout as Layout>::ZippedDivide<T>> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.zipped_divide(t)))
}
/// CuTe's `tiled_divide(layout, tiler)`: `((tiles...), rests...)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(tiled_divide(layout!((4,4):(1,4)), shape!((2, 2))).to_string(), "((_2,_2),_2,_2):((_1,_4),_2,_8)");
/// ```
#[inline]
#[track_caller]
pub fn tiled_divide<X: Reshape, T: Tiler>(
    x: X,
    t: T,
) -> X::With<<X::Layout as Layout>::TiledDivide<T>> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.tiled_divide(t)))
}
/// CuTe's `flat_divide(layout, tiler)`: `(tiles..., rests...)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(flat_divide(layout!((4,4):(1,4)), shape!((2, 2))).to_string(), "(_2,_2,_2,_2):(_1,_4,_2,_8)");
/// ```
#[inline]
#[track_caller]
pub fn flat_divide<X: Reshape, T: Tiler>(
    x: X,
    t: T,
) -> X::With<<X::Layout as Layout>::FlatDivide<T>> {
    let l = x.layout_of();
    x.with_layout(finish(|| l.flat_divide(t)))
}
/// CuTe's `logical_product(block, tiler)`: `(block, tiler over the block's complement)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(logical_product(layout!(2:1), layout!(3:1)).to_string(), "(_2,_3):(_1,_2)");
/// ```
#[inline]
#[track_caller]
pub fn logical_product<L: Layout, T: Tiler>(l: L, t: T) -> L::LogicalProduct<T> {
    finish(|| l.logical_product(t))
}
/// CuTe's `zipped_product(block, tiler)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(zipped_product(layout!((2,2):(1,2)), shape!((3, 1))).to_string(), "((_2,_2),(_3,_1)):((_1,_2),(_2,_0))");
/// ```
#[inline]
#[track_caller]
pub fn zipped_product<L: Layout, T: Tiler>(l: L, t: T) -> L::ZippedProduct<T> {
    finish(|| l.zipped_product(t))
}
/// CuTe's `tiled_product(block, tiler)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(tiled_product(layout!((2,2):(1,2)), shape!((3, 1))).to_string(), "((_2,_2),_3,_1):((_1,_2),_2,_0)");
/// ```
#[inline]
#[track_caller]
pub fn tiled_product<L: Layout, T: Tiler>(l: L, t: T) -> L::TiledProduct<T> {
    finish(|| l.tiled_product(t))
}
/// CuTe's `flat_product(block, tiler)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(flat_product(layout!((2,2):(1,2)), shape!((3, 1))).to_string(), "(_2,_2,_3,_1):(_1,_2,_2,_0)");
/// ```
#[inline]
#[track_caller]
pub fn flat_product<L: Layout, T: Tiler>(l: L, t: T) -> L::FlatProduct<T> {
    finish(|| l.flat_product(t))
}
/// CuTe's `blocked_product(block, tiler)`: the block repeated over the tiler, mode by
/// mode.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(blocked_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "((_2,_3),(_2,_4)):((_1,_4),(_2,_12))");
/// ```
#[inline]
#[track_caller]
pub fn blocked_product<L: Layout, B: Layout>(l: L, b: B) -> L::BlockedProduct<B> {
    finish(|| l.blocked_product(b))
}
/// CuTe's `raked_product(block, tiler)`: the block interleaved over the tiler.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(raked_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "((_3,_2),(_4,_2)):((_4,_1),(_12,_2))");
/// ```
#[inline]
#[track_caller]
pub fn raked_product<L: Layout, B: Layout>(l: L, b: B) -> L::RakedProduct<B> {
    finish(|| l.raked_product(b))
}
/// CuTe's `tile_to_shape(block, shape)`: the block repeated column-major to fill the
/// shape.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(tile_to_shape(layout!((2,2):(1,2)), shape!((4, 6))).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
#[inline]
#[track_caller]
pub fn tile_to_shape<L: Layout, Trg: IntTuple>(
    l: L,
    trg: Trg,
) -> L::TileToShape<Trg, crate::layout::LayoutLeftOrder<Trg>> {
    finish(|| l.tile_to_shape(trg, crate::int::Conjure::conjure()))
}
/// CuTe's `tile_to_shape(block, shape, order)`: the block repeated in the order the
/// modes of `order` give.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4, 6)), shape!((1, 0)));
/// assert_eq!(l.to_string(), "((_2,_2),(_2,_3)):((_1,_12),(_2,_4))");
/// ```
#[inline]
#[track_caller]
pub fn tile_to_shape_ordered<L: Layout, Trg: IntTuple, O: IntTuple>(
    l: L,
    trg: Trg,
    o: O,
) -> L::TileToShape<Trg, O> {
    finish(|| l.tile_to_shape(trg, o))
}
/// CuTe's `upcast<N>(layout)`: the layout of elements `N` times wider.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(upcast::<2, _>(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// ```
#[inline]
#[track_caller]
pub fn upcast<const N: usize, L: LayoutFn>(l: L) -> L::Upcast<crate::tuple::Idx<N>>
where
    typenum::Const<N>: typenum::ToUInt<Output: crate::int::Nat>,
{
    finish_fn(|| l.upcast_fn::<crate::tuple::Idx<N>>())
}
/// CuTe's `downcast<N>(layout)`: the layout of elements `N` times narrower.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(downcast::<2, _>(layout!((4,8):(1,4))).to_string(), "(_8,_8):(_1,_8)");
/// ```
#[inline]
#[track_caller]
pub fn downcast<const N: usize, L: LayoutFn>(l: L) -> L::Downcast<crate::tuple::Idx<N>>
where
    typenum::Const<N>: typenum::ToUInt<Output: crate::int::Nat>,
{
    finish_fn(|| l.downcast_fn::<crate::tuple::Idx<N>>())
}
/// CuTe's `recast_layout<Old, New>(layout)`: the layout of the same memory seen as
/// elements of type `New` (a layout of `Old` elements, upcast or downcast by the ratio of
/// their widths).
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(recast_layout::<u16, u32, _>(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// let sw = composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1)));
/// assert_eq!(recast_layout::<u8, u32, _>(sw).to_string(), "Sw<3,1,3> o _0 o (_8,_16):(_16,_1)");
/// ```
#[inline]
#[track_caller]
pub fn recast_layout<Old: recast::SizeofBits, New: recast::SizeofBits, L: LayoutFn>(
    l: L,
) -> recast::RecastLayout<L, Old, New> {
    finish_fn(|| recast::recast_layout_fn::<L, Old, New>(l))
}
/// CuTe's `nullspace(layout)`: the coordinates `layout` maps to 0.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(nullspace(layout!((4,3,2):(1,0,0))).to_string(), "(_3,_2):(_4,_12)");
/// ```
#[inline]
pub fn nullspace<L: Layout>(l: L) -> L::Nullspace {
    finish(|| l.nullspace())
}

use crate::tuple::IntTuple;
pub use nullspace::domain_distribute;
