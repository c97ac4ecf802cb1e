//! Small internal helpers of the algebra: CuTe's `wrap`/`unwrap`, concatenating
//! layouts into modes, and converting results to public layouts.

use crate::int::C;
use crate::layout::Layout;
use crate::tuple::{HCons, HNil, ToNative, hcons};

/// CuTe's `wrap`: a leaf becomes a one-element list; a list stays.
#[doc(hidden)]
pub trait Wrap {
    type Output: Copy;
    fn wrap(self) -> Self::Output;
}
impl<N: Copy> Wrap for C<N> {
    type Output = HCons<C<N>, HNil>;
    #[inline(always)]
    fn wrap(self) -> Self::Output {
        hcons(self, HNil)
    }
}
impl Wrap for isize {
    type Output = HCons<isize, HNil>;
    #[inline(always)]
    fn wrap(self) -> Self::Output {
        hcons(self, HNil)
    }
}
impl Wrap for HNil {
    type Output = HNil;
    #[inline(always)]
    fn wrap(self) -> HNil {
        self
    }
}
impl<H: Copy, T: Copy> Wrap for HCons<H, T> {
    type Output = HCons<H, T>;
    #[inline(always)]
    fn wrap(self) -> Self {
        self
    }
}

/// CuTe's `unwrap` of a result list: a one-element list becomes its (unwrapped)
/// element.
#[doc(hidden)]
pub trait Unwrap {
    type Output: Copy;
    fn unwrap(self) -> Self::Output;
}
impl<H: Unwrap> Unwrap for HCons<H, HNil> {
    type Output = H::Output;
    #[inline(always)]
    fn unwrap(self) -> H::Output {
        self.head.unwrap()
    }
}
impl<H: Copy, H2: Copy, T: Copy> Unwrap for HCons<H, HCons<H2, T>> {
    type Output = Self;
    #[inline(always)]
    fn unwrap(self) -> Self {
        self
    }
}
impl<N: Copy> Unwrap for C<N> {
    type Output = C<N>;
    #[inline(always)]
    fn unwrap(self) -> Self {
        self
    }
}
impl Unwrap for isize {
    type Output = isize;
    #[inline(always)]
    fn unwrap(self) -> Self {
        self
    }
}

/// An internal `(shape, stride)` result that becomes a public layout.
#[doc(hidden)]
pub trait LayoutResult: Shortcut {
    type Layout;
    fn into_layout(self) -> Self::Layout;
}
impl<S: ToNative, D: ToNative> LayoutResult for (S, D)
where
    (S, D): Shortcut,
{
    type Layout = Layout<S::Native, D::Native>;
    #[inline(always)]
    fn into_layout(self) -> Self::Layout {
        Layout::from_parts(self.0.to_native(), self.1.to_native())
    }
}

/// Build the public layout of an internal result, computing it only when it has
/// dynamic parts.
#[inline(always)]
pub(crate) fn finish<R: LayoutResult>(f: impl FnOnce() -> R) -> R::Layout {
    R::shortcut(f).into_layout()
}

/// The public layout type of an internal result.
pub type LayoutOf<S, D> = <(S, D) as LayoutResult>::Layout;

/// Evaluate a result only where it has dynamic parts: a fully static result is the
/// default value of its (zero-sized) type, which spares the compiler instantiating
/// the whole value computation. `Static` is the result's `IsStatic` bit.
#[doc(hidden)]
pub trait Eval<O> {
    fn eval<F: FnOnce() -> O>(f: F) -> O;
}
impl<O: Default> Eval<O> for typenum::B1 {
    #[inline(always)]
    fn eval<F: FnOnce() -> O>(_: F) -> O {
        O::default()
    }
}
impl<O> Eval<O> for typenum::B0 {
    #[inline(always)]
    fn eval<F: FnOnce() -> O>(f: F) -> O {
        f()
    }
}

/// `B1` when both parts of an internal layout are fully static.
pub(crate) type BothStatic<S, D> = <<S as crate::tuple::Tup>::IsStatic as core::ops::BitAnd<
    <D as crate::tuple::Tup>::IsStatic,
>>::Output;

/// An internal `(shape, stride)` result that can take the static shortcut.
#[doc(hidden)]
pub trait Shortcut: Sized {
    fn shortcut<F: FnOnce() -> Self>(f: F) -> Self;
}
impl<S: crate::tuple::Tup + Default, D: crate::tuple::Tup + Default> Shortcut for (S, D)
where
    S::IsStatic: core::ops::BitAnd<D::IsStatic>,
    BothStatic<S, D>: Eval<(S, D)>,
{
    #[inline(always)]
    fn shortcut<F: FnOnce() -> Self>(f: F) -> Self {
        <BothStatic<S, D> as Eval<(S, D)>>::eval(f)
    }
}
