#!/usr/bin/env python3
"""Writes core/tests/typed_composed_oracle.rs: CuTe's answers for swizzles, composed
layouts and `recast_layout` (the cases of tests/data/cute_kernel_layout_cases.jsonl and
tests/data/cute_nested_composed_cases.jsonl that involve a swizzle, and every
`recast_layout` case) recomputed through `cutlet-core`'s typed API.

Well-formed cases must print CuTe's exact answer (and be zero-sized when the answer is
static); ILL-FORMED cases must carry the type-level error that stops a build. Cases
whose operation the typed API does not offer on composed layouts are counted and left
out (the script prints which).

Run: `python3 core/scripts/gen_typed_composed_oracle.py`.
"""
import collections
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from oracle_notation import P  # noqa: E402  (the oracle notation's parser)

FILES = ["cute_kernel_layout_cases.jsonl", "cute_nested_composed_cases.jsonl"]
OUT = os.path.join(ROOT, "tests", "typed_composed_oracle.rs")

# CuTe operation -> (Rust function, result type for the ill-formed check).
OPS = {
    "composition": ("composition", "L0::ComposeFn<A1>"),
    "coalesce": ("coalesce", "L0::Coalesce"),
    "complement": ("complement", "L0::ComplementSelf"),
    "right_inverse": ("right_inverse", "L0::RightInverseFn"),
    "left_inverse": ("left_inverse", "L0::LeftInverseFn"),
    "logical_divide": ("logical_divide", "L0::LogicalDivide<A1>"),
    "zipped_divide": ("zipped_divide", "L0::ZippedDivide<A1>"),
    "tiled_divide": ("tiled_divide", "L0::TiledDivide<A1>"),
    "flat_divide": ("flat_divide", "L0::FlatDivide<A1>"),
    "logical_product": ("logical_product", "L0::LogicalProduct<A1>"),
    "blocked_product": ("blocked_product", "L0::BlockedProduct<A1>"),
    "raked_product": ("raked_product", "L0::RakedProduct<A1>"),
    "tile_to_shape": ("tile_to_shape", "L0::TileToShape<A1, LayoutLeftOrder<A1>>"),
    "tile_to_shape_ordered": ("tile_to_shape_ordered", "L0::TileToShape<A1, A2>"),
    "upcast": ("upcast", "L0::Upcast<Idx<{0}>>"),
    "downcast": ("downcast", "L0::Downcast<Idx<{0}>>"),
    "nullspace": ("nullspace", "L0::Nullspace"),
    "flatten": ("flatten", "L0::Flatten"),
    "get": ("get", None),
    "take": ("take", "L0::Take<Idx<{0}>, Idx<{1}>>"),
    "group_modes": ("group", "L0::Group<Idx<{0}>, Idx<{1}>>"),
    "size": ("size", None),
    "cosize": ("cosize", None),
    "depth": ("depth", None),
    "crd2idx": (None, None),
    "recast_layout": ("recast_layout", "RecastLayout<L0, {0}, {1}>"),
}
# CuTe element type -> Rust type of the same width (only the width matters).
TYPES = {
    "uint8_t": "u8", "int8_t": "i8", "uint16_t": "u16", "int16_t": "i16",
    "half_t": "half::f16", "bfloat16_t": "half::bf16", "uint32_t": "u32",
    "int32_t": "i32", "float": "f32", "tfloat32_t": "f32", "uint64_t": "u64",
    "int64_t": "i64", "double": "f64", "uint128_t": "u128",
}


# The operations whose first argument may be a swizzle (bound by `LayoutFn`).
FN_OPS = {"composition", "right_inverse", "left_inverse", "upcast", "downcast", "recast_layout"}


class Unsupported(Exception):
    pass


def tup(t):
    if t[0] == "int":
        return str(t[1]) if t[2] else "{%disize}" % t[1]
    return "(" + ",".join(tup(x) for x in t[1]) + ")"


def fn(f):
    """A layout, a swizzle, a composed layout or a nested call."""
    k = f[0]
    if k == "layout":
        return f"layout!({tup(f[1])}:{tup(f[2])})"
    if k == "sw":
        _, b, m, s = f
        return f"Swizzle::<{b}, {m}, {s}>::new()" if s >= 0 else f"SwizzleNeg::<{b}, {m}, {-s}>::new()"
    if k == "composed":
        if f[3][0] == "sw":
            raise Unsupported("a swizzle as the inner function of a composed layout")
        return f"make_composed_layout({fn(f[1])}, {offset(f[2])}, {fn(f[3])})"
    if k == "call":
        return call(f)
    raise Unsupported(k)


def offset(o):
    if o[0] == "smem":
        return f"SmemPtrFlag::<{o[1]}>::new()"
    return f"shape!({o[1]})" if o[2] else f"{o[1]}isize"


def tiler(t):
    if t[0] in ("layout", "sw", "composed", "call"):
        return fn(t)
    if t[0] == "int" or all(x[0] == "int" or x[0] == "tuple" for x in t[1]):
        if t[0] == "tuple" and any(x[0] != "int" and not is_int_tuple(x) for x in t[1]):
            raise Unsupported("tiler")
        return f"shape!({tup(t)})"
    return "(" + "".join(tiler(x) + ", " for x in t[1]) + ")"


def is_int_tuple(t):
    return t[0] == "int" or (t[0] == "tuple" and all(is_int_tuple(x) for x in t[1]))


def args_of(c):
    _, name, targs, args = c
    if name not in OPS:
        raise Unsupported(name)
    if name not in FN_OPS | {"crd2idx"} and args[0][0] == "sw":
        raise Unsupported("a swizzle as the first argument")
    if name != "logical_product" and name.endswith(("_divide", "_product")) and len(args) > 1 and args[1][0] in ("sw", "composed"):
        raise Unsupported("a product or divide by a composed layout")
    if name == "coalesce" and len(args) != 1:
        raise Unsupported("coalesce with a profile")
    if name == "complement" and len(args) != 1:
        raise Unsupported("complement with a cotarget")
    if name == "tile_to_shape" and len(args) == 3:
        name = "tile_to_shape_ordered"
    rust, _ = OPS[name]
    if name == "recast_layout":
        targs = [TYPES[t] for t in targs]
    if name in ("tile_to_shape", "tile_to_shape_ordered"):
        rendered = [fn(args[0])] + [f"shape!({tup(a)})" for a in args[1:]]
    elif name in ("blocked_product", "raked_product"):
        rendered = [fn(args[0]), fn(args[1])]
    elif name == "crd2idx":
        rendered = [coord(args[0]), fn(args[1])]
    elif len(args) == 2:
        rendered = [fn(args[0]), tiler(args[1])]
    else:
        rendered = [fn(a) for a in args]
    return name, rust, targs, rendered


def coord(t):
    return f"shape!({tup(t)})" if t[0] == "tuple" or t[2] else f"{t[1]}isize"


def call(c):
    name, rust, targs, rendered = args_of(c)
    if name == "crd2idx":
        target = c[3][1]
        method = "apply_leaf" if target[0] == "sw" else "call"
        return f"{rendered[1]}.{method}({rendered[0]})"
    if name == "get":
        out = rendered[0]
        for t in targs:
            out = f"get::<{t}, _>({out})"
        return out
    if targs:
        return f"{rust}::<{', '.join(targs)}, _>({', '.join(rendered)})"
    return f"{rust}({', '.join(rendered)})"


def fully_static(expect):
    import re
    s = re.sub(r"Sw<[-\d,]+>|smem_ptr\[\d+b\]\(unset\)| o ", " ", expect)
    return not any(t and not t.startswith("_") for t in re.split(r"[^A-Za-z0-9_-]", s))


def case(d, ill_helpers):
    tree = P(d["expr"]).arg()
    if tree[0] != "call":
        raise Unsupported("not a call")
    esc = d["expr"].replace('"', '\\"')
    if d["expect"] == "ILL-FORMED":
        name, rust, targs, rendered = args_of(tree)
        result = OPS[name][1]
        if result is None:
            raise Unsupported("ill-formed " + name)
        key = "_".join([rust] + targs).replace("::", "_")
        first = "LayoutFn" if name in FN_OPS else "Layout"
        bounds = [f"L0: {first}"] + [f"A{i}: {'Tiler' if 'A1' in result and i == 1 and name not in ('blocked_product', 'raked_product') else 'Layout' if name in ('blocked_product', 'raked_product') else 'IntTuple'}" for i in range(1, len(rendered))]
        params = ", ".join(f"a{i}: {'L0' if i == 0 else f'A{i}'}" for i in range(len(rendered)))
        args = ", ".join(f"a{i}" for i in range(len(rendered)))
        ill_helpers[key] = (
            f"#[inline(never)]\nfn ill_{key}<{', '.join(bounds)}>({params}, expr: &str) {{\n"
            f"    let _ = {args if len(rendered) == 1 else '(' + args + ')'};\n"
            f"    assert!(<<{result.format(*targs)} as {first}>::HasErr as Bit>::BOOL, \"{{expr}}: CuTe rejects it, so the type must carry an error\");\n}}"
        )
        return f"    ill_{key}({', '.join(rendered)}, \"{esc}\");"
    zst = "true" if fully_static(d["expect"]) and fully_static(d["expr"]) else "false"
    return f"    check({call(tree)}, \"{d['expect']}\", {zst}, \"{esc}\");"


def main():
    bodies, ill_helpers, left = [], {}, collections.Counter()
    for fname in FILES:
        for line in open(os.path.join(ROOT, "..", "tests", "data", fname)):
            d = json.loads(line)
            if "Sw<" not in d["expr"] + d["expect"] and not d["expr"].startswith("recast_layout"):
                continue
            try:
                bodies.append(case(d, ill_helpers))
            except Unsupported as e:
                left[str(e)] += 1
    out = [
        "//! GENERATED by core/scripts/gen_typed_composed_oracle.py from "
        + ", ".join(f"tests/data/{f}" for f in FILES) + ":",
        "//! CuTe's answers for swizzles, composed layouts and recast_layout, recomputed through the typed",
        "//! API. Do not edit by hand.",
        "// Generated code: clippy's lints do not apply to it, so `cargo clippy` skips this crate;",
        "// rustc's warnings are errors in it instead.",
        "#![cfg(not(clippy))]",
        "#![deny(warnings)]",
        "use cutlet_core::prelude::*;",
        "use cutlet_core::tuple::Idx;",
        "",
        "/// Prints as CuTe does; a static result is zero-sized.",
        "#[inline(never)]",
        "fn check<R: CuteDisplay>(r: R, expect: &str, zst: bool, expr: &str) {",
        "    assert_eq!(Cute(&r).to_string(), expect, \"{expr}\");",
        "    assert!(!zst || core::mem::size_of::<R>() == 0, \"{expr}: a static result must be zero-sized\");",
        "}",
    ]
    out += [ill_helpers[k] for k in sorted(ill_helpers)]
    if any("RecastLayout" in h for h in ill_helpers.values()):
        out.insert(out.index("use cutlet_core::tuple::Idx;"), "use cutlet_core::algebra::recast::RecastLayout;")
    out.append("")
    per = 40
    for i in range(0, len(bodies), per):
        out.append(f"#[test]\nfn cases_{i // per:02}() {{\n" + "\n".join(bodies[i:i + per]) + "\n}\n")
    with open(OUT, "w") as f:
        f.write("\n".join(out))
    subprocess.run(["rustfmt", "--edition", "2024", OUT], check=True)
    print(OUT, len(bodies), "cases; left out:", dict(left))


main()
