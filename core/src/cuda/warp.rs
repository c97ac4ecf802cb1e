//! Warps: lane and warp numbers and the shuffle collective.

use super::{block_dim, thread_idx};

/// Threads per warp.
pub const WARP_SIZE: usize = 32;

/// This thread's lane in its warp (`%laneid`): its linear index in the block mod 32.
///
/// ```
/// use cutlet_core::cuda::{emu, lane_id, thread_idx, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(64), 0, || assert_eq!(lane_id(), thread_idx().x % 32)).unwrap();
/// ```
#[inline(always)]
pub fn lane_id() -> usize {
    thread_idx().linear(block_dim()) % WARP_SIZE
}

/// This thread's warp in its block: its linear index in the block / 32.
///
/// ```
/// use cutlet_core::cuda::{emu, warp_id, thread_idx, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(64), 0, || assert_eq!(warp_id(), thread_idx().x / 32)).unwrap();
/// ```
#[inline(always)]
pub fn warp_id() -> usize {
    thread_idx().linear(block_dim()) / WARP_SIZE
}

/// CUDA's `__shfl_sync(0xffffffff, value, src_lane)`: every lane of the (full) warp
/// gets `value` from lane `src_lane % 32`.
///
/// ```
/// use cutlet_core::cuda::{emu, lane_id, shfl_sync, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     let v = shfl_sync(lane_id() as u32 * 10, (lane_id() + 1) % 32);
///     assert_eq!(v as usize, (lane_id() + 1) % 32 * 10);
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn shfl_sync(value: u32, src_lane: usize) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: a register-only warp shuffle over the full warp; every lane executes it.
        unsafe {
            core::arch::asm!(
                "shfl.sync.idx.b32 {r}, {v}, {s}, 31, -1;",
                r = out(reg32) r,
                v = in(reg32) value,
                s = in(reg32) src_lane as u32,
                options(nomem, nostack)
            )
        };
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::warp_all_gather(value)[src_lane % WARP_SIZE]
    }
}

/// CUDA's `__shfl_xor_sync(0xffffffff, value, mask)`: every lane of the (full) warp gets
/// `value` from lane `lane ^ mask` (`shfl.sync.bfly`): the butterfly of a reduction
/// within groups of lanes (FlashAttention's row reductions over the 4 lanes of a quad).
///
/// ```
/// use cutlet_core::cuda::{emu, lane_id, shfl_xor_sync, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///     let v = shfl_xor_sync(lane_id() as u32, 1);
///     assert_eq!(v as usize, lane_id() ^ 1);
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn shfl_xor_sync(value: u32, mask: u32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: a register-only warp shuffle over the full warp; every lane executes it.
        unsafe {
            core::arch::asm!(
                "shfl.sync.bfly.b32 {r}, {v}, {m}, 31, -1;",
                r = out(reg32) r,
                v = in(reg32) value,
                m = in(reg32) mask,
                options(nomem, nostack)
            )
        };
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let lane = lane_id();
        super::emu::warp_all_gather(value)[(lane ^ mask as usize) % WARP_SIZE]
    }
}
