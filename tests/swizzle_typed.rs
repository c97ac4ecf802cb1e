//! The typed swizzle and composed-layout API against CuTe's answers (hand-picked cases;
//! the generated cases are `core/tests/typed_composed_oracle.rs`).
use cutlet::prelude::*;

#[test]
fn smoke() {
    let c = composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1)));
    assert_eq!(c.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    assert_eq!(core::mem::size_of_val(&c), 0);
    let t = tile_to_shape(c, shape!((128, 64)));
    assert_eq!(
        t.to_string(),
        "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"
    );
    let u = upcast::<8, _>(composition(
        Swizzle::<2, 4, 3>::new(),
        layout!((64,8):(1,64)),
    ));
    assert_eq!(u.to_string(), "Sw<2,1,3> o _0 o (_8,_8):(_1,_8)");
    assert_eq!(
        nullspace(layout!((4,(2,2),(3,1)):(1,(0,0),(0,7)))).to_string(),
        "(_2,_2,_3):(_4,_8,_16)"
    );
    assert_eq!(
        domain_distribute(shape!((3, 8, 2)), Int::<16>::new()).to_string(),
        "_16:_3"
    );
    let e = composition(Swizzle::<3, 3, 3>::new(), layout!((64,8):(1,64))).call(coord!((54, 6)));
    assert_eq!(e.to_string(), "_390");
    let z = composition(Swizzle::<0, 3, 3>::new(), layout!(((4,4,4)):((16,0,1))));
    assert_eq!(z.to_string(), "((_4,_4,_4)):((_16,_0,_1))");
    let r = recast_layout::<u32, u16, _>(make_composed_layout(
        Swizzle::<0, 4, 3>::new(),
        SmemPtrFlag::<16>::new(),
        layout!((8,8):(1,8)),
    ));
    assert_eq!(
        r.to_string(),
        "Sw<0,4,3> o smem_ptr[8b](unset) o (_16,_8):(_1,_16)"
    );
    let ld = logical_divide(
        composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1))),
        (layout!(2:4),),
    );
    assert_eq!(
        ld.to_string(),
        "Sw<3,3,3> o _0 o ((_2,_4),_64):((_256,_64),_1)"
    );
    let co = coalesce(tile_to_shape(
        composition(Swizzle::<1, 3, 3>::new(), layout!((8,16):(16,1))),
        shape!((16, 32)),
    ));
    assert_eq!(
        co.to_string(),
        "Sw<1,3,3> o _0 o (_16,_16,_2):(_16,_1,_256)"
    );
}

/// Every offset of a swizzled tile is hit exactly once (the swizzle is a bijection on
/// the tile), statically and dynamically alike.
#[test]
fn swizzled_atoms_are_bijections() {
    let a = tile_to_shape(Sm80_SmemAtom_K_SW128::default(), shape!((128, 64)));
    let mut seen = vec![false; 128 * 64];
    for m in 0..128isize {
        for k in 0..64isize {
            let o = a.call((m, k)) as usize;
            assert!(!seen[o]);
            seen[o] = true;
            // the swizzle only permutes 16-byte chunks within a 128-byte row
            assert_eq!(o / 64, m as usize % 8 + 8 * (m as usize / 8));
            assert_eq!(o % 8, k as usize % 8);
        }
    }
    const S: isize = <EvalT<Sm80_SmemAtom_K_SW128, (Int<3>, Int<14>)> as StaticValue>::VALUE;
    assert_eq!(S, 214);
    assert_eq!(core::mem::size_of::<Sm80_SmemAtom_K_SW128>(), 0);
}

/// A swizzled shared-memory tile as an owning tensor: write through the swizzle, read
/// back, copy in from a row-major global tile and out again, partition over threads.
#[test]
fn swizzled_smem_tensor() {
    let gdata: Vec<f32> = (0..32 * 64).map(|x| x as f32).collect();
    // a (32, 64) row-major global tile
    let g = make_tensor(&gdata[..], layout!((32,64):(64,1)));
    let atom = composition(Swizzle::<3, 2, 3>::new(), layout!((8,32):(32,1)));
    let sl = tile_to_shape(atom, shape!((32, 64)));
    let mut s = make_owned_tensor::<f32>(sl);
    assert_eq!(core::mem::size_of_val(&s), 32 * 64 * 4);
    copy(&g, &mut s);
    for m in 0..32isize {
        for k in 0..64isize {
            assert_eq!(s[(m, k)], (m * 64 + k) as f32);
            assert_eq!(s.get((m, k)), (m * 64 + k) as f32);
        }
    }
    // the storage is permuted: element (1, 0) is not at offset 64
    let off = sl.call((1isize, 0isize));
    assert_ne!(off, 64);
    assert_eq!(s.engine().read(off), 64.0);
    // slicing a row folds the row's offset into the composed layout
    let row = s.view().slice((5isize, X));
    assert_eq!(row.layout().to_string().split(" o ").count(), 3);
    for k in 0..64isize {
        assert_eq!(row.get(k), (5 * 64 + k) as f32);
    }
    // tile (1, 1) of (16, 32) tiles, then thread 3's part under an (4, 8) thread layout
    let tile = local_tile(s.view(), shape!((16, 32)), (1isize, 1isize));
    assert_eq!(tile.get((0isize, 0isize)), (16 * 64 + 32) as f32);
    let thr = local_partition(tile, layout!((4,8):(8,1)), 3);
    // thread 3 of a row-major (4, 8) thread layout: row 0, column 3
    assert_eq!(thr.get((0isize, 0isize)), (16 * 64 + 32 + 3) as f32);
    assert_eq!(thr.get((1isize, 0isize)), (20 * 64 + 32 + 3) as f32);
    // and back out through the swizzle
    let mut out = vec![0f32; 32 * 64];
    copy(&s, &mut make_tensor(&mut out[..], layout!((32,64):(64,1))));
    assert_eq!(out, gdata);
    // composed to composed
    let mut s2 = make_owned_tensor::<f32>(tile_to_shape(
        Sm80_SmemAtom_K_SW64::default(),
        shape!((32, 64)),
    ));
    copy(&s, &mut s2);
    assert_eq!(s2[(31isize, 63isize)], (31 * 64 + 63) as f32);
    s2[(0isize, 1isize)] = -1.0;
    assert_eq!(s2.get((0isize, 1isize)), -1.0);
}

#[test]
fn gmma_atoms() {
    let a = Layout_K_SW128_Atom::<half::f16>::default();
    assert_eq!(
        a.to_string(),
        "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)"
    );
    assert_eq!(
        Layout_MN_SW128_Atom::<f32>::default().to_string(),
        "Sw<3,4,3> o smem_ptr[32b](unset) o (_32,_8):(_1,_32)"
    );
    assert_eq!(
        Layout_K_SW32_Atom::<u8>::default().to_string(),
        "Sw<1,4,3> o smem_ptr[8b](unset) o (_8,_32):(_32,_1)"
    );
    assert_eq!(core::mem::size_of_val(&a), 0);
}

/// Composed layouts composed with composed layouts nest to the right, statically: CuTe's
/// own unit tests (composition.cpp's swizzle case; inverse_left.cpp and
/// inverse_right.cpp's swizzle layouts, composed back with their inverses and
/// coalesced) and `composition(Swizzle, Swizzle)`, each printing what CuTe 4.2 prints
/// (`tests/data/cute_nested_composed_cases.jsonl`) and meeting CuTe's post-conditions.
#[test]
fn nested_composed_layouts_agree_with_cute() {
    let a = composition(Swizzle::<2, 0, 3>::new(), layout!((8,8):(8,1)));
    let b = composition(SwizzleNeg::<2, 0, 3>::new(), layout!((8,8):(8,1)));
    let r = composition(a, b);
    assert_eq!(
        r.to_string(),
        "Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o (_8,_8):(_1,_8)"
    );
    assert_eq!(core::mem::size_of_val(&r), 0);
    assert_eq!(
        coalesce(r).to_string(),
        "Sw<2,0,3> o _0 o Sw<2,0,3> o _0 o _64:_1"
    );
    for c in 0..64isize {
        assert_eq!(r.call(c), a.call(b.call(c)));
    }

    // inverse_left.cpp / inverse_right.cpp: `L(L^-1(L(i))) == L(i)`, `L(R(i)) == i`, and
    // CuTe's printed compositions (a macro: each layout is its own type).
    macro_rules! check {
        ($l:expr, $expect:expr) => {{
            let l = $l;
            let (li, ri) = (left_inverse(l), right_inverse(l));
            let got = [
                li.to_string(),
                composition(li, l).to_string(),
                coalesce(composition(l, composition(li, l))).to_string(),
                ri.to_string(),
                composition(l, ri).to_string(),
                coalesce(composition(l, ri)).to_string(),
            ];
            assert_eq!(got, $expect);
            for i in 0..16isize {
                assert_eq!(l.call(li.call(l.call(i))), l.call(i));
            }
            for i in 0..size(ri).value() {
                assert_eq!(l.call(ri.call(i)), i);
            }
        }};
    }
    let z = Int::<0>::new();
    check!(
        make_composed_layout(Swizzle::<1, 0, 2>::new(), z, layout!((4,4):(1,4))),
        [
            "Sw<1,0,2> o _0 o _16:_1",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o (_4,_4):(_1,_4)",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o _16:_1",
            "Sw<1,0,2> o _0 o _16:_1",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o _16:_1",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o _16:_1",
        ]
    );
    check!(
        make_composed_layout(Swizzle::<1, 0, 2>::new(), z, layout!((4,4):(4,1))),
        [
            "Sw<1,0,-2> o _0 o (_4,_4):(_4,_1)",
            "Sw<1,0,-2> o _0 o Sw<1,0,-2> o _0 o (_4,_4):(_1,_4)",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o (_4,_4):(_4,_1)",
            "Sw<1,0,-2> o _0 o (_4,_4):(_4,_1)",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o (_4,_4):(_1,_4)",
            "Sw<1,0,2> o _0 o Sw<1,0,2> o _0 o _16:_1",
        ]
    );
    check!(
        make_composed_layout(Swizzle::<1, 0, 1>::new(), z, layout!((4,4):(8,1))),
        [
            "Sw<1,2,1> o _0 o (_8,_4):(_4,_1)",
            "Sw<1,2,1> o _0 o Sw<1,2,1> o _0 o (_4,_4):(_1,_4)",
            "Sw<1,0,1> o _0 o Sw<1,0,1> o _0 o Sw<1,0,1> o _0 o (_4,_4):(_8,_1)",
            "Sw<1,2,1> o _0 o _4:_4",
            "Sw<1,0,1> o _0 o Sw<1,0,1> o _0 o _4:_1",
            "Sw<1,0,1> o _0 o Sw<1,0,1> o _0 o _4:_1",
        ]
    );

    // swizzle.hpp: two swizzles of one shift merge into one.
    assert_eq!(
        composition(Swizzle::<2, 0, 3>::new(), Swizzle::<1, 0, 3>::new()).to_string(),
        "Sw<1,1,3>"
    );
    assert_eq!(
        composition(Swizzle::<2, 0, 3>::new(), Swizzle::<2, 0, 3>::new()).to_string(),
        "Sw<0,0,0>"
    );
    assert_eq!(
        composition(Swizzle::<1, 4, 3>::new(), Swizzle::<1, 5, 3>::new()).to_string(),
        "Sw<2,4,3>"
    );
}
