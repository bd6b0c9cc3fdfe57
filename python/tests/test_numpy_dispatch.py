"""NumPy's ufuncs and functions on traced values dispatch to ten's (NEP 13
and NEP 18): NumPy code traces unchanged under @ten.jit."""

import numpy as np
import pytest

import ten

from conftest import assert_matches


def test_ufuncs_and_functions_trace():
    @ten.jit
    def f(x, w):
        hidden = np.maximum(x @ w, 0)
        scores = np.exp(hidden - np.max(hidden, axis=1, keepdims=True))
        return (scores / np.sum(scores, axis=1, keepdims=True),
                np.mean(x), np.sqrt(np.abs(x)), np.clip(x, 0.2, 0.8),
                np.where(x > 0.5, x, 0.0), np.transpose(x), np.reshape(x, (-1,)),
                np.einsum("ij,jk->ik", x, w), np.floor_divide(x, 0.3),
                np.isnan(x), np.var(x, axis=0), np.shape(x)[0] * x)

    rng = np.random.default_rng(0)
    x, w = rng.uniform(size=(3, 4)), rng.uniform(size=(4, 5))
    hidden = np.maximum(x @ w, 0)
    scores = np.exp(hidden - hidden.max(axis=1, keepdims=True))
    want = (scores / scores.sum(axis=1, keepdims=True), np.mean(x),
            np.sqrt(np.abs(x)), np.clip(x, 0.2, 0.8), np.where(x > 0.5, x, 0.0),
            x.T, x.reshape(-1), x @ w, np.floor_divide(x, 0.3), np.isnan(x),
            np.var(x, axis=0), 3 * x)
    for got, expected in zip(f(x, w), want):
        assert_matches(got, expected)


def test_array_operand_on_the_left():
    """ndarray <op> traced value: NumPy hands the ufunc to ten."""
    @ten.jit
    def f(x):
        return np.float32(2) * x, np.ones(4, np.float32) - x, np.arange(4.0) > x

    x = np.linspace(0, 1, 4).astype(np.float32)
    want = (np.float32(2) * x, np.ones(4, np.float32) - x, np.arange(4.0) > x)
    for got, expected in zip(f(x), want):
        assert_matches(got, expected)


@pytest.mark.parametrize("ufunc, reduction", [
    (np.add, np.sum), (np.multiply, np.prod), (np.maximum, np.max),
    (np.minimum, np.min)])
def test_ufunc_reduce(ufunc, reduction):
    @ten.jit
    def f(x):
        return ufunc.reduce(x), ufunc.reduce(x, axis=1, keepdims=True)

    x = np.arange(1.0, 7.0).reshape(2, 3)
    got = f(x)
    assert_matches(got[0], reduction(x, axis=0))
    assert_matches(got[1], reduction(x, axis=1, keepdims=True))


def test_missing_counterparts_name_the_function():
    @ten.jit
    def accumulated(x):
        return np.shares_memory(x, x)

    @ten.jit
    def repeated(x):
        np.heaviside.at(x, [0, 0], 2.0)
        return x

    @ten.jit
    def with_out(x):
        return np.exp(x, where=x > 0)

    x = np.ones(3)
    with pytest.raises(TypeError, match="numpy.shares_memory"):
        accumulated(x)
    # An at that index arrays may repeat, whose applications at an element
    # ten cannot fold.
    with pytest.raises(NotImplementedError, match="heaviside.at"):
        repeated(x)
    with pytest.raises(TypeError, match="numpy.exp with where="):
        with_out(x)


def test_dtype_functions_take_traced_values():
    """np.result_type and np.can_cast (ten's too) see a traced value's
    dtype, as NumPy 2 sees an array's: a 0-d float64 is not weak."""
    @ten.jit
    def f(x, y):
        assert np.result_type(x, 1.0) == np.float32
        assert ten.result_type(x, y) == np.float64
        assert np.result_type(x, np.int64) == np.float64
        assert np.can_cast(x, np.float64) and not ten.can_cast(y, "float32")
        assert np.can_cast(x, np.float16, casting="unsafe")
        return x

    f(np.arange(3, dtype=np.float32), np.float64(2))


def test_shape_ndim_size():
    @ten.jit
    def f(x):
        assert np.shape(x) == (2, 3) and np.ndim(x) == 2 and np.size(x) == 6
        assert ten.shape(x) == (2, 3) and ten.ndim(x) == 2 and ten.size(x) == 6
        return x

    f(np.ones((2, 3)))
    assert ten.shape([[1, 2]]) == (1, 2)


def test_array_namespace_and_membership():
    """Code written against the array API finds ten's namespace on a traced
    value; `in`, a truth value, is refused with the way out."""
    @ten.jit
    def total(x):
        xp = x.__array_namespace__()
        return xp.sum(xp.multiply(x, 2))

    x = np.arange(4.0)
    assert_matches(total(x), np.sum(x * 2))

    @ten.jit
    def member(x):
        return 3.0 in x

    with pytest.raises(TypeError, match="ten.any"):
        member(x)


def test_array_api_inspection():
    info = ten.__array_namespace_info__()
    assert info.default_dtypes()["real floating"] == np.float64
    assert info.capabilities()["boolean indexing"]
    assert ten.__array_api_version__ == np.__array_api_version__


def test_ufunc_out_writes_into_a_traced_value():
    """out= writes the result into a traced output and returns it, as NumPy
    does: cast as NumPy casts (same_kind), broadcast to the output's shape,
    kept only where `where` is True; ufunc.reduce and ufuncs of two
    results too."""
    def body(x):
        total = np.empty_like(x)
        returned = np.add(x, 1, out=total)
        positive = np.zeros_like(x)
        np.multiply(x, 2, out=positive, where=x > 0)
        column = np.zeros_like(x[0])
        np.add.reduce(x, axis=0, out=column)
        quotient, remainder = np.empty_like(x), np.empty_like(x)
        np.divmod(x, 4, out=(quotient, remainder))
        narrow = np.zeros_like(x, dtype=np.float32)
        np.subtract(x, 0.5, out=narrow)
        rows = np.zeros_like(x)
        np.add(x[0], 1, out=rows)
        np.sqrt(np.abs(x), out=x)
        return (returned is total, total, positive, column, quotient,
                remainder, narrow, rows, x)

    x = np.arange(6.0).reshape(2, 3) - 2
    got = ten.jit(body)(x.copy())
    want = body(x.copy())
    assert bool(got[0])
    for g, w in zip(got[1:], want[1:]):
        assert_matches(g, w)


def test_ufunc_out_refusals():
    """An output NumPy would not cast into, one too small for the result,
    and a NumPy array as the output of traced values: clear errors."""
    @ten.jit
    def into_integers(x):
        out = np.zeros_like(x, dtype=np.int64)
        np.add(x, 1, out=out)
        return out

    @ten.jit
    def too_small(x):
        out = np.zeros_like(x[0])
        np.add(x, 1, out=out)
        return out

    @ten.jit
    def into_numpy(x):
        out = np.zeros(3)
        np.add(x, 1, out=out)
        return out

    x = np.ones(3)
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output"):
        np.add(x, 1, out=np.zeros(3, np.int64))
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output"):
        into_integers(x)
    with pytest.raises(ValueError, match="non-broadcastable output"):
        too_small(np.ones((2, 3)))
    with pytest.raises(TypeError, match="must be a traced value"):
        into_numpy(x)
