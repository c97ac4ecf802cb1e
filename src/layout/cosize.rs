//! The codomain of a layout: CuTe's `coshape` and `cosize`.

use super::layout::{Layout, ListOf};
use crate::int::{C, IntAbs, Integral};
use crate::int::{IntAdd, IntMul, IntSub};
use crate::tuple::{HCons, HNil, ToList, Tup, Zip};
use typenum::{P1, Z0};

/// `acc + sum((s - 1) * |d|)` over a list of `(shape, stride)` leaf pairs.
#[doc(hidden)]
pub trait CoFold<Acc> {
    type Output: Integral;
    fn co_fold(self, acc: Acc) -> Self::Output;
}
impl<Acc: Integral> CoFold<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn co_fold(self, acc: Acc) -> Acc {
        acc
    }
}
impl<S, D, T, Acc> CoFold<Acc> for HCons<(S, D), T>
where
    S: IntSub<C<P1>>,
    D: IntAbs,
    <S as IntSub<C<P1>>>::Output: IntMul<D::Output>,
    Acc: IntAdd<<<S as IntSub<C<P1>>>::Output as IntMul<D::Output>>::Output>,
    T: CoFold<<Acc as IntAdd<<<S as IntSub<C<P1>>>::Output as IntMul<D::Output>>::Output>>::Output>,
{
    type Output = <T as CoFold<
        <Acc as IntAdd<<<S as IntSub<C<P1>>>::Output as IntMul<D::Output>>::Output>>::Output,
    >>::Output;
    #[inline(always)]
    fn co_fold(self, acc: Acc) -> Self::Output {
        let (s, d) = self.head;
        self.tail
            .co_fold(acc.int_add(s.int_sub(C::<P1>::new()).int_mul(d.int_abs())))
    }
}

/// The internal computation of `coshape` on shape and stride lists.
#[doc(hidden)]
pub trait Coshape<D> {
    type Output: Integral;
    fn coshape(self, d: D) -> Self::Output;
}
impl<S: Tup, D: Tup> Coshape<D> for S
where
    S::Flat: Zip<D::Flat>,
    <S::Flat as Zip<D::Flat>>::Output: CoFold<C<Z0>>,
    <<S::Flat as Zip<D::Flat>>::Output as CoFold<C<Z0>>>::Output: IntAdd<C<P1>>,
    <<<S::Flat as Zip<D::Flat>>::Output as CoFold<C<Z0>>>::Output as IntAdd<C<P1>>>::Output:
        Integral,
{
    type Output =
        <<<S::Flat as Zip<D::Flat>>::Output as CoFold<C<Z0>>>::Output as IntAdd<C<P1>>>::Output;
    #[inline(always)]
    fn coshape(self, d: D) -> Self::Output {
        self.flat()
            .zip(d.flat())
            .co_fold(C::new())
            .int_add(C::<P1>::new())
    }
}

/// The type of `cosize(layout)`.
///
/// ```
/// use cutlet::prelude::*;
/// type L = layout_t!(((2,4),(3,5)):((3,6),(1,24)));
/// const N: isize = <CosizeT<L> as StaticValue>::VALUE;
/// assert_eq!(N, 120);
/// ```
#[doc(hidden)]
pub type CosizeOfParts<L> =
    <ListOf<<L as LayoutParts>::Shape> as Coshape<ListOf<<L as LayoutParts>::Stride>>>::Output;

/// Names the shape and stride types of a layout type.
#[doc(hidden)]
pub trait LayoutParts {
    /// The shape type.
    type Shape: ToList;
    /// The stride type.
    type Stride: ToList;
}
impl<S: ToList, D: ToList> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

/// What CuTe's `coshape` applies to; [`CosizeT`] names the result. A bound on this
/// trait is how generic code asks for `coshape`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Cosized>(l: L) -> CosizeT<L> { cosize(l) }
/// assert_eq!(f(layout!((2,4):(4,1))).to_string(), "_8");
/// ```
#[diagnostic::on_unimplemented(
    message = "`coshape` is not defined for `{Self}`",
    label = "CuTe's conditions for `coshape` do not hold here"
)]
pub trait Cosized: crate::algebra::Sealed {
    /// The result of `coshape`.
    type Output;
    /// CuTe's `coshape` (see the free function).
    fn coshape(self) -> Self::Output;
}
impl<S: ToList, D: ToList> Cosized for Layout<S, D>
where
    ListOf<S>: Coshape<ListOf<D>>,
{
    type Output = CosizeOfParts<Layout<S, D>>;
    #[inline(always)]
    fn coshape(self) -> Self::Output {
        let l = self;
        l.shape().to_list().coshape(l.stride().to_list())
    }
}
/// The type of `coshape` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Cosized>(l: L) -> CosizeT<L> { cosize(l) }
/// assert_eq!(f(layout!((2,4):(4,1))).to_string(), "_8");
/// ```
pub type CosizeT<L> = <L as Cosized>::Output;

/// CuTe's `coshape(layout)`: the extent of the codomain, `1 + sum((s-1) * |d|)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(coshape(layout!((4,8):(8,1))).to_string(), "_32");
/// ```
#[inline(always)]
pub fn coshape<L: Cosized>(l: L) -> CosizeT<L> {
    l.coshape()
}

/// CuTe's `cosize(layout)`: the size of the codomain (static when the layout is).
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!(((2,4),(3,5)):((3,6),(1,24)));
/// assert_eq!(cosize(l).to_string(), "_120");
/// const C: isize = value_of::<CosizeT<layout_t!(((2,4),(3,5)):((3,6),(1,24)))>>();
/// assert_eq!(C, 120);
/// ```
#[inline(always)]
pub fn cosize<L: Cosized>(l: L) -> CosizeT<L> {
    l.coshape()
}
