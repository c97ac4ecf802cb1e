//! `composition` of strided layouts: `R(c) = A(B(c))` (CuTe's `composition_impl`).
//!
//! A transliteration of CuTe's algorithm: the lhs is coalesced (`coalesce_x` at the
//! terminals of the rhs's coprofile), then each rhs mode is composed; for an integral
//! rhs mode, CuTe's fold runs over the lhs modes but the last with the state
//! `(result_shape, result_stride, rest_shape, rest_stride)`, updated with CuTe's
//! formulas (quoted at each step). The runtime twin, which these types are tested
//! against, is `dynamic::algebra::composition`.
//!
//! Where CuTe statically asserts the stride and shape divisibility conditions,
//! composing static layouts that violate them stops the build with the condition.

use super::coalesce::{CoalesceByPair, XGuard, coalesce_by_pair};
use crate::int::types as t;
use crate::int::{
    Bit, BranchT, C, ErrLeaf, Leaf, LeafOps, Path, abs, ceil_div, div, min, mul, signum,
};
use crate::tuple::{
    Append, AsArithOf, At, FoldFn, IntTuple, LeafOf, OffsetSum, PairFn, Pairs, PlainOf, PrependFn,
    Reverse, Unwrap, Unzip, ZeroFn, ZipFn, at, plain_of, unwrap, unzip,
};
use typenum::Z0;

crate::err_msgs!(
    EStrideDivisibility => "composition: stride divisibility condition fails (CuTe: the right layout's stride must be a multiple of the left layout's extent or smaller than it, `(stride % extent == 0) or (stride < extent)`)",
    EShapeDivisibility => "composition: shape divisibility condition fails (CuTe: the right layout's remaining extent must be a multiple of the extent it takes from the left layout, `rest_shape % new_shape == 0`)",
);

/// CuTe's `coprofile(rhs)`: `_0`s congruent with the coordinate the rhs's strides sum
/// to (`_0` for integer strides).
pub type Coprofile<D> =
    <AsArithOf<<<D as IntTuple>::Leaves as IntTuple>::Fold<OffsetSum, C<Z0>>> as IntTuple>::Map<
        ZeroFn,
    >;

/// `composition(layout(LS, LD), layout(RS, RD))` as a `(shape, stride)` pair.
pub type CompositionPair<LS, LD, RS, RD> = CompImpl<
    <CoalesceByPair<LS, LD, Coprofile<RD>, XGuard> as IntTuple>::E0,
    <CoalesceByPair<LS, LD, Coprofile<RD>, XGuard> as IntTuple>::E1,
    RS,
    RD,
>;
/// The value of [`CompositionPair`].
#[inline]
#[track_caller]
pub(crate) fn composition_pair<LS: IntTuple, LD: IntTuple, RS: IntTuple, RD: IntTuple>(
    ls: LS,
    ld: LD,
    rs: RS,
    rd: RD,
) -> CompositionPair<LS, LD, RS, RD> {
    let flat = coalesce_by_pair::<LS, LD, Coprofile<RD>, XGuard>(ls, ld);
    comp_impl(flat.e0(), flat.e1(), rs, rd)
}

/// CuTe's `composition_impl(lhs_shape, lhs_stride, rhs_shape, rhs_stride)`.
pub type CompImpl<LS, LD, RS, RD> =
    <<RS as IntTuple>::IsTuple as Bit>::SelT<CompDispatch<LS, LD, RS, RD>>;
#[inline]
#[track_caller]
pub(crate) fn comp_impl<LS: IntTuple, LD: IntTuple, RS: IntTuple, RD: IntTuple>(
    ls: LS,
    ld: LD,
    rs: RS,
    rd: RD,
) -> CompImpl<LS, LD, RS, RD> {
    <RS::IsTuple as Bit>::sel_t(CompDispatch(ls, ld, rs, rd))
}

/// `composition_impl` of each rhs mode.
#[derive(Clone, Copy)]
pub struct CompMode<LS, LD>(LS, LD);
impl<LS: IntTuple, LD: IntTuple> ZipFn for CompMode<LS, LD> {
    type Ap<RS: IntTuple, RD: IntTuple> = CompImpl<LS, LD, RS, RD>;
    #[inline]
    #[track_caller]
    fn ap<RS: IntTuple, RD: IntTuple>(self, rs: RS, rd: RD) -> Self::Ap<RS, RD> {
        comp_impl(self.0, self.1, rs, rd)
    }
}
/// By mode for a tuple rhs, else the integral cases.
#[derive(Clone, Copy)]
pub struct CompDispatch<LS, LD, RS, RD>(LS, LD, RS, RD);
type BasisOf<RD> = <LeafOf<RD> as Leaf>::Basis;
/// A stride at a real mode path (not a plain integer, not an error marker).
type IsBasis<RD> =
    <<<BasisOf<RD> as Path>::IsNil as Bit>::Or<<BasisOf<RD> as Path>::IsErr> as Bit>::Not;
impl<LS: IntTuple, LD: IntTuple, RS: IntTuple, RD: IntTuple> BranchT
    for CompDispatch<LS, LD, RS, RD>
{
    // CuTe: right-distributivity of composition for a tuple rhs.
    type Then = Unzip<<RS as IntTuple>::Zip<RD, CompMode<LS, LD>>>;
    type Else = <IsBasis<RD> as Bit>::SelT<CompBasis<LS, LD, RS, RD>>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        unzip(self.2.zip(self.3, CompMode(self.0, self.1)))
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <IsBasis<RD> as Bit>::sel_t(CompBasis(self.0, self.1, self.2, self.3))
    }
}
/// CuTe: a scaled-basis rhs stride composes with the lhs mode it points at:
/// `composition_impl(basis_get(rhs_stride, lhs_shape), basis_get(rhs_stride,
/// lhs_stride), rhs_shape, basis_value(rhs_stride))`.
#[derive(Clone, Copy)]
pub struct CompBasis<LS, LD, RS, RD>(LS, LD, RS, RD);
type BasisGet<T, P> = <<P as Path>::IsNil as Bit>::SelT<BasisGetB<T, P>>;
/// CuTe's `basis_get(e, t)`: the sub-tuple of `t` at the path of `e`.
#[derive(Clone, Copy)]
pub struct BasisGetB<T, P>(T, core::marker::PhantomData<P>);
impl<T: IntTuple, P: Path> BranchT for BasisGetB<T, P> {
    type Then = T;
    type Else = BasisGet<At<T, <P as Path>::First>, <P as Path>::Rest>;
    #[inline]
    fn then(self) -> T {
        self.0
    }
    #[inline]
    fn els(self) -> Self::Else {
        basis_get::<_, P::Rest>(at::<T, P::First>(self.0))
    }
}
#[inline]
fn basis_get<T: IntTuple, P: Path>(t: T) -> BasisGet<T, P> {
    <P::IsNil as Bit>::sel_t(BasisGetB::<T, P>(t, core::marker::PhantomData))
}
impl<LS: IntTuple, LD: IntTuple, RS: IntTuple, RD: IntTuple> BranchT for CompBasis<LS, LD, RS, RD> {
    type Then =
        CompImpl<BasisGet<LS, BasisOf<RD>>, BasisGet<LD, BasisOf<RD>>, RS, PlainOf<LeafOf<RD>>>;
    type Else = <<LeafOf<RD> as LeafOps>::IsZero as Bit>::SelT<CompLeaf<LS, LD, RS, RD>>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        comp_impl(
            basis_get::<_, BasisOf<RD>>(self.0),
            basis_get::<_, BasisOf<RD>>(self.1),
            self.2,
            plain_of(self.3.size()),
        )
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <<LeafOf<RD> as LeafOps>::IsZero as Bit>::sel_t(CompLeaf(self.0, self.1, self.2, self.3))
    }
}
/// An integral rhs mode: a static `_0` stride keeps the mode, an integral lhs scales
/// it, a tuple lhs folds.
#[derive(Clone, Copy)]
pub struct CompLeaf<LS, LD, RS, RD>(LS, LD, RS, RD);
impl<LS: IntTuple, LD: IntTuple, RS: IntTuple, RD: IntTuple> BranchT for CompLeaf<LS, LD, RS, RD> {
    // CuTe: Layout<RShape, RStride>{rhs_shape, rhs_stride} for a static stride-0.
    type Then = (RS, RD);
    type Else = <<LS as IntTuple>::IsTuple as Bit>::SelT<CompFold<LS, LD, RS, RD>>;
    #[inline]
    fn then(self) -> (RS, RD) {
        (self.2, self.3)
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <LS::IsTuple as Bit>::sel_t(CompFold(self.0, self.1, self.2, self.3))
    }
}

/// The general case: CuTe's fold over the lhs modes but the last, then its finish.
#[derive(Clone, Copy)]
pub struct CompFold<LS, LD, RS, RD>(LS, LD, RS, RD);
type Most<T> = Reverse<<Reverse<T> as IntTuple>::Tail>;
type LastOf<T> = <Reverse<T> as IntTuple>::Head;
type FoldState<LS, LD, RS, RD> =
    <Pairs<Most<LS>, Most<LD>> as IntTuple>::Fold<CompStep, ((), (), LeafOf<RS>, LeafOf<RD>)>;
impl<LS: IntTuple, LD: IntTuple, RS: IntTuple, RD: IntTuple> BranchT for CompFold<LS, LD, RS, RD> {
    type Then = CompFinish<FoldState<LS, LD, RS, RD>, LeafOf<LastOf<LD>>>;
    // CuTe: Layout{rhs_shape, rhs_stride * lhs_stride} for an integral lhs.
    type Else = (RS, t::Mul<LeafOf<RD>, LeafOf<LD>>);
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        let most = |t: LS| t.fold(PrependFn, ()).tail().fold(PrependFn, ());
        let mostd = self.1.fold(PrependFn, ()).tail().fold(PrependFn, ());
        let last = self.1.fold(PrependFn, ()).head().size();
        let state = most(self.0)
            .zip(mostd, PairFn)
            .fold(CompStep, ((), (), self.2.size(), self.3.size()));
        comp_finish(state, last)
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        (self.2, mul(self.3.size(), self.1.size()))
    }
}

/// One lhs mode `(curr_shape, curr_stride)` of CuTe's fold; the state is
/// `(result_shape, result_stride, rest_shape, rest_stride)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct CompStep;
type RestShape<St> = LeafOf<<St as IntTuple>::E2>;
type RestStride<St> = LeafOf<<St as IntTuple>::E3>;
type CurrShape<X> = LeafOf<<X as IntTuple>::E0>;
type CurrStride<X> = LeafOf<<X as IntTuple>::E1>;
// next_shape: ceil(exclusive_prefix_product(lhs_shape) / rhs_stride)
//   = ceil_div(curr_shape, abs(rest_stride))
type NextShape<St, X> = t::CeilDiv<CurrShape<X>, t::Abs<RestStride<St>>>;
// next_stride: ceil(rhs_stride / exclusive_prefix_product(lhs_shape))
//   = ceil_div(abs(rest_stride), curr_shape) * signum(rest_stride)
type NextStride<St, X> =
    t::Mul<t::CeilDiv<t::Abs<RestStride<St>>, CurrShape<X>>, t::Signum<RestStride<St>>>;
// CuTe: CUTE_STATIC_ASSERT_V(((rest_stride % curr_shape) == Int<0>{}) or (rest_stride < curr_shape))
type StrideOk<St, X> = t::Checked<
    RestStride<St>,
    CurrShape<X>,
    <<t::Rem<RestStride<St>, CurrShape<X>> as LeafOps>::IsZero as Bit>::Or<
        t::StaticLt<RestStride<St>, CurrShape<X>>,
    >,
>;
type NextStrideChecked<St, X> =
    <StrideOk<St, X> as Bit>::IfL<NextStride<St, X>, ErrLeaf<EStrideDivisibility>>;
// new_shape = min(next_shape, rest_shape)
type NewShape<St, X> = t::Min<NextShape<St, X>, RestShape<St>>;
// CuTe: CUTE_STATIC_ASSERT_V(rest_shape % new_shape == Int<0>{})
type ShapeOk<St, X> = t::Checked<
    RestShape<St>,
    NewShape<St, X>,
    <t::Rem<RestShape<St>, NewShape<St, X>> as LeafOps>::IsZero,
>;
type RestShapeNext<St, X> = <ShapeOk<St, X> as Bit>::IfL<
    t::Div<RestShape<St>, NewShape<St, X>>,
    ErrLeaf<EShapeDivisibility>,
>;
/// CuTe: `is_constant<1, next_shape> || is_constant<1, rest_shape>` skips the mode.
type SkipMode<St, X> =
    <<NextShape<St, X> as LeafOps>::IsOne as Bit>::Or<<RestShape<St> as LeafOps>::IsOne>;
impl FoldFn for CompStep {
    type Step<St: IntTuple, X: IntTuple> = <SkipMode<St, X> as Bit>::IfT<
        // (result_shape, result_stride, rest_shape, next_stride)
        (St::E0, St::E1, RestShape<St>, NextStrideChecked<St, X>),
        // (append(result_shape, new_shape), append(result_stride, rest_stride * curr_stride),
        //  rest_shape / new_shape, next_stride)
        (
            Append<St::E0, NewShape<St, X>>,
            Append<St::E1, t::Mul<RestStride<St>, CurrStride<X>>>,
            RestShapeNext<St, X>,
            NextStrideChecked<St, X>,
        ),
    >;
    #[inline]
    #[track_caller]
    fn step<St: IntTuple, X: IntTuple>(self, st: St, x: X) -> Self::Step<St, X> {
        let (rest_shape, rest_stride) = (st.e2().size(), st.e3().size());
        let (curr_shape, curr_stride) = (x.e0().size(), x.e1().size());
        let next_shape = ceil_div(curr_shape, abs(rest_stride));
        let next_stride = mul(ceil_div(abs(rest_stride), curr_shape), signum(rest_stride));
        let next_stride = <StrideOk<St, X> as Bit>::if_l(next_stride, ErrLeaf::default());
        let new_shape = min(next_shape, rest_shape);
        <SkipMode<St, X> as Bit>::if_t(
            (st.e0(), st.e1(), rest_shape, next_stride),
            (
                st.e0().append(new_shape),
                st.e1().append(mul(rest_stride, curr_stride)),
                <ShapeOk<St, X> as Bit>::if_l(
                    div_or_zero(rest_shape, new_shape),
                    ErrLeaf::default(),
                ),
                next_stride,
            ),
        )
    }
}
/// `a / b`, computed only where `b` is non-zero (a skipped mode's `new_shape` may be 0).
#[inline]
#[track_caller]
fn div_or_zero<A: Leaf, B: Leaf>(a: A, b: B) -> t::Div<A, B> {
    if b.value() == 0 {
        Leaf::from_value(0)
    } else {
        div(a, b)
    }
}

/// CuTe's finish of `composition_impl`: an empty result is the rest mode; a `_1` rest
/// unwraps the result; otherwise the rest mode is appended.
type CompFinish<St, LastD> = <<<St as IntTuple>::E0 as IntTuple>::IsEmpty as Bit>::IfT<
    (RestShape<St>, t::Mul<RestStride<St>, LastD>),
    <<RestShape<St> as LeafOps>::IsOne as Bit>::IfT<
        (Unwrap<<St as IntTuple>::E0>, Unwrap<<St as IntTuple>::E1>),
        (
            Append<<St as IntTuple>::E0, RestShape<St>>,
            Append<<St as IntTuple>::E1, t::Mul<RestStride<St>, LastD>>,
        ),
    >,
>;
#[inline]
#[track_caller]
fn comp_finish<St: IntTuple, LastD: Leaf>(st: St, last: LastD) -> CompFinish<St, LastD> {
    let (rs, rd) = (st.e2().size(), st.e3().size());
    <<St::E0 as IntTuple>::IsEmpty as Bit>::if_t(
        (rs, mul(rd, last)),
        <<RestShape<St> as LeafOps>::IsOne as Bit>::if_t(
            (unwrap(st.e0()), unwrap(st.e1())),
            (st.e0().append(rs), st.e1().append(mul(rd, last))),
        ),
    )
}
