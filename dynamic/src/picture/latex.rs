//! CuTe's `print_latex`: TikZ pictures of layouts, TiledMMAs and TiledCopys.

use super::super::error::Result;
use super::super::value::Value;
use super::tv::{Drawing, TvCells, drawing};
use alloc::string::String;
use core::fmt::Write;

const BW: [&str; 8] = [
    "black!00", "black!40", "black!20", "black!60", "black!10", "black!50", "black!30", "black!70",
];

const TV: [&str; 8] = [
    "{rgb,255:red,175;green,175;blue,255}",
    "{rgb,255:red,175;green,255;blue,175}",
    "{rgb,255:red,255;green,255;blue,175}",
    "{rgb,255:red,255;green,175;blue,175}",
    "{rgb,255:red,210;green,210;blue,255}",
    "{rgb,255:red,210;green,255;blue,210}",
    "{rgb,255:red,255;green,255;blue,210}",
    "{rgb,255:red,255;green,210;blue,210}",
];

const BEGIN: &str = "\\documentclass[convert]{standalone}\n\\usepackage{tikz}\n\n\\begin{document}\n\\begin{tikzpicture}[x={(0cm,-1cm)},y={(1cm,0cm)},every node/.style={minimum size=1cm, outer sep=0pt}]\n\n";
const END: &str = "\\end{tikzpicture}\n\\end{document}\n";

fn label(o: &mut String, x: i64, y: i64, v: i64) {
    let _ = writeln!(o, "\\node at ({x},{y}) {{\\Large{{\\texttt{{{v}}}}}}};");
}

fn grid(o: &mut String, x0: i64, y0: i64, x1: i64, y1: i64) {
    let _ = writeln!(
        o,
        "\\draw[color=black,thick,shift={{(-0.5,-0.5)}}] ({x0},{y0}) grid ({x1},{y1});\n"
    );
}

/// Cells of a TV picture, each placed by `at(row, col)`.
fn tv_nodes(o: &mut String, t: &TvCells, at: &dyn Fn(i64, i64) -> (i64, i64)) {
    for &(r, c, tid, vid) in &t.cells {
        let (x, y) = at(r, c);
        let _ = writeln!(
            o,
            "\\node[fill={}] at ({x},{y}) {{\\shortstack{{T{tid} \\\\ V{vid}}}}};",
            TV[tid.rem_euclid(8) as usize]
        );
    }
}

/// CuTe's `print_latex(x)` of a layout, composed layout, `MMA_Atom`, `TiledMMA` or
/// `TiledCopy`.
///
/// ```
/// use cutlet_dynamic::{eval_expr, parse_expr, picture::print_latex};
/// let m = eval_expr(&parse_expr("make_tiled_mma(MMA_Atom<SM80_8x8x4_F64F64F64F64_TN>)").unwrap()).unwrap();
/// let tex = print_latex(&m).unwrap();
/// assert!(tex.starts_with("% LayoutC: ArithTuple(_0,_0) o "));
/// assert!(print_latex(&"_4".parse().unwrap()).is_err());
/// ```
pub fn print_latex(v: &Value) -> Result<String> {
    let mut o = String::new();
    match drawing(v)? {
        Drawing::Layout(g) => {
            let _ = writeln!(o, "% Layout: {}", g.header);
            o.push_str(BEGIN);
            for m in 0..g.m {
                for n in 0..g.n {
                    let idx = g.idx[(m * g.n + n) as usize];
                    let _ = writeln!(
                        o,
                        "\\node[fill={}] at ({m},{n}) {{{idx}}};",
                        BW[idx.rem_euclid(8) as usize]
                    );
                }
            }
            grid(&mut o, 0, 0, g.m, g.n);
            for m in 0..g.m {
                label(&mut o, m, -1, m);
            }
            for n in 0..g.n {
                label(&mut o, -1, n, n);
            }
        }
        Drawing::Mma {
            mnk: (m, n, k),
            c,
            a,
            b,
            ..
        } => {
            let _ = writeln!(o, "% LayoutC: {}", c.header);
            let _ = writeln!(o, "% LayoutA: {}", a.header);
            let _ = writeln!(o, "% LayoutB: {}", b.header);
            o.push_str(BEGIN);
            tv_nodes(&mut o, &c, &|r, c| (r, c));
            grid(&mut o, 0, 0, m, n);
            tv_nodes(&mut o, &a, &|r, c| (r, c - k - 1));
            grid(&mut o, 0, -k - 1, m, -1);
            for i in 0..m {
                label(&mut o, i, -1 - k - 1, i);
            }
            for i in 0..k {
                label(&mut o, -1, i - k - 1, i);
            }
            tv_nodes(&mut o, &b, &|r, c| (c - k - 1, r));
            grid(&mut o, -k - 1, 0, -1, n);
            for i in 0..n {
                label(&mut o, -1 - k - 1, i, i);
            }
            for i in 0..k {
                label(&mut o, i - k - 1, -1, i);
            }
        }
        Drawing::Copy { mn: (m, n), s, d } => {
            let _ = writeln!(o, "% Layout S TV: {}", s.header);
            let _ = writeln!(o, "% Layout D TV: {}", d.header);
            o.push_str(BEGIN);
            tv_nodes(&mut o, &s, &|r, c| (r, c));
            grid(&mut o, 0, 0, m, n);
            for i in 0..m {
                label(&mut o, i, -1, i);
            }
            for i in 0..n {
                label(&mut o, -1, i, i);
            }
            tv_nodes(&mut o, &d, &|r, c| (r, c + n + 3));
            grid(&mut o, 0, n + 3, m, n + n + 3);
            for i in 0..m {
                label(&mut o, i, n + n + 3, i);
            }
            for i in 0..n {
                label(&mut o, -1, i + n + 3, i);
            }
        }
    }
    o.push_str(END);
    Ok(o)
}
