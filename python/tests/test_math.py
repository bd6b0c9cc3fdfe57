"""NumPy's elementwise math beyond arithmetic, its operators on traced
values, and the functions built from them, against NumPy."""

import warnings

import numpy as np
import pytest

import ten

from conftest import (ALL_DTYPES, BOOL, FLOATS, INTS, assert_matches,
                      assert_parts_match, random_array)

UNARY_FLOAT = ["log1p", "expm1", "log2", "log10", "exp2", "tan", "arcsin",
               "arccos", "arctan", "sinh", "cosh", "arcsinh", "arctanh"]


@pytest.mark.parametrize("name", UNARY_FLOAT)
@pytest.mark.parametrize("dtype", FLOATS + [np.dtype(np.int16), BOOL])
def test_transcendental(name, dtype):
    rng = np.random.default_rng(0)
    x = random_array(rng, (3, 5), dtype, low=-0.9, high=0.9)
    with np.errstate(all="ignore"):
        want = getattr(np, name)(x)
    assert_matches(getattr(ten, name)(x), want)


def test_arccosh():
    x = np.linspace(1.0, 20.0, 17)
    assert_matches(ten.arccosh(x), np.arccosh(x))


@pytest.mark.parametrize("name", ["floor", "ceil", "trunc", "rint", "sign",
                                  "square", "reciprocal", "isnan", "isinf",
                                  "isfinite", "invert", "logical_not"])
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_unary_every_dtype(name, dtype):
    """The result dtype and values of NumPy's function, or the TypeError it
    raises for a dtype it has no loop for."""
    rng = np.random.default_rng(1)
    x = random_array(rng, (4, 3), dtype)
    if dtype.kind == "f":
        x[0, 0], x[0, 1], x[0, 2] = np.nan, np.inf, -2.5
    with np.errstate(all="ignore"):
        try:
            want = getattr(np, name)(x)
        except TypeError:
            with pytest.raises(TypeError):
                getattr(ten, name)(x)
            return
    assert_matches(getattr(ten, name)(x), want)


BINARY = ["floor_divide", "remainder", "fmod", "arctan2", "bitwise_and",
          "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
          "logical_and", "logical_or", "logical_xor"]


@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_binary_every_dtype(name, dtype):
    rng = np.random.default_rng(2)
    x = random_array(rng, (4, 6), dtype)
    y = random_array(rng, (6,), dtype)
    with np.errstate(all="ignore"):
        try:
            want = getattr(np, name)(x, y)
        except TypeError:
            with pytest.raises(TypeError):
                getattr(ten, name)(x, y)
            return
    assert_matches(getattr(ten, name)(x, y), want)


def test_division_edges():
    v = np.array([7.0, -7.0, 0.5, -0.0, 0.0, np.inf, -np.inf, np.nan, 3.0])
    a, b = v[:, None], v[None, :]
    with np.errstate(all="ignore"):
        for name in ("floor_divide", "remainder", "fmod"):
            assert_matches(getattr(ten, name)(a, b), getattr(np, name)(a, b))
    i = np.array([0, 1, -1, 7, -7, 2**31 - 1, -2**31], np.int32)
    with np.errstate(all="ignore"):
        for name in ("floor_divide", "remainder", "fmod"):
            assert_matches(getattr(ten, name)(i[:, None], i[None, :]),
                           getattr(np, name)(i[:, None], i[None, :]))


def test_shift_amounts():
    x = np.array([1, -1, 100, -128, 127], np.int8)
    s = np.array([0, 1, 7, 8, 9, -1, 100], np.int8)
    assert_matches(ten.left_shift(x[:, None], s), np.left_shift(x[:, None], s))
    assert_matches(ten.right_shift(x[:, None], s), np.right_shift(x[:, None], s))


def test_operators_on_traced_values():
    @ten.jit
    def f(i, j, x, y):
        return (i // j, i % j, i & j, i | j, i ^ j, ~i, i << 2, i >> 1,
                x // y, x % y, 7 // j, 7 % j, 1 << j, divmod(i, j)[1])

    rng = np.random.default_rng(3)
    i = rng.integers(-50, 50, (3, 4))
    j = rng.integers(1, 5, (4,))
    x = rng.uniform(-3, 3, (3, 4))
    y = rng.uniform(0.5, 2, (4,))
    want = (i // j, i % j, i & j, i | j, i ^ j, ~i, i << 2, i >> 1,
            x // y, x % y, 7 // j, 7 % j, 1 << j, divmod(i, j)[1])
    for got, expected in zip(f(i, j, x, y), want):
        assert_matches(got, expected)


def test_aliases():
    x = np.array([5, -3, 8])
    assert_matches(ten.mod(x, 3), np.mod(x, 3))
    assert_matches(ten.bitwise_not(x), np.bitwise_not(x))
    assert_matches(ten.bitwise_invert(x), np.bitwise_invert(x))
    assert_matches(ten.asin(np.float32(0.5) * np.ones(2, np.float32)),
                   np.asin(np.float32(0.5) * np.ones(2, np.float32)))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8])
def test_clip(dtype):
    rng = np.random.default_rng(4)
    x = random_array(rng, (5, 4), np.dtype(dtype))
    assert_matches(ten.clip(x, 1, 3), np.clip(x, 1, 3))
    assert_matches(ten.clip(x, None, 2), np.clip(x, None, 2))
    assert_matches(ten.clip(x, min=0), np.clip(x, min=0))
    lo = random_array(rng, (4,), np.dtype(dtype))
    assert_matches(ten.clip(x, lo, 2), np.clip(x, lo, 2))


def test_clip_nan_and_crossed_bounds():
    x = np.array([np.nan, -1.0, 0.5, 4.0])
    assert_matches(ten.clip(x, 0.0, 1.0), np.clip(x, 0.0, 1.0))
    assert_matches(ten.clip(x, 3.0, 1.0), np.clip(x, 3.0, 1.0))


@pytest.mark.parametrize("decimals", [0, 1, 2, -1])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int64])
def test_round(decimals, dtype):
    x = (np.array([1.25, -2.5, 3.456, 15.0, 25.0, -0.5]) * 1).astype(dtype)
    assert_matches(ten.round(x, decimals), np.round(x, decimals))


def test_round_python_numbers():
    # Python numbers are 0-d arrays; the decimals stay a number, so that
    # an integer's negative decimals are known when it is compiled.
    for value, decimals in ((1234, -2), (2.567, 1), (-2.5, 0), (True, 0),
                            (15, -1)):
        assert_matches(ten.round(value, decimals), np.round(value, decimals))
        assert_matches(ten.around(value, decimals), np.around(value, decimals))


def test_round_decimals_are_integers():
    x = np.array([1.25, -2.5])
    with pytest.raises(TypeError, match="cannot be interpreted as an integer"):
        ten.round(x, 1.5)
    assert_matches(ten.round(x, np.int8(1)), np.round(x, np.int8(1)))


def test_round_booleans():
    """NumPy rounds booleans as rint (float16) and refuses other decimals
    (its float64 scaling cannot be cast back to bool)."""
    b = np.array([True, False])
    assert_matches(ten.round(b), np.round(b))
    for decimals in (1, -1):
        with pytest.raises(TypeError):
            np.round(b, decimals)
        with pytest.raises(TypeError, match="bool"):
            ten.round(b, decimals)


@pytest.mark.parametrize("decimals", [0, 2, -1])
def test_round_complex_by_parts(decimals):
    # NumPy rounds each part as a real number: an infinite part stays
    # infinite beside a NaN one (a complex product by the scale would make
    # both NaN).
    z = np.array([1.2345 + 6.789j, complex(np.inf, np.nan),
                  complex(np.nan, -np.inf), -0.5 + 2.5j, 15 - 25j])
    assert_parts_match(ten.round(z, decimals), np.round(z, decimals))


def test_nan_to_num():
    x = np.array([np.nan, np.inf, -np.inf, 1.5], np.float32)
    assert_matches(ten.nan_to_num(x), np.nan_to_num(x))
    assert_matches(ten.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0),
                   np.nan_to_num(x, nan=-1.0, posinf=9.0, neginf=-9.0))
    i = np.arange(4)
    assert_matches(ten.nan_to_num(i), np.nan_to_num(i))


def test_isclose_allclose():
    a = np.array([1.0, 1.0 + 1e-9, np.inf, np.nan, -np.inf, 2.0])
    b = np.array([1.0, 1.0, np.inf, np.nan, np.inf, 2.1])
    assert_matches(ten.isclose(a, b), np.isclose(a, b))
    assert_matches(ten.isclose(a, b, equal_nan=True), np.isclose(a, b, equal_nan=True))
    assert_matches(ten.isclose(a, b, rtol=0.1), np.isclose(a, b, rtol=0.1))
    assert ten.allclose(a[:2], b[:2]) is True
    assert ten.allclose(a, b) is False
    i = np.array([1, 2, 3])
    assert_matches(ten.isclose(i, i + 1, atol=1), np.isclose(i, i + 1, atol=1))


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.complex64])
@pytest.mark.parametrize("axis", [None, 0, 1, (0, 1)])
@pytest.mark.parametrize("ddof", [0, 1])
def test_var_std(dtype, axis, ddof):
    rng = np.random.default_rng(5)
    x = random_array(rng, (6, 5), np.dtype(dtype))
    assert_matches(ten.var(x, axis=axis, ddof=ddof), np.var(x, axis=axis, ddof=ddof),
                   rtol=1e-4)
    assert_matches(ten.std(x, axis=axis, ddof=ddof, keepdims=True),
                   np.std(x, axis=axis, ddof=ddof, keepdims=True), rtol=1e-4)


def test_var_std_dtype_and_correction(rng):
    """NumPy's dtype (the computation's and the result's) and NumPy 2's
    correction, the array API's name for ddof (not both)."""
    a = rng.normal(size=(3, 4))
    ints = rng.integers(-100, 100, size=(3, 4)).astype(np.int8)
    for x in (a, ints):
        for name in ("var", "std"):
            for kwargs in (dict(dtype=np.float32),
                           dict(axis=1, dtype=np.float64, ddof=1),
                           dict(correction=1),
                           dict(axis=0, correction=2, keepdims=True)):
                assert_matches(getattr(ten, name)(x, **kwargs),
                               getattr(np, name)(x, **kwargs), rtol=1e-6)
    with pytest.raises(ValueError, match="simultaneously"):
        ten.var(a, ddof=1, correction=1)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int32, np.bool_])
def test_var_std_in_an_integer_dtype(dtype):
    """An integer dtype is NumPy's step for step: the mean truncated to it,
    the squares summed in it and the quotient truncated (not float64); std
    truncates a scalar's root and refuses an array's."""
    x = np.array([[1, 5, 9], [2, -3, 7]], np.int16)
    for axis, keepdims in ((None, False), (None, True), (0, False),
                           (1, True)):
        assert_matches(ten.var(x, axis=axis, dtype=dtype, keepdims=keepdims),
                       np.var(x, axis=axis, dtype=dtype, keepdims=keepdims))
    assert_matches(ten.std(x, dtype=dtype, ddof=1),
                   np.std(x, dtype=dtype, ddof=1))
    with pytest.raises(TypeError, match="sqrt"):
        np.std(x, axis=1, dtype=dtype)
    with pytest.raises(TypeError, match="sqrt"):
        ten.std(x, axis=1, dtype=dtype)
    # `where` selects the elements (n counts them); nanvar and nanstd of
    # integers are var and std.
    selected = x > 0
    assert_matches(ten.var(x, axis=1, dtype=dtype, where=selected),
                   np.var(x, axis=1, dtype=dtype, where=selected))
    for name in ("var", "std"):
        assert_matches(getattr(ten, "nan" + name)(x, dtype=dtype, ddof=1),
                       getattr(np, "nan" + name)(x, dtype=dtype, ddof=1))
    with pytest.raises(TypeError, match="sqrt"):
        ten.nanstd(x, axis=0, dtype=dtype)


def test_nanvar_of_floats_refuses_an_integer_dtype():
    """NumPy's nanvar of floats needs a floating dtype (the sum of squares
    would wrap in an integer one): the same TypeError, not a wrong value."""
    x = np.array([1.5, np.nan, 9.0])
    for module in (np, ten):
        with pytest.raises(TypeError, match="dtype must be inexact"):
            module.nanvar(x, dtype=np.int32)
        with pytest.raises(TypeError, match="dtype must be inexact"):
            module.nanstd(x, dtype=np.int32)


@pytest.mark.parametrize("name", ["nansum", "nanmean", "nanmax", "nanmin"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nan_reductions(name, axis):
    x = np.array([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan], [4.0, -2.0, np.nan]])
    with warnings.catch_warnings():
        # NumPy warns of the all-NaN row.
        warnings.simplefilter("ignore", RuntimeWarning)
        want = getattr(np, name)(x, axis=axis)
    assert_matches(getattr(ten, name)(x, axis=axis), want)
    i = np.arange(6).reshape(2, 3)
    assert_matches(getattr(ten, name)(i, axis=axis), getattr(np, name)(i, axis=axis))
    # A complex number with a NaN part counts as NaN; the others order
    # lexicographically (an infinite part included).
    z = np.array([[1 + 2j, complex(np.nan, 0), 1 - 5j],
                  [complex(np.inf, 1), complex(0, np.nan), -3 + 0j],
                  [2 + 0j, complex(1, -np.inf), 2 - 1j]])
    assert_matches(getattr(ten, name)(z, axis=axis), getattr(np, name)(z, axis=axis))


def _logsumexp(x, axis=None, keepdims=False):
    m = np.max(x, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    s = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=keepdims))
    return s + (m if keepdims else np.squeeze(m, axis=axis))


@pytest.mark.parametrize("axis", [None, 0, -1])
def test_logsumexp_log_softmax(axis):
    rng = np.random.default_rng(6)
    x = rng.uniform(-50, 50, (4, 7)).astype(np.float32)
    x[0, :] = -np.inf
    with np.errstate(all="ignore"):
        want = _logsumexp(x, axis=axis)
    assert_matches(ten.logsumexp(x, axis=axis), want)
    if axis is not None:
        y = x[1:]
        assert_matches(ten.log_softmax(y, axis=axis),
                       y - _logsumexp(y, axis=axis, keepdims=True), atol=1e-4)


def test_activations():
    from math import erf
    x = np.linspace(-30, 30, 41).astype(np.float32)
    wide = x.astype(np.float64)
    gelu = 0.5 * wide * (1 + np.vectorize(erf)(wide / np.sqrt(2)))
    assert_matches(ten.gelu(x), gelu.astype(np.float32), atol=1e-5)
    tanh = 0.5 * wide * (1 + np.tanh(np.sqrt(2 / np.pi) * (wide + 0.044715 * wide**3)))
    assert_matches(ten.gelu(x, approximate="tanh"), tanh.astype(np.float32), atol=1e-5)
    assert_matches(ten.silu(x), (wide / (1 + np.exp(-wide))).astype(np.float32), atol=1e-5)
    assert_matches(ten.softplus(x), np.logaddexp(0, wide).astype(np.float32), atol=1e-5)
    with pytest.raises(ValueError, match="approximate"):
        ten.gelu(x, approximate="fast")


def test_logical_operators_with_scalars():
    x = np.array([0, 2, -1])
    assert_matches(ten.logical_and(x, True), np.logical_and(x, True))
    assert_matches(ten.logical_or(x, 0), np.logical_or(x, 0))
    assert_matches(ten.logical_not(np.array([0.0, np.nan, 1.0])),
                   np.logical_not(np.array([0.0, np.nan, 1.0])))
    # NumPy's loops take a Python integer as a C long.
    assert_matches(ten.logical_xor(x, -2**63), np.logical_xor(x, -2**63))
    for big in (2**63, -2**63 - 1):
        with pytest.raises(OverflowError, match="too large to convert"):
            ten.logical_and(x.astype(np.uint64), big)


def test_python_scalar_with_0d_array_stays_0d():
    """A 0-d array and a Python number give a 0-d result, as in NumPy
    (constants of 0-d arrays were made 1-d)."""
    x = np.array(2.0, np.float32)
    assert_matches(ten.multiply(x, 3.0), np.multiply(x, 3.0))

    @ten.jit
    def doubled_sum(a):
        return a.sum() * 2

    a = np.ones(4, np.float32)
    assert_matches(doubled_sum(a), a.sum() * 2)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.uint16, np.int64])
@pytest.mark.parametrize("bounds", [(-5, 300), (10, 10**6), (-1, 50), (-(10**6), None),
                                    (None, 10**20), (300, 400), (-10, -5), (None, -(10**6))])
def test_clip_python_integers_past_the_dtype(dtype, bounds):
    """NumPy 2: a Python integer bound past the dtype's range on its own side
    bounds nothing; past it on the other side, OverflowError."""
    x = np.array([0, 5, 100, 120], dtype=dtype)
    try:
        want = np.clip(x, *bounds)
    except OverflowError:
        with pytest.raises(OverflowError, match="out of bounds"):
            ten.clip(x, *bounds)
        return
    assert_matches(ten.clip(x, *bounds), want)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_nan_to_num_complex(dtype):
    parts = [np.nan, np.inf, -np.inf, 1.5, -0.0]
    x = np.array([complex(a, b) for a in parts for b in parts], dtype=dtype)
    assert_matches(ten.nan_to_num(x), np.nan_to_num(x))
    got = ten.nan_to_num(x, nan=2.0, posinf=7.0, neginf=-7.0)
    want = np.nan_to_num(x, nan=2.0, posinf=7.0, neginf=-7.0)
    assert_matches(got, want)
    # Signed zeros of either part are kept.
    np.testing.assert_array_equal(np.signbit(got.real), np.signbit(want.real))
    np.testing.assert_array_equal(np.signbit(got.imag), np.signbit(want.imag))


_CUT_PARTS = [0.0, -0.0, 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 1e-8, -3e5, 0.999999,
              1e200, -1e200, 3e-300, np.inf, -np.inf]


@pytest.mark.parametrize("dtype, rtol", [(np.complex128, 1e-9), (np.complex64, 2e-5)])
@pytest.mark.parametrize("name", ["sqrt", "log", "log1p", "arcsin", "arccos", "arctan",
                                  "arcsinh", "arccosh", "arctanh"])
def test_complex_branch_cuts_and_signed_zeros(dtype, rtol, name):
    """On and off the branch cuts, with zeros of either sign, large and
    infinite parts: NumPy's values, the signs of zero parts included
    (arcsin(2 + 0j) and arcsin(2 - 0j) are on different sides of the cut)."""
    with np.errstate(all="ignore"):
        z = np.array([complex(a, b) for a in _CUT_PARTS for b in _CUT_PARTS], dtype=dtype)
        want = getattr(np, name)(z)
    got = getattr(ten, name)(z)
    for part in ("real", "imag"):
        g, w = getattr(got, part), getattr(want, part)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=0)
        zero = w == 0
        np.testing.assert_array_equal(np.signbit(g[zero]), np.signbit(w[zero]))


PARTS = np.array([-2.5, -3.0, -0.0, 0.0, 2.7, 1e300, np.inf, -np.inf, np.nan])


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64,
                                   np.int8, np.int32, np.uint64, np.bool_],
                         ids=str)
def test_modf_and_fabs(dtype):
    with np.errstate(all="ignore"):
        x = PARTS.astype(dtype)
    got, want = ten.modf(x), np.modf(x)
    for g, w in zip(got, want):
        assert_matches(g, w, rtol=0, atol=0)
        # The signs of zero too.
        np.testing.assert_array_equal(np.signbit(g), np.signbit(w))
    assert_matches(ten.fabs(x), np.fabs(x))


def test_fabs_refuses_complex():
    with pytest.raises(TypeError):
        ten.fabs(np.array([1 + 1j]))


@pytest.mark.parametrize("pair", [
    (np.array([7, -7, 5, -5, 0]), np.array([2, 2, -3, -3, 4])),
    (np.array([7.5, -7.0, 5.0, np.inf]), 2.0),
    (np.array([1, 2, 3], np.uint8), np.uint8(2)),
], ids=["int", "float", "uint8"])
def test_divmod(pair):
    got = ten.divmod(*pair)
    with np.errstate(invalid="ignore"):
        want = np.divmod(*pair)
    for g, w in zip(got, want):
        assert_matches(g, w)


def test_divmod_of_traced_values():
    @ten.jit
    def split(x):
        return divmod(x, 3) + divmod(10, x)

    x = np.array([4, -5, 7])
    got = split(x)
    want = divmod(x, 3) + divmod(10, x)
    for g, w in zip(got, want):
        assert_matches(g, w)

    @ten.jit
    def through_numpy(x):
        return np.divmod(x, 2.5) + np.modf(x) + (np.fabs(x),)

    got = through_numpy(x.astype(np.float32))
    want = (np.divmod(x.astype(np.float32), 2.5) + np.modf(x.astype(np.float32))
            + (np.fabs(x.astype(np.float32)),))
    for g, w in zip(got, want):
        assert_matches(g, w)


NAN_ROWS = np.array([[1.0, np.nan, 3.0, 3.0], [np.nan, -1.0, -np.inf, 2.0],
                     [-np.inf, np.nan, -np.inf, 0.5]])


@pytest.mark.parametrize("name", ["nanargmax", "nanargmin"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("keepdims", [False, True])
def test_nanarg(name, axis, keepdims):
    assert_matches(getattr(ten, name)(NAN_ROWS, axis=axis, keepdims=keepdims),
                   getattr(np, name)(NAN_ROWS, axis=axis, keepdims=keepdims))
    ints = np.array([[3, 9, 9], [-1, 4, 0]], np.int16)
    assert_matches(getattr(ten, name)(ints, axis=axis, keepdims=keepdims),
                   getattr(np, name)(ints, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("name", ["nanargmax", "nanargmin"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nanarg_complex(name, axis):
    # NaN in either part skips the element; the others order as NumPy's
    # complex numbers (real part, then imaginary).
    x = np.array([[1 + 1j, complex(np.nan, 1), 2 - 5j],
                  [3j, 4 + 0j, complex(1, np.nan)]])
    assert_matches(getattr(ten, name)(x, axis=axis),
                   getattr(np, name)(x, axis=axis))


@pytest.mark.parametrize("name", ["nanargmax", "nanargmin"])
def test_nanarg_all_nan(name):
    x = np.array([[1.0, np.nan], [np.nan, np.nan]])
    with pytest.raises(ValueError, match="All-NaN slice encountered"):
        getattr(ten, name)(x, axis=1)

    @ten.jit
    def traced(x):
        return getattr(ten, name)(x, axis=1)

    # A traced program cannot raise: -1 marks the slice, as in JAX.
    assert_matches(traced(x), np.array([0, -1]))


def test_array_equal_and_equiv():
    a = np.array([1.0, np.nan, 3.0])
    assert ten.array_equal(a, a) is False
    assert ten.array_equal(a, a, equal_nan=True) is True
    assert ten.array_equal([1, 2], [1, 2]) is True
    assert ten.array_equal([1, 2], [1, 2, 3]) is False
    assert ten.array_equal(np.array([1, 2]), np.array([1.0, 2.0])) is True
    assert ten.array_equiv([1, 2], [[1, 2], [1, 2]]) is True
    assert ten.array_equiv([1, 2], [[1, 2], [1, 3]]) is False
    assert ten.array_equiv([1, 2], [1, 2, 3]) is False

    @ten.jit
    def same(x, y):
        return ten.array_equal(x, y)

    assert bool(same(np.arange(3), np.arange(3)))
    assert not bool(same(np.arange(3), np.array([0, 1, 5])))


@pytest.mark.parametrize("dtype, rtol", [(np.float64, 1e-14), (np.float32, 1e-6),
                                         (np.float16, 5e-3), (np.int32, 1e-14),
                                         (np.bool_, 1e-14)], ids=str)
def test_i0(dtype, rtol):
    """Against NumPy's Chebyshev form: the power series and the asymptotic
    expansion agree within a few units in the last place; NumPy's NaN at
    the infinities and its infinity where exp(x) overflows the dtype."""
    x = np.concatenate([np.linspace(-709, 709, 2001), [0, 1e-9, 7.99, 8,
                        8.01, 11.1, 29.99, 30, 30.01, 88.7, 88.8, 709.7,
                        709.8, 710, np.inf, -np.inf, np.nan]])
    with np.errstate(all="ignore"):
        x = x.astype(dtype)
        want = np.i0(x)
    got = ten.i0(x)
    assert_matches(got, want, rtol=rtol, atol=0)
    assert_matches(ten.jit(np.i0)(x), want, rtol=rtol, atol=0)


def test_i0_refuses_complex():
    with pytest.raises(TypeError, match="i0 not supported for complex"):
        ten.i0(np.array([1j]))


def test_nan_reductions_take_numpys_arguments(rng):
    """dtype, initial, where, keepdims and NumPy 2's correction, as NumPy's
    nan* reductions take them: nanmean divides its sum by the count in
    float64 and casts back; nanmax and nanmin with `initial` give it for a
    slice of NaN alone."""
    a = rng.normal(size=(3, 5))
    a[1, 1] = np.nan
    a[2, :] = np.nan
    where = a > -0.5
    ints = rng.integers(-5, 5, size=(3, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for x in (a, a.astype(np.float32), ints):
            for name, kwargs in [
                    ("nansum", dict(dtype=np.float32)),
                    ("nansum", dict(axis=1, where=where, initial=1.0)),
                    ("nanprod", dict(axis=0, dtype=np.float64, where=where)),
                    ("nanmean", dict(axis=0, dtype=np.float32)),
                    ("nanmean", dict(axis=1, where=where, keepdims=True)),
                    ("nanmax", dict(axis=1, initial=-10.0)),
                    ("nanmax", dict(axis=1, where=where, initial=-9.0)),
                    ("nanmin", dict(axis=0, where=where, initial=9.0)),
                    ("nanvar", dict(dtype=np.float32, ddof=1)),
                    ("nanvar", dict(axis=1, where=where)),
                    ("nanstd", dict(axis=0, correction=1)),
                    ("nanstd", dict(axis=1, where=where, ddof=1))]:
                assert_matches(getattr(ten, name)(x, **kwargs),
                               getattr(np, name)(x, **kwargs), rtol=1e-6)


@pytest.mark.parametrize("shape", [(300, 37), (1000, 3), (17, 1001)])
def test_library_math_values_agree_between_users(shape):
    """A value computed with a library's math function and read by several
    ops is the same value in each: a row's softmax in f64 equals its own
    maximum somewhere, and the argmax of a transcendental expression is
    the position of its maximum (a vector variant and the scalar function
    of a loop's remainder may round an element differently, so each user
    must not compute it anew)."""
    x = np.random.default_rng(5).standard_normal(shape) * 4

    def one_hot(a):
        e = ten.exp(a - a.max(axis=1, keepdims=True))
        p = e / e.sum(axis=1, keepdims=True)
        return p == p.max(axis=1, keepdims=True)

    assert (ten.jit(one_hot)(x).sum(axis=1) >= 1).all()
    scores = ten.jit(lambda a: ten.argmax(ten.sin(a) * ten.log1p(a * a),
                                          axis=1))(x)
    np.testing.assert_array_equal(
        scores, np.argmax(np.sin(x) * np.log1p(x * x), axis=1))
