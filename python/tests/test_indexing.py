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
    # Backward slices of nothing whose start lies before element 0.
    (slice(-10, None, -2),),
    (slice(1, 3), slice(-7, -7, -1)),
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


# Bounds of every sign, inside, past either end, and crossing.
TRACED_BOUNDS = [(3, -2), (-100, 100), (5, 2), (-1, -8), (0, 0), (8, 9),
                 (-3, None), (None, -3)]


@pytest.mark.parametrize("i,j", TRACED_BOUNDS, ids=repr)
def test_traced_slice_bounds(i, j):
    """Starts and stops computed in the program mean what NumPy's mean, for
    any step: ten.slice with bounds of run time, a result of dynamic size."""
    x = np.arange(8 * 5, dtype=np.float32).reshape(8, 5)

    def windows(a, i, j):
        return (a[i:j], a[j:i:-1], a[i::2, :j], a[:j:-3, i:], a[i:j, 1])

    @ten.jit
    def f(a, i, j):
        return windows(a, i, j)

    given = [None if b is None else np.int64(b) for b in (i, j)]
    traced = [np.int64(0) if b is None else b for b in given]
    # A bound left out stays out: trace with the same Nones.
    g = ten.jit(lambda a, *b: windows(
        a, *(None if v is None else b[k] for k, v in enumerate(given))))
    for got, want in zip(g(x, *traced), windows(x, i, j)):
        assert_matches(got, want)
    if i is not None and j is not None:
        for got, want in zip(f(x, *given), windows(x, i, j)):
            assert_matches(got, want)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.uint32,
                                   np.int64])
def test_traced_bound_dtypes(dtype):
    x = np.arange(10.0)
    f = ten.jit(lambda a, i: a[i:i + 3])
    assert_matches(f(x, dtype(2)), x[2:5])
    assert "ten.slice" in f.ir(x, dtype(2))


@pytest.mark.parametrize("bound,message", [
    (np.bool_(True), "traced bool array"),
    (np.float64(1.0), "traced float64 array"),
    (np.array([1, 2]), r"of shape \(2,\)"),
    (np.uint64(1), "uint64"),
], ids=repr)
def test_traced_bound_errors(bound, message):
    """NumPy takes integers alone as slice bounds (TypeError otherwise)."""
    with pytest.raises(TypeError, match=message):
        ten.jit(lambda a, i: a[i:])(np.arange(4.0), bound)


def test_traced_step_is_refused():
    with pytest.raises(IndexError, match="step is a traced value"):
        ten.jit(lambda a, i: a[::i])(np.arange(4.0), np.int64(2))


@pytest.mark.parametrize("i", [0, 2, -3, 7, -8])
def test_assignment_at_traced_bounds(i):
    """`x[i:i + 2] = v` for a computed i: a value broadcast to the slice when
    the program runs (NumPy's rules), as a scalar, a row, or a block."""
    x = np.arange(8 * 5, dtype=np.float32).reshape(8, 5)

    @ten.jit
    def f(a, i, s):
        y = a.copy()
        y[i:i + 2] = s
        z = a.copy()
        z[i:] = np.arange(5)
        w = a.copy()
        w[-2:i:-1, 1] = -1
        return y, z, w

    want_y, want_z, want_w = x.copy(), x.copy(), x.copy()
    want_y[i:i + 2] = np.float32(2.5)
    want_z[i:] = np.arange(5)
    want_w[-2:i:-1, 1] = -1
    for got, want in zip(f(x, np.int64(i), np.float32(2.5)),
                         (want_y, want_z, want_w)):
        assert_matches(got, want)


def test_assignment_at_traced_bounds_checks_sizes():
    """A block that does not fit the slice the bounds select fails the run
    as NumPy's assignment does (ValueError), the process lives on."""
    x = np.zeros((8, 5), np.float32)

    @ten.jit
    def f(a, i):
        y = a.copy()
        y[i:i + 2, 1:3] = np.ones((2, 2), np.float32)
        return y

    assert_matches(f(x, np.int64(6)),
                   np.pad(np.ones((2, 2), np.float32), ((6, 0), (1, 2))))
    for i in (7, 20):
        with pytest.raises(ValueError, match="does not have the size of the slice"):
            f(x, np.int64(i))
        with pytest.raises(ValueError):
            x.copy()[i:i + 2, 1:3] = np.ones((2, 2))
    with pytest.raises(ValueError, match="could not broadcast"):
        ten.jit(lambda a, i: a.__setitem__(slice(i, None), np.ones(3)))(
            x, np.int64(2))


def test_dynamic_dimensions():
    """A dimension of the data's size (a masked read) takes every basic
    index: slices worked out when the program runs, integers checked then
    (IndexError where out of range, as NumPy)."""
    x = np.arange(40, dtype=np.float32).reshape(8, 5)

    def reads(a):
        v = a[a > 10]
        return (v[2:5], v[-1], v[::-3], v[1], v[None, -4:], v[:5], v[0:],
                v[:-2], v[:100])

    def writes(a):
        v = a[a > 10]
        v[-1] = 0
        v[2:4] = 5
        v[::-7] = -1
        v[:2] = 9
        return v

    for got, want in zip(ten.jit(reads)(x), reads(x)):
        assert_matches(got, want)
    assert_matches(ten.jit(writes)(x), writes(x.copy()))
    empty = np.zeros((8, 5), np.float32)
    with pytest.raises(IndexError):
        ten.jit(reads)(empty)
    with pytest.raises(IndexError):
        ten.jit(writes)(empty)
    with pytest.raises(IndexError):
        reads(empty)


@pytest.mark.parametrize("i", [1, -2, 9])
def test_traced_bounds_with_index_arrays(i):
    """Slices of traced bounds combine with index arrays, reading and
    writing (a scalar broadcast to a selection of run-time size)."""
    x = np.arange(8 * 5, dtype=np.float32).reshape(8, 5)
    rows = np.array([0, 2, 2])

    @ten.jit
    def f(a, i):
        y = a.copy()
        y[rows, i:] = 1
        return a[rows, i:], a[i:, [4, 0]], y

    want_y = x.copy()
    want_y[rows, i:] = 1
    for got, want in zip(f(x, np.int64(i)), (x[rows, i:], x[i:, [4, 0]], want_y)):
        assert_matches(got, want)
