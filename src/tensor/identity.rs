//! Identity tensors: every element is its own coordinate (CuTe's
//! `make_identity_tensor`). The engine computes `idx2crd(index, shape)`; the layout is
//! the compact layout of the shape, so tiling and partitioning an identity tensor like
//! a data tensor yields each element's coordinate in the original shape (for
//! predication of partial tiles).

use super::engine::{Engine, Generic, Offset};
use super::tensor::Tensor;
use crate::int::C;
use crate::layout::{CompactLayout, CompactLeft, Idx2Crd, ListOf, make_layout};
use crate::tuple::{ToList, ToNative};
use typenum::P1;

/// The engine of an identity tensor: element `i` is `idx2crd(base + i, shape)`.
///
/// ```
/// use cutlet::prelude::*;
/// let id = make_identity_tensor(shape!((2, 3)));
/// assert_eq!(id.engine().read(4), (0, 2));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CoordEngine<S> {
    shape: S,
    base: isize,
}

/// The coordinate type of a shape (the element type of its identity tensor).
///
/// ```
/// use cutlet::prelude::*;
/// let c: CoordOf<shape_t!((2, (3, 4)))> = make_identity_tensor(shape!((2, (3, 4)))).engine().read(5);
/// assert_eq!(c, (1, (2, 0)));
/// ```
pub type CoordOf<S> = <<isize as Idx2Crd<ListOf<S>>>::Output as ToNative>::Native;

impl<S: ToList> Engine for CoordEngine<S>
where
    isize: Idx2Crd<ListOf<S>>,
    <isize as Idx2Crd<ListOf<S>>>::Output: ToNative,
{
    type Elem = CoordOf<S>;
    type Space = Generic;
    type IsMemory = typenum::B0;
    #[inline(always)]
    fn read(&self, off: isize) -> CoordOf<S> {
        (self.base + off).idx2crd(self.shape.to_list()).to_native()
    }
}
impl<S: ToList> Offset for CoordEngine<S>
where
    CoordEngine<S>: Engine,
{
    #[inline(always)]
    fn offset(self, off: isize) -> Self {
        CoordEngine {
            base: self.base + off,
            ..self
        }
    }
}

/// CuTe's `make_identity_tensor(shape)`: a tensor whose elements are their own
/// coordinates in `shape`.
///
/// ```
/// use cutlet::prelude::*;
/// let id = make_identity_tensor(shape!((3, 2)));
/// let coords: Vec<_> = id.iter().map(|c| Cute(c).to_string()).collect();
/// assert_eq!(coords, ["(0,0)", "(1,0)", "(2,0)", "(0,1)", "(1,1)", "(2,1)"]);
/// // Tiled like data, it tells where each element of a tile came from:
/// let tile = local_tile(make_identity_tensor(shape!((8, 8))), shape!((4, 4)), (1isize, 0isize));
/// assert_eq!(Cute(tile.get((1isize, 2isize))).to_string(), "(5,2)");
/// ```
#[inline(always)]
pub fn make_identity_tensor<S: ToList>(shape: S) -> Tensor<CoordEngine<S>, CompactLayout<S>>
where
    ListOf<S>: CompactLeft<C<P1>>,
    <ListOf<S> as CompactLeft<C<P1>>>::Stride: ToNative,
{
    Tensor {
        engine: CoordEngine { shape, base: 0 },
        layout: make_layout(shape),
    }
}
