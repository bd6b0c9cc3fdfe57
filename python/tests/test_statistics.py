"""median, quantile, percentile and diff against NumPy's: every axis,
keepdims, quantile arrays, NumPy's result dtypes, NaN slices, integer
inputs, and inside @ten.jit."""

import warnings

import numpy as np
import pytest

import ten

from conftest import assert_matches, assert_parts_match


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _same(got, want):
    got = np.asarray(got)
    assert got.shape == np.shape(want) and got.dtype == np.asarray(want).dtype
    assert_matches(got, want)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int16, np.uint8])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_median(rng, dtype, axis):
    for shape in [(5, 6), (4, 7)]:
        a = (rng.normal(size=shape) * 50).astype(dtype)
        _same(ten.median(a, axis=axis), np.median(a, axis=axis))
        _same(ten.median(a, axis=axis, keepdims=True),
              np.median(a, axis=axis, keepdims=True))


@pytest.mark.parametrize("q", [0.3, np.float64(0.3), [0.0, 0.25, 0.5, 1.0],
                               np.array([[0.1], [0.9]], np.float32)])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_quantile_and_percentile(rng, q, axis):
    a = rng.normal(size=(6, 9)).astype(np.float32)
    _same(ten.quantile(a, q, axis=axis), np.quantile(a, q, axis=axis))
    _same(ten.quantile(a, q, axis=axis, keepdims=True),
          np.quantile(a, q, axis=axis, keepdims=True))
    p = np.asarray(q) * 100 if not isinstance(q, float) else q * 100
    _same(ten.percentile(a, p, axis=axis), np.percentile(a, p, axis=axis))
    ints = rng.integers(-20, 20, size=(6, 9))
    _same(ten.quantile(ints, q, axis=axis), np.quantile(ints, q, axis=axis))


def test_nan_slices_and_errors(rng):
    a = rng.normal(size=(4, 5))
    a[1, 3] = np.nan
    _same(ten.median(a, axis=1), np.median(a, axis=1))
    _same(ten.quantile(a, [0.1, 0.9], axis=1), np.quantile(a, [0.1, 0.9], axis=1))
    _same(ten.median(a), np.median(a))
    with pytest.raises(ValueError, match=r"range \[0, 1\]"):
        ten.quantile(a, 1.5)
    with pytest.raises(ValueError, match=r"range \[0, 100\]"):
        ten.percentile(a, -1)
    with pytest.raises(ValueError, match="not a valid method"):
        ten.quantile(a, 0.5, method="closest")
    # Weights (test_weighted_quantiles_and_out): equal ones are no weights.
    _same(ten.quantile(a, 0.5, axis=1, method="inverted_cdf",
                       weights=np.ones_like(a)),
          np.quantile(a, 0.5, axis=1, method="inverted_cdf",
                      weights=np.ones_like(a)))


@pytest.mark.parametrize("method", [
    "inverted_cdf", "averaged_inverted_cdf", "closest_observation",
    "interpolated_inverted_cdf", "hazen", "weibull", "linear",
    "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint",
    "nearest"])
def test_methods(rng, method):
    """Every one of NumPy's methods: the ones that take an element keep the
    array's dtype (NaN where a float slice has one), the others
    interpolate."""
    a = rng.normal(size=(5, 7))
    a[2, 3] = np.nan
    ints = rng.integers(-50, 50, size=(6, 9)).astype(np.int32)
    f32 = rng.normal(size=11).astype(np.float32)
    for x, kwargs in [(a, dict(axis=1)), (ints, dict(axis=0)), (f32, {}),
                      (ints, dict(keepdims=True)),
                      (a, dict(axis=0, keepdims=True))]:
        for q in [0.0, 0.37, 0.5, 1.0, [0.1, 0.5, 0.93], np.float32(0.25)]:
            with np.errstate(invalid="ignore"):
                want = np.quantile(x, q, method=method, **kwargs)
            _same(ten.quantile(x, q, method=method, **kwargs), want)
    _same(ten.percentile(ints, [10, 50], axis=1, method=method),
          np.percentile(ints, [10, 50], axis=1, method=method))
    traced = ten.jit(lambda x: np.quantile(x, [0.2, 0.8], axis=0,
                                           method=method))
    _same(traced(ints), np.quantile(ints, [0.2, 0.8], axis=0, method=method))


def test_inside_jit(rng):
    @ten.jit
    def stats(x):
        return np.median(x, axis=0), np.percentile(x, [5, 95]), x.shape

    x = rng.normal(size=(20, 3))
    median, tails, _ = stats(x)
    _same(median, np.median(x, axis=0))
    _same(tails, np.percentile(x, [5, 95]))


@pytest.mark.parametrize("n", [0, 1, 2, 3])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_diff(rng, n, axis):
    a = rng.normal(size=(4, 6)).astype(np.float32)
    _same(ten.diff(a, n=n, axis=axis), np.diff(a, n=n, axis=axis))
    b = a > 0
    _same(ten.diff(b, n=n, axis=axis), np.diff(b, n=n, axis=axis))
    i = rng.integers(0, 9, size=(4, 6)).astype(np.uint8)
    _same(ten.diff(i, n=n, axis=axis), np.diff(i, n=n, axis=axis))


def test_diff_prepend_append_and_errors(rng):
    a = rng.normal(size=(3, 4))
    _same(ten.diff(a, prepend=0.0), np.diff(a, prepend=0.0))
    _same(ten.diff(a, axis=0, append=a[:1]), np.diff(a, axis=0, append=a[:1]))
    _same(ten.diff(np.arange(1)), np.diff(np.arange(1)))
    with pytest.raises(ValueError, match="non-negative"):
        ten.diff(a, n=-1)
    with pytest.raises(ValueError, match="at least one dimensional"):
        ten.diff(np.array(1.0))


_ALL_METHODS = ["inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                "interpolated_inverted_cdf", "hazen", "weibull", "linear",
                "median_unbiased", "normal_unbiased", "lower", "higher",
                "midpoint", "nearest"]


@pytest.mark.parametrize("method", _ALL_METHODS)
def test_nan_quantiles(rng, method):
    """nanquantile, nanpercentile and nanmedian skip NaN: each of NumPy's
    methods' positions worked out from the count of numbers in each slice
    (NaN for a slice of NaN alone), in the quantiles' type as NumPy's;
    integers have no NaN to skip."""
    a = rng.normal(size=(5, 7))
    a[2, 3] = np.nan
    a[4, :] = np.nan
    a[0, :3] = np.nan
    f32 = rng.normal(size=11).astype(np.float32)
    f32[3] = np.nan
    ints = rng.integers(-5, 5, size=(4, 6))
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for x, kwargs in [(a, dict(axis=1)), (a, dict(axis=0, keepdims=True)),
                          (f32, {}), (a, {}), (ints, dict(axis=1))]:
            for q in [0.0, 0.37, 0.5, 1.0, [0.1, 0.5, 0.93]]:
                want = np.nanquantile(x, q, method=method, **kwargs)
                _same(ten.nanquantile(x, q, method=method, **kwargs), want)
            _same(ten.nanpercentile(x, [20, 80], method=method, **kwargs),
                  np.nanpercentile(x, [20, 80], method=method, **kwargs))
        _same(ten.nanmedian(a, axis=1), np.nanmedian(a, axis=1))
        _same(ten.nanmedian(f32), np.nanmedian(f32))
        _same(ten.nanmedian(ints, axis=0, keepdims=True),
              np.nanmedian(ints, axis=0, keepdims=True))
        traced = ten.jit(lambda x: np.nanmedian(x, axis=1))
        _same(traced(a), np.nanmedian(a, axis=1))


def test_nan_quantile_errors(rng):
    with pytest.raises(ValueError, match="not a valid method"):
        ten.nanquantile(np.ones(3), 0.5, method="nope")
    with pytest.raises(ValueError, match="Only method 'inverted_cdf'"):
        ten.nanquantile(np.ones(3), 0.5, weights=np.ones(3))
    with pytest.raises(ValueError, match=r"range \[0, 1\]"):
        ten.nanquantile(np.ones(3), 2.0)


@pytest.mark.parametrize("method", ["linear", "hazen", "weibull",
                                    "median_unbiased", "midpoint"])
def test_quantile_of_float32_by_a_python_number(rng, method):
    """A Python number's quantile is weak: NumPy interpolates float32
    neighbours in float32, the weight and its complement rounded from
    float64 (they had been float64 products rounded once, 1 ulp apart in a
    tenth of the cases)."""
    x = rng.normal(size=(40, 9)).astype(np.float32)
    x[3, 2] = np.nan

    def exactly(got, want):
        assert np.asarray(got).dtype == want.dtype == np.float32
        np.testing.assert_array_equal(got, want)

    for q in rng.uniform(size=6).tolist():
        exactly(ten.quantile(x[:, :7], q, axis=1, method=method),
                np.quantile(x[:, :7], q, axis=1, method=method))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            exactly(ten.nanquantile(x, q, axis=1, method=method),
                    np.nanquantile(x, q, axis=1, method=method))


@pytest.mark.parametrize("ddof", [0, 1, 5])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_var_of_a_dimension_known_when_the_program_runs(axis, ddof):
    # A masked read's first dimension is dynamic: the count comes from the
    # run (it had been taken as -1, giving inf or negative variances).
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4) ** 1.5
    mask = np.array([True, False, True])

    @ten.jit
    def spread(x, mask):
        selected = x[mask]
        return (ten.var(selected, axis=axis, ddof=ddof),
                ten.std(selected, axis=axis, ddof=ddof))

    with np.errstate(divide="ignore", invalid="ignore"):
        want = (np.var(x[mask], axis=axis, ddof=ddof),
                np.std(x[mask], axis=axis, ddof=ddof))
    for got, expected in zip(spread(x, mask), want):
        np.testing.assert_allclose(got, expected, rtol=1e-5)
        assert got.dtype == expected.dtype


@pytest.mark.parametrize("axis", [None, 0])
def test_reductions_with_where_of_a_dimension_known_when_run(axis):
    # where= masks broadcast to the array's shape, which a masked read
    # knows only when the program runs; so does mean's integer count.
    x = np.array([[3, -1], [4, 1], [-5, 9], [2, 6]], dtype=np.int32)
    rows = np.array([True, False, True, True])

    @ten.jit
    def reduce(x, rows):
        y = x[rows]
        f = y.astype(np.float32)
        return (ten.mean(y, axis=axis, dtype=np.int32),
                ten.mean(y, axis=axis, dtype=np.int64, where=y > 0),
                ten.mean(f, axis=axis, where=f > 2),
                ten.sum(f, axis=axis, where=np.array([True, False])),
                ten.max(f, axis=axis, where=f < 9, initial=-7))

    y = x[rows]
    f = y.astype(np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        want = (np.mean(y, axis=axis, dtype=np.int32),
                np.mean(y, axis=axis, dtype=np.int64, where=y > 0),
                np.mean(f, axis=axis, where=f > 2),
                np.sum(f, axis=axis, where=np.array([True, False])),
                np.max(f, axis=axis, where=f < 9, initial=-7))
    for got, expected in zip(reduce(x, rows), want):
        np.testing.assert_array_equal(got, expected)
        assert got.dtype == expected.dtype


@pytest.mark.parametrize("axis", [(0, 2), (2, 0), (-1,), (0, 1, 2), ()])
def test_order_statistics_over_several_axes(rng, axis):
    """A tuple of axes: NumPy's statistic of those axes together (moved
    last and merged), keepdims keeping each as a 1."""
    a = rng.normal(size=(3, 4, 5))
    a[1, 2, 3] = np.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for keepdims in (False, True):
            _same(ten.median(a, axis=axis, keepdims=keepdims),
                  np.median(a, axis=axis, keepdims=keepdims))
            _same(ten.nanmedian(a, axis=axis, keepdims=keepdims),
                  np.nanmedian(a, axis=axis, keepdims=keepdims))
            _same(ten.quantile(a, [0.2, 0.7], axis=axis, keepdims=keepdims),
                  np.quantile(a, [0.2, 0.7], axis=axis, keepdims=keepdims))
            _same(ten.nanpercentile(a, 30, axis=axis, keepdims=keepdims),
                  np.nanpercentile(a, 30, axis=axis, keepdims=keepdims))
    with pytest.raises(ValueError, match="duplicate value in 'axis'"):
        ten.median(a, axis=(0, -3))


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_median_of_complex_numbers(dtype):
    """NumPy's lexicographic order; the mean of the two middle elements; a
    NaN part makes the median that element (median) or is skipped
    (nanmedian); quantiles refuse complex numbers, as NumPy's."""
    a = np.array([[1 + 1j, 3 - 1j, 2, 5j, 2 + 0.5j],
                  [1, complex(np.nan, 0), 2, 3, 1j],
                  [complex(0, np.nan), 1, 2, 1, 4 - 4j],
                  [1e38 + 1e38j, 1e38 + 1e38j, -1, 2, 3]], dtype)
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for axis in (None, 0, 1, (0, 1)):
            assert_parts_match(ten.median(a, axis=axis), np.median(a, axis=axis))
            assert_parts_match(ten.median(a[:, :4], axis=axis),
                        np.median(a[:, :4], axis=axis))
            assert_parts_match(ten.nanmedian(a, axis=axis),
                        np.nanmedian(a, axis=axis))
    with pytest.raises(TypeError, match="real numbers"):
        ten.quantile(a, 0.5)


def test_nanmedian_is_the_median_of_the_numbers():
    """nanmedian takes the middle number, or the mean of the two middle
    ones, as NumPy's median of the numbers: no interpolation, which made an
    infinity beside a finite neighbour NaN. float16's mean is computed in
    float32, as np.mean does."""
    a = np.array([[-0.0, 3, np.inf, np.nan],
                  [np.inf, 1.5, 3, np.nan],
                  [np.nan, np.inf, -0.0, np.nan],
                  [1, np.inf, np.inf, np.nan],
                  [np.nan] * 4])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for dtype in (np.float16, np.float32, np.float64):
            x = a.astype(dtype)
            _same(ten.nanmedian(x, axis=1), np.nanmedian(x, axis=1))
            _same(ten.nanmedian(x, axis=1, keepdims=True),
                  np.nanmedian(x, axis=1, keepdims=True))
    halves = np.array([60000, 60000, 1, np.nan], np.float16)
    _same(ten.median(halves[:2]), np.median(halves[:2]))
    _same(ten.nanmedian(halves[[0, 1, 3]]), np.nanmedian(halves[[0, 1, 3]]))


def test_quantiles_of_booleans():
    """The methods that take an element take booleans, as NumPy's; the ones
    that interpolate refuse them (NumPy's TypeError: booleans do not
    subtract)."""
    a = np.array([[True, False, True, True], [False, False, True, False]])
    for method in ("lower", "higher", "nearest", "inverted_cdf"):
        _same(ten.quantile(a, [0.3, 0.6], axis=1, method=method),
              np.quantile(a, [0.3, 0.6], axis=1, method=method))
    _same(ten.nanquantile(a, 0.3, method="lower"),
          np.nanquantile(a, 0.3, method="lower"))
    _same(ten.median(a, axis=0), np.median(a, axis=0))
    for method in ("linear", "midpoint"):
        with pytest.raises(TypeError):
            np.quantile(a, 0.3, method=method)
        with pytest.raises(TypeError, match="booleans"):
            ten.quantile(a, 0.3, method=method)
        with pytest.raises(TypeError, match="booleans"):
            ten.nanpercentile(a, 30, method=method)


def test_empty_slices():
    """NumPy's statistics of empty slices: median and the nan* forms give
    NaN (the nan* forms of an empty array are its nanmean, the quantiles'
    dimensions left out), quantile and percentile raise IndexError."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for dtype in (np.float64, np.float32, np.int8, np.complex128):
            for shape, axis, keepdims in [((0,), None, False),
                                          ((0, 3), 0, False),
                                          ((0, 3), 1, False),
                                          ((3, 0), None, True),
                                          ((2, 0, 3), (0, 1), False)]:
                a = np.zeros(shape, dtype)
                assert_parts_match(ten.median(a, axis=axis, keepdims=keepdims),
                            np.median(a, axis=axis, keepdims=keepdims))
                assert_parts_match(ten.nanmedian(a, axis=axis, keepdims=keepdims),
                            np.nanmedian(a, axis=axis, keepdims=keepdims))
                if dtype == np.complex128:
                    continue
                _same(ten.nanquantile(a, [0.2, 0.5], axis=axis,
                                      keepdims=keepdims),
                      np.nanquantile(a, [0.2, 0.5], axis=axis,
                                     keepdims=keepdims))
    with pytest.raises(IndexError, match="out of bounds"):
        ten.quantile(np.zeros(0), 0.5)
    with pytest.raises(IndexError, match="out of bounds"):
        ten.percentile(np.zeros((0, 3)), [5, 50], axis=0)


_RNG = np.random.default_rng(41)
_A = _RNG.normal(size=(4, 7))
_W = _RNG.uniform(size=(4, 7))
_W_LEADING_ZEROS = _W.copy()
_W_LEADING_ZEROS[:, :2] = 0
_A_NAN = _A.copy()
_A_NAN[1, 3] = np.nan
_INTEGERS = _RNG.integers(0, 10, (4, 7))
_ALL_NAN_ROW = _A_NAN.copy()
_ALL_NAN_ROW[2] = np.nan
WEIGHTED = [
    lambda m: m.quantile(_A, 0.5, axis=1, method="inverted_cdf", weights=_W),
    lambda m: m.quantile(_A, [0, 0.2, 0.7, 1.0], axis=1,
                         method="inverted_cdf", weights=_W[0]),
    lambda m: m.quantile(_A, 0.3, axis=0, method="inverted_cdf", weights=_W,
                         keepdims=True),
    lambda m: m.quantile(_INTEGERS, 0.4, axis=1, method="inverted_cdf",
                         weights=_W),
    lambda m: m.quantile(_A, np.float32(0.3), axis=1, method="inverted_cdf",
                         weights=_W),
    lambda m: m.quantile(_A, 0.0, axis=1, method="inverted_cdf",
                         weights=_W_LEADING_ZEROS),
    lambda m: m.quantile(_A_NAN, 0.5, axis=1, method="inverted_cdf",
                         weights=_W),
    lambda m: m.percentile(_A, [10, 90], axis=(0, 1), method="inverted_cdf",
                           weights=_W),
    lambda m: m.quantile(_A.astype(np.float32), 0.5, axis=1,
                         method="inverted_cdf", weights=_W),
    lambda m: m.nanquantile(_A_NAN, [0.2, 0.5, 1.0], axis=1,
                            method="inverted_cdf", weights=_W),
    lambda m: m.nanpercentile(_A_NAN, 40, method="inverted_cdf",
                              weights=_W_LEADING_ZEROS),
    lambda m: m.nanquantile(_ALL_NAN_ROW, 0.5, axis=1, method="inverted_cdf",
                            weights=_W),
    lambda m: m.quantile(_A, 0.5, axis=1, out=np.zeros(4)),
    lambda m: m.percentile(_A, 50, axis=0, out=np.zeros(7)),
]


@pytest.mark.parametrize("case", range(len(WEIGHTED)))
def test_weighted_quantiles_and_out(case):
    """NumPy 2's weights (method 'inverted_cdf': the first sorted element at
    which the weights' cumulative share reaches q; leading zero weights
    skipped; NaN slices NaN), and `out`."""
    statistic = WEIGHTED[case]
    assert_matches(statistic(ten), statistic(np))


def test_weighted_quantiles_traced_and_refused():
    traced = ten.jit(lambda a, w: ten.quantile(
        a, [0.25, 0.5], axis=1, method="inverted_cdf", weights=w))
    assert_matches(traced(_A, _W), np.quantile(
        _A, [0.25, 0.5], axis=1, method="inverted_cdf", weights=_W))
    for weights, method, axis, error, message in [
            (_W, "linear", 1, ValueError, "Only method 'inverted_cdf'"),
            (-_W, "inverted_cdf", 1, ValueError, "non-negative"),
            (_W[0], "inverted_cdf", None, TypeError, "Axis must be specified"),
            (np.ones(4), "inverted_cdf", 1, ValueError, "consistent"),
            (np.zeros((4, 7)), "inverted_cdf", 1, ValueError, "all zero")]:
        with pytest.raises(error, match=message):
            np.quantile(_A, 0.5, axis=axis, method=method, weights=weights)
        with pytest.raises(error, match=message):
            ten.quantile(_A, 0.5, axis=axis, method=method, weights=weights)


@pytest.mark.parametrize("statistic", [
    lambda m, out: m.median(_A_NAN, axis=1, out=out),
    lambda m, out: m.nanmedian(_A_NAN, axis=1, out=out),
    lambda m, out: m.nanquantile(_A_NAN, 0.3, axis=1, out=out),
    lambda m, out: m.nanpercentile(_A_NAN, 30, axis=1, out=out),
    lambda m, out: m.concatenate([_A[:2, :1], _A[2:, :1]], out=out[:, None]),
    lambda m, out: m.stack([_A[0, :2], _A[1, :2]], out=out.reshape(2, 2)),
])
def test_out_of_statistics_and_joins(statistic):
    """NumPy's `out=`: the result written into it, which is returned; a
    traced value has no array to write into."""
    want, got = np.zeros(4), np.zeros(4)
    returned_want = statistic(np, want)
    returned_got = statistic(ten, got)
    assert_matches(got, want)
    assert_matches(np.asarray(returned_got), np.asarray(returned_want))
    with pytest.raises(TypeError, match="no 'out' on traced values"):
        ten.jit(lambda a: ten.median(a, out=np.zeros(4)) + 0)(_A)


@pytest.mark.parametrize("name", [
    "nansum", "nanprod", "nanmean", "nanmax", "nanmin", "nanargmax",
    "nanargmin", "nancumsum", "nancumprod", "nanvar", "nanstd", "nanmedian",
    "nanpercentile"])
def test_nan_functions_skip_nan_in_bfloat16(name):
    """ml_dtypes' bfloat16 has NaN though its kind is "V": the nan
    functions skip it there as in float32 (they had returned NaN)."""
    x = np.array([[1.0, np.nan, 3.0, 2.0], [np.nan, 4.0, 0.5, 1.0]],
                 ten.bfloat16)
    args = (50,) if name == "nanpercentile" else ()
    got = np.asarray(getattr(ten, name)(x, *args, axis=1)).astype(np.float32)
    want = getattr(np, name)(x.astype(np.float32), *args, axis=1)
    np.testing.assert_allclose(got, want, rtol=2e-2)


def test_equal_nan_in_bfloat16():
    x = np.array([np.nan, 1.0, np.nan], ten.bfloat16)
    assert ten.array_equal(x, x, equal_nan=True)
    assert np.asarray(ten.unique(x, equal_nan=True)).size == 2


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32,
                                   np.uint8, np.int64])
@pytest.mark.parametrize("method", ["linear", "lower", "nearest", "midpoint",
                                    "median_unbiased", "inverted_cdf"])
def test_order_statistics_of_long_lines(rng, dtype, method):
    """Lines long enough for the partition's radix select, with many equal
    elements and, for floats, NaN in some lines: median and quantiles as
    NumPy's."""
    a = (rng.normal(size=(3, 4001)) * 20).astype(dtype)
    if np.dtype(dtype).kind == "f":
        a[1, 17] = np.nan
    q = [0.0, 0.01, 0.5, 0.77, 1.0]
    _same(ten.median(a, axis=1), np.median(a, axis=1))
    _same(ten.median(a[:, :4000], axis=1), np.median(a[:, :4000], axis=1))
    _same(ten.quantile(a, q, axis=1, method=method),
          np.quantile(a, q, axis=1, method=method))
    _same(ten.percentile(a, 37.5, axis=None, method=method),
          np.percentile(a, 37.5, axis=None, method=method))
