//! Static integers: zero-sized types whose value is a typenum integer.

use super::sint::SInt;
use core::fmt;
use core::marker::PhantomData;
use typenum::Integer;

/// A static integer (CuTe's `C<v>` / `Int<v>`): a zero-sized type carrying the typenum
/// integer `N`. Arithmetic between static integers yields static integers.
///
/// Spell it with [`Int`], CuTe's aliases [`_4`], or leave it to the `layout!` and
/// `shape!` macros, which turn integer literals into static integers.
///
/// ```
/// use cutlet_core::prelude::*;
/// let a = _4::new() * _8::new();
/// assert_eq!(a.to_string(), "_32");
/// assert_eq!(core::mem::size_of_val(&a), 0);
/// const N: isize = <Int<32>>::VALUE;
/// assert_eq!(N, 32);
/// ```
pub struct C<N>(PhantomData<N>);

impl<N> C<N> {
    /// The (only) value of this type.
    #[inline]
    pub const fn new() -> Self {
        C(PhantomData)
    }
}

impl<N: Integer> C<N> {
    /// The integer, usable in `const` contexts.
    pub const VALUE: isize = N::ISIZE;
}

impl<N> Clone for C<N> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<N> Copy for C<N> {}
impl<N> Default for C<N> {
    #[inline]
    fn default() -> Self {
        C::new()
    }
}
impl<N> PartialEq for C<N> {
    #[inline]
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<N> Eq for C<N> {}
impl<N> core::hash::Hash for C<N> {
    fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
}
impl<N: Integer> fmt::Display for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::I64)
    }
}
impl<N: Integer> fmt::Debug for C<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Maps an unsigned typenum integer to the signed one of the same value.
#[doc(hidden)]
pub trait ToSigned {
    type Output: SInt;
}
impl ToSigned for typenum::UTerm {
    type Output = typenum::Z0;
}
impl<U, B> ToSigned for typenum::UInt<U, B>
where
    typenum::UInt<U, B>: super::nat::Nat + typenum::NonZero,
{
    type Output = typenum::PInt<typenum::UInt<U, B>>;
}

/// The static integer `N` spelled with a const generic (CuTe's `Int<N>`); covers the
/// values typenum maps: 0 to 1024 and the powers of two and ten (the macros spell any
/// literal).
///
/// ```
/// use cutlet_core::prelude::*;
/// let x: Int<12> = Int::<12>::new();
/// assert_eq!(x.to_string(), "_12");
/// ```
pub type Int<const N: usize> = C<<typenum::U<N> as ToSigned>::Output>;

/// The static integer `-N` (CuTe's `Int<-N>`), e.g. `IntNeg<1>` prints `_-1`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(IntNeg::<1>::new().to_string(), "_-1");
/// ```
pub type IntNeg<const N: usize> = C<super::sint::Neg<<typenum::U<N> as ToSigned>::Output>>;

macro_rules! aliases {
    ($($name:ident = $n:literal),* $(,)?) => {$(
        #[doc = concat!("CuTe's `_", stringify!($n), "`: the static integer ", stringify!($n), ".")]
        #[allow(non_camel_case_types)]
        pub type $name = Int<$n>;
    )*};
}

aliases!(
    _0 = 0,
    _1 = 1,
    _2 = 2,
    _3 = 3,
    _4 = 4,
    _5 = 5,
    _6 = 6,
    _7 = 7,
    _8 = 8,
    _9 = 9,
    _10 = 10,
    _11 = 11,
    _12 = 12,
    _13 = 13,
    _14 = 14,
    _15 = 15,
    _16 = 16,
    _17 = 17,
    _18 = 18,
    _19 = 19,
    _20 = 20,
    _21 = 21,
    _22 = 22,
    _23 = 23,
    _24 = 24,
    _25 = 25,
    _26 = 26,
    _27 = 27,
    _28 = 28,
    _29 = 29,
    _30 = 30,
    _31 = 31,
    _32 = 32,
    _33 = 33,
    _34 = 34,
    _35 = 35,
    _36 = 36,
    _37 = 37,
    _38 = 38,
    _39 = 39,
    _40 = 40,
    _41 = 41,
    _42 = 42,
    _43 = 43,
    _44 = 44,
    _45 = 45,
    _46 = 46,
    _47 = 47,
    _48 = 48,
    _49 = 49,
    _50 = 50,
    _51 = 51,
    _52 = 52,
    _53 = 53,
    _54 = 54,
    _55 = 55,
    _56 = 56,
    _57 = 57,
    _58 = 58,
    _59 = 59,
    _60 = 60,
    _61 = 61,
    _62 = 62,
    _63 = 63,
    _64 = 64,
    _96 = 96,
    _128 = 128,
    _192 = 192,
    _256 = 256,
    _512 = 512,
    _1024 = 1024,
    _2048 = 2048,
    _4096 = 4096,
);
