#!/usr/bin/env python3
"""Stand-in for rustup's `llvm-bitcode-linker` on the nvptx64-nvidia-cuda target.

rustc links a PTX "cdylib" by calling a linker with the bitcode objects and rlibs of
the crate graph. rustup ships `llvm-bitcode-linker` for that; Debian's rustc does not,
so cargo is pointed here through CARGO_TARGET_NVPTX64_NVIDIA_CUDA_LINKER. The steps:

  llvm-link --ignore-non-bitcode   all bitcode into one module
  opt internalize,globaldce,O3     keep only the exported kernels, then optimise
  llc -O3 --mcpu=sm_XX             emit PTX, once per architecture

Internalising before optimising matters: `core` is large and most of it is dead.

NVPTX_ARCH_EXPORTS ("sm_90a=cutlet_gemm_sm90_") keeps the entries whose names start
with a prefix only in that architecture's PTX: Hopper kernels hold `wgmma` and
`setmaxnreg`, which ptxas rejects for other targets. Each other architecture gets its
own internalize+globaldce pass over the optimised module (a fraction of a second).

NVPTX_MAXNTID ("cutlet_gemm_sm90_=384") declares the block size of the entries with a
prefix (`.maxntid N, 1, 1` and `.minnctapersm 1`, what `__launch_bounds__(N, 1)` emits):
ptxas honours `setmaxnreg` only in entries with a register budget, which rustc cannot
declare.
LLVM_BIN names the llvm-N bin directory (scripts/build-ptx.sh sets it).

NVPTX_LINK_LOG names a file to which each step's time is appended.

NVPTX_EXTRA_CPUS (e.g. "sm_90") asks for more architectures from the same optimised
module: each is written beside the output as `NAME.sm_XX.ptx`. Type checking and
optimisation are the whole cost of a kernels build, and none of it depends on the
architecture (the PTX for sm_80 and sm_90 differ only in the `.target`/`.version`
header and PTX 7.8's `_` sink operand), so one rustc build serves every arch.
"""

import os
import re
import subprocess
import sys
import tempfile
import time


def expand(args):
    """rustc may pass arguments in an @response file, one per line."""
    out = []
    for a in args:
        if a.startswith("@") and os.path.isfile(a[1:]):
            with open(a[1:], encoding="utf-8") as f:
                out.extend(line.rstrip("\n") for line in f if line.strip())
        else:
            out.append(a)
    return out


def main(argv):
    llvm = os.environ.get("LLVM_BIN", "/usr/lib/llvm-22/bin")
    args = expand(argv)
    inputs, exports, out, cpu, opt_level = [], [], None, "sm_90", "3"
    i = 0
    while i < len(args):
        a = args[i]
        nxt = args[i + 1] if i + 1 < len(args) else None
        if a == "-o":
            out, i = nxt, i + 2
            continue
        if a == "--export-symbol":
            exports.append(nxt)
            i += 2
            continue
        if a.startswith("--export-symbol="):
            exports.append(a.split("=", 1)[1])
        elif a == "--target-cpu":
            cpu, i = nxt, i + 2
            continue
        elif a.startswith("--target-cpu="):
            cpu = a.split("=", 1)[1]
        elif a in ("--target", "-L", "--target-feature", "--linker-flavor"):
            i += 2
            continue
        elif a.startswith("-O") and len(a) == 3:
            opt_level = a[2]
        elif a.startswith("-"):
            pass  # flags a bitcode link does not need
        elif os.path.isfile(a):
            inputs.append(a)
        i += 1
    if out is None:
        sys.exit("nvptx-link: no -o output given")
    if opt_level not in "0123":
        opt_level = "3"
    with tempfile.TemporaryDirectory() as tmp:
        linked = os.path.join(tmp, "linked.bc")
        optimised = os.path.join(tmp, "opt.bc")
        api = os.path.join(tmp, "exports.txt")
        with open(api, "w", encoding="utf-8") as f:
            f.write("\n".join(exports) + "\n")
        run([f"{llvm}/llvm-link", "--ignore-non-bitcode", "-o", linked, *inputs])
        run([f"{llvm}/opt", f"--internalize-public-api-file={api}",
             "--passes=internalize,globaldce,default<O3>", linked, "-o", optimised])
        only = {a: p.split(",") for a, p in
                (x.split("=", 1) for x in os.environ.get("NVPTX_ARCH_EXPORTS", "").split())}
        maxntid = dict(x.split("=", 1) for x in os.environ.get("NVPTX_MAXNTID", "").split())

        def emit(arch, path):
            module = optimised
            keep = [e for e in exports
                    if all(arch == a or not any(e.startswith(p) for p in ps)
                           for a, ps in only.items())]
            if len(keep) != len(exports):
                module = os.path.join(tmp, f"{arch}.bc")
                api_arch = os.path.join(tmp, f"{arch}.txt")
                with open(api_arch, "w", encoding="utf-8") as f:
                    f.write("\n".join(keep) + "\n")
                run([f"{llvm}/opt", f"--internalize-public-api-file={api_arch}",
                     "--passes=internalize,globaldce", optimised, "-o", module])
            run([f"{llvm}/llc", "-O3", f"--mcpu={arch}", module, "-o", path])
            if maxntid:
                declare_block_sizes(path, maxntid)

        emit(cpu, out)
        stem = out[:-4] if out.endswith(".ptx") else out
        for extra in os.environ.get("NVPTX_EXTRA_CPUS", "").split():
            emit(extra, f"{stem}.{extra}.ptx")


def declare_block_sizes(path, maxntid):
    """Adds `.maxntid N, 1, 1` / `.minnctapersm 1` after the parameter list of each entry
    whose name starts with a prefix of `maxntid` (prefix -> N)."""
    with open(path, encoding="utf-8") as f:
        ptx = f.read()

    def add(m):
        name = m.group(1)
        for prefix, n in maxntid.items():
            if name.startswith(prefix):
                return f"{m.group(0)}\n.maxntid {n}, 1, 1\n.minnctapersm 1"
        return m.group(0)

    ptx = re.sub(r"\.entry (\w+)\((?:[^()]*)\)", add, ptx)
    with open(path, "w", encoding="utf-8") as f:
        f.write(ptx)


def run(cmd):
    start = time.monotonic()
    r = subprocess.run(cmd, capture_output=True, text=True)
    log = os.environ.get("NVPTX_LINK_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(f"{time.monotonic() - start:8.1f} s  {os.path.basename(cmd[0])}\n")
    if r.returncode != 0:
        sys.stderr.write(f"nvptx-link: {' '.join(cmd)}\n{r.stderr}")
        sys.exit(r.returncode)


if __name__ == "__main__":
    main(sys.argv[1:])
