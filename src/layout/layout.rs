//! The `Layout` type: a shape and a congruent stride, and its basic queries.

use crate::int::{C, Integral, ToSigned};
use crate::tuple::{Congruent, CuteDisplay, ToList, Tup};
use core::fmt;

/// A layout: a function from coordinates of `shape` to indices, through `stride`
/// (CuTe's `Layout<Shape, Stride>`).
///
/// Shape and stride are int tuples (native Rust tuples of static [`C`] integers and
/// dynamic `isize`s, nested to any depth) with the same profile. A fully static layout
/// is a zero-sized type: its numbers live in its type.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((2,(2,2)):(4,(2,1)));
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// assert_eq!(l.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
/// let idx: Vec<isize> = (0..8).map(|i| l.call(i).value()).collect();
/// assert_eq!(idx, [0, 4, 2, 6, 1, 5, 3, 7]);
/// ```
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

/// Shapes that a stride `D` is congruent with (the same nesting profile): what a
/// layout's shape must be for its stride.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::ToList;
/// fn build<S: CongruentWith<D>, D: ToList>(s: S, d: D) -> Layout<S, D> { Layout::new(s, d) }
/// assert_eq!(build(shape!((4, 8)), shape!((8, 1))).to_string(), "(_4,_8):(_8,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "shape `{Self}` and stride `{D}` are not congruent",
    label = "a stride must have its shape's nesting profile"
)]
pub trait CongruentWith<D: ToList>: ToList<List: Congruent<D::List>> {}
impl<S: ToList, D: ToList> CongruentWith<D> for S where S::List: Congruent<D::List> {}

impl<S: ToList, D: ToList> Layout<S, D>
where
    S::List: Congruent<D::List>,
{
    /// A layout from a shape and a congruent stride (CuTe's `make_layout(shape,
    /// stride)`); a stride that is not congruent with the shape does not compile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let l = Layout::new(shape!((4, 8)), shape!((8, 1)));
    /// assert_eq!(l.to_string(), "(_4,_8):(_8,_1)");
    /// ```
    #[inline(always)]
    pub const fn new(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
}

impl<S, D> Layout<S, D> {
    /// Internal constructor for results the algebra proved congruent.
    #[inline(always)]
    pub(crate) const fn from_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }

    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> S
    where
        S: Copy,
    {
        self.shape
    }

    /// The stride.
    #[inline(always)]
    pub fn stride(&self) -> D
    where
        D: Copy,
    {
        self.stride
    }
}

impl<S: Copy, D: Copy> Clone for Layout<S, D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S: Copy, D: Copy> Copy for Layout<S, D> {}
impl<S: PartialEq, D: PartialEq> PartialEq for Layout<S, D> {
    fn eq(&self, o: &Self) -> bool {
        self.shape == o.shape && self.stride == o.stride
    }
}
impl<S: Eq, D: Eq> Eq for Layout<S, D> {}
impl<S: core::hash::Hash, D: core::hash::Hash> core::hash::Hash for Layout<S, D> {
    fn hash<H: core::hash::Hasher>(&self, h: &mut H) {
        self.shape.hash(h);
        self.stride.hash(h);
    }
}
impl<S: Default, D: Default> Default for Layout<S, D> {
    fn default() -> Self {
        Layout {
            shape: S::default(),
            stride: D::default(),
        }
    }
}

impl<S: CuteDisplay, D: CuteDisplay> CuteDisplay for Layout<S, D> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.fmt_cute(f)?;
        f.write_str(":")?;
        self.stride.fmt_cute(f)
    }
}
impl<S: CuteDisplay, D: CuteDisplay> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<S: CuteDisplay, D: CuteDisplay> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

/// Anything with a shape: int tuples (their own shape) and layouts.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(size(layout!((4,8))).to_string(), "_32");            // a layout has a shape
/// assert_eq!(size(shape!((4, 8))).to_string(), "_32");            // so has an int tuple
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no shape",
    label = "expected a layout, a tensor or an int tuple"
)]
pub trait Shaped: Copy {
    /// The shape (an int tuple).
    type Shape: ToList<List: Tup>;
    /// The shape.
    fn shape_of(self) -> Self::Shape;
}
impl<T: ToList<List: Tup>> Shaped for T {
    type Shape = T;
    #[inline(always)]
    fn shape_of(self) -> T {
        self
    }
}
impl<S: ToList<List: Tup>, D: Copy> Shaped for Layout<S, D> {
    type Shape = S;
    #[inline(always)]
    fn shape_of(self) -> S {
        self.shape
    }
}

/// The internal form of an int tuple.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::{ToList, Tup};
/// fn rank_of<T: ToList>(_: T) -> usize where ListOf<T>: Tup { <<ListOf<T> as Tup>::Rank as typenum::Unsigned>::USIZE }
/// assert_eq!(rank_of(shape!((2, (3, 4)))), 2);
/// ```
pub type ListOf<T> = <T as ToList>::List;
/// The internal form of the shape of `T`.
#[doc(hidden)]
pub type ShapeListOf<T> = ListOf<<T as Shaped>::Shape>;
/// The type of `size(t)` (CuTe's `decltype(size(t))`).
///
/// ```
/// use cutlet::prelude::*;
/// const S: isize = <SizeT<layout_t!((4,8):(1,4))> as StaticValue>::VALUE;
/// assert_eq!(S, 32);
/// ```
pub type SizeT<T> = <ShapeListOf<T> as Tup>::Size;
/// The type of `rank(t)`: always a static integer.
///
/// ```
/// use cutlet::prelude::*;
/// const R: isize = <RankT<layout_t!(((2,4),(3,5)):((1,2),(8,24)))> as StaticValue>::VALUE;
/// assert_eq!(R, 2);
/// ```
pub type RankT<T> = <T as Ranked>::Rank;
/// The type of `depth(t)`: always a static integer.
///
/// ```
/// use cutlet::prelude::*;
/// const D: isize = <DepthT<layout_t!(((2,4),(3,5)):((1,2),(8,24)))> as StaticValue>::VALUE;
/// assert_eq!(D, 2);
/// ```
pub type DepthT<T> = <T as Ranked>::Depth;

/// What has a rank and a depth (static integers): layouts, tensors, int tuples.
///
/// ```
/// use cutlet::prelude::*;
/// fn r<T: Ranked>(t: T) -> RankT<T> { rank(t) }
/// assert_eq!(r(layout!((2, (3, 4)))).to_string(), "_2");
/// ```
pub trait Ranked: Shaped {
    /// CuTe's `rank`.
    type Rank: Integral + Default;
    /// CuTe's `depth`.
    type Depth: Integral + Default;
}
impl<T: Shaped> Ranked for T
where
    <ShapeListOf<T> as Tup>::Rank: ToSigned,
    <ShapeListOf<T> as Tup>::Depth: ToSigned,
    C<<<ShapeListOf<T> as Tup>::Rank as ToSigned>::Output>: Integral + Default,
    C<<<ShapeListOf<T> as Tup>::Depth as ToSigned>::Output>: Integral + Default,
{
    type Rank = C<<<ShapeListOf<T> as Tup>::Rank as ToSigned>::Output>;
    type Depth = C<<<ShapeListOf<T> as Tup>::Depth as ToSigned>::Output>;
}

/// CuTe's `size`: the number of coordinates (product of the shape); static when the
/// shape is.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((2,4),(3,5)):((3,6),(1,24)));
/// assert_eq!(size(l).to_string(), "_120");
/// const N: isize = SizeT::<layout_t!(((2,4),(3,5)):((3,6),(1,24)))>::VALUE;
/// assert_eq!(N, 120);
/// # let m = 3;
/// assert_eq!(size(shape!((m, 4))), 12);
/// ```
#[inline(always)]
pub fn size<T: Shaped>(t: T) -> SizeT<T> {
    t.shape_of().to_list().size()
}

/// CuTe's `rank`: the number of top-level modes, always static.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(rank(layout!(((2,4),(3,5)):((3,6),(1,24)))).to_string(), "_2");
/// ```
#[inline(always)]
pub fn rank<T: Ranked>(_: T) -> RankT<T> {
    Default::default()
}

/// CuTe's `depth`: the nesting depth (0 for an integer), always static.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(depth(layout!(((2,4),(3,5)):((3,6),(1,24)))).to_string(), "_2");
/// assert_eq!(depth(layout!(16:1)).to_string(), "_0");
/// ```
#[inline(always)]
pub fn depth<T: Ranked>(_: T) -> DepthT<T> {
    Default::default()
}

/// CuTe's `shape(layout)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(Cute(shape(layout!((4,8):(8,1)))).to_string(), "(_4,_8)");
/// ```
#[inline(always)]
pub fn shape<T: Shaped>(t: T) -> T::Shape {
    t.shape_of()
}

/// CuTe's `stride(layout)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(Cute(stride(layout!((4,8):(8,1)))).to_string(), "(_8,_1)");
/// ```
#[inline(always)]
pub fn stride<S, D: Copy>(l: Layout<S, D>) -> D {
    l.stride
}

/// A static integer's value, usable in `const` items: `value_of::<SizeT<L>>()`.
///
/// ```
/// use cutlet::prelude::*;
/// const R: isize = value_of::<RankT<layout_t!((2,4):(1,2))>>();
/// assert_eq!(R, 2);
/// ```
pub const fn value_of<I: StaticValue>() -> isize {
    I::VALUE
}

/// Static integers expose their value as an associated constant.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(<_16 as StaticValue>::VALUE, 16);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static integer",
    label = "this value is dynamic: it is only known at run time"
)]
pub trait StaticValue: Integral {
    /// The value.
    const VALUE: isize;
}
impl<N: typenum::Integer> StaticValue for C<N>
where
    C<N>: Integral,
{
    const VALUE: isize = N::ISIZE;
}
