//! The layout algebra on swizzles and composed layouts (CuTe's layout_composed.hpp and
//! swizzle_layout.hpp): the shape operations act on the domain layout `B` and
//! re-compose with CuTe's three-argument `composition(A, O, B')`, which drops a swizzle
//! of no bits at offset `_0`.
//!
//! Runtime twin: `dynamic::composed_ops` (`apply_plain`, `compose_fn`, `map_b`).

use super::coalesce::{Coalescable, CoalescableBy};
use super::composition::Composable;
use super::divide::Divisible;
use super::product::Multipliable;
use crate::int::C;
use crate::layout::{
    ComposeParts, ComposedLayout, Cosized, Layout, ModeOp, Sliceable, SliceableWithOffset,
    OffsetAdd, Swizzle, SwizzleParams, make_composed_layout,
};
use typenum::Z0;

impl<A: Copy, O: Copy, B: Copy + Composable<T>, T> Composable<T> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn composition(self, t: T) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.composition(t))
    }
}

/// `composition(swizzle, layout)` is `Sw o _0 o layout` (the layout itself for a swizzle
/// of no bits).
impl<Bb, M, S, LS: Copy, LD: Copy> Composable<Layout<LS, LD>> for Swizzle<Bb, M, S>
where
    Self: SwizzleParams + ComposeParts<C<Z0>, Layout<LS, LD>>,
{
    type Output = <Self as ComposeParts<C<Z0>, Layout<LS, LD>>>::Output;
    #[inline(always)]
    fn composition(self, l: Layout<LS, LD>) -> Self::Output {
        self.compose_parts(C::new(), l)
    }
}

impl<A: Copy, O: Copy, B: Copy + Coalescable> Coalescable for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn coalesce(self) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.coalesce())
    }
}

impl<A: Copy, O: Copy, B: Copy + CoalescableBy<P>, P> CoalescableBy<P> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn coalesce_by(self, p: P) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.coalesce_by(p))
    }
}

impl<A: Copy, O: Copy, B: Copy + Divisible<T, K>, T, K> Divisible<T, K> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn divide(self, t: T) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.divide(t))
    }
}

impl<A: Copy, O: Copy, B: Copy + Multipliable<T, K>, T, K> Multipliable<T, K>
    for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn product(self, t: T) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.product(t))
    }
}

/// CuTe: `cosize` of a composed layout is the cosize of its domain layout `B`.
impl<A: Copy, O: Copy, B: Copy + Cosized> Cosized for ComposedLayout<A, O, B> {
    type Output = B::Output;
    #[inline(always)]
    fn coshape(self) -> Self::Output {
        self.layout_b().coshape()
    }
}

/// CuTe's `slice_and_offset(c, a o o o b)`: `(a o (o + off) o slice(c, b), _0)`, always
/// composed (CuTe builds the `ComposedLayout` directly).
impl<A: Copy, O: Copy, B: Copy + SliceableWithOffset<Cd, Output = (BS, Off)>, Cd, BS, Off>
    SliceableWithOffset<Cd> for ComposedLayout<A, O, B>
where
    O: OffsetAdd<Off>,
{
    type Output = (ComposedLayout<A, O::Output, BS>, C<Z0>);
    #[inline(always)]
    fn slice_and_offset(self, c: Cd) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        let (s, off) = b.slice_and_offset(c);
        (make_composed_layout(a, o.offset_add(off), s), C::new())
    }
}
impl<A: Copy, O: Copy, B: Copy + SliceableWithOffset<Cd, Output = (BS, Off)>, Cd, BS, Off>
    Sliceable<Cd> for ComposedLayout<A, O, B>
where
    O: OffsetAdd<Off>,
{
    type Output = ComposedLayout<A, O::Output, BS>;
    #[inline(always)]
    fn slice(self, c: Cd) -> Self::Output {
        self.slice_and_offset(c).0
    }
}

/// CuTe's `get`, `take`, `group` and `flatten` of a composed layout act on `B`.
impl<A: Copy, O: Copy, B: Copy + ModeOp<Op>, Op> ModeOp<Op> for ComposedLayout<A, O, B>
where
    A: ComposeParts<O, B::Output>,
{
    type Output = A::Output;
    #[inline(always)]
    fn mode_op(self, op: Op) -> Self::Output {
        let (a, o, b) = (self.layout_a(), self.offset(), self.layout_b());
        a.compose_parts(o, b.mode_op(op))
    }
}
