//! CuTe's int-tuple arithmetic (`int_tuple.hpp`, `stride.hpp`,
//! `numeric/arithmetic_tuple.hpp`): `shape_div`, `inner_product`, `crd2idx` (with a
//! stride, and colexicographic), `idx2crd`, `make_basis_like`, and the addition of
//! offsets that are coordinates (sums of basis elements, CuTe's `ArithmeticTuple`).

use super::queries::{Flatten, Last, PrependFn, Reverse, flatten};
use super::{FoldFn, IntTuple, LeafOf, MapFn, ZipFn};
use crate::int::types as t;
use crate::int::{
    Bit, BranchT, C, Conjure, ENeedsInteger, ErrLeaf, Leaf, LeafOps, Nat, PNil, Path, div, mul, rem,
};
use typenum::{P1, Z0};

/// `(x, y)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct PairFn;
impl ZipFn for PairFn {
    type Ap<X: IntTuple, Y: IntTuple> = (X, Y);
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> (X, Y) {
        (x, y)
    }
}
/// The mode-wise pairs `((a0, b0), (a1, b1), ...)`.
pub type Pairs<A, B> = <A as IntTuple>::Zip<B, PairFn>;

// ---------------------------------------------------------------------------------
// shape_div

/// CuTe's `shape_div(a, b)` for integers: `a / b` when it is non-zero, else
/// `signum(a) * signum(b)` (division with rounding away from zero); where both are
/// static, CuTe's divisibility condition `a % b == 0 || b % a == 0` must hold.
pub type ShapeDivInt<A, B> = <ShapeDivOk<A, B> as Bit>::IfL<
    <<t::Div<A, B> as LeafOps>::IsZero as Bit>::IfL<
        t::Mul<t::Signum<A>, t::Signum<B>>,
        t::Div<A, B>,
    >,
    ErrLeaf<EShapeDiv>,
>;
type ShapeDivOk<A, B> = t::Checked<
    A,
    B,
    <<t::Rem<A, B> as LeafOps>::IsZero as Bit>::Or<<t::Rem<B, A> as LeafOps>::IsZero>,
>;
crate::err_msgs!(
    EShapeDiv => "shape_div: neither extent divides the other (CuTe's divisibility condition)",
    ECoordRank => "the coordinate has more modes than the layout's shape (a coordinate is an index or a tuple with the shape's rank at each level)",
);
#[inline]
#[track_caller]
fn shape_div_int<A: Leaf, B: Leaf>(a: A, b: B) -> ShapeDivInt<A, B> {
    let q = a
        .value()
        .checked_div(b.value())
        .unwrap_or_else(|| crate::cold::shape_div_by_zero(a, b));
    let v = if q != 0 {
        q
    } else {
        a.value().signum() * b.value().signum()
    };
    Leaf::from_value(v)
}

/// CuTe's `shape_div(a, b)`: tuple by tuple mode by mode, tuple by integer folded across
/// the modes (`shape_div((4,5,6),40)` is `(1,1,3)`), integer by tuple through
/// `product(b)`.
pub type ShapeDiv<A, B> = <<A as IntTuple>::IsTuple as Bit>::SelT<ShapeDivB<A, B>>;
/// The lazy branches of [`ShapeDiv`].
#[derive(Clone, Copy)]
pub struct ShapeDivB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for ShapeDivB<A, B> {
    type Then = <<B as IntTuple>::IsTuple as Bit>::SelT<ShapeDivTB<A, B>>;
    type Else = ShapeDivInt<LeafOf<A>, LeafOf<B>>;
    #[inline]
    fn then(self) -> Self::Then {
        <B::IsTuple as Bit>::sel_t(ShapeDivTB(self.0, self.1))
    }
    #[inline]
    fn els(self) -> Self::Else {
        shape_div_int(self.0.size(), self.1.size())
    }
}
/// `shape_div` of a tuple by a tuple (mode by mode) or by an integer (folded).
#[derive(Clone, Copy)]
pub struct ShapeDivTB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for ShapeDivTB<A, B> {
    type Then = <A as IntTuple>::Zip<B, ShapeDivFn>;
    // CuTe: fold(a, (tuple(), b), [](init, ai) {
    //   return (append(get<0>(init), shape_div(ai, get<1>(init))), shape_div(get<1>(init), ai)); })
    type Else = <<A as IntTuple>::Fold<ShapeDivFold, ((), LeafOf<B>)> as IntTuple>::E0;
    #[inline]
    fn then(self) -> Self::Then {
        self.0.zip(self.1, ShapeDivFn)
    }
    #[inline]
    fn els(self) -> Self::Else {
        self.0.fold(ShapeDivFold, ((), self.1.size())).e0()
    }
}
/// `shape_div` mode by mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct ShapeDivFn;
impl ZipFn for ShapeDivFn {
    type Ap<X: IntTuple, Y: IntTuple> = ShapeDiv<X, Y>;
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> ShapeDiv<X, Y> {
        shape_div(x, y)
    }
}
/// The fold of `shape_div(tuple, int)`; the state is `(result, rest)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct ShapeDivFold;
impl FoldFn for ShapeDivFold {
    type Step<Acc: IntTuple, X: IntTuple> = (
        <Acc::E0 as IntTuple>::Append<ShapeDiv<X, Acc::E1>>,
        LeafOf<ShapeDiv<Acc::E1, X>>,
    );
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        (
            acc.e0().append(shape_div(x, acc.e1())),
            shape_div(acc.e1(), x).size(),
        )
    }
}
/// CuTe's `shape_div`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(shape_div(shape!((4, 5, 6)), shape!(40))).to_string(), "(_1,_1,_3)");
/// assert_eq!(Cute(shape_div(shape!(3), shape!(12))).to_string(), "_1");
/// ```
#[inline]
#[track_caller]
pub fn shape_div<A: IntTuple, B: IntTuple>(a: A, b: B) -> ShapeDiv<A, B> {
    <A::IsTuple as Bit>::sel_t(ShapeDivB(a, b))
}

// ---------------------------------------------------------------------------------
// offsets: integers, basis elements and their sums (CuTe's ArithmeticTuple)

/// CuTe's `a + b` on layout offsets: integers add; basis elements at the same path add;
/// anything else becomes a coordinate (`as_arithmetic_tuple`) added mode by mode, the
/// shorter padded with `_0`; a static `_0` operand is the other operand.
pub type OffsetAdd<A, B> = <IsZeroLeaf<A> as Bit>::SelT<OffsetAddA0<A, B>>;
/// `B1` for a static `_0` leaf (a tuple is never zero, even when its product is).
type IsZeroLeaf<A> = <<<A as IntTuple>::IsTuple as Bit>::Not as Bit>::And<
    <<A as IntTuple>::Size as LeafOps>::IsZero,
>;
/// The lazy branches of [`OffsetAdd`] on `a == _0` (each arm only normalized when taken:
/// the coordinate arm may recurse back here).
#[derive(Clone, Copy)]
pub struct OffsetAddA0<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for OffsetAddA0<A, B> {
    type Then = B;
    type Else = <IsZeroLeaf<B> as Bit>::SelT<OffsetAddB0<A, B>>;
    #[inline]
    fn then(self) -> B {
        self.1
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <IsZeroLeaf<B> as Bit>::sel_t(OffsetAddB0(self.0, self.1))
    }
}
/// The lazy branches of [`OffsetAdd`] on `b == _0`.
#[derive(Clone, Copy)]
pub struct OffsetAddB0<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for OffsetAddB0<A, B> {
    type Then = A;
    type Else = <UseArith<A, B> as Bit>::SelT<OffsetAddB<A, B>>;
    #[inline]
    fn then(self) -> A {
        self.0
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <UseArith<A, B> as Bit>::sel_t(OffsetAddB(self.0, self.1))
    }
}
/// Whether the sum of `a` and `b` is a coordinate rather than a leaf.
type UseArith<A, B> = <<<A as IntTuple>::IsTuple as Bit>::Or<<B as IntTuple>::IsTuple> as Bit>::Or<
    <<<Basis<A> as Path>::Eq<Basis<B>> as Bit>::Not as Bit>::And<
        <<<Basis<A> as Path>::IsErr as Bit>::Or<<Basis<B> as Path>::IsErr> as Bit>::Not,
    >,
>;
type Basis<A> = <<A as IntTuple>::Size as Leaf>::Basis;
/// The lazy branches of [`OffsetAdd`].
#[derive(Clone, Copy)]
pub struct OffsetAddB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for OffsetAddB<A, B> {
    type Then = ArithAdd<AsArith<A>, AsArith<B>>;
    type Else = t::Add<LeafOf<A>, LeafOf<B>>;
    #[inline]
    fn then(self) -> Self::Then {
        arith_add(as_arith(self.0), as_arith(self.1))
    }
    #[inline]
    fn els(self) -> Self::Else {
        crate::int::add(self.0.size(), self.1.size())
    }
}
/// The value of [`OffsetAdd`].
#[inline]
#[track_caller]
pub fn offset_add<A: IntTuple, B: IntTuple>(a: A, b: B) -> OffsetAdd<A, B> {
    <IsZeroLeaf<A> as Bit>::sel_t(OffsetAddA0(a, b))
}

/// CuTe's `as_arithmetic_tuple`: a basis element as the coordinate it stands for
/// (`3@1` is `(_0,3)`); tuples and integers stay.
pub type AsArith<A> = <<A as IntTuple>::IsTuple as Bit>::SelT<AsArithB<A>>;
/// The lazy branches of [`AsArith`].
#[derive(Clone, Copy)]
pub struct AsArithB<A>(A);
impl<A: IntTuple> BranchT for AsArithB<A> {
    type Then = A;
    type Else = Embed<<<A as IntTuple>::Size as Leaf>::Basis, LeafOf<A>>;
    #[inline]
    fn then(self) -> A {
        self.0
    }
    #[inline]
    fn els(self) -> Self::Else {
        embed::<<A::Size as Leaf>::Basis, _>(self.0.size())
    }
}
/// [`AsArith`], under the name other modules use.
pub type AsArithOf<A> = AsArith<A>;
/// The value of [`AsArith`].
#[inline]
pub fn as_arith<A: IntTuple>(a: A) -> AsArith<A> {
    <A::IsTuple as Bit>::sel_t(AsArithB(a))
}
/// The scale of leaf `L` embedded at path `P`: `_0`s before mode `P.first`, the rest of
/// the path inside it.
pub type Embed<P, L> = <<P as Path>::IsNil as Bit>::SelT<EmbedB<P, L>>;
/// The lazy branches of [`Embed`].
#[derive(Clone, Copy)]
pub struct EmbedB<P, L>(L, core::marker::PhantomData<P>);
impl<P: Path, L: IntTuple> BranchT for EmbedB<P, L> {
    // The plain scale.
    type Then = PlainOf<LeafOf<L>>;
    type Else = ZerosThen<<P as Path>::First, Embed<<P as Path>::Rest, L>>;
    #[inline]
    fn then(self) -> Self::Then {
        plain_of(self.0.size())
    }
    #[inline]
    fn els(self) -> Self::Else {
        zeros_then::<P::First, _>(embed::<P::Rest, _>(self.0))
    }
}
/// A leaf's scale as a plain integer (its basis dropped).
pub type PlainOf<L> = <<L as IntTuple>::IsStatic as Bit>::IfI<C<<L as Leaf>::Val>, isize>;
/// The value of [`PlainOf`].
#[inline]
pub fn plain_of<L: Leaf>(l: L) -> PlainOf<L> {
    Leaf::from_value(l.value())
}
#[inline]
fn embed<P: Path, L: IntTuple>(l: L) -> Embed<P, L> {
    <P::IsNil as Bit>::sel_t(EmbedB::<P, L>(l, core::marker::PhantomData))
}
/// `N` static zeros, then `X`.
pub type ZerosThen<N, X> = <<N as Nat>::IsZero as Bit>::SelT<ZerosThenB<N, X>>;
/// The lazy branches of [`ZerosThen`].
#[derive(Clone, Copy)]
pub struct ZerosThenB<N, X>(X, core::marker::PhantomData<N>);
impl<N: Nat, X: IntTuple> BranchT for ZerosThenB<N, X> {
    type Then = (X,);
    type Else = <ZerosThen<<N as Nat>::Pred, X> as IntTuple>::Prepend<C<Z0>>;
    #[inline]
    fn then(self) -> (X,) {
        (self.0,)
    }
    #[inline]
    fn els(self) -> Self::Else {
        zeros_then::<N::Pred, X>(self.0).prepend(C::new())
    }
}
#[inline]
fn zeros_then<N: Nat, X: IntTuple>(x: X) -> ZerosThen<N, X> {
    <N::IsZero as Bit>::sel_t(ZerosThenB::<N, X>(x, core::marker::PhantomData))
}
/// Coordinates added mode by mode, the shorter padded with `_0` (CuTe's
/// `ArithmeticTuple` `+`).
pub type ArithAdd<A, B> =
    <<<<A as IntTuple>::Rank as Nat>::Cmp<<B as IntTuple>::Rank> as crate::int::Ord3>::Lt as Bit>::SelT<ArithAddOrderB<A, B>>;
/// The lazy branches of [`ArithAdd`]: the longer operand drives the zip (only the chosen
/// zip is normalized; the other may not terminate).
#[derive(Clone, Copy)]
pub struct ArithAddOrderB<A, B>(A, B);
impl<A: IntTuple, B: IntTuple> BranchT for ArithAddOrderB<A, B> {
    type Then = <B as IntTuple>::Zip<A, ArithAddFn>;
    type Else = <A as IntTuple>::Zip<B, ArithAddFn>;
    #[inline]
    fn then(self) -> Self::Then {
        self.1.zip(self.0, ArithAddFn)
    }
    #[inline]
    fn els(self) -> Self::Else {
        self.0.zip(self.1, ArithAddFn)
    }
}
#[inline]
fn arith_add<A: IntTuple, B: IntTuple>(a: A, b: B) -> ArithAdd<A, B> {
    <<<A::Rank as Nat>::Cmp<B::Rank> as crate::int::Ord3>::Lt as Bit>::sel_t(ArithAddOrderB(a, b))
}
/// One mode of [`ArithAdd`]: a missing mode (`()`) counts as `_0`.
#[derive(Clone, Copy, Default, Debug)]
pub struct ArithAddFn;
impl ZipFn for ArithAddFn {
    type Ap<X: IntTuple, Y: IntTuple> = <<Y as IntTuple>::IsEmpty as Bit>::SelT<ArithAddB<X, Y>>;
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> Self::Ap<X, Y> {
        <Y::IsEmpty as Bit>::sel_t(ArithAddB(x, y))
    }
}
/// The lazy branches of [`ArithAddFn`].
#[derive(Clone, Copy)]
pub struct ArithAddB<X, Y>(X, Y);
impl<X: IntTuple, Y: IntTuple> BranchT for ArithAddB<X, Y> {
    type Then = X;
    type Else = OffsetAdd<X, Y>;
    #[inline]
    fn then(self) -> X {
        self.0
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        offset_add(self.0, self.1)
    }
}

// ---------------------------------------------------------------------------------
// crd2idx(coord, shape, stride)

/// CuTe's `crd2idx(coord, shape, stride)`: the offset of a coordinate.
///
/// - all integers: `coord * stride`;
/// - an integer coordinate in a tuple shape: divmod by each mode's size, the last mode
///   taking the rest (so the function extends past the domain);
/// - a tuple coordinate: the sum over the modes.
pub type Crd2Idx<Crd, S, D> = <<Crd as IntTuple>::IsTuple as Bit>::SelT<Crd2IdxB<Crd, S, D>>;
/// The lazy branches of [`Crd2Idx`].
#[derive(Clone, Copy)]
pub struct Crd2IdxB<Crd, S, D>(Crd, S, D);
impl<Crd: IntTuple, S: IntTuple, D: IntTuple> BranchT for Crd2IdxB<Crd, S, D> {
    // CuTe: (... + crd2idx(get<Is>(coord), get<Is>(shape), get<Is>(stride)))
    type Then =
        <<Crd as IntTuple>::Zip<Pairs<S, D>, Crd2IdxModeFn> as IntTuple>::Fold<OffsetSum, C<Z0>>;
    // A coordinate mode past the shape's rank meets the empty tuple: an error, not a
    // recursion into it.
    type Else = <<S as IntTuple>::IsEmpty as Bit>::SelT<Crd2IdxLeafB<LeafOf<Crd>, S, D>>;
    #[inline]
    fn then(self) -> Self::Then {
        self.0
            .zip(self.1.zip(self.2, PairFn), Crd2IdxModeFn)
            .fold(OffsetSum, C::new())
    }
    #[inline]
    fn els(self) -> Self::Else {
        <S::IsEmpty as Bit>::sel_t(Crd2IdxLeafB(self.0.size(), self.1, self.2))
    }
}
/// An integer coordinate: an error in the empty shape, else [`Crd2IdxItt`].
#[derive(Clone, Copy)]
pub struct Crd2IdxLeafB<Cd, S, D>(Cd, S, D);
impl<Cd: Leaf, S: IntTuple, D: IntTuple> BranchT for Crd2IdxLeafB<Cd, S, D> {
    type Then = ErrLeaf<ECoordRank>;
    type Else = <<S as IntTuple>::IsTuple as Bit>::SelT<Crd2IdxItt<Cd, S, D>>;
    #[inline]
    fn then(self) -> Self::Then {
        ErrLeaf::default()
    }
    #[inline]
    fn els(self) -> Self::Else {
        <S::IsTuple as Bit>::sel_t(Crd2IdxItt(self.0, self.1, self.2))
    }
}
/// `crd2idx` of one mode: the coordinate and the `(shape, stride)` pair.
#[derive(Clone, Copy, Default, Debug)]
pub struct Crd2IdxModeFn;
impl ZipFn for Crd2IdxModeFn {
    type Ap<X: IntTuple, Y: IntTuple> = Crd2Idx<X, <Y as IntTuple>::E0, <Y as IntTuple>::E1>;
    #[inline]
    #[track_caller]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> Self::Ap<X, Y> {
        crd2idx(x, y.e0(), y.e1())
    }
}
/// Sums offsets (a left fold with [`OffsetAdd`]).
#[derive(Clone, Copy, Default, Debug)]
pub struct OffsetSum;
impl FoldFn for OffsetSum {
    type Step<Acc: IntTuple, X: IntTuple> = OffsetAdd<Acc, X>;
    #[inline]
    #[track_caller]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        offset_add(acc, x)
    }
}
/// An integer coordinate in a tuple shape (CuTe's `crd2idx_itt`), or in an integer
/// shape (`coord * stride`).
#[derive(Clone, Copy)]
pub struct Crd2IdxItt<Cd, S, D>(Cd, S, D);
type IttState<Cd, S, D> =
    <Reverse<<Reverse<Pairs<S, D>> as IntTuple>::Tail> as IntTuple>::Fold<IttStep, (Cd, C<Z0>)>;
impl<Cd: Leaf, S: IntTuple, D: IntTuple> BranchT for Crd2IdxItt<Cd, S, D> {
    // CuTe: crd2idx(mod, get<I0>(shape), get<I0>(stride)) + crd2idx_itt(div, ...), and
    // on the last mode crd2idx(coord, get<I>(shape), get<I>(stride)) (no mod).
    type Then = OffsetAdd<
        <IttState<Cd, S, D> as IntTuple>::E1,
        Crd2Idx<
            <IttState<Cd, S, D> as IntTuple>::E0,
            <Last<Pairs<S, D>> as IntTuple>::E0,
            <Last<Pairs<S, D>> as IntTuple>::E1,
        >,
    >;
    type Else = t::Mul<Cd, LeafOf<D>>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        let pairs = self.1.zip(self.2, PairFn);
        let rev = pairs.fold(PrependFn, ());
        let st = rev
            .tail()
            .fold(PrependFn, ())
            .fold(IttStep, (self.0, C::<Z0>::new()));
        let last = rev.head();
        offset_add(st.e1(), crd2idx(st.e0(), last.e0(), last.e1()))
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        mul(self.0, self.2.size())
    }
}
/// One mode of `crd2idx_itt`: the state is `(coord, offset)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct IttStep;
impl FoldFn for IttStep {
    // CuTe: auto [div, mod] = divmod(coord, product(get<I0>(shape)))
    type Step<Acc: IntTuple, X: IntTuple> = (
        t::Div<LeafOf<Acc::E0>, <X::E0 as IntTuple>::Size>,
        OffsetAdd<
            Acc::E1,
            Crd2Idx<t::Rem<LeafOf<Acc::E0>, <X::E0 as IntTuple>::Size>, X::E0, X::E1>,
        >,
    );
    #[inline]
    #[track_caller]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        let (c, p) = (acc.e0().size(), x.e0().size());
        (
            div(c, p),
            offset_add(acc.e1(), crd2idx(rem(c, p), x.e0(), x.e1())),
        )
    }
}
/// CuTe's `crd2idx(coord, shape, stride)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let (s, d) = (shape!((4, (2, 2))), shape!((1, (8, 4))));
/// assert_eq!(Cute(crd2idx(shape!((1, (1, 0))), s, d)).to_string(), "_9");
/// assert_eq!(crd2idx(13isize, s, d), 1 + 8 + 4);
/// ```
#[inline]
#[track_caller]
pub fn crd2idx<Crd: IntTuple, S: IntTuple, D: IntTuple>(c: Crd, s: S, d: D) -> Crd2Idx<Crd, S, D> {
    <Crd::IsTuple as Bit>::sel_t(Crd2IdxB(c, s, d))
}

/// CuTe's `inner_product(a, b)`: `a0*b0 + a1*b1 + ...` over congruent int tuples.
pub type InnerProduct<A, B> = Crd2Idx<A, A, B>;
/// CuTe's `inner_product`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(inner_product(shape!((2, 3)), shape!((4, 5)))).to_string(), "_23");
/// ```
#[inline]
pub fn inner_product<A: IntTuple, B: IntTuple>(a: A, b: B) -> InnerProduct<A, B> {
    // For congruent operands crd2idx never splits a coordinate, so it is the inner product.
    crd2idx(a, a, b)
}

// ---------------------------------------------------------------------------------
// make_basis_like, idx2crd, colexicographic crd2idx

/// CuTe's `make_basis_like(shape)`: each leaf of `shape` replaced by the basis element
/// at its path (`(_4,(_2,_3))` gives `(_1@0,(_1@0@1,_1@1@1))`).
pub type BasisLike<S, P> = <<S as IntTuple>::IsTuple as Bit>::SelT<BasisLikeB<S, P>>;
/// The lazy branches of [`BasisLike`].
#[derive(Clone, Copy)]
pub struct BasisLikeB<S, P>(core::marker::PhantomData<(S, P)>);
impl<S: IntTuple, P: Path> BranchT for BasisLikeB<S, P> {
    type Then = <<S as IntTuple>::Fold<BasisLikeFold<P>, (C<Z0>, ())> as IntTuple>::E1;
    type Else = <P as Path>::Wrap<C<P1>>;
    #[inline]
    fn then(self) -> Self::Then {
        Conjure::conjure()
    }
    #[inline]
    fn els(self) -> Self::Else {
        Conjure::conjure()
    }
}
/// Builds the basis of each mode; the state is `(index, modes)`: mode `i` of the shape
/// at path `P` sits at `P` followed by `i`.
#[derive(Clone, Copy, Default, Debug)]
pub struct BasisLikeFold<P>(core::marker::PhantomData<P>);
impl<P: Path> FoldFn for BasisLikeFold<P> {
    type Step<Acc: IntTuple, X: IntTuple> = (
        t::Add<LeafOf<Acc::E0>, C<P1>>,
        <Acc::E1 as IntTuple>::Append<
            BasisLike<X, PathAppend<P, <<LeafOf<Acc::E0> as Leaf>::Val as crate::int::SInt>::Mag>>,
        >,
    );
    #[inline]
    fn step<Acc: IntTuple, X: IntTuple>(self, _: Acc, _: X) -> Self::Step<Acc, X> {
        Conjure::conjure()
    }
}
/// `P` followed by mode `I`.
pub type PathAppend<P, I> = <P as Path>::Append<I>;
/// CuTe's `make_basis_like`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(make_basis_like(shape!((4, (2, 3))))).to_string(), "(_1@0,(_1@0@1,_1@1@1))");
/// ```
#[inline]
pub fn make_basis_like<S: IntTuple>(_: S) -> BasisLike<S, PNil> {
    Conjure::conjure()
}

/// CuTe's two-argument `idx2crd(index, shape)`: the colexicographic coordinate of an
/// index (a tuple index is split mode by mode; an integer shape returns the index).
pub type Idx2Crd<I, S> = <<I as IntTuple>::IsTuple as Bit>::SelT<Idx2CrdB<I, S>>;
/// The lazy branches of [`Idx2Crd`].
#[derive(Clone, Copy)]
pub struct Idx2CrdB<I, S>(I, S);
impl<I: IntTuple, S: IntTuple> BranchT for Idx2CrdB<I, S> {
    type Then = <I as IntTuple>::Zip<S, Idx2CrdFn>;
    // CuTe: transform_leaf(as_arithmetic_tuple(crd2idx(idx, shape, make_basis_like(shape))), identity)
    type Else =
        <<S as IntTuple>::IsTuple as Bit>::IfT<ArithLike<Crd2Idx<I, S, BasisLike<S, PNil>>, S>, I>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        self.0.zip(self.1, Idx2CrdFn)
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        <S::IsTuple as Bit>::if_t(
            arith_like(crd2idx(self.0, self.1, make_basis_like(self.1)), self.1),
            self.0,
        )
    }
}
/// `idx2crd` mode by mode.
#[derive(Clone, Copy, Default, Debug)]
pub struct Idx2CrdFn;
impl ZipFn for Idx2CrdFn {
    type Ap<X: IntTuple, Y: IntTuple> = Idx2Crd<X, Y>;
    #[inline]
    #[track_caller]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> Self::Ap<X, Y> {
        idx2crd(x, y)
    }
}
/// An offset of a basis layout of `S` as a coordinate congruent with `S`.
pub type ArithLike<O, S> = <<S as IntTuple>::IsTuple as Bit>::SelT<ArithLikeB<O, S>>;
/// The lazy branches of [`ArithLike`].
#[derive(Clone, Copy)]
pub struct ArithLikeB<O, S>(O, core::marker::PhantomData<S>);
impl<O: IntTuple, S: IntTuple> BranchT for ArithLikeB<O, S> {
    type Then = <S as IntTuple>::Zip<AsArith<O>, ArithLikeFn>;
    type Else = <<<O as IntTuple>::IsTuple as Bit>::Not as Bit>::IfT<
        PlainOf<LeafOf<O>>,
        ErrLeaf<ENeedsInteger>,
    >;
    #[inline]
    fn then(self) -> Self::Then {
        S::conjure().zip(as_arith(self.0), ArithLikeFn)
    }
    #[inline]
    fn els(self) -> Self::Else {
        <<O::IsTuple as Bit>::Not as Bit>::if_t(plain_of(self.0.size()), ErrLeaf::default())
    }
}
#[inline]
fn arith_like<O: IntTuple, S: IntTuple>(o: O, _: S) -> ArithLike<O, S> {
    <S::IsTuple as Bit>::sel_t(ArithLikeB::<O, S>(o, core::marker::PhantomData))
}
/// One mode of [`ArithLike`]: a missing mode (`()`) is a static `_0`.
#[derive(Clone, Copy, Default, Debug)]
pub struct ArithLikeFn;
impl ZipFn for ArithLikeFn {
    type Ap<X: IntTuple, Y: IntTuple> =
        <<Y as IntTuple>::IsEmpty as Bit>::IfT<<X as IntTuple>::Map<ZeroFn>, ArithLike<Y, X>>;
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, y: Y) -> Self::Ap<X, Y> {
        <Y::IsEmpty as Bit>::if_t(x.map(ZeroFn), arith_like(y, x))
    }
}
/// Every leaf `_0` (CuTe's `repeat_like(t, _0)`).
#[derive(Clone, Copy, Default, Debug)]
pub struct ZeroFn;
impl MapFn for ZeroFn {
    type Ap<X: IntTuple> = <<X as IntTuple>::IsTuple as Bit>::SelT<ZeroB<X>>;
    #[inline]
    fn ap<X: IntTuple>(self, _: X) -> Self::Ap<X> {
        Conjure::conjure()
    }
}
/// The lazy branches of [`ZeroFn`].
#[derive(Clone, Copy)]
pub struct ZeroB<X>(core::marker::PhantomData<X>);
impl<X: IntTuple> BranchT for ZeroB<X> {
    type Then = <X as IntTuple>::Map<ZeroFn>;
    type Else = C<Z0>;
    fn then(self) -> Self::Then {
        Conjure::conjure()
    }
    fn els(self) -> C<Z0> {
        C::new()
    }
}
/// CuTe's `idx2crd(index, shape)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(idx2crd(70isize, shape!((4, (4, 2, 3))))).to_string(), "(2,(1,0,2))");
/// assert_eq!(Cute(idx2crd(_5::new(), shape!((2, 1, 3)))).to_string(), "(_1,_0,_2)");
/// ```
#[inline]
#[track_caller]
pub fn idx2crd<I: IntTuple, S: IntTuple>(i: I, s: S) -> Idx2Crd<I, S> {
    <I::IsTuple as Bit>::sel_t(Idx2CrdB(i, s))
}

/// CuTe's two-argument `crd2idx(coord, shape)`: the colexicographic index of a
/// coordinate (`c0 + s0 * (c1 + s1 * (...))` over the flattened coordinate, each leaf
/// weighted by the size of the matching sub-shape); an integer coordinate is already an
/// index.
pub type Crd2IdxColex<Crd, S> = <<Crd as IntTuple>::IsTuple as Bit>::SelT<ColexB<Crd, S>>;
/// The lazy branches of [`Crd2IdxColex`].
#[derive(Clone, Copy)]
pub struct ColexB<Crd, S>(Crd, S);
type ColexFlat<Crd, S> =
    Reverse<<Flatten<Crd> as IntTuple>::Zip<Flatten<ProductLike<S, Crd>>, PairFn>>;
impl<Crd: IntTuple, S: IntTuple> BranchT for ColexB<Crd, S> {
    // Horner's rule from the last mode: i = c_last; i = c_k + s_k * i.
    type Then = <<ColexFlat<Crd, S> as IntTuple>::Tail as IntTuple>::Fold<
        HornerStep,
        LeafOf<<<ColexFlat<Crd, S> as IntTuple>::Head as IntTuple>::E0>,
    >;
    type Else = Crd;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        let flat = flatten(self.0)
            .zip(flatten(product_like(self.1, self.0)), PairFn)
            .fold(PrependFn, ());
        flat.tail().fold(HornerStep, flat.head().e0().size())
    }
    #[inline]
    fn els(self) -> Crd {
        self.0
    }
}
/// Horner's rule: `acc -> c + s * acc` for the pair `(c, s)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct HornerStep;
impl FoldFn for HornerStep {
    type Step<Acc: IntTuple, X: IntTuple> =
        t::Add<LeafOf<X::E0>, t::Mul<LeafOf<X::E1>, LeafOf<Acc>>>;
    #[inline]
    #[track_caller]
    fn step<Acc: IntTuple, X: IntTuple>(self, acc: Acc, x: X) -> Self::Step<Acc, X> {
        crate::int::add(x.e0().size(), mul(x.e1().size(), acc.size()))
    }
}
/// CuTe's `product_like(shape, coord)`: the shape cut to the coordinate's profile, each
/// coordinate leaf matched with the size of its sub-shape.
pub type ProductLike<S, Crd> = <<Crd as IntTuple>::IsTuple as Bit>::SelT<ProductLikeB<S, Crd>>;
/// The lazy branches of [`ProductLike`].
#[derive(Clone, Copy)]
pub struct ProductLikeB<S, Crd>(S, core::marker::PhantomData<Crd>);
impl<S: IntTuple, Crd: IntTuple> BranchT for ProductLikeB<S, Crd> {
    type Then = <S as IntTuple>::Zip<Crd, ProductLikeFn>;
    type Else = <S as IntTuple>::Size;
    #[inline]
    fn then(self) -> Self::Then {
        self.0.zip(Crd::conjure(), ProductLikeFn)
    }
    #[inline]
    fn els(self) -> Self::Else {
        self.0.size()
    }
}
/// One mode of [`ProductLike`].
#[derive(Clone, Copy, Default, Debug)]
pub struct ProductLikeFn;
impl ZipFn for ProductLikeFn {
    type Ap<X: IntTuple, Y: IntTuple> = ProductLike<X, Y>;
    #[inline]
    fn ap<X: IntTuple, Y: IntTuple>(self, x: X, _: Y) -> Self::Ap<X, Y> {
        product_like::<X, Y>(x, Y::conjure())
    }
}
/// The value of [`ProductLike`].
#[inline]
pub fn product_like<S: IntTuple, Crd: IntTuple>(s: S, _: Crd) -> ProductLike<S, Crd> {
    <Crd::IsTuple as Bit>::sel_t(ProductLikeB::<S, Crd>(s, core::marker::PhantomData))
}
/// CuTe's `crd2idx(coord, shape)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(crd2idx_colex(shape!((1, (1, 2))), shape!((2, (3, 4))))).to_string(), "_15");
/// ```
#[inline]
#[track_caller]
pub fn crd2idx_colex<Crd: IntTuple, S: IntTuple>(c: Crd, s: S) -> Crd2IdxColex<Crd, S> {
    <Crd::IsTuple as Bit>::sel_t(ColexB(c, s))
}

/// CuTe's `unflatten(flat, profile)`: the flat tuple's leaves in the nesting of
/// `profile`.
pub type Unflatten<F, P> = <UnflattenImpl<F, P> as IntTuple>::E0;
/// CuTe's `unflatten_impl`: `(the leaves of F shaped like P, the leaves left over)`.
pub type UnflattenImpl<F, P> = <<P as IntTuple>::IsTuple as Bit>::SelT<UnflattenB<F, P>>;
/// The lazy branches of [`UnflattenImpl`].
#[derive(Clone, Copy)]
pub struct UnflattenB<F, P>(F, core::marker::PhantomData<P>);
impl<F: IntTuple, P: IntTuple> BranchT for UnflattenB<F, P> {
    type Then = <P as IntTuple>::Fold<UnflattenStep, ((), F)>;
    type Else = (<F as IntTuple>::Head, <F as IntTuple>::Tail);
    #[inline]
    fn then(self) -> Self::Then {
        P::conjure().fold(UnflattenStep, ((), self.0))
    }
    #[inline]
    fn els(self) -> Self::Else {
        (self.0.head(), self.0.tail())
    }
}
/// One profile mode of `unflatten_impl`; the state is `(done, remaining leaves)`.
#[derive(Clone, Copy, Default, Debug)]
pub struct UnflattenStep;
impl FoldFn for UnflattenStep {
    type Step<A: IntTuple, P: IntTuple> = (
        <A::E0 as IntTuple>::Append<<UnflattenImpl<A::E1, P> as IntTuple>::E0>,
        <UnflattenImpl<A::E1, P> as IntTuple>::E1,
    );
    #[inline]
    fn step<A: IntTuple, P: IntTuple>(self, a: A, _: P) -> Self::Step<A, P> {
        let r = unflatten_impl::<A::E1, P>(a.e1());
        (a.e0().append(r.e0()), r.e1())
    }
}
#[inline]
fn unflatten_impl<F: IntTuple, P: IntTuple>(f: F) -> UnflattenImpl<F, P> {
    <P::IsTuple as Bit>::sel_t(UnflattenB::<F, P>(f, core::marker::PhantomData))
}
/// CuTe's `unflatten`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::tuple::unflatten;
/// assert_eq!(Cute(unflatten(shape!((1, 2, 3, 4)), shape!((0, (0, 0), 0)))).to_string(), "(_1,(_2,_3),_4)");
/// ```
#[inline]
pub fn unflatten<F: IntTuple, P: IntTuple>(f: F, _: P) -> Unflatten<F, P> {
    unflatten_impl::<F, P>(f).e0()
}
