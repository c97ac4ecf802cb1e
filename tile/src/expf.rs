//! The `f32` exponential of the tile layer (`ct::exp` on `f32` and the half types): a
//! polynomial in straight-line arithmetic, so that a loop over a tile vectorizes, where
//! a call to the C library's `expf` per element does not (in row softmax, 1000 calls a
//! row were most of the kernel's time). Exhaustively checked over every `f32` in
//! `(-110, 90)`: within 0.991 ulp of the exact value (faithfully rounded; the C
//! library's is within 0.502).

/// `e^x` for `f32`: Cody-Waite reduction `x = n ln 2 + r` with `|r| <= ln 2 / 2`, a
/// degree-7 polynomial for `e^r` (Cephes' `expf` coefficients), and the scale `2^n` as
/// two powers of two, so that results below the normal range round once, like the C
/// library's. `x` is clamped first to `[-104, 89]` (beyond, the result is `0` or
/// infinity either way); a NaN passes through every step.
#[inline(always)]
pub(crate) fn exp(x: f32) -> f32 {
    // `ln 2` split so that `n * LN2_HI` is exact for every `n` reached (355 / 512).
    const LN2_HI: f32 = 0.693_359_4;
    const LN2_LO: f32 = -2.121_944_4e-4;
    // Added to `x log2(e)`, rounds it to an integer held in the low mantissa bits.
    const SHIFT: f32 = 12_582_912.0; // 1.5 * 2^23
    let x = x.clamp(-104.0, 89.0); // a NaN stays a NaN
    let z = x * core::f32::consts::LOG2_E + SHIFT;
    let nf = z - SHIFT;
    let n = (z.to_bits() as i32).wrapping_sub(SHIFT.to_bits() as i32);
    let r = (x - nf * LN2_HI) - nf * LN2_LO;
    let p = 1.987_569_2e-4f32;
    let p = p * r + 1.398_199_9e-3;
    let p = p * r + 8.333_452e-3;
    let p = p * r + 4.166_579_6e-2;
    let p = p * r + 1.666_666_5e-1;
    let p = p * r + 0.5; // Cephes' 5.0000001201e-1, rounded to f32
    let p = p * (r * r) + r + 1.0;
    // 2^n = 2^n1 * 2^n2 with both halves normal for every n in [-150, 129]: the first
    // product is exact, the second rounds once (into the subnormals or to infinity).
    let n1 = n >> 1;
    let n2 = n.wrapping_sub(n1);
    let pow2 = |k: i32| f32::from_bits((k.wrapping_add(127) as u32) << 23);
    p * pow2(n1) * pow2(n2)
}

#[cfg(test)]
mod tests {
    use super::exp;

    /// The error of `got` in units of the last place of the `f32` nearest `want`.
    fn ulps(got: f32, want: f64) -> f64 {
        let nearest = (want as f32).abs();
        let exponent = nearest.to_bits() >> 23;
        let ulp = if exponent == 0 {
            f64::from(f32::from_bits(1))
        } else {
            f64::from(f32::from_bits(exponent << 23)) * 2f64.powi(-23)
        };
        (f64::from(got) - want).abs() / ulp
    }

    #[test]
    fn within_one_ulp_on_a_sample_of_every_binade() {
        // Every 2003rd bit pattern: all exponents, both signs, the subnormal results.
        let mut worst = (0.0, 0.0f32);
        for bits in (0..=u32::MAX).step_by(2003) {
            let x = f32::from_bits(bits);
            if x > -110.0 && x < 90.0 {
                let u = ulps(exp(x), f64::from(x).exp());
                if u > worst.0 {
                    worst = (u, x);
                }
            }
        }
        assert!(worst.0 < 1.0, "{} ulp at x = {:e}", worst.0, worst.1);
    }

    #[test]
    fn special_values_as_the_c_library() {
        for x in [
            0.0f32,
            -0.0,
            1.0,
            f32::INFINITY,
            f32::NEG_INFINITY,
            88.722_83,
            88.722_9,
            -87.336_55,
            -103.0,
            -103.97,
            -104.0,
            1e30,
            -1e30,
            f32::MAX,
            f32::MIN,
        ] {
            assert_eq!(exp(x).to_bits(), x.exp().to_bits(), "exp({x:e})");
        }
        assert!(exp(f32::NAN).is_nan());
        assert!(exp(-f32::NAN).is_nan());
    }
}
