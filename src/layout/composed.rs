//! CuTe's `ComposedLayout<A, O, B>` (layout_composed.hpp): `X(c) = A(O + B(c))`,
//! printed `A o O o B`. `B` (a layout) defines the domain, so the shape operations act
//! on `B` and re-compose with `A` and `O`; `A` is typically a [`Swizzle`], which is not
//! linear and therefore keeps the offset `O` apart. A fully static composed layout is
//! zero-sized and its evaluation at a static coordinate is a static integer.
//!
//! Runtime twin: `dynamic::ComposedLayout` (src/dynamic/composed.rs).

use super::crd2idx::{Crd2Idx, InRange, IndexT};
use super::layout::{Layout, ListOf, Shaped};
use super::swizzle::{Swizzle, SwizzleApply, SwizzleParams};
use crate::int::{C, Integral};
use crate::tuple::{CuteDisplay, ToList};
use core::fmt;
use core::marker::PhantomData;
use core::ops::Add;
use typenum::{B0, B1, Bit, IsEqual, Unsigned, Z0};

/// CuTe's `ComposedLayout<A, O, B>`: the function `c -> A(O + B(c))`.
///
/// Build one with [`composition`](crate::algebra::composition) of a swizzle and a layout
/// (`Sw<3,3,3> o _0 o (_8,_64):(_64,_1)`) or with [`make_composed_layout`]. Its shape,
/// size, rank and depth are those of `B`; slicing, composition with a tiler, coalesce,
/// the divides and products, `tile_to_shape`, `upcast`/`downcast` apply to `B` and keep
/// `A` and `O`.
///
/// ```
/// use cutlet::prelude::*;
/// let c = composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1)));
/// assert_eq!(c.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// assert_eq!(size(c).to_string(), "_512");
/// // row 3, column 14: 3*64 + 14 = 206, bits 6..8 (=3) flip bits 3..5 -> 214
/// assert_eq!(c.call(coord!((3, 14))).to_string(), "_214");
/// assert_eq!(c.call((3isize, 14isize)), 214);
/// ```
pub struct ComposedLayout<A, O, B> {
    a: A,
    o: O,
    b: B,
}

impl<A, O, B> ComposedLayout<A, O, B> {
    /// The outer function `A` (CuTe's `layout_a()`).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let c = composition(Sw::<1, 2, 3>::new(), layout!((4,8):(8,1)));
    /// assert_eq!(c.layout_a().to_string(), "Sw<1,2,3>");
    /// ```
    #[inline(always)]
    pub fn layout_a(&self) -> A
    where
        A: Copy,
    {
        self.a
    }
    /// The offset `O` (CuTe's `offset()`).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let c = composition(Sw::<1, 2, 3>::new(), layout!((4,8):(8,1)));
    /// assert_eq!(c.offset().to_string(), "_0");
    /// ```
    #[inline(always)]
    pub fn offset(&self) -> O
    where
        O: Copy,
    {
        self.o
    }
    /// The inner layout `B`, which defines the domain (CuTe's `layout_b()`).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let c = composition(Sw::<1, 2, 3>::new(), layout!((4,8):(8,1)));
    /// assert_eq!(c.layout_b().to_string(), "(_4,_8):(_8,_1)");
    /// ```
    #[inline(always)]
    pub fn layout_b(&self) -> B
    where
        B: Copy,
    {
        self.b
    }

    /// Evaluate at a coordinate of `B`'s shape: `A(O + B(c))`. Static coordinates of a
    /// static composed layout give a static index.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let c = composition(Sw::<3, 3, 3>::new(), layout!((64,8):(1,64)));
    /// assert_eq!(c.call(coord!((54, 6))).to_string(), "_390");
    /// const I: isize = <EvalT<layout_t!((64,8):(1,64)), (Int<54>, Int<6>)> as StaticValue>::VALUE;
    /// assert_eq!(I, 438);
    /// ```
    #[inline(always)]
    pub fn call<Cd>(self, c: Cd) -> EvalT<Self, Cd>
    where
        Self: Evaluate<Cd>,
    {
        self.eval(c)
    }
}

/// CuTe's `make_composed_layout(a, o, b)`: the composed layout `A o O o B`, built as
/// given (even `Sw<0,..> o _0 o L` stays composed; [`composition`](crate::algebra::composition)
/// simplifies that one to `L`).
///
/// ```
/// use cutlet::prelude::*;
/// let c = make_composed_layout(Sw::<0, 4, 3>::new(), Int::<0>::new(), layout!(8:1));
/// assert_eq!(c.to_string(), "Sw<0,4,3> o _0 o _8:_1");
/// let d = make_composed_layout(Sw::<1, 1, 1>::new(), 3isize, layout!(8:1));
/// assert_eq!(d.call(1isize), 6); // Sw(3 + 1): bit 2 of 4 flips bit 1
/// ```
#[inline(always)]
pub fn make_composed_layout<A, O, B>(a: A, o: O, b: B) -> ComposedLayout<A, O, B> {
    ComposedLayout { a, o, b }
}

impl<A: Copy, O: Copy, B: Copy> Clone for ComposedLayout<A, O, B> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A: Copy, O: Copy, B: Copy> Copy for ComposedLayout<A, O, B> {}
impl<A: PartialEq, O: PartialEq, B: PartialEq> PartialEq for ComposedLayout<A, O, B> {
    fn eq(&self, r: &Self) -> bool {
        self.a == r.a && self.o == r.o && self.b == r.b
    }
}
impl<A: Eq, O: Eq, B: Eq> Eq for ComposedLayout<A, O, B> {}
impl<A: Default, O: Default, B: Default> Default for ComposedLayout<A, O, B> {
    fn default() -> Self {
        ComposedLayout {
            a: A::default(),
            o: O::default(),
            b: B::default(),
        }
    }
}
impl<A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> CuteDisplay for ComposedLayout<A, O, B> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.a.fmt_cute(f)?;
        f.write_str(" o ")?;
        self.o.fmt_cute(f)?;
        f.write_str(" o ")?;
        self.b.fmt_cute(f)
    }
}
impl<A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> fmt::Display for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> fmt::Debug for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

impl<A: Copy, O: Copy, B: Shaped> Shaped for ComposedLayout<A, O, B> {
    type Shape = B::Shape;
    #[inline(always)]
    fn shape_of(self) -> B::Shape {
        self.b.shape_of()
    }
}

/// CuTe's `smem_ptr_flag_bits<N>`: the offset of the GMMA shared-memory layout atoms, a
/// static zero that records the element width (in bits) the swizzle was written for,
/// printed `smem_ptr[Nb](unset)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(SmemPtrFlag::<16>::new().to_string(), "smem_ptr[16b](unset)");
/// ```
pub type SmemPtrFlag<const N: usize> = SmemPtrFlagBits<typenum::U<N>>;

/// The type behind [`SmemPtrFlag`], with the width as a type.
pub struct SmemPtrFlagBits<N>(PhantomData<N>);
impl<N> SmemPtrFlagBits<N> {
    /// The flag.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// assert_eq!(core::mem::size_of_val(&SmemPtrFlag::<32>::new()), 0);
    /// ```
    #[inline(always)]
    pub const fn new() -> Self {
        SmemPtrFlagBits(PhantomData)
    }
}
impl<N> Clone for SmemPtrFlagBits<N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for SmemPtrFlagBits<N> {}
impl<N> Default for SmemPtrFlagBits<N> {
    fn default() -> Self {
        SmemPtrFlagBits(PhantomData)
    }
}
impl<N> PartialEq for SmemPtrFlagBits<N> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<N> Eq for SmemPtrFlagBits<N> {}
impl<N: Unsigned> CuteDisplay for SmemPtrFlagBits<N> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smem_ptr[{}b](unset)", N::USIZE)
    }
}
impl<N: Unsigned> fmt::Display for SmemPtrFlagBits<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<N: Unsigned> fmt::Debug for SmemPtrFlagBits<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

/// A static offset of unsigned type: CuTe's `upcast`/`downcast` of an offset `_N`
/// computes `C<N / 2u>`, which prints as `_N` but is not `Int<N>` (so a later
/// `composition(Sw<0,..>, O, L)` keeps the swizzle).
pub struct UnsignedOffset<N>(PhantomData<N>);
impl<N> Clone for UnsignedOffset<N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for UnsignedOffset<N> {}
impl<N> Default for UnsignedOffset<N> {
    fn default() -> Self {
        UnsignedOffset(PhantomData)
    }
}
impl<N> PartialEq for UnsignedOffset<N> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<N: typenum::Integer> CuteDisplay for UnsignedOffset<N> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::I64)
    }
}
impl<N: typenum::Integer> fmt::Display for UnsignedOffset<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<N: typenum::Integer> fmt::Debug for UnsignedOffset<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}

/// The offsets of a composed layout: static (`_32`), dynamic (`32isize`), CuTe's smem
/// pointer flag and the unsigned static offsets of recasts. `O + x` is what `A` sees.
#[doc(hidden)]
pub trait OffsetAdd<X>: Copy {
    type Output;
    /// `B1` for exactly CuTe's `Int<0>` (where `composition(Sw<0,..>, O, L)` is `L`).
    type IsIntZero: Bit;
    fn offset_add(self, x: X) -> Self::Output;
}
impl<N: IsEqual<Z0, Output: Bit>, X> OffsetAdd<X> for C<N>
where
    C<N>: Add<X>,
{
    type Output = <C<N> as Add<X>>::Output;
    type IsIntZero = <N as IsEqual<Z0>>::Output;
    #[inline(always)]
    fn offset_add(self, x: X) -> Self::Output {
        self + x
    }
}
impl<X> OffsetAdd<X> for isize
where
    isize: Add<X>,
{
    type Output = <isize as Add<X>>::Output;
    type IsIntZero = B0;
    #[inline(always)]
    fn offset_add(self, x: X) -> Self::Output {
        self + x
    }
}
impl<N, X> OffsetAdd<X> for SmemPtrFlagBits<N> {
    type Output = X;
    type IsIntZero = B0;
    #[inline(always)]
    fn offset_add(self, x: X) -> X {
        x
    }
}
impl<N, X> OffsetAdd<X> for UnsignedOffset<N>
where
    C<N>: Add<X>,
{
    type Output = <C<N> as Add<X>>::Output;
    type IsIntZero = B0;
    #[inline(always)]
    fn offset_add(self, x: X) -> Self::Output {
        C::<N>::new() + x
    }
}

/// What can be evaluated at `Cd`: layouts (at coordinates), swizzles (at integer
/// offsets) and composed layouts (at coordinates of their domain). [`EvalT`] names the
/// result; static inputs give a static result.
///
/// ```
/// use cutlet::prelude::*;
/// fn at<F: Evaluate<Cd>, Cd>(f: F, c: Cd) -> EvalT<F, Cd> { f.eval(c) }
/// assert_eq!(at(layout!((4,8):(8,1)), coord!((1, 2))).to_string(), "_10");
/// assert_eq!(at(Sw::<1, 1, 1>::new(), 4isize), 6);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be evaluated at `{Cd}`",
    label = "a layout takes a coordinate of its shape, a swizzle an integer offset"
)]
pub trait Evaluate<Cd>: Copy {
    /// The value.
    type Output;
    /// `self(c)`.
    fn eval(self, c: Cd) -> Self::Output;
}
impl<S: ToList, D: ToList, Cd: ToList> Evaluate<Cd> for Layout<S, D>
where
    S: Copy,
    D: Copy,
    ListOf<Cd>: Crd2Idx<ListOf<S>, ListOf<D>> + InRange<ListOf<S>>,
{
    type Output = IndexT<S, D, Cd>;
    #[inline(always)]
    fn eval(self, c: Cd) -> Self::Output {
        self.call(c)
    }
}
impl<Bb, M, S, X> Evaluate<X> for Swizzle<Bb, M, S>
where
    Self: SwizzleApply<X>,
{
    type Output = <Self as SwizzleApply<X>>::Output;
    #[inline(always)]
    fn eval(self, x: X) -> Self::Output {
        self.apply(x)
    }
}
impl<A, O, B, Cd> Evaluate<Cd> for ComposedLayout<A, O, B>
where
    B: Evaluate<Cd>,
    O: OffsetAdd<B::Output>,
    A: Evaluate<O::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn eval(self, c: Cd) -> A::Output {
        self.a.eval(self.o.offset_add(self.b.eval(c)))
    }
}
/// The type of `f(c)` for `f: F` (a layout, swizzle or composed layout).
///
/// ```
/// use cutlet::prelude::*;
/// let i: EvalT<Sw<1, 2, 3>, isize> = Sw::<1, 2, 3>::new().call(32isize);
/// assert_eq!(i, 36);
/// ```
pub type EvalT<F, Cd> = <F as Evaluate<Cd>>::Output;

/// CuTe's three-argument `composition(a, o, b)`: the composed layout `A o O o B`, except
/// that a swizzle of no bits at offset `Int<0>` over a layout is that layout.
#[doc(hidden)]
pub trait ComposeParts<O, B>: Copy {
    type Output;
    fn compose_parts(self, o: O, b: B) -> Self::Output;
}
/// Picks `L` (flag `B1`) or the composed layout (`B0`).
#[doc(hidden)]
pub trait DropIdentity<A, O, L> {
    type Output;
    fn pick(a: A, o: O, l: L) -> Self::Output;
}
impl<A, O, L> DropIdentity<A, O, L> for B1 {
    type Output = L;
    #[inline(always)]
    fn pick(_: A, _: O, l: L) -> L {
        l
    }
}
impl<A, O, L> DropIdentity<A, O, L> for B0 {
    type Output = ComposedLayout<A, O, L>;
    #[inline(always)]
    fn pick(a: A, o: O, l: L) -> Self::Output {
        ComposedLayout { a, o, b: l }
    }
}
type NoBits<Sw> = <<Sw as SwizzleParams>::Bits as IsEqual<typenum::U0>>::Output;
type DropFlag<Sw, O> =
    <NoBits<Sw> as core::ops::BitAnd<<O as OffsetAdd<C<Z0>>>::IsIntZero>>::Output;
impl<Bb, M, Sh, O, S, D> ComposeParts<O, Layout<S, D>> for Swizzle<Bb, M, Sh>
where
    Self: SwizzleParams,
    O: OffsetAdd<C<Z0>>,
    <Self as SwizzleParams>::Bits: IsEqual<typenum::U0>,
    NoBits<Self>: core::ops::BitAnd<O::IsIntZero>,
    DropFlag<Self, O>: DropIdentity<Self, O, Layout<S, D>>,
{
    type Output = <DropFlag<Self, O> as DropIdentity<Self, O, Layout<S, D>>>::Output;
    #[inline(always)]
    fn compose_parts(self, o: O, b: Layout<S, D>) -> Self::Output {
        <DropFlag<Self, O> as DropIdentity<Self, O, Layout<S, D>>>::pick(self, o, b)
    }
}
impl<Bb, M, Sh, O: Copy, X: Copy, Y: Copy, Z: Copy> ComposeParts<O, ComposedLayout<X, Y, Z>>
    for Swizzle<Bb, M, Sh>
{
    type Output = ComposedLayout<Self, O, ComposedLayout<X, Y, Z>>;
    #[inline(always)]
    fn compose_parts(self, o: O, b: ComposedLayout<X, Y, Z>) -> Self::Output {
        ComposedLayout { a: self, o, b }
    }
}
impl<S: Copy, D: Copy, O, B> ComposeParts<O, B> for Layout<S, D> {
    type Output = ComposedLayout<Self, O, B>;
    #[inline(always)]
    fn compose_parts(self, o: O, b: B) -> Self::Output {
        ComposedLayout { a: self, o, b }
    }
}
impl<X: Copy, Y: Copy, Z: Copy, O, B> ComposeParts<O, B> for ComposedLayout<X, Y, Z> {
    type Output = ComposedLayout<Self, O, B>;
    #[inline(always)]
    fn compose_parts(self, o: O, b: B) -> Self::Output {
        ComposedLayout { a: self, o, b }
    }
}

// Walking a composed layout in 1-D order: `A(O + B(i))`, what a copy of a swizzled
// shared-memory partition needs (the swizzle must see the whole offset, so the walk
// cannot be split into a base and a relative part).
impl<A, O, B> crate::layout::Walkable<isize> for ComposedLayout<A, O, B>
where
    A: Evaluate<O::Output, Output: Integral>,
    O: OffsetAdd<isize>,
    B: crate::layout::Walkable<isize>,
{
    #[inline(always)]
    fn walk_size(self) -> isize {
        self.b.walk_size()
    }
    #[inline(always)]
    fn walk_index(self, i: isize) -> isize {
        self.a.eval(self.o.offset_add(self.b.walk_index(i))).value()
    }
}
