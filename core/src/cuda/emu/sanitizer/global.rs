//! Racecheck of global memory within a launch. The emulator runs a launch's clusters one
//! after another, so every conflicting pair is seen in some order; the question is only
//! whether the program orders it. Within a cluster the threads' vector clocks do
//! (barriers, named barriers, the cluster barrier, mbarrier phases: [`Clock`]), as for
//! shared memory. Between clusters only a GPU-scope release and acquire through an
//! atomic does (`atomic_add_acq_rel`, CUTLASS's generic barrier), tracked per cluster:
//! each cluster counts its releases (its epoch) and knows, per other cluster, the latest
//! epoch it has acquired from it; an access is stamped with its cluster's epoch. Two
//! accesses to the same word, one of them a write and not both atomic, that neither
//! orders are a race.
//!
//! What it does not see: a read of words nothing in the launch has written yet is not
//! kept (write-after-read is found for reads of words written earlier in the launch);
//! between clusters the granularity is the cluster, so an access of one thread after
//! its cluster's release but not ordered before it by a barrier counts as released.

use super::Instr;
use super::clock::{self, Clock};
use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::collections::HashMap;
use std::sync::{Mutex, RwLock};
use std::vec::Vec;

/// Bytes per shadow word: one, so that threads storing neighbouring 8- or 16-bit
/// elements do not share a word.
const WORD: usize = 1;
/// Locks over the words (16 consecutive words share one).
const STRIPES: usize = 64;

/// An access as stored: its cluster and that cluster's epoch, its block (linear in the
/// grid) and thread (in its cluster) and that thread's epoch, its instruction.
#[derive(Clone, Copy, Debug)]
pub(super) struct Stamp {
    pub(super) cluster: u32,
    pub(super) cepoch: u32,
    pub(super) block: u32,
    pub(super) thread: u32,
    pub(super) tepoch: u32,
    pub(super) instr: Instr,
}

/// A word's last write and the last read since it.
#[derive(Clone, Copy, Default)]
struct Cell {
    write: Option<Stamp>,
    read: Option<Stamp>,
}

/// A synchronization word's releases: the clusters' epochs, and the thread clock of
/// the releases made in cluster `cluster`.
struct SyncVar {
    clusters: Vec<u32>,
    cluster: u32,
    threads: Vec<u32>,
}

/// A launch's global-memory shadow.
pub(crate) struct Global {
    cells: Vec<Mutex<HashMap<usize, Cell>>>,
    /// The allocations (their first byte) written in the launch: a read of any other
    /// (a kernel's inputs) cannot race, and skips the words.
    written: RwLock<Vec<usize>>,
    sync: Mutex<HashMap<usize, SyncVar>>,
    /// The running cluster, and its epoch.
    cluster: AtomicU32,
    epoch: AtomicU32,
    /// Per cluster, the latest of its epochs the running cluster has acquired.
    known: Vec<AtomicU32>,
}

/// A conflicting earlier access not ordered before this one (a write when `wrote`).
pub(super) struct Race {
    pub(super) other: Stamp,
    pub(super) wrote: bool,
}

impl Global {
    /// The shadow of a launch of `clusters` clusters, at the first one.
    pub(crate) fn new(clusters: usize) -> Self {
        Global {
            cells: (0..STRIPES).map(|_| Mutex::default()).collect(),
            written: RwLock::default(),
            sync: Mutex::default(),
            cluster: AtomicU32::new(0),
            epoch: AtomicU32::new(1),
            known: (0..clusters).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    /// The next cluster starts (its threads at rest): it has acquired nothing yet.
    pub(crate) fn next_cluster(&self) {
        self.cluster.fetch_add(1, Relaxed);
        self.epoch.store(1, Relaxed);
        for k in &self.known {
            k.store(0, Relaxed);
        }
    }

    /// The stamp of an access by thread `thread` (clock `clock`) of block `block` now.
    pub(super) fn stamp(&self, block: usize, clock: &Clock, instr: Instr) -> Stamp {
        Stamp {
            cluster: self.cluster.load(Relaxed),
            cepoch: self.epoch.load(Relaxed),
            block: block as u32,
            thread: clock.me() as u32,
            tepoch: clock.now(),
            instr,
        }
    }

    /// Whether `o` is ordered before an access of the thread of `clock` now.
    fn ordered(&self, o: &Stamp, clock: &Clock) -> bool {
        if o.cluster == self.cluster.load(Relaxed) {
            o.thread as usize == clock.me() || clock.sees(o.thread as usize, o.tepoch)
        } else {
            self.known
                .get(o.cluster as usize)
                .is_some_and(|k| k.load(Relaxed) >= o.cepoch)
        }
    }

    /// Records an access of `bytes` at `addr` (`me`, a write when `write`), in the
    /// allocation starting at `alloc` where known, by the thread of `clock`; the first
    /// race it makes.
    pub(super) fn access(
        &self,
        (addr, bytes, alloc): (usize, usize, Option<usize>),
        me: Stamp,
        write: bool,
        clock: &Clock,
    ) -> Option<Race> {
        if let Some(a) = alloc {
            let seen = self
                .written
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .contains(&a);
            match (seen, write) {
                (false, false) => return None,
                (false, true) => self
                    .written
                    .write()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(a),
                _ => {}
            }
        }
        let atomic = |s: &Stamp| s.instr == Instr::Atomic;
        // Two atomics never race; anything else must be ordered.
        let racy =
            |o: &Option<Stamp>| o.filter(|o| !(atomic(o) && atomic(&me) || self.ordered(o, clock)));
        let mut found = None;
        let words = addr / WORD..(addr + bytes).div_ceil(WORD);
        let mut w = words.start;
        while w < words.end {
            // The words of one stripe under one lock.
            let stripe = (w / 16) % STRIPES;
            let end = words.end.min((w / 16 + 1) * 16);
            let mut cells = self.cells[stripe].lock().unwrap_or_else(|e| e.into_inner());
            for word in w..end {
                if write {
                    let c = cells.entry(word).or_default();
                    if found.is_none() {
                        found = racy(&c.write)
                            .map(|other| Race { other, wrote: true })
                            .or_else(|| {
                                racy(&c.read).map(|other| Race {
                                    other,
                                    wrote: false,
                                })
                            });
                    }
                    *c = Cell {
                        write: Some(me),
                        read: None,
                    };
                } else if let Some(c) = cells.get_mut(&word) {
                    if found.is_none() {
                        found = racy(&c.write).map(|other| Race { other, wrote: true });
                    }
                    c.read = Some(me);
                }
            }
            w = end;
        }
        found
    }

    /// An acquire-release atomic at `addr` by the calling thread: it acquires what the
    /// releases at `addr` before it released (their clusters' epochs, and the thread
    /// clocks of those in its own cluster), then releases its cluster's accesses so far
    /// and starts the cluster's next epoch.
    pub(crate) fn acq_rel(&self, addr: usize) {
        let now = self.cluster.load(Relaxed);
        let mut sync = self.sync.lock().unwrap_or_else(|e| e.into_inner());
        let s = sync.entry(addr).or_insert_with(|| SyncVar {
            clusters: std::vec![0; self.known.len()],
            cluster: now,
            threads: Vec::new(),
        });
        for (k, &v) in self.known.iter().zip(&s.clusters) {
            k.fetch_max(v, Relaxed);
        }
        if s.cluster == now {
            clock::acquire(&s.threads);
        } else {
            (s.cluster, s.threads) = (now, Vec::new());
        }
        for (v, k) in s.clusters.iter_mut().zip(&self.known) {
            *v = (*v).max(k.load(Relaxed));
        }
        if let Some(v) = s.clusters.get_mut(now as usize) {
            *v = (*v).max(self.epoch.fetch_add(1, Relaxed));
        }
        clock::release(&mut s.threads);
    }
}
