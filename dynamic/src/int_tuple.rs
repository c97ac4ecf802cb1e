//! Runtime int tuples: an integer or a tuple of int tuples, known only at run time.
//!
//! Every function here follows the CuTe function of the same name in `int_tuple.hpp`,
//! including which results are static.

use super::error::{Error, Result};
use super::int::DInt;
use alloc::vec::Vec;
use core::fmt;

/// An integer or a (possibly empty, possibly nested) tuple of int tuples.
///
/// ```
/// use cutlet_dynamic::IntTuple;
/// let t: IntTuple = "(_2,(3,_4))".parse().unwrap();
/// assert_eq!(t.rank(), 2);
/// assert_eq!(t.depth(), 2);
/// assert_eq!(t.size().unwrap().to_string(), "24");
/// assert_eq!(t.flatten().to_string(), "(_2,3,_4)");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum IntTuple {
    /// A leaf.
    Int(DInt),
    /// A tuple of int tuples.
    Tuple(Vec<IntTuple>),
}

impl From<DInt> for IntTuple {
    fn from(d: DInt) -> Self {
        IntTuple::Int(d)
    }
}

impl IntTuple {
    /// A static leaf `_v`.
    pub fn stat(v: i64) -> IntTuple {
        IntTuple::Int(DInt::stat(v))
    }

    /// True for a tuple (CuTe's `is_tuple`).
    pub fn is_tuple(&self) -> bool {
        matches!(self, IntTuple::Tuple(_))
    }

    /// The leaf, if this is one.
    pub fn as_int(&self) -> Option<DInt> {
        match self {
            IntTuple::Int(d) => Some(*d),
            IntTuple::Tuple(_) => None,
        }
    }

    /// The leaf; an ill-formed error naming `what` if this is a tuple.
    pub fn int(&self, what: &str) -> Result<DInt> {
        self.as_int()
            .ok_or_else(|| Error::ill(alloc::format!("{what} needs an integer, got {self}")))
    }

    /// CuTe's `is_constant<v, T>`.
    pub fn is_const(&self, v: i64) -> bool {
        self.as_int().is_some_and(|d| d.is_const(v))
    }

    /// True when every leaf is static (CuTe's `is_static`).
    pub fn is_static(&self) -> bool {
        match self {
            IntTuple::Int(d) => d.is_static,
            IntTuple::Tuple(v) => v.iter().all(IntTuple::is_static),
        }
    }

    /// The elements of a tuple, or the leaf itself as a one-element slice view.
    pub fn modes(&self) -> &[IntTuple] {
        match self {
            IntTuple::Tuple(v) => v,
            IntTuple::Int(_) => core::slice::from_ref(self),
        }
    }

    /// Number of top-level modes (1 for a leaf).
    pub fn rank(&self) -> usize {
        self.modes().len()
    }

    /// Nesting depth (0 for a leaf).
    pub fn depth(&self) -> usize {
        match self {
            IntTuple::Int(_) => 0,
            IntTuple::Tuple(v) => 1 + v.iter().map(IntTuple::depth).max().unwrap_or(0),
        }
    }

    /// Mode `i` (CuTe's `get<i>`: a leaf's mode 0 is itself).
    pub fn get(&self, i: usize) -> Result<&IntTuple> {
        self.modes().get(i).ok_or_else(|| {
            Error::ill(alloc::format!(
                "mode {i} is out of range for {self} of rank {}",
                self.rank()
            ))
        })
    }

    /// The leaves, left to right.
    pub fn leaves(&self) -> Vec<DInt> {
        let mut out = Vec::new();
        fn go(t: &IntTuple, out: &mut Vec<DInt>) {
            match t {
                IntTuple::Int(d) => out.push(*d),
                IntTuple::Tuple(v) => v.iter().for_each(|x| go(x, out)),
            }
        }
        go(self, &mut out);
        out
    }

    /// True when this is, or contains, the empty tuple `()`.
    ///
    /// ```
    /// use cutlet_dynamic::IntTuple;
    /// assert!("(_2,())".parse::<IntTuple>().unwrap().has_empty_tuple());
    /// assert!(!"(_2,(_3))".parse::<IntTuple>().unwrap().has_empty_tuple());
    /// ```
    pub fn has_empty_tuple(&self) -> bool {
        match self {
            IntTuple::Int(_) => false,
            IntTuple::Tuple(v) => v.is_empty() || v.iter().any(IntTuple::has_empty_tuple),
        }
    }

    /// CuTe's `flatten`: a leaf stays a leaf, a tuple becomes the tuple of its leaves.
    pub fn flatten(&self) -> IntTuple {
        match self {
            IntTuple::Int(_) => self.clone(),
            IntTuple::Tuple(_) => {
                IntTuple::Tuple(self.leaves().into_iter().map(IntTuple::Int).collect())
            }
        }
    }

    /// CuTe's `product` (`size`): left fold of `*`, `_1` for the empty tuple.
    pub fn size(&self) -> Result<DInt> {
        match self {
            IntTuple::Int(d) => d.plain("size"),
            IntTuple::Tuple(v) => {
                let mut it = v.iter();
                let Some(first) = it.next() else {
                    return Ok(DInt::stat(1));
                };
                it.try_fold(first.size()?, |acc, x| acc.try_mul(x.size()?))
            }
        }
    }

    /// CuTe's `sum`: `_0 + ... + leaves`.
    pub fn sum(&self) -> Result<DInt> {
        match self {
            IntTuple::Int(d) => Ok(*d),
            IntTuple::Tuple(v) => v
                .iter()
                .try_fold(DInt::stat(0), |acc, x| acc.try_add(x.sum()?)),
        }
    }

    /// CuTe's `wrap`: a leaf becomes a rank-1 tuple.
    pub fn wrap(self) -> Vec<IntTuple> {
        match self {
            IntTuple::Tuple(v) => v,
            leaf => alloc::vec![leaf],
        }
    }

    /// CuTe's `unwrap`: peel rank-1 tuples.
    pub fn unwrap_rank1(self) -> IntTuple {
        match self {
            IntTuple::Tuple(mut v) if v.len() == 1 => v.pop().unwrap().unwrap_rank1(),
            t => t,
        }
    }

    /// CuTe's `append(a, x)`: a leaf `a` becomes `(a, x)`.
    pub fn append(self, x: IntTuple) -> IntTuple {
        let mut v = self.wrap();
        v.push(x);
        IntTuple::Tuple(v)
    }

    /// CuTe's `append<N>(a, x)`: pad with `x` to rank `n` (a leaf with `n == 1` stays).
    pub fn append_to(self, n: usize, x: &IntTuple) -> Result<IntTuple> {
        match self {
            IntTuple::Int(_) if n == 1 => Ok(self),
            t => {
                let mut v = t.wrap();
                if n < v.len() {
                    return Err(Error::ill(alloc::format!(
                        "append<{n}> to a tuple of rank {}",
                        v.len()
                    )));
                }
                v.resize(n, x.clone());
                Ok(IntTuple::Tuple(v))
            }
        }
    }

    /// CuTe's `repeat_like(t, x)`: the profile of `t` with every leaf `x`.
    pub fn repeat_like(&self, x: &IntTuple) -> IntTuple {
        match self {
            IntTuple::Int(_) => x.clone(),
            IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(|e| e.repeat_like(x)).collect()),
        }
    }

    /// CuTe's `congruent`: the same profile.
    pub fn congruent(&self, o: &IntTuple) -> bool {
        match (self, o) {
            (IntTuple::Int(_), IntTuple::Int(_)) => true,
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.congruent(y))
            }
            _ => false,
        }
    }

    /// CuTe's `compatible(a, b)`: same size and every coordinate of `a` is one of `b`.
    pub fn compatible(&self, o: &IntTuple) -> bool {
        match (self, o) {
            (IntTuple::Tuple(a), IntTuple::Tuple(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.compatible(y))
            }
            (IntTuple::Int(a), b) => b.size().is_ok_and(|s| s.value == a.value),
            _ => false,
        }
    }

    /// CuTe's `ceil_div` of int tuples (tuple by int folds the divisor across modes).
    pub fn ceil_div(&self, b: &IntTuple) -> Result<IntTuple> {
        match (self, b) {
            (IntTuple::Tuple(av), IntTuple::Tuple(bv)) => {
                if av.len() < bv.len() {
                    return Err(Error::ill("ceil_div: mismatched ranks"));
                }
                let one = IntTuple::stat(1);
                let r: Result<Vec<_>> = av
                    .iter()
                    .enumerate()
                    .map(|(i, x)| x.ceil_div(bv.get(i).unwrap_or(&one)))
                    .collect();
                Ok(IntTuple::Tuple(r?))
            }
            (IntTuple::Tuple(av), IntTuple::Int(bi)) => {
                let mut rest = IntTuple::Int(*bi);
                let mut out = Vec::with_capacity(av.len());
                for ai in av {
                    out.push(ai.ceil_div(&rest)?);
                    rest = rest.ceil_div(ai)?;
                }
                Ok(IntTuple::Tuple(out))
            }
            (IntTuple::Int(a), IntTuple::Tuple(_)) => Ok(IntTuple::Int(a.ceil_div(b.size()?)?)),
            (IntTuple::Int(a), IntTuple::Int(bi)) => Ok(IntTuple::Int(a.ceil_div(*bi)?)),
        }
    }

    /// CuTe's `coalesce` of a shape: merge neighbouring leaves of equal staticness.
    pub fn coalesce_shape(&self) -> Result<IntTuple> {
        let IntTuple::Tuple(_) = self else {
            return Ok(self.clone());
        };
        let flat = self.leaves();
        let Some((&first, rest)) = flat.split_first() else {
            return Err(Error::ill("coalesce of an empty shape"));
        };
        let mut acc: Vec<DInt> = alloc::vec![first];
        for &a in rest {
            let back = acc.last_mut().unwrap();
            if back.is_static == a.is_static {
                *back = back.try_mul(a)?;
            } else {
                acc.push(a);
            }
        }
        Ok(if acc.len() == 1 {
            IntTuple::Int(acc[0])
        } else {
            IntTuple::Tuple(acc.into_iter().map(IntTuple::Int).collect())
        })
    }

    /// CuTe's `compact_major<LayoutLeft>(shape, current)`: column-major strides.
    pub fn compact_col_major(&self, current: DInt) -> Result<IntTuple> {
        Ok(self.compact_left(current)?.0)
    }

    fn compact_left(&self, current: DInt) -> Result<(IntTuple, DInt)> {
        match self {
            IntTuple::Int(s) => {
                if s.is_const(1) {
                    Ok((IntTuple::stat(0), current))
                } else {
                    Ok((IntTuple::Int(current), current.try_mul(*s)?))
                }
            }
            IntTuple::Tuple(v) => {
                let mut cur = current;
                let mut out = Vec::with_capacity(v.len());
                for e in v {
                    let (d, next) = e.compact_left(cur)?;
                    out.push(d);
                    cur = next;
                }
                Ok((IntTuple::Tuple(out), cur))
            }
        }
    }

    /// CuTe's `compact_major<LayoutRight>(shape, current)`: row-major strides.
    pub fn compact_row_major(&self, current: DInt) -> Result<IntTuple> {
        Ok(self.compact_right(current)?.0)
    }

    fn compact_right(&self, current: DInt) -> Result<(IntTuple, DInt)> {
        match self {
            IntTuple::Int(_) => self.compact_left(current),
            IntTuple::Tuple(v) => {
                let mut cur = current;
                let mut out = alloc::vec![IntTuple::stat(0); v.len()];
                for (i, e) in v.iter().enumerate().rev() {
                    let (d, next) = e.compact_right(cur)?;
                    out[i] = d;
                    cur = next;
                }
                Ok((IntTuple::Tuple(out), cur))
            }
        }
    }

    /// The exclusive prefix products of the leaves, in the profile of `self`
    /// (the column-major strides a compact layout of this shape would have).
    pub fn prefix_product(&self) -> Result<IntTuple> {
        fn go(t: &IntTuple, cur: DInt) -> Result<(IntTuple, DInt)> {
            match t {
                IntTuple::Int(s) => Ok((IntTuple::Int(cur), cur.try_mul(*s)?)),
                IntTuple::Tuple(v) => {
                    let mut cur = cur;
                    let mut out = Vec::with_capacity(v.len());
                    for e in v {
                        let (d, n) = go(e, cur)?;
                        out.push(d);
                        cur = n;
                    }
                    Ok((IntTuple::Tuple(out), cur))
                }
            }
        }
        Ok(go(self, DInt::stat(1))?.0)
    }

    /// CuTe's `make_basis_like(shape)`: the identity-layout strides of a shape.
    pub fn basis_like(&self) -> Result<IntTuple> {
        fn go(t: &IntTuple, path: &[usize]) -> Result<IntTuple> {
            match t {
                // CuTe's basis of a leaf at the top level is `E<>`, the plain `_1`
                // (`make_identity_layout(_8)` is `_8:_1`); below it `_1@i...`.
                IntTuple::Int(_) if path.is_empty() => Ok(IntTuple::stat(1)),
                IntTuple::Int(_) => Ok(IntTuple::Int(DInt {
                    basis: super::int::Basis::from_path(path)?,
                    ..DInt::stat(1)
                })),
                IntTuple::Tuple(v) => {
                    let r: Result<Vec<_>> = v
                        .iter()
                        .enumerate()
                        .map(|(i, e)| {
                            let mut p = path.to_vec();
                            p.push(i);
                            go(e, &p)
                        })
                        .collect();
                    Ok(IntTuple::Tuple(r?))
                }
            }
        }
        go(self, &[])
    }
}

impl fmt::Display for IntTuple {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IntTuple::Int(d) => write!(f, "{d}"),
            IntTuple::Tuple(v) => {
                f.write_str("(")?;
                for (i, e) in v.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{e}")?;
                }
                f.write_str(")")
            }
        }
    }
}
