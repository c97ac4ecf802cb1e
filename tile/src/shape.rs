//! Tile shapes on the type level: a tile's shape is a flat tuple of static positive
//! extents (`(_4, _8, _2)`, written `shape_t!((4, 8, 2))`), and every shape rule of the
//! tile operations (NumPy broadcasting, reductions dropping or keeping an axis,
//! permutations, reshapes, matrix products) is computed here by the type checker.
//!
//! A rule that fails is a compile error naming the shapes involved: each check computes
//! a type-level bit, and only when the bit is `B0` does the compiler look for an
//! impossible impl whose message spells the shapes as `(Dim<3>,)` and `(Dim<4>,)`.

use super::list::{HCons, HNil, Reverse, ToList, ToNative};
use core::ops::{BitAnd, BitOr, Mul, Sub};
use cutlet_core::int::types::StaticEq;
use cutlet_core::int::{Bit as CoreBit, C, Leaf};
use generic_array::ArrayLength;
use typenum::{B0, B1, Bit, IsEqual, NonZero, P1, PInt, U0, U1, Unsigned};

/// The largest tile rank.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::MAX_RANK, 8);
/// assert_eq!(ct::zeros::<u8, _>(shape!((1, 1, 1, 1, 1, 1, 1, 2))).dims().len(), ct::MAX_RANK);
/// ```
pub const MAX_RANK: usize = 8;

/// `dims` with `x` in front.
const fn prepend(x: usize, dims: [usize; MAX_RANK]) -> [usize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    out[0] = x;
    let mut i = 1;
    while i < MAX_RANK {
        out[i] = dims[i - 1];
        i += 1;
    }
    out
}

/// A flat list of static positive extents (the internal form of a tile shape).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tile shape",
    label = "a tile shape is a flat tuple of static positive extents: `shape!((4, 8))`, `shape!((16))` for rank 1"
)]
pub trait ShapeList: Copy {
    /// Number of dimensions.
    const RANK: usize;
    /// The extents, left-aligned, zero past the rank.
    const DIMS: [usize; MAX_RANK];
    /// The number of elements, as a typenum.
    type Len: Unsigned;
}
impl ShapeList for HNil {
    const RANK: usize = 0;
    const DIMS: [usize; MAX_RANK] = [0; MAX_RANK];
    type Len = U1;
}
impl<U: Unsigned + NonZero, T: ShapeList> ShapeList for HCons<C<PInt<U>>, T>
where
    U: Mul<T::Len>,
    <U as Mul<T::Len>>::Output: Unsigned,
{
    const RANK: usize = 1 + T::RANK;
    const DIMS: [usize; MAX_RANK] = prepend(U::USIZE, T::DIMS);
    type Len = <U as Mul<T::Len>>::Output;
}
/// A tile shape: a native tuple whose list form is a [`ShapeList`] (rank 1 is written
/// `shape!((16))`, rank 0 `()`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileShape;
/// assert_eq!(<shape_t!((4, 8))>::SIZE, 32);
/// assert_eq!(<shape_t!((4, 8))>::RANK, 2);
/// assert_eq!(<()>::SIZE, 1);
/// ```
pub trait TileShape: Copy + Default + Send + Sync + 'static {
    /// The list form.
    type List: ShapeList + ToNative + Reverse;
    /// The number of elements, as the storage length.
    type Len: ArrayLength;
    /// Number of dimensions.
    const RANK: usize;
    /// The extents, left-aligned.
    const DIMS: [usize; MAX_RANK];
    /// The number of elements.
    const SIZE: usize;
}
impl<S> TileShape for S
where
    S: ToList + Copy + Default + Send + Sync + 'static,
    S::List: ShapeList + ToNative + Reverse,
    <S::List as ShapeList>::Len: ArrayLength,
{
    type List = S::List;
    type Len = <Self::List as ShapeList>::Len;
    const RANK: usize = <Self::List as ShapeList>::RANK;
    const DIMS: [usize; MAX_RANK] = <Self::List as ShapeList>::DIMS;
    const SIZE: usize = <Self::Len as Unsigned>::USIZE;
}
/// The native tuple of a shape list.
#[doc(hidden)]
pub type NativeOf<L> = <L as ToNative>::Native;

// ---------------------------------------------------------------------------------
// Readable names for error messages.

/// An extent as it appears in error messages: `Dim<8>`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // Error messages name extents `Dim<N>`: "tile shapes `(Dim<3>,)` and `(Dim<4>,)` do not broadcast".
/// let _extent = ct::Dim::<3>;
/// ```
pub struct Dim<const N: usize>;

/// The printable name of an extent (extents up to 1024 have one).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "a tile extent above 1024 cannot be named in this error message",
    label = "the shapes involved are not compatible"
)]
pub trait DimName {
    /// `Dim<N>`.
    type Name;
}
cutlet_macros::__dim_names!(1024);
impl<U: DimName + Unsigned + NonZero> DimName for C<PInt<U>> {
    type Name = U::Name;
}

/// The printable name of a shape list: a tuple of [`Dim`]s.
#[doc(hidden)]
pub trait ShapeName {
    type Name;
}
impl ShapeName for HNil {
    type Name = ();
}
impl<H: DimName, T: ShapeName> ShapeName for HCons<H, T>
where
    T::Name: TuplePush<H::Name>,
{
    type Name = <T::Name as TuplePush<H::Name>>::Output;
}
/// Prepend a type to a native tuple (up to the largest rank).
#[doc(hidden)]
pub trait TuplePush<X> {
    type Output;
}
macro_rules! tuple_push {
    ($(($($t:ident),*)),*) => {$(
        impl<X, $($t),*> TuplePush<X> for ($($t,)*) {
            type Output = (X, $($t,)*);
        }
    )*};
}
tuple_push!(
    (),
    (A),
    (A, B),
    (A, B, D),
    (A, B, D, E),
    (A, B, D, E, F),
    (A, B, D, E, F, G),
    (A, B, D, E, F, G, H)
);

/// The name of a tile shape.
#[doc(hidden)]
pub type NameOf<S> = <<S as TileShape>::List as ShapeName>::Name;

// ---------------------------------------------------------------------------------
// Broadcasting.

/// One dimension pair of broadcasting: equal extents, or one of them 1.
#[doc(hidden)]
pub trait BroadcastDim<B> {
    type Output;
    type Ok: Bit;
}
type Eq<A, B> = <A as IsEqual<B>>::Output;
impl<UA: Unsigned + NonZero, UB: Unsigned + NonZero> BroadcastDim<C<PInt<UB>>> for C<PInt<UA>>
where
    UA: IsEqual<UB> + IsEqual<U1>,
    UB: IsEqual<U1>,
    Eq<UB, U1>: CoreBit,
    C<PInt<UA>>: Leaf,
    C<PInt<UB>>: Leaf,
    Eq<UA, UB>: BitOr<Eq<UA, U1>>,
    <Eq<UA, UB> as BitOr<Eq<UA, U1>>>::Output: BitOr<Eq<UB, U1>>,
    <<Eq<UA, UB> as BitOr<Eq<UA, U1>>>::Output as BitOr<Eq<UB, U1>>>::Output: Bit,
{
    type Output = <Eq<UB, U1> as CoreBit>::IfT<C<PInt<UA>>, C<PInt<UB>>>;
    type Ok = <<Eq<UA, UB> as BitOr<Eq<UA, U1>>>::Output as BitOr<Eq<UB, U1>>>::Output;
}

/// Broadcast two reversed shape lists (trailing dimensions first; the shorter one is
/// padded with 1s).
#[doc(hidden)]
pub trait BroadcastRev<B> {
    type Output;
    type Ok: Bit;
}
impl BroadcastRev<HNil> for HNil {
    type Output = HNil;
    type Ok = B1;
}
impl<H, T> BroadcastRev<HNil> for HCons<H, T> {
    type Output = HCons<H, T>;
    type Ok = B1;
}
impl<H, T> BroadcastRev<HCons<H, T>> for HNil {
    type Output = HCons<H, T>;
    type Ok = B1;
}
impl<A, TA, B, TB> BroadcastRev<HCons<B, TB>> for HCons<A, TA>
where
    A: BroadcastDim<B>,
    TA: BroadcastRev<TB>,
    A::Ok: BitAnd<TA::Ok>,
    <A::Ok as BitAnd<TA::Ok>>::Output: Bit,
{
    type Output = HCons<A::Output, TA::Output>;
    type Ok = <A::Ok as BitAnd<TA::Ok>>::Output;
}

type Rev<S> = <<S as TileShape>::List as Reverse>::Output;
type BRev<S1, S2> = <Rev<S1> as BroadcastRev<Rev<S2>>>::Output;

/// NumPy broadcasting of two tile shapes: the shape both stretch to (`Output`) and
/// whether they are compatible (`Ok`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let t: ct::Tile<f32, ct::BroadcastT<shape_t!((8, 2)), shape_t!((4, 1, 2))>> = ct::zeros(shape!((4, 8, 2)));
/// assert_eq!(t.dims(), [4, 8, 2]);
/// ```
pub trait Broadcast<S2: TileShape>: TileShape {
    /// The broadcast shape.
    type Output: TileShape;
    /// `B1` when the shapes broadcast.
    type Ok: Bit;
}
impl<S1: TileShape, S2: TileShape> Broadcast<S2> for S1
where
    Rev<S1>: BroadcastRev<Rev<S2>>,
    BRev<S1, S2>: Reverse,
    <BRev<S1, S2> as Reverse>::Output: ToNative,
    NativeOf<<BRev<S1, S2> as Reverse>::Output>: TileShape,
{
    type Output = NativeOf<<BRev<S1, S2> as Reverse>::Output>;
    type Ok = <Rev<S1> as BroadcastRev<Rev<S2>>>::Ok;
}

/// The failure of broadcasting, reported with both shapes.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // `ct::ones::<f32, _>(shape!((3))) + ct::ones::<f32, _>(shape!((4)))` fails with
/// // "tile shapes `(Dim<3>,)` and `(Dim<4>,)` do not broadcast"; these broadcast:
/// let t = ct::ones::<f32, _>(shape!((3))) + ct::ones::<f32, _>(shape!((4, 1)));
/// assert_eq!(t.dims(), [4, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "tile shapes `{A}` and `{B}` do not broadcast",
    label = "two aligned dimensions differ and neither is 1",
    note = "NumPy rules: shapes align at their trailing dimensions; each pair of extents must be equal or contain a 1"
)]
pub trait ShapesBroadcast<A, B> {}

/// Requires that `S1` and `S2` broadcast (implemented for the `Ok` bit).
#[doc(hidden)]
pub trait BroadcastCheck<S1, S2> {}
impl<S1, S2> BroadcastCheck<S1, S2> for B1 {}
impl<S1: TileShape, S2: TileShape> BroadcastCheck<S1, S2> for B0
where
    S1::List: ShapeName,
    S2::List: ShapeName,
    NameOf<S1>: ShapesBroadcast<NameOf<S1>, NameOf<S2>>,
{
}

/// `S1` and `S2` broadcast to `Output`: the bound the tile operations require.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// fn add_any<S1: ct::BroadcastsWith<S2>, S2: ct::TileShape>(a: ct::Tile<f32, S1>, b: ct::Tile<f32, S2>) -> usize {
///     (a + b).dims().len()
/// }
/// assert_eq!(add_any(ct::ones(shape!((2, 1))), ct::ones(shape!((5)))), 2);
/// ```
pub trait BroadcastsWith<S2: TileShape>: Broadcast<S2> {}
impl<S1: Broadcast<S2>, S2: TileShape> BroadcastsWith<S2> for S1 where
    <S1 as Broadcast<S2>>::Ok: BroadcastCheck<S1, S2>
{
}

/// The broadcast shape of two tile shapes.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let t: ct::Tile<i32, ct::BroadcastT<shape_t!((2, 1)), shape_t!((3))>> = ct::zeros(shape!((2, 3)));
/// assert_eq!(t.dims(), [2, 3]);
/// ```
pub type BroadcastT<S1, S2> = <S1 as Broadcast<S2>>::Output;

/// Row-major strides of an input shape stretched to an output shape: the input's
/// dimensions align with the output's trailing ones, and a stretched (size-1) or missing
/// dimension has stride 0.
pub(crate) const fn broadcast_strides(
    in_dims: [usize; MAX_RANK],
    in_rank: usize,
    out_rank: usize,
) -> [usize; MAX_RANK] {
    let mut out = [0; MAX_RANK];
    let mut stride = 1;
    let mut k = in_rank;
    while k > 0 {
        k -= 1;
        let o = out_rank - in_rank + k;
        out[o] = if in_dims[k] == 1 { 0 } else { stride };
        stride *= in_dims[k];
    }
    out
}

// ---------------------------------------------------------------------------------
// Axes: reductions drop or keep one.

/// Remove (`KEEP = B0`) or set to 1 (`KEEP = B1`) the dimension at index `I`; `Ok` is
/// `B0` when the index is past the rank.
#[doc(hidden)]
pub trait AtAxis<I, Keep> {
    type Output;
    type Ok: Bit;
}
impl<I, Keep> AtAxis<I, Keep> for HNil {
    type Output = HNil;
    type Ok = B0;
}
impl<H, T> AtAxis<U0, B0> for HCons<H, T> {
    type Output = T;
    type Ok = B1;
}
impl<H, T> AtAxis<U0, B1> for HCons<H, T> {
    type Output = HCons<C<P1>, T>;
    type Ok = B1;
}
impl<H, T, U, B, Keep> AtAxis<typenum::UInt<U, B>, Keep> for HCons<H, T>
where
    typenum::UInt<U, B>: Sub<B1>,
    T: AtAxis<<typenum::UInt<U, B> as Sub<B1>>::Output, Keep>,
{
    type Output = HCons<H, <T as AtAxis<<typenum::UInt<U, B> as Sub<B1>>::Output, Keep>>::Output>;
    type Ok = <T as AtAxis<<typenum::UInt<U, B> as Sub<B1>>::Output, Keep>>::Ok;
}

/// The failure of an axis check, reported with the axis and the shape.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // `ct::iota::<i32, _>(shape!((2, 4))).sum::<2>()` fails with
/// // "axis 2 is out of range for a tile of shape `(Dim<2>, Dim<4>)`"; axis 1 is fine:
/// assert_eq!(ct::iota::<i32, _>(shape!((2, 4))).sum::<1>().dims(), [2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "axis {AXIS} is out of range for a tile of shape `{Shape}`",
    label = "the axes of a tile of rank R are 0 to R-1"
)]
pub trait AxisInRange<const AXIS: usize, Shape> {}

/// Requires that `AXIS` names a dimension of `S` (implemented for the `Ok` bit).
#[doc(hidden)]
pub trait AxisCheck<const AXIS: usize, S> {}
impl<const AXIS: usize, S> AxisCheck<AXIS, S> for B1 {}
impl<const AXIS: usize, S: TileShape> AxisCheck<AXIS, S> for B0
where
    S::List: ShapeName,
    NameOf<S>: AxisInRange<AXIS, NameOf<S>>,
{
}

/// The shape of a reduction along `AXIS` of `S`, dropping it (`Keep = B0`) or keeping it
/// as extent 1 (`Keep = B1`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use typenum::{B0, B1};
/// let dropped: ct::Tile<i32, <shape_t!((2, 4)) as ct::Reduced<1, B0>>::Output> = ct::zeros(shape!((2)));
/// let kept: ct::Tile<i32, <shape_t!((2, 4)) as ct::Reduced<1, B1>>::Output> = ct::zeros(shape!((2, 1)));
/// assert_eq!((dropped.dims(), kept.dims()), ([2].as_slice(), [2, 1].as_slice()));
/// ```
pub trait Reduced<const AXIS: usize, Keep>: TileShape {
    /// The reduced shape.
    type Output: TileShape;
}
impl<const AXIS: usize, Keep, S: TileShape> Reduced<AXIS, Keep> for S
where
    typenum::Const<AXIS>: typenum::ToUInt,
    S::List: AtAxis<typenum::U<AXIS>, Keep>,
    <S::List as AtAxis<typenum::U<AXIS>, Keep>>::Output: ToNative,
    NativeOf<<S::List as AtAxis<typenum::U<AXIS>, Keep>>::Output>: TileShape,
    <S::List as AtAxis<typenum::U<AXIS>, Keep>>::Ok: AxisCheck<AXIS, S>,
{
    type Output = NativeOf<<S::List as AtAxis<typenum::U<AXIS>, Keep>>::Output>;
}

// ---------------------------------------------------------------------------------
// Permutations.

/// An axis index of a permutation order (a static non-negative integer).
#[doc(hidden)]
pub trait AxisIndex {
    type U: Unsigned;
}
impl AxisIndex for C<typenum::Z0> {
    type U = U0;
}
impl<U: Unsigned + NonZero> AxisIndex for C<PInt<U>> {
    type U = U;
}

/// Permute a shape list by an order list: `Output[i] = Self[order[i]]`.
#[doc(hidden)]
pub trait PermuteBy<Order> {
    type Output;
}
impl<L> PermuteBy<HNil> for L {
    type Output = HNil;
}
impl<L, O, OT> PermuteBy<HCons<O, OT>> for L
where
    O: AxisIndex,
    L: ShapeGet<O::U> + PermuteBy<OT>,
{
    type Output = HCons<<L as ShapeGet<O::U>>::Output, <L as PermuteBy<OT>>::Output>;
}

/// A list of flags, one per axis: which axes an order has named so far.
#[doc(hidden)]
pub trait Unmarked {
    type Flags;
}
impl Unmarked for HNil {
    type Flags = HNil;
}
impl<H, T: Unmarked> Unmarked for HCons<H, T> {
    type Flags = HCons<B0, T::Flags>;
}
/// Mark axis `I`: `Ok` when it exists and was not marked before.
#[doc(hidden)]
pub trait Mark<I> {
    type Output;
    type Ok: Bit;
}
impl<I> Mark<I> for HNil {
    type Output = HNil;
    type Ok = B0;
}
impl<F: Bit + core::ops::Not, T> Mark<U0> for HCons<F, T>
where
    <F as core::ops::Not>::Output: Bit,
{
    type Output = HCons<B1, T>;
    type Ok = <F as core::ops::Not>::Output;
}
impl<F, T, U, B> Mark<typenum::UInt<U, B>> for HCons<F, T>
where
    typenum::UInt<U, B>: Sub<B1>,
    T: Mark<<typenum::UInt<U, B> as Sub<B1>>::Output>,
{
    type Output = HCons<F, <T as Mark<<typenum::UInt<U, B> as Sub<B1>>::Output>>::Output>;
    type Ok = <T as Mark<<typenum::UInt<U, B> as Sub<B1>>::Output>>::Ok;
}
/// Mark every axis of an order; `Ok` when each exists and none repeats.
#[doc(hidden)]
pub trait MarkAll<Order> {
    type Ok: Bit;
}
impl<Flags> MarkAll<HNil> for Flags {
    type Ok = B1;
}
impl<Flags, O: AxisIndex, OT> MarkAll<HCons<O, OT>> for Flags
where
    Flags: Mark<O::U>,
    <Flags as Mark<O::U>>::Output: MarkAll<OT>,
    <Flags as Mark<O::U>>::Ok: BitAnd<<<Flags as Mark<O::U>>::Output as MarkAll<OT>>::Ok>,
    <<Flags as Mark<O::U>>::Ok as BitAnd<<<Flags as Mark<O::U>>::Output as MarkAll<OT>>::Ok>>::Output: Bit,
{
    type Ok = <<Flags as Mark<O::U>>::Ok as BitAnd<<<Flags as Mark<O::U>>::Output as MarkAll<OT>>::Ok>>::Output;
}
/// `B1` when two lists have the same length.
#[doc(hidden)]
pub trait SameLength<B> {
    type Ok: Bit;
}
impl SameLength<HNil> for HNil {
    type Ok = B1;
}
impl<H, T> SameLength<HNil> for HCons<H, T> {
    type Ok = B0;
}
impl<H, T> SameLength<HCons<H, T>> for HNil {
    type Ok = B0;
}
impl<A, TA: SameLength<TB>, B, TB> SameLength<HCons<B, TB>> for HCons<A, TA> {
    type Ok = TA::Ok;
}

/// The extent at index `I` of a shape list (1 and `Ok = B0` past the end).
#[doc(hidden)]
pub trait ShapeGet<I> {
    type Output;
    type Ok: Bit;
}
impl<I> ShapeGet<I> for HNil {
    type Output = C<P1>;
    type Ok = B0;
}
impl<H, T> ShapeGet<U0> for HCons<H, T> {
    type Output = H;
    type Ok = B1;
}
impl<H, T, U, B> ShapeGet<typenum::UInt<U, B>> for HCons<H, T>
where
    typenum::UInt<U, B>: Sub<B1>,
    T: ShapeGet<<typenum::UInt<U, B> as Sub<B1>>::Output>,
{
    type Output = <T as ShapeGet<<typenum::UInt<U, B> as Sub<B1>>::Output>>::Output;
    type Ok = <T as ShapeGet<<typenum::UInt<U, B> as Sub<B1>>::Output>>::Ok;
}

/// The failure of a permutation, reported with the order and the shape.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // `x.permute(shape!((2, 0, 0)))` fails with "axis order `(Dim<2>, Dim<0>, Dim<0>)` is
/// // not a permutation of the axes of a tile of shape ..."; this one is:
/// assert_eq!(ct::zeros::<u8, _>(shape!((2, 3, 4))).permute(shape!((2, 0, 1))).dims(), [4, 2, 3]);
/// ```
#[diagnostic::on_unimplemented(
    message = "axis order `{Order}` is not a permutation of the axes of a tile of shape `{Shape}`",
    label = "a permutation lists every axis 0..rank exactly once"
)]
pub trait IsPermutation<Order, Shape> {}

/// Requires a valid permutation (implemented for the `Ok` bit).
#[doc(hidden)]
pub trait PermutationCheck<Order, S> {}
impl<Order, S> PermutationCheck<Order, S> for B1 {}
impl<Order: OrderName, S: TileShape> PermutationCheck<Order, S> for B0
where
    S::List: ShapeName,
    NameOf<S>: IsPermutation<Order::Name, NameOf<S>>,
{
}
/// The printable name of a permutation order.
#[doc(hidden)]
pub trait OrderName {
    type Name;
}
impl OrderName for HNil {
    type Name = ();
}
impl<H: AxisIndex, T: OrderName> OrderName for HCons<H, T>
where
    H::U: DimNameOrZero,
    T::Name: TuplePush<<H::U as DimNameOrZero>::Name>,
{
    type Name = <T::Name as TuplePush<<H::U as DimNameOrZero>::Name>>::Output;
}
/// Axis indices are named like extents, 0 included.
#[doc(hidden)]
pub trait DimNameOrZero {
    type Name;
}
impl DimNameOrZero for U0 {
    type Name = Dim<0>;
}
impl<U, B> DimNameOrZero for typenum::UInt<U, B>
where
    typenum::UInt<U, B>: DimName,
{
    type Name = <typenum::UInt<U, B> as DimName>::Name;
}

type PermList<S, O> = <<S as TileShape>::List as PermuteBy<<O as ToList>::List>>::Output;
type FlagsOf<S> = <<S as TileShape>::List as Unmarked>::Flags;
type Distinct<S, O> = <FlagsOf<S> as MarkAll<<O as ToList>::List>>::Ok;
type Complete<S, O> = <<S as TileShape>::List as SameLength<<O as ToList>::List>>::Ok;

/// Whether `O` is a permutation of the axes of `S`.
#[doc(hidden)]
pub trait PermutationOk<O: ToList>: TileShape {
    type Ok: Bit;
}
impl<S: TileShape, O: ToList> PermutationOk<O> for S
where
    S::List: Unmarked + SameLength<O::List>,
    FlagsOf<S>: MarkAll<O::List>,
    Distinct<S, O>: BitAnd<Complete<S, O>>,
    <Distinct<S, O> as BitAnd<Complete<S, O>>>::Output: Bit,
{
    type Ok = <Distinct<S, O> as BitAnd<Complete<S, O>>>::Output;
}

/// The shape of `S` permuted by the static order `O` (a tuple of axis indices).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let t: ct::Tile<u8, <shape_t!((2, 3, 4)) as ct::Permuted<shape_t!((2, 0, 1))>>::Output> = ct::zeros(shape!((4, 2, 3)));
/// assert_eq!(t.dims(), [4, 2, 3]);
/// ```
pub trait Permuted<O: ToList>: TileShape {
    /// The permuted shape.
    type Output: TileShape;
}
impl<S: TileShape, O: ToList> Permuted<O> for S
where
    S: PermutationOk<O>,
    S::List: PermuteBy<O::List>,
    PermList<S, O>: ToNative,
    NativeOf<PermList<S, O>>: TileShape,
    O::List: OrderName,
    <S as PermutationOk<O>>::Ok: PermutationCheck<O::List, S>,
{
    type Output = NativeOf<PermList<S, O>>;
}

/// The run-time form of a static permutation order.
pub(crate) fn order_values<O: ToList>() -> [usize; MAX_RANK]
where
    O::List: OrderValues,
{
    let mut out = [0; MAX_RANK];
    <O::List as OrderValues>::write(&mut out, 0);
    out
}
#[doc(hidden)]
pub trait OrderValues {
    fn write(out: &mut [usize; MAX_RANK], i: usize);
}
impl OrderValues for HNil {
    fn write(_: &mut [usize; MAX_RANK], _: usize) {}
}
impl<H: AxisIndex, T: OrderValues> OrderValues for HCons<H, T> {
    #[inline(always)]
    fn write(out: &mut [usize; MAX_RANK], i: usize) {
        out[i] = <H::U as Unsigned>::USIZE;
        T::write(out, i + 1);
    }
}

// ---------------------------------------------------------------------------------
// Reshape and matrix products.

/// The failure of a reshape, reported with both shapes.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // `x.reshape(shape!((3, 3)))` of a 2x4 tile fails with "cannot reshape a tile of shape
/// // `(Dim<2>, Dim<4>)` to `(Dim<3>, Dim<3>)`: the number of elements differs"; 8 = 8:
/// assert_eq!(ct::zeros::<u8, _>(shape!((2, 4))).reshape(shape!((8))).dims(), [8]);
/// ```
#[diagnostic::on_unimplemented(
    message = "cannot reshape a tile of shape `{A}` to `{B}`: the number of elements differs",
    label = "reshape keeps every element"
)]
pub trait SameSize<A, B> {}
/// Requires equal sizes (implemented for the equality bit).
#[doc(hidden)]
pub trait SizeCheck<S1, S2> {}
impl<S1, S2> SizeCheck<S1, S2> for B1 {}
impl<S1: TileShape, S2: TileShape> SizeCheck<S1, S2> for B0
where
    S1::List: ShapeName,
    S2::List: ShapeName,
    NameOf<S1>: SameSize<NameOf<S1>, NameOf<S2>>,
{
}
/// `S` can be reshaped to `S2`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// fn flat<S: ct::ReshapesTo<shape_t!((8))>>(t: ct::Tile<u8, S>) -> ct::Tile<u8, shape_t!((8))> {
///     t.reshape(shape!((8)))
/// }
/// assert_eq!(flat(ct::zeros(shape!((2, 2, 2)))).dims(), [8]);
/// ```
pub trait ReshapesTo<S2: TileShape>: TileShape {}
impl<S: TileShape, S2: TileShape> ReshapesTo<S2> for S
where
    S::Len: IsEqual<S2::Len>,
    <S::Len as IsEqual<S2::Len>>::Output: SizeCheck<S, S2>,
{
}

/// The failure of a matrix product's shape check, reported with both shapes.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// // `ct::matmul(ct::ones::<f32, _>(shape!((4, 8))), ct::ones::<f32, _>(shape!((6, 2))))` fails
/// // with "... the inner extents differ"; K = 8 on both sides works:
/// assert_eq!(ct::matmul(ct::ones::<f32, _>(shape!((4, 8))), ct::ones::<f32, _>(shape!((8, 2)))).dims(), [4, 2]);
/// ```
#[diagnostic::on_unimplemented(
    message = "matmul of tiles of shapes `{A}` and `{B}`: the inner extents differ",
    label = "`(M, K) @ (K, N)` and `(B, M, K) @ (B, K, N)` need equal K (and equal B)"
)]
pub trait InnerExtentsAgree<A, B> {}
/// Requires agreeing extents (implemented for the agreement bit).
#[doc(hidden)]
pub trait MatmulCheck<S1, S2> {}
impl<S1, S2> MatmulCheck<S1, S2> for B1 {}
impl<S1: TileShape, S2: TileShape> MatmulCheck<S1, S2> for B0
where
    S1::List: ShapeName,
    S2::List: ShapeName,
    NameOf<S1>: InnerExtentsAgree<NameOf<S1>, NameOf<S2>>,
{
}

/// The operand shapes of a matrix product: `(M, K) @ (K, N) -> (M, N)` and
/// `(B, M, K) @ (B, K, N) -> (B, M, N)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let c: ct::Tile<f32, <shape_t!((3, 4, 8)) as ct::MatmulShapes<shape_t!((3, 8, 2))>>::Output> = ct::zeros(shape!((3, 4, 2)));
/// assert_eq!(c.dims(), [3, 4, 2]);
/// ```
pub trait MatmulShapes<S2: TileShape>: TileShape {
    /// The product's shape.
    type Output: TileShape;
}
type Dims2<M, K> = (M, K);
impl<M, K, K2, N> MatmulShapes<Dims2<K2, N>> for Dims2<M, K>
where
    (M, K): TileShape,
    (K2, N): TileShape,
    (M, N): TileShape,
    K: Leaf,
    K2: Leaf,
    StaticEq<K, K2>: MatmulCheck<(M, K), (K2, N)>,
{
    type Output = (M, N);
}
impl<B, M, K, B2, K2, N> MatmulShapes<(B2, K2, N)> for (B, M, K)
where
    (B, M, K): TileShape,
    (B2, K2, N): TileShape,
    (B, M, N): TileShape,
    K: Leaf,
    K2: Leaf,
    B: Leaf,
    B2: Leaf,
    StaticEq<K, K2>: BitAnd<StaticEq<B, B2>>,
    <StaticEq<K, K2> as BitAnd<StaticEq<B, B2>>>::Output: MatmulCheck<(B, M, K), (B2, K2, N)>,
{
    type Output = (B, M, N);
}
