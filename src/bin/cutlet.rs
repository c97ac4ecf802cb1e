//! `cutlet`: evaluate CuTe layout-algebra expressions and draw layouts.
//!
//! ```text
//! cutlet eval "<expr>" ...   print each result in CuTe notation
//! cutlet eval -              one expression per line on stdin, one result line each
//! cutlet show "<expr>"       print the index table of a layout or composed layout (print_layout)
//! cutlet show --latex "<expr>"  CuTe's print_latex of a layout, composed layout, TiledMMA or TiledCopy
//! cutlet show --svg "<expr>"    CuTe's print_svg of a TiledMMA or MMA_Atom (and, beyond CuTe 4.2,
//!                               an SVG of a layout or a TiledCopy in the same style)
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    cutlet::dynamic::cli::main(std::env::args_os().skip(1))
}
