//! Shape agreement between the operands of an algorithm: decided by the type checker
//! where the extents are static, checked at run time (with a panic naming both shapes)
//! where they are dynamic.

use crate::algebra::Wrap;
use crate::int::{C, Integral};
use crate::tuple::{CuteDisplay, HCons, HNil, Tup};
use core::ops::BitAnd;
use typenum::{B0, B1, Bit, IsEqual};

/// `B1` unless two sizes are both static and different; `same` compares their values.
#[doc(hidden)]
pub trait SizeAgree<B> {
    type Output: Bit;
    fn same(self, b: B) -> bool;
}
impl<A: IsEqual<N>, N> SizeAgree<C<N>> for C<A>
where
    C<A>: Integral,
    C<N>: Integral,
    <A as IsEqual<N>>::Output: Bit,
{
    type Output = <A as IsEqual<N>>::Output;
    #[inline(always)]
    fn same(self, b: C<N>) -> bool {
        self.value() == b.value()
    }
}
macro_rules! dyn_agree {
    ($($a:ty, $b:ty => [$($g:tt)*]);*) => {$(
        impl<$($g)*> SizeAgree<$b> for $a where $a: Integral, $b: Integral {
            type Output = B1;
            #[inline(always)]
            fn same(self, b: $b) -> bool {
                self.value() == b.value()
            }
        }
    )*};
}
dyn_agree!(C<N>, isize => [N]; isize, C<N> => [N]; isize, isize => []);

/// Do two shapes agree? Same rank: every top-level mode has the same size; different
/// ranks: the same total size.
#[doc(hidden)]
pub trait ShapesAgree<B> {
    type Output: Bit;
    fn agree(self, b: B) -> bool;
}
impl<A: Tup + Wrap, B: Tup + Wrap> ShapesAgree<B> for A
where
    A::Rank: IsEqual<B::Rank>,
    A: AgreeByRank<B, <A::Rank as IsEqual<B::Rank>>::Output>,
{
    type Output = <A as AgreeByRank<B, <A::Rank as IsEqual<B::Rank>>::Output>>::Output;
    #[inline(always)]
    fn agree(self, b: B) -> bool {
        self.agree_by_rank(b)
    }
}
#[doc(hidden)]
pub trait AgreeByRank<B, SameRank> {
    type Output: Bit;
    fn agree_by_rank(self, b: B) -> bool;
}
impl<A: Tup + Wrap, B: Tup + Wrap> AgreeByRank<B, B1> for A
where
    A::Output: ModesAgree<B::Output>,
{
    type Output = <A::Output as ModesAgree<B::Output>>::Output;
    #[inline(always)]
    fn agree_by_rank(self, b: B) -> bool {
        self.wrap().modes_agree(b.wrap())
    }
}
impl<A: Tup, B: Tup> AgreeByRank<B, B0> for A
where
    A::Size: SizeAgree<B::Size>,
{
    type Output = <A::Size as SizeAgree<B::Size>>::Output;
    #[inline(always)]
    fn agree_by_rank(self, b: B) -> bool {
        self.size().same(b.size())
    }
}
#[doc(hidden)]
pub trait ModesAgree<B> {
    type Output: Bit;
    fn modes_agree(self, b: B) -> bool;
}
impl ModesAgree<HNil> for HNil {
    type Output = B1;
    fn modes_agree(self, _: HNil) -> bool {
        true
    }
}
impl<H: Tup, T: ModesAgree<BT>, BH: Tup, BT> ModesAgree<HCons<BH, BT>> for HCons<H, T>
where
    H::Size: SizeAgree<BH::Size>,
    <H::Size as SizeAgree<BH::Size>>::Output: BitAnd<T::Output>,
    <<H::Size as SizeAgree<BH::Size>>::Output as BitAnd<T::Output>>::Output: Bit,
{
    type Output = <<H::Size as SizeAgree<BH::Size>>::Output as BitAnd<T::Output>>::Output;
    #[inline(always)]
    fn modes_agree(self, b: HCons<BH, BT>) -> bool {
        self.head.size().same(b.head.size()) && self.tail.modes_agree(b.tail)
    }
}

/// The operands of `copy`, `copy_if` and `axpby` must have the same shape.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// let src = make_owned_tensor::<u8, _>(layout!((4,8)));
/// let mut dst = make_owned_tensor::<u8, _>(layout!((8,4)));
/// copy(&src, &mut dst);
/// ```
/// ```
/// use cutlet::prelude::*;
/// let src = [1u8; 32];
/// let mut dst = make_owned_tensor::<u8, _>(layout!((4,8)));
/// copy(&make_tensor(&src[..], layout!((4,8):(8,1))), &mut dst);
/// assert_eq!(dst[31], 1);
/// ```
#[diagnostic::on_unimplemented(
    message = "the tensors' shapes differ",
    label = "the source and destination must have equal extents mode by mode (or the same size if their ranks differ)"
)]
pub trait SameShape {}
impl SameShape for B1 {}

/// Panic naming both shapes if they do not agree at run time (static shapes were
/// already checked by the type checker, so the check folds away for them).
#[inline(always)]
#[track_caller]
pub(crate) fn check_agree<A: ShapesAgree<B> + CuteDisplay + Copy, B: CuteDisplay + Copy>(
    op: &str,
    a: A,
    b: B,
) {
    if !a.agree(b) {
        panic!(
            "{op}: shapes {} and {} differ",
            crate::tuple::Cute(a),
            crate::tuple::Cute(b)
        );
    }
}
