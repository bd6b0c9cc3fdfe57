#!/usr/bin/env python3
"""The projection of a vector onto the column space of a tall matrix,
P @ x = A @ pinv(A) @ x, written as NumPy writes it and compiled by
@ten.jit: the pseudo-inverse from the SVD (ten.linalg.svd on LAPACK), and
the products ordered by the einsum path so that x meets pinv(A) first. The
n x n projector (10000 x 10000 float64: 800 MB) is never formed; NumPy's
own left-to-right evaluation forms it. Checked against NumPy computing
A @ (pinv(A) @ x), and timed against it.

    PYTHONPATH=build/python python3 examples/python/projection.py
"""

import time

import numpy as np

import ten


def project(a, x):
    """P @ x, as the formula reads: (A @ pinv(A)) @ x in NumPy."""
    return a @ np.linalg.pinv(a) @ x


compiled_project = ten.jit(project)


def best_time(function, *args, repeats=3):
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        function(*args)
        best = min(best, time.perf_counter() - start)
    return best


def main(rows=10000, columns=1000, seed=0, repeats=3):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((rows, columns))
    x = rng.standard_normal(rows)
    projected = compiled_project(a, x)
    # NumPy in the order that never forms the projector, as a reference.
    reference = a @ (np.linalg.pinv(a) @ x)
    np.testing.assert_allclose(projected, reference, rtol=1e-8, atol=1e-8)
    # A projection: projecting again changes nothing; the residual is
    # orthogonal to the columns.
    np.testing.assert_allclose(compiled_project(a, projected), projected,
                               rtol=1e-8, atol=1e-8)
    assert np.abs(a.T @ (x - projected)).max() < 1e-8 * np.abs(x).sum()
    ten_seconds = best_time(compiled_project, a, x, repeats=repeats)
    numpy_seconds = best_time(lambda a, x: a @ (np.linalg.pinv(a) @ x), a, x,
                              repeats=repeats)
    print(f"P @ x for A {rows}x{columns}: ten {ten_seconds * 1e3:.0f} ms, "
          f"NumPy (best order) {numpy_seconds * 1e3:.0f} ms; "
          f"|P x| / |x| = {np.linalg.norm(projected) / np.linalg.norm(x):.4f}")
    return projected


if __name__ == "__main__":
    main()
