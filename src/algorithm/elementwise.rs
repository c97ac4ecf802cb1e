//! Element-wise application over one or two tensors, the engine room of `copy`,
//! `axpby`, `fill` and `clear`: when both tensors store their elements and their
//! layouts are statically contiguous over a common vector (CuTe's
//! `max_common_layout`), whole runs of that length are handed over as slices (which
//! the compiler vectorizes); otherwise the elements are visited one by one in the order
//! the layouts' walk chooses. The choice is made from the types, at compile time.

use super::walk::Walk2;
use crate::algebra::{DivideOp, Lay, MaxCommon, MaxCommonLayout, Tiling, Zipped};
use crate::int::{C, Integral, StaticLt};
use crate::layout::{Crd2Index, Layout, ListOf};
use crate::tensor::{Engine, EngineMut, EngineRef, Tensor};
use crate::tuple::{HCons, HNil, ToList, Tup, hcons};
use core::ops::BitAnd;
use typenum::{B0, B1, P1, Z0};

type CommonOk<S1, D1, S2, D2> = <ListOf<S1> as MaxCommon<ListOf<D1>, ListOf<S2>, ListOf<D2>>>::Ok;
type CommonS<S1, D1, S2, D2> = <ListOf<S1> as MaxCommonLayout<
    ListOf<D1>,
    ListOf<S2>,
    ListOf<D2>,
    CommonOk<S1, D1, S2, D2>,
>>::Shape;
type CommonD<S1, D1, S2, D2> = <ListOf<S1> as MaxCommonLayout<
    ListOf<D1>,
    ListOf<S2>,
    ListOf<D2>,
    CommonOk<S1, D1, S2, D2>,
>>::Stride;
/// `B1` when the common contiguous vector is statically longer than one element.
type LongVector<S1, D1, S2, D2> =
    <C<P1> as StaticLt<<CommonS<S1, D1, S2, D2> as Tup>::Size>>::Output;
/// `B1` when the run path applies: both engines store elements and the vector is long.
type RunBit<E1, E2, S1, D1, S2, D2> = <<<E1 as Engine>::IsMemory as BitAnd<
    <E2 as Engine>::IsMemory,
>>::Output as BitAnd<LongVector<S1, D1, S2, D2>>>::Output;

/// Apply `op(src element, dst element)` at every 1-D coordinate of two tensors.
#[doc(hidden)]
pub trait Elementwise<Dst: ElemOf> {
    /// The source element type.
    type Elem: Copy;
    fn zip_apply(&self, dst: &mut Dst, op: impl FnMut(Self::Elem, &mut Dst::Elem));
}
/// The element type of a tensor.
#[doc(hidden)]
pub trait ElemOf {
    type Elem: Copy;
}
impl<E: Engine, L> ElemOf for Tensor<E, L> {
    type Elem = E::Elem;
}

impl<E1, S1, D1, E2, S2, D2> Elementwise<Tensor<E2, Layout<S2, D2>>> for Tensor<E1, Layout<S1, D1>>
where
    E1: Engine,
    E2: EngineMut,
    S1: ToList,
    D1: ToList,
    S2: ToList,
    D2: ToList,
    ListOf<S1>: MaxCommon<ListOf<D1>, ListOf<S2>, ListOf<D2>>,
    ListOf<S1>: MaxCommonLayout<ListOf<D1>, ListOf<S2>, ListOf<D2>, CommonOk<S1, D1, S2, D2>>,
    CommonS<S1, D1, S2, D2>: Tup,
    C<P1>: StaticLt<<CommonS<S1, D1, S2, D2> as Tup>::Size>,
    E1::IsMemory: BitAnd<E2::IsMemory>,
    <E1::IsMemory as BitAnd<E2::IsMemory>>::Output: BitAnd<LongVector<S1, D1, S2, D2>>,
    RunBit<E1, E2, S1, D1, S2, D2>: ZipApply<E1, S1, D1, E2, S2, D2>,
{
    type Elem = E1::Elem;
    #[inline(always)]
    fn zip_apply(
        &self,
        dst: &mut Tensor<E2, Layout<S2, D2>>,
        op: impl FnMut(E1::Elem, &mut E2::Elem),
    ) {
        <RunBit<E1, E2, S1, D1, S2, D2> as ZipApply<E1, S1, D1, E2, S2, D2>>::apply(self, dst, op)
    }
}

/// The two paths of [`Elementwise`], chosen by a type-level bit.
#[doc(hidden)]
pub trait ZipApply<E1: Engine, S1, D1, E2: Engine, S2, D2> {
    fn apply(
        src: &Tensor<E1, Layout<S1, D1>>,
        dst: &mut Tensor<E2, Layout<S2, D2>>,
        op: impl FnMut(E1::Elem, &mut E2::Elem),
    );
}
impl<E1: Engine<Index = isize>, S1, D1, E2: EngineMut, S2, D2> ZipApply<E1, S1, D1, E2, S2, D2>
    for B0
where
    S1: Copy,
    D1: Copy,
    S2: Copy,
    D2: Copy,
    Layout<S1, D1>: Walk2<Layout<S2, D2>>,
{
    #[inline(always)]
    fn apply(
        src: &Tensor<E1, Layout<S1, D1>>,
        dst: &mut Tensor<E2, Layout<S2, D2>>,
        mut op: impl FnMut(E1::Elem, &mut E2::Elem),
    ) {
        let (se, de) = (&src.engine, &mut dst.engine);
        src.layout
            .walk2(dst.layout, true, |so, dof| op(se.read(so), de.at_mut(dof)));
    }
}

type ZipS<RS, RD, S, D> = <Lay<RS, RD> as Tiling<DivideOp, S, D, Zipped>>::Shape;
type ZipD<RS, RD, S, D> = <Lay<RS, RD> as Tiling<DivideOp, S, D, Zipped>>::Stride;
type RunCoord = HCons<C<Z0>, HCons<isize, HNil>>;

/// The contiguous runs two layouts share: `f(offset_a, offset_b, length)` per run,
/// the length being the size of their `max_common_layout`.
#[doc(hidden)]
pub trait Runs2<L2> {
    fn runs2(self, b: L2, f: impl FnMut(isize, isize, usize));
}
impl<S1, D1, S2, D2> Runs2<Layout<S2, D2>> for Layout<S1, D1>
where
    S1: ToList,
    D1: ToList,
    S2: ToList,
    D2: ToList,
    ListOf<S2>: Tup,
    ListOf<S1>: MaxCommon<ListOf<D1>, ListOf<S2>, ListOf<D2>>,
    ListOf<S1>: MaxCommonLayout<ListOf<D1>, ListOf<S2>, ListOf<D2>, CommonOk<S1, D1, S2, D2>>,
    CommonS<S1, D1, S2, D2>: Tup,
    Lay<CommonS<S1, D1, S2, D2>, CommonD<S1, D1, S2, D2>>: Tiling<DivideOp, ListOf<S1>, ListOf<D1>, Zipped>
        + Tiling<DivideOp, ListOf<S2>, ListOf<D2>, Zipped>,
    RunCoord: Crd2Index<
            ZipS<CommonS<S1, D1, S2, D2>, CommonD<S1, D1, S2, D2>, ListOf<S1>, ListOf<D1>>,
            ZipD<CommonS<S1, D1, S2, D2>, CommonD<S1, D1, S2, D2>, ListOf<S1>, ListOf<D1>>,
            isize,
        > + Crd2Index<
            ZipS<CommonS<S1, D1, S2, D2>, CommonD<S1, D1, S2, D2>, ListOf<S2>, ListOf<D2>>,
            ZipD<CommonS<S1, D1, S2, D2>, CommonD<S1, D1, S2, D2>, ListOf<S2>, ListOf<D2>>,
            isize,
        >,
{
    #[inline(always)]
    fn runs2(self, b: Layout<S2, D2>, mut f: impl FnMut(isize, isize, usize)) {
        let (s1, d1) = (self.shape().to_list(), self.stride().to_list());
        let (s2, d2) = (b.shape().to_list(), b.stride().to_list());
        let (rs, rd) =
            MaxCommonLayout::<_, _, _, CommonOk<S1, D1, S2, D2>>::max_common(s1, d1, s2, d2);
        let n = rs.size().value();
        let common = Lay { s: rs, d: rd };
        let (zs1, zd1) = common.tiling(s1, d1);
        let (zs2, zd2) = common.tiling(s2, d2);
        for j in 0..s2.size().value() / n {
            let c: RunCoord = hcons(C::new(), hcons(j, HNil));
            f(c.crd2index(zs1, zd1), c.crd2index(zs2, zd2), n as usize);
        }
    }
}

impl<E1, S1, D1, E2, S2, D2> ZipApply<E1, S1, D1, E2, S2, D2> for B1
where
    E1: EngineRef,
    E2: EngineMut,
    Layout<S1, D1>: Runs2<Layout<S2, D2>> + Copy,
    Layout<S2, D2>: Copy,
{
    #[inline(always)]
    fn apply(
        src: &Tensor<E1, Layout<S1, D1>>,
        dst: &mut Tensor<E2, Layout<S2, D2>>,
        mut op: impl FnMut(E1::Elem, &mut E2::Elem),
    ) {
        let (se, de) = (&src.engine, &mut dst.engine);
        src.layout.runs2(dst.layout, |so, dof, n| {
            for (x, y) in se.run(so, n).iter().zip(de.run_mut(dof, n)) {
                op(*x, y);
            }
        });
    }
}

/// Apply `op` to every element of a tensor (in the order that suits its memory).
#[doc(hidden)]
pub trait ElementwiseMut {
    type Elem;
    fn apply_mut(&mut self, op: impl FnMut(&mut Self::Elem));
}
impl<E: EngineMut, S: ToList, D: ToList> ElementwiseMut for Tensor<E, Layout<S, D>>
where
    ListOf<S>: MaxCommon<ListOf<D>, ListOf<S>, ListOf<D>>,
    ListOf<S>: MaxCommonLayout<ListOf<D>, ListOf<S>, ListOf<D>, CommonOk<S, D, S, D>>,
    CommonS<S, D, S, D>: Tup,
    C<P1>: StaticLt<<CommonS<S, D, S, D> as Tup>::Size>,
    LongVector<S, D, S, D>: ApplyMut<E, S, D>,
{
    type Elem = E::Elem;
    #[inline(always)]
    fn apply_mut(&mut self, op: impl FnMut(&mut E::Elem)) {
        <LongVector<S, D, S, D> as ApplyMut<E, S, D>>::apply_mut(self, op)
    }
}
/// The two paths of [`ElementwiseMut`].
#[doc(hidden)]
pub trait ApplyMut<E: Engine, S, D> {
    fn apply_mut(t: &mut Tensor<E, Layout<S, D>>, op: impl FnMut(&mut E::Elem));
}
impl<E: EngineMut, S: Copy, D: Copy> ApplyMut<E, S, D> for B0
where
    Layout<S, D>: super::walk::Walk,
{
    #[inline(always)]
    fn apply_mut(t: &mut Tensor<E, Layout<S, D>>, mut op: impl FnMut(&mut E::Elem)) {
        let e = &mut t.engine;
        super::walk::Walk::walk(t.layout, true, |o| op(e.at_mut(o)));
    }
}
impl<E: EngineMut, S: Copy, D: Copy> ApplyMut<E, S, D> for B1
where
    Layout<S, D>: Runs2<Layout<S, D>>,
{
    #[inline(always)]
    fn apply_mut(t: &mut Tensor<E, Layout<S, D>>, mut op: impl FnMut(&mut E::Elem)) {
        let e = &mut t.engine;
        t.layout.runs2(t.layout, |_, o, n| {
            e.run_mut(o, n).iter_mut().for_each(&mut op)
        });
    }
}
