#!/usr/bin/env python3
"""Generate a typed-API sample of the oracle cases (and the matching CuTe C++) for the
compile-time comparison in scripts/compile_time.sh.

Usage: scripts/gen_typed_cases.py [--static N] [--mixed N] [--out FILE] [--bin FILE] [--cpp FILE]

With --out, writes a test file: every selected case written with `layout!`/`shape!`
(dynamic leaves come from variables), checked for CuTe's exact output, and, for fully
static cases, for a zero-sized result. With --bin, the static cases as one Rust program
on cutlet-core that prints each result; with --cpp, the same static cases as one CuTe C++
translation unit (the headers are not part of this repository). The full oracle runs as
core/tests/typed_oracle.rs (core/scripts/gen_typed_oracle.py).
"""
import argparse
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "core", "scripts"))
from oracle_notation import Emitter as NotationEmitter  # noqa: E402

# Operations and how their arguments are written: L layout, T tiler, P profile/shape.
OPS = {
    "coalesce": "L|LP", "filter": "L", "composition": "LT",
    "complement": "L|LP", "right_inverse": "L", "left_inverse": "L",
    "logical_divide": "LT", "zipped_divide": "LT", "tiled_divide": "LT", "flat_divide": "LT",
    "logical_product": "LT", "zipped_product": "LT", "tiled_product": "LT", "flat_product": "LT",
    "blocked_product": "LL", "raked_product": "LL",
    "size": "L", "cosize": "L", "rank": "L", "depth": "L", "flatten": "L",
}
# Rust function for (op, arity).
RUST_FN = {("coalesce", 2): "coalesce_by", ("complement", 2): "complement_to"}


def parse(s):
    """CuTe notation -> nested python structure: int leaves are (value, static)."""
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
            b = atom()
            return ("layout", a, b)
        return a

    def expr():
        nonlocal pos
        start = pos
        while s[pos].isalpha() or s[pos] == "_" and pos > start:
            pos += 1
        name = s[start:pos]
        assert s[pos] == "("
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

    return expr()


class Emitter(NotationEmitter):
    """Core's oracle emitter (dynamic leaves as variables), with the layout and tiler
    spellings of this parser's trees."""

    def layout(self, l):
        return f"layout!({self.tup(l[1])}:{self.tup(l[2])})"

    def tiler(self, t):
        if t[0] == "layout":
            return self.layout(t)
        if t[0] == "int":
            return f"shape!({self.tup(t)})"
        if all(x[0] != "layout" for x in t[1]):
            return f"shape!({self.tup(t)})"
        return "(" + "".join(self.tiler(x) + "," for x in t[1]) + ")"


def rust_case(expr, expect):
    name, args = parse(expr)
    e = Emitter()
    kinds = OPS[name].split("|")
    kind = next(k for k in kinds if len(k) == len(args))
    rendered = []
    for k, a in zip(kind, args):
        if k == "L":
            rendered.append(e.layout(a))
        elif k == "T":
            rendered.append(e.tiler(a))
        else:
            rendered.append(f"shape!({e.tup(a)})")
    fn = RUST_FN.get((name, len(args)), name)
    lets = "".join(f"let {n}: isize = {v}; " for n, v in e.vars)
    call = f"{fn}({', '.join(rendered)})"
    static = not e.vars
    return lets, call, static


def cpp_value(t):
    if t[0] == "int":
        v, st = t[1], t[2]
        return f"Int<{v}>" if st else "int"
    if t[0] == "tuple":
        return "Shape<" + ",".join(cpp_value(x) for x in t[1]) + ">"
    raise ValueError


def cpp_case(expr):
    name, args = parse(expr)
    rendered = []
    for a in args:
        if a[0] == "layout":
            rendered.append(f"Layout<{cpp_value(a[1])},{cpp_value(a[2])}>{{}}")
        elif a[0] == "tuple" and any(x[0] == "layout" for x in a[1]):
            parts = [f"Layout<{cpp_value(x[1])},{cpp_value(x[2])}>{{}}" if x[0] == "layout"
                     else f"{cpp_value(x)}{{}}" for x in a[1]]
            rendered.append("make_tile(" + ", ".join(parts) + ")")
        else:
            rendered.append(f"{cpp_value(a)}{{}}")
    return f"{name}({', '.join(rendered)})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--static", type=int, default=400)
    ap.add_argument("--mixed", type=int, default=150)
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--cpp")
    ap.add_argument("--bin", help="also write the static cases as a Rust program printing each result")
    ap.add_argument("--out")
    a = ap.parse_args()
    ops = set(a.ops.split(","))
    rng = random.Random(20261122)

    def load(fn):
        out = []
        for line in open(os.path.join(ROOT, "tests", "data", fn)):
            d = json.loads(line)
            if d["expect"] in ("ILL-FORMED", "RUNTIME-ERROR"):
                continue
            if parse(d["expr"])[0] in ops:
                out.append((d["expr"], d["expect"]))
        rng.shuffle(out)
        return out

    stat = load("cute_cases.jsonl")[: a.static]
    mixed = load("cute_cases_mixed.jsonl")[: a.mixed]
    lines = [
        "//! GENERATED by scripts/gen_typed_cases.py from tests/data/*.jsonl: CuTe's exact",
        "//! answers, recomputed through the typed API. Do not edit by hand.",
        "// Generated code: clippy's lints do not apply to it, so `cargo clippy` skips this crate",
        "// (CI's longest check); rustc's warnings are errors in it instead.",
        "#![cfg(not(clippy))]",
        "#![deny(warnings)]",
        "use cutlet_core::prelude::*;",
        "",
        "fn check<T: core::fmt::Display>(t: &T, expect: &str, expr: &str) {",
        "    assert_eq!(t.to_string(), expect, \"{expr}\");",
        "}",
        "",
    ]
    for label, cases in (("static", stat), ("mixed", mixed)):
        chunk = 50
        for c in range(0, len(cases), chunk):
            lines.append("#[test]")
            lines.append(f"fn {label}_{c // chunk:02}() {{")
            for expr, expect in cases[c:c + chunk]:
                lets, call, static = rust_case(expr, expect)
                lines.append(f"    {{ {lets}let r = {call}; check(&r, {json.dumps(expect)}, {json.dumps(expr)});"
                             + (" assert_eq!(core::mem::size_of_val(&r), 0); }" if static else " }"))
            lines.append("}")
            lines.append("")
    if a.out:
        open(a.out, "w").write("\n".join(lines))
        subprocess.run(["rustfmt", "--edition", "2024", a.out], check=True)
        print(f"wrote {len(stat)} static and {len(mixed)} mixed cases to {a.out}")
    if a.bin:
        bl = ["// GENERATED by scripts/gen_typed_cases.py: the typed sample's static cases as a program.",
              "use cutlet_core::prelude::*;", "fn main() {"]
        for expr, expect in stat:
            lets, call, static = rust_case(expr, expect)
            bl.append(f"    println!(\"{{}}\", {call});")
        bl.append("}")
        open(a.bin, "w").write("\n".join(bl) + "\n")
        print(f"wrote {a.bin}")
    if a.cpp:
        cl = ["// GENERATED by scripts/gen_typed_cases.py: the typed sample's static cases as CuTe C++.",
              "#include <cute/tensor.hpp>", "using namespace cute;", "int main() {"]
        for expr, expect in stat:
            cl.append(f"  print({cpp_case(expr)}); printf(\"\\n\");")
        cl.append("}")
        open(a.cpp, "w").write("\n".join(cl) + "\n")
        print(f"wrote {a.cpp}")


if __name__ == "__main__":
    main()
