//! Selecting and regrouping modes: CuTe's `get<I...>`, `take<B,E>`, `select<I...>` and
//! `group<B,E>` on int tuples (`tuple_algorithms.hpp`) and layouts (`layout.hpp`, which
//! applies the same operation to shape and stride).
//!
//! A leaf counts as a rank-1 tuple whose mode 0 is itself, as in CuTe (`get<0>(_5)` is
//! `_5`). Index errors are [`Error::IllFormed`]: CuTe checks them at compile time.

use super::error::{Error, Result};
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use alloc::vec::Vec;

fn range_error(what: &str, b: usize, e: usize, t: &impl core::fmt::Display) -> Error {
    Error::ill(alloc::format!(
        "{what}<{b},{e}>: range out of bounds for {t}"
    ))
}

impl IntTuple {
    /// CuTe's `get<I0,I1,...>(t)`: the mode at a path.
    ///
    /// ```
    /// use cutlet_dynamic::IntTuple;
    /// let t: IntTuple = "(_2,(_3,_4))".parse().unwrap();
    /// assert_eq!(t.get_path(&[1, 0]).unwrap().to_string(), "_3");
    /// assert!(t.get_path(&[2]).is_err());
    /// ```
    pub fn get_path(&self, path: &[usize]) -> Result<IntTuple> {
        let mut cur = self;
        for &i in path {
            cur = cur.get(i)?;
        }
        Ok(cur.clone())
    }

    /// CuTe's `take<B,E>(t)`: modes `[B, E)` as a tuple (`B == E` gives `()`).
    ///
    /// ```
    /// use cutlet_dynamic::IntTuple;
    /// let t: IntTuple = "(_2,_3,_4)".parse().unwrap();
    /// assert_eq!(t.take(1, 3).unwrap().to_string(), "(_3,_4)");
    /// assert_eq!(t.take(1, 1).unwrap().to_string(), "()");
    /// assert!(t.take(2, 4).is_err());
    /// ```
    pub fn take(&self, b: usize, e: usize) -> Result<IntTuple> {
        let m = self.modes();
        if b > e || e > m.len() {
            return Err(range_error("take", b, e, self));
        }
        Ok(IntTuple::Tuple(m[b..e].to_vec()))
    }

    /// CuTe's `select<I...>(t)`: the tuple of the chosen modes, in the given order.
    ///
    /// ```
    /// use cutlet_dynamic::IntTuple;
    /// let t: IntTuple = "(_2,_3,_4)".parse().unwrap();
    /// assert_eq!(t.select(&[2, 0]).unwrap().to_string(), "(_4,_2)");
    /// ```
    pub fn select(&self, idx: &[usize]) -> Result<IntTuple> {
        let v: Result<Vec<_>> = idx.iter().map(|&i| self.get(i).cloned()).collect();
        Ok(IntTuple::Tuple(v?))
    }

    /// CuTe's `group<B,E>(t)`: modes `[B, E)` become one (nested) mode; `B == E`
    /// leaves the modes as they are.
    ///
    /// ```
    /// use cutlet_dynamic::IntTuple;
    /// let t: IntTuple = "(_2,_3,_4)".parse().unwrap();
    /// assert_eq!(t.group(0, 2).unwrap().to_string(), "((_2,_3),_4)");
    /// assert_eq!(t.group(2, 3).unwrap().to_string(), "(_2,_3,(_4))");
    /// ```
    pub fn group(&self, b: usize, e: usize) -> Result<IntTuple> {
        let m = self.modes();
        if b > e || e > m.len() {
            return Err(range_error("group", b, e, self));
        }
        let mut out: Vec<IntTuple> = m[..b].to_vec();
        if b < e {
            out.push(IntTuple::Tuple(m[b..e].to_vec()));
        }
        out.extend_from_slice(&m[e..]);
        Ok(IntTuple::Tuple(out))
    }
}

impl DynLayout {
    /// CuTe's `get<I0,I1,...>(layout)`: the sub-layout at a mode path.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,(_3,_4)):(_1,(_2,_6))".parse().unwrap();
    /// assert_eq!(l.get_path(&[1, 0]).unwrap().to_string(), "_3:_2");
    /// ```
    pub fn get_path(&self, path: &[usize]) -> Result<DynLayout> {
        // Shape and stride are congruent, so the same path exists in both.
        Ok(DynLayout::raw(
            self.shape.get_path(path)?,
            self.stride.get_path(path)?,
        ))
    }

    /// CuTe's `take<B,E>(layout)`: modes `[B, E)`; unlike on int tuples, CuTe requires a
    /// non-empty range here.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,_3,_4):(_1,_2,_6)".parse().unwrap();
    /// assert_eq!(l.take(0, 2).unwrap().to_string(), "(_2,_3):(_1,_2)");
    /// assert!(l.take(1, 1).is_err());
    /// ```
    pub fn take(&self, b: usize, e: usize) -> Result<DynLayout> {
        if b >= e || e > self.rank() {
            return Err(Error::ill(alloc::format!(
                "take<{b},{e}>({self}): CuTe needs B < E <= rank"
            )));
        }
        Ok(DynLayout::raw(
            self.shape.take(b, e)?,
            self.stride.take(b, e)?,
        ))
    }

    /// CuTe's `select<I...>(layout)`.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,_3,_4):(_1,_2,_6)".parse().unwrap();
    /// assert_eq!(l.select(&[2, 0]).unwrap().to_string(), "(_4,_2):(_6,_1)");
    /// ```
    pub fn select(&self, idx: &[usize]) -> Result<DynLayout> {
        Ok(DynLayout::raw(
            self.shape.select(idx)?,
            self.stride.select(idx)?,
        ))
    }

    /// CuTe's `group<B,E>(layout)` (`group_modes<B,E>` on a tensor).
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,_3,_4):(_1,_2,_6)".parse().unwrap();
    /// assert_eq!(l.group(0, 2).unwrap().to_string(), "((_2,_3),_4):((_1,_2),_6)");
    /// ```
    pub fn group(&self, b: usize, e: usize) -> Result<DynLayout> {
        Ok(DynLayout::raw(
            self.shape.group(b, e)?,
            self.stride.group(b, e)?,
        ))
    }
}
