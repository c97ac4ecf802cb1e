//! The kernel layer on the runtime tree: atom traits and prints checked against CuTe
//! 4.2 (answers compiled with g++ against the `nvidia-cutlass` 4.2.0.0 headers), CLI
//! error handling, and properties of tiled MMAs and copies on random configurations.

use cutlet::dynamic::atom::{CopyAtom, MMA_TRAITS, MmaAtom, TensorLayout, TiledCopy, TiledMma};
use cutlet::dynamic::{Coord, DInt, DynLayout, Value, eval};
use proptest::prelude::*;

/// CuTe's `Copy_Atom<OP,T>::ValLayoutSrc/Dst` (printed by a g++-compiled program).
#[test]
fn copy_atoms_recast_to_t_as_cute_does() {
    let cases = [
        (
            "UniversalCopy<uint32_t>",
            "double",
            "(_1,_1):(_0,_1)",
            "(_1,_1):(_0,_1)",
        ),
        (
            "SM80_CP_ASYNC_CACHEALWAYS<uint32_t>",
            "float",
            "(_1,_1):(_0,_1)",
            "(_1,_1):(_0,_1)",
        ),
        (
            "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>",
            "half_t",
            "(_1,_4):(_0,_1)",
            "(_1,_4):(_0,_1)",
        ),
        (
            "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>",
            "half_t",
            "(_1,_8):(_0,_1)",
            "(_1,_8):(_0,_1)",
        ),
        (
            "SM75_U32x1_LDSM_N",
            "half_t",
            "((_8,_4),_8):((_8,_0),_1)",
            "(_32,_2):(_2,_1)",
        ),
        (
            "SM75_U32x2_LDSM_N",
            "float",
            "((_16,_2),_4):((_4,_0),_1)",
            "(_32,(_1,_2)):(_1,(_1,_32))",
        ),
        (
            "SM75_U32x4_LDSM_N",
            "half_t",
            "(_32,_8):(_8,_1)",
            "(_32,(_2,_4)):(_2,(_1,_64))",
        ),
        (
            "SM75_U16x2_LDSM_T",
            "half_t",
            "((_8,_4),_8):((_8,_0),_1)",
            "((_4,_8),(_1,_2)):((_16,_1),(_1,_8))",
        ),
        (
            "SM75_U16x4_LDSM_T",
            "half_t",
            "((_16,_2),_8):((_8,_0),_1)",
            "((_4,_8),(_1,_2,_2)):((_16,_1),(_1,_8,_64))",
        ),
        (
            "SM75_U16x8_LDSM_T",
            "half_t",
            "(_32,_8):(_8,_1)",
            "((_4,_8),(_1,_2,_4)):((_16,_1),(_1,_8,_64))",
        ),
        (
            "DefaultCopy",
            "half_t",
            "(_1,_1):(_0,_0)",
            "(_1,_1):(_0,_0)",
        ),
        (
            "UniversalCopy<uint64_t>",
            "uint8_t",
            "(_1,_8):(_0,_1)",
            "(_1,_8):(_0,_1)",
        ),
        (
            "UniversalCopy<uint128_t>",
            "float",
            "(_1,_4):(_0,_1)",
            "(_1,_4):(_0,_1)",
        ),
    ];
    for (op, t, src, dst) in cases {
        let a = CopyAtom::new(op, t).unwrap();
        assert_eq!(a.val_layout_src.to_string(), src, "{op},{t}");
        assert_eq!(a.val_layout_dst.to_string(), dst, "{op},{t}");
    }
    // CuTe: static assertion "CopyOperation is not valid for Dst of ValType".
    assert!(CopyAtom::new("SM75_U32x4_LDSM_N", "double").is_err());
    // CuTe: static assertion "cp.async sizeof(TS) is not supported" (cp.async.cg).
    assert!(CopyAtom::new("SM80_CP_ASYNC_CACHEGLOBAL<uint32_t>", "float").is_err());
    assert!(CopyAtom::new("SM80_CP_ASYNC_CACHEGLOBAL<uint64_t>", "half_t").is_err());
}

/// Every MMA atom's C layout is a bijection onto its M x N tile, and A and B layouts
/// cover their tiles (GMMA's A and B are shared by all 128 threads: stride 0).
#[test]
fn mma_atom_layouts_cover_their_tiles() {
    // SM90's warpgroup MMAs, built from their names: each kind at a few N.
    let mut gmma = Vec::new();
    for n in [8, 48, 96, 256] {
        for kind in [
            "F32F16F16_SS<GMMA::Major::MN,GMMA::Major::K>",
            "F32BF16BF16_RS<GMMA::Major::K,GMMA::Major::MN>",
            "F16F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
        ] {
            gmma.push(format!("SM90_64x{n}x16_{kind}"));
        }
        gmma.push(format!("SM90_64x{n}x8_F32TF32TF32_SS_TN"));
        gmma.push(format!("SM90_64x{n}x32_F32E4M3E5M2_RS_TN"));
        gmma.push(format!("SM90_64x{n}x32_S32U8S8_SS_TN"));
    }
    let names = MMA_TRAITS.iter().map(|t| t.name.to_string()).chain(gmma);
    for name in names {
        let t = cutlet::atom_traits::mma_traits(&name).unwrap();
        let a = MmaAtom::new(t.name).unwrap();
        let s: Vec<i64> = a.shape_mnk.leaves().iter().map(|d| d.value).collect();
        let mut c = image(&a.layout_c_tv);
        c.sort();
        assert_eq!(c, (0..s[0] * s[1]).collect::<Vec<_>>(), "{}", t.name);
        for (l, n) in [(&a.layout_a_tv, s[0] * s[2]), (&a.layout_b_tv, s[1] * s[2])] {
            let mut v = image(l);
            v.sort();
            v.dedup();
            assert_eq!(v, (0..n).collect::<Vec<_>>(), "{}", t.name);
        }
    }
}

/// CuTe's `print` of a TiledMMA, an MMA_Atom, a TiledCopy and a Copy_Atom.
#[test]
fn tiled_atoms_print_as_cute() {
    let m = eval("make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (_2,_2,_1))").unwrap();
    assert_eq!(
        m,
        "TiledMMA\n  ThrLayoutVMNK:  (_32,_2,_2,_1):(_1,_32,_64,_0)\n  PermutationMNK: (_,_,_)\n\
         MMA_Atom\n  ThrID:      _32:_1\n  Shape_MNK:  (_16,_8,_16)\n  \
         LayoutA_TV: ((_4,_8),(_2,_2,_2)):((_32,_1),(_16,_8,_128))\n  \
         LayoutB_TV: ((_4,_8),(_2,_2)):((_16,_1),(_8,_64))\n  \
         LayoutC_TV: ((_4,_8),(_2,_2)):((_32,_1),(_16,_8))"
    );
    let c = eval(
        "make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>,half_t>, (_32,_8):(_8,_1), (_1,_8))",
    )
    .unwrap();
    assert_eq!(
        c,
        "TiledCopy\n  Tiler_MN:       (_32,_64)\n  TiledLayout_TV: ((_8,_32),_8):((_256,_1),_32)\n\
         Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_8):(_0,_1)\n  \
         ValLayoutDst: (_1,_8):(_0,_1)\n  ValLayoutRef: (_1,_8):(_0,_1)\n  ValueType:    16b"
    );
}

/// Bad input is an `error:` (ill-formed), never a panic.
#[test]
fn bad_atom_expressions_are_errors() {
    for e in [
        "MMA_Atom<SM70_8x8x4_F32F16F16F32_NT>",
        "MMA_Atom<>",
        "Copy_Atom<UniversalCopy<uint128_t>>",
        "Copy_Atom<UniversalCopy<uint128_t>,quux_t>",
        "Copy_Atom<SM75_U32x4_LDSM_N,double>",
        "make_tiled_mma(_4:_1, (_2,_2,_1))",
        "make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>, (_2,_2,_1,_1))",
        "make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>, (_2,_2,_1), (32,_16,_8))",
        "make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>, (_2,_2,_1), (_1,_2,_3,_4))",
        "tile_size<3>(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>))",
        "tile_size<x>(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>))",
        "get_slice(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>), -1)",
        "get_slice(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>), (_1,_2))",
        "partition_A(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>), (_16,_8):(_1,_16))",
        "partition_A(get_slice(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>), 3), _16:_1)",
        "partition_S(get_slice(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>), 3), (_16,_8):(_1,_16))",
        "get_layoutS_TV(make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>))",
        "make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N,half_t>, (_4,_1):(_1,_0), (_1,_8))",
        "size(Copy_Atom<DefaultCopy,float>)",
        "coalesce(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>)",
    ] {
        assert!(
            eval(e).is_err(),
            "{e} should be an error, got {:?}",
            eval(e)
        );
    }
}

/// The README's SM80 mainloop partitioning, as CuTe 4.2 answers it (g++, thread 5).
#[test]
fn readme_sm80_mainloop_partitioning() {
    let m = "make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (_2,_2,_1), (_32,_32,_16))";
    let sa = "tile_to_shape(Sw<3,3,3> o _0 o (_8,_64):(_64,_1), (_128,_64))";
    let frag = format!("partition_fragment_A(get_slice({m}, 5), {sa})");
    let s2r = format!("get_slice(make_tiled_copy_A(Copy_Atom<SM75_U32x4_LDSM_N,half_t>, {m}), 5)");
    assert_eq!(
        eval(&frag).unwrap(),
        "((_2,_2,_2),_4,(_2,_2)):((_1,_2,_4),_8,(_32,_64))"
    );
    assert_eq!(
        eval(&format!("partition_S({s2r}, {sa})")).unwrap(),
        "((_8,_1),_4,(_2,_2)):((_1,_0),_2048,(16,-32))"
    );
    assert_eq!(
        eval(&format!("retile_D({s2r}, {frag})")).unwrap(),
        "((_8,_1),_4,_4):((_1,_0),_8,_32)"
    );
}

/// A bare operation name is an MMA_Atom, as in `make_tiled_mma(SM80_..._TN{}, ...)`.
#[test]
fn bare_mma_operation_names_are_atoms() {
    let a = eval("tile_size<0>(make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (_2,_2,_1)))");
    assert_eq!(a.unwrap(), "_32");
    let f = eval(
        "get_layoutC_TV(make_tiled_mma(UniversalFMA<double,double,double,double>, (_4,_8,_1)))",
    );
    assert_eq!(f.unwrap(), "(_32,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
}

/// CuTe's C TV layouts of FMA tiled MMAs, K-replicated ones included (g++ answers):
/// with threads along K the thread index runs past the M x N tile, so the bijection
/// property below holds for one atom along K.
#[test]
fn fma_c_tv_layouts_match_cute() {
    for (l, want) in [
        ("(_1,_2,_2)", "(_4,(_1,(_1,_1))):(_1,(_0,(_0,_0)))"),
        ("(_2,_2,_2)", "(_8,(_1,(_1,_1))):(_1,(_0,(_0,_0)))"),
        (
            "(_2,_2,_2):(_4,_2,_1)",
            "((_2,_2,_2),(_1,(_1,_1))):((_4,_2,_1),(_0,(_0,_0)))",
        ),
    ] {
        let e =
            format!("get_layoutC_TV(make_tiled_mma(UniversalFMA<float,float,float,float>, {l}))");
        assert_eq!(eval(&e).unwrap(), want, "{l}");
    }
}

/// All (thread, value) images of a rank-2 TV layout.
fn image(tv: &DynLayout) -> Vec<i64> {
    let (t, v) = (tv.mode(0).unwrap(), tv.mode(1).unwrap());
    let (nt, nv) = (t.size().unwrap().value, v.size().unwrap().value);
    let mut out = Vec::new();
    for i in 0..nt {
        for j in 0..nv {
            out.push(t.index(i).unwrap() + v.index(j).unwrap());
        }
    }
    out
}

fn small_layout(shape: &[i64], row_major: bool) -> DynLayout {
    let s = format!(
        "({})",
        shape
            .iter()
            .map(|x| format!("_{x}"))
            .collect::<Vec<_>>()
            .join(",")
    );
    let shape = s.parse().unwrap();
    if row_major {
        DynLayout::row_major(shape).unwrap()
    } else {
        DynLayout::col_major(shape).unwrap()
    }
}

const NON_GMMA: &[&str] = &[
    "UniversalFMA<float,float,float,float>",
    "SM80_16x8x16_F32F16F16F32_TN",
    "SM80_16x8x8_F32TF32TF32F32_TN",
    "SM80_8x8x4_F64F64F64F64_TN",
    "SM80_16x8x32_S32S8S8S32_TN",
    "SM90_64x64x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>",
    "SM90_64x128x16_F32BF16BF16_SS<GMMA::Major::K,GMMA::Major::K>",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// With one atom along K, a TiledMMA's C TV layout is a bijection from
    /// (thread, value) onto its tile (every atom's C layout is one).
    #[test]
    fn tiled_mma_c_tv_is_a_bijection_onto_the_tile(
        op in prop::sample::select(NON_GMMA),
        am in 1i64..=4, an in 1i64..=4,
        row_major in any::<bool>(),
        rm in 1i64..=2, rn in 1i64..=2,
        permute in any::<bool>(),
    ) {
        let atom = MmaAtom::new(op).unwrap();
        let al = small_layout(&[am, an, 1], row_major);
        let perm: Option<Value> = permute.then(|| {
            let s: Vec<i64> = atom.shape_mnk.leaves().iter().map(|d| d.value).collect();
            format!("(_{},_{},_)", s[0] * am * rm, s[1] * an * rn).parse().unwrap()
        });
        let m = TiledMma::new(atom, &al, perm.as_ref()).unwrap();
        let (tm, tn) = (m.tile_size_mnk(0).unwrap().value, m.tile_size_mnk(1).unwrap().value);
        let mut img = image(&m.layout_tv(2).unwrap());
        img.sort();
        prop_assert_eq!(img, (0..tm * tn).collect::<Vec<_>>());
    }

    /// The partitions of a tensor by every thread of a tiled copy cover each of its
    /// elements exactly once.
    #[test]
    fn tiled_copy_partitions_cover_the_tensor_once(
        atom in prop::sample::select(&[
            ("UniversalCopy<uint32_t>", "float", 1i64),
            ("DefaultCopy", "float", 1),
            ("UniversalCopy<uint128_t>", "half_t", 8),
            ("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", "half_t", 4),
        ][..]),
        tm in 1i64..=8, tn in 1i64..=8, thr_rows in any::<bool>(),
        vm in 1i64..=4, vrow in any::<bool>(),
        rm in 1i64..=2, rn in 1i64..=2, tensor_rows in any::<bool>(),
        dst in any::<bool>(),
    ) {
        let (op, t, vec) = atom;
        let a = CopyAtom::new(op, t).unwrap();
        let thr = small_layout(&[tm, tn], thr_rows);
        let val = if vrow { small_layout(&[vm, vec], true) } else { small_layout(&[vec * vm, 1], false) };
        let c = TiledCopy::make_tiled_copy(a, &thr, &val).unwrap();
        let (m, n) = (c.tile_size(0).unwrap().value, c.tile_size(1).unwrap().value);
        let l = small_layout(&[m * rm, n * rn], tensor_rows);
        let frg = c.tidfrg(&TensorLayout::plain(l.clone(), 32), dst).unwrap();
        let frg = frg.domain().unwrap().clone();
        let mut hits = vec![0u32; (m * rm * n * rn) as usize];
        for thread in 0..tm * tn {
            let (part, off) = frg
                .slice(&Coord::Tuple(vec![
                    Coord::Int(DInt::dynamic(thread)),
                    Coord::Under,
                    Coord::Tuple(vec![Coord::Under, Coord::Under]),
                ]))
                .unwrap();
            for i in 0..part.size().unwrap().value {
                hits[(off.value + part.index(i).unwrap()) as usize] += 1;
            }
        }
        prop_assert!(hits.iter().all(|&h| h == 1), "{:?}", hits);
    }

    /// The partitions of C by every thread of a tiled MMA (one atom along K) cover
    /// each element once; those of A cover each element once per thread along N (A is
    /// replicated across N), those of B once per thread along M.
    #[test]
    fn tiled_mma_partitions_cover_as_the_atoms_replicate(
        op in prop::sample::select(&NON_GMMA[..5]),
        am in 1i64..=2, an in 1i64..=2, row_major in any::<bool>(),
        rm in 1i64..=2, rn in 1i64..=2, rk in 1i64..=2,
    ) {
        let atom = MmaAtom::new(op).unwrap();
        let m = TiledMma::new(atom, &small_layout(&[am, an, 1], row_major), None).unwrap();
        let ts: Vec<i64> = (0..3).map(|i| m.tile_size_mnk(i).unwrap().value).collect();
        let threads = m.thr_layout_vmnk.size().unwrap().value;
        for (which, rows, cols, times) in [
            (2usize, ts[0] * rm, ts[1] * rn, 1u32),
            (0, ts[0] * rm, ts[2] * rk, an as u32),
            (1, ts[1] * rn, ts[2] * rk, am as u32),
        ] {
            let l = small_layout(&[rows, cols], false);
            let frg = m.thrfrg(which, &TensorLayout::plain(l, 32)).unwrap();
            let frg = frg.domain().unwrap().clone();
            let rest = frg.shape().get(1).unwrap().get(1).unwrap().rank();
            let (i, j) = [(0, 2), (1, 2), (0, 1)][which];
            let mut hits = vec![0u32; (rows * cols) as usize];
            for t in 0..threads {
                let c = m.get_slice(DInt::dynamic(t)).unwrap().thr_vmnk;
                let coord = Coord::Tuple(vec![
                    Coord::Tuple(vec![
                        Coord::Int(c[0]),
                        Coord::Tuple(vec![Coord::Int(c[i + 1]), Coord::Int(c[j + 1])]),
                    ]),
                    Coord::Tuple(vec![Coord::Under, Coord::Tuple(vec![Coord::Under; rest])]),
                ]);
                let (part, off) = frg.slice(&coord).unwrap();
                for k in 0..part.size().unwrap().value {
                    hits[(off.value + part.index(k).unwrap()) as usize] += 1;
                }
            }
            prop_assert!(hits.iter().all(|&h| h == times), "operand {} hits {:?}", which, hits);
        }
    }
}

fn cutlet(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_cutlet"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    if let Some(s) = stdin {
        child.stdin.take().unwrap().write_all(s.as_bytes()).unwrap();
    }
    drop(child.stdin.take());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The CLI: a TiledMMA evaluates to CuTe's several-line print alone, an error line in a
/// batch (which answers one line per input line); `show --latex/--svg` errors are
/// `error:` lines, and a flag without an expression is a usage error.
#[test]
fn cli_atoms_and_pictures() {
    let m = "make_tiled_mma(MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>)";
    let (code, out, _) = cutlet(&["eval", m], None);
    assert_eq!(code, 0);
    assert!(out.starts_with("TiledMMA\n  ThrLayoutVMNK:  (_32,_1,_1,_1):(_1,_0,_0,_0)\n"));
    let batch = format!("tile_size<0>({m})\n{m}\nMMA_Atom<NOPE>\n");
    let (code, out, _) = cutlet(&["eval", "-"], Some(&batch));
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "_16");
    assert!(lines[1].starts_with("error: ") && lines[2].starts_with("error: "));
    let (code, _, err) = cutlet(&["show", "--svg", "Copy_Atom<DefaultCopy,float>"], None);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: "));
    let (code, _, err) = cutlet(&["show", "--pdf", "_4:_1"], None);
    assert_eq!(code, 1);
    assert!(err.contains("--latex, --svg or --banks"));
    let (code, _, _) = cutlet(&["show", "--latex"], None);
    assert_eq!(code, 2);
    // The banks of a thread-value layout, each access `bits` wide; bad widths are errors.
    let (code, out, _) = cutlet(&["show", "--banks", "(_32,_2):(_64,_1)", "64"], None);
    assert_eq!(code, 0);
    assert!(
        out.contains("access 0: 16-way, 32 wavefronts (2 without conflicts)"),
        "{out}"
    );
    for bits in ["24", "x"] {
        let (code, _, err) = cutlet(&["show", "--banks", "(_32,_2):(_64,_1)", bits], None);
        assert_eq!(code, 1);
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{err}"
        );
    }
    let (code, out, _) = cutlet(&["show", "--svg", "(_2,_2):(_1,_2)"], None);
    assert_eq!(code, 0);
    assert!(out.starts_with("<!--  Layout: (_2,_2):(_1,_2)  -->"));
}
