//! `copy`, `copy_using` and `copy_if` (CuTe's `algorithm/copy.hpp`): the implementation
//! is chosen from the tensor types. When both tensors store their elements and their
//! layouts are statically contiguous over a common vector (`max_common_layout`), whole
//! contiguous runs move at once; otherwise elements move one by one.

use super::elementwise::{Elementwise, ZipApply};
use super::shapes::{SameShape, ShapesAgree, check_agree};
use super::walk::Walk2;
use crate::layout::{Layout, ListOf, Walkable};
use crate::tensor::{Engine, EngineMut, Numeric, Tensor};
use crate::tuple::{CuteDisplay, ToList};

/// A whole-tensor copy implementation between two tensor types (CuTe's copy atoms,
/// which map threads and values onto an instruction, are [`crate::atom`]'s).
///
/// ```
/// use cutlet::prelude::*;
/// #[derive(Clone, Copy)]
/// struct Doubling;
/// impl<'a, 'b> CopyKernel<Tensor<ViewEngine<'a, f32>, layout_t!(4:1)>, Tensor<ViewMutEngine<'b, f32>, layout_t!(4:1)>> for Doubling {
///     fn copy(&self, s: &Tensor<ViewEngine<'a, f32>, layout_t!(4:1)>, d: &mut Tensor<ViewMutEngine<'b, f32>, layout_t!(4:1)>) {
///         for i in 0..4isize { d[i] = 2.0 * s[i]; }
///     }
/// }
/// let (src, mut dst) = ([1.0f32, 2.0, 3.0, 4.0], [0f32; 4]);
/// copy_using(Doubling, &make_tensor(&src[..], layout!(4:1)), &mut make_tensor(&mut dst[..], layout!(4:1)));
/// assert_eq!(dst, [2.0, 4.0, 6.0, 8.0]);
/// ```
pub trait CopyKernel<Src, Dst> {
    /// Copy every element of `src` into the element of `dst` at the same 1-D
    /// coordinate (converting the element type as C++'s `static_cast` does).
    fn copy(&self, src: &Src, dst: &mut Dst);
}

/// One element at a time, in 1-D coordinate order (what CuTe's `UniversalCopy` does per
/// element).
///
/// ```
/// use cutlet::prelude::*;
/// let src = [1.0f32, 2.0, 3.0, 4.0];
/// let mut dst = [0f64; 4];
/// let s = make_tensor(&src[..], layout!((2,2):(1,2)));
/// let mut d = make_tensor(&mut dst[..], layout!((2,2):(2,1)));
/// copy_using(ElementCopy, &s, &mut d);
/// assert_eq!(dst, [1.0, 3.0, 2.0, 4.0]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ElementCopy;

/// The default: whole contiguous runs where the layouts prove them, else one element
/// at a time (CuTe's `AutoVectorizingCopy`). The choice is made at compile time.
///
/// ```
/// use cutlet::prelude::*;
/// let src: Vec<f32> = (0..32).map(|x| x as f32).collect();
/// let mut frag = make_owned_tensor::<f32, _>(layout!((4,8)));
/// copy_using(AutoVectorizingCopy, &make_tensor(&src[..], layout!((4,8))), &mut frag);
/// assert_eq!(frag[(1isize, 2isize)], 9.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct AutoVectorizingCopy;

impl<E1, S1, D1, E2, S2, D2> CopyKernel<Tensor<E1, Layout<S1, D1>>, Tensor<E2, Layout<S2, D2>>>
    for ElementCopy
where
    E1: Engine<Index = isize>,
    E2: EngineMut,
    E1::Elem: Numeric,
    E2::Elem: Numeric,
    S1: Copy,
    D1: Copy,
    S2: Copy,
    D2: Copy,
    Layout<S1, D1>: Walk2<Layout<S2, D2>>,
{
    #[inline(always)]
    fn copy(&self, src: &Tensor<E1, Layout<S1, D1>>, dst: &mut Tensor<E2, Layout<S2, D2>>) {
        // Element by element over the common walk of both layouts.
        <typenum::B0 as ZipApply<E1, S1, D1, E2, S2, D2>>::apply(src, dst, |x, y| *y = x.cast());
    }
}

impl<E1, L1, E2: Engine, L2> CopyKernel<Tensor<E1, L1>, Tensor<E2, L2>> for AutoVectorizingCopy
where
    Tensor<E1, L1>: Elementwise<Tensor<E2, L2>>,
    <Tensor<E1, L1> as Elementwise<Tensor<E2, L2>>>::Elem: Numeric,
    E2::Elem: Numeric,
{
    #[inline(always)]
    fn copy(&self, src: &Tensor<E1, L1>, dst: &mut Tensor<E2, L2>) {
        src.zip_apply(dst, |x, y| *y = x.cast());
    }
}

/// Source and destination shapes agree; a static disagreement is a compile error.
#[doc(hidden)]
pub trait TensorShapes<Dst> {
    fn check(&self, dst: &Dst, op: &str);
}
impl<E1, S1: ToList, D1, E2, S2: ToList, D2> TensorShapes<Tensor<E2, Layout<S2, D2>>>
    for Tensor<E1, Layout<S1, D1>>
where
    S1: Copy,
    D1: Copy,
    S2: Copy,
    D2: Copy,
    ListOf<S1>: ShapesAgree<ListOf<S2>> + CuteDisplay,
    ListOf<S2>: CuteDisplay,
    <ListOf<S1> as ShapesAgree<ListOf<S2>>>::Output: SameShape,
{
    #[inline(always)]
    #[track_caller]
    fn check(&self, dst: &Tensor<E2, Layout<S2, D2>>, op: &str) {
        check_agree(op, self.shape().to_list(), dst.shape().to_list());
    }
}

/// CuTe's `copy(src, dst)`: every element of `src` into `dst` at the same 1-D
/// coordinate, with the implementation chosen from the tensor types. Static shape
/// mismatches do not compile; dynamic ones panic naming both shapes.
///
/// ```
/// use cutlet::prelude::*;
/// // Both 4x8 tensors are contiguous over all 32 elements: one 32-element run moves.
/// let src: Vec<f32> = (0..32).map(|x| x as f32).collect();
/// let mut regs = make_owned_tensor::<f32, _>(layout!((4,8)));
/// copy(&make_tensor(&src[..], layout!((4,8))), &mut regs);
/// assert_eq!(regs[(3isize, 7isize)], 31.0);
/// // A transposed destination copies element by element.
/// let mut dst = vec![0f32; 32];
/// copy(&regs, &mut make_tensor(&mut dst[..], layout!((4,8):(8,1))));
/// assert_eq!(dst[1], 4.0);
/// ```
#[inline(always)]
#[track_caller]
pub fn copy<Src: TensorShapes<Dst>, Dst>(src: &Src, dst: &mut Dst)
where
    AutoVectorizingCopy: CopyKernel<Src, Dst>,
{
    src.check(dst, "copy");
    AutoVectorizingCopy.copy(src, dst)
}

/// As [`copy`], with an explicit whole-tensor kernel (CuTe's `copy(copy_atom, src, dst)`
/// with a copy atom is [`crate::atom`]'s).
///
/// ```
/// use cutlet::prelude::*;
/// let src = [1i32, 2, 3, 4];
/// let mut dst = [0i32; 4];
/// copy_using(ElementCopy, &make_tensor(&src[..], layout!((2,2))), &mut make_tensor(&mut dst[..], layout!((2,2):(2,1))));
/// assert_eq!(dst, [1, 3, 2, 4]);
/// ```
#[inline(always)]
#[track_caller]
pub fn copy_using<A: CopyKernel<Src, Dst>, Src: TensorShapes<Dst>, Dst>(
    atom: A,
    src: &Src,
    dst: &mut Dst,
) {
    src.check(dst, "copy");
    atom.copy(src, dst)
}

/// Values usable as predicates: `bool`, or any number (non-zero is true).
///
/// ```
/// use cutlet::prelude::*;
/// assert!(true.holds() && 3u8.holds() && !0.0f32.holds());
/// ```
pub trait Predicate: Copy {
    /// Whether the predicate holds.
    fn holds(self) -> bool;
}
impl Predicate for bool {
    #[inline(always)]
    fn holds(self) -> bool {
        self
    }
}
impl<T: Numeric> Predicate for T {
    #[inline(always)]
    fn holds(self) -> bool {
        self != T::ZERO
    }
}

/// CuTe's `copy_if(pred, src, dst)`: copy the elements whose predicate (at the same
/// 1-D coordinate) is true or non-zero.
///
/// ```
/// use cutlet::prelude::*;
/// let src = [1i32, 2, 3, 4];
/// let pred = [true, false, true, false];
/// let mut dst = [0i32; 4];
/// copy_if(&make_tensor(&pred[..], shape!(4)), &make_tensor(&src[..], shape!(4)),
///         &mut make_tensor(&mut dst[..], shape!(4)));
/// assert_eq!(dst, [1, 0, 3, 0]);
/// ```
#[inline(always)]
#[track_caller]
pub fn copy_if<EP, SP, DP, E1, S1, D1, E2, S2, D2>(
    pred: &Tensor<EP, Layout<SP, DP>>,
    src: &Tensor<E1, Layout<S1, D1>>,
    dst: &mut Tensor<E2, Layout<S2, D2>>,
) where
    EP: Engine,
    EP::Elem: Predicate,
    E1: Engine,
    E2: EngineMut,
    E1::Elem: Numeric,
    E2::Elem: Numeric,
    Layout<SP, DP>: Walkable<EP::Index>,
    Layout<S1, D1>: Walkable<E1::Index>,
    Layout<S2, D2>: Walkable<isize>,
    Tensor<E1, Layout<S1, D1>>: TensorShapes<Tensor<E2, Layout<S2, D2>>>,
    Tensor<EP, Layout<SP, DP>>: TensorShapes<Tensor<E2, Layout<S2, D2>>>,
{
    src.check(dst, "copy_if");
    pred.check(dst, "copy_if");
    let (lp, ls, ld) = (pred.layout, src.layout, dst.layout);
    // Predicated copies handle edge tiles: plain 1-D order, all three tensors.
    for i in 0..ld.walk_size() {
        if pred.engine.read(lp.walk_index(i)).holds() {
            let v = src.engine.read(ls.walk_index(i));
            dst.engine.write(ld.walk_index(i), v.cast());
        }
    }
}
