#!/usr/bin/env python3
"""The oracle notation (CuTe's printed expressions in tests/data/*.jsonl) parsed into
trees (`P`) and written as Rust expressions of the typed API (`Emitter`), shared by
the generators of cutlet-core's typed oracle tests (gen_typed_composed_oracle.py,
gen_typed_mma_oracle.py, gen_typed_copy_oracle.py). Not a script of its own.
"""
import json
import os
import re
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# CuTe element type -> Rust type (sizeof_bits).
TYPES = {
    "uint8_t": "u8", "int8_t": "i8", "uint16_t": "u16", "int16_t": "i16",
    "half_t": "half::f16", "bfloat16_t": "half::bf16", "uint32_t": "u32",
    "int32_t": "i32", "float": "f32", "uint64_t": "u64", "int64_t": "i64",
    "double": "f64", "uint128_t": "u128",
    # only the width matters to recast_layout: tf32 is stored in 32 bits
    "tfloat32_t": "f32",
}

# Operations of the typed API this generator writes (the rest need the runtime tree:
# select/complement/filter of composed layouts, idx2crd, the general composed inverse
# `B^-1 o -O o A^-1`).
OPS = {
    "tile_to_shape", "upcast", "downcast", "recast_layout", "nullspace",
    "domain_distribute", "crd2idx", "composition", "coalesce", "logical_divide",
    "zipped_divide", "tiled_divide", "flat_divide", "logical_product", "blocked_product",
    "raked_product", "size", "cosize", "depth", "flatten", "get", "take", "group_modes",
    "right_inverse", "left_inverse", "complement", "select", "idx2crd",
}


class P:
    """Parser of the oracle's expression notation into a small tree."""

    def __init__(self, s):
        self.s, self.i = s, 0

    def peek(self, t):
        return self.s.startswith(t, self.i)

    def eat(self, t):
        assert self.peek(t), (self.s, self.i, t)
        self.i += len(t)

    def ws(self):
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def int_leaf(self):
        st = self.peek("_")
        if st:
            self.i += 1
        m = re.match(r"-?\d+", self.s[self.i:])
        self.i += len(m.group(0))
        return ("int", int(m.group(0)), st)

    def tup(self):
        if self.peek("("):
            self.eat("(")
            items = []
            while True:
                items.append(self.value_no_o())
                if self.peek(","):
                    self.eat(",")
                else:
                    break
            self.eat(")")
            return ("tuple", items)
        return self.int_leaf()

    def value_no_o(self):
        """A layout, an int tuple or a tile element (no composition chain)."""
        a = self.tup()
        if self.peek(":"):
            self.eat(":")
            return ("layout", a, self.tup())
        return a

    def fn_or_layout(self):
        """A layout function: Sw<...>, a layout, or a composed chain A o O o B."""
        if self.peek("Sw<"):
            self.eat("Sw<")
            m = re.match(r"(-?\d+),(-?\d+),(-?\d+)>", self.s[self.i:])
            self.i += len(m.group(0))
            a = ("sw", int(m.group(1)), int(m.group(2)), int(m.group(3)))
        else:
            a = self.value_no_o()
        if self.peek(" o "):
            self.eat(" o ")
            if self.peek("smem_ptr["):
                m = re.match(r"smem_ptr\[(\d+)b\]\(unset\)", self.s[self.i:])
                self.i += len(m.group(0))
                o = ("smem", int(m.group(1)))
            else:
                o = self.int_leaf()
            self.eat(" o ")
            b = self.fn_or_layout()
            return ("composed", a, o, b)
        return a

    def arg(self):
        self.ws()
        m = re.match(r"[a-z_]+[a-z_0-9]*(<[^>(]*>)?\(", self.s[self.i:])
        if m and not self.peek("smem"):
            return self.call()
        return self.fn_or_layout()

    def call(self):
        m = re.match(r"([a-z_][a-z_0-9]*)(?:<([^>(]*)>)?\(", self.s[self.i:])
        self.i += len(m.group(0))
        name, targs = m.group(1), m.group(2)
        args = []
        while True:
            args.append(self.arg())
            self.ws()
            if self.peek(","):
                self.eat(",")
            else:
                break
        self.eat(")")
        return ("call", name, [t.strip() for t in targs.split(",")] if targs else [], args)


class Emitter:
    def __init__(self):
        self.vars = []

    def leaf(self, v, st):
        if st:
            return str(v)
        name = f"v{len(self.vars)}"
        self.vars.append((name, v))
        return name

    def tup(self, t):
        if t[0] == "int":
            return self.leaf(t[1], t[2])
        return "(" + ",".join(self.tup(x) for x in t[1]) + ")"

    def shape(self, t):
        return f"shape!({self.tup(t)})"

    def fn(self, f):
        k = f[0]
        if k == "layout":
            return f"layout!({self.tup(f[1])}:{self.tup(f[2])})"
        if k == "sw":
            _, b, m, s = f
            if s < 0:
                return f"SwizzleNeg::<{b}, {m}, {-s}>::new()"
            return f"Swizzle::<{b}, {m}, {s}>::new()"
        if k == "composed":
            return f"make_composed_layout({self.fn(f[1])}, {self.offset(f[2])}, {self.fn(f[3])})"
        if k == "call":
            return self.call(f)
        raise ValueError(f)

    def offset(self, o):
        if o[0] == "smem":
            return f"SmemPtrFlag::<{o[1]}>::new()"
        if o[2]:
            return f"shape!({o[1]})"
        return self.leaf(o[1], False)

    def tiler(self, t):
        if t[0] == "layout":
            return self.fn(t)
        if t[0] == "int":
            return self.shape(t)
        if all(x[0] != "layout" for x in t[1]):
            return self.shape(t)
        return "(" + "".join(self.tiler(x) + "," for x in t[1]) + ")"

    def coord(self, t):
        if t[0] == "int":
            return f"shape!({self.tup(t)})" if t[2] else self.leaf(t[1], False)
        return f"shape!({self.tup(t)})"

    def call(self, c):
        _, name, targs, args = c
        if name == "tile_to_shape":
            if len(args) == 3:
                return f"tile_to_shape_ordered({self.fn(args[0])}, {self.shape(args[1])}, {self.shape(args[2])})"
            return f"tile_to_shape({self.fn(args[0])}, {self.shape(args[1])})"
        if name in ("upcast", "downcast"):
            return f"{name}::<{targs[0]}, _>({self.fn(args[0])})"
        if name == "recast_layout":
            return f"recast_layout::<{TYPES[targs[0]]}, {TYPES[targs[1]]}, _>({self.fn(args[0])})"
        if name == "domain_distribute":
            return f"domain_distribute({self.shape(args[0])}, {self.shape(args[1])})"
        if name == "crd2idx":
            return f"{self.fn(args[1])}.call({self.coord(args[0])})"
        if name == "coalesce" and len(args) == 2:
            return f"coalesce_by({self.fn(args[0])}, {self.shape(args[1])})"
        if name in ("composition", "logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
                    "logical_product", "blocked_product", "raked_product"):
            rhs = args[1]
            r = self.fn(rhs) if rhs[0] in ("sw", "composed") else self.tiler(rhs)
            return f"{name}({self.fn(args[0])}, {r})"
        if name == "get":
            x = self.fn(args[0])
            for i in targs:
                x = f"get::<{i}, _>({x})"
            return x
        if name == "select":
            return f"select({self.fn(args[0])}, shape!(({','.join(targs)})))"
        if name == "idx2crd":
            return f"Cute(idx2crd({self.coord(args[0])}, {self.shape(args[1])}))"
        if name in ("take", "group_modes"):
            fn = "take" if name == "take" else "group"
            return f"{fn}::<{targs[0]}, {targs[1]}, _>({self.fn(args[0])})"
        return f"{name}({', '.join(self.fn(a) for a in args)})"


def supported(tree):
    """Whether the typed API covers this expression (see OPS)."""
    _, name, targs, args = tree
    if name not in OPS:
        return False
    if name == "recast_layout" and any(t not in TYPES for t in targs):
        return False
    if name == "composition" and args[0][0] == "layout" and args[1][0] == "composed":
        # a layout with `sw o _0 o layout` (CuTe requires the offset _0)
        c = args[1]
        if c[1][0] != "sw" or c[3][0] != "layout":
            return False
    if name in ("right_inverse", "left_inverse"):
        x = args[0]
        if x[0] == "composed" and not (x[1][0] == "sw" and x[2][0] == "int" and x[2][2] and x[2][1] == 0):
            return False
        if x[0] not in ("sw", "composed"):
            return False
    if name == "logical_product" and args[1][0] == "composed":
        return False
    if name == "select" and "'sw'" in repr(args[0]):
        return False  # CuTe's select of a composed layout: a tuple of composed modes
    if name == "crd2idx" and args[1][0] == "sw" and args[0][0] == "int" and args[0][1] < 0:
        return False
    return True
