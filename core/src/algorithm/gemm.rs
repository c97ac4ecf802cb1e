//! CuTe's `gemm` (`cute/algorithm/gemm.hpp`): `C += A B` on tensors in registers, in the
//! five mode patterns of CuTe's dispatch, chosen by the tensors' ranks:
//!
//! | A | B | C | |
//! |---|---|---|---|
//! | `(V)` | `(V)` | `(V)` | one atom call |
//! | `(M)` | `(N)` | `(M,N)` | outer product (1-value atoms) |
//! | `(M,K)` | `(N,K)` | `(M,N)` | matrix product (1-value atoms) |
//! | `(V,M)` | `(V,N)` | `(V,M,N)` | an atom call per `(m, n)` |
//! | `(V,M,K)` | `(V,N,K)` | `(V,M,N)` | an atom call per `(m, n, k)` |
//!
//! [`gemm`] is CuTe's `gemm(A, B, C)`, through the one-thread `UniversalFMA` atom of the
//! element type; [`gemm_with`] is CuTe's `gemm(mma, A, B, C)` with a `TiledMMA` (Rust has
//! no overloading, so the form with an MMA has a name of its own).

use crate::atom::{MmaCall, MmaTraits, ScalarFma, TiledMma, UniversalFMA, make_tiled_mma};
use crate::int::{Bit, C, ForEachIndex, Leaf, LeafOps, Nat, Ord3};
use crate::layout::{Layout, Shaped};
use crate::tensor::{TensorArg, TensorArgMut};
use crate::tuple::IntTuple;
use typenum::{P1, U1, U2, U3};

/// The shape of layout `L`.
type Sh<L> = <L as Shaped>::Shape;
/// The size of mode `I` (0, 1, 2) of `L`'s shape; `_1` past its rank.
type E0<L> = <<Sh<L> as IntTuple>::E0 as IntTuple>::Size;
type E1<L> = <<Sh<L> as IntTuple>::E1 as IntTuple>::Size;
type E2<L> = <<Sh<L> as IntTuple>::E2 as IntTuple>::Size;
/// Whether `L` has rank `R`.
type RankIs<L, R> = <<<Sh<L> as IntTuple>::Rank as Nat>::Cmp<R> as Ord3>::Eq;
type One = C<P1>;

// The extents of the general `(V,M,K) x (V,N,K) => (V,M,N)` form that each pattern is,
// from C's rank: `(V)` is `(V,1,1)`, `(M)` is `(1,M,1)`, `(M,K)` is `(1,M,K)`, `(V,M)`
// is `(V,M,1)` (CuTe's `append<2>` and `prepend<3>` of the layouts). A mode past a
// layout's rank has size `_1`, which covers the `K = 1` cases.
/// V: `_1` where C has rank 2, mode 0 otherwise.
type ExtV<L, Lc> = <RankIs<Lc, U2> as Bit>::IfL<One, E0<L>>;
/// M (of A), N (of B): `_1` where C has rank 1, mode 1 where C has rank 3, else mode 0.
type ExtMn<L, Lc> = <RankIs<Lc, U1> as Bit>::IfL<One, <RankIs<Lc, U3> as Bit>::IfL<E1<L>, E0<L>>>;
/// K: mode 1 where C has rank 2, mode 2 otherwise.
type ExtK<L, Lc> = <RankIs<Lc, U2> as Bit>::IfL<E1<L>, E2<L>>;
/// C's N: `_1` where C has rank 1, mode 2 where it has rank 3, else mode 1.
type ExtNc<L> = <RankIs<L, U1> as Bit>::IfL<One, <RankIs<L, U3> as Bit>::IfL<E2<L>, E1<L>>>;
/// The values one thread holds for one atom call, of A, B and C (mode 1 of the atom's
/// thread-value layouts).
type AtomVals<L> = <<Sh<L> as IntTuple>::E1 as IntTuple>::Size;
type VA<M> = AtomVals<<<M as TiledMma>::Atom as MmaTraits>::ALayout>;
type VB<M> = AtomVals<<<M as TiledMma>::Atom as MmaTraits>::BLayout>;
type VC<M> = AtomVals<<<M as TiledMma>::Atom as MmaTraits>::CLayout>;

#[inline(always)]
fn ext_v<L: Layout, Lc: Layout>(l: L) -> ExtV<L, Lc> {
    <RankIs<Lc, U2> as Bit>::if_l(One::default(), l.shape().e0().size())
}
#[inline(always)]
fn ext_mn<L: Layout, Lc: Layout>(l: L) -> ExtMn<L, Lc> {
    let s = l.shape();
    <RankIs<Lc, U1> as Bit>::if_l(
        One::default(),
        <RankIs<Lc, U3> as Bit>::if_l(s.e1().size(), s.e0().size()),
    )
}
#[inline(always)]
fn ext_k<L: Layout, Lc: Layout>(l: L) -> ExtK<L, Lc> {
    let s = l.shape();
    <RankIs<Lc, U2> as Bit>::if_l(s.e1().size(), s.e2().size())
}
#[inline(always)]
fn ext_nc<L: Layout>(l: L) -> ExtNc<L> {
    let s = l.shape();
    <RankIs<L, U1> as Bit>::if_l(
        One::default(),
        <RankIs<L, U3> as Bit>::if_l(s.e2().size(), s.e1().size()),
    )
}

const fn rank<L: Shaped>() -> usize {
    <<L::Shape as IntTuple>::Rank as typenum::Unsigned>::USIZE
}
const fn static_value<X: Leaf>() -> Option<isize> {
    if <<X as IntTuple>::IsStatic as Bit>::BOOL {
        Some(<X::Val as typenum::Integer>::ISIZE)
    } else {
        None
    }
}
/// Whether two extents are both static and differ.
const fn differ<A: Leaf, B: Leaf>() -> bool {
    <<A as LeafOps>::BothStatic<B> as Bit>::BOOL && !<<A as LeafOps>::StaticEq<B> as Bit>::BOOL
}
/// Whether a static extent differs from `n`.
const fn differs_from<A: Leaf>(n: isize) -> bool {
    matches!(static_value::<A>(), Some(v) if v != n)
}

/// The most values one thread holds for one atom (the SM80 atoms hold at most 8).
const MAX_ATOM_VALUES: usize = 16;

/// CuTe's `gemm(A, B, C)`: `C += A B` through CuTe's default MMA, the one-thread
/// `UniversalFMA` of the element type (`c = a * b + c` per element), in any of the five
/// patterns of the module's table; with a 1-value atom, `V` is 1 where it appears.
///
/// ```
/// use cutlet_core::prelude::*;
/// // (M,K) x (N,K) => (M,N): C(m,n) += sum_k A(m,k) B(n,k).
/// let a: Vec<f32> = (0..6).map(|x| x as f32).collect();    // A 2x3, column-major
/// let b = [1.0f32, 0.0, 1.0, 1.0, 0.0, 1.0];               // B 2x3
/// let mut c = make_owned_tensor::<f32>(layout!((2, 2)));
/// gemm(&make_tensor(&a[..], layout!((2, 3))), &make_tensor(&b[..], layout!((2, 3))), &mut c);
/// assert_eq!(c.iter().collect::<Vec<_>>(), [2.0, 4.0, 6.0, 8.0]);
/// // (M) x (N) => (M,N): the outer product, added to C.
/// let (x, y) = ([1, 2], [10, 20, 30]);
/// let mut o = make_owned_tensor::<i32>(layout!((2, 3)));
/// gemm(&make_tensor(&x[..], layout!(2)), &make_tensor(&y[..], layout!(3)), &mut o);
/// assert_eq!(o.iter().collect::<Vec<_>>(), [10, 20, 20, 40, 30, 60]);
/// ```
///
/// Extents that disagree do not compile where they are static (CuTe's
/// `CUTE_STATIC_ASSERT_V`), and panic where they are dynamic:
///
/// ```compile_fail,E0080
/// use cutlet_core::prelude::*;
/// let (a, b) = (make_owned_tensor::<f32>(layout!((4, 3))), make_owned_tensor::<f32>(layout!((2, 5))));
/// let mut c = make_owned_tensor::<f32>(layout!((4, 2)));
/// gemm(&a, &b, &mut c); // K is 3 in A and 5 in B
/// ```
#[inline(always)]
#[track_caller]
pub fn gemm<TA, TB, TC>(a: &TA, b: &TB, c: &mut TC)
where
    TA: TensorArg<Elem: ScalarFma>,
    TB: TensorArg<Elem = TA::Elem>,
    TC: TensorArgMut<TA::Elem>,
{
    let fma = UniversalFMA::<TA::Elem, TA::Elem, TA::Elem, TA::Elem>::default();
    gemm_with(make_tiled_mma(fma, crate::layout!((1, 1, 1))), a, b, c)
}

/// CuTe's `gemm(mma, A, B, C)` (named `gemm_with` because Rust has no overloading):
/// `C += A B` through the MMA's atom, for a thread's `(V,M,K)`, `(V,N,K)` and `(V,M,N)`
/// fragments (what `partition_fragment_A/B/C` and `partition_A/B/C` give), one k block
/// of them (`(V,M)`, `(V,N)`), or any other pattern of the module's table. One atom call
/// per `(m, n, k)`, k outermost, then n, then m serpentine. Elements are addressed by
/// index (colexicographic), so every pattern shares one body; static extents unroll.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::atom::*;
/// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((2,2)));
/// let (a, b): (Vec<f32>, Vec<f32>) = ((0..8).map(|x| x as f32).collect(), vec![1.0; 8]);
/// let thr = mma.get_slice(3);
/// let ta = thr.partition_a(make_tensor(&a[..], layout!((4,2))));   // A is 4x2
/// let tb = thr.partition_b(make_tensor(&b[..], layout!((4,2))));   // B is 4x2
/// let mut acc = thr.partition_fragment_c(layout!((4,4)));
/// gemm_with(mma, &ta, &tb, &mut acc);
/// // Thread 3 owns C(1,1), C(3,1), C(1,3), C(3,3); each is a row sum of A.
/// assert_eq!(acc.iter().collect::<Vec<_>>(), [6.0, 10.0, 6.0, 10.0]);
/// ```
///
/// # Panics
/// If the fragments' extents disagree (`M`, `N`, `K` or the atom's value counts).
/// Ranks other than the five patterns, and static extents that disagree, do not compile.
#[inline(always)]
#[track_caller]
pub fn gemm_with<M, TA, TB, TC>(mma: M, a: &TA, b: &TB, c: &mut TC)
where
    M: TiledMma<Atom: MmaCall>,
    TA: TensorArg<Elem = <M::Atom as MmaTraits>::ValTypeA>,
    TB: TensorArg<Elem = <M::Atom as MmaTraits>::ValTypeB>,
    TC: TensorArgMut<<M::Atom as MmaTraits>::ValTypeC>,
{
    let _ = mma; // CuTe's signature: the atom is a type here
    // CuTe: CUTE_STATIC_ASSERT_V(size<0>(A) == size<0>(C)) and the like, on what is
    // static; dynamic extents are checked below.
    const {
        let ranks = (
            rank::<TA::Layout>(),
            rank::<TB::Layout>(),
            rank::<TC::Layout>(),
        );
        assert!(
            matches!(
                ranks,
                (1, 1, 1) | (1, 1, 2) | (2, 2, 2) | (2, 2, 3) | (3, 3, 3)
            ),
            "gemm: the tensors must be (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) or (V,M,K)x(V,N,K)=>(V,M,N)"
        );
        assert!(
            !differ::<ExtMn<TA::Layout, TC::Layout>, ExtMn<TC::Layout, TC::Layout>>()
                && !differ::<ExtMn<TB::Layout, TC::Layout>, ExtNc<TC::Layout>>()
                && !differ::<ExtK<TA::Layout, TC::Layout>, ExtK<TB::Layout, TC::Layout>>(),
            "gemm: the tensors' static M, N or K extents differ ((V,M,K) x (V,N,K) => (V,M,N))"
        );
        assert!(
            !differs_from::<ExtV<TA::Layout, TC::Layout>>(value_of_leaf::<VA<M>>())
                && !differs_from::<ExtV<TB::Layout, TC::Layout>>(value_of_leaf::<VB<M>>())
                && !differs_from::<ExtV<TC::Layout, TC::Layout>>(value_of_leaf::<VC<M>>()),
            "gemm: the tensors' static V extents are not the atom's values per thread (patterns without V take 1-value atoms)"
        )
    };
    let (a, b, c) = (a.tensor(), b.tensor(), c.tensor_mut());
    let (la, lb, lc) = (a.layout(), b.layout(), c.layout());
    // (V,M,K), (V,N,K), (V,M,N): static extents unroll (ForEachIndex), so every value
    // index below is a constant and the atoms' registers stay registers on a GPU.
    let (va, m, k) = (
        ext_v::<_, TC::Layout>(la),
        ext_mn::<_, TC::Layout>(la),
        ext_k::<_, TC::Layout>(la),
    );
    let (vb, n) = (ext_v::<_, TC::Layout>(lb), ext_mn::<_, TC::Layout>(lb));
    let vc = ext_v::<_, TC::Layout>(lc);
    let us = |x: isize| x as usize;
    let (va_, m_, k_) = (us(va.value()), us(m.value()), us(k.value()));
    let (vb_, n_, kb_) = (
        us(vb.value()),
        us(n.value()),
        us(ext_k::<_, TC::Layout>(lb).value()),
    );
    let (vc_, mc_, nc_) = (
        us(vc.value()),
        us(ext_mn::<_, TC::Layout>(lc).value()),
        us(ext_nc(lc).value()),
    );
    let atom = const {
        [
            value_of_leaf::<VA<M>>() as usize,
            value_of_leaf::<VB<M>>() as usize,
            value_of_leaf::<VC<M>>() as usize,
        ]
    };
    // Compared value by value: an array comparison may become a `bcmp` of a stack copy,
    // a stack frame in every kernel that calls this.
    if (m_, n_, k_) != (mc_, nc_, kb_)
        || (va_, vb_, vc_) != (atom[0], atom[1], atom[2])
        || va_.max(vb_).max(vc_) > MAX_ATOM_VALUES
    {
        // Out of line, by value: formatting the extents in place would keep them in
        // memory (see `crate::cold`), and every index below is computed from them.
        crate::cold::gemm_mismatch([va_, m_, k_], [vb_, n_, kb_], [vc_, mc_, nc_], atom)
    }
    let mut fa = [Default::default(); MAX_ATOM_VALUES];
    let mut fb = [Default::default(); MAX_ATOM_VALUES];
    let mut fc = [Default::default(); MAX_ATOM_VALUES];
    let m_last = m_.saturating_sub(1);
    // k, then n, then m serpentine (odd columns walk m backwards), so consecutive atom
    // calls share an A or a B fragment (CuTe's register-reuse order).
    k.for_each_index(
        #[inline(always)]
        |kk| {
            n.for_each_index(
                #[inline(always)]
                |nn| {
                    vb.for_each_index(
                        #[inline(always)]
                        |v| fb[v] = b.get(v + vb_ * (nn + n_ * kk)),
                    );
                    m.for_each_index(
                        #[inline(always)]
                        |m0| {
                            let mm = if nn % 2 == 1 { m_last - m0 } else { m0 };
                            let at_c = mm + m_ * nn;
                            va.for_each_index(
                                #[inline(always)]
                                |v| fa[v] = a.get(v + va_ * (mm + m_ * kk)),
                            );
                            vc.for_each_index(
                                #[inline(always)]
                                |v| fc[v] = c.get(v + vc_ * at_c),
                            );
                            M::Atom::call(&fa[..va_], &fb[..vb_], &mut fc[..vc_]);
                            vc.for_each_index(
                                #[inline(always)]
                                |v| c.set(v + vc_ * at_c, fc[v]),
                            );
                        },
                    );
                },
            );
        },
    );
}

/// The value of a static leaf (an atom's value count).
const fn value_of_leaf<X: Leaf>() -> isize {
    match static_value::<X>() {
        Some(v) => v,
        None => panic!("gemm: an atom's value count is static"),
    }
}
