//! Timing with CUDA events: warm up, then time each run separately and report the
//! median and the spread (min..max).

use cudarc::driver::{CudaStream, DriverError, sys};
use std::sync::Arc;

/// Milliseconds of `runs` timed calls of `f` after `warmup` untimed ones, sorted.
pub fn time_ms<E: From<DriverError>>(
    stream: &Arc<CudaStream>,
    warmup: usize,
    runs: usize,
    mut f: impl FnMut() -> Result<(), E>,
) -> Result<Vec<f64>, E> {
    for _ in 0..warmup {
        f()?;
    }
    let ctx = stream.context();
    let mut out = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
        let end = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
        start.record(stream)?;
        f()?;
        end.record(stream)?;
        out.push(start.elapsed_ms(&end)? as f64);
    }
    out.sort_by(f64::total_cmp);
    Ok(out)
}

/// Milliseconds per call of `runs` calls of `f` queued back to back between two events
/// (after one warm-up call), and the host's milliseconds per call to queue them.
pub fn time_batch<E: From<DriverError>>(
    stream: &Arc<CudaStream>,
    runs: usize,
    mut f: impl FnMut() -> Result<(), E>,
) -> Result<(f64, f64), E> {
    f()?;
    let ctx = stream.context();
    let start = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
    let end = ctx.new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))?;
    stream.synchronize()?;
    start.record(stream)?;
    let host = std::time::Instant::now();
    for _ in 0..runs {
        f()?;
    }
    let host = host.elapsed().as_secs_f64() * 1e3;
    end.record(stream)?;
    let gpu = start.elapsed_ms(&end)? as f64;
    Ok((gpu / runs as f64, host / runs as f64))
}

/// Median of sorted samples.
pub fn median(s: &[f64]) -> f64 {
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

/// `median (min..max)` of a rate computed from each sample (`work / ms`).
pub fn rate(samples: &[f64], work: f64) -> (f64, f64, f64) {
    let r = |ms: f64| work / (ms * 1e-3);
    (
        r(median(samples)),
        r(samples[samples.len() - 1]),
        r(samples[0]),
    )
}

/// A rate in TFLOP/s as the tables print it: `median (min..max)`.
pub fn tflops((median, min, max): (f64, f64, f64)) -> String {
    format!(
        "{:.0} ({:.0}..{:.0})",
        median / 1e12,
        min / 1e12,
        max / 1e12
    )
}
