//! `nullspace` and `domain_distribute` on the type level (CuTe's layout.hpp).
//!
//! Runtime twins: `dynamic::algebra::nullspace`, `dynamic::algebra::domain_distribute`.

use super::coalesce::Coalescable;
use super::util::Unwrap;
use crate::int::{C, IntDiv, IntGcd, Integral};
use crate::layout::{CompactLeft, ComposedLayout, Layout, ListOf};
use crate::tuple::{HCons, HNil, Leaves, ToList, ToNative, hcons};
use typenum::{B0, B1, P1, Z0};

/// The modes of static-zero stride, with their compact column-major strides.
#[doc(hidden)]
pub trait PickZeros<S, R> {
    type Shape: Copy;
    type Stride: Copy;
    fn pick_zeros(self, s: S, r: R) -> (Self::Shape, Self::Stride);
}
impl PickZeros<HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn pick_zeros(self, _: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<D: Integral, DT, SH, ST, RH, RT> PickZeros<HCons<SH, ST>, HCons<RH, RT>> for HCons<D, DT>
where
    D::IsZero: PickStep<DT, SH, ST, RH, RT>,
{
    type Shape = <D::IsZero as PickStep<DT, SH, ST, RH, RT>>::Shape;
    type Stride = <D::IsZero as PickStep<DT, SH, ST, RH, RT>>::Stride;
    #[inline(always)]
    fn pick_zeros(self, s: HCons<SH, ST>, r: HCons<RH, RT>) -> (Self::Shape, Self::Stride) {
        <D::IsZero as PickStep<DT, SH, ST, RH, RT>>::step(self.tail, s, r)
    }
}
/// `B1`: keep this mode; `B0`: skip it.
#[doc(hidden)]
pub trait PickStep<DT, SH, ST, RH, RT> {
    type Shape: Copy;
    type Stride: Copy;
    fn step(dt: DT, s: HCons<SH, ST>, r: HCons<RH, RT>) -> (Self::Shape, Self::Stride);
}
impl<DT: PickZeros<ST, RT>, SH: Copy, ST, RH: Copy, RT> PickStep<DT, SH, ST, RH, RT> for B1 {
    type Shape = HCons<SH, DT::Shape>;
    type Stride = HCons<RH, DT::Stride>;
    #[inline(always)]
    fn step(dt: DT, s: HCons<SH, ST>, r: HCons<RH, RT>) -> (Self::Shape, Self::Stride) {
        let (ts, td) = dt.pick_zeros(s.tail, r.tail);
        (hcons(s.head, ts), hcons(r.head, td))
    }
}
impl<DT: PickZeros<ST, RT>, SH, ST, RH, RT> PickStep<DT, SH, ST, RH, RT> for B0 {
    type Shape = DT::Shape;
    type Stride = DT::Stride;
    #[inline(always)]
    fn step(dt: DT, s: HCons<SH, ST>, r: HCons<RH, RT>) -> (Self::Shape, Self::Stride) {
        dt.pick_zeros(s.tail, r.tail)
    }
}
/// `_1:_0` when nothing was picked, else the unwrapped picks.
#[doc(hidden)]
pub trait NullResult<R> {
    type Output;
    fn null_result(self, r: R) -> Self::Output;
}
impl NullResult<HNil> for HNil {
    type Output = Layout<C<P1>, C<Z0>>;
    #[inline(always)]
    fn null_result(self, _: HNil) -> Self::Output {
        Layout::default()
    }
}
impl<H, T, RH, RT> NullResult<HCons<RH, RT>> for HCons<H, T>
where
    HCons<H, T>: Unwrap<Output: ToNative>,
    HCons<RH, RT>: Unwrap<Output: ToNative>,
{
    type Output = Layout<
        <<HCons<H, T> as Unwrap>::Output as ToNative>::Native,
        <<HCons<RH, RT> as Unwrap>::Output as ToNative>::Native,
    >;
    #[inline(always)]
    fn null_result(self, r: HCons<RH, RT>) -> Self::Output {
        Layout::from_parts(self.unwrap().to_native(), r.unwrap().to_native())
    }
}

type FlatS<S> = <ListOf<S> as Leaves>::Flat;
type FlatD<D> = <ListOf<D> as Leaves>::Flat;
type RStride<S> = <FlatS<S> as CompactLeft<C<P1>>>::Stride;
type Picked<S, D> = <FlatD<D> as PickZeros<FlatS<S>, RStride<S>>>::Shape;
type PickedD<S, D> = <FlatD<D> as PickZeros<FlatS<S>, RStride<S>>>::Stride;

/// Layouts that CuTe's `nullspace` applies to; [`NullspaceT`] names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<L: Nullspace>(l: L) -> NullspaceT<L> { nullspace(l) }
/// assert_eq!(f(layout!((4,1,1):(0,7,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`nullspace` is not defined for `{Self}`",
    label = "expected a layout"
)]
pub trait Nullspace: crate::algebra::Sealed {
    /// The result.
    type Output;
    /// CuTe's `nullspace`.
    fn nullspace(self) -> Self::Output;
}
impl<S: ToList + Copy, D: ToList + Copy> Nullspace for Layout<S, D>
where
    ListOf<S>: Leaves,
    ListOf<D>: Leaves,
    FlatS<S>: CompactLeft<C<P1>>,
    FlatD<D>: PickZeros<FlatS<S>, RStride<S>>,
    Picked<S, D>: NullResult<PickedD<S, D>>,
{
    type Output = <Picked<S, D> as NullResult<PickedD<S, D>>>::Output;
    #[inline(always)]
    fn nullspace(self) -> Self::Output {
        let fs = self.shape().to_list().leaves();
        let (r, _) = fs.compact_left(C::new());
        let (ps, pd) = self.stride().to_list().leaves().pick_zeros(fs, r);
        ps.null_result(pd)
    }
}
/// CuTe does not attempt the nullspace of a general composed layout: `_1:_0`.
impl<A, O, B> Nullspace for ComposedLayout<A, O, B> {
    type Output = Layout<C<P1>, C<Z0>>;
    #[inline(always)]
    fn nullspace(self) -> Self::Output {
        Layout::default()
    }
}
/// The type of `nullspace(l)`.
///
/// ```
/// use cutlet::prelude::*;
/// let n: NullspaceT<layout_t!((6,(1,2)):(0,(0,6)))> = nullspace(layout!((6,(1,2)):(0,(0,6))));
/// assert_eq!(n.to_string(), "(_6,_1):(_1,_0)");
/// ```
pub type NullspaceT<L> = <L as Nullspace>::Output;

/// CuTe's `nullspace(layout)`: the coordinates the layout sends to zero, as a layout into
/// its (flattened, compact column-major) domain: the modes of static-zero stride, or
/// `_1:_0` if there are none.
///
/// Post-condition: `layout(result(i)) == 0` for every `i < size(result)`.
///
/// ```
/// use cutlet::prelude::*;
/// let l = layout!((4,(2,2),(3,1)):(1,(0,0),(0,7)));
/// assert_eq!(nullspace(l).to_string(), "(_2,_2,_3):(_4,_8,_16)");
/// assert_eq!(nullspace(layout!(6:1)).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn nullspace<L: Nullspace>(l: L) -> NullspaceT<L> {
    l.nullspace()
}

/// CuTe's `domain_distribute` needs static integers.
#[diagnostic::on_unimplemented(
    message = "domain_distribute needs a static shape and a static count",
    label = "CuTe's domain_distribute static_asserts is_static on both arguments"
)]
pub trait DistributeStatic {}
impl DistributeStatic for B1 {}

/// The greedy fold: `gcd(a, rest)` for each flat mode, `rest / gcd` carried on.
#[doc(hidden)]
pub trait DistFold<Rest> {
    type Output: Copy;
    fn dist_fold(self, rest: Rest) -> Self::Output;
}
impl<Rest> DistFold<Rest> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn dist_fold(self, _: Rest) -> HNil {
        HNil
    }
}
impl<A: IntGcd<Rest>, T, Rest: Copy + IntDiv<A::Output>> DistFold<Rest> for HCons<A, T>
where
    T: DistFold<<Rest as IntDiv<A::Output>>::Output>,
{
    type Output = HCons<A::Output, T::Output>;
    #[inline(always)]
    fn dist_fold(self, rest: Rest) -> Self::Output {
        let g = self.head.int_gcd(rest);
        hcons(g, self.tail.dist_fold(rest.int_div(g)))
    }
}

type DistLayout<S, N> = Layout<
    <<FlatOf<S> as DistFold<C<N>>>::Output as ToNative>::Native,
    <<FlatOf<S> as CompactLeft<C<P1>>>::Stride as ToNative>::Native,
>;
type FlatOf<S> = <ListOf<S> as Leaves>::Flat;

/// Shapes that CuTe's `domain_distribute(shape, _N)` applies to; [`DomainDistributeT`]
/// names the result.
///
/// ```
/// use cutlet::prelude::*;
/// fn f<S: DomainDistribute<N>, N>(s: S, n: N) -> DomainDistributeT<S, N> { domain_distribute(s, n) }
/// assert_eq!(f(shape!((3, 8, 2)), Int::<16>::new()).to_string(), "_16:_3");
/// ```
#[diagnostic::on_unimplemented(
    message = "`domain_distribute` is not defined for `{Self}` and `{N}`",
    label = "CuTe's domain_distribute needs a static shape and a static integer count"
)]
pub trait DomainDistribute<N> {
    /// The result.
    type Output;
    /// CuTe's `domain_distribute`.
    fn domain_distribute(self, n: N) -> Self::Output;
}
impl<S: ToList, N> DomainDistribute<C<N>> for S
where
    ListOf<S>: Leaves<IsStatic: DistributeStatic>,
    FlatOf<S>: DistFold<C<N>> + CompactLeft<C<P1>>,
    <FlatOf<S> as DistFold<C<N>>>::Output: ToNative,
    <FlatOf<S> as CompactLeft<C<P1>>>::Stride: ToNative,
    DistLayout<S, N>: Coalescable,
{
    type Output = <DistLayout<S, N> as Coalescable>::Output;
    #[inline(always)]
    fn domain_distribute(self, n: C<N>) -> Self::Output {
        let flat = self.to_list().leaves();
        let (r, _) = flat.compact_left(C::new());
        Layout::from_parts(flat.dist_fold(n).to_native(), r.to_native()).coalesce()
    }
}
/// The type of `domain_distribute(shape, n)`.
///
/// ```
/// use cutlet::prelude::*;
/// let d: DomainDistributeT<shape_t!(((2, 2))), Int<32>> = domain_distribute(shape!(((2, 2))), Int::<32>::new());
/// assert_eq!(d.to_string(), "_4:_1");
/// ```
pub type DomainDistributeT<S, N> = <S as DomainDistribute<N>>::Output;

/// CuTe's `domain_distribute(shape, _N)`: choose `N` elements of the shape's domain
/// greedily, mode by mode (`gcd(extent, what is left of N)`), as a coalesced layout
/// into the compact column-major domain. Both arguments must be static.
///
/// Post-conditions: `size(result)` divides `N`; the result's strides increase.
///
/// ```
/// use cutlet::prelude::*;
/// let d = domain_distribute(shape!((6, (4, 2, 3))), Int::<16>::new());
/// assert_eq!(d.to_string(), "(_2,_8):(_1,_6)");
/// assert_eq!(core::mem::size_of_val(&d), 0);
/// ```
#[inline(always)]
pub fn domain_distribute<S: DomainDistribute<N>, N>(shape: S, n: N) -> DomainDistributeT<S, N> {
    shape.domain_distribute(n)
}
