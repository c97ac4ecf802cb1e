//! What the pictures draw: a layout's index grid, and the (thread, value) owners of
//! each cell of an MMA's or a copy's tiles, in CuTe's drawing order.

use super::super::algebra;
use super::super::atom::{AtomValue, MmaAtom, TiledCopy, TiledMma};
use super::super::composed::{LayoutFn, Offset};
use super::super::error::{Error, Result};
use super::super::int::DInt;
use super::super::int_tuple::IntTuple;
use super::super::layout::DynLayout;
use super::super::value::Value;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

/// Cells beyond this many are refused rather than drawn.
const MAX_CELLS: i64 = 1 << 18;

/// A layout drawn as an M x N grid of indices.
pub(crate) struct Grid {
    /// The layout as printed in the picture's header.
    pub header: String,
    pub m: i64,
    pub n: i64,
    /// `idx[m * n_cols + n]`.
    pub idx: Vec<i64>,
}

/// One filled cell: (row, col, thread, value), first owner wins.
pub(crate) type Cell = (i64, i64, i64, i64);

/// A TV layout's cells over an M x N tile, and its header (`ArithTuple(_0,_0) o ...`).
pub(crate) struct TvCells {
    pub header: String,
    pub cells: Vec<Cell>,
}

/// What a value draws as.
pub(crate) enum Drawing {
    Layout(Grid),
    Mma {
        tile: IntTuple,
        mnk: (i64, i64, i64),
        c: TvCells,
        a: TvCells,
        b: TvCells,
    },
    Copy {
        mn: (i64, i64),
        s: TvCells,
        d: TvCells,
    },
}

/// An extent to draw: positive and not absurdly large.
fn size(d: DInt) -> Result<i64> {
    if d.value < 1 || d.value > MAX_CELLS {
        return Err(Error::ill(alloc::format!("cannot draw an extent of {d}")));
    }
    Ok(d.value)
}

fn grid(f: &LayoutFn) -> Result<Grid> {
    let f = match f {
        LayoutFn::Composed(c) if matches!(c.offset, Offset::SmemPtr(_)) => {
            c.position_independent()?
        }
        f => f.clone(),
    };
    let dom = f.domain()?;
    if dom.rank() > 2 {
        return Err(Error::ill("print_latex draws layouts of rank at most 2"));
    }
    let append = |l: &DynLayout| -> Result<DynLayout> {
        let mut modes = l.modes();
        while modes.len() < 2 {
            modes.push(DynLayout::raw(IntTuple::stat(1), IntTuple::stat(0)));
        }
        Ok(DynLayout::concat(modes))
    };
    let f = if dom.rank() < 2 || !dom.shape.is_tuple() {
        f.map_layout(&append)?
    } else {
        f
    };
    let dom = f.domain()?;
    let m = size(dom.mode(0)?.size()?)?;
    let n = size(dom.mode(1)?.size()?)?;
    if m * n > MAX_CELLS {
        return Err(Error::ill("too large to draw"));
    }
    let mut idx = Vec::with_capacity((m * n) as usize);
    for i in 0..m {
        for j in 0..n {
            let c = IntTuple::Tuple(vec![
                IntTuple::Int(DInt::dynamic(i)),
                IntTuple::Int(DInt::dynamic(j)),
            ]);
            idx.push(f.eval(&c)?.int("a layout's index")?.value);
        }
    }
    Ok(Grid {
        header: alloc::format!("{f}"),
        m,
        n,
        idx,
    })
}

/// The cells a plain TV layout (thread, value) -> index of an `rows`-row tile fills.
fn cells(tv: &DynLayout, rows: i64, cols: i64) -> Result<TvCells> {
    let ident = algebra::make_identity_layout(&IntTuple::Tuple(vec![
        IntTuple::stat(rows),
        IntTuple::stat(cols),
    ]))?;
    let header = alloc::format!("ArithTuple(_0,_0) o {}", algebra::composition(&ident, tv)?);
    let (t0, v0) = (tv.mode(0)?, tv.mode(1)?);
    let (nt, nv) = (size(t0.size()?)?, size(v0.size()?)?);
    if nt * nv > MAX_CELLS || rows * cols > MAX_CELLS {
        return Err(Error::ill("too large to draw"));
    }
    let mut filled = vec![false; (rows * cols) as usize];
    let mut out = Vec::new();
    for t in 0..nt {
        let ti = t0.index(t)?;
        for v in 0..nv {
            let i = ti + v0.index(v)?;
            let (r, c) = (i.rem_euclid(rows), i.div_euclid(rows));
            if c < 0 || c >= cols {
                return Err(Error::ill("a TV layout maps outside its tile"));
            }
            let k = (r * cols + c) as usize;
            if !filled[k] {
                filled[k] = true;
                out.push((r, c, t, v));
            }
        }
    }
    Ok(TvCells { header, cells: out })
}

fn mma(m: &TiledMma) -> Result<Drawing> {
    let (ms, ns, ks) = (
        m.tile_size_mnk(0)?,
        m.tile_size_mnk(1)?,
        m.tile_size_mnk(2)?,
    );
    let (mm, nn, kk) = (size(ms)?, size(ns)?, size(ks)?);
    Ok(Drawing::Mma {
        tile: IntTuple::Tuple(vec![
            IntTuple::Int(ms),
            IntTuple::Int(ns),
            IntTuple::Int(ks),
        ]),
        mnk: (mm, nn, kk),
        c: cells(&m.layout_tv(2)?, mm, nn)?,
        a: cells(&m.layout_tv(0)?, mm, kk)?,
        b: cells(&m.layout_tv(1)?, nn, kk)?,
    })
}

fn copy(c: &TiledCopy) -> Result<Drawing> {
    if c.tiler_mn.rank() != 2 {
        return Err(Error::ill("print_latex draws TiledCopys of a rank-2 tile"));
    }
    let m = size(c.tile_size(0)?)?;
    let n = size(c.tile_size(1)?)?;
    Ok(Drawing::Copy {
        mn: (m, n),
        s: cells(&c.layout_tv_of(false)?, m, n)?,
        d: cells(&c.layout_tv_of(true)?, m, n)?,
    })
}

/// What `v` draws as.
pub(crate) fn drawing(v: &Value) -> Result<Drawing> {
    match v {
        Value::Atom(a) => match a.as_ref() {
            AtomValue::Mma(atom) => mma(&default_tiled(atom)?),
            AtomValue::TiledMma(m) => mma(m),
            AtomValue::TiledCopy(c) => copy(c),
            _ => Err(Error::ill("no picture of a thread slice or a Copy_Atom")),
        },
        v => match v.as_layout_fn() {
            Some(LayoutFn::Swizzle(_)) | None => Err(Error::ill(alloc::format!(
                "no picture of {v}: expected a layout, a composed layout, a TiledMMA or a TiledCopy"
            ))),
            Some(f) => Ok(Drawing::Layout(grid(&f)?)),
        },
    }
}

/// `make_tiled_mma(atom)`.
fn default_tiled(atom: &MmaAtom) -> Result<TiledMma> {
    TiledMma::new(atom.clone(), &"(_1,_1,_1):(_0,_0,_0)".parse()?, None)
}
