//! Packing: copy a cache block of an operand from global memory into its packed layout
//! (`PackedA`, `PackedB` of the instruction set's [`tiles`](super::tiles)), register
//! as a CuTe kernel copies a tile from gmem to smem. Where the rows are the unit stride
//! of both the operand and the panels, the whole panels are packed K-major: column `k`
//! of the block is one run in memory, cut into a run of `R` per panel. Other full
//! panels are `copy`s between static `(R, 8)` tiles (an operand with K contiguous goes
//! through an 8 x 8 transpose in registers), or, where K is the unit stride of both the
//! operand and the panel (`PackedBK`), one contiguous run per row. A panel cut by the
//! edge of the matrix copies only its valid corner, column by column, each column
//! composed with the residue extent (and the panel is cleared first when rows are
//! missing). [`aliases_in_l1`] says which operands are packed even where the
//! micro-kernel could read them in place.
//!
//! The packers are instantiated per operand stride type: a unit stride is carried as
//! the static `_1`, so that `copy` proves the contiguous runs and moves them whole. They
//! are written once, here, and instantiated per instruction set by [`packers!`], inside
//! a module whose `T`, `Mr`, `Nr`, `Kc`, `PackedA` and `PackedB` are that set's.

use cutlet_core::prelude::*;
use cutlet_core::tensor::{View, ViewMut};

/// A matrix operand in global memory, `(rows, K)`, with stride type `D`.
pub(crate) type GmemMat<'a, T, D> = Tensor<View<'a, [T]>, StridedLayout<(isize, isize), D>>;
/// A packing buffer viewed through a packed layout.
pub(crate) type Packed<'a, T, L> = Tensor<ViewMut<'a, [T]>, L>;

/// The transpose of an 8 x 8 block (`r[i][j]` becomes `[j][i]`), on plain arrays: no
/// index checks. Packing B transposed at 1024^3 went from 7.8% of the time (the staged
/// tensor copies, element by element with checks) to 4.7% (faer's gemm: 4.1%).
#[inline(always)]
pub(crate) fn transpose8<T: Copy>(r: [[T; 8]; 8]) -> [[T; 8]; 8] {
    core::array::from_fn(|j| core::array::from_fn(|i| r[i][j]))
}

/// Whether lines of an operand `stride` elements apart fall into the same sets of L1
/// (64 sets of 64-byte lines: a multiple of 4 KiB apart). Such an operand's register
/// panels are packed, not read in place: a panel's lines would share the ways of one or
/// two sets (16 x 2048 x 2048 on a 16-core Xeon: 15-19 GFLOP/s in place, 39-55 packed).
#[inline(always)]
pub(crate) fn aliases_in_l1<T>(stride: isize) -> bool {
    (stride.unsigned_abs() * core::mem::size_of::<T>()).is_multiple_of(4096)
}

/// Columns per packing copy: the copies between static `(R, 8)` tiles compile to
/// straight-line code whatever the operand's strides.
pub(crate) type KTile = cutlet_core::int::_8;

macro_rules! pack_panels {
    ($r:ty, $stage:expr, $by_rows:expr, $by_cols:expr, $g:ident, $panel0:ident, $pc:ident, $rows:ident, $kv:ident, $s:ident) => {{
        let r = <$r>::VALUE;
        let kt = KTile::new();
        // With `kv <= KC` and each panel's storage cut to its static cosize (below), the
        // compiler proves every store into the panel in bounds: no per-element checks.
        let $kv = $kv.clamp(0, KC);
        let mut first = 0;
        if $by_cols {
            // Rows are the unit stride of both the operand and the panels (`PackedA`,
            // `PackedB`): column `k` of the whole panels is one run of the operand, cut
            // into a run of `R` per panel. Four columns at a time, panel by panel: each
            // panel takes one run of `4 R` values. (Panel by panel over all of K, each
            // column was a line `cs` away, a new page per line for wide operands:
            // packing 512^3's A took 4% of the time. Column by column, the stores went
            // to one line in each of up to 30 panels `R * KC` apart, one L1 set: 2048^2
            // packed at 15 GB/s, 42 four columns at a time, 16 x 2048 x 2048 spent
            // 57% of its time there.)
            let (whole, cs) = ($rows / r, $g.layout().stride().1.value());
            if whole > 0 && cs >= whole * r && $kv > 0 {
                let (span, r, cs) = ((whole * r) as usize, r as usize, cs as usize);
                let g0 = local_tile($g, (<$r>::new(), Kc::new()), ($panel0, $pc));
                let src = g0.engine().run(0, ($kv as usize - 1) * cs + span);
                let dst = $s.engine_mut().run_mut(0, span * KC as usize);
                // Columns per pass (8 packed as fast, 16 slower: 35 GB/s).
                const PASS: usize = 4;
                for k0 in (0..$kv as usize).step_by(PASS) {
                    let k1 = ($kv as usize).min(k0 + PASS);
                    for q in 0..whole as usize {
                        for k in k0..k1 {
                            let (from, at) = (k * cs + q * r, (q * KC as usize + k) * r);
                            dst[at..at + r].copy_from_slice(&src[from..from + r]);
                        }
                    }
                }
                first = whole;
            }
        }
        for q in first..ceil_div($rows, r) {
            let gp = local_tile($g, (<$r>::new(), Kc::new()), ($panel0 + q, $pc));
            let mut sp = $s.view_mut().slice(coord!(((_, q), _)));
            let layout = sp.layout();
            let run = sp.engine_mut().run_mut(0, cosize(layout).value() as usize);
            let rv = r.min($rows - q * r);
            if $by_rows {
                // K is the unit stride of both the operand and the panel (`PackedBK`):
                // each row is one run of `kv` values on both sides, copied whole.
                let mut sp = make_tensor(run, layout);
                // Rows past the edge are zeros over the `kv` columns the kernel reads.
                for i in rv..r {
                    sp.view_mut()
                        .slice(coord!((i, _)))
                        .engine_mut()
                        .run_mut(0, $kv as usize)
                        .fill(T::default());
                }
                for i in 0..rv {
                    let (g, mut d) = (
                        gp.slice(coord!((i, _))),
                        sp.view_mut().slice(coord!((i, _))),
                    );
                    d.engine_mut()
                        .run_mut(0, $kv as usize)
                        .copy_from_slice(g.engine().run(0, $kv as usize));
                }
                continue;
            }
            if rv < r {
                // Rows past the edge are zeros (the kernel computes them, nobody reads
                // them): clear the `kv` columns the kernel reads (not the whole panel:
                // 16 KiB for f32 on AVX2, most of a small product's time), then copy
                // the valid rows column by column (rank-1 copies: no index division).
                run[..(layout.call((r - 1, $kv - 1)).value() + 1) as usize].fill(T::default());
                let mut sp = make_tensor(run, layout);
                for k in 0..$kv {
                    if $by_cols {
                        // A unit row stride: the valid rows of a column are one run.
                        let at = layout.call((0, k)).value();
                        sp.engine_mut()
                            .run_mut(at, rv as usize)
                            .copy_from_slice(gp.slice(coord!((_, k))).engine().run(0, rv as usize));
                    } else {
                        copy(
                            &gp.slice(coord!((_, k))).compose(rv),
                            &mut sp.view_mut().slice(coord!((_, k))).compose(rv),
                        );
                    }
                }
                continue;
            }
            let mut sp = make_tensor(run, layout);
            // Whole k-tiles are copies between static shapes; columns past K are never
            // read, so the last, partial k-tile copies only its valid columns.
            let tile = (<$r>::new(), kt);
            let full = $kv / kt.value();
            for t in 0..full {
                let (g, mut d) = (
                    local_tile(gp, tile, (0isize, t)),
                    local_tile(sp.view_mut(), tile, (0isize, t)),
                );
                if $stage && r % 8 == 0 {
                    // Rows of the operand are contiguous, columns of the panel are (CuTe's
                    // gmem -> rmem -> smem with the transpose in registers): 8 x 8 blocks,
                    // eight runs of a row in, eight runs of a column out.
                    for blk in 0..r / 8 {
                        let rows = core::array::from_fn(|i| {
                            let row = blk * 8 + i as isize;
                            g.slice(coord!((row, _)))
                                .engine()
                                .run(0, 8)
                                .try_into()
                                .unwrap()
                        });
                        for (j, col) in transpose8(rows).iter().enumerate() {
                            let at = d.layout().call((blk * 8, j as isize)).value();
                            d.engine_mut().run_mut(at, 8).copy_from_slice(col);
                        }
                    }
                } else if $stage {
                    // The same through a row-major register fragment, element by element.
                    let mut frag = make_owned_tensor::<T>(make_layout_major(tile, LayoutRight));
                    copy(&g, &mut frag);
                    copy(&frag, &mut d);
                } else {
                    copy(&g, &mut d);
                }
            }
            // The last, partial k-tile column by column (static `R` rows each).
            for k in full * kt.value()..$kv {
                copy(
                    &gp.slice(coord!((_, k))),
                    &mut sp.view_mut().slice(coord!((_, k))),
                );
            }
        }
    }};
}
pub(crate) use pack_panels;

/// `OperandStride` for the given stride types: whether the rows are the unit stride
/// (whole panels packed K-major), whether packing A transposes (K contiguous), whether
/// B's rows are copied as whole runs (K contiguous on both sides), B's packed block and
/// panel layouts, and whether A and B panels can be read in place.
macro_rules! operand_stride {
    ($($d:ty => $by_cols:expr, $stage_a:expr, $by_rows_b:expr, $packed_b:ty, $panel_b:ty, $direct:ident, $direct_b:ident);*) => {$(
        impl OperandStride for $d {
            type PanelB = $panel_b;
            $crate::pack::operand_stride!(@$direct);
            $crate::pack::operand_stride!(@$direct_b);
            #[inline(always)]
            fn pack_a(g: GmemMat<'_, T, Self>, panel0: isize, pc: isize, rows: isize, kv: isize, s: &mut Packed<'_, T, PackedA>) {
                $crate::pack::pack_panels!(Mr, $stage_a, false, $by_cols, g, panel0, pc, rows, kv, s)
            }
            #[inline(always)]
            fn pack_b(g: GmemMat<'_, T, Self>, panel0: isize, pc: isize, rows: isize, kv: isize, buf: &mut [T]) {
                // The buffer holds the blocks this product uses, not a whole block: no
                // cosize check (every access is checked).
                let s = &mut Tensor::from_parts(ViewMut::new(buf, 0), <$packed_b>::default());
                $crate::pack::pack_panels!(Nr, false, $by_rows_b, $by_cols, g, panel0, pc, rows, kv, s)
            }
            #[inline(always)]
            fn panel_b(buf: &[T], jr: isize) -> <$panel_b as BPanel>::Source<'_> {
                Tensor::from_parts(View::new(buf, 0), <$packed_b>::default()).slice(coord!(((_, jr), _)))
            }
        }
    )*};
    (@direct) => {
        #[inline(always)]
        fn direct_a(g: GmemMat<'_, T, Self>, panel: isize, pc: isize) -> Option<Panel<'_, DirectA>> {
            let cs = g.layout().stride().1;
            if $crate::pack::aliases_in_l1::<T>(cs) {
                return None;
            }
            let t = local_tile(g, (Mr::new(), Kc::new()), (panel, pc));
            Some(t.with_layout(DirectA::new((Mr::new(), Kc::new()), (_1::new(), cs))))
        }
    };
    (@packed) => {
        #[inline(always)]
        fn direct_a(_: GmemMat<'_, T, Self>, _: isize, _: isize) -> Option<Panel<'_, DirectA>> {
            None
        }
    };
    (@direct_b) => {
        #[inline(always)]
        fn direct_b(g: GmemMat<'_, T, Self>, panel: isize, pc: isize, rows: isize) -> Option<DirectB<'_>> {
            // The panel's rows and the A panels streaming past them overflowed the
            // ways of their L1 sets (1024^2 and 2048^2 ran 4% slower).
            if $crate::pack::aliases_in_l1::<T>(g.layout().stride().0) {
                return None;
            }
            let t = local_tile(g, (Nr::new(), Kc::new()), (panel, pc));
            // A panel cut by the edge of B reads its last valid row again for the
            // missing ones: their columns of the tile are computed, never stored.
            let rv = rows.clamp(1, NR);
            Some(core::array::from_fn(|j| {
                let row = (j as isize).min(rv - 1);
                *t.slice(coord!((row, _))).engine()
            }))
        }
    };
    (@packed_b) => {
        #[inline(always)]
        fn direct_b(_: GmemMat<'_, T, Self>, _: isize, _: isize, _: isize) -> Option<DirectB<'_>> {
            None
        }
    };
}
pub(crate) use operand_stride;

/// The packers of one instruction set: the trait `OperandStride` over the operand stride
/// types, and `pack_a` / `pack_b`, compiled with the set's target features (`$attr`).
macro_rules! packers {
    ($(#[$attr:meta])*) => {
        /// The stride types of operands that can be packed.
        pub(crate) trait OperandStride: IntTuple {
            /// The register panel layout of this operand's packed B blocks.
            type PanelB: BPanel;
            /// Pack `rows` rows (from register panel `panel0` on) and `kv` columns (from
            /// K block `pc`) of A into a `PackedA` block.
            fn pack_a(g: GmemMat<'_, T, Self>, panel0: isize, pc: isize, rows: isize, kv: isize, s: &mut Packed<'_, T, PackedA>);
            /// The same for B seen as `(N, K)`, into `buf` as a `PackedB` block (or a
            /// `PackedBK` block when K is B's unit stride).
            fn pack_b(g: GmemMat<'_, T, Self>, panel0: isize, pc: isize, rows: isize, kv: isize, buf: &mut [T]);
            /// Register panel `jr` of the packed B block in `buf`.
            fn panel_b(buf: &[T], jr: isize) -> <Self::PanelB as BPanel>::Source<'_>;
            /// Register panel `panel` of K block `pc` of B, in place, if B's K stride is 1
            /// (and its rows do not alias in L1): its `NR` rows (`rows` of them valid).
            fn direct_b(g: GmemMat<'_, T, Self>, panel: isize, pc: isize, rows: isize) -> Option<DirectB<'_>>;
            /// Register panel `panel` of K block `pc` of A, in place, if A's columns are
            /// contiguous (and do not alias in L1; the panel must be whole: `MR` rows).
            fn direct_a(g: GmemMat<'_, T, Self>, panel: isize, pc: isize) -> Option<Panel<'_, DirectA>>;
        }

        $crate::pack::operand_stride!(
            (_1, isize) => true, false, false, PackedB, NMajor, direct, packed_b;
            (isize, _1) => false, true, true, PackedBK, KMajor, packed, direct_b;
            (isize, isize) => false, false, false, PackedB, NMajor, packed, packed_b
        );

        /// Pack a block of A (see `OperandStride::pack_a`).
        $(#[$attr])*
        #[inline(never)]
        fn pack_a<D: OperandStride>(g: GmemMat<'_, T, D>, panel0: isize, pc: isize, rows: isize, kv: isize, s: &mut Packed<'_, T, PackedA>) {
            D::pack_a(g, panel0, pc, rows, kv, s)
        }
        /// Pack a block of B (see `OperandStride::pack_b`).
        $(#[$attr])*
        #[inline(never)]
        fn pack_b<D: OperandStride>(g: GmemMat<'_, T, D>, panel0: isize, pc: isize, rows: isize, kv: isize, buf: &mut [T]) {
            D::pack_b(g, panel0, pc, rows, kv, buf)
        }
    };
}
pub(crate) use packers;
