//! Engines over raw device memory: a [`GmemPtr`] is what a kernel receives for a
//! global-memory buffer, and [`PtrEngine`] lets a layout address it without bounds
//! checks (the layout's extents are the contract, as in CuTe).

use super::vector;
use crate::tensor::{
    AsView, AsViewMut, Engine, EngineMut, EngineRef, Gmem, MemSpace, Offset, Smem, Tensor,
    TensorLayout,
};
use core::marker::PhantomData;

/// A pointer to global memory, as a kernel argument: `Copy`, and shareable between the
/// threads of an emulated launch.
///
/// ```
/// use cutlet::cuda::GmemPtr;
/// let v = vec![1f32, 2.0];
/// let p = GmemPtr::from_slice(&v);
/// assert_eq!(p.as_ptr(), v.as_ptr());
/// ```
#[derive(Debug)]
pub struct GmemPtr<T> {
    ptr: *mut T,
}
impl<T> Clone for GmemPtr<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for GmemPtr<T> {}
// SAFETY: a GmemPtr is an address; every access through it goes through `make_gmem_tensor`,
// whose contract excludes data races, exactly as for a CUDA kernel argument.
unsafe impl<T: Send> Send for GmemPtr<T> {}
// SAFETY: as above.
unsafe impl<T: Sync> Sync for GmemPtr<T> {}

impl<T> GmemPtr<T> {
    /// Wraps a raw device address (a kernel parameter).
    ///
    /// # Safety
    /// `ptr` must be valid for the reads and writes the kernel makes through it.
    ///
    /// ```
    /// let mut v = [0u32; 4];
    /// // SAFETY: `v` outlives the pointer's uses.
    /// let p = unsafe { cutlet::cuda::GmemPtr::new(v.as_mut_ptr()) };
    /// assert!(!p.as_ptr().is_null());
    /// ```
    #[inline(always)]
    pub const unsafe fn new(ptr: *mut T) -> Self {
        GmemPtr { ptr }
    }
    /// The buffer of a host slice, for emulated launches (reads only).
    ///
    /// ```
    /// let v = [3u8; 2];
    /// assert_eq!(cutlet::cuda::GmemPtr::from_slice(&v).as_ptr(), v.as_ptr());
    /// ```
    pub fn from_slice(s: &[T]) -> Self {
        GmemPtr {
            ptr: s.as_ptr() as *mut T,
        }
    }
    /// The buffer of a mutable host slice, for emulated launches.
    ///
    /// ```
    /// let mut v = [3u8; 2];
    /// let p = cutlet::cuda::GmemPtr::from_mut_slice(&mut v);
    /// assert_eq!(p.as_ptr(), v.as_ptr());
    /// ```
    pub fn from_mut_slice(s: &mut [T]) -> Self {
        GmemPtr {
            ptr: s.as_mut_ptr(),
        }
    }
    /// The same address as a pointer to `U` (CuTe's `recast_ptr`), e.g. to move
    /// `f32` data as [`U128`](super::U128) vectors. Panics (traps on the GPU) if the
    /// address is not aligned for `U`.
    ///
    /// ```
    /// use cutlet::cuda::{emu::DeviceVec, U128};
    /// let v = DeviceVec::<f32>::zeroed(8);
    /// let p = v.ptr().cast::<U128>();
    /// assert_eq!(p.as_ptr() as usize % 16, 0);
    /// ```
    #[inline(always)]
    pub fn cast<U>(self) -> GmemPtr<U> {
        if !(self.ptr as usize).is_multiple_of(core::mem::align_of::<U>()) {
            misaligned(self.ptr as usize, core::mem::align_of::<U>());
        }
        GmemPtr {
            ptr: self.ptr as *mut U,
        }
    }
    /// The address.
    ///
    /// ```
    /// let v = [0i32; 1];
    /// assert!(!cutlet::cuda::GmemPtr::from_slice(&v).as_ptr().is_null());
    /// ```
    #[inline(always)]
    pub const fn as_ptr(self) -> *const T {
        self.ptr
    }
}

#[cold]
#[inline(never)]
fn misaligned(addr: usize, align: usize) -> ! {
    panic!("GmemPtr::cast: address {addr:#x} is not aligned to {align} bytes")
}

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
        unsafe { vector::load::<T, Sp>(self.at_ptr(off)) }
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
        unsafe { vector::store::<T, Sp>(self.at_ptr(off), v) }
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
        engine: PtrEngine::from_raw(ptr.ptr),
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
