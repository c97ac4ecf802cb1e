//! Small internal helpers of the algebra: CuTe's `wrap`/`unwrap`, concatenating
//! layouts into modes, and converting results to public layouts.

use crate::int::C;
use crate::layout::Layout;
use crate::tuple::{HCons, HNil, ToNative, Tup, hcons};

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
// A basis stride (identity tensors) is a leaf too.
impl<V, P> Unwrap for crate::int::ScaledBasis<V, P>
where
    Self: Copy,
{
    type Output = Self;
    #[inline(always)]
    fn unwrap(self) -> Self {
        self
    }
}

/// An internal `(shape, stride)` result that becomes a public layout. A fully static
/// result is the default value of its zero-sized layout type: neither its computation
/// nor its conversion is instantiated, which keeps static algebra cheap to compile.
#[doc(hidden)]
pub trait LayoutResult: Sized {
    type Layout;
    fn finish<F: FnOnce() -> Self>(f: F) -> Self::Layout;
}
impl<S: ToNative + Tup, D: ToNative + crate::tuple::Leaves> LayoutResult for (S, D)
where
    S::IsStatic: core::ops::BitAnd<D::IsStatic>,
    BothStatic<S, D>: Finish<S, D>,
{
    type Layout = Layout<S::Native, D::Native>;
    #[inline(always)]
    fn finish<F: FnOnce() -> Self>(f: F) -> Self::Layout {
        <BothStatic<S, D> as Finish<S, D>>::finish(f)
    }
}

/// `B1`: a static result, built by `Default`; `B0`: computed and converted.
#[doc(hidden)]
pub trait Finish<S: ToNative, D: ToNative> {
    fn finish<F: FnOnce() -> (S, D)>(f: F) -> Layout<S::Native, D::Native>;
}
impl<S: ToNative, D: ToNative> Finish<S, D> for typenum::B1
where
    S::Native: Default,
    D::Native: Default,
{
    #[inline(always)]
    fn finish<F: FnOnce() -> (S, D)>(_: F) -> Layout<S::Native, D::Native> {
        Layout::from_parts(Default::default(), Default::default())
    }
}
impl<S: ToNative, D: ToNative> Finish<S, D> for typenum::B0 {
    #[inline(always)]
    fn finish<F: FnOnce() -> (S, D)>(f: F) -> Layout<S::Native, D::Native> {
        let (s, d) = f();
        Layout::from_parts(s.to_native(), d.to_native())
    }
}

/// Build the public layout of an internal result, computing it only when it has
/// dynamic parts.
#[inline(always)]
pub(crate) fn finish<R: LayoutResult>(f: impl FnOnce() -> R) -> R::Layout {
    R::finish(f)
}

/// The public layout type of an internal result.
///
/// ```
/// use cutlet::prelude::*;
/// // Type-level results come back as plain `Layout<Shape, Stride>` types:
/// let l: Layout<_8, _1> = coalesce(layout!((2,4):(1,2)));
/// assert_eq!(l.to_string(), "_8:_1");
/// ```
pub type LayoutOf<S, D> = <(S, D) as LayoutResult>::Layout;

/// `B1` when both parts of an internal layout are fully static.
pub(crate) type BothStatic<S, D> = <<S as crate::tuple::Tup>::IsStatic as core::ops::BitAnd<
    <D as crate::tuple::Leaves>::IsStatic,
>>::Output;
