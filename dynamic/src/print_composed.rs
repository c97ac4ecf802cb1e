//! CuTe's `print_layout` of a composed layout (util/print_tensor.hpp): the table of
//! `X(m, n)`; a layout over a shared-memory flag (`Sw o smem_ptr[Nb](unset) o L`) is
//! drawn in its position-independent form, the swizzle recast from bytes to `N`-bit
//! elements over a `_0` offset.

use super::composed::{ComposedLayout, LayoutFn, Offset};
use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::draw_table;
use alloc::boxed::Box;
use alloc::string::String;

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl ComposedLayout {
    /// CuTe's `as_position_independent_swizzle_layout`: for `Sw o smem_ptr[Nb] o L`,
    /// `recast_layout<uint8_t, uint_bit_t<N>>(Sw) o _0 o L` (which is `L` when the
    /// recast swizzle has no bits); any other composed layout is returned as it is.
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let v: Value = "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)".parse().unwrap();
    /// let Value::Composed(c) = v else { panic!() };
    /// assert_eq!(c.position_independent().unwrap().to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    /// ```
    pub fn position_independent(&self) -> Result<LayoutFn> {
        let Offset::SmemPtr(bits) = self.offset else {
            return Ok(LayoutFn::Composed(Box::new(self.clone())));
        };
        let LayoutFn::Swizzle(sw) = &self.a else {
            return Err(Error::ill(alloc::format!(
                "{self}: a shared-memory flag needs a swizzle on the left"
            )));
        };
        if bits <= 0 {
            return Err(Error::ill(alloc::format!(
                "{self}: the element width must be positive"
            )));
        }
        let g = gcd(bits, 8);
        let (num, den) = (bits / g, 8 / g);
        let mut sw = *sw;
        if num > 1 {
            sw = sw.upcast(num)?;
        }
        if den > 1 {
            sw = sw.downcast(den)?;
        }
        Ok(ComposedLayout::compose(
            LayoutFn::Swizzle(sw),
            Offset::Int(DInt::stat(0)),
            self.b.clone(),
        ))
    }

    /// CuTe's `print_layout` table (a rank-1 layout is shown as one column).
    ///
    /// ```
    /// use cutlet_dynamic::Value;
    /// let v: Value = "Sw<1,0,1> o _0 o (_2,_2):(_1,_2)".parse().unwrap();
    /// let Value::Composed(c) = v else { panic!() };
    /// let t = c.table().unwrap();
    /// assert!(t.starts_with("Sw<1,0,1> o _0 o (_2,_2):(_1,_2)\n"));
    /// assert!(t.contains(" 0  | 0 | 3 |") && t.contains(" 1  | 1 | 2 |"), "{t}");
    /// ```
    pub fn table(&self) -> Result<String> {
        if matches!(self.offset, Offset::SmemPtr(_)) {
            return match self.position_independent()? {
                LayoutFn::Layout(l) => l.table(),
                LayoutFn::Composed(c) => c.table(),
                LayoutFn::Swizzle(sw) => Err(Error::ill(alloc::format!(
                    "print_layout of the swizzle {sw}"
                ))),
            };
        }
        let d = self.domain()?;
        let (m, n) = match d.rank() {
            1 => (d.size()?.value, 1),
            2 => (d.mode(0)?.size()?.value, d.mode(1)?.size()?.value),
            r => {
                return Err(Error::ill(alloc::format!(
                    "print_layout needs a rank-2 (or rank-1) layout, {self} has rank {r}"
                )));
            }
        };
        let rank1 = d.rank() == 1;
        draw_table(self, m, n, d.cosize()?.value, &|i, j| {
            let c = if rank1 {
                IntTuple::Int(DInt::dynamic(i))
            } else {
                IntTuple::Tuple(alloc::vec![
                    IntTuple::Int(DInt::dynamic(i)),
                    IntTuple::Int(DInt::dynamic(j))
                ])
            };
            Ok(self.eval(&c)?.int("print_layout")?.value)
        })
    }
}
