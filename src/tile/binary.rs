//! Binary element-wise operations: how two operands (tiles or scalars) meet. Two tiles
//! broadcast to a common shape and promote to a common element type; a scalar must
//! already have the tile's element type (a scalar that would narrow, `2.5` with an `i32`
//! tile, does not compile, as in CUDA Tile C++); two scalars give a scalar.

use super::element::{Cast, Element, Promote};
use super::shape::{BroadcastT, BroadcastsWith, TileShape};
use super::tile::Tile;
use half::{bf16, f16};

/// A binary element-wise operation's operands, `Self` on the left and `R` on the
/// right. The operation converts both to `Elem` and produces `Output<U>`: a tile of the
/// broadcast shape, or a scalar when both operands are scalars.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// use ct::Binary;
/// // Tile with tile: broadcast shape, common type.
/// let t = ct::ones::<i16, _>(shape!((2, 1))).zip(ct::ones::<i32, _>(shape!((3))), |a, b| a + b);
/// assert_eq!(t.dims(), [2, 3]);
/// // Scalar with scalar: a scalar.
/// assert_eq!(2i32.zip(3i32, |a, b| a * b), 6);
/// ```
pub trait Binary<R>: Sized {
    /// The element type both operands are converted to.
    type Elem: Element;
    /// The result of an operation producing `U` per element.
    type Output<U: Element>;
    /// Apply `f` to each pair of (broadcast, converted) elements.
    fn zip<U: Element>(self, r: R, f: impl FnMut(Self::Elem, Self::Elem) -> U) -> Self::Output<U>;
}

impl<T, S, U, S2> Binary<Tile<U, S2>> for Tile<T, S>
where
    T: Promote<U> + Cast<<T as Promote<U>>::Output>,
    U: Element + Cast<<T as Promote<U>>::Output>,
    S: BroadcastsWith<S2>,
    S2: TileShape,
{
    type Elem = <T as Promote<U>>::Output;
    type Output<V: Element> = Tile<V, BroadcastT<S, S2>>;
    #[inline(always)]
    fn zip<V: Element>(
        self,
        r: Tile<U, S2>,
        mut f: impl FnMut(Self::Elem, Self::Elem) -> V,
    ) -> Tile<V, BroadcastT<S, S2>> {
        type O<S, S2> = BroadcastT<S, S2>;
        if S::SIZE == O::<S, S2>::SIZE && S2::SIZE == O::<S, S2>::SIZE {
            // Nothing stretches: zip the storage directly.
            return Tile::from_fn(|i| f(self.data[i].cast(), r.data[i].cast()));
        }
        let (a, b) = (self.stretch::<O<S, S2>>(), r.stretch::<O<S, S2>>());
        Tile::from_fn(|i| f(a.data[i].cast(), b.data[i].cast()))
    }
}

impl<T: Element, S: TileShape> Binary<T> for Tile<T, S> {
    type Elem = T;
    type Output<V: Element> = Tile<V, S>;
    #[inline(always)]
    fn zip<V: Element>(self, r: T, mut f: impl FnMut(T, T) -> V) -> Tile<V, S> {
        Tile::from_fn(|i| f(self.data[i], r))
    }
}

impl<T: Element, S: TileShape> Binary<Tile<T, S>> for T {
    type Elem = T;
    type Output<V: Element> = Tile<V, S>;
    #[inline(always)]
    fn zip<V: Element>(self, r: Tile<T, S>, mut f: impl FnMut(T, T) -> V) -> Tile<V, S> {
        Tile::from_fn(|i| f(self, r.data[i]))
    }
}

impl<T: Element> Binary<T> for T {
    type Elem = T;
    type Output<V: Element> = V;
    #[inline(always)]
    fn zip<V: Element>(self, r: T, mut f: impl FnMut(T, T) -> V) -> V {
        f(self, r)
    }
}

/// A scalar that does not have the tile's element type.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet::tile as ct;
/// // `ct::ones::<i32, _>(shape!((4))) + 2.5` would not compile; a tile-typed scalar does:
/// let t = ct::ones::<i32, _>(shape!((4))) + 2;
/// assert_eq!(t.as_slice(), [3; 4]);
/// ```
#[diagnostic::on_unimplemented(
    message = "scalar `{Scalar}` would narrow to the tile's element type `{Elem}`",
    label = "a scalar operand must have the tile's element type",
    note = "write the scalar in the tile's type (`2` for an integer tile, `2.0` for a float tile), or convert the tile with `astype`"
)]
pub trait NarrowingScalar<Scalar, Elem> {}

// A float literal meeting a tile that no literal can match exactly (integers, bool,
// the half types) resolves to `f64` and lands here, to be refused by name.
macro_rules! narrowing {
    ($($t:ty),*) => {$(
        impl<S: TileShape> Binary<f64> for Tile<$t, S>
        where
            S: NarrowingScalar<f64, $t>,
        {
            type Elem = $t;
            type Output<V: Element> = Tile<V, S>;
            fn zip<V: Element>(self, _: f64, _: impl FnMut($t, $t) -> V) -> Tile<V, S> {
                unreachable!("refused at compile time")
            }
        }
        impl<S: TileShape> Binary<Tile<$t, S>> for f64
        where
            S: NarrowingScalar<f64, $t>,
        {
            type Elem = $t;
            type Output<V: Element> = Tile<V, S>;
            fn zip<V: Element>(self, _: Tile<$t, S>, _: impl FnMut($t, $t) -> V) -> Tile<V, S> {
                unreachable!("refused at compile time")
            }
        }
    )*};
}
narrowing!(bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16);
