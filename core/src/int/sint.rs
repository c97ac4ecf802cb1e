//! Signed static integers (typenum's `Z0`, `PInt`, `NInt`) with total operations that
//! follow C++, as CuTe computes them: truncating division, the dividend's sign for `%`,
//! CuTe's `gcd` loop.
//!
//! Every operation is written once over the sign bit and the magnitude ([`Nat`]).

use super::bit::Bit;
use super::nat::{CuteGcd, Equal, GcdState, Greater, Less, Nat};
use typenum::{B0, B1, Integer, NInt, PInt, U1, UInt, UTerm, Z0};

/// A static signed integer.
pub trait SInt: Integer + Copy + Default + core::fmt::Debug + 'static {
    /// `B1` for a negative value.
    type IsNeg: Bit;
    /// The magnitude.
    type Mag: Nat;
}
impl SInt for Z0 {
    type IsNeg = B0;
    type Mag = UTerm;
}
impl<U: Nat + typenum::NonZero> SInt for PInt<U> {
    type IsNeg = B0;
    type Mag = U;
}
impl<U: Nat + typenum::NonZero> SInt for NInt<U> {
    type IsNeg = B1;
    type Mag = U;
}

/// The integer of a sign bit and a magnitude (`-0` is `0`).
pub trait MakeInt {
    /// `±m`.
    type Out<M: Nat>: SInt;
}
impl MakeInt for B0 {
    type Out<M: Nat> = <M::IsZero as MakeNz>::Pos<M>;
}
impl MakeInt for B1 {
    type Out<M: Nat> = <M::IsZero as MakeNz>::Neg<M>;
}
/// The zero test before a magnitude is wrapped.
pub trait MakeNz {
    /// `+m`.
    type Pos<M: Nat>: SInt;
    /// `-m`.
    type Neg<M: Nat>: SInt;
}
impl MakeNz for B1 {
    type Pos<M: Nat> = Z0;
    type Neg<M: Nat> = Z0;
}
impl MakeNz for B0 {
    type Pos<M: Nat> = PInt<<M as NzNat>::Nz>;
    type Neg<M: Nat> = NInt<<M as NzNat>::Nz>;
}
/// Naturals as typenum's `NonZero` bound of `PInt`/`NInt` sees them.
pub trait NzNat {
    /// `Self` when it is non-zero.
    type Nz: Nat + typenum::NonZero;
}
impl NzNat for UTerm {
    // Never used: zero magnitudes take the `Z0` arm.
    type Nz = U1;
}
impl<U, B> NzNat for UInt<U, B>
where
    UInt<U, B>: Nat + typenum::NonZero,
{
    type Nz = Self;
}

/// Addition by sign agreement.
pub trait AddSigns {
    /// `a + b`.
    type Out<A: SInt, B: SInt>: SInt;
}
// Same signs: the magnitudes add.
impl AddSigns for B1 {
    type Out<A: SInt, B: SInt> = Make<A::IsNeg, <A::Mag as Nat>::Add<B::Mag>>;
}
// Opposite signs: the larger magnitude keeps its sign.
impl AddSigns for B0 {
    type Out<A: SInt, B: SInt> = <<A::Mag as Nat>::Cmp<B::Mag> as OrdDispatch>::OppAdd<A, B>;
}
/// Dispatches on a comparison (supertrait of [`Ord3`](super::nat::Ord3)).
pub trait OrdDispatch {
    /// `a + b` for opposite signs, by magnitude order.
    type OppAdd<A: SInt, B: SInt>: SInt;
}
impl OrdDispatch for Greater {
    type OppAdd<A: SInt, B: SInt> = Make<A::IsNeg, <A::Mag as Nat>::Sub<B::Mag>>;
}
impl OrdDispatch for Less {
    type OppAdd<A: SInt, B: SInt> = Make<B::IsNeg, <B::Mag as Nat>::Sub<A::Mag>>;
}
impl OrdDispatch for Equal {
    type OppAdd<A: SInt, B: SInt> = Z0;
}

/// The bit dispatches of signed arithmetic (supertraits of [`Bit`]).
pub trait SIntBits: MakeInt + MakeNz + AddSigns {}
impl<B: MakeInt + MakeNz + AddSigns> SIntBits for B {}

/// `±m` with `Neg` the sign bit.
pub type Make<Neg, M> = <Neg as MakeInt>::Out<M>;
/// `a ^ b` on bits.
pub type Xor<A, B> = <A as Bit>::IfB<<B as Bit>::Not, B>;
/// `a + b`.
pub type Add<A, B> =
    <<Xor<<A as SInt>::IsNeg, <B as SInt>::IsNeg> as Bit>::Not as AddSigns>::Out<A, B>;
/// `a - b`.
pub type Sub<A, B> = Add<A, Neg<B>>;
/// `-a`.
pub type Neg<A> = Make<<<A as SInt>::IsNeg as Bit>::Not, <A as SInt>::Mag>;
/// `|a|`.
pub type Abs<A> = Make<B0, <A as SInt>::Mag>;
/// `signum(a)`.
pub type Signum<A> =
    Make<<A as SInt>::IsNeg, <<<A as SInt>::Mag as Nat>::IsZero as Bit>::IfN<UTerm, U1>>;
/// `a * b`.
pub type Mul<A, B> = Make<
    Xor<<A as SInt>::IsNeg, <B as SInt>::IsNeg>,
    <<A as SInt>::Mag as Nat>::Mul<<B as SInt>::Mag>,
>;
/// `a / b`, truncating toward zero.
pub type Div<A, B> = Make<
    Xor<<A as SInt>::IsNeg, <B as SInt>::IsNeg>,
    <<A as SInt>::Mag as Nat>::Div<<B as SInt>::Mag>,
>;
/// `a % b`, with the sign of `a`.
pub type Rem<A, B> = Make<<A as SInt>::IsNeg, <<A as SInt>::Mag as Nat>::Rem<<B as SInt>::Mag>>;
/// `a == 0`.
pub type IsZero<A> = <<A as SInt>::Mag as Nat>::IsZero;
/// `a == 1`.
pub type IsOne<A> =
    <<<A as SInt>::IsNeg as Bit>::Not as Bit>::And<<<A as SInt>::Mag as Nat>::IsOne>;
/// `a == -1`.
pub type IsMinusOne<A> = <<A as SInt>::IsNeg as Bit>::And<<<A as SInt>::Mag as Nat>::IsOne>;
/// `a < b`.
pub type Lt<A, B> = <Sub<A, B> as SInt>::IsNeg;
/// `a == b`.
pub type Eq<A, B> = <<Sub<A, B> as SInt>::Mag as Nat>::IsZero;
/// CuTe's `gcd(a, b)`: its Euclid loop, with the signs C++ computes.
pub type Gcd<A, B> = Make<
    <<GcdState<<A as SInt>::Mag, <B as SInt>::Mag> as CuteGcd>::IsT as Bit>::IfB<
        <A as SInt>::IsNeg,
        <B as SInt>::IsNeg,
    >,
    <GcdState<<A as SInt>::Mag, <B as SInt>::Mag> as CuteGcd>::Mag,
>;
