#!/usr/bin/env python3
"""Writes tests/typed_oracle.rs: every case of tests/data/cute_cases.jsonl (static) and
tests/data/cute_cases_mixed.jsonl (some leaves dynamic) recomputed through the typed API,
and tests/typed_layout_oracle.rs: the layout cases of the kernel-layer oracle
(tests/data/cute_kernel_layout_cases.jsonl) that need no swizzle: `tile_to_shape`,
`upcast`/`downcast`, `nullspace`, `get`/`take`/`select`.

Each case is one call of a generic checker, so the type-level work happens once per case,
at monomorphization. Well-formed cases must print CuTe's exact answer (and be zero-sized
when static); ILL-FORMED cases must carry the type-level error that stops a build;
RUNTIME-ERROR cases must panic.

Run: `python3 core/scripts/gen_typed_oracle.py` (both files).
"""
import json
import re
import sys
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
    "tile_to_shape": {2: ("tile_to_shape", "LP"), 3: ("tile_to_shape_ordered", "LPP")},
    "nullspace": {1: ("nullspace", "L")},
    "upcast": {1: ("upcast", "L")},
    "downcast": {1: ("downcast", "L")},
    "get": {1: ("get", "L")},
    "take": {1: ("take", "L")},
    "select": {1: ("select", "L")},
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
    "tile_to_shape": "L0::TileToShape<A1, LayoutLeftOrder<A1>>",
    "tile_to_shape_ordered": "L0::TileToShape<A1, A2>", "nullspace": "L0::Nullspace",
    "upcast": "L0::Upcast<Idx<{0}>>", "downcast": "L0::Downcast<Idx<{0}>>",
    "get": "L0::Get<Idx<{0}>>", "take": "L0::Take<Idx<{0}>, Idx<{1}>>",
}
# Template arguments (`upcast<2>`): the const generics of the Rust call, or for
# `select<0,2>` the static index tuple it takes as a value.
TEMPLATE_AS_VALUE = {"select"}
BOUND = {"L": "Layout", "T": "Tiler", "P": "IntTuple"}


# One CuTe-notation parser for both oracle generators.
sys.path.insert(0, os.path.join(ROOT, "..", "scripts"))
from gen_typed_cases import parse  # noqa: E402

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
    m = re.match(r"(\w+)<([\d,]+)>(\(.*)$", expr)
    tmpl = m.group(2).split(",") if m else []
    name, args = parse(m.group(1) + m.group(3) if m else expr)
    fn, kinds = OPS[name][len(args)]
    rendered = [render(k, a) for k, a in zip(kinds, args)]
    if fn in TEMPLATE_AS_VALUE:
        kinds += "P"
        rendered.append(f"shape!(({','.join(tmpl)},))")
        tmpl = []
    key = fn + "".join(f"_{t}" for t in tmpl)
    rendered = ", ".join(rendered)
    esc = expr.replace('"', '\\"')
    if expect == "ILL-FORMED":
        return (fn, kinds, tuple(tmpl)), f'    ill_{key}({rendered}, "{esc}");'
    if expect == "RUNTIME-ERROR":
        return (fn, kinds, tuple(tmpl)), f'    panics_{key}({rendered}, "{esc}");'
    return (fn, kinds, tuple(tmpl)), f'    chk_{key}({rendered}, "{expect}", "{esc}");'


def generate(files, out_path, ops, keep):
    used = {}
    bodies = []
    for fname in files:
        for line in open(os.path.join(ROOT, "..", "tests", "data", fname)):
            d = json.loads(line)
            name = re.match(r"\w+", d["expr"]).group(0)
            if (ops and name not in ops) or not keep(name, d):
                continue
            sig, body = case(d["expr"], d["expect"])
            kind = "ill" if d["expect"] == "ILL-FORMED" else "panics" if d["expect"] == "RUNTIME-ERROR" else "chk"
            used.setdefault(sig, set()).add(kind)
            bodies.append(body)
    out = [
        "//! GENERATED by core/scripts/gen_typed_oracle.py from " + ", ".join(f"tests/data/{f}" for f in files) + ":",
        "//! CuTe's exact answers recomputed through the typed API. Do not edit by hand.",
        "// Generated code: clippy's lints do not apply to it, so `cargo clippy` skips this crate",
        "// (CI's longest check); rustc's warnings are errors in it instead.",
        "#![cfg(not(clippy))]",
        "#![deny(warnings)]",
        "use cutlet_core::prelude::*;",
        "",
        "/// Prints as CuTe does; a static result (every leaf `_`-prefixed) is zero-sized.",
        "#[inline(never)]",
        "fn check<R: CuteDisplay>(r: R, expect: &str, expr: &str) {",
        "    assert_eq!(Cute(&r).to_string(), expect, \"{expr}\");",
        "    let fully_static = !expect.split(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '-')",
        "        .any(|t| !t.is_empty() && !t.starts_with('_'));",
        "    assert!(!fully_static || core::mem::size_of::<R>() == 0, \"{expr}: a static result must be zero-sized\");",
        "}",
    ]
    for (fn, kinds, tmpl), ks in sorted(used.items()):
        key = fn + "".join(f"_{t}" for t in tmpl)
        gens = ", ".join(f"A{i}: {BOUND[k]}" if i else f"L0: {BOUND[k]}" for i, k in enumerate(kinds))
        params = ", ".join(f"a{i}: {'L0' if i == 0 else f'A{i}'}" for i in range(len(kinds)))
        call = f"{fn}({', '.join(f'a{i}' for i in range(len(kinds)))})"
        if fn == "get":  # CuTe's get<I, J>(x) is get<J>(get<I>(x))
            call = "a0"
            for t in tmpl:
                call = f"get::<{t}, _>({call})"
        elif tmpl:
            call = f"{fn}::<{', '.join(tmpl)}, _>({', '.join(f'a{i}' for i in range(len(kinds)))})"
        if "chk" in ks:
            out.append(f"#[inline(never)]\nfn chk_{key}<{gens}>({params}, expect: &str, expr: &str) {{\n    check({call}, expect, expr);\n}}")
        if "panics" in ks:
            out.append(f"#[inline(never)]\nfn panics_{key}<{gens}>({params}, expr: &str) {{\n    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {{ let _ = {call}; }}));\n    assert!(r.is_err(), \"{{expr}}: CuTe fails at run time, so must cutlet\");\n}}")
        if "ill" in ks:
            args = ", ".join(f"a{i}" for i in range(len(kinds)))
            args = f"({args})" if len(kinds) > 1 else args
            result = RESULT[fn].format(*tmpl)
            out.append(f"#[inline(never)]\nfn ill_{key}<{gens}>({params}, expr: &str) {{\n    let _ = {args};\n    assert!(<<{result} as Layout>::HasErr as Bit>::BOOL, \"{{expr}}: CuTe rejects it, so the type must carry an error\");\n}}")
    if any("Idx<" in o for o in out):
        out.insert(out.index("use cutlet_core::prelude::*;") + 1, "use cutlet_core::tuple::Idx;")
    out.append("")
    per = 60
    for i in range(0, len(bodies), per):
        out.append(f"#[test]\nfn cases_{i // per:02}() {{\n" + "\n".join(bodies[i:i + per]) + "\n}\n")
    with open(out_path, "w") as f:
        f.write("\n".join(out))
    subprocess.run(["rustfmt", "--edition", "2024", out_path], check=True)
    print(out_path, len(bodies), "cases")


def main():
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--ops", help="comma-separated operations (default: all)")
    ap.add_argument("--out", help="write only the algebra oracle, to this path")
    a = ap.parse_args()
    ops = set(a.ops.split(",")) if a.ops else None
    tests = os.path.join(ROOT, "tests")
    generate(["cute_cases.jsonl", "cute_cases_mixed.jsonl"],
             a.out or os.path.join(tests, "typed_oracle.rs"), ops, lambda n, d: True)
    if a.out:
        return
    kernel_layout_ops = {"tile_to_shape", "nullspace", "upcast", "downcast", "get", "take", "select"}
    generate(["cute_kernel_layout_cases.jsonl"], os.path.join(tests, "typed_layout_oracle.rs"), ops,
             lambda n, d: n in kernel_layout_ops and "Sw<" not in d["expr"] + d["expect"])


main()
