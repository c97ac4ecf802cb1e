//! Tensors: the seed examples (CuTe's tensor tutorial) reproduced exactly, and the
//! algorithms compared with naive references on random shapes and layouts.

use cutlet::dynamic::{DynLayout, IntTuple};
use cutlet::prelude::*;
use cutlet::tensor::OwnedTensor;
use proptest::prelude::*;

/// The seed's `A = ((_3,2),(2,_5,_2)):((4,1),(_2,13,100))` over real data: every slice
/// has the documented layout and reads the elements the full tensor reads.
#[test]
fn seed_slicing() {
    let data: Vec<i64> = (0..1000).collect();
    let (two, four, one, thirteen, hundred) = (2, 4, 1, 13, 100);
    let a = make_tensor(
        &data[..],
        layout!(((3, two), (two, 5, 2)):((four, one), (2, thirteen, hundred))),
    );
    assert_eq!(
        a.layout().to_string(),
        "((_3,2),(2,_5,_2)):((4,1),(_2,13,100))"
    );

    let b = a.slice(coord!((2, _)));
    assert_eq!(b.layout().to_string(), "((2,_5,_2)):((_2,13,100))");
    let c = a.slice(coord!((_, 5)));
    assert_eq!(c.layout().to_string(), "((_3,2)):((4,1))");
    let d = a.slice(coord!(((_, _), 5)));
    assert_eq!(d.layout().to_string(), "(_3,2):(4,1)");
    let e = a.slice(coord!(((_, 1), (0, _, 1))));
    assert_eq!(e.layout().to_string(), "(_3,_5):(4,13)");
    let f = a.slice(coord!(((2, _), (_, 3, _))));
    assert_eq!(f.layout().to_string(), "(2,2,_2):(1,_2,100)");

    // E(i, j) is A((i, 1), (0, j, 1)).
    for i in 0..3isize {
        for j in 0..5isize {
            assert_eq!(e.get((i, j)), a.get(((i, 1isize), (0isize, j, 1isize))));
        }
    }
    // F(p, q, r) is A((2, p), (q, 3, r)).
    for p in 0..2isize {
        for q in 0..2isize {
            for r in 0..2isize {
                assert_eq!(f.get((p, q, r)), a.get(((2isize, p), (q, 3isize, r))));
            }
        }
    }
}

/// The seed's tensor construction and access: natural coordinates, transposition via
/// `B(n, m) = A(m, n)`, 1-D copy.
#[test]
fn seed_access() {
    let mut a = make_owned_tensor::<f32>(layout!(((4, 5), 13):((12, 1), 64)));
    for m0 in 0..4isize {
        for m1 in 0..5isize {
            for n in 0..13isize {
                a[((m0, m1), n)] = (n + 2 * m0) as f32;
            }
        }
    }
    let mut b_data = vec![0f32; 13 * 20];
    let (m, n) = (13, 20);
    let mut b = make_tensor(&mut b_data[..], make_layout(shape!((m, n))));
    for m in 0..20isize {
        for n in 0..13isize {
            b[(n, m)] = a[(m, n)];
        }
    }
    assert_eq!(b[(5isize, 7isize)], a[(7isize, 5isize)]);
    // size_of: a static-layout owning tensor is just its storage (cosize 13*64 floats).
    assert_eq!(core::mem::size_of_val(&a), 4 * (12 * 3 + 4 + 12 * 64 + 1));
}

/// The seed's partitions of `A = make_tensor(ptr, (8,24))` by `(4,8)` tiles.
#[test]
fn seed_partitions() {
    let data: Vec<i32> = (0..192).collect();
    let (m, n) = (8, 24);
    let a = make_tensor(&data[..], make_layout(shape!((m, n))));
    let tiled = a.zipped_divide(shape!((4, 8)));
    assert_eq!(
        tiled.layout().to_string(),
        "((_4,_8),(2,3)):((_1,8),(_4,64))"
    );

    // Inner partition: threadgroup (1, 2) takes a whole 4x8 tile.
    let cta = tiled.slice(((X, X), (1isize, 2isize)));
    assert_eq!(cta.layout().to_string(), "(_4,_8):(_1,8)");
    let cta2 = local_tile(a, shape!((4, 8)), (1isize, 2isize));
    assert_eq!(cta2.layout().to_string(), cta.layout().to_string());
    for i in 0..4isize {
        for j in 0..8isize {
            assert_eq!(cta.get((i, j)), a.get((4 + i, 16 + j)));
            assert_eq!(cta2.get((i, j)), cta.get((i, j)));
        }
    }
    // Outer partition: thread 13 takes one element of every tile.
    let thr = tiled.slice((13isize, (X, X)));
    assert_eq!(thr.layout().to_string(), "(2,3):(_4,64)");
    let thr2 = outer_partition(a, shape!((4, 8)), 13isize);
    assert_eq!(thr2.layout().to_string(), thr.layout().to_string());
    let (ti, tj) = (13 % 4, 13 / 4);
    for p in 0..2isize {
        for q in 0..3isize {
            assert_eq!(thr.get((p, q)), a.get((4 * p + ti, 8 * q + tj)));
            assert_eq!(thr2.get((p, q)), thr.get((p, q)));
        }
    }
}

/// The seed's thread-value partition: 8 threads x 4 values onto a row-major 4x8 tile.
#[test]
fn seed_tv_layout() {
    let mut a = make_owned_tensor::<i32>(make_layout_major(shape!((4, 8)), LayoutRight));
    for i in 0..32usize {
        a[i] = i as i32;
    }
    let tv_layout = layout!(((2, 4), (2, 2)):((8, 1), (4, 16)));
    let tv = a.view().compose(tv_layout);
    assert_eq!(rank(tv.shape()).to_string(), "_2");
    assert_eq!(size(tv.shape()).to_string(), "_32");
    let mut seen = [false; 32];
    for t in 0..8isize {
        let v = tv.slice((t, X));
        assert_eq!(size(v.shape()).to_string(), "_4");
        for j in 0..4isize {
            // Thread t's value j is A at the 1-D coordinate tv_layout(t, j).
            let one_d = tv_layout.call((t, j)).value();
            assert_eq!(v.get(j), a.get(one_d));
            seen[one_d as usize] = true;
        }
    }
    assert!(
        seen.iter().all(|&s| s),
        "every element belongs to exactly one (thread, value)"
    );
}

/// The seed's copies of gmem subtiles into register tensors.
#[test]
fn seed_copy_subtiles() {
    let data: Vec<f32> = (0..128).map(|x| x as f32).collect();
    let sixteen = 16;
    let gmem = make_tensor(&data[..], make_layout(shape!((8, sixteen))));
    let mut rmem = make_tensor_like(&gmem.slice(coord!((_, 0))));
    assert_eq!(rmem.layout().to_string(), "(_8):(_1)");
    for j in 0..16isize {
        copy(&gmem.slice((X, j)), &mut rmem);
        assert_eq!(rmem.get(3isize), data[(3 + 8 * j) as usize]);
    }

    let data: Vec<f32> = (0..24 * 16).map(|x| x as f32).collect();
    let (m, n) = (24, 16);
    let gmem = make_tensor(&data[..], make_layout(shape!((m, n))));
    let tiled = gmem.zipped_divide(shape!((8, 4)));
    let mut rmem = make_tensor_like(&tiled.slice((X, 0isize)));
    assert_eq!(rmem.layout().to_string(), "((_8,_4)):((_1,_8))");
    for j in 0..size(tiled.shape()).value() / 32 {
        copy(&tiled.slice((X, j)), &mut rmem);
        for i in 0..32isize {
            assert_eq!(rmem.get(i), tiled.get((i, j)));
        }
    }
}

/// `make_layout_fragment_like` on typed layouts (static, nested, zero and mixed strides,
/// dynamic shapes) agrees with the runtime `make_fragment_like`, which follows CuTe's
/// definition step by step; static results are zero-sized.
#[test]
fn fragment_like_typed_agrees_with_runtime() {
    fn check<L: Layout>(l: L, f: impl core::fmt::Display) {
        let src: DynLayout = l.to_string().parse().unwrap();
        let want = cutlet::dynamic::make_fragment_like(&src).unwrap();
        assert_eq!(f.to_string(), want.to_string(), "make_fragment_like({l})");
    }
    macro_rules! cases {
        ($($l:expr),* $(,)?) => {$(
            let l = $l;
            check(l, make_layout_fragment_like(l));
        )*};
    }
    let (m, s) = (6, 40);
    cases!(
        layout!(8:2),
        layout!((8):(3)),
        layout!((4,8):(1,4)),
        layout!((4,8):(8,1)),
        layout!((4,8):(0,1)),
        layout!((2,3,4):(12,4,1)),
        layout!((2,3,4):(1,8,2)),
        layout!((4,2,3):(0,3,1)),
        layout!(((2,2),4,8):((1,64),8,256)),
        layout!(((2,2),(4,2)):((32,1),(2,64))),
        layout!(((2,2),4):((0,8),1)),
        layout!(((2,3),(3,2),4):((1,24),(4,2),-1)),
        layout!(((4,2),2,2,3):((1,96),8,4,32)),
        layout!((2,2,2,2,2):(16,8,4,2,1)),
        layout!((4,8):(s,1)),
        layout!((4,8,2):(1,s,2)),
        layout!((m,8):(8,1)),
        layout!((4,m):(1,4)),
    );
    let frag = make_layout_fragment_like(layout!(((2,2),4,8):((1,64),8,256)));
    assert_eq!(core::mem::size_of_val(&frag), 0);
}

/// `make_fragment_like(tensor)`: an owning tensor sized at compile time that takes a
/// copy of the source element for element.
#[test]
fn fragment_like_holds_a_copy() {
    let data: Vec<i32> = (0..2048).collect();
    let src = make_tensor(&data[..], layout!(((2, 2), 4, 8):((1, 64), 8, 256)));
    let mut frag = make_fragment_like(&src);
    assert_eq!(core::mem::size_of_val(&frag), 128 * 4);
    copy(&src, &mut frag);
    for i in 0..128isize {
        assert_eq!(frag.get(i), src.get(i));
    }
    // Mode 0 is innermost and contiguous in the fragment.
    assert_eq!(Cute(frag.layout().stride().0).to_string(), "(_1,_2)");
}

/// The seed's identity tensors.
#[test]
fn seed_identity_tensors() {
    let show = |it: Vec<String>| it.join(",");
    let t = make_identity_tensor(shape!(6));
    assert_eq!(
        show(t.iter().map(|c| Cute(c).to_string()).collect()),
        "0,1,2,3,4,5"
    );
    let t = make_identity_tensor(shape!((3, 2)));
    assert_eq!(
        show(t.iter().map(|c| Cute(c).to_string()).collect()),
        "(0,0),(1,0),(2,0),(0,1),(1,1),(2,1)"
    );
}

/// Owning tensors are exactly their storage; static layouts are zero-sized.
#[test]
fn owned_tensor_sizes() {
    static_assertions::assert_eq_size!(OwnedTensor<f32, layout_t!((4, 8):(1, 4))>, [f32; 32]);
    assert_eq!(
        core::mem::size_of_val(&make_owned_tensor::<f32>(layout!((4, 8)))),
        128
    );
    assert_eq!(
        core::mem::size_of_val(&make_owned_tensor::<u8>(layout!((2, 2):(1, 4)))),
        6
    );
    static_assertions::assert_eq_size!(layout_t!((2, (2, 2)):(4, (2, 1))), ());
}

/// A random layout of a fixed structure `((m0, m1), n)` with dynamic extents and
/// strides (possibly padded or permuted).
fn nested_layout() -> impl Strategy<Value = ((isize, isize, isize), (isize, isize, isize))> {
    (1isize..=4, 1isize..=4, 1isize..=5, 0usize..6, 0isize..3).prop_map(|(m0, m1, n, perm, pad)| {
        let ext = [m0, m1, n];
        let orders = [
            [0, 1, 2],
            [0, 2, 1],
            [1, 0, 2],
            [1, 2, 0],
            [2, 0, 1],
            [2, 1, 0],
        ];
        let mut d = [0isize; 3];
        let mut cur = 1;
        for &k in &orders[perm] {
            d[k] = cur;
            cur *= ext[k] + pad;
        }
        ((m0, m1, n), (d[0], d[1], d[2]))
    })
}

fn storage_len(s: (isize, isize, isize), d: (isize, isize, isize)) -> usize {
    ((s.0 - 1) * d.0 + (s.1 - 1) * d.1 + (s.2 - 1) * d.2 + 1) as usize
}

fn dyn_offsets(s: (isize, isize, isize), d: (isize, isize, isize)) -> Vec<usize> {
    let l: DynLayout = format!("(({},{}),{}):(({},{}),{})", s.0, s.1, s.2, d.0, d.1, d.2)
        .parse()
        .unwrap();
    (0..l.size().unwrap().value)
        .map(|i| l.index(i).unwrap() as usize)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// copy, copy_if, axpby, fill and clear agree with loops over the runtime layout's
    /// offsets, for random (dynamic, hierarchical) layouts of the same shape.
    #[test]
    fn elementwise_algorithms_match_reference(
        (s, d1) in nested_layout(),
        perm in 0usize..6,
        pad in 0isize..3,
        seed in 0u64..1000,
    ) {
        // A second layout of the same shape with other strides.
        let ext = [s.0, s.1, s.2];
        let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut d2 = [0isize; 3];
        let mut cur = 1;
        for &k in &orders[perm] {
            d2[k] = cur;
            cur *= ext[k] + pad;
        }
        let d2 = (d2[0], d2[1], d2[2]);
        let src: Vec<f64> = (0..storage_len(s, d1)).map(|i| ((i as u64 * 2654435761 + seed) % 1000) as f64).collect();
        let mut dst = vec![-1.0f64; storage_len(s, d2)];
        let (o1, o2) = (dyn_offsets(s, d1), dyn_offsets(s, d2));

        let ts = make_tensor(&src[..], StridedLayout::new(((s.0, s.1), s.2), ((d1.0, d1.1), d1.2)));
        let l2 = StridedLayout::new(((s.0, s.1), s.2), ((d2.0, d2.1), d2.2));
        copy(&ts, &mut make_tensor(&mut dst[..], l2));
        for (a, b) in o1.iter().zip(&o2) {
            prop_assert_eq!(dst[*b], src[*a]);
        }

        let pred: Vec<bool> = (0..o1.len()).map(|i| (i as u64 + seed).is_multiple_of(3)).collect();
        let mut dst2 = vec![-1.0f64; storage_len(s, d2)];
        let tp = make_tensor(&pred[..], make_layout(shape!((({s.0}, {s.1}), {s.2}))));
        copy_if(&tp, &ts, &mut make_tensor(&mut dst2[..], l2));
        for (i, (a, b)) in o1.iter().zip(&o2).enumerate() {
            prop_assert_eq!(dst2[*b], if pred[i] { src[*a] } else { -1.0 });
        }

        let mut y = dst.clone();
        axpby(2.0, &ts, 0.5, &mut make_tensor(&mut y[..], l2));
        for (a, b) in o1.iter().zip(&o2) {
            prop_assert_eq!(y[*b], 2.0 * src[*a] + 0.5 * dst[*b]);
        }

        let mut z = vec![3.0f64; storage_len(s, d2)];
        fill(&mut make_tensor(&mut z[..], l2), 7.0);
        for b in &o2 {
            prop_assert_eq!(z[*b], 7.0);
        }
        clear(&mut make_tensor(&mut z[..], l2));
        for b in &o2 {
            prop_assert_eq!(z[*b], 0.0);
        }
    }
}

/// The element types the static algorithms are used with (register tiles).
trait El:
    Copy
    + Default
    + PartialEq
    + core::fmt::Debug
    + core::ops::Add<Output = Self>
    + core::ops::Mul<Output = Self>
{
    const ONE: Self;
    fn small(k: u8) -> Self;
}
macro_rules! el {
    ($($t:ty: $one:expr, $from:expr;)*) => {$(
        impl El for $t {
            const ONE: Self = $one;
            fn small(k: u8) -> Self {
                ($from)(k)
            }
        }
    )*};
}
el! {
    f32: 1.0, f32::from;
    f64: 1.0, f64::from;
    i8: 1, |k| k as i8;
    i32: 1, i32::from;
    u64: 1, u64::from;
    half::f16: half::f16::ONE, |k| half::f16::from_f32(f32::from(k));
    half::bf16: half::bf16::ONE, |k| half::bf16::from_f32(f32::from(k));
}

/// Static-layout algorithms (register tiles) on every element type family.
#[test]
fn static_algorithms_all_element_types() {
    fn run<T: El>() {
        let mut x = make_owned_tensor::<T>(layout!((4, (2, 2))));
        for i in 0..16usize {
            x[i] = T::small((i % 5) as u8);
        }
        let mut y = make_owned_tensor::<T>(layout!((4, (2, 2)):(4, (1, 2))));
        copy(&x, &mut y);
        for i in 0..16isize {
            assert_eq!(y.get(i), x.get(i));
        }
        axpby(T::ONE, &x, T::ONE, &mut y);
        for i in 0..16isize {
            assert_eq!(y.get(i), x.get(i) + x.get(i));
        }
        clear(&mut y);
        assert!(y.iter().all(|e| e == T::default()));
    }
    run::<f32>();
    run::<f64>();
    run::<i8>();
    run::<i32>();
    run::<u64>();
    run::<half::f16>();
    run::<half::bf16>();
}

/// Copies between a slice and owned storage give what element-by-element reads give,
/// for a contiguous source and a padded one.
#[test]
fn slice_copies_match_element_reads() {
    let src: Vec<f32> = (0..64).map(|x| x as f32).collect();
    let s = make_tensor(&src[..], layout!(((2, 4), 8):((1, 2), 8)));
    let mut a = make_owned_tensor::<f32>(layout!(((2, 4), 8)));
    let mut b = make_owned_tensor::<f32>(layout!(((2, 4), 8)));
    assert_eq!(
        max_common_vector(s.layout(), layout!(((2, 4), 8))).to_string(),
        "_64"
    );
    copy(&s, &mut a);
    for i in 0..64usize {
        b[i] = s.get(i);
    }
    assert!(a.iter().eq(b.iter()));
    // Padded rows: runs of 8.
    let padded: Vec<f32> = (0..80).map(|x| x as f32).collect();
    let p = make_tensor(&padded[..], layout!((8, 8):(1, 10)));
    assert_eq!(
        max_common_vector(p.layout(), layout!((8, 8))).to_string(),
        "_8"
    );
    let mut c = make_owned_tensor::<f32>(layout!((8, 8)));
    copy(&p, &mut c);
    for i in 0..8isize {
        for j in 0..8isize {
            assert_eq!(c[(i, j)], padded[(i + 10 * j) as usize]);
        }
    }
}

/// CuTe's `copy` goes by index, so matrices of one size but other extents (a (4,6)
/// into a (6,4), both dynamic) copy element `i` to element `i`, and a transposing copy
/// (column-major into row-major) moves every element, whichever order it walks.
#[test]
fn dynamic_matrix_copies_go_by_index() {
    let (m, n) = (4isize, 6isize);
    let a: Vec<i32> = (0..24).collect();
    let mut b = vec![-1; 24];
    copy(
        &make_tensor(&a[..], make_layout(shape!((m, n)))),
        &mut make_tensor(&mut b[..], make_layout(shape!((n, m)))),
    );
    assert_eq!(a, b);
    for (rows, cols) in [(1isize, 5isize), (5, 1), (7, 3), (3, 7)] {
        let a: Vec<i32> = (0..(rows * cols) as i32).collect();
        let mut t = vec![-1; a.len()];
        copy(
            &make_tensor(&a[..], StridedLayout::new((rows, cols), (1isize, rows))),
            &mut make_tensor(&mut t[..], StridedLayout::new((rows, cols), (cols, 1isize))),
        );
        for i in 0..rows {
            for j in 0..cols {
                assert_eq!(t[(i * cols + j) as usize], a[(i + j * rows) as usize]);
            }
        }
    }
    // An aliased destination, (3,3):(2,1): offset 2 is both (1,0) and (0,2), and in
    // index order (0,2) is written last.
    let n = 3isize;
    let a: Vec<i32> = (0..9).collect();
    let mut t = vec![-1; 7];
    copy(
        &make_tensor(&a[..], make_layout(shape!((n, n)))),
        &mut make_tensor(&mut t[..], StridedLayout::new((n, n), (2isize, 1isize))),
    );
    assert_eq!(t, [0, 3, 6, 4, 7, 5, 8]);
}

#[test]
#[should_panic(expected = "copy: the tensors have 32 and 16 elements")]
fn dynamic_copy_size_mismatch_panics() {
    let (a, mut b) = (vec![0f32; 32], vec![0f32; 32]);
    let (m, n) = (4, 8);
    copy(
        &make_tensor(&a[..], make_layout(shape!((m, n)))),
        &mut make_tensor(&mut b[..], make_layout(shape!((m, m)))),
    );
}

/// Typed tensors report their layouts as the runtime tree does.
#[test]
fn tensor_layouts_convert_to_runtime() {
    let data = [0u8; 64];
    let t = make_tensor(&data[..], layout!((8, 8):(8, 1))).zipped_divide(shape!((2, 4)));
    let d = DynLayout::from(t.layout());
    let want = cutlet::dynamic::zipped_divide(
        &"(_8,_8):(_8,_1)".parse().unwrap(),
        &"(_2,_4)".parse().unwrap(),
    )
    .unwrap();
    assert_eq!(d, want);
    let _ = IntTuple::stat(1);
}
