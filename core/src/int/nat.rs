//! Natural numbers on the type level: typenum's binary `UTerm`/`UInt` (least
//! significant bit outermost) with every operation an associated type of [`Nat`].
//!
//! The operations are total and carry no where-clauses: normalizing `<A as
//! Nat>::Mul<B>` is plain rewriting through one impl per step, and a projection on a
//! generic `A` stays a single compact type until `A` is known. Numbers are kept
//! normalized (no leading zero bits), so equal values are equal types.

use super::bit::Bit;
use super::storage::{Block, OddArray, Storage};
use typenum::{B0, B1, UInt, UTerm, Unsigned};

/// A three-way comparison result.
pub trait Ord3: super::sint::OrdDispatch {
    /// `self` if it is not `Equal`, else `O` (lexicographic refinement).
    type Then<O: Ord3>: Ord3;
    /// `B1` for `Less`.
    type Lt: Bit;
    /// `B1` for `Equal`.
    type Eq: Bit;
    /// `B1` for `Less` or `Equal`.
    type Le: Bit;
}
/// `a < b`.
#[derive(Clone, Copy, Default, Debug)]
pub struct Less;
/// `a == b`.
#[derive(Clone, Copy, Default, Debug)]
pub struct Equal;
/// `a > b`.
#[derive(Clone, Copy, Default, Debug)]
pub struct Greater;
impl Ord3 for Less {
    type Then<O: Ord3> = Less;
    type Lt = B1;
    type Eq = B0;
    type Le = B1;
}
impl Ord3 for Equal {
    type Then<O: Ord3> = O;
    type Lt = B0;
    type Eq = B1;
    type Le = B1;
}
impl Ord3 for Greater {
    type Then<O: Ord3> = Greater;
    type Lt = B0;
    type Eq = B0;
    type Le = B0;
}

/// A natural number (typenum's `UTerm`, `UInt<U, B>`), with its arithmetic.
///
/// `Sub` is defined for `self >= r` only and `Div`/`Rem` by zero are unspecified: callers (the
/// signed layer) only use them where they are defined, and mark the rest as errors.
pub trait Nat:
    Unsigned
    + Copy
    + Default
    + core::fmt::Debug
    + 'static
    + super::sint::NzNat
    + super::for_each::Unrolled
{
    /// `B1` for zero.
    type IsZero: Bit;
    /// `B1` for one.
    type IsOne: Bit;
    /// `2 self`.
    type Twice: Nat;
    /// `2 self + 1`.
    type TwiceP1: Nat;
    /// `self + 1`.
    type Succ: Nat;
    /// `self - 1` (saturating).
    type Pred: Nat;
    /// `self + r`.
    type Add<R: Nat>: Nat;
    /// `self + r + 1`.
    type AddC<R: Nat>: Nat;
    #[doc(hidden)]
    type RAddB0<N: Nat>: Nat;
    #[doc(hidden)]
    type RAddB1<N: Nat>: Nat;
    #[doc(hidden)]
    type RAddCB0<N: Nat>: Nat;
    #[doc(hidden)]
    type RAddCB1<N: Nat>: Nat;
    /// `self - r` (for `self >= r`; unspecified otherwise).
    type Sub<R: Nat>: Nat;
    /// `self - r - 1` (for `self > r`; unspecified otherwise).
    type SubB<R: Nat>: Nat;
    #[doc(hidden)]
    type RSubB0<N: Nat>: Nat;
    #[doc(hidden)]
    type RSubB1<N: Nat>: Nat;
    #[doc(hidden)]
    type RSubBB0<N: Nat>: Nat;
    #[doc(hidden)]
    type RSubBB1<N: Nat>: Nat;
    /// How `self` compares with `r`.
    type Cmp<R: Nat>: Ord3;
    #[doc(hidden)]
    type RCmpB0<N: Nat>: Ord3;
    #[doc(hidden)]
    type RCmpB1<N: Nat>: Ord3;
    /// `self * r`.
    type Mul<R: Nat>: Nat;
    /// `self / r` (for `r > 0`).
    type Div<R: Nat>: Nat;
    /// `self % r` (for `r > 0`).
    type Rem<R: Nat>: Nat;
    /// `max(self, r)`.
    type Max<R: Nat>: Nat;
    /// `self ^ r` (bitwise).
    type Xor<R: Nat>: Nat;
    #[doc(hidden)]
    type RXorB0<N: Nat>: Nat;
    #[doc(hidden)]
    type RXorB1<N: Nat>: Nat;
    /// `self & r` (bitwise).
    type And<R: Nat>: Nat;
    #[doc(hidden)]
    type RAndB0<N: Nat>: Nat;
    #[doc(hidden)]
    type RAndB1<N: Nat>: Nat;
    /// `2^self`.
    type Pow2: Nat;
    /// The number of set bits (C++'s `popcount`).
    type Popcount: Nat;
    /// The number of trailing zero bits (32 for zero, as C++'s `countr_zero` of a
    /// `uint32_t`).
    type Ctz: Nat;
    /// Owned storage for `self` values of `T`: exactly this length, `self` / 2^k flat
    /// blocks `[T; 2^k]` (`k` = trailing zeros; `Storage` in `int::storage`).
    type Array<T: Copy + Default>: Storage<T>;
    /// Owned storage for `self` blocks `E`, each doubling of `self` doubling the block
    /// instead (so powers of two end up inside the blocks).
    ///
    /// ```
    /// use cutlet_core::int::{Nat, Storage};
    /// // 12 = 3 blocks of `[f32; 4]`: `OddArray<[f32; 4], [f32; 4]>`.
    /// type S = <typenum::U12 as Nat>::Array<f32>;
    /// assert_eq!(<S as Storage<f32>>::LEN, 12);
    /// let mut s = S::filled(0.0);
    /// *s.at_mut(11) = 1.0;
    /// assert_eq!((*s.at(11), core::mem::size_of::<S>()), (1.0, 48));
    /// ```
    type ArrayOf<T: Copy + Default, E: Block<T>>: Storage<T>;
    /// `2 self + 1` blocks `E`: `E` alone for `self = 0` (so a power of two is one
    /// block), else an [`OddArray`] of `self` blocks twice, then `E`.
    type OddOf<T: Copy + Default, E: Block<T>>: Storage<T>;
}

/// One step of long division: given the quotient `Q0` of the high part and the
/// remainder `R2` with the next bit shifted in, subtract the divisor if it fits.
pub trait DivStep {
    /// The quotient.
    type Q<Q0: Nat, R2: Nat, D: Nat>: Nat;
    /// The remainder.
    type R<R2: Nat, D: Nat>: Nat;
}
impl DivStep for B1 {
    // r2 >= d
    type Q<Q0: Nat, R2: Nat, D: Nat> = Q0::TwiceP1;
    type R<R2: Nat, D: Nat> = R2::Sub<D>;
}
impl DivStep for B0 {
    type Q<Q0: Nat, R2: Nat, D: Nat> = Q0::Twice;
    type R<R2: Nat, D: Nat> = R2;
}
/// `0` compared with a number (`B1`: it is non-zero).
pub trait CmpZero {
    /// The comparison.
    type Out: Ord3;
}
impl CmpZero for B1 {
    type Out = Less;
}
impl CmpZero for B0 {
    type Out = Equal;
}
/// `2n` compared with `0` (`B1`: `n` is zero).
pub trait CmpZeroR {
    /// The comparison.
    type Out: Ord3;
}
impl CmpZeroR for B1 {
    type Out = Equal;
}
impl CmpZeroR for B0 {
    type Out = Greater;
}
/// The bit dispatches of natural-number recursion (supertraits of [`Bit`]).
pub trait NatBits: DivStep + CmpZero + CmpZeroR + GcdLoop + GcdLoop2 {}
impl<B: DivStep + CmpZero + CmpZeroR + GcdLoop + GcdLoop2> NatBits for B {}

type Ge<A, B> = <<<A as Nat>::Cmp<B> as Ord3>::Lt as Bit>::Not;
type Twice2<N, R> = <<N as Nat>::Rem<R> as Nat>::Twice;
type Twice2P1<N, R> = <<N as Nat>::Rem<R> as Nat>::TwiceP1;

impl Nat for UTerm {
    type IsZero = B1;
    type IsOne = B0;
    type Twice = UTerm;
    type TwiceP1 = UInt<UTerm, B1>;
    type Succ = UInt<UTerm, B1>;
    type Pred = UTerm;
    type Add<R: Nat> = R;
    type AddC<R: Nat> = R::Succ;
    type RAddB0<N: Nat> = N::Twice;
    type RAddB1<N: Nat> = N::TwiceP1;
    type RAddCB0<N: Nat> = N::TwiceP1;
    type RAddCB1<N: Nat> = <N::Succ as Nat>::Twice;
    type Sub<R: Nat> = UTerm;
    type SubB<R: Nat> = UTerm;
    type RSubB0<N: Nat> = N::Twice;
    type RSubB1<N: Nat> = N::TwiceP1;
    type RSubBB0<N: Nat> = <N::Twice as Nat>::Pred;
    type RSubBB1<N: Nat> = N::Twice;
    type Cmp<R: Nat> = <<R::IsZero as Bit>::Not as CmpZero>::Out;
    type RCmpB0<N: Nat> = <N::IsZero as CmpZeroR>::Out;
    type RCmpB1<N: Nat> = Greater;
    type Mul<R: Nat> = UTerm;
    type Div<R: Nat> = UTerm;
    type Rem<R: Nat> = UTerm;
    type Max<R: Nat> = R;
    type Xor<R: Nat> = R;
    type RXorB0<N: Nat> = N::Twice;
    type RXorB1<N: Nat> = N::TwiceP1;
    type And<R: Nat> = UTerm;
    type RAndB0<N: Nat> = UTerm;
    type RAndB1<N: Nat> = UTerm;
    type Pow2 = UInt<UTerm, B1>;
    type Popcount = UTerm;
    type Ctz = typenum::U32;
    type Array<T: Copy + Default> = [T; 0];
    type ArrayOf<T: Copy + Default, E: Block<T>> = [T; 0];
    type OddOf<T: Copy + Default, E: Block<T>> = E;
}

// 2n: the rhs-dispatch helpers `R*<M>` compute `(2m + b) op 2n` with `self` = 2n.
impl<N: Nat> Nat for UInt<N, B0> {
    type IsZero = B0;
    type IsOne = B0;
    type Twice = UInt<Self, B0>;
    type TwiceP1 = UInt<Self, B1>;
    type Succ = UInt<N, B1>;
    type Pred = <N::Pred as Nat>::TwiceP1;
    type Add<R: Nat> = R::RAddB0<N>;
    type AddC<R: Nat> = R::RAddCB0<N>;
    type RAddB0<M: Nat> = <M::Add<N> as Nat>::Twice;
    type RAddB1<M: Nat> = <M::Add<N> as Nat>::TwiceP1;
    type RAddCB0<M: Nat> = <M::Add<N> as Nat>::TwiceP1;
    type RAddCB1<M: Nat> = <M::AddC<N> as Nat>::Twice;
    type Sub<R: Nat> = R::RSubB0<N>;
    type SubB<R: Nat> = R::RSubBB0<N>;
    type RSubB0<M: Nat> = <M::Sub<N> as Nat>::Twice;
    type RSubB1<M: Nat> = <M::Sub<N> as Nat>::TwiceP1;
    type RSubBB0<M: Nat> = <M::SubB<N> as Nat>::TwiceP1;
    type RSubBB1<M: Nat> = <M::Sub<N> as Nat>::Twice;
    type Cmp<R: Nat> = R::RCmpB0<N>;
    type RCmpB0<M: Nat> = M::Cmp<N>;
    type RCmpB1<M: Nat> = <M::Cmp<N> as Ord3>::Then<Greater>;
    type Mul<R: Nat> = <N::Mul<R> as Nat>::Twice;
    type Div<R: Nat> = <Ge<Twice2<N, R>, R> as DivStep>::Q<N::Div<R>, Twice2<N, R>, R>;
    type Rem<R: Nat> = <Ge<Twice2<N, R>, R> as DivStep>::R<Twice2<N, R>, R>;
    type Max<R: Nat> = <<Self::Cmp<R> as Ord3>::Lt as Bit>::IfN<R, Self>;
    type Xor<R: Nat> = R::RXorB0<N>;
    type RXorB0<M: Nat> = <M::Xor<N> as Nat>::Twice;
    type RXorB1<M: Nat> = <M::Xor<N> as Nat>::TwiceP1;
    type And<R: Nat> = R::RAndB0<N>;
    type RAndB0<M: Nat> = <M::And<N> as Nat>::Twice;
    type RAndB1<M: Nat> = <M::And<N> as Nat>::Twice;
    type Pow2 = <N::Pow2 as Nat>::Mul<N::Pow2>;
    type Popcount = N::Popcount;
    type Ctz = <N::Ctz as Nat>::Succ;
    type Array<T: Copy + Default> = Self::ArrayOf<T, [T; 1]>;
    type ArrayOf<T: Copy + Default, E: Block<T>> = N::ArrayOf<T, E::Twice>;
    type OddOf<T: Copy + Default, E: Block<T>> = OddArray<Self::ArrayOf<T, E>, E>;
}

// 2n + 1.
impl<N: Nat> Nat for UInt<N, B1> {
    type IsZero = B0;
    type IsOne = N::IsZero;
    type Twice = UInt<Self, B0>;
    type TwiceP1 = UInt<Self, B1>;
    type Succ = <N::Succ as Nat>::Twice;
    type Pred = N::Twice;
    type Add<R: Nat> = R::RAddB1<N>;
    type AddC<R: Nat> = R::RAddCB1<N>;
    type RAddB0<M: Nat> = <M::Add<N> as Nat>::TwiceP1;
    type RAddB1<M: Nat> = <M::AddC<N> as Nat>::Twice;
    type RAddCB0<M: Nat> = <M::AddC<N> as Nat>::Twice;
    type RAddCB1<M: Nat> = <M::AddC<N> as Nat>::TwiceP1;
    type Sub<R: Nat> = R::RSubB1<N>;
    type SubB<R: Nat> = R::RSubBB1<N>;
    type RSubB0<M: Nat> = <M::SubB<N> as Nat>::TwiceP1;
    type RSubB1<M: Nat> = <M::Sub<N> as Nat>::Twice;
    type RSubBB0<M: Nat> = <M::SubB<N> as Nat>::Twice;
    type RSubBB1<M: Nat> = <M::SubB<N> as Nat>::TwiceP1;
    type Cmp<R: Nat> = R::RCmpB1<N>;
    type RCmpB0<M: Nat> = <M::Cmp<N> as Ord3>::Then<Less>;
    type RCmpB1<M: Nat> = M::Cmp<N>;
    type Mul<R: Nat> = <<N::Mul<R> as Nat>::Twice as Nat>::Add<R>;
    type Div<R: Nat> = <Ge<Twice2P1<N, R>, R> as DivStep>::Q<N::Div<R>, Twice2P1<N, R>, R>;
    type Rem<R: Nat> = <Ge<Twice2P1<N, R>, R> as DivStep>::R<Twice2P1<N, R>, R>;
    type Max<R: Nat> = <<Self::Cmp<R> as Ord3>::Lt as Bit>::IfN<R, Self>;
    type Xor<R: Nat> = R::RXorB1<N>;
    type RXorB0<M: Nat> = <M::Xor<N> as Nat>::TwiceP1;
    type RXorB1<M: Nat> = <M::Xor<N> as Nat>::Twice;
    type And<R: Nat> = R::RAndB1<N>;
    type RAndB0<M: Nat> = <M::And<N> as Nat>::Twice;
    type RAndB1<M: Nat> = <M::And<N> as Nat>::TwiceP1;
    type Pow2 = <<N::Pow2 as Nat>::Mul<N::Pow2> as Nat>::Twice;
    type Popcount = <N::Popcount as Nat>::Succ;
    type Ctz = UTerm;
    type Array<T: Copy + Default> = Self::ArrayOf<T, [T; 1]>;
    type ArrayOf<T: Copy + Default, E: Block<T>> = N::OddOf<T, E>;
    type OddOf<T: Copy + Default, E: Block<T>> = OddArray<Self::ArrayOf<T, E>, E>;
}

/// CuTe's Euclid loop on magnitudes: `gcd(t, u)`: `t == 0 → u`; `u %= t`; `u == 0 → t`;
/// `t %= u`; repeat. `Mag` is the result, `IsT` says which variable held it (C++'s `%`
/// keeps the dividend's sign, so the result has that variable's sign).
pub trait CuteGcd {
    /// The magnitude of the result.
    type Mag: Nat;
    /// `B1` when the loop returned `t`.
    type IsT: Bit;
}
/// The state `(t, u)` of CuTe's `gcd` loop.
pub struct GcdState<T, U>(core::marker::PhantomData<(T, U)>);
impl<T: Nat, U: Nat> CuteGcd for GcdState<T, U> {
    type Mag = <T::IsZero as GcdLoop>::Mag<T, U>;
    type IsT = <T::IsZero as GcdLoop>::IsT<T, U>;
}
/// First test of the loop: `t == 0`.
pub trait GcdLoop {
    /// The result's magnitude.
    type Mag<T: Nat, U: Nat>: Nat;
    /// Whether `t` held it.
    type IsT<T: Nat, U: Nat>: Bit;
}
impl GcdLoop for B1 {
    type Mag<T: Nat, U: Nat> = U;
    type IsT<T: Nat, U: Nat> = B0;
}
impl GcdLoop for B0 {
    type Mag<T: Nat, U: Nat> = <<U::Rem<T> as Nat>::IsZero as GcdLoop2>::Mag<T, U::Rem<T>>;
    type IsT<T: Nat, U: Nat> = <<U::Rem<T> as Nat>::IsZero as GcdLoop2>::IsT<T, U::Rem<T>>;
}
/// Second test: `u == 0` after `u %= t`.
pub trait GcdLoop2 {
    /// The result's magnitude.
    type Mag<T: Nat, U: Nat>: Nat;
    /// Whether `t` held it.
    type IsT<T: Nat, U: Nat>: Bit;
}
impl GcdLoop2 for B1 {
    type Mag<T: Nat, U: Nat> = T;
    type IsT<T: Nat, U: Nat> = B1;
}
impl GcdLoop2 for B0 {
    type Mag<T: Nat, U: Nat> = <GcdState<T::Rem<U>, U> as CuteGcd>::Mag;
    type IsT<T: Nat, U: Nat> = <GcdState<T::Rem<U>, U> as CuteGcd>::IsT;
}
