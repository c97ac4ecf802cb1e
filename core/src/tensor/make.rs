//! Making tensors: over borrowed storage (`make_tensor`), or owning storage whose size
//! is the layout's cosize, fixed at compile time (`make_owned_tensor`,
//! `make_fragment_like`, `make_tensor_like`).

use super::{ArrayEngine, CoordEngine, CoordRank, Engine, IntoEngine, Tensor};
use crate::int::{Bit, Leaf, Nat, SInt};
use crate::layout::Layout;
use crate::tuple::IntTuple;

/// The number of elements an owning tensor of layout `L` stores: its cosize, as a
/// type-level number.
pub type CosizeNat<L> = <<<<L as Layout>::Coshape as IntTuple>::Size as Leaf>::Val as SInt>::Mag;
/// The owning tensor of `T`s with layout `L`.
pub type OwnedTensor<T, L> = Tensor<ArrayEngine<T, CosizeNat<L>>, L>;

/// Storage too short for a layout ([`try_make_tensor`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooShort {
    /// The layout's cosize: the elements it addresses.
    pub cosize: isize,
    /// The storage's length.
    pub len: usize,
}
impl core::fmt::Display for TooShort {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "the layout addresses {} elements but the storage holds {}",
            self.cosize, self.len
        )
    }
}

/// CuTe's `make_tensor(ptr, layout)` over a slice (`&[T]` gives a shared view,
/// `&mut [T]` a mutable one), checking that the slice holds the layout's cosize.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data = [0f32; 8];
/// assert!(try_make_tensor(&data[..], layout!((4,2))).is_ok());
/// let e = try_make_tensor(&data[..], layout!((4,4))).unwrap_err();
/// assert_eq!(e.to_string(), "the layout addresses 16 elements but the storage holds 8");
/// ```
#[inline(always)]
pub fn try_make_tensor<P: IntoEngine, L: Layout>(
    storage: P,
    layout: L,
) -> Result<Tensor<P::Engine, L>, TooShort> {
    let (engine, len) = storage.into_engine();
    let cosize = crate::algebra::cosize(layout).value();
    if usize::try_from(cosize).is_ok_and(|c| c <= len) {
        Ok(Tensor::from_parts(engine, layout))
    } else {
        Err(TooShort { cosize, len })
    }
}

/// CuTe's `make_tensor(ptr, layout)` over a slice: [`try_make_tensor`] for storage
/// known to be long enough.
///
/// ```
/// use cutlet_core::prelude::*;
/// let mut data = [0i32; 6];
/// let mut t = make_tensor(&mut data[..], layout!((2,3):(3,1)));
/// t[coord!((1, 2))] = 7;
/// assert_eq!(data[5], 7);
/// ```
///
/// # Panics
/// If the slice is shorter than the layout's cosize; the message names both.
#[inline(always)]
#[track_caller]
pub fn make_tensor<P: IntoEngine, L: Layout>(storage: P, layout: L) -> Tensor<P::Engine, L> {
    match try_make_tensor(storage, layout) {
        Ok(t) => t,
        Err(e) => panic!("make_tensor: {e}"),
    }
}

/// CuTe's `make_tensor<T>(layout)`: an owning tensor (a register fragment) whose
/// storage is the layout's cosize, fixed at compile time; every element
/// `T::default()`. A layout with a dynamic cosize does not compile.
///
/// One turbofish argument, as in CuTe. The result is an [`OwnedTensor<T, L>`] whose
/// layout type `L` (the argument's) is opaque to the caller: Rust lets a call name only
/// the element type when the layout is an `impl Layout` argument, and such a type cannot
/// be written in the return type. The layout is still the same zero-sized static layout
/// and every function bounded by [`Layout`] takes it. Where the type must be named (a
/// struct field, a function's return type), use [`OwnedTensor::new`].
///
/// ```
/// use cutlet_core::prelude::*;
/// let mut t = make_owned_tensor::<f32>(layout!((4,8)));
/// t[coord!((1, 2))] = 3.0;
/// assert_eq!(t[9], 3.0);
/// assert_eq!(t.layout().to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(core::mem::size_of_val(&t), 32 * 4);
/// let r = make_owned_tensor::<f64>(make_layout_major(shape!((4, 8)), LayoutRight));
/// assert_eq!(r.layout().to_string(), "(_4,_8):(_8,_1)");
/// ```
#[inline(always)]
pub fn make_owned_tensor<T: Copy + Default>(layout: impl Layout) -> OwnedTensor<T, impl Layout> {
    OwnedTensor::new(layout)
}

impl<T: Copy + Default, L: Layout> Tensor<ArrayEngine<T, CosizeNat<L>>, L> {
    /// An owning tensor of layout `L`, its type named: what [`make_owned_tensor`] makes,
    /// for where the type must be written out.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_core::tensor::OwnedTensor;
    /// fn accumulator<L: Layout>(l: L) -> OwnedTensor<f32, L> {
    ///     OwnedTensor::new(l)
    /// }
    /// let acc = accumulator(layout!((2,4)));
    /// assert_eq!(acc.layout().to_string(), "(_2,_4):(_1,_2)");
    /// ```
    #[inline(always)]
    pub fn new(layout: L) -> Self {
        const {
            assert!(
                <<L::Coshape as IntTuple>::IsStatic as Bit>::BOOL,
                "make_owned_tensor: the layout's cosize must be static (an owning tensor's size is a compile-time constant)"
            )
        };
        Tensor::from_parts(ArrayEngine::default(), layout)
    }
}

/// CuTe's `make_fragment_like(tensor)`: an owning tensor of the same shape whose layout
/// is [`make_layout_fragment_like`](crate::layout::make_layout_fragment_like) of the
/// source's.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data = [0f32; 2048];
/// // A thread's (V, M, N) slice of a row-major tile.
/// let src = make_tensor(&data[..], layout!(((2,2),4,8):((1,64),8,256)));
/// let frag = make_fragment_like(&src);
/// assert_eq!(frag.layout().to_string(), "((_2,_2),_4,_8):((_1,_2),_4,_16)");
/// assert_eq!(core::mem::size_of_val(&frag), 128 * 4);
/// ```
#[inline(always)]
pub fn make_fragment_like<E: Engine<Elem: Default>, L: Layout>(
    t: &Tensor<E, L>,
) -> OwnedTensor<E::Elem, L::FragmentLike> {
    OwnedTensor::new(crate::layout::make_layout_fragment_like(t.layout()))
}

/// CuTe's `make_tensor_like(tensor)`: an owning tensor of the same shape, compact, its
/// modes in the order of the source's strides.
///
/// ```
/// use cutlet_core::prelude::*;
/// let data = [0f32; 32];
/// let t = make_tensor_like(&make_tensor(&data[..], layout!((4,8):(8,1))));
/// assert_eq!(t.layout().to_string(), "(_4,_8):(_8,_1)");
/// ```
#[inline(always)]
pub fn make_tensor_like<E: Engine<Elem: Default>, L: Layout>(
    t: &Tensor<E, L>,
) -> OwnedTensor<E::Elem, L::LayoutLike> {
    OwnedTensor::new(crate::layout::make_layout_like(t.layout()))
}

/// A shape an identity tensor can have: 1 to [`MAX_COORD_RANK`](super::MAX_COORD_RANK)
/// modes.
pub trait IdentityShape: IntTuple<Rank: CoordRank> {}
impl<S: IntTuple<Rank: CoordRank>> IdentityShape for S {}

/// The identity tensor of shape `S` ([`make_identity_tensor`]).
pub type IdentityTensor<S> =
    Tensor<CoordEngine<<S as IntTuple>::Rank>, crate::layout::MakeIdentityLayout<S>>;

/// CuTe's `make_identity_tensor(shape)`: the tensor whose element at each coordinate is
/// that coordinate (an `isize` for one mode, a tuple for more). Tiled and partitioned
/// like the data it describes, it gives each thread the global coordinates of its
/// elements, which is how kernels predicate the edges of partial tiles.
///
/// ```
/// use cutlet_core::prelude::*;
/// let (m, n) = (5, 7);
/// let id = make_identity_tensor(shape!((m, n)));
/// assert_eq!(id.get(6), (1, 1));
/// // The (2,4) tile at tile coordinate (2, 1), then a coordinate inside it.
/// let tile = local_tile(id, shape!((2, 4)), (2usize, 1usize));
/// assert_eq!(tile.get((1usize, 3usize)), (5, 7)); // outside (5, 7): predicate it away
/// ```
#[inline(always)]
pub fn make_identity_tensor<S: IdentityShape>(s: S) -> IdentityTensor<S> {
    const {
        assert!(
            <<S::Depth as Nat>::Cmp<typenum::U2> as crate::int::Ord3>::Lt::BOOL,
            "make_identity_tensor: the shape's modes must be integers (a flat shape)"
        )
    };
    Tensor::from_parts(
        CoordEngine::default(),
        crate::layout::make_identity_layout(s),
    )
}
