//! Tensors: an engine (where the elements live) paired with a layout (how coordinates
//! map to them), as CuTe's `Tensor`; construction, access, tiling and partitioning.

mod composed;
mod element;
mod engine;
mod identity;
mod partition;
#[cfg(feature = "std")]
mod print;
#[allow(clippy::module_inception)]
mod tensor;
mod tiling;

#[doc(hidden)]
pub use composed::OffsetMap;
pub use element::Numeric;
pub use engine::*;
pub use identity::{CoordEngine, CoordOf, IdentityShape, IdentityTensorT, make_identity_tensor};
#[doc(hidden)]
pub use partition::{
    AllUnder, ColexIndex, CoordRankFits, FlatCoord, HierCoord, HierLeaf, Horner, MapColex, MapSize,
    ModesColex, PadCoord, Partition, PartitionCoord, PartitionOf, PartitionT, ProductEach,
    RankExcess, RepeatUnder,
};
pub use partition::{
    KeepElement, KeepTile, ThrLayout, inner_partition, local_partition, local_tile, outer_partition,
};
#[cfg(feature = "std")]
pub use print::{PrettyPrint, layout_table, print_layout, print_tensor, tensor_text};
pub use tensor::*;
