//! CuTe's `idx2crd`: split a 1-D index into the natural coordinate of a shape
//! (colexicographically; the last mode takes what remains).

use super::layout::ListOf;
use crate::int::{C, Integral};
use crate::int::{IntDiv, IntRem};
use crate::tuple::{HCons, HNil, ToList, ToNative, Tup, hcons};
use typenum::{B0, B1, Z0};

/// Split an index (`Self`) across a shape in internal form.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "cannot split this index across the shape",
    label = "idx2crd takes an integer index and a shape"
)]
pub trait Idx2Crd<S> {
    /// The coordinate, congruent with the shape.
    type Output: Copy;
    /// Split.
    fn idx2crd(self, s: S) -> Self::Output;
}
macro_rules! leaf_idx {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* S: SplitIdx<$ty>> Idx2Crd<S> for $ty
        where
            $ty: Integral,
        {
            type Output = S::Output;
            #[inline(always)]
            fn idx2crd(self, s: S) -> S::Output {
                s.split_idx(self)
            }
        }
    )*};
}
leaf_idx!(C<N> => [N,], isize => []);

/// The shape side of `idx2crd` (the shape is `Self` so that an unknown shape stops
/// trait selection).
#[doc(hidden)]
pub trait SplitIdx<I> {
    type Output: Copy;
    fn split_idx(self, i: I) -> Self::Output;
}
macro_rules! leaf_split {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* I: Integral> SplitIdx<I> for $ty
        where
            $ty: Integral,
        {
            type Output = I;
            #[inline(always)]
            fn split_idx(self, i: I) -> I {
                i
            }
        }
    )*};
}
leaf_split!(C<N> => [N,], isize => []);
impl<S0, I: Idx2Crd<S0>> SplitIdx<I> for HCons<S0, HNil> {
    type Output = HCons<I::Output, HNil>;
    #[inline(always)]
    fn split_idx(self, i: I) -> Self::Output {
        hcons(i.idx2crd(self.head), HNil)
    }
}
impl<S0, S1, ST, I: Integral> SplitIdx<I> for HCons<S0, HCons<S1, ST>>
where
    HCons<S0, HCons<S1, ST>>: SplitIdxStep<I, I::IsZero>,
{
    type Output = <HCons<S0, HCons<S1, ST>> as SplitIdxStep<I, I::IsZero>>::Output;
    #[inline(always)]
    fn split_idx(self, i: I) -> Self::Output {
        self.step(i)
    }
}
/// A static-zero index gives the zero coordinate; otherwise `divmod` by the first mode.
#[doc(hidden)]
pub trait SplitIdxStep<I, IsZero> {
    type Output: Copy;
    fn step(self, i: I) -> Self::Output;
}
impl<S: ZeroCoord, I> SplitIdxStep<I, B1> for S {
    type Output = S::Output;
    #[inline(always)]
    fn step(self, _: I) -> S::Output {
        S::zero()
    }
}
impl<S0: Tup, ST, I> SplitIdxStep<I, B0> for HCons<S0, ST>
where
    I: Copy + IntDiv<S0::Size> + IntRem<S0::Size>,
    <I as IntRem<S0::Size>>::Output: Idx2Crd<S0>,
    ST: SplitIdx<<I as IntDiv<S0::Size>>::Output>,
{
    type Output = HCons<<<I as IntRem<S0::Size>>::Output as Idx2Crd<S0>>::Output, ST::Output>;
    #[inline(always)]
    fn step(self, i: I) -> Self::Output {
        let n = self.head.size();
        hcons(
            i.int_rem(n).idx2crd(self.head),
            self.tail.split_idx(i.int_div(n)),
        )
    }
}

/// The all-`_0` coordinate of a shape.
#[doc(hidden)]
pub trait ZeroCoord {
    type Output: Copy;
    fn zero() -> Self::Output;
}
impl<N> ZeroCoord for C<N> {
    type Output = C<Z0>;
    #[inline(always)]
    fn zero() -> C<Z0> {
        C::new()
    }
}
impl ZeroCoord for isize {
    type Output = C<Z0>;
    #[inline(always)]
    fn zero() -> C<Z0> {
        C::new()
    }
}
impl ZeroCoord for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zero() -> HNil {
        HNil
    }
}
impl<H: ZeroCoord, T: ZeroCoord> ZeroCoord for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn zero() -> Self::Output {
        hcons(H::zero(), T::zero())
    }
}

/// What CuTe's `idx2crd` applies to; [`Idx2CrdT`] names the result. A bound on this
/// trait is how generic code asks for `idx2crd`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<I: IndexIn<S>, S>(i: I, s: S) -> Idx2CrdT<I, S> { idx2crd(i, s) }
/// assert_eq!(Cute(f(5, shape!((2, 3)))).to_string(), "(1,2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`idx2crd` is not defined for `{Self}`",
    label = "CuTe's conditions for `idx2crd` do not hold here"
)]
pub trait IndexIn<S> {
    /// The result of `idx2crd`.
    type Output;
    /// CuTe's `idx2crd` (see the free function).
    fn idx2crd(self, s: S) -> Self::Output;
}
impl<I: ToList, S: ToList> IndexIn<S> for I
where
    ListOf<I>: Idx2Crd<ListOf<S>>,
    <ListOf<I> as Idx2Crd<ListOf<S>>>::Output: ToNative,
{
    type Output = <<ListOf<I> as Idx2Crd<ListOf<S>>>::Output as ToNative>::Native;
    #[inline(always)]
    fn idx2crd(self, s: S) -> Self::Output {
        let i = self;
        i.to_list().idx2crd(s.to_list()).to_native()
    }
}
/// The type of `idx2crd` applied to `L`.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<I: IndexIn<S>, S>(i: I, s: S) -> Idx2CrdT<I, S> { idx2crd(i, s) }
/// assert_eq!(Cute(f(5, shape!((2, 3)))).to_string(), "(1,2)");
/// ```
pub type Idx2CrdT<L, S> = <L as IndexIn<S>>::Output;

/// CuTe's `idx2crd(idx, shape)`: the natural coordinate of a 1-D index, static where
/// index and shape are.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(Cute(idx2crd(_5::new(), shape!((3, 2)))).to_string(), "(_2,_1)");
/// let c = idx2crd(7isize, shape!((2, (2, 3))));
/// assert_eq!(Cute(c).to_string(), "(1,(1,1))");
/// ```
#[inline(always)]
pub fn idx2crd<L: IndexIn<S>, S>(i: L, s: S) -> Idx2CrdT<L, S> {
    i.idx2crd(s)
}
