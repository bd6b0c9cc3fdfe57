"""Scans: NumPy's cumsum, cumprod, cumulative_sum, cumulative_prod,
nancumsum and nancumprod, and running maxima and minima (NumPy's
maximum.accumulate and minimum.accumulate; PyTorch's cummax and cummin
without their indices), each one `ten.scan` along one axis."""

import numpy as np

from . import _dtypes
from ._jit import eager
from ._trace import Tensor
from . import _ops
from ._joins import concatenate
from ._math import _without_nan
from ._ops import _as_tensor, _graph_of, _lift, _normalize_axis, _reduction_dtype


def _scan(kind, a, axis, dtype):
    """`ten.scan` of `kind` along `axis` of `a` (the flattened array if
    None; a 0-d array is one element), computed in `dtype`. Booleans have
    no sum or product: NumPy's add and multiply of booleans are `or` and
    `and`, the running max and min."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if axis is None or a.ndim == 0:
        if a.ndim == 0 and axis is not None:
            _normalize_axis(axis, 1)
        a = _ops.reshape(a, (-1,))
        axis = 0
    else:
        axis = _normalize_axis(axis, a.ndim)
    dtype = np.dtype(dtype)
    _dtypes.code_of(dtype)
    a = _lift(graph, a, dtype)
    if dtype == np.bool_:
        kind = {"sum": "max", "prod": "min"}.get(kind, kind)
    return graph.apply("scan", kind, a.value, axis)


def _accumulation_dtype(function, a, dtype):
    """The dtype NumPy's `function` (np.sum or np.prod) accumulates `a` in,
    unless `dtype` says otherwise."""
    if dtype is not None:
        return np.dtype(dtype)
    return _reduction_dtype(function, np.dtype(a.dtype))


@eager
def cumsum(a, axis=None, dtype=None):
    """The running sums of `a` along `axis` (of the flattened array if
    None), as NumPy's cumsum: integers and booleans add in the platform's
    integer (int64, uint64 for unsigned ones) unless `dtype` says
    otherwise; half floats round at every step."""
    return _scan("sum", a, axis, _accumulation_dtype(np.sum, a, dtype))


@eager
def cumprod(a, axis=None, dtype=None):
    """The running products of `a` along `axis`, as NumPy's cumprod."""
    return _scan("prod", a, axis, _accumulation_dtype(np.prod, a, dtype))


def _cumulative(kind, function, identity, x, axis, dtype, include_initial):
    graph = _graph_of(x)
    x = _as_tensor(graph, x)
    if x.ndim == 0:
        # NumPy's cumulative functions take a 0-d array as one element.
        x = _ops.reshape(x, (1,))
    if axis is None:
        if x.ndim > 1:
            raise ValueError("For arrays which have more than one dimension "
                             "``axis`` argument is required.")
        axis = 0
    axis = _normalize_axis(axis, x.ndim)
    dtype = _accumulation_dtype(function, x, dtype)
    result = _scan(kind, x, axis, dtype)
    if not include_initial:
        return result
    shape = list(x.shape)
    shape[axis] = 1
    initial = _ops.broadcast_to(graph.constant(np.asarray(identity, dtype)),
                                tuple(shape))
    return concatenate([initial, result], axis=axis)


@eager
def cumulative_sum(x, axis=None, dtype=None, include_initial=False):
    """NumPy 2's cumulative_sum: cumsum that does not flatten (`axis` is
    needed beyond one dimension) and, with `include_initial`, starts with
    a 0."""
    return _cumulative("sum", np.sum, 0, x, axis, dtype, include_initial)


@eager
def cumulative_prod(x, axis=None, dtype=None, include_initial=False):
    """NumPy 2's cumulative_prod: cumprod that does not flatten and, with
    `include_initial`, starts with a 1."""
    return _cumulative("prod", np.prod, 1, x, axis, dtype, include_initial)


@eager
def nancumsum(a, axis=None, dtype=None):
    """cumsum with NaNs counted as 0."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    return cumsum(_without_nan(a, 0), axis=axis, dtype=dtype)


@eager
def nancumprod(a, axis=None, dtype=None):
    """cumprod with NaNs counted as 1."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    return cumprod(_without_nan(a, 1), axis=axis, dtype=dtype)


@eager
def cummax(a, axis=None):
    """The running maxima of `a` along `axis` (of the flattened array if
    None), in `a`'s dtype, as NumPy's maximum.accumulate: a NaN propagates
    from where it appears."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    return _scan("max", a, axis, a.dtype)


@eager
def cummin(a, axis=None):
    """The running minima of `a` along `axis`, as NumPy's
    minimum.accumulate."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    return _scan("min", a, axis, a.dtype)


Tensor.cumsum = lambda self, axis=None, dtype=None: cumsum(self, axis=axis,
                                                           dtype=dtype)
Tensor.cumprod = lambda self, axis=None, dtype=None: cumprod(self, axis=axis,
                                                             dtype=dtype)
