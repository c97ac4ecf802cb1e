#!/usr/bin/env python3
"""Finds `.aligned` instructions that the threads of a warp may reach apart, in PTX.

An `.aligned` instruction (`bar.sync`, `barrier.sync.aligned`, the `wgmma` fence, commit,
wait and `mma_async`, `mma.sync.aligned`, `barrier.cluster.arrive/wait.aligned`,
`setmaxnreg`, `ldmatrix`, `stmatrix`) must be executed by every thread of the warp at
the same instruction. LLVM may break that after the emulator saw the source: it once
copied a barrier into both arms of a branch, and the H200 hung. This reads each entry's
PTX and reports, naming the entry and the line:

- each aligned instruction under a branch on a lane-varying predicate (one derived from
  `%tid`, `%laneid`, `elect.sync` or a shuffle, other than through the warp index:
  a right shift by 5 or more, a division by a multiple of 32), or itself predicated on
  one;
- each aligned instruction that such a branch's two arms both hold a copy of (the
  duplicated-barrier shape).

The analysis: basic blocks and their edges; lane-varying registers as a fixpoint over
the whole entry (a register is lane-varying if any of its definitions reads one); the
region of a branch is what its successors reach before its immediate post-dominator.

usage: ptx_aligned.py FILE.ptx...   (prints findings; exits 1 if there are any)
"""

import re
import sys

ALIGNED = re.compile(
    r"^(bar\.(sync|arrive|red)\b|barrier\.[\w.]*\baligned\b|wgmma\.|mma\.sync\.aligned|"
    r"setmaxnreg\.|ldmatrix\.sync\.aligned|stmatrix\.sync\.aligned|[\w.]*\.aligned\b)")
SOURCES = ("%tid", "%laneid", "%lanemask")
LABEL = re.compile(r"^(\$?[\w$]+):\s*$")
BRANCH = re.compile(r"^(@(!?)(%\w+)\s+)?bra(\.uni)?\s+(\$?[\w$]+)\s*;")
REG = re.compile(r"%[A-Za-z_][\w.]*")


def entries(ptx):
    """(name, first line number, body lines) of each `.entry`."""
    lines = ptx.split("\n")
    out = []
    i = 0
    while i < len(lines):
        m = re.search(r"\.entry\s+(\w+)\s*\(", lines[i])
        if not m:
            i += 1
            continue
        name = m.group(1)
        while i < len(lines) and lines[i].strip() != "{":
            i += 1
        start, depth, body = i + 1, 0, []
        for j in range(i, len(lines)):
            depth += lines[j].count("{") - lines[j].count("}")
            body.append((j + 1, lines[j]))
            if depth == 0:
                i = j + 1
                break
        out.append((name, start, body))
    return out


def instructions(body):
    """(line number, text) of each label and instruction; braces of inline blocks dropped."""
    out = []
    for no, line in body:
        text = line.split("//")[0]
        for part in re.split(r"(?<=;)", text):
            part = part.strip().strip("{}").strip()
            if part:
                out.append((no, part))
    return out


def lane_varying(instrs):
    """Registers whose value may differ between the lanes of a warp."""
    defs = []
    for _, ins in instrs:
        if LABEL.match(ins) or ins.startswith("."):
            continue
        pred = None
        m = re.match(r"^@!?(%\w+)\s+", ins)
        if m:
            pred, ins = m.group(1), ins[m.end():]
        op = ins.split()[0]
        regs = REG.findall(ins)
        # Instructions that define no register: stores, branches, barriers, reductions.
        if not regs or op.startswith(("st.", "bra", "bar", "red.", "cp.", "mbarrier.arrive",
                                      "fence", "prefetch", "wgmma.", "setmaxnreg")):
            continue
        dest, srcs = regs[0], regs[1:] + ([pred] if pred else [])
        source = any(s in ins for s in SOURCES) or op.startswith(("elect.", "shfl."))
        imm = re.search(r",\s*(\d+)\s*;\s*$", ins)
        warp_index = imm is not None and (
            op.startswith("shr.") and int(imm.group(1)) >= 5
            or op.startswith("div.") and int(imm.group(1)) % 32 == 0)
        defs.append((dest, srcs, source, warp_index))
    varying = set()
    changed = True
    while changed:
        changed = False
        for dest, srcs, source, warp_index in defs:
            if dest in varying or warp_index:
                continue
            if source or any(s in varying for s in srcs):
                varying.add(dest)
                changed = True
    return varying


def blocks(instrs):
    """Basic blocks: (label, [(line, instruction)]), the successors of each, in order."""
    out = [["<entry>", []]]
    for no, ins in instrs:
        m = LABEL.match(ins)
        if m:
            out.append([m.group(1), []])
            continue
        out[-1][1].append((no, ins))
        if BRANCH.match(ins) or re.match(r"^(@!?%\w+\s+)?(ret|exit)\b", ins):
            out.append([f"<after {no}>", []])
    index = {b[0]: i for i, b in enumerate(out)}
    succ = []
    for i, (_, body) in enumerate(out):
        last = body[-1][1] if body else ""
        m = BRANCH.match(last)
        if m:
            s = [index[m.group(5)]] if m.group(5) in index else []
            if m.group(1):
                s.append(i + 1)
        elif re.match(r"^(ret|exit)\b", last):
            s = []
        else:
            s = [i + 1] if i + 1 < len(out) else []
        succ.append([x for x in s if x < len(out)])
    return out, succ


def immediate_post_dominators(succ):
    """The immediate post-dominator of each block (`None` for a block that reaches no
    exit), with a virtual exit node `len(succ)`: Cooper, Harvey and Kennedy's iteration
    over the reversed graph in reverse postorder (linear space; sets of post-dominators
    are quadratic in the blocks, minutes for the Hopper GEMMs' entries)."""
    n = len(succ)
    exit_ = n
    outs = [s if s else [exit_] for s in succ]
    # The reversed graph's edges: each block to its predecessors.
    preds = [[] for _ in range(n + 1)]
    for i, s in enumerate(outs):
        for t in s:
            preds[t].append(i)
    # Postorder of the reversed graph from the exit (iterative depth-first search).
    order, seen = [], [False] * (n + 1)
    seen[exit_] = True
    stack = [(exit_, iter(preds[exit_]))]
    while stack:
        v, it = stack[-1]
        for w in it:
            if not seen[w]:
                seen[w] = True
                stack.append((w, iter(preds[w])))
                break
        else:
            stack.pop()
            order.append(v)
    number = {v: k for k, v in enumerate(order)}
    idom = [None] * (n + 1)
    idom[exit_] = exit_

    def meet(a, b):
        while a != b:
            while number[a] < number[b]:
                a = idom[a]
            while number[b] < number[a]:
                b = idom[b]
        return a

    changed = True
    while changed:
        changed = False
        for v in reversed(order):
            if v == exit_:
                continue
            new = None
            for s in outs[v]:
                if idom[s] is not None:
                    new = s if new is None else meet(s, new)
            if new != idom[v]:
                idom[v] = new
                changed = True
    return idom[:n]


def reach(start, stop, succ):
    seen, todo = set(), [start]
    while todo:
        b = todo.pop()
        if b == stop or b in seen or b >= len(succ):
            continue
        seen.add(b)
        todo.extend(succ[b])
    return seen


def doomed(bs, succ, noreturn):
    """Blocks every path from which ends in `trap` or a call that never returns (a failed
    check's abort): a warp that diverges into one never needs to meet again."""
    def aborts(x):
        m = re.match(r"^call(\.uni)?\s+(?:\([^)]*\),\s*)?([\w$]+)", x)
        return re.match(r"^trap\b", x) or (m and m.group(2) in noreturn)
    out = {i for i, (_, body) in enumerate(bs) if any(aborts(x) for _, x in body)}
    changed = True
    while changed:
        changed = False
        for i, s in enumerate(succ):
            if i not in out and s and all(x in out for x in s):
                out.add(i)
                changed = True
    return out


def check(name, instrs, noreturn=()):
    """Findings for one entry: (line, message). `noreturn` names the functions that
    never return."""
    varying = lane_varying(instrs)
    bs, succ = blocks(instrs)
    dead = doomed(bs, succ, set(noreturn))
    succ = [[x for x in s if x not in dead] if i not in dead else [] for i, s in enumerate(succ)]
    ipdom = immediate_post_dominators(succ)
    found = []
    aligned = lambda ins: ALIGNED.match(re.sub(r"^@!?%\w+\s+", "", ins))
    for b, (_, body) in enumerate(bs):
        for no, ins in body:
            m = re.match(r"^@!?(%\w+)\s+", ins)
            if m and m.group(1) in varying and aligned(ins):
                found.append((no, f"{name}: line {no}: `{ins}` is predicated on the lane-varying {m.group(1)}"))
        if not body:
            continue
        no, last = body[-1]
        m = BRANCH.match(last)
        if not (m and m.group(1) and m.group(3) in varying) or b in dead or len(succ[b]) < 2:
            continue
        join = ipdom[b]
        arms = [reach(s, join, succ) for s in succ[b]]
        region = set().union(*arms) if arms else set()
        both = arms[0] & arms[1] if len(arms) == 2 else set()
        texts = [{} for _ in arms]
        for k, arm in enumerate(arms):
            for x in arm - both:
                for n2, ins in bs[x][1]:
                    if aligned(ins):
                        texts[k].setdefault(re.sub(r"%\w+", "%", ins), n2)
        for x in sorted(region):
            for n2, ins in bs[x][1]:
                if aligned(ins):
                    found.append((n2, f"{name}: line {n2}: `{ins}` is under the branch on the lane-varying {m.group(3)} at line {no}"))
        if len(texts) == 2:
            for key in texts[0].keys() & texts[1].keys():
                found.append((texts[0][key], f"{name}: lines {texts[0][key]} and {texts[1][key]}: `{key}` is copied into both arms of the branch on the lane-varying {m.group(3)} at line {no}"))
    return sorted(set(found))


def noreturn_functions(ptx):
    """The `.func`s PTX declares `.noreturn` (the cold paths of failed checks)."""
    return set(re.findall(r"\.func\s+(?:\([^)]*\)\s*)?([\w$]+)\s*\([^)]*\)\s*\.noreturn", ptx))


def check_file(path):
    with open(path, encoding="utf-8") as f:
        ptx = f.read()
    noreturn = noreturn_functions(ptx)
    out = []
    for name, _, body in entries(ptx):
        out += [msg for _, msg in check(name, instructions(body), noreturn)]
    return out


if __name__ == "__main__":
    findings = [f for p in sys.argv[1:] for f in check_file(p)]
    for f in findings:
        print(f)
    sys.exit(1 if findings else 0)
