//! Partly static 32-bit offsets for slicing swizzled layouts: a static integer, a
//! dynamic one, or CuTe's `MixedBits<S,F>` (swizzle.hpp), with CuTe's bitwise
//! operators and its rule that a value with no dynamic bits left becomes static.

use super::super::composed::{MixedBits, Offset};
use super::super::error::{Error, Result};
use super::super::int::DInt;
use super::super::int_tuple::IntTuple;

/// A static, dynamic or mixed 32-bit value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bits {
    /// A static integer.
    Static(u32),
    /// A dynamic integer.
    Dyn(u32),
    /// `MixedBits<s, f>{d}`.
    Mixed(u32, u32, u32),
}

use Bits::{Dyn, Mixed, Static};

/// CuTe's `make_mixed_bits(C<s>, d, C<f>)`.
fn make(s: u32, d: Option<u32>, f: u32) -> Bits {
    let nf = f & !s;
    match d {
        None => Static(s),
        Some(d) if nf == 0 => {
            let _ = d;
            Static(s)
        }
        Some(d) => Mixed(s, d & nf, nf),
    }
}

/// `make_mixed_bits(C<s>, d, C<f>)` with a possibly static `d`.
fn make_d(s: u32, d: DInt, f: u32) -> Bits {
    let nf = f & !s;
    if nf == 0 || d.is_static {
        Static(s | (d.value as u32 & nf))
    } else {
        make(s, Some(d.value as u32), f)
    }
}

impl Bits {
    /// The offset of a composed layout as bits.
    pub(crate) fn from_offset(o: &Offset) -> Result<Bits> {
        Ok(match o {
            Offset::Int(d) if d.is_static => Static(d.value as u32),
            Offset::Int(d) => Dyn(d.value as u32),
            Offset::Unsigned(v) => Static(*v as u32),
            Offset::SmemPtr(_) => Static(0),
            Offset::Mixed(m) => {
                let (s, d, f) = m.parts();
                Mixed(s, d, f)
            }
        })
    }

    /// The bits as a composed layout's offset.
    pub(crate) fn to_offset(self) -> Result<Offset> {
        Ok(match self {
            Static(v) => Offset::Int(DInt::stat(v as i64)),
            Dyn(v) => Offset::Int(DInt::dynamic(v as i64)),
            Mixed(s, d, f) => Offset::Mixed(MixedBits::new(s, d, f)?),
        })
    }

    /// The value, whatever CuTe knows of it statically.
    pub(crate) fn value(self) -> u32 {
        match self {
            Static(v) | Dyn(v) => v,
            Mixed(s, d, _) => s | d,
        }
    }

    /// `a ^ b`.
    pub(crate) fn xor(self, o: Bits) -> Bits {
        match (self, o) {
            (Static(a), Static(b)) => Static(a ^ b),
            (Mixed(s0, d0, f0), Static(c)) | (Static(c), Mixed(s0, d0, f0)) => {
                make((!s0 & c & !f0) | (s0 & !c), Some((s0 | d0) ^ c), f0)
            }
            (Mixed(s0, d0, f0), Mixed(s1, d1, f1)) => make(
                (!s0 & s1 & !f0) | (s0 & !s1 & !f1),
                Some((s0 | d0) ^ (s1 | d1)),
                f0 | f1,
            ),
            (a, b) => Dyn(a.value() ^ b.value()),
        }
    }

    /// `a & C<c>`.
    pub(crate) fn and_c(self, c: u32) -> Bits {
        match self {
            Static(a) => Static(a & c),
            Dyn(a) => Dyn(a & c),
            Mixed(s, d, f) => make(s & c, Some(d), f & c),
        }
    }

    /// `shiftr(a, C<s>)`.
    fn shiftr(self, sh: i32) -> Bits {
        let sr = |x: u32| {
            if sh >= 0 { x >> sh } else { x << -sh }
        };
        match self {
            Static(a) => Static(sr(a)),
            Dyn(a) => Dyn(sr(a)),
            Mixed(s, d, f) => make(sr(s), Some(sr(d)), sr(f)),
        }
    }

    /// `Swizzle<B,M,S>::apply`: `a ^ shiftr(a & yyy_msk, S)`.
    pub(crate) fn swizzle(self, yyy: u32, shift: i32) -> Bits {
        self.xor(self.and_c(yyy).shiftr(shift))
    }

    /// `a == C<0>`: `Some(b)` when CuTe knows it statically.
    pub(crate) fn is_zero(self) -> Option<bool> {
        match self {
            Static(a) => Some(a == 0),
            _ => None,
        }
    }
}

/// CuTe's `to_mixed_bits(shape, stride, coord)`: the XOR of each mode's
/// `make_mixed_bits(_0, coord * stride, (shape - 1) * stride)`.
pub(crate) fn to_mixed_bits(shape: &IntTuple, stride: &IntTuple, coord: &IntTuple) -> Result<Bits> {
    match (shape, stride, coord) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d), IntTuple::Tuple(c)) => {
            if s.len() != d.len() || s.len() != c.len() || s.is_empty() {
                return Err(Error::ill("to_mixed_bits: mismatched ranks"));
            }
            let mut acc: Option<Bits> = None;
            for ((s, d), c) in s.iter().zip(d).zip(c) {
                let b = to_mixed_bits(s, d, c)?;
                acc = Some(match acc {
                    None => b,
                    Some(a) => a.xor(b),
                });
            }
            Ok(acc.expect("non-empty"))
        }
        (IntTuple::Int(s), IntTuple::Int(d), IntTuple::Int(c)) => {
            if !s.is_static || !d.is_static {
                return Err(Error::ill("to_mixed_bits needs a static shape and stride"));
            }
            let pow2 = Error::ill("to_mixed_bits requires pow2 shape*stride");
            let span = s.value.checked_mul(d.value).ok_or_else(|| pow2.clone())?;
            if span != 0 && (span < 0 || span & (span - 1) != 0) {
                return Err(pow2);
            }
            let f = ((s.value - 1) * d.value) as u32;
            Ok(make_d(0, c.try_mul(*d)?, f))
        }
        _ => Err(Error::ill(
            "to_mixed_bits: shape, stride and coordinate are not congruent",
        )),
    }
}
