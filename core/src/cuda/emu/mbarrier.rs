//! Emulated mbarriers: the PTX ISA's state machine (expected and pending arrivals,
//! transaction bytes, phase) per barrier, keyed by its CTA's rank in the cluster and its
//! shared-memory offset (one table per cluster, since a CTA's barriers also count its
//! peers' arrivals and multicast copies). A wait that can never be released (every
//! thread of the cluster waits on an mbarrier or has exited) fails the launch with each
//! barrier's state instead of hanging; misuse the GPU would not report (use before
//! `init`, more arrivals than expected, a parity other than 0 or 1) fails it too.

use super::Aborted;
use core::panic::Location;
use std::collections::BTreeMap;
use std::string::String;
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use std::vec::Vec;

/// A barrier: its CTA's rank in the cluster and its shared-memory offset.
pub(crate) type Key = (u32, u32);

/// A barrier's name in messages: its offset, and its CTA where the cluster has several.
fn name((rank, addr): Key, ctas: usize) -> String {
    if ctas > 1 {
        std::format!("shared offset {addr:#x} of CTA {rank}")
    } else {
        std::format!("shared offset {addr:#x}")
    }
}

/// Waiting threads whose barrier has not released them yet.
fn blocked(s: &State) -> usize {
    s.waiting
        .values()
        .filter(|(_, addr, parity)| {
            s.bars
                .get(addr)
                .is_none_or(|b| (b.phase & 1) as u32 == *parity)
        })
        .count()
}

/// Hopper's limit on arrivals per phase and on pending transaction bytes.
const LIMIT: i64 = (1 << 20) - 1;

/// One barrier (PTX ISA, "mbarrier contents").
#[derive(Clone, Copy, Debug)]
struct Bar {
    expected: i64,
    pending: i64,
    tx: i64,
    /// Completed phases; the current phase's parity is `phase & 1`.
    phase: u64,
}

#[derive(Default)]
struct State {
    bars: BTreeMap<Key, Bar>,
    /// Threads blocked in a wait, with where and on what.
    waiting: BTreeMap<usize, (&'static Location<'static>, Key, u32)>,
    exited: usize,
    /// Bumped by every state change; a wait with no progress for long fails.
    progress: u64,
    failed: bool,
    /// The sanitizer's clocks per barrier: the join of the current phase's arrivals
    /// (and copies' completions), and what the last completed phase released.
    clocks: BTreeMap<Key, (Vec<u32>, Vec<u32>)>,
}

pub(crate) struct Table {
    threads: usize,
    ctas: usize,
    state: Mutex<State>,
    cv: Condvar,
}

/// How long a wait may see no mbarrier activity at all before the launch fails: a
/// backstop for hangs that mix mbarrier waits with other blocking (a block barrier).
const NO_PROGRESS: Duration = Duration::from_secs(60);

impl Table {
    /// The table of a cluster of `ctas` CTAs with `threads` threads in all.
    pub(crate) fn new(threads: usize, ctas: usize) -> Self {
        Table {
            threads,
            ctas,
            state: Mutex::new(State::default()),
            cv: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Runs `f` on barrier `addr`, failing the caller with a message on misuse; an
    /// update that `releases` (an arrival, a copy's completion) orders the caller's
    /// earlier accesses before the waits the phase releases.
    #[track_caller]
    fn update(
        &self,
        key: Key,
        what: &str,
        releases: bool,
        f: impl FnOnce(&mut Bar) -> Result<(), String>,
    ) {
        let mut s = self.lock();
        if s.failed {
            drop(s);
            std::panic::resume_unwind(std::boxed::Box::new(Aborted));
        }
        let at = name(key, self.ctas);
        let Some(b) = s.bars.get_mut(&key) else {
            drop(s);
            panic!("mbarrier {what} at {at}: the barrier was never initialised");
        };
        if let Err(m) = f(b) {
            drop(s);
            panic!("mbarrier {what} at {at}: {m}");
        }
        let b = *b;
        let s = &mut *s;
        let clocks = s.clocks.entry(key).or_default();
        if releases {
            super::sanitizer::release(&mut clocks.0);
        }
        if b.pending == 0 && b.tx == 0 {
            clocks.1 = core::mem::take(&mut clocks.0);
            let b = s.bars.get_mut(&key).expect("present");
            b.phase += 1;
            b.pending = b.expected;
        }
        s.progress += 1;
        self.cv.notify_all();
    }

    #[track_caller]
    pub(crate) fn init(&self, key: Key, count: u32) {
        let at = name(key, self.ctas);
        if !key.1.is_multiple_of(8) {
            panic!("mbarrier.init at {at}: an mbarrier is 8-byte aligned");
        }
        if count == 0 || i64::from(count) > LIMIT {
            panic!("mbarrier.init at {at}: count {count} is outside 1..2^20");
        }
        let mut s = self.lock();
        let c = i64::from(count);
        s.bars.insert(
            key,
            Bar {
                expected: c,
                pending: c,
                tx: 0,
                phase: 0,
            },
        );
        s.progress += 1;
    }

    /// `count` arrivals, after raising the expected transaction bytes by `tx`.
    #[track_caller]
    pub(crate) fn arrive(&self, key: Key, count: i64, tx: i64) {
        self.update(key, "arrive", true, |b| {
            b.tx += tx;
            if b.tx.abs() > LIMIT {
                return Err(std::format!("{} pending transaction bytes exceed 2^20 - 1", b.tx));
            }
            if count > b.pending {
                return Err(std::format!(
                    "{count} arrival(s) when {} of the phase's {} remain (more threads arrive than the barrier counts)",
                    b.pending,
                    b.expected
                ));
            }
            b.pending -= count;
            Ok(())
        });
    }

    /// `mbarrier.expect_tx` (`bytes > 0`) or the copy engine's `complete_tx` (`bytes < 0`).
    #[track_caller]
    pub(crate) fn transaction(&self, key: Key, bytes: i64) {
        self.update(key, "transaction", bytes < 0, |b| {
            b.tx += bytes;
            if b.tx.abs() > LIMIT {
                return Err(std::format!(
                    "{} pending transaction bytes exceed 2^20 - 1",
                    b.tx
                ));
            }
            Ok(())
        });
    }

    /// Whether the phase of parity `parity` (the current one's predecessor) is complete.
    #[track_caller]
    pub(crate) fn test(&self, key: Key, parity: u32) -> bool {
        let at = name(key, self.ctas);
        if parity > 1 {
            panic!("mbarrier wait at {at}: parity {parity} is not 0 or 1");
        }
        let s = self.lock();
        match s.bars.get(&key) {
            Some(b) => {
                let done = (b.phase & 1) as u32 != parity;
                if done {
                    Self::acquire(&s, key);
                }
                done
            }
            None => {
                drop(s);
                panic!("mbarrier wait at {at}: the barrier was never initialised")
            }
        }
    }

    /// Blocks until [`test`](Self::test) holds; fails the launch if it never can.
    #[track_caller]
    pub(crate) fn wait(&self, key: Key, parity: u32, thread: usize) {
        if self.test(key, parity) {
            return;
        }
        let site = Location::caller();
        let mut s = self.lock();
        s.waiting.insert(thread, (site, key, parity));
        let mut seen = (s.progress, Instant::now());
        loop {
            if s.failed {
                drop(s);
                std::panic::resume_unwind(std::boxed::Box::new(Aborted));
            }
            if s.bars
                .get(&key)
                .is_some_and(|b| (b.phase & 1) as u32 != parity)
            {
                s.waiting.remove(&thread);
                Self::acquire(&s, key);
                return;
            }
            if blocked(&s) + s.exited == self.threads {
                let m = self.stuck(
                    &s,
                    "every thread of the cluster waits on an mbarrier or has exited",
                );
                s.failed = true;
                self.cv.notify_all();
                drop(s);
                panic!("{m}");
            }
            if s.progress != seen.0 {
                seen = (s.progress, Instant::now());
            } else if seen.1.elapsed() > NO_PROGRESS {
                let m = self.stuck(&s, "no mbarrier changed for 60 s");
                s.failed = true;
                self.cv.notify_all();
                drop(s);
                panic!("{m}");
            }
            s = self
                .cv
                .wait_timeout(s, Duration::from_millis(200))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// The waiter of a completed phase: what the phase released is ordered before it.
    fn acquire(s: &State, key: Key) {
        if let Some((_, released)) = s.clocks.get(&key) {
            super::sanitizer::acquire(released);
        }
    }

    fn stuck(&self, s: &State, why: &str) -> String {
        let mut m = std::format!(
            "mbarrier wait can never complete ({why}; {} exited):",
            s.exited
        );
        for (t, (site, key, parity)) in &s.waiting {
            let b = s.bars[key];
            m += &std::format!(
                "\n  thread {t} at {site} waits for parity {parity} of the barrier at {} (phase {}, {} of {} arrivals pending, {} transaction bytes pending)",
                name(*key, self.ctas),
                b.phase,
                b.pending,
                b.expected,
                b.tx
            );
        }
        m
    }

    /// A thread left the kernel; the failure message if that strands the waiters.
    pub(crate) fn exit(&self) -> Option<String> {
        let mut s = self.lock();
        s.exited += 1;
        self.cv.notify_all();
        let b = blocked(&s);
        if b > 0 && b + s.exited == self.threads && !s.failed {
            s.failed = true;
            return Some(self.stuck(&s, "the other threads have exited"));
        }
        None
    }

    pub(crate) fn fail(&self) {
        self.lock().failed = true;
        self.cv.notify_all();
    }

    pub(crate) fn reset(&self) {
        *self.lock() = State::default();
    }
}
