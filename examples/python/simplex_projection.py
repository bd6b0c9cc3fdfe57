#!/usr/bin/env python3
"""A projection step: each row of a matrix projected onto the probability
simplex {x : x >= 0, sum(x) = 1}, the closest point in Euclidean distance,
by the sort-based algorithm of Duchi, Shalev-Shwartz, Singer and Chandra,
"Efficient Projections onto the l1-Ball for Learning in High Dimensions"
(ICML 2008), Figure 1. Written with NumPy (a descending sort, a running
sum, the last index where a condition holds, a gather along the rows) and
compiled unchanged by @ten.jit; checked against NumPy running the same
function.

    PYTHONPATH=build/python python3 examples/python/simplex_projection.py
"""

import numpy as np

import ten


def project_rows(v):
    """The Euclidean projection of every row of `v` onto the simplex."""
    n = v.shape[1]
    u = np.sort(v, axis=1)[:, ::-1]
    running = np.cumsum(u, axis=1)
    k = np.arange(1, n + 1)
    positive = u - (running - 1) / k > 0
    # The last position where the condition holds (it holds at 0).
    rho = n - 1 - np.argmax(positive[:, ::-1], axis=1)
    theta = (np.take_along_axis(running, rho[:, None], axis=1) - 1) / (rho[:, None] + 1)
    return np.maximum(v - theta, 0)


compiled = ten.jit(project_rows)


def main(rows=256, cols=100, seed=0):
    rng = np.random.default_rng(seed)
    v = rng.standard_normal((rows, cols)).astype(np.float32)
    got = compiled(v)
    want = project_rows(v)
    assert got.shape == want.shape == (rows, cols)
    assert np.allclose(got, want, rtol=1e-5, atol=1e-6), "differs from NumPy"
    assert (got >= 0).all() and np.allclose(got.sum(axis=1), 1.0, rtol=1e-5)
    print(f"{rows} rows of {cols} projected onto the simplex: match NumPy")
    return got


if __name__ == "__main__":
    main()
