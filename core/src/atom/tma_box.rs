//! The TMA box of a copy between a global tensor and a shared-memory tile: the part of
//! CuTe's `make_tma_copy` (copy_traits_sm90_tma.hpp) that decides what one
//! `cp.async.bulk.tensor` moves, for rank-2 tensors. The shared-memory tile is walked in
//! address order; its modes must follow the global tensor's (the unit-stride global mode
//! first, CuTe's "majorness of smem doesn't match majorness of gmem" check) and be compact:
//! the tile is then one box, or boxes one after another along the contiguous mode (as
//! CuTe's `TMA_Iter` issues several copies for a tile one box does not cover).

use crate::cuda::{TmaBox, TmaError, TmaSwizzle};
use crate::layout::{Layout, SwizzleFn};
use crate::prelude::*;
use crate::tensor::engine::int_offset;

/// The [`TmaBox`] that copies the `(rows, cols)` tile given by the first two modes of
/// `smem` (laid out by `smem`, swizzled by `swizzle` in units of `T`) to or from the rank-2
/// global tensor laid out by `gmem`: the global tensor's extents and byte strides,
/// dimension 0 its unit-stride mode; the box the widest part of the tile, in that order,
/// that the tile stores as consecutive boxes (the whole tile where it can, else
/// `box_dim[0]` of the contiguous mode times the whole other mode, the tile then being
/// `tile extent / box_dim[0]` boxes, box `i` at element offset `i` times the box's size); the
/// swizzle `swizzle` on bytes. Errors name the values: no unit-stride global mode, a tile
/// whose contiguous mode is not the global one's, a tile that is not compact in that
/// order, a swizzle TMA has not, and [`TmaBox::check`]'s limits.
///
/// ```
/// use cutlet_core::atom::make_tma_box;
/// use cutlet_core::cuda::TmaSwizzle;
/// use cutlet_core::prelude::*;
/// // bf16 A (m, k) = (300, 1000) K-major, lda = 1024; the (128, 64) tile of
/// // GMMA::Layout_K_SW128_Atom (Sw<3,4,3> on bytes = Sw<3,3,3> on 16-bit elements).
/// let tile = tile_to_shape(layout!((8, 64):(64, 1)), shape!((128, 64)));
/// let b = make_tma_box::<half::bf16, _>(layout!((300, 1000):(1024, 1)), tile, Swizzle::<3, 3, 3>::new()).unwrap();
/// assert_eq!((b.global_dim[..2].to_vec(), b.global_stride[0]), (vec![1000, 300], 2048));
/// assert_eq!((b.box_dim[..2].to_vec(), b.swizzle), (vec![64, 128], TmaSwizzle::B128));
/// // An M-major A, lda = 304, and GMMA::Layout_MN_SW128_Atom tiled k first (CUTLASS's
/// // Step<_2,_1,_3>): two (64, 64) boxes, one per 128-byte column of 64 rows.
/// let mn = tile_to_shape_ordered(layout!((64, 8):(1, 64)), shape!((128, 64)), shape!((1, 0)));
/// let b = make_tma_box::<half::bf16, _>(layout!((300, 1000):(1, 304)), mn, Swizzle::<3, 3, 3>::new()).unwrap();
/// assert_eq!((b.global_dim[..2].to_vec(), b.box_dim[..2].to_vec()), (vec![300, 1000], vec![64, 64]));
/// // The K-major tile against the M-major A: the majors disagree.
/// let e = make_tma_box::<half::bf16, _>(layout!((300, 1000):(1, 304)), tile, Swizzle::<3, 3, 3>::new());
/// assert!(e.unwrap_err().to_string().contains("majorness"));
/// ```
pub fn make_tma_box<T, Sw: SwizzleFn>(
    gmem: impl Layout,
    smem: impl Layout,
    _swizzle: Sw,
) -> Result<TmaBox, TmaError> {
    let e = core::mem::size_of::<T>();
    let g = [
        size(get::<0, _>(gmem)).value(),
        size(get::<1, _>(gmem)).value(),
    ];
    let gs = [
        int_offset(gmem.call((1isize, 0isize))),
        int_offset(gmem.call((0isize, 1isize))),
    ];
    let s = [
        size(get::<0, _>(smem)).value(),
        size(get::<1, _>(smem)).value(),
    ];
    let at = |i: isize, j: isize| int_offset(smem.call(i + s[0] * j));
    let u = |x: isize| x as u64;
    // The global unit-stride mode is TMA dimension 0.
    let c = match gs {
        [1, _] => 0,
        [_, 1] => 1,
        _ => {
            return Err(TmaError(
                "the global tensor has no unit-stride mode",
                [u(gs[0]), u(gs[1]), 0, 0],
            ));
        }
    };
    let o = 1 - c;
    let (sc, so) = (s[c], s[o]);
    let coord = |x: isize, y: isize| if c == 0 { (x, y) } else { (y, x) };
    // The tile, walked in address order, is `sc / b0` boxes one after another, each
    // running `b0` along the contiguous mode first and then the whole other mode, with no
    // gaps (CuTe issues one copy per box, its `TMA_Iter`). The widest such box is taken;
    // a K-major GMMA tile is one box, an MN-major one a box per 128-byte swizzle column.
    // Narrower boxes must still be whole 16-byte units (TMA's inner-extent rule).
    let fits = |b0: isize| {
        (0..so).find_map(|y| {
            (0..sc).find_map(|x| {
                let (i, j) = coord(x, y);
                let want = x / b0 * b0 * so + x % b0 + b0 * y;
                (at(i, j) != want).then(|| [u(i), u(j), u(at(i, j)), u(want)])
            })
        })
    };
    let mut b0 = sc;
    let mut first_miss = None;
    loop {
        if sc % b0 == 0 && (b0 == sc || (b0 as usize * e).is_multiple_of(16)) {
            match fits(b0) {
                None => break,
                Some(miss) => {
                    first_miss.get_or_insert(miss);
                }
            }
        }
        b0 -= 1;
        if b0 == 0 {
            return Err(TmaError(
                "the shared-memory tile does not follow the global tensor's majorness (or is not compact)",
                first_miss.unwrap_or_default(),
            ));
        }
    }
    let swizzle = TmaSwizzle::from_bms(Sw::BMS.map(|(b, m, sh)| (b, m + e.trailing_zeros(), sh)))
        .ok_or(TmaError(
        "the swizzle is not one of TMA's (Swizzle<B,4,3> on bytes)",
        [0; 4],
    ))?;
    let b = TmaBox::new(
        e,
        &[u(g[c]), u(g[o])],
        &[u(gs[o]) * e as u64],
        &[b0 as u32, so as u32],
        swizzle,
    );
    b.check()?;
    Ok(b)
}
