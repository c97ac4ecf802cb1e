//! CuTe's `gemm(mma, A, B, C)` (`cute/algorithm/gemm.hpp`) on a thread's partitions:
//! `C(v, m, n) += A(_, m, k) B(_, n, k)` through the atom, for every `(m, n, k)`.

use crate::atom::{MmaCall, MmaTraits, TiledMma};
use crate::int::{Bit, ForEachIndex, Leaf, LeafOps};
use crate::layout::{Layout, Shaped};
use crate::tensor::{Engine, EngineMut, Tensor};
use crate::tuple::IntTuple;

/// The sizes of modes 1 and 2 of layout `L`'s shape (`M`/`N` and `K`/`N`).
type Ext1<L> = <<<L as Shaped>::Shape as IntTuple>::E1 as IntTuple>::Size;
type Ext2<L> = <<<L as Shaped>::Shape as IntTuple>::E2 as IntTuple>::Size;
/// The rank of layout `L`'s shape.
const fn rank<L: Shaped>() -> usize {
    <<L::Shape as IntTuple>::Rank as typenum::Unsigned>::USIZE
}
/// Whether two extents are both static and differ.
const fn differ<A: Leaf, B: Leaf>() -> bool {
    <<A as LeafOps>::BothStatic<B> as Bit>::BOOL && !<<A as LeafOps>::StaticEq<B> as Bit>::BOOL
}

/// The most values one thread holds for one atom (the SM80 atoms hold at most 8).
const MAX_ATOM_VALUES: usize = 16;

/// CuTe's `gemm(mma, A, B, C)` for a thread's `(V, M, K)` fragment of A, `(V, N, K)` of
/// B and `(V, M, N)` of C (what `partition_fragment_A/B/C` and `partition_A/B/C` give),
/// or one k block of them, `(V, M)` and `(V, N)`: one atom call per `(m, n, k)`, k
/// outermost, then n, then m serpentine. Elements are addressed by index
/// (colexicographic in `(V, M, K)`), so both ranks share one body; static extents
/// unroll.
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
/// gemm(mma, &ta, &tb, &mut acc);
/// // Thread 3 owns C(1,1), C(3,1), C(1,3), C(3,3); each is a row sum of A.
/// assert_eq!(acc.iter().collect::<Vec<_>>(), [6.0, 10.0, 6.0, 10.0]);
/// ```
///
/// # Panics
/// If the fragments' extents disagree (`M`, `N`, `K` or the atom's value counts).
/// Ranks other than the two patterns, and static extents that disagree, do not compile.
#[inline(always)]
#[track_caller]
pub fn gemm<M, EA, LA, EB, LB, EC, LC>(
    mma: M,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    M: TiledMma<Atom: MmaCall>,
    EA: Engine<Elem = <M::Atom as MmaTraits>::ValTypeA>,
    LA: Layout,
    EB: Engine<Elem = <M::Atom as MmaTraits>::ValTypeB>,
    LB: Layout,
    EC: EngineMut<Elem = <M::Atom as MmaTraits>::ValTypeC>,
    LC: Layout,
{
    let _ = mma; // CuTe's signature: the atom is a type here
    // CuTe: CUTE_STATIC_ASSERT_V(size<1>(A) == size<1>(C)), likewise N and K, on what
    // is static; dynamic extents are checked below.
    const {
        let (ra, rb, rc) = (rank::<LA>(), rank::<LB>(), rank::<LC>());
        assert!(
            rc == 3 && ra == rb && (ra == 2 || ra == 3),
            "gemm: the fragments must be (V,M,K) x (V,N,K) => (V,M,N) or (V,M) x (V,N) => (V,M,N)"
        );
        assert!(
            !differ::<Ext1<LA>, Ext1<LC>>()
                && !differ::<Ext1<LB>, Ext2<LC>>()
                && !differ::<Ext2<LA>, Ext2<LB>>(),
            "gemm: the fragments' static M, N or K extents differ ((V,M,K) x (V,N,K) => (V,M,N))"
        )
    };
    let (sa, sb, sc) = (a.layout().shape(), b.layout().shape(), c.layout().shape());
    // (V,M,K), (V,N,K), (V,M,N): static extents unroll (ForEachIndex), so every value
    // index below is a constant and the atoms' registers stay registers on a GPU.
    let (va, m, k) = (sa.e0().size(), sa.e1().size(), sa.e2().size());
    let (vb, n) = (sb.e0().size(), sb.e1().size());
    let vc = sc.e0().size();
    let us = |x: isize| x as usize;
    let (va_, m_, k_) = (us(va.value()), us(m.value()), us(k.value()));
    let (vb_, n_, kb_) = (us(vb.value()), us(n.value()), us(sb.e2().size().value()));
    let (vc_, mc_, nc_) = (
        us(vc.value()),
        us(sc.e1().size().value()),
        us(sc.e2().size().value()),
    );
    if (m_, n_, k_) != (mc_, nc_, kb_)
        || va_ > MAX_ATOM_VALUES
        || vb_ > MAX_ATOM_VALUES
        || vc_ > MAX_ATOM_VALUES
    {
        // Out of line, by value: formatting the extents in place would keep them in
        // memory (see `crate::cold`), and every index below is computed from them.
        crate::cold::gemm_mismatch([va_, m_, k_], [vb_, n_, kb_], [vc_, mc_, nc_])
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
