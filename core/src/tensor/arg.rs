//! The umbrella bounds of a tensor argument. CuTe's algorithms take
//! `Tensor<Engine, Layout>` with both as template parameters; a Rust function would
//! need two bounds per tensor, and a third tying the elements together. [`TensorArg`]
//! (a tensor read) and [`TensorArgMut`] (a tensor written, of given elements) are the
//! one bound per argument, as nalgebra's `Storage`/`StorageMut` are for its matrices.

use super::{Engine, EngineMut, Tensor};
use crate::layout::Layout;

mod sealed {
    pub trait Sealed {}
    impl<E, L> Sealed for super::Tensor<E, L> {}
}

/// A tensor argument: any [`Tensor`], whatever its engine and layout.
///
/// ```
/// use cutlet_core::prelude::*;
/// // One bound for the tensor.
/// fn total<T: TensorArg<Elem = i32>>(t: &T) -> i32 {
///     t.tensor().iter().sum()
/// }
/// let data = [1, 2, 3, 4];
/// assert_eq!(total(&make_tensor(&data[..], layout!((2, 2)))), 10);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor",
    label = "expected a `Tensor` (`make_tensor`, `make_owned_tensor`, a partition, ...)"
)]
pub trait TensorArg: sealed::Sealed {
    /// The element type.
    type Elem: Copy;
    /// Where the elements are.
    type Engine: Engine<Elem = Self::Elem>;
    /// From coordinates to offsets.
    type Layout: Layout;
    /// The tensor.
    fn tensor(&self) -> &Tensor<Self::Engine, Self::Layout>;
}

impl<E: Engine, L: Layout> TensorArg for Tensor<E, L> {
    type Elem = E::Elem;
    type Engine = E;
    type Layout = L;
    #[inline(always)]
    fn tensor(&self) -> &Self {
        self
    }
}

/// A tensor argument that is written, with elements `T`.
///
/// ```
/// use cutlet_core::prelude::*;
/// fn ones<T: TensorArgMut<f32>>(t: &mut T) {
///     fill(t.tensor_mut(), 1.0)
/// }
/// let mut frag = make_owned_tensor::<f32>(layout!(4));
/// ones(&mut frag);
/// assert_eq!(frag.iter().sum::<f32>(), 4.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor of writable `{T}` elements",
    label = "expected a `Tensor` of `{T}` over an owned fragment, a mutable view or a device pointer"
)]
pub trait TensorArgMut<T>: TensorArg<Elem = T, Engine: EngineMut> {
    /// The tensor, mutably.
    fn tensor_mut(&mut self) -> &mut Tensor<Self::Engine, Self::Layout>;
}

impl<E: EngineMut, L: Layout> TensorArgMut<E::Elem> for Tensor<E, L> {
    #[inline(always)]
    fn tensor_mut(&mut self) -> &mut Self {
        self
    }
}
