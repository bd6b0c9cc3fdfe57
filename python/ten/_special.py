"""Special functions of NumPy: i0, the modified Bessel function of the first
kind and order 0, from its power series and its asymptotic expansion
(Abramowitz and Stegun, Handbook of Mathematical Functions, 9.6.10 and
9.7.1), summed in float64."""

import math

import numpy as np

from ._creation import full_like
from ._jit import eager
from . import _ops
from ._ops import _as_tensor, _graph_of

# Below this the power series sums, above it the asymptotic expansion: at
# 30, the expansion's 20th term is below 1e-17 of the sum, and the series'
# 60th term below 1e-17 of it.
_SERIES_LIMIT = 30.0
_SERIES_TERMS = 60
_ASYMPTOTIC_TERMS = 20


def _series(x):
    """I0(x) = sum over k of ((x/2)^k / k!)^2, for |x| <= 30."""
    quarter_square = _ops.multiply(_ops.square(x), 0.25)
    total = term = full_like(x, 1.0)
    for k in range(1, _SERIES_TERMS):
        term = _ops.multiply(term, _ops.multiply(quarter_square, 1.0 / (k * k)))
        total = _ops.add(total, term)
    return total


def _asymptotic(x):
    """I0(x) e^-x sqrt(x) = (2 pi)^-1/2 sum over k of ((2k-1)!!)^2 /
    (k! (8x)^k), for large x."""
    step = _ops.reciprocal(_ops.multiply(x, 8.0))
    total = term = full_like(x, 1.0)
    for k in range(1, _ASYMPTOTIC_TERMS):
        term = _ops.multiply(term,
                             _ops.multiply(step, (2 * k - 1) ** 2 / k))
        total = _ops.add(total, term)
    return _ops.multiply(total, 1.0 / math.sqrt(2.0 * math.pi))


@eager
def i0(x):
    """The modified Bessel function of the first kind, order 0, as NumPy's
    i0: float64 for integers and booleans, the float dtype otherwise; NaN
    at the infinities and infinity where e^|x| overflows the dtype, as
    NumPy's formula gives (exp(x) times a series over sqrt(x))."""
    graph = _graph_of(x)
    x = _as_tensor(graph, x)
    if x.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    dtype = x.dtype if x.dtype.kind == "f" else np.dtype(np.float64)
    magnitude = _ops.abs(_ops.astype(x, np.float64))
    near = _ops.less_equal(magnitude, _SERIES_LIMIT)
    # Each branch on arguments inside its range, so that neither overflows
    # where the other is taken.
    small = _series(_ops.where(near, magnitude, 0.0))
    large_x = _ops.where(near, _SERIES_LIMIT + 1, magnitude)
    large = _ops.divide(_ops.multiply(_ops.exp(large_x), _asymptotic(large_x)),
                        _ops.sqrt(large_x))
    result = _ops.where(near, small, large)
    # e^|x| in the dtype, as NumPy computes it: infinite beyond its range.
    growth = _ops.exp(_ops.abs(_ops.astype(x, dtype)))
    result = _ops.where(_ops.isinf(growth), np.inf, result)
    result = _ops.where(_ops.isinf(magnitude), np.nan, result)
    return _ops.astype(result, dtype)
