//! CuTe's inspection operations (`get<I...>`, `take<B,E>`, `select<I...>`, `group<B,E>`,
//! `idx2crd`, `crd2idx`, the int-tuple predicates and arithmetic) through the CLI's
//! evaluator and through the `cutlet eval -` binary, against CuTe 4.2's answers:
//! `cute_inspect_cases.jsonl` (made by `scripts/gen_inspect_cases.py` with g++ and
//! CuTe's headers) and the plain-layout inspection lines of the oracle's
//! `cute_kernel_cases.jsonl`.

use cutlet::dynamic::{Error, eval};
use std::io::Write;
use std::process::{Command, Stdio};

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

const INSPECT: &str = include_str!("data/cute_inspect_cases.jsonl");
const KERNEL: &str = include_str!("data/cute_kernel_inspect_cases.jsonl");

fn check(file: &str, text: &str, min: usize) {
    let all = cases(text);
    let mut failures = Vec::new();
    for (expr, expect) in &all {
        let got = eval(expr);
        let ok = match (expect.as_str(), &got) {
            ("ILL-FORMED", Err(Error::IllFormed(_))) => true,
            ("RUNTIME-ERROR", Err(Error::Runtime(_))) => true,
            (e, Ok(g)) => e == g,
            _ => false,
        };
        if !ok {
            failures.push(format!("{expr}\n   expect {expect}\n   got    {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{file}: {} of {} cases disagree with CuTe:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
    assert!(all.len() >= min, "{file} has only {} cases", all.len());
}

#[test]
fn inspect_cases_agree_with_cute() {
    check("cute_inspect_cases.jsonl", INSPECT, 300);
}

#[test]
fn kernel_inspect_cases_agree_with_cute() {
    check("cute_kernel_inspect_cases.jsonl", KERNEL, 200);
}

#[test]
fn results_parse_back() {
    for (_, expect) in cases(INSPECT).into_iter().chain(cases(KERNEL)) {
        if expect != "ILL-FORMED" && expect != "RUNTIME-ERROR" {
            let v: cutlet::dynamic::Value = expect.parse().unwrap();
            assert_eq!(v.to_string(), expect);
        }
    }
}

/// The same cases through the binary, as one `cutlet eval -` batch: line N of the
/// output answers line N of the input.
#[test]
fn binary_batch_agrees_with_cute() {
    let all: Vec<_> = cases(INSPECT).into_iter().chain(cases(KERNEL)).collect();
    let input: String = all.iter().map(|(e, _)| format!("{e}\n")).collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cutlet"))
        .args(["eval", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), all.len());
    for ((expr, expect), line) in all.iter().zip(lines) {
        if expect == "ILL-FORMED" || expect == "RUNTIME-ERROR" {
            assert!(line.starts_with("error: "), "{expr}: {line}");
        } else {
            assert_eq!(line, expect, "{expr}");
        }
    }
}
