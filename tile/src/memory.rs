//! Moving tiles between tensors and registers: `load` reads the tile at a tile
//! coordinate of a tensor (cuTile's `ct.load(a, index=(bid,), shape=(TILE,))`), filling
//! the elements past the tensor's edge with the padding; `store` writes a tile back and
//! drops the elements past the edge. `load_masked` / `store_masked` are CUDA Tile C++'s
//! names for the same bounds-checked moves (zero padding).
//!
//! The tensor is a `cutlet-core` tensor over a slice (`make_tensor(&data[..], layout)`)
//! whose strided layout has flat modes (one extent and stride each) and the tile's rank; element `(t0, t1, ...)` of the
//! tile at index `(i0, i1, ...)` is tensor element `(i0 * d0 + t0, i1 * d1 + t1, ...)`.
//! Rows run along the last dimension: a unit stride there moves whole rows at once.

use super::element::Element;
use super::expr::{Expr, TileExpr, expr, fill_from};
use super::shape::{MAX_RANK, TileShape};
use super::view::View;
use cutlet_core::int::Leaf;
use cutlet_core::layout::{Layout, Shaped, StridedLayout};
use cutlet_core::tensor::{Contiguous, ContiguousMut, Tensor};
use cutlet_core::tuple::IntTuple;
use typenum::Unsigned;

/// Copy a contiguous run in pieces of at most 2 KiB: longer copies become string moves
/// (`rep movsb`) that stall when source and destination are a multiple of 4 KiB apart,
/// as a tile's rows and its tensor's rows often are.
#[inline(always)]
pub(crate) fn copy_run<T: Copy>(dst: &mut [T], src: &[T]) {
    let n = (2048 / core::mem::size_of::<T>().max(1)).max(1);
    for (d, s) in dst.chunks_mut(n).zip(src.chunks(n)) {
        d.copy_from_slice(s);
    }
}

/// What `load` puts where the tile reaches past the tensor (cuTile's `PaddingMode`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let data = [1.0f32, 2.0, 3.0];
/// let n = 3;
/// let a = make_tensor(&data[..], layout!(n));
/// let t = ct::load(&a, 0, shape!((4)), ct::Padding::Value(f32::NEG_INFINITY));
/// assert_eq!(t.eval().as_slice(), [1.0, 2.0, 3.0, f32::NEG_INFINITY]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Padding<T> {
    /// Zeros (`PaddingMode.ZERO`).
    Zero,
    /// A given value (e.g. `f32::NEG_INFINITY` before a max reduction).
    Value(T),
}
impl<T: Element> Padding<T> {
    pub(crate) fn value(self) -> T {
        match self {
            Padding::Zero => T::default(),
            Padding::Value(v) => v,
        }
    }
}

/// A tile coordinate: an integer (rank 1) or a tuple of integers, one per dimension.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileIndex;
/// assert_eq!(3usize.coords().1, 1);
/// let (c, n) = (1i32, 2usize).coords();
/// assert_eq!((c[0], c[1], n), (1, 2, 2));
/// ```
pub trait TileIndex: Copy {
    /// The coordinates, left-aligned, and how many there are.
    fn coords(self) -> ([isize; MAX_RANK], usize);
}
/// One coordinate of a [`TileIndex`].
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::IndexValue;
/// assert_eq!(7u32.index(), 7isize);
/// ```
pub trait IndexValue: Copy {
    /// As a signed index.
    fn index(self) -> isize;
}
macro_rules! index_value {
    ($($t:ty),*) => {$(
        impl IndexValue for $t {
            #[inline(always)]
            fn index(self) -> isize { self as isize }
        }
        impl TileIndex for $t {
            #[inline(always)]
            fn coords(self) -> ([isize; MAX_RANK], usize) {
                let mut c = [0; MAX_RANK];
                c[0] = self as isize;
                (c, 1)
            }
        }
    )*};
}
index_value!(isize, usize, i32, u32, i64, u64);
macro_rules! index_tuple {
    ($(($($t:ident $i:tt),*)),*) => {$(
        impl<$($t: IndexValue),*> TileIndex for ($($t,)*) {
            #[inline(always)]
            fn coords(self) -> ([isize; MAX_RANK], usize) {
                let mut c = [0; MAX_RANK];
                $(c[$i] = self.$i.index();)*
                (c, [$($i),*].len())
            }
        }
    )*};
}
index_tuple!((A 0), (A 0, B 1), (A 0, B 1, D 2), (A 0, B 1, D 2, E 3), (A 0, B 1, D 2, E 3, F 4),
    (A 0, B 1, D 2, E 3, F 4, G 5), (A 0, B 1, D 2, E 3, F 4, G 5, H 6),
    (A 0, B 1, D 2, E 3, F 4, G 5, H 6, I 7));
impl TileIndex for () {
    fn coords(self) -> ([isize; MAX_RANK], usize) {
        ([0; MAX_RANK], 0)
    }
}

/// The part of the tensor a tile covers: per row (all dimensions but the last) the
/// tensor offset of its first element, and how many elements of each row exist.
pub(crate) struct Footprint {
    pub(crate) rank: usize,
    pub(crate) origin: [isize; MAX_RANK],
    pub(crate) ext: [isize; MAX_RANK],
    pub(crate) stride: [isize; MAX_RANK],
}

/// A layout whose modes `load` and `store` can address: read as one extent and one
/// stride per mode (implemented by every strided layout; `load` and `store` check at
/// compile time that the modes are flat). A swizzled layout is not one.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile::FlatModes;
/// let l = layout!((4, 8));
/// let (ext, stride) = l.modes();
/// assert_eq!((ext[..2].to_vec(), stride[..2].to_vec()), (vec![4, 8], vec![1, 4]));
/// fn rank<L: FlatModes>(_: L) -> usize { L::RANK }
/// assert_eq!(rank(l), 2);
/// ```
#[diagnostic::on_unimplemented(
    message = "tiles cannot move through a tensor whose layout is `{Self}`",
    label = "`load` and `store` take tensors with strided layouts; a swizzled (composed) layout has no strides"
)]
pub trait FlatModes: Layout {
    /// The number of top-level modes.
    const RANK: usize;
    /// The number of modes once flattened.
    const FLAT_RANK: usize;
    /// The flattened extents and strides, left-aligned (a layout of more than
    /// [`MAX_RANK`] flat modes does not compile).
    fn modes(self) -> ([isize; MAX_RANK], [isize; MAX_RANK]);
}
impl<S: IntTuple, D: IntTuple> FlatModes for StridedLayout<S, D> {
    const RANK: usize = <S::Rank as Unsigned>::USIZE;
    const FLAT_RANK: usize = <<S::Leaves as IntTuple>::Rank as Unsigned>::USIZE;
    #[inline(always)]
    fn modes(self) -> ([isize; MAX_RANK], [isize; MAX_RANK]) {
        const {
            assert!(
                Self::FLAT_RANK <= MAX_RANK,
                "load/store: tiles have at most 8 modes"
            )
        };
        (leaf_values(self.shape()), leaf_values(self.stride()))
    }
}
/// The first [`MAX_RANK`] leaves of `t`, left-aligned.
#[inline(always)]
fn leaf_values<T: IntTuple>(t: T) -> [isize; MAX_RANK] {
    let l = t.leaves();
    let v = [
        l.e0().size().value(),
        l.e1().size().value(),
        l.e2().size().value(),
        l.e3().size().value(),
        l.e4().size().value(),
        l.e5().size().value(),
        l.e6().size().value(),
        l.e7().size().value(),
    ];
    let mut out = [0; MAX_RANK];
    let n = <<T::Leaves as IntTuple>::Rank as Unsigned>::USIZE.min(MAX_RANK);
    out[..n].copy_from_slice(&v[..n]);
    out
}

/// The tile's footprint in a flat tensor, checked against the tile's rank.
#[track_caller]
#[inline(always)]
fn footprint<L: FlatModes, S: TileShape>(l: L, index: impl TileIndex, op: &str) -> Footprint {
    let (idx, n) = index.coords();
    let (ext, stride) = l.modes();
    const {
        assert!(
            L::RANK == S::RANK,
            "load/store: the tile's rank differs from the tensor's"
        );
        assert!(
            L::FLAT_RANK == S::RANK,
            "load/store: the tensor's modes must be flat (one extent and stride each)"
        );
    }
    let rank = S::RANK;
    assert!(
        n == rank,
        "{op}: a rank-{rank} tile needs {rank} tile coordinates, got {n}"
    );
    let mut origin = [0; MAX_RANK];
    for k in 0..rank {
        origin[k] = idx[k] * S::DIMS[k] as isize;
    }
    Footprint {
        rank,
        origin,
        ext,
        stride,
    }
}

impl Footprint {
    /// The tensor offset of the tile's first element when the tile lies wholly inside
    /// the tensor and its elements are one contiguous run there.
    #[inline(always)]
    pub(crate) fn contiguous<S: TileShape>(&self) -> Option<isize> {
        let mut expect = 1;
        let mut off = 0;
        for k in (0..self.rank).rev() {
            let (o, d) = (self.origin[k], S::DIMS[k] as isize);
            if o < 0 || o + d > self.ext[k] || (d > 1 && self.stride[k] != expect) {
                return None;
            }
            expect *= d;
            off += o * self.stride[k];
        }
        Some(off)
    }

    /// Visit the rows of the tile that reach into the tensor (row-major over all but
    /// the last dimension): the row number, the tensor offset of its first element, the
    /// number of its elements inside the tensor and the stride between them.
    #[inline(always)]
    fn rows<S: TileShape>(&self, mut f: impl FnMut(usize, isize, usize, isize)) {
        if self.rank == 0 {
            return f(0, 0, 1, 1);
        }
        let last = self.rank - 1;
        let row_len = S::DIMS[last] as isize;
        let start = self.origin[last];
        let valid = (self.ext[last] - start).clamp(0, row_len);
        let valid = if start < 0 { 0 } else { valid } as usize;
        let rows = S::SIZE / S::DIMS[last];
        let mut r = [0isize; MAX_RANK];
        for row in 0..rows {
            let mut off = start * self.stride[last];
            let mut inside = true;
            for (k, &rk) in r.iter().enumerate().take(last) {
                let g = self.origin[k] + rk;
                inside &= g >= 0 && g < self.ext[k];
                off += g * self.stride[k];
            }
            if inside && valid > 0 {
                f(row, off, valid, self.stride[last]);
            }
            // Next row: row-major odometer over the leading dimensions.
            let mut k = last;
            while k > 0 {
                k -= 1;
                r[k] += 1;
                if r[k] < S::DIMS[k] as isize {
                    break;
                }
                r[k] = 0;
            }
        }
    }
}

/// The tile of shape `shape` at tile coordinate `index` of `tensor`, with `padding`
/// where it reaches past the tensor's edge (cuTile Python's `load`), as a lazy
/// [`View`]: elements are read from the tensor when the expression is evaluated (by
/// `store`, a reduction or `eval`), so `load(a) + load(b)` stored to `c` is one pass.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let data: Vec<f32> = (0..10).map(|x| x as f32).collect();
/// let n = data.len() as isize;
/// let a = make_tensor(&data[..], layout!(n));
/// let t = ct::load(&a, 2, shape!((4)), ct::Padding::Zero);            // elements 8..12
/// assert_eq!(t.eval().as_slice(), [8.0, 9.0, 0.0, 0.0]);
/// ```
#[track_caller]
#[inline(always)]
pub fn load<'a, T, E, L, S>(
    tensor: &'a Tensor<E, L>,
    index: impl TileIndex,
    _shape: S,
    padding: Padding<T>,
) -> Expr<T, View<'a, T, S>>
where
    T: Element,
    E: Contiguous<Elem = T>,
    L: FlatModes,
    S: TileShape,
{
    let fp = footprint::<L, S>(tensor.layout(), index, "load");
    expr(View::new(tensor.engine(), &fp, padding.value()))
}

/// [`load`] with zero padding (CUDA Tile C++'s `load_masked`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let data = [1i32, 2, 3, 4, 5, 6];
/// let (m, n) = (2, 3);
/// let a = make_tensor(&data[..], make_layout_major(shape!((m, n)), LayoutRight));
/// let t = ct::load_masked(&a, (0, 1), shape!((2, 2)));         // columns 2..4
/// assert_eq!(t.to_string(), "[[3, 0], [6, 0]]");
/// ```
#[track_caller]
#[inline(always)]
pub fn load_masked<'a, T, E, L, S>(
    tensor: &'a Tensor<E, L>,
    index: impl TileIndex,
    shape: S,
) -> Expr<T, View<'a, T, S>>
where
    T: Element,
    E: Contiguous<Elem = T>,
    L: FlatModes,
    S: TileShape,
{
    load(tensor, index, shape, Padding::Zero)
}

/// Write `tile` (a tile or any tile expression, evaluated straight into the tensor) at
/// tile coordinate `index` of `tensor`, dropping the elements past the tensor's edge
/// (cuTile Python's `store`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let mut data = [0u8; 5];
/// let n = 5;
/// let mut a = make_tensor(&mut data[..], layout!(n));
/// ct::store(&mut a, 1, ct::full(shape!((4)), 7u8));                    // elements 4..8: only 4 exists
/// assert_eq!(data, [0, 0, 0, 0, 7]);
/// // CUDA Tile C++'s `store_masked` is this function under that name.
/// ct::store_masked(&mut make_tensor(&mut data[..], layout!(n)), 0, ct::ones::<u8, _>(shape!((4))) * 2);
/// assert_eq!(data, [2, 2, 2, 2, 7]);
/// ```
#[track_caller]
#[inline(always)]
pub fn store<T, E, L, X>(tensor: &mut Tensor<E, L>, index: impl TileIndex, tile: X)
where
    T: Element,
    E: ContiguousMut<Elem = T>,
    L: FlatModes,
    X: TileExpr<Elem = T>,
{
    store_ref(tensor, index, &tile)
}

/// [`store`] from a borrowed expression: each row of the tile that reaches into the
/// tensor is computed straight into its run of the tensor.
#[track_caller]
#[inline(always)]
pub(crate) fn store_ref<T, E, L, X>(tensor: &mut Tensor<E, L>, index: impl TileIndex, tile: &X)
where
    T: Element,
    E: ContiguousMut<Elem = T>,
    L: FlatModes,
    X: TileExpr<Elem = T>,
{
    let fp = footprint::<L, X::Shape>(tensor.layout(), index, "store");
    let row_len = if X::Shape::RANK == 0 {
        1
    } else {
        X::Shape::DIMS[X::Shape::RANK - 1]
    };
    let e = tensor.engine_mut();
    if let Some(off) = fp.contiguous::<X::Shape>() {
        // An interior tile of a contiguous run: one fill, no per-row edge tests.
        return fill_from(tile, 0, e.run_mut(off, X::Shape::SIZE));
    }
    fp.rows::<X::Shape>(|row, off, valid, step| {
        let start = row * row_len;
        if step == 1 {
            fill_from(tile, start, e.run_mut(off, valid));
        } else {
            for j in 0..valid {
                *e.at_mut(off + j as isize * step) = tile.at(start + j);
            }
        }
    });
}
