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

mod layout_fn;
mod offset;
mod tiler;

pub use layout_fn::LayoutFn;
pub use offset::{Offset, RecastOffset, SmemPtrFlag, SmemPtrFlagBits};

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
