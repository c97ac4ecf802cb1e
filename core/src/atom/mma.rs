//! MMA atoms (CuTe's `MMA_Traits<Op>`): the static description of one matrix
//! instruction: its `(M, N, K)` shape, its threads, and the thread-value layouts of A,
//! B and C. Every layout is a zero-sized type, so the fragment sizes of a tiling are
//! compile-time constants.

pub use crate::arch::*;
use crate::int::{_0, _1, _2, _4, _8, _16, _32, _64, _128, _512, Leaf, LeafOps};
use crate::layout::{Layout, StridedLayout};
use crate::tuple::IntTuple;
use core::marker::PhantomData;

/// CuTe's `MMA_Traits<Op>`: what an MMA instruction computes and which thread holds
/// which element.
///
/// `ALayout` maps `(thread, value)` to a column-major index of the atom's `(M, K)` tile
/// of A, `BLayout` of the `(N, K)` tile of B and `CLayout` of the `(M, N)` tile of C.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// type Op = SM80_16x8x16_F32F16F16F32_TN;
/// assert_eq!(<Op as MmaTraits>::CLayout::conjure().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// assert_eq!(size(get::<1, _>(<Op as MmaTraits>::ALayout::conjure())).to_string(), "_8");
/// ```
pub trait MmaTraits: Copy + Default + core::fmt::Debug + 'static {
    /// CuTe's `ValTypeD`.
    type ValTypeD: Copy + Default + 'static;
    /// CuTe's `ValTypeA`.
    type ValTypeA: Copy + Default + 'static;
    /// CuTe's `ValTypeB`.
    type ValTypeB: Copy + Default + 'static;
    /// CuTe's `ValTypeC`.
    type ValTypeC: Copy + Default + 'static;
    /// CuTe's `Shape_MNK`.
    type ShapeMNK: IntTuple;
    /// CuTe's `ThrID`: logical thread id to thread index.
    type ThrID: Layout;
    /// CuTe's `ALayout`: `(thread, value) -> (m, k)`.
    type ALayout: Layout;
    /// CuTe's `BLayout`: `(thread, value) -> (n, k)`.
    type BLayout: Layout;
    /// CuTe's `CLayout`: `(thread, value) -> (m, n)`.
    type CLayout: Layout;
}

/// CuTe's `UniversalFMA<D, A, B, C>`: one thread, one fused multiply-add `d = a * b + c`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// type F = UniversalFMA<f32, f32, f32, f32>;
/// assert_eq!(<F as MmaTraits>::ALayout::conjure().to_string(), "(_1,_1):(_0,_0)");
/// ```
pub struct UniversalFMA<D, A, B, C>(PhantomData<(D, A, B, C)>);
impl<D, A, B, C> Clone for UniversalFMA<D, A, B, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D, A, B, C> Copy for UniversalFMA<D, A, B, C> {}
impl<D, A, B, C> Default for UniversalFMA<D, A, B, C> {
    fn default() -> Self {
        UniversalFMA(PhantomData)
    }
}
impl<D, A, B, C> core::fmt::Debug for UniversalFMA<D, A, B, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("UniversalFMA")
    }
}
impl<D, A, B, C> MmaTraits for UniversalFMA<D, A, B, C>
where
    D: Copy + Default + 'static,
    A: Copy + Default + 'static,
    B: Copy + Default + 'static,
    C: Copy + Default + 'static,
{
    type ValTypeD = D;
    type ValTypeA = A;
    type ValTypeB = B;
    type ValTypeC = C;
    type ShapeMNK = crate::shape_t!((1, 1, 1));
    type ThrID = crate::layout_t!(1:0);
    type ALayout = crate::layout_t!((1,1):(0,0));
    type BLayout = crate::layout_t!((1,1):(0,0));
    type CLayout = crate::layout_t!((1,1):(0,0));
}

/// SM80's `(T32,V4) -> (M16,N8)` layout of C (and of A for `k = 8`).
type Sm80_16x8_Row = crate::layout_t!(((4,8),(2,2)):((32,1),(16,8)));
/// SM80's `(T32,V2) -> (M8,N8)` layout.
type Sm80_8x8_Row = crate::layout_t!(((4,8),2):((16,1),8));
type Sm80_16x16_A = crate::layout_t!(((4,8),(2,2,2)):((32,1),(16,8,128)));
type Sm80_8x16_B = crate::layout_t!(((4,8),(2,2)):((16,1),(8,64)));

/// CuTe's `MMA_Traits` of one warp-level instruction of [`crate::arch`].
macro_rules! mma_atom {
    ($(#[$m:meta])* $name:ident, $d:ty, $a:ty, $b:ty, $c:ty, ($mm:literal, $nn:literal, $kk:literal), $al:ty, $bl:ty, $cl:ty) => {
        $(#[$m])*
        impl MmaTraits for $name {
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $c;
            type ShapeMNK = crate::shape_t!(($mm, $nn, $kk));
            type ThrID = crate::layout_t!(32:1);
            type ALayout = $al;
            type BLayout = $bl;
            type CLayout = $cl;
        }
    };
}
mma_atom!(
    /// CuTe's `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.m16n8k16` with f16 inputs and
    /// f32 accumulators.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// type Op = SM80_16x8x16_F32F16F16F32_TN;
    /// assert_eq!(<Op as MmaTraits>::BLayout::conjure().to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
    /// ```
    SM80_16x8x16_F32F16F16F32_TN, f32, half::f16, half::f16, f32, (16, 8, 16), Sm80_16x16_A, Sm80_8x16_B, Sm80_16x8_Row
);
mma_atom!(
    /// CuTe's `SM80_16x8x16_F32BF16BF16F32_TN`: as the f16 atom, with bf16 inputs.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(Cute(<SM80_16x8x16_F32BF16BF16F32_TN as MmaTraits>::ShapeMNK::conjure()).to_string(), "(_16,_8,_16)");
    /// ```
    SM80_16x8x16_F32BF16BF16F32_TN, f32, half::bf16, half::bf16, f32, (16, 8, 16), Sm80_16x16_A, Sm80_8x16_B, Sm80_16x8_Row
);
mma_atom!(
    /// CuTe's `SM80_16x8x16_F16F16F16F16_TN`: f16 inputs and f16 accumulators.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM80_16x8x16_F16F16F16F16_TN as MmaTraits>::CLayout::conjure().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
    /// ```
    SM80_16x8x16_F16F16F16F16_TN, half::f16, half::f16, half::f16, half::f16, (16, 8, 16), Sm80_16x16_A, Sm80_8x16_B, Sm80_16x8_Row
);
mma_atom!(
    /// CuTe's `SM80_16x8x8_F32F16F16F32_TN`: `mma.sync.m16n8k8` with f16 inputs and f32
    /// accumulators.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM80_16x8x8_F32F16F16F32_TN as MmaTraits>::BLayout::conjure().to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM80_16x8x8_F32F16F16F32_TN, f32, half::f16, half::f16, f32, (16, 8, 8), Sm80_16x8_Row, Sm80_8x8_Row, Sm80_16x8_Row
);
mma_atom!(
    /// CuTe's `SM80_16x8x8_F32TF32TF32F32_TN`: `mma.sync.m16n8k8` on tf32 inputs (stored
    /// as the `f32` whose low 13 mantissa bits the hardware ignores), f32 accumulators.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM80_16x8x8_F32TF32TF32F32_TN as MmaTraits>::ALayout::conjure().to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
    /// ```
    SM80_16x8x8_F32TF32TF32F32_TN, f32, f32, f32, f32, (16, 8, 8),
    crate::layout_t!(((4,8),(2,2)):((16,1),(8,64))), crate::layout_t!(((4,8),2):((8,1),32)), Sm80_16x8_Row
);
mma_atom!(
    /// CuTe's `SM80_8x8x4_F64F64F64F64_TN`: `mma.sync.m8n8k4` in f64.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM80_8x8x4_F64F64F64F64_TN as MmaTraits>::CLayout::conjure().to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM80_8x8x4_F64F64F64F64_TN, f64, f64, f64, f64, (8, 8, 4),
    crate::layout_t!(((4,8),1):((8,1),0)), crate::layout_t!(((4,8),1):((8,1),0)), Sm80_8x8_Row
);
mma_atom!(
    /// CuTe's `SM80_16x8x32_S32S8S8S32_TN`: `mma.sync.m16n8k32` on s8 inputs with s32
    /// accumulators.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM80_16x8x32_S32S8S8S32_TN as MmaTraits>::BLayout::conjure().to_string(), "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))");
    /// ```
    SM80_16x8x32_S32S8S8S32_TN, i32, i8, i8, i32, (16, 8, 32),
    crate::layout_t!(((4,8),(4,2,2)):((64,1),(16,8,256))), crate::layout_t!(((4,8),(4,2)):((32,1),(8,128))), Sm80_16x8_Row
);

/// The layouts of a kind of warpgroup MMA that do not depend on N: its K and how A's
/// values lie (CuTe's `ALayout`: the whole `(64, K)` tile for every thread where A is in
/// shared memory; a register fragment, `ALayout_64xK`, where it is in registers).
pub trait GmmaKindTraits: gmma::Kind {
    /// The instruction's K.
    type K: Leaf;
    /// CuTe's `ALayout`: `(thread, value) -> (m, k)`.
    type ALayout: Layout;
}

/// The shared-memory operand's `ALayout`: every thread sees the whole tile.
type GmmaSmemA<K> = StridedLayout<(_128, (_64, K)), (_0, (_1, _64))>;

macro_rules! gmma_kind_traits {
    ($($kind:ident: $k:ty, $a:ty;)*) => {$(
        impl GmmaKindTraits for gmma::$kind {
            type K = $k;
            type ALayout = $a;
        }
    )*};
}
gmma_kind_traits! {
    F32F16F16Ss: _16, GmmaSmemA<_16>;
    F32Bf16Bf16Ss: _16, GmmaSmemA<_16>;
    F16F16F16Ss: _16, GmmaSmemA<_16>;
    F32Tf32Tf32SsTn: _8, GmmaSmemA<_8>;
    F32F16F16Rs: _16, crate::layout_t!(((4,8,4),(2,2,2)):((128,1,16),(64,8,512)));
    F32Bf16Bf16Rs: _16, crate::layout_t!(((4,8,4),(2,2,2)):((128,1,16),(64,8,512)));
    F16F16F16Rs: _16, crate::layout_t!(((4,8,4),(2,2,2)):((128,1,16),(64,8,512)));
    F32Tf32Tf32RsTn: _8, crate::layout_t!(((4,8,4),(2,2)):((64,1,16),(8,256)));
    F32E4M3E4M3SsTn: _32, GmmaSmemA<_32>;
    F32E4M3E5M2SsTn: _32, GmmaSmemA<_32>;
    F32E5M2E4M3SsTn: _32, GmmaSmemA<_32>;
    F32E5M2E5M2SsTn: _32, GmmaSmemA<_32>;
    F16E4M3E4M3SsTn: _32, GmmaSmemA<_32>;
    F16E4M3E5M2SsTn: _32, GmmaSmemA<_32>;
    F16E5M2E4M3SsTn: _32, GmmaSmemA<_32>;
    F16E5M2E5M2SsTn: _32, GmmaSmemA<_32>;
    F32E4M3E4M3RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F32E4M3E5M2RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F32E5M2E4M3RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F32E5M2E5M2RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F16E4M3E4M3RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F16E4M3E5M2RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F16E5M2E4M3RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
    F16E5M2E5M2RsTn: _32, crate::layout_t!(((4,8,4),(4,2,2)):((256,1,16),(64,8,1024)));
}

/// CuTe's `MMA_Traits` of every SM90 warpgroup MMA (`mma_traits_sm90_gmma.hpp`): 128
/// threads, the `(64, N, K)` tile, B in shared memory (every thread sees it whole) and the
/// accumulators as CuTe's `CLayout_64xN`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// type Op = SM90_64x96x16_F32BF16BF16_SS<gmma::MN, gmma::K>;
/// assert_eq!(<Op as MmaTraits>::CLayout::conjure().to_string(), "((_4,_8,_4),(_2,_2,_12)):((_128,_1,_16),(_64,_8,_512))");
/// assert_eq!(<Op as MmaTraits>::BLayout::conjure().to_string(), "(_128,(_96,_16)):(_0,(_1,_96))");
/// type Rs = SM90_64x64x16_F32BF16BF16_RS;
/// assert_eq!(<Rs as MmaTraits>::ALayout::conjure().to_string(), "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))");
/// ```
impl<N: Leaf, T: GmmaKindTraits, A: gmma::Major, B: gmma::Major> MmaTraits for Gmma<N, T, A, B> {
    type ValTypeD = T::C;
    type ValTypeA = T::A;
    type ValTypeB = T::B;
    type ValTypeC = T::C;
    type ShapeMNK = (_64, N, T::K);
    type ThrID = crate::layout_t!(128:1);
    type ALayout = T::ALayout;
    type BLayout = StridedLayout<(_128, (N, T::K)), (_0, (_1, N))>;
    type CLayout = StridedLayout<
        ((_4, _8, _4), (_2, _2, <N as LeafOps>::Div<_8>)),
        ((_128, _1, _16), (_64, _8, _512)),
    >;
}

/// CuTe's `MMA_Atom::call` where it runs on any processor: `c = a b + c` on one
/// thread's values of one atom, each in the atom's value order (mode 1 of `ALayout`,
/// `BLayout`, `CLayout`). The tensor-core atoms run in the device layer.
///
/// ```
/// use cutlet_core::atom::*;
/// let mut c = [1.0f32];
/// UniversalFMA::<f32, f32, f32, f32>::call(&[2.0], &[3.0], &mut c);
/// assert_eq!(c, [7.0]);
/// ```
pub trait MmaCall: MmaTraits {
    /// `c = a b + c`.
    fn call(a: &[Self::ValTypeA], b: &[Self::ValTypeB], c: &mut [Self::ValTypeC]);
}
impl<T: ScalarFma> MmaCall for UniversalFMA<T, T, T, T> {
    #[inline(always)]
    fn call(a: &[T], b: &[T], c: &mut [T]) {
        c[0] = T::fma(a[0], b[0], c[0]);
    }
}

/// The SM80 16-bit tensor-core atoms run their instruction ([`crate::cuda::mma`]): the
/// values are packed two to a register, the first in the low half, as `mma.sync` takes
/// them.
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
macro_rules! mma_call_16bit {
    ($($op:ident: $t:ty, $na:tt, $nb:tt;)*) => {$(
        impl MmaCall for $op {
            #[inline(always)]
            #[track_caller]
            fn call(a: &[$t], b: &[$t], c: &mut [f32]) {
                // Unrolled by hand (no `array::from_fn` or `copy_from_slice`): a loop
                // or a call left in a kernel's main loop costs LLVM time and registers.
                let pack = |lo: $t, hi: $t| u32::from(lo.to_bits()) | (u32::from(hi.to_bits()) << 16);
                let (mut ra, mut rb) = ([0u32; $na], [0u32; $nb]);
                crate::unroll!(for i in 0..$na {
                    ra[i] = pack(a[2 * i], a[2 * i + 1]);
                });
                crate::unroll!(for i in 0..$nb {
                    rb[i] = pack(b[2 * i], b[2 * i + 1]);
                });
                let d = Self::mma(ra, rb, [c[0], c[1], c[2], c[3]]);
                [c[0], c[1], c[2], c[3]] = d;
            }
        }
    )*};
}
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
mma_call_16bit! {
    SM80_16x8x16_F32F16F16F32_TN: half::f16, 4, 2;
    SM80_16x8x16_F32BF16BF16F32_TN: half::bf16, 4, 2;
    SM80_16x8x8_F32F16F16F32_TN: half::f16, 2, 1;
}

/// CuTe's scalar `fma(d, a, b, c)` behind [`UniversalFMA`]: `a * b + c`, rounded as
/// the compiler rounds CuTe's expression on the target. On the GPU nvcc contracts it
/// to one `fma.rn.f32`, and so does cutlet; on a CPU it is fused only where the build
/// targets FMA (g++ contracts it there and not on baseline x86-64, where Rust's
/// `mul_add` would be a call into libm).
///
/// ```
/// use cutlet_core::atom::ScalarFma;
/// assert_eq!(<f32 as ScalarFma>::fma(2.0, 3.0, 1.0), 7.0);
/// assert_eq!(<i32 as ScalarFma>::fma(2, 3, 1), 7);
/// ```
pub trait ScalarFma: Copy + Default + 'static {
    /// `a * b + c`.
    fn fma(a: Self, b: Self, c: Self) -> Self;
}
impl ScalarFma for f32 {
    #[inline(always)]
    fn fma(a: f32, b: f32, c: f32) -> f32 {
        #[cfg(any(target_arch = "nvptx64", all(feature = "std", target_feature = "fma")))]
        return crate::cuda::fma(a, b, c);
        #[cfg(not(any(target_arch = "nvptx64", all(feature = "std", target_feature = "fma"))))]
        return a * b + c;
    }
}
macro_rules! scalar_fma {
    ($($t:ty),*) => {$(
        impl ScalarFma for $t {
            #[inline(always)]
            fn fma(a: $t, b: $t, c: $t) -> $t {
                a * b + c
            }
        }
    )*};
}
scalar_fma!(f64, i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::ScalarFma;

    /// `a a + c` with one rounding where the target fuses, two elsewhere: `a a = 1 +
    /// 2^-11 + 2^-24` exactly, which rounds to `1 + 2^-11` on its own, so only a fused
    /// multiply-add leaves `2^-24`.
    #[test]
    fn f32_fma_rounds_as_the_target_contracts() {
        let a = 1.0 + 2f32.powi(-12);
        let c = -(1.0 + 2f32.powi(-11));
        let fused = if cfg!(target_feature = "fma") {
            2f32.powi(-24)
        } else {
            0.0
        };
        assert_eq!(<f32 as ScalarFma>::fma(a, a, c), fused);
    }
}
