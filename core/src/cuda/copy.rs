//! The instructions behind the copy atoms (CuTe's `copy_unpack` of
//! `copy_traits_sm75.hpp` and `copy_traits_sm80.hpp`): `ldmatrix` from shared memory
//! into registers and `cp.async` from global into shared memory. The copy atoms call
//! them when the tensors are in those memories.
//!
//! One call moves one thread's values of the atom: a contiguous 16-byte row
//! (`ldmatrix`) or one unit `S` (`cp.async`), which the partition must provide; the
//! emulator checks that, the GPU checks the alignment.

use super::U128;
#[cfg(target_arch = "nvptx64")]
use super::{U64, cp_async};
use crate::layout::Layout;
use crate::tensor::{Engine, Tensor, TensorArg, TensorArgMut};

/// The address of values `first .. first + n` of `t`, which must be `bytes` contiguous,
/// aligned bytes.
///
/// The emulator checks that. On the GPU nothing is tested: a static partition's
/// contiguity is fixed by its type (CuTe's `recast` check), and a misaligned address
/// makes the instruction fault (`CUDA_ERROR_MISALIGNED_ADDRESS`), so the checks would
/// only add a branch per instruction to the main loop, where they keep `ptxas` from
/// scheduling the `ldmatrix`/`cp.async` of a k block together.
#[inline(always)]
#[track_caller]
fn vector_at<E: Engine, L: Layout>(
    t: &Tensor<E, L>,
    first: usize,
    n: usize,
    bytes: usize,
) -> *const E::Elem {
    let at = |i: usize| t.engine().addr(t.layout().call(i as isize));
    let p = at(first);
    #[cfg(not(target_arch = "nvptx64"))]
    {
        if n * core::mem::size_of::<E::Elem>() != bytes
            || (1..n).any(|i| at(first + i) != p.wrapping_add(i))
        {
            not_a_vector(n, bytes);
        }
        if !(p as usize).is_multiple_of(bytes) {
            misaligned(p as usize, bytes);
        }
    }
    #[cfg(target_arch = "nvptx64")]
    let _ = (n, bytes);
    p
}

/// Where value `first` of `t` comes from, for the emulator's sanitizer.
#[cfg(not(target_arch = "nvptx64"))]
#[inline(always)]
fn origin<E: Engine, L: Layout>(t: &Tensor<E, L>, first: usize) -> super::emu::sanitizer::Origin {
    let (base, logical) = t.engine().sanitizer_origin(t.layout().call(first as isize));
    super::emu::sanitizer::Origin { base, logical }
}

#[cold]
#[inline(never)]
#[cfg(not(target_arch = "nvptx64"))]
#[track_caller]
fn not_a_vector(n: usize, bytes: usize) -> ! {
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
fn from_bits16<T: Copy>(b: u32) -> T {
    const {
        assert!(
            core::mem::size_of::<T>() == 2,
            "ldmatrix moves 16-bit elements"
        )
    };
    let b = b as u16;
    // SAFETY: `T` is 16 bits (checked above) of plain data (the atom's value type: f16,
    // bf16, u16, i16), so every bit pattern is a value of it.
    unsafe { core::mem::transmute_copy::<u16, T>(&b) }
}

/// `ldmatrix` of `R` matrices (transposed when `TRANS`): this thread's 16-byte row is
/// source values `first .. first + n`, its `2 R` results go to destination values
/// `first ..`, register `w` holding values `2 w` (low half) and `2 w + 1`.
#[inline(always)]
#[track_caller]
pub(crate) fn ldsm_unpack<const R: usize, const TRANS: bool, Src, Dst>(
    src: &Src,
    dst: &mut Dst,
    first: usize,
    n: usize,
) where
    Src: TensorArg,
    Dst: TensorArgMut<Src::Elem>,
{
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    let row = vector_at(src, first, n, 16) as *const U128;
    // SAFETY: `row` is a 16-byte run of the shared-memory tensor the partition addresses
    // (the atom checked the space), readable by the tensor's contract (the emulator
    // checked its alignment; on the GPU a misaligned row faults in the instruction).
    #[cfg(target_arch = "nvptx64")]
    let r = unsafe { super::ldmatrix::ldmatrix::<R, TRANS>(row) };
    // SAFETY: as above; the emulator reads the row through a reference.
    #[cfg(not(target_arch = "nvptx64"))]
    let r = unsafe { super::ldmatrix::emulate::<R>(&*row, TRANS, origin(src, first)) };
    // Unrolled (R is 1, 2 or 4), so the destination indices are constants.
    crate::unroll!(for w in 0..4 {
        if w < R {
            let v = (first + 2 * w) as isize;
            dst.set(v, from_bits16(r[w] & 0xffff));
            dst.set(v + 1, from_bits16(r[w] >> 16));
        }
    });
}

/// One `cp.async` of an `S` from source values `first .. first + n` to the same
/// destination values, reading only when `pred` (zero fill otherwise); `.cg` when
/// `global`.
#[inline(always)]
#[track_caller]
pub(crate) fn cp_async_unpack<S, Src, Dst>(
    pred: bool,
    global: bool,
    src: &Src,
    dst: &mut Dst,
    first: usize,
    n: usize,
) where
    Src: TensorArg,
    Dst: TensorArgMut<Src::Elem>,
{
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    let bytes = core::mem::size_of::<S>();
    let d = vector_at(dst, first, n, bytes) as *mut Src::Elem;
    // An unread source (zfill) is never dereferenced, so it is not checked.
    let s = if pred {
        vector_at(src, first, n, bytes)
    } else {
        src.engine().addr(src.layout().call(first as isize))
    };
    // The emulator's copy, with the tensors' origins for the sanitizer.
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = global;
        super::emu::cp_async_push(
            d as usize,
            s as usize,
            bytes,
            pred,
            (origin(dst, first), origin(src, first)),
        );
    }
    // SAFETY: `d` is an aligned `S` of the shared-memory tensor (checked), written by
    // this thread only until the wait for its group (the tensor's contract); `s` is an
    // aligned `S` of the global tensor, read only when `pred`. The elements are plain
    // data, so the copied or zero-filled bytes are values of them.
    #[cfg(target_arch = "nvptx64")]
    unsafe {
        if global {
            cp_async::cp_async_cg(d as *mut U128, s as *const U128, pred)
        } else {
            match bytes {
                4 => cp_async::cp_async_ca(d as *mut u32, s as *const u32, pred),
                8 => cp_async::cp_async_ca(d as *mut U64, s as *const U64, pred),
                _ => cp_async::cp_async_ca(d as *mut U128, s as *const U128, pred),
            }
        }
    }
}
