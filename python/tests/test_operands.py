"""What the package takes as an operand, as NumPy does: arrays and Python
numbers, anything NumPy reads as an array (read at every call, never kept
as a constant of the compiled program), arrays given by keyword, NumPy's
`out=`; and a TypeError for what is not a number (None, strings)."""

import numpy as np
import pytest

import ten


def test_python_number_with_0d_array_stays_0d():
    result = ten.multiply(np.array(2.0, np.float32), 3.0)
    expected = np.multiply(np.array(2.0, np.float32), 3.0)
    assert result.shape == expected.shape == ()
    assert result.dtype == expected.dtype
    assert result == expected


def test_jit_reduction_times_number_stays_0d():
    @ten.jit
    def f(x):
        return x.sum() * 2

    x = np.ones(4, np.float32)
    result = f(x)
    assert result.shape == () and result.dtype == np.float32
    assert result == 8.0


@pytest.mark.parametrize("operand", [None, "abc", b"xy", object()],
                         ids=["None", "str", "bytes", "object"])
@pytest.mark.parametrize("function", [ten.add, ten.multiply, ten.maximum],
                         ids=lambda f: f.__name__)
def test_non_numbers_beside_an_array_raise_type_error(function, operand):
    a = np.ones(3)
    with pytest.raises(TypeError):
        getattr(np, function.__name__)(operand, a)
    with pytest.raises(TypeError, match="unsupported operand"):
        function(operand, a)
    with pytest.raises(TypeError, match="unsupported operand"):
        function(a, operand)


@pytest.mark.parametrize("operand", [None, "abc"], ids=["None", "str"])
def test_non_numbers_alone_raise_type_error(operand):
    with pytest.raises(TypeError):
        ten.exp(operand)


def test_non_numbers_in_a_jitted_function_raise_type_error():
    @ten.jit
    def f(x, y):
        return x + y

    with pytest.raises(TypeError, match="unsupported operand"):
        f(np.ones(3), None)


class ArrayLike:
    """An object NumPy reads through __array__, whose data changes."""

    def __init__(self, data):
        self.data = data

    def __array__(self, dtype=None, copy=None):
        return self.data if dtype is None else self.data.astype(dtype)


def test_array_likes_are_read_at_every_call():
    like = ArrayLike(np.ones(3))
    np.testing.assert_array_equal(ten.add(like, 1), [2.0, 2.0, 2.0])
    compiled = ten.add.cache_info().misses
    like.data = np.full(3, 5.0)
    np.testing.assert_array_equal(ten.add(like, 1), [6.0, 6.0, 6.0])
    # The same program runs both calls: the data is an argument.
    assert ten.add.cache_info().misses == compiled
    like.data = np.arange(4.0)
    np.testing.assert_array_equal(ten.add(like, 1), np.arange(4.0) + 1)


def test_array_likes_in_a_jitted_function():
    @ten.jit
    def double(x):
        return x * 2

    like = ArrayLike(np.arange(3, dtype=np.float32))
    np.testing.assert_array_equal(double(like), [0, 2, 4])
    like.data = np.array([5, 6, 7], np.float32)
    np.testing.assert_array_equal(double(like), [10, 12, 14])
    assert double.cache_info().misses == 1


def test_array_interface_objects_are_arrays():
    class Interface:
        def __init__(self, array):
            self.__array_interface__ = array.__array_interface__
            self._keep = array

    source = np.arange(6, dtype=np.int32).reshape(2, 3)
    np.testing.assert_array_equal(ten.negative(Interface(source)), -source)
    source[0, 0] = 100
    np.testing.assert_array_equal(ten.negative(Interface(source)), -source)


def test_tuples_in_a_jitted_function_are_python_values():
    # As in JAX: a tuple passed to a jitted function is a tuple inside it
    # (x * 2 repeats it), its numbers traced as constants by value.
    @ten.jit
    def f(x):
        return x * 2

    result = f((1.0, 2.0))
    assert isinstance(result, tuple) and len(result) == 4
    assert [float(v) for v in result] == [1.0, 2.0, 1.0, 2.0]


def test_tuples_are_arrays_for_numpy_named_functions():
    np.testing.assert_array_equal(ten.add((1.0, 2.0), 1), [2.0, 3.0])
    np.testing.assert_array_equal(ten.add((3.0, 4.0), 1), [4.0, 5.0])


def test_out_of_a_ufunc_is_written_and_returned():
    x = np.ones(3)
    result = ten.add(x, 1, out=x)
    assert result is x
    np.testing.assert_array_equal(x, [2.0, 2.0, 2.0])
    out = np.empty(3)
    assert ten.multiply(np.arange(3.0), 2, out=(out,)) is out
    np.testing.assert_array_equal(out, [0.0, 2.0, 4.0])


def test_out_broadcasts_as_numpy():
    out = np.zeros((2, 3))
    ten.add(np.ones(3), 1, out=out)
    np.testing.assert_array_equal(out, np.full((2, 3), 2.0))


def test_out_errors_match_numpy():
    a = np.ones((2, 3))
    small = np.empty(3)
    with pytest.raises(ValueError):
        np.add(a, 1, out=small)
    with pytest.raises(ValueError, match="non-broadcastable output"):
        ten.add(a, 1, out=small)
    ints = np.ones(3, np.int64)
    with pytest.raises(TypeError):
        np.add(ints, 1.5, out=ints)
    with pytest.raises(TypeError):
        ten.add(ints, 1.5, out=ints)
    np.testing.assert_array_equal(ints, [1, 1, 1])
    with pytest.raises(TypeError, match="NumPy array"):
        ten.add(ints, 1, out=[0, 0, 0])


def test_out_of_a_reduction():
    x = np.arange(6.0).reshape(2, 3)
    out = np.empty(3)
    assert ten.sum(x, axis=0, out=out) is out
    np.testing.assert_array_equal(out, x.sum(axis=0))


def test_arrays_by_keyword_in_a_jitted_function():
    @ten.jit
    def f(x, y=None, scale=1.0):
        return x * scale + y

    x = np.arange(3.0)
    np.testing.assert_array_equal(f(x, y=np.ones(3)), x + 1)
    # A new array of the same signature runs the same program.
    np.testing.assert_array_equal(f(x, y=np.full(3, 2.0)), x + 2)
    assert f.cache_info().misses == 1
    np.testing.assert_array_equal(f(x, scale=2.0, y=np.ones(3)), 2 * x + 1)
    np.testing.assert_array_equal(f(y=np.ones(3), x=x), x + 1)


def test_unhashable_non_arrays_raise_type_error():
    @ten.jit
    def f(x, options):
        return x

    with pytest.raises(TypeError, match="neither an array nor a hashable"):
        f(np.ones(2), {"a": 1})


# Calls whose arguments are all Python numbers: the operand is the 0-d
# array NumPy makes of it, and the axes, counts, shifts and quantiles stay
# numbers (they had been traced: "no truth value", "cannot be an integer").
PYTHON_NUMBER_CALLS = [
    ("sum", (5, 0)), ("max", (5, 0)), ("argmax", (5, 0)), ("mean", (5.0,)),
    ("any", (2, 0, None, True)), ("repeat", (3, 2)), ("roll", (5, 1)),
    ("expand_dims", (5, 0)), ("median", (5,)), ("percentile", (5, 50)),
    ("array_equal", (1, 1.0)), ("allclose", (1, 1 + 1e-9)), ("flip", (5,)),
    ("kron", (2, 3)), ("add", (1, 2.5)), ("add", (True, True)),
    ("where", (True, 1, 2.5)), ("clip", (5, 1.5, 3)), ("nanargmax", (5,)),
    ("nanargmin", (2.5,)), ("ascontiguousarray", (5,)), ("block", (5,)),
]


@pytest.mark.parametrize("name,args", PYTHON_NUMBER_CALLS,
                         ids=[f"{name}{args}" for name, args in
                              PYTHON_NUMBER_CALLS])
def test_python_numbers_only(name, args):
    want = getattr(np, name)(*args)
    got = getattr(ten, name)(*args)
    # A NumPy scalar where NumPy gives one, a 0-d array where it does.
    assert type(got) is type(want)
    assert np.asarray(got).dtype == np.asarray(want).dtype
    np.testing.assert_array_equal(got, want)
