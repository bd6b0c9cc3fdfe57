"""Sorting (sort, argsort, topk, ndarray.sort/argsort on traced values),
eager and traced, checked against NumPy's (stable argsort) and PyTorch's
(descending sort, topk) order: every dtype, every axis, NaN, ties, empty
arrays, errors."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_sort_and_argsort_every_dtype(rng, dtype):
    for shape in ((7,), (4, 9), (3, 300)):
        a = random_array(rng, shape, dtype)
        for axis in (-1, 0, None):
            assert_matches(ten.sort(a, axis=axis), np.sort(a, axis=axis))
            assert_matches(ten.argsort(a, axis=axis),
                           np.argsort(a, axis=axis, kind="stable"))


def test_argsort_of_a_scalar():
    # NumPy's argsort takes a 0-d array as one element (its sort does not).
    s = np.array(2.5)
    for axis in (-1, 0, None):
        assert_matches(ten.argsort(s, axis=axis), np.argsort(s, axis=axis))
    assert_matches(ten.asarray(s).argsort(), s.argsort())
    with pytest.raises(np.exceptions.AxisError):
        ten.argsort(s, axis=1)
    with pytest.raises(np.exceptions.AxisError):
        ten.sort(s)


def test_nan_and_signed_zeros():
    x = np.array([np.nan, 1.0, -np.inf, -0.0, 0.0, np.inf, -1.0, np.nan, 0.0, -0.0])
    for dtype in (np.float16, np.float32, np.float64):
        a = x.astype(dtype)
        assert_matches(ten.sort(a), np.sort(a))
        assert_matches(ten.argsort(a), np.argsort(a, kind="stable"))
        long = np.tile(a, 30)
        assert_matches(ten.argsort(long), np.argsort(long, kind="stable"))
    c = np.array([2 + 1j, complex(np.nan, 0), 1 - 1j, complex(1, np.nan),
                  complex(np.nan, np.nan), -3 + 0j, 2 + 1j])
    assert_matches(ten.sort(c), np.sort(c))
    assert_matches(ten.argsort(c), np.argsort(c, kind="stable"))


def test_ties_keep_their_order(rng):
    a = rng.integers(0, 3, size=(5, 1000)).astype(np.int16)
    for kind in (None, "quicksort", "mergesort", "heapsort", "stable"):
        assert_matches(ten.argsort(a, axis=1, kind=kind),
                       np.argsort(a, axis=1, kind="stable"))
    b = np.array([True, False, True, False, False])
    assert_matches(ten.argsort(b), np.argsort(b, kind="stable"))


def test_shapes(rng):
    x = rng.uniform(size=(2, 3, 4)).astype(np.float32)
    for axis in (0, 1, 2, -2, None):
        assert_matches(ten.sort(x, axis=axis), np.sort(x, axis=axis))
        assert_matches(ten.argsort(x, axis=axis), np.argsort(x, axis=axis, kind="stable"))
    for shape in ((0,), (0, 3), (3, 0)):
        e = np.zeros(shape, np.float32)
        assert_matches(ten.sort(e), np.sort(e))
        assert_matches(ten.argsort(e, axis=0), np.argsort(e, axis=0))
    assert_matches(ten.sort(np.float32(3), axis=None), np.sort(np.float32(3), axis=None))
    assert_matches(ten.sort([[3, 1], [2, 5]]), np.sort([[3, 1], [2, 5]]))
    # Inputs that are not contiguous: transposed, reversed.
    assert_matches(ten.sort(x.T, axis=0), np.sort(x.T, axis=0))
    assert_matches(ten.argsort(x[:, ::-1], axis=1), np.argsort(x[:, ::-1], axis=1, kind="stable"))


def test_descending_as_pytorch():
    x = np.array([3.0, 1.0, np.nan, 3.0, -2.0, 1.0, np.inf], np.float32)
    assert_matches(ten.sort(x, descending=True),
                   np.array([np.nan, np.inf, 3, 3, 1, 1, -2], np.float32))
    assert_matches(ten.argsort(x, descending=True), np.array([2, 6, 0, 3, 1, 5, 4]))
    u = np.array([0, 255, 7, 255], np.uint8)
    assert_matches(ten.sort(u, descending=True), np.array([255, 255, 7, 0], np.uint8))
    assert_matches(ten.argsort(u, descending=True), np.array([1, 3, 2, 0]))


def test_topk(rng):
    x = rng.uniform(size=(4, 50)).astype(np.float32)
    values, indices = ten.topk(x, 5)
    order = np.argsort(-x, axis=-1, kind="stable")[:, :5]
    assert_matches(indices, order)
    assert_matches(values, np.take_along_axis(x, order, axis=-1))
    values, indices = ten.topk(x, 3, axis=0, largest=False)
    order = np.argsort(x, axis=0, kind="stable")[:3]
    assert_matches(indices, order)
    assert_matches(values, np.take_along_axis(x, order, axis=0))
    # NaN counts as the largest, as in PyTorch.
    v, i = ten.topk(np.array([1.0, np.nan, 3.0]), 2)
    assert_matches(v, np.array([np.nan, 3.0]))
    assert_matches(i, np.array([1, 2]))
    assert ten.topk(x, 0)[0].shape == (4, 0)
    with pytest.raises(ValueError, match="topk"):
        ten.topk(x, 51)


def test_errors():
    x = np.ones((2, 3))
    with pytest.raises(np.exceptions.AxisError):
        ten.sort(x, axis=2)
    with pytest.raises(np.exceptions.AxisError):
        ten.sort(np.array(1.0))
    with pytest.raises(ValueError, match="kind"):
        ten.sort(x, kind="bogo")
    with pytest.raises(ValueError, match="order"):
        ten.sort(x, order="f")


def test_traced_and_numpy_dispatch(rng):
    x = rng.uniform(-1, 1, size=(5, 7)).astype(np.float32)

    @ten.jit
    def f(x):
        y = x * 2
        y.sort(axis=0)  # ndarray.sort: in place, as a value
        return np.sort(x), np.argsort(x, axis=0), x.argsort(), y, np.sort(x, axis=None)

    got = f(x)
    y = x * 2
    y.sort(axis=0)
    want = (np.sort(x), np.argsort(x, axis=0, kind="stable"), x.argsort(kind="stable"), y,
            np.sort(x, axis=None))
    for g, w in zip(got, want):
        assert_matches(g, w)


def test_median_of_sorted_rows(rng):
    # A sort inside a program: the middle of each sorted row.
    x = rng.uniform(size=(16, 101)).astype(np.float64)

    @ten.jit
    def median(x):
        return np.sort(x, axis=1)[:, 50]

    assert_matches(median(x), np.median(x, axis=1))


@pytest.mark.parametrize("dtype", [d for d in ALL_DTYPES if d.kind != "c"], ids=str)
def test_searchsorted_every_dtype(rng, dtype):
    a = np.sort(random_array(rng, (40,), dtype))
    v = random_array(rng, (3, 5), dtype)
    v.reshape(-1)[:4] = a[[0, 7, 7, 39]]  # equal elements: the sides differ
    for side in ("left", "right"):
        assert_matches(ten.searchsorted(a, v, side=side),
                       np.searchsorted(a, v, side=side))


def test_searchsorted_nan_scalars_sorter_and_promotion(rng):
    a = np.array([-np.inf, -1.0, 0.0, 0.0, 2.5, np.nan, np.nan], np.float32)
    v = np.array([np.nan, -np.inf, 0.0, -0.0, 3.0, -5.0], np.float32)
    for side in ("left", "right"):
        assert_matches(ten.searchsorted(a, v, side=side),
                       np.searchsorted(a, v, side=side))
        assert_matches(ten.searchsorted(a, 0.0, side=side),
                       np.searchsorted(a, 0.0, side=side))
    ints = np.array([1, 3, 3, 8], np.int16)
    assert_matches(ten.searchsorted(ints, 2.5), np.searchsorted(ints, 2.5))
    assert_matches(ten.searchsorted(ints, [3, 9], side="right"),
                   np.searchsorted(ints, [3, 9], side="right"))
    unsorted = rng.uniform(size=12)
    sorter = np.argsort(unsorted)
    assert_matches(ten.searchsorted(unsorted, [0.5, 0.1], sorter=sorter),
                   np.searchsorted(unsorted, [0.5, 0.1], sorter=sorter))
    assert_matches(ten.searchsorted(np.zeros(0), [1.0, 2.0]),
                   np.searchsorted(np.zeros(0), [1.0, 2.0]))

    @ten.jit
    def bins(x):
        edges = np.linspace(-1, 1, 9)
        return np.searchsorted(edges, x, side="right"), x.searchsorted(0.0)

    x = np.sort(rng.uniform(-1.2, 1.2, size=100))
    got = bins(x)
    assert_matches(got[0], np.searchsorted(np.linspace(-1, 1, 9), x, side="right"))
    assert_matches(got[1], x.searchsorted(0.0))


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_and_isin_complex(side):
    # NumPy's order of complex numbers: the real parts, then the imaginary
    # parts, a NaN part last (R + Rj, R + nanj, nan + Rj, nan + nanj).
    a = np.sort(np.array([2 + 1j, complex(np.nan, 0), 1 - 1j, complex(1, np.nan),
                          complex(np.nan, np.nan), -3 + 0j, 2 + 1j, 2 - 5j],
                         np.complex64))
    v = np.array([2 + 1j, 2 + 0.5j, -4 + 9j, 1 - 1j, complex(1, np.nan),
                  complex(np.nan, 1), 5 + 0j], np.complex64)
    assert_matches(ten.searchsorted(a, v, side=side),
                   np.searchsorted(a, v, side=side))
    assert_matches(ten.searchsorted(a.astype(np.complex128), 2.0, side=side),
                   np.searchsorted(a.astype(np.complex128), 2.0, side=side))
    # isin compares both parts; NaN is never among the test values.
    assert_matches(ten.isin(v, a), np.isin(v, a))
    assert_matches(ten.isin(v, a, invert=True), np.isin(v, a, invert=True))


def test_searchsorted_errors():
    with pytest.raises(ValueError, match="side must be"):
        ten.searchsorted(np.arange(3), 1, side="middle")
    with pytest.raises(ValueError, match="1-dimensional"):
        ten.searchsorted(np.ones((2, 2)), 1.0)
    with pytest.raises(IndexError, match="out of range"):
        ten.searchsorted(np.arange(3), 1, sorter=np.array([0, 1, 5]))
