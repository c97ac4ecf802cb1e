//! CuTe's `make_fragment_like(layout)`: the compact layout a register fragment of a
//! tile gets. Mode 0 (the mode MMA and copy atoms use) is laid out column-major first,
//! keeping its static-zero strides; the other modes follow in the order of the source's
//! strides. As in CuTe this needs a static shape and at least two modes; otherwise the
//! fragment is the plain `make_layout(shape)`.
//!
//! Mirrors its runtime twin `dynamic::algebra::product::make_fragment_like`, the reference it is tested against
//! (`tests/typed_vs_runtime.rs`).

use super::FilterZeros;
use super::arrange::Tiled;
use super::divide::{Tiling, TilingT};
use super::product::{ProductOp, tiled_product};
use super::tiler::ToTiler;
use super::util::LayoutResult;
use crate::int::C;
use crate::layout::{
    ColMajor, CompactLayout, CompactLeft, Layout, ListOf, OrderedStride, OrderedStrides,
    make_layout, make_ordered_layout,
};
use crate::tuple::{ToList, ToNative, Tup};
use typenum::{B0, B1, P1};

/// A native tuple of two or more modes, split into its first mode and the rest.
#[doc(hidden)]
pub trait SplitFirst: ToList {
    /// Mode 0.
    type First: ToList;
    /// Modes 1 and up, as a tuple.
    type Rest: ToList;
    /// Split.
    fn split_first(self) -> (Self::First, Self::Rest);
}
macro_rules! split_first {
    ($(($a:ident $(, $t:ident $i:tt)+)),*) => {$(
        impl<$a: Copy, $($t: Copy),+> SplitFirst for ($a, $($t),+)
        where
            ($a, $($t),+): ToList,
            ($($t,)+): ToList,
            $a: ToList,
        {
            type First = $a;
            type Rest = ($($t,)+);
            #[inline(always)]
            fn split_first(self) -> ($a, ($($t,)+)) {
                (self.0, ($(self.$i,)+))
            }
        }
    )*};
}
split_first!((A, B 1), (A, B 1, D 2), (A, B 1, D 2, E 3), (A, B 1, D 2, E 3, F 4),
    (A, B 1, D 2, E 3, F 4, G 5), (A, B 1, D 2, E 3, F 4, G 5, H 6),
    (A, B 1, D 2, E 3, F 4, G 5, H 6, I 7));

type First<X> = <X as SplitFirst>::First;
type Rest<X> = <X as SplitFirst>::Rest;
/// The shape of mode 0 with its static-zero-stride extents set to 1 (internal form).
type Filtered0<S, D> = <ListOf<First<S>> as FilterZeros<ListOf<First<D>>>>::Output;
/// Mode 0's stride in a fragment: column-major over `Filtered0`, so zero strides stay.
type M0Stride<S, D> = <ColMajor<Filtered0<S, D>> as ToNative>::Native;
/// The other modes of a fragment, ordered by the source strides.
type Tiles<S, D> = Layout<Rest<S>, <OrderedStride<Rest<S>, Rest<D>> as ToNative>::Native>;
/// The tiled product of mode 0 by `Tiles`, in internal form.
type Product<S, D> = <<Tiles<S, D> as ToTiler>::Tiler as Tiling<
    ProductOp,
    ListOf<First<S>>,
    ListOf<M0Stride<S, D>>,
    Tiled,
>>::Shape;
type ProductStride<S, D> = <<Tiles<S, D> as ToTiler>::Tiler as Tiling<
    ProductOp,
    ListOf<First<S>>,
    ListOf<M0Stride<S, D>>,
    Tiled,
>>::Stride;

/// `make_fragment_like` of a layout, chosen by whether its shape is static
/// (`B1`: CuTe's tiled product) or not (`B0`: `make_layout(shape)`).
#[doc(hidden)]
pub trait FragmentBy<Static> {
    /// The fragment layout.
    type Output;
    /// Compute it.
    fn fragment_by(self) -> Self::Output;
}
impl<S: SplitFirst, D: SplitFirst> FragmentBy<B1> for Layout<S, D>
where
    ListOf<First<S>>: FilterZeros<ListOf<First<D>>>,
    Filtered0<S, D>: CompactLeft<C<P1>>,
    ColMajor<Filtered0<S, D>>: ToNative,
    M0Stride<S, D>: ToList,
    ListOf<Rest<S>>: OrderedStrides<ListOf<Rest<D>>>,
    Tiles<S, D>: ToTiler,
    <Tiles<S, D> as ToTiler>::Tiler:
        Tiling<ProductOp, ListOf<First<S>>, ListOf<M0Stride<S, D>>, Tiled>,
    (Product<S, D>, ProductStride<S, D>): LayoutResult,
{
    type Output = TilingT<ProductOp, First<S>, M0Stride<S, D>, Tiles<S, D>, Tiled>;
    #[inline(always)]
    fn fragment_by(self) -> Self::Output {
        let (s0, rest_s) = self.shape().split_first();
        let (d0, rest_d) = self.stride().split_first();
        let (filtered, _) = s0
            .to_list()
            .filter_zeros(d0.to_list())
            .compact_left(C::new());
        let mode0: Layout<First<S>, M0Stride<S, D>> = Layout::from_parts(s0, filtered.to_native());
        tiled_product(mode0, make_ordered_layout(rest_s, rest_d))
    }
}
impl<S: ToList, D: Copy> FragmentBy<B0> for Layout<S, D>
where
    ListOf<S>: CompactLeft<C<P1>>,
    ColMajor<ListOf<S>>: ToNative,
{
    type Output = CompactLayout<S>;
    #[inline(always)]
    fn fragment_by(self) -> CompactLayout<S> {
        make_layout(self.shape())
    }
}

/// A layout `make_fragment_like` accepts, and the fragment layout it gives.
#[doc(hidden)]
pub trait FragmentLayout {
    /// The fragment layout.
    type Output;
    /// Compute it.
    fn fragment_layout(self) -> Self::Output;
}
impl<S: SplitFirst, D: Copy> FragmentLayout for Layout<S, D>
where
    ListOf<S>: Tup,
    Layout<S, D>: FragmentBy<<ListOf<S> as Tup>::IsStatic>,
{
    type Output = <Layout<S, D> as FragmentBy<<ListOf<S> as Tup>::IsStatic>>::Output;
    #[inline(always)]
    fn fragment_layout(self) -> Self::Output {
        self.fragment_by()
    }
}
macro_rules! single_mode {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* D: Copy> FragmentLayout for Layout<$ty, D>
        where
            Layout<$ty, D>: FragmentBy<B0>,
        {
            type Output = <Layout<$ty, D> as FragmentBy<B0>>::Output;
            #[inline(always)]
            fn fragment_layout(self) -> Self::Output {
                self.fragment_by()
            }
        }
    )*};
}
single_mode!(C<N> => [N: Copy,], isize => [], (A,) => [A: Copy,]);

/// The layout `make_fragment_like` gives for a layout of shape `S` and stride `D`.
///
/// ```
/// use cutlet::prelude::*;
/// type Src = layout_t!((4,8):(8,1));
/// let f: FragmentLayoutT<shape_t!((4,8)), shape_t!((8,1))> = Default::default();
/// assert_eq!(f, make_layout_fragment_like(Src::default()));
/// ```
pub type FragmentLayoutT<S, D> = <Layout<S, D> as FragmentLayout>::Output;

/// CuTe's `make_fragment_like(layout)`: a compact layout of the same shape whose mode 0
/// is column-major (static-zero strides kept) and whose other modes follow the order
/// of the source's strides; a single mode or a dynamic shape gives `make_layout(shape)`.
/// [`make_fragment_like`](crate::tensor::make_fragment_like) makes the owning tensor.
///
/// ```
/// use cutlet::prelude::*;
/// // A thread's (V, M, N) slice of a row-major tile: V stays first and column-major,
/// // M and N follow the source's order (N before M).
/// let l = make_layout_fragment_like(layout!(((2,2),4,8):((1,64),8,256)));
/// assert_eq!(l.to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// let r = make_layout_fragment_like(layout!((4,8):(8,1)));
/// assert_eq!(r.to_string(), "(_4,(_8)):(_1,(_4))");                 // as CuTe prints it
/// let z = make_layout_fragment_like(layout!((4,2,3):(0,3,1)));
/// assert_eq!(z.to_string(), "(_4,_2,_3):(_0,_3,_1)");
/// ```
#[inline(always)]
pub fn make_layout_fragment_like<S, D>(l: Layout<S, D>) -> FragmentLayoutT<S, D>
where
    Layout<S, D>: FragmentLayout,
{
    l.fragment_layout()
}
