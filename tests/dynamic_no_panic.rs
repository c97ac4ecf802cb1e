//! No value the public API of `cutlet::dynamic` lets a user build makes an operation
//! panic: every constructor validates (a non-congruent layout cannot be built), and
//! every public operation answers `Ok` or `Err` on layouts, int tuples, tilers and
//! coordinates with zero, negative, extreme (`i64::MIN`, `i64::MAX`), basis and
//! dynamic leaves and empty tuples. Inputs are pseudo-random with a fixed seed.

use cutlet::dynamic::{self as d, Coord, DInt, DynLayout, IntTuple, OPERATIONS, Tiler};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// xorshift64*: small, deterministic, good enough to spread the cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() % 1000) as f64 / 1000.0 < p
    }
}

const VALUES: &[i64] = &[
    0,
    1,
    1,
    2,
    2,
    3,
    4,
    8,
    16,
    -1,
    -2,
    -3,
    i64::MAX,
    i64::MIN,
    i64::MAX / 2,
    1 << 32,
    -(1 << 40),
];

fn leaf(r: &mut Rng, basis: bool) -> DInt {
    let mut x = DInt::new(VALUES[r.below(VALUES.len())], r.chance(0.7));
    if basis && r.chance(0.1) {
        let path: Vec<usize> = (0..1 + r.below(3)).map(|_| r.below(3)).collect();
        x.basis = d::Basis::from_path(&path).unwrap();
    }
    x
}

fn int_tuple(r: &mut Rng, depth: usize, basis: bool) -> IntTuple {
    if depth == 0 || r.chance(0.4) {
        return IntTuple::Int(leaf(r, basis));
    }
    let n = r.below(4) + usize::from(!r.chance(0.1));
    IntTuple::Tuple((0..n).map(|_| int_tuple(r, depth - 1, basis)).collect())
}

fn like(r: &mut Rng, t: &IntTuple, basis: bool) -> IntTuple {
    match t {
        IntTuple::Int(_) => IntTuple::Int(leaf(r, basis)),
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|e| like(r, e, basis)).collect()),
    }
}

fn layout(r: &mut Rng) -> DynLayout {
    loop {
        let s = int_tuple(r, 3, false);
        let st = like(r, &s, true);
        if let Ok(l) = DynLayout::new(s, st) {
            return l;
        }
    }
}

fn tiler(r: &mut Rng, depth: usize) -> Tiler {
    match r.below(5) {
        0 => Tiler::Int(leaf(r, true)),
        1 => Tiler::Under,
        2 if depth > 0 => Tiler::Tuple((0..r.below(4)).map(|_| tiler(r, depth - 1)).collect()),
        _ => Tiler::Layout(layout(r)),
    }
}

fn coord(r: &mut Rng, depth: usize) -> Coord {
    match r.below(4) {
        0 => Coord::Under,
        1 if depth > 0 => Coord::Tuple((0..r.below(4)).map(|_| coord(r, depth - 1)).collect()),
        _ => Coord::Int(leaf(r, false)),
    }
}

/// Runs `f`, recording a panic together with the inputs that caused it.
fn guard(fails: &mut Vec<String>, what: &str, f: impl FnOnce()) {
    if catch_unwind(AssertUnwindSafe(f)).is_err() {
        fails.push(what.to_string());
    }
}

#[test]
fn constructors_refuse_non_congruent_layouts() {
    let mut r = Rng(0x5EED);
    for _ in 0..2000 {
        let s = int_tuple(&mut r, 3, false);
        let st = int_tuple(&mut r, 3, true);
        let congruent = s.congruent(&st);
        assert_eq!(
            DynLayout::new(s.clone(), st.clone()).is_ok(),
            congruent,
            "{s}:{st}"
        );
        let text = format!("{s}:{st}");
        assert_eq!(text.parse::<DynLayout>().is_ok(), congruent, "{text}");
        assert_eq!(d::eval(&text).is_ok(), congruent, "{text}");
    }
}

#[test]
fn gcd_of_extremes_does_not_overflow() {
    for (a, b) in [
        (i64::MIN, -1),
        (-1, i64::MIN),
        (i64::MIN, i64::MIN),
        (i64::MIN, 0),
    ] {
        for st in [true, false] {
            let _ = DInt::new(a, st).gcd(DInt::new(b, st));
        }
    }
    assert_eq!(DInt::stat(i64::MIN).gcd(DInt::stat(-1)).unwrap().value, -1);
}

#[test]
fn algebra_never_panics() {
    let mut r = Rng(0xC0FFEE);
    let mut fails = Vec::new();
    for n in 0..3000 {
        let (a, b) = (layout(&mut r), layout(&mut r));
        let (t, u) = (int_tuple(&mut r, 3, true), int_tuple(&mut r, 3, true));
        let tl = tiler(&mut r, 2);
        let c = coord(&mut r, 3);
        let i = leaf(&mut r, false).value;
        let what = format!("a={a} b={b} t={t} u={u} tiler={tl} coord={c:?} i={i}");
        // TRACE=1 names each case before it runs, to find one that does not finish.
        if std::env::var("TRACE").is_ok() {
            eprintln!("{n} {what}");
        }
        guard(&mut fails, &what, || {
            let _ = (
                a.size(),
                a.cosize(),
                a.coshape(),
                a.flatten(),
                a.rank(),
                a.depth(),
            );
            let _ = (a.index(i), a.crd2idx(&t), a.eval(&t), a.slice(&c));
            if a.size().is_ok_and(|n| n.value.unsigned_abs() <= 256) {
                let _ = a.table(); // bounded, but slow in debug builds for large layouts
            }
            let _ = (
                a.mode(r.below(4)),
                a.modes(),
                a.get_path(&[r.below(3), r.below(3)]),
            );
            let _ = (
                a.take(r.below(4), r.below(5)),
                a.select(&[r.below(4), r.below(4)]),
            );
            let _ = a.group(r.below(4), r.below(5));
            let _ = (
                d::coalesce(&a),
                d::coalesce_by(&a, &t),
                d::filter(&a),
                d::filter_zeros(&a),
            );
            let _ = (d::complement(&a), d::complement_to(&a, &t));
            let _ = (d::composition(&a, &b), d::composition_tiler(&a, &tl));
            let _ = (d::logical_divide(&a, &tl), d::zipped_divide(&a, &tl));
            let _ = (d::tiled_divide(&a, &tl), d::flat_divide(&a, &tl));
            let _ = (d::logical_product(&a, &tl), d::zipped_product(&a, &tl));
            let _ = (d::tiled_product(&a, &tl), d::flat_product(&a, &tl));
            let _ = (d::blocked_product(&a, &b), d::raked_product(&a, &b));
            let _ = (
                d::right_inverse(&a),
                d::left_inverse(&a),
                d::make_fragment_like(&a),
            );
            let _ = (d::max_common_layout(&a, &b), d::max_common_vector(&a, &b));
            let _ = (d::make_identity_layout(&t), d::make_ordered_layout(&t, &u));
            let _ = (
                DynLayout::col_major(t.clone()),
                DynLayout::row_major(t.clone()),
            );
            let _ = d::crd2idx(&t, a.shape(), a.stride());
        });
        guard(&mut fails, &what, || {
            let _ = (
                t.size(),
                t.sum(),
                t.flatten(),
                t.ceil_div(&u),
                t.coalesce_shape(),
            );
            let _ = (
                t.prefix_product(),
                t.basis_like(),
                t.compatible(&u),
                t.congruent(&u),
            );
            let _ = (
                t.compact_col_major(leaf(&mut r, false)),
                t.compact_row_major(leaf(&mut r, false)),
            );
            let _ = (
                t.clone().append_to(r.below(5), &u),
                t.repeat_like(&u),
                t.clone().unwrap_rank1(),
            );
            let _ = (
                t.get_path(&[r.below(3)]),
                t.take(r.below(3), r.below(4)),
                t.group(1, 2),
            );
            let _ = (
                d::shape_div(&t, &u),
                d::inner_product(&t, &u),
                d::idx2crd(&t, &u),
            );
            let _ = (
                d::crd2idx_colex(&t, &u),
                d::elem_less(&t, &u),
                d::compatible(&t, &u),
            );
            let _ = (
                d::evenly_divides(&t, &u),
                d::weakly_congruent(&t, &u),
                d::congruent(&t, &u),
            );
        });
        let (x, y) = (leaf(&mut r, true), leaf(&mut r, true));
        guard(&mut fails, &format!("x={x} y={y}"), || {
            let _ = (
                x.try_add(y),
                x.try_sub(y),
                x.try_mul(y),
                x.try_div(y),
                x.try_rem(y),
            );
            let _ = (
                x.ceil_div(y),
                x.abs(),
                x.signum(),
                x.min(y),
                x.max(y),
                x.gcd(y),
            );
            let _ = (x.try_neg(), x.divmod(y), x.eq(y), x.lt(y));
        });
    }
    assert!(
        fails.is_empty(),
        "{} panics:\n{}",
        fails.len(),
        fails.join("\n")
    );
}

#[test]
fn cli_evaluator_never_panics() {
    let mut r = Rng(0xBADC0DE);
    let mut fails = Vec::new();
    for _ in 0..4000 {
        let op = OPERATIONS[r.below(OPERATIONS.len())];
        let name = op.split('<').next().unwrap();
        let targs = if op.contains('<') || r.chance(0.05) {
            let n = 1 + r.below(3);
            let v: Vec<String> = (0..n).map(|_| r.below(5).to_string()).collect();
            format!("<{}>", v.join(","))
        } else {
            String::new()
        };
        let args: Vec<String> = (0..1 + r.below(3))
            .map(|_| match r.below(4) {
                0 => int_tuple(&mut r, 3, true).to_string(),
                1 => tiler(&mut r, 2).to_string(),
                _ => layout(&mut r).to_string(),
            })
            .collect();
        let expr = format!("{name}{targs}({})", args.join(", "));
        guard(&mut fails, &expr, || {
            let _ = d::eval(&expr);
        });
    }
    assert!(
        fails.is_empty(),
        "{} panics:\n{}",
        fails.len(),
        fails.join("\n")
    );
}
