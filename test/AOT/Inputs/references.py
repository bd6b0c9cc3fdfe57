"""Inputs and NumPy's results for aot-test.c, as raw little-endian f32
files: a softmax of 64 x 128 and a matmul of 37 x 64 by 64 x 32."""

import sys

import numpy as np

prefix = sys.argv[1]
rng = np.random.default_rng(2026)
x = rng.standard_normal((64, 128)).astype(np.float32)
e = np.exp(x - x.max(axis=1, keepdims=True))
a = rng.standard_normal((37, 64)).astype(np.float32)
b = rng.standard_normal((64, 32)).astype(np.float32)
for name, array in {
    "x": x,
    "softmax": e / e.sum(axis=1, keepdims=True),
    "a": a,
    "b": b,
    "matmul": a.astype(np.float64) @ b.astype(np.float64),
}.items():
    array.astype("<f4").tofile(f"{prefix}.{name}.bin")
