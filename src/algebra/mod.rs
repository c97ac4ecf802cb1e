//! CuTe's layout algebra computed by the type checker: for static inputs every result
//! is a zero-sized type; dynamic leaves stay dynamic exactly where CuTe's do.
//!
//! Each operation follows the matching function of CuTe's `layout.hpp` step by step;
//! the runtime tree in `dynamic` implements the same steps on values and is the
//! reference these are tested against.

mod arrange;
mod sealed {
    /// Layouts and tensors: what the algebra's umbrella traits are implemented for.
    pub trait Sealed {}
    impl<S, D> Sealed for crate::layout::Layout<S, D> {}
    impl<E, L> Sealed for crate::tensor::Tensor<E, L> {}
    impl<A, O, B> Sealed for crate::layout::ComposedLayout<A, O, B> {}
    impl<B, M, S> Sealed for crate::layout::Swizzle<B, M, S> {}
}
pub(crate) use sealed::Sealed;
mod bymode;
mod coalesce;
mod complement;
mod composed;
mod composition;
mod divide;
mod fragment;
mod identity;
mod inverse;
mod nullspace;
mod product;
mod recast;
mod tile_to_shape;
mod tiler;
mod util;

#[doc(hidden)]
pub use arrange::{Arrange, ArrangeKind, Splat, Zip2By, Zip2Rest};
pub use arrange::{Flat, Logical, Tiled, Zipped};
#[doc(hidden)]
pub use bymode::{AtTerminal, ModeZip, TerminalOp};
pub use coalesce::*;
pub use complement::*;
#[doc(hidden)]
pub use composed::{ComposedModeOp, Ctz, MakeSwizzle, Popcount};
pub use composed::{MakeSwizzleValid, ZeroOffset};
pub use composition::*;
pub use divide::*;
#[doc(hidden)]
pub use fragment::{FragmentBy, FragmentLayout, SplitFirst};
pub use fragment::{FragmentLayoutT, make_layout_fragment_like};
#[doc(hidden)]
pub use identity::make_identity_layout;
pub use identity::{BasisLike, BasisList, IsList, LeafPath};
pub use inverse::*;
pub use nullspace::{
    DistributeStatic, DomainDistribute, DomainDistributeT, Nullspace, NullspaceT,
    domain_distribute, nullspace,
};
pub use product::*;
pub use recast::{
    Downcast, DowncastHasUnitStride, DowncastT, RecastLayout, RecastLayoutT, SizeofBits, Upcast,
    UpcastStrideDivides, UpcastT, downcast, recast_layout, upcast,
};
#[doc(hidden)]
pub use recast::{DowncastBy, UpcastBy};
pub use tile_to_shape::{
    BlockDividesTarget, TileToShape, TileToShapeT, tile_to_shape, tile_to_shape_ordered,
};
pub use tiler::{Lay, ToTiler};
pub use util::LayoutOf;
#[doc(hidden)]
pub use util::{Finish, LayoutResult, Unwrap, Wrap};
