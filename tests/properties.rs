//! Property tests of CuTe's documented post-conditions on many random layouts, through
//! the runtime algebra (which agrees with the typed algebra on every oracle case).
//!
//! CuTe checks composition's divisibility conditions only weakly (`stride < extent`
//! passes), so `R(c) = A(B(c))` is only promised for admissible inputs. The algebraic
//! properties are therefore checked on power-of-two layouts, where every pair of
//! extents and strides divides one way or the other; arbitrary inputs are covered by
//! agreement with CuTe's own answers (the oracle tests).

use cutlet::dynamic::{
    DInt, DynLayout, Error, IntTuple, Tiler, coalesce, complement_to, composition, flat_divide,
    left_inverse, logical_divide, logical_product, make_fragment_like, right_inverse, tiled_divide,
    zipped_divide, zipped_product,
};
use proptest::prelude::*;

fn leaf(v: i64) -> IntTuple {
    IntTuple::Int(DInt::stat(v))
}

/// Group a flat list of leaves into a random hierarchy (depth up to 2).
fn nest(leaves: Vec<IntTuple>, cuts: &[usize]) -> IntTuple {
    if leaves.len() == 1 {
        return leaves.into_iter().next().unwrap();
    }
    let mut out = Vec::new();
    let mut i = 0;
    for &c in cuts {
        let c = c.max(1);
        if i >= leaves.len() {
            break;
        }
        let end = (i + c).min(leaves.len());
        let group: Vec<IntTuple> = leaves[i..end].to_vec();
        out.push(if group.len() == 1 {
            group.into_iter().next().unwrap()
        } else {
            IntTuple::Tuple(group)
        });
        i = end;
    }
    if i < leaves.len() {
        out.extend(leaves[i..].iter().cloned());
    }
    IntTuple::Tuple(out)
}

/// Any layout: extents 1..=8, strides -4..=32 (zero and negative included).
fn any_layout() -> impl Strategy<Value = DynLayout> {
    (1usize..=5)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec(1i64..=8, n),
                proptest::collection::vec(-4i64..=32, n),
                proptest::collection::vec(1usize..=3, n),
            )
        })
        .prop_map(|(s, d, cuts)| {
            DynLayout::new(
                nest(s.into_iter().map(leaf).collect(), &cuts),
                nest(d.into_iter().map(leaf).collect(), &cuts),
            )
            .unwrap()
        })
}

/// A layout from flat extents and strides, grouped into a random hierarchy.
fn build(s: Vec<i64>, d: Vec<i64>, cuts: &[usize]) -> DynLayout {
    DynLayout::new(
        nest(s.into_iter().map(leaf).collect(), cuts),
        nest(d.into_iter().map(leaf).collect(), cuts),
    )
    .unwrap()
}

/// Compact strides over the modes in `order`, each preceded by a gap factor.
fn permuted_strides(s: &[i64], order: &[usize], gaps: &[i64]) -> Vec<i64> {
    let mut d = vec![0i64; s.len()];
    let mut cur = 1;
    for (&m, g) in order.iter().zip(gaps) {
        cur *= g;
        d[m] = cur;
        cur *= s[m];
    }
    d
}

/// An injective layout: a compact layout of permuted modes with gaps between them.
fn injective_layout() -> impl Strategy<Value = DynLayout> {
    (1usize..=4)
        .prop_flat_map(|n| {
            (
                proptest::collection::vec(1i64..=6, n),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec(1i64..=3, n),
                proptest::collection::vec(1usize..=2, n),
            )
        })
        .prop_map(|(s, order, gaps, cuts)| {
            let d = permuted_strides(&s, &order, &gaps);
            build(s, d, &cuts)
        })
}

/// An injective layout with power-of-two extents and gaps.
fn pow2_injective() -> impl Strategy<Value = DynLayout> {
    pow2_injective_with(4, 2)
}

/// A small injective power-of-two layout, to tile with.
fn pow2_tiler() -> impl Strategy<Value = DynLayout> {
    pow2_injective_with(2, 1)
}

fn pow2_injective_with(modes: usize, max_exp: u32) -> impl Strategy<Value = DynLayout> {
    (1usize..=modes)
        .prop_flat_map(move |n| {
            (
                proptest::collection::vec(0u32..=max_exp, n),
                Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
                proptest::collection::vec(0u32..=1, n),
                proptest::collection::vec(1usize..=2, n),
            )
        })
        .prop_map(|(e, order, g, cuts)| {
            let s: Vec<i64> = e.iter().map(|&x| 1 << x).collect();
            let gaps: Vec<i64> = g.iter().map(|&x| 1 << x).collect();
            let d = permuted_strides(&s, &order, &gaps);
            build(s, d, &cuts)
        })
}

/// A power-of-two injective layout A and a tiler B whose codomain lies in A's domain
/// (cosize(B) <= size(A)); A gets an outer mode of the missing power of two where it is
/// too small, so no case is rejected.
fn tiled_pair() -> impl Strategy<Value = (DynLayout, DynLayout)> {
    (pow2_injective(), pow2_tiler()).prop_map(|(a, b)| {
        let (need, have) = (b.cosize().unwrap().value, size(&a));
        if need <= have {
            return (a, b);
        }
        let ext = (need as u64).div_ceil(have as u64).next_power_of_two() as i64;
        let outer = DynLayout::new(
            IntTuple::stat(ext),
            IntTuple::stat((a.cosize().unwrap().value as u64).next_power_of_two() as i64),
        )
        .unwrap();
        (DynLayout::concat(vec![a, outer]), b)
    })
}

fn size(l: &DynLayout) -> i64 {
    l.size().unwrap().value
}

fn eval(l: &DynLayout, i: i64) -> i64 {
    l.index(i).unwrap()
}

fn image(l: &DynLayout) -> Vec<i64> {
    (0..size(l)).map(|i| eval(l, i)).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// coalesce keeps the size and the function, and has depth at most 1.
    #[test]
    fn coalesce_keeps_function(l in any_layout()) {
        let c = coalesce(&l).unwrap();
        prop_assert_eq!(size(&c), size(&l));
        prop_assert!(c.depth() <= 1);
        for i in 0..size(&l) {
            prop_assert_eq!(eval(&c, i), eval(&l, i), "{} vs {}", l, c);
        }
    }

    /// composition: R(c) = A(B(c)) on B's domain, and R is compatible with B.
    #[test]
    fn composition_composes((a, b) in tiled_pair()) {
        let r = composition(&a, &b).unwrap();
        prop_assert!(b.shape().compatible(r.shape()), "{} o {} = {}", a, b, r);
        for i in 0..size(&b) {
            prop_assert_eq!(eval(&r, i), eval(&a, eval(&b, i)), "{} o {} = {}", a, b, r);
        }
    }

    /// On arbitrary layouts composition either succeeds or is rejected for one of
    /// CuTe's divisibility conditions, never anything else.
    #[test]
    fn composition_fails_only_for_divisibility(a in any_layout(), b in any_layout()) {
        match composition(&a, &b) {
            Ok(r) => prop_assert!(b.shape().compatible(r.shape())),
            Err(Error::IllFormed(m)) => prop_assert!(m.contains("divisibility"), "{}", m),
            Err(e) => prop_assert!(false, "{}", e),
        }
    }

    /// complement: disjoint from the input, increasing, and (A, A*) covers the cotarget.
    #[test]
    fn complement_is_disjoint_ordered_and_covers(a in injective_layout(), k in 1i64..=3) {
        let cotarget = a.cosize().unwrap().value * k;
        let c = complement_to(&a, &IntTuple::stat(cotarget)).unwrap();
        let img_a = image(&a);
        let img_c = image(&c);
        for (i, &x) in img_c.iter().enumerate().skip(1) {
            prop_assert!(!img_a.contains(&x), "{} and its complement {} share {}", a, c, x);
            prop_assert!(x > img_c[i - 1], "complement {} of {} is not increasing", c, a);
        }
        let both = DynLayout::concat(vec![a.clone(), c.clone()]);
        let mut all = image(&both);
        all.sort();
        all.dedup();
        for x in 0..cotarget {
            prop_assert!(all.binary_search(&x).is_ok(), "({}, {}) misses {}", a, c, x);
        }
    }

    /// right_inverse: L(R(i)) = i; left_inverse of an injective L: R(L(i)) = i.
    #[test]
    fn inverses_invert(l in any_layout(), inj in injective_layout()) {
        let r = right_inverse(&l).unwrap();
        for i in 0..size(&r) {
            prop_assert_eq!(eval(&l, eval(&r, i)), i, "{} right inverse {}", l, r);
        }
        let li = left_inverse(&inj).unwrap();
        for i in 0..size(&inj) {
            prop_assert_eq!(eval(&li, eval(&inj, i)), i, "{} left inverse {}", inj, li);
        }
    }

    /// logical_divide(A, B) by CuTe's post-conditions, not by its formula: the result
    /// has rank 2; mode 0 is the tile, `A o B` pointwise, of size(B) elements; mode 1
    /// counts the tiles, size(A) / size(B) of them; the result enumerates exactly A's
    /// offsets (the same multiset, so every element of A lies in exactly one tile); and
    /// in A's domain every tile is B's pattern translated: A⁻¹(R(i, j)) − A⁻¹(R(0, j))
    /// = B(i).
    #[test]
    fn logical_divide_postconditions((a, b) in tiled_pair()) {
        let tiler = Tiler::Layout(b.clone());
        let d = logical_divide(&a, &tiler).unwrap();
        let ctx = format!("logical_divide({a}, {b}) = {d}");
        prop_assert_eq!(d.rank(), 2, "{}", ctx);
        prop_assert_eq!(size(&d), size(&a), "{}", ctx);
        let (tile, rest) = (d.mode(0).unwrap(), d.mode(1).unwrap());
        prop_assert_eq!(size(&tile), size(&b), "{}", ctx);
        prop_assert_eq!(size(&rest) * size(&b), size(&a), "{}", ctx);
        for i in 0..size(&b) {
            prop_assert_eq!(eval(&tile, i), eval(&a, eval(&b, i)), "{}", ctx);
        }
        let mut img_d = image(&d);
        let mut img_a = image(&a);
        img_d.sort_unstable();
        img_a.sort_unstable();
        prop_assert_eq!(&img_d, &img_a, "{}", ctx);
        // A is injective: invert it on its image.
        let inv: std::collections::HashMap<i64, i64> =
            image(&a).into_iter().enumerate().map(|(i, x)| (x, i as i64)).collect();
        let at = |i: i64, j: i64| {
            let c = IntTuple::Tuple(vec![IntTuple::Int(DInt::dynamic(i)), IntTuple::Int(DInt::dynamic(j))]);
            d.crd2idx(&c).unwrap().value
        };
        for j in 0..size(&rest) {
            let origin = inv[&at(0, j)];
            for i in 0..size(&b) {
                prop_assert_eq!(inv[&at(i, j)] - origin, eval(&b, i), "{} tile {}", ctx, j);
            }
        }
    }

    /// The zipped, tiled and flat divides rearrange logical_divide's modes: by a layout
    /// tiler they are the same function of the linear index, with the same size,
    /// cosize and tile mode.
    #[test]
    fn divides_rearrange_the_same_modes((a, b) in tiled_pair()) {
        let tiler = Tiler::Layout(b.clone());
        let d = logical_divide(&a, &tiler).unwrap();
        let img = image(&d);
        let zipped = zipped_divide(&a, &tiler).unwrap();
        prop_assert_eq!(zipped.mode(0).unwrap(), d.mode(0).unwrap());
        for f in [zipped_divide, tiled_divide, flat_divide] {
            let e = f(&a, &tiler).unwrap();
            prop_assert_eq!(size(&e), size(&d));
            prop_assert_eq!(e.cosize().unwrap(), d.cosize().unwrap());
            prop_assert_eq!(&image(&e), &img, "{} vs {}", e, d);
        }
    }

    /// Products: size(A x B) = size(A) * size(B); mode 0 is A itself; the product mode
    /// lies after A (disjoint); zipped keeps size and cosize.
    #[test]
    fn products_multiply_size(a in pow2_injective(), b in pow2_tiler()) {
        let tiler = Tiler::Layout(b.clone());
        let p = logical_product(&a, &tiler).unwrap();
        prop_assert_eq!(size(&p), size(&a) * size(&b));
        prop_assert_eq!(p.mode(0).unwrap(), a.clone());
        let img_a = image(&a);
        let m1 = p.mode(1).unwrap();
        for (i, x) in image(&m1).into_iter().enumerate().skip(1) {
            prop_assert!(!img_a.contains(&x) || x == 0, "{} x {} = {} (mode 1 at {})", a, b, p, i);
        }
        let z = zipped_product(&a, &tiler).unwrap();
        prop_assert_eq!(size(&z), size(&p));
        prop_assert_eq!(z.cosize().unwrap(), p.cosize().unwrap());
    }

    /// Display round-trips through the parser.
    #[test]
    fn display_round_trips(l in any_layout()) {
        let back: DynLayout = l.to_string().parse().unwrap();
        prop_assert_eq!(back, l);
    }
    /// make_fragment_like: same size, compact (a bijection onto 0..size), mode 0
    /// column-major and innermost.
    #[test]
    fn fragment_like_is_compact_with_mode0_first(l in injective_layout()) {
        let f = make_fragment_like(&l).unwrap();
        prop_assert_eq!(size(&f), size(&l));
        let mut img = image(&f);
        img.sort_unstable();
        prop_assert_eq!(img, (0..size(&l)).collect::<Vec<_>>(), "{} -> {}", l, f);
        if l.rank() > 1 {
            let m0 = f.mode(0).unwrap();
            prop_assert_eq!(m0.shape().clone(), l.mode(0).unwrap().shape().clone());
            for i in 0..size(&m0) {
                prop_assert_eq!(eval(&m0, i), i, "{} -> {}", l, f);
            }
        }
    }
}
