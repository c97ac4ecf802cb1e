//! Leaves of int tuples (static [`C`], dynamic `isize`, [`ScaledBasis`]) and CuTe's
//! arithmetic on them, total on the type level.
//!
//! Every leaf type answers three questions: is it static
//! ([`IntTuple::IsStatic`]), what is its static value ([`Leaf::Val`], `Z0` when
//! dynamic), and at which basis path does it sit ([`Leaf::Basis`]: empty for plain
//! integers, an error marker for results CuTe would reject). Each operation is one
//! associated type of [`LeafOps`] written over those answers, and one value function
//! that computes the `isize` and converts it into the result type (a static result
//! ignores it, so static arithmetic costs nothing at run time).

use super::basis::{PErr, PNil, Path, ScaledBasis};
use super::bit::Bit;
use super::error::{EAddBases, EDivZero, EMulBases, ENeedsInteger};
use super::sint::{self, SInt};
use super::static_int::C;
use crate::tuple::{IntTuple, Underscore};
use core::fmt;
use typenum::Z0;

mod sealed {
    pub trait Sealed {}
}

/// A leaf of an int tuple: a static integer, a dynamic `isize`, or a scaled basis
/// element (the strides of identity layouts).
///
/// ```
/// use cutlet_core::prelude::*;
/// fn value<I: Leaf>(i: I) -> isize { i.value() }
/// assert_eq!(value(_8::new()), 8);
/// assert_eq!(value(5isize), 5);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not an integer of a layout",
    label = "expected a static integer (`_4`, `Int<4>`) or a dynamic `isize`",
    note = "integer literals in `layout!`/`shape!` are static; identifiers and `{{expr}}` are dynamic"
)]
pub trait Leaf:
    Copy + PartialEq + fmt::Debug + fmt::Display + 'static + sealed::Sealed + LeafOps + IntTuple
{
    /// The static value (`Z0` for a dynamic leaf).
    type Val: SInt;
    /// The basis path (empty for an integer, an error marker for an ill-formed leaf).
    type Basis: Path;
    /// The (scale) value.
    fn value(self) -> isize;
    /// The leaf of this type with value `v` (a static leaf has only one).
    fn from_value(v: isize) -> Self;
}

/// An integer leaf: a static [`C`] or a dynamic `isize` (CuTe's `is_integral`).
pub trait Integral: Leaf<Basis = PNil> {}
impl<T: Leaf<Basis = PNil>> Integral for T {}

impl<N> sealed::Sealed for C<N> {}
impl sealed::Sealed for isize {}
impl<V, P> sealed::Sealed for ScaledBasis<V, P> {}
impl sealed::Sealed for Underscore {}

// CuTe: `struct Underscore : Int<0>` (the static zero in arithmetic).
impl Leaf for Underscore {
    type Val = Z0;
    type Basis = PNil;
    #[inline]
    fn value(self) -> isize {
        0
    }
    #[inline]
    fn from_value(v: isize) -> Self {
        debug_assert_eq!(v, 0, "`_` is the static _0");
        Underscore
    }
}

impl<N: SInt> Leaf for C<N> {
    type Val = N;
    type Basis = PNil;
    #[inline]
    fn value(self) -> isize {
        N::ISIZE
    }
    #[inline]
    fn from_value(v: isize) -> Self {
        debug_assert_eq!(v, N::ISIZE, "a static value disagrees with its computation");
        let _ = v;
        C::new()
    }
}
impl Leaf for isize {
    type Val = Z0;
    type Basis = PNil;
    #[inline]
    fn value(self) -> isize {
        self
    }
    #[inline]
    fn from_value(v: isize) -> Self {
        v
    }
}
impl<V: Integral, P: Path> Leaf for ScaledBasis<V, P> {
    type Val = V::Val;
    type Basis = P;
    #[inline]
    fn value(self) -> isize {
        self.scale().value()
    }
    #[inline]
    fn from_value(v: isize) -> Self {
        ScaledBasis::new(V::from_value(v))
    }
}

/// The leaf with static-ness `S`, value `V` and basis `P`.
pub type MkLeaf<S, V, P> = <P as Path>::Wrap<<S as Bit>::IfI<C<V>, isize>>;

/// CuTe's arithmetic on leaves, one associated type per operation (a projection on a
/// generic leaf stays one compact type until the leaf is known). The static/dynamic
/// rule is CuTe's: static op static is static, anything touching a dynamic value is
/// dynamic, except that `_0 * d`, `d * _0`, `_0 / d`, `_0 % d`, `d % _1` and `d % _-1`
/// are the static `_0`.
pub trait LeafOps {
    /// `B1` for the static `_0` (CuTe's `is_constant<0, T>`).
    type IsZero: Bit;
    /// `B1` for the static `_1`.
    type IsOne: Bit;
    /// `B1` for the static `_-1`.
    type IsMinusOne: Bit;
    /// `B1` when both are static.
    type BothStatic<B: Leaf>: Bit;
    /// `self + b`.
    type Add<B: Leaf>: Leaf;
    /// `self - b`.
    type Sub<B: Leaf>: Leaf;
    /// `-self`.
    type Neg: Leaf;
    /// `self * b`.
    type Mul<B: Leaf>: Leaf;
    /// `self / b`, truncating.
    type Div<B: Leaf>: Leaf;
    /// `self % b`, with C++'s sign.
    type Rem<B: Leaf>: Leaf;
    /// `min(self, b)`.
    type Min<B: Leaf>: Leaf;
    /// `max(self, b)`.
    type Max<B: Leaf>: Leaf;
    /// `|self|`.
    type Abs: Leaf;
    /// `signum(self)`.
    type Signum: Leaf;
    /// CuTe's `gcd(self, b)`.
    type Gcd<B: Leaf>: Leaf;
    /// CuTe's `ceil_div(self, b) = (self + b - _1) / b`.
    type CeilDiv<B: Leaf>: Leaf;
    /// `self < b` when both are static (`B0` otherwise: nothing is known statically).
    type StaticLt<B: Leaf>: Bit;
    /// `self == b` when both are static.
    type StaticEq<B: Leaf>: Bit;
}

type St<A> = <A as IntTuple>::IsStatic;
type V<A> = <A as Leaf>::Val;
type Bs<A> = <A as Leaf>::Basis;
/// `ok`, unless an operand already is an error (the first error is kept).
type KeepErr<PA, PB, Ok> =
    <<PA as Path>::IsErr as Bit>::IfP<PA, <<PB as Path>::IsErr as Bit>::IfP<PB, Ok>>;
/// The basis of `a + b`: equal paths, else an error.
type AddBasis<PA, PB> = KeepErr<PA, PB, <<PA as Path>::Eq<PB> as Bit>::IfP<PA, PErr<EAddBases>>>;
/// The basis of `a * b`: at most one basis element.
type MulBasis<PA, PB> = KeepErr<
    PA,
    PB,
    <<PA as Path>::IsNil as Bit>::IfP<PB, <<PB as Path>::IsNil as Bit>::IfP<PA, PErr<EMulBases>>>,
>;
/// The basis of an operation on integers only.
type IntBasis<PA, PB> = KeepErr<
    PA,
    PB,
    <<<PA as Path>::IsNil as Bit>::And<<PB as Path>::IsNil> as Bit>::IfP<PNil, PErr<ENeedsInteger>>,
>;
/// The basis of `a / b` or `a % b`: `P` if `b` is a non-zero integer.
type DivBasis<BZero, PB, P> = KeepErr<
    P,
    PB,
    <BZero as Bit>::IfP<PErr<EDivZero>, <<PB as Path>::IsNil as Bit>::IfP<P, PErr<ENeedsInteger>>>,
>;

macro_rules! leaf_ops {
    ($ty:ty, [$($g:tt)*]) => {
        impl<$($g)*> LeafOps for $ty {
            type IsZero = <St<Self> as Bit>::And<sint::IsZero<V<Self>>>;
            type IsOne = <St<Self> as Bit>::And<sint::IsOne<V<Self>>>;
            type IsMinusOne = <St<Self> as Bit>::And<sint::IsMinusOne<V<Self>>>;
            type BothStatic<B: Leaf> = <St<Self> as Bit>::And<St<B>>;
            type Add<B: Leaf> = MkLeaf<Self::BothStatic<B>, sint::Add<V<Self>, V<B>>, AddBasis<Bs<Self>, Bs<B>>>;
            type Sub<B: Leaf> = MkLeaf<Self::BothStatic<B>, sint::Sub<V<Self>, V<B>>, AddBasis<Bs<Self>, Bs<B>>>;
            type Neg = MkLeaf<St<Self>, sint::Neg<V<Self>>, Bs<Self>>;
            type Mul<B: Leaf> = MkLeaf<
                <Self::BothStatic<B> as Bit>::Or<<Self::IsZero as Bit>::Or<B::IsZero>>,
                sint::Mul<V<Self>, V<B>>,
                MulBasis<Bs<Self>, Bs<B>>,
            >;
            type Div<B: Leaf> = MkLeaf<
                <Self::BothStatic<B> as Bit>::Or<Self::IsZero>,
                sint::Div<V<Self>, V<B>>,
                DivBasis<B::IsZero, Bs<B>, Bs<Self>>,
            >;
            type Rem<B: Leaf> = MkLeaf<
                <<Self::BothStatic<B> as Bit>::Or<Self::IsZero> as Bit>::Or<<B::IsOne as Bit>::Or<B::IsMinusOne>>,
                sint::Rem<V<Self>, V<B>>,
                DivBasis<B::IsZero, Bs<B>, IntBasis<Bs<Self>, Bs<B>>>,
            >;
            type Min<B: Leaf> = MkLeaf<
                Self::BothStatic<B>,
                <sint::Lt<V<Self>, V<B>> as Bit>::IfS<V<Self>, V<B>>,
                IntBasis<Bs<Self>, Bs<B>>,
            >;
            type Max<B: Leaf> = MkLeaf<
                Self::BothStatic<B>,
                <sint::Lt<V<Self>, V<B>> as Bit>::IfS<V<B>, V<Self>>,
                IntBasis<Bs<Self>, Bs<B>>,
            >;
            // CuTe: abs(ScaledBasis) keeps the basis.
            type Abs = MkLeaf<St<Self>, sint::Abs<V<Self>>, Bs<Self>>;
            type Signum = MkLeaf<St<Self>, sint::Signum<V<Self>>, IntBasis<Bs<Self>, PNil>>;
            type Gcd<B: Leaf> = MkLeaf<Self::BothStatic<B>, sint::Gcd<V<Self>, V<B>>, IntBasis<Bs<Self>, Bs<B>>>;
            type CeilDiv<B: Leaf> =
                <<Self::Add<B> as LeafOps>::Sub<C<typenum::P1>> as LeafOps>::Div<B>;
            type StaticLt<B: Leaf> = <Self::BothStatic<B> as Bit>::And<sint::Lt<V<Self>, V<B>>>;
            type StaticEq<B: Leaf> = <Self::BothStatic<B> as Bit>::And<sint::Eq<V<Self>, V<B>>>;
        }
    };
}
leaf_ops!(C<N>, [N: SInt]);
leaf_ops!(isize, []);
leaf_ops!(ScaledBasis<X, P>, [X: Integral, P: Path]);
leaf_ops!(Underscore, []);

/// `a + b`.
pub type Add<A, B> = <A as LeafOps>::Add<B>;
/// `a - b`.
pub type Sub<A, B> = <A as LeafOps>::Sub<B>;
/// `-a`.
pub type Neg<A> = <A as LeafOps>::Neg;
/// `a * b`.
pub type Mul<A, B> = <A as LeafOps>::Mul<B>;
/// `a / b`.
pub type Div<A, B> = <A as LeafOps>::Div<B>;
/// `a % b`.
pub type Rem<A, B> = <A as LeafOps>::Rem<B>;
/// `min(a, b)`.
pub type Min<A, B> = <A as LeafOps>::Min<B>;
/// `max(a, b)`.
pub type Max<A, B> = <A as LeafOps>::Max<B>;
/// `|a|`.
pub type Abs<A> = <A as LeafOps>::Abs;
/// `signum(a)`.
pub type Signum<A> = <A as LeafOps>::Signum;
/// `gcd(a, b)`.
pub type Gcd<A, B> = <A as LeafOps>::Gcd<B>;
/// `ceil_div(a, b)`.
pub type CeilDiv<A, B> = <A as LeafOps>::CeilDiv<B>;
/// `B1` for the static `_0`.
pub type IsZero<A> = <A as LeafOps>::IsZero;
/// `B1` for the static `_1`.
pub type IsOne<A> = <A as LeafOps>::IsOne;
/// `a < b`, known statically.
pub type StaticLt<A, B> = <A as LeafOps>::StaticLt<B>;
/// `a == b`, known statically.
pub type StaticEq<A, B> = <A as LeafOps>::StaticEq<B>;
/// `cond` where both leaves are static, `B1` (nothing to check) otherwise: CuTe's
/// `CUTE_STATIC_ASSERT_V`, which only asserts what it can see.
pub type Checked<A, B, Cond> = <<<A as LeafOps>::BothStatic<B> as Bit>::Not as Bit>::Or<Cond>;

#[inline]
#[track_caller]
fn ck(v: Option<isize>, op: &'static str, a: isize, b: isize) -> isize {
    match v {
        Some(v) => v,
        None => crate::cold::arithmetic(op, a, b),
    }
}

/// `a + b` (checked: overflow panics, naming the operation).
#[inline]
#[track_caller]
pub fn add<A: Leaf, B: Leaf>(a: A, b: B) -> Add<A, B> {
    Leaf::from_value(ck(
        a.value().checked_add(b.value()),
        "+",
        a.value(),
        b.value(),
    ))
}
/// `a - b`.
#[inline]
#[track_caller]
pub fn sub<A: Leaf, B: Leaf>(a: A, b: B) -> Sub<A, B> {
    Leaf::from_value(ck(
        a.value().checked_sub(b.value()),
        "-",
        a.value(),
        b.value(),
    ))
}
/// `-a`.
#[inline]
#[track_caller]
pub fn neg<A: Leaf>(a: A) -> Neg<A> {
    Leaf::from_value(ck(a.value().checked_neg(), "-", 0, a.value()))
}
/// `a * b`.
#[inline]
#[track_caller]
pub fn mul<A: Leaf, B: Leaf>(a: A, b: B) -> Mul<A, B> {
    Leaf::from_value(ck(
        a.value().checked_mul(b.value()),
        "*",
        a.value(),
        b.value(),
    ))
}
/// `a / b`, truncating.
#[inline]
#[track_caller]
pub fn div<A: Leaf, B: Leaf>(a: A, b: B) -> Div<A, B> {
    Leaf::from_value(ck(
        a.value().checked_div(b.value()),
        "/",
        a.value(),
        b.value(),
    ))
}
/// `a % b`, with C++'s sign.
#[inline]
#[track_caller]
pub fn rem<A: Leaf, B: Leaf>(a: A, b: B) -> Rem<A, B> {
    Leaf::from_value(ck(
        a.value().checked_rem(b.value()),
        "%",
        a.value(),
        b.value(),
    ))
}
/// `min(a, b)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(min(_3::new(), _5::new()).to_string(), "_3");
/// assert_eq!(min(_3::new(), 5isize), 3);
/// ```
#[inline]
pub fn min<A: Leaf, B: Leaf>(a: A, b: B) -> Min<A, B> {
    Leaf::from_value(a.value().min(b.value()))
}
/// `max(a, b)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(max(_3::new(), _5::new()).to_string(), "_5");
/// ```
#[inline]
pub fn max<A: Leaf, B: Leaf>(a: A, b: B) -> Max<A, B> {
    Leaf::from_value(a.value().max(b.value()))
}
/// `|a|`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(abs(IntNeg::<3>::new()).to_string(), "_3");
/// ```
#[inline]
#[track_caller]
pub fn abs<A: Leaf>(a: A) -> Abs<A> {
    Leaf::from_value(ck(a.value().checked_abs(), "abs", a.value(), 0))
}
/// `signum(a)`: `-1`, `0` or `1`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(signum(IntNeg::<3>::new()).to_string(), "_-1");
/// ```
#[inline]
pub fn signum<A: Leaf>(a: A) -> Signum<A> {
    Leaf::from_value(a.value().signum())
}
/// CuTe's `gcd(a, b)` (its Euclid loop, signs as C++ computes them).
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(gcd(_12::new(), _18::new()).to_string(), "_6");
/// assert_eq!(gcd(12isize, _18::new()), 6);
/// ```
#[inline]
pub fn gcd<A: Leaf, B: Leaf>(a: A, b: B) -> Gcd<A, B> {
    let (mut t, mut u) = (a.value(), b.value());
    let g = loop {
        if t == 0 {
            break u;
        }
        u = u.wrapping_rem(t);
        if u == 0 {
            break t;
        }
        t = t.wrapping_rem(u);
    };
    Leaf::from_value(g)
}
/// CuTe's `ceil_div(a, b) = (a + b - _1) / b`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(ceil_div(_13::new(), _4::new()).to_string(), "_4");
/// assert_eq!(ceil_div(13isize, _4::new()), 4);
/// ```
#[inline]
#[track_caller]
pub fn ceil_div<A: Leaf, B: Leaf>(a: A, b: B) -> CeilDiv<A, B> {
    let (a, b) = (a.value(), b.value());
    let s = ck(a.checked_add(b), "ceil_div", a, b);
    let s = ck(s.checked_sub(1), "ceil_div", a, b);
    Leaf::from_value(ck(s.checked_div(b), "ceil_div", a, b))
}

/// Machine integers accepted as dynamic layout values (converted to `isize`).
///
/// ```
/// use cutlet_core::int::DynInt;
/// assert_eq!(7u32.to_isize(), 7);
/// ```
pub trait DynInt: Copy {
    /// The value as `isize`; panics, naming the value, if it does not fit.
    fn to_isize(self) -> isize;
}
macro_rules! dyn_int {
    ($($t:ty),*) => {$(
        impl DynInt for $t {
            #[inline]
            #[track_caller]
            #[allow(clippy::unnecessary_fallible_conversions)]
            fn to_isize(self) -> isize {
                match isize::try_from(self) {
                    Ok(v) => v,
                    Err(_) => crate::cold::not_isize("the layout value", self),
                }
            }
        }
    )*};
}
dyn_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// A machine integer as a dynamic layout integer (what `layout!` emits for identifiers
/// and `{expr}` leaves).
///
/// ```
/// assert_eq!(cutlet_core::int::dynamic(3u8), 3isize);
/// ```
#[inline]
#[track_caller]
pub fn dynamic<T: DynInt>(t: T) -> isize {
    t.to_isize()
}
