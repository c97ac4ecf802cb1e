//! Copy atoms (CuTe's `Copy_Traits<Op>` and `Copy_Atom<Op, T>`): for each copy
//! instruction, the threads it involves and its `(thread, value) -> bit` layouts, and
//! the same layouts recast to elements of a value type. Every layout is a zero-sized
//! type.
//!
//! Executing an atom is [`CopyTraits::copy_unpack`]: value by value for the SIMT copies
//! and for `cp.async` on ordinary memory (what the copy leaves once its group is
//! waited). Between the device layer's tensors, `cp.async` from global to shared memory
//! and `ldmatrix` from shared memory run their instructions ([`crate::cuda`]); `ldmatrix`
//! needs a warp's shared memory and stops the build elsewhere.

use crate::algebra::recast::SizeofBits;
use crate::int::{ForEachIndex, Leaf};
use crate::layout::{Layout, LayoutModes, Shaped};
use crate::tensor::{Engine, Space, TensorArg, TensorArgMut};
use crate::tuple::IntTuple;
use core::fmt;
use core::marker::PhantomData;
use typenum::{U0, U1};

/// CuTe's `Copy_Traits<Op>`: a copy instruction's threads and its layouts in bits.
///
/// `SrcLayout` maps `(source thread, value)` to the bit of the source data the thread
/// supplies, `DstLayout` the same for the destination, and `RefLayout` is the reference
/// `(thread, value)` order a tiled copy is laid out in.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// type Op = UniversalCopy<u128>;
/// assert_eq!(<Op as CopyTraits>::SrcLayout::conjure().to_string(), "(_1,_128):(_0,_1)");
/// assert_eq!(<SM75_U32x4_LDSM_N as CopyTraits>::ThrID::conjure().to_string(), "_32:_1");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a copy operation cutlet knows",
    label = "a copy atom needs a copy operation (UniversalCopy<S>, DefaultCopy, SM75_*_LDSM_*, SM80_CP_ASYNC_*)"
)]
pub trait CopyTraits: Copy + Default + fmt::Debug + 'static {
    /// CuTe's `ThrID`: logical thread id to thread index.
    type ThrID: Layout;
    /// CuTe's `SrcLayout`: `(thread, value) -> bit` of the source.
    type SrcLayout: Layout;
    /// CuTe's `DstLayout`: `(thread, value) -> bit` of the destination.
    type DstLayout: Layout;
    /// CuTe's `RefLayout`: the reference `(thread, value) -> bit` layout.
    type RefLayout: Layout;

    /// CuTe's `copy_unpack`: one call of the operation moves values `first .. first +
    /// n` (CuTe's 1-D, colexicographic order) of a thread's source fragment to the same
    /// values of its destination. The default, for the SIMT copies, moves them value
    /// by value: the result of CuTe's one access of `S` bits. `n` is a leaf: an atom's
    /// value count is static, so the per-value loop unrolls by type.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let src = [1.0f32, 2.0, 3.0, 4.0];
    /// let mut dst = [0.0f32; 4];
    /// let (s, mut d) = (make_tensor(&src[..], layout!(4)), make_tensor(&mut dst[..], layout!(4)));
    /// UniversalCopy::<u128>::default().copy_unpack(&s, &mut d, 0, 4);
    /// assert_eq!(dst, src);
    /// ```
    #[inline(always)]
    #[track_caller]
    fn copy_unpack<Src, Dst, N: Leaf>(&self, src: &Src, dst: &mut Dst, first: usize, n: N)
    where
        Src: TensorArg<Elem: Default>,
        Dst: TensorArgMut<Src::Elem>,
    {
        let (src, dst) = (src.tensor(), dst.tensor_mut());
        n.for_each_index(
            #[inline(always)]
            |j| {
                let i = (first + j) as isize;
                dst.set(i, src.get(i));
            },
        );
    }
    /// CuTe's predicated call (`copy_if` of one atom call): the `ZFILL` operations
    /// zero the destination when `pred` is false, the others skip the call.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let src = [7u32; 4];
    /// let mut dst = [1u32; 4];
    /// let (s, mut d) = (make_tensor(&src[..], layout!(4)), make_tensor(&mut dst[..], layout!(4)));
    /// UniversalCopy::<u64>::default().copy_unpack_if(false, &s, &mut d, 0, 2);
    /// SM80_CP_ASYNC_CACHEALWAYS_ZFILL::<u64>::default().copy_unpack_if(false, &s, &mut d, 2, 2);
    /// assert_eq!(dst, [1, 1, 0, 0]);
    /// ```
    #[inline(always)]
    #[track_caller]
    fn copy_unpack_if<Src, Dst, N: Leaf>(
        &self,
        pred: bool,
        src: &Src,
        dst: &mut Dst,
        first: usize,
        n: N,
    ) where
        Src: TensorArg<Elem: Default>,
        Dst: TensorArgMut<Src::Elem>,
    {
        if pred {
            self.copy_unpack(src, dst, first, n)
        }
    }
}

/// One thread moving one `S`: CuTe's `Layout<Shape<_1, Int<sizeof_bits<S>>>>`.
type OneThread<S> = crate::layout::MakeLayout<(
    crate::int::C<typenum::P1>,
    crate::int::C<crate::int::sint::Make<typenum::B0, <S as SizeofBits>::Bits>>,
)>;
type OneThrId = crate::layout_t!(1:0);

/// How a unit operation issues: a SIMT load and store, or `cp.async` (`.ca`, `.cg`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Issue {
    Simt,
    CpAsyncCa,
    CpAsyncCg,
}

/// One call of a unit operation: `cp.async` from global to shared memory, else value by
/// value (zeros where `pred` is false, as `cp.async`'s zero fill).
#[inline(always)]
#[track_caller]
// Without the device layer (no `std`, not nvptx) only `cp.async` would use `S`.
#[cfg_attr(
    not(any(target_arch = "nvptx64", feature = "std")),
    allow(clippy::extra_unused_type_parameters)
)]
fn unit_unpack<S, Src, Dst, N: Leaf>(
    issue: Issue,
    pred: bool,
    src: &Src,
    dst: &mut Dst,
    first: usize,
    n: N,
) where
    Src: TensorArg<Elem: Default>,
    Dst: TensorArgMut<Src::Elem>,
{
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    #[cfg(any(target_arch = "nvptx64", feature = "std"))]
    if issue != Issue::Simt
        && Src::Engine::SPACE == Space::Global
        && Dst::Engine::SPACE == Space::Shared
    {
        return crate::cuda::copy::cp_async_unpack::<S, _, _>(
            pred,
            issue == Issue::CpAsyncCg,
            src,
            dst,
            first,
            n.value() as usize,
        );
    }
    let _ = issue;
    n.for_each_index(
        #[inline(always)]
        |j| {
            let i = (first + j) as isize;
            dst.set(i, if pred { src.get(i) } else { Default::default() });
        },
    );
}

/// Declares a unit-struct-like copy operation generic over its unit `S`.
macro_rules! unit_op {
    ($($(#[$m:meta])* $name:ident: $unit:ident, $issue:ident;)*) => {$(
        $(#[$m])*
        pub struct $name<S>(PhantomData<S>);
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
        impl<S> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(stringify!($name))
            }
        }
        impl<S: $unit + 'static> CopyTraits for $name<S> {
            type ThrID = OneThrId;
            type SrcLayout = OneThread<S>;
            type DstLayout = OneThread<S>;
            type RefLayout = OneThread<S>;
            #[inline(always)]
            #[track_caller]
            fn copy_unpack<Src, Dst, N: Leaf>(&self, src: &Src, dst: &mut Dst, first: usize, n: N)
            where
                Src: TensorArg<Elem: Default>,
                Dst: TensorArgMut<Src::Elem>,
            {
                unit_unpack::<S, _, _, _>(Issue::$issue, true, src, dst, first, n)
            }
        }
    )*};
}

/// The unit of a `cp.async.ca` copy: 4, 8 or 16 bytes.
#[diagnostic::on_unimplemented(
    message = "cp.async does not copy a `{Self}`",
    label = "cp.async.ca copies 4, 8 or 16 bytes (u32, u64, u128); cp.async.cg copies 16 (u128)"
)]
pub trait CpAsyncUnit: SizeofBits {}
impl CpAsyncUnit for u32 {}
impl CpAsyncUnit for u64 {}
impl CpAsyncUnit for u128 {}
/// The unit of a `cp.async.cg` copy: 16 bytes.
#[diagnostic::on_unimplemented(
    message = "cp.async.cg does not copy a `{Self}`",
    label = "cp.async.cg (SM80_CP_ASYNC_CACHEGLOBAL) copies 16 bytes only: use u128"
)]
pub trait CpAsyncCgUnit: SizeofBits {}
impl CpAsyncCgUnit for u128 {}

unit_op! {
    /// CuTe's `UniversalCopy<S>`: one thread, one load and store of an `S` (any width).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<UniversalCopy<u8> as CopyTraits>::RefLayout::conjure().to_string(), "(_1,_8):(_0,_1)");
    /// ```
    UniversalCopy: SizeofBits, Simt;
    /// CuTe's `SM80_CP_ASYNC_CACHEALWAYS<S>`: `cp.async.ca` of one `S` (4, 8 or 16
    /// bytes) from global to shared memory.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// type Op = SM80_CP_ASYNC_CACHEALWAYS<u64>;
    /// assert_eq!(<Op as CopyTraits>::SrcLayout::conjure().to_string(), "(_1,_64):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEALWAYS: CpAsyncUnit, CpAsyncCa;
    /// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL<S>`: `cp.async.cg`, 16 bytes only (CuTe
    /// rejects the other units, and so does the type checker here).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// type Op = SM80_CP_ASYNC_CACHEGLOBAL<u128>;
    /// assert_eq!(<Op as CopyTraits>::DstLayout::conjure().to_string(), "(_1,_128):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEGLOBAL: CpAsyncCgUnit, CpAsyncCg;
}

/// Copy operations that carry a predicate (CuTe's `Copy_Traits::with(bool)` of the
/// `ZFILL` operations): `true` copies, `false` fills the destination with zeros.
///
/// ```
/// use cutlet_core::atom::*;
/// assert!(SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<u128>::default().with(true).pred());
/// ```
pub trait ZfillCopy: Copy {
    /// The same operation with predicate `pred`.
    fn with(self, pred: bool) -> Self;
    /// The predicate.
    fn pred(&self) -> bool;
}

/// Declares a `ZFILL` copy operation: a predicate and the unit `S`.
macro_rules! zfill_op {
    ($($(#[$m:meta])* $name:ident: $unit:ident, $issue:ident;)*) => {$(
        $(#[$m])*
        pub struct $name<S> {
            pred: bool,
            _s: PhantomData<S>,
        }
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
        impl<S> fmt::Debug for $name<S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
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
        impl<S: $unit + 'static> CopyTraits for $name<S> {
            type ThrID = OneThrId;
            type SrcLayout = OneThread<S>;
            type DstLayout = OneThread<S>;
            type RefLayout = OneThread<S>;
            #[inline(always)]
            #[track_caller]
            fn copy_unpack<Src, Dst, N: Leaf>(&self, src: &Src, dst: &mut Dst, first: usize, n: N)
            where
                Src: TensorArg<Elem: Default>,
                Dst: TensorArgMut<Src::Elem>,
            {
                self.copy_unpack_if(self.pred, src, dst, first, n)
            }
            #[inline(always)]
            #[track_caller]
            fn copy_unpack_if<Src, Dst, N: Leaf>(
                &self,
                pred: bool,
                src: &Src,
                dst: &mut Dst,
                first: usize,
                n: N,
            ) where
                Src: TensorArg<Elem: Default>,
                Dst: TensorArgMut<Src::Elem>,
            {
                unit_unpack::<S, _, _, _>(Issue::$issue, pred, src, dst, first, n)
            }
        }
    )*};
}
zfill_op! {
    /// CuTe's `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S>`: `cp.async.ca` that writes zeros
    /// instead of reading when its predicate is false. The predicate is part of the
    /// operation (CuTe keeps it in the traits): `false` by default, set per call with
    /// [`with`](ZfillCopy::with) on the operation, the atom or the tiled copy.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let op = SM80_CP_ASYNC_CACHEALWAYS_ZFILL::<u32>::default();
    /// assert!(!op.pred() && op.with(true).pred());
    /// type Op = SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u32>;
    /// assert_eq!(<Op as CopyTraits>::SrcLayout::conjure().to_string(), "(_1,_32):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL: CpAsyncUnit, CpAsyncCa;
    /// CuTe's `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S>`: `cp.async.cg` (16 bytes) that
    /// writes zeros when its predicate is false; see [`SM80_CP_ASYNC_CACHEALWAYS_ZFILL`].
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, half::f16>::new();
    /// assert!(a.with(true).op().pred());
    /// assert_eq!(a.val_layout_src().to_string(), "(_1,_8):(_0,_1)");
    /// ```
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: CpAsyncCgUnit, CpAsyncCg;
}

/// CuTe's `DefaultCopy` (`AutoVectorizingCopyWithAssumedAlignment<8>`): one thread,
/// one value of any width.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// assert_eq!(<DefaultCopy as CopyTraits>::SrcLayout::conjure().to_string(), "(_1,_1):(_0,_0)");
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct DefaultCopy;
impl CopyTraits for DefaultCopy {
    type ThrID = OneThrId;
    type SrcLayout = crate::layout_t!((1,1):(0,0));
    type DstLayout = crate::layout_t!((1,1):(0,0));
    type RefLayout = crate::layout_t!((1,1):(0,0));
}

/// SM75 `ldmatrix` sources: one 128-bit row per thread (of the threads that supply
/// rows).
type SrcX1 = crate::layout_t!(((8,4),128):((128,0),1));
type SrcX2 = crate::layout_t!(((16,2),128):((128,0),1));
type SrcX4 = crate::layout_t!((32,128):(128,1));
/// Declares one `ldmatrix` operation and its traits (layouts only; the instruction is
/// the device layer's).
macro_rules! ldsm_op {
    ($($(#[$m:meta])* $name:ident, $src:ty, $dst:ty, $r:literal, $trans:literal;)*) => {$(
        $(#[$m])*
        #[derive(Clone, Copy, Default, Debug)]
        pub struct $name;
        impl CopyTraits for $name {
            type ThrID = crate::layout_t!(32:1);
            type SrcLayout = $src;
            type DstLayout = $dst;
            type RefLayout = $dst;
            // A lane's registers come from other lanes' rows: no per-thread copy
            // computes them, so only the device layer's warp instruction does.
            #[inline(always)]
            #[track_caller]
            fn copy_unpack<Src, Dst, N: Leaf>(&self, src: &Src, dst: &mut Dst, first: usize, n: N)
            where
                Src: TensorArg<Elem: Default>,
                Dst: TensorArgMut<Src::Elem>,
            {
                const {
                    if !matches!(Src::Engine::SPACE, Space::Shared) || cfg!(not(any(target_arch = "nvptx64", feature = "std"))) {
                        panic!(concat!(stringify!($name), ": ldmatrix runs on a warp's shared memory: copy from the device layer's shared-memory tensors"))
                    }
                }
                #[cfg(any(target_arch = "nvptx64", feature = "std"))]
                crate::cuda::copy::ldsm_unpack::<$r, $trans, _, _>(src, dst, first, n.value() as usize);
                #[cfg(not(any(target_arch = "nvptx64", feature = "std")))]
                let _ = (src, dst, first, n);
            }
        }
    )*};
}
ldsm_op! {
    /// CuTe's `SM75_U32x1_LDSM_N`: `ldmatrix.sync.aligned.m8n8.x1.shared.b16`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM75_U32x1_LDSM_N as CopyTraits>::DstLayout::conjure().to_string(), "(_32,_32):(_32,_1)");
    /// ```
    SM75_U32x1_LDSM_N, SrcX1, crate::layout_t!((32,32):(32,1)), 1, false;
    /// CuTe's `SM75_U32x2_LDSM_N`: `ldmatrix...x2.shared.b16`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM75_U32x2_LDSM_N as CopyTraits>::SrcLayout::conjure().to_string(), "((_16,_2),_128):((_128,_0),_1)");
    /// ```
    SM75_U32x2_LDSM_N, SrcX2, crate::layout_t!((32,(32,2)):(32,(1,1024))), 2, false;
    /// CuTe's `SM75_U32x4_LDSM_N`: `ldmatrix...x4.shared.b16`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new();
    /// assert_eq!(a.val_layout_dst().to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
    /// ```
    ///
    /// `ldmatrix` reads a warp's shared memory: a copy from any other tensor fails to
    /// build with `ldmatrix runs on a warp's shared memory` (a `const` check of the
    /// engine's memory space, so it fires when the copy is instantiated, not in `cargo
    /// check`):
    ///
    /// ```compile_fail,E0080
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let data = vec![half::f16::ZERO; 16 * 16];                // host memory
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1, 1, 1):(0, 0, 0)));
    /// let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
    /// let thr = s2r.get_slice(0);
    /// let mut frag = mma.get_slice(0).partition_fragment_a(layout!((16, 16)));
    /// let src = thr.partition_s(make_tensor(&data[..], layout!((16, 16):(16, 1))));
    /// s2r.copy(&src, &mut thr.retile_d(frag.view_mut()));
    /// ```
    SM75_U32x4_LDSM_N, SrcX4, crate::layout_t!((32,(32,4)):(32,(1,1024))), 4, false;
    /// CuTe's `SM75_U16x2_LDSM_T`: `ldmatrix...x1.trans.shared.b16`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(<SM75_U16x2_LDSM_T as CopyTraits>::RefLayout::conjure().to_string(), "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))");
    /// ```
    SM75_U16x2_LDSM_T, SrcX1, crate::layout_t!(((4,8),(16,2)):((256,16),(1,128))), 1, true;
    /// CuTe's `SM75_U16x4_LDSM_T`: `ldmatrix...x2.trans.shared.b16`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// assert_eq!(size(<SM75_U16x4_LDSM_T as CopyTraits>::DstLayout::conjure()).to_string(), "_2048");
    /// ```
    SM75_U16x4_LDSM_T, SrcX2, crate::layout_t!(((4,8),(16,2,2)):((256,16),(1,128,1024))), 2, true;
    /// CuTe's `SM75_U16x8_LDSM_T`: `ldmatrix...x4.trans.shared.b16`.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM75_U16x8_LDSM_T, half::bf16>::new();
    /// assert_eq!(a.val_layout_src().to_string(), "(_32,_8):(_8,_1)");
    /// ```
    SM75_U16x8_LDSM_T, SrcX4, crate::layout_t!(((4,8),(16,2,4)):((256,16),(1,128,1024))), 4, true;
}

/// CuTe's `Copy_Atom<Op, T>`: the copy operation `Op` moving values of type `T`. Its
/// layouts are `Op`'s bit layouts recast to `T` (CuTe's `recast_layout<uint1_t, T>`);
/// an `Op` that cannot move whole `T`s per thread (e.g. `ldmatrix` of `f64`) stops the
/// build at [`Copy_Atom::new`] with CuTe's message.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let a = Copy_Atom::<UniversalCopy<u128>, half::f16>::new();
/// assert_eq!(a.val_layout_ref().to_string(), "(_1,_8):(_0,_1)");
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
impl<Op: fmt::Debug, T> fmt::Debug for Copy_Atom<Op, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Copy_Atom<{:?}, {}>",
            self.op,
            core::any::type_name::<T>()
                .rsplit("::")
                .next()
                .unwrap_or("")
        )
    }
}
impl<Op: ZfillCopy, T> Copy_Atom<Op, T> {
    /// CuTe's `copy_atom.with(pred)`: the atom with its operation's predicate set.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u32>, f32>::new();
    /// assert!(!a.op().pred() && a.with(true).op().pred());
    /// ```
    #[inline(always)]
    pub fn with(self, pred: bool) -> Self {
        Copy_Atom {
            op: self.op.with(pred),
            _t: PhantomData,
        }
    }
}

/// A copy atom (CuTe's `Copy_Atom<Op, T>`): the one bound generic code names for it.
/// Its layouts are associated types, in elements of [`ValType`](CopyAtom::ValType).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// fn values_per_call<A: CopyAtom>(_: A) -> isize {
///     size(get::<1, _>(A::ValLayoutSrc::conjure())).value()
/// }
/// assert_eq!(values_per_call(Copy_Atom::<UniversalCopy<u128>, f32>::new()), 4);
/// assert_eq!(values_per_call(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new()), 8);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a copy atom",
    label = "expected `Copy_Atom<Op, T>`"
)]
pub trait CopyAtom: Copy + Default + fmt::Debug + 'static {
    /// The operation.
    type Op: CopyTraits;
    /// CuTe's `ValType`.
    type ValType: Copy + 'static;
    /// CuTe's `ValLayoutSrc`: `(thread, value) -> element` of the source.
    type ValLayoutSrc: Layout;
    /// CuTe's `ValLayoutDst`.
    type ValLayoutDst: Layout;
    /// CuTe's `ValLayoutRef`.
    type ValLayoutRef: Layout;
    /// `right_inverse(ValLayoutRef).compose(ValLayoutSrc)`: source `(thr, val)` to
    /// reference `(thr, val)`.
    type Ref2Src: Layout;
    /// `right_inverse(ValLayoutRef).compose(ValLayoutDst)`.
    type Ref2Dst: Layout;
    /// The operation.
    fn op(&self) -> Self::Op;
    /// The atom of operation `op` (CuTe's `with(...)` rebuilds the atom from its traits).
    fn with_op(op: Self::Op) -> Self;

    /// CuTe's `copy(copy_atom, src, dst)`: one call of the operation per `NumValSrc`
    /// values of the two fragments, in CuTe's (colexicographic) order.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let src = [1i32, 2, 3, 4];
    /// let mut dst = [0i32; 4];
    /// let atom = Copy_Atom::<UniversalCopy<u64>, i32>::new();   // 2 values a call
    /// atom.copy(&make_tensor(&src[..], layout!((2,2))), &mut make_tensor(&mut dst[..], layout!((2,2):(2,1))));
    /// assert_eq!(dst, [1, 3, 2, 4]);
    /// ```
    ///
    /// # Panics
    /// If the fragments' sizes differ or are not whole calls.
    #[inline(always)]
    #[track_caller]
    fn copy<Src: TensorArg<Elem: Default>, Dst: TensorArgMut<Src::Elem>>(
        &self,
        src: &Src,
        dst: &mut Dst,
    ) {
        let (n, calls) = atom_calls::<Self, _, _>(src.tensor().layout(), dst.tensor().layout());
        let op = self.op();
        // A static count unrolls, so every value index below is a constant.
        calls.for_each_index(
            #[inline(always)]
            |c| op.copy_unpack(src, dst, c * n.value() as usize, n),
        );
    }
    /// CuTe's `copy_if(copy_atom, pred, src, dst)`: `pred` has a value for each value
    /// of the fragments, and a call runs where its first value's predicate is true (a
    /// `ZFILL` operation zeroes the destination where it is false).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::atom::*;
    /// let src = [1i32, 2, 3, 4];
    /// let mut dst = [0i32; 4];
    /// let atom = Copy_Atom::<UniversalCopy<u64>, i32>::new();   // 2 values a call
    /// let pred = [false, false, true, true];
    /// atom.copy_if(&make_tensor(&pred[..], layout!(4)), &make_tensor(&src[..], layout!(4)), &mut make_tensor(&mut dst[..], layout!(4)));
    /// assert_eq!(dst, [0, 0, 3, 4]);
    /// ```
    ///
    /// # Panics
    /// As [`copy`](Self::copy), or if the predicate's size is not the fragments'.
    #[inline(always)]
    #[track_caller]
    fn copy_if<Pred, Src, Dst>(&self, pred: &Pred, src: &Src, dst: &mut Dst)
    where
        Pred: TensorArg<Elem = bool>,
        Src: TensorArg<Elem: Default>,
        Dst: TensorArgMut<Src::Elem>,
    {
        let pred = pred.tensor();
        let (n, calls) = atom_calls::<Self, _, _>(src.tensor().layout(), dst.tensor().layout());
        let np = pred.size().value() as usize;
        let first = |c: usize| c * n.value() as usize;
        let total = first(calls.value() as usize);
        if np != total {
            crate::cold::predicates_mismatch(total, np)
        }
        let op = self.op();
        calls.for_each_index(
            #[inline(always)]
            |c| op.copy_unpack_if(pred.get(first(c) as isize), src, dst, first(c), n),
        );
    }
}

/// The number of values one call of atom `A` moves, as a static integer.
type NumValSrc<A> = <<<<A as CopyAtom>::ValLayoutSrc as crate::layout::LayoutModes>::Get<
    U1,
> as crate::layout::Shaped>::Shape as IntTuple>::Size;
/// The number of calls of atom `A` that copy a fragment of layout `L`: static when its
/// size is.
type Calls<A, L> =
    crate::int::types::Div<<<L as crate::layout::Shaped>::Shape as IntTuple>::Size, NumValSrc<A>>;

/// `(values per call, calls)` of a copy of `s` to `d` with atom `A`.
#[inline(always)]
#[track_caller]
fn atom_calls<A: CopyAtom, Ls: Layout, Ld: Layout>(s: Ls, d: Ld) -> (NumValSrc<A>, Calls<A, Ls>) {
    let (ns, nd) = (
        s.shape().size().value() as usize,
        d.shape().size().value() as usize,
    );
    let n = num_val_src::<A>();
    if ns != nd || !ns.is_multiple_of(n) {
        crate::cold::not_whole_calls(ns, nd, n)
    }
    (
        Leaf::from_value(n as isize),
        Leaf::from_value((ns / n) as isize),
    )
}

type Recast<L, T> = <L as Layout>::Upcast<<T as SizeofBits>::Bits>;
type RefInv<Op, T> = <Recast<<Op as CopyTraits>::RefLayout, T> as Layout>::RightInverse;
impl<Op: CopyTraits, T: SizeofBits + Copy + 'static> CopyAtom for Copy_Atom<Op, T> {
    type Op = Op;
    type ValType = T;
    type ValLayoutSrc = Recast<Op::SrcLayout, T>;
    type ValLayoutDst = Recast<Op::DstLayout, T>;
    type ValLayoutRef = Recast<Op::RefLayout, T>;
    type Ref2Src =
        <RefInv<Op, T> as Layout>::Compose<<Recast<Op::SrcLayout, T> as Layout>::AsTiler>;
    type Ref2Dst =
        <RefInv<Op, T> as Layout>::Compose<<Recast<Op::DstLayout, T> as Layout>::AsTiler>;
    #[inline(always)]
    fn op(&self) -> Op {
        self.op
    }
    #[inline(always)]
    fn with_op(op: Op) -> Self {
        Copy_Atom {
            op,
            _t: PhantomData,
        }
    }
}

/// `size<I>(layout)` of a static layout, as a number.
pub(crate) const fn mode_size<L: Layout, I: crate::int::Nat>() -> i64 {
    <<<<<L as LayoutModes>::Get<I> as Shaped>::Shape as IntTuple>::Size as Leaf>::Val as typenum::Integer>::I64
}
/// `size(layout)` of a static layout, as a number.
pub(crate) const fn layout_size<L: Layout>() -> i64 {
    <<<<L as Shaped>::Shape as IntTuple>::Size as Leaf>::Val as typenum::Integer>::I64
}

impl<Op: CopyTraits, T: SizeofBits + Copy + 'static> Copy_Atom<Op, T> {
    /// CuTe's `Copy_Atom<Op, T>{}`. An `Op` that does not move whole `T`s on each of
    /// its threads (`size<0>` of a recast layout is not `size(ThrID)`) stops the build.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM75_U16x8_LDSM_T, half::f16>::new();
    /// assert_eq!(a.thr_id().to_string(), "_32:_1");
    /// ```
    #[inline(always)]
    pub fn new() -> Self {
        const {
            let thr = layout_size::<Op::ThrID>();
            assert!(
                mode_size::<<Self as CopyAtom>::ValLayoutSrc, U0>() == thr
                    && mode_size::<<Self as CopyAtom>::ValLayoutDst, U0>() == thr
                    && mode_size::<<Self as CopyAtom>::ValLayoutRef, U0>() == thr,
                "Copy_Atom: CopyOperation is not valid for Src/Dst/Ref of ValType (CuTe: size<0>(ValLayout) == size(ThrID))"
            );
        }
        Self::default()
    }
    /// The operation.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<UniversalCopy<u32>, f32>::new();
    /// assert_eq!(format!("{:?}", a.op()), "UniversalCopy");
    /// ```
    #[inline(always)]
    pub fn op(&self) -> Op {
        self.op
    }
    /// CuTe's `ThrID`.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// assert_eq!(Copy_Atom::<DefaultCopy, f64>::new().thr_id().to_string(), "_1:_0");
    /// ```
    #[inline(always)]
    pub fn thr_id(&self) -> Op::ThrID {
        crate::int::Conjure::conjure()
    }
    /// CuTe's `ValLayoutSrc`.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<UniversalCopy<u32>, f64>::new();
    /// // CuTe accepts a 32-bit copy of a 64-bit type: one value.
    /// assert_eq!(a.val_layout_src().to_string(), "(_1,_1):(_0,_1)");
    /// ```
    #[inline(always)]
    pub fn val_layout_src(&self) -> <Self as CopyAtom>::ValLayoutSrc {
        crate::int::Conjure::conjure()
    }
    /// CuTe's `ValLayoutDst`.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM75_U32x1_LDSM_N, half::f16>::new();
    /// assert_eq!(a.val_layout_dst().to_string(), "(_32,_2):(_2,_1)");
    /// ```
    #[inline(always)]
    pub fn val_layout_dst(&self) -> <Self as CopyAtom>::ValLayoutDst {
        crate::int::Conjure::conjure()
    }
    /// CuTe's `ValLayoutRef`.
    ///
    /// ```
    /// use cutlet_core::atom::*;
    /// let a = Copy_Atom::<SM80_CP_ASYNC_CACHEALWAYS<u128>, f32>::new();
    /// assert_eq!(a.val_layout_ref().to_string(), "(_1,_4):(_0,_1)");
    /// ```
    #[inline(always)]
    pub fn val_layout_ref(&self) -> <Self as CopyAtom>::ValLayoutRef {
        crate::int::Conjure::conjure()
    }
}

/// [`NumValSrc`] as a number.
#[inline(always)]
const fn num_val_src<A: CopyAtom>() -> usize {
    <<NumValSrc<A> as Leaf>::Val as typenum::Integer>::I64 as usize
}
