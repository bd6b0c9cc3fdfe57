"""Writes the inputs of fp8-npy.test (ml_dtypes' fp8 types, saved by NumPy
as '<V1'; floats at and around every rounding boundary of both formats), or
checks the outputs of Inputs/fp8-conversions.mlir against ml_dtypes' casts:
bit for bit, but for NaN's payload (any NaN is NaN) and for integers
converted from NaN or from values beyond their range (undefined in NumPy)."""

import os
import sys

import ml_dtypes
import numpy as np

E4M3 = ml_dtypes.float8_e4m3fn
E5M2 = ml_dtypes.float8_e5m2


def boundary_values(dtype):
    """Every value of `dtype` (finite, as float64), the midpoints between
    neighbours (ties), just above and below them, beyond the largest value,
    and below the smallest subnormal one, with both signs."""
    values = np.arange(256, dtype=np.uint8).view(dtype).astype(np.float64)
    values = np.unique(values[np.isfinite(values)])
    positive = values[values >= 0]
    step = np.diff(positive)[-1]
    positive = np.append(positive, positive[-1] + step)  # a value past the max
    mids = (positive[:-1] + positive[1:]) / 2
    more = [mids, np.nextafter(mids, np.inf), np.nextafter(mids, -np.inf)]
    # Ties a float32 rounding would make of values near them.
    more += [mids * (1 + 2.0**-30), mids * (1 - 2.0**-30)]
    values = np.concatenate([positive] + more + [[positive[1] / 4, 1e-30]])
    return np.concatenate([values, -values])


def inputs():
    rng = np.random.default_rng(8)
    wide = np.concatenate([
        boundary_values(E4M3), boundary_values(E5M2),
        rng.lognormal(0, 6, 500) * rng.choice([-1, 1], 500),
        [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 1e300, -1e300, 5e-324],
        [3.4e38, -3.4e38, 1e-45, 1e-40],
    ])
    return {
        "f64": wide,
        "f32": wide.astype(np.float32),
        "f16": wide.astype(np.float16),
        "bf16": wide.astype(ml_dtypes.bfloat16),
        "i32": np.array([0, 1, -1, 7, 448, 449, 464, 465, 57344, 61440,
                         -100000, 2**31 - 1, -2**31], np.int32),
        "e4m3": np.arange(256, dtype=np.uint8).view(E4M3),
        "e5m2": np.arange(256, dtype=np.uint8).view(E5M2),
    }


def expected(arrays):
    """The outputs of fp8-conversions.mlir, in its order."""
    f32, f64, f16, bf16, i32, e4m3, e5m2 = (
        arrays[name] for name in
        ["f32", "f64", "f16", "bf16", "i32", "e4m3", "e5m2"])
    return [
        f32.astype(E4M3), f32.astype(E5M2), f64.astype(E4M3),
        f64.astype(E5M2), f16.astype(E4M3), bf16.astype(E5M2),
        i32.astype(E4M3), i32.astype(E5M2),
        e4m3.astype(np.float32), e5m2.astype(np.float32),
        e4m3.astype(np.float64), e5m2.astype(np.float16),
        e4m3.astype(ml_dtypes.bfloat16), e4m3.astype(E5M2),
        e5m2.astype(E4M3), e4m3.astype(np.int32), e5m2.astype(np.int8),
        e5m2.astype(np.uint8), e4m3.astype(np.bool_), e5m2, e4m3,
    ]


def same(got, want):
    """Whether `got` equals `want` bit for bit, NaNs with any payload."""
    if got.dtype.kind in "iub":
        return np.array_equal(got, want)
    nan = np.isnan(want.astype(np.float64))
    if not np.array_equal(np.isnan(got.astype(np.float64)), nan):
        return False
    bits = f"u{want.dtype.itemsize}"
    return np.array_equal(got.view(bits)[~nan], want.view(bits)[~nan])


def main():
    mode, directory = sys.argv[1], sys.argv[2]
    arrays = inputs()
    if mode == "write":
        for name, array in arrays.items():
            np.save(os.path.join(directory, name + ".npy"), array)
        return
    wants = expected(arrays)
    for index, want in enumerate(wants):
        got = np.load(os.path.join(directory, f"out{index}.npy"))
        if got.dtype.kind == "V":
            got = got.view(want.dtype)
        if got.dtype.kind in "iu":
            # NumPy leaves NaN and out-of-range floats to integers undefined.
            source = arrays["e4m3" if index == 15 else "e5m2"]
            source = source.astype(np.float64)
            info = np.iinfo(want.dtype)
            defined = np.isfinite(source) & (source >= info.min) & (
                source <= info.max)
            got, want = got[defined], want[defined]
        assert got.dtype == want.dtype, (index, got.dtype, want.dtype)
        assert same(got, want), (index, got, want)
    print(f"{len(wants)} outputs equal ml_dtypes' casts")


with np.errstate(over="ignore", invalid="ignore"):
    main()
