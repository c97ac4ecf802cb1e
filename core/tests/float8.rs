//! The 8-bit floats: decoding against the formats' definition, rounding against a
//! brute-force nearest value on generated inputs, and both against CUDA's own host
//! conversions (`tests/data/fp8_cuda.txt`, from `cuda_fp8.hpp`).

use cutlet_core::float8::{e4m3, e5m2};

/// One format under test: its decoder and encoders by bits, and its parameters.
struct Fmt {
    name: &'static str,
    man: i32,
    bias: i32,
    ieee: bool,
    decode: fn(u8) -> f32,
    nosat: fn(f32) -> u8,
    sat: fn(f32) -> u8,
}

const FORMATS: [Fmt; 2] = [
    Fmt {
        name: "e4m3",
        man: 3,
        bias: 7,
        ieee: false,
        decode: |b| e4m3::from_bits(b).to_f32(),
        nosat: |x| e4m3::from_f32(x).to_bits(),
        sat: |x| e4m3::from_f32_sat(x).to_bits(),
    },
    Fmt {
        name: "e5m2",
        man: 2,
        bias: 15,
        ieee: true,
        decode: |b| e5m2::from_bits(b).to_f32(),
        nosat: |x| e5m2::from_f32(x).to_bits(),
        sat: |x| e5m2::from_f32_sat(x).to_bits(),
    },
];

/// The definition: `(-1)^s 2^(e - bias) (1 + m / 2^man)`, subnormals `2^(1 - bias) m /
/// 2^man`; e4m3's `S.1111.111` is NaN, e5m2's top exponent is IEEE's.
fn defined(f: &Fmt, b: u8) -> f64 {
    let s = if b & 0x80 != 0 { -1.0 } else { 1.0 };
    let (e, m) = (
        ((b & 0x7f) >> f.man) as i32,
        (b as i32) & ((1 << f.man) - 1),
    );
    let top = (1 << (7 - f.man)) - 1;
    if f.ieee && e == top {
        return if m == 0 { s * f64::INFINITY } else { f64::NAN };
    }
    if !f.ieee && e == top && m == (1 << f.man) - 1 {
        return f64::NAN;
    }
    let frac = m as f64 / (1 << f.man) as f64;
    if e == 0 {
        s * 2f64.powi(1 - f.bias) * frac
    } else {
        s * 2f64.powi(e - f.bias) * (1.0 + frac)
    }
}

#[test]
fn every_value_decodes_as_defined_and_encodes_back() {
    for f in &FORMATS {
        for b in 0..=255u8 {
            let (want, got) = (defined(f, b), (f.decode)(b));
            if want.is_nan() {
                assert!(got.is_nan(), "{} {b:#04x}: {got}", f.name);
                continue;
            }
            assert_eq!(got as f64, want, "{} {b:#04x}", f.name);
            if want.is_finite() {
                // Both signs of zero keep their bits.
                assert_eq!((f.nosat)(got), b, "{} {b:#04x} from {got}", f.name);
                assert_eq!((f.sat)(got), b, "{} {b:#04x} from {got} (sat)", f.name);
            }
        }
    }
    assert_eq!(e4m3::MAX.to_f32(), 448.0);
    assert_eq!(e5m2::MAX.to_f32(), 57344.0);
}

/// The nearest finite value's bits by brute force (ties to the even mantissa), `None`
/// past the rounding boundary above the largest finite value.
fn nearest(f: &Fmt, x: f32) -> Option<u8> {
    let x = x as f64;
    let mut best: Option<(f64, u8)> = None;
    for b in 0..=127u8 {
        let v = defined(f, b);
        if !v.is_finite() {
            continue;
        }
        let d = (x.abs() - v).abs();
        match best {
            Some((bd, bb)) if d > bd || (d == bd && (bb & 1) == 0) => {}
            _ => best = Some((d, b)),
        }
    }
    let b = best.unwrap().1;
    let max = (0..=127u8)
        .map(|b| defined(f, b))
        .filter(|v| v.is_finite())
        .fold(0f64, f64::max);
    // Past the largest finite value, the boundary is the midpoint to the value one
    // quantum above it (which the format spends on NaN or infinity); a tie there goes
    // to the even neighbour, the largest finite value's mantissa being even.
    let quantum = max - defined(f, b.max(1) - 1);
    if x.abs() > max + quantum / 2.0 || (x.abs() == max + quantum / 2.0 && max_is_odd(f)) {
        return None;
    }
    Some(if x < 0.0 || (x == 0.0 && x.is_sign_negative()) {
        b | 0x80
    } else {
        b
    })
}

fn max_is_odd(f: &Fmt) -> bool {
    let max = if f.ieee { 0x7bu8 } else { 0x7e };
    max & 1 == 1
}

#[test]
fn rounding_is_to_nearest_even_on_generated_inputs() {
    let mut s = 0x2545_f491_4f6c_dd1du64;
    let mut next = || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    for f in &FORMATS {
        let max = (f.decode)(if f.ieee { 0x7b } else { 0x7e });
        let mut inputs: Vec<f32> = Vec::new();
        // Every value, the midpoints above each, and one f32 ulp either side of them.
        for b in 0..=126u8 {
            let (v, w) = ((f.decode)(b), (f.decode)(b + 1));
            if !v.is_finite() || !w.is_finite() {
                continue;
            }
            let mid = (v + w) / 2.0;
            for x in [
                v,
                mid,
                f32::from_bits(mid.to_bits() - 1),
                f32::from_bits(mid.to_bits() + 1),
            ] {
                inputs.extend([x, -x]);
            }
        }
        // Around the overflow boundary, and random magnitudes from far below the
        // smallest subnormal to far above the largest value.
        let edge = max + (max - (f.decode)(if f.ieee { 0x7a } else { 0x7d })) / 2.0;
        for x in [
            edge,
            f32::from_bits(edge.to_bits() - 1),
            f32::from_bits(edge.to_bits() + 1),
            1e30,
            0.0,
        ] {
            inputs.extend([x, -x]);
        }
        for _ in 0..200_000 {
            let r = next();
            let e = (r % 44) as i32 - 26; // 2^-26 .. 2^17
            let m = ((r >> 8) as u32) & 0x7f_ffff;
            let x = f32::from_bits((((e + 127) as u32) << 23) | m);
            inputs.push(if r >> 63 == 1 { -x } else { x });
        }
        for x in inputs {
            let over_nosat = if f.ieee { 0x7c } else { 0x7f };
            let (want_nosat, want_sat) = match nearest(f, x) {
                Some(b) => (b, b),
                None => {
                    let s = if x < 0.0 { 0x80 } else { 0 };
                    (s | over_nosat, s | if f.ieee { 0x7b } else { 0x7e })
                }
            };
            assert_eq!(
                (f.nosat)(x),
                want_nosat,
                "{} from {x:e} ({:#010x})",
                f.name,
                x.to_bits()
            );
            assert_eq!(
                (f.sat)(x),
                want_sat,
                "{} sat from {x:e} ({:#010x})",
                f.name,
                x.to_bits()
            );
        }
        // Specials: NaN stays NaN, infinity overflows (or saturates).
        assert!(((f.decode)((f.nosat)(f32::NAN))).is_nan());
        assert!(((f.decode)((f.sat)(-f32::NAN))).is_nan());
        assert_eq!((f.decode)((f.sat)(f32::INFINITY)), max);
        assert_eq!((f.decode)((f.nosat)(f32::from_bits(1))), 0.0);
    }
}

#[test]
fn widening_to_bf16_and_f16_is_exact() {
    for b in 0..=255u8 {
        for (v, bf, h) in [
            {
                let x = e4m3::from_bits(b);
                (x.to_f32(), x.to_bf16().to_f32(), x.to_f16().to_f32())
            },
            {
                let x = e5m2::from_bits(b);
                (x.to_f32(), x.to_bf16().to_f32(), x.to_f16().to_f32())
            },
        ] {
            if v.is_nan() {
                assert!(bf.is_nan() && h.is_nan());
            } else {
                assert_eq!((bf, h), (v, v), "{b:#04x}");
            }
        }
    }
}

/// CUDA's host conversions (`__nv_cvt_float_to_fp8` in both modes, CUTLASS's
/// `float_e4m3_t`/`float_e5m2_t` constructors, which saturate, `__nv_cvt_fp8_to_halfraw`
/// and `__nv_cvt_bfloat16raw_to_fp8`), bit for bit.
#[test]
fn conversions_equal_cuda_and_cutlass() {
    let text = include_str!("data/fp8_cuda.txt");
    let hex8 = |s: &str| u8::from_str_radix(s, 16).unwrap();
    let hex32 = |s: &str| u32::from_str_radix(s, 16).unwrap();
    let (mut section, mut lines) = ("f32", [0usize; 3]);
    for line in text.lines() {
        match line {
            "# decode" => section = "decode",
            "# bf16" => section = "bf16",
            l if l.starts_with('#') => {}
            l => {
                let w: Vec<&str> = l.split(' ').collect();
                match section {
                    "f32" => {
                        let x = f32::from_bits(hex32(w[0]));
                        let got = [
                            e4m3::from_f32_sat(x).to_bits(),
                            e4m3::from_f32(x).to_bits(),
                            e5m2::from_f32_sat(x).to_bits(),
                            e5m2::from_f32(x).to_bits(),
                            e4m3::from_f32_sat(x).to_bits(),
                            e5m2::from_f32_sat(x).to_bits(),
                        ];
                        let want: Vec<u8> = w[1..7].iter().map(|s| hex8(s)).collect();
                        assert_eq!(&got[..], &want[..], "from {x:e} ({})", w[0]);
                        lines[0] += 1;
                    }
                    "decode" => {
                        let b = hex8(w[0]);
                        for (got, want) in [
                            (e4m3::from_bits(b).to_f32(), hex32(w[1])),
                            (e5m2::from_bits(b).to_f32(), hex32(w[2])),
                        ] {
                            let want = f32::from_bits(want);
                            assert!(
                                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                                "{b:#04x}: {got} against {want}"
                            );
                        }
                        lines[1] += 1;
                    }
                    _ => {
                        let x = half::bf16::from_bits(hex32(w[0]) as u16);
                        let got = [
                            e4m3::from_f32_sat(x.to_f32()).to_bits(),
                            e5m2::from_f32_sat(x.to_f32()).to_bits(),
                        ];
                        assert_eq!(got, [hex8(w[1]), hex8(w[2])], "from bf16 {}", w[0]);
                        assert_eq!(
                            e4m3::from_bf16(x).to_bits(),
                            e4m3::from_f32(x.to_f32()).to_bits()
                        );
                        lines[2] += 1;
                    }
                }
            }
        }
    }
    assert_eq!(lines, [6234, 256, 65536]);
}
