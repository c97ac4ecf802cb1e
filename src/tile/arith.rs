//! Operators on tiles: `+ - * / %` and unary `-` (element-wise, broadcasting, with
//! Rust's per-type meaning: integers wrap, `/` truncates, `%` takes the dividend's
//! sign), `& | ^ !` on `bool` and integer tiles, and the comparisons `lt`, `le`, `gt`,
//! `ge`, `eq`, `ne` giving `bool` tiles. Either side may be a scalar of the tile's
//! element type.

use super::binary::Binary;
use super::element::Element;
use super::num::Num;
use super::shape::TileShape;
use super::tile::Tile;
use core::ops;
use half::{bf16, f16};

/// The result of a binary operation whose per-element result is the common type.
type Same<A, R> = <A as Binary<R>>::Output<<A as Binary<R>>::Elem>;

macro_rules! arith_op {
    ($($tr:ident, $m:ident, $num:ident);*) => {$(
        impl<T: Element, S: TileShape, R> ops::$tr<R> for Tile<T, S>
        where
            Tile<T, S>: Binary<R>,
            <Tile<T, S> as Binary<R>>::Elem: Num,
        {
            type Output = Same<Tile<T, S>, R>;
            #[inline(always)]
            #[track_caller]
            fn $m(self, r: R) -> Self::Output {
                self.zip(r, Num::$num)
            }
        }
        arith_op!(@scalar $tr, $m, $num; i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64);
    )*};
    (@scalar $tr:ident, $m:ident, $num:ident; $($t:ty),*) => {$(
        impl<U: Element, S: TileShape> ops::$tr<Tile<U, S>> for $t
        where
            $t: Binary<Tile<U, S>>,
            <$t as Binary<Tile<U, S>>>::Elem: Num,
        {
            type Output = Same<$t, Tile<U, S>>;
            #[inline(always)]
            #[track_caller]
            fn $m(self, r: Tile<U, S>) -> Self::Output {
                self.zip(r, Num::$num)
            }
        }
    )*};
}
arith_op!(Add, add, add; Sub, sub, sub; Mul, mul, mul; Div, div, div; Rem, rem, rem);

impl<T: Num, S: TileShape> ops::Neg for Tile<T, S> {
    type Output = Tile<T, S>;
    #[inline(always)]
    fn neg(self) -> Tile<T, S> {
        self.map(Num::neg)
    }
}

/// Element types with bitwise operations: `bool` (logical) and the integers.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// let m = ct::iota::<u8, _>(shape!((4))) & 1u8;
/// assert_eq!(m.to_string(), "[0, 1, 0, 1]");
/// assert_eq!((!ct::full(shape!((2)), true)).as_slice(), [false, false]);
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
    ($($tr:ident, $m:ident);*) => {$(
        impl<T: Element, S: TileShape, R> ops::$tr<R> for Tile<T, S>
        where
            Tile<T, S>: Binary<R>,
            <Tile<T, S> as Binary<R>>::Elem: Bits,
        {
            type Output = Same<Tile<T, S>, R>;
            #[inline(always)]
            fn $m(self, r: R) -> Self::Output {
                self.zip(r, ops::$tr::$m)
            }
        }
    )*};
}
bit_op!(BitAnd, bitand; BitOr, bitor; BitXor, bitxor);

impl<T: Bits, S: TileShape> ops::Not for Tile<T, S> {
    type Output = Tile<T, S>;
    #[inline(always)]
    fn not(self) -> Tile<T, S> {
        self.map(|x| !x)
    }
}

macro_rules! compare {
    ($($m:ident, $op:tt, $doc:literal);*) => {
        impl<T: Element, S: TileShape> Tile<T, S> {$(
            #[doc = $doc]
            ///
            /// ```
            /// use cutlet_core::prelude::*;
            /// use cutlet::tile as ct;
            /// let x = ct::iota::<i32, _>(shape!((4)));
            #[doc = concat!("let m = x.", stringify!($m), "(2);")]
            /// assert_eq!(m.dims(), [4]);
            /// ```
            #[inline(always)]
            pub fn $m<R>(self, r: R) -> <Self as Binary<R>>::Output<bool>
            where
                Self: Binary<R>,
            {
                self.zip(r, |a, b| a $op b)
            }
        )*}
    };
}
compare!(
    lt, <, "Element-wise `<` (with broadcasting), as a `bool` tile.";
    le, <=, "Element-wise `<=`, as a `bool` tile.";
    gt, >, "Element-wise `>`, as a `bool` tile.";
    ge, >=, "Element-wise `>=`, as a `bool` tile.";
    eq, ==, "Element-wise `==`, as a `bool` tile (NaN is unequal to everything).";
    ne, !=, "Element-wise `!=`, as a `bool` tile."
);
