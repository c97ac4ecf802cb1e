//! SM90 transaction barriers in shared memory (`mbarrier`, CUTLASS's `ClusterBarrier`
//! and `ClusterTransactionBarrier`): a barrier counts arrivals and transaction bytes per
//! phase; a phase completes when both reach zero, and waiters name the phase they wait
//! for by its parity. TMA loads complete on one ([`tma`](super::tma)), and
//! [`PipelineTmaAsync`](super::pipeline::PipelineTmaAsync) is built from them.
//!
//! The emulator keeps the PTX ISA's state per barrier and fails the launch, with each
//! waiter and each barrier's counts, where the GPU would hang (every thread waits or has
//! exited) or silently misbehave (use before `init`, more arrivals than the count).

/// One mbarrier: a handle to its 8 bytes of shared memory.
///
/// ```
/// use cutlet_core::cuda::{emu, fence_barrier_init, syncthreads, thread_idx, Dim3, Mbarrier, SmemBuffer};
/// use cutlet_core::prelude::*;
/// emu::launch(Dim3::x(1), Dim3::x(64), 128, || {
///     // SAFETY: the barrier's 8 bytes are used only through `Mbarrier`.
///     let bar = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
///     if thread_idx().x == 0 {
///         bar.init(64);
///         fence_barrier_init();
///     }
///     syncthreads();
///     bar.arrive();
///     bar.wait(0); // phase 0 completes when all 64 threads have arrived
///     assert!(bar.test_wait(0) && !bar.test_wait(1));
/// }).unwrap();
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Mbarrier {
    addr: u32,
}

impl Mbarrier {
    /// The barrier stored at `p`.
    ///
    /// # Safety
    /// `p` is an 8-byte aligned shared-memory address that nothing but `Mbarrier`
    /// handles reads or writes while the barrier is in use.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// use cutlet_core::prelude::*;
    /// emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     assert_eq!(b.smem_addr(), 0);
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub unsafe fn at(p: *mut u64) -> Self {
        Mbarrier {
            addr: super::cast_smem_ptr_to_uint(p),
        }
    }

    /// The barrier's `.shared` address (what the instructions take).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(4)).engine().as_ptr().add(2)) };
    ///     assert_eq!(b.smem_addr(), 16);
    /// }).unwrap();
    /// ```
    #[inline(always)]
    pub fn smem_addr(self) -> u32 {
        self.addr
    }

    /// The barrier `i` places after this one in an array of barriers.
    #[inline(always)]
    pub(crate) fn offset(self, i: usize) -> Mbarrier {
        Mbarrier {
            addr: self.addr + 8 * i as u32,
        }
    }

    /// `mbarrier.init` with `count` expected arrivals per phase (1 ≤ count < 2^20), by
    /// one thread, followed by [`fence_barrier_init`] and a barrier before any other
    /// thread uses it (CuTe's `initialize_barrier`).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.init(0);
    /// });
    /// assert!(r.unwrap_err().to_string().contains("count 0 is outside 1..2^20"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn init(self, count: u32) {
        #[cfg(target_arch = "nvptx64")]
        // SAFETY: `addr` is the barrier's shared address (`at`'s contract).
        unsafe {
            core::arch::asm!("mbarrier.init.shared::cta.b64 [{a}], {c};", a = in(reg32) self.addr, c = in(reg32) count, options(nostack))
        };
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| t.cluster.mbar.init(t.mbar_key(self.addr), count));
    }

    /// One arrival (`mbarrier.arrive`; CUTLASS's `ClusterBarrier::arrive`).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.arrive(); // never initialised
    /// });
    /// assert!(r.unwrap_err().to_string().contains("never initialised"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn arrive(self) {
        #[cfg(target_arch = "nvptx64")]
        // SAFETY: as `init`.
        unsafe {
            core::arch::asm!("mbarrier.arrive.shared::cta.b64 _, [{a}];", a = in(reg32) self.addr, options(nostack))
        };
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| t.cluster.mbar.arrive(t.mbar_key(self.addr), 1, 0));
    }

    /// Raises the phase's expected transaction bytes by `bytes`, then arrives, in one
    /// step (`mbarrier.arrive.expect_tx`; CUTLASS's `arrive_and_expect_tx`): what the
    /// thread that issues a TMA load does before the copy.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.init(1);
    ///     b.arrive_and_expect_tx(64); // no copy will ever bring the 64 bytes
    ///     b.wait(0);
    /// });
    /// assert!(r.unwrap_err().to_string().contains("64 transaction bytes pending"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn arrive_and_expect_tx(self, bytes: u32) {
        #[cfg(target_arch = "nvptx64")]
        // SAFETY: as `init`.
        unsafe {
            core::arch::asm!("mbarrier.arrive.expect_tx.shared::cta.b64 _, [{a}], {b};", a = in(reg32) self.addr, b = in(reg32) bytes, options(nostack))
        };
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| {
            t.cluster
                .mbar
                .arrive(t.mbar_key(self.addr), 1, i64::from(bytes))
        });
    }

    /// Raises the phase's expected transaction bytes without arriving
    /// (`mbarrier.expect_tx`; CUTLASS's `expect_transaction`).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.init(1);
    ///     b.expect_tx(0);
    ///     b.arrive();
    ///     assert!(b.test_wait(0));
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn expect_tx(self, bytes: u32) {
        #[cfg(target_arch = "nvptx64")]
        // SAFETY: as `init`.
        unsafe {
            core::arch::asm!("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [{a}], {b};", a = in(reg32) self.addr, b = in(reg32) bytes, options(nostack))
        };
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| {
            t.cluster
                .mbar
                .transaction(t.mbar_key(self.addr), i64::from(bytes))
        });
    }

    /// Whether the phase of parity `phase` has completed, without waiting
    /// (`mbarrier.test_wait.parity`).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.init(1);
    ///     // A fresh barrier: the phase "before" phase 0 (parity 1) counts as complete,
    ///     // which is why a producer starts waiting on empty slots with parity 1.
    ///     assert!(b.test_wait(1) && !b.test_wait(0));
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn test_wait(self, phase: u32) -> bool {
        #[cfg(target_arch = "nvptx64")]
        {
            let r: u32;
            // SAFETY: as `init`; reads the barrier only.
            unsafe {
                core::arch::asm!(
                    "{{ .reg .pred p; mbarrier.test_wait.parity.shared::cta.b64 p, [{a}], {ph}; selp.u32 {r}, 1, 0, p; }}",
                    a = in(reg32) self.addr, ph = in(reg32) phase, r = out(reg32) r, options(nostack)
                )
            };
            r != 0
        }
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| t.cluster.mbar.test(t.mbar_key(self.addr), phase))
    }

    /// Waits until the phase of parity `phase` has completed (a `mbarrier.try_wait.parity`
    /// loop; CUTLASS's `ClusterBarrier::wait`). In the emulator a wait that can never
    /// complete fails the launch, naming every waiter and the barriers' counts.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// let r = emu::launch(Dim3::x(1), Dim3::x(2), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     if cutlet_core::cuda::thread_idx().x == 0 {
    ///         b.init(2);
    ///     }
    ///     cutlet_core::cuda::syncthreads();
    ///     b.arrive();
    ///     b.wait(1); // the wrong parity: phase 0 completes, phase 1 never does
    /// });
    /// assert!(r.unwrap_err().to_string().contains("waits for parity 1"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn wait(self, phase: u32) {
        #[cfg(target_arch = "nvptx64")]
        loop {
            let r: u32;
            // SAFETY: as `init`; suspends for up to the hardware's time limit.
            unsafe {
                core::arch::asm!(
                    "{{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [{a}], {ph}, 10000000; selp.u32 {r}, 1, 0, p; }}",
                    a = in(reg32) self.addr, ph = in(reg32) phase, r = out(reg32) r, options(nostack)
                )
            };
            if r != 0 {
                break;
            }
        }
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| {
            t.cluster
                .mbar
                .wait(t.mbar_key(self.addr), phase, t.cluster_thread())
        });
    }

    /// One arrival on this barrier's twin in the cluster's CTA of rank `cta` (the same
    /// shared offset there; `mapa` then `mbarrier.arrive.shared::cluster`; CUTLASS's
    /// `ClusterBarrier::arrive(cta_id, pred)`): how a consumer releases a stage that its
    /// peers' multicast loads fill. A rank outside the cluster fails the launch.
    ///
    /// ```
    /// # use cutlet_core::cuda::{block_rank_in_cluster, cluster_sync, emu, Dim3, Mbarrier, SmemBuffer};
    /// # use cutlet_core::prelude::*;
    /// emu::launch_cluster(Dim3::x(2), Dim3::x(2), Dim3::x(1), 128, || {
    ///     // SAFETY: as `Mbarrier`'s example.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.init(1);
    ///     cluster_sync(); // both barriers are initialised
    ///     b.arrive_cluster(1 - block_rank_in_cluster()); // complete the peer's phase 0
    ///     b.wait(0);
    /// }).unwrap();
    /// let e = emu::launch(Dim3::x(1), Dim3::x(1), 128, || {
    ///     // SAFETY: as above.
    ///     let b = unsafe { Mbarrier::at(SmemBuffer::dynamic().alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
    ///     b.init(1);
    ///     b.arrive_cluster(1);
    /// }).unwrap_err();
    /// assert!(e.to_string().contains("CTA 1 is not in the cluster"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn arrive_cluster(self, cta: usize) {
        #[cfg(target_arch = "nvptx64")]
        // SAFETY: as `init`; `mapa` maps the offset into the peer's window of the cluster.
        unsafe {
            core::arch::asm!(
                "{{ .reg .b32 r; mapa.shared::cluster.u32 r, {a}, {c}; mbarrier.arrive.shared::cluster.b64 _, [r]; }}",
                a = in(reg32) self.addr, c = in(reg32) cta as u32, options(nostack)
            )
        };
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::with_thread(|t| {
            t.peer(cta, "mbarrier.arrive.shared::cluster");
            t.cluster.mbar.arrive((cta as u32, self.addr), 1, 0)
        });
    }

    /// The copy engine's side: `bytes` have landed in the CTA of rank `cta` of the cluster
    /// (what a TMA load does when its data arrives). Kernels do not call it; the emulated
    /// TMA does.
    #[cfg(not(target_arch = "nvptx64"))]
    #[track_caller]
    pub(crate) fn complete_tx(self, cta: usize, bytes: u32) {
        super::emu::with_thread(|t| {
            t.cluster
                .mbar
                .transaction((cta as u32, self.addr), -i64::from(bytes))
        });
    }
}

/// Makes barrier initialisation visible to the other threads and to the copy engine
/// (`fence.mbarrier_init.release.cluster`, CUTLASS's `fence_barrier_init`); a block
/// barrier must follow before others use the barriers.
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::fence_barrier_init()).unwrap();
/// ```
#[inline(always)]
pub fn fence_barrier_init() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a fence; no operands.
    unsafe {
        core::arch::asm!("fence.mbarrier_init.release.cluster;", options(nostack))
    };
}
