#!/usr/bin/env python3
"""Assembles the kernels' PTX with ptxas for each architecture and checks it.

usage: check-ptx.py PTXAS PTX_DIR    (PTX_DIR/sm_XX/cutlet_kernels.ptx)

Checks, per architecture: every entry assembles; no entry spills or keeps a stack
frame (register arrays stayed in registers); the static-layout kernel contains no
`call` and no local memory (its layout arithmetic folded to integer instructions); the
SGEMM inner loop uses `fma.rn.f32`; the tensor-core GEMM's main loop holds cp.async,
ldmatrix and mma.sync and no calls; the Hopper GEMM (sm_90a only) holds TMA loads,
mbarrier waits, wgmma and setmaxnreg under a declared 384-thread block, and ptxas
neither serializes its wgmmas nor ignores its register reallocation; in every entry, no
`.aligned` instruction sits under a branch on a lane-varying predicate or is copied into
both arms of one (scripts/ptx_aligned.py, first checked to report the seeded
scripts/testdata/duplicated_barrier.ptx). Writes PTX_DIR/sm_XX/ptxas.txt and prints a table
of registers per kernel.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptx_aligned  # noqa: E402


def entries(ptx):
    """Entry name -> body text."""
    out = {}
    for m in re.finditer(r"\.entry (\w+)\((.*?)\n}\n", ptx, re.S):
        out[m.group(1)] = m.group(2)
    return out


def main_loop_problem(body):
    """The tensor-core GEMM's main loop (first cp.async to last mma.sync) must hold
    cp.async, ldmatrix and mma.sync, and no calls."""
    lines = body.split("\n")
    mma = [i for i, l in enumerate(lines) if "mma.sync" in l]
    cp = [i for i, l in enumerate(lines) if "cp.async" in l]
    if not mma or not cp:
        return "no mma.sync or no cp.async"
    loop = lines[min(cp):mma[-1] + 1]
    if not any("ldmatrix" in l for l in loop):
        return "no ldmatrix in the main loop"
    if any(re.search(r"\bcall", l) for l in loop):
        return "a call in the main loop"
    return None


def hopper_problem(body, ptxas_log, name):
    """The Hopper GEMM must load by TMA (3-d: the batch is its third coordinate), synchronise on mbarriers, multiply with wgmma,
    reallocate registers, store C by TMA from shared memory (written with st.shared) behind
    named barriers, a cluster configuration (`_cluster2`) must multicast and release its peers'
    stages, a ping-pong one (`_pingpong`) must take turns, and ptxas must neither serialize its wgmmas (C7515) nor ignore its setmaxnreg
    (C7508)."""
    needles = ["cp.async.bulk.tensor.3d.shared::cluster.global", "mbarrier.try_wait",
               "wgmma.mma_async", "wgmma.wait_group", "setmaxnreg.inc", ".maxntid 384",
               "cp.async.bulk.tensor.3d.global.shared::cta", "fence.proxy.async.shared::cta",
               "cp.async.bulk.wait_group.read", "barrier.sync", "st.shared"]
    if name.endswith("_cluster2"):
        needles += [".multicast::cluster", "mapa.shared::cluster", "barrier.cluster.arrive",
                    "%cluster_ctarank"]
    if name.endswith("_pingpong"):
        # Each warpgroup's whole 128 x 128 tile: two 64 x 128 wgmmas per k step (k8 of
        # TF32, k16 of 16-bit types, k32 of FP8), and the main loops' turns on mbarriers.
        needles += ["mbarrier.arrive.shared::cta"]
        if not re.search(r"wgmma\.mma_async\.sync\.aligned\.m64n128k(8|16|32)\.", body):
            return "no wgmma.mma_async.sync.aligned.m64n128k16 (or k8, k32)"
    for needle in needles:
        if needle not in body:
            return f"no {needle}"
    if re.search(r"\bbar\.sync\s+%r", body):
        # An aligned named barrier that LLVM may have duplicated into divergent arms.
        return "a named barrier as aligned bar.sync (use barrier.sync)"
    return wgmma_warning(ptxas_log, name)


def wgmma_warning(ptxas_log, name):
    """ptxas serialized an entry's wgmmas (C7515, C7520) or ignored its setmaxnreg
    (C7508, C7510)."""
    for code in ("C7515", "C7520", "C7508", "C7510"):
        if re.search(code + r".*'" + name + "'", ptxas_log):
            return f"ptxas warns {code} (wgmma serialized or setmaxnreg ignored)"
    return None


def flash_problem(body, ptxas_log, name):
    """The attention kernel must load by TMA (4-d: d, seqlen, head, batch) on mbarriers,
    multiply with wgmma, reallocate registers and store O by TMA, and ptxas must neither
    serialize its wgmmas nor ignore its setmaxnreg."""
    needles = ["cp.async.bulk.tensor.4d.shared::cluster.global", "mbarrier.try_wait",
               "wgmma.mma_async", "wgmma.wait_group", "setmaxnreg.inc", ".maxntid 384",
               "cp.async.bulk.tensor.4d.global.shared::cta", "cp.async.bulk.wait_group.read"]
    for needle in needles:
        if needle not in body:
            return f"no {needle}"
    return wgmma_warning(ptxas_log, name)


def main(ptxas, root):
    failures = []
    rows = []
    seeded = os.path.join(os.path.dirname(os.path.abspath(__file__)), "testdata", "duplicated_barrier.ptx")
    found = ptx_aligned.check_file(seeded)
    if not any("copied into both arms" in f for f in found):
        failures.append(f"the aligned-instruction check does not report the seeded {seeded}: {found}")
    # Every arch's ptxas at once, each spreading its functions over the cores
    # (`--split-compile 0`): the sm_90a module, Hopper GEMMs and attention, is most of
    # the time (on 2 cores 108 s against 197 s in one thread).
    archs = [a for a in sorted(os.listdir(root))
             if os.path.isfile(os.path.join(root, a, "cutlet_kernels.ptx"))]
    # Each writes its report to PTX_DIR/sm_XX/ptxas.txt (a file: a full pipe would
    # stall it while the check below runs).
    logs = {a: open(os.path.join(root, a, "ptxas.txt"), "w+", encoding="utf-8") for a in archs}
    runs = {a: subprocess.Popen([ptxas, f"-arch={a}", "-v", "--split-compile", "0",
                                 os.path.join(root, a, "cutlet_kernels.ptx"), "-o", os.devnull],
                                stdout=logs[a], stderr=subprocess.STDOUT, text=True)
            for a in archs}
    # The aligned-instruction check reads the PTX while ptxas assembles it.
    aligned = {a: ptx_aligned.check_file(os.path.join(root, a, "cutlet_kernels.ptx"))
               for a in archs}
    for arch in archs:
        path = os.path.join(root, arch, "cutlet_kernels.ptx")
        code = runs[arch].wait()
        logs[arch].seek(0)
        report = logs[arch].read()
        logs[arch].close()
        if code != 0:
            failures.append(f"{arch}: ptxas failed:\n{report}")
            continue
        info = {}
        current = None
        for line in report.splitlines():
            m = re.search(r"Compiling entry function '(\w+)'", line)
            if m:
                current = m.group(1)
                info[current] = {}
                continue
            if current is None:
                continue
            m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", line)
            if m and "stack" not in info[current]:
                info[current].update(stack=int(m.group(1)), spill=int(m.group(2)) + int(m.group(3)))
            m = re.search(r"Used (\d+) registers", line)
            if m:
                info[current]["regs"] = int(m.group(1))
                current = None
        with open(path, encoding="utf-8") as f:
            bodies = entries(f.read())
        failures += [f"{arch}: {f}" for f in aligned[arch]]
        for name in sorted(bodies):
            i = info.get(name)
            if not i or "regs" not in i:
                failures.append(f"{arch}: {name}: no ptxas report")
                continue
            if i["spill"] or i["stack"]:
                failures.append(f"{arch}: {name}: {i['stack']} bytes stack frame, {i['spill']} bytes spilled")
            rows.append((arch, name, i["regs"], i["stack"], i["spill"]))
        static = bodies.get("cutlet_static_layout", "")
        if not static or re.search(r"\bcall\b|\.local", static):
            failures.append(f"{arch}: cutlet_static_layout has calls or local memory (or is missing)")
        if "fma.rn.f32" not in bodies.get("cutlet_sgemm_nt", ""):
            failures.append(f"{arch}: cutlet_sgemm_nt has no fma.rn.f32")
        gemms = [name for name in bodies
                 if name.startswith("cutlet_gemm_") and not name.startswith("cutlet_gemm_sm90_")]
        if not gemms:
            failures.append(f"{arch}: no tensor-core GEMM entry (cutlet_gemm_*)")
        for name in gemms:
            problem = main_loop_problem(bodies[name])
            if problem:
                failures.append(f"{arch}: {name}: {problem}")
        hopper = [name for name in bodies if name.startswith("cutlet_gemm_sm90_")]
        if arch == "sm_90a" and not hopper:
            failures.append(f"{arch}: no Hopper GEMM entry (cutlet_gemm_sm90_*)")
        if arch != "sm_90a" and hopper:
            failures.append(f"{arch}: Hopper entries outside sm_90a: {hopper}")
        for name in hopper:
            problem = hopper_problem(bodies[name], report, name)
            if problem:
                failures.append(f"{arch}: {name}: {problem}")
        for name in [n for n in bodies if n.startswith("cutlet_flash_sm90_")]:
            problem = flash_problem(bodies[name], report, name)
            if problem:
                failures.append(f"{arch}: {name}: {problem}")
    print("| arch | kernel | registers | stack bytes | spill bytes |")
    print("|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(x) for x in row) + " |")
    if not rows:
        failures.append(f"no PTX under {root}")
    for f in failures:
        print(f"check-ptx: FAILED: {f}", file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
