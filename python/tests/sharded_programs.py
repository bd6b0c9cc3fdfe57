"""The program test_sharding.py runs on every process of an MPI job
(`mpirun -np N python3 sharded_programs.py`): jitted functions over grids of
the job's processes, each result checked on every process against NumPy on
the whole arrays. Each process prints one line, "rank R: K checks passed",
or raises. With --cuda, every function runs on the CUDA target (the test's
fake driver, cuBLAS and NCCL, which the environment names; kernels
compiled for the host)."""

import functools
import sys

import numpy as np

import ten

if "--cuda" in sys.argv:
    jit = functools.partial(ten.jit, target="cuda",
                            pipeline_options="emulate-kernels=true")
else:
    jit = ten.jit


def check(name, got, want, rtol=1e-5, atol=1e-5):
    got = np.asarray(got)
    if got.shape != want.shape or not np.allclose(got, want, rtol=rtol,
                                                  atol=atol, equal_nan=True):
        raise AssertionError(
            f"rank {ten.process_index()}: {name}: got {got!r}, want {want!r}")


def main():
    processes = ten.process_count()
    rank = ten.process_index()
    # The same whole arrays on every process.
    rng = np.random.default_rng(7)
    a = rng.standard_normal((8, 16)).astype(np.float32)
    b = rng.standard_normal((16, 12)).astype(np.float32)
    x = rng.standard_normal((8, 12)).astype(np.float64)
    q = rng.standard_normal((4, 8, 16)).astype(np.float32)
    k = rng.standard_normal((4, 8, 16)).astype(np.float32)
    checks = 0

    def matmul(a, b):
        return a @ b

    grids = [(processes,)]
    if processes == 4:
        grids.append((2, 2))
    for grid in grids:
        last = len(grid) - 1
        # A matmul split by rows, by columns, by its contraction.
        for shardings in [((0, None), None), (None, (None, last)),
                          ((None, 0), (0, None))]:
            f = jit(matmul, grid=grid, in_shardings=shardings)
            check(f"matmul {grid} {shardings}", f(a, b), a @ b, rtol=1e-4)
            checks += 1

        # Softmax along a split and a whole axis.
        def softmax(x, axis):
            e = ten.exp(x - ten.max(x, axis=axis, keepdims=True))
            return e / ten.sum(e, axis=axis, keepdims=True)

        for axis in (0, 1):
            f = jit(softmax, grid=grid, in_shardings=[(0, None)],
                        static_argnums=1)
            e = np.exp(x - x.max(axis=axis, keepdims=True))
            check(f"softmax {grid} axis {axis}", f(x, axis),
                  e / e.sum(axis=axis, keepdims=True))
            checks += 1

        # Reductions over a split axis, NaN-exact.
        y = x.copy()
        y[1, 3] = np.nan
        f = jit(lambda x: (ten.max(x, axis=1), ten.sum(x, axis=0)),
                    grid=grid, in_shardings={0: (None, 0)})
        m, s = f(y)
        check(f"max with a NaN {grid}", m, np.max(y, axis=1))
        check(f"sum with a NaN {grid}", s, np.sum(y, axis=0))
        checks += 2

        # An einsum split by its batch, an intermediate moved between
        # layouts.
        def attention(q, k):
            s = ten.einsum("bqd,bkd->bqk", q, k)
            return ten.tanh(s)

        f = jit(attention, grid=grid, in_shardings=[(0, None, None)] * 2)
        check(f"attention {grid}", f(q, k),
              np.tanh(np.einsum("bqd,bkd->bqk", q, k)), rtol=1e-4)
        checks += 1

        # Scores moved from batch-split to split by keys (an all_to_all),
        # then reduced over the keys.
        def moved(q, k):
            s = ten.shard(ten.einsum("bqd,bkd->bqk", q, k), (None, None, 0))
            return ten.sum(ten.exp(s), axis=2)

        f = jit(moved, grid=grid, in_shardings=[(0, None, None)] * 2)
        check(f"layout moved {grid}", f(q, k),
              np.exp(np.einsum("bqd,bkd->bqk", q, k)).sum(axis=2), rtol=1e-4)
        checks += 1

    # A keyword argument laid out by name, and a traced Python number.
    w = rng.standard_normal(12).astype(np.float64)
    f = jit(lambda x, w=None: x * w, grid=(processes,),
                in_shardings={0: (0, None), "w": (0,)})
    check("keyword", f(x, w=w), x * w)
    f = jit(lambda x, s: x + s, grid=(processes,),
                in_shardings=[(0, None)], trace_scalars=True)
    check("traced scalar", f(x, 2.5), x + 2.5)
    check("traced scalar again", f(x, -1.0), x - 1.0)
    checks += 3

    # Each process's own blocks in and out: rows of x split, the result
    # split the same way.
    f = jit(lambda x: ten.exp(x) * 2, grid=(processes,),
                in_shardings=[(0, None)], out_shardings=[(0, None)],
                process_local=True)
    rows = x.shape[0] // processes
    block = x[rank * rows:(rank + 1) * rows]
    check("process-local rows", f(block), np.exp(block) * 2)
    checks += 1
    # A process-local argument and a whole (replicated) result: the sum of
    # every process's rows.
    f = jit(lambda x: ten.sum(x, axis=0), grid=(processes,),
                in_shardings=[(0, None)], process_local=True)
    check("process-local sum", f(block), x.sum(axis=0))
    checks += 1

    print(f"rank {rank}: {checks} checks passed", flush=True)


if __name__ == "__main__":
    sys.exit(main())
