//! CuTe's layout algebra on runtime layouts: the reference the typed algebra is tested
//! against. One file per operation family, each following CuTe's `layout.hpp`.

mod coalesce;
mod complement;
mod composition;
mod divide;
mod domain_distribute;
mod identity;
mod inverse;
mod nullspace;
mod product;
mod recast;
mod tile_to_shape;

pub use coalesce::{coalesce, coalesce_by, filter, filter_zeros};
pub use complement::{complement, complement_to};
pub use composition::{composition, composition_tiler};
pub use divide::{flat_divide, logical_divide, tiled_divide, zipped_divide};
pub use domain_distribute::domain_distribute;
pub use identity::{make_identity_layout, make_ordered_layout};
pub use inverse::{left_inverse, max_common_layout, max_common_vector, right_inverse};
pub use nullspace::nullspace;
pub use product::{
    blocked_product, flat_product, logical_product, make_fragment_like, raked_product,
    tiled_product, zipped_product,
};
pub use recast::{downcast, recast_layout, recast_ratio, sizeof_bits, upcast};
pub use tile_to_shape::tile_to_shape;
