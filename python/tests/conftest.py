"""Helpers of the ten test suite: random arrays of every dtype, and the
comparison of a result with NumPy's (same dtype, same shape, values within
the dtype's tolerance)."""

import zlib

import numpy as np
import pytest

import ten

BF16 = ten.bfloat16
FLOATS = [np.dtype(np.float16), BF16, np.dtype(np.float32), np.dtype(np.float64)]
SIGNED = [np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64)]
UNSIGNED = [np.dtype(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64)]
INTS = SIGNED + UNSIGNED
COMPLEX = [np.dtype(np.complex64), np.dtype(np.complex128)]
BOOL = np.dtype(np.bool_)
ALL_DTYPES = [BOOL] + INTS + FLOATS + COMPLEX

# Relative tolerance per dtype: a few ulps of the result, more for the
# 16-bit floats, whose NumPy reference rounds after every operation.
RTOL = {
    np.dtype(np.float16): 2e-2,
    BF16: 5e-2,
    np.dtype(np.float32): 2e-5,
    np.dtype(np.float64): 1e-10,
    np.dtype(np.complex64): 2e-5,
    np.dtype(np.complex128): 1e-10,
}


def random_array(rng, shape, dtype, low=-2.0, high=2.0):
    dtype = np.dtype(dtype)
    if dtype == BOOL:
        return rng.integers(0, 2, size=shape).astype(bool)
    if dtype.kind == "i":
        return rng.integers(-5, 6, size=shape).astype(dtype)
    if dtype.kind == "u":
        # Small values, and some with the top bit set, which a signed
        # reading would take for negative ones.
        values = rng.integers(0, 11, size=shape).astype(dtype)
        top = np.iinfo(dtype).max - rng.integers(0, 3, size=shape).astype(dtype)
        return np.where(rng.integers(0, 4, size=shape) == 0, top, values)
    if dtype.kind == "c":
        parts = rng.uniform(low, high, size=shape + (2,))
        return (parts[..., 0] + 1j * parts[..., 1]).astype(dtype)
    return rng.uniform(low, high, size=shape).astype(dtype)


def assert_matches(got, want, rtol=None, atol=None):
    """`got` (ten's) has NumPy's dtype and shape and its values."""
    # A NumPy scalar where ten's function gives one for a 0-d result, as
    # NumPy's does (a program of ten.jit returns 0-d arrays, as JAX's).
    assert isinstance(got, (np.ndarray, np.generic)), type(got)
    want, got = np.asarray(want), np.asarray(got)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.dtype in RTOL:
        rtol = RTOL[want.dtype] if rtol is None else rtol
        atol = rtol if atol is None else atol
        # Complex numbers compare whole (assert_allclose takes them).
        wide = np.complex128 if want.dtype.kind == "c" else np.float64
        np.testing.assert_allclose(
            got.astype(wide), want.astype(wide), rtol=rtol, atol=atol
        )
    else:
        np.testing.assert_array_equal(got, want)


def assert_parts_match(got, want):
    """`got` has NumPy's dtype and shape, and its values part by part:
    assert_matches takes any two complex NaNs as equal, this says which
    part is NaN (NumPy's results often keep the other part)."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    np.testing.assert_array_equal(got.real, want.real)
    np.testing.assert_array_equal(got.imag, want.imag)


@pytest.fixture
def rng(request):
    # One seed per test, so that a failure reproduces alone: a checksum of
    # the test's id, the same in every process (str's hash is salted anew
    # in each, PYTHONHASHSEED).
    seed = zlib.crc32(request.node.nodeid.encode())
    return np.random.default_rng(seed)


@pytest.fixture
def fresh_dynamo():
    """TorchDynamo's caches cleared around a test, and PyTorch's generator
    seeded (for the torch.compile tests; PyTorch is imported only there)."""
    import torch

    torch._dynamo.reset()
    torch.manual_seed(0)
    yield
    torch._dynamo.reset()
