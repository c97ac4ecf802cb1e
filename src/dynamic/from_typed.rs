//! Conversion from typed layouts and int tuples to the runtime tree; each leaf keeps
//! whether it was static.

use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use crate::int::{C, Integral};
use crate::layout::Layout;
use crate::tuple::{HCons, HNil, ToList};
use alloc::vec::Vec;
use typenum::Bit;

/// Internal forms that can be written into the runtime tree.
#[doc(hidden)]
pub trait ToDynTuple {
    fn to_dyn(self) -> IntTuple;
    fn push_into(self, out: &mut Vec<IntTuple>);
}
impl<N> ToDynTuple for C<N>
where
    C<N>: Integral,
{
    fn to_dyn(self) -> IntTuple {
        IntTuple::Int(DInt::new(
            self.value() as i64,
            <<C<N> as Integral>::IsStatic as Bit>::BOOL,
        ))
    }
    fn push_into(self, out: &mut Vec<IntTuple>) {
        out.push(self.to_dyn());
    }
}
impl ToDynTuple for isize {
    fn to_dyn(self) -> IntTuple {
        IntTuple::Int(DInt::dynamic(self as i64))
    }
    fn push_into(self, out: &mut Vec<IntTuple>) {
        out.push(self.to_dyn());
    }
}
impl ToDynTuple for HNil {
    fn to_dyn(self) -> IntTuple {
        IntTuple::Tuple(Vec::new())
    }
    fn push_into(self, _: &mut Vec<IntTuple>) {}
}
impl<H: ToDynTuple, T: ToDynTuple> ToDynTuple for HCons<H, T> {
    fn to_dyn(self) -> IntTuple {
        let mut v = Vec::new();
        self.push_into(&mut v);
        IntTuple::Tuple(v)
    }
    fn push_into(self, out: &mut Vec<IntTuple>) {
        out.push(self.head.to_dyn());
        self.tail.push_into(out);
    }
}

impl IntTuple {
    /// The runtime form of a typed int tuple.
    ///
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::dynamic::IntTuple;
    /// let m = 3;
    /// assert_eq!(IntTuple::from_typed(shape!((2, (m, 4)))).to_string(), "(_2,(3,_4))");
    /// ```
    pub fn from_typed<T: ToList>(t: T) -> IntTuple
    where
        T::List: ToDynTuple,
    {
        t.to_list().to_dyn()
    }
}

impl<S: ToList, D: ToList> From<Layout<S, D>> for DynLayout
where
    S::List: ToDynTuple,
    D::List: ToDynTuple,
{
    /// ```
    /// use cutlet::prelude::*;
    /// use cutlet::dynamic::DynLayout;
    /// let d = DynLayout::from(layout!((2,(2,2)):(4,(2,1))));
    /// assert_eq!(d.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
    /// ```
    fn from(l: Layout<S, D>) -> DynLayout {
        DynLayout::raw(
            IntTuple::from_typed(l.shape()),
            IntTuple::from_typed(l.stride()),
        )
    }
}

/// A type-level basis path as values, outermost first.
#[doc(hidden)]
pub trait PathValues {
    fn push_path(out: &mut Vec<usize>);
}
impl PathValues for HNil {
    fn push_path(_: &mut Vec<usize>) {}
}
impl<H: typenum::Unsigned, T: PathValues> PathValues for HCons<H, T> {
    fn push_path(out: &mut Vec<usize>) {
        out.push(H::USIZE);
        T::push_path(out);
    }
}
impl<V: Integral, P: PathValues> ToDynTuple for crate::int::ScaledBasis<V, P> {
    fn to_dyn(self) -> IntTuple {
        let mut path = Vec::new();
        P::push_path(&mut path);
        IntTuple::Int(DInt {
            basis: super::int::Basis::from_path(&path).expect("basis paths are short"),
            ..DInt::new(self.value().value() as i64, V::IsStatic::BOOL)
        })
    }
    fn push_into(self, out: &mut Vec<IntTuple>) {
        out.push(self.to_dyn());
    }
}
