"""Array creation against NumPy, outside and inside traced programs."""

import warnings

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, assert_matches


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_fills_every_dtype(dtype):
    assert_matches(ten.zeros((2, 3), dtype), np.zeros((2, 3), dtype))
    assert_matches(ten.ones(4, dtype=dtype), np.ones(4, dtype=dtype))
    assert_matches(ten.empty((0, 2), dtype), np.zeros((0, 2), dtype))
    assert_matches(ten.full((3,), 1, dtype), np.full((3,), 1, dtype))


def test_fill_defaults():
    assert_matches(ten.zeros(3), np.zeros(3))
    assert_matches(ten.zeros(()), np.zeros(()))
    assert_matches(ten.full((2, 2), 7), np.full((2, 2), 7))
    assert_matches(ten.full((2,), 2.5), np.full((2,), 2.5))
    assert_matches(ten.full((2,), True), np.full((2,), True))
    assert_matches(ten.full((2,), 1 + 2j), np.full((2,), 1 + 2j))


def test_full_of_an_array():
    # np.full copies an array of values in, broadcast (leading dimensions
    # of 1 beyond the shape dropped), cast unsafely.
    for shape, value in ((3, [1, 2, 3]), ((2, 3), [1, 2, 3]),
                         ((2, 3), [[1.5], [2.5]]), ((), [5]), ((1,), [[5]]),
                         ((0,), [1]), ((2, 0), [[1], [2]])):
        assert_matches(ten.full(shape, value), np.full(shape, value))
    assert_matches(ten.full((2,), [1.7, 300.0], np.int8),
                   np.full((2,), [1.7, 300.0], np.int8))
    for shape, value in (((3, 2), [1, 2, 3]), ((2,), [[1, 2], [3, 4]])):
        with pytest.raises(ValueError) as numpy_error:
            np.full(shape, value)
        with pytest.raises(ValueError) as ten_error:
            ten.full(shape, value)
        assert str(ten_error.value) == str(numpy_error.value)


def test_tri_sizes_as_numpys():
    # NumPy's sizes are those of arange(N) and arange(-k, M - k): a
    # negative one is 0, a fractional one rounds up.
    for args in ((2.5,), (-3,), (3, -2), (3, 4, 1), (3, 2, -5), (0,)):
        assert_matches(ten.tri(*args), np.tri(*args))


def test_eye_sizes_as_numpys():
    # NumPy 2's eye takes integer sizes, none negative (tri counts as
    # arange does, above).
    for args in ((-1,), (2, -1), (-1, 2)):
        with pytest.raises(ValueError, match="negative dimensions"):
            ten.eye(*args)
    with pytest.raises(ValueError, match="negative dimensions"):
        ten.identity(-1)
    for args in ((2.5,), (2, 2.5)):
        with pytest.raises(TypeError):
            ten.eye(*args)
    assert_matches(ten.eye(0, 3), np.eye(0, 3))


def test_arange_too_long():
    for args in ((1e20,), (0, 10, 1e-20)):
        with pytest.raises(ValueError, match="Maximum allowed size"):
            ten.arange(*args)


def test_like():
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    assert_matches(ten.zeros_like(a), np.zeros_like(a))
    assert_matches(ten.ones_like(a, dtype=np.float32), np.ones_like(a, dtype=np.float32))
    assert_matches(ten.full_like(a, 9), np.full_like(a, 9))
    assert_matches(ten.empty_like(a, shape=(4,)), np.zeros_like(a, shape=(4,)))
    assert_matches(ten.ones_like([1.0, 2.0]), np.ones_like([1.0, 2.0]))


@pytest.mark.parametrize("args", [
    (5,), (0,), (-3,), (2, 9), (2, 9, 3), (9, 2, -2), (0.0, 1.0, 0.1),
    (1.5,), (-1.0, 2.0, 0.25), (10, 0), (3, 3),
])
def test_arange(args):
    assert_matches(ten.arange(*args), np.arange(*args))


@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.int64, np.float32,
                                   np.float16, np.float64])
def test_arange_dtype(dtype):
    assert_matches(ten.arange(1, 20, 3, dtype=dtype), np.arange(1, 20, 3, dtype=dtype))


def _bits_equal(got, want):
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(np.ascontiguousarray(got).view(np.uint8),
                          np.ascontiguousarray(want).view(np.uint8))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("args", [(0.1, 1.3, 0.1), (1e4, 1e4 + 3, 0.3),
                                  (-2.7, 5.1, 0.7), (5, -3, -0.37)], ids=str)
def test_arange_fills_as_numpy(dtype, args):
    """NumPy stores start and start + step, then fills first + i * (second
    - first) in float32 (float16, float32) or float64: bit for bit."""
    _bits_equal(ten.arange(*args, dtype=dtype), np.arange(*args, dtype=dtype))


def test_arange_dtype_errors_and_casts():
    """A Python integer out of the dtype's range and booleans longer than 2
    are NumPy's errors; floats into integers truncate and fill from there."""
    with pytest.raises(OverflowError):
        np.arange(-3, 7, 2, dtype=np.uint8)
    with pytest.raises(OverflowError, match="out of bounds for uint8"):
        ten.arange(-3, 7, 2, dtype=np.uint8)
    with pytest.raises(TypeError, match="at most length 2"):
        ten.arange(5, dtype=bool)
    assert_matches(ten.arange(0, 2, dtype=bool), np.arange(0, 2, dtype=bool))
    assert_matches(ten.arange(0.5, 4, dtype=np.int8),
                   np.arange(0.5, 4, dtype=np.int8))
    assert_matches(ten.arange(1, 2, 0.3, dtype=np.uint8),
                   np.arange(1, 2, 0.3, dtype=np.uint8))
    # A float bound is truncated to an integer, then checked.
    for start in (1e16, 127.9, -129.5):
        with pytest.raises(OverflowError, match="out of bounds for int8"):
            ten.arange(start, start + 5, dtype=np.int8)


def test_arange_zero_step():
    with pytest.raises(ZeroDivisionError):
        ten.arange(0, 5, 0)


@pytest.mark.parametrize("kwargs", [
    dict(start=0, stop=1, num=5), dict(start=-2.5, stop=7, num=11),
    dict(start=0, stop=1, num=5, endpoint=False), dict(start=3, stop=3, num=4),
    dict(start=0, stop=10, num=1), dict(start=0, stop=10, num=0),
    dict(start=0, stop=10, num=7, dtype=np.int32),
    dict(start=1, stop=2, num=4, dtype=np.float32),
])
def test_linspace(kwargs):
    assert_matches(ten.linspace(**kwargs), np.linspace(**kwargs))


def test_linspace_retstep_and_errors():
    got, step = ten.linspace(0, 1, 5, retstep=True)
    want, want_step = np.linspace(0, 1, 5, retstep=True)
    assert_matches(got, want)
    assert step == want_step
    with pytest.raises(ValueError):
        ten.linspace(0, 1, -1)


@pytest.mark.parametrize("args, kwargs", [
    ((np.float32(-0.7), np.float32(-1.27), 32), {}),
    ((np.float32(2.5), 7, 9), dict(endpoint=False, retstep=True)),
    ((np.float16(1), np.float16(3), 7), {}),
    ((0.3, 9.1, 13), dict(dtype=np.float16)),
    ((-1, 5, 7), dict(dtype=bool)),
    ((1 + 1j, 3 - 2j, 4), dict(retstep=True)),
    ((0, 1e-320, 5), {}),
    ((np.array([0.5, 1, -2], np.float32), 4, 5), dict(axis=-1)),
    (([0, 1], [2, 5], 3), dict(axis=1, retstep=True)),
    ((0, 1, 1), dict(retstep=True)),
    ((0, 1, 1), dict(endpoint=False, retstep=True)),
], ids=str)
def test_linspace_as_numpy(args, kwargs):
    """In the ends' float type (float32 ends: float32, not float64), each
    operation rounded as NumPy's; arrays of ends, `axis`, booleans, complex
    ends, denormal steps; bit for bit, step included."""
    got, want = ten.linspace(*args, **kwargs), np.linspace(*args, **kwargs)
    if kwargs.get("retstep"):
        (got, got_step), (want, want_step) = got, want
        if np.ndim(want_step) == 0 and np.isnan(want_step):
            assert np.isnan(got_step)
        else:
            _bits_equal(got_step, want_step)
    _bits_equal(got, want)
    with pytest.raises(np.exceptions.AxisError):
        ten.linspace([0, 1], [2, 5], 3, axis=2)


def test_logspace_and_geomspace_of_arrays():
    """Arrays of ends and of bases broadcast as NumPy's; complex geomspace
    goes along the spiral between its ends, the ends exact; float32 ends
    keep float32 with a Python base."""
    for args, kwargs in [((0, 3, 4), dict(base=[2, 10])),
                         (([0, 1], 3, 4), dict(base=[2, 10], axis=1)),
                         ((np.float32(0.5), np.float32(2), 5), {})]:
        want = np.logspace(*args, **kwargs)
        assert_matches(ten.logspace(*args, **kwargs), want, rtol=1e-6)
        assert np.asarray(ten.logspace(*args, **kwargs)).dtype == want.dtype
    for args, kwargs in [((1j, 1000j, 4), {}), ((1 + 1j, -8 - 8j, 5), {}),
                         (([1, 10], [1000, 2], 4), dict(axis=1)),
                         ((1, 256, 9), dict(dtype=int))]:
        want = np.geomspace(*args, **kwargs)
        got = np.asarray(ten.geomspace(*args, **kwargs))
        assert got.dtype == want.dtype and got.shape == want.shape
        assert_matches(got, want, rtol=1e-14)
        first = np.take(want, 0, axis=kwargs.get("axis", 0))
        assert np.array_equal(np.take(got, 0, axis=kwargs.get("axis", 0)),
                              first)


@pytest.mark.parametrize("args", [(3,), (3, 5), (4, 2), (4, 4, 1), (4, 4, -2),
                                  (3, 3, 5), (0,)])
def test_eye(args):
    assert_matches(ten.eye(*args), np.eye(*args))


def test_eye_dtypes_and_identity():
    assert_matches(ten.eye(3, dtype=np.int32), np.eye(3, dtype=np.int32))
    assert_matches(ten.eye(2, dtype=bool), np.eye(2, dtype=bool))
    assert_matches(ten.identity(4), np.identity(4))


def test_creation_inside_jit_is_ops_not_constants():
    @ten.jit
    def f(x):
        n = x.shape[0]
        grid = ten.arange(n, dtype=x.dtype)
        mask = ten.eye(n, dtype=x.dtype)
        return x + grid + ten.ones(n, x.dtype) + mask.sum(axis=0) * ten.linspace(0, 1, n)

    x = np.arange(7, dtype=np.float64)
    want = x + np.arange(7.0) + 1 + np.eye(7).sum(axis=0) * np.linspace(0, 1, 7)
    assert_matches(f(x), want)
    ir = f.ir(x)
    assert "ten.iota" in ir
    # Fills are splats or broadcasts of one element, never the whole array.
    assert "dense<[" not in ir


def test_creation_needs_no_array_operand_inside_jit():
    @ten.jit
    def g(scale):
        return ten.full((2, 3), 4.0) * scale

    assert_matches(g(np.float64(2.0) * np.ones(())), np.full((2, 3), 8.0))


def test_bad_shapes_and_dtypes():
    with pytest.raises(ValueError):
        ten.zeros(-1)
    with pytest.raises(TypeError):
        ten.zeros((2, 3), dtype=object)
    with pytest.raises(TypeError):
        ten.zeros("abc")


def test_numpy_scalars_and_lists_as_parameters():
    """NumPy scalars, 0-d arrays and lists are parameters, not arrays to
    pass in; a NumPy scalar's dtype is the fill's, as in NumPy."""
    assert_matches(ten.full((2,), np.float32(3)), np.full((2,), np.float32(3)))
    assert_matches(ten.full([2, 2], np.array(2.5)), np.full([2, 2], np.array(2.5)))
    assert_matches(ten.zeros(np.int64(3)), np.zeros(np.int64(3)))
    assert_matches(ten.ones([np.int32(2), 3]), np.ones([np.int32(2), 3]))
    assert_matches(ten.arange(np.int64(4)), np.arange(np.int64(4)))
    assert_matches(ten.arange(np.float32(0.5), 3), np.arange(np.float32(0.5), 3))
    assert_matches(ten.eye(np.int64(3)), np.eye(np.int64(3)))
    assert_matches(ten.linspace(0, np.float64(1), 3), np.linspace(0, np.float64(1), 3))


@pytest.mark.parametrize("args", [(3,), (3, 4, -1), (4, 2, 1), (0, 3)],
                         ids=repr)
def test_tri(args):
    assert_matches(ten.tri(*args), np.tri(*args))
    assert_matches(ten.tri(*args, dtype=np.int8),
                   np.tri(*args, dtype=np.int8))
    x = np.ones(args[1] if len(args) > 1 else args[0])
    assert_matches(ten.jit(lambda v: ten.tri(*args) * v)(x),
                   np.tri(*args) * x)


@pytest.mark.parametrize("dimensions", [(2, 3), (4,), (2, 1, 3), ()],
                         ids=repr)
def test_indices(dimensions):
    assert_matches(ten.indices(dimensions), np.indices(dimensions))
    assert_matches(ten.indices(dimensions, dtype=np.int16),
                   np.indices(dimensions, dtype=np.int16))
    for got, want in zip(ten.indices(dimensions, sparse=True),
                         np.indices(dimensions, sparse=True)):
        assert_matches(got, want)


def test_index_helpers_index_traced_values():
    x = np.arange(12.0).reshape(3, 4)
    traced = ten.jit(lambda a: (a[ten.triu_indices(3, 1, 4)],
                                a[ten.tril_indices_from(a)],
                                a[ten.diag_indices(3)]))
    got = traced(x)
    assert_matches(got[0], x[np.triu_indices(3, 1, 4)])
    assert_matches(got[1], x[np.tril_indices_from(x)])
    assert_matches(got[2], x[np.diag_indices(3)])
    with pytest.raises(ValueError, match="2-d"):
        ten.tril_indices_from(np.ones(3))


@pytest.mark.parametrize("args", [
    (0, 3, 5), (1, 2, 4, False), (0, 3, 5, True, 2), (2, -1, 6),
    (0.5, 2.5, 7, True, 10.0, np.float32), (0, 3, 5, True, 10.0, int),
    (1, 2, 0), (1, 2, 1),
], ids=str)
def test_logspace(args):
    # pow in float64 within an ulp of the C library's.
    assert_matches(ten.logspace(*args), np.logspace(*args), rtol=1e-15)


@pytest.mark.parametrize("args", [
    (1, 1000, 4), (-1, -1000, 4), (1, 256, 9, False), (2, 3, 0), (1, 10, 1),
    (3, 7, 5), (1, 1000, 4, True, np.float32), (1, 1000, 4, True, int),
    (1e-3, 1e3, 7), (-1, 1, 3),
], ids=str)
def test_geomspace(args):
    with np.errstate(invalid="ignore"):
        want = np.geomspace(*args)
    got = ten.geomspace(*args)
    assert_matches(got, want, rtol=1e-15)
    if want.size and not np.isnan(want).any():
        # The ends are exact.
        assert got[0] == want[0] and (not args[3:4] == (True,) or
                                      got[-1] == want[-1])


def test_geomspace_errors():
    with pytest.raises(ValueError, match="cannot include zero"):
        ten.geomspace(0, 10)
    with pytest.raises(ValueError, match="non-negative"):
        ten.geomspace(1, 10, -1)


@pytest.mark.parametrize("name", ["hanning", "hamming", "blackman",
                                  "bartlett"])
@pytest.mark.parametrize("M", [0, 1, 2, 5, 8, 51, 2.7, -3])
def test_windows(name, M):
    assert_matches(getattr(ten, name)(M), getattr(np, name)(M), rtol=0,
                   atol=1e-15)


# Each window of two points or more compiles i0: a few shapes, each beta.
@pytest.mark.parametrize("M, beta", [(0, 2), (1, 3), (-3, 1), (2, 0),
                                     (5, 2), (8, 8.6), (51, 14), (4.5, 60),
                                     (6, -3)])
def test_kaiser(M, beta):
    with np.errstate(invalid="ignore"):
        want = np.kaiser(M, beta)
    assert_matches(ten.kaiser(M, beta), want, rtol=1e-14, atol=0)


def test_kaiser_errors():
    with pytest.raises(TypeError, match="beta must be a real number"):
        ten.kaiser(5, "2")
    with pytest.raises(TypeError, match="window length"):
        ten.kaiser(None, 2)


def test_windows_traced():
    @ten.jit
    def windowed(x):
        return x * ten.hanning(8) + ten.bartlett(8)

    x = np.arange(8.0)
    assert_matches(windowed(x), x * np.hanning(8) + np.bartlett(8))


def test_diag_indices_from():
    a = np.arange(27).reshape(3, 3, 3)
    for got, want in zip(ten.diag_indices_from(a), np.diag_indices_from(a)):
        np.testing.assert_array_equal(got, want)

    @ten.jit
    def diagonal(x):
        return x[ten.diag_indices_from(x)]

    assert_matches(diagonal(a), a[np.diag_indices_from(a)])
    with pytest.raises(ValueError, match="equal length"):
        ten.diag_indices_from(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="at least 2-d"):
        ten.diag_indices_from(np.zeros(3))


@pytest.mark.parametrize("name", [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
    "uint64", "float16", "float32", "float64", "complex64", "complex128",
])
def test_dtype_names(name):
    # NumPy's scalar types: dtype=, astype and comparisons take them.
    dtype = getattr(ten, name)
    assert dtype is getattr(np, name)
    assert ten.zeros(2, dtype=dtype).dtype == dtype
    assert ten.astype(np.ones(2), dtype).dtype == np.dtype(dtype)
    assert ten.bool is np.bool_ and ten.dtype is np.dtype


def test_finfo_and_iinfo():
    assert ten.finfo(ten.float32).eps == np.finfo(np.float32).eps
    assert ten.finfo(np.ones(2, np.float16)).max == np.finfo(np.float16).max
    assert float(ten.finfo(ten.bfloat16).eps) == 2.0 ** -7
    assert float(ten.finfo(ten.float8_e4m3fn).max) == 448.0
    assert ten.iinfo(ten.int8).min == -128
    assert ten.issubdtype(ten.float32, np.floating)
    assert ten.isdtype(np.dtype(ten.int16), "integral")

    @ten.jit
    def tiny(x):
        return x + ten.finfo(x).tiny

    assert_matches(tiny(np.zeros(1, np.float32)),
                   np.full(1, np.finfo(np.float32).tiny, np.float32))


def test_full_casts_as_numpy():
    """np.full casts its value unsafely (NaN and 300.7 into integers, any
    number into booleans, complex into reals) and refuses a Python integer
    out of an integer dtype's range."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for dtype in (np.int8, np.int64, bool, np.float16):
            for value in (np.nan, np.inf, 300.7, -1, 1 + 2j):
                assert_matches(ten.full((2, 3), value, dtype=dtype),
                               np.full((2, 3), value, dtype=dtype))
        assert_matches(ten.full_like(np.zeros(3, np.int8), np.nan),
                       np.full_like(np.zeros(3, np.int8), np.nan))
    with pytest.raises(OverflowError, match="out of bounds for uint8"):
        ten.full(2, -1, dtype=np.uint8)
