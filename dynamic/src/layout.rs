//! Runtime layouts: a shape and a congruent stride whose structure is known only at run
//! time. Queries, evaluation (`crd2idx`) and slicing follow CuTe's `layout.hpp` and
//! `stride.hpp`.

use super::error::{Error, Result};
use super::int::DInt;
use super::int_tuple::IntTuple;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

/// A layout whose structure is known only at run time.
///
/// Invariant (held by construction, so no operation can meet a malformed layout): the
/// stride is congruent with the shape, and every extent is a plain integer (not a basis
/// element). Extents may be zero or negative because CuTe itself prints such results
/// (`complement(_3:_-1)` is `(_-1,_0):(_1,_-3)`) and the parser reads back everything
/// cutlet prints; operations that need positive extents report an error for them.
///
/// ```
/// use cutlet_dynamic::DynLayout;
/// let l: DynLayout = "(_2,(_2,_2)):(_4,(_2,_1))".parse().unwrap();
/// let idx: Vec<i64> = (0..8).map(|i| l.index(i).unwrap()).collect();
/// assert_eq!(idx, [0, 4, 2, 6, 1, 5, 3, 7]);
/// assert_eq!(l.cosize().unwrap().to_string(), "_8");
/// assert!("(_2,_3):(_1)".parse::<DynLayout>().is_err()); // not congruent
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DynLayout {
    // Private so that every value went through `new` (or an algebra result built from
    // valid parts); the algebra's sibling modules read them directly.
    pub(crate) shape: IntTuple,
    pub(crate) stride: IntTuple,
}

/// A coordinate element for [`DynLayout::slice`]: an integer or CuTe's `_`.
///
/// ```
/// use cutlet_dynamic::{Coord, DInt, DynLayout};
/// let l: DynLayout = "(_4,_8):(_1,_4)".parse().unwrap();
/// let (s, off) = l.slice(&Coord::Tuple(vec![Coord::Int(DInt::stat(2)), Coord::Under])).unwrap();
/// assert_eq!((s.to_string(), off.value), ("(_8):(_4)".to_string(), 2));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Coord {
    /// A fixed coordinate.
    Int(DInt),
    /// CuTe's `_`: keep this mode.
    Under,
    /// A nested coordinate.
    Tuple(Vec<Coord>),
}

impl DynLayout {
    /// A layout from congruent shape and stride (CuTe's `make_layout(shape, stride)`).
    ///
    /// Fails (ill-formed, as CuTe's `static_assert`) when the two are not congruent or
    /// an extent is a basis element.
    ///
    /// ```
    /// use cutlet_dynamic::{DynLayout, IntTuple};
    /// let s: IntTuple = "(_2,_3)".parse().unwrap();
    /// assert!(DynLayout::new(s.clone(), "(_1,_2)".parse().unwrap()).is_ok());
    /// assert!(DynLayout::new(s, "_1".parse().unwrap()).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<DynLayout> {
        if !shape.congruent(&stride) {
            return Err(Error::ill(alloc::format!(
                "shape {shape} and stride {stride} are not congruent"
            )));
        }
        if let Some(z) = shape.leaves().iter().find(|d| d.is_basis()) {
            return Err(Error::ill(alloc::format!(
                "shape {shape} has the extent {z}; extents are integers"
            )));
        }
        Ok(DynLayout { shape, stride })
    }

    /// The shape.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,_3):(_1,_2)".parse().unwrap();
    /// assert_eq!(l.shape().to_string(), "(_2,_3)");
    /// ```
    pub fn shape(&self) -> &IntTuple {
        &self.shape
    }

    /// The stride, congruent with the shape.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,_3):(_1,_2)".parse().unwrap();
    /// assert_eq!(l.stride().to_string(), "(_1,_2)");
    /// ```
    pub fn stride(&self) -> &IntTuple {
        &self.stride
    }

    /// The shape and the stride, by value.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let (s, d) = "_4:_2".parse::<DynLayout>().unwrap().into_parts();
    /// assert_eq!((s.to_string(), d.to_string()), ("_4".into(), "_2".into()));
    /// ```
    pub fn into_parts(self) -> (IntTuple, IntTuple) {
        (self.shape, self.stride)
    }

    /// The unchecked constructor the algebra uses internally.
    pub(crate) fn raw(shape: IntTuple, stride: IntTuple) -> DynLayout {
        // The algebra builds shape and stride side by side; a slip here would break the
        // invariant every other function relies on, so debug builds check it.
        debug_assert!(shape.congruent(&stride), "{shape}:{stride} not congruent");
        DynLayout { shape, stride }
    }

    /// CuTe's `make_layout(shape)`: compact column-major.
    pub fn col_major(shape: IntTuple) -> Result<DynLayout> {
        let stride = shape.compact_col_major(DInt::stat(1))?;
        DynLayout::new(shape, stride)
    }

    /// `make_layout(shape)` without validating the extents (for algebra results).
    pub(crate) fn compact(shape: IntTuple) -> Result<DynLayout> {
        let stride = shape.compact_col_major(DInt::stat(1))?;
        Ok(DynLayout::raw(shape, stride))
    }

    /// CuTe's `make_layout(shape, LayoutRight{})`: compact row-major.
    pub fn row_major(shape: IntTuple) -> Result<DynLayout> {
        let stride = shape.compact_row_major(DInt::stat(1))?;
        DynLayout::new(shape, stride)
    }

    /// CuTe's concatenating `make_layout(l0, l1, ...)`: the layouts become modes.
    pub fn concat(layouts: Vec<DynLayout>) -> DynLayout {
        let (s, d) = layouts.into_iter().map(|l| (l.shape, l.stride)).unzip();
        DynLayout::raw(IntTuple::Tuple(s), IntTuple::Tuple(d))
    }

    /// Number of top-level modes.
    pub fn rank(&self) -> usize {
        self.shape.rank()
    }

    /// Nesting depth of the shape.
    pub fn depth(&self) -> usize {
        self.shape.depth()
    }

    /// Number of coordinates (product of the shape).
    pub fn size(&self) -> Result<DInt> {
        self.shape.size()
    }

    /// Mode `i` as a layout (CuTe's `get<i>` / `layout<i>`).
    pub fn mode(&self, i: usize) -> Result<DynLayout> {
        Ok(DynLayout::raw(
            self.shape.get(i)?.clone(),
            self.stride.get(i)?.clone(),
        ))
    }

    /// The modes as layouts (a rank-1 layout with a leaf shape is its own mode).
    pub fn modes(&self) -> Vec<DynLayout> {
        self.shape
            .modes()
            .iter()
            .zip(self.stride.modes())
            .map(|(s, d)| DynLayout::raw(s.clone(), d.clone()))
            .collect()
    }

    /// CuTe's `coshape`: `shape - 1` inner `|stride|`, plus one.
    pub fn coshape(&self) -> Result<DInt> {
        let s = self.shape.leaves();
        let d = self.stride.leaves();
        let mut acc = DInt::stat(0);
        for (s, d) in s.iter().zip(&d) {
            acc = acc.try_add(s.try_sub(DInt::stat(1))?.try_mul(d.abs()?)?)?;
        }
        acc.try_add(DInt::stat(1))
    }

    /// CuTe's `cosize`: the size of the codomain.
    pub fn cosize(&self) -> Result<DInt> {
        self.coshape()
    }

    /// CuTe's `flatten`.
    pub fn flatten(&self) -> DynLayout {
        DynLayout::raw(self.shape.flatten(), self.stride.flatten())
    }

    /// Evaluate at a 1-D index (CuTe's `layout(i)`).
    pub fn index(&self, i: i64) -> Result<i64> {
        Ok(crd2idx_int(DInt::dynamic(i), &self.shape, &self.stride)?.value)
    }

    /// Evaluate at a (hierarchical or 1-D) coordinate, CuTe's `crd2idx`.
    pub fn crd2idx(&self, c: &IntTuple) -> Result<DInt> {
        crd2idx(c, &self.shape, &self.stride)
    }

    /// Evaluate at a coordinate; a layout with basis strides (an identity layout)
    /// evaluates to a coordinate, as CuTe's arithmetic tuples do.
    ///
    /// ```
    /// use cutlet_dynamic::{DynLayout, IntTuple, make_identity_layout};
    /// let s: IntTuple = "(_4,(_2,3))".parse().unwrap();
    /// let i = make_identity_layout(&s).unwrap();
    /// assert_eq!(i.eval(&"5".parse().unwrap()).unwrap().to_string(), "(1,(1,0))");
    /// ```
    pub fn eval(&self, c: &IntTuple) -> Result<IntTuple> {
        if !self.stride.leaves().iter().any(|d| d.is_basis()) {
            return Ok(IntTuple::Int(self.crd2idx(c)?));
        }
        // Sum each mode's contribution at its basis path.
        let mut terms = Vec::new();
        basis_terms(c, &self.shape, &self.stride, &mut terms)?;
        let mut out = IntTuple::Tuple(Vec::new());
        for t in terms {
            let path: Vec<usize> = t.basis.path().iter().map(|&p| p as usize).collect();
            let plain = DInt {
                basis: super::int::Basis::NONE,
                ..t
            };
            add_at(&mut out, &path, plain)?;
        }
        Ok(out)
    }

    /// CuTe's `slice_and_offset`: the sub-layout of the `_` modes and the offset of the
    /// fixed ones.
    pub fn slice(&self, c: &Coord) -> Result<(DynLayout, DInt)> {
        let shape = slice(c, &self.shape, true)?;
        let stride = slice(c, &self.stride, true)?;
        let offset = crd2idx(&c.zeroed(), &self.shape, &self.stride)?;
        Ok((DynLayout::raw(shape, stride), offset))
    }
}

impl Coord {
    /// The coordinate with every `_` replaced by `_0` (CuTe's `_` is `Int<0>`).
    fn zeroed(&self) -> IntTuple {
        match self {
            Coord::Int(d) => IntTuple::Int(*d),
            Coord::Under => IntTuple::stat(0),
            Coord::Tuple(v) => IntTuple::Tuple(v.iter().map(Coord::zeroed).collect()),
        }
    }
}

/// CuTe's `slice(c, t)`: keep the parts of `t` paired with `_`. At the top level a
/// `_` keeps `t` whole; below, kept parts are concatenated.
fn slice(c: &Coord, t: &IntTuple, top: bool) -> Result<IntTuple> {
    match c {
        Coord::Under if top => Ok(t.clone()),
        Coord::Under => Ok(IntTuple::Tuple(alloc::vec![t.clone()])),
        Coord::Int(_) => Ok(IntTuple::Tuple(Vec::new())),
        Coord::Tuple(cv) => {
            let IntTuple::Tuple(tv) = t else {
                return Err(Error::ill(alloc::format!(
                    "slice: coordinate of rank {} for the integer {t}",
                    cv.len()
                )));
            };
            if cv.len() != tv.len() {
                return Err(Error::ill(alloc::format!(
                    "slice: coordinate of rank {} for {t} of rank {}",
                    cv.len(),
                    tv.len()
                )));
            }
            let mut out = Vec::new();
            for (ci, ti) in cv.iter().zip(tv) {
                if let IntTuple::Tuple(v) = slice(ci, ti, false)? {
                    out.extend(v);
                }
            }
            Ok(IntTuple::Tuple(out))
        }
    }
}

/// CuTe's `crd2idx(coord, shape, stride)`.
///
/// ```
/// use cutlet_dynamic::{IntTuple, crd2idx};
/// let (c, s, d): (IntTuple, IntTuple, IntTuple) = ("(1,2)".parse().unwrap(), "(_4,_8)".parse().unwrap(), "(_1,_4)".parse().unwrap());
/// assert_eq!(crd2idx(&c, &s, &d).unwrap().value, 9);
/// ```
pub fn crd2idx(c: &IntTuple, shape: &IntTuple, stride: &IntTuple) -> Result<DInt> {
    match (c, shape) {
        (IntTuple::Tuple(cv), IntTuple::Tuple(sv)) => {
            let dv = stride.modes();
            if cv.len() != sv.len() || dv.len() != sv.len() {
                return Err(Error::ill(alloc::format!(
                    "coordinate {c} does not match the rank of shape {shape}"
                )));
            }
            let mut acc: Option<DInt> = None;
            for ((ci, si), di) in cv.iter().zip(sv).zip(dv) {
                let v = crd2idx(ci, si, di)?;
                acc = Some(match acc {
                    None => v,
                    Some(a) => a.try_add(v)?,
                });
            }
            Ok(acc.unwrap_or(DInt::stat(0)))
        }
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Err(Error::ill(alloc::format!(
            "coordinate {c} is a tuple but shape {shape} is an integer"
        ))),
        (IntTuple::Int(ci), _) => crd2idx_int(*ci, shape, stride),
    }
}

/// `crd2idx` of an integer coordinate: split it colexicographically across the modes.
fn crd2idx_int(c: DInt, shape: &IntTuple, stride: &IntTuple) -> Result<DInt> {
    match shape {
        IntTuple::Int(_) => c.try_mul(stride.int("crd2idx stride")?),
        IntTuple::Tuple(sv) => {
            let dv = stride.modes();
            if dv.len() != sv.len() {
                return Err(Error::ill("crd2idx: mismatched ranks"));
            }
            let n = sv.len();
            if n == 0 {
                return Err(Error::ill("crd2idx into an empty shape"));
            }
            let mut coord = c;
            let mut acc: Option<DInt> = None;
            for i in 0..n {
                let v = if i + 1 == n {
                    crd2idx_int(coord, &sv[i], &dv[i])?
                } else if coord.is_const(0) {
                    crd2idx_int(DInt::stat(0), &sv[i], &dv[i])?
                } else {
                    let (div, m) = coord.divmod(sv[i].size()?)?;
                    coord = div;
                    crd2idx_int(m, &sv[i], &dv[i])?
                };
                acc = Some(match acc {
                    None => v,
                    Some(a) => a.try_add(v)?,
                });
            }
            Ok(acc.unwrap())
        }
    }
}

/// The per-leaf terms `c_i * d_i` of `crd2idx`, unsummed.
fn basis_terms(
    c: &IntTuple,
    shape: &IntTuple,
    stride: &IntTuple,
    out: &mut Vec<DInt>,
) -> Result<()> {
    match (c, shape) {
        (IntTuple::Tuple(cv), IntTuple::Tuple(sv)) => {
            if cv.len() != sv.len() {
                return Err(Error::ill(alloc::format!(
                    "coordinate {c} does not match the rank of shape {shape}"
                )));
            }
            for ((ci, si), di) in cv.iter().zip(sv).zip(stride.modes()) {
                basis_terms(ci, si, di, out)?;
            }
            Ok(())
        }
        (IntTuple::Tuple(_), IntTuple::Int(_)) => Err(Error::ill(alloc::format!(
            "coordinate {c} is a tuple but shape {shape} is an integer"
        ))),
        (IntTuple::Int(ci), IntTuple::Int(_)) => {
            out.push(ci.try_mul(stride.int("crd2idx stride")?)?);
            Ok(())
        }
        (IntTuple::Int(ci), IntTuple::Tuple(sv)) => {
            let mut coord = *ci;
            for (i, (si, di)) in sv.iter().zip(stride.modes()).enumerate() {
                if i + 1 == sv.len() {
                    basis_terms(&IntTuple::Int(coord), si, di, out)?;
                } else {
                    let (div, m) = coord.divmod(si.size()?)?;
                    basis_terms(&IntTuple::Int(m), si, di, out)?;
                    coord = div;
                }
            }
            Ok(())
        }
    }
}

/// Add `v` at `path` of a coordinate tree, padding missing modes with `_0`.
fn add_at(t: &mut IntTuple, path: &[usize], v: DInt) -> Result<()> {
    let Some((&i, rest)) = path.split_first() else {
        return match t {
            IntTuple::Int(x) => {
                *x = x.try_add(v)?;
                Ok(())
            }
            IntTuple::Tuple(e) if e.is_empty() => {
                *t = IntTuple::Int(v);
                Ok(())
            }
            IntTuple::Tuple(_) => Err(Error::ill("basis elements of different depths")),
        };
    };
    if let IntTuple::Int(x) = t
        && x.is_const(0)
    {
        *t = IntTuple::Tuple(Vec::new());
    }
    let IntTuple::Tuple(v2) = t else {
        return Err(Error::ill("basis elements of different depths"));
    };
    while v2.len() <= i {
        v2.push(IntTuple::stat(0));
    }
    if rest.is_empty()
        && let IntTuple::Int(x) = &mut v2[i]
    {
        *x = if x.is_const(0) { v } else { x.try_add(v)? };
        return Ok(());
    }
    add_at(&mut v2[i], rest, v)
}

impl fmt::Display for DynLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.shape, self.stride)
    }
}

impl DynLayout {
    /// CuTe's `print_layout` table for a rank-2 layout (a rank-1 layout is shown as one
    /// column). Values come from evaluating the layout at `(m, n)`.
    ///
    /// ```
    /// use cutlet_dynamic::DynLayout;
    /// let l: DynLayout = "(_2,_2):(_1,_2)".parse().unwrap();
    /// assert!(l.table().unwrap().contains("| 0 | 2 |"));
    /// ```
    pub fn table(&self) -> Result<String> {
        let (rows, cols) = match self.rank() {
            1 => (
                self.clone(),
                DynLayout::raw(IntTuple::stat(1), IntTuple::stat(0)),
            ),
            2 => (self.mode(0)?, self.mode(1)?),
            r => {
                return Err(Error::ill(alloc::format!(
                    "print_layout needs a rank-2 (or rank-1) layout, {self} has rank {r}"
                )));
            }
        };
        let (m, n) = (rows.size()?.value, cols.size()?.value);
        draw_table(self, m, n, self.cosize()?.value, &|i, j| {
            Ok(rows.index(i)? + cols.index(j)?)
        })
    }
}

/// CuTe's `print_layout` drawing: the header line, then an `m` by `n` grid of
/// `f(i, j)`, cells as wide as the digits of `cosize`.
pub(crate) fn draw_table(
    header: &dyn core::fmt::Display,
    m: i64,
    n: i64,
    cos: i64,
    f: &dyn Fn(i64, i64) -> Result<i64>,
) -> Result<String> {
    if m < 0 || n < 0 {
        return Err(Error::runtime(
            "print_layout of a layout with a negative extent",
        ));
    }
    // Rows and columns are both printed even when the other is empty, so bound
    // each of them, not just the number of cells.
    if m.max(1).saturating_mul(n.max(1)) > 1 << 20 {
        return Err(Error::runtime("layout too large to print"));
    }
    let width = num_digits(cos) + 2;
    let delim = "+-----------------------";
    let seg = &delim[..(width + 1).min(delim.len())];
    let mut out = String::new();
    use core::fmt::Write;
    let _ = writeln!(out, "{header}");
    out.push_str("    ");
    for j in 0..n {
        let _ = write!(out, "  {:>w$} ", j, w = width - 2);
    }
    out.push('\n');
    for i in 0..m {
        out.push_str("    ");
        for _ in 0..n {
            out.push_str(seg);
        }
        out.push_str("+\n");
        let _ = write!(out, "{i:>2}  ");
        for j in 0..n {
            let _ = write!(out, "| {:>w$} ", f(i, j)?, w = width - 2);
        }
        out.push_str("|\n");
    }
    out.push_str("    ");
    for _ in 0..n {
        out.push_str(seg);
    }
    out.push_str("+\n");
    Ok(out)
}

fn num_digits(x: i64) -> usize {
    let mut d = 1;
    let mut t = x;
    while t >= 10 {
        t /= 10;
        d += 1;
    }
    d
}
