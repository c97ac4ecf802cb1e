#!/usr/bin/env python3
"""Writes tests/typed_oracle.rs: every case of tests/data/cute_cases.jsonl (static) and
tests/data/cute_cases_mixed.jsonl (some leaves dynamic) recomputed through the typed API.

Each case is one call of a generic checker, so the type-level work happens once per case,
at monomorphization. Well-formed cases must print CuTe's exact answer (and be zero-sized
when static); ILL-FORMED cases must carry the type-level error that stops a build;
RUNTIME-ERROR cases must panic.

Run: `python3 core/scripts/gen_typed_oracle.py`.
"""
import json
import subprocess
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# argument kinds: L layout, T tiler, P int tuple
OPS = {
    "coalesce": {1: ("coalesce", "L"), 2: ("coalesce_by", "LP")},
    "filter": {1: ("filter", "L")},
    "flatten": {1: ("flatten", "L")},
    "composition": {2: ("composition", "LT")},
    "complement": {1: ("complement", "L"), 2: ("complement_to", "LP")},
    "right_inverse": {1: ("right_inverse", "L")},
    "left_inverse": {1: ("left_inverse", "L")},
    "logical_divide": {2: ("logical_divide", "LT")},
    "zipped_divide": {2: ("zipped_divide", "LT")},
    "tiled_divide": {2: ("tiled_divide", "LT")},
    "flat_divide": {2: ("flat_divide", "LT")},
    "logical_product": {2: ("logical_product", "LT")},
    "zipped_product": {2: ("zipped_product", "LT")},
    "tiled_product": {2: ("tiled_product", "LT")},
    "flat_product": {2: ("flat_product", "LT")},
    "blocked_product": {2: ("blocked_product", "LL")},
    "raked_product": {2: ("raked_product", "LL")},
    "size": {1: ("size", "L")},
    "cosize": {1: ("cosize", "L")},
    "rank": {1: ("rank", "L")},
    "depth": {1: ("depth", "L")},
}
# The result type of each Rust function, for the ill-formed checks.
RESULT = {
    "coalesce": "L0::Coalesce", "coalesce_by": "L0::CoalesceBy<A1>", "filter": "L0::Filter",
    "flatten": "L0::Flatten", "composition": "L0::Compose<A1>", "complement": "L0::ComplementSelf",
    "complement_to": "L0::Complement<A1>", "right_inverse": "L0::RightInverse",
    "left_inverse": "L0::LeftInverse", "logical_divide": "L0::LogicalDivide<A1>",
    "zipped_divide": "L0::ZippedDivide<A1>", "tiled_divide": "L0::TiledDivide<A1>",
    "flat_divide": "L0::FlatDivide<A1>", "logical_product": "L0::LogicalProduct<A1>",
    "zipped_product": "L0::ZippedProduct<A1>", "tiled_product": "L0::TiledProduct<A1>",
    "flat_product": "L0::FlatProduct<A1>", "blocked_product": "L0::BlockedProduct<A1>",
    "raked_product": "L0::RakedProduct<A1>",
}
BOUND = {"L": "Layout", "T": "Tiler", "P": "IntTuple"}


def parse(s):
    """CuTe notation -> ('name', [args]); values are ('int', v, static), ('tuple', [...]),
    ('layout', shape, stride)."""
    pos = 0

    def atom():
        nonlocal pos
        if s[pos] == "(":
            pos += 1
            items = []
            if s[pos] != ")":
                while True:
                    items.append(value())
                    if s[pos] == ",":
                        pos += 1
                    else:
                        break
            assert s[pos] == ")"
            pos += 1
            return ("tuple", items)
        st = s[pos] == "_"
        if st:
            pos += 1
        start = pos
        if s[pos] == "-":
            pos += 1
        while pos < len(s) and s[pos].isdigit():
            pos += 1
        return ("int", int(s[start:pos]), st)

    def value():
        nonlocal pos
        a = atom()
        if pos < len(s) and s[pos] == ":":
            pos += 1
            return ("layout", a, atom())
        return a

    start = pos
    while s[pos] != "(":
        pos += 1
    name = s[start:pos]
    pos += 1
    args = []
    while True:
        while s[pos] == " ":
            pos += 1
        args.append(value())
        while pos < len(s) and s[pos] == " ":
            pos += 1
        if s[pos] == ",":
            pos += 1
        else:
            break
    assert s[pos] == ")"
    return name, args


def tup(t):
    if t[0] == "int":
        v, st = t[1], t[2]
        return str(v) if st else "{%disize}" % v
    return "(" + ",".join(tup(x) for x in t[1]) + ")"


def layout(l):
    return f"layout!({tup(l[1])}:{tup(l[2])})"


def tiler(t):
    if t[0] == "layout":
        return layout(t)
    if t[0] == "int" or all(x[0] != "layout" for x in t[1]):
        return f"shape!({tup(t)})"
    return "(" + "".join(tiler(x) + ", " for x in t[1]) + ")"


def render(kind, a):
    return {"L": layout, "T": tiler, "P": lambda x: f"shape!({tup(x)})"}[kind](a)


def case(expr, expect):
    name, args = parse(expr)
    fn, kinds = OPS[name][len(args)]
    rendered = ", ".join(render(k, a) for k, a in zip(kinds, args))
    esc = expr.replace('"', '\\"')
    if expect == "ILL-FORMED":
        return fn, kinds, f'    ill_{fn}({rendered}, "{esc}");'
    if expect == "RUNTIME-ERROR":
        return fn, kinds, f'    panics_{fn}({rendered}, "{esc}");'
    return fn, kinds, f'    chk_{fn}({rendered}, "{expect}", "{esc}");'


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", help="comma-separated operations (default: all)")
    ap.add_argument("--files", default="cute_cases.jsonl,cute_cases_mixed.jsonl")
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "typed_oracle.rs"))
    a = ap.parse_args()
    ops = set(a.ops.split(",")) if a.ops else None
    used = {}
    bodies = []
    for fname in a.files.split(","):
        for line in open(os.path.join(ROOT, "..", "tests", "data", fname)):
            d = json.loads(line)
            if ops and d["expr"].split("(")[0] not in ops:
                continue
            fn, kinds, body = case(d["expr"], d["expect"])
            kind = "ill" if d["expect"] == "ILL-FORMED" else "panics" if d["expect"] == "RUNTIME-ERROR" else "chk"
            used.setdefault((fn, kinds), set()).add(kind)
            bodies.append(body)
    out = [
        "//! GENERATED by scripts/gen_typed_oracle.py from tests/data/cute_cases*.jsonl: CuTe's",
        "//! exact answers recomputed through the typed API (every case). Do not edit by hand.",
        "#![allow(clippy::all)]",
        "use cutlet_core::prelude::*;",
        "",
        "#[inline(never)]",
        "fn check<R: CuteDisplay>(r: R, expect: &str, expr: &str) {",
        "    assert_eq!(Cute(&r).to_string(), expect, \"{expr}\");",
        "    if !expect.chars().any(|c| c.is_ascii_digit() && false) && !expect.contains(|c: char| c.is_ascii_digit()) {",
        "        unreachable!()",
        "    }",
        "}",
        "",
    ]
    # simpler: static results (all leaves `_`-prefixed) must be zero-sized
    out[6:12] = [
        "fn check<R: CuteDisplay>(r: R, expect: &str, expr: &str) {",
        "    assert_eq!(Cute(&r).to_string(), expect, \"{expr}\");",
        "    let fully_static = !expect.split(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '-')",
        "        .any(|t| !t.is_empty() && !t.starts_with('_'));",
        "    assert!(!fully_static || core::mem::size_of::<R>() == 0, \"{expr}: a static result must be zero-sized\");",
        "}",
    ]
    for (fn, kinds), ks in sorted(used.items()):
        gens = ", ".join(f"A{i}: {BOUND[k]}" if i else f"L0: {BOUND[k]}" for i, k in enumerate(kinds))
        params = ", ".join(f"a{i}: {'L0' if i == 0 else f'A{i}'}" for i in range(len(kinds)))
        call = f"{fn}({', '.join(f'a{i}' for i in range(len(kinds)))})"
        if "chk" in ks:
            out.append(f"#[inline(never)]\nfn chk_{fn}<{gens}>({params}, expect: &str, expr: &str) {{\n    check({call}, expect, expr);\n}}")
        if "panics" in ks:
            out.append(f"#[inline(never)]\nfn panics_{fn}<{gens}>({params}, expr: &str) {{\n    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {{ let _ = {call}; }}));\n    assert!(r.is_err(), \"{{expr}}: CuTe fails at run time, so must cutlet\");\n}}")
        if "ill" in ks:
            out.append(f"#[inline(never)]\nfn ill_{fn}<{gens}>({params}, expr: &str) {{\n    let _ = {'(' if len(kinds) > 1 else ''}{', '.join(f'a{i}' for i in range(len(kinds)))}{')' if len(kinds) > 1 else ''};\n    assert!(<<{RESULT[fn]} as Layout>::HasErr as Bit>::BOOL, \"{{expr}}: CuTe rejects it, so the type must carry an error\");\n}}")
    out.append("")
    per = 60
    for i in range(0, len(bodies), per):
        out.append(f"#[test]\nfn cases_{i // per:02}() {{\n" + "\n".join(bodies[i:i + per]) + "\n}\n")
    with open(a.out, "w") as f:
        f.write("\n".join(out))
    subprocess.run(["rustfmt", "--edition", "2024", a.out], check=True)
    print(len(bodies), "cases")


main()
