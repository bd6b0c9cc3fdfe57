"""Inputs of collective-types.mlir's programs, and (with --check) NumPy's
results for the single process's outputs: f16 with NaNs, i16 whose sums
wrap, f64 with a NaN, infinities and a negative zero."""
import sys

import numpy as np

out = sys.argv[1]
rng = np.random.default_rng(3)
half = (rng.standard_normal((8, 6)) * 3).astype(np.float16)
half[5, 1] = np.nan
half[2, 4] = np.nan
short = rng.integers(-30000, 30000, (8, 6)).astype(np.int16)
extrema = rng.standard_normal((8, 6))
extrema[6, 0] = np.nan
extrema[1, 3] = -np.inf
extrema[7, 5] = np.inf
extrema[0, 2] = -0.0
if "--check" not in sys.argv:
    np.save(f"{out}/half.npy", half)
    np.save(f"{out}/short.npy", short)
    np.save(f"{out}/extrema.npy", extrema)
    sys.exit(0)

def same(name, expected, rtol=0.0):
    got = np.load(f"{out}/{name}.npy")
    assert got.dtype == expected.dtype, (name, got.dtype, expected.dtype)
    np.testing.assert_allclose(got.astype(np.float64),
                               expected.astype(np.float64), rtol=rtol,
                               equal_nan=True, err_msg=name)

# An f16 sum accumulates in f32 before rounding (as NumPy's pairwise sum of
# so few elements nearly does).
same("half0", half.astype(np.float32).sum(0).astype(np.float16), rtol=1e-3)
same("half1", half.max(0))
same("half2", half.min(0))
same("short0", short.sum(0, dtype=np.int16))
same("short1", short.max(0))
same("extrema0", extrema.max(0))
same("extrema1", extrema.min(0))
print("collective-types: NumPy agrees")
