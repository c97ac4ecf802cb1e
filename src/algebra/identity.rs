//! `make_identity_layout`: the layout that maps each coordinate of a shape to itself,
//! with CuTe's basis-element strides (`_1@0`, `_1@0@1`, ...).
//!
//! Evaluating an identity layout gives back the coordinate, as a scaled basis or an
//! arithmetic tuple ([`crate::int::ScaledBasis`]); the typed algebra carries the basis
//! strides through composition, the divides, slicing and the partitions, so tiles of
//! identity tensors hold the exact coordinates of their elements.
//!
//! Mirrors its runtime twin `dynamic::algebra::identity::make_identity_layout`, the reference it is tested against
//! (`tests/typed_vs_runtime.rs`).

use crate::int::{C, E};
use crate::layout::{Layout, ListOf};
use crate::tuple::{Append, HCons, HNil, ToList, ToNative, hcons};
use typenum::{B1, P1};

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
            type Output = Prefix::Basis;
            #[inline(always)]
            fn basis_like() -> Self::Output {
                Default::default()
            }
        }
    )*};
}
leaf_basis!(crate::int::C<N> => [N,], isize => []);
/// The basis element of a leaf at a path: CuTe's `E<>` at the top level is the plain
/// `_1` (`make_identity_layout(_8)` is `_8:_1`), below it `_1@i...`.
#[doc(hidden)]
pub trait LeafPath {
    type Basis: Copy + Default;
}
impl LeafPath for HNil {
    type Basis = C<P1>;
}
impl<H: Copy, T: Copy> LeafPath for HCons<H, T> {
    type Basis = E<HCons<H, T>>;
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
