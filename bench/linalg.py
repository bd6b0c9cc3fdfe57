#!/usr/bin/env python3
"""Times ten.linalg against NumPy, PyTorch and JAX in one run.

    bench/linalg.py [--build build] [--rounds 3] [--calls 20]

Two workloads of issue 27: one 1000 x 1000 float64 matrix and a batch of
10000 4 x 4 float32 matrices, each through solve (one right-hand side per
matrix), cholesky, svd (full matrices, as NumPy's default), pinv, inv and
eigh. ten: a ten.jit function of the one call, compiled and run once before
it is timed, so that the time is the compiled call's (its results
allocated, as the peers' are). NumPy computes float32 linear algebra in
float64 and casts back, and ten's Python package does as NumPy does; the
PyTorch and JAX peers compute in the inputs' precision. The rounds
interleave the libraries; each prints the min and median over its calls of
all rounds, and ten's speed-up over each (peer min / ten min; above 1 ten
is faster).

The LAPACK ten loads is the system's (`liblapack.so.3`, which
utils/setup.sh makes OpenBLAS's, or $TEN_LAPACK); NumPy's is its wheel's
OpenBLAS. Both run with the environment's OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE removed, so that each picks its kernels for the host, and
with 2 threads.
"""

import os

PINNED_BLAS = {name: os.environ.pop(name) for name in
               ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")
               if name in os.environ}
THREADS = 2
os.environ.setdefault("OPENBLAS_NUM_THREADS", str(THREADS))
os.environ.setdefault("OMP_NUM_THREADS", str(THREADS))

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

from peers import load_frameworks  # noqa: E402

torch, jax, jnp = load_frameworks(THREADS)


def inputs():
    """The workloads: (name, a, b, a positive-definite copy of a)."""
    rng = np.random.default_rng(27)
    big = rng.standard_normal((1000, 1000))
    big_pd = big @ big.T + 1000 * np.eye(1000)
    small = rng.standard_normal((10000, 4, 4)).astype(np.float32)
    small_pd = (small @ small.transpose(0, 2, 1) +
                4 * np.eye(4, dtype=np.float32)).astype(np.float32)
    return [
        ("1000x1000 f64", big_pd, rng.standard_normal(1000), big_pd),
        ("10000 x 4x4 f32", small_pd,
         rng.standard_normal((10000, 4, 1)).astype(np.float32), small_pd),
    ]


def operations(ten):
    """(name, ten's function, NumPy's, PyTorch's, JAX's, uses b)."""
    ops = [
        ("solve", ten.linalg.solve, np.linalg.solve,
         torch and torch.linalg.solve, jnp and jnp.linalg.solve, True),
        ("cholesky", ten.linalg.cholesky, np.linalg.cholesky,
         torch and torch.linalg.cholesky, jnp and jnp.linalg.cholesky, False),
        ("svd", ten.linalg.svd, np.linalg.svd,
         torch and torch.linalg.svd, jnp and jnp.linalg.svd, False),
        ("pinv", ten.linalg.pinv, np.linalg.pinv,
         torch and torch.linalg.pinv, jnp and jnp.linalg.pinv, False),
        ("inv", ten.linalg.inv, np.linalg.inv,
         torch and torch.linalg.inv, jnp and jnp.linalg.inv, False),
        ("eigh", ten.linalg.eigh, np.linalg.eigh,
         torch and torch.linalg.eigh, jnp and jnp.linalg.eigh, False),
    ]
    return ops


def timed(call, calls):
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return times


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=20)
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    import ten

    unset = ", ".join(f"{k}={v}" for k, v in PINNED_BLAS.items())
    print(f"peers: NumPy {np.__version__}"
          + (f", PyTorch {torch.__version__}" if torch else
             ", PyTorch not installed")
          + (f", JAX {jax.__version__}" if jax else ", JAX not installed")
          + f"; {THREADS} threads" + (f"; unset: {unset}" if unset else ""))
    print("ten: min/median ms of the compiled call; x = peer min / ten min")
    print()
    for title, a, b, _ in inputs():
        for name, ten_fn, np_fn, torch_fn, jax_fn, uses_b in operations(ten):
            operands = (a, b) if uses_b else (a,)
            compiled = ten.jit(lambda *xs, f=ten_fn: f(*xs))
            got, want = compiled(*operands), np_fn(*operands)
            # Check the parts that are unique: values, solutions, inverses.
            first = lambda r: r[0] if isinstance(r, tuple) else r  # noqa
            if name in ("solve", "cholesky", "pinv", "inv"):
                np.testing.assert_allclose(first(got), first(want),
                                           rtol=1e-4, atol=1e-4)
            peers = [("numpy", lambda: np_fn(*operands))]
            if torch_fn:
                tensors = [torch.from_numpy(x) for x in operands]
                peers.append(("torch", lambda: torch_fn(*tensors)))
            if jax_fn:
                arrays = [jnp.asarray(x) for x in operands]
                jitted = jax.jit(jax_fn)

                def run_jax(jitted=jitted, arrays=arrays):
                    result = jitted(*arrays)
                    jax.block_until_ready(result)
                peers.append(("jax", run_jax))
            for _, peer in peers:
                peer()  # warm up (and compile)
            times = {"ten": []}
            times.update({peer: [] for peer, _ in peers})
            for _ in range(args.rounds):
                times["ten"] += timed(lambda: compiled(*operands), args.calls)
                for peer, call in peers:
                    times[peer] += timed(call, args.calls)
            ten_min = min(times["ten"]) * 1e3
            row = (f"{title:16} {name:9} ten {ten_min:8.3f} "
                   f"{statistics.median(times['ten']) * 1e3:8.3f}")
            for peer, _ in peers:
                peer_min = min(times[peer]) * 1e3
                row += (f"  {peer} {peer_min:8.3f} "
                        f"{statistics.median(times[peer]) * 1e3:8.3f} "
                        f"({peer_min / ten_min:.2f}x)")
            print(row, flush=True)


if __name__ == "__main__":
    main()
