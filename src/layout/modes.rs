//! Mode manipulation for layouts and int tuples: `get`, `take`, `select`, `group`,
//! `append`, `prepend` and `flatten` (CuTe's tuple algorithms lifted to layouts).

use super::layout::{Layout, ListOf};
use crate::int::C;
use crate::tuple::{Append, Concat, Get, HCons, HNil, ToList, ToNative, Tup, hcons};
use typenum::{B1, Bit, Const, NInt, PInt, ToUInt, U, U0, UInt, Unsigned, Z0};

/// Mode `I` of an int tuple in internal form (a leaf's mode 0 is itself).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "mode index out of range",
    label = "this int tuple or layout has fewer modes"
)]
pub trait ModeOf<I> {
    /// The mode.
    type Output: Copy;
    /// Fetch it.
    fn mode_of(self) -> Self::Output;
}
impl<N: Copy> ModeOf<U0> for C<N> {
    type Output = C<N>;
    #[inline(always)]
    fn mode_of(self) -> Self {
        self
    }
}
impl ModeOf<U0> for isize {
    type Output = isize;
    #[inline(always)]
    fn mode_of(self) -> Self {
        self
    }
}
impl<H, T, I> ModeOf<I> for HCons<H, T>
where
    HCons<H, T>: Get<I>,
    <HCons<H, T> as Get<I>>::Output: Copy,
{
    type Output = <HCons<H, T> as Get<I>>::Output;
    #[inline(always)]
    fn mode_of(self) -> Self::Output {
        self.get()
    }
}

/// The first `N` elements of a list.
#[doc(hidden)]
pub trait Truncate<N> {
    type Output: Copy;
    fn truncate(self) -> Self::Output;
}
impl<L> Truncate<U0> for L
where
    L: Copy,
{
    type Output = HNil;
    #[inline(always)]
    fn truncate(self) -> HNil {
        HNil
    }
}
impl<H: Copy, T, Un: Unsigned, Bt: Bit> Truncate<UInt<Un, Bt>> for HCons<H, T>
where
    UInt<Un, Bt>: core::ops::Sub<B1>,
    T: Truncate<<UInt<Un, Bt> as core::ops::Sub<B1>>::Output>,
{
    type Output = HCons<H, <T as Truncate<<UInt<Un, Bt> as core::ops::Sub<B1>>::Output>>::Output>;
    #[inline(always)]
    fn truncate(self) -> Self::Output {
        hcons(self.head, self.tail.truncate())
    }
}

/// The list without its first `N` elements.
#[doc(hidden)]
pub trait Skip<N> {
    type Output: Copy;
    fn skip(self) -> Self::Output;
}
impl<L: Copy> Skip<U0> for L {
    type Output = L;
    #[inline(always)]
    fn skip(self) -> L {
        self
    }
}
impl<H, T, Un: Unsigned, Bt: Bit> Skip<UInt<Un, Bt>> for HCons<H, T>
where
    UInt<Un, Bt>: core::ops::Sub<B1>,
    T: Skip<<UInt<Un, Bt> as core::ops::Sub<B1>>::Output>,
{
    type Output = <T as Skip<<UInt<Un, Bt> as core::ops::Sub<B1>>::Output>>::Output;
    #[inline(always)]
    fn skip(self) -> Self::Output {
        self.tail.skip()
    }
}

/// Elements `[B, E)` of a list, checked non-empty and in range.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "take::<B, E>: the mode range is empty or out of bounds",
    label = "need B < E <= rank"
)]
pub trait TakeRange<B, E> {
    /// The selected modes.
    type Output: Copy;
    /// Select them.
    fn take_range(self) -> Self::Output;
}
impl<L: Tup, B, E> TakeRange<B, E> for L
where
    B: typenum::IsLess<E, Output = B1>,
    E: typenum::IsLessOrEqual<L::Rank, Output = B1> + core::ops::Sub<B>,
    L: Skip<B>,
    <L as Skip<B>>::Output: Truncate<<E as core::ops::Sub<B>>::Output>,
{
    type Output = <<L as Skip<B>>::Output as Truncate<<E as core::ops::Sub<B>>::Output>>::Output;
    #[inline(always)]
    fn take_range(self) -> Self::Output {
        self.skip().truncate()
    }
}

/// A static non-negative integer as a typenum index.
#[doc(hidden)]
pub trait AsIndex {
    type Index;
}
impl AsIndex for C<Z0> {
    type Index = U0;
}
impl<Un: Unsigned + typenum::NonZero> AsIndex for C<PInt<Un>> {
    type Index = Un;
}
impl<Un: Unsigned + typenum::NonZero> AsIndex for C<NInt<Un>> {
    type Index = NegativeIndex;
}
#[doc(hidden)]
pub struct NegativeIndex;

/// Pick the listed modes of a list.
#[doc(hidden)]
pub trait SelectModes<L> {
    type Output: Copy;
    fn select_modes(self, l: L) -> Self::Output;
}
impl<L> SelectModes<L> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn select_modes(self, _: L) -> HNil {
        HNil
    }
}
impl<I: AsIndex, T: SelectModes<L>, L: Copy + ModeOf<I::Index>> SelectModes<L> for HCons<I, T> {
    type Output = HCons<<L as ModeOf<I::Index>>::Output, T::Output>;
    #[inline(always)]
    fn select_modes(self, l: L) -> Self::Output {
        hcons(l.mode_of(), self.tail.select_modes(l))
    }
}

/// `t[..B] ++ (t[B..E]) ++ t[E..]`.
#[doc(hidden)]
pub trait GroupRange<B, E> {
    type Output: Copy;
    fn group_range(self) -> Self::Output;
}
impl<L: Copy, B, E> GroupRange<B, E> for L
where
    L: Truncate<B> + TakeRange<B, E> + Skip<E>,
    <L as Truncate<B>>::Output: Append<<L as TakeRange<B, E>>::Output>,
    <<L as Truncate<B>>::Output as Append<<L as TakeRange<B, E>>::Output>>::Output:
        Concat<<L as Skip<E>>::Output>,
    <<<L as Truncate<B>>::Output as Append<<L as TakeRange<B, E>>::Output>>::Output as Concat<
        <L as Skip<E>>::Output,
    >>::Output: Copy,
{
    type Output = <<<L as Truncate<B>>::Output as Append<<L as TakeRange<B, E>>::Output>>::Output as Concat<
        <L as Skip<E>>::Output,
    >>::Output;
    #[inline(always)]
    fn group_range(self) -> Self::Output {
        let head: <L as Truncate<B>>::Output = self.truncate();
        let mid: <L as TakeRange<B, E>>::Output = self.take_range();
        let tail: <L as Skip<E>>::Output = self.skip();
        head.append(mid).concat(tail)
    }
}

/// CuTe's `flatten`: a leaf stays a leaf, a tuple becomes the tuple of its leaves.
#[doc(hidden)]
pub trait FlattenKeep {
    type Output: Copy;
    fn flatten_keep(self) -> Self::Output;
}
impl<N: Copy> FlattenKeep for C<N> {
    type Output = C<N>;
    #[inline(always)]
    fn flatten_keep(self) -> Self {
        self
    }
}
impl FlattenKeep for isize {
    type Output = isize;
    #[inline(always)]
    fn flatten_keep(self) -> Self {
        self
    }
}
impl FlattenKeep for HNil {
    type Output = HNil;
    #[inline(always)]
    fn flatten_keep(self) -> HNil {
        HNil
    }
}
impl<H, T> FlattenKeep for HCons<H, T>
where
    HCons<H, T>: Tup,
{
    type Output = <HCons<H, T> as Tup>::Flat;
    #[inline(always)]
    fn flatten_keep(self) -> Self::Output {
        self.flat()
    }
}

/// CuTe's `append(t, x)`: a leaf `t` becomes `(t, x)`.
#[doc(hidden)]
pub trait AppendMode<X> {
    type Output: Copy;
    fn append_mode(self, x: X) -> Self::Output;
}
/// CuTe's `prepend(t, x)`: a leaf `t` becomes `(x, t)`.
#[doc(hidden)]
pub trait PrependMode<X> {
    type Output: Copy;
    fn prepend_mode(self, x: X) -> Self::Output;
}
macro_rules! leaf_append {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* X: Copy> AppendMode<X> for $ty {
            type Output = HCons<$ty, HCons<X, HNil>>;
            #[inline(always)]
            fn append_mode(self, x: X) -> Self::Output {
                hcons(self, hcons(x, HNil))
            }
        }
        impl<$($g)* X: Copy> PrependMode<X> for $ty {
            type Output = HCons<X, HCons<$ty, HNil>>;
            #[inline(always)]
            fn prepend_mode(self, x: X) -> Self::Output {
                hcons(x, hcons(self, HNil))
            }
        }
    )*};
}
leaf_append!(C<N> => [N: Copy,], isize => []);
impl<X: Copy> AppendMode<X> for HNil {
    type Output = HCons<X, HNil>;
    #[inline(always)]
    fn append_mode(self, x: X) -> Self::Output {
        hcons(x, HNil)
    }
}
impl<X: Copy> PrependMode<X> for HNil {
    type Output = HCons<X, HNil>;
    #[inline(always)]
    fn prepend_mode(self, x: X) -> Self::Output {
        hcons(x, HNil)
    }
}
impl<H: Copy, T: Append<X>, X: Copy> AppendMode<X> for HCons<H, T>
where
    T::Output: Copy,
{
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn append_mode(self, x: X) -> Self::Output {
        hcons(self.head, self.tail.append(x))
    }
}
impl<H: Copy, T: Copy, X: Copy> PrependMode<X> for HCons<H, T> {
    type Output = HCons<X, HCons<H, T>>;
    #[inline(always)]
    fn prepend_mode(self, x: X) -> Self::Output {
        hcons(x, self)
    }
}

/// Lifts an int-tuple operation to int tuples (native) and layouts (both parts).
///
/// `Op` is one of the marker types below; `Arg` carries its value argument.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this mode operation does not apply to `{Self}`",
    label = "check the mode indices against the rank"
)]
pub trait ModeOp<Op> {
    /// The result.
    type Output;
    /// Apply.
    fn mode_op(self, op: Op) -> Self::Output;
}

/// An operation on the internal form of one int tuple.
#[doc(hidden)]
pub trait ListOp<L> {
    type Output: ToNative;
    fn apply(self, l: L) -> Self::Output;
}

impl<T: ToList, Op: ListOp<ListOf<T>>> ModeOp<Op> for T {
    type Output = <Op::Output as ToNative>::Native;
    #[inline(always)]
    fn mode_op(self, op: Op) -> Self::Output {
        op.apply(self.to_list()).to_native()
    }
}
impl<S: ToList, D: ToList, Op: Copy + ListOp<ListOf<S>> + ListOp<ListOf<D>>> ModeOp<Op>
    for Layout<S, D>
{
    type Output = Layout<
        <<Op as ListOp<ListOf<S>>>::Output as ToNative>::Native,
        <<Op as ListOp<ListOf<D>>>::Output as ToNative>::Native,
    >;
    #[inline(always)]
    fn mode_op(self, op: Op) -> Self::Output {
        Layout::from_parts(
            op.apply(self.shape().to_list()).to_native(),
            op.apply(self.stride().to_list()).to_native(),
        )
    }
}

/// Marker ops.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct GetOp<I>(core::marker::PhantomData<I>);
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct TakeOp<B, E>(core::marker::PhantomData<(B, E)>);
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct GroupOp<B, E>(core::marker::PhantomData<(B, E)>);
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct SelectOp<I>(I);
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct FlattenOp;

impl<I, L: ModeOf<I>> ListOp<L> for GetOp<I>
where
    L::Output: ToNative,
{
    type Output = L::Output;
    #[inline(always)]
    fn apply(self, l: L) -> L::Output {
        l.mode_of()
    }
}
impl<B, E, L: TakeRange<B, E>> ListOp<L> for TakeOp<B, E>
where
    L::Output: ToNative,
{
    type Output = L::Output;
    #[inline(always)]
    fn apply(self, l: L) -> L::Output {
        l.take_range()
    }
}
impl<B, E, L: GroupRange<B, E>> ListOp<L> for GroupOp<B, E>
where
    L::Output: ToNative,
{
    type Output = L::Output;
    #[inline(always)]
    fn apply(self, l: L) -> L::Output {
        l.group_range()
    }
}
impl<I: SelectModes<L>, L> ListOp<L> for SelectOp<I>
where
    I::Output: ToNative,
{
    type Output = I::Output;
    #[inline(always)]
    fn apply(self, l: L) -> I::Output {
        self.0.select_modes(l)
    }
}
impl<L: FlattenKeep> ListOp<L> for FlattenOp
where
    L::Output: ToNative,
{
    type Output = L::Output;
    #[inline(always)]
    fn apply(self, l: L) -> L::Output {
        l.flatten_keep()
    }
}

/// CuTe's `get<I>(t)`: mode `I` of a layout or int tuple.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((2,(3,4)):(12,(1,3)));
/// assert_eq!(get::<1, _>(l).to_string(), "(_3,_4):(_1,_3)");
/// assert_eq!(get::<0, _>(shape!((5, 6))).to_string(), "_5");
/// ```
#[inline(always)]
pub fn get<const I: usize, T>(t: T) -> T::Output
where
    Const<I>: ToUInt,
    T: ModeOp<GetOp<U<I>>>,
{
    t.mode_op(GetOp(core::marker::PhantomData))
}

/// CuTe's `take<B, E>(t)`: modes `[B, E)`.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((2,3,4):(1,2,6));
/// assert_eq!(take::<1, 3, _>(l).to_string(), "(_3,_4):(_2,_6)");
/// ```
#[inline(always)]
pub fn take<const B: usize, const E: usize, T>(t: T) -> T::Output
where
    Const<B>: ToUInt,
    Const<E>: ToUInt,
    T: ModeOp<TakeOp<U<B>, U<E>>>,
{
    t.mode_op(TakeOp(core::marker::PhantomData))
}

/// CuTe's `group<B, E>(t)`: modes `[B, E)` become one mode.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((2,3,4,5):(1,2,6,24));
/// assert_eq!(group::<1, 3, _>(l).to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
/// ```
#[inline(always)]
pub fn group<const B: usize, const E: usize, T>(t: T) -> T::Output
where
    Const<B>: ToUInt,
    Const<E>: ToUInt,
    T: ModeOp<GroupOp<U<B>, U<E>>>,
{
    t.mode_op(GroupOp(core::marker::PhantomData))
}

/// CuTe's `select<I...>(t)`: the modes listed by a static int tuple, in that order.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((2,3,4):(1,2,6));
/// assert_eq!(select(l, shape!((2, 0))).to_string(), "(_4,_2):(_6,_1)");
/// ```
#[inline(always)]
pub fn select<T: Selectable<I>, I>(t: T, modes: I) -> SelectT<T, I> {
    t.select_modes(modes)
}

/// Layouts and int tuples whose modes `I` (a tuple of mode indices) can be selected;
/// [`SelectT`] names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn pick<T: Selectable<I>, I>(t: T, i: I) -> SelectT<T, I> { select(t, i) }
/// assert_eq!(pick(layout!((2,3,4):(1,2,6)), shape!((2, 0))).to_string(), "(_4,_2):(_6,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot select modes `{I}` of `{Self}`",
    label = "every selected mode index must be below the rank"
)]
pub trait Selectable<I> {
    /// The selected modes.
    type Output;
    /// CuTe's `select<I...>(t)`.
    fn select_modes(self, modes: I) -> Self::Output;
}
impl<T, I: ToList> Selectable<I> for T
where
    T: ModeOp<SelectOp<ListOf<I>>>,
{
    type Output = T::Output;
    #[inline(always)]
    fn select_modes(self, modes: I) -> Self::Output {
        self.mode_op(SelectOp(modes.to_list()))
    }
}
/// The type of `select(t, modes)`.
///
/// ```
/// use cutlet::prelude::*;
/// let s: SelectT<layout_t!((2,3):(1,2)), shape_t!((1))> = select(layout!((2,3):(1,2)), shape!((1)));
/// assert_eq!(s.to_string(), "(_3):(_2)");
/// ```
pub type SelectT<T, I> = <T as Selectable<I>>::Output;

/// CuTe's `flatten(t)`: depth at most 1, same leaves in order.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((2,3),(2,4),4):((32,64),(1,2),8));
/// assert_eq!(flatten(l).to_string(), "(_2,_3,_2,_4,_4):(_32,_64,_1,_2,_8)");
/// ```
#[inline(always)]
pub fn flatten<T: ModeOp<FlattenOp>>(t: T) -> T::Output {
    t.mode_op(FlattenOp)
}

/// What CuTe's `append` applies to; [`AppendT`] names the result. A bound on this
/// trait is how generic code asks for `append`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Appendable<X>, X>(l: L, x: X) -> AppendT<L, X> { append(l, x) }
/// assert_eq!(f(layout!((2,4):(1,2)), layout!(3:8)).to_string(), "(_2,_4,_3):(_1,_2,_8)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`append` is not defined for `{Self}`",
    label = "CuTe's conditions for `append` do not hold here"
)]
pub trait Appendable<X>: crate::algebra::Sealed {
    /// The result of `append`.
    type Output;
    /// CuTe's `append` (see the free function).
    fn append(self, x: X) -> Self::Output;
}
impl<S: ToList, D: ToList, S2: ToList, D2: ToList> Appendable<Layout<S2, D2>> for Layout<S, D>
where
    ListOf<S>: AppendMode<ListOf<S2>>,
    ListOf<D>: AppendMode<ListOf<D2>>,
    <ListOf<S> as AppendMode<ListOf<S2>>>::Output: ToNative,
    <ListOf<D> as AppendMode<ListOf<D2>>>::Output: ToNative,
{
    type Output = Layout<
        <<ListOf<S> as AppendMode<ListOf<S2>>>::Output as ToNative>::Native,
        <<ListOf<D> as AppendMode<ListOf<D2>>>::Output as ToNative>::Native,
    >;
    #[inline(always)]
    fn append(self, x: Layout<S2, D2>) -> Self::Output {
        let l = self;
        Layout::from_parts(
            l.shape()
                .to_list()
                .append_mode(x.shape().to_list())
                .to_native(),
            l.stride()
                .to_list()
                .append_mode(x.stride().to_list())
                .to_native(),
        )
    }
}
/// The type of `append` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Appendable<X>, X>(l: L, x: X) -> AppendT<L, X> { append(l, x) }
/// assert_eq!(f(layout!((2,4):(1,2)), layout!(3:8)).to_string(), "(_2,_4,_3):(_1,_2,_8)");
/// ```
pub type AppendT<L, X> = <L as Appendable<X>>::Output;

/// CuTe's `append(layout, x)`: `x` becomes the last mode.
///
/// ```
/// use cutlet::prelude::*;
/// let l = append(layout!((2,3):(1,2)), layout!(4:6));
/// assert_eq!(l.to_string(), "(_2,_3,_4):(_1,_2,_6)");
/// assert_eq!(append(layout!(2:1), layout!(1:0)).to_string(), "(_2,_1):(_1,_0)");
/// ```
#[inline(always)]
pub fn append<L: Appendable<X>, X>(l: L, x: X) -> AppendT<L, X> {
    l.append(x)
}

/// What CuTe's `prepend` applies to; [`PrependT`] names the result. A bound on this
/// trait is how generic code asks for `prepend`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Prependable<X>, X>(l: L, x: X) -> PrependT<L, X> { prepend(l, x) }
/// assert_eq!(f(layout!((2,4):(1,2)), layout!(3:8)).to_string(), "(_3,_2,_4):(_8,_1,_2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`prepend` is not defined for `{Self}`",
    label = "CuTe's conditions for `prepend` do not hold here"
)]
pub trait Prependable<X>: crate::algebra::Sealed {
    /// The result of `prepend`.
    type Output;
    /// CuTe's `prepend` (see the free function).
    fn prepend(self, x: X) -> Self::Output;
}
impl<S: ToList, D: ToList, S2: ToList, D2: ToList> Prependable<Layout<S2, D2>> for Layout<S, D>
where
    ListOf<S>: PrependMode<ListOf<S2>>,
    ListOf<D>: PrependMode<ListOf<D2>>,
    <ListOf<S> as PrependMode<ListOf<S2>>>::Output: ToNative,
    <ListOf<D> as PrependMode<ListOf<D2>>>::Output: ToNative,
{
    type Output = Layout<
        <<ListOf<S> as PrependMode<ListOf<S2>>>::Output as ToNative>::Native,
        <<ListOf<D> as PrependMode<ListOf<D2>>>::Output as ToNative>::Native,
    >;
    #[inline(always)]
    fn prepend(self, x: Layout<S2, D2>) -> Self::Output {
        let l = self;
        Layout::from_parts(
            l.shape()
                .to_list()
                .prepend_mode(x.shape().to_list())
                .to_native(),
            l.stride()
                .to_list()
                .prepend_mode(x.stride().to_list())
                .to_native(),
        )
    }
}
/// The type of `prepend` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Prependable<X>, X>(l: L, x: X) -> PrependT<L, X> { prepend(l, x) }
/// assert_eq!(f(layout!((2,4):(1,2)), layout!(3:8)).to_string(), "(_3,_2,_4):(_8,_1,_2)");
/// ```
pub type PrependT<L, X> = <L as Prependable<X>>::Output;

/// CuTe's `prepend(layout, x)`: `x` becomes the first mode.
///
/// ```
/// use cutlet::prelude::*;
/// let l = prepend(layout!((2,3):(1,2)), layout!(4:6));
/// assert_eq!(l.to_string(), "(_4,_2,_3):(_6,_1,_2)");
/// ```
#[inline(always)]
pub fn prepend<L: Prependable<X>, X>(l: L, x: X) -> PrependT<L, X> {
    l.prepend(x)
}
