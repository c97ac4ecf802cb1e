//! The codomain of a layout: CuTe's `coshape` and `cosize`.

use super::layout::{Layout, ListOf};
use crate::int::{ArithTuple, C, Embed, IntAbs, Integral, ScaledBasis};
use crate::int::{IntAdd, IntMul, IntSub};
use crate::tuple::{HCons, HNil, Leaves, ToList, Tup, Zip};
use typenum::{P1, Z0};

/// `acc + sum((s - 1) * |d|)` over a list of `(shape, stride)` leaf pairs: the largest
/// value of the layout, an integer, or an arithmetic tuple for scaled-basis strides.
#[doc(hidden)]
pub trait CoFold<Acc> {
    type Output: Copy;
    fn co_fold(self, acc: Acc) -> Self::Output;
}
impl<Acc: Copy> CoFold<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn co_fold(self, acc: Acc) -> Acc {
        acc
    }
}
impl<S, D, T, Acc> CoFold<Acc> for HCons<(S, D), T>
where
    S: IntSub<C<P1>>,
    D: StrideAbs,
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
            .co_fold(acc.int_add(s.int_sub(C::<P1>::new()).int_mul(d.stride_abs())))
    }
}

/// `|d|` of a stride: CuTe's `abs`, which on a scaled basis takes the scale's.
#[doc(hidden)]
pub trait StrideAbs {
    type Output: Copy;
    fn stride_abs(self) -> Self::Output;
}
impl<I: IntAbs> StrideAbs for I {
    type Output = I::Output;
    #[inline(always)]
    fn stride_abs(self) -> I::Output {
        self.int_abs()
    }
}
impl<V: IntAbs + Copy, P> StrideAbs for ScaledBasis<V, P> {
    type Output = ScaledBasis<V::Output, P>;
    #[inline(always)]
    fn stride_abs(self) -> Self::Output {
        ScaledBasis::new(self.value().int_abs())
    }
}

/// From the largest value of a layout to its cosize: `+ 1` for an integer; for a
/// coordinate (scaled-basis strides), CuTe's `size(co_coord + 1)`, the product of
/// every component plus one.
#[doc(hidden)]
pub trait CoEnd {
    type Output: Integral;
    fn co_end(self) -> Self::Output;
}
macro_rules! co_end_int {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> CoEnd for $ty
        where
            $ty: IntAdd<C<P1>>,
            <$ty as IntAdd<C<P1>>>::Output: Integral,
        {
            type Output = <$ty as IntAdd<C<P1>>>::Output;
            #[inline(always)]
            fn co_end(self) -> Self::Output {
                self.int_add(C::<P1>::new())
            }
        }
    )*};
}
co_end_int!(C<N> => [N], isize => []);
impl<V, P: Embed<V>> CoEnd for ScaledBasis<V, P>
where
    P::Output: CoEnd,
    V: Copy,
{
    type Output = <P::Output as CoEnd>::Output;
    #[inline(always)]
    fn co_end(self) -> Self::Output {
        P::embed(self.value()).co_end()
    }
}
impl<L: CoProd<C<P1>>> CoEnd for ArithTuple<L> {
    type Output = L::Output;
    #[inline(always)]
    fn co_end(self) -> Self::Output {
        self.0.co_prod(C::new())
    }
}
/// `acc * prod(x + 1)` over the components of a coordinate.
#[doc(hidden)]
pub trait CoProd<Acc> {
    type Output: Integral;
    fn co_prod(self, acc: Acc) -> Self::Output;
}
impl<Acc: Integral> CoProd<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn co_prod(self, acc: Acc) -> Acc {
        acc
    }
}
impl<H: CoEnd, T, Acc: IntMul<H::Output>> CoProd<Acc> for HCons<H, T>
where
    T: CoProd<Acc::Output>,
{
    type Output = T::Output;
    #[inline(always)]
    fn co_prod(self, acc: Acc) -> Self::Output {
        self.tail.co_prod(acc.int_mul(self.head.co_end()))
    }
}

/// The internal computation of `coshape` on shape and stride lists.
#[doc(hidden)]
pub trait Coshape<D> {
    type Output: Integral;
    fn coshape(self, d: D) -> Self::Output;
}
impl<S: Tup, D: Leaves> Coshape<D> for S
where
    S::Flat: Zip<D::Flat>,
    <S::Flat as Zip<D::Flat>>::Output: CoFold<C<Z0>>,
    <<S::Flat as Zip<D::Flat>>::Output as CoFold<C<Z0>>>::Output: CoEnd,
{
    type Output = <<<S::Flat as Zip<D::Flat>>::Output as CoFold<C<Z0>>>::Output as CoEnd>::Output;
    #[inline(always)]
    fn coshape(self, d: D) -> Self::Output {
        self.flat().zip(d.leaves()).co_fold(C::new()).co_end()
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
