"""histogram and digitize against NumPy's: equal bins over the data's range
or a given one (elements on the edges, outside the range, NaN), edges of
any spacing, weights, density, integer and empty inputs, and @ten.jit."""

import warnings

import numpy as np
import pytest

import ten

from conftest import assert_matches


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _assert_histogram(got, want):
    assert_matches(got[0], want[0])
    assert np.asarray(got[0]).dtype == want[0].dtype
    assert_matches(got[1], want[1])


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8,
                                   np.int64])
def test_equal_bins(rng, dtype):
    a = (rng.normal(size=(40, 50)) * 20).astype(dtype)
    for bins, range in [(10, None), (1, None), (7, (-15, 33)), (16, (0, 8))]:
        _assert_histogram(ten.histogram(a, bins=bins, range=range),
                          np.histogram(a, bins=bins, range=range))


def test_edges_outside_and_nan():
    # Elements on every edge (the last inclusive), outside the range, NaN.
    a = np.array([0.0, 0.1, 0.2, 0.3, 0.7, 1.0, -0.5, 1.5, np.nan, 0.5])
    _assert_histogram(ten.histogram(a, bins=10, range=(0, 1)),
                      np.histogram(a, bins=10, range=(0, 1)))
    _assert_histogram(ten.histogram(a, bins=[0, 0.25, 0.5, 1.0]),
                      np.histogram(a, bins=[0, 0.25, 0.5, 1.0]))
    with pytest.raises(ValueError, match="autodetected range of"):
        ten.histogram(a)
    same = np.full(5, 3.0, np.float32)
    _assert_histogram(ten.histogram(same, bins=4), np.histogram(same, bins=4))
    empty = np.zeros(0)
    _assert_histogram(ten.histogram(empty, bins=3), np.histogram(empty, bins=3))


def test_weights_density_and_uneven_edges(rng):
    a = rng.uniform(-2, 2, size=1000)
    w = rng.uniform(size=1000).astype(np.float32)
    _assert_histogram(ten.histogram(a, bins=8, weights=w),
                      np.histogram(a, bins=8, weights=w))
    for kwargs in [dict(bins=5, density=True),
                   dict(bins=[-2, -1.5, 0, 0.1, 2], density=True),
                   dict(bins=np.array([-3, -1, 1, 3]))]:
        _assert_histogram(ten.histogram(a, **kwargs), np.histogram(a, **kwargs))
    # Weights with uneven edges: NumPy's cumulative sums of the weights in
    # sorted order, read at each edge's count.
    for weights in (w, rng.integers(0, 5, size=1000)):
        for kwargs in [dict(bins=[-2, -1.5, 0, 0.1, 2]),
                       dict(bins=[-3, -1, 0.5, 1], density=True)]:
            _assert_histogram(ten.histogram(a, weights=weights, **kwargs),
                              np.histogram(a, weights=weights, **kwargs))


def test_histogram_inside_jit(rng):
    @ten.jit
    def counts(x):
        return np.histogram(np.tanh(x), bins=6, range=(-1, 1))[0]

    x = rng.normal(size=500)
    assert_matches(counts(x), np.histogram(np.tanh(x), bins=6, range=(-1, 1))[0])

    @ten.jit
    def no_range(x):
        return np.histogram(x)

    with pytest.raises(NotImplementedError, match="needs range="):
        no_range(x)


def test_histogram_errors():
    a = np.arange(5.0)
    with pytest.raises(ValueError, match="must be positive"):
        ten.histogram(a, bins=0)
    with pytest.raises(ValueError, match="increase monotonically"):
        ten.histogram(a, bins=[0, 2, 1])
    with pytest.raises(ValueError, match="max must be larger than min"):
        ten.histogram(a, bins=3, range=(2, 1))
    with pytest.raises(ValueError, match="not finite"):
        ten.histogram(a, bins=3, range=(0, np.inf))
    with pytest.raises(ValueError, match="same shape"):
        ten.histogram(a, bins=3, weights=np.ones(4))
    with pytest.raises(NotImplementedError, match="estimator"):
        ten.jit(lambda x: ten.histogram(x, bins="auto"))(a)
    with pytest.raises(ValueError):
        ten.histogram(a, bins="bogus")


@pytest.mark.parametrize("estimator", ["auto", "fd", "doane", "scott",
                                       "stone", "rice", "sturges", "sqrt"])
def test_bin_estimators(rng, estimator):
    """NumPy's bin estimators choose the equal bins of a NumPy array (their
    count sizes the result: traced data cannot have one)."""
    for a in (rng.normal(size=50), rng.integers(0, 10, size=40)):
        got_counts, got_edges = ten.histogram(a, bins=estimator)
        want_counts, want_edges = np.histogram(a, bins=estimator)
        assert_matches(np.asarray(got_counts), want_counts)
        assert_matches(got_edges, want_edges)
        assert_matches(ten.histogram_bin_edges(a, bins=estimator,
                                               range=(-1, 3)),
                       np.histogram_bin_edges(a, bins=estimator,
                                              range=(-1, 3)))


@pytest.mark.parametrize("right", [False, True])
def test_digitize(rng, right):
    x = np.concatenate([rng.uniform(-2, 2, size=30), [-1.0, 0.0, 1.0, np.nan]])
    for bins in ([-1.0, 0.0, 1.0], [1.0, 0.0, -1.0], [0.0], [2, 2, 3]):
        assert_matches(ten.digitize(x, bins, right=right),
                       np.digitize(x, bins, right=right))
    with pytest.raises(ValueError, match="monotonically"):
        ten.digitize(x, [0, 2, 1])


@pytest.mark.parametrize("args", [
    ([0, 1, 1, 3, 2, 1, 7],), ([0, 1, 1], None, 6), ([2, 3, 3], [0.5, 1.0, 2.0]),
    ([],), ([], None, 3), ([True, False, True],),
    (np.array([1, 2], np.uint64),), (np.array([4, 0], np.int8), None, 2),
    (np.array([1, 1]), np.array([1, 2], np.int32)),
], ids=str)
def test_bincount(args):
    assert_matches(ten.bincount(*args), np.bincount(*args))


def test_bincount_of_a_list_of_floats_truncates_with_numpys_warning():
    x = [1.5, 2.7, -0.5]
    with pytest.warns(DeprecationWarning, match="Non-integer input"):
        got = ten.bincount(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        want = np.bincount(x)
    assert_matches(got, want)


@pytest.mark.parametrize("args, error, message", [
    (([-1, 2],), ValueError, "no negative elements"),
    (([[1]],), ValueError, "too deep"),
    (([1, 2], [1.0]), ValueError, "same length"),
    (([1], None, -1), ValueError, "'minlength' must not be negative"),
    ((np.array([1j]),), TypeError, "Cannot cast"),
    ((np.array([1.0, 2.0]),), TypeError, "Cannot cast"),
    ((np.zeros(0, np.float32),), TypeError, "Cannot cast"),
], ids=str)
def test_bincount_errors(args, error, message):
    with pytest.raises(error, match=message):
        ten.bincount(*args)


def test_bincount_traced():
    @ten.jit
    def counts(x, w):
        return ten.bincount(x, length=6), ten.bincount(x, w, length=6)

    x = np.array([0, 1, 1, 4, 5])
    w = np.array([0.5, 1.0, 2.0, 3.0, 1.5], np.float32)
    got = counts(x, w)
    assert_matches(got[0], np.bincount(x, minlength=6))
    assert_matches(got[1], np.bincount(x, w, minlength=6))

    @ten.jit
    def unsized(x):
        return ten.bincount(x)

    with pytest.raises(NotImplementedError, match="needs length="):
        unsized(x)


HISTOGRAM2D_CASES = [
    dict(bins=3), dict(bins=2, weights=np.arange(40)),
    dict(bins=[np.array([0, 1, 5.0]), 2], density=True),
    dict(bins=(2, 3), range=[(0, 3), (0, 4)]),
    dict(bins=np.array([-3, -1, 0, 2.5, 6])),
    dict(bins=[4, np.array([-2.0, 0, 2])], range=[(-1, 1), None]),
]


@pytest.mark.parametrize("case", range(len(HISTOGRAM2D_CASES)))
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32])
def test_histogram2d(case, dtype):
    rng = np.random.default_rng(case)
    x = (rng.normal(size=40) * 2).astype(dtype)
    y = (rng.normal(size=40) * 2).astype(dtype)
    x[:3] = [0, 3, 5]  # on edges
    kwargs = HISTOGRAM2D_CASES[case]
    want = np.histogram2d(x, y, **kwargs)
    got = ten.histogram2d(x, y, **kwargs)
    assert_matches(got[0], want[0])
    for g, w in zip(got[1:], want[1:]):
        np.testing.assert_array_equal(g, w)
    if "range" in kwargs or isinstance(kwargs["bins"], np.ndarray):
        # A traced histogram needs its edges when tracing.
        traced = ten.jit(lambda a, b: np.histogram2d(a, b, **kwargs)[0])
        assert_matches(traced(x, y), want[0])


def test_histogramdd():
    rng = np.random.default_rng(5)
    sample = rng.normal(size=(200, 3))
    for bins in (4, (3, 4, 5), [np.linspace(-2, 2, 5), 3, 2]):
        want = np.histogramdd(sample, bins=bins)
        got = ten.histogramdd(sample, bins=bins)
        assert_matches(got[0], want[0])
        for g, w in zip(got[1], want[1]):
            np.testing.assert_array_equal(g, w)
    want = np.histogramdd(sample, bins=3, density=True,
                          range=[(-1, 1)] * 3)[0]
    assert_matches(ten.jit(lambda s: np.histogramdd(
        s, bins=3, density=True, range=[(-1, 1)] * 3)[0])(sample), want)
    # A 1-d sample is one dimension; a sequence of arrays, one each.
    x = sample[:, 0]
    assert_matches(ten.histogramdd(x, bins=5)[0], np.histogramdd(x, 5)[0])
    assert_matches(ten.histogramdd([x, x], bins=2)[0],
                   np.histogramdd([x, x], bins=2)[0])


def test_histogramdd_errors():
    sample = np.zeros((4, 2))
    with pytest.raises(ValueError, match="dimension of bins"):
        ten.histogramdd(sample, bins=[2, 2, 2])
    with pytest.raises(ValueError, match="must be positive"):
        ten.histogramdd(sample, bins=[0, 2])
    with pytest.raises(ValueError, match="monotonically increasing"):
        ten.histogramdd(sample, bins=[np.array([2, 1, 5.0]), 2])
    with pytest.raises(NotImplementedError, match="needs range"):
        ten.jit(lambda s: np.histogramdd(s, bins=2)[0])(sample)
