//! `upcast<N>`, `downcast<N>` and `recast_layout<Old, New>` (CuTe's `layout.hpp`): the
//! same memory seen as elements `N` times wider or narrower.

use crate::int::types as t;
use crate::int::{Bit, BranchT, C, ErrLeaf, LeafOps, Nat, abs, ceil_div, mul, signum, sint};
use crate::layout::LayoutFn;
use crate::layout::LayoutOf;
use crate::tuple::{IntTuple, LeafOf, Unzip, ZipFn, unzip};
use typenum::{B0, Z0};

crate::err_msgs!(
    EUpcastDivides => "upcast<N>: a static stride and N do not divide one another (CuTe's divisibility condition)",
    EDowncastUnit => "downcast<N>: the layout has no static _1 stride (CuTe: \"Downcast requires adjacent elements\")",
);

/// The static `N` of a type-level natural.
type NC<N> = C<sint::Make<B0, N>>;

/// CuTe's `upcast<N>(shape, stride)` of one mode: by mode for tuples; a static `_0`
/// stride stays; a static stride `d` gives `(ceil_div(shape, ceil_div(N, |d|)),
/// signum(d) * ceil_div(|d|, N))`; a dynamic stride is divided by `N`.
pub type UpcastPair<S, D, N> = <<S as IntTuple>::IsTuple as Bit>::SelT<UpcastB<S, D, N>>;
/// The lazy branches of [`UpcastPair`].
#[derive(Clone, Copy)]
pub struct UpcastB<S, D, N>(S, D, core::marker::PhantomData<N>);
type UpStatic<S, D, N> = (
    t::CeilDiv<LeafOf<S>, t::CeilDiv<NC<N>, t::Abs<LeafOf<D>>>>,
    t::Mul<t::Signum<LeafOf<D>>, t::CeilDiv<t::Abs<LeafOf<D>>, NC<N>>>,
);
// CuTe: static_assert(Stride::value % N == 0 or N % Stride::value == 0)
type UpOk<D, N> = <<t::Rem<LeafOf<D>, NC<N>> as LeafOps>::IsZero as Bit>::Or<
    <t::Rem<NC<N>, LeafOf<D>> as LeafOps>::IsZero,
>;
impl<S: IntTuple, D: IntTuple, N: Nat> BranchT for UpcastB<S, D, N> {
    type Then = Unzip<<S as IntTuple>::Zip<D, UpcastFn<N>>>;
    type Else = <<LeafOf<D> as LeafOps>::IsZero as Bit>::IfT<
        (S, D),
        <<D as IntTuple>::IsStatic as Bit>::IfT<
            <UpOk<D, N> as Bit>::IfT<
                UpStatic<S, D, N>,
                (ErrLeaf<EUpcastDivides>, ErrLeaf<EUpcastDivides>),
            >,
            (S, t::Div<LeafOf<D>, NC<N>>),
        >,
    >;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        unzip(self.0.zip(self.1, UpcastFn::<N>(core::marker::PhantomData)))
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        let (s, d, n) = (self.0, self.1.size(), NC::<N>::new());
        <<LeafOf<D> as LeafOps>::IsZero as Bit>::if_lazy(
            || (s, self.1),
            || {
                <D::IsStatic as Bit>::if_lazy(
                    || {
                        <UpOk<D, N> as Bit>::if_lazy(
                            || {
                                (
                                    ceil_div(s.size(), ceil_div(n, abs(d))),
                                    mul(signum(d), ceil_div(abs(d), n)),
                                )
                            },
                            || (ErrLeaf::default(), ErrLeaf::default()),
                        )
                    },
                    || (s, crate::int::div(d, n)),
                )
            },
        )
    }
}
/// `upcast<N>` mode by mode.
#[derive(Clone, Copy)]
pub struct UpcastFn<N>(core::marker::PhantomData<N>);
impl<N: Nat> ZipFn for UpcastFn<N> {
    type Ap<S: IntTuple, D: IntTuple> = UpcastPair<S, D, N>;
    #[inline]
    #[track_caller]
    fn ap<S: IntTuple, D: IntTuple>(self, s: S, d: D) -> Self::Ap<S, D> {
        upcast_pair::<S, D, N>(s, d)
    }
}
/// The value of [`UpcastPair`].
#[inline]
#[track_caller]
pub(crate) fn upcast_pair<S: IntTuple, D: IntTuple, N: Nat>(s: S, d: D) -> UpcastPair<S, D, N> {
    <S::IsTuple as Bit>::sel_t(UpcastB::<S, D, N>(s, d, core::marker::PhantomData))
}

/// CuTe's `downcast<N>(shape, stride)` of one mode: by mode for tuples; a static `±1`
/// stride multiplies the extent by `N`, any other stride is multiplied by `N`.
pub type DowncastPair<S, D, N> = <<S as IntTuple>::IsTuple as Bit>::SelT<DowncastB<S, D, N>>;
/// The lazy branches of [`DowncastPair`].
#[derive(Clone, Copy)]
pub struct DowncastB<S, D, N>(S, D, core::marker::PhantomData<N>);
type UnitStride<D> = <<LeafOf<D> as LeafOps>::IsOne as Bit>::Or<<LeafOf<D> as LeafOps>::IsMinusOne>;
impl<S: IntTuple, D: IntTuple, N: Nat> BranchT for DowncastB<S, D, N> {
    type Then = Unzip<<S as IntTuple>::Zip<D, DowncastFn<N>>>;
    type Else =
        <UnitStride<D> as Bit>::IfT<(t::Mul<LeafOf<S>, NC<N>>, D), (S, t::Mul<LeafOf<D>, NC<N>>)>;
    #[inline]
    #[track_caller]
    fn then(self) -> Self::Then {
        unzip(
            self.0
                .zip(self.1, DowncastFn::<N>(core::marker::PhantomData)),
        )
    }
    #[inline]
    #[track_caller]
    fn els(self) -> Self::Else {
        let n = NC::<N>::new();
        <UnitStride<D> as Bit>::if_t(
            (mul(self.0.size(), n), self.1),
            (self.0, mul(self.1.size(), n)),
        )
    }
}
/// `downcast<N>` mode by mode.
#[derive(Clone, Copy)]
pub struct DowncastFn<N>(core::marker::PhantomData<N>);
impl<N: Nat> ZipFn for DowncastFn<N> {
    type Ap<S: IntTuple, D: IntTuple> = DowncastPair<S, D, N>;
    #[inline]
    #[track_caller]
    fn ap<S: IntTuple, D: IntTuple>(self, s: S, d: D) -> Self::Ap<S, D> {
        downcast_pair::<S, D, N>(s, d)
    }
}
/// The value of [`DowncastPair`].
#[inline]
#[track_caller]
pub(crate) fn downcast_pair<S: IntTuple, D: IntTuple, N: Nat>(s: S, d: D) -> DowncastPair<S, D, N> {
    <S::IsTuple as Bit>::sel_t(DowncastB::<S, D, N>(s, d, core::marker::PhantomData))
}
/// `_1` when a leaf is the static `_1` (CuTe's `has_int1`).
#[derive(Clone, Copy, Default, Debug)]
pub struct HasOne;
impl crate::tuple::FoldFn for HasOne {
    type Step<A: IntTuple, X: IntTuple> = crate::tuple::BitC<
        <<LeafOf<A> as LeafOps>::IsOne as Bit>::Or<<LeafOf<X> as LeafOps>::IsOne>,
    >;
    #[inline]
    fn step<A: IntTuple, X: IntTuple>(self, _: A, _: X) -> Self::Step<A, X> {
        crate::int::Conjure::conjure()
    }
}
/// CuTe's `downcast<N>(layout)`, with its `has_int1<Stride>` requirement.
pub type Downcast<S, D, N> = LayoutOf<
    <<LeafOf<<<D as IntTuple>::Leaves as IntTuple>::Fold<HasOne, C<Z0>>> as LeafOps>::IsOne as Bit>::IfT<
        DowncastPair<S, D, N>,
        (ErrLeaf<EDowncastUnit>, ErrLeaf<EDowncastUnit>),
    >,
>;
/// CuTe's `upcast<N>(layout)`.
pub type Upcast<S, D, N> = LayoutOf<UpcastPair<S, D, N>>;

/// `sizeof_bits<New> / sizeof_bits<Old>` in lowest terms: the numerator.
type Num<Old, New> = <<NewBits<New> as Nat>::Div<GcdBits<Old, New>> as Nat>::Max<typenum::U1>;
/// The denominator.
type Den<Old, New> = <<OldBits<Old> as Nat>::Div<GcdBits<Old, New>> as Nat>::Max<typenum::U1>;
type OldBits<Old> = <Old as SizeofBits>::Bits;
type NewBits<New> = <New as SizeofBits>::Bits;
type GcdBits<Old, New> =
    <sint::Gcd<sint::Make<B0, OldBits<Old>>, sint::Make<B0, NewBits<New>>> as sint::SInt>::Mag;
type NumIsOne<Old, New> = <Num<Old, New> as Nat>::IsOne;
type DenIsOne<Old, New> = <Den<Old, New> as Nat>::IsOne;
/// CuTe's `recast_layout<Old, New>(layout)`: the layout of the same memory seen as `New`
/// elements, `upcast<num>` and `downcast<den>` of the ratio of the element widths.
pub type RecastLayout<L, Old, New> = <DenIsOne<Old, New> as Bit>::IfFn<
    <NumIsOne<Old, New> as Bit>::IfFn<L, <L as LayoutFn>::Upcast<Num<Old, New>>>,
    <NumIsOne<Old, New> as Bit>::IfFn<
        <L as LayoutFn>::Downcast<Den<Old, New>>,
        <<L as LayoutFn>::Upcast<Num<Old, New>> as LayoutFn>::Downcast<Den<Old, New>>,
    >,
>;
/// The value of [`RecastLayout`].
#[inline]
pub(crate) fn recast_layout_fn<L: LayoutFn, Old: SizeofBits, New: SizeofBits>(
    l: L,
) -> RecastLayout<L, Old, New> {
    <DenIsOne<Old, New> as Bit>::if_fn(
        || <NumIsOne<Old, New> as Bit>::if_fn(|| l, || l.upcast_fn::<Num<Old, New>>()),
        || {
            <NumIsOne<Old, New> as Bit>::if_fn(
                || l.downcast_fn::<Den<Old, New>>(),
                || {
                    l.upcast_fn::<Num<Old, New>>()
                        .downcast_fn::<Den<Old, New>>()
                },
            )
        },
    )
}

/// Element types by their size in bits (CuTe's `sizeof_bits`), for `recast_layout`.
pub trait SizeofBits {
    /// The size in bits.
    type Bits: Nat;
}
macro_rules! sizeof_bits {
    ($($t:ty => $b:ident),* $(,)?) => {$(
        impl SizeofBits for $t {
            type Bits = typenum::$b;
        }
    )*};
}
sizeof_bits!(
    u8 => U8, i8 => U8, u16 => U16, i16 => U16, u32 => U32, i32 => U32, f32 => U32,
    u64 => U64, i64 => U64, f64 => U64, u128 => U128, i128 => U128,
    half::f16 => U16, half::bf16 => U16,
    crate::float8::e4m3 => U8, crate::float8::e5m2 => U8, crate::tfloat32::tf32 => U32,
);
