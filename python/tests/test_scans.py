"""Scans (cumsum, cumprod, cumulative_sum/prod, nancumsum/nancumprod,
cummax/cummin and ufunc.accumulate), eager and traced, checked against
NumPy's: every dtype, every axis, NaN, empty and 0-d arrays, errors."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_cumsum_and_cumprod_every_dtype(rng, dtype):
    # Small values: products of integers stay where NumPy's and ten's wrap
    # alike anyway, and of floats within a few ulps.
    a = random_array(rng, (3, 5), dtype, low=0.5, high=1.5)
    for axis in (None, 0, 1, -1):
        assert_matches(ten.cumsum(a, axis=axis), np.cumsum(a, axis=axis))
        assert_matches(ten.cumprod(a, axis=axis), np.cumprod(a, axis=axis))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_running_extrema_every_dtype(rng, dtype):
    a = random_array(rng, (4, 6), dtype)
    for axis in (0, 1):
        assert_matches(ten.cummax(a, axis=axis), np.maximum.accumulate(a, axis=axis))
        assert_matches(ten.cummin(a, axis=axis), np.minimum.accumulate(a, axis=axis))
    assert_matches(ten.cummax(a), np.maximum.accumulate(a.ravel()))


def test_accumulation_dtypes():
    # NumPy's integers add in int64 (uint64 when unsigned); dtype= decides.
    for dtype in (np.bool_, np.int8, np.uint8, np.int16, np.int32, np.uint32):
        a = np.array([1, 0, 1, 1], dtype)
        assert_matches(ten.cumsum(a), np.cumsum(a))
        assert_matches(ten.cumprod(a), np.cumprod(a))
    a = np.array([100, 100, 100], np.int32)
    assert_matches(ten.cumsum(a, dtype=np.int8), np.cumsum(a, dtype=np.int8))
    assert_matches(ten.cumsum(a, dtype=np.float16), np.cumsum(a, dtype=np.float16))
    b = np.array([True, False, True, False])
    assert_matches(ten.cumsum(b, dtype=bool), np.cumsum(b, dtype=bool))
    assert_matches(ten.cumprod(b, dtype=bool), np.cumprod(b, dtype=bool))
    i = np.array([3, 0, -2], np.int64)
    assert_matches(ten.cumsum(i, dtype=bool), np.cumsum(i, dtype=bool))


def test_wrapping_integers():
    a = np.array([np.iinfo(np.int64).max, 1, 1], np.int64)
    assert_matches(ten.cumsum(a), np.cumsum(a))
    u = np.array([250, 10, 3], np.uint8)
    assert_matches(ten.cumsum(u, dtype=np.uint8), np.cumsum(u, dtype=np.uint8))
    assert_matches(ten.cummax(u), np.maximum.accumulate(u))


def test_half_floats_round_every_step(rng):
    # 2048 + 1 rounds back to 2048 in float16: NumPy's sums stall there.
    a = np.ones(3000, np.float16)
    assert_matches(ten.cumsum(a), np.cumsum(a), rtol=0, atol=0)
    b = rng.uniform(0, 1, 500).astype(np.float16)
    assert_matches(ten.cumsum(b), np.cumsum(b), rtol=0, atol=0)


def test_nan_and_infinities():
    x = np.array([[1.0, np.nan, 3.0, -np.inf], [np.inf, 2.0, -np.inf, np.nan]])
    for axis in (0, 1):
        with np.errstate(invalid="ignore"):  # inf - inf, NaN as NumPy's
            want_sum = np.cumsum(x, axis=axis)
            want_prod = np.cumprod(x, axis=axis)
        assert_matches(ten.cumsum(x, axis=axis), want_sum)
        assert_matches(ten.cumprod(x, axis=axis), want_prod)
        assert_matches(ten.cummax(x, axis=axis), np.maximum.accumulate(x, axis=axis))
        assert_matches(ten.cummin(x, axis=axis), np.minimum.accumulate(x, axis=axis))
        assert_matches(ten.nancumsum(x, axis=axis), np.nancumsum(x, axis=axis))
        assert_matches(ten.nancumprod(x, axis=axis), np.nancumprod(x, axis=axis))
    c = np.array([1 + 1j, complex(np.nan, 0), 3 + 0j], np.complex128)
    assert_matches(ten.nancumsum(c), np.nancumsum(c))
    assert_matches(ten.cummax(c), np.maximum.accumulate(c))
    i = np.array([1, 2, 3], np.int16)
    assert_matches(ten.nancumsum(i), np.nancumsum(i))


def test_shapes(rng):
    x = rng.uniform(size=(2, 3, 4)).astype(np.float32)
    for axis in (None, 0, 1, 2, -2):
        assert_matches(ten.cumsum(x, axis=axis), np.cumsum(x, axis=axis))
    # A 0-d array is one element; empty arrays stay empty.
    assert_matches(ten.cumsum(np.float32(3)), np.cumsum(np.float32(3)))
    assert_matches(ten.cumsum(np.array(3.0), axis=0), np.cumsum(np.array(3.0), axis=0))
    e = np.zeros((0, 3), np.float32)
    for axis in (None, 0, 1):
        assert_matches(ten.cumsum(e, axis=axis), np.cumsum(e, axis=axis))
        assert_matches(ten.cummax(e, axis=axis), np.maximum.accumulate(e.ravel() if axis is None else e, axis=0 if axis is None else axis))
    assert_matches(ten.cumprod(np.ones((3, 1)), axis=1), np.cumprod(np.ones((3, 1)), axis=1))
    # Python lists are arrays.
    assert_matches(ten.cumsum([[1, 2], [3, 4]], axis=-1), np.cumsum([[1, 2], [3, 4]], axis=-1))


def test_cumulative_functions(rng):
    x = rng.integers(-5, 5, size=(3, 4)).astype(np.int32)
    # A 0-d array is one element along an axis of its own, as NumPy's.
    s = np.array(5, np.int8)
    for array, axes in ((x, (0, 1, -1)), (s, (None, 0, -1))):
        for axis in axes:
            for initial in (False, True):
                for name in ("cumulative_sum", "cumulative_prod"):
                    assert_matches(
                        getattr(ten, name)(array, axis=axis,
                                           include_initial=initial),
                        getattr(np, name)(array, axis=axis,
                                          include_initial=initial))
    v = rng.uniform(size=5)
    assert_matches(ten.cumulative_sum(v, include_initial=True),
                   np.cumulative_sum(v, include_initial=True))
    assert_matches(ten.cumulative_sum(v, dtype=np.float32),
                   np.cumulative_sum(v, dtype=np.float32))
    with pytest.raises(ValueError, match="axis"):
        ten.cumulative_sum(x)
    with pytest.raises(np.exceptions.AxisError):
        ten.cumulative_sum(s, axis=1)


def test_errors():
    x = np.ones((2, 3))
    with pytest.raises(np.exceptions.AxisError):
        ten.cumsum(x, axis=2)
    with pytest.raises(np.exceptions.AxisError):
        ten.cummax(x, axis=-3)
    with pytest.raises(np.exceptions.AxisError):
        ten.cumsum(np.array(1.0), axis=1)
    with pytest.raises(TypeError):
        ten.cumsum(x, axis=(0,))
    with pytest.raises(TypeError):
        ten.cumsum(x, dtype=object)


def test_traced_and_numpy_dispatch(rng):
    x = rng.uniform(-1, 1, size=(5, 7)).astype(np.float32)

    @ten.jit
    def f(x):
        return (np.cumsum(x, axis=1), x.cumsum(0), x.cumprod(), np.cumprod(x, 1),
                np.maximum.accumulate(x, axis=1), np.minimum.accumulate(x),
                np.add.accumulate(x > 0), np.nancumsum(x), np.cumulative_sum(x, axis=0),
                np.multiply.accumulate(x, axis=1, dtype=np.float64))

    want = (np.cumsum(x, axis=1), x.cumsum(0), x.cumprod(), np.cumprod(x, 1),
            np.maximum.accumulate(x, axis=1), np.minimum.accumulate(x),
            np.add.accumulate(x > 0), np.nancumsum(x), np.cumulative_sum(x, axis=0),
            np.multiply.accumulate(x, axis=1, dtype=np.float64))
    got = f(x)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)


def test_accumulate_refusals():
    # Called as NumPy calls it: NumPy 2.4's ufunc.accumulate keeps its
    # operand alive when __array_ufunc__ raises, which would keep the
    # traced graph until exit.
    @ten.jit
    def g(x):
        return x.__array_ufunc__(np.matmul, "accumulate", x)

    with pytest.raises(TypeError, match="numpy.matmul.accumulate"):
        g(np.ones(3, np.float32))


def test_scan_fuses_with_its_consumers(rng):
    # A normalized cumulative distribution in one traced function.
    x = rng.uniform(size=(64, 300)).astype(np.float32)

    @ten.jit
    def cdf(x):
        c = np.cumsum(np.exp(x), axis=1)
        return c / c[:, -1:]

    e = np.cumsum(np.exp(x), axis=1)
    assert_matches(cdf(x), e / e[:, -1:])
