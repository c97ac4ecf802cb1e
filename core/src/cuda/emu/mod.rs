//! The CPU emulator of the device layer: [`launch`] runs a kernel function over a grid
//! with every thread of a block as a concurrent OS thread, real barriers (a barrier that
//! can never complete fails the launch, naming the call sites), one shared-memory buffer
//! per block, and warp collectives that move values between the emulated lanes.
//! [`launch_cluster`] runs the blocks of a thread block cluster together, sharing their
//! mbarriers and shared memory (distributed shared memory, TMA multicast) as SM90's
//! clusters do. Clusters run one after another; their threads are reused from cluster to
//! cluster. Host builds only; on the GPU the same kernel runs on the hardware.
//!
//! Every launch runs under the emulator's sanitizer (unless `CUTLET_SANITIZE=0`):
//! memcheck against each access's tensor (shared-memory carve-out or global allocation,
//! padding included), racecheck of shared memory by the barriers and mbarrier phases
//! that order the threads, initcheck of shared-memory reads, and a check that a read
//! uses the same layout (swizzle included) as the write it reads. What it finds fails
//! the launch, in the kernel's terms: the tensor's layout and coordinate, the threads,
//! the instructions and the kernel's source line.
//!
//! The emulator is a module of the device layer, not a crate of its own: each
//! device-layer item (an index, a barrier, a load through a tensor, `wgmma`) is one
//! function whose host build calls into the emulator, so a kernel is one source for both
//! places; and the emulator works on the device layer's own types (`GmemPtr`, `Dim3`,
//! `Mbarrier`, the tensors the sanitizer describes). A crate of its own would have to sit
//! below the device layer and above it at once.
//!
//! ```
//! use cutlet_core::cuda::{emu, thread_idx, Dim3, SmemBuffer};
//! use cutlet_core::prelude::*;
//! let e = emu::launch(Dim3::x(1), Dim3::x(64), 256, || {
//!     // SAFETY: the kernel's bug is a missing barrier, which the sanitizer reports.
//!     let mut s = unsafe { SmemBuffer::dynamic().alloc::<f32, _>(layout!(64)) };
//!     let t = thread_idx().x;
//!     s.set(t, 1.0);
//!     let _ = s.get(63 - t); // no syncthreads() before reading another warp's element
//! })
//! .unwrap_err();
//! assert!(e.to_string().contains("[racecheck]"));
//! ```

mod barrier;
mod device_vec;
pub(crate) mod mbarrier;
mod perfcheck;
pub(crate) mod sanitizer;
pub(crate) mod wgmma;

pub use device_vec::{DevicePod, DeviceVec};
pub use perfcheck::{Perf, SiteCost, perfcheck};

use super::{Dim3, WARP_SIZE};
use barrier::Barrier;
use core::panic::Location;
use std::any::Any;
use std::boxed::Box;
use std::cell::RefCell;
use std::string::{String, ToString};
use std::sync::{Arc, Mutex};
use std::vec::Vec;

/// A launch that failed: a thread panicked, a barrier could never complete, or the
/// sanitizer found errors (its report).
///
/// ```
/// use cutlet_core::cuda::{emu, Dim3};
/// let e = emu::launch(Dim3::x(1), Dim3::x(1), 0, || panic!("boom")).unwrap_err();
/// assert!(e.to_string().contains("boom"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LaunchError {
    message: String,
}
impl core::fmt::Display for LaunchError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.message)
    }
}
impl std::error::Error for LaunchError {}

/// Where an emulated thread is, and its block's and cluster's shared state.
pub(crate) struct ThreadCtx {
    pub thread: Dim3,
    pub block: Dim3,
    pub block_dim: Dim3,
    pub grid_dim: Dim3,
    pub cluster_dim: Dim3,
    /// The block's rank in its cluster (`%cluster_ctarank`).
    pub rank: usize,
    pub block_state: Arc<BlockState>,
    pub cluster: Arc<ClusterState>,
}

impl ThreadCtx {
    /// The mbarrier of this block at shared offset `addr`.
    pub(crate) fn mbar_key(&self, addr: u32) -> mbarrier::Key {
        (self.rank as u32, addr)
    }
    /// This thread's index in its cluster.
    pub(crate) fn cluster_thread(&self) -> usize {
        self.rank * self.block_dim.volume() + self.thread.linear(self.block_dim)
    }
    /// The block of rank `rank` in this thread's cluster, or a failure naming it.
    #[track_caller]
    pub(crate) fn peer(&self, rank: usize, what: &str) -> &BlockState {
        match self.cluster.blocks.get(rank) {
            Some(b) => b,
            None => panic!(
                "{what}: CTA {rank} is not in the cluster of {} CTAs ({})",
                self.cluster.blocks.len(),
                self.cluster_dim
            ),
        }
    }
}

/// What the blocks of one cluster share: each block's state (its shared memory is their
/// distributed shared memory), the mbarriers of all of them, and `barrier.cluster`.
pub(crate) struct ClusterState {
    pub(crate) blocks: Vec<Arc<BlockState>>,
    pub(crate) mbar: mbarrier::Table,
    barrier: Barrier,
    /// What the sanitizer found in the launch.
    pub(crate) reports: sanitizer::Reports,
    /// The launch's global-memory shadow (with the sanitizer on).
    pub(crate) global: Option<sanitizer::Global>,
    /// The launch's accesses, with a perfcheck asked for.
    pub(crate) perf: Option<perfcheck::Collector>,
}

impl ClusterState {
    fn fail(&self, message: &str) {
        for b in &self.blocks {
            b.fail(message);
        }
        self.mbar.fail();
        self.barrier.fail(message);
    }
    fn reset(&self) {
        for b in &self.blocks {
            b.reset();
            let (p, n) = b.smem();
            // SAFETY: every other thread of the cluster is parked at the launch's
            // rendezvous, so nothing else touches the buffer of `n` bytes while it is
            // cleared.
            unsafe { core::ptr::write_bytes(p, 0, n) };
            if let Some(s) = b.shadow() {
                s.reset();
            }
        }
        self.mbar.reset();
        self.barrier.reset();
        if let Some(g) = &self.global {
            g.next_cluster();
        }
    }
}

std::thread_local! {
    static CTX: RefCell<Option<ThreadCtx>> = const { RefCell::new(None) };
}

/// Runs `f` on the calling emulated thread's context, if it is one.
pub(crate) fn try_with_thread<R>(f: impl FnOnce(&ThreadCtx) -> R) -> Option<R> {
    CTX.with(|c| c.try_borrow().ok()?.as_ref().map(f))
}

/// Runs `f` on the calling emulated thread's context.
pub(crate) fn with_thread<R>(f: impl FnOnce(&ThreadCtx) -> R) -> R {
    CTX.with(|c| match c.borrow().as_ref() {
        Some(t) => f(t),
        None => panic!("cutlet_core::cuda: a device function was called outside a kernel launch (run kernels with cuda::emu::launch)"),
    })
}

/// One shared-memory line; the buffer is a vector of them, so it is 1024-byte aligned
/// (the period of the 128-byte swizzle that TMA and GMMA apply to address bits).
#[derive(Clone, Copy)]
#[repr(C, align(1024))]
struct Line([u8; 1024]);

/// What the threads of one block share.
pub(crate) struct BlockState {
    smem: *mut Line,
    smem_bytes: usize,
    barrier: Barrier,
    warps: Vec<Warp>,
    /// One barrier per full warpgroup (128 threads): the emulated `wgmma` collectives.
    warpgroups: Vec<Barrier>,
    /// Each full warpgroup's 128 values of its last [`warpgroup_gather`].
    wg_slots: Vec<Mutex<Vec<Option<Box<dyn Any + Send>>>>>,
    /// Named barriers (`bar.sync id, n`): id -> (thread count, barrier).
    named: Mutex<std::collections::BTreeMap<u32, (usize, Arc<Barrier>)>>,
    /// The sanitizer's shadow of `smem` (when it is on).
    shadow: Option<sanitizer::Shadow>,
    /// Threads of the block that have left the kernel (what named barriers can count on).
    exited: std::sync::atomic::AtomicUsize,
}
// SAFETY: `smem` points into a buffer that outlives the launch's threads; accesses to it
// follow the shared-memory contract of `SmemBuffer::alloc` (no unordered conflicting
// accesses), as on the GPU.
unsafe impl Send for BlockState {}
// SAFETY: as above.
unsafe impl Sync for BlockState {}

struct Warp {
    lanes: usize,
    barrier: Barrier,
    slots: Mutex<Vec<Option<Box<dyn Any + Send>>>>,
    /// The 32 results of the last [`warp_map`].
    result: Mutex<Option<Box<dyn Any + Send>>>,
}

impl BlockState {
    pub(crate) fn smem(&self) -> (*mut u8, usize) {
        (self.smem as *mut u8, self.smem_bytes)
    }
    pub(crate) fn shadow(&self) -> Option<&sanitizer::Shadow> {
        self.shadow.as_ref()
    }
    /// The offset of `p` in the block's shared memory (the `.shared` window address),
    /// or a failure naming `p`.
    #[track_caller]
    pub(crate) fn smem_offset(&self, p: usize) -> u32 {
        let base = self.smem as usize;
        if p < base || p >= base + self.smem_bytes.max(1) {
            panic!(
                "address {p:#x} is not in the block's shared memory ({} bytes at {base:#x})",
                self.smem_bytes
            );
        }
        (p - base) as u32
    }
    fn fail(&self, message: &str) {
        self.barrier.fail(message);
        for w in &self.warps {
            w.barrier.fail(message);
        }
        for w in &self.warpgroups {
            w.fail(message);
        }
        for (_, b) in self
            .named
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
        {
            b.fail(message);
        }
    }
    /// A thread left the kernel; the failure message if that strands a named barrier's
    /// waiters (their count exceeds the threads left).
    fn exit(&self) -> Option<String> {
        use std::sync::atomic::Ordering::Relaxed;
        let live = self.barrier.n() - (self.exited.fetch_add(1, Relaxed) + 1);
        let named = self.named.lock().unwrap_or_else(|e| e.into_inner());
        named.values().find_map(|(_, b)| b.strand(live))
    }
    fn reset(&self) {
        self.exited.store(0, std::sync::atomic::Ordering::Relaxed);
        self.barrier.reset();
        for w in &self.warps {
            w.barrier.reset();
        }
        for w in &self.warpgroups {
            w.reset();
        }
        self.named.lock().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// Marks the unwinding of threads stopped because another thread failed.
struct Aborted;

/// `__syncthreads()` in the emulator.
pub(crate) fn block_barrier(site: &'static Location<'static>) {
    with_thread(|t| {
        t.block_state
            .barrier
            .wait(site, t.thread, "syncthreads", true)
    });
}

/// `barrier.cluster.arrive` + `barrier.cluster.wait` in the emulator: every thread of
/// every block of the cluster meets.
pub(crate) fn cluster_barrier(site: &'static Location<'static>) {
    with_thread(|t| {
        t.cluster
            .barrier
            .wait(site, t.thread, "cluster barrier", true)
    });
}

/// The `.sync.aligned` warpgroup instructions (`wgmma.fence`, `wgmma.wait_group`): every
/// thread of the calling thread's warpgroup meets here, so no thread of it runs ahead of
/// the others' MMAs (as the hardware's warpgroup-wide instructions ensure).
#[track_caller]
pub(crate) fn warpgroup_sync(what: &str) {
    let site = Location::caller();
    with_thread(|t| {
        let lin = t.thread.linear(t.block_dim);
        match t.block_state.warpgroups.get(lin / 128) {
            // Ordering: a warpgroup's MMAs read shared memory as one (one thread then
            // releases the stage for all of them, as CUTLASS's consumers do).
            Some(b) => b.wait(site, t.thread, what, true),
            None => panic!(
                "{what} at {site} in a block of {} threads: warpgroup instructions need whole warpgroups of 128 threads",
                t.block_dim.volume()
            ),
        }
    });
}

/// The values the 128 threads of the calling thread's warpgroup pass, in the order of
/// their index in it: a warpgroup collective (a register-A `wgmma` reads every thread's
/// fragment of A). Every thread of the warpgroup must reach the same call; the exchange
/// orders no memory.
#[track_caller]
pub(crate) fn warpgroup_gather<T: Copy + Send + 'static>(v: T) -> Vec<T> {
    let site = Location::caller();
    with_thread(|t| {
        let lin = t.thread.linear(t.block_dim);
        let (Some(barrier), Some(slots)) = (
            t.block_state.warpgroups.get(lin / 128),
            t.block_state.wg_slots.get(lin / 128),
        ) else {
            panic!(
                "warpgroup collective at {site} in a block of {} threads: warpgroup instructions need whole warpgroups of 128 threads",
                t.block_dim.volume()
            )
        };
        slots.lock().unwrap_or_else(|e| e.into_inner())[lin % 128] = Some(Box::new(v));
        barrier.wait(site, t.thread, "warpgroup collective", false);
        let all = slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .iter()
            .map(|s| {
                *s.as_ref()
                    .and_then(|b| b.downcast_ref::<T>())
                    .unwrap_or_else(|| {
                        panic!("warpgroup collective at {site}: threads disagree on the collective")
                    })
            })
            .collect();
        barrier.wait(site, t.thread, "warpgroup collective", false);
        all
    })
}

/// `bar.sync id, threads` in the emulator: the first use of `id` in a block fixes its
/// thread count; a later use with another count fails the launch.
#[track_caller]
pub(crate) fn named_barrier(id: u32, threads: usize) {
    let site = Location::caller();
    with_thread(|t| {
        let b = named_barrier_of(t, id, threads, "bar.sync", site);
        let total = t.block_dim.volume();
        let live = total
            - t.block_state
                .exited
                .load(std::sync::atomic::Ordering::Relaxed);
        if b.needs() > live {
            let m = std::format!(
                "named barrier at {site} can never complete: bar.sync {id}, {threads} when only {live} threads of the block have not exited"
            );
            t.block_state.fail(&m);
            panic!("{m}");
        }
        b.wait(site, t.thread, "named barrier", true);
    });
}

/// `bar.arrive id, threads` in the emulator: counts the thread at the barrier (and
/// releases its accesses to the barrier's waiters) without waiting.
#[track_caller]
pub(crate) fn named_barrier_arrive(id: u32, threads: usize) {
    let site = Location::caller();
    with_thread(|t| named_barrier_of(t, id, threads, "bar.arrive", site).arrive());
}

/// Named barrier `id` of the calling thread's block, its count checked.
fn named_barrier_of(
    t: &ThreadCtx,
    id: u32,
    threads: usize,
    op: &str,
    site: &'static Location<'static>,
) -> Arc<Barrier> {
    let total = t.block_dim.volume();
    if id > 15 || threads == 0 || !threads.is_multiple_of(WARP_SIZE) || threads > total {
        panic!(
            "{op} {id}, {threads} at {site}: the id must be 0..16 and the count a multiple of 32 up to the block's {total} threads"
        );
    }
    {
        let mut named = t
            .block_state
            .named
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let (n, b) = named
            .entry(id)
            .or_insert_with(|| (threads, Arc::new(Barrier::new(threads))));
        if *n != threads {
            let n = *n;
            drop(named);
            panic!(
                "{op} {id}, {threads} at {site}: the barrier's threads already wait with a count of {n}"
            );
        }
        Arc::clone(b)
    }
}

/// Every lane of the calling thread's warp contributes `v`; each gets all 32 values,
/// lane order. The primitive behind the emulated shuffles and `mma.sync`.
#[track_caller]
pub(crate) fn warp_all_gather<T: Copy + Send + 'static>(v: T) -> [T; WARP_SIZE] {
    warp_collective(v, |all| *all)
}

/// As [`warp_all_gather`], running `f` on the 32 values while every lane of the warp is
/// still inside the collective (so memory a lane's value points to stays live: the
/// emulated `ldmatrix` reads the lanes' rows this way).
#[track_caller]
pub(crate) fn warp_collective<T: Copy + Send + 'static, R>(
    v: T,
    f: impl FnOnce(&[T; WARP_SIZE]) -> R,
) -> R {
    let site = Location::caller();
    with_thread(|t| {
        let lin = t.thread.linear(t.block_dim);
        let warp = &t.block_state.warps[lin / WARP_SIZE];
        if warp.lanes != WARP_SIZE {
            panic!(
                "warp collective at {site} in a warp of {} threads: warp-level instructions need full warps of 32 (block {})",
                warp.lanes, t.block_dim
            );
        }
        warp.slots.lock().unwrap_or_else(|e| e.into_inner())[lin % WARP_SIZE] = Some(Box::new(v));
        warp.barrier.wait(site, t.thread, "warp collective", false);
        let all: [T; WARP_SIZE] = {
            let slots = warp.slots.lock().unwrap_or_else(|e| e.into_inner());
            core::array::from_fn(|i| {
                *slots[i]
                    .as_ref()
                    .and_then(|b| b.downcast_ref::<T>())
                    .unwrap_or_else(|| {
                        panic!("warp collective at {site}: lanes disagree on the collective")
                    })
            })
        };
        let r = f(&all);
        warp.barrier.wait(site, t.thread, "warp collective", false);
        r
    })
}

/// Every lane of the calling thread's warp contributes `v`; lane 0 runs `f` on the 32
/// values once, for the whole warp, and each lane receives its element of the result.
/// The primitive behind the emulated `mma.sync` (one product per warp, not per lane).
#[track_caller]
pub(crate) fn warp_map<T: Copy + Send + 'static, R: Copy + Send + 'static>(
    v: T,
    f: impl FnOnce(&[T; WARP_SIZE]) -> [R; WARP_SIZE],
) -> R {
    let site = Location::caller();
    // Lane 0 stores the results while the others wait at the collective's closing
    // barrier; the next collective's lane 0 cannot overwrite them before every lane has
    // arrived there, after reading its own.
    warp_collective(v, |all| {
        with_warp(|warp, lane| {
            if lane == 0 {
                *warp.result.lock().unwrap_or_else(|e| e.into_inner()) = Some(Box::new(f(all)));
            }
        })
    });
    with_warp(|warp, lane| {
        let result = warp.result.lock().unwrap_or_else(|e| e.into_inner());
        result
            .as_ref()
            .and_then(|b| b.downcast_ref::<[R; WARP_SIZE]>())
            .map(|all| all[lane])
    })
    .unwrap_or_else(|| panic!("warp collective at {site}: lanes disagree on the collective"))
}

/// Runs `f` on the calling thread's warp and its lane in it.
fn with_warp<R>(f: impl FnOnce(&Warp, usize) -> R) -> R {
    with_thread(|t| {
        let lin = t.thread.linear(t.block_dim);
        f(&t.block_state.warps[lin / WARP_SIZE], lin % WARP_SIZE)
    })
}

/// Runs `kernel` on a `grid` of blocks of `block` threads with `shared_bytes` of dynamic
/// shared memory per block (CUDA's `kernel<<<grid, block, shared_bytes>>>()`).
/// Returns the first failure: a thread's panic (with its thread and block), or a
/// barrier that could never complete.
///
/// ```
/// use cutlet_core::cuda::{emu, thread_idx, block_idx, Dim3};
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let count = AtomicUsize::new(0);
/// emu::launch(Dim3::xy(2, 2), Dim3::x(8), 0, || {
///     count.fetch_add(thread_idx().x + 100 * block_idx().y, Ordering::Relaxed);
/// }).unwrap();
/// assert_eq!(count.into_inner(), 2 * (2 * 28 + 8 * 100));
/// ```
pub fn launch<F: Fn() + Sync>(
    grid: Dim3,
    block: Dim3,
    shared_bytes: usize,
    kernel: F,
) -> Result<(), LaunchError> {
    launch_cluster(grid, Dim3::x(1), block, shared_bytes, kernel)
}

/// Runs `kernel` with a [`LaunchConfig`](super::LaunchConfig): what the host library
/// hands the driver, so a kernel crate's launch description runs here unchanged.
///
/// ```
/// use cutlet_core::cuda::{emu, thread_idx, Dim3, LaunchConfig};
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let n = AtomicUsize::new(0);
/// let cfg = LaunchConfig::new(Dim3::x(4), Dim3::x(32)).cluster(Dim3::x(2));
/// emu::launch_config(cfg, || { n.fetch_add(1, Ordering::Relaxed); }).unwrap();
/// assert_eq!(n.into_inner(), 128);
/// ```
pub fn launch_config<F: Fn() + Sync>(
    cfg: super::LaunchConfig,
    kernel: F,
) -> Result<(), LaunchError> {
    launch_cluster(cfg.grid, cfg.cluster, cfg.block, cfg.smem, kernel)
}

/// As [`launch`], with the blocks grouped in thread block clusters of `cluster` blocks
/// (CUDA's `cudaLaunchKernelEx` with `cudaLaunchAttributeClusterDimension`): the blocks
/// of a cluster run together, and each may arrive on the others' mbarriers and receive
/// their multicast TMA copies ([`Mbarrier::arrive_cluster`](super::Mbarrier::arrive_cluster),
/// [`tma_load_multicast`](super::tma_load_multicast)). The grid must be a whole number of
/// clusters, of at most 8 blocks (the portable limit).
///
/// ```
/// use cutlet_core::cuda::{block_rank_in_cluster, cluster_shape, cluster_sync, emu, Dim3};
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let ranks = AtomicUsize::new(0);
/// emu::launch_cluster(Dim3::x(4), Dim3::x(2), Dim3::x(32), 0, || {
///     cluster_sync();
///     ranks.fetch_add(block_rank_in_cluster() * cluster_shape().x, Ordering::Relaxed);
/// }).unwrap();
/// assert_eq!(ranks.into_inner(), 2 * 32 * 2);
/// let e = emu::launch_cluster(Dim3::x(3), Dim3::x(2), Dim3::x(32), 0, || ()).unwrap_err();
/// assert!(e.to_string().contains("whole number of clusters"));
/// ```
pub fn launch_cluster<F: Fn() + Sync>(
    grid: Dim3,
    cluster: Dim3,
    block: Dim3,
    shared_bytes: usize,
    kernel: F,
) -> Result<(), LaunchError> {
    let threads = block.volume();
    let fail = |message: String| Err(LaunchError { message });
    if threads == 0 || grid.volume() == 0 {
        return fail(std::format!("empty launch: grid {grid}, block {block}"));
    }
    if threads > 1024 {
        return fail(std::format!(
            "block {block} has {threads} threads; CUDA allows 1024"
        ));
    }
    let ctas = cluster.volume();
    if !(1..=8).contains(&ctas)
        || !grid.x.is_multiple_of(cluster.x)
        || !grid.y.is_multiple_of(cluster.y)
        || !grid.z.is_multiple_of(cluster.z)
    {
        return fail(std::format!(
            "grid {grid} is not a whole number of clusters {cluster} of 1 to 8 blocks"
        ));
    }
    let mut smem: Vec<Vec<Line>> = (0..ctas)
        .map(|_| std::vec![Line([0; 1024]); shared_bytes.div_ceil(1024)])
        .collect();
    let blocks = smem
        .iter_mut()
        .map(|s| Arc::new(BlockState::new(s.as_mut_ptr(), shared_bytes, threads)))
        .collect();
    let state = Arc::new(ClusterState {
        blocks,
        mbar: mbarrier::Table::new(ctas * threads, ctas),
        barrier: Barrier::of_kind(ctas * threads, "barrier.cluster"),
        reports: sanitizer::Reports::new(core::any::type_name::<F>()),
        global: sanitizer::enabled().then(|| sanitizer::Global::new(grid.volume() / ctas)),
        perf: perfcheck::start(),
    });
    let error: Mutex<Option<String>> = Mutex::new(None);
    let rendezvous = std::sync::Barrier::new(ctas * threads);
    let shape = Shape {
        grid,
        cluster,
        block,
    };
    std::thread::scope(|s| {
        for t in 0..ctas * threads {
            let (state, error, rendezvous, kernel) = (&state, &error, &rendezvous, &kernel);
            std::thread::Builder::new()
                // Debug builds of unrolled kernels keep large frames.
                .stack_size(16 << 20)
                .spawn_scoped(s, move || {
                    run_thread(t, shape, state, error, rendezvous, kernel)
                })
                .expect("the emulator could not start a thread");
        }
    });
    let found = state.reports.summary();
    if let Some(c) = &state.perf {
        perfcheck::finish(c, core::any::type_name::<F>());
    }
    drop(state);
    drop(smem);
    match (found, error.into_inner().unwrap_or_else(|e| e.into_inner())) {
        (Some(report), Some(message)) => Err(LaunchError {
            message: std::format!("{report}\n{message}"),
        }),
        (Some(message), None) | (None, Some(message)) => Err(LaunchError { message }),
        (None, None) => Ok(()),
    }
}

impl BlockState {
    fn new(smem: *mut Line, smem_bytes: usize, threads: usize) -> Self {
        let warps = (0..threads.div_ceil(WARP_SIZE))
            .map(|w| {
                let lanes = (threads - w * WARP_SIZE).min(WARP_SIZE);
                Warp {
                    lanes,
                    barrier: Barrier::new(lanes),
                    slots: Mutex::new((0..lanes).map(|_| None).collect()),
                    result: Mutex::new(None),
                }
            })
            .collect();
        BlockState {
            smem,
            smem_bytes,
            barrier: Barrier::new(threads),
            warps,
            warpgroups: (0..threads / 128).map(|_| Barrier::new(128)).collect(),
            wg_slots: (0..threads / 128)
                .map(|_| Mutex::new((0..128).map(|_| None).collect()))
                .collect(),
            named: Mutex::new(Default::default()),
            shadow: sanitizer::enabled().then(|| sanitizer::Shadow::new(smem_bytes)),
            exited: Default::default(),
        }
    }
}

/// A launch's extents.
#[derive(Clone, Copy)]
struct Shape {
    grid: Dim3,
    cluster: Dim3,
    block: Dim3,
}

/// The index, per dimension, of `a` times `b` plus `c`.
fn mad(a: Dim3, b: Dim3, c: Dim3) -> Dim3 {
    Dim3::new(a.x * b.x + c.x, a.y * b.y + c.y, a.z * b.z + c.z)
}

fn run_thread(
    t: usize,
    Shape {
        grid,
        cluster,
        block,
    }: Shape,
    cstate: &Arc<ClusterState>,
    error: &Mutex<Option<String>>,
    rendezvous: &std::sync::Barrier,
    kernel: &(impl Fn() + Sync),
) {
    let threads = block.volume();
    let (rank, thread) = (t / threads, Dim3::delinear(t % threads, block));
    let state = &cstate.blocks[rank];
    let clusters = Dim3::new(grid.x / cluster.x, grid.y / cluster.y, grid.z / cluster.z);
    for c in 0..clusters.volume() {
        let block_idx = mad(
            Dim3::delinear(c, clusters),
            cluster,
            Dim3::delinear(rank, cluster),
        );
        sanitizer::enter(cluster.volume() * threads, t);
        CTX.with(|c| {
            *c.borrow_mut() = Some(ThreadCtx {
                thread,
                block: block_idx,
                block_dim: block,
                grid_dim: grid,
                cluster_dim: cluster,
                rank,
                block_state: Arc::clone(state),
                cluster: Arc::clone(cstate),
            })
        });
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(kernel));
        cp_async_drain();
        try_with_thread(perfcheck::flush);
        let left = wgmma::clear();
        let r = r.and_then(|()| match left {
            Some(m) => Err(Box::new(m) as Box<dyn Any + Send>),
            None => Ok(()),
        });
        CTX.with(|c| *c.borrow_mut() = None);
        match r {
            Ok(()) => {
                let (a, b, c, d) = (
                    state.barrier.exit(),
                    cstate.mbar.exit(),
                    cstate.barrier.exit(),
                    state.exit(),
                );
                if let Some(message) = a.or(b).or(c).or(d) {
                    error
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(message.clone());
                    cstate.fail(&message);
                }
            }
            Err(p) if p.is::<Aborted>() => {}
            Err(p) => {
                let what = p
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                let message = std::format!("thread {thread} of block {block_idx} panicked: {what}");
                error
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(message.clone());
                cstate.fail(&message);
            }
        }
        // Cluster end: once every thread is here, thread 0 resets the barriers and shared
        // memory for the next cluster.
        rendezvous.wait();
        if error.lock().unwrap_or_else(|e| e.into_inner()).is_some() || cstate.reports.fatal() {
            return;
        }
        if t == 0 {
            cstate.reset();
        }
        rendezvous.wait();
    }
}

/// One pending `cp.async`: destination, source, bytes, whether it reads (else zero-fills).
type AsyncCopy = (usize, usize, usize, bool);

/// Where a `cp.async`'s destination and source come from (the sanitizer's view).
pub(crate) type AsyncOrigins = (sanitizer::Origin, sanitizer::Origin);

std::thread_local! {
    /// This thread's `cp.async` copies: committed groups, oldest first, then the open one.
    static ASYNC: RefCell<(std::collections::VecDeque<Vec<AsyncCopy>>, Vec<AsyncCopy>)> =
        RefCell::new(Default::default());
}

pub(crate) fn cp_async_push(
    dst: usize,
    src: usize,
    bytes: usize,
    read: bool,
    (d, s): AsyncOrigins,
) {
    use sanitizer::{Instr, Op, access};
    if read {
        access(src, bytes, s, Op::Read, Instr::CpAsync);
    }
    access(dst, bytes, d, Op::Issue, Instr::CpAsync);
    ASYNC.with(|a| a.borrow_mut().1.push((dst, src, bytes, read)));
}

pub(crate) fn cp_async_commit() {
    ASYNC.with(|a| {
        let mut a = a.borrow_mut();
        let open = core::mem::take(&mut a.1);
        a.0.push_back(open);
    });
}

/// Completes this thread's oldest committed groups until at most `n` remain.
pub(crate) fn cp_async_wait(n: usize) {
    ASYNC.with(|a| {
        let mut a = a.borrow_mut();
        while a.0.len() > n {
            for (dst, src, bytes, read) in a.0.pop_front().unwrap_or_default() {
                // SAFETY: `cp_async_*`'s contract: `src` is readable (when `read`) and
                // `dst` writable for `bytes`, and nothing touches `dst` before this wait.
                unsafe {
                    if read {
                        core::ptr::copy_nonoverlapping(src as *const u8, dst as *mut u8, bytes);
                    } else {
                        core::ptr::write_bytes(dst as *mut u8, 0, bytes);
                    }
                }
                sanitizer::land(dst, bytes);
            }
        }
    });
}

/// A thread leaving the kernel: its copies land (the hardware completes them too).
fn cp_async_drain() {
    cp_async_commit();
    cp_async_wait(0);
}
