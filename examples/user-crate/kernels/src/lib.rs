//! Row softmax, `y(i, j) = exp(x(i, j) - max_j x(i, :)) / sum_j exp(...)`, written with
//! cutlet's layouts: one warp per row, each lane striding over the row, the max and
//! the sum reduced with warp shuffles. The kernel is generic over the layouts of `x`
//! and `y` (row-major with a leading dimension here, any rank-2 layout in general);
//! the PTX entry [`softmax_rows`] fixes them. The same source runs on the GPU (PTX from
//! `cutlet-build`) and on cutlet's CPU emulator (this crate's tests).
#![no_std]
#![cfg_attr(target_arch = "nvptx64", feature(abi_ptx))]

use cutlet::cuda::{
    Dim3, GmemPtr, LaunchConfig, block_idx, lane_id, make_gmem_tensor, shfl_sync, warp_id,
};
use cutlet::prelude::*;

/// Warps (rows) per block.
pub const WARPS: usize = 4;

/// The launch for `m` rows: one warp each, [`WARPS`] per block.
///
/// ```
/// let c = softmax_kernels::launch_config(9);
/// assert_eq!((c.grid.x, c.block.x), (3, 128));
/// ```
pub fn launch_config(m: usize) -> LaunchConfig {
    LaunchConfig::new(Dim3::x(m.div_ceil(WARPS).max(1)), Dim3::x(32 * WARPS))
}

/// `e^x` from core arithmetic alone (nvptx has no libm): `2^k e^r` with
/// `k = round(x / ln 2)`, `r = x - k ln 2` in two parts, and a degree-6 polynomial
/// for `e^r` (relative error below 3e-7 for `x` in `[-87, 88]`; clamped outside).
///
/// ```
/// let e = softmax_kernels::exp(1.0);
/// assert!((e - core::f32::consts::E).abs() < 1e-6);
/// assert_eq!(softmax_kernels::exp(-1000.0), softmax_kernels::exp(-87.0));
/// ```
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_145_75;
    const LN2_LO: f32 = 1.428_606_8e-6;
    let x = x.clamp(-87.0, 88.0);
    let k = (x * core::f32::consts::LOG2_E + if x < 0.0 { -0.5 } else { 0.5 }) as i32;
    let kf = k as f32;
    let r = x - kf * LN2_HI - kf * LN2_LO;
    let p = 1.0
        + r * (1.0
            + r * (0.5 + r * (1.0 / 6.0 + r * (1.0 / 24.0 + r * (1.0 / 120.0 + r / 720.0)))));
    p * f32::from_bits(((k + 127) as u32) << 23)
}

/// The butterfly reduction of `v` over the warp with `op`: every lane gets the result.
#[inline(always)]
fn warp_reduce(mut v: f32, op: impl Fn(f32, f32) -> f32) -> f32 {
    let lane = lane_id();
    let mut o = 16;
    while o > 0 {
        v = op(v, f32::from_bits(shfl_sync(v.to_bits(), lane ^ o)));
        o /= 2;
    }
    v
}

/// Softmax of each row of `x` (laid out by `lx`, shape `(m, n)`) into `y` (laid out by
/// `ly`, same shape). Launch [`launch_config`]`(m)`.
///
/// ```
/// use cutlet::cuda::{emu::{self, DeviceVec}, GmemPtr};
/// use cutlet::prelude::*;
/// let (m, n) = (3, 5);
/// let x = DeviceVec::from_slice(&[0f32; 15]);
/// let y = DeviceVec::<f32>::zeroed(15);
/// let (px, py) = (x.ptr(), y.ptr());
/// emu::launch_config(softmax_kernels::launch_config(m), || {
///     softmax_kernels::row_softmax(px, py, layout!((m, n):(n, 1)), layout!((m, n):(n, 1)))
/// }).unwrap();
/// assert!(y.as_slice().iter().all(|&v| (v - 0.2).abs() < 1e-6));
/// ```
#[inline(always)]
pub fn row_softmax<LX: Layout, LY: Layout>(x: GmemPtr<f32>, y: GmemPtr<f32>, lx: LX, ly: LY) {
    let (m, n) = (size(get::<0, _>(lx)).value(), size(get::<1, _>(lx)).value());
    // SAFETY: the caller's buffers cover cosize(lx) and cosize(ly); each thread reads
    // and writes only row `i` at columns j < n, i < m, and rows belong to one warp.
    let (gx, mut gy) = unsafe { (make_gmem_tensor(x, lx), make_gmem_tensor(y, ly)) };
    let i = (block_idx().x * WARPS + warp_id()) as isize;
    if i >= m {
        return;
    }
    let lane = lane_id() as isize;
    let cols = || (lane..n).step_by(32);
    let max = warp_reduce(
        cols().fold(f32::NEG_INFINITY, |a, j| a.max(gx.get((i, j)))),
        f32::max,
    );
    let sum = warp_reduce(
        cols().fold(0.0, |a, j| a + exp(gx.get((i, j)) - max)),
        |a, b| a + b,
    );
    let inv = 1.0 / sum;
    for j in cols() {
        gy.set((i, j), exp(gx.get((i, j)) - max) * inv);
    }
}

/// The PTX entry: `x` and `y` are `m x n` row-major with leading dimensions `ldx` and
/// `ldy` (`(m, n):(ld, 1)`).
///
/// # Safety
/// `x` holds `(m - 1) * ldx + n` elements and `y` `(m - 1) * ldy + n`, not overlapping.
#[cutlet::kernel]
pub unsafe extern "ptx-kernel" fn softmax_rows(
    x: *const f32,
    y: *mut f32,
    m: usize,
    n: usize,
    ldx: usize,
    ldy: usize,
) {
    // SAFETY: the caller's contract above is the kernel's.
    let (x, y) = unsafe { (GmemPtr::new(x.cast_mut()), GmemPtr::new(y)) };
    row_softmax(x, y, layout!((m, n):(ldx, 1)), layout!((m, n):(ldy, 1)))
}

#[cfg(target_arch = "nvptx64")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    cutlet::cuda::trap()
}
