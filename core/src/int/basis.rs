//! CuTe's `ScaledBasis` (`numeric/arithmetic_tuple.hpp`): the strides of identity
//! layouts, and the mode paths they sit at.
//!
//! A [`ScaledBasis<V, P>`] is the value `V` placed at the mode path `P` of a coordinate
//! (`_1@0` moves one step along mode 0, `4@1` four steps along mode 1, `_1@0@1` one step
//! along sub-mode 0 of mode 1). An integer times a scaled basis scales it; evaluating a
//! layout whose strides are scaled bases yields a coordinate, which is how identity
//! tensors stay exact past the edge of a partial tile.
//!
//! ```
//! use cutlet_core::prelude::*;
//! let e1 = E::<path!(1)>::default();
//! assert_eq!((3isize * e1).to_string(), "3@1");
//! ```

use super::bit::Bit;
use super::error::ErrMsg;
use super::leaf::{Integral, Leaf};
use super::nat::{Nat, Ord3};
use core::fmt;
use core::marker::PhantomData;
use typenum::{B0, B1};

/// A mode path, outermost mode first, or an error marker (what makes a leaf ill-formed).
pub trait Path: Copy + Default + fmt::Debug + 'static {
    /// `B1` for the empty path (a plain integer).
    type IsNil: Bit;
    /// `B1` for an error marker.
    type IsErr: Bit;
    /// `B1` when both are the same path.
    type Eq<Q: Path>: Bit;
    #[doc(hidden)]
    type EqCons<I: Nat, P: Path>: Bit;
    /// The number of modes on the path.
    type Len: Nat;
    /// The first mode (`U0` for the empty path).
    type First: Nat;
    /// The path after the first mode.
    type Rest: Path;
    /// This path followed by mode `I`.
    type Append<I: Nat>: Path;
    /// The leaf with scale `X` at this path.
    type Wrap<X: Integral>: Leaf;
    /// The error message of an error marker (empty otherwise).
    const MSG: &'static str;
    /// Writes `@i` for each mode, innermost first (CuTe's notation).
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// The value of `Wrap`.
    fn wrap<X: Integral>(x: X) -> Self::Wrap<X>;
}

/// The empty path.
#[derive(Clone, Copy, Default, Debug)]
pub struct PNil;
/// Mode `I` (a typenum unsigned), then the path `P` (spelled with [`path!`](crate::path)).
#[derive(Clone, Copy, Default, Debug)]
pub struct PCons<I, P>(PhantomData<(I, P)>);
/// A result CuTe does not define; `M` says why.
#[derive(Clone, Copy, Default, Debug)]
pub struct PErr<M>(PhantomData<M>);

impl Path for PNil {
    type IsNil = B1;
    type IsErr = B0;
    type Eq<Q: Path> = Q::IsNil;
    type EqCons<I: Nat, P: Path> = B0;
    type Len = typenum::U0;
    type First = typenum::U0;
    type Rest = PNil;
    type Append<I: Nat> = PCons<I, PNil>;
    type Wrap<X: Integral> = X;
    const MSG: &'static str = "";
    fn fmt_path(_: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
    #[inline]
    fn wrap<X: Integral>(x: X) -> X {
        x
    }
}
impl<I: Nat, P: Path> Path for PCons<I, P> {
    type IsNil = B0;
    type IsErr = P::IsErr;
    type Eq<Q: Path> = Q::EqCons<I, P>;
    type EqCons<J: Nat, R: Path> = <<I::Cmp<J> as Ord3>::Eq as Bit>::And<P::Eq<R>>;
    type Len = <P::Len as Nat>::Succ;
    type First = I;
    type Rest = P;
    type Append<J: Nat> = PCons<I, P::Append<J>>;
    type Wrap<X: Integral> = ScaledBasis<X, Self>;
    const MSG: &'static str = P::MSG;
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        P::fmt_path(f)?;
        write!(f, "@{}", I::USIZE)
    }
    #[inline]
    fn wrap<X: Integral>(x: X) -> ScaledBasis<X, Self> {
        ScaledBasis::new(x)
    }
}
impl<M: ErrMsg> Path for PErr<M> {
    type IsNil = B0;
    type IsErr = B1;
    type Eq<Q: Path> = B0;
    type EqCons<I: Nat, P: Path> = B0;
    type Len = typenum::U0;
    type First = typenum::U0;
    type Rest = PNil;
    type Append<I: Nat> = Self;
    type Wrap<X: Integral> = ScaledBasis<X, Self>;
    const MSG: &'static str = M::MSG;
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<error: {}>", M::MSG)
    }
    #[inline]
    fn wrap<X: Integral>(x: X) -> ScaledBasis<X, Self> {
        ScaledBasis::new(x)
    }
}

/// CuTe's `ScaledBasis<V, Ns...>`: the scale `V` (a static or dynamic integer) at the
/// mode path `P` (outermost mode first, written with [`path!`](crate::path)). It prints
/// as CuTe does, innermost mode first: path `(1, 0)` with value `_1` is `_1@0@1`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let b = ScaledBasis::<_, path!(1, 0)>::new(4isize);
/// assert_eq!(b.to_string(), "4@0@1");
/// assert_eq!(b.scale(), 4);
/// assert_eq!(core::mem::size_of::<E<path!(0)>>(), 0);
/// ```
pub struct ScaledBasis<V, P> {
    value: V,
    path: PhantomData<P>,
}

/// CuTe's basis element `E<Ns...>`: the scaled basis of the static `_1`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(E::<path!(1)>::default().to_string(), "_1@1");
/// ```
pub type E<P> = ScaledBasis<super::static_int::C<typenum::P1>, P>;

impl<V, P> ScaledBasis<V, P> {
    /// The basis element at path `P` scaled by `value`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// assert_eq!(ScaledBasis::<_, path!(0)>::new(_8::new()).to_string(), "_8@0");
    /// ```
    #[inline]
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
    /// use cutlet_core::prelude::*;
    /// assert_eq!(ScaledBasis::<_, path!(0)>::new(3isize).scale(), 3);
    /// ```
    #[inline]
    pub fn scale(self) -> V {
        self.value
    }
}
impl<V: Copy, P> Clone for ScaledBasis<V, P> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<V: Copy, P> Copy for ScaledBasis<V, P> {}
impl<V: Default, P> Default for ScaledBasis<V, P> {
    #[inline]
    fn default() -> Self {
        ScaledBasis::new(V::default())
    }
}
impl<V: PartialEq, P> PartialEq for ScaledBasis<V, P> {
    fn eq(&self, o: &Self) -> bool {
        self.value == o.value
    }
}
impl<V: fmt::Display, P: Path> fmt::Display for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if P::IsErr::BOOL {
            return P::fmt_path(f);
        }
        self.value.fmt(f)?;
        P::fmt_path(f)
    }
}
impl<V: fmt::Display, P: Path> fmt::Debug for ScaledBasis<V, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Writes the mode path of a [`ScaledBasis`], outermost mode first: `path!(1, 0)` is
/// sub-mode 0 of mode 1 (CuTe's `E<1,0>`, printed `_1@0@1`).
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(E::<path!(1, 0)>::default().to_string(), "_1@0@1");
/// ```
#[macro_export]
macro_rules! path {
    () => { $crate::int::PNil };
    ($h:literal $(, $t:literal)* $(,)?) => {
        $crate::int::PCons<$crate::__typenum::U<$h>, $crate::path!($($t),*)>
    };
}
