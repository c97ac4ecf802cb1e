//! Type-level lists of extents: the form tile shapes take while the shape rules
//! (broadcasting, reductions, permutations, reshapes) recurse over them. Users write
//! native tuples (`shape!((4, 8))`); the rules convert at the boundary and back, and
//! only ever compute types (the lists hold no values).

use cutlet_core::int::C;

/// The empty list.
#[doc(hidden)]
#[derive(Clone, Copy, Default, Debug)]
pub struct HNil;

/// A non-empty list: `H` followed by the list `T`.
#[doc(hidden)]
#[derive(Clone, Copy, Default, Debug)]
pub struct HCons<H, T>(core::marker::PhantomData<(H, T)>);

/// The list form of a native tuple of static integers.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tuple of static integers",
    label = "tile shapes and axis orders are written `shape!((4, 8))`"
)]
pub trait ToList: Copy {
    /// The list.
    type List;
}
/// The native tuple of a list.
#[doc(hidden)]
pub trait ToNative {
    /// The tuple.
    type Native;
}

impl<N: Copy> ToList for C<N> {
    type List = C<N>;
}
impl<N> ToNative for C<N> {
    type Native = C<N>;
}
impl ToList for () {
    type List = HNil;
}
impl ToNative for HNil {
    type Native = ();
}

/// The type `HCons<A, HCons<B, ... HNil>>`.
macro_rules! list_ty {
    () => { HNil };
    ($h:ty $(, $t:ty)*) => { HCons<$h, list_ty!($($t),*)> };
}
macro_rules! tuple_lists {
    ($(($($t:ident),+)),+) => {$(
        impl<$($t: ToList),+> ToList for ($($t,)+) {
            type List = list_ty!($(<$t as ToList>::List),+);
        }
        impl<$($t: ToNative),+> ToNative for list_ty!($($t),+) {
            type Native = ($($t::Native,)+);
        }
    )+};
}
tuple_lists!(
    (A),
    (A, B),
    (A, B, D),
    (A, B, D, E),
    (A, B, D, E, F),
    (A, B, D, E, F, G),
    (A, B, D, E, F, G, H),
    (A, B, D, E, F, G, H, I)
);

/// The reversed list.
#[doc(hidden)]
pub trait Reverse {
    /// The reversed list.
    type Output;
}
/// `reverse(self) ++ Acc`.
#[doc(hidden)]
pub trait ReverseOnto<Acc> {
    /// The result.
    type Output;
}
impl<Acc> ReverseOnto<Acc> for HNil {
    type Output = Acc;
}
impl<H, T: ReverseOnto<HCons<H, Acc>>, Acc> ReverseOnto<Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<L: ReverseOnto<HNil>> Reverse for L {
    type Output = L::Output;
}
