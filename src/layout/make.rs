//! Layout construction with computed strides: compact column-major (CuTe's
//! `LayoutLeft`), row-major (`LayoutRight`) and ordered (`make_ordered_layout`).

use super::layout::{Layout, ListOf};
use crate::int::{C, Integral, StaticLt};
use crate::int::{IntAdd, IntMul};
use crate::tuple::{Congruent, HCons, HNil, Select, ToList, ToNative, Tup, Zip, hcons};
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
impl<S, Cur: Copy + IntMul<S>> CompactLeaf<Cur, B0> for S
where
    <Cur as IntMul<S>>::Output: Copy,
{
    type Stride = Cur;
    type Next = <Cur as IntMul<S>>::Output;
    #[inline(always)]
    fn compact_leaf(self, cur: Cur) -> (Cur, Self::Next) {
        (cur, cur.int_mul(self))
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
///
/// ```
/// use cutlet::prelude::*;
/// let l: CompactLayout<shape_t!((4,8))> = make_layout(shape!((4, 8)));
/// assert_eq!(l.to_string(), "(_4,_8):(_1,_4)");
/// ```
pub type CompactLayout<S> = Layout<S, <ColMajor<ListOf<S>> as ToNative>::Native>;

/// What CuTe's `make_layout` applies to; [`MakeLayoutT`] names the result. A bound on this
/// trait is how generic code asks for `make_layout`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<S: CompactShape>(s: S) -> MakeLayoutT<S> { make_layout(s) }
/// assert_eq!(f(shape!((2, 4))).to_string(), "(_2,_4):(_1,_2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`make_layout` is not defined for `{Self}`",
    label = "CuTe's conditions for `make_layout` do not hold here"
)]
pub trait CompactShape {
    /// The result of `make_layout`.
    type Output;
    /// CuTe's `make_layout` (see the free function).
    fn make_layout(self) -> Self::Output;
}
impl<S: ToList> CompactShape for S
where
    ListOf<S>: CompactLeft<C<P1>>,
    ColMajor<ListOf<S>>: ToNative,
{
    type Output = CompactLayout<S>;
    #[inline(always)]
    fn make_layout(self) -> Self::Output {
        let shape = self;
        let (d, _) = shape.to_list().compact_left(C::new());
        Layout::from_parts(shape, d.to_native())
    }
}
/// The type of `make_layout` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<S: CompactShape>(s: S) -> MakeLayoutT<S> { make_layout(s) }
/// assert_eq!(f(shape!((2, 4))).to_string(), "(_2,_4):(_1,_2)");
/// ```
pub type MakeLayoutT<L> = <L as CompactShape>::Output;

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
pub fn make_layout<L: CompactShape>(shape: L) -> MakeLayoutT<L> {
    shape.make_layout()
}

/// CuTe's `LayoutLeft` tag: compact column-major strides.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(make_layout_with(shape!((4, 8)), LayoutLeft).to_string(), "(_4,_8):(_1,_4)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LayoutLeft;
/// CuTe's `LayoutRight` tag: compact row-major strides.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(make_layout_with(shape!((4, 8)), LayoutRight).to_string(), "(_4,_8):(_8,_1)");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct LayoutRight;

/// What `make_layout_with(shape, x)` accepts as `x`: `LayoutLeft`, `LayoutRight`, or an
/// explicit stride congruent with the shape.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(make_layout_with(shape!((4, 8)), shape!((2, 8))).to_string(), "(_4,_8):(_2,_8)");
/// ```
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
    Acc: IntMul<<<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::Output>,
    T: OrderStart<
            O,
            <Acc as IntMul<<<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::Output>>::Output,
        >,
{
    type Output = <T as OrderStart<
        O,
        <Acc as IntMul<<<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::Output>>::Output,
    >>::Output;
    #[inline(always)]
    fn order_start(self, acc: Acc) -> Self::Output {
        let f = <<Oj as StaticLt<O>>::Output as Select<S, C<P1>>>::select(self.head.0, C::new());
        self.tail.order_start(acc.int_mul(f))
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

/// The largest static entry of a flat order (starting from `_0`).
#[doc(hidden)]
pub trait MaxStatic<Acc> {
    type Output;
}
impl<Acc> MaxStatic<Acc> for HNil {
    type Output = Acc;
}
impl<N, T, Acc> MaxStatic<Acc> for HCons<C<N>, T>
where
    Acc: StaticLt<C<N>>,
    <Acc as StaticLt<C<N>>>::Output: crate::tuple::If<C<N>, Acc>,
    T: MaxStatic<<<Acc as StaticLt<C<N>>>::Output as crate::tuple::If<C<N>, Acc>>::Output>,
{
    type Output = <T as MaxStatic<
        <<Acc as StaticLt<C<N>>>::Output as crate::tuple::If<C<N>, Acc>>::Output,
    >>::Output;
}
impl<T: MaxStatic<Acc>, Acc> MaxStatic<Acc> for HCons<isize, T> {
    type Output = T::Output;
}

/// CuTe's treatment of dynamic order entries: each becomes the static
/// `max_static + 1 + position`, so it sorts after every static entry, left to right.
/// `Max1` is `max_static + 1`; `I` the flat position.
#[doc(hidden)]
pub trait StaticOrder<Max1, I> {
    type Output: Copy + Default;
    type Next;
}
impl<N, Max1, I: core::ops::Add<B1>> StaticOrder<Max1, I> for C<N> {
    type Output = C<N>;
    type Next = <I as core::ops::Add<B1>>::Output;
}
impl<Max1: core::ops::Add<C<<I as crate::int::ToSigned>::Output>>, I> StaticOrder<Max1, I> for isize
where
    I: crate::int::ToSigned + core::ops::Add<B1>,
    <Max1 as core::ops::Add<C<<I as crate::int::ToSigned>::Output>>>::Output: Copy + Default,
{
    type Output = <Max1 as core::ops::Add<C<<I as crate::int::ToSigned>::Output>>>::Output;
    type Next = <I as core::ops::Add<B1>>::Output;
}
impl<Max1, I> StaticOrder<Max1, I> for HNil {
    type Output = HNil;
    type Next = I;
}
impl<H: StaticOrder<Max1, I>, T: StaticOrder<Max1, H::Next>, Max1, I> StaticOrder<Max1, I>
    for HCons<H, T>
{
    type Output = HCons<H::Output, T::Output>;
    type Next = T::Next;
}

/// The order with its dynamic entries made static (see [`StaticOrder`]).
#[doc(hidden)]
pub type OrderOf<O> = <O as StaticOrder<
    <<<O as Tup>::Flat as MaxStatic<C<typenum::Z0>>>::Output as IntAdd<C<P1>>>::Output,
    typenum::U0,
>>::Output;

/// CuTe's `compact_order(shape, order)` on internal forms: the strides of `Self`
/// ordered by `O` (static or dynamic entries, weakly congruent with the shape).
#[doc(hidden)]
pub trait OrderedStrides<O> {
    type Output: ToNative;
    fn ordered_strides(self) -> Self::Output;
}
type OrderRef<S, O> =
    <<S as ProductLike<OrderOf<O>>>::Output as Zip<<OrderOf<O> as Tup>::Flat>>::Output;
impl<S: Copy, O> OrderedStrides<O> for S
where
    O: Tup,
    O::Flat: MaxStatic<C<typenum::Z0>>,
    <O::Flat as MaxStatic<C<typenum::Z0>>>::Output: IntAdd<C<P1>>,
    O: StaticOrder<
            <<O::Flat as MaxStatic<C<typenum::Z0>>>::Output as IntAdd<C<P1>>>::Output,
            typenum::U0,
        >,
    OrderOf<O>: Tup,
    S: ProductLike<OrderOf<O>> + CompactOrder<OrderOf<O>, OrderRef<S, O>>,
    <S as ProductLike<OrderOf<O>>>::Output: Zip<<OrderOf<O> as Tup>::Flat>,
    <S as CompactOrder<OrderOf<O>, OrderRef<S, O>>>::Stride: ToNative,
{
    type Output = <S as CompactOrder<OrderOf<O>, OrderRef<S, O>>>::Stride;
    #[inline(always)]
    fn ordered_strides(self) -> Self::Output {
        let o = <OrderOf<O>>::default();
        let r = self.product_like().zip(o.flat());
        self.compact_order(r)
    }
}

/// The stride `make_ordered_layout(shape, order)` computes, in internal form.
pub(crate) type OrderedStride<S, O> = <ListOf<S> as OrderedStrides<ListOf<O>>>::Output;

/// What CuTe's `make_ordered_layout` applies to; [`MakeOrderedLayoutT`] names the result. A bound on this
/// trait is how generic code asks for `make_ordered_layout`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<S: OrderedShape<O>, O>(s: S, o: O) -> MakeOrderedLayoutT<S, O> { make_ordered_layout(s, o) }
/// assert_eq!(f(shape!((2, 4)), shape!((1, 0))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`make_ordered_layout` is not defined for `{Self}`",
    label = "CuTe's conditions for `make_ordered_layout` do not hold here"
)]
pub trait OrderedShape<O> {
    /// The result of `make_ordered_layout`.
    type Output;
    /// CuTe's `make_ordered_layout` (see the free function).
    fn make_ordered_layout(self, _order: O) -> Self::Output;
}
impl<S: ToList, O: ToList> OrderedShape<O> for S
where
    ListOf<S>: OrderedStrides<ListOf<O>>,
{
    type Output = Layout<S, <OrderedStride<S, O> as ToNative>::Native>;
    #[inline(always)]
    fn make_ordered_layout(self, _order: O) -> Self::Output {
        let shape = self;
        Layout::from_parts(shape, shape.to_list().ordered_strides().to_native())
    }
}
/// The type of `make_ordered_layout` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<S: OrderedShape<O>, O>(s: S, o: O) -> MakeOrderedLayoutT<S, O> { make_ordered_layout(s, o) }
/// assert_eq!(f(shape!((2, 4)), shape!((1, 0))).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub type MakeOrderedLayoutT<L, O> = <L as OrderedShape<O>>::Output;

/// CuTe's `make_ordered_layout(shape, order)`: a compact layout whose strides grow in
/// the order given by `order` (weakly congruent with the shape). Dynamic entries of the
/// order count as larger than every static one, ordered left to right.
///
/// ```
/// use cutlet::prelude::*;
/// let l = make_ordered_layout(shape!((2, 2, 2, 2)), shape!((0, 2, 3, 1)));
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// let (a, b) = (67, 42);
/// let m = make_ordered_layout(shape!(({2}, {3}, {4}, {5})), shape!((2, a, b, 50)));
/// assert_eq!(m.to_string(), "(2,3,4,5):(_1,10,30,2)");
/// ```
#[inline(always)]
pub fn make_ordered_layout<L: OrderedShape<O>, O>(shape: L, order: O) -> MakeOrderedLayoutT<L, O> {
    shape.make_ordered_layout(order)
}

/// The stride of `make_layout_like`, in internal form.
#[doc(hidden)]
pub trait LayoutLikeStride<D> {
    type Output: ToNative;
    fn like_stride(self, d: D) -> Self::Output;
}
type Filtered<S, D> = <S as crate::algebra::FilterZeros<D>>::Output;
impl<S, D: Copy> LayoutLikeStride<D> for S
where
    S: crate::algebra::FilterZeros<D>,
    Filtered<S, D>: OrderedStrides<D>,
{
    type Output = <Filtered<S, D> as OrderedStrides<D>>::Output;
    #[inline(always)]
    fn like_stride(self, d: D) -> Self::Output {
        // The strides are the order; zero-stride modes count as size 1.
        self.filter_zeros(d).ordered_strides()
    }
}

/// The stride `make_layout_like` gives a layout of shape `S` and stride `D`.
///
/// ```
/// use cutlet::prelude::*;
/// let l: Layout<shape_t!((4,8)), LikeStride<shape_t!((4,8)), shape_t!((8,1))>> = make_layout_like(layout!((4,8):(8,1)));
/// assert_eq!(l.to_string(), "(_4,_8):(_8,_1)");
/// ```
pub type LikeStride<S, D> =
    <<ListOf<S> as LayoutLikeStride<ListOf<D>>>::Output as ToNative>::Native;

/// What CuTe's `make_layout_like` applies to; [`LayoutLikeT`] names the result. A bound on this
/// trait is how generic code asks for `make_layout_like`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: LayoutLike>(l: L) -> LayoutLikeT<L> { make_layout_like(l) }
/// assert_eq!(f(layout!((2,4):(8,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`make_layout_like` is not defined for `{Self}`",
    label = "CuTe's conditions for `make_layout_like` do not hold here"
)]
pub trait LayoutLike: crate::algebra::Sealed {
    /// The result of `make_layout_like`.
    type Output;
    /// CuTe's `make_layout_like` (see the free function).
    fn make_layout_like(self) -> Self::Output;
}
impl<S: ToList, D: ToList> LayoutLike for Layout<S, D>
where
    ListOf<S>: LayoutLikeStride<ListOf<D>>,
{
    type Output = Layout<S, LikeStride<S, D>>;
    #[inline(always)]
    fn make_layout_like(self) -> Self::Output {
        let l = self;
        Layout::from_parts(
            l.shape(),
            l.shape()
                .to_list()
                .like_stride(l.stride().to_list())
                .to_native(),
        )
    }
}
/// The type of `make_layout_like` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: LayoutLike>(l: L) -> LayoutLikeT<L> { make_layout_like(l) }
/// assert_eq!(f(layout!((2,4):(8,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub type LayoutLikeT<L> = <L as LayoutLike>::Output;

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
pub fn make_layout_like<L: LayoutLike>(l: L) -> LayoutLikeT<L> {
    l.make_layout_like()
}
