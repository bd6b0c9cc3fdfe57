"""Assignment to NumPy's basic indexing of traced values (`x[index] = v`,
`x[index] += v`) with value semantics, and the in-place operators, checked
against NumPy doing the same to a copy."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array


def _numpy_set(x, index, value):
    y = x.copy()
    y[index] = value
    return y


@pytest.mark.parametrize("index, value", [
    (0, 7.0),
    (-1, np.arange(5.0)),
    ((slice(1, 5, 2), slice(None)), 1.5),
    ((Ellipsis, 2), np.arange(6.0)),
    ((slice(None, None, -1), slice(4, 0, -2)), np.arange(12.0).reshape(6, 2)),
    ((slice(None), None, 1), np.ones((6, 1))),
    ((2, slice(-2, None)), [3.0, 4.0]),
    ((slice(10, 20),), 1.0),
    (Ellipsis, 2.0),
    ((slice(None, None, 2), slice(None, None, -1)), np.arange(5.0)),
], ids=repr)
def test_assign(index, value):
    x = np.arange(30.0).reshape(6, 5)

    @ten.jit
    def f(t):
        t[index] = value
        return t

    assert_matches(f(x), _numpy_set(x, index, value))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_assign_every_dtype(dtype):
    rng = np.random.default_rng(0)
    x = random_array(rng, (4, 3), dtype)
    v = random_array(rng, (2, 3), dtype)

    @ten.jit
    def f(t, u):
        t[::-2] = u
        return t

    assert_matches(f(x, v), _numpy_set(x, slice(None, None, -2), v))


def test_value_semantics_and_traced_values():
    x = np.arange(12.0).reshape(3, 4)

    @ten.jit
    def f(t, u):
        before = t[1]         # keeps its value: a value, not a view
        t[1] = u * 2.0
        t[0, ::2] += t[2, 1::2]
        return t, before

    original = x.copy()
    got, before = f(x, np.full(4, 5.0))
    # The caller's array is read, never written.
    np.testing.assert_array_equal(x, original)
    want = x.copy()
    want[1] = 10.0
    want[0, ::2] += want[2, 1::2]
    assert_matches(got, want)
    assert_matches(before, x[1])


def test_assignment_converts_as_numpy_does():
    x = np.zeros((2, 3), dtype=np.int32)

    @ten.jit
    def f(t, u):
        t[0] = u              # float64 into int32: truncated
        t[1, 1] = True
        return t

    u = np.array([1.7, -2.5, 3.2])
    assert_matches(f(x, u), _numpy_set(_numpy_set(x, 0, u), (1, 1), True))
    with pytest.raises(OverflowError, match="out of bounds for int8"):
        ten.jit(lambda t: t.__setitem__(0, 300))(np.zeros(2, np.int8))
    with pytest.raises(ValueError, match="could not broadcast"):
        ten.jit(lambda t: t.__setitem__(slice(None), np.ones(3)))(np.zeros(2))


def test_inplace_operators():
    x = np.arange(6, dtype=np.int64).reshape(2, 3)

    @ten.jit
    def f(t):
        t += 2
        t *= 3
        t //= 2
        t <<= 1
        t ^= 5
        return t

    want = x.copy()
    want += 2
    want *= 3
    want //= 2
    want <<= 1
    want ^= 5
    assert_matches(f(x), want)

    @ten.jit
    def g(t):
        t /= 2
        return t

    with pytest.raises(TypeError, match="Cannot cast ufunc 'divide' output from float64 to int64"):
        g(x)
    with pytest.raises(ValueError, match="non-broadcastable output operand"):
        ten.jit(lambda t: t.__iadd__(np.ones((2, 2, 3))))(x)
    floats = np.ones(3, np.float32)

    @ten.jit
    def h(t):
        t -= 0.5
        t **= 2
        return t

    got = h(floats)
    assert got.dtype == np.float32
    assert_matches(got, (floats - 0.5) ** 2)


def _same_as_numpy(function, *args):
    want = function(*(np.array(a, copy=True) for a in args))
    got = ten.jit(function)(*args)
    want = want if isinstance(want, tuple) else (want,)
    got = got if isinstance(got, tuple) else (got,)
    for g, w in zip(got, want):
        assert_matches(np.asarray(g), w)


def test_writes_through_views():
    """Basic indexing gives views, as NumPy's: an in-place update of one
    (assignment, masks, in-place operators, sort) updates the array it
    views, through views of views; other names of an array see its
    in-place operators."""
    x = np.random.default_rng(3).normal(size=(4, 5))

    def chained(a):
        y = a.copy()
        y[1:3][a[1:3] > 0] = 0
        y[0][:] = 3
        y[3, :2].sort()
        return y

    def row(a):
        y = a.copy()
        r = y[2]
        r[1] = 9
        r += 1
        return y, r

    def nested(a):
        y = a.copy()
        v = y[:, 1:4][::2]
        v *= -1
        v[0, 0] = 100
        return y, v

    def aliases(a):
        b = a.copy()
        c = b
        c += 1
        return b, c

    def loop(a):
        y = np.zeros_like(a)
        for i in range(4):
            y[i] += a[i] * i
        return y

    for function in (chained, row, nested, aliases, loop):
        _same_as_numpy(function, x)


# ---------------------------------------------------------------------------
# putmask, place, copyto
# ---------------------------------------------------------------------------


def _updated(function, a, *args, **kwargs):
    """NumPy's in-place `function` on a copy of `a`: the copy."""
    a = a.copy()
    function(a, *args, **kwargs)
    return a


@pytest.mark.parametrize("values", [[7], [1.5, -2], [True], np.arange(20)])
def test_putmask_and_place(values):
    a = np.arange(12).reshape(3, 4)
    mask = (a % 3) == 1
    for name in ("putmask", "place"):
        want = _updated(getattr(np, name), a, mask, values)

        def traced(x, m, name=name):
            getattr(np, name)(x, m, values)
            return x

        assert_matches(ten.jit(traced)(a, mask), want)
        assert_matches(_updated(getattr(ten, name), a, mask, values), want)


def test_putmask_place_edges():
    a = np.arange(5.0)
    mask = a > 2
    # No values: putmask changes nothing, place refuses where a mask holds.
    assert_matches(_updated(ten.putmask, a, mask, []), a)
    assert_matches(_updated(ten.place, a, np.zeros(5, bool), []), a)
    with pytest.raises(ValueError, match="empty array"):
        ten.place(a.copy(), mask, [])
    with pytest.raises(ValueError, match="mask and data must be the same"):
        ten.putmask(a.copy(), mask[:3], [1])
    # A mask of the array's size in another shape is NumPy's too.
    matrix = np.arange(6).reshape(2, 3)
    for name in ("putmask", "place"):
        assert_matches(
            _updated(getattr(ten, name), matrix, np.arange(6) % 2 == 0, [9]),
            _updated(getattr(np, name), matrix, np.arange(6) % 2 == 0, [9]))
    with pytest.raises(ValueError, match="mask and data must be the same"):
        ten.place(a.copy(), mask[:3], [1])


def test_copyto():
    dst = np.zeros((2, 3))

    def traced(d, s, w):
        np.copyto(d, s, where=w)
        return d

    src, where = np.array([1.0, 2, 3]), np.array([[True], [False]])
    assert_matches(ten.jit(traced)(dst, src, where),
                   _updated(np.copyto, dst, src, where=where))

    def whole(d, s):
        np.copyto(d, s)
        return d

    assert_matches(ten.jit(whole)(dst, np.int32(4)),
                   _updated(np.copyto, dst, np.int32(4)))
    with pytest.raises(TypeError, match="Cannot cast array data"):
        ten.jit(whole)(np.zeros(3, np.int64), np.ones(3))
    assert_matches(_updated(ten.copyto, dst, [5, 6, 7]),
                   _updated(np.copyto, dst, [5, 6, 7]))
