//! Every public CuTe case (static and mixed) through the runtime algebra: well-formed
//! cases print exactly CuTe's output, `ILL-FORMED` and `RUNTIME-ERROR` ones are errors.

use cutlet::dynamic::{Error, eval};

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

fn check(file: &str, text: &str) {
    let mut failures = Vec::new();
    let all = cases(text);
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
    assert!(all.len() >= 1000, "{file} has only {} cases", all.len());
    eprintln!("{file}: {} cases agree", all.len());
}

#[test]
fn static_cases_agree_with_cute() {
    check("cute_cases.jsonl", include_str!("data/cute_cases.jsonl"));
}

#[test]
fn mixed_cases_agree_with_cute() {
    check(
        "cute_cases_mixed.jsonl",
        include_str!("data/cute_cases_mixed.jsonl"),
    );
}
