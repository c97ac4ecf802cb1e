//! CuTe's `gemm(mma, A, B, C)` (`cute/algorithm/gemm.hpp`) on a thread's partitions:
//! `C(v, m, n) += A(_, m, k) B(_, n, k)` through the atom, for every `(m, n, k)`.

use crate::atom::{MmaCall, MmaTraits, TiledMma};
use crate::int::Leaf;
use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, Tensor};
use crate::tuple::IntTuple;

/// The most values one thread holds for one atom (the SM80 atoms hold at most 8).
const MAX_ATOM_VALUES: usize = 16;

/// CuTe's `gemm(mma, A, B, C)` for a thread's `(V, M, K)` fragment of A, `(V, N, K)` of
/// B and `(V, M, N)` of C (what `partition_fragment_A/B/C` and `partition_A/B/C` give),
/// or one k block of them, `(V, M)` and `(V, N)`: one atom call per `(m, n, k)`, k
/// outermost, as CuTe orders them. Elements are addressed by index (colexicographic in
/// `(V, M, K)`), so both ranks share one body.
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
    let [va, m, k] = extents(a.layout());
    let [vb, n, kb] = extents(b.layout());
    let [vc, mc, nc] = extents(c.layout());
    assert!(
        (m, n, k) == (mc, nc, kb)
            && va <= MAX_ATOM_VALUES
            && vb <= MAX_ATOM_VALUES
            && vc <= MAX_ATOM_VALUES,
        "gemm: fragments (V,M,K) = ({va},{m},{k}), (V,N,K) = ({vb},{n},{kb}), (V,M,N) = ({vc},{mc},{nc}) do not match"
    );
    let mut fa = [Default::default(); MAX_ATOM_VALUES];
    let mut fb = [Default::default(); MAX_ATOM_VALUES];
    let mut fc = [Default::default(); MAX_ATOM_VALUES];
    for kk in 0..k {
        for mm in 0..m {
            for (v, x) in fa[..va].iter_mut().enumerate() {
                *x = a.get(v + va * (mm + m * kk));
            }
            for nn in 0..n {
                for (v, x) in fb[..vb].iter_mut().enumerate() {
                    *x = b.get(v + vb * (nn + n * kk));
                }
                for (v, x) in fc[..vc].iter_mut().enumerate() {
                    *x = c.get(v + vc * (mm + mc * nn));
                }
                M::Atom::call(&fa[..va], &fb[..vb], &mut fc[..vc]);
                for (v, x) in fc[..vc].iter().enumerate() {
                    c.set(v + vc * (mm + mc * nn), *x);
                }
            }
        }
    }
}

/// The sizes of the three modes of a `(V, X, Y)` fragment (`Y` is 1 for `(V, X)`).
#[inline(always)]
fn extents<L: Layout>(l: L) -> [usize; 3] {
    let s = l.shape();
    [
        s.e0().size().value(),
        s.e1().size().value(),
        s.e2().size().value(),
    ]
    .map(|x| x as usize)
}
