//! Tilers: what the layout algebra composes with and divides by (CuTe's `Tiler`): a
//! layout, an integer `N` (the layout `N:_1`), CuTe's underscore `_` (the mode is left
//! alone), or a tuple of tilers applied mode by mode.

use super::coalesce::{XGuard, coalesce_pair};
use super::composition::{CompImpl, CompositionPair, comp_impl, composition_pair};
use super::divide::{DivideByLayout, divide_by_layout};
use super::product::{ProductByLayout, product_by_layout};
use crate::int::{Bit, C, ErrLeaf, Nat, Ord3, SInt};
use crate::layout::composed::{NotUnderSwizzle, SwizzleOver, not_under_swizzle, swizzle_over};
use crate::layout::{
    CompactColMajor, Layout, LayoutFn, LayoutLeft, StridedLayout, SwizzleMasks, compact_major,
};
use crate::layout::{LayoutOf, layout_of};
use crate::tuple::{CuteDisplay, IntTuple, Underscore};
use typenum::{P1, Z0};

mod arity;

mod sealed {
    pub trait Sealed {}
}

crate::err_msgs!(
    ETilerRank => "the tiler has more modes than the layout it tiles",
);

/// A tiler (CuTe's `Tiler`): a layout, an integer `N` (standing for `N:_1`), the
/// underscore `_` (leave the mode alone), or a tuple of tilers applied mode by mode.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((12,32):(32,1));
/// assert_eq!(composition(l, (layout!(3:4), layout!(8:2))).to_string(), "(_3,_8):(_128,_2)");
/// assert_eq!(composition(l, shape!((3, 8))).to_string(), "(_3,_8):(_32,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler",
    label = "expected a layout, an integer, `_`, or a tuple of those"
)]
pub trait Tiler: Copy + CuteDisplay + 'static + sealed::Sealed {
    /// `B1` for a tuple of tilers (a by-mode tiler).
    type IsTuple: Bit;
    /// The number of modes (1 unless a tuple).
    type Rank: Nat;
    /// The tuple structure (a `_0` at each terminal tiler): the guide of CuTe's
    /// `zip2_by` in the zipped divides and products.
    type Profile: IntTuple;
    /// CuTe's `composition(layout(S, D), self)`.
    type ComposeWith<S: IntTuple, D: IntTuple>: Layout;
    /// CuTe's `logical_divide(layout(S, D), self)`.
    type DivideWith<S: IntTuple, D: IntTuple>: Layout;
    /// CuTe's `logical_product(layout(S, D), self)`.
    type ProductWith<S: IntTuple, D: IntTuple>: Layout;
    /// CuTe's `composition(swizzle, self)`: `W o _0 o self` for a layout, the merged
    /// swizzle for a swizzle, an error for anything else.
    type UnderSwizzle<W: SwizzleMasks + LayoutFn>: LayoutFn;
    /// The value of `UnderSwizzle`.
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, w: W) -> Self::UnderSwizzle<W>;
    /// The value of `ComposeWith`.
    fn compose_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ComposeWith<S, D>;
    /// The value of `DivideWith`.
    fn divide_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::DivideWith<S, D>;
    /// The value of `ProductWith`.
    fn product_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ProductWith<S, D>;
}

impl<N: SInt> sealed::Sealed for C<N> {}
impl sealed::Sealed for isize {}
impl sealed::Sealed for Underscore {}
impl<S, D> sealed::Sealed for StridedLayout<S, D> {}
impl<B, M, S> sealed::Sealed for crate::layout::Sw<B, M, S> {}
impl<A, O, B> sealed::Sealed for crate::layout::ComposedLayout<A, O, B> {}

macro_rules! int_tiler {
    ($ty:ty, [$($g:tt)*]) => {
        impl<$($g)*> Tiler for $ty {
            type IsTuple = typenum::B0;
            type Rank = typenum::U1;
            type Profile = C<Z0>;
            type UnderSwizzle<W: SwizzleMasks + LayoutFn> = NotUnderSwizzle;
            #[inline]
            fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, _: W) -> NotUnderSwizzle {
                not_under_swizzle()
            }
            // CuTe: logical_divide(layout, make_layout(tiler))
            type DivideWith<S: IntTuple, D: IntTuple> = DivideByLayout<S, D, Self, CompactColMajor<Self>>;
            // CuTe: logical_product(block, make_layout(tiler))
            type ProductWith<S: IntTuple, D: IntTuple> = ProductByLayout<S, D, Self, CompactColMajor<Self>>;
            #[inline]
            #[track_caller]
            fn divide_with<S: IntTuple, D: IntTuple>(self, l: StridedLayout<S, D>) -> Self::DivideWith<S, D> {
                let (s, d) = l.pair();
                divide_by_layout(s, d, self, compact_major::<LayoutLeft, _, _>(self, C::<P1>::new()))
            }
            #[inline]
            #[track_caller]
            fn product_with<S: IntTuple, D: IntTuple>(self, l: StridedLayout<S, D>) -> Self::ProductWith<S, D> {
                let (s, d) = l.pair();
                product_by_layout(s, d, self, compact_major::<LayoutLeft, _, _>(self, C::<P1>::new()))
            }
            // CuTe: composition_impl(coalesce_x(lhs), rhs, Int<1>{})
            type ComposeWith<S: IntTuple, D: IntTuple> = LayoutOf<CompImpl<
                <super::coalesce::CoalescePair<S, D, XGuard> as IntTuple>::E0,
                <super::coalesce::CoalescePair<S, D, XGuard> as IntTuple>::E1,
                Self,
                C<P1>,
            >>;
            #[inline]
            #[track_caller]
            fn compose_with<S: IntTuple, D: IntTuple>(self, l: StridedLayout<S, D>) -> Self::ComposeWith<S, D> {
                let (s, d) = l.pair();
                let flat = coalesce_pair::<S, D, XGuard>(s, d);
                layout_of(comp_impl(flat.e0(), flat.e1(), self, C::<P1>::new()))
            }
        }
    };
}
int_tiler!(C<N>, [N: SInt]);
int_tiler!(isize, []);

impl Tiler for Underscore {
    type IsTuple = typenum::B0;
    type Rank = typenum::U1;
    type Profile = C<Z0>;
    type UnderSwizzle<W: SwizzleMasks + LayoutFn> = NotUnderSwizzle;
    #[inline]
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, _: W) -> NotUnderSwizzle {
        not_under_swizzle()
    }
    type ComposeWith<S: IntTuple, D: IntTuple> = StridedLayout<S, D>;
    type DivideWith<S: IntTuple, D: IntTuple> = StridedLayout<S, D>;
    type ProductWith<S: IntTuple, D: IntTuple> = StridedLayout<S, D>;
    #[inline]
    fn compose_with<S: IntTuple, D: IntTuple>(self, l: StridedLayout<S, D>) -> StridedLayout<S, D> {
        l
    }
    #[inline]
    fn divide_with<S: IntTuple, D: IntTuple>(self, l: StridedLayout<S, D>) -> StridedLayout<S, D> {
        l
    }
    #[inline]
    fn product_with<S: IntTuple, D: IntTuple>(self, l: StridedLayout<S, D>) -> StridedLayout<S, D> {
        l
    }
}

impl<RS: IntTuple, RD: IntTuple> Tiler for StridedLayout<RS, RD> {
    type IsTuple = typenum::B0;
    type Rank = typenum::U1;
    type Profile = C<Z0>;
    type UnderSwizzle<W: SwizzleMasks + LayoutFn> = SwizzleOver<W, Self>;
    #[inline]
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, w: W) -> Self::UnderSwizzle<W> {
        swizzle_over(w, self)
    }
    type ComposeWith<S: IntTuple, D: IntTuple> = LayoutOf<CompositionPair<S, D, RS, RD>>;
    type DivideWith<S: IntTuple, D: IntTuple> = DivideByLayout<S, D, RS, RD>;
    type ProductWith<S: IntTuple, D: IntTuple> = ProductByLayout<S, D, RS, RD>;
    #[inline]
    #[track_caller]
    fn divide_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::DivideWith<S, D> {
        let ((s, d), (rs, rd)) = (l.pair(), self.pair());
        divide_by_layout(s, d, rs, rd)
    }
    #[inline]
    #[track_caller]
    fn product_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ProductWith<S, D> {
        let ((s, d), (rs, rd)) = (l.pair(), self.pair());
        product_by_layout(s, d, rs, rd)
    }
    #[inline]
    #[track_caller]
    fn compose_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ComposeWith<S, D> {
        let ((s, d), (rs, rd)) = (l.pair(), self.pair());
        layout_of(composition_pair(s, d, rs, rd))
    }
}

/// A by-mode result: the `(shape, stride)` pairs of the modes as one layout, or an
/// error when the tiler has more modes than the layout.
pub type ModesLayout<P, S, TRank> = <RankOk<S, TRank> as Bit>::IfT<
    crate::tuple::Unzip<P>,
    (ErrLeaf<ETilerRank>, ErrLeaf<ETilerRank>),
>;
type RankOk<S, TRank> = <<<<S as IntTuple>::Rank as Nat>::Cmp<TRank> as Ord3>::Lt as Bit>::Not;
/// The value of [`ModesLayout`].
#[inline]
pub(crate) fn modes_layout<P: IntTuple, S: IntTuple, TRank: Nat>(
    p: P,
) -> LayoutOf<ModesLayout<P, S, TRank>> {
    layout_of(<RankOk<S, TRank> as Bit>::if_t(
        crate::tuple::unzip(p),
        (ErrLeaf::default(), ErrLeaf::default()),
    ))
}
/// The `(shape, stride)` pairs of the modes of `(S, D)` from `N` on (the modes a by-mode
/// divide or product leaves alone).
pub type RestPairs<S, D, N> =
    crate::tuple::Drop<crate::tuple::Pairs<crate::tuple::Wrap<S>, crate::tuple::Wrap<D>>, N>;
/// The value of [`RestPairs`].
#[inline]
pub(crate) fn rest_pairs<S: IntTuple, D: IntTuple, N: Nat>(s: S, d: D) -> RestPairs<S, D, N> {
    crate::tuple::drop_n::<_, N>(
        crate::tuple::wrap(s).zip(crate::tuple::wrap(d), crate::tuple::PairFn),
    )
}
