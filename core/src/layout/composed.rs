//! CuTe's `ComposedLayout<A, O, B>` (layout_composed.hpp, swizzle_layout.hpp): the
//! function `c -> A(O + B(c))`, printed `A o O o B`.
//!
//! `B` (a layout) defines the domain, so the shape operations act on `B` and
//! re-compose with `A` and `O` through CuTe's three-argument `composition(A, O, B')`,
//! which drops a swizzle of no bits at offset `_0`. `A` is typically a swizzle
//! ([`Sw`]), which is not linear and therefore keeps the offset `O` apart; it may also
//! be a layout or another composed layout (compositions of composed layouts nest, as in
//! CuTe). A fully static composed layout is a zero-sized type, and its algebra is
//! computed by the type checker.

use super::swizzle::{MakeSwizzle, MakeSwizzleOk, StaticNonNeg, SwizzleMasks};
use super::{Layout, LayoutModes, Shaped, StridedLayout, Sw, SwizzleFn};
use crate::algebra::Tiler;
use crate::int::types::{Add, Neg};
use crate::int::{Bit, C, Conjure, ErrLeaf, ErrMsg, Leaf, Nat, SInt, sint};
use crate::tuple::{CuteDisplay, IntTuple};
use core::fmt;
use core::marker::PhantomData;
use typenum::{B0, B1, P1, Z0};

crate::err_msgs!(
    ENoStride => "a composed layout has no stride (CuTe: `stride() = delete`)",
    EComposedSelect => "select of a composed layout is a tuple of layouts in CuTe, not a layout",
    EComposedDice => "CuTe defines no dice of a composed layout",
    EComposedFilter => "CuTe filters a composed layout only by a profile (`filter(layout, profile)`)",
    EComposedInverse => "the inverse of a composed layout at a nonzero offset is not supported",
    ERecastOffset => "upcast/downcast of a composed layout: CuTe recasts static offsets only (an upcast needs a multiple of N)",
    ENonZeroOffset => "composition of a layout with a composed layout requires its offset to be _0 (CuTe: `Require offset == 0.`)",
    EMakeSwizzle => "composition of a layout with a swizzle: the layout does not map the swizzle's bits to another swizzle (CuTe's make_swizzle)",
    EDynamicSwizzleImage => "composition of a layout with a swizzle needs a static layout (CuTe's make_swizzle takes static masks)",
    ETileByComposed => "CuTe divides by a layout, not by a composed layout or a swizzle; it multiplies by a swizzled layout only",
    ETransferSwizzle => "logical_product(layout, Sw o O o B): CuTe needs a swizzle at offset _0, a static B, and a product that moves the swizzle's bits to another swizzle",
    ESwizzleCompose => "CuTe composes a swizzle with a layout or with another swizzle only",
    ESwizzleMerge => "composition of two swizzles needs equal shifts and masks that make a swizzle (CuTe: `Can only merge swizzles of the same shift.`)",
);

/// CuTe's `ComposedLayout<A, O, B>`: the function `c -> A(O + B(c))`.
///
/// Build one with [`make_composed_layout`] (CuTe's GMMA shared-memory atoms are
/// `Sw o smem_ptr[16b](unset) o layout`), then use it as any other [`Layout`]: its
/// shape, size, rank and depth are those of `B`; slicing, composition with a tiler,
/// coalesce, the divides and products, `tile_to_shape` and the recasts apply to `B` and
/// keep `A` and `O`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let c = make_composed_layout(Swizzle::<3, 3, 3>::new(), _0::new(), layout!((8,64):(64,1)));
/// assert_eq!(c.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
/// assert_eq!(core::mem::size_of_val(&c), 0);
/// assert_eq!(size(c).to_string(), "_512");
/// // row 3, column 14: 3*64 + 14 = 206; bits 6..8 (= 3) flip bits 3..5: 214
/// assert_eq!(c.call(coord!((3, 14))).to_string(), "_214");
/// assert_eq!(c.call((3isize, 14isize)), 214);
/// // A shared-memory tile of 128 x 64 from the 8 x 64 swizzle atom.
/// let t = tile_to_shape(c, shape!((128, 64)));
/// assert_eq!(t.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
/// ```
pub struct ComposedLayout<A, O, B> {
    a: A,
    o: O,
    b: B,
}

/// CuTe's `make_composed_layout(a, o, b)`: the composed layout `A o O o B`, built as
/// given (even `Sw<0,..> o _0 o L` stays composed; the algebra's results drop that one
/// to `L`, as CuTe's three-argument `composition` does).
///
/// ```
/// use cutlet_core::prelude::*;
/// let c = make_composed_layout(Swizzle::<1, 1, 1>::new(), 3isize, layout!(8:1));
/// assert_eq!(c.to_string(), "Sw<1,1,1> o 3 o _8:_1");
/// assert_eq!(c.call(1isize), 6); // Sw(3 + 1): bit 2 of 4 flips bit 1
/// ```
#[inline]
pub fn make_composed_layout<A: LayoutFn, O: Offset, B: Layout>(
    a: A,
    o: O,
    b: B,
) -> ComposedLayout<A, O, B> {
    ComposedLayout { a, o, b }
}

impl<A: Copy, O: Copy, B: Copy> ComposedLayout<A, O, B> {
    /// The outer function `A` (CuTe's `layout_a()`).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let c = make_composed_layout(Swizzle::<1, 2, 3>::new(), _0::new(), layout!((4,8):(8,1)));
    /// assert_eq!(c.layout_a().to_string(), "Sw<1,2,3>");
    /// ```
    #[inline]
    pub fn layout_a(&self) -> A {
        self.a
    }
    /// The offset `O` (CuTe's `offset()`).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let c = make_composed_layout(Swizzle::<1, 2, 3>::new(), SmemPtrFlag::<16>::new(), layout!(8:1));
    /// assert_eq!(Cute(c.offset()).to_string(), "smem_ptr[16b](unset)");
    /// ```
    #[inline]
    pub fn offset(&self) -> O {
        self.o
    }
    /// The inner layout `B`, which defines the domain (CuTe's `layout_b()`).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let c = make_composed_layout(Swizzle::<1, 2, 3>::new(), _0::new(), layout!((4,8):(8,1)));
    /// assert_eq!(c.layout_b().to_string(), "(_4,_8):(_8,_1)");
    /// ```
    #[inline]
    pub fn layout_b(&self) -> B {
        self.b
    }
}

impl<A: Copy, O: Copy, B: Copy> Clone for ComposedLayout<A, O, B> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}
impl<A: Copy, O: Copy, B: Copy> Copy for ComposedLayout<A, O, B> {}
impl<A: Default, O: Default, B: Default> Default for ComposedLayout<A, O, B> {
    #[inline]
    fn default() -> Self {
        ComposedLayout {
            a: A::default(),
            o: O::default(),
            b: B::default(),
        }
    }
}
impl<A: PartialEq, O: PartialEq, B: PartialEq> PartialEq for ComposedLayout<A, O, B> {
    fn eq(&self, r: &Self) -> bool {
        self.a == r.a && self.o == r.o && self.b == r.b
    }
}
impl<A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> CuteDisplay for ComposedLayout<A, O, B> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.a.fmt_cute(f)?;
        f.write_str(" o ")?;
        self.o.fmt_cute(f)?;
        f.write_str(" o ")?;
        self.b.fmt_cute(f)
    }
}
impl<A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> fmt::Display for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<A: CuteDisplay, O: CuteDisplay, B: CuteDisplay> fmt::Debug for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<A: LayoutFn, O: Offset, B: Layout> Conjure for ComposedLayout<A, O, B> {
    #[inline]
    fn conjure() -> Self {
        ComposedLayout {
            a: A::conjure(),
            o: O::conjure(),
            b: B::conjure(),
        }
    }
}

// ---------------------------------------------------------------------------------
// The outer function `A` and the offset `O`
// ---------------------------------------------------------------------------------

mod sealed {
    pub trait Sealed {}
    impl<B, M, S> Sealed for super::Sw<B, M, S> {}
    impl<L: super::Layout> Sealed for L {}
    pub trait SealedOffset {}
    impl<L: super::Leaf> SealedOffset for L {}
    impl<N> SealedOffset for super::SmemPtrFlagBits<N> {}
    impl<N, Ok> SealedOffset for super::RecastOffset<N, Ok> {}
}

/// A function on offsets that composes: a layout, a composed layout or a swizzle
/// ([`Sw`]). It is what `composition`, the inverses and the recasts take first (CuTe
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

/// The offset `O` of a composed layout: a static or dynamic integer, CuTe's shared-memory
/// pointer flag ([`SmemPtrFlag`]), or the static offset of a recast.
pub trait Offset:
    Copy + Conjure + CuteDisplay + fmt::Debug + 'static + sealed::SealedOffset
{
    /// `B1` when static.
    type IsStatic: Bit;
    /// `B1` when ill-formed.
    type HasErr: Bit;
    /// Why it is ill-formed.
    const ERR: &'static str;
    /// `B1` for exactly CuTe's `Int<0>` (where `composition(Sw<0,..>, O, L)` is `L`
    /// and the inverses of swizzle_layout.hpp apply).
    type IsIntZero: Bit;
    /// `B1` when it equals zero (CuTe's `offset == Int<0>{}`; the pointer flag does).
    type IsZero: Bit;
    /// `self + x`: what `A` sees.
    type Plus<X: Leaf>: Offset + Leaf;
    /// `-self`: CuTe's `right_inverse(offset)`.
    type Neg: Offset;
    /// The offset of `upcast<N>` of the composed layout.
    type Up<N: Nat>: Offset;
    /// The offset of `downcast<N>` of the composed layout.
    type Down<N: Nat>: Offset;
    /// `A` after `upcast<N>` of the composed layout (the pointer flag keeps it).
    type UpA<A: LayoutFn, N: Nat>: LayoutFn;
    /// `A` after `downcast<N>`.
    type DownA<A: LayoutFn, N: Nat>: LayoutFn;
    /// The value of `Plus`.
    fn plus<X: Leaf>(self, x: X) -> Self::Plus<X>;
    /// The value of `Neg`.
    fn neg(self) -> Self::Neg;
    /// The value of `UpA`.
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> Self::UpA<A, N>;
    /// The value of `DownA`.
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> Self::DownA<A, N>;
}

type V<X> = <X as Leaf>::Val;
type NatS<N> = sint::Make<B0, N>;
/// The recast of a static offset `X` by `N`: `X / N` (well-formed for a static
/// multiple of `N`) or `X * N`.
type UpOf<L, N> = RecastOffset<
    sint::Div<V<L>, NatS<N>>,
    <<L as IntTuple>::IsStatic as Bit>::And<
        <sint::IsZero<sint::Rem<V<L>, NatS<N>>> as Bit>::And<<<N as Nat>::IsZero as Bit>::Not>,
    >,
>;
type DownOf<L, N> = RecastOffset<sint::Mul<V<L>, NatS<N>>, <L as IntTuple>::IsStatic>;

impl<L: Leaf> Offset for L {
    type IsStatic = <L as IntTuple>::IsStatic;
    type HasErr = <L as IntTuple>::HasErr;
    const ERR: &'static str = <L as IntTuple>::ERR;
    type IsIntZero = <<L as IntTuple>::IsStatic as Bit>::And<sint::IsZero<V<L>>>;
    type IsZero = Self::IsIntZero;
    type Plus<X: Leaf> = Add<L, X>;
    type Neg = Neg<L>;
    type Up<N: Nat> = UpOf<L, N>;
    type Down<N: Nat> = DownOf<L, N>;
    type UpA<A: LayoutFn, N: Nat> = A::Upcast<N>;
    type DownA<A: LayoutFn, N: Nat> = A::Downcast<N>;
    #[inline]
    fn plus<X: Leaf>(self, x: X) -> Self::Plus<X> {
        crate::int::add(self, x)
    }
    #[inline]
    fn neg(self) -> Self::Neg {
        crate::int::neg(self)
    }
    #[inline]
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> Self::UpA<A, N> {
        a.upcast_fn::<N>()
    }
    #[inline]
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> Self::DownA<A, N> {
        a.downcast_fn::<N>()
    }
}

/// CuTe's `smem_ptr_flag_bits<N>`: the offset of the GMMA shared-memory layout atoms, a
/// static zero that records the element width (in bits) the swizzle was written for,
/// printed `smem_ptr[Nb](unset)`. A recast scales the width and keeps the swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(SmemPtrFlag::<16>::new()).to_string(), "smem_ptr[16b](unset)");
/// let atom = make_composed_layout(Swizzle::<3, 4, 3>::new(), SmemPtrFlag::<16>::new(), layout!((8,64):(64,1)));
/// assert_eq!(upcast::<2, _>(atom).to_string(), "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)");
/// ```
pub type SmemPtrFlag<const N: usize> = SmemPtrFlagBits<typenum::U<N>>;

/// The type behind [`SmemPtrFlag`], with the width as a type.
pub struct SmemPtrFlagBits<N>(PhantomData<N>);
impl<N> SmemPtrFlagBits<N> {
    /// The flag.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// assert_eq!(core::mem::size_of_val(&SmemPtrFlag::<32>::new()), 0);
    /// ```
    #[inline]
    pub const fn new() -> Self {
        SmemPtrFlagBits(PhantomData)
    }
}

/// The static offset of a recast composed layout (CuTe's `C<O / N>` of unsigned type):
/// prints as `_N` but is not CuTe's `Int<N>`, so a later composition keeps a swizzle of
/// no bits. `Ok` is `B0` where CuTe finds no recast (a dynamic offset, or one that is not
/// a multiple of `N`).
pub struct RecastOffset<N, Ok>(PhantomData<(N, Ok)>);

macro_rules! zst_value {
    ($($t:ident<$($p:ident),*>),*) => {$(
        impl<$($p),*> Clone for $t<$($p),*> {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$($p),*> Copy for $t<$($p),*> {}
        impl<$($p),*> Default for $t<$($p),*> {
            #[inline]
            fn default() -> Self {
                $t(PhantomData)
            }
        }
        impl<$($p),*> PartialEq for $t<$($p),*> {
            #[inline]
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<$($p),*> Conjure for $t<$($p),*> {
            #[inline]
            fn conjure() -> Self {
                $t(PhantomData)
            }
        }
        impl<$($p),*> fmt::Debug for $t<$($p),*> where Self: CuteDisplay {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.fmt_cute(f)
            }
        }
    )*};
}
zst_value!(SmemPtrFlagBits<N>, RecastOffset<N, Ok>);

impl<N: Nat> CuteDisplay for SmemPtrFlagBits<N> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smem_ptr[{}b](unset)", N::USIZE)
    }
}
impl<N: SInt, Ok> CuteDisplay for RecastOffset<N, Ok> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::ISIZE)
    }
}

crate::err_msgs!(EFlagInverse => "CuTe finds no inverse of a composed layout at an smem pointer flag");

impl<Bits: Nat> Offset for SmemPtrFlagBits<Bits> {
    type IsStatic = B1;
    type HasErr = B0;
    const ERR: &'static str = "";
    type IsIntZero = B0;
    type IsZero = B1;
    type Plus<X: Leaf> = X;
    type Neg = ErrLeaf<EFlagInverse>;
    type Up<N: Nat> = SmemPtrFlagBits<Bits::Mul<N>>;
    type Down<N: Nat> = SmemPtrFlagBits<Bits::Div<N>>;
    type UpA<A: LayoutFn, N: Nat> = A;
    type DownA<A: LayoutFn, N: Nat> = A;
    #[inline]
    fn plus<X: Leaf>(self, x: X) -> X {
        x
    }
    #[inline]
    fn neg(self) -> Self::Neg {
        Default::default()
    }
    #[inline]
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> A {
        a
    }
    #[inline]
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> A {
        a
    }
}

impl<K: SInt, Ok: Bit> Offset for RecastOffset<K, Ok> {
    type IsStatic = B1;
    type HasErr = Ok::Not;
    const ERR: &'static str = ERecastOffset::MSG;
    type IsIntZero = B0;
    type IsZero = <Ok as Bit>::And<sint::IsZero<K>>;
    type Plus<X: Leaf> = Add<C<K>, X>;
    type Neg = Neg<C<K>>;
    type Up<N: Nat> = RecastOffset<
        sint::Div<K, NatS<N>>,
        <Ok as Bit>::And<
            <sint::IsZero<sint::Rem<K, NatS<N>>> as Bit>::And<<N::IsZero as Bit>::Not>,
        >,
    >;
    type Down<N: Nat> = RecastOffset<sint::Mul<K, NatS<N>>, Ok>;
    type UpA<A: LayoutFn, N: Nat> = A::Upcast<N>;
    type DownA<A: LayoutFn, N: Nat> = A::Downcast<N>;
    #[inline]
    fn plus<X: Leaf>(self, x: X) -> Self::Plus<X> {
        crate::int::add(C::<K>::new(), x)
    }
    #[inline]
    fn neg(self) -> Self::Neg {
        crate::int::neg(C::<K>::new())
    }
    #[inline]
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> Self::UpA<A, N> {
        a.upcast_fn::<N>()
    }
    #[inline]
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> Self::DownA<A, N> {
        a.downcast_fn::<N>()
    }
}

// ---------------------------------------------------------------------------------
// CuTe's three-argument composition, and the layout operations on `B`
// ---------------------------------------------------------------------------------

/// `B1` where CuTe's `composition(A, O, L)` is `L` itself: a swizzle of no bits at
/// exactly `Int<0>`.
type Drops<A, O> = <<A as LayoutFn>::IsNoop as Bit>::And<<O as Offset>::IsIntZero>;
/// The type of CuTe's `composition(a, o, l)`: `A o O o L`, or `L` for a swizzle of no
/// bits at `_0`.
pub type Comp<A, O, L> = <Drops<A, O> as Bit>::IfLayout<L, ComposedLayout<A, O, L>>;
/// CuTe's `composition(a, o, l)`.
#[inline]
fn comp<A: LayoutFn, O: Offset, L: Layout>(a: A, o: O, l: L) -> Comp<A, O, L> {
    <Drops<A, O> as Bit>::if_layout(|| l, || ComposedLayout { a, o, b: l })
}

/// CuTe's `composition(swizzle, layout)`: `swizzle o _0 o layout` (the layout itself
/// for a swizzle of no bits).
pub(crate) type SwizzleOver<W, L> = Comp<W, C<Z0>, L>;
#[inline]
pub(crate) fn swizzle_over<W: LayoutFn, L: Layout>(w: W, l: L) -> SwizzleOver<W, L> {
    comp(w, C::new(), l)
}
/// A swizzle composed with what it does not compose with.
pub(crate) type NotUnderSwizzle = ErrLayout<ESwizzleCompose>;
#[inline]
pub(crate) fn not_under_swizzle() -> NotUnderSwizzle {
    err_layout()
}

/// The ill-formed layout with the reason `E`.
type ErrLayout<E> = StridedLayout<ErrLeaf<E>, ErrLeaf<E>>;
#[inline]
fn err_layout<E: ErrMsg + Default>() -> ErrLayout<E> {
    StridedLayout::from_parts(Default::default(), Default::default())
}

/// swizzle_layout.hpp's inverses (`composition(inverse(B), Sw)`) apply to a swizzle at
/// exactly `Int<0>`; otherwise the generic `composition(inverse(B), -O, inverse(A))`.
type SwizzleInverse<A, O> = <<A as LayoutFn>::IsSwizzle as Bit>::And<<O as Offset>::IsIntZero>;
impl<A: LayoutFn, O: Offset, B: Layout> Shaped for ComposedLayout<A, O, B> {
    type Shape = B::Shape;
    #[inline]
    fn shape(&self) -> B::Shape {
        self.b.shape()
    }
}

type Plus<O, X> = <O as Offset>::Plus<<X as IntTuple>::Size>;

impl<A: LayoutFn, O: Offset, B: Layout> LayoutModes for ComposedLayout<A, O, B> {
    type Get<I: Nat> = Comp<A, O, B::Get<I>>;
    type Take<Bg: Nat, E: Nat> = Comp<A, O, B::Take<Bg, E>>;
    type Group<Bg: Nat, E: Nat> = Comp<A, O, B::Group<Bg, E>>;
    type Select<Is: IntTuple> = ErrLayout<EComposedSelect>;
    type Flatten = Comp<A, O, B::Flatten>;
    // CuTe: `(A o (O + offset) o slice(c, B), _0)`, the composed layout built directly.
    type Slice<Crd: IntTuple> = ComposedLayout<A, Plus<O, B::SliceOffset<Crd>>, B::Slice<Crd>>;
    type Dice<Crd: IntTuple> = ErrLayout<EComposedDice>;
    type SliceOffset<Crd: IntTuple> = C<Z0>;
    #[inline]
    fn get_mode<I: Nat>(&self) -> Self::Get<I> {
        comp(self.a, self.o, self.b.get_mode::<I>())
    }
    #[inline]
    fn take_modes<Bg: Nat, E: Nat>(&self) -> Self::Take<Bg, E> {
        comp(self.a, self.o, self.b.take_modes::<Bg, E>())
    }
    #[inline]
    fn group_modes<Bg: Nat, E: Nat>(&self) -> Self::Group<Bg, E> {
        comp(self.a, self.o, self.b.group_modes::<Bg, E>())
    }
    #[inline]
    fn select_modes<Is: IntTuple>(&self, _: Is) -> Self::Select<Is> {
        err_layout()
    }
    #[inline]
    fn flatten_modes(&self) -> Self::Flatten {
        comp(self.a, self.o, self.b.flatten_modes())
    }
    #[inline]
    #[track_caller]
    fn slice_and_offset<Crd: IntTuple>(
        &self,
        c: Crd,
    ) -> (Self::Slice<Crd>, Self::SliceOffset<Crd>) {
        let (s, off) = self.b.slice_and_offset(c);
        (
            ComposedLayout {
                a: self.a,
                o: self.o.plus(off.size()),
                b: s,
            },
            C::new(),
        )
    }
    #[inline]
    fn dice_modes<Crd: IntTuple>(&self, _: Crd) -> Self::Dice<Crd> {
        err_layout()
    }
}

impl<A: LayoutFn, O: Offset, B: Layout> Layout for ComposedLayout<A, O, B> {
    type IsStatic = <<A::IsStatic as Bit>::And<O::IsStatic> as Bit>::And<B::IsStatic>;
    type HasErr = <<A::HasErr as Bit>::Or<O::HasErr> as Bit>::Or<B::HasErr>;
    const ERR: &'static str = if <A::HasErr as Bit>::BOOL {
        A::ERR
    } else if <O::HasErr as Bit>::BOOL {
        O::ERR
    } else {
        B::ERR
    };
    type Pair = (ErrLeaf<ENoStride>, ErrLeaf<ENoStride>);
    // CuTe: `layout_a()(offset() + layout_b()(coord))`.
    type Call<Crd: IntTuple> = A::Apply<Plus<O, B::Call<Crd>>>;
    // CuTe: the codomain of a composed layout is that of `B`.
    type Coshape = B::Coshape;
    type Coalesce = Comp<A, O, B::Coalesce>;
    type CoalesceBy<P: IntTuple> = Comp<A, O, B::CoalesceBy<P>>;
    type FilterZeros = ErrLayout<EComposedFilter>;
    type Filter = ErrLayout<EComposedFilter>;
    type Compose<T: Tiler> = Comp<A, O, B::Compose<T>>;
    type Complement<Cot: IntTuple> = B::Complement<Cot>;
    // CuTe: `complement(layout, cosize(layout))`, the cosize of `B`.
    type ComplementSelf = B::Complement<<B::Coshape as IntTuple>::Size>;
    type RightInverse = <SwizzleInverse<A, O> as Bit>::IfLayout<
        <B::RightInverse as Layout>::Compose<A::AsTiler>,
        Comp<B::RightInverse, O::Neg, A::RightInv>,
    >;
    type LeftInverse = <SwizzleInverse<A, O> as Bit>::IfLayout<
        <B::LeftInverse as Layout>::Compose<A::AsTiler>,
        Comp<B::LeftInverse, O::Neg, A::LeftInv>,
    >;
    type LogicalDivide<T: Tiler> = Comp<A, O, B::LogicalDivide<T>>;
    type ZippedDivide<T: Tiler> = Comp<A, O, B::ZippedDivide<T>>;
    type TiledDivide<T: Tiler> = Comp<A, O, B::TiledDivide<T>>;
    type FlatDivide<T: Tiler> = Comp<A, O, B::FlatDivide<T>>;
    type LogicalProduct<T: Tiler> = Comp<A, O, B::LogicalProduct<T>>;
    type ZippedProduct<T: Tiler> = Comp<A, O, B::ZippedProduct<T>>;
    type TiledProduct<T: Tiler> = Comp<A, O, B::TiledProduct<T>>;
    type FlatProduct<T: Tiler> = Comp<A, O, B::FlatProduct<T>>;
    type BlockedProduct<L: Layout> = Comp<A, O, B::BlockedProduct<L>>;
    type RakedProduct<L: Layout> = Comp<A, O, B::RakedProduct<L>>;
    type TileToShape<Trg: IntTuple, Ord: IntTuple> = Comp<A, O, B::TileToShape<Trg, Ord>>;
    // CuTe: `composition(upcast<N>(A), upcast<N>(O), upcast<N>(B))`; an smem pointer
    // flag keeps `A` and records the wider element (pointer_flagged.hpp).
    type Upcast<N: Nat> = Comp<O::UpA<A, N>, O::Up<N>, B::Upcast<N>>;
    type Downcast<N: Nat> = Comp<O::DownA<A, N>, O::Down<N>, B::Downcast<N>>;
    // CuTe: "Do not attempt for general ComposedLayouts".
    type Nullspace = StridedLayout<C<P1>, C<Z0>>;
    type LayoutLike = B::LayoutLike;
    // swizzle_layout.hpp: `make_fragment_like(layout.layout_b())`.
    type FragmentLike = B::FragmentLike;
    type AsTiler = Self;

    #[inline]
    fn pair_of(&self) -> Self::Pair {
        Default::default()
    }
    #[inline]
    #[track_caller]
    fn call_int<Crd: IntTuple>(&self, c: Crd) -> Self::Call<Crd> {
        self.a.apply(self.o.plus(self.b.call_int(c).size()))
    }
    #[inline]
    fn coshape(&self) -> Self::Coshape {
        self.b.coshape()
    }
    #[inline]
    fn coalesce(&self) -> Self::Coalesce {
        comp(self.a, self.o, self.b.coalesce())
    }
    #[inline]
    fn coalesce_by<P: IntTuple>(&self, p: P) -> Self::CoalesceBy<P> {
        comp(self.a, self.o, self.b.coalesce_by(p))
    }
    #[inline]
    fn filter_zeros(&self) -> Self::FilterZeros {
        err_layout()
    }
    #[inline]
    fn filter(&self) -> Self::Filter {
        err_layout()
    }
    #[inline]
    #[track_caller]
    fn compose<T: Tiler>(&self, t: T) -> Self::Compose<T> {
        comp(self.a, self.o, self.b.compose(t))
    }
    #[inline]
    #[track_caller]
    fn complement<Cot: IntTuple>(&self, cot: Cot) -> Self::Complement<Cot> {
        self.b.complement(cot)
    }
    #[inline]
    #[track_caller]
    fn complement_self(&self) -> Self::ComplementSelf {
        self.b.complement(self.b.coshape().size())
    }
    #[inline]
    #[track_caller]
    fn right_inverse(&self) -> Self::RightInverse {
        <SwizzleInverse<A, O> as Bit>::if_layout(
            || self.b.right_inverse().compose(self.a.as_tiler_fn()),
            || comp(self.b.right_inverse(), self.o.neg(), self.a.right_inv()),
        )
    }
    #[inline]
    #[track_caller]
    fn left_inverse(&self) -> Self::LeftInverse {
        <SwizzleInverse<A, O> as Bit>::if_layout(
            || self.b.left_inverse().compose(self.a.as_tiler_fn()),
            || comp(self.b.left_inverse(), self.o.neg(), self.a.left_inv()),
        )
    }
    #[inline]
    #[track_caller]
    fn logical_divide<T: Tiler>(&self, t: T) -> Self::LogicalDivide<T> {
        comp(self.a, self.o, self.b.logical_divide(t))
    }
    #[inline]
    #[track_caller]
    fn zipped_divide<T: Tiler>(&self, t: T) -> Self::ZippedDivide<T> {
        comp(self.a, self.o, self.b.zipped_divide(t))
    }
    #[inline]
    #[track_caller]
    fn tiled_divide<T: Tiler>(&self, t: T) -> Self::TiledDivide<T> {
        comp(self.a, self.o, self.b.tiled_divide(t))
    }
    #[inline]
    #[track_caller]
    fn flat_divide<T: Tiler>(&self, t: T) -> Self::FlatDivide<T> {
        comp(self.a, self.o, self.b.flat_divide(t))
    }
    #[inline]
    #[track_caller]
    fn logical_product<T: Tiler>(&self, t: T) -> Self::LogicalProduct<T> {
        comp(self.a, self.o, self.b.logical_product(t))
    }
    #[inline]
    #[track_caller]
    fn zipped_product<T: Tiler>(&self, t: T) -> Self::ZippedProduct<T> {
        comp(self.a, self.o, self.b.zipped_product(t))
    }
    #[inline]
    #[track_caller]
    fn tiled_product<T: Tiler>(&self, t: T) -> Self::TiledProduct<T> {
        comp(self.a, self.o, self.b.tiled_product(t))
    }
    #[inline]
    #[track_caller]
    fn flat_product<T: Tiler>(&self, t: T) -> Self::FlatProduct<T> {
        comp(self.a, self.o, self.b.flat_product(t))
    }
    #[inline]
    #[track_caller]
    fn blocked_product<L: Layout>(&self, l: L) -> Self::BlockedProduct<L> {
        comp(self.a, self.o, self.b.blocked_product(l))
    }
    #[inline]
    #[track_caller]
    fn raked_product<L: Layout>(&self, l: L) -> Self::RakedProduct<L> {
        comp(self.a, self.o, self.b.raked_product(l))
    }
    #[inline]
    #[track_caller]
    fn tile_to_shape<Trg: IntTuple, Ord: IntTuple>(
        &self,
        trg: Trg,
        o: Ord,
    ) -> Self::TileToShape<Trg, Ord> {
        comp(self.a, self.o, self.b.tile_to_shape(trg, o))
    }
    #[inline]
    #[track_caller]
    fn upcast<N: Nat>(&self) -> Self::Upcast<N> {
        comp(
            O::up_a::<A, N>(self.a),
            Conjure::conjure(),
            self.b.upcast::<N>(),
        )
    }
    #[inline]
    #[track_caller]
    fn downcast<N: Nat>(&self) -> Self::Downcast<N> {
        comp(
            O::down_a::<A, N>(self.a),
            Conjure::conjure(),
            self.b.downcast::<N>(),
        )
    }
    #[inline]
    fn nullspace(&self) -> Self::Nullspace {
        Conjure::conjure()
    }
    #[inline]
    fn layout_like(&self) -> Self::LayoutLike {
        self.b.layout_like()
    }
    #[inline]
    fn fragment_like(&self) -> Self::FragmentLike {
        self.b.fragment_like()
    }
    #[inline]
    fn as_tiler(&self) -> Self {
        *self
    }
}

// ---------------------------------------------------------------------------------
// A layout composed with a swizzle or a composed layout (swizzle_layout.hpp)
// ---------------------------------------------------------------------------------

/// `L(x)` for a static mask `x`, the leaf CuTe's `make_swizzle` reads.
type Image<S, D, X> =
    <<StridedLayout<S, D> as Layout>::Call<C<sint::Make<B0, X>>> as IntTuple>::Size;
type ImgY<W, S, D> = Image<S, D, <W as SwizzleMasks>::Y>;
type ImgZ<W, S, D> = Image<S, D, <W as SwizzleMasks>::Z>;
type MagOf<X> = <V<X> as SInt>::Mag;
/// CuTe's `composition(layout, swizzle)`: the swizzle conjugated by the layout,
/// `make_swizzle<layout(yyy_msk), layout(zzz_msk)>() o _0 o layout`.
type Conjugate<W, S, D> =
    <<StaticNonNeg<ImgY<W, S, D>> as Bit>::And<StaticNonNeg<ImgZ<W, S, D>>> as Bit>::IfLayout<
        <MakeSwizzleOk<MagOf<ImgY<W, S, D>>, MagOf<ImgZ<W, S, D>>> as Bit>::IfLayout<
            Comp<
                MakeSwizzle<MagOf<ImgY<W, S, D>>, MagOf<ImgZ<W, S, D>>>,
                C<Z0>,
                StridedLayout<S, D>,
            >,
            ErrLayout<EMakeSwizzle>,
        >,
        ErrLayout<EDynamicSwizzleImage>,
    >;

type Xor<X, Y> = <X as Nat>::Xor<Y>;
/// CuTe's `composition(Swizzle, Swizzle)` (swizzle.hpp): equal shifts, and the XORed
/// masks make a swizzle.
type MergeOk<W, T> = <sint::Eq<<W as SwizzleMasks>::Shift, <T as SwizzleMasks>::Shift> as Bit>::And<
    MakeSwizzleOk<
        Xor<<W as SwizzleMasks>::Y, <T as SwizzleMasks>::Y>,
        Xor<<W as SwizzleMasks>::Z, <T as SwizzleMasks>::Z>,
    >,
>;

impl<Bb: Nat, M: Nat, Sh: SInt> Tiler for Sw<Bb, M, Sh> {
    type IsTuple = B0;
    type Rank = typenum::U1;
    type Profile = C<Z0>;
    type ComposeWith<S: IntTuple, D: IntTuple> = Conjugate<Self, S, D>;
    type UnderSwizzle<W: SwizzleMasks + LayoutFn> = <MergeOk<W, Self> as Bit>::IfFn<
        MakeSwizzle<Xor<W::Y, <Self as SwizzleMasks>::Y>, Xor<W::Z, <Self as SwizzleMasks>::Z>>,
        ErrLayout<ESwizzleMerge>,
    >;
    #[inline]
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, _: W) -> Self::UnderSwizzle<W> {
        <MergeOk<W, Self> as Bit>::if_fn(Default::default, err_layout)
    }
    type DivideWith<S: IntTuple, D: IntTuple> = ErrLayout<ETileByComposed>;
    type ProductWith<S: IntTuple, D: IntTuple> = ErrLayout<ETileByComposed>;
    #[inline]
    fn compose_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ComposeWith<S, D> {
        type Made<W, S, D> = MakeSwizzle<MagOf<ImgY<W, S, D>>, MagOf<ImgZ<W, S, D>>>;
        <<StaticNonNeg<ImgY<Self, S, D>> as Bit>::And<StaticNonNeg<ImgZ<Self, S, D>>> as Bit>::if_layout(
            || {
                <MakeSwizzleOk<MagOf<ImgY<Self, S, D>>, MagOf<ImgZ<Self, S, D>>> as Bit>::if_layout(
                    || comp(Made::<Self, S, D>::default(), C::new(), l),
                    err_layout,
                )
            },
            err_layout,
        )
    }
    #[inline]
    fn divide_with<S: IntTuple, D: IntTuple>(
        self,
        _: StridedLayout<S, D>,
    ) -> Self::DivideWith<S, D> {
        err_layout()
    }
    #[inline]
    fn product_with<S: IntTuple, D: IntTuple>(
        self,
        _: StridedLayout<S, D>,
    ) -> Self::ProductWith<S, D> {
        err_layout()
    }
}

/// CuTe's `composition(layout, A o O o B)` (`O == _0`): `composition(composition(layout,
/// A), B)`.
type ComposeComposed<A, O, B, S, D> = <<O as Offset>::IsZero as Bit>::IfLayout<
    <<StridedLayout<S, D> as Layout>::Compose<<A as LayoutFn>::AsTiler> as Layout>::Compose<
        <B as Layout>::AsTiler,
    >,
    ErrLayout<ENonZeroOffset>,
>;

/// swizzle_layout.hpp's `logical_product(layout, Sw o _0 o B)`: the product with `B`,
/// swizzled by the swizzle that the product moves the active Y and Z bits of `B` to.
type NewProduct<B, S, D> = <StridedLayout<S, D> as Layout>::LogicalProduct<<B as Layout>::AsTiler>;
type Pw2<N> = C<sint::Make<B0, <N as Nat>::Pow2>>;
type Sws<A> = <A as LayoutFn>::AsSwizzle;
type SBits<A> = <Sws<A> as SwizzleMasks>::Bits;
type SBase<A> = <Sws<A> as SwizzleMasks>::Base;
type SAbs<A> = <<Sws<A> as SwizzleMasks>::Shift as SInt>::Mag;
/// CuTe's `swizzle_only_zy`: the layout of the swizzle's domain that keeps only its Z
/// and Y bits.
type OnlyZy<A> = StridedLayout<
    (
        Pw2<SBase<A>>,
        Pw2<SBits<A>>,
        Pw2<<SAbs<A> as Nat>::Sub<SBits<A>>>,
        Pw2<SBits<A>>,
        C<P1>,
    ),
    (
        C<Z0>,
        Pw2<SBase<A>>,
        C<Z0>,
        Pw2<<SBase<A> as Nat>::Add<SAbs<A>>>,
        C<Z0>,
    ),
>;
type LayoutOnlyZy<A, B> = <OnlyZy<A> as Layout>::Compose<<B as Layout>::AsTiler>;
type Last<L> = <<<L as Shaped>::Shape as IntTuple>::Size as crate::int::LeafOps>::Sub<C<P1>>;
type ActiveBits<A, B> =
    <<LayoutOnlyZy<A, B> as Layout>::Call<Last<LayoutOnlyZy<A, B>>> as IntTuple>::Size;
type ActiveMask<A, B, Msk> = <MagOf<ActiveBits<A, B>> as Nat>::And<Msk>;
/// `new_layout(_0, B(active))`.
type Moved<A, B, S, D, Msk> = <<NewProduct<B, S, D> as Layout>::Call<(
    C<Z0>,
    <<B as Layout>::Call<C<sint::Make<B0, ActiveMask<A, B, Msk>>>> as IntTuple>::Size,
)> as IntTuple>::Size;
type MovedY<A, B, S, D> = Moved<A, B, S, D, <Sws<A> as SwizzleMasks>::Y>;
type MovedZ<A, B, S, D> = Moved<A, B, S, D, <Sws<A> as SwizzleMasks>::Z>;
type Transferred<A, B, S, D> = MakeSwizzle<MagOf<MovedY<A, B, S, D>>, MagOf<MovedZ<A, B, S, D>>>;
/// CuTe requires a swizzle at offset zero, static images, and masks that make a swizzle.
type TransferOk<A, O, B, S, D> =
    <<<<<A as LayoutFn>::IsSwizzle as Bit>::And<<O as Offset>::IsZero> as Bit>::And<
        StaticNonNeg<ActiveBits<A, B>>,
    > as Bit>::And<
        <StaticNonNeg<MovedY<A, B, S, D>> as Bit>::And<StaticNonNeg<MovedZ<A, B, S, D>>>,
    > as Bit>::And<MakeSwizzleOk<MagOf<MovedY<A, B, S, D>>, MagOf<MovedZ<A, B, S, D>>>>;

impl<A: LayoutFn, O: Offset, B: Layout> Tiler for ComposedLayout<A, O, B> {
    type IsTuple = B0;
    type Rank = typenum::U1;
    type Profile = C<Z0>;
    type ComposeWith<S: IntTuple, D: IntTuple> = ComposeComposed<A, O, B, S, D>;
    type UnderSwizzle<W: SwizzleMasks + LayoutFn> = NotUnderSwizzle;
    #[inline]
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, _: W) -> NotUnderSwizzle {
        not_under_swizzle()
    }
    type DivideWith<S: IntTuple, D: IntTuple> = ErrLayout<ETileByComposed>;
    type ProductWith<S: IntTuple, D: IntTuple> = <TransferOk<A, O, B, S, D> as Bit>::IfLayout<
        Comp<Transferred<A, B, S, D>, C<Z0>, NewProduct<B, S, D>>,
        ErrLayout<ETransferSwizzle>,
    >;
    #[inline]
    #[track_caller]
    fn compose_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ComposeWith<S, D> {
        <O::IsZero as Bit>::if_layout(
            || l.compose(self.a.as_tiler_fn()).compose(self.b.as_tiler()),
            err_layout,
        )
    }
    #[inline]
    fn divide_with<S: IntTuple, D: IntTuple>(
        self,
        _: StridedLayout<S, D>,
    ) -> Self::DivideWith<S, D> {
        err_layout()
    }
    #[inline]
    #[track_caller]
    fn product_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ProductWith<S, D> {
        <TransferOk<A, O, B, S, D> as Bit>::if_layout(
            || {
                let p = l.logical_product(self.b.as_tiler());
                comp(Transferred::<A, B, S, D>::default(), C::new(), p)
            },
            err_layout,
        )
    }
}
