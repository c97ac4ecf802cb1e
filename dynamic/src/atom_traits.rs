//! CuTe's atom trait tables, as data in CuTe's print notation.
//!
//! Each row is one `MMA_Traits<OP>` or `Copy_Traits<OP>` specialisation of CuTe 4.2
//! (`cute/atom/mma_traits*.hpp`, `cute/atom/copy_traits*.hpp`), with the field names
//! CuTe uses. The layouts are written exactly as CuTe's `print()` writes them, so the
//! typed layer can mirror its static types from the same rows, and the runtime tree
//! ([`crate::atom`], which re-exports them) parses them with `DynLayout`'s `FromStr`.
//!
//! ```
//! use cutlet_dynamic::atom_traits::{MMA_TRAITS, COPY_TRAITS};
//! let t = MMA_TRAITS.iter().find(|t| t.name == "SM80_16x8x16_F32F16F16F32_TN").unwrap();
//! assert_eq!(t.c_layout, "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
//! assert!(COPY_TRAITS.iter().any(|t| t.name == "SM75_U32x4_LDSM_N"));
//! ```

/// One `MMA_Traits<OP>`: an MMA instruction's shape, threads and thread-value layouts.
///
/// `a_layout` maps (thread, value) to a flat (M,K) coordinate of the atom's tile,
/// `b_layout` to (N,K), `c_layout` to (M,N); `thr_id` maps a logical thread to a
/// thread index. Value types are CuTe's C++ names.
///
/// ```
/// let t = &cutlet_dynamic::atom_traits::MMA_TRAITS[0];
/// assert_eq!(t.shape_mnk, "(_1,_1,_1)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MmaTraits {
    /// The operation's C++ name as written inside `MMA_Atom<...>`.
    pub name: &'static str,
    /// `ValTypeD`.
    pub val_type_d: &'static str,
    /// `ValTypeA`.
    pub val_type_a: &'static str,
    /// `ValTypeB`.
    pub val_type_b: &'static str,
    /// `ValTypeC`.
    pub val_type_c: &'static str,
    /// `FrgTypeA` when it differs from `ValTypeA` (GMMA's shared-memory descriptors).
    pub frg_type_a: Option<&'static str>,
    /// `FrgTypeB` when it differs from `ValTypeB`.
    pub frg_type_b: Option<&'static str>,
    /// `Shape_MNK`.
    pub shape_mnk: &'static str,
    /// `ThrID`.
    pub thr_id: &'static str,
    /// `ALayout`: (thr, val) -> (M,K).
    pub a_layout: &'static str,
    /// `BLayout`: (thr, val) -> (N,K).
    pub b_layout: &'static str,
    /// `CLayout`: (thr, val) -> (M,N).
    pub c_layout: &'static str,
}

/// One `Copy_Traits<OP>`: a copy instruction's threads and its (thread, value) -> bit
/// layouts. `Copy_Atom<OP, T>` recasts them from bits to `T`.
///
/// ```
/// let t = cutlet_dynamic::atom_traits::COPY_TRAITS.iter().find(|t| t.name == "DefaultCopy").unwrap();
/// assert_eq!(t.src_layout, "(_1,_1):(_0,_0)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CopyTraits {
    /// The operation's C++ name as written inside `Copy_Atom<..., T>`.
    pub name: &'static str,
    /// `ThrID`.
    pub thr_id: &'static str,
    /// `SrcLayout`: (src thr, src val) -> bit.
    pub src_layout: &'static str,
    /// `DstLayout`: (dst thr, dst val) -> bit.
    pub dst_layout: &'static str,
    /// `RefLayout`: the reference (thr, val) -> bit map.
    pub ref_layout: &'static str,
    /// `false` when CuTe's operation struct refuses this instantiation with a
    /// `static_assert` (`cp.async.cg` copies 16 bytes only): the traits exist, but a
    /// `Copy_Atom` of it is ill-formed.
    pub instantiable: bool,
}

const SM80_16X8_ROW: &str = "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))";
const GMMA_AB_64X16: &str = "(_128,(_64,_16)):(_0,(_1,_64))";
const GMMA_AB_128X16: &str = "(_128,(_128,_16)):(_0,(_1,_128))";
const GMMA_AB_256X16: &str = "(_128,(_256,_16)):(_0,(_1,_256))";
const GMMA_C_64X64: &str = "((_4,_8,_4),(_2,_2,_8)):((_128,_1,_16),(_64,_8,_512))";
const GMMA_C_64X128: &str = "((_4,_8,_4),(_2,_2,_16)):((_128,_1,_16),(_64,_8,_512))";
const GMMA_C_64X256: &str = "((_4,_8,_4),(_2,_2,_32)):((_128,_1,_16),(_64,_8,_512))";
const GMMA_DESC_K: Option<&str> = Some("GMMA::smem_desc<GMMA::Major::K>");
const FMA_TV: &str = "(_1,_1):(_0,_0)";

const fn fma(name: &'static str, t: &'static str) -> MmaTraits {
    MmaTraits {
        name,
        val_type_d: t,
        val_type_a: t,
        val_type_b: t,
        val_type_c: t,
        frg_type_a: None,
        frg_type_b: None,
        shape_mnk: "(_1,_1,_1)",
        thr_id: "_1:_0",
        a_layout: FMA_TV,
        b_layout: FMA_TV,
        c_layout: FMA_TV,
    }
}

const fn gmma(
    name: &'static str,
    ab: &'static str,
    shape_mnk: &'static str,
    b_layout: &'static str,
    c_layout: &'static str,
) -> MmaTraits {
    MmaTraits {
        name,
        val_type_d: "float",
        val_type_a: ab,
        val_type_b: ab,
        val_type_c: "float",
        frg_type_a: GMMA_DESC_K,
        frg_type_b: GMMA_DESC_K,
        shape_mnk,
        thr_id: "_128:_1",
        a_layout: GMMA_AB_64X16,
        b_layout,
        c_layout,
    }
}

#[allow(clippy::too_many_arguments)]
const fn sm80(
    name: &'static str,
    d: &'static str,
    ab: &'static str,
    shape_mnk: &'static str,
    a_layout: &'static str,
    b_layout: &'static str,
    c_layout: &'static str,
) -> MmaTraits {
    MmaTraits {
        name,
        val_type_d: d,
        val_type_a: ab,
        val_type_b: ab,
        val_type_c: d,
        frg_type_a: None,
        frg_type_b: None,
        shape_mnk,
        thr_id: "_32:_1",
        a_layout,
        b_layout,
        c_layout,
    }
}

/// The MMA atoms cutlet knows, with CuTe 4.2's traits.
///
/// ```
/// let gmma = cutlet_dynamic::atom_traits::MMA_TRAITS.iter().filter(|t| t.name.starts_with("SM90")).count();
/// assert_eq!(gmma, 6);
/// ```
pub const MMA_TRAITS: &[MmaTraits] = &[
    fma("UniversalFMA<float,float,float,float>", "float"),
    fma("UniversalFMA<double,double,double,double>", "double"),
    sm80(
        "SM80_16x8x16_F32F16F16F32_TN",
        "float",
        "half_t",
        "(_16,_8,_16)",
        "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
        "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))",
        SM80_16X8_ROW,
    ),
    sm80(
        "SM80_16x8x16_F32BF16BF16F32_TN",
        "float",
        "bfloat16_t",
        "(_16,_8,_16)",
        "((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))",
        "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))",
        SM80_16X8_ROW,
    ),
    sm80(
        "SM80_16x8x8_F32F16F16F32_TN",
        "float",
        "half_t",
        "(_16,_8,_8)",
        SM80_16X8_ROW,
        "((_4,_8),_2):((_16,_1),_8)",
        SM80_16X8_ROW,
    ),
    sm80(
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "float",
        "tfloat32_t",
        "(_16,_8,_8)",
        "((_4,_8),(_2,_2)):((_16,_1),(_8,_64))",
        "((_4,_8),_2):((_8,_1),_32)",
        SM80_16X8_ROW,
    ),
    sm80(
        "SM80_8x8x4_F64F64F64F64_TN",
        "double",
        "double",
        "(_8,_8,_4)",
        "((_4,_8),_1):((_8,_1),_0)",
        "((_4,_8),_1):((_8,_1),_0)",
        "((_4,_8),_2):((_16,_1),_8)",
    ),
    sm80(
        "SM80_16x8x32_S32S8S8S32_TN",
        "int32_t",
        "int8_t",
        "(_16,_8,_32)",
        "((_4,_8),(_4,_2,_2)):((_64,_1),(_16,_8,_256))",
        "((_4,_8),(_4,_2)):((_32,_1),(_8,_128))",
        SM80_16X8_ROW,
    ),
    gmma(
        "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        "half_t",
        "(_64,_64,_16)",
        GMMA_AB_64X16,
        GMMA_C_64X64,
    ),
    gmma(
        "SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        "half_t",
        "(_64,_128,_16)",
        GMMA_AB_128X16,
        GMMA_C_64X128,
    ),
    gmma(
        "SM90_64x256x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        "half_t",
        "(_64,_256,_16)",
        GMMA_AB_256X16,
        GMMA_C_64X256,
    ),
    gmma(
        "SM90_64x64x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
        "bfloat16_t",
        "(_64,_64,_16)",
        GMMA_AB_64X16,
        GMMA_C_64X64,
    ),
    gmma(
        "SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
        "bfloat16_t",
        "(_64,_128,_16)",
        GMMA_AB_128X16,
        GMMA_C_64X128,
    ),
    gmma(
        "SM90_64x256x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
        "bfloat16_t",
        "(_64,_256,_16)",
        GMMA_AB_256X16,
        GMMA_C_64X256,
    ),
];

const fn one_thread(name: &'static str, bits: &'static str) -> CopyTraits {
    CopyTraits {
        name,
        thr_id: "_1:_0",
        src_layout: bits,
        dst_layout: bits,
        ref_layout: bits,
        instantiable: true,
    }
}

/// `cp.async.cg` below 16 bytes: CuTe has the traits but its operation asserts.
const fn cg_refused(name: &'static str, bits: &'static str) -> CopyTraits {
    CopyTraits {
        instantiable: false,
        ..one_thread(name, bits)
    }
}

const fn ldsm(name: &'static str, src: &'static str, dst: &'static str) -> CopyTraits {
    CopyTraits {
        name,
        thr_id: "_32:_1",
        src_layout: src,
        dst_layout: dst,
        ref_layout: dst,
        instantiable: true,
    }
}

const B32: &str = "(_1,_32):(_0,_1)";
const B64: &str = "(_1,_64):(_0,_1)";
const B128: &str = "(_1,_128):(_0,_1)";
const LDSM_SRC_X1: &str = "((_8,_4),_128):((_128,_0),_1)";
const LDSM_SRC_X2: &str = "((_16,_2),_128):((_128,_0),_1)";
const LDSM_SRC_X4: &str = "(_32,_128):(_128,_1)";

/// The copy atoms cutlet knows, with CuTe 4.2's traits (layouts in bits).
///
/// ```
/// let t = cutlet_dynamic::atom_traits::copy_traits("SM75_U16x8_LDSM_T").unwrap();
/// assert_eq!(t.ref_layout, t.dst_layout);
/// ```
pub const COPY_TRAITS: &[CopyTraits] = &[
    one_thread("UniversalCopy<uint32_t>", B32),
    one_thread("UniversalCopy<uint64_t>", B64),
    one_thread("UniversalCopy<uint128_t>", B128),
    one_thread("DefaultCopy", "(_1,_1):(_0,_0)"),
    ldsm("SM75_U32x1_LDSM_N", LDSM_SRC_X1, "(_32,_32):(_32,_1)"),
    ldsm(
        "SM75_U32x2_LDSM_N",
        LDSM_SRC_X2,
        "(_32,(_32,_2)):(_32,(_1,_1024))",
    ),
    ldsm(
        "SM75_U32x4_LDSM_N",
        LDSM_SRC_X4,
        "(_32,(_32,_4)):(_32,(_1,_1024))",
    ),
    ldsm(
        "SM75_U16x2_LDSM_T",
        LDSM_SRC_X1,
        "((_4,_8),(_16,_2)):((_256,_16),(_1,_128))",
    ),
    ldsm(
        "SM75_U16x4_LDSM_T",
        LDSM_SRC_X2,
        "((_4,_8),(_16,_2,_2)):((_256,_16),(_1,_128,_1024))",
    ),
    ldsm(
        "SM75_U16x8_LDSM_T",
        LDSM_SRC_X4,
        "((_4,_8),(_16,_2,_4)):((_256,_16),(_1,_128,_1024))",
    ),
    one_thread("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", B32),
    one_thread("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", B64),
    one_thread("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", B128),
    cg_refused("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", B32),
    cg_refused("SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>", B64),
    one_thread("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", B128),
];

/// The traits row of an MMA operation, by its C++ name (whitespace ignored).
///
/// ```
/// use cutlet_dynamic::atom_traits::mma_traits;
/// assert!(mma_traits("UniversalFMA<float, float, float, float>").is_some());
/// assert!(mma_traits("SM70_8x8x4_F32F16F16F32_NT").is_none());
/// ```
pub fn mma_traits(name: &str) -> Option<&'static MmaTraits> {
    MMA_TRAITS.iter().find(|t| same_name(t.name, name))
}

/// The traits row of a copy operation, by its C++ name (whitespace ignored).
///
/// ```
/// use cutlet_dynamic::atom_traits::copy_traits;
/// assert_eq!(copy_traits("UniversalCopy<uint128_t>").unwrap().src_layout, "(_1,_128):(_0,_1)");
/// ```
pub fn copy_traits(name: &str) -> Option<&'static CopyTraits> {
    COPY_TRAITS.iter().find(|t| same_name(t.name, name))
}

/// `table == name` with the whitespace of `name` ignored (no allocation: this module
/// is part of the `no_std`, alloc-free core).
fn same_name(table: &str, name: &str) -> bool {
    table
        .chars()
        .eq(name.chars().filter(|c| !c.is_whitespace()))
}
