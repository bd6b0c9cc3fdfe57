"""Elementwise functions against NumPy: every dtype, broadcasting shapes
(0-d, size 1, size 0), mixed dtypes and Python scalars."""

import math

import numpy as np
import pytest

import ten
from conftest import ALL_DTYPES, BF16, BOOL, FLOATS, INTS, assert_matches, random_array

SHAPE_PAIRS = [
    ((), ()),
    ((5,), ()),
    ((1,), (3,)),
    ((2, 3), (3,)),
    ((2, 1, 4), (3, 1)),
    ((1, 1), (1, 1)),
    ((0, 3), (3,)),
    ((4, 1), (0,)),
]

BINARY = [
    (ten.add, np.add),
    (ten.subtract, np.subtract),
    (ten.multiply, np.multiply),
    (ten.divide, np.divide),
    (ten.maximum, np.maximum),
    (ten.minimum, np.minimum),
]


def _numpy_or_error(function, *args):
    try:
        with np.errstate(all="ignore"):
            return function(*args), None
    except TypeError as error:
        return None, error


@pytest.mark.parametrize("shapes", SHAPE_PAIRS, ids=str)
@pytest.mark.parametrize("functions", BINARY, ids=lambda f: f[1].__name__)
def test_binary_shapes(rng, functions, shapes):
    ours, numpys = functions
    a = random_array(rng, shapes[0], np.float32)
    b = random_array(rng, shapes[1], np.float32)
    assert_matches(ours(a, b), numpys(a, b))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("functions", BINARY, ids=lambda f: f[1].__name__)
def test_binary_dtypes(rng, functions, dtype):
    ours, numpys = functions
    a = random_array(rng, (3, 4), dtype)
    b = random_array(rng, (4,), dtype)
    want, error = _numpy_or_error(numpys, a, b)
    if error is not None:
        # NumPy refuses (boolean subtract): so does ten, with TypeError.
        with pytest.raises(TypeError):
            ours(a, b)
        return
    with np.errstate(all="ignore"):
        assert_matches(ours(a, b), want)


MIXED = [
    (np.float32, np.float64),
    (np.int32, np.float32),
    (np.int8, np.int64),
    (np.bool_, np.int32),
    (np.float16, np.float32),
    (BF16, np.float32),
    (np.int8, np.float16),
]


@pytest.mark.parametrize("dtypes", MIXED, ids=str)
@pytest.mark.parametrize("functions", BINARY[:4], ids=lambda f: f[1].__name__)
def test_binary_promotes_like_numpy(rng, functions, dtypes):
    ours, numpys = functions
    a = random_array(rng, (2, 3), dtypes[0])
    b = random_array(rng, (3,), dtypes[1])
    with np.errstate(all="ignore"):
        assert_matches(ours(a, b), numpys(a, b))


@pytest.mark.parametrize("scalar", [2, 2.5, True, -3], ids=repr)
@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.float16, np.float32, BOOL], ids=str)
def test_python_scalars_are_weak(rng, dtype, scalar):
    a = random_array(rng, (4,), dtype)
    for ours, numpys in BINARY[:3]:
        want, error = _numpy_or_error(numpys, a, scalar)
        if error is not None:
            with pytest.raises(TypeError):
                ours(a, scalar)
            continue
        assert_matches(ours(a, scalar), want)
        assert_matches(ours(scalar, a), numpys(scalar, a))


@pytest.mark.parametrize("dtype", INTS + FLOATS, ids=str)
def test_power(rng, dtype):
    base = np.abs(random_array(rng, (3, 4), dtype)) + np.asarray(1, dtype)
    exponent = np.abs(random_array(rng, (4,), dtype))
    assert_matches(ten.power(base, exponent), np.power(base, exponent))


def _sigmoid(x):
    return 1 / (1 + np.exp(-x.astype(np.float64)))


def _erf(x):
    return np.vectorize(math.erf)(x.astype(np.float64))


def _erfc(x):
    return np.vectorize(math.erfc)(x.astype(np.float64))


def _rsqrt(x):
    return 1 / np.sqrt(x.astype(np.float64))


# (ten's function, the reference, the dtype rule's NumPy function, whether
# the inputs must be positive)
UNARY = [
    (ten.negative, np.negative, None, False),
    (ten.abs, np.abs, None, False),
    (ten.exp, np.exp, None, False),
    (ten.log, np.log, None, True),
    (ten.sqrt, np.sqrt, None, True),
    (ten.tanh, np.tanh, None, False),
    (ten.sin, np.sin, None, False),
    (ten.cos, np.cos, None, False),
    (ten.sigmoid, _sigmoid, np.exp, False),
    (ten.erf, _erf, np.exp, False),
    (ten.erfc, _erfc, np.exp, False),
    (ten.rsqrt, _rsqrt, np.sqrt, True),
]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("functions", UNARY, ids=lambda f: f[0].__name__)
def test_unary(rng, functions, dtype):
    ours, reference, dtype_rule, positive = functions
    x = random_array(rng, (3, 5), dtype)
    if positive and dtype != BOOL:
        x = np.abs(x) + np.asarray(1, dtype)
    rule = dtype_rule or reference
    want, error = _numpy_or_error(rule, x)
    if dtype.kind == "c" and dtype_rule is not None:
        # sigmoid, erf and rsqrt, which NumPy lacks, take real numbers only.
        error = TypeError()
    if error is not None:
        with pytest.raises(TypeError):
            ours(x)
        return
    want_dtype = np.asarray(want).dtype
    with np.errstate(all="ignore"):
        want = np.asarray(reference(x)).astype(want_dtype)
    assert_matches(ours(x), want)


@pytest.mark.parametrize("shape", [(), (1,), (7,), (2, 0), (2, 3, 4)], ids=str)
def test_unary_shapes(rng, shape):
    x = random_array(rng, shape, np.float32)
    assert_matches(ten.exp(x), np.exp(x))
    assert_matches(ten.relu(x), np.maximum(x, 0))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_relu(rng, dtype):
    x = random_array(rng, (6,), dtype)
    if dtype.kind == "c":
        with pytest.raises(TypeError, match="ten.relu"):
            ten.relu(x)
        return
    assert_matches(ten.relu(x), np.maximum(x, 0))


COMPARISONS = [
    (ten.equal, np.equal),
    (ten.not_equal, np.not_equal),
    (ten.less, np.less),
    (ten.less_equal, np.less_equal),
    (ten.greater, np.greater),
    (ten.greater_equal, np.greater_equal),
]


@pytest.mark.parametrize("dtypes", [(np.float32, np.float32), (np.int32, np.float64), (BOOL, BOOL), (np.int8, np.int64)], ids=str)
@pytest.mark.parametrize("functions", COMPARISONS, ids=lambda f: f[1].__name__)
def test_comparisons(rng, functions, dtypes):
    ours, numpys = functions
    a = random_array(rng, (3, 1), dtypes[0])
    b = random_array(rng, (4,), dtypes[1])
    assert_matches(ours(a, b), numpys(a, b))
    assert_matches(ours(a, 0.5), numpys(a, 0.5))


def test_comparisons_with_nan():
    a = np.array([np.nan, 1.0, np.nan], np.float32)
    b = np.array([np.nan, np.nan, 2.0], np.float32)
    for ours, numpys in COMPARISONS:
        assert_matches(ours(a, b), numpys(a, b))


@pytest.mark.parametrize("dtypes", [(np.float32, np.float32), (np.int32, np.float32), (np.int8, np.int8), (BOOL, BOOL), (BF16, BF16)], ids=str)
@pytest.mark.parametrize("shapes", [((3, 4), (3, 4), (3, 4)), ((3, 1), (4,), ()), ((), (2, 2), (1,))], ids=str)
def test_where(rng, shapes, dtypes):
    condition = random_array(rng, shapes[0], BOOL)
    x = random_array(rng, shapes[1], dtypes[0])
    y = random_array(rng, shapes[2], dtypes[1])
    assert_matches(ten.where(condition, x, y), np.where(condition, x, y))


def test_where_condition_not_bool(rng):
    condition = random_array(rng, (5,), np.int32)
    x = random_array(rng, (5,), np.float32)
    assert_matches(ten.where(condition, x, -1.0), np.where(condition, x, -1.0))


@pytest.mark.parametrize("source", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("target", ALL_DTYPES, ids=str)
def test_astype(rng, source, target):
    x = random_array(rng, (7,), source)
    assert_matches(ten.astype(x, target), x.astype(target))


def _random_broadcast_pair(rng):
    """Two shapes that broadcast: a common shape with dims dropped from the
    front of either and sizes set to 1 here and there."""
    rank = int(rng.integers(0, 5))
    common = [int(rng.integers(0, 4)) if rng.random() < 0.1 else int(rng.integers(1, 5)) for _ in range(rank)]
    shapes = []
    for _ in range(2):
        shape = [1 if rng.random() < 0.3 else size for size in common]
        shapes.append(tuple(shape[int(rng.integers(0, rank + 1)):]))
    return shapes


@pytest.mark.parametrize("seed", range(60))
def test_random_broadcasting(seed):
    rng = np.random.default_rng(1000 + seed)
    shapes = _random_broadcast_pair(rng)
    ours, numpys = BINARY[int(rng.integers(0, len(BINARY)))]
    dtype = [np.float32, np.float64, np.int32, np.int64][int(rng.integers(0, 4))]
    a = random_array(rng, shapes[0], dtype)
    b = random_array(rng, shapes[1], dtype)
    with np.errstate(all="ignore"):
        want = numpys(a, b)
    assert_matches(ours(a, b), want)


def test_python_numbers_only():
    assert_matches(ten.add(1, 2.5), np.asarray(np.add(1, 2.5)))
    assert_matches(ten.multiply(3, 4), np.asarray(np.multiply(3, 4)))
    assert_matches(ten.where(True, 1.0, 2.0), np.where(True, 1.0, 2.0))
    assert_matches(ten.exp(1.0), np.asarray(np.exp(1.0)))


# The ops NumPy has no function for, by their formulas.
_FORMULAS = {
    "relu": lambda x: np.maximum(x, 0),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "rsqrt": lambda x: 1 / np.sqrt(x),
    "erf": np.vectorize(math.erf, otypes=[np.float64]),
    "erfc": np.vectorize(math.erfc, otypes=[np.float64]),
}


def test_every_catalogue_op_is_a_function(rng):
    """Every elementwise op of the dialect's catalogue (generated from its
    ODS) is a function of the package, named as NumPy names it, computing
    what NumPy's function of that name computes, in its dtype."""
    from ten import _ten

    catalogue = _ten.op_catalogue()
    assert len(catalogue) >= 19
    for arity, mnemonic, name, rule, summary in catalogue:
        function = getattr(ten, name)
        assert name in ("abs", "relu") or summary in function.__doc__
        operands = [
            np.abs(rng.standard_normal((3, 5))).astype(np.float32) + 0.5
            for _ in range(arity)
        ]
        reference = getattr(np, name, None) or _FORMULAS[name]
        with np.errstate(all="ignore"):
            try:
                want = reference(*operands)
            except TypeError:
                # Bits and shifts take integers only.
                operands = [rng.integers(1, 6, (3, 5)).astype(np.int32)
                            for _ in range(arity)]
                want = reference(*operands)
        if name in ("erf", "erfc"):
            want = want.astype(np.float32)
        assert_matches(function(*operands), want)


@pytest.mark.parametrize("exponent", [
    np.array([2, -1]), np.int8(-3), -1, [1, -2]], ids=repr)
def test_integers_to_negative_integer_powers_raise(exponent):
    """NumPy's ValueError wherever the exponent's values are at hand; a
    float base or exponent, or traced exponents (PyTorch's values), do not
    raise."""
    base = np.array([2, 3], np.int32)
    with pytest.raises(ValueError, match="negative integer powers"):
        np.power(base, exponent)
    with pytest.raises(ValueError, match="negative integer powers"):
        ten.power(base, exponent)
    with pytest.raises(ValueError, match="negative integer powers"):
        ten.pow(True, exponent)
    assert_matches(ten.power(base.astype(np.float32), exponent),
                   np.power(base.astype(np.float32), exponent))
    assert_matches(ten.power(base, np.abs(np.asarray(exponent))),
                   np.power(base, np.abs(np.asarray(exponent))))

    @ten.jit
    def traced(b, e):
        return b ** e

    assert_matches(traced(np.array([2, 1, -1]), np.array([-1, -2, -3])),
                   np.array([0, 1, -1]))


def test_power_fast_paths_of_a_scalar_exponent():
    """NumPy's float32 and float64 power loop computes a scalar exponent of
    0.5 as sqrt (-0 stays -0, -inf gives NaN) and -1, 0, 1, 2 directly; an
    array of exponents goes through pow (+0 and +inf). float16's loop has
    no such cases. (An exponent broadcast along some axes only takes the
    fast path or not as NumPy's iterator orders the loops; ten takes pow.)"""
    special = [-0.0, -np.inf, np.inf, 4.0, -4.0, np.nan, 0.0]
    with np.errstate(all="ignore"):
        for dtype in (np.float16, np.float32, np.float64):
            x = np.array(special, dtype)
            for exponent in (0.5, -1.0, 0.0, 1.0, 2.0):
                scalar = dtype(exponent)
                _same_bits(ten.power(x, scalar), np.power(x, scalar))
                _same_bits(ten.power(x, exponent), np.power(x, exponent))
            halves = np.full(x.shape, 0.5, dtype)
            _same_bits(ten.power(x, halves), np.power(x, halves))


def test_power_operator_fast_paths():
    """ndarray's ** with a Python 2 squares (booleans give int8), and of
    floats and complex numbers a Python 0.5 is sqrt and -1 a reciprocal."""
    @ten.jit
    def powers(b, f, c):
        return b ** 2, f ** 0.5, f ** -1, c ** 0.5, c ** -1, f ** 2

    b = np.array([True, False])
    f = np.array([-0.0, -np.inf, 4.0], np.float16)
    c = np.array([complex(-np.inf, 0), 4j, -4 + 0j])
    with np.errstate(all="ignore"):
        want = (b ** 2, f ** 0.5, f ** -1, c ** 0.5, c ** -1, f ** 2)
        for got, expected in zip(powers(b, f, c), want):
            _same_bits(got, expected)


def _same_bits(got, want):
    """The same values within an ulp or two, infinities, NaNs and zeros'
    signs exactly."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    if want.dtype.kind not in "fc":
        np.testing.assert_array_equal(got, want)
        return
    for part in ((np.real, np.imag) if want.dtype.kind == "c" else (np.real,)):
        g, w = part(got), part(want)
        np.testing.assert_allclose(g, w, rtol=4 * np.finfo(w.dtype).eps,
                                   atol=0)
        numbers = ~np.isnan(w)
        assert np.array_equal(np.signbit(g[numbers]), np.signbit(w[numbers])), \
            (got, want)


def test_python_integers_beyond_the_arrays_range():
    """NumPy 2 compares an integer array with a Python integer beyond its
    range by value, casts one into `where` as C casts an int64 (300 into
    int8 is 44), and refuses it in arithmetic (OverflowError, before
    power's ValueError for negative exponents)."""
    i8 = np.array([1, -2, 3], np.int8)
    u8 = np.array([1, 2, 3], np.uint8)
    for a, number in [(i8, 300), (i8, -129), (u8, -1), (u8, 256),
                      (i8, 2**70), (u8, -2**70)]:
        for name in ("equal", "not_equal", "less", "less_equal", "greater",
                     "greater_equal"):
            assert_matches(getattr(ten, name)(a, number),
                           getattr(np, name)(a, number))
            assert_matches(getattr(ten, name)(number, a),
                           getattr(np, name)(number, a))
        with pytest.raises(OverflowError):
            ten.add(a, number)
    assert_matches(ten.where(i8 > 5, i8, 300), np.where(i8 > 5, i8, 300))
    assert_matches(ten.where(u8 > 5, -1, u8), np.where(u8 > 5, -1, u8))
    with pytest.raises(OverflowError):
        ten.power(300, i8)
    with pytest.raises(OverflowError):
        ten.power(u8, -1)
    with pytest.raises(OverflowError):
        ten.equal(np.array([True]), 2**70)


def test_numpys_other_type_names():
    """NumPy's C names of the types ten has, the platform's integers and the
    abstract types, for dtype arguments and issubdtype."""
    for name in ("byte", "ubyte", "short", "ushort", "intc", "uintc", "int_",
                 "uint", "intp", "uintp", "long", "ulong", "longlong",
                 "ulonglong", "half", "single", "double", "csingle",
                 "cdouble", "bool"):
        assert getattr(ten, name) is getattr(np, name)
        assert_matches(ten.zeros(2, getattr(ten, name)),
                       np.zeros(2, getattr(np, name)))
    for name in ("generic", "number", "integer", "signedinteger",
                 "unsignedinteger", "inexact", "floating", "complexfloating"):
        assert getattr(ten, name) is getattr(np, name)
    assert ten.issubdtype(ten.float32, ten.floating)
    assert_matches(ten.add(np.ones(3, np.longlong), 1),
                   np.add(np.ones(3, np.longlong), 1))


UFUNC_KEYWORD_CALLS = [
    lambda m, x, f: m.add(x, x, dtype=np.float32),
    lambda m, x, f: m.sqrt(x, dtype=np.float32),
    lambda m, x, f: m.add(f, 2.5, dtype=np.int32, casting="unsafe"),
    lambda m, x, f: m.add(True, 2, dtype=np.float32),
    lambda m, x, f: m.floor_divide(7.0, 2, dtype=np.int64, casting="unsafe"),
    lambda m, x, f: m.add(x, x, signature=(None, None, np.float64)),
    lambda m, x, f: m.less(x, 2.5, dtype=bool),
    lambda m, x, f: m.divmod(x, 3, dtype=np.float64),
    lambda m, x, f: m.multiply(x, 2.5, np.zeros(4)),
    lambda m, x, f: m.negative(x, out=np.full(4, 7, np.int32), where=x > 1),
    lambda m, x, f: m.add(x, x, out=np.zeros(4, np.int16),
                          where=[True, False, True, False], casting="unsafe"),
    lambda m, x, f: m.add(x, 1.5, out=np.zeros(4, np.int32), casting="unsafe"),
    lambda m, x, f: m.divmod(x, 3, np.zeros(4, np.int32), np.zeros(4, np.int32)),
    lambda m, x, f: m.modf(f, np.zeros(4), None),
    lambda m, x, f: m.add(x, x, casting="no", order="C", subok=True),
]


@pytest.mark.parametrize("case", range(len(UFUNC_KEYWORD_CALLS)))
def test_ufunc_keywords(case):
    """NumPy's ufunc keywords: the loop's dtype (`dtype`, `signature`) that
    the operands are cast to, `casting`, `out` (positional too) and
    `where`: NumPy's dtypes and values."""
    call = UFUNC_KEYWORD_CALLS[case]
    x = np.arange(4, dtype=np.int32)
    f = np.linspace(-1.5, 1.5, 4)
    want, got = call(np, x, f), call(ten, x, f)
    want = want if isinstance(want, tuple) else (want,)
    got = got if isinstance(got, tuple) else (got,)
    for g, w in zip(got, want):
        assert_matches(g, w)


@pytest.mark.parametrize("call, error, message", [
    (lambda m, x: m.add(x, np.int64(1), casting="no"), TypeError,
     "with casting rule 'no'"),
    (lambda m, x: m.add(x.astype(float), x, dtype=np.int32), TypeError,
     "input 0 from dtype\\('float64'\\) to dtype\\('int32'\\)"),
    (lambda m, x: m.add(x, x, out=np.zeros(4, np.int16), casting="safe"),
     TypeError, "output from dtype\\('int32'\\) to dtype\\('int16'\\)"),
    (lambda m, x: m.add(x, x, dtype=np.float32, signature=(None,) * 3),
     TypeError, "both 'signature' and 'dtype'"),
    (lambda m, x: m.add(x, x, casting="bogus"), ValueError,
     "casting must be one of"),
    (lambda m, x: m.add(x, x, x, x), TypeError, "positional arguments"),
    (lambda m, x: m.add(x, x, np.zeros(4), out=np.zeros(4)), TypeError,
     "both a positional and keyword"),
])
def test_ufunc_keyword_errors(call, error, message):
    x = np.arange(4, dtype=np.int32)
    with pytest.raises(error):
        call(np, x)
    with pytest.raises(error, match=message):
        call(ten, x)


def test_ufunc_keywords_on_traced_values():
    """dtype and casting through ten's functions and NumPy's ufuncs inside
    a traced program; `out` and `where` need an array to write to."""
    @ten.jit
    def f(x):
        return ten.add(x, 1, dtype=np.float32), np.multiply(x, x, dtype=np.int64)

    x = np.arange(4, dtype=np.int32)
    got = f(x)
    assert_matches(got[0], np.add(x, 1, dtype=np.float32))
    assert_matches(got[1], np.multiply(x, x, dtype=np.int64))
    with pytest.raises(TypeError, match="out"):
        ten.jit(lambda x: ten.add(x, x, out=np.zeros(4)))(x)
    # ten.add.at is still there.
    a = np.zeros(3)
    ten.add.at(a, [0, 0, 2], 1.0)
    assert_matches(a, np.array([2.0, 0.0, 1.0]))


UFUNC_METHOD_CALLS = [
    lambda m, x, f: m.add.reduce(x),
    lambda m, x, f: m.add.reduce(x, axis=None, dtype=np.float32),
    lambda m, x, f: m.multiply.reduce(x, axis=1, keepdims=True),
    lambda m, x, f: m.maximum.reduce(f, axis=(0, 1)),
    lambda m, x, f: m.minimum.reduce(f, initial=-5),
    lambda m, x, f: m.logical_and.reduce(x % 2 == 0, axis=1),
    lambda m, x, f: m.logical_or.reduce(x % 2 == 0),
    lambda m, x, f: m.add.reduce(f, where=f > 0),
    lambda m, x, f: m.add.reduce(np.float64(3)),
    lambda m, x, f: m.add.reduce(x, out=np.zeros(4, np.int64)),
    lambda m, x, f: m.add.accumulate(x),
    lambda m, x, f: m.multiply.accumulate(x, axis=1),
    lambda m, x, f: m.maximum.accumulate(f, axis=1),
    lambda m, x, f: m.add.accumulate(x, dtype=np.float64),
    lambda m, x, f: m.add.outer(x[0], x[:, 0]),
    lambda m, x, f: m.subtract.outer(f, [1, 2]),
    lambda m, x, f: m.less.outer([1, 2, 3], [2]),
    lambda m, x, f: m.add.outer(2, [1, 2]),
    lambda m, x, f: m.arctan2.outer(f[0], f[1], dtype=np.float32),
    # Every other binary ufunc's reduce and accumulate, and reduceat.
    lambda m, x, f: m.fmax.reduce(f, axis=1),
    lambda m, x, f: m.fmin.reduce(f, axis=(0, 1), keepdims=True),
    lambda m, x, f: m.fmax.reduce(f, axis=1, where=f < 0.5, initial=-9.0),
    lambda m, x, f: m.bitwise_or.reduce(x, axis=None),
    lambda m, x, f: m.bitwise_and.reduce(x.astype(np.uint8)),
    lambda m, x, f: m.bitwise_xor.reduce(x, axis=1, where=x > 3),
    lambda m, x, f: m.logical_xor.reduce(f, axis=1),
    lambda m, x, f: m.gcd.reduce(x * 6, axis=1),
    lambda m, x, f: m.hypot.reduce(x),
    lambda m, x, f: m.logaddexp.reduce(f, axis=None),
    lambda m, x, f: m.subtract.reduce(x, axis=1),
    lambda m, x, f: m.subtract.reduce(f, axis=1, where=f > 0, initial=1.0),
    lambda m, x, f: m.divide.reduce(x, axis=0, dtype=np.float32),
    lambda m, x, f: m.floor_divide.reduce(x[:, ::-1] * 7, axis=1),
    lambda m, x, f: m.power.reduce(x[:, :2] % 4, axis=1),
    lambda m, x, f: m.fmod.reduce(f, axis=1, where=f < 0, initial=0.75),
    lambda m, x, f: m.fmax.accumulate(f, axis=1),
    lambda m, x, f: m.bitwise_or.accumulate(x),
    lambda m, x, f: m.subtract.accumulate(x, axis=1),
    lambda m, x, f: m.divide.accumulate(f, axis=1),
    lambda m, x, f: m.arctan2.accumulate(f, axis=1, dtype=np.float32),
    lambda m, x, f: m.add.reduceat(x, [0, 2, 1, 3], axis=1),
    lambda m, x, f: m.maximum.reduceat(f, [2, 0]),
    lambda m, x, f: m.subtract.reduceat(f, [0, 2, 2], axis=1),
    lambda m, x, f: m.hypot.reduceat(x, [0.5, 2], axis=1),
]


@pytest.mark.parametrize("case", range(len(UFUNC_METHOD_CALLS)))
def test_ufunc_methods(case):
    """reduce, accumulate and outer of the ufuncs ten has them for, on
    arrays and on traced values (ten's methods, and NumPy's ufunc methods
    inside a traced program)."""
    call = UFUNC_METHOD_CALLS[case]
    x = np.arange(1, 13, dtype=np.int32).reshape(3, 4)
    f = np.linspace(-1, 1, 12).reshape(3, 4)
    want = call(np, x, f)
    assert_matches(call(ten, x, f), want)
    if "out=" not in getattr(call, "__code__").co_names and case != 9:
        assert_matches(ten.jit(lambda x, f: call(ten, x, f))(x, f), want)
        assert_matches(ten.jit(lambda x, f: call(np, x, f))(x, f), want)


def test_ufunc_attributes():
    for name in ("add", "multiply", "maximum", "exp", "divmod", "logical_or"):
        ufunc, function = getattr(np, name), getattr(ten, name)
        assert (function.nin, function.nout, function.nargs) == (
            ufunc.nin, ufunc.nout, ufunc.nargs)
        assert function.identity == ufunc.identity
    with pytest.raises(TypeError, match="scalar"):
        ten.add.accumulate(np.float64(3))


def test_ufunc_method_errors():
    """NumPy's errors: no identity, several axes of a ufunc that is not
    reorderable, loops no reduction has, methods of unary ufuncs, indices
    out of range; and the limit of a fold one element at a time."""
    f = np.linspace(-1, 1, 12).reshape(3, 4)
    with pytest.raises(ValueError, match="fmax which has no identity"):
        ten.fmax.reduce(np.zeros((0, 3)))
    assert_matches(ten.hypot.reduce(np.zeros((0, 3))), np.zeros(3))
    with pytest.raises(ValueError, match="to specify 'initial'"):
        ten.fmax.reduce(f, where=f > 0)
    with pytest.raises(ValueError, match="not reorderable"):
        ten.subtract.reduce(f, axis=(0, 1))
    with pytest.raises(np.exceptions.AxisError):
        ten.fmax.reduce(f, axis=2)
    with pytest.raises(TypeError):
        ten.equal.reduce(f)
    with pytest.raises(TypeError):
        ten.gcd.reduce(f)
    with pytest.raises(ValueError, match="reduce only supported for binary"):
        ten.sin.reduce(f)
    with pytest.raises(ValueError, match="outer product only supported"):
        ten.exp.outer(f, f)
    with pytest.raises(ValueError, match="returning a single value"):
        ten.divmod.accumulate(f)
    with pytest.raises(IndexError, match="out-of-bounds in add.reduceat"):
        ten.add.reduceat(f, [0, 9])
    with pytest.raises(NotImplementedError, match="at most 1024"):
        ten.power.reduce(np.ones(2000))
    # subtract and divide fold through add and multiply: no such limit.
    long = np.arange(1.0, 5001.0)
    assert_matches(ten.subtract.reduce(long), np.subtract.reduce(long))


def test_extremes_accumulate_in_a_dtype():
    x = np.array([3, -1, 7, 2], dtype=np.int32)
    assert_matches(ten.maximum.accumulate(x, dtype=np.float64),
                   np.maximum.accumulate(x, dtype=np.float64))
    traced = ten.jit(lambda x: np.minimum.accumulate(x, dtype=np.int64))
    assert_matches(traced(x), np.minimum.accumulate(x, dtype=np.int64))


@pytest.mark.parametrize("call", [
    lambda m: m.exp(1j), lambda m: m.abs(3 + 4j), lambda m: m.sqrt(-1 + 0j),
    lambda m: m.conj(1j), lambda m: m.angle(1 + 1j, deg=True),
    lambda m: m.real(1j), lambda m: m.isfinite(1j),
    lambda m: m.multiply(True, 1j), lambda m: m.power(1j, 2),
])
def test_python_complex_numbers_alone(call):
    """A Python complex number as the only operand is a complex128 0-d
    array, as NumPy takes it (it was refused as no array)."""
    assert_matches(np.asarray(call(ten)), np.asarray(call(np)))


SCALAR_RESULTS = [
    lambda m, x, a: m.sum(x), lambda m, x, a: m.argmax(x),
    lambda m, x, a: m.mean(x), lambda m, x, a: m.add(1, 2),
    lambda m, x, a: m.exp(np.float32(1)), lambda m, x, a: m.divmod(7, 2),
    lambda m, x, a: m.dot(x, x), lambda m, x, a: m.einsum("i,i", x, x),
    lambda m, x, a: m.trace(a), lambda m, x, a: m.quantile(x, 0.3),
    lambda m, x, a: m.take(x, 2), lambda m, x, a: m.linalg.det(a),
    lambda m, x, a: m.linalg.norm(x), lambda m, x, a: m.linalg.matrix_rank(a),
    lambda m, x, a: m.linalg.slogdet(a), lambda m, x, a: m.add.reduce(x),
    lambda m, x, a: m.count_nonzero(x), lambda m, x, a: m.searchsorted(x, 3.5),
    lambda m, x, a: m.digitize(2.5, x), lambda m, x, a: m.isreal(x[0]),
    # NumPy's 0-d arrays stay arrays.
    lambda m, x, a: m.i0(x[0]),
    lambda m, x, a: m.where(True, 1.0, 2.0), lambda m, x, a: m.zeros(()),
    lambda m, x, a: m.reshape(x[:1], ()), lambda m, x, a: m.cov(x),
    lambda m, x, a: m.sum(x, keepdims=True),
    lambda m, x, a: m.add(np.array(1.0), 2.0, out=np.zeros(())),
]


@pytest.mark.parametrize("case", range(len(SCALAR_RESULTS)))
def test_scalar_results_as_numpy_gives_them(case):
    """A 0-d result is a NumPy scalar where NumPy's function gives one (a
    hashable np.float64, also a Python float), a 0-d array where NumPy's
    gives an array; 64-bit integers of NumPy's own int64 type."""
    call = SCALAR_RESULTS[case]
    x = np.arange(1, 7.0)
    a = np.eye(3) + 0.1
    want, got = call(np, x, a), call(ten, x, a)
    # ten.linalg's result types are its own named tuples.
    wants = want if isinstance(want, tuple) else (want,)
    gots = got if isinstance(want, tuple) else (got,)
    assert isinstance(gots, tuple) and len(gots) == len(wants)
    for g, w in zip(gots, wants):
        assert type(g) is type(w), (type(g), type(w))
        assert_matches(g, w)


def test_integer_results_are_numpy_int64():
    r = ten.add(np.arange(3), 1)
    assert r.dtype.type is np.int64 and type(r[0]) is np.int64
    assert ten.add(np.arange(3, dtype=np.uint64), 1).dtype.type is np.uint64
    assert {ten.argmax(np.ones(3)): 1}  # hashable, as NumPy's scalars
