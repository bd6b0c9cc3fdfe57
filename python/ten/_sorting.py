"""Sorting: NumPy's sort and argsort (stable: every `kind` gives the stable
order), PyTorch's descending sort and topk, each one `ten.sort` along one
axis (topk of few elements a `ten.partition` first). NumPy's order: NaN
after every number, complex numbers by their real parts then their
imaginary parts. NumPy's searchsorted, in that order, is one
`ten.searchsorted`."""

import numpy as np

from ._gather import take_along_axis
from ._jit import eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of, _normalize_axis

_KINDS = (None, "quicksort", "mergesort", "heapsort", "stable")


def _lines_along(a, axis):
    """The traced `a` whose lines along the returned axis NumPy's sort and
    partition order along `axis`: the flattened array's if None."""
    if axis is None:
        return _ops.reshape(a, (-1,)), 0
    if a.ndim == 0:
        raise np.exceptions.AxisError(axis, 0)
    return a, _normalize_axis(axis, a.ndim)


def _sort(a, axis, kind, order, descending):
    """The values and indices of `ten.sort` of `a` along `axis` (the
    flattened array if None)."""
    if kind not in _KINDS:
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or "
                         f"'stable' (got {kind!r})")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    graph = _graph_of(a)
    a, axis = _lines_along(_as_tensor(graph, a), axis)
    return graph.apply("sort", a.value, axis, bool(descending))


@eager
def sort(a, axis=-1, kind=None, order=None, stable=None, descending=False):
    """A sorted copy of `a` along `axis` (of the flattened array if None),
    as NumPy's sort: NaN last. With `descending`, the largest first and NaN
    first, as PyTorch's sort."""
    return _sort(a, axis, kind, order, descending)[0]


@eager
def sort_complex(a):
    """NumPy's sort_complex: `a` sorted along its last axis, by real then
    imaginary part, as complex numbers: complex64 for the 8- and 16-bit
    integers, complex128 for any other real dtype (float32 included)."""
    values = _sort(a, -1, None, None, False)[0]
    dtype = np.dtype(values.dtype)
    if dtype.kind == "c":
        return values
    small = dtype.kind in "iu" and dtype.itemsize <= 2
    return _ops.astype(values, np.complex64 if small else np.complex128)


@eager
def argsort(a, axis=-1, kind=None, order=None, stable=None, descending=False):
    """The indices that sort `a` along `axis` (of the flattened array if
    None), as NumPy's stable argsort: equal elements in their order. A 0-d
    `a` sorts as one element along an axis of its own, as NumPy's."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.ndim == 0:
        a = _ops.reshape(a, (1,))
    return _sort(a, axis, kind, order, descending)[1]


@eager
def topk(a, k, axis=-1, largest=True, sorted=True):
    """The `k` largest elements of `a` along `axis` (the smallest unless
    `largest`) and their indices, as PyTorch's topk: NaN counts as the
    largest; equal elements in their order."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.ndim == 0:
        raise np.exceptions.AxisError(axis, 0)
    axis = _normalize_axis(axis, a.ndim)
    k = int(k)
    if not 0 <= k <= a.shape[axis]:
        raise ValueError(f"topk: k={k} is not in [0, {a.shape[axis]}] for "
                         f"axis {axis} of shape {a.shape}")
    index = (slice(None),) * axis + (slice(0, k),)
    if k == 0 or 2 * k > a.shape[axis]:
        values, indices = _sort(a, axis, None, None, largest)
        return values[index], indices[index]
    # The k first in the order asked for (equal elements in their order),
    # then sorted among themselves: a partition and a short sort where a
    # whole sort would cost more.
    values, indices = graph.apply("partition", a.value, axis, [k - 1],
                                  bool(largest))
    values, order = _sort(values[index], axis, None, None, largest)
    return values, take_along_axis(indices[index], order, axis=axis)


@eager
def _searchsorted(a, v, side, sorter):
    graph = _graph_of(a, v, sorter)
    dtype = _ops._common_dtype((_ops._kind(a), _ops._kind(v)))
    a = _as_tensor(graph, a)
    if a.ndim != 1:
        raise ValueError(f"ten.searchsorted: a must be 1-dimensional, not "
                         f"{a.ndim}-dimensional")
    if sorter is not None:
        from ._gather import take

        a = take(a, sorter)
    a = _ops._lift(graph, a, dtype)
    v = _ops._lift(graph, v, dtype)
    return graph.apply("searchsorted", side, a.value, v.value)


def searchsorted(a, v, side="left", sorter=None):
    """NumPy's searchsorted: for each element of `v`, the index in the 1-d
    ascending `a` (NaN last; `a[sorter]` if given) before which it would go
    to keep the order: before equal elements (`side="left"`) or after them
    ("right"). One `ten.searchsorted`, a binary search per element."""
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right' (got {side!r})")
    return _searchsorted(a, v, side, sorter)


def _sort_method(self, axis=-1, kind=None, order=None, stable=None):
    """ndarray.sort on a traced value: the value takes its sorted self."""
    self.value = sort(self, axis=axis, kind=kind, order=order).value


Tensor.sort = _sort_method
Tensor.argsort = (lambda self, axis=-1, kind=None, order=None, stable=None:
                  argsort(self, axis=axis, kind=kind, order=order))
Tensor.searchsorted = (lambda self, v, side="left", sorter=None:
                       searchsorted(self, v, side, sorter))
