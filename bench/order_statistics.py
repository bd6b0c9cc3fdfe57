#!/usr/bin/env python3
"""Times ten's order statistics (`ten.partition` and what is built on it)
against NumPy, PyTorch and JAX in one run.

    PYTHONPATH=build/python bench/order_statistics.py [--rounds 3] [--calls 7]

Each workload is one call as a NumPy user writes it: median, quantile,
percentile, partition and argpartition of one long line and along rows,
and the top 10 of a million (PyTorch's topk, JAX's lax.top_k). ten: a
ten.jit function of the call, compiled and run once before it is timed, so
that the time is the compiled call's; its result is checked against
NumPy's first (a partition's: at the positions asked for). PyTorch and JAX
(where installed) run their own call, warmed up; jax.jit compiles it. The
rounds interleave the libraries; each prints the min and median
milliseconds over its calls of all rounds, and ten's speed-up over the
fastest peer (peer min / ten min; above 1 ten is faster). Two threads
everywhere; NumPy's own selection is single-threaded.
"""

import os

THREADS = 2
os.environ.setdefault("OMP_NUM_THREADS", str(THREADS))

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

import ten  # noqa: E402

from peers import load_frameworks  # noqa: E402

torch, jax, jnp = load_frameworks(THREADS)


def workloads():
    """(name, input, NumPy's call, PyTorch's, JAX's, the positions where a
    partition's result is defined or None)."""
    rng = np.random.default_rng(30)
    line64 = rng.standard_normal(1_000_000)
    line32 = line64.astype(np.float32)
    rows = rng.standard_normal((1000, 1000)).astype(np.float32)
    q = [0.1, 0.25, 0.5, 0.75, 0.9]
    return [
        ("median 1e6 f64", line64, np.median,
         lambda t: torch.quantile(t, 0.5), jnp and jnp.median, None),
        ("median 1e6 f32", line32, np.median,
         lambda t: torch.quantile(t, 0.5), jnp and jnp.median, None),
        ("median axis 1, 1000x1000 f32", rows,
         lambda a: np.median(a, axis=1),
         lambda t: torch.quantile(t, 0.5, dim=1),
         jnp and (lambda a: jnp.median(a, axis=1)), None),
        ("quantile of 5, 1e6 f64", line64, lambda a: np.quantile(a, q),
         lambda t: torch.quantile(t, torch.tensor(q, dtype=t.dtype)),
         jnp and (lambda a: jnp.quantile(a, jnp.asarray(q))), None),
        ("percentile 99, 1e6 f32", line32, lambda a: np.percentile(a, 99),
         lambda t: torch.quantile(t, 0.99),
         jnp and (lambda a: jnp.percentile(a, 99)), None),
        ("partition 1e6 f64, kth 5e5", line64,
         lambda a: np.partition(a, 500_000), None,
         jnp and (lambda a: jnp.partition(a, 500_000)), [500_000]),
        ("argpartition 1e6 f64, kth 5e5", line64,
         lambda a: np.argpartition(a, 500_000), None, None, [500_000]),
        ("argpartition axis 1, kth 10", rows,
         lambda a: np.argpartition(a, 10, axis=1), None, None, [10]),
        ("top 10 of 1e6 f32", line32,
         lambda a: np.sort(a)[::-1][:10],
         lambda t: torch.topk(t, 10).values,
         jnp and (lambda a: jax.lax.top_k(a, 10)[0]), None),
    ]


def ten_call(name, numpy_call):
    """ten's function of the workload: NumPy's call traced, or ten.topk."""
    if name.startswith("top 10"):
        return ten.jit(lambda a: ten.topk(a, 10)[0])
    return ten.jit(numpy_call)


def check(name, got, want, x, positions):
    got = np.asarray(got)
    if positions is None:
        np.testing.assert_allclose(got, want, rtol=1e-6, err_msg=name)
        return
    if got.dtype == np.int64:
        # Indices: the elements they take, at the positions.
        got, want = (np.take_along_axis(x, got, axis=-1),
                     np.take_along_axis(x, want, axis=-1))
    np.testing.assert_array_equal(got[..., positions], want[..., positions],
                                  err_msg=name)


def time_once(function):
    start = time.perf_counter()
    function()
    return (time.perf_counter() - start) * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--calls", type=int, default=7)
    options = parser.parse_args()
    print(f"order statistics, {THREADS} threads; NumPy {np.__version__}"
          + (f", PyTorch {torch.__version__}" if torch else
             ", PyTorch not installed")
          + (f", JAX {jax.__version__}" if jax else ", JAX not installed"))
    rows = []
    for name, x, numpy_call, torch_call, jax_call, positions in workloads():
        peers = {"numpy": lambda x=x, f=numpy_call: f(x)}
        if torch is not None and torch_call is not None:
            tensor = torch.from_numpy(x)
            peers["torch"] = lambda t=tensor, f=torch_call: f(t)
        if jax is not None and jax_call:
            array = jnp.asarray(x)
            compiled = jax.jit(jax_call)
            peers["jax"] = (lambda a=array, f=compiled:
                            f(a).block_until_ready())
        compiled_ten = ten_call(name, numpy_call)
        check(name, compiled_ten(x), numpy_call(x), x, positions)
        peers = {"ten": lambda x=x, f=compiled_ten: f(x), **peers}
        for run in peers.values():
            run()
        times = {library: [] for library in peers}
        for _ in range(options.rounds):
            for library, run in peers.items():
                times[library] += [time_once(run)
                                   for _ in range(options.calls)]
        rows.append((name, {library: (min(t), statistics.median(t))
                            for library, t in times.items()}))
    libraries = ["ten", "numpy", "torch", "jax"]
    print(f"{'workload':32s}" + "".join(f"{library:>18s}"
                                        for library in libraries)
          + "  ten speed-up")
    for name, figures in rows:
        cells = "".join(
            f"{figures[library][0]:8.2f} /{figures[library][1]:8.2f}"
            if library in figures else f"{'-':>18s}"
            for library in libraries)
        best = min(figures[library][0] for library in figures
                   if library != "ten")
        print(f"{name:32s}{cells}  {best / figures['ten'][0]:.2f}x")


if __name__ == "__main__":
    main()
