//! cuTile's element-wise math functions, on tiles and on scalars alike: the binary ones
//! broadcast and promote as the operators do, the unary ones keep the shape.

use super::binary::Binary;
use super::element::Element;
use super::expr::{Expr, TileExpr, expr};
use super::map::Map;
use super::num::{Float, Num};
use super::op::{self, MapFn};
use super::shape::TileShape;
use super::tile::Tile;

/// A unary element-wise operation's operand: a tile or an expression (result: a lazy
/// expression of the same shape) or a scalar (result: a scalar).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::sqrt(4.0f64), 2.0);                       // a scalar gives a scalar
/// assert_eq!(ct::sqrt(ct::full(shape!((2)), 9.0f32)).eval().as_slice(), [3.0, 3.0]);
/// ```
pub trait Unary: Sized {
    /// The element type.
    type Elem: Element;
    /// The result of the per-element function `F`.
    type Output<F: MapFn<Self::Elem>>;
    /// Apply `f` to every element.
    fn map_each<F: MapFn<Self::Elem>>(self, f: F) -> Self::Output<F>;
}
impl<T: Element, S: TileShape> Unary for Tile<T, S> {
    type Elem = T;
    type Output<F: MapFn<T>> = Expr<F::Output, Map<Tile<T, S>, F>>;
    #[inline(always)]
    fn map_each<F: MapFn<T>>(self, f: F) -> Self::Output<F> {
        expr(Map { x: self, f })
    }
}
impl<T: Element, N: TileExpr<Elem = T>> Unary for Expr<T, N> {
    type Elem = N::Elem;
    type Output<F: MapFn<N::Elem>> = Expr<F::Output, Map<N, F>>;
    #[inline(always)]
    fn map_each<F: MapFn<N::Elem>>(self, f: F) -> Self::Output<F> {
        expr(Map { x: self.node, f })
    }
}
impl<'a, T: Element, S: TileShape> Unary for &'a Tile<T, S> {
    type Elem = T;
    type Output<F: MapFn<T>> = Expr<F::Output, Map<&'a Tile<T, S>, F>>;
    #[inline(always)]
    fn map_each<F: MapFn<T>>(self, f: F) -> Self::Output<F> {
        expr(Map { x: self, f })
    }
}
impl<T: Element> Unary for T {
    type Elem = T;
    type Output<F: MapFn<T>> = F::Output;
    #[inline(always)]
    fn map_each<F: MapFn<T>>(self, f: F) -> F::Output {
        f.call(self)
    }
}

macro_rules! binary_fn {
    ($($name:ident => $num:ident, $doc:literal, $ex:literal);* $(;)?) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        #[doc = $ex]
        /// ```
        #[inline(always)]
        #[track_caller]
        pub fn $name<A: Binary<B>, B>(a: A, b: B) -> A::Output<op::$num>
        where
            A::Elem: Num,
        {
            a.zip(b, op::$num)
        }
    )*};
}
binary_fn! {
    add => Add, "`a + b` element-wise.", "assert_eq!(ct::add(2i32, 3), 5);";
    sub => Sub, "`a - b` element-wise.", "assert_eq!(ct::sub(ct::full(shape!((2)), 5u8), 7).eval().as_slice(), [254, 254]);";
    mul => Mul, "`a * b` element-wise.", "assert_eq!(ct::mul(ct::iota::<f32, _>(shape!((3))), 2.0).eval().as_slice(), [0.0, 2.0, 4.0]);";
    floordiv => FloorDiv, "`floor(a / b)` element-wise (cuTile's `//`).", "assert_eq!(ct::floordiv(-7i32, 2), -4);";
    cdiv => CeilDiv, "`ceil(a / b)` element-wise.", "assert_eq!(ct::cdiv(ct::full(shape!((2)), 7i32), 4).eval().as_slice(), [2, 2]);";
    mod_ => Modulo, "`a mod b` element-wise with the divisor's sign (cuTile's `mod`, Python's `%`).", "assert_eq!(ct::mod_(-7i32, 3), 2);";
    pow => Pow, "`a` to the power `b` element-wise.", "assert_eq!(ct::pow(2.0f64, 10.0), 1024.0);";
    minimum => Minimum, "The smaller of `a` and `b` element-wise; NaN if either is NaN.", "assert!(ct::minimum(1.0f32, f32::NAN).is_nan());";
    maximum => Maximum, "The larger of `a` and `b` element-wise; NaN if either is NaN.", "assert_eq!(ct::maximum(ct::iota::<i32, _>(shape!((3))), 1).eval().as_slice(), [1, 1, 2]);";
}

/// True division `a / b` element-wise, in a float type: integers divide as `f32`
/// (8- and 16-bit) or `f64` (wider), floats in their own type.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::truediv(7i32, 2), 3.5f64);
/// assert_eq!(ct::truediv(ct::full(shape!((2)), 1.0f32), 4.0).eval().as_slice(), [0.25, 0.25]);
/// ```
#[inline(always)]
pub fn truediv<A: Binary<B>, B>(a: A, b: B) -> A::Output<op::TrueDiv>
where
    A::Elem: Num,
{
    a.zip(b, op::TrueDiv)
}

/// `-x` element-wise.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// assert_eq!(ct::negative(ct::iota::<i32, _>(shape!((3)))).eval().as_slice(), [0, -1, -2]);
/// ```
#[inline(always)]
pub fn negative<X: Unary>(x: X) -> X::Output<op::Neg>
where
    X::Elem: Num,
{
    x.map_each(op::Neg)
}

macro_rules! unary_fn {
    ($($name:ident, $f:ident, $doc:literal, $ex:literal);* $(;)?) => {$(
        #[doc = $doc]
        ///
        /// ```
        /// use cutlet_core::prelude::*;
        /// use cutlet_tile as ct;
        #[doc = $ex]
        /// ```
        #[inline(always)]
        pub fn $name<X: Unary>(x: X) -> X::Output<op::$f>
        where
            X::Elem: Float,
        {
            x.map_each(op::$f)
        }
    )*};
}
unary_fn! {
    exp, Exp, "`e^x` element-wise (for `f32`, a vectorizing polynomial within one ulp: [`Float::exp`]).", "assert_eq!(ct::exp(0.0f32), 1.0);";
    exp2, Exp2, "`2^x` element-wise.", "assert_eq!(ct::exp2(ct::iota::<f32, _>(shape!((3)))).eval().as_slice(), [1.0, 2.0, 4.0]);";
    log, Log, "Natural logarithm element-wise.", "assert_eq!(ct::log(1.0f64), 0.0);";
    log2, Log2, "Base-2 logarithm element-wise.", "assert_eq!(ct::log2(8.0f32), 3.0);";
    sqrt, Sqrt, "Square root element-wise.", "assert!(ct::sqrt(-1.0f32).is_nan());";
    rsqrt, Rsqrt, "`1 / sqrt(x)` element-wise.", "assert_eq!(ct::rsqrt(0.25f64), 2.0);";
    sin, Sin, "Sine element-wise.", "assert_eq!(ct::sin(0.0f32), 0.0);";
    cos, Cos, "Cosine element-wise.", "assert_eq!(ct::cos(0.0f32), 1.0);";
    tan, Tan, "Tangent element-wise.", "assert_eq!(ct::tan(0.0f64), 0.0);";
    sinh, Sinh, "Hyperbolic sine element-wise.", "assert_eq!(ct::sinh(0.0f32), 0.0);";
    cosh, Cosh, "Hyperbolic cosine element-wise.", "assert_eq!(ct::cosh(0.0f32), 1.0);";
    tanh, Tanh, "Hyperbolic tangent element-wise.", "assert_eq!(ct::tanh(f32::INFINITY), 1.0);";
    floor, Floor, "Round down element-wise.", "assert_eq!(ct::floor(-1.5f32), -2.0);";
    ceil, Ceil, "Round up element-wise.", "assert_eq!(ct::ceil(ct::full(shape!((2)), 1.25f64)).eval().as_slice(), [2.0, 2.0]);";
}
