"""The peer of `cutlet-gpu-bench --fp8`, in the same run: PyTorch's `_scaled_mm`
(cuBLASLt's FP8 GEMM) on the same shapes and layouts (e4m3 A (m, k) row-major, B (n, k)
row-major passed as its (k, n) column-major transpose, per-tensor scales, bf16 out
row-major), with `use_fast_accum` as each cutlet row's accumulation (on: the tensor
cores' own accumulator; off: promoted into f32), median (min..max) of 10 calls after 3
warm-ups. Reads the `fp8\t` lines that cutlet-gpu-bench printed (the file named on the
command line) and prints one table with the ratios.

    python3 scaled_mm_peer.py cutlet-fp8.txt
"""

import statistics
import sys

import torch

from peer_timing import rate, time_ms


def main():
    rows = []
    for line in open(sys.argv[1]):
        f = line.rstrip("\n").split("\t")
        if f[0] == "fp8":
            m, n, k, fast = map(int, f[1:5])
            rows.append((m, n, k, bool(fast), tuple(map(float, f[5:8])), f[8]))
    print(f"PyTorch {torch.__version__}, {torch.cuda.get_device_name()}")
    print()
    print("| M x N x K | accumulation | cutlet | _scaled_mm | cutlet / _scaled_mm | cutlet kernel |")
    print("|---|---|---|---|---|---|")
    fmt = lambda r: f"{r[0]:.0f} ({r[1]:.0f}..{r[2]:.0f})"
    ratios = {True: [], False: []}
    peers = {}
    for m, n, k, fast, ours, kernel in rows:
        if (m, n, k, fast) not in peers:
            g = torch.Generator(device="cuda").manual_seed(0)
            a = (torch.randn(m, k, device="cuda", generator=g) * 2).to(torch.float8_e4m3fn)
            bt = (torch.randn(n, k, device="cuda", generator=g) * 2).to(torch.float8_e4m3fn)
            sa = torch.tensor(0.5, device="cuda")
            sb = torch.tensor(2.0, device="cuda")
            f = lambda: torch._scaled_mm(a, bt.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast)
            peers[(m, n, k, fast)] = rate(time_ms(f), 2 * m * n * k)
        peer = peers[(m, n, k, fast)]
        r = ours[0] / peer[0]
        ratios[fast].append(r)
        mode = "fast (use_fast_accum=True)" if fast else "promoted (use_fast_accum=False)"
        print(f"| {m}x{n}x{k} | {mode} | {fmt(ours)} | {fmt(peer)} | {r:.2f} | {kernel} |")
    print()
    for fast, rs in ratios.items():
        if rs:
            print(f"median cutlet / _scaled_mm, {'fast' if fast else 'promoted'}: {statistics.median(rs):.2f} ({min(rs):.2f}..{max(rs):.2f})")


if __name__ == "__main__":
    main()
