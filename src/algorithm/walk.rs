//! Walking the offsets of one or two layouts in 1-D coordinate order.
//!
//! For fully static layouts the walk is a loop over 1-D indices whose `crd2idx` the
//! compiler folds into constants. Layouts with dynamic parts are walked with an
//! odometer over their flattened modes (nested strided loops, no division), when the
//! two layouts split their modes the same way; otherwise by 1-D index.

use crate::int::Integral;
use crate::layout::{Crd2Idx, Layout, ListOf};
use crate::tuple::{HCons, HNil, Reverse, ToList, Tup, Zip};
use core::ops::BitAnd;
use typenum::Bit;

/// The most flattened modes the odometer handles; deeper layouts walk by 1-D index.
const MAX_MODES: usize = 16;

/// Writes the leaf values of an int tuple (internal form) into a slice.
#[doc(hidden)]
pub trait LeafValues: Copy {
    /// Write the leaves from `*n` on; `false` if they do not fit.
    fn leaf_values(self, out: &mut [isize; MAX_MODES], n: &mut usize) -> bool;
}
macro_rules! leaf_values {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> LeafValues for $ty where $ty: Integral {
            #[inline(always)]
            fn leaf_values(self, out: &mut [isize; MAX_MODES], n: &mut usize) -> bool {
                if *n == MAX_MODES {
                    return false;
                }
                out[*n] = self.value();
                *n += 1;
                true
            }
        }
    )*};
}
leaf_values!(crate::int::C<N> => [N], isize => []);
impl LeafValues for HNil {
    #[inline(always)]
    fn leaf_values(self, _: &mut [isize; MAX_MODES], _: &mut usize) -> bool {
        true
    }
}
impl<H: LeafValues, T: LeafValues> LeafValues for HCons<H, T> {
    #[inline(always)]
    fn leaf_values(self, out: &mut [isize; MAX_MODES], n: &mut usize) -> bool {
        self.head.leaf_values(out, n) && self.tail.leaf_values(out, n)
    }
}

/// A common splitting of two layouts' flattened modes: `(extent, stride_a, stride_b)`
/// triples in 1-D order (mode 0 innermost), or `None` when an extent of one does not
/// divide or is not divided by the other's.
fn refine(a: &FlatModes, b: &FlatModes) -> Option<([(isize, isize, isize); 2 * MAX_MODES], usize)> {
    let mut out = [(0isize, 0isize, 0isize); 2 * MAX_MODES];
    let mut n = 0;
    let (mut i, mut j) = (0, 0);
    let (mut ea, mut da) = (1isize, 0isize);
    let (mut eb, mut db) = (1isize, 0isize);
    loop {
        while ea == 1 && i < a.n {
            (ea, da) = (a.ext[i], a.stride[i]);
            i += 1;
        }
        while eb == 1 && j < b.n {
            (eb, db) = (b.ext[j], b.stride[j]);
            j += 1;
        }
        if ea == 1 || eb == 1 {
            return (ea == 1 && eb == 1).then_some((out, n));
        }
        let e = ea.min(eb);
        if ea % e != 0 || eb % e != 0 || n == out.len() {
            return None;
        }
        out[n] = (e, da, db);
        n += 1;
        (ea, da) = (ea / e, da * e);
        (eb, db) = (eb / e, db * e);
    }
}

struct FlatModes {
    n: usize,
    ext: [isize; MAX_MODES],
    stride: [isize; MAX_MODES],
}

fn flat_modes<S: LeafValues, D: LeafValues>(s: S, d: D) -> Option<FlatModes> {
    let mut f = FlatModes {
        n: 0,
        ext: [0; MAX_MODES],
        stride: [0; MAX_MODES],
    };
    let mut m = 0;
    if !s.leaf_values(&mut f.ext, &mut f.n) || !d.leaf_values(&mut f.stride, &mut m) {
        return None;
    }
    Some(f)
}

/// Nested strided loops over `ext` (mode 0 innermost), with two stride sets.
#[inline(always)]
fn odometer2(
    n: usize,
    ext: &[isize; MAX_MODES],
    sa: &[isize; MAX_MODES],
    sb: &[isize; MAX_MODES],
    f: &mut impl FnMut(isize, isize),
) {
    if n == 0 || ext[..n].iter().any(|&e| e <= 0) {
        return;
    }
    let (e0, a0, b0) = (ext[0], sa[0], sb[0]);
    let mut ctr = [0isize; MAX_MODES];
    let (mut oa, mut ob) = (0isize, 0isize);
    loop {
        let (mut x, mut y) = (oa, ob);
        for _ in 0..e0 {
            f(x, y);
            x += a0;
            y += b0;
        }
        let mut k = 1;
        loop {
            if k >= n {
                return;
            }
            ctr[k] += 1;
            oa += sa[k];
            ob += sb[k];
            if ctr[k] < ext[k] {
                break;
            }
            oa -= sa[k] * ext[k];
            ob -= sb[k] * ext[k];
            ctr[k] = 0;
            k += 1;
        }
    }
}

/// Walk two sets of flattened modes together at run time: refine them to a common
/// splitting and, unless the destination overlaps itself, put its smallest stride
/// innermost (the order of the visits does not change a copy).
#[inline(always)]
fn walk2_dynamic(
    fa: &FlatModes,
    fb: &FlatModes,
    reorder: bool,
    f: &mut impl FnMut(isize, isize),
) -> bool {
    let Some((mut t, n)) = refine(fa, fb) else {
        return false;
    };
    let t = &mut t[..n];
    if reorder && t.iter().all(|&(_, _, sb)| sb != 0) {
        t.sort_by_key(|&(_, _, sb)| sb.unsigned_abs());
    }
    let (mut ext, mut sa, mut sb) = (
        [0isize; MAX_MODES],
        [0isize; MAX_MODES],
        [0isize; MAX_MODES],
    );
    if t.len() > MAX_MODES {
        return false;
    }
    for (k, &(e, a, b)) in t.iter().enumerate() {
        (ext[k], sa[k], sb[k]) = (e, a, b);
    }
    if t.is_empty() {
        f(0, 0);
        return true;
    }
    odometer2(t.len(), &ext, &sa, &sb, f);
    true
}

/// Static layouts: the flattened `(extent, stride)` pairs, as types.
#[doc(hidden)]
pub trait StaticPairs {
    type Pairs;
}
impl<S: Tup, D: Tup> StaticPairs for (S, D)
where
    S::Flat: Zip<D::Flat>,
{
    type Pairs = <S::Flat as Zip<D::Flat>>::Output;
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

/// Nested loops over static triples (outermost first), constants in every loop.
#[doc(hidden)]
pub trait Nest {
    fn nest(oa: isize, ob: isize, f: &mut impl FnMut(isize, isize));
}
impl Nest for HNil {
    #[inline(always)]
    fn nest(oa: isize, ob: isize, f: &mut impl FnMut(isize, isize)) {
        f(oa, ob)
    }
}
impl<E, DA, DB, T: Nest> Nest for HCons<(E, DA, DB), T>
where
    E: crate::layout::StaticValue,
    DA: crate::layout::StaticValue,
    DB: crate::layout::StaticValue,
{
    #[inline(always)]
    fn nest(oa: isize, ob: isize, f: &mut impl FnMut(isize, isize)) {
        for i in 0..E::VALUE {
            T::nest(oa + i * DA::VALUE, ob + i * DB::VALUE, f);
        }
    }
}

/// How a pair of layouts is walked: static nested loops or at run time.
#[doc(hidden)]
pub trait WalkPlan {
    fn run<SA, DA, SB, DB>(
        sa: SA,
        da: DA,
        sb: SB,
        db: DB,
        reorder: bool,
        f: &mut impl FnMut(isize, isize),
    ) where
        SA: Tup + LeafValues,
        DA: LeafValues,
        SB: Tup + LeafValues,
        DB: LeafValues,
        isize: Crd2Idx<SA, DA> + Crd2Idx<SB, DB>;
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

impl<L: MergeTriples> WalkPlan for Refined<L>
where
    L::Output: Reverse,
    <L::Output as Reverse>::Output: Nest,
{
    #[inline(always)]
    fn run<SA, DA, SB, DB>(_: SA, _: DA, _: SB, _: DB, _: bool, f: &mut impl FnMut(isize, isize))
    where
        SA: Tup + LeafValues,
        DA: LeafValues,
        SB: Tup + LeafValues,
        DB: LeafValues,
        isize: Crd2Idx<SA, DA> + Crd2Idx<SB, DB>,
    {
        <<L::Output as Reverse>::Output as Nest>::nest(0, 0, f)
    }
}
/// Layouts with dynamic parts (or that do not refine): walk at run time.
#[doc(hidden)]
pub struct Runtime;
impl WalkPlan for Runtime {
    #[inline(always)]
    fn run<SA, DA, SB, DB>(
        sa: SA,
        da: DA,
        sb: SB,
        db: DB,
        reorder: bool,
        f: &mut impl FnMut(isize, isize),
    ) where
        SA: Tup + LeafValues,
        DA: LeafValues,
        SB: Tup + LeafValues,
        DB: LeafValues,
        isize: Crd2Idx<SA, DA> + Crd2Idx<SB, DB>,
    {
        if let (Some(fa), Some(fb)) = (flat_modes(sa, da), flat_modes(sb, db)) {
            if walk2_dynamic(&fa, &fb, reorder, f) {
                return;
            }
        }
        for i in 0..sb.size().value() {
            f(i.crd2idx(sa, da).value(), i.crd2idx(sb, db).value());
        }
    }
}
impl WalkPlan for NoRefine {
    #[inline(always)]
    fn run<SA, DA, SB, DB>(
        sa: SA,
        da: DA,
        sb: SB,
        db: DB,
        reorder: bool,
        f: &mut impl FnMut(isize, isize),
    ) where
        SA: Tup + LeafValues,
        DA: LeafValues,
        SB: Tup + LeafValues,
        DB: LeafValues,
        isize: Crd2Idx<SA, DA> + Crd2Idx<SB, DB>,
    {
        Runtime::run(sa, da, sb, db, reorder, f)
    }
}

/// The plan for a pair of internal layouts: the static refinement when everything is
/// static, the run-time walk otherwise.
#[doc(hidden)]
pub trait PlanFor<DA, SB, DB> {
    type Plan: WalkPlan;
}
impl<SA, DA, SB, DB> PlanFor<DA, SB, DB> for SA
where
    SA: Tup,
    DA: Tup,
    SB: Tup,
    DB: Tup,
    SA::IsStatic: BitAnd<DA::IsStatic>,
    SB::IsStatic: BitAnd<DB::IsStatic>,
    <SA::IsStatic as BitAnd<DA::IsStatic>>::Output:
        BitAnd<<SB::IsStatic as BitAnd<DB::IsStatic>>::Output>,
    <<SA::IsStatic as BitAnd<DA::IsStatic>>::Output as BitAnd<
        <SB::IsStatic as BitAnd<DB::IsStatic>>::Output,
    >>::Output: StaticPlan<SA, DA, SB, DB>,
{
    type Plan = <<<SA::IsStatic as BitAnd<DA::IsStatic>>::Output as BitAnd<
        <SB::IsStatic as BitAnd<DB::IsStatic>>::Output,
    >>::Output as StaticPlan<SA, DA, SB, DB>>::Plan;
}
#[doc(hidden)]
pub trait StaticPlan<SA, DA, SB, DB> {
    type Plan: WalkPlan;
}
impl<SA, DA, SB, DB> StaticPlan<SA, DA, SB, DB> for typenum::B0 {
    type Plan = Runtime;
}
impl<SA: Tup, DA: Tup, SB: Tup, DB: Tup> StaticPlan<SA, DA, SB, DB> for typenum::B1
where
    SA::Flat: Zip<DA::Flat>,
    SB::Flat: Zip<DB::Flat>,
    <SA::Flat as Zip<DA::Flat>>::Output: Refine<<SB::Flat as Zip<DB::Flat>>::Output>,
    <<SA::Flat as Zip<DA::Flat>>::Output as Refine<<SB::Flat as Zip<DB::Flat>>::Output>>::Output:
        WalkPlan,
{
    type Plan = <<SA::Flat as Zip<DA::Flat>>::Output as Refine<
        <SB::Flat as Zip<DB::Flat>>::Output,
    >>::Output;
}

/// Layouts whose offsets can be walked.
#[doc(hidden)]
pub trait Walk {
    /// Call `f(offset)` for every 1-D coordinate; with `reorder` the visits may come in
    /// any order (the one that suits the memory), else in 1-D coordinate order.
    fn walk(self, reorder: bool, f: impl FnMut(isize));
}
/// Pairs of layouts walked together.
#[doc(hidden)]
pub trait Walk2<B> {
    /// Call `f(offset_in_self, offset_in_b)` for every 1-D coordinate `i < size(b)`;
    /// `reorder` as for [`Walk::walk`], ordering by `b`'s strides.
    fn walk2(self, b: B, reorder: bool, f: impl FnMut(isize, isize));
}

impl<S: Copy, D: Copy> Walk for Layout<S, D>
where
    Layout<S, D>: Walk2<Layout<S, D>>,
{
    #[inline(always)]
    fn walk(self, reorder: bool, mut f: impl FnMut(isize)) {
        self.walk2(self, reorder, |a, _| f(a))
    }
}

impl<SA, DA, SB, DB> Walk2<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: ToList,
    DA: ToList,
    SB: ToList,
    DB: ToList,
    ListOf<SA>: Tup + LeafValues + PlanFor<ListOf<DA>, ListOf<SB>, ListOf<DB>>,
    ListOf<DA>: Tup + LeafValues,
    ListOf<SB>: Tup + LeafValues,
    ListOf<DB>: Tup + LeafValues,
    isize: Crd2Idx<ListOf<SA>, ListOf<DA>> + Crd2Idx<ListOf<SB>, ListOf<DB>>,
{
    #[inline(always)]
    fn walk2(self, b: Layout<SB, DB>, reorder: bool, mut f: impl FnMut(isize, isize)) {
        <<ListOf<SA> as PlanFor<ListOf<DA>, ListOf<SB>, ListOf<DB>>>::Plan as WalkPlan>::run(
            self.shape().to_list(),
            self.stride().to_list(),
            b.shape().to_list(),
            b.stride().to_list(),
            reorder,
            &mut f,
        )
    }
}
