"""NumPy's shape functions built from reshape, transpose and broadcast."""

import numpy as np
import pytest

import ten

from conftest import assert_matches


@pytest.fixture
def a():
    return np.arange(24, dtype=np.float32).reshape(2, 1, 3, 4)


def test_squeeze(a):
    assert_matches(ten.squeeze(a), np.squeeze(a))
    assert_matches(ten.squeeze(a, axis=1), np.squeeze(a, axis=1))
    assert_matches(ten.squeeze(a, axis=(-3,)), np.squeeze(a, axis=(-3,)))
    with pytest.raises(ValueError):
        ten.squeeze(a, axis=0)
    with pytest.raises(np.exceptions.AxisError):
        ten.squeeze(a, axis=4)


@pytest.mark.parametrize("axis", [0, 2, -1, (0, 3), (-1, 1)])
def test_expand_dims(a, axis):
    assert_matches(ten.expand_dims(a, axis), np.expand_dims(a, axis))


def test_swapaxes_moveaxis(a):
    assert_matches(ten.swapaxes(a, 0, -1), np.swapaxes(a, 0, -1))
    assert_matches(ten.moveaxis(a, 0, -1), np.moveaxis(a, 0, -1))
    assert_matches(ten.moveaxis(a, [0, 1], [-1, -2]), np.moveaxis(a, [0, 1], [-1, -2]))
    assert_matches(ten.moveaxis(a, [3, 0], [0, 2]), np.moveaxis(a, [3, 0], [0, 2]))
    with pytest.raises(ValueError):
        ten.moveaxis(a, [0, 1], [2])


def test_ravel_and_methods(a):
    assert_matches(ten.ravel(a), np.ravel(a))

    @ten.jit
    def f(x):
        return x.flatten(), x.ravel(), x.squeeze(), x.swapaxes(0, 2)

    for got, want in zip(f(a), (a.flatten(), a.ravel(), a.squeeze(), a.swapaxes(0, 2))):
        assert_matches(got, want)


def test_atleast():
    for value in (np.float64(3.0), np.arange(3.0), np.ones((2, 3))):
        assert_matches(ten.atleast_1d(value), np.atleast_1d(value))
        assert_matches(ten.atleast_2d(value), np.atleast_2d(value))
        assert_matches(ten.atleast_3d(value), np.atleast_3d(value))


def test_broadcast_shapes_and_arrays():
    assert ten.broadcast_shapes((3, 1), (4,)) == np.broadcast_shapes((3, 1), (4,))
    x, y = np.arange(3.0)[:, None], np.arange(4.0)
    for got, want in zip(ten.broadcast_arrays(x, y), np.broadcast_arrays(x, y)):
        assert_matches(got, want)


@pytest.mark.parametrize("reps", [2, (2, 1), (1, 3), (2, 2, 2), 0])
def test_tile(reps):
    x = np.arange(6).reshape(2, 3)
    assert_matches(ten.tile(x, reps), np.tile(x, reps))


@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("repeats", [0, 1, 3])
def test_repeat(axis, repeats):
    x = np.arange(6, dtype=np.int16).reshape(2, 3)
    assert_matches(ten.repeat(x, repeats, axis=axis), np.repeat(x, repeats, axis=axis))


@pytest.mark.parametrize("axis,counts", [(None, [1, 0, 2, 3, 0, 1]), (0, [2, 0]),
                                         (1, [0, 3, 1]), (-1, [2]), (0, np.array([1, 1]))])
def test_repeat_per_element_counts(axis, counts):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert_matches(ten.repeat(x, counts, axis=axis), np.repeat(x, counts, axis=axis))

    @ten.jit
    def traced(x):
        return (x * 2).repeat(counts, axis=axis)

    assert_matches(traced(x), np.repeat(x * 2, counts, axis=axis))


def test_repeat_count_errors():
    with pytest.raises(ValueError, match="negative"):
        ten.repeat(np.arange(3), [1, -1, 2])
    with pytest.raises(ValueError, match="could not be broadcast"):
        ten.repeat(np.arange(3), [1, 2])
    with pytest.raises(TypeError, match="integers"):
        ten.repeat(np.arange(3), [1.5, 2, 1])

    @ten.jit
    def traced_counts(x, counts):
        return np.repeat(x, counts)

    with pytest.raises(NotImplementedError, match="traced counts"):
        traced_counts(np.arange(3), np.array([1, 2, 3]))


def test_sequence_parameters_as_lists():
    x = np.arange(6).reshape(2, 3)
    assert_matches(ten.tile(x, [2, 1]), np.tile(x, [2, 1]))
    assert_matches(ten.moveaxis(x, [0], [1]), np.moveaxis(x, [0], [1]))
    assert_matches(ten.expand_dims(x, [0, 3]), np.expand_dims(x, (0, 3)))
    assert_matches(ten.squeeze(x[None], [0]), np.squeeze(x[None], (0,)))
