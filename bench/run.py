#!/usr/bin/env python3
"""Times the workloads of bench/workloads/ with ten and its peers in one run.

    bench/run.py [--build build] [--only W1,W7] [--repeat-seconds 1.0] [--rounds 3]

For each workload: ten (compiled once by tensor-run, then its entry function
timed alone: result buffers allocated by the compiled code and freed after
each call, as NumPy's and PyTorch's results are), NumPy (the expression, and
`einsum` with optimize=False and True where einsum applies), PyTorch eager
with 1 and 2 threads, PyTorch's `torch.compile` (Inductor) and `jax.jit`
where they are installed (compiled and warmed up before they are timed).
Every ten result is checked against NumPy's before it is timed. NumPy runs
OpenBLAS's best kernels for the host: the OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE that the environment may set are removed before NumPy
loads, and the kernel OpenBLAS chose is printed. The machine's limits come
from the same run: memory bandwidth from bench/limits.c (triad and copy, and
a read alone, 2 threads, arrays far larger than the caches) and the FMA peak
from bench/fma_peak.c (the host's widest vectors, 2 threads).
TEN_HOST_VECTOR_BITS=256 runs the whole table as on an AVX2 host: ten's code
and the FMA peak compiled without AVX-512, each peer held to its AVX2
kernels.

Each row: min and median time, the rate (GB/s over the bytes that must move,
or GFLOP/s), its fraction of the machine limit (for reductions, whose result
is small beside their input, marked `r`: of the read bandwidth, which is
higher than a loop that writes reaches; for contractions: of the FMA peak of
their type), the JIT compile time, and the speed-up of ten over each peer
(peer min / ten min; above 1 means ten is faster).
"""
import os

# NumPy's OpenBLAS reads these when it loads: a core type pinned to Haswell
# runs its AVX2 kernels on an AVX-512 host, and a small L2 size shrinks its
# blocking. The peer runs with the kernels OpenBLAS picks for the host.
PINNED_BLAS = {name: os.environ.pop(name) for name in
               ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
               if name in os.environ}

# TEN_HOST_VECTOR_BITS=256 compiles ten's code as for an AVX2 host (the
# AVX-512 features taken out of the host's, docs/Pipelines.md). The run then
# holds every peer to AVX2 alike, each through its own switch, read when it
# loads, so that one AVX-512 machine gives an AVX2 machine's table: OpenBLAS
# its Haswell kernels, MKL and oneDNN their AVX2 code, PyTorch's ATen kernels
# and Inductor's generated loops AVX2's, XLA's code AVX2's.
VECTOR_BITS = int(os.environ.get("TEN_HOST_VECTOR_BITS", "512"))
if VECTOR_BITS not in (256, 512):
    raise SystemExit("bench/run.py: TEN_HOST_VECTOR_BITS is 512 (the "
                     "host's) or 256 (an AVX2 host's)")
if VECTOR_BITS == 256:
    os.environ.update(
        OPENBLAS_CORETYPE="Haswell", MKL_ENABLE_INSTRUCTIONS="AVX2",
        ONEDNN_MAX_CPU_ISA="AVX2", ATEN_CPU_CAPABILITY="avx2",
        XLA_FLAGS=(os.environ.get("XLA_FLAGS", "")
                   + " --xla_cpu_max_isa=AVX2").strip())

import argparse
import ctypes
import functools
import glob
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

from peers import load_frameworks  # noqa: E402

torch, jax, jnp = load_frameworks()

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


# The workloads as NumPy code: `xp` is NumPy, or jax.numpy for the JAX peer.
def softmax(x, xp=np):
    e = xp.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layer_norm(x, g, b, xp=np):
    mean = x.mean(axis=1, keepdims=True)
    d = x - mean
    var = (d * d).mean(axis=1, keepdims=True)
    return d / xp.sqrt(var + 1e-5) * g + b


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
             lambda x, xp=np: x**2 + 3 * x, torch_fn=lambda x: x**2 + 3 * x),
    Workload("W2", "where, 1000^2", "w2-1000.mlir", [(1000, 1000)],
             lambda x, xp=np: xp.where(x > 0.5, x * 2, x / 2),
             torch_fn=lambda x: torch.where(x > 0.5, x * 2, x / 2)),
    Workload("W2", "where, 4096^2", "w2-4096.mlir", [(4096, 4096)],
             lambda x, xp=np: xp.where(x > 0.5, x * 2, x / 2),
             torch_fn=lambda x: torch.where(x > 0.5, x * 2, x / 2)),
    Workload("W3", "relu(m + bias)", "w3.mlir", [(1000, 512), (512,)],
             lambda m, b, xp=np: xp.maximum(m + b, 0),
             torch_fn=lambda m, b: torch.relu(m + b)),
    Workload("W4", "bij,bjk->bik", "w4.mlir", [(32, 100, 64), (32, 64, 128)],
             lambda a, b, xp=np: xp.matmul(a, b), einsum="bij,bjk->bik", torch_fn=torch and torch.bmm,
             flops=gemm_flops(32, 100, 64, 128)),
    Workload("W5", "bhqd,bhkd->bhqk", "w5.mlir",
             [(32, 8, 100, 64), (32, 8, 100, 64)],
             lambda q, k, xp=np: q @ xp.swapaxes(k, -1, -2), einsum="bhqd,bhkd->bhqk",
             torch_fn=lambda q, k: q @ k.transpose(-1, -2),
             flops=gemm_flops(32, 8, 100, 100, 64)),
    Workload("W6", "sum 1e6 f64", "w6.mlir", [(1_000_000,)],
             lambda x, xp=np: xp.sum(x), dtype=np.float64,
             torch_fn=lambda x: torch.sum(x)),
    Workload("W7", "matmul 500", "w7-500.mlir", [(500, 500)] * 2,
             lambda a, b, xp=np: xp.matmul(a, b),
             einsum="ij,jk->ik", torch_fn=torch and torch.matmul,
             flops=gemm_flops(500, 500, 500)),
    Workload("W7", "matmul 2048", "w7-2048.mlir", [(2048, 2048)] * 2,
             lambda a, b, xp=np: xp.matmul(a, b), einsum="ij,jk->ik", torch_fn=torch and torch.matmul,
             flops=gemm_flops(2048, 2048, 2048)),
    Workload("W7", "matmul 2048 f64", "w7-2048-f64.mlir",
             [(2048, 2048)] * 2, lambda a, b, xp=np: xp.matmul(a, b),
             einsum="ij,jk->ik", torch_fn=torch and torch.matmul,
             dtype=np.float64, flops=gemm_flops(2048, 2048, 2048)),
    Workload("W8", "softmax 4096^2", "w8.mlir", [(4096, 4096)], softmax,
             torch_fn=torch_softmax),
    Workload("W9", "ij,jk,kl 64/2048", "w9-64.mlir",
             [(64, 2048), (2048, 2048), (2048, 64)],
             lambda a, b, c, xp=np: xp.linalg.multi_dot([a, b, c]),
             einsum="ij,jk,kl->il",
             torch_fn=lambda a, b, c: torch.linalg.multi_dot([a, b, c]),
             flops=w9_flops(64, 2048, 2048, 64),
             extra_peers=[("np (a@b)@c", lambda a, b, c: (a @ b) @ c)]),
    Workload("W9", "ij,jk,kl 512", "w9-512.mlir", [(512, 512)] * 3,
             lambda a, b, c, xp=np: xp.linalg.multi_dot([a, b, c]),
             einsum="ij,jk,kl->il",
             torch_fn=lambda a, b, c: torch.linalg.multi_dot([a, b, c]),
             flops=w9_flops(512, 512, 512, 512),
             extra_peers=[("np (a@b)@c", lambda a, b, c: (a @ b) @ c)]),
    Workload("W10", "relu(x@W+b)", "w10.mlir",
             [(256, 1024), (1024, 1024), (1024,)],
             lambda x, w, b, xp=np: xp.maximum(x @ w + b, 0),
             torch_fn=lambda x, w, b: torch.relu(torch.addmm(b, x, w)),
             flops=gemm_flops(256, 1024, 1024)),
    Workload("W11", "layer norm 4096x1024", "w11.mlir",
             [(4096, 1024), (1024,), (1024,)], layer_norm,
             torch_fn=torch_layer_norm),
    Workload("W12", "sum axis 0, 4096^2", "w12-sum0.mlir", [(4096, 4096)],
             lambda x, xp=np: x.sum(axis=0), torch_fn=lambda x: x.sum(dim=0)),
    Workload("W12", "sum axis 1, 4096^2", "w12-sum1.mlir", [(4096, 4096)],
             lambda x, xp=np: x.sum(axis=1), torch_fn=lambda x: x.sum(dim=1)),
    Workload("W12", "max last, 64x512x512", "w12-max.mlir", [(64, 512, 512)],
             lambda x, xp=np: x.max(axis=-1),
             torch_fn=lambda x: x.max(dim=-1).values),
    Workload("W13", "x(1,2048) @ W", "w13-vecmat.mlir", [(1, 2048), (2048, 2048)],
             lambda x, w, xp=np: xp.matmul(x, w), einsum="ij,jk->ik",
             torch_fn=torch and torch.matmul),
    Workload("W13", "W @ x(2048)", "w13-matvec.mlir", [(2048, 2048), (2048,)],
             lambda w, x, xp=np: xp.matmul(w, x), einsum="kj,j->k",
             torch_fn=torch and torch.matmul),
    Workload("W13", "x(4,2048) @ W.T", "w13-linear4.mlir",
             [(4, 2048), (2048, 2048)],
             lambda x, w, xp=np: xp.matmul(x, w.T), einsum="ij,kj->ik",
             torch_fn=lambda x, w: x @ w.T),
    Workload("W14", "rfft 1000x4096 f32", "w14-rfft-4096.mlir",
             [(1000, 4096)], lambda x, xp=np: xp.fft.rfft(x),
             torch_fn=lambda x: torch.fft.rfft(x)),
    Workload("W14", "rfft 1000x1000 f64", "w14-rfft-1000.mlir",
             [(1000, 1000)], lambda x, xp=np: xp.fft.rfft(x), dtype=np.float64,
             torch_fn=lambda x: torch.fft.rfft(x)),
    Workload("W15", "sin(x)*exp(-x*x) f64, 4e6", "w15-gabor.mlir",
             [(4_000_000,)], lambda x, xp=np: xp.sin(x) * xp.exp(-x * x),
             dtype=np.float64,
             torch_fn=lambda x: torch.sin(x) * torch.exp(-x * x)),
    Workload("W15", "log1p(exp(x)), 1e7", "w15-softplus.mlir",
             [(10_000_000,)], lambda x, xp=np: xp.log1p(xp.exp(x)),
             torch_fn=lambda x: torch.log1p(torch.exp(x))),
]


def build_limits(build_dir):
    """The executables of limits.c (bandwidth) and fma_peak.c (FMA peak),
    compiled for the host."""
    exes = []
    # No memcpy for the copy loop: glibc's streams large copies past the
    # caches, which a compiled loop does not.
    for source, name, extra in (
            ("limits.c", "bench-limits", ["-fno-tree-loop-distribute-patterns"]),
            ("fma_peak.c", "bench-fma-peak", [])):
        exe = os.path.join(build_dir, name)
        # The FMA peak of the vectors ten's code is compiled for.
        if VECTOR_BITS < 512:
            extra = [*extra, "-mno-avx512f"]
        subprocess.run(["cc", "-O3", "-march=native", "-fopenmp", *extra,
                        os.path.join(HERE, source), "-o", exe], check=True)
        exes.append(exe)
    return exes


def bandwidth(limits_exe, mib, repetitions):
    """Best GB/s of a triad, a copy and a read alone, 2 threads."""
    env = dict(os.environ, OMP_NUM_THREADS=str(THREADS))
    out = subprocess.run([limits_exe, str(mib), str(repetitions)], env=env,
                         check=True, capture_output=True, text=True).stdout
    return tuple(float(re.search(name + r" ([\d.]+)", out).group(1))
                 for name in ("triad", "copy", "read"))


def fma_peak(fma_exe, seconds):
    """GFLOP/s of FMAs on the widest vectors, f32 and f64, 2 threads, and
    the vector width."""
    env = dict(os.environ, OMP_NUM_THREADS=str(THREADS))
    out = subprocess.run([fma_exe, str(seconds)], env=env, check=True,
                         capture_output=True, text=True).stdout
    match = re.search(r"f32 ([\d.]+) f64 ([\d.]+) GFLOP/s, (\d+)-bit", out)
    return {np.dtype(np.float32): float(match.group(1)),
            np.dtype(np.float64): float(match.group(2)),
            "bits": int(match.group(3))}


def blas_kernel():
    """The kernel NumPy's OpenBLAS runs (its core name), or why unknown."""
    try:
        import threadpoolctl

        for info in threadpoolctl.threadpool_info():
            if info.get("internal_api") == "openblas":
                return f"OpenBLAS {info.get('version')} {info.get('architecture')}"
    except ImportError:
        pass
    # NumPy's wheels bundle OpenBLAS with a prefix on its symbols.
    pattern = os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs",
                           "*openblas*")
    for path in glob.glob(pattern):
        library = ctypes.CDLL(path)
        for name in ("scipy_openblas_get_corename64_",
                     "scipy_openblas_get_corename", "openblas_get_corename"):
            function = getattr(library, name, None)
            if function is not None:
                function.restype = ctypes.c_char_p
                return "OpenBLAS " + function().decode()
    return "unknown BLAS"


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


def torch_blas():
    """The BLAS behind PyTorch's CPU GEMMs: MKL in the x86 wheels, the
    MKL-class peer where the host is Intel's."""
    config = torch.__config__.show()
    match = re.search(r"BLAS_INFO=(\w+)", config)
    return f"BLAS {match.group(1) if match else 'unknown'}"


def peers_of(workload, inputs, slow, compiled=True):
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
        if compiled:
            inductor = torch.compile(workload.torch_fn)

            def call_compiled():
                torch.set_num_threads(THREADS)
                return inductor(*tensors)
            peers.append(("inductor", call_compiled))
    if jax and compiled:
        arrays = [jnp.asarray(a) for a in inputs]
        jitted = jax.jit(functools.partial(workload.numpy_fn, xp=jnp))
        peers.append(("jax", lambda: jitted(*arrays).block_until_ready()))
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
    parser.add_argument("--no-compiled-peers", action="store_true",
                        help="leave out torch.compile and jax.jit (their "
                             "compiles take most of a run)")
    args = parser.parse_args()
    tensor_run = os.path.join(args.build, "bin", "tensor-run")
    only = set(filter(None, args.only.split(",")))
    rounds = max(1, args.rounds)
    share = args.repeat_seconds / rounds

    limits_exe, fma_exe = build_limits(args.build)
    triad, copy, read = bandwidth(limits_exe, 512, 10)
    peak = fma_peak(fma_exe, 0.5)
    gemm = gemm_limit()
    print(f"machine: memory {max(triad, copy):.1f} GB/s (triad {triad:.1f}, "
          f"copy {copy:.1f}; read alone {read:.1f}; {THREADS} threads), "
          f"FMA peak f32 {peak[np.dtype(np.float32)]:.1f} GFLOP/s, f64 "
          f"{peak[np.dtype(np.float64)]:.1f} ({peak['bits']}-bit vectors, "
          f"{THREADS} threads)")
    pinned = ", ".join(f"{k}={v}" for k, v in PINNED_BLAS.items())
    print(f"peers: NumPy {np.__version__} ({blas_kernel()}, {THREADS} threads"
          + (f"; unset for it: {pinned}" if pinned else "")
          + f"; its sgemm 2048: {gemm:.1f} GFLOP/s)"
          + (f", PyTorch {torch.__version__} ({torch_blas()})" if torch else
             ", PyTorch not installed")
          + (f", JAX {jax.__version__}" if jax else ", JAX not installed"))
    if VECTOR_BITS < 512:
        print("as an AVX2 host: TEN_HOST_VECTOR_BITS=256 for ten, and for "
              "the peers OPENBLAS_CORETYPE=Haswell, MKL_ENABLE_INSTRUCTIONS,"
              " ONEDNN_MAX_CPU_ISA, ATEN_CPU_CAPABILITY and XLA_FLAGS's "
              "--xla_cpu_max_isa at AVX2")
    print("ten: min/median ms of the compiled call, outputs allocated by it;"
          " x = peer min / ten min"
          + ("; every size dynamic" if args.dynamic else ""))
    print(f"{rounds} interleaved rounds per row (ten, each peer, a "
          "probe); limit: against the probe's best in the row's rounds: a "
          "copy (a read, for a reduction) over arrays of the row's input "
          "size, or the FMA peak of the row's type for a contraction\n")
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
            peers = peers_of(w, inputs, args.slow,
                             compiled=not args.no_compiled_peers)
            # Compiles and warm-up; a peer that cannot run this workload
            # (a compiler missing, an op it lacks) is left out, and said.
            runnable = []
            for name, fn in peers:
                try:
                    for _ in range(3):
                        fn()
                    runnable.append((name, fn))
                except Exception as error:  # noqa: BLE001
                    print(f"{w.ident} {w.name}: peer {name} left out: "
                          f"{type(error).__name__}: {str(error)[:120]}")
            peers = runnable
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
                    probes.append(fma_peak(fma_exe, min(share, 0.2))[
                        np.dtype(w.dtype)])
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
