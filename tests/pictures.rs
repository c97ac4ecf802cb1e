//! CuTe 4.2's `print_latex` and `print_svg`, byte for byte, for every drawing in
//! `tests/data/cute_pictures/` (the oracle's, `NAME.expr` -> `NAME.tex`, `NAME.svg`) and
//! `tests/data/cute_pictures_extra/` (more cases drawn by a g++-compiled CuTe 4.2
//! program: rank-1, dynamic and offset composed layouts, an LDSM_T copy, a permuted
//! TF32 MMA's SVG, a bare MMA_Atom), through the library and `cutlet show --latex/--svg`.

use cutlet::dynamic::picture::{print_latex, print_svg};
use cutlet::dynamic::{eval_expr, parse_expr};
use std::path::Path;

const DIRS: [&str; 2] = ["cute_pictures", "cute_pictures_extra"];

fn pictures() -> Vec<(String, String)> {
    DIRS.iter().flat_map(|d| pictures_in(d)).collect()
}

fn pictures_in(sub: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(sub);
    let mut v: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "expr").then(|| {
                let name = format!("{sub}/{}", p.file_stem().unwrap().to_string_lossy());
                (
                    name,
                    std::fs::read_to_string(&p).unwrap().trim().to_string(),
                )
            })
        })
        .collect();
    v.sort();
    v
}

fn expected(name: &str, ext: &str) -> Option<String> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("{name}.{ext}"));
    std::fs::read_to_string(p).ok()
}

#[test]
fn pictures_are_byte_identical_to_cute() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (name, expr) in pictures() {
        let v = eval_expr(&parse_expr(&expr).unwrap()).unwrap();
        for (ext, got) in [("tex", print_latex(&v)), ("svg", print_svg(&v))] {
            let Some(want) = expected(&name, ext) else {
                continue;
            };
            checked += 1;
            let got = got.unwrap();
            if got != want {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0);
                failures.push(format!(
                    "{name}.{ext}: first difference at line {}:\n  got  {:?}\n  want {:?}",
                    line + 1,
                    got.lines().nth(line),
                    want.lines().nth(line)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(checked, 22, "the oracle's 12 tex and 3 svg, and 7 more");
}

#[test]
fn cli_show_draws_the_same_pictures() {
    for (name, expr) in pictures() {
        for (flag, ext) in [("--latex", "tex"), ("--svg", "svg")] {
            let Some(want) = expected(&name, ext) else {
                continue;
            };
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_cutlet"))
                .args(["show", flag, &expr])
                .output()
                .unwrap();
            assert!(out.status.success(), "{name} {flag}: {out:?}");
            assert_eq!(String::from_utf8(out.stdout).unwrap(), want, "{name}.{ext}");
        }
    }
}

/// CuTe 4.2 has no SVG of a layout or a TiledCopy; cutlet draws them in the style of
/// its TiledMMA SVGs.
#[test]
fn svg_beyond_cute_layouts_and_copies() {
    let l = eval_expr(&parse_expr("(_2,_3):(_3,_1)").unwrap()).unwrap();
    let svg = print_svg(&l).unwrap();
    assert!(svg.starts_with("<!--  Layout: (_2,_3):(_3,_1)  -->\n<svg "));
    assert_eq!(svg.matches("<rect ").count(), 6);
    let c = eval_expr(
        &parse_expr("make_tiled_copy(Copy_Atom<UniversalCopy<uint32_t>,float>, (_4,_8):(_8,_1), (_2,_1):(_1,_0))")
            .unwrap(),
    )
    .unwrap();
    let svg = print_svg(&c).unwrap();
    // Source and destination tiles of 8 x 8 cells each.
    assert_eq!(svg.matches("<rect ").count(), 128);
    assert!(svg.contains("fill=\"rgb(175,175,255)\""));
}
