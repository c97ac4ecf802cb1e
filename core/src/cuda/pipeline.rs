//! CUTLASS's producer/consumer pipeline over TMA (`PipelineTmaAsync`, sm90_pipeline.hpp):
//! `S` stages, each with a *full* barrier (the producer's TMA loads complete on it) and an
//! *empty* barrier (the consumers arrive on it when they are done with the stage), and the
//! [`PipelineState`] that walks the stages and flips the phase on each wrap.

use super::{Mbarrier, SmemBuffer, fence_barrier_init};
use crate::prelude::*;

/// A position in a pipeline of `stages` stages: the stage, the phase parity to wait for,
/// and how many stages have been passed (CUTLASS's `PipelineState`; CUTLASS's stage count
/// is a template argument, here a value that folds where the configuration is static).
///
/// ```
/// use cutlet_core::cuda::PipelineState;
/// let mut s = PipelineState::producer_start(3);
/// assert_eq!((s.index(), s.phase()), (0, 1));
/// for _ in 0..3 { s.advance(); }
/// assert_eq!((s.index(), s.phase(), s.count()), (0, 0, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PipelineState {
    index: u32,
    phase: u32,
    count: u32,
    stages: u32,
}

impl PipelineState {
    /// A consumer's start: stage 0, waiting for the first phase (parity 0).
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::PipelineState::consumer_start(2).phase(), 0);
    /// ```
    #[inline(always)]
    pub const fn consumer_start(stages: usize) -> Self {
        PipelineState {
            index: 0,
            phase: 0,
            count: 0,
            stages: stages as u32,
        }
    }
    /// A producer's start (CUTLASS's `make_producer_start_state`): parity 1, which a
    /// fresh *empty* barrier passes at once: every stage starts empty.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::PipelineState::producer_start(2).phase(), 1);
    /// ```
    #[inline(always)]
    pub const fn producer_start(stages: usize) -> Self {
        PipelineState {
            index: 0,
            phase: 1,
            count: 0,
            stages: stages as u32,
        }
    }
    /// The stage.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::PipelineState::consumer_start(2).index(), 0);
    /// ```
    #[inline(always)]
    pub const fn index(&self) -> usize {
        self.index as usize
    }
    /// The parity to wait for.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::PipelineState::producer_start(4).phase(), 1);
    /// ```
    #[inline(always)]
    pub const fn phase(&self) -> u32 {
        self.phase
    }
    /// Stages passed since the start.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::PipelineState::producer_start(4).count(), 0);
    /// ```
    #[inline(always)]
    pub const fn count(&self) -> u32 {
        self.count
    }
    /// The next stage (CUTLASS's `++state`): the phase flips on each wrap.
    ///
    /// ```
    /// let mut s = cutlet_core::cuda::PipelineState::consumer_start(2);
    /// s.advance();
    /// s.advance();
    /// assert_eq!((s.index(), s.phase()), (0, 1));
    /// ```
    #[inline(always)]
    pub fn advance(&mut self) {
        self.index += 1;
        self.count += 1;
        if self.index == self.stages {
            self.index = 0;
            self.phase ^= 1;
        }
    }
    /// `n` stages on (CUTLASS's `state += n`): how a ping-pong consumer passes over the
    /// stages of the tiles the other consumer computes.
    ///
    /// ```
    /// use cutlet_core::cuda::PipelineState;
    /// let (mut a, mut b) = (PipelineState::consumer_start(4), PipelineState::consumer_start(4));
    /// for _ in 0..11 { a.advance(); }
    /// b.advance_by(11);
    /// assert_eq!(a, b);
    /// assert_eq!((b.index(), b.phase(), b.count()), (3, 0, 11));
    /// ```
    #[inline(always)]
    pub fn advance_by(&mut self, n: usize) {
        let i = self.index as usize + n;
        let wraps = i / self.stages as usize;
        self.index = (i % self.stages as usize) as u32;
        self.phase ^= (wraps & 1) as u32;
        self.count += n as u32;
    }
}

/// CUTLASS's `PipelineTmaAsync<Stages>` for one CTA: per stage a full barrier (one producer
/// arrival plus the stage's TMA bytes) and an empty barrier (one arrival per consumer).
///
/// ```
/// use cutlet_core::cuda::*;
/// use cutlet_core::prelude::*;
/// // One producer thread loads 6 rows of 4 u32 by TMA through 2 stages; one thread consumes.
/// let g: Vec<u32> = (0..24).collect();
/// let d = TmaDescriptor::emulated(g.as_ptr(), &TmaBox::new(4, &[4, 6], &[16], &[4, 1], TmaSwizzle::None)).unwrap();
/// let d = GmemPtr::from_slice(core::slice::from_ref(&d));
/// let out = std::sync::Mutex::new(Vec::new());
/// emu::launch(Dim3::x(1), Dim3::x(64), 1024, || {
///     let mut smem = SmemBuffer::dynamic();
///     let pipe = PipelineTmaAsync::new(&mut smem, 2);
///     // SAFETY: a stage is written by TMA between acquire and the full barrier, read
///     // between consumer_wait and consumer_release.
///     let buf = unsafe { smem.alloc::<u32, _>(layout!((32, 2))) };
///     if thread_idx().x == 0 {
///         pipe.init(1, 1);
///     }
///     syncthreads();
///     if thread_idx().x == 32 {
///         let mut st = PipelineState::producer_start(2);
///         for row in 0..6 {
///             pipe.producer_acquire(st, 16);
///             let dst = buf.engine().as_ptr().wrapping_add(32 * st.index());
///             // SAFETY: the descriptor outlives the launch; the stage is free.
///             unsafe { tma_load(d.as_ptr(), pipe.producer_barrier(st), dst, [0, row]) };
///             st.advance();
///         }
///         pipe.producer_tail(st);
///     } else if thread_idx().x == 0 {
///         let mut st = PipelineState::consumer_start(2);
///         for _ in 0..6 {
///             pipe.consumer_wait(st);
///             out.lock().unwrap().push(buf.get((1isize, st.index() as isize)));
///             pipe.consumer_release(st);
///             st.advance();
///         }
///     }
/// }).unwrap();
/// assert_eq!(out.into_inner().unwrap(), vec![1, 5, 9, 13, 17, 21]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PipelineTmaAsync {
    full: Mbarrier,
    empty: Mbarrier,
    stages: usize,
}

impl PipelineTmaAsync {
    /// Carves the `2 stages` barriers out of `smem`; every thread of the block calls it
    /// (as every [`SmemBuffer`] allocation), and one calls [`init`](Self::init).
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let mut smem = SmemBuffer::dynamic();
    ///     let _ = PipelineTmaAsync::new(&mut smem, 4);
    ///     assert_eq!(smem.remaining(), 128);
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn new(smem: &mut SmemBuffer, stages: usize) -> Self {
        // SAFETY: fresh shared memory, accessed only through the `Mbarrier` handles below.
        let n = 2 * stages;
        let bars = unsafe { smem.alloc::<u64, _>(layout!(n)) };
        let p = bars.engine().as_ptr();
        // SAFETY: as above; `p + stages` is inside the barriers.
        unsafe {
            PipelineTmaAsync {
                full: Mbarrier::at(p),
                empty: Mbarrier::at(p.add(stages)),
                stages,
            }
        }
    }

    #[inline(always)]
    fn bar(base: Mbarrier, i: usize) -> Mbarrier {
        base.offset(i)
    }

    /// Initialises the barriers (one thread): full barriers expect `producers` arrivals,
    /// empty ones `consumers`. A block barrier must follow before use.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2).init(1, 2)).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn init(&self, producers: u32, consumers: u32) {
        for i in 0..self.stages {
            Self::bar(self.full, i).init(producers);
            Self::bar(self.empty, i).init(consumers);
        }
        fence_barrier_init();
    }

    /// The producer waits for stage `st` to be empty (CUTLASS's `producer_acquire`) and
    /// arms its full barrier with the bytes its loads will bring.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2);
    ///     p.init(1, 1);
    ///     p.producer_acquire(PipelineState::producer_start(2), 0); // a fresh stage is empty
    ///     assert!(p.producer_barrier(PipelineState::producer_start(2)).test_wait(0));
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn producer_acquire(&self, st: PipelineState, tx_bytes: u32) {
        Self::bar(self.empty, st.index()).wait(st.phase());
        Self::bar(self.full, st.index()).arrive_and_expect_tx(tx_bytes);
    }

    /// A producer thread that copies into stage `st` beside the thread that
    /// [acquires](Self::producer_acquire) it for TMA waits for the stage to be empty,
    /// without arming its full barrier (its copies then arrive on the barrier,
    /// [`cp_async_mbarrier_arrive_noinc`](super::cp_async::cp_async_mbarrier_arrive_noinc)).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2);
    ///     p.init(1, 1);
    ///     p.producer_wait(PipelineState::producer_start(2)); // a fresh stage is empty
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn producer_wait(&self, st: PipelineState) {
        Self::bar(self.empty, st.index()).wait(st.phase());
    }

    /// Stage `st`'s full barrier: what its TMA loads complete on.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2);
    ///     assert_eq!(p.producer_barrier(PipelineState::consumer_start(2)).smem_addr(), 0);
    /// }).unwrap();
    /// ```
    #[inline(always)]
    pub fn producer_barrier(&self, st: PipelineState) -> Mbarrier {
        Self::bar(self.full, st.index())
    }

    /// A consumer waits for stage `st` to be full (CUTLASS's `consumer_wait`).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2);
    ///     p.init(1, 1);
    ///     p.consumer_wait(PipelineState::consumer_start(2)); // nothing was produced
    /// });
    /// assert!(r.unwrap_err().to_string().contains("can never complete"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn consumer_wait(&self, st: PipelineState) {
        Self::bar(self.full, st.index()).wait(st.phase());
    }

    /// A consumer is done with stage `st` (CUTLASS's `consumer_release`): one arrival on
    /// its empty barrier, from each of the `consumers` that [`init`](Self::init) counts.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2);
    ///     p.init(1, 1);
    ///     p.consumer_release(PipelineState::consumer_start(2));
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn consumer_release(&self, st: PipelineState) {
        Self::bar(self.empty, st.index()).arrive();
    }

    /// [`consumer_release`](Self::consumer_release) on the stage's empty barrier in the
    /// cluster's CTA of rank `cta` (CUTLASS's `consumer_release` with a cluster: its
    /// `ClusterBarrier::arrive(dst_blockid, pred)`). Where the CTAs multicast into each
    /// other's stages, every CTA's empty barrier counts the consumers of all of them, and
    /// each consumer releases the stage in every CTA.
    ///
    /// ```
    /// # use cutlet_core::cuda::{cluster_sync, emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// emu::launch_cluster(Dim3::x(2), Dim3::x(2), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 1);
    ///     p.init(1, 2); // the consumers of both CTAs
    ///     cluster_sync();
    ///     let st = PipelineState::consumer_start(1);
    ///     p.consumer_release_in(st, 0);
    ///     p.consumer_release_in(st, 1);
    ///     // The stage's second fill waits for both CTAs' releases of the first.
    ///     let mut pst = PipelineState::producer_start(1);
    ///     pst.advance();
    ///     p.producer_acquire(pst, 0);
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn consumer_release_in(&self, st: PipelineState, cta: usize) {
        Self::bar(self.empty, st.index()).arrive_cluster(cta);
    }

    /// The producer waits until the consumers have released every stage it filled
    /// (CUTLASS's `producer_tail`), so the block does not exit under their feet.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, PipelineState, PipelineTmaAsync, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let p = PipelineTmaAsync::new(&mut SmemBuffer::dynamic(), 2);
    ///     p.init(1, 1);
    ///     p.producer_tail(PipelineState::producer_start(2));
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn producer_tail(&self, mut st: PipelineState) {
        for _ in 0..self.stages {
            Self::bar(self.empty, st.index()).wait(st.phase());
            st.advance();
        }
    }
}
