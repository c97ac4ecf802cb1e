//! CuTe's `ScaledBasis` and `ArithmeticTuple` (`numeric/arithmetic_tuple.hpp`): the
//! strides and values of identity layouts.
//!
//! A [`ScaledBasis<V, P>`] is the value `V` placed at the mode path `P` of a coordinate
//! (`_1@0` moves one step along mode 0, `4@1` four steps along mode 1, `_1@0@1` one step
//! along sub-mode 0 of mode 1). An integer times a scaled basis scales it; scaled bases
//! at different paths add up to an [`ArithTuple`], CuTe's element-wise-adding tuple.
//! Evaluating a layout whose strides are scaled bases therefore yields a coordinate,
//! which is how identity tensors stay exact past the edge of a partial tile.
//!
//! ```
//! use cutlet::prelude::*;
//! let e0 = E::<path!(0)>::default();
//! let e1 = E::<path!(1)>::default();
//! assert_eq!((3isize * e1).to_string(), "3@1");
//! assert_eq!((_2::new() * e0 + 3isize * e1).to_string(), "(_2,3)");
//! ```

use super::checked::{IntAdd, IntMul};
use super::integral::Integral;
use super::ops::StaticEq;
use super::static_int::C;
use crate::tuple::{CuteDisplay, HCons, HNil, ToList, ToNative};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Mul, Sub};
use typenum::{B0, B1, Bit, IsEqual, U0, UInt, Unsigned, Z0};

/// CuTe's `ScaledBasis<V, Ns...>`: the value `V` (a static or dynamic integer) at the
/// mode path `P` (outermost mode first, written with [`path!`](crate::path)). It prints
/// as CuTe does, innermost mode first: path `(1, 0)` with value `_1` is `_1@0@1`.
///
/// ```
/// use cutlet::prelude::*;
/// let b = ScaledBasis::<_, path!(1, 0)>::new(4isize);
/// assert_eq!(b.to_string(), "4@0@1");
/// assert_eq!(b.value(), 4);
/// assert_eq!(core::mem::size_of::<E<path!(0)>>(), 0);
/// ```
pub struct ScaledBasis<V, P> {
    value: V,
    path: PhantomData<P>,
}

/// CuTe's basis element `E<Ns...>`: the scaled basis of the static `_1`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(E::<path!(1)>::default().to_string(), "_1@1");
/// ```
pub type E<P> = ScaledBasis<C<typenum::P1>, P>;

impl<V, P> ScaledBasis<V, P> {
    /// The basis element at path `P` scaled by `value`.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// assert_eq!(ScaledBasis::<_, path!(0)>::new(_8::new()).to_string(), "_8@0");
    /// ```
    #[inline(always)]
    pub const fn new(value: V) -> Self {
        ScaledBasis {
            value,
            path: PhantomData,
        }
    }
}
impl<V: Copy, P> ScaledBasis<V, P> {
    /// The scale (CuTe's `e.value()`).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// assert_eq!(ScaledBasis::<_, path!(0)>::new(3isize).value(), 3);
    /// ```
    #[inline(always)]
    pub fn value(self) -> V {
        self.value
    }
}
impl<V: Copy, P> Clone for ScaledBasis<V, P> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Copy, P> Copy for ScaledBasis<V, P> {}
impl<V: Default, P> Default for ScaledBasis<V, P> {
    #[inline(always)]
    fn default() -> Self {
        ScaledBasis::new(V::default())
    }
}
impl<V: CuteDisplay, P: PathDisplay> CuteDisplay for ScaledBasis<V, P> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.value.fmt_cute(f)?;
        P::fmt_path(f)
    }
}
impl<V: CuteDisplay, P: PathDisplay> fmt::Display for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<V: CuteDisplay, P: PathDisplay> fmt::Debug for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<V: Copy, P> ToNative for ScaledBasis<V, P> {
    type Native = Self;
    #[inline(always)]
    fn to_native(self) -> Self {
        self
    }
}
impl<V: Copy, P> ToList for ScaledBasis<V, P> {
    type List = Self;
    #[inline(always)]
    fn to_list(self) -> Self {
        self
    }
}

/// Prints a basis path innermost mode first, as CuTe does (`@0@1` for path `(1, 0)`).
#[doc(hidden)]
pub trait PathDisplay {
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl PathDisplay for HNil {
    fn fmt_path(_: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}
impl<H: Unsigned, T: PathDisplay> PathDisplay for HCons<H, T> {
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::fmt_path(f)?;
        write!(f, "@{}", H::USIZE)
    }
}

// Multiplication scales the value (CuTe: `a * e` is `ScaledBasis<decltype(a * e.value())>`).
impl<V: IntMul<B>, P, B: Integral> Mul<B> for ScaledBasis<V, P> {
    type Output = ScaledBasis<V::Output, P>;
    #[inline(always)]
    #[track_caller]
    fn mul(self, b: B) -> Self::Output {
        ScaledBasis::new(self.value.int_mul(b))
    }
}
impl<N, V, P> Mul<ScaledBasis<V, P>> for C<N>
where
    C<N>: IntMul<V>,
{
    type Output = ScaledBasis<<C<N> as IntMul<V>>::Output, P>;
    #[inline(always)]
    #[track_caller]
    fn mul(self, e: ScaledBasis<V, P>) -> Self::Output {
        ScaledBasis::new(self.int_mul(e.value))
    }
}
impl<V, P> Mul<ScaledBasis<V, P>> for isize
where
    isize: IntMul<V>,
{
    type Output = ScaledBasis<<isize as IntMul<V>>::Output, P>;
    #[inline(always)]
    #[track_caller]
    fn mul(self, e: ScaledBasis<V, P>) -> Self::Output {
        ScaledBasis::new(self.int_mul(e.value))
    }
}

/// CuTe's `ArithmeticTuple`: a tuple (internal list `L`) that adds element-wise, the
/// shorter operand padded with `_0`. The sum of scaled bases at different paths.
///
/// ```
/// use cutlet::prelude::*;
/// let t = E::<path!(0)>::default() + 5isize * E::<path!(1, 1)>::default();
/// assert_eq!(t.to_string(), "(_1,(_0,5))");
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct ArithTuple<L>(pub L);

impl<L: CuteDisplay> CuteDisplay for ArithTuple<L> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}
impl<L: CuteDisplay> fmt::Display for ArithTuple<L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_cute(f)
    }
}

/// The arithmetic-tuple form of a value at a path (CuTe's `as_arithmetic_tuple` of a
/// scaled basis): `N` leading `_0`s, then the value at the rest of the path.
#[doc(hidden)]
pub trait Embed<V> {
    type Output: Copy;
    fn embed(v: V) -> Self::Output;
}
impl<V: Copy> Embed<V> for HNil {
    type Output = V;
    #[inline(always)]
    fn embed(v: V) -> V {
        v
    }
}
impl<N: ZerosThen<<Rest as Embed<V>>::Output>, Rest: Embed<V>, V> Embed<V> for HCons<N, Rest> {
    type Output = ArithTuple<N::Output>;
    #[inline(always)]
    fn embed(v: V) -> Self::Output {
        ArithTuple(N::zeros_then(Rest::embed(v)))
    }
}
/// `N` copies of `_0` followed by `x` (CuTe's `to_atuple_i`).
#[doc(hidden)]
pub trait ZerosThen<X> {
    type Output: Copy;
    fn zeros_then(x: X) -> Self::Output;
}
impl<X: Copy> ZerosThen<X> for U0 {
    type Output = HCons<X, HNil>;
    #[inline(always)]
    fn zeros_then(x: X) -> Self::Output {
        HCons {
            head: x,
            tail: HNil,
        }
    }
}
impl<U, B, X> ZerosThen<X> for UInt<U, B>
where
    UInt<U, B>: Sub<B1>,
    <UInt<U, B> as Sub<B1>>::Output: ZerosThen<X>,
{
    type Output = HCons<C<Z0>, <<UInt<U, B> as Sub<B1>>::Output as ZerosThen<X>>::Output>;
    #[inline(always)]
    fn zeros_then(x: X) -> Self::Output {
        HCons {
            head: C::new(),
            tail: <<UInt<U, B> as Sub<B1>>::Output as ZerosThen<X>>::zeros_then(x),
        }
    }
}

/// Element-wise addition of arithmetic-tuple lists, padding the shorter with `_0`.
#[doc(hidden)]
pub trait ListAdd<R> {
    type Output: Copy;
    fn list_add(self, r: R) -> Self::Output;
}
impl<R: Copy> ListAdd<R> for HNil {
    type Output = R;
    #[inline(always)]
    fn list_add(self, r: R) -> R {
        r
    }
}
impl<A: Copy, AT: Copy> ListAdd<HNil> for HCons<A, AT> {
    type Output = Self;
    #[inline(always)]
    fn list_add(self, _: HNil) -> Self {
        self
    }
}
impl<A: IntAdd<B>, AT: ListAdd<BT>, B, BT> ListAdd<HCons<B, BT>> for HCons<A, AT> {
    type Output = HCons<A::Output, AT::Output>;
    #[inline(always)]
    #[track_caller]
    fn list_add(self, r: HCons<B, BT>) -> Self::Output {
        HCons {
            head: self.head.int_add(r.head),
            tail: self.tail.list_add(r.tail),
        }
    }
}

impl<L: ListAdd<R>, R> Add<ArithTuple<R>> for ArithTuple<L> {
    type Output = ArithTuple<L::Output>;
    #[inline(always)]
    fn add(self, r: ArithTuple<R>) -> Self::Output {
        ArithTuple(self.0.list_add(r.0))
    }
}
impl<L, V, P: Embed<V>> Add<ScaledBasis<V, P>> for ArithTuple<L>
where
    ArithTuple<L>: Add<P::Output>,
{
    type Output = <ArithTuple<L> as Add<P::Output>>::Output;
    #[inline(always)]
    fn add(self, r: ScaledBasis<V, P>) -> Self::Output {
        self + P::embed(r.value)
    }
}
impl<V, P: Embed<V, Output = ArithTuple<L>>, L: Copy, R> Add<R> for ScaledBasis<V, P>
where
    ArithTuple<L>: Add<R>,
    R: ArithOperand,
{
    type Output = <ArithTuple<L> as Add<R>>::Output;
    #[inline(always)]
    fn add(self, r: R) -> Self::Output {
        P::embed(self.value) + r
    }
}
/// The right operands a scaled basis adds to: another scaled basis or an arithmetic
/// tuple (CuTe's overloads; `_0 +` is handled by the `_0` impls).
#[doc(hidden)]
pub trait ArithOperand {}
impl<V, P> ArithOperand for ScaledBasis<V, P> {}
impl<L> ArithOperand for ArithTuple<L> {}

// CuTe's special cases for `C<0>`: adding the static zero changes nothing.
impl<L> Add<ArithTuple<L>> for C<Z0> {
    type Output = ArithTuple<L>;
    #[inline(always)]
    fn add(self, r: ArithTuple<L>) -> ArithTuple<L> {
        r
    }
}
impl<L> Add<C<Z0>> for ArithTuple<L> {
    type Output = ArithTuple<L>;
    #[inline(always)]
    fn add(self, _: C<Z0>) -> ArithTuple<L> {
        self
    }
}
impl<V, P> Add<C<Z0>> for ScaledBasis<V, P> {
    type Output = ScaledBasis<V, P>;
    #[inline(always)]
    fn add(self, _: C<Z0>) -> ScaledBasis<V, P> {
        self
    }
}
impl<V, P> Add<ScaledBasis<V, P>> for C<Z0> {
    type Output = ScaledBasis<V, P>;
    #[inline(always)]
    fn add(self, r: ScaledBasis<V, P>) -> ScaledBasis<V, P> {
        r
    }
}

/// `B1` when two basis paths are the same type-level list.
#[doc(hidden)]
pub trait PathEq<R> {
    type Output: Bit;
}
impl PathEq<HNil> for HNil {
    type Output = B1;
}
impl<H, T> PathEq<HCons<H, T>> for HNil {
    type Output = B0;
}
impl<H, T> PathEq<HNil> for HCons<H, T> {
    type Output = B0;
}
impl<A: IsEqual<B>, AT: PathEq<BT>, B, BT> PathEq<HCons<B, BT>> for HCons<A, AT>
where
    <A as IsEqual<B>>::Output: BitAnd<AT::Output>,
    <<A as IsEqual<B>>::Output as BitAnd<AT::Output>>::Output: Bit,
{
    type Output = <<A as IsEqual<B>>::Output as BitAnd<AT::Output>>::Output;
}

// CuTe's `operator==`: equal paths and equal values; never equal to a plain integer.
impl<V: StaticEq<W>, P: PathEq<Q>, W, Q> StaticEq<ScaledBasis<W, Q>> for ScaledBasis<V, P>
where
    P::Output: BitAnd<V::Output>,
    <P::Output as BitAnd<V::Output>>::Output: Bit,
{
    type Output = <P::Output as BitAnd<V::Output>>::Output;
}
impl<V, P, N> StaticEq<C<N>> for ScaledBasis<V, P> {
    type Output = B0;
}
impl<V, P> StaticEq<isize> for ScaledBasis<V, P> {
    type Output = B0;
}
impl<V, P, N> StaticEq<ScaledBasis<V, P>> for C<N> {
    type Output = B0;
}
impl<V, P> StaticEq<ScaledBasis<V, P>> for isize {
    type Output = B0;
}

/// Adds a layout's value (an integer, a scaled basis, an arithmetic tuple) into a
/// coordinate: how the counting engine of an identity tensor advances (CuTe's
/// `ArithmeticTupleIterator::operator+`). `Self` is the coordinate in internal form,
/// every leaf an `isize`.
#[doc(hidden)]
pub trait AddInto<Coord> {
    fn add_into(self, c: Coord) -> Coord;
}
impl<N> AddInto<isize> for C<N>
where
    C<N>: Integral,
{
    #[inline(always)]
    #[track_caller]
    fn add_into(self, c: isize) -> isize {
        super::checked::dyn_ops::add(c, self.value())
    }
}
impl AddInto<isize> for isize {
    #[inline(always)]
    #[track_caller]
    fn add_into(self, c: isize) -> isize {
        super::checked::dyn_ops::add(c, self)
    }
}
// `_0` adds nothing to a tuple coordinate.
impl<H, T> AddInto<HCons<H, T>> for C<Z0> {
    #[inline(always)]
    fn add_into(self, c: HCons<H, T>) -> HCons<H, T> {
        c
    }
}
impl<L: AddInto<Coord>, Coord> AddInto<Coord> for ArithTuple<L> {
    #[inline(always)]
    fn add_into(self, c: Coord) -> Coord {
        self.0.add_into(c)
    }
}
impl<V, P: Embed<V>, Coord> AddInto<Coord> for ScaledBasis<V, P>
where
    P::Output: AddInto<Coord>,
{
    #[inline(always)]
    fn add_into(self, c: Coord) -> Coord {
        P::embed(self.value).add_into(c)
    }
}
impl<Coord> AddInto<Coord> for HNil {
    #[inline(always)]
    fn add_into(self, c: Coord) -> Coord {
        c
    }
}
impl<A: AddInto<CH>, AT: AddInto<CT>, CH, CT> AddInto<HCons<CH, CT>> for HCons<A, AT> {
    #[inline(always)]
    fn add_into(self, c: HCons<CH, CT>) -> HCons<CH, CT> {
        HCons {
            head: self.head.add_into(c.head),
            tail: self.tail.add_into(c.tail),
        }
    }
}
