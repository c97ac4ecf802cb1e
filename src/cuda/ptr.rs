//! Engines over raw device memory for the `cutlet` tensors (the layer `cutlet-core`
//! replaces): [`PtrEngine`] lets a layout address a [`GmemPtr`] or shared memory
//! without bounds checks (the layout's extents are the contract, as in CuTe). Loads and
//! stores are `cutlet_core::cuda`'s.

use super::GmemPtr;
use crate::tensor::{
    AsView, AsViewMut, Engine, EngineMut, EngineRef, Gmem, MemSpace, Offset, Smem, Tensor,
    TensorLayout,
};
use core::marker::PhantomData;

/// An engine over raw memory in space `Sp` ([`Gmem`] or [`Smem`]): reads and writes at
/// `base + offset` with no bounds check.
///
/// ```
/// use cutlet::cuda::{make_gmem_tensor, GmemPtr};
/// use cutlet::prelude::*;
/// let mut v = [0f32; 8];
/// // SAFETY: the layout addresses offsets 0..8 of an 8-element buffer.
/// let mut t = unsafe { make_gmem_tensor(GmemPtr::from_mut_slice(&mut v), layout!((2,4):(4,1))) };
/// t[(1usize, 2usize)] = 5.0;
/// assert_eq!(v[6], 5.0);
/// ```
#[derive(Debug)]
pub struct PtrEngine<T, Sp> {
    ptr: *mut T,
    space: PhantomData<Sp>,
}
impl<T, Sp> Clone for PtrEngine<T, Sp> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, Sp> Copy for PtrEngine<T, Sp> {}
// SAFETY: the engine is created only by `make_gmem_tensor`/`make_smem_tensor`, whose
// contract (no two threads touch one element without a barrier between) is what makes
// sharing across the threads of a launch sound.
unsafe impl<T: Send, Sp> Send for PtrEngine<T, Sp> {}
// SAFETY: as above.
unsafe impl<T: Sync, Sp> Sync for PtrEngine<T, Sp> {}

impl<T, Sp> PtrEngine<T, Sp> {
    /// The engine at `ptr` (callers hold the constructors' contract).
    #[inline(always)]
    pub(crate) fn from_raw(ptr: *mut T) -> Self {
        PtrEngine {
            ptr,
            space: PhantomData,
        }
    }
    /// The address of offset 0.
    ///
    /// ```
    /// use cutlet::cuda::{make_gmem_tensor, GmemPtr};
    /// use cutlet::prelude::*;
    /// let v = [0f32; 4];
    /// // SAFETY: offsets 0..4 of a 4-element buffer.
    /// let t = unsafe { make_gmem_tensor(GmemPtr::from_slice(&v), layout!(4)) };
    /// assert_eq!(t.engine().as_ptr() as *const f32, v.as_ptr());
    /// ```
    #[inline(always)]
    pub fn as_ptr(&self) -> *mut T {
        self.ptr
    }
    #[inline(always)]
    fn at_ptr(&self, off: isize) -> *mut T {
        self.ptr.wrapping_offset(off)
    }
}

impl<T: Copy, Sp: MemSpace> Engine for PtrEngine<T, Sp> {
    type Elem = T;
    type Space = Sp;
    type IsMemory = typenum::B1;
    type Index = isize;
    #[inline(always)]
    fn read(&self, off: isize) -> T {
        // SAFETY: the constructor's contract puts every offset a layout produces inside
        // the buffer.
        unsafe { load::<T, Sp>(self.at_ptr(off)) }
    }
}
impl<T: Copy, Sp: MemSpace> EngineRef for PtrEngine<T, Sp> {
    #[inline(always)]
    fn at(&self, off: isize) -> &T {
        // SAFETY: in bounds by the constructor's contract, and no thread writes this element
        // while the reference lives (the same contract).
        unsafe { &*self.at_ptr(off) }
    }
    #[inline(always)]
    fn run(&self, off: isize, n: usize) -> &[T] {
        // SAFETY: the walk asks for runs inside the layout's image only.
        unsafe { core::slice::from_raw_parts(self.at_ptr(off), n) }
    }
}
impl<T: Copy, Sp: MemSpace> EngineMut for PtrEngine<T, Sp> {
    #[inline(always)]
    fn at_mut(&mut self, off: isize) -> &mut T {
        // SAFETY: in bounds and not aliased by another thread, by the constructor's contract.
        unsafe { &mut *self.at_ptr(off) }
    }
    #[inline(always)]
    fn run_mut(&mut self, off: isize, n: usize) -> &mut [T] {
        // SAFETY: as for `run`, and exclusive by the contract.
        unsafe { core::slice::from_raw_parts_mut(self.at_ptr(off), n) }
    }
    #[inline(always)]
    fn write(&mut self, off: isize, v: T) {
        // SAFETY: in bounds and not aliased by another thread, by the constructor's contract.
        unsafe { store::<T, Sp>(self.at_ptr(off), v) }
    }
}
impl<T: Copy, Sp: MemSpace> Offset for PtrEngine<T, Sp> {
    #[inline(always)]
    fn offset(self, off: isize) -> Self {
        PtrEngine {
            ptr: self.at_ptr(off),
            space: PhantomData,
        }
    }
}
impl<T: Copy, Sp: MemSpace> AsView for PtrEngine<T, Sp> {
    type View<'a>
        = PtrEngine<T, Sp>
    where
        Self: 'a;
    #[inline(always)]
    fn as_view(&self) -> Self {
        *self
    }
}
impl<T: Copy, Sp: MemSpace> AsViewMut for PtrEngine<T, Sp> {
    type ViewMut<'a>
        = PtrEngine<T, Sp>
    where
        Self: 'a;
    #[inline(always)]
    fn as_view_mut(&mut self) -> Self {
        *self
    }
}

/// A global-memory tensor: `ptr` addressed by `layout` (CuTe's
/// `make_tensor(make_gmem_ptr(ptr), layout)`). No access is bounds-checked.
///
/// # Safety
/// Every coordinate the kernel uses on this tensor, or on any tensor derived from it
/// (slices, tiles, partitions), must map to an element of the buffer behind `ptr`, and
/// no element may be written by one thread while another reads or writes it, unless a
/// barrier orders the two.
///
/// ```
/// use cutlet::cuda::{make_gmem_tensor, GmemPtr};
/// use cutlet::prelude::*;
/// let v: Vec<f32> = (0..6).map(|i| i as f32).collect();
/// // SAFETY: (2,3) column-major covers the 6 elements.
/// let t = unsafe { make_gmem_tensor(GmemPtr::from_slice(&v), layout!((2,3))) };
/// assert_eq!(t.get((1usize, 2usize)), 5.0);
/// ```
#[inline(always)]
pub unsafe fn make_gmem_tensor<T: Copy, L: TensorLayout>(
    ptr: GmemPtr<T>,
    layout: L,
) -> Tensor<PtrEngine<T, Gmem>, L::Layout> {
    Tensor {
        engine: PtrEngine::from_raw(ptr.as_ptr() as *mut T),
        layout: layout.tensor_layout(),
    }
}

/// A shared-memory tensor at a raw shared-memory address (most kernels carve them from
/// [`SmemBuffer`](super::SmemBuffer) instead).
///
/// # Safety
/// As [`make_gmem_tensor`], with `ptr` in the block's shared memory.
///
/// ```
/// use cutlet::cuda::make_smem_tensor;
/// use cutlet::prelude::*;
/// let mut v = [0u16; 4];
/// // SAFETY: 4 elements addressed by a 4-element layout.
/// let t = unsafe { make_smem_tensor(v.as_mut_ptr(), layout!(4)) };
/// assert!(t.to_string().starts_with("smem_ptr"));
/// ```
#[inline(always)]
pub unsafe fn make_smem_tensor<T: Copy, L: TensorLayout>(
    ptr: *mut T,
    layout: L,
) -> Tensor<PtrEngine<T, Smem>, L::Layout> {
    Tensor {
        engine: PtrEngine::from_raw(ptr),
        layout: layout.tensor_layout(),
    }
}

/// One element at `p` through `cutlet_core::cuda`'s engine of the same space (vector
/// instructions for 16-byte elements on the GPU).
///
/// # Safety
/// `p` is valid for reads in space `Sp`.
#[inline(always)]
unsafe fn load<T: Copy, Sp: MemSpace>(p: *const T) -> T {
    use cutlet_core::tensor::Engine as _;
    let p = p as *mut T;
    // SAFETY: one element at `p`, the caller's contract.
    unsafe {
        if Sp::NAME.as_bytes()[0] == b's' {
            cutlet_core::cuda::make_smem_tensor(
                p,
                cutlet_core::layout::NoSwizzle,
                cutlet_core::layout!(1),
            )
            .engine()
            .read(0isize)
        } else {
            cutlet_core::cuda::make_gmem_tensor(GmemPtr::new(p), cutlet_core::layout!(1))
                .engine()
                .read(0isize)
        }
    }
}

/// The store twin of [`load`].
///
/// # Safety
/// `p` is valid for writes in space `Sp`.
#[inline(always)]
unsafe fn store<T: Copy, Sp: MemSpace>(p: *mut T, v: T) {
    // SAFETY: one element at `p`, the caller's contract.
    unsafe {
        if Sp::NAME.as_bytes()[0] == b's' {
            cutlet_core::cuda::make_smem_tensor(
                p,
                cutlet_core::layout::NoSwizzle,
                cutlet_core::layout!(1),
            )
            .set(0isize, v)
        } else {
            cutlet_core::cuda::make_gmem_tensor(GmemPtr::new(p), cutlet_core::layout!(1))
                .set(0isize, v)
        }
    }
}
