#!/usr/bin/env python3
"""Print criterion results as a markdown table of ratios against the baseline measured
in the same run.

Usage: scripts/bench_ratios.py GROUP:CANDIDATE:BASELINE [...]
Reads target/criterion/GROUP/{CANDIDATE,BASELINE}/new/estimates.json (mean).
"""
import json
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "target", "criterion")


def mean_ns(group, bench):
    with open(os.path.join(ROOT, group, bench, "new", "estimates.json")) as f:
        return json.load(f)["mean"]["point_estimate"]


def fmt(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


print("| benchmark | cutlet | baseline | ratio |")
print("|---|---|---|---|")
for spec in sys.argv[1:]:
    group, cand, base = spec.split(":")
    c, b = mean_ns(group, cand), mean_ns(group, base)
    print(f"| {group} ({cand} vs {base}) | {fmt(c)} | {fmt(b)} | {c / b:.2f} |")
