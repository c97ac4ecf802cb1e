//! The CPU's MMA atom: one vector register of `LANES` elements of C, updated by a fused
//! multiply-add of a vector of A and one broadcast value of B (`(LANES, 1, 1)` in CuTe's
//! `(M, N, K)` terms). The micro-kernel tiles it `(MR / LANES, NR)` times into the
//! register tile (`tiles::*::AccumVec`).
//!
//! One module per instruction set and element type, each with a vector type `V` and the
//! atom's operations. The x86 ones hold a `core::arch` register and are compiled with
//! the set's target features, so the register tile is vector registers by construction
//! rather than by the auto-vectorizer's choice (which spilled the AVX2 tile to the stack
//! and ran at 12% of peak). Moving lanes in and out of a register is a `bytemuck` cast
//! (safe: every bit pattern is a valid float); the arithmetic intrinsics are safe inside
//! functions compiled with their features. The baseline set uses plain arrays.

/// One x86 instruction set's vector of one element type: `$v` wraps `$raw`;
/// `$splat`, `$fma`, `$mul` and `$add` are the broadcast, the fused multiply-add, the
/// product and the sum; `$feat` the target features every function here is compiled with.
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
macro_rules! x86_vector {
    ($(#[$doc:meta])* $name:ident, $t:ty, $lanes:literal, $raw:ident, $feat:literal, $splat:ident, $fma:ident, $mul:ident, $add:ident) => {
        $(#[$doc])*
        pub(crate) mod $name {
            #[cfg(target_arch = "x86")]
            use core::arch::x86::{$add, $fma, $mul, $raw, $splat};
            #[cfg(target_arch = "x86_64")]
            use core::arch::x86_64::{$add, $fma, $mul, $raw, $splat};

            /// The element type.
            pub(crate) type T = $t;
            /// Elements per vector.
            pub(crate) const LANES: usize = $lanes;
            /// One vector register.
            #[derive(Clone, Copy)]
            pub(crate) struct V($raw);
            impl Default for V {
                #[inline(always)]
                fn default() -> V {
                    V(bytemuck::Zeroable::zeroed())
                }
            }
            /// The vector of `LANES` consecutive elements.
            #[target_feature(enable = $feat)]
            #[inline]
            pub(crate) fn load(s: &[T; LANES]) -> V {
                V(bytemuck::cast(*s))
            }
            /// `a * splat(b) + c`, rounded once per lane.
            #[target_feature(enable = $feat)]
            #[inline]
            pub(crate) fn fma(a: V, b: T, c: V) -> V {
                V($fma(a.0, $splat(b), c.0))
            }
            /// `a * splat(b)`.
            #[target_feature(enable = $feat)]
            #[inline]
            pub(crate) fn mul(a: V, b: T) -> V {
                V($mul(a.0, $splat(b)))
            }
            /// `a + b`.
            #[target_feature(enable = $feat)]
            #[inline]
            pub(crate) fn add(a: V, b: V) -> V {
                V($add(a.0, b.0))
            }
            /// The lanes, in order.
            #[target_feature(enable = $feat)]
            #[inline]
            pub(crate) fn lanes(v: V) -> [T; LANES] {
                bytemuck::cast(v.0)
            }
            /// Store the lanes into `LANES` consecutive elements.
            #[target_feature(enable = $feat)]
            #[inline]
            pub(crate) fn store(v: V, s: &mut [T; LANES]) {
                *s = bytemuck::cast(v.0);
            }
        }
    };
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
x86_vector!(
    /// f32 in a zmm register (AVX-512F).
    f32_avx512, f32, 16, __m512, "avx512f,avx2,fma", _mm512_set1_ps, _mm512_fmadd_ps, _mm512_mul_ps, _mm512_add_ps
);
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
x86_vector!(
    /// f32 in a ymm register (AVX2 with FMA).
    f32_avx2, f32, 8, __m256, "avx2,fma", _mm256_set1_ps, _mm256_fmadd_ps, _mm256_mul_ps, _mm256_add_ps
);
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
x86_vector!(
    /// f64 in a zmm register (AVX-512F).
    f64_avx512, f64, 8, __m512d, "avx512f,avx2,fma", _mm512_set1_pd, _mm512_fmadd_pd, _mm512_mul_pd, _mm512_add_pd
);
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
x86_vector!(
    /// f64 in a ymm register (AVX2 with FMA).
    f64_avx2, f64, 4, __m256d, "avx2,fma", _mm256_set1_pd, _mm256_fmadd_pd, _mm256_mul_pd, _mm256_add_pd
);

/// The baseline's vector: an array of `$lanes` elements, multiplied and added lane by
/// lane with the build target's multiply-add (SSE2 registers on x86-64).
macro_rules! array_vector {
    ($(#[$doc:meta])* $name:ident, $t:ty, $lanes:literal) => {
        $(#[$doc])*
        pub(crate) mod $name {
            /// The element type.
            pub(crate) type T = $t;
            /// Elements per vector.
            pub(crate) const LANES: usize = $lanes;
            /// One vector.
            #[derive(Clone, Copy, Default)]
            pub(crate) struct V([T; LANES]);
            /// The vector of `LANES` consecutive elements.
            #[inline(always)]
            pub(crate) fn load(s: &[T; LANES]) -> V {
                V(*s)
            }
            /// `a * splat(b) + c` lane by lane.
            #[inline(always)]
            pub(crate) fn fma(a: V, b: T, c: V) -> V {
                V(core::array::from_fn(|i| {
                    crate::kernel::unfused(a.0[i], b, c.0[i])
                }))
            }
            /// `a * splat(b)` lane by lane.
            #[inline(always)]
            pub(crate) fn mul(a: V, b: T) -> V {
                V(a.0.map(|x| x * b))
            }
            /// `a + b` lane by lane.
            #[inline(always)]
            pub(crate) fn add(a: V, b: V) -> V {
                V(core::array::from_fn(|i| a.0[i] + b.0[i]))
            }
            /// The lanes, in order.
            #[inline(always)]
            pub(crate) fn lanes(v: V) -> [T; LANES] {
                v.0
            }
            /// Store the lanes into `LANES` consecutive elements.
            #[inline(always)]
            pub(crate) fn store(v: V, s: &mut [T; LANES]) {
                *s = v.0;
            }
        }
    };
}
array_vector!(
    /// f32, four lanes.
    f32_base, f32, 4
);
array_vector!(
    /// f64, two lanes.
    f64_base, f64, 2
);
