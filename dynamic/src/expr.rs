//! Evaluation of `NAME(arg, ...)` expressions over runtime values: the engine of
//! `cutlet eval`. Operation names and argument conventions are CuTe's.

use super::algebra;
use super::composed_ops::apply_composed;
use super::error::{Error, Result};
use super::inspect_ops::apply_inspect;
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use super::parse::{Expr, parse_expr};
use super::value::{Tiler, Value};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// Parse and evaluate one expression, returning CuTe's printed result.
///
/// ```
/// use cutlet_dynamic::eval;
/// assert_eq!(eval("cosize(((_2,_4),(_3,_5)):((_3,_6),(_1,_24)))").unwrap(), "_120");
/// assert_eq!(eval("composition((_12,_32):(_32,_1), (_3:_4,_8:_2))").unwrap(), "(_3,_8):(_128,_2)");
/// assert!(eval("composition(((_2,_4),_2):((_4,_1),_16), (_3,_3):(_3,_1))").is_err());
/// ```
pub fn eval(s: &str) -> Result<String> {
    Ok(eval_expr(&parse_expr(s)?)?.to_string())
}

/// Evaluate a parsed expression.
///
/// ```
/// use cutlet_dynamic::{eval_expr, parse_expr};
/// let v = eval_expr(&parse_expr("coalesce((_2,_4):(_1,_2))").unwrap()).unwrap();
/// assert_eq!(v.to_string(), "_8:_1");
/// ```
pub fn eval_expr(e: &Expr) -> Result<Value> {
    match e {
        Expr::Value(v) => Ok(v.clone()),
        Expr::Call { name, targs, args } => {
            let vals: Vec<Value> = args.iter().map(eval_expr).collect::<Result<_>>()?;
            if let Some(r) = super::atom::apply_atom(name, targs, &vals) {
                return r;
            }
            if let Some(r) =
                super::analysis::apply_analysis(name, &vals).filter(|_| targs.is_empty())
            {
                return r;
            }
            if let Some(r) = apply_composed(name, targs, &vals) {
                return r;
            }
            if let Some(r) = apply_inspect(name, targs, &vals) {
                return r;
            }
            if !targs.is_empty() {
                return Err(Error::ill(alloc::format!(
                    "{name} takes no compile-time arguments"
                )));
            }
            apply(name, &vals)
        }
    }
}

/// The names `eval` understands, for help texts.
///
/// ```
/// assert!(cutlet_dynamic::OPERATIONS.contains(&"logical_divide"));
/// ```
pub const OPERATIONS: &[&str] = &[
    "size",
    "cosize",
    "rank",
    "depth",
    "shape",
    "stride",
    "coshape",
    "flatten",
    "make_layout",
    "make_layout_right",
    "make_ordered_layout",
    "make_identity_layout",
    "make_fragment_like",
    "coalesce",
    "filter",
    "composition",
    "complement",
    "right_inverse",
    "left_inverse",
    "max_common_vector",
    "max_common_layout",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "get<I...>",
    "take<B,E>",
    "select<I...>",
    "group<B,E>",
    "group_modes<B,E>",
    "idx2crd",
    "crd2idx",
    "elem_less",
    "congruent",
    "weakly_congruent",
    "compatible",
    "evenly_divides",
    "shape_div",
    "inner_product",
    "ceil_div",
    "product",
    "tile_to_shape",
    "upcast<N>",
    "downcast<N>",
    "recast_layout<Old,New>",
    "nullspace",
    "domain_distribute",
    "bank_conflicts",
    "sectors",
];

fn layout_arg(name: &str, vals: &[Value], i: usize) -> Result<DynLayout> {
    match &vals[i] {
        Value::Layout(l) => Ok(l.clone()),
        v => Err(Error::ill(alloc::format!(
            "{name} expects a layout as argument {}, got {v}",
            i + 1
        ))),
    }
}

fn tuple_arg(name: &str, vals: &[Value], i: usize) -> Result<IntTuple> {
    vals[i].as_int_tuple().ok_or_else(|| {
        Error::ill(alloc::format!(
            "{name} expects an int tuple as argument {}, got {}",
            i + 1,
            vals[i]
        ))
    })
}

fn shape_arg(name: &str, vals: &[Value], i: usize) -> Result<IntTuple> {
    let t = tuple_arg(name, vals, i)?;
    if let Some(z) = t.leaves().iter().find(|d| d.value <= 0 || d.is_basis()) {
        return Err(Error::ill(alloc::format!(
            "{name}: shape {t} has the extent {z}; extents are positive integers"
        )));
    }
    Ok(t)
}

fn arity(name: &str, vals: &[Value], allowed: &[usize]) -> Result<()> {
    if allowed.contains(&vals.len()) {
        return Ok(());
    }
    let want: Vec<String> = allowed.iter().map(|n| n.to_string()).collect();
    Err(Error::ill(alloc::format!(
        "{name} takes {} argument(s), got {}",
        want.join(" or "),
        vals.len()
    )))
}

/// A layout, or an int tuple (for the queries CuTe also defines on int tuples).
fn layout_or_shape(vals: &[Value]) -> Option<(IntTuple, Option<DynLayout>)> {
    match &vals[0] {
        Value::Layout(l) => Some((l.shape().clone(), Some(l.clone()))),
        v => v.as_int_tuple().map(|t| (t, None)),
    }
}

fn stat(n: usize) -> Value {
    Value::Int(DInt::stat(n as i64))
}

fn apply(name: &str, vals: &[Value]) -> Result<Value> {
    let lay = |l: DynLayout| Value::Layout(l);
    match name {
        "size" | "rank" | "depth" => {
            arity(name, vals, &[1])?;
            let (shape, _) = layout_or_shape(vals).ok_or_else(|| {
                Error::ill(alloc::format!("{name} expects a layout or an int tuple"))
            })?;
            Ok(match name {
                "size" => Value::Int(shape.size()?),
                "rank" => stat(shape.rank()),
                _ => stat(shape.depth()),
            })
        }
        "flatten" => {
            arity(name, vals, &[1])?;
            match layout_or_shape(vals) {
                Some((_, Some(l))) => Ok(lay(l.flatten())),
                Some((t, None)) => Ok(Value::from_int_tuple(t.flatten())),
                None => Err(Error::ill("flatten expects a layout or an int tuple")),
            }
        }
        "cosize" | "coshape" => {
            arity(name, vals, &[1])?;
            Ok(Value::Int(layout_arg(name, vals, 0)?.cosize()?))
        }
        "shape" | "stride" => {
            arity(name, vals, &[1])?;
            let l = layout_arg(name, vals, 0)?;
            Ok(Value::from_int_tuple(if name == "shape" {
                l.shape
            } else {
                l.stride
            }))
        }
        "make_layout" => {
            arity(name, vals, &[1, 2])?;
            let shape = shape_arg(name, vals, 0)?;
            if vals.len() == 1 {
                return Ok(lay(DynLayout::col_major(shape)?));
            }
            Ok(lay(DynLayout::new(shape, tuple_arg(name, vals, 1)?)?))
        }
        "make_layout_right" => {
            arity(name, vals, &[1])?;
            Ok(lay(DynLayout::row_major(shape_arg(name, vals, 0)?)?))
        }
        "make_ordered_layout" => {
            arity(name, vals, &[2])?;
            let shape = shape_arg(name, vals, 0)?;
            Ok(lay(algebra::make_ordered_layout(
                &shape,
                &tuple_arg(name, vals, 1)?,
            )?))
        }
        "make_identity_layout" => {
            arity(name, vals, &[1])?;
            Ok(lay(algebra::make_identity_layout(&shape_arg(
                name, vals, 0,
            )?)?))
        }
        "make_fragment_like" => {
            arity(name, vals, &[1])?;
            Ok(lay(algebra::make_fragment_like(&layout_arg(
                name, vals, 0,
            )?)?))
        }
        "coalesce" => {
            arity(name, vals, &[1, 2])?;
            let l = layout_arg(name, vals, 0)?;
            if vals.len() == 2 {
                return Ok(lay(algebra::coalesce_by(&l, &tuple_arg(name, vals, 1)?)?));
            }
            Ok(lay(algebra::coalesce(&l)?))
        }
        "filter" => {
            arity(name, vals, &[1])?;
            Ok(lay(algebra::filter(&layout_arg(name, vals, 0)?)?))
        }
        "composition" => {
            arity(name, vals, &[2])?;
            let l = layout_arg(name, vals, 0)?;
            Ok(lay(algebra::composition_tiler(&l, &vals[1].to_tiler()?)?))
        }
        "complement" => {
            arity(name, vals, &[1, 2])?;
            let l = layout_arg(name, vals, 0)?;
            if vals.len() == 2 {
                return Ok(lay(algebra::complement_to(&l, &tuple_arg(name, vals, 1)?)?));
            }
            Ok(lay(algebra::complement(&l)?))
        }
        "right_inverse" | "left_inverse" => {
            arity(name, vals, &[1])?;
            let l = layout_arg(name, vals, 0)?;
            Ok(lay(if name == "right_inverse" {
                algebra::right_inverse(&l)?
            } else {
                algebra::left_inverse(&l)?
            }))
        }
        "max_common_vector" | "max_common_layout" => {
            arity(name, vals, &[2])?;
            let a = layout_arg(name, vals, 0)?;
            let b = layout_arg(name, vals, 1)?;
            Ok(if name == "max_common_vector" {
                Value::Int(algebra::max_common_vector(&a, &b)?)
            } else {
                lay(algebra::max_common_layout(&a, &b)?)
            })
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product" => {
            arity(name, vals, &[2])?;
            let l = layout_arg(name, vals, 0)?;
            let t: Tiler = vals[1].to_tiler()?;
            let f = match name {
                "logical_divide" => algebra::logical_divide,
                "zipped_divide" => algebra::zipped_divide,
                "tiled_divide" => algebra::tiled_divide,
                "flat_divide" => algebra::flat_divide,
                "logical_product" => algebra::logical_product,
                "zipped_product" => algebra::zipped_product,
                "tiled_product" => algebra::tiled_product,
                _ => algebra::flat_product,
            };
            Ok(lay(f(&l, &t)?))
        }
        "blocked_product" | "raked_product" => {
            arity(name, vals, &[2])?;
            let a = layout_arg(name, vals, 0)?;
            let b = layout_arg(name, vals, 1)?;
            Ok(lay(if name == "blocked_product" {
                algebra::blocked_product(&a, &b)?
            } else {
                algebra::raked_product(&a, &b)?
            }))
        }
        _ => Err(Error::parse(alloc::format!(
            "unknown operation '{name}' (known: {})",
            OPERATIONS.join(", ")
        ))),
    }
}

impl Value {
    /// An int tuple as a value.
    pub fn from_int_tuple(t: IntTuple) -> Value {
        match t {
            IntTuple::Int(d) => Value::Int(d),
            IntTuple::Tuple(v) => Value::Tuple(v.into_iter().map(Value::from_int_tuple).collect()),
        }
    }
}
