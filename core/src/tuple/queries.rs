//! Queries and structural operations on int tuples (CuTe's `int_tuple.hpp` and
//! `tuple_algorithms.hpp`): rank, depth, product, `get<I>`, flatten, unwrap, reverse,
//! take, congruence.
//!
//! Each is a type alias over [`IntTuple`]'s associated types or a marker type for its
//! combinators, plus a value function.

use super::{AppendFn, FoldFn, IntTuple, MapFn};
use crate::int::{Bit, C, Conjure, Nat, sint};
use typenum::{B0, Z0};

/// The static integer of a type-level natural.
pub type NatC<N> = C<sint::Make<B0, N>>;

/// CuTe's `rank(t)`: the number of top-level modes, always static.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(rank(shape!((2, (3, 4)))).to_string(), "_2");
/// assert_eq!(rank(shape!(7)).to_string(), "_1");
/// ```
#[inline]
pub fn rank<T: IntTuple>(_: T) -> NatC<T::Rank> {
    C::new()
}

/// CuTe's `depth(t)`: the nesting depth (0 for an integer), always static.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(depth(shape!((2, (3, 4)))).to_string(), "_2");
/// assert_eq!(depth(shape!(7)).to_string(), "_0");
/// ```
#[inline]
pub fn depth<T: IntTuple>(_: T) -> NatC<T::Depth> {
    C::new()
}

/// CuTe's `product(t)`: the product of the leaves, static when they all are.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(product(shape!((2, (3, 4)))).to_string(), "_24");
/// let n = 5;
/// assert_eq!(product(shape!((2, n))), 10);
/// ```
#[inline]
pub fn product<T: IntTuple>(t: T) -> T::Size {
    t.size()
}

/// A type-level tuple index (typenum `U0` to `U15`): the modes CuTe's `get<I>` reaches.
pub trait Index: Nat {
    /// Mode `Self` of `T`.
    type Get<T: IntTuple>: IntTuple;
    /// Its value.
    fn get<T: IntTuple>(t: T) -> Self::Get<T>;
}
macro_rules! index {
    ($($u:ident $e:ident $f:ident),*) => {$(
        impl Index for typenum::$u {
            type Get<T: IntTuple> = T::$e;
            #[inline]
            fn get<T: IntTuple>(t: T) -> T::$e {
                t.$f()
            }
        }
    )*};
}
index!(
    U0 E0 e0, U1 E1 e1, U2 E2 e2, U3 E3 e3, U4 E4 e4, U5 E5 e5, U6 E6 e6, U7 E7 e7,
    U8 E8 e8, U9 E9 e9, U10 E10 e10, U11 E11 e11, U12 E12 e12, U13 E13 e13, U14 E14 e14,
    U15 E15 e15
);
/// The type-level index of the const `I`.
pub type Idx<const I: usize> = typenum::U<I>;
/// Mode `I` of `T` (CuTe's `decltype(get<I>(t))`).
pub type Get<T, const I: usize> = <Idx<I> as Index>::Get<T>;

/// CuTe's `get<I>(t)`: mode `I` (a leaf is its own mode 0).
///
/// ```
/// use cutlet_core::{prelude::*, tuple};
/// assert_eq!(Cute(tuple::get::<1, _>(shape!((2, (3, 4))))).to_string(), "(_3,_4)");
/// ```
#[inline]
pub fn get<const I: usize, T: IntTuple>(t: T) -> Get<T, I>
where
    typenum::Const<I>: typenum::ToUInt<Output: Index>,
{
    <Idx<I> as Index>::get(t)
}

/// CuTe's `flatten(t)`: the leaves of a tuple as a flat tuple; an integer stays itself.
pub type Flatten<T> = <<T as IntTuple>::IsTuple as Bit>::IfT<<T as IntTuple>::Leaves, T>;
/// CuTe's `flatten`.
///
/// ```
/// use cutlet_core::{prelude::*, tuple};
/// assert_eq!(Cute(tuple::flatten(shape!((2, (3, (4, 5)))))).to_string(), "(_2,_3,_4,_5)");
/// assert_eq!(Cute(tuple::flatten(shape!(7))).to_string(), "_7");
/// ```
#[inline]
pub fn flatten<T: IntTuple>(t: T) -> Flatten<T> {
    <T::IsTuple as Bit>::if_t(t.leaves(), t)
}

/// `B1` for a rank-1 tuple (or a leaf).
pub type RankIsOne<T> = <<T as IntTuple>::Rank as Nat>::IsOne;
/// CuTe's `unwrap(t)`: a rank-1 tuple becomes its element (recursively); anything else
/// stays.
pub type Unwrap<T> =
    <<<T as IntTuple>::IsTuple as Bit>::And<RankIsOne<T>> as Bit>::SelT<UnwrapB<T>>;
/// The lazy branches of [`Unwrap`].
#[derive(Clone, Copy)]
pub struct UnwrapB<T>(T);
impl<T: IntTuple> crate::int::BranchT for UnwrapB<T> {
    type Then = Unwrap<T::Head>;
    type Else = T;
    #[inline]
    fn then(self) -> Self::Then {
        unwrap(self.0.head())
    }
    #[inline]
    fn els(self) -> T {
        self.0
    }
}
/// CuTe's `unwrap`.
///
/// ```
/// use cutlet_core::{prelude::*, tuple};
/// assert_eq!(Cute(tuple::unwrap(shape!(((4))))).to_string(), "_4");
/// assert_eq!(Cute(tuple::unwrap(shape!((4, 2)))).to_string(), "(_4,_2)");
/// ```
#[inline]
pub fn unwrap<T: IntTuple>(t: T) -> Unwrap<T> {
    <<T::IsTuple as Bit>::And<RankIsOne<T>> as Bit>::sel_t(UnwrapB(t))
}

/// Prepend each mode: folding with it reverses a tuple.
#[derive(Clone, Copy, Default, Debug)]
pub struct PrependFn;
impl FoldFn for PrependFn {
    type Step<Acc: IntTuple, X: IntTuple> = Acc::Prepend<X>;
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Acc::Prepend<X> {
        acc.prepend(x)
    }
}
/// The modes in reverse order (CuTe's `reverse`).
pub type Reverse<T> = <T as IntTuple>::Fold<PrependFn, ()>;
/// CuTe's `reverse`.
///
/// ```
/// use cutlet_core::{prelude::*, tuple};
/// assert_eq!(Cute(tuple::reverse(shape!((1, 2, 3)))).to_string(), "(_3,_2,_1)");
/// ```
#[inline]
pub fn reverse<T: IntTuple>(t: T) -> Reverse<T> {
    t.fold(PrependFn, ())
}
/// The modes but the last.
pub type Init<T> = Reverse<<Reverse<T> as IntTuple>::Tail>;
/// The last mode.
pub type Last<T> = <Reverse<T> as IntTuple>::Head;
/// The modes but the last.
#[inline]
pub fn init<T: IntTuple>(t: T) -> Init<T> {
    reverse(reverse(t).tail())
}
/// The last mode.
#[inline]
pub fn last<T: IntTuple>(t: T) -> Last<T> {
    reverse(t).head()
}
/// The modes of `t` followed by `x`.
pub type Append<T, X> = <T as IntTuple>::Append<X>;
/// `a` then the modes of `b` (both tuples).
pub type Concat<A, B> = <B as IntTuple>::Fold<AppendFn, A>;
/// `a` then the modes of `b`.
#[inline]
pub fn concat<A: IntTuple, B: IntTuple>(a: A, b: B) -> Concat<A, B> {
    b.fold(AppendFn, a)
}
/// A leaf as a rank-1 tuple; a tuple stays (CuTe's `wrap`).
pub type Wrap<T> = <<T as IntTuple>::IsTuple as Bit>::IfT<T, (T,)>;
/// CuTe's `wrap`.
#[inline]
pub fn wrap<T: IntTuple>(t: T) -> Wrap<T> {
    <T::IsTuple as Bit>::if_t(t, (t,))
}

/// A static integer leaf standing for a bit inside tuples: `_1` or `_0`.
pub type BitC<B> = <B as Bit>::IfI<C<typenum::P1>, C<Z0>>;
/// The bit a `_1`/`_0` leaf stands for.
pub type CBit<T> = crate::int::types::IsOne<<T as IntTuple>::Size>;

/// `x` and each mode congruent with the matching mode of the other operand (CuTe's
/// `congruent`): as `_1`/`_0`.
#[derive(Clone, Copy, Default, Debug)]
pub struct CongruentFn;
impl super::ZipFn for CongruentFn {
    type Ap<X: IntTuple, Y: IntTuple> = BitC<Congruent<X, Y>>;
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, _: X, _: Y) -> Self::Ap<X, Y> {
        Conjure::conjure()
    }
}
/// `_1` while every mode so far is `_1`.
#[derive(Clone, Copy, Default, Debug)]
pub struct AllFn;
impl FoldFn for AllFn {
    type Step<Acc: IntTuple, X: IntTuple> = BitC<<CBit<Acc> as Bit>::And<CBit<X>>>;
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, _: Acc, _: X) -> Self::Step<Acc, X> {
        Conjure::conjure()
    }
}
/// `B1` when every mode of a tuple of `_1`/`_0` is `_1`.
pub type All<T> = CBit<<T as IntTuple>::Fold<AllFn, C<typenum::P1>>>;
/// CuTe's `congruent(a, b)`: the same nesting profile.
pub type Congruent<A, B> = CBit<<<A as IntTuple>::IsTuple as Bit>::SelT<CongruentB<A, B>>>;
/// The lazy branches of [`Congruent`] (recursion only through the tuple arm).
#[derive(Clone, Copy)]
pub struct CongruentB<A, B>(core::marker::PhantomData<(A, B)>);
impl<A: IntTuple, B: IntTuple> crate::int::BranchT for CongruentB<A, B> {
    type Then = BitC<
        <<B as IntTuple>::IsTuple as Bit>::And<
            <<<<A as IntTuple>::Rank as Nat>::Cmp<<B as IntTuple>::Rank> as crate::int::Ord3>::Eq as Bit>::And<
                All<<A as IntTuple>::Zip<B, CongruentFn>>,
            >,
        >,
    >;
    type Else = BitC<<<B as IntTuple>::IsTuple as Bit>::Not>;
    #[inline]
    fn then(self) -> Self::Then {
        Conjure::conjure()
    }
    #[inline]
    fn els(self) -> Self::Else {
        Conjure::conjure()
    }
}

/// CuTe's `congruent(a, b)` as a `bool` (it is known statically).
///
/// ```
/// use cutlet_core::prelude::*;
/// assert!(congruent(shape!((2, (2, 2))), shape!((4, (2, 1)))));
/// assert!(!congruent(shape!((2, (2, 2))), shape!((4, 2))));
/// ```
#[inline]
pub fn congruent<A: IntTuple, B: IntTuple>(_: A, _: B) -> bool {
    <Congruent<A, B> as Bit>::BOOL
}

/// Each mode's product (CuTe's `product_each`).
#[derive(Clone, Copy, Default, Debug)]
pub struct SizeFn;
impl MapFn for SizeFn {
    type Ap<X: IntTuple> = X::Size;
    #[inline]
    fn ap<X: IntTuple>(self, x: X) -> X::Size {
        x.size()
    }
}
/// CuTe's `product_each(t)`.
pub type ProductEach<T> = <T as IntTuple>::Map<SizeFn>;
/// CuTe's `product_each`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(product_each(shape!(((2, 3), 4)))).to_string(), "(_6,_4)");
/// ```
#[inline]
pub fn product_each<T: IntTuple>(t: T) -> ProductEach<T> {
    t.map(SizeFn)
}

/// Mode 0 of each mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct Fst;
impl MapFn for Fst {
    type Ap<X: IntTuple> = X::E0;
    #[inline]
    fn ap<X: IntTuple>(self, x: X) -> X::E0 {
        x.e0()
    }
}
/// Mode 1 of each mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct Snd;
impl MapFn for Snd {
    type Ap<X: IntTuple> = X::E1;
    #[inline]
    fn ap<X: IntTuple>(self, x: X) -> X::E1 {
        x.e1()
    }
}
/// A tuple of pairs as a pair of tuples: `((a0, b0), (a1, b1))` is `((a0, a1), (b0, b1))`.
pub type Unzip<T> = (<T as IntTuple>::Map<Fst>, <T as IntTuple>::Map<Snd>);
/// The value of [`Unzip`].
#[inline]
pub fn unzip<T: IntTuple>(t: T) -> Unzip<T> {
    (t.map(Fst), t.map(Snd))
}

/// Mode `N` (a type-level natural) by recursion, for any rank (CuTe's `get<N>`).
pub type At<T, N> = <<N as Nat>::IsZero as Bit>::SelT<AtB<T, N>>;
/// The lazy branches of [`At`].
#[derive(Clone, Copy)]
pub struct AtB<T, N>(T, core::marker::PhantomData<N>);
impl<T: IntTuple, N: Nat> crate::int::BranchT for AtB<T, N> {
    type Then = T::Head;
    type Else = At<T::Tail, N::Pred>;
    #[inline]
    fn then(self) -> T::Head {
        self.0.head()
    }
    #[inline]
    fn els(self) -> Self::Else {
        at::<T::Tail, N::Pred>(self.0.tail())
    }
}
/// The value of [`At`].
#[inline]
pub fn at<T: IntTuple, N: Nat>(t: T) -> At<T, N> {
    <N::IsZero as Bit>::sel_t(AtB::<T, N>(t, core::marker::PhantomData))
}
/// The modes from `N` on (CuTe's `take<N, rank>`).
pub type Drop<T, N> = <<N as Nat>::IsZero as Bit>::SelT<DropB<T, N>>;
/// The lazy branches of [`Drop`].
#[derive(Clone, Copy)]
pub struct DropB<T, N>(T, core::marker::PhantomData<N>);
impl<T: IntTuple, N: Nat> crate::int::BranchT for DropB<T, N> {
    type Then = T;
    type Else = Drop<T::Tail, N::Pred>;
    #[inline]
    fn then(self) -> T {
        self.0
    }
    #[inline]
    fn els(self) -> Self::Else {
        drop_n::<T::Tail, N::Pred>(self.0.tail())
    }
}
/// The value of [`Drop`].
#[inline]
pub fn drop_n<T: IntTuple, N: Nat>(t: T) -> Drop<T, N> {
    <N::IsZero as Bit>::sel_t(DropB::<T, N>(t, core::marker::PhantomData))
}
