//! Runtime integers that remember whether CuTe would know them statically.
//!
//! [`DInt`] is the leaf of the runtime tree. Its arithmetic follows CuTe's
//! `integral_constant` rules exactly: static op static is static, anything touching a
//! dynamic operand is dynamic, except CuTe's special cases (`_0 * d`, `d * _0`, `_0 / d`,
//! `_0 % d`, `d % _1` and `d % _-1` are the static `_0`). A leaf may also be a scaled
//! basis element (`_1@0`), the stride of an identity layout.

use super::error::{Error, Result};
use core::fmt;

/// Path of a basis element, outermost mode first (`_1@0@1` is path `[1, 0]`).
///
/// ```
/// use cutlet_dynamic::Basis;
/// assert_eq!(Basis::default(), Basis::NONE);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Basis {
    len: u8,
    idx: [u8; 7],
}

impl Basis {
    /// The plain-integer marker (no basis).
    pub const NONE: Basis = Basis {
        len: 0,
        idx: [0; 7],
    };

    /// The basis element for a mode path, outermost mode first.
    ///
    /// ```
    /// use cutlet_dynamic::Basis;
    /// assert_eq!(Basis::from_path(&[1, 0]).unwrap().path(), &[1, 0]);
    /// ```
    pub fn from_path(path: &[usize]) -> Result<Basis> {
        if path.is_empty() || path.len() > 7 || path.iter().any(|&p| p > u8::MAX as usize) {
            return Err(Error::parse("basis paths have 1 to 7 modes below 256"));
        }
        let mut b = Basis {
            len: path.len() as u8,
            idx: [0; 7],
        };
        for (d, &p) in b.idx.iter_mut().zip(path) {
            *d = p as u8;
        }
        Ok(b)
    }

    /// The mode path, outermost first; empty for a plain integer.
    pub fn path(&self) -> &[u8] {
        &self.idx[..self.len as usize]
    }

    /// True for a plain integer.
    pub fn is_none(&self) -> bool {
        self.len == 0
    }
}

/// A runtime integer leaf: its value, whether CuTe would know it statically, and an
/// optional basis (for identity-layout strides).
///
/// ```
/// use cutlet_dynamic::DInt;
/// let p = DInt::stat(0).try_mul(DInt::dynamic(7)).unwrap();
/// assert_eq!(p.to_string(), "_0"); // CuTe: _0 * d is the static _0
/// assert_eq!(DInt::stat(3).try_add(DInt::dynamic(4)).unwrap().to_string(), "7");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DInt {
    /// The integer value (the scale of a basis element).
    pub value: i64,
    /// Whether CuTe knows the value at compile time.
    pub is_static: bool,
    /// The basis element this value scales, [`Basis::NONE`] for a plain integer.
    pub basis: Basis,
}

/// A boolean that remembers whether CuTe would know it statically.
///
/// ```
/// use cutlet_dynamic::SBool;
/// let b = SBool { value: true, is_static: false };
/// assert!(!b.is_true());                                  // true, but only at run time
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SBool {
    /// The truth value.
    pub value: bool,
    /// Whether it is known at compile time.
    pub is_static: bool,
}

impl SBool {
    /// CuTe's `is_constant<true, B>`: statically known to be true.
    pub fn is_true(self) -> bool {
        self.is_static && self.value
    }
}

fn overflow(st: bool) -> Error {
    if st {
        Error::ill("static integer overflow")
    } else {
        Error::runtime("integer overflow")
    }
}

fn div_zero(st: bool) -> Error {
    if st {
        Error::ill("static division by zero")
    } else {
        Error::runtime("division by zero")
    }
}

impl DInt {
    /// A static integer (`_v`).
    pub const fn stat(value: i64) -> DInt {
        DInt {
            value,
            is_static: true,
            basis: Basis::NONE,
        }
    }

    /// A dynamic integer (`v`).
    pub const fn dynamic(value: i64) -> DInt {
        DInt {
            value,
            is_static: false,
            basis: Basis::NONE,
        }
    }

    /// An integer with the given staticness.
    pub const fn new(value: i64, is_static: bool) -> DInt {
        DInt {
            value,
            is_static,
            basis: Basis::NONE,
        }
    }

    /// CuTe's `is_constant<v, T>`: static, plain and equal to `v`.
    pub fn is_const(self, v: i64) -> bool {
        self.is_static && self.basis.is_none() && self.value == v
    }

    /// True for a scaled basis element.
    pub fn is_basis(self) -> bool {
        !self.basis.is_none()
    }

    /// Fails unless this is a plain integer; `what` names the operation.
    pub fn plain(self, what: &str) -> Result<DInt> {
        if self.is_basis() {
            Err(Error::ill(alloc::format!(
                "{what} needs integers, not the basis element {self}"
            )))
        } else {
            Ok(self)
        }
    }

    fn both(self, o: DInt) -> bool {
        self.is_static && o.is_static
    }

    /// `self + o`.
    pub fn try_add(self, o: DInt) -> Result<DInt> {
        if self.basis != o.basis {
            return Err(Error::ill(alloc::format!(
                "cannot add {self} and {o}: different basis elements"
            )));
        }
        let st = self.both(o);
        let v = self.value.checked_add(o.value).ok_or(overflow(st))?;
        Ok(DInt {
            value: v,
            is_static: st,
            basis: self.basis,
        })
    }

    /// `self - o`.
    pub fn try_sub(self, o: DInt) -> Result<DInt> {
        self.try_add(o.try_neg()?)
    }

    /// `-self`.
    pub fn try_neg(self) -> Result<DInt> {
        let v = self.value.checked_neg().ok_or(overflow(self.is_static))?;
        Ok(DInt { value: v, ..self })
    }

    /// `self * o` (CuTe: `_0 * d` and `d * _0` are `_0`).
    pub fn try_mul(self, o: DInt) -> Result<DInt> {
        let basis = match (self.is_basis(), o.is_basis()) {
            (true, true) => {
                return Err(Error::ill(alloc::format!(
                    "cannot multiply basis elements {self} and {o}"
                )));
            }
            (true, false) => self.basis,
            _ => o.basis,
        };
        let st = self.both(o) || self.is_const_value(0) || o.is_const_value(0);
        let v = self.value.checked_mul(o.value).ok_or(overflow(st))?;
        Ok(DInt {
            value: v,
            is_static: st,
            basis,
        })
    }

    fn is_const_value(self, v: i64) -> bool {
        self.is_static && self.value == v
    }

    /// `self / o`, truncating like C++ (CuTe: `_0 / d` is `_0`).
    pub fn try_div(self, o: DInt) -> Result<DInt> {
        let o = o.plain("division")?;
        if o.value == 0 {
            return Err(div_zero(o.is_static));
        }
        let st = self.both(o) || self.is_const_value(0);
        let v = self.value.checked_div(o.value).ok_or(overflow(st))?;
        Ok(DInt {
            value: v,
            is_static: st,
            basis: self.basis,
        })
    }

    /// `self % o` with C++'s sign rule (CuTe: `_0 % d`, `d % _1`, `d % _-1` are `_0`).
    pub fn try_rem(self, o: DInt) -> Result<DInt> {
        let a = self.plain("remainder")?;
        let o = o.plain("remainder")?;
        if o.value == 0 {
            return Err(div_zero(o.is_static));
        }
        let st = a.both(o) || a.is_const(0) || o.is_const(1) || o.is_const(-1);
        let v = a.value.checked_rem(o.value).ok_or(overflow(st))?;
        Ok(DInt::new(v, st))
    }

    /// `(self / o, self % o)`, CuTe's `divmod`.
    pub fn divmod(self, o: DInt) -> Result<(DInt, DInt)> {
        Ok((self.try_div(o)?, self.try_rem(o)?))
    }

    /// CuTe's `ceil_div(a, b) = (a + b - _1) / b`.
    pub fn ceil_div(self, o: DInt) -> Result<DInt> {
        let a = self.plain("ceil_div")?;
        let b = o.plain("ceil_div")?;
        a.try_add(b)?.try_sub(DInt::stat(1))?.try_div(b)
    }

    /// `|self|`.
    pub fn abs(self) -> Result<DInt> {
        let a = self.plain("abs")?;
        if a.value < 0 { a.try_neg() } else { Ok(a) }
    }

    /// `-1`, `0` or `1`.
    pub fn signum(self) -> Result<DInt> {
        let a = self.plain("signum")?;
        Ok(DInt::new(a.value.signum(), a.is_static))
    }

    /// `min(self, o)`.
    pub fn min(self, o: DInt) -> Result<DInt> {
        let (a, b) = (self.plain("min")?, o.plain("min")?);
        Ok(DInt::new(a.value.min(b.value), a.both(b)))
    }

    /// `max(self, o)`.
    pub fn max(self, o: DInt) -> Result<DInt> {
        let (a, b) = (self.plain("max")?, o.plain("max")?);
        Ok(DInt::new(a.value.max(b.value), a.both(b)))
    }

    /// `gcd(self, o)` by CuTe's Euclid loop.
    ///
    /// The only remainder that overflows `i64` is `i64::MIN % -1`, whose true value is 0;
    /// `wrapping_rem` gives exactly that, so the loop is exact for every input
    /// (`gcd(i64::MIN, -1)` is `-1`, as CuTe's loop computes it without overflow).
    ///
    /// ```
    /// use cutlet_dynamic::DInt;
    /// assert_eq!(DInt::stat(12).gcd(DInt::stat(18)).unwrap().to_string(), "_6");
    /// assert_eq!(DInt::stat(i64::MIN).gcd(DInt::stat(-1)).unwrap().to_string(), "_-1");
    /// ```
    pub fn gcd(self, o: DInt) -> Result<DInt> {
        let (a, b) = (self.plain("gcd")?, o.plain("gcd")?);
        let (mut t, mut u) = (a.value, b.value);
        let g = loop {
            if t == 0 {
                break u;
            }
            u = u.wrapping_rem(t);
            if u == 0 {
                break t;
            }
            t = t.wrapping_rem(u);
        };
        Ok(DInt::new(g, a.both(b)))
    }

    /// `self == o`; elements of different bases are statically unequal.
    pub fn eq(self, o: DInt) -> SBool {
        if self.basis != o.basis {
            return SBool {
                value: false,
                is_static: true,
            };
        }
        SBool {
            value: self.value == o.value,
            is_static: self.both(o),
        }
    }

    /// `self < o`.
    pub fn lt(self, o: DInt) -> Result<SBool> {
        let (a, b) = (self.plain("comparison")?, o.plain("comparison")?);
        Ok(SBool {
            value: a.value < b.value,
            is_static: a.both(b),
        })
    }
}

impl fmt::Display for DInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_static {
            write!(f, "_{}", self.value)?;
        } else {
            write!(f, "{}", self.value)?;
        }
        // CuTe prints the innermost mode first: path [1, 0] is `@0@1`.
        for m in self.basis.path().iter().rev() {
            write!(f, "@{m}")?;
        }
        Ok(())
    }
}
