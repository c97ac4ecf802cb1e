//! Parsed values of CuTe notation: int tuples, layouts and tiles, and the tiler view
//! of a value that divides, products and composition take.

use super::composed::{ComposedLayout, LayoutFn};
use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use super::parse::Parser;
use super::swizzle::Swizzle;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// A value written in CuTe notation.
///
/// ```
/// use cutlet_dynamic::Value;
/// let v: Value = "(_3:_4,_8:_2)".parse().unwrap();
/// assert_eq!(v.to_string(), "(_3:_4,_8:_2)");
/// assert!(matches!(v, Value::Tuple(_)));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Value {
    /// An integer leaf.
    Int(DInt),
    /// CuTe's `_`.
    Under,
    /// A layout `shape:stride`.
    Layout(DynLayout),
    /// A tuple of values (an int tuple, or a tile when it holds layouts).
    Tuple(Vec<Value>),
    /// A swizzle functor `Sw<B,M,S>`.
    Swizzle(Swizzle),
    /// A composed layout `A o O o B`.
    Composed(ComposedLayout),
    /// An atom, a tiled atom or a thread slice (CuTe's kernel layer).
    Atom(alloc::boxed::Box<super::atom::AtomValue>),
}

/// What a divide, product or composition takes as its second argument: a layout, a
/// shape (by-mode, stride 1), `_`, or a tuple of those (a tile).
///
/// ```
/// use cutlet_dynamic::{DynLayout, DInt, Tiler, logical_divide};
/// let l: DynLayout = "(_4,_2,_3):(_2,_1,_8)".parse().unwrap();
/// let t = Tiler::Layout("_4:_2".parse().unwrap());
/// assert_eq!(logical_divide(&l, &t).unwrap().to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// let _by_mode = Tiler::Tuple(vec![Tiler::Int(DInt::stat(2)), Tiler::Under]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Tiler {
    /// A layout tiler.
    Layout(DynLayout),
    /// A shape leaf: the layout `n:_1`.
    Int(DInt),
    /// CuTe's `_`: leave the mode alone.
    Under,
    /// A by-mode tiler.
    Tuple(Vec<Tiler>),
}

impl Value {
    /// The value as one side of a composed layout (a layout, a swizzle or a composed
    /// layout), if it is one.
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let v: Value = "Sw<1,2,3>".parse().unwrap();
    /// assert!(v.as_layout_fn().is_some());
    /// assert!(Value::Under.as_layout_fn().is_none());
    /// ```
    pub fn as_layout_fn(&self) -> Option<LayoutFn> {
        match self {
            Value::Layout(l) => Some(LayoutFn::Layout(l.clone())),
            Value::Swizzle(s) => Some(LayoutFn::Swizzle(*s)),
            Value::Composed(c) => Some(LayoutFn::Composed(alloc::boxed::Box::new(c.clone()))),
            _ => None,
        }
    }

    /// A layout, swizzle or composed layout as a value.
    ///
    /// ```
    /// use cutlet_dynamic::{LayoutFn, Swizzle, Value};
    /// let v = Value::from_layout_fn(LayoutFn::Swizzle(Swizzle::new(1, 2, 3).unwrap()));
    /// assert_eq!(v.to_string(), "Sw<1,2,3>");
    /// ```
    pub fn from_layout_fn(f: LayoutFn) -> Value {
        match f {
            LayoutFn::Layout(l) => Value::Layout(l),
            LayoutFn::Swizzle(s) => Value::Swizzle(s),
            LayoutFn::Composed(c) => Value::Composed(*c),
        }
    }

    /// The value as an int tuple, if it is one.
    pub fn as_int_tuple(&self) -> Option<IntTuple> {
        match self {
            Value::Int(d) => Some(IntTuple::Int(*d)),
            Value::Tuple(v) => v
                .iter()
                .map(Value::as_int_tuple)
                .collect::<Option<Vec<_>>>()
                .map(IntTuple::Tuple),
            _ => None,
        }
    }

    /// The value as a tiler.
    pub fn to_tiler(&self) -> Result<Tiler> {
        Ok(match self {
            Value::Int(d) => {
                if d.is_basis() || d.value <= 0 {
                    return Err(Error::ill(alloc::format!(
                        "a tiler extent must be a positive integer, got {d}"
                    )));
                }
                Tiler::Int(*d)
            }
            Value::Under => Tiler::Under,
            Value::Layout(l) => Tiler::Layout(l.clone()),
            Value::Tuple(v) => Tiler::Tuple(v.iter().map(Value::to_tiler).collect::<Result<_>>()?),
            Value::Swizzle(_) | Value::Composed(_) | Value::Atom(_) => {
                return Err(Error::ill(alloc::format!(
                    "{self} cannot be a tiler here (a tiler is a layout, a shape or a tuple of them)"
                )));
            }
        })
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(d) => write!(f, "{d}"),
            Value::Under => f.write_str("_"),
            Value::Layout(l) => write!(f, "{l}"),
            Value::Swizzle(s) => write!(f, "{s}"),
            Value::Composed(c) => write!(f, "{c}"),
            Value::Atom(a) => write!(f, "{a}"),
            Value::Tuple(v) => {
                f.write_str("(")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for Tiler {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Tiler::Int(d) => write!(f, "{d}"),
            Tiler::Under => f.write_str("_"),
            Tiler::Layout(l) => write!(f, "{l}"),
            Tiler::Tuple(v) => {
                f.write_str("(")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl FromStr for Value {
    type Err = Error;
    fn from_str(s: &str) -> Result<Value> {
        let mut p = Parser::new(s);
        let v = p.value()?;
        p.finish()?;
        Ok(v)
    }
}

impl FromStr for IntTuple {
    type Err = Error;
    fn from_str(s: &str) -> Result<IntTuple> {
        let v: Value = s.parse()?;
        v.as_int_tuple()
            .ok_or_else(|| Error::parse(alloc::format!("expected an int tuple, got {v}")))
    }
}

impl FromStr for DynLayout {
    type Err = Error;
    fn from_str(s: &str) -> Result<DynLayout> {
        match s.parse::<Value>()? {
            Value::Layout(l) => Ok(l),
            v => Err(Error::parse(alloc::format!(
                "expected a layout shape:stride, got {v}"
            ))),
        }
    }
}

impl FromStr for Tiler {
    type Err = Error;
    fn from_str(s: &str) -> Result<Tiler> {
        s.parse::<Value>()?.to_tiler()
    }
}
