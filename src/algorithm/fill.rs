//! `fill`, `clear` and `axpby` (CuTe's `fill.hpp`, `clear.hpp`, `axpby.hpp`).

use super::copy::TensorShapes;
use super::elementwise::{Elementwise, ElementwiseMut};
use crate::layout::Layout;
use crate::tensor::{Engine, EngineMut, Numeric, Tensor};

/// CuTe's `fill(tensor, value)`: every element becomes `value`.
///
/// ```
/// use cutlet::prelude::*;
/// let mut t = make_owned_tensor::<i32, _>(layout!((2,3)));
/// fill(&mut t, 7);
/// assert!(t.iter().all(|x| x == 7));
/// ```
#[inline(always)]
pub fn fill<E: EngineMut, L>(t: &mut Tensor<E, L>, v: E::Elem)
where
    Tensor<E, L>: ElementwiseMut<Elem = E::Elem>,
{
    t.apply_mut(|y| *y = v);
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
pub fn clear<E: EngineMut, L>(t: &mut Tensor<E, L>)
where
    E::Elem: Numeric,
    Tensor<E, L>: ElementwiseMut<Elem = E::Elem>,
{
    fill(t, E::Elem::ZERO)
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y = alpha * x + beta * y`, element by element at
/// the same 1-D coordinate. With `beta == 0`, `y` is only written (as BLAS does, so a
/// NaN in `y` does not survive). Static shape mismatches do not compile.
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
    Tensor<E1, Layout<S1, D1>>: TensorShapes<Tensor<E2, Layout<S2, D2>>>
        + Elementwise<Tensor<E2, Layout<S2, D2>>, Elem = E1::Elem>,
{
    x.check(y, "axpby");
    if beta == T::ZERO {
        x.zip_apply(y, |x, y| *y = alpha * x.cast());
    } else {
        x.zip_apply(y, |x, y| *y = alpha.mul_add(x.cast(), beta * *y));
    }
}
