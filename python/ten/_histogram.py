"""NumPy's histogram and digitize, from ops that exist. The bin edges are
known when tracing (an integer count over a range, or an array of edges):
their count sizes the result. Equal bins find each element's bin
arithmetically, corrected against the edges as NumPy corrects it, and count
with a scatter (`ten.scatter add`, NumPy's bincount); edges of any spacing
count by searching the sorted elements for them (`ten.searchsorted`, as
NumPy does). digitize is a `ten.searchsorted` of the elements in the
edges."""

import operator

import numpy as np

from ._jit import TraceConstant, eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of


def _check_edges(bins):
    edges = np.asarray(bins)
    if edges.ndim != 1:
        raise ValueError("`bins` must be 1d, when an array")
    if np.any(edges[:-1] > edges[1:]):
        raise ValueError("`bins` must increase monotonically, when an array")
    return edges


def _outer_edges(a, range):
    """NumPy's first and last edge of equal bins over `a`'s `range` (the
    data's, from a NumPy array, when None)."""
    if range is not None:
        first, last = range
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not "
                             f"finite")
    elif isinstance(a, Tensor):
        raise NotImplementedError(
            "ten.histogram of a traced array needs range=: edges from the "
            "data's minimum and maximum would size nothing but be known only "
            "when the program runs")
    elif np.size(a) == 0:
        first, last = 0, 1
    else:
        a = np.asarray(a)
        first, last = a.min(), a.max()
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not "
                             f"finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last


def _equal_bin_edges(a, bins, range):
    first, last = _outer_edges(a, range)
    dtype = np.result_type(first, last, a.dtype if isinstance(a, Tensor)
                           else np.asarray(a).dtype)
    if np.issubdtype(dtype, np.integer):
        dtype = np.result_type(dtype, float)
    return np.linspace(first, last, bins + 1, endpoint=True, dtype=dtype)


@eager
def _counts(a, weights, edges, equal):
    from ._joins import concatenate
    from ._math import logical_and

    graph = _graph_of(a, weights)
    a = _ops.reshape(_as_tensor(graph, a), (-1,))
    edges = np.asarray(edges)
    n = edges.size - 1
    count_dtype = np.dtype(np.int64) if weights is None else weights.dtype
    if weights is not None:
        weights = _ops.reshape(_as_tensor(graph, weights), (-1,))
    if equal:
        # NumPy's equal bins: the bin from the offset, then one down or up
        # where rounding crossed an edge; elements outside the range count
        # nowhere (here: nothing added to bin 0).
        first, last = edges[0], edges[-1]
        x = _ops.astype(a, edges.dtype)
        keep = logical_and(_ops.greater_equal(x, first),
                           _ops.less_equal(x, last))
        scaled = _ops.multiply(
            _ops.divide(_ops.subtract(x, first), last - first), n)
        index = _ops.where(keep, _ops.astype(scaled, np.int64), 0)
        index = _ops.where(_ops.equal(index, n), n - 1, index)
        table = graph.constant(edges)
        low = graph.apply("take", "clip", table.value, index.value, 0)
        index = _ops.where(_ops.less(x, low), _ops.subtract(index, 1), index)
        high = graph.apply("take", "clip", table.value,
                           _ops.add(index, 1).value, 0)
        up = logical_and(_ops.greater_equal(x, high),
                         _ops.not_equal(index, n - 1))
        index = _ops.where(up, _ops.add(index, 1), index)
        index = _ops.where(keep, index, 0)
        amount = (_ops.astype(keep, count_dtype) if weights is None else
                  _ops.where(keep, weights, np.zeros((), count_dtype)))
        zeros = graph.constant(np.zeros(n, count_dtype))
        return graph.apply("scatter", "add", zeros.value, index.value,
                           amount.value, 0)
    if weights is not None:
        raise NotImplementedError(
            "ten.histogram: weights with bins of unequal width are not "
            "supported yet")
    # Edges of any spacing: how many sorted elements precede each edge (the
    # last edge inclusive), as NumPy counts them.
    dtype = np.result_type(edges.dtype, a.dtype)
    s = _ops.astype(graph.apply("sort", a.value, 0, False)[0], dtype)
    inner = graph.constant(edges[:-1].astype(dtype))
    outer = graph.constant(edges[-1:].astype(dtype))
    cumulative = concatenate([
        graph.apply("searchsorted", "left", s.value, inner.value),
        graph.apply("searchsorted", "right", s.value, outer.value)])
    later = graph.apply("slice", cumulative.value, [1], [n + 1], [1])
    earlier = graph.apply("slice", cumulative.value, [0], [n], [1])
    return _ops.subtract(later, earlier)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """NumPy's histogram: the counts (or sums of `weights`, or a density) of
    `a`'s elements in each bin, and the bin edges. `bins` is a count of
    equal bins over `range` (the data's range when None, for a NumPy
    array) or the edges themselves; bin estimators ('auto', ...) are not
    supported."""
    if isinstance(bins, str):
        raise NotImplementedError(
            f"ten.histogram: the bin estimator {bins!r} is not supported "
            f"yet; give a count or the edges")
    if isinstance(bins, Tensor):
        raise NotImplementedError(
            "ten.histogram: traced bin edges are not supported yet (their "
            "order cannot be checked when tracing)")
    if weights is not None and not isinstance(weights, Tensor):
        weights = np.asarray(weights)
    if weights is not None and tuple(np.shape(weights)) != tuple(np.shape(a)):
        raise ValueError("weights should have the same shape as a.")
    if np.ndim(bins) == 0:
        count = operator.index(bins)
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        edges = _equal_bin_edges(a, count, range)
        equal = True
    else:
        # NumPy ignores range when the edges are given.
        edges = _check_edges(bins)
        equal = False
    counts = _counts(a, weights, TraceConstant(edges), equal)
    if density:
        widths = np.diff(edges)
        counts = _density(counts, widths)
    return counts, edges


def _density(counts, widths):
    total = _ops.sum(counts)
    return _ops.divide(_ops.divide(counts, widths), total)


def digitize(x, bins, right=False):
    """NumPy's digitize: the index of the bin each element of `x` falls in,
    for monotonic `bins` (increasing or decreasing): a `ten.searchsorted`
    of the elements in the edges."""
    if isinstance(bins, Tensor):
        raise NotImplementedError(
            "ten.digitize: traced bins are not supported yet (their order "
            "cannot be checked when tracing)")
    edges = np.asarray(bins)
    if edges.ndim != 1:
        raise ValueError("bins must be a one-dimensional array")
    increasing = bool(np.all(edges[:-1] <= edges[1:]))
    decreasing = bool(np.all(edges[:-1] >= edges[1:]))
    if not (increasing or decreasing):
        raise ValueError("bins must be monotonically increasing or decreasing")
    side = "left" if right else "right"
    if increasing:
        from ._sorting import searchsorted

        return searchsorted(edges, x, side=side)
    return _digitize_decreasing(x, TraceConstant(edges[::-1]), side)


@eager
def _digitize_decreasing(x, reversed_edges, side):
    from ._sorting import searchsorted

    found = searchsorted(np.asarray(reversed_edges), x, side=side)
    return _ops.subtract(np.int64(len(reversed_edges.array)), found)
