//! Warpgroups and warp specialization (SM90): the warpgroup index, register
//! reallocation between warpgroups (`setmaxnreg`, CUTLASS's `warpgroup_reg_alloc` /
//! `warpgroup_reg_dealloc`), named barriers over a subset of the block (`bar.sync id,
//! n`, CUTLASS's `NamedBarrier`) and electing one lane of a warp (`elect.sync`).

use super::{WARP_SIZE, block_dim, thread_idx};

/// Threads per warpgroup.
pub const WARPGROUP_SIZE: usize = 4 * WARP_SIZE;

/// This thread's warpgroup in its block (its linear index / 128; CUTLASS's
/// `canonical_warp_group_idx`).
///
/// ```
/// use cutlet_core::cuda::{emu, thread_idx, warp_group_idx, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(256), 0, || assert_eq!(warp_group_idx(), thread_idx().x / 128)).unwrap();
/// ```
#[inline(always)]
pub fn warp_group_idx() -> usize {
    thread_idx().linear(block_dim()) / WARPGROUP_SIZE
}

/// Checks a `setmaxnreg` count as ptxas does: 24..=256, a multiple of 8.
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn check_regs(n: u32) {
    if !(24..=256).contains(&n) || !n.is_multiple_of(8) {
        panic!("setmaxnreg {n}: the register count must be a multiple of 8 in 24..=256");
    }
}

/// Raises this warpgroup's registers per thread to `N` (`setmaxnreg.inc.sync.aligned`),
/// for the warpgroups that hold accumulators. The kernel entry must declare its block
/// size (`.maxntid`) for ptxas to honour it; every thread of the warpgroup executes it.
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::warpgroup_reg_alloc::<232>()).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn warpgroup_reg_alloc<const N: u32>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a register-budget hint; no memory is touched.
    unsafe {
        core::arch::asm!("setmaxnreg.inc.sync.aligned.u32 {n};", n = const N, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    check_regs(N);
}

/// Lowers this warpgroup's registers per thread to `N` (`setmaxnreg.dec.sync.aligned`),
/// for a producer warpgroup that needs few.
///
/// ```
/// let r = cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::warpgroup_reg_dealloc::<20>());
/// assert!(r.unwrap_err().to_string().contains("multiple of 8 in 24..=256"));
/// ```
#[inline(always)]
#[track_caller]
pub fn warpgroup_reg_dealloc<const N: u32>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: as `warpgroup_reg_alloc`.
    unsafe {
        core::arch::asm!("setmaxnreg.dec.sync.aligned.u32 {n};", n = const N, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    check_regs(N);
}

/// Waits until `threads` threads (a multiple of 32) have reached named barrier `id`
/// (1..16; 0 is [`syncthreads`](super::syncthreads)'s): CUTLASS's `NamedBarrier::sync`,
/// as `barrier.sync id, threads`, the form without `.aligned` (`bar.sync`), which may
/// be reached from different instructions: LLVM does not treat inline assembly as
/// convergent and may duplicate it into the arms of a branch before it, and an aligned
/// barrier reached that way is undefined (it hangs on an H200). Where every thread
/// reaches one instruction ptxas emits the same `BAR.SYNC`. In the emulator a count
/// that disagrees with other waiters, or a barrier that never fills, fails the launch.
///
/// ```
/// use cutlet_core::cuda::{emu, named_barrier_sync, thread_idx, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(128), 0, || {
///     if thread_idx().x >= 64 {
///         named_barrier_sync(1, 64); // only the second half of the block
///     }
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn named_barrier_sync(id: u32, threads: u32) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a barrier; no memory is touched.
    unsafe {
        core::arch::asm!("barrier.sync {i}, {n};", i = in(reg32) id, n = in(reg32) threads, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::named_barrier(id, threads as usize);
}

/// Counts this thread's arrival at named barrier `id` of `threads` threads without
/// waiting (CUTLASS's `NamedBarrier::arrive`, `barrier.arrive id, threads`, the form
/// without `.aligned`, as [`named_barrier_sync`]): the producer side of a barrier whose
/// consumers [`named_barrier_sync`] on it, as FlashAttention-3's warpgroups pass each
/// other the tensor cores. The barrier completes once `threads` threads have arrived or
/// synced; every generation must complete before the block exits (the emulator fails a
/// launch that leaves one short).
///
/// ```
/// use cutlet_core::cuda::{emu, named_barrier_arrive, named_barrier_sync, thread_idx, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(128), 0, || {
///     // The second half waits for the first half's arrival.
///     if thread_idx().x < 64 {
///         named_barrier_arrive(1, 128);
///     } else {
///         named_barrier_sync(1, 128);
///     }
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn named_barrier_arrive(id: u32, threads: u32) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a barrier arrival; no memory is touched.
    unsafe {
        core::arch::asm!("barrier.arrive {i}, {n};", i = in(reg32) id, n = in(reg32) threads, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::named_barrier_arrive(id, threads as usize);
}

/// Whether this thread is the one lane its (full, converged) warp elects
/// (`elect.sync`, CuTe's `elect_one_sync`): the lowest active lane.
///
/// ```
/// use cutlet_core::cuda::{elect_one_sync, emu, lane_id, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(64), 0, || assert_eq!(elect_one_sync(), lane_id() == 0)).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn elect_one_sync() -> bool {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: a warp vote; no memory is touched. Every lane executes it.
        unsafe {
            core::arch::asm!(
                "{{ .reg .pred p; .reg .b32 l; elect.sync l|p, 0xffffffff; selp.u32 {r}, 1, 0, p; }}",
                r = out(reg32) r, options(nostack)
            )
        };
        r != 0
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::warp_all_gather(()); // every lane of the warp must be here
        super::lane_id() == 0
    }
}
