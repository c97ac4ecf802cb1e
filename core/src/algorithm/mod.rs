//! Algorithms over tensors (CuTe's `cute/algorithm/`): `copy`, `fill`, `clear`,
//! `axpby`, `transform`, and `gemm` on a thread's MMA partitions. Each takes any engines and layouts, one bound per parameter,
//! and walks the coordinates in index order; for static layouts the loop count and
//! every offset are constants, so the loop compiles to the same code as a hand loop.

mod gemm;
pub use gemm::gemm;

use crate::int::{Bit, ForEachIndex, Leaf};
use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, Tensor};
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
/// ```
/// use cutlet_core::prelude::*;
/// let src: Vec<f32> = (0..32).map(|x| x as f32).collect();
/// let mut frag = make_owned_tensor::<f32>(layout!((4,8)));
/// copy(&make_tensor(&src[..], layout!((4,8):(8,1))), &mut frag);   // a transpose
/// assert_eq!(frag[coord!((1, 2))], 10.0);
/// ```
///
/// # Panics
/// If the sizes differ at run time (different static sizes do not compile).
#[inline(always)]
#[track_caller]
pub fn copy<Es: Engine, Ls: Layout, Ed: EngineMut<Elem = Es::Elem>, Ld: Layout>(
    src: &Tensor<Es, Ls>,
    dst: &mut Tensor<Ed, Ld>,
) {
    common_size("copy", src.layout(), dst.layout());
    // CUTE_UNROLL: a static size unrolls, so register fragments keep constant indices.
    src.size().for_each_index(
        #[inline(always)]
        |i| dst.set(i, src.get(i)),
    );
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
pub fn copy_if<Ep, Lp, Es, Ls, Ed, Ld>(
    pred: &Tensor<Ep, Lp>,
    src: &Tensor<Es, Ls>,
    dst: &mut Tensor<Ed, Ld>,
) where
    Ep: Engine<Elem = bool>,
    Lp: Layout,
    Es: Engine,
    Ls: Layout,
    Ed: EngineMut<Elem = Es::Elem>,
    Ld: Layout,
{
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
pub fn fill<E: EngineMut, L: Layout>(t: &mut Tensor<E, L>, v: E::Elem) {
    for i in 0..t.size().value() {
        t.set(i, v);
    }
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
pub fn clear<E: EngineMut<Elem: Default>, L: Layout>(t: &mut Tensor<E, L>) {
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
pub fn transform<Es: Engine, Ls: Layout, Ed: EngineMut, Ld: Layout>(
    src: &Tensor<Es, Ls>,
    dst: &mut Tensor<Ed, Ld>,
    mut f: impl FnMut(Es::Elem) -> Ed::Elem,
) {
    let n = common_size("transform", src.layout(), dst.layout());
    for i in 0..n {
        dst.set(i, f(src.get(i)));
    }
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha * x(i) + beta * y(i)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let x = [1.0f32, 2.0, 3.0, 4.0];
/// let mut y = [10.0f32; 4];
/// let xt = make_tensor(&x[..], layout!((2,2):(2,1)));             // row-major x
/// axpby(2.0, &xt, 0.5, &mut make_tensor(&mut y[..], layout!((2,2))));
/// assert_eq!(y, [7.0, 11.0, 9.0, 13.0]);
/// ```
///
/// # Panics
/// If the sizes differ at run time (different static sizes do not compile).
#[inline(always)]
#[track_caller]
pub fn axpby<T, Ex, Lx, Ey, Ly>(alpha: T, x: &Tensor<Ex, Lx>, beta: T, y: &mut Tensor<Ey, Ly>)
where
    T: Copy + core::ops::Mul<Output = T> + core::ops::Add<Output = T>,
    Ex: Engine<Elem = T>,
    Lx: Layout,
    Ey: EngineMut<Elem = T>,
    Ly: Layout,
{
    let n = common_size("axpby", x.layout(), y.layout());
    for i in 0..n {
        y.set(i, alpha * x.get(i) + beta * y.get(i));
    }
}
