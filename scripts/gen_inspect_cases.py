#!/usr/bin/env python3
"""Generate CuTe's answers for the CLI's inspection operations.

Usage: scripts/gen_inspect_cases.py --include DIR [--include DIR ...] [--seed N] [--count N]

Writes tests/data/cute_inspect_cases.jsonl: `{"expr": ..., "expect": ...}` lines, `expect`
exactly what CuTe's print() writes, or ILL-FORMED where CuTe refuses to compile the
expression. Each random expression is written twice: in cutlet's notation (the CLI's
`get<1>(L)`, `crd2idx(c, L)`, ...) and as CuTe C++ (static leaves `Int<N>{}`, dynamic
leaves `int`). All cases go into one translation unit, one function per case, in
target/inspect_cases/; g++ -fsyntax-only finds the cases CuTe rejects (every diagnostic
names a line of the case that instantiated it), those are marked ILL-FORMED and dropped,
and the rest is compiled and run once. CuTe's headers come from the `nvidia-cutlass`
4.2.0.0 wheel (plus the CUDA runtime/cccl/nvcc wheels' include dirs); they are never
copied into this repository. The committed file was made with `--seed 2 --count 2`.
"""
import argparse
import json
import os
import random
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "target", "inspect_cases")


# A value is ("int", v, static) or ("tuple", [values]) or ("layout", shape, stride).
def leaf(v, st=True):
    return ("int", v, st)


def txt(x):
    if x[0] == "int":
        return ("_" if x[2] else "") + str(x[1])
    if x[0] == "tuple":
        return "(" + ",".join(txt(e) for e in x[1]) + ")"
    return txt(x[1]) + ":" + txt(x[2])


def cpp(x):
    if x[0] == "int":
        return f"Int<{x[1]}>{{}}" if x[2] else f"int({x[1]})"
    if x[0] == "tuple":
        return "cute::make_tuple(" + ",".join(cpp(e) for e in x[1]) + ")"
    return f"make_layout({cpp(x[1])},{cpp(x[2])})"


def rank(x):
    if x[0] == "layout":
        return rank(x[1])
    return len(x[1]) if x[0] == "tuple" else 1


def size(x):
    if x[0] == "int":
        return x[1]
    p = 1
    for e in x[1]:
        p *= size(e)
    return p


class Gen:
    def __init__(self, rng, dyn_p):
        self.r = rng
        self.dyn_p = dyn_p

    def extent(self):
        return self.r.choice([1, 1, 2, 2, 2, 3, 4, 4, 6, 8, 16])

    def st(self):
        return self.r.random() >= self.dyn_p

    def shape(self, depth=2, rank_max=4):
        n = self.r.randint(1, rank_max)
        items = []
        for _ in range(n):
            if depth > 1 and self.r.random() < 0.25:
                items.append(self.shape(depth - 1, 3))
            else:
                items.append(leaf(self.extent(), self.st()))
        return ("tuple", items)

    def int_tuple(self):
        # Mostly tuples, some bare integers.
        if self.r.random() < 0.15:
            return leaf(self.extent(), self.st())
        return self.shape()

    def like(self, t, f):
        if t[0] == "int":
            return f(t)
        return ("tuple", [self.like(e, f) for e in t[1]])

    def stride_for(self, s):
        return self.like(s, lambda e: leaf(self.r.choice([0, 1, 1, 2, 3, 4, 8, 16, 24]), self.st()))

    def layout(self):
        s = self.shape()
        if self.r.random() < 0.1:
            s = leaf(self.extent(), self.st())
        return ("layout", s, self.stride_for(s))

    def coord_for(self, s, hier=True):
        """A coordinate inside shape s: hierarchical, or partly flattened to integers."""
        if s[0] == "int" or (not hier or self.r.random() < 0.3):
            return leaf(self.r.randrange(size(s)), self.st())
        return ("tuple", [self.coord_for(e) for e in s[1]])

    def tuple_or_layout(self):
        return self.layout() if self.r.random() < 0.6 else self.int_tuple()

    def pair(self, related):
        a = self.int_tuple()
        if related == "same":
            b = self.like(a, lambda e: leaf(self.extent(), self.st()))
        elif related == "bigger":
            b = self.like(a, lambda e: leaf(e[1] + self.r.randint(-1, 3), self.st()))
        elif related == "multiple":
            b = self.like(a, lambda e: leaf(self.r.choice([1, 2, e[1]]), self.st()))
        else:
            b = self.int_tuple()
        return a, b


def case(g, op):
    r = g.r
    if op == "get":
        x = g.tuple_or_layout()
        n = rank(x)
        i = r.randrange(n + (1 if r.random() < 0.1 else 0))
        idx = [i]
        sub = x[1][1][i] if x[0] == "layout" and x[1][0] == "tuple" and i < n else None
        if sub is None and x[0] == "tuple" and i < n:
            sub = x[1][i]
        if sub is not None and sub[0] == "tuple" and r.random() < 0.6:
            idx.append(r.randrange(len(sub[1])))
        return f"get<{','.join(map(str, idx))}>", [x]
    if op in ("take", "group", "group_modes"):
        x = g.layout() if op == "group_modes" or r.random() < 0.7 else g.int_tuple()
        n = rank(x)
        b = r.randint(0, n)
        e = r.randint(b, n) if r.random() < 0.9 else r.randint(0, n + 1)
        if op == "take" and b == e and r.random() < 0.7:
            e = min(n, b + 1)
        return f"{op}<{b},{e}>", [x]
    if op == "select":
        x = g.tuple_or_layout()
        n = rank(x)
        k = r.randint(1, 3)
        idx = [r.randrange(n + (1 if r.random() < 0.08 else 0)) for _ in range(k)]
        return f"select<{','.join(map(str, idx))}>", [x]
    if op == "idx2crd":
        s = g.shape()
        if r.random() < 0.15:
            i = g.coord_for(s)
        else:
            i = leaf(r.randrange(size(s)), g.st())
        return op, [i, s]
    if op == "crd2idx":
        form = r.choice(["layout", "layout", "layout", "shape_stride", "shape"])
        lay = g.layout()
        c = g.coord_for(lay[1])
        if form == "layout":
            return op, [c, lay]
        if form == "shape_stride":
            return op, [c, lay[1], lay[2]]
        return op, [c, lay[1]]
    if op in ("elem_less", "congruent", "weakly_congruent", "compatible"):
        rel = r.choice(["same", "bigger", "multiple", "any"])
        a, b = g.pair(rel)
        if op in ("weakly_congruent", "compatible") and r.random() < 0.3:
            # a leaf or a coarser profile against a finer one
            a = leaf(size(b) if r.random() < 0.7 else g.extent(), g.st()) if r.random() < 0.5 \
                else g.like(b, lambda e: e) if b[0] == "int" else \
                ("tuple", [leaf(size(e), g.st()) for e in b[1]])
        if op in ("congruent", "compatible") and r.random() < 0.15:
            a, b = g.layout(), g.layout()
        return op, [a, b]
    if op == "evenly_divides":
        a, b = g.pair(r.choice(["multiple", "multiple", "same", "any"]))
        if r.random() < 0.2 and a[0] == "tuple":
            b = ("tuple", b[1][: r.randint(1, len(b[1]))]) if b[0] == "tuple" else b
        return op, [a, b]
    if op in ("shape_div", "ceil_div"):
        a, b = g.pair(r.choice(["multiple", "multiple", "same", "any"]))
        if r.random() < 0.25:
            b = leaf(r.choice([1, 2, 3, 4, 8, 16]), g.st())
        return op, [a, b]
    if op == "inner_product":
        a, b = g.pair(r.choice(["same", "same", "any"]))
        return op, [a, b]
    if op in ("product", "prefix_product"):
        return op, [g.int_tuple() if r.random() < 0.85 else g.layout()]
    raise ValueError(op)


def cpp_call(name, args):
    # CuTe spells group_modes on a layout `group`; crd2idx(c, L) is L(c).
    if name.startswith("group_modes<"):
        name = "group<" + name[len("group_modes<"):]
    if name == "crd2idx" and len(args) == 2 and args[1][0] == "layout":
        return f"({cpp(args[1])})({cpp(args[0])})"
    return f"{name}({','.join(cpp(a) for a in args)})"


OPS = [
    ("get", 40), ("take", 30), ("select", 30), ("group", 20), ("group_modes", 12),
    ("idx2crd", 25), ("crd2idx", 40), ("elem_less", 20), ("congruent", 20),
    ("weakly_congruent", 20), ("compatible", 20), ("evenly_divides", 20), ("shape_div", 20),
    ("prefix_product", 4), ("inner_product", 15), ("ceil_div", 20), ("product", 15),
]

HEADER = """#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
"""


def compile_cases(cases, includes):
    os.makedirs(OUT_DIR, exist_ok=True)
    src = os.path.join(OUT_DIR, "inspect.cpp")
    flags = ["g++", "-std=c++17", "-w"] + [f"-I{d}" for d in includes]
    alive = dict(enumerate(cases))
    ill = set()
    while True:
        lines = HEADER.splitlines()
        line_of = {}
        for i, (expr, call) in alive.items():
            line_of[len(lines) + 1] = i
            lines.append(f'void case_{i}() {{ printf("{i}\\t"); print({call}); printf("\\n"); }}')
        lines.append("int main() {")
        lines += [f"  case_{i}();" for i in alive]
        lines.append("  return 0;\n}")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        p = subprocess.run(flags + ["-fsyntax-only", "-fmax-errors=0", src],
                           capture_output=True, text=True)
        if p.returncode == 0:
            break
        bad = {line_of[int(m)] for m in re.findall(r"inspect\.cpp:(\d+):", p.stderr)
               if int(m) in line_of}
        if not bad:
            raise SystemExit("g++ failed outside the cases:\n" + p.stderr[-4000:])
        ill |= bad
        for i in bad:
            del alive[i]
        print(f"{len(bad)} ill-formed, {len(alive)} left")
    exe = os.path.join(OUT_DIR, "inspect")
    subprocess.run(flags + ["-O0", src, "-o", exe], check=True)
    out = subprocess.run([exe], capture_output=True, text=True, check=True).stdout
    got = {}
    for line in out.splitlines():
        i, v = line.split("\t", 1)
        got[int(i)] = v
    return got, ill


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--include", action="append", required=True)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=1, help="multiplier of the per-op counts")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    exprs, calls = [], []
    seen = set()
    for op, n in OPS:
        made = 0
        while made < n * args.count:
            g = Gen(rng, dyn_p=0.0 if rng.random() < 0.7 else 0.3)
            name, a = case(g, op)
            expr = f"{name}({', '.join(txt(x) for x in a)})"
            if expr in seen:
                continue
            seen.add(expr)
            exprs.append(expr)
            calls.append((expr, cpp_call(name, a)))
            made += 1
    got, ill = compile_cases(calls, args.include)
    path = os.path.join(ROOT, "tests", "data", "cute_inspect_cases.jsonl")
    with open(path, "w") as f:
        for i, e in enumerate(exprs):
            expect = "ILL-FORMED" if i in ill else got[i]
            f.write(json.dumps({"expr": e, "expect": expect}) + "\n")
    print(f"wrote {len(exprs)} cases ({len(ill)} ill-formed) to {path}")


if __name__ == "__main__":
    main()
