//! The emulator as a kernel sanitizer, on by default in every emulated launch
//! (`CUTLET_SANITIZE=0` turns it off). Like `compute-sanitizer`, but reporting in the
//! kernel's own terms (the tensor, its layout and the coordinate, the thread, the
//! instruction and the kernel's source line):
//!
//! - **memcheck:** every global and shared access (loads and stores through tensors,
//!   `cp.async`, `ldmatrix`, TMA, `wgmma` operands) must fall inside the tensor it was
//!   made through: a shared-memory carve-out's layout (not just the block's buffer), a
//!   global tensor's allocation, and no byte of a global tensor's padding (the rows
//!   between `M` and a larger leading dimension). An access outside its allocation or
//!   carve-out stops the launch before it touches memory.
//! - **racecheck:** two threads touching the same shared-memory bytes, one of them
//!   writing, with no barrier, named barrier, cluster barrier or mbarrier phase ordering
//!   them (vector clocks, [`clock`]); a read or write of bytes a `cp.async` is still
//!   writing; the same for global memory, where threads of different clusters are
//!   ordered only by a GPU-scope release and acquire through an atomic ([`global`]).
//! - **initcheck:** a read of shared memory that nothing wrote since the launch.
//! - **layout check:** a read of shared memory through another pre-swizzle address than
//!   the write used (one side swizzled, the other not; two layouts for one buffer).
//!
//! Synccheck (divergent barriers, barriers that cannot complete, deadlocks) lives with
//! the barriers. Reports are collected per launch and returned as its
//! [`LaunchError`](super::LaunchError), one entry per kind and place with a count.

mod clock;
mod global;
mod regions;
mod shadow;

pub(crate) use clock::{acquire, release};
pub(crate) use global::Global;
pub(crate) use shadow::Shadow;

use super::{Aborted, ThreadCtx, try_with_thread};
use crate::int::Leaf;
use crate::layout::Layout;
use core::panic::Location;
use regions::{Image, Region};
use shadow::Hazard;
use std::boxed::Box;
use std::cell::RefCell;
use std::string::{String, ToString};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::vec::Vec;

/// Whether launches run under the sanitizer (`CUTLET_SANITIZE` unset, or anything but
/// `0`/`off`).
pub(crate) fn enabled() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        std::env::var("CUTLET_SANITIZE").map_or(true, |v| !matches!(v.as_str(), "0" | "off"))
    })
}

/// An emulated thread's sanitizer state.
struct Local {
    clock: clock::Clock,
    /// The carve-outs of this thread's block (offsets in its buffer).
    carve: Vec<Region>,
    /// The global tensors this thread made during the launch.
    gmem: Vec<Region>,
}

std::thread_local! {
    static LOCAL: RefCell<Option<Local>> = const { RefCell::new(None) };
}

fn with_local<R>(f: impl FnOnce(&mut Local) -> R) -> Option<R> {
    LOCAL.with(|l| l.try_borrow_mut().ok()?.as_mut().map(f))
}

/// A thread starts a block: thread `me` of a cluster of `threads`, its clock at the first
/// epoch and its carve-outs forgotten (global tensors stay for the launch).
pub(crate) fn enter(threads: usize, me: usize) {
    if !enabled() {
        return;
    }
    LOCAL.with(|l| {
        let mut l = l.borrow_mut();
        let gmem = l.take().map(|l| l.gmem).unwrap_or_default();
        *l = Some(Local {
            clock: clock::Clock::new(threads, me),
            carve: Vec::new(),
            gmem,
        });
    });
}

/// The instruction behind an access (stored in the shadow, so `u8`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
pub(crate) enum Instr {
    Load,
    Store,
    CpAsync,
    Ldmatrix,
    TmaLoad,
    TmaStore,
    Wgmma,
    Atomic,
}

impl Instr {
    fn from_u8(b: u8) -> Self {
        [
            Instr::Load,
            Instr::Store,
            Instr::CpAsync,
            Instr::Ldmatrix,
            Instr::TmaLoad,
            Instr::TmaStore,
            Instr::Wgmma,
            Instr::Atomic,
        ]
        .get(b as usize)
        .copied()
        .unwrap_or(Instr::Load)
    }
    fn name(self, shared: bool) -> &'static str {
        match (self, shared) {
            (Instr::Load, true) => "ld.shared",
            (Instr::Load, false) => "ld.global",
            (Instr::Store, true) => "st.shared",
            (Instr::Store, false) => "st.global",
            (Instr::CpAsync, _) => "cp.async",
            (Instr::Ldmatrix, _) => "ldmatrix",
            (Instr::TmaLoad, _) => "TMA load",
            (Instr::TmaStore, _) => "TMA store",
            (Instr::Wgmma, _) => "wgmma operand",
            (Instr::Atomic, _) => "atom.global",
        }
    }
}

/// What an access does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Op {
    Read,
    Write,
    /// A `cp.async` issued: the bytes are being written until its group's wait.
    Issue,
}

/// Where an access's address comes from: the tensor's base (the address of offset 0)
/// and the element's address before the swizzle; 0 where unknown (a raw pointer).
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Origin {
    pub base: usize,
    pub logical: usize,
}

impl Origin {
    /// A raw pointer: its allocation is whichever holds it.
    pub(crate) fn raw(addr: usize) -> Self {
        Origin {
            base: addr,
            logical: 0,
        }
    }
}

/// Checks one access of `bytes` at `addr` by the calling emulated thread (nothing
/// outside a launch or with the sanitizer off).
/// With a [perfcheck](super::perfcheck) asked for, records it at the caller's line.
#[inline(never)]
#[track_caller]
pub(crate) fn access(addr: usize, bytes: usize, at: Origin, op: Op, instr: Instr) {
    let site = Location::caller();
    let a = Access {
        addr,
        bytes,
        at,
        op,
        instr,
    };
    try_with_thread(|t| {
        let write = !matches!(op, Op::Read);
        super::perfcheck::record(t, site, addr, bytes, write, instr);
        if enabled() {
            with_local(|l| check(t, l, a));
        }
    });
}

/// One access, as the checks see it.
#[derive(Clone, Copy)]
struct Access {
    addr: usize,
    bytes: usize,
    at: Origin,
    op: Op,
    instr: Instr,
}

/// This thread's `cp.async` of `bytes` to `addr` (shared) landed.
pub(crate) fn land(addr: usize, bytes: usize) {
    if !enabled() {
        return;
    }
    try_with_thread(|t| {
        with_local(|l| {
            for b in &t.cluster.blocks {
                let (p, n) = b.smem();
                if let (Some(off), Some(s)) = (
                    (addr.wrapping_sub(p as usize) < n).then(|| addr - p as usize),
                    b.shadow(),
                ) {
                    s.land(off, bytes, &l.clock);
                }
            }
        })
    });
}

fn check(t: &ThreadCtx, l: &mut Local, a: Access) {
    let key = if a.at.base != 0 { a.at.base } else { a.addr };
    let blocks = &t.cluster.blocks;
    let rank = core::iter::once(t.rank)
        .chain((0..blocks.len()).filter(|&r| r != t.rank))
        .find(|&r| {
            let (p, n) = blocks[r].smem();
            key.wrapping_sub(p as usize) < n
        });
    match rank {
        Some(r) => shared(t, l, r, a),
        None => global(t, l, a),
    }
}

/// Thread `u` of the cluster, as the report names it.
fn who(t: &ThreadCtx, u: usize) -> String {
    let threads = t.block_dim.volume();
    let (rank, thread) = (u / threads, super::Dim3::delinear(u % threads, t.block_dim));
    if t.cluster.blocks.len() > 1 {
        std::format!(
            "thread {thread} of block {} (CTA {rank} of its cluster)",
            block_of_rank(t, rank)
        )
    } else {
        std::format!("thread {thread} of block {}", t.block)
    }
}

/// The block of rank `rank` in the calling thread's cluster.
fn block_of_rank(t: &ThreadCtx, rank: usize) -> super::Dim3 {
    let (own, other) = (
        super::Dim3::delinear(t.rank, t.cluster_dim),
        super::Dim3::delinear(rank, t.cluster_dim),
    );
    super::Dim3::new(
        t.block.x - own.x + other.x,
        t.block.y - own.y + other.y,
        t.block.z - own.z + other.z,
    )
}

fn verb(op: Op) -> &'static str {
    match op {
        Op::Read => "read",
        Op::Write | Op::Issue => "write",
    }
}

fn shared(t: &ThreadCtx, l: &mut Local, r: usize, a: Access) {
    let Access {
        addr,
        bytes,
        at,
        op,
        instr,
    } = a;
    let blk = &t.cluster.blocks[r];
    let (p, n) = blk.smem();
    let p = p as usize;
    let off = addr.wrapping_sub(p);
    let logical = (at.logical != 0).then(|| at.logical.wrapping_sub(p));
    let head = |what: &str| {
        std::format!(
            "Invalid __shared__ {} of {bytes} bytes ({}) at shared offset {:#x}{}",
            verb(op),
            instr.name(true),
            off as isize,
            what
        )
    };
    if !l.carve.is_empty() {
        let holds = |c: &&Region, o: usize| o.wrapping_sub(c.base) < c.owned;
        let region = if at.base != 0 {
            let b = at.base - p;
            let mut latest = l.carve.iter().rev();
            latest
                .clone()
                .find(|c| c.base == b)
                .or_else(|| latest.find(|c| holds(c, b)))
        } else {
            l.carve.iter().rev().find(|c| holds(c, off))
        };
        match region {
            None => {
                let near = l
                    .carve
                    .iter()
                    .filter(|c| c.base <= off)
                    .max_by_key(|c| c.base);
                let text = head("")
                    + &match near {
                        Some(c) => std::format!(
                            "\n    in no tensor: {}",
                            c.describe(off as isize - c.base as isize, "the shared tensor")
                        ),
                        None => "\n    in no tensor the kernel carved".into(),
                    };
                report(
                    t,
                    true,
                    std::format!("oob-shared-none {}", instr as u8),
                    || text,
                );
            }
            Some(c) => {
                let lo = logical.unwrap_or(off);
                let inside = lo >= c.base
                    && lo + bytes <= c.base + c.span
                    && off >= c.base
                    && off + bytes <= c.base + c.owned;
                if !inside {
                    let text = head("")
                        + "\n    outside its tensor: "
                        + &c.describe(lo as isize - c.base as isize, "the shared tensor");
                    report(
                        t,
                        true,
                        std::format!("oob-shared {} {}", c.site, instr as u8),
                        || text,
                    );
                }
            }
        }
    }
    if off.checked_add(bytes).is_none_or(|e| e > n) {
        let text = head(&std::format!(
            ", past the block's {n} bytes of shared memory"
        ));
        report(t, true, std::format!("oob-block {}", instr as u8), || text);
    }
    let Some(sh) = blk.shadow() else { return };
    let hazard = match op {
        Op::Read => sh.read(off, bytes, logical, &l.clock, instr),
        Op::Write => sh.write(off, bytes, logical, &l.clock, instr, false),
        Op::Issue => sh.write(off, bytes, logical, &l.clock, instr, true),
    };
    let Some(h) = hazard else { return };
    let place = |o: usize| -> String {
        match l
            .carve
            .iter()
            .rev()
            .find(|c| o.wrapping_sub(c.base) < c.owned)
        {
            Some(c) => c.describe(o as isize - c.base as isize, "the shared tensor"),
            None => std::format!("shared offset {o:#x}"),
        }
    };
    let here = place(logical.unwrap_or(off));
    let me = std::format!(
        "{} {} of {bytes} bytes by {}",
        instr.name(true),
        verb(op),
        who(t, l.clock.me())
    );
    let site = l
        .carve
        .iter()
        .rev()
        .find(|c| off.wrapping_sub(c.base) < c.owned)
        .map(|c| c.site.to_string())
        .unwrap_or_default();
    match h {
        Hazard::Uninit => report(
            t,
            false,
            std::format!("init {site} {}", instr as u8),
            || {
                std::format!(
                    "[initcheck] Uninitialized __shared__ read: {me}\n    nothing wrote {here} since the launch"
                )
            },
        ),
        Hazard::InFlight(m) => report(
            t,
            false,
            std::format!("inflight {site} {}", instr as u8),
            || {
                let whose = if m.thread() == l.clock.me() {
                    "this thread issued".into()
                } else {
                    std::format!("of {}", who(t, m.thread()))
                };
                std::format!(
                    "[racecheck] {me} touches bytes that a cp.async {whose} is still writing (no cp.async.wait_group covering it has returned)\n    at {here}"
                )
            },
        ),
        Hazard::Race { other, wrote } => {
            let kind = match (op, wrote) {
                (Op::Read, _) => "Read-after-write",
                (_, true) => "Write-after-write",
                (_, false) => "Write-after-read",
            };
            report(
                t,
                false,
                std::format!("race {kind} {site} {} {}", instr as u8, other.instr() as u8),
                || {
                    std::format!(
                        "[racecheck] {kind} hazard on __shared__ memory: {me}, and an earlier {} {} by {}, with no barrier ordering them\n    at {here}",
                        other.instr().name(true),
                        if wrote { "write" } else { "read" },
                        who(t, other.thread())
                    )
                },
            )
        }
        Hazard::Layout { written } => report(
            t,
            false,
            std::format!("layout {site} {}", instr as u8),
            || {
                std::format!(
                    "[layoutcheck] {me} reads {here}\n    but those bytes were written as {}: the writer and the reader address this buffer through different layouts or swizzles",
                    place(written)
                )
            },
        ),
    }
}

fn global(t: &ThreadCtx, l: &mut Local, a: Access) {
    let Access {
        addr,
        bytes,
        at,
        op,
        instr,
    } = a;
    let key = if at.base != 0 { at.base } else { addr };
    let in_alloc = |(s, n): (usize, usize)| addr >= s && addr + bytes <= s + n;
    let mut through = l.gmem.iter().filter(|g| g.base == key).peekable();
    let Some(first) = through.peek().copied() else {
        // A raw pointer: the access stays in the allocation that holds it, where known.
        let alloc = l
            .gmem
            .iter()
            .filter_map(|g| g.alloc)
            .find(|&(s, n)| key.wrapping_sub(s) < n);
        if let Some(a) = alloc.filter(|&a| !in_alloc(a)) {
            let text = std::format!(
                "Invalid __global__ {} of {bytes} bytes ({}) at {addr:#x}\n    outside the {}-byte allocation at {:#x} that its base {key:#x} points into",
                verb(op),
                instr.name(false),
                a.1,
                a.0
            );
            report(
                t,
                true,
                std::format!("oob-global-raw {}", instr as u8),
                || text,
            );
        }
        global_race(t, l, a, None);
        return;
    };
    let elem_ok = |g: &Region| {
        let off = addr.wrapping_sub(g.base);
        off.checked_add(bytes).is_some_and(|e| e <= g.span)
            && g.image.as_ref().is_none_or(|i: &Image| {
                i.contains((off / g.elem) as isize)
                    && i.contains(((off + bytes - 1) / g.elem) as isize)
            })
    };
    let off = addr as isize - first.base as isize;
    let head = std::format!(
        "Invalid __global__ {} of {bytes} bytes ({}) by {} at {addr:#x}",
        verb(op),
        instr.name(false),
        who(t, l.clock.me())
    );
    // The allocation first: a tensor's layout may reach past the buffer it was made
    // over, and an element of the tensor is no licence to leave the allocation.
    let outside = first.alloc.filter(|&a| !in_alloc(a));
    if outside.is_none() && through.clone().any(elem_ok) {
        global_race(t, l, a, Some(first));
        return;
    }
    match outside {
        Some(a) => {
            let text = std::format!(
                "{head}\n    outside the {}-byte allocation at {:#x}: {}",
                a.1,
                a.0,
                first.describe(off, "the global tensor")
            );
            report(
                t,
                true,
                std::format!("oob-global {} {}", first.site, instr as u8),
                || text,
            );
        }
        _ => {
            let text = std::format!(
                "[memcheck] {} {} of {bytes} bytes by {} inside the allocation but on no element of its tensor (padding of a leading dimension, or past the last element)\n    at {}",
                instr.name(false),
                verb(op),
                who(t, l.clock.me()),
                first.describe(off, "the global tensor")
            );
            report(
                t,
                false,
                std::format!("pad-global {} {} {}", first.site, instr as u8, op as u8),
                || text,
            );
        }
    }
}

/// Racecheck of a global access that memcheck passed ([`global`]), reported as the
/// shared-memory races are, the place named through `tensor` where known.
fn global_race(t: &ThreadCtx, l: &Local, a: Access, tensor: Option<&Region>) {
    let Some(g) = t.cluster.global.as_ref() else {
        return;
    };
    let me = g.stamp(t.block.linear(t.grid_dim), &l.clock, a.instr);
    let write = !matches!(a.op, Op::Read);
    let alloc = tensor.and_then(|r| r.alloc).map(|a| a.0);
    let Some(global::Race { other, wrote }) =
        g.access((a.addr, a.bytes, alloc), me, write, &l.clock)
    else {
        return;
    };
    let kind = match (a.op, wrote) {
        (Op::Read, _) => "Read-after-write",
        (_, true) => "Write-after-write",
        (_, false) => "Write-after-read",
    };
    let site = tensor.map(|r| r.site.to_string()).unwrap_or_default();
    report(
        t,
        false,
        std::format!(
            "grace {kind} {site} {} {}",
            a.instr as u8,
            other.instr as u8
        ),
        || {
            let threads = t.block_dim.volume();
            let whom = |block: u32, thread: usize| {
                std::format!(
                    "thread {} of block {}",
                    super::Dim3::delinear(thread % threads, t.block_dim),
                    super::Dim3::delinear(block as usize, t.grid_dim)
                )
            };
            let here = match tensor {
                Some(r) => r.describe(a.addr as isize - r.base as isize, "the global tensor"),
                None => std::format!("address {:#x}", a.addr),
            };
            std::format!(
                "[racecheck] {kind} hazard on __global__ memory: {} {} of {} bytes by {}, and an earlier {} {} by {}, with no barrier or release and acquire (a GPU-scope atomic) ordering them\n    at {here}",
                a.instr.name(false),
                verb(a.op),
                a.bytes,
                whom(me.block, l.clock.me()),
                other.instr.name(false),
                if wrote { "write" } else { "read" },
                whom(other.block, other.thread as usize),
            )
        },
    );
}

/// A GPU-scope acquire-release atomic of the calling thread at `addr` ([`Global::acq_rel`]).
pub(crate) fn acq_rel(addr: usize) {
    if !enabled() {
        return;
    }
    try_with_thread(|t| {
        if let Some(g) = t.cluster.global.as_ref() {
            g.acq_rel(addr);
        }
    });
}

/// Records a shared-memory carve-out of `layout` (elements of `T`) at offset `base` of
/// the block's buffer, owning `owned` bytes. A new allocation (`fresh`: a
/// [`SmemBuffer`](crate::cuda::SmemBuffer) carving memory again, as an epilogue reusing
/// the pipeline's stages does) replaces the carve-outs it overlaps; a view
/// (`make_smem_tensor`) is added beside them.
#[track_caller]
pub(crate) fn carve_out<T, L: Layout>(base: usize, layout: L, owned: usize, fresh: bool) {
    if !enabled() {
        return;
    }
    let site = Location::caller();
    // An empty layout (an extent of 0, a GEMM's k = 0) spans nothing.
    let span = crate::algebra::cosize(layout).value().max(0) as usize * core::mem::size_of::<T>();
    let owned = owned.max(span);
    with_local(|l| {
        if l.carve.iter().any(|c| c.base == base && c.span == span) {
            return;
        }
        if fresh {
            l.carve
                .retain(|c| c.base + c.owned <= base || base + owned <= c.base);
        }
        l.carve.push(Region {
            base,
            span,
            owned,
            elem: core::mem::size_of::<T>().max(1),
            alloc: None,
            layout: Box::new(move || std::format!("{layout}")),
            image: None,
            site,
            key: (core::any::TypeId::of::<L>(), span),
        });
    });
}

/// Records a shared-memory tensor made at a raw address (`make_smem_tensor`).
#[track_caller]
pub(crate) fn smem_view<T, L: Layout>(ptr: usize, layout: L) {
    if !enabled() {
        return;
    }
    let Some(base) = try_with_thread(|t| {
        let (p, n) = t.block_state.smem();
        (ptr.wrapping_sub(p as usize) < n).then(|| ptr - p as usize)
    })
    .flatten() else {
        return;
    };
    // An empty layout (an extent of 0, a GEMM's k = 0) spans nothing.
    let span = crate::algebra::cosize(layout).value().max(0) as usize * core::mem::size_of::<T>();
    carve_out::<T, L>(base, layout, span, false);
}

/// Records a global tensor of `layout` at `ptr`, in the allocation `alloc` (start and
/// bytes) where known.
#[track_caller]
pub(crate) fn gmem_tensor<T, L: Layout>(ptr: usize, alloc: Option<(usize, usize)>, layout: L) {
    if !enabled() {
        return;
    }
    let site = Location::caller();
    // An empty layout (an extent of 0, a GEMM's k = 0) spans nothing.
    let span = crate::algebra::cosize(layout).value().max(0) as usize * core::mem::size_of::<T>();
    let key = (core::any::TypeId::of::<L>(), span);
    if try_with_thread(|_| ()).is_none() {
        return;
    }
    with_local(|l| {
        if l.gmem.iter().any(|g| g.base == ptr && g.key == key) {
            return;
        }
        let text = std::format!("{layout}");
        l.gmem.push(Region {
            base: ptr,
            span,
            owned: span,
            elem: core::mem::size_of::<T>().max(1),
            alloc,
            image: Image::parse(&text),
            layout: Box::new(move || text.clone()),
            site,
            key,
        });
    });
}

/// What a launch's sanitizer found.
pub(crate) struct Reports {
    kernel: String,
    list: Mutex<Vec<(String, String, usize)>>,
    fatal: AtomicBool,
}

/// How many distinct reports a launch keeps (each counts its repeats).
const KEEP: usize = 16;

impl Reports {
    pub(crate) fn new(kernel: &str) -> Self {
        Reports {
            kernel: kernel.into(),
            list: Mutex::new(Vec::new()),
            fatal: AtomicBool::new(false),
        }
    }
    /// Whether an access was stopped (the launch ends).
    pub(crate) fn fatal(&self) -> bool {
        self.fatal.load(Ordering::Relaxed)
    }
    /// The launch's report, if anything was found.
    pub(crate) fn summary(&self) -> Option<String> {
        let list = self.list.lock().unwrap_or_else(|e| e.into_inner());
        if list.is_empty() {
            return None;
        }
        let total: usize = list.iter().map(|r| r.2).sum();
        let mut s = std::format!(
            "cutlet sanitizer: {total} error(s) in the launch of {}",
            self.kernel
        );
        for (_, text, n) in list.iter() {
            s += "\n========= ";
            s += text;
            if *n > 1 {
                s += &std::format!("\n    ({} more like it)", n - 1);
            }
        }
        Some(s)
    }
}

/// Records a report (or counts a repeat of one), with the kernel's source line; a
/// `fatal` one stops the launch before the access touches memory.
fn report(t: &ThreadCtx, fatal: bool, key: String, text: impl FnOnce() -> String) {
    let r = &t.cluster.reports;
    // The first thread to find a kind keeps a place for it (the text, with a backtrace,
    // takes long); the others count.
    let slot = {
        let mut list = r.list.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = list.iter_mut().find(|e| e.0 == key) {
            e.2 += 1;
            None
        } else if list.len() < KEEP {
            list.push((key, String::new(), 1));
            Some(list.len() - 1)
        } else {
            None
        }
    };
    if let Some(i) = slot {
        let text = std::format!("{}\n    in {}", text(), kernel_site());
        let text = if text.starts_with('[') {
            text
        } else {
            std::format!("[memcheck] {text}\n    by {}", who(t, t.cluster_thread()))
        };
        r.list.lock().unwrap_or_else(|e| e.into_inner())[i].1 = text;
    }
    if fatal {
        r.fatal.store(true, Ordering::Relaxed);
        t.cluster.fail("the sanitizer stopped the launch");
        std::panic::resume_unwind(Box::new(Aborted));
    }
}

/// The kernel's frame that made the access: the first frame of the backtrace outside
/// cutlet-core and the standard library, as `function at file:line`.
fn kernel_site() -> String {
    let bt = std::backtrace::Backtrace::force_capture().to_string();
    let mut func: Option<&str> = None;
    for line in bt.lines() {
        let l = line.trim();
        if let Some(path) = l.strip_prefix("at ") {
            let ours = path.contains("core/src/")
                || path.contains("/rustc/")
                || path.contains("/library/")
                || path.contains("/.cargo/");
            if let (false, Some(f)) = (ours, func.take()) {
                return std::format!(
                    "{} at {}",
                    without_generics(f),
                    path.trim_start_matches("./")
                );
            }
        } else if let Some((_, f)) = l.split_once(": ") {
            func = Some(f);
        }
    }
    "an unknown place (build with debug line tables for the source line)".into()
}

/// A function's path without its generic arguments (`load_stage<K, bf16, …>` →
/// `load_stage`): typenum integers make them unreadable.
fn without_generics(f: &str) -> String {
    let mut depth = 0usize;
    f.chars()
        .filter(|&c| {
            match c {
                '<' => depth += 1,
                '>' => depth = depth.saturating_sub(1),
                _ => return depth == 0,
            }
            false
        })
        .collect()
}
