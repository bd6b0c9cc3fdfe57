#!/usr/bin/env python3
"""Times the workloads of bench/workloads/ with ten and its peers in one run.

    bench/run.py [--build build] [--only W1,W7] [--repeat-seconds 1.0] [--rounds 3]

For each workload: ten (compiled once by tensor-run, then its entry function
timed alone: result buffers allocated by the compiled code and freed after
each call, as NumPy's and PyTorch's results are), NumPy (the expression, and
`einsum` with optimize=False and True where einsum applies), PyTorch eager
with 1 and 2 threads when it is installed. Every ten result is checked
against NumPy's before it is timed. The machine's limits come from the same
run: memory bandwidth from bench/limits.c (triad and copy, and a read alone,
2 threads, arrays far larger than the caches) and f32 GEMM throughput from
NumPy's matmul (OpenBLAS, 2 threads).

Each row: min and median time, the rate (GB/s over the bytes that must move,
or GFLOP/s), its fraction of the machine limit (for reductions, whose result
is small beside their input, marked `r`: of the read bandwidth, which is
higher than a loop that writes reaches), the JIT compile time, and the
speed-up of ten over each peer (peer min / ten min; above 1 means ten is
faster).
"""
import argparse
import functools
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

THREADS = 2
os.environ.setdefault("OPENBLAS_NUM_THREADS", str(THREADS))
os.environ.setdefault("OMP_NUM_THREADS", str(THREADS))

import numpy as np  # noqa: E402

try:
    import torch  # noqa: E402
except ImportError:
    torch = None

HERE = os.path.dirname(os.path.abspath(__file__))


def timeit(fn, budget, warm_up=True, min_calls=3):
    """Min and median seconds of repeated calls, within about `budget` s."""
    if warm_up:
        fn()
    times = []
    start = time.perf_counter()
    while len(times) < min_calls or (time.perf_counter() - start < budget and
                                     len(times) < 200):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def rng_inputs(shapes, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(dtype) for s in shapes]


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layer_norm(x, g, b):
    mean = x.mean(axis=1, keepdims=True)
    d = x - mean
    var = (d * d).mean(axis=1, keepdims=True)
    return d / np.sqrt(var + 1e-5) * g + b


def torch_softmax(x):
    return torch.softmax(x, dim=1)


def torch_layer_norm(x, g, b):
    return torch.nn.functional.layer_norm(x, (x.shape[1],), g, b, 1e-5)


class Workload:
    def __init__(self, ident, name, file, shapes, numpy_fn, dtype=np.float32,
                 einsum=None, torch_fn=None, flops=None, extra_peers=()):
        self.ident, self.name, self.file = ident, name, file
        self.shapes, self.numpy_fn, self.dtype = shapes, numpy_fn, dtype
        self.einsum, self.torch_fn, self.flops = einsum, torch_fn, flops
        self.extra_peers = extra_peers


def gemm_flops(*sizes):
    return lambda: 2.0 * np.prod(sizes, dtype=np.float64)


def w9_flops(i, j, k, l):
    return lambda: 2.0 * min(i * j * k + i * k * l, j * k * l + i * j * l)


WORKLOADS = [
    Workload("W1", "x**2 + 3*x, 1e7", "w1.mlir", [(10_000_000,)],
             lambda x: x**2 + 3 * x, torch_fn=lambda x: x**2 + 3 * x),
    Workload("W2", "where, 1000^2", "w2-1000.mlir", [(1000, 1000)],
             lambda x: np.where(x > 0.5, x * 2, x / 2),
             torch_fn=lambda x: torch.where(x > 0.5, x * 2, x / 2)),
    Workload("W2", "where, 4096^2", "w2-4096.mlir", [(4096, 4096)],
             lambda x: np.where(x > 0.5, x * 2, x / 2),
             torch_fn=lambda x: torch.where(x > 0.5, x * 2, x / 2)),
    Workload("W3", "relu(m + bias)", "w3.mlir", [(1000, 512), (512,)],
             lambda m, b: np.maximum(m + b, 0),
             torch_fn=lambda m, b: torch.relu(m + b)),
    Workload("W4", "bij,bjk->bik", "w4.mlir", [(32, 100, 64), (32, 64, 128)],
             np.matmul, einsum="bij,bjk->bik", torch_fn=torch and torch.bmm,
             flops=gemm_flops(32, 100, 64, 128)),
    Workload("W5", "bhqd,bhkd->bhqk", "w5.mlir",
             [(32, 8, 100, 64), (32, 8, 100, 64)],
             lambda q, k: q @ np.swapaxes(k, -1, -2), einsum="bhqd,bhkd->bhqk",
             torch_fn=lambda q, k: q @ k.transpose(-1, -2),
             flops=gemm_flops(32, 8, 100, 100, 64)),
    Workload("W6", "sum 1e6 f64", "w6.mlir", [(1_000_000,)],
             lambda x: np.sum(x), dtype=np.float64,
             torch_fn=lambda x: torch.sum(x)),
    Workload("W7", "matmul 500", "w7-500.mlir", [(500, 500)] * 2, np.matmul,
             einsum="ij,jk->ik", torch_fn=torch and torch.matmul,
             flops=gemm_flops(500, 500, 500)),
    Workload("W7", "matmul 2048", "w7-2048.mlir", [(2048, 2048)] * 2,
             np.matmul, einsum="ij,jk->ik", torch_fn=torch and torch.matmul,
             flops=gemm_flops(2048, 2048, 2048)),
    Workload("W8", "softmax 4096^2", "w8.mlir", [(4096, 4096)], softmax,
             torch_fn=torch_softmax),
    Workload("W9", "ij,jk,kl 64/2048", "w9-64.mlir",
             [(64, 2048), (2048, 2048), (2048, 64)],
             lambda a, b, c: np.linalg.multi_dot([a, b, c]),
             einsum="ij,jk,kl->il",
             torch_fn=lambda a, b, c: torch.linalg.multi_dot([a, b, c]),
             flops=w9_flops(64, 2048, 2048, 64),
             extra_peers=[("np (a@b)@c", lambda a, b, c: (a @ b) @ c)]),
    Workload("W9", "ij,jk,kl 512", "w9-512.mlir", [(512, 512)] * 3,
             lambda a, b, c: np.linalg.multi_dot([a, b, c]),
             einsum="ij,jk,kl->il",
             torch_fn=lambda a, b, c: torch.linalg.multi_dot([a, b, c]),
             flops=w9_flops(512, 512, 512, 512),
             extra_peers=[("np (a@b)@c", lambda a, b, c: (a @ b) @ c)]),
    Workload("W10", "relu(x@W+b)", "w10.mlir",
             [(256, 1024), (1024, 1024), (1024,)],
             lambda x, w, b: np.maximum(x @ w + b, 0),
             torch_fn=lambda x, w, b: torch.relu(torch.addmm(b, x, w)),
             flops=gemm_flops(256, 1024, 1024)),
    Workload("W11", "layer norm 4096x1024", "w11.mlir",
             [(4096, 1024), (1024,), (1024,)], layer_norm,
             torch_fn=torch_layer_norm),
    Workload("W12", "sum axis 0, 4096^2", "w12-sum0.mlir", [(4096, 4096)],
             lambda x: x.sum(axis=0), torch_fn=lambda x: x.sum(dim=0)),
    Workload("W12", "sum axis 1, 4096^2", "w12-sum1.mlir", [(4096, 4096)],
             lambda x: x.sum(axis=1), torch_fn=lambda x: x.sum(dim=1)),
    Workload("W12", "max last, 64x512x512", "w12-max.mlir", [(64, 512, 512)],
             lambda x: x.max(axis=-1),
             torch_fn=lambda x: x.max(dim=-1).values),
]


def build_limits(build_dir):
    exe = os.path.join(build_dir, "bench-limits")
    # No memcpy for the copy loop: glibc's streams large copies past the
    # caches, which a compiled loop does not.
    subprocess.run(["cc", "-O3", "-march=native", "-fopenmp",
                    "-fno-tree-loop-distribute-patterns",
                    os.path.join(HERE, "limits.c"), "-o", exe], check=True)
    return exe


def bandwidth(limits_exe, mib, repetitions):
    """Best GB/s of a triad, a copy and a read alone, 2 threads."""
    env = dict(os.environ, OMP_NUM_THREADS=str(THREADS))
    out = subprocess.run([limits_exe, str(mib), str(repetitions)], env=env,
                         check=True, capture_output=True, text=True).stdout
    return tuple(float(re.search(name + r" ([\d.]+)", out).group(1))
                 for name in ("triad", "copy", "read"))


@functools.cache
def gemm_operands():
    return rng_inputs([(2048, 2048)] * 2, np.float32)


def gemm_limit(budget=2.0):
    """GFLOP/s of NumPy's 2048x2048 f32 matmul (OpenBLAS, 2 threads)."""
    a, b = gemm_operands()
    best, _ = timeit(lambda: a @ b, budget)
    return 2.0 * 2048**3 / best / 1e9


def with_dynamic_sizes(text):
    """The module with every tensor size above 1 dynamic (sizes of 1 stay:
    they broadcast)."""
    def dynamic(match):
        dims = match.group(1).split("x")
        return "tensor<" + "x".join(
            "?" if d.isdigit() and int(d) > 1 else d for d in dims) + ">"
    return re.sub(r"tensor<([0-9x?]*x?[a-z0-9]+)>", dynamic, text)


class TenRun:
    """A workload's tensor-run command, checked once, then timed in rounds."""

    def __init__(self, tensor_run, workload, inputs, workdir, dynamic=False):
        paths = []
        for i, array in enumerate(inputs):
            path = os.path.join(workdir, f"in{i}.npy")
            np.save(path, array)
            paths.append(path)
        self.out = os.path.join(workdir, "out.npy")
        module = os.path.join(HERE, "workloads", workload.file)
        if dynamic:
            with open(module) as f:
                text = with_dynamic_sizes(f.read())
            module = os.path.join(workdir, "dynamic-" + workload.file)
            with open(module, "w") as f:
                f.write(text)
        self.command = [tensor_run, module, "--output=" + self.out]
        self.command += ["--input=" + path for path in paths]
        self.once = None

    def check(self, workload, expected):
        """None when the result matches NumPy's, else what is wrong."""
        probe = subprocess.run(self.command + ["--bench=1"],
                               capture_output=True, text=True)
        if probe.returncode != 0:
            return probe.stderr.strip()
        self.once = float(re.search(r"min ([\d.]+) ms",
                                    probe.stdout).group(1)) / 1e3
        got = np.load(self.out)
        tolerance = 1e-3 if workload.flops is None else 2e-3
        # A contraction's rounding error grows with the magnitude of its sums,
        # not with each result's: an element near zero of W9 (whose results
        # reach 8000) differs from NumPy's by 0.02 in any summation order.
        scale = 1.0
        if workload.flops is not None and expected.size:
            scale = max(1.0, float(np.max(np.abs(expected))))
        if not np.allclose(got, expected, rtol=tolerance,
                           atol=tolerance * scale):
            worst = np.max(np.abs(got.astype(np.float64) - expected))
            return f"WRONG RESULT (max abs error {worst:g})"
        return None

    def time(self, budget):
        """(min, median, compile) seconds of about `budget` s of calls."""
        runs = int(min(200, max(3, budget / max(self.once, 1e-6))))
        result = subprocess.run(self.command + [f"--bench={runs}"],
                                capture_output=True, text=True, check=True)
        match = re.search(
            r"min ([\d.]+) ms, median ([\d.]+) ms.*compile ([\d.]+)",
            result.stdout)
        return tuple(float(g) / 1e3 for g in match.groups())


def peers_of(workload, inputs, slow):
    peers = [("np", lambda: workload.numpy_fn(*inputs))]
    peers += [(n, lambda f=f: f(*inputs)) for n, f in workload.extra_peers]
    if workload.einsum:
        peers.append(("einsum opt", lambda: np.einsum(
            workload.einsum, *inputs, optimize=True)))
        if workload.ident != "W9" or slow:
            peers.append(("einsum", lambda: np.einsum(
                workload.einsum, *inputs, optimize=False)))
    if torch and workload.torch_fn:
        tensors = [torch.from_numpy(a) for a in inputs]
        for threads in (1, 2):
            def call(threads=threads):
                torch.set_num_threads(threads)
                return workload.torch_fn(*tensors)
            peers.append((f"torch{threads}", call))
    return peers


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--only", default="",
                        help="comma-separated workload ids (W1,W7)")
    parser.add_argument("--repeat-seconds", type=float, default=1.0,
                        help="seconds of calls per peer and workload, "
                             "split over the rounds")
    parser.add_argument("--rounds", type=int, default=3,
                        help="rounds per workload: ten, every peer and the "
                             "bandwidth probe once each, in turn")
    parser.add_argument("--dynamic", action="store_true",
                        help="compile ten's modules with every size above 1 "
                             "dynamic, as a caller that compiles once for "
                             "any shape does")
    parser.add_argument("--slow", action="store_true",
                        help="also time einsum(optimize=False) on W9")
    args = parser.parse_args()
    tensor_run = os.path.join(args.build, "bin", "tensor-run")
    only = set(filter(None, args.only.split(",")))
    rounds = max(1, args.rounds)
    share = args.repeat_seconds / rounds

    limits_exe = build_limits(args.build)
    triad, copy, read = bandwidth(limits_exe, 512, 10)
    gemm = gemm_limit()
    print(f"machine: memory {max(triad, copy):.1f} GB/s (triad {triad:.1f}, "
          f"copy {copy:.1f}; read alone {read:.1f}; {THREADS} threads), "
          f"sgemm {gemm:.1f} GFLOP/s "
          f"(NumPy matmul 2048, OpenBLAS, {THREADS} threads)")
    print(f"peers: NumPy {np.__version__}"
          + (f", PyTorch {torch.__version__}" if torch else
             ", PyTorch not installed"))
    print("ten: min/median ms of the compiled call, outputs allocated by it;"
          " x = peer min / ten min"
          + ("; every size dynamic" if args.dynamic else ""))
    print(f"{rounds} interleaved rounds per row (ten, each peer, a "
          "probe); limit: against the probe's best in the row's rounds: a "
          "copy (a read, for a reduction) over arrays of the row's input "
          "size, or NumPy's matmul 2048\n")
    header = (f"{'id':4} {'workload':22} {'ten min':>9} {'median':>9} "
              f"{'rate':>13} {'limit':>6} {'compile':>8}  peers")
    print(header)
    print("-" * len(header))
    with tempfile.TemporaryDirectory() as workdir:
        for w in WORKLOADS:
            if only and w.ident not in only:
                continue
            inputs = rng_inputs(w.shapes, w.dtype)
            expected = w.numpy_fn(*inputs)
            ten = TenRun(tensor_run, w, inputs, workdir, args.dynamic)
            problem = ten.check(w, expected)
            peers = peers_of(w, inputs, args.slow)
            for _, fn in peers:
                fn()  # warm-up
            # The probe moves as many bytes as the workload, over arrays of
            # its input's size: a copy or a read with the same share of them
            # left in the caches by the call before.
            probe_mib = max(1.0, sum(a.nbytes for a in inputs) / 2**20)
            ten_times, peer_times = [], {name: [] for name, _ in peers}
            probes = []
            # Each round times every contender for a share of the budget, so
            # a burst of other work on the machine falls on all of them.
            for _ in range(rounds):
                if problem is None:
                    ten_times.append(ten.time(share))
                for name, fn in peers:
                    peer_times[name].append(
                        timeit(fn, share, warm_up=False, min_calls=1)[0])
                if w.flops:
                    probes.append(gemm_limit(share))
                else:
                    probes.append(bandwidth(limits_exe, probe_mib, 10))
            ten_best = min(t[0] for t in ten_times) if ten_times else None
            cells = []
            for name, _ in peers:
                best = min(peer_times[name])
                ratio = f"{best / ten_best:.2f}x" if ten_best else "-"
                cells.append(f"{name} {best * 1e3:.3f} ({ratio})")
            if problem is not None:
                print(f"{w.ident:4} {w.name:22} {problem}  " + ", ".join(cells))
                continue
            median = statistics.median(t[1] for t in ten_times)
            compile_s = min(t[2] for t in ten_times)
            if w.flops:
                rate = w.flops() / ten_best / 1e9
                rate_text = f"{rate:.1f} GFLOP/s"
                limit = rate / max(probes)
            else:
                written = np.asarray(expected).nbytes
                moved = sum(a.nbytes for a in inputs) + written
                rate = moved / ten_best / 1e9
                # A reduction reads: its limit is the read bandwidth.
                reads_only = written * 16 <= moved
                rate_text = f"{rate:.1f} GB/s" + ("r" if reads_only else "")
                # The copy's rate counts its bytes as this rate does.
                limit = rate / max(p[2] if reads_only else p[1]
                                   for p in probes)
            print(f"{w.ident:4} {w.name:22} {ten_best * 1e3:9.3f} "
                  f"{median * 1e3:9.3f} {rate_text:>13} {limit:6.0%} "
                  f"{compile_s * 1e3:6.0f}ms  " + ", ".join(cells))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
