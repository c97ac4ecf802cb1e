//! `logical_divide` and its zipped, tiled and flat forms on the type level:
//! `composition(layout, (tiler, complement(tiler, shape(coalesce(layout)))))` by mode.
//!
//! Mirrors its runtime twin `dynamic::algebra::divide` (`by_tiler`, `logical_divide` ... `flat_divide`), the reference it is tested against
//! (`tests/typed_vs_runtime.rs`).

use super::arrange::{Arrange, Flat, Logical, Tiled, Zipped};
use super::bymode::{AtTerminal, TerminalOp};
use super::coalesce::CoalesceImpl;
use super::complement::ComplementTo;
use super::composition::ComposeOp;
use super::tiler::{Lay, ToTiler};
use super::util::{LayoutOf, LayoutResult, finish};
use crate::int::C;
use crate::layout::{CompactLeft, Layout, ListOf};
use crate::tuple::{HCons, HNil, ToList, hcons};
use typenum::{B0, B1, P1};

/// The by-mode divide: at a layout terminal divide, at a shape terminal divide by
/// `make_layout(n)`; modes beyond the tiler are kept.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct DivideOp;
impl TerminalOp for DivideOp {
    type KeepRest = B1;
}

type Cot<S, D> = <S as CoalesceImpl<D, B0>>::Shape;
type Rest<TS, TD, S, D> = <TS as ComplementTo<TD, Cot<S, D>>>::Shape;
type RestD<TS, TD, S, D> = <TS as ComplementTo<TD, Cot<S, D>>>::Stride;
type Rhs<TS, TD, S, D> =
    Lay<HCons<TS, HCons<Rest<TS, TD, S, D>, HNil>>, HCons<TD, HCons<RestD<TS, TD, S, D>, HNil>>>;

impl<TS: Copy, TD: Copy, S: Copy, D: Copy> AtTerminal<DivideOp, S, D> for Lay<TS, TD>
where
    S: CoalesceImpl<D, B0>,
    TS: ComplementTo<TD, Cot<S, D>>,
    Rhs<TS, TD, S, D>: AtTerminal<ComposeOp, S, D>,
{
    type Shape = <Rhs<TS, TD, S, D> as AtTerminal<ComposeOp, S, D>>::Shape;
    type Stride = <Rhs<TS, TD, S, D> as AtTerminal<ComposeOp, S, D>>::Stride;
    #[inline(always)]
    fn at(self, _: DivideOp, s: S, d: D) -> (Self::Shape, Self::Stride) {
        let (cot, _) = s.coalesce(d);
        let (rs, rd) = self.s.complement_to(self.d, cot);
        let rhs = Lay {
            s: hcons(self.s, hcons(rs, HNil)),
            d: hcons(self.d, hcons(rd, HNil)),
        };
        rhs.at(ComposeOp, s, d)
    }
}

/// A shape terminal `n` is the layout `make_layout(n)`.
#[doc(hidden)]
pub trait AsLayoutTiler: Copy {
    type Lay: Copy;
    fn as_lay(self) -> Self::Lay;
}
macro_rules! int_tiler {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> AsLayoutTiler for $ty
        where
            $ty: CompactLeft<C<P1>>,
        {
            type Lay = Lay<$ty, <$ty as CompactLeft<C<P1>>>::Stride>;
            #[inline(always)]
            fn as_lay(self) -> Self::Lay {
                Lay { s: self, d: self.compact_left(C::new()).0 }
            }
        }
        impl<$($g)* S, D> AtTerminal<DivideOp, S, D> for $ty
        where
            $ty: AsLayoutTiler,
            <$ty as AsLayoutTiler>::Lay: AtTerminal<DivideOp, S, D>,
        {
            type Shape = <<$ty as AsLayoutTiler>::Lay as AtTerminal<DivideOp, S, D>>::Shape;
            type Stride = <<$ty as AsLayoutTiler>::Lay as AtTerminal<DivideOp, S, D>>::Stride;
            #[inline(always)]
            fn at(self, op: DivideOp, s: S, d: D) -> (Self::Shape, Self::Stride) {
                self.as_lay().at(op, s, d)
            }
        }
    )*};
}
int_tiler!(C<N> => [N: Copy,], isize => []);

/// A divide (or product) of `(S, D)` by the tiler `Self`, arranged as `Kind`.
#[doc(hidden)]
pub trait Tiling<Op, S, D, Kind> {
    type Shape: Copy;
    type Stride: Copy;
    fn tiling(self, s: S, d: D) -> (Self::Shape, Self::Stride);
}
impl<T: Copy, Op: Copy + Default, S, D, Kind> Tiling<Op, S, D, Kind> for T
where
    T: AtTerminal<Op, S, D>,
    T::Shape: Arrange<T::Stride, T, Kind>,
{
    type Shape = <T::Shape as Arrange<T::Stride, T, Kind>>::Shape;
    type Stride = <T::Shape as Arrange<T::Stride, T, Kind>>::Stride;
    #[inline(always)]
    fn tiling(self, s: S, d: D) -> (Self::Shape, Self::Stride) {
        let (rs, rd) = self.at(Op::default(), s, d);
        rs.arrange(rd)
    }
}
impl Default for DivideOp {
    fn default() -> Self {
        DivideOp
    }
}

/// The layout a divide or product returns.
///
/// ```
/// use cutlet::prelude::*;
/// let t = zipped_divide(layout!((8,24):(1,8)), shape!((4, 8)));
/// assert_eq!(t.to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
/// assert_eq!(core::mem::size_of_val(&t), 0);
/// ```
#[doc(hidden)]
pub type TilingT<Op, S, D, T, Kind> = LayoutOf<
    <<T as ToTiler>::Tiler as Tiling<Op, ListOf<S>, ListOf<D>, Kind>>::Shape,
    <<T as ToTiler>::Tiler as Tiling<Op, ListOf<S>, ListOf<D>, Kind>>::Stride,
>;

/// Layouts and tensors that CuTe's divides apply to with tiler `T`, arranged as
/// `Kind` ([`Logical`], [`Zipped`], [`Tiled`] or [`Flat`]); [`LogicalDivideT`],
/// [`ZippedDivideT`], [`TiledDivideT`] and [`FlatDivideT`] name the results. A bound on
/// this trait is how generic code asks for a divide (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn tiles<L: Divisible<T, Zipped>, T>(l: L, t: T) -> ZippedDivideT<L, T> { zipped_divide(l, t) }
/// assert_eq!(tiles(layout!((8,24):(1,8)), shape!((4, 8))).to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot divide `{Self}` by the tiler `{T}`",
    label = "CuTe's conditions for this divide do not hold, or this is not a layout or tensor",
    note = "a tiler is a layout, a shape, `X` (CuTe's `_`) or a tuple of those with at most as many modes as the layout"
)]
pub trait Divisible<T, Kind>: crate::algebra::Sealed {
    /// The divided layout (or tensor).
    type Output;
    /// The divide (see the free functions).
    fn divide(self, tiler: T) -> Self::Output;
}
impl<S: ToList, D: ToList, T: ToTiler, Kind> Divisible<T, Kind> for Layout<S, D>
where
    T::Tiler: Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>,
    (
        <T::Tiler as Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>>::Shape,
        <T::Tiler as Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>>::Stride,
    ): LayoutResult,
{
    type Output = TilingT<DivideOp, S, D, T, Kind>;
    #[inline(always)]
    fn divide(self, tiler: T) -> Self::Output {
        let l = self;
        finish(|| {
            tiler
                .to_tiler()
                .tiling(l.shape().to_list(), l.stride().to_list())
        })
    }
}
impl<E, L: Divisible<T, Kind>, T, Kind> Divisible<T, Kind> for crate::tensor::Tensor<E, L> {
    type Output = crate::tensor::Tensor<E, L::Output>;
    #[inline(always)]
    fn divide(self, tiler: T) -> Self::Output {
        self.map_layout_with(|l| l.divide(tiler))
    }
}

macro_rules! divide_fn {
    ($(#[$m:meta])* $name:ident, $alias:ident, $kind:ty) => {
        #[doc = concat!("The type of `", stringify!($name), "(l, tiler)` for `l: L`.")]
        ///
        /// ```
        /// use cutlet::prelude::*;
        #[doc = concat!("fn f<L: Divisible<T, ", stringify!($kind), ">, T>(l: L, t: T) -> ", stringify!($alias), "<L, T> { ", stringify!($name), "(l, t) }")]
        /// assert_eq!(size(f(layout!((8,24):(1,8)), shape!((4, 8)))).to_string(), "_192");
        /// ```
        pub type $alias<L, T> = <L as Divisible<T, $kind>>::Output;
        $(#[$m])*
        #[inline(always)]
        pub fn $name<L: Divisible<T, $kind>, T>(layout: L, tiler: T) -> $alias<L, T> {
            layout.divide(tiler)
        }
    };
}

divide_fn!(
    /// CuTe's `logical_divide(layout, tiler)`: each tiled mode becomes
    /// `(tile, rest)`; the tiler is a layout, a shape, or a tile (by mode).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let a = layout!((4,2,3):(2,1,8));
    /// assert_eq!(logical_divide(a, layout!(4:2)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    logical_divide, LogicalDivideT, Logical
);
divide_fn!(
    /// CuTe's `zipped_divide(layout, tiler)`: `((tiles...), (rests...))`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let a = layout!((8,24):(1,8));
    /// assert_eq!(zipped_divide(a, shape!((4, 8))).to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
    /// ```
    zipped_divide, ZippedDivideT, Zipped
);
divide_fn!(
    /// CuTe's `tiled_divide(layout, tiler)`: `((tiles...), rests...)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let a = layout!((8,24):(1,8));
    /// assert_eq!(tiled_divide(a, shape!((4, 8))).to_string(), "((_4,_8),_2,_3):((_1,_8),_4,_64)");
    /// ```
    tiled_divide, TiledDivideT, Tiled
);
divide_fn!(
    /// CuTe's `flat_divide(layout, tiler)`: `(tiles..., rests...)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let a = layout!((8,24):(1,8));
    /// assert_eq!(flat_divide(a, shape!((4, 8))).to_string(), "(_4,_8,_2,_3):(_1,_8,_4,_64)");
    /// ```
    flat_divide, FlatDivideT, Flat
);
