//! CuTe 4.2's `print_latex` and `print_svg`, byte for byte, for every drawing in
//! `tests/data/cute_pictures/` (`NAME.expr` -> `NAME.tex`, `NAME.svg`), through the
//! library and through `cutlet show --latex/--svg`.

use cutlet::dynamic::picture::{print_latex, print_svg};
use cutlet::dynamic::{eval_expr, parse_expr};
use std::path::Path;

fn pictures() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cute_pictures");
    let mut v: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            (p.extension()? == "expr").then(|| {
                let name = p.file_stem().unwrap().to_string_lossy().into_owned();
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
        .join("tests/data/cute_pictures")
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
    assert_eq!(checked, 15, "12 tex and 3 svg pictures");
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
