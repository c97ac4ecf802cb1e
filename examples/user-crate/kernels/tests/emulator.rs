//! The softmax kernel on cutlet's CPU emulator against an f64 reference, on generated
//! shapes: ragged row lengths around the warp width, padded leading dimensions, rows
//! that do not fill the last block, and large magnitudes.

use cutlet::cuda::emu::{self, DeviceVec};
use cutlet::prelude::*;
use softmax_kernels::{launch_config, row_softmax};

fn reference(x: &[f32], m: usize, n: usize, ld: usize) -> Vec<f64> {
    let mut y = vec![0f64; m * n];
    for i in 0..m {
        let row = &x[i * ld..i * ld + n];
        let max = row.iter().fold(f64::NEG_INFINITY, |a, &v| a.max(v as f64));
        let sum: f64 = row.iter().map(|&v| (v as f64 - max).exp()).sum();
        for j in 0..n {
            y[i * n + j] = (row[j] as f64 - max).exp() / sum;
        }
    }
    y
}

#[test]
fn softmax_matches_f64_on_generated_shapes() {
    let mut seed = 0x2545_f491_u32;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        seed
    };
    for (m, n, pad, scale) in [
        (1, 1, 0, 1.0),
        (5, 31, 3, 4.0),
        (4, 32, 0, 1.0),
        (7, 33, 1, 30.0),
        (9, 100, 8, 0.5),
        (2, 257, 0, 60.0),
    ] {
        let ld = n + pad;
        let x: Vec<f32> = (0..m * ld)
            .map(|_| (rnd() % 2001) as f32 / 1000.0 * scale - scale)
            .collect();
        let (dx, dy) = (DeviceVec::from_slice(&x), DeviceVec::<f32>::zeroed(m * n));
        let (px, py) = (dx.ptr(), dy.ptr());
        emu::launch_config(launch_config(m), || {
            row_softmax(px, py, layout!((m, n):(ld, 1)), layout!((m, n):(n, 1)))
        })
        .unwrap();
        let want = reference(&x, m, n, ld);
        for (k, (&g, &w)) in dy.as_slice().iter().zip(&want).enumerate() {
            assert!(
                (g as f64 - w).abs() <= 1e-6 + 2e-6 * w,
                "m={m} n={n} ld={ld}: y[{k}] = {g}, want {w}"
            );
        }
    }
}

#[test]
fn exp_is_close_to_std_everywhere_it_is_used() {
    for i in -870..=880 {
        let x = i as f32 / 10.0;
        let (g, w) = (softmax_kernels::exp(x) as f64, (x as f64).exp());
        assert!((g - w).abs() <= 3e-7 * w, "exp({x}) = {g}, want {w}");
    }
}
