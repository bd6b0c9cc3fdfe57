"""unique (the flattened array's distinct values, and on request their
first positions, the inverse and the counts) against NumPy's, on every
dtype, NaNs, empty and 0-d arrays, and inside @ten.jit."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _assert_all_match(got, want):
    assert isinstance(got, tuple) and len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(g, w)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_unique_every_dtype(rng, dtype):
    # Few distinct values: repeats in every run.
    a = random_array(rng, (6, 7), dtype)
    a = a.reshape(-1)[rng.integers(0, 5, size=42)].reshape(6, 7)
    assert_matches(ten.unique(a), np.unique(a))
    _assert_all_match(ten.unique(a, True, True, True),
                      np.unique(a, True, True, True))


def test_unique_nans_empty_and_0d():
    x = np.array([np.nan, 1.0, -0.0, np.nan, 0.0, np.inf, 1.0], np.float32)
    for equal_nan in (True, False):
        _assert_all_match(
            ten.unique(x, True, True, True, equal_nan=equal_nan),
            np.unique(x, True, True, True, equal_nan=equal_nan))
    empty = np.zeros((0, 3), np.int16)
    _assert_all_match(ten.unique(empty, True, True, True),
                      np.unique(empty, True, True, True))
    assert_matches(ten.unique(np.array(4.5)), np.unique(np.array(4.5)))
    with pytest.raises(NotImplementedError, match="empty slices"):
        ten.unique(np.ones((0, 2)), axis=0)


@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("dtype", [np.int64, np.float32, np.uint8, np.bool_])
def test_unique_along_axis(rng, axis, dtype):
    """The distinct slices along `axis`, sorted lexicographically, with
    their first positions, each slice's index and the counts; slices
    holding NaN never equal (NumPy's)."""
    a = rng.integers(0, 2, size=(2, 7, 3)).astype(dtype)
    _assert_all_match(ten.unique(a, True, True, True, axis=axis),
                      np.unique(a, True, True, True, axis=axis))
    assert_matches(ten.unique(a[0], axis=axis % 2),
                   np.unique(a[0], axis=axis % 2))
    traced = ten.jit(lambda x: np.unique(x, return_counts=True, axis=axis))
    _assert_all_match(traced(a), np.unique(a, return_counts=True, axis=axis))
    with_nan = np.array([[1.0, np.nan], [1.0, np.nan], [0.0, 1.0]])
    _assert_all_match(ten.unique(with_nan, True, True, True, axis=0),
                      np.unique(with_nan, True, True, True, axis=0))


def test_unique_inside_jit(rng):
    x = rng.integers(0, 30, size=(40, 25))

    @ten.jit
    def histogram(x):
        values, counts = np.unique(x % 7, return_counts=True)
        return values, counts, counts.sum()

    want = np.unique(x % 7, return_counts=True)
    got = histogram(x)
    assert_matches(got[0], want[0])
    assert_matches(got[1], want[1])
    assert_matches(got[2], x.size)

    @ten.jit
    def inverse(x):
        return np.unique(x, return_inverse=True)[1]

    assert_matches(inverse(x), np.unique(x, return_inverse=True)[1])
