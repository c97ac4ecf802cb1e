#!/usr/bin/env python3
"""Print the SGEMM benchmark as markdown tables: GFLOP/s of cutlet, matrixmultiply and
faer's gemm (criterion medians of one run), cutlet's ratio to the faster peer and its
fraction of the measured FMA peak, single thread and all threads.

Usage: cargo bench --bench sgemm -- --warm-up-time 1 --measurement-time 2 && scripts/sgemm_table.py
(criterion's results are read from $CARGO_TARGET_DIR/criterion, default ./target/criterion)
"""
import json
import os

ROOT = os.path.join(
    os.environ.get("CARGO_TARGET_DIR")
    or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "target"),
    "criterion",
)
SHAPES = [(str(n), n, n, n) for n in (64, 128, 256, 512, 1024, 2048, 4096)] + [
    ("m16", 16, 2048, 2048),
    ("k16", 2048, 16, 2048),
]


def median_ns(*path):
    p = os.path.join(ROOT, *path, "new", "estimates.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        return json.load(f)["median"]["point_estimate"]


def peak(name, flops):
    t = median_ns("fma_peak", name)
    return flops / t if t else None


p512 = peak("avx512", 2 * 24 * 16 * 4096)
p2 = peak("avx2", 2 * 12 * 8 * 4096)
top = p512 or p2
if p512:
    print(f"Measured single-core FMA peak: AVX-512 {p512:.1f} GFLOP/s", end="")
    print(f", AVX2 {p2:.1f} GFLOP/s." if p2 else ".")
elif p2:
    print(f"Measured single-core FMA peak: AVX2 {p2:.1f} GFLOP/s.")

for group, title, peers in (
    ("sgemm", "one thread", ("matrixmultiply", "gemm")),
    ("par_sgemm", "all threads", ("gemm",)),
):
    print(f"\n{title}:\n")
    head = "| shape (m x k x n) | cutlet | " + " | ".join(peers) + " | cutlet / best peer |"
    if group == "sgemm" and top:
        head += " % of peak |"
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for name, m, k, n in SHAPES:
        flops = 2.0 * m * k * n
        c = median_ns(group, "cutlet", name)
        if c is None:
            continue
        rates = [flops / c]
        for p in peers:
            t = median_ns(group, p, name)
            rates.append(flops / t if t else float("nan"))
        best = max(r for r in rates[1:] if r == r) if any(r == r for r in rates[1:]) else float("nan")
        label = f"{m} x {k} x {n}" if name[0] in "mk" else f"{n}"
        row = f"| {label} | " + " | ".join(f"{r:.1f}" for r in rates) + f" | {rates[0] / best:.2f} |"
        if group == "sgemm" and top:
            row += f" {100 * rates[0] / top:.0f}% |"
        print(row)
