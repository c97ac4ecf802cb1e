//! Shadow shared memory: for every two bytes of a block's buffer, the last write and up
//! to two reads since it (thread, epoch, instruction), whether a `cp.async` is still
//! writing them, and the pre-swizzle address they were written at. Racecheck,
//! initcheck and the layout check read it; an access updates it.

use super::Instr;
use super::clock::Clock;
use core::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};
use std::vec::Vec;

/// Bytes per cell: the races of 8-bit elements are those of their pairs (the FP8
/// operands are written by TMA and read by `wgmma`, never by two threads apart).
pub(super) const GRAIN: usize = 2;

/// An access as stored: valid (63), pending `cp.async` (62), thread (48..62),
/// instruction (40..48), epoch (0..40).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Mark(u64);

impl Mark {
    const VALID: u64 = 1 << 63;
    const PENDING: u64 = 1 << 62;
    fn new(thread: usize, epoch: u32, instr: Instr, pending: bool) -> Self {
        Mark(
            Self::VALID
                | if pending { Self::PENDING } else { 0 }
                | ((thread as u64 & 0x3fff) << 48)
                | ((instr as u64) << 40)
                | u64::from(epoch),
        )
    }
    fn valid(self) -> bool {
        self.0 & Self::VALID != 0
    }
    pub(super) fn pending(self) -> bool {
        self.0 & Self::PENDING != 0
    }
    pub(super) fn thread(self) -> usize {
        ((self.0 >> 48) & 0x3fff) as usize
    }
    pub(super) fn instr(self) -> Instr {
        Instr::from_u8((self.0 >> 40) as u8)
    }
    fn epoch(self) -> u32 {
        self.0 as u32
    }
    /// Whether this access is ordered before `c`'s now (or is `c`'s own).
    fn before(self, c: &Clock) -> bool {
        self.thread() == c.me() || c.sees(self.thread(), self.epoch())
    }
}

#[derive(Default)]
struct Cell {
    write: AtomicU64,
    reads: [AtomicU64; 2],
    /// The pre-swizzle address the bytes were written at, plus one (0: not known).
    logical: AtomicU32,
}

/// One block's shadow.
pub(crate) struct Shadow {
    cells: Vec<Cell>,
}

/// What an access found wrong.
#[derive(Clone, Copy)]
pub(super) enum Hazard {
    /// A read of bytes nothing has written since the launch.
    Uninit,
    /// A read or write of bytes a `cp.async` is still writing.
    InFlight(Mark),
    /// A conflicting earlier access (a write when `wrote`) not ordered before this
    /// one.
    Race { other: Mark, wrote: bool },
    /// A read, through one pre-swizzle offset, of bytes written through another
    /// (`written`, the offset the read's first byte had then): the two sides address
    /// the buffer through different layouts or swizzles.
    Layout { written: usize },
}

impl Shadow {
    pub(crate) fn new(bytes: usize) -> Self {
        Shadow {
            cells: (0..bytes.div_ceil(GRAIN))
                .map(|_| Cell::default())
                .collect(),
        }
    }

    /// Forgets every access (a new block starts on the buffer).
    pub(crate) fn reset(&self) {
        for c in &self.cells {
            c.write.store(0, Relaxed);
            c.reads[0].store(0, Relaxed);
            c.reads[1].store(0, Relaxed);
            c.logical.store(0, Relaxed);
        }
    }

    /// A read of `bytes` at offset `off` (pre-swizzle offset `logical`, where known) by
    /// the thread of `clock`; the first hazard found.
    pub(super) fn read(
        &self,
        off: usize,
        bytes: usize,
        logical: Option<usize>,
        clock: &Clock,
        instr: Instr,
    ) -> Option<Hazard> {
        let me = Mark::new(clock.me(), clock.now(), instr, false);
        let mut found = None;
        for (i, c) in self.cells(off, bytes) {
            let w = Mark(c.write.load(Relaxed));
            let h = if !w.valid() {
                Some(Hazard::Uninit)
            } else if w.pending() {
                Some(Hazard::InFlight(w))
            } else if !w.before(clock) {
                Some(Hazard::Race {
                    other: w,
                    wrote: true,
                })
            } else {
                // Cells hold the pre-swizzle address of their first byte (swizzles move
                // 16-byte units, so a cell's bytes stay together).
                let lg = c.logical.load(Relaxed) as usize;
                let at = (i * GRAIN).wrapping_sub(off % GRAIN);
                logical
                    .filter(|l| lg != 0 && lg - 1 != l.wrapping_add(at))
                    .map(|_| Hazard::Layout {
                        written: (lg - 1).wrapping_sub(at),
                    })
            };
            found = found.or(h);
            // Keep reads that are concurrent with each other; a read ordered before
            // this one is covered by it.
            let slot = c
                .reads
                .iter()
                .find(|r| {
                    let m = Mark(r.load(Relaxed));
                    !m.valid() || m.before(clock)
                })
                .unwrap_or(&c.reads[1]);
            slot.store(me.0, Relaxed);
        }
        found
    }

    /// A write (`pending`: a `cp.async` issued, landing later) of `bytes` at `off`.
    pub(super) fn write(
        &self,
        off: usize,
        bytes: usize,
        logical: Option<usize>,
        clock: &Clock,
        instr: Instr,
        pending: bool,
    ) -> Option<Hazard> {
        let me = Mark::new(clock.me(), clock.now(), instr, pending);
        let mut found = None;
        for (i, c) in self.cells(off, bytes) {
            let w = Mark(c.write.load(Relaxed));
            let h = if w.valid() && w.pending() {
                Some(Hazard::InFlight(w))
            } else if w.valid() && !w.before(clock) {
                Some(Hazard::Race {
                    other: w,
                    wrote: true,
                })
            } else {
                c.reads
                    .iter()
                    .map(|r| Mark(r.load(Relaxed)))
                    .find(|r| r.valid() && !r.before(clock))
                    .map(|other| Hazard::Race {
                        other,
                        wrote: false,
                    })
            };
            found = found.or(h);
            c.write.store(me.0, Relaxed);
            c.reads[0].store(0, Relaxed);
            c.reads[1].store(0, Relaxed);
            let at = (i * GRAIN).wrapping_sub(off % GRAIN);
            let lg = logical.map_or(0, |l| l.wrapping_add(at) as u32 + 1);
            c.logical.store(lg, Relaxed);
        }
        found
    }

    /// This thread's `cp.async` to `off` landed: its bytes are written now.
    pub(super) fn land(&self, off: usize, bytes: usize, clock: &Clock) {
        for (_, c) in self.cells(off, bytes) {
            let w = Mark(c.write.load(Relaxed));
            if w.valid() && w.pending() && w.thread() == clock.me() {
                let landed = Mark::new(clock.me(), clock.now(), w.instr(), false);
                c.write.store(landed.0, Relaxed);
            }
        }
    }

    fn cells(&self, off: usize, bytes: usize) -> impl Iterator<Item = (usize, &Cell)> {
        let (first, last) = (off / GRAIN, (off + bytes.max(1) - 1) / GRAIN);
        self.cells[first.min(self.cells.len())..(last + 1).min(self.cells.len())]
            .iter()
            .enumerate()
    }
}
