//! The products (CuTe's `logical_product`, `zipped_product`, `tiled_product`,
//! `flat_product`, `blocked_product`, `raked_product`) and `tile_to_shape`:
//! `logical_product(block, tiler) = make_layout(block, composition(complement(block,
//! size(block) * cosize(tiler)), tiler))`.

use super::complement::{Complement, Cosize, complement_strided, coshape_pair};
use super::composition::{CompositionPair, composition_pair};
use crate::int::types as t;
use crate::int::{Bit, BranchT, C, ErrLeaf, Nat, Ord3, mul};
use crate::layout::LayoutOf;
use crate::layout::{CompactOrder, Layout, StridedLayout};
use crate::tuple::{AppendN, CeilDivT, EvenlyDivides, IntTuple, ProductEach, Zip, append_n, zip};
use typenum::{P1, Z0};

crate::err_msgs!(
    EUnreachable => "unreachable: a product's lazy bit is always set",
    ETileToShapeRank => "tile_to_shape: the layout has more modes than the target shape",
    ETileToShapeDivide => "tile_to_shape: the block shape does not divide the target shape",
);

type CompRest<S, D, TS, TD> =
    <Complement<S, D, t::Mul<<S as IntTuple>::Size, Cosize<TS, TD>>> as Layout>::Pair;
/// CuTe's `logical_product(layout(S, D), layout(TS, TD))`: the block, then the tiler
/// composed with the block's complement, as two modes.
pub type ProductByLayout<S, D, TS, TD> = StridedLayout<
    (
        S,
        <CompositionPair<
            <CompRest<S, D, TS, TD> as IntTuple>::E0,
            <CompRest<S, D, TS, TD> as IntTuple>::E1,
            TS,
            TD,
        > as IntTuple>::E0,
    ),
    (
        D,
        <CompositionPair<
            <CompRest<S, D, TS, TD> as IntTuple>::E0,
            <CompRest<S, D, TS, TD> as IntTuple>::E1,
            TS,
            TD,
        > as IntTuple>::E1,
    ),
>;
#[inline]
#[track_caller]
pub(crate) fn product_by_layout<S: IntTuple, D: IntTuple, TS: IntTuple, TD: IntTuple>(
    s: S,
    d: D,
    ts: TS,
    td: TD,
) -> ProductByLayout<S, D, TS, TD> {
    let cot = mul(s.size(), coshape_pair(ts, td).size());
    let rest = complement_strided(s, d, cot).pair_of();
    let p = composition_pair(rest.e0(), rest.e1(), ts, td);
    StridedLayout::from_parts((s, p.e0()), (d, p.e1()))
}

/// CuTe's `append<R>(layout)`: padded with `_1:_0` modes to rank `R`.
pub type AppendLayout<S, D, R> = StridedLayout<AppendN<S, R, C<P1>>, AppendN<D, R, C<Z0>>>;
#[inline]
pub(crate) fn append_layout<S: IntTuple, D: IntTuple, R: Nat>(s: S, d: D) -> AppendLayout<S, D, R> {
    StridedLayout::from_parts(
        append_n::<S, R, _>(s, C::<P1>::new()),
        append_n::<D, R, _>(d, C::<Z0>::new()),
    )
}
/// `max(rank(a), rank(b))`.
pub type MaxRank<S, TS> = <<S as IntTuple>::Rank as Nat>::Max<<TS as IntTuple>::Rank>;
/// The logical product of block and tiler padded to the larger rank, staged: the
/// padded modes are passed to [`PadProductB`] as types, so the product's repeated
/// uses of them are not each normalized from the padding expression.
type PaddedProduct<S, D, TS, TD> = LayoutOf<
    <Lazy<S> as Bit>::SelT<
        PadProductB<
            AppendN<S, MaxRank<S, TS>, C<P1>>,
            AppendN<D, MaxRank<S, TS>, C<Z0>>,
            AppendN<TS, MaxRank<S, TS>, C<P1>>,
            AppendN<TD, MaxRank<S, TS>, C<Z0>>,
        >,
    >,
>;
/// `logical_product` of the padded block `AS:AD` and tiler `BS:BD`.
#[derive(Clone, Copy)]
pub struct PadProductB<AS, AD, BS, BD>(AS, AD, BS, BD);
impl<AS: IntTuple, AD: IntTuple, BS: IntTuple, BD: IntTuple> BranchT
    for PadProductB<AS, AD, BS, BD>
{
    type Then = <ProductByLayout<AS, AD, BS, BD> as Layout>::Pair;
    type Else = (ErrLeaf<EUnreachable>, ErrLeaf<EUnreachable>);
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        product_by_layout(self.0, self.1, self.2, self.3).pair_of()
    }
    #[inline]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
/// CuTe's `zip(layout_a, layout_b)`: the modes of two layouts paired up.
pub type ZipLayouts<AS, AD, BS, BD> = StridedLayout<Zip<(AS, BS)>, Zip<(AD, BD)>>;
/// A lazy bit that is `B1` for every concrete `S` but stays a projection while `S` is
/// a type parameter, so a product written in a generic impl is not expanded there.
type Lazy<S> = <<S as IntTuple>::IsStatic as Bit>::Or<typenum::B1>;
/// CuTe's `blocked_product(block, tiler)`: `zip(get<0>(r), get<1>(r))` of the logical
/// product `r` of both padded to the larger rank.
///
/// The padded product is computed once and passed to a lazy branch
/// ([`ZipProductB`]) as a type: written as one alias, each of the four modes repeated
/// the whole product, and a call whose types were inferred normalized every copy
/// separately (seconds per product; results/compile-time-log.md).
pub type BlockedProduct<S, D, TS, TD> =
    LayoutOf<<Lazy<S> as Bit>::SelT<ZipProductB<PaddedProduct<S, D, TS, TD>, false>>>;
/// CuTe's `raked_product(block, tiler)`: `zip(get<1>(r), get<0>(r))`.
pub type RakedProduct<S, D, TS, TD> =
    LayoutOf<<Lazy<S> as Bit>::SelT<ZipProductB<PaddedProduct<S, D, TS, TD>, true>>>;
/// The modes of a product `P = (block, rest)` zipped: `(block, rest)` for the blocked
/// product, `(rest, block)` for the raked one.
#[derive(Clone, Copy)]
pub struct ZipProductB<P, const RAKED: bool>(pub(crate) P);
type PS0<P> = <<<P as Layout>::Pair as IntTuple>::E0 as IntTuple>::E0;
type PS1<P> = <<<P as Layout>::Pair as IntTuple>::E0 as IntTuple>::E1;
type PD0<P> = <<<P as Layout>::Pair as IntTuple>::E1 as IntTuple>::E0;
type PD1<P> = <<<P as Layout>::Pair as IntTuple>::E1 as IntTuple>::E1;
impl<P: Layout> BranchT for ZipProductB<P, false> {
    type Then = <ZipLayouts<PS0<P>, PD0<P>, PS1<P>, PD1<P>> as Layout>::Pair;
    type Else = (ErrLeaf<EUnreachable>, ErrLeaf<EUnreachable>);
    #[inline]
    fn then(self) -> Self::Then {
        let r = self.0.pair_of();
        (
            zip((r.e0().e0(), r.e0().e1())),
            zip((r.e1().e0(), r.e1().e1())),
        )
    }
    #[inline]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
impl<P: Layout> BranchT for ZipProductB<P, true> {
    type Then = <ZipLayouts<PS1<P>, PD1<P>, PS0<P>, PD0<P>> as Layout>::Pair;
    type Else = (ErrLeaf<EUnreachable>, ErrLeaf<EUnreachable>);
    #[inline]
    fn then(self) -> Self::Then {
        let r = self.0.pair_of();
        (
            zip((r.e0().e1(), r.e0().e0())),
            zip((r.e1().e1(), r.e1().e0())),
        )
    }
    #[inline]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
/// The value of [`BlockedProduct`] (`RAKED = false`) or [`RakedProduct`].
#[inline]
#[track_caller]
pub(crate) fn zip_product<S: IntTuple, D: IntTuple, TS: IntTuple, TD: IntTuple, const RAKED: bool>(
    s: S,
    d: D,
    ts: TS,
    td: TD,
) -> LayoutOf<<Lazy<S> as Bit>::SelT<ZipProductB<PaddedProduct<S, D, TS, TD>, RAKED>>>
where
    ZipProductB<PaddedProduct<S, D, TS, TD>, RAKED>: BranchT,
{
    crate::layout::layout_of(<Lazy<S> as Bit>::sel_t(ZipProductB::<_, RAKED>(
        padded_product(s, d, ts, td),
    )))
}
#[inline]
#[track_caller]
pub(crate) fn padded_product<S: IntTuple, D: IntTuple, TS: IntTuple, TD: IntTuple>(
    s: S,
    d: D,
    ts: TS,
    td: TD,
) -> PaddedProduct<S, D, TS, TD> {
    let a = append_layout::<S, D, MaxRank<S, TS>>(s, d).pair();
    let b = append_layout::<TS, TD, MaxRank<S, TS>>(ts, td).pair();
    crate::layout::layout_of(<Lazy<S> as Bit>::sel_t(PadProductB(a.0, a.1, b.0, b.1)))
}
// ---------------------------------------------------------------------------------
// tile_to_shape

pub(crate) type TrgRank<Trg> = <Trg as IntTuple>::Rank;
type BlockShape<S, Trg> = ProductEach<AppendN<S, TrgRank<Trg>, C<P1>>>;
type TargetShape<Trg> = ProductEach<Trg>;
type ProductShape<S, Trg> = CeilDivT<TargetShape<Trg>, BlockShape<S, Trg>>;
// CuTe: CUTE_STATIC_ASSERT_V(rank(block) <= rank(trg_shape)), and where static,
// evenly_divides(target_shape, block_shape).
pub(crate) type TileOk<S, Trg> =
    <<<<S as IntTuple>::Rank as Nat>::Cmp<TrgRank<Trg>> as Ord3>::Le as Bit>::And<
        <<<TargetShape<Trg> as IntTuple>::IsStatic as Bit>::Not as Bit>::Or<
            EvenlyDivides<TargetShape<Trg>, BlockShape<S, Trg>>,
        >,
    >;
/// CuTe's `tile_to_shape(layout(S, D), trg_shape, ord_shape)`: the block repeated
/// (`blocked_product` with `make_ordered_layout(product_shape, ord_shape)`) to fill the
/// target shape.
///
/// The product is a lazy branch ([`TileToShapeB`]) whose arguments (padded block,
/// product shape, its order) are computed once and passed as types: written as one
/// alias, the product shape's projections were repeated in every mode of the blocked
/// product, and a call whose types were inferred normalized each copy separately
/// (minutes for a rank-1 case; results/compile-time-log.md).
pub type TileToShape<S, D, Trg, O> = LayoutOf<
    <TileOk<S, Trg> as Bit>::SelT<
        TileToShapeB<
            AppendN<S, TrgRank<Trg>, C<P1>>,
            AppendN<D, TrgRank<Trg>, C<Z0>>,
            ProductShape<S, Trg>,
            CompactOrder<ProductShape<S, Trg>, O>,
        >,
    >,
>;
/// `tile_to_shape`'s lazy branches: the blocked product of the padded block `(AS, AD)`
/// and the ordered product layout `PS:PO`, or CuTe's reasons for rejecting it.
#[derive(Clone, Copy)]
pub struct TileToShapeB<AS, AD, PS, PO>(pub(crate) AS, pub(crate) AD, pub(crate) PS, pub(crate) PO);
impl<AS: IntTuple, AD: IntTuple, PS: IntTuple, PO: IntTuple> BranchT
    for TileToShapeB<AS, AD, PS, PO>
{
    type Then = <BlockedProduct<AS, AD, PS, PO> as Layout>::Pair;
    type Else = (ErrLeaf<ETileToShapeRank>, ErrLeaf<ETileToShapeDivide>);
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        StridedLayout::from_parts(self.0, self.1)
            .blocked_product(StridedLayout::from_parts(self.2, self.3))
            .pair_of()
    }
    #[inline]
    fn els(self) -> Self::Else {
        Default::default()
    }
}
