//! Layouts: functions from coordinates to offsets (CuTe's `Layout` and
//! `ComposedLayout`), the [`Layout`] trait every generic function bounds them by, and
//! their queries (size, cosize, rank, depth, evaluation, slicing, modes).
//!
//! [`Layout`] is the one bound generic code needs: each operation of CuTe's layout
//! algebra is an associated type of it, defined for every layout, and its result is a
//! [`Layout`] again. Where CuTe would refuse a static layout (a divisibility condition,
//! ranks that do not match), the result carries an error that stops the build with
//! CuTe's reason when the function is instantiated, as a C++ `static_assert` does.
//!
//! ```
//! use cutlet_core::prelude::*;
//! // One bound, any layout: static, dynamic or mixed.
//! fn tile_count<L: Layout>(l: L) -> usize { size(l).value() as usize / 4 }
//! let n = 8;
//! assert_eq!(tile_count(layout!((4,8):(8,1))), 8);
//! assert_eq!(tile_count(layout!((4,n):(n,1))), 8);
//! ```

pub(crate) mod composed;
mod make;
mod modes;
mod reshape;
mod smem_atoms;
mod static_types;
mod strided;
mod swizzle;

pub use composed::{
    ComposedLayout, LayoutFn, Offset, RecastOffset, SmemPtrFlag, SmemPtrFlagBits,
    make_composed_layout,
};
pub use make::*;
pub use modes::*;
pub use reshape::{Composable, HasLayout, Reshape};
pub use smem_atoms::*;
pub use static_types::*;
pub(crate) use strided::layout_of;
pub use strided::{LayoutOf, StridedLayout};
pub use swizzle::{NoSwizzle, Sw, Swizzle, SwizzleFn, SwizzleMasks, SwizzleNeg};

use crate::algebra::{self as a, Tiler};
use crate::int::{Bit, Conjure, Nat};
use crate::tuple::{AsCoord, CuteDisplay, IntTuple, ceil_div_t, product_each};
use core::fmt;

mod sealed {
    pub trait Sealed {}
    impl<S, D> Sealed for super::StridedLayout<S, D> {}
    impl<A, O, B> Sealed for super::ComposedLayout<A, O, B> {}
}

/// A layout: a function from the coordinates of its shape to offsets (CuTe's `Layout`
/// and `ComposedLayout`). Every operation of the layout algebra is an associated type
/// of this trait, so a generic function needs no other bound to use them.
///
/// ```
/// use cutlet_core::prelude::*;
/// fn blocks<L: Layout>(l: L) -> String { zipped_divide(l, shape!((2, 2))).to_string() }
/// assert_eq!(blocks(layout!((4,4):(1,4))), "((_2,_2),(_2,_2)):((_1,_4),(_2,_8))");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout",
    label = "expected a layout (`layout!(...)`, `make_layout(...)`) or a composed layout"
)]
pub trait Layout:
    Copy
    + CuteDisplay
    + Conjure
    + fmt::Display
    + fmt::Debug
    + 'static
    + sealed::Sealed
    + Shaped
    + LayoutModes
{
    /// `B1` when the layout is fully static (a zero-sized type).
    type IsStatic: Bit;
    /// `B1` when the layout is the ill-formed result of an operation CuTe rejects.
    type HasErr: Bit;
    /// Why it is ill-formed.
    const ERR: &'static str;
    /// The `(shape, stride)` pair of a strided layout (an error for a composed layout,
    /// which has no stride).
    type Pair: IntTuple;
    /// The offset of the coordinate `Crd` (CuTe's `layout(coord)`).
    type Call<Crd: IntTuple>: IntTuple;
    /// CuTe's `coshape(layout)`.
    type Coshape: IntTuple;
    /// CuTe's `coalesce(layout)`.
    type Coalesce: Layout;
    /// CuTe's `coalesce(layout, profile)`.
    type CoalesceBy<P: IntTuple>: Layout;
    /// CuTe's `filter_zeros(layout)`.
    type FilterZeros: Layout;
    /// CuTe's `filter(layout)`.
    type Filter: Layout;
    /// CuTe's `composition(layout, tiler)`.
    type Compose<T: Tiler>: Layout;
    /// CuTe's `complement(layout, cotarget)`.
    type Complement<Cot: IntTuple>: Layout;
    /// CuTe's `complement(layout)`.
    type ComplementSelf: Layout;
    /// CuTe's `right_inverse(layout)`.
    type RightInverse: Layout;
    /// CuTe's `left_inverse(layout)`.
    type LeftInverse: Layout;
    /// CuTe's `logical_divide(layout, tiler)`.
    type LogicalDivide<T: Tiler>: Layout;
    /// CuTe's `zipped_divide(layout, tiler)`.
    type ZippedDivide<T: Tiler>: Layout;
    /// CuTe's `tiled_divide(layout, tiler)`.
    type TiledDivide<T: Tiler>: Layout;
    /// CuTe's `flat_divide(layout, tiler)`.
    type FlatDivide<T: Tiler>: Layout;
    /// CuTe's `logical_product(layout, tiler)`.
    type LogicalProduct<T: Tiler>: Layout;
    /// CuTe's `zipped_product(layout, tiler)`.
    type ZippedProduct<T: Tiler>: Layout;
    /// CuTe's `tiled_product(layout, tiler)`.
    type TiledProduct<T: Tiler>: Layout;
    /// CuTe's `flat_product(layout, tiler)`.
    type FlatProduct<T: Tiler>: Layout;
    /// CuTe's `blocked_product(layout, tiler)`.
    type BlockedProduct<B: Layout>: Layout;
    /// CuTe's `raked_product(layout, tiler)`.
    type RakedProduct<B: Layout>: Layout;
    /// CuTe's `tile_to_shape(layout, shape, order)`.
    type TileToShape<Trg: IntTuple, O: IntTuple>: Layout;
    /// CuTe's `upcast<N>(layout)`.
    type Upcast<N: Nat>: Layout;
    /// CuTe's `downcast<N>(layout)`.
    type Downcast<N: Nat>: Layout;
    /// CuTe's `nullspace(layout)`.
    type Nullspace: Layout;
    /// CuTe's `make_layout_like(layout)`: compact, modes in the order of the strides.
    type LayoutLike: Layout;
    /// CuTe's `make_fragment_like(layout)`: compact, mode 0 column-major and innermost,
    /// the other modes in the order of the strides (a static shape of rank > 1).
    type FragmentLike: Layout;
    /// The layout as a tiler (what generic code composes with or divides by).
    type AsTiler: Tiler;

    /// The value of `Pair`.
    fn pair_of(&self) -> Self::Pair;
    /// The offset of an int-tuple coordinate (what generic code holds; [`call`](Self::call)
    /// takes Rust's integer types too).
    fn call_int<Crd: IntTuple>(&self, c: Crd) -> Self::Call<Crd>;
    /// The offset of a coordinate (CuTe's `layout(coord)`): an integer index
    /// (colexicographic) of any of Rust's index types (`usize`, `isize`, `i32`, `u32`), a
    /// coordinate of the shape (`coord!((i, j))`, `(i, j)`), or anything compatible.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let l = layout!((4,8):(8,1));
    /// let offsets: Vec<isize> = (0..4usize).map(|i| l.call(i).value()).collect();
    /// assert_eq!(offsets, [0, 8, 16, 24]);
    /// assert_eq!(l.call((1usize, 2usize)).value(), 10);
    /// ```
    #[inline]
    #[track_caller]
    fn call<C: AsCoord>(&self, c: C) -> Self::Call<C::Crd> {
        // Checked here too, so that a coordinate CuTe rejects names the caller's line.
        const {
            if <<Self::Call<C::Crd> as IntTuple>::HasErr as Bit>::BOOL {
                panic!("{}", <Self::Call<C::Crd> as IntTuple>::ERR)
            }
        }
        self.call_int(c.as_coord())
    }
    /// The value of `Coshape`.
    fn coshape(&self) -> Self::Coshape;
    /// The value of `Coalesce`.
    fn coalesce(&self) -> Self::Coalesce;
    /// The value of `CoalesceBy`.
    fn coalesce_by<P: IntTuple>(&self, p: P) -> Self::CoalesceBy<P>;
    /// The value of `FilterZeros`.
    fn filter_zeros(&self) -> Self::FilterZeros;
    /// The value of `Filter`.
    fn filter(&self) -> Self::Filter;
    /// The value of `Compose`.
    fn compose<T: Tiler>(&self, t: T) -> Self::Compose<T>;
    /// The value of `Complement`.
    fn complement<Cot: IntTuple>(&self, cot: Cot) -> Self::Complement<Cot>;
    /// The value of `ComplementSelf`.
    fn complement_self(&self) -> Self::ComplementSelf;
    /// The value of `RightInverse`.
    fn right_inverse(&self) -> Self::RightInverse;
    /// The value of `LeftInverse`.
    fn left_inverse(&self) -> Self::LeftInverse;
    /// The value of `LogicalDivide`.
    fn logical_divide<T: Tiler>(&self, t: T) -> Self::LogicalDivide<T>;
    /// The value of `ZippedDivide`.
    fn zipped_divide<T: Tiler>(&self, t: T) -> Self::ZippedDivide<T>;
    /// The value of `TiledDivide`.
    fn tiled_divide<T: Tiler>(&self, t: T) -> Self::TiledDivide<T>;
    /// The value of `FlatDivide`.
    fn flat_divide<T: Tiler>(&self, t: T) -> Self::FlatDivide<T>;
    /// The value of `LogicalProduct`.
    fn logical_product<T: Tiler>(&self, t: T) -> Self::LogicalProduct<T>;
    /// The value of `ZippedProduct`.
    fn zipped_product<T: Tiler>(&self, t: T) -> Self::ZippedProduct<T>;
    /// The value of `TiledProduct`.
    fn tiled_product<T: Tiler>(&self, t: T) -> Self::TiledProduct<T>;
    /// The value of `FlatProduct`.
    fn flat_product<T: Tiler>(&self, t: T) -> Self::FlatProduct<T>;
    /// The value of `BlockedProduct`.
    fn blocked_product<B: Layout>(&self, b: B) -> Self::BlockedProduct<B>;
    /// The value of `RakedProduct`.
    fn raked_product<B: Layout>(&self, b: B) -> Self::RakedProduct<B>;
    /// The value of `TileToShape`.
    fn tile_to_shape<Trg: IntTuple, O: IntTuple>(
        &self,
        trg: Trg,
        o: O,
    ) -> Self::TileToShape<Trg, O>;
    /// The value of `Upcast`.
    fn upcast<N: Nat>(&self) -> Self::Upcast<N>;
    /// The value of `Downcast`.
    fn downcast<N: Nat>(&self) -> Self::Downcast<N>;
    /// The value of `Nullspace`.
    fn nullspace(&self) -> Self::Nullspace;
    /// The value of `LayoutLike`.
    fn layout_like(&self) -> Self::LayoutLike;
    /// The value of `FragmentLike`.
    fn fragment_like(&self) -> Self::FragmentLike;
    /// The value of `AsTiler`.
    fn as_tiler(&self) -> Self::AsTiler;
}

/// Anything with a shape: int tuples (their own shape), layouts, tensors.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(size(layout!((4,8))).to_string(), "_32");            // a layout has a shape
/// assert_eq!(size(shape!((4, 8))).to_string(), "_32");            // so has an int tuple
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no shape",
    label = "expected a layout, a tensor or an int tuple"
)]
pub trait Shaped {
    /// The shape.
    type Shape: IntTuple;
    /// The shape (CuTe's `shape(x)`).
    fn shape(&self) -> Self::Shape;
}
impl<T: IntTuple> Shaped for T {
    type Shape = T;
    #[inline]
    fn shape(&self) -> T {
        *self
    }
}

/// CuTe's `shape(x)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(shape(layout!((4,8):(8,1)))).to_string(), "(_4,_8)");
/// ```
#[inline]
pub fn shape<T: Shaped>(t: T) -> T::Shape {
    t.shape()
}
/// CuTe's `size(x)`: the number of coordinates (the product of the shape); static when
/// the shape is.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(size(layout!(((2,4),(3,5)):((3,6),(1,24)))).to_string(), "_120");
/// let m = 3;
/// assert_eq!(size(shape!((m, 4))), 12);
/// ```
#[inline]
pub fn size<T: Shaped>(t: T) -> SizeT<T> {
    t.shape().size()
}
/// CuTe's `rank(x)`: the number of top-level modes, always static.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(rank(layout!(((2,4),(3,5)):((3,6),(1,24)))).to_string(), "_2");
/// ```
#[inline]
pub fn rank<T: Shaped>(_: T) -> RankT<T> {
    crate::int::C::new()
}
/// CuTe's `depth(x)`: the nesting depth (0 for an integer), always static.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(depth(layout!(((2,4),(3,5)):((3,6),(1,24)))).to_string(), "_2");
/// assert_eq!(depth(layout!(16:1)).to_string(), "_0");
/// ```
#[inline]
pub fn depth<T: Shaped>(_: T) -> DepthT<T> {
    crate::int::C::new()
}

/// `L`'s only value when it is static, else `f()`: a static result never instantiates
/// the code that computes it.
#[inline]
pub(crate) fn static_or<L: Layout, F: FnOnce() -> L>(f: F) -> L {
    <L::IsStatic as Bit>::static_or(f)
}

/// Fails the build where a static layout result is ill-formed (CuTe's
/// `static_assert`), with the reason.
#[inline]
pub(crate) fn check<L: Layout>(l: L) -> L {
    const {
        if <L::HasErr as Bit>::BOOL {
            panic!("{}", L::ERR)
        }
    }
    l
}

impl<S: IntTuple, D: IntTuple> Shaped for StridedLayout<S, D> {
    type Shape = S;
    #[inline]
    fn shape(&self) -> S {
        self.shape_()
    }
}
impl<S: IntTuple, D: IntTuple> Layout for StridedLayout<S, D> {
    type IsStatic = <S::IsStatic as Bit>::And<D::IsStatic>;
    type HasErr = <S::HasErr as Bit>::Or<D::HasErr>;
    const ERR: &'static str = if <S::HasErr as Bit>::BOOL {
        S::ERR
    } else {
        D::ERR
    };
    type Pair = (S, D);
    type Call<Crd: IntTuple> = crate::tuple::Crd2Idx<Crd, S, D>;
    type Coshape = a::complement::Coshape<S, D>;
    type Coalesce = a::coalesce::Coalesce<S, D>;
    type CoalesceBy<P: IntTuple> =
        LayoutOf<a::coalesce::CoalesceByPair<S, D, P, a::coalesce::NoGuard>>;
    type FilterZeros = a::complement::FilterZerosLayout<S, D>;
    type Filter = a::complement::Filter<S, D>;
    type Compose<T: Tiler> = T::ComposeWith<S, D>;
    type Complement<Cot: IntTuple> = a::complement::Complement<S, D, Cot>;
    type ComplementSelf = a::complement::ComplementSelf<S, D>;
    type RightInverse = a::inverse::RightInverse<S, D>;
    type LeftInverse = a::inverse::LeftInverse<S, D>;
    type LogicalDivide<T: Tiler> = T::DivideWith<S, D>;
    type ZippedDivide<T: Tiler> = a::divide::TileUnzip<T::DivideWith<S, D>, T::Profile>;
    type TiledDivide<T: Tiler> =
        <Self::ZippedDivide<T> as LayoutModes>::Slice<a::divide::UnpackRest<Self::ZippedDivide<T>>>;
    type FlatDivide<T: Tiler> =
        <Self::ZippedDivide<T> as LayoutModes>::Slice<a::divide::UnpackBoth<Self::ZippedDivide<T>>>;
    type LogicalProduct<T: Tiler> = T::ProductWith<S, D>;
    type ZippedProduct<T: Tiler> = a::divide::TileUnzip<T::ProductWith<S, D>, T::Profile>;
    type TiledProduct<T: Tiler> = <Self::ZippedProduct<T> as LayoutModes>::Slice<
        a::divide::UnpackRest<Self::ZippedProduct<T>>,
    >;
    type FlatProduct<T: Tiler> = <Self::ZippedProduct<T> as LayoutModes>::Slice<
        a::divide::UnpackBoth<Self::ZippedProduct<T>>,
    >;
    type BlockedProduct<B: Layout> =
        a::product::BlockedProduct<S, D, <B::Pair as IntTuple>::E0, <B::Pair as IntTuple>::E1>;
    type RakedProduct<B: Layout> =
        a::product::RakedProduct<S, D, <B::Pair as IntTuple>::E0, <B::Pair as IntTuple>::E1>;
    type TileToShape<Trg: IntTuple, O: IntTuple> = a::product::TileToShape<S, D, Trg, O>;
    type Upcast<N: Nat> = a::recast::Upcast<S, D, N>;
    type Downcast<N: Nat> = a::recast::Downcast<S, D, N>;
    type Nullspace = a::nullspace::Nullspace<S, D>;
    type LayoutLike = MakeLayoutLike<S, D>;
    type FragmentLike = LayoutOf<<FragmentTiled<S> as Bit>::SelT<FragmentLikeB<S, D>>>;
    type AsTiler = Self;

    #[inline]
    fn pair_of(&self) -> (S, D) {
        self.pair()
    }
    #[inline]
    #[track_caller]
    fn call_int<Crd: IntTuple>(&self, c: Crd) -> Self::Call<Crd> {
        const {
            if <<Self::Call<Crd> as IntTuple>::HasErr as Bit>::BOOL {
                panic!("{}", <Self::Call<Crd> as IntTuple>::ERR)
            }
        }
        crate::tuple::crd2idx(c, self.shape_(), self.stride())
    }
    #[inline]
    #[track_caller]
    fn coshape(&self) -> Self::Coshape {
        a::complement::coshape_pair(self.shape_(), self.stride())
    }
    #[inline]
    fn coalesce(&self) -> Self::Coalesce {
        a::coalesce::coalesce_strided(*self)
    }
    #[inline]
    fn coalesce_by<P: IntTuple>(&self, _: P) -> Self::CoalesceBy<P> {
        let (s, d) = self.pair();
        layout_of(a::coalesce::coalesce_by_pair::<S, D, P, a::coalesce::NoGuard>(s, d))
    }
    #[inline]
    fn filter_zeros(&self) -> Self::FilterZeros {
        let (s, d) = self.pair();
        StridedLayout::from_parts(a::coalesce::filter_zeros_tuple(d, s), d)
    }
    #[inline]
    fn filter(&self) -> Self::Filter {
        let (s, d) = self.pair();
        layout_of(a::complement::filter_pair(s, d))
    }
    #[inline]
    #[track_caller]
    fn compose<T: Tiler>(&self, t: T) -> Self::Compose<T> {
        t.compose_with(*self)
    }
    #[inline]
    #[track_caller]
    fn complement<Cot: IntTuple>(&self, cot: Cot) -> Self::Complement<Cot> {
        a::complement::complement_strided(self.shape_(), self.stride(), cot)
    }
    #[inline]
    #[track_caller]
    fn complement_self(&self) -> Self::ComplementSelf {
        a::complement::complement_self(self.shape_(), self.stride())
    }
    #[inline]
    #[track_caller]
    fn right_inverse(&self) -> Self::RightInverse {
        a::inverse::right_inverse_strided(self.shape_(), self.stride())
    }
    #[inline]
    fn left_inverse(&self) -> Self::LeftInverse {
        a::inverse::left_inverse_strided(self.shape_(), self.stride())
    }
    #[inline]
    #[track_caller]
    fn logical_divide<T: Tiler>(&self, t: T) -> Self::LogicalDivide<T> {
        t.divide_with(*self)
    }
    #[inline]
    #[track_caller]
    fn zipped_divide<T: Tiler>(&self, t: T) -> Self::ZippedDivide<T> {
        a::divide::tile_unzip::<_, T::Profile>(t.divide_with(*self))
    }
    #[inline]
    #[track_caller]
    fn tiled_divide<T: Tiler>(&self, t: T) -> Self::TiledDivide<T> {
        self.zipped_divide(t)
            .slice_and_offset(a::divide::unpack_rest::<Self::ZippedDivide<T>>())
            .0
    }
    #[inline]
    #[track_caller]
    fn flat_divide<T: Tiler>(&self, t: T) -> Self::FlatDivide<T> {
        self.zipped_divide(t)
            .slice_and_offset(a::divide::unpack_both::<Self::ZippedDivide<T>>())
            .0
    }
    #[inline]
    #[track_caller]
    fn logical_product<T: Tiler>(&self, t: T) -> Self::LogicalProduct<T> {
        t.product_with(*self)
    }
    #[inline]
    #[track_caller]
    fn zipped_product<T: Tiler>(&self, t: T) -> Self::ZippedProduct<T> {
        a::divide::tile_unzip::<_, T::Profile>(t.product_with(*self))
    }
    #[inline]
    #[track_caller]
    fn tiled_product<T: Tiler>(&self, t: T) -> Self::TiledProduct<T> {
        self.zipped_product(t)
            .slice_and_offset(a::divide::unpack_rest::<Self::ZippedProduct<T>>())
            .0
    }
    #[inline]
    #[track_caller]
    fn flat_product<T: Tiler>(&self, t: T) -> Self::FlatProduct<T> {
        self.zipped_product(t)
            .slice_and_offset(a::divide::unpack_both::<Self::ZippedProduct<T>>())
            .0
    }
    #[inline]
    #[track_caller]
    fn blocked_product<B: Layout>(&self, b: B) -> Self::BlockedProduct<B> {
        let (p, (s, d)) = (b.pair_of(), self.pair());
        a::product::zip_product::<_, _, _, _, false>(s, d, p.e0(), p.e1())
    }
    #[inline]
    #[track_caller]
    fn raked_product<B: Layout>(&self, b: B) -> Self::RakedProduct<B> {
        let (p, (s, d)) = (b.pair_of(), self.pair());
        a::product::zip_product::<_, _, _, _, true>(s, d, p.e0(), p.e1())
    }
    #[inline]
    #[track_caller]
    fn tile_to_shape<Trg: IntTuple, O: IntTuple>(
        &self,
        trg: Trg,
        o: O,
    ) -> Self::TileToShape<Trg, O> {
        // The body lives here, not behind a forwarding fn: a forwarding call normalizes
        // this result type twice in generic context (results/compile-time-log.md).
        let (s, d) = self.pair();
        let padded = a::product::append_layout::<S, D, a::product::TrgRank<Trg>>(s, d).pair();
        let product_shape = ceil_div_t(product_each(trg), product_each(padded.0));
        let order = compact_order(product_shape, o);
        layout_of(<a::product::TileOk<S, Trg> as Bit>::sel_t(
            a::product::TileToShapeB(padded.0, padded.1, product_shape, order),
        ))
    }
    #[inline]
    #[track_caller]
    fn upcast<N: Nat>(&self) -> Self::Upcast<N> {
        let (s, d) = self.pair();
        layout_of(a::recast::upcast_pair::<S, D, N>(s, d))
    }
    #[inline]
    #[track_caller]
    fn downcast<N: Nat>(&self) -> Self::Downcast<N> {
        let (s, d) = self.pair();
        layout_of(<<<<D::Leaves as IntTuple>::Fold<
            a::recast::HasOne,
            crate::int::C<typenum::Z0>,
        > as IntTuple>::Size as crate::int::LeafOps>::IsOne as Bit>::if_lazy(
            || a::recast::downcast_pair::<S, D, N>(s, d),
            || (Default::default(), Default::default()),
        ))
    }
    #[inline]
    fn nullspace(&self) -> Self::Nullspace {
        Conjure::conjure()
    }
    #[inline]
    fn layout_like(&self) -> Self::LayoutLike {
        make::layout_like_strided(*self)
    }
    #[inline]
    fn fragment_like(&self) -> Self::FragmentLike {
        let (s, d) = self.pair();
        layout_of(<FragmentTiled<S> as Bit>::sel_t(FragmentLikeB(s, d)))
    }
    #[inline]
    fn as_tiler(&self) -> Self {
        *self
    }
}
impl<S: IntTuple, D: IntTuple> Conjure for StridedLayout<S, D> {
    #[inline]
    fn conjure() -> Self {
        StridedLayout::from_parts(S::conjure(), D::conjure())
    }
}

/// Runs a layout operation: a static result is conjured (no code runs), and an
/// ill-formed static result stops the build with CuTe's reason.
#[inline]
pub(crate) fn finish<L: Layout, F: FnOnce() -> L>(f: F) -> L {
    check(static_or(f))
}

/// [`finish`] for an operation whose result may be a swizzle.
#[inline]
#[track_caller]
pub(crate) fn finish_fn<L: LayoutFn, F: FnOnce() -> L>(f: F) -> L {
    const {
        if <L::HasErr as crate::int::Bit>::BOOL {
            panic!("{}", L::ERR)
        }
    }
    <L::IsStatic as crate::int::Bit>::static_or(f)
}
