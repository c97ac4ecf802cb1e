//! `make_identity_layout`: the layout that maps each coordinate of a shape to itself,
//! with CuTe's basis-element strides (`_1@0`, `_1@0@1`, ...).
//!
//! Typed identity layouts print and convert to the runtime tree (whose algebra handles
//! basis strides); to evaluate one, use [`idx2crd`](crate::layout::idx2crd), which is
//! its function, or an identity tensor.

use crate::layout::{Layout, ListOf};
use crate::tuple::{Append, CuteDisplay, HCons, HNil, ToList, ToNative, hcons};
use core::fmt;
use core::marker::PhantomData;
use typenum::{B1, Unsigned};

/// CuTe's basis element `_1@i@j...` (a `ScaledBasis` of `_1`): the stride that moves a
/// coordinate one step along the mode at path `P` (a cons-list of typenum indices,
/// outermost mode first).
///
/// ```
/// use cutlet::prelude::*;
/// let id = make_identity_layout(shape!((4, 2)));
/// assert_eq!(id.to_string(), "(_4,_2):(_1@0,_1@1)");
/// ```
pub struct E<P>(PhantomData<P>);
impl<P> Clone for E<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for E<P> {}
impl<P> Default for E<P> {
    fn default() -> Self {
        E(PhantomData)
    }
}
impl<P> fmt::Debug for E<P>
where
    E<P>: CuteDisplay,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.fmt_cute(f)
    }
}
impl<P: PathDisplay> CuteDisplay for E<P> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("_1")?;
        P::fmt_path(f)
    }
}
impl<P: Copy> ToNative for E<P> {
    type Native = E<P>;
    #[inline(always)]
    fn to_native(self) -> Self {
        self
    }
}
impl<P: Copy> ToList for E<P> {
    type List = E<P>;
    #[inline(always)]
    fn to_list(self) -> Self {
        self
    }
}

/// Prints a basis path innermost mode first, as CuTe does (`@0@1` for path `[1, 0]`).
#[doc(hidden)]
pub trait PathDisplay {
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result;
}
impl PathDisplay for HNil {
    fn fmt_path(_: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}
impl<H: Unsigned, T: PathDisplay> PathDisplay for HCons<H, T> {
    fn fmt_path(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        T::fmt_path(f)?;
        write!(f, "@{}", H::USIZE)
    }
}

/// The basis strides of a shape whose modes sit at path `Prefix`.
#[doc(hidden)]
pub trait BasisLike<Prefix> {
    type Output: Copy;
    fn basis_like() -> Self::Output;
}
/// The basis strides of the elements of a list, starting at index `I`.
#[doc(hidden)]
pub trait BasisList<Prefix, I> {
    type Output: Copy;
    fn basis_list() -> Self::Output;
}
macro_rules! leaf_basis {
    ($($ty:ty => [$($g:tt)*]),*) => {$(
        impl<$($g)* Prefix: LeafPath> BasisLike<Prefix> for $ty {
            type Output = E<Prefix::Path>;
            #[inline(always)]
            fn basis_like() -> Self::Output {
                E(PhantomData)
            }
        }
    )*};
}
leaf_basis!(crate::int::C<N> => [N,], isize => []);
/// A top-level leaf is mode 0 (`_1@0`).
#[doc(hidden)]
pub trait LeafPath {
    type Path: Copy;
}
impl LeafPath for HNil {
    type Path = HCons<typenum::U0, HNil>;
}
impl<H: Copy, T: Copy> LeafPath for HCons<H, T> {
    type Path = HCons<H, T>;
}
impl<Prefix, L: BasisList<Prefix, typenum::U0>> BasisLike<Prefix> for L
where
    L: IsList,
{
    type Output = L::Output;
    #[inline(always)]
    fn basis_like() -> Self::Output {
        L::basis_list()
    }
}
/// Marks the internal list types (for the blanket `BasisLike` impl).
#[doc(hidden)]
pub trait IsList {}
impl IsList for HNil {}
impl<H, T> IsList for HCons<H, T> {}

impl<Prefix, I> BasisList<Prefix, I> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn basis_list() -> HNil {
        HNil
    }
}
impl<H, T, Prefix: Append<I>, I> BasisList<Prefix, I> for HCons<H, T>
where
    I: core::ops::Add<B1>,
    H: BasisLike<<Prefix as Append<I>>::Output>,
    T: BasisList<Prefix, <I as core::ops::Add<B1>>::Output>,
{
    type Output = HCons<H::Output, T::Output>;
    #[inline(always)]
    fn basis_list() -> Self::Output {
        hcons(H::basis_like(), T::basis_list())
    }
}

/// CuTe's `make_identity_layout(shape)`: `shape:basis` mapping each coordinate to itself.
///
/// ```
/// use cutlet::prelude::*;
/// let m = 3;
/// let i = make_identity_layout(shape!((4, (2, m))));
/// assert_eq!(i.to_string(), "(_4,(_2,3)):(_1@0,(_1@0@1,_1@1@1))");
/// // Its function is idx2crd:
/// assert_eq!(Cute(idx2crd(5isize, i.shape())).to_string(), "(1,(1,0))");
/// // The runtime tree evaluates and divides it like CuTe:
/// let d = cutlet::dynamic::DynLayout::from(make_identity_layout(shape!((8, 8))));
/// let t: cutlet::dynamic::Tiler = "(_4,_2)".parse().unwrap();
/// let z = cutlet::dynamic::zipped_divide(&d, &t).unwrap();
/// assert_eq!(z.to_string(), "((_4,_2),(_2,_4)):((_1@0,_1@1),(_4@0,_2@1))");
/// ```
#[inline(always)]
pub fn make_identity_layout<S: ToList>(
    shape: S,
) -> Layout<S, <<ListOf<S> as BasisLike<HNil>>::Output as ToNative>::Native>
where
    ListOf<S>: BasisLike<HNil>,
    <ListOf<S> as BasisLike<HNil>>::Output: ToNative,
{
    Layout::from_parts(
        shape,
        <ListOf<S> as BasisLike<HNil>>::basis_like().to_native(),
    )
}
