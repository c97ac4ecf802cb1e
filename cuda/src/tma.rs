//! TMA descriptors (`CUtensorMap`) from cutlet layouts: the box comes from
//! [`make_tma_box`](cutlet_core::atom::make_tma_box) (the global tensor's layout against the
//! shared-memory tile's), the map from the driver's `cuTensorMapEncodeTiled` with CuTe's
//! choices (element strides 1, no interleave, 128-byte L2 promotion, zero fill).

use crate::{DeviceTensor, Error, Result};
use cudarc::driver::sys::{
    self, CUtensorMapDataType, CUtensorMapFloatOOBfill, CUtensorMapInterleave,
    CUtensorMapL2promotion, CUtensorMapSwizzle,
};
use cudarc::driver::{CudaStream, DevicePtr, DeviceRepr};
use cutlet_core::cuda::{TmaBox, TmaDescriptor, TmaSwizzle};
use cutlet_core::layout::{Layout, SwizzleFn};

/// The element types a tensor map can describe.
///
/// ```
/// use cutlet_cuda::{TmaDataType, TmaElement};
/// assert_eq!(<half::bf16 as TmaElement>::DATA_TYPE, TmaDataType::Bf16);
/// ```
pub trait TmaElement: DeviceRepr {
    /// The map's data type.
    const DATA_TYPE: TmaDataType;
}

/// A tensor map's element type.
///
/// ```
/// assert_eq!(cutlet_cuda::TmaDataType::F32.bytes(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TmaDataType {
    /// bfloat16.
    Bf16,
    /// IEEE half.
    F16,
    /// f32.
    F32,
    /// An 8-bit float (`e4m3`, `e5m2`): TMA moves bytes (`CU_TENSOR_MAP_DATA_TYPE_UINT8`).
    U8,
}

impl TmaDataType {
    /// Bytes per element.
    ///
    /// ```
    /// assert_eq!(cutlet_cuda::TmaDataType::Bf16.bytes(), 2);
    /// ```
    pub const fn bytes(self) -> usize {
        match self {
            TmaDataType::Bf16 | TmaDataType::F16 => 2,
            TmaDataType::F32 => 4,
            TmaDataType::U8 => 1,
        }
    }
}

impl TmaElement for half::bf16 {
    const DATA_TYPE: TmaDataType = TmaDataType::Bf16;
}
impl TmaElement for half::f16 {
    const DATA_TYPE: TmaDataType = TmaDataType::F16;
}
impl TmaElement for f32 {
    const DATA_TYPE: TmaDataType = TmaDataType::F32;
}
impl TmaElement for cutlet_core::float8::e4m3 {
    const DATA_TYPE: TmaDataType = TmaDataType::U8;
}
impl TmaElement for cutlet_core::float8::e5m2 {
    const DATA_TYPE: TmaDataType = TmaDataType::U8;
}
/// TMA moves a `tf32`'s 32 bits as an `f32`'s (the tensor cores ignore the low 13).
impl TmaElement for cutlet_core::tfloat32::tf32 {
    const DATA_TYPE: TmaDataType = TmaDataType::F32;
}

/// TMA reads global memory at 16-byte aligned addresses: else [`Error::Misaligned`].
///
/// ```
/// assert!(cutlet_cuda::check_tma_address("A", 0x7f00_0000_0100).is_ok());
/// assert_eq!(
///     cutlet_cuda::check_tma_address("A", 0x7f00_0000_0102).unwrap_err().to_string(),
///     "A: address 0x7f0000000102 is not 16-byte aligned"
/// );
/// ```
pub fn check_tma_address(what: &str, addr: u64) -> Result<()> {
    if !addr.is_multiple_of(16) {
        return Err(Error::Misaligned {
            what: what.into(),
            addr,
            align: 16,
        });
    }
    Ok(())
}

/// The driver's tensor map for box `b` over the tensor at device address `global`
/// holding `dtype` elements. The box is checked first ([`TmaBox::check`]); errors name it.
///
/// ```no_run
/// use cutlet_core::cuda::{TmaBox, TmaSwizzle};
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let b = TmaBox::new(4, &[64, 64], &[256], &[32, 32], TmaSwizzle::None);
/// let buf = stream.alloc_zeros::<f32>(64 * 64)?;
/// let (addr, _g) = cudarc::driver::DevicePtr::device_ptr(&buf, &stream);
/// let map = cutlet_cuda::encode_tiled(addr, &b, cutlet_cuda::TmaDataType::F32)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn encode_tiled(global: u64, b: &TmaBox, dtype: TmaDataType) -> Result<TmaDescriptor> {
    b.check()
        .map_err(|e| Error::Launch(format!("TMA box {b:?}: {e}")))?;
    if b.elem_bytes != dtype.bytes() {
        return Err(Error::Extent {
            what: format!("TMA box element bytes for {dtype:?}"),
            expected: dtype.bytes(),
            got: b.elem_bytes,
        });
    }
    check_tma_address("TMA global address", global)?;
    let dt = match dtype {
        TmaDataType::Bf16 => CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_BFLOAT16,
        TmaDataType::F16 => CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
        TmaDataType::F32 => CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_FLOAT32,
        TmaDataType::U8 => CUtensorMapDataType::CU_TENSOR_MAP_DATA_TYPE_UINT8,
    };
    let swizzle = match b.swizzle {
        TmaSwizzle::None => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_NONE,
        TmaSwizzle::B32 => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_32B,
        TmaSwizzle::B64 => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_64B,
        TmaSwizzle::B128 => CUtensorMapSwizzle::CU_TENSOR_MAP_SWIZZLE_128B,
    };
    let mut map = sys::CUtensorMap { opaque: [0; 16] };
    let ones = [1u32; 5];
    // SAFETY: every array holds at least `rank` entries (strides `rank - 1`), `map` is a
    // writable 128-byte aligned tensor map; the driver only reads `global`'s value.
    let r = unsafe {
        sys::cuTensorMapEncodeTiled(
            &mut map,
            dt,
            b.rank as u32,
            global as *mut _,
            b.global_dim.as_ptr(),
            b.global_stride.as_ptr(),
            b.box_dim.as_ptr(),
            ones.as_ptr(),
            CUtensorMapInterleave::CU_TENSOR_MAP_INTERLEAVE_NONE,
            swizzle,
            CUtensorMapL2promotion::CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            CUtensorMapFloatOOBfill::CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
        )
    };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(Error::Driver(format!(
            "cuTensorMapEncodeTiled failed ({r:?}) for {b:?} at {global:#x}"
        )));
    }
    Ok(TmaDescriptor(map.opaque))
}

/// CuTe's `make_tma_copy` on the host: the tensor map that copies the shared-memory tile
/// `smem` (swizzled by `swizzle`) to or from `tensor`, through its layout. The box
/// comes from the two layouts ([`make_tma_box`](cutlet_core::atom::make_tma_box)); a tile
/// the layouts cannot copy, or a misaligned buffer, is an error naming the values.
///
/// ```no_run
/// use cutlet_core::prelude::*;
/// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// let a = cutlet_cuda::DeviceTensor::<half::bf16, _>::zeros(&stream, layout!((300, 1000):(1024, 1)))?;
/// let tile = tile_to_shape(layout!((8, 64):(64, 1)), shape!((128, 64)));
/// let map = cutlet_cuda::make_tma_descriptor(&stream, &a, tile, Swizzle::<3, 3, 3>::new())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn make_tma_descriptor<T: TmaElement, L: Layout, Sw: SwizzleFn>(
    stream: &CudaStream,
    tensor: &DeviceTensor<T, L>,
    smem: impl Layout,
    swizzle: Sw,
) -> Result<TmaDescriptor> {
    let b = cutlet_core::atom::make_tma_box::<T, Sw>(tensor.layout(), smem, swizzle)
        .map_err(|e| Error::Launch(format!("TMA box of {}: {e}", tensor.layout())))?;
    let (addr, _g) = tensor.buf().device_ptr(stream);
    encode_tiled(addr, &b, T::DATA_TYPE)
}

/// Tensor maps in device memory, for a kernel parameter `*const TmaDescriptor` (CUTLASS
/// passes them as `__grid_constant__` parameters; cutlet's kernels read them from
/// global memory, 128-byte aligned, which a fresh allocation is).
///
/// ```no_run
/// # use cutlet_core::cuda::{TmaBox, TmaSwizzle};
/// # let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
/// # let buf = stream.alloc_zeros::<f32>(64 * 64)?;
/// # let (addr, _g) = cudarc::driver::DevicePtr::device_ptr(&buf, &stream);
/// let b = TmaBox::new(4, &[64, 64], &[256], &[32, 32], TmaSwizzle::None);
/// let map = cutlet_cuda::encode_tiled(addr, &b, cutlet_cuda::TmaDataType::F32)?;
/// let maps = cutlet_cuda::TmaDescriptors::new(&stream, &[map])?;
/// assert_eq!(maps.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TmaDescriptors {
    words: cudarc::driver::CudaSlice<u64>,
}

impl TmaDescriptors {
    /// Copies `maps` to the device.
    ///
    /// ```no_run
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// let maps = cutlet_cuda::TmaDescriptors::new(&stream, &[])?;
    /// assert!(maps.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(stream: &std::sync::Arc<CudaStream>, maps: &[TmaDescriptor]) -> Result<Self> {
        let words: Vec<u64> = maps.iter().flat_map(|d| d.0).collect();
        // One word at least: the driver refuses empty allocations.
        let words = if words.is_empty() {
            stream.alloc_zeros::<u64>(1)?
        } else {
            stream.clone_htod(&words)?
        };
        Ok(TmaDescriptors { words })
    }

    /// How many maps.
    ///
    /// ```no_run
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// assert_eq!(cutlet_cuda::TmaDescriptors::new(&stream, &[])?.len(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.words.len() / 16
    }

    /// No maps.
    ///
    /// ```no_run
    /// let stream = cudarc::driver::CudaContext::new(0)?.default_stream();
    /// assert!(cutlet_cuda::TmaDescriptors::new(&stream, &[])?.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<'a> crate::KernelArg<'a, *const TmaDescriptor> for &'a TmaDescriptors {
    type Value = sys::CUdeviceptr;
    fn bind(self, s: &'a CudaStream) -> (sys::CUdeviceptr, Option<cudarc::driver::SyncOnDrop<'a>>) {
        let (p, g) = self.words.device_ptr(s);
        (p, Some(g))
    }
}
