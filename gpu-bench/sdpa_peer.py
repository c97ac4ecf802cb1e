"""The peers of `cutlet-gpu-bench --attention`, in the same run: PyTorch's
scaled_dot_product_attention with the FlashAttention-2 backend and with cuDNN's fused
attention, on the same shapes (bf16, BSHD contiguous, viewed as PyTorch's (B, H, S, D)),
median (min..max) of 10 calls after 3 warm-ups, FlashAttention's FLOP count. Reads the
`attention\t` lines that cutlet-gpu-bench printed (the file named on the command line)
and prints one table with the ratios.

    python3 sdpa_peer.py cutlet-attention.txt
"""

import statistics
import sys

import torch
from torch.nn.attention import SDPBackend, sdpa_kernel
import torch.nn.functional as F

from peer_timing import rate, time_ms


def main():
    rows = []
    for line in open(sys.argv[1]):
        f = line.rstrip("\n").split("\t")
        if f[0] == "attention":
            b, h, s, d, causal = map(int, f[1:6])
            rows.append((b, h, s, d, bool(causal), tuple(map(float, f[6:9]))))
    print(f"PyTorch {torch.__version__}, cuDNN {torch.backends.cudnn.version()}, {torch.cuda.get_device_name()}")
    print()
    print("| B x H x S x D (bf16) | causal | cutlet | FA2 | cuDNN | cutlet / FA2 | cutlet / cuDNN |")
    print("|---|---|---|---|---|---|---|")
    fmt = lambda r: f"{r[0]:.0f} ({r[1]:.0f}..{r[2]:.0f})"
    ratios = []
    for b, h, s, d, causal, ours in rows:
        g = torch.Generator(device="cuda").manual_seed(0)
        q, k, v = (torch.randn(b, s, h, d, device="cuda", dtype=torch.bfloat16, generator=g).transpose(1, 2) for _ in range(3))
        flop = 4 * b * h * s * s * d / (2 if causal else 1)
        peers = []
        for backend in (SDPBackend.FLASH_ATTENTION, SDPBackend.CUDNN_ATTENTION):
            try:
                with sdpa_kernel(backend):
                    t = time_ms(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
                peers.append(rate(t, flop))
            except RuntimeError as e:
                print(f"  {backend}: {e}".splitlines()[0])
                peers.append((float("nan"),) * 3)
        fa2, cudnn = peers
        ratios.append((ours[0] / fa2[0], ours[0] / cudnn[0]))
        print(
            f"| {b} x {h} x {s} x {d} | {'yes' if causal else 'no'} | {fmt(ours)} | {fmt(fa2)} | {fmt(cudnn)} "
            f"| {ours[0] / fa2[0]:.2f} | {ours[0] / cudnn[0]:.2f} |"
        )
    if ratios:
        print()
        print(
            f"median ratio: cutlet / FA2 {statistics.median(r[0] for r in ratios):.2f}, "
            f"cutlet / cuDNN {statistics.median(r[1] for r in ratios):.2f}"
        )


if __name__ == "__main__":
    main()
