//! Emulated device memory: buffers aligned as `cudaMalloc` aligns them (256 bytes), so
//! kernels that load 128-bit vectors run in the emulator exactly as on the GPU.

use crate::cuda::GmemPtr;
use core::marker::PhantomData;
use std::vec::Vec;

pub use crate::cuda::DevicePod;

#[derive(Clone, Copy)]
#[repr(C, align(256))]
struct Chunk([u8; 256]);

/// A host buffer standing in for device memory (`cudaMalloc`): 256-byte aligned,
/// zero-initialised, handed to kernels as a [`GmemPtr`].
///
/// ```
/// use cutlet_core::cuda::emu::DeviceVec;
/// let mut v = DeviceVec::from_slice(&[1.0f32, 2.0, 3.0]);
/// v.as_mut_slice()[0] = 5.0;
/// assert_eq!(v.to_vec(), [5.0, 2.0, 3.0]);
/// assert_eq!(v.ptr().as_ptr() as usize % 256, 0);
/// ```
pub struct DeviceVec<T> {
    _storage: Vec<Chunk>,
    base: *mut T,
    len: usize,
    _elem: PhantomData<T>,
}
// SAFETY: the buffer is owned; `T` is plain data that is itself Send and Sync.
unsafe impl<T: DevicePod> Send for DeviceVec<T> {}
// SAFETY: as above; shared access only reads.
unsafe impl<T: DevicePod> Sync for DeviceVec<T> {}

impl<T: DevicePod> DeviceVec<T> {
    /// `len` zero elements.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::emu::DeviceVec::<u32>::zeroed(4).as_slice(), [0; 4]);
    /// ```
    pub fn zeroed(len: usize) -> Self {
        let bytes = len * core::mem::size_of::<T>();
        let mut storage = std::vec![Chunk([0; 256]); bytes.div_ceil(256).max(1)];
        let base = storage.as_mut_ptr() as *mut T;
        DeviceVec {
            _storage: storage,
            base,
            len,
            _elem: PhantomData,
        }
    }
    /// A copy of `data`.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::emu::DeviceVec::from_slice(&[7u8]).len(), 1);
    /// ```
    pub fn from_slice(data: &[T]) -> Self {
        let mut v = Self::zeroed(data.len());
        v.as_mut_slice().copy_from_slice(data);
        v
    }
    /// Number of elements.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::emu::DeviceVec::<f64>::zeroed(3).len(), 3);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are no elements.
    ///
    /// ```
    /// assert!(cutlet_core::cuda::emu::DeviceVec::<f64>::zeroed(0).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The elements.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::emu::DeviceVec::from_slice(&[1i32, 2]).as_slice(), [1, 2]);
    /// ```
    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `base` points to `len` initialised (zeroed or copied) elements of the
        // owned, suitably aligned storage.
        unsafe { core::slice::from_raw_parts(self.base, self.len) }
    }
    /// The elements, mutably.
    ///
    /// ```
    /// let mut v = cutlet_core::cuda::emu::DeviceVec::<i32>::zeroed(2);
    /// v.as_mut_slice()[1] = 4;
    /// assert_eq!(v.as_slice(), [0, 4]);
    /// ```
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: as `as_slice`, and `&mut self` makes the access exclusive.
        unsafe { core::slice::from_raw_parts_mut(self.base, self.len) }
    }
    /// The elements, copied out.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::emu::DeviceVec::from_slice(&[2u16]).to_vec(), [2]);
    /// ```
    pub fn to_vec(&self) -> Vec<T> {
        self.as_slice().to_vec()
    }
    /// The buffer as a kernel argument. Launches that write through it must not overlap
    /// with uses of the slices.
    ///
    /// ```
    /// let v = cutlet_core::cuda::emu::DeviceVec::<f32>::zeroed(1);
    /// assert_eq!(v.ptr().as_ptr(), v.as_slice().as_ptr());
    /// ```
    pub fn ptr(&self) -> GmemPtr<T> {
        GmemPtr::in_alloc(self.base, self.len * core::mem::size_of::<T>())
    }
}
