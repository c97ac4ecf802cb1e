//! Algorithms over tensors (CuTe's `cute/algorithm/`): `copy`, `fill`, `clear`,
//! `axpby`, `transform`, and `gemm` on a thread's MMA partitions. Each takes any engines and layouts, one bound per parameter,
//! and walks the coordinates in index order; for static layouts the loop count and
//! every offset are constants, so the loop compiles to the same code as a hand loop.

mod gemm;
pub use gemm::{gemm, gemm_with};

use crate::algebra::common::{Common, MaxCommonVector, max_common_vector};
use crate::int::types::IsOne;
use crate::int::{Bit, ForEachIndex, Leaf, Nat};
use crate::layout::{Layout, Shaped, SizeT};
use crate::prelude::{And, Not, Or};
use crate::tensor::{Engine, EngineMut, TensorArg, TensorArgMut, int_offset};
use crate::tuple::IntTuple;

/// The common size of two tensors: equal static sizes are checked at compile time,
/// a dynamic one at run time.
#[inline(always)]
#[track_caller]
fn common_size<A: Layout, B: Layout>(what: &'static str, a: A, b: B) -> isize {
    const {
        let sa = <<<A::Shape as IntTuple>::Size as IntTuple>::IsStatic as Bit>::BOOL;
        let sb = <<<B::Shape as IntTuple>::Size as IntTuple>::IsStatic as Bit>::BOOL;
        assert!(
            !(sa && sb)
                || <<<A::Shape as IntTuple>::Size as Leaf>::Val as typenum::Integer>::I64
                    == <<<B::Shape as IntTuple>::Size as Leaf>::Val as typenum::Integer>::I64,
            "the two tensors' static sizes differ"
        );
    }
    let (na, nb) = (a.shape().size().value(), b.shape().size().value());
    if na != nb {
        crate::cold::sizes_differ(what, na, nb)
    }
    na
}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every index.
///
/// As CuTe's auto-vectorizing copy: where both tensors store their elements in slices
/// (views of `[T]`) under plain layouts that both start, in index order, with the run
/// they share ([`max_common_vector`], a static length), the runs move whole, one
/// bounds check and one vector move per run. Elsewhere (owned fragments, device
/// pointers, composed layouts, runs in another order) elements move one by one, in
/// index order.
///
/// ```
/// use cutlet_core::prelude::*;
/// let src: Vec<f32> = (0..32).map(|x| x as f32).collect();
/// let mut frag = make_owned_tensor::<f32>(layout!((4,8)));
/// copy(&make_tensor(&src[..], layout!((4,8):(8,1))), &mut frag);   // a transpose
/// assert_eq!(frag[coord!((1, 2))], 10.0);
/// // Column-major into a padded column-major tile: four runs of 16.
/// let ld = 20;
/// let mut dst = vec![0f32; 80];
/// copy(&make_tensor(&src[..], layout!((16,2))), &mut make_tensor(&mut dst[..], layout!((16,2):(1,ld))));
/// assert_eq!((dst[15], dst[20], dst[35]), (15.0, 16.0, 31.0));
/// ```
///
/// # Panics
/// If the sizes differ at run time (different static sizes do not compile).
#[inline(always)]
#[track_caller]
pub fn copy<S: TensorArg, D: TensorArgMut<S::Elem>>(src: &S, dst: &mut D) {
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    common_size("copy", src.layout(), dst.layout());
    // Only the taken arm is instantiated: other engines and composed layouts never
    // compute the common layout.
    <SliceBoth<S::Engine, S::Layout, D::Engine, D::Layout> as Bit>::branch(
        (src, dst),
        #[inline(always)]
        |(s, d)| copy_runs(s, d),
        #[inline(always)]
        |(s, d)| copy_elements(s, d),
    );
}

/// Both engines borrow runs and both layouts are plain (strided) layouts.
type SliceBoth<Es, Ls, Ed, Ld> =
    And<And<<Es as Engine>::Runs, <Ed as Engine>::Runs>, Not<Or<PairErr<Ls>, PairErr<Ld>>>>;
/// `B1` for a composed layout, which has no `(shape, stride)` pair.
type PairErr<L> = <<L as Layout>::Pair as IntTuple>::HasErr;
/// The layouts share a static run of more than one element (CuTe's
/// `max_common_vector(a, b) > 1`).
type Vectorizes<Ls, Ld> = And<
    Not<IsOne<<MaxCommonVector<Ls, Ld> as IntTuple>::Size>>,
    Not<<Common<Ls, Ld> as Layout>::HasErr>,
>;

/// Element by element, in index order. A static size unrolls (CUTE_UNROLL), so
/// register fragments keep constant indices.
#[inline(always)]
#[track_caller]
fn copy_elements<S: TensorArg, D: TensorArgMut<S::Elem>>(src: &S, dst: &mut D) {
    <And<And<Rank2<S::Layout>, Rank2<D::Layout>>, Not<StaticSize<D::Layout>>> as Bit>::branch(
        (src, dst),
        #[inline(always)]
        |(s, d)| copy_by_modes(s, d),
        #[inline(always)]
        |(s, d)| copy_by_index(s, d),
    )
}

/// `B1` for a layout of rank 2 at the top (a matrix).
type Rank2<L> = <<<<L as Shaped>::Shape as IntTuple>::Rank as Nat>::Pred as Nat>::IsOne;
/// `B1` for a static size.
type StaticSize<L> = <SizeT<L> as IntTuple>::IsStatic;

#[inline(always)]
#[track_caller]
fn copy_by_index<S: TensorArg, D: TensorArgMut<S::Elem>>(src: &S, dst: &mut D) {
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    src.size().for_each_index(
        #[inline(always)]
        |i| dst.set(i, src.get(i)),
    );
}

/// Two rank-2 layouts of a dynamic size with the same first extent `s0`: index
/// `i + s0 j` is the coordinate `(i, j)` in both, so the elements move without
/// dividing each index by a run-time extent. Where `dst` is a flat `(n0,n1):(d0,d1)`
/// with `0 < |d1|` and `n1 |d1| <= |d0|`, its elements are distinct and its rows are
/// runs, so the copy walks rows (a transposing copy writes rows, not strided
/// columns); the result is CuTe's whatever the order. Otherwise it keeps index order,
/// which decides what an aliased element ends up holding.
#[inline(always)]
#[track_caller]
fn copy_by_modes<S: TensorArg, D: TensorArgMut<S::Elem>>(src: &S, dst: &mut D) {
    let (ss, sd) = (src.tensor().layout().shape(), dst.tensor().layout().shape());
    let (n0, n1) = (ss.e0().size(), ss.e1().size());
    if n0.value() != sd.e0().size().value() {
        return copy_by_index(src, dst);
    }
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    let ld = dst.layout();
    let step = |c: (usize, usize)| int_offset(ld.call(c)).unsigned_abs();
    let flat = <<<<D::Layout as Shaped>::Shape as IntTuple>::Depth as Nat>::IsOne as Bit>::BOOL;
    let (n0_, n1_) = (n0.value() as usize, n1.value() as usize);
    let rows_first = flat
        && n0_ > 1
        && n1_ > 1
        && step((0, 1)) > 0
        && step((0, 1)).saturating_mul(n1_) <= step((1, 0));
    if rows_first {
        n0.for_each_index(
            #[inline(always)]
            |i| {
                n1.for_each_index(
                    #[inline(always)]
                    |j| dst.set((i, j), src.get((i, j))),
                )
            },
        );
    } else {
        n1.for_each_index(
            #[inline(always)]
            |j| {
                n0.for_each_index(
                    #[inline(always)]
                    |i| dst.set((i, j), src.get((i, j))),
                )
            },
        );
    }
}

/// Run by run, `v = max_common_vector(src, dst)` elements at a time: where both
/// layouts coalesce to a first mode `s0:_1` with `v | s0`, indices `[j v, j v + v)`
/// lie at consecutive offsets from `layout(j v)` in both, so each run is one slice.
/// (CuTe recasts both tensors to `v`-element vectors instead; on slices a run needs
/// no alignment.)
#[inline(always)]
#[track_caller]
fn copy_runs<S: TensorArg, D: TensorArgMut<S::Elem>>(src: &S, dst: &mut D) {
    <Vectorizes<S::Layout, D::Layout> as Bit>::branch(
        (src, dst),
        #[inline(always)]
        |(src, dst)| {
            let (src, dst) = (src.tensor(), dst.tensor_mut());
            let (ls, ld) = (src.layout(), dst.layout());
            let v = max_common_vector(ls, ld).size().value();
            if v <= 1 || !(leads_with_run(ls, v) && leads_with_run(ld, v)) {
                return copy_elements(src, dst);
            }
            for j in 0..src.size().value() / v {
                let (os, od) = (int_offset(ls.call(j * v)), int_offset(ld.call(j * v)));
                match (
                    src.engine().try_run(os, v as usize),
                    dst.engine_mut().try_run_mut(od, v as usize),
                ) {
                    (Some(s), Some(d)) => d.copy_from_slice(s),
                    // `Runs` promised slices; a run that is not one moves element-wise.
                    _ => (0..v).for_each(|i| {
                        let x = src.engine().read(os + i);
                        dst.engine_mut().write(od + i, x)
                    }),
                }
            }
        },
        #[inline(always)]
        |(src, dst)| copy_elements(src, dst),
    );
}

/// `coalesce(l)` starts with a mode `s0:_1` where `v` divides `s0`.
#[inline(always)]
fn leads_with_run<L: Layout>(l: L, v: isize) -> bool {
    let p = l.coalesce().pair_of();
    p.e1().e0().size().value() == 1 && p.e0().e0().size().value() % v == 0
}

/// CuTe's `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)` holds; the
/// other elements of `dst` keep their values and those of `src` are not read (what
/// kernels predicate the edges of partial tiles with).
///
/// ```
/// use cutlet_core::prelude::*;
/// let src = [1, 2, 3, 4];
/// let mut dst = [0; 4];
/// let pred = [true, false, true, false];
/// copy_if(&make_tensor(&pred[..], layout!(4)), &make_tensor(&src[..], layout!(4)), &mut make_tensor(&mut dst[..], layout!(4)));
/// assert_eq!(dst, [1, 0, 3, 0]);
/// ```
///
/// # Panics
/// If the sizes differ at run time (different static sizes do not compile).
#[inline(always)]
#[track_caller]
pub fn copy_if<P: TensorArg<Elem = bool>, S: TensorArg, D: TensorArgMut<S::Elem>>(
    pred: &P,
    src: &S,
    dst: &mut D,
) {
    let (pred, src, dst) = (pred.tensor(), src.tensor(), dst.tensor_mut());
    common_size("copy_if", src.layout(), dst.layout());
    common_size("copy_if", pred.layout(), src.layout());
    src.size().for_each_index(
        #[inline(always)]
        |i| {
            if pred.get(i) {
                dst.set(i, src.get(i));
            }
        },
    );
}

/// CuTe's `fill(tensor, v)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let mut t = make_owned_tensor::<i32>(layout!((2,3)));
/// fill(&mut t, 7);
/// assert!(t.iter().all(|x| x == 7));
/// ```
#[inline(always)]
pub fn fill<T: Copy, D: TensorArgMut<T>>(t: &mut D, v: T) {
    let t = t.tensor_mut();
    // CUTE_UNROLL: constant indices keep owned fragments in registers.
    t.size().for_each_index(
        #[inline(always)]
        |i| t.set(i, v),
    );
}

/// CuTe's `clear(tensor)`: every element `Default::default()` (zero).
///
/// ```
/// use cutlet_core::prelude::*;
/// let mut data = [5u8; 4];
/// clear(&mut make_tensor(&mut data[..], layout!((4))));
/// assert_eq!(data, [0; 4]);
/// ```
#[inline(always)]
pub fn clear<T: Copy + Default, D: TensorArgMut<T>>(t: &mut D) {
    fill(t, Default::default())
}

/// CuTe's `transform(src, dst, f)`: `dst(i) = f(src(i))`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let src = [1, 2, 3, 4];
/// let mut dst = [0; 4];
/// transform(&make_tensor(&src[..], layout!((4))), &mut make_tensor(&mut dst[..], layout!((4))), |x| x * x);
/// assert_eq!(dst, [1, 4, 9, 16]);
/// ```
///
/// # Panics
/// If the sizes differ at run time (different static sizes do not compile).
#[inline(always)]
#[track_caller]
pub fn transform<S: TensorArg, T: Copy, D: TensorArgMut<T>>(
    src: &S,
    dst: &mut D,
    mut f: impl FnMut(S::Elem) -> T,
) {
    let (src, dst) = (src.tensor(), dst.tensor_mut());
    common_size("transform", src.layout(), dst.layout());
    src.size().for_each_index(
        #[inline(always)]
        |i| dst.set(i, f(src.get(i))),
    );
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha * x(i) + beta * y(i)`, where a
/// zero `beta` does not read `y` (as CuTe's, so a NaN in `y` does not survive).
///
/// ```
/// use cutlet_core::prelude::*;
/// let x = [1.0f32, 2.0, 3.0, 4.0];
/// let mut y = [10.0f32; 4];
/// let xt = make_tensor(&x[..], layout!((2,2):(2,1)));             // row-major x
/// axpby(2.0, &xt, 0.5, &mut make_tensor(&mut y[..], layout!((2,2))));
/// assert_eq!(y, [7.0, 11.0, 9.0, 13.0]);
/// let mut z = [f32::NAN; 4];
/// axpby(1.0, &xt, 0.0, &mut make_tensor(&mut z[..], layout!((2,2))));
/// assert_eq!(z, [1.0, 3.0, 2.0, 4.0]);
/// ```
///
/// # Panics
/// If the sizes differ at run time (different static sizes do not compile).
#[inline(always)]
#[track_caller]
pub fn axpby<T, X: TensorArg<Elem = T>, Y: TensorArgMut<T>>(alpha: T, x: &X, beta: T, y: &mut Y)
where
    T: Copy + Default + PartialEq + core::ops::Mul<Output = T> + core::ops::Add<Output = T>,
{
    let (x, y) = (x.tensor(), y.tensor_mut());
    common_size("axpby", x.layout(), y.layout());
    let beta_is_zero = beta == T::default();
    x.size().for_each_index(
        #[inline(always)]
        |i| {
            let ax = alpha * x.get(i);
            y.set(
                i,
                if beta_is_zero {
                    ax
                } else {
                    ax + beta * y.get(i)
                },
            );
        },
    );
}
