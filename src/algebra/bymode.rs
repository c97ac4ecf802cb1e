//! By-mode application along a tuple tiler or profile (CuTe's `transform_layout` on a
//! layout and a tuple): the operation runs at each terminal of the tiler; layout modes
//! beyond the tiler are kept (divides, products, coalesce) or dropped (composition).

use super::util::Wrap;
use crate::layout::Underscore;
use crate::tuple::{HCons, HNil, hcons};
use typenum::{B0, B1, Bit};

/// An operation applied at the terminals of a tiler.
#[doc(hidden)]
pub trait TerminalOp: Copy {
    /// `B1` to keep the layout's modes beyond the tiler, `B0` to drop them.
    type KeepRest: Bit;
}

/// Apply the operation `F` to the layout `(S, D)` at a tiler element (the `Self`).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this tiler does not fit the layout",
    label = "a tiler is a layout, a shape, `_`, or a tuple of those with at most the layout's rank"
)]
pub trait AtTerminal<F, S, D> {
    /// Result shape (internal form).
    type Shape: Copy;
    /// Result stride (internal form).
    type Stride: Copy;
    /// Apply.
    fn at(self, f: F, s: S, d: D) -> (Self::Shape, Self::Stride);
}

impl<F, S: Copy, D: Copy> AtTerminal<F, S, D> for Underscore {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn at(self, _: F, s: S, d: D) -> (S, D) {
        (s, d)
    }
}

impl<F: TerminalOp, S: Wrap, D: Wrap, H, T> AtTerminal<F, S, D> for HCons<H, T>
where
    HCons<H, T>: ModeZip<F, S::Output, D::Output, F::KeepRest>,
{
    type Shape = <HCons<H, T> as ModeZip<F, S::Output, D::Output, F::KeepRest>>::Shape;
    type Stride = <HCons<H, T> as ModeZip<F, S::Output, D::Output, F::KeepRest>>::Stride;
    #[inline(always)]
    fn at(self, f: F, s: S, d: D) -> (Self::Shape, Self::Stride) {
        self.mode_zip(f, s.wrap(), d.wrap())
    }
}

/// Walk the tiler's elements alongside the layout's modes.
#[diagnostic::on_unimplemented(
    message = "the tiler has more modes than the layout",
    label = "a tuple tiler may not have more modes than the layout it applies to"
)]
#[doc(hidden)]
pub trait ModeZip<F, SL, DL, Keep> {
    type Shape: Copy;
    type Stride: Copy;
    fn mode_zip(self, f: F, s: SL, d: DL) -> (Self::Shape, Self::Stride);
}
impl<F, SL: Copy, DL: Copy> ModeZip<F, SL, DL, B1> for HNil {
    type Shape = SL;
    type Stride = DL;
    #[inline(always)]
    fn mode_zip(self, _: F, s: SL, d: DL) -> (SL, DL) {
        (s, d)
    }
}
impl<F, SL, DL> ModeZip<F, SL, DL, B0> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn mode_zip(self, _: F, _: SL, _: DL) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<F: Copy, Keep, TH, TT, SH, ST, DH, DT> ModeZip<F, HCons<SH, ST>, HCons<DH, DT>, Keep>
    for HCons<TH, TT>
where
    TH: AtTerminal<F, SH, DH>,
    TT: ModeZip<F, ST, DT, Keep>,
{
    type Shape = HCons<TH::Shape, TT::Shape>;
    type Stride = HCons<TH::Stride, TT::Stride>;
    #[inline(always)]
    fn mode_zip(self, f: F, s: HCons<SH, ST>, d: HCons<DH, DT>) -> (Self::Shape, Self::Stride) {
        let (x, y) = self.head.at(f, s.head, d.head);
        let (xs, ys) = self.tail.mode_zip(f, s.tail, d.tail);
        (hcons(x, xs), hcons(y, ys))
    }
}
