//! Tensors whose layout is a composed (swizzled) layout, as CuTe's shared-memory tiles:
//! element access, slicing, partitioning and copying go through `A(O + B(c))`.
//!
//! Slicing or partitioning folds the fixed part of the coordinate into the offset `O`
//! (CuTe's `slice_and_offset` of a `ComposedLayout`), so the engine does not move: the
//! swizzle must see the whole offset.

use super::engine::{Engine, EngineMut, EngineRef};
use super::partition::Partition;
use super::tensor::Tensor;
use crate::algorithm::{Elementwise, TensorShapes, Walk2};
use crate::int::Integral;
use crate::layout::{
    ComposedLayout, Evaluate, Layout, OffsetAdd, Shaped, SliceLayoutT, Sliceable,
    make_composed_layout,
};
use crate::tuple::CuteDisplay;
use core::fmt;
use core::ops::{Index, IndexMut};

impl<E, A: Copy, O: Copy, B: Copy> Tensor<E, ComposedLayout<A, O, B>> {
    /// The composed layout.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data = [0u8; 512];
    /// let t = make_tensor(&data[..], composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1))));
    /// assert_eq!(t.layout().to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// ```
    #[inline(always)]
    pub fn layout(&self) -> ComposedLayout<A, O, B> {
        self.layout
    }
    /// The engine.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let t = make_owned_tensor::<u8, _>(composition(Sw::<1, 1, 1>::new(), layout!(8:1)));
    /// assert_eq!(t.engine().as_view().run(0, 8), [0; 8]);
    /// ```
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The element at a coordinate of the domain, by value.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], composition(Sw::<2, 0, 3>::new(), layout!((8,8):(8,1))));
    /// assert_eq!(t.get((1isize, 0isize)), 9); // row 1 swizzles column 0 to 1
    /// ```
    #[inline(always)]
    pub fn get<Cd>(&self, c: Cd) -> E::Elem
    where
        E: EngineRef,
        ComposedLayout<A, O, B>: Evaluate<Cd, Output: Integral>,
    {
        *self.engine.at(self.layout.eval(c).value())
    }
    /// CuTe's `tensor(coord)` with underscores: the kept modes, with the fixed part of
    /// the coordinate folded into the layout's offset.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<i32> = (0..64).collect();
    /// let t = make_tensor(&data[..], composition(Sw::<2, 0, 3>::new(), layout!((8,8):(8,1))));
    /// let row = t.slice((1isize, X));
    /// assert_eq!(row.layout().to_string(), "Sw<2,0,3> o 8 o (_8):(_1)");
    /// assert_eq!(row.get(0isize), 9);
    /// ```
    #[inline(always)]
    pub fn slice<Cd>(self, c: Cd) -> Tensor<E, SliceLayoutT<ComposedLayout<A, O, B>, Cd>>
    where
        ComposedLayout<A, O, B>: Sliceable<Cd>,
    {
        self.map_layout_with(|l| l.slice(c))
    }
}

impl<E: EngineRef, A, O, B, Cd> Index<Cd> for Tensor<E, ComposedLayout<A, O, B>>
where
    ComposedLayout<A, O, B>: Evaluate<Cd, Output: Integral>,
{
    type Output = E::Elem;
    #[inline(always)]
    fn index(&self, c: Cd) -> &E::Elem {
        self.engine.at(self.layout.eval(c).value())
    }
}
impl<E: EngineMut, A, O, B, Cd> IndexMut<Cd> for Tensor<E, ComposedLayout<A, O, B>>
where
    ComposedLayout<A, O, B>: Evaluate<Cd, Output: Integral>,
{
    #[inline(always)]
    fn index_mut(&mut self, c: Cd) -> &mut E::Elem {
        let off = self.layout.eval(c).value();
        self.engine.at_mut(off)
    }
}

// `size(&t)`, `rank(&t)`, `depth(&t)`, `shape(&t)` as for its layout.
impl<E, A: Copy, O: Copy, B: Shaped> Shaped for &Tensor<E, ComposedLayout<A, O, B>> {
    type Shape = B::Shape;
    #[inline(always)]
    fn shape_of(self) -> B::Shape {
        self.layout.shape_of()
    }
}

impl<E: Engine, A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> fmt::Display
    for Tensor<E, ComposedLayout<A, O, B>>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match <E::Space as super::engine::MemSpace>::NAME {
            "ptr" => f.write_str("ptr o ")?,
            space => write!(f, "{space}_ptr o ")?,
        }
        self.layout.fmt_cute(f)
    }
}

/// Partitioning a composed layout partitions its domain `B` and folds the engine offset
/// of the kept part into `O` (the engine itself does not move).
impl<A: Copy, O: Copy + OffsetAdd<isize>, B: Copy + Partition<T, Cd, Inner, isize>, T, Cd, Inner>
    Partition<T, Cd, Inner, isize> for ComposedLayout<A, O, B>
{
    type Out = ComposedLayout<A, O::Output, B::Out>;
    #[inline(always)]
    fn partition(self, tiler: T, coord: Cd) -> (Self::Out, isize) {
        let (b, off) = self.layout_b().partition(tiler, coord);
        (
            make_composed_layout(self.layout_a(), self.offset().offset_add(off), b),
            0,
        )
    }
}

/// A tensor layout seen as its domain layout and a map from the domain's offsets to
/// the engine's: the identity for a layout, `x -> A(O + B(x))` for a composed one.
#[doc(hidden)]
pub trait OffsetMap: Copy {
    type Domain: Copy;
    fn domain(self) -> Self::Domain;
    fn map(self, off: isize) -> isize;
}
impl<S: Copy, D: Copy> OffsetMap for Layout<S, D> {
    type Domain = Self;
    #[inline(always)]
    fn domain(self) -> Self {
        self
    }
    #[inline(always)]
    fn map(self, off: isize) -> isize {
        off
    }
}
impl<A: Copy + Evaluate<isize, Output = isize>, O: Copy + OffsetAdd<isize, Output = isize>, B>
    OffsetMap for ComposedLayout<A, O, B>
where
    B: OffsetMap,
{
    type Domain = B::Domain;
    #[inline(always)]
    fn domain(self) -> B::Domain {
        self.layout_b().domain()
    }
    #[inline(always)]
    fn map(self, off: isize) -> isize {
        self.layout_a()
            .eval(self.offset().offset_add(self.layout_b().map(off)))
    }
}

macro_rules! composed_pairs {
    ($(($L1:ty, [$($g1:tt)*]), ($L2:ty, [$($g2:tt)*]));* $(;)?) => {$(
        impl<E1: EngineRef, E2: EngineMut, $($g1)* $($g2)*> Elementwise<Tensor<E2, $L2>> for Tensor<E1, $L1>
        where
            $L1: OffsetMap,
            $L2: OffsetMap,
            <$L1 as OffsetMap>::Domain: Walk2<<$L2 as OffsetMap>::Domain>,
        {
            type Elem = E1::Elem;
            #[inline(always)]
            fn zip_apply(&self, dst: &mut Tensor<E2, $L2>, mut op: impl FnMut(E1::Elem, &mut E2::Elem)) {
                let (a, b) = (self.layout, dst.layout);
                let (se, de) = (&self.engine, &mut dst.engine);
                a.domain().walk2(b.domain(), true, |x, y| op(*se.at(a.map(x)), de.at_mut(b.map(y))));
            }
        }
        impl<E1, E2, $($g1)* $($g2)*> TensorShapes<Tensor<E2, $L2>> for Tensor<E1, $L1>
        where
            $L1: Shaped,
            $L2: Shaped,
            Tensor<(), Layout<<$L1 as Shaped>::Shape, <$L1 as Shaped>::Shape>>:
                TensorShapes<Tensor<(), Layout<<$L2 as Shaped>::Shape, <$L2 as Shaped>::Shape>>>,
        {
            #[inline(always)]
            #[track_caller]
            fn check(&self, dst: &Tensor<E2, $L2>, op: &str) {
                // Only the shapes matter: compare them as layouts with any stride.
                let (s1, s2) = (self.layout.shape_of(), dst.layout.shape_of());
                let l1 = Tensor { engine: (), layout: Layout::from_parts(s1, s1) };
                let l2 = Tensor { engine: (), layout: Layout::from_parts(s2, s2) };
                shapes_check(&l1, &l2, op);
            }
        }
    )*};
}
#[inline(always)]
#[track_caller]
fn shapes_check<E1, L1, E2, L2>(a: &Tensor<E1, L1>, b: &Tensor<E2, L2>, op: &str)
where
    Tensor<E1, L1>: TensorShapes<Tensor<E2, L2>>,
{
    a.check(b, op)
}
composed_pairs!(
    (Layout<S1, D1>, [S1: Copy, D1: Copy,]), (ComposedLayout<A2, O2, B2>, [A2: Copy, O2: Copy, B2: Copy]);
    (ComposedLayout<A1, O1, B1>, [A1: Copy, O1: Copy, B1: Copy,]), (Layout<S2, D2>, [S2: Copy, D2: Copy]);
    (ComposedLayout<A1, O1, B1>, [A1: Copy, O1: Copy, B1: Copy,]), (ComposedLayout<A2, O2, B2>, [A2: Copy, O2: Copy, B2: Copy]);
);
