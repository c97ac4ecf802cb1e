#!/usr/bin/env python3
"""Print the GEMM benchmark as markdown tables: GFLOP/s of cutlet, matrixmultiply and
faer's gemm (criterion medians of one run), cutlet's ratio to the faster peer with its
spread (the ratio's range over the medians' 95% confidence bounds) and its fraction of
the measured FMA peak; f32 and f64, single thread and all threads.

Usage (see benches/sgemm.rs):
  MATMUL_NUM_THREADS=1 cargo bench --bench sgemm -- --warm-up-time 1 --measurement-time 2 '^(fma_peak|sgemm|dgemm)/'
  cargo bench --bench sgemm -- --warm-up-time 1 --measurement-time 2 '^par_'
  scripts/sgemm_table.py
(criterion's results are read from $CARGO_TARGET_DIR/criterion, default ./target/criterion)
"""
import json
import os

ROOT = os.path.join(
    os.environ.get("CARGO_TARGET_DIR")
    or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "target"),
    "criterion",
)
SQUARES = [(str(n), n, n, n, "") for n in (64, 128, 256, 512, 1024, 2048, 4096)]
F32 = SQUARES + [
    ("m16", 16, 2048, 2048, ""),
    ("k16", 2048, 16, 2048, ""),
    ("cm1024", 1024, 1024, 1024, ", all column-major"),
    ("at1024", 1024, 1024, 1024, ", A transposed"),
    ("bt1024", 1024, 1024, 1024, ", B transposed"),
]
F64 = [s for s in SQUARES if s[0] in ("64", "256", "1024", "2048")]
PEERS = ("matrixmultiply", "gemm")


def estimate(*path):
    """(median, lower, upper) in ns, or None."""
    p = os.path.join(ROOT, *path, "new", "estimates.json")
    if not os.path.exists(p):
        return None
    with open(p) as f:
        m = json.load(f)["median"]
    ci = m["confidence_interval"]
    return m["point_estimate"], ci["lower_bound"], ci["upper_bound"]


def peak(name, flops):
    t = estimate("fma_peak", name)
    return flops / t[0] if t else None


p512 = peak("avx512", 2 * 24 * 16 * 4096)
p2 = peak("avx2", 2 * 12 * 8 * 4096)
top = {"sgemm": p512 or p2, "dgemm": (p512 or p2) / 2 if (p512 or p2) else None}
if p512:
    print(f"Measured single-core FMA peak (f32): AVX-512 {p512:.1f} GFLOP/s", end="")
    print(f", AVX2 {p2:.1f} GFLOP/s." if p2 else ".")
elif p2:
    print(f"Measured single-core FMA peak (f32): AVX2 {p2:.1f} GFLOP/s (f64: half).")

worst = []
for group, shapes, title in (
    ("sgemm", F32, "f32, one thread"),
    ("dgemm", F64, "f64, one thread"),
    ("par_sgemm", F32, "f32, all threads"),
    ("par_dgemm", F64, "f64, all threads"),
):
    if estimate(group, "cutlet", shapes[0][0]) is None:
        continue
    peak_col = not group.startswith("par_") and top[group]
    print(f"\n{title}:\n")
    head = "| shape (m x k x n) | cutlet | " + " | ".join(PEERS) + " | cutlet / best peer (spread) |"
    if peak_col:
        head += " % of peak |"
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for name, m, k, n, note in shapes:
        flops = 2.0 * m * k * n
        c = estimate(group, "cutlet", name)
        if c is None:
            continue
        peers = [estimate(group, p, name) for p in PEERS]
        rates = [flops / c[0]] + [flops / p[0] if p else float("nan") for p in peers]
        have = [p for p in peers if p]
        if have:
            best = min(have, key=lambda p: p[0])
            ratio = best[0] / c[0]
            lo, hi = best[1] / c[2], best[2] / c[1]
            worst.append((ratio, f"{group} {name}"))
            cell = f"{ratio:.2f} ({lo:.2f}-{hi:.2f})"
        else:
            cell = "-"
        label = f"{m} x {k} x {n}{note}" if m != n or k != n or note else f"{n}"
        row = f"| {label} | " + " | ".join("-" if r != r else f"{r:.1f}" for r in rates) + f" | {cell} |"
        if peak_col:
            row += f" {100 * rates[0] / top[group]:.0f}% |"
        print(row)
if worst:
    r, where = min(worst)
    print(f"\nLowest ratio: {r:.2f} ({where}); rows at or above 1.00: "
          f"{sum(1 for x, _ in worst if x >= 1.0)} of {len(worst)}.")
