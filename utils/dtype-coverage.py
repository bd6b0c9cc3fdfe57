#!/usr/bin/env python3
"""Counts, per dtype, the (function, dtype) pairs of the Python package's
NumPy functions that NumPy computes, and how many of them ten computes with
NumPy's result dtype and values (within the dtype's tolerance); lists every
pair that differs or that ten refuses. Functions: every elementwise function
of the op catalogue that NumPy has, the comparisons, where, the reductions,
matmul and einsum, astype to every dtype. Run from the repository root after
utils/build.sh:

    PYTHONPATH=build/python python3 utils/dtype-coverage.py \
        [--target=cuda --pipeline-options=emulate-kernels=true]

With a target, each call is compiled by @ten.jit for it (on the CUDA
target without a GPU: the fake driver and cuBLAS that $TEN_CUDA_DRIVER,
$TEN_CUBLAS and $TEN_CUBLASLT name, and the host-emulated kernels).

Exits non-zero when a pair differs. fp8: NumPy's matmul and reductions
accumulate in fp8 (ten in float32), and its einsum refuses fp8, so those
pairs are compared with the float32 computation rounded once.
"""

import argparse
import sys
import warnings

import ml_dtypes
import numpy as np

import ten
from ten import _dtypes, _ten

FP8 = {np.dtype(ml_dtypes.float8_e4m3fn), np.dtype(ml_dtypes.float8_e5m2)}
NARROW = {np.dtype(np.float16), np.dtype(ml_dtypes.bfloat16)} | FP8


def dtypes():
    return [_dtypes.dtype_of(code) for code in range(len(_ten.element_types()))]


def sample(rng, dtype, shape=(3, 4)):
    if dtype == np.bool_:
        return rng.integers(0, 2, size=shape).astype(bool)
    if dtype.kind in "iu":
        return rng.integers(0 if dtype.kind == "u" else -3, 4, size=shape).astype(dtype)
    values = rng.uniform(0.25, 2.0, size=shape)
    if dtype.kind == "c":
        values = values + 1j * rng.uniform(-1.0, 1.0, size=shape)
    return values.astype(dtype)


def tolerance(dtype):
    if dtype in FP8:
        return 0.13
    if dtype in NARROW:
        return 2e-2
    return {"f": 1e-5, "c": 1e-5}.get(dtype.kind, 0)


def same(got, want):
    got, want = np.asarray(got), np.asarray(want)
    if got.dtype != want.dtype or got.shape != want.shape:
        return f"{got.dtype}{got.shape} where NumPy gives {want.dtype}{want.shape}"
    rtol = tolerance(want.dtype)
    if not rtol:
        return None if np.array_equal(got, want) else "values differ"
    wide = np.complex128 if want.dtype.kind == "c" else np.float64
    ok = np.allclose(got.astype(wide), want.astype(wide), rtol=rtol, atol=rtol,
                     equal_nan=True)
    return None if ok else "values differ"


def cases():
    """(name, ten's function, NumPy's function, kind: the operand count of
    an elementwise function, or the kind of the others)."""
    catalogue = {python: arity for arity, _, python, _, _ in _ten.op_catalogue()}
    for python in sorted(catalogue):
        if hasattr(np, python):
            yield python, getattr(ten, python), getattr(np, python), catalogue[python]
    for name in ["sum", "prod", "mean", "max", "min", "argmax", "argmin",
                 "any", "all"]:
        yield name, getattr(ten, name), getattr(np, name), "reduce"
    yield "matmul", ten.matmul, np.matmul, "matmul"
    yield "einsum", (lambda a, b: ten.einsum("ij,kj->ik", a, b)), (
        lambda a, b: np.einsum("ij,kj->ik", a, b)), "einsum"
    yield "where", (lambda c, a, b: ten.where(c, a, b)), np.where, "where"


def reference(kind, numpy_fn, args, dtype):
    """NumPy's result; fp8 contractions and reductions in float32 rounded
    once, as ten computes them (NumPy's accumulate in fp8 or refuse)."""
    if dtype in FP8 and kind in ("reduce", "matmul", "einsum"):
        wide = numpy_fn(*[a.astype(np.float32) for a in args], **({"axis": 1} if kind == "reduce" else {}))
        wide = np.asarray(wide)
        return wide if wide.dtype.kind in "biu" or kind == "matmul" else wide.astype(dtype)
    return numpy_fn(*args, **({"axis": 1} if kind == "reduce" else {}))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--target", help="compile each call with @ten.jit for it")
    parser.add_argument("--pipeline-options", default="")
    options = parser.parse_args()

    def compiled(function):
        """`function` as called eagerly, or compiled for the target."""
        if not options.target:
            return function
        return ten.jit(function, target=options.target,
                       pipeline_options=options.pipeline_options)

    rng = np.random.default_rng(0)
    all_dtypes = dtypes()
    failures = 0
    rows = []
    for dtype in all_dtypes:
        supported = matched = 0
        problems = []
        for name, ours, numpys, kind in cases():
            a, b = sample(rng, dtype), sample(rng, dtype)
            if kind == "matmul" or kind == "einsum":
                args = [a, b.T.copy()] if kind == "matmul" else [a, b]
            elif kind == "where":
                args = [sample(rng, np.dtype(bool)), a, b]
            elif kind == "reduce":
                args = [a]
            else:
                args = [a, b][:kind]
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                try:
                    want = reference(kind, numpys, args, dtype)
                except (TypeError, ValueError):
                    continue  # NumPy does not compute it
            supported += 1
            try:
                call = compiled((lambda *x: ours(*x, axis=1)) if kind == "reduce"
                                else (lambda *x: ours(*x)))
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    got = call(*args)
            except (TypeError, ValueError) as error:
                problems.append(f"{name}: refused ({str(error).splitlines()[0][:80]})")
                continue
            difference = same(got, want)
            if difference:
                problems.append(f"{name}: {difference}")
            else:
                matched += 1
        # astype to every dtype.
        x = sample(rng, dtype)
        for target in all_dtypes:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                want = x.astype(target)
                got = compiled(lambda x: ten.astype(x, target))(x)
            supported += 1
            difference = same(got, want)
            if difference:
                problems.append(f"astype {target}: {difference}")
            else:
                matched += 1
        rows.append((dtype.name, supported, matched, problems))
        failures += len(problems)
    print(f"{'dtype':<15} {'NumPy computes':>15} {'ten matches':>12}")
    for name, supported, matched, problems in rows:
        print(f"{name:<15} {supported:>15} {matched:>12}")
        for problem in problems:
            print(f"    {problem}")
    total = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"{'all':<15} {total[0]:>15} {total[1]:>12}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
