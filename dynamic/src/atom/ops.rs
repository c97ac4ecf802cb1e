//! The CLI's atom operations, by CuTe's C++ names: `MMA_Atom<OP>`, `Copy_Atom<OP,T>`,
//! `make_tiled_mma`, `make_tiled_copy[_A|_B|_C]`, the TV-layout accessors, `tile_size<I>`,
//! `get_slice` and the partitions. [`crate::eval_expr`] dispatches here first.

use super::super::error::{Error, Result};
use super::super::layout::DynLayout;
use super::super::value::Value;
use super::copy::{CopyAtom, ThrCopy, TiledCopy};
use super::mma::{MmaAtom, ThrMma, TiledMma};
use super::tensor::TensorLayout;
use crate::atom_traits::mma_traits;
use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt;

/// A value of the kernel layer: an atom, a tiled atom or a thread's slice of one.
///
/// ```
/// use cutlet_dynamic::{Value, eval_expr, parse_expr};
/// let v = eval_expr(&parse_expr("MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>").unwrap()).unwrap();
/// assert!(matches!(v, Value::Atom(_)));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum AtomValue {
    /// `MMA_Atom<OP>`.
    Mma(MmaAtom),
    /// `Copy_Atom<OP,T>`.
    Copy(CopyAtom),
    /// `TiledMMA`.
    TiledMma(TiledMma),
    /// `TiledCopy`.
    TiledCopy(TiledCopy),
    /// `ThrMMA`.
    ThrMma(ThrMma),
    /// `ThrCopy`.
    ThrCopy(ThrCopy),
}

impl fmt::Display for AtomValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AtomValue::Mma(a) => a.fmt(f),
            AtomValue::Copy(a) => a.fmt(f),
            AtomValue::TiledMma(a) => a.fmt(f),
            AtomValue::TiledCopy(a) => a.fmt(f),
            AtomValue::ThrMma(a) => a.fmt(f),
            AtomValue::ThrCopy(a) => a.fmt(f),
        }
    }
}

/// The names this module evaluates, for help texts.
///
/// ```
/// assert!(cutlet_dynamic::atom::ATOM_OPERATIONS.contains(&"partition_fragment_A"));
/// ```
pub const ATOM_OPERATIONS: &[&str] = &[
    "MMA_Atom<OP>",
    "Copy_Atom<OP,T>",
    "make_tiled_mma",
    "make_tiled_copy",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "get_layoutA_TV",
    "get_layoutB_TV",
    "get_layoutC_TV",
    "get_layoutS_TV",
    "get_layoutD_TV",
    "tile_size<I>",
    "get_slice",
    "partition_A",
    "partition_B",
    "partition_C",
    "partition_fragment_A",
    "partition_fragment_B",
    "partition_fragment_C",
    "partition_S",
    "partition_D",
    "retile_S",
    "retile_D",
];

fn atom(v: AtomValue) -> Value {
    Value::Atom(Box::new(v))
}

fn full_name(name: &str, targs: &[String]) -> String {
    if targs.is_empty() {
        name.to_string()
    } else {
        alloc::format!("{name}<{}>", targs.join(","))
    }
}

fn arity(name: &str, vals: &[Value], allowed: &[usize]) -> Result<()> {
    if allowed.contains(&vals.len()) {
        Ok(())
    } else {
        Err(Error::ill(alloc::format!(
            "{name} takes {allowed:?} argument(s), got {}",
            vals.len()
        )))
    }
}

fn no_targs(name: &str, targs: &[String]) -> Result<()> {
    if targs.is_empty() {
        Ok(())
    } else {
        Err(Error::ill(alloc::format!(
            "{name} takes no compile-time arguments"
        )))
    }
}

fn layout_or_shape(name: &str, v: &Value) -> Result<DynLayout> {
    match v {
        Value::Layout(l) => Ok(l.clone()),
        v => match v.as_int_tuple() {
            Some(t) if t.leaves().iter().all(|d| d.value > 0 && !d.is_basis()) => {
                DynLayout::col_major(t)
            }
            _ => Err(Error::ill(alloc::format!(
                "{name} expects a layout, got {v}"
            ))),
        },
    }
}

fn get(v: &Value) -> Option<&AtomValue> {
    match v {
        Value::Atom(a) => Some(a),
        _ => None,
    }
}

fn tiled_mma<'a>(name: &str, v: &'a Value) -> Result<&'a TiledMma> {
    match get(v) {
        Some(AtomValue::TiledMma(m)) => Ok(m),
        _ => Err(Error::ill(alloc::format!(
            "{name} expects a TiledMMA, got {v}"
        ))),
    }
}

fn tiled_copy<'a>(name: &str, v: &'a Value) -> Result<&'a TiledCopy> {
    match get(v) {
        Some(AtomValue::TiledCopy(m)) => Ok(m),
        _ => Err(Error::ill(alloc::format!(
            "{name} expects a TiledCopy, got {v}"
        ))),
    }
}

fn mma_atom(name: &str, v: &Value) -> Result<MmaAtom> {
    match get(v) {
        Some(AtomValue::Mma(a)) => Ok(a.clone()),
        _ => Err(Error::ill(alloc::format!(
            "{name} expects an MMA_Atom, got {v}"
        ))),
    }
}

fn copy_atom(name: &str, v: &Value) -> Result<CopyAtom> {
    match get(v) {
        Some(AtomValue::Copy(a)) => Ok(a.clone()),
        _ => Err(Error::ill(alloc::format!(
            "{name} expects a Copy_Atom, got {v}"
        ))),
    }
}

fn index_targ(name: &str, targs: &[String]) -> Result<usize> {
    match targs {
        [t] => t
            .parse::<usize>()
            .map_err(|_| Error::ill(alloc::format!("{name}<{t}>: expected an index"))),
        _ => Err(Error::ill(alloc::format!(
            "{name} takes one compile-time index"
        ))),
    }
}

const KNOWN: &[&str] = &[
    "MMA_Atom",
    "Copy_Atom",
    "make_tiled_mma",
    "make_tiled_copy",
    "make_tiled_copy_A",
    "make_tiled_copy_B",
    "make_tiled_copy_C",
    "get_layoutA_TV",
    "get_layoutB_TV",
    "get_layoutC_TV",
    "get_layoutS_TV",
    "get_layoutD_TV",
    "tile_size",
    "get_slice",
    "partition_A",
    "partition_B",
    "partition_C",
    "partition_fragment_A",
    "partition_fragment_B",
    "partition_fragment_C",
    "partition_S",
    "partition_D",
    "retile_S",
    "retile_D",
];

/// Evaluates `name` if it is an atom operation, an MMA operation's bare name, or has an
/// atom argument; `None` otherwise.
pub(crate) fn apply_atom(name: &str, targs: &[String], vals: &[Value]) -> Option<Result<Value>> {
    if vals.is_empty() && !KNOWN.contains(&name) {
        let full = full_name(name, targs);
        if mma_traits(&full).is_some() {
            return Some(MmaAtom::new(&full).map(|a| atom(AtomValue::Mma(a))));
        }
    }
    if !KNOWN.contains(&name) && !vals.iter().any(|v| get(v).is_some()) {
        return None;
    }
    Some(apply(name, targs, vals))
}

fn apply(name: &str, targs: &[String], vals: &[Value]) -> Result<Value> {
    match name {
        "MMA_Atom" => {
            arity(name, vals, &[0])?;
            let [op] = targs else {
                return Err(Error::ill("MMA_Atom takes one operation: MMA_Atom<OP>"));
            };
            Ok(atom(AtomValue::Mma(MmaAtom::new(op)?)))
        }
        "Copy_Atom" => {
            arity(name, vals, &[0])?;
            let [op, t] = targs else {
                return Err(Error::ill(
                    "Copy_Atom takes an operation and a type: Copy_Atom<OP,T>",
                ));
            };
            Ok(atom(AtomValue::Copy(CopyAtom::new(op, t)?)))
        }
        "make_tiled_mma" => {
            no_targs(name, targs)?;
            arity(name, vals, &[1, 2, 3])?;
            let a = mma_atom(name, &vals[0])?;
            let l = match vals.get(1) {
                Some(v) => layout_or_shape(name, v)?,
                None => "(_1,_1,_1):(_0,_0,_0)".parse()?,
            };
            Ok(atom(AtomValue::TiledMma(TiledMma::new(
                a,
                &l,
                vals.get(2),
            )?)))
        }
        "make_tiled_copy" => {
            no_targs(name, targs)?;
            arity(name, vals, &[2, 3])?;
            let a = copy_atom(name, &vals[0])?;
            let thr = layout_or_shape(name, &vals[1])?;
            let val = match vals.get(2) {
                Some(v) => layout_or_shape(name, v)?,
                None => "_1:_0".parse()?,
            };
            Ok(atom(AtomValue::TiledCopy(TiledCopy::make_tiled_copy(
                a, &thr, &val,
            )?)))
        }
        "make_tiled_copy_A" | "make_tiled_copy_B" | "make_tiled_copy_C" => {
            no_targs(name, targs)?;
            arity(name, vals, &[2])?;
            let a = copy_atom(name, &vals[0])?;
            let m = tiled_mma(name, &vals[1])?;
            let which = operand(name);
            Ok(atom(AtomValue::TiledCopy(TiledCopy::for_mma(a, m, which)?)))
        }
        "get_layoutA_TV" | "get_layoutB_TV" | "get_layoutC_TV" => {
            no_targs(name, targs)?;
            arity(name, vals, &[1])?;
            let m = tiled_mma(name, &vals[0])?;
            let which = (name.as_bytes()[10] - b'A') as usize;
            Ok(Value::Layout(m.layout_tv(which)?))
        }
        "get_layoutS_TV" | "get_layoutD_TV" => {
            no_targs(name, targs)?;
            arity(name, vals, &[1])?;
            let c = tiled_copy(name, &vals[0])?;
            Ok(Value::Layout(c.layout_tv_of(name == "get_layoutD_TV")?))
        }
        "tile_size" => {
            arity(name, vals, &[1])?;
            let i = index_targ(name, targs)?;
            match get(&vals[0]) {
                Some(AtomValue::TiledMma(m)) if i < 3 => Ok(Value::Int(m.tile_size_mnk(i)?)),
                Some(AtomValue::TiledCopy(c)) => Ok(Value::Int(c.tile_size(i)?)),
                _ => Err(Error::ill(alloc::format!(
                    "tile_size<{i}> expects a TiledMMA (I < 3) or a TiledCopy"
                ))),
            }
        }
        "get_slice" => {
            no_targs(name, targs)?;
            arity(name, vals, &[2])?;
            let Value::Int(t) = vals[1] else {
                return Err(Error::ill("get_slice expects an integer thread index"));
            };
            if t.is_basis() || t.value < 0 {
                return Err(Error::ill("get_slice expects a thread index"));
            }
            match get(&vals[0]) {
                Some(AtomValue::TiledMma(m)) => Ok(atom(AtomValue::ThrMma(m.get_slice(t)?))),
                Some(AtomValue::TiledCopy(c)) => Ok(atom(AtomValue::ThrCopy(c.get_slice(t)))),
                _ => Err(Error::ill("get_slice expects a TiledMMA or a TiledCopy")),
            }
        }
        "partition_A"
        | "partition_B"
        | "partition_C"
        | "partition_fragment_A"
        | "partition_fragment_B"
        | "partition_fragment_C" => {
            no_targs(name, targs)?;
            arity(name, vals, &[2])?;
            let Some(AtomValue::ThrMma(s)) = get(&vals[0]) else {
                return Err(Error::ill(alloc::format!(
                    "{name} expects a slice of a TiledMMA"
                )));
            };
            let which = operand(name);
            let t = TensorLayout::from_value(&vals[1], s.tiled.operand_bits(which)?)?;
            let r = if name.starts_with("partition_fragment") {
                s.partition_fragment(which, &t)?
            } else {
                s.partition(which, &t)?
            };
            Ok(r.to_value())
        }
        "partition_S" | "partition_D" | "retile_S" | "retile_D" => {
            no_targs(name, targs)?;
            arity(name, vals, &[2])?;
            let Some(AtomValue::ThrCopy(s)) = get(&vals[0]) else {
                return Err(Error::ill(alloc::format!(
                    "{name} expects a slice of a TiledCopy"
                )));
            };
            let t = TensorLayout::from_value(&vals[1], s.tiled.atom.bits)?;
            let r = if name.starts_with("retile") {
                s.retile(&t)?
            } else {
                s.partition(&t, name.ends_with('D'))?
            };
            Ok(r.to_value())
        }
        "size" => {
            arity(name, vals, &[1])?;
            match get(&vals[0]) {
                Some(AtomValue::TiledMma(m)) => Ok(Value::Int(m.thr_layout_vmnk.size()?)),
                Some(AtomValue::TiledCopy(c)) => Ok(Value::Int(c.layout_tv.mode(0)?.size()?)),
                _ => Err(Error::ill("size of an atom")),
            }
        }
        _ => Err(Error::ill(alloc::format!(
            "{name} does not take an atom, a tiled atom or a thread slice"
        ))),
    }
}

fn operand(name: &str) -> usize {
    match name.as_bytes()[name.len() - 1] {
        b'A' => 0,
        b'B' => 1,
        _ => 2,
    }
}
