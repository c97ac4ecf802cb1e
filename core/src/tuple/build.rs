//! Tuple builders and searches the algebra needs (CuTe's `tuple_algorithms.hpp` and
//! `int_tuple.hpp`): `append<N>`, `repeat<N>`, `zip`, `zip2_by`, `remove<I>`, `min`,
//! `find`, `back`, `replace_back`, `ceil_div`, `evenly_divides`, `coalesce` of a shape,
//! and a stable sort by key.

use super::queries::{All, At, BitC, Concat, Drop, Last, at, concat, drop_n, last};
use super::{FoldFn, IntTuple, LeafOf, MapFn, TakeFirst, ZipFn, take_first};
use crate::int::types as t;
use crate::int::{Bit, BranchT, C, Conjure, ErrLeaf, Leaf, LeafOps, Nat, Ord3, mul};
use typenum::{P1, Z0};

/// CuTe's `append<N>(t, x)`: `t` padded with `x` to rank `N` (a leaf `t` counts as
/// rank 1 and stays itself for `N == 1`).
pub type AppendN<T, N, X> =
    <<<<T as IntTuple>::Rank as Nat>::Cmp<N> as Ord3>::Lt as Bit>::SelT<AppendNB<T, N, X>>;
/// The lazy branches of [`AppendN`].
#[derive(Clone, Copy)]
pub struct AppendNB<T, N, X>(T, X, core::marker::PhantomData<N>);
impl<T: IntTuple, N: Nat, X: IntTuple> BranchT for AppendNB<T, N, X> {
    type Then = AppendN<<T as IntTuple>::Append<X>, N, X>;
    type Else = T;
    #[inline]
    fn then(self) -> Self::Then {
        append_n::<_, N, X>(self.0.append(self.1), self.1)
    }
    #[inline]
    fn els(self) -> T {
        self.0
    }
}
/// The value of [`AppendN`].
#[inline]
pub fn append_n<T: IntTuple, N: Nat, X: IntTuple>(t: T, x: X) -> AppendN<T, N, X> {
    <<<T::Rank as Nat>::Cmp<N> as Ord3>::Lt as Bit>::sel_t(AppendNB::<T, N, X>(
        t,
        x,
        core::marker::PhantomData,
    ))
}

/// CuTe's `repeat<N>(x)`: `N` copies of `x` (`x` itself for `N == 1`).
pub type Repeat<N, X> = <<N as Nat>::IsOne as Bit>::IfT<X, AppendN<(), N, X>>;
/// The value of [`Repeat`].
#[inline]
pub fn repeat<N: Nat, X: IntTuple>(x: X) -> Repeat<N, X> {
    <N::IsOne as Bit>::if_t(x, append_n::<(), N, X>((), x))
}

/// CuTe's `zip(t)`: a tuple of tuples transposed (`((a,b),(c,d))` is `((a,c),(b,d))`);
/// a tuple whose first mode is not a tuple is wrapped; a leaf stays.
pub type Zip<T> = <<T as IntTuple>::IsTuple as Bit>::SelT<ZipB<T>>;
/// The lazy branches of [`Zip`].
#[derive(Clone, Copy)]
pub struct ZipB<T>(T);
impl<T: IntTuple> BranchT for ZipB<T> {
    type Then = <<<T as IntTuple>::Head as IntTuple>::IsTuple as Bit>::SelT<ZipTupleB<T>>;
    type Else = T;
    #[inline]
    fn then(self) -> Self::Then {
        <<T::Head as IntTuple>::IsTuple as Bit>::sel_t(ZipTupleB(self.0))
    }
    #[inline]
    fn els(self) -> T {
        self.0
    }
}
crate::err_msgs!(EZipRanks => "zip: the modes are not all tuples of one rank (CuTe's \"Mismatched Ranks\")");
/// The lazy branches of [`Zip`] for a tuple: transposed when the first mode is a tuple
/// (every mode must then be a tuple of its rank, CuTe's `static_assert`), else wrapped.
#[derive(Clone, Copy)]
pub struct ZipTupleB<T>(T);
impl<T: IntTuple> BranchT for ZipTupleB<T> {
    type Then =
        <All<<T as IntTuple>::Map<RankIs<<<T as IntTuple>::Head as IntTuple>::Rank>>> as Bit>::SelT<
            TransposeB<T>,
        >;
    type Else = (T,);
    #[inline]
    fn then(self) -> Self::Then {
        <All<T::Map<RankIs<<T::Head as IntTuple>::Rank>>> as Bit>::sel_t(TransposeB(self.0))
    }
    #[inline]
    fn els(self) -> (T,) {
        (self.0,)
    }
}
/// The transpose of a tuple of equal-rank tuples, or the rank error.
#[derive(Clone, Copy)]
pub struct TransposeB<T>(T);
impl<T: IntTuple> BranchT for TransposeB<T> {
    type Then =
        <<<T as IntTuple>::Head as IntTuple>::Fold<Transpose<T>, (C<Z0>, ())> as IntTuple>::E1;
    type Else = ErrLeaf<EZipRanks>;
    #[inline]
    fn then(self) -> Self::Then {
        self.0.head().fold(Transpose(self.0), (C::new(), ())).e1()
    }
    #[inline]
    fn els(self) -> Self::Else {
        ErrLeaf::default()
    }
}
/// `_1` for a tuple of rank `R`, else `_0`.
#[derive(Clone, Copy, Default, Debug)]
pub struct RankIs<R>(core::marker::PhantomData<R>);
impl<R: Nat> MapFn for RankIs<R> {
    type Ap<X: IntTuple> = BitC<
        <<X as IntTuple>::IsTuple as Bit>::And<
            <<<X as IntTuple>::Rank as Nat>::Cmp<R> as Ord3>::Eq,
        >,
    >;
    #[inline]
    fn ap<X: IntTuple>(self, _: X) -> Self::Ap<X> {
        Conjure::conjure()
    }
}
/// Builds column `j` of a tuple of tuples: the state is `(j, columns)`.
#[derive(Clone, Copy)]
pub struct Transpose<T>(T);
impl<T: IntTuple> FoldFn for Transpose<T> {
    type Step<A: IntTuple, X: IntTuple> = (
        t::Add<LeafOf<A::E0>, C<P1>>,
        <A::E1 as IntTuple>::Append<<T as IntTuple>::Map<Column<NatOfLeaf<A::E0>>>>,
    );
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, _: X) -> Self::Step<A, X> {
        (
            crate::int::add(a.e0().size(), C::<P1>::new()),
            a.e1()
                .append(self.0.map(Column::<NatOfLeaf<A::E0>>::default())),
        )
    }
}
/// The type-level natural of a static leaf.
pub type NatOfLeaf<X> = <<LeafOf<X> as Leaf>::Val as crate::int::SInt>::Mag;
/// Mode `J` of each mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct Column<J>(core::marker::PhantomData<J>);
impl<J: Nat> MapFn for Column<J> {
    type Ap<X: IntTuple> = At<X, J>;
    #[inline]
    fn ap<X: IntTuple>(self, x: X) -> Self::Ap<X> {
        at::<X, J>(x)
    }
}
/// The value of [`Zip`].
#[inline]
pub fn zip<T: IntTuple>(t: T) -> Zip<T> {
    <T::IsTuple as Bit>::sel_t(ZipB(t))
}

/// CuTe's `zip2_by(t, guide)`: the rank-2 modes of `t` at the terminals of `guide`
/// (a tiler's profile) gathered into `((A,B,...),(a,b,...,x,y))`, the modes past the
/// guide appended to the second part.
pub type Zip2By<T, G> = <<G as IntTuple>::IsTuple as Bit>::SelT<Zip2ByB<T, G>>;
/// The lazy branches of [`Zip2By`].
#[derive(Clone, Copy)]
pub struct Zip2ByB<T, G>(T, core::marker::PhantomData<G>);
type Split<T, G> = <TakeFirst<T, <G as IntTuple>::Rank> as IntTuple>::Zip<G, Zip2ByFn>;
impl<T: IntTuple, G: IntTuple> BranchT for Zip2ByB<T, G> {
    type Then = (
        <Split<T, G> as IntTuple>::Map<super::Fst>,
        Concat<<Split<T, G> as IntTuple>::Map<super::Snd>, Drop<T, <G as IntTuple>::Rank>>,
    );
    type Else = T;
    #[inline]
    fn then(self) -> Self::Then {
        let split = take_first::<T, G::Rank>(self.0).zip(G::conjure(), Zip2ByFn);
        (
            split.map(super::Fst),
            concat(split.map(super::Snd), drop_n::<T, G::Rank>(self.0)),
        )
    }
    #[inline]
    fn els(self) -> T {
        self.0
    }
}
/// `zip2_by` mode by mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct Zip2ByFn;
impl ZipFn for Zip2ByFn {
    type Ap<X: IntTuple, G: IntTuple> = Zip2By<X, G>;
    #[inline]
    fn ap<X: IntTuple, G: IntTuple>(self, x: X, _: G) -> Self::Ap<X, G> {
        zip2_by::<X, G>(x)
    }
}
/// The value of [`Zip2By`].
#[inline]
pub fn zip2_by<T: IntTuple, G: IntTuple>(t: T) -> Zip2By<T, G> {
    <G::IsTuple as Bit>::sel_t(Zip2ByB::<T, G>(t, core::marker::PhantomData))
}

/// CuTe's `remove<I>(t)`: `t` without mode `I`.
pub type Remove<T, I> = Concat<TakeFirst<T, I>, Drop<T, <I as Nat>::Succ>>;
/// The value of [`Remove`].
#[inline]
pub fn remove<T: IntTuple, I: Nat>(t: T) -> Remove<T, I> {
    concat(take_first::<T, I>(t), drop_n::<T, I::Succ>(t))
}

/// The smaller of the accumulator and the mode (CuTe's `min` of a tuple).
#[derive(Clone, Copy, Default, Debug)]
pub struct MinFn;
impl FoldFn for MinFn {
    type Step<A: IntTuple, X: IntTuple> = t::Min<LeafOf<A>, LeafOf<X>>;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        crate::int::min(a.size(), x.size())
    }
}
/// CuTe's `min(t)` of a flat tuple (the leaf itself for a leaf).
pub type MinOf<T> = <<T as IntTuple>::Tail as IntTuple>::Fold<MinFn, LeafOf<<T as IntTuple>::Head>>;
/// The value of [`MinOf`].
#[inline]
pub fn min_of<T: IntTuple>(t: T) -> MinOf<T> {
    t.tail().fold(MinFn, t.head().size())
}

/// The index of the first mode statically equal to `X` (CuTe's `find`); the state is
/// `(index, found)` with `found` the rank when there is none.
#[derive(Clone, Copy, Default, Debug)]
pub struct FindFn<X>(core::marker::PhantomData<X>);
impl<X: Leaf> FoldFn for FindFn<X> {
    type Step<A: IntTuple, Y: IntTuple> = (
        t::Add<LeafOf<A::E0>, C<P1>>,
        <<<LeafOf<A::E1> as LeafOps>::IsMinusOne as Bit>::And<t::StaticEq<LeafOf<Y>, X>> as Bit>::IfT<LeafOf<A::E0>, A::E1>,
    );
    #[inline]
    fn step<A: IntTuple, Y: IntTuple>(self, _: A, _: Y) -> Self::Step<A, Y> {
        Conjure::conjure()
    }
}
/// The index of the first mode of a flat tuple statically equal to `X` (which must
/// occur).
pub type Find<T, X> =
    NatOfLeaf<<<T as IntTuple>::Fold<FindFn<X>, (C<Z0>, crate::int::IntNeg<1>)> as IntTuple>::E1>;

/// CuTe's `back(t)`: the last mode (the leaf itself for a leaf).
pub type Back<T> = Last<T>;
/// CuTe's `replace_back(t, x)`: `t` with its last mode replaced (a leaf becomes `x`).
pub type ReplaceBack<T, X> =
    <<T as IntTuple>::IsTuple as Bit>::IfT<<super::Init<T> as IntTuple>::Append<X>, X>;
/// The value of [`ReplaceBack`].
#[inline]
pub fn replace_back<T: IntTuple, X: IntTuple>(t: T, x: X) -> ReplaceBack<T, X> {
    <T::IsTuple as Bit>::if_t(super::init(t).append(x), x)
}

/// CuTe's `coalesce(shape)` of an int tuple: the flattened modes, neighbours of the
/// same static-ness multiplied together (`fold_first` with `replace_back`/`append`).
pub type CoalesceShape<S> = <<<S as IntTuple>::Leaves as IntTuple>::Tail as IntTuple>::Fold<
    CoalesceShapeFn,
    <<S as IntTuple>::Leaves as IntTuple>::Head,
>;
/// `B1` when the last mode of `A` and `X` are both static or both dynamic.
type SameStatic<A, X> = <<LeafOf<Back<A>> as IntTuple>::IsStatic as Bit>::IfB<
    <X as IntTuple>::IsStatic,
    <<X as IntTuple>::IsStatic as Bit>::Not,
>;
/// One step of [`CoalesceShape`].
#[derive(Clone, Copy, Default, Debug)]
pub struct CoalesceShapeFn;
impl FoldFn for CoalesceShapeFn {
    type Step<A: IntTuple, X: IntTuple> = <SameStatic<A, X> as Bit>::IfT<
        ReplaceBack<A, t::Mul<LeafOf<Back<A>>, LeafOf<X>>>,
        <A as IntTuple>::Append<X>,
    >;
    #[inline]
    #[track_caller]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        <SameStatic<A, X> as Bit>::if_t(replace_back(a, mul(last(a).size(), x.size())), a.append(x))
    }
}
/// The value of [`CoalesceShape`].
#[inline]
#[track_caller]
pub fn coalesce_shape<S: IntTuple>(s: S) -> CoalesceShape<S> {
    let l = s.leaves();
    l.tail().fold(CoalesceShapeFn, l.head())
}

/// CuTe's `ceil_div(a, b)` on int tuples: mode by mode for two tuples (missing modes
/// of `b` are `_1`), folded across a tuple `a` by an integer `b`, through `product(b)`
/// for an integer `a`.
pub type CeilDivT<A, B> = <<A as IntTuple>::IsTuple as Bit>::SelT<CeilDivB<A, B>>;
/// The lazy branches of [`CeilDivT`].
#[derive(Clone, Copy)]
pub struct CeilDivB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for CeilDivB<A, B> {
    type Then = <<B as IntTuple>::IsTuple as Bit>::SelT<CeilDivTB<A, B>>;
    type Else = t::CeilDiv<LeafOf<A>, LeafOf<B>>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        <B::IsTuple as Bit>::sel_t(CeilDivTB(self.0, self.1))
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        crate::int::ceil_div(self.0.size(), self.1.size())
    }
}
/// `ceil_div` of a tuple by a tuple or by an integer.
#[derive(Clone, Copy)]
pub struct CeilDivTB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for CeilDivTB<A, B> {
    type Then = <A as IntTuple>::Zip<B, CeilDivFn>;
    type Else = <<A as IntTuple>::Fold<CeilDivFold, ((), LeafOf<B>)> as IntTuple>::E0;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        self.0.zip(self.1, CeilDivFn)
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        self.0.fold(CeilDivFold, ((), self.1.size())).e0()
    }
}
/// `ceil_div` mode by mode; a missing mode of `b` (`()`) is `_1`.
#[derive(Clone, Copy, Default, Debug)]
pub struct CeilDivFn;
impl ZipFn for CeilDivFn {
    type Ap<X: IntTuple, Y: IntTuple> = <<Y as IntTuple>::IsEmpty as Bit>::IfT<X, CeilDivT<X, Y>>;
    #[inline]
    #[track_caller]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> Self::Ap<X, Y> {
        <Y::IsEmpty as Bit>::if_t(x, ceil_div_t(x, y))
    }
}
/// The fold of `ceil_div(tuple, int)`; the state is `(result, rest)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct CeilDivFold;
impl FoldFn for CeilDivFold {
    type Step<A: IntTuple, X: IntTuple> = (
        <A::E0 as IntTuple>::Append<CeilDivT<X, A::E1>>,
        LeafOf<CeilDivT<A::E1, X>>,
    );
    #[inline]
    #[track_caller]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        (
            a.e0().append(ceil_div_t(x, a.e1())),
            ceil_div_t(a.e1(), x).size(),
        )
    }
}
/// The value of [`CeilDivT`].
#[inline]
#[track_caller]
pub fn ceil_div_t<A: IntTuple, B: IntTuple>(a: A, b: B) -> CeilDivT<A, B> {
    <A::IsTuple as Bit>::sel_t(CeilDivB(a, b))
}

/// CuTe's `evenly_divides(a, b)` where both are static: `b` divides `a` mode by mode.
pub type EvenlyDivides<A, B> = <LeafOf<
    <<A as IntTuple>::Zip<B, DividesFn> as IntTuple>::Fold<AndFn, C<P1>>,
> as LeafOps>::IsOne;
/// `B1` when `y` divides `x` or is missing (`()`), or the two are not both static.
type Divides<X, Y> = <<Y as IntTuple>::IsEmpty as Bit>::Or<
    <<t::Rem<LeafOf<X>, LeafOf<Y>> as LeafOps>::IsZero as Bit>::Or<
        <<LeafOf<X> as LeafOps>::BothStatic<LeafOf<Y>> as Bit>::Not,
    >,
>;
/// `_1` when `y` divides `x` (statically; a missing `y` divides).
#[derive(Clone, Copy, Default, Debug)]
pub struct DividesFn;
impl ZipFn for DividesFn {
    type Ap<X: IntTuple, Y: IntTuple> = super::BitC<Divides<X, Y>>;
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, _: X, _: Y) -> Self::Ap<X, Y> {
        Conjure::conjure()
    }
}
/// `_1` while every mode is `_1`.
#[derive(Clone, Copy, Default, Debug)]
pub struct AndFn;
impl FoldFn for AndFn {
    type Step<A: IntTuple, X: IntTuple> =
        super::BitC<<<LeafOf<A> as LeafOps>::IsOne as Bit>::And<<LeafOf<X> as LeafOps>::IsOne>>;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}

/// A stable sort of `(key, value)` pairs by static key (CuTe's `SortByKey`): insertion
/// after every pair with a key that is not greater.
pub type SortByKey<T> = <T as IntTuple>::Fold<InsertFn, ()>;
/// Inserts a `(key, value)` pair into a sorted tuple of pairs.
#[derive(Clone, Copy, Default, Debug)]
pub struct InsertFn;
impl FoldFn for InsertFn {
    type Step<A: IntTuple, X: IntTuple> = Insert<A, X>;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}
/// `x` inserted into the sorted pairs `s`.
pub type Insert<S, X> = <<S as IntTuple>::IsEmpty as Bit>::SelT<InsertB<S, X>>;
/// The lazy branches of [`Insert`].
#[derive(Clone, Copy)]
pub struct InsertB<S, X>(core::marker::PhantomData<(S, X)>);
type KeyLt<X, Y> = t::StaticLt<LeafOf<<X as IntTuple>::E0>, LeafOf<<Y as IntTuple>::E0>>;
impl<S: IntTuple, X: IntTuple> BranchT for InsertB<S, X> {
    type Then = (X,);
    type Else = <KeyLt<X, <S as IntTuple>::Head> as Bit>::SelT<InsertHere<S, X>>;
    fn then(self) -> Self::Then {
        Conjure::conjure()
    }
    fn els(self) -> Self::Else {
        Conjure::conjure()
    }
}
/// Before the head (`x` is smaller) or further on.
#[derive(Clone, Copy)]
pub struct InsertHere<S, X>(core::marker::PhantomData<(S, X)>);
impl<S: IntTuple, X: IntTuple> BranchT for InsertHere<S, X> {
    type Then = <S as IntTuple>::Prepend<X>;
    type Else = <Insert<<S as IntTuple>::Tail, X> as IntTuple>::Prepend<<S as IntTuple>::Head>;
    fn then(self) -> Self::Then {
        Conjure::conjure()
    }
    fn els(self) -> Self::Else {
        Conjure::conjure()
    }
}

/// `(i, t_i)` for each mode: a tuple of pairs keyed by position (`_0`, `_1`, ...).
pub type Enumerate<T> = <<T as IntTuple>::Fold<EnumerateFn, (C<Z0>, ())> as IntTuple>::E1;
/// One step of [`Enumerate`]; the state is `(i, pairs)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct EnumerateFn;
impl FoldFn for EnumerateFn {
    type Step<A: IntTuple, X: IntTuple> = (
        t::Add<LeafOf<A::E0>, C<P1>>,
        <A::E1 as IntTuple>::Append<(LeafOf<A::E0>, X)>,
    );
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, a: A, x: X) -> Self::Step<A, X> {
        (
            crate::int::add(a.e0().size(), C::<P1>::new()),
            a.e1().append((a.e0().size(), x)),
        )
    }
}
/// The value of [`Enumerate`].
#[inline]
pub fn enumerate<T: IntTuple>(t: T) -> Enumerate<T> {
    t.fold(EnumerateFn, (C::<Z0>::new(), ())).e1()
}
