//! The `Tensor` type (an engine and a layout) and its constructors.

use super::engine::{
    ArrayEngine, Engine, EngineMut, EngineRef, Generic, MemSpace, Rmem, Tagged, ViewEngine,
    ViewMutEngine,
};
use crate::algebra::FragmentLayout;
use crate::int::C;
use crate::layout::{
    CompactLayout, CompactLeft, Coshape, CosizeT, Crd2Index, InRange, Layout, ListOf, SizeT,
    make_layout, make_layout_like,
};
use crate::tuple::{CuteDisplay, ToList, ToNative, Tup};
use core::fmt;
use core::ops::{Index, IndexMut};
use generic_array::{ArrayLength, GenericArray};
use typenum::{NonZero, P1, PInt, Unsigned};

/// A tensor: an engine (where the elements live) paired with a layout (how
/// coordinates map to them), as CuTe's `Tensor<Engine, Layout>`.
///
/// ```
/// use cutlet::prelude::*;
/// let mut a = make_owned_tensor::<f32, _>(layout!((4,8)));
/// assert_eq!(core::mem::size_of_val(&a), 128);        // 32 floats, a zero-sized layout
/// a[(1isize, 2isize)] = 5.0;                           // coordinates as layouts take them
/// assert_eq!(a[9], 5.0);                               // 1-D index 1 + 4 * 2
/// ```
pub struct Tensor<E, L> {
    pub(crate) engine: E,
    pub(crate) layout: L,
}

impl<E: Clone, L: Copy> Clone for Tensor<E, L> {
    fn clone(&self) -> Self {
        Tensor {
            engine: self.engine.clone(),
            layout: self.layout,
        }
    }
}
impl<E: Copy, L: Copy> Copy for Tensor<E, L> {}

impl<E, S: Copy, D: Copy> Tensor<E, Layout<S, D>> {
    /// A tensor from an engine and a layout.
    pub fn from_parts(engine: E, layout: Layout<S, D>) -> Self {
        Tensor { engine, layout }
    }
    /// The layout.
    #[inline(always)]
    pub fn layout(&self) -> Layout<S, D> {
        self.layout
    }
    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.layout.shape()
    }
    /// The stride.
    #[inline(always)]
    pub fn stride(&self) -> D {
        self.layout.stride()
    }
    /// The engine.
    pub fn engine(&self) -> &E {
        &self.engine
    }
    /// The number of elements (CuTe's `size(tensor)`).
    #[inline(always)]
    pub fn size(&self) -> SizeT<S>
    where
        S: ToList<List: Tup>,
    {
        self.shape().to_list().size()
    }
    /// Replace the layout, keeping the engine (the origin does not move).
    #[inline(always)]
    pub fn with_layout<S2: Copy, D2: Copy>(
        self,
        layout: Layout<S2, D2>,
    ) -> Tensor<E, Layout<S2, D2>> {
        Tensor {
            engine: self.engine,
            layout,
        }
    }
}

/// CuTe's `layout(tensor)`: the tensor's layout.
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_owned_tensor::<f32, _>(layout!((4,8)));
/// assert_eq!(layout(&t).to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!((size(&t).to_string(), rank(&t).to_string()), ("_32".into(), "_2".into()));
/// ```
#[inline(always)]
pub fn layout<E, L: Copy>(t: &Tensor<E, L>) -> L {
    t.layout
}

// `size(&t)`, `rank(&t)`, `depth(&t)`, `shape(&t)` as for its layout.
impl<E, S: ToList<List: Tup>, D: Copy> crate::layout::Shaped for &Tensor<E, Layout<S, D>> {
    type Shape = S;
    #[inline(always)]
    fn shape_of(self) -> S {
        self.layout.shape()
    }
}

impl<E, L> Tensor<E, L> {
    /// The same engine with the layout mapped by `f` (the algebra on tensors).
    #[inline(always)]
    pub(crate) fn map_layout_with<L2>(self, f: impl FnOnce(L) -> L2) -> Tensor<E, L2> {
        Tensor {
            layout: f(self.layout),
            engine: self.engine,
        }
    }
}

impl<E: Engine, S: ToList, D: ToList> Tensor<E, Layout<S, D>> {
    /// The element at a coordinate (1-D, natural or mixed), by value; works for every
    /// engine, including identity tensors whose elements are computed.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<i32> = (0..6).collect();
    /// let t = make_tensor(&data[..], make_layout_with(shape!((2, 3)), LayoutRight));
    /// assert_eq!(t.get((1isize, 0isize)), 3);
    /// ```
    #[inline(always)]
    pub fn get<Cd: ToList>(&self, c: Cd) -> E::Elem
    where
        ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, E::Index> + InRange<ListOf<S>>,
    {
        self.engine.read(c.to_list().crd2index(
            self.layout.shape().to_list(),
            self.layout.stride().to_list(),
        ))
    }

    /// The engine index (offset from the origin) of a 1-D index.
    #[inline(always)]
    pub(crate) fn offset_of(&self, i: isize) -> E::Index
    where
        isize: Crd2Index<ListOf<S>, ListOf<D>, E::Index>,
    {
        i.crd2index(
            self.layout.shape().to_list(),
            self.layout.stride().to_list(),
        )
    }

    /// The elements in 1-D coordinate order (colexicographic), by value.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let data: Vec<i32> = (0..6).collect();
    /// let t = make_tensor(&data[..], make_layout_with(shape!((2, 3)), LayoutRight));
    /// assert_eq!(t.iter().collect::<Vec<_>>(), [0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = E::Elem> + '_
    where
        Layout<S, D>: crate::layout::Walkable<E::Index>,
    {
        use crate::layout::Walkable;
        let l = self.layout;
        (0..l.walk_size()).map(move |i| self.engine.read(l.walk_index(i)))
    }
}

impl<E: EngineMut, S: ToList, D: ToList> Tensor<E, Layout<S, D>> {
    /// CuTe's `tensor(coord) = v`: stores `v` at a coordinate through the engine's
    /// [`write`](EngineMut::write).
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let mut data = [0i32; 6];
    /// let mut t = make_tensor(&mut data[..], layout!((2,3):(3,1)));
    /// t.set((1usize, 2usize), 7);
    /// assert_eq!(data[5], 7);
    /// ```
    #[inline(always)]
    pub fn set<Cd: ToList>(&mut self, c: Cd, v: E::Elem)
    where
        ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, isize> + InRange<ListOf<S>>,
    {
        let (s, d) = (self.layout.shape(), self.layout.stride());
        let off = c.to_list().crd2index(s.to_list(), d.to_list());
        self.engine.write(off, v)
    }
}

impl<E: EngineMut, S: Copy, D: Copy> Tensor<E, Layout<S, D>>
where
    Layout<S, D>: crate::algorithm::Walk,
{
    /// Call `f` on every element in 1-D coordinate order, mutably. Elements that several
    /// coordinates share are visited once per coordinate.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// let mut t = make_owned_tensor::<i32, _>(layout!((2,3)));
    /// let mut k = 0;
    /// t.for_each_mut(|x| { *x = k; k += 1; });
    /// assert_eq!(t[(1isize, 2isize)], 5);
    /// ```
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut E::Elem)) {
        let e = &mut self.engine;
        crate::algorithm::Walk::walk(self.layout, false, |off| f(e.at_mut(off)));
    }
}

impl<E: EngineRef, S: ToList, D: ToList, Cd: ToList> Index<Cd> for Tensor<E, Layout<S, D>>
where
    ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, isize> + InRange<ListOf<S>>,
{
    type Output = E::Elem;
    #[inline(always)]
    fn index(&self, c: Cd) -> &E::Elem {
        let (s, d) = (self.layout.shape(), self.layout.stride());
        self.engine
            .at(c.to_list().crd2index(s.to_list(), d.to_list()))
    }
}
impl<E: EngineMut, S: ToList, D: ToList, Cd: ToList> IndexMut<Cd> for Tensor<E, Layout<S, D>>
where
    ListOf<Cd>: Crd2Index<ListOf<S>, ListOf<D>, isize> + InRange<ListOf<S>>,
{
    #[inline(always)]
    fn index_mut(&mut self, c: Cd) -> &mut E::Elem {
        let (s, d) = (self.layout.shape(), self.layout.stride());
        let off = c.to_list().crd2index(s.to_list(), d.to_list());
        self.engine.at_mut(off)
    }
}

/// Engines that can lend a read-only view of themselves.
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_owned_tensor::<i32, _>(layout!(4));
/// let v = t.engine().as_view();
/// assert_eq!(v.run(0, 4), [0; 4]);
/// ```
pub trait AsView {
    /// The view engine.
    type View<'a>: EngineRef + Copy
    where
        Self: 'a;
    /// Borrow as a view.
    fn as_view(&self) -> Self::View<'_>;
}
/// Engines that can lend a mutable view of themselves.
///
/// ```
/// use cutlet::prelude::*;
/// let mut t = make_owned_tensor::<i32, _>(layout!(4));
/// let mut v = t.view_mut();                        // a tensor viewing the same registers
/// v[1isize] = 8;
/// assert_eq!(t[1], 8);
/// ```
pub trait AsViewMut: AsView {
    /// The mutable view engine.
    type ViewMut<'a>: EngineMut + super::engine::Offset
    where
        Self: 'a;
    /// Borrow as a mutable view.
    fn as_view_mut(&mut self) -> Self::ViewMut<'_>;
}
impl<T: Copy, N: ArrayLength> AsView for ArrayEngine<T, N> {
    type View<'a>
        = ViewEngine<'a, T, Rmem>
    where
        Self: 'a;
    fn as_view(&self) -> ViewEngine<'_, T, Rmem> {
        ViewEngine::new(&self.data, 0)
    }
}
impl<T: Copy, N: ArrayLength> AsViewMut for ArrayEngine<T, N> {
    type ViewMut<'a>
        = ViewMutEngine<'a, T, Rmem>
    where
        Self: 'a;
    fn as_view_mut(&mut self) -> ViewMutEngine<'_, T, Rmem> {
        ViewMutEngine::new(&mut self.data, 0)
    }
}
impl<T: Copy, Sp: MemSpace> AsView for ViewEngine<'_, T, Sp> {
    type View<'a>
        = ViewEngine<'a, T, Sp>
    where
        Self: 'a;
    fn as_view(&self) -> ViewEngine<'_, T, Sp> {
        *self
    }
}
impl<T: Copy, Sp: MemSpace> AsView for ViewMutEngine<'_, T, Sp> {
    type View<'a>
        = ViewEngine<'a, T, Sp>
    where
        Self: 'a;
    fn as_view(&self) -> ViewEngine<'_, T, Sp> {
        ViewMutEngine::as_view(self)
    }
}
impl<T: Copy, Sp: MemSpace> AsViewMut for ViewMutEngine<'_, T, Sp> {
    type ViewMut<'a>
        = ViewMutEngine<'a, T, Sp>
    where
        Self: 'a;
    fn as_view_mut(&mut self) -> ViewMutEngine<'_, T, Sp> {
        self.reborrow()
    }
}

impl<E: AsView, L: Copy> Tensor<E, L> {
    /// A read-only view of this tensor (same layout).
    #[inline(always)]
    pub fn view(&self) -> Tensor<E::View<'_>, L> {
        Tensor {
            engine: self.engine.as_view(),
            layout: self.layout,
        }
    }
}
impl<E: AsViewMut, L: Copy> Tensor<E, L> {
    /// A mutable view of this tensor (same layout).
    #[inline(always)]
    pub fn view_mut(&mut self) -> Tensor<E::ViewMut<'_>, L> {
        Tensor {
            engine: self.engine.as_view_mut(),
            layout: self.layout,
        }
    }
}

/// Storage a non-owning tensor can view: slices, tagged slices.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [1u8; 4];
/// let e = (&data[..]).into_engine();
/// assert_eq!(e.read(3), 1);
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tensor's storage",
    label = "expected `&[T]`, `&mut [T]` or a tagged pointer (`make_gmem_ptr(slice)`)"
)]
pub trait IntoEngine {
    /// The engine.
    type Engine: Engine;
    /// Wrap.
    fn into_engine(self) -> Self::Engine;
}
impl<'a, T: Copy> IntoEngine for &'a [T] {
    type Engine = ViewEngine<'a, T, Generic>;
    fn into_engine(self) -> Self::Engine {
        ViewEngine::new(self, 0)
    }
}
impl<'a, T: Copy> IntoEngine for &'a mut [T] {
    type Engine = ViewMutEngine<'a, T, Generic>;
    fn into_engine(self) -> Self::Engine {
        ViewMutEngine::new(self, 0)
    }
}
impl<'a, T: Copy, Sp: MemSpace> IntoEngine for Tagged<Sp, &'a [T]> {
    type Engine = ViewEngine<'a, T, Sp>;
    fn into_engine(self) -> Self::Engine {
        ViewEngine::new(self.storage, 0)
    }
}
impl<'a, T: Copy, Sp: MemSpace> IntoEngine for Tagged<Sp, &'a mut [T]> {
    type Engine = ViewMutEngine<'a, T, Sp>;
    fn into_engine(self) -> Self::Engine {
        ViewMutEngine::new(self.storage, 0)
    }
}

/// A layout, or a shape (taken as its compact column-major layout).
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 32];
/// // A shape means its compact column-major layout.
/// assert_eq!(make_tensor(&data[..], shape!((4, 8))).layout(), make_layout(shape!((4, 8))));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a layout nor a shape",
    label = "expected a layout or an int tuple"
)]
pub trait IntoLayout {
    /// Shape of the layout.
    type Shape: Copy;
    /// Stride of the layout.
    type Stride: Copy;
    /// The layout.
    fn into_layout(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<S: Copy, D: Copy> IntoLayout for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn into_layout(self) -> Self {
        self
    }
}
impl<S: ToList> IntoLayout for S
where
    ListOf<S>: CompactLeft<C<P1>>,
    <ListOf<S> as CompactLeft<C<P1>>>::Stride: ToNative,
{
    type Shape = S;
    type Stride = <<ListOf<S> as CompactLeft<C<P1>>>::Stride as ToNative>::Native;
    #[inline(always)]
    fn into_layout(self) -> CompactLayout<S> {
        make_layout(self)
    }
}

/// CuTe's `make_tensor(ptr, layout)`: a non-owning tensor over slice storage (plain or
/// tagged with a memory space); the layout may be given as a shape (compact
/// column-major).
///
/// ```
/// use cutlet::prelude::*;
/// let data: Vec<f32> = (0..192).map(|x| x as f32).collect();
/// let (m, n) = (8, 24);
/// let a = make_tensor(&data[..], shape!((m, n)));
/// assert_eq!(a.layout().to_string(), "(8,24):(_1,8)");
/// let tiled = a.zipped_divide(shape!((4, 8)));
/// assert_eq!(tiled.layout().to_string(), "((_4,_8),(2,3)):((_1,8),(_4,64))");
/// ```
///
/// A swizzled (composed) layout gives a swizzled view, e.g. of a shared-memory tile:
///
/// ```
/// use cutlet::prelude::*;
/// let data: Vec<u16> = (0..512).collect();
/// let sw = composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1)));
/// let t = make_tensor(&data[..], sw);
/// assert_eq!(t.get(coord!((3, 14))), 214);
/// ```
#[inline(always)]
pub fn make_tensor<P: IntoEngine, L: TensorLayout>(
    storage: P,
    layout: L,
) -> Tensor<P::Engine, L::Layout> {
    Tensor {
        engine: storage.into_engine(),
        layout: layout.tensor_layout(),
    }
}

/// What a tensor's layout can be built from: a layout, a shape (its compact
/// column-major layout) or a composed (swizzled) layout.
///
/// ```
/// use cutlet::prelude::*;
/// fn lay<L: TensorLayout>(l: L) -> L::Layout { l.tensor_layout() }
/// assert_eq!(lay(shape!((2, 3))).to_string(), "(_2,_3):(_1,_2)");
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a layout, a shape or a composed layout",
    label = "expected the layout of a tensor"
)]
pub trait TensorLayout {
    /// The tensor's layout type.
    type Layout: Copy;
    /// The layout.
    fn tensor_layout(self) -> Self::Layout;
}
impl<L: IntoLayout> TensorLayout for L {
    type Layout = Layout<L::Shape, L::Stride>;
    #[inline(always)]
    fn tensor_layout(self) -> Self::Layout {
        self.into_layout()
    }
}
impl<A: Copy, O: Copy, B: Copy> TensorLayout for crate::layout::ComposedLayout<A, O, B> {
    type Layout = Self;
    #[inline(always)]
    fn tensor_layout(self) -> Self {
        self
    }
}

/// CuTe's `make_tensor(ptr, shape, stride)`.
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0u8; 64];
/// let t = make_tensor_strided(&data[..], shape!((8, 16)), shape!((16, 1)));
/// assert_eq!(t.layout().to_string(), "(_8,_16):(_16,_1)");
/// ```
#[inline(always)]
pub fn make_tensor_strided<P: IntoEngine, S: crate::layout::CongruentWith<D>, D: ToList>(
    storage: P,
    shape: S,
    stride: D,
) -> Tensor<P::Engine, Layout<S, D>> {
    Tensor {
        engine: storage.into_engine(),
        layout: Layout::new(shape, stride),
    }
}

/// The element count of an owning tensor: the layout's cosize as a typenum length,
/// which exists only when the cosize is static.
///
/// ```compile_fail
/// use cutlet::prelude::*;
/// // a dynamic extent has no static storage size:
/// let m = 4;
/// let _ = make_owned_tensor::<f32, _>(layout!((m, 8)));
/// ```
/// ```
/// use cutlet::prelude::*;
/// assert_eq!(core::mem::size_of_val(&make_owned_tensor::<f32, _>(layout!((4,8)))), 128);
/// ```
#[diagnostic::on_unimplemented(
    message = "owning tensors need a static layout: this layout's cosize is dynamic",
    label = "the storage size of a register tensor must be known at compile time",
    note = "use a non-owning view (`make_tensor(&mut slice[..], layout)`) for dynamic layouts"
)]
pub trait StaticCosize {
    /// The number of elements to store.
    type Len: ArrayLength;
}
impl<U: Unsigned + NonZero + ArrayLength> StaticCosize for C<PInt<U>> {
    type Len = U;
}

/// The owning tensor type for element `T` and layout `L`.
///
/// ```
/// use cutlet::prelude::*;
/// let t: OwnedTensor<f32, shape_t!((4, 8)), shape_t!((1, 4))> = make_owned_tensor(layout!((4,8)));
/// assert_eq!(core::mem::size_of_val(&t), 128);
/// ```
pub type OwnedTensor<T, S, D> =
    Tensor<ArrayEngine<T, <CosizeT<Layout<S, D>> as StaticCosize>::Len>, Layout<S, D>>;

/// Layouts (or shapes) an owning register tensor can have: static cosize, so the
/// storage length is a constant. [`OwnedTensorOf`] names the tensor.
///
/// ```
/// use cutlet::prelude::*;
/// fn frag<L: OwnableLayout>(l: L) -> OwnedTensorOf<f32, L> { make_owned_tensor::<f32, _>(l) }
/// assert_eq!(core::mem::size_of_val(&frag(layout!((4, 8)))), 128);
/// ```
#[diagnostic::on_unimplemented(
    message = "owning tensors need a static layout: `{Self}` has no static cosize",
    label = "the storage size of a register tensor must be known at compile time",
    note = "use a non-owning view (`make_tensor(&mut slice[..], layout)`) for dynamic layouts"
)]
pub trait OwnableLayout: TensorLayout {
    /// The number of elements stored.
    type Len: ArrayLength;
}
/// A composed (swizzled) layout stores `cosize` of its domain layout, as CuTe's
/// shared-memory tiles do.
impl<A: Copy, O: Copy, B: Copy + crate::layout::Cosized> OwnableLayout
    for crate::layout::ComposedLayout<A, O, B>
where
    CosizeT<B>: StaticCosize,
{
    type Len = <CosizeT<B> as StaticCosize>::Len;
}
impl<L: IntoLayout> OwnableLayout for L
where
    L::Shape: ToList,
    L::Stride: ToList,
    ListOf<L::Shape>: Coshape<ListOf<L::Stride>>,
    CosizeT<Layout<L::Shape, L::Stride>>: StaticCosize,
{
    type Len = <CosizeT<Layout<L::Shape, L::Stride>> as StaticCosize>::Len;
}
/// The owning tensor of element type `T` with layout `L` (what `make_owned_tensor`
/// returns).
///
/// ```
/// use cutlet::prelude::*;
/// let t: OwnedTensorOf<i32, layout_t!((2, 2):(1, 2))> = make_owned_tensor::<i32, _>(layout!((2, 2)));
/// assert_eq!(t.iter().sum::<i32>(), 0);
/// ```
pub type OwnedTensorOf<T, L> =
    Tensor<ArrayEngine<T, <L as OwnableLayout>::Len>, <L as TensorLayout>::Layout>;

/// CuTe's `make_tensor<T>(layout)`: an owning (register) tensor whose storage size is
/// the layout's cosize, fixed at compile time; zero-initialized. A dynamic layout does
/// not compile.
///
/// ```
/// use cutlet::prelude::*;
/// let t = make_owned_tensor::<f32, _>(layout!((4,8)));
/// assert_eq!(core::mem::size_of_val(&t), 128);
/// let r = make_owned_tensor::<f64, _>(make_layout_with(shape!((4, 8)), LayoutRight));
/// assert_eq!(r.layout().to_string(), "(_4,_8):(_8,_1)");
/// // a swizzled shared-memory tile: 8x64 half-precision elements
/// let s = make_owned_tensor::<half::f16, _>(composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1))));
/// assert_eq!(core::mem::size_of_val(&s), 1024);
/// ```
#[inline(always)]
pub fn make_owned_tensor<T: Copy + Default, L: OwnableLayout>(layout: L) -> OwnedTensorOf<T, L> {
    Tensor {
        engine: ArrayEngine {
            data: GenericArray::default(),
        },
        layout: layout.tensor_layout(),
    }
}

/// CuTe's `make_tensor_like(tensor)`: an owning tensor of the same shape, compact, with
/// the modes ordered as the source's strides order them (static-zero strides kept).
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 128];
/// let g = make_tensor(&data[..], layout!((8,16)));
/// let r = make_tensor_like(&g.slice(coord!((_, 0))));
/// assert_eq!(r.layout().to_string(), "(_8):(_1)");
/// let t = make_tensor_like(&make_tensor(&data[..], layout!((4,8):(8,1))));
/// assert_eq!(t.layout().to_string(), "(_4,_8):(_8,_1)");
/// ```
#[inline(always)]
pub fn make_tensor_like<E: Engine, L: crate::layout::LayoutLike + Copy>(
    t: &Tensor<E, L>,
) -> OwnedTensorOf<E::Elem, crate::layout::LayoutLikeT<L>>
where
    E::Elem: Default,
    crate::layout::LayoutLikeT<L>: OwnableLayout,
{
    make_owned_tensor(make_layout_like(t.layout))
}

/// CuTe's `make_fragment_like(tensor)`: an owning register tensor of the same shape
/// whose layout is [`make_layout_fragment_like`](crate::algebra::make_layout_fragment_like)
/// of the source's: mode 0 (the values an atom works on) column-major and innermost,
/// the other modes in the order of the source's strides. The source's shape must be
/// static (the storage size is a compile-time constant).
///
/// ```
/// use cutlet::prelude::*;
/// let data = [0f32; 2048];
/// // A thread's (V, M, N) slice of a row-major tile in global memory.
/// let src = make_tensor(&data[..], layout!(((2,2),4,8):((1,64),8,256)));
/// let mut frag = make_fragment_like(&src);
/// assert_eq!(frag.layout().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// assert_eq!(core::mem::size_of_val(&frag), 128 * 4);
/// copy(&src, &mut frag);
/// ```
#[inline(always)]
pub fn make_fragment_like<E: Engine, L: FragmentLayout + Copy>(
    t: &Tensor<E, L>,
) -> OwnedTensorOf<E::Elem, <L as FragmentLayout>::Output>
where
    E::Elem: Default,
    <L as FragmentLayout>::Output: OwnableLayout,
{
    make_owned_tensor(t.layout.fragment_layout())
}

impl<E, S: CuteDisplay, D: CuteDisplay> fmt::Display for Tensor<E, Layout<S, D>>
where
    E: Engine,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // CuTe prints `ptr` for an untagged pointer, `gmem_ptr`/`smem_ptr`/`rmem_ptr`
        // for tagged ones.
        match <E::Space as MemSpace>::NAME {
            "ptr" => f.write_str("ptr o ")?,
            space => write!(f, "{space}_ptr o ")?,
        }
        self.layout.fmt_cute(f)
    }
}

/// Slicing a tensor by its layout: CuTe's `tensor(coord)` for any tensor layout. The
/// fixed part of the coordinate moves the engine (a plain layout) or is folded into the
/// layout's offset (a composed layout, whose `slice_and_offset` returns `_0`).
#[doc(hidden)]
pub trait SliceTensor<E, Cd> {
    type Out;
    fn slice_tensor(self, e: E, c: Cd) -> Tensor<E, Self::Out>;
}
impl<E: super::engine::Offset, L, Cd, LT, Off> SliceTensor<E, Cd> for L
where
    L: crate::layout::SliceableWithOffset<Cd, Output = (LT, Off)>,
    Off: crate::int::AddInto<E::Index>,
{
    type Out = LT;
    #[inline(always)]
    fn slice_tensor(self, e: E, c: Cd) -> Tensor<E, LT> {
        let (layout, off) = self.slice_and_offset(c);
        Tensor {
            engine: e.offset(off.add_into(E::Index::default())),
            layout,
        }
    }
}
