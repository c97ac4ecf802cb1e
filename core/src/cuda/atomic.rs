//! Global-memory atomics and fences at GPU scope: how the CTAs of one launch hand
//! results to each other (a split-K fix-up counts the partial tiles that have arrived,
//! and the last one to arrive reads them). The pattern is CUTLASS's generic barrier:
//! the writers of a block meet at a barrier, one thread releases their writes with a
//! GPU-scope fence and an atomic, and the reader acquires them the same way before its
//! block meets again and reads.

/// `atom.add.acq_rel.gpu.global.u32`: adds `v` to the counter at `p` and returns its old
/// value, releasing this thread's earlier writes (and, after a block barrier, its
/// block's) and acquiring those released by the additions before it.
///
/// ```
/// use cutlet_core::cuda::{atomic_add_acq_rel, emu, Dim3};
/// let mut n = [0u32; 1];
/// let p = n.as_mut_ptr() as usize;
/// // SAFETY: `n` outlives the launch; every access to it is atomic.
/// emu::launch(Dim3::x(3), Dim3::x(32), 0, || unsafe {
///     atomic_add_acq_rel(p as *mut u32, 1);
/// }).unwrap();
/// assert_eq!(n[0], 96);
/// ```
///
/// # Safety
/// `p` is a 4-byte aligned address in global memory that every thread of the launch
/// accesses only atomically while the kernel runs.
#[inline(always)]
#[track_caller]
pub unsafe fn atomic_add_acq_rel(p: *mut u32, v: u32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let old: u32;
        // SAFETY: the caller's contract.
        unsafe {
            core::arch::asm!(
                "atom.add.acq_rel.gpu.global.u32 {o}, [{p}], {v};",
                o = out(reg32) old,
                p = in(reg64) p,
                v = in(reg32) v,
                options(nostack)
            )
        };
        old
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        use super::emu::sanitizer::{Instr, Op, Origin, access};
        let a = p as usize;
        access(a, 4, Origin::raw(a), Op::Read, Instr::Atomic);
        access(a, 4, Origin::raw(a), Op::Write, Instr::Atomic);
        super::emu::sanitizer::acq_rel(a);
        // SAFETY: the caller's contract: aligned, live, accessed only atomically.
        let c = unsafe { core::sync::atomic::AtomicU32::from_ptr(p) };
        c.fetch_add(v, core::sync::atomic::Ordering::AcqRel)
    }
}

/// `st.relaxed.gpu.global.u32`: sets the counter at `p` to `v` (a split-K fix-up resets
/// its counter for the next launch).
///
/// ```
/// use cutlet_core::cuda::{store_relaxed, emu, Dim3};
/// let mut n = [7u32; 1];
/// let p = n.as_mut_ptr() as usize;
/// // SAFETY: as `atomic_add_acq_rel`'s example; one thread stores.
/// emu::launch(Dim3::x(1), Dim3::x(1), 0, || unsafe { store_relaxed(p as *mut u32, 0) }).unwrap();
/// assert_eq!(n[0], 0);
/// ```
///
/// # Safety
/// As [`atomic_add_acq_rel`].
#[inline(always)]
#[track_caller]
pub unsafe fn store_relaxed(p: *mut u32, v: u32) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: the caller's contract.
    unsafe {
        core::arch::asm!(
            "st.relaxed.gpu.global.u32 [{p}], {v};",
            p = in(reg64) p,
            v = in(reg32) v,
            options(nostack)
        )
    };
    #[cfg(not(target_arch = "nvptx64"))]
    {
        use super::emu::sanitizer::{Instr, Op, Origin, access};
        let a = p as usize;
        access(a, 4, Origin::raw(a), Op::Write, Instr::Atomic);
        // SAFETY: the caller's contract.
        let c = unsafe { core::sync::atomic::AtomicU32::from_ptr(p) };
        c.store(v, core::sync::atomic::Ordering::Relaxed)
    }
}
