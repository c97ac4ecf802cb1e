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
    U64,
    U128
);
