//! CuTe's console printers for typed layouts and tensors: `print_layout` (the index
//! table of a rank-2 layout) and `print_tensor` (a tensor's values in CuTe's
//! `pretty_print` formats, ranks 1 to 4). Each has a `*_string` twin that returns the
//! text instead of printing it.

use super::engine::Engine;
use super::tensor::Tensor;
use crate::dynamic::DynLayout;
use crate::layout::{Layout, Walkable};
use crate::tuple::{CuteDisplay, ToList};
use alloc::string::String;
use core::fmt::Write;

/// CuTe's `print_layout` table of a rank-2 (or rank-1) layout, as text; an error
/// message for other ranks.
///
/// ```
/// use cutlet::prelude::*;
/// let t = layout_table(layout!((2,3):(3,1)));
/// assert!(t.starts_with("(_2,_3):(_3,_1)\n"));
/// assert!(t.contains(" 1  | 3 | 4 | 5 |"));
/// ```
pub fn layout_table<S: ToList, D: ToList>(layout: Layout<S, D>) -> String
where
    DynLayout: From<Layout<S, D>>,
{
    match DynLayout::from(layout).table() {
        Ok(t) => t,
        Err(e) => alloc::format!("error: {e}\n"),
    }
}

/// CuTe's `print_layout(layout)`: prints [`layout_table`].
///
/// ```
/// use cutlet::prelude::*;
/// print_layout(layout!((2,2):(1,2)));
/// ```
pub fn print_layout<S: ToList, D: ToList>(layout: Layout<S, D>)
where
    DynLayout: From<Layout<S, D>>,
{
    std::print!("{}", layout_table(layout));
}

/// Element formats of CuTe's `pretty_print`: integers `%5d`, `bool` `%3d`, `f32`
/// `%10.2e`, `f64` `%11.3e`, coordinates as tuples.
pub trait PrettyPrint {
    /// Append the element as CuTe prints it.
    fn pretty(&self, out: &mut String);
}
macro_rules! pretty_int {
    ($($t:ty),*) => {$(
        impl PrettyPrint for $t {
            fn pretty(&self, out: &mut String) {
                let _ = write!(out, "{:>5}", self);
            }
        }
    )*};
}
pretty_int!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);
impl PrettyPrint for bool {
    fn pretty(&self, out: &mut String) {
        let _ = write!(out, "{:>3}", *self as u8);
    }
}
/// C's `%.Pe`: mantissa with `P` decimals, exponent with a sign and two digits.
fn c_exp(v: f64, prec: usize, width: usize, out: &mut String) {
    let s = if v.is_finite() {
        let r = alloc::format!("{:.*e}", prec, v);
        let (m, e) = r.split_once('e').unwrap_or((&r, "0"));
        let e: i32 = e.parse().unwrap_or(0);
        alloc::format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
    } else if v.is_nan() {
        String::from("nan")
    } else if v > 0.0 {
        String::from("inf")
    } else {
        String::from("-inf")
    };
    let _ = write!(out, "{s:>width$}");
}
impl PrettyPrint for f32 {
    fn pretty(&self, out: &mut String) {
        c_exp(f64::from(*self), 2, 10, out);
    }
}
impl PrettyPrint for f64 {
    fn pretty(&self, out: &mut String) {
        c_exp(*self, 3, 11, out);
    }
}
macro_rules! pretty_tuple {
    ($($T:ident $v:ident),+) => {
        impl<$($T: CuteDisplay + Copy),+> PrettyPrint for ($($T,)+) {
            fn pretty(&self, out: &mut String) {
                let _ = write!(out, "{}", crate::tuple::Cute(*self));
            }
        }
    };
}
pretty_tuple!(A a);
pretty_tuple!(A a, B b);
pretty_tuple!(A a, B b, C c);
pretty_tuple!(A a, B b, C c, D d);

/// CuTe's `print_tensor(tensor)` as text: the tensor, `:`, then its values, one row
/// per coordinate of mode 0 (rank 1 and 2), slices along mode 2 separated by `-` lines
/// and along mode 3 by `=` lines (rank 3 and 4).
///
/// ```
/// use cutlet::prelude::*;
/// let data: Vec<i32> = (0..6).collect();
/// let t = make_tensor(&data[..], layout!((2,3)));
/// assert_eq!(tensor_text(&t), "ptr o (_2,_3):(_1,_2):\n    0    2    4\n    1    3    5\n");
/// ```
pub fn tensor_text<E, S, D>(t: &Tensor<E, Layout<S, D>>) -> String
where
    E: Engine,
    E::Elem: PrettyPrint + Copy,
    S: ToList + CuteDisplay,
    D: ToList + CuteDisplay,
    Layout<S, D>: Walkable<E::Index>,
    DynLayout: From<Layout<S, D>>,
{
    let mut out = alloc::format!("{t}:\n");
    let d = DynLayout::from(t.layout());
    let dims: alloc::vec::Vec<i64> = d
        .modes()
        .iter()
        .map(|m| m.size().map(|s| s.value).unwrap_or(0))
        .collect();
    let vals: alloc::vec::Vec<E::Elem> = t.iter().collect();
    let (m, n) = (dims[0], dims.get(1).copied().unwrap_or(1));
    let (k, p) = (
        dims.get(2).copied().unwrap_or(1),
        dims.get(3).copied().unwrap_or(1),
    );
    if dims.len() > 4 {
        let _ = writeln!(
            out,
            "error: print_tensor shows ranks 1 to 4, this tensor has rank {}",
            dims.len()
        );
        return out;
    }
    for pi in 0..p {
        if pi > 0 {
            out.push_str(&"=".repeat(5 * n as usize));
            out.push('\n');
        }
        for ki in 0..k {
            if ki > 0 {
                out.push_str(&"-".repeat(5 * n as usize));
                out.push('\n');
            }
            for mi in 0..m {
                for ni in 0..n {
                    let idx = mi + m * (ni + n * (ki + k * pi));
                    vals[idx as usize].pretty(&mut out);
                }
                out.push('\n');
            }
        }
    }
    out
}

/// CuTe's `print_tensor(tensor)`: prints [`tensor_text`].
///
/// ```
/// use cutlet::prelude::*;
/// print_tensor(&make_identity_tensor(shape!((2, 2))));
/// ```
pub fn print_tensor<E, S, D>(t: &Tensor<E, Layout<S, D>>)
where
    E: Engine,
    E::Elem: PrettyPrint + Copy,
    S: ToList + CuteDisplay,
    D: ToList + CuteDisplay,
    Layout<S, D>: Walkable<E::Index>,
    DynLayout: From<Layout<S, D>>,
{
    std::print!("{}", tensor_text(t));
}
