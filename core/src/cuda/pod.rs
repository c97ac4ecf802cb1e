//! Plain device data: the element types whose every bit pattern is a value, so memory
//! that hardware fills with zeros (`cp.async` zfill, emulated `cudaMalloc`) or hands
//! over as raw bits (`ldmatrix`) holds values of them.

use super::{U64, U128};

mod sealed {
    pub trait Sealed {}
}

/// Plain data: `Copy`, and every bit pattern of its size (all-zero bytes included) is a
/// value. What device buffers, zero-filling copies and bit-moving instructions hold.
///
/// ```
/// fn zero<T: cutlet_core::cuda::DevicePod>() -> usize { core::mem::size_of::<T>() }
/// assert_eq!(zero::<half::bf16>(), 2);
/// ```
pub trait DevicePod: Copy + Send + Sync + 'static + sealed::Sealed {}
macro_rules! pods {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl DevicePod for $t {}
    )*};
}
pods!(
    u8,
    u16,
    u32,
    u64,
    usize,
    i8,
    i16,
    i32,
    i64,
    isize,
    f32,
    f64,
    half::f16,
    half::bf16,
    crate::float8::e4m3,
    crate::float8::e5m2,
    crate::tfloat32::tf32,
    U64,
    U128
);

/// The 8-bit floats and `tf32` as cudarc's device types (feature `cudarc`), so host tensors of
/// `cutlet-cuda` hold them as they hold `half`'s types.
#[cfg(feature = "cudarc")]
mod cudarc_repr {
    use crate::float8::{e4m3, e5m2};
    // SAFETY: one byte each (`#[repr(transparent)]` over `u8`), every bit pattern a value:
    // the driver copies them as the bytes they are, and the zero byte is `+0`.
    unsafe impl cudarc::driver::DeviceRepr for e4m3 {}
    // SAFETY: as above.
    unsafe impl cudarc::driver::ValidAsZeroBits for e4m3 {}
    // SAFETY: as above.
    unsafe impl cudarc::driver::DeviceRepr for e5m2 {}
    // SAFETY: as above.
    unsafe impl cudarc::driver::ValidAsZeroBits for e5m2 {}
    // SAFETY: four bytes (`#[repr(transparent)]` over `u32`), every bit pattern a value,
    // the zero bits `+0`.
    unsafe impl cudarc::driver::DeviceRepr for crate::tfloat32::tf32 {}
    // SAFETY: as above.
    unsafe impl cudarc::driver::ValidAsZeroBits for crate::tfloat32::tf32 {}
}
