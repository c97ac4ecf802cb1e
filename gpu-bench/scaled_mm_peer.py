"""The peer of `cutlet-gpu-bench --fp8`, in the same run: PyTorch's `_scaled_mm`
(cuBLASLt's FP8 GEMM) on the same shapes and layouts (e4m3 A (m, k) row-major, B (n, k)
row-major passed as its (k, n) column-major transpose, bf16 out row-major), with
`use_fast_accum` as each cutlet row's accumulation (on: the tensor cores' own
accumulator; off: promoted into f32), per-tensor scales; for cutlet's block-scaled rows,
`_scaled_mm`'s block-wise scales (1 x 128 of A, 128 x 128 of B, cuBLASLt 12.9 on
Hopper) where this PyTorch has them, else its per-tensor promoted call (the table says
which ran). Median (min..max) of 10 calls after 3 warm-ups. Reads the `fp8\t` lines that cutlet-gpu-bench printed (the file named on the
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
            m, n, k, mode = map(int, f[1:5])
            rows.append((m, n, k, mode, tuple(map(float, f[5:8])), f[8]))
    print(f"PyTorch {torch.__version__}, {torch.cuda.get_device_name()}")
    print()
    print("| M x N x K | accumulation | cutlet | _scaled_mm | cutlet / _scaled_mm | cutlet kernel |")
    print("|---|---|---|---|---|---|")
    fmt = lambda r: f"{r[0]:.0f} ({r[1]:.0f}..{r[2]:.0f})"
    names = {0: "promoted (use_fast_accum=False)", 1: "fast (use_fast_accum=True)", 2: "block-scaled"}
    ratios = {0: [], 1: [], 2: []}
    peers = {}
    for m, n, k, mode, ours, kernel in rows:
        if (m, n, k, mode) not in peers:
            peers[(m, n, k, mode)] = peer(m, n, k, mode)
        (p, what) = peers[(m, n, k, mode)]
        r = ours[0] / p[0]
        ratios[mode].append(r)
        print(f"| {m}x{n}x{k} | {names[mode]} | {fmt(ours)} | {fmt(p)} {what} | {r:.2f} | {kernel} |")
    print()
    for mode, rs in ratios.items():
        if rs:
            print(f"median cutlet / _scaled_mm, {names[mode]}: {statistics.median(rs):.2f} ({min(rs):.2f}..{max(rs):.2f})")


def peer(m, n, k, mode):
    """`_scaled_mm`'s rate for cutlet's mode (0 promoted, 1 fast, 2 block-scaled) and
    what ran: for mode 2, the first block-wise scale layout this PyTorch takes, else
    per-tensor promoted."""
    g = torch.Generator(device="cuda").manual_seed(0)
    a = (torch.randn(m, k, device="cuda", generator=g) * 2).to(torch.float8_e4m3fn)
    bt = (torch.randn(n, k, device="cuda", generator=g) * 2).to(torch.float8_e4m3fn)
    call = lambda sa, sb, fast: lambda: torch._scaled_mm(
        a, bt.t(), scale_a=sa, scale_b=sb, out_dtype=torch.bfloat16, use_fast_accum=fast
    )
    flop = 2 * m * n * k
    if mode == 2:
        kb, nb = -(-k // 128), -(-n // 128)
        sa = torch.rand(kb, m, device="cuda").t() + 0.25  # (m, kb), M-major
        why = ""
        for sb in (torch.rand(kb, nb, device="cuda") + 0.25, torch.rand(nb, kb, device="cuda").t() + 0.25):
            try:
                f = call(sa, sb, False)
                f()
                torch.cuda.synchronize()
                return rate(time_ms(f), flop), "(block-wise)"
            except (RuntimeError, ValueError) as e:
                why = str(e).splitlines()[0][:80]
        print(f"_scaled_mm takes no block-wise scales here ({why}): per-tensor promoted instead")
        return rate(time_ms(call(torch.tensor(0.5, device="cuda"), torch.tensor(2.0, device="cuda"), False)), flop), "(per-tensor)"
    f = call(torch.tensor(0.5, device="cuda"), torch.tensor(2.0, device="cuda"), mode == 1)
    return rate(time_ms(f), flop), ""


if __name__ == "__main__":
    main()
