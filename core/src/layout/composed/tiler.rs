//! A layout composed with a swizzle or a composed layout (CuTe's swizzle_layout.hpp):
//! the [`Tiler`] impls that make `composition(layout, swizzle)` and the products of a
//! composed layout.

use super::offset::V;
use super::*;

/// `L(x)` for a static mask `x`, the leaf CuTe's `make_swizzle` reads.
type Image<S, D, X> =
    <<StridedLayout<S, D> as Layout>::Call<C<sint::Make<B0, X>>> as IntTuple>::Size;
type ImgY<W, S, D> = Image<S, D, <W as SwizzleMasks>::Y>;
type ImgZ<W, S, D> = Image<S, D, <W as SwizzleMasks>::Z>;
type MagOf<X> = <V<X> as SInt>::Mag;
/// CuTe's `composition(layout, swizzle)`: the swizzle conjugated by the layout,
/// `make_swizzle<layout(yyy_msk), layout(zzz_msk)>() o _0 o layout`.
type Conjugate<W, S, D> =
    <<StaticNonNeg<ImgY<W, S, D>> as Bit>::And<StaticNonNeg<ImgZ<W, S, D>>> as Bit>::IfLayout<
        <MakeSwizzleOk<MagOf<ImgY<W, S, D>>, MagOf<ImgZ<W, S, D>>> as Bit>::IfLayout<
            Comp<
                MakeSwizzle<MagOf<ImgY<W, S, D>>, MagOf<ImgZ<W, S, D>>>,
                C<Z0>,
                StridedLayout<S, D>,
            >,
            ErrLayout<EMakeSwizzle>,
        >,
        ErrLayout<EDynamicSwizzleImage>,
    >;

type Xor<X, Y> = <X as Nat>::Xor<Y>;
/// CuTe's `composition(Swizzle, Swizzle)` (swizzle.hpp): equal shifts, and the XORed
/// masks make a swizzle.
type MergeOk<W, T> = <sint::Eq<<W as SwizzleMasks>::Shift, <T as SwizzleMasks>::Shift> as Bit>::And<
    MakeSwizzleOk<
        Xor<<W as SwizzleMasks>::Y, <T as SwizzleMasks>::Y>,
        Xor<<W as SwizzleMasks>::Z, <T as SwizzleMasks>::Z>,
    >,
>;

impl<Bb: Nat, M: Nat, Sh: SInt> Tiler for Sw<Bb, M, Sh> {
    type IsTuple = B0;
    type Rank = typenum::U1;
    type Profile = C<Z0>;
    type ComposeWith<S: IntTuple, D: IntTuple> = Conjugate<Self, S, D>;
    type UnderSwizzle<W: SwizzleMasks + LayoutFn> = <MergeOk<W, Self> as Bit>::IfFn<
        MakeSwizzle<Xor<W::Y, <Self as SwizzleMasks>::Y>, Xor<W::Z, <Self as SwizzleMasks>::Z>>,
        ErrLayout<ESwizzleMerge>,
    >;
    #[inline]
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, _: W) -> Self::UnderSwizzle<W> {
        <MergeOk<W, Self> as Bit>::if_fn(Default::default, err_layout)
    }
    type DivideWith<S: IntTuple, D: IntTuple> = ErrLayout<ETileByComposed>;
    type ProductWith<S: IntTuple, D: IntTuple> = ErrLayout<ETileByComposed>;
    #[inline]
    fn compose_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ComposeWith<S, D> {
        type Made<W, S, D> = MakeSwizzle<MagOf<ImgY<W, S, D>>, MagOf<ImgZ<W, S, D>>>;
        <<StaticNonNeg<ImgY<Self, S, D>> as Bit>::And<StaticNonNeg<ImgZ<Self, S, D>>> as Bit>::if_layout(
            || {
                <MakeSwizzleOk<MagOf<ImgY<Self, S, D>>, MagOf<ImgZ<Self, S, D>>> as Bit>::if_layout(
                    || comp(Made::<Self, S, D>::default(), C::new(), l),
                    err_layout,
                )
            },
            err_layout,
        )
    }
    #[inline]
    fn divide_with<S: IntTuple, D: IntTuple>(
        self,
        _: StridedLayout<S, D>,
    ) -> Self::DivideWith<S, D> {
        err_layout()
    }
    #[inline]
    fn product_with<S: IntTuple, D: IntTuple>(
        self,
        _: StridedLayout<S, D>,
    ) -> Self::ProductWith<S, D> {
        err_layout()
    }
}

/// CuTe's `composition(layout, A o O o B)` (`O == _0`): `composition(composition(layout,
/// A), B)`.
type ComposeComposed<A, O, B, S, D> = <<O as Offset>::IsZero as Bit>::IfLayout<
    <<StridedLayout<S, D> as Layout>::Compose<<A as LayoutFn>::AsTiler> as Layout>::Compose<
        <B as Layout>::AsTiler,
    >,
    ErrLayout<ENonZeroOffset>,
>;

/// swizzle_layout.hpp's `logical_product(layout, Sw o _0 o B)`: the product with `B`,
/// swizzled by the swizzle that the product moves the active Y and Z bits of `B` to.
type NewProduct<B, S, D> = <StridedLayout<S, D> as Layout>::LogicalProduct<<B as Layout>::AsTiler>;
type Pw2<N> = C<sint::Make<B0, <N as Nat>::Pow2>>;
type Sws<A> = <A as LayoutFn>::AsSwizzle;
type SBits<A> = <Sws<A> as SwizzleMasks>::Bits;
type SBase<A> = <Sws<A> as SwizzleMasks>::Base;
type SAbs<A> = <<Sws<A> as SwizzleMasks>::Shift as SInt>::Mag;
/// CuTe's `swizzle_only_zy`: the layout of the swizzle's domain that keeps only its Z
/// and Y bits.
type OnlyZy<A> = StridedLayout<
    (
        Pw2<SBase<A>>,
        Pw2<SBits<A>>,
        Pw2<<SAbs<A> as Nat>::Sub<SBits<A>>>,
        Pw2<SBits<A>>,
        C<P1>,
    ),
    (
        C<Z0>,
        Pw2<SBase<A>>,
        C<Z0>,
        Pw2<<SBase<A> as Nat>::Add<SAbs<A>>>,
        C<Z0>,
    ),
>;
type LayoutOnlyZy<A, B> = <OnlyZy<A> as Layout>::Compose<<B as Layout>::AsTiler>;
type Last<L> = <<<L as Shaped>::Shape as IntTuple>::Size as crate::int::LeafOps>::Sub<C<P1>>;
type ActiveBits<A, B> =
    <<LayoutOnlyZy<A, B> as Layout>::Call<Last<LayoutOnlyZy<A, B>>> as IntTuple>::Size;
type ActiveMask<A, B, Msk> = <MagOf<ActiveBits<A, B>> as Nat>::And<Msk>;
/// `new_layout(_0, B(active))`.
type Moved<A, B, S, D, Msk> = <<NewProduct<B, S, D> as Layout>::Call<(
    C<Z0>,
    <<B as Layout>::Call<C<sint::Make<B0, ActiveMask<A, B, Msk>>>> as IntTuple>::Size,
)> as IntTuple>::Size;
type MovedY<A, B, S, D> = Moved<A, B, S, D, <Sws<A> as SwizzleMasks>::Y>;
type MovedZ<A, B, S, D> = Moved<A, B, S, D, <Sws<A> as SwizzleMasks>::Z>;
type Transferred<A, B, S, D> = MakeSwizzle<MagOf<MovedY<A, B, S, D>>, MagOf<MovedZ<A, B, S, D>>>;
/// CuTe requires a swizzle at offset zero, static images, and masks that make a swizzle.
type TransferOk<A, O, B, S, D> =
    <<<<<A as LayoutFn>::IsSwizzle as Bit>::And<<O as Offset>::IsZero> as Bit>::And<
        StaticNonNeg<ActiveBits<A, B>>,
    > as Bit>::And<
        <StaticNonNeg<MovedY<A, B, S, D>> as Bit>::And<StaticNonNeg<MovedZ<A, B, S, D>>>,
    > as Bit>::And<MakeSwizzleOk<MagOf<MovedY<A, B, S, D>>, MagOf<MovedZ<A, B, S, D>>>>;

impl<A: LayoutFn, O: Offset, B: Layout> Tiler for ComposedLayout<A, O, B> {
    type IsTuple = B0;
    type Rank = typenum::U1;
    type Profile = C<Z0>;
    type ComposeWith<S: IntTuple, D: IntTuple> = ComposeComposed<A, O, B, S, D>;
    type UnderSwizzle<W: SwizzleMasks + LayoutFn> = NotUnderSwizzle;
    #[inline]
    fn under_swizzle<W: SwizzleMasks + LayoutFn>(self, _: W) -> NotUnderSwizzle {
        not_under_swizzle()
    }
    type DivideWith<S: IntTuple, D: IntTuple> = ErrLayout<ETileByComposed>;
    type ProductWith<S: IntTuple, D: IntTuple> = <TransferOk<A, O, B, S, D> as Bit>::IfLayout<
        Comp<Transferred<A, B, S, D>, C<Z0>, NewProduct<B, S, D>>,
        ErrLayout<ETransferSwizzle>,
    >;
    #[inline]
    #[track_caller]
    fn compose_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ComposeWith<S, D> {
        <O::IsZero as Bit>::if_layout(
            || l.compose(self.a.as_tiler_fn()).compose(self.b.as_tiler()),
            err_layout,
        )
    }
    #[inline]
    fn divide_with<S: IntTuple, D: IntTuple>(
        self,
        _: StridedLayout<S, D>,
    ) -> Self::DivideWith<S, D> {
        err_layout()
    }
    #[inline]
    #[track_caller]
    fn product_with<S: IntTuple, D: IntTuple>(
        self,
        l: StridedLayout<S, D>,
    ) -> Self::ProductWith<S, D> {
        <TransferOk<A, O, B, S, D> as Bit>::if_layout(
            || {
                let p = l.logical_product(self.b.as_tiler());
                comp(Transferred::<A, B, S, D>::default(), C::new(), p)
            },
            err_layout,
        )
    }
}
