"""Scattering: assignments through index arrays and boolean masks on traced
values (value semantics) and the ufuncs' `at` (ten.add.at on NumPy arrays,
np.add.at on traced values), checked against NumPy's: every dtype, NumPy's
placement rules for the indexed dimensions, repeated and negative indices,
broadcast values, and indices out of range (an IndexError of the run)."""

import numpy as np
import pytest

import ten

from conftest import ALL_DTYPES, BF16, assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _numpy_set(x, index, value):
    want = x.copy()
    want[index] = value
    return want


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_assign_through_an_index_array_every_dtype(rng, dtype):
    x = random_array(rng, (5, 3), dtype)
    v = random_array(rng, (3, 3), dtype)
    i = np.array([4, 0, -3])

    @ten.jit
    def assign(x, i, v):
        x[i] = v
        return x

    assert_matches(assign(x, i, v), _numpy_set(x, i, v))


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=str)
def test_add_at_every_dtype(rng, dtype):
    a = random_array(rng, (6, 2), dtype)
    b = random_array(rng, (5, 2), dtype)
    i = np.array([1, 1, -5, 5, 0])
    want = a.copy()
    np.add.at(want, i, b)
    got = a.copy()
    assert ten.add.at(got, i, b) is None
    # f16 and bf16 round each step, as NumPy's at does.
    assert_matches(got, want)


def test_placement_rules_of_assignments(rng):
    x = rng.uniform(size=(4, 5, 6)).astype(np.float32)
    i = np.array([3, 0, -1])
    j = np.array([[1], [3]])
    cases = [
        (lambda i, j: (slice(None), i), (4, 3, 6)),
        (lambda i, j: (i, slice(None), i), (3, 5)),  # apart: first
        (lambda i, j: (Ellipsis, i), (4, 5, 3)),
        (lambda i, j: (None, i, slice(1, 4)), (1, 3, 3, 6)),
        (lambda i, j: (j, slice(None), i), (2, 3, 5)),
        (lambda i, j: (1, i), (3, 6)),
        (lambda i, j: (slice(None, None, -1), i, slice(None, None, 2)),
         (4, 3, 3)),
    ]
    for make, shape in cases:
        v = rng.uniform(size=shape).astype(np.float32)

        @ten.jit
        def assign(x, i, j, v):
            x[make(i, j)] = v
            return x

        assert_matches(assign(x, i, j, v), _numpy_set(x, make(i, j), v))

        @ten.jit
        def assign_scalar(x, i, j):
            x[make(i, j)] = 2.5
            return x

        assert_matches(assign_scalar(x, i, j), _numpy_set(x, make(i, j), 2.5))


def test_assigned_values_broadcast_and_convert(rng):
    x = np.arange(12, dtype=np.int16).reshape(3, 4)
    i = np.array([0, 2])

    @ten.jit
    def row(x, i):
        x[i] = np.array([1.9, -2.9, 3.5, 4.0])
        return x

    assert_matches(row(x, i), _numpy_set(x, i, np.array([1.9, -2.9, 3.5, 4.0])))

    @ten.jit
    def leading_ones(x, i):
        x[i, 1] = np.ones((1, 1, 2), np.int16) * 7
        return x

    assert_matches(leading_ones(x, i), _numpy_set(x, (i, 1), np.full((1, 1, 2), 7)))

    @ten.jit
    def too_many(x, i):
        x[i] = np.ones((3, 4), np.int16)
        return x

    with pytest.raises(ValueError, match=r"shape mismatch: value array of shape "
                                         r"\(3, 4\) could not be broadcast to "
                                         r"indexing result of shape \(2, 4\)"):
        too_many(x, i)


def test_repeated_indices_last_assignment_wins_and_augmented_adds_once():
    x = np.zeros(4, np.float32)
    i = np.array([1, 3, 1, 1])
    v = np.array([10, 20, 30, 40], np.float32)

    @ten.jit
    def assign(x, i, v):
        x[i] = v
        return x

    assert_matches(assign(x, i, v), _numpy_set(x, i, v))

    @ten.jit
    def augmented(x, i, v):
        x[i] += v
        return x

    want = x.copy()
    want[i] += v
    assert_matches(augmented(x, i, v), want)


def test_value_semantics_other_values_keep_theirs(rng):
    x = rng.uniform(size=(4, 3)).astype(np.float32)

    @ten.jit
    def f(x, i):
        y = x[1:]
        before = x * 1
        x[i] = 0
        return x, y, before

    got_x, got_y, got_before = f(x, np.array([0, 2]))
    assert_matches(got_x, _numpy_set(x, np.array([0, 2]), 0))
    assert_matches(got_y, x[1:])
    assert_matches(got_before, x)


def test_constant_boolean_mask_assignment(rng):
    x = rng.uniform(size=(4, 3)).astype(np.float64)
    mask = np.array([True, False, True, True])
    v = rng.uniform(size=(3, 3))

    @ten.jit
    def rows(x, v):
        x[mask] = v
        return x

    assert_matches(rows(x, v), _numpy_set(x, mask, v))
    full = x > 0.5

    @ten.jit
    def elements(x):
        x[full] = np.arange(int(full.sum()), dtype=np.float64)
        return x

    assert_matches(elements(x), _numpy_set(x, full, np.arange(int(full.sum()))))


def test_traced_boolean_mask_assignment_is_a_where(rng):
    x = rng.normal(size=(5, 4)).astype(np.float32)

    @ten.jit
    def relu(x):
        x[x < 0] = 0
        return x

    assert_matches(relu(x), np.maximum(x, 0))

    @ten.jit
    def rows(x):
        x[x[:, 0] > 0] = np.array([1, 2, 3, 4], np.float32)
        return x

    assert_matches(rows(x), _numpy_set(x, x[:, 0] > 0, np.array([1, 2, 3, 4])))

    # One value per selected element, x[mask] += v and a mask of the wrong
    # shape: test_masks.py.


@pytest.mark.parametrize("name", ["add", "subtract", "multiply", "maximum",
                                  "minimum"])
@pytest.mark.parametrize("dtype", [np.int8, np.uint16, np.float32,
                                   np.float64, np.complex64], ids=str)
def test_ufunc_at(rng, name, dtype):
    if np.dtype(dtype).kind == "c" and name in ("maximum", "minimum"):
        dtype = np.float16
    a = random_array(rng, (5, 4), np.dtype(dtype))
    b = random_array(rng, (3, 2), np.dtype(dtype))
    index = (np.array([4, 4, -1]), slice(1, 3))
    want = a.copy()
    getattr(np, name).at(want, index, b)
    got = a.copy()
    getattr(ten, name).at(got, index, b)
    assert_matches(got, want)


def test_ufunc_at_index_forms(rng):
    a = rng.uniform(size=(4, 5))
    forms = [
        ((slice(None), np.array([0, 0, 4])), rng.uniform(size=(4, 3))),
        ((np.array([0, 0]), np.array([1, 1])), np.array([1.0, 2.0])),
        (3, 1.5),
        (slice(1, 3), np.array([1.0, 2.0, 3.0, 4.0, 5.0])),
        (np.array([True, False, True, False]), 2.0),
        ([1, 1, 2], 1.0),
        (np.array([], np.int64), 1.0),
    ]
    for index, b in forms:
        want = a.copy()
        np.add.at(want, index, b)
        got = a.copy()
        ten.add.at(got, index, b)
        assert_matches(got, want)


def test_ufunc_at_on_traced_values(rng):
    @ten.jit
    def histogram(bins):
        counts = ten.zeros(10, np.int64)
        np.add.at(counts, bins, 1)
        return counts

    bins = rng.integers(0, 10, size=1000)
    assert_matches(histogram(bins), np.bincount(bins, minlength=10))

    @ten.jit
    def traced_at(x, i, v):
        ten.maximum.at(x, i, v)
        np.subtract.at(x, i, v)
        return x

    x = rng.uniform(size=6).astype(np.float32)
    i = np.array([0, 5, 0])
    v = np.array([2.0, np.nan, 3.0], np.float32)
    want = x.copy()
    with np.errstate(invalid="ignore"):
        np.maximum.at(want, i, v)
        np.subtract.at(want, i, v)
    assert_matches(traced_at(x, i, v), want)


def test_ufunc_at_through_traced_masks(rng):
    @ten.jit
    def f(x):
        np.add.at(x, x > 0, 10.0)
        ten.multiply.at(x, x[:, 0] < 0, 2.0)
        return x

    x = rng.normal(size=(4, 3))
    want = x.copy()
    np.add.at(want, want > 0, 10.0)
    np.multiply.at(want, want[:, 0] < 0, 2.0)
    assert_matches(f(x), want)


def test_ufunc_at_errors():
    with pytest.raises(TypeError, match="boolean subtract"):
        ten.subtract.at(np.zeros(3, bool), [0], True)
    # NumPy's errors for a missing or extra operand, and for a ufunc of
    # two results.
    with pytest.raises(ValueError, match="second operand needed"):
        ten.add.at(np.zeros(3), [0])
    with pytest.raises(ValueError, match="second operand provided"):
        ten.negative.at(np.zeros(3), [0], 1.0)
    with pytest.raises(ValueError, match="single output"):
        ten.divmod.at(np.zeros(3), [0], 1.0)
    with pytest.raises(TypeError, match="NumPy array or a traced value"):
        ten.add.at([0.0, 1.0], [0], 1.0)
    read_only = np.zeros(3)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ten.add.at(read_only, [0], 1.0)
    a = np.zeros(3)
    with pytest.raises(IndexError, match="integer"):
        ten.add.at(a, np.array([0.5]), 1.0)
    # A failed at leaves the array as it was.
    with pytest.raises(IndexError, match="out of range for dimension 0"):
        ten.add.at(a, np.array([0, 3]), 1.0)
    assert_matches(a, np.zeros(3))


def test_out_of_range_is_an_index_error_of_the_run(rng):
    x = rng.uniform(size=(3, 4)).astype(np.float32)

    @ten.jit
    def assign(x, i):
        x[i] = 1
        return x

    for bad in (np.array([0, 3]), np.array([-4])):
        with pytest.raises(IndexError, match="out of range for dimension 0"):
            assign(x, bad)
    # Also a ValueError, as every failed run-time check; the process lives on.
    with pytest.raises(ValueError):
        assign(x, np.array([5]))
    assert_matches(assign(x, np.array([-3])), _numpy_set(x, np.array([-3]), 1))
    with pytest.raises(ten.IndexOutOfRangeError):
        ten.take(x, np.array([12]))

    @ten.jit
    def two_arrays(x, i, j):
        x[i, j] = 1
        return x

    with pytest.raises(IndexError, match="out of range"):
        two_arrays(x, np.array([0]), np.array([4]))
    with pytest.raises(IndexError, match="must be of integer"):
        assign(x, np.array([0.0]))


def test_empty_and_0d(rng):
    x = rng.uniform(size=(3,)).astype(np.float32)

    @ten.jit
    def assign(x, i, v):
        x[i] = v
        return x

    empty = np.array([], np.int64)
    assert_matches(assign(x, empty, np.float32(1)), x)
    assert_matches(assign(x, np.array(2), np.float32(7)),
                   _numpy_set(x, np.array(2), 7))
    e = np.zeros((0, 2), np.float32)
    assert_matches(assign(e, empty, np.float32(1)), e)
    with pytest.raises(IndexError, match="out of range"):
        assign(e, np.array([0]), np.float32(1))


def test_bf16_assignment(rng):
    if BF16 is None:
        pytest.skip("bf16 needs ml_dtypes")
    x = random_array(rng, (4,), BF16)

    @ten.jit
    def assign(x, i):
        x[i] = 1.5
        return x

    assert_matches(assign(x, np.array([1, 3])), _numpy_set(x, [1, 3], 1.5))


@pytest.mark.parametrize("axis", [0, 1, -1, None])
def test_put_along_axis(rng, axis):
    arr = rng.uniform(size=(3, 4)).astype(np.float32)
    if axis is None:
        indices = np.array([11, 0, -1])
        values = np.array([7.0, 8.0, 9.0])
    elif axis == 0:
        indices = np.array([[2, 0, 1, 2]])
        values = np.array([[1.5, 2.5, 3.5, 4.5]])
    else:
        indices = np.array([[3], [0], [-2]])
        values = 5
    want = arr.copy()
    np.put_along_axis(want, indices, values, axis)
    got = arr.copy()
    assert ten.put_along_axis(got, indices, values, axis) is None
    assert_matches(got, want)

    @ten.jit
    def traced(arr, indices):
        np.put_along_axis(arr, indices, values, axis)
        return arr

    assert_matches(traced(arr, indices), want)


@pytest.mark.parametrize("mode", ["raise", "wrap", "clip"])
def test_put(rng, mode):
    a = rng.integers(-5, 5, size=(2, 5)).astype(np.int32)
    ind = np.array([0, 9, -1, 3]) if mode == "raise" else np.array([0, 14, -13, 3])
    for v in ([10, 20], 7, np.array([1.9, -2.9, 3.0, 4.0])):
        want = a.copy()
        np.put(want, ind, v, mode=mode)
        got = a.copy()
        assert ten.put(got, ind, v, mode=mode) is None
        assert_matches(got, want)

    @ten.jit
    def traced(a, ind):
        np.put(a, ind, [10, 20], mode=mode)
        return a

    want = a.copy()
    np.put(want, ind, [10, 20], mode=mode)
    assert_matches(traced(a, ind), want)


def test_put_errors():
    a = np.arange(6)
    with pytest.raises(IndexError, match="out of range"):
        ten.put(a, [0, 6], 1)
    assert_matches(a, np.arange(6))  # a failed put writes nothing
    with pytest.raises(ValueError, match="clipmode"):
        ten.put(a, [0], 1, mode="nearest")
    read_only = np.arange(3)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ten.put(read_only, [0], 1)
    with pytest.raises(TypeError, match="NumPy array or a traced value"):
        ten.put([1, 2, 3], [0], 1)
    with pytest.raises(ValueError, match="same number of dimensions"):
        ten.put_along_axis(np.zeros((2, 2)), np.array([0]), 1.0, axis=0)
    empty = np.arange(4)
    ten.put(empty, [], [])
    assert_matches(empty, np.arange(4))


@pytest.mark.parametrize("name", [
    "logical_or", "logical_and", "logical_xor", "fmax", "fmin", "copysign",
    "left_shift", "right_shift", "abs", "floor", "rint", "sign", "positive",
    "negative", "conjugate", "invert", "logical_not"])
def test_ufunc_at_folds_repeated_indices(rng, name):
    """Index arrays that repeat: each selection applies the ufunc once, in
    order, as NumPy's at does; ten folds the updates at each element
    (truth values, non-NaN extremes, the last sign, the sum of shifts, the
    count of applications) into one application."""
    ufunc = getattr(np, name)
    integers = name in ("left_shift", "right_shift", "invert")
    index = np.array([0, 3, 3, 1, 3, 0, 5])
    for dtype in ([np.int64, np.uint8, np.int8] if integers
                  else [np.float64, np.float32, np.int32, np.bool_]):
        if integers:
            a = rng.integers(-20, 20, 6).astype(dtype)
            b = rng.integers(0, 70 if dtype == np.int64 else 9,
                             7).astype(dtype)
        else:
            a = (rng.normal(size=6) * 3).astype(dtype)
            b = (rng.normal(size=7) * 3).astype(dtype)
            if np.dtype(dtype).kind == "f":
                a[1], b[2], b[3] = np.nan, np.nan, np.nan
                a[4] = -0.0
        args = () if ufunc.nin == 1 else (b,)
        want = a.copy()
        try:
            with np.errstate(all="ignore"):
                ufunc.at(want, index, *args)
        except TypeError:
            # NumPy's ufunc has no loop for the dtype (sign of booleans).
            with pytest.raises(TypeError):
                getattr(ten, name).at(a.copy(), index, *args)
            continue
        got = a.copy()
        getattr(ten, name).at(got, index, *args)
        assert_matches(got, want)


def test_ufunc_at_of_basic_indices_takes_every_ufunc(rng):
    """A slice or a boolean mask selects each element once: any ufunc's at
    reads, applies and writes (divide, power and exp have no fold for
    repeated indices, which ten refuses)."""
    a = rng.uniform(1, 2, size=(4, 5))
    for name, b in (("divide", 3.0), ("power", 2.0), ("arctan2", 0.5),
                    ("exp", None), ("sqrt", None)):
        for index in (slice(1, 3), np.array([True, False, True, True])):
            args = () if b is None else (b,)
            want = a.copy()
            getattr(np, name).at(want, index, *args)
            got = a.copy()
            getattr(ten, name).at(got, index, *args)
            assert_matches(got, want)
    with pytest.raises(NotImplementedError, match="once per selection"):
        ten.divide.at(a.copy(), [0, 0], 2.0)


def test_ufunc_at_folds_on_traced_values(rng):
    @ten.jit
    def flags(x, i, v):
        ten.logical_or.at(x, i, v)
        np.negative.at(x, i)
        return x

    x = np.array([0.0, 1.0, 0.0, 2.0])
    i = np.array([0, 0, 2, 1])
    v = np.array([0.0, 3.0, 0.0, 0.0])
    want = x.copy()
    np.logical_or.at(want, i, v)
    np.negative.at(want, i)
    assert_matches(flags(x, i, v), want)
