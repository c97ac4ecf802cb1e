//! CuTe's `print_svg` of TiledMMAs (byte for byte), and SVGs in the same style of the
//! layouts and TiledCopys that CuTe 4.2 does not draw as SVG.

use super::super::error::Result;
use super::super::value::Value;
use super::tv::{Drawing, TvCells, drawing};
use alloc::string::String;
use core::fmt::Write;

const CELL: i64 = 20;

const TV: [&str; 8] = [
    "175,175,255",
    "175,255,175",
    "255,255,175",
    "255,175,175",
    "210,210,255",
    "210,255,210",
    "255,255,210",
    "255,210,210",
];

const BW: [&str; 8] = [
    "255,255,255",
    "230,230,230",
    "205,205,205",
    "180,180,180",
    "155,155,155",
    "130,130,130",
    "105,105,105",
    "080,080,080",
];

fn header(o: &mut String, w: i64, h: i64) {
    let _ = writeln!(
        o,
        "<svg width=\"100%\" height=\"100%\" viewBox=\"0 0 {w} {h}\" preserveAspectRatio=\"xMidYMid meet\" xmlns=\"http://www.w3.org/2000/svg\">"
    );
}

fn text(o: &mut String, x: i64, y: i64, size: i64, s: &str) {
    let _ = writeln!(
        o,
        "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\" alignment-baseline=\"central\" font-size=\"{size}\">{s}</text>"
    );
}

/// One thread-value cell; CuTe writes C's rectangles without the space before `/>`.
fn tv_cell(o: &mut String, x: i64, y: i64, color: &str, tid: i64, vid: i64, space: bool) {
    let sp = if space { " " } else { "" };
    let _ = writeln!(
        o,
        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({color})\" stroke=\"black\"{sp}/>"
    );
    text(o, x + CELL / 2, y + CELL / 4, 8, &alloc::format!("T{tid}"));
    text(
        o,
        x + CELL / 2,
        y + 3 * CELL / 4,
        8,
        &alloc::format!("V{vid}"),
    );
}

fn tv_cells(o: &mut String, t: &TvCells, space: bool, at: &dyn Fn(i64, i64) -> (i64, i64)) {
    for &(r, c, tid, vid) in &t.cells {
        let (x, y) = at(r, c);
        tv_cell(o, x, y, TV[tid.rem_euclid(8) as usize], tid, vid, space);
    }
}

fn label(o: &mut String, x: i64, y: i64, v: i64) {
    text(o, x + CELL / 2, y + CELL / 2, 12, &alloc::format!("{v}"));
}

/// CuTe's `print_svg` of an `MMA_Atom` or a `TiledMMA`; cutlet's SVG of a layout,
/// a composed layout or a `TiledCopy` in the same style.
///
/// ```
/// use cutlet_dynamic::{eval_expr, parse_expr, picture::print_svg};
/// let m = eval_expr(&parse_expr("MMA_Atom<SM80_16x8x8_F32F16F16F32_TN>").unwrap()).unwrap();
/// let svg = print_svg(&m).unwrap();
/// assert!(svg.starts_with("<!--  Tile: (_16,_8,_8)  -->\n"));
/// assert!(svg.ends_with("</svg>\n"));
/// let l = print_svg(&"(_2,_4):(_4,_1)".parse().unwrap()).unwrap();
/// assert!(l.contains(">5</text>"));
/// ```
pub fn print_svg(v: &Value) -> Result<String> {
    let mut o = String::new();
    match drawing(v)? {
        Drawing::Mma {
            tile,
            mnk: (m, n, k),
            c,
            a,
            b,
        } => {
            let _ = writeln!(o, "<!--  Tile: {tile}  -->");
            let _ = writeln!(o, "<!--     A: {}  -->", a.header);
            let _ = writeln!(o, "<!--     B: {}  -->", b.header);
            let _ = writeln!(o, "<!--     C: {}  -->", c.header);
            header(&mut o, (k + n + 2) * CELL, (k + m + 2) * CELL);
            tv_cells(&mut o, &c, false, &|r, cc| {
                ((cc + k + 2) * CELL, (r + k + 2) * CELL)
            });
            tv_cells(&mut o, &a, true, &|r, cc| {
                ((cc + 1) * CELL, (r + k + 2) * CELL)
            });
            for i in 0..m {
                label(&mut o, 0, (i + k + 2) * CELL, i);
            }
            for i in 0..k {
                label(&mut o, (i + 1) * CELL, (k + 1) * CELL, i);
            }
            tv_cells(&mut o, &b, true, &|r, cc| {
                ((r + k + 2) * CELL, (cc + 1) * CELL)
            });
            for i in 0..n {
                label(&mut o, (i + k + 2) * CELL, 0, i);
            }
            for i in 0..k {
                label(&mut o, (k + 1) * CELL, (i + 1) * CELL, i);
            }
        }
        Drawing::Layout(g) => {
            let _ = writeln!(o, "<!--  Layout: {}  -->", g.header);
            header(&mut o, (g.n + 1) * CELL, (g.m + 1) * CELL);
            for i in 0..g.m {
                for j in 0..g.n {
                    let idx = g.idx[(i * g.n + j) as usize];
                    let (x, y) = ((j + 1) * CELL, (i + 1) * CELL);
                    let _ = writeln!(
                        o,
                        "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({})\" stroke=\"black\"/>",
                        BW[idx.rem_euclid(8) as usize]
                    );
                    text(
                        &mut o,
                        x + CELL / 2,
                        y + CELL / 2,
                        8,
                        &alloc::format!("{idx}"),
                    );
                }
            }
            for i in 0..g.m {
                label(&mut o, 0, (i + 1) * CELL, i);
            }
            for j in 0..g.n {
                label(&mut o, (j + 1) * CELL, 0, j);
            }
        }
        Drawing::Copy { mn: (m, n), s, d } => {
            let _ = writeln!(o, "<!--  Tile: ({m},{n})  -->");
            let _ = writeln!(o, "<!--     S: {}  -->", s.header);
            let _ = writeln!(o, "<!--     D: {}  -->", d.header);
            header(&mut o, (2 * n + 3) * CELL, (m + 1) * CELL);
            tv_cells(&mut o, &s, false, &|r, c| ((c + 1) * CELL, (r + 1) * CELL));
            tv_cells(&mut o, &d, false, &|r, c| {
                ((c + n + 3) * CELL, (r + 1) * CELL)
            });
            for i in 0..m {
                label(&mut o, 0, (i + 1) * CELL, i);
                label(&mut o, (n + 2) * CELL, (i + 1) * CELL, i);
            }
            for j in 0..n {
                label(&mut o, (j + 1) * CELL, 0, j);
                label(&mut o, (j + n + 3) * CELL, 0, j);
            }
        }
    }
    o.push_str("</svg>\n");
    Ok(o)
}

/// An SVG of the shared-memory banks that warp 0 of thread-value layout `v` hits (each
/// element and access `bits` wide), one block of rows per access: bank `b`'s column
/// holds the distinct words the access's phase reads from it, one row per wavefront,
/// labelled with the first lane that touches each (`+` where others share the word);
/// a row past the first is a bank conflict (red).
///
/// ```
/// use cutlet_dynamic::{Value, picture::print_banks_svg};
/// let v: Value = "(_32,_2):(_32,_1)".parse().unwrap();
/// let svg = print_banks_svg(&v, 32).unwrap();
/// assert!(svg.contains("access 0: 32-way, 32 wavefronts (1 without conflicts)"));
/// ```
pub fn print_banks_svg(v: &Value, bits: u32) -> Result<String> {
    use cutlet_core::analysis::{BANKS, smem_access, smem_phases};
    let accesses = super::super::analysis::warp0_addresses(v, bits)?;
    let bytes = bits / 8;
    let (left, title) = (3 * CELL, CELL);
    let mut body = String::new();
    let mut y = CELL;
    for (a, addrs) in accesses.iter().enumerate() {
        let c = smem_access(addrs, bytes);
        text(
            &mut body,
            left + BANKS as i64 * CELL / 2,
            y + title / 2,
            10,
            &alloc::format!(
                "access {a}: {}-way, {} wavefront{} ({} without conflicts)",
                c.ways,
                c.wavefronts,
                if c.wavefronts == 1 { "" } else { "s" },
                c.ideal
            ),
        );
        y += title;
        for (p, phase) in smem_phases(addrs, bytes).enumerate() {
            let rows = phase.worst().0 as i64;
            text(
                &mut body,
                CELL,
                y + rows * CELL / 2,
                8,
                &alloc::format!("phase {p}"),
            );
            let mut depth = [0i64; BANKS as usize];
            for &(w, lanes) in phase.words() {
                let b = (w % BANKS) as usize;
                let (x, yy) = (left + b as i64 * CELL, y + depth[b] * CELL);
                let color = if depth[b] == 0 { TV[1] } else { TV[3] };
                let _ = writeln!(
                    body,
                    "<rect x=\"{x}\" y=\"{yy}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"rgb({color})\" stroke=\"black\"/>"
                );
                let more = if lanes.count_ones() > 1 { "+" } else { "" };
                text(
                    &mut body,
                    x + CELL / 2,
                    yy + CELL / 2,
                    8,
                    &alloc::format!("T{}{more}", lanes.trailing_zeros()),
                );
                depth[b] += 1;
            }
            y += rows * CELL;
        }
        y += CELL / 2;
    }
    let mut o = String::new();
    header(&mut o, left + (BANKS as i64 + 1) * CELL, y + CELL);
    for b in 0..BANKS as i64 {
        text(
            &mut o,
            left + b * CELL + CELL / 2,
            CELL / 2,
            8,
            &alloc::format!("{b}"),
        );
    }
    o.push_str(&body);
    o.push_str("</svg>\n");
    Ok(o)
}
