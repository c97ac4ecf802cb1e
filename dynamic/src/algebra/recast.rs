//! `upcast<N>`, `downcast<N>` and `recast_layout<Old,New>` on runtime layouts (CuTe's
//! layout.hpp): the same memory seen as elements `N` times wider or narrower.

use crate::error::{Error, Result};
use crate::int::DInt;
use crate::int_tuple::IntTuple;
use crate::layout::DynLayout;

fn upcast_leaf(n: DInt, s: DInt, d: DInt) -> Result<(DInt, DInt)> {
    if d.is_const(0) {
        return Ok((s, d));
    }
    let d = d.plain("upcast")?;
    if d.is_static {
        if d.value % n.value != 0 && n.value % d.value != 0 {
            return Err(Error::ill(alloc::format!(
                "upcast<{}>: the stride {d} and {} do not divide one another",
                n.value,
                n.value
            )));
        }
        let ad = d.abs()?;
        let shape = s.ceil_div(n.ceil_div(ad)?)?;
        let stride = d.signum()?.try_mul(ad.ceil_div(n)?)?;
        return Ok((shape, stride));
    }
    // CuTe assumes a dynamic stride is a multiple of N (safe_div).
    Ok((s, d.try_div(n)?))
}

fn map_leaves(
    shape: &IntTuple,
    stride: &IntTuple,
    f: &dyn Fn(DInt, DInt) -> Result<(DInt, DInt)>,
) -> Result<(IntTuple, IntTuple)> {
    match (shape, stride) {
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            let (s, d) = f(*s, *d)?;
            Ok((IntTuple::Int(s), IntTuple::Int(d)))
        }
        (IntTuple::Tuple(sv), IntTuple::Tuple(dv)) if sv.len() == dv.len() => {
            let mut ss = alloc::vec::Vec::with_capacity(sv.len());
            let mut ds = alloc::vec::Vec::with_capacity(sv.len());
            for (s, d) in sv.iter().zip(dv) {
                let (s, d) = map_leaves(s, d, f)?;
                ss.push(s);
                ds.push(d);
            }
            Ok((IntTuple::Tuple(ss), IntTuple::Tuple(ds)))
        }
        _ => Err(Error::ill("shape and stride are not congruent")),
    }
}

fn check_n(what: &str, n: i64) -> Result<DInt> {
    if n <= 0 {
        return Err(Error::ill(alloc::format!(
            "{what}<{n}>: N must be positive"
        )));
    }
    Ok(DInt::stat(n))
}

/// CuTe's `upcast<N>(layout)`: the layout over elements `N` times wider. A stride-1
/// mode shrinks by `N`; other strides are divided by `N`; static-zero strides stay.
///
/// ```
/// use cutlet_dynamic::{DynLayout, upcast};
/// let l: DynLayout = "((_2,_4),_2,_4):((_1,_2),_8,_16)".parse().unwrap();
/// assert_eq!(upcast(&l, 2).unwrap().to_string(), "((_1,_4),_2,_4):((_1,_1),_4,_8)");
/// assert!(upcast(&"_4:_3".parse().unwrap(), 2).is_err());
/// ```
pub fn upcast(l: &DynLayout, n: i64) -> Result<DynLayout> {
    let n = check_n("upcast", n)?;
    let (s, d) = map_leaves(l.shape(), l.stride(), &|s, d| upcast_leaf(n, s, d))?;
    DynLayout::new(s, d)
}

/// CuTe's `downcast<N>(layout)`: the layout over elements `N` times narrower. A
/// stride-±1 mode grows by `N`; other strides are multiplied by `N`. CuTe requires a
/// static `_1` stride somewhere (adjacent elements).
///
/// ```
/// use cutlet_dynamic::{DynLayout, downcast};
/// let l: DynLayout = "((_2,_1),_2,_4):((_8,_4),_4,_1)".parse().unwrap();
/// assert_eq!(downcast(&l, 2).unwrap().to_string(), "((_2,_1),_2,_8):((_16,_8),_8,_1)");
/// assert!(downcast(&"(8,4):(_4,1)".parse().unwrap(), 8).is_err());
/// ```
pub fn downcast(l: &DynLayout, n: i64) -> Result<DynLayout> {
    let n = check_n("downcast", n)?;
    if !l.stride().leaves().iter().any(|d| d.is_const(1)) {
        return Err(Error::ill(alloc::format!(
            "downcast<{}>({l}) requires adjacent elements (a static _1 stride)",
            n.value
        )));
    }
    let (s, d) = map_leaves(l.shape(), l.stride(), &|s, d| {
        if d.is_const(1) || d.is_const(-1) {
            Ok((s.try_mul(n)?, d))
        } else {
            Ok((s, d.try_mul(n)?))
        }
    })?;
    DynLayout::new(s, d)
}

/// `sizeof_bits` of the element type names CuTe's kernels use.
///
/// ```
/// assert_eq!(cutlet_dynamic::sizeof_bits("half_t").unwrap(), 16);
/// assert!(cutlet_dynamic::sizeof_bits("quux").is_err());
/// ```
pub fn sizeof_bits(type_name: &str) -> Result<i64> {
    Ok(match type_name {
        "uint1_t" | "bin1_t" | "uint1b_t" => 1,
        "uint4_t" | "int4_t" | "uint4b_t" | "int4b_t" => 4,
        "uint8_t" | "int8_t" | "char" | "float_e4m3_t" | "float_e5m2_t" | "bool" => 8,
        "uint16_t" | "int16_t" | "half_t" | "bfloat16_t" => 16,
        "uint32_t" | "int32_t" | "int" | "float" | "tfloat32_t" => 32,
        "uint64_t" | "int64_t" | "double" => 64,
        "uint128_t" | "int128_t" => 128,
        _ => {
            return Err(Error::ill(alloc::format!(
                "unknown element type '{type_name}'"
            )));
        }
    })
}

/// CuTe's `trait_ratio(sizeof_bits<New>, sizeof_bits<Old>)` as `(num, den)` in lowest
/// terms: `recast_layout` upcasts by `num` and downcasts by `den`.
///
/// ```
/// assert_eq!(cutlet_dynamic::recast_ratio("half_t", "uint128_t").unwrap(), (8, 1));
/// ```
pub fn recast_ratio(old: &str, new: &str) -> Result<(i64, i64)> {
    let (o, n) = (sizeof_bits(old)?, sizeof_bits(new)?);
    let g = gcd(o, n);
    Ok((n / g, o / g))
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// CuTe's `recast_layout<Old,New>(layout)`: the layout over `New` elements of memory
/// laid out for `Old` elements.
///
/// ```
/// use cutlet_dynamic::{DynLayout, recast_layout};
/// let l: DynLayout = "_8:_1".parse().unwrap();
/// assert_eq!(recast_layout("uint128_t", "int8_t", &l).unwrap().to_string(), "_128:_1");
/// ```
pub fn recast_layout(old: &str, new: &str, l: &DynLayout) -> Result<DynLayout> {
    match recast_ratio(old, new)? {
        (1, 1) => Ok(l.clone()),
        (1, den) => downcast(l, den),
        (num, 1) => upcast(l, num),
        (num, den) => downcast(&upcast(l, num)?, den),
    }
}
