//! perfcheck: the emulator's count of what each memory instruction costs ([`perfcheck`]).

use super::ThreadCtx;
use super::sanitizer::Instr;
use crate::analysis::{SECTOR_BYTES, global_access, smem_access};
use core::fmt;
use core::panic::Location;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::string::{String, ToString};
use std::sync::Mutex;
use std::vec::Vec;

/// One line's instruction: where, which, which direction and memory space.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
struct Key {
    file: &'static str,
    line: u32,
    instr: &'static str,
}

/// One lane's access.
#[derive(Clone, Copy)]
struct Rec {
    key: Key,
    addr: u64,
    bytes: u32,
    shared: bool,
}

std::thread_local! {
    /// This emulated thread's accesses in the current block, in program order.
    static TRACE: RefCell<Vec<Rec>> = const { RefCell::new(Vec::new()) };
    /// The launches a [`perfcheck`] on this (host) thread has collected.
    static COLLECTED: RefCell<Option<Vec<Perf>>> = const { RefCell::new(None) };
}

/// A launch's traces while it runs: (block, thread in block, accesses).
pub(crate) struct Collector {
    traces: Mutex<Vec<(usize, usize, Vec<Rec>)>>,
}

/// Whether `CUTLET_PERFCHECK` asks for every launch's table (`1` or `on`).
fn printing() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        std::env::var("CUTLET_PERFCHECK").is_ok_and(|v| matches!(v.as_str(), "1" | "on"))
    })
}

/// A collector for a launch from this host thread, if anything asked for one.
pub(crate) fn start() -> Option<Collector> {
    let wanted = printing() || COLLECTED.with(|c| c.borrow().is_some());
    wanted.then(|| Collector {
        traces: Mutex::new(Vec::new()),
    })
}

/// Records one access of the calling emulated thread at `site`.
pub(crate) fn record(
    t: &ThreadCtx,
    site: &'static Location<'static>,
    addr: usize,
    bytes: usize,
    write: bool,
    instr: Instr,
) {
    if t.cluster.perf.is_none() {
        return;
    }
    let (p, n) = t.block_state.smem();
    let off = addr.wrapping_sub(p as usize);
    let shared = off < n;
    let name = match (instr, write) {
        (Instr::TmaLoad | Instr::TmaStore | Instr::Wgmma, _) => return,
        (Instr::CpAsync, _) if shared => "cp.async (st.shared)",
        (Instr::CpAsync, _) => "cp.async (ld.global)",
        (Instr::Load | Instr::Store, true) if shared => "st.shared",
        (Instr::Load | Instr::Store, false) if shared => "ld.shared",
        (Instr::Load | Instr::Store, true) => "st.global",
        (Instr::Load | Instr::Store, false) => "ld.global",
        (Instr::Ldmatrix, _) => "ldmatrix",
        (Instr::Atomic, _) if write => return,
        (Instr::Atomic, _) => "atom.global",
    };
    let rec = Rec {
        key: Key {
            file: site.file(),
            line: site.line(),
            instr: name,
        },
        addr: if shared { off as u64 } else { addr as u64 },
        bytes: bytes as u32,
        shared,
    };
    TRACE.with(|tr| tr.borrow_mut().push(rec));
}

/// The calling emulated thread finished a block: its trace goes to the launch.
pub(crate) fn flush(t: &ThreadCtx) {
    let trace = TRACE.with(|tr| core::mem::take(&mut *tr.borrow_mut()));
    if let (Some(c), false) = (&t.cluster.perf, trace.is_empty()) {
        let (block, thread) = (t.block.linear(t.grid_dim), t.thread.linear(t.block_dim));
        c.traces
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((block, thread, trace));
    }
}

/// The launch ended: its table, printed or kept for [`perfcheck`].
pub(crate) fn finish(c: &Collector, kernel: &str) {
    let traces = core::mem::take(&mut *c.traces.lock().unwrap_or_else(|e| e.into_inner()));
    // (block, warp, line) -> each lane's accesses there, in order.
    let mut lanes: BTreeMap<(usize, usize, Key), [Vec<Rec>; 32]> = BTreeMap::new();
    for (block, thread, trace) in traces {
        for r in trace {
            lanes
                .entry((block, thread / 32, r.key))
                .or_insert_with(|| core::array::from_fn(|_| Vec::new()))[thread % 32]
                .push(r);
        }
    }
    let mut sites: BTreeMap<Key, SiteCost> = BTreeMap::new();
    for ((_, _, key), lanes) in lanes {
        let s = sites.entry(key).or_insert_with(|| SiteCost {
            file: key.file,
            line: key.line,
            instr: key.instr,
            ..SiteCost::default()
        });
        let runs = lanes.iter().map(Vec::len).max().unwrap_or(0);
        for k in 0..runs {
            let at = |l: &Vec<Rec>| l.get(k).copied();
            let addrs: [Option<u64>; 32] = core::array::from_fn(|i| at(&lanes[i]).map(|r| r.addr));
            let first = lanes.iter().find_map(at).expect("an active lane");
            s.instructions += 1;
            if first.shared {
                let a = smem_access(&addrs, first.bytes);
                s.wavefronts += u64::from(a.wavefronts);
                s.ideal += u64::from(a.ideal);
                s.ways = s.ways.max(a.ways);
            } else {
                let a = global_access(&addrs, first.bytes);
                s.sectors += u64::from(a.sectors);
                s.requested += u64::from(a.requested);
            }
        }
    }
    let perf = Perf {
        kernel: kernel.into(),
        sites: sites.into_values().collect(),
    };
    if printing() {
        std::eprintln!("{perf}");
    }
    COLLECTED.with(|c| {
        if let Some(v) = c.borrow_mut().as_mut() {
            v.push(perf);
        }
    });
}

/// Runs `f` and returns, beside its result, the perfcheck of every emulated launch it
/// made from this thread, in launch order.
///
/// The perfcheck of a launch is what each memory instruction of the kernel costs on the
/// hardware, counted per source line from the addresses its lanes touch: shared-memory
/// wavefronts (bank conflicts) and global-memory sectors, by [`crate::analysis`]'s model
/// of sm_80 and sm_90 (what `ncu`'s `l1tex__data_pipe_lsu_wavefronts_mem_shared_*`,
/// `l1tex__data_bank_conflicts_*` and `l1tex__t_sectors_pipe_lsu_mem_global_*` count).
/// Launches count nothing unless asked: inside this function, or every launch with
/// `CUTLET_PERFCHECK=1`, which prints each launch's table to stderr after it.
///
/// The lanes of a warp run as separate threads here, so a warp's instruction is put back
/// together: the `k`-th access of each lane at one source line (one instruction, one
/// direction, one memory space) is the warp's `k`-th execution of that line, and lanes
/// with no `k`-th access there are inactive in it. That is exact wherever a lane that
/// skips an access (a bounds check) skips the rest of that line's accesses too, as the
/// repository's kernels do; a kernel whose lanes skip different earlier accesses gets
/// their later accesses counted in earlier executions. The source line is the kernel's
/// for tensor loads and stores, and the device layer's for `cp.async` and `ldmatrix`.
/// TMA and `wgmma` operand reads do not go through the load/store unit and are not
/// counted.
///
/// ```
/// use cutlet_core::cuda::{emu, thread_idx, Dim3, SmemBuffer};
/// use cutlet_core::prelude::*;
/// let ((), perf) = emu::perfcheck(|| {
///     emu::launch(Dim3::x(1), Dim3::x(32), 4096, || {
///         // SAFETY: one warp; every element is written before the barrier and read after.
///         let mut s = unsafe { SmemBuffer::dynamic().alloc::<f32, _>(layout!((32, 32):(32, 1))) };
///         let t = thread_idx().x;
///         for j in 0..32 {
///             s.set((t, j), 1.0); // lane t writes row t: 32 lanes in one bank
///         }
///         cutlet_core::cuda::syncthreads();
///         let _ = s.get((0, t)); // a row read by 32 lanes: conflict free
///     })
///     .unwrap();
/// });
/// let st = perf[0].total("st.shared");
/// assert_eq!((st.instructions, st.wavefronts, st.ideal, st.ways), (32, 1024, 32, 32));
/// let ld = perf[0].total("ld.shared");
/// assert_eq!((ld.instructions, ld.wavefronts, ld.ways), (1, 1, 1));
/// ```
///
/// ```
/// use cutlet_core::cuda::{emu, Dim3};
/// let ((), perf) = emu::perfcheck(|| emu::launch(Dim3::x(2), Dim3::x(64), 0, || ()).unwrap());
/// assert_eq!(perf.len(), 1);
/// assert!(perf[0].sites.is_empty());
/// ```
pub fn perfcheck<R>(f: impl FnOnce() -> R) -> (R, Vec<Perf>) {
    let outer = COLLECTED.with(|c| c.borrow_mut().replace(Vec::new()));
    let r = f();
    let perf = COLLECTED.with(|c| core::mem::replace(&mut *c.borrow_mut(), outer));
    (r, perf.unwrap_or_default())
}

/// What one launch's memory instructions cost, per source line ([`perfcheck`]).
///
/// ```
/// use cutlet_core::cuda::{emu, make_gmem_tensor, thread_idx, Dim3, GmemPtr};
/// use cutlet_core::prelude::*;
/// let v = emu::DeviceVec::<f32>::zeroed(64);
/// let ((), perf) = emu::perfcheck(|| {
///     emu::launch(Dim3::x(1), Dim3::x(32), 0, || {
///         // SAFETY: offsets 0..64 of a 64-element allocation.
///         let t = unsafe { make_gmem_tensor(v.ptr(), layout!(64)) };
///         let _ = t.get(2 * thread_idx().x); // every other f32: 8 sectors for 128 bytes
///     })
///     .unwrap();
/// });
/// let ld = perf[0].total("ld.global");
/// assert_eq!((ld.instructions, ld.sectors, ld.requested), (1, 8, 128));
/// assert!(perf[0].to_string().contains("ld.global"));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Perf {
    /// The kernel, as the launch names it (its closure's type).
    pub kernel: String,
    /// One entry per source line and instruction, by file and line.
    pub sites: Vec<SiteCost>,
}

/// One source line's instruction over a launch ([`Perf`]).
///
/// ```
/// use cutlet_core::cuda::emu::SiteCost;
/// let s = SiteCost { instructions: 4, sectors: 16, requested: 512, ..SiteCost::default() };
/// assert_eq!(s.efficiency(), 100);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SiteCost {
    /// The source file (the kernel's, or the device layer's for `cp.async`/`ldmatrix`).
    pub file: &'static str,
    /// The source line.
    pub line: u32,
    /// The instruction and memory space: `ld.shared`, `st.shared`, `ld.global`,
    /// `st.global`, `ldmatrix`, `cp.async (ld.global)`, `cp.async (st.shared)`,
    /// `atom.global`.
    pub instr: &'static str,
    /// Warp instructions executed (with at least one active lane).
    pub instructions: u64,
    /// Shared memory: wavefronts taken.
    pub wavefronts: u64,
    /// Shared memory: wavefronts a conflict-free access of the same lanes would take
    /// (`wavefronts - ideal` is `ncu`'s `l1tex__data_bank_conflicts_*`).
    pub ideal: u64,
    /// Shared memory: the worst n-way bank conflict of any execution.
    pub ways: u32,
    /// Global memory: 32-byte sectors moved.
    pub sectors: u64,
    /// Global memory: bytes the active lanes asked for.
    pub requested: u64,
}

impl SiteCost {
    /// Global memory: bytes asked for over bytes moved, in percent, as
    /// [`GlobalCost::efficiency`](crate::analysis::GlobalCost::efficiency).
    pub fn efficiency(&self) -> u64 {
        (100 * self.requested)
            .checked_div(SECTOR_BYTES * self.sectors)
            .unwrap_or(100)
    }
}

impl Perf {
    /// The sum over every line of one instruction (`"st.shared"`, ...).
    ///
    /// ```
    /// use cutlet_core::cuda::emu::{Perf, SiteCost};
    /// let row = |line, wavefronts| SiteCost { line, instr: "st.shared", instructions: 1, wavefronts, ideal: 1, ways: wavefronts as u32, ..SiteCost::default() };
    /// let p = Perf { kernel: "k".into(), sites: vec![row(1, 4), row(2, 1)] };
    /// let t = p.total("st.shared");
    /// assert_eq!((t.instructions, t.wavefronts, t.ideal, t.ways), (2, 5, 2, 4));
    /// ```
    pub fn total(&self, instr: &str) -> SiteCost {
        let mut t = SiteCost::default();
        for s in self.sites.iter().filter(|s| s.instr == instr) {
            t.instr = s.instr;
            t.instructions += s.instructions;
            t.wavefronts += s.wavefronts;
            t.ideal += s.ideal;
            t.ways = t.ways.max(s.ways);
            t.sectors += s.sectors;
            t.requested += s.requested;
        }
        t
    }
}

impl fmt::Display for Perf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "perfcheck of {}:", self.kernel)?;
        write!(
            f,
            "| line | instruction | executed | shared wavefronts (ideal) | worst conflict | global sectors | sector use |\n|---|---|---|---|---|---|---|"
        )?;
        for s in &self.sites {
            let (shared, global) = if s.wavefronts > 0 {
                (
                    std::format!("{} ({})", s.wavefronts, s.ideal),
                    String::new(),
                )
            } else {
                (String::new(), s.sectors.to_string())
            };
            let ways = if s.ways > 0 {
                std::format!("{}-way", s.ways)
            } else {
                String::new()
            };
            let used = if s.sectors > 0 {
                std::format!("{}%", s.efficiency())
            } else {
                String::new()
            };
            write!(
                f,
                "\n| {}:{} | {} | {} | {shared} | {ways} | {global} | {used} |",
                s.file, s.line, s.instr, s.instructions
            )?;
        }
        Ok(())
    }
}
