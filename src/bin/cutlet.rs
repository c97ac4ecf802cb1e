//! `cutlet`: evaluate CuTe layout-algebra expressions and draw layouts.
//!
//! ```text
//! cutlet eval "<expr>" ...   print each result in CuTe notation
//! cutlet eval -              one expression per line on stdin, one result line each
//! cutlet show "<expr>"       print the index table of a layout (CuTe's print_layout)
//! ```

use cutlet::dynamic::{OPERATIONS, Value, eval_expr, parse_expr};
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

const USAGE: &str = "\
usage: cutlet eval <expr>...     evaluate CuTe expressions, one result line each
       cutlet eval -             read one expression per line from stdin
       cutlet show <expr>        print the index table of a layout (print_layout)

Expressions use CuTe's notation: _4 is static, 4 is dynamic, (a,b) is a tuple,
shape:stride is a layout, (_3:_4,_8:_2) is a tile. Example:
       cutlet eval \"composition((_12,_32):(_32,_1), (_3:_4,_8:_2))\"
";

fn eval_line(line: &str) -> Result<String, String> {
    let e = parse_expr(line).map_err(|e| e.to_string())?;
    eval_expr(&e)
        .map(|v| v.to_string())
        .map_err(|e| e.to_string())
}

/// Evaluate every expression; a failed one prints `error: ...` in its place.
fn run_eval(exprs: &[String]) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    let mut emit = |line: &str, out: &mut BufWriter<std::io::StdoutLock>| {
        let text = match eval_line(line) {
            Ok(v) => v,
            Err(e) => {
                failed = true;
                format!("error: {e}")
            }
        };
        writeln!(out, "{text}")
    };
    let io = if exprs.len() == 1 && exprs[0] == "-" {
        let stdin = std::io::stdin();
        let mut res = Ok(());
        for line in stdin.lock().lines() {
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("error: cannot read stdin: {e}");
                    return ExitCode::from(2);
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            res = emit(line.trim(), &mut out);
            if res.is_err() {
                break;
            }
        }
        res
    } else {
        exprs.iter().try_for_each(|e| emit(e, &mut out))
    };
    if io.and_then(|_| out.flush()).is_err() {
        // The reader went away (e.g. a closed pipe): stop quietly.
        return ExitCode::from(1);
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn run_show(expr: &str) -> ExitCode {
    let value = parse_expr(expr).and_then(|e| eval_expr(&e));
    let table = match value {
        Ok(Value::Layout(l)) => l.table().map_err(|e| e.to_string()),
        Ok(v) => Err(format!("show needs a layout, got {v}")),
        Err(e) => Err(e.to_string()),
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

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("eval") if args.len() >= 2 => run_eval(&args[1..]),
        Some("show") if args.len() == 2 => run_show(&args[1]),
        Some("-h" | "--help" | "help") => {
            print!("{USAGE}");
            println!("\noperations: {}", OPERATIONS.join(", "));
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
