//! What a layout's memory accesses cost, computed from the layout: shared-memory bank
//! conflicts (wavefronts per warp instruction), `ldmatrix` row fetches, and global-memory
//! sectors per request with the coalescing efficiency. A CuTe layout says which address
//! each thread touches, so these are functions of the layout, known before a kernel runs.
//!
//! The hardware model (sm_80 and sm_90, what `ncu`'s `l1tex__data_pipe_lsu_wavefronts_*`,
//! `l1tex__data_bank_conflicts_*` and `l1tex__t_sectors_*` count):
//! - shared memory has 32 banks of 4 bytes; 4-byte word `w` lies in bank `w % 32`. A
//!   warp's access is served in phases: the 32 lanes at once for accesses of at most 4
//!   bytes, half warps for 8 bytes, quarter warps for 16 (each phase moves at most 128
//!   bytes). A phase takes as many wavefronts as the most distinct words any one bank
//!   holds; lanes reading the same word share it (a broadcast). The *n-way conflict* is
//!   that most, 1 when conflict free;
//! - `ldmatrix`/`stmatrix` fetch each 8x8 matrix as 8 rows of 16 bytes whose addresses
//!   lanes `8 i .. 8 i + 8` give: a 16-byte access's quarter-warp phases, one per matrix;
//! - global memory moves 32-byte sectors: a warp instruction's request takes the distinct
//!   sectors its active lanes touch.
//!
//! The functions over layouts take a thread-value layout `tv` (mode 0 the threads, the
//! rest the values, CuTe's `composition(sA, tv)` for a swizzled or padded shared tile)
//! whose offsets count `elem_bits`-wide elements; each access moves `access_bits`
//! (consecutive values of a thread, at consecutive offsets).
//!
//! ```
//! use cutlet_core::analysis::smem_cost;
//! use cutlet_core::prelude::*;
//! // 32 threads reading a column of a row-major 32x32 f32 tile: one bank, 32-way.
//! let column = smem_cost(&layout!((32, 32):(32, 1)), 32, 32).unwrap();
//! assert_eq!((column.ways, column.wavefronts, column.ideal), (32, 1024, 32));
//! // Padded to a row of 33: conflict free.
//! assert_eq!(smem_cost(&layout!((32, 32):(33, 1)), 32, 32).unwrap().ways, 1);
//! ```

#[cfg(any(target_arch = "nvptx64", feature = "std"))]
use crate::cuda::{TmaBox, TmaError};
use crate::int::Leaf;
use crate::layout::{Layout, get, size};
use crate::tensor::engine::int_offset;
use core::fmt;

/// Banks of shared memory.
pub const BANKS: u64 = 32;
/// Bytes of one bank's word.
pub const BANK_BYTES: u64 = 4;
/// Bytes of one global-memory sector.
pub const SECTOR_BYTES: u64 = 32;
/// Threads of a warp.
const WARP: usize = 32;

/// What one warp instruction's shared-memory access costs ([`smem_access`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmemAccess {
    /// Wavefronts the access takes (the shared-memory pipe serves one a cycle).
    pub wavefronts: u32,
    /// Wavefronts a conflict-free access of the same lanes and width takes (its phases).
    pub ideal: u32,
    /// The worst n-way bank conflict of a phase: the most distinct words one bank
    /// serves (1: conflict free; 0: no lane active).
    pub ways: u32,
    /// The lanes whose distinct words meet in that bank (bit `i`: lane `i`).
    pub colliding: u32,
}

/// The cost of one warp's shared-memory access: `addrs[i]` is lane `i`'s byte address
/// (`None`: the lane is inactive), each access `bytes` wide (1, 2, 4, 8 or 16).
///
/// ```
/// use cutlet_core::analysis::smem_access;
/// // Consecutive f32: conflict free, one wavefront.
/// let row: Vec<_> = (0..32).map(|i| Some(4 * i)).collect();
/// assert_eq!(smem_access(&row, 4).wavefronts, 1);
/// // A stride of 128 bytes: every lane in bank 0, 32 distinct words.
/// let column: Vec<_> = (0..32).map(|i| Some(128 * i)).collect();
/// let c = smem_access(&column, 4);
/// assert_eq!((c.ways, c.wavefronts, c.colliding), (32, 32, u32::MAX));
/// // 64 bytes: the even lanes meet in bank 0, the odd ones in bank 16.
/// let half: Vec<_> = (0..32).map(|i| Some(64 * i)).collect();
/// assert_eq!((smem_access(&half, 4).ways, smem_access(&half, 4).colliding), (16, 0x5555_5555));
/// // Everyone reads one word: a broadcast.
/// assert_eq!(smem_access(&[Some(8); 32], 4).ways, 1);
/// // 16-byte vectors: four quarter-warp phases of 128 bytes, conflict free.
/// let v4: Vec<_> = (0..32).map(|i| Some(16 * i)).collect();
/// assert_eq!((smem_access(&v4, 16).wavefronts, smem_access(&v4, 16).ideal), (4, 4));
/// ```
pub fn smem_access(addrs: &[Option<u64>], bytes: u32) -> SmemAccess {
    let mut cost = SmemAccess::default();
    for phase in smem_phases(addrs, bytes) {
        let (worst, lanes) = phase.worst();
        cost.wavefronts += worst;
        cost.ideal += 1;
        if worst > cost.ways {
            (cost.ways, cost.colliding) = (worst, lanes);
        }
    }
    cost
}

/// One phase of a warp's shared-memory access ([`smem_phases`]): the distinct 4-byte
/// words it touches, each with the lanes that touch it.
#[derive(Clone, Copy, Debug)]
pub struct Phase {
    words: [(u64, u32); WARP],
    len: usize,
}

impl Phase {
    /// The distinct words (byte address / 4) and, for each, its lanes (bit `i`: lane `i`),
    /// in the order the lanes first touch them.
    pub fn words(&self) -> &[(u64, u32)] {
        &self.words[..self.len]
    }
    /// The wavefronts the phase takes (the most distinct words of one bank) and the
    /// lanes of that bank.
    pub fn worst(&self) -> (u32, u32) {
        let (mut worst, mut lanes) = (0, 0);
        for bank in 0..BANKS {
            let (k, l) = self
                .words()
                .iter()
                .filter(|(w, _)| w % BANKS == bank)
                .fold((0, 0), |(k, l), (_, m)| (k + 1, l | m));
            if k > worst {
                (worst, lanes) = (k, l);
            }
        }
        (worst, lanes)
    }
}

/// The phases of one warp's shared-memory access (lane `i` at byte address `addrs[i]`,
/// `bytes` wide): all 32 lanes for accesses of at most 4 bytes, half warps for 8, quarter
/// warps for 16; phases without an active lane are left out.
///
/// ```
/// use cutlet_core::analysis::smem_phases;
/// let v2: Vec<_> = (0..32).map(|i| Some(8 * i)).collect();
/// let phases: Vec<_> = smem_phases(&v2, 8).collect();
/// assert_eq!(phases.len(), 2);
/// assert_eq!(phases[1].words()[0], (32, 1 << 16));
/// ```
pub fn smem_phases(addrs: &[Option<u64>], bytes: u32) -> impl Iterator<Item = Phase> + '_ {
    let bytes = u64::from(bytes.max(1));
    let per_phase = if bytes <= BANK_BYTES {
        WARP
    } else {
        (128 / bytes) as usize
    };
    addrs
        .chunks(per_phase)
        .enumerate()
        .filter_map(move |(p, lanes)| {
            // At most 128 bytes' worth of words: 32.
            let mut ph = Phase {
                words: [(0, 0); WARP],
                len: 0,
            };
            for (i, a) in lanes.iter().enumerate() {
                let Some(a) = *a else { continue };
                let lane = 1u32 << ((p * per_phase + i) % WARP);
                for w in a / BANK_BYTES..=(a + bytes - 1) / BANK_BYTES {
                    match ph.words[..ph.len].iter_mut().find(|(x, _)| *x == w) {
                        Some((_, l)) => *l |= lane,
                        None if ph.len < WARP => {
                            ph.words[ph.len] = (w, lane);
                            ph.len += 1;
                        }
                        None => {}
                    }
                }
            }
            (ph.len > 0).then_some(ph)
        })
}

/// The cost of an `ldmatrix`/`stmatrix` of `matrices` 8x8 matrices of 16-bit elements
/// (1, 2 or 4): lanes `8 i .. 8 i + 8` give the byte addresses of matrix `i`'s rows of
/// 16 bytes, each matrix one phase.
///
/// ```
/// use cutlet_core::analysis::ldmatrix_access;
/// // Rows 64 bytes apart (an unswizzled 8x32 bf16 tile): rows 0, 2, 4, 6 share banks.
/// let rows: Vec<_> = (0..32).map(|i| Some(64 * i)).collect();
/// assert_eq!(ldmatrix_access(&rows, 4).ways, 4);
/// // A 128-byte swizzle's rows: conflict free.
/// let sw: Vec<_> = (0..32u64).map(|i| Some(128 * (i % 8) + 16 * ((i % 8) ^ (i / 8)))).collect();
/// assert_eq!(ldmatrix_access(&sw, 4).ways, 1);
/// ```
pub fn ldmatrix_access(row_addrs: &[Option<u64>], matrices: usize) -> SmemAccess {
    smem_access(&row_addrs[..(8 * matrices).min(row_addrs.len())], 16)
}

/// What one warp instruction's global-memory access costs ([`global_access`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlobalAccess {
    /// The 32-byte sectors the request touches.
    pub sectors: u32,
    /// Bytes the active lanes ask for.
    pub requested: u32,
}

/// The cost of one warp's global-memory access: lane `i` at byte address `addrs[i]`
/// (`None`: inactive), `bytes` wide.
///
/// ```
/// use cutlet_core::analysis::global_access;
/// // Consecutive f32: 128 bytes, 4 sectors, all of each used.
/// let row: Vec<_> = (0..32).map(|i| Some(4 * i)).collect();
/// assert_eq!(global_access(&row, 4).sectors, 4);
/// // A column of a row-major matrix: a sector per lane, 4 of its 32 bytes used.
/// let col: Vec<_> = (0..32).map(|i| Some(4096 * i)).collect();
/// assert_eq!(global_access(&col, 4).sectors, 32);
/// ```
pub fn global_access(addrs: &[Option<u64>], bytes: u32) -> GlobalAccess {
    let b = u64::from(bytes.max(1));
    let mut sectors = [0u64; 2 * WARP];
    let mut n = 0;
    let mut requested = 0;
    for a in addrs.iter().flatten() {
        requested += bytes;
        for s in a / SECTOR_BYTES..=(a + b - 1) / SECTOR_BYTES {
            if !sectors[..n].contains(&s) && n < sectors.len() {
                sectors[n] = s;
                n += 1;
            }
        }
    }
    GlobalAccess {
        sectors: n as u32,
        requested,
    }
}

/// What every warp access of a thread-value layout costs in shared memory, summed
/// ([`smem_cost`], [`smem_cost_of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmemCost {
    /// Warp instructions: warps times accesses a thread makes.
    pub instructions: u32,
    /// Wavefronts of all of them.
    pub wavefronts: u64,
    /// Wavefronts without bank conflicts (`wavefronts - ideal` is what `ncu` counts as
    /// `l1tex__data_bank_conflicts_*`).
    pub ideal: u64,
    /// The worst n-way conflict of any of them (1: conflict free).
    pub ways: u32,
    /// Where the worst one is: `(warp, access, colliding lanes)`.
    pub worst: (u32, u32, u32),
}

/// What every warp access of a thread-value layout costs in global memory, summed
/// ([`global_cost`], [`global_cost_of`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GlobalCost {
    /// Warp instructions (requests).
    pub requests: u32,
    /// 32-byte sectors of all of them.
    pub sectors: u64,
    /// Bytes the threads ask for.
    pub requested: u64,
    /// The widest access, in bits, the layout allows every thread (at most 128: its
    /// values consecutive at consecutive, aligned offsets; CuTe's `max_common_vector`
    /// of the value mode and a compact layout, in bits).
    pub widest_bits: u32,
}

impl GlobalCost {
    /// Bytes asked for over bytes moved, in percent (`ncu`'s global load efficiency).
    ///
    /// ```
    /// use cutlet_core::analysis::global_cost;
    /// use cutlet_core::prelude::*;
    /// // Each thread a row of a row-major 32x4 f32 tile: lanes 16 bytes apart.
    /// let g = global_cost(&layout!((32, 4):(4, 1)), 32, 32).unwrap();
    /// assert_eq!((g.sectors, g.efficiency(), g.widest_bits), (64, 25, 128));
    /// assert_eq!(global_cost(&layout!((32, 4):(4, 1)), 32, 128).unwrap().efficiency(), 100);
    /// ```
    pub fn efficiency(&self) -> u64 {
        (100 * self.requested)
            .checked_div(SECTOR_BYTES * self.sectors)
            .unwrap_or(100)
    }
}

/// What one TMA copy of box `b` costs in global memory, in [`GlobalCost`]'s terms, once
/// [`TmaBox::check`] accepts it (its error otherwise, naming the values): one request
/// (the whole box is one instruction), the 32-byte sectors of its rows (dimension 0
/// contiguous, each index of the others a row at their byte strides) and the bytes they
/// hold, for a box inside a tensor whose base is 32-byte aligned. Strides are multiples
/// of 16 bytes, so a row starts on a sector or 16 bytes into one; an inner extent that
/// is not a whole number of sectors leaves part of its last sector unused.
///
/// ```
/// use cutlet_core::analysis::tma_cost;
/// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
/// // The Hopper GEMM's K-major bf16 stage: 128 rows of 64 elements, whole sectors.
/// let k_major = TmaBox::new(2, &[4096, 4096], &[8192], &[64, 128], TmaSwizzle::B128);
/// let g = tma_cost(&k_major).unwrap();
/// assert_eq!((g.requests, g.sectors, g.efficiency()), (1, 512, 100));
/// // 16-byte rows at a leading dimension of 1000 bf16 (2000 bytes: every other row
/// // starts 16 bytes into a sector): half of each sector used.
/// let narrow = TmaBox::new(2, &[1000, 300], &[2000], &[8, 64], TmaSwizzle::None);
/// assert_eq!((tma_cost(&narrow).unwrap().sectors, tma_cost(&narrow).unwrap().efficiency()), (64, 50));
/// // What the driver refuses is the check's error.
/// let wide = TmaBox::new(2, &[1000, 300], &[2000], &[128, 64], TmaSwizzle::B128);
/// assert!(tma_cost(&wide).unwrap_err().to_string().contains("swizzle span"));
/// ```
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub fn tma_cost(b: &TmaBox) -> Result<GlobalCost, TmaError> {
    b.check()?;
    let inner = u64::from(b.box_dim[0]) * b.elem_bytes as u64;
    // Rows starting on a sector boundary and rows starting 16 bytes into one: a
    // dimension whose stride is an odd number of 16-byte units moves every other index
    // of it to the other kind.
    let (mut on, mut off) = (1u64, 0u64);
    for i in 1..b.rank {
        let n = u64::from(b.box_dim[i]);
        if b.global_stride[i - 1].is_multiple_of(SECTOR_BYTES) {
            (on, off) = (on * n, off * n);
        } else {
            let (even, odd) = (n.div_ceil(2), n / 2);
            (on, off) = (on * even + off * odd, on * odd + off * even);
        }
    }
    let sectors = |start: u64| (start + inner - 1) / SECTOR_BYTES - start / SECTOR_BYTES + 1;
    Ok(GlobalCost {
        requests: 1,
        sectors: on * sectors(0) + off * sectors(16),
        requested: (on + off) * inner,
        // TMA moves 16-byte chunks whatever the element.
        widest_bits: 128,
    })
}

/// A thread-value mapping no access of the asked width can make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessError {
    /// The widths are not a power of two of 8 to 128 bits, or the access is narrower
    /// than the element or not a whole number of them.
    Width {
        /// The element's bits.
        elem_bits: u32,
        /// The access's bits.
        access_bits: u32,
    },
    /// A thread's values that one access moves are not at consecutive offsets.
    NotContiguous {
        /// The thread.
        thread: u32,
        /// The first value of the access.
        value: u32,
    },
    /// An access's address is not a multiple of its width.
    Misaligned {
        /// The thread.
        thread: u32,
        /// The first value of the access.
        value: u32,
        /// Its offset, in elements.
        offset: i64,
    },
    /// The values a thread holds are not a whole number of accesses.
    Values {
        /// Values per thread.
        values: u32,
        /// Values per access.
        per_access: u32,
    },
}

impl fmt::Display for AccessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            AccessError::Width {
                elem_bits,
                access_bits,
            } => write!(
                f,
                "an access of {access_bits} bits over elements of {elem_bits} bits: both must be 8, 16, 32, 64 or 128 bits, the access a whole number of elements"
            ),
            AccessError::NotContiguous { thread, value } => write!(
                f,
                "thread {thread}'s values {value}.. are not at consecutive offsets, so one access cannot move them"
            ),
            AccessError::Misaligned {
                thread,
                value,
                offset,
            } => write!(
                f,
                "thread {thread}'s value {value} is at offset {offset}, not a multiple of the access width"
            ),
            AccessError::Values { values, per_access } => write!(
                f,
                "{values} values a thread are not a whole number of accesses of {per_access} values"
            ),
        }
    }
}

/// The lanes' byte addresses of one warp's access number `access` ([`SmemCost`]'s and
/// [`GlobalCost`]'s walk), checking the access's values are contiguous and aligned.
fn warp_addresses(
    threads: usize,
    offset: &dyn Fn(usize, usize) -> Option<i64>,
    (elem_bytes, per): (u64, usize),
    (warp, access): (usize, usize),
) -> Result<[Option<u64>; WARP], AccessError> {
    let mut addrs = [None; WARP];
    for (lane, a) in addrs.iter_mut().enumerate() {
        let t = warp * WARP + lane;
        if t >= threads {
            break;
        }
        let v0 = access * per;
        let Some(o) = offset(t, v0) else { continue };
        let (thread, value) = (t as u32, v0 as u32);
        if (1..per).any(|j| offset(t, v0 + j) != Some(o + j as i64)) {
            return Err(AccessError::NotContiguous { thread, value });
        }
        if o.rem_euclid(per as i64) != 0 {
            return Err(AccessError::Misaligned {
                thread,
                value,
                offset: o,
            });
        }
        // Offsets below zero wrap: only their banks and sectors matter.
        *a = Some((o as u64).wrapping_mul(elem_bytes));
    }
    Ok(addrs)
}

/// Calls `f(warp, access, lane addresses)` for each warp's each access that has a lane
/// on, after checking the widths and each access's values.
fn each_access(
    threads: usize,
    values: usize,
    offset: &dyn Fn(usize, usize) -> Option<i64>,
    (elem_bits, access_bits): (u32, u32),
    mut f: impl FnMut(u32, u32, &[Option<u64>; WARP]),
) -> Result<(), AccessError> {
    let (eb, per) = widths(values, elem_bits, access_bits)?;
    for warp in 0..threads.div_ceil(WARP) {
        for access in 0..values / per {
            let addrs = warp_addresses(threads, offset, (eb, per), (warp, access))?;
            if addrs.iter().any(Option::is_some) {
                f(warp as u32, access as u32, &addrs);
            }
        }
    }
    Ok(())
}

/// Checks the widths and returns `(element bytes, values per access)`.
fn widths(values: usize, elem_bits: u32, access_bits: u32) -> Result<(u64, usize), AccessError> {
    let ok = |b: u32| b.is_power_of_two() && (8..=128).contains(&b);
    if !ok(elem_bits) || !ok(access_bits) || access_bits < elem_bits {
        return Err(AccessError::Width {
            elem_bits,
            access_bits,
        });
    }
    let per = (access_bits / elem_bits) as usize;
    if !values.is_multiple_of(per) {
        return Err(AccessError::Values {
            values: values as u32,
            per_access: per as u32,
        });
    }
    Ok((u64::from(elem_bits / 8), per))
}

/// [`smem_cost`] over any mapping: `threads` threads (warps of 32, the last one partial
/// where it must be) with `values` values each, thread `t`'s value `v` at element offset
/// `offset(t, v)`, `None` where the access is predicated off (a warp access with no
/// lane on is not issued).
///
/// ```
/// use cutlet_core::analysis::smem_cost_of;
/// // 64 threads, 2 values each, f32 at offset 2 t + v: 64-bit accesses, conflict free.
/// let c = smem_cost_of(64, 2, &|t, v| Some((2 * t + v) as i64), 32, 64).unwrap();
/// assert_eq!((c.instructions, c.wavefronts, c.ways), (2, 4, 1));
/// ```
pub fn smem_cost_of(
    threads: usize,
    values: usize,
    offset: &dyn Fn(usize, usize) -> Option<i64>,
    elem_bits: u32,
    access_bits: u32,
) -> Result<SmemCost, AccessError> {
    let mut cost = SmemCost::default();
    each_access(
        threads,
        values,
        offset,
        (elem_bits, access_bits),
        |warp, access, addrs| {
            let c = smem_access(addrs, access_bits / 8);
            cost.instructions += 1;
            cost.wavefronts += u64::from(c.wavefronts);
            cost.ideal += u64::from(c.ideal);
            if c.ways > cost.ways {
                cost.ways = c.ways;
                cost.worst = (warp, access, c.colliding);
            }
        },
    )?;
    Ok(cost)
}

/// [`global_cost`] over any mapping, as [`smem_cost_of`].
///
/// ```
/// use cutlet_core::analysis::global_cost_of;
/// let g = global_cost_of(32, 1, &|t, _| Some(2 * t as i64), 32, 32).unwrap();
/// assert_eq!((g.sectors, g.efficiency()), (8, 50));
/// // Lanes past 20 predicated off.
/// let g = global_cost_of(32, 1, &|t, _| (t < 20).then_some(t as i64), 32, 32).unwrap();
/// assert_eq!((g.requests, g.sectors, g.requested), (1, 3, 80));
/// ```
pub fn global_cost_of(
    threads: usize,
    values: usize,
    offset: &dyn Fn(usize, usize) -> Option<i64>,
    elem_bits: u32,
    access_bits: u32,
) -> Result<GlobalCost, AccessError> {
    let mut cost = GlobalCost::default();
    each_access(
        threads,
        values,
        offset,
        (elem_bits, access_bits),
        |_, _, addrs| {
            let g = global_access(addrs, access_bits / 8);
            cost.requests += 1;
            cost.sectors += u64::from(g.sectors);
            cost.requested += u64::from(g.requested);
        },
    )?;
    // The widest access every thread's values allow.
    cost.widest_bits = [128u32, 64, 32, 16, 8]
        .into_iter()
        .find(|&w| {
            w >= elem_bits
                && each_access(threads, values, offset, (elem_bits, w), |_, _, _| {}).is_ok()
        })
        .unwrap_or(elem_bits);
    Ok(cost)
}

/// The `(threads, values)` of a thread-value layout and its offset at `(t, v)`.
fn tv_shape<L: Layout>(tv: &L) -> (usize, usize) {
    let total = size(*tv).value().max(0) as usize;
    let threads = (size(get::<0, _>(*tv)).value().max(1) as usize).min(total.max(1));
    (threads, total / threads)
}

/// The shared-memory cost of thread-value layout `tv` (mode 0 the threads, offsets in
/// `elem_bits`-wide elements), each thread's values moved `access_bits` at a time:
/// every warp's every access through [`smem_access`], summed. An `Err` where the
/// values one access moves are not contiguous and aligned.
///
/// ```
/// use cutlet_core::analysis::smem_cost;
/// use cutlet_core::prelude::*;
/// // The SM80 GEMM's 128B-swizzled bf16 tile read by 8 threads a row of 8 values:
/// // Sw<3,3,3> o (8,64):(64,1) composed with the threads' (8,8):(64,8) rows.
/// let tile = make_composed_layout(Swizzle::<3, 3, 3>::new(), _0::new(), layout!((8, 64):(64, 1)));
/// let rows = composition(tile, layout!(((8, 8), 8):((1, 64), 8)));
/// assert_eq!(smem_cost(&rows, 16, 128).unwrap().ways, 1);
/// ```
pub fn smem_cost<L: Layout>(
    tv: &L,
    elem_bits: u32,
    access_bits: u32,
) -> Result<SmemCost, AccessError> {
    let (threads, values) = tv_shape(tv);
    smem_cost_of(
        threads,
        values,
        &|t, v| Some(int_offset(tv.call(t + threads * v)) as i64),
        elem_bits,
        access_bits,
    )
}

/// The global-memory cost of thread-value layout `tv`, as [`smem_cost`]: sectors per
/// request, the coalescing efficiency and the widest vector the layout allows.
///
/// ```
/// use cutlet_core::analysis::global_cost;
/// use cutlet_core::prelude::*;
/// // The transpose's read of a column-major 32x32 tile, threads (32, 8) column-major:
/// // each warp a column of 128 bytes.
/// let g = global_cost(&layout!(((32, 8), 4):((1, 32), 256)), 32, 32).unwrap();
/// assert_eq!((g.requests, g.sectors, g.efficiency()), (32, 128, 100));
/// ```
pub fn global_cost<L: Layout>(
    tv: &L,
    elem_bits: u32,
    access_bits: u32,
) -> Result<GlobalCost, AccessError> {
    let (threads, values) = tv_shape(tv);
    global_cost_of(
        threads,
        values,
        &|t, v| Some(int_offset(tv.call(t + threads * v)) as i64),
        elem_bits,
        access_bits,
    )
}
