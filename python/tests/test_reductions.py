"""Reductions against NumPy: every kind, axis (None, int, negative, tuple,
empty tuple) and keepdims, over dtypes and shapes with sizes 0 and 1."""

import warnings

import numpy as np
import pytest

import ten
from conftest import ALL_DTYPES, BF16, BOOL, assert_matches, random_array

REDUCTIONS = [
    (ten.sum, np.sum),
    (ten.prod, np.prod),
    (ten.mean, np.mean),
    (ten.max, np.max),
    (ten.min, np.min),
    (ten.any, np.any),
    (ten.all, np.all),
]

AXES = {
    (): [None, ()],
    (1,): [None, 0, -1],
    (5,): [None, 0, (0,)],
    (3, 4): [None, 0, 1, -1, (0, 1), (1, 0), ()],
    (2, 3, 4): [None, 0, 2, (0, 2), (-1, 0), (0, 1, 2)],
    (2, 1, 3): [1, (0, 1)],
}
CASES = [(shape, axis) for shape, axes in AXES.items() for axis in axes]


def _reference(function, x, axis, keepdims):
    # The mean of nothing is NaN, with a warning that is not ours to show.
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.asarray(function(x, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("case", CASES, ids=str)
@pytest.mark.parametrize("functions", REDUCTIONS, ids=lambda f: f[1].__name__)
def test_axes_and_keepdims(rng, functions, case, keepdims):
    ours, numpys = functions
    shape, axis = case
    x = random_array(rng, shape, np.float32, low=0.5, high=1.5)
    assert_matches(ours(x, axis=axis, keepdims=keepdims), _reference(numpys, x, axis, keepdims))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
@pytest.mark.parametrize("functions", REDUCTIONS, ids=lambda f: f[1].__name__)
def test_dtypes(rng, functions, dtype):
    ours, numpys = functions
    x = random_array(rng, (3, 5), dtype)
    want = _reference(numpys, x, 1, False)
    # NumPy sums 16-bit floats pairwise in their own precision; ten
    # accumulates them in f32 and rounds once: closer, and within the dtype's
    # tolerance of NumPy's.
    assert_matches(ours(x, axis=1), want)
    assert_matches(ours(x), _reference(numpys, x, None, False))


@pytest.mark.parametrize("functions", REDUCTIONS[:3] + REDUCTIONS[5:], ids=lambda f: f[1].__name__)
def test_empty(functions):
    ours, numpys = functions
    x = np.ones((2, 0, 3), np.float32)
    for axis in [1, (0, 1), None]:
        assert_matches(ours(x, axis=axis), _reference(numpys, x, axis, False))


@pytest.mark.parametrize("function", [ten.max, ten.min, ten.argmax, ten.argmin])
def test_empty_without_identity(function):
    # NumPy raises ValueError; so does ten, with the compiler's reason.
    with pytest.raises(ValueError, match="identity|size 0"):
        function(np.ones((2, 0), np.float32), axis=1)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, BOOL, np.float64, np.int8, np.uint16, np.complex64], ids=str)
@pytest.mark.parametrize("functions", [(ten.argmax, np.argmax), (ten.argmin, np.argmin)], ids=lambda f: f[1].__name__)
def test_arg_reductions(rng, functions, dtype, axis, keepdims):
    ours, numpys = functions
    # Few distinct values, so that ties (the first index wins) are common;
    # complex numbers tie in their real parts too.
    x = rng.integers(0, 3, size=(4, 5)).astype(dtype)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * rng.integers(0, 3, size=(4, 5))
    assert_matches(ours(x, axis=axis, keepdims=keepdims), numpys(x, axis=axis, keepdims=keepdims))


def test_nan_propagates():
    x = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, 6.0]], np.float32)
    for ours, numpys in [(ten.max, np.max), (ten.min, np.min), (ten.sum, np.sum), (ten.argmax, np.argmax)]:
        assert_matches(ours(x, axis=1), numpys(x, axis=1))


def test_bad_axes():
    x = np.ones((2, 3), np.float32)
    with pytest.raises(np.exceptions.AxisError):
        ten.sum(x, axis=2)
    with pytest.raises(np.exceptions.AxisError):
        ten.sum(x, axis=-3)
    with pytest.raises(ValueError, match="duplicate"):
        ten.sum(x, axis=(0, 0))
    with pytest.raises(np.exceptions.AxisError):
        ten.argmax(x, axis=5)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [0, -1, (0,), (-1,), 1, -2], ids=str)
@pytest.mark.parametrize(
    "functions",
    REDUCTIONS + [(ten.argmax, np.argmax), (ten.argmin, np.argmin)],
    ids=lambda f: f[1].__name__,
)
def test_axes_of_0d(functions, axis, keepdims):
    # NumPy's reductions (not mean) and argmax/argmin take the integer axis
    # 0 or -1 of a 0-d array: its one element. Other axes raise, as tuples
    # do (AxisError; argmax/argmin: TypeError).
    ours, numpys = functions
    x = np.array(2.5, np.float32)
    try:
        want = numpys(x, axis=axis, keepdims=keepdims)
    except (np.exceptions.AxisError, TypeError) as error:
        with pytest.raises(type(error)):
            ours(x, axis=axis, keepdims=keepdims)
        return
    assert_matches(ours(x, axis=axis, keepdims=keepdims), np.asarray(want))


MASKS = {
    "row": np.array([True, False, True, True, False]),
    "column": np.array([[True], [False], [True]]),
    "none": np.zeros((3, 5), bool),
}


@pytest.mark.parametrize("axis, keepdims", [(None, False), (1, False), (1, True), ((0, 1), False)], ids=str)
@pytest.mark.parametrize("mask", MASKS, ids=str)
@pytest.mark.parametrize("dtype", [np.float32, np.int32, BOOL], ids=str)
@pytest.mark.parametrize("functions", REDUCTIONS, ids=lambda f: f[1].__name__)
def test_where(rng, functions, dtype, mask, axis, keepdims):
    """where= leaves elements out (broadcast against the array): sums and
    products take the identity in their place, max and min the initial
    value (NumPy asks for one), the mean divides by the count (NaN for
    none), eagerly and through NumPy's own function in ten.jit."""
    ours, numpys = functions
    x = random_array(rng, (3, 5), dtype)
    where = MASKS[mask]
    kwargs = dict(axis=axis, keepdims=keepdims, where=where)
    if numpys in (np.max, np.min):
        kwargs["initial"] = 7 if dtype != BOOL else False
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        want = np.asarray(numpys(x, **kwargs))
    assert_matches(ours(x, **kwargs), want)
    assert_matches(ten.jit(lambda a: numpys(a, **kwargs))(x), want)


def test_where_without_initial():
    x = np.ones((2, 3), np.float32)
    for function in (ten.max, ten.min):
        with pytest.raises(ValueError, match="specify 'initial'"):
            function(x, where=np.array([True, False, True]))


@pytest.mark.parametrize("initial", [5, np.nan], ids=str)
@pytest.mark.parametrize("axis", [None, 1], ids=str)
@pytest.mark.parametrize("functions", [(ten.sum, np.sum), (ten.prod, np.prod), (ten.max, np.max), (ten.min, np.min)], ids=lambda f: f[1].__name__)
def test_initial(rng, functions, axis, initial):
    """initial= joins the result (NaN too), and is the result of reducing
    nothing, where max and min would have no identity."""
    ours, numpys = functions
    x = random_array(rng, (3, 5), np.float32)
    assert_matches(ours(x, axis=axis, initial=initial), numpys(x, axis=axis, initial=initial))
    i = random_array(rng, (3, 5), np.int64)
    if float(initial).is_integer():
        assert_matches(ours(i, axis=axis, initial=int(initial)), numpys(i, axis=axis, initial=int(initial)))
    empty = np.ones((2, 0), np.float32)
    assert_matches(ours(empty, axis=axis, initial=initial), numpys(empty, axis=axis, initial=initial))
    assert_matches(ours(empty, axis=0, initial=initial, keepdims=True),
                   numpys(empty, axis=0, initial=initial, keepdims=True))


@pytest.mark.parametrize("requested", [np.int8, np.uint16, np.float16, np.float64, BOOL, np.complex64], ids=str)
@pytest.mark.parametrize("source", [np.int32, np.float32, BOOL], ids=str)
@pytest.mark.parametrize("functions", REDUCTIONS[:3], ids=lambda f: f[1].__name__)
def test_dtype(rng, functions, source, requested):
    """dtype= is the accumulator's and the result's dtype: int8 sums wrap,
    booleans sum as `or` and multiply as `and`, an integer mean sums in the
    integer dtype and truncates the quotient."""
    ours, numpys = functions
    # A product of 24 values up to 120 overflows even f32 before a 0 can
    # make it 0, in an order NumPy's loops and ten's need not share (inf *
    # 0 is NaN): products take smaller values.
    high = 6 if numpys is np.prod else 120
    x = rng.integers(0, high, size=(4, 6)).astype(source)
    for axis in (None, 1):
        with np.errstate(all="ignore"):
            want = np.asarray(numpys(x, axis=axis, dtype=requested))
        assert_matches(ours(x, axis=axis, dtype=requested), want)


@pytest.mark.parametrize("seed", range(60))
def test_random_reductions(seed):
    rng = np.random.default_rng(2000 + seed)
    shape = tuple(int(rng.integers(1, 5)) for _ in range(int(rng.integers(0, 4))))
    ndim = len(shape)
    choice = rng.random()
    if choice < 0.2 or ndim == 0:
        axis = None
    elif choice < 0.6:
        axis = int(rng.integers(-ndim, ndim))
    else:
        count = int(rng.integers(1, ndim + 1))
        axis = tuple(int(a) for a in rng.permutation(ndim)[:count])
    keepdims = bool(rng.integers(0, 2))
    ours, numpys = REDUCTIONS[int(rng.integers(0, len(REDUCTIONS)))]
    dtype = [np.float32, np.float64, np.int32, BOOL][int(rng.integers(0, 4))]
    x = random_array(rng, shape, dtype)
    try:
        want = _reference(numpys, x, axis, keepdims)
    except TypeError:
        with pytest.raises(TypeError):
            ours(x, axis=axis, keepdims=keepdims)
        return
    assert_matches(ours(x, axis=axis, keepdims=keepdims), want)
