//! Engines over raw device memory: a [`GmemPtr`] is what a kernel receives for a
//! global-memory buffer, and [`PtrEngine`] lets a layout address global or shared
//! memory without bounds checks (the layout's extents are the contract, as in CuTe),
//! swizzled where a shared-memory layout asks for it.

use super::vector;
use crate::layout::{Layout, NoSwizzle, SwizzleFn};
use crate::tensor::{
    Engine, EngineMut, EngineRef, EngineRefMut, Rebase, Space, Tensor, int_offset,
};
use crate::tuple::IntTuple;
use core::marker::PhantomData;

/// A pointer to global memory, as a kernel argument: `Copy`, and shareable between the
/// threads of an emulated launch.
///
/// ```
/// use cutlet_core::cuda::GmemPtr;
/// let v = vec![1f32, 2.0];
/// let p = GmemPtr::from_slice(&v);
/// assert_eq!(p.as_ptr(), v.as_ptr());
/// ```
#[derive(Debug)]
pub struct GmemPtr<T> {
    ptr: *mut T,
    /// The allocation behind `ptr` (start, bytes), where the emulator knows it: what
    /// the sanitizer checks accesses against.
    #[cfg(not(target_arch = "nvptx64"))]
    alloc: (usize, usize),
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
    /// let p = unsafe { cutlet_core::cuda::GmemPtr::new(v.as_mut_ptr()) };
    /// assert!(!p.as_ptr().is_null());
    /// ```
    #[inline(always)]
    pub const unsafe fn new(ptr: *mut T) -> Self {
        GmemPtr {
            ptr,
            #[cfg(not(target_arch = "nvptx64"))]
            alloc: (0, 0),
        }
    }
    /// A pointer into the emulator's allocation of `bytes` bytes at `ptr`.
    #[cfg(not(target_arch = "nvptx64"))]
    pub(crate) fn in_alloc(ptr: *mut T, bytes: usize) -> Self {
        GmemPtr {
            ptr,
            alloc: (ptr as usize, bytes),
        }
    }
    /// The buffer of a host slice, for emulated launches (reads only).
    ///
    /// ```
    /// let v = [3u8; 2];
    /// assert_eq!(cutlet_core::cuda::GmemPtr::from_slice(&v).as_ptr(), v.as_ptr());
    /// ```
    pub fn from_slice(s: &[T]) -> Self {
        GmemPtr {
            ptr: s.as_ptr() as *mut T,
            #[cfg(not(target_arch = "nvptx64"))]
            alloc: (s.as_ptr() as usize, core::mem::size_of_val(s)),
        }
    }
    /// The buffer of a mutable host slice, for emulated launches.
    ///
    /// ```
    /// let mut v = [3u8; 2];
    /// let p = cutlet_core::cuda::GmemPtr::from_mut_slice(&mut v);
    /// assert_eq!(p.as_ptr(), v.as_ptr());
    /// ```
    pub fn from_mut_slice(s: &mut [T]) -> Self {
        GmemPtr {
            ptr: s.as_mut_ptr(),
            #[cfg(not(target_arch = "nvptx64"))]
            alloc: (s.as_ptr() as usize, core::mem::size_of_val(s)),
        }
    }
    /// The same address as a pointer to `U` (CuTe's `recast_ptr`), e.g. to move
    /// `f32` data as [`U128`](super::U128) vectors. Panics (traps on the GPU) if the
    /// address is not aligned for `U`.
    ///
    /// ```
    /// use cutlet_core::cuda::{emu::DeviceVec, U128};
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
            #[cfg(not(target_arch = "nvptx64"))]
            alloc: self.alloc,
        }
    }
    /// The address `count` elements on (CuTe's `ptr + count`), in the same allocation
    /// for the sanitizer, which checks every access through it against that allocation.
    ///
    /// ```
    /// let v = [0i32; 4];
    /// let p = cutlet_core::cuda::GmemPtr::from_slice(&v);
    /// assert_eq!(p.wrapping_add(3).as_ptr(), v[3..].as_ptr());
    /// ```
    #[inline(always)]
    pub fn wrapping_add(self, count: usize) -> Self {
        GmemPtr {
            ptr: self.ptr.wrapping_add(count),
            #[cfg(not(target_arch = "nvptx64"))]
            alloc: self.alloc,
        }
    }
    /// The address.
    ///
    /// ```
    /// let v = [0i32; 1];
    /// assert!(!cutlet_core::cuda::GmemPtr::from_slice(&v).as_ptr().is_null());
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

/// A memory space of the device layer: [`Gmem`] or [`Smem`].
pub trait MemSpace: Copy + Default + core::fmt::Debug + 'static {
    /// The space.
    const SPACE: Space;
}
/// Global memory (CuTe's `gmem_ptr`).
#[derive(Clone, Copy, Default, Debug)]
pub struct Gmem;
/// Shared memory (CuTe's `smem_ptr`).
#[derive(Clone, Copy, Default, Debug)]
pub struct Smem;
impl MemSpace for Gmem {
    const SPACE: Space = Space::Global;
}
impl MemSpace for Smem {
    const SPACE: Space = Space::Shared;
}

/// An engine over raw memory in space `Sp` ([`Gmem`] or [`Smem`]) whose offsets pass
/// through the swizzle `Sw` (CuTe's `swizzle_ptr`; [`NoSwizzle`] for plain memory):
/// the element at offset `o` is at `base + Sw(origin + o)`, so layouts partition the
/// unswizzled offsets and only the address is permuted. No access is bounds-checked:
/// the layout's extents are the contract, as in CuTe.
///
/// ```
/// use cutlet_core::cuda::{make_gmem_tensor, GmemPtr};
/// use cutlet_core::prelude::*;
/// let mut v = [0f32; 8];
/// // SAFETY: the layout addresses offsets 0..8 of an 8-element buffer.
/// let mut t = unsafe { make_gmem_tensor(GmemPtr::from_mut_slice(&mut v), layout!((2,4):(4,1))) };
/// t.set((1isize, 2isize), 5.0);
/// assert_eq!(v[6], 5.0);
/// ```
pub struct PtrEngine<T, Sp, Sw = NoSwizzle> {
    base: *mut T,
    origin: isize,
    space: PhantomData<(Sp, Sw)>,
}
impl<T, Sp, Sw> Clone for PtrEngine<T, Sp, Sw> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, Sp, Sw> Copy for PtrEngine<T, Sp, Sw> {}
impl<T, Sp, Sw> core::fmt::Debug for PtrEngine<T, Sp, Sw> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "PtrEngine({:p} + {})", self.base, self.origin)
    }
}
// SAFETY: the engine is made only by `make_gmem_tensor`/`make_smem_tensor`/`SmemBuffer`,
// whose contract (no two threads touch one element without a barrier between) is what
// makes sharing across the threads of a launch sound.
unsafe impl<T: Send, Sp, Sw> Send for PtrEngine<T, Sp, Sw> {}
// SAFETY: as above.
unsafe impl<T: Sync, Sp, Sw> Sync for PtrEngine<T, Sp, Sw> {}

impl<T, Sp, Sw: SwizzleFn> PtrEngine<T, Sp, Sw> {
    /// The engine at `base` (callers hold the constructors' contract).
    #[inline(always)]
    pub(crate) fn from_raw(base: *mut T) -> Self {
        PtrEngine {
            base,
            origin: 0,
            space: PhantomData,
        }
    }
    /// The address of offset 0 of the underlying memory (before the origin and the
    /// swizzle).
    ///
    /// ```
    /// use cutlet_core::cuda::{make_gmem_tensor, GmemPtr};
    /// use cutlet_core::prelude::*;
    /// let v = [0f32; 4];
    /// // SAFETY: offsets 0..4 of a 4-element buffer.
    /// let t = unsafe { make_gmem_tensor(GmemPtr::from_slice(&v), layout!(4)) };
    /// assert_eq!(t.engine().as_ptr() as *const f32, v.as_ptr());
    /// ```
    #[inline(always)]
    pub fn as_ptr(&self) -> *mut T {
        self.base
    }
    /// The offset (in elements, before the swizzle) that this view starts at: what a
    /// slice or a tile moved the engine by.
    ///
    /// ```
    /// use cutlet_core::cuda::{make_gmem_tensor, GmemPtr};
    /// use cutlet_core::prelude::*;
    /// let v = [0f32; 16];
    /// // SAFETY: offsets 0..16 of a 16-element buffer.
    /// let t = unsafe { make_gmem_tensor(GmemPtr::from_slice(&v), layout!((4, 4))) };
    /// assert_eq!(t.slice(coord!((_, 2))).engine().origin(), 8);
    /// ```
    #[inline(always)]
    pub fn origin(&self) -> isize {
        self.origin
    }
    #[inline(always)]
    fn at_ptr<O: IntTuple>(&self, o: O) -> *mut T {
        self.base
            .wrapping_offset(Sw::default().apply_to(self.origin + int_offset(o)))
    }
    /// The base's address and offset `o`'s before the swizzle.
    #[cfg(not(target_arch = "nvptx64"))]
    #[inline(always)]
    fn origin_at<O: IntTuple>(&self, o: O) -> super::emu::sanitizer::Origin {
        let base = self.base as usize;
        let lin = (self.origin + int_offset(o)) * core::mem::size_of::<T>() as isize;
        super::emu::sanitizer::Origin {
            base,
            logical: base.wrapping_add_signed(lin),
        }
    }
    /// The sanitizer's check of one element access at `o`.
    #[cfg(not(target_arch = "nvptx64"))]
    #[inline(always)]
    #[track_caller]
    fn sanitize<O: IntTuple>(&self, o: O, write: bool) {
        use super::emu::sanitizer::{Instr, Op, access};
        let (op, instr) = if write {
            (Op::Write, Instr::Store)
        } else {
            (Op::Read, Instr::Load)
        };
        access(
            self.at_ptr(o) as usize,
            core::mem::size_of::<T>(),
            self.origin_at(o),
            op,
            instr,
        );
    }
    /// The element at `o` in shared memory: its pointer and its 32-bit `.shared` window
    /// address, the base's plus the swizzled offset in 32 bits (shared memory is under
    /// 4 GiB), so a swizzled tensor's addresses cost 32-bit registers, not 64-bit pairs.
    #[cfg(target_arch = "nvptx64")]
    #[inline(always)]
    fn shared_at<O: IntTuple>(&self, o: O) -> (*mut T, u32) {
        let lin = (self.origin as u32).wrapping_add(int_offset(o) as u32);
        let bytes = swizzle_u32::<Sw>(lin).wrapping_mul(core::mem::size_of::<T>() as u32);
        (
            self.at_ptr(o),
            super::cast_smem_ptr_to_uint(self.base).wrapping_add(bytes),
        )
    }
}

/// CuTe's `Swizzle<B, M, S>` on a 32-bit offset: `x ^ shiftr(x & yyy_msk, S)`, the mask
/// `B` bits at `M + max(0, S)` (what `SwizzleFn::apply_to` computes on `isize`).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn swizzle_u32<Sw: SwizzleFn>(x: u32) -> u32 {
    match Sw::BMS {
        None => x,
        Some((b, m, s)) => {
            let yyy = ((1u32 << b) - 1) << (m as i32 + s.max(0));
            if s >= 0 {
                x ^ ((x & yyy) >> s)
            } else {
                x ^ ((x & yyy) << -s)
            }
        }
    }
}

impl<T: Copy, Sp: MemSpace, Sw: SwizzleFn> Engine for PtrEngine<T, Sp, Sw> {
    type Elem = T;
    type View<'a>
        = Self
    where
        Self: 'a;
    const SPACE: Space = Sp::SPACE;
    #[inline(always)]
    fn view(&self) -> Self {
        *self
    }
    #[inline(always)]
    #[track_caller]
    fn read<O: IntTuple>(&self, o: O) -> T {
        #[cfg(target_arch = "nvptx64")]
        if matches!(Sp::SPACE, Space::Shared) {
            let (p, a) = self.shared_at(o);
            // SAFETY: as below; `a` is `p`'s window address.
            return unsafe { vector::load_shared(p, a) };
        }
        #[cfg(not(target_arch = "nvptx64"))]
        self.sanitize(o, false);
        // SAFETY: the constructor's contract puts every offset a layout produces inside
        // the buffer, with no conflicting write in flight.
        unsafe { vector::load::<T, Sp>(self.at_ptr(o)) }
    }
    #[inline(always)]
    fn addr<O: IntTuple>(&self, o: O) -> *const T {
        self.at_ptr(o)
    }
    #[cfg(not(target_arch = "nvptx64"))]
    #[inline(always)]
    fn sanitizer_origin<O: IntTuple>(&self, o: O) -> (usize, usize) {
        let at = self.origin_at(o);
        (at.base, at.logical)
    }
    type Runs = typenum::B0;
}
impl<T: Copy, Sp: MemSpace, Sw: SwizzleFn> EngineMut for PtrEngine<T, Sp, Sw> {
    type ViewMut<'a>
        = Self
    where
        Self: 'a;
    #[inline(always)]
    fn view_mut(&mut self) -> Self {
        *self
    }
    #[inline(always)]
    #[track_caller]
    fn write<O: IntTuple>(&mut self, o: O, v: T) {
        #[cfg(target_arch = "nvptx64")]
        if matches!(Sp::SPACE, Space::Shared) {
            let (p, a) = self.shared_at(o);
            // SAFETY: as below; `a` is `p`'s window address.
            return unsafe { vector::store_shared(p, a, v) };
        }
        #[cfg(not(target_arch = "nvptx64"))]
        self.sanitize(o, true);
        // SAFETY: in bounds and not aliased by another thread, by the constructor's
        // contract.
        unsafe { vector::store::<T, Sp>(self.at_ptr(o), v) }
    }
}
impl<T: Copy, Sp: MemSpace, Sw: SwizzleFn> EngineRef for PtrEngine<T, Sp, Sw> {
    #[inline(always)]
    #[track_caller]
    fn at<O: IntTuple>(&self, o: O) -> &T {
        #[cfg(not(target_arch = "nvptx64"))]
        self.sanitize(o, false);
        // SAFETY: in bounds by the constructor's contract, and no thread writes this
        // element while the reference lives (the same contract).
        unsafe { &*self.at_ptr(o) }
    }
}
impl<T: Copy, Sp: MemSpace, Sw: SwizzleFn> EngineRefMut for PtrEngine<T, Sp, Sw> {
    #[inline(always)]
    #[track_caller]
    fn at_mut<O: IntTuple>(&mut self, o: O) -> &mut T {
        #[cfg(not(target_arch = "nvptx64"))]
        self.sanitize(o, true);
        // SAFETY: in bounds and not aliased by another thread, by the constructor's
        // contract.
        unsafe { &mut *self.at_ptr(o) }
    }
}
impl<T: Copy, Sp: MemSpace, Sw: SwizzleFn> Rebase for PtrEngine<T, Sp, Sw> {
    #[inline(always)]
    fn rebase<O: IntTuple>(self, by: O) -> Self {
        PtrEngine {
            base: self.base,
            origin: self.origin + int_offset(by),
            space: PhantomData,
        }
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
/// use cutlet_core::cuda::{make_gmem_tensor, GmemPtr};
/// use cutlet_core::prelude::*;
/// let v: Vec<f32> = (0..6).map(|i| i as f32).collect();
/// // SAFETY: (2,3) column-major covers the 6 elements.
/// let t = unsafe { make_gmem_tensor(GmemPtr::from_slice(&v), layout!((2,3))) };
/// assert_eq!(t.get((1isize, 2isize)), 5.0);
/// ```
#[inline(always)]
#[track_caller]
pub unsafe fn make_gmem_tensor<T: Copy, L: Layout>(
    ptr: GmemPtr<T>,
    layout: L,
) -> Tensor<PtrEngine<T, Gmem>, L> {
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::sanitizer::gmem_tensor::<T, L>(
        ptr.ptr as usize,
        (ptr.alloc.1 > 0).then_some(ptr.alloc),
        layout,
    );
    Tensor::from_parts(PtrEngine::from_raw(ptr.ptr), layout)
}

/// A shared-memory tensor at a raw shared-memory address, its offsets swizzled by `Sw`
/// (most kernels carve them from [`SmemBuffer`](super::SmemBuffer) instead).
///
/// # Safety
/// As [`make_gmem_tensor`], with `ptr` in the block's shared memory, aligned so that the
/// swizzle's bits are the address's (CuTe's position-independent swizzle: 128 bytes
/// covers CuTe's SM80 and SM90 swizzle atoms).
///
/// ```
/// use cutlet_core::cuda::make_smem_tensor;
/// use cutlet_core::prelude::*;
/// let mut v = [0u16; 4];
/// // SAFETY: 4 elements addressed by a 4-element layout.
/// let t = unsafe { make_smem_tensor(v.as_mut_ptr(), NoSwizzle, layout!(4)) };
/// assert_eq!(t.get(3), 0);
/// ```
#[inline(always)]
#[track_caller]
pub unsafe fn make_smem_tensor<T: Copy, Sw: SwizzleFn, L: Layout>(
    ptr: *mut T,
    _swizzle: Sw,
    layout: L,
) -> Tensor<PtrEngine<T, Smem, Sw>, L> {
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::sanitizer::smem_view::<T, L>(ptr as usize, layout);
    Tensor::from_parts(PtrEngine::from_raw(ptr), layout)
}
