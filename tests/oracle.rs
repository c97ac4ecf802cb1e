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

/// Every result CuTe printed reads back through the parser unchanged, including those
/// with non-positive extents (`complement(_3:_-1)` is `(_-1,_0):(_1,_-3)`).
fn round_trip(file: &str, text: &str) {
    let mut failures = Vec::new();
    let mut n = 0;
    for (_, expect) in cases(text) {
        if expect == "ILL-FORMED" || expect == "RUNTIME-ERROR" {
            continue;
        }
        n += 1;
        match expect.parse::<cutlet::dynamic::Value>() {
            Ok(v) if v.to_string() == expect => {}
            got => failures.push(format!("{expect} -> {got:?}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{file}: {} of {n} results do not round-trip:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(n >= 500, "{file} has only {n} results");
}

#[test]
fn non_positive_extents_parse_back() {
    let c = eval("complement(_3:_-1)").unwrap();
    assert_eq!(c, "(_-1,_0):(_1,_-3)");
    for text in [c.as_str(), "_0:_1", "(_-2,4):(_1,_0)", "((_0)):((_3))"] {
        let v: cutlet::dynamic::Value = text.parse().unwrap();
        assert_eq!(v.to_string(), text);
    }
}

#[test]
fn every_printed_result_parses_back() {
    round_trip("cute_cases.jsonl", include_str!("data/cute_cases.jsonl"));
    round_trip(
        "cute_cases_mixed.jsonl",
        include_str!("data/cute_cases_mixed.jsonl"),
    );
}

#[test]
fn composition_with_an_empty_tiler_is_ill_formed() {
    // CuTe 4.2 refuses all of these at compile time.
    for e in [
        "composition(_8:_1, ())",
        "composition(_8:_1, ():())",
        "composition((_8,_4):(_1,_8), (_2,()))",
        "composition(_8:_1, (_2,()):(_1,()))",
        "logical_product(_8:_1, ():())",
    ] {
        assert!(
            matches!(eval(e), Err(Error::IllFormed(_))),
            "{e}: {:?}",
            eval(e)
        );
    }
    // ... while the by-mode divide with an empty tile is CuTe's identity on the modes.
    assert_eq!(eval("logical_divide(_8:_1, ())").unwrap(), "(_8):(_1)");
}
