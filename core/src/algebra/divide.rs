//! The divides (CuTe's `logical_divide`, `zipped_divide`, `tiled_divide`,
//! `flat_divide`): `logical_divide(layout, tiler) = composition(layout,
//! make_layout(tiler, complement(tiler, shape(coalesce(layout)))))`, the others
//! rearrange its `(tile, rest)` modes.

use super::coalesce::{CoalescePair, NoGuard, coalesce_pair};
use super::complement::{Complement, complement_strided};
use super::composition::{CompositionPair, composition_pair};
use crate::layout::{Layout, StridedLayout};
use crate::layout::{LayoutOf, layout_of};
use crate::tuple::{IntTuple, Repeat, Underscore, Zip2By, zip2_by};

/// The complement that completes the tiler `(TS, TD)` to the layout's extent.
type TileRest<S, D, TS, TD> =
    <Complement<TS, TD, <CoalescePair<S, D, NoGuard> as IntTuple>::E0> as Layout>::Pair;
/// CuTe's `logical_divide(layout(S, D), layout(TS, TD))` as a layout.
pub type DivideByLayout<S, D, TS, TD> = LayoutOf<
    CompositionPair<
        S,
        D,
        (TS, <TileRest<S, D, TS, TD> as IntTuple>::E0),
        (TD, <TileRest<S, D, TS, TD> as IntTuple>::E1),
    >,
>;
#[inline]
#[track_caller]
pub(crate) fn divide_by_layout<S: IntTuple, D: IntTuple, TS: IntTuple, TD: IntTuple>(
    s: S,
    d: D,
    ts: TS,
    td: TD,
) -> DivideByLayout<S, D, TS, TD> {
    let target = coalesce_pair::<S, D, NoGuard>(s, d).e0();
    let rest = complement_strided(ts, td, target).pair_of();
    layout_of(composition_pair(s, d, (ts, rest.e0()), (td, rest.e1())))
}

/// CuTe's `tile_unzip(layout, tiler)`: the `(tile, rest)` modes at the terminals of the
/// tiler's profile gathered into `((tiles...), (rests..., other modes...))`.
pub type TileUnzip<L, P> = StridedLayout<
    Zip2By<<<L as Layout>::Pair as IntTuple>::E0, P>,
    Zip2By<<<L as Layout>::Pair as IntTuple>::E1, P>,
>;
#[inline]
pub(crate) fn tile_unzip<L: Layout, P: IntTuple>(l: L) -> TileUnzip<L, P> {
    let p = l.pair_of();
    StridedLayout::from_parts(zip2_by::<_, P>(p.e0()), zip2_by::<_, P>(p.e1()))
}

/// The coordinate `(_, repeat<R1>(_))` that unpacks mode 1 (CuTe's `tiled_divide`).
pub type UnpackRest<L> = (
    Underscore,
    Repeat<
        <crate::tuple::At<<L as crate::layout::Shaped>::Shape, typenum::U1> as IntTuple>::Rank,
        Underscore,
    >,
);
/// The coordinate `(repeat<R0>(_), repeat<R1>(_))` that unpacks both modes (CuTe's
/// `flat_divide`).
pub type UnpackBoth<L> = (
    Repeat<
        <crate::tuple::At<<L as crate::layout::Shaped>::Shape, typenum::U0> as IntTuple>::Rank,
        Underscore,
    >,
    Repeat<
        <crate::tuple::At<<L as crate::layout::Shaped>::Shape, typenum::U1> as IntTuple>::Rank,
        Underscore,
    >,
);
#[inline]
pub(crate) fn unpack_rest<L: Layout>() -> UnpackRest<L> {
    crate::int::Conjure::conjure()
}
#[inline]
pub(crate) fn unpack_both<L: Layout>() -> UnpackBoth<L> {
    crate::int::Conjure::conjure()
}
