//! CuTe's `Swizzle<B,M,S>` (swizzle.hpp): the bit permutation of offsets that XORs the
//! `B` bits at `M + max(0,S)` (the "Y" bits) into the `B` bits at `M - min(0,S)` (the
//! "Z" bits). It is its own inverse, so it is a bijection on every aligned block of
//! `2^(M+B+|S|)` offsets.

use super::error::{Error, Result};
use super::int::DInt;
use core::fmt;

/// CuTe's `Swizzle<B,M,S>`, printed `Sw<B,M,S>`.
///
/// ```
/// use cutlet_dynamic::Swizzle;
/// let sw = Swizzle::new(3, 4, 3).unwrap();
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(sw.apply(0b1_0000000), 0b1_0010000);   // bit 7 flips bit 4
/// assert_eq!(sw.apply(sw.apply(1234)), 1234);       // an involution
/// assert!(Swizzle::new(3, 0, 2).is_err());           // CuTe: abs(S) must be >= B
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Swizzle {
    bits: i32,
    base: i32,
    shift: i32,
}

impl Swizzle {
    /// `Swizzle<B,M,S>` with CuTe's static checks: `B >= 0`, `M >= 0`, `|S| >= B`, and
    /// (since CuTe's masks are 32-bit `int` constants) both masks within 31 bits.
    ///
    /// ```
    /// use cutlet_dynamic::Swizzle;
    /// assert!(Swizzle::new(2, 1, -5).is_ok());
    /// assert!(Swizzle::new(-1, 4, 3).is_err());
    /// ```
    pub fn new(bits: i32, base: i32, shift: i32) -> Result<Swizzle> {
        if base < 0 {
            return Err(Error::ill(alloc::format!(
                "Swizzle<{bits},{base},{shift}>: MBase must be non-negative"
            )));
        }
        if bits < 0 {
            return Err(Error::ill(alloc::format!(
                "Swizzle<{bits},{base},{shift}>: BBits must be non-negative"
            )));
        }
        if shift.unsigned_abs() < bits as u32 {
            return Err(Error::ill(alloc::format!(
                "Swizzle<{bits},{base},{shift}>: abs(SShift) must be at least BBits"
            )));
        }
        // The highest mask bit must fit CuTe's `int` masks.
        if bits as i64 + base as i64 + shift.unsigned_abs() as i64 > 31 {
            return Err(Error::ill(alloc::format!(
                "Swizzle<{bits},{base},{shift}>: the masks overflow a 32-bit int"
            )));
        }
        Ok(Swizzle { bits, base, shift })
    }

    /// `B`: the number of bits swizzled.
    ///
    /// ```
    /// let sw = cutlet_dynamic::Swizzle::new(3, 4, -5).unwrap();
    /// assert_eq!((sw.bits(), sw.base(), sw.shift()), (3, 4, -5));
    /// ```
    pub fn bits(&self) -> i32 {
        self.bits
    }

    /// `M`: the number of least-significant bits kept constant.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::Swizzle::new(2, 1, 3).unwrap().base(), 1);
    /// ```
    pub fn base(&self) -> i32 {
        self.base
    }

    /// `S`: the distance from the Z bits up to the Y bits (negative: Y below Z).
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::Swizzle::new(1, 2, -7).unwrap().shift(), -7);
    /// ```
    pub fn shift(&self) -> i32 {
        self.shift
    }

    fn bit_msk(&self) -> i64 {
        (1i64 << self.bits) - 1
    }

    /// CuTe's `yyy_msk`: the bits that are read.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::Swizzle::new(2, 1, 3).unwrap().yyy_msk(), 0b11000_0);
    /// ```
    pub fn yyy_msk(&self) -> i64 {
        self.bit_msk() << (self.base + self.shift.max(0))
    }

    /// CuTe's `zzz_msk`: the bits that are flipped.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::Swizzle::new(2, 1, 3).unwrap().zzz_msk(), 0b110);
    /// ```
    pub fn zzz_msk(&self) -> i64 {
        self.bit_msk() << (self.base - self.shift.min(0))
    }

    /// CuTe's `swizzle_code`: `yyy_msk | zzz_msk`.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::Swizzle::new(1, 2, 1).unwrap().swizzle_code(), 0b1100);
    /// ```
    pub fn swizzle_code(&self) -> i64 {
        self.yyy_msk() | self.zzz_msk()
    }

    /// `offset ^ shiftr(offset & yyy_msk, S)`.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::Swizzle::new(1, 3, 1).unwrap().apply(670), 662);
    /// ```
    pub fn apply(&self, offset: i64) -> i64 {
        let y = offset & self.yyy_msk();
        let moved = if self.shift >= 0 {
            y >> self.shift
        } else {
            y << -self.shift
        };
        offset ^ moved
    }

    /// The swizzle of a runtime integer: static in, static out.
    ///
    /// ```
    /// use cutlet_dynamic::{DInt, Swizzle};
    /// let sw = Swizzle::new(2, 1, 3).unwrap();
    /// assert_eq!(sw.apply_int(DInt::stat(1459)).unwrap().to_string(), "_1461");
    /// ```
    pub fn apply_int(&self, offset: DInt) -> Result<DInt> {
        let o = offset.plain("a swizzle")?;
        Ok(DInt::new(self.apply(o.value), o.is_static))
    }

    /// CuTe's `make_swizzle<Y,Z>()`: the swizzle whose Y bits are `y` and Z bits `z`.
    ///
    /// ```
    /// use cutlet_dynamic::Swizzle;
    /// assert_eq!(Swizzle::from_masks(0b1000, 0b0100).unwrap().to_string(), "Sw<1,2,1>");
    /// assert_eq!(Swizzle::from_masks(0b11000000, 0b110).unwrap().to_string(), "Sw<2,1,5>");
    /// assert!(Swizzle::from_masks(0b11, 0b100).is_err());
    /// ```
    pub fn from_masks(y: i64, z: i64) -> Result<Swizzle> {
        let (Ok(yu), Ok(zu)) = (u32::try_from(y), u32::try_from(z)) else {
            return Err(Error::ill(alloc::format!(
                "make_swizzle<{y},{z}>: masks must be 32-bit unsigned constants"
            )));
        };
        if yu.count_ones() != zu.count_ones() {
            return Err(Error::ill(alloc::format!(
                "make_swizzle<{y},{z}>: the numbers of bits in Y and Z don't match"
            )));
        }
        let (ty, tz) = (yu.trailing_zeros(), zu.trailing_zeros());
        let base = (ty.min(tz) % 32) as i32;
        let shift = ty as i32 - tz as i32;
        let sw = Swizzle::new(yu.count_ones() as i32, base, shift)?;
        if (yu | zu) as i64 != sw.swizzle_code() {
            return Err(Error::ill(alloc::format!(
                "make_swizzle<{y},{z}>: Y and Z are not contiguous runs of bits ({sw})"
            )));
        }
        Ok(sw)
    }

    /// CuTe's `upcast<N>(Swizzle)`: the same swizzle on elements `N` times wider.
    ///
    /// ```
    /// use cutlet_dynamic::Swizzle;
    /// let sw = Swizzle::new(3, 4, 3).unwrap();
    /// assert_eq!(sw.upcast(2).unwrap().to_string(), "Sw<3,3,3>");
    /// assert_eq!(sw.upcast(64).unwrap().to_string(), "Sw<1,0,3>");
    /// ```
    pub fn upcast(&self, n: i64) -> Result<Swizzle> {
        let log2 = log2_pow2("upcast", n)?;
        let new_m = self.base - log2;
        if new_m >= 0 {
            Swizzle::new(self.bits, new_m, self.shift)
        } else {
            Swizzle::new((self.bits + new_m).max(0), 0, self.shift)
        }
    }

    /// CuTe's `downcast<N>(Swizzle)`: the same swizzle on elements `N` times narrower.
    ///
    /// ```
    /// use cutlet_dynamic::Swizzle;
    /// assert_eq!(Swizzle::new(3, 2, 3).unwrap().downcast(8).unwrap().to_string(), "Sw<3,5,3>");
    /// ```
    pub fn downcast(&self, n: i64) -> Result<Swizzle> {
        let log2 = log2_pow2("downcast", n)?;
        Swizzle::new(self.bits, self.base + log2, self.shift)
    }
}

/// `log2(n)` for a power of two `n`, CuTe's `has_single_bit` check otherwise.
fn log2_pow2(what: &str, n: i64) -> Result<i32> {
    if n <= 0 || n.count_ones() != 1 || n > u32::MAX as i64 {
        return Err(Error::ill(alloc::format!(
            "{what}<{n}> of a swizzle: N must be a power of two"
        )));
    }
    Ok(n.trailing_zeros() as i32)
}

impl fmt::Display for Swizzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sw<{},{},{}>", self.bits, self.base, self.shift)
    }
}
