//! Tilers: what composition, divides and products take as their second argument — a
//! layout, a shape (by-mode, stride 1), CuTe's `_`, or a (nested) tuple of those.

use crate::int::C;
use crate::layout::{Layout, Underscore};
use crate::tuple::{HCons, HNil, ToList, hcons};

/// A layout inside a tiler, in internal form.
#[doc(hidden)]
#[derive(Clone, Copy, Default, Debug)]
pub struct Lay<S, D> {
    /// Shape (internal form).
    pub s: S,
    /// Stride (internal form).
    pub d: D,
}

/// Convert a public tiler (layout, int, `_` or tuple of tilers) to its internal form.
///
/// ```
/// use cutlet::prelude::*;
/// // Layouts, shapes, `X` and tuples of them are tilers.
/// let l = layout!((12,32):(32,1));
/// assert_eq!(composition(l, (layout!(3:4), X)).to_string(), "(_3,_32):(_128,_1)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler",
    label = "expected a layout, a shape, `_`, or a tuple of those (a tile)"
)]
pub trait ToTiler: Copy {
    /// The internal form.
    type Tiler: Copy;
    /// Convert.
    fn to_tiler(self) -> Self::Tiler;
}
impl<N: Copy> ToTiler for C<N> {
    type Tiler = C<N>;
    #[inline(always)]
    fn to_tiler(self) -> Self {
        self
    }
}
impl ToTiler for isize {
    type Tiler = isize;
    #[inline(always)]
    fn to_tiler(self) -> Self {
        self
    }
}
impl ToTiler for Underscore {
    type Tiler = Underscore;
    #[inline(always)]
    fn to_tiler(self) -> Self {
        self
    }
}
impl<S: ToList, D: ToList> ToTiler for Layout<S, D> {
    type Tiler = Lay<S::List, D::List>;
    #[inline(always)]
    fn to_tiler(self) -> Self::Tiler {
        Lay {
            s: self.shape().to_list(),
            d: self.stride().to_list(),
        }
    }
}
impl ToTiler for () {
    type Tiler = HNil;
    #[inline(always)]
    fn to_tiler(self) -> HNil {
        HNil
    }
}

macro_rules! tiler_tuple {
    ($($T:ident $v:ident),+) => {
        impl<$($T: ToTiler),+> ToTiler for ($($T,)+) {
            type Tiler = tiler_list!($($T),+);
            #[inline(always)]
            fn to_tiler(self) -> Self::Tiler {
                let ($($v,)+) = self;
                tiler_val!($($v),+)
            }
        }
    };
}
macro_rules! tiler_list {
    () => { HNil };
    ($h:ident $(, $t:ident)*) => { HCons<<$h as ToTiler>::Tiler, tiler_list!($($t),*)> };
}
macro_rules! tiler_val {
    () => { HNil };
    ($h:ident $(, $t:ident)*) => { hcons($h.to_tiler(), tiler_val!($($t),*)) };
}
tiler_tuple!(A a);
tiler_tuple!(A a, B b);
tiler_tuple!(A a, B b, D d);
tiler_tuple!(A a, B b, D d, E e);
tiler_tuple!(A a, B b, D d, E e, F f);
tiler_tuple!(A a, B b, D d, E e, F f, G g);
tiler_tuple!(A a, B b, D d, E e, F f, G g, H h);
tiler_tuple!(A a, B b, D d, E e, F f, G g, H h, I i);
