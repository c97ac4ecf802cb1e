//! CuTe's `MMA_Atom`, `TiledMMA` and `ThrMMA` (cute/atom/mma_atom.hpp) on runtime
//! layouts: the thread-value layouts of a tiled MMA and the per-thread partitions of
//! the A, B and C tensors.

use super::super::algebra;
use super::super::error::{Error, Result};
use super::super::int::DInt;
use super::super::int_math::crd2idx_colex;
use super::super::int_tuple::IntTuple;
use super::super::layout::{Coord, DynLayout};
use super::super::value::{Tiler, Value};
use super::gmma::make_gmma_desc_fragment;
use super::tensor::{TensorLayout, tile, unders};
use crate::atom_traits::{MmaTraits, mma_traits};
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

fn lay(s: &str) -> DynLayout {
    s.parse().expect("trait tables hold valid layouts")
}

/// `MMA_Atom<OP>`: an MMA instruction with its traits parsed.
///
/// ```
/// use cutlet_dynamic::atom::MmaAtom;
/// let a = MmaAtom::new("SM80_16x8x8_F32F16F16F32_TN").unwrap();
/// assert_eq!(a.layout_b_tv.to_string(), "((_4,_8),_2):((_16,_1),_8)");
/// assert!(MmaAtom::new("NOPE").is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MmaAtom {
    /// The traits row.
    pub traits: &'static MmaTraits,
    /// `Shape_MNK`.
    pub shape_mnk: IntTuple,
    /// `ThrID`.
    pub thr_id: DynLayout,
    /// `LayoutA_TV`.
    pub layout_a_tv: DynLayout,
    /// `LayoutB_TV`.
    pub layout_b_tv: DynLayout,
    /// `LayoutC_TV`.
    pub layout_c_tv: DynLayout,
}

impl MmaAtom {
    /// The atom of the operation named as in C++.
    ///
    /// ```
    /// use cutlet_dynamic::atom::MmaAtom;
    /// let a = MmaAtom::new("UniversalFMA<float,float,float,float>").unwrap();
    /// assert_eq!(a.thr_id.to_string(), "_1:_0");
    /// ```
    pub fn new(op: &str) -> Result<MmaAtom> {
        let traits = mma_traits(op).ok_or_else(|| {
            let compact: alloc::string::String =
                op.chars().filter(|c| !c.is_whitespace()).collect();
            Error::ill(if compact.contains("_RS<GMMA::Major::MN") {
                // CuTe's static_assert in the `_RS` operations.
                alloc::format!("'{op}': register source operand A must have K major layout")
            } else {
                alloc::format!("unknown MMA operation '{op}'")
            })
        })?;
        Ok(MmaAtom {
            traits,
            shape_mnk: traits.shape_mnk.parse().expect("valid shape"),
            thr_id: lay(traits.thr_id),
            layout_a_tv: lay(traits.a_layout),
            layout_b_tv: lay(traits.b_layout),
            layout_c_tv: lay(traits.c_layout),
        })
    }

    fn shape(&self, i: usize) -> DInt {
        self.shape_mnk.modes()[i].size().expect("static shape")
    }
}

impl fmt::Display for MmaAtom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.thr_id)?;
        writeln!(f, "  Shape_MNK:  {}", self.shape_mnk)?;
        writeln!(f, "  LayoutA_TV: {}", self.layout_a_tv)?;
        writeln!(f, "  LayoutB_TV: {}", self.layout_b_tv)?;
        write!(f, "  LayoutC_TV: {}", self.layout_c_tv)
    }
}

/// `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`: atoms tiled over threads.
///
/// ```
/// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
/// use cutlet_dynamic::Value;
/// let atom = MmaAtom::new("SM80_16x8x16_F32F16F16F32_TN").unwrap();
/// let m = TiledMma::new(atom, &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), None).unwrap();
/// assert_eq!(m.thr_layout_vmnk.to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(m.tile_size_mnk(1).unwrap().to_string(), "_16");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TiledMma {
    /// The atom.
    pub atom: MmaAtom,
    /// `ThrLayoutVMNK`: `tiled_product(ThrID, AtomLayoutMNK)`.
    pub thr_layout_vmnk: DynLayout,
    /// `PermutationMNK`, three entries (`Tiler::Under` for CuTe's `_`).
    pub permutation_mnk: Vec<Tiler>,
}

impl TiledMma {
    /// CuTe's `make_tiled_mma(atom, atom_layout[, permutation])`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// let atom = MmaAtom::new("SM80_16x8x8_F32F16F16F32_TN").unwrap();
    /// let perm = "(_32,_32,_8)".parse().unwrap();
    /// let m = TiledMma::new(atom.clone(), &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), Some(&perm)).unwrap();
    /// assert_eq!(m.tile_size_mnk(1).unwrap().to_string(), "_32");
    /// // CuTe requires static permutations.
    /// assert!(TiledMma::new(atom, &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), Some(&"(32,_32,_8)".parse().unwrap())).is_err());
    /// ```
    pub fn new(atom: MmaAtom, atom_layout: &DynLayout, perm: Option<&Value>) -> Result<TiledMma> {
        if atom_layout.rank() > 3 {
            return Err(Error::ill("make_tiled_mma: the atom layout has rank > 3"));
        }
        let mut modes = atom_layout.modes();
        while modes.len() < 3 {
            modes.push(DynLayout::raw(IntTuple::stat(1), IntTuple::stat(0)));
        }
        let mnk = DynLayout::concat(modes);
        let vmnk = algebra::tiled_product(&atom.thr_id, &Tiler::Layout(mnk))?;
        let mut permutation_mnk = Vec::new();
        if let Some(p) = perm {
            let Value::Tuple(entries) = p else {
                return Err(Error::ill(
                    "TiledMMA requires independent permutations of MNK (a tuple)",
                ));
            };
            if entries.len() > 3 {
                return Err(Error::ill("TiledMMA requires rank-3 PermutationMNK"));
            }
            for e in entries {
                permutation_mnk.push(match e {
                    Value::Under => Tiler::Under,
                    Value::Int(d) if d.is_static && d.value > 0 && !d.is_basis() => Tiler::Int(*d),
                    Value::Layout(l) if l.shape.is_static() && l.stride.is_static() => {
                        Tiler::Layout(l.clone())
                    }
                    v => {
                        return Err(Error::ill(alloc::format!(
                            "TiledMMA requires static permutations of MNK, got {v}"
                        )));
                    }
                });
            }
        }
        while permutation_mnk.len() < 3 {
            permutation_mnk.push(Tiler::Under);
        }
        Ok(TiledMma {
            atom,
            thr_layout_vmnk: vmnk,
            permutation_mnk,
        })
    }

    fn vmnk_size(&self, i: usize) -> Result<DInt> {
        self.thr_layout_vmnk.mode(i)?.size()
    }

    /// `permutation_mnk<I>()`: the permutation, or the atoms' extent when it is `_`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// let m = TiledMma::new(MmaAtom::new("SM80_16x8x8_F32F16F16F32_TN").unwrap(), &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), None).unwrap();
    /// assert_eq!(m.permutation(0).unwrap().to_string(), "_32");
    /// ```
    pub fn permutation(&self, i: usize) -> Result<Tiler> {
        Ok(match &self.permutation_mnk[i] {
            Tiler::Under => Tiler::Int(self.atom.shape(i).try_mul(self.vmnk_size(i + 1)?)?),
            t => t.clone(),
        })
    }

    /// `tile_size_mnk<I>()`.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// let m = TiledMma::new(MmaAtom::new("SM80_8x8x4_F64F64F64F64_TN").unwrap(), &"(_2,_1,_1):(_1,_0,_0)".parse().unwrap(), None).unwrap();
    /// assert_eq!(m.tile_size_mnk(0).unwrap().to_string(), "_16");
    /// assert_eq!(m.tile_size_mnk(2).unwrap().to_string(), "_4");
    /// ```
    pub fn tile_size_mnk(&self, i: usize) -> Result<DInt> {
        match self.permutation(i)? {
            Tiler::Int(d) => Ok(d),
            Tiler::Layout(l) => l.size(),
            t => Err(Error::ill(alloc::format!("unsupported permutation {t}"))),
        }
    }

    /// `thrfrg_A/B/C`: `((ThrV,(Thr0,Thr1)),(FrgV,(Rest0,Rest1)))` for operand
    /// `which` (0 = A over (M,K), 1 = B over (N,K), 2 = C over (M,N)).
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// use cutlet_dynamic::atom::TensorLayout;
    /// let m = TiledMma::new(MmaAtom::new("SM80_16x8x8_F32F16F16F32_TN").unwrap(), &"(_1,_1,_1):(_0,_0,_0)".parse().unwrap(), None).unwrap();
    /// let c = TensorLayout::plain("(_32,_8):(_1,_32)".parse().unwrap(), 32);
    /// let t = m.thrfrg(2, &c).unwrap();
    /// assert_eq!(t.domain().unwrap().size().unwrap().to_string(), "_256");
    /// assert_eq!(t.domain().unwrap().rank(), 2);
    /// ```
    pub fn thrfrg(&self, which: usize, t: &TensorLayout) -> Result<TensorLayout> {
        if t.rank()? < 2 {
            return Err(Error::ill("thrfrg: the tensor has rank < 2"));
        }
        let (i, j, tv) = self.operand(which);
        let t = t.logical_divide(&tile(vec![self.permutation(i)?, self.permutation(j)?]))?;
        let atom_tile = tile(vec![
            Tiler::Layout(DynLayout::compact(IntTuple::Int(self.atom.shape(i)))?),
            Tiler::Layout(DynLayout::compact(IntTuple::Int(self.atom.shape(j)))?),
        ]);
        let t = t.zipped_divide(&atom_tile)?;
        let t = t.compose(&tile(vec![Tiler::Layout(tv.clone()), Tiler::Under]))?;
        let thr_tile = tile(vec![
            Tiler::Under,
            tile(vec![
                Tiler::Layout(DynLayout::compact(IntTuple::Int(self.vmnk_size(i + 1)?))?),
                Tiler::Layout(DynLayout::compact(IntTuple::Int(self.vmnk_size(j + 1)?))?),
            ]),
        ]);
        t.zipped_divide(&thr_tile)
    }

    fn operand(&self, which: usize) -> (usize, usize, &DynLayout) {
        match which {
            0 => (0, 2, &self.atom.layout_a_tv),
            1 => (1, 2, &self.atom.layout_b_tv),
            _ => (0, 1, &self.atom.layout_c_tv),
        }
    }

    fn thridx_2_thrid(&self) -> Result<DynLayout> {
        let v = &self.thr_layout_vmnk;
        let with_complement = DynLayout::concat(vec![v.clone(), algebra::complement(v)?]);
        let proj = DynLayout::raw(
            IntTuple::Tuple(vec![IntTuple::Int(v.size()?), IntTuple::stat(1)]),
            IntTuple::Tuple(vec![IntTuple::stat(1), IntTuple::stat(0)]),
        );
        algebra::composition(&proj, &algebra::right_inverse(&with_complement)?)
    }

    /// `get_layoutA_TV()` (0), `get_layoutB_TV()` (1), `get_layoutC_TV()` (2):
    /// (thread index, value) -> coordinate in the tile.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// let m = TiledMma::new(MmaAtom::new("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(_1,_1,_1):(_0,_0,_0)".parse().unwrap(), None).unwrap();
    /// assert_eq!(m.layout_tv(2).unwrap().to_string(), "((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))");
    /// ```
    pub fn layout_tv(&self, which: usize) -> Result<DynLayout> {
        let (i, j, _) = self.operand(which);
        let shape = IntTuple::Tuple(vec![
            IntTuple::Int(self.tile_size_mnk(i)?),
            IntTuple::Int(self.tile_size_mnk(j)?),
        ]);
        let r = TensorLayout::plain(DynLayout::compact(shape)?, 0);
        let mut t = self.thrfrg(which, &r)?;
        if which < 2 {
            let (s1, s2) = (self.vmnk_size(1)?, self.vmnk_size(2)?);
            let (d1, d2) = if which == 0 { (1, 0) } else { (0, 1) };
            let proj = DynLayout::raw(
                IntTuple::Tuple(vec![IntTuple::Int(s1), IntTuple::Int(s2)]),
                IntTuple::Tuple(vec![IntTuple::stat(d1), IntTuple::stat(d2)]),
            );
            let t_tile = tile(vec![
                Tiler::Under,
                tile(vec![Tiler::Layout(proj), Tiler::Under]),
            ]);
            t = t.compose(&tile(vec![t_tile, Tiler::Under]))?;
        }
        let t = t.compose(&tile(vec![
            Tiler::Layout(self.thridx_2_thrid()?),
            Tiler::Under,
        ]))?;
        Ok(t.domain()?.clone())
    }

    /// `get_slice(thr_idx)`: the thread's (V,M,N,K) coordinate
    /// (`thr_layout_vmnk.get_flat_coord(thr_idx)`).
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// use cutlet_dynamic::DInt;
    /// let m = TiledMma::new(MmaAtom::new("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), None).unwrap();
    /// let s = m.get_slice(DInt::dynamic(37)).unwrap();
    /// let v: Vec<i64> = s.thr_vmnk.iter().map(|d| d.value).collect();
    /// assert_eq!(v, [5, 1, 0, 0]);
    /// ```
    pub fn get_slice(&self, thr_idx: DInt) -> Result<ThrMma> {
        let v = &self.thr_layout_vmnk;
        let mut coord = Vec::new();
        for m in v.modes() {
            let hier = idx2crd_strided(thr_idx, &m.shape, &m.stride)?;
            coord.push(crd2idx_colex(&hier, &m.shape)?);
        }
        if coord.len() != 4 {
            return Err(Error::ill("ThrLayoutVMNK must have rank 4"));
        }
        Ok(ThrMma {
            tiled: self.clone(),
            thr_vmnk: coord,
        })
    }

    /// The element width of operand `which` in bits.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// let m = TiledMma::new(MmaAtom::new("SM80_16x8x32_S32S8S8S32_TN").unwrap(), &"(_1,_1,_1):(_0,_0,_0)".parse().unwrap(), None).unwrap();
    /// assert_eq!((m.operand_bits(0).unwrap(), m.operand_bits(2).unwrap()), (8, 32));
    /// ```
    pub fn operand_bits(&self, which: usize) -> Result<i64> {
        let t = self.atom.traits;
        algebra::sizeof_bits(match which {
            0 => t.val_type_a,
            1 => t.val_type_b,
            _ => t.val_type_c,
        })
    }
}

/// CuTe's `idx2crd(idx, shape, stride)`: `(idx / stride) % shape` per mode.
fn idx2crd_strided(idx: DInt, shape: &IntTuple, stride: &IntTuple) -> Result<IntTuple> {
    match (shape, stride) {
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) => Ok(IntTuple::Tuple(
            s.iter()
                .zip(d)
                .map(|(s, d)| idx2crd_strided(idx, s, d))
                .collect::<Result<_>>()?,
        )),
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            if s.is_const(1) {
                Ok(IntTuple::stat(0))
            } else {
                Ok(IntTuple::Int(idx.try_div(*d)?.try_rem(*s)?))
            }
        }
        _ => Err(Error::ill("idx2crd: shape and stride are not congruent")),
    }
}

impl fmt::Display for TiledMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.thr_layout_vmnk)?;
        writeln!(
            f,
            "  PermutationMNK: {}",
            Tiler::Tuple(self.permutation_mnk.clone())
        )?;
        write!(f, "{}", self.atom)
    }
}

/// `ThrMMA`: one thread's slice of a [`TiledMma`].
///
/// ```
/// use cutlet_dynamic::atom::{MmaAtom, TiledMma, TensorLayout};
/// use cutlet_dynamic::DInt;
/// let atom = MmaAtom::new("SM80_16x8x16_F32F16F16F32_TN").unwrap();
/// let m = TiledMma::new(atom, &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), None).unwrap();
/// let s = m.get_slice(DInt::dynamic(15)).unwrap();
/// let c = TensorLayout::plain("(_32,_32):(_1,_32)".parse().unwrap(), 32);
/// assert_eq!(s.partition(2, &c).unwrap().to_value().to_string(), "((_2,_2),_1,_2):((_32,_8),_0,_512)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ThrMma {
    /// The tiled MMA.
    pub tiled: TiledMma,
    /// The thread's flat (V,M,N,K) coordinate.
    pub thr_vmnk: Vec<DInt>,
}

impl ThrMma {
    /// `partition_A` (0), `partition_B` (1), `partition_C` (2).
    pub fn partition(&self, which: usize, t: &TensorLayout) -> Result<TensorLayout> {
        let thr = self.tiled.thrfrg(which, t)?;
        let (i, j, _) = self.tiled.operand(which);
        let c = &self.thr_vmnk;
        let rest_rank = thr.domain()?.shape.get(1)?.get(1)?.rank();
        let coord = Coord::Tuple(vec![
            Coord::Tuple(vec![
                Coord::Int(c[0]),
                Coord::Tuple(vec![Coord::Int(c[i + 1]), Coord::Int(c[j + 1])]),
            ]),
            Coord::Tuple(vec![Coord::Under, unders(rest_rank)]),
        ]);
        thr.slice(&coord)
    }

    /// `partition_fragment_A` (0), `_B` (1), `_C` (2): the register fragment's layout,
    /// or a GMMA descriptor tensor's layout for the SM90 atoms' A and B.
    ///
    /// ```
    /// use cutlet_dynamic::atom::{MmaAtom, TiledMma};
    /// use cutlet_dynamic::{DInt, atom::TensorLayout};
    /// let m = TiledMma::new(MmaAtom::new("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &"(_2,_2,_1):(_1,_2,_0)".parse().unwrap(), None).unwrap();
    /// let b = TensorLayout::plain("(_16,_32):(_34,_1)".parse().unwrap(), 16);
    /// let f = m.get_slice(DInt::dynamic(43)).unwrap().partition_fragment(1, &b).unwrap();
    /// assert_eq!(f.to_value().to_string(), "((_2,_2),_1,_2):((_1,_2),_0,_4)");
    /// ```
    pub fn partition_fragment(&self, which: usize, t: &TensorLayout) -> Result<TensorLayout> {
        let p = self.partition(which, t)?;
        let traits = self.tiled.atom.traits;
        let desc = match which {
            0 => traits.frg_type_a,
            1 => traits.frg_type_b,
            _ => None,
        };
        if desc.is_some() {
            return make_gmma_desc_fragment(&p);
        }
        let l = p.domain()?;
        if !l.shape.is_static() {
            return Err(Error::ill(
                "a register fragment needs a static shape (make_tensor of a dynamic layout)",
            ));
        }
        let frag = if which == 2 {
            DynLayout::compact(l.shape.clone())?
        } else {
            algebra::make_fragment_like(l)?
        };
        Ok(TensorLayout::plain(frag, p.bits))
    }
}

impl fmt::Display for ThrMma {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c: Vec<String> = self
            .thr_vmnk
            .iter()
            .map(|d| alloc::format!("{d}"))
            .collect();
        writeln!(f, "ThrMMA")?;
        writeln!(f, "  Thr VMNK: ({})", c.join(","))?;
        write!(f, "{}", self.tiled)
    }
}
