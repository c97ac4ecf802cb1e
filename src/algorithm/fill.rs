//! `fill`, `clear` and `axpby` (CuTe's `fill.hpp`, `clear.hpp`, `axpby.hpp`).

use super::copy::TensorShapes;
use crate::int::Integral;
use crate::layout::{Crd2Idx, Layout, ListOf};
use crate::tensor::{Engine, EngineMut, Numeric, Tensor};
use crate::tuple::{ToList, Tup};

/// CuTe's `fill(tensor, value)`: every element becomes `value`.
///
/// ```
/// use cutlet::prelude::*;
/// let mut t = make_owned_tensor::<i32, _>(layout!((2,3)));
/// fill(&mut t, 7);
/// assert!(t.iter().all(|x| x == 7));
/// ```
#[inline(always)]
pub fn fill<E: EngineMut, S: ToList, D: ToList>(t: &mut Tensor<E, Layout<S, D>>, v: E::Elem)
where
    ListOf<S>: Tup,
    isize: Crd2Idx<ListOf<S>, ListOf<D>>,
{
    t.for_each_mut(|x| *x = v);
}

/// CuTe's `clear(tensor)`: every element becomes zero.
///
/// ```
/// use cutlet::prelude::*;
/// let mut data = [5f32; 6];
/// clear(&mut make_tensor(&mut data[..], shape!((2, 3))));
/// assert_eq!(data, [0.0; 6]);
/// ```
#[inline(always)]
pub fn clear<E: EngineMut, S: ToList, D: ToList>(t: &mut Tensor<E, Layout<S, D>>)
where
    E::Elem: Numeric,
    ListOf<S>: Tup,
    isize: Crd2Idx<ListOf<S>, ListOf<D>>,
{
    fill(t, E::Elem::ZERO)
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y = alpha * x + beta * y`, element by element at
/// the same 1-D coordinate. Static shape mismatches do not compile.
///
/// ```
/// use cutlet::prelude::*;
/// let x = [1.0f32, 2.0, 3.0, 4.0];
/// let mut y = [10.0f32; 4];
/// axpby(2.0, &make_tensor(&x[..], shape!(4)), 0.5, &mut make_tensor(&mut y[..], shape!(4)));
/// assert_eq!(y, [7.0, 9.0, 11.0, 13.0]);
/// ```
#[inline(always)]
#[track_caller]
pub fn axpby<T: Numeric, E1, S1, D1, E2, S2, D2>(
    alpha: T,
    x: &Tensor<E1, Layout<S1, D1>>,
    beta: T,
    y: &mut Tensor<E2, Layout<S2, D2>>,
) where
    E1: Engine,
    E1::Elem: Numeric,
    E2: EngineMut<Elem = T>,
    S1: ToList,
    D1: ToList,
    S2: ToList,
    D2: ToList,
    ListOf<S2>: Tup,
    isize: Crd2Idx<ListOf<S1>, ListOf<D1>> + Crd2Idx<ListOf<S2>, ListOf<D2>>,
    Tensor<E1, Layout<S1, D1>>: TensorShapes<Tensor<E2, Layout<S2, D2>>>,
{
    x.check(y, "axpby");
    for i in 0..y.size().value() {
        let xv: T = x.engine.read(x.offset_of(i)).cast();
        let off = y.offset_of(i);
        let yv = y.engine.at_mut(off);
        *yv = alpha.mul_add(xv, beta * *yv);
    }
}
