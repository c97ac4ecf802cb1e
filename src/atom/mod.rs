//! CuTe's MMA atom traits (`cute/atom/mma_traits*.hpp`) as static types: for each
//! instruction, the logical shape `(M, N, K)`, the thread ids it involves, and the
//! thread-value layouts that say which `(thread, value)` holds which element of A, B
//! and C. Every layout here is a zero-sized type, so a thread's fragment sizes are
//! constants (usable in `no_std` device code).
//!
//! This is the static layer of CuTe's atoms; tiling them over threads
//! (`make_tiled_mma`) is built on it.
#![allow(non_camel_case_types)]

use crate::layout::{GetOp, ModeOp, SizeT};

mod gemm;
mod tiled;
use core::marker::PhantomData;
#[doc(hidden)]
pub use gemm::{AtomValues, Extents3, FragIndex, FragIndexMut};
pub use gemm::{HasMmaOp, MmaOp, MulAdd, gemm_with};
#[doc(hidden)]
pub use tiled::{
    AccFragment, AccFragmentT, FragmentT, IsizeList, IsizeListImpl, PermMode, RestUnder,
    ThrFragment, ThrSlice, ThrfrgA, ThrfrgAT, ThrfrgB, ThrfrgBT, ThrfrgC, ThrfrgCT, TiledMmaSpec,
};
pub use tiled::{
    FragmentAT, FragmentBT, FragmentCT, LayoutATvT, LayoutBTvT, LayoutCTvT, PartitionAT,
    PartitionBT, PartitionCT, ThrMma, TiledMma, make_tiled_mma, make_tiled_mma_permuted,
};

/// CuTe's `MMA_Traits<Op>`: the static description of an MMA instruction.
///
/// `ALayout` maps `(thread, value)` to `(m, k)` of the atom's A tile, `BLayout` to
/// `(n, k)`, `CLayout` to `(m, n)` (each as a column-major index into the tile).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// type Op = SM80_16x8x16_F32F16F16F32_TN;
/// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// // each of the 32 threads holds 8 values of A, 4 of B and 4 of C
/// const A: isize = <ValuesA<Op> as StaticValue>::VALUE;
/// const C: isize = <ValuesC<Op> as StaticValue>::VALUE;
/// assert_eq!((A, C), (8, 4));
/// ```
pub trait MmaTraits: Copy + Default {
    /// CuTe's `ValTypeD`.
    type ValTypeD: Copy;
    /// CuTe's `ValTypeA`.
    type ValTypeA: Copy;
    /// CuTe's `ValTypeB`.
    type ValTypeB: Copy;
    /// CuTe's `ValTypeC`.
    type ValTypeC: Copy;
    /// CuTe's `Shape_MNK`.
    type ShapeMNK: Copy + Default;
    /// CuTe's `ThrID`: logical thread id to thread index.
    type ThrID: Copy + Default;
    /// CuTe's `ALayout`: `(thread, value) -> (m, k)`.
    type ALayout: Copy + Default;
    /// CuTe's `BLayout`: `(thread, value) -> (n, k)`.
    type BLayout: Copy + Default;
    /// CuTe's `CLayout`: `(thread, value) -> (m, n)`.
    type CLayout: Copy + Default;
}

/// The number of values of A each thread holds for one atom (size of mode 1 of
/// `ALayout`), a static integer.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// assert_eq!(<ValuesA<UniversalFMA<f32, f32, f32, f32>> as StaticValue>::VALUE, 1);
/// ```
pub type ValuesA<Op> = SizeT<<<Op as MmaTraits>::ALayout as ModeOp<GetOp<typenum::U1>>>::Output>;
/// The number of values of B each thread holds for one atom.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// assert_eq!(<ValuesB<SM80_16x8x16_F32BF16BF16F32_TN> as StaticValue>::VALUE, 4);
/// ```
pub type ValuesB<Op> = SizeT<<<Op as MmaTraits>::BLayout as ModeOp<GetOp<typenum::U1>>>::Output>;
/// The number of values of C each thread holds for one atom.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// assert_eq!(<ValuesC<SM80_16x8x8_F32F16F16F32_TN> as StaticValue>::VALUE, 4);
/// ```
pub type ValuesC<Op> = SizeT<<<Op as MmaTraits>::CLayout as ModeOp<GetOp<typenum::U1>>>::Output>;
/// The number of threads of one atom (size of `ThrID`).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// assert_eq!(<Threads<SM80_16x8x16_F32F16F16F32_TN> as StaticValue>::VALUE, 32);
/// ```
pub type Threads<Op> = SizeT<<Op as MmaTraits>::ThrID>;

/// CuTe's `UniversalFMA<D, A, B, C>`: one thread, one fused multiply-add `d = a * b + c`.
///
/// ```
/// use cutlet::atom::*;
/// type F = UniversalFMA<f32, f32, f32, f32>;
/// assert_eq!(<F as MmaTraits>::ShapeMNK::default(), (cutlet::int::_1::new(), cutlet::int::_1::new(), cutlet::int::_1::new()));
/// assert_eq!(<F as MmaTraits>::ALayout::default().to_string(), "(_1,_1):(_0,_0)");
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
impl<D: Copy, A: Copy, B: Copy, C: Copy> MmaTraits for UniversalFMA<D, A, B, C> {
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

macro_rules! sm80_op {
    ($(#[$m:meta])* $name:ident, $d:ty, $a:ty, $b:ty, $c:ty, $mnk:ty, $al:ty, $bl:ty) => {
        sm80_op!($(#[$m])* $name, $d, $a, $b, $c, $mnk, $al, $bl, Sm80_16x8_Row);
    };
    ($(#[$m:meta])* $name:ident, $d:ty, $a:ty, $b:ty, $c:ty, $mnk:ty, $al:ty, $bl:ty, $cl:ty) => {
        $(#[$m])*
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $name;
        impl MmaTraits for $name {
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $c;
            type ShapeMNK = $mnk;
            type ThrID = crate::layout_t!(32:1);
            type ALayout = $al;
            type BLayout = $bl;
            type CLayout = $cl;
        }
    };
}
type Sm80_16x16_A = crate::layout_t!(((4,8),(2,2,2)):((32,1),(16,8,128)));
type Sm80_8x16_B = crate::layout_t!(((4,8),(2,2)):((16,1),(8,64)));
sm80_op!(
    /// CuTe's `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.m16n8k16` with f16 inputs and f32
    /// accumulators.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM80_16x8x16_F32F16F16F32_TN;
    /// assert_eq!(<Op as MmaTraits>::ALayout::default().to_string(), "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))");
    /// assert_eq!(<Op as MmaTraits>::BLayout::default().to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
    /// ```
    SM80_16x8x16_F32F16F16F32_TN, f32, half::f16, half::f16, f32, crate::shape_t!((16, 8, 16)), Sm80_16x16_A, Sm80_8x16_B
);
sm80_op!(
    /// CuTe's `SM80_16x8x16_F32BF16BF16F32_TN`: as the f16 atom, with bf16 inputs.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// assert_eq!(<SM80_16x8x16_F32BF16BF16F32_TN as MmaTraits>::ShapeMNK::default(), cutlet::shape!((16, 8, 16)));
    /// ```
    SM80_16x8x16_F32BF16BF16F32_TN, f32, half::bf16, half::bf16, f32, crate::shape_t!((16, 8, 16)), Sm80_16x16_A, Sm80_8x16_B
);
sm80_op!(
    /// CuTe's `SM80_16x8x16_F16F16F16F16_TN`: f16 inputs and f16 accumulators.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// assert_eq!(<SM80_16x8x16_F16F16F16F16_TN as MmaTraits>::CLayout::default().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
    /// ```
    SM80_16x8x16_F16F16F16F16_TN, half::f16, half::f16, half::f16, half::f16, crate::shape_t!((16, 8, 16)), Sm80_16x16_A, Sm80_8x16_B
);
sm80_op!(
    /// CuTe's `SM80_16x8x8_F32F16F16F32_TN`: `mma.sync.m16n8k8` with f16 inputs and f32
    /// accumulators.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// assert_eq!(<SM80_16x8x8_F32F16F16F32_TN as MmaTraits>::BLayout::default().to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM80_16x8x8_F32F16F16F32_TN, f32, half::f16, half::f16, f32, crate::shape_t!((16, 8, 8)), Sm80_16x8_Row, Sm80_8x8_Row
);
sm80_op!(
    /// CuTe's `SM80_16x8x8_F32TF32TF32F32_TN`: `mma.sync.m16n8k8` on tf32 inputs (CuTe's
    /// `tfloat32_t`, stored here as the `f32` whose low 13 mantissa bits the hardware
    /// ignores) with f32 accumulators.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// assert_eq!(<SM80_16x8x8_F32TF32TF32F32_TN as MmaTraits>::ALayout::default().to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))");
    /// ```
    SM80_16x8x8_F32TF32TF32F32_TN, f32, f32, f32, f32, crate::shape_t!((16, 8, 8)),
    crate::layout_t!(((4,8),(2,2)):((16,1),(8,64))), crate::layout_t!(((4,8),2):((8,1),32))
);
sm80_op!(
    /// CuTe's `SM80_8x8x4_F64F64F64F64_TN`: `mma.sync.m8n8k4` in f64.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// assert_eq!(<SM80_8x8x4_F64F64F64F64_TN as MmaTraits>::CLayout::default().to_string(), "((_4,_8),_2):((_16,_1),_8)");
    /// ```
    SM80_8x8x4_F64F64F64F64_TN, f64, f64, f64, f64, crate::shape_t!((8, 8, 4)),
    crate::layout_t!(((4,8),1):((8,1),0)), crate::layout_t!(((4,8),1):((8,1),0)), Sm80_8x8_Row
);
sm80_op!(
    /// CuTe's `SM80_16x8x32_S32S8S8S32_TN`: `mma.sync.m16n8k32` on s8 inputs with s32
    /// accumulators.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// assert_eq!(<SM80_16x8x32_S32S8S8S32_TN as MmaTraits>::BLayout::default().to_string(), "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))");
    /// ```
    SM80_16x8x32_S32S8S8S32_TN, i32, i8, i8, i32, crate::shape_t!((16, 8, 32)),
    crate::layout_t!(((4,8),(4,2,2)):((64,1),(16,8,256))), crate::layout_t!(((4,8),(4,2)):((32,1),(8,128)))
);

/// GMMA operand majors (CuTe's `GMMA::Major`), the type parameters of the SM90 atoms.
pub mod gmma {
    /// CuTe's `GMMA::Major::K`: the operand is K-major in shared memory.
    ///
    /// ```
    /// let _ = cutlet::atom::gmma::K;
    /// ```
    #[derive(Clone, Copy, Default, Debug)]
    pub struct K;
    /// CuTe's `GMMA::Major::MN`: the operand is M- (or N-) major in shared memory.
    ///
    /// ```
    /// let _ = cutlet::atom::gmma::MN;
    /// ```
    #[derive(Clone, Copy, Default, Debug)]
    pub struct MN;
    /// An operand major.
    ///
    /// ```
    /// fn name<M: cutlet::atom::gmma::Major>() -> &'static str { M::NAME }
    /// assert_eq!(name::<cutlet::atom::gmma::K>(), "K");
    /// ```
    pub trait Major: Copy + Default {
        /// CuTe's spelling.
        const NAME: &'static str;
    }
    impl Major for K {
        const NAME: &'static str = "K";
    }
    impl Major for MN {
        const NAME: &'static str = "MN";
    }
}

macro_rules! gmma_op {
    ($(#[$m:meta])* $name:ident, $ab:ty, $mnk:ty, $bl:ty, $cl:ty) => {
        $(#[$m])*
        #[derive(Debug)]
        pub struct $name<A = gmma::K, B = gmma::K>(PhantomData<(A, B)>);
        impl<A, B> Clone for $name<A, B> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A, B> Copy for $name<A, B> {}
        impl<A, B> Default for $name<A, B> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<A: gmma::Major, B: gmma::Major> MmaTraits for $name<A, B> {
            type ValTypeD = f32;
            type ValTypeA = $ab;
            type ValTypeB = $ab;
            type ValTypeC = f32;
            type ShapeMNK = $mnk;
            type ThrID = crate::layout_t!(128:1);
            // shared-memory operands: every thread sees the whole (M, K) / (N, K) tile
            type ALayout = crate::layout_t!((128,(64,16)):(0,(1,64)));
            type BLayout = $bl;
            type CLayout = $cl;
        }
    };
}
gmma_op!(
    /// CuTe's `SM90_64x64x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>`: the warpgroup MMA
    /// `wgmma.mma_async.m64n64k16.f32.f16.f16` with both operands in shared memory
    /// (their majors are the type parameters, K by default) and f32 accumulators in 128
    /// threads' registers.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM90_64x64x16_F32F16F16_SS;
    /// assert_eq!(<Op as MmaTraits>::ShapeMNK::default(), cutlet::shape!((64, 64, 16)));
    /// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F32F16F16_SS, half::f16, crate::shape_t!((64, 64, 16)), crate::layout_t!((128,(64,16)):(0,(1,64))),
    crate::layout_t!(((4,8,4),(2,2,8)):((128,1,16),(64,8,512)))
);
gmma_op!(
    /// CuTe's `SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>`: the warpgroup MMA
    /// `wgmma.mma_async.m64n64k16.f32.bf16.bf16` with both operands in shared memory
    /// (their majors are the type parameters, K by default) and f32 accumulators in 128
    /// threads' registers.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM90_64x64x16_F32BF16BF16_SS;
    /// assert_eq!(<Op as MmaTraits>::ShapeMNK::default(), cutlet::shape!((64, 64, 16)));
    /// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x64x16_F32BF16BF16_SS, half::bf16, crate::shape_t!((64, 64, 16)), crate::layout_t!((128,(64,16)):(0,(1,64))),
    crate::layout_t!(((4,8,4),(2,2,8)):((128,1,16),(64,8,512)))
);
gmma_op!(
    /// CuTe's `SM90_64x128x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>`: the warpgroup MMA
    /// `wgmma.mma_async.m64n128k16.f32.f16.f16` with both operands in shared memory
    /// (their majors are the type parameters, K by default) and f32 accumulators in 128
    /// threads' registers.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM90_64x128x16_F32F16F16_SS;
    /// assert_eq!(<Op as MmaTraits>::ShapeMNK::default(), cutlet::shape!((64, 128, 16)));
    /// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F32F16F16_SS, half::f16, crate::shape_t!((64, 128, 16)), crate::layout_t!((128,(128,16)):(0,(1,128))),
    crate::layout_t!(((4,8,4),(2,2,16)):((128,1,16),(64,8,512)))
);
gmma_op!(
    /// CuTe's `SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>`: the warpgroup MMA
    /// `wgmma.mma_async.m64n128k16.f32.bf16.bf16` with both operands in shared memory
    /// (their majors are the type parameters, K by default) and f32 accumulators in 128
    /// threads' registers.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM90_64x128x16_F32BF16BF16_SS;
    /// assert_eq!(<Op as MmaTraits>::ShapeMNK::default(), cutlet::shape!((64, 128, 16)));
    /// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x128x16_F32BF16BF16_SS, half::bf16, crate::shape_t!((64, 128, 16)), crate::layout_t!((128,(128,16)):(0,(1,128))),
    crate::layout_t!(((4,8,4),(2,2,16)):((128,1,16),(64,8,512)))
);
gmma_op!(
    /// CuTe's `SM90_64x256x16_F32F16F16_SS<GMMA::Major::K, GMMA::Major::K>`: the warpgroup MMA
    /// `wgmma.mma_async.m64n256k16.f32.f16.f16` with both operands in shared memory
    /// (their majors are the type parameters, K by default) and f32 accumulators in 128
    /// threads' registers.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM90_64x256x16_F32F16F16_SS;
    /// assert_eq!(<Op as MmaTraits>::ShapeMNK::default(), cutlet::shape!((64, 256, 16)));
    /// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F32F16F16_SS, half::f16, crate::shape_t!((64, 256, 16)), crate::layout_t!((128,(256,16)):(0,(1,256))),
    crate::layout_t!(((4,8,4),(2,2,32)):((128,1,16),(64,8,512)))
);
gmma_op!(
    /// CuTe's `SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K, GMMA::Major::K>`: the warpgroup MMA
    /// `wgmma.mma_async.m64n256k16.f32.bf16.bf16` with both operands in shared memory
    /// (their majors are the type parameters, K by default) and f32 accumulators in 128
    /// threads' registers.
    ///
    /// ```
    /// use cutlet::atom::*;
    /// type Op = SM90_64x256x16_F32BF16BF16_SS;
    /// assert_eq!(<Op as MmaTraits>::ShapeMNK::default(), cutlet::shape!((64, 256, 16)));
    /// assert_eq!(<Op as MmaTraits>::CLayout::default().to_string(), "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))");
    /// ```
    SM90_64x256x16_F32BF16BF16_SS, half::bf16, crate::shape_t!((64, 256, 16)), crate::layout_t!((128,(256,16)):(0,(1,256))),
    crate::layout_t!(((4,8,4),(2,2,32)):((128,1,16),(64,8,512)))
);

mod copy;
mod tiled_copy;
pub use copy::*;
#[doc(hidden)]
pub use tiled_copy::{
    AtomCalls, DstSide, EnoughThrVals, MmaTiles, Side, SrcSide, TileSizeOf, TiledCopyFrom, Unders,
    UpcastByC, Zip2,
};
pub use tiled_copy::{
    CopyPartition, CopyRetile, PartitionDT, PartitionST, RetileT, ThrCopy, TiledCopy, TiledCopyAT,
    TiledCopyBT, TiledCopyCT, TiledCopyLayouts, TiledCopyT, make_tiled_copy, make_tiled_copy_a,
    make_tiled_copy_b, make_tiled_copy_c, make_tiled_copy_impl,
};
