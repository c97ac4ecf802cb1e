//! CuTe's answers for the kernel oracle through the CLI evaluator: all 1500 cases
//! (swizzles, composed layouts, `tile_to_shape`, `upcast`/`downcast`/`recast_layout`,
//! `nullspace`, `domain_distribute`, the algebra on composed layouts, and the atoms,
//! tiled MMAs and copies, their TV layouts, tile sizes and thread partitions), plus the
//! 768 layout cases on their own. Well-formed cases print exactly CuTe's output,
//! `ILL-FORMED` and `RUNTIME-ERROR` ones are errors of that kind.

use cutlet::dynamic::{Error, Value, eval};

const CASES: &str = include_str!("data/cute_kernel_layout_cases.jsonl");
/// All 1500 cases of the kernel oracle: the layout cases above plus atoms, tiled
/// MMAs and copies, and thread partitions.
const ALL_CASES: &str = include_str!("data/cute_kernel_cases.jsonl");

/// `(expr, expect)` pairs of a JSON-lines oracle file (flat objects of two strings).
fn cases(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let field = |key: &str| {
                let start = l.find(&format!("\"{key}\": \"")).expect("field") + key.len() + 5;
                let end = start + l[start..].find('"').expect("closing quote");
                l[start..end].to_string()
            };
            (field("expr"), field("expect"))
        })
        .collect()
}

fn agree(expr: &str, expect: &str) -> Option<String> {
    let got = eval(expr);
    let ok = match (expect, &got) {
        ("ILL-FORMED", Err(Error::IllFormed(_))) => true,
        ("RUNTIME-ERROR", Err(Error::Runtime(_))) => true,
        (e, Ok(g)) => e == g,
        _ => false,
    };
    (!ok).then(|| format!("{expr}\n   expect {expect}\n   got    {got:?}"))
}

/// Every case of the kernel oracle, the atom and partition cases included.
#[test]
fn kernel_cases_agree_with_cute() {
    let all = cases(ALL_CASES);
    let failures: Vec<String> = all.iter().filter_map(|(e, x)| agree(e, x)).collect();
    if let Ok(path) = std::env::var("CUTLET_ORACLE_FAILURES") {
        std::fs::write(path, failures.join("\n")).unwrap();
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree with CuTe:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    assert_eq!(all.len(), 1500);
}

/// Atoms the oracle does not exercise (`U32x1/x2_LDSM_N`, `U16x2/x4_LDSM_T`, GMMA
/// 64x256 F16 and 64x64 BF16 with a 64-byte swizzle, `UniversalFMA<double,...>`,
/// 64-bit `cp.async` and `UniversalCopy`, the refused 8-byte `cp.async.cg`), answered
/// by a g++-compiled CuTe 4.2 program.
#[test]
fn extra_atom_cases_agree_with_cute() {
    let all = cases(include_str!("data/cute_kernel_extra_cases.jsonl"));
    let failures: Vec<String> = all.iter().filter_map(|(e, x)| agree(e, x)).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(all.len(), 19);
}

#[test]
fn kernel_layout_cases_agree_with_cute() {
    let all = cases(CASES);
    let failures: Vec<String> = all.iter().filter_map(|(e, x)| agree(e, x)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree with CuTe:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    assert!(all.len() >= 700, "only {} cases", all.len());
}

/// The results that do not read back through the parser and print the same.
fn round_trip_failures(all: &[(String, String)]) -> Vec<String> {
    all.iter()
        .filter(|(_, expect)| expect != "ILL-FORMED" && expect != "RUNTIME-ERROR")
        .filter_map(|(_, expect)| match expect.parse::<Value>() {
            Ok(v) if v.to_string() == *expect => None,
            got => Some(format!("{expect} -> {got:?}")),
        })
        .collect()
}

/// Every result CuTe printed (composed layouts and tuples of them included) reads back
/// through the parser and prints the same.
#[test]
fn kernel_layout_results_round_trip() {
    let failures = round_trip_failures(&cases(CASES));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `cutlet show` draws composed layouts as CuTe's `print_layout` does; a shared-memory
/// atom (`GMMA::Layout_K_SW64_Atom<half_t>`) is drawn in its position-independent
/// form. The expected text is CuTe's output for the three layouts below.
#[test]
fn show_prints_cute_print_layout_of_composed_layouts() {
    let exprs = [
        "Sw<2,4,3> o smem_ptr[16b](unset) o (_8,_32):(_32,_1)",
        "Sw<2,1,3> o _0 o (_4,_8):(_8,_1)",
        "Sw<2,1,3> o 16 o (_4,_8):(_8,_1)",
    ];
    let mut got = String::new();
    for e in exprs {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_cutlet"))
            .args(["show", e])
            .output()
            .expect("run cutlet");
        assert!(out.status.success(), "{e}: {out:?}");
        got.push_str(&String::from_utf8(out.stdout).unwrap());
    }
    assert_eq!(got, include_str!("data/cute_print_layout_composed.txt"));
}

/// Composed layouts composed with composed layouts, which nest to the right: CuTe's own
/// unit tests (composition.cpp's swizzle case, the left and right inverses of
/// inverse_left.cpp and inverse_right.cpp's swizzle layouts composed back and
/// coalesced) and `composition(Swizzle, Swizzle)`, answered by a g++-compiled CuTe 4.2
/// program. Each result also reads back through the parser.
#[test]
fn nested_composed_cases_agree_with_cute() {
    let all = cases(include_str!("data/cute_nested_composed_cases.jsonl"));
    let mut failures: Vec<String> = all.iter().filter_map(|(e, x)| agree(e, x)).collect();
    failures.extend(round_trip_failures(&all));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(all.len(), 30);
}

/// SM90's warpgroup MMAs beyond the kernel oracle's two, answered by g++-compiled CuTe
/// 4.2 programs (every kind: 16-bit `_SS` at the four pairs of majors and `_RS`, TF32,
/// FP8 with f32 and f16 accumulators, 8-bit integers; N = 8, 24, 96, 256, and 40 for the
/// tile sizes): the TV layouts of one atom and of two along M, their tile sizes, and the
/// `_RS` atoms with an MN-major A, which CuTe refuses.
#[test]
fn gmma_cases_agree_with_cute() {
    let all = cases(include_str!("data/cute_gmma_cases.jsonl"));
    let failures: Vec<String> = all.iter().filter_map(|(e, x)| agree(e, x)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases disagree with CuTe:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    assert_eq!(all.len(), 1608);
}

/// Every one of CuTe 4.2's 1440 SM90 warpgroup MMAs (its `MMA_Traits`, printed by a
/// g++-compiled CuTe program): the traits `mma_traits` builds from the name.
#[test]
fn every_gmma_traits_row_agrees_with_cute() {
    let text = include_str!("data/cute_gmma_traits.jsonl");
    let field = |l: &str, key: &str| -> String {
        let start = l.find(&format!("\"{key}\": \"")).expect("field") + key.len() + 5;
        l[start..start + l[start..].find('"').expect("quote")].to_string()
    };
    let mut n = 0;
    for l in text.lines().filter(|l| !l.trim().is_empty()) {
        let atom = field(l, "atom");
        let op = &atom["MMA_Atom<".len()..atom.len() - 1];
        let t = cutlet::atom_traits::mma_traits(op).unwrap_or_else(|| panic!("{op}: unknown"));
        let got = [
            t.thr_id,
            t.shape_mnk,
            t.a_layout,
            t.b_layout,
            t.c_layout,
            t.val_type_a,
            t.val_type_b,
            t.val_type_c,
            t.val_type_d,
        ];
        let want = [
            "ThrID",
            "Shape_MNK",
            "ALayout",
            "BLayout",
            "CLayout",
            "ValTypeA",
            "ValTypeB",
            "ValTypeC",
            "ValTypeD",
        ]
        .map(|k| field(l, k));
        assert_eq!(got.map(str::to_string), want, "{op}");
        n += 1;
    }
    assert_eq!(n, 1440);
}
