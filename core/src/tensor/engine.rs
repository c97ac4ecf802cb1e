//! Engines: where a tensor's elements live (CuTe's `Engine`s and iterators).
//!
//! An [`Engine`] reads the element at an offset, the value a tensor's layout maps a
//! coordinate to; an [`EngineMut`] also writes it. Engines over storage take integer
//! offsets: a [`View`]/[`ViewMut`] of a [`Memory`] (a slice, or an [`ArrayEngine`]:
//! owned storage whose length is a type-level number, so a register fragment's size is
//! exact at compile time), and the device layer's pointers into global and shared
//! memory. A [`CoordEngine`] stores nothing: its layouts have basis strides and map a
//! coordinate to a coordinate, which is what identity tensors return (CuTe's
//! `ArithmeticTupleIterator`). Slicing and partitioning move an engine's origin
//! ([`Rebase`]) and keep its type.

use crate::int::{Bit, Leaf, Nat, Path, Storage};
use crate::tuple::IntTuple;
use core::marker::PhantomData;
use typenum::{B0, B1};

/// Where an engine's elements are (CuTe's pointer tags): what the device layer's copy
/// atoms dispatch on, at compile time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// Ordinary memory: registers, the stack, host slices.
    Generic,
    /// A kernel's global memory (CuTe's `gmem_ptr`).
    Global,
    /// A block's shared memory (CuTe's `smem_ptr`).
    Shared,
    /// Computed elements, no memory (CuTe's counting iterators).
    Computed,
}

/// A tensor's engine: the element at each offset its layout produces.
///
/// ```
/// use cutlet_core::prelude::*;
/// fn first<E: Engine, L: Layout>(t: &Tensor<E, L>) -> E::Elem { t.get(0) }
/// let data = [4, 5, 6];
/// assert_eq!(first(&make_tensor(&data[..], layout!(3))), 4);
/// assert_eq!(first(&make_identity_tensor(shape!((2, 3)))), (0, 0));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor engine",
    label = "expected an owned fragment, a view (`make_tensor`, `.view()`) or a device pointer"
)]
pub trait Engine {
    /// The element type.
    type Elem: Copy;
    /// A shared view of the same elements, whose origin can move.
    type View<'a>: Rebase<Elem = Self::Elem>
    where
        Self: 'a;
    /// Where the elements are.
    const SPACE: Space;
    /// The shared view.
    fn view(&self) -> Self::View<'_>;
    /// The element at offset `o` from the origin.
    ///
    /// # Panics
    /// If storage does not hold offset `o`; the message names both.
    fn read<O: IntTuple>(&self, o: O) -> Self::Elem;
    /// The address of the element at offset `o` (null where no memory holds it). Only
    /// the device layer dereferences it, for the instructions that take addresses.
    fn addr<O: IntTuple>(&self, o: O) -> *const Self::Elem;
    /// For the emulator's sanitizer: the address of offset 0 and the address of offset
    /// `o` before any swizzle (`(0, 0)` for engines that are not device memory).
    #[doc(hidden)]
    #[cfg(not(target_arch = "nvptx64"))]
    #[inline(always)]
    fn sanitizer_origin<O: IntTuple>(&self, o: O) -> (usize, usize) {
        let _ = o;
        (0, 0)
    }
    /// `B1` where the elements lie in one slice in offset order, so that
    /// [`Engine::try_run`] borrows runs of them: what [`copy`](crate::algorithm::copy)
    /// vectorizes over. Device pointers are `B0`: a swizzle may scatter a run.
    type Runs: Bit;
    /// The `n` elements from offset `o` as one slice, where [`Engine::Runs`] is `B1`
    /// (`None` elsewhere).
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let data = [1, 2, 3, 4];
    /// let t = make_tensor(&data[..], layout!(4));
    /// assert_eq!(t.engine().try_run(1, 2), Some(&[2, 3][..]));
    /// let frag = make_owned_tensor::<i32>(layout!(4));
    /// assert_eq!(frag.engine().try_run(0, 4), None);        // owned storage: no runs
    /// ```
    ///
    /// # Panics
    /// If the storage does not hold them all; the message names the offsets.
    #[inline(always)]
    fn try_run(&self, o: isize, n: usize) -> Option<&[Self::Elem]> {
        let _ = (o, n);
        None
    }
}

/// An engine whose elements can be written.
pub trait EngineMut: Engine {
    /// A mutable view of the same elements, whose origin can move.
    type ViewMut<'a>: Rebase<Elem = Self::Elem> + EngineMut
    where
        Self: 'a;
    /// The mutable view.
    fn view_mut(&mut self) -> Self::ViewMut<'_>;
    /// Writes the element at offset `o`.
    ///
    /// # Panics
    /// If storage does not hold offset `o`; the message names both.
    fn write<O: IntTuple>(&mut self, o: O, v: Self::Elem);
    /// [`Engine::try_run`], mutably.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// let mut data = [0; 4];
    /// let mut t = make_tensor(&mut data[..], layout!(4));
    /// t.engine_mut().try_run_mut(2, 2).unwrap().copy_from_slice(&[7, 8]);
    /// assert_eq!(data, [0, 0, 7, 8]);
    /// ```
    ///
    /// # Panics
    /// If the storage does not hold them all; the message names the offsets.
    #[inline(always)]
    fn try_run_mut(&mut self, o: isize, n: usize) -> Option<&mut [Self::Elem]> {
        let _ = (o, n);
        None
    }
}

/// An engine whose elements are places (`tensor[c]` borrows them).
pub trait EngineRef: Engine {
    /// The element at offset `o`.
    fn at<O: IntTuple>(&self, o: O) -> &Self::Elem;
}
/// An engine whose elements can be borrowed mutably (`tensor[c] = v`).
pub trait EngineRefMut: EngineRef + EngineMut {
    /// The element at offset `o`, mutably.
    fn at_mut<O: IntTuple>(&mut self, o: O) -> &mut Self::Elem;
}

/// An engine that can move its origin (a view): what slicing and partitioning need.
#[diagnostic::on_unimplemented(
    message = "`{Self}` owns its elements, so it cannot be sliced in place",
    label = "take a view first: `.view()` or `.view_mut()`"
)]
pub trait Rebase: Engine + Sized {
    /// The same elements with the origin moved by `by`.
    fn rebase<O: IntTuple>(self, by: O) -> Self;
}

/// The integer offset a storage engine takes. A layout with basis strides maps to
/// coordinates, which only a [`CoordEngine`] can take.
#[inline(always)]
pub(crate) fn int_offset<O: IntTuple>(o: O) -> isize {
    const {
        // An ill-formed offset (e.g. a coordinate of the wrong rank) names its own error.
        if <O::HasErr as Bit>::BOOL {
            panic!("{}", O::ERR)
        }
        assert!(
            !<O::IsTuple as Bit>::BOOL && <<O::Size as Leaf>::Basis as Path>::IsNil::BOOL,
            "a layout with basis strides maps coordinates to coordinates: use it on an identity tensor, not on storage"
        )
    };
    o.size().value()
}

/// Addressable storage of `Elem`s.
///
/// ```
/// use cutlet_core::tensor::Memory;
/// let data = [1.0f32, 2.0, 3.0];
/// assert_eq!(*data[..].at(2), 3.0);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not tensor storage",
    label = "expected a slice or an owned fragment"
)]
pub trait Memory {
    /// The element type.
    type Elem: Copy;
    /// The element at `offset`.
    ///
    /// # Panics
    /// If `offset` is outside the storage; the message names both.
    fn at(&self, offset: isize) -> &Self::Elem;
    /// The address of element 0 (storage is contiguous).
    fn as_ptr(&self) -> *const Self::Elem;
    /// `B1` where [`Memory::try_run`] borrows runs.
    type Runs: Bit;
    /// The `n` elements from `offset` as one slice, where [`Memory::Runs`] is `B1`.
    ///
    /// ```
    /// use cutlet_core::tensor::Memory;
    /// let data = [1, 2, 3];
    /// assert_eq!(data[..].try_run(1, 2), Some(&[2, 3][..]));
    /// ```
    ///
    /// # Panics
    /// If the storage does not hold them all; the message names the offsets.
    #[inline(always)]
    fn try_run(&self, offset: isize, n: usize) -> Option<&[Self::Elem]> {
        let _ = (offset, n);
        None
    }
}

/// Storage whose elements can be written.
pub trait MemoryMut: Memory {
    /// The element at `offset`, mutably.
    ///
    /// # Panics
    /// If `offset` is outside the storage; the message names both.
    fn at_mut(&mut self, offset: isize) -> &mut Self::Elem;
    /// [`Memory::try_run`], mutably.
    ///
    /// ```
    /// use cutlet_core::tensor::MemoryMut;
    /// let mut data = [0, 0, 0];
    /// data[..].try_run_mut(1, 2).unwrap().fill(5);
    /// assert_eq!(data, [0, 5, 5]);
    /// ```
    ///
    /// # Panics
    /// If the storage does not hold them all; the message names the offsets.
    #[inline(always)]
    fn try_run_mut(&mut self, offset: isize, n: usize) -> Option<&mut [Self::Elem]> {
        let _ = (offset, n);
        None
    }
}

#[inline(always)]
#[track_caller]
fn checked(offset: isize, len: usize) -> usize {
    match usize::try_from(offset) {
        Ok(i) if i < len => i,
        _ => crate::cold::offset_out_of_range(offset, len),
    }
}

impl<T: Copy> Memory for [T] {
    type Elem = T;
    #[inline(always)]
    #[track_caller]
    fn at(&self, offset: isize) -> &T {
        &self[checked(offset, self.len())]
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const T {
        <[T]>::as_ptr(self)
    }
    type Runs = B1;
    #[inline(always)]
    #[track_caller]
    fn try_run(&self, offset: isize, n: usize) -> Option<&[T]> {
        Some(&self[run_range(0, offset, n, self.len())])
    }
}
impl<T: Copy> MemoryMut for [T] {
    #[inline(always)]
    #[track_caller]
    fn at_mut(&mut self, offset: isize) -> &mut T {
        let i = checked(offset, self.len());
        &mut self[i]
    }
    #[inline(always)]
    #[track_caller]
    fn try_run_mut(&mut self, offset: isize, n: usize) -> Option<&mut [T]> {
        let r = run_range(0, offset, n, self.len());
        Some(&mut self[r])
    }
}

/// Owned storage of `N` elements (CuTe's `ArrayEngine<T, N>`), a type-level length.
///
/// ```
/// use cutlet_core::prelude::*;
/// let frag = make_owned_tensor::<f32>(layout!((4,8)));
/// assert_eq!(core::mem::size_of_val(&frag), 32 * 4);
/// ```
#[derive(Clone, Copy)]
pub struct ArrayEngine<T: Copy + Default, N: Nat> {
    data: N::Array<T>,
}
impl<T: Copy + Default, N: Nat> ArrayEngine<T, N> {
    /// Every element `v`.
    #[inline(always)]
    pub fn filled(v: T) -> Self {
        ArrayEngine {
            data: Storage::filled(v),
        }
    }
}
impl<T: Copy + Default, N: Nat> Default for ArrayEngine<T, N> {
    #[inline(always)]
    fn default() -> Self {
        Self::filled(T::default())
    }
}
impl<T: Copy + Default, N: Nat> Memory for ArrayEngine<T, N> {
    type Elem = T;
    #[inline(always)]
    #[track_caller]
    fn at(&self, offset: isize) -> &T {
        self.data
            .at(checked(offset, <N::Array<T> as Storage<T>>::LEN))
    }
    #[inline(always)]
    fn as_ptr(&self) -> *const T {
        // Blocks `[T; K]` (in `OddArray` and `Pair`, `repr(C)`) hold their elements in order.
        (&raw const self.data).cast()
    }
    type Runs = B0;
}
impl<T: Copy + Default, N: Nat> MemoryMut for ArrayEngine<T, N> {
    #[inline(always)]
    #[track_caller]
    fn at_mut(&mut self, offset: isize) -> &mut T {
        self.data
            .at_mut(checked(offset, <N::Array<T> as Storage<T>>::LEN))
    }
}

impl<T: Copy + Default, N: Nat> Engine for ArrayEngine<T, N> {
    type Elem = T;
    type View<'a>
        = View<'a, Self>
    where
        Self: 'a;
    const SPACE: Space = Space::Generic;
    #[inline(always)]
    fn view(&self) -> View<'_, Self> {
        View::new(self, 0)
    }
    #[inline(always)]
    #[track_caller]
    fn read<O: IntTuple>(&self, o: O) -> T {
        *Memory::at(self, int_offset(o))
    }
    #[inline(always)]
    fn addr<O: IntTuple>(&self, o: O) -> *const T {
        self.view().addr(o)
    }
    type Runs = B0;
}
impl<T: Copy + Default, N: Nat> EngineMut for ArrayEngine<T, N> {
    type ViewMut<'a>
        = ViewMut<'a, Self>
    where
        Self: 'a;
    #[inline(always)]
    fn view_mut(&mut self) -> ViewMut<'_, Self> {
        ViewMut::new(self, 0)
    }
    #[inline(always)]
    #[track_caller]
    fn write<O: IntTuple>(&mut self, o: O, v: T) {
        *MemoryMut::at_mut(self, int_offset(o)) = v;
    }
}
impl<T: Copy + Default, N: Nat> EngineRef for ArrayEngine<T, N> {
    #[inline(always)]
    #[track_caller]
    fn at<O: IntTuple>(&self, o: O) -> &T {
        Memory::at(self, int_offset(o))
    }
}
impl<T: Copy + Default, N: Nat> EngineRefMut for ArrayEngine<T, N> {
    #[inline(always)]
    #[track_caller]
    fn at_mut<O: IntTuple>(&mut self, o: O) -> &mut T {
        MemoryMut::at_mut(self, int_offset(o))
    }
}

/// A shared view of a memory from an origin (CuTe's non-owning engine over a pointer).
pub struct View<'a, M: ?Sized> {
    mem: &'a M,
    base: isize,
}
impl<M: ?Sized> Clone for View<'_, M> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<M: ?Sized> Copy for View<'_, M> {}
impl<'a, M: ?Sized> View<'a, M> {
    /// A view of `mem` with its origin at `base`.
    #[inline(always)]
    pub fn new(mem: &'a M, base: isize) -> Self {
        View { mem, base }
    }
}
impl<'m, M: ?Sized + Memory> Engine for View<'m, M> {
    type Elem = M::Elem;
    type View<'a>
        = View<'m, M>
    where
        Self: 'a;
    const SPACE: Space = Space::Generic;
    #[inline(always)]
    fn view(&self) -> Self {
        *self
    }
    #[inline(always)]
    #[track_caller]
    fn read<O: IntTuple>(&self, o: O) -> M::Elem {
        *self.mem.at(self.base + int_offset(o))
    }
    #[inline(always)]
    fn addr<O: IntTuple>(&self, o: O) -> *const M::Elem {
        self.mem.as_ptr().wrapping_offset(self.base + int_offset(o))
    }
    type Runs = M::Runs;
    #[inline(always)]
    #[track_caller]
    fn try_run(&self, o: isize, n: usize) -> Option<&[M::Elem]> {
        self.mem.try_run(self.base + o, n)
    }
}
impl<M: ?Sized + Memory> EngineRef for View<'_, M> {
    #[inline(always)]
    #[track_caller]
    fn at<O: IntTuple>(&self, o: O) -> &M::Elem {
        self.mem.at(self.base + int_offset(o))
    }
}
impl<M: ?Sized + Memory> Rebase for View<'_, M> {
    #[inline(always)]
    fn rebase<O: IntTuple>(self, by: O) -> Self {
        View {
            mem: self.mem,
            base: self.base + int_offset(by),
        }
    }
}

/// A mutable view of a memory from an origin.
pub struct ViewMut<'a, M: ?Sized> {
    mem: &'a mut M,
    base: isize,
}
impl<'a, M: ?Sized> ViewMut<'a, M> {
    /// A mutable view of `mem` with its origin at `base`.
    #[inline(always)]
    pub fn new(mem: &'a mut M, base: isize) -> Self {
        ViewMut { mem, base }
    }
    /// The memory and the origin, to split the memory into disjoint views (as the
    /// tile layer's `launch_with` does, one per block).
    ///
    /// ```
    /// use cutlet_core::tensor::ViewMut;
    /// let mut data = [0u8; 4];
    /// let (mem, base) = ViewMut::new(&mut data[..], 1).into_parts();
    /// assert_eq!((mem.len(), base), (4, 1));
    /// ```
    #[inline(always)]
    pub fn into_parts(self) -> (&'a mut M, isize) {
        (self.mem, self.base)
    }
}
impl<M: ?Sized + Memory> Engine for ViewMut<'_, M> {
    type Elem = M::Elem;
    type View<'a>
        = View<'a, M>
    where
        Self: 'a;
    const SPACE: Space = Space::Generic;
    #[inline(always)]
    fn view(&self) -> View<'_, M> {
        View::new(self.mem, self.base)
    }
    #[inline(always)]
    #[track_caller]
    fn read<O: IntTuple>(&self, o: O) -> M::Elem {
        *self.mem.at(self.base + int_offset(o))
    }
    #[inline(always)]
    fn addr<O: IntTuple>(&self, o: O) -> *const M::Elem {
        self.view().addr(o)
    }
    type Runs = M::Runs;
    #[inline(always)]
    #[track_caller]
    fn try_run(&self, o: isize, n: usize) -> Option<&[M::Elem]> {
        self.mem.try_run(self.base + o, n)
    }
}
impl<M: ?Sized + MemoryMut> EngineMut for ViewMut<'_, M> {
    type ViewMut<'a>
        = ViewMut<'a, M>
    where
        Self: 'a;
    #[inline(always)]
    fn view_mut(&mut self) -> ViewMut<'_, M> {
        ViewMut::new(self.mem, self.base)
    }
    #[inline(always)]
    #[track_caller]
    fn write<O: IntTuple>(&mut self, o: O, v: M::Elem) {
        *self.mem.at_mut(self.base + int_offset(o)) = v;
    }
    #[inline(always)]
    #[track_caller]
    fn try_run_mut(&mut self, o: isize, n: usize) -> Option<&mut [M::Elem]> {
        self.mem.try_run_mut(self.base + o, n)
    }
}
impl<M: ?Sized + Memory> EngineRef for ViewMut<'_, M> {
    #[inline(always)]
    #[track_caller]
    fn at<O: IntTuple>(&self, o: O) -> &M::Elem {
        self.mem.at(self.base + int_offset(o))
    }
}
impl<M: ?Sized + MemoryMut> EngineRefMut for ViewMut<'_, M> {
    #[inline(always)]
    #[track_caller]
    fn at_mut<O: IntTuple>(&mut self, o: O) -> &mut M::Elem {
        self.mem.at_mut(self.base + int_offset(o))
    }
}
impl<M: ?Sized + Memory> Rebase for ViewMut<'_, M> {
    #[inline(always)]
    fn rebase<O: IntTuple>(self, by: O) -> Self {
        ViewMut {
            mem: self.mem,
            base: self.base + int_offset(by),
        }
    }
}

/// An engine whose elements lie in one slice in offset order, so a run of consecutive
/// offsets can be borrowed whole: what bulk CPU copies (the tile layer's `load` and
/// `store`) move with one `copy_from_slice`. Device pointers are not: a swizzle may
/// scatter a run.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::tensor::Contiguous;
/// let data = [1, 2, 3, 4];
/// let t = make_tensor(&data[..], layout!(4));
/// assert_eq!(t.engine().run(1, 2), [2, 3]);
/// ```
pub trait Contiguous: EngineRef {
    /// The `n` elements from offset `o`.
    ///
    /// # Panics
    /// If the storage does not hold them all; the message names the offsets.
    fn run(&self, o: isize, n: usize) -> &[Self::Elem];
}
/// A [`Contiguous`] engine whose runs can be borrowed mutably.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_core::tensor::ContiguousMut;
/// let mut data = [0; 4];
/// let mut t = make_tensor(&mut data[..], layout!(4));
/// t.engine_mut().run_mut(2, 2).copy_from_slice(&[7, 8]);
/// assert_eq!(data, [0, 0, 7, 8]);
/// ```
pub trait ContiguousMut: Contiguous + EngineRefMut {
    /// The `n` elements from offset `o`, mutably.
    ///
    /// # Panics
    /// If the storage does not hold them all; the message names the offsets.
    fn run_mut(&mut self, o: isize, n: usize) -> &mut [Self::Elem];
}
/// The slice range `[base + o, base + o + n)` of a slice of `len` elements.
#[inline(always)]
#[track_caller]
fn run_range(base: isize, o: isize, n: usize, len: usize) -> core::ops::Range<usize> {
    let start = base + o;
    match usize::try_from(start) {
        Ok(i) if i.checked_add(n).is_some_and(|end| end <= len) => i..i + n,
        _ => crate::cold::offset_out_of_range(start + n as isize - 1, len),
    }
}
impl<T: Copy> Contiguous for View<'_, [T]> {
    #[inline(always)]
    #[track_caller]
    fn run(&self, o: isize, n: usize) -> &[T] {
        &self.mem[run_range(self.base, o, n, self.mem.len())]
    }
}
impl<T: Copy> Contiguous for ViewMut<'_, [T]> {
    #[inline(always)]
    #[track_caller]
    fn run(&self, o: isize, n: usize) -> &[T] {
        &self.mem[run_range(self.base, o, n, self.mem.len())]
    }
}
impl<T: Copy> ContiguousMut for ViewMut<'_, [T]> {
    #[inline(always)]
    #[track_caller]
    fn run_mut(&mut self, o: isize, n: usize) -> &mut [T] {
        let r = run_range(self.base, o, n, self.mem.len());
        &mut self.mem[r]
    }
}

/// What [`make_tensor`](super::make_tensor) takes as storage: `&[T]` (a shared view)
/// or `&mut [T]` (a mutable one).
pub trait IntoEngine {
    /// The engine.
    type Engine: Engine + Rebase;
    /// The engine, and the number of elements it can address from its origin.
    fn into_engine(self) -> (Self::Engine, usize);
}
impl<'a, T: Copy> IntoEngine for &'a [T] {
    type Engine = View<'a, [T]>;
    #[inline(always)]
    fn into_engine(self) -> (View<'a, [T]>, usize) {
        (View::new(self, 0), self.len())
    }
}
impl<'a, T: Copy> IntoEngine for &'a mut [T] {
    type Engine = ViewMut<'a, [T]>;
    #[inline(always)]
    fn into_engine(self) -> (ViewMut<'a, [T]>, usize) {
        let len = self.len();
        (ViewMut::new(self, 0), len)
    }
}

/// The most modes an identity tensor's coordinates have (TMA's five).
pub const MAX_COORD_RANK: usize = 5;

/// The coordinate type of a rank: an `isize` for rank 1, a tuple of `isize`s for ranks
/// 2 to [`MAX_COORD_RANK`] (what an identity tensor's elements are).
#[diagnostic::on_unimplemented(
    message = "identity tensors have 1 to 5 modes",
    label = "this rank has no coordinate type"
)]
pub trait CoordRank: Nat {
    /// The coordinate.
    type Coord: Copy + PartialEq + core::fmt::Debug;
    /// The coordinate of the first `Self` values.
    fn coord(v: [isize; MAX_COORD_RANK]) -> Self::Coord;
}
macro_rules! coord_rank {
    ($($n:ty => $c:ty, |$v:ident| $e:expr;)*) => {$(
        impl CoordRank for $n {
            type Coord = $c;
            #[inline(always)]
            fn coord($v: [isize; MAX_COORD_RANK]) -> $c {
                $e
            }
        }
    )*};
}
coord_rank! {
    typenum::U1 => isize, |v| v[0];
    typenum::U2 => (isize, isize), |v| (v[0], v[1]);
    typenum::U3 => (isize, isize, isize), |v| (v[0], v[1], v[2]);
    typenum::U4 => (isize, isize, isize, isize), |v| (v[0], v[1], v[2], v[3]);
    typenum::U5 => (isize, isize, isize, isize, isize), |v| (v[0], v[1], v[2], v[3], v[4]);
}

/// The engine of identity tensors (CuTe's `ArithmeticTupleIterator`): no storage, an
/// origin coordinate of `R` modes, and offsets that are coordinates (what layouts with
/// basis strides produce); the element at an offset is the origin plus the offset.
///
/// ```
/// use cutlet_core::prelude::*;
/// let id = make_identity_tensor(shape!((6, 4)));
/// let tile = local_tile(id, shape!((2, 2)), (1usize, 1usize));
/// assert_eq!(tile.get((1usize, 0usize)), (3, 2));
/// ```
pub struct CoordEngine<R> {
    origin: [isize; MAX_COORD_RANK],
    rank: PhantomData<R>,
}
impl<R> Clone for CoordEngine<R> {
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}
impl<R> Copy for CoordEngine<R> {}
impl<R> Default for CoordEngine<R> {
    #[inline(always)]
    fn default() -> Self {
        CoordEngine {
            origin: [0; MAX_COORD_RANK],
            rank: PhantomData,
        }
    }
}
impl<R> CoordEngine<R> {
    /// `origin + o`, mode by mode: `o` is a coordinate, a leaf `v@i` (one step of mode
    /// `i`, what a slice of one mode gives) or an integer (mode 0).
    #[inline(always)]
    fn plus<O: IntTuple>(&self, o: O) -> [isize; MAX_COORD_RANK] {
        let mut c = self.origin;
        if <O::IsTuple as Bit>::BOOL {
            let modes = [
                o.e0().size().value(),
                o.e1().size().value(),
                o.e2().size().value(),
                o.e3().size().value(),
                o.e4().size().value(),
            ];
            let n = <O::Rank as typenum::Unsigned>::USIZE;
            // Unrolled by hand: an iterator loop here stays a loop over a stack array
            // until LLVM has inlined it, and the coordinates must be registers.
            crate::unroll!(for i in 0..5 {
                if i < n {
                    c[i] += modes[i];
                }
            });
        } else {
            let mode = <<<O::Size as Leaf>::Basis as Path>::First as typenum::Unsigned>::USIZE;
            c[mode] += o.size().value();
        }
        c
    }
}
impl<R: CoordRank> Engine for CoordEngine<R> {
    type Elem = R::Coord;
    type View<'a>
        = Self
    where
        Self: 'a;
    const SPACE: Space = Space::Computed;
    #[inline(always)]
    fn view(&self) -> Self {
        *self
    }
    #[inline(always)]
    fn read<O: IntTuple>(&self, o: O) -> R::Coord {
        R::coord(self.plus(o))
    }
    #[inline(always)]
    fn addr<O: IntTuple>(&self, _: O) -> *const R::Coord {
        core::ptr::null()
    }
    type Runs = B0;
}
impl<R: CoordRank> Rebase for CoordEngine<R> {
    #[inline(always)]
    fn rebase<O: IntTuple>(self, by: O) -> Self {
        CoordEngine {
            origin: self.plus(by),
            rank: PhantomData,
        }
    }
}
