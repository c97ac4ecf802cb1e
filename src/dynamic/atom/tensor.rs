//! The layout of a tensor being partitioned: what CuTe's
//! `make_tensor(make_smem_ptr((T*)nullptr), L)` keeps as the tensor's layout.
//!
//! A plain `L` stays as it is; `Sw<..> o smem_ptr[Nb](unset) o L` moves the swizzle into
//! the pointer (N must be T's width) and leaves `L`; any other composed layout stays
//! composed, and slicing it folds the thread's coordinate into the layout
//! ([`super::swizzle_slice`]).

use super::super::algebra;
use super::super::composed::{ComposedLayout, LayoutFn, Offset};
use super::super::error::{Error, Result};
use super::super::layout::{Coord, DynLayout};
use super::super::swizzle::Swizzle;
use super::super::value::{Tiler, Value};
use super::swizzle_slice::slice_composed;
use alloc::boxed::Box;
use alloc::vec::Vec;

/// A tensor's layout over a shared-memory pointer of `bits`-wide elements.
///
/// ```
/// use cutlet::dynamic::Value;
/// use cutlet::dynamic::atom::TensorLayout;
/// let v: Value = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse().unwrap();
/// let t = TensorLayout::from_value(&v, 16).unwrap();
/// assert_eq!(t.to_value().to_string(), "(_8,_64):(_64,_1)");
/// assert!(TensorLayout::from_value(&v, 32).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TensorLayout {
    /// The layout (a plain layout, or a composed layout kept by the tensor).
    pub layout: LayoutFn,
    /// The swizzle that moved into the pointer (`Sw o smem_ptr[Nb](unset) o L`).
    pub ptr_swizzle: Option<Swizzle>,
    /// The element width in bits.
    pub bits: i64,
}

impl TensorLayout {
    /// The tensor CuTe builds from `make_smem_ptr((T*)nullptr)` and `v`.
    pub fn from_value(v: &Value, bits: i64) -> Result<TensorLayout> {
        match v {
            Value::Layout(l) => Ok(TensorLayout::plain(l.clone(), bits)),
            Value::Composed(c) => {
                if let Offset::SmemPtr(n) = c.offset {
                    let LayoutFn::Swizzle(sw) = c.a else {
                        return Err(Error::ill("smem_ptr offset without a swizzle"));
                    };
                    if n != bits {
                        return Err(Error::ill(alloc::format!(
                            "smem_ptr[{n}b] layout for a tensor of {bits}-bit elements"
                        )));
                    }
                    let LayoutFn::Layout(b) = &c.b else {
                        return Err(Error::ill("nested composed layout behind smem_ptr"));
                    };
                    return Ok(TensorLayout {
                        layout: LayoutFn::Layout(b.clone()),
                        ptr_swizzle: Some(sw),
                        bits,
                    });
                }
                Ok(TensorLayout {
                    layout: LayoutFn::Composed(Box::new(c.clone())),
                    ptr_swizzle: None,
                    bits,
                })
            }
            v => Err(Error::ill(alloc::format!(
                "expected the layout of a tensor, got {v}"
            ))),
        }
    }

    /// A tensor over a plain layout.
    pub fn plain(l: DynLayout, bits: i64) -> TensorLayout {
        TensorLayout {
            layout: LayoutFn::Layout(l),
            ptr_swizzle: None,
            bits,
        }
    }

    /// The layout as a printable value (CuTe's `tensor.layout()`).
    pub fn to_value(&self) -> Value {
        Value::from_layout_fn(self.layout.clone())
    }

    /// The domain layout (the layout itself, or `B` of a composed one).
    pub fn domain(&self) -> Result<&DynLayout> {
        self.layout.domain()
    }

    /// Apply a shape operation to the domain layout, keeping a composed layout's `A o O`.
    pub fn map(&self, f: &dyn Fn(&DynLayout) -> Result<DynLayout>) -> Result<TensorLayout> {
        Ok(TensorLayout {
            layout: self.layout.map_layout(f)?,
            ptr_swizzle: self.ptr_swizzle,
            bits: self.bits,
        })
    }

    /// `logical_divide(tensor, tiler)`.
    pub fn logical_divide(&self, t: &Tiler) -> Result<TensorLayout> {
        self.map(&|l| algebra::logical_divide(l, t))
    }

    /// `zipped_divide(tensor, tiler)`.
    pub fn zipped_divide(&self, t: &Tiler) -> Result<TensorLayout> {
        self.map(&|l| algebra::zipped_divide(l, t))
    }

    /// `tensor.compose(t...)`: composition with a tile.
    pub fn compose(&self, t: &Tiler) -> Result<TensorLayout> {
        self.map(&|l| algebra::composition_tiler(l, t))
    }

    /// `tensor(coord)` with `_` in the coordinate: the sliced tensor's layout (the offset
    /// goes into the pointer, which is not printed).
    pub fn slice(&self, c: &Coord) -> Result<TensorLayout> {
        let layout = match &self.layout {
            LayoutFn::Layout(l) => LayoutFn::Layout(l.slice(c)?.0),
            LayoutFn::Composed(cl) => slice_composed(cl, c)?,
            LayoutFn::Swizzle(_) => return Err(Error::ill("a swizzle is not a tensor layout")),
        };
        Ok(TensorLayout {
            layout,
            ptr_swizzle: self.ptr_swizzle,
            bits: self.bits,
        })
    }

    /// The rank of the tensor.
    pub fn rank(&self) -> Result<usize> {
        Ok(self.domain()?.rank())
    }
}

/// A coordinate of `n` underscores.
pub(crate) fn unders(n: usize) -> Coord {
    Coord::Tuple((0..n).map(|_| Coord::Under).collect())
}

/// CuTe's composed `A o O o B` rebuilt around a new `B` (three-argument composition).
pub(crate) fn recompose(c: &ComposedLayout, b: LayoutFn) -> LayoutFn {
    ComposedLayout::compose(c.a.clone(), c.offset, b)
}

/// A by-mode tile of the given entries.
pub(crate) fn tile(v: Vec<Tiler>) -> Tiler {
    Tiler::Tuple(v)
}
