//! GMMA matrix descriptors from shared-memory tensors (CuTe's `make_gmma_desc`,
//! mma_traits_sm90_gmma.hpp): the start address, the leading and stride byte offsets and
//! the swizzle mode of one warpgroup MMA operand, read off the tensor's layout, which
//! must be one of GMMA's canonical forms (a tiling of a `GMMA::Layout_{K,MN}_*_Atom`).

use super::gmma;
use crate::cuda::{GmmaDescriptor, PtrEngine, Smem, cast_smem_ptr_to_uint};
use crate::layout::{Layout, SwizzleFn};
use crate::prelude::*;
use crate::tensor::{Tensor, engine::int_offset};

/// CuTe's `make_gmma_desc<Major>(tensor)`: the descriptor of a rank-2 `(MN, K)`
/// shared-memory operand of one MMA atom (`(64, 16)` of A, `(N, 16)` of B for 16-bit
/// types). The tensor's swizzle must be one of GMMA's (`Swizzle<B,4,3>` on bytes) and
/// its layout canonical for the major:
///
/// - K-major: rows of `16 W` bytes (W = 1, 2, 4, 8 for no swizzle, 32, 64, 128 bytes),
///   eight rows per core matrix; SBO is the distance between 8-row groups, LBO (no
///   swizzle only) between the two 16-byte k chunks;
/// - MN-major: `16 W` bytes of MN contiguous per k; with a swizzle LBO steps to the next
///   `16 W`-byte MN chunk and SBO to the next 8 k; without, the roles swap.
///
/// A layout that is not canonical stops the kernel (a trap on the GPU, a panic in the
/// emulator) naming the check; with static layouts all of it folds at compile time.
///
/// ```
/// use cutlet_core::atom::{gmma, make_gmma_desc};
/// use cutlet_core::cuda::{emu, Dim3, SmemBuffer};
/// use cutlet_core::prelude::*;
/// emu::launch(Dim3::x(1), Dim3::x(1), 32768, || {
///     // GMMA::Layout_K_SW128_Atom<bf16> tiled to (128, 64): Sw<3,4,3> on bytes.
///     let mut smem = SmemBuffer::dynamic();
///     // SAFETY: nothing is accessed.
///     let sa = unsafe {
///         smem.alloc_aligned::<half::bf16, _, _>(1024, Swizzle::<3, 3, 3>::new(), tile_to_shape(layout!((8, 64):(64, 1)), shape!((128, 64))))
///     };
///     let d = make_gmma_desc::<gmma::K, _, _, _>(&local_tile(sa, shape!((64, 16)), coord!((1, 2))));
///     // CuTe: SBO 64 (x16 bytes: 1 KiB between 8-row groups), LBO 1, 128-byte swizzle,
///     // start 64 rows x 128 bytes + 2 k blocks x 32 bytes in.
///     assert_eq!((d.stride_byte_offset(), d.leading_byte_offset(), d.layout_type()), (1024, 16, 1));
///     assert_eq!(d.start_address(), 64 * 128 + 64);
/// }).unwrap();
/// ```
#[inline(always)]
#[track_caller]
pub fn make_gmma_desc<Mj: gmma::Major, T: Copy, Sw: SwizzleFn, L: Layout>(
    t: &Tensor<PtrEngine<T, Smem, Sw>, L>,
) -> GmmaDescriptor {
    let e = core::mem::size_of::<T>() as isize;
    let l = t.layout();
    let at = |i: isize, j: isize| int_offset(l.call((i, j)));
    let (mn, k) = (size(get::<0, _>(l)).value(), size(get::<1, _>(l)).value());
    // The swizzle on bytes: Swizzle<B, M, S> on elements of e bytes is Swizzle<B, M + log2 e, S>.
    let (b, layout_type) = match Sw::BMS {
        None | Some((0, _, _)) => (0, 0),
        Some((b, m, 3)) if (1isize << m) * e == 16 && b <= 3 => (b, [0, 3, 2, 1][b as usize]),
        _ => not_canonical("the swizzle is not one of GMMA's (Swizzle<B,4,3> on bytes)"),
    };
    let w = 1isize << b;
    let te = 16 / e; // elements per 16 bytes
    let (lbo, sbo) = if Mj::VALUE == 0 {
        // ((8, m), (T, 2)) : ((W T, SBO), (1, LBO or T))
        if mn % 8 != 0 || k * e != 32 {
            not_canonical("a K-major operand is (8 m, 32 bytes)");
        }
        for r in 0..8 {
            if at(r, 0) != r * w * te {
                not_canonical("K-major rows are 16 W bytes apart within a core matrix");
            }
        }
        for c in 0..te {
            if at(0, c) != c {
                not_canonical("K-major: k is contiguous within 16 bytes");
            }
        }
        let sbo = if mn > 8 { at(8, 0) } else { 0 };
        for g in 0..mn / 8 {
            if at(8 * g, 0) != g * sbo {
                not_canonical("K-major 8-row groups are one stride (SBO) apart");
            }
        }
        let lbo = if w > 1 { te } else { at(0, te) };
        if w > 1 && at(0, te) != te {
            not_canonical("a swizzled K-major row holds both 16-byte k chunks");
        }
        (lbo, sbo)
    } else {
        // Swizzled ((W T, n), (8, k)) : ((1, LBO), (W T, SBO)); interleaved ((T, n), (8, k)) :
        // ((1, SBO), (T, LBO)).
        let run = w * te;
        if k * e != 32 || mn % run != 0 {
            not_canonical("an MN-major operand is (16 W bytes n, 16)");
        }
        for i in 0..run {
            if at(i, 0) != i {
                not_canonical("MN-major: MN is contiguous over 16 W bytes");
            }
        }
        for j in 0..8 {
            if at(0, j) != j * run {
                not_canonical("MN-major k rows are 16 W bytes apart");
            }
        }
        let next_mn = if mn > run { at(run, 0) } else { 0 };
        let next_k = at(0, 8);
        if w > 1 {
            (next_mn, next_k)
        } else {
            (next_k, next_mn)
        }
    };
    let start = cast_smem_ptr_to_uint(t.engine().as_ptr()) as isize + t.engine().origin() * e;
    GmmaDescriptor::new(
        start as u32,
        (lbo * e) as u32,
        (sbo * e) as u32,
        layout_type,
    )
}

#[cold]
#[inline(never)]
#[track_caller]
fn not_canonical(why: &str) -> ! {
    panic!("make_gmma_desc: the shared-memory layout is not a canonical GMMA layout: {why}")
}
