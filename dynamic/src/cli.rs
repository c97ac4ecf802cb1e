//! The `cutlet` command line: `eval` and `show` over the expression language
//! ([`crate::parse_expr`], [`crate::eval_expr`]) and the pictures ([`crate::picture`]).
//!
//! ```text
//! cutlet eval "<expr>" ...   print each result in CuTe notation
//! cutlet eval -              one expression per line on stdin, one result line each
//! cutlet show "<expr>"       print the index table of a layout or composed layout (print_layout)
//! cutlet show --latex "<expr>"  CuTe's print_latex of a layout, composed layout, TiledMMA or TiledCopy
//! cutlet show --svg "<expr>"    CuTe's print_svg of a TiledMMA or MMA_Atom (and, beyond CuTe 4.2,
//!                               an SVG of a layout or a TiledCopy in the same style)
//! cutlet show --banks "<expr>" [bits]  an SVG of the shared-memory banks warp 0 of a
//!                               thread-value layout hits, each access `bits` (32) wide
//! ```

use crate::atom::ATOM_OPERATIONS;
use crate::picture::{print_banks_svg, print_latex, print_svg};
use crate::{OPERATIONS, Value, eval_expr, parse_expr};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use std::ffi::OsString;
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

/// The CLI's usage text (`cutlet --help`).
pub const USAGE: &str = "\
usage: cutlet eval <expr>...     evaluate CuTe expressions, one result line each
       cutlet eval -             read expressions from stdin, one per line
       cutlet show <expr>        print the index table of a (composed) layout (print_layout)
       cutlet show --latex <expr>  CuTe's print_latex (layout, composed layout, TiledMMA,
                                 MMA_Atom, TiledCopy)
       cutlet show --svg <expr>  CuTe's print_svg (TiledMMA, MMA_Atom); beyond CuTe 4.2,
                                 an SVG of a layout or a TiledCopy in the same style
       cutlet show --banks <expr> [bits]  an SVG of the shared-memory banks that warp 0
                                 of a thread-value layout (mode 0 the threads, offsets in
                                 elements of `bits`, default 32) hits, access by access

Expressions use CuTe's notation: _4 is static, 4 is dynamic, (a,b) is a tuple,
shape:stride is a layout, (_3:_4,_8:_2) is a tile; compile-time arguments go in
angle brackets as in C++: get<1,0>(L), take<0,2>(L). Example:
       cutlet eval \"composition((_12,_32):(_32,_1), (_3:_4,_8:_2))\"
Atoms use CuTe's C++ names, e.g.
       cutlet eval \"get_layoutC_TV(make_tiled_mma(MMA_Atom<SM80_16x8x16_F32F16F16F32_TN>, (_2,_2,_1)))\"
A TiledMMA or TiledCopy prints on several lines (CuTe's print), so `cutlet eval -`
answers it with an error line.

`cutlet eval -` writes exactly one line for every input line: the result, an
`error: <reason>` line (also for a line that is not UTF-8), or an empty line for
an empty (or all-blank) input line, so output line N always answers input line N.
The exit status is 0 when everything evaluated, 1 when some expression failed, 2
for a usage error (including arguments that are not UTF-8).
";

/// The result line for one expression: CuTe's print, or `error: <reason>`.
fn eval_line(line: &str) -> Result<String, String> {
    let e = parse_expr(line).map_err(|e| format!("error: {e}"))?;
    eval_expr(&e)
        .map(|v| v.to_string())
        .map_err(|e| format!("error: {e}"))
}

/// Writes the answer to one expression; records whether it failed.
struct Emitter<W: Write> {
    out: W,
    failed: bool,
}

impl<W: Write> Emitter<W> {
    fn line(&mut self, result: Result<String, String>) -> std::io::Result<()> {
        let text = result.unwrap_or_else(|e| {
            self.failed = true;
            e
        });
        writeln!(self.out, "{text}")
    }

    /// One line of the stdin batch: blank lines stay blank, bytes that are not UTF-8
    /// are an error line; either way exactly one output line.
    fn batch_line(&mut self, raw: &[u8]) -> std::io::Result<()> {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        match std::str::from_utf8(raw) {
            Err(e) => self.line(Err(format!("error: input line is not valid UTF-8 ({e})"))),
            Ok(s) if s.trim().is_empty() => writeln!(self.out),
            Ok(s) => self.line(eval_line(s.trim()).and_then(|r| {
                if r.contains('\n') {
                    Err("error: the result prints on several lines; evaluate it alone".into())
                } else {
                    Ok(r)
                }
            })),
        }
    }
}

/// Evaluate every expression; a failed one prints `error: ...` in its place.
fn run_eval(exprs: &[String]) -> ExitCode {
    let stdout = std::io::stdout();
    let mut em = Emitter {
        out: BufWriter::new(stdout.lock()),
        failed: false,
    };
    let io = if exprs.len() == 1 && exprs[0] == "-" {
        // Lines are split on raw bytes so that a line that is not UTF-8 is one error
        // line, not the end of the batch.
        let mut stdin = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match stdin.read_until(b'\n', &mut buf) {
                Ok(0) => break Ok(()),
                Ok(_) => {
                    let line = buf.strip_suffix(b"\n").unwrap_or(&buf);
                    if let Err(e) = em.batch_line(line) {
                        break Err(e);
                    }
                }
                Err(e) => {
                    let _ = em.out.flush();
                    eprintln!("error: cannot read stdin: {e}");
                    return ExitCode::from(2);
                }
            }
        }
    } else {
        exprs.iter().try_for_each(|e| em.line(eval_line(e)))
    };
    if io.and_then(|_| em.out.flush()).is_err() {
        // The reader went away (e.g. a closed pipe): stop quietly.
        return ExitCode::from(1);
    }
    if em.failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn run_show(flag: Option<&str>, expr: &str, bits: Option<&str>) -> ExitCode {
    let value = parse_expr(expr).and_then(|e| eval_expr(&e));
    let bits = bits.map_or(Ok(32), |b| {
        b.trim_start_matches('_').parse::<u32>().map_err(|_| {
            format!("show --banks: the width `{b}` is not a number of bits such as 32")
        })
    });
    let table = match (flag, value) {
        (_, Err(e)) => Err(e.to_string()),
        (Some("--latex"), Ok(v)) => print_latex(&v).map_err(|e| e.to_string()),
        (Some("--svg"), Ok(v)) => print_svg(&v).map_err(|e| e.to_string()),
        (Some("--banks"), Ok(v)) => {
            bits.and_then(|b| print_banks_svg(&v, b).map_err(|e| e.to_string()))
        }
        (Some(f), _) => Err(format!(
            "unknown option '{f}' (expected --latex, --svg or --banks)"
        )),
        (None, value) => table(value),
    };
    match table {
        Ok(t) => {
            print!("{t}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn table(value: crate::Result<Value>) -> Result<String, String> {
    match value {
        Ok(Value::Layout(l)) => l.table().map_err(|e| e.to_string()),
        Ok(Value::Composed(c)) => c.table().map_err(|e| e.to_string()),
        Ok(v) => Err(format!("show needs a layout, got {v}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The arguments as UTF-8 strings, or the usage error naming the first that is not.
fn utf8_args(args: Vec<OsString>) -> Result<Vec<String>, String> {
    args.into_iter()
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                format!(
                    "error: argument {} is not valid UTF-8: {}",
                    i + 1,
                    a.to_string_lossy()
                )
            })
        })
        .collect()
}

/// Runs the `cutlet` command line on `args` (without the program name) and returns its
/// exit status: 0 when everything evaluated, 1 when an expression failed, 2 for a
/// usage error. Results go to stdout, `error: ...` lines to stderr (`eval` writes its
/// error lines to stdout, in place of the result).
///
/// ```
/// use std::process::ExitCode;
/// let status = cutlet_dynamic::cli::main(["eval", "coalesce((_2,_4):(_1,_2))"].map(Into::into));
/// assert_eq!(status, ExitCode::SUCCESS);
/// assert_eq!(cutlet_dynamic::cli::main(["frobnicate"].map(Into::into)), ExitCode::from(2));
/// ```
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let args = match utf8_args(args.into_iter().collect()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match args.first().map(String::as_str) {
        Some("eval") if args.len() >= 2 => run_eval(&args[1..]),
        Some("show") if args.len() == 2 && !args[1].starts_with("--") => {
            run_show(None, &args[1], None)
        }
        Some("show") if args.len() == 3 => run_show(Some(&args[1]), &args[2], None),
        Some("show") if args.len() == 4 && args[1] == "--banks" => {
            run_show(Some(&args[1]), &args[2], Some(&args[3]))
        }
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            println!("\noperations: {}", OPERATIONS.join(", "));
            println!("\natoms: {}", ATOM_OPERATIONS.join(", "));
            ExitCode::SUCCESS
        }
        Some(cmd @ ("eval" | "show")) => {
            eprintln!("error: '{cmd}' needs an expression\n\n{USAGE}");
            ExitCode::from(2)
        }
        Some(other) => {
            eprintln!("error: unknown command '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("error: no command given\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
