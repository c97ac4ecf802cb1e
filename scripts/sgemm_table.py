#!/usr/bin/env python3
"""Print the SGEMM benchmark as a markdown table: GFLOP/s of cutlet and matrixmultiply
(criterion medians of one run) and their ratio (cutlet / matrixmultiply throughput),
then the measured FMA peak.

Usage: RUSTFLAGS="-C target-cpu=native" cargo bench --bench sgemm && scripts/sgemm_table.py
"""
import json
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "target", "criterion")


def median_ns(*path):
    with open(os.path.join(ROOT, *path, "new", "estimates.json")) as f:
        return json.load(f)["median"]["point_estimate"]


print("| n | cutlet GFLOP/s | matrixmultiply GFLOP/s | ratio |")
print("|---|---|---|---|")
for n in (128, 256, 512, 1024):
    flops = 2.0 * n**3
    c = flops / median_ns("sgemm", "cutlet", str(n))
    m = flops / median_ns("sgemm", "matrixmultiply", str(n))
    print(f"| {n} | {c:.1f} | {m:.1f} | {c / m:.2f} |")
peak = 2 * 12 * 8 * 4096 / median_ns("fma_peak", "f32x8x12")
print(f"\nMeasured single-core FMA peak: {peak:.1f} GFLOP/s.")
