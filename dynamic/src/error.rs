//! Errors of the runtime layout tree: parse errors, expressions CuTe refuses to
//! compile, and evaluation failures (division by zero, overflow).

use alloc::string::String;
use core::fmt;

/// Why a runtime-tree operation failed.
///
/// The split mirrors CuTe: [`Error::IllFormed`] is what CuTe rejects at compile time
/// (a `static_assert` or a substitution failure), [`Error::Runtime`] is what compiles
/// in CuTe but fails when evaluated (a division by a dynamic zero, an overflow).
///
/// ```
/// use cutlet_dynamic::{eval, Error};
/// assert!(matches!(eval("complement((_2,_2):(_1,_1))"), Err(Error::IllFormed(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The text is not in CuTe notation.
    Parse(String),
    /// CuTe refuses the expression at compile time.
    IllFormed(String),
    /// The expression is well-formed but its evaluation fails.
    Runtime(String),
}

impl Error {
    pub(crate) fn ill(msg: impl Into<String>) -> Self {
        Error::IllFormed(msg.into())
    }
    pub(crate) fn runtime(msg: impl Into<String>) -> Self {
        Error::Runtime(msg.into())
    }
    pub(crate) fn parse(msg: impl Into<String>) -> Self {
        Error::Parse(msg.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(m) => write!(f, "parse error: {m}"),
            Error::IllFormed(m) => write!(f, "ill-formed: {m}"),
            Error::Runtime(m) => write!(f, "runtime error: {m}"),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias of the runtime tree.
///
/// ```
/// use cutlet_dynamic::{DynLayout, Result};
/// fn parse(s: &str) -> Result<DynLayout> { Ok(s.parse()?) }
/// assert!(parse("(_2,_3):(_1,_2)").is_ok());
/// assert!(parse("(_2,_3):(_1)").is_err());
/// ```
pub type Result<T> = core::result::Result<T, Error>;
