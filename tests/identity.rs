//! Identity tensors are exact past the edge of a partial tile (CuTe's counting
//! iterator over scaled-basis strides), and predicated copies built on them never
//! touch an element outside the tensor.

use cutlet::prelude::*;
use proptest::prelude::*;

#[test]
fn local_tile_past_the_edge_matches_cute() {
    // CuTe 4.2: `local_tile(make_identity_tensor(make_shape(1000, 777)),
    // Shape<_32,_32>{}, make_coord(31, 0))(8)` is `(1000,0)`, its layout
    // `(_32,_32):(_1@0,_1@1)`.
    let (m, n) = (1000, 777);
    let id = make_identity_tensor(shape!((m, n)));
    let tile = local_tile(id, shape!((32, 32)), (31isize, 0isize));
    assert_eq!(tile.layout().to_string(), "(_32,_32):(_1@0,_1@1)");
    assert_eq!(tile.get(8isize), (1000, 0));
}

#[test]
fn identity_layouts_print_as_cute() {
    // CuTe 4.2: `make_identity_layout(Int<8>{})` is `_8:_1` (the top-level basis `E<>`
    // is the plain `_1`); a rank-1 tuple shape gets `_1@0`.
    assert_eq!(make_identity_layout(shape!(8)).to_string(), "_8:_1");
    assert_eq!(make_identity_layout(shape!((8))).to_string(), "(_8):(_1@0)");
    // `3 * E<1,0>{} + E<0>{}` prints `(_1,(3))`; `_0 * E<1>{}` prints `_0@1`.
    let e = E::<path!(1, 0)>::default();
    assert_eq!(
        Cute(3isize * e + E::<path!(0)>::default()).to_string(),
        "(_1,(3))"
    );
    assert_eq!((_0::new() * E::<path!(1)>::default()).to_string(), "_0@1");
    // Static identity layouts stay zero-sized through the algebra.
    let z = zipped_divide(make_identity_layout(shape!((8, 6))), shape!((4, 2)));
    assert_eq!(z.to_string(), "((_4,_2),(_2,_3)):((_1@0,_1@1),(_4@0,_2@1))");
    assert_eq!(core::mem::size_of_val(&z), 0);
}

/// The coordinate of element `(i, j)` of tile `(bi, bj)`, by hand.
fn by_hand(tm: isize, tn: isize, bi: isize, bj: isize, i: isize, j: isize) -> (isize, isize) {
    (bi * tm + i, bj * tn + j)
}

macro_rules! check_tiles {
    ($m:expr, $n:expr, $tm:literal, $tn:literal) => {{
        let (m, n): (isize, isize) = ($m, $n);
        let id = make_identity_tensor(shape!((m, n)));
        for bi in 0..(m + $tm - 1) / $tm {
            for bj in 0..(n + $tn - 1) / $tn {
                let tile = local_tile(id, (Int::<$tm>::new(), Int::<$tn>::new()), (bi, bj));
                for j in 0..$tn {
                    for i in 0..$tm {
                        prop_assert_eq!(tile.get((i, j)), by_hand($tm, $tn, bi, bj, i, j));
                    }
                }
            }
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every element of every (partial) tile is its coordinate in the whole shape.
    #[test]
    fn tiles_of_identity_tensors_hold_their_coordinates(m in 1isize..70, n in 1isize..70) {
        check_tiles!(m, n, 4, 4);
        check_tiles!(m, n, 32, 8);
        check_tiles!(m, n, 3, 5);
    }

    /// Thread partitions of an identity tensor: thread `t` of a 4x8 column-major
    /// thread layout owns the coordinates `(t % 4 + 4 * a, t / 4 + 8 * b)`, over the
    /// rest shape `(ceil(m/4), ceil(n/8))`, also past the edge (where CuTe predicates).
    #[test]
    fn partitions_of_identity_tensors_hold_their_coordinates(
        m in 1isize..40, n in 1isize..40, t in 0isize..32,
    ) {
        let id = make_identity_tensor(shape!((m, n)));
        let part = local_partition(id, layout!((4, 8)), t as usize);
        let (rows, cols) = ((m + 3) / 4, (n + 7) / 8);
        prop_assert_eq!(part.layout().shape(), (rows, cols));
        for b in 0..cols {
            for a in 0..rows {
                prop_assert_eq!(part.get((a, b)), (t % 4 + 4 * a, t / 4 + 8 * b));
            }
        }
    }

    /// `copy_if` predicated on an identity tile writes exactly the tile's elements that
    /// lie inside the tensor, never one outside it (a guard region after the buffer
    /// catches stray writes).
    #[test]
    fn copy_if_on_edge_tiles_stays_inside(m in 1isize..40, n in 1isize..40) {
        const GUARD: usize = 64;
        let len = (m * n) as usize;
        let src: Vec<f32> = (0..len).map(|x| x as f32 + 1.0).collect();
        let a = make_tensor(&src[..], make_layout(shape!((m, n))));
        let id = make_identity_tensor(shape!((m, n)));
        for bi in 0..(m + 7) / 8 {
            for bj in 0..(n + 3) / 4 {
                let mut buf = vec![0f32; len + GUARD];
                let mut pred = make_owned_tensor::<bool>(layout!((8, 4)));
                let cid = local_tile(id, shape!((8, 4)), (bi, bj));
                for j in 0..4isize {
                    for i in 0..8isize {
                        let (r, c) = cid.get((i, j));
                        pred[(i, j)] = r < m && c < n;
                    }
                }
                let mut b = make_tensor(&mut buf[..], make_layout(shape!((m, n))));
                let gs = local_tile(a, shape!((8, 4)), (bi, bj));
                let mut gd = local_tile(b.view_mut(), shape!((8, 4)), (bi, bj));
                copy_if(&pred, &gs, &mut gd);
                for (k, v) in buf.iter().enumerate() {
                    let (r, c) = ((k as isize) % m, (k as isize) / m);
                    let inside = (k < len) && r / 8 == bi && c / 4 == bj;
                    let expect = if inside { src[k] } else { 0.0 };
                    prop_assert_eq!(*v, expect, "element {} after copying tile ({}, {})", k, bi, bj);
                }
            }
        }
    }
}

/// CuTe composes with scaled-basis strides on the right too (`basis_get`): each rhs mode
/// picks the lhs modes at its path. Expected values from CuTe 4.2 (g++).
#[test]
fn composition_with_basis_strides_on_the_right() {
    // composition(Layout<Shape<_4,_8>>{}, make_identity_layout((_4,_8))) = (_4,_8):(_1,_4)
    let r = composition(layout!((4, 8)), make_identity_layout(shape!((4, 8))));
    assert_eq!(r.to_string(), "(_4,_8):(_1,_4)");
    // composition(make_layout((_4,_8), LayoutRight{}), (_2,_4):(E<1>{},E<0>{})) = (_2,_4):(_1,_8)
    let rhs = StridedLayout::new(
        shape!((2, 4)),
        (E::<path!(1)>::default(), E::<path!(0)>::default()),
    );
    let r = composition(make_layout_major(shape!((4, 8)), LayoutRight), rhs);
    assert_eq!(r.to_string(), "(_2,_4):(_1,_8)");
    assert_eq!(core::mem::size_of_val(&r), 0);
    // The coalesced identity layouts CuTe prints.
    assert_eq!(
        coalesce(make_identity_layout(shape!((4, (2, 3))))).to_string(),
        "(_4,_2,_3):(_1@0,_1@0@1,_1@1@1)"
    );
}

/// Products whose tiler has scaled-basis strides, and the cosize of identity layouts
/// (CuTe: `size(coshape(layout))`). Expected values from CuTe 4.2 (g++).
#[test]
fn products_with_basis_tilers() {
    assert_eq!(cosize(make_identity_layout(shape!((3)))).to_string(), "_3");
    assert_eq!(
        cosize(make_identity_layout(shape!((4, (2, 3))))).to_string(),
        "_24"
    );
    // logical_product(Layout<Shape<_2,_2>>{}, make_identity_layout((_3))) = ((_2,_2),(_3)):((_1,_2),(_4))
    let p = logical_product(layout!((2, 2)), make_identity_layout(shape!((3))));
    assert_eq!(p.to_string(), "((_2,_2),(_3)):((_1,_2),(_4))");
}
