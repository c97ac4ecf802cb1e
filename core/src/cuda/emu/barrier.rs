//! A barrier for `n` emulated threads that reports what the hardware would hang on:
//! threads waiting at different barrier sites, or waiting for threads that have exited.

use super::Aborted;
use crate::cuda::Dim3;
use core::panic::Location;
use std::string::{String, ToString};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::vec::Vec;

/// How long a named barrier may wait before the launch fails as hung.
const NAMED_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

pub(super) struct Barrier {
    n: usize,
    /// What the barrier is, for the message when it can never complete.
    kind: &'static str,
    state: Mutex<State>,
    cv: Condvar,
}

#[derive(Default)]
struct State {
    arrived: usize,
    /// Of `arrived`, the threads that arrived without waiting (`bar.arrive`).
    arrivals: usize,
    exited: usize,
    generation: u64,
    site: Option<&'static Location<'static>>,
    failed: Option<String>,
    /// The sanitizer's clocks: the join of this generation's arrivals so far, and the
    /// join the last completed generation released.
    acc: Vec<u32>,
    released: Vec<u32>,
}

impl Barrier {
    pub(super) fn new(n: usize) -> Self {
        Self::of_kind(n, "syncthreads")
    }

    /// The number of threads it waits for.
    pub(super) fn n(&self) -> usize {
        self.n
    }

    /// A barrier reported as `kind` (`syncthreads`, `barrier.cluster`).
    pub(super) fn of_kind(n: usize, kind: &'static str) -> Self {
        Barrier {
            n,
            kind,
            state: Mutex::new(State::default()),
            cv: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for all `n` threads; fails the launch if that can never happen. A barrier
    /// that `orders` memory (not a warp's or warpgroup's convergence) orders every
    /// participant's earlier accesses before every participant's later ones, for the
    /// sanitizer.
    pub(super) fn wait(
        &self,
        site: &'static Location<'static>,
        who: Dim3,
        what: &str,
        orders: bool,
    ) {
        let mut s = self.lock();
        abort_if_failed(&s);
        match s.site {
            Some(prev) if prev != site => {
                let m = std::format!(
                    "divergent {what}: thread {who} waits at {site} while {} thread(s) wait at {prev}",
                    s.arrived
                );
                self.fail_locked(&mut s, &m);
                drop(s);
                panic!("{m}");
            }
            _ => s.site = Some(site),
        }
        s.arrived += 1;
        if orders {
            super::sanitizer::release(&mut s.acc);
        }
        if s.arrived == self.n {
            self.complete(&mut s);
            if orders {
                super::sanitizer::acquire(&s.released);
            }
            return;
        }
        if s.arrived + s.exited == self.n {
            let m = self.stuck_message(&s);
            self.fail_locked(&mut s, &m);
            drop(s);
            panic!("{m}");
        }
        let generation = s.generation;
        let start = std::time::Instant::now();
        while s.generation == generation && s.failed.is_none() {
            s = self
                .cv
                .wait_timeout(s, std::time::Duration::from_millis(500))
                .unwrap_or_else(|e| e.into_inner())
                .0;
            // A named barrier's missing threads may have exited or wait elsewhere (its
            // count is not the block's), which the counts above cannot see: a backstop.
            if what == "named barrier"
                && s.generation == generation
                && start.elapsed() > NAMED_TIMEOUT
            {
                let m = std::format!(
                    "named barrier at {site} never completed: {} of {} threads arrived within {} s",
                    s.arrived,
                    self.n,
                    NAMED_TIMEOUT.as_secs()
                );
                self.fail_locked(&mut s, &m);
                drop(s);
                panic!("{m}");
            }
        }
        abort_if_failed(&s);
        if orders {
            super::sanitizer::acquire(&s.released);
        }
    }

    /// Counts one arrival without waiting (`bar.arrive`): its accesses are released to
    /// the generation's waiters, and the last arrival completes the generation.
    pub(super) fn arrive(&self) {
        let mut s = self.lock();
        abort_if_failed(&s);
        s.arrived += 1;
        s.arrivals += 1;
        super::sanitizer::release(&mut s.acc);
        if s.arrived == self.n {
            self.complete(&mut s);
        }
    }

    /// Completes the generation: the arrivals' accesses become what its waiters
    /// acquire, and they wake.
    fn complete(&self, s: &mut State) {
        (s.arrived, s.arrivals) = (0, 0);
        s.site = None;
        s.generation += 1;
        s.released = core::mem::take(&mut s.acc);
        self.cv.notify_all();
    }

    /// A thread left the kernel; the failure message if that strands the waiters.
    pub(super) fn exit(&self) -> Option<String> {
        let mut s = self.lock();
        s.exited += 1;
        if s.arrived > 0 && s.arrived + s.exited == self.n && s.failed.is_none() {
            let m = self.stuck_message(&s);
            self.fail_locked(&mut s, &m);
            return Some(m);
        }
        None
    }

    /// Threads the current generation still needs from threads that wait on it (its
    /// count less the arrivals that did not wait).
    pub(super) fn needs(&self) -> usize {
        self.n - self.lock().arrivals
    }

    /// A named barrier of a block that has `live` threads left: the failure message if
    /// its waiters can never be joined by enough of them.
    pub(super) fn strand(&self, live: usize) -> Option<String> {
        let mut s = self.lock();
        if s.arrived == 0 || self.n - s.arrivals <= live || s.failed.is_some() {
            return None;
        }
        let site = s.site.map(|l| l.to_string()).unwrap_or_default();
        let m = std::format!(
            "named barrier at {site} can never complete: {} of its {} threads wait there and only {live} threads of the block have not exited",
            s.arrived,
            self.n
        );
        self.fail_locked(&mut s, &m);
        Some(m)
    }

    fn stuck_message(&self, s: &State) -> String {
        let site = s.site.map(|l| l.to_string()).unwrap_or_default();
        std::format!(
            "{} at {site} can never complete: {} of {} threads wait there and {} have exited the kernel",
            self.kind,
            s.arrived,
            self.n,
            s.exited
        )
    }

    fn fail_locked(&self, s: &mut State, message: &str) {
        if s.failed.is_none() {
            s.failed = Some(message.into());
        }
        self.cv.notify_all();
    }

    /// Wakes every waiter with a failure (another thread failed).
    pub(super) fn fail(&self, message: &str) {
        let mut s = self.lock();
        self.fail_locked(&mut s, message);
    }

    /// Ready for the next block.
    pub(super) fn reset(&self) {
        *self.lock() = State::default();
    }
}

fn abort_if_failed(s: &State) {
    if s.failed.is_some() {
        std::panic::resume_unwind(std::boxed::Box::new(Aborted));
    }
}
