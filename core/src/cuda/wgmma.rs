//! SM90 warpgroup MMA (`wgmma.mma_async`, CuTe's `SM90_64xNx16_*_SS` atoms and
//! `warpgroup_arrive` / `warpgroup_commit_batch` / `warpgroup_wait` /
//! `warpgroup_fence_operand`): the 128 threads of a warpgroup issue one asynchronous
//! `64 x N x 16` product whose operands are read from shared memory through
//! [`GmmaDescriptor`]s and whose accumulators stay in the threads' registers, laid out
//! by the atom's `CLayout` (thread `t0 + 4 t1 + 32 w`, value `v0 + 2 v1 + 4 j` holds
//! row `16 w + t1 + 8 v1`, column `8 j + 2 t0 + v0`).
//!
//! The protocol, as CuTe's mainloops use it:
//! [`warpgroup_fence_operand`] (pins the accumulators), [`warpgroup_arrive`]
//! (`wgmma.fence`), the MMAs ([`WgmmaSs::mma_async`]), [`warpgroup_commit_batch`],
//! [`warpgroup_wait`], [`warpgroup_fence_operand`] again before reading them.
//!
//! The emulator computes each thread's values when the MMA is issued and delivers them
//! at the covering wait (NaN until then); see `emu::wgmma`.

pub use super::wgmma_rs::WgmmaRs;
pub use super::wgmma_ss::{Accumulators, WgmmaSs};

/// A GMMA shared-memory matrix descriptor (CuTe's `GmmaDescriptor`, the PTX ISA's
/// "matrix descriptor"): start address, leading and stride byte offsets (all in 16-byte
/// units), base offset and the swizzle mode. Build one with
/// the atoms' `make_gmma_desc`; advance it along a tile by adding
/// 16-byte units to the start address ([`add`](Self::add), CuTe's `DescriptorIterator`).
///
/// ```
/// use cutlet_core::cuda::GmmaDescriptor;
/// let d = GmmaDescriptor::new(1024, 16, 1024, 1);
/// assert_eq!((d.start_address(), d.leading_byte_offset(), d.stride_byte_offset(), d.layout_type()), (1024, 16, 1024, 1));
/// assert_eq!(d.add(2).start_address(), 1024 + 32);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(transparent)]
pub struct GmmaDescriptor(pub u64);

impl GmmaDescriptor {
    /// A descriptor from byte values (each a multiple of 16; the start address is a
    /// `.shared` address below 256 KiB) and the layout type (0 interleave, 1 128-byte,
    /// 2 64-byte, 3 32-byte swizzle).
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(16, 0, 0, 0).0, 1);
    /// ```
    #[inline(always)]
    pub const fn new(start: u32, lbo: u32, sbo: u32, layout_type: u32) -> Self {
        const fn f(x: u32) -> u64 {
            ((x >> 4) & 0x3fff) as u64
        }
        GmmaDescriptor(
            f(start) | (f(lbo) << 16) | (f(sbo) << 32) | ((layout_type as u64 & 3) << 62),
        )
    }
    /// The start address in bytes.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(4096, 0, 0, 0).start_address(), 4096);
    /// ```
    #[inline(always)]
    pub const fn start_address(self) -> u32 {
        ((self.0 & 0x3fff) as u32) << 4
    }
    /// The leading-dimension byte offset.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(0, 128, 0, 0).leading_byte_offset(), 128);
    /// ```
    #[inline(always)]
    pub const fn leading_byte_offset(self) -> u32 {
        (((self.0 >> 16) & 0x3fff) as u32) << 4
    }
    /// The stride-dimension byte offset.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(0, 0, 1024, 0).stride_byte_offset(), 1024);
    /// ```
    #[inline(always)]
    pub const fn stride_byte_offset(self) -> u32 {
        (((self.0 >> 32) & 0x3fff) as u32) << 4
    }
    /// The base offset (bits 49..52; 0 when the buffer starts on its swizzle period).
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(0, 0, 0, 1).base_offset(), 0);
    /// ```
    #[inline(always)]
    pub const fn base_offset(self) -> u32 {
        ((self.0 >> 49) & 7) as u32
    }
    /// The layout type: 0 interleave (no swizzle), 1 128-byte, 2 64-byte, 3 32-byte.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(0, 0, 0, 3).layout_type(), 3);
    /// ```
    #[inline(always)]
    pub const fn layout_type(self) -> u32 {
        (self.0 >> 62) as u32
    }
    /// The descriptor moved by `units` of 16 bytes (CuTe's `DescriptorIterator + n`:
    /// only the low word changes).
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::GmmaDescriptor::new(32, 0, 0, 0).add(1).start_address(), 48);
    /// ```
    #[inline(always)]
    pub const fn add(self, units: u32) -> Self {
        GmmaDescriptor(self.0.wrapping_add(units as u64))
    }

    /// The `.shared` byte address of element `(mn, k)` of the operand this descriptor
    /// describes, for `elem_bytes`-byte elements in `major` order, swizzle applied: what
    /// the tensor cores read (derived from CuTe's canonical GMMA layouts,
    /// mma_traits_sm90_gmma.hpp; the tests check it against the shared-memory tensors
    /// the descriptors are made from).
    ///
    /// ```
    /// use cutlet_core::cuda::GmmaDescriptor;
    /// // K-major bf16, 128-byte swizzle: row 1 starts 128 bytes on, its 16-byte chunks
    /// // swapped in pairs.
    /// let d = GmmaDescriptor::new(0, 16, 1024, 1);
    /// assert_eq!(d.element_addr(true, 2, 1, 0), 128 + 16);
    /// assert_eq!(d.element_addr(true, 2, 8, 0), 1024);
    /// ```
    pub const fn element_addr(self, k_major: bool, elem_bytes: u32, mn: u32, k: u32) -> u32 {
        let w = match self.layout_type() {
            1 => 8,
            2 => 4,
            3 => 2,
            _ => 1,
        };
        let (start, lbo, sbo, e) = (
            self.start_address(),
            self.leading_byte_offset(),
            self.stride_byte_offset(),
            elem_bytes,
        );
        let t = 16 / e;
        let a = if k_major {
            let chunk = if w > 1 { 16 } else { lbo };
            start + 16 * w * (mn % 8) + sbo * (mn / 8) + e * (k % t) + (k / t) * chunk
        } else if w > 1 {
            start + e * (mn % (w * t)) + lbo * (mn / (w * t)) + 16 * w * (k % 8) + sbo * (k / 8)
        } else {
            start + e * (mn % t) + sbo * (mn / t) + 16 * (k % 8) + lbo * (k / 8)
        };
        self.swizzle(a)
    }

    /// The descriptor's swizzle of a `.shared` address (bits 4.. XOR bits 7..; its own
    /// inverse, so it also takes a swizzled address back to the layout's).
    const fn swizzle(self, a: u32) -> u32 {
        let mask = match self.layout_type() {
            1 => 7,
            2 => 3,
            3 => 1,
            _ => 0,
        };
        a ^ (((a >> 7) & mask) << 4)
    }
}

/// `wgmma.fence` (CuTe's `warpgroup_arrive`): before a batch of MMAs, after anything else
/// wrote the accumulator registers.
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(128), 0,
///     || cutlet_core::cuda::wgmma::warpgroup_arrive()).unwrap();
/// let r = cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(32), 0,
///     || cutlet_core::cuda::wgmma::warpgroup_arrive());
/// assert!(r.unwrap_err().to_string().contains("whole warpgroups of 128 threads"));
/// ```
#[inline(always)]
pub fn warpgroup_arrive() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands; every thread of the warpgroup executes it.
    unsafe {
        core::arch::asm!("wgmma.fence.sync.aligned;", options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::warpgroup_sync("wgmma.fence");
        super::emu::wgmma::fence();
    }
}

/// `wgmma.commit_group` (CuTe's `warpgroup_commit_batch`): closes the batch of MMAs
/// issued since the last one.
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::wgmma::warpgroup_commit_batch()).unwrap();
/// ```
#[inline(always)]
pub fn warpgroup_commit_batch() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands.
    unsafe {
        core::arch::asm!("wgmma.commit_group.sync.aligned;", options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::wgmma::commit();
}

/// `wgmma.wait_group N` (CuTe's `warpgroup_wait<N>`): waits until at most `N` committed
/// batches are in flight; their accumulators (and shared-memory operands) are then
/// free, after [`warpgroup_fence_operand`].
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(128), 0,
///     || cutlet_core::cuda::wgmma::warpgroup_wait::<0>()).unwrap();
/// ```
#[inline(always)]
pub fn warpgroup_wait<const N: u32>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands.
    unsafe {
        core::arch::asm!("wgmma.wait_group.sync.aligned {n};", n = const N, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    {
        // Every thread of the warpgroup has issued its MMAs before any of them goes on
        // (and, say, releases the shared-memory stage they read).
        super::emu::warpgroup_sync("wgmma.wait_group");
        super::emu::wgmma::wait(N as usize);
    }
}

/// CuTe's `warpgroup_fence_operand`: tells the compiler the accumulators may change here
/// (so no read or write of them moves across), around every batch and after each wait.
/// In the emulator the results of completed MMAs reach the registers here.
///
/// ```
/// let mut acc = [0f32; 32];
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::wgmma::warpgroup_fence_operand(&mut [0f32; 32])).unwrap();
/// # let _ = &mut acc;
/// ```
#[inline(always)]
pub fn warpgroup_fence_operand<A: Accumulators>(acc: &mut A) {
    acc.fence_operand();
}

/// CuTe's `warpgroup_fence_operand` on a register-A `wgmma`'s four A registers: their
/// values are computed before the batch's `warpgroup_arrive`, as the PTX ISA requires of
/// registers a `wgmma.mma_async` reads.
///
/// ```
/// let mut a = [1u32, 2, 3, 4];
/// cutlet_core::cuda::wgmma::warpgroup_fence_regs(&mut a);
/// assert_eq!(a, [1, 2, 3, 4]);
/// ```
#[inline(always)]
pub fn warpgroup_fence_regs(a: &mut [u32; 4]) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a PTX comment, no instruction; it only marks the registers as read and written.
    unsafe {
        core::arch::asm!(
            "// fence {0} {1} {2} {3}",
            inout(reg32) a[0],
            inout(reg32) a[1],
            inout(reg32) a[2],
            inout(reg32) a[3],
            options(nomem, nostack, preserves_flags)
        )
    };
    #[cfg(not(target_arch = "nvptx64"))]
    let _ = a;
}

/// Where value `2 r + h` of register `r` of warpgroup thread `t` lies in the `64 x 16`
/// A tile of a register-A `wgmma`: CuTe's `ALayout_64x16`,
/// `((4,8,4),(2,2,2)):((128,1,16),(64,8,512))` over `(m, k)` column-major, so row
/// `16 w + t1 + 8 (r % 2)` and column `2 t0 + h + 8 (r / 2)` for `t = t0 + 4 t1 + 32 w`.
///
/// ```
/// # #[cfg(not(target_arch = "nvptx64"))] {
/// assert_eq!(cutlet_core::cuda::wgmma::a_register_position(0, 0, 0), (0, 0));
/// assert_eq!(cutlet_core::cuda::wgmma::a_register_position(37, 3, 1), (16 + 8 + 1, 2 + 1 + 8));
/// # }
/// ```
#[cfg(not(target_arch = "nvptx64"))]
pub fn a_register_position(t: usize, r: usize, h: usize) -> (usize, usize) {
    let (t0, t1, w) = (t % 4, (t / 4) % 8, t / 32);
    (16 * w + t1 + 8 * (r % 2), 2 * t0 + h + 8 * (r / 2))
}

/// Emulates one `wgmma.mma_async` with A in registers for the calling thread: every
/// thread's A registers are gathered (the instruction reads the warpgroup's whole
/// fragment), B is read from shared memory through its descriptor, and the thread's
/// `N/2` accumulators of the `64 x N` product over `k = 16` are computed.
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
pub(crate) fn emulate_rs(
    a: [u32; 4],
    b: GmmaDescriptor,
    d: &mut [f32],
    scale_d: bool,
    b_major: u32,
    e: Operand,
) {
    let all = super::emu::warpgroup_gather(a);
    let mut tile = [[0f64; 16]; 64];
    for (t, regs) in all.iter().enumerate() {
        for (r, &reg) in regs.iter().enumerate() {
            for h in 0..2 {
                let (m, k) = a_register_position(t, r, h);
                tile[m][k] = (e.widen)((reg >> (16 * h)) & 0xffff);
            }
        }
    }
    emulate_b(b, d, scale_d, b_major, (e, exact_sum), |m, k| {
        tile[m as usize][k as usize]
    });
}

/// An operand element as the emulated tensor cores read it: its width in bytes (the
/// instruction's K is 32 bytes of it) and its value from its bits.
#[cfg(not(target_arch = "nvptx64"))]
#[derive(Clone, Copy)]
pub(crate) struct Operand {
    pub(crate) bytes: u32,
    pub(crate) widen: fn(u32) -> f64,
}

#[cfg(not(target_arch = "nvptx64"))]
impl Operand {
    /// The instruction's K: the elements of 32 bytes (16 of 16-bit types, 32 of 8-bit).
    const fn k(self) -> u32 {
        32 / self.bytes
    }
}

/// One k step of the FP8 tensor cores: `acc + Σ x·y` over the 32 factor pairs `(x, y)`
/// of an `.e4m3`/`.e5m2` `wgmma` (their f32 values), as Hopper sums them. The PTX ISA
/// leaves an FP8 `wgmma`'s accumulation precision to the implementation. This model was
/// fitted to an H100's f32 results (`cutlet-gpu-bench --fp8`: all 4096 elements of a
/// 64x64x512 product of many-magnitude inputs equal bit for bit, the best of 480
/// candidates, `results/gpu/run33-fp8-h100.txt`). The step takes the largest exponent `e`
/// among its addends: the accumulator's, and each product's as the multiplier produces it,
/// the factors' exponents summed before the product's significand (in [1, 4)) is
/// normalized. It cuts each addend toward zero to a multiple of `2^(e - 13)`, sums them
/// exactly and cuts the sum toward zero to 13 fraction bits (DeepSeek-V3's "around 14
/// bits"): small products against a large accumulator lose their low bits, always toward
/// zero, so a long reduction drifts. The emulator runs every FP8 `wgmma` through this; a
/// host reference of an FP8 product runs each 32-element k step through it.
///
/// ```
/// use cutlet_core::cuda::wgmma::fp8_accumulate;
/// let ulp = 2f64.powi(-13);
/// // A product far below the accumulator is cut away; together they reach its grid.
/// assert_eq!(fp8_accumulate(1.0, &[(ulp / 2.0, 1.0)]), 1.0);
/// assert_eq!(fp8_accumulate(1.0, &[(ulp, 1.0), (ulp / 2.0, 1.0)]), (1.0 + ulp) as f32);
/// // Toward zero, negative sums too.
/// assert_eq!(fp8_accumulate(-1.0, &[(-0.75 * ulp, 1.0)]), -1.0);
/// assert_eq!(fp8_accumulate(0.0, &[(1.5, 2.0), (0.5, 1.0)]), 3.5);
/// // 1.5 x 1.5 = 2.25 aligns the addends at the factors' exponent 0, not 2.25's 1: two
/// // products of 2^-13 stay on the grid of 2^-13 and reach 2^-12 together; aligned at
/// // exponent 1 (2.25 x 1), each is cut away.
/// let small = (2f64.powi(-13), 1.0);
/// let sum = fp8_accumulate(0.0, &[(1.5, 1.5), small, small]);
/// assert_eq!(sum, (2.25 + 2f64.powi(-12)) as f32);
/// assert_eq!(fp8_accumulate(0.0, &[(2.25, 1.0), small, small]), 2.25);
/// ```
pub fn fp8_accumulate(acc: f32, products: &[(f64, f64)]) -> f32 {
    aligned_sum(acc, products, 13, 13)
}

/// One k step of the TF32 tensor cores: `acc + Σ x·y` over the 8 factor pairs of a
/// `.tf32` `wgmma` (their values as the tensor cores read them,
/// [`tf32::to_f32`](crate::tfloat32::tf32::to_f32)), as Hopper sums them. The PTX ISA
/// does not say; this is [`fp8_accumulate`]'s structure with f32's widths, fitted to an
/// H100's results (`cutlet-gpu-bench --tf32`: all 4096 elements of a 64x64x520 product
/// and 208 sampled of a 200x136x4100 one equal bit for bit, `results/gpu/run41-*`): the
/// addends are aligned to the largest exponent `e` among them, each cut toward zero to a
/// multiple of `2^(e - 25)`, summed exactly, and the sum cut toward zero to f32's 24
/// significant bits. Not the exact sum rounded once: each step cuts toward zero, so a
/// long reduction drifts by up to about one f32 ulp a step (402 ulp at k = 4100). The
/// emulator runs every TF32 `wgmma` through it.
///
/// ```
/// use cutlet_core::cuda::wgmma::tf32_accumulate;
/// // Toward zero, not to nearest: 1 + 3·2^-25 becomes 1, not 1 + 2^-23.
/// let t = 2f64.powi(-25);
/// assert_eq!(tf32_accumulate(1.0, &[(3.0 * t, 1.0)]), 1.0);
/// // Two addends of 2^-24 reach f32's grid together, each alone would not.
/// assert_eq!(tf32_accumulate(1.0, &[(2.0 * t, 1.0), (2.0 * t, 1.0)]), 1.0 + f32::EPSILON);
/// assert_eq!(tf32_accumulate(1.0, &[(2.0 * t, 1.0)]), 1.0);
/// // An addend below 2^(e - 25) is cut away, however many there are.
/// assert_eq!(tf32_accumulate(1.0, &[(t / 2.0, 1.0); 8]), 1.0);
/// ```
pub fn tf32_accumulate(acc: f32, products: &[(f64, f64)]) -> f32 {
    aligned_sum(acc, products, 25, 23)
}

/// `acc + Σ x·y` as the tensor cores' adder tree sums a k step: every addend aligned to
/// the largest exponent among them (a product's as the multiplier makes it, its factors'
/// exponents summed) and cut toward zero `addend_bits` below it, the exact sum of those
/// cut toward zero to `sum_bits` fraction bits.
fn aligned_sum(acc: f32, products: &[(f64, f64)], addend_bits: i32, sum_bits: i32) -> f32 {
    /// `floor(log2 |x|)`; `None` for zero.
    fn exp(x: f64) -> Option<i32> {
        (x != 0.0).then(|| ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023)
    }
    /// `x` toward zero to a multiple of `2^q`: its significand bits below `2^q` cleared.
    fn cut(x: f64, q: i32) -> f64 {
        match exp(x) {
            Some(ex) if ex >= q => {
                let drop = (52 - (ex - q)).max(0) as u32;
                f64::from_bits(x.to_bits() & !((1u64 << drop) - 1))
            }
            _ => 0.0,
        }
    }
    let acc = f64::from(acc);
    // A product's exponent before normalization: its factors' summed.
    let raw = products
        .iter()
        .filter_map(|&(x, y)| Some(exp(x)? + exp(y)?));
    let Some(e) = raw.chain(exp(acc)).max() else {
        return 0.0;
    };
    let q = e - addend_bits;
    let s = products
        .iter()
        .fold(cut(acc, q), |s, &(x, y)| s + cut(x * y, q));
    exp(s).map_or(0.0, |es| cut(s, es - sum_bits) as f32)
}

/// `acc + Σ x·y` rounded once to f32: the 16-bit types' `wgmma` step as the emulator
/// takes it (each product of 16-bit values is exact in f64).
#[cfg(not(target_arch = "nvptx64"))]
pub(crate) fn exact_sum(acc: f32, products: &[(f64, f64)]) -> f32 {
    products.iter().fold(f64::from(acc), |s, (x, y)| s + x * y) as f32
}

/// Emulates one `wgmma.mma_async` with both operands in shared memory for the calling
/// thread: its `N/2` accumulators of the `64 x N` product over `k = 32 bytes` of the
/// elements (16 of 16-bit types, 32 of 8-bit ones).
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
pub(crate) fn emulate_ss(
    (a, b): (GmmaDescriptor, GmmaDescriptor),
    d: &mut [f32],
    scale_d: bool,
    (a_major, b_major): (u32, u32),
    (ea, eb): (Operand, Operand),
    sum: fn(f32, &[(f64, f64)]) -> f32,
) {
    let t = super::emu::with_thread(|t| t.thread.linear(t.block_dim)) as u32;
    // The instruction reads each operand element once for the warpgroup, so the
    // sanitizer sees each read once, from one of its 128 threads: thread `i` reads half
    // of row `i / 2` of A (and every 128th column of B, in `emulate_b`).
    let (i, h) = (t % 128, ea.k() / 2);
    smem_reads(a, a_major == 0, ea, i / 2, h * (i % 2)..h * (i % 2) + h);
    let smem = super::emu::with_thread(|t| t.block_state.smem());
    emulate_b(b, d, scale_d, b_major, (eb, sum), |m, k| {
        smem_element(a, a_major == 0, m, k, smem, ea)
    });
}

/// Checks a GMMA descriptor's buffer starts on its swizzle period.
#[cfg(not(target_arch = "nvptx64"))]
fn check_base(desc: GmmaDescriptor) {
    if desc.base_offset() != 0 {
        panic!(
            "wgmma: descriptor {:#x} has a base offset (buffers must start on their swizzle period)",
            desc.0
        );
    }
}

/// Element `(mn, k)` of the operand `desc` describes, from shared memory.
#[cfg(not(target_arch = "nvptx64"))]
fn smem_element(
    desc: GmmaDescriptor,
    k_major: bool,
    mn: u32,
    k: u32,
    (p, n): (*mut u8, usize),
    e: Operand,
) -> f64 {
    check_base(desc);
    let at = desc.element_addr(k_major, e.bytes, mn, k) as usize;
    if at + e.bytes as usize > n {
        panic!(
            "wgmma: descriptor {:#x} reads shared offset {at:#x}, past the block's {n} bytes",
            desc.0
        );
    }
    // SAFETY: `at .. at + e.bytes` is inside the block's shared memory (checked above).
    let bytes = unsafe { core::slice::from_raw_parts(p.add(at), e.bytes as usize) };
    (e.widen)(bytes.iter().rev().fold(0, |v, &x| (v << 8) | u32::from(x)))
}

/// Tells the sanitizer of the reads of row or column `mn`, elements `ks`, of `desc`'s
/// operand.
#[cfg(not(target_arch = "nvptx64"))]
fn smem_reads(desc: GmmaDescriptor, k_major: bool, e: Operand, mn: u32, ks: core::ops::Range<u32>) {
    use super::emu::sanitizer::{Instr, Op, Origin, access};
    let p = super::emu::with_thread(|t| t.block_state.smem()).0 as usize;
    let base = p + desc.start_address() as usize;
    for k in ks {
        let at = desc.element_addr(k_major, e.bytes, mn, k);
        let logical = p + desc.swizzle(at) as usize;
        let from = Origin { base, logical };
        access(
            p + at as usize,
            e.bytes as usize,
            from,
            Op::Read,
            Instr::Wgmma,
        );
    }
}

/// The calling thread's accumulators of `D = A B + (scale_d ? D : 0)`, A's element
/// `(m, k)` from `a`, B from shared memory through `b`: accumulators `4q .. 4q + 4` are
/// rows `(m, m + 8)` by columns `(n, n + 1)` of the `64 x N` tile (CuTe's `CLayout_64xN`).
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn emulate_b(
    b: GmmaDescriptor,
    d: &mut [f32],
    scale_d: bool,
    b_major: u32,
    (e, sum): (Operand, fn(f32, &[(f64, f64)]) -> f32),
    a: impl Fn(u32, u32) -> f64,
) {
    let (t, smem) =
        super::emu::with_thread(|t| (t.thread.linear(t.block_dim), t.block_state.smem()));
    let (t0, t1, w) = ((t % 4) as u32, ((t / 4) % 8) as u32, ((t / 32) % 4) as u32);
    let i = (t % 128) as u32;
    for n in (i..2 * d.len() as u32).step_by(128) {
        smem_reads(b, b_major == 0, e, n, 0..e.k());
    }
    super::emu::wgmma::mma(d, |c| {
        // Each of the thread's two rows of A and each column of B is read once.
        let kk = e.k();
        let row = |m: u32| -> std::vec::Vec<f64> { (0..kk).map(|k| a(m, k)).collect() };
        let col = |n: u32| -> std::vec::Vec<f64> {
            (0..kk)
                .map(|k| smem_element(b, b_major == 0, n, k, smem, e))
                .collect()
        };
        let rows = [row(16 * w + t1), row(16 * w + t1 + 8)];
        let mut out = std::vec::Vec::with_capacity(c.len());
        for q in 0..c.len() / 4 {
            let cols = [0, 1].map(|j| col(8 * q as u32 + 2 * t0 + j));
            for v in 4 * q..4 * q + 4 {
                let (ra, cb) = (&rows[(v / 2) % 2], &cols[v % 2]);
                let products: std::vec::Vec<(f64, f64)> =
                    ra.iter().copied().zip(cb.iter().copied()).collect();
                out.push(sum(if scale_d { c[v] } else { 0.0 }, &products));
            }
        }
        out
    });
}
