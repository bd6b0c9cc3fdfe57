#!/usr/bin/env python3
"""Whole programs of issue 23 timed against their peers in one run: a
Monte-Carlo estimate of pi from 10^7 random points, which ten compiles into
one @ten.jit program that draws, tests and counts the points without
writing them to memory, where NumPy and PyTorch generate the points into
arrays and reduce them; then scans, sorts and a gather (cumsum of 10^7
float32, of the rows and columns of a 2048x2048 matrix; sort and argsort
of 10^7 and 10^6 float32, and of the rows of a 1000x1000 matrix; take of
10^6 random positions of 10^7 float32; a histogram: add.at of ones at 10^6
random positions of 10^5 bins), each side allocating its result as its
function does. Run from the repository root after
utils/build.sh:

    PYTHONPATH=build/python python3 bench/programs.py [--runs 20]

Prints min and median milliseconds per call (after a warm-up call that
compiles), the bytes each writes to memory for the points, and ten's ratio
to the fastest peer. Each side draws its own random numbers (ten's
Philox-4x32-10, NumPy's PCG64 through Generator.random, PyTorch's
mt19937 through torch.rand, JAX's threefry); all give float32 points in
[0, 1). torch.compile (Inductor) and jax.jit are timed where installed,
after a warm-up call that compiles.
"""

import argparse
import math
import os

os.environ.pop("OPENBLAS_CORETYPE", None)
os.environ.pop("OPENBLAS_L2_SIZE", None)

import numpy as np  # noqa: E402

from timing import time_ms  # noqa: E402

import ten  # noqa: E402

try:
    import torch  # noqa: E402
except ImportError:
    torch = None

try:
    import jax  # noqa: E402
except ImportError:
    jax = None


@ten.jit
def ten_pi(key, n):
    kx, ky = ten.random.split(key)
    x = ten.random.uniform(kx, (n,))
    y = ten.random.uniform(ky, (n,))
    return 4.0 * ((x * x + y * y) < 1.0).mean()


def numpy_pi(rng, n):
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    return 4.0 * np.mean(x * x + y * y < 1.0)


def torch_pi(generator, n):
    x = torch.rand(n, generator=generator)
    y = torch.rand(n, generator=generator)
    return 4.0 * (x * x + y * y < 1.0).double().mean()


def bench_pi(n, runs):
    rows = []
    key = ten.random.key(0)
    estimate = float(ten_pi(key, n))
    assert abs(estimate - math.pi) < 10 / math.sqrt(n), estimate
    # ten writes the two split keys and the threads' partial counts.
    rows.append(("ten (one @ten.jit)", time_ms(lambda: ten_pi(key, n), runs), 0))
    rng = np.random.default_rng(0)
    assert abs(numpy_pi(rng, n) - math.pi) < 10 / math.sqrt(n)
    # x, y, x*x, y*y, their sum (float32) and the comparison (bool).
    rows.append(("NumPy", time_ms(lambda: numpy_pi(rng, n), runs), 21 * n))
    if torch is not None:
        torch.set_num_threads(os.cpu_count())
        generator = torch.Generator().manual_seed(0)
        assert abs(float(torch_pi(generator, n)) - math.pi) < 10 / math.sqrt(n)
        # As NumPy, plus the comparison as float64 for the mean.
        rows.append(("PyTorch eager",
                     time_ms(lambda: torch_pi(generator, n), runs), 29 * n))
        # Inductor fuses the test and the mean; torch.rand stays a call that
        # writes the points.
        try:
            compiled = torch.compile(torch_pi)
            compiled(generator, n)
            rows.append(("torch.compile",
                         time_ms(lambda: compiled(generator, n), runs), 8 * n))
        except Exception as error:  # noqa: BLE001 - a peer that cannot run
            print(f"torch.compile: not timed ({type(error).__name__}: {error})")
    if jax is not None:
        jax_pi = jax.jit(_jax_pi, static_argnums=1)
        key_jax = jax.random.key(0)
        jax_pi(key_jax, n).block_until_ready()
        # XLA fuses generation, test and mean as ten does.
        rows.append(("JAX jit", time_ms(
            lambda: jax_pi(key_jax, n).block_until_ready(), runs), 0))
    return rows


def _jax_pi(key, n):
    kx, ky = jax.random.split(key)
    x = jax.random.uniform(kx, (n,))
    y = jax.random.uniform(ky, (n,))
    return 4.0 * (x * x + y * y < 1.0).mean()


# The scans and sorts: (name, make the input, ten's, NumPy's, PyTorch's,
# JAX's function of the input).
def _scan_and_sort_workloads():
    rng = np.random.default_rng(0)
    vector = rng.random(10**7, dtype=np.float32)
    million = rng.random(10**6, dtype=np.float32)
    square = rng.random((2048, 2048), dtype=np.float32)
    rows = rng.random((1000, 1000), dtype=np.float32)
    jnp = jax.numpy if jax is not None else None
    positions = rng.integers(0, 10**7, size=10**6)
    ten_take = ten.jit(lambda x, p: np.take(x, p))  # positions: an argument
    torch_positions = torch.from_numpy(positions) if torch is not None else None
    jax_positions = jnp.asarray(positions) if jax is not None else None
    bins = np.zeros(10**5, np.float32)
    binned = rng.integers(0, 10**5, size=10**6)

    @ten.jit
    def ten_histogram(counts, at):
        ten.add.at(counts, at, np.float32(1))
        return counts

    def numpy_histogram(counts):
        counts = counts.copy()
        np.add.at(counts, binned, np.float32(1))
        return counts

    torch_binned = torch.from_numpy(binned) if torch is not None else None
    torch_ones = torch.ones(10**6) if torch is not None else None
    jax_binned = jnp.asarray(binned) if jax is not None else None
    return [
        ("cumsum 10^7", vector, ten.jit(lambda x: np.cumsum(x)), np.cumsum,
         lambda x: torch.cumsum(x, 0), lambda x: jnp.cumsum(x)),
        ("cumsum rows 2048^2", square, ten.jit(lambda x: np.cumsum(x, axis=1)),
         lambda x: np.cumsum(x, axis=1), lambda x: torch.cumsum(x, 1),
         lambda x: jnp.cumsum(x, axis=1)),
        ("cumsum cols 2048^2", square, ten.jit(lambda x: np.cumsum(x, axis=0)),
         lambda x: np.cumsum(x, axis=0), lambda x: torch.cumsum(x, 0),
         lambda x: jnp.cumsum(x, axis=0)),
        ("sort 10^7", vector, ten.jit(lambda x: np.sort(x)), np.sort,
         lambda x: torch.sort(x).values, lambda x: jnp.sort(x)),
        ("argsort 10^6", million, ten.jit(lambda x: np.argsort(x)),
         lambda x: np.argsort(x, kind="stable"),
         lambda x: torch.sort(x, stable=True).indices,
         lambda x: jnp.argsort(x, stable=True)),
        ("sort rows 1000^2", rows, ten.jit(lambda x: np.sort(x, axis=1)),
         lambda x: np.sort(x, axis=1), lambda x: torch.sort(x, 1).values,
         lambda x: jnp.sort(x, axis=1)),
        # A gather of 10^6 random positions of 10^7 (checked: mode raise).
        ("take 10^6 of 10^7", vector, lambda x: ten_take(x, positions),
         lambda x: np.take(x, positions), lambda x: x[torch_positions],
         lambda x: jnp.take(x, jax_positions)),
        # A scatter: 10^6 repeated-index accumulations (ten.scatter add).
        ("add.at 10^6 to 10^5", bins, lambda c: ten_histogram(c, binned),
         numpy_histogram,
         lambda c: c.clone().index_add_(0, torch_binned, torch_ones),
         lambda c: c.at[jax_binned].add(1.0)),
    ]


def bench_scans_and_sorts(runs):
    print(f"\n{'':22} {'ten':>15} {'NumPy':>15} {'PyTorch':>15} "
          f"{'JAX jit':>15} {'ten/best':>9}   (min/median ms)")
    for name, x, ten_f, numpy_f, torch_f, jax_f in _scan_and_sort_workloads():
        np.testing.assert_allclose(ten_f(x), numpy_f(x), rtol=1e-3, atol=1e-3)
        times = [time_ms(lambda: ten_f(x), runs),
                 time_ms(lambda: numpy_f(x), runs)]
        if torch is not None:
            tx = torch.from_numpy(x)
            torch_f(tx)
            times.append(time_ms(lambda: torch_f(tx), runs))
        else:
            times.append(None)
        if jax is not None:
            jitted = jax.jit(jax_f)
            jx = jax.numpy.asarray(x)
            jitted(jx).block_until_ready()
            times.append(time_ms(lambda: jitted(jx).block_until_ready(), runs))
        else:
            times.append(None)
        cells = [f"{t[0]:7.2f}/{t[1]:7.2f}" if t else f"{'-':>15}"
                 for t in times]
        best = min(t[1] for t in times[1:] if t)
        print(f"{name:22} {' '.join(cells)} {times[0][1] / best:9.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--points", type=int, default=10**7)
    args = parser.parse_args()
    print(f"Monte-Carlo pi, {args.points} points, {os.cpu_count()} threads")
    rows = bench_pi(args.points, args.runs)
    best_peer = min(median for name, (_, median), _ in rows[1:])
    print(f"{'':22} {'min ms':>9} {'median ms':>10} {'points written':>15}")
    for name, (low, median), written in rows:
        print(f"{name:22} {low:9.2f} {median:10.2f} {written / 1e6:12.0f} MB")
    ten_median = rows[0][1][1]
    print(f"ten / best peer (median): {ten_median / best_peer:.3f}")
    bench_scans_and_sorts(args.runs)
    if torch is not None:
        # Dynamo's caches hold the traced frames (and through them ten's
        # objects) until interpreter exit otherwise.
        torch._dynamo.reset()


if __name__ == "__main__":
    main()
