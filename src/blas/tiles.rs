//! The tile hierarchy of the blocked GEMM as static layouts: cache blocks of A and B,
//! their packed ("shared memory") layouts, and the register tile. Every extent here is
//! a type, so the packed layouts are zero-sized and the register tile's storage size is
//! fixed at compile time.

use crate::int::{_6, _16, _256, Int};
use crate::layout::{Layout, value_of};
use crate::layout_t;

/// Rows of the register tile: two 8-lane `f32` vectors.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::Mr::default().to_string(), "_16");
/// ```
pub type Mr = _16;
/// Columns of the register tile: six broadcast values of B per `k` step.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::Nr::default().to_string(), "_6");
/// ```
pub type Nr = _6;
/// Depth of a cache block (the `k` extent of a packed panel).
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::Kc::default().to_string(), "_256");
/// ```
pub type Kc = _256;
/// Rows of a cache block of A: 15 register panels (240 KiB packed, resident in L2).
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::Mc::default().to_string(), "_240");
/// ```
pub type Mc = Int<240>;
/// Columns of a cache block of B: 512 register panels (3 MiB packed, resident in L3).
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::Nc::default().to_string(), "_3072");
/// ```
pub type Nc = crate::shape_t!(3072);

pub(crate) const MR: isize = value_of::<Mr>();
pub(crate) const NR: isize = value_of::<Nr>();
pub(crate) const KC: isize = value_of::<Kc>();
pub(crate) const MC: isize = value_of::<Mc>();
pub(crate) const NC: isize = value_of::<Nc>();

/// CuTe's `ceil_div` on run-time extents: how many tiles of `b` cover `a`.
#[inline(always)]
pub(crate) const fn ceil_div(a: isize, b: isize) -> isize {
    (a + b - 1) / b
}

/// A packed cache block of A: `(MC, KC)` split into `MR`-row panels, each panel
/// column-major and the panels one after another, so that the register tile reads `MR`
/// contiguous values per `k`. Equal to
/// `make_ordered_layout(((MR, MC/MR), KC), ((0, 2), 1))`.
///
/// ```
/// use cutlet::prelude::*;
/// let p = cutlet::blas::PackedA::default();
/// assert_eq!(p.to_string(), "((_16,_15),_256):((_1,_4096),_16)");
/// assert_eq!(p, make_ordered_layout(shape!(((16, 15), 256)), shape!(((0, 2), 1))));
/// ```
pub type PackedA = layout_t!(((16, 15), 256):((1, 4096), 16));
/// A packed cache block of B (seen as `(N, K)`): `NR`-column panels, each `(NR, KC)`
/// column-major.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::PackedB::default().to_string(), "((_6,_512),_256):((_1,_1536),_6)");
/// ```
pub type PackedB = layout_t!(((6, 512), 256):((1, 1536), 6));
/// One register panel of packed A: `(MR, KC):(1, MR)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::PanelA::default().to_string(), "(_16,_256):(_1,_16)");
/// ```
pub type PanelA = Layout<(Mr, Kc), (crate::int::_1, Mr)>;
/// One register panel of packed B: `(NR, KC):(1, NR)`.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(cutlet::blas::PanelB::default().to_string(), "(_6,_256):(_1,_6)");
/// ```
pub type PanelB = Layout<(Nr, Kc), (crate::int::_1, Nr)>;
/// The register tile of C: `(MR, NR)` column-major, one column per broadcast of B.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(size(cutlet::blas::Accum::default()).to_string(), "_96");
/// ```
pub type Accum = layout_t!((16, 6):(1, 16));

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;
    use alloc::string::ToString;

    #[test]
    fn packed_layouts_are_the_ordered_layouts_of_the_block_sizes() {
        let a = make_ordered_layout(shape!(((16, 15), 256)), shape!(((0, 2), 1)));
        let b = make_ordered_layout(shape!(((6, 512), 256)), shape!(((0, 2), 1)));
        assert_eq!(a.to_string(), PackedA::default().to_string());
        assert_eq!(b.to_string(), PackedB::default().to_string());
        assert_eq!(size(PackedA::default()).value(), MC * KC);
        assert_eq!(size(PackedB::default()).value(), NC * KC);
        assert_eq!(size(Accum::default()).value(), MR * NR);
        assert_eq!(core::mem::size_of::<PackedA>(), 0);
    }
}
