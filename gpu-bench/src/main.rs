//! `cutlet-gpu-bench`: runs every kernel of `cutlet-kernels` on the GPU from its PTX (the
//! GEMMs through `cutlet-gemm`'s handles, one per configuration of the registry; the
//! others through `cutlet-cuda`'s typed handles), checks each against a CPU reference (sizes include
//! 1, primes and non-multiples of the tiles), then times them with CUDA events next to
//! the peer measured in the same run: the driver's device-to-device copy for the copy
//! and transpose kernels, cuBLAS for the GEMMs. Prints markdown tables; exits non-zero
//! if a check fails.
//!
//! ```text
//! cutlet-gpu-bench [--ptx target/ptx/sm_90/cutlet_kernels.ptx] [--ptx90a target/ptx/sm_90a/cutlet_kernels.ptx]
//!            [--check-only | --profile | --profile-hopper | --gemm-api | --sweep | --batched | --splits | --configs | --attention | --fp8 | --tf32 | --kernels]
//!            [--size MxNxK] [--only NAME]
//! ```
//! On a compute capability 9.0 device the sm_90a module's Hopper GEMMs are checked and
//! timed too (next to cuBLAS and the SM80 GEMM, same operands).
//! `cutlet_gemm::gemm` (the library path, its PTX built in) is checked on every element
//! type and operand orientation and timed next to cuBLAS; `--gemm-api` runs only that.
//! `--sweep` runs only the sweep of `gemm()` against cuBLAS (every type pair, pair of
//! majors and shape of `api::SWEEP`, or the `--size` given); `--splits` only the table
//! of Hopper kernels at each split of the reduction that `cutlet_gemm::k_split` is
//! fitted to (with `--only NAME`, those whose names contain `NAME`); `--configs` only the timing table of every configuration of every type
//! pair (Hopper, SM80, SIMT) at the `--size` given, each next to cuBLAS (what the
//! schedule rule of `cutlet_gemm::schedule` is chosen from), with `--only NAME` those
//! whose names contain `NAME`.
//! `--fp8` checks `cutlet_gemm::gemm_fp8` against the FP8 tensor cores' model and an
//! f64 reference and times it on the FP8 issue's shapes (`scaled_mm_peer.py` adds
//! PyTorch's `_scaled_mm` beside it); with `--profile`, one call of each accumulation
//! (promoted, fast, block-scaled) at `--size` (8192³ by default) for `ncu`.
//! `--batched` checks batched `gemm()` (rank-3 operands, one launch) and times it next to
//! cuBLAS's strided batched GEMM and to one `gemm()` per entry (`batched::BATCHES`).
//! `--tf32` checks the Hopper TF32 kernels against the emulator's model of the tensor
//! cores bit for bit and `gemm()` on tf32 operands at every orientation, then times
//! `gemm()` next to cuBLAS's TF32 GEMM on the sweep's shapes.
//! `--attention` checks `cutlet_attention::attention` on every configuration and times it
//! on the attention issue's shapes (`sdpa_peer.py` adds PyTorch's FA2 and cuDNN beside it);
//! with `--profile`, one call at 4 x 16 x 4096 x 128 for `ncu`.
//! `--kernels` checks only the copy, transpose and tile-copy kernels (each check launch
//! once: what `ncu`'s memory counters are compared with, `cutlet_core::analysis`).
//! `--profile` runs one bf16 SM80 tensor-core GEMM, then the same kernel with its shared
//! tiles unswizzled (`cutlet_gemm_tn_bf16_unswizzled`), and nothing else, for `ncu`;
//! `--profile-hopper` one GEMM of each Hopper configuration; both at 4096³ or at
//! `--size` (e.g. `3072x5120x1024`).
//! ```text
//! ```
//! libcuda is loaded at run time (cudarc's dynamic loading), so this builds anywhere.

mod api;
mod attention;
mod batched;
mod cublas;
mod elem;
mod fp8;
mod gemms;
mod kernels;
mod tf32;
mod timing;

use cudarc::driver::{CudaContext, sys};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<bool, Box<dyn std::error::Error>> {
    let mut ptx = String::from("target/ptx/sm_90/cutlet_kernels.ptx");
    let mut ptx90a = String::from("target/ptx/sm_90a/cutlet_kernels.ptx");
    let mut check_only = false;
    let mut kernels_only = false;
    let mut profile = false;
    let mut profile_hopper = false;
    let mut gemm_api = false;
    let (mut sweep, mut splits, mut attn, mut fp8, mut tf32) = (false, false, false, false, false);
    let mut batched = false;
    let mut size = None;
    let mut configs = false;
    let mut only = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--ptx" => ptx = args.next().ok_or("--ptx needs a path")?,
            "--ptx90a" => ptx90a = args.next().ok_or("--ptx90a needs a path")?,
            "--profile-hopper" => profile_hopper = true,
            "--gemm-api" => gemm_api = true,
            "--check-only" => check_only = true,
            "--kernels" => kernels_only = true,
            "--sweep" => sweep = true,
            "--batched" => batched = true,
            "--splits" => splits = true,
            "--configs" => configs = true,
            "--only" => only = Some(args.next().ok_or("--only needs part of a kernel name")?),
            "--attention" => attn = true,
            "--fp8" => fp8 = true,
            "--tf32" => tf32 = true,
            "--profile" => profile = true,
            "--size" => size = Some(parse_size(&args.next().ok_or("--size needs MxNxK")?)?),
            other => return Err(format!("unknown argument `{other}`").into()),
        }
    }
    let ctx = CudaContext::new(0)?;
    let attr = |a| ctx.attribute(a).unwrap_or(-1);
    println!(
        "device: {} (sm_{}{}), {} SMs, SM clock {} MHz, memory clock {} MHz, bus {} bits",
        ctx.name()?,
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_CLOCK_RATE) / 1000,
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE) / 1000,
        attr(sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH),
    );
    let stream = ctx.default_stream();
    if attn && profile {
        attention::profile_once(&stream, (4, 16, 4096, 128), false)?;
        return Ok(true);
    }
    if attn {
        let ok = attention::check_all(&stream)?;
        if ok && !check_only {
            attention::measure(&stream)?;
        }
        return Ok(ok);
    }
    if fp8 && profile {
        fp8::profile_once(&stream, size.unwrap_or((8192, 8192, 8192)))?;
        return Ok(true);
    }
    if fp8 {
        let ok = fp8::check_all(&stream)?;
        // Timed even where the model disagrees (the exit status says so): what each
        // accumulation costs is worth knowing either way.
        if !check_only {
            fp8::measure(&stream)?;
        }
        return Ok(ok);
    }
    if sweep {
        api::sweep(&stream, size)?;
        return Ok(true);
    }
    if batched {
        return batched::check_and_measure(&stream);
    }
    if gemm_api {
        let ok = api::check_all(&stream)?;
        if ok && !check_only {
            api::sweep(&stream, size)?;
        }
        return Ok(ok);
    }
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("reading {p}: {e}"));
    let (src, src90a) = (read(&ptx)?, read(&ptx90a).unwrap_or_default());
    let loading = std::time::Instant::now();
    let g = cutlet_gemm::Gemm::from_ptx(&ctx, &src, &src90a)?;
    println!(
        "loaded the GEMM kernels in {:.1} s",
        loading.elapsed().as_secs_f64()
    );
    if splits {
        gemms::split_table(&g, &stream, only.as_deref())?;
        return Ok(true);
    }
    if configs {
        let size = size.ok_or("--configs needs --size MxNxK")?;
        gemms::measure_all(&g, &stream, Some(size), only.as_deref())?;
        return Ok(true);
    }
    if tf32 {
        let ok = tf32::check_model(&g, &stream)?;
        let kernels = gemms::check_types::<cutlet_core::tfloat32::tf32, f32>(&g, &stream)?;
        let api = api::check_tf32(&stream)?;
        if !check_only {
            tf32::sweep(&stream)?;
        }
        return Ok(ok && kernels && api);
    }
    if profile || profile_hopper {
        if profile_hopper && !g.has_hopper() {
            return Err("--profile-hopper needs a compute capability 9.0 device".into());
        }
        let size = size.unwrap_or((4096, 4096, 4096));
        gemms::profile_once(&g, &stream, profile_hopper, size)?;
        if !profile_hopper {
            gemms::profile_unswizzled(&ctx, &src, &stream, size)?;
        }
        return Ok(true);
    }
    let k = kernels::Kernels::load(&ctx, &src)?;
    if kernels_only {
        return k.check_all();
    }
    let mut ok = k.check_all()?;
    ok &= gemms::check_all(&g, &stream)?;
    ok &= api::check_all(&stream)?;
    if ok && !check_only {
        k.measure_all()?;
        gemms::measure_all(&g, &stream, None, None)?;
        api::sweep(&stream, size)?;
    }
    Ok(ok)
}

/// `MxNxK` (three positive integers) as `(m, n, k)`; anything else is an error naming it.
fn parse_size(s: &str) -> Result<(usize, usize, usize), String> {
    let bad =
        || format!("--size `{s}`: expected MxNxK, three positive integers such as 3072x5120x1024");
    let v: Vec<usize> = s
        .split('x')
        .map(|t| t.parse::<usize>().ok().filter(|&x| x > 0))
        .collect::<Option<_>>()
        .ok_or_else(bad)?;
    match v[..] {
        [m, n, k] => Ok((m, n, k)),
        _ => Err(bad()),
    }
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse_or_name_the_bad_text() {
        assert_eq!(parse_size("3072x5120x1024"), Ok((3072, 5120, 1024)));
        for bad in [
            "", "4096", "1x2", "1x2x3x4", "0x1x1", "ax1x1", "1x-1x1", "1x2x",
        ] {
            let e = parse_size(bad).unwrap_err();
            assert!(
                e.contains(&format!("`{bad}`")) && e.contains("MxNxK"),
                "{e}"
            );
        }
    }
}
