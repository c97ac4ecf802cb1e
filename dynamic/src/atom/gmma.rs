//! GMMA shared-memory descriptor fragments: what `partition_fragment_A/B` of an SM90
//! `_SS` atom builds (CuTe's `MakeTensor<GMMA::smem_desc<Major::K>>` and
//! `make_gmma_desc<Major::K>`), with CuTe's checks that the tensor is a canonical
//! K-major GMMA layout.

use super::super::algebra;
use super::super::composed::LayoutFn;
use super::super::error::{Error, Result};
use super::super::int_tuple::IntTuple;
use super::super::layout::DynLayout;
use super::super::value::Tiler;
use super::tensor::TensorLayout;
use alloc::vec;

fn ill<T>(why: &str) -> Result<T> {
    Err(Error::ill(alloc::format!(
        "not a canonical GMMA_K layout: {why}"
    )))
}

/// The descriptor tensor's layout for a partitioned shared-memory tensor `p`.
///
/// ```
/// use cutlet_dynamic::Swizzle;
/// use cutlet_dynamic::atom::{TensorLayout, make_gmma_desc_fragment};
/// // A's partition of a 128-byte-swizzled K-major half_t tile (GMMA::Layout_K_SW128_Atom).
/// let mut p = TensorLayout::plain("((_64,_16),_1,_4):((_64,_1),_0,_16)".parse().unwrap(), 16);
/// p.ptr_swizzle = Some(Swizzle::new(3, 4, 3).unwrap());
/// let f = make_gmma_desc_fragment(&p).unwrap();
/// assert_eq!(f.to_value().to_string(), "(_1,_1,_4):(_0,_0,_2)");
/// // Without the swizzle the 64-element rows are not an interleaved GMMA layout.
/// p.ptr_swizzle = None;
/// assert!(make_gmma_desc_fragment(&p).is_err());
/// ```
pub fn make_gmma_desc_fragment(p: &TensorLayout) -> Result<TensorLayout> {
    let LayoutFn::Layout(l) = &p.layout else {
        return ill("the tensor's layout is composed (layout_type needs a plain layout)");
    };
    let (b, m, s) = match p.ptr_swizzle {
        Some(sw) => (sw.bits(), sw.base(), sw.shift()),
        None => (0, 4, 3),
    };
    if m != 4 || s != 3 || !(0..=3).contains(&b) {
        return ill("unsupported layout swizzle");
    }
    let w = 1i64 << b;
    if 128 % p.bits != 0 {
        return ill("element width does not divide 128 bits");
    }
    let n = 128 / p.bits;
    let u128_all = algebra::upcast(l, n)?;
    let mode0 = u128_all.mode(0)?;
    if mode0.rank() != 2 {
        return ill("GMMA descriptors need rank-2 tensors");
    }
    let s0 = mode0.mode(0)?.size()?;
    let s1 = mode0.mode(1)?.size()?;
    if !s0.is_static || s0.value % 8 != 0 {
        return ill("expected MN-size multiple of 8");
    }
    if !s1.is_static || !(s1.value == 2 || s1.value == 4) {
        return ill("expected K-size 2 (dense) or 4 (sparse) in units of uint128_t");
    }
    let canonical = algebra::logical_divide(
        &mode0,
        &Tiler::Tuple(vec![
            Tiler::Layout(DynLayout::raw(IntTuple::stat(8), IntTuple::stat(1))),
            Tiler::Layout(DynLayout::raw(IntTuple::stat(2), IntTuple::stat(1))),
        ]),
    )?;
    let profile: IntTuple = "((_1,_1),(_1,_1))".parse().expect("valid profile");
    if !canonical.shape.congruent(&profile) {
        return ill("profile");
    }
    let st = |i: usize, j: usize| canonical.stride.modes()[i].modes()[j].as_int();
    let (Some(d00), Some(d10), Some(d01)) = (st(0, 0), st(1, 0), st(0, 1)) else {
        return ill("profile");
    };
    if !(d00.is_static && d10.is_static && d01.is_static) {
        return ill("strides are not static");
    }
    if d00.value != w || (b != 0 && d10.value != 1) {
        return ill("stride");
    }
    let mut modes = u128_all.modes();
    modes[0] = DynLayout::raw(IntTuple::stat(1), IntTuple::stat(0));
    Ok(TensorLayout::plain(DynLayout::concat(modes), 128))
}
