//! What the layout algebra's free functions take: a layout, or a tensor whose layout they
//! transform. CuTe overloads `composition`, the divides, `coalesce`, `filter`,
//! `flatten`, `group_modes` and `take` for tensors (`tensor_impl.hpp`): the result is
//! the same engine under the transformed layout. [`HasLayout`] reads the layout of a
//! layout, a tensor or a reference to one; [`Reshape`] puts a new layout in its place;
//! [`Composable`] does the same for `composition`, whose first argument may also be a
//! swizzle.
//!
//! ```
//! use cutlet_core::prelude::*;
//! let data: Vec<f32> = (0..192).map(|x| x as f32).collect();
//! let (m, n) = (8, 24);
//! let a = make_tensor(&data[..], layout!((m, n)));
//! // CuTe's zipped_divide(tensor, tiler): the same elements, ((tile), (rest)).
//! let tiles = zipped_divide(a, shape!((4, 8)));
//! assert_eq!(tiles.layout().to_string(), "((_4,_8),(2,3)):((_1,8),(_4,64))");
//! assert_eq!(tiles.get((1usize, 1usize)), a.get((5usize, 0usize)));
//! // A layout goes through the same function.
//! assert_eq!(coalesce(layout!((2,(3,1)):(1,(2,6)))).to_string(), "_6:_1");
//! ```

use super::{Layout, LayoutFn};

/// A layout, or a tensor's layout: what CuTe's `partition_fragment_*`, `max_common_vector`
/// and the algebra's free functions read.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data = [0u8; 8];
/// assert_eq!(make_tensor(&data[..], layout!((2,4))).layout_of().to_string(), "(_2,_4):(_1,_2)");
/// assert_eq!(layout!((2,4)).layout_of().to_string(), "(_2,_4):(_1,_2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a layout nor a tensor",
    label = "expected a layout (`layout!(...)`), a tensor or a reference to a tensor"
)]
pub trait HasLayout {
    /// The layout.
    type Layout: Layout;
    /// The layout.
    fn layout_of(&self) -> Self::Layout;
}
impl<L: Layout> HasLayout for L {
    type Layout = L;
    #[inline(always)]
    fn layout_of(&self) -> L {
        *self
    }
}

/// A layout or a tensor, with its layout replaced: what the shape operations of the
/// algebra (`coalesce`, `flatten`, `group_modes`, `take`, the divides, ...) return for
/// it. A layout becomes the new layout; a tensor keeps its engine (a reference to a
/// tensor gives a view of it), as CuTe's `make_tensor(tensor.data(), new_layout)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data = [1, 2, 3, 4, 5, 6];
/// let t = make_tensor(&data[..], layout!((2,3)));
/// // By reference: a view, and `t` stays usable.
/// assert_eq!(flatten(&t).layout().to_string(), "(_2,_3):(_1,_2)");
/// assert_eq!(group_modes::<0, 2, _>(&t).layout().to_string(), "((_2,_3)):((_1,_2))");
/// assert_eq!(take::<1, 2, _>(t).iter().collect::<Vec<_>>(), [1, 3, 5]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a layout nor a tensor",
    label = "expected a layout (`layout!(...)`), a tensor or a reference to a tensor"
)]
pub trait Reshape: HasLayout + Sized {
    /// `Self` with the layout `L`.
    type With<L: Layout>;
    /// `Self` with the layout `l`.
    fn with_layout<L: Layout>(self, l: L) -> Self::With<L>;
}
impl<L: Layout> Reshape for L {
    type With<L2: Layout> = L2;
    #[inline(always)]
    fn with_layout<L2: Layout>(self, l: L2) -> L2 {
        l
    }
}

/// What `composition` takes first: a layout function (a layout, a composed layout or a
/// swizzle) or a tensor, whose layout it composes.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data: Vec<i32> = (0..32).collect();
/// let t = make_tensor(&data[..], layout!((4,8):(8,1)));
/// // CuTe's composition(tensor, tiler): row 0 of the tensor, every second column.
/// let c = composition(&t, (layout!(1:0), layout!(4:2)));
/// assert_eq!(c.iter().collect::<Vec<_>>(), [0, 2, 4, 6]);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a layout, a swizzle nor a tensor",
    label = "expected a layout, a composed layout, a swizzle or a tensor"
)]
pub trait Composable: Sized {
    /// The function composed: the layout function itself, or the tensor's layout.
    type Fn: LayoutFn;
    /// `Self` with the function `F`.
    type With<F: LayoutFn>;
    /// The function composed.
    fn fn_of(&self) -> Self::Fn;
    /// `Self` with the function `f`.
    fn with_fn<F: LayoutFn>(self, f: F) -> Self::With<F>;
}
impl<L: LayoutFn> Composable for L {
    type Fn = L;
    type With<F: LayoutFn> = F;
    #[inline(always)]
    fn fn_of(&self) -> L {
        *self
    }
    #[inline(always)]
    fn with_fn<F: LayoutFn>(self, f: F) -> F {
        f
    }
}
