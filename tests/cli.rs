//! The `cutlet` binary end to end: non-UTF-8 input never panics, and `cutlet eval -`
//! answers every input line with exactly one output line.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cutlet() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cutlet"))
}

/// Runs `cutlet eval -` on `input` (raw bytes).
fn eval_stdin(input: &[u8]) -> Output {
    let mut child = cutlet()
        .args(["eval", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cutlet");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn no_panic(out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "cutlet panicked: {err}");
}

#[test]
fn batch_writes_one_line_per_input_line() {
    let input =
        b"size((_2,_3):(_1,_2))\n\n   \ncomposition(_8:_1, ())\n\xff\xfe bad\nrank((_2,_3))\n";
    let out = eval_stdin(input);
    no_panic(&out);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.split_terminator('\n').collect();
    assert_eq!(lines.len(), 6, "{text:?}");
    assert_eq!(lines[0], "_6");
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "");
    assert!(lines[3].starts_with("error: "), "{}", lines[3]);
    assert!(lines[4].starts_with("error: "), "{}", lines[4]);
    assert!(lines[4].contains("UTF-8"), "{}", lines[4]);
    assert_eq!(lines[5], "_2");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn batch_without_final_newline_and_crlf() {
    let out = eval_stdin(b"rank((_2,_3))\r\nsize(_4:_1)");
    no_panic(&out);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "_2\n_4\n");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn empty_batch_prints_nothing() {
    let out = eval_stdin(b"");
    assert_eq!(out.stdout, b"");
    assert_eq!(out.status.code(), Some(0));
}

#[cfg(unix)]
#[test]
fn non_utf8_arguments_are_usage_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"size(\xff)");
    let cases: Vec<Vec<&OsStr>> = vec![
        vec![OsStr::new("eval"), bad],
        vec![OsStr::new("eval"), OsStr::new("size(_2:_1)"), bad],
        vec![OsStr::new("show"), bad],
        vec![bad],
        vec![bad, OsStr::new("x")],
    ];
    for args in cases {
        let out = cutlet().args(&args).output().unwrap();
        no_panic(&out);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

#[test]
fn help_documents_blank_lines() {
    let out = cutlet().arg("--help").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("empty line"), "{text}");
}
