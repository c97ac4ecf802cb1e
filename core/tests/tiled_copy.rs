//! Properties of cutlet-core's tiled copies on generated sizes, static and dynamic:
//! the threads' partitions of a tensor cover it exactly once, a thread's partition of
//! one tile lists the elements `get_layoutS_TV` gives it, a copy through every
//! thread's partitions reproduces the source, a predicated copy stops at a ragged edge,
//! and `retile` regroups an MMA fragment without losing or repeating a register.
use cutlet_core::atom::*;
use cutlet_core::prelude::*;
use proptest::prelude::*;

/// For each element of an `m x n` column-major tensor, the thread and value that own it
/// in `copy`'s source partitions; panics on an element owned twice or never.
fn owners<T: TiledCopier, L: Layout>(copy: T, l: L) -> Vec<(usize, usize)> {
    let n = cosize(l).value() as usize;
    let idx: Vec<usize> = (0..n).collect();
    let mut own = vec![None; n];
    for t in 0..copy.num_threads() {
        let p = copy.get_slice(t).partition_s(make_tensor(&idx[..], l));
        for v in 0..p.size().value() as usize {
            let e = p[v as isize];
            assert!(
                own[e].is_none(),
                "element {e} owned twice (thread {t}, value {v})"
            );
            own[e] = Some((t, v));
        }
    }
    own.into_iter()
        .enumerate()
        .map(|(e, o)| o.unwrap_or_else(|| panic!("element {e} owned by no thread")))
        .collect()
}

/// Every thread's copy of an `(m, n)` tensor in layout `ls` to one in layout `ld`.
fn copy_all<T: TiledCopier, Ls: Layout, Ld: Layout>(
    copy: T,
    ls: Ls,
    ld: Ld,
) -> (Vec<i32>, Vec<i32>) {
    let src: Vec<i32> = (0..cosize(ls).value() as i32).collect();
    let mut dst = vec![-1; cosize(ld).value() as usize];
    for t in 0..copy.num_threads() {
        let thr = copy.get_slice(t);
        let s = thr.partition_s(make_tensor(&src[..], ls));
        let mut d = thr.partition_d(make_tensor(&mut dst[..], ld));
        copy.copy(&s, &mut d);
    }
    (src, dst)
}

/// Thread `t`'s partition of one tile equals `get_layoutS_TV(t, _)` in value order.
fn tv_agrees<T: TiledCopier>(copy: T) {
    let (tm, tn) = (
        size_of_tile(copy.tiler_mn().e0()),
        size_of_tile(copy.tiler_mn().e1()),
    );
    let idx: Vec<usize> = (0..tm * tn).collect();
    let tv = copy.get_layout_s_tv();
    let tile = make_layout((copy.tiler_mn().e0(), copy.tiler_mn().e1()));
    for t in 0..copy.num_threads() {
        let p = copy.get_slice(t).partition_s(make_tensor(&idx[..], tile));
        for v in 0..p.size().value() as usize {
            let e = tv.call(make_coord_tv(t, v)).size().value() as usize;
            assert_eq!(p[v as isize], e, "thread {t} value {v}");
        }
    }
}
fn size_of_tile<N: IntTuple>(n: N) -> usize {
    n.size().value() as usize
}
fn make_coord_tv(t: usize, v: usize) -> (isize, isize) {
    (t as isize, v as isize)
}

#[test]
fn tv_layouts_agree_with_partitions() {
    tv_agrees(make_tiled_copy(
        Copy_Atom::<UniversalCopy<u128>, half::f16>::new(),
        layout!((16,8):(8,1)),
        layout!((1, 8)),
    ));
    tv_agrees(make_tiled_copy(
        Copy_Atom::<UniversalCopy<u64>, f32>::new(),
        layout!((8, 4)),
        layout!((2, 1)),
    ));
    tv_agrees(make_tiled_copy(
        Copy_Atom::<DefaultCopy, f64>::new(),
        layout!((4,8):(8,1)),
        layout!((1, 1)),
    ));
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2, 2, 1)));
    tv_agrees(make_tiled_copy_a(
        Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(),
        &mma,
    ));
    tv_agrees(make_tiled_copy_b(
        Copy_Atom::<SM75_U16x4_LDSM_T, half::f16>::new(),
        &mma,
    ));
    tv_agrees(make_tiled_copy_c(
        Copy_Atom::<UniversalCopy<u32>, f32>::new(),
        &mma,
    ));
}

#[test]
fn static_partitions_are_zero_sized() {
    let copy = make_tiled_copy(
        Copy_Atom::<UniversalCopy<u128>, f32>::new(),
        layout!((32, 4)),
        layout!((4, 1)),
    );
    let data = [0f32; 128 * 16];
    let p = copy
        .get_slice(7)
        .partition_s(make_tensor(&data[..], layout!((128, 16))));
    assert_eq!(core::mem::size_of_val(&p.layout()), 0);
    assert_eq!(p.layout().to_string(), "((_4,_1),_1,_4):((_1,_0),_0,_512)");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Row-major threads, 4 values each along m: a tensor of whole tiles is covered
    /// once, statically or dynamically shaped, column- or row-major.
    #[test]
    fn partitions_cover_once(bm in 1usize..5, bn in 1usize..5, row_major in any::<bool>()) {
        let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, f32>::new(), layout!((8,4):(4,1)), layout!((4,1)));
        let (m, n) = (32 * bm, 4 * bn);
        if row_major {
            owners(copy, layout!((m, n):(n, 1)));
        } else {
            owners(copy, make_layout(shape!((m, n))));
        }
        owners(copy, layout!((32, 8)));
    }

    /// A copy through all threads' partitions (any majors on either side) moves every
    /// element to the same coordinate.
    #[test]
    fn copy_reproduces_source(bm in 1usize..4, bn in 1usize..4, src_row in any::<bool>(), dst_row in any::<bool>()) {
        let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u64>, i32>::new(), layout!((4,8):(8,1)), layout!((1,2)));
        let (m, n) = (4 * bm, 16 * bn);
        let (cm, rm) = (make_layout(shape!((m, n))), layout!((m, n):(n, 1)));
        let (src, dst) = match (src_row, dst_row) {
            (false, false) => copy_all(copy, cm, cm),
            (false, true) => copy_all(copy, cm, rm),
            (true, false) => copy_all(copy, rm, cm),
            (true, true) => copy_all(copy, rm, rm),
        };
        for i in 0..m {
            for j in 0..n {
                let s = if src_row { i * n + j } else { i + j * m };
                let d = if dst_row { i * n + j } else { i + j * m };
                prop_assert_eq!(dst[d], src[s]);
            }
        }
    }

    /// `copy_if` with the predicate "inside the ragged `m x n` corner" (computed from
    /// each value's coordinate) copies exactly those elements of a padded tile grid.
    #[test]
    fn copy_if_stops_at_the_edge(m in 1usize..40, n in 1usize..20) {
        let copy = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, i32>::new(), layout!((8,4)), layout!((1,1)));
        let (pm, pn) = (m.div_ceil(8) * 8, n.div_ceil(4) * 4);
        let src: Vec<i32> = (0..(pm * pn) as i32).collect();
        let mut dst = vec![-1; pm * pn];
        let l = make_layout(shape!((pm, pn)));
        for t in 0..copy.num_threads() {
            let thr = copy.get_slice(t);
            let s = thr.partition_s(make_tensor(&src[..], l));
            // The source holds its own column-major index: (i, j) = (e % pm, e / pm).
            let pred: Vec<bool> = s.iter().map(|e| (e as usize % pm) < m && (e as usize / pm) < n).collect();
            let mut d = thr.partition_d(make_tensor(&mut dst[..], l));
            copy.copy_if(&make_tensor(&pred[..], make_layout(s.layout().shape())), &s, &mut d);
        }
        for j in 0..pn {
            for i in 0..pm {
                let e = i + j * pm;
                prop_assert_eq!(dst[e], if i < m && j < n { src[e] } else { -1 });
            }
        }
    }

    /// `retile_D` of an MMA fragment is a regrouping: the same registers, each once.
    #[test]
    fn retile_is_a_permutation_of_the_fragment(thr in 0usize..128) {
        let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1)));
        let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
        let check = |f: &dyn Fn() -> (Vec<isize>, usize)| {
            let (mut offs, n) = f();
            offs.sort();
            assert_eq!(offs, (0..n as isize).collect::<Vec<_>>());
        };
        check(&|| {
            let frag = mma.get_slice(thr).partition_fragment_a(layout!((64,32)));
            let r = s2r.get_slice(thr).retile_d(frag.view());
            let l = r.layout();
            ((0..size(l).value()).map(|i| l.call(i).value()).collect(), size(frag.layout()).value() as usize)
        });
        check(&|| {
            let frag = mma.get_slice(thr).partition_fragment_a(layout!((128,64):(64,1)));
            let r = s2r.get_slice(thr).retile_d(frag.view());
            let l = r.layout();
            ((0..size(l).value()).map(|i| l.call(i).value()).collect(), size(frag.layout()).value() as usize)
        });
    }
}
