"""select, isin, extract, compress, partition and argpartition against
NumPy's: dtypes and promotion, NaN, empty test sets, conditions longer
than the axis, and inside @ten.jit."""

import numpy as np
import pytest

import ten

from conftest import assert_matches


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _same(got, want):
    got = np.asarray(got)
    assert got.shape == np.shape(want) and got.dtype == np.asarray(want).dtype
    assert_matches(got, want)


def test_select(rng):
    x = rng.normal(size=(4, 5)).astype(np.float32)
    cases = [([x < -0.5, x > 0.5], [x * 2, x * 3], -1),
             ([x > 0], [1], 0),
             ([x > 0, x > 1], [np.int8(1), np.int8(2)], 0.5),
             ([np.array(True), x > 0], [x, -x], 0)]
    for conditions, choices, default in cases:
        _same(ten.select(conditions, choices, default),
              np.select(conditions, choices, default))
    with pytest.raises(TypeError, match="should be boolean"):
        ten.select([x], [x])
    with pytest.raises(ValueError, match="same length"):
        ten.select([x > 0], [x, x])


@pytest.mark.parametrize("dtype", [np.int32, np.uint8, np.float32, np.float64,
                                   np.bool_])
def test_isin(rng, dtype):
    element = rng.integers(0, 6, size=(3, 4)).astype(dtype)
    tests = rng.integers(0, 6, size=5).astype(dtype)
    for invert in (False, True):
        _same(ten.isin(element, tests, invert=invert),
              np.isin(element, tests, invert=invert))
    floats = np.array([np.nan, 1.0, -0.0])
    _same(ten.isin(floats, [np.nan, 0.0]), np.isin(floats, [np.nan, 0.0]))
    _same(ten.isin(floats, []), np.isin(floats, []))
    _same(ten.isin(np.arange(4), [1.5, 2.0]), np.isin(np.arange(4), [1.5, 2.0]))


def test_extract_and_compress(rng):
    x = rng.normal(size=(4, 5))
    _same(ten.extract(x > 0, x), np.extract(x > 0, x))
    _same(ten.extract(np.zeros(20), x), np.extract(np.zeros(20), x))
    for axis in (None, 0, 1, -1):
        condition = [True, False, True]
        _same(ten.compress(condition, x, axis=axis),
              np.compress(condition, x, axis=axis))
    with pytest.raises(IndexError, match="out of range"):
        ten.compress([True] * 6, x, axis=1)
    # A longer condition is fine where it does not hold beyond the axis.
    _same(ten.compress([True, False, False, True, False, False], x, axis=1),
          np.compress([True, False, False, True, False, False], x, axis=1))

    @ten.jit
    def positives(x):
        return np.extract(x > 0, x * 2), np.compress(x[:, 0] > 0, x, axis=0)

    got = positives(x)
    _same(got[0], np.extract(x > 0, x * 2))
    _same(got[1], np.compress(x[:, 0] > 0, x, axis=0))


def test_partition_is_a_valid_partition(rng):
    x = rng.normal(size=(3, 8))
    for kth in (0, 3, -1, [1, 5]):
        got = ten.partition(x, kth, axis=1)
        want = np.partition(x, kth, axis=1)
        for k in np.atleast_1d(kth):
            _same(got[:, k], want[:, k])
            assert (got[:, :k % 8] <= got[:, [k]]).all()
            assert (got[:, k % 8:] >= got[:, [k]]).all()
        order = ten.argpartition(x, kth, axis=1)
        assert_matches(np.take_along_axis(x, order, axis=1), got)
    with pytest.raises(ValueError, match="out of bounds"):
        ten.partition(x, 8, axis=1)


@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF"])
def test_trim_zeros(trim):
    cases = [np.array([0, 0, 1, 2, 0, 3, 0, 0.0]), np.array([1, 0, 2]),
             np.zeros(4), np.array([], np.int32), np.array([0, -0.0, 5.0]),
             np.array([[0, 0, 0, 0], [0, 1, 0, 2], [0, 0, 3, 0],
                       [0, 0, 0, 0]]), np.zeros((2, 3)),
             np.array([True, False]), np.array(0)]
    for filt in cases:
        want = np.trim_zeros(filt, trim)
        assert_matches(ten.trim_zeros(filt, trim), want)
        assert_matches(ten.jit(lambda x: np.trim_zeros(x, trim))(filt), want)
    matrix = cases[5]
    for axis in (0, 1, -1, (0, 1)):
        assert_matches(ten.trim_zeros(matrix, trim, axis=axis),
                       np.trim_zeros(matrix, trim, axis=axis))


def test_trim_zeros_errors():
    for trim in ("x", "", "ff"):
        with pytest.raises(ValueError, match="unexpected character"):
            ten.trim_zeros(np.array([0, 1]), trim)
    with pytest.raises(np.exceptions.AxisError):
        ten.trim_zeros(np.array([0, 1]), axis=1)


def test_piecewise():
    x = np.linspace(-2, 2, 9)
    cases = [
        lambda v: np.piecewise(v, [v < 0, v > 1], [lambda t: -t,
                                                  lambda t: t ** 2, 7]),
        lambda v: np.piecewise(v, [v < 0, v >= 0], [-1, 1]),
        lambda v: np.piecewise(v, v > 0.5, [lambda t: t * 10]),
        # Later conditions take precedence where they overlap.
        lambda v: np.piecewise(v, [v > -1, v > 0], [1, 2]),
        lambda v: np.piecewise(v, [v < 0], [lambda t, k: t * k, 3], 4),
    ]
    for case in cases:
        assert_matches(ten.jit(case)(x), case(x))
    ints = np.arange(-3, 4)
    assert_matches(ten.jit(lambda v: np.piecewise(v, [v < 0], [0.7, 2.5]))(
        ints), np.piecewise(ints, [ints < 0], [0.7, 2.5]))
    assert_matches(ten.piecewise(x, [x < 0], [-1, 1]),
                   np.piecewise(x, [x < 0], [-1, 1]))
    with pytest.raises(ValueError, match="either 2 or 3 functions"):
        ten.jit(lambda v: np.piecewise(v, [v < 0, v > 1], [1]))(x)


def _check_partition(x, kth, axis, got, order):
    """`got` (values) and `order` (indices) partition `x` along `axis`
    about `kth` as NumPy's partition may: at the positions, the sorted
    elements and a stable argsort's indices; nothing after a position's
    element before it, nor before it after it; the indices a permutation,
    those of the values."""
    if axis is None:
        x, axis = x.reshape(-1), 0
    got, order = np.asarray(got), np.asarray(order)
    assert got.dtype == x.dtype and got.shape == x.shape
    assert order.dtype == np.int64 and order.shape == x.shape
    assert_matches(np.take_along_axis(x, order, axis=axis), got)
    n = x.shape[axis]

    def lines(a):
        return np.moveaxis(a, axis, -1).reshape(-1, n)

    positions = sorted({int(k) % n for k in np.atleast_1d(kth)})
    for line, values, indices in zip(lines(x), lines(got), lines(order)):
        want = np.sort(line)
        assert_matches(np.sort(indices), np.arange(n))
        assert_matches(values[positions], want[positions])
        assert_matches(indices[positions],
                       np.argsort(line, kind="stable")[positions])
        # NumPy's order (NaN last, -0 equal to +0) as places in the sorted
        # line.
        rank = np.searchsorted(want, values)
        for k in positions:
            assert (rank[:k] <= rank[k]).all()
            assert (rank[k + 1:] >= rank[k]).all()


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16,
                                   np.int8, np.uint8, np.int16, np.uint16,
                                   np.int32, np.uint32, np.int64, np.uint64,
                                   np.bool_])
@pytest.mark.parametrize("shape,axis,kth", [
    ((7,), 0, 3), ((5, 40), 1, [0, 39]), ((300, 3), 0, [-1, 5, 150, 5]),
    ((2, 5000), 1, [10, 2500, 4999]), ((70000,), -1, 35000),
    ((3, 4), None, [0, 11])])
def test_partition_of_every_dtype(rng, dtype, shape, axis, kth):
    """Lines short (sorted by insertion) and long (the radix select), many
    lines and one long one (the threads), repeated and negative positions,
    many ties: a partition as NumPy defines it."""
    if dtype == np.bool_:
        x = rng.integers(0, 2, size=shape).astype(dtype)
    elif np.dtype(dtype).kind == "f":
        x = rng.normal(size=shape).astype(dtype)
        x.reshape(-1)[::17] = np.nan
        x.reshape(-1)[5::23] = -0.0
    else:
        info = np.iinfo(dtype)
        x = rng.integers(max(info.min, -50), min(info.max, 50), size=shape,
                         endpoint=True).astype(dtype)
    got = ten.partition(x, kth, axis=axis)
    order = ten.argpartition(x, kth, axis=axis)
    _check_partition(x, kth, axis, got, order)
    traced = ten.jit(lambda a: (np.partition(a, kth, axis=axis),
                                np.argpartition(a, kth, axis=axis)))(x)
    _check_partition(x, kth, axis, *traced)


def test_partition_special_values():
    """Infinities, NaN (last), -0 equal to +0 (equal elements keep their
    order), complex numbers by real then imaginary parts."""
    x = np.array([np.nan, 1, -np.inf, -0.0, 0.0, np.inf, -1, np.nan, 0.0,
                  -0.0] * 7, np.float32)
    for kth in (0, 9, 30, 69, [14, 28, 44]):
        _check_partition(x, kth, 0, ten.partition(x, kth),
                         ten.argpartition(x, kth))
    z = np.array([2 + 1j, 1 + 5j, complex(np.nan, 0), 1 - 1j,
                  complex(1, np.nan), 2 + 1j, complex(np.nan, np.nan), -3],
                 np.complex128)
    for kth in range(8):
        _same(ten.partition(z, kth)[kth], np.sort(z)[kth])
        _same(ten.argpartition(z, kth)[kth],
              np.argsort(z, kind="stable")[kth])


def test_partition_errors_as_numpy():
    x = np.arange(6.0).reshape(2, 3)
    cases = [((x, 1), dict(kind="quick"), ValueError, "select kind"),
             ((x, 1), dict(order="f"), ValueError, "no fields"),
             ((np.array(1.0), 0), {}, np.exceptions.AxisError, "axis"),
             ((x, 0), dict(axis=2), np.exceptions.AxisError, "axis"),
             ((x, 1.0), {}, TypeError, "must be integer"),
             ((x, []), {}, TypeError, "must be integer"),
             ((x, True), {}, ValueError, "Booleans"),
             ((x, [[1]]), {}, ValueError, "dimension"),
             ((x, 3), {}, ValueError, r"kth\(=3\) out of bounds \(3\)"),
             ((x, -4), {}, ValueError, r"kth\(=-1\) out of bounds \(3\)"),
             ((x, 6), dict(axis=None), ValueError, "out of bounds"),
             ((x, [1, 5, -9]), {}, ValueError, r"kth\(=5\)")]
    for args, kwargs, error, message in cases:
        for function in (np.partition, ten.partition, ten.argpartition):
            with pytest.raises(error, match=message):
                function(*args, **kwargs)
    # An empty array has no position to place: any kth goes.
    for shape, axis in (((0,), 0), ((2, 0), 1), ((0, 3), 1)):
        empty = np.zeros(shape, np.float32)
        _same(ten.partition(empty, 5, axis=axis),
              np.partition(empty, 5, axis=axis))
        _same(ten.argpartition(empty, 5, axis=axis),
              np.argpartition(empty, 5, axis=axis))
