//! The CLI's inspection operations, in CuTe's C++ spelling: `get<I...>`, `take<B,E>`,
//! `select<I...>`, `group<B,E>` / `group_modes<B,E>`, `idx2crd`, `crd2idx`, the
//! int-tuple predicates and arithmetic. Each maps its arguments onto the runtime-tree
//! function of the same CuTe name; [`super::expr`] dispatches here first.

use super::error::{Error, Result};
use super::int_math::{crd2idx_colex, idx2crd, inner_product, shape_div};
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use super::predicates::{compatible, congruent, elem_less, evenly_divides, weakly_congruent};
use super::value::Value;
use alloc::string::String;
use alloc::vec::Vec;

fn want_args(name: &str, vals: &[Value], allowed: &[usize]) -> Result<()> {
    if allowed.contains(&vals.len()) {
        Ok(())
    } else {
        Err(Error::ill(alloc::format!(
            "{name} takes {allowed:?} argument(s), got {}",
            vals.len()
        )))
    }
}

/// Compile-time integer arguments: exactly `n` of them, or at least one for `n == None`.
fn int_targs(name: &str, targs: &[String], n: Option<usize>) -> Result<Vec<usize>> {
    let ok = match n {
        Some(n) => targs.len() == n,
        None => !targs.is_empty(),
    };
    if !ok {
        let want = n.map_or("one or more".into(), |n| alloc::format!("{n}"));
        return Err(Error::ill(alloc::format!(
            "{name} takes {want} compile-time argument(s) in <...>, got {}",
            targs.len()
        )));
    }
    targs
        .iter()
        .map(|t| {
            t.parse::<usize>().map_err(|_| {
                Error::ill(alloc::format!(
                    "{name}<...>: '{t}' is not a non-negative integer"
                ))
            })
        })
        .collect()
}

fn int_tuple(name: &str, v: &Value) -> Result<IntTuple> {
    v.as_int_tuple()
        .ok_or_else(|| Error::ill(alloc::format!("{name} expects an int tuple, got {v}")))
}

/// An int tuple, or a layout standing for its shape (CuTe's `shape(x)`).
fn shape_of(name: &str, v: &Value) -> Result<IntTuple> {
    match v {
        Value::Layout(l) => Ok(l.shape().clone()),
        v => int_tuple(name, v),
    }
}

fn layout_or_tuple(v: &Value) -> Option<core::result::Result<DynLayout, IntTuple>> {
    match v {
        Value::Layout(l) => Some(Ok(l.clone())),
        v => v.as_int_tuple().map(Err),
    }
}

/// `get`/`take`/`select`/`group` on a layout or an int tuple.
fn on_modes(
    name: &str,
    vals: &[Value],
    lay: impl Fn(&DynLayout) -> Result<DynLayout>,
    tup: impl Fn(&IntTuple) -> Result<IntTuple>,
) -> Result<Value> {
    want_args(name, vals, &[1])?;
    match layout_or_tuple(&vals[0]) {
        Some(Ok(l)) => Ok(Value::Layout(lay(&l)?)),
        Some(Err(t)) => Ok(Value::from_int_tuple(tup(&t)?)),
        None => Err(Error::ill(alloc::format!(
            "{name} expects a layout or an int tuple, got {}",
            vals[0]
        ))),
    }
}

/// Evaluates an inspection operation; `None` when `name` is not one.
pub(super) fn apply_inspect(name: &str, targs: &[String], vals: &[Value]) -> Option<Result<Value>> {
    let templated = matches!(name, "get" | "take" | "select" | "group" | "group_modes");
    if !templated
        && !matches!(
            name,
            "idx2crd"
                | "crd2idx"
                | "elem_less"
                | "congruent"
                | "weakly_congruent"
                | "compatible"
                | "evenly_divides"
                | "shape_div"
                | "inner_product"
                | "ceil_div"
                | "product"
                | "prefix_product"
        )
    {
        return None;
    }
    Some(apply(name, targs, vals, templated))
}

fn apply(name: &str, targs: &[String], vals: &[Value], templated: bool) -> Result<Value> {
    if !templated && !targs.is_empty() {
        return Err(Error::ill(alloc::format!(
            "{name} takes no compile-time arguments"
        )));
    }
    let bool_val = |b: super::int::SBool| Value::Int(b.to_int());
    let two = |vals: &[Value]| -> Result<(IntTuple, IntTuple)> {
        want_args(name, vals, &[2])?;
        Ok((int_tuple(name, &vals[0])?, int_tuple(name, &vals[1])?))
    };
    match name {
        "get" => {
            let path = int_targs(name, targs, None)?;
            on_modes(name, vals, |l| l.get_path(&path), |t| t.get_path(&path))
        }
        "select" => {
            let idx = int_targs(name, targs, None)?;
            on_modes(name, vals, |l| l.select(&idx), |t| t.select(&idx))
        }
        "take" | "group" => {
            let r = int_targs(name, targs, Some(2))?;
            if name == "take" {
                on_modes(name, vals, |l| l.take(r[0], r[1]), |t| t.take(r[0], r[1]))
            } else {
                on_modes(name, vals, |l| l.group(r[0], r[1]), |t| t.group(r[0], r[1]))
            }
        }
        "group_modes" => {
            // CuTe's group_modes takes a tensor; on a layout it means group<B,E>.
            let r = int_targs(name, targs, Some(2))?;
            want_args(name, vals, &[1])?;
            match &vals[0] {
                Value::Layout(l) => Ok(Value::Layout(l.group(r[0], r[1])?)),
                v => Err(Error::ill(alloc::format!(
                    "group_modes expects a layout, got {v} (use group<B,E> on int tuples)"
                ))),
            }
        }
        "idx2crd" => {
            let (i, s) = two(vals)?;
            Ok(Value::from_int_tuple(idx2crd(&i, &s)?))
        }
        "crd2idx" => {
            want_args(name, vals, &[2, 3])?;
            let c = int_tuple(name, &vals[0])?;
            if vals.len() == 3 {
                let l = DynLayout::new(int_tuple(name, &vals[1])?, int_tuple(name, &vals[2])?)?;
                return Ok(Value::from_int_tuple(l.eval(&c)?));
            }
            match layout_or_tuple(&vals[1]) {
                // crd2idx(c, L) is C++'s L(c).
                Some(Ok(l)) => Ok(Value::from_int_tuple(l.eval(&c)?)),
                Some(Err(shape)) => Ok(Value::Int(crd2idx_colex(&c, &shape)?)),
                None => Err(Error::ill(alloc::format!(
                    "crd2idx expects a layout or a shape, got {}",
                    vals[1]
                ))),
            }
        }
        "congruent" | "weakly_congruent" | "compatible" => {
            want_args(name, vals, &[2])?;
            let (a, b) = (shape_of(name, &vals[0])?, shape_of(name, &vals[1])?);
            Ok(bool_val(match name {
                "congruent" => congruent(&a, &b),
                "weakly_congruent" => weakly_congruent(&a, &b),
                _ => compatible(&a, &b)?,
            }))
        }
        "elem_less" => {
            let (a, b) = two(vals)?;
            Ok(bool_val(elem_less(&a, &b)?))
        }
        "evenly_divides" => {
            let (a, b) = two(vals)?;
            Ok(bool_val(evenly_divides(&a, &b)?))
        }
        "shape_div" => {
            let (a, b) = two(vals)?;
            Ok(Value::from_int_tuple(shape_div(&a, &b)?))
        }
        "ceil_div" => {
            let (a, b) = two(vals)?;
            Ok(Value::from_int_tuple(a.ceil_div(&b)?))
        }
        "inner_product" => {
            let (a, b) = two(vals)?;
            Ok(Value::Int(inner_product(&a, &b)?))
        }
        "product" => {
            want_args(name, vals, &[1])?;
            Ok(Value::Int(int_tuple(name, &vals[0])?.size()?))
        }
        _ => Err(Error::ill(
            "prefix_product is not part of CuTe 4.2 (its compact_col_major gives the \
             strides of a compact layout: make_layout(shape))",
        )),
    }
}
