"""NumPy's unique over the flattened array, from ops that exist: a stable
`ten.sort` (values and their positions), the mask of the first element of
each run of equal values, and a read through it (`ten.nonzero` and
`ten.take`: as many values as the data hold). The first positions of each
value are the sort's positions at the run starts; the inverse is each
element's run number written back through the sort's positions (a
scatter); the counts are the run ends' positions less the starts'."""

import numpy as np

from ._jit import eager
from ._joins import concatenate
from ._scans import cumsum
from . import _dtypes, _math, _ops
from ._ops import _as_tensor, _graph_of


def _runs_differ(graph, s, equal_nan):
    """Whether each sorted element differs from the one before it (the
    first is taken as different): `s[1:] != s[:-1]`, NaNs equal to each
    other when `equal_nan`."""
    n = s.shape[0]
    later = graph.apply("slice", s.value, [1], [n], [1])
    earlier = graph.apply("slice", s.value, [0], [n - 1], [1])
    differ = _ops.not_equal(later, earlier)
    if equal_nan and _dtypes.holds_nan(np.dtype(s.dtype)):
        both_nan = _math.logical_and(_ops.isnan(later), _ops.isnan(earlier))
        differ = _math.logical_and(differ, _math.logical_not(both_nan))
    return differ


@eager
def _unique(ar, return_index, return_inverse, return_counts, equal_nan):
    graph = _graph_of(ar)
    ar = _as_tensor(graph, ar)
    shape = ar.shape
    flat = _ops.reshape(ar, (-1,))
    n = flat.shape[0]
    outputs = []
    if n == 0:
        empty = graph.constant(np.zeros(0, np.int64))
        outputs.append(flat)
        if return_index:
            outputs.append(empty)
        if return_inverse:
            outputs.append(_ops.reshape(empty, shape))
        if return_counts:
            outputs.append(empty)
        return tuple(outputs)
    s, order = graph.apply("sort", flat.value, 0, False)
    differ = _runs_differ(graph, s, equal_nan)
    true = graph.constant(np.ones(1, np.bool_))
    starts_mask = concatenate([true, differ])
    starts = graph.apply("nonzero", starts_mask.value)
    outputs.append(graph.apply("take", "clip", s.value, starts.value, 0))
    if return_index:
        outputs.append(graph.apply("take", "clip", order.value, starts.value, 0))
    if return_inverse:
        run = _ops.subtract(
            cumsum(_ops.astype(starts_mask, np.int64)), np.int64(1))
        inverse = graph.apply("scatter", "assign",
                              graph.constant(np.zeros(n, np.int64)).value,
                              order.value, run.value, 0)
        outputs.append(_ops.reshape(inverse, shape))
    if return_counts:
        ends_mask = concatenate([differ, true])
        ends = graph.apply("nonzero", ends_mask.value)
        outputs.append(_ops.add(_ops.subtract(ends, starts), np.int64(1)))
    return tuple(outputs)


@eager
def _unique_slices(ar, axis, return_index, return_inverse, return_counts):
    """unique along `axis`: the distinct slices, sorted lexicographically
    (a stable sort by each position of the slices, the last first), the
    runs of equal slices found as the flattened unique finds runs of equal
    values."""
    from ._gather import take
    from ._numeric import lexsort

    graph = _graph_of(ar)
    ar = _as_tensor(graph, ar)
    axis = _ops._normalize_axis(axis, ar.ndim)
    moved = _ops.transpose(ar, [axis] + [d for d in range(ar.ndim)
                                         if d != axis])
    n = moved.shape[0]
    rest = moved.shape[1:]
    width = int(np.prod(rest, dtype=np.int64))
    if n == 0 or width == 0:
        raise NotImplementedError("ten.unique: empty slices along an axis "
                                  "are not supported yet")
    rows = _ops.reshape(moved, (n, width))
    # The first position of the slices is the primary key: lexsort's last.
    order = lexsort([rows[:, j] for j in reversed(range(width))])
    s = take(rows, order, axis=0)
    later = s[1:]
    earlier = s[:-1]
    # NaN differs from NaN here, whatever `equal_nan` says: NumPy compares
    # slices as wholes and never collapses those holding NaN.
    differ = _ops.any(_ops.not_equal(later, earlier), axis=1)
    true = graph.constant(np.ones(1, np.bool_))
    starts_mask = concatenate([true, differ])
    starts = graph.apply("nonzero", starts_mask.value)
    values = _ops.reshape(take(s, starts, axis=0), (-1,) + rest)
    back = list(range(1, values.ndim))
    back.insert(axis, 0)
    outputs = [_ops.transpose(values, back)]
    if return_index:
        outputs.append(take(order, starts))
    if return_inverse:
        run = _ops.subtract(
            cumsum(_ops.astype(starts_mask, np.int64)), np.int64(1))
        outputs.append(graph.apply(
            "scatter", "assign", graph.constant(np.zeros(n, np.int64)).value,
            order.value, run.value, 0))
    if return_counts:
        ends_mask = concatenate([differ, true])
        ends = graph.apply("nonzero", ends_mask.value)
        outputs.append(_ops.add(_ops.subtract(ends, starts), np.int64(1)))
    return tuple(outputs)


def unique(ar, return_index=False, return_inverse=False, return_counts=False,
           axis=None, *, equal_nan=True, sorted=True):
    """NumPy's unique: the sorted distinct values of `ar` flattened (NaNs as
    one when `equal_nan`), or with `axis` its distinct slices along it
    (sorted lexicographically; slices holding NaN never equal, as in
    NumPy); and on request the first position of each,
    the index of each element's value (shaped as `ar`; along `axis`, one
    per slice) and how often each occurs. `sorted=False` allows any order
    (NumPy's): it is sorted."""
    if axis is not None:
        result = _unique_slices(ar, axis, bool(return_index),
                                bool(return_inverse), bool(return_counts))
    else:
        result = _unique(ar, bool(return_index), bool(return_inverse),
                         bool(return_counts), bool(equal_nan))
    if isinstance(result, (tuple, list)) and len(result) == 1:
        return result[0]
    return tuple(result)

