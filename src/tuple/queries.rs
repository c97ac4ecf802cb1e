//! Queries on int tuples that are not layout-specific: prefix products, congruence and
//! compatibility (rank, depth, size and get are shared with layouts in `layout`).

use super::int_tuple::{IsCongruent, Tup};
use super::list::{HCons, HNil, hcons};
use super::native::{ToList, ToNative};
use crate::int::IntMul;
use crate::int::{C, Integral};
use typenum::P1;

/// Exclusive prefix products of the leaves, in the profile of the tuple.
#[doc(hidden)]
pub trait PrefixProduct<Cur> {
    type Output: Copy;
    type Next: Copy;
    fn prefix_product(self, cur: Cur) -> (Self::Output, Self::Next);
}
macro_rules! leaf_prefix {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* Cur: Copy + IntMul<$ty>> PrefixProduct<Cur> for $ty
        where
            $ty: Integral,
            <Cur as IntMul<$ty>>::Output: Copy,
        {
            type Output = Cur;
            type Next = <Cur as IntMul<$ty>>::Output;
            #[inline(always)]
            fn prefix_product(self, cur: Cur) -> (Cur, Self::Next) {
                (cur, cur.int_mul(self))
            }
        }
    )*};
}
leaf_prefix!(C<N> => [N,], isize => []);
impl<Cur: Copy> PrefixProduct<Cur> for HNil {
    type Output = HNil;
    type Next = Cur;
    #[inline(always)]
    fn prefix_product(self, cur: Cur) -> (HNil, Cur) {
        (HNil, cur)
    }
}
impl<H: PrefixProduct<Cur>, T: PrefixProduct<H::Next>, Cur> PrefixProduct<Cur> for HCons<H, T> {
    type Output = HCons<H::Output, T::Output>;
    type Next = T::Next;
    #[inline(always)]
    fn prefix_product(self, cur: Cur) -> (Self::Output, Self::Next) {
        let (h, n) = self.head.prefix_product(cur);
        let (t, n) = self.tail.prefix_product(n);
        (hcons(h, t), n)
    }
}

/// The exclusive prefix products of an int tuple's leaves, in its profile: the strides
/// of the compact column-major layout before CuTe zeroes size-1 modes.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::prefix_product;
/// assert_eq!(Cute(prefix_product(shape!((2, (3, 4))))).to_string(), "(_1,(_2,_6))");
/// ```
#[inline(always)]
pub fn prefix_product<T: ToList>(
    t: T,
) -> <<T::List as PrefixProduct<C<P1>>>::Output as ToNative>::Native
where
    T::List: PrefixProduct<C<P1>>,
    <T::List as PrefixProduct<C<P1>>>::Output: ToNative,
{
    t.to_list().prefix_product(C::new()).0.to_native()
}

/// CuTe's `congruent(a, b)`: the same profile. Always decided by the type checker
/// (the answer is a constant of the argument types).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::congruent;
/// assert!(congruent(shape!((2, (3, 4))), shape!((1, (5, 6)))));
/// assert!(!congruent(shape!((2, (3, 4))), shape!((1, 5))));
/// ```
#[inline(always)]
pub fn congruent<A: ToList, B: ToList>(_: A, _: B) -> bool
where
    A::List: IsCongruent<B::List>,
{
    <<A::List as IsCongruent<B::List>>::Output as typenum::Bit>::BOOL
}

/// CuTe's `compatible(a, b)`: `a` and `b` have the same size and every coordinate of
/// `a` is a coordinate of `b`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::tuple::compatible;
/// assert!(compatible(shape!(12), shape!((3, 4))));
/// assert!(compatible(shape!((3, 4)), shape!((3, (2, 2)))));
/// assert!(!compatible(shape!((3, 4)), shape!(12)));
/// ```
#[inline(always)]
pub fn compatible<A: ToList, B: ToList>(a: A, b: B) -> bool
where
    A::List: Compatible<B::List>,
{
    a.to_list().compatible(b.to_list())
}

/// CuTe's `compatible` on internal forms.
#[doc(hidden)]
pub trait Compatible<B> {
    fn compatible(self, b: B) -> bool;
}
macro_rules! leaf_compat {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* B: Tup> Compatible<B> for $ty
        where
            $ty: Integral,
        {
            #[inline(always)]
            fn compatible(self, b: B) -> bool {
                self.value() == b.size().value()
            }
        }
    )*};
}
leaf_compat!(C<N> => [N,], isize => []);
impl<N> Compatible<C<N>> for HNil {
    fn compatible(self, _: C<N>) -> bool {
        false
    }
}
impl Compatible<isize> for HNil {
    fn compatible(self, _: isize) -> bool {
        false
    }
}
impl Compatible<HNil> for HNil {
    fn compatible(self, _: HNil) -> bool {
        true
    }
}
impl<H2, T2> Compatible<HCons<H2, T2>> for HNil {
    fn compatible(self, _: HCons<H2, T2>) -> bool {
        false
    }
}
impl<H, T, N> Compatible<C<N>> for HCons<H, T> {
    fn compatible(self, _: C<N>) -> bool {
        false
    }
}
impl<H, T> Compatible<isize> for HCons<H, T> {
    fn compatible(self, _: isize) -> bool {
        false
    }
}
impl<H, T> Compatible<HNil> for HCons<H, T> {
    fn compatible(self, _: HNil) -> bool {
        false
    }
}
impl<H: Compatible<H2>, T: Compatible<T2>, H2, T2> Compatible<HCons<H2, T2>> for HCons<H, T> {
    #[inline(always)]
    fn compatible(self, b: HCons<H2, T2>) -> bool {
        self.head.compatible(b.head) && self.tail.compatible(b.tail)
    }
}
