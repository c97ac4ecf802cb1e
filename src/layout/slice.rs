//! Slicing with CuTe's underscore: keep the modes a coordinate marks with `_`, and
//! the offset of the fixed ones (CuTe's `slice`, `slice_and_offset`).

use super::crd2idx::Crd2Idx;
use super::layout::{Layout, ListOf};
use crate::int::C;
use crate::tuple::{Concat, CuteDisplay, HCons, HNil, ToList, ToNative, hcons};
use core::fmt;
use typenum::Z0;

/// CuTe's `_` (also spelled `X` in CuTe): "all of this mode" in a coordinate. In the
/// `shape!`/`coord!` macros write `_` or `..`.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(l.slice((2isize, X)).to_string(), "(_8):(_4)");
/// assert_eq!(l.slice(coord!((_, 3))).to_string(), "(_4):(_1)");
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Underscore;

/// CuTe's underscore `_`.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4,8):(1,4));
/// assert_eq!(l.slice((2isize, X)).to_string(), "(_8):(_4)");
/// ```
pub const X: Underscore = Underscore;

impl ToList for Underscore {
    type List = Underscore;
    #[inline(always)]
    fn to_list(self) -> Underscore {
        self
    }
}
impl ToNative for Underscore {
    type Native = Underscore;
    #[inline(always)]
    fn to_native(self) -> Underscore {
        self
    }
}
impl CuteDisplay for Underscore {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_")
    }
}

/// CuTe's `slice(coord, t)` at the top level: `_` keeps `t`, an integer drops it, a
/// tuple keeps the concatenation of its kept parts.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this coordinate cannot slice the layout",
    label = "a slicing coordinate must match the shape's profile, with `_` for kept modes"
)]
pub trait Slice<T> {
    /// The kept part.
    type Output: Copy;
    /// Slice `t`.
    fn slice(self, t: T) -> Self::Output;
}
/// The nested part of `slice`: kept parts are wrapped, to be concatenated.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "the slice coordinate's rank does not match the layout's shape",
    label = "a slice coordinate has the shape's rank at each level, with `_` for the kept modes"
)]
pub trait LiftSlice<T> {
    type Output: Copy;
    fn lift_slice(self, t: T) -> Self::Output;
}
/// The coordinate with every `_` read as `_0` (CuTe's `_` is `Int<0>`).
#[doc(hidden)]
pub trait Zeroed {
    type Output: Copy;
    fn zeroed(self) -> Self::Output;
}

impl<T: Copy> Slice<T> for Underscore {
    type Output = T;
    #[inline(always)]
    fn slice(self, t: T) -> T {
        t
    }
}
impl<T: Copy> LiftSlice<T> for Underscore {
    type Output = HCons<T, HNil>;
    #[inline(always)]
    fn lift_slice(self, t: T) -> Self::Output {
        hcons(t, HNil)
    }
}
impl Zeroed for Underscore {
    type Output = C<Z0>;
    #[inline(always)]
    fn zeroed(self) -> C<Z0> {
        C::new()
    }
}
macro_rules! int_slice {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* T> Slice<T> for $ty {
            type Output = HNil;
            #[inline(always)]
            fn slice(self, _: T) -> HNil {
                HNil
            }
        }
        impl<$($g)* T> LiftSlice<T> for $ty {
            type Output = HNil;
            #[inline(always)]
            fn lift_slice(self, _: T) -> HNil {
                HNil
            }
        }
        impl<$($g)*> Zeroed for $ty {
            type Output = $ty;
            #[inline(always)]
            fn zeroed(self) -> $ty {
                self
            }
        }
    )*};
}
int_slice!(C<N> => [N: Copy,], isize => []);

impl Slice<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn slice(self, _: HNil) -> HNil {
        HNil
    }
}
impl LiftSlice<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn lift_slice(self, _: HNil) -> HNil {
        HNil
    }
}
impl Zeroed for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zeroed(self) -> HNil {
        HNil
    }
}
impl<CH, CT, TH, TT> Slice<HCons<TH, TT>> for HCons<CH, CT>
where
    HCons<CH, CT>: LiftSlice<HCons<TH, TT>>,
{
    type Output = <HCons<CH, CT> as LiftSlice<HCons<TH, TT>>>::Output;
    #[inline(always)]
    fn slice(self, t: HCons<TH, TT>) -> Self::Output {
        self.lift_slice(t)
    }
}
impl<CH, CT, TH, TT> LiftSlice<HCons<TH, TT>> for HCons<CH, CT>
where
    CH: LiftSlice<TH>,
    CT: LiftSlice<TT>,
    CH::Output: Concat<CT::Output>,
    <CH::Output as Concat<CT::Output>>::Output: Copy,
{
    type Output = <CH::Output as Concat<CT::Output>>::Output;
    #[inline(always)]
    fn lift_slice(self, t: HCons<TH, TT>) -> Self::Output {
        self.head
            .lift_slice(t.head)
            .concat(self.tail.lift_slice(t.tail))
    }
}
impl<CH: Zeroed, CT: Zeroed> Zeroed for HCons<CH, CT> {
    type Output = HCons<CH::Output, CT::Output>;
    #[inline(always)]
    fn zeroed(self) -> Self::Output {
        hcons(self.head.zeroed(), self.tail.zeroed())
    }
}

/// The layout `slice(coord, layout)` returns.
///
/// ```
/// use cutlet::prelude::*;
/// let s: SliceT<shape_t!((4,8)), shape_t!((1,4)), (isize, Underscore)> = layout!((4,8)).slice((2isize, X));
/// assert_eq!(s.to_string(), "(_8):(_4)");
/// ```
pub type SliceT<S, D, Cd> = Layout<
    <<ListOf<Cd> as Slice<ListOf<S>>>::Output as ToNative>::Native,
    <<ListOf<Cd> as Slice<ListOf<D>>>::Output as ToNative>::Native,
>;
/// The offset type `slice_and_offset` returns.
///
/// ```
/// use cutlet::prelude::*;
/// let (s, off) = slice_and_offset(coord!((2, _)), layout!((4,8)));
/// assert_eq!((s.to_string(), off.to_string()), ("(_8):(_4)".to_string(), "_2".to_string()));
/// ```
pub type OffsetT<S, D, Cd> =
    <<ListOf<Cd> as Zeroed>::Output as Crd2Idx<ListOf<S>, ListOf<D>>>::Output;

impl<S: ToList, D: ToList> Layout<S, D> {
    /// The sub-layout of the modes marked `_` (CuTe's `layout(coord)` with
    /// underscores, or `slice(coord, layout)`).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// // The seed's A = ((_3,2),(2,_5,_2)):((4,1),(_2,13,100)).
    /// let a = layout!(((3,{2}),({2},5,2)):(({4},{1}),(2,{13},{100})));
    /// assert_eq!(a.slice(coord!((2, _))).to_string(), "((2,_5,_2)):((_2,13,100))");
    /// assert_eq!(a.slice(coord!((_, 5))).to_string(), "((_3,2)):((4,1))");
    /// assert_eq!(a.slice(coord!(((_, _), 5))).to_string(), "(_3,2):(4,1)");
    /// assert_eq!(a.slice(coord!(((_, 1), (0, _, 1)))).to_string(), "(_3,_5):(4,13)");
    /// assert_eq!(a.slice(coord!(((2, _), (_, 3, _)))).to_string(), "(2,2,_2):(1,_2,100)");
    /// ```
    #[inline(always)]
    pub fn slice<Cd: ToList>(self, c: Cd) -> SliceT<S, D, Cd>
    where
        ListOf<Cd>: Slice<ListOf<S>> + Slice<ListOf<D>>,
        <ListOf<Cd> as Slice<ListOf<S>>>::Output: ToNative,
        <ListOf<Cd> as Slice<ListOf<D>>>::Output: ToNative,
    {
        let c = c.to_list();
        Layout::from_parts(
            c.slice(self.shape().to_list()).to_native(),
            c.slice(self.stride().to_list()).to_native(),
        )
    }
}

/// What CuTe's `slice` applies to; [`SliceLayoutT`] names the result. A bound on this
/// trait is how generic code asks for `slice`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Sliceable<C>, C>(l: L, c: C) -> SliceLayoutT<L, C> { slice(c, l) }
/// assert_eq!(f(layout!((4,8):(8,1)), coord!((2, _))).to_string(), "(_8):(_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`slice` is not defined for `{Self}`",
    label = "CuTe's conditions for `slice` do not hold here"
)]
pub trait Sliceable<Cd>: crate::algebra::Sealed {
    /// The result of `slice`.
    type Output;
    /// CuTe's `slice` (see the free function).
    fn slice(self, c: Cd) -> Self::Output;
}
impl<S: ToList, D: ToList, Cd: ToList> Sliceable<Cd> for Layout<S, D>
where
    ListOf<Cd>: Slice<ListOf<S>> + Slice<ListOf<D>>,
    <ListOf<Cd> as Slice<ListOf<S>>>::Output: ToNative,
    <ListOf<Cd> as Slice<ListOf<D>>>::Output: ToNative,
{
    type Output = SliceT<S, D, Cd>;
    #[inline(always)]
    fn slice(self, c: Cd) -> Self::Output {
        let l = self;
        l.slice(c)
    }
}
/// The type of `slice` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Sliceable<C>, C>(l: L, c: C) -> SliceLayoutT<L, C> { slice(c, l) }
/// assert_eq!(f(layout!((4,8):(8,1)), coord!((2, _))).to_string(), "(_8):(_1)");
/// ```
pub type SliceLayoutT<L, Cd> = <L as Sliceable<Cd>>::Output;

/// CuTe's `slice(coord, layout)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(slice(coord!((_, 5)), layout!((4,8):(1,4))).to_string(), "(_4):(_1)");
/// ```
#[inline(always)]
pub fn slice<L: Sliceable<Cd>, Cd>(c: Cd, l: L) -> SliceLayoutT<L, Cd> {
    Sliceable::slice(l, c)
}

/// What CuTe's `slice_and_offset` applies to; [`SliceAndOffsetT`] names the result. A bound on this
/// trait is how generic code asks for `slice_and_offset`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: SliceableWithOffset<C>, C>(l: L, c: C) -> SliceAndOffsetT<L, C> { slice_and_offset(c, l) }
/// let (sub, off) = f(layout!((4,8):(8,1)), coord!((2, _)));
/// assert_eq!((sub.to_string(), off.to_string()), ("(_8):(_1)".into(), "_16".into()));
/// ```
#[diagnostic::on_unimplemented(
    message = "`slice_and_offset` is not defined for `{Self}`",
    label = "CuTe's conditions for `slice_and_offset` do not hold here"
)]
pub trait SliceableWithOffset<Cd>: crate::algebra::Sealed {
    /// The result of `slice_and_offset`.
    type Output;
    /// CuTe's `slice_and_offset` (see the free function).
    fn slice_and_offset(self, c: Cd) -> Self::Output;
}
impl<S: ToList, D: ToList, Cd: ToList> SliceableWithOffset<Cd> for Layout<S, D>
where
    ListOf<Cd>: Slice<ListOf<S>> + Slice<ListOf<D>> + Zeroed,
    <ListOf<Cd> as Slice<ListOf<S>>>::Output: ToNative,
    <ListOf<Cd> as Slice<ListOf<D>>>::Output: ToNative,
    <ListOf<Cd> as Zeroed>::Output: Crd2Idx<ListOf<S>, ListOf<D>>,
{
    type Output = (SliceT<S, D, Cd>, OffsetT<S, D, Cd>);
    #[inline(always)]
    fn slice_and_offset(self, c: Cd) -> Self::Output {
        let l = self;
        let off = c
            .to_list()
            .zeroed()
            .crd2idx(l.shape().to_list(), l.stride().to_list());
        (l.slice(c), off)
    }
}
/// The type of `slice_and_offset` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: SliceableWithOffset<C>, C>(l: L, c: C) -> SliceAndOffsetT<L, C> { slice_and_offset(c, l) }
/// let (sub, off) = f(layout!((4,8):(8,1)), coord!((2, _)));
/// assert_eq!((sub.to_string(), off.to_string()), ("(_8):(_1)".into(), "_16".into()));
/// ```
pub type SliceAndOffsetT<L, Cd> = <L as SliceableWithOffset<Cd>>::Output;

/// CuTe's `slice_and_offset(coord, layout)`: the sliced layout and the index of the
/// fixed part of the coordinate.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4,8):(1,4));
/// let (sub, off) = slice_and_offset(coord!((2, _)), l);
/// assert_eq!((sub.to_string(), off.to_string()), ("(_8):(_4)".into(), "_2".into()));
/// ```
#[inline(always)]
pub fn slice_and_offset<L: SliceableWithOffset<Cd>, Cd>(c: Cd, l: L) -> SliceAndOffsetT<L, Cd> {
    l.slice_and_offset(c)
}
