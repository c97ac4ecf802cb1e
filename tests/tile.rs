//! Tiles against straightforward references: every operation on random values over many
//! static shapes (each shape list below instantiates the checks), load/store with random
//! tensor extents (partial edge tiles included), the grid, and IEEE NaN/infinity rules.

use cutlet::tile::{self as ct, Tile, TileExpr, TileShape};
use cutlet_core::prelude::*;
use half::{bf16, f16};
use proptest::prelude::*;

/// A reference array: row-major values and dims.
#[derive(Clone, Debug)]
struct Nd {
    dims: Vec<usize>,
    v: Vec<f64>,
}
impl Nd {
    fn of<X: TileExpr>(x: &X) -> Nd
    where
        X::Elem: Into<f64>,
    {
        let t = x.clone().eval();
        Nd {
            dims: t.dims().to_vec(),
            v: t.as_slice().iter().map(|&x| x.into()).collect(),
        }
    }
    /// NumPy broadcasting of two arrays, element by element.
    fn zip(&self, o: &Nd, f: impl Fn(f64, f64) -> f64) -> Nd {
        let r = self.dims.len().max(o.dims.len());
        let pad = |d: &[usize]| -> Vec<usize> {
            let mut p = vec![1; r - d.len()];
            p.extend_from_slice(d);
            p
        };
        let (a, b) = (pad(&self.dims), pad(&o.dims));
        let dims: Vec<usize> = a.iter().zip(&b).map(|(&x, &y)| x.max(y)).collect();
        let size: usize = dims.iter().product();
        let at = |d: &[usize], v: &[f64], idx: &[usize]| {
            let mut off = 0;
            for k in 0..r {
                off = off * d[k] + if d[k] == 1 { 0 } else { idx[k] };
            }
            v[off]
        };
        let mut v = Vec::with_capacity(size);
        let mut idx = vec![0; r];
        for _ in 0..size {
            v.push(f(at(&a, &self.v, &idx), at(&b, &o.v, &idx)));
            for k in (0..r).rev() {
                idx[k] += 1;
                if idx[k] < dims[k] {
                    break;
                }
                idx[k] = 0;
            }
        }
        Nd { dims, v }
    }
}

/// Deterministic pseudo-random values from a seed.
fn values(seed: u64, n: usize, lo: i64, hi: i64) -> Vec<i64> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            lo + (s % (hi - lo + 1) as u64) as i64
        })
        .collect()
}
fn tile_i32<S: TileShape>(_: S, seed: u64) -> Tile<i32, S> {
    let v = values(seed, S::SIZE, -50, 50);
    Tile::from_fn(|i| v[i] as i32)
}
fn tile_f32<S: TileShape>(_: S, seed: u64) -> Tile<f32, S> {
    let v = values(seed, S::SIZE, -400, 400);
    Tile::from_fn(|i| v[i] as f32 / 16.0)
}

fn b2f<X: TileExpr<Elem = bool>>(t: X) -> Tile<i32, X::Shape> {
    t.eval().astype::<i32>().eval()
}

fn assert_nd(got: &Nd, want: &Nd, what: &str) {
    assert_eq!(got.dims, want.dims, "{what}: shape");
    for (i, (g, w)) in got.v.iter().zip(&want.v).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= 1e-5 * w.abs().max(1.0);
        assert!(ok, "{what}: element {i} is {g}, want {w}");
    }
}

/// Element-wise arithmetic and comparisons between two shapes that broadcast.
macro_rules! check_broadcast {
    ($name:ident, $a:expr, $b:expr) => {
        proptest! {
            #[test]
            fn $name(seed in any::<u64>()) {
                let (x, y) = (tile_i32($a, seed), tile_i32($b, seed.wrapping_add(1)));
                let (nx, ny) = (Nd::of(&x), Nd::of(&y));
                assert_nd(&Nd::of(&(x + y)), &nx.zip(&ny, |a, b| a + b), "+");
                assert_nd(&Nd::of(&(x - y)), &nx.zip(&ny, |a, b| a - b), "-");
                assert_nd(&Nd::of(&(x * y)), &nx.zip(&ny, |a, b| a * b), "*");
                let nonzero = y.map(|v| if v == 0 { 1 } else { v });
                let nz = Nd::of(&nonzero);
                assert_nd(&Nd::of(&(x / nonzero)), &nx.zip(&nz, |a, b| (a / b).trunc()), "/");
                assert_nd(&Nd::of(&(x % nonzero)), &nx.zip(&nz, |a, b| a % b), "%");
                assert_nd(&Nd::of(&ct::floordiv(x, nonzero)), &nx.zip(&nz, |a, b| (a / b).floor()), "floordiv");
                assert_nd(&Nd::of(&ct::cdiv(x, nonzero)), &nx.zip(&nz, |a, b| (a / b).ceil()), "cdiv");
                assert_nd(&Nd::of(&ct::mod_(x, nonzero)), &nx.zip(&nz, |a, b| a - (a / b).floor() * b), "mod");
                assert_nd(&Nd::of(&ct::minimum(x, y)), &nx.zip(&ny, f64::min), "minimum");
                assert_nd(&Nd::of(&ct::maximum(x, y)), &nx.zip(&ny, f64::max), "maximum");
                assert_nd(&Nd::of(&b2f(x.lt(y))), &nx.zip(&ny, |a, b| (a < b) as i32 as f64), "lt");
                assert_nd(&Nd::of(&b2f(x.le(y))), &nx.zip(&ny, |a, b| (a <= b) as i32 as f64), "le");
                assert_nd(&Nd::of(&b2f(x.gt(y))), &nx.zip(&ny, |a, b| (a > b) as i32 as f64), "gt");
                assert_nd(&Nd::of(&b2f(x.ge(y))), &nx.zip(&ny, |a, b| (a >= b) as i32 as f64), "ge");
                assert_nd(&Nd::of(&b2f(x.eq(y))), &nx.zip(&ny, |a, b| (a == b) as i32 as f64), "eq");
                assert_nd(&Nd::of(&b2f(x.ne(y))), &nx.zip(&ny, |a, b| (a != b) as i32 as f64), "ne");
                // Mixed element types promote; the values are those of the wider type.
                let (fx, fy) = (tile_f32($a, seed), y.astype::<i16>());
                assert_nd(&Nd::of(&(fx + fy)), &Nd::of(&fx).zip(&ny, |a, b| a + b), "f32 + i16");
                // where_: the condition broadcasts with both operands.
                let c = x.gt(0);
                let w = ct::where_(c, x, y);
                let want = Nd::of(&b2f(c)).zip(&nx, |c, a| if c != 0.0 { a } else { f64::NAN })
                    .zip(&ny, |l, b| if l.is_nan() { b } else { l });
                assert_nd(&Nd::of(&w), &want, "where");
            }
        }
    };
}
check_broadcast!(broadcast_seed_8x2_4x1x2, shape!((8, 2)), shape!((4, 1, 2)));
check_broadcast!(broadcast_column_row, shape!((3, 1)), shape!((1, 4)));
check_broadcast!(broadcast_rank0, shape!(()), shape!((2, 3)));
check_broadcast!(broadcast_trailing, shape!((5)), shape!((2, 3, 5)));
check_broadcast!(broadcast_same, shape!((4, 4)), shape!((4, 4)));
check_broadcast!(broadcast_rank4, shape!((2, 1, 3, 1)), shape!((1, 4, 1, 2)));

#[test]
fn seed_broadcast_shape_is_4x8x2() {
    let z = (ct::iota::<i32, _>(shape!((8, 2))) + ct::iota::<i32, _>(shape!((4, 1, 2)))).eval();
    let _: &Tile<i32, (_4, _8, _2)> = &z;
    assert_eq!(z.dims(), [4, 8, 2]);
}

/// The promoted element types, checked by the type checker.
#[test]
fn promotion_keeps_the_more_informative_type() {
    let s = shape!((2));
    let _: Tile<f32, _> = (ct::iota::<i32, _>(s) + ct::iota::<f32, _>(s)).eval();
    let _: Tile<i32, _> = (ct::iota::<i16, _>(s) + ct::iota::<i32, _>(s)).eval();
    let _: Tile<i16, _> = (ct::iota::<u8, _>(s) + ct::iota::<i8, _>(s)).eval();
    let _: Tile<i64, _> = (ct::iota::<u32, _>(s) + ct::iota::<i8, _>(s)).eval();
    let _: Tile<f32, _> = (ct::iota::<f16, _>(s) + ct::iota::<bf16, _>(s)).eval();
    let _: Tile<f64, _> = (ct::iota::<f32, _>(s) * ct::iota::<f64, _>(s)).eval();
    let _: Tile<u16, _> = (ct::full(s, true) + ct::iota::<u16, _>(s)).eval();
    let _: Tile<f64, _> = (ct::truediv(ct::iota::<i32, _>(s), 3)).eval();
    let _: Tile<f32, _> = (ct::truediv(ct::iota::<u8, _>(s), 3)).eval();
}

#[test]
fn integer_arithmetic_wraps_and_rounds_like_rust_and_cutile() {
    let x = (ct::full(shape!((2)), 250u8) + 10).eval();
    assert_eq!(x.as_slice(), [4, 4]);
    assert_eq!((-ct::full(shape!((1)), 1u32)).eval().as_slice(), [u32::MAX]);
    let a = Tile::<i32, (_4,)>::from_fn(|i| [7, -7, 7, -7][i]);
    let b = Tile::<i32, (_4,)>::from_fn(|i| [2, 2, -2, -2][i]);
    assert_eq!((a / b).eval().as_slice(), [3, -3, -3, 3]);
    assert_eq!((a % b).eval().as_slice(), [1, -1, 1, -1]);
    assert_eq!(ct::floordiv(a, b).eval().as_slice(), [3, -4, -4, 3]);
    assert_eq!(ct::mod_(a, b).eval().as_slice(), [1, 1, -1, -1]);
    assert_eq!(ct::cdiv(a, b).eval().as_slice(), [4, -3, -3, 4]);
    assert_eq!(ct::pow(b, 3).eval().as_slice(), [8, 8, -8, -8]);
    assert_eq!((a & 3).eval().as_slice(), [3, 1, 3, 1]);
    assert_eq!((!a.gt(0)).eval().as_slice(), [false, true, false, true]);
}

#[test]
#[should_panic(expected = "divide by zero")]
fn integer_division_by_zero_panics() {
    // Expressions are lazy: the division happens when the value is computed.
    let _ = (ct::full(shape!((2)), 1i32) / 0).eval();
}

#[test]
fn casts_match_static_cast() {
    let x = Tile::<f32, (_6,)>::from_fn(|i| [2.7, -2.7, 300.0, -1.0, f32::NAN, 0.0][i]);
    assert_eq!(x.astype::<i32>().eval().as_slice(), [2, -2, 300, -1, 0, 0]);
    assert_eq!(x.astype::<u8>().eval().as_slice(), [2, 0, 255, 0, 0, 0]);
    assert_eq!(
        x.astype::<bool>().eval().as_slice(),
        [true, true, true, true, true, false]
    );
    assert_eq!(
        x.astype::<f16>().astype::<f32>().eval().as_slice()[..4],
        [2.6992188, -2.6992188, 300.0, -1.0]
    );
    assert_eq!(
        ct::full(shape!((2)), true)
            .astype::<f64>()
            .eval()
            .as_slice(),
        [1.0, 1.0]
    );
    assert_eq!(
        ct::iota::<i64, _>(shape!((3)))
            .astype::<bf16>()
            .astype::<i8>()
            .eval()
            .as_slice(),
        [0, 1, 2]
    );
}

/// Every math function against the standard library on random values, per float type.
macro_rules! check_math {
    ($name:ident, $t:ty, $tol:expr) => {
        proptest! {
            #[test]
            fn $name(v in prop::collection::vec(-8.0f32..8.0, 12)) {
                let x = Tile::<$t, (_3, _4)>::from_fn(|i| ct::Cast::<$t>::cast(v[i]));
                let pos = ct::maximum(x, ct::Cast::<$t>::cast(1.0f32 / 64.0)).eval();
                let xs: Vec<f64> = x.as_slice().iter().map(|&a| ct::Cast::<f64>::cast(a)).collect();
                let ps: Vec<f64> = pos.as_slice().iter().map(|&a| ct::Cast::<f64>::cast(a)).collect();
                let check = |got: Tile<$t, (_3, _4)>, want: &dyn Fn(usize) -> f64, what: &str| {
                    for (i, &g) in got.as_slice().iter().enumerate() {
                        let (g, w) = (ct::Cast::<f64>::cast(g), want(i));
                        prop_assert!((g - w).abs() <= $tol * w.abs().max(1.0) || (g.is_nan() && w.is_nan()),
                            "{} of element {}: {} vs {}", what, i, g, w);
                    }
                    Ok(())
                };
                check(ct::exp(x).eval(), &|i| xs[i].exp(), "exp")?;
                check(ct::exp2(x).eval(), &|i| xs[i].exp2(), "exp2")?;
                check(ct::log(pos).eval(), &|i| ps[i].ln(), "log")?;
                check(ct::log2(pos).eval(), &|i| ps[i].log2(), "log2")?;
                check(ct::sqrt(pos).eval(), &|i| ps[i].sqrt(), "sqrt")?;
                check(ct::rsqrt(pos).eval(), &|i| 1.0 / ps[i].sqrt(), "rsqrt")?;
                check(ct::sin(x).eval(), &|i| xs[i].sin(), "sin")?;
                check(ct::cos(x).eval(), &|i| xs[i].cos(), "cos")?;
                check(ct::tan(x).eval(), &|i| xs[i].tan(), "tan")?;
                check(ct::sinh(x).eval(), &|i| xs[i].sinh(), "sinh")?;
                check(ct::cosh(x).eval(), &|i| xs[i].cosh(), "cosh")?;
                check(ct::tanh(x).eval(), &|i| xs[i].tanh(), "tanh")?;
                check(ct::floor(x).eval(), &|i| xs[i].floor(), "floor")?;
                check(ct::ceil(x).eval(), &|i| xs[i].ceil(), "ceil")?;
                check(ct::negative(x).eval(), &|i| -xs[i], "negative")?;
                check(ct::pow(pos, ct::Cast::<$t>::cast(1.5f32)).eval(), &|i| ps[i].powf(1.5), "pow")?;
                check(ct::truediv(x, pos).eval(), &|i| xs[i] / ps[i], "truediv")?;
                check(ct::add(x, pos).eval(), &|i| xs[i] + ps[i], "add")?;
                check(ct::sub(x, pos).eval(), &|i| xs[i] - ps[i], "sub")?;
                check(ct::mul(x, pos).eval(), &|i| xs[i] * ps[i], "mul")?;
            }
        }
    };
}
check_math!(math_f32, f32, 1e-5);
check_math!(math_f64, f64, 1e-12);
check_math!(math_f16, f16, 2e-2);
check_math!(math_bf16, bf16, 2e-2);

#[test]
fn nan_and_infinity_follow_ieee() {
    let x = Tile::<f32, (_2, _3)>::from_fn(|i| {
        [1.0, f32::NAN, 3.0, f32::INFINITY, -1.0, f32::NEG_INFINITY][i]
    });
    assert_eq!(x.max::<1>().as_slice()[1], f32::INFINITY);
    assert!(x.max::<1>().as_slice()[0].is_nan());
    assert!(x.min::<1>().as_slice()[0].is_nan());
    assert!(x.sum::<1>().as_slice()[0].is_nan());
    assert!(x.sum::<1>().as_slice()[1].is_nan()); // inf + -inf
    assert_eq!(x.argmax::<1>().as_slice(), [1, 0]); // the first NaN; then +inf
    assert_eq!(x.argmin::<1>().as_slice(), [1, 2]);
    assert!(ct::minimum(x, 0.0).eval().as_slice()[1].is_nan());
    assert_eq!(x.lt(f32::NAN).eval().as_slice(), [false; 6]);
    assert_eq!(
        x.ne(x).eval().as_slice(),
        [false, true, false, false, false, false]
    );
    assert_eq!(ct::exp(x).eval().as_slice()[3], f32::INFINITY);
    assert_eq!(ct::exp(x).eval().as_slice()[5], 0.0);
    assert_eq!(
        ct::log(ct::full(shape!((1)), 0.0f64)).eval().as_slice(),
        [f64::NEG_INFINITY]
    );
    assert!(ct::sqrt(-1.0f32).is_nan());
    assert_eq!(ct::truediv(1.0f32, 0.0), f32::INFINITY);
    assert_eq!(ct::maximum(-0.0f32, 0.0).to_bits(), 0.0f32.to_bits());
    assert_eq!(ct::minimum(0.0f32, -0.0).to_bits(), (-0.0f32).to_bits());
}

/// Reductions (both axis forms), arg-reductions and scans against loops over the
/// reference array.
macro_rules! check_reduce {
    ($name:ident, $s:expr, $($axis:literal),*) => {
        proptest! {
            #[test]
            fn $name(seed in any::<u64>()) {
                let x = tile_i32($s, seed);
                let nd = Nd::of(&x);
                $(
                    let r = nd.dims.len();
                    let (outer, len, inner) = (
                        nd.dims[..$axis].iter().product::<usize>(),
                        nd.dims[$axis],
                        nd.dims[$axis + 1..].iter().product::<usize>(),
                    );
                    let fold = |f: &dyn Fn(&[f64]) -> f64| -> Vec<f64> {
                        let mut out = vec![];
                        for o in 0..outer {
                            for i in 0..inner {
                                let line: Vec<f64> = (0..len).map(|k| nd.v[(o * len + k) * inner + i]).collect();
                                out.push(f(&line));
                            }
                        }
                        out
                    };
                    let mut kept = nd.dims.clone();
                    kept[$axis] = 1;
                    let mut dropped = nd.dims.clone();
                    dropped.remove($axis);
                    let sum = fold(&|l| l.iter().sum());
                    assert_nd(&Nd::of(&x.sum::<$axis>()), &Nd { dims: dropped.clone(), v: sum.clone() }, "sum");
                    assert_nd(&Nd::of(&x.sum_keepdims::<$axis>()), &Nd { dims: kept.clone(), v: sum }, "sum_keepdims");
                    let small = x.map(|v| v % 3 + 2); // keep products in range
                    let ns = Nd::of(&small);
                    let prod: Vec<f64> = {
                        let mut out = vec![];
                        for o in 0..outer { for i in 0..inner {
                            out.push((0..len).map(|k| ns.v[(o * len + k) * inner + i]).product());
                        } }
                        out
                    };
                    assert_nd(&Nd::of(&small.prod::<$axis>()), &Nd { dims: dropped.clone(), v: prod }, "prod");
                    assert_nd(&Nd::of(&x.max_keepdims::<$axis>()), &Nd { dims: kept.clone(), v: fold(&|l| l.iter().cloned().fold(f64::MIN, f64::max)) }, "max");
                    assert_nd(&Nd::of(&x.min::<$axis>()), &Nd { dims: dropped.clone(), v: fold(&|l| l.iter().cloned().fold(f64::MAX, f64::min)) }, "min");
                    let first = |l: &[f64], better: &dyn Fn(f64, f64) -> bool| {
                        let mut b = 0;
                        for k in 1..l.len() { if better(l[k], l[b]) { b = k; } }
                        b as f64
                    };
                    assert_nd(&Nd::of(&x.argmax::<$axis>()), &Nd { dims: dropped.clone(), v: fold(&|l| first(l, &|a, b| a > b)) }, "argmax");
                    assert_nd(&Nd::of(&x.argmin_keepdims::<$axis>()), &Nd { dims: kept.clone(), v: fold(&|l| first(l, &|a, b| a < b)) }, "argmin");
                    let mut cum = nd.v.clone();
                    for o in 0..outer { for i in 0..inner { for k in 1..len {
                        cum[(o * len + k) * inner + i] += cum[(o * len + k - 1) * inner + i];
                    } } }
                    assert_nd(&Nd::of(&x.cumsum::<$axis>()), &Nd { dims: nd.dims.clone(), v: cum }, "cumsum");
                    let mut cp = ns.v.clone();
                    for o in 0..outer { for i in 0..inner { for k in 1..len {
                        cp[(o * len + k) * inner + i] *= cp[(o * len + k - 1) * inner + i];
                    } } }
                    assert_nd(&Nd::of(&small.cumprod::<$axis>()), &Nd { dims: nd.dims.clone(), v: cp }, "cumprod");
                    let _ = r;
                )*
            }
        }
    };
}
check_reduce!(reduce_rank1, shape!((7)), 0);
check_reduce!(reduce_rank2, shape!((3, 5)), 0, 1);
check_reduce!(reduce_rank3, shape!((2, 3, 4)), 0, 1, 2);
check_reduce!(reduce_rank4, shape!((2, 1, 3, 2)), 0, 1, 2, 3);

#[test]
fn seed_row_sums() {
    let x = ct::iota::<i32, _>(shape!((2, 4)));
    assert_eq!(x.sum::<1>().to_string(), "[6, 22]");
    assert_eq!(x.sum_keepdims::<1>().to_string(), "[[6], [22]]");
    let _: Tile<i32, (_2,)> = x.sum::<1>();
    let _: Tile<i32, (_2, _1)> = x.sum_keepdims::<1>();
}

/// Permutations against the index mapping `out[i0..] = in[..]` with `in[order[d]] = i_d`.
macro_rules! check_permute {
    ($name:ident, $s:expr, $order:expr, [$($o:literal),*]) => {
        #[test]
        fn $name() {
            let x = ct::iota::<i32, _>($s);
            let y = x.permute($order);
            let order = [$($o),*];
            let dims = x.dims();
            assert_eq!(y.dims(), order.iter().map(|&o| dims[o]).collect::<Vec<_>>());
            let mut idx = vec![0usize; dims.len()];
            for &v in y.as_slice() {
                let mut src = vec![0usize; dims.len()];
                for (d, &o) in order.iter().enumerate() {
                    src[o] = idx[d];
                }
                assert_eq!(Some(v), x.get(&src));
                for k in (0..idx.len()).rev() {
                    idx[k] += 1;
                    if idx[k] < y.dims()[k] { break; }
                    idx[k] = 0;
                }
            }
        }
    };
}
check_permute!(
    permute_seed_2_0_1,
    shape!((2, 3, 4)),
    shape!((2, 0, 1)),
    [2, 0, 1]
);
check_permute!(permute_swap, shape!((5, 3)), shape!((1, 0)), [1, 0]);
check_permute!(permute_identity, shape!((2, 3)), shape!((0, 1)), [0, 1]);
check_permute!(
    permute_rank4,
    shape!((2, 3, 1, 4)),
    shape!((3, 1, 0, 2)),
    [3, 1, 0, 2]
);

#[test]
fn transpose_swaps_the_first_two_axes() {
    let x = ct::iota::<i32, _>(shape!((2, 3, 4)));
    let t = x.transpose();
    assert_eq!(t.dims(), [3, 2, 4]);
    assert_eq!(t.get(&[2, 1, 3]), x.get(&[1, 2, 3]));
    assert_eq!(
        ct::iota::<i32, _>(shape!((2, 4))).transpose().dims(),
        [4, 2]
    );
}

#[test]
fn factories_and_reshape() {
    assert_eq!(ct::zeros::<i8, _>(shape!((2, 2))).as_slice(), [0; 4]);
    assert_eq!(ct::ones::<bf16, _>(shape!((1))).as_slice(), [bf16::ONE]);
    assert_eq!(ct::full(shape!(()), 5i64).item(), 5);
    let r = ct::arange::<f64, _>(shape!(6)).reshape(shape!((3, 2)));
    assert_eq!(r.to_string(), "[[0, 1], [2, 3], [4, 5]]");
    assert_eq!(r.reshape(shape!((6, 1, 1, 1))).dims(), [6, 1, 1, 1]);
    assert_eq!(
        format!("{:?}", ct::iota::<u8, _>(shape!((2)))),
        "Tile<uint8, [2]>[0, 1]"
    );
}

/// matmul and mma (2-D and batched 3-D) against the triple loop, several element types.
#[test]
fn matmul_and_mma_match_the_definition() {
    fn check<T: ct::MmaOperand + ct::Cast<f64>>(
        a: &[T],
        b: &[T],
        c: &[f64],
        (bt, m, k, n): (usize, usize, usize, usize),
    ) {
        for t in 0..bt {
            for i in 0..m {
                for j in 0..n {
                    let want: f64 = (0..k)
                        .map(|p| a[t * m * k + i * k + p].cast() * b[t * k * n + p * n + j].cast())
                        .sum();
                    assert_eq!(c[t * m * n + i * n + j], want, "({t},{i},{j})");
                }
            }
        }
    }
    let a = tile_i32(shape!((5, 7)), 1);
    let b = tile_i32(shape!((7, 3)), 2);
    let c = ct::matmul(a, b);
    check(
        a.as_slice(),
        b.as_slice(),
        &c.as_slice().iter().map(|&x| x as f64).collect::<Vec<_>>(),
        (1, 5, 7, 3),
    );
    let (ah, bh) = (
        tile_f32(shape!((2, 4, 6)), 3).astype::<f16>().eval(),
        tile_f32(shape!((2, 6, 5)), 4).astype::<f16>().eval(),
    );
    let ch: Tile<f32, (_2, _4, _5)> = ct::matmul(ah, bh);
    check(
        ah.as_slice(),
        bh.as_slice(),
        &ch.as_slice().iter().map(|&x| x as f64).collect::<Vec<_>>(),
        (2, 4, 6, 5),
    );
    let acc = ct::full(shape!((4, 5)), 1.5f32);
    let (ab, bb) = (
        tile_f32(shape!((4, 8)), 5).astype::<bf16>().eval(),
        tile_f32(shape!((8, 5)), 6).astype::<bf16>().eval(),
    );
    let r = ct::mma(ab, bb, acc);
    let plain = ct::matmul(ab, bb);
    assert_eq!((r - plain).eval().as_slice(), [1.5; 20]);
    let _: Tile<i32, (_2, _2)> = ct::matmul(
        ct::ones::<i8, _>(shape!((2, 3))),
        ct::ones::<i8, _>(shape!((3, 2))),
    );
}

// load/store against tensors with random extents: the tile at every index, partial
// edge tiles padded on load and clipped on store, row- and column-major tensors.
proptest! {
    #[test]
    fn load_store_with_partial_tiles(m in 1isize..30, n in 1isize..30, col_major in any::<bool>(), pad in -5i32..5) {
        let data: Vec<i32> = (0..(m * n) as i32).collect();
        let layout = if col_major { StridedLayout::new((m, n), (1, m)) } else { StridedLayout::new((m, n), (n, 1)) };
        let t = make_tensor(&data[..], layout);
        let mut out = vec![-1i32; (m * n) as usize];
        {
            let mut o = make_tensor(&mut out[..], layout);
            for bi in 0..(m as usize).div_ceil(4) {
                for bj in 0..(n as usize).div_ceil(8) {
                    let tile = ct::load(&t, (bi, bj), shape!((4, 8)), ct::Padding::Value(pad));
                    for r in 0..4 {
                        for c in 0..8 {
                            let (gi, gj) = ((bi * 4 + r) as isize, (bj * 8 + c) as isize);
                            let want = if gi < m && gj < n { t.get((gi, gj)) } else { pad };
                            prop_assert_eq!(tile.get(&[r, c]), Some(want));
                        }
                    }
                    ct::store(&mut o, (bi, bj), tile);
                }
            }
        }
        prop_assert_eq!(&out, &data);
        // Masked variants: zero padding; a tile wholly outside stores nothing.
        let z = ct::load_masked(&t, (m as usize, 0), shape!((1, 8)));
        prop_assert_eq!(z.eval(), ct::zeros(shape!((1, 8))));
        let mut o = make_tensor(&mut out[..], layout);
        ct::store_masked(&mut o, (m as usize, n as usize), ct::full(shape!((4, 8)), 9));
        prop_assert_eq!(&out, &data);
    }
}

#[test]
fn load_from_rank3_and_rank1_tensors() {
    let data: Vec<f32> = (0..60).map(|x| x as f32).collect();
    let (a, b, c) = (3isize, 4isize, 5isize);
    let t = make_tensor(&data[..], make_layout_major(shape!((a, b, c)), LayoutRight));
    let tile = ct::load(&t, (1, 0, 1), shape!((2, 4, 4)), ct::Padding::Zero);
    assert_eq!(tile.get(&[0, 1, 0]), Some(t.get((2isize, 1isize, 4isize))));
    assert_eq!(tile.get(&[1, 0, 0]), Some(0.0)); // plane 3 does not exist
    let n = 7isize;
    let v = make_tensor(&data[..7], make_layout(shape!(n)));
    assert_eq!(
        ct::load(&v, 1, shape!((4)), ct::Padding::Value(-1.0))
            .eval()
            .as_slice(),
        [4.0, 5.0, 6.0, -1.0]
    );
}

#[test]
#[should_panic(expected = "a rank-2 tile needs 2 tile coordinates, got 1")]
fn load_with_a_wrong_index_rank_panics_naming_it() {
    let data = [0f32; 16];
    let (m, n) = (4isize, 4isize);
    let t = make_tensor(&data[..], make_layout(shape!((m, n))));
    let _ = ct::load(&t, 1, shape!((2, 2)), ct::Padding::Zero);
}

#[test]
fn launch_runs_every_block_once_in_both_modes() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    for grid in [
        ct::Grid::from((3, 4, 2)),
        ct::Grid::from((3, 4, 2)).serial(),
        ct::Grid::from(5),
    ] {
        let seen: Vec<AtomicUsize> = (0..grid.blocks()).map(|_| AtomicUsize::new(0)).collect();
        ct::launch(grid, |b| {
            let [x, y, z] = b.0;
            let i = if grid.blocks() == 5 {
                x
            } else {
                x + 3 * (y + 4 * z)
            };
            seen[i].fetch_add(1, Ordering::Relaxed);
        });
        assert!(seen.iter().all(|s| s.load(Ordering::Relaxed) == 1));
    }
}

// launch_with: every tile of the output written exactly by its block, for row- and
// column-major outputs (split along different axes) and in serial mode; a read-modify-
// write epilogue through `BlockOut::load`.
proptest! {
    #[test]
    fn launch_with_writes_each_tile_once(m in 1usize..40, n in 1usize..40, col_major in any::<bool>(), serial in any::<bool>()) {
        let (mi, ni) = (m as isize, n as isize);
        let layout = if col_major { StridedLayout::new((mi, ni), (1, mi)) } else { StridedLayout::new((mi, ni), (ni, 1)) };
        let mut out = vec![1i64; m * n];
        let grid = ct::Grid::from((m.div_ceil(8), n.div_ceil(4)));
        let grid = if serial { grid.serial() } else { grid };
        ct::launch_with(grid, &mut make_tensor(&mut out[..], layout), shape!((8, 4)), |b, o| {
            let prev = o.load(ct::Padding::Zero);
            let id = (b.bid(0) * 1000 + b.bid(1)) as i64;
            o.store(prev * 10 + id);
        });
        let t = make_tensor(&out[..], layout);
        for i in 0..m {
            for j in 0..n {
                prop_assert_eq!(t.get((i as isize, j as isize)), 10 + ((i / 8) * 1000 + j / 4) as i64);
            }
        }
    }
}

/// Lazy expressions against eager evaluation (every intermediate materialized with
/// `eval`): the same values, bit for bit, on broadcasting shapes, through `store`,
/// `eval`, `at`, reductions (which fold over the expression without a tile of it) and
/// scans.
macro_rules! check_lazy_eager {
    ($name:ident, $a:expr, $b:expr, $axis:literal) => {
        proptest! {
            #[test]
            fn $name(seed in any::<u64>()) {
                let (x, y) = (tile_f32($a, seed), tile_f32($b, seed.wrapping_add(1)));
                let lazy = ct::exp((x - y * 0.5f32) / 8.0f32) + ct::where_(x.gt(y), x, -y);
                let eager = {
                    let t = (y * 0.5f32).eval();
                    let t = (x - t).eval();
                    let t = (t / 8.0f32).eval();
                    let e = ct::exp(t).eval();
                    let c = x.gt(y).eval();
                    let n = (-y).eval();
                    let w = ct::where_(c, x, n).eval();
                    (e + w).eval()
                };
                let bits = |t: &[f32]| t.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
                let l = lazy.eval();
                prop_assert_eq!(bits(l.as_slice()), bits(eager.as_slice()));
                for (i, &v) in eager.as_slice().iter().enumerate() {
                    prop_assert_eq!(lazy.at(i).to_bits(), v.to_bits());
                }
                prop_assert_eq!(bits(lazy.sum::<$axis>().as_slice()), bits(eager.sum::<$axis>().as_slice()));
                prop_assert_eq!(bits(lazy.max_keepdims::<$axis>().as_slice()), bits(eager.max_keepdims::<$axis>().as_slice()));
                prop_assert_eq!(lazy.argmin::<$axis>(), eager.argmin::<$axis>());
                prop_assert_eq!(bits(lazy.cumsum::<$axis>().as_slice()), bits(eager.cumsum::<$axis>().as_slice()));
                let m = lazy.astype::<i32>();
                prop_assert_eq!(m.eval(), eager.astype::<i32>().eval());
            }
        }
    };
}
check_lazy_eager!(lazy_eager_same, shape!((4, 8)), shape!((4, 8)), 1);
check_lazy_eager!(lazy_eager_row_column, shape!((3, 1)), shape!((1, 5)), 0);
check_lazy_eager!(lazy_eager_rank3, shape!((2, 3, 4)), shape!((3, 1)), 2);
check_lazy_eager!(lazy_eager_scalar, shape!(()), shape!((2, 7)), 1);
check_lazy_eager!(lazy_eager_long_row, shape!((2, 37)), shape!((37)), 1);

/// The whole-row tile of `lazy_loads_match_eager_on_edge_tiles`.
type Row64 = shape_t!((1, 64));

// Lazy loads against materialized ones on tensors with random extents: interior and
// edge tiles, rows and blocks, row- and column-major; a chain of operations stored in
// one pass equals the same chain over evaluated tiles, and reductions over the view
// equal reductions over its tile.
proptest! {
    #[test]
    fn lazy_loads_match_eager_on_edge_tiles(m in 1isize..20, n in 1isize..40, col_major in any::<bool>(), pad in -3.0f32..3.0) {
        let a: Vec<f32> = (0..m * n).map(|i| (i % 17) as f32 * 0.25 - 2.0).collect();
        let b: Vec<f32> = (0..m * n).map(|i| (i % 5) as f32 + 0.5).collect();
        let layout = if col_major { StridedLayout::new((m, n), (1, m)) } else { StridedLayout::new((m, n), (n, 1)) };
        let (ta, tb) = (make_tensor(&a[..], layout), make_tensor(&b[..], layout));
        let (mut lazy, mut eager) = (vec![0f32; (m * n) as usize], vec![0f32; (m * n) as usize]);
        let bits = |t: &[f32]| t.iter().map(|v| v.to_bits()).collect::<Vec<_>>();
        for bi in 0..(m as usize).div_ceil(2) {
            for bj in 0..(n as usize).div_ceil(16) {
                let x = ct::load(&ta, (bi, bj), shape!((2, 16)), ct::Padding::Value(pad));
                let y = ct::load(&tb, (bi, bj), shape!((2, 16)), ct::Padding::Value(1.0));
                let (xe, ye) = (x.eval(), y.eval());
                ct::store(&mut make_tensor(&mut lazy[..], layout), (bi, bj), ct::sqrt(x * x + y) - x / y);
                let t = (xe * xe).eval();
                let t = (t + ye).eval();
                let t = ct::sqrt(t).eval();
                let q = (xe / ye).eval();
                ct::store(&mut make_tensor(&mut eager[..], layout), (bi, bj), (t - q).eval());
                prop_assert_eq!(bits(x.sum::<1>().as_slice()), bits(xe.sum::<1>().as_slice()));
                prop_assert_eq!(bits((x * y).max::<0>().as_slice()), bits((xe * ye).max::<0>().as_slice()));
            }
            // A whole row as one (1, 64) tile: the view's run ends at the row's edge.
            let r = ct::load(&ta, (bi, 0), shape!((1, 64)), ct::Padding::Value(pad));
            prop_assert_eq!(r.eval(), Tile::from_fn(|i| r.at(i)));
            prop_assert_eq!(bits(r.sum_keepdims::<1>().as_slice()), bits(r.eval().sum_keepdims::<1>().as_slice()));
            // Past the row's edge the expression is one value (`tail`), computed once: the
            // same elements and folds as computing every position.
            let e = ct::exp(r * 0.5f32 - r.max_keepdims::<1>());
            let each: Tile<f32, Row64> = Tile::from_fn(|i| e.at(i));
            prop_assert_eq!(bits(e.eval().as_slice()), bits(each.as_slice()));
            prop_assert_eq!(bits(e.sum_keepdims::<1>().as_slice()), bits(each.sum_keepdims::<1>().as_slice()));
            let w = ct::where_(r.gt(0.0f32), r, -r);
            prop_assert_eq!(bits(w.eval().as_slice()), bits(Tile::<f32, Row64>::from_fn(|i| w.at(i)).as_slice()));
        }
        prop_assert_eq!(bits(&lazy), bits(&eager));
    }
}
