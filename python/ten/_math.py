"""NumPy functions that `ten` builds from the dialect's ops: clipping,
logical operations, rounding to decimals, the parts of numbers (fabs,
divmod, modf), NaN handling, closeness and array equality, variance and the
activation functions of machine learning. Each is written once on
traced values and has NumPy's (or, where NumPy has none, PyTorch's)
semantics and result dtypes."""

import builtins
import operator

import numpy as np

from . import _dtypes
from ._jit import _store_in, eager, stored
from ._trace import Tensor
from . import _numpy_api, _ops
from ._ops import (
    _as_tensor,
    _common_dtype,
    _graph_of,
    _kind,
    _lift,
    _reduction_axes,
    _ufunc_dtype,
)


# ---------------------------------------------------------------------------
# Clipping and rounding
# ---------------------------------------------------------------------------

_NO_VALUE = object()


@eager
def _clip(a, a_min, a_max):
    graph = _graph_of(a, a_min, a_max)
    kinds = [_kind(a)] + [_kind(b) for b in (a_min, a_max) if b is not None]
    dtype = _common_dtype(tuple(kinds))
    _dtypes.code_of(dtype)
    result = _lift(graph, a, dtype)
    # NumPy's clip: minimum(maximum(a, a_min), a_max), NaN propagating.
    if a_min is not None:
        result = _ops.maximum(result, _lift(graph, a_min, dtype))
    if a_max is not None:
        result = _ops.minimum(result, _lift(graph, a_max, dtype))
    return result


def clip(a, a_min=_NO_VALUE, a_max=_NO_VALUE, out=None, *, min=_NO_VALUE,
         max=_NO_VALUE):
    """`a` limited to [a_min, a_max] (either may be None), as NumPy's clip:
    a NaN in `a` or a bound propagates; where a_min > a_max, a_max. `out`
    as NumPy's."""
    if min is not _NO_VALUE:
        if a_min is not _NO_VALUE:
            raise ValueError("clip: pass either a_min or min, not both")
        a_min = min
    if max is not _NO_VALUE:
        if a_max is not _NO_VALUE:
            raise ValueError("clip: pass either a_max or max, not both")
        a_max = max
    a_min = None if a_min is _NO_VALUE else a_min
    a_max = None if a_max is _NO_VALUE else a_max
    a_min, a_max = _integer_bounds(a, a_min, a_max)
    return stored(_clip(a, a_min, a_max), out, "clip")


def _integer_bounds(a, a_min, a_max):
    """Python integer bounds of an integer array, as NumPy 2 takes them: one
    past the dtype's range on its own side bounds nothing (dropped), one past
    it on the other side cannot be compared with the array's type."""
    dtype = _kind(a)
    if not isinstance(dtype, np.dtype) or dtype.kind not in "iu":
        return a_min, a_max
    info = np.iinfo(dtype)

    def out_of_bounds(bound):
        return OverflowError(f"Python integer {bound} out of bounds for {dtype}")

    if type(a_min) is int:
        if a_min > info.max:
            raise out_of_bounds(a_min)
        if a_min < info.min:
            a_min = None
    if type(a_max) is int:
        if a_max < info.min:
            raise out_of_bounds(a_max)
        if a_max > info.max:
            a_max = None
    return a_min, a_max


def round(a, decimals=0, out=None):
    """`a` rounded to `decimals` decimals, halves to even, as NumPy's round
    (integers with decimals >= 0 are returned as they are)."""
    # An integer known when tracing (a NumPy integer too), never an operand.
    return _round(a, operator.index(decimals), out=out)


@eager(sequences=("decimals",))
def _round(a, decimals=0):
    if a.dtype.kind == "b":
        # NumPy rounds booleans as rint does (to float16); other decimals
        # scale in float64, which booleans cannot hold again.
        if decimals == 0:
            return _ops.rint(a)
        raise TypeError(
            "Cannot cast ufunc 'multiply' output from dtype('float64') to "
            "dtype('bool') with casting rule 'same_kind'")
    if a.dtype.kind in "iu":
        if decimals >= 0:
            return a
        scale = 10 ** -decimals
        wide = _ops.astype(a, np.float64)
        return _ops.astype(_ops.multiply(_ops.rint(_ops.divide(wide, scale)),
                                         scale), a.dtype)
    if decimals == 0:
        return _ops.rint(a)
    if a.dtype.kind == "c":
        # NumPy rounds each part as a real number: a complex product by the
        # scale would turn an infinite part's product with 0 into NaN.
        graph = _graph_of(a)
        real, imag = [round(part, decimals)
                      for part in (_ops.real(a), _ops.imag(a))]
        return graph.apply("complex", real.value, imag.value)
    # NumPy scales, rounds and scales back.
    if decimals > 0:
        scale = 10.0 ** decimals
        return _ops.divide(_ops.rint(_ops.multiply(a, scale)), scale)
    scale = 10.0 ** -decimals
    return _ops.multiply(_ops.rint(_ops.divide(a, scale)), scale)


around = round


@eager
def fix(x):
    """Rounds toward zero (NumPy's fix): trunc."""
    return _ops.trunc(x)


# ---------------------------------------------------------------------------
# Logic
# ---------------------------------------------------------------------------


def _truth(graph, x):
    """Whether each element of `x` is nonzero, as booleans."""
    if isinstance(x, Tensor):
        if _dtypes.is_bool(x.dtype):
            return x
        return _ops.not_equal(x, 0)
    return graph.constant(np.asarray(x) != 0)


def _logical(function, x1, x2):
    # NumPy's binary logical loops take a Python integer as a C long.
    for x in (x1, x2):
        if type(x) is int and not -2**63 <= x < 2**63:
            raise OverflowError("Python int too large to convert to C long")
    graph = _graph_of(x1, x2)
    return function(_truth(graph, x1), _truth(graph, x2))


@eager
def logical_and(x1, x2):
    return _logical(_ops.bitwise_and, x1, x2)


@eager
def logical_or(x1, x2):
    return _logical(_ops.bitwise_or, x1, x2)


@eager
def logical_xor(x1, x2):
    return _logical(_ops.bitwise_xor, x1, x2)


@eager
def logical_not(x):
    graph = _graph_of(x)
    return _ops.invert(_truth(graph, x))


# ---------------------------------------------------------------------------
# NaN and infinities
# ---------------------------------------------------------------------------


@eager
def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """NaN replaced by `nan`, infinities by `posinf` and `neginf` (the
    largest finite values of the dtype by default), as NumPy's nan_to_num;
    complex numbers part by part; integers unchanged."""
    graph = _graph_of(x)
    if x.dtype.kind in "biu":
        return x
    if x.dtype.kind == "c":
        # Each part as a real number; the parts joined again.
        real, imag = [nan_to_num(part, nan=nan, posinf=posinf, neginf=neginf)
                      for part in (_ops.real(x), _ops.imag(x))]
        return graph.apply("complex", real.value, imag.value)
    info = np.finfo(x.dtype)
    posinf = info.max if posinf is None else posinf
    neginf = info.min if neginf is None else neginf
    result = _ops.where(_ops.isnan(x), _lift(graph, nan, x.dtype), x)
    result = _ops.where(_ops.equal(x, np.inf), _lift(graph, posinf, x.dtype),
                        result)
    return _ops.where(_ops.equal(x, -np.inf), _lift(graph, neginf, x.dtype),
                      result)


@eager
def isposinf(x):
    return _ops.equal(x, np.inf)


@eager
def isneginf(x):
    return _ops.equal(x, -np.inf)


# ---------------------------------------------------------------------------
# Closeness
# ---------------------------------------------------------------------------


@eager
def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """|a - b| <= atol + rtol * |b| elementwise, as NumPy's isclose: equal
    infinities are close, NaN is close to NaN only with `equal_nan`."""
    graph = _graph_of(a, b)
    dtype = _common_dtype((_kind(a), _kind(b), float))
    a, b = _lift(graph, a, dtype), _lift(graph, b, dtype)
    difference = _ops.abs(_ops.subtract(a, b))
    tolerance = _ops.add(atol, _ops.multiply(rtol, _ops.abs(b)))
    close = _ops.bitwise_and(_ops.less_equal(difference, tolerance),
                             _ops.isfinite(b))
    close = _ops.bitwise_or(close, _ops.equal(a, b))
    if equal_nan:
        close = _ops.bitwise_or(
            close, _ops.bitwise_and(_ops.isnan(a), _ops.isnan(b)))
    return close


@eager
def _allclose(a, b, rtol, atol, equal_nan):
    return _ops.all(isclose(a, b, rtol, atol, equal_nan))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether every element of `a` is close to `b` (isclose): a Python bool
    on arrays, a traced boolean inside a traced program."""
    result = _allclose(a, b, rtol, atol, equal_nan)
    return result if isinstance(result, Tensor) else bool(result)


@eager
def _all_equal(a1, a2, equal_nan):
    graph = _graph_of(a1, a2)
    a1, a2 = _as_tensor(graph, a1), _as_tensor(graph, a2)
    equal = _ops.equal(a1, a2)
    if equal_nan and (_dtypes.holds_nan(a1.dtype) or
                      _dtypes.holds_nan(a2.dtype)):
        equal = _ops.bitwise_or(
            equal, _ops.bitwise_and(_ops.isnan(a1), _ops.isnan(a2)))
    return _ops.all(equal)


def _truth_value(result):
    return result if isinstance(result, Tensor) else bool(result)


def array_equal(a1, a2, equal_nan=False):
    """Whether the arrays have one shape and equal elements (NaNs equal
    with `equal_nan`): a Python bool on arrays, a traced boolean inside a
    traced program (False, known when tracing, where the shapes differ)."""
    if tuple(_numpy_api.shape(a1)) != tuple(_numpy_api.shape(a2)):
        return False
    return _truth_value(_all_equal(a1, a2, bool(equal_nan)))


def array_equiv(a1, a2):
    """Whether the arrays broadcast together and are equal elementwise."""
    try:
        np.broadcast_shapes(tuple(_numpy_api.shape(a1)),
                            tuple(_numpy_api.shape(a2)))
    except ValueError:
        return False
    return _truth_value(_all_equal(a1, a2, False))


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------


def _count(a, axis):
    """The number of elements a reduction over `axis` takes, or -1 when a
    reduced dimension is known only when the program runs."""
    axes = _reduction_axes(axis, a.ndim, "mean")
    count = 1
    for dim in axes:
        if a.shape[dim] < 0:
            return -1
        count *= a.shape[dim]
    return count


def squared_magnitude(x):
    """|x|^2: the square of a real number, re^2 + im^2 of a complex one (a
    real number)."""
    if x.dtype.kind == "c":
        return _ops.add(_ops.square(_ops.real(x)), _ops.square(_ops.imag(x)))
    return _ops.square(x)


def _ddof(ddof, correction):
    """NumPy 2's `correction`, the array API's name for ddof."""
    if correction is None:
        return ddof
    if ddof != 0:
        raise ValueError("ddof and correction can't be provided "
                         "simultaneously.")
    return correction


@eager
def var(a, axis=None, dtype=None, ddof=0, keepdims=False, *, where=True,
        mean=None, correction=None):
    """The variance sum(|a - mean(a)|^2) / (n - ddof), as NumPy's var:
    integers in float64 (or `dtype`), complex numbers to a real variance,
    and n - ddof of 0 or less dividing by 0. `where` takes the elements it
    selects (n counts them); `mean`, NumPy 2's, is the mean (of the shape
    keepdims=True gives) instead of computing it."""
    ddof = _ddof(ddof, correction)
    graph = _graph_of(a, where, mean)
    if dtype is not None and np.dtype(dtype).kind in "biu":
        return _var_in_integers(graph, a, axis, np.dtype(dtype), ddof,
                                keepdims, where, mean)
    if dtype is not None:
        a = _lift(graph, a, np.dtype(dtype))
    elif a.dtype.kind in "biu":
        a = _lift(graph, a, np.dtype(np.float64))
    if where is not True:
        return _masked_var(graph, a, axis, ddof, keepdims, where, mean)
    if mean is None:
        mean = _ops.mean(a, axis=axis, keepdims=True)
    centered = _ops.subtract(a, mean)
    squares = squared_magnitude(centered)
    total = _ops.sum(squares, axis=axis, keepdims=keepdims)
    count = _count(a, axis)
    if count >= 0:
        return _ops.divide(total, float(builtins.max(count - ddof, 0)))
    # A reduced dimension only the run knows (a masked read's): the count
    # is counted when the program runs.
    one = _lift(graph, 1, squares.dtype)
    ones = _ops.where(_ops.isnan(squares), one, one)
    count = _ops.sum(ones, axis=axis, keepdims=keepdims)
    return _ops.divide(total, _ops.maximum(_ops.subtract(count, ddof), 0.0))


def _var_in_integers(graph, a, axis, dtype, ddof, keepdims, where, mean):
    """var with an integer (or bool) `dtype`, step for step as NumPy's: the
    mean summed in `dtype` and truncated to it, the squared distances in the
    promoted type summed in `dtype`, and the quotient truncated to `dtype`
    (np.var(x, dtype=np.int32) of [1, 2, 4] is 1, not 1.56); `where` takes
    the elements it selects, and n counts them."""
    a = _as_tensor(graph, a)
    if mean is None:
        mean = _ops.mean(a, axis=axis, dtype=dtype, keepdims=True,
                         where=where)
    centered = _ops.subtract(a, mean)
    total = _ops.sum(_ops.multiply(centered, centered), axis=axis,
                     dtype=dtype, keepdims=keepdims, where=where)
    count = _count(a, axis) if where is True else -1
    if count >= 0:
        divisor = float(builtins.max(count - ddof, 0))
    else:
        # Counted when the program runs: the elements `where` selects, or
        # all of a reduced dimension only the run knows (a masked read's).
        # True everywhere in `a`'s shape (NaN too: a float `a` with an
        # integer dtype).
        selected = _ops.where(_ops.equal(a, a), True, True)
        if where is not True:
            selected = _ops.bitwise_and(selected,
                                        _lift(graph, where, np.dtype(bool)))
        count = _ops.sum(_ops.astype(selected, np.float64), axis=axis,
                         keepdims=keepdims)
        divisor = _ops.maximum(_ops.subtract(count, float(ddof)), 0.0)
    return _ops.astype(_ops.divide(total, divisor), dtype)


def _masked_var(graph, a, axis, ddof, keepdims, where, mean):
    """var of the elements `where` selects, as NumPy's: the sum of their
    squared distances from their mean over max(count - ddof, 0)."""
    selected = _ops.broadcast_to(_lift(graph, where, np.dtype(bool)), a.shape)
    sums, count = selected_squares(a, selected, axis, keepdims, mean)
    return _ops.divide(sums, _ops.maximum(_ops.subtract(count, ddof), 0.0))


def selected_squares(a, selected, axis, keepdims, mean=None):
    """The sum over `axis` of the squared distances of the elements of `a`
    that `selected` selects from their mean (or `mean`, given), and their
    count, of the sum's shape: what var and nanvar divide."""
    real = np.dtype(a.dtype.char.lower()) if a.dtype.kind == "c" else a.dtype
    count = _ops.sum(_ops.astype(selected, real), axis=axis, keepdims=True)
    zero = np.zeros((), a.dtype)
    if mean is None:
        total = _ops.sum(_ops.where(selected, a, zero), axis=axis,
                         keepdims=True)
        mean = _ops.divide(total, count)
    centered = _ops.where(selected, _ops.subtract(a, mean), zero)
    sums = _ops.sum(squared_magnitude(centered), axis=axis, keepdims=keepdims)
    if not keepdims:
        count = _ops.reshape(count, sums.shape)
    return sums, count


@eager
def std(a, axis=None, dtype=None, ddof=0, keepdims=False, *, where=True,
        mean=None, correction=None):
    """The standard deviation, sqrt(var), as NumPy's std. With an integer
    `dtype`, NumPy truncates a scalar's root to `dtype` and refuses to write
    an array's roots into it."""
    if dtype is not None and np.dtype(dtype).kind in "biu":
        variance = var(a, axis=axis, dtype=dtype,
                       ddof=_ddof(ddof, correction), keepdims=keepdims,
                       where=where, mean=mean)
        if keepdims or variance.ndim > 0:
            raise TypeError(
                "Cannot cast ufunc 'sqrt' output from dtype('float64') to "
                f"dtype('{np.dtype(dtype)}') with casting rule 'same_kind'")
        return _ops.astype(_ops.sqrt(variance), dtype)
    return _ops.sqrt(var(a, axis=axis, dtype=dtype,
                         ddof=_ddof(ddof, correction), keepdims=keepdims,
                         where=where, mean=mean))


# ---------------------------------------------------------------------------
# Reductions that skip NaN
# ---------------------------------------------------------------------------


def _without_nan(a, replacement):
    """`a` with NaN replaced by `replacement` (floats; others as they are)."""
    if not _dtypes.holds_nan(a.dtype):
        return a
    return _ops.where(_ops.isnan(a), replacement, a)


@eager
def nansum(a, axis=None, dtype=None, keepdims=False,
           initial=_ops._NOT_GIVEN, where=True):
    """The sum of the elements that are not NaN (0 if none), as NumPy's
    nansum (`dtype`, `initial`, `where` as sum's)."""
    return _ops.sum(_without_nan(a, 0), axis=axis, dtype=dtype,
                    keepdims=keepdims, initial=initial, where=where)


@eager
def nanmean(a, axis=None, dtype=None, keepdims=False, *, where=True):
    """The mean of the elements that are not NaN (NaN if none), as NumPy's:
    their sum (in `dtype`) over their count, divided in float64 and cast
    back."""
    if not _dtypes.holds_nan(a.dtype):
        return _ops.mean(a, axis=axis, dtype=dtype, keepdims=keepdims,
                         where=where)
    counted = _ops.invert(_ops.isnan(a))
    count = _ops.sum(_ops.astype(counted, np.int64), axis=axis,
                     keepdims=keepdims, where=where)
    total = nansum(a, axis=axis, dtype=dtype, keepdims=keepdims, where=where)
    wide = np.complex128 if total.dtype.kind == "c" else np.float64
    return _ops.astype(_ops.divide(_ops.astype(total, wide), count),
                       total.dtype)


def _nan_extremum(reduce, fill, a, axis, keepdims, initial, where):
    if not _dtypes.holds_nan(a.dtype):
        return reduce(a, axis=axis, keepdims=keepdims, initial=initial,
                      where=where)
    # A complex number with a NaN part is NaN (NumPy's fmax skips it): the
    # fill orders below (or above) every other, both parts infinite.
    if a.dtype.kind == "c":
        fill = complex(fill, fill)
    extremum = reduce(_without_nan(a, fill), axis=axis, keepdims=keepdims,
                      initial=initial, where=where)
    if initial is not _ops._NOT_GIVEN:
        # NumPy's fmax.reduce from `initial`: a slice of NaN alone gives it.
        return extremum
    skipped = _ops.isnan(a)
    if where is not True:
        skipped = logical_or(skipped, logical_not(where))
    all_nan = _ops.all(skipped, axis=axis, keepdims=keepdims)
    return _ops.where(all_nan, np.nan, extremum)


@eager
def nanmax(a, axis=None, keepdims=False, initial=_ops._NOT_GIVEN,
           where=True):
    """The largest element that is not NaN (NaN where all are, `initial`
    if given)."""
    return _nan_extremum(_ops.max, -np.inf, a, axis, keepdims, initial, where)


@eager
def nanmin(a, axis=None, keepdims=False, initial=_ops._NOT_GIVEN,
           where=True):
    """The smallest element that is not NaN (NaN where all are, `initial`
    if given)."""
    return _nan_extremum(_ops.min, np.inf, a, axis, keepdims, initial, where)


# ---------------------------------------------------------------------------
# Parts of numbers
# ---------------------------------------------------------------------------


@eager
def fabs(x):
    """The absolute value as a float (NumPy's fabs: integers and booleans
    to float64 as its loops take them; complex values are refused)."""
    dtype = _ufunc_dtype(np.fabs, (x.dtype,))
    return _ops.abs(_ops.astype(x, dtype))


@eager
def divmod(x1, x2):
    """NumPy's divmod: (floor_divide(x1, x2), remainder(x1, x2))."""
    return _ops.floor_divide(x1, x2), _ops.remainder(x1, x2)


Tensor.__divmod__ = lambda self, other: divmod(self, other)
Tensor.__rdivmod__ = lambda self, other: divmod(other, self)


@eager
def modf(x):
    """The fractional and integral parts of `x`, each with the sign of `x`
    (NumPy's modf: of an infinity, a zero and the infinity; of NaN, NaN
    twice). Integers and booleans as float64 (float16 for 8-bit ones), as
    NumPy's loops take them."""
    dtype = _ufunc_dtype(np.modf, (x.dtype,))
    x = _ops.astype(x, dtype)
    whole = _ops.trunc(x)
    fraction = _ops.where(_ops.isinf(x), np.zeros((), dtype),
                          _ops.subtract(x, whole))
    # x - trunc(x) is +0 for a negative integer: the sign is x's.
    from ._bits import copysign

    return copysign(fraction, x), whole


@eager
def _nan_arg_extremum(kind, fill, a, axis, keepdims):
    # NumPy's steps: NaN replaced by the extremum's identity, then argmax
    # (argmin); -1 where a slice is all NaN (JAX's answer, which the eager
    # callers turn into NumPy's error).
    if not _dtypes.holds_nan(a.dtype):
        return _ops._arg_reduce(kind, a, axis, keepdims)
    # A complex element is NaN where either part is (isnan's rule too).
    nan = _ops.isnan(a)
    found = _ops._arg_reduce(kind, _ops.where(nan, fill, a), axis, keepdims)
    if axis is None:
        all_nan = _ops.all(nan)
        if keepdims:
            all_nan = _ops.reshape(all_nan, (1,) * a.ndim)
    else:
        all_nan = _ops.all(nan, axis=axis, keepdims=keepdims)
    return _ops.where(all_nan, np.int64(-1), found)


def _store(out, result):
    return result if out is None else _store_in(out, result)


def _nan_arg(kind, fill, a, axis, keepdims):
    if not isinstance(a, Tensor):
        a = np.asarray(a)  # NumPy's nanargmax(5) is 0
    result = _nan_arg_extremum(kind, fill, a, axis, bool(keepdims))
    if not isinstance(result, Tensor) and np.any(np.asarray(result) < 0):
        raise ValueError("All-NaN slice encountered")
    return result


def nanargmax(a, axis=None, out=None, *, keepdims=False):
    """The index of the largest element that is not NaN (NumPy's error where
    a slice is all NaN; -1 there in a traced program)."""
    return _store(out, _nan_arg("argmax", -np.inf, a, axis, keepdims))


def nanargmin(a, axis=None, out=None, *, keepdims=False):
    """The index of the smallest element that is not NaN (NumPy's error
    where a slice is all NaN; -1 there in a traced program)."""
    return _store(out, _nan_arg("argmin", np.inf, a, axis, keepdims))


# ---------------------------------------------------------------------------
# Machine learning (PyTorch's definitions; NumPy has none)
# ---------------------------------------------------------------------------


@eager
def logsumexp(a, axis=None, keepdims=False):
    """log(sum(exp(a))) along `axis`, computed stably (scipy.special's
    logsumexp): the maximum is subtracted first, unless it is infinite."""
    graph = _graph_of(a)
    a = _lift(graph, a, _ufunc_dtype(np.exp, (a.dtype,)))
    shift = _ops.max(a, axis=axis, keepdims=True)
    shift = _ops.where(_ops.isfinite(shift), shift, 0)
    total = _ops.sum(_ops.exp(_ops.subtract(a, shift)), axis=axis,
                     keepdims=keepdims)
    if not keepdims:
        shift = _ops.reshape(shift, total.shape)
    return _ops.add(_ops.log(total), shift)


@eager
def log_softmax(x, axis=-1):
    """x - logsumexp(x) along `axis`."""
    return _ops.subtract(x, logsumexp(x, axis=axis, keepdims=True))


@eager
def gelu(x, approximate="none"):
    """x * Phi(x), Phi the standard normal's distribution function, with
    erf (PyTorch's default) or, with approximate='tanh', its tanh form."""
    graph = _graph_of(x)
    x = _lift(graph, x, _ufunc_dtype(np.exp, (x.dtype,)))
    if approximate == "none":
        phi = _ops.multiply(0.5, _ops.add(1.0, _ops.erf(
            _ops.multiply(x, float(1 / np.sqrt(2.0))))))
    elif approximate == "tanh":
        inner = _ops.multiply(float(np.sqrt(2.0 / np.pi)), _ops.add(
            x, _ops.multiply(0.044715, _ops.multiply(x, _ops.square(x)))))
        phi = _ops.multiply(0.5, _ops.add(1.0, _ops.tanh(inner)))
    else:
        raise ValueError(
            f"gelu: approximate must be 'none' or 'tanh', not {approximate!r}")
    return _ops.multiply(x, phi)


@eager
def silu(x):
    """x * sigmoid(x)."""
    graph = _graph_of(x)
    x = _lift(graph, x, _ufunc_dtype(np.exp, (x.dtype,)))
    return _ops.multiply(x, _ops.sigmoid(x))


@eager
def softplus(x):
    """log(1 + exp(x)), computed as max(x, 0) + log1p(exp(-|x|)), which
    neither overflows nor loses small values."""
    graph = _graph_of(x)
    x = _lift(graph, x, _ufunc_dtype(np.exp, (x.dtype,)))
    return _ops.add(_ops.relu(x),
                    _ops.log1p(_ops.exp(_ops.negative(_ops.abs(x)))))


# Methods of traced values.
Tensor.clip = lambda self, min=None, max=None: clip(self, min, max)
Tensor.round = round
Tensor.var = var
Tensor.std = std
