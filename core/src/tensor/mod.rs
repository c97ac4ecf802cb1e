//! Tensors: an engine (where the elements are) and a layout (CuTe's `Tensor<Engine,
//! Layout>`).
//!
//! `Tensor<E, L>` takes one bound per parameter, `E: Engine` and `L: Layout`, and every
//! operation comes with them: element access by any coordinate the layout takes,
//! slicing, the divides, `local_tile`, `local_partition`, fragments sized at compile
//! time. Operations that reshape a tensor consume it and keep its engine, as CuTe's
//! tensor values do: a view (`make_tensor` over a slice, `.view()`, `.view_mut()`)
//! reshapes for free, and slicing moves the view's origin.
//!
//! ```
//! use cutlet_core::prelude::*;
//!
//! fn sum<E: Engine<Elem = f32>, L: Layout>(t: &Tensor<E, L>) -> f32 { t.iter().sum() }
//! let data: Vec<f32> = (0..64).map(|x| x as f32).collect();
//! let a = make_tensor(&data[..], layout!((8,8)));
//! let thr = local_partition(a, layout!((2,4):(4,1)), 5);      // thread 5 of 2x4
//! let mut frag = make_fragment_like(&thr);                     // 8 registers, static
//! copy(&thr, &mut frag);
//! assert_eq!(sum(&frag), 9.0 + 11.0 + 13.0 + 15.0 + 41.0 + 43.0 + 45.0 + 47.0);
//! ```

mod arg;
pub(crate) mod engine;
mod make;
mod partition;

pub use arg::{TensorArg, TensorArgMut};
pub(crate) use engine::int_offset;
pub use engine::{
    ArrayEngine, Contiguous, ContiguousMut, CoordEngine, CoordRank, Engine, EngineMut, EngineRef,
    EngineRefMut, IntoEngine, MAX_COORD_RANK, Memory, MemoryMut, Rebase, Space, View, ViewMut,
};
pub use make::*;
pub use partition::*;

use crate::algebra::{self as a, Tiler};
use crate::int::Leaf;
use crate::layout::{Composable, HasLayout, Layout, LayoutFn, Reshape, Shaped};
use crate::tuple::{AsCoord, IntTuple};
use core::ops::{Index, IndexMut};

/// A tensor: an engine and a layout from coordinates to offsets in it.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data: Vec<f32> = (0..32).map(|x| x as f32).collect();
/// let t = make_tensor(&data[..], layout!((4,8):(8,1)));     // row-major 4x8
/// assert_eq!(t[coord!((1, 2))], 10.0);
/// assert_eq!(t.get(9), 10.0);                                 // index 9 is (1, 2)
/// ```
#[derive(Clone, Copy)]
pub struct Tensor<E, L> {
    engine: E,
    layout: L,
}

impl<E, L: Layout> Tensor<E, L> {
    /// A tensor of an engine and a layout.
    #[inline(always)]
    pub fn from_parts(engine: E, layout: L) -> Self {
        Tensor { engine, layout }
    }
    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> L {
        self.layout
    }
    /// The engine.
    #[inline(always)]
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The engine, mutably (CuTe's `tensor.data()`).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let mut data = [0; 2];
    /// let mut t = make_tensor(&mut data[..], layout!(2));
    /// t.engine_mut().write(1isize, 5);
    /// assert_eq!(data, [0, 5]);
    /// ```
    #[inline(always)]
    pub fn engine_mut(&mut self) -> &mut E {
        &mut self.engine
    }
    /// The number of coordinates (CuTe's `size(tensor)`); static when the shape is.
    #[inline(always)]
    pub fn size(&self) -> <L::Shape as IntTuple>::Size {
        self.layout.shape().size()
    }
    /// The same engine with another layout (CuTe's `make_tensor(t.data(), layout)`).
    #[inline(always)]
    pub fn with_layout<L2: Layout>(self, layout: L2) -> Tensor<E, L2> {
        Tensor {
            engine: self.engine,
            layout,
        }
    }
    /// CuTe's `composition(tensor, tiler)`.
    #[inline(always)]
    #[track_caller]
    pub fn compose<T: Tiler>(self, t: T) -> Tensor<E, L::Compose<T>> {
        Tensor {
            layout: a::composition(self.layout, t),
            engine: self.engine,
        }
    }
    /// CuTe's `logical_divide(tensor, tiler)`.
    #[inline(always)]
    #[track_caller]
    pub fn logical_divide<T: Tiler>(self, t: T) -> Tensor<E, L::LogicalDivide<T>> {
        a::logical_divide(self, t)
    }
    /// CuTe's `zipped_divide(tensor, tiler)`: `((tile), (rest))`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data = [0f32; 192];
    /// let (m, n) = (8, 24);
    /// let a = make_tensor(&data[..], make_layout(shape!((m, n))));
    /// assert_eq!(a.zipped_divide(shape!((4, 8))).layout().to_string(), "((_4,_8),(2,3)):((_1,8),(_4,64))");
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn zipped_divide<T: Tiler>(self, t: T) -> Tensor<E, L::ZippedDivide<T>> {
        a::zipped_divide(self, t)
    }
    /// CuTe's `tiled_divide(tensor, tiler)`: `((tile), rest0, rest1, ...)`.
    #[inline(always)]
    #[track_caller]
    pub fn tiled_divide<T: Tiler>(self, t: T) -> Tensor<E, L::TiledDivide<T>> {
        a::tiled_divide(self, t)
    }
    /// CuTe's `flat_divide(tensor, tiler)`: `(tile0, tile1, ..., rest0, rest1, ...)`.
    #[inline(always)]
    #[track_caller]
    pub fn flat_divide<T: Tiler>(self, t: T) -> Tensor<E, L::FlatDivide<T>> {
        a::flat_divide(self, t)
    }
    /// CuTe's `coalesce(tensor)`: the same elements in the same order under the
    /// coalesced layout.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data = [0u8; 24];
    /// let t = make_tensor(&data[..], layout!((2,(3,4)):(1,(2,6))));
    /// assert_eq!(t.coalesce().layout().to_string(), "_24:_1");
    /// ```
    #[inline(always)]
    pub fn coalesce(self) -> Tensor<E, L::Coalesce> {
        a::coalesce(self)
    }
    /// CuTe's `flatten(tensor)`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data = [0u8; 24];
    /// let t = make_tensor(&data[..], layout!((2,(3,4))));
    /// assert_eq!(t.flatten().layout().to_string(), "(_2,_3,_4):(_1,_2,_6)");
    /// ```
    #[inline(always)]
    pub fn flatten(self) -> Tensor<E, <L as crate::layout::LayoutModes>::Flatten> {
        crate::layout::flatten(self)
    }
    /// CuTe's `group_modes<B, E>(tensor)`: the modes `[B, E)` as one mode.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data = [0u8; 24];
    /// let t = make_tensor(&data[..], layout!((2,3,4)));
    /// assert_eq!(t.group_modes::<0, 2>().layout().to_string(), "((_2,_3),_4):((_1,_2),_6)");
    /// ```
    #[inline(always)]
    pub fn group_modes<const B: usize, const N: usize>(
        self,
    ) -> Tensor<
        E,
        <L as crate::layout::LayoutModes>::Group<crate::tuple::Idx<B>, crate::tuple::Idx<N>>,
    >
    where
        typenum::Const<B>: typenum::ToUInt<Output: crate::int::Nat>,
        typenum::Const<N>: typenum::ToUInt<Output: crate::int::Nat>,
    {
        crate::layout::group_modes::<B, N, Self>(self)
    }
}

impl<E, L: Layout> Shaped for Tensor<E, L> {
    type Shape = L::Shape;
    #[inline(always)]
    fn shape(&self) -> L::Shape {
        self.layout.shape()
    }
}

impl<E: Engine, L: Layout> Tensor<E, L> {
    /// The element at a coordinate: an integer index (colexicographic) or a coordinate
    /// of the shape (CuTe's `tensor(coord)`).
    #[inline(always)]
    #[track_caller]
    pub fn get<C: AsCoord>(&self, c: C) -> E::Elem {
        self.engine.read(self.layout.call(c))
    }
    /// A shared view of the same elements.
    #[inline(always)]
    pub fn view(&self) -> Tensor<E::View<'_>, L> {
        Tensor {
            engine: self.engine.view(),
            layout: self.layout,
        }
    }
    /// The elements in index order (`0..size`).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data = [0, 1, 2, 3, 4, 5];
    /// let t = make_tensor(&data[..], layout!((2,3):(3,1)));
    /// assert_eq!(t.iter().collect::<Vec<_>>(), [0, 3, 1, 4, 2, 5]);
    /// ```
    #[inline(always)]
    pub fn iter(&self) -> impl Iterator<Item = E::Elem> + '_ {
        let n = self.size().value();
        (0..n).map(move |i| self.get(i))
    }
}

impl<E: EngineMut, L: Layout> Tensor<E, L> {
    /// Writes the element at a coordinate.
    #[inline(always)]
    #[track_caller]
    pub fn set<C: AsCoord>(&mut self, c: C, v: E::Elem) {
        let o = self.layout.call(c);
        self.engine.write(o, v)
    }
    /// A mutable view of the same elements.
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<E::ViewMut<'_>, L> {
        Tensor {
            engine: self.engine.view_mut(),
            layout: self.layout,
        }
    }
}

impl<E: Rebase, L: Layout> Tensor<E, L> {
    /// CuTe's `tensor(coord)` with `_` modes: the sub-tensor of the `_` modes at the
    /// given integers of the others.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data: Vec<i32> = (0..32).collect();
    /// let t = make_tensor(&data[..], layout!((4,8):(8,1)));
    /// let row = t.slice(coord!((2, _)));
    /// assert_eq!(row.layout().to_string(), "(_8):(_1)");
    /// assert_eq!(row.iter().collect::<Vec<_>>(), (16..24).collect::<Vec<_>>());
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn slice<C: AsCoord>(self, c: C) -> Tensor<E, L::Slice<C::Crd>> {
        self.slice_int(c.as_coord())
    }
    /// [`slice`](Self::slice) by an int tuple (what generic code has).
    #[inline(always)]
    #[track_caller]
    pub fn slice_int<C: IntTuple>(self, c: C) -> Tensor<E, L::Slice<C>> {
        let (l, off) = self.layout.slice_and_offset(c);
        Tensor {
            engine: self.engine.rebase(off),
            layout: crate::layout::check(l),
        }
    }
}

impl<E: EngineRef, L: Layout, C: AsCoord> Index<C> for Tensor<E, L> {
    type Output = E::Elem;
    #[inline(always)]
    #[track_caller]
    fn index(&self, c: C) -> &E::Elem {
        self.engine.at(self.layout.call(c))
    }
}
impl<E: EngineRefMut, L: Layout, C: AsCoord> IndexMut<C> for Tensor<E, L> {
    #[inline(always)]
    #[track_caller]
    fn index_mut(&mut self, c: C) -> &mut E::Elem {
        let o = self.layout.call(c);
        self.engine.at_mut(o)
    }
}

// CuTe's algebra on tensors (tensor_impl.hpp): the engine, under the transformed layout;
// through a reference, a view.
impl<E, L: Layout> HasLayout for Tensor<E, L> {
    type Layout = L;
    #[inline(always)]
    fn layout_of(&self) -> L {
        self.layout
    }
}
impl<E, L: Layout> HasLayout for &Tensor<E, L> {
    type Layout = L;
    #[inline(always)]
    fn layout_of(&self) -> L {
        self.layout
    }
}
impl<E, L: Layout> Reshape for Tensor<E, L> {
    type With<L2: Layout> = Tensor<E, L2>;
    #[inline(always)]
    fn with_layout<L2: Layout>(self, layout: L2) -> Tensor<E, L2> {
        Tensor {
            engine: self.engine,
            layout,
        }
    }
}
impl<'a, E: Engine, L: Layout> Reshape for &'a Tensor<E, L> {
    type With<L2: Layout> = Tensor<E::View<'a>, L2>;
    #[inline(always)]
    fn with_layout<L2: Layout>(self, layout: L2) -> Tensor<E::View<'a>, L2> {
        Tensor {
            engine: self.engine.view(),
            layout,
        }
    }
}
impl<E, L: Layout> Composable for Tensor<E, L> {
    type Fn = L;
    type With<F: LayoutFn> = Tensor<E, F>;
    #[inline(always)]
    fn fn_of(&self) -> L {
        self.layout
    }
    #[inline(always)]
    fn with_fn<F: LayoutFn>(self, layout: F) -> Tensor<E, F> {
        Tensor {
            engine: self.engine,
            layout,
        }
    }
}
impl<'a, E: Engine, L: Layout> Composable for &'a Tensor<E, L> {
    type Fn = L;
    type With<F: LayoutFn> = Tensor<E::View<'a>, F>;
    #[inline(always)]
    fn fn_of(&self) -> L {
        self.layout
    }
    #[inline(always)]
    fn with_fn<F: LayoutFn>(self, layout: F) -> Tensor<E::View<'a>, F> {
        Tensor {
            engine: self.engine.view(),
            layout,
        }
    }
}

impl<E, L: Layout> core::fmt::Debug for Tensor<E, L> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Tensor({})", self.layout)
    }
}
