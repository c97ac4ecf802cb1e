//! Identity tensors: every element is its own coordinate (CuTe's
//! `make_identity_tensor`). As in CuTe, the layout is `make_identity_layout(shape)`,
//! whose strides are scaled bases (`_1@0`, `_1@1`, ...), and the engine is a counting
//! iterator over coordinates: evaluating the layout gives a coordinate offset, which
//! the engine adds to its origin. Tiling and partitioning an identity tensor like a
//! data tensor therefore yields each element's exact coordinate in the original shape,
//! also past the edge of a partial tile (where predication needs it).

use super::engine::{Engine, Generic, Offset};
use super::tensor::Tensor;
use crate::algebra::{BasisLike, make_identity_layout};
use crate::int::AddInto;
use crate::layout::{Idx2Crd, Layout, ListOf};
use crate::tuple::{HNil, ToList, ToNative};

/// The counting engine of an identity tensor (CuTe's `ArithmeticTupleIterator`): its
/// origin is a coordinate (internal form `Crd`), and an element is the origin plus the
/// layout's value.
///
/// ```
/// use cutlet::prelude::*;
/// let id = make_identity_tensor(shape!((2, 3)));
/// assert_eq!(id.get(4isize), (0, 2));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CoordEngine<Crd> {
    origin: Crd,
}

/// The coordinate type of a shape (the element type of its identity tensor): the
/// shape's nesting with an `isize` at every leaf.
///
/// ```
/// use cutlet::prelude::*;
/// let c: CoordOf<shape_t!((2, (3, 4)))> = make_identity_tensor(shape!((2, (3, 4)))).get(5isize);
/// assert_eq!(c, (1, (2, 0)));
/// ```
pub type CoordOf<S> = <CoordList<S> as ToNative>::Native;
/// The internal form of [`CoordOf`].
#[doc(hidden)]
pub type CoordList<S> = <isize as Idx2Crd<ListOf<S>>>::Output;

impl<Crd: ToNative + Default + AddInto<Crd>> Engine for CoordEngine<Crd> {
    type Elem = Crd::Native;
    type Space = Generic;
    type IsMemory = typenum::B0;
    type Index = Crd;
    #[inline(always)]
    fn read(&self, off: Crd) -> Crd::Native {
        off.add_into(self.origin).to_native()
    }
}
impl<Crd: ToNative + Default + AddInto<Crd>> Offset for CoordEngine<Crd> {
    #[inline(always)]
    fn offset(self, off: Crd) -> Self {
        CoordEngine {
            origin: off.add_into(self.origin),
        }
    }
}

/// Shapes that have an identity tensor: their coordinates and basis strides exist.
/// [`IdentityTensorT`] names the tensor.
///
/// ```
/// use cutlet::prelude::*;
/// fn ids<S: IdentityShape>(s: S) -> IdentityTensorT<S> { make_identity_tensor(s) }
/// assert_eq!(ids(shape!((2, 2))).get(3), (1, 1));
/// ```
pub trait IdentityShape: ToList {
    /// The coordinate type, internal form (the counting engine's index).
    type Coord: ToNative + Default + AddInto<Self::Coord>;
    /// The basis strides (`_1@0`, ...).
    type Stride: Copy;
    /// `stride(make_identity_layout(shape))`.
    fn basis_strides(self) -> Self::Stride;
}
impl<S: ToList> IdentityShape for S
where
    ListOf<S>: BasisLike<HNil>,
    <ListOf<S> as BasisLike<HNil>>::Output: ToNative,
    isize: Idx2Crd<ListOf<S>>,
    CoordList<S>: ToNative + Default + AddInto<CoordList<S>>,
{
    type Coord = CoordList<S>;
    type Stride = <<ListOf<S> as BasisLike<HNil>>::Output as ToNative>::Native;
    #[inline(always)]
    fn basis_strides(self) -> Self::Stride {
        make_identity_layout(self).stride()
    }
}
/// The identity tensor of shape `S`.
///
/// ```
/// use cutlet::prelude::*;
/// let t: IdentityTensorT<shape_t!((2, 3))> = make_identity_tensor(shape!((2, 3)));
/// assert_eq!(t.layout().to_string(), "(_2,_3):(_1@0,_1@1)");
/// ```
pub type IdentityTensorT<S> =
    Tensor<CoordEngine<<S as IdentityShape>::Coord>, Layout<S, <S as IdentityShape>::Stride>>;

/// CuTe's `make_identity_tensor(shape)`: a tensor whose elements are their own
/// coordinates in `shape`.
///
/// ```
/// use cutlet::prelude::*;
/// let id = make_identity_tensor(shape!((3, 2)));
/// assert_eq!(id.layout().to_string(), "(_3,_2):(_1@0,_1@1)");
/// let coords: Vec<_> = id.iter().map(|c| Cute(c).to_string()).collect();
/// assert_eq!(coords, ["(0,0)", "(1,0)", "(2,0)", "(0,1)", "(1,1)", "(2,1)"]);
/// // Tiled like data, it tells where each element of a tile came from, also past
/// // the edge of a partial tile:
/// let (m, n) = (10, 7);
/// let tile = local_tile(make_identity_tensor(shape!((m, n))), shape!((4, 4)), (2usize, 1usize));
/// assert_eq!(tile.get((3usize, 2usize)), (11, 6));
/// ```
#[inline(always)]
pub fn make_identity_tensor<S: IdentityShape>(shape: S) -> IdentityTensorT<S> {
    Tensor {
        engine: CoordEngine {
            origin: S::Coord::default(),
        },
        layout: Layout::from_parts(shape, shape.basis_strides()),
    }
}
