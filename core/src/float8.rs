//! 8-bit floats: [`e4m3`] and [`e5m2`] (CuTe's `float_e4m3_t` and `float_e5m2_t`, the
//! OCP FP8 formats Hopper's tensor cores multiply), with bit-exact conversions.
//!
//! Both are a sign, an exponent and a mantissa in one byte:
//!
//! | | exponent bits, bias | mantissa bits | largest finite | smallest subnormal | infinities | NaN |
//! |---|---|---|---|---|---|---|
//! | [`e4m3`] | 4, 7 | 3 | 448 | 2⁻⁹ | none | `S.1111.111` |
//! | [`e5m2`] | 5, 15 | 2 | 57344 | 2⁻¹⁶ | `S.11111.00` | `S.11111.{01,10,11}` |
//!
//! Every value of either is exact in `f32`, `f16` and `bf16`, so widening never rounds.
//! Narrowing rounds to nearest, ties to even, as CUDA's `__nv_cvt_float_to_fp8` does,
//! in its two modes: [`from_f32`](e4m3::from_f32) does not saturate (`__NV_NOSAT`: a
//! magnitude past the largest finite value, after rounding, becomes NaN in `e4m3` and
//! infinity in `e5m2`, as PyTorch's casts do) and [`from_f32_sat`](e4m3::from_f32_sat)
//! clamps it to the largest finite value (`__NV_SATFINITE`, what PTX's
//! `cvt.rn.satfinite.e4m3x2.f32` does on the GPU). A NaN becomes the positive NaN
//! `0x7f` in both.
//!
//! ```
//! use cutlet_core::float8::{e4m3, e5m2};
//! assert_eq!(e4m3::from_f32(0.3).to_f32(), 0.3125);
//! assert_eq!(e4m3::from_f32(1000.0).to_bits(), 0x7f); // NaN: no infinity to go to
//! assert_eq!(e4m3::from_f32_sat(1000.0).to_f32(), 448.0);
//! assert_eq!(e5m2::from_f32(1e6).to_f32(), f32::INFINITY);
//! assert_eq!(e5m2::from_f32(-3.0).to_f32(), -3.0);
//! ```

use core::cmp::Ordering;
use core::fmt;

/// A format's constants, and the rounding and decoding both formats share.
struct Format {
    /// Mantissa bits.
    man: u32,
    /// Exponent bias.
    bias: i32,
    /// The largest finite magnitude's bits.
    max: u8,
    /// What a magnitude past `max` becomes without saturation (NaN or infinity).
    overflow: u8,
    /// The magnitude bits of the NaN a NaN input becomes.
    nan: u8,
}

impl Format {
    /// The smallest normal exponent.
    const fn emin(&self) -> i32 {
        1 - self.bias
    }

    /// `x` rounded to nearest, ties to even; a magnitude past the largest finite value
    /// becomes `overflow`, or the largest finite value where `sat`. Infinity is a
    /// magnitude past it; NaN becomes NaN.
    const fn encode(&self, x: f32, sat: bool) -> u8 {
        let bits = x.to_bits();
        let sign = ((bits >> 24) & 0x80) as u8;
        let abs = bits & 0x7fff_ffff;
        if abs > 0x7f80_0000 {
            return self.nan; // CUDA's NaN, whatever the input's sign
        }
        let past = if sat { self.max } else { self.overflow };
        if abs == 0x7f80_0000 {
            return sign | past;
        }
        let (exp, man) = ((abs >> 23) as i32, abs & 0x7f_ffff);
        // An f32 subnormal (below 2^-126) is far under half the smallest subnormal here.
        if exp == 0 {
            return sign;
        }
        let e = exp - 127;
        let emax = self.max as i32 >> self.man; // the largest finite biased exponent
        if e > emax - self.bias + 1 {
            return sign | past;
        }
        // The significand in units of the result's quantum 2^(max(e, emin) - man):
        // `sig >> shift`, rounded to nearest even on the bits shifted out.
        let sig = man | 0x80_0000;
        let q = if e > self.emin() { e } else { self.emin() };
        let shift = (23 + q - e - self.man as i32) as u32;
        if shift > 25 {
            return sign; // below a quarter of the quantum
        }
        let (r, rem, half) = (sig >> shift, sig & ((1 << shift) - 1), 1 << (shift - 1));
        let r = r + (rem > half || (rem == half && r & 1 == 1)) as u32;
        // A normal value's implicit bit carries into the exponent field, as does a
        // subnormal rounded up to the smallest normal.
        let enc = if e >= self.emin() {
            (((e - self.emin()) as u32) << self.man) + r
        } else {
            r
        };
        if enc > self.max as u32 {
            sign | past
        } else {
            sign | enc as u8
        }
    }

    /// The value of `bits` (exact).
    const fn decode(&self, bits: u8) -> f32 {
        let sign = ((bits & 0x80) as u32) << 24;
        let abs = bits & 0x7f;
        if abs > self.max {
            let inf = abs == self.overflow && self.overflow != self.nan;
            return f32::from_bits(sign | if inf { 0x7f80_0000 } else { 0x7fc0_0000 });
        }
        let (exp, man) = (
            (abs >> self.man) as i32,
            (abs as u32) & ((1 << self.man) - 1),
        );
        if exp == 0 {
            // man * 2^(emin - man), by the exponent field of that power of two.
            let scale = f32::from_bits(((self.emin() - self.man as i32 + 127) as u32) << 23);
            return f32::from_bits(sign | (man as f32 * scale).to_bits());
        }
        f32::from_bits(sign | (((exp - self.bias + 127) as u32) << 23) | (man << (23 - self.man)))
    }
}

macro_rules! float8 {
    ($(#[$m:meta])* $t:ident, $cute:literal, $f:expr, $max:literal, $minpos:literal) => {
        $(#[$m])*
        #[allow(non_camel_case_types)]
        #[derive(Clone, Copy, Default)]
        #[repr(transparent)]
        pub struct $t(u8);

        impl $t {
            const FORMAT: Format = $f;
            /// Zero.
            pub const ZERO: $t = $t(0);
            /// One.
            pub const ONE: $t = $t::from_f32(1.0);
            /// The largest finite value.
            pub const MAX: $t = $t($t::FORMAT.max);
            /// The smallest positive normal value.
            pub const MIN_POSITIVE: $t = $t(1 << $t::FORMAT.man);
            /// A NaN (CUDA's: the one conversions produce).
            pub const NAN: $t = $t($t::FORMAT.nan);

            /// The value with these bits.
            #[doc = concat!("```\nlet x = cutlet_core::float8::", stringify!($t), "::from_bits(0x38);\nassert_eq!(x.to_bits(), 0x38);\n```")]
            pub const fn from_bits(bits: u8) -> $t {
                $t(bits)
            }

            /// The bits.
            #[doc = concat!("```\nassert_eq!(cutlet_core::float8::", stringify!($t), "::ZERO.to_bits(), 0);\n```")]
            pub const fn to_bits(self) -> u8 {
                self.0
            }

            /// `x` rounded to nearest, ties to even, not saturating (`__NV_NOSAT`): past
            /// the largest finite value it becomes
            #[doc = concat!($cute, ".")]
            #[doc = concat!("```\nuse cutlet_core::float8::", stringify!($t), ";\nassert_eq!(", stringify!($t), "::from_f32(", stringify!($max), ").to_f32(), ", stringify!($max), ");\nassert!(", stringify!($t), "::from_f32(f32::NAN).is_nan());\n```")]
            pub const fn from_f32(x: f32) -> $t {
                $t($t::FORMAT.encode(x, false))
            }

            /// `x` rounded to nearest, ties to even, saturating (`__NV_SATFINITE`, PTX's
            /// `cvt.rn.satfinite`): past the largest finite value (infinity included) it
            /// is the largest finite value of its sign; NaN stays NaN.
            #[doc = concat!("```\nuse cutlet_core::float8::", stringify!($t), ";\nassert_eq!(", stringify!($t), "::from_f32_sat(f32::NEG_INFINITY).to_f32(), -", stringify!($max), ");\n```")]
            pub const fn from_f32_sat(x: f32) -> $t {
                $t($t::FORMAT.encode(x, true))
            }

            /// The value as an `f32` (exact).
            #[doc = concat!("```\nuse cutlet_core::float8::", stringify!($t), ";\nassert_eq!(", stringify!($t), "::MIN_POSITIVE.to_f32(), ", stringify!($minpos), ");\n```")]
            pub const fn to_f32(self) -> f32 {
                $t::FORMAT.decode(self.0)
            }

            /// `x` rounded as [`from_f32`](Self::from_f32) (`bf16` widens exactly, so
            /// this rounds once).
            #[doc = concat!("```\nuse cutlet_core::float8::", stringify!($t), ";\nlet x = half::bf16::from_f32(0.75);\nassert_eq!(", stringify!($t), "::from_bf16(x).to_bf16(), x);\n```")]
            pub fn from_bf16(x: half::bf16) -> $t {
                $t::from_f32(x.to_f32())
            }

            /// The value as a `bf16` (exact).
            #[doc = concat!("```\nuse cutlet_core::float8::", stringify!($t), ";\nassert_eq!(", stringify!($t), "::ONE.to_bf16(), half::bf16::ONE);\n```")]
            pub fn to_bf16(self) -> half::bf16 {
                half::bf16::from_f32(self.to_f32())
            }

            /// The value as an `f16` (exact).
            #[doc = concat!("```\nuse cutlet_core::float8::", stringify!($t), ";\nassert_eq!(", stringify!($t), "::ONE.to_f16(), half::f16::ONE);\n```")]
            pub fn to_f16(self) -> half::f16 {
                half::f16::from_f32(self.to_f32())
            }

            /// Whether this is a NaN.
            #[doc = concat!("```\nassert!(cutlet_core::float8::", stringify!($t), "::NAN.is_nan());\n```")]
            pub const fn is_nan(self) -> bool {
                self.to_f32().is_nan()
            }
        }

        impl From<$t> for f32 {
            fn from(x: $t) -> f32 {
                x.to_f32()
            }
        }

        impl From<$t> for f64 {
            fn from(x: $t) -> f64 {
                x.to_f32() as f64
            }
        }

        /// IEEE equality of the values: NaN equals nothing, `-0` equals `0`.
        impl PartialEq for $t {
            fn eq(&self, other: &$t) -> bool {
                self.to_f32() == other.to_f32()
            }
        }

        impl PartialOrd for $t {
            fn partial_cmp(&self, other: &$t) -> Option<Ordering> {
                self.to_f32().partial_cmp(&other.to_f32())
            }
        }

        /// The value, as `f32` prints it.
        impl fmt::Debug for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.to_f32(), f)
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.to_f32(), f)
            }
        }
    };
}

float8!(
    /// An 8-bit float with 4 exponent bits (bias 7) and 3 mantissa bits, no infinities
    /// and one NaN per sign (CuTe's `float_e4m3_t`, OCP's `E4M3`, PyTorch's
    /// `float8_e4m3fn`): largest finite 448.
    ///
    /// ```
    /// use cutlet_core::float8::e4m3;
    /// assert_eq!(e4m3::MAX.to_f32(), 448.0);
    /// assert_eq!(e4m3::from_f32(17.0).to_f32(), 16.0); // ties to even
    /// ```
    e4m3,
    "NaN (`e4m3` has no infinity)",
    Format { man: 3, bias: 7, max: 0x7e, overflow: 0x7f, nan: 0x7f },
    448.0,
    0.015625
);

float8!(
    /// An 8-bit float with 5 exponent bits (bias 15) and 2 mantissa bits, with
    /// infinities and NaNs as IEEE's (CuTe's `float_e5m2_t`, OCP's `E5M2`, PyTorch's
    /// `float8_e5m2`): largest finite 57344.
    ///
    /// ```
    /// use cutlet_core::float8::e5m2;
    /// assert_eq!(e5m2::MAX.to_f32(), 57344.0);
    /// assert_eq!(e5m2::from_f32(f32::INFINITY).to_f32(), f32::INFINITY);
    /// ```
    e5m2,
    "infinity",
    Format { man: 2, bias: 15, max: 0x7b, overflow: 0x7c, nan: 0x7f },
    57344.0,
    0.00006103515625
);
