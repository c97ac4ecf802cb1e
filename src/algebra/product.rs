//! `logical_product` and its zipped, tiled, flat, blocked and raked forms on the type
//! level: `(block, composition(complement(block, size(block) * cosize(tiler)), tiler))`.
//!
//! Mirrors its runtime twin `dynamic::algebra::product` (`logical_product` ... `raked_product`), the reference it is tested against
//! (`tests/typed_vs_runtime.rs`).

use super::arrange::{Flat, Logical, Tiled, Zipped};
use super::bymode::{AtTerminal, TerminalOp};
use super::complement::ComplementTo;
use super::composition::ComposeOp;
use super::divide::{AsLayoutTiler, Tiling};
use super::tiler::{Lay, ToTiler};
use super::util::{LayoutOf, LayoutResult, finish};
use crate::int::C;
use crate::int::IntMul;
use crate::layout::{Coshape, Layout, ListOf};
use crate::tuple::{Append, HCons, HNil, ToList, Tup, hcons};
use typenum::{B1, Bit, IsEqual, Max, P1, U0, U1, UInt, Unsigned, Z0};

/// The by-mode product: at a layout terminal take the product, at a shape terminal
/// the product with `make_layout(n)`; modes beyond the tiler are kept.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct ProductOp;
impl TerminalOp for ProductOp {
    type KeepRest = B1;
}

type Cot<S, TS, TD> = <<S as Tup>::Size as IntMul<<TS as Coshape<TD>>::Output>>::Output;
type RestS<S, D, TS, TD> = <S as ComplementTo<D, Cot<S, TS, TD>>>::Shape;
type RestD<S, D, TS, TD> = <S as ComplementTo<D, Cot<S, TS, TD>>>::Stride;
type PlacedS<S, D, TS, TD> =
    <Lay<TS, TD> as AtTerminal<ComposeOp, RestS<S, D, TS, TD>, RestD<S, D, TS, TD>>>::Shape;
type PlacedD<S, D, TS, TD> =
    <Lay<TS, TD> as AtTerminal<ComposeOp, RestS<S, D, TS, TD>, RestD<S, D, TS, TD>>>::Stride;

impl<TS: Copy, TD: Copy, S: Copy, D: Copy> AtTerminal<ProductOp, S, D> for Lay<TS, TD>
where
    S: Tup,
    TS: Coshape<TD>,
    S::Size: IntMul<<TS as Coshape<TD>>::Output>,
    S: ComplementTo<D, Cot<S, TS, TD>>,
    Lay<TS, TD>: AtTerminal<ComposeOp, RestS<S, D, TS, TD>, RestD<S, D, TS, TD>>,
{
    type Shape = HCons<S, HCons<PlacedS<S, D, TS, TD>, HNil>>;
    type Stride = HCons<D, HCons<PlacedD<S, D, TS, TD>, HNil>>;
    #[inline(always)]
    fn at(self, _: ProductOp, s: S, d: D) -> (Self::Shape, Self::Stride) {
        let cot = s.size().int_mul(self.s.coshape(self.d));
        let (rs, rd) = s.complement_to(d, cot);
        let (ps, pd) = self.at(ComposeOp, rs, rd);
        (hcons(s, hcons(ps, HNil)), hcons(d, hcons(pd, HNil)))
    }
}

macro_rules! int_product {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S, D> AtTerminal<ProductOp, S, D> for $ty
        where
            $ty: AsLayoutTiler,
            <$ty as AsLayoutTiler>::Lay: AtTerminal<ProductOp, S, D>,
        {
            type Shape = <<$ty as AsLayoutTiler>::Lay as AtTerminal<ProductOp, S, D>>::Shape;
            type Stride = <<$ty as AsLayoutTiler>::Lay as AtTerminal<ProductOp, S, D>>::Stride;
            #[inline(always)]
            fn at(self, op: ProductOp, s: S, d: D) -> (Self::Shape, Self::Stride) {
                self.as_lay().at(op, s, d)
            }
        }
    )*};
}
int_product!(C<N> => [N: Copy,], isize => []);

/// Layouts that CuTe's products apply to with tiler `T`, arranged as `Kind`
/// ([`Logical`], [`Zipped`], [`Tiled`], [`Flat`], [`Blocked`] or [`Raked`]);
/// [`LogicalProductT`] ... [`RakedProductT`] name the results. A bound on this trait
/// is how generic code asks for a product (the trait is sealed).
///
/// ```
/// use cutlet::prelude::*;
/// fn rep<L: Multipliable<T, Logical>, T>(l: L, t: T) -> LogicalProductT<L, T> { logical_product(l, t) }
/// assert_eq!(rep(layout!((2,2):(1,2)), layout!(3:1)).to_string(), "((_2,_2),_3):((_1,_2),_4)");
/// ```
#[diagnostic::on_unimplemented(
    message = "the product of the block `{Self}` and the tiler `{T}` is not defined",
    label = "CuTe's conditions for this product do not hold, or this is not a layout"
)]
pub trait Multipliable<T, Kind>: crate::algebra::Sealed {
    /// The product layout.
    type Output;
    /// The product (see the free functions).
    fn product(self, tiler: T) -> Self::Output;
}
impl<S: ToList, D: ToList, T: ToTiler, Kind> Multipliable<T, Kind> for Layout<S, D>
where
    Kind: super::arrange::ArrangeKind,
    T::Tiler: Tiling<ProductOp, ListOf<S>, ListOf<D>, Kind>,
    (
        <T::Tiler as Tiling<ProductOp, ListOf<S>, ListOf<D>, Kind>>::Shape,
        <T::Tiler as Tiling<ProductOp, ListOf<S>, ListOf<D>, Kind>>::Stride,
    ): LayoutResult,
{
    type Output = super::divide::TilingT<ProductOp, S, D, T, Kind>;
    #[inline(always)]
    fn product(self, tiler: T) -> Self::Output {
        let block = self;
        finish(|| {
            tiler
                .to_tiler()
                .tiling(block.shape().to_list(), block.stride().to_list())
        })
    }
}

/// `blocked_product`'s arrangement: the block innermost, mode by mode.
///
/// ```
/// use cutlet::prelude::*;
/// let b = layout!((2,2):(1,2));
/// assert_eq!(blocked_product(b, layout!((2,3):(1,2))).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Blocked;
/// `raked_product`'s arrangement: the block interleaved across the tiler.
///
/// ```
/// use cutlet::prelude::*;
/// let b = layout!((2,2):(1,2));
/// assert_eq!(raked_product(b, layout!((2,3):(1,2))).to_string(), "((_2,_2),(_3,_2)):((_4,_1),(_8,_2))");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct Raked;

macro_rules! rank_sensitive_impl {
    ($kind:ty, $raked:ty) => {
        impl<S: ToList, D: ToList, TS: ToList, TD: ToList> Multipliable<Layout<TS, TD>, $kind>
            for Layout<S, D>
        where
            ListOf<S>: RankSensitive<ListOf<D>, ListOf<TS>, ListOf<TD>, $raked>,
            (
                <ListOf<S> as RankSensitive<ListOf<D>, ListOf<TS>, ListOf<TD>, $raked>>::Shape,
                <ListOf<S> as RankSensitive<ListOf<D>, ListOf<TS>, ListOf<TD>, $raked>>::Stride,
            ): LayoutResult,
        {
            type Output = LayoutOf<
                <ListOf<S> as RankSensitive<ListOf<D>, ListOf<TS>, ListOf<TD>, $raked>>::Shape,
                <ListOf<S> as RankSensitive<ListOf<D>, ListOf<TS>, ListOf<TD>, $raked>>::Stride,
            >;
            #[inline(always)]
            fn product(self, tiler: Layout<TS, TD>) -> Self::Output {
                let block = self;
                finish(|| {
                    block.shape().to_list().rank_sensitive(
                        block.stride().to_list(),
                        tiler.shape().to_list(),
                        tiler.stride().to_list(),
                    )
                })
            }
        }
    };
}
rank_sensitive_impl!(Blocked, typenum::B0);
rank_sensitive_impl!(Raked, B1);

macro_rules! product_fn {
    ($(#[$m:meta])* $name:ident, $alias:ident, $kind:ty) => {
        #[doc = concat!("The type of `", stringify!($name), "(block, tiler)` for `block: L`.")]
        ///
        /// ```
        /// use cutlet::prelude::*;
        #[doc = concat!("fn f<L: Multipliable<T, ", stringify!($kind), ">, T>(l: L, t: T) -> ", stringify!($alias), "<L, T> { ", stringify!($name), "(l, t) }")]
        /// assert_eq!(size(f(layout!((2,2):(1,2)), layout!((2,3):(1,2)))).to_string(), "_24");
        /// ```
        pub type $alias<L, T> = <L as Multipliable<T, $kind>>::Output;
        $(#[$m])*
        #[inline(always)]
        pub fn $name<L: Multipliable<T, $kind>, T>(block: L, tiler: T) -> $alias<L, T> {
            block.product(tiler)
        }
    };
}

product_fn!(
    /// CuTe's `logical_product(block, tiler)`: `(block, tiler laid out after the
    /// block)`; the tiler is a layout, a shape, or a tile (by mode).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let b = layout!((2,2):(1,2));
    /// assert_eq!(logical_product(b, layout!(3:1)).to_string(), "((_2,_2),_3):((_1,_2),_4)");
    /// ```
    logical_product, LogicalProductT, Logical
);
product_fn!(
    /// CuTe's `zipped_product(block, tiler)`: `((block...), (products...))`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// assert_eq!(zipped_product(layout!((8,2):(1,0)), layout!(4:1)).to_string(), "((_8,_2),_4):((_1,_0),_8)");
    /// ```
    zipped_product, ZippedProductT, Zipped
);
product_fn!(
    /// CuTe's `tiled_product(block, tiler)`: `((block...), products...)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// assert_eq!(tiled_product(layout!((1,4):(0,1)), layout!((2,8):(1,2))).to_string(), "((_1,_4),_2,_8):((_0,_1),_4,_8)");
    /// ```
    tiled_product, TiledProductT, Tiled
);
product_fn!(
    /// CuTe's `flat_product(block, tiler)`: `(block..., products...)`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// assert_eq!(flat_product(layout!((16):(1)), layout!((1,16):(1,1))).to_string(), "((_16),_1,_16):((_1),_16,_16)");
    /// ```
    flat_product, FlatProductT, Flat
);

/// Append `Self` (a typenum count) copies of `X` to `L`. The count is the `Self`
/// type so that an unknown count stops trait selection.
#[doc(hidden)]
pub trait AppendK<L, X> {
    type Output: Copy;
    fn append_k(l: L, x: X) -> Self::Output;
}
impl<L: Copy, X> AppendK<L, X> for U0 {
    type Output = L;
    #[inline(always)]
    fn append_k(l: L, _: X) -> L {
        l
    }
}
impl<L: Append<X>, X: Copy, Un: Unsigned, Bt: Bit> AppendK<L, X> for UInt<Un, Bt>
where
    UInt<Un, Bt>: core::ops::Sub<B1>,
    <UInt<Un, Bt> as core::ops::Sub<B1>>::Output: AppendK<L::Output, X>,
{
    type Output = <<UInt<Un, Bt> as core::ops::Sub<B1>>::Output as AppendK<L::Output, X>>::Output;
    #[inline(always)]
    fn append_k(l: L, x: X) -> Self::Output {
        <<UInt<Un, Bt> as core::ops::Sub<B1>>::Output as AppendK<L::Output, X>>::append_k(
            l.append(x),
            x,
        )
    }
}

/// CuTe's `append<N>(t, x)`: pad to rank `N` with `x` (a leaf with `N == 1` stays).
#[doc(hidden)]
pub trait AppendTo<N, X> {
    type Output: Copy;
    fn append_to(self, x: X) -> Self::Output;
}
macro_rules! leaf_append_to {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* N: IsEqual<U1>, X> AppendTo<N, X> for $ty
        where
            $ty: LeafAppendTo<N, X, <N as IsEqual<U1>>::Output>,
        {
            type Output = <$ty as LeafAppendTo<N, X, <N as IsEqual<U1>>::Output>>::Output;
            #[inline(always)]
            fn append_to(self, x: X) -> Self::Output {
                self.leaf_append_to(x)
            }
        }
    )*};
}
leaf_append_to!(C<N0> => [N0: Copy,], isize => []);
#[doc(hidden)]
pub trait LeafAppendTo<N, X, One> {
    type Output: Copy;
    fn leaf_append_to(self, x: X) -> Self::Output;
}
impl<L: Copy, N, X> LeafAppendTo<N, X, B1> for L {
    type Output = L;
    #[inline(always)]
    fn leaf_append_to(self, _: X) -> L {
        self
    }
}
impl<L: Copy, N: core::ops::Sub<B1>, X> LeafAppendTo<N, X, typenum::B0> for L
where
    <N as core::ops::Sub<B1>>::Output: AppendK<HCons<L, HNil>, X>,
{
    type Output = <<N as core::ops::Sub<B1>>::Output as AppendK<HCons<L, HNil>, X>>::Output;
    #[inline(always)]
    fn leaf_append_to(self, x: X) -> Self::Output {
        <<N as core::ops::Sub<B1>>::Output as AppendK<HCons<L, HNil>, X>>::append_k(
            hcons(self, HNil),
            x,
        )
    }
}
impl<N: AppendK<HNil, X>, X> AppendTo<N, X> for HNil {
    type Output = <N as AppendK<HNil, X>>::Output;
    #[inline(always)]
    fn append_to(self, x: X) -> Self::Output {
        N::append_k(self, x)
    }
}
impl<H, T, N, X> AppendTo<N, X> for HCons<H, T>
where
    HCons<H, T>: Tup,
    N: core::ops::Sub<<HCons<H, T> as Tup>::Rank>,
    <N as core::ops::Sub<<HCons<H, T> as Tup>::Rank>>::Output: AppendK<HCons<H, T>, X>,
{
    type Output = <<N as core::ops::Sub<<HCons<H, T> as Tup>::Rank>>::Output as AppendK<
        HCons<H, T>,
        X,
    >>::Output;
    #[inline(always)]
    fn append_to(self, x: X) -> Self::Output {
        <<N as core::ops::Sub<<HCons<H, T> as Tup>::Rank>>::Output as AppendK<HCons<H, T>, X>>::append_k(
            self, x,
        )
    }
}

/// CuTe's `zip(a, b)` of two int tuples: `((a0,b0),(a1,b1),...)`, or `((a,b))` for a
/// leaf `a`.
#[diagnostic::on_unimplemented(
    message = "zip: mismatched ranks",
    label = "the block and the product modes must have the same rank to be zipped"
)]
#[doc(hidden)]
pub trait ZipPairs<B> {
    type Output: Copy;
    fn zip_pairs(self, b: B) -> Self::Output;
}
macro_rules! leaf_zip {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* B: Copy> ZipPairs<B> for $ty {
            type Output = HCons<HCons<$ty, HCons<B, HNil>>, HNil>;
            #[inline(always)]
            fn zip_pairs(self, b: B) -> Self::Output {
                hcons(hcons(self, hcons(b, HNil)), HNil)
            }
        }
    )*};
}
leaf_zip!(C<N> => [N: Copy,], isize => []);
impl ZipPairs<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zip_pairs(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H: Copy, T: ZipPairsList<BT>, BH: Copy, BT> ZipPairs<HCons<BH, BT>> for HCons<H, T> {
    type Output = HCons<HCons<H, HCons<BH, HNil>>, T::Output>;
    #[inline(always)]
    fn zip_pairs(self, b: HCons<BH, BT>) -> Self::Output {
        hcons(
            hcons(self.head, hcons(b.head, HNil)),
            self.tail.zip_list(b.tail),
        )
    }
}
#[doc(hidden)]
pub trait ZipPairsList<B> {
    type Output: Copy;
    fn zip_list(self, b: B) -> Self::Output;
}
impl ZipPairsList<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zip_list(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H: Copy, T: ZipPairsList<BT>, BH: Copy, BT> ZipPairsList<HCons<BH, BT>> for HCons<H, T> {
    type Output = HCons<HCons<H, HCons<BH, HNil>>, T::Output>;
    #[inline(always)]
    fn zip_list(self, b: HCons<BH, BT>) -> Self::Output {
        hcons(
            hcons(self.head, hcons(b.head, HNil)),
            self.tail.zip_list(b.tail),
        )
    }
}

/// `blocked_product` (`RAKED = B0`) or `raked_product` (`B1`) on internal forms.
#[doc(hidden)]
pub trait RankSensitive<D, TS, TD, Raked> {
    type Shape: Copy;
    type Stride: Copy;
    fn rank_sensitive(self, d: D, ts: TS, td: TD) -> (Self::Shape, Self::Stride);
}
type R<S, TS> = <<S as Tup>::Rank as Max<<TS as Tup>::Rank>>::Output;
type PadS<X, N> = <X as AppendTo<N, C<P1>>>::Output;
type PadD<X, N> = <X as AppendTo<N, C<Z0>>>::Output;
type ProdLay<TS, TD, S> = Lay<PadS<TS, R<S, TS>>, PadD<TD, R<S, TS>>>;
type ProdS<S, D, TS, TD> =
    <ProdLay<TS, TD, S> as AtTerminal<ProductOp, PadS<S, R<S, TS>>, PadD<D, R<S, TS>>>>::Shape;
type ProdD<S, D, TS, TD> =
    <ProdLay<TS, TD, S> as AtTerminal<ProductOp, PadS<S, R<S, TS>>, PadD<D, R<S, TS>>>>::Stride;
impl<S, D, TS, TD, Raked> RankSensitive<D, TS, TD, Raked> for S
where
    S: Tup,
    TS: Tup,
    S::Rank: Max<TS::Rank>,
    S: AppendTo<R<S, TS>, C<P1>>,
    D: AppendTo<R<S, TS>, C<Z0>>,
    TS: AppendTo<R<S, TS>, C<P1>>,
    TD: AppendTo<R<S, TS>, C<Z0>>,
    ProdLay<TS, TD, S>: AtTerminal<ProductOp, PadS<S, R<S, TS>>, PadD<D, R<S, TS>>>,
    ProdS<S, D, TS, TD>: crate::tuple::Get<U0> + crate::tuple::Get<U1>,
    ProdD<S, D, TS, TD>: crate::tuple::Get<U0> + crate::tuple::Get<U1>,
    (ProdS<S, D, TS, TD>, ProdD<S, D, TS, TD>): ZipOrder<Raked>,
{
    type Shape = <(ProdS<S, D, TS, TD>, ProdD<S, D, TS, TD>) as ZipOrder<Raked>>::Shape;
    type Stride = <(ProdS<S, D, TS, TD>, ProdD<S, D, TS, TD>) as ZipOrder<Raked>>::Stride;
    #[inline(always)]
    fn rank_sensitive(self, d: D, ts: TS, td: TD) -> (Self::Shape, Self::Stride) {
        let tiler = Lay {
            s: ts.append_to(C::new()),
            d: td.append_to(C::new()),
        };
        let r = tiler.at(ProductOp, self.append_to(C::new()), d.append_to(C::new()));
        ZipOrder::zip_order(r)
    }
}

/// Zip the block and product halves of a rank-2 result, in block-first (`B0`) or
/// product-first (`B1`) order.
#[doc(hidden)]
pub trait ZipOrder<Raked> {
    type Shape: Copy;
    type Stride: Copy;
    fn zip_order(self) -> (Self::Shape, Self::Stride);
}
impl<S0, S1, D0, D1> ZipOrder<typenum::B0>
    for (HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>)
where
    S0: ZipPairs<S1>,
    D0: ZipPairs<D1>,
{
    type Shape = S0::Output;
    type Stride = D0::Output;
    #[inline(always)]
    fn zip_order(self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self;
        (s.head.zip_pairs(s.tail.head), d.head.zip_pairs(d.tail.head))
    }
}
impl<S0, S1, D0, D1> ZipOrder<B1> for (HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>)
where
    S1: ZipPairs<S0>,
    D1: ZipPairs<D0>,
{
    type Shape = S1::Output;
    type Stride = D1::Output;
    #[inline(always)]
    fn zip_order(self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self;
        (s.tail.head.zip_pairs(s.head), d.tail.head.zip_pairs(d.head))
    }
}

product_fn!(
    /// CuTe's `blocked_product(block, tiler)`: the block repeated over the tiler, mode
    /// by mode, block innermost; rank `max(rank(block), rank(tiler))`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let b = layout!((2,2):(1,2));
    /// let t = layout!((2,3):(1,2));
    /// assert_eq!(blocked_product(b, t).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
    /// ```
    blocked_product, BlockedProductT, Blocked
);
product_fn!(
    /// CuTe's `raked_product(block, tiler)`: the block interleaved across the tiler.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let b = layout!((2,2):(1,2));
    /// let t = layout!((2,3):(1,2));
    /// assert_eq!(raked_product(b, t).to_string(), "((_2,_2),(_3,_2)):((_4,_1),(_8,_2))");
    /// ```
    raked_product, RakedProductT, Raked
);
