//! Properties of the tensor layer on generated shapes: tiles and thread partitions
//! cover every element exactly once and agree with index arithmetic, fragments copy
//! back what they read, and the algorithms agree with plain loops.

use cutlet_core::prelude::*;
use proptest::prelude::*;

/// The elements of tile `(i, j)` of a static 4x8 tiling, in index order (one bound).
fn tile_vals<L: Layout>(data: &[i64], l: L, i: isize, j: isize) -> Vec<i64> {
    local_tile(make_tensor(data, l), shape!((4, 8)), (i, j))
        .iter()
        .collect()
}

/// The elements thread `t` of a static row-major 4x8 thread layout owns (one bound).
fn thread_vals<L: Layout>(data: &[i64], l: L, t: usize) -> Vec<i64> {
    local_partition(make_tensor(data, l), layout!((4,8):(8,1)), t)
        .iter()
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Tile `(i, j)` of a dynamic (4m, 8n) matrix, column- or row-major, holds rows
    /// `4i..4i+4` and columns `8j..8j+8` (column by column); all tiles hold every
    /// element once.
    #[test]
    fn local_tile_covers(m in 1usize..5, n in 1usize..4, row_major in any::<bool>()) {
        let (rows, cols) = ((4 * m) as isize, (8 * n) as isize);
        let data: Vec<i64> = (0..(rows * cols) as i64).collect();
        let at = |r: isize, c: isize| (if row_major { r * cols + c } else { r + c * rows }) as i64;
        let mut seen = vec![0u8; data.len()];
        for i in 0..m as isize {
            for j in 0..n as isize {
                let vals = if row_major {
                    tile_vals(&data, make_layout_major(shape!((rows, cols)), LayoutRight), i, j)
                } else {
                    tile_vals(&data, make_layout(shape!((rows, cols))), i, j)
                };
                let expect: Vec<i64> =
                    (0..32).map(|k| at(4 * i + k % 4, 8 * j + k / 4)).collect();
                prop_assert_eq!(&vals, &expect);
                for v in vals {
                    seen[v as usize] += 1;
                }
            }
        }
        prop_assert!(seen.iter().all(|&s| s == 1));
    }

    /// Thread `t` of a row-major 4x8 thread layout owns rows `r0 + 4a` and columns
    /// `c0 + 8b` where `(r0, c0) = (t / 8, t % 8)`; the 32 threads own every element
    /// once. The same with a static matrix shape.
    #[test]
    fn local_partition_covers(m in 1usize..5, n in 1usize..4) {
        let (rows, cols) = ((4 * m) as isize, (8 * n) as isize);
        let data: Vec<i64> = (0..(rows * cols) as i64).collect();
        let mut seen = vec![0u8; data.len()];
        for t in 0..32usize {
            let vals = thread_vals(&data, make_layout(shape!((rows, cols))), t);
            let (r0, c0) = ((t / 8) as isize, (t % 8) as isize);
            let expect: Vec<i64> = (0..(m * n) as isize)
                .map(|k| (r0 + 4 * (k % m as isize)) + (c0 + 8 * (k / m as isize)) * rows)
                .map(|x| x as i64)
                .collect();
            prop_assert_eq!(&vals, &expect);
            for v in vals {
                seen[v as usize] += 1;
            }
        }
        prop_assert!(seen.iter().all(|&s| s == 1));
        if (m, n) == (2, 2) {
            for t in 0..32 {
                prop_assert_eq!(
                    thread_vals(&data, layout!((8,16)), t),
                    thread_vals(&data, make_layout(shape!((rows, cols))), t)
                );
            }
        }
    }

    /// A fragment of a thread's partition holds what it read, and writing it back
    /// through `copy` restores the source; `axpby` agrees with a plain loop.
    #[test]
    fn fragment_round_trip(t in 0usize..32, alpha in -4i32..4, beta in -4i32..4) {
        let src: Vec<f32> = (0..128).map(|x| x as f32).collect();
        let part = local_partition(make_tensor(&src[..], layout!((8,16):(16,1))), layout!((4,8)), t);
        let mut frag = make_fragment_like(&part);
        prop_assert_eq!(core::mem::size_of_val(&frag), 4 * 4);
        copy(&part, &mut frag);
        prop_assert_eq!(frag.iter().collect::<Vec<_>>(), part.iter().collect::<Vec<_>>());
        let mut dst = vec![0f32; 128];
        let mut out = local_partition(make_tensor(&mut dst[..], layout!((8,16):(16,1))), layout!((4,8)), t);
        copy(&frag, &mut out);
        let (a, b) = (alpha as f32, beta as f32);
        let before = out.iter().collect::<Vec<_>>();
        axpby(a, &frag, b, &mut out);
        let after = out.iter().collect::<Vec<_>>();
        for k in 0..4 {
            prop_assert_eq!(after[k], a * frag.get(k as isize) + b * before[k]);
        }
    }
}

/// A static tile, slice and fragment carry no run-time data.
#[test]
fn static_parts_are_zero_sized() {
    let l = layout!(((2,2),4,8):((1,64),8,256));
    assert_eq!(core::mem::size_of_val(&make_layout_fragment_like(l)), 0);
    let data = [0f32; 2048];
    let t = make_tensor(&data[..], l);
    assert_eq!(core::mem::size_of_val(&t.layout()), 0);
    assert_eq!(
        core::mem::size_of_val(&t.slice(coord!((_, 1, _))).layout()),
        0
    );
}

/// Storage shorter than the layout's cosize is an error naming both.
#[test]
fn short_storage_is_an_error() {
    let data = [0u8; 10];
    let e = try_make_tensor(&data[..], layout!((4, 3))).unwrap_err();
    assert_eq!((e.cosize, e.len), (12, 10));
    let r = std::panic::catch_unwind(|| make_tensor(&data[..], layout!((4, 3))).get(0));
    assert!(r.is_err());
}

/// `copy` agrees with index arithmetic, `dst(ld(i)) == src(ls(i))` for every `i`, and
/// leaves the rest of `dst` alone, whether it moves runs or elements (one bound each).
fn check_copy<Ls: Layout, Ld: Layout>(ls: Ls, ld: Ld) {
    let off = |l: &dyn Fn(isize) -> isize, i: isize| l(i) as usize;
    let (fs, fd) = (
        |i: isize| ls.call(i).size().value(),
        |i: isize| ld.call(i).size().value(),
    );
    let (ns, nd) = (cosize(ls).value() as usize, cosize(ld).value() as usize);
    let src: Vec<i64> = (0..ns as i64).map(|x| 7 * x + 3).collect();
    let mut dst = vec![-1i64; nd];
    copy(
        &make_tensor(&src[..], ls),
        &mut make_tensor(&mut dst[..], ld),
    );
    let mut expect = vec![-1i64; nd];
    for i in 0..size(ls).value() {
        expect[off(&fd, i)] = src[off(&fs, i)];
    }
    assert_eq!(dst, expect, "copy {ls} -> {ld}");
}

/// Pairs where runs move whole (contiguous, padded, both transposed, mixed static and
/// dynamic strides) and pairs where they cannot (runs that do not divide a mode,
/// layouts whose common run is one element, composed layouts, owned fragments).
#[test]
fn copy_moves_runs_and_elements_alike() {
    let (ld, m) = (20isize, 3isize);
    check_copy(layout!((16, 8)), layout!((16, 8):(1, 20)));
    check_copy(layout!((16, 8):(1, ld)), layout!((16, 8)));
    check_copy(layout!((16, 8):(ld, 1)), layout!((16, 8):(8, 1)));
    check_copy(layout!((8, 4):(4, 1)), layout!((8, 4):(4, 1)));
    check_copy(layout!((8, 4):(4, 1)), layout!((8, 4)));
    check_copy(layout!((6, 2):(1, 100)), layout!((4, 3):(1, 100)));
    check_copy(layout!((3, 4):(4, 1)), layout!((4, 3):(3, 1)));
    check_copy(layout!((2, 3, 4):(1, 2, 6)), layout!((2, 3, 4):(1, 10, 2)));
    check_copy(
        layout!(((2, 4), (3, 2)):((1, 2), (16, 8))),
        layout!(((2, 4), (3, 2))),
    );
    check_copy(layout!((8, m):(1, 8)), layout!((8, m):(1, 16)));
    check_copy(layout!((8, m):(1, ld)), layout!((8, m):(m, 1)));
    check_copy(layout!((4, m)), layout!((4, m):(m, 1)));
    check_copy(layout!((m, 8)), layout!((m, 8)));
    check_copy(layout!((8, 8):(1, 0)), layout!((8, 8)));
    check_copy(layout!(32:2), layout!(32));
    // Negative strides (the origin is not offset 0), empty and dynamic-empty tensors.
    let data: Vec<i64> = (0..64).collect();
    let mut out = vec![0i64; 64];
    let src = make_tensor(&data[..], layout!((16, 4):(1, 16)));
    let back = Tensor::from_parts(
        cutlet_core::tensor::View::new(&data[..], 48),
        layout!((16, 4):(1, -16)),
    );
    copy(&back, &mut make_tensor(&mut out[..], layout!((16, 4))));
    assert_eq!((out[0], out[16], out[63]), (48, 32, 15));
    copy(&src, &mut make_tensor(&mut out[..], layout!((16, 4))));
    assert_eq!(out, data);
    let (z, none) = (0isize, [0i64; 0]);
    let mut nothing = [0i64; 0];
    copy(
        &make_tensor(&none[..], layout!((16, z))),
        &mut make_tensor(&mut nothing[..], layout!((16, z):(1, 16))),
    );
    let sw = composition(Swizzle::<2, 0, 3>::new(), layout!((8, 8):(8, 1)));
    check_copy(layout!((8, 8)), sw);
    check_copy(sw, layout!((8, 8)));
    for m in 1..6isize {
        for ld in [16isize, 17, 24, 40] {
            check_copy(layout!((16, m):(1, ld)), layout!((16, m)));
            check_copy(layout!((8, (2, m)):(1, (8, ld))), layout!((8, (2, m))));
            check_copy(layout!((4, m):(ld, 1)), layout!((4, m):(m, 1)));
        }
    }
    let src: Vec<i64> = (0..64).collect();
    let mut frag = make_owned_tensor::<i64>(layout!((8, 8)));
    copy(&make_tensor(&src[..], layout!((8, 8):(8, 1))), &mut frag);
    assert_eq!(frag[coord!((2, 3))], 19);
}
