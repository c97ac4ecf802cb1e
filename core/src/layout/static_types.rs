//! The types of static query results, to name them in `const` items (CuTe's
//! `decltype(size(L{}))::value`).
//!
//! On a static layout `size`, `cosize`, `rank`, `depth` and evaluation return
//! zero-sized integers; these aliases name those types from the layout type alone, and
//! [`value_of`] reads the integer a static type stands for.
//!
//! ```
//! use cutlet_core::prelude::*;
//! type L = layout_t!(((2,4),(3,5)):((3,6),(1,24)));
//! const SIZE: isize = value_of::<SizeT<L>>();
//! const COSIZE: isize = value_of::<CosizeT<L>>();
//! const RANK: isize = value_of::<RankT<L>>();
//! const AT: isize = value_of::<EvalT<L, (Int<1>, Int<2>)>>();
//! assert_eq!((SIZE, COSIZE, RANK, AT), (120, 120, 2, 5));
//! ```

use super::{Layout, Shaped};
use crate::int::C;
use crate::tuple::{IntTuple, NatC};
use typenum::Integer;

/// The type of [`size(l)`](super::size) for a layout (or any shaped value) of type `L`.
pub type SizeT<L> = <<L as Shaped>::Shape as IntTuple>::Size;
/// The type of [`cosize(l)`](crate::algebra::cosize).
pub type CosizeT<L> = <<L as Layout>::Coshape as IntTuple>::Size;
/// The type of [`rank(l)`](super::rank).
pub type RankT<L> = NatC<<<L as Shaped>::Shape as IntTuple>::Rank>;
/// The type of [`depth(l)`](super::depth).
pub type DepthT<L> = NatC<<<L as Shaped>::Shape as IntTuple>::Depth>;
/// The type of `l(crd)`.
pub type EvalT<L, Crd> = <L as Layout>::Call<Crd>;

/// A type that stands for one integer: a static integer (`Int<N>`, `_4`).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a static integer",
    label = "the value is only known at run time"
)]
pub trait StaticValue {
    /// The integer.
    const VALUE: isize;
}
impl<N: Integer> StaticValue for C<N> {
    const VALUE: isize = N::ISIZE;
}

/// The integer a static type stands for, in `const` contexts.
///
/// ```
/// use cutlet_core::prelude::*;
/// const N: isize = value_of::<SizeT<layout_t!((4, 8):(1, 4))>>();
/// assert_eq!(N, 32);
/// ```
pub const fn value_of<T: StaticValue>() -> isize {
    T::VALUE
}
