"""Order statistics and differences: NumPy's median, quantile and
percentile (every method) from one `ten.partition` along the axis (several
axes merged into one) about the positions known when tracing (the
quantiles are constants) and takes there, and diff; the nan* forms, whose
positions the data give, from one `ten.sort`. A NaN in a slice makes its
statistics NaN, as in NumPy; the nan* forms skip it."""

import numpy as np

from ._jit import TraceConstant, eager, stored
from ._trace import Tensor, current_graph
from . import _dtypes, _ops
from ._ops import _as_tensor, _graph_of, _normalize_axis


def _merged_axes(a, axis):
    """`a` with the axes `axis` names merged into one (None: every axis, a
    tuple: those axes moved last, as NumPy's reductions over several axes
    see them), that axis, and the shape keepdims gives a statistic of it."""
    if axis is None:
        return _ops.reshape(a, (-1,)), 0, (1,) * a.ndim
    if not isinstance(axis, (tuple, list)):
        axis = _normalize_axis(axis, a.ndim)
        return a, axis, a.shape[:axis] + (1,) + a.shape[axis + 1:]
    axes = [_normalize_axis(one, a.ndim) for one in axis]
    if len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    kept = [d for d in range(a.ndim) if d not in axes]
    merged = _ops.transpose(a, tuple(kept) + tuple(sorted(axes)))
    size = int(np.prod([a.shape[d] for d in axes], dtype=np.int64))
    merged = _ops.reshape(merged, tuple(a.shape[d] for d in kept) + (size,))
    return merged, len(kept), tuple(1 if d in axes else a.shape[d]
                                    for d in range(a.ndim))


def _sorted_along(graph, a, axis, keep_dtype=False, median=False,
                  positions=None):
    """`a` sorted along `axis` (see _merged_axes), that axis and the shape
    keepdims gives; in the result dtype of the statistics unless
    `keep_dtype`: NumPy's floats keep theirs, other types give float64; a
    `median` also keeps complex numbers and ml_dtypes' floats. Given
    `positions` (a function of the axis's length giving the positions a
    statistic reads), only those hold the sorted order's elements: a
    `ten.partition` about them, and the last one (NaN, where a slice has
    one), rather than a whole sort."""
    kind = np.dtype(a.dtype).kind
    if kind == "c" and not median:
        raise TypeError("a must be an array of real numbers")
    a, axis, kept_shape = _merged_axes(a, axis)
    keeps = kind == "f" or (median and (kind == "c" or _dtypes.is_float(
        np.dtype(a.dtype))))
    dtype = a.dtype if keeps else np.dtype(np.float64)
    if _dtypes.is_float(np.dtype(a.dtype)) and np.dtype(a.dtype).itemsize == 1:
        # ten.sort takes no float8: sorted as the float32s they are exactly.
        a = _ops.astype(a, np.float32)
    n = a.shape[axis]
    if positions is None:
        s = graph.apply("sort", a.value, axis, False)[0]
    else:
        kth = {int(p) for p in positions(n)}
        if n and _dtypes.holds_nan(np.dtype(a.dtype)):
            kth.add(n - 1)
        s = graph.apply("partition", a.value, axis, sorted(kth), False)[0]
    return (s if keep_dtype else _ops.astype(s, dtype)), axis, kept_shape


def _at(graph, s, axis, position):
    """The elements of `s` at `position` along `axis`, the axis dropped."""
    index = graph.constant(np.array(position, np.int64))
    return graph.apply("take", "clip", s.value, index.value, axis)


def _nan_where_any(graph, result, axis, s):
    """`result` with the slice's NaN where the slice of `s` along `axis`
    holds one: sorted NaNs come last, so the last element tells (a complex
    one, with its other part, as NumPy's median copies it)."""
    if not _dtypes.holds_nan(np.dtype(s.dtype)):
        return result
    last = _at(graph, s, axis, s.shape[axis] - 1)
    return _ops.where(_ops.isnan(last), _ops.astype(last, result.dtype),
                      result)


def _keep(result, kept_shape, keepdims, extra=0):
    """`result` with the statistic's axes kept as 1s where `keepdims`,
    after `extra` leading dimensions of its own (the quantiles')."""
    if not keepdims:
        return result
    return _ops.reshape(result, result.shape[:extra] + kept_shape)


def _nan_statistic(s, dim, kept_shape, keepdims, dtype=None):
    """NaN (complex: NaN + NaN i) for every slice of `s` along `dim`, as
    NumPy's statistics of empty slices (np.mean of nothing) give, in the
    statistic's dtype."""
    dtype = np.dtype(s.dtype if dtype is None else dtype)
    nan = np.asarray(complex(np.nan, np.nan) if dtype.kind == "c"
                     else np.nan).astype(dtype)
    shape = s.shape[:dim] + s.shape[dim + 1:]
    result = _ops.broadcast_to(current_graph().constant(nan), shape)
    return _keep(result, kept_shape, keepdims)


def _middle_mean(lower, upper):
    """NumPy's median of two middle elements: their mean, float16's in
    float32 (as np.mean computes it) and rounded back."""
    dtype = lower.dtype
    if dtype == np.float16:
        lower, upper = (_ops.astype(x, np.float32) for x in (lower, upper))
    return _ops.astype(_ops.divide(_ops.add(lower, upper), 2), dtype)


def _middle_one(middle):
    """NumPy's median of one middle element: np.mean of it, which divides a
    complex one by 1 + 0i (an infinite part makes the other NaN)."""
    if np.dtype(middle.dtype).kind != "c":
        return middle
    return _ops.divide(middle, np.asarray(1, middle.dtype))


@eager
def _median(a, axis, keepdims):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    # The middle position, or the two middle ones.
    s, dim, kept_shape = _sorted_along(
        graph, a, axis, median=True,
        positions=lambda n: [(n - 1) // 2, n // 2] if n else [])
    n = s.shape[dim]
    if n == 0:
        return _nan_statistic(s, dim, kept_shape, keepdims)
    middle = _at(graph, s, dim, n // 2)
    if n % 2 == 0:
        middle = _middle_mean(_at(graph, s, dim, n // 2 - 1), middle)
    else:
        middle = _middle_one(middle)
    result = _nan_where_any(graph, middle, dim, s)
    return _keep(result, kept_shape, keepdims)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """NumPy's median along `axis` (the flattened array if None, a tuple:
    those axes together): the middle element of each sorted slice, or the
    mean of the two middle ones; complex numbers in NumPy's lexicographic
    order."""
    return stored(_median(a, axis, bool(keepdims)), out, "median")


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
    s, dim, kept_shape = _sorted_along(
        graph, a, axis, keep_dtype=taking,
        positions=lambda n: np.ravel(_quantile_positions(q, n, method)[:2])
        if n else [])
    n = s.shape[dim]
    if n == 0:
        # NumPy takes the last element of each sorted slice, which an empty
        # one does not have.
        raise IndexError(f"index -1 is out of bounds for axis {dim} with "
                         f"size 0")
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
        if _dtypes.is_float(np.dtype(s.dtype)):
            last = _at(graph, s, dim, n - 1)
            if q.ndim:
                last = _ops.reshape(last, (1,) * q.ndim + last.shape)
            result = _ops.where(_ops.isnan(last), np.asarray(np.nan, s.dtype),
                                result)
        return _keep(result, kept_shape, keepdims, extra=q.ndim)
    weight = np.asarray(weight).reshape(q.shape + (1,) * (below.ndim - q.ndim))
    # NumPy's lerp: from the lower value below t = 0.5, from the upper one
    # from there; t and 1 - t in the result's type (a Python number's q is
    # weak, and NumPy's products take the array's type), 1 - t computed
    # before that rounding.
    t, t_complement = _lerp_weights(weight, dtype)
    step = _ops.subtract(above, below)
    from_below = _ops.add(below, _ops.multiply(step, graph.constant(t)))
    from_above = _ops.subtract(
        above, _ops.multiply(step, graph.constant(t_complement)))
    result = _ops.where(graph.constant(weight >= 0.5), from_above,
                        from_below)
    result = _ops.astype(result, dtype)
    if q.ndim == 0:
        result = _nan_where_any(graph, result, dim, s)
    elif _dtypes.is_float(np.dtype(s.dtype)):
        last = _at(graph, s, dim, n - 1)
        result = _ops.where(_ops.isnan(last), np.nan, result)
    return _keep(result, kept_shape, keepdims, extra=q.ndim)


def _lerp_weights(weight, dtype):
    """NumPy lerp's weights t and 1 - t of the upper neighbour and the lower
    one, for a result of `dtype`: in the weight's type where it is at least
    as wide, else rounded to `dtype` (1 - t computed first), as NumPy
    rounds a weak quantile's. Arrays or tensors alike."""
    kind, dtype = np.dtype(weight.dtype), np.dtype(dtype)
    complement = _ops.subtract(kind.type(1), weight) if isinstance(
        weight, Tensor) else kind.type(1) - weight
    if dtype.kind != "f" or dtype.itemsize >= kind.itemsize:
        return weight, complement
    # A NumPy array's method or a traced value's (Tensor.astype).
    return weight.astype(dtype), complement.astype(dtype)


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
    if kind == np.bool_:
        # NumPy interpolates by subtracting neighbours, which booleans refuse.
        raise TypeError(f"ten: method '{method}' interpolates, and booleans "
                        f"do not subtract (NumPy's TypeError); use a method "
                        f"that takes an element ('lower', 'nearest', ...)")
    base = kind if kind.kind == "f" else np.dtype(np.float64)
    if isinstance(q, (list, tuple)):
        q = np.asarray(q)
    return np.dtype(np.result_type(base, q))


def quantile(a, q, axis=None, out=None, overwrite_input=False,
             method="linear", keepdims=False, *, weights=None):
    """NumPy's quantile: `q` (in [0, 1], known when tracing) of each sorted
    slice along `axis`, by any of NumPy's methods; with `weights`, the
    method 'inverted_cdf' of the weighted distribution (NumPy 2's)."""
    _check_method(method, weights, out, "quantile")
    values = _check_quantiles(q, "quantile", 1)
    return _order_statistic(a, values, axis, out, method, keepdims, weights,
                            _result_dtype(a, q, method))


def _order_statistic(a, values, axis, out, method, keepdims, weights, dtype):
    """The quantiles `values` of `a`, weighted or not, stored in `out`."""
    if weights is None:
        result = _quantile(a, TraceConstant(values), axis, bool(keepdims),
                           dtype, method)
    else:
        weights = _checked_weights(a, weights, axis, method)
        result = _weighted_quantile(a, weights, TraceConstant(values), axis,
                                    bool(keepdims))
    if out is None:
        return result
    from ._jit import _store_in

    return _store_in(out, result)


def _check_method(method, weights, out, name):
    if method not in _METHODS:
        raise ValueError(f"'{method}' is not a valid method. Use one of: "
                         f"{_METHODS}")
    if out is not None and isinstance(out, Tensor):
        raise TypeError(f"ten.{name} takes no 'out' on traced values: "
                        "assign its result instead")


def _shape_of(value):
    return tuple(value.shape) if isinstance(value, Tensor) else np.shape(value)


def _checked_weights(a, weights, axis, method):
    """`weights` of the shape of `a`, after NumPy's checks: only the method
    'inverted_cdf' takes them; a different shape needs one axis, along
    which they lie; NumPy arrays of them must be non-negative, finite and
    not all zero in a slice (a traced value's are known only in the run)."""
    if method != "inverted_cdf":
        raise ValueError(f"Only method 'inverted_cdf' supports weights. "
                         f"Got: {method}.")
    shape = _shape_of(a)
    if not isinstance(weights, Tensor):
        weights = np.asarray(weights)
    if _shape_of(weights) != shape:
        if axis is None or isinstance(axis, (tuple, list)):
            raise TypeError("Axis must be specified when shapes of a and "
                            "weights differ.")
        axis = _normalize_axis(axis, len(shape))
        if len(_shape_of(weights)) != 1 or \
                _shape_of(weights)[0] != shape[axis]:
            raise ValueError("Shape of weights must be consistent with shape "
                             "of a along specified axis.")
        along = [1] * len(shape)
        along[axis] = shape[axis]
        weights = _ops.broadcast_to(_ops.reshape(weights, tuple(along)), shape)
    if isinstance(weights, np.ndarray):
        if (weights < 0).any():
            raise ValueError("Weights must be non-negative.")
        totals = np.sum(weights, axis=None if axis is None else axis,
                        dtype=np.float64)
        if not np.isfinite(weights).all() or (np.asarray(totals) == 0).any():
            raise ValueError("Weights included NaN, inf or were all zero.")
    return weights


@eager
def _weighted_quantile(a, weights, q, axis, keepdims, skip_nan=False):
    """NumPy's weighted 'inverted_cdf': the first element of each stably
    sorted slice at which the weights' cumulative share reaches q, the
    share in the quantiles' float type; NaN where the slice has a NaN, or
    with `skip_nan` (nanquantile's) the NaN left out, their weights 0, and
    NaN where the slice has nothing else."""
    graph = _graph_of(a, weights)
    a = _as_tensor(graph, a)
    weights = _as_tensor(graph, weights)
    if skip_nan and _dtypes.is_float(np.dtype(a.dtype)):
        weights = _ops.where(_ops.isnan(a), np.asarray(0, weights.dtype),
                             weights)
    q = np.asarray(q)
    merged, dim, kept_shape = _merged_axes(a, axis)
    merged_weights = _merged_axes(weights, axis)[0]
    kind = np.dtype(merged.dtype)
    if kind.kind == "c":
        raise TypeError("a must be an array of real numbers")
    values, order = graph.apply("sort", merged.value, dim, False)
    n = values.shape[dim]
    if n == 0:
        raise IndexError(f"index -1 is out of bounds for axis {dim} with "
                         f"size 0")
    from ._gather import take_along_axis
    from ._scans import cumsum

    shares = cumsum(take_along_axis(merged_weights, order, axis=dim),
                    axis=dim, dtype=np.float64)
    total = _at(graph, shares, dim, n - 1)
    total = _ops.reshape(total, total.shape[:dim] + (1,) + total.shape[dim:])
    shares = _ops.divide(shares, total)
    if q.dtype.kind == "f":
        shares = _ops.astype(shares, q.dtype)
    # Leading zero weights: their shares are below every quantile, 0 too.
    shares = _ops.where(_ops.equal(shares, 0), -1, shares)
    results = []
    for value in q.reshape(-1):
        below = _ops.sum(_ops.astype(_ops.less(shares, value), np.int64),
                         axis=dim, keepdims=True)
        position = _ops.minimum(below, n - 1)
        taken = take_along_axis(values, position, axis=dim)
        results.append(_ops.reshape(taken, taken.shape[:dim]
                                    + taken.shape[dim + 1:]))
    from ._joins import stack

    result = stack(results) if q.ndim else results[0]
    if q.ndim:
        result = _ops.reshape(result, q.shape + result.shape[1:])
    if kind.kind == "f":
        # NaN sorts last: the slice's last element says whether it has one,
        # its first whether it has nothing else.
        nan_at = 0 if skip_nan else n - 1
        flag = _at(graph, values, dim, nan_at)
        result = _ops.where(_ops.isnan(flag), np.asarray(np.nan, kind),
                            result)
    return _keep(result, kept_shape, keepdims, extra=q.ndim)


def percentile(a, q, axis=None, out=None, overwrite_input=False,
               method="linear", keepdims=False, *, weights=None):
    """NumPy's percentile: quantile of q / 100."""
    _check_method(method, weights, out, "percentile")
    values = _check_quantiles(q, "percentile", 100)
    return _order_statistic(a, values / values.dtype.type(100), axis, out,
                            method, keepdims, weights,
                            _result_dtype(a, q, method))


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

# NumPy's methods of Hyndman and Fan's continuous kind: the virtual position
# n q + alpha + q (1 - alpha - beta) - 1 of n numbers, by (alpha, beta).
_CONTINUOUS_METHODS = {"interpolated_inverted_cdf": (0.0, 1.0),
                       "hazen": (0.5, 0.5), "weibull": (0.0, 0.0),
                       "median_unbiased": (1 / 3, 1 / 3),
                       "normal_unbiased": (3 / 8, 3 / 8)}


def _nan_positions(count, quantile, method):
    """NumPy's positions of `quantile` (a NumPy float) among the `count`
    numbers of each slice (an int64 tensor: the data decide it), computed
    as NumPy computes them in the quantile's type: the neighbours' positions
    and the upper one's weight (NumPy's gamma, from its previous position,
    -1 past the last number as NumPy indexes it); the upper position and
    the weight None for the methods that take an element."""
    kind = quantile.dtype.type
    n = _ops.astype(count, quantile.dtype)
    q = kind(quantile)
    last = _ops.maximum(_ops.subtract(count, 1), 0)
    if method in ("inverted_cdf", "closest_observation"):
        # The neighbour below where the position is whole (and, for the
        # closest observation, its floor odd), else the one above; never
        # below 0.
        shift = kind(1) if method == "inverted_cdf" else kind(1.5)
        index = _ops.subtract(_ops.multiply(n, q), shift)
        previous = _ops.floor(index)
        whole = _ops.equal(_ops.subtract(index, previous), 0)
        if method == "closest_observation":
            from ._math import logical_and

            whole = logical_and(whole, _ops.equal(
                _ops.remainder(previous, kind(2)), 1))
        taken = _ops.where(whole, previous, _ops.add(previous, 1))
        return _ops.astype(_ops.maximum(taken, 0), np.int64), None, None
    scaled = _ops.multiply(_ops.astype(last, quantile.dtype), q)
    if method in ("lower", "higher", "nearest"):
        rounding = {"lower": _ops.floor, "higher": _ops.ceil,
                    "nearest": _ops.rint}[method]
        return _ops.astype(rounding(scaled), np.int64), None, None
    if method == "linear":
        virtual = scaled
    elif method == "averaged_inverted_cdf":
        virtual = _ops.subtract(_ops.multiply(n, q), kind(1))
    elif method == "midpoint":
        virtual = _ops.multiply(_ops.add(_ops.floor(scaled),
                                         _ops.ceil(scaled)), kind(0.5))
    else:
        alpha, beta = _CONTINUOUS_METHODS[method]
        virtual = _ops.subtract(_ops.add(_ops.multiply(n, q), kind(
            alpha + quantile * (1 - alpha - beta))), kind(1))
    floor = _ops.floor(virtual)
    above = _ops.greater_equal(virtual, _ops.subtract(n, kind(1)))
    below = _ops.less(virtual, kind(0))
    # NumPy's previous position: -1 (the last number) past the end, 0
    # before the start; its gamma is taken from these.
    previous = _ops.where(above, kind(-1), _ops.where(below, kind(0), floor))
    gamma = _ops.subtract(virtual, previous)
    if method == "averaged_inverted_cdf":
        gamma = _ops.where(_ops.equal(gamma, 0), kind(0.5), kind(1))
    elif method == "midpoint":
        gamma = _ops.where(_ops.equal(_ops.remainder(virtual, kind(1)), 0),
                           kind(0), kind(0.5))
    lower = _ops.where(above, _ops.astype(last, quantile.dtype),
                       _ops.where(below, kind(0), floor))
    upper = _ops.where(above, _ops.astype(last, quantile.dtype),
                       _ops.where(below, kind(0), _ops.add(floor, 1)))
    return (_ops.astype(lower, np.int64), _ops.astype(upper, np.int64),
            gamma)


@eager
def _nanquantile(a, q, axis, keepdims, dtype, method):
    from ._gather import take_along_axis
    from ._joins import stack
    from ._math import logical_not

    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    q = np.asarray(q)
    s, dim, kept_shape = _sorted_along(graph, a, axis)
    if 0 in a.shape:
        # NumPy's nanquantile of an empty array is its nanmean, the
        # quantiles' dimensions left out.
        return _nan_statistic(s, dim, kept_shape, keepdims,
                              _nanmean_dtype(a.dtype))
    # NaN sorts last: the numbers are the first `count` of each slice.
    count = _ops.sum(_ops.astype(logical_not(_ops.isnan(s)), np.int64),
                     axis=dim, keepdims=True)
    results = []
    for quantile in q.reshape(-1):
        lower, upper, weight = _nan_positions(count, quantile, method)
        below = take_along_axis(s, lower, axis=dim)
        if weight is None:
            result = below
        else:
            above = take_along_axis(s, upper, axis=dim)
            # NumPy's lerp, as quantile's.
            t, t_complement = _lerp_weights(weight, dtype)
            step = _ops.subtract(above, below)
            from_below = _ops.add(below, _ops.multiply(step, t))
            from_above = _ops.subtract(above,
                                       _ops.multiply(step, t_complement))
            result = _ops.where(_ops.greater_equal(weight, 0.5), from_above,
                                from_below)
        result = _ops.where(_ops.equal(count, 0), np.nan, result)
        shape = result.shape[:dim] + result.shape[dim + 1:]
        results.append(_ops.astype(_ops.reshape(result, shape), dtype))
    result = stack(results).reshape(q.shape + results[0].shape) \
        if q.ndim else results[0]
    return _keep(result, kept_shape, keepdims, extra=q.ndim)


def _nanmean_dtype(dtype):
    """np.nanmean's dtype for arrays of `dtype`: floats and complex numbers
    keep theirs, the others give float64."""
    dtype = np.dtype(dtype)
    return dtype if _dtypes.holds_nan(dtype) \
        else np.dtype(np.float64)


@eager
def _nanmedian(a, axis, keepdims):
    """NumPy's nanmedian (see nanmedian)."""
    from ._gather import take_along_axis
    from ._math import logical_not

    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    s, dim, kept_shape = _sorted_along(graph, a, axis, median=True)
    if 0 in a.shape:
        # NumPy's nanmedian of an empty array is its nanmean.
        return _nan_statistic(s, dim, kept_shape, keepdims,
                              _nanmean_dtype(a.dtype))
    # NaN sorts last: the numbers are the first `count` of each slice, and
    # their median is NumPy's median of them (the middle one, or the mean
    # of the two middle ones; not quantile's interpolation, which makes
    # inf beside a finite neighbour NaN).
    count = _ops.sum(_ops.astype(logical_not(_ops.isnan(s)), np.int64),
                     axis=dim, keepdims=True)
    upper = _ops.floor_divide(count, 2)
    lower = _ops.maximum(_ops.floor_divide(_ops.subtract(count, 1), 2), 0)
    below = take_along_axis(s, lower, axis=dim)
    above = take_along_axis(s, upper, axis=dim)
    odd = _ops.equal(_ops.remainder(count, 2), 1)
    result = _ops.where(odd, _middle_one(below), _middle_mean(below, above))
    result = _ops.where(_ops.equal(count, 0),
                        _ops.astype(np.asarray(np.nan), s.dtype), result)
    result = _ops.reshape(result, result.shape[:dim] + result.shape[dim + 1:])
    return _keep(result, kept_shape, keepdims)


def _nan_order_statistic(a, q, axis, keepdims, method, out, weights, name,
                         top):
    _check_method(method, weights, out, name)
    values = _check_quantiles(q, name, top)
    if top == 100:
        values = values / values.dtype.type(100)
    kind = np.dtype(a.dtype if isinstance(a, Tensor) else np.asarray(a).dtype)
    shape = a.shape if isinstance(a, Tensor) else np.shape(a)
    if weights is not None:
        weights = _checked_weights(a, weights, axis, method)
        result = _weighted_quantile(a, weights, TraceConstant(values), axis,
                                    bool(keepdims), skip_nan=True)
    elif not _dtypes.is_float(kind) and 0 not in shape:
        # No NaN to skip (an empty array is NumPy's nanmean: NaN).
        result = _quantile(a, TraceConstant(values), axis, bool(keepdims),
                           _result_dtype(a, q, method), method)
    else:
        result = _nanquantile(a, TraceConstant(values), axis, bool(keepdims),
                              _result_dtype(a, q, method), method)
    return stored(result, out, name)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False,
                method="linear", keepdims=False, *, weights=None):
    """NumPy's nanquantile: quantile of the numbers of each slice, NaN
    skipped (NaN for a slice of NaN alone), by any of NumPy's methods, at
    the positions of each slice's count of numbers; with `weights`, the
    method 'inverted_cdf' of the numbers' weights (NumPy 2's)."""
    return _nan_order_statistic(a, q, axis, keepdims, method, out, weights,
                                "nanquantile", 1)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False,
                  method="linear", keepdims=False, *, weights=None):
    """NumPy's nanpercentile: nanquantile of q / 100."""
    return _nan_order_statistic(a, q, axis, keepdims, method, out, weights,
                                "nanpercentile", 100)


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    """NumPy's nanmedian: the median of the numbers of each slice (NaN for
    a slice of NaN alone; complex numbers with a NaN part skipped)."""
    if not _dtypes.holds_nan(np.dtype(
            a.dtype if isinstance(a, Tensor) else np.asarray(a).dtype)):
        # No NaN to skip.
        return median(a, axis=axis, out=out, keepdims=keepdims)
    return stored(_nanmedian(a, axis, bool(keepdims)), out, "nanmedian")
