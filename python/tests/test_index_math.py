"""unravel_index, ravel_multi_index, choose, block, unstack, fill_diagonal
and NumPy's dtype queries on traced values against NumPy's; positions out
of range fail the run with an error that is NumPy's ValueError."""

import numpy as np
import pytest

import ten

from conftest import assert_matches


def _same(function, *args):
    want = function(*(np.array(a, copy=True) for a in args))
    got = ten.jit(function)(*args)
    want = want if isinstance(want, tuple) else (want,)
    got = got if isinstance(got, tuple) else (got,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert_matches(np.asarray(g), w)


@pytest.mark.parametrize("order", ["C", "F"])
def test_flat_positions(order):
    flat = np.array([22, 41, 37, 0])
    _same(lambda i: np.unravel_index(i, (7, 6), order=order), flat)
    _same(lambda i: np.unravel_index(i, (2, 3, 7), order=order), flat)
    _same(lambda i: np.unravel_index(i, 42, order=order), flat)
    rows, columns = np.array([3, 6, 6, 0]), np.array([4, 5, 1, 0])
    _same(lambda r, c: np.ravel_multi_index((r, c), (7, 6), order=order),
          rows, columns)
    _same(lambda r, c: np.ravel_multi_index((r, c), (7, 6), mode="wrap",
                                            order=order),
          np.array([3, 7, -1]), np.array([4, -1, 13]))
    _same(lambda r, c: np.ravel_multi_index((r, c), (7, 6),
                                            mode=("clip", "wrap"),
                                            order=order),
          np.array([3, 9, -5]), np.array([4, -1, 2]))


def test_flat_position_errors():
    with pytest.raises(ValueError, match="out of range"):
        ten.jit(lambda i: np.unravel_index(i, (2, 2)))(np.array([5]))
    with pytest.raises(ValueError, match="out of range"):
        ten.jit(lambda r, c: np.ravel_multi_index((r, c), (2, 2)))(
            np.array([0]), np.array([2]))
    with pytest.raises(TypeError, match="int indices"):
        ten.jit(lambda i: np.unravel_index(i, (2, 2)))(np.array([1.0]))
    with pytest.raises(ValueError, match="clipmode"):
        ten.jit(lambda r, c: np.ravel_multi_index((r, c), (2, 2),
                                                  mode="nearest"))(
            np.array([0]), np.array([1]))


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_choose(mode):
    index = np.array([[0, 1, 2, 1], [2, 2, 0, 0]])
    if mode != "raise":
        index = index * 2 - 1
    choices = [np.arange(4), np.arange(4) * 10.0, np.full(4, 100)]
    _same(lambda i: np.choose(i, choices, mode=mode), index)
    _same(lambda i, c: np.choose(i, [c, -c, 7], mode=mode), index,
          np.arange(8.0).reshape(2, 4))


def test_choose_errors():
    with pytest.raises(ValueError, match="out of range"):
        ten.jit(lambda i: np.choose(i, [np.zeros(2), np.ones(2)]))(
            np.array([0, 2]))


def test_block_and_unstack():
    a = np.arange(4.0).reshape(2, 2)
    _same(lambda x: np.block([[x, np.zeros((2, 1))], [np.ones((1, 3))]]), a)
    _same(lambda x: np.block([x[0], x[1], 5.0 * np.ones(1)]), a)
    _same(lambda x: np.block([[[x]], [[x]]]), a)
    t = np.arange(24.0).reshape(2, 3, 4)
    for axis in (0, 1, -1):
        _same(lambda x: np.unstack(x, axis=axis), t)


@pytest.mark.parametrize("shape, wrap", [((3, 3), False), ((7, 3), True),
                                         ((7, 3), False), ((3, 3, 3), False),
                                         ((2, 5), False)])
def test_fill_diagonal(shape, wrap):
    def fill(a, v):
        b = a.copy()
        np.fill_diagonal(b, v, wrap=wrap)
        return b

    a = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
    _same(lambda x: fill(x, 5.0), a)
    _same(lambda x: fill(x, [1.0, 2.0]), a)
    _same(fill, a, np.float64(-1.0))
    with pytest.raises(ValueError, match="equal length"):
        ten.jit(lambda x: fill(x, 1.0))(np.zeros((2, 3, 4)))


def test_dtype_queries():
    assert ten.result_type(np.int8, np.float32) == np.float32
    assert ten.promote_types("i4", "u4") == np.int64
    assert not ten.can_cast(np.float64, np.int32)


def test_ix_():
    a = np.arange(24).reshape(4, 6)
    for rows, cols in [([0, 2], [1, 0, 5]), ([True, False, True, True],
                                            [5]), ([], [1, 2])]:
        want = a[np.ix_(rows, cols)]
        assert_matches(ten.jit(lambda x: x[np.ix_(rows, cols)])(a), want)
    # Traced booleans: the positions where they hold.
    assert_matches(ten.jit(lambda x: x[np.ix_(x[:, 0] > 5, x[0] % 2 == 0)])(a),
                   a[np.ix_(a[:, 0] > 5, a[0] % 2 == 0)])
    for got, want in zip(ten.ix_([1, 2], [3]), np.ix_([1, 2], [3])):
        np.testing.assert_array_equal(got, want)
    with pytest.raises(ValueError, match="Cross index must be 1 dimensional"):
        ten.ix_(np.zeros((2, 2), int))
