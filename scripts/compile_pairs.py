#!/usr/bin/env python3
"""Build time of typical user programs in Rust (cutlet) and in C++ (CuTe), in one run.

Each pair in benches/compile-pairs/ is one program written twice: NAME.rs on cutlet,
NAME.cpp on CuTe 4.2, printing the same results a line each. The Rust figure is what a
user waits for after editing one line inside `main` of a crate that depends on cutlet
(debug build, incremental, dependencies built: the probe crate of
scripts/compile_sweep.py); the C++ figure is `g++ -std=c++17 -O0` of the file (C++ has
no incremental build of a translation unit). Both programs run and their outputs are
compared; the table prints the medians of --reps runs and their ratio.

    python3 scripts/compile_pairs.py [--reps N] [--cute DIR]

--cute is the folder of the extracted CuTe and CUDA header wheels (scripts/compile_time.sh
fetches them into target/cute-headers).
"""

import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import compile_sweep as sweep  # noqa: E402

ROOT = sweep.ROOT
PAIRS = ROOT / "benches" / "compile-pairs"
EDIT = re.compile(r"let edit: isize = \d+;")
# A C++ file's extra g++ flags, on a line of its own: `// g++ flags: ...`.
FLAGS = re.compile(r"^// g\+\+ flags: (.*)$", re.M)


def timed(cmd, cwd=None):
    t0 = time.monotonic()
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"error: {' '.join(map(str, cmd))} failed:\n{r.stderr[-4000:]}")
    return time.monotonic() - t0


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--cute", default=str(ROOT / "target" / "cute-headers"))
    args = ap.parse_args()
    cute = pathlib.Path(args.cute)
    inc = [f"-I{cute / d}" for d in (
        "cutlass_library/source/include", "nvidia/cuda_runtime/include",
        "nvidia/cuda_cccl/include", "nvidia/cuda_nvcc/include")]
    if not (cute / "cutlass_library/source/include/cute").is_dir():
        sys.exit(f"error: no CuTe headers under {cute} (scripts/compile_time.sh fetches them)")
    sweep.setup()
    main_rs = sweep.PROBE / "src" / "main.rs"
    rows = []
    for rs in sorted(PAIRS.glob("*.rs")):
        name, cpp = rs.stem, rs.with_suffix(".cpp")
        src = rs.read_text()
        if not EDIT.search(src):
            sys.exit(f"error: {rs} has no `let edit: isize = 0;` line to change")
        main_rs.write_text(src)
        timed(["cargo", "build", "-q"], cwd=sweep.PROBE)  # the program's first build
        rust = []
        for r in range(1, args.reps + 1):
            main_rs.write_text(EDIT.sub(f"let edit: isize = {r};", src))
            rust.append(timed(["cargo", "build", "-q"], cwd=sweep.PROBE))
        rust_out = run([str(sweep.PROBE / "target" / "debug" / "probe")])
        exe = ROOT / "target" / "compile-sweep" / f"{name}_cpp"
        flags = FLAGS.search(cpp.read_text())
        flags = flags.group(1).split() if flags else []
        cxx = [timed(["g++", "-std=c++17", "-O0", *flags, *inc, str(cpp), "-o", str(exe)])
               for _ in range(args.reps)]
        cpp_out = run([str(exe)])
        same = rust_out == cpp_out
        if not same:
            for i, (x, y) in enumerate(zip(rust_out.splitlines(), cpp_out.splitlines())):
                if x != y:
                    print(f"{name}: line {i + 1} differs: cutlet `{x}`, CuTe `{y}`", file=sys.stderr)
        r, c = statistics.median(rust), statistics.median(cxx)
        rows.append((name, len(rust_out.splitlines()), r, rust, c, cxx, same))
    gxx = run(["g++", "-dumpversion"]).strip()
    print(f"| program | results | cutlet: one-line edit, rebuild (s) | CuTe: g++ {gxx} -O0 (s) | ratio | outputs |")
    print("|---|---|---|---|---|---|")
    for name, lines, r, rust, c, cxx, same in rows:
        rr = "..".join(f"{x:.2f}" for x in (min(rust), max(rust)))
        cr = "..".join(f"{x:.2f}" for x in (min(cxx), max(cxx)))
        print(f"| `{name}` | {lines} | {r:.2f} ({rr}) | {c:.2f} ({cr}) | {r / c:.2f} | {'identical' if same else 'DIFFER'} |")
    return 0 if all(row[-1] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
