//! CuTe's int-tuple predicates (`int_tuple.hpp`): `congruent`, `weakly_congruent`,
//! `compatible`, `evenly_divides` and `elem_less`.
//!
//! Each returns an [`SBool`] that is static exactly where CuTe's result is a
//! `true_type`/`false_type` (printed `_1`/`_0`) rather than a `bool` (printed `1`/`0`).
//! Profile questions are always static; value questions are static when every value
//! involved is. A layout argument stands for its shape, as `shape(x)` does in CuTe.

use super::error::{Error, Result};
use super::int::{DInt, SBool};
use super::int_tuple::IntTuple;

const TRUE: SBool = SBool {
    value: true,
    is_static: true,
};
const FALSE: SBool = SBool {
    value: false,
    is_static: true,
};

impl SBool {
    /// CuTe's `&&` on integral constants: a static `false` on either side wins and is
    /// static; otherwise the result is static only when both sides are.
    ///
    /// ```
    /// use cutlet_dynamic::SBool;
    /// let dyn_true = SBool { value: true, is_static: false };
    /// let st_false = SBool { value: false, is_static: true };
    /// assert_eq!(dyn_true.and(st_false), st_false);
    /// assert!(!dyn_true.and(dyn_true).is_static);
    /// ```
    pub fn and(self, o: SBool) -> SBool {
        if (self.is_static && !self.value) || (o.is_static && !o.value) {
            return FALSE;
        }
        SBool {
            value: self.value && o.value,
            is_static: self.is_static && o.is_static,
        }
    }

    /// The value as a printable integer leaf: `_1`/`_0` when static, `1`/`0` when not.
    ///
    /// ```
    /// use cutlet_dynamic::SBool;
    /// assert_eq!(SBool { value: true, is_static: true }.to_int().to_string(), "_1");
    /// assert_eq!(SBool { value: false, is_static: false }.to_int().to_string(), "0");
    /// ```
    pub fn to_int(self) -> DInt {
        DInt::new(self.value as i64, self.is_static)
    }
}

fn stat(b: bool) -> SBool {
    if b { TRUE } else { FALSE }
}

/// CuTe's `congruent(a, b)`: the same profile (always static).
///
/// ```
/// use cutlet_dynamic::{IntTuple, congruent};
/// let (a, b): (IntTuple, IntTuple) = ("(_2,(3,_4))".parse().unwrap(), "(_5,(_1,7))".parse().unwrap());
/// assert_eq!(congruent(&a, &b).to_int().to_string(), "_1");
/// ```
pub fn congruent(a: &IntTuple, b: &IntTuple) -> SBool {
    stat(a.congruent(b))
}

/// CuTe's `weakly_congruent(a, b)`: `a`'s profile is `b`'s with some sub-tuples
/// collapsed to integers (always static).
///
/// ```
/// use cutlet_dynamic::{IntTuple, weakly_congruent};
/// let (a, b): (IntTuple, IntTuple) = ("(_2,_4)".parse().unwrap(), "(_2,(_2,_2))".parse().unwrap());
/// assert!(weakly_congruent(&a, &b).is_true());
/// assert!(!weakly_congruent(&b, &a).value);
/// ```
pub fn weakly_congruent(a: &IntTuple, b: &IntTuple) -> SBool {
    match (a, b) {
        (IntTuple::Tuple(av), IntTuple::Tuple(bv)) => {
            if av.len() != bv.len() {
                return FALSE;
            }
            av.iter()
                .zip(bv)
                .fold(TRUE, |acc, (x, y)| acc.and(weakly_congruent(x, y)))
        }
        (IntTuple::Int(_), _) => TRUE,
        (IntTuple::Tuple(_), IntTuple::Int(_)) => FALSE,
    }
}

/// CuTe's `compatible(a, b)`: same size, and every coordinate of `a` is one of `b`
/// (static unless a size comparison involves a dynamic value).
///
/// ```
/// use cutlet_dynamic::{IntTuple, compatible};
/// let (a, b): (IntTuple, IntTuple) = ("(_6,4)".parse().unwrap(), "((_2,_3),4)".parse().unwrap());
/// let c = compatible(&a, &b).unwrap();
/// assert!(c.value && !c.is_static); // 4 == 4 is only known at run time
/// ```
pub fn compatible(a: &IntTuple, b: &IntTuple) -> Result<SBool> {
    match (a, b) {
        (IntTuple::Tuple(av), IntTuple::Tuple(bv)) => {
            if av.len() != bv.len() {
                return Ok(FALSE);
            }
            av.iter()
                .zip(bv)
                .try_fold(TRUE, |acc, (x, y)| Ok(acc.and(compatible(x, y)?)))
        }
        (IntTuple::Int(x), b) => Ok(x.plain("compatible")?.eq(b.size()?)),
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Ok(FALSE),
    }
}

/// CuTe's `evenly_divides(shape, tiler)`: every mode of the tiler divides its mode of
/// the shape, i.e. `size(a) == size(b) * size(ceil_div(a, b))` at each tiler leaf.
///
/// ```
/// use cutlet_dynamic::{IntTuple, evenly_divides};
/// let (a, b): (IntTuple, IntTuple) = ("(_6,_4)".parse().unwrap(), "(_2,_3)".parse().unwrap());
/// assert_eq!(evenly_divides(&a, &b).unwrap().to_int().to_string(), "_0");
/// ```
pub fn evenly_divides(a: &IntTuple, b: &IntTuple) -> Result<SBool> {
    match b {
        IntTuple::Tuple(bv) => {
            if bv.len() > a.rank() {
                return Ok(FALSE);
            }
            bv.iter().enumerate().try_fold(TRUE, |acc, (i, bi)| {
                Ok(acc.and(evenly_divides(a.get(i)?, bi)?))
            })
        }
        IntTuple::Int(_) => {
            let tiles = a.ceil_div(b)?.size()?;
            Ok(a.size()?.eq(b.size()?.try_mul(tiles)?))
        }
    }
}

/// CuTe's `elem_less(a, b)`: every element of `a` is less than the matching element of
/// `b` (`a` running out first is true, `b` running out first is false). CuTe has no
/// `<` between an integer and a tuple, so such a pair is ill-formed.
///
/// ```
/// use cutlet_dynamic::{IntTuple, elem_less};
/// let (a, b): (IntTuple, IntTuple) = ("(_1,_2)".parse().unwrap(), "(_3,_4,_5)".parse().unwrap());
/// assert!(elem_less(&a, &b).unwrap().is_true());
/// assert!(elem_less(&a, &"_3".parse().unwrap()).is_err());
/// ```
pub fn elem_less(a: &IntTuple, b: &IntTuple) -> Result<SBool> {
    match (a, b) {
        (IntTuple::Tuple(av), IntTuple::Tuple(bv)) => {
            // CuTe's recursion builds every comparison up to the shorter rank, then
            // ends in a static answer: true if `a` ran out, false if `b` did.
            let n = av.len().min(bv.len());
            let end = stat(av.len() <= bv.len());
            av[..n]
                .iter()
                .zip(&bv[..n])
                .try_fold(end, |acc, (x, y)| Ok(elem_less(x, y)?.and(acc)))
        }
        (IntTuple::Int(x), IntTuple::Int(y)) => x.lt(*y),
        _ => Err(Error::ill(alloc::format!(
            "elem_less({a}, {b}): CuTe has no < between an integer and a tuple"
        ))),
    }
}
