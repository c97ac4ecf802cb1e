//! Vector element types: what one 32/64/128-bit load or store moves (CuTe's
//! `uint32_t`/`uint64_t`/`uint128_t` copy units).

/// 128 bits, 16-byte aligned: a tensor of `U128` loads and stores with one
/// `ld.global.v4.u32`/`st.global.v4.u32` per element (CuTe's `uint128_t`).
///
/// ```
/// use cutlet::cuda::U128;
/// assert_eq!(core::mem::align_of::<U128>(), 16);
/// assert_eq!(U128([1, 2, 3, 4]).0[3], 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct U128(pub [u32; 4]);

/// 64 bits, 8-byte aligned (CuTe's `uint64_t` copy unit).
///
/// ```
/// use cutlet::cuda::U64;
/// assert_eq!(core::mem::size_of::<U64>(), 8);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(8))]
pub struct U64(pub [u32; 2]);
