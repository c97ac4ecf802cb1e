//! Engines: where a tensor's elements live. Owning arrays sized at compile time,
//! views over slices, and the coordinate engine of identity tensors; memory-space tags
//! (CuTe's `make_gmem_ptr`/`make_smem_ptr`) ride in the engine's type.

use core::marker::PhantomData;
use generic_array::{ArrayLength, GenericArray};

/// A memory space tag (CuTe's gmem/smem/rmem), carried in a tensor's type so that
/// algorithms can dispatch on it.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(<Gmem as MemSpace>::NAME, "gmem");
/// assert_eq!(<Generic as MemSpace>::NAME, "ptr");
/// ```
pub trait MemSpace: Copy + Default + core::fmt::Debug + 'static {
    /// Short name, as CuTe prints it.
    const NAME: &'static str;
}
/// Global memory.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 4];
/// let t: Tensor<ViewEngine<'_, f32, Gmem>, _> = make_tensor(make_gmem_ptr(&data[..]), shape!(4));
/// assert!(t.to_string().starts_with("gmem_ptr"));
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Gmem;
/// Shared memory.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 4];
/// let t: Tensor<ViewEngine<'_, f32, Smem>, _> = make_tensor(make_smem_ptr(&data[..]), shape!(4));
/// assert!(t.to_string().starts_with("smem_ptr"));
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Smem;
/// Registers: owning tensors live here.
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_owned_tensor::<f32, _>(layout!(4));
/// assert!(t.to_string().starts_with("rmem_ptr"));
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Rmem;
/// Untagged memory.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 4];
/// assert!(make_tensor(&data[..], shape!(4)).to_string().starts_with("ptr"));
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Generic;
impl MemSpace for Gmem {
    const NAME: &'static str = "gmem";
}
impl MemSpace for Smem {
    const NAME: &'static str = "smem";
}
impl MemSpace for Rmem {
    const NAME: &'static str = "rmem";
}
impl MemSpace for Generic {
    const NAME: &'static str = "ptr";
}

/// Storage tagged with a memory space (CuTe's `make_gmem_ptr(p)`).
///
/// ```
/// use cutlet::prelude::*;
/// let data = [1u8, 2];
/// let p: Tagged<Gmem, &[u8]> = make_gmem_ptr(&data[..]);
/// assert_eq!(p.storage, [1, 2]);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Tagged<Sp, P> {
    /// The storage (a slice).
    pub storage: P,
    space: PhantomData<Sp>,
}

/// Tag storage as global memory (CuTe's `make_gmem_ptr`).
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 8];
/// let t = make_tensor(make_gmem_ptr(&data[..]), shape!(8));
/// assert_eq!(t.to_string(), "gmem_ptr o _8:_1");
/// ```
pub fn make_gmem_ptr<P>(storage: P) -> Tagged<Gmem, P> {
    Tagged {
        storage,
        space: PhantomData,
    }
}
/// Tag storage as shared memory (CuTe's `make_smem_ptr`).
///
/// ```
/// use cutlet::prelude::*;
/// let mut data = [0f32; 32];
/// let t = make_tensor(make_smem_ptr(&mut data[..]), make_layout_with(shape!((4, 8)), LayoutRight));
/// assert_eq!(t.to_string(), "smem_ptr o (_4,_8):(_8,_1)");
/// ```
pub fn make_smem_ptr<P>(storage: P) -> Tagged<Smem, P> {
    Tagged {
        storage,
        space: PhantomData,
    }
}
/// Tag storage as registers.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 4];
/// assert_eq!(make_tensor(make_rmem_ptr(&data[..]), shape!(4)).to_string(), "rmem_ptr o _4:_1");
/// ```
pub fn make_rmem_ptr<P>(storage: P) -> Tagged<Rmem, P> {
    Tagged {
        storage,
        space: PhantomData,
    }
}

/// Read access to elements by offset from the tensor's origin.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [5i32, 6, 7];
/// let t = make_tensor(&data[..], shape!(3));
/// assert_eq!(t.engine().read(2), 7);
/// ```
pub trait Engine {
    /// The element type (a value; identity tensors compute theirs).
    type Elem: Copy;
    /// The memory space.
    type Space: MemSpace;
    /// `B1` when the elements are stored (the engine is an [`EngineRef`]), so that
    /// algorithms can move contiguous runs of them.
    type IsMemory: typenum::Bit;
    /// What a layout's value becomes before it reaches the engine (CuTe adds it to the
    /// tensor's iterator): an `isize` offset for memory, a coordinate for the counting
    /// engine of identity tensors.
    type Index: Copy + Default;
    /// The element at `off` (panics outside the storage).
    fn read(&self, off: Self::Index) -> Self::Elem;
}

/// A layout's value (an integer, a scaled basis or an arithmetic tuple) as an engine
/// index `I`: its sum with the zero index.
///
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(_4::new().to_index::<isize>(), 4);
/// ```
pub trait ToIndex: Sized {
    /// Convert.
    #[inline(always)]
    fn to_index<I: Default>(self) -> I
    where
        Self: crate::int::AddInto<I>,
    {
        self.add_into(I::default())
    }
}
impl<X> ToIndex for X {}

/// Engines that store their elements: references and contiguous runs.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [5i32, 6, 7];
/// let t = make_tensor(&data[..], shape!(3));
/// assert_eq!(t.engine().run(1, 2), [6, 7]);
/// ```
pub trait EngineRef: Engine<Index = isize> {
    /// The element at `off` (panics outside the storage).
    fn at(&self, off: isize) -> &Self::Elem;
    /// The `n` elements starting at `off`.
    fn run(&self, off: isize, n: usize) -> &[Self::Elem];
}

/// Engines whose elements can be written.
///
/// ```
/// use cutlet::prelude::*;
/// let mut data = [0i32; 4];
/// let mut e = (&mut data[..]).into_engine();
/// e.run_mut(0, 4).copy_from_slice(&[1, 2, 3, 4]);
/// *e.at_mut(0) = 9;
/// assert_eq!(data, [9, 2, 3, 4]);
/// ```
pub trait EngineMut: EngineRef {
    /// The element at `off`, mutably.
    fn at_mut(&mut self, off: isize) -> &mut Self::Elem;
    /// The `n` elements starting at `off`, mutably.
    fn run_mut(&mut self, off: isize, n: usize) -> &mut [Self::Elem];
    /// Stores `v` at `off` (engines over device memory store 128-bit elements with one
    /// vector instruction here).
    #[inline(always)]
    fn write(&mut self, off: isize, v: Self::Elem) {
        *self.at_mut(off) = v;
    }
}

/// Engines that can move their origin (views): what slicing a tensor needs.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [5i32, 6, 7];
/// let e = make_tensor(&data[..], shape!(3)).engine().offset(1);
/// assert_eq!(e.read(0), 6);
/// ```
pub trait Offset: Engine + Sized {
    /// The same storage with its origin moved by `off`.
    fn offset(self, off: Self::Index) -> Self;
}

/// The storage index of offset `off` from origin `base`. A negative sum wraps to an
/// index past any slice, so the slice's bounds check reports it (no branch here).
#[inline(always)]
fn index(base: isize, off: isize) -> usize {
    (base + off) as usize
}

/// An owning engine: `N` elements inline (a register fragment), `N` fixed at compile
/// time from the layout's cosize.
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_owned_tensor::<f64, _>(layout!((2,2)));
/// assert_eq!(core::mem::size_of_val(t.engine()), 32);
/// ```
pub struct ArrayEngine<T, N: ArrayLength> {
    pub(crate) data: GenericArray<T, N>,
}
impl<T: Clone, N: ArrayLength> Clone for ArrayEngine<T, N> {
    fn clone(&self) -> Self {
        ArrayEngine {
            data: self.data.clone(),
        }
    }
}
impl<T: Copy, N: ArrayLength> Copy for ArrayEngine<T, N> where GenericArray<T, N>: Copy {}
impl<T: Copy, N: ArrayLength> Engine for ArrayEngine<T, N> {
    type Elem = T;
    type Space = Rmem;
    type IsMemory = typenum::B1;
    type Index = isize;
    #[inline(always)]
    fn read(&self, off: isize) -> T {
        *self.at(off)
    }
}
impl<T: Copy, N: ArrayLength> EngineRef for ArrayEngine<T, N> {
    #[inline(always)]
    fn at(&self, off: isize) -> &T {
        &self.data[index(0, off)]
    }
    #[inline(always)]
    fn run(&self, off: isize, n: usize) -> &[T] {
        let i = index(0, off);
        &self.data[i..i + n]
    }
}
impl<T: Copy, N: ArrayLength> EngineMut for ArrayEngine<T, N> {
    #[inline(always)]
    fn at_mut(&mut self, off: isize) -> &mut T {
        &mut self.data[index(0, off)]
    }
    #[inline(always)]
    fn run_mut(&mut self, off: isize, n: usize) -> &mut [T] {
        let i = index(0, off);
        &mut self.data[i..i + n]
    }
}

/// A read-only view over a slice; `base` is the slice index of the tensor's origin.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [1.0f32, 2.0];
/// let t: Tensor<ViewEngine<'_, f32>, _> = make_tensor(&data[..], shape!(2));
/// assert_eq!(t[1], 2.0);
/// ```
pub struct ViewEngine<'a, T, Sp = Generic> {
    data: &'a [T],
    base: isize,
    space: PhantomData<Sp>,
}
impl<T, Sp> Clone for ViewEngine<'_, T, Sp> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, Sp> Copy for ViewEngine<'_, T, Sp> {}
impl<'a, T, Sp> ViewEngine<'a, T, Sp> {
    /// A view whose origin is slice index `base`.
    pub fn new(data: &'a [T], base: isize) -> Self {
        ViewEngine {
            data,
            base,
            space: PhantomData,
        }
    }
}
impl<'a, T, Sp> ViewEngine<'a, T, Sp> {
    /// The same view with its storage cut to the `len` elements from the origin on
    /// (one bounds check here instead of one per access; panics if they do not exist).
    #[inline(always)]
    pub fn narrow(self, len: usize) -> Self {
        let b = self.base as usize;
        ViewEngine::new(&self.data[b..b + len], 0)
    }
}
impl<T: Copy, Sp: MemSpace> Offset for ViewEngine<'_, T, Sp> {
    #[inline(always)]
    fn offset(self, off: isize) -> Self {
        ViewEngine {
            base: self.base + off,
            ..self
        }
    }
}

/// A mutable view over a slice.
///
/// ```
/// use cutlet::prelude::*;
/// let mut data = [0.0f32; 2];
/// let mut t: Tensor<ViewMutEngine<'_, f32>, _> = make_tensor(&mut data[..], shape!(2));
/// t[1] = 3.0;
/// assert_eq!(data, [0.0, 3.0]);
/// ```
pub struct ViewMutEngine<'a, T, Sp = Generic> {
    data: &'a mut [T],
    base: isize,
    space: PhantomData<Sp>,
}
impl<'a, T, Sp> ViewMutEngine<'a, T, Sp> {
    /// A view whose origin is slice index `base`.
    pub fn new(data: &'a mut [T], base: isize) -> Self {
        ViewMutEngine {
            data,
            base,
            space: PhantomData,
        }
    }
    /// Reborrow as a shorter-lived mutable view.
    pub fn reborrow(&mut self) -> ViewMutEngine<'_, T, Sp> {
        ViewMutEngine {
            data: self.data,
            base: self.base,
            space: PhantomData,
        }
    }
    /// Reborrow read-only.
    pub fn as_view(&self) -> ViewEngine<'_, T, Sp> {
        ViewEngine::new(self.data, self.base)
    }
}
/// Reading through a slice view (shared and mutable views alike): offsets from the
/// origin at slice index `base`.
macro_rules! slice_view_reads {
    ($($view:ident),*) => {$(
        impl<T: Copy, Sp: MemSpace> Engine for $view<'_, T, Sp> {
            type Elem = T;
            type Space = Sp;
            type IsMemory = typenum::B1;
            type Index = isize;
            #[inline(always)]
            fn read(&self, off: isize) -> T {
                self.data[index(self.base, off)]
            }
        }
        impl<T: Copy, Sp: MemSpace> EngineRef for $view<'_, T, Sp> {
            #[inline(always)]
            fn at(&self, off: isize) -> &T {
                &self.data[index(self.base, off)]
            }
            #[inline(always)]
            fn run(&self, off: isize, n: usize) -> &[T] {
                let i = index(self.base, off);
                &self.data[i..i + n]
            }
        }
    )*};
}
slice_view_reads!(ViewEngine, ViewMutEngine);
impl<T: Copy, Sp: MemSpace> EngineMut for ViewMutEngine<'_, T, Sp> {
    #[inline(always)]
    fn at_mut(&mut self, off: isize) -> &mut T {
        &mut self.data[index(self.base, off)]
    }
    #[inline(always)]
    fn run_mut(&mut self, off: isize, n: usize) -> &mut [T] {
        let i = index(self.base, off);
        &mut self.data[i..i + n]
    }
}
impl<T: Copy, Sp: MemSpace> Offset for ViewMutEngine<'_, T, Sp> {
    #[inline(always)]
    fn offset(self, off: isize) -> Self {
        ViewMutEngine {
            base: self.base + off,
            ..self
        }
    }
}
