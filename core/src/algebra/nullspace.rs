//! `nullspace`, `domain_distribute` and `make_fragment_like` of a layout (CuTe's
//! `layout.hpp`).

use super::coalesce::{CoalescePair, NoGuard};
use crate::int::types as t;
use crate::int::{Bit, C, Conjure, LeafOps};
use crate::layout::CompactColMajor;
use crate::layout::LayoutOf;
use crate::tuple::{At, Enumerate, FoldFn, IntTuple, LeafOf, MapFn, NatOfLeaf, Unwrap};
use typenum::{P1, Z0};

/// The positions of the static `_0` strides (CuTe's `iseq`).
#[derive(Clone, Copy, Default, Debug)]
pub struct ZeroStrides;
impl FoldFn for ZeroStrides {
    type Step<A: IntTuple, X: IntTuple> =
        <<LeafOf<<X as IntTuple>::E1> as LeafOps>::IsZero as Bit>::IfT<
            <A as IntTuple>::Append<<X as IntTuple>::E0>,
            A,
        >;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}
/// Mode `i` of `T` for each index `i`.
#[derive(Clone, Copy, Default, Debug)]
pub struct Pick<T>(core::marker::PhantomData<T>);
impl<T: IntTuple> MapFn for Pick<T> {
    type Ap<I: IntTuple> = At<T, NatOfLeaf<I>>;
    #[inline]
    fn ap<I: IntTuple>(self, _: I) -> Self::Ap<I> {
        Conjure::conjure()
    }
}
type ISeq<D> = <Enumerate<<D as IntTuple>::Leaves> as IntTuple>::Fold<ZeroStrides, ()>;
/// CuTe's `nullspace(layout)`: the layout of the coordinates that `layout` maps to 0
/// (`_1:_0` when there are none). Its strides are static, so is its result.
pub type Nullspace<S, D> = LayoutOf<
    <<ISeq<D> as IntTuple>::IsEmpty as Bit>::IfT<
        (C<P1>, C<Z0>),
        (
            Unwrap<<ISeq<D> as IntTuple>::Map<Pick<<S as IntTuple>::Leaves>>>,
            Unwrap<<ISeq<D> as IntTuple>::Map<Pick<CompactColMajor<<S as IntTuple>::Leaves>>>>,
        ),
    >,
>;

/// The state of `domain_distribute`'s fold: `(result, b_rest)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct DistributeStep;
impl FoldFn for DistributeStep {
    // gcd_ = gcd(a_, b_); (append(result, gcd_), b_ / gcd_)
    type Step<A: IntTuple, X: IntTuple> = (
        <A::E0 as IntTuple>::Append<t::Gcd<LeafOf<X>, LeafOf<A::E1>>>,
        t::Div<LeafOf<A::E1>, t::Gcd<LeafOf<X>, LeafOf<A::E1>>>,
    );
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        Conjure::conjure()
    }
}
/// CuTe's `domain_distribute(shape_a, b)`: a layout that distributes `b` elements over
/// the modes of `shape_a` (both static).
pub type DomainDistribute<SA, B> = LayoutOf<
    CoalescePair<
        <<<SA as IntTuple>::Leaves as IntTuple>::Fold<DistributeStep, ((), LeafOf<B>)> as IntTuple>::E0,
        CompactColMajor<<SA as IntTuple>::Leaves>,
        NoGuard,
    >,
>;
/// CuTe's `domain_distribute`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(domain_distribute(shape!((15, 14)), _6::new()).to_string(), "(_3,_2):(_1,_15)");
/// ```
#[inline]
pub fn domain_distribute<SA: IntTuple, B: IntTuple>(_: SA, _: B) -> DomainDistribute<SA, B> {
    crate::layout::finish(Conjure::conjure)
}
