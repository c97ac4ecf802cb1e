//! Properties of swizzles and composed layouts on generated inputs: evaluation is
//! `A(O + B(c))` at run time and on the type level alike, swizzled tiles permute their
//! codomain, the inverses invert, and tensors over composed layouts read and partition
//! through the swizzle.

use cutlet_core::prelude::*;
use proptest::prelude::*;

/// The shared-memory tile a 128-bit-swizzled K-major GEMM operand uses (`impl Layout`:
/// the tests see it through the one bound).
fn smem_tile() -> impl Layout {
    tile_to_shape(
        composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1))),
        shape!((64, 64)),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A composed layout is `A(O + B(c))` (CuTe's `operator()`), at any offset.
    #[test]
    fn evaluates_outer_of_offset_plus_inner(i in 0isize..512, o in 0isize..64) {
        let sw = Swizzle::<3, 3, 3>::new();
        let b = layout!((8,64):(64,1));
        let c = make_composed_layout(sw, o, b);
        prop_assert_eq!(c.call(i), sw.apply(o + b.call(i).value()));
        // Swizzles of each shift and base: a swizzle is its own inverse.
        prop_assert_eq!(sw.apply(sw.apply(i)), i);
        let s2 = SwizzleNeg::<2, 1, 4>::new();
        prop_assert_eq!(s2.apply(s2.apply(i)), i);
    }

    /// The swizzled tile maps its domain one to one onto `[0, cosize)`, and its
    /// right inverse undoes it.
    #[test]
    fn swizzled_tile_is_a_permutation(k in 0usize..4096) {
        let t = smem_tile();
        let inv = right_inverse(t);
        let n = size(t).value();
        prop_assert_eq!(cosize(t).value(), n);
        let off = t.call(k as isize).size().value();
        prop_assert!((0..n).contains(&off));
        prop_assert_eq!(t.call(inv.call(k as isize).size().value()).size().value(), k as isize);
    }

    /// A tensor over a composed layout reads through the swizzle; its tiles and slices
    /// read the same elements as the whole tensor.
    #[test]
    fn tensors_read_through_the_swizzle(r in 0isize..64, c in 0isize..64, tr in 0isize..4, tc in 0isize..2) {
        let data: Vec<i32> = (0..4096).collect();
        let t = make_tensor(&data[..], smem_tile());
        let at = t.get((r, c));
        prop_assert_eq!(at as isize, smem_tile().call((r, c)).size().value());
        let tile = local_tile(make_tensor(&data[..], smem_tile()), shape!((16, 32)), (tr, tc));
        prop_assert_eq!(tile.get((r % 16, c % 32)), t.get((16 * tr + r % 16, 32 * tc + c % 32)));
        let row = make_tensor(&data[..], smem_tile()).slice((r, X));
        prop_assert_eq!(row.get(c), at);
    }
}

/// The static path agrees with the run-time one: a static coordinate gives a static
/// offset of the same value.
#[test]
fn static_evaluation_agrees() {
    let c = composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1)));
    unroll!(for i in 0..8 {
        let s = c.call(coord!((3, 14)));
        assert_eq!(core::mem::size_of_val(&s), 0);
        assert_eq!(s.value(), c.call((3isize, 14isize)));
        assert_eq!(c.call(i as isize * 61), {
            let x = (i * 61) as isize;
            let b = (x % 8) * 64 + x / 8;
            b ^ ((b & 0b111_000_000) >> 3)
        });
    });
}
