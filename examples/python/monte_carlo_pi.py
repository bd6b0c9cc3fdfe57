#!/usr/bin/env python3
"""A Monte-Carlo estimate of pi in one compiled program: points drawn with
ten.random (Philox-4x32-10, counter-based), tested against the unit circle
and counted, without writing the points to memory. Checked against NumPy
computing the same estimate from the same points, drawn eagerly.

    PYTHONPATH=build/python python3 examples/python/monte_carlo_pi.py
"""

import math

import numpy as np

import ten


@ten.jit
def estimate_pi(key, n):
    """4 x the fraction of n random points of the unit square that fall
    inside the quarter circle."""
    kx, ky = ten.random.split(key)
    x = ten.random.uniform(kx, (n,))
    y = ten.random.uniform(ky, (n,))
    return 4.0 * ((x * x + y * y) < 1.0).mean()


def numpy_estimate(key, n):
    """The same estimate by NumPy, from the same points drawn eagerly."""
    kx, ky = ten.random.split(key)
    x = ten.random.uniform(kx, (n,))
    y = ten.random.uniform(ky, (n,))
    return 4.0 * np.mean(x * x + y * y < 1.0)


def main(n=10**7, seed=0):
    key = ten.random.key(seed)
    estimate = float(estimate_pi(key, n))
    reference = float(numpy_estimate(key, n))
    # The count is exact in both: the estimates are equal.
    assert estimate == reference, f"{estimate} != NumPy's {reference}"
    assert abs(estimate - math.pi) < 10 / math.sqrt(n)
    print(f"pi ~ {estimate:.6f} from {n} points (error {estimate - math.pi:+.2e});"
          " matches NumPy on the same points")
    return estimate


if __name__ == "__main__":
    main()
