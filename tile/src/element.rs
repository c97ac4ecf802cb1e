//! Tile element types: the scalar types a tile holds, conversions between them
//! (`astype`), the promotion rule of mixed-type arithmetic, and the per-element
//! arithmetic and math the tile operations apply.
//!
//! Promotion keeps the more informative type, as cuTile does: `bool` gives way to any
//! number, integers of one signedness to the wider one, a signed and an unsigned integer
//! to the signed type that holds both (`u8 + i8 = i16`; `u64` with a signed type has no
//! such type and does not compile), any integer to the float, `f16` and `bf16` to `f32`,
//! and floats to the wider float.

use half::{bf16, f16};

/// The scalar types a [`Tile`](super::Tile) holds: `bool`, `i8`..`i64`, `u8`..`u64`,
/// `f16`, `bf16` (from the `half` crate), `f32`, `f64`.
///
/// ```
/// use cutlet_tile::Element;
/// assert_eq!(<half::bf16 as Element>::NAME, "bfloat16");
/// ```
pub trait Element:
    Copy
    + Default
    + PartialEq
    + PartialOrd
    + core::fmt::Debug
    + core::fmt::Display
    + Send
    + Sync
    + 'static
{
    /// The type's name, as cuTile spells the dtype.
    const NAME: &'static str;
}

/// Conversion between element types, as C++'s `static_cast` (numbers to `bool` compare
/// with zero; floats to integers saturate, NaN becomes 0).
///
/// ```
/// use cutlet_tile::Cast;
/// assert_eq!(Cast::<i32>::cast(2.7f32), 2);
/// assert_eq!(Cast::<bool>::cast(0.5f64), true);
/// ```
pub trait Cast<U>: Element {
    /// The converted value.
    fn cast(self) -> U;
}

/// The element type of mixed-type arithmetic (see the module documentation).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::Promote;
/// let x: <i16 as Promote<i32>>::Output = 1i32;
/// let y: <u8 as Promote<i8>>::Output = 1i16;
/// let z: <half::f16 as Promote<half::bf16>>::Output = 1.0f32;
/// assert_eq!((x, y, z), (1, 1, 1.0));
/// ```
#[diagnostic::on_unimplemented(
    message = "tile element types `{Self}` and `{U}` have no common type",
    label = "no type holds every value of both",
    note = "convert one operand first with `astype::<T>()`"
)]
pub trait Promote<U: Element>: Element {
    /// The common type.
    type Output: Element;
}

macro_rules! promote {
    ($($a:ty, $b:ty => $c:ty);* $(;)?) => {$(
        impl Promote<$b> for $a {
            type Output = $c;
        }
    )*};
}
promote! {
    bool, bool => bool;
    bool, i8 => i8;
    bool, i16 => i16;
    bool, i32 => i32;
    bool, i64 => i64;
    bool, u8 => u8;
    bool, u16 => u16;
    bool, u32 => u32;
    bool, u64 => u64;
    bool, f16 => f16;
    bool, bf16 => bf16;
    bool, f32 => f32;
    bool, f64 => f64;
    i8, bool => i8;
    i8, i8 => i8;
    i8, i16 => i16;
    i8, i32 => i32;
    i8, i64 => i64;
    i8, u8 => i16;
    i8, u16 => i32;
    i8, u32 => i64;
    i8, f16 => f16;
    i8, bf16 => bf16;
    i8, f32 => f32;
    i8, f64 => f64;
    i16, bool => i16;
    i16, i8 => i16;
    i16, i16 => i16;
    i16, i32 => i32;
    i16, i64 => i64;
    i16, u8 => i16;
    i16, u16 => i32;
    i16, u32 => i64;
    i16, f16 => f16;
    i16, bf16 => bf16;
    i16, f32 => f32;
    i16, f64 => f64;
    i32, bool => i32;
    i32, i8 => i32;
    i32, i16 => i32;
    i32, i32 => i32;
    i32, i64 => i64;
    i32, u8 => i32;
    i32, u16 => i32;
    i32, u32 => i64;
    i32, f16 => f16;
    i32, bf16 => bf16;
    i32, f32 => f32;
    i32, f64 => f64;
    i64, bool => i64;
    i64, i8 => i64;
    i64, i16 => i64;
    i64, i32 => i64;
    i64, i64 => i64;
    i64, u8 => i64;
    i64, u16 => i64;
    i64, u32 => i64;
    i64, f16 => f16;
    i64, bf16 => bf16;
    i64, f32 => f32;
    i64, f64 => f64;
    u8, bool => u8;
    u8, i8 => i16;
    u8, i16 => i16;
    u8, i32 => i32;
    u8, i64 => i64;
    u8, u8 => u8;
    u8, u16 => u16;
    u8, u32 => u32;
    u8, u64 => u64;
    u8, f16 => f16;
    u8, bf16 => bf16;
    u8, f32 => f32;
    u8, f64 => f64;
    u16, bool => u16;
    u16, i8 => i32;
    u16, i16 => i32;
    u16, i32 => i32;
    u16, i64 => i64;
    u16, u8 => u16;
    u16, u16 => u16;
    u16, u32 => u32;
    u16, u64 => u64;
    u16, f16 => f16;
    u16, bf16 => bf16;
    u16, f32 => f32;
    u16, f64 => f64;
    u32, bool => u32;
    u32, i8 => i64;
    u32, i16 => i64;
    u32, i32 => i64;
    u32, i64 => i64;
    u32, u8 => u32;
    u32, u16 => u32;
    u32, u32 => u32;
    u32, u64 => u64;
    u32, f16 => f16;
    u32, bf16 => bf16;
    u32, f32 => f32;
    u32, f64 => f64;
    u64, bool => u64;
    u64, u8 => u64;
    u64, u16 => u64;
    u64, u32 => u64;
    u64, u64 => u64;
    u64, f16 => f16;
    u64, bf16 => bf16;
    u64, f32 => f32;
    u64, f64 => f64;
    f16, bool => f16;
    f16, i8 => f16;
    f16, i16 => f16;
    f16, i32 => f16;
    f16, i64 => f16;
    f16, u8 => f16;
    f16, u16 => f16;
    f16, u32 => f16;
    f16, u64 => f16;
    f16, f16 => f16;
    f16, bf16 => f32;
    f16, f32 => f32;
    f16, f64 => f64;
    bf16, bool => bf16;
    bf16, i8 => bf16;
    bf16, i16 => bf16;
    bf16, i32 => bf16;
    bf16, i64 => bf16;
    bf16, u8 => bf16;
    bf16, u16 => bf16;
    bf16, u32 => bf16;
    bf16, u64 => bf16;
    bf16, f16 => f32;
    bf16, bf16 => bf16;
    bf16, f32 => f32;
    bf16, f64 => f64;
    f32, bool => f32;
    f32, i8 => f32;
    f32, i16 => f32;
    f32, i32 => f32;
    f32, i64 => f32;
    f32, u8 => f32;
    f32, u16 => f32;
    f32, u32 => f32;
    f32, u64 => f32;
    f32, f16 => f32;
    f32, bf16 => f32;
    f32, f32 => f32;
    f32, f64 => f64;
    f64, bool => f64;
    f64, i8 => f64;
    f64, i16 => f64;
    f64, i32 => f64;
    f64, i64 => f64;
    f64, u8 => f64;
    f64, u16 => f64;
    f64, u32 => f64;
    f64, u64 => f64;
    f64, f16 => f64;
    f64, bf16 => f64;
    f64, f32 => f64;
    f64, f64 => f64;
}

macro_rules! element {
    ($($t:ty => $name:literal),*) => {$(
        impl Element for $t {
            const NAME: &'static str = $name;
        }
    )*};
}
element!(bool => "bool", i8 => "int8", i16 => "int16", i32 => "int32", i64 => "int64",
    u8 => "uint8", u16 => "uint16", u32 => "uint32", u64 => "uint64",
    f16 => "float16", bf16 => "bfloat16", f32 => "float32", f64 => "float64");

// Casts: numbers among themselves with `as`; `bool` through `u8`; the half types through
// `f32` (which holds every `f16` and `bf16` value exactly) or `f64`.
macro_rules! cast_prim {
    ($($from:ty),*) => {$(
        cast_prim!(@to $from; i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);
        impl Cast<bool> for $from {
            #[inline(always)]
            fn cast(self) -> bool { self != 0 as $from }
        }
        impl Cast<f16> for $from {
            #[inline(always)]
            fn cast(self) -> f16 { f16::from_f64(self as f64) }
        }
        impl Cast<bf16> for $from {
            #[inline(always)]
            fn cast(self) -> bf16 { bf16::from_f64(self as f64) }
        }
    )*};
    (@to $from:ty; $($to:ty),*) => {$(
        impl Cast<$to> for $from {
            #[inline(always)]
            fn cast(self) -> $to { self as $to }
        }
    )*};
}
cast_prim!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);

macro_rules! cast_bool {
    ($($to:ty),*) => {$(
        impl Cast<$to> for bool {
            #[inline(always)]
            fn cast(self) -> $to { self as u8 as $to }
        }
    )*};
}
cast_bool!(i8, i16, i32, i64, u8, u16, u32, u64, f32, f64);
impl Cast<bool> for bool {
    #[inline(always)]
    fn cast(self) -> bool {
        self
    }
}
impl Cast<f16> for bool {
    #[inline(always)]
    fn cast(self) -> f16 {
        if self { f16::ONE } else { f16::ZERO }
    }
}
impl Cast<bf16> for bool {
    #[inline(always)]
    fn cast(self) -> bf16 {
        if self { bf16::ONE } else { bf16::ZERO }
    }
}

macro_rules! cast_half {
    ($($h:ty),*) => {$(
        cast_half!(@to $h; i8, i16, i32, i64, u8, u16, u32, u64, f32);
        impl Cast<f64> for $h {
            #[inline(always)]
            fn cast(self) -> f64 { self.to_f64() }
        }
        impl Cast<bool> for $h {
            #[inline(always)]
            fn cast(self) -> bool { self != <$h>::ZERO }
        }
        impl Cast<f16> for $h {
            #[inline(always)]
            fn cast(self) -> f16 { f16::from_f32(self.to_f32()) }
        }
        impl Cast<bf16> for $h {
            #[inline(always)]
            fn cast(self) -> bf16 { bf16::from_f32(self.to_f32()) }
        }
    )*};
    (@to $h:ty; $($to:ty),*) => {$(
        impl Cast<$to> for $h {
            #[inline(always)]
            fn cast(self) -> $to { self.to_f32() as $to }
        }
    )*};
}
cast_half!(f16, bf16);
