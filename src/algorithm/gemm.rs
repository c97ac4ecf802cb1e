//! `gemm` and `gemm_using` (CuTe's `algorithm/gemm.hpp`): `C += A * B` for the five mode
//! patterns of the CuTe documentation, chosen from the tensors' ranks:
//!
//! | A | B | C | |
//! |---|---|---|---|
//! | `(V)` | `(V)` | `(V)` | element-wise product |
//! | `(M)` | `(N)` | `(M,N)` | outer product |
//! | `(M,K)` | `(N,K)` | `(M,N)` | matrix product |
//! | `(V,M)` | `(V,N)` | `(V,M,N)` | batched outer product |
//! | `(V,M,K)` | `(V,N,K)` | `(V,M,N)` | batched matrix product |
//!
//! The matrix products run through a CPU matrix kernel: [`ScalarFma`] (one fused
//! multiply-add at a time) by default, or [`RegisterBlocked`], which keeps an
//! `MR x NR` block of C in registers so that the compiler vectorizes its update.
//! These are whole-matrix kernels, not CuTe's MMA atoms: the atoms, which map threads
//! and values onto an instruction, are [`crate::atom`]'s (`cutlet_core::algorithm::gemm(&tiled_mma, ..)`).

use super::shapes::SizeAgree;
use crate::algebra::Wrap;
use crate::int::Integral;
use crate::layout::{Crd2Index, Layout, ListOf};
use crate::tensor::{Engine, EngineMut, Numeric, Tensor};
use crate::tuple::{CuteDisplay, Get, HCons, HNil, ToList, Tup};
use typenum::{B1, U0, U1, U2, U3};

/// A read-only matrix: `at(i, j)` for `i < rows`, `j < cols`.
///
/// ```
/// use cutlet::prelude::*;
/// // The gemm kernels see tensors as matrices; a plain array can be one too.
/// struct Id2;
/// impl Mat for Id2 {
///     type T = f32;
///     fn rows(&self) -> isize { 2 }
///     fn cols(&self) -> isize { 2 }
///     fn at(&self, i: isize, j: isize) -> f32 { if i == j { 1.0 } else { 0.0 } }
/// }
/// assert_eq!(Id2.at(1, 1), 1.0);
/// ```
pub trait Mat {
    /// Element type.
    type T: Numeric;
    /// Number of rows.
    fn rows(&self) -> isize;
    /// Number of columns.
    fn cols(&self) -> isize;
    /// Element `(i, j)`.
    fn at(&self, i: isize, j: isize) -> Self::T;
}
/// A writable matrix.
///
/// ```
/// use cutlet::prelude::*;
/// struct M([f32; 4]);
/// impl Mat for M {
///     type T = f32;
///     fn rows(&self) -> isize { 2 }
///     fn cols(&self) -> isize { 2 }
///     fn at(&self, i: isize, j: isize) -> f32 { self.0[(i + 2 * j) as usize] }
/// }
/// impl MatMut for M {
///     fn set(&mut self, i: isize, j: isize, v: f32) { self.0[(i + 2 * j) as usize] = v; }
/// }
/// let (a, b) = (M([1.0, 0.0, 0.0, 1.0]), M([1.0, 2.0, 3.0, 4.0]));
/// let mut c = M([0.0; 4]);
/// ScalarFma.mma(&a, &b, &mut c);                // C += A * B^T
/// assert_eq!(c.0, [1.0, 3.0, 2.0, 4.0]);
/// ```
pub trait MatMut: Mat {
    /// Overwrite element `(i, j)`.
    fn set(&mut self, i: isize, j: isize, v: Self::T);
}

/// A tensor read as a matrix through a coordinate map `(i, j) -> coordinate`.
#[doc(hidden)]
pub struct MatView<'a, E, L, F> {
    t: &'a Tensor<E, L>,
    rows: isize,
    cols: isize,
    f: F,
}
/// A tensor written as a matrix through a coordinate map.
#[doc(hidden)]
pub struct MatViewMut<'a, E, L, F> {
    t: &'a mut Tensor<E, L>,
    rows: isize,
    cols: isize,
    f: F,
}
impl<E: Engine, S: ToList, D: ToList, F, Cd: ToList> Mat for MatView<'_, E, Layout<S, D>, F>
where
    E::Elem: Numeric,
    F: Fn(isize, isize) -> Cd,
    ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, E::Index>,
{
    type T = E::Elem;
    #[inline(always)]
    fn rows(&self) -> isize {
        self.rows
    }
    #[inline(always)]
    fn cols(&self) -> isize {
        self.cols
    }
    #[inline(always)]
    fn at(&self, i: isize, j: isize) -> E::Elem {
        let off = (self.f)(i, j).to_list().crd2index(
            self.t.layout.shape().to_list(),
            self.t.layout.stride().to_list(),
        );
        self.t.engine.read(off)
    }
}
impl<E: EngineMut, S: ToList, D: ToList, F, Cd: ToList> Mat for MatViewMut<'_, E, Layout<S, D>, F>
where
    E::Elem: Numeric,
    F: Fn(isize, isize) -> Cd,
    ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, E::Index>,
{
    type T = E::Elem;
    #[inline(always)]
    fn rows(&self) -> isize {
        self.rows
    }
    #[inline(always)]
    fn cols(&self) -> isize {
        self.cols
    }
    #[inline(always)]
    fn at(&self, i: isize, j: isize) -> E::Elem {
        let off = (self.f)(i, j).to_list().crd2index(
            self.t.layout.shape().to_list(),
            self.t.layout.stride().to_list(),
        );
        self.t.engine.read(off)
    }
}
impl<E: EngineMut, S: ToList, D: ToList, F, Cd: ToList> MatMut
    for MatViewMut<'_, E, Layout<S, D>, F>
where
    E::Elem: Numeric,
    F: Fn(isize, isize) -> Cd,
    ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, isize>,
{
    #[inline(always)]
    fn set(&mut self, i: isize, j: isize, v: E::Elem) {
        let off = (self.f)(i, j).to_list().crd2index(
            self.t.layout.shape().to_list(),
            self.t.layout.stride().to_list(),
        );
        *self.t.engine.at_mut(off) = v;
    }
}

/// A whole-matrix CPU kernel: computes `C(m,n) += sum_k A(m,k) * B(n,k)` for matrices
/// (the patterns with V, M and N modes reduce to it). CuTe's `MMA_Atom`s are
/// [`crate::atom`]'s.
///
/// ```
/// use cutlet::prelude::*;
/// let a: Vec<f32> = (0..64).map(|x| x as f32).collect();
/// let b = a.clone();
/// let (mut c1, mut c2) = ([0f32; 64], [0f32; 64]);
/// let (ta, tb) = (make_tensor(&a[..], layout!((8,8))), make_tensor(&b[..], layout!((8,8))));
/// gemm_using(ScalarFma, &ta, &tb, &mut make_tensor(&mut c1[..], layout!((8,8))));
/// gemm_using(RegisterBlocked::<4, 4>, &ta, &tb, &mut make_tensor(&mut c2[..], layout!((8,8))));
/// assert_eq!(c1, c2);
/// ```
pub trait MmaKernel: Copy {
    /// `C += A * B^T` with `A: M x K`, `B: N x K`, `C: M x N`.
    fn mma<A: Mat, B: Mat<T = A::T>, C: MatMut<T = A::T>>(&self, a: &A, b: &B, c: &mut C);
}

/// One fused multiply-add at a time (what CuTe's `UniversalFMA` does per element), accumulating each
/// `C(m,n)` over `k` in order.
///
/// ```
/// use cutlet::prelude::*;
/// let a = [1.0f32, 2.0, 3.0, 4.0];          // (M,K) = (2,2), column-major
/// let b = [5.0f32, 6.0, 7.0, 8.0];          // (N,K) = (2,2)
/// let mut c = [0.0f32; 4];
/// gemm_using(ScalarFma, &make_tensor(&a[..], layout!((2,2))), &make_tensor(&b[..], layout!((2,2))),
///           &mut make_tensor(&mut c[..], layout!((2,2))));
/// assert_eq!(c, [26.0, 38.0, 30.0, 44.0]);   // C(m,n) = sum_k A(m,k) B(n,k)
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ScalarFma;
impl MmaKernel for ScalarFma {
    #[inline(always)]
    fn mma<A: Mat, B: Mat<T = A::T>, C: MatMut<T = A::T>>(&self, a: &A, b: &B, c: &mut C) {
        for n in 0..c.cols() {
            for m in 0..c.rows() {
                let mut acc = c.at(m, n);
                for k in 0..a.cols() {
                    acc = a.at(m, k).mul_add(b.at(n, k), acc);
                }
                c.set(m, n, acc);
            }
        }
    }
}

/// A register-blocked kernel: C is updated in `MR x NR` blocks held in a local array
/// across the whole `k` loop (an outer-product update per `k` that the compiler
/// vectorizes); partial edge blocks fall back to [`ScalarFma`].
///
/// ```
/// use cutlet::prelude::*;
/// let a: Vec<f32> = (0..64).map(|x| x as f32).collect();
/// let b: Vec<f32> = (0..64).map(|x| (x % 7) as f32).collect();
/// let (mut c1, mut c2) = (vec![0f32; 64], vec![0f32; 64]);
/// let ta = make_tensor(&a[..], layout!((8,8)));
/// let tb = make_tensor(&b[..], layout!((8,8)));
/// gemm_using(RegisterBlocked::<4, 4>, &ta, &tb, &mut make_tensor(&mut c1[..], layout!((8,8))));
/// gemm_using(ScalarFma, &ta, &tb, &mut make_tensor(&mut c2[..], layout!((8,8))));
/// assert_eq!(c1, c2);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RegisterBlocked<const MR: usize, const NR: usize>;
impl<const MR: usize, const NR: usize> MmaKernel for RegisterBlocked<MR, NR> {
    #[inline(always)]
    fn mma<A: Mat, B: Mat<T = A::T>, C: MatMut<T = A::T>>(&self, a: &A, b: &B, c: &mut C) {
        let (m_all, n_all, k_all) = (c.rows(), c.cols(), a.cols());
        let (mr, nr) = (MR as isize, NR as isize);
        let (m_full, n_full) = (m_all - m_all % mr, n_all - n_all % nr);
        let mut n0 = 0;
        while n0 < n_full {
            let mut m0 = 0;
            while m0 < m_full {
                let mut acc = [[A::T::ZERO; NR]; MR];
                for (i, row) in acc.iter_mut().enumerate() {
                    for (j, x) in row.iter_mut().enumerate() {
                        *x = c.at(m0 + i as isize, n0 + j as isize);
                    }
                }
                for k in 0..k_all {
                    let mut av = [A::T::ZERO; MR];
                    let mut bv = [A::T::ZERO; NR];
                    for (i, x) in av.iter_mut().enumerate() {
                        *x = a.at(m0 + i as isize, k);
                    }
                    for (j, x) in bv.iter_mut().enumerate() {
                        *x = b.at(n0 + j as isize, k);
                    }
                    for i in 0..MR {
                        for j in 0..NR {
                            acc[i][j] = av[i].mul_add(bv[j], acc[i][j]);
                        }
                    }
                }
                for (i, row) in acc.iter().enumerate() {
                    for (j, &x) in row.iter().enumerate() {
                        c.set(m0 + i as isize, n0 + j as isize, x);
                    }
                }
                m0 += mr;
            }
            n0 += nr;
        }
        // Edges: the rows below the full blocks and the columns right of them.
        let edge = |c: &mut C, ms: core::ops::Range<isize>, ns: core::ops::Range<isize>| {
            for n in ns {
                for m in ms.clone() {
                    let mut acc = c.at(m, n);
                    for k in 0..k_all {
                        acc = a.at(m, k).mul_add(b.at(n, k), acc);
                    }
                    c.set(m, n, acc);
                }
            }
        };
        edge(c, m_full..m_all, 0..n_all);
        edge(c, 0..m_full, n_full..n_all);
    }
}

/// A shape with a top-level mode `I` (a leaf is its own mode 0), and that mode's size.
#[doc(hidden)]
pub trait HasMode<I>: ToList {
    /// The size of mode `I`.
    type Size: crate::int::Integral;
    /// The size of mode `I`, as a value.
    fn mode_size(self) -> Self::Size;
}
impl<S: ToList, I> HasMode<I> for S
where
    ListOf<S>: Wrap,
    <ListOf<S> as Wrap>::Output: Get<I>,
    <<ListOf<S> as Wrap>::Output as Get<I>>::Output: Tup,
{
    type Size = <<<ListOf<S> as Wrap>::Output as Get<I>>::Output as Tup>::Size;
    #[inline(always)]
    fn mode_size(self) -> Self::Size {
        self.to_list().wrap().get().size()
    }
}

/// The size of top-level mode `I` of a shape.
type ModeSize<S, I> = <S as HasMode<I>>::Size;

macro_rules! extent_check {
    ($name:ident, $msg:literal, $label:literal) => {
        #[diagnostic::on_unimplemented(message = $msg, label = $label)]
        #[doc = concat!("gemm's static extent check: ", $msg, ".")]
        pub trait $name {}
        impl $name for B1 {}
    };
}
extent_check!(
    GemmV,
    "gemm: the V extents of A, B and C differ",
    "V is the first mode of each operand"
);
extent_check!(
    GemmM,
    "gemm: the M extents of A and C differ",
    "M is A's mode after V and C's first mode after V"
);
extent_check!(
    GemmN,
    "gemm: the N extents of B and C differ",
    "N is B's mode after V and C's last mode"
);
extent_check!(
    GemmK,
    "gemm: the K extents of A and B differ",
    "K is the last mode of A and of B"
);

#[inline(always)]
#[track_caller]
fn check_extent<X: SizeAgree<Y>, Y, SA: CuteDisplay, SB: CuteDisplay>(
    what: &str,
    x: X,
    y: Y,
    sa: SA,
    sb: SB,
) {
    if !x.same(y) {
        panic!(
            "gemm: the {what} extents differ: shapes {} and {}",
            crate::tuple::Cute(sa),
            crate::tuple::Cute(sb)
        );
    }
}

/// The size of top-level mode `I` of a tensor's shape, as a value.
#[inline(always)]
fn mode_size<S: HasMode<I>, I>(s: S) -> ModeSize<S, I> {
    s.mode_size()
}

/// The gemm of one mode pattern (`Self` is the pattern's marker).
#[doc(hidden)]
pub trait GemmPattern<Atom, TA, TB, TC> {
    fn gemm(atom: Atom, a: &TA, b: &TB, c: &mut TC);
}

/// The mode pattern of the ranks `(A, B, C)`.
#[diagnostic::on_unimplemented(
    message = "gemm: no mode pattern has operands of these ranks",
    label = "the patterns are (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) and (V,M,K)x(V,N,K)=>(V,M,N)"
)]
#[doc(hidden)]
pub trait ModePattern {
    type P;
}
#[doc(hidden)]
pub struct PatV;
#[doc(hidden)]
pub struct PatOuter;
#[doc(hidden)]
pub struct PatMatrix;
#[doc(hidden)]
pub struct PatBatchedOuter;
#[doc(hidden)]
pub struct PatBatchedMatrix;
impl ModePattern for (U1, U1, U1) {
    type P = PatV;
}
impl ModePattern for (U1, U1, U2) {
    type P = PatOuter;
}
impl ModePattern for (U2, U2, U2) {
    type P = PatMatrix;
}
impl ModePattern for (U2, U2, U3) {
    type P = PatBatchedOuter;
}
impl ModePattern for (U3, U3, U3) {
    type P = PatBatchedMatrix;
}

type T3<E, S, D> = Tensor<E, Layout<S, D>>;

// (V) x (V) => (V)
impl<Atom, EA, SA, DA, EB, SB, DB, EC, SC, DC>
    GemmPattern<Atom, T3<EA, SA, DA>, T3<EB, SB, DB>, T3<EC, SC, DC>> for PatV
where
    EA: Engine,
    EB: Engine<Elem = EA::Elem>,
    EC: EngineMut<Elem = EA::Elem>,
    EA::Elem: Numeric,
    SA: ToList + CuteDisplay,
    SB: ToList + CuteDisplay,
    SC: ToList + CuteDisplay,
    DA: ToList,
    DB: ToList,
    DC: ToList,
    ListOf<SA>: Tup,
    ListOf<SB>: Tup,
    ListOf<SC>: Tup,
    <ListOf<SA> as Tup>::Size: SizeAgree<<ListOf<SC> as Tup>::Size>,
    <ListOf<SB> as Tup>::Size: SizeAgree<<ListOf<SC> as Tup>::Size>,
    <<ListOf<SA> as Tup>::Size as SizeAgree<<ListOf<SC> as Tup>::Size>>::Output: GemmV,
    <<ListOf<SB> as Tup>::Size as SizeAgree<<ListOf<SC> as Tup>::Size>>::Output: GemmV,
    isize: Crd2Index<ListOf<SA>, ListOf<DA>, EA::Index>
        + Crd2Index<ListOf<SB>, ListOf<DB>, EB::Index>
        + Crd2Index<ListOf<SC>, ListOf<DC>, isize>,
{
    #[inline(always)]
    fn gemm(_: Atom, a: &T3<EA, SA, DA>, b: &T3<EB, SB, DB>, c: &mut T3<EC, SC, DC>) {
        check_extent("V", a.size(), c.size(), a.shape(), c.shape());
        check_extent("V", b.size(), c.size(), b.shape(), c.shape());
        for v in 0..c.size().value() {
            let av = a.engine.read(a.offset_of(v));
            let bv = b.engine.read(b.offset_of(v));
            let off = c.offset_of(v);
            let cv = c.engine.at_mut(off);
            *cv = av.mul_add(bv, *cv);
        }
    }
}

// (M) x (N) => (M,N): the matrix product with K = 1.
impl<Atom: MmaKernel, EA, SA, DA, EB, SB, DB, EC, SC, DC>
    GemmPattern<Atom, T3<EA, SA, DA>, T3<EB, SB, DB>, T3<EC, SC, DC>> for PatOuter
where
    EA: Engine,
    EB: Engine<Elem = EA::Elem>,
    EC: EngineMut<Elem = EA::Elem>,
    EA::Elem: Numeric,
    SA: ToList + CuteDisplay,
    SB: ToList + CuteDisplay,
    SC: ToList + CuteDisplay,
    DA: ToList,
    DB: ToList,
    DC: ToList,
    ListOf<SA>: Tup,
    ListOf<SB>: Tup,
    SC: HasMode<U0> + HasMode<U1>,
    <ListOf<SA> as Tup>::Size: SizeAgree<ModeSize<SC, U0>>,
    <ListOf<SB> as Tup>::Size: SizeAgree<ModeSize<SC, U1>>,
    <<ListOf<SA> as Tup>::Size as SizeAgree<ModeSize<SC, U0>>>::Output: GemmM,
    <<ListOf<SB> as Tup>::Size as SizeAgree<ModeSize<SC, U1>>>::Output: GemmN,
    isize:
        Crd2Index<ListOf<SA>, ListOf<DA>, EA::Index> + Crd2Index<ListOf<SB>, ListOf<DB>, EB::Index>,
    HCons<isize, HCons<isize, HNil>>: Crd2Index<ListOf<SC>, ListOf<DC>, EC::Index>,
{
    #[inline(always)]
    fn gemm(atom: Atom, a: &T3<EA, SA, DA>, b: &T3<EB, SB, DB>, c: &mut T3<EC, SC, DC>) {
        let (mc, nc) = (
            mode_size::<SC, U0>(c.shape()),
            mode_size::<SC, U1>(c.shape()),
        );
        check_extent("M", a.size(), mc, a.shape(), c.shape());
        check_extent("N", b.size(), nc, b.shape(), c.shape());
        let (m, n) = (mc.value(), nc.value());
        let av = MatView {
            t: a,
            rows: m,
            cols: 1,
            f: |i: isize, _: isize| i,
        };
        let bv = MatView {
            t: b,
            rows: n,
            cols: 1,
            f: |j: isize, _: isize| j,
        };
        let mut cv = MatViewMut {
            t: c,
            rows: m,
            cols: n,
            f: |i: isize, j: isize| (i, j),
        };
        atom.mma(&av, &bv, &mut cv);
    }
}

// (M,K) x (N,K) => (M,N)
impl<Atom: MmaKernel, EA, SA, DA, EB, SB, DB, EC, SC, DC>
    GemmPattern<Atom, T3<EA, SA, DA>, T3<EB, SB, DB>, T3<EC, SC, DC>> for PatMatrix
where
    EA: Engine,
    EB: Engine<Elem = EA::Elem>,
    EC: EngineMut<Elem = EA::Elem>,
    EA::Elem: Numeric,
    SA: ToList + CuteDisplay,
    SB: ToList + CuteDisplay,
    SC: ToList + CuteDisplay,
    DA: ToList,
    DB: ToList,
    DC: ToList,
    SA: HasMode<U0> + HasMode<U1>,
    SB: HasMode<U0> + HasMode<U1>,
    SC: HasMode<U0> + HasMode<U1>,
    ModeSize<SA, U0>: SizeAgree<ModeSize<SC, U0>>,
    ModeSize<SB, U0>: SizeAgree<ModeSize<SC, U1>>,
    ModeSize<SA, U1>: SizeAgree<ModeSize<SB, U1>>,
    <ModeSize<SA, U0> as SizeAgree<ModeSize<SC, U0>>>::Output: GemmM,
    <ModeSize<SB, U0> as SizeAgree<ModeSize<SC, U1>>>::Output: GemmN,
    <ModeSize<SA, U1> as SizeAgree<ModeSize<SB, U1>>>::Output: GemmK,
    HCons<isize, HCons<isize, HNil>>: Crd2Index<ListOf<SA>, ListOf<DA>, EA::Index>
        + Crd2Index<ListOf<SB>, ListOf<DB>, EB::Index>
        + Crd2Index<ListOf<SC>, ListOf<DC>, EC::Index>,
{
    #[inline(always)]
    fn gemm(atom: Atom, a: &T3<EA, SA, DA>, b: &T3<EB, SB, DB>, c: &mut T3<EC, SC, DC>) {
        let (ma, ka) = (
            mode_size::<SA, U0>(a.shape()),
            mode_size::<SA, U1>(a.shape()),
        );
        let (nb, kb) = (
            mode_size::<SB, U0>(b.shape()),
            mode_size::<SB, U1>(b.shape()),
        );
        let (mc, nc) = (
            mode_size::<SC, U0>(c.shape()),
            mode_size::<SC, U1>(c.shape()),
        );
        check_extent("M", ma, mc, a.shape(), c.shape());
        check_extent("N", nb, nc, b.shape(), c.shape());
        check_extent("K", ka, kb, a.shape(), b.shape());
        let (m, n, k) = (mc.value(), nc.value(), ka.value());
        let pair = |i: isize, j: isize| (i, j);
        let av = MatView {
            t: a,
            rows: m,
            cols: k,
            f: pair,
        };
        let bv = MatView {
            t: b,
            rows: n,
            cols: k,
            f: pair,
        };
        let mut cv = MatViewMut {
            t: c,
            rows: m,
            cols: n,
            f: pair,
        };
        atom.mma(&av, &bv, &mut cv);
    }
}

type Tri = HCons<isize, HCons<isize, HCons<isize, HNil>>>;
#[inline(always)]
fn tri(a: isize, b: isize, c: isize) -> (isize, isize, isize) {
    (a, b, c)
}

// (V,M) x (V,N) => (V,M,N)
impl<Atom: MmaKernel, EA, SA, DA, EB, SB, DB, EC, SC, DC>
    GemmPattern<Atom, T3<EA, SA, DA>, T3<EB, SB, DB>, T3<EC, SC, DC>> for PatBatchedOuter
where
    EA: Engine,
    EB: Engine<Elem = EA::Elem>,
    EC: EngineMut<Elem = EA::Elem>,
    EA::Elem: Numeric,
    SA: ToList + CuteDisplay,
    SB: ToList + CuteDisplay,
    SC: ToList + CuteDisplay,
    DA: ToList,
    DB: ToList,
    DC: ToList,
    SA: HasMode<U0> + HasMode<U1>,
    SB: HasMode<U0> + HasMode<U1>,
    SC: HasMode<U0> + HasMode<U1> + HasMode<U2>,
    ModeSize<SA, U0>: SizeAgree<ModeSize<SC, U0>>,
    ModeSize<SB, U0>: SizeAgree<ModeSize<SC, U0>>,
    ModeSize<SA, U1>: SizeAgree<ModeSize<SC, U1>>,
    ModeSize<SB, U1>: SizeAgree<ModeSize<SC, U2>>,
    <ModeSize<SA, U0> as SizeAgree<ModeSize<SC, U0>>>::Output: GemmV,
    <ModeSize<SB, U0> as SizeAgree<ModeSize<SC, U0>>>::Output: GemmV,
    <ModeSize<SA, U1> as SizeAgree<ModeSize<SC, U1>>>::Output: GemmM,
    <ModeSize<SB, U1> as SizeAgree<ModeSize<SC, U2>>>::Output: GemmN,
    HCons<isize, HCons<isize, HNil>>:
        Crd2Index<ListOf<SA>, ListOf<DA>, EA::Index> + Crd2Index<ListOf<SB>, ListOf<DB>, EB::Index>,
    Tri: Crd2Index<ListOf<SC>, ListOf<DC>, EC::Index>,
{
    #[inline(always)]
    fn gemm(atom: Atom, a: &T3<EA, SA, DA>, b: &T3<EB, SB, DB>, c: &mut T3<EC, SC, DC>) {
        let (vc, mc, nc) = (
            mode_size::<SC, U0>(c.shape()),
            mode_size::<SC, U1>(c.shape()),
            mode_size::<SC, U2>(c.shape()),
        );
        check_extent(
            "V",
            mode_size::<SA, U0>(a.shape()),
            vc,
            a.shape(),
            c.shape(),
        );
        check_extent(
            "V",
            mode_size::<SB, U0>(b.shape()),
            vc,
            b.shape(),
            c.shape(),
        );
        check_extent(
            "M",
            mode_size::<SA, U1>(a.shape()),
            mc,
            a.shape(),
            c.shape(),
        );
        check_extent(
            "N",
            mode_size::<SB, U1>(b.shape()),
            nc,
            b.shape(),
            c.shape(),
        );
        let (m, n) = (mc.value(), nc.value());
        for v in 0..vc.value() {
            let av = MatView {
                t: a,
                rows: m,
                cols: 1,
                f: move |i: isize, _: isize| (v, i),
            };
            let bv = MatView {
                t: b,
                rows: n,
                cols: 1,
                f: move |j: isize, _: isize| (v, j),
            };
            let mut cv = MatViewMut {
                t: &mut *c,
                rows: m,
                cols: n,
                f: move |i: isize, j: isize| tri(v, i, j),
            };
            atom.mma(&av, &bv, &mut cv);
        }
    }
}

// (V,M,K) x (V,N,K) => (V,M,N)
impl<Atom: MmaKernel, EA, SA, DA, EB, SB, DB, EC, SC, DC>
    GemmPattern<Atom, T3<EA, SA, DA>, T3<EB, SB, DB>, T3<EC, SC, DC>> for PatBatchedMatrix
where
    EA: Engine,
    EB: Engine<Elem = EA::Elem>,
    EC: EngineMut<Elem = EA::Elem>,
    EA::Elem: Numeric,
    SA: ToList + CuteDisplay,
    SB: ToList + CuteDisplay,
    SC: ToList + CuteDisplay,
    DA: ToList,
    DB: ToList,
    DC: ToList,
    SA: HasMode<U0> + HasMode<U1> + HasMode<U2>,
    SB: HasMode<U0> + HasMode<U1> + HasMode<U2>,
    SC: HasMode<U0> + HasMode<U1> + HasMode<U2>,
    ModeSize<SA, U0>: SizeAgree<ModeSize<SC, U0>>,
    ModeSize<SB, U0>: SizeAgree<ModeSize<SC, U0>>,
    ModeSize<SA, U1>: SizeAgree<ModeSize<SC, U1>>,
    ModeSize<SB, U1>: SizeAgree<ModeSize<SC, U2>>,
    ModeSize<SA, U2>: SizeAgree<ModeSize<SB, U2>>,
    <ModeSize<SA, U0> as SizeAgree<ModeSize<SC, U0>>>::Output: GemmV,
    <ModeSize<SB, U0> as SizeAgree<ModeSize<SC, U0>>>::Output: GemmV,
    <ModeSize<SA, U1> as SizeAgree<ModeSize<SC, U1>>>::Output: GemmM,
    <ModeSize<SB, U1> as SizeAgree<ModeSize<SC, U2>>>::Output: GemmN,
    <ModeSize<SA, U2> as SizeAgree<ModeSize<SB, U2>>>::Output: GemmK,
    Tri: Crd2Index<ListOf<SA>, ListOf<DA>, EA::Index>
        + Crd2Index<ListOf<SB>, ListOf<DB>, EB::Index>
        + Crd2Index<ListOf<SC>, ListOf<DC>, EC::Index>,
{
    #[inline(always)]
    fn gemm(atom: Atom, a: &T3<EA, SA, DA>, b: &T3<EB, SB, DB>, c: &mut T3<EC, SC, DC>) {
        let (vc, mc, nc) = (
            mode_size::<SC, U0>(c.shape()),
            mode_size::<SC, U1>(c.shape()),
            mode_size::<SC, U2>(c.shape()),
        );
        let ka = mode_size::<SA, U2>(a.shape());
        check_extent(
            "V",
            mode_size::<SA, U0>(a.shape()),
            vc,
            a.shape(),
            c.shape(),
        );
        check_extent(
            "V",
            mode_size::<SB, U0>(b.shape()),
            vc,
            b.shape(),
            c.shape(),
        );
        check_extent(
            "M",
            mode_size::<SA, U1>(a.shape()),
            mc,
            a.shape(),
            c.shape(),
        );
        check_extent(
            "N",
            mode_size::<SB, U1>(b.shape()),
            nc,
            b.shape(),
            c.shape(),
        );
        check_extent(
            "K",
            ka,
            mode_size::<SB, U2>(b.shape()),
            a.shape(),
            b.shape(),
        );
        let (m, n, k) = (mc.value(), nc.value(), ka.value());
        for v in 0..vc.value() {
            let av = MatView {
                t: a,
                rows: m,
                cols: k,
                f: move |i: isize, kk: isize| tri(v, i, kk),
            };
            let bv = MatView {
                t: b,
                rows: n,
                cols: k,
                f: move |j: isize, kk: isize| tri(v, j, kk),
            };
            let mut cv = MatViewMut {
                t: &mut *c,
                rows: m,
                cols: n,
                f: move |i: isize, j: isize| tri(v, i, j),
            };
            atom.mma(&av, &bv, &mut cv);
        }
    }
}

/// The three operands of a gemm, with their ranks (the mode pattern).
#[doc(hidden)]
pub trait GemmOperands<Atom, TB, TC> {
    fn run(atom: Atom, a: &Self, b: &TB, c: &mut TC);
}
impl<Atom, EA, SA: ToList, DA, EB, SB: ToList, DB, EC, SC: ToList, DC>
    GemmOperands<Atom, T3<EB, SB, DB>, T3<EC, SC, DC>> for T3<EA, SA, DA>
where
    ListOf<SA>: Tup,
    ListOf<SB>: Tup,
    ListOf<SC>: Tup,
    (
        <ListOf<SA> as Tup>::Rank,
        <ListOf<SB> as Tup>::Rank,
        <ListOf<SC> as Tup>::Rank,
    ): ModePattern,
    <(
        <ListOf<SA> as Tup>::Rank,
        <ListOf<SB> as Tup>::Rank,
        <ListOf<SC> as Tup>::Rank,
    ) as ModePattern>::P: GemmPattern<Atom, T3<EA, SA, DA>, T3<EB, SB, DB>, T3<EC, SC, DC>>,
{
    #[inline(always)]
    fn run(atom: Atom, a: &Self, b: &T3<EB, SB, DB>, c: &mut T3<EC, SC, DC>) {
        <<(
            <ListOf<SA> as Tup>::Rank,
            <ListOf<SB> as Tup>::Rank,
            <ListOf<SC> as Tup>::Rank,
        ) as ModePattern>::P as GemmPattern<_, _, _, _>>::gemm(atom, a, b, c)
    }
}

/// CuTe's `gemm(A, B, C)`: `C += A * B` for the mode pattern given by the ranks (see the
/// module documentation), with the scalar FMA kernel. Static extent mismatches (M, N, K,
/// V) do not compile; dynamic ones panic naming both shapes.
///
/// ```
/// use cutlet::prelude::*;
/// // (M) x (N) => (M,N): an outer product.
/// let a = [1i32, 2, 3];
/// let b = [10i32, 20];
/// let mut c = [0i32; 6];
/// gemm(&make_tensor(&a[..], shape!(3)), &make_tensor(&b[..], shape!(2)),
///      &mut make_tensor(&mut c[..], shape!((3, 2))));
/// assert_eq!(c, [10, 20, 30, 20, 40, 60]);
/// ```
#[inline(always)]
#[track_caller]
pub fn gemm<TA: GemmOperands<ScalarFma, TB, TC>, TB, TC>(a: &TA, b: &TB, c: &mut TC) {
    TA::run(ScalarFma, a, b, c)
}

/// As [`gemm`], with an explicit whole-matrix kernel (CuTe's `gemm(mma, A, B, C)` with
/// a TiledMMA is [`cutlet_core::algorithm::gemm`]).
///
/// ```
/// use cutlet::prelude::*;
/// let a = [1.0f64, 2.0];                  // (M) = 2
/// let b = [3.0f64, 4.0, 5.0];             // (N) = 3
/// let mut c = [0.0f64; 6];
/// gemm_using(RegisterBlocked::<2, 2>, &make_tensor(&a[..], layout!(2)), &make_tensor(&b[..], layout!(3)),
///           &mut make_tensor(&mut c[..], layout!((2,3))));
/// assert_eq!(c, [3.0, 6.0, 4.0, 8.0, 5.0, 10.0]);   // outer product
/// ```
#[inline(always)]
#[track_caller]
pub fn gemm_using<Atom: MmaKernel, TA: GemmOperands<Atom, TB, TC>, TB, TC>(
    atom: Atom,
    a: &TA,
    b: &TB,
    c: &mut TC,
) {
    TA::run(atom, a, b, c)
}
