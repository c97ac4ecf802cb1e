//! Conversion from typed layouts and int tuples to the runtime tree; each leaf keeps
//! whether it was static. Layouts convert with `DynLayout::from`, int tuples with
//! [`IntTuple::from_typed`].

use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use alloc::vec::Vec;
use cutlet_core::int::{Leaf as CoreLeaf, Path};
use cutlet_core::layout::{Shaped, StridedLayout};
use cutlet_core::tuple::IntTuple as CoreTuple;
use typenum::Bit;

impl IntTuple {
    /// The runtime form of a typed int tuple.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_dynamic::IntTuple;
    /// let m = 3;
    /// assert_eq!(IntTuple::from_typed(shape!((2, (m, 4)))).to_string(), "(_2,(3,_4))");
    /// ```
    pub fn from_typed<T: CoreTuple>(t: T) -> IntTuple {
        if !<T::IsTuple as Bit>::BOOL {
            return leaf_to_dyn(t.size());
        }
        // Only the modes below the rank: past it every mode is `()`, whose modes are `()`.
        let modes: [&dyn Fn() -> IntTuple; 16] = [
            &|| IntTuple::from_typed(t.e0()),
            &|| IntTuple::from_typed(t.e1()),
            &|| IntTuple::from_typed(t.e2()),
            &|| IntTuple::from_typed(t.e3()),
            &|| IntTuple::from_typed(t.e4()),
            &|| IntTuple::from_typed(t.e5()),
            &|| IntTuple::from_typed(t.e6()),
            &|| IntTuple::from_typed(t.e7()),
            &|| IntTuple::from_typed(t.e8()),
            &|| IntTuple::from_typed(t.e9()),
            &|| IntTuple::from_typed(t.e10()),
            &|| IntTuple::from_typed(t.e11()),
            &|| IntTuple::from_typed(t.e12()),
            &|| IntTuple::from_typed(t.e13()),
            &|| IntTuple::from_typed(t.e14()),
            &|| IntTuple::from_typed(t.e15()),
        ];
        let rank = <T::Rank as typenum::Unsigned>::USIZE;
        IntTuple::Tuple(modes[..rank].iter().map(|m| m()).collect())
    }
}

/// A typed leaf (an integer or a scaled basis element) as a runtime leaf.
fn leaf_to_dyn<L: CoreLeaf>(l: L) -> IntTuple {
    let mut path = Vec::new();
    core_path::<L::Basis>(&mut path);
    let int = DInt::new(l.value() as i64, <L::IsStatic as Bit>::BOOL);
    if path.is_empty() {
        return IntTuple::Int(int);
    }
    IntTuple::Int(DInt {
        basis: super::int::Basis::from_path(&path).expect("basis paths are short"),
        ..int
    })
}
/// A type-level basis path of `cutlet-core` as values, outermost first.
fn core_path<P: Path>(out: &mut Vec<usize>) {
    if <P::IsNil as Bit>::BOOL || <P::IsErr as Bit>::BOOL {
        return;
    }
    out.push(<P::First as typenum::Unsigned>::USIZE);
    core_path::<P::Rest>(out);
}

impl<S: CoreTuple, D: CoreTuple> From<StridedLayout<S, D>> for DynLayout {
    /// ```
    /// use cutlet_core::prelude::*;
    /// use cutlet_dynamic::DynLayout;
    /// let d = DynLayout::from(layout!((2,(2,2)):(4,(2,1))));
    /// assert_eq!(d.to_string(), "(_2,(_2,_2)):(_4,(_2,_1))");
    /// let id = make_identity_layout(shape!((2, 3)));
    /// assert_eq!(DynLayout::from(id).to_string(), id.to_string());
    /// ```
    fn from(l: StridedLayout<S, D>) -> DynLayout {
        DynLayout::raw(
            IntTuple::from_typed(l.shape()),
            IntTuple::from_typed(l.stride()),
        )
    }
}
