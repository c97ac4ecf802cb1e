//! Executing MMA atoms: CuTe's `MMA_Atom::call` ([`MmaOp`]) and `gemm(mma, A, B, C)`
//! (`cute/algorithm/gemm.hpp`) over a thread's partitioned fragments. Mode 0 of each
//! fragment is the atom's values; the other modes are looped over, unrolled when their
//! extents are static.
//!
//! The SIMT atom ([`UniversalFMA`](super::UniversalFMA)) runs anywhere; the SM80 warp
//! atoms run on the GPU and in the CPU emulator (`cutlet::cuda::emu`), where all 32
//! lanes of a warp must reach the call together, as on the hardware.

use super::MmaTraits;
use crate::int::{ForEachIndex, Integral};
use crate::layout::{Crd2Index, GetOp, InRange, Layout, ListOf, ModeOp, Shaped, SizeT};
use crate::tensor::{Engine, EngineMut, EngineRef, Tensor};
use crate::tuple::ToList;
use typenum::{U0, U1, U2};

/// CuTe's `MMA_Atom<Op>::call`: one atom, `D = A B + C`, on this thread's values of A,
/// B and C in the atom's value order (mode 1 of `ALayout`, `BLayout`, `CLayout`). `D`
/// has C's type.
///
/// ```
/// use cutlet::atom::*;
/// type F = UniversalFMA<f32, f32, f32, f32>;
/// assert_eq!(F::call(&[2.0], &[3.0], &[1.0]), [7.0]);
/// ```
pub trait MmaOp: MmaTraits {
    /// This thread's values of A for one atom.
    type FragA: Copy + Default + AsRef<[Self::ValTypeA]> + AsMut<[Self::ValTypeA]>;
    /// This thread's values of B for one atom.
    type FragB: Copy + Default + AsRef<[Self::ValTypeB]> + AsMut<[Self::ValTypeB]>;
    /// This thread's values of C (and D) for one atom.
    type FragC: Copy + Default + AsRef<[Self::ValTypeC]> + AsMut<[Self::ValTypeC]>;
    /// `D = A B + C`.
    fn call(a: &Self::FragA, b: &Self::FragB, c: &Self::FragC) -> Self::FragC;
}

/// `a * b + c` as CuTe's `UniversalFMA` computes it: one rounding for floating point
/// (the hardware's `fma`), wrapping for integers.
///
/// ```
/// use cutlet::atom::MulAdd;
/// assert_eq!(2.0f32.mul_add_to(3.0, 1.0), 7.0);
/// assert_eq!(i32::MAX.mul_add_to(1, 1), i32::MIN);
/// ```
pub trait MulAdd: Copy {
    /// `self * b + c`.
    fn mul_add_to(self, b: Self, c: Self) -> Self;
}
impl MulAdd for f32 {
    #[inline(always)]
    fn mul_add_to(self, b: f32, c: f32) -> f32 {
        #[cfg(any(target_arch = "nvptx64", feature = "std"))]
        {
            crate::cuda::fma(self, b, c)
        }
        #[cfg(not(any(target_arch = "nvptx64", feature = "std")))]
        {
            self * b + c
        }
    }
}
impl MulAdd for f64 {
    #[inline(always)]
    fn mul_add_to(self, b: f64, c: f64) -> f64 {
        #[cfg(feature = "std")]
        {
            self.mul_add(b, c)
        }
        #[cfg(not(feature = "std"))]
        {
            self * b + c
        }
    }
}
macro_rules! int_mul_add {
    ($($t:ty),*) => {$(
        impl MulAdd for $t {
            #[inline(always)]
            fn mul_add_to(self, b: $t, c: $t) -> $t {
                self.wrapping_mul(b).wrapping_add(c)
            }
        }
    )*};
}
int_mul_add!(i8, i16, i32, i64, u8, u16, u32, u64);

impl<T: MulAdd + Default> MmaOp for super::UniversalFMA<T, T, T, T> {
    type FragA = [T; 1];
    type FragB = [T; 1];
    type FragC = [T; 1];
    #[inline(always)]
    fn call(a: &[T; 1], b: &[T; 1], c: &[T; 1]) -> [T; 1] {
        [a[0].mul_add_to(b[0], c[0])]
    }
}

/// Packs 16-bit values two per register, the lower index in the low half (the order
/// of the PTX fragments and of CuTe's value layouts).
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
#[inline(always)]
fn pack16<const N: usize, const R: usize>(v: &[u16; N]) -> [u32; R] {
    core::array::from_fn(|i| u32::from(v[2 * i]) | (u32::from(v[2 * i + 1]) << 16))
}
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
macro_rules! sm80_16bit {
    ($($op:ident, $t:ty, $na:literal, $nb:literal, $ra:literal, $rb:literal);*) => {$(
        impl MmaOp for super::$op {
            type FragA = [$t; $na];
            type FragB = [$t; $nb];
            type FragC = [f32; 4];
            #[inline(always)]
            fn call(a: &[$t; $na], b: &[$t; $nb], c: &[f32; 4]) -> [f32; 4] {
                let a: [u32; $ra] = pack16(&a.map(|x| x.to_bits()));
                let b: [u32; $rb] = pack16(&b.map(|x| x.to_bits()));
                Self::mma(a, b, *c)
            }
        }
    )*};
}
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
sm80_16bit!(
    SM80_16x8x16_F32F16F16F32_TN, half::f16, 8, 4, 4, 2;
    SM80_16x8x16_F32BF16BF16F32_TN, half::bf16, 8, 4, 4, 2;
    SM80_16x8x8_F32F16F16F32_TN, half::f16, 4, 2, 2, 1
);
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
impl MmaOp for super::SM80_16x8x8_F32TF32TF32F32_TN {
    type FragA = [f32; 4];
    type FragB = [f32; 2];
    type FragC = [f32; 4];
    #[inline(always)]
    fn call(a: &[f32; 4], b: &[f32; 2], c: &[f32; 4]) -> [f32; 4] {
        Self::mma(a.map(f32::to_bits), b.map(f32::to_bits), *c)
    }
}
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
impl MmaOp for super::SM80_8x8x4_F64F64F64F64_TN {
    type FragA = [f64; 1];
    type FragB = [f64; 1];
    type FragC = [f64; 2];
    #[inline(always)]
    fn call(a: &[f64; 1], b: &[f64; 1], c: &[f64; 2]) -> [f64; 2] {
        Self::mma(a[0], b[0], *c)
    }
}
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
impl MmaOp for super::SM80_16x8x32_S32S8S8S32_TN {
    type FragA = [i8; 16];
    type FragB = [i8; 8];
    type FragC = [i32; 4];
    #[inline(always)]
    fn call(a: &[i8; 16], b: &[i8; 8], c: &[i32; 4]) -> [i32; 4] {
        let pack =
            |v: &[i8], i: usize| u32::from_le_bytes(core::array::from_fn(|j| v[4 * i + j] as u8));
        Self::mma(
            core::array::from_fn(|i| pack(a, i)),
            core::array::from_fn(|i| pack(b, i)),
            *c,
        )
    }
}

/// What `gemm` accepts as its MMA: an operation or a tiled MMA of one.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// fn op<M: HasMmaOp>(_: &M) -> &'static str { core::any::type_name::<M::Op>() }
/// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((4,4,1):(1,4,0)));
/// assert!(op(&mma).contains("UniversalFMA"));
/// ```
pub trait HasMmaOp {
    /// The atom's operation.
    type Op: MmaOp;
}
impl<Op: MmaOp, AL, P> HasMmaOp for super::TiledMma<Op, AL, P> {
    type Op = Op;
}
impl<T: MulAdd + Default> HasMmaOp for super::UniversalFMA<T, T, T, T> {
    type Op = Self;
}

/// The number of values of A, B and C each thread holds for one atom (mode 1 of the
/// atom's TV layouts).
#[doc(hidden)]
pub trait AtomValues {
    type A: ForEachIndex + Integral;
    type B: ForEachIndex + Integral;
    type C: ForEachIndex + Integral;
}
impl<Op: MmaTraits> AtomValues for Op
where
    Op::ALayout: ModeOp<GetOp<U1>, Output: Shaped>,
    Op::BLayout: ModeOp<GetOp<U1>, Output: Shaped>,
    Op::CLayout: ModeOp<GetOp<U1>, Output: Shaped>,
    super::ValuesA<Op>: ForEachIndex + Integral,
    super::ValuesB<Op>: ForEachIndex + Integral,
    super::ValuesC<Op>: ForEachIndex + Integral,
{
    type A = super::ValuesA<Op>;
    type B = super::ValuesB<Op>;
    type C = super::ValuesC<Op>;
}

/// The extents of a rank-3 fragment `(V, M, N)`-style, each looped over (unrolled when
/// static).
#[doc(hidden)]
pub trait Extents3 {
    type E0: ForEachIndex + Integral;
    type E1: ForEachIndex + Integral;
    type E2: ForEachIndex + Integral;
    fn extents(&self) -> (Self::E0, Self::E1, Self::E2);
}
type Mode<T, I> = <T as ModeOp<GetOp<I>>>::Output;
impl<S0: Copy, S1: Copy, S2: Copy, D0: Copy, D1: Copy, D2: Copy> Extents3
    for Layout<(S0, S1, S2), (D0, D1, D2)>
where
    Self: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>> + ModeOp<GetOp<U2>>,
    Mode<Self, U0>: Shaped,
    Mode<Self, U1>: Shaped,
    Mode<Self, U2>: Shaped,
    SizeT<Mode<Self, U0>>: ForEachIndex + Integral,
    SizeT<Mode<Self, U1>>: ForEachIndex + Integral,
    SizeT<Mode<Self, U2>>: ForEachIndex + Integral,
{
    type E0 = SizeT<Mode<Self, U0>>;
    type E1 = SizeT<Mode<Self, U1>>;
    type E2 = SizeT<Mode<Self, U2>>;
    #[inline(always)]
    fn extents(&self) -> (Self::E0, Self::E1, Self::E2) {
        (
            crate::layout::size(crate::layout::get::<0, _>(*self)),
            crate::layout::size(crate::layout::get::<1, _>(*self)),
            crate::layout::size(crate::layout::get::<2, _>(*self)),
        )
    }
}
// A rank-2 `(V, M)` operand (CuTe's `tCrA(_, _, k)`) is `(V, M, _1)`.
impl<S0: Copy, S1: Copy, D0: Copy, D1: Copy> Extents3 for Layout<(S0, S1), (D0, D1)>
where
    Self: ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
    Mode<Self, U0>: Shaped,
    Mode<Self, U1>: Shaped,
    SizeT<Mode<Self, U0>>: ForEachIndex + Integral,
    SizeT<Mode<Self, U1>>: ForEachIndex + Integral,
{
    type E0 = SizeT<Mode<Self, U0>>;
    type E1 = SizeT<Mode<Self, U1>>;
    type E2 = crate::int::_1;
    #[inline(always)]
    fn extents(&self) -> (Self::E0, Self::E1, Self::E2) {
        (
            crate::layout::size(crate::layout::get::<0, _>(*self)),
            crate::layout::size(crate::layout::get::<1, _>(*self)),
            Default::default(),
        )
    }
}

/// CuTe's `gemm(mma, A, B, C)` (spelled `gemm_with`: Rust has no overloads, and
/// `gemm(a, b, c)` is the whole-tensor form) on a thread's fragments: `C += A B` with A `(V, M, K)`,
/// B `(V, N, K)` and C `(V, M, N)`, or A `(V, M)` and B `(V, N)` (one k block, CuTe's
/// `gemm(mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)`) (mode 0 holds one atom's values: `size<0>` must be
/// the atom's value count, a compile-time check), each `(m, n, k)` one atom call.
/// The loops run K outermost and M serpentine within N, as CuTe's.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::*;
/// // one thread's 2x2 block of a 1-thread UniversalFMA tiled MMA, K = 3
/// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((1,1,1):(0,0,0)));
/// let a_data = [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0]; // A (2x3) column-major
/// let b_data = [1.0f32, 0.0, 0.0, 1.0, 1.0, 1.0]; // B (2x3): B(n, k)
/// let thr = mma.get_slice(0);
/// let a = thr.partition_a(make_tensor(&a_data[..], layout!((2,3):(1,2))));
/// let b = thr.partition_b(make_tensor(&b_data[..], layout!((2,3):(1,2))));
/// let mut c = thr.partition_fragment_c(layout!((2,2):(1,2)));
/// gemm_with(&mma, &a, &b, &mut c);
/// // C(m, n) = sum_k A(m, k) B(n, k)
/// assert_eq!([c[0], c[1], c[2], c[3]], [1.0 + 5.0, 2.0 + 6.0, 3.0 + 5.0, 4.0 + 6.0]);
/// ```
#[inline(always)]
pub fn gemm_with<M, EA, LA, EB, LB, EC, LC>(
    mma: &M,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    M: HasMmaOp,
    EA: EngineRef + Engine<Elem = <M::Op as MmaTraits>::ValTypeA>,
    EB: EngineRef + Engine<Elem = <M::Op as MmaTraits>::ValTypeB>,
    EC: EngineMut + Engine<Elem = <M::Op as MmaTraits>::ValTypeC>,
    M::Op: AtomValues,
    LA: Extents3<E0 = <M::Op as AtomValues>::A>,
    LB: Extents3<E0 = <M::Op as AtomValues>::B>,
    LC: Extents3<E0 = <M::Op as AtomValues>::C>,
    Tensor<EA, LA>: FragIndex<EA::Elem>,
    Tensor<EB, LB>: FragIndex<EB::Elem>,
    Tensor<EC, LC>: FragIndex<EC::Elem> + FragIndexMut<EC::Elem>,
{
    let _ = mma;
    let (va, mm, kk) = a.layout.extents();
    let (vb, nn, _) = b.layout.extents();
    let (vc, _, _) = c.layout.extents();
    let m_last = mm.value() as usize - 1;
    // The closures are inlined so that every index is a constant after unrolling and
    // the fragments stay in registers on a GPU.
    kk.for_each_index(
        #[inline(always)]
        |k| {
            nn.for_each_index(
                #[inline(always)]
                |n| {
                    mm.for_each_index(
                        #[inline(always)]
                        |m0| {
                            let m = if n % 2 == 1 { m_last - m0 } else { m0 };
                            let mut fa = <M::Op as MmaOp>::FragA::default();
                            let mut fb = <M::Op as MmaOp>::FragB::default();
                            let mut fc = <M::Op as MmaOp>::FragC::default();
                            va.for_each_index(
                                #[inline(always)]
                                |v| fa.as_mut()[v] = a.at3(v, m, k),
                            );
                            vb.for_each_index(
                                #[inline(always)]
                                |v| fb.as_mut()[v] = b.at3(v, n, k),
                            );
                            vc.for_each_index(
                                #[inline(always)]
                                |v| fc.as_mut()[v] = c.at3(v, m, n),
                            );
                            let d = <M::Op as MmaOp>::call(&fa, &fb, &fc);
                            vc.for_each_index(
                                #[inline(always)]
                                |v| c.set3(v, m, n, d.as_ref()[v]),
                            );
                        },
                    )
                },
            )
        },
    );
}

/// Reading a rank-3 fragment at `(v, i, j)`.
#[doc(hidden)]
pub trait FragIndex<T> {
    fn at3(&self, v: usize, i: usize, j: usize) -> T;
}
/// Writing a rank-3 fragment at `(v, i, j)`.
#[doc(hidden)]
pub trait FragIndexMut<T> {
    fn set3(&mut self, v: usize, i: usize, j: usize, x: T);
}
impl<E: EngineRef, S0, S1, S2, D0, D1, D2> FragIndex<E::Elem>
    for Tensor<E, Layout<(S0, S1, S2), (D0, D1, D2)>>
where
    E::Elem: Copy,
    (S0, S1, S2): ToList,
    (D0, D1, D2): ToList,
    ListOf<(usize, usize, usize)>: Crd2Index<ListOf<(S0, S1, S2)>, ListOf<(D0, D1, D2)>, isize>
        + InRange<ListOf<(S0, S1, S2)>>,
{
    #[inline(always)]
    fn at3(&self, v: usize, i: usize, j: usize) -> E::Elem {
        self.get((v, i, j))
    }
}
impl<E: EngineRef, S0, S1, D0, D1> FragIndex<E::Elem> for Tensor<E, Layout<(S0, S1), (D0, D1)>>
where
    E::Elem: Copy,
    (S0, S1): ToList,
    (D0, D1): ToList,
    ListOf<(usize, usize)>:
        Crd2Index<ListOf<(S0, S1)>, ListOf<(D0, D1)>, isize> + InRange<ListOf<(S0, S1)>>,
{
    #[inline(always)]
    fn at3(&self, v: usize, i: usize, _k: usize) -> E::Elem {
        self.get((v, i))
    }
}
impl<E: EngineMut, S0, S1, S2, D0, D1, D2> FragIndexMut<E::Elem>
    for Tensor<E, Layout<(S0, S1, S2), (D0, D1, D2)>>
where
    (S0, S1, S2): ToList,
    (D0, D1, D2): ToList,
    ListOf<(usize, usize, usize)>: Crd2Index<ListOf<(S0, S1, S2)>, ListOf<(D0, D1, D2)>, isize>
        + InRange<ListOf<(S0, S1, S2)>>,
{
    #[inline(always)]
    fn set3(&mut self, v: usize, i: usize, j: usize, x: E::Elem) {
        self.set((v, i, j), x)
    }
}
