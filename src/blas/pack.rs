//! Packing: copy a cache block of an operand from global memory into its packed layout
//! ([`PackedA`], [`PackedB`]), register panel by register panel, as a CuTe kernel copies
//! a tile from gmem to smem. Full panels are one `copy` between two `(R, KC)` tensors
//! with static extents; a panel cut by the edge of the matrix copies only its valid
//! corner, through both tensors composed with the residue shape (and is cleared first
//! when rows are missing).
//!
//! The packers are instantiated per operand stride type: a unit stride is carried as
//! the static `_1`, so that `copy` proves the contiguous runs and moves them whole.

use super::tiles::{Kc, Mr, Nr, PackedA, PackedB};

/// Columns per packing copy: the copies between static `(R, 8)` tiles compile to
/// straight-line code whatever the operand's strides.
type KTile = crate::int::_8;
use crate::int::{_1, Integral};
use crate::prelude::*;

/// A matrix operand in global memory, `(rows, K)`, with stride type `D`.
pub(crate) type GmemMat<'a, D> = Tensor<ViewEngine<'a, f32, Gmem>, Layout<(isize, isize), D>>;
/// A packing buffer viewed through a packed layout.
pub(crate) type Packed<'a, L> = Tensor<ViewMutEngine<'a, f32, Smem>, L>;

/// The stride types of operands that can be packed.
pub(crate) trait OperandStride: Copy {
    /// Pack `rows` rows (from register panel `panel0` on) and `kv` columns (from K
    /// block `pc`) of A into a [`PackedA`] block.
    fn pack_a(
        g: GmemMat<'_, Self>,
        panel0: isize,
        pc: isize,
        rows: isize,
        kv: isize,
        s: &mut Packed<'_, PackedA>,
    );
    /// The same for B seen as `(N, K)`, into a [`PackedB`] block.
    fn pack_b(
        g: GmemMat<'_, Self>,
        panel0: isize,
        pc: isize,
        rows: isize,
        kv: isize,
        s: &mut Packed<'_, PackedB>,
    );
}

macro_rules! pack_panels {
    ($r:ty, $stage:expr, $g:ident, $panel0:ident, $pc:ident, $rows:ident, $kv:ident, $s:ident) => {{
        let r = <$r>::default().value();
        let kt = KTile::default();
        for q in 0..super::tiles::ceil_div($rows, r) {
            let gp = local_tile($g, (<$r>::default(), Kc::default()), ($panel0 + q, $pc));
            let mut sp = $s.view_mut().slice(coord!(((_, q), _)));
            let rv = r.min($rows - q * r);
            if rv < r {
                // Rows past the edge are zeros (the kernel computes them, nobody reads them).
                clear(&mut sp);
                let residue = shape!((rv, $kv));
                copy(&gp.composition(residue), &mut sp.composition(residue));
                continue;
            }
            // Whole k-tiles are copies between static shapes; columns past K are never
            // read, so the last, partial k-tile copies only its valid columns.
            let tile = (<$r>::default(), kt);
            let full = $kv / kt.value();
            for t in 0..full {
                let (g, mut d) = (
                    local_tile(gp, tile, (0isize, t)),
                    local_tile(sp.view_mut(), tile, (0isize, t)),
                );
                if $stage {
                    // Rows of the operand are contiguous, columns of the panel are: move
                    // whole rows into a row-major register fragment, then transpose out
                    // of registers (CuTe's gmem -> rmem -> smem).
                    let mut frag = make_owned_tensor::<f32, _>(make_layout_with(tile, LayoutRight));
                    copy(&g, &mut frag);
                    copy(&frag, &mut d);
                } else {
                    copy(&g, &mut d);
                }
            }
            let rest = $kv - full * kt.value();
            if rest > 0 {
                let residue = (<$r>::default(), rest);
                let g = local_tile(gp, tile, (0isize, full)).composition(residue);
                copy(
                    &g,
                    &mut local_tile(sp.view_mut(), tile, (0isize, full)).composition(residue),
                );
            }
        }
    }};
}

macro_rules! operand_stride {
    ($($d:ty => $stage:expr),*) => {$(
        impl OperandStride for $d {
            fn pack_a(
                g: GmemMat<'_, Self>,
                panel0: isize,
                pc: isize,
                rows: isize,
                kv: isize,
                s: &mut Packed<'_, PackedA>,
            ) {
                pack_panels!(Mr, $stage, g, panel0, pc, rows, kv, s)
            }
            fn pack_b(
                g: GmemMat<'_, Self>,
                panel0: isize,
                pc: isize,
                rows: isize,
                kv: isize,
                s: &mut Packed<'_, PackedB>,
            ) {
                pack_panels!(Nr, $stage, g, panel0, pc, rows, kv, s)
            }
        }
    )*};
}
operand_stride!((_1, isize) => false, (isize, _1) => true, (isize, isize) => false);
