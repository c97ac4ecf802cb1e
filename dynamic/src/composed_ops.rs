//! The CLI's operations on swizzles and composed layouts, and the operations CuTe's
//! kernels use to build shared-memory layouts (`tile_to_shape`, `upcast<N>`,
//! `downcast<N>`, `recast_layout<Old,New>`, `nullspace`, `domain_distribute`) on every
//! kind of layout. [`super::expr`] dispatches here first.
//!
//! The rules follow layout_composed.hpp, swizzle_layout.hpp and pointer_flagged.hpp:
//! shape operations act on the domain layout `B` and re-compose with CuTe's
//! three-argument `composition(A, O, B')` (which drops a swizzle of no bits).

use super::algebra;
use super::composed::{ComposedLayout, LayoutFn, MixedBits, Offset};
use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use super::layout::DynLayout;
use super::swizzle::Swizzle;
use super::value::{Tiler, Value};
use alloc::string::String;
use alloc::vec::Vec;

/// Evaluates `name` if it is one of this module's operations or has a swizzle or
/// composed-layout argument; `None` otherwise.
pub(super) fn apply_composed(
    name: &str,
    targs: &[String],
    vals: &[Value],
) -> Option<Result<Value>> {
    let always = matches!(
        name,
        "tile_to_shape"
            | "upcast"
            | "downcast"
            | "recast_layout"
            | "nullspace"
            | "domain_distribute"
    );
    let has_fn = vals
        .iter()
        .any(|v| matches!(v, Value::Swizzle(_) | Value::Composed(_)));
    if !always && !has_fn {
        return None;
    }
    Some(apply(name, targs, vals))
}

fn args(name: &str, vals: &[Value], allowed: &[usize]) -> Result<()> {
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

fn int_targs(name: &str, targs: &[String], n: Option<usize>) -> Result<Vec<i64>> {
    if n.is_some_and(|n| n != targs.len()) || targs.is_empty() {
        return Err(Error::ill(alloc::format!(
            "{name} needs {} compile-time argument(s) in <...>",
            n.unwrap_or(1)
        )));
    }
    targs
        .iter()
        .map(|t| {
            t.parse::<i64>()
                .map_err(|_| Error::ill(alloc::format!("{name}<...>: '{t}' is not an integer")))
        })
        .collect()
}

fn func(name: &str, v: &Value) -> Result<LayoutFn> {
    v.as_layout_fn().ok_or_else(|| {
        Error::ill(alloc::format!(
            "{name} expects a layout, a swizzle or a composed layout, got {v}"
        ))
    })
}

fn int_tuple(name: &str, v: &Value) -> Result<IntTuple> {
    v.as_int_tuple()
        .ok_or_else(|| Error::ill(alloc::format!("{name} expects an int tuple, got {v}")))
}

fn out(f: LayoutFn) -> Value {
    Value::from_layout_fn(f)
}

fn usize_targs(name: &str, targs: &[String], n: Option<usize>) -> Result<Vec<usize>> {
    int_targs(name, targs, n)?
        .into_iter()
        .map(|i| {
            usize::try_from(i)
                .map_err(|_| Error::ill(alloc::format!("{name}<...>: negative index {i}")))
        })
        .collect()
}

fn apply(name: &str, targs: &[String], vals: &[Value]) -> Result<Value> {
    match name {
        "upcast" | "downcast" => {
            args(name, vals, &[1])?;
            let n = int_targs(name, targs, Some(1))?[0];
            if !(1..=i32::MAX as i64).contains(&n) {
                return Err(Error::ill(alloc::format!(
                    "{name}<{n}>: N must be a positive int"
                )));
            }
            let x = func(name, &vals[0])?;
            Ok(out(if name == "upcast" {
                upcast(&x, n)?
            } else {
                downcast(&x, n)?
            }))
        }
        "recast_layout" => {
            args(name, vals, &[1])?;
            if targs.len() != 2 {
                return Err(Error::ill("recast_layout<Old,New> needs two type names"));
            }
            let (num, den) = algebra::recast_ratio(&targs[0], &targs[1])?;
            let x = func(name, &vals[0])?;
            Ok(out(match (num, den) {
                (1, 1) => x,
                (1, d) => downcast(&x, d)?,
                (n, 1) => upcast(&x, n)?,
                (n, d) => downcast(&upcast(&x, n)?, d)?,
            }))
        }
        "get" | "take" | "group" | "group_modes" | "select" => {
            args(name, vals, &[1])?;
            let x = composed_arg(name, &vals[0])?;
            let idx = usize_targs(name, targs, None)?;
            match name {
                "get" => Ok(out(x.map_b(&|b| b.get_path(&idx))?)),
                "select" => Ok(Value::Tuple(
                    idx.iter()
                        .map(|&i| x.map_b(&|b| b.get_path(&[i])).map(out))
                        .collect::<Result<_>>()?,
                )),
                _ => {
                    let [b0, e0] = idx[..] else {
                        return Err(Error::ill(alloc::format!("{name}<B,E> needs two indices")));
                    };
                    if name == "take" {
                        Ok(out(x.map_b(&|b| b.take(b0, e0))?))
                    } else {
                        Ok(out(x.map_b(&|b| b.group(b0, e0))?))
                    }
                }
            }
        }
        _ => {
            no_targs(name, targs)?;
            apply_plain(name, vals)
        }
    }
}

/// The first argument as a composed layout (the shape operations need a domain).
fn composed_arg(name: &str, v: &Value) -> Result<ComposedLayout> {
    match v {
        Value::Composed(c) => Ok(c.clone()),
        Value::Swizzle(sw) => Err(Error::ill(alloc::format!(
            "{name}: the swizzle {sw} has no shape"
        ))),
        v => Err(Error::ill(alloc::format!(
            "{name} expects a composed layout here, got {v}"
        ))),
    }
}

fn apply_plain(name: &str, vals: &[Value]) -> Result<Value> {
    match name {
        "tile_to_shape" => {
            args(name, vals, &[2, 3])?;
            let x = func(name, &vals[0])?;
            let shape = int_tuple(name, &vals[1])?;
            let order = vals.get(2).map(|o| int_tuple(name, o)).transpose()?;
            Ok(out(x.map_layout(&|b| {
                algebra::tile_to_shape(b, &shape, order.as_ref())
            })?))
        }
        "nullspace" => {
            args(name, vals, &[1])?;
            match func(name, &vals[0])? {
                LayoutFn::Layout(l) => Ok(Value::Layout(algebra::nullspace(&l)?)),
                // CuTe: the nullspace of a composed layout is the trivial `_1:_0`.
                LayoutFn::Composed(_) => Ok(Value::Layout(DynLayout::new(
                    IntTuple::stat(1),
                    IntTuple::stat(0),
                )?)),
                LayoutFn::Swizzle(sw) => Err(Error::ill(alloc::format!(
                    "nullspace of the swizzle {sw} is not defined"
                ))),
            }
        }
        "domain_distribute" => {
            args(name, vals, &[2])?;
            let shape = match &vals[0] {
                Value::Layout(l) => l.shape().clone(),
                Value::Composed(c) => c.domain()?.shape().clone(),
                v => int_tuple(name, v)?,
            };
            let Value::Int(n) = vals[1] else {
                return Err(Error::ill(alloc::format!(
                    "domain_distribute needs a static integer, got {}",
                    vals[1]
                )));
            };
            Ok(Value::Layout(algebra::domain_distribute(&shape, n)?))
        }
        "crd2idx" => {
            args(name, vals, &[2])?;
            let c = int_tuple(name, &vals[0])?;
            Ok(Value::from_int_tuple(func(name, &vals[1])?.eval(&c)?))
        }
        "size" | "rank" | "depth" | "cosize" | "shape" => {
            args(name, vals, &[1])?;
            let d = composed_arg(name, &vals[0])?;
            let d = d.domain()?;
            Ok(match name {
                "size" => Value::Int(d.size()?),
                "rank" => Value::Int(DInt::stat(d.rank() as i64)),
                "depth" => Value::Int(DInt::stat(d.depth() as i64)),
                "cosize" => Value::Int(d.cosize()?),
                _ => Value::from_int_tuple(d.shape().clone()),
            })
        }
        "flatten" => {
            args(name, vals, &[1])?;
            Ok(out(
                composed_arg(name, &vals[0])?.map_b(&|b| Ok(b.flatten()))?
            ))
        }
        "coalesce" => {
            args(name, vals, &[1, 2])?;
            let x = composed_arg(name, &vals[0])?;
            match vals.get(1) {
                Some(p) => {
                    let p = int_tuple(name, p)?;
                    Ok(out(x.map_b(&|b| algebra::coalesce_by(b, &p))?))
                }
                None => Ok(out(x.map_b(&algebra::coalesce)?)),
            }
        }
        "filter" => {
            args(name, vals, &[1, 2])?;
            let x = composed_arg(name, &vals[0])?;
            match vals.get(1) {
                Some(p) => {
                    let p = int_tuple(name, p)?;
                    Ok(out(x.map_b(&|b| filter_by(b, &p))?))
                }
                None => Err(Error::ill(
                    "CuTe's filter of a composed layout needs a target profile",
                )),
            }
        }
        "complement" => {
            args(name, vals, &[1, 2])?;
            let x = composed_arg(name, &vals[0])?;
            let b = x.domain()?;
            let cotarget = match vals.get(1) {
                Some(c) => int_tuple(name, c)?,
                None => IntTuple::Int(b.cosize()?),
            };
            Ok(Value::Layout(algebra::complement_to(b, &cotarget)?))
        }
        "right_inverse" | "left_inverse" => {
            args(name, vals, &[1])?;
            Ok(out(inverse(
                &func(name, &vals[0])?,
                name == "right_inverse",
            )?))
        }
        "composition" => {
            args(name, vals, &[2])?;
            let a = func(name, &vals[0])?;
            match (&a, vals[1].as_layout_fn()) {
                (_, Some(b)) => Ok(out(compose_fn(&a, &b)?)),
                (LayoutFn::Composed(c), None) => {
                    let t = vals[1].to_tiler()?;
                    Ok(out(c.map_b(&|b| algebra::composition_tiler(b, &t))?))
                }
                _ => Err(Error::ill(alloc::format!(
                    "composition of {a} with {} is not defined",
                    vals[1]
                ))),
            }
        }
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" | "logical_product"
        | "zipped_product" | "tiled_product" | "flat_product" | "blocked_product"
        | "raked_product" => {
            args(name, vals, &[2])?;
            if name == "logical_product"
                && let (Value::Layout(l), Value::Composed(t)) = (&vals[0], &vals[1])
            {
                return Ok(out(logical_product_swizzled(l, t)?));
            }
            let x = composed_arg(name, &vals[0])?;
            let t = vals[1].to_tiler()?;
            let f: &dyn Fn(&DynLayout) -> Result<DynLayout> = &|b| match name {
                "logical_divide" => algebra::logical_divide(b, &t),
                "zipped_divide" => algebra::zipped_divide(b, &t),
                "tiled_divide" => algebra::tiled_divide(b, &t),
                "flat_divide" => algebra::flat_divide(b, &t),
                "logical_product" => algebra::logical_product(b, &t),
                "zipped_product" => algebra::zipped_product(b, &t),
                "tiled_product" => algebra::tiled_product(b, &t),
                "flat_product" => algebra::flat_product(b, &t),
                _ => {
                    let Tiler::Layout(tl) = &t else {
                        return Err(Error::ill(alloc::format!("{name} needs a layout tiler")));
                    };
                    if name == "blocked_product" {
                        algebra::blocked_product(b, tl)
                    } else {
                        algebra::raked_product(b, tl)
                    }
                }
            };
            Ok(out(x.map_b(f)?))
        }
        _ => Err(Error::ill(alloc::format!(
            "{name} is not defined on swizzles or composed layouts"
        ))),
    }
}

/// CuTe's `filter(layout, trg_profile)`: `filter` at the leaves of the profile.
fn filter_by(l: &DynLayout, profile: &IntTuple) -> Result<DynLayout> {
    match profile {
        IntTuple::Int(_) => algebra::filter(l),
        IntTuple::Tuple(pv) => {
            if pv.len() > l.rank() {
                return Err(Error::ill(alloc::format!(
                    "filter: profile {profile} has a higher rank than {l}"
                )));
            }
            let modes = l
                .modes()
                .iter()
                .enumerate()
                .map(|(i, m)| match pv.get(i) {
                    Some(p) => filter_by(m, p),
                    None => Ok(m.clone()),
                })
                .collect::<Result<Vec<_>>>()?;
            Ok(DynLayout::concat(modes))
        }
    }
}

/// CuTe's `upcast<N>` of an offset: `safe_div(O, C<N>)`. Only static offsets are
/// found (the integer overloads are declared after layout_composed.hpp uses them, and
/// a plain `int` has no associated namespace), and the result is unsigned.
fn upcast_offset(o: &Offset, n: i64) -> Result<Offset> {
    match o {
        Offset::Int(d) if d.is_static && !d.is_basis() => {
            if d.value % n != 0 {
                return Err(Error::ill(alloc::format!(
                    "upcast<{n}>: the offset {d} is not a multiple of {n}"
                )));
            }
            Ok(Offset::Unsigned(d.value / n))
        }
        Offset::Unsigned(v) => {
            if v % n != 0 {
                return Err(Error::ill(alloc::format!(
                    "upcast<{n}>: the offset _{v} is not a multiple of {n}"
                )));
            }
            Ok(Offset::Unsigned(v / n))
        }
        Offset::SmemPtr(b) => Ok(Offset::SmemPtr(smem_bits(b.checked_mul(n))?)),
        Offset::Mixed(m) => {
            let (s, dy, f) = m.parts();
            let n32 = n as u32;
            if !n32.is_power_of_two() || s % n32 != 0 || f % n32 != 0 {
                return Err(Error::ill(alloc::format!(
                    "upcast<{n}>: {m} is not a multiple of {n}"
                )));
            }
            mixed_bits(s / n32, dy / n32, f / n32)
        }
        Offset::Int(d) => Err(dynamic_offset("upcast", d)),
    }
}

fn smem_bits(b: Option<i64>) -> Result<i64> {
    b.ok_or_else(|| Error::ill("smem_ptr_flag_bits: the element width overflows"))
}

fn dynamic_offset(what: &str, d: &DInt) -> Error {
    Error::ill(alloc::format!(
        "{what} of a composed layout with the dynamic offset {d}: CuTe finds no {what} \
         for a plain int there"
    ))
}

/// CuTe's `downcast<N>` of an offset: `O * C<N>` (static offsets only, as for upcast).
fn downcast_offset(o: &Offset, n: i64) -> Result<Offset> {
    match o {
        Offset::Int(d) if d.is_static && !d.is_basis() => Ok(Offset::Unsigned(
            d.value
                .checked_mul(n)
                .ok_or_else(|| Error::ill("static integer overflow"))?,
        )),
        Offset::Unsigned(v) => Ok(Offset::Unsigned(
            v.checked_mul(n)
                .ok_or_else(|| Error::ill("static integer overflow"))?,
        )),
        Offset::SmemPtr(b) => Ok(Offset::SmemPtr(b / n)),
        Offset::Mixed(m) => {
            let (s, dy, f) = m.parts();
            let n32 = n as u32;
            mixed_bits(
                s.wrapping_mul(n32),
                dy.wrapping_mul(n32),
                f.wrapping_mul(n32),
            )
        }
        Offset::Int(d) => Err(dynamic_offset("downcast", d)),
    }
}

/// CuTe's `make_mixed_bits(s, d, f)`: static bits win; no dynamic bits left is static.
fn mixed_bits(s: u32, d: u32, f: u32) -> Result<Offset> {
    let new_f = f & !s;
    if new_f == 0 {
        Ok(Offset::Int(DInt::stat(s as i64)))
    } else {
        Ok(Offset::Mixed(MixedBits::new(s, d & new_f, new_f)?))
    }
}

/// CuTe's `upcast<N>` of a layout, swizzle or composed layout.
fn upcast(x: &LayoutFn, n: i64) -> Result<LayoutFn> {
    Ok(match x {
        LayoutFn::Layout(l) => LayoutFn::Layout(algebra::upcast(l, n)?),
        LayoutFn::Swizzle(sw) => LayoutFn::Swizzle(sw.upcast(n)?),
        // pointer_flagged.hpp: the swizzle stays (it acts on bytes through the smem
        // pointer); the flag records the wider element.
        LayoutFn::Composed(c) => match c.offset {
            Offset::SmemPtr(b) => {
                ComposedLayout::compose(c.a.clone(), Offset::SmemPtr(b * n), upcast(&c.b, n)?)
            }
            _ => ComposedLayout::compose(
                upcast(&c.a, n)?,
                upcast_offset(&c.offset, n)?,
                upcast(&c.b, n)?,
            ),
        },
    })
}

/// CuTe's `downcast<N>` of a layout, swizzle or composed layout.
fn downcast(x: &LayoutFn, n: i64) -> Result<LayoutFn> {
    Ok(match x {
        LayoutFn::Layout(l) => LayoutFn::Layout(algebra::downcast(l, n)?),
        LayoutFn::Swizzle(sw) => LayoutFn::Swizzle(sw.downcast(n)?),
        LayoutFn::Composed(c) => match c.offset {
            Offset::SmemPtr(b) => {
                ComposedLayout::compose(c.a.clone(), Offset::SmemPtr(b / n), downcast(&c.b, n)?)
            }
            _ => ComposedLayout::compose(
                downcast(&c.a, n)?,
                downcast_offset(&c.offset, n)?,
                downcast(&c.b, n)?,
            ),
        },
    })
}

/// A static, non-basis integer value of a layout at a static point, for `make_swizzle`.
fn static_at(l: &DynLayout, c: &IntTuple) -> Result<i64> {
    match l.eval(c)? {
        IntTuple::Int(d) if d.is_static && !d.is_basis() => Ok(d.value),
        v => Err(Error::ill(alloc::format!(
            "{l} at {c} is {v}, not a static integer (make_swizzle needs constants)"
        ))),
    }
}

/// CuTe's `composition(layout, Swizzle)`: the swizzle conjugated by the layout, i.e.
/// `make_swizzle<L(yyy), L(zzz)>() o L`.
fn compose_layout_swizzle(a: &DynLayout, sw: &Swizzle) -> Result<LayoutFn> {
    let y = static_at(a, &IntTuple::stat(sw.yyy_msk()))?;
    let z = static_at(a, &IntTuple::stat(sw.zzz_msk()))?;
    let nsw = Swizzle::from_masks(y, z)?;
    Ok(ComposedLayout::compose(
        LayoutFn::Swizzle(nsw),
        Offset::Int(DInt::stat(0)),
        LayoutFn::Layout(a.clone()),
    ))
}

/// CuTe's `composition(Swizzle, Swizzle)` (swizzle.hpp): one swizzle whose Y and Z bits
/// are the XOR of both, defined only for equal shifts.
fn compose_swizzles(s0: &Swizzle, s1: &Swizzle) -> Result<LayoutFn> {
    if s0.shift() != s1.shift() {
        return Err(Error::ill(alloc::format!(
            "composition({s0}, {s1}): can only merge swizzles of the same shift"
        )));
    }
    let sw = Swizzle::from_masks(s0.yyy_msk() ^ s1.yyy_msk(), s0.zzz_msk() ^ s1.zzz_msk())?;
    Ok(LayoutFn::Swizzle(sw))
}

/// CuTe's `composition(a, b)` where either side may be a swizzle or composed layout.
fn compose_fn(a: &LayoutFn, b: &LayoutFn) -> Result<LayoutFn> {
    match (a, b) {
        (LayoutFn::Layout(a), LayoutFn::Layout(b)) => {
            Ok(LayoutFn::Layout(algebra::composition(a, b)?))
        }
        (LayoutFn::Layout(a), LayoutFn::Swizzle(sw)) => compose_layout_swizzle(a, sw),
        (LayoutFn::Layout(_), LayoutFn::Composed(c)) => {
            if !c.offset.equals_zero() {
                return Err(Error::ill(alloc::format!(
                    "composition of a layout with {c} requires offset == _0"
                )));
            }
            compose_fn(&compose_fn(a, &c.a)?, &c.b)
        }
        (LayoutFn::Swizzle(sw), LayoutFn::Layout(_)) => Ok(ComposedLayout::compose(
            LayoutFn::Swizzle(*sw),
            Offset::Int(DInt::stat(0)),
            b.clone(),
        )),
        // layout_composed.hpp: composition(A o O o B, t) = A o O o composition(B, t) for
        // any t, so composing two composed layouts nests the result to the right.
        (LayoutFn::Composed(c), _) => Ok(ComposedLayout::compose(
            c.a.clone(),
            c.offset,
            compose_fn(&c.b, b)?,
        )),
        (LayoutFn::Swizzle(s0), LayoutFn::Swizzle(s1)) => compose_swizzles(s0, s1),
        (LayoutFn::Swizzle(_), LayoutFn::Composed(_)) => Err(Error::ill(alloc::format!(
            "composition({a}, {b}) is not defined"
        ))),
    }
}

/// CuTe's `right_inverse(O) = -O`; as for upcast, only static offsets find it.
fn inverse_offset(o: &Offset) -> Result<Offset> {
    match o {
        Offset::Int(d) if d.is_static && !d.is_basis() => Ok(Offset::Int(d.try_neg()?)),
        Offset::Unsigned(v) => Ok(Offset::Unsigned(-v)),
        o => Err(Error::ill(alloc::format!(
            "the offset {o} has no inverse (CuTe defines right/left_inverse of integers only)"
        ))),
    }
}

/// CuTe's `right_inverse` / `left_inverse` of a layout, swizzle or composed layout.
fn inverse(x: &LayoutFn, right: bool) -> Result<LayoutFn> {
    match x {
        LayoutFn::Layout(l) => Ok(LayoutFn::Layout(if right {
            algebra::right_inverse(l)?
        } else {
            algebra::left_inverse(l)?
        })),
        // A swizzle is its own inverse.
        LayoutFn::Swizzle(_) => Ok(x.clone()),
        LayoutFn::Composed(c) => {
            if matches!(c.a, LayoutFn::Swizzle(_)) && c.offset.is_static_zero() {
                // swizzle_layout.hpp: (Sw o _0 o B)^-1 = B^-1 o Sw.
                return compose_fn(&inverse(&c.b, right)?, &c.a);
            }
            Ok(ComposedLayout::compose(
                inverse(&c.b, right)?,
                inverse_offset(&c.offset)?,
                inverse(&c.a, right)?,
            ))
        }
    }
}

/// CuTe's `logical_product(layout, Sw o _0 o T)` (swizzle_layout.hpp): the product
/// with the swizzle moved to the bits the tiler's Y and Z bits land on.
fn logical_product_swizzled(l: &DynLayout, t: &ComposedLayout) -> Result<LayoutFn> {
    let (LayoutFn::Swizzle(sw), LayoutFn::Layout(tb)) = (&t.a, &t.b) else {
        return Err(Error::ill(alloc::format!(
            "logical_product of a layout with {t} is not defined"
        )));
    };
    if !t.offset.equals_zero() {
        return Err(Error::ill(alloc::format!(
            "logical_product with {t} requires a swizzle offset of _0"
        )));
    }
    let new_layout = algebra::logical_product(l, &Tiler::Layout(tb.clone()))?;
    let (b, m, s) = (sw.bits(), sw.base(), sw.shift().abs());
    let st = |v: i64| IntTuple::stat(v);
    // The layout that keeps only the swizzle's Y and Z bits of an offset.
    let only_zy = DynLayout::new(
        IntTuple::Tuple(alloc::vec![
            st(1 << m),
            st(1 << b),
            st(1 << (s - b)),
            st(1 << b),
            st(1)
        ]),
        IntTuple::Tuple(alloc::vec![
            st(0),
            st(1 << m),
            st(0),
            st(1 << (m + s)),
            st(0)
        ]),
    )?;
    let layout_only_zy = algebra::composition(&only_zy, tb)?;
    let last = layout_only_zy.size()?.try_sub(DInt::stat(1))?;
    let active = static_at(&layout_only_zy, &IntTuple::Int(last))?;
    let at = |bits: i64| -> Result<i64> {
        let x = static_at(tb, &st(bits))?;
        static_at(&new_layout, &IntTuple::Tuple(alloc::vec![st(0), st(x)]))
    };
    let new_z = at(active & sw.zzz_msk())?;
    let new_y = at(active & sw.yyy_msk())?;
    Ok(ComposedLayout::compose(
        LayoutFn::Swizzle(Swizzle::from_masks(new_y, new_z)?),
        Offset::Int(DInt::stat(0)),
        LayoutFn::Layout(new_layout),
    ))
}
