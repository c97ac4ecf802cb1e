//! Device tensors: a cudarc buffer paired with the cutlet layout that addresses it, so
//! host code and kernel share one layout type. Building one checks that the buffer
//! covers every offset the layout reaches.

use crate::{Error, Result};
use cudarc::driver::{CudaSlice, CudaStream, DeviceRepr, ValidAsZeroBits};
use cutlet_core::int::Leaf;
use cutlet_core::prelude::*;
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
