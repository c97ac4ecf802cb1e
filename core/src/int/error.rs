//! Compile-time errors of the type layer in layout terms.
//!
//! The type-level algorithms are total: where CuTe would refuse to compile (a static
//! divisibility condition, a division by the static `_0`, too many modes), the result
//! carries an error marker leaf ([`ErrLeaf`]) naming why. The public operations check
//! their results in a `const` block, so an ill-formed static layout stops the build
//! (`cargo build`/`cargo test`; like a C++ `static_assert`, at instantiation) with the
//! message, e.g. `error[E0080]: evaluation panicked: composition: stride divisibility
//! condition fails ...`.

use super::basis::{PErr, ScaledBasis};

/// Why a type-level result is ill-formed.
pub trait ErrMsg: Copy + Default + core::fmt::Debug + 'static {
    /// The message, in layout terms.
    const MSG: &'static str;
}

/// A leaf that marks an ill-formed result, with the message of `M`.
pub type ErrLeaf<M> = ScaledBasis<isize, PErr<M>>;

/// Declares error markers: `err_msgs!(EName => "message", ...)`.
#[macro_export]
#[doc(hidden)]
macro_rules! err_msgs {
    ($($name:ident => $msg:expr),* $(,)?) => {$(
        /// An error marker: its message is its `ErrMsg::MSG`.
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $name;
        impl $crate::int::ErrMsg for $name {
            const MSG: &'static str = $msg;
        }
    )*};
}

err_msgs!(
    EAddBases => "cannot add basis elements of different modes",
    EMulBases => "cannot multiply two basis elements",
    ENeedsInteger => "this operation needs integers, not basis elements",
    EDivZero => "division by the static integer _0",
    ETooManyModes => "a tuple has more than 16 modes",
    EUnderscore => "`_` (CuTe's underscore) has no value here: it only selects modes in a slice",
    ENotLeaf => "an integer was expected here, found a tuple",
);
