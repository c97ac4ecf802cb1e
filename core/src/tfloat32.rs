//! TensorFloat-32: [`tf32`] (CuTe's `tfloat32_t`), the operand type of the tensor cores'
//! f32 path: an f32's sign and 8 exponent bits with 10 of its 23 mantissa bits.
//!
//! A `tf32` is stored as the 32 bits of an `f32` whose low 13 mantissa bits are zero,
//! so a buffer of them is a buffer of `f32`s and its values widen exactly. The tensor
//! cores read an `f32`'s upper 19 bits and ignore the rest, so a value whose low bits
//! are not zero (an `f32` buffer passed as `tf32`, as cuBLAS's
//! `CUBLAS_COMPUTE_32F_FAST_TF32` does) is cut toward zero: that is
//! [`to_f32`](tf32::to_f32). [`from_f32`](tf32::from_f32) rounds to nearest, ties away
//! from zero, as PTX's `cvt.rna.tf32.f32` and CUTLASS's default conversion do.
//!
//! ```
//! use cutlet_core::tfloat32::tf32;
//! let third = tf32::from_f32(1.0 / 3.0);
//! assert_eq!(third.to_f32(), 0.333_251_95); // 1365 / 4096
//! assert_eq!(tf32::from_f32(1.0 + 2f32.powi(-11)).to_f32(), 1.0 + 2f32.powi(-10)); // ties away
//! // Bits below the 10 mantissa bits are what the tensor cores ignore.
//! assert_eq!(tf32::from_bits((1.0f32 + 2f32.powi(-12)).to_bits()).to_f32(), 1.0);
//! ```

use core::cmp::Ordering;
use core::fmt;

/// The mantissa bits a `tf32` drops of an `f32`'s.
const LOW: u32 = (1 << 13) - 1;

/// A TensorFloat-32 value (CuTe's `tfloat32_t`): 1 sign, 8 exponent and 10 mantissa bits
/// in the upper 19 bits of an `f32` (see [the module](self)).
///
/// ```
/// use cutlet_core::tfloat32::tf32;
/// assert_eq!(core::mem::size_of::<tf32>(), 4);
/// assert_eq!(tf32::from_f32(3.0).to_f32(), 3.0);
/// ```
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Default)]
#[repr(transparent)]
pub struct tf32(u32);

impl tf32 {
    /// Zero.
    pub const ZERO: tf32 = tf32(0);
    /// One.
    pub const ONE: tf32 = tf32(0x3f80_0000);
    /// The largest finite value, `(2 - 2^-10) 2^127`.
    pub const MAX: tf32 = tf32(0x7f7f_e000);
    /// A NaN (PTX's: the one `cvt.rna.tf32.f32` produces).
    pub const NAN: tf32 = tf32(0x7fff_ffff);

    /// The value with these bits (an `f32`'s; the low 13 are ignored by
    /// [`to_f32`](Self::to_f32)).
    ///
    /// ```
    /// let x = cutlet_core::tfloat32::tf32::from_bits(0x3f80_0000);
    /// assert_eq!(x.to_bits(), 0x3f80_0000);
    /// ```
    pub const fn from_bits(bits: u32) -> tf32 {
        tf32(bits)
    }

    /// The bits.
    ///
    /// ```
    /// assert_eq!(cutlet_core::tfloat32::tf32::ONE.to_bits(), 1f32.to_bits());
    /// ```
    pub const fn to_bits(self) -> u32 {
        self.0
    }

    /// `x` rounded to nearest, ties away from zero (`cvt.rna.tf32.f32`): past the largest
    /// finite value it becomes infinity; a NaN becomes [`tf32::NAN`].
    ///
    /// ```
    /// use cutlet_core::tfloat32::tf32;
    /// assert_eq!(tf32::from_f32(f32::MAX).to_f32(), f32::INFINITY);
    /// assert_eq!(tf32::from_f32(-2.5e-3).to_f32(), -0.002_500_534);
    /// assert!(tf32::from_f32(f32::NAN).is_nan());
    /// ```
    pub const fn from_f32(x: f32) -> tf32 {
        let bits = x.to_bits();
        let abs = bits & 0x7fff_ffff;
        if abs > 0x7f80_0000 {
            return tf32::NAN;
        }
        if abs == 0x7f80_0000 {
            return tf32(bits);
        }
        // Half an ulp added to the magnitude, then the low bits cleared: a carry out of
        // the mantissa raises the exponent, past the largest one to infinity.
        tf32((bits & 0x8000_0000) | ((abs + (1 << 12)) & !LOW))
    }

    /// `x` cut toward zero (its low 13 mantissa bits cleared): what the tensor cores
    /// read of an `f32`.
    ///
    /// ```
    /// use cutlet_core::tfloat32::tf32;
    /// assert_eq!(tf32::from_f32_truncate(-0.1).to_f32(), -0.099_975_586);
    /// ```
    pub const fn from_f32_truncate(x: f32) -> tf32 {
        tf32(x.to_bits() & !LOW)
    }

    /// The value the tensor cores read (exact in `f32`; low bits of the storage cut).
    ///
    /// ```
    /// use cutlet_core::tfloat32::tf32;
    /// assert_eq!(tf32::MAX.to_f32(), (2.0 - 2f32.powi(-10)) * 2f32.powi(127));
    /// ```
    pub const fn to_f32(self) -> f32 {
        f32::from_bits(self.0 & !LOW)
    }

    /// Whether this is a NaN.
    ///
    /// ```
    /// assert!(cutlet_core::tfloat32::tf32::NAN.is_nan());
    /// ```
    pub const fn is_nan(self) -> bool {
        self.to_f32().is_nan()
    }
}

impl From<tf32> for f32 {
    fn from(x: tf32) -> f32 {
        x.to_f32()
    }
}

impl From<tf32> for f64 {
    fn from(x: tf32) -> f64 {
        x.to_f32() as f64
    }
}

/// IEEE equality of the values: NaN equals nothing, `-0` equals `0`.
impl PartialEq for tf32 {
    fn eq(&self, other: &tf32) -> bool {
        self.to_f32() == other.to_f32()
    }
}

impl PartialOrd for tf32 {
    fn partial_cmp(&self, other: &tf32) -> Option<Ordering> {
        self.to_f32().partial_cmp(&other.to_f32())
    }
}

/// The value, as `f32` prints it.
impl fmt::Debug for tf32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.to_f32(), f)
    }
}

impl fmt::Display for tf32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_f32(), f)
    }
}
