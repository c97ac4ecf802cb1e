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
/// use cutlet_dynamic::Value;
/// use cutlet_dynamic::atom::TensorLayout;
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
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let t = TensorLayout::plain("(_4,_8):(_8,_1)".parse().unwrap(), 16);
    /// assert!(t.ptr_swizzle.is_none());
    /// ```
    pub fn plain(l: DynLayout, bits: i64) -> TensorLayout {
        TensorLayout {
            layout: LayoutFn::Layout(l),
            ptr_swizzle: None,
            bits,
        }
    }

    /// The layout as a printable value (CuTe's `tensor.layout()`).
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// use cutlet_dynamic::Value;
    /// let v: Value = "Sw<1,2,3> o _0 o (_4,_8):(_8,_1)".parse().unwrap();
    /// assert_eq!(TensorLayout::from_value(&v, 16).unwrap().to_value(), v);
    /// ```
    pub fn to_value(&self) -> Value {
        Value::from_layout_fn(self.layout.clone())
    }

    /// The domain layout (the layout itself, or `B` of a composed one).
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let v = "Sw<1,2,3> o 4 o (_4,_8):(_8,_1)".parse().unwrap();
    /// let t = TensorLayout::from_value(&v, 16).unwrap();
    /// assert_eq!(t.domain().unwrap().to_string(), "(_4,_8):(_8,_1)");
    /// ```
    pub fn domain(&self) -> Result<&DynLayout> {
        self.layout.domain()
    }

    /// Apply a shape operation to the domain layout, keeping a composed layout's `A o O`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let v = "Sw<1,2,3> o _0 o (_4,(_2,_4)):(_8,(_4,_1))".parse().unwrap();
    /// let t = TensorLayout::from_value(&v, 16).unwrap().map(&|l| Ok(l.flatten())).unwrap();
    /// assert_eq!(t.to_value().to_string(), "Sw<1,2,3> o _0 o (_4,_2,_4):(_8,_4,_1)");
    /// ```
    pub fn map(&self, f: &dyn Fn(&DynLayout) -> Result<DynLayout>) -> Result<TensorLayout> {
        Ok(TensorLayout {
            layout: self.layout.map_layout(f)?,
            ptr_swizzle: self.ptr_swizzle,
            bits: self.bits,
        })
    }

    /// `logical_divide(tensor, tiler)`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let t = TensorLayout::plain("(_8,_8):(_1,_8)".parse().unwrap(), 32);
    /// let d = t.logical_divide(&"(_2,_4)".parse().unwrap()).unwrap();
    /// assert_eq!(d.to_value().to_string(), "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))");
    /// ```
    pub fn logical_divide(&self, t: &Tiler) -> Result<TensorLayout> {
        self.map(&|l| algebra::logical_divide(l, t))
    }

    /// `zipped_divide(tensor, tiler)`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let t = TensorLayout::plain("(_8,_8):(_1,_8)".parse().unwrap(), 32);
    /// let d = t.zipped_divide(&"(_2,_4)".parse().unwrap()).unwrap();
    /// assert_eq!(d.to_value().to_string(), "((_2,_4),(_4,_2)):((_1,_8),(_2,_32))");
    /// ```
    pub fn zipped_divide(&self, t: &Tiler) -> Result<TensorLayout> {
        self.map(&|l| algebra::zipped_divide(l, t))
    }

    /// `tensor.compose(t...)`: composition with a tile.
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let t = TensorLayout::plain("(_8,_8):(_1,_8)".parse().unwrap(), 32);
    /// let c = t.compose(&"(_2:_4,_)".parse().unwrap()).unwrap();
    /// assert_eq!(c.to_value().to_string(), "(_2,_8):(_4,_8)");
    /// ```
    pub fn compose(&self, t: &Tiler) -> Result<TensorLayout> {
        self.map(&|l| algebra::composition_tiler(l, t))
    }

    /// `tensor(coord)` with `_` in the coordinate: the sliced tensor's layout (the offset
    /// goes into the pointer, which is not printed).
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// use cutlet_dynamic::{Coord, DInt};
    /// let v = "Sw<3,2,3> o _0 o (_8,_32):(_32,_1)".parse().unwrap();
    /// let t = TensorLayout::from_value(&v, 16).unwrap();
    /// // The row's swizzle bits fold into the strides (CuTe 4.2's answers, from g++).
    /// let s = t.slice(&Coord::Tuple(vec![Coord::Int(DInt::dynamic(1)), Coord::Under])).unwrap();
    /// assert_eq!(s.to_value().to_string(), "((_4,_2,_2,_2)):((_1,-4,8,16))");
    /// let s = t.slice(&Coord::Tuple(vec![Coord::Int(DInt::stat(1)), Coord::Under])).unwrap();
    /// assert_eq!(s.to_value().to_string(), "((_4,_2,_4)):((_1,_-4,_8))");
    /// ```
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
    ///
    /// ```
    /// use cutlet_dynamic::atom::TensorLayout;
    /// assert_eq!(TensorLayout::plain("(_4,_8,_2):(_1,_4,_32)".parse().unwrap(), 8).rank().unwrap(), 3);
    /// ```
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
