//! Layout construction with computed strides: compact column-major (CuTe's
//! `LayoutLeft`), row-major (`LayoutRight`) and ordered (`make_ordered_layout`).

use super::layout::{Layout, ListOf};
use crate::int::{C, Integral, StaticLt};
use crate::tuple::{Congruent, HCons, HNil, Select, ToList, ToNative, Tup, Zip, hcons};
use core::ops::Mul;
use typenum::{B0, B1, P1, Z0};

/// Compact column-major strides of a shape starting at `Cur` (CuTe's
/// `compact_major<LayoutLeft>`): `Stride` in the profile of the shape, `Next` the
/// running product after it.
#[doc(hidden)]
pub trait CompactLeft<Cur> {
    type Stride: Copy;
    type Next: Copy;
    fn compact_left(self, cur: Cur) -> (Self::Stride, Self::Next);
}

/// Compact row-major strides (CuTe's `compact_major<LayoutRight>`).
#[doc(hidden)]
pub trait CompactRight<Cur> {
    type Stride: Copy;
    type Next: Copy;
    fn compact_right(self, cur: Cur) -> (Self::Stride, Self::Next);
}

/// A leaf extent: `_1` gets stride `_0` and leaves the running product alone.
#[doc(hidden)]
pub trait CompactLeaf<Cur, IsOne> {
    type Stride: Copy;
    type Next: Copy;
    fn compact_leaf(self, cur: Cur) -> (Self::Stride, Self::Next);
}
impl<S, Cur: Copy> CompactLeaf<Cur, B1> for S {
    type Stride = C<Z0>;
    type Next = Cur;
    #[inline(always)]
    fn compact_leaf(self, cur: Cur) -> (C<Z0>, Cur) {
        (C::new(), cur)
    }
}
impl<S, Cur: Copy + Mul<S>> CompactLeaf<Cur, B0> for S
where
    <Cur as Mul<S>>::Output: Copy,
{
    type Stride = Cur;
    type Next = <Cur as Mul<S>>::Output;
    #[inline(always)]
    fn compact_leaf(self, cur: Cur) -> (Cur, Self::Next) {
        (cur, cur * self)
    }
}

macro_rules! compact_leaf_impls {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* Cur> CompactLeft<Cur> for $ty
        where
            $ty: Integral + CompactLeaf<Cur, <$ty as Integral>::IsOne>,
        {
            type Stride = <$ty as CompactLeaf<Cur, <$ty as Integral>::IsOne>>::Stride;
            type Next = <$ty as CompactLeaf<Cur, <$ty as Integral>::IsOne>>::Next;
            #[inline(always)]
            fn compact_left(self, cur: Cur) -> (Self::Stride, Self::Next) {
                self.compact_leaf(cur)
            }
        }
        impl<$($g)* Cur> CompactRight<Cur> for $ty
        where
            $ty: Integral + CompactLeaf<Cur, <$ty as Integral>::IsOne>,
        {
            type Stride = <$ty as CompactLeaf<Cur, <$ty as Integral>::IsOne>>::Stride;
            type Next = <$ty as CompactLeaf<Cur, <$ty as Integral>::IsOne>>::Next;
            #[inline(always)]
            fn compact_right(self, cur: Cur) -> (Self::Stride, Self::Next) {
                self.compact_leaf(cur)
            }
        }
    )*};
}
compact_leaf_impls!(C<N> => [N,], isize => []);

impl<Cur: Copy> CompactLeft<Cur> for HNil {
    type Stride = HNil;
    type Next = Cur;
    #[inline(always)]
    fn compact_left(self, cur: Cur) -> (HNil, Cur) {
        (HNil, cur)
    }
}
impl<H: CompactLeft<Cur>, T: CompactLeft<H::Next>, Cur> CompactLeft<Cur> for HCons<H, T> {
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = T::Next;
    #[inline(always)]
    fn compact_left(self, cur: Cur) -> (Self::Stride, Self::Next) {
        let (h, n) = self.head.compact_left(cur);
        let (t, n) = self.tail.compact_left(n);
        (hcons(h, t), n)
    }
}
impl<Cur: Copy> CompactRight<Cur> for HNil {
    type Stride = HNil;
    type Next = Cur;
    #[inline(always)]
    fn compact_right(self, cur: Cur) -> (HNil, Cur) {
        (HNil, cur)
    }
}
impl<H: CompactRight<T::Next>, T: CompactRight<Cur>, Cur> CompactRight<Cur> for HCons<H, T> {
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = H::Next;
    #[inline(always)]
    fn compact_right(self, cur: Cur) -> (Self::Stride, Self::Next) {
        let (t, n) = self.tail.compact_right(cur);
        let (h, n) = self.head.compact_right(n);
        (hcons(h, t), n)
    }
}

/// Column-major strides of a shape in internal form.
pub(crate) type ColMajor<L> = <L as CompactLeft<C<P1>>>::Stride;
/// Row-major strides of a shape in internal form.
pub(crate) type RowMajor<L> = <L as CompactRight<C<P1>>>::Stride;

/// The layout `make_layout(shape)` returns.
pub type CompactLayout<S> = Layout<S, <ColMajor<ListOf<S>> as ToNative>::Native>;

/// CuTe's `make_layout(shape)`: the compact column-major layout of a shape (CuTe's
/// `LayoutLeft`; size-1 modes get stride `_0`).
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(make_layout(shape!((4, 8))).to_string(), "(_4,_8):(_1,_4)");
/// let m = 4;
/// assert_eq!(make_layout(shape!((m, 8))).to_string(), "(4,_8):(_1,4)");
/// ```
#[inline(always)]
pub fn make_layout<S: ToList>(shape: S) -> CompactLayout<S>
where
    ListOf<S>: CompactLeft<C<P1>>,
    ColMajor<ListOf<S>>: ToNative,
{
    let (d, _) = shape.to_list().compact_left(C::new());
    Layout::from_parts(shape, d.to_native())
}

/// CuTe's `LayoutLeft` tag: compact column-major strides.
#[derive(Clone, Copy, Debug, Default)]
pub struct LayoutLeft;
/// CuTe's `LayoutRight` tag: compact row-major strides.
#[derive(Clone, Copy, Debug, Default)]
pub struct LayoutRight;

/// What `make_layout_with(shape, x)` accepts as `x`: `LayoutLeft`, `LayoutRight`, or an
/// explicit stride congruent with the shape.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot give strides to this shape",
    label = "expected `LayoutLeft`, `LayoutRight` or a stride congruent with the shape"
)]
pub trait StrideFor<S> {
    /// The stride type.
    type Stride: Copy;
    /// The strides for `shape`.
    fn stride_for(self, shape: S) -> Self::Stride;
}
impl<S: ToList> StrideFor<S> for LayoutLeft
where
    ListOf<S>: CompactLeft<C<P1>>,
    ColMajor<ListOf<S>>: ToNative,
{
    type Stride = <ColMajor<ListOf<S>> as ToNative>::Native;
    #[inline(always)]
    fn stride_for(self, shape: S) -> Self::Stride {
        shape.to_list().compact_left(C::new()).0.to_native()
    }
}
impl<S: ToList> StrideFor<S> for LayoutRight
where
    ListOf<S>: CompactRight<C<P1>>,
    RowMajor<ListOf<S>>: ToNative,
{
    type Stride = <RowMajor<ListOf<S>> as ToNative>::Native;
    #[inline(always)]
    fn stride_for(self, shape: S) -> Self::Stride {
        shape.to_list().compact_right(C::new()).0.to_native()
    }
}
impl<S: ToList, D: ToList> StrideFor<S> for D
where
    ListOf<S>: Congruent<ListOf<D>>,
{
    type Stride = D;
    #[inline(always)]
    fn stride_for(self, _: S) -> D {
        self
    }
}

/// CuTe's `make_layout(shape, LayoutLeft{} | LayoutRight{} | stride)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(make_layout_with(shape!((4, 8)), LayoutRight).to_string(), "(_4,_8):(_8,_1)");
/// assert_eq!(make_layout_with(shape!((4, 8)), shape!((2, 8))).to_string(), "(_4,_8):(_2,_8)");
/// ```
#[inline(always)]
pub fn make_layout_with<S: Copy, X: StrideFor<S>>(shape: S, x: X) -> Layout<S, X::Stride> {
    Layout::from_parts(shape, x.stride_for(shape))
}

/// Product of the extents whose order is below `O` (the start of CuTe's
/// `compact_order` for one order entry).
#[doc(hidden)]
pub trait OrderStart<O, Acc> {
    type Output: Copy;
    fn order_start(self, acc: Acc) -> Self::Output;
}
impl<O, Acc: Copy> OrderStart<O, Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn order_start(self, acc: Acc) -> Acc {
        acc
    }
}
impl<O, Acc, S, Oj, T> OrderStart<O, Acc> for HCons<(S, Oj), T>
where
    Oj: StaticLt<O>,
    <Oj as StaticLt<O>>::Output: Select<S, C<P1>>,
    Acc: Mul<<<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::Output>,
    T: OrderStart<
            O,
            <Acc as Mul<<<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::Output>>::Output,
        >,
{
    type Output = <T as OrderStart<
        O,
        <Acc as Mul<<<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::Output>>::Output,
    >>::Output;
    #[inline(always)]
    fn order_start(self, acc: Acc) -> Self::Output {
        let f = <<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::select(self.head.0, C::new());
        self.tail.order_start(acc * f)
    }
}

/// `compact_order` walking the (weakly congruent) order alongside the shape.
#[doc(hidden)]
pub trait CompactOrder<Order, Ref> {
    type Stride: Copy;
    fn compact_order(self, r: Ref) -> Self::Stride;
}
impl<Sh, N, Ref: OrderStart<C<N>, C<P1>>> CompactOrder<C<N>, Ref> for Sh
where
    Sh: CompactLeft<<Ref as OrderStart<C<N>, C<P1>>>::Output>,
{
    type Stride = <Sh as CompactLeft<<Ref as OrderStart<C<N>, C<P1>>>::Output>>::Stride;
    #[inline(always)]
    fn compact_order(self, r: Ref) -> Self::Stride {
        self.compact_left(r.order_start(C::new())).0
    }
}
impl<Ref> CompactOrder<HNil, Ref> for HNil {
    type Stride = HNil;
    #[inline(always)]
    fn compact_order(self, _: Ref) -> HNil {
        HNil
    }
}
impl<H, T, OH, OT, Ref: Copy> CompactOrder<HCons<OH, OT>, Ref> for HCons<H, T>
where
    H: CompactOrder<OH, Ref>,
    T: CompactOrder<OT, Ref>,
{
    type Stride = HCons<H::Stride, T::Stride>;
    #[inline(always)]
    fn compact_order(self, r: Ref) -> Self::Stride {
        hcons(self.head.compact_order(r), self.tail.compact_order(r))
    }
}

/// At each leaf of the order, the product of the matching part of the shape
/// (CuTe's `product_like`), flattened.
#[doc(hidden)]
pub trait ProductLike<Order> {
    type Output: Copy;
    fn product_like(self) -> Self::Output;
}
impl<Sh: Tup, N> ProductLike<C<N>> for Sh {
    type Output = HCons<Sh::Size, HNil>;
    #[inline(always)]
    fn product_like(self) -> Self::Output {
        hcons(self.size(), HNil)
    }
}
impl ProductLike<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn product_like(self) -> HNil {
        HNil
    }
}
impl<H, T, OH, OT> ProductLike<HCons<OH, OT>> for HCons<H, T>
where
    H: ProductLike<OH>,
    T: ProductLike<OT>,
    H::Output: crate::tuple::Concat<T::Output>,
    <H::Output as crate::tuple::Concat<T::Output>>::Output: Copy,
{
    type Output = <H::Output as crate::tuple::Concat<T::Output>>::Output;
    #[inline(always)]
    fn product_like(self) -> Self::Output {
        crate::tuple::Concat::concat(self.head.product_like(), self.tail.product_like())
    }
}

/// The stride `make_ordered_layout(shape, order)` computes, in internal form.
pub(crate) type OrderedStride<S, O> = <ListOf<S> as CompactOrder<
    ListOf<O>,
    <<ListOf<S> as ProductLike<ListOf<O>>>::Output as Zip<<ListOf<O> as Tup>::Flat>>::Output,
>>::Stride;

/// CuTe's `make_ordered_layout(shape, order)`: a compact layout whose strides grow in
/// the order given by the static `order` (weakly congruent with the shape).
///
/// ```
/// use cutlet::prelude::*;
/// let l = make_ordered_layout(shape!((2, 2, 2, 2)), shape!((0, 2, 3, 1)));
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// ```
#[inline(always)]
pub fn make_ordered_layout<S: ToList, O: ToList>(
    shape: S,
    order: O,
) -> Layout<S, <OrderedStride<S, O> as ToNative>::Native>
where
    ListOf<S>: ProductLike<ListOf<O>>,
    ListOf<O>: Tup,
    <ListOf<S> as ProductLike<ListOf<O>>>::Output: Zip<<ListOf<O> as Tup>::Flat>,
    ListOf<S>: CompactOrder<
            ListOf<O>,
            <<ListOf<S> as ProductLike<ListOf<O>>>::Output as Zip<<ListOf<O> as Tup>::Flat>>::Output,
        >,
    OrderedStride<S, O>: ToNative,
{
    let s = shape.to_list();
    let o = order.to_list();
    let r = s.product_like().zip(o.flat());
    Layout::from_parts(shape, s.compact_order(r).to_native())
}

/// The stride of `make_layout_like`, in internal form.
#[doc(hidden)]
pub trait LayoutLikeStride<D> {
    type Output: ToNative;
    fn like_stride(self, d: D) -> Self::Output;
}
type Filtered<S, D> = <S as crate::algebra::FilterZeros<D>>::Output;
type LikeRef<S, D> = <<Filtered<S, D> as ProductLike<D>>::Output as Zip<<D as Tup>::Flat>>::Output;
impl<S, D: Tup> LayoutLikeStride<D> for S
where
    S: crate::algebra::FilterZeros<D>,
    Filtered<S, D>: ProductLike<D> + CompactOrder<D, LikeRef<S, D>>,
    <Filtered<S, D> as ProductLike<D>>::Output: Zip<D::Flat>,
    <Filtered<S, D> as CompactOrder<D, LikeRef<S, D>>>::Stride: ToNative,
{
    type Output = <Filtered<S, D> as CompactOrder<D, LikeRef<S, D>>>::Stride;
    #[inline(always)]
    fn like_stride(self, d: D) -> Self::Output {
        let f = self.filter_zeros(d);
        let r = f.product_like().zip(d.flat());
        f.compact_order(r)
    }
}

/// The stride `make_layout_like` gives a layout of shape `S` and stride `D`.
pub type LikeStride<S, D> =
    <<ListOf<S> as LayoutLikeStride<ListOf<D>>>::Output as ToNative>::Native;

/// CuTe's `make_layout_like(layout)`: a compact layout of the same shape whose modes
/// are ordered as the input's strides order them; static-zero strides are kept. The
/// strides must be static.
///
/// ```
/// use cutlet::prelude::*;
/// let l = make_layout_like(layout!((2,2,2,2):(0,2,4,1)));
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_0,_2,_4,_1)");
/// ```
#[inline(always)]
pub fn make_layout_like<S: ToList, D: ToList>(l: Layout<S, D>) -> Layout<S, LikeStride<S, D>>
where
    ListOf<S>: LayoutLikeStride<ListOf<D>>,
{
    Layout::from_parts(
        l.shape(),
        l.shape()
            .to_list()
            .like_stride(l.stride().to_list())
            .to_native(),
    )
}
