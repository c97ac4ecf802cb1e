"""Timing shared by the PyTorch peer scripts of cutlet-gpu-bench (`sdpa_peer.py`,
`scaled_mm_peer.py`): CUDA events around each call after warm-ups, and the rate of the
median and the spread."""

import statistics

import torch


def time_ms(f, warm=3, runs=10):
    """Milliseconds of `runs` calls of `f`, each between two events, after `warm` calls; sorted."""
    for _ in range(warm):
        f()
    out = []
    for _ in range(runs):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        f()
        e.record()
        e.synchronize()
        out.append(s.elapsed_time(e))
    return sorted(out)


def rate(samples, flop):
    """TFLOP/s of the median, the slowest and the fastest of sorted `samples`."""
    r = lambda ms: flop / (ms * 1e-3) / 1e12
    return r(statistics.median(samples)), r(samples[-1]), r(samples[0])
