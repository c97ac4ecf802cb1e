#!/usr/bin/env python3
"""Generate tests/typed_copy_oracle.rs: CuTe's Copy_Atom / make_tiled_copy[_A|_B|_C] /
get_layout{S,D}_TV / tile_size / partition_{S,D} / retile_{S,D} answers
(tests/data/cute_kernel_cases.jsonl) recomputed through the typed API.

Left out: composed (swizzled) tensors (CuTe prints thread-dependent swizzle strides the
typed slice does not reproduce), retile of partition_fragment_{A,B} expressions (the
generator takes a plain layout there), ILL-FORMED cases (compile errors here).
"""
import importlib.util
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_typed_kernel_cases import P, Emitter  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = {"half_t": "half::f16", "float": "f32", "double": "f64", "bfloat16_t": "half::bf16"}
OPS = {
    "DefaultCopy": "DefaultCopy",
    "UniversalCopy<uint32_t>": "cutlet::atom::UniversalCopy<u32>",
    "UniversalCopy<uint64_t>": "cutlet::atom::UniversalCopy<u64>",
    "UniversalCopy<uint128_t>": "cutlet::atom::UniversalCopy<u128>",
    "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>": "SM80_CP_ASYNC_CACHEALWAYS<u128>",
    "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>": "SM80_CP_ASYNC_CACHEGLOBAL<u128>",
}
for n in ["SM75_U32x1_LDSM_N", "SM75_U32x2_LDSM_N", "SM75_U32x4_LDSM_N",
          "SM75_U16x2_LDSM_T", "SM75_U16x4_LDSM_T", "SM75_U16x8_LDSM_T"]:
    OPS[n] = n
ATOM_RE = re.compile(r"Copy_Atom<(.*),([a-z_0-9]+)>$")


EXCLUDE: set = set()


class Skip(Exception):
    pass


# The tiled MMAs (any typed atom, permutations included) come from the MMA generator.
_spec = importlib.util.spec_from_file_location("gm", os.path.join(ROOT, "scripts", "gen_typed_mma_cases.py"))
TYPED_MMA = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TYPED_MMA)


def call_parts(s):
    m = re.match(r"([A-Za-z_0-9]+)(?:<(\d)>)?\((.*)\)$", s)
    if not m:
        raise Skip(s)
    return m.group(1), m.group(2), TYPED_MMA.split_args(m.group(3))


def atom(s):
    m = ATOM_RE.match(s)
    if not m or m.group(1) not in OPS or m.group(2) not in TYPES:
        raise Skip(s)
    return f"Copy_Atom::<{OPS[m.group(1)]}, {TYPES[m.group(2)]}>::new()"


def static_layout(e, s):
    t = P(s).value_no_o()
    if t[0] != "layout":
        raise Skip(s)
    return e.fn(t)


def tiled_copy(e, s):
    name, _, args = call_parts(s)
    if name == "make_tiled_copy":
        if len(args) != 3:
            raise Skip(s)
        return f"make_tiled_copy({atom(args[0])}, {static_layout(e, args[1])}, {static_layout(e, args[2])})"
    if name in ("make_tiled_copy_A", "make_tiled_copy_B", "make_tiled_copy_C"):
        mma = TYPED_MMA.mma(args[1], e) if len(args) == 2 else None
        if not mma:
            raise Skip(s)
        return f"make_tiled_copy_{name[-1].lower()}({atom(args[0])}, &{mma})"
    raise Skip(s)


def case(expr):
    e = Emitter()
    name, targ, args = call_parts(expr)
    if name in ("get_layoutS_TV", "get_layoutD_TV"):
        return e, f"{tiled_copy(e, args[0])}.get_layout_{name[10].lower()}_tv()", True
    if name == "tile_size":
        return e, f"{tiled_copy(e, args[0])}.tile_size::<{targ}>()", True
    if name in ("partition_S", "partition_D"):
        gname, _, gargs = call_parts(args[0])
        if gname != "get_slice":
            raise Skip(expr)
        tc = tiled_copy(e, gargs[0])
        thr = gargs[1].lstrip("_")
        t = P(args[1]).value_no_o()
        if t[0] != "layout":
            raise Skip(expr)
        lay = e.fn(t)
        method = name.lower()
        return e, f"{tc}.get_slice({thr}isize).{method}(make_tensor(&DATA[..], {lay})).layout()", not e.vars
    if name in ("retile_S", "retile_D"):
        gname, _, gargs = call_parts(args[0])
        if gname != "get_slice":
            raise Skip(expr)
        tc = tiled_copy(e, gargs[0])
        thr = gargs[1].lstrip("_")
        t = P(args[1]).value_no_o()
        if t[0] != "layout":
            raise Skip(expr)
        return e, f"{tc}.get_slice({thr}isize).{name.lower()}(make_tensor(&DATA[..], {e.fn(t)})).layout()", not e.vars
    raise Skip(expr)


def main():
    cases, skipped = [], 0
    for line in open(os.path.join(ROOT, "tests", "data", "cute_kernel_cases.jsonl")):
        d = json.loads(line)
        if "Copy_Atom" not in d["expr"]:
            continue
        if d["expect"] in ("ILL-FORMED", "RUNTIME-ERROR") or d["expr"] in EXCLUDE:
            skipped += 1
            continue
        try:
            e, call, static = case(d["expr"])
        except (Skip, AssertionError, AttributeError, ValueError):
            skipped += 1
            continue
        cases.append((d["expr"], d["expect"], e, call, static))
    # A stratified sample keeps the compile time down: per (operation, copy atom, how
    # the tiled copy is made), the first PER cases.
    PER, seen, sample = 1, {}, []
    for c in cases:
        expr = c[0]
        key = (expr.split("(")[0], re.search(r"Copy_Atom<([^>]*(<[^>]*>)?),", expr).group(1),
               re.search(r"make_tiled_copy(_[ABC])?\(", expr).group(0))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= PER:
            sample.append(c)
    print(f"{len(cases)} typed-expressible cases, {len(sample)} sampled")
    cases = sample
    out = os.path.join(ROOT, "tests", "typed_copy_oracle.rs")
    lines = [
        "//! GENERATED by scripts/gen_typed_copy_cases.py from tests/data/cute_kernel_cases.jsonl:",
        "//! CuTe's tiled-copy answers through the typed API. Do not edit by hand.",
        "#![allow(clippy::all)]",
        "#![recursion_limit = \"256\"]",
        "use cutlet::atom::*;",
        "use cutlet::prelude::*;",
        "",
        "static DATA: [u8; 1 << 20] = [0; 1 << 20];",
        "",
    ]
    per = 40
    for c in range(0, len(cases), per):
        lines.append("#[test]")
        lines.append(f"fn cases_{c // per:02}() {{")
        for expr, expect, e, call, static in cases[c:c + per]:
            lets = "".join(f"let {n}: isize = {v}; " for n, v in e.vars)
            z = " assert_eq!(core::mem::size_of_val(&r), 0);" if static else ""
            lines.append(f"    {{ {lets}let r = {call}; assert_eq!(r.to_string(), {json.dumps(expect)}, {json.dumps(expr)});{z} }}")
        lines.append("}")
        lines.append("")
    open(out, "w").write("\n".join(lines))
    subprocess.run(["rustfmt", "--edition", "2024", out], check=True)
    print(f"wrote {len(cases)} cases ({sum(c[4] for c in cases)} static) to {out}; left out {skipped}")


if __name__ == "__main__":
    main()
