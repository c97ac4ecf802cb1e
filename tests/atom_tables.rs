//! The typed atoms (`cutlet::atom`, cutlet-core's) against the table of CuTe 4.2's
//! `MMA_Traits` and `Copy_Traits` (`cutlet::atom_traits`, which the runtime tree and the
//! CLI read): every layout of every typed atom prints as the table's row.
use cutlet::atom::*;
use cutlet::atom_traits::{COPY_TRAITS, MMA_TRAITS, copy_traits, mma_traits};
use cutlet_core::prelude::*;
use half::{bf16, f16};

/// Asserts that each `(field, typed, table)` triple of row `name` agrees.
fn same_fields(name: &str, fields: &[(&str, String, &str)]) {
    for (field, typed, table) in fields {
        assert_eq!(typed, table, "{name} {field}");
    }
}

/// Checks one copy operation's four layouts; returns the table's name of its row.
fn copy_row<Op: CopyTraits>(name: &str) -> &'static str {
    let t = copy_traits(name).unwrap_or_else(|| panic!("{name}: not in the table"));
    same_fields(
        name,
        &[
            ("ThrID", Op::ThrID::conjure().to_string(), t.thr_id),
            (
                "SrcLayout",
                Op::SrcLayout::conjure().to_string(),
                t.src_layout,
            ),
            (
                "DstLayout",
                Op::DstLayout::conjure().to_string(),
                t.dst_layout,
            ),
            (
                "RefLayout",
                Op::RefLayout::conjure().to_string(),
                t.ref_layout,
            ),
        ],
    );
    t.name
}

/// Checks one MMA operation's shape and layouts; returns the table's name of its row.
fn mma_row<Op: MmaTraits>(name: &str) -> &'static str {
    let t = mma_traits(name).unwrap_or_else(|| panic!("{name}: not in the table"));
    same_fields(
        name,
        &[
            (
                "Shape_MNK",
                Cute(Op::ShapeMNK::conjure()).to_string(),
                t.shape_mnk,
            ),
            ("ThrID", Op::ThrID::conjure().to_string(), t.thr_id),
            ("ALayout", Op::ALayout::conjure().to_string(), t.a_layout),
            ("BLayout", Op::BLayout::conjure().to_string(), t.b_layout),
            ("CLayout", Op::CLayout::conjure().to_string(), t.c_layout),
        ],
    );
    t.name
}

/// Every (instantiable) table row has a typed twin, so a row added to the table needs
/// one here.
fn covers(table: impl Iterator<Item = &'static str>, checked: &[&str]) {
    for name in table {
        assert!(
            checked.contains(&name),
            "{name}: no typed atom checked against its row"
        );
    }
}

#[test]
fn copy_atoms_match_cute_traits() {
    let checked = [
        copy_row::<UniversalCopy<u32>>("UniversalCopy<uint32_t>"),
        copy_row::<UniversalCopy<u64>>("UniversalCopy<uint64_t>"),
        copy_row::<UniversalCopy<u128>>("UniversalCopy<uint128_t>"),
        copy_row::<DefaultCopy>("DefaultCopy"),
        copy_row::<SM75_U32x1_LDSM_N>("SM75_U32x1_LDSM_N"),
        copy_row::<SM75_U32x2_LDSM_N>("SM75_U32x2_LDSM_N"),
        copy_row::<SM75_U32x4_LDSM_N>("SM75_U32x4_LDSM_N"),
        copy_row::<SM75_U16x2_LDSM_T>("SM75_U16x2_LDSM_T"),
        copy_row::<SM75_U16x4_LDSM_T>("SM75_U16x4_LDSM_T"),
        copy_row::<SM75_U16x8_LDSM_T>("SM75_U16x8_LDSM_T"),
        copy_row::<SM80_CP_ASYNC_CACHEALWAYS<u32>>("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>"),
        copy_row::<SM80_CP_ASYNC_CACHEALWAYS<u64>>("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>"),
        copy_row::<SM80_CP_ASYNC_CACHEALWAYS<u128>>("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>"),
        copy_row::<SM80_CP_ASYNC_CACHEGLOBAL<u128>>("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>"),
    ];
    // `cp.async.cg` of 4 or 8 bytes: CuTe's traits exist, but its operation refuses the
    // instantiation, and so does cutlet's (a compile error naming `u128`).
    covers(
        COPY_TRAITS
            .iter()
            .filter(|t| t.instantiable)
            .map(|t| t.name),
        &checked,
    );
}

#[test]
fn mma_atoms_match_cute_traits() {
    let checked = [
        mma_row::<UniversalFMA<f32, f32, f32, f32>>("UniversalFMA<float,float,float,float>"),
        mma_row::<UniversalFMA<f64, f64, f64, f64>>("UniversalFMA<double,double,double,double>"),
        mma_row::<SM80_16x8x16_F32F16F16F32_TN>("SM80_16x8x16_F32F16F16F32_TN"),
        mma_row::<SM80_16x8x16_F32BF16BF16F32_TN>("SM80_16x8x16_F32BF16BF16F32_TN"),
        // Not in the table: CuTe's traits of this atom differ from the f32 one's only in
        // the value types.
        mma_row::<SM80_16x8x16_F16F16F16F16_TN>("SM80_16x8x16_F32F16F16F32_TN"),
        mma_row::<SM80_16x8x8_F32F16F16F32_TN>("SM80_16x8x8_F32F16F16F32_TN"),
        mma_row::<SM80_16x8x8_F32TF32TF32F32_TN>("SM80_16x8x8_F32TF32TF32F32_TN"),
        mma_row::<SM80_8x8x4_F64F64F64F64_TN>("SM80_8x8x4_F64F64F64F64_TN"),
        mma_row::<SM80_16x8x32_S32S8S8S32_TN>("SM80_16x8x32_S32S8S8S32_TN"),
        mma_row::<SM90_64x64x16_F32F16F16_SS>(
            "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
        mma_row::<SM90_64x128x16_F32F16F16_SS>(
            "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
        mma_row::<SM90_64x256x16_F32F16F16_SS>(
            "SM90_64x256x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
        mma_row::<SM90_64x64x16_F32BF16BF16_SS>(
            "SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
        mma_row::<SM90_64x128x16_F32BF16BF16_SS>(
            "SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
        mma_row::<SM90_64x256x16_F32BF16BF16_SS>(
            "SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
        ),
    ];
    covers(MMA_TRAITS.iter().map(|t| t.name), &checked);
}

#[test]
fn copy_atoms_are_zero_sized_with_cute_value_layouts() {
    // Copy_Atom<SM75_U32x4_LDSM_N, half_t>::ValLayoutDst, in elements of 16 bits.
    let a = Copy_Atom::<SM75_U32x4_LDSM_N, f16>::new();
    assert_eq!(
        a.val_layout_dst().to_string(),
        "(_32,(_2,_4)):(_2,(_1,_64))"
    );
    assert_eq!(core::mem::size_of_val(&a), 0);
    let b = Copy_Atom::<UniversalCopy<u32>, bf16>::new();
    assert_eq!(b.val_layout_src().to_string(), "(_1,_2):(_0,_1)");
}
