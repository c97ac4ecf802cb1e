//! Device tensors: a cudarc buffer paired with the cutlet layout that addresses it, so
//! host code and kernel share one layout type. Building one checks that the buffer
//! covers every offset the layout reaches.

use crate::{Error, Result};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr, DeviceRepr, ValidAsZeroBits};
use cutlet_core::cuda::DevicePod;
use cutlet_core::int::Leaf;
use cutlet_core::prelude::*;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The elements a buffer for `layout` holds: its cosize.
fn elements<L: Layout>(layout: L) -> usize {
    cosize(layout).value().max(0) as usize
}

/// `len` elements cover `layout` (its `cosize`), else [`Error::TooShort`] naming both.
///
/// ```
/// use cutlet_core::prelude::*;
/// let l = layout!((4, 8):(1, 5));
/// assert!(cutlet_cuda::check_cosize("A", 39, l).is_ok());
/// assert_eq!(
///     cutlet_cuda::check_cosize("A", 38, l).unwrap_err().to_string(),
///     "A: 38 elements, but its layout (_4,_8):(_1,_5) reaches 39 (cosize)"
/// );
/// ```
pub fn check_cosize<L: Layout>(what: &str, len: usize, layout: L) -> Result<()> {
    let cosize = elements(layout);
    if len < cosize {
        return Err(Error::TooShort {
            what: what.into(),
            len,
            layout: layout.to_string(),
            cosize,
        });
    }
    Ok(())
}

/// A buffer in device memory and the layout a kernel reads it through (CuTe's
/// `make_tensor(make_gmem_ptr(p), layout)` on the host side). The buffer holds at
/// least `cosize(layout)` elements.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// use cutlet_cuda::DeviceTensor;
/// let ctx = cudarc::driver::CudaContext::new(0)?;
/// let stream = ctx.default_stream();
/// let (m, n) = (100, 30);
/// let x = DeviceTensor::from_host(&stream, &vec![1f32; m * n], layout!((m, n):(1, m)))?;
/// assert_eq!(x.to_host(&stream)?.len(), m * n);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct DeviceTensor<T, L> {
    buf: CudaSlice<T>,
    layout: L,
}

impl<T: DeviceRepr, L: Layout> DeviceTensor<T, L> {
    /// Pairs `buf` with `layout`; a buffer shorter than the layout's cosize is
    /// [`Error::TooShort`].
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let buf = stream.alloc_zeros::<f32>(10)?;
    /// let e = cutlet_cuda::DeviceTensor::new(buf, layout!((4, 4))).unwrap_err();
    /// assert!(e.to_string().contains("reaches 16"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(buf: CudaSlice<T>, layout: L) -> Result<Self> {
        check_cosize("device buffer", buf.len(), layout)?;
        Ok(DeviceTensor { buf, layout })
    }

    /// Copies `host` (at least `cosize(layout)` elements) to the device.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let t = cutlet_cuda::DeviceTensor::from_host(&stream, &[1u32, 2, 3], layout!(3))?;
    /// assert_eq!(t.to_host(&stream)?, [1, 2, 3]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_host(stream: &Arc<CudaStream>, host: &[T], layout: L) -> Result<Self> {
        check_cosize("host data", host.len(), layout)?;
        Ok(DeviceTensor {
            buf: stream.clone_htod(host)?,
            layout,
        })
    }

    /// A zeroed buffer of `cosize(layout)` elements.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let t = cutlet_cuda::DeviceTensor::<f32, _>::zeros(&stream, layout!((2, 3):(3, 1)))?;
    /// assert_eq!(t.to_host(&stream)?, [0.0; 6]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn zeros(stream: &Arc<CudaStream>, layout: L) -> Result<Self>
    where
        T: ValidAsZeroBits,
    {
        Ok(DeviceTensor {
            buf: stream.alloc_zeros(elements(layout))?,
            layout,
        })
    }

    /// The whole buffer, copied to the host.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let t = cutlet_cuda::DeviceTensor::from_host(&stream, &[7i32; 4], layout!(4))?;
    /// assert_eq!(t.to_host(&stream)?, [7; 4]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_host(&self, stream: &Arc<CudaStream>) -> Result<Vec<T>> {
        Ok(stream.clone_dtoh(&self.buf)?)
    }

    /// The layout.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let t = cutlet_cuda::DeviceTensor::<u8, _>::zeros(&stream, layout!((2, 2)))?;
    /// assert_eq!(t.layout().to_string(), "(_2,_2):(_1,_2)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn layout(&self) -> L {
        self.layout
    }

    /// The buffer.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let t = cutlet_cuda::DeviceTensor::<u8, _>::zeros(&stream, layout!(5))?;
    /// assert_eq!(t.buf().len(), 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn buf(&self) -> &CudaSlice<T> {
        &self.buf
    }

    /// The buffer, for writing.
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let mut t = cutlet_cuda::DeviceTensor::<u8, _>::zeros(&stream, layout!(5))?;
    /// stream.memset_zeros(t.buf_mut())?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn buf_mut(&mut self) -> &mut CudaSlice<T> {
        &mut self.buf
    }
}

impl<T: DeviceRepr, L: Layout> DeviceTensor<T, L> {
    /// A tensor over `buf` from element `offset` on, which `buf`'s owner keeps (CuTe's
    /// `make_tensor(make_gmem_ptr(p + offset), layout)` over another library's `p`:
    /// candle's storage, say). It reads as a `&DeviceTensor` and frees nothing; a
    /// layout reaching past `buf`'s end is [`Error::TooShort`].
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let buf = stream.clone_htod(&[1f32, 2., 3., 4., 5., 6.])?;
    /// let t = cutlet_cuda::DeviceTensor::view(&buf, 2, layout!((2, 2):(2, 1)))?;
    /// assert_eq!(t.layout().to_string(), "(_2,_2):(_2,_1)");
    /// assert!(cutlet_cuda::DeviceTensor::view(&buf, 3, layout!((2, 2):(2, 1))).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view(buf: &CudaSlice<T>, offset: usize, layout: L) -> Result<TensorView<'_, T, L>> {
        Ok(TensorView {
            alias: Alias::of(buf, offset, layout)?,
            borrow: PhantomData,
        })
    }

    /// [`DeviceTensor::view`] for writing: it reads as a `&mut DeviceTensor` (a
    /// kernel's output in another library's buffer).
    ///
    /// ```no_run
    /// use cutlet_core::prelude::*;
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let mut buf = stream.alloc_zeros::<f32>(8)?;
    /// let mut t = cutlet_cuda::DeviceTensor::view_mut(&mut buf, 4, layout!(4))?;
    /// stream.memset_zeros(t.buf_mut())?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn view_mut(
        buf: &mut CudaSlice<T>,
        offset: usize,
        layout: L,
    ) -> Result<TensorViewMut<'_, T, L>> {
        Ok(TensorViewMut {
            alias: Alias::of(buf, offset, layout)?,
            borrow: PhantomData,
        })
    }
}

/// `len` elements of device memory on `stream`, not zero-filled: for an output a kernel
/// writes whole (a GEMM's C with `beta = 0`, which the kernels do not read), without
/// `alloc_zeros`'s memset. Every bit pattern of a `DevicePod` is a value, so the
/// elements are some values until written.
///
/// ```no_run
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let c = cutlet_cuda::alloc_uninit::<half::bf16>(&stream, 1 << 20)?;
/// assert_eq!(c.len(), 1 << 20);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn alloc_uninit<T: DevicePod + DeviceRepr>(
    stream: &Arc<CudaStream>,
    len: usize,
) -> Result<CudaSlice<T>> {
    // SAFETY: every bit pattern of a `DevicePod` (a sealed trait of plain numeric types)
    // is a value of `T`, so memory not yet written holds valid `T`s.
    Ok(unsafe { stream.alloc::<T>(len) }?)
}

/// A second handle on another slice's memory, given up (never freed) when dropped.
struct Alias<T: DeviceRepr, L: Layout>(Option<DeviceTensor<T, L>>);

impl<T: DeviceRepr, L: Layout> Alias<T, L> {
    fn of(buf: &CudaSlice<T>, offset: usize, layout: L) -> Result<Self> {
        let len = buf.len().saturating_sub(offset);
        check_cosize(
            &format!("borrowed buffer of {} from element {offset}", buf.len()),
            len,
            layout,
        )?;
        let stream = buf.stream();
        let (ptr, _read) = buf.device_ptr(stream);
        let at = ptr + (offset * std::mem::size_of::<T>()) as u64;
        // SAFETY: `at .. at + len` elements lie inside `buf`'s allocation (`offset + len`
        // is at most `buf.len()`, checked above), `buf` outlives the alias (the view
        // borrows it for its lifetime), and the alias is leaked on drop, never freed.
        let buf = unsafe { stream.upgrade_device_ptr(at, len) };
        Ok(Alias(Some(DeviceTensor { buf, layout })))
    }

    fn tensor(&self) -> &DeviceTensor<T, L> {
        self.0
            .as_ref()
            .expect("an alias holds its tensor until dropped")
    }
}

impl<T: DeviceRepr, L: Layout> Drop for Alias<T, L> {
    fn drop(&mut self) {
        if let Some(t) = self.0.take() {
            // The memory is the owner's: give the handle up without freeing it.
            t.buf.leak();
        }
    }
}

/// A [`DeviceTensor`] over a borrowed buffer, from [`DeviceTensor::view`].
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let buf = stream.clone_htod(&[1u8, 2, 3])?;
/// let v: cutlet_cuda::TensorView<u8, _> = cutlet_cuda::DeviceTensor::view(&buf, 1, layout!(2))?;
/// assert_eq!(v.to_host(&stream)?, [2, 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TensorView<'a, T: DeviceRepr, L: Layout> {
    alias: Alias<T, L>,
    borrow: PhantomData<&'a CudaSlice<T>>,
}

impl<T: DeviceRepr, L: Layout> Deref for TensorView<'_, T, L> {
    type Target = DeviceTensor<T, L>;
    fn deref(&self) -> &DeviceTensor<T, L> {
        self.alias.tensor()
    }
}

/// A [`DeviceTensor`] over a mutably borrowed buffer, from [`DeviceTensor::view_mut`].
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let mut buf = stream.alloc_zeros::<u8>(3)?;
/// let v: cutlet_cuda::TensorViewMut<u8, _> = cutlet_cuda::DeviceTensor::view_mut(&mut buf, 0, layout!(3))?;
/// assert_eq!(v.to_host(&stream)?, [0; 3]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TensorViewMut<'a, T: DeviceRepr, L: Layout> {
    alias: Alias<T, L>,
    borrow: PhantomData<&'a mut CudaSlice<T>>,
}

impl<T: DeviceRepr, L: Layout> Deref for TensorViewMut<'_, T, L> {
    type Target = DeviceTensor<T, L>;
    fn deref(&self) -> &DeviceTensor<T, L> {
        self.alias.tensor()
    }
}

impl<T: DeviceRepr, L: Layout> DerefMut for TensorViewMut<'_, T, L> {
    fn deref_mut(&mut self) -> &mut DeviceTensor<T, L> {
        self.alias
            .0
            .as_mut()
            .expect("an alias holds its tensor until dropped")
    }
}
