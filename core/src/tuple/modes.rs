//! Mode selection on int tuples (CuTe's `take`, `group`, `select`, `slice`, `dice`):
//! the int-tuple halves of the layout operations of the same names.

use super::queries::{At, Concat, Drop, at, concat, drop_n};
use super::{FoldFn, IntTuple, MapFn, ZipFn};
use crate::int::{Bit, BranchT, Leaf, Nat, Ord3};

/// The first `N` modes.
pub type TakeFirst<T, N> = <<N as Nat>::IsZero as Bit>::SelT<TakeFirstB<T, N>>;
/// The lazy branches of [`TakeFirst`].
#[derive(Clone, Copy)]
pub struct TakeFirstB<T, N>(T, core::marker::PhantomData<N>);
impl<T: IntTuple, N: Nat> BranchT for TakeFirstB<T, N> {
    type Then = ();
    type Else = <TakeFirst<T::Tail, N::Pred> as IntTuple>::Prepend<T::Head>;
    #[inline]
    fn then(self) {}
    #[inline]
    fn els(self) -> Self::Else {
        take_first::<T::Tail, N::Pred>(self.0.tail()).prepend(self.0.head())
    }
}
/// The value of [`TakeFirst`].
#[inline]
pub fn take_first<T: IntTuple, N: Nat>(t: T) -> TakeFirst<T, N> {
    <N::IsZero as Bit>::sel_t(TakeFirstB::<T, N>(t, core::marker::PhantomData))
}

/// CuTe's `take<B, E>(t)`: the modes `[B, E)`.
pub type Take<T, B, E> = TakeFirst<Drop<T, B>, <E as Nat>::Sub<B>>;
/// The value of [`Take`].
#[inline]
pub fn take<T: IntTuple, B: Nat, E: Nat>(t: T) -> Take<T, B, E> {
    take_first::<_, E::Sub<B>>(drop_n::<T, B>(t))
}
/// `B1` when `[B, E)` is a non-empty range of the modes of a rank-`R` tuple.
pub type RangeOk<R, B, E> =
    <<<B as Nat>::Cmp<E> as Ord3>::Lt as Bit>::And<<<E as Nat>::Cmp<R> as Ord3>::Le>;

/// CuTe's `group<B, E>(t)`: the modes `[B, E)` as one mode.
pub type Group<T, B, E> = Concat<<TakeFirst<T, B> as IntTuple>::Append<Take<T, B, E>>, Drop<T, E>>;
/// The value of [`Group`].
#[inline]
pub fn group<T: IntTuple, B: Nat, E: Nat>(t: T) -> Group<T, B, E> {
    concat(
        take_first::<T, B>(t).append(take::<T, B, E>(t)),
        drop_n::<T, E>(t),
    )
}

/// Mode `I` of `T` for each static index `I` of a tuple.
#[derive(Clone, Copy)]
pub struct SelectFn<T>(T);
/// The type-level natural of a static non-negative leaf.
pub type NatOf<I> = <<<I as IntTuple>::Size as Leaf>::Val as crate::int::SInt>::Mag;
impl<T: IntTuple> MapFn for SelectFn<T> {
    type Ap<I: IntTuple> = At<T, NatOf<I>>;
    #[inline]
    fn ap<I: IntTuple>(self, _: I) -> Self::Ap<I> {
        at::<T, NatOf<I>>(self.0)
    }
}
/// CuTe's `select<I...>(t)`: the modes listed by the static int tuple `Is`, in order.
pub type Select<T, Is> = <<Is as IntTuple>::IsTuple as Bit>::IfT<
    <Is as IntTuple>::Map<SelectFn<T>>,
    (<SelectFn<T> as MapFn>::Ap<Is>,),
>;
/// The value of [`Select`].
#[inline]
pub fn select<T: IntTuple, Is: IntTuple>(t: T, is: Is) -> Select<T, Is> {
    <Is::IsTuple as Bit>::if_t(is.map(SelectFn(t)), (SelectFn(t).ap(is),))
}

/// Concatenation of tuples (the fold of CuTe's `filter_tuple`).
#[derive(Clone, Copy, Default, Debug)]
pub struct ConcatFn;
impl FoldFn for ConcatFn {
    type Step<Acc: IntTuple, X: IntTuple> = Concat<Acc, X>;
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        concat(acc, x)
    }
}

/// CuTe's `slice(c, t)`: the modes of `t` where the coordinate `c` has `_` (a tuple
/// coordinate keeps the modes its underscores select, flattened by one level, as
/// CuTe's `filter_tuple`; `_` keeps `t`; an integer keeps nothing).
pub type Slice<Crd, T> = <<Crd as IntTuple>::IsTuple as Bit>::SelT<SliceB<Crd, T, SliceKeep>>;
/// CuTe's `dice(c, t)`: the modes of `t` where `c` has an integer.
pub type Dice<Crd, T> = <<Crd as IntTuple>::IsTuple as Bit>::SelT<SliceB<Crd, T, DiceKeep>>;
/// What a slice keeps of a leaf coordinate: [`SliceKeep`] or [`DiceKeep`].
pub trait Keep: Copy + Default + 'static {
    /// `B1` to keep the mode for the coordinate leaf `C`.
    type Keeps<C: IntTuple>: Bit;
}
/// `slice` keeps the modes under `_`.
#[derive(Clone, Copy, Default, Debug)]
pub struct SliceKeep;
impl Keep for SliceKeep {
    type Keeps<C: IntTuple> = C::IsUnder;
}
/// `dice` keeps the modes under integers.
#[derive(Clone, Copy, Default, Debug)]
pub struct DiceKeep;
impl Keep for DiceKeep {
    type Keeps<C: IntTuple> = <C::IsUnder as Bit>::Not;
}
/// The lazy branches of [`Slice`]/[`Dice`] at the entry (`slice(_, b) == b`).
#[derive(Clone, Copy)]
pub struct SliceB<Crd, T, K>(T, core::marker::PhantomData<(Crd, K)>);
impl<Crd: IntTuple, T: IntTuple, K: Keep> BranchT for SliceB<Crd, T, K> {
    type Then = <<Crd as IntTuple>::Zip<T, LiftSlice<K>> as IntTuple>::Fold<ConcatFn, ()>;
    type Else = <K::Keeps<Crd> as Bit>::IfT<T, ()>;
    #[inline]
    fn then(self) -> Self::Then {
        Crd::conjure()
            .zip(self.0, LiftSlice::<K>::default())
            .fold(ConcatFn, ())
    }
    #[inline]
    fn els(self) -> Self::Else {
        <K::Keeps<Crd> as Bit>::if_t(self.0, ())
    }
}
/// CuTe's `lift_slice`/`lift_dice`: the kept modes of one coordinate mode, as a tuple.
#[derive(Clone, Copy, Default, Debug)]
pub struct LiftSlice<K>(core::marker::PhantomData<K>);
impl<K: Keep> ZipFn for LiftSlice<K> {
    type Ap<C: IntTuple, T: IntTuple> =
        <<C as IntTuple>::IsTuple as Bit>::SelT<LiftSliceB<C, T, K>>;
    #[inline]
    fn ap<C: IntTuple, T: IntTuple>(self, _: C, t: T) -> Self::Ap<C, T> {
        <C::IsTuple as Bit>::sel_t(LiftSliceB::<C, T, K>(t, core::marker::PhantomData))
    }
}
/// The lazy branches of [`LiftSlice`].
#[derive(Clone, Copy)]
pub struct LiftSliceB<C, T, K>(T, core::marker::PhantomData<(C, K)>);
impl<C: IntTuple, T: IntTuple, K: Keep> BranchT for LiftSliceB<C, T, K> {
    type Then = <<C as IntTuple>::Zip<T, LiftSlice<K>> as IntTuple>::Fold<ConcatFn, ()>;
    type Else = <K::Keeps<C> as Bit>::IfT<(T,), ()>;
    #[inline]
    fn then(self) -> Self::Then {
        C::conjure()
            .zip(self.0, LiftSlice::<K>::default())
            .fold(ConcatFn, ())
    }
    #[inline]
    fn els(self) -> Self::Else {
        <K::Keeps<C> as Bit>::if_t((self.0,), ())
    }
}
/// The value of [`Slice`] (the coordinate's values do not matter, only where its
/// underscores are).
#[inline]
pub fn slice_tuple<Crd: IntTuple, T: IntTuple>(_: Crd, t: T) -> Slice<Crd, T> {
    <Crd::IsTuple as Bit>::sel_t(SliceB::<Crd, T, SliceKeep>(t, core::marker::PhantomData))
}
/// The value of [`Dice`].
#[inline]
pub fn dice_tuple<Crd: IntTuple, T: IntTuple>(_: Crd, t: T) -> Dice<Crd, T> {
    <Crd::IsTuple as Bit>::sel_t(SliceB::<Crd, T, DiceKeep>(t, core::marker::PhantomData))
}
