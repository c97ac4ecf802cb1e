//! Engines: where a tensor's elements live (CuTe's `Engine`s and iterators).
//!
//! A [`Memory`] is addressable storage: a slice, or an [`ArrayEngine`] (owned storage
//! whose length is a type-level number, so a register fragment's size is exact at
//! compile time). An [`Engine`] is a memory plus a base offset: the owning array itself,
//! or a [`View`]/[`ViewMut`] borrowing one. Slicing and partitioning move the base of a
//! view, never nest views, so every view of a memory has the same type.

use crate::int::{Nat, Storage};

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
}

/// Storage whose elements can be written.
pub trait MemoryMut: Memory {
    /// The element at `offset`, mutably.
    ///
    /// # Panics
    /// If `offset` is outside the storage; the message names both.
    fn at_mut(&mut self, offset: isize) -> &mut Self::Elem;
}

#[inline(always)]
#[track_caller]
fn checked(offset: isize, len: usize) -> usize {
    match usize::try_from(offset) {
        Ok(i) if i < len => i,
        _ => panic!("tensor offset {offset} is outside its storage of {len} elements"),
    }
}

impl<T: Copy> Memory for [T] {
    type Elem = T;
    #[inline(always)]
    #[track_caller]
    fn at(&self, offset: isize) -> &T {
        &self[checked(offset, self.len())]
    }
}
impl<T: Copy> MemoryMut for [T] {
    #[inline(always)]
    #[track_caller]
    fn at_mut(&mut self, offset: isize) -> &mut T {
        let i = checked(offset, self.len());
        &mut self[i]
    }
}

/// Owned storage of `N` elements (CuTe's `ArrayEngine<T, N>`), a type-level length.
///
/// ```
/// use cutlet_core::prelude::*;
/// let frag = make_owned_tensor::<f32, _>(layout!((4,8)));
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
}
impl<T: Copy + Default, N: Nat> MemoryMut for ArrayEngine<T, N> {
    #[inline(always)]
    #[track_caller]
    fn at_mut(&mut self, offset: isize) -> &mut T {
        self.data
            .at_mut(checked(offset, <N::Array<T> as Storage<T>>::LEN))
    }
}

/// A tensor's engine: a memory and the offset of the tensor's origin in it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tensor engine",
    label = "expected an owned fragment or a view (`make_tensor`, `.view()`)"
)]
pub trait Engine {
    /// The element type.
    type Elem: Copy;
    /// The memory the engine addresses.
    type Mem: ?Sized + Memory<Elem = Self::Elem>;
    /// The memory and the origin's offset in it.
    fn parts(&self) -> (&Self::Mem, isize);
}
/// An engine whose elements can be written.
pub trait EngineMut: Engine<Mem: MemoryMut> {
    /// The memory, mutably, and the origin's offset in it.
    fn parts_mut(&mut self) -> (&mut Self::Mem, isize);
}
/// An engine that can move its origin (a view): what slicing and partitioning need.
#[diagnostic::on_unimplemented(
    message = "`{Self}` owns its elements, so it cannot be sliced in place",
    label = "take a view first: `.view()` or `.view_mut()`"
)]
pub trait Rebase: Engine + Sized {
    /// The same memory with the origin moved by `by`.
    fn rebase(self, by: isize) -> Self;
}

impl<T: Copy + Default, N: Nat> Engine for ArrayEngine<T, N> {
    type Elem = T;
    type Mem = Self;
    #[inline(always)]
    fn parts(&self) -> (&Self, isize) {
        (self, 0)
    }
}
impl<T: Copy + Default, N: Nat> EngineMut for ArrayEngine<T, N> {
    #[inline(always)]
    fn parts_mut(&mut self) -> (&mut Self, isize) {
        (self, 0)
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
impl<M: ?Sized + Memory> Engine for View<'_, M> {
    type Elem = M::Elem;
    type Mem = M;
    #[inline(always)]
    fn parts(&self) -> (&M, isize) {
        (self.mem, self.base)
    }
}
impl<M: ?Sized + Memory> Rebase for View<'_, M> {
    #[inline(always)]
    fn rebase(self, by: isize) -> Self {
        View {
            mem: self.mem,
            base: self.base + by,
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
}
impl<M: ?Sized + Memory> Engine for ViewMut<'_, M> {
    type Elem = M::Elem;
    type Mem = M;
    #[inline(always)]
    fn parts(&self) -> (&M, isize) {
        (self.mem, self.base)
    }
}
impl<M: ?Sized + MemoryMut> EngineMut for ViewMut<'_, M> {
    #[inline(always)]
    fn parts_mut(&mut self) -> (&mut M, isize) {
        (self.mem, self.base)
    }
}
impl<M: ?Sized + Memory> Rebase for ViewMut<'_, M> {
    #[inline(always)]
    fn rebase(self, by: isize) -> Self {
        ViewMut {
            mem: self.mem,
            base: self.base + by,
        }
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
