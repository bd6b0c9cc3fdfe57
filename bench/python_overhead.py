#!/usr/bin/env python3
"""The Python-side cost of one small call of the ten package, once compiled,
next to NumPy's on the same call: what a user pays per call on top of the
computation. Run from the repository root after utils/build.sh:

    PYTHONPATH=build/python python3 bench/python_overhead.py
"""

import argparse
import statistics
import time

import numpy as np

import ten


def time_calls(function, repeat, number):
    """Min and median microseconds per call over `repeat` batches."""
    per_call = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            function()
        per_call.append((time.perf_counter() - start) / number * 1e6)
    return min(per_call), statistics.median(per_call)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--number", type=int, default=2000)
    args = parser.parse_args()

    a = np.ones((2, 3))
    b = np.ones((3, 4))
    x = np.ones(8, np.float32)

    @ten.jit
    def affine(x):
        return x * 2.0 + 1.0

    calls = [
        ("einsum('ij,jk->ik') 2x3 @ 3x4 f64",
         lambda: ten.einsum("ij,jk->ik", a, b),
         lambda: np.einsum("ij,jk->ik", a, b)),
        ("add(x, 1.0), 8 f32",
         lambda: ten.add(x, 1.0),
         lambda: np.add(x, 1.0)),
        ("@ten.jit x * 2 + 1, 8 f32",
         lambda: affine(x),
         lambda: x * 2.0 + 1.0),
    ]
    print(f"{'call':40} {'ten min/median us':>20} {'numpy min/median us':>22}")
    for name, ours, numpys in calls:
        ours()  # compile
        ten_min, ten_median = time_calls(ours, args.repeat, args.number)
        np_min, np_median = time_calls(numpys, args.repeat, args.number)
        print(f"{name:40} {ten_min:9.2f} / {ten_median:7.2f} "
              f"{np_min:11.2f} / {np_median:7.2f}")


if __name__ == "__main__":
    main()
