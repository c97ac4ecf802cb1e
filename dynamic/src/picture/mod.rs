//! Pictures of layouts and of the kernel layer, as CuTe 4.2 draws them
//! (`cute/util/print_latex.hpp`, `cute/util/print_svg.hpp`).
//!
//! [`print_latex`] writes CuTe's TikZ picture of a layout, a composed layout, a
//! `TiledMMA` (or an `MMA_Atom`) and a `TiledCopy`, byte for byte as CuTe does.
//! [`print_svg`] writes CuTe's SVG of a `TiledMMA` (or an `MMA_Atom`) byte for byte;
//! CuTe 4.2 has no SVG of a plain layout or of a `TiledCopy`, so for those cutlet
//! draws one in the same style (20-unit cells, CuTe's grey scale for layout indices
//! and its thread colours for copies, the source and destination side by side).
//!
//! ```
//! use cutlet_dynamic::{Value, picture::print_latex};
//! let v: Value = "(_2,_2):(_2,_1)".parse().unwrap();
//! let tex = print_latex(&v).unwrap();
//! assert!(tex.starts_with("% Layout: (_2,_2):(_2,_1)\n"));
//! assert!(tex.contains("\\node[fill=black!40] at (0,1) {1};"));
//! ```

mod latex;
mod svg;
mod tv;

pub use latex::print_latex;
pub use svg::{print_banks_svg, print_svg};
