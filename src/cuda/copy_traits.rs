//! The hardware copy operations as executable copy atoms (CuTe's `copy_unpack` of
//! `copy_traits_sm75.hpp` and `copy_traits_sm80.hpp`): [`CopyOp`] for `ldmatrix`
//! (shared memory → registers) and `cp.async` (global → shared memory, with the `ZFILL`
//! variants' predicate). Their layouts are in [`crate::atom`]; this module only moves the
//! bits, so `copy(tiled_copy, src, dst)` runs them on the GPU and in the emulator.
//!
//! One call moves one thread's values of the atom: a contiguous 16-byte row (`ldmatrix`)
//! or one `S` (`cp.async`), which the partition must provide; the emulator checks that,
//! the GPU checks the alignment.

use super::ldmatrix::*;
use super::ptr::PtrEngine;
use super::{DevicePod, U128, cp_async};
use crate::algebra::SizeofBits;
use crate::atom::{
    CopyOp, CpAsyncCgUnit, CpAsyncUnit, SM80_CP_ASYNC_CACHEALWAYS, SM80_CP_ASYNC_CACHEALWAYS_ZFILL,
    SM80_CP_ASYNC_CACHEGLOBAL, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, ZfillCopy,
};
use crate::layout::Walkable;
use crate::tensor::{EngineMut, Gmem, Smem};

/// The address of a call's values, which must be `bytes` contiguous, aligned bytes.
///
/// The emulator checks that. On the GPU nothing is tested: a static partition's
/// contiguity is fixed by its type (CuTe's `recast` check), and a misaligned address makes
/// the instruction fault (`CUDA_ERROR_MISALIGNED_ADDRESS`), so the checks would only add
/// a branch per instruction to the main loop, where they keep `ptxas` from scheduling the
/// `ldmatrix`/`cp.async` of a k block together.
#[inline(always)]
#[track_caller]
fn vector_at<T, L: Walkable<isize>>(base: *mut T, vals: L, bytes: usize) -> *mut T {
    let first = vals.walk_index(0);
    let p = base.wrapping_offset(first);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let n = vals.walk_size();
        if n as usize * core::mem::size_of::<T>() != bytes
            || (0..n).any(|i| vals.walk_index(i) != first + i)
        {
            not_a_vector(n, bytes);
        }
        if !(p as usize).is_multiple_of(bytes) {
            misaligned(p as usize, bytes);
        }
    }
    #[cfg(target_arch = "nvptx64")]
    let _ = bytes;
    p
}

#[cold]
#[inline(never)]
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn not_a_vector(n: isize, bytes: usize) -> ! {
    panic!("copy atom: the call's {n} values are not {bytes} contiguous bytes")
}

#[cold]
#[inline(never)]
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn misaligned(addr: usize, bytes: usize) -> ! {
    panic!("copy atom: address {addr:#x} is not a {bytes}-byte vector")
}

/// A 16-bit element from its bits.
#[inline(always)]
fn from_bits16<T: DevicePod + SizeofBits<Bits = typenum::U16>>(b: u32) -> T {
    let b = b as u16;
    // SAFETY: `T` is 16 bits (its `SizeofBits`) of plain data, so every bit pattern is a
    // value of it.
    unsafe { core::mem::transmute_copy::<u16, T>(&b) }
}

macro_rules! ldsm_copy_op {
    ($($op:ident),*) => {$(
        // ldmatrix: the thread supplies one 16-byte row of shared memory and receives
        // `2 R` values, register `w` holding values `2 w` (low half) and `2 w + 1`.
        impl<T, ED> CopyOp<PtrEngine<T, Smem>, ED> for $op
        where
            T: DevicePod + SizeofBits<Bits = typenum::U16>,
            ED: EngineMut<Elem = T>,
        {
            #[inline(always)]
            #[track_caller]
            fn copy_atom<LS: Walkable<isize>, LD: Walkable<isize>>(
                &self,
                src: &PtrEngine<T, Smem>,
                src_vals: LS,
                dst: &mut ED,
                dst_vals: LD,
            ) {
                let row = vector_at(src.as_ptr(), src_vals, 16) as *const U128;
                // SAFETY: `row` is a 16-byte run of the shared-memory tensor the partition
                // addresses, readable by the tensor's contract (the emulator checked its
                // alignment; on the GPU a misaligned row faults in the instruction).
                let r = unsafe { Self::copy_raw(row) };
                crate::int::for_each_unrolled(r.len() as isize, #[inline(always)] |w| {
                    let (word, w) = (r[w], w as isize);
                    dst.write(dst_vals.walk_index(2 * w), from_bits16(word & 0xffff));
                    dst.write(dst_vals.walk_index(2 * w + 1), from_bits16(word >> 16));
                });
            }
        }
    )*};
}
ldsm_copy_op!(
    SM75_U32x1_LDSM_N,
    SM75_U32x2_LDSM_N,
    SM75_U32x4_LDSM_N,
    SM75_U16x2_LDSM_T,
    SM75_U16x4_LDSM_T,
    SM75_U16x8_LDSM_T
);

/// One `cp.async` of an `S` from `src_vals` to `dst_vals`, reading only when `pred`.
#[inline(always)]
#[track_caller]
fn cp_async_call<T: DevicePod, S, LS: Walkable<isize>, LD: Walkable<isize>>(
    src: &PtrEngine<T, Gmem>,
    src_vals: LS,
    dst: &mut PtrEngine<T, Smem>,
    dst_vals: LD,
    pred: bool,
    global: bool,
) {
    let bytes = core::mem::size_of::<S>();
    let d = vector_at(dst.as_ptr(), dst_vals, bytes);
    // An unread source (zfill) is never dereferenced, so it is not checked.
    let s = if pred {
        vector_at(src.as_ptr(), src_vals, bytes)
    } else {
        src.as_ptr()
    };
    // SAFETY: `d` is an aligned `S` of the shared-memory tensor (checked), written by
    // this thread only until the wait for its group (the tensor's contract); `s` is an
    // aligned `S` of the global tensor, read only when `pred`. `T` is plain data, so the
    // copied or zero-filled bytes are values of it.
    unsafe {
        if global {
            cp_async::cp_async_cg(d as *mut U128, s as *const U128, pred)
        } else {
            match bytes {
                4 => cp_async::cp_async_ca(d as *mut u32, s as *const u32, pred),
                8 => cp_async::cp_async_ca(d as *mut super::U64, s as *const super::U64, pred),
                _ => cp_async::cp_async_ca(d as *mut U128, s as *const U128, pred),
            }
        }
    }
}

macro_rules! cp_async_copy_op {
    ($($op:ident: $unit:ident, $global:literal, |$o:ident| $pred:expr);*) => {$(
        impl<S: $unit, T: DevicePod> CopyOp<PtrEngine<T, Gmem>, PtrEngine<T, Smem>> for $op<S> {
            #[inline(always)]
            #[track_caller]
            fn copy_atom<LS: Walkable<isize>, LD: Walkable<isize>>(
                &self,
                src: &PtrEngine<T, Gmem>,
                src_vals: LS,
                dst: &mut PtrEngine<T, Smem>,
                dst_vals: LD,
            ) {
                let $o = self;
                cp_async_call::<T, S, _, _>(src, src_vals, dst, dst_vals, $pred, $global)
            }
        }
    )*};
}
cp_async_copy_op!(
    SM80_CP_ASYNC_CACHEALWAYS: CpAsyncUnit, false, |_o| true;
    SM80_CP_ASYNC_CACHEGLOBAL: CpAsyncCgUnit, true, |_o| true;
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL: CpAsyncUnit, false, |o| o.pred();
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL: CpAsyncCgUnit, true, |o| o.pred()
);
