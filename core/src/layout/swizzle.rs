//! CuTe's `Swizzle<B, M, S>`: the bit permutation that shared-memory layouts apply to
//! their offsets so that the rows a warp reads together fall in different banks.
//!
//! A swizzle XORs the `B` bits at `M + S` (the "Y" bits) into the `B` bits at `M` (the
//! "Z" bits) of an offset; `M` bits of the offset stay whole, so runs of `2^M` elements
//! stay contiguous. It is its own inverse.
//!
//! The parameters are types ([`Sw`]), so the swizzle algebra (evaluation at a static
//! offset, `make_swizzle`, the merge of two swizzles, `upcast`/`downcast`) is computed
//! by the type checker, as CuTe computes it at compile time. [`Swizzle`] spells one
//! with integers.

use crate::int::types::MkLeaf;
use crate::int::{Bit, Leaf, Nat, PNil, SInt, ToSigned, sint};
use core::fmt;
use core::marker::PhantomData;
use typenum::{B0, UTerm};

/// CuTe's `Swizzle<B, M, S>` with the parameters as types (`B`, `M` natural, `S`
/// signed): `offset ^ ((offset & yyy_msk) >> S)`, `yyy_msk` the `B` bits at
/// `M + max(0, S)` (a negative `S` shifts the other way). Spell it [`Swizzle`]; the
/// algebra produces the others (`Sw<3,0,-8>` is the inverse of some swizzled layouts).
///
/// ```
/// use cutlet_core::prelude::*;
/// let sw = Swizzle::<3, 3, 3>::new();
/// assert_eq!(sw.to_string(), "Sw<3,3,3>");
/// assert_eq!(sw.apply(64), 72);   // row 1 of a 64-wide tile: its 8-element chunks move by one
/// assert_eq!(sw.apply(sw.apply(1234)), 1234);
/// ```
pub struct Sw<B, M, S>(PhantomData<(B, M, S)>);

/// CuTe's `Swizzle<B, M, S>` spelled with integers (`S >= 0`; the algebra's results
/// with a negative shift are [`Sw`] types).
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Swizzle::<2, 4, 3>::new().to_string(), "Sw<2,4,3>");
/// assert_eq!(core::mem::size_of::<Swizzle<3, 3, 3>>(), 0);
/// ```
pub type Swizzle<const B: usize, const M: usize, const S: usize> =
    Sw<typenum::U<B>, typenum::U<M>, <typenum::U<S> as ToSigned>::Output>;

/// A swizzle with a negative shift, `Sw<B, M, -S>` (what the inverses of some swizzled
/// layouts produce; CuTe writes `Swizzle<3, 0, -8>`).
///
/// ```
/// use cutlet_core::prelude::*;
/// let s = SwizzleNeg::<3, 0, 8>::new();
/// assert_eq!(s.to_string(), "Sw<3,0,-8>");
/// assert_eq!(s.apply(5), 1285); // the Y bits (0..3) are below the Z bits (8..11)
/// ```
pub type SwizzleNeg<const B: usize, const M: usize, const S: usize> =
    Sw<typenum::U<B>, typenum::U<M>, sint::Neg<<typenum::U<S> as ToSigned>::Output>>;

impl<B: Nat, M: Nat, S: SInt> Sw<B, M, S> {
    const CHECK: () = assert!(
        S::I32.unsigned_abs() >= B::U32,
        "Swizzle<B, M, S>: the Y and Z bits overlap (CuTe requires abs(S) >= B)"
    );
    /// The Y bits: `B` bits at `M + max(0, S)` (CuTe's `yyy_msk`).
    pub const YYY_MSK: isize =
        ((1isize << B::U32) - 1) << (M::I32 + if S::I32 > 0 { S::I32 } else { 0 });
    /// The Z bits: `B` bits at `M - min(0, S)` (CuTe's `zzz_msk`), the bits flipped.
    pub const ZZZ_MSK: isize =
        ((1isize << B::U32) - 1) << (M::I32 - if S::I32 < 0 { S::I32 } else { 0 });
    /// The swizzle.
    #[inline]
    pub const fn new() -> Self {
        let () = Self::CHECK;
        Sw(PhantomData)
    }
    /// The permuted offset (CuTe's `swizzle(offset)`).
    #[inline]
    pub const fn apply(self, offset: isize) -> isize {
        if S::I32 >= 0 {
            offset ^ ((offset & Self::YYY_MSK) >> S::I32)
        } else {
            offset ^ ((offset & Self::YYY_MSK) << -S::I32)
        }
    }
}

impl<B, M, S> Clone for Sw<B, M, S> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<B, M, S> Copy for Sw<B, M, S> {}
impl<B, M, S> Default for Sw<B, M, S> {
    #[inline]
    fn default() -> Self {
        Sw(PhantomData)
    }
}
impl<B, M, S> PartialEq for Sw<B, M, S> {
    #[inline]
    fn eq(&self, _: &Self) -> bool {
        true
    }
}
impl<B, M, S> Eq for Sw<B, M, S> {}
impl<B: Nat, M: Nat, S: SInt> fmt::Display for Sw<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", B::U32, M::U32, S::I32)
    }
}
impl<B: Nat, M: Nat, S: SInt> fmt::Debug for Sw<B, M, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A swizzle functor on offsets: [`Sw`], or [`NoSwizzle`] (the identity), which is what
/// a device pointer applies to every offset (CuTe's `swizzle_ptr`).
///
/// ```
/// use cutlet_core::prelude::*;
/// let sw = Swizzle::<1, 1, 1>::new();
/// // A static offset gives a static result, a dynamic one a dynamic result.
/// assert_eq!(sw.apply_leaf(_4::new()).to_string(), "_6");
/// assert_eq!(sw.apply_leaf(4isize), 6);
/// assert_eq!(NoSwizzle.apply_to(4), 4);
/// ```
pub trait SwizzleFn: Copy + Default + fmt::Debug + 'static {
    /// `Some((B, M, S))` of a [`Sw`], `None` for [`NoSwizzle`]: what a hardware
    /// descriptor (GMMA, TMA) encodes of the swizzle.
    const BMS: Option<(u32, u32, i32)>;
    /// The type of `self(x)`: static for a static non-negative offset.
    type Apply<X: Leaf>: Leaf;
    /// The permuted offset.
    fn apply_to(self, offset: isize) -> isize;
    /// The permuted offset as a leaf (static where `x` is).
    fn apply_leaf<X: Leaf>(self, x: X) -> Self::Apply<X>;
}

type PosPart<S> = <<S as SInt>::IsNeg as Bit>::IfN<UTerm, <S as SInt>::Mag>;
type NegPart<S> = <<S as SInt>::IsNeg as Bit>::IfN<<S as SInt>::Mag, UTerm>;
/// `yyy_msk` as a natural number.
pub(crate) type YMask<B, M, S> =
    <<<B as Nat>::Pow2 as Nat>::Pred as Nat>::Mul<<<M as Nat>::Add<PosPart<S>> as Nat>::Pow2>;
/// `zzz_msk` as a natural number.
pub(crate) type ZMask<B, M, S> =
    <<<B as Nat>::Pow2 as Nat>::Pred as Nat>::Mul<<<M as Nat>::Add<NegPart<S>> as Nat>::Pow2>;
/// `x ^ ((x & yyy_msk) >> S)` on a natural number.
type SwizzledNat<X, B, M, S> = <X as Nat>::Xor<
    <<<X as Nat>::And<YMask<B, M, S>> as Nat>::Div<<PosPart<S> as Nat>::Pow2> as Nat>::Mul<
        <NegPart<S> as Nat>::Pow2,
    >,
>;
type Val<X> = <X as Leaf>::Val;
/// A static non-negative offset swizzles on the type level; anything else at run time.
pub(crate) type StaticNonNeg<X> =
    <<X as crate::tuple::IntTuple>::IsStatic as Bit>::And<<<Val<X> as SInt>::IsNeg as Bit>::Not>;

impl<B: Nat, M: Nat, S: SInt> SwizzleFn for Sw<B, M, S> {
    const BMS: Option<(u32, u32, i32)> = Some((B::U32, M::U32, S::I32));
    type Apply<X: Leaf> =
        MkLeaf<StaticNonNeg<X>, sint::Make<B0, SwizzledNat<<Val<X> as SInt>::Mag, B, M, S>>, PNil>;
    #[inline]
    fn apply_to(self, offset: isize) -> isize {
        self.apply(offset)
    }
    #[inline]
    fn apply_leaf<X: Leaf>(self, x: X) -> Self::Apply<X> {
        Leaf::from_value(self.apply(x.value()))
    }
}

/// The identity swizzle (CuTe's `Swizzle<0,4,3>`, printed as no swizzle at all).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct NoSwizzle;
impl SwizzleFn for NoSwizzle {
    const BMS: Option<(u32, u32, i32)> = None;
    type Apply<X: Leaf> = X;
    #[inline]
    fn apply_to(self, offset: isize) -> isize {
        offset
    }
    #[inline]
    fn apply_leaf<X: Leaf>(self, x: X) -> X {
        x
    }
}

/// CuTe's `make_swizzle<Y, Z>()`: the swizzle whose Y and Z masks are the natural
/// numbers `Y` and `Z` (`B = popcount(Y)`, `M = min(ctz(Y), ctz(Z)) % 32`,
/// `S = ctz(Y) - ctz(Z)`). [`MakeSwizzleOk`] says whether CuTe accepts the masks.
pub(crate) type MakeSwizzle<Y, Z> = Sw<
    <Y as Nat>::Popcount,
    <<<<Y as Nat>::Ctz as Nat>::Cmp<<Z as Nat>::Ctz> as crate::int::Ord3>::Lt as Bit>::IfN<
        <<Y as Nat>::Ctz as Nat>::Rem<typenum::U32>,
        <<Z as Nat>::Ctz as Nat>::Rem<typenum::U32>,
    >,
    sint::Sub<sint::Make<B0, <Y as Nat>::Ctz>, sint::Make<B0, <Z as Nat>::Ctz>>,
>;
/// CuTe's `make_swizzle` checks: as many Y bits as Z bits, and the masks are exactly
/// those of the swizzle made.
pub(crate) type MakeSwizzleOk<Y, Z> =
    <<<<Y as Nat>::Popcount as Nat>::Cmp<<Z as Nat>::Popcount> as crate::int::Ord3>::Eq as Bit>::And<
        <<<<Y as Nat>::Xor<Z> as Nat>::Cmp<SwizzleCode<MakeSwizzle<Y, Z>>> as crate::int::Ord3>::Eq
            as Bit>::And<ShiftCoversBits<MakeSwizzle<Y, Z>>>,
    >;
/// CuTe's `abs(S) >= B` of the swizzle made.
type ShiftCoversBits<W> = <W as SwizzleMasks>::ShiftCoversBits;
/// `yyy_msk | zzz_msk` of a swizzle (disjoint masks, so their XOR).
type SwizzleCode<W> = <W as SwizzleMasks>::Code;

/// The masks of a swizzle type as natural numbers (the type-level swizzle algebra).
pub trait SwizzleMasks {
    /// `B`, the number of bits.
    type Bits: Nat;
    /// `M`, the base.
    type Base: Nat;
    /// `yyy_msk`.
    type Y: Nat;
    /// `zzz_msk`.
    type Z: Nat;
    /// The shift `S`.
    type Shift: SInt;
    /// `yyy_msk | zzz_msk`.
    type Code: Nat;
    /// `abs(S) >= B`.
    type ShiftCoversBits: Bit;
}
impl<B: Nat, M: Nat, S: SInt> SwizzleMasks for Sw<B, M, S> {
    type Bits = B;
    type Base = M;
    type Y = YMask<B, M, S>;
    type Z = ZMask<B, M, S>;
    type Shift = S;
    type Code = <YMask<B, M, S> as Nat>::Xor<ZMask<B, M, S>>;
    type ShiftCoversBits =
        <<<<S as SInt>::Mag as Nat>::Cmp<B> as crate::int::Ord3>::Lt as Bit>::Not;
}
