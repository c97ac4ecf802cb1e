//! `softmax-app`: runs the softmax kernel (built to PTX by this crate's build script)
//! on the GPU through cutlet-cuda's typed launch, checks it against the CPU, and shows
//! what a bad input reports.

use cutlet::prelude::*;
use cutlet_cuda::{DeviceTensor, Module};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            println!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool, Box<dyn std::error::Error>> {
    let ctx = cudarc::driver::CudaContext::new(0)?;
    let stream = ctx.default_stream();
    let module = Module::load(&ctx, softmax_app::PTX)?;
    // The handle's type comes from the kernel's own signature: a launch with other
    // arguments does not compile.
    let f = module.function(softmax_kernels::softmax_rows)?;
    let mut ok = true;
    for (m, n, ld) in [(1usize, 1usize, 1usize), (1000, 37, 40), (4096, 4096, 4096)] {
        let x: Vec<f32> = (0..m * ld)
            .map(|i| ((i * 7919) % 1000) as f32 / 100.0)
            .collect();
        let dx = DeviceTensor::from_host(&stream, &x, layout!((m, n):(ld, 1)))?;
        let mut dy = DeviceTensor::<f32, _>::zeros(&stream, layout!((m, n):(n, 1)))?;
        softmax_app::softmax(&stream, &f, &dx, &mut dy)?;
        let y = dy.to_host(&stream)?;
        let mut err = 0f64;
        for i in 0..m {
            let row = &x[i * ld..i * ld + n];
            let max = row.iter().fold(f64::NEG_INFINITY, |a, &v| a.max(v as f64));
            let sum: f64 = row.iter().map(|&v| (v as f64 - max).exp()).sum();
            for j in 0..n {
                let want = (row[j] as f64 - max).exp() / sum;
                err = err.max((y[i * n + j] as f64 - want).abs());
            }
        }
        let pass = err < 1e-6;
        ok &= pass;
        println!(
            "softmax {m}x{n} (ld {ld}) on {}: max abs error {err:.2e} {}",
            module.target(),
            if pass { "ok" } else { "FAILED" }
        );
    }
    // A y with the wrong shape is refused before the kernel runs.
    let dx = DeviceTensor::from_host(&stream, &[0f32; 12], layout!((3, 4):(4, 1)))?;
    let mut dy = DeviceTensor::<f32, _>::zeros(&stream, layout!((3, 5):(5, 1)))?;
    println!(
        "bad shape: error: {}",
        softmax_app::softmax(&stream, &f, &dx, &mut dy).unwrap_err()
    );
    Ok(ok)
}
