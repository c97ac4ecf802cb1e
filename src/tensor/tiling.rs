//! Tiling a tensor: the layout algebra applied to a tensor's layout (composition, the
//! four divides, slicing with CuTe's `_`), keeping its engine.

use super::engine::Offset;
use super::tensor::Tensor;
use crate::algebra::{
    AtTerminal, ComposeOp, DivideOp, Flat, LayoutResult, Logical, Tiled, Tiling, ToTiler, Zipped,
};
use crate::layout::{Crd2Index, Layout, ListOf, Slice, SliceT, Zeroed};
use crate::tuple::{ToList, ToNative};

/// A layout-to-layout operation on a tensor's layout; `Op` names it.
#[doc(hidden)]
pub trait LayoutOp<Op>: Sized {
    type Out;
    fn apply(self, op: Op) -> Self::Out;
}

/// `composition(layout, tiler)` as an operation.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct ComposeWith<T>(pub T);
/// A divide by a tiler, arranged as `Kind`.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct DivideBy<T, Kind>(pub T, pub Kind);

impl<S: ToList, D: ToList, T: ToTiler> LayoutOp<ComposeWith<T>> for Layout<S, D>
where
    T::Tiler: AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>,
    (
        <T::Tiler as AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>>::Shape,
        <T::Tiler as AtTerminal<ComposeOp, ListOf<S>, ListOf<D>>>::Stride,
    ): LayoutResult,
{
    type Out = crate::algebra::CompositionLayoutT<S, D, T>;
    #[inline(always)]
    fn apply(self, op: ComposeWith<T>) -> Self::Out {
        crate::algebra::composition(self, op.0)
    }
}

impl<S: ToList, D: ToList, T: ToTiler, Kind> LayoutOp<DivideBy<T, Kind>> for Layout<S, D>
where
    T::Tiler: Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>,
    (
        <T::Tiler as Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>>::Shape,
        <T::Tiler as Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>>::Stride,
    ): LayoutResult,
{
    type Out = crate::algebra::TilingT<DivideOp, S, D, T, Kind>;
    #[inline(always)]
    fn apply(self, op: DivideBy<T, Kind>) -> Self::Out {
        let (t, l) = (op.0, self);
        <(
            <T::Tiler as Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>>::Shape,
            <T::Tiler as Tiling<DivideOp, ListOf<S>, ListOf<D>, Kind>>::Stride,
        ) as LayoutResult>::finish(|| {
            t.to_tiler()
                .tiling(l.shape().to_list(), l.stride().to_list())
        })
    }
}

impl<E, S: Copy, D: Copy> Tensor<E, Layout<S, D>> {
    /// Apply a layout operation, keeping the engine and origin.
    #[inline(always)]
    fn map_layout<Op>(self, op: Op) -> Tensor<E, <Layout<S, D> as LayoutOp<Op>>::Out>
    where
        Layout<S, D>: LayoutOp<Op>,
    {
        Tensor {
            layout: self.layout.apply(op),
            engine: self.engine,
        }
    }

    /// CuTe's `composition(tensor, tiler)`: the same elements seen through
    /// `composition(layout, tiler)` (e.g. a thread-value layout).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// // The seed's TV layout: 8 threads x 4 values onto a 4x8 row-major tile.
    /// let a = make_owned_tensor::<f32, _>(make_layout_with(shape!((4, 8)), LayoutRight));
    /// let tv = a.view().composition(layout!(((2,4),(2,2)):((8,1),(4,16))));
    /// assert_eq!(tv.layout().to_string(), "((_2,_4),(_2,_2)):((_2,_8),(_1,_4))");
    /// // Thread 3 owns these four values:
    /// let thr = tv.slice(coord!((3, _)));
    /// assert_eq!(thr.layout().to_string(), "((_2,_2)):((_1,_4))");
    /// ```
    #[inline(always)]
    pub fn composition<T>(
        self,
        tiler: T,
    ) -> Tensor<E, <Layout<S, D> as LayoutOp<ComposeWith<T>>>::Out>
    where
        Layout<S, D>: LayoutOp<ComposeWith<T>>,
    {
        self.map_layout(ComposeWith(tiler))
    }

    /// CuTe's `logical_divide(tensor, tiler)`.
    #[inline(always)]
    pub fn logical_divide<T>(
        self,
        tiler: T,
    ) -> Tensor<E, <Layout<S, D> as LayoutOp<DivideBy<T, Logical>>>::Out>
    where
        Layout<S, D>: LayoutOp<DivideBy<T, Logical>>,
    {
        self.map_layout(DivideBy(tiler, Logical))
    }

    /// CuTe's `zipped_divide(tensor, tiler)`: `((tile...), (rest...))`.
    #[inline(always)]
    pub fn zipped_divide<T>(
        self,
        tiler: T,
    ) -> Tensor<E, <Layout<S, D> as LayoutOp<DivideBy<T, Zipped>>>::Out>
    where
        Layout<S, D>: LayoutOp<DivideBy<T, Zipped>>,
    {
        self.map_layout(DivideBy(tiler, Zipped))
    }

    /// CuTe's `tiled_divide(tensor, tiler)`: `((tile...), rest...)`.
    #[inline(always)]
    pub fn tiled_divide<T>(
        self,
        tiler: T,
    ) -> Tensor<E, <Layout<S, D> as LayoutOp<DivideBy<T, Tiled>>>::Out>
    where
        Layout<S, D>: LayoutOp<DivideBy<T, Tiled>>,
    {
        self.map_layout(DivideBy(tiler, Tiled))
    }

    /// CuTe's `flat_divide(tensor, tiler)`: `(tile..., rest...)`.
    #[inline(always)]
    pub fn flat_divide<T>(
        self,
        tiler: T,
    ) -> Tensor<E, <Layout<S, D> as LayoutOp<DivideBy<T, Flat>>>::Out>
    where
        Layout<S, D>: LayoutOp<DivideBy<T, Flat>>,
    {
        self.map_layout(DivideBy(tiler, Flat))
    }
}

impl<E: Offset, S: ToList, D: ToList> Tensor<E, Layout<S, D>> {
    /// CuTe's `tensor(coord)` with underscores: the sub-tensor of the modes marked `_`,
    /// a view whose layout is the sliced layout and whose origin is the fixed part's
    /// offset.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<f32> = (0..32).map(|x| x as f32).collect();
    /// let a = make_tensor(&data[..], layout!((4,8):(8,1)));
    /// let row = a.slice(coord!((2, _)));
    /// assert_eq!(row.layout().to_string(), "(_8):(_1)");
    /// assert_eq!(row.get(3isize), 19.0);
    /// ```
    #[inline(always)]
    pub fn slice<Cd: ToList>(self, c: Cd) -> Tensor<E, SliceT<S, D, Cd>>
    where
        ListOf<Cd>: Slice<ListOf<S>> + Slice<ListOf<D>> + Zeroed,
        <ListOf<Cd> as Slice<ListOf<S>>>::Output: ToNative,
        <ListOf<Cd> as Slice<ListOf<D>>>::Output: ToNative,
        <ListOf<Cd> as Zeroed>::Output: Crd2Index<ListOf<S>, ListOf<D>, E::Index>,
    {
        let (s, d) = (
            self.layout.shape().to_list(),
            self.layout.stride().to_list(),
        );
        let off = c.to_list().zeroed().crd2index(s, d);
        let layout = self.layout.slice(c);
        Tensor {
            engine: self.engine.offset(off),
            layout,
        }
    }
}
