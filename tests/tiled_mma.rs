//! The typed TiledMMA executed: every thread's `partition_a/b/c` and
//! `partition_fragment_c`, then `gemm(tiled_mma, ...)`, thread by thread on the CPU
//! (UniversalFMA) and as a warp collective in the emulator (SM80 `mma.sync`), against a
//! reference GEMM. Also: the partitions of all threads cover C exactly once.

use cutlet::atom::*;
use cutlet::cuda::{Dim3, emu, thread_idx};
use cutlet::prelude::*;
use std::sync::Mutex;

fn rand(seed: u64, i: usize) -> f32 {
    let mut x = seed
        .wrapping_add(i as u64)
        .wrapping_mul(6364136223846793005);
    x ^= x >> 29;
    ((x >> 40) % 17) as f32 - 8.0
}

/// `C = A Bᵀ` with A `(m, k)` column-major, B `(n, k)` column-major, C `(m, n)`
/// column-major: each CTA tile `(BM, BN)` of C and each `BK` slice of K, every thread
/// of the tiled MMA computing its part with `gemm`.
macro_rules! cpu_tiled_gemm {
    ($mma:expr, $bm:literal, $bn:literal, $bk:literal, $m:expr, $n:expr, $k:expr, $seed:expr) => {{
        let mma = $mma;
        let (m, n, k): (usize, usize, usize) = ($m, $n, $k);
        let a: Vec<f32> = (0..m * k).map(|i| rand($seed, i)).collect();
        let b: Vec<f32> = (0..n * k).map(|i| rand($seed + 1, i)).collect();
        let mut c = vec![0f32; m * n];
        let nthr = mma.size().value() as usize;
        for bm in 0..m / $bm {
            for bn in 0..n / $bn {
                for thr in 0..nthr {
                    let t = mma.get_slice(thr);
                    let mut acc = t.partition_fragment_c(shape!(($bm, $bn)));
                    for kt in 0..k / $bk {
                        let ga = local_tile(make_tensor(&a[..], layout!((m, k):(1, m))), shape!(($bm, $bk)), (bm, kt));
                        let gb = local_tile(make_tensor(&b[..], layout!((n, k):(1, n))), shape!(($bn, $bk)), (bn, kt));
                        gemm_with(&mma, &t.partition_a(ga), &t.partition_b(gb), &mut acc);
                    }
                    let gc = local_tile(make_tensor(&mut c[..], layout!((m, n):(1, m))), shape!(($bm, $bn)), (bm, bn));
                    let mut part = t.partition_c(gc);
                    copy(&acc, &mut part);
                }
            }
        }
        for j in 0..n {
            for i in 0..m {
                let want: f32 = (0..k).map(|l| a[i + m * l] * b[j + n * l]).sum();
                assert_eq!(c[i + m * j], want, "C({i},{j}) of {m}x{n}x{k}");
            }
        }
    }};
}

#[test]
fn universal_fma_tiled_gemm_equals_reference() {
    let fma = UniversalFMA::<f32, f32, f32, f32>::default();
    for (s, (mt, nt, kt)) in [(1usize, 1usize, 1usize), (2, 3, 5), (3, 1, 2)]
        .into_iter()
        .enumerate()
    {
        let seed = s as u64 * 7;
        // 16x16 threads, column-major; each thread a 2x2 block of C per CTA tile
        cpu_tiled_gemm!(
            make_tiled_mma(fma, layout!((16,16,1):(1,16,0))),
            32,
            32,
            4,
            32 * mt,
            32 * nt,
            4 * kt,
            seed
        );
        // row-major threads (get_slice must invert the thread layout)
        cpu_tiled_gemm!(
            make_tiled_mma(fma, layout!((4,8,1):(8,1,0))),
            8,
            16,
            3,
            8 * mt,
            16 * nt,
            3 * kt,
            seed
        );
        // threads split over K too: each K-half sums into its own C partition copy
        // (CuTe's K-split leaves the reduction to the caller), so use ThrK = 1 here and
        // a permutation that interleaves M
        cpu_tiled_gemm!(
            make_tiled_mma_permuted(fma, layout!((4,4,1):(1,4,0)), (layout!((4,2):(2,1)), X, X)),
            8,
            8,
            2,
            8 * mt,
            8 * nt,
            2 * kt,
            seed
        );
    }
}

#[test]
fn partitions_cover_c_exactly_once() {
    let fma = UniversalFMA::<f32, f32, f32, f32>::default();
    let mma = make_tiled_mma_permuted(fma, layout!((8,4,1):(4,1,0)), (layout!((8,4):(4,1)), X, X));
    let id = make_identity_tensor(shape!((64, 32)));
    let mut seen = vec![0u32; 64 * 32];
    for thr in 0..32 {
        let p = mma.get_slice(thr).partition_c(id);
        assert_eq!(size(&p).value(), 64);
        for v in 0..64isize {
            let (i, j) = p.get(v);
            seen[(i + 64 * j) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&x| x == 1));
    let tc = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)));
    let mut seen = vec![0u32; 64 * 64];
    for thr in 0..128 {
        let p = tc
            .get_slice(thr)
            .partition_c(make_identity_tensor(shape!((64, 64))));
        for v in 0..size(&p).value() {
            let (i, j) = p.get(v);
            seen[(i + 64 * j) as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&x| x == 1));
}

/// 128 emulated threads (four warps, 2x2 atoms of `mma.sync.m16n8k16`, permuted to a
/// 32x32x16 tile) compute a 64x64x32 product: fragments of A and B loaded from
/// K-major global tensors, `gemm`, and each accumulator placed by `partition_c` of the
/// identity tensor.
macro_rules! sm80_tiled_gemm {
    ($op:expr, $t:ty) => {{
    let (op, to) = ($op, <$t>::from_f32);
    let (m, n, k) = (64usize, 64usize, 32usize);
    let af: Vec<f32> = (0..m * k).map(|i| rand(3, i) / 4.0).collect();
    let bf: Vec<f32> = (0..n * k).map(|i| rand(4, i) / 4.0).collect();
    let a: Vec<$t> = af.iter().map(|&x| to(x)).collect();
    let b: Vec<$t> = bf.iter().map(|&x| to(x)).collect();
    let out = Mutex::new(vec![(0u32, 0f32); m * n]);
    let mma = make_tiled_mma_permuted(op, layout!((2,2,1):(1,2,0)), (_32::new(), _32::new(), _16::new()));
    emu::launch(Dim3::x(1), Dim3::x(128), 0, || {
        let t = mma.get_slice(thread_idx().x);
        let ga = make_tensor(&a[..], layout!((64,32):(32,1)));
        let gb = make_tensor(&b[..], layout!((64,32):(32,1)));
        let mut fa = t.partition_fragment_a(shape!((64, 32)));
        let mut fb = t.partition_fragment_b(shape!((64, 32)));
        copy(&t.partition_a(ga), &mut fa);
        copy(&t.partition_b(gb), &mut fb);
        let mut acc = t.partition_fragment_c(shape!((64, 64)));
        gemm_with(&mma, &fa, &fb, &mut acc);
        let coords = t.partition_c(make_identity_tensor(shape!((64, 64))));
        let mut o = out.lock().unwrap();
        for v in 0..size(&acc).value() {
            let (i, j) = coords.get(v);
            let e = &mut o[(i + 64 * j) as usize];
            *e = (e.0 + 1, acc.get(v));
        }
    })
    .unwrap();
    for (idx, (count, got)) in out.into_inner().unwrap().into_iter().enumerate() {
        let (i, j) = (idx % m, idx / m);
        let want: f32 = (0..k).map(|l| af[l + k * i] * bf[l + k * j]).sum();
        assert_eq!(count, 1, "C({i},{j}) written {count} times");
        assert!((got - want).abs() <= 1e-3 * (1.0 + want.abs()), "C({i},{j}): {got} vs {want}");
    }
    }};
}

#[test]
fn sm80_f16_tiled_gemm_in_the_emulator() {
    sm80_tiled_gemm!(SM80_16x8x16_F32F16F16F32_TN, half::f16);
}

#[test]
fn sm80_bf16_tiled_gemm_in_the_emulator() {
    sm80_tiled_gemm!(SM80_16x8x16_F32BF16BF16F32_TN, half::bf16);
}
