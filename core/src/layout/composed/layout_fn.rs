//! The outer function of a composed layout ([`LayoutFn`]): a layout, a composed layout or
//! a swizzle, each as CuTe composes it.

use super::*;

mod sealed {
    pub trait Sealed {}
    impl<B, M, S> Sealed for super::Sw<B, M, S> {}
    impl<L: super::Layout> Sealed for L {}
}

/// composes a swizzle with a layout, `composition(Swizzle<3,3,3>{}, layout)`), and the
/// outer function `A` of a composed layout.
///
/// ```
/// use cutlet_core::prelude::*;
/// let sw = Swizzle::<3, 3, 3>::new();
/// assert_eq!(composition(sw, layout!((8,64):(64,1))).to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(upcast::<8, _>(sw).to_string(), "Sw<3,0,3>");
/// assert_eq!(right_inverse(sw).to_string(), "Sw<3,3,3>");
/// // A swizzle of no bits is the identity.
/// assert_eq!(composition(Swizzle::<0, 4, 3>::new(), layout!(8:1)).to_string(), "_8:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout or a swizzle",
    label = "expected a layout (`layout!(...)`), a composed layout or a swizzle (`Swizzle::<B, M, S>::new()`)"
)]
pub trait LayoutFn: Copy + Conjure + CuteDisplay + fmt::Debug + 'static + sealed::Sealed {
    /// `B1` when static.
    type IsStatic: Bit;
    /// `B1` when ill-formed.
    type HasErr: Bit;
    /// Why it is ill-formed.
    const ERR: &'static str;
    /// `B1` for a swizzle of no bits (CuTe's `composition(Sw<0,M,S>, _0, L)` is `L`).
    type IsNoop: Bit;
    /// `B1` for a swizzle (swizzle_layout.hpp's inverses apply).
    type IsSwizzle: Bit;
    /// The swizzle itself (a swizzle of no bits for a layout).
    type AsSwizzle: SwizzleMasks + LayoutFn;
    /// `self(x)` of an offset.
    type Apply<X: Leaf>: Leaf;
    /// CuTe's `upcast<N>(self)`.
    type Upcast<N: Nat>: LayoutFn;
    /// CuTe's `downcast<N>(self)`.
    type Downcast<N: Nat>: LayoutFn;
    /// The function as a tiler (what a layout composes with).
    type AsTiler: Tiler;
    /// CuTe's `composition(self, t)`.
    type ComposeFn<T: Tiler>: LayoutFn;
    /// CuTe's `right_inverse(self)`.
    type RightInverseFn: LayoutFn;
    /// CuTe's `left_inverse(self)`.
    type LeftInverseFn: LayoutFn;
    /// `right_inverse(self)` as the inner layout of a composed layout's generic inverse
    /// (none for a swizzle: CuTe's `L o -O o Sw` has a swizzle as its domain, which
    /// cutlet does not represent).
    type RightInv: Layout;
    /// `left_inverse(self)`, likewise.
    type LeftInv: Layout;
    /// `self(x)`.
    fn apply<X: Leaf>(&self, x: X) -> Self::Apply<X>;
    /// The value of `Upcast`.
    fn upcast_fn<N: Nat>(&self) -> Self::Upcast<N>;
    /// The value of `Downcast`.
    fn downcast_fn<N: Nat>(&self) -> Self::Downcast<N>;
    /// The value of `AsTiler`.
    fn as_tiler_fn(&self) -> Self::AsTiler;
    /// The value of `ComposeFn`.
    fn compose_fn<T: Tiler>(&self, t: T) -> Self::ComposeFn<T>;
    /// The value of `RightInverseFn`.
    fn right_inverse_fn(&self) -> Self::RightInverseFn;
    /// The value of `LeftInverseFn`.
    fn left_inverse_fn(&self) -> Self::LeftInverseFn;
    /// The value of `RightInv`.
    fn right_inv(&self) -> Self::RightInv;
    /// The value of `LeftInv`.
    fn left_inv(&self) -> Self::LeftInv;
}

impl<L: Layout> LayoutFn for L {
    type IsStatic = L::IsStatic;
    type HasErr = L::HasErr;
    const ERR: &'static str = L::ERR;
    type IsNoop = B0;
    type IsSwizzle = B0;
    type AsSwizzle = Sw<typenum::UTerm, typenum::UTerm, Z0>;
    type Apply<X: Leaf> = <L::Call<X> as IntTuple>::Size;
    type Upcast<N: Nat> = L::Upcast<N>;
    type Downcast<N: Nat> = L::Downcast<N>;
    type AsTiler = L::AsTiler;
    type RightInv = L::RightInverse;
    type LeftInv = L::LeftInverse;
    type ComposeFn<T: Tiler> = L::Compose<T>;
    type RightInverseFn = L::RightInverse;
    type LeftInverseFn = L::LeftInverse;
    #[inline]
    #[track_caller]
    fn compose_fn<T: Tiler>(&self, t: T) -> Self::ComposeFn<T> {
        self.compose(t)
    }
    #[inline]
    #[track_caller]
    fn right_inverse_fn(&self) -> Self::RightInverseFn {
        self.right_inverse()
    }
    #[inline]
    #[track_caller]
    fn left_inverse_fn(&self) -> Self::LeftInverseFn {
        self.left_inverse()
    }
    #[inline]
    fn right_inv(&self) -> Self::RightInv {
        self.right_inverse()
    }
    #[inline]
    fn left_inv(&self) -> Self::LeftInv {
        self.left_inverse()
    }
    #[inline]
    fn apply<X: Leaf>(&self, x: X) -> Self::Apply<X> {
        self.call_int(x).size()
    }
    #[inline]
    fn upcast_fn<N: Nat>(&self) -> Self::Upcast<N> {
        self.upcast::<N>()
    }
    #[inline]
    fn downcast_fn<N: Nat>(&self) -> Self::Downcast<N> {
        self.downcast::<N>()
    }
    #[inline]
    fn as_tiler_fn(&self) -> Self::AsTiler {
        self.as_tiler()
    }
}

/// `log2(N)` of a power of two.
type Log2<N> = <<N as Nat>::Ctz as Nat>::Rem<typenum::U32>;
/// `max(a - b, 0)` (`Nat::Sub` is defined for `a >= b` only).
type SatSub<A, Bv> = <<<A as Nat>::Cmp<Bv> as crate::int::Ord3>::Lt as Bit>::IfN<
    typenum::UTerm,
    <A as Nat>::Sub<Bv>,
>;
/// swizzle_layout.hpp's `upcast<N>(Sw<B,M,S>)`: `Sw<B, M - log2 N, S>`, or
/// `Sw<max(B + M - log2 N, 0), 0, S>` when the base goes negative.
type SwUp<B, M, S, N> = Sw<
    <<<M as Nat>::Cmp<Log2<N>> as crate::int::Ord3>::Lt as Bit>::IfN<
        SatSub<<B as Nat>::Add<M>, Log2<N>>,
        B,
    >,
    SatSub<M, Log2<N>>,
    S,
>;

impl<B: Nat, M: Nat, S: SInt> LayoutFn for Sw<B, M, S> {
    type IsStatic = B1;
    type HasErr = B0;
    const ERR: &'static str = "";
    type IsNoop = B::IsZero;
    type IsSwizzle = B1;
    type AsSwizzle = Self;
    type Apply<X: Leaf> = <Self as SwizzleFn>::Apply<X>;
    type Upcast<N: Nat> = SwUp<B, M, S, N>;
    type Downcast<N: Nat> = Sw<B, <M as Nat>::Add<Log2<N>>, S>;
    type AsTiler = Self;
    type RightInv = ErrLayout<EComposedInverse>;
    type LeftInv = ErrLayout<EComposedInverse>;
    type ComposeFn<T: Tiler> = T::UnderSwizzle<Self>;
    // A swizzle is its own inverse.
    type RightInverseFn = Self;
    type LeftInverseFn = Self;
    #[inline]
    fn compose_fn<T: Tiler>(&self, t: T) -> Self::ComposeFn<T> {
        t.under_swizzle(*self)
    }
    #[inline]
    fn right_inverse_fn(&self) -> Self {
        *self
    }
    #[inline]
    fn left_inverse_fn(&self) -> Self {
        *self
    }
    #[inline]
    fn right_inv(&self) -> Self::RightInv {
        err_layout()
    }
    #[inline]
    fn left_inv(&self) -> Self::LeftInv {
        err_layout()
    }
    #[inline]
    fn apply<X: Leaf>(&self, x: X) -> Self::Apply<X> {
        self.apply_leaf(x)
    }
    #[inline]
    fn upcast_fn<N: Nat>(&self) -> Self::Upcast<N> {
        Sw::default()
    }
    #[inline]
    fn downcast_fn<N: Nat>(&self) -> Self::Downcast<N> {
        Sw::default()
    }
    #[inline]
    fn as_tiler_fn(&self) -> Self {
        *self
    }
}
impl<B, M, S> Conjure for Sw<B, M, S> {
    #[inline]
    fn conjure() -> Self {
        Sw::default()
    }
}
impl<B: Nat, M: Nat, S: SInt> CuteDisplay for Sw<B, M, S> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
