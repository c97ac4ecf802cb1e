//! Modes of a layout (CuTe's `get`, `take`, `group`, `select`, `flatten`, `append`,
//! `prepend`, `slice`, `dice`): each applies the int-tuple operation of the same name
//! to the shape and the stride alike (to the inner layout of a composed layout).

use super::{Layout, Reshape, StridedLayout};
use crate::int::{Bit, Nat};
use crate::tuple::{self as tup, Dice, Flatten, Idx, Index, IntTuple, Select, Slice, Take};

crate::err_msgs!(
    EModeRange => "take/group: the mode range [B, E) is empty or past the layout's rank",
    EGetRange => "get: the mode index is past the layout's rank",
    ESliceRank => "slice: the coordinate's rank does not match the layout's",
);

/// The mode operations of a layout, one associated type each (a supertrait of
/// [`Layout`], so generic code has them through that one bound).
pub trait LayoutModes {
    /// CuTe's `get<I>(layout)`: mode `I`.
    type Get<I: Nat>: Layout;
    /// CuTe's `take<B, E>(layout)`: the modes `[B, E)`.
    type Take<B: Nat, E: Nat>: Layout;
    /// CuTe's `group<B, E>(layout)`: the modes `[B, E)` as one mode.
    type Group<B: Nat, E: Nat>: Layout;
    /// CuTe's `select<I...>(layout)`: the modes listed by the static int tuple `Is`.
    type Select<Is: IntTuple>: Layout;
    /// CuTe's `flatten(layout)`: depth at most 1, the same leaves in order.
    type Flatten: Layout;
    /// CuTe's `slice(coord, layout)`: the modes where `coord` has `_`.
    type Slice<Crd: IntTuple>: Layout;
    /// CuTe's `dice(coord, layout)`: the modes where `coord` has an integer.
    type Dice<Crd: IntTuple>: Layout;
    /// The offset `slice_and_offset` returns (`layout(coord)` with `_` as `_0`).
    type SliceOffset<Crd: IntTuple>: IntTuple;
    /// The value of `Get`.
    fn get_mode<I: Nat>(&self) -> Self::Get<I>;
    /// The value of `Take`.
    fn take_modes<B: Nat, E: Nat>(&self) -> Self::Take<B, E>;
    /// The value of `Group`.
    fn group_modes<B: Nat, E: Nat>(&self) -> Self::Group<B, E>;
    /// The value of `Select`.
    fn select_modes<Is: IntTuple>(&self, is: Is) -> Self::Select<Is>;
    /// The value of `Flatten`.
    fn flatten_modes(&self) -> Self::Flatten;
    /// The value of `Slice` and `SliceOffset` (CuTe's `slice_and_offset`).
    fn slice_and_offset<Crd: IntTuple>(&self, c: Crd)
    -> (Self::Slice<Crd>, Self::SliceOffset<Crd>);
    /// The value of `Dice`.
    fn dice_modes<Crd: IntTuple>(&self, c: Crd) -> Self::Dice<Crd>;
}

/// CuTe's `get<I>` static-asserts `I < rank`.
type GetOk<T, I> = <<I as Nat>::Cmp<<T as IntTuple>::Rank> as crate::int::Ord3>::Lt;
/// `get`'s checked mode: the mode, or an error past the rank.
type GetChecked<T, I> = <GetOk<T, I> as Bit>::IfT<tup::At<T, I>, crate::int::ErrLeaf<EGetRange>>;
/// `take`'s checked range: the modes, or an error when `[B, E)` is empty or too long.
type Range<T, B, E, R> =
    <tup::RangeOk<R, B, E> as Bit>::IfT<Take<T, B, E>, crate::int::ErrLeaf<EModeRange>>;
type GroupChecked<T, B, E, R> =
    <tup::RangeOk<R, B, E> as Bit>::IfT<tup::Group<T, B, E>, crate::int::ErrLeaf<EModeRange>>;
/// A slice's coordinate must match the rank (CuTe's "Mismatched Ranks").
type SliceOk<Crd, S> = <<<Crd as IntTuple>::IsTuple as Bit>::Not as Bit>::Or<
    <<<Crd as IntTuple>::Rank as Nat>::Cmp<<S as IntTuple>::Rank> as crate::int::Ord3>::Eq,
>;
type SliceChecked<Crd, T> =
    <SliceOk<Crd, T> as Bit>::IfT<Slice<Crd, T>, crate::int::ErrLeaf<ESliceRank>>;

impl<S: IntTuple, D: IntTuple> LayoutModes for StridedLayout<S, D> {
    type Get<I: Nat> = StridedLayout<GetChecked<S, I>, GetChecked<D, I>>;
    type Take<B: Nat, E: Nat> = StridedLayout<Range<S, B, E, S::Rank>, Range<D, B, E, D::Rank>>;
    type Group<B: Nat, E: Nat> =
        StridedLayout<GroupChecked<S, B, E, S::Rank>, GroupChecked<D, B, E, D::Rank>>;
    type Select<Is: IntTuple> = StridedLayout<Select<S, Is>, Select<D, Is>>;
    type Flatten = StridedLayout<Flatten<S>, Flatten<D>>;
    type Slice<Crd: IntTuple> = StridedLayout<SliceChecked<Crd, S>, SliceChecked<Crd, D>>;
    type Dice<Crd: IntTuple> = StridedLayout<Dice<Crd, S>, Dice<Crd, D>>;
    type SliceOffset<Crd: IntTuple> = tup::Crd2Idx<Crd, S, D>;
    #[inline]
    fn get_mode<I: Nat>(&self) -> Self::Get<I> {
        let (s, d) = self.pair();
        StridedLayout::from_parts(
            <GetOk<S, I> as Bit>::if_t(tup::at::<S, I>(s), Default::default()),
            <GetOk<D, I> as Bit>::if_t(tup::at::<D, I>(d), Default::default()),
        )
    }
    #[inline]
    fn take_modes<B: Nat, E: Nat>(&self) -> Self::Take<B, E> {
        let (s, d) = self.pair();
        StridedLayout::from_parts(
            <tup::RangeOk<S::Rank, B, E> as Bit>::if_t(tup::take::<S, B, E>(s), Default::default()),
            <tup::RangeOk<D::Rank, B, E> as Bit>::if_t(tup::take::<D, B, E>(d), Default::default()),
        )
    }
    #[inline]
    fn group_modes<B: Nat, E: Nat>(&self) -> Self::Group<B, E> {
        let (s, d) = self.pair();
        StridedLayout::from_parts(
            <tup::RangeOk<S::Rank, B, E> as Bit>::if_t(
                tup::group::<S, B, E>(s),
                Default::default(),
            ),
            <tup::RangeOk<D::Rank, B, E> as Bit>::if_t(
                tup::group::<D, B, E>(d),
                Default::default(),
            ),
        )
    }
    #[inline]
    fn select_modes<Is: IntTuple>(&self, is: Is) -> Self::Select<Is> {
        let (s, d) = self.pair();
        StridedLayout::from_parts(tup::select(s, is), tup::select(d, is))
    }
    #[inline]
    fn flatten_modes(&self) -> Self::Flatten {
        let (s, d) = self.pair();
        StridedLayout::from_parts(tup::flatten(s), tup::flatten(d))
    }
    #[inline]
    #[track_caller]
    fn slice_and_offset<Crd: IntTuple>(
        &self,
        c: Crd,
    ) -> (Self::Slice<Crd>, Self::SliceOffset<Crd>) {
        let (s, d) = self.pair();
        (
            StridedLayout::from_parts(
                <SliceOk<Crd, S> as Bit>::if_t(tup::slice_tuple(c, s), Default::default()),
                <SliceOk<Crd, D> as Bit>::if_t(tup::slice_tuple(c, d), Default::default()),
            ),
            tup::crd2idx(c, s, d),
        )
    }
    #[inline]
    fn dice_modes<Crd: IntTuple>(&self, c: Crd) -> Self::Dice<Crd> {
        let (s, d) = self.pair();
        StridedLayout::from_parts(tup::dice_tuple(c, s), tup::dice_tuple(c, d))
    }
}

/// CuTe's `get<I>(layout)`: mode `I` of a layout.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((2,(3,4)):(12,(1,3)));
/// assert_eq!(get::<1, _>(l).to_string(), "(_3,_4):(_1,_3)");
/// ```
#[inline]
pub fn get<const I: usize, L: Layout>(l: L) -> L::Get<Idx<I>>
where
    typenum::Const<I>: typenum::ToUInt<Output: Index>,
{
    crate::layout::finish(|| l.get_mode::<Idx<I>>())
}

/// CuTe's `take<B, E>(layout)`: the modes `[B, E)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(take::<1, 3, _>(layout!((2,3,4):(1,2,6))).to_string(), "(_3,_4):(_2,_6)");
/// ```
#[inline]
pub fn take<const B: usize, const E: usize, X: Reshape>(
    x: X,
) -> X::With<<X::Layout as LayoutModes>::Take<Idx<B>, Idx<E>>>
where
    typenum::Const<B>: typenum::ToUInt<Output: Nat>,
    typenum::Const<E>: typenum::ToUInt<Output: Nat>,
{
    let l = x.layout_of();
    x.with_layout(crate::layout::finish(|| l.take_modes::<Idx<B>, Idx<E>>()))
}

/// CuTe's `group<B, E>(layout)`: the modes `[B, E)` become one mode.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((2,3,4,5):(1,2,6,24));
/// assert_eq!(group::<1, 3, _>(l).to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
/// ```
#[inline]
pub fn group<const B: usize, const E: usize, X: Reshape>(
    x: X,
) -> X::With<<X::Layout as LayoutModes>::Group<Idx<B>, Idx<E>>>
where
    typenum::Const<B>: typenum::ToUInt<Output: Nat>,
    typenum::Const<E>: typenum::ToUInt<Output: Nat>,
{
    let l = x.layout_of();
    x.with_layout(crate::layout::finish(|| l.group_modes::<Idx<B>, Idx<E>>()))
}

/// CuTe's `group_modes<B, E>(tensor)`: [`group`] under the name CuTe gives it for
/// tensors (it takes layouts too).
///
/// ```
/// use cutlet_core::prelude::*;
/// let data = [0f32; 120];
/// let t = make_tensor(&data[..], layout!((2,3,4,5)));
/// assert_eq!(group_modes::<1, 3, _>(t).layout().to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
/// ```
#[inline]
pub fn group_modes<const B: usize, const E: usize, X: Reshape>(
    x: X,
) -> X::With<<X::Layout as LayoutModes>::Group<Idx<B>, Idx<E>>>
where
    typenum::Const<B>: typenum::ToUInt<Output: Nat>,
    typenum::Const<E>: typenum::ToUInt<Output: Nat>,
{
    group::<B, E, X>(x)
}

/// CuTe's `select<I...>(layout)`: the modes listed by a static int tuple, in that order.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(select(layout!((2,3,4):(1,2,6)), shape!((2, 0))).to_string(), "(_4,_2):(_6,_1)");
/// ```
#[inline]
pub fn select<L: Layout, Is: IntTuple>(l: L, is: Is) -> L::Select<Is> {
    crate::layout::finish(|| l.select_modes(is))
}

/// CuTe's `flatten(layout)`: depth at most 1, the same leaves in order.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(flatten(layout!((2,(3,4)):(12,(1,3)))).to_string(), "(_2,_3,_4):(_12,_1,_3)");
/// ```
#[inline]
pub fn flatten<X: Reshape>(x: X) -> X::With<<X::Layout as LayoutModes>::Flatten> {
    let l = x.layout_of();
    x.with_layout(crate::layout::finish(|| l.flatten_modes()))
}

/// CuTe's `slice(coord, layout)`: the sub-layout of the modes where `coord` has `_`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(slice((2isize, X), l).to_string(), "(_8):(_4)");
/// assert_eq!(slice(coord!((_, 3)), l).to_string(), "(_4):(_1)");
/// ```
#[inline]
#[track_caller]
pub fn slice<Crd: IntTuple, L: Layout>(c: Crd, l: L) -> L::Slice<Crd> {
    crate::layout::finish(|| l.slice_and_offset(c).0)
}

/// CuTe's `slice_and_offset(coord, layout)`: the slice and the offset of its origin.
///
/// ```
/// use cutlet_core::prelude::*;
/// let (s, off) = slice_and_offset((2isize, X), layout!((4,8):(1,4)));
/// assert_eq!((s.to_string(), Cute(off).to_string()), ("(_8):(_4)".into(), "2".into()));
/// ```
#[inline]
#[track_caller]
pub fn slice_and_offset<Crd: IntTuple, L: Layout>(
    c: Crd,
    l: L,
) -> (L::Slice<Crd>, L::SliceOffset<Crd>) {
    let r = l.slice_and_offset(c);
    (crate::layout::check(r.0), r.1)
}

/// CuTe's `dice(coord, layout)`: the sub-layout of the modes where `coord` has an
/// integer.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(dice((2isize, X), layout!((4,8):(1,4))).to_string(), "(_4):(_1)");
/// ```
#[inline]
pub fn dice<Crd: IntTuple, L: Layout>(c: Crd, l: L) -> L::Dice<Crd> {
    crate::layout::finish(|| l.dice_modes(c))
}
