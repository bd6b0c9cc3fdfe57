"""Gathering (take, take_along_axis) and advanced indexing of traced values
with integer arrays and constant boolean masks, checked against NumPy's:
every dtype, NumPy's placement rules for the indexed dimensions, negative
indices, every mode, and indices out of range (an error of the run)."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_take_every_dtype(rng, dtype):
    a = random_array(rng, (4, 5), dtype)
    i = np.array([[0, 3], [-1, 2]])
    assert_matches(ten.take(a, i, axis=1), np.take(a, i, axis=1))
    assert_matches(ten.take(a, i), np.take(a, i))
    assert_matches(ten.take(a, [3, 0, -4], axis=0), np.take(a, [3, 0, -4], axis=0))


def test_take_modes_and_scalars(rng):
    a = rng.uniform(size=(3, 7)).astype(np.float32)
    i = np.array([-20, -8, -7, -1, 0, 6, 7, 100])
    for mode in ("wrap", "clip"):
        assert_matches(ten.take(a, i, axis=1, mode=mode), np.take(a, i, axis=1, mode=mode))
    assert_matches(ten.take(a, 5), np.take(a, 5))
    assert_matches(ten.take(a, np.int32(-2), axis=1), np.take(a, np.int32(-2), axis=1))
    assert_matches(ten.take(a, np.array([], np.int64), axis=0),
                   np.take(a, np.array([], np.int64), axis=0))
    u = np.array([1, 2], np.uint8)
    assert_matches(ten.take(a, u, axis=1), np.take(a, u, axis=1))


def test_take_out_of_range_is_an_error_of_the_run(rng):
    a = rng.uniform(size=(3, 7)).astype(np.float32)
    with pytest.raises(Exception, match="out of range for dimension 1"):
        ten.take(a, np.array([0, 7]), axis=1)
    with pytest.raises(Exception, match="out of range for dimension 0"):
        ten.take(a, np.array([-4]), axis=0)
    # The process lives on: the next call runs.
    assert_matches(ten.take(a, np.array([2]), axis=0), np.take(a, [2], axis=0))
    e = np.zeros((0, 3), np.float32)
    with pytest.raises(Exception, match="empty"):
        ten.take(e, np.array([0]), axis=0, mode="clip")
    assert_matches(ten.take(e, np.array([], np.int64), axis=0, mode="wrap"),
                   np.take(e, np.array([], np.int64), axis=0, mode="wrap"))


def test_take_errors(rng):
    a = np.ones((2, 3))
    with pytest.raises(ValueError, match="clipmode"):
        ten.take(a, [0], mode="nearest")
    with pytest.raises(TypeError, match="same_kind"):
        ten.take(a, np.array([0.5]))
    with pytest.raises(np.exceptions.AxisError):
        ten.take(a, [0], axis=2)


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.complex64, np.bool_], ids=str)
def test_take_along_axis(rng, dtype):
    a = random_array(rng, (4, 6), dtype)
    order = np.argsort(rng.uniform(size=(4, 6)), axis=1)
    assert_matches(ten.take_along_axis(a, order, axis=1),
                   np.take_along_axis(a, order, axis=1))
    assert_matches(ten.take_along_axis(a, order[:, :2], axis=1),
                   np.take_along_axis(a, order[:, :2], axis=1))
    rows = np.array([[3], [0]])
    assert_matches(ten.take_along_axis(a, rows, axis=0), np.take_along_axis(a, rows, axis=0))
    # Broadcasting along the other dimensions, negative indices, axis=None.
    assert_matches(ten.take_along_axis(a, np.array([[-1, 0]]), axis=1),
                   np.take_along_axis(a, np.array([[-1, 0]]), axis=1))
    flat = np.array([0, 23, -1])
    assert_matches(ten.take_along_axis(a, flat, axis=None),
                   np.take_along_axis(a, flat, axis=None))
    with pytest.raises(Exception, match="out of range"):
        ten.take_along_axis(a, np.array([[6]]), axis=1)
    with pytest.raises(ValueError, match="same number of dimensions"):
        ten.take_along_axis(a, np.array([1]), axis=1)


def test_sort_values_through_indices(rng):
    # topk's values and argsort gathered back are NumPy's.
    x = rng.uniform(size=(5, 9)).astype(np.float32)

    @ten.jit
    def by_order(x):
        order = np.argsort(x, axis=1)
        return np.take_along_axis(x, order, axis=1)

    assert_matches(by_order(x), np.sort(x, axis=1))


SUBSCRIPTS = [
    np.array([0, 2, -1]),
    [1, 1, 0],
    (np.array([0, 1]), np.array([2, 3])),
    (slice(None), np.array([[0, 1], [3, 2]])),
    (np.array([1, 0]), slice(1, 3), np.array([0, 4])),      # not adjacent: first
    (slice(None), np.array([1, 0]), np.array([0, 4])),      # adjacent: in place
    (1, slice(None), np.array([2, 3])),                     # an integer counts
    (Ellipsis, np.array([4, 0])),
    (None, np.array([1]), slice(None)),
    (np.array([[0], [1]]), np.array([0, 2, 3])),            # broadcast together
    (np.array([True, False, True]),),
    (slice(None), np.array([True, False, False, True])),
    np.array([[True, False, True, False], [False] * 4, [True] * 4]),
    (np.array([], np.int64),),
    (np.array(2),),
    # An ellipsis of no dimensions parts the arrays: theirs go first.
    (slice(None), 1, Ellipsis, np.array([0, 4])),
    (slice(None, None, -1), np.array([[1], [2]]), Ellipsis, 2),
    (slice(10, None, -1), np.array([0, 1])),
]


@pytest.mark.parametrize("index", SUBSCRIPTS, ids=repr)
def test_advanced_indexing(rng, index):
    x = rng.uniform(size=(3, 4, 5)).astype(np.float32)

    @ten.jit
    def f(t):
        return t[index]

    assert_matches(f(x), x[index])


def test_traced_indices(rng):
    x = rng.uniform(size=(6, 4)).astype(np.float64)
    i = np.array([5, 0, -2])

    @ten.jit
    def f(x, i):
        return x[i], x[:, i[1:]], x[i[:2], i[1:] + 1], np.take(x, i, axis=0)

    got = f(x, i)
    want = (x[i], x[:, i[1:]], x[i[:2], i[1:] + 1], np.take(x, i, axis=0))
    for g, w in zip(got, want):
        assert_matches(g, w)
    with pytest.raises(Exception, match="out of range"):
        f(x, np.array([6, 0, 0]))


def test_advanced_indexing_errors(rng):
    x = np.zeros((3, 4), np.float32)
    with pytest.raises(IndexError, match="shape mismatch"):
        ten.jit(lambda t: t[np.array([0, 1]), np.array([0, 1, 2])])(x)
    # Traced masks, alone or with other indices: test_masks.py.
    with pytest.raises(IndexError, match="too many indices"):
        ten.jit(lambda t: t[np.array([0]), 0, 0])(x)
    with pytest.raises(IndexError, match="integer"):
        ten.jit(lambda t: t[np.array([0.5])])(x)
    with pytest.raises(Exception, match="out of range for dimension 0"):
        ten.jit(lambda t: t[np.array([0, 3])])(x)

    with pytest.raises(IndexError, match="boolean index did not match "
                       "indexed array along axis 1; size of axis is 4"):
        ten.jit(lambda t: t[:, np.array([True, False])])(x)
    # Arrays broadcast to nothing use no index, but an integer is checked.
    empty = np.zeros((3, 0, 2), np.float32)
    f = ten.jit(lambda t: t[np.array([], np.int64), np.array([0]), 1])
    assert f(empty).shape == (0,)
    with pytest.raises(IndexError, match="index 0 is out of bounds for "
                       "axis 1 with size 0"):
        ten.jit(lambda t: t[np.array([], np.int64), 0])(empty)

    # Assignments through index arrays are scatters: test_scatter.py.


def test_take_converts_indices_as_numpy():
    """NumPy's take converts its indices to intp by the rule 'same_kind':
    booleans are 0 and 1, an array of floats is a TypeError, and Python
    floats (alone or in lists) are truncated."""
    a = np.arange(3) * 1.5
    for indices in ([1.5], np.array([True, False]), [True, False],
                    np.float64(1.0), [[0, 2], [1, 1]], np.array([-1, 2])):
        assert_matches(np.asarray(ten.take(a, indices)), np.take(a, indices))
    with pytest.raises(TypeError, match="same_kind"):
        np.take(a, np.array([1.5]))
    with pytest.raises(TypeError, match="same_kind"):
        ten.take(a, np.array([1.5]))

    @ten.jit
    def traced(x, i):
        return ten.take(x, i > 0)

    i = np.array([1, 0, 2])
    assert_matches(traced(a, i), np.take(a, i > 0))
