"""Order statistics and differences: NumPy's median, quantile and
percentile (the default 'linear' method) from one `ten.sort` along the
axis and takes at positions known when tracing (the quantiles are
constants), and diff. A NaN in a slice makes its statistics NaN, as in
NumPy."""

import numpy as np

from ._jit import TraceConstant, eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of, _normalize_axis


def _sorted_along(graph, a, axis, keep_dtype=False):
    """`a` sorted along `axis` (the flattened array if None, then axis 0),
    and the axis; in the result dtype of the statistics (floats keep
    theirs, other types give float64) unless `keep_dtype`."""
    if axis is None:
        a = _ops.reshape(a, (-1,))
        axis = 0
    elif isinstance(axis, (tuple, list)):
        raise NotImplementedError("ten: order statistics over several axes "
                                  "are not supported yet")
    axis = _normalize_axis(axis, a.ndim)
    dtype = a.dtype if np.dtype(a.dtype).kind == "f" else np.dtype(np.float64)
    if np.dtype(a.dtype).kind == "c":
        raise TypeError("ten: order statistics of complex numbers are not "
                        "supported")
    s = graph.apply("sort", a.value, axis, False)[0]
    return (s if keep_dtype else _ops.astype(s, dtype)), axis


def _at(graph, s, axis, position):
    """The elements of `s` at `position` along `axis`, the axis dropped."""
    index = graph.constant(np.array(position, np.int64))
    return graph.apply("take", "clip", s.value, index.value, axis)


def _nan_where_any(graph, result, axis, s):
    """`result` with NaN where the slice of `s` along `axis` holds a NaN:
    sorted NaNs come last, so the last element tells."""
    if np.dtype(s.dtype).kind != "f":
        return result
    last = _at(graph, s, axis, s.shape[axis] - 1)
    return _ops.where(_ops.isnan(last), np.nan, result)


def _keep(result, a_shape, axis, keepdims, flattened, extra=0):
    if not keepdims:
        return result
    if flattened:
        shape = result.shape[:extra] + (1,) * len(a_shape)
    else:
        shape = (result.shape[:extra] + a_shape[:axis] + (1,)
                 + a_shape[axis + 1:])
    return _ops.reshape(result, shape)


@eager
def _median(a, axis, keepdims):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    s, dim = _sorted_along(graph, a, axis)
    n = s.shape[dim]
    if n == 0:
        raise ValueError("ten.median of an empty array (NumPy: NaN with a "
                         "warning) is not supported")
    middle = _at(graph, s, dim, n // 2)
    if n % 2 == 0:
        lower = _at(graph, s, dim, n // 2 - 1)
        middle = _ops.divide(_ops.add(lower, middle), 2)
        middle = _ops.astype(middle, s.dtype)
    result = _nan_where_any(graph, middle, dim, s)
    return _keep(result, a.shape, dim, keepdims, axis is None)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """NumPy's median along `axis` (the flattened array if None): the
    middle element of each sorted slice, or the mean of the two middle
    ones."""
    if out is not None:
        raise TypeError("ten.median does not write into `out`")
    return _median(a, axis, bool(keepdims))


# NumPy's methods that take one element of the sorted slice, whose result
# keeps the array's dtype; the others interpolate between two neighbours.
_TAKING_METHODS = ("inverted_cdf", "closest_observation", "lower", "higher",
                   "nearest")
_METHODS = _TAKING_METHODS + (
    "averaged_inverted_cdf", "interpolated_inverted_cdf", "hazen", "weibull",
    "linear", "median_unbiased", "normal_unbiased", "midpoint")


def _quantile_positions(q, n, method):
    """For each quantile, the two neighbouring sorted positions and the
    weight of the upper one, by NumPy's `method`: 'linear' as NumPy computes
    it (in the quantiles' type); the others from NumPy's own quantile of the
    positions 0..n-1, which is the virtual position every method
    interpolates at (every method is an interpolation between neighbouring
    order statistics)."""
    q = np.asarray(q)
    if method == "linear":
        virtual = q * np.asarray(n - 1, q.dtype)
    else:
        virtual = np.quantile(np.arange(n, dtype=np.float64), q,
                              method=method)
    lower = np.clip(np.floor(virtual), 0, n - 1).astype(np.int64)
    upper = np.minimum(lower + 1, n - 1)
    return lower, upper, np.asarray(virtual - lower).astype(q.dtype)


@eager
def _quantile(a, q, axis, keepdims, dtype, method):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    q = np.asarray(q)
    taking = method in _TAKING_METHODS
    # As NumPy's lerp: the neighbours' difference in the array's type,
    # weighted in the quantiles'.
    s, dim = _sorted_along(graph, a, axis, keep_dtype=taking)
    n = s.shape[dim]
    if n == 0:
        raise ValueError("ten.quantile of an empty array is not supported")
    lower, upper, weight = _quantile_positions(q, n, method)
    below = _at(graph, s, dim, lower)
    above = _at(graph, s, dim, upper)
    # The positions' dimensions go first, as NumPy puts the quantiles'.
    if q.ndim:
        order = (tuple(range(dim, dim + q.ndim)) + tuple(range(dim))
                 + tuple(range(dim + q.ndim, below.ndim)))
        below = _ops.transpose(below, order)
        above = _ops.transpose(above, order)
    if taking:
        # An element of the slice (the weight is 0): NaN where it has one.
        result = below
        if np.dtype(s.dtype).kind == "f":
            last = _at(graph, s, dim, n - 1)
            if q.ndim:
                last = _ops.reshape(last, (1,) * q.ndim + last.shape)
            result = _ops.where(_ops.isnan(last), np.asarray(np.nan, s.dtype),
                                result)
        return _keep(result, a.shape, dim, keepdims, axis is None,
                     extra=q.ndim)
    t = graph.constant(
        np.asarray(weight).reshape(q.shape + (1,) * (below.ndim - q.ndim)))
    # NumPy's lerp: from the lower value below t = 0.5, from the upper one
    # from there.
    step = _ops.subtract(above, below)
    from_below = _ops.add(below, _ops.multiply(step, t))
    from_above = _ops.subtract(above,
                               _ops.multiply(step, _ops.subtract(1, t)))
    result = _ops.where(_ops.greater_equal(t, 0.5), from_above, from_below)
    result = _ops.astype(result, dtype)
    if q.ndim == 0:
        result = _nan_where_any(graph, result, dim, s)
    elif np.dtype(s.dtype).kind == "f":
        last = _at(graph, s, dim, n - 1)
        result = _ops.where(_ops.isnan(last), np.nan, result)
    return _keep(result, a.shape, dim, keepdims, axis is None, extra=q.ndim)


def _check_quantiles(q, name, top):
    if isinstance(q, Tensor):
        raise NotImplementedError(
            f"ten.{name}: traced quantiles are not supported yet (the "
            f"positions they take are chosen when tracing)")
    # NumPy computes the positions in the quantiles' own float type.
    values = np.asarray(q)
    if values.dtype.kind != "f":
        values = values.astype(np.float64)
    if not ((values >= 0) & (values <= top)).all():
        raise ValueError(f"{'Percentiles' if top == 100 else 'Quantiles'} "
                         f"must be in the range [0, {top}]")
    return values


def _result_dtype(a, q, method):
    """NumPy's dtype of a quantile: the array's for the methods that take an
    element; else its float type (float64 for other types) promoted with
    `q` (a Python number is weak, a list or a NumPy value is not)."""
    kind = np.dtype(a.dtype if isinstance(a, Tensor) else np.asarray(a).dtype)
    if method in _TAKING_METHODS:
        return kind
    base = kind if kind.kind == "f" else np.dtype(np.float64)
    if isinstance(q, (list, tuple)):
        q = np.asarray(q)
    return np.dtype(np.result_type(base, q))


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method="linear", keepdims=False, *, weights=None):
    """NumPy's quantile: `q` (in [0, 1], known when tracing) of each sorted
    slice along `axis`, by any of NumPy's methods."""
    _check_method(method, weights, out, "quantile")
    values = _check_quantiles(q, "quantile", 1)
    return _quantile(a, TraceConstant(values), axis, bool(keepdims),
                     _result_dtype(a, q, method), method)


def _check_method(method, weights, out, name):
    if method not in _METHODS:
        raise ValueError(f"'{method}' is not a valid method. Use one of: "
                         f"{_METHODS}")
    if weights is not None or out is not None:
        raise NotImplementedError(f"ten.{name}: no weights and no out")


def percentile(a, q, axis=None, out=None, overwrite_input=False,
               method="linear", keepdims=False, *, weights=None):
    """NumPy's percentile: quantile of q / 100."""
    _check_method(method, weights, out, "percentile")
    values = _check_quantiles(q, "percentile", 100)
    return _quantile(a, TraceConstant(values / values.dtype.type(100)), axis,
                     bool(keepdims), _result_dtype(a, q, method), method)


@eager
def _diff(a, n, axis):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one "
                         "dimensional")
    axis = _normalize_axis(axis, a.ndim)
    for _ in range(n):
        size = a.shape[axis]
        starts = [0] * a.ndim
        stops = list(a.shape)
        steps = [1] * a.ndim
        later_starts = list(starts)
        later_starts[axis] = min(1, size)
        earlier_stops = list(stops)
        earlier_stops[axis] = max(size - 1, 0)
        later = graph.apply("slice", a.value, later_starts, stops, steps)
        earlier = graph.apply("slice", a.value, starts, earlier_stops, steps)
        a = (_ops.not_equal(later, earlier) if a.dtype == np.bool_
             else _ops.subtract(later, earlier))
    return a


def diff(a, n=1, axis=-1, prepend=np._NoValue, append=np._NoValue):
    """NumPy's diff: the `n`-th differences along `axis` (booleans: whether
    neighbours differ), after `prepend` and `append` join the array."""
    import operator

    n = operator.index(n)
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    if prepend is not np._NoValue or append is not np._NoValue:
        from ._joins import concatenate

        parts = [a]
        if prepend is not np._NoValue:
            parts.insert(0, _edge_part(a, prepend, axis))
        if append is not np._NoValue:
            parts.append(_edge_part(a, append, axis))
        a = concatenate(parts, axis=axis)
    if n == 0:
        return a
    return _diff(a, n, axis)


def _edge_part(a, extra, axis):
    """`extra` (prepended or appended by diff) broadcast to `a`'s shape with
    one element along `axis`, as NumPy broadcasts it."""
    shape = list(np.shape(a))
    axis = _normalize_axis(axis, len(shape))
    if np.ndim(extra) == 0:
        shape[axis] = 1
        return _ops.broadcast_to(extra if isinstance(extra, Tensor)
                                 else np.asarray(extra), tuple(shape))
    return extra


# ---------------------------------------------------------------------------
# Order statistics that skip NaN
# ---------------------------------------------------------------------------

# The methods whose position is a simple function of the count of numbers,
# which the data decide: the linear method and its rounded forms.
_NAN_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


@eager
def _nanquantile(a, q, axis, keepdims, dtype, method):
    from ._gather import take_along_axis
    from ._joins import stack
    from ._math import logical_not

    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    q = np.asarray(q)
    s, dim = _sorted_along(graph, a, axis)
    n = s.shape[dim]
    if n == 0:
        raise ValueError("ten.nanquantile of an empty array is not supported")
    # NaN sorts last: the numbers are the first `count` of each slice.
    count = _ops.sum(_ops.astype(logical_not(_ops.isnan(s)), np.int64),
                     axis=dim, keepdims=True)
    last = _ops.maximum(_ops.subtract(count, 1), 0)
    results = []
    for quantile in q.reshape(-1):
        virtual = _ops.multiply(_ops.astype(last, q.dtype), quantile)
        lower = _ops.floor(virtual)
        weight = None
        if method == "linear":
            weight = _ops.subtract(virtual, lower)
        elif method == "midpoint":
            weight = _ops.where(_ops.greater(virtual, lower),
                                np.asarray(0.5, q.dtype),
                                np.asarray(0, q.dtype))
        elif method == "higher":
            lower = _ops.ceil(virtual)
        elif method == "nearest":
            lower = _ops.rint(virtual)
        lower = _ops.astype(lower, np.int64)
        below = take_along_axis(s, lower, axis=dim)
        if weight is None:
            result = below
        else:
            upper = _ops.minimum(_ops.add(lower, 1), last)
            above = take_along_axis(s, upper, axis=dim)
            # NumPy's lerp, as quantile's.
            step = _ops.subtract(above, below)
            from_below = _ops.add(below, _ops.multiply(step, weight))
            from_above = _ops.subtract(
                above, _ops.multiply(step, _ops.subtract(1, weight)))
            result = _ops.where(_ops.greater_equal(weight, 0.5), from_above,
                                from_below)
        result = _ops.where(_ops.equal(count, 0), np.nan, result)
        shape = result.shape[:dim] + result.shape[dim + 1:]
        results.append(_ops.astype(_ops.reshape(result, shape), dtype))
    result = stack(results).reshape(q.shape + results[0].shape) \
        if q.ndim else results[0]
    return _keep(result, a.shape, dim, keepdims, axis is None, extra=q.ndim)


def _nan_order_statistic(a, q, axis, keepdims, method, out, weights, name,
                         top):
    if method not in _NAN_METHODS:
        raise NotImplementedError(
            f"ten.{name}: method '{method}' is not supported yet (the "
            f"methods are {', '.join(_NAN_METHODS)})")
    if weights is not None or out is not None:
        raise NotImplementedError(f"ten.{name}: no weights and no out")
    values = _check_quantiles(q, name, top)
    if top == 100:
        values = values / values.dtype.type(100)
    kind = np.dtype(a.dtype if isinstance(a, Tensor) else np.asarray(a).dtype)
    if kind.kind != "f":
        # No NaN to skip.
        return _quantile(a, TraceConstant(values), axis, bool(keepdims),
                         _result_dtype(a, q, method), method)
    return _nanquantile(a, TraceConstant(values), axis, bool(keepdims),
                        _result_dtype(a, q, method), method)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False,
                method="linear", keepdims=False, *, weights=None):
    """NumPy's nanquantile: quantile of the numbers of each slice, NaN
    skipped (NaN for a slice of NaN alone); the methods linear, lower,
    higher, nearest and midpoint."""
    return _nan_order_statistic(a, q, axis, keepdims, method, out, weights,
                                "nanquantile", 1)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
                  method="linear", keepdims=False, *, weights=None):
    """NumPy's nanpercentile: nanquantile of q / 100."""
    return _nan_order_statistic(a, q, axis, keepdims, method, out, weights,
                                "nanpercentile", 100)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """NumPy's nanmedian: the median of the numbers of each slice."""
    if out is not None:
        raise TypeError("ten.nanmedian does not write into `out`")
    return _nan_order_statistic(a, 0.5, axis, keepdims, "linear", None, None,
                                "nanmedian", 1)
