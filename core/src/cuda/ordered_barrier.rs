//! CUTLASS's `OrderedSequenceBarrier` (barrier.h): groups of threads that take turns,
//! group `g + 1` entering a step only after group `g` has left it. A ping-pong kernel's
//! two consumer warpgroups order their main loops this way, so the tensor cores work on
//! one tile at a time while the other warpgroup runs its epilogue.

use super::{Mbarrier, SmemBuffer, fence_barrier_init};
use crate::prelude::*;

/// `depth` steps taken in turn by `length` groups: an mbarrier per (step, group), on
/// which the group before arrives when it leaves the step. Each thread holds its own
/// copy (its group, the step it is at and the phase); group 0 starts with the opposite
/// phase, which fresh barriers pass, so it goes first.
///
/// ```
/// use cutlet_core::cuda::{emu, thread_idx, Dim3, OrderedSequenceBarrier, SmemBuffer};
/// use std::sync::Mutex;
/// // Two groups of 32 threads append in turn: 0, 1, 0, 1, ... never two 0s in a row.
/// let log = Mutex::new(Vec::new());
/// emu::launch(Dim3::x(1), Dim3::x(64), 256, || {
///     let g = thread_idx().x / 32;
///     let mut order = OrderedSequenceBarrier::new(&mut SmemBuffer::dynamic(), 1, 2, g);
///     if thread_idx().x == 0 {
///         order.init(32);
///     }
///     cutlet_core::cuda::syncthreads();
///     for _ in 0..3 {
///         order.wait();
///         if thread_idx().x % 32 == 0 {
///             log.lock().unwrap().push(g);
///         }
///         order.arrive();
///     }
/// }).unwrap();
/// assert_eq!(log.into_inner().unwrap(), [0, 1, 0, 1, 0, 1]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct OrderedSequenceBarrier {
    bars: Mbarrier,
    depth: u32,
    length: u32,
    group: u32,
    stage: u32,
    phase: u32,
}

impl OrderedSequenceBarrier {
    /// Carves the `depth * length` barriers out of `smem` (every thread of the block
    /// calls it) for a thread of group `group`; one thread calls [`init`](Self::init).
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, OrderedSequenceBarrier, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let mut smem = SmemBuffer::dynamic();
    ///     let _ = OrderedSequenceBarrier::new(&mut smem, 2, 2, 0);
    ///     assert_eq!(smem.remaining(), 128); // 32 bytes, in a 128-byte unit
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn new(smem: &mut SmemBuffer, depth: usize, length: usize, group: usize) -> Self {
        // SAFETY: fresh shared memory, accessed only through the `Mbarrier` handles below.
        let n = depth * length;
        let bars = unsafe { smem.alloc::<u64, _>(layout!(n)) };
        OrderedSequenceBarrier {
            // SAFETY: as above; 8-byte aligned (`alloc` aligns to the element).
            bars: unsafe { Mbarrier::at(bars.engine().as_ptr()) },
            depth: depth as u32,
            length: length as u32,
            group: group as u32,
            stage: 0,
            phase: (group == 0) as u32,
        }
    }

    /// Initialises the barriers (one thread): each expects the `group_size` threads of
    /// the group before it. A block barrier must follow before use.
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, OrderedSequenceBarrier, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || OrderedSequenceBarrier::new(&mut SmemBuffer::dynamic(), 1, 2, 0).init(128)).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn init(&self, group_size: u32) {
        for i in 0..(self.depth * self.length) as usize {
            self.bars.offset(i).init(group_size);
        }
        fence_barrier_init();
    }

    /// Waits until this group's turn at the current step: the group before it has left
    /// the step (group 0's first turn is free).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, OrderedSequenceBarrier, SmemBuffer};
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let mut o = OrderedSequenceBarrier::new(&mut SmemBuffer::dynamic(), 1, 2, 1);
    ///     o.init(1);
    ///     o.wait(); // group 1 waits for group 0, which never comes
    /// });
    /// assert!(r.unwrap_err().to_string().contains("can never complete"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn wait(&mut self) {
        self.barrier(self.group).wait(self.phase);
    }

    /// Leaves the current step: the next group's turn at it, and this thread moves to
    /// the next step (the phase flips after the last).
    ///
    /// ```
    /// # use cutlet_core::cuda::{emu, Dim3, OrderedSequenceBarrier, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
    ///     let mut o = OrderedSequenceBarrier::new(&mut SmemBuffer::dynamic(), 1, 1, 0);
    ///     o.init(1);
    ///     for _ in 0..4 {
    ///         o.wait(); // a group of one takes every turn
    ///         o.arrive();
    ///     }
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub fn arrive(&mut self) {
        self.barrier((self.group + 1) % self.length).arrive();
        self.stage += 1;
        if self.stage == self.depth {
            self.stage = 0;
            self.phase ^= 1;
        }
    }

    #[inline(always)]
    fn barrier(&self, group: u32) -> Mbarrier {
        self.bars
            .offset((self.stage * self.length + group) as usize)
    }
}
