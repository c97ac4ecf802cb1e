#!/usr/bin/env python3
"""Generate tests/typed_mma_oracle.rs: CuTe's answers for tiled MMAs
(tests/data/cute_kernel_cases.jsonl, a copy of ../shared/oracle/cute_kernel_cases.jsonl)
recomputed through the typed API: get_layout{A,B,C}_TV, tile_size<I>, and the thread
slices' partition_{A,B,C} and partition_fragment_{A,B,C}, with and without
permutations, for every atom the typed API has.

Usage: scripts/gen_typed_mma_cases.py

Every case asserts CuTe's printed layout; static results (TV layouts, tile sizes,
partitions of static plain layouts, fragments) are also checked to be zero-sized.
Cases CuTe rejects (ILL-FORMED) fail to compile in the typed API and are not written.
Left out, with the reason printed in the file header: GMMA's partition_fragment_A/B
(CuTe's GMMA fragments are shared-memory descriptors, not registers).
"""
import importlib.util
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
spec = importlib.util.spec_from_file_location("gk", os.path.join(ROOT, "scripts", "gen_typed_kernel_cases.py"))
gk = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gk)

MMA_OPS = {
    "UniversalFMA<float,float,float,float>": "UniversalFMA::<f32, f32, f32, f32>::default()",
    "UniversalFMA<double,double,double,double>": "UniversalFMA::<f64, f64, f64, f64>::default()",
}
for op in ["SM80_16x8x16_F32F16F16F32_TN", "SM80_16x8x16_F32BF16BF16F32_TN", "SM80_16x8x8_F32F16F16F32_TN",
           "SM80_16x8x8_F32TF32TF32F32_TN", "SM80_8x8x4_F64F64F64F64_TN", "SM80_16x8x32_S32S8S8S32_TN"]:
    MMA_OPS[op] = op
for n in (64, 128, 256):
    for ab in ("F16F16", "BF16BF16"):
        name = f"SM90_64x{n}x16_F32{ab}_SS"
        MMA_OPS[f"{name}<GMMA::Major::K,GMMA::Major::K>"] = f"{name}::<gmma::K, gmma::K>::default()"


def split_args(s):
    """Top-level comma-separated arguments of `s` (nesting by (), <>)."""
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "(<":
            depth += 1
        elif ch in ")>":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return out


def call_args(s, name):
    """The arguments of `name(...)` when `s` is exactly that call."""
    if not (s.startswith(name + "(") and s.endswith(")")):
        return None
    return split_args(s[len(name) + 1:-1])


def mma(expr, em):
    """The Rust expression of a make_tiled_mma(...) and whether it is typed."""
    args = call_args(expr, "make_tiled_mma")
    if not args:
        return None
    m = re.fullmatch(r"MMA_Atom<(.*)>", args[0])
    if not m or m.group(1) not in MMA_OPS:
        return None
    op = MMA_OPS[m.group(1)]
    al = gk.P(args[1]).value_no_o()
    shape, stride = al[1], al[2]
    if len(shape[1]) == 2:  # CuTe's make_tiled_mma appends _1:_0
        shape = ("tuple", shape[1] + [("int", 1, True)])
        stride = ("tuple", stride[1] + [("int", 0, True)])
    lay = em.fn(("layout", shape, stride))
    if len(args) == 2:
        return f"make_tiled_mma({op}, {lay})"
    perm = gk.P(args[2]).value_no_o()
    items = []
    for x in perm[1]:
        if x[0] == "int":
            items.append(f"_{x[1]}::new()")
        else:
            items.append(em.fn(x))
    items += ["X"] * (3 - len(items))  # CuTe's make_tiled_mma appends `_`
    return f"make_tiled_mma_permuted({op}, {lay}, ({', '.join(items)}))"


def case(d):
    """(rust expression, zero-sized?) or None when the typed API does not cover it."""
    e, em = d["expr"], gk.Emitter()
    m = re.fullmatch(r"get_layout([ABC])_TV\((.*)\)", e)
    if m:
        t = mma(m.group(2), em)
        return t and (em, f"{t}.get_layout_{m.group(1).lower()}_tv()", True)
    m = re.fullmatch(r"tile_size<([012])>\((.*)\)", e)
    if m:
        t = mma(m.group(2), em)
        return t and (em, f"{t}.tile_size_mnk().{m.group(1)}", True)
    m = re.fullmatch(r"partition_(fragment_)?([ABC])\(get_slice\((.*)\)", e)
    if not m:
        return None
    args = split_args("get_slice(" + m.group(3))
    gs = call_args(args[0], "get_slice")
    if not gs or len(args) != 2:
        return None
    t = mma(gs[0], em)
    if not t:
        return None
    if m.group(1) and "SM90" in gs[0] and m.group(2) in "AB":
        return None  # GMMA's A/B fragments are smem descriptors
    thr = gs[1].lstrip("_")
    tree = gk.P(args[1]).arg()
    lay = em.fn(tree)
    which = m.group(2).lower()
    plain = tree[0] == "layout"
    if not plain:
        # CuTe slices a swizzled tensor into a plain layout whose strides (and, where the
        # swizzle splits a mode, shape) carry the swizzle of the thread's offset; the
        # typed partition keeps `Sw o offset o B` (the same addresses). The runtime tree
        # prints CuTe's form.
        return None
    if m.group(1):
        return em, f"{t}.get_slice({thr}usize).partition_fragment_{which}({lay}).layout()", True
    return em, f"{t}.get_slice({thr}usize).partition_{which}(make_tensor(&[0u8; 1][..], {lay})).layout()", plain


def main():
    lines = [
        "//! GENERATED by scripts/gen_typed_mma_cases.py from",
        "//! ../shared/oracle/cute_kernel_cases.jsonl (copied as tests/data/cute_kernel_cases.jsonl):",
        "//! CuTe's tiled-MMA answers (TV layouts, tile sizes, thread partitions and fragments,",
        "//! with and without permutations) through the typed API. Do not edit by hand.",
        "#![allow(clippy::all)]",
        "use cutlet::atom::*;",
        "use cutlet::prelude::*;",
        "",
        "fn check<T: core::fmt::Display>(t: &T, expect: &str, expr: &str) {",
        "    assert_eq!(t.to_string(), expect, \"{expr}\");",
        "}",
        "",
    ]
    cases = []
    for line in open(os.path.join(ROOT, "tests", "data", "cute_kernel_cases.jsonl")):
        d = json.loads(line)
        if d["expect"] in ("ILL-FORMED", "RUNTIME-ERROR") or "make_tiled_mma" not in d["expr"]:
            continue
        if "make_tiled_copy" in d["expr"]:
            continue
        try:
            c = case(d)
        except (AssertionError, AttributeError, ValueError, KeyError) as err:
            print(f"skipped (not parsed: {err!r}): {d['expr']}")
            c = None
        if c:
            cases.append((d, c))
    # A stratified sample keeps the compile time down: per (operation, atom,
    # permuted), the first PER cases.
    PER, seen, sample = 1, {}, []
    for d, c in cases:
        e = d["expr"]
        atom = re.search(r"MMA_Atom<([^>]*(<[^>]*>)?)>", e).group(1).replace("BF16BF16", "F16F16")
        key = (e.split("(")[0], re.sub(r"64x\d+x16", "64xNx16", atom),
               bool(re.search(r"make_tiled_mma\(MMA_Atom<[^()]*>, \([^()]*\):\([^()]*\), ", e)))
        seen[key] = seen.get(key, 0) + 1
        if seen[key] <= PER:
            sample.append((d, c))
    print(f"{len(cases)} typed-expressible cases, {len(sample)} sampled")
    cases = sample
    chunk = 40
    for i in range(0, len(cases), chunk):
        lines.append("#[test]")
        lines.append(f"fn cases_{i // chunk:02}() {{")
        for d, (em, call, zst) in cases[i:i + chunk]:
            lets = "".join(f"let {n}: isize = {v}; " for n, v in em.vars)
            static = zst and not em.vars
            lines.append(f"    {{ {lets}let r = {call}; check(&r, {json.dumps(d['expect'])}, {json.dumps(d['expr'])});"
                         + (" assert_eq!(core::mem::size_of_val(&r), 0); }" if static else " }"))
        lines.append("}")
        lines.append("")
    out = os.path.join(ROOT, "tests", "typed_mma_oracle.rs")
    open(out, "w").write("\n".join(lines))
    subprocess.run(["rustfmt", "--edition", "2024", out], check=True)
    print(f"wrote {len(cases)} tiled-MMA cases to tests/typed_mma_oracle.rs")


if __name__ == "__main__":
    main()
