//! The int-tuple trait on internal forms: rank, depth, size and leaves, all computed
//! by the type checker for static parts.

use super::list::{Concat, HCons, HNil, hcons};
use crate::int::IntMul;
use crate::int::{C, Integral};
use core::ops::Add;
use typenum::{B0, B1, Bit, Max, P1, U0, U1, Unsigned};

/// An int tuple in internal form: an [`Integral`] leaf or a list of int tuples.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::Tup;
/// type T = ListOf<shape_t!((2, (3, 4)))>;
/// assert_eq!(<<T as Tup>::Rank as typenum::Unsigned>::USIZE, 2);
/// assert_eq!(<<T as Tup>::Depth as typenum::Unsigned>::USIZE, 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an int tuple",
    label = "expected an integer or a (nested) tuple of integers"
)]
pub trait Tup: Copy {
    /// `B1` for a tuple, `B0` for a leaf (CuTe's `is_tuple`).
    type IsTuple: Bit;
    /// Number of top-level modes (1 for a leaf).
    type Rank: Unsigned;
    /// Nesting depth (0 for a leaf).
    type Depth: Unsigned;
    /// The leaves, left to right, as a list.
    type Flat: Copy;
    /// The product of the leaves (CuTe's `size`).
    type Size: Integral;
    /// All leaves static (CuTe's `is_static`).
    type IsStatic: Bit;
    /// The leaves.
    fn flat(self) -> Self::Flat;
    /// The product of the leaves.
    fn size(self) -> Self::Size;
}

macro_rules! leaf_tup {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)*> Tup for $ty
        where
            $ty: Integral,
        {
            type IsTuple = B0;
            type Rank = U1;
            type Depth = U0;
            type Flat = HCons<Self, HNil>;
            type Size = Self;
            type IsStatic = <Self as Integral>::IsStatic;
            #[inline(always)]
            fn flat(self) -> Self::Flat {
                hcons(self, HNil)
            }
            #[inline(always)]
            fn size(self) -> Self {
                self
            }
        }
    )*};
}
leaf_tup!(C<N> => [N], isize => []);

impl Tup for HNil {
    type IsTuple = B1;
    type Rank = U0;
    type Depth = U1;
    type Flat = HNil;
    type Size = C<P1>;
    type IsStatic = B1;
    #[inline(always)]
    fn flat(self) -> HNil {
        HNil
    }
    #[inline(always)]
    fn size(self) -> C<P1> {
        C::new()
    }
}

impl<H: Tup, T: TupList> Tup for HCons<H, T>
where
    H::Flat: Concat<T::Flat>,
    <H::Flat as Concat<T::Flat>>::Output: Copy,
    T: SizeFold<H::Size>,
    T::Len: Add<B1>,
    <T::Len as Add<B1>>::Output: Unsigned,
    H::Depth: Max<T::MaxDepth>,
    <H::Depth as Max<T::MaxDepth>>::Output: Add<B1>,
    <<H::Depth as Max<T::MaxDepth>>::Output as Add<B1>>::Output: Unsigned,
    H::IsStatic: core::ops::BitAnd<T::AllStatic>,
    <H::IsStatic as core::ops::BitAnd<T::AllStatic>>::Output: Bit,
{
    type IsTuple = B1;
    type Rank = <T::Len as Add<B1>>::Output;
    type Depth = <<H::Depth as Max<T::MaxDepth>>::Output as Add<B1>>::Output;
    type Flat = <H::Flat as Concat<T::Flat>>::Output;
    type Size = <T as SizeFold<H::Size>>::Output;
    type IsStatic = <H::IsStatic as core::ops::BitAnd<T::AllStatic>>::Output;
    #[inline(always)]
    fn flat(self) -> Self::Flat {
        self.head.flat().concat(self.tail.flat())
    }
    #[inline(always)]
    fn size(self) -> Self::Size {
        self.tail.size_fold(self.head.size())
    }
}

/// A list whose elements are int tuples: the tail of a tuple.
#[doc(hidden)]
pub trait TupList: Copy {
    type Len: Unsigned;
    type MaxDepth: Unsigned;
    type Flat: Copy;
    type AllStatic: Bit;
    fn flat(self) -> Self::Flat;
}
impl TupList for HNil {
    type Len = U0;
    type MaxDepth = U0;
    type Flat = HNil;
    type AllStatic = B1;
    #[inline(always)]
    fn flat(self) -> HNil {
        HNil
    }
}
impl<H: Tup, T: TupList> TupList for HCons<H, T>
where
    T::Len: Add<B1>,
    <T::Len as Add<B1>>::Output: Unsigned,
    H::Depth: Max<T::MaxDepth>,
    <H::Depth as Max<T::MaxDepth>>::Output: Unsigned,
    H::Flat: Concat<T::Flat>,
    <H::Flat as Concat<T::Flat>>::Output: Copy,
    H::IsStatic: core::ops::BitAnd<T::AllStatic>,
    <H::IsStatic as core::ops::BitAnd<T::AllStatic>>::Output: Bit,
{
    type Len = <T::Len as Add<B1>>::Output;
    type MaxDepth = <H::Depth as Max<T::MaxDepth>>::Output;
    type Flat = <H::Flat as Concat<T::Flat>>::Output;
    type AllStatic = <H::IsStatic as core::ops::BitAnd<T::AllStatic>>::Output;
    #[inline(always)]
    fn flat(self) -> Self::Flat {
        self.head.flat().concat(self.tail.flat())
    }
}

/// Left fold of `*` over the sizes of a list's elements (CuTe's `product`).
#[doc(hidden)]
pub trait SizeFold<Acc> {
    type Output: Integral;
    fn size_fold(self, acc: Acc) -> Self::Output;
}
impl<Acc: Integral> SizeFold<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn size_fold(self, acc: Acc) -> Acc {
        acc
    }
}
impl<Acc, H: Tup, T> SizeFold<Acc> for HCons<H, T>
where
    Acc: IntMul<H::Size>,
    T: SizeFold<<Acc as IntMul<H::Size>>::Output>,
{
    type Output = <T as SizeFold<<Acc as IntMul<H::Size>>::Output>>::Output;
    #[inline(always)]
    fn size_fold(self, acc: Acc) -> Self::Output {
        self.tail.size_fold(acc.int_mul(self.head.size()))
    }
}

/// Shape and stride have the same profile (CuTe's `congruent`), as a bound.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // shape and stride are not congruent:
/// let _ = layout!((2,(2,2)):(4,2));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert!(cutlet::tuple::congruent(shape!((2, (2, 2))), shape!((4, (2, 1)))));
/// ```
pub trait Congruent<R> {}
impl<A: IsCongruent<R>, R> Congruent<R> for A where A::Output: ProfilesMatch {}

/// The congruence verdict must be `B1`.
#[diagnostic::on_unimplemented(
    message = "shape and stride are not congruent",
    label = "a layout's stride must have exactly the nesting profile of its shape",
    note = "e.g. shape (_2,(_2,_2)) needs a stride like (_4,(_2,_1))"
)]
#[doc(hidden)]
pub trait ProfilesMatch {}
impl ProfilesMatch for B1 {}

/// Type-level congruence test: `B1` when both have the same profile.
#[doc(hidden)]
pub trait IsCongruent<R> {
    type Output: Bit;
}
macro_rules! congruent_leaf {
    ($($a:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* R: ListIsNil> IsCongruent<R> for $a {
            type Output = <R as ListIsNil>::IsLeaf;
        }
    )*};
}
congruent_leaf!(C<N> => [N,], isize => []);
impl<R> IsCongruent<R> for HNil
where
    R: ListIsNil,
{
    type Output = <R as ListIsNil>::Output;
}
impl<H, T, R> IsCongruent<R> for HCons<H, T>
where
    R: ConsCongruent<H, T>,
{
    type Output = <R as ConsCongruent<H, T>>::Output;
}
#[doc(hidden)]
pub trait ListIsNil {
    type Output: Bit;
    type IsLeaf: Bit;
}
impl ListIsNil for HNil {
    type Output = B1;
    type IsLeaf = B0;
}
impl<H, T> ListIsNil for HCons<H, T> {
    type Output = B0;
    type IsLeaf = B0;
}
impl<N> ListIsNil for C<N> {
    type Output = B0;
    type IsLeaf = B1;
}
impl ListIsNil for isize {
    type Output = B0;
    type IsLeaf = B1;
}
// A scaled-basis stride is a leaf (CuTe's `is_integral<ScaledBasis>`).
impl<V, P> ListIsNil for crate::int::ScaledBasis<V, P> {
    type Output = B0;
    type IsLeaf = B1;
}
/// Is `Self` congruent with `HCons<H, T>`?
#[doc(hidden)]
pub trait ConsCongruent<H, T> {
    type Output: Bit;
}
impl<H, T> ConsCongruent<H, T> for HNil {
    type Output = B0;
}
impl<H, T, N> ConsCongruent<H, T> for C<N> {
    type Output = B0;
}
impl<H, T> ConsCongruent<H, T> for isize {
    type Output = B0;
}
impl<H, T, H2, T2> ConsCongruent<H, T> for HCons<H2, T2>
where
    H: IsCongruent<H2>,
    T: IsCongruent<T2>,
    <H as IsCongruent<H2>>::Output: core::ops::BitAnd<<T as IsCongruent<T2>>::Output>,
    <<H as IsCongruent<H2>>::Output as core::ops::BitAnd<<T as IsCongruent<T2>>::Output>>::Output:
        Bit,
{
    type Output = <<H as IsCongruent<H2>>::Output as core::ops::BitAnd<
        <T as IsCongruent<T2>>::Output,
    >>::Output;
}

/// The leaves of a stride, left to right, as a list, and whether all are static: the
/// same as [`Tup::Flat`] and [`Tup::IsStatic`] for int tuples, and also defined for
/// strides whose leaves are scaled bases (identity layouts), which are not int tuples.
#[doc(hidden)]
pub trait Leaves: Copy {
    type Flat: Copy;
    type IsStatic: Bit;
    fn leaves(self) -> Self::Flat;
}
macro_rules! leaf_leaves {
    ($($ty:ty => [$($g:tt)*] $st:ty),*) => {$(
        impl<$($g)*> Leaves for $ty
        where
            $ty: Copy,
        {
            type Flat = HCons<Self, HNil>;
            type IsStatic = $st;
            #[inline(always)]
            fn leaves(self) -> Self::Flat {
                hcons(self, HNil)
            }
        }
    )*};
}
leaf_leaves!(
    C<N> => [N] B1,
    isize => [] B0,
    crate::int::ScaledBasis<V, P> => [V: Integral, P] V::IsStatic
);
impl Leaves for HNil {
    type Flat = HNil;
    type IsStatic = B1;
    #[inline(always)]
    fn leaves(self) -> HNil {
        HNil
    }
}
impl<H: Leaves, T: Leaves> Leaves for HCons<H, T>
where
    H::Flat: Concat<T::Flat>,
    <H::Flat as Concat<T::Flat>>::Output: Copy,
    H::IsStatic: core::ops::BitAnd<T::IsStatic>,
    <H::IsStatic as core::ops::BitAnd<T::IsStatic>>::Output: Bit,
{
    type Flat = <H::Flat as Concat<T::Flat>>::Output;
    type IsStatic = <H::IsStatic as core::ops::BitAnd<T::IsStatic>>::Output;
    #[inline(always)]
    fn leaves(self) -> Self::Flat {
        self.head.leaves().concat(self.tail.leaves())
    }
}
