//! SM90 bulk tensor copies (the Tensor Memory Accelerator, CuTe's `SM90_TMA_LOAD`,
//! `SM90_TMA_STORE` and their fences): one thread copies a whole box of a global
//! tensor into shared memory, the copy completing on an [`Mbarrier`] with its byte
//! count, or stores a box back. The box, the global tensor's extents and strides and
//! the shared-memory swizzle are in a 128-byte [`TmaDescriptor`] the host builds
//! (`cuTensorMapEncodeTiled` on the GPU, [`TmaDescriptor::emulated`] for the emulator)
//! from a [`TmaBox`].
//!
//! Out-of-bounds box elements are zero on load and dropped on store, and the barrier
//! still counts the whole box's bytes: ragged edges need no predicates.

use super::Mbarrier;

/// The shared-memory swizzle of a box (`CUtensorMapSwizzle`): the 16-byte chunk index
/// (address bits 4..) XOR the 128-byte row index (bits 7..), over 2, 4 or 8 chunks:
/// CuTe's `Swizzle<B,4,3>` on byte addresses with B = 1, 2, 3.
///
/// ```
/// use cutlet_core::cuda::TmaSwizzle;
/// assert_eq!(TmaSwizzle::B128.span(), 128);
/// assert_eq!(TmaSwizzle::from_bms(Some((3, 4, 3))), Some(TmaSwizzle::B128));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum TmaSwizzle {
    /// No swizzle (`CU_TENSOR_MAP_SWIZZLE_NONE`).
    None = 0,
    /// `CU_TENSOR_MAP_SWIZZLE_32B`: `Swizzle<1,4,3>` on bytes.
    B32 = 1,
    /// `CU_TENSOR_MAP_SWIZZLE_64B`: `Swizzle<2,4,3>` on bytes.
    B64 = 2,
    /// `CU_TENSOR_MAP_SWIZZLE_128B`: `Swizzle<3,4,3>` on bytes.
    B128 = 3,
}

impl TmaSwizzle {
    /// Bytes of the box's inner dimension the swizzle spans (16 for none).
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::TmaSwizzle::None.span(), 16);
    /// ```
    pub const fn span(self) -> usize {
        16 << (self as u32)
    }
    /// The swizzle of a `Swizzle<B, M, S>` acting on byte addresses (CuTe's
    /// `get_tma_swizzle_bits`): `M = 4`, `S = 3`, `B` in 0..=3; `None` for anything else.
    ///
    /// ```
    /// use cutlet_core::cuda::TmaSwizzle;
    /// assert_eq!(TmaSwizzle::from_bms(None), Some(TmaSwizzle::None));
    /// assert_eq!(TmaSwizzle::from_bms(Some((3, 3, 3))), None);
    /// ```
    pub const fn from_bms(bms: Option<(u32, u32, i32)>) -> Option<Self> {
        match bms {
            None | Some((0, _, _)) => Some(TmaSwizzle::None),
            Some((1, 4, 3)) => Some(TmaSwizzle::B32),
            Some((2, 4, 3)) => Some(TmaSwizzle::B64),
            Some((3, 4, 3)) => Some(TmaSwizzle::B128),
            _ => None,
        }
    }
    /// Applies the swizzle to a shared-memory byte address.
    ///
    /// ```
    /// use cutlet_core::cuda::TmaSwizzle;
    /// assert_eq!(TmaSwizzle::B128.apply(128 + 16), 128);
    /// assert_eq!(TmaSwizzle::B32.apply(128 + 16), 128 + 16 - 16);
    /// ```
    pub const fn apply(self, addr: u32) -> u32 {
        let mask = (1u32 << (self as u32)) - 1;
        addr ^ (((addr >> 7) & mask) << 4)
    }
}

/// Why a box cannot be a TMA descriptor: the values and the rule they break
/// (`cuTensorMapEncodeTiled`'s constraints).
///
/// ```
/// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
/// let b = TmaBox::new(2, &[100, 7], &[3 * 2], &[64, 7], TmaSwizzle::B128);
/// assert!(b.check().unwrap_err().to_string().contains("multiple of 16"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TmaError(pub &'static str, pub [u64; 4]);

impl core::fmt::Display for TmaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "TMA box: {} (values {:?})", self.0, self.1)
    }
}
impl core::error::Error for TmaError {}

/// What a TMA descriptor holds besides the global address: the tensor's extents and
/// byte strides (dimension 0 innermost, unit stride), the box copied per instruction
/// and the shared-memory swizzle (the arguments of `cuTensorMapEncodeTiled`, with
/// CuTe's choices for the rest: element strides 1, no interleave, 128-byte L2
/// promotion, zero fill).
///
/// ```
/// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
/// // A K-major bf16 (m, k) = (300, 1000) operand, lda = 1000, boxes of 64 k x 128 rows.
/// let b = TmaBox::new(2, &[1000, 300], &[2000], &[64, 128], TmaSwizzle::B128);
/// assert!(b.check().is_ok());
/// assert_eq!(b.box_bytes(), 64 * 128 * 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TmaBox {
    /// Dimensions (1..=5).
    pub rank: usize,
    /// Bytes per element (1, 2, 4 or 8).
    pub elem_bytes: usize,
    /// Extent of each dimension.
    pub global_dim: [u64; 5],
    /// Byte stride of dimensions 1.. (`global_stride[i]` is dimension `i + 1`'s).
    pub global_stride: [u64; 4],
    /// Box extent of each dimension, in elements.
    pub box_dim: [u32; 5],
    /// The shared-memory swizzle.
    pub swizzle: TmaSwizzle,
}

impl TmaBox {
    /// A box from slices of the used dimensions (unused ones are 1).
    ///
    /// ```
    /// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
    /// let b = TmaBox::new(4, &[8, 8], &[32], &[8, 8], TmaSwizzle::None);
    /// assert_eq!((b.rank, b.global_dim[2]), (2, 1));
    /// ```
    pub fn new(
        elem_bytes: usize,
        dims: &[u64],
        strides: &[u64],
        boxes: &[u32],
        swizzle: TmaSwizzle,
    ) -> Self {
        let mut b = TmaBox {
            rank: dims.len(),
            elem_bytes,
            global_dim: [1; 5],
            global_stride: [0; 4],
            box_dim: [1; 5],
            swizzle,
        };
        for (i, d) in dims.iter().take(5).enumerate() {
            b.global_dim[i] = *d;
        }
        for (i, s) in strides.iter().take(4).enumerate() {
            b.global_stride[i] = *s;
        }
        for (i, x) in boxes.iter().take(5).enumerate() {
            b.box_dim[i] = *x;
        }
        b
    }

    /// Bytes one copy moves (what the barrier expects, edges included).
    ///
    /// ```
    /// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
    /// assert_eq!(TmaBox::new(4, &[8, 8], &[32], &[8, 4], TmaSwizzle::None).box_bytes(), 128);
    /// ```
    pub fn box_bytes(&self) -> usize {
        self.box_dim.iter().map(|&b| b as usize).product::<usize>() * self.elem_bytes
    }

    /// The driver's constraints on the box, checked so that a bad one is an error
    /// naming its values rather than a failed encode or a wrong copy.
    ///
    /// ```
    /// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
    /// let wide = TmaBox::new(2, &[1000, 300], &[2000], &[128, 64], TmaSwizzle::B128);
    /// assert!(wide.check().unwrap_err().to_string().contains("swizzle span"));
    /// ```
    pub fn check(&self) -> Result<(), TmaError> {
        let r = self.rank;
        if !(1..=5).contains(&r) {
            return Err(TmaError("the rank must be 1..=5", [r as u64, 0, 0, 0]));
        }
        if ![1, 2, 4, 8].contains(&self.elem_bytes) {
            return Err(TmaError(
                "elements must be 1, 2, 4 or 8 bytes",
                [self.elem_bytes as u64, 0, 0, 0],
            ));
        }
        for i in 0..r {
            let (d, b) = (self.global_dim[i], self.box_dim[i]);
            if !(1..=1 << 32).contains(&d) {
                return Err(TmaError(
                    "each extent must be 1..=2^32",
                    [i as u64, d, 0, 0],
                ));
            }
            if !(1..=256).contains(&b) {
                return Err(TmaError(
                    "each box extent must be 1..=256",
                    [i as u64, b as u64, 0, 0],
                ));
            }
        }
        for i in 1..r {
            let s = self.global_stride[i - 1];
            if !s.is_multiple_of(16) || s >= 1 << 40 {
                return Err(TmaError(
                    "byte strides must be a multiple of 16 below 2^40 (the leading dimension times the element size)",
                    [i as u64, s, 0, 0],
                ));
            }
        }
        let inner = self.box_dim[0] as usize * self.elem_bytes;
        if !inner.is_multiple_of(16) {
            return Err(TmaError(
                "the box's inner extent must be a multiple of 16 bytes",
                [inner as u64, 0, 0, 0],
            ));
        }
        if self.swizzle != TmaSwizzle::None && inner > self.swizzle.span() {
            return Err(TmaError(
                "the box's inner extent exceeds the swizzle span",
                [inner as u64, self.swizzle.span() as u64, 0, 0],
            ));
        }
        Ok(())
    }
}

/// A TMA descriptor (`CUtensorMap`): 128 opaque bytes, 128-byte aligned. Kernels take a
/// pointer to one in global (or constant) memory.
///
/// ```
/// assert_eq!(core::mem::align_of::<cutlet_core::cuda::TmaDescriptor>(), 128);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(128))]
pub struct TmaDescriptor(pub [u64; 16]);

/// Marks a descriptor encoded for the emulator.
#[cfg(not(target_arch = "nvptx64"))]
const EMULATED: u64 = 0x6375_746c_6574_544d; // "cutletTM"

impl TmaDescriptor {
    /// The emulator's descriptor for `global` (the tensor's first element) and `b`:
    /// the same fields the driver encodes, readable by the emulated copies.
    ///
    /// ```
    /// use cutlet_core::cuda::{TmaBox, TmaDescriptor, TmaSwizzle};
    /// let v = vec![0u16; 64 * 64];
    /// let b = TmaBox::new(2, &[64, 64], &[128], &[64, 64], TmaSwizzle::B128);
    /// assert!(TmaDescriptor::emulated(v.as_ptr(), &b).is_ok());
    /// let mis = TmaDescriptor::emulated(v.as_ptr().wrapping_add(1), &b).unwrap_err();
    /// assert!(mis.to_string().contains("16-byte aligned"));
    /// ```
    #[cfg(not(target_arch = "nvptx64"))]
    pub fn emulated<T>(global: *const T, b: &TmaBox) -> Result<Self, TmaError> {
        b.check()?;
        let addr = global as u64;
        if !addr.is_multiple_of(16) {
            return Err(TmaError(
                "the global address must be 16-byte aligned",
                [addr, 0, 0, 0],
            ));
        }
        let mut d = [0u64; 16];
        d[0] = EMULATED;
        d[1] = addr;
        d[2] = b.rank as u64 | (b.elem_bytes as u64) << 8 | (b.swizzle as u64) << 16;
        d[3..8].copy_from_slice(&b.global_dim);
        d[8..12].copy_from_slice(&b.global_stride);
        for (i, x) in b.box_dim.iter().enumerate() {
            d[12] |= u64::from(*x) << (12 * i);
        }
        Ok(TmaDescriptor(d))
    }

    /// The box and global address of an emulated descriptor.
    #[cfg(not(target_arch = "nvptx64"))]
    #[track_caller]
    fn decode(&self) -> (u64, TmaBox) {
        let d = &self.0;
        if d[0] != EMULATED {
            panic!(
                "TMA: the descriptor was not made by TmaDescriptor::emulated (a driver-encoded one cannot run on the emulator)"
            );
        }
        let mut b = TmaBox {
            rank: (d[2] & 0xff) as usize,
            elem_bytes: ((d[2] >> 8) & 0xff) as usize,
            global_dim: [0; 5],
            global_stride: [0; 4],
            box_dim: [0; 5],
            swizzle: match (d[2] >> 16) & 3 {
                0 => TmaSwizzle::None,
                1 => TmaSwizzle::B32,
                2 => TmaSwizzle::B64,
                _ => TmaSwizzle::B128,
            },
        };
        b.global_dim.copy_from_slice(&d[3..8]);
        b.global_stride.copy_from_slice(&d[8..12]);
        for i in 0..5 {
            b.box_dim[i] = ((d[12] >> (12 * i)) & 0xfff) as u32;
        }
        (d[1], b)
    }
}

/// Visits every element of the box at `coords`: its shared-memory byte offset from the
/// box start and its global byte address, or `None` outside the tensor.
#[cfg(not(target_arch = "nvptx64"))]
fn for_each_box_element(g: u64, b: &TmaBox, coords: &[i32], mut f: impl FnMut(usize, Option<u64>)) {
    let n: usize = b.box_dim.iter().map(|&x| x as usize).product();
    for lin in 0..n {
        let (mut rest, mut inside, mut addr) = (lin, true, g);
        for i in 0..5 {
            let e = b.box_dim[i] as usize;
            let c = i64::from(coords.get(i).copied().unwrap_or(0)) + (rest % e) as i64;
            rest /= e;
            inside &= c >= 0 && (c as u64) < b.global_dim[i];
            let stride = if i == 0 {
                b.elem_bytes as u64
            } else {
                b.global_stride[i - 1]
            };
            addr = addr.wrapping_add((c as u64).wrapping_mul(stride));
        }
        f(lin * b.elem_bytes, inside.then_some(addr));
    }
}

/// Copies the box of `desc` at element coordinates `coords` (dimension 0 first) into
/// shared memory at `dst`, completing on `bar` with the box's bytes (CuTe's
/// `SM90_TMA_LOAD_{1..5}D`: `cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier`).
/// The issuing thread (one per box) arms the barrier first with
/// [`Mbarrier::arrive_and_expect_tx`].
///
/// # Safety
/// `desc` points to a descriptor of a live global tensor, valid for the kernel's
/// duration; `dst` is a 128-byte aligned shared-memory buffer of the box's bytes that
/// nothing reads before `bar`'s phase completes and nothing writes meanwhile.
///
/// ```
/// use cutlet_core::cuda::*;
/// use cutlet_core::prelude::*;
/// // A 3 x 8 f32 matrix, row-major (x innermost); one 4 x 4 box at (x, y) = (6, 1).
/// let g: Vec<f32> = (0..24).map(|i| i as f32).collect();
/// let b = TmaBox::new(4, &[8, 3], &[32], &[4, 4], TmaSwizzle::None);
/// let desc = TmaDescriptor::emulated(g.as_ptr(), &b).unwrap();
/// let d = GmemPtr::from_slice(core::slice::from_ref(&desc));
/// emu::launch(Dim3::x(1), Dim3::x(1), 1024, || {
///     let mut smem = SmemBuffer::dynamic();
///     // SAFETY: the barrier and the box buffer are used only as below.
///     let (bar, s) = unsafe {
///         (Mbarrier::at(smem.alloc::<u64, _>(layout!(1)).engine().as_ptr()), smem.alloc::<f32, _>(layout!((4, 4):(1, 4))))
///     };
///     bar.init(1);
///     bar.arrive_and_expect_tx(64); // the whole box, edges included
///     // SAFETY: the descriptor outlives the launch; `s` is read after the wait.
///     unsafe { tma_load(d.as_ptr(), bar, s.engine().as_ptr(), [6, 1]) };
///     bar.wait(0);
///     assert_eq!(s.get((0isize, 0isize)), 14.0); // (x 6, y 1)
///     assert_eq!(s.get((1isize, 1isize)), 23.0); // (x 7, y 2)
///     assert_eq!(s.get((2isize, 0isize)), 0.0); // x 8: outside, zero
///     assert_eq!(s.get((0isize, 2isize)), 0.0); // y 3: outside, zero
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub unsafe fn tma_load<T, const R: usize>(
    desc: *const TmaDescriptor,
    bar: Mbarrier,
    dst: *mut T,
    coords: [i32; R],
) {
    let dst = super::cast_smem_ptr_to_uint(dst);
    #[cfg(target_arch = "nvptx64")]
    {
        let (m, c) = (bar.smem_addr(), coords);
        // SAFETY: the caller's contract.
        unsafe {
            match R {
                1 => core::arch::asm!(
                    "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{t}, {{{c0}}}], [{m}];",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, c0 = in(reg32) c[0], options(nostack)),
                2 => core::arch::asm!(
                    "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{t}, {{{c0}, {c1}}}], [{m}];",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, c0 = in(reg32) c[0], c1 = in(reg32) c[1], options(nostack)),
                3 => core::arch::asm!(
                    "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{t}, {{{c0}, {c1}, {c2}}}], [{m}];",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], options(nostack)),
                4 => core::arch::asm!(
                    "cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{t}, {{{c0}, {c1}, {c2}, {c3}}}], [{m}];",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3], options(nostack)),
                _ => core::arch::asm!(
                    "cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes [{d}], [{t}, {{{c0}, {c1}, {c2}, {c3}, {c4}}}], [{m}];",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3], c4 = in(reg32) c[4], options(nostack)),
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    // SAFETY: the caller's contract.
    unsafe {
        emulate_load(desc, bar, dst, &coords, None)
    };
}

/// [`tma_load`] to every CTA of the cluster whose rank is set in `mask` (CuTe's
/// `SM90_TMA_LOAD_MULTICAST`: `cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier
/// ::complete_tx::bytes.multicast::cluster`): the box lands at the same shared offset
/// `dst` in each, and completes on the barrier at `bar`'s offset in each. One CTA loads
/// what several use, so the cluster reads it from L2 once. A mask naming a CTA outside
/// the cluster fails the launch in the emulator.
///
/// # Safety
/// [`tma_load`]'s, in every CTA of `mask`: each has armed its barrier for the bytes (the
/// whole stage, including what its peers send) and nothing there reads or writes the box
/// before that phase completes.
///
/// ```
/// use cutlet_core::cuda::*;
/// use cutlet_core::prelude::*;
/// let g: Vec<f32> = (0..64).map(|i| i as f32).collect();
/// let b = TmaBox::new(4, &[8, 8], &[32], &[8, 4], TmaSwizzle::None);
/// let desc = TmaDescriptor::emulated(g.as_ptr(), &b).unwrap();
/// let d = GmemPtr::from_slice(core::slice::from_ref(&desc));
/// // Two CTAs: each loads half of an 8 x 8 tile and sends it to both.
/// emu::launch_cluster(Dim3::x(2), Dim3::x(2), Dim3::x(1), 1024, || {
///     let mut smem = SmemBuffer::dynamic();
///     // SAFETY: the barrier and the tile are used only as below.
///     let (bar, s) = unsafe {
///         (Mbarrier::at(smem.alloc::<u64, _>(layout!(1)).engine().as_ptr()), smem.alloc::<f32, _>(layout!((8, 8):(1, 8))))
///     };
///     bar.init(1);
///     bar.arrive_and_expect_tx(256); // both halves
///     cluster_sync();
///     let r = block_rank_in_cluster();
///     let half = s.slice((0usize, 4 * r));
///     // SAFETY: the descriptor outlives the launch; both barriers count the whole tile.
///     unsafe { tma_load_multicast(d.as_ptr(), bar, half.engine().as_ptr().wrapping_offset(half.engine().origin()), [0, 4 * r as i32], 0b11) };
///     bar.wait(0);
///     assert_eq!(s.get((3isize, 6isize)), 51.0); // row 6 came from the peer or from here
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub unsafe fn tma_load_multicast<T, const R: usize>(
    desc: *const TmaDescriptor,
    bar: Mbarrier,
    dst: *mut T,
    coords: [i32; R],
    mask: u16,
) {
    let dst = super::cast_smem_ptr_to_uint(dst);
    #[cfg(target_arch = "nvptx64")]
    {
        let (m, c) = (bar.smem_addr(), coords);
        // SAFETY: the caller's contract.
        unsafe {
            match R {
                1 => core::arch::asm!(
                    "cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{d}], [{t}, {{{c0}}}], [{m}], {k};",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, k = in(reg16) mask, c0 = in(reg32) c[0], options(nostack)),
                2 => core::arch::asm!(
                    "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{d}], [{t}, {{{c0}, {c1}}}], [{m}], {k};",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, k = in(reg16) mask, c0 = in(reg32) c[0], c1 = in(reg32) c[1], options(nostack)),
                3 => core::arch::asm!(
                    "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{d}], [{t}, {{{c0}, {c1}, {c2}}}], [{m}], {k};",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, k = in(reg16) mask, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], options(nostack)),
                4 => core::arch::asm!(
                    "cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{d}], [{t}, {{{c0}, {c1}, {c2}, {c3}}}], [{m}], {k};",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, k = in(reg16) mask, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3], options(nostack)),
                _ => core::arch::asm!(
                    "cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [{d}], [{t}, {{{c0}, {c1}, {c2}, {c3}, {c4}}}], [{m}], {k};",
                    d = in(reg32) dst, t = in(reg64) desc, m = in(reg32) m, k = in(reg16) mask, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3], c4 = in(reg32) c[4], options(nostack)),
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    // SAFETY: the caller's contract.
    unsafe {
        emulate_load(desc, bar, dst, &coords, Some(mask))
    };
}

/// The emulated TMA load: the box at `coords` into shared offset `dst` of this CTA (or of
/// each CTA in `mask`), zero outside the tensor, swizzled by the descriptor, completing
/// the box's bytes on the barrier at `bar`'s offset there.
///
/// # Safety
/// [`tma_load_multicast`]'s.
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
unsafe fn emulate_load(
    desc: *const TmaDescriptor,
    bar: Mbarrier,
    dst: u32,
    coords: &[i32],
    mask: Option<u16>,
) {
    // SAFETY: the caller's contract: `desc` is a live descriptor.
    let (g, b) = unsafe { (*desc).decode() };
    check_coords(&b, coords.len(), dst);
    let (own, ctas) = super::emu::with_thread(|t| (t.rank, t.cluster.blocks.len()));
    let mask = match mask {
        None => 1 << own,
        Some(m) if m == 0 || u32::from(m) >= 1 << ctas => {
            panic!("TMA multicast mask {m:#b} names no CTA or one outside the cluster of {ctas}")
        }
        Some(m) => u32::from(m),
    };
    use super::emu::sanitizer::{Instr, Op, Origin, access};
    for cta in (0..ctas).filter(|c| mask & (1 << c) != 0) {
        let smem = super::emu::with_thread(|t| t.peer(cta, "TMA load").smem().0 as usize);
        let base = smem + dst as usize;
        for_each_box_element(g, &b, coords, |off, src| {
            let at = smem + b.swizzle.apply(dst + off as u32) as usize;
            if let Some(s) = src {
                let from = Origin::raw(g as usize);
                access(s as usize, b.elem_bytes, from, Op::Read, Instr::TmaLoad);
            }
            let to = Origin {
                base,
                logical: base + off,
            };
            access(at, b.elem_bytes, to, Op::Write, Instr::TmaLoad);
            // SAFETY: `src` lies inside the described tensor (the host's contract for
            // the descriptor); `at` inside the destination box (the caller's).
            unsafe {
                match src {
                    Some(s) => {
                        core::ptr::copy_nonoverlapping(s as *const u8, at as *mut u8, b.elem_bytes)
                    }
                    None => core::ptr::write_bytes(at as *mut u8, 0, b.elem_bytes),
                }
            }
        });
        bar.complete_tx(cta, b.box_bytes() as u32);
    }
}

#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn check_coords(b: &TmaBox, r: usize, dst: u32) {
    if r != b.rank {
        panic!("TMA: {r} coordinates for a rank-{} descriptor", b.rank);
    }
    if !dst.is_multiple_of(128) {
        panic!("TMA: the shared-memory box at offset {dst:#x} is not 128-byte aligned");
    }
}

/// Stores the box at `src` (shared memory) to the tensor of `desc` at `coords`,
/// dropping elements outside it (CuTe's `SM90_TMA_STORE`: `cp.async.bulk.tensor.Nd.
/// global.shared::cta.bulk_group`). Along dimension 0 the GPU drops them only in whole
/// 16-byte units (measured on an H200), so a box that runs past an extent of dimension 0
/// that is not a multiple of 16 bytes overwrites the elements after it; the emulator
/// fails such a store. Precede it with [`tma_store_fence`] in every thread
/// that wrote the box and a barrier; follow it with [`tma_store_arrive`] and, before the
/// buffer is rewritten, [`tma_store_wait`].
///
/// # Safety
/// `desc` as for [`tma_load`]; `src` is a 128-byte aligned shared-memory box that nothing
/// writes until a [`tma_store_wait`] covers this store.
///
/// ```
/// use cutlet_core::cuda::*;
/// use cutlet_core::prelude::*;
/// let mut g = vec![-1f32; 3 * 8];
/// let b = TmaBox::new(4, &[8, 3], &[32], &[4, 4], TmaSwizzle::None);
/// let desc = TmaDescriptor::emulated(g.as_mut_ptr(), &b).unwrap();
/// let d = GmemPtr::from_slice(core::slice::from_ref(&desc));
/// emu::launch(Dim3::x(1), Dim3::x(1), 1024, || {
///     // SAFETY: one thread; the box is stored after it is written.
///     let mut s = unsafe { SmemBuffer::dynamic().alloc::<f32, _>(layout!((4, 4):(1, 4))) };
///     for i in 0..16 {
///         s.set(i as isize, i as f32);
///     }
///     tma_store_fence();
///     // SAFETY: the descriptor outlives the launch; `s` is not rewritten.
///     unsafe { tma_store(d.as_ptr(), s.engine().as_ptr(), [6, 1]) };
///     tma_store_arrive();
///     tma_store_wait::<0>();
/// }).unwrap();
/// assert_eq!(&g[8..16], &[-1.0, -1.0, -1.0, -1.0, -1.0, -1.0, 0.0, 1.0]); // row 1 from x = 6; x 8, 9 dropped
/// assert_eq!(g[22..24], [4.0, 5.0]);
/// // An extent of 7 f32 (28 bytes): the GPU would also write x = 7, past the edge.
/// let b7 = TmaBox::new(4, &[7, 3], &[32], &[4, 4], TmaSwizzle::None);
/// let desc = [TmaDescriptor::emulated(g.as_mut_ptr(), &b7).unwrap()];
/// let d = GmemPtr::from_slice(&desc);
/// let e = emu::launch(Dim3::x(1), Dim3::x(1), 1024, || {
///     // SAFETY: as above.
///     let s = unsafe { SmemBuffer::dynamic().alloc::<f32, _>(layout!((4, 4):(1, 4))) };
///     unsafe { tma_store(d.as_ptr(), s.engine().as_ptr(), [4, 0]) };
/// });
/// assert!(e.unwrap_err().to_string().contains("16-byte granularity"));
/// ```
#[inline(always)]
#[track_caller]
pub unsafe fn tma_store<T, const R: usize>(
    desc: *const TmaDescriptor,
    src: *const T,
    coords: [i32; R],
) {
    let src = super::cast_smem_ptr_to_uint(src);
    #[cfg(target_arch = "nvptx64")]
    {
        let c = coords;
        // SAFETY: the caller's contract.
        unsafe {
            match R {
                1 => {
                    core::arch::asm!("cp.async.bulk.tensor.1d.global.shared::cta.bulk_group [{t}, {{{c0}}}], [{s}];",
                    t = in(reg64) desc, s = in(reg32) src, c0 = in(reg32) c[0], options(nostack))
                }
                2 => {
                    core::arch::asm!("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [{t}, {{{c0}, {c1}}}], [{s}];",
                    t = in(reg64) desc, s = in(reg32) src, c0 = in(reg32) c[0], c1 = in(reg32) c[1], options(nostack))
                }
                3 => {
                    core::arch::asm!("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [{t}, {{{c0}, {c1}, {c2}}}], [{s}];",
                    t = in(reg64) desc, s = in(reg32) src, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], options(nostack))
                }
                4 => {
                    core::arch::asm!("cp.async.bulk.tensor.4d.global.shared::cta.bulk_group [{t}, {{{c0}, {c1}, {c2}, {c3}}}], [{s}];",
                    t = in(reg64) desc, s = in(reg32) src, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3], options(nostack))
                }
                _ => {
                    core::arch::asm!("cp.async.bulk.tensor.5d.global.shared::cta.bulk_group [{t}, {{{c0}, {c1}, {c2}, {c3}, {c4}}}], [{s}];",
                    t = in(reg64) desc, s = in(reg32) src, c0 = in(reg32) c[0], c1 = in(reg32) c[1], c2 = in(reg32) c[2], c3 = in(reg32) c[3], c4 = in(reg32) c[4], options(nostack))
                }
            }
        }
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        // SAFETY: the caller's contract: `desc` is a live descriptor.
        let (g, b) = unsafe { (*desc).decode() };
        check_coords(&b, R, src);
        // The 16-byte unit that holds the last element of dimension 0 is written whole.
        let (d0, e) = (b.global_dim[0] as i64, b.elem_bytes as i64);
        let (start, end) = (
            i64::from(coords[0]),
            i64::from(coords[0]) + b.box_dim[0] as i64,
        );
        let unit_end = (d0 * e + 15) / 16 * 16 / e;
        if end > d0 && start < unit_end && (d0 * e) % 16 != 0 {
            panic!(
                "TMA store at {coords:?}: the box runs past dimension 0's extent of {d0} elements ({} bytes, not a multiple of 16), which the GPU clips only at 16-byte granularity, writing past the edge; store such edges another way or pad the extent",
                d0 * e
            );
        }
        use super::emu::sanitizer::{Instr, Op, Origin, access};
        let smem = super::emu::with_thread(|t| t.block_state.smem().0 as usize);
        let base = smem + src as usize;
        for_each_box_element(g, &b, &coords, |off, dst| {
            if let Some(d) = dst {
                let at = smem + b.swizzle.apply(src + off as u32) as usize;
                let from = Origin {
                    base,
                    logical: base + off,
                };
                access(at, b.elem_bytes, from, Op::Read, Instr::TmaStore);
                let to = Origin::raw(g as usize);
                access(d as usize, b.elem_bytes, to, Op::Write, Instr::TmaStore);
                // SAFETY: as in `tma_load`, the other way round.
                unsafe {
                    core::ptr::copy_nonoverlapping(at as *const u8, d as *mut u8, b.elem_bytes)
                };
            }
        });
    }
}

/// Makes this thread's shared-memory writes visible to the copy engine and the tensor
/// cores (`fence.proxy.async.shared::cta`; CuTe's `tma_store_fence`,
/// `fence_view_async_shared`).
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::tma_store_fence()).unwrap();
/// ```
#[inline(always)]
pub fn tma_store_fence() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a fence; no operands.
    unsafe {
        core::arch::asm!("fence.proxy.async.shared::cta;", options(nostack))
    };
}

/// Closes this thread's group of TMA stores (`cp.async.bulk.commit_group`; CuTe's
/// `tma_store_arrive`).
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::tma_store_arrive()).unwrap();
/// ```
#[inline(always)]
pub fn tma_store_arrive() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands.
    unsafe {
        core::arch::asm!("cp.async.bulk.commit_group;", options(nostack))
    };
}

/// Waits until at most `N` of this thread's store groups still read shared memory
/// (`cp.async.bulk.wait_group.read N`; CuTe's `tma_store_wait<N>`). The emulator stores
/// at issue, so this returns at once there.
///
/// ```
/// cutlet_core::cuda::emu::launch(cutlet_core::cuda::Dim3::x(1), cutlet_core::cuda::Dim3::x(1), 0,
///     || cutlet_core::cuda::tma_store_wait::<0>()).unwrap();
/// ```
#[inline(always)]
pub fn tma_store_wait<const N: u32>() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: no operands; orders this thread's own stores.
    unsafe {
        core::arch::asm!("cp.async.bulk.wait_group.read {n};", n = const N, options(nostack))
    };
}

/// Prefetches a descriptor into the TMA unit's cache (`prefetch.tensormap`; CuTe's
/// `prefetch_tma_descriptor`), by one thread at kernel start.
///
/// # Safety
/// `desc` points to a descriptor in global, constant or parameter memory.
///
/// ```
/// use cutlet_core::cuda::{emu, prefetch_tma_descriptor, Dim3, TmaDescriptor};
/// let d = TmaDescriptor([0; 16]);
/// // SAFETY: a valid pointer; the emulator ignores it.
/// emu::launch(Dim3::x(1), Dim3::x(1), 0, || unsafe { prefetch_tma_descriptor(&d) }).unwrap();
/// ```
#[inline(always)]
pub unsafe fn prefetch_tma_descriptor(desc: *const TmaDescriptor) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: the caller's contract; a prefetch has no other effect.
    unsafe {
        core::arch::asm!("prefetch.tensormap [{d}];", d = in(reg64) desc, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    let _ = desc;
}
