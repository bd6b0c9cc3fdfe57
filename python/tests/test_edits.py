"""NumPy's delete, insert and resize against NumPy, on arrays and in traced
programs, with NumPy's errors."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array

A = np.arange(12).reshape(3, 4)
MASK = np.arange(12) % 5 == 0


@pytest.mark.parametrize("args", [
    (1,), (-1,), ([0, 2, 2],), (slice(0, None, 3),), (MASK,), ([],),
    (1, 0), ([0, 2], 1), (slice(1, 3), 1), (-1, 0), (np.array([1, 3]), -1),
], ids=str)
def test_delete(args):
    assert_matches(ten.delete(A, *args), np.delete(A, *args))


@pytest.mark.parametrize("args", [
    (1, 99), (12, 3), (0, [7, 8]), ([1, 2], [7, 8]), (2, [[5], [6], [7]], 1),
    (1, [1, 2, 3, 4], 0), (1, 5.7, 0), ([0, 4], np.array([-1, -2]), 1),
    (slice(0, 2), 0, 1), (-1, [[1], [2], [3]], 1), ([3, 1], [[10], [20]], 0),
], ids=str)
def test_insert(args):
    assert_matches(ten.insert(A, *args), np.insert(A, *args))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_every_dtype(rng, dtype):
    a = random_array(rng, (3, 5), dtype)
    values = random_array(rng, (3,), dtype)
    assert_matches(ten.delete(a, [1, 3], axis=1), np.delete(a, [1, 3], axis=1))
    assert_matches(ten.insert(a, 2, values, axis=1),
                   np.insert(a, 2, values, axis=1))
    assert_matches(ten.resize(a, (4, 6)), np.resize(a, (4, 6)))


@pytest.mark.parametrize("shape", [(2, 3), (5,), (0,), (4, 4), 7, (2, 0, 3)],
                         ids=str)
def test_resize(shape):
    assert_matches(ten.resize(A, shape), np.resize(A, shape))


def test_resize_of_empty_is_zeros():
    empty = np.zeros((0, 2), np.float32)
    assert_matches(ten.resize(empty, (2, 3)), np.resize(empty, (2, 3)))


def test_errors_are_numpys():
    with pytest.raises(IndexError, match="out of bounds"):
        ten.delete(A, 5, axis=0)
    with pytest.raises(np.exceptions.AxisError):
        ten.insert(A, 0, 1, axis=2)
    with pytest.raises(ValueError, match="non-negative"):
        ten.resize(A, (-1, 2))


def test_traced():
    @ten.jit
    def edit(a):
        return (ten.delete(a, [0, 2], axis=1), ten.insert(a, 1, 7.5),
                ten.resize(a, (5, 5)))

    got = edit(A)
    want = (np.delete(A, [0, 2], axis=1), np.insert(A, 1, 7.5),
            np.resize(A, (5, 5)))
    for g, w in zip(got, want):
        assert_matches(g, w)


def test_traced_positions_are_refused():
    @ten.jit
    def edit(a, positions):
        return ten.delete(a, positions)

    with pytest.raises(NotImplementedError, match="traced positions"):
        edit(A, np.array([1]))
