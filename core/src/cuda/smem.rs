//! Shared memory: the block's dynamic shared memory and a bump allocator that carves
//! tensors out of it, each sized by its layout's cosize (a constant for static layouts).

use super::ptr::{PtrEngine, Smem};
use crate::int::Leaf;
use crate::layout::{Layout, NoSwizzle, SwizzleFn};
use crate::tensor::Tensor;

#[cfg(target_arch = "nvptx64")]
core::arch::global_asm!(".extern .shared .align 1024 .b8 cutlet_dynamic_smem[];");

/// CuTe's `cast_smem_ptr_to_uint`: the 32-bit `.shared` window address of a generic
/// pointer into shared memory, the form mbarrier, TMA and GMMA descriptors take. In the
/// emulator it is the offset in the block's shared memory (and anything else fails the
/// launch).
///
/// ```
/// use cutlet_core::cuda::{cast_smem_ptr_to_uint, dynamic_smem, emu, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(1), 256, || {
///     let (p, _) = dynamic_smem();
///     assert_eq!(cast_smem_ptr_to_uint(p.wrapping_add(16)) - cast_smem_ptr_to_uint(p), 16);
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn cast_smem_ptr_to_uint<T>(p: *const T) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: an address conversion; no memory is touched.
        unsafe {
            core::arch::asm!(
                "{{ .reg .u64 s; cvta.to.shared.u64 s, {p}; cvt.u32.u64 {r}, s; }}",
                p = in(reg64) p, r = out(reg32) r, options(pure, nomem, nostack)
            )
        };
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::with_thread(|t| t.block_state.smem_offset(p as usize))
    }
}

/// The block's dynamic shared memory (`extern __shared__`): its generic address and its
/// size in bytes, as given at launch.
///
/// ```
/// use cutlet_core::cuda::{dynamic_smem, emu, Dim3};
/// emu::launch(Dim3::x(1), Dim3::x(1), 256, || assert_eq!(dynamic_smem().1, 256)).unwrap();
/// ```
#[inline(always)]
pub fn dynamic_smem() -> (*mut u8, usize) {
    #[cfg(target_arch = "nvptx64")]
    {
        let (p, n): (u64, u32);
        // SAFETY: reads the address of the module's dynamic shared array and the
        // `%dynamic_smem_size` special register; no memory is touched.
        unsafe {
            core::arch::asm!(
                "cvta.shared.u64 {p}, cutlet_dynamic_smem;",
                "mov.u32 {n}, %dynamic_smem_size;",
                p = out(reg64) p,
                n = out(reg32) n,
                options(pure, nomem, nostack)
            )
        };
        (p as *mut u8, n as usize)
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        super::emu::with_thread(|t| t.block_state.smem())
    }
}

/// Carves shared-memory tensors out of the block's dynamic shared memory, each at a
/// 128-byte aligned offset (what swizzled layouts and `ldmatrix` want), or 1024-byte
/// aligned ([`alloc_aligned`](Self::alloc_aligned), what TMA's and GMMA's 128-byte
/// swizzle wants: it acts on the address bits up to 1024). Every thread of
/// the block makes the same calls in the same order, so all see the same tensors.
///
/// ```
/// use cutlet_core::cuda::{emu, syncthreads, thread_idx, Dim3, SmemBuffer};
/// use cutlet_core::prelude::*;
/// emu::launch(Dim3::x(1), Dim3::x(4), 1024, || {
///     let mut smem = SmemBuffer::dynamic();
///     // SAFETY: each thread writes its own element, reads after the barrier.
///     let mut s = unsafe { smem.alloc::<f32, _>(layout!(4)) };
///     let t = thread_idx().x as isize;
///     s[t] = t as f32;
///     syncthreads();
///     assert_eq!(s.get(3 - t), (3 - t) as f32);
/// })
/// .unwrap();
/// ```
#[derive(Debug)]
pub struct SmemBuffer {
    base: *mut u8,
    len: usize,
    used: usize,
}

impl SmemBuffer {
    /// All of the block's dynamic shared memory.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 512, || assert_eq!(SmemBuffer::dynamic().remaining(), 512)).unwrap();
    /// ```
    #[inline(always)]
    pub fn dynamic() -> Self {
        let (base, len) = dynamic_smem();
        SmemBuffer { base, len, used: 0 }
    }
    /// Bytes not yet carved.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 512, || {
    ///     let mut b = SmemBuffer::dynamic();
    ///     // SAFETY: nothing is accessed.
    ///     let _t = unsafe { b.alloc::<u16, _>(cutlet_core::layout!(8)) };
    ///     assert_eq!(b.remaining(), 512 - 128);
    /// }).unwrap();
    /// ```
    pub fn remaining(&self) -> usize {
        self.len - self.used
    }

    /// A tensor of `T` laid out by `layout`, taking `cosize(layout) * size_of::<T>()`
    /// bytes (rounded up to 128). Traps (panics in the emulator) if the launch gave too
    /// little shared memory, naming the sizes.
    ///
    /// # Safety
    /// As [`make_gmem_tensor`](super::make_gmem_tensor): coordinates stay inside the
    /// layout's shape, and barriers order writes and reads of one element by different
    /// threads. Shared memory starts uninitialised on the GPU (zero in the emulator), so
    /// write before reading.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, SmemBuffer};
    /// use cutlet_core::prelude::*;
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 64, || {
    ///     // SAFETY: nothing is accessed; the allocation itself fails.
    ///     let _t = unsafe { SmemBuffer::dynamic().alloc::<f32, _>(layout!((8,8))) };
    /// });
    /// assert!(r.unwrap_err().to_string().contains("256 bytes"));
    /// ```
    #[inline(always)]
    #[track_caller]
    pub unsafe fn alloc<T: Copy, L: Layout>(&mut self, layout: L) -> Tensor<PtrEngine<T, Smem>, L> {
        // SAFETY: the caller's contract.
        unsafe { self.alloc_swizzled(NoSwizzle, layout) }
    }

    /// A tensor of `T` laid out by the composed layout `swizzle o layout` (CuTe's
    /// `ComposedLayout<Swizzle, _0, Layout>`, the shape of CuTe's shared-memory layout
    /// atoms): `layout` partitions as usual and the swizzle permutes the offsets it
    /// gives (CuTe's `swizzle_ptr`). Sized and checked as [`alloc`](Self::alloc); the
    /// tensor starts 128-byte aligned, so the swizzle acts on the address's own bits.
    ///
    /// # Safety
    /// As [`alloc`](Self::alloc).
    ///
    /// ```
    /// use cutlet_core::cuda::{emu, Dim3, SmemBuffer};
    /// use cutlet_core::prelude::*;
    /// emu::launch(Dim3::x(1), Dim3::x(1), 1024, || {
    ///     let mut smem = SmemBuffer::dynamic();
    ///     // SAFETY: one thread, in bounds.
    ///     let mut s = unsafe { smem.alloc_swizzled::<u16, _, _>(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1))) };
    ///     s.set((1isize, 0isize), 7);
    ///     // Row 1's chunks of 8 elements trade places in pairs: offset 72 (row 1,
    ///     // chunk 1) is stored at element 64, 128 bytes from the start.
    ///     assert_eq!(s.engine().addr(72isize) as usize - s.engine().as_ptr() as usize, 128);
    /// })
    /// .unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub unsafe fn alloc_swizzled<T: Copy, Sw: SwizzleFn, L: Layout>(
        &mut self,
        swizzle: Sw,
        layout: L,
    ) -> Tensor<PtrEngine<T, Smem, Sw>, L> {
        // SAFETY: the caller's contract.
        unsafe { self.alloc_aligned(128, swizzle, layout) }
    }

    /// As [`alloc_swizzled`](Self::alloc_swizzled), at an offset that is a multiple of
    /// `align` (a power of two, at least 128). TMA's and GMMA's swizzles act on absolute
    /// address bits, so their buffers start on the swizzle's period (1024 bytes for the
    /// 128-byte swizzle); the block's shared memory itself starts 1024-byte aligned.
    ///
    /// # Safety
    /// As [`alloc`](Self::alloc).
    ///
    /// ```
    /// use cutlet_core::cuda::{cast_smem_ptr_to_uint, emu, Dim3, SmemBuffer};
    /// use cutlet_core::prelude::*;
    /// emu::launch(Dim3::x(1), Dim3::x(1), 4096, || {
    ///     let mut smem = SmemBuffer::dynamic();
    ///     // SAFETY: nothing is accessed.
    ///     let (_a, b) = unsafe {
    ///         (smem.alloc::<u64, _>(layout!(2)), smem.alloc_aligned::<u16, _, _>(1024, NoSwizzle, layout!(64)))
    ///     };
    ///     assert_eq!(cast_smem_ptr_to_uint(b.engine().as_ptr()), 1024);
    /// }).unwrap();
    /// ```
    #[inline(always)]
    #[track_caller]
    pub unsafe fn alloc_aligned<T: Copy, Sw: SwizzleFn, L: Layout>(
        &mut self,
        align: usize,
        _swizzle: Sw,
        layout: L,
    ) -> Tensor<PtrEngine<T, Smem, Sw>, L> {
        let bytes = crate::algebra::cosize(layout).value() as usize * core::mem::size_of::<T>();
        let at = self.used.next_multiple_of(align);
        let end = at + bytes.div_ceil(128) * 128;
        if end > self.len {
            smem_overflow(end - at, at, self.len);
        }
        self.used = end;
        #[cfg(not(target_arch = "nvptx64"))]
        super::emu::sanitizer::carve_out::<T, L>(
            self.base as usize - dynamic_smem().0 as usize + at,
            layout,
            end - at,
            true,
        );
        // SAFETY: `base + at .. base + at + bytes` lies inside the block's dynamic shared
        // memory (checked above) and is 128-byte aligned; the caller's contract covers the
        // accesses.
        let ptr = unsafe { self.base.add(at) as *mut T };
        Tensor::from_parts(PtrEngine::from_raw(ptr), layout)
    }
}

#[cold]
#[inline(never)]
fn smem_overflow(bytes: usize, at: usize, len: usize) -> ! {
    panic!(
        "shared memory: a layout needs {bytes} bytes (in whole 128-byte lines) at offset {at}, the launch gave {len}"
    )
}
