//! Operators on tiles and tile expressions: `+ - * / %` and unary `-` (element-wise,
//! broadcasting, with Rust's per-type meaning: integers wrap, `/` truncates, `%` takes
//! the dividend's sign), `& | ^ !` on `bool` and integer tiles, and the comparisons
//! `lt`, `le`, `gt`, `ge`, `eq`, `ne` giving `bool` expressions. Either side may be a
//! scalar of the tile's element type. Every operator returns a lazy [`Expr`].

use super::binary::Binary;
use super::element::Element;
use super::expr::{Expr, TileExpr, expr};
use super::map::Map;
use super::num::Num;
use super::op;
use super::shape::TileShape;
use super::tile::Tile;
use core::ops;
use half::{bf16, f16};

/// The result of a binary operation whose per-element function is `F`.
type Out<A, R, F> = <A as Binary<R>>::Output<F>;

macro_rules! arith_op {
    ($($tr:ident, $m:ident, $f:ident);*) => {$(
        arith_op!(@one [T: Element, S: TileShape] Tile<T, S>; $tr, $m, $f);
        arith_op!(@one [T: Element, N: TileExpr<Elem = T>] Expr<T, N>; $tr, $m, $f);
        arith_op!(@one ['a, T: Element, S: TileShape] &'a Tile<T, S>; $tr, $m, $f);
        arith_op!(@scalar $tr, $m, $f; i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
    )*};
    (@one [$($g:tt)*] $ty:ty; $tr:ident, $m:ident, $f:ident) => {
        impl<$($g)*, R> ops::$tr<R> for $ty
        where
            $ty: Binary<R>,
            op::$f: op::ZipFn<<$ty as Binary<R>>::Elem>,
        {
            type Output = Out<$ty, R, op::$f>;
            #[inline(always)]
            #[track_caller]
            fn $m(self, r: R) -> Self::Output {
                self.zip(r, op::$f)
            }
        }
    };
    (@scalar $tr:ident, $m:ident, $f:ident; $($t:ty),*) => {$(
        impl<U: Element, S: TileShape> ops::$tr<Tile<U, S>> for $t
        where
            $t: Binary<Tile<U, S>>,
            op::$f: op::ZipFn<<$t as Binary<Tile<U, S>>>::Elem>,
        {
            type Output = Out<$t, Tile<U, S>, op::$f>;
            #[inline(always)]
            #[track_caller]
            fn $m(self, r: Tile<U, S>) -> Self::Output {
                self.zip(r, op::$f)
            }
        }
        impl<'a, U: Element, S: TileShape> ops::$tr<&'a Tile<U, S>> for $t
        where
            $t: Binary<&'a Tile<U, S>>,
            op::$f: op::ZipFn<<$t as Binary<&'a Tile<U, S>>>::Elem>,
        {
            type Output = Out<$t, &'a Tile<U, S>, op::$f>;
            #[inline(always)]
            #[track_caller]
            fn $m(self, r: &'a Tile<U, S>) -> Self::Output {
                self.zip(r, op::$f)
            }
        }
        impl<U: Element, N: TileExpr<Elem = U>> ops::$tr<Expr<U, N>> for $t
        where
            $t: Binary<Expr<U, N>>,
            op::$f: op::ZipFn<<$t as Binary<Expr<U, N>>>::Elem>,
        {
            type Output = Out<$t, Expr<U, N>, op::$f>;
            #[inline(always)]
            #[track_caller]
            fn $m(self, r: Expr<U, N>) -> Self::Output {
                self.zip(r, op::$f)
            }
        }
    )*};
}
arith_op!(Add, add, Add; Sub, sub, Sub; Mul, mul, Mul; Div, div, Div; Rem, rem, Rem);

/// Element types with bitwise operations: `bool` (logical) and the integers.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let m = ct::iota::<u8, _>(shape!((4))) & 1u8;
/// assert_eq!(m.to_string(), "[0, 1, 0, 1]");
/// assert_eq!((!ct::full(shape!((2)), true)).eval().as_slice(), [false, false]);
/// ```
pub trait Bits:
    Element
    + ops::BitAnd<Output = Self>
    + ops::BitOr<Output = Self>
    + ops::BitXor<Output = Self>
    + ops::Not<Output = Self>
{
}
impl Bits for bool {}
impl Bits for i8 {}
impl Bits for i16 {}
impl Bits for i32 {}
impl Bits for i64 {}
impl Bits for u8 {}
impl Bits for u16 {}
impl Bits for u32 {}
impl Bits for u64 {}

macro_rules! bit_op {
    ($($tr:ident, $m:ident, $f:ident);*) => {$(
        arith_op!(@one [T: Element, S: TileShape] Tile<T, S>; $tr, $m, $f);
        arith_op!(@one [T: Element, N: TileExpr<Elem = T>] Expr<T, N>; $tr, $m, $f);
    )*};
}
bit_op!(BitAnd, bitand, BitAnd; BitOr, bitor, BitOr; BitXor, bitxor, BitXor);

macro_rules! unary_ops {
    ($([$($g:tt)*] $ty:ty, $t:ty);*) => {$(
        impl<$($g)*> ops::Neg for $ty
        where
            $t: Num,
        {
            type Output = Expr<$t, Map<$ty, op::Neg>>;
            #[inline(always)]
            fn neg(self) -> Self::Output {
                expr(Map { x: self, f: op::Neg })
            }
        }
        impl<$($g)*> ops::Not for $ty
        where
            $t: Bits,
        {
            type Output = Expr<$t, Map<$ty, op::Not>>;
            #[inline(always)]
            fn not(self) -> Self::Output {
                expr(Map { x: self, f: op::Not })
            }
        }
        impl<$($g)*> $ty {
            compare!(
                lt, Lt, "Element-wise `<` (with broadcasting), as a lazy `bool` expression.";
                le, Le, "Element-wise `<=`, as a `bool` expression.";
                gt, Gt, "Element-wise `>`, as a `bool` expression.";
                ge, Ge, "Element-wise `>=`, as a `bool` expression.";
                eq, Eq, "Element-wise `==`, as a `bool` expression (NaN is unequal to everything).";
                ne, Ne, "Element-wise `!=`, as a `bool` expression."
            );
        }
    )*};
}

macro_rules! compare {
    ($($m:ident, $f:ident, $doc:literal);*) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        /// let x = ct::iota::<i32, _>(shape!((4)));
        #[doc = concat!("let m = x.", stringify!($m), "(2);")]
        /// assert_eq!(m.dims(), [4]);
        /// ```
        #[inline(always)]
        pub fn $m<R>(self, r: R) -> <Self as Binary<R>>::Output<op::$f>
        where
            Self: Binary<R>,
        {
            self.zip(r, op::$f)
        }
    )*};
}
unary_ops!([T: Element, S: TileShape] Tile<T, S>, T; [T: Element, N: TileExpr<Elem = T>] Expr<T, N>, T);
