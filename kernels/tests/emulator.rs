//! Every kernel on the CPU emulator, on sizes that stress the edges (1, primes,
//! non-multiples of every tile), against a plain CPU reference.

use cutlet::cuda::Dim3;
use cutlet::cuda::emu::{DeviceVec, launch};
use cutlet_kernels::{copy::*, sgemm::*, tile_copy::*, transpose::*};

fn data(len: usize, seed: u32) -> Vec<f32> {
    (0..len)
        .map(|i| {
            ((i as u32).wrapping_mul(2654435761).wrapping_add(seed) >> 20) as f32 / 64.0 - 32.0
        })
        .collect()
}

#[test]
fn copy_matches_on_edge_sizes() {
    for n in [1, 3, 4, 5, 1023, 4096, 4099, 12289] {
        let src = DeviceVec::from_slice(&data(n, 1));
        // One guard element after the end: the kernel must not write it.
        let dst = DeviceVec::from_slice(&vec![-1.0f32; n + 1]);
        let (s, d) = (src.ptr(), dst.ptr());
        launch(Dim3::x(copy_blocks(n)), Dim3::x(COPY_THREADS), 0, || {
            copy(s, d, n)
        })
        .unwrap();
        assert_eq!(&dst.as_slice()[..n], src.as_slice(), "n = {n}");
        assert_eq!(dst.as_slice()[n], -1.0, "n = {n}: wrote past the end");
    }
}

#[test]
fn transpose_matches_on_edge_sizes() {
    for (m, n) in [
        (1, 1),
        (1, 37),
        (37, 1),
        (31, 33),
        (64, 32),
        (67, 45),
        (13, 97),
    ] {
        let a = DeviceVec::from_slice(&data(m * n, 2));
        let b = DeviceVec::from_slice(&vec![f32::NAN; m * n + 1]);
        let (pa, pb) = (a.ptr(), b.ptr());
        launch(
            transpose_grid(m, n),
            Dim3::x(TRANSPOSE_THREADS),
            TRANSPOSE_SMEM,
            || transpose(pa, pb, m, n),
        )
        .unwrap();
        let (a, b) = (a.as_slice(), b.as_slice());
        for i in 0..m {
            for j in 0..n {
                assert_eq!(b[j + i * n], a[i + j * m], "{m}x{n} at ({i},{j})");
            }
        }
        assert!(b[m * n].is_nan(), "{m}x{n}: wrote past the end");
    }
}

#[test]
fn tile_copy_touches_only_the_matrix() {
    for (m, n, ldb) in [(1, 1, 3), (63, 17, 64), (65, 16, 70), (130, 33, 131)] {
        let a = DeviceVec::from_slice(&data(m * n, 3));
        let b = DeviceVec::from_slice(&vec![f32::NAN; ldb * n + 1]);
        let (pa, pb) = (a.ptr(), b.ptr());
        launch(tile_copy_grid(m, n), Dim3::x(TILE_COPY_THREADS), 0, || {
            tile_copy(pa, pb, m, n, ldb)
        })
        .unwrap();
        let (a, b) = (a.as_slice(), b.as_slice());
        for j in 0..n {
            for i in 0..ldb {
                let v = b[i + j * ldb];
                if i < m {
                    assert_eq!(v, a[i + j * m], "({i},{j})");
                } else {
                    assert!(v.is_nan(), "{m}x{n}: wrote the padding at ({i},{j})");
                }
            }
        }
    }
}

fn sgemm_ref(p: SgemmArgs, a: &[f32], b: &[f32], c: &[f32]) -> Vec<f32> {
    let mut out = c.to_vec();
    for j in 0..p.n {
        for i in 0..p.m {
            let mut s = 0f64;
            for l in 0..p.k {
                s += a[i + l * p.lda] as f64 * b[j + l * p.ldb] as f64;
            }
            out[i + j * p.ldc] =
                (p.alpha as f64 * s + p.beta as f64 * c[i + j * p.ldc] as f64) as f32;
        }
    }
    out
}

#[test]
fn sgemm_matches_reference_on_edge_sizes() {
    for (m, n, k) in [
        (1, 1, 1),
        (7, 3, 5),
        (128, 128, 8),
        (131, 17, 9),
        (13, 140, 23),
    ] {
        let (lda, ldb, ldc) = (m + 1, n + 2, m + 3);
        let p = SgemmArgs {
            m,
            n,
            k,
            lda,
            ldb,
            ldc,
            alpha: 1.5,
            beta: -0.5,
        };
        let a = DeviceVec::from_slice(&data(lda * k, 4));
        let b = DeviceVec::from_slice(&data(ldb * k, 5));
        let c0 = data(ldc * n, 6);
        let c = DeviceVec::from_slice(&c0);
        let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
        launch(sgemm_grid(m, n), Dim3::x(SGEMM_THREADS), SGEMM_SMEM, || {
            sgemm(p, pa, pb, pc)
        })
        .unwrap();
        let want = sgemm_ref(p, a.as_slice(), b.as_slice(), &c0);
        for (idx, (g, w)) in c.as_slice().iter().zip(&want).enumerate() {
            let (i, j) = (idx % ldc, idx / ldc);
            if i >= m {
                assert_eq!(*g, c0[idx], "{m}x{n}x{k}: wrote padding ({i},{j})");
            } else {
                assert!(
                    (g - w).abs() <= 1e-3 * (1.0 + w.abs()),
                    "{m}x{n}x{k} ({i},{j}): {g} vs {w}"
                );
            }
        }
    }
}

fn gemm_case<M: cutlet::cuda::mma::Mma16x8x16>(
    m: usize,
    n: usize,
    k: usize,
    to16: fn(f32) -> u16,
    from16: fn(u16) -> f32,
) {
    use cutlet_kernels::gemm_sm80::*;
    let (lda, ldb, ldc) = (k + 8, k, m + 1);
    let q = |v: Vec<f32>| v.into_iter().map(to16).collect::<Vec<u16>>();
    let ha = q(data(m * lda, 11).iter().map(|x| x / 8.0).collect());
    let hb = q(data(n * ldb, 12).iter().map(|x| x / 8.0).collect());
    let hc = data(ldc * n, 13);
    let (a, b, c) = (
        DeviceVec::from_slice(&ha),
        DeviceVec::from_slice(&hb),
        DeviceVec::from_slice(&hc),
    );
    let p = GemmArgs {
        m,
        n,
        k,
        lda,
        ldb,
        ldc,
        alpha: 0.75,
        beta: 0.5,
    };
    let (pa, pb, pc) = (a.ptr().cast(), b.ptr().cast(), c.ptr());
    launch(gemm_grid(m, n), Dim3::x(GEMM_THREADS), GEMM_SMEM, || {
        gemm::<M>(p, pa, pb, pc)
    })
    .unwrap();
    let got = c.as_slice();
    for j in 0..n {
        for i in 0..ldc {
            let idx = i + j * ldc;
            if i >= m {
                assert_eq!(got[idx], hc[idx], "{m}x{n}x{k}: wrote padding ({i},{j})");
                continue;
            }
            let s: f64 = (0..k)
                .map(|l| from16(ha[l + i * lda]) as f64 * from16(hb[l + j * ldb]) as f64)
                .sum();
            let want = 0.75 * s + 0.5 * hc[idx] as f64;
            assert!(
                (got[idx] as f64 - want).abs() <= 1e-3 * (1.0 + want.abs()),
                "{m}x{n}x{k} ({i},{j}): {} vs {want}",
                got[idx]
            );
        }
    }
}

#[test]
fn tensor_core_gemm_matches_reference_on_edge_sizes() {
    use cutlet::cuda::mma::{
        SM80_16x8x16_F32BF16BF16F32_TN as Bf16, SM80_16x8x16_F32F16F16F32_TN as F16,
    };
    let bf = |x: f32| half::bf16::from_f32(x).to_bits();
    let bf_back = |x: u16| half::bf16::from_bits(x).to_f32();
    let hf = |x: f32| half::f16::from_f32(x).to_bits();
    let hf_back = |x: u16| half::f16::from_bits(x).to_f32();
    for (m, n, k) in [(1, 1, 8), (17, 9, 24), (130, 70, 40), (131, 129, 136)] {
        gemm_case::<Bf16>(m, n, k, bf, bf_back);
        gemm_case::<F16>(m, n, k, hf, hf_back);
    }
}
