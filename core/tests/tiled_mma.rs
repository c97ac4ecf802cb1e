//! Properties of TiledMMA partitions on generated problem sizes, for several atoms and
//! thread layouts, static and dynamic tensors: every element of C belongs to exactly
//! one thread, every element of A (B) to the threads of one row (column) of the atom
//! layout, and a thread's partition of one tile agrees with the tiling's thread-value
//! layout (`get_layoutC_TV`). The exact layouts are checked against CuTe in
//! `typed_mma_oracle.rs`.
use cutlet_core::atom::*;
use cutlet_core::prelude::*;
use proptest::prelude::*;

/// How many threads see each element of an `(m, n)` column-major matrix through
/// `part` (called with each thread index and a tensor whose values are indices).
fn coverage<F: Fn(usize, &[usize]) -> Vec<usize>>(
    threads: usize,
    len: usize,
    part: F,
) -> Vec<usize> {
    let data: Vec<usize> = (0..len).collect();
    let mut seen = vec![0usize; len];
    for t in 0..threads {
        for i in part(t, &data) {
            seen[i] += 1;
        }
    }
    seen
}

/// One bound per argument: C, A and B coverage of any tiling on any `(m, n, k)`.
fn check_cover<M: TiledMma>(mma: M, m: isize, n: isize, k: isize) {
    let v = mma.get_thr_layout_vmnk();
    let (thr_m, thr_n) = (
        size(get::<1, _>(v)).value() as usize,
        size(get::<2, _>(v)).value() as usize,
    );
    let threads = mma.num_threads();
    let c = coverage(threads, (m * n) as usize, |t, d| {
        mma.get_slice(t)
            .partition_c(make_tensor(d, layout!((m, n))))
            .iter()
            .collect()
    });
    assert!(c.iter().all(|&x| x == 1), "C: every element once ({m}x{n})");
    let a = coverage(threads, (m * k) as usize, |t, d| {
        mma.get_slice(t)
            .partition_a(make_tensor(d, layout!((m, k))))
            .iter()
            .collect()
    });
    assert!(
        a.iter().all(|&x| x == thr_n),
        "A: every element by the {thr_n} threads along N"
    );
    let b = coverage(threads, (n * k) as usize, |t, d| {
        mma.get_slice(t)
            .partition_b(make_tensor(d, layout!((n, k))))
            .iter()
            .collect()
    });
    assert!(
        b.iter().all(|&x| x == thr_m),
        "B: every element by the {thr_m} threads along M"
    );
}

/// A thread's partition of exactly one tile lists the elements `get_layoutC_TV` gives
/// it, in value order; the fragment has one register per value.
fn check_tv<M: TiledMma>(mma: M) {
    let z = mma.tile_size_mnk();
    let (tm, tn) = (z.e0().size().value(), z.e1().size().value());
    let tv = mma.get_layout_c_tv();
    let data: Vec<isize> = (0..tm * tn).collect();
    for t in 0..mma.num_threads() {
        let thr = mma.get_slice(t);
        let part = thr.partition_c(make_tensor(&data[..], layout!((tm, tn))));
        let got: Vec<isize> = part.iter().collect();
        let want: Vec<isize> = (0..got.len())
            .map(|v| tv.call((t as isize, v as isize)).size().value())
            .collect();
        assert_eq!(got, want, "thread {t}");
        let frag = thr.partition_fragment_c(make_layout((z.e0(), z.e1())));
        assert_eq!(size(frag.layout()).value() as usize, got.len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn sm80_16x8x16_covers(bm in 1isize..4, bn in 1isize..4, bk in 1isize..3) {
        let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
        check_cover(mma, 32 * bm, 16 * bn, 16 * bk);
    }

    #[test]
    fn sm80_permuted_covers(bm in 1isize..3, bn in 1isize..3) {
        let mma = make_tiled_mma_permuted(
            SM80_16x8x16_F32BF16BF16F32_TN,
            layout!((2,2,1):(1,2,0)),
            (_32::new(), layout!((8,2,2):(1,16,8)), _16::new()),
        );
        check_cover(mma, 32 * bm, 32 * bn, 16);
    }

    #[test]
    fn simt_covers(bm in 1isize..5, bn in 1isize..5, k in 1isize..4) {
        let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((4,8):(8,1)));
        check_cover(mma, 4 * bm, 8 * bn, k);
    }

    #[test]
    fn f64_and_int8_cover(bm in 1isize..3, bn in 1isize..3) {
        check_cover(make_tiled_mma(SM80_8x8x4_F64F64F64F64_TN, layout!((1,2,1))), 8 * bm, 16 * bn, 8);
        check_cover(make_tiled_mma(SM80_16x8x32_S32S8S8S32_TN, layout!((2,1,1))), 32 * bm, 8 * bn, 32);
    }
}

#[test]
fn partitions_agree_with_tv_layouts() {
    check_tv(make_tiled_mma(
        SM80_16x8x16_F32F16F16F32_TN,
        layout!((2,2,1):(1,2,0)),
    ));
    check_tv(make_tiled_mma(
        SM80_16x8x8_F32TF32TF32F32_TN,
        layout!((1, 2, 1)),
    ));
    check_tv(make_tiled_mma(
        UniversalFMA::<f64, f64, f64, f64>::default(),
        layout!((8, 4)),
    ));
    check_tv(make_tiled_mma(
        SM90_64x64x16_F32F16F16_SS::<gmma::K, gmma::K>::default(),
        layout!((1, 1, 1)),
    ));
}

/// GMMA's accumulators hold two rows a thread, as `Accumulators::add_row_scaled` (and
/// the Hopper GEMM's block-wise scales) read them: thread `t`'s value `i` lies on row
/// `16 (t / 32) + t % 32 / 4`, plus 8 where `i / 2` is odd, for every N.
#[test]
fn gmma_accumulators_hold_two_rows_a_thread() {
    fn check<M: TiledMma>(mma: M, n: usize) {
        for t in 0..128usize {
            let ic = mma
                .get_slice(t)
                .partition_c(make_identity_tensor(shape!((64, n))));
            let r = (16 * (t / 32) + t % 32 / 4) as isize;
            ic.size().for_each_index(|i| {
                assert_eq!(
                    ic.get(i).0,
                    r + 8 * ((i / 2) % 2) as isize,
                    "N {n}, thread {t}, value {i}"
                );
            });
        }
    }
    let one = layout!((1, 1, 1));
    check(
        make_tiled_mma(
            SM90_64x32x16_F32BF16BF16_SS::<gmma::K, gmma::K>::default(),
            one,
        ),
        32,
    );
    check(
        make_tiled_mma(SM90_64x64x32_F32E4M3E4M3_SS_TN::default(), one),
        64,
    );
    check(
        make_tiled_mma(SM90_64x128x32_F32E4M3E4M3_SS_TN::default(), one),
        128,
    );
}

#[test]
fn static_partitions_are_zero_cost() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    let data = [0f32; 128 * 128];
    let full = make_tensor(&data[..], layout!((128, 128)));
    let c = mma.get_slice(77).partition_c(full);
    // Only the engine (slice and base) is data; the layout is a type.
    assert_eq!(core::mem::size_of_val(&c.layout()), 0);
    let acc = mma.get_slice(77).partition_fragment_c(&full);
    assert_eq!(core::mem::size_of_val(&acc), 128 * 4);
}

/// `C = A Bᵀ` with every thread's share computed through its partitions and `gemm`,
/// the threads run one after another: a generic function with one bound per argument.
fn tiled_gemm<M: TiledMma<Atom = UniversalFMA<f64, f64, f64, f64>>>(
    mma: M,
    a: &[f64],
    b: &[f64],
    m: isize,
    n: isize,
    k: isize,
) -> Vec<f64> {
    let mut c = vec![0.0; (m * n) as usize];
    for t in 0..mma.num_threads() {
        let thr = mma.get_slice(t);
        let ta = thr.partition_a(make_tensor(a, layout!((m, k))));
        let tb = thr.partition_b(make_tensor(b, layout!((n, k))));
        let mut tc = thr.partition_c(make_tensor(&mut c[..], layout!((m, n))));
        gemm_with(mma, &ta, &tb, &mut tc);
    }
    c
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]
    #[test]
    fn cpu_gemm_through_partitions(bm in 1isize..4, bn in 1isize..4, k in 1isize..9, seed in 0u64..1000) {
        let (m, n) = (4 * bm, 8 * bn);
        let val = |i: isize| ((i as u64 * 2654435761 + seed) % 17) as f64 - 8.0;
        let a: Vec<f64> = (0..m * k).map(val).collect();
        let b: Vec<f64> = (0..n * k).map(|i| val(i + 7)).collect();
        let mma = make_tiled_mma(UniversalFMA::<f64, f64, f64, f64>::default(), layout!((4,8):(8,1)));
        let c = tiled_gemm(mma, &a, &b, m, n, k);
        for i in 0..m {
            for j in 0..n {
                let want: f64 = (0..k).map(|l| a[(i + m * l) as usize] * b[(j + n * l) as usize]).sum();
                prop_assert_eq!(c[(i + m * j) as usize], want);
            }
        }
    }
}
