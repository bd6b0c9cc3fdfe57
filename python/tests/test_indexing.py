"""NumPy's basic indexing of traced values: integers, slices with any step,
None and `...`, checked against NumPy's own indexing."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches, random_array

SUBSCRIPTS = [
    0,
    -1,
    (1, 2),
    (slice(None), 2),
    (Ellipsis, 1),
    (None,),
    (None, Ellipsis, None),
    (slice(None, None, 2),),
    (slice(None, None, -1),),
    (slice(-2, None), slice(None, None, -2), 0),
    (slice(5, 1, -2), None, slice(1, -1)),
    (slice(10, -10, -3),),
    (slice(1, 1), Ellipsis),
    (slice(-100, 100), slice(3, 0, -1), slice(None, None, 3)),
    (0, 0, 0),
    (Ellipsis,),
    (np.int64(-2), np.int32(1)),
    (slice(None), None, 1, None),
    (),
]


@pytest.mark.parametrize("index", SUBSCRIPTS, ids=repr)
def test_basic_indexing(index):
    x = np.arange(6 * 4 * 5, dtype=np.float32).reshape(6, 4, 5)

    @ten.jit
    def f(t):
        return t[index]

    assert_matches(f(x), x[index])


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_every_dtype(dtype):
    x = random_array(np.random.default_rng(0), (5, 3), dtype)

    @ten.jit
    def f(t):
        return t[::-2, 1:], t[3], t[-1, ::-1]

    for got, want in zip(f(x), (x[::-2, 1:], x[3], x[-1, ::-1])):
        assert_matches(got, want)


def test_chained_and_fused():
    x = np.random.default_rng(1).standard_normal((8, 8)).astype(np.float32)

    @ten.jit
    def f(t):
        return t[1:, ::2] * t[:-1, 1::2] + t[::-1][2:6, ::2].sum(axis=0)

    assert_matches(f(x), x[1:, ::2] * x[:-1, 1::2] + x[::-1][2:6, ::2].sum(axis=0))


def test_zero_dimensional_and_empty():
    s = np.array(3.5, dtype=np.float64)
    e = np.zeros((0, 3), dtype=np.int32)

    @ten.jit
    def f(t, u):
        return t[()], t[None], t[...], u[:, 1], u[::-1]

    for got, want in zip(f(s, e), (s[()], s[None], s[...], e[:, 1], e[::-1])):
        assert_matches(got, want)


def test_iteration_and_len():
    x = np.arange(6.0).reshape(3, 2)

    @ten.jit
    def f(t):
        assert len(t) == 3
        a, b, c = t
        return a + c - b

    assert_matches(f(x), x[0] + x[2] - x[1])


@pytest.mark.parametrize(
    "index, error, message",
    [
        (6, IndexError, "index 6 is out of bounds for axis 0 with size 6"),
        ((0, -5), IndexError, "index -5 is out of bounds for axis 1 with size 4"),
        ((0, 0, 0, 0), IndexError,
         "too many indices for array: array is 3-dimensional, but 4 were indexed"),
        ((Ellipsis, Ellipsis), IndexError, "an index can only have a single ellipsis"),
        (slice(None, None, 0), ValueError, "slice step cannot be zero"),
        ("a", IndexError, "only integers, slices"),
        (1.5, IndexError, "only integers, slices"),
    ],
    ids=repr,
)
def test_errors(index, error, message):
    x = np.zeros((6, 4, 5), dtype=np.float32)
    with pytest.raises(error, match=message.replace("(", r"\(")):
        ten.jit(lambda t: t[index])(x)
    # NumPy refuses the same subscripts.
    with pytest.raises(error):
        x[index]


def test_zero_dimensional_errors():
    s = np.array(1.0, dtype=np.float32)
    with pytest.raises(TypeError, match="len"):
        ten.jit(lambda t: len(t))(s)
    with pytest.raises(TypeError, match="iteration over a 0-d array"):
        ten.jit(lambda t: list(t))(s)
    with pytest.raises(IndexError, match="too many indices"):
        ten.jit(lambda t: t[0])(s)


def test_traced_program():
    """A subscript is one ten.slice, and a ten.reshape only where integers
    drop dimensions or None adds them."""
    x = np.zeros((8, 8), dtype=np.float32)
    f = ten.jit(lambda t: t[1::2, ::-1])
    ir = f.ir(x)
    assert ir.count("ten.slice") == 1 and "ten.reshape" not in ir
    ir = ten.jit(lambda t: t[:, 2]).ir(x)
    assert ir.count("ten.slice") == 1 and ir.count("ten.reshape") == 1
    assert "ten.slice" not in ten.jit(lambda t: t[:, ...]).ir(x)


def test_traced_slice_bounds_say_what_to_do():
    """A slice bounded by traced values would have the data's size: the
    error names the window of static size that works."""
    x = np.arange(10.0)
    with pytest.raises(IndexError, match="bounds are traced values"):
        ten.jit(lambda a, i: a[i:i + 3])(x, np.int64(2))
    window = ten.jit(lambda a, i: ten.take(a, i + ten.arange(3), 0,
                                           mode="clip"))
    np.testing.assert_array_equal(window(x, np.int64(8)), [8.0, 9.0, 9.0])
