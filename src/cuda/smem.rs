//! Shared memory: the block's dynamic shared memory and a bump allocator that carves
//! tensors out of it, each sized by its layout's cosize (a constant for static layouts).

use super::ptr::PtrEngine;
use crate::int::Integral;
use crate::layout::{CosizeT, Cosized};
use crate::tensor::{Smem, Tensor, TensorLayout};

use super::dynamic_smem;

/// Carves shared-memory tensors out of the block's dynamic shared memory, each at a
/// 128-byte aligned offset (what swizzled layouts and `ldmatrix` want). Every thread of
/// the block makes the same calls in the same order, so all see the same tensors.
///
/// ```
/// use cutlet::cuda::{emu, syncthreads, thread_idx, Dim3, SmemBuffer};
/// use cutlet::prelude::*;
/// emu::launch(Dim3::x(1), Dim3::x(4), 1024, || {
///     let mut smem = SmemBuffer::dynamic();
///     // SAFETY: each thread writes its own element, reads after the barrier.
///     let mut s = unsafe { smem.alloc::<f32, _>(layout!(4)) };
///     let t = thread_idx().x;
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
    /// use cutlet::cuda::{emu, Dim3, SmemBuffer};
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
    /// use cutlet::cuda::{emu, Dim3, SmemBuffer};
    /// emu::launch(Dim3::x(1), Dim3::x(1), 512, || {
    ///     let mut b = SmemBuffer::dynamic();
    ///     // SAFETY: nothing is accessed.
    ///     let _t = unsafe { b.alloc::<u16, _>(cutlet::layout!(8)) };
    ///     assert_eq!(b.remaining(), 512 - 128);
    /// }).unwrap();
    /// ```
    pub fn remaining(&self) -> usize {
        self.len - self.used
    }

    /// A tensor of `T` laid out by `layout` (a layout or a composed, e.g. swizzled,
    /// layout), taking `cosize(layout) * size_of::<T>()`
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
    /// use cutlet::cuda::{emu, Dim3, SmemBuffer};
    /// use cutlet::prelude::*;
    /// let r = emu::launch(Dim3::x(1), Dim3::x(1), 64, || {
    ///     // SAFETY: nothing is accessed; the allocation itself fails.
    ///     let _t = unsafe { SmemBuffer::dynamic().alloc::<f32, _>(layout!((8,8))) };
    /// });
    /// assert!(r.unwrap_err().to_string().contains("256 bytes"));
    /// ```
    #[inline(always)]
    pub unsafe fn alloc<T: Copy, L: TensorLayout>(
        &mut self,
        layout: L,
    ) -> Tensor<PtrEngine<T, Smem>, L::Layout>
    where
        L::Layout: Cosized,
        CosizeT<L::Layout>: Integral,
    {
        let layout = layout.tensor_layout();
        let bytes = crate::layout::cosize(layout).value() as usize * core::mem::size_of::<T>();
        let at = self.used;
        let end = at + bytes.div_ceil(128) * 128;
        if end > self.len {
            smem_overflow(bytes, at, self.len);
        }
        self.used = end;
        // SAFETY: `base + at .. base + at + bytes` lies inside the block's dynamic shared
        // memory (checked above) and is 128-byte aligned; the caller's contract covers the
        // accesses.
        let ptr = unsafe { self.base.add(at) as *mut T };
        Tensor {
            engine: PtrEngine::from_raw(ptr),
            layout,
        }
    }
}

#[cold]
#[inline(never)]
fn smem_overflow(bytes: usize, at: usize, len: usize) -> ! {
    panic!("shared memory: a layout needs {bytes} bytes at offset {at}, the launch gave {len}")
}
