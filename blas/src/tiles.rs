//! The tile hierarchy of the blocked GEMM as static layouts, one set per instruction set
//! and element type: cache blocks of A and B, their packed ("shared memory") layouts,
//! and the register tile. Every extent here is a type, so the packed layouts are
//! zero-sized and the register tile's storage size is fixed at compile time.
//!
//! | module | registers | register tile | `KC` | `MC` | `NC` |
//! |---|---|---|---|---|---|
//! | [`f32_avx512`] | 32 zmm (16 lanes) | `(_32,_12)`: 24 zmm accumulators | 256 | 960 | 3072 |
//! | [`f32_avx2`] | 16 ymm (8 lanes) | `(_16,_6)`: 12 ymm accumulators | 512 | 192 | 3072 |
//! | [`f32_base`] | 16 xmm (4 lanes, SSE2) | `(_8,_4)`: 8 xmm accumulators | 256 | 240 | 3072 |
//! | [`f64_avx512`] | 32 zmm (8 lanes) | `(_16,_12)`: 24 zmm accumulators | 256 | 480 | 3072 |
//! | [`f64_avx2`] | 16 ymm (4 lanes) | `(_8,_6)`: 12 ymm accumulators | 512 | 96 | 1536 |
//! | [`f64_base`] | 16 xmm (2 lanes, SSE2) | `(_4,_4)`: 8 xmm accumulators | 256 | 120 | 3072 |
//!
//! Each register tile is the vector MMA atom (one register of `LANES` values of C) tiled
//! `(MR / LANES, NR)` times: `AccumVec`, one vector register per element. The last panel
//! of B runs at `NrEdge`'s narrower widths when it is short (`NR` 6: 4 and 2; `NR` 12: 8
//! and 4; `NR` 4: 2 and 1): every power of two from 64 on is whole panels and at most
//! one panel of those widths.
//!
//! The cache blocks are measured defaults: a `(NR, KC)` panel of B stays in L1 while
//! the `(MC, KC)` block of A streams from L2, and the `(NC, KC)` block of B (3-6 MiB)
//! lives in L3. On AVX-512 machines, whose L2 is 1-2 MiB, the block of A is about
//! 1 MiB. With AVX2 it is 384 KiB, 512 deep: three quarters of a 512 KiB L2 (the rest
//! holds the B panel and C), the split faer's `gemm` derives from the cache's ways. At
//! 512 steps of `k` per tile, C is read and written half as often as at 256 (Zen 3,
//! interleaved: 512^3 from 0.96-0.98 of the faster peer to 0.98-1.02, 2048^3 from
//! 0.89-1.03 to 1.01-1.05); the baseline keeps 256 x 240.

/// CuTe's `ceil_div` on run-time extents: how many tiles of `b` cover `a`.
#[inline(always)]
pub(crate) const fn ceil_div(a: isize, b: isize) -> isize {
    (a + b - 1) / b
}

/// The size of the blocks, whole tiles of `r` each and at most `max`, that cut `n` into
/// the fewest blocks of equal size (the last one possibly smaller).
///
/// ```ignore
/// assert_eq!(balanced(256, 192, 16), 128);
/// ```
#[inline(always)]
pub(crate) const fn balanced(n: isize, max: isize, r: isize) -> isize {
    let blocks = ceil_div(n, max);
    if blocks <= 1 {
        return max;
    }
    ceil_div(ceil_div(n, blocks), r) * r
}

/// One instruction set's tiles: `$mr x $nr` register tile, `$kc` deep, `$pm` register
/// panels of A per cache block (`MC = MR * PM`), `$pn` of B (`NC = NR * PN`);
/// `$mk = MR * KC` and `$nk = NR * KC` are the panel strides of the packed layouts;
/// `$mv = MR / LANES` vector registers per column of the register tile; `$e1 > $e2`
/// the narrower widths the main loop of an edge tile runs at.
macro_rules! tiles {
    ($(#[$doc:meta])* $name:ident, $t:ty, $mr:tt, $nr:tt, $kc:tt, $pm:tt, $pn:tt, $mk:tt, $nk:tt, $mv:tt, $e1:tt, $e2:tt) => {
        $(#[$doc])*
        pub mod $name {
            use cutlet_core::int::{_1, Int};
            use cutlet_core::layout::StridedLayout;
            use cutlet_core::layout_t;

            /// The element type.
            pub type T = $t;
            /// Rows of the register tile (a whole number of vector registers).
            pub type Mr = Int<$mr>;
            /// Columns of the register tile: broadcast values of B per `k` step.
            pub type Nr = Int<$nr>;
            /// Depth of a cache block (the `k` extent of a packed panel).
            pub type Kc = Int<$kc>;
            /// A packed cache block of A: `(MC, KC)` split into `MR`-row panels, each
            /// panel column-major and the panels one after another, so that the register
            /// tile reads `MR` contiguous values per `k`. Equal to
            /// `make_ordered_layout(((MR, MC/MR), KC), ((0, 2), 1))`.
            pub type PackedA = layout_t!((($mr, $pm), $kc):((1, $mk), $mr));
            /// A packed cache block of B (seen as `(N, K)`): `NR`-column panels, each
            /// `(NR, KC)` column-major.
            pub type PackedB = layout_t!((($nr, $pn), $kc):((1, $nk), $nr));
            /// A packed cache block of B with K contiguous, `((NR, NC/NR), KC):((KC, NR*KC), 1)`,
            /// for a B whose K stride is 1: packing it is a contiguous copy (no
            /// transpose), and the micro-kernel's broadcasts of B do not care that the
            /// `NR` values of one `k` are `KC` apart.
            pub type PackedBK = layout_t!((($nr, $pn), $kc):(($kc, $nk), 1));
            /// One register panel of [`PackedBK`]: `(NR, KC):(KC, 1)`.
            pub type PanelBK = StridedLayout<(Nr, Kc), (Kc, _1)>;
            /// One register panel of packed A: `(MR, KC):(1, MR)`.
            pub type PanelA = StridedLayout<(Mr, Kc), (_1, Mr)>;
            /// One register panel of packed B: `(NR, KC):(1, NR)`.
            pub type PanelB = StridedLayout<(Nr, Kc), (_1, Nr)>;
            /// The register tile of C: `(MR, NR)` column-major, one column per
            /// broadcast of B.
            pub type Accum = layout_t!(($mr, $nr):(1, $mr));
            /// Vector registers per column of the register tile (`MR / LANES`).
            pub type Mv = Int<$mv>;
            /// The widths, narrower than `NR`, that the main loop of a tile with fewer
            /// valid columns runs at (the narrowest at least the valid ones): the last
            /// panel of B computes no columns that nobody reads.
            pub type NrEdge = (Int<$e1>, Int<$e2>);
            /// The register tile as the vector MMA atom (`blas::simd`: `LANES` rows of
            /// one column) tiled `(MR / LANES, NR)` times: `Accum` zipped-divided by the
            /// atom, its tile mode counted in vectors, one vector register each.
            pub type AccumVec = layout_t!(($mv, $nr):(1, $mv));

            pub(crate) const MR: isize = Mr::VALUE;
            pub(crate) const NR: isize = Nr::VALUE;
            pub(crate) const KC: isize = Kc::VALUE;
            /// Rows of a cache block of A.
            pub(crate) const MC: isize = MR * $pm;
            /// Columns of a cache block of B.
            pub(crate) const NC: isize = NR * $pn;
            /// The storage stride between consecutive register panels of packed A.
            pub(crate) const A_PANEL: isize = $mk;
            /// The storage stride between consecutive register panels of packed B.
            pub(crate) const B_PANEL: isize = $nk;
        }
    };
}

tiles!(
    /// f32 with AVX-512F: a `(_32,_12)` register tile (two zmm registers per column, 24
    /// accumulators of the 32 registers), `MC = 960` (960 KiB of packed A, in L2).
    ///
    /// ```
    /// use cutlet_blas::tiles::f32_avx512::*;
    /// assert_eq!(PackedA::default().to_string(), "((_32,_30),_256):((_1,_8192),_32)");
    /// assert_eq!(PackedB::default().to_string(), "((_12,_256),_256):((_1,_3072),_12)");
    /// assert_eq!(Accum::default().to_string(), "(_32,_12):(_1,_32)");
    /// assert_eq!(AccumVec::default().to_string(), "(_2,_12):(_1,_2)");
    /// ```
    f32_avx512, f32, 32, 12, 256, 30, 256, 8192, 3072, 2, 8, 4
);
tiles!(
    /// f32 with AVX2 and FMA: a `(_16,_6)` register tile (two ymm registers per column, 12
    /// accumulators of the 16 registers), `KC = 512`, `MC = 192` (384 KiB of packed A).
    ///
    /// ```
    /// use cutlet_blas::tiles::f32_avx2::*;
    /// assert_eq!(PackedA::default().to_string(), "((_16,_12),_512):((_1,_8192),_16)");
    /// assert_eq!(PackedB::default().to_string(), "((_6,_512),_512):((_1,_3072),_6)");
    /// assert_eq!(Accum::default().to_string(), "(_16,_6):(_1,_16)");
    /// // Two ymm registers per column: 12 vector accumulators.
    /// assert_eq!(AccumVec::default().to_string(), "(_2,_6):(_1,_2)");
    /// ```
    f32_avx2, f32, 16, 6, 512, 12, 512, 8192, 3072, 2, 4, 2
);
tiles!(
    /// f32 on the baseline (SSE2 on x86-64): a `(_8,_4)` register tile (8 of the 16 xmm
    /// registers).
    ///
    /// ```
    /// use cutlet_blas::tiles::f32_base::*;
    /// assert_eq!(Accum::default().to_string(), "(_8,_4):(_1,_8)");
    /// ```
    f32_base, f32, 8, 4, 256, 30, 768, 2048, 1024, 2, 2, 1
);
tiles!(
    /// f64 with AVX-512F: a `(_16,_12)` register tile (24 zmm accumulators), `MC = 480`.
    ///
    /// ```
    /// use cutlet_blas::tiles::f64_avx512::*;
    /// assert_eq!(PackedA::default().to_string(), "((_16,_30),_256):((_1,_4096),_16)");
    /// assert_eq!(Accum::default().to_string(), "(_16,_12):(_1,_16)");
    /// ```
    f64_avx512, f64, 16, 12, 256, 30, 256, 4096, 3072, 2, 8, 4
);
tiles!(
    /// f64 with AVX2 and FMA: a `(_8,_6)` register tile (12 ymm accumulators), `KC = 512`,
    /// `MC = 96` (384 KiB of packed A), `NC = 1536` (6 MiB of packed B).
    ///
    /// ```
    /// use cutlet_blas::tiles::f64_avx2::*;
    /// assert_eq!(Accum::default().to_string(), "(_8,_6):(_1,_8)");
    /// ```
    f64_avx2, f64, 8, 6, 512, 12, 256, 4096, 3072, 2, 4, 2
);
tiles!(
    /// f64 on the baseline: a `(_4,_4)` register tile (8 xmm accumulators).
    ///
    /// ```
    /// use cutlet_blas::tiles::f64_base::*;
    /// assert_eq!(Accum::default().to_string(), "(_4,_4):(_1,_4)");
    /// ```
    f64_base, f64, 4, 4, 256, 30, 768, 1024, 1024, 2, 2, 1
);

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use cutlet_core::prelude::*;

    macro_rules! check {
        ($($m:ident),*) => {$({
            use super::$m::*;
            let a = make_ordered_layout(shape!((({MR}, {MC / MR}), {KC})), shape!(((0, 2), 1)));
            let b = make_ordered_layout(shape!((({NR}, {NC / NR}), {KC})), shape!(((0, 2), 1)));
            assert_eq!(a.to_string().replace('_', ""), PackedA::default().to_string().replace('_', ""));
            assert_eq!(b.to_string().replace('_', ""), PackedB::default().to_string().replace('_', ""));
            assert_eq!(size(PackedA::default()).value(), MC * KC);
            assert_eq!(size(PackedB::default()).value(), NC * KC);
            let bk = make_ordered_layout(shape!((({NR}, {NC / NR}), {KC})), shape!(((1, 2), 0)));
            assert_eq!(bk.to_string().replace('_', ""), PackedBK::default().to_string().replace('_', ""));
            assert_eq!(size(Accum::default()).value(), MR * NR);
            assert_eq!(core::mem::size_of::<PackedA>(), 0);
        })*};
    }

    #[test]
    fn packed_layouts_are_the_ordered_layouts_of_the_block_sizes() {
        check!(
            f32_avx512, f32_avx2, f32_base, f64_avx512, f64_avx2, f64_base
        );
    }
}
