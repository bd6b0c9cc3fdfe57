"""NumPy's histogram, histogram2d, histogramdd, digitize and bincount,
from ops that exist. The bin edges are
known when tracing (an integer count over a range, or an array of edges):
their count sizes the result. Equal bins find each element's bin
arithmetically, corrected against the edges as NumPy corrects it, and count
with a scatter (`ten.scatter add`, NumPy's bincount); edges of any spacing
count by searching the sorted elements for them (`ten.searchsorted`, as
NumPy does). digitize is a `ten.searchsorted` of the elements in the
edges."""

import builtins
import operator
import warnings

import numpy as np

from ._jit import TraceConstant, eager
from ._numeric import _dtype_of
from ._numpy_api import shape
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


def _estimated_bin_edges(a, estimator, range, function):
    """The equal bins NumPy's `estimator` ('auto', 'fd', 'sturges', ...)
    chooses for `a`: NumPy's own estimate, from the data (their count sizes
    the result, so traced data cannot have one)."""
    if isinstance(a, Tensor):
        raise NotImplementedError(
            f"ten.{function}: the bin estimator {estimator!r} counts bins "
            f"from the data, which a traced array holds only when the "
            f"program runs; give a count or the edges")
    return np.histogram_bin_edges(np.asarray(a), estimator, range)


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
    # Edges of any spacing: how many sorted elements precede each edge (the
    # last edge inclusive), as NumPy counts them; with weights, NumPy's
    # cumulative sums of the weights in the elements' sorted order, read at
    # those counts.
    dtype = np.result_type(edges.dtype, a.dtype)
    if weights is None:
        s = graph.apply("sort", a.value, 0, False)[0]
    else:
        from ._gather import take
        from ._scans import cumsum
        from ._sorting import argsort

        order = argsort(a, kind="stable")
        s = take(a, order)
        running = concatenate([graph.constant(np.zeros(1, count_dtype)),
                               cumsum(take(weights, order))])
    s = _ops.astype(s, dtype)
    inner = graph.constant(edges[:-1].astype(dtype))
    outer = graph.constant(edges[-1:].astype(dtype))
    cumulative = concatenate([
        graph.apply("searchsorted", "left", s.value, inner.value),
        graph.apply("searchsorted", "right", s.value, outer.value)])
    if weights is not None:
        cumulative = take(running, cumulative)
    later = graph.apply("slice", cumulative.value, [1], [n + 1], [1])
    earlier = graph.apply("slice", cumulative.value, [0], [n], [1])
    return _ops.subtract(later, earlier)


def histogram(a, bins=10, range=None, density=None, weights=None):
    """NumPy's histogram: the counts (or sums of `weights`, or a density) of
    `a`'s elements in each bin, and the bin edges. `bins` is a count of
    equal bins over `range` (the data's range when None, for a NumPy
    array) or the edges themselves, or the name of one of NumPy's bin
    estimators ('auto', 'fd', ...: of a NumPy array)."""
    if isinstance(bins, Tensor):
        raise NotImplementedError(
            "ten.histogram: traced bin edges are not supported yet (their "
            "order cannot be checked when tracing)")
    if weights is not None and not isinstance(weights, Tensor):
        weights = np.asarray(weights)
    if weights is not None and tuple(np.shape(weights)) != tuple(np.shape(a)):
        raise ValueError("weights should have the same shape as a.")
    if isinstance(bins, str):
        edges, equal = _estimated_bin_edges(a, bins, range, "histogram"), True
    elif np.ndim(bins) == 0:
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


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """NumPy's histogram_bin_edges: the edges histogram would use, `bins`
    equal bins over `range` (the data's range when None, for a NumPy
    array) or the edges given, or those of one of NumPy's bin estimators
    ('auto', 'fd', ...: of a NumPy array)."""
    if isinstance(bins, str):
        return _estimated_bin_edges(a, bins, range, "histogram_bin_edges")
    if np.ndim(bins) == 0:
        count = operator.index(bins)
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        return _equal_bin_edges(a, count, range)
    return _check_edges(bins)


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


@eager
def _bincount(x, weights, length):
    graph = _graph_of(x) if weights is None else _graph_of(x, weights)
    index = _ops.astype(_as_tensor(graph, x), np.int64)
    if weights is None:
        amount = _ops.broadcast_to(graph.constant(np.ones((), np.int64)),
                                   index.shape)
        dtype = np.int64
    else:
        amount = _ops.astype(_as_tensor(graph, weights), np.float64)
        dtype = np.float64
    zeros = graph.constant(np.zeros(length, dtype))
    return graph.apply("scatter", "add", zeros.value, index.value,
                       amount.value, 0)


def _bincount_indices(x):
    """`x` as NumPy's bincount takes it: 1-D integers. An array of floats is
    refused; a list of them is truncated, with NumPy 2.1's deprecation
    warning."""
    listed = not isinstance(x, (Tensor, np.ndarray))
    if not isinstance(x, Tensor):
        x = np.asarray(x)
        if listed and x.size == 0:
            x = x.astype(np.intp)  # NumPy takes [] as no values
    if x.ndim != 1:
        raise ValueError("object too deep for desired array" if x.ndim > 1
                         else "object of too small depth for desired array")
    kind = np.dtype(x.dtype).kind
    if kind not in "biu" and not (listed and kind == "f"):
        raise TypeError(f"Cannot cast array data from dtype('{x.dtype}') to "
                        f"dtype('int64') according to the rule 'safe'")
    if kind == "f":
        warnings.warn("Non-integer input passed to bincount. In a future "
                      "version of NumPy, this will be an error. (Deprecated "
                      "NumPy 2.1)", DeprecationWarning, stacklevel=3)
    return x


def bincount(x, weights=None, minlength=0, *, length=None):
    """NumPy's bincount: how often each value 0, 1, ... max(x) occurs in the
    non-negative integers `x` (int64), or the sum of the `weights` at each
    (float64); at least `minlength` bins. The number of bins depends on the
    data: a traced `x` needs `length=` (JAX's keyword), the exact number of
    bins; a value at or past it stops the run (an index out of range)."""
    x = _bincount_indices(x)
    minlength = operator.index(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    if weights is not None:
        if tuple(shape(weights)) != tuple(x.shape):
            raise ValueError("The weights and list don't have the same "
                             "length.")
        if _dtype_of(weights).kind == "c":
            raise TypeError("Cannot cast array data from dtype('complex128') "
                            "to dtype('float64') according to the rule "
                            "'safe'")
    if length is not None:
        length = operator.index(length)
        if length < 0:
            raise ValueError("'length' must not be negative")
    elif isinstance(x, Tensor) or isinstance(weights, Tensor):
        raise NotImplementedError(
            "ten.bincount of a traced array needs length=: the number of "
            "bins, max(x) + 1, would be known only when the program runs")
    else:
        # Floats count at their truncation, as NumPy casts them.
        values = x.astype(np.int64) if x.dtype.kind == "f" else x
        if x.size and np.any(values < 0):
            raise ValueError("'list' argument must have no negative elements")
        length = builtins.max(int(values.max()) + 1 if x.size else 0,
                              minlength)
    if x.shape[0] == 0:
        from ._creation import zeros

        return zeros(length, dtype=np.int64 if weights is None
                     else np.float64)
    return _bincount(x, weights, length)


@eager
def _counts_dd(sample, weights, flat_edges, lengths):
    """The float64 counts (or sums of `weights`) of the rows of `sample`
    (N, D) in the bins of each dimension's edges (`lengths` of them, one
    after the other in `flat_edges`): each row's bin found by a search in
    each dimension's edges, the last edge inclusive, outliers in bins
    before the first and after the last, which are dropped at the end."""
    graph = _graph_of(sample, weights)
    sample = _as_tensor(graph, sample)
    flat_edges = np.asarray(flat_edges)
    starts = np.cumsum((0,) + tuple(lengths))
    sizes = [length + 1 for length in lengths]  # with the two outlier bins
    strides = np.cumprod((1,) + tuple(sizes[:0:-1]))[::-1]
    flat = None
    for dim, length in enumerate(lengths):
        edges = flat_edges[starts[dim]:starts[dim + 1]]
        dtype = np.result_type(edges.dtype, sample.dtype)
        column = _ops.astype(
            graph.apply("slice", sample.value, [0, dim],
                        [sample.shape[0], dim + 1], [1, 1]), dtype)
        column = _ops.reshape(column, (-1,))
        table = graph.constant(edges.astype(dtype))
        index = graph.apply("searchsorted", "right", table.value, column.value)
        # A value on the last edge belongs to the last bin.
        index = _ops.where(_ops.equal(column, edges[-1].astype(dtype)),
                           _ops.subtract(index, 1), index)
        term = _ops.multiply(index, np.int64(strides[dim]))
        flat = term if flat is None else _ops.add(flat, term)
    total = int(np.prod(sizes))
    if weights is None:
        from ._creation import full_like

        amount = full_like(flat, 1.0, dtype=np.float64)
    else:
        amount = _ops.astype(
            _ops.reshape(_as_tensor(graph, weights), (-1,)), np.float64)
    zeros = graph.constant(np.zeros(total, np.float64))
    counts = graph.apply("scatter", "add", zeros.value, flat.value,
                         amount.value, 0)
    counts = _ops.reshape(counts, tuple(sizes))
    return counts[(slice(1, -1),) * len(lengths)]


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """NumPy's histogramdd: float64 counts (or sums of `weights`, or a
    density) of the rows of `sample` (N, D), or of the points whose
    coordinates are the D arrays of a sequence, in the bins of each
    dimension (a count of equal bins over the range, the data's when None
    for NumPy arrays, or the edges), and the edges."""
    if isinstance(sample, (list, tuple)):
        columns = list(sample)
    elif np.ndim(sample) == 1:
        columns = [sample]
    else:
        if np.ndim(sample) != 2:
            raise ValueError("ten.histogramdd: `sample` must be (N, D) or a "
                             "sequence of D arrays")
        columns = [sample[:, dim] for dim in builtins.range(shape(sample)[1])]
    count = len(columns)
    try:
        entries = len(bins)
    except TypeError:  # one count for every dimension
        bins, entries = [bins] * count, count
    if entries != count:
        raise ValueError("The dimension of bins must be equal to the "
                         "dimension of the sample x.")
    if range is None:
        range = [None] * count
    elif len(range) != count:
        raise ValueError("range argument must have one entry per dimension")
    edges = []
    for dim, (column, bin_spec) in enumerate(zip(columns, bins)):
        if isinstance(bin_spec, Tensor):
            raise NotImplementedError(
                "ten.histogramdd: traced bin edges are not supported yet")
        if np.ndim(bin_spec) == 0:
            try:
                n = operator.index(bin_spec)
            except TypeError as error:
                raise TypeError(f"`bins[{dim}]` must be an integer, when a "
                                f"scalar") from error
            if n < 1:
                raise ValueError(f"`bins[{dim}]` must be positive, when an "
                                 f"integer")
            first, last = _outer_edges(
                column if isinstance(column, Tensor) else np.asarray(column),
                range[dim])
            edges.append(np.linspace(first, last, n + 1))
        elif np.ndim(bin_spec) == 1:
            edge = np.asarray(bin_spec)
            if np.any(edge[:-1] > edge[1:]):
                raise ValueError(f"`bins[{dim}]` must be monotonically "
                                 f"increasing, when an array")
            edges.append(edge)
        else:
            raise ValueError(f"`bins[{dim}]` must be a scalar or 1d array")
    from ._joins import stack

    if any(isinstance(column, Tensor) for column in columns):
        points = stack(columns, axis=1)
    else:
        points = np.stack([np.asarray(column) for column in columns], axis=1)
    if weights is not None and not isinstance(weights, Tensor):
        weights = np.asarray(weights)
    if weights is not None and tuple(np.shape(weights)) != (
            shape(points)[0],):
        raise ValueError("weights should have one element per point")
    flat_edges = np.concatenate([edge.astype(np.result_type(*edges))
                                 for edge in edges])
    counts = _counts_dd(points, weights, TraceConstant(flat_edges),
                        tuple(len(edge) for edge in edges))
    if density:
        total = _ops.sum(counts)
        for dim, edge in enumerate(edges):
            widths = np.diff(edge).reshape(
                tuple(-1 if d == dim else 1 for d in builtins.range(count)))
            counts = _ops.divide(counts, widths)
        counts = _ops.divide(counts, total)
    return counts, edges


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    """NumPy's histogram2d: histogramdd of the points (x, y); `bins` a count
    or edges for both, or one of each per dimension."""
    # As NumPy reads `bins`: two entries are one per dimension, any other
    # number of them the edges of both.
    try:
        entries = len(bins)
    except TypeError:
        entries = 1
    if entries not in (1, 2):
        bins = [bins, bins]
    counts, edges = histogramdd([x, y], bins, range, density, weights)
    return counts, edges[0], edges[1]
