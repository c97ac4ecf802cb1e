//! The type-level walk plan for layouts with static shapes: the two layouts' flattened
//! modes are refined to a common splitting by the type checker, neighbouring modes that
//! continue each other are merged, and the result is visited by nested loops whose trip
//! counts are constants. Static strides are constants too; a dynamic stride rides
//! through the refinement as a [`Slot`] (which leaf of the stride list, times which
//! static factor) and is read from the layout's values once per walk.

use super::runtime::{MAX_MODES, Triple};
use crate::int::{C, Integral, StaticEq};
use crate::layout::StaticValue;
use crate::tuple::{HCons, HNil};
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Mul};
use typenum::{B0, B1, Bit, IsEqual, P1, Unsigned};

/// A dynamic stride inside a static-shape walk: leaf `I` of the flattened stride list,
/// times the static factor `F` that refinement accumulated.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct Slot<I, F>(PhantomData<(I, F)>);
impl<I, F: Mul<C<N>>, N> Mul<C<N>> for Slot<I, F> {
    type Output = Slot<I, F::Output>;
    fn mul(self, _: C<N>) -> Self::Output {
        Slot(PhantomData)
    }
}
impl<I, F, N> Mul<Slot<I, F>> for C<N>
where
    C<N>: Mul<F>,
{
    type Output = Slot<I, <C<N> as Mul<F>>::Output>;
    fn mul(self, _: Slot<I, F>) -> Self::Output {
        Slot(PhantomData)
    }
}
impl<I: IsEqual<I2>, F: StaticEq<F2>, I2, F2> StaticEq<Slot<I2, F2>> for Slot<I, F>
where
    <I as IsEqual<I2>>::Output: BitAnd<F::Output>,
    <<I as IsEqual<I2>>::Output as BitAnd<F::Output>>::Output: Bit,
{
    type Output = <<I as IsEqual<I2>>::Output as BitAnd<F::Output>>::Output;
}
impl<I, F, N> StaticEq<C<N>> for Slot<I, F> {
    type Output = B0;
}
impl<I, F, N> StaticEq<Slot<I, F>> for C<N> {
    type Output = B0;
}

/// Replace the dynamic leaves of a flat stride list by [`Slot`]s numbered from `I`.
#[doc(hidden)]
pub trait MarkSlots<I> {
    type Output;
}
impl<I> MarkSlots<I> for HNil {
    type Output = HNil;
}
impl<I: Add<B1>, T: MarkSlots<<I as Add<B1>>::Output>> MarkSlots<I> for HCons<isize, T> {
    type Output = HCons<Slot<I, C<P1>>, T::Output>;
}
impl<I: Add<B1>, N, T: MarkSlots<<I as Add<B1>>::Output>> MarkSlots<I> for HCons<C<N>, T> {
    type Output = HCons<C<N>, T::Output>;
}

/// The value of a stride in a refined triple.
#[doc(hidden)]
pub trait StrideOf {
    /// `true` for a [`Slot`].
    const DYNAMIC: bool;
    /// The value, given the values of the flattened stride list.
    fn stride_of(values: &[isize; MAX_MODES]) -> isize;
}
impl<N> StrideOf for C<N>
where
    C<N>: StaticValue,
{
    const DYNAMIC: bool = false;
    #[inline(always)]
    fn stride_of(_: &[isize; MAX_MODES]) -> isize {
        <C<N> as StaticValue>::VALUE
    }
}
impl<I: Unsigned, F: StaticValue> StrideOf for Slot<I, F> {
    const DYNAMIC: bool = true;
    #[inline(always)]
    fn stride_of(values: &[isize; MAX_MODES]) -> isize {
        values[I::USIZE] * F::VALUE
    }
}

/// The common splitting of two static flat `(extent, stride)` lists, computed by the
/// type checker: `Some<triples>` or `NoRefine`.
#[doc(hidden)]
pub trait Refine<B> {
    type Output;
}
#[doc(hidden)]
pub struct Refined<L>(core::marker::PhantomData<L>);
#[doc(hidden)]
pub struct NoRefine;
impl Refine<HNil> for HNil {
    type Output = Refined<HNil>;
}
impl<A, TA> Refine<HNil> for HCons<A, TA>
where
    HCons<A, TA>: AllUnit,
{
    type Output =
        <<HCons<A, TA> as AllUnit>::Output as crate::tuple::If<Refined<HNil>, NoRefine>>::Output;
}
impl<B, TB> Refine<HCons<B, TB>> for HNil
where
    HCons<B, TB>: AllUnit,
{
    type Output =
        <<HCons<B, TB> as AllUnit>::Output as crate::tuple::If<Refined<HNil>, NoRefine>>::Output;
}
/// `B1` when every extent of a pair list is 1.
#[doc(hidden)]
pub trait AllUnit {
    type Output: Bit + crate::tuple::If<Refined<HNil>, NoRefine>;
}
impl AllUnit for HNil {
    type Output = typenum::B1;
}
impl<E: Integral, D, T: AllUnit> AllUnit for HCons<(E, D), T>
where
    E::IsOne: BitAnd<T::Output>,
    <E::IsOne as BitAnd<T::Output>>::Output: Bit + crate::tuple::If<Refined<HNil>, NoRefine>,
{
    type Output = <E::IsOne as BitAnd<T::Output>>::Output;
}
impl<EA, DA, TA, EB, DB, TB> Refine<HCons<(EB, DB), TB>> for HCons<(EA, DA), TA>
where
    EA: Integral,
    EB: Integral,
    EA: RefineStep<EB, DA, TA, DB, TB, EA::IsOne, EB::IsOne>,
{
    type Output = <EA as RefineStep<EB, DA, TA, DB, TB, EA::IsOne, EB::IsOne>>::Output;
}
/// One step of the refinement: drop unit extents, emit the smaller extent, keep the
/// quotient of the larger one.
#[doc(hidden)]
pub trait RefineStep<EB, DA, TA, DB, TB, UnitA, UnitB> {
    type Output;
}
impl<EA, EB, DA, TA: Refine<HCons<(EB, DB), TB>>, DB, TB, UB>
    RefineStep<EB, DA, TA, DB, TB, typenum::B1, UB> for EA
{
    type Output = <TA as Refine<HCons<(EB, DB), TB>>>::Output;
}
impl<EA, EB, DA, TA, DB, TB> RefineStep<EB, DA, TA, DB, TB, typenum::B0, typenum::B1> for EA
where
    HCons<(EA, DA), TA>: Refine<TB>,
{
    type Output = <HCons<(EA, DA), TA> as Refine<TB>>::Output;
}
impl<EA, EB, DA, TA, DB, TB> RefineStep<EB, DA, TA, DB, TB, typenum::B0, typenum::B0> for EA
where
    EA: crate::int::IntMin<EB>,
    EA: Split<EB, DA, TA, DB, TB, <EA as crate::int::IntMin<EB>>::Output>,
{
    type Output = <EA as Split<EB, DA, TA, DB, TB, <EA as crate::int::IntMin<EB>>::Output>>::Output;
}
/// Emit `(e, da, db)` and refine the quotients, if `e` divides both extents.
#[doc(hidden)]
pub trait Split<EB, DA, TA, DB, TB, E> {
    type Output;
}
type Quot<X, E> = <X as core::ops::Div<E>>::Output;
type Scaled<D, E> = <D as core::ops::Mul<E>>::Output;
type RestA<EA, DA, TA, E> = HCons<(Quot<EA, E>, Scaled<DA, E>), TA>;
type RestB<EB, DB, TB, E> = HCons<(Quot<EB, E>, Scaled<DB, E>), TB>;
impl<EA, EB, DA, TA, DB, TB, E> Split<EB, DA, TA, DB, TB, E> for EA
where
    EA: core::ops::Rem<E> + core::ops::Div<E>,
    EB: core::ops::Rem<E> + core::ops::Div<E>,
    DA: core::ops::Mul<E>,
    DB: core::ops::Mul<E>,
    <EA as core::ops::Rem<E>>::Output: Integral,
    <EB as core::ops::Rem<E>>::Output: Integral,
    <<EA as core::ops::Rem<E>>::Output as Integral>::IsZero:
        BitAnd<<<EB as core::ops::Rem<E>>::Output as Integral>::IsZero>,
    RestA<EA, DA, TA, E>: Refine<RestB<EB, DB, TB, E>>,
    <RestA<EA, DA, TA, E> as Refine<RestB<EB, DB, TB, E>>>::Output: PrependTriple<(E, DA, DB)>,
    <<<EA as core::ops::Rem<E>>::Output as Integral>::IsZero as BitAnd<
        <<EB as core::ops::Rem<E>>::Output as Integral>::IsZero,
    >>::Output:
        crate::tuple::If<
                <<RestA<EA, DA, TA, E> as Refine<RestB<EB, DB, TB, E>>>::Output as PrependTriple<
                    (E, DA, DB),
                >>::Output,
                NoRefine,
            >,
{
    type Output = <<<<EA as core::ops::Rem<E>>::Output as Integral>::IsZero as BitAnd<
        <<EB as core::ops::Rem<E>>::Output as Integral>::IsZero,
    >>::Output as crate::tuple::If<
        <<RestA<EA, DA, TA, E> as Refine<RestB<EB, DB, TB, E>>>::Output as PrependTriple<(
            E,
            DA,
            DB,
        )>>::Output,
        NoRefine,
    >>::Output;
}
/// Prepend a triple to a refined list (a failure stays a failure).
#[doc(hidden)]
pub trait PrependTriple<X> {
    type Output;
}
impl<X, L> PrependTriple<X> for Refined<L> {
    type Output = Refined<HCons<X, L>>;
}
impl<X> PrependTriple<X> for NoRefine {
    type Output = NoRefine;
}

/// Merge neighbouring triples that continue each other in both layouts (so that two
/// identical compact layouts walk as one loop).
#[doc(hidden)]
pub trait MergeTriples {
    type Output;
}
impl MergeTriples for HNil {
    type Output = HNil;
}
impl<X, T: MergeInto<X>> MergeTriples for HCons<X, T> {
    type Output = T::Output;
}
/// Fold the rest of the list into the current triple `Cur`.
#[doc(hidden)]
pub trait MergeInto<Cur> {
    type Output;
}
impl<Cur> MergeInto<Cur> for HNil {
    type Output = HCons<Cur, HNil>;
}
type Continues<E, A, B, A2, B2> =
    <<<E as core::ops::Mul<A>>::Output as crate::int::StaticEq<A2>>::Output as BitAnd<
        <<E as core::ops::Mul<B>>::Output as crate::int::StaticEq<B2>>::Output,
    >>::Output;
impl<E, A, B, E2, A2, B2, T> MergeInto<(E, A, B)> for HCons<(E2, A2, B2), T>
where
    E: core::ops::Mul<A> + core::ops::Mul<B> + core::ops::Mul<E2>,
    <E as core::ops::Mul<A>>::Output: crate::int::StaticEq<A2>,
    <E as core::ops::Mul<B>>::Output: crate::int::StaticEq<B2>,
    <<E as core::ops::Mul<A>>::Output as crate::int::StaticEq<A2>>::Output:
        BitAnd<<<E as core::ops::Mul<B>>::Output as crate::int::StaticEq<B2>>::Output>,
    HCons<(E2, A2, B2), T>: MergeStep<(E, A, B), Continues<E, A, B, A2, B2>>,
{
    type Output =
        <HCons<(E2, A2, B2), T> as MergeStep<(E, A, B), Continues<E, A, B, A2, B2>>>::Output;
}
#[doc(hidden)]
pub trait MergeStep<Cur, Merge> {
    type Output;
}
impl<E, A, B, E2, A2, B2, T> MergeStep<(E, A, B), typenum::B1> for HCons<(E2, A2, B2), T>
where
    E: core::ops::Mul<E2>,
    T: MergeInto<(<E as core::ops::Mul<E2>>::Output, A, B)>,
{
    type Output = <T as MergeInto<(<E as core::ops::Mul<E2>>::Output, A, B)>>::Output;
}
impl<Cur, X, T: MergeInto<X>> MergeStep<Cur, typenum::B0> for HCons<X, T> {
    type Output = HCons<Cur, T::Output>;
}

/// Nested loops over refined triples (outermost first), with constant trip counts.
#[doc(hidden)]
pub trait Nest {
    fn nest(
        oa: isize,
        ob: isize,
        va: &[isize; MAX_MODES],
        vb: &[isize; MAX_MODES],
        f: &mut impl FnMut(isize, isize),
    );
}
impl Nest for HNil {
    #[inline(always)]
    fn nest(
        oa: isize,
        ob: isize,
        _: &[isize; MAX_MODES],
        _: &[isize; MAX_MODES],
        f: &mut impl FnMut(isize, isize),
    ) {
        f(oa, ob)
    }
}
impl<E: StaticValue, DA: StrideOf, DB: StrideOf, T: Nest> Nest for HCons<(E, DA, DB), T> {
    #[inline(always)]
    fn nest(
        oa: isize,
        ob: isize,
        va: &[isize; MAX_MODES],
        vb: &[isize; MAX_MODES],
        f: &mut impl FnMut(isize, isize),
    ) {
        let (da, db) = (DA::stride_of(va), DB::stride_of(vb));
        for i in 0..E::VALUE {
            T::nest(oa + i * da, ob + i * db, va, vb, f);
        }
    }
}

/// Refined triples (innermost first) as run-time values, for the reordered walk.
#[doc(hidden)]
pub trait Triples {
    /// Whether any stride is dynamic (a static walk keeps its order).
    const DYNAMIC: bool;
    /// Write the triples from `n` on; the new count.
    fn triples(
        va: &[isize; MAX_MODES],
        vb: &[isize; MAX_MODES],
        out: &mut [Triple; 2 * MAX_MODES],
        n: usize,
    ) -> usize;
}
impl Triples for HNil {
    const DYNAMIC: bool = false;
    #[inline(always)]
    fn triples(
        _: &[isize; MAX_MODES],
        _: &[isize; MAX_MODES],
        _: &mut [Triple; 2 * MAX_MODES],
        n: usize,
    ) -> usize {
        n
    }
}
impl<E: StaticValue, DA: StrideOf, DB: StrideOf, T: Triples> Triples for HCons<(E, DA, DB), T> {
    const DYNAMIC: bool = DA::DYNAMIC || DB::DYNAMIC || T::DYNAMIC;
    #[inline(always)]
    fn triples(
        va: &[isize; MAX_MODES],
        vb: &[isize; MAX_MODES],
        out: &mut [Triple; 2 * MAX_MODES],
        n: usize,
    ) -> usize {
        out[n] = (E::VALUE, DA::stride_of(va), DB::stride_of(vb));
        T::triples(va, vb, out, n + 1)
    }
}
