//! Block-wide barriers.

/// CUDA's `__syncthreads()`: waits until every thread of the block reaches this barrier;
/// shared-memory writes before it are visible to every thread after it. In the emulator a
/// barrier that cannot complete (threads waiting at different barriers, or some exited)
/// fails the launch with the call sites instead of hanging.
///
/// ```
/// use cutlet_core::cuda::{emu, syncthreads, thread_idx, Dim3};
/// let r = emu::launch(Dim3::x(1), Dim3::x(2), 0, || {
///     if thread_idx().x == 0 {
///         syncthreads(); // thread 1 never arrives
///     }
/// });
/// assert!(r.unwrap_err().to_string().contains("syncthreads"));
/// ```
#[inline(always)]
#[track_caller]
pub fn syncthreads() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: `bar.sync 0` has no memory-safety preconditions.
    unsafe {
        core::arch::nvptx::_syncthreads()
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::block_barrier(core::panic::Location::caller());
}

/// Aborts the kernel (PTX `trap`); the host sees a launch failure. In the emulator it
/// fails the launch. Kernels' `#[panic_handler]` calls it.
///
/// ```
/// use cutlet_core::cuda::{emu, trap, Dim3};
/// assert!(emu::launch(Dim3::x(1), Dim3::x(1), 0, || trap()).is_err());
/// ```
#[inline(always)]
pub fn trap() -> ! {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: `trap` ends the kernel; it has no other effect.
    unsafe {
        core::arch::nvptx::trap()
    }
    #[cfg(not(target_arch = "nvptx64"))]
    panic!("trap")
}
