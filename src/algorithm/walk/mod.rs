//! Walking the offsets of one or two layouts in 1-D coordinate order (or, when the
//! caller allows it, in the order that suits the destination's memory).
//!
//! Three plans, chosen from the layout types:
//! - every shape and stride static: the refinement to common modes happens in the type
//!   checker and the walk is nested loops of constants ([`refine`]);
//! - shapes static, some strides dynamic: the same type-level refinement with the
//!   dynamic strides read once per walk, so the loops keep constant trip counts;
//! - dynamic shapes: the modes are refined at run time and walked by an odometer
//!   ([`runtime`]); layouts that do not split their modes the same way walk by 1-D
//!   index.

mod refine;
mod runtime;

use crate::int::Integral;
use crate::layout::{Crd2Index, Layout, ListOf};
use crate::tuple::{Reverse, ToList, Tup, Zip};
use core::ops::BitAnd;
pub use refine::*;
pub use runtime::LeafValues;
pub(crate) use runtime::leaves;
use runtime::{MAX_MODES, walk_triples, walk2_runtime};

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
        isize: Crd2Index<SA, DA, isize> + Crd2Index<SB, DB, isize>;
}
impl<L: MergeTriples> WalkPlan for Refined<L>
where
    L::Output: Reverse + Triples,
    <L::Output as Reverse>::Output: Nest,
{
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
        isize: Crd2Index<SA, DA, isize> + Crd2Index<SB, DB, isize>,
    {
        let (Some((va, _)), Some((vb, _))) = (leaves(da), leaves(db)) else {
            return Runtime::run(sa, da, sb, db, reorder, f);
        };
        if reorder && <L::Output as Triples>::DYNAMIC {
            // Dynamic strides: keep the constant loops when the destination is already
            // innermost-first, else walk the refined modes reordered.
            let mut t = [(0, 0, 0); 2 * MAX_MODES];
            let n = <L::Output as Triples>::triples(&va, &vb, &mut t, 0);
            let t = &mut t[..n];
            if !t.is_sorted_by_key(|&(_, _, b)| b.unsigned_abs()) {
                return walk_triples(t, true, f);
            }
        }
        <<L::Output as Reverse>::Output as Nest>::nest(0, 0, &va, &vb, f)
    }
}
/// Layouts with dynamic shapes (or that do not refine): walk at run time.
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
        isize: Crd2Index<SA, DA, isize> + Crd2Index<SB, DB, isize>,
    {
        if !walk2_runtime(sa, da, sb, db, reorder, f) {
            for i in 0..sb.size().value() {
                f(i.crd2index(sa, da), i.crd2index(sb, db));
            }
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
        isize: Crd2Index<SA, DA, isize> + Crd2Index<SB, DB, isize>,
    {
        Runtime::run(sa, da, sb, db, reorder, f)
    }
}

/// The flat `(extent, stride)` pairs of a layout, dynamic strides marked as slots.
type Pairs<S, D> =
    <<S as Tup>::Flat as Zip<<<D as Tup>::Flat as MarkSlots<typenum::U0>>::Output>>::Output;
type Static<T> = <T as Tup>::IsStatic;

/// The plan for a pair of internal layouts: type-level refinement when both shapes are
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
    Static<SA>: BitAnd<Static<SB>>,
    <Static<SA> as BitAnd<Static<SB>>>::Output: StaticPlan<SA, DA, SB, DB>,
{
    type Plan = <<Static<SA> as BitAnd<Static<SB>>>::Output as StaticPlan<SA, DA, SB, DB>>::Plan;
}
/// The plan by whether both shapes are static.
#[doc(hidden)]
pub trait StaticPlan<SA, DA, SB, DB> {
    type Plan: WalkPlan;
}
impl<SA, DA, SB, DB> StaticPlan<SA, DA, SB, DB> for typenum::B0 {
    type Plan = Runtime;
}
impl<SA: Tup, DA: Tup, SB: Tup, DB: Tup> StaticPlan<SA, DA, SB, DB> for typenum::B1
where
    DA::Flat: MarkSlots<typenum::U0>,
    DB::Flat: MarkSlots<typenum::U0>,
    SA::Flat: Zip<<DA::Flat as MarkSlots<typenum::U0>>::Output>,
    SB::Flat: Zip<<DB::Flat as MarkSlots<typenum::U0>>::Output>,
    Pairs<SA, DA>: Refine<Pairs<SB, DB>>,
    <Pairs<SA, DA> as Refine<Pairs<SB, DB>>>::Output: WalkPlan,
{
    type Plan = <Pairs<SA, DA> as Refine<Pairs<SB, DB>>>::Output;
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
    isize: Crd2Index<ListOf<SA>, ListOf<DA>, isize> + Crd2Index<ListOf<SB>, ListOf<DB>, isize>,
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
