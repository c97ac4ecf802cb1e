//! Vector clocks: the happens-before order that racecheck tests shared-memory accesses
//! against (the FastTrack scheme). Each emulated thread counts its own releases; entry
//! `u` of its clock is the last epoch of thread `u` ordered before it. Barriers,
//! named barriers, the cluster barrier and mbarrier phases join the clocks of the
//! threads that release them into the threads that wait on them.

use super::with_local;
use std::vec::Vec;

/// One thread's vector clock.
pub(super) struct Clock {
    vc: Vec<u32>,
    me: usize,
}

impl Clock {
    /// The clock of thread `me` of a cluster of `threads`, at its first epoch.
    pub(super) fn new(threads: usize, me: usize) -> Self {
        let mut vc = std::vec![0; threads];
        vc[me] = 1;
        Clock { vc, me }
    }
    /// This thread's index in the cluster.
    pub(super) fn me(&self) -> usize {
        self.me
    }
    /// This thread's current epoch.
    pub(super) fn now(&self) -> u32 {
        self.vc[self.me]
    }
    /// Whether thread `u`'s access at epoch `c` is ordered before this thread's now.
    pub(super) fn sees(&self, u: usize, c: u32) -> bool {
        self.vc.get(u).is_some_and(|&v| c <= v)
    }
}

/// Joins this thread's clock into `acc` (what a barrier or an mbarrier phase releases),
/// then starts its next epoch, so what it does afterwards is not covered.
pub(crate) fn release(acc: &mut Vec<u32>) {
    with_local(|l| {
        let c = &mut l.clock;
        if acc.len() < c.vc.len() {
            acc.resize(c.vc.len(), 0);
        }
        for (a, &v) in acc.iter_mut().zip(&c.vc) {
            *a = (*a).max(v);
        }
        c.vc[c.me] += 1;
    });
}

/// Joins `from` (a completed barrier's or mbarrier phase's release) into this thread's
/// clock: everything released there is ordered before what this thread does next.
pub(crate) fn acquire(from: &[u32]) {
    with_local(|l| {
        for (v, &a) in l.clock.vc.iter_mut().zip(from) {
            *v = (*v).max(a);
        }
    });
}
