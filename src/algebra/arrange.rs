//! The arrangements of divide and product results: CuTe's `tile_unzip` (`zip2_by`)
//! gathers `((tiles...), (rests...))`, and tiled/flat forms splat those modes.

use super::tiler::Lay;
use crate::int::C;
use crate::layout::Underscore;
use crate::tuple::{Concat, HCons, HNil, hcons};

/// CuTe's `zip2_by(t, guide)`: the rank-2 modes at the guide's terminals, split into
/// their first and second halves.
#[diagnostic::on_unimplemented(
    message = "zip2_by: this mode is not rank 2 where the tiler expects it",
    label = "the tiler's terminals must meet (tile, rest) modes of the divided layout"
)]
#[doc(hidden)]
pub trait Zip2By<G> {
    type A: Copy;
    type B: Copy;
    fn zip2_by(self) -> (Self::A, Self::B);
}
macro_rules! zip2_terminal {
    ($($g:ty => [$($gp:tt)*]),*) => {$(
        impl<$($gp)* X: Copy, Y: Copy> Zip2By<$g> for HCons<X, HCons<Y, HNil>> {
            type A = X;
            type B = Y;
            #[inline(always)]
            fn zip2_by(self) -> (X, Y) {
                (self.head, self.tail.head)
            }
        }
    )*};
}
zip2_terminal!(C<N> => [N,], isize => [], Underscore => [], Lay<TS, TD> => [TS, TD,]);
impl<T: Zip2Rest<HCons<GH, GT>>, GH, GT> Zip2By<HCons<GH, GT>> for T {
    type A = T::A;
    type B = T::B;
    #[inline(always)]
    fn zip2_by(self) -> (T::A, T::B) {
        self.zip2_rest()
    }
}

/// Walk a tuple guide: split each guided mode, pass the remaining modes to the rests.
#[diagnostic::on_unimplemented(
    message = "zip2_by: the tiler has more modes than the divided layout",
    label = "a tuple tiler may not have more modes than the layout"
)]
#[doc(hidden)]
pub trait Zip2Rest<G> {
    type A: Copy;
    type B: Copy;
    fn zip2_rest(self) -> (Self::A, Self::B);
}
impl<T: Copy> Zip2Rest<HNil> for T {
    type A = HNil;
    type B = T;
    #[inline(always)]
    fn zip2_rest(self) -> (HNil, T) {
        (HNil, self)
    }
}
impl<TH: Zip2By<GH>, TT: Zip2Rest<GT>, GH, GT> Zip2Rest<HCons<GH, GT>> for HCons<TH, TT> {
    type A = HCons<TH::A, TT::A>;
    type B = HCons<TH::B, TT::B>;
    #[inline(always)]
    fn zip2_rest(self) -> (Self::A, Self::B) {
        let (x, y) = self.head.zip2_by();
        let (xs, ys) = self.tail.zip2_rest();
        (hcons(x, xs), hcons(y, ys))
    }
}

/// The modes a mode contributes when sliced with `repeat<rank>(_)`: the sub-modes of a
/// tuple of rank 2 or more, otherwise the mode itself.
#[doc(hidden)]
pub trait Splat {
    type Output: Copy;
    fn splat(self) -> Self::Output;
}
impl<N: Copy> Splat for C<N> {
    type Output = HCons<C<N>, HNil>;
    #[inline(always)]
    fn splat(self) -> Self::Output {
        hcons(self, HNil)
    }
}
impl Splat for isize {
    type Output = HCons<isize, HNil>;
    #[inline(always)]
    fn splat(self) -> Self::Output {
        hcons(self, HNil)
    }
}
impl Splat for HNil {
    type Output = HCons<HNil, HNil>;
    #[inline(always)]
    fn splat(self) -> Self::Output {
        hcons(self, HNil)
    }
}
impl<X: Copy> Splat for HCons<X, HNil> {
    type Output = HCons<HCons<X, HNil>, HNil>;
    #[inline(always)]
    fn splat(self) -> Self::Output {
        hcons(self, HNil)
    }
}
impl<X: Copy, Y: Copy, T: Copy> Splat for HCons<X, HCons<Y, T>> {
    type Output = Self;
    #[inline(always)]
    fn splat(self) -> Self {
        self
    }
}

/// No rearrangement: `logical_divide`, `logical_product`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(logical_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(), "((_4,_2),(_8,_3)):((_1,_4),(_8,_64))");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Logical;
/// The arrangements a divide or product shares (blocked and raked products are not).
#[doc(hidden)]
pub trait ArrangeKind {}
impl ArrangeKind for Logical {}
impl ArrangeKind for Zipped {}
impl ArrangeKind for Tiled {}
impl ArrangeKind for Flat {}
/// `((tiles...), (rests...))`: `zipped_divide`, `zipped_product`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(zipped_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Zipped;
/// `((tiles...), rests...)`: `tiled_divide`, `tiled_product`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(tiled_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(), "((_4,_8),_2,_3):((_1,_8),_4,_64)");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Tiled;
/// `(tiles..., rests...)`: `flat_divide`, `flat_product`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(flat_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(), "(_4,_8,_2,_3):(_1,_8,_4,_64)");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Flat;

/// Arrange a logical result `(Self, D)` for the tiler `G`.
#[doc(hidden)]
pub trait Arrange<D, G, Kind> {
    type Shape: Copy;
    type Stride: Copy;
    fn arrange(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<S: Copy, D: Copy, G> Arrange<D, G, Logical> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn arrange(self, d: D) -> (S, D) {
        (self, d)
    }
}
impl<S: Zip2By<G>, D: Zip2By<G>, G> Arrange<D, G, Zipped> for S {
    type Shape = HCons<S::A, HCons<S::B, HNil>>;
    type Stride = HCons<D::A, HCons<D::B, HNil>>;
    #[inline(always)]
    fn arrange(self, d: D) -> (Self::Shape, Self::Stride) {
        let (sa, sb) = self.zip2_by();
        let (da, db) = d.zip2_by();
        (hcons(sa, hcons(sb, HNil)), hcons(da, hcons(db, HNil)))
    }
}
impl<S: Zip2By<G>, D: Zip2By<G>, G> Arrange<D, G, Tiled> for S
where
    S::B: Splat,
    D::B: Splat,
{
    type Shape = HCons<S::A, <S::B as Splat>::Output>;
    type Stride = HCons<D::A, <D::B as Splat>::Output>;
    #[inline(always)]
    fn arrange(self, d: D) -> (Self::Shape, Self::Stride) {
        let (sa, sb) = self.zip2_by();
        let (da, db) = d.zip2_by();
        (hcons(sa, sb.splat()), hcons(da, db.splat()))
    }
}
impl<S: Zip2By<G>, D: Zip2By<G>, G> Arrange<D, G, Flat> for S
where
    S::A: Splat,
    S::B: Splat,
    D::A: Splat,
    D::B: Splat,
    <S::A as Splat>::Output: Concat<<S::B as Splat>::Output>,
    <D::A as Splat>::Output: Concat<<D::B as Splat>::Output>,
    <<S::A as Splat>::Output as Concat<<S::B as Splat>::Output>>::Output: Copy,
    <<D::A as Splat>::Output as Concat<<D::B as Splat>::Output>>::Output: Copy,
{
    type Shape = <<S::A as Splat>::Output as Concat<<S::B as Splat>::Output>>::Output;
    type Stride = <<D::A as Splat>::Output as Concat<<D::B as Splat>::Output>>::Output;
    #[inline(always)]
    fn arrange(self, d: D) -> (Self::Shape, Self::Stride) {
        let (sa, sb) = self.zip2_by();
        let (da, db) = d.zip2_by();
        (sa.splat().concat(sb.splat()), da.splat().concat(db.splat()))
    }
}
