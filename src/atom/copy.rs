//! CuTe's copy atoms (`cute/atom/copy_traits*.hpp`, `Copy_Atom` of `copy_atom.hpp`) as
//! static types: for each copy instruction, the threads it involves and its
//! `(thread, value) -> bit` layouts; [`Copy_Atom`] recasts them to elements of a value
//! type. Every layout here is a zero-sized type.

use crate::algebra::{Composable, RightInvertible, SizeofBits, UpcastBy};
use crate::int::{C, Integral, StaticEq};
use crate::layout::{GetOp, Layout, ModeOp, Shaped, SizeT, Walkable};
use crate::tensor::{EngineMut, EngineRef};
use core::marker::PhantomData;
use typenum::{P1, PInt, U0, U1, Z0};

/// CuTe's `Copy_Traits<Op>`: the static description of a copy instruction, with its
/// layouts in bits.
///
/// `SrcLayout` maps `(source thread, value)` to the bit of the source data the thread
/// supplies, `DstLayout` the same for the destination, and `RefLayout` is the reference
/// `(thread, value)` order the tiled copy is laid out in.
///
/// ```
/// use cutlet::atom::{CopyTraits, UniversalCopy};
/// type Op = UniversalCopy<u128>;
/// assert_eq!(<Op as CopyTraits>::SrcLayout::default().to_string(), "(_1,_128):(_0,_1)");
/// assert_eq!(<Op as CopyTraits>::ThrID::default().to_string(), "_1:_0");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a copy operation cutlet knows",
    label = "a copy atom needs a copy operation (UniversalCopy<S>, DefaultCopy, SM75_*_LDSM_*, SM80_CP_ASYNC_*)"
)]
pub trait CopyTraits: Copy + Default {
    /// CuTe's `ThrID`: logical thread id to thread index.
    type ThrID: Copy + Default;
    /// CuTe's `SrcLayout`: `(thread, value) -> bit` of the source.
    type SrcLayout: Copy + Default;
    /// CuTe's `DstLayout`: `(thread, value) -> bit` of the destination.
    type DstLayout: Copy + Default;
    /// CuTe's `RefLayout`: the reference `(thread, value) -> bit` layout.
    type RefLayout: Copy + Default;
}

/// Executing a copy operation on one pair of engines: moves one atom's values of a
/// thread (CuTe's `copy_unpack`). `src_vals` and `dst_vals` give the engine offsets of
/// the call's values in CuTe's 1-D (colexicographic) order; they hold the atom's values
/// of this thread.
///
/// The SIMT operations (`UniversalCopy`, `DefaultCopy`) copy between any engines of one
/// element type. The hardware operations name the memories they move between: `ldmatrix`
/// reads shared memory of 16-bit elements, `cp.async` copies global to shared memory
/// (implemented in `cutlet::cuda`).
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::{Copy_Atom, UniversalCopy};
/// // `Copy_Atom::copy` calls `CopyOp::copy_atom` once per atom call
/// let src = [1.0f32, 2.0, 3.0, 4.0];
/// let mut dst = make_owned_tensor::<f32, _>(layout!((4,1):(1,0)));
/// Copy_Atom::<UniversalCopy<u128>, f32>::new().copy(&make_tensor(&src[..], layout!((4,1):(1,0))), &mut dst.view_mut());
/// assert_eq!(dst.get(3isize), 4.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "the copy operation `{Self}` cannot copy from `{ES}` to `{ED}`",
    label = "ldmatrix (SM75_*_LDSM_*) reads 16-bit elements of shared memory; cp.async (SM80_CP_ASYNC_*) copies global to shared memory; UniversalCopy/DefaultCopy copy between any engines of one element type"
)]
pub trait CopyOp<ES: EngineRef, ED: EngineMut>: CopyTraits {
    /// Copy the values at `src_vals(i)` of `src` to `dst_vals(i)` of `dst`.
    fn copy_atom<LS: Walkable<isize>, LD: Walkable<isize>>(
        &self,
        src: &ES,
        src_vals: LS,
        dst: &mut ED,
        dst_vals: LD,
    );
}

/// Element by element (what an instruction of any width does to the values).
#[inline(always)]
fn copy_elements<ES, LS, ED, LD>(src: &ES, ls: LS, dst: &mut ED, ld: LD)
where
    ES: EngineRef,
    ED: EngineMut<Elem = ES::Elem>,
    LS: Walkable<isize>,
    LD: Walkable<isize>,
{
    crate::int::for_each_unrolled(
        ls.walk_size(),
        #[inline(always)]
        |i| {
            let i = i as isize;
            dst.write(ld.walk_index(i), src.read(ls.walk_index(i)));
        },
    );
}

type Bits<S> = C<PInt<<S as SizeofBits>::Bits>>;
/// One thread moving `S`: `(_1, bits):(_0, _1)`.
type OneThread<S> = Layout<(C<P1>, Bits<S>), (C<Z0>, C<P1>)>;

/// CuTe's `UniversalCopy<S>`: one thread moves one `S` (e.g. `u128`, CuTe's
/// `uint128_t`: 8 `half` values) with an ordinary load and store.
///
/// ```
/// use cutlet::atom::{CopyTraits, UniversalCopy};
/// assert_eq!(<UniversalCopy<u8> as CopyTraits>::RefLayout::default().to_string(), "(_1,_8):(_0,_1)");
/// ```
pub struct UniversalCopy<S>(PhantomData<S>);
/// CuTe's `SM80_CP_ASYNC_CACHEALWAYS<S>`: `cp.async.ca` of one `S` (4, 8 or 16 bytes:
/// `u32`, `u64`, `u128`) from global to shared memory.
///
/// ```
/// use cutlet::atom::{CopyTraits, SM80_CP_ASYNC_CACHEALWAYS};
/// assert_eq!(<SM80_CP_ASYNC_CACHEALWAYS<u64> as CopyTraits>::SrcLayout::default().to_string(), "(_1,_64):(_0,_1)");
/// ```
pub struct SM80_CP_ASYNC_CACHEALWAYS<S>(PhantomData<S>);
/// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL<S>`: `cp.async.cg`, which copies 16 bytes only
/// (`S = u128`; CuTe rejects the others, and so does the type checker here).
///
/// ```
/// use cutlet::atom::{CopyTraits, SM80_CP_ASYNC_CACHEGLOBAL};
/// assert_eq!(<SM80_CP_ASYNC_CACHEGLOBAL<u128> as CopyTraits>::DstLayout::default().to_string(), "(_1,_128):(_0,_1)");
/// ```
pub struct SM80_CP_ASYNC_CACHEGLOBAL<S>(PhantomData<S>);

macro_rules! phantom_op {
    ($($name:ident),*) => {$(
        impl<S> Clone for $name<S> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<S> Copy for $name<S> {}
        impl<S> Default for $name<S> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        impl<S> core::fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    )*};
}
phantom_op!(
    UniversalCopy,
    SM80_CP_ASYNC_CACHEALWAYS,
    SM80_CP_ASYNC_CACHEGLOBAL
);

impl<S: SizeofBits> CopyTraits for UniversalCopy<S> {
    type ThrID = crate::layout_t!(1:0);
    type SrcLayout = OneThread<S>;
    type DstLayout = OneThread<S>;
    type RefLayout = OneThread<S>;
}
/// The SIMT copies: ordinary loads and stores of any width, between any engines.
#[doc(hidden)]
pub trait ElementwiseCopy: CopyTraits {}
impl<S: SizeofBits> ElementwiseCopy for UniversalCopy<S> {}
impl<Op: ElementwiseCopy, ES: EngineRef, ED: EngineMut<Elem = ES::Elem>> CopyOp<ES, ED> for Op {
    #[inline(always)]
    fn copy_atom<LS: Walkable<isize>, LD: Walkable<isize>>(
        &self,
        s: &ES,
        ls: LS,
        d: &mut ED,
        ld: LD,
    ) {
        copy_elements(s, ls, d, ld)
    }
}

/// The unit `S` of a `cp.async` copy: 4, 8 or 16 bytes.
#[diagnostic::on_unimplemented(
    message = "cp.async does not copy a `{Self}`",
    label = "cp.async.ca copies 4, 8 or 16 bytes (u32, u64, u128); cp.async.cg copies 16 (u128)"
)]
pub trait CpAsyncUnit: SizeofBits {}
impl CpAsyncUnit for u32 {}
impl CpAsyncUnit for u64 {}
impl CpAsyncUnit for u128 {}
/// The unit of `cp.async.cg`: 16 bytes.
#[diagnostic::on_unimplemented(
    message = "cp.async.cg does not copy a `{Self}`",
    label = "cp.async.cg (SM80_CP_ASYNC_CACHEGLOBAL) copies 16 bytes only: use u128"
)]
pub trait CpAsyncCgUnit: SizeofBits {}
impl CpAsyncCgUnit for u128 {}

impl<S: CpAsyncUnit> CopyTraits for SM80_CP_ASYNC_CACHEALWAYS<S> {
    type ThrID = crate::layout_t!(1:0);
    type SrcLayout = OneThread<S>;
    type DstLayout = OneThread<S>;
    type RefLayout = OneThread<S>;
}
impl<S: CpAsyncCgUnit> CopyTraits for SM80_CP_ASYNC_CACHEGLOBAL<S> {
    type ThrID = crate::layout_t!(1:0);
    type SrcLayout = OneThread<S>;
    type DstLayout = OneThread<S>;
    type RefLayout = OneThread<S>;
}

/// CuTe's `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S>`: `cp.async.ca` that writes zeros instead
/// of reading when its predicate is false. The predicate is part of the operation
/// (CuTe keeps it in the traits): `false` by default, set per call with
/// [`with`](ZfillCopy::with) on the operation, the atom or the tiled copy.
///
/// ```
/// use cutlet::atom::{CopyTraits, SM80_CP_ASYNC_CACHEALWAYS_ZFILL, ZfillCopy};
/// let op = SM80_CP_ASYNC_CACHEALWAYS_ZFILL::<u32>::default();
/// assert!(!op.pred() && op.with(true).pred());
/// assert_eq!(<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u32> as CopyTraits>::SrcLayout::default().to_string(), "(_1,_32):(_0,_1)");
/// ```
pub struct SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S> {
    pred: bool,
    _s: PhantomData<S>,
}
/// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S>`: `cp.async.cg` (16 bytes) that writes
/// zeros when its predicate is false; see [`SM80_CP_ASYNC_CACHEALWAYS_ZFILL`].
///
/// ```
/// use cutlet::atom::{Copy_Atom, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, ZfillCopy};
/// let a = Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, half::f16>::new();
/// assert!(a.with(true).op().pred());
/// assert_eq!(a.val_layout_src().to_string(), "(_1,_8):(_0,_1)");
/// ```
pub struct SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S> {
    pred: bool,
    _s: PhantomData<S>,
}

/// Copy operations that carry a predicate (CuTe's `Copy_Traits::with(bool)` of the
/// `ZFILL` operations): `true` copies, `false` fills the destination with zeros.
///
/// ```
/// use cutlet::atom::{SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, ZfillCopy};
/// assert!(SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<u128>::default().with(true).pred());
/// ```
pub trait ZfillCopy: Copy {
    /// The same operation with predicate `pred`.
    fn with(self, pred: bool) -> Self;
    /// The predicate.
    fn pred(&self) -> bool;
}

macro_rules! zfill_op {
    ($($name:ident: $unit:ident),*) => {$(
        impl<S> Clone for $name<S> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<S> Copy for $name<S> {}
        impl<S> Default for $name<S> {
            fn default() -> Self {
                $name { pred: false, _s: PhantomData }
            }
        }
        impl<S> core::fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, "{}{{pred: {}}}", stringify!($name), self.pred)
            }
        }
        impl<S> ZfillCopy for $name<S> {
            #[inline(always)]
            fn with(self, pred: bool) -> Self {
                $name { pred, _s: PhantomData }
            }
            #[inline(always)]
            fn pred(&self) -> bool {
                self.pred
            }
        }
        impl<S: $unit> CopyTraits for $name<S> {
            type ThrID = crate::layout_t!(1:0);
            type SrcLayout = OneThread<S>;
            type DstLayout = OneThread<S>;
            type RefLayout = OneThread<S>;
        }
    )*};
}
zfill_op!(
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL: CpAsyncUnit,
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: CpAsyncCgUnit
);

/// CuTe's `DefaultCopy` (`AutoVectorizingCopyWithAssumedAlignment<8>`): one thread, one
/// value of any width, which the compiler may vectorise.
///
/// ```
/// use cutlet::atom::{CopyTraits, DefaultCopy};
/// assert_eq!(<DefaultCopy as CopyTraits>::SrcLayout::default().to_string(), "(_1,_1):(_0,_0)");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct DefaultCopy;
impl CopyTraits for DefaultCopy {
    type ThrID = crate::layout_t!(1:0);
    type SrcLayout = crate::layout_t!((1,1):(0,0));
    type DstLayout = crate::layout_t!((1,1):(0,0));
    type RefLayout = crate::layout_t!((1,1):(0,0));
}
impl ElementwiseCopy for DefaultCopy {}

/// SM75 `ldmatrix` traits: a warp; the source is one 128-bit row per thread.
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
mod ldsm {
    use super::CopyTraits;
    use crate::cuda::ldmatrix::*;
    type SrcX1 = crate::layout_t!(((8,4),128):((128,0),1));
    type SrcX2 = crate::layout_t!(((16,2),128):((128,0),1));
    type SrcX4 = crate::layout_t!((32,128):(128,1));
    macro_rules! ldsm_traits {
        ($($op:ident, $src:ty, $dst:ty);* $(;)?) => {$(
            impl CopyTraits for $op {
                type ThrID = crate::layout_t!(32:1);
                type SrcLayout = $src;
                type DstLayout = $dst;
                type RefLayout = $dst;
            }
        )*};
    }
    ldsm_traits!(
        SM75_U32x1_LDSM_N, SrcX1, crate::layout_t!((32,32):(32,1));
        SM75_U32x2_LDSM_N, SrcX2, crate::layout_t!((32,(32,2)):(32,(1,1024)));
        SM75_U32x4_LDSM_N, SrcX4, crate::layout_t!((32,(32,4)):(32,(1,1024)));
        SM75_U16x2_LDSM_T, SrcX1, crate::layout_t!(((4,8),(16,2)):((256,16),(1,128)));
        SM75_U16x4_LDSM_T, SrcX2, crate::layout_t!(((4,8),(16,2,2)):((256,16),(1,128,1024)));
        SM75_U16x8_LDSM_T, SrcX4, crate::layout_t!(((4,8),(16,2,4)):((256,16),(1,128,1024)));
    );
}
#[cfg(any(target_arch = "nvptx64", feature = "std"))]
pub use crate::cuda::ldmatrix::{
    SM75_U16x2_LDSM_T, SM75_U16x4_LDSM_T, SM75_U16x8_LDSM_T, SM75_U32x1_LDSM_N, SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N,
};

/// CuTe's `Copy_Atom<Op, T>`: the copy operation `Op` moving values of type `T`. Its
/// layouts are `Op`'s bit layouts recast to `T` (CuTe's `recast_layout<uint1_t, T>`);
/// an `Op` that cannot move whole `T`s per thread (e.g. `ldmatrix` of `f64`) does not
/// compile.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::{Copy_Atom, CopyAtomLayouts, SM75_U32x4_LDSM_N};
/// let a = Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new();
/// assert_eq!(a.val_layout_dst().to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// assert_eq!(<<Copy_Atom<SM75_U32x4_LDSM_N, half::f16> as CopyAtomLayouts>::NumValSrc as StaticValue>::VALUE, 8);
/// assert_eq!(core::mem::size_of_val(&a), 0);
/// ```
#[allow(non_camel_case_types)]
pub struct Copy_Atom<Op, T> {
    op: Op,
    _t: PhantomData<T>,
}
impl<Op: Copy, T> Clone for Copy_Atom<Op, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op: Copy, T> Copy for Copy_Atom<Op, T> {}
impl<Op: Default, T> Default for Copy_Atom<Op, T> {
    fn default() -> Self {
        Copy_Atom {
            op: Op::default(),
            _t: PhantomData,
        }
    }
}
impl<Op: core::fmt::Debug, T> core::fmt::Debug for Copy_Atom<Op, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "Copy_Atom<{:?}, {}>",
            self.op,
            core::any::type_name::<T>()
        )
    }
}

impl<Op: ZfillCopy, T> Copy_Atom<Op, T> {
    /// CuTe's `copy_atom.with(pred)` for the `ZFILL` operations: the same atom, copying
    /// when `pred` holds and writing zeros otherwise.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, SM80_CP_ASYNC_CACHEALWAYS_ZFILL, ZfillCopy};
    /// let a = Copy_Atom::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u64>, f32>::default();
    /// assert!(a.with(true).op().pred());
    /// ```
    #[inline(always)]
    pub fn with(self, pred: bool) -> Self {
        Copy_Atom {
            op: self.op.with(pred),
            _t: PhantomData,
        }
    }
}

/// `B1` when an atom's layouts fit its threads.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this copy operation is not valid for the value type",
    label = "CuTe: size<0> of the recast layouts must be the number of threads (the op must move whole values per thread)"
)]
pub trait ValidForValType {}
impl ValidForValType for typenum::B1 {}

type M0<T> = <T as ModeOp<GetOp<U0>>>::Output;
type M1<T> = <T as ModeOp<GetOp<U1>>>::Output;
type Up<L, T> = <L as UpcastBy<<T as SizeofBits>::Bits>>::Output;
type VSrc<Op, T> = Up<<Op as CopyTraits>::SrcLayout, T>;
type VDst<Op, T> = Up<<Op as CopyTraits>::DstLayout, T>;
type VRef<Op, T> = Up<<Op as CopyTraits>::RefLayout, T>;
type RefInv<Op, T> = <VRef<Op, T> as RightInvertible>::Output;

/// The static layouts of a [`Copy_Atom`] (CuTe's member types of `Copy_Atom<Op, T>`),
/// computed once for every atom whose `Op` is valid for `T`.
///
/// ```
/// use cutlet::prelude::*;
/// use cutlet::atom::{Copy_Atom, CopyAtomLayouts, UniversalCopy};
/// type A = Copy_Atom<UniversalCopy<u32>, f64>;
/// // CuTe accepts a 32-bit copy of a 64-bit type: one value of no bits
/// assert_eq!(<A as CopyAtomLayouts>::ValLayoutSrc::default().to_string(), "(_1,_1):(_0,_1)");
/// ```
pub trait CopyAtomLayouts: Copy + Default {
    /// The operation.
    type Op: CopyTraits;
    /// CuTe's `ValType`.
    type ValType;
    /// CuTe's `ThrID`.
    type ThrID: Copy + Default;
    /// CuTe's `ValLayoutSrc`: `(thread, value) -> element` of the source.
    type ValLayoutSrc: Copy + Default;
    /// CuTe's `ValLayoutDst`.
    type ValLayoutDst: Copy + Default;
    /// CuTe's `ValLayoutRef`.
    type ValLayoutRef: Copy + Default;
    /// `size<0>(ValLayoutRef)`: the atom's threads.
    type NumThr: Integral + Default;
    /// `size<1>(ValLayoutRef)`: the values per thread.
    type NumVal: Integral + Default;
    /// CuTe's `NumValSrc`.
    type NumValSrc: Integral + Default;
    /// CuTe's `NumValDst`.
    type NumValDst: Integral + Default;
    /// `right_inverse(ValLayoutRef).compose(ValLayoutSrc)`.
    type Ref2Src: Copy + Default;
    /// `right_inverse(ValLayoutRef).compose(ValLayoutDst)`.
    type Ref2Dst: Copy + Default;
}

impl<Op: CopyTraits, T: SizeofBits> CopyAtomLayouts for Copy_Atom<Op, T>
where
    Op::SrcLayout: UpcastBy<T::Bits>,
    Op::DstLayout: UpcastBy<T::Bits>,
    Op::RefLayout: UpcastBy<T::Bits>,
    Op::ThrID: Shaped,
    VSrc<Op, T>: Copy + Default + ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
    VDst<Op, T>: Copy + Default + ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>>,
    VRef<Op, T>: Copy + Default + ModeOp<GetOp<U0>> + ModeOp<GetOp<U1>> + RightInvertible,
    M0<VSrc<Op, T>>: Shaped,
    M1<VSrc<Op, T>>: Shaped,
    M0<VDst<Op, T>>: Shaped,
    M1<VDst<Op, T>>: Shaped,
    M0<VRef<Op, T>>: Shaped,
    M1<VRef<Op, T>>: Shaped,
    SizeT<M0<VSrc<Op, T>>>: StaticEq<SizeT<Op::ThrID>, Output: ValidForValType>,
    SizeT<M0<VDst<Op, T>>>: StaticEq<SizeT<Op::ThrID>, Output: ValidForValType>,
    SizeT<M0<VRef<Op, T>>>:
        StaticEq<SizeT<Op::ThrID>, Output: ValidForValType> + Integral + Default,
    SizeT<M1<VSrc<Op, T>>>: Integral + Default,
    SizeT<M1<VDst<Op, T>>>: Integral + Default,
    SizeT<M1<VRef<Op, T>>>: Integral + Default,
    RefInv<Op, T>: Composable<VSrc<Op, T>> + Composable<VDst<Op, T>>,
    <RefInv<Op, T> as Composable<VSrc<Op, T>>>::Output: Copy + Default,
    <RefInv<Op, T> as Composable<VDst<Op, T>>>::Output: Copy + Default,
{
    type Op = Op;
    type ValType = T;
    type ThrID = Op::ThrID;
    type ValLayoutSrc = VSrc<Op, T>;
    type ValLayoutDst = VDst<Op, T>;
    type ValLayoutRef = VRef<Op, T>;
    type NumThr = SizeT<M0<VRef<Op, T>>>;
    type NumVal = SizeT<M1<VRef<Op, T>>>;
    type NumValSrc = SizeT<M1<VSrc<Op, T>>>;
    type NumValDst = SizeT<M1<VDst<Op, T>>>;
    type Ref2Src = <RefInv<Op, T> as Composable<VSrc<Op, T>>>::Output;
    type Ref2Dst = <RefInv<Op, T> as Composable<VDst<Op, T>>>::Output;
}

/// CuTe's `Copy_Atom<Op, T>{}` as a function: `make_copy_atom::<Op, T>()`.
///
/// ```
/// use cutlet::atom::{make_copy_atom, DefaultCopy};
/// let a = make_copy_atom::<DefaultCopy, f32>();
/// assert_eq!(a.val_layout_src().to_string(), "(_1,_1):(_0,_0)");
/// ```
#[inline(always)]
pub fn make_copy_atom<Op: CopyTraits, T: SizeofBits>() -> Copy_Atom<Op, T>
where
    Copy_Atom<Op, T>: CopyAtomLayouts,
{
    Copy_Atom::default()
}

impl<Op: CopyTraits, T: SizeofBits> Copy_Atom<Op, T>
where
    Self: CopyAtomLayouts,
{
    /// The atom (CuTe's `Copy_Atom<Op, T>{}`); does not compile when `Op` cannot move
    /// values of `T`.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, UniversalCopy};
    /// let a = Copy_Atom::<UniversalCopy<u128>, f32>::new();
    /// assert_eq!(a.val_layout_ref().to_string(), "(_1,_4):(_0,_1)");
    /// ```
    #[inline(always)]
    pub fn new() -> Self {
        Self::default()
    }
    /// The operation.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, DefaultCopy};
    /// let _op: DefaultCopy = Copy_Atom::<DefaultCopy, f32>::new().op();
    /// ```
    #[inline(always)]
    pub fn op(&self) -> Op {
        self.op
    }
    /// CuTe's `ThrID`.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, DefaultCopy};
    /// assert_eq!(Copy_Atom::<DefaultCopy, f32>::new().thr_id().to_string(), "_1:_0");
    /// ```
    #[inline(always)]
    pub fn thr_id(&self) -> <Self as CopyAtomLayouts>::ThrID {
        Default::default()
    }
    /// CuTe's `ValLayoutSrc`: `(thread, value) -> element` of the source.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, SM75_U16x8_LDSM_T};
    /// assert_eq!(Copy_Atom::<SM75_U16x8_LDSM_T, half::f16>::new().val_layout_src().to_string(), "(_32,_8):(_8,_1)");
    /// ```
    #[inline(always)]
    pub fn val_layout_src(&self) -> <Self as CopyAtomLayouts>::ValLayoutSrc {
        Default::default()
    }
    /// CuTe's `ValLayoutDst`.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, SM75_U16x8_LDSM_T};
    /// assert_eq!(Copy_Atom::<SM75_U16x8_LDSM_T, half::f16>::new().val_layout_dst().to_string(), "((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))");
    /// ```
    #[inline(always)]
    pub fn val_layout_dst(&self) -> <Self as CopyAtomLayouts>::ValLayoutDst {
        Default::default()
    }
    /// CuTe's `ValLayoutRef`.
    ///
    /// ```
    /// use cutlet::atom::{Copy_Atom, UniversalCopy};
    /// assert_eq!(Copy_Atom::<UniversalCopy<u32>, u8>::new().val_layout_ref().to_string(), "(_1,_4):(_0,_1)");
    /// ```
    #[inline(always)]
    pub fn val_layout_ref(&self) -> <Self as CopyAtomLayouts>::ValLayoutRef {
        Default::default()
    }
}
