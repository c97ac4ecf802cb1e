//! Cons-lists: the internal form of tuples that type-level algorithms recurse on.
//!
//! Users never spell these; public APIs take and return native Rust tuples and convert
//! at the boundary (see `native.rs`).

use typenum::{B1, Bit, U0, UInt, Unsigned};

/// The empty list.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct HNil;

/// A non-empty list: `head` followed by the list `tail`.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct HCons<H, T> {
    /// First element.
    pub head: H,
    /// The rest.
    pub tail: T,
}

/// Build a list value: `hcons(a, hcons(b, HNil))`.
#[inline(always)]
pub const fn hcons<H, T>(head: H, tail: T) -> HCons<H, T> {
    HCons { head, tail }
}

/// A list with a type-level length.
pub trait List: Copy {
    /// Number of elements.
    type Len: Unsigned;
}
impl List for HNil {
    type Len = U0;
}
impl<H: Copy, T: List> List for HCons<H, T>
where
    T::Len: core::ops::Add<B1>,
    <T::Len as core::ops::Add<B1>>::Output: Unsigned,
{
    type Len = <T::Len as core::ops::Add<B1>>::Output;
}

/// Append one element at the end.
pub trait Append<X> {
    /// The longer list.
    type Output;
    /// Append `x`.
    fn append(self, x: X) -> Self::Output;
}
impl<X> Append<X> for HNil {
    type Output = HCons<X, HNil>;
    #[inline(always)]
    fn append(self, x: X) -> Self::Output {
        hcons(x, HNil)
    }
}
impl<H, T: Append<X>, X> Append<X> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn append(self, x: X) -> Self::Output {
        hcons(self.head, self.tail.append(x))
    }
}

/// Concatenate two lists.
pub trait Concat<R> {
    /// `self` then `r`.
    type Output;
    /// Concatenate.
    fn concat(self, r: R) -> Self::Output;
}
impl<R> Concat<R> for HNil {
    type Output = R;
    #[inline(always)]
    fn concat(self, r: R) -> R {
        r
    }
}
impl<H, T: Concat<R>, R> Concat<R> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn concat(self, r: R) -> Self::Output {
        hcons(self.head, self.tail.concat(r))
    }
}

/// Element `I` (a typenum unsigned index).
pub trait Get<I> {
    /// The element.
    type Output;
    /// Fetch it.
    fn get(self) -> Self::Output;
}
impl<H, T> Get<U0> for HCons<H, T> {
    type Output = H;
    #[inline(always)]
    fn get(self) -> H {
        self.head
    }
}
impl<H, T, U: Unsigned, B: Bit> Get<UInt<U, B>> for HCons<H, T>
where
    UInt<U, B>: core::ops::Sub<B1>,
    T: Get<<UInt<U, B> as core::ops::Sub<B1>>::Output>,
{
    type Output = <T as Get<<UInt<U, B> as core::ops::Sub<B1>>::Output>>::Output;
    #[inline(always)]
    fn get(self) -> Self::Output {
        self.tail.get()
    }
}

/// The list without its last element, and that element.
pub trait SplitLast {
    /// All but the last.
    type Init;
    /// The last element.
    type Last;
    /// Split.
    fn split_last(self) -> (Self::Init, Self::Last);
}
impl<H> SplitLast for HCons<H, HNil> {
    type Init = HNil;
    type Last = H;
    #[inline(always)]
    fn split_last(self) -> (HNil, H) {
        (HNil, self.head)
    }
}
impl<H, H2, T> SplitLast for HCons<H, HCons<H2, T>>
where
    HCons<H2, T>: SplitLast,
{
    type Init = HCons<H, <HCons<H2, T> as SplitLast>::Init>;
    type Last = <HCons<H2, T> as SplitLast>::Last;
    #[inline(always)]
    fn split_last(self) -> (Self::Init, Self::Last) {
        let (i, l) = self.tail.split_last();
        (hcons(self.head, i), l)
    }
}

/// Pair two lists of equal length element by element.
pub trait Zip<R> {
    /// The list of `(a, b)` pairs.
    type Output;
    /// Zip.
    fn zip(self, r: R) -> Self::Output;
}
impl Zip<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zip(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H, T: Zip<T2>, H2, T2> Zip<HCons<H2, T2>> for HCons<H, T> {
    type Output = HCons<(H, H2), T::Output>;
    #[inline(always)]
    fn zip(self, r: HCons<H2, T2>) -> Self::Output {
        hcons((self.head, r.head), self.tail.zip(r.tail))
    }
}

/// Split a list of pairs into two lists.
pub trait Unzip {
    /// The first components.
    type A;
    /// The second components.
    type B;
    /// Unzip.
    fn unzip(self) -> (Self::A, Self::B);
}
impl Unzip for HNil {
    type A = HNil;
    type B = HNil;
    #[inline(always)]
    fn unzip(self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<X, Y, T: Unzip> Unzip for HCons<(X, Y), T> {
    type A = HCons<X, T::A>;
    type B = HCons<Y, T::B>;
    #[inline(always)]
    fn unzip(self) -> (Self::A, Self::B) {
        let (a, b) = self.tail.unzip();
        (hcons(self.head.0, a), hcons(self.head.1, b))
    }
}

/// Reverse a list.
pub trait Reverse {
    /// The reversed list.
    type Output;
    /// Reverse.
    fn reverse(self) -> Self::Output;
}
/// Reverse `self` onto the accumulator `Acc`.
pub trait ReverseOnto<Acc> {
    /// `reverse(self) ++ acc`.
    type Output;
    /// Reverse onto `acc`.
    fn reverse_onto(self, acc: Acc) -> Self::Output;
}
impl<Acc> ReverseOnto<Acc> for HNil {
    type Output = Acc;
    #[inline(always)]
    fn reverse_onto(self, acc: Acc) -> Acc {
        acc
    }
}
impl<H, T: ReverseOnto<HCons<H, Acc>>, Acc> ReverseOnto<Acc> for HCons<H, T> {
    type Output = T::Output;
    #[inline(always)]
    fn reverse_onto(self, acc: Acc) -> Self::Output {
        self.tail.reverse_onto(hcons(self.head, acc))
    }
}
impl<L: ReverseOnto<HNil>> Reverse for L {
    type Output = L::Output;
    #[inline(always)]
    fn reverse(self) -> Self::Output {
        self.reverse_onto(HNil)
    }
}

/// Type-level `if`: `<Cond as If<T, E>>::Output` is `T` for `B1`, `E` for `B0`.
pub trait If<T, E> {
    /// The selected type.
    type Output;
}
impl<T, E> If<T, E> for typenum::B1 {
    type Output = T;
}
impl<T, E> If<T, E> for typenum::B0 {
    type Output = E;
}

/// Value-level `if` on a type-level bit: `B1::select(t, e)` is `t`, `B0::select(t, e)`
/// is `e`. Both arguments are computed; use it for cheap values.
pub trait Select<T, E> {
    /// The selected type.
    type Output: Copy;
    /// The selected value.
    fn select(t: T, e: E) -> Self::Output;
}
impl<T: Copy, E> Select<T, E> for typenum::B1 {
    type Output = T;
    #[inline(always)]
    fn select(t: T, _: E) -> T {
        t
    }
}
impl<T, E: Copy> Select<T, E> for typenum::B0 {
    type Output = E;
    #[inline(always)]
    fn select(_: T, e: E) -> E {
        e
    }
}
