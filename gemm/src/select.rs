//! Which Hopper schedule a bf16 TN GEMM runs, by shape. The rule is the H200 measurements
//! of the guide's table (`docs/guide/hopper-gemm.md`): ping-pong's 128x128 tiles win when the problem has
//! no more such tiles than the GPU has SMs (1024³: 106 against 88 TFLOP/s), a 2x1
//! cluster wins at long K (8192³: 760 against 746), the 1x1 cooperative kernel elsewhere
//! (3072x5120x1024: 425 against 348 for 2x1).

/// A Hopper kernel schedule (CUTLASS's names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// `KernelTmaWarpSpecializedCooperative`, 128x256 tiles, clusters of one.
    Cooperative,
    /// The same in 2x1 clusters, B multicast.
    Cooperative2x1,
    /// `KernelTmaWarpSpecializedPingpong`, 128x128 tiles.
    Pingpong,
}

/// The schedule for an `m x n x k` bf16 TN product on a GPU with `sms` SMs.
///
/// ```
/// use cutlet_gemm::{schedule, Schedule};
/// assert_eq!(schedule(1024, 1024, 1024, 132), Schedule::Pingpong);
/// assert_eq!(schedule(8192, 8192, 8192, 132), Schedule::Cooperative2x1);
/// assert_eq!(schedule(3072, 5120, 1024, 132), Schedule::Cooperative);
/// ```
pub fn schedule(m: usize, n: usize, k: usize, sms: usize) -> Schedule {
    if m.div_ceil(128) * n.div_ceil(128) <= sms {
        Schedule::Pingpong
    } else if k >= 4096 {
        Schedule::Cooperative2x1
    } else {
        Schedule::Cooperative
    }
}
