"""ml_dtypes' float8_e4m3fn and float8_e5m2 through the package: results
as ml_dtypes computes them (in float32, rounded once to the fp8 type),
NumPy's result dtypes, casts bit for bit, and reductions and contractions
accumulated in float32."""

import ml_dtypes
import numpy as np
import pytest

import ten

E4M3 = np.dtype(ml_dtypes.float8_e4m3fn)
E5M2 = np.dtype(ml_dtypes.float8_e5m2)
FP8 = [E4M3, E5M2]
F32 = np.dtype(np.float32)


def fp8_array(rng, shape, dtype, low=-4.0, high=4.0):
    return rng.uniform(low, high, size=shape).astype(dtype)


def assert_same_bits(got, want):
    """Equal dtypes and shapes, and equal bits but for NaN's payload."""
    assert isinstance(got, np.ndarray), type(got)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    nan = np.isnan(want.astype(np.float64))
    with np.errstate(invalid="ignore"):
        assert np.array_equal(np.isnan(got.astype(np.float64)), nan)
    bits = f"u{want.dtype.itemsize}"
    assert np.array_equal(got.view(bits)[~nan], want.view(bits)[~nan])


def test_exports_the_dtypes():
    assert ten.float8_e4m3fn == E4M3
    assert ten.float8_e5m2 == E5M2


@pytest.mark.parametrize("dtype", FP8, ids=str)
@pytest.mark.parametrize(
    "ufunc",
    [np.add, np.subtract, np.multiply, np.maximum, np.minimum, np.less,
     np.equal, np.greater_equal],
    ids=lambda u: u.__name__,
)
def test_binary_matches_ml_dtypes(rng, dtype, ufunc):
    a = fp8_array(rng, (3, 5), dtype, -300, 300)
    b = fp8_array(rng, (5,), dtype, -300, 300)
    with np.errstate(all="ignore"):
        want = ufunc(a, b)
    assert_same_bits(getattr(ten, ufunc.__name__)(a, b), want)


@pytest.mark.parametrize("dtype", FP8, ids=str)
def test_divide_rounds_the_f32_quotient(rng, dtype):
    a = fp8_array(rng, (4, 4), dtype)
    b = fp8_array(rng, (4, 4), dtype)
    b[0, 0] = 0
    with np.errstate(all="ignore"):
        want = (a.astype(F32) / b.astype(F32)).astype(dtype)
    assert_same_bits(ten.divide(a, b), want)


@pytest.mark.parametrize("dtype", FP8, ids=str)
@pytest.mark.parametrize("name", ["exp", "sqrt", "tanh", "negative", "abs"])
def test_unary(rng, dtype, name):
    a = fp8_array(rng, (4, 6), dtype, 0.1, 4)
    want = getattr(np, name)(a)
    got = getattr(ten, name)(a)
    assert got.dtype == dtype
    # float32's result may differ from NumPy's by an ulp, which moves the
    # rounding to fp8 by at most one of its ulps.
    ulp = 2.0 ** -3 if dtype == E4M3 else 2.0 ** -2
    np.testing.assert_allclose(got.astype(F32), want.astype(F32), rtol=ulp)


@pytest.mark.parametrize("dtype", FP8, ids=str)
def test_promotion_follows_numpy(dtype):
    a = np.ones(3, dtype)
    for other in [np.float16, np.float32, np.float64, np.int8, np.uint8,
                  np.int32, np.bool_, ml_dtypes.bfloat16, np.complex64]:
        b = np.ones(3, other)
        with np.errstate(all="ignore"):
            want = (a + b).dtype
        assert ten.add(a, b).dtype == want, other
    assert ten.multiply(a, 2).dtype == (a * 2).dtype
    assert ten.multiply(a, 2.0).dtype == (a * 2.0).dtype


@pytest.mark.parametrize("dtype", FP8, ids=str)
def test_reductions_accumulate_in_f32(rng, dtype):
    a = fp8_array(rng, (6, 7), dtype)
    wide = a.astype(F32)
    assert_same_bits(ten.sum(a, axis=1), wide.sum(axis=1).astype(dtype))
    assert_same_bits(ten.mean(a, axis=0), wide.mean(axis=0).astype(dtype))
    assert_same_bits(ten.max(a, axis=1), a.max(axis=1))
    np.testing.assert_array_equal(ten.argmin(a, axis=0), a.argmin(axis=0))


@pytest.mark.parametrize("dtype", FP8, ids=str)
def test_matmul_gives_float32_as_numpy(rng, dtype):
    a = fp8_array(rng, (2, 5, 8), dtype)
    b = fp8_array(rng, (8, 3), dtype)
    want = np.matmul(a, b)
    got = ten.matmul(a, b)
    assert got.dtype == want.dtype == F32
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_einsum_keeps_the_fp8_type(rng):
    # NumPy's einsum refuses fp8; ten's accumulates in float32 and rounds.
    a = fp8_array(rng, (4, 8), E4M3)
    b = fp8_array(rng, (8,), E4M3)
    want = np.einsum("ij,j->i", a.astype(F32), b.astype(F32)).astype(E4M3)
    assert_same_bits(ten.einsum("ij,j->i", a, b), want)


@pytest.mark.parametrize("source", [np.float16, np.float32, np.float64, np.int32])
@pytest.mark.parametrize("dtype", FP8, ids=str)
def test_casts_match_ml_dtypes(dtype, source):
    values = np.array(
        [0, -0.0, 1, 448, 464, 465, 500, 57344, 61439, 61440, 1e-5, 2.0 ** -10,
         -3.3, np.inf, -np.inf, np.nan],
    )
    with np.errstate(all="ignore"):
        x = values.astype(source)
        want = x.astype(dtype)

    @ten.jit
    def cast(x):
        return x.astype(dtype)

    assert_same_bits(cast(x), want)


@pytest.mark.parametrize("dtype", FP8, ids=str)
def test_every_value_widens_exactly(dtype):
    bits = np.arange(256, dtype=np.uint8).view(dtype)

    @ten.jit
    def widen(x):
        return x.astype(np.float32), x * 1

    wide, same = widen(bits)
    assert_same_bits(wide, bits.astype(F32))
    assert_same_bits(same, bits)


def test_jit_mixes_fp8_and_float32(rng):
    a = fp8_array(rng, (3, 4), E4M3)
    b = rng.uniform(-1, 1, size=(4,)).astype(np.float32)

    @ten.jit
    def f(a, b):
        return a * b + 1

    want = a * b + 1
    got = f(a, b)
    assert got.dtype == want.dtype == F32
    np.testing.assert_allclose(got, want, rtol=1e-6)
