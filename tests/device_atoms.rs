//! The emulated warp-level atoms of `cutlet::cuda` against CuTe's traits: for every lane
//! and every value, `mma.sync` and `ldmatrix` move exactly the elements CuTe's
//! `ALayout`/`BLayout`/`CLayout` and `DstLayout` say (the emulator itself is written from
//! the PTX ISA's fragment tables, so this is an independent check), and the emulator's
//! barrier, shared memory and `cp.async` behave as the hardware's.

use cutlet::atom_traits::{COPY_TRAITS, MMA_TRAITS};
use cutlet::cuda::ldmatrix::ldmatrix;
use cutlet::cuda::mma::*;
use cutlet::cuda::{Dim3, U128, cp_async, emu, lane_id, syncthreads, thread_idx};
use cutlet::dynamic::DynLayout;
use std::sync::Mutex;

/// CuTe's (thread, value) -> flat index for atom `name`'s layout `which`.
fn tv(name: &str, which: char) -> impl Fn(usize, usize) -> usize {
    let t = MMA_TRAITS
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name}"));
    let s = match which {
        'A' => t.a_layout,
        'B' => t.b_layout,
        _ => t.c_layout,
    };
    let l: DynLayout = s.parse().unwrap();
    move |thr, v| l.index((thr + 32 * v) as i64).unwrap() as usize
}

fn rnd(seed: u64, i: u64) -> u64 {
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(i.wrapping_mul(1442695040888963407));
    x ^= x >> 33;
    x.wrapping_mul(0xff51afd7ed558ccd) >> 40
}

/// One lane's A, B, C and D values, in CuTe's value order.
type Lane = (Vec<f64>, Vec<f64>, Vec<f64>, Vec<f64>);

/// Runs `f` on one warp; collects each lane's (A values, B values, C values, D values).
fn on_warp<R: Send>(f: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let out: Mutex<Vec<Option<R>>> = Mutex::new((0..32).map(|_| None).collect());
    emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
        let l = lane_id();
        let r = f(l);
        out.lock().unwrap()[l] = Some(r);
    })
    .unwrap();
    out.into_inner()
        .unwrap()
        .into_iter()
        .map(Option::unwrap)
        .collect()
}

/// Checks D = A B + C elementwise at CuTe's positions. `vals` gives each lane's values
/// in CuTe's value order.
fn check(name: &str, (m, n, k): (usize, usize, usize), lanes: &[Lane], tol: f64) {
    let (la, lb, lc) = (tv(name, 'A'), tv(name, 'B'), tv(name, 'C'));
    let (mut a, mut b, mut c) = (vec![0.0; m * k], vec![0.0; n * k], vec![0.0; m * n]);
    for (t, (av, bv, cv, _)) in lanes.iter().enumerate() {
        av.iter().enumerate().for_each(|(v, x)| a[la(t, v)] = *x);
        bv.iter().enumerate().for_each(|(v, x)| b[lb(t, v)] = *x);
        cv.iter().enumerate().for_each(|(v, x)| c[lc(t, v)] = *x);
    }
    for (t, (_, _, _, dv)) in lanes.iter().enumerate() {
        for (v, d) in dv.iter().enumerate() {
            let idx = lc(t, v);
            let (i, j) = (idx % m, idx / m);
            let want = c[idx] + (0..k).map(|l| a[i + m * l] * b[j + n * l]).sum::<f64>();
            assert!(
                (d - want).abs() <= tol * (1.0 + want.abs()),
                "{name}: lane {t} value {v} ({i},{j}): {d} vs {want}"
            );
        }
    }
}

fn halves(r: &[u32], f: fn(u16) -> f64) -> Vec<f64> {
    (0..2 * r.len())
        .map(|i| f((r[i / 2] >> (16 * (i % 2))) as u16))
        .collect()
}

#[test]
fn mma_16x8x16_f16_and_bf16_follow_cute_layouts() {
    for seed in 0..4u64 {
        let h = |x: u64| half::f16::from_f32((x % 64) as f32 / 8.0 - 4.0).to_bits() as u32;
        let lanes = on_warp(|l| {
            let a: [u32; 4] = std::array::from_fn(|i| {
                h(rnd(seed, (l * 8 + i) as u64)) | h(rnd(seed, (l * 8 + i + 4) as u64)) << 16
            });
            let b: [u32; 2] = std::array::from_fn(|i| {
                h(rnd(seed + 9, (l * 8 + i) as u64))
                    | h(rnd(seed + 9, (l * 8 + i + 4) as u64)) << 16
            });
            let c: [f32; 4] =
                std::array::from_fn(|i| (rnd(seed + 5, (l * 4 + i) as u64) % 100) as f32);
            let d = SM80_16x8x16_F32F16F16F32_TN::mma(a, b, c);
            let f = |x: u16| half::f16::from_bits(x).to_f64();
            (
                halves(&a, f),
                halves(&b, f),
                c.map(f64::from).to_vec(),
                d.map(f64::from).to_vec(),
            )
        });
        check("SM80_16x8x16_F32F16F16F32_TN", (16, 8, 16), &lanes, 1e-6);
        let lanes = on_warp(|l| {
            let g = |x: u64| half::bf16::from_f32((x % 64) as f32 / 8.0 - 4.0).to_bits() as u32;
            let a: [u32; 4] = std::array::from_fn(|i| {
                g(rnd(seed, (l * 8 + i) as u64)) | g(rnd(seed, (l * 8 + i + 4) as u64)) << 16
            });
            let b: [u32; 2] = std::array::from_fn(|i| {
                g(rnd(seed + 9, (l * 8 + i) as u64))
                    | g(rnd(seed + 9, (l * 8 + i + 4) as u64)) << 16
            });
            let c = [1.0f32, -2.0, 3.0, 0.5];
            let d = SM80_16x8x16_F32BF16BF16F32_TN::mma(a, b, c);
            let f = |x: u16| half::bf16::from_bits(x).to_f64();
            (
                halves(&a, f),
                halves(&b, f),
                c.map(f64::from).to_vec(),
                d.map(f64::from).to_vec(),
            )
        });
        check("SM80_16x8x16_F32BF16BF16F32_TN", (16, 8, 16), &lanes, 1e-6);
    }
}

#[test]
fn mma_16x8x8_tf32_f16_f64_s8_follow_cute_layouts() {
    let lanes = on_warp(|l| {
        let a: [u32; 4] =
            std::array::from_fn(|i| ((rnd(1, (l * 4 + i) as u64) % 16) as f32 - 8.0).to_bits());
        let b: [u32; 2] =
            std::array::from_fn(|i| ((rnd(2, (l * 2 + i) as u64) % 16) as f32).to_bits());
        let d = SM80_16x8x8_F32TF32TF32F32_TN::mma(a, b, [0.0; 4]);
        let f = |x: u32| f32::from_bits(x) as f64;
        (
            a.map(f).to_vec(),
            b.map(f).to_vec(),
            vec![0.0; 4],
            d.map(f64::from).to_vec(),
        )
    });
    check("SM80_16x8x8_F32TF32TF32F32_TN", (16, 8, 8), &lanes, 1e-6);

    let lanes = on_warp(|l| {
        let h = |x: u64| half::f16::from_f32((x % 32) as f32 / 4.0).to_bits() as u32;
        let a: [u32; 2] = std::array::from_fn(|i| {
            h(rnd(3, (l * 4 + i) as u64)) | h(rnd(3, (l * 4 + i + 2) as u64)) << 16
        });
        let b: [u32; 1] = [h(rnd(4, l as u64)) | h(rnd(5, l as u64)) << 16];
        let d = SM80_16x8x8_F32F16F16F32_TN::mma(a, b, [1.0; 4]);
        let f = |x: u16| half::f16::from_bits(x).to_f64();
        (
            halves(&a, f),
            halves(&b, f),
            vec![1.0; 4],
            d.map(f64::from).to_vec(),
        )
    });
    check("SM80_16x8x8_F32F16F16F32_TN", (16, 8, 8), &lanes, 1e-6);

    let lanes = on_warp(|l| {
        let (a, b) = (rnd(6, l as u64) as f64 / 1e6, rnd(7, l as u64) as f64 / 1e6);
        let c = [l as f64, -(l as f64)];
        let d = SM80_8x8x4_F64F64F64F64_TN::mma(a, b, c);
        (vec![a], vec![b], c.to_vec(), d.to_vec())
    });
    check("SM80_8x8x4_F64F64F64F64_TN", (8, 8, 4), &lanes, 1e-12);

    let lanes = on_warp(|l| {
        let byte = |x: u64| (x % 255) as u32 & 0xff;
        let a: [u32; 4] = std::array::from_fn(|i| {
            (0..4)
                .map(|q| byte(rnd(8, (l * 16 + i * 4 + q) as u64)) << (8 * q))
                .sum()
        });
        let b: [u32; 2] = std::array::from_fn(|i| {
            (0..4)
                .map(|q| byte(rnd(9, (l * 8 + i * 4 + q) as u64)) << (8 * q))
                .sum()
        });
        let d = SM80_16x8x32_S32S8S8S32_TN::mma(a, b, [7; 4]);
        let sb = |r: &[u32]| {
            (0..4 * r.len())
                .map(|i| ((r[i / 4] >> (8 * (i % 4))) as u8 as i8) as f64)
                .collect::<Vec<_>>()
        };
        (sb(&a), sb(&b), vec![7.0; 4], d.map(f64::from).to_vec())
    });
    check("SM80_16x8x32_S32S8S8S32_TN", (16, 8, 32), &lanes, 0.0);
}

/// Every lane supplies the row `src_row(lane)` holding 16-bit values `row * 8 + col`;
/// lane t's bit `b` of register `r` must be source bit `DstLayout(t, 32 r + b)` of the
/// (rows x 128 bits) source the SrcLayout describes.
fn check_ldsm<const R: usize>(name: &str, load: fn(&U128) -> [u32; R]) {
    let t = COPY_TRAITS.iter().find(|t| t.name == name).unwrap();
    let dst: DynLayout = t.dst_layout.parse().unwrap();
    let lanes = on_warp(|l| {
        let w = |c: u32| (8 * l as u32 + c) | ((8 * l as u32 + c + 1) << 16);
        load(&U128([w(0), w(2), w(4), w(6)]))
    });
    for (lane, regs) in lanes.iter().enumerate() {
        for (r, word) in regs.iter().enumerate() {
            for half in 0..2 {
                let got = (word >> (16 * half)) & 0xffff;
                // The half-word's first bit, and the source half-word it must come from.
                let bit = dst
                    .index((lane + 32 * (32 * r + 16 * half)) as i64)
                    .unwrap() as usize;
                let (row, col) = (bit / 128, (bit % 128) / 16);
                assert_eq!(
                    got as usize,
                    8 * row + col,
                    "{name}: lane {lane} register {r} half {half}"
                );
            }
        }
    }
}

/// One lane's `ldmatrix` of `row` (`N` matrices, transposed or not).
fn ldsm<const N: usize, const TRANS: bool>(row: &U128) -> [u32; N] {
    // SAFETY: `check_ldsm` runs this on all 32 lanes of a warp (`on_warp`), each with a
    // live, 16-byte aligned row of its own that nobody writes; the emulator reads the
    // rows in place.
    unsafe { ldmatrix::<N, TRANS>(row) }
}

#[test]
fn ldmatrix_follows_cute_dst_layouts() {
    check_ldsm("SM75_U32x1_LDSM_N", ldsm::<1, false>);
    check_ldsm("SM75_U32x2_LDSM_N", ldsm::<2, false>);
    check_ldsm("SM75_U32x4_LDSM_N", ldsm::<4, false>);
    check_ldsm("SM75_U16x2_LDSM_T", ldsm::<1, true>);
    check_ldsm("SM75_U16x4_LDSM_T", ldsm::<2, true>);
    check_ldsm("SM75_U16x8_LDSM_T", ldsm::<4, true>);
}

#[test]
fn emulator_reports_divergent_and_stranded_barriers() {
    // Two barrier call sites with the same code: the divergence is the point.
    #[allow(clippy::if_same_then_else)]
    let e = emu::launch(Dim3::x(1), Dim3::x(64), 0, || {
        if thread_idx().x < 32 {
            syncthreads();
        } else {
            syncthreads();
        }
    })
    .unwrap_err();
    assert!(e.to_string().contains("divergent syncthreads"), "{e}");
    let e = emu::launch(Dim3::x(2), Dim3::x(8), 0, || {
        if thread_idx().x != 3 {
            syncthreads();
        }
    })
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("can never complete: 7 of 8 threads wait"),
        "{e}"
    );
    let e = emu::launch(Dim3::x(3), Dim3::x(4), 0, || {
        if cutlet::cuda::block_idx().x == 2 && thread_idx().x == 1 {
            panic!("bad value");
        }
        syncthreads();
    })
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("thread (1,0,0) of block (2,0,0) panicked: bad value"),
        "{e}"
    );
}

#[test]
fn cp_async_lands_only_at_the_wait_and_blocks_get_fresh_shared_memory() {
    use cutlet::cuda::SmemBuffer;
    use cutlet_core::prelude::*;
    let src = [U128([9, 9, 9, 9]), U128([5, 5, 5, 5])];
    let p = cutlet::cuda::GmemPtr::from_slice(&src);
    // The kernel reads shared memory before anything wrote it and before its cp.async
    // landed, to show what the emulator does there; the sanitizer reports both reads
    // (and the launch fails with that report, after the asserts below have run).
    let e = emu::launch(Dim3::x(2), Dim3::x(1), 256, || {
        // SAFETY: one thread; the elements are touched only as below.
        let s = unsafe { SmemBuffer::dynamic().alloc::<U128, _>(layout!(2)) };
        assert_eq!(
            s.get(0usize),
            U128([0; 4]),
            "a block starts with zeroed shared memory"
        );
        let d = s.engine().as_ptr();
        // SAFETY: valid elements; `d` is read only to show it has not landed yet.
        unsafe {
            cp_async::cp_async_cg(d, p.as_ptr(), true);
            cp_async::cp_async_fence();
            cp_async::cp_async_cg(d.add(1), p.as_ptr().add(1), true);
            cp_async::cp_async_fence();
        }
        assert_eq!(
            s.get(0usize),
            U128([0; 4]),
            "cp.async landed before its wait"
        );
        cp_async::cp_async_wait::<1>();
        assert_eq!(s.get(0usize), U128([9; 4]));
        assert_eq!(s.get(1usize), U128([0; 4]), "the newer group landed early");
        cp_async::cp_async_wait::<0>();
        assert_eq!(s.get(1usize), U128([5; 4]));
        // Dirty the buffer: the next block must not see it.
        let mut s = s;
        s.set(0usize, U128([1; 4]));
    })
    .unwrap_err()
    .to_string();
    assert!(!e.contains("panicked"), "{e}");
    assert!(
        e.contains("[initcheck] Uninitialized __shared__ read") && e.contains("still writing"),
        "{e}"
    );
}

/// A register-A warpgroup MMA (`SM90_64x64x16_F32BF16BF16_RS<K, MN>`) on the emulator:
/// each of the 128 threads passes the A values CuTe's `ALayout` gives it (two bf16 to a
/// register, the first low), B lies N-major in shared memory under the 128-byte swizzle
/// (how attention's V is read), and every accumulator holds `A B + C` at CuTe's
/// `CLayout` position; a second MMA with `scale_d` off replaces them.
#[test]
fn register_a_warpgroup_mma_moves_cutes_elements() {
    use cutlet::atom::{SM90_64x64x16_F32BF16BF16_RS, gmma, make_gmma_desc};
    use cutlet::cuda::SmemBuffer;
    use cutlet::cuda::wgmma::*;
    use cutlet::prelude::*;
    let name = "SM90_64x64x16_F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>";
    let t = cutlet::atom_traits::mma_traits(name).unwrap();
    let (la, lc): (DynLayout, DynLayout) =
        (t.a_layout.parse().unwrap(), t.c_layout.parse().unwrap());
    let at =
        |l: &DynLayout, thr: usize, v: usize| l.index((thr + 128 * v) as i64).unwrap() as usize;
    let val = |seed: u64, i: usize| half::bf16::from_f32((rnd(seed, i as u64) % 17) as f32 - 8.0);
    let (a, b): (Vec<_>, Vec<_>) = (
        (0..64 * 16).map(|i| val(1, i)).collect(),
        (0..64 * 16).map(|i| val(2, i)).collect(),
    );
    let c0 = |i: usize| (rnd(3, i as u64) % 9) as f32;
    let bad = Mutex::new(Vec::new());
    emu::launch(Dim3::x(1), Dim3::x(128), 4096, || {
        let thr = thread_idx().x;
        let mut smem = SmemBuffer::dynamic();
        // SAFETY: each element is written by one thread before the barrier; the MMA reads
        // them after it.
        let mut sb = unsafe {
            smem.alloc_aligned::<half::bf16, _, _>(
                1024,
                Swizzle::<3, 3, 3>::new(),
                tile_to_shape(layout!((64, 8):(1, 64)), shape!((64, 16))),
            )
        };
        for e in (thr..64 * 16).step_by(128) {
            sb.set(coord!(({ e % 64 }, { e / 64 })), b[e]);
        }
        syncthreads();
        // A (m, k) column-major: value v of this thread sits at CuTe's ALayout(thr, v).
        let mut regs = [0u32; 4];
        for v in 0..8 {
            let bits = u32::from(a[at(&la, thr, v)].to_bits());
            regs[v / 2] |= bits << (16 * (v % 2));
        }
        let mut d = [0f32; 32];
        for (v, x) in d.iter_mut().enumerate() {
            *x = c0(at(&lc, thr, v));
        }
        let desc = make_gmma_desc::<gmma::MN, _, _, _>(&sb);
        let op = SM90_64x64x16_F32BF16BF16_RS::<gmma::K, gmma::MN>::default();
        let want = |d: &[f32; 32], with_c: bool| -> Vec<(usize, f32, f64)> {
            (0..32)
                .map(|v| {
                    let idx = at(&lc, thr, v);
                    let (i, j) = (idx % 64, idx / 64);
                    let s: f64 = (0..16)
                        .map(|k| a[i + 64 * k].to_f64() * b[j + 64 * k].to_f64())
                        .sum();
                    (v, d[v], s + if with_c { c0(idx) as f64 } else { 0.0 })
                })
                .collect()
        };
        for with_c in [true, false] {
            warpgroup_fence_regs(&mut regs);
            warpgroup_fence_operand(&mut d);
            warpgroup_arrive();
            op.mma_async(regs, desc, &mut d, with_c);
            warpgroup_commit_batch();
            warpgroup_wait::<0>();
            warpgroup_fence_operand(&mut d);
            for (v, got, w) in want(&d, with_c) {
                if (got as f64 - w).abs() > 1e-6 * (1.0 + w.abs()) {
                    bad.lock().unwrap().push(format!(
                        "thread {thr} value {v} (scale_d {with_c}): {got} vs {w}"
                    ));
                }
            }
            d = [0.0; 32];
        }
    })
    .unwrap();
    let bad = bad.into_inner().unwrap();
    assert!(
        bad.is_empty(),
        "{} wrong: {:?}",
        bad.len(),
        &bad[..bad.len().min(8)]
    );
}
