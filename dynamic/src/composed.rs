//! CuTe's `ComposedLayout<A,O,B>` (layout_composed.hpp): `X(c) = A(O + B(c))`, printed
//! `A o O o B`. `B` defines the domain (shape, size, rank), so most operations act on
//! `B` and re-compose with `A` and `O`; `A` is typically a [`Swizzle`], which is not
//! linear and therefore needs the offset `O` kept apart.

use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use super::swizzle::Swizzle;
use alloc::boxed::Box;
use core::fmt;

/// CuTe's `MixedBits<S,F>`: a 32-bit value whose bits in `F` are known only at run
/// time (`D`) and whose other bits are the static `S`; printed `M_S|(D&F)=V`.
///
/// ```
/// use cutlet_dynamic::MixedBits;
/// let m = MixedBits::new(0, 64, 68).unwrap();
/// assert_eq!(m.to_string(), "M_0|(64&68)=64");
/// assert_eq!(m.value(), 64);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct MixedBits {
    static_int: u32,
    dynamic_int: u32,
    flags: u32,
}

impl MixedBits {
    /// `MixedBits<S,F>{D}` with CuTe's invariants (`F != 0`, `S & F == 0`, `D & !F == 0`).
    ///
    /// ```
    /// use cutlet_dynamic::MixedBits;
    /// assert!(MixedBits::new(4, 64, 68).is_err()); // static and dynamic bits overlap
    /// ```
    pub fn new(static_int: u32, dynamic_int: u32, flags: u32) -> Result<MixedBits> {
        if flags == 0 || static_int & flags != 0 || dynamic_int & !flags != 0 {
            return Err(Error::ill(alloc::format!(
                "MixedBits<{static_int},{flags}>{{{dynamic_int}}} breaks CuTe's invariants"
            )));
        }
        Ok(MixedBits {
            static_int,
            dynamic_int,
            flags,
        })
    }

    /// `(S, D, F)`: the static bits, the dynamic bits and the dynamic-bit flags.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::MixedBits::new(0, 64, 68).unwrap().parts(), (0, 64, 68));
    /// ```
    pub fn parts(&self) -> (u32, u32, u32) {
        (self.static_int, self.dynamic_int, self.flags)
    }

    /// The value `S | D`.
    ///
    /// ```
    /// assert_eq!(cutlet_dynamic::MixedBits::new(1, 64, 68).unwrap().value(), 65);
    /// ```
    pub fn value(&self) -> u32 {
        self.static_int | self.dynamic_int
    }
}

impl fmt::Display for MixedBits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "M_{}|({}&{})={}",
            self.static_int,
            self.dynamic_int,
            self.flags,
            self.value()
        )
    }
}

/// The offset `O` of a composed layout.
///
/// ```
/// use cutlet_dynamic::{DInt, Offset};
/// assert_eq!(Offset::Int(DInt::stat(-32)).to_string(), "_-32");
/// assert_eq!(Offset::SmemPtr(16).to_string(), "smem_ptr[16b](unset)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Offset {
    /// An integer offset, static (`_32`) or dynamic (`32`).
    Int(DInt),
    /// CuTe's `smem_ptr_flag_bits<N>`: a static zero that also records the element width
    /// the swizzle was written for (the GMMA shared-memory atoms).
    SmemPtr(i64),
    /// A partly static offset, CuTe's `MixedBits`.
    Mixed(MixedBits),
    /// A static offset of unsigned type: CuTe's `upcast`/`downcast` of `_N` compute
    /// `C<N / 2u>`, which prints as `_N` but is not `Int<N>`, so a later
    /// `composition(Sw<0,..>, O, L)` keeps the swizzle.
    Unsigned(i64),
}

impl Offset {
    /// CuTe's `is_constant<0, O>`: a static zero (the smem flag is a distinct type and
    /// does not match).
    ///
    /// ```
    /// use cutlet_dynamic::{DInt, Offset};
    /// assert!(Offset::Int(DInt::stat(0)).is_static_zero());
    /// assert!(!Offset::Int(DInt::dynamic(0)).is_static_zero());
    /// assert!(!Offset::SmemPtr(16).is_static_zero());
    /// ```
    pub fn is_static_zero(&self) -> bool {
        matches!(self, Offset::Int(d) if d.is_const(0)) || matches!(self, Offset::Unsigned(0))
    }

    /// Exactly CuTe's `Int<0>`, the offset for which `composition(Sw<0,..>, O, L)` is `L`.
    ///
    /// ```
    /// use cutlet_dynamic::{DInt, Offset};
    /// assert!(Offset::Int(DInt::stat(0)).is_int_zero());
    /// assert!(!Offset::Unsigned(0).is_int_zero());
    /// ```
    pub fn is_int_zero(&self) -> bool {
        matches!(self, Offset::Int(d) if d.is_const(0))
    }

    /// CuTe's `O == Int<0>{}` (true for the smem flag, which derives from `Int<0>`).
    ///
    /// ```
    /// use cutlet_dynamic::Offset;
    /// assert!(Offset::SmemPtr(16).equals_zero());
    /// ```
    pub fn equals_zero(&self) -> bool {
        match self {
            Offset::Int(d) => d.is_const(0),
            Offset::SmemPtr(_) => true,
            Offset::Mixed(_) => false,
            Offset::Unsigned(v) => *v == 0,
        }
    }

    /// The offset as an integer added to `B(c)`.
    ///
    /// ```
    /// use cutlet_dynamic::{DInt, Offset};
    /// assert_eq!(Offset::SmemPtr(16).as_int(), DInt::stat(0));
    /// ```
    pub fn as_int(&self) -> DInt {
        match self {
            Offset::Int(d) => *d,
            Offset::SmemPtr(_) => DInt::stat(0),
            Offset::Mixed(m) => DInt::dynamic(m.value() as i64),
            Offset::Unsigned(v) => DInt::stat(*v),
        }
    }
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offset::Int(d) => write!(f, "{d}"),
            Offset::SmemPtr(b) => write!(f, "smem_ptr[{b}b](unset)"),
            Offset::Mixed(m) => write!(f, "{m}"),
            Offset::Unsigned(v) => write!(f, "_{v}"),
        }
    }
}

/// One side of a composed layout: a layout, a swizzle, or (as results nest to the
/// right) another composed layout.
///
/// ```
/// use cutlet_dynamic::{LayoutFn, Swizzle};
/// let f = LayoutFn::Swizzle(Swizzle::new(1, 2, 3).unwrap());
/// assert_eq!(f.to_string(), "Sw<1,2,3>");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LayoutFn {
    /// A plain layout.
    Layout(DynLayout),
    /// A swizzle functor.
    Swizzle(Swizzle),
    /// A composed layout.
    Composed(Box<ComposedLayout>),
}

/// CuTe's `ComposedLayout<A,O,B>`.
///
/// ```
/// use cutlet_dynamic::{ComposedLayout, IntTuple, Value};
/// let v: Value = "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)".parse().unwrap();
/// let Value::Composed(c) = v else { panic!() };
/// assert_eq!(c.size().unwrap().to_string(), "_512");
/// let at: IntTuple = "(3,14)".parse().unwrap();
/// assert_eq!(c.eval(&at).unwrap().to_string(), "214");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ComposedLayout {
    /// The outer function `A`.
    pub a: LayoutFn,
    /// The offset `O` added between `B` and `A`.
    pub offset: Offset,
    /// The inner function `B`, which defines the domain.
    pub b: LayoutFn,
}

impl ComposedLayout {
    /// CuTe's `make_composed_layout(a, o, b)`: built as given.
    ///
    /// ```
    /// use cutlet_dynamic::{ComposedLayout, DInt, LayoutFn, Offset, Swizzle};
    /// let c = ComposedLayout::new(
    ///     LayoutFn::Swizzle(Swizzle::new(0, 4, 3).unwrap()),
    ///     Offset::Int(DInt::stat(0)),
    ///     LayoutFn::Layout("_8:_1".parse().unwrap()),
    /// );
    /// assert_eq!(c.to_string(), "Sw<0,4,3> o _0 o _8:_1");
    /// ```
    pub fn new(a: LayoutFn, offset: Offset, b: LayoutFn) -> ComposedLayout {
        ComposedLayout { a, offset, b }
    }

    /// CuTe's three-argument `composition(a, o, b)`: as `new`, except that a swizzle of
    /// no bits with a static zero offset over a layout is that layout.
    ///
    /// ```
    /// use cutlet_dynamic::{ComposedLayout, DInt, LayoutFn, Offset, Swizzle};
    /// let l = LayoutFn::Layout("(_4,_2):(_2,_1)".parse().unwrap());
    /// let sw0 = LayoutFn::Swizzle(Swizzle::new(0, 4, 3).unwrap());
    /// let r = ComposedLayout::compose(sw0, Offset::Int(DInt::stat(0)), l.clone());
    /// assert_eq!(r, l);
    /// ```
    pub fn compose(a: LayoutFn, offset: Offset, b: LayoutFn) -> LayoutFn {
        match (&a, &b) {
            (LayoutFn::Swizzle(sw), LayoutFn::Layout(_))
                if sw.bits() == 0 && offset.is_int_zero() =>
            {
                b
            }
            _ => LayoutFn::Composed(Box::new(ComposedLayout::new(a, offset, b))),
        }
    }

    /// The innermost layout, which defines the domain.
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let Value::Composed(c) = "Sw<1,2,3> o _0 o (_4,_8):(_8,_1)".parse().unwrap() else { panic!() };
    /// assert_eq!(c.domain().unwrap().to_string(), "(_4,_8):(_8,_1)");
    /// ```
    pub fn domain(&self) -> Result<&DynLayout> {
        self.b.domain()
    }

    /// CuTe's `size`: the size of `B`.
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let Value::Composed(c) = "Sw<1,2,3> o 4 o (_4,_8):(_8,_1)".parse().unwrap() else { panic!() };
    /// assert_eq!(c.size().unwrap().to_string(), "_32");
    /// ```
    pub fn size(&self) -> Result<DInt> {
        self.domain()?.size()
    }

    /// `X(c) = A(O + B(c))`.
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let Value::Composed(c) = "Sw<1,1,1> o _3 o _8:_1".parse().unwrap() else { panic!() };
    /// // Sw(3 + 1): bit 2 of 4 flips bit 1.
    /// assert_eq!(c.eval(&"_1".parse().unwrap()).unwrap().to_string(), "_6");
    /// ```
    pub fn eval(&self, c: &IntTuple) -> Result<IntTuple> {
        let inner = self.b.eval(c)?;
        let x = self
            .offset
            .as_int()
            .try_add(inner.int("a composed layout")?)?;
        self.a.eval(&IntTuple::Int(x))
    }

    /// Apply `f` to the domain layout `B` (recursively through nested `B`s) and
    /// re-compose, as CuTe does for the shape operations of a composed layout.
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let Value::Composed(c) = "Sw<1,2,3> o _0 o (_4,(_2,_4)):(_8,(_4,_1))".parse().unwrap() else { panic!() };
    /// let f = c.map_b(&|b| Ok(b.flatten())).unwrap();
    /// assert_eq!(f.to_string(), "Sw<1,2,3> o _0 o (_4,_2,_4):(_8,_4,_1)");
    /// ```
    pub fn map_b(&self, f: &dyn Fn(&DynLayout) -> Result<DynLayout>) -> Result<LayoutFn> {
        Ok(ComposedLayout::compose(
            self.a.clone(),
            self.offset,
            self.b.map_layout(f)?,
        ))
    }
}

impl LayoutFn {
    /// The layout that defines the domain.
    ///
    /// ```
    /// use cutlet_dynamic::{LayoutFn, Swizzle};
    /// assert!(LayoutFn::Swizzle(Swizzle::new(1, 2, 3).unwrap()).domain().is_err());
    /// ```
    pub fn domain(&self) -> Result<&DynLayout> {
        match self {
            LayoutFn::Layout(l) => Ok(l),
            LayoutFn::Composed(c) => c.domain(),
            LayoutFn::Swizzle(sw) => {
                Err(Error::ill(alloc::format!("the swizzle {sw} has no shape")))
            }
        }
    }

    /// Evaluate at a coordinate (an integer for a swizzle).
    ///
    /// ```
    /// use cutlet_dynamic::{LayoutFn, Swizzle};
    /// let f = LayoutFn::Swizzle(Swizzle::new(1, 3, 1).unwrap());
    /// assert_eq!(f.eval(&"670".parse().unwrap()).unwrap().to_string(), "662");
    /// ```
    pub fn eval(&self, c: &IntTuple) -> Result<IntTuple> {
        match self {
            LayoutFn::Layout(l) => l.eval(c),
            LayoutFn::Swizzle(sw) => Ok(IntTuple::Int(
                sw.apply_int(c.int("a swizzle (it takes an integer offset)")?)?,
            )),
            LayoutFn::Composed(x) => x.eval(c),
        }
    }

    /// `f` applied to the layout, or to the domain of a composed layout.
    ///
    /// ```
    /// use cutlet_dynamic::{LayoutFn, coalesce};
    /// let f = LayoutFn::Layout("(_2,_4):(_1,_2)".parse().unwrap());
    /// assert_eq!(f.map_layout(&coalesce).unwrap().to_string(), "_8:_1");
    /// ```
    pub fn map_layout(&self, f: &dyn Fn(&DynLayout) -> Result<DynLayout>) -> Result<LayoutFn> {
        match self {
            LayoutFn::Layout(l) => Ok(LayoutFn::Layout(f(l)?)),
            LayoutFn::Composed(c) => c.map_b(f),
            LayoutFn::Swizzle(sw) => Err(Error::ill(alloc::format!(
                "the swizzle {sw} has no shape to operate on"
            ))),
        }
    }
}

impl fmt::Display for LayoutFn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LayoutFn::Layout(l) => write!(f, "{l}"),
            LayoutFn::Swizzle(s) => write!(f, "{s}"),
            LayoutFn::Composed(c) => write!(f, "{c}"),
        }
    }
}

impl fmt::Display for ComposedLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.a, self.offset, self.b)
    }
}
