//! CuTe's `max_common_layout` and `max_common_vector` (`layout.hpp`): the longest run
//! of coordinates that two layouts both map to consecutive offsets, which is what a
//! copy between tensors of these layouts can move as one vector.

use crate::int::types::IsOne;
use crate::int::{Bit, C, Conjure};
use crate::layout::{HasLayout, Layout, StridedLayout};
use crate::tuple::IntTuple;
use typenum::{P1, Z0};

/// CuTe: `coalesce(composition(a, right_inverse(b)))`.
pub(crate) type Common<A, B> =
    <<A as Layout>::Compose<<<B as Layout>::RightInverse as Layout>::AsTiler> as Layout>::Coalesce;
/// CuTe's `shape<0>(l)` of a strided layout.
type Shape0<L> = <<<L as Layout>::Pair as IntTuple>::E0 as IntTuple>::E0;
/// CuTe's `stride<0>(l)` of a strided layout.
type Stride0<L> = <<<L as Layout>::Pair as IntTuple>::E1 as IntTuple>::E0;
/// CuTe: `is_static<shape<0>(common)> && is_constant<1, stride<0>(common)>`.
type Keep<L> =
    <<Shape0<L> as IntTuple>::IsStatic as Bit>::And<IsOne<<Stride0<L> as IntTuple>::Size>>;
/// CuTe's `layout<0>(common)`.
type Mode0<L> = StridedLayout<Shape0<L>, Stride0<L>>;

/// The layout [`max_common_layout`] returns.
pub type MaxCommonLayout<A, B> = <Keep<Common<A, B>> as Bit>::IfLayout<
    <<B as Layout>::RightInverse as Layout>::Compose<Mode0<Common<A, B>>>,
    StridedLayout<C<P1>, C<Z0>>,
>;
/// The integer [`max_common_vector`] returns.
pub type MaxCommonVector<A, B> = <Keep<Common<A, B>> as Bit>::IfT<Shape0<Common<A, B>>, C<P1>>;

/// Fails the build where the common layout of `A` and `B` is ill-formed, or where one
/// of them is a composed layout (CuTe defines these for plain layouts only).
#[inline(always)]
fn check_common<A: Layout, B: Layout>() {
    const {
        if <<Common<A, B> as Layout>::HasErr as Bit>::BOOL {
            panic!("{}", <Common<A, B> as Layout>::ERR)
        }
        if <<<Common<A, B> as Layout>::Pair as IntTuple>::HasErr as Bit>::BOOL {
            panic!(
                "max_common_layout and max_common_vector take strided layouts, not composed ones"
            )
        }
    }
}

/// CuTe's `max_common_layout(a, b)`: the layout of the coordinates of `b` at which `a`
/// and `b` agree and both run contiguously, as a static stride-1 mode (`_1:_0` when
/// there is none, or when that mode is not static). With `r` the result, `a(r(i)) ==
/// b(r(i)) == i` for every `i < size(r)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// let a = layout!((8, 4):(1, 8));
/// assert_eq!(max_common_layout(a, a).to_string(), "_32:_1");
/// assert_eq!(max_common_layout(a, layout!((8, 4):(4, 1))).to_string(), "_1:_0");
/// // With a dynamic extent only the static part counts (CuTe's answers, from g++).
/// let m = 8;
/// let c = layout!((8, m):(1, 8));
/// assert_eq!(max_common_layout(c, c).to_string(), "_8:_1");
/// let e = layout!((8, m):(1, m));
/// assert_eq!(max_common_layout(e, e).to_string(), "_8:_1");
/// assert_eq!(max_common_layout(a, layout!((8, 4):(1, 16))).to_string(), "_8:_1");
/// ```
#[inline]
#[track_caller]
pub fn max_common_layout<A: HasLayout, B: HasLayout>(
    a: A,
    b: B,
) -> MaxCommonLayout<A::Layout, B::Layout> {
    common_layout(a.layout_of(), b.layout_of())
}
#[inline]
#[track_caller]
fn common_layout<A: Layout, B: Layout>(a: A, b: B) -> MaxCommonLayout<A, B> {
    check_common::<A, B>();
    crate::layout::finish(|| {
        <Keep<Common<A, B>> as Bit>::if_layout(
            || {
                let inv_b = b.right_inverse();
                let pair = a.compose(inv_b.as_tiler()).coalesce().pair_of();
                inv_b.compose(StridedLayout::new(pair.e0().e0(), pair.e1().e0()))
            },
            StridedLayout::<C<P1>, C<Z0>>::conjure,
        )
    })
}

/// CuTe's `max_common_vector(a, b)`: how many consecutive coordinates of `b` (from 0)
/// `a` and `b` both map to consecutive offsets, as a static integer (`_1` where that
/// is not static).
///
/// ```
/// use cutlet_core::prelude::*;
/// let a = layout!((8, 4):(1, 8));
/// assert_eq!(Cute(max_common_vector(a, layout!((8, 4):(1, 16)))).to_string(), "_8");
/// assert_eq!(Cute(max_common_vector(a, layout!((8, 4):(4, 1)))).to_string(), "_1");
/// let m = 8;
/// let c = layout!((8, m):(1, 8));
/// assert_eq!(Cute(max_common_vector(c, c)).to_string(), "_8");
/// ```
#[inline]
#[track_caller]
pub fn max_common_vector<A: HasLayout, B: HasLayout>(
    _a: A,
    _b: B,
) -> MaxCommonVector<A::Layout, B::Layout> {
    check_common::<A::Layout, B::Layout>();
    // Both branches are static: `shape<0>` only counts where it is static.
    <MaxCommonVector<A::Layout, B::Layout>>::conjure()
}
