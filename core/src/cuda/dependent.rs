//! Programmatic dependent launch (SM90's grid dependency control): a kernel launched
//! with [`LaunchConfig::dependent`](super::LaunchConfig::dependent) may start while
//! the previous kernel of its stream is still running, so its launch and prologue
//! overlap that kernel's tail. It calls [`griddepcontrol_wait`] before it reads or
//! writes anything that kernel may write, and [`griddepcontrol_launch_dependents`] once
//! the next kernel may start (CUTLASS's `wait_on_dependent_grids` and
//! `launch_dependent_grids`). Both are no-ops where the launch was not dependent, and
//! in the emulator, whose kernels run one after another.

/// `griddepcontrol.wait`: waits until the grids this one depends on have completed and
/// their memory operations are visible.
///
/// ```
/// use cutlet_core::cuda::{emu, griddepcontrol_wait, Dim3};
/// emu::launch(Dim3::x(2), Dim3::x(32), 0, griddepcontrol_wait).unwrap();
/// ```
#[inline(always)]
pub fn griddepcontrol_wait() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a wait on the launch's dependencies; no operands, no memory of its own.
    unsafe {
        core::arch::asm!("griddepcontrol.wait;", options(nostack))
    };
}

/// `griddepcontrol.launch_dependents`: lets the grid that depends on this one be
/// scheduled once every block of this grid has issued it or exited.
///
/// ```
/// use cutlet_core::cuda::{emu, griddepcontrol_launch_dependents, Dim3};
/// emu::launch(Dim3::x(2), Dim3::x(32), 0, griddepcontrol_launch_dependents).unwrap();
/// ```
#[inline(always)]
pub fn griddepcontrol_launch_dependents() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a scheduling hint; no operands, no memory.
    unsafe {
        core::arch::asm!("griddepcontrol.launch_dependents;", options(nostack))
    };
}
