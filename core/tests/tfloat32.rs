//! `tf32`: rounding against the nearest of its two neighbours (computed in f64), the
//! tensor cores' read (the upper 19 bits) and the special values, on generated `f32`
//! bit patterns.

use cutlet_core::tfloat32::tf32;
use proptest::prelude::*;

/// The two `tf32` values around a finite `x` (toward zero and away from it), as f64
/// (the one away from zero may be 2^128, past f32's range).
fn neighbours(x: f32) -> (f64, f64) {
    let bits = x.to_bits();
    let low = f64::from(f32::from_bits(bits & !0x1fff));
    // One unit of the 10th mantissa bit: 2^(e - 10), subnormals sharing e = -126.
    let e = (((bits >> 23) & 0xff) as i32 - 127).max(-126);
    let high = low.abs() + 2f64.powi(e - 10);
    (low, if x < 0.0 { -high } else { high })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// `from_f32` is the nearest `tf32`, ties away from zero; past the largest finite
    /// value it is infinity.
    #[test]
    fn from_f32_rounds_to_nearest_ties_away(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        prop_assume!(x.is_finite());
        let (low, high) = neighbours(x);
        let (dl, dh) = ((f64::from(x) - low).abs(), (high - f64::from(x)).abs());
        let want = if dh <= dl { high } else { low };
        let got = tf32::from_f32(x);
        prop_assert_eq!(got.to_bits() & 0x1fff, 0);
        if want.abs() > f64::from(f32::MAX) {
            prop_assert!(got.to_f32().is_infinite() && got.to_f32().signum() == x.signum());
        } else {
            prop_assert_eq!(f64::from(got.to_f32()), want, "{:e} ({:#x})", x, bits);
        }
    }

    /// A read cuts the low 13 bits: never larger in magnitude, within one `tf32` ulp, and
    /// `from_f32_truncate` is the same cut.
    #[test]
    fn a_read_cuts_toward_zero(bits in any::<u32>()) {
        let x = f32::from_bits(bits);
        prop_assume!(x.is_finite());
        let r = tf32::from_bits(bits).to_f32();
        prop_assert!(r.abs() <= x.abs());
        prop_assert_eq!(r.to_bits(), tf32::from_f32_truncate(x).to_bits());
        let (low, high) = neighbours(x);
        prop_assert!(f64::from(x).abs() - f64::from(r).abs() < (high - low).abs());
        // Every tf32 value is its own read and its own rounding.
        prop_assert_eq!(tf32::from_f32(r).to_bits(), r.to_bits());
    }

    /// Order and equality are the values': those of the reads.
    #[test]
    fn order_is_the_values(a in any::<u32>(), b in any::<u32>()) {
        let (x, y) = (tf32::from_bits(a), tf32::from_bits(b));
        prop_assert_eq!(x.partial_cmp(&y), x.to_f32().partial_cmp(&y.to_f32()));
        prop_assert_eq!(x == y, x.to_f32() == y.to_f32());
    }
}

#[test]
fn special_values() {
    assert!(tf32::from_f32(f32::NAN).is_nan());
    assert_eq!(tf32::from_f32(-f32::NAN).to_bits(), tf32::NAN.to_bits());
    assert_eq!(tf32::from_f32(f32::INFINITY).to_f32(), f32::INFINITY);
    assert_eq!(
        tf32::from_f32(f32::NEG_INFINITY).to_f32(),
        f32::NEG_INFINITY
    );
    assert_eq!(tf32::from_f32(-0.0).to_bits(), (-0f32).to_bits());
    // The smallest subnormal rounds away from zero to 2^-136 (its ulp is 2^-136 here).
    assert_eq!(
        tf32::from_f32(f32::from_bits(0x1000)).to_bits(),
        0x2000,
        "half of the smallest tf32 subnormal ties away"
    );
    assert_eq!(tf32::from_f32(f32::from_bits(0xfff)).to_bits(), 0);
    assert_eq!(tf32::MAX.to_f32(), f32::from_bits(0x7f7f_e000));
    assert_eq!(tf32::ONE.to_f32(), 1.0);
    assert_eq!(format!("{} {:?}", tf32::ONE, tf32::from_f32(0.5)), "1 0.5");
}
