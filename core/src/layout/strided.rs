//! [`StridedLayout`]: a shape and a congruent stride (CuTe's `Layout<Shape, Stride>`).

use crate::int::Bit;
use crate::tuple::{Congruent, CuteDisplay, IntTuple};
use core::fmt;

/// A layout given by its shape and stride: the function from coordinates of `shape` to
/// offsets `sum(coord_i * stride_i)` (CuTe's `Layout<Shape, Stride>`).
///
/// Shape and stride are int tuples (native Rust tuples of static [`C`](crate::int::C)
/// integers and dynamic `isize`s, nested to any depth) with the same profile. A fully
/// static layout is a zero-sized type: its numbers live in its type.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((2,(2,2)):(4,(2,1)));
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// assert_eq!(l.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
/// let idx: Vec<isize> = (0..8).map(|i| l.call(i).value()).collect();
/// assert_eq!(idx, [0, 4, 2, 6, 1, 5, 3, 7]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StridedLayout<S, D> {
    shape: S,
    stride: D,
}

impl<S: IntTuple, D: IntTuple> StridedLayout<S, D> {
    /// A layout of a shape and a stride with the same profile (CuTe's
    /// `make_layout(shape, stride)`); a stride that is not congruent with the shape
    /// fails the build.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let l = StridedLayout::new(shape!((4, 8)), shape!((8, 1)));
    /// assert_eq!(l.to_string(), "(_4,_8):(_8,_1)");
    /// ```
    #[inline]
    pub fn new(shape: S, stride: D) -> Self {
        const {
            if !<Congruent<S, D> as Bit>::BOOL {
                panic!(
                    "make_layout: shape and stride are not congruent (a stride must have its shape's nesting profile)"
                )
            }
        }
        StridedLayout { shape, stride }
    }

    /// The macros' constructor: `layout!` has checked congruence on the tokens.
    #[doc(hidden)]
    #[inline]
    pub const fn __new_congruent(shape: S, stride: D) -> Self {
        StridedLayout { shape, stride }
    }

    /// Results the algebra built congruent.
    #[inline]
    pub(crate) const fn from_parts(shape: S, stride: D) -> Self {
        StridedLayout { shape, stride }
    }

    /// The stride (CuTe's `layout.stride()`).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// assert_eq!(Cute(layout!((4,8):(8,1)).stride()).to_string(), "(_8,_1)");
    /// ```
    #[inline]
    pub fn stride(&self) -> D {
        self.stride
    }

    /// The `(shape, stride)` pair.
    #[inline]
    pub fn pair(&self) -> (S, D) {
        (self.shape, self.stride)
    }
}

impl<S: CuteDisplay, D: CuteDisplay> CuteDisplay for StridedLayout<S, D> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt_cute(f)?;
        f.write_str(":")?;
        self.stride.fmt_cute(f)
    }
}
impl<S: CuteDisplay, D: CuteDisplay> fmt::Display for StridedLayout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<S: CuteDisplay, D: CuteDisplay> fmt::Debug for StridedLayout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

impl<S: IntTuple, D: IntTuple> StridedLayout<S, D> {
    /// The shape (also [`Layout::shape`](super::Layout::shape)).
    #[inline]
    pub(crate) fn shape_(&self) -> S {
        self.shape
    }
}

/// A `(shape, stride)` pair as the layout it stands for.
pub type LayoutOf<P> = StridedLayout<<P as crate::tuple::IntTuple>::E0, <P as IntTuple>::E1>;
/// The value of [`LayoutOf`].
#[inline]
pub(crate) fn layout_of<P: crate::tuple::IntTuple>(p: P) -> LayoutOf<P> {
    StridedLayout::from_parts(p.e0(), p.e1())
}
