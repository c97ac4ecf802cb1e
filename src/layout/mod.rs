//! Layouts: shapes with strides, their construction, queries, evaluation and slicing
//! (CuTe's `layout.hpp` and `stride.hpp`).

mod composed;
mod cosize;
mod crd2idx;
mod idx2crd;
#[allow(clippy::module_inception)]
mod layout;
mod make;
mod modes;
mod slice;
mod smem_atoms;
mod swizzle;

pub use composed::*;
pub use cosize::*;
pub use crd2idx::*;
pub use idx2crd::*;
pub use layout::*;
pub use make::*;
pub use modes::*;
pub use slice::*;
pub use smem_atoms::*;
pub use swizzle::*;
