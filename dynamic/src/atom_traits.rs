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

/// The MMA atoms of CuTe 4.2 other than SM90's warpgroup MMAs, with their traits
/// ([`mma_traits`] builds those from their names).
///
/// ```
/// let n = cutlet_dynamic::atom_traits::MMA_TRAITS.iter().filter(|t| t.name.starts_with("SM80")).count();
/// assert_eq!(n, 6);
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
    MMA_TRAITS
        .iter()
        .find(|t| same_name(t.name, name))
        .or_else(|| gmma_traits(name))
}

/// The traits of an SM90 warpgroup MMA (`mma_traits_sm90_gmma.hpp`) by its CuTe name,
/// built from the name as CuTe builds them from its parameters: every N CuTe 4.2 has
/// (8 to 256 in steps of 8; the integer kinds only N = 8, 16, 24, 32 and the multiples of
/// 16 above), every kind (16-bit, TF32, FP8, 8-bit integer; A in shared memory `_SS` or
/// registers `_RS`), the majors as template arguments where CuTe takes them (`_RS`: A
/// K-major only). Each distinct name is built once and kept.
///
/// ```
/// use cutlet_dynamic::atom_traits::mma_traits;
/// let t = mma_traits("SM90_64x96x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::MN>").unwrap();
/// assert_eq!(t.c_layout, "((_4,_8,_4),(_2,_2,_12)):((_128,_1,_16),(_64,_8,_512))");
/// assert_eq!(t.frg_type_b, Some("GMMA::smem_desc<GMMA::Major::MN>"));
/// let f = mma_traits("SM90_64x40x32_F32E4M3E5M2_RS_TN").unwrap();
/// assert_eq!((f.val_type_b, f.shape_mnk), ("float_e5m2_t", "(_64,_40,_32)"));
/// assert!(mma_traits("SM90_64x40x32_S32S8S8_SS_TN").is_none()); // no such N for s8
/// assert!(mma_traits("SM90_64x64x16_F32F16F16_RS<GMMA::Major::MN,GMMA::Major::K>").is_none());
/// ```
fn gmma_traits(name: &str) -> Option<&'static MmaTraits> {
    use std::sync::{Mutex, OnceLock};
    static BUILT: OnceLock<Mutex<Vec<&'static MmaTraits>>> = OnceLock::new();
    let name: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    let mut built = BUILT
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(t) = built.iter().find(|t| t.name == name) {
        return Some(t);
    }
    let t: &'static MmaTraits = Box::leak(Box::new(gmma_build(&name)?));
    built.push(t);
    Some(t)
}

/// [`gmma_traits`]'s row for a name without whitespace.
fn gmma_build(name: &str) -> Option<MmaTraits> {
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    let (op, args) = match name.split_once('<') {
        Some((op, rest)) => (op, Some(rest.strip_suffix('>')?)),
        None => (name, None),
    };
    let rest = op.strip_prefix("SM90_64x")?;
    let (n, rest) = rest.split_once('x')?;
    let (k, kind) = rest.split_once('_')?;
    let (n, k): (usize, usize) = (n.parse().ok()?, k.parse().ok()?);
    let (types, rest) = kind.split_once('_')?;
    let (regs_a, tn) = match rest {
        "SS" => (false, false),
        "RS" => (true, false),
        "SS_TN" | "SS_TN_SATURATE" => (false, true),
        "RS_TN" | "RS_TN_SATURATE" => (true, true),
        _ => return None,
    };
    // The accumulator, A and B element names and the kind's K.
    let elem = |s: &str| -> Option<(&'static str, usize)> {
        Some(match s {
            "F32" => ("float", 0),
            "F16" => ("half_t", 16),
            "BF16" => ("bfloat16_t", 16),
            "TF32" => ("tfloat32_t", 8),
            "E4M3" => ("float_e4m3_t", 32),
            "E5M2" => ("float_e5m2_t", 32),
            "S32" => ("int32_t", 0),
            "S8" => ("int8_t", 32),
            "U8" => ("uint8_t", 32),
            _ => return None,
        })
    };
    let (c, rest) = ["F32", "F16", "S32"]
        .iter()
        .find_map(|c| types.strip_prefix(c).map(|r| (*c, r)))?;
    let (a, b) = ["BF16", "F16", "TF32", "E4M3", "E5M2", "S8", "U8"]
        .iter()
        .find_map(|a| rest.strip_prefix(a).map(|r| (*a, r)))?;
    let ((c, _), (a, ka), (b, kb)) = (elem(c)?, elem(a)?, elem(b)?);
    let int = c == "int32_t";
    // 16-bit kinds take majors; the others are CuTe's `_TN` (and the 16-bit ones are not).
    let sixteen = ka == 16;
    let saturate = rest.ends_with("SATURATE");
    let valid_n = if int {
        n <= 32 && n % 8 == 0 || n % 16 == 0 && (48..=256).contains(&n)
    } else {
        (8..=256).contains(&n) && n % 8 == 0
    };
    let ints = ka == 32 && a.contains("int");
    let kinds_agree = match (c, ka) {
        // bf16 and tf32 accumulate in f32 only; 16-bit A and B are one type.
        (_, 16) => a == b && (c == "float" || a == "half_t"),
        (_, 8) => c == "float",
        _ => int == ints && ints == b.contains("int"),
    };
    if ka != kb || k != ka || !valid_n || sixteen == tn || saturate && !int || !kinds_agree {
        return None;
    }
    let (major_a, major_b) = match (sixteen, args) {
        (false, None) => ("K", "K"),
        (true, Some(args)) => {
            let (x, y) = args.split_once(',')?;
            let major = |m: &str| match m {
                "GMMA::Major::K" => Some("K"),
                "GMMA::Major::MN" => Some("MN"),
                _ => None,
            };
            (major(x)?, major(y)?)
        }
        _ => return None,
    };
    if regs_a && major_a != "K" {
        // CuTe: "Register source operand A must have K major layout."
        return None;
    }
    let desc = |m: &str| Some(leak(format!("GMMA::smem_desc<GMMA::Major::{m}>")));
    let a_layout = if !regs_a {
        format!("(_128,(_64,_{k})):(_0,(_1,_64))")
    } else {
        match k {
            8 => "((_4,_8,_4),(_2,_2)):((_64,_1,_16),(_8,_256))".into(),
            16 => "((_4,_8,_4),(_2,_2,_2)):((_128,_1,_16),(_64,_8,_512))".into(),
            _ => "((_4,_8,_4),(_4,_2,_2)):((_256,_1,_16),(_64,_8,_1024))".into(),
        }
    };
    Some(MmaTraits {
        name: leak(name.into()),
        val_type_d: c,
        val_type_a: a,
        val_type_b: b,
        val_type_c: c,
        frg_type_a: if regs_a { None } else { desc(major_a) },
        frg_type_b: desc(major_b),
        shape_mnk: leak(format!("(_64,_{n},_{k})")),
        thr_id: "_128:_1",
        a_layout: leak(a_layout),
        b_layout: leak(format!("(_128,(_{n},_{k})):(_0,(_1,_{n}))")),
        c_layout: leak(format!(
            "((_4,_8,_4),(_2,_2,_{})):((_128,_1,_16),(_64,_8,_512))",
            n / 8
        )),
    })
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

/// `table == name` with the whitespace of `name` ignored (no allocation).
fn same_name(table: &str, name: &str) -> bool {
    table
        .chars()
        .eq(name.chars().filter(|c| !c.is_whitespace()))
}
