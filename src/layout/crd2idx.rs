//! Evaluating a layout: CuTe's `crd2idx` for 1-D indices, natural hierarchical
//! coordinates and congruent mixed coordinates, static in, static out.

use super::layout::{Layout, ListOf};
use crate::int::{C, Integral, StaticLt};
use crate::int::{IntAdd, IntDiv, IntMul, IntRem};
use crate::tuple::{HCons, HNil, ToList, Tup};
use typenum::{B0, B1, Bit, Z0};

/// Map a coordinate (internal form) through a shape and stride to an index.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this coordinate does not fit the layout's shape",
    label = "a coordinate is a 1-D index or a tuple with the shape's rank at each level"
)]
pub trait Crd2Idx<S, D> {
    /// The index type: static when coordinate, shape and stride are; a scaled basis or
    /// an arithmetic tuple when the strides are scaled bases (identity layouts).
    type Output: Copy;
    /// Compute the index.
    fn crd2idx(self, s: S, d: D) -> Self::Output;
}

macro_rules! int_coord {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S, D> Crd2Idx<S, D> for $ty
        where
            $ty: Integral,
            S: ShapeStride<D, $ty>,
        {
            type Output = <S as ShapeStride<D, $ty>>::Output;
            #[inline(always)]
            fn crd2idx(self, s: S, d: D) -> Self::Output {
                s.split(d, self)
            }
        }
    )*};
}
int_coord!(C<N> => [N,], isize => []);

/// A shape (with its stride `D`) that an integer coordinate is split across.
///
/// The shape is the `Self` type so that an unknown shape stops trait selection
/// instead of letting it guess ever longer lists.
#[doc(hidden)]
pub trait ShapeStride<D, Cd> {
    type Output: Copy;
    fn split(self, d: D, c: Cd) -> Self::Output;
}
macro_rules! leaf_shape {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* D, Cd> ShapeStride<D, Cd> for $ty
        where
            $ty: Integral,
            D: Copy,
            Cd: IntMul<D>,
            <Cd as IntMul<D>>::Output: Copy,
        {
            type Output = <Cd as IntMul<D>>::Output;
            #[inline(always)]
            fn split(self, d: D, c: Cd) -> Self::Output {
                c.int_mul(d)
            }
        }
    )*};
}
leaf_shape!(C<N> => [N,], isize => []);

// The last mode takes the whole remaining coordinate.
impl<S0, D0, Cd> ShapeStride<HCons<D0, HNil>, Cd> for HCons<S0, HNil>
where
    Cd: Crd2Idx<S0, D0>,
{
    type Output = Cd::Output;
    #[inline(always)]
    fn split(self, d: HCons<D0, HNil>, c: Cd) -> Self::Output {
        c.crd2idx(self.head, d.head)
    }
}
impl<S0, S1, ST, D0, D1, DT, Cd> ShapeStride<HCons<D0, HCons<D1, DT>>, Cd>
    for HCons<S0, HCons<S1, ST>>
where
    Cd: Integral,
    HCons<S0, HCons<S1, ST>>: SplitStep<HCons<D0, HCons<D1, DT>>, Cd, Cd::IsZero>,
{
    type Output =
        <HCons<S0, HCons<S1, ST>> as SplitStep<HCons<D0, HCons<D1, DT>>, Cd, Cd::IsZero>>::Output;
    #[inline(always)]
    fn split(self, d: HCons<D0, HCons<D1, DT>>, c: Cd) -> Self::Output {
        self.step(d, c)
    }
}

/// One step of CuTe's `crd2idx_itt`: a static-zero coordinate maps to `_0`; otherwise
/// `divmod` by the size of the first mode.
#[doc(hidden)]
pub trait SplitStep<D, Cd, IsZero> {
    type Output: Copy;
    fn step(self, d: D, c: Cd) -> Self::Output;
}
impl<S0, ST, D0, DT, Cd> SplitStep<HCons<D0, DT>, Cd, B1> for HCons<S0, ST> {
    type Output = C<Z0>;
    #[inline(always)]
    fn step(self, _: HCons<D0, DT>, _: Cd) -> C<Z0> {
        C::new()
    }
}
impl<S0: Tup, ST, D0, DT, Cd> SplitStep<HCons<D0, DT>, Cd, B0> for HCons<S0, ST>
where
    Cd: Copy + IntDiv<S0::Size> + IntRem<S0::Size>,
    <Cd as IntRem<S0::Size>>::Output: Crd2Idx<S0, D0>,
    ST: ShapeStride<DT, <Cd as IntDiv<S0::Size>>::Output>,
    <<Cd as IntRem<S0::Size>>::Output as Crd2Idx<S0, D0>>::Output:
        IntAdd<<ST as ShapeStride<DT, <Cd as IntDiv<S0::Size>>::Output>>::Output>,
    <<<Cd as IntRem<S0::Size>>::Output as Crd2Idx<S0, D0>>::Output as IntAdd<
        <ST as ShapeStride<DT, <Cd as IntDiv<S0::Size>>::Output>>::Output,
    >>::Output: Copy,
{
    type Output = <<<Cd as IntRem<S0::Size>>::Output as Crd2Idx<S0, D0>>::Output as IntAdd<
        <ST as ShapeStride<DT, <Cd as IntDiv<S0::Size>>::Output>>::Output,
    >>::Output;
    #[inline(always)]
    fn step(self, d: HCons<D0, DT>, c: Cd) -> Self::Output {
        let n = self.head.size();
        c.int_rem(n)
            .crd2idx(self.head, d.head)
            .int_add(self.tail.split(d.tail, c.int_div(n)))
    }
}

// A tuple coordinate: mode by mode, summed left to right.
impl<CH, CT, SH, ST, DH, DT> Crd2Idx<HCons<SH, ST>, HCons<DH, DT>> for HCons<CH, CT>
where
    CH: Crd2Idx<SH, DH>,
    CT: SumModes<ST, DT, CH::Output>,
{
    type Output = <CT as SumModes<ST, DT, CH::Output>>::Output;
    #[inline(always)]
    fn crd2idx(self, s: HCons<SH, ST>, d: HCons<DH, DT>) -> Self::Output {
        let first = self.head.crd2idx(s.head, d.head);
        self.tail.sum_modes(s.tail, d.tail, first)
    }
}

/// Fold `+` over the remaining modes of a tuple coordinate.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the coordinate's rank does not match the layout's shape",
    label = "a coordinate is a 1-D index or a tuple with the shape's rank at each level",
    note = "e.g. a layout of shape `(_4,_8)` takes `i`, `(i, j)` or `(i, (j0, j1))` where mode 1 is nested"
)]
pub trait SumModes<S, D, Acc> {
    type Output: Copy;
    fn sum_modes(self, s: S, d: D, acc: Acc) -> Self::Output;
}
impl<Acc: Copy> SumModes<HNil, HNil, Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn sum_modes(self, _: HNil, _: HNil, acc: Acc) -> Acc {
        acc
    }
}
impl<CH, CT, SH, ST, DH, DT, Acc> SumModes<HCons<SH, ST>, HCons<DH, DT>, Acc> for HCons<CH, CT>
where
    CH: Crd2Idx<SH, DH>,
    Acc: IntAdd<CH::Output>,
    CT: SumModes<ST, DT, <Acc as IntAdd<CH::Output>>::Output>,
{
    type Output = <CT as SumModes<ST, DT, <Acc as IntAdd<CH::Output>>::Output>>::Output;
    #[inline(always)]
    fn sum_modes(self, s: HCons<SH, ST>, d: HCons<DH, DT>, acc: Acc) -> Self::Output {
        let v = self.head.crd2idx(s.head, d.head);
        self.tail.sum_modes(s.tail, d.tail, acc.int_add(v))
    }
}

/// A static coordinate must lie inside its (static) mode.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // 4 is outside the mode of extent 4:
/// let _ = layout!((4,8)).call(coord!((4, 0)));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(layout!((4,8)).call(coord!((3, 0))).to_string(), "_3");
/// ```
#[diagnostic::on_unimplemented(
    message = "static coordinate out of range for the layout's shape",
    label = "this coordinate is not below the extent of its mode"
)]
pub trait CoordinateInRange {}
impl CoordinateInRange for B1 {}

/// `B1` unless both are static and the index is outside `[0, size)`.
#[doc(hidden)]
pub trait IndexOk<Size> {
    type Output: Bit;
}
impl<A, B> IndexOk<C<B>> for C<A>
where
    C<A>: StaticLt<C<B>>,
    C<Z0>: StaticLt<C<A>>,
    A: typenum::IsEqual<Z0>,
    <C<Z0> as StaticLt<C<A>>>::Output: core::ops::BitOr<<A as typenum::IsEqual<Z0>>::Output>,
    <C<A> as StaticLt<C<B>>>::Output: core::ops::BitAnd<
            <<C<Z0> as StaticLt<C<A>>>::Output as core::ops::BitOr<
                <A as typenum::IsEqual<Z0>>::Output,
            >>::Output,
        >,
    <<C<A> as StaticLt<C<B>>>::Output as core::ops::BitAnd<
        <<C<Z0> as StaticLt<C<A>>>::Output as core::ops::BitOr<
            <A as typenum::IsEqual<Z0>>::Output,
        >>::Output,
    >>::Output: Bit,
{
    type Output = <<C<A> as StaticLt<C<B>>>::Output as core::ops::BitAnd<
        <<C<Z0> as StaticLt<C<A>>>::Output as core::ops::BitOr<
            <A as typenum::IsEqual<Z0>>::Output,
        >>::Output,
    >>::Output;
}
impl<A> IndexOk<isize> for C<A> {
    type Output = B1;
}
impl<B> IndexOk<C<B>> for isize {
    type Output = B1;
}
impl IndexOk<isize> for isize {
    type Output = B1;
}

/// Check every static leaf of a coordinate against the size of its mode.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the coordinate's rank does not match the layout's shape",
    label = "a coordinate is a 1-D index or a tuple with the shape's rank at each level",
    note = "e.g. a layout of shape `(_4,_8)` takes `i`, `(i, j)` or `(i, (j0, j1))` where mode 1 is nested"
)]
pub trait InRange<S> {}
macro_rules! leaf_in_range {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S: Tup> InRange<S> for $ty
        where
            $ty: IndexOk<S::Size>,
            <$ty as IndexOk<S::Size>>::Output: CoordinateInRange,
        {
        }
    )*};
}
leaf_in_range!(C<N> => [N,], isize => []);
impl InRange<HNil> for HNil {}
impl<CH: InRange<SH>, CT: InRange<ST>, SH, ST> InRange<HCons<SH, ST>> for HCons<CH, CT> {}

/// The index type `layout.call(coord)` returns.
///
/// ```
/// use cutlet::prelude::*;
/// let i: IndexT<shape_t!((4,8)), shape_t!((1,4)), shape_t!((2,3))> = layout!((4,8)).call(coord!((2, 3)));
/// assert_eq!(i.to_string(), "_14");
/// ```
pub type IndexT<S, D, Cd> = <ListOf<Cd> as Crd2Idx<ListOf<S>, ListOf<D>>>::Output;

impl<S: ToList, D: ToList> Layout<S, D> {
    /// Evaluate the layout at a coordinate (CuTe's `layout(coord)`): a 1-D index, a
    /// natural hierarchical coordinate, or any congruent mix. Static coordinates on a
    /// static layout give a static index; a static coordinate outside a static shape
    /// does not compile.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let l = layout!((3,2):(2,1));
    /// let idx: Vec<isize> = (0..6).map(|i| l.call(i).value()).collect();
    /// assert_eq!(idx, [0, 2, 4, 1, 3, 5]);
    /// assert_eq!(l.call(shape!((2, 1))).to_string(), "_5"); // static in, static out
    /// let h = layout!((2,(2,2)):(4,(2,1)));
    /// assert_eq!(h.call((1, (1, 0))).value(), 6);
    /// assert_eq!(h.call((1, 3)).value(), 7);
    /// ```
    #[inline(always)]
    pub fn call<Cd: ToList>(self, c: Cd) -> IndexT<S, D, Cd>
    where
        ListOf<Cd>: Crd2Idx<ListOf<S>, ListOf<D>> + InRange<ListOf<S>>,
    {
        c.to_list()
            .crd2idx(self.shape().to_list(), self.stride().to_list())
    }
}

/// What CuTe's `crd2idx` applies to; [`Crd2IdxT`] names the result. A bound on this
/// trait is how generic code asks for `crd2idx`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<C: CoordIn<S, D>, S, D>(c: C, s: S, d: D) -> Crd2IdxT<C, S, D> { crd2idx(c, s, d) }
/// assert_eq!(f(shape!((1, 2)), shape!((3, 4)), shape!((1, 3))).to_string(), "_7");
/// ```
#[diagnostic::on_unimplemented(
    message = "`crd2idx` is not defined for `{Self}`",
    label = "CuTe's conditions for `crd2idx` do not hold here"
)]
pub trait CoordIn<S, D> {
    /// The result of `crd2idx`.
    type Output;
    /// CuTe's `crd2idx` (see the free function).
    fn crd2idx(self, s: S, d: D) -> Self::Output;
}
impl<Cd: ToList, S: ToList, D: ToList> CoordIn<S, D> for Cd
where
    ListOf<Cd>: Crd2Idx<ListOf<S>, ListOf<D>>,
{
    type Output = <ListOf<Cd> as Crd2Idx<ListOf<S>, ListOf<D>>>::Output;
    #[inline(always)]
    fn crd2idx(self, s: S, d: D) -> Self::Output {
        let c = self;
        c.to_list().crd2idx(s.to_list(), d.to_list())
    }
}
/// The type of `crd2idx` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<C: CoordIn<S, D>, S, D>(c: C, s: S, d: D) -> Crd2IdxT<C, S, D> { crd2idx(c, s, d) }
/// assert_eq!(f(shape!((1, 2)), shape!((3, 4)), shape!((1, 3))).to_string(), "_7");
/// ```
pub type Crd2IdxT<L, S, D> = <L as CoordIn<S, D>>::Output;

/// CuTe's `crd2idx(coord, shape, stride)` on int tuples.
///
/// ```
/// use cutlet::prelude::*;
/// let i = crd2idx(shape!((1, 2)), shape!((3, 4)), shape!((1, 3)));
/// assert_eq!(i.to_string(), "_7");
/// ```
#[inline(always)]
pub fn crd2idx<L: CoordIn<S, D>, S, D>(c: L, s: S, d: D) -> Crd2IdxT<L, S, D> {
    CoordIn::crd2idx(c, s, d)
}

/// A coordinate whose value through a layout converts to an engine index `I`: `isize`
/// for memory (the value is an integer), a coordinate for counting engines (the value
/// is a scaled basis or an arithmetic tuple). What tensors use to find an element.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this coordinate does not fit the tensor's layout, or the layout's values are not offsets of the tensor's engine",
    label = "a coordinate is a 1-D index or a tuple with the shape's rank at each level"
)]
pub trait Crd2Index<S, D, I>: Crd2Idx<S, D> {
    /// The engine index of the coordinate.
    fn crd2index(self, s: S, d: D) -> I;
}
impl<Cd: Crd2Idx<S, D>, S, D, I: Default> Crd2Index<S, D, I> for Cd
where
    Cd::Output: crate::int::AddInto<I>,
{
    #[inline(always)]
    fn crd2index(self, s: S, d: D) -> I {
        crate::int::AddInto::add_into(self.crd2idx(s, d), I::default())
    }
}

/// Layouts whose 1-D coordinates `0..size` map to engine indices `I` (`isize` offsets
/// for memory, coordinates for identity tensors): what element-by-element algorithms
/// over a tensor need of its layout.
///
/// ```
/// use cutlet::prelude::*;
/// fn offsets<L: Walkable<isize>>(l: L) -> Vec<isize> {
///     (0..l.walk_size()).map(|i| l.walk_index(i)).collect()
/// }
/// assert_eq!(offsets(layout!((2,2):(2,1))), [0, 2, 1, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "the layout `{Self}` cannot be walked into `{I}` indices",
    label = "its values are not offsets of this tensor's engine"
)]
pub trait Walkable<I>: Copy {
    /// The number of 1-D coordinates (`size`).
    fn walk_size(self) -> isize;
    /// The engine index of 1-D coordinate `i`.
    fn walk_index(self, i: isize) -> I;
}
impl<S: ToList, D: ToList, I> Walkable<I> for Layout<S, D>
where
    ListOf<S>: crate::tuple::Tup,
    isize: Crd2Index<ListOf<S>, ListOf<D>, I>,
{
    #[inline(always)]
    fn walk_size(self) -> isize {
        crate::tuple::Tup::size(self.shape().to_list()).value()
    }
    #[inline(always)]
    #[track_caller]
    fn walk_index(self, i: isize) -> I {
        i.crd2index(self.shape().to_list(), self.stride().to_list())
    }
}
