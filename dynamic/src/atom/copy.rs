//! CuTe's `Copy_Atom`, `TiledCopy` and `ThrCopy` (cute/atom/copy_atom.hpp) on runtime
//! layouts: a copy instruction's thread-value layouts in elements of `T`, tiled over
//! threads, and the per-thread partitions of source and destination tensors.

use super::super::algebra;
use super::super::error::{Error, Result};
use super::super::int::DInt;
use super::super::int_tuple::IntTuple;
use super::super::layout::{Coord, DynLayout};
use super::super::value::Tiler;
use super::mma::TiledMma;
use super::tensor::{TensorLayout, tile, unders};
use crate::atom_traits::{CopyTraits, copy_traits};
use alloc::string::String;
use alloc::vec;
use core::fmt;

/// `Copy_Atom<OP, T>`: a copy instruction's traits recast from bits to elements of `T`.
///
/// ```
/// use cutlet_dynamic::atom::CopyAtom;
/// let a = CopyAtom::new("SM75_U32x4_LDSM_N", "half_t").unwrap();
/// assert_eq!(a.val_layout_dst.to_string(), "(_32,(_2,_4)):(_2,(_1,_64))");
/// // CuTe accepts a 32-bit copy of a 64-bit type (one value of no bits) but not ldmatrix.
/// assert_eq!(CopyAtom::new("UniversalCopy<uint32_t>", "double").unwrap().val_layout_src.to_string(), "(_1,_1):(_0,_1)");
/// assert!(CopyAtom::new("SM75_U32x4_LDSM_N", "double").is_err());
/// assert!(CopyAtom::new("SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>", "half_t").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CopyAtom {
    /// The traits row.
    pub traits: &'static CopyTraits,
    /// `ValType` (`T`), as written in C++.
    pub val_type: String,
    /// `sizeof_bits<T>`.
    pub bits: i64,
    /// `ThrID`.
    pub thr_id: DynLayout,
    /// `ValLayoutSrc`: (thr, val) -> element offset.
    pub val_layout_src: DynLayout,
    /// `ValLayoutDst`.
    pub val_layout_dst: DynLayout,
    /// `ValLayoutRef`.
    pub val_layout_ref: DynLayout,
}

impl CopyAtom {
    /// `Copy_Atom<op, t>`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::CopyAtom;
    /// let a = CopyAtom::new("UniversalCopy<uint128_t>", "float").unwrap();
    /// assert_eq!(a.val_layout_src.to_string(), "(_1,_4):(_0,_1)");
    /// ```
    pub fn new(op: &str, t: &str) -> Result<CopyAtom> {
        let traits = copy_traits(op)
            .ok_or_else(|| Error::ill(alloc::format!("unknown copy operation '{op}'")))?;
        if !traits.instantiable {
            return Err(Error::ill(alloc::format!(
                "{op}: cp.async sizeof(TS) is not supported (cp.async.cg copies 16 bytes)"
            )));
        }
        let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
        let bits = algebra::sizeof_bits(&t)?;
        let thr_id: DynLayout = traits.thr_id.parse().expect("valid layout");
        let recast = |s: &str| -> Result<DynLayout> {
            let l: DynLayout = s.parse().expect("valid layout");
            let v = algebra::recast_layout("uint1_t", &t, &l)?;
            if v.mode(0)?.size()? != thr_id.size()? {
                return Err(Error::ill(alloc::format!(
                    "CopyOperation {op} is not valid for ValType {t}"
                )));
            }
            Ok(v)
        };
        Ok(CopyAtom {
            traits,
            bits,
            val_layout_src: recast(traits.src_layout)?,
            val_layout_dst: recast(traits.dst_layout)?,
            val_layout_ref: recast(traits.ref_layout)?,
            thr_id,
            val_type: t,
        })
    }

    fn num_thr(&self) -> Result<DInt> {
        self.val_layout_ref.mode(0)?.size()
    }

    fn num_val(&self) -> Result<DInt> {
        self.val_layout_ref.mode(1)?.size()
    }
}

impl fmt::Display for CopyAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.thr_id)?;
        writeln!(f, "  ValLayoutSrc: {}", self.val_layout_src)?;
        writeln!(f, "  ValLayoutDst: {}", self.val_layout_dst)?;
        writeln!(f, "  ValLayoutRef: {}", self.val_layout_ref)?;
        write!(f, "  ValueType:    {}b", self.bits)
    }
}

/// `TiledCopy<Atom, LayoutCopy_TV, ShapeTiler_MN>`.
///
/// ```
/// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
/// let a = CopyAtom::new("UniversalCopy<uint128_t>", "half_t").unwrap();
/// let c = TiledCopy::make_tiled_copy(a, &"(_32,_8):(_8,_1)".parse().unwrap(), &"(_1,_8):(_0,_1)".parse().unwrap()).unwrap();
/// assert_eq!(c.tiler_mn.to_string(), "(_32,_64)");
/// assert_eq!(c.layout_tv.to_string(), "((_8,_32),_8):((_256,_1),_32)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TiledCopy {
    /// The atom.
    pub atom: CopyAtom,
    /// `TiledLayout_TV`: (thread, value) -> coordinate in the tile.
    pub layout_tv: DynLayout,
    /// `Tiler_MN`: the tile's shape.
    pub tiler_mn: IntTuple,
}

fn with_shape(l: &DynLayout, shape: IntTuple) -> Result<DynLayout> {
    algebra::composition(l, &DynLayout::compact(shape)?)
}

fn product_each(s: &IntTuple) -> Result<IntTuple> {
    Ok(IntTuple::Tuple(
        s.modes()
            .iter()
            .map(|m| m.size().map(IntTuple::Int))
            .collect::<Result<_>>()?,
    ))
}

fn shape_tiler(s: &IntTuple) -> Tiler {
    match s {
        IntTuple::Int(d) => Tiler::Int(*d),
        IntTuple::Tuple(v) => Tiler::Tuple(v.iter().map(shape_tiler).collect()),
    }
}

/// CuTe's `zip` of a rank-2 layout of rank-2 modes: `((a,b),(c,d))` -> `((a,c),(b,d))`.
fn zip2(l: &DynLayout) -> Result<DynLayout> {
    let z = |t: &IntTuple| -> Result<IntTuple> {
        let m = t.modes();
        let r = m[0].rank();
        if m.iter().any(|x| x.rank() != r) {
            return Err(Error::ill("zip of modes of different ranks"));
        }
        Ok(IntTuple::Tuple(
            (0..r)
                .map(|i| IntTuple::Tuple(m.iter().map(|x| x.modes()[i].clone()).collect()))
                .collect(),
        ))
    };
    Ok(DynLayout::raw(z(&l.shape)?, z(&l.stride)?))
}

impl TiledCopy {
    /// `make_tiled_copy_impl(atom, layout_tv, tiler)`, with CuTe's checks.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// let ldsm = CopyAtom::new("SM75_U32x4_LDSM_N", "half_t").unwrap();
    /// // ldmatrix needs a whole warp.
    /// assert!(TiledCopy::new(ldsm, "(_4,_8):(_8,_1)".parse().unwrap(), "(_4,_8)".parse().unwrap()).is_err());
    /// ```
    pub fn new(atom: CopyAtom, layout_tv: DynLayout, tiler_mn: IntTuple) -> Result<TiledCopy> {
        let thr = layout_tv.mode(0)?.size()?;
        let val = layout_tv.mode(1)?.size()?;
        if thr.value % atom.num_thr()?.value != 0 {
            return Err(Error::ill(
                "TiledCopy uses too few thrs for selected CopyAtom",
            ));
        }
        if val.value % atom.num_val()?.value != 0 {
            return Err(Error::ill(
                "TiledCopy uses too few vals for selected CopyAtom",
            ));
        }
        Ok(TiledCopy {
            atom,
            layout_tv,
            tiler_mn,
        })
    }

    /// CuTe's `make_tiled_copy(atom, thr_layout, val_layout)`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// let a = CopyAtom::new("UniversalCopy<uint32_t>", "float").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_32,_4):(_4,_1)".parse().unwrap(), &"(_1,_1):(_0,_0)".parse().unwrap()).unwrap();
    /// assert_eq!(c.layout_tv_of(true).unwrap().to_string(), "((_4,_32),(_1,_1)):((_32,_1),(_0,_0))");
    /// ```
    pub fn make_tiled_copy(atom: CopyAtom, thr: &DynLayout, val: &DynLayout) -> Result<TiledCopy> {
        let layout_mn = algebra::raked_product(thr, val)?;
        let shape = IntTuple::Tuple(vec![IntTuple::Int(thr.size()?), IntTuple::Int(val.size()?)]);
        let layout_tv = with_shape(&algebra::right_inverse(&layout_mn)?, shape)?;
        let tiler = product_each(&layout_mn.shape)?;
        TiledCopy::new(atom, layout_tv, tiler)
    }

    /// `make_tiled_copy_A` (0), `_B` (1), `_C` (2) of a tiled MMA.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// let mma = TiledMma::new(MmaAtom::new("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(_2,_4,_1):(_1,_2,_0)".parse().unwrap(), None).unwrap();
    /// let a = CopyAtom::new("SM75_U32x4_LDSM_N", "half_t").unwrap();
    /// let c = TiledCopy::for_mma(a, &mma, 0).unwrap();
    /// assert_eq!((c.tile_size(0).unwrap().value, c.tile_size(1).unwrap().value), (32, 16));
    /// ```
    pub fn for_mma(atom: CopyAtom, mma: &TiledMma, which: usize) -> Result<TiledCopy> {
        let (i, j) = [(0, 2), (1, 2), (0, 1)][which];
        let tv = mma.layout_tv(which)?;
        let tiler = IntTuple::Tuple(vec![
            IntTuple::Int(mma.tile_size_mnk(i)?),
            IntTuple::Int(mma.tile_size_mnk(j)?),
        ]);
        TiledCopy::new(atom, tv, tiler)
    }

    /// `tile_size<I>`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// let a = CopyAtom::new("SM75_U32x4_LDSM_N", "half_t").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_16,_2):(_1,_16)".parse().unwrap(), &"(_8,_1):(_1,_0)".parse().unwrap()).unwrap();
    /// assert_eq!(c.tile_size(0).unwrap().to_string(), "_128");
    /// assert!(c.tile_size(2).is_err());
    /// ```
    pub fn tile_size(&self, i: usize) -> Result<DInt> {
        if i >= self.tiler_mn.rank() {
            return Err(Error::ill(alloc::format!(
                "tile_size<{i}> of a rank-{} tiler",
                self.tiler_mn.rank()
            )));
        }
        self.tiler_mn.modes()[i].size()
    }

    fn ref2trg(&self, dst: bool) -> Result<DynLayout> {
        let a = &self.atom;
        let trg = if dst {
            &a.val_layout_dst
        } else {
            &a.val_layout_src
        };
        algebra::composition(&algebra::right_inverse(&a.val_layout_ref)?, trg)
    }

    fn tile2thrfrg(&self, t: &TensorLayout, ref2trg: &DynLayout) -> Result<TensorLayout> {
        let atom_shape = Tiler::Tuple(vec![
            Tiler::Int(self.atom.num_thr()?),
            Tiler::Int(self.atom.num_val()?),
        ]);
        let atom_tv = algebra::zipped_divide(&self.layout_tv, &atom_shape)?;
        let trg = algebra::composition_tiler(
            &atom_tv,
            &tile(vec![Tiler::Layout(ref2trg.clone()), Tiler::Under]),
        )?;
        let profile: IntTuple = "(_1,(_1,_1))".parse().expect("valid profile");
        let thrval2mn = algebra::coalesce_by(&zip2(&trg)?, &profile)?;
        let tv = t.compose(&tile(vec![Tiler::Layout(thrval2mn), Tiler::Under]))?;
        tv.slice(&Coord::Tuple(vec![unders(2), Coord::Under]))
    }

    /// `tidfrg_S` / `tidfrg_D`: (thread, value, rest...) of a tensor.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let a = CopyAtom::new("DefaultCopy", "float").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_4,_8):(_8,_1)".parse().unwrap(), &"_1:_0".parse().unwrap()).unwrap();
    /// let t = c.tidfrg(&TensorLayout::plain("(_8,_16):(_16,_1)".parse().unwrap(), 32), false).unwrap();
    /// // (thread, value, (rest_m, rest_n))
    /// assert_eq!(t.domain().unwrap().rank(), 3);
    /// assert_eq!(t.domain().unwrap().mode(0).unwrap().size().unwrap().value, 32);
    /// ```
    pub fn tidfrg(&self, t: &TensorLayout, dst: bool) -> Result<TensorLayout> {
        if t.rank()? < self.tiler_mn.rank() {
            return Err(Error::ill("Rank of tensor to be partitioned too small."));
        }
        let z = t.zipped_divide(&shape_tiler(&self.tiler_mn))?;
        self.tile2thrfrg(&z, &self.ref2trg(dst)?)
    }

    /// `get_layoutS_TV()` (`dst == false`) and `get_layoutD_TV()`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// let a = CopyAtom::new("SM75_U32x4_LDSM_N", "half_t").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_8,_4):(_4,_1)".parse().unwrap(), &"(_1,_8):(_0,_1)".parse().unwrap()).unwrap();
    /// assert_eq!(c.layout_tv_of(true).unwrap().to_string(), "((_4,_8),(_8,_1)):((_64,_1),(_8,_0))");
    /// ```
    pub fn layout_tv_of(&self, dst: bool) -> Result<DynLayout> {
        let shape = IntTuple::Tuple(vec![self.tiler_mn.clone(), IntTuple::stat(1)]);
        let r = TensorLayout::plain(DynLayout::compact(shape)?, 0);
        let t = self.tile2thrfrg(&r, &self.ref2trg(dst)?)?;
        let t = t.slice(&Coord::Tuple(vec![
            Coord::Under,
            Coord::Under,
            Coord::Int(DInt::stat(0)),
        ]))?;
        Ok(t.domain()?.clone())
    }

    /// CuTe's `TiledCopy::retile(tensor)`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let a = CopyAtom::new("UniversalCopy<uint32_t>", "float").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_8,_8):(_8,_1)".parse().unwrap(), &"(_2,_2):(_1,_2)".parse().unwrap()).unwrap();
    /// let frag = TensorLayout::plain("((_1,_1),_1,_1):((_0,_0),_0,_0)".parse().unwrap(), 32);
    /// assert_eq!(c.retile(&frag).unwrap().to_value().to_string(), "((_1,_4),_1,_1):((_0,_0),_0,_0)");
    /// ```
    pub fn retile(&self, t: &TensorLayout) -> Result<TensorLayout> {
        let l = t.domain()?;
        let r = l.rank();
        let v = l.mode(0)?.size()?;
        if !v.is_static {
            return Err(Error::ill("retile needs a static size of mode 0"));
        }
        let num_thr = self.layout_tv.mode(0)?.size()?;
        let inv = with_shape(
            &algebra::right_inverse(&self.layout_tv)?,
            self.tiler_mn.clone(),
        )?;
        let frg_mn = algebra::upcast(&inv, num_thr.try_mul(v)?.value)?;
        let prod = algebra::logical_product(
            &DynLayout::compact(IntTuple::Int(v))?,
            &Tiler::Layout(algebra::right_inverse(&frg_mn)?),
        )?;
        let frg_v = algebra::zipped_divide(
            &prod,
            &Tiler::Layout(DynLayout::compact(IntTuple::Int(self.atom.num_val()?))?),
        )?;
        let mut sizes = vec![Tiler::Int(v)];
        if let IntTuple::Tuple(m) = product_each(&frg_mn.shape)? {
            sizes.extend(m.iter().map(shape_tiler));
        }
        let tt = t.zipped_divide(&Tiler::Tuple(sizes))?;
        let vt = tt.compose(&tile(vec![Tiler::Layout(frg_v), Tiler::Under]))?;
        let mut rest = vec![Coord::Int(DInt::stat(0))];
        rest.extend((1..r).map(|_| Coord::Under));
        vt.slice(&Coord::Tuple(vec![Coord::Under, Coord::Tuple(rest)]))
    }

    /// `get_slice(thr_idx)`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// use cutlet_dynamic::DInt;
    /// let a = CopyAtom::new("DefaultCopy", "float").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_4,_8):(_8,_1)".parse().unwrap(), &"_1:_0".parse().unwrap()).unwrap();
    /// assert_eq!(c.get_slice(DInt::stat(5)).thr_idx.to_string(), "_5");
    /// ```
    pub fn get_slice(&self, thr_idx: DInt) -> ThrCopy {
        ThrCopy {
            tiled: self.clone(),
            thr_idx,
        }
    }
}

impl fmt::Display for TiledCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", self.tiler_mn)?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        write!(f, "{}", self.atom)
    }
}

/// `ThrCopy`: one thread's slice of a [`TiledCopy`].
///
/// ```
/// use cutlet_dynamic::atom::{CopyAtom, TiledCopy, TensorLayout};
/// use cutlet_dynamic::DInt;
/// let a = CopyAtom::new("DefaultCopy", "float").unwrap();
/// let c = TiledCopy::make_tiled_copy(a, &"(_16,_8):(_8,_1)".parse().unwrap(), &"(_4,_1):(_1,_0)".parse().unwrap()).unwrap();
/// let t = TensorLayout::plain("(_64,_8):(_10,_1)".parse().unwrap(), 32);
/// let p = c.get_slice(DInt::dynamic(17)).partition(&t, false).unwrap();
/// assert_eq!(p.to_value().to_string(), "((_1,_4),_1,_1):((_0,_10),_0,_0)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ThrCopy {
    /// The tiled copy.
    pub tiled: TiledCopy,
    /// The thread index.
    pub thr_idx: DInt,
}

impl ThrCopy {
    /// `partition_S` (`dst == false`) or `partition_D`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{CopyAtom, TiledCopy};
    /// use cutlet_dynamic::{DInt, atom::TensorLayout};
    /// let a = CopyAtom::new("UniversalCopy<uint32_t>", "float").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_8,_8):(_8,_1)".parse().unwrap(), &"(_2,_2):(_2,_1)".parse().unwrap()).unwrap();
    /// let d = TensorLayout::plain("(_16,_32):(_1,_16)".parse().unwrap(), 32);
    /// let p = c.get_slice(DInt::dynamic(29)).partition(&d, true).unwrap();
    /// assert_eq!(p.to_value().to_string(), "((_1,(_2,_2)),_1,_2):((_0,(_16,_1)),_0,_256)");
    /// ```
    pub fn partition(&self, t: &TensorLayout, dst: bool) -> Result<TensorLayout> {
        let r = t.rank()?;
        let thr = self.tiled.tidfrg(t, dst)?;
        thr.slice(&Coord::Tuple(vec![
            Coord::Int(self.thr_idx),
            Coord::Under,
            unders(r),
        ]))
    }

    /// `retile_S` / `retile_D` (the same for both).
    ///
    /// ```
    /// use cutlet_dynamic::{DInt, atom::{CopyAtom, TiledCopy, TensorLayout}};
    /// let a = CopyAtom::new("DefaultCopy", "float").unwrap();
    /// let c = TiledCopy::make_tiled_copy(a, &"(_32,_8):(_8,_1)".parse().unwrap(), &"(_2,_2):(_1,_2)".parse().unwrap()).unwrap();
    /// let frag = TensorLayout::plain("((_2,_1),_2,_1):((_1,_0),_2,_0)".parse().unwrap(), 32);
    /// let r = c.get_slice(DInt::stat(102)).retile(&frag).unwrap();
    /// assert_eq!(r.to_value().to_string(), "((_1,(_2,_2)),_2,_1):((_0,(_1,_0)),_2,_0)");
    /// ```
    pub fn retile(&self, t: &TensorLayout) -> Result<TensorLayout> {
        self.tiled.retile(t)
    }
}

impl fmt::Display for ThrCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "ThrCopy")?;
        writeln!(f, "  ThrIdx: {}", self.thr_idx)?;
        write!(f, "{}", self.tiled)
    }
}
