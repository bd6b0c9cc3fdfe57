#!/usr/bin/env python3
"""torch.compile's backend "ten" against PyTorch eager and Inductor on the
CPU, in one run: PyTorch modules of issue 25 (an MLP, a transformer block,
a linear model, a row softmax, einsum-heavy attention) and a small CNN
(strided, grouped and transposed convolutions, batch and group norm, max,
average and adaptive pooling), inference.

    PYTHONPATH=build/python python3 bench/torch_compile.py [--threads 2] [--runs 50]

Each row: min and median ms per call of eager PyTorch, Inductor
(torch.compile's default backend) and ten, the speed-up of ten over each
(peer min / ten min), and the compile time of each backend (the first
call, which traces and compiles; Inductor's caches on disk are off). Calls allocate their results, as a
module's forward does. Every compiled result is checked against eager's
before it is timed.
"""

import argparse
import os
import statistics
import sys
import time

# Inductor's caches on disk would make its compile column the time to load
# an earlier run's kernels: every compile here is from scratch.
os.environ["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"

import torch  # noqa: E402
from torch import nn  # noqa: E402

import ten  # noqa: F401  (registers the backend)
from ten import torch_backend

# The modules of examples/python/torch_models.py.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "examples", "python"))
from torch_models import MLP, Block  # noqa: E402


def attention_einsum(q, k, v):
    scores = torch.einsum("bhqd,bhkd->bhqk", q, k) * q.shape[-1] ** -0.5
    return torch.einsum("bhqk,bhkd->bhqd", scores.softmax(-1), v)


def small_cnn():
    return nn.Sequential(
        nn.Conv2d(3, 32, 3, stride=2, padding=1), nn.BatchNorm2d(32),
        nn.ReLU(), nn.MaxPool2d(3, 2, 1),
        nn.Conv2d(32, 64, 3, padding=1), nn.GroupNorm(4, 64), nn.ReLU(),
        nn.Conv2d(64, 64, 3, padding=1, groups=64), nn.ReLU(),
        nn.AvgPool2d(2),
        nn.ConvTranspose2d(64, 32, 3, stride=2, padding=1, output_padding=1),
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(32, 10)).eval()


def workloads():
    torch.manual_seed(0)
    norm = nn.LayerNorm(1024)
    return [
        ("MLP 256x1024x1024x10", MLP((1024, 1024, 1024, 10)),
         [torch.randn(256, 1024)], 1e-4),
        ("transformer block 8x128x256", Block(256, 4).eval(),
         [torch.randn(8, 128, 256)], 1e-4),
        ("linear model 4096x256->16", nn.Linear(256, 16),
         [torch.randn(4096, 256)], 1e-4),
        ("softmax(layer_norm) 1024^2", lambda x: torch.softmax(norm(x), -1),
         [torch.randn(1024, 1024)], 1e-5),
        ("einsum attention 8x8x128x64", attention_einsum,
         [torch.randn(8, 8, 128, 64) for _ in range(3)], 1e-4),
        ("small CNN 8x3x64x64", small_cnn(), [torch.randn(8, 3, 64, 64)],
         1e-4),
    ]


def timed(function, inputs, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        function(*inputs)
        times.append(time.perf_counter() - start)
    return min(times) * 1e3, statistics.median(times) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    print(f"PyTorch {torch.__version__}, {args.threads} threads; ms per call "
          "(min / median); x = peer min / ten min; compile = first call")
    print(f"{'workload':32} {'eager':>15} {'inductor':>15} {'ten':>15} "
          f"{'vs eager':>9} {'vs ind.':>8} {'compile ind.':>13} {'ten':>7}")
    with torch.no_grad():
        for name, model, inputs, tolerance in workloads():
            expected = model(*inputs)
            rows = {}
            compile_seconds = {}
            for backend in ("inductor", "ten"):
                torch._dynamo.reset()
                compiled = torch.compile(model, backend=backend)
                start = time.perf_counter()
                result = compiled(*inputs)
                compile_seconds[backend] = time.perf_counter() - start
                torch.testing.assert_close(result, expected, rtol=tolerance,
                                           atol=tolerance)
                rows[backend] = compiled
            splits = torch_backend.reports[-1]
            # Interleaved rounds: a burst of other work hits every peer.
            best = {key: [] for key in ("eager", "inductor", "ten")}
            for _ in range(3):
                best["eager"].append(timed(model, inputs, args.runs))
                for backend in ("inductor", "ten"):
                    best[backend].append(timed(rows[backend], inputs,
                                               args.runs))
            summary = {key: (min(m for m, _ in values),
                             statistics.median(d for _, d in values))
                       for key, values in best.items()}
            ten_min = summary["ten"][0]
            cells = " ".join(f"{summary[key][0]:7.3f}/{summary[key][1]:7.3f}"
                             for key in ("eager", "inductor", "ten"))
            note = "" if not splits.torch_nodes else \
                f"  ({splits.torch_nodes} nodes in PyTorch)"
            print(f"{name:32} {cells} {summary['eager'][0] / ten_min:8.2f}x "
                  f"{summary['inductor'][0] / ten_min:7.2f}x "
                  f"{compile_seconds['inductor']:12.2f}s "
                  f"{compile_seconds['ten']:6.2f}s{note}")


if __name__ == "__main__":
    main()
