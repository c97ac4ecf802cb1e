//! SM80 `cp.async`: copies from global to shared memory that complete in the
//! background, in commit groups (CuTe's `SM80_CP_ASYNC_CACHEALWAYS`/`CACHEGLOBAL` and
//! `cp_async_fence`/`cp_async_wait`). A copy's destination may be read only after a
//! [`cp_async_wait`] that covers its group (and, for other threads, a barrier after it).
//!
//! The emulator keeps each thread's copies pending until the wait that covers them, so a
//! kernel that reads shared memory too early sees stale data there too.

/// Starts copying `N` bytes (4, 8 or 16; `T` is the unit, e.g.
/// [`U128`](super::U128)) from `src` (global) to `dst` (shared), caching in L1 and L2
/// (`cp.async.ca`), or zero-filling `dst` when `pred` is false (nothing is read).
///
/// # Safety
/// `src` is valid for reading a `T` when `pred` holds; `dst` is a shared-memory address
/// valid for writing a `T`; nothing reads or writes `dst` until a [`cp_async_wait`]
/// covering this copy has returned.
///
/// ```
/// use cutlet_core::cuda::{cp_async, emu, Dim3, SmemBuffer, U128};
/// use cutlet_core::prelude::*;
/// let src = [U128([1, 2, 3, 4])];
/// let p = cutlet_core::cuda::GmemPtr::from_slice(&src);
/// emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
///     // SAFETY: nothing else touches the buffer.
///     let mut s = unsafe { SmemBuffer::dynamic().alloc::<U128, _>(layout!(1)) };
///     let dst = s.engine().as_ptr();
///     // SAFETY: one valid element each side; read only after the wait.
///     unsafe { cp_async::cp_async_ca(dst, p.as_ptr(), true) };
///     cp_async::cp_async_fence();
///     cp_async::cp_async_wait::<0>();
///     assert_eq!(s.get(0usize), U128([1, 2, 3, 4]));
/// }).unwrap();
/// ```
#[inline(always)]
pub unsafe fn cp_async_ca<T: Copy>(dst: *mut T, src: *const T, pred: bool) {
    let n = core::mem::size_of::<T>();
    debug_assert!(
        n == 4 || n == 8 || n == 16,
        "cp.async moves 4, 8 or 16 bytes"
    );
    #[cfg(target_arch = "nvptx64")]
    {
        let z = if pred { n as u32 } else { 0 };
        macro_rules! ca {
            ($n:literal) => {
                core::arch::asm!(
                    concat!("{{ .reg .u64 s, g; .reg .u32 s32; cvta.to.shared.u64 s, {d}; cvt.u32.u64 s32, s; cvta.to.global.u64 g, {p}; cp.async.ca.shared.global [s32], [g], ", $n, ", {z}; }}"),
                    d = in(reg64) dst, p = in(reg64) src, z = in(reg32) z, options(nostack)
                )
            };
        }
        // SAFETY: the caller's contract.
        unsafe {
            match n {
                4 => ca!(4),
                8 => ca!(8),
                _ => ca!(16),
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::cp_async_push(dst as usize, src as usize, n, pred, raw(dst, src));
}

/// A raw `cp.async`'s addresses, as the sanitizer sees them.
#[cfg(not(target_arch = "nvptx64"))]
fn raw<T>(dst: *mut T, src: *const T) -> super::emu::AsyncOrigins {
    use super::emu::sanitizer::Origin;
    (Origin::raw(dst as usize), Origin::raw(src as usize))
}

/// As [`cp_async_ca`], caching in L2 only (`cp.async.cg`); 16 bytes.
///
/// # Safety
/// As [`cp_async_ca`].
///
/// ```
/// use cutlet_core::cuda::{cp_async, emu, Dim3, SmemBuffer, U128};
/// use cutlet_core::prelude::*;
/// emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
///     // SAFETY: nothing else touches the buffer.
///     let s = unsafe { SmemBuffer::dynamic().alloc::<U128, _>(layout!(1)) };
///     // SAFETY: a false predicate reads nothing and zero-fills the destination.
///     unsafe { cp_async::cp_async_cg(s.engine().as_ptr(), core::ptr::null(), false) };
///     cp_async::cp_async_wait_all();
///     assert_eq!(s.get(0usize), U128([0; 4]));
/// }).unwrap();
/// ```
#[inline(always)]
pub unsafe fn cp_async_cg(dst: *mut super::U128, src: *const super::U128, pred: bool) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: the caller's contract.
    unsafe {
        core::arch::asm!(
            "{{ .reg .u64 s, g; .reg .u32 s32; cvta.to.shared.u64 s, {d}; cvt.u32.u64 s32, s; cvta.to.global.u64 g, {p}; cp.async.cg.shared.global [s32], [g], 16, {z}; }}",
            d = in(reg64) dst, p = in(reg64) src, z = in(reg32) if pred { 16u32 } else { 0 },
            options(nostack)
        )
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::cp_async_push(dst as usize, src as usize, 16, pred, raw(dst, src));
}

/// Closes this thread's current group of copies (`cp.async.commit_group`, CuTe's
/// `cp_async_fence`).
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::cp_async::cp_async_fence()).unwrap();
/// ```
#[inline(always)]
pub fn cp_async_fence() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands.
    unsafe {
        core::arch::asm!("cp.async.commit_group;", options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::cp_async_commit();
}

/// Waits until at most `N` of this thread's committed groups are still in flight
/// (`cp.async.wait_group N`, CuTe's `cp_async_wait<N>`).
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::cp_async::cp_async_wait::<1>()).unwrap();
/// ```
#[inline(always)]
pub fn cp_async_wait<const N: usize>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands; orders this thread's own copies.
    unsafe {
        core::arch::asm!("cp.async.wait_group {n};", n = const N, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::cp_async_wait(N);
}

/// [`cp_async_wait`] with a count known only after monomorphization (a pipeline depth
/// from a generic configuration): `cp.async.wait_group n` for `n < 8`, and for larger
/// `n` the wait for 7, which waits for more and so is as correct.
///
/// ```
/// use cutlet_core::cuda::{cp_async::cp_async_wait_n, emu, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(1), 0, || cp_async_wait_n(2)).unwrap();
/// ```
#[inline(always)]
pub fn cp_async_wait_n(n: usize) {
    match n {
        0 => cp_async_wait::<0>(),
        1 => cp_async_wait::<1>(),
        2 => cp_async_wait::<2>(),
        3 => cp_async_wait::<3>(),
        4 => cp_async_wait::<4>(),
        5 => cp_async_wait::<5>(),
        6 => cp_async_wait::<6>(),
        _ => cp_async_wait::<7>(),
    }
}

/// Commits and waits for every copy of this thread (`cp.async.wait_all`).
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::cp_async::cp_async_wait_all()).unwrap();
/// ```
#[inline(always)]
pub fn cp_async_wait_all() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands.
    unsafe {
        core::arch::asm!("cp.async.wait_all;", options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::cp_async_commit();
        super::emu::cp_async_wait(0);
    }
}

/// Arrives on `bar` once every `cp.async` this thread has issued so far has completed
/// (`cp.async.mbarrier.arrive.noinc`; CUTLASS's `cpasync_barrier_arrive_noinc`), so a
/// thread that copies into a pipeline stage publishes its copies with the stage's
/// full barrier, without waiting for them. `noinc`: the arrival is one of those the
/// barrier's [`init`](super::Mbarrier::init) counts.
///
/// The emulator completes the thread's copies, then arrives.
///
/// ```
/// use cutlet_core::cuda::{cp_async, emu, Dim3, Mbarrier, SmemBuffer};
/// use cutlet_core::prelude::*;
/// let src = [7f32];
/// let p = cutlet_core::cuda::GmemPtr::from_slice(&src);
/// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
///     let mut smem = SmemBuffer::dynamic();
///     // SAFETY: fresh shared memory: a barrier, then a word the copy alone writes
///     // before the barrier's phase completes.
///     let (b, s) = unsafe {
///         (
///             Mbarrier::at(smem.alloc::<u64, _>(layout!(1)).engine().as_ptr()),
///             smem.alloc::<f32, _>(layout!(1)),
///         )
///     };
///     b.init(1);
///     // SAFETY: one valid element each side; read only after the barrier's phase.
///     unsafe { cp_async::cp_async_ca(s.engine().as_ptr(), p.as_ptr(), true) };
///     cp_async::cp_async_mbarrier_arrive_noinc(b);
///     b.wait(0);
///     assert_eq!(s.get(0usize), 7.0);
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn cp_async_mbarrier_arrive_noinc(bar: super::Mbarrier) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: `bar` is an initialised barrier in shared memory (`Mbarrier`'s contract).
    unsafe {
        core::arch::asm!(
            "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [{a}];",
            a = in(reg32) bar.smem_addr(),
            options(nostack)
        )
    };
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::cp_async_commit();
        super::emu::cp_async_wait(0);
        bar.arrive();
    }
}
