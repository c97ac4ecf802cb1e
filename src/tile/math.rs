//! cuTile's element-wise math functions, on tiles and on scalars alike: the binary ones
//! broadcast and promote as the operators do, the unary ones keep the shape.

use super::binary::Binary;
use super::element::Element;
use super::num::{Float, Num};
use super::shape::TileShape;
use super::tile::Tile;

/// A unary element-wise operation's operand: a tile (result: a tile of the same shape)
/// or a scalar (result: a scalar).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// assert_eq!(ct::sqrt(4.0f64), 2.0);                       // a scalar gives a scalar
/// assert_eq!(ct::sqrt(ct::full(shape!((2)), 9.0f32)).as_slice(), [3.0, 3.0]);
/// ```
pub trait Unary: Sized {
    /// The element type.
    type Elem: Element;
    /// The result of an operation producing `U` per element.
    type Output<U: Element>;
    /// Apply `f` to every element.
    fn map_each<U: Element>(self, f: impl FnMut(Self::Elem) -> U) -> Self::Output<U>;
}
impl<T: Element, S: TileShape> Unary for Tile<T, S> {
    type Elem = T;
    type Output<U: Element> = Tile<U, S>;
    #[inline(always)]
    fn map_each<U: Element>(self, f: impl FnMut(T) -> U) -> Tile<U, S> {
        self.map(f)
    }
}
impl<T: Element> Unary for T {
    type Elem = T;
    type Output<U: Element> = U;
    #[inline(always)]
    fn map_each<U: Element>(self, mut f: impl FnMut(T) -> U) -> U {
        f(self)
    }
}

macro_rules! binary_fn {
    ($($name:ident => $num:ident, $doc:literal, $ex:literal);* $(;)?) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet::tile as ct;
        #[doc = $ex]
        /// ```
        #[inline(always)]
        #[track_caller]
        pub fn $name<A: Binary<B>, B>(a: A, b: B) -> A::Output<A::Elem>
        where
            A::Elem: Num,
        {
            a.zip(b, Num::$num)
        }
    )*};
}
binary_fn! {
    add => add, "`a + b` element-wise.", "assert_eq!(ct::add(2i32, 3), 5);";
    sub => sub, "`a - b` element-wise.", "assert_eq!(ct::sub(ct::full(shape!((2)), 5u8), 7).as_slice(), [254, 254]);";
    mul => mul, "`a * b` element-wise.", "assert_eq!(ct::mul(ct::iota::<f32, _>(shape!((3))), 2.0).as_slice(), [0.0, 2.0, 4.0]);";
    floordiv => floordiv, "`floor(a / b)` element-wise (cuTile's `//`).", "assert_eq!(ct::floordiv(-7i32, 2), -4);";
    cdiv => cdiv, "`ceil(a / b)` element-wise.", "assert_eq!(ct::cdiv(ct::full(shape!((2)), 7i32), 4).as_slice(), [2, 2]);";
    mod_ => modulo, "`a mod b` element-wise with the divisor's sign (cuTile's `mod`, Python's `%`).", "assert_eq!(ct::mod_(-7i32, 3), 2);";
    pow => pow, "`a` to the power `b` element-wise.", "assert_eq!(ct::pow(2.0f64, 10.0), 1024.0);";
    minimum => minimum, "The smaller of `a` and `b` element-wise; NaN if either is NaN.", "assert!(ct::minimum(1.0f32, f32::NAN).is_nan());";
    maximum => maximum, "The larger of `a` and `b` element-wise; NaN if either is NaN.", "assert_eq!(ct::maximum(ct::iota::<i32, _>(shape!((3))), 1).as_slice(), [1, 1, 2]);";
}

/// True division `a / b` element-wise, in a float type: integers divide as `f32`
/// (8- and 16-bit) or `f64` (wider), floats in their own type.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// assert_eq!(ct::truediv(7i32, 2), 3.5f64);
/// assert_eq!(ct::truediv(ct::full(shape!((2)), 1.0f32), 4.0).as_slice(), [0.25, 0.25]);
/// ```
#[inline(always)]
pub fn truediv<A: Binary<B>, B>(a: A, b: B) -> A::Output<<A::Elem as Num>::Real>
where
    A::Elem: Num,
{
    a.zip(b, |x, y| Num::div(x.to_real(), y.to_real()))
}

/// `-x` element-wise.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// assert_eq!(ct::negative(ct::iota::<i32, _>(shape!((3)))).as_slice(), [0, -1, -2]);
/// ```
#[inline(always)]
pub fn negative<X: Unary>(x: X) -> X::Output<X::Elem>
where
    X::Elem: Num,
{
    x.map_each(Num::neg)
}

macro_rules! unary_fn {
    ($($name:ident, $doc:literal, $ex:literal);* $(;)?) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet::tile as ct;
        #[doc = $ex]
        /// ```
        #[inline(always)]
        pub fn $name<X: Unary>(x: X) -> X::Output<X::Elem>
        where
            X::Elem: Float,
        {
            x.map_each(Float::$name)
        }
    )*};
}
unary_fn! {
    exp, "`e^x` element-wise.", "assert_eq!(ct::exp(0.0f32), 1.0);";
    exp2, "`2^x` element-wise.", "assert_eq!(ct::exp2(ct::iota::<f32, _>(shape!((3)))).as_slice(), [1.0, 2.0, 4.0]);";
    log, "Natural logarithm element-wise.", "assert_eq!(ct::log(1.0f64), 0.0);";
    log2, "Base-2 logarithm element-wise.", "assert_eq!(ct::log2(8.0f32), 3.0);";
    sqrt, "Square root element-wise.", "assert!(ct::sqrt(-1.0f32).is_nan());";
    rsqrt, "`1 / sqrt(x)` element-wise.", "assert_eq!(ct::rsqrt(0.25f64), 2.0);";
    sin, "Sine element-wise.", "assert_eq!(ct::sin(0.0f32), 0.0);";
    cos, "Cosine element-wise.", "assert_eq!(ct::cos(0.0f32), 1.0);";
    tan, "Tangent element-wise.", "assert_eq!(ct::tan(0.0f64), 0.0);";
    sinh, "Hyperbolic sine element-wise.", "assert_eq!(ct::sinh(0.0f32), 0.0);";
    cosh, "Hyperbolic cosine element-wise.", "assert_eq!(ct::cosh(0.0f32), 1.0);";
    tanh, "Hyperbolic tangent element-wise.", "assert_eq!(ct::tanh(f32::INFINITY), 1.0);";
    floor, "Round down element-wise.", "assert_eq!(ct::floor(-1.5f32), -2.0);";
    ceil, "Round up element-wise.", "assert_eq!(ct::ceil(ct::full(shape!((2)), 1.25f64)).as_slice(), [2.0, 2.0]);";
}
