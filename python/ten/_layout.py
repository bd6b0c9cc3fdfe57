"""NumPy's shape functions that `ten` builds from reshape, transpose and
broadcast_to: squeeze, expand_dims, swapaxes, moveaxis, rollaxis,
matrix_transpose, ravel, the
atleast_*d, broadcast_shapes and broadcast_arrays, tile and repeat (a
broadcast along a new axis, then a reshape: no data is copied until a
consumer reads it)."""

import builtins
import operator

import numpy as np

from ._jit import eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of, _is_scalar_axis, _normalize_axis


def _axes(axis, ndim):
    """`axis` (an int or a tuple of them) as sorted, distinct axes of
    `ndim`."""
    if not isinstance(axis, tuple):
        axis = (axis,)
    axes = [_normalize_axis(a, ndim) for a in axis]
    if len(set(axes)) != len(axes):
        raise ValueError("repeated axis")
    return sorted(axes)


def squeeze(a, axis=None):
    """`a` without its dimensions of size 1 (those of `axis`, which must be
    1)."""
    return _squeeze(a, None if axis is None else _axis_arg(axis))


def _axis_arg(axis):
    return operator.index(axis) if isinstance(axis, (int, np.integer)) else _ints(axis)


@eager
def _squeeze(a, axis):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if axis is None:
        axes = [d for d, size in enumerate(a.shape) if size == 1]
    elif _is_scalar_axis(a, axis):
        axes = []
    else:
        axes = _axes(axis, a.ndim)
        for d in axes:
            if a.shape[d] != 1:
                raise ValueError(
                    "cannot select an axis to squeeze out which has size not "
                    "equal to one")
    shape = [size for d, size in enumerate(a.shape) if d not in axes]
    return _ops.reshape(a, shape)


def expand_dims(a, axis):
    """`a` with dimensions of size 1 inserted at `axis` (an int or a tuple,
    positions in the result)."""
    return _expand_dims(a, _axis_arg(axis))


@eager
def _expand_dims(a, axis):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    ndim = a.ndim + (len(axis) if isinstance(axis, tuple) else 1)
    axes = _axes(axis, ndim)
    sizes = iter(a.shape)
    shape = [1 if d in axes else next(sizes) for d in range(ndim)]
    return _ops.reshape(a, shape)


@eager
def swapaxes(a, axis1, axis2):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    axis1, axis2 = _normalize_axis(axis1, a.ndim), _normalize_axis(axis2, a.ndim)
    order = list(range(a.ndim))
    order[axis1], order[axis2] = order[axis2], order[axis1]
    return _ops.transpose(a, order)


def _ints(value):
    """An int or a sequence of ints as a tuple of ints: lists would reach
    the JIT as arrays to pass in."""
    if isinstance(value, (int, np.integer)):
        return (operator.index(value),)
    return tuple(operator.index(item) for item in value)


def moveaxis(a, source, destination):
    """`a` with the axes `source` moved to the positions `destination`
    (ints or sequences of them), the others in their order."""
    return _moveaxis(a, _ints(source), _ints(destination))


@eager
def _moveaxis(a, source, destination):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if len(source) != len(destination):
        raise ValueError("`source` and `destination` arguments must have the "
                         "same number of elements")
    source = [_normalize_axis(s, a.ndim) for s in source]
    destination = [_normalize_axis(d, a.ndim) for d in destination]
    if len(set(source)) != len(source) or len(set(destination)) != len(destination):
        raise ValueError("repeated axis")
    order = [d for d in range(a.ndim) if d not in source]
    for dest, src in sorted(zip(destination, source)):
        order.insert(dest, src)
    return _ops.transpose(a, order)


def rollaxis(a, axis, start=0):
    """NumPy's rollaxis: `a` with `axis` moved before position `start` (the
    others in their order)."""
    return _rollaxis(a, operator.index(axis), operator.index(start))


@eager
def _rollaxis(a, axis, start):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    n = a.ndim
    axis = _normalize_axis(axis, n)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise np.exceptions.AxisError(
            f"'start' arg requires {-n} <= start < {n + 1}, but {start} was "
            f"passed in")
    if axis < start:
        start -= 1
    order = [d for d in range(n) if d != axis]
    order.insert(start, axis)
    return _ops.transpose(a, order)


@eager
def matrix_transpose(x):
    """The array API's matrix_transpose: the last two axes swapped."""
    graph = _graph_of(x)
    x = _as_tensor(graph, x)
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but "
                         f"it is {x.ndim}")
    order = list(range(x.ndim))
    order[-2], order[-1] = order[-1], order[-2]
    return _ops.transpose(x, order)


def _memory_order(strides):
    """The axes of an array of `strides` from the slowest to the fastest in
    memory, as NumPy's iterator orders them for order "K": an insertion sort
    by the strides' magnitudes, in which a zero stride (a broadcast axis,
    or one of one element) neither moves nor stops another axis, and equal
    ones keep C order. An axis of negative stride is read in its own
    order."""
    # Innermost first, as the iterator keeps them.
    axes = list(range(len(strides)))[::-1]
    for start in range(1, len(axes)):
        moving = axes[start]
        place = start
        for before in range(start - 1, -1, -1):
            here, there = strides[moving], strides[axes[before]]
            if here == 0 or there == 0:
                continue
            if builtins.abs(there) <= builtins.abs(here):
                break
            place = before
        axes.insert(place, axes.pop(start))
    return axes[::-1]


def ravel(a, order="C"):
    """`a` as one dimension: in row-major order (`order="C"`), with the
    first index fastest (`"F"`), `"F"` for a NumPy array laid out in
    Fortran order only (`"A"`), or in the order of a NumPy array's elements
    in memory (`"K"`; an axis of negative stride in its own order). A
    traced value has C order."""
    from ._array_options import spelled_order

    order = spelled_order(order)
    if order == "K" and isinstance(a, np.ndarray) and a.ndim > 1:
        # An axis of one element has no stride to speak of.
        strides = [stride if size > 1 else 0
                   for stride, size in zip(a.strides, a.shape)]
        return ravel(_ops.transpose(a, _memory_order(strides)))
    if order in ("A", "K"):
        return _ops.reshape(a, (-1,), order="A")
    return _ops.reshape(a, (-1,), order=order)


def _atleast(ndim, arrays):
    results = []
    for a in arrays:
        if not isinstance(a, Tensor):
            a = np.asarray(a)
        if a.ndim < ndim:
            if ndim == 3 and a.ndim == 2:
                shape = a.shape + (1,)
            elif ndim == 3 and a.ndim == 1:
                shape = (1,) + a.shape + (1,)
            else:
                shape = (1,) * (ndim - a.ndim) + a.shape
            a = _ops.reshape(a, shape)
        results.append(a)
    return results[0] if len(results) == 1 else tuple(results)


def atleast_1d(*arrays):
    return _atleast(1, arrays)


def atleast_2d(*arrays):
    return _atleast(2, arrays)


def atleast_3d(*arrays):
    """As NumPy's: (n,) becomes (1, n, 1) and (m, n) becomes (m, n, 1)."""
    return _atleast(3, arrays)


def broadcast_shapes(*shapes):
    """The shape that `shapes` broadcast to, by NumPy's rules."""
    return np.broadcast_shapes(*shapes)


def broadcast_arrays(*arrays, subok=False):
    """Each of `arrays` broadcast to their common shape (`subok` accepted:
    the results are NumPy arrays or traced values)."""
    shapes = [a.shape if isinstance(a, Tensor) else np.shape(a) for a in arrays]
    shape = np.broadcast_shapes(*shapes)
    return tuple(_ops.broadcast_to(a, shape) for a in arrays)


def tile(A, reps):
    """`A` repeated `reps` times along each dimension, as NumPy's tile."""
    return _tile(A, _ints(reps))


@eager
def _tile(A, reps):
    graph = _graph_of(A)
    A = _as_tensor(graph, A)
    if any(r < 0 for r in reps):
        raise ValueError("negative dimensions are not allowed")
    ndim = max(len(reps), A.ndim)
    reps = (1,) * (ndim - len(reps)) + reps
    shape = (1,) * (ndim - A.ndim) + A.shape
    # (r0, s0, r1, s1, ...) from (1, s0, 1, s1, ...), then merged pairs.
    interleaved = [size for s in shape for size in (1, s)]
    stretched = [size for r, s in zip(reps, shape) for size in (r, s)]
    A = _ops.reshape(A, interleaved)
    A = _ops.broadcast_to(A, stretched)
    return _ops.reshape(A, [r * s for r, s in zip(reps, shape)])


def repeat(a, repeats, axis=None):
    """Each element of `a` repeated `repeats` times along `axis` (the
    flattened array when None), as NumPy's repeat: one integer, or one
    count per element known when tracing (a take at the repeated
    positions); traced counts, which would size the result from the data,
    are not supported yet."""
    if isinstance(repeats, Tensor):
        raise NotImplementedError(
            "ten.repeat: traced counts are not supported yet (the result's "
            "size would depend on the data); pass them as a NumPy array or "
            "a list")
    if np.ndim(repeats) == 0:
        return _repeat(a, operator.index(repeats), axis)
    counts = np.asarray(repeats)
    if counts.dtype.kind not in "iub" or counts.ndim > 1:
        raise TypeError("ten.repeat: repeats must be integers: one, or one "
                        "per element along the axis")
    if (counts < 0).any():
        raise ValueError("repeats may not contain negative values")
    return _repeat_each(a, tuple(int(c) for c in counts.astype(np.int64)),
                        axis)


@eager
def _repeat_each(a, counts, axis):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if axis is None or _is_scalar_axis(a, axis):
        a = ravel(a)
        axis = 0
    axis = _normalize_axis(axis, a.ndim)
    size = a.shape[axis]
    if len(counts) == 1:
        counts = counts * size
    if len(counts) != size:
        raise ValueError(f"operands could not be broadcast together with "
                         f"shape ({size},) ({len(counts)},)")
    positions = np.repeat(np.arange(size, dtype=np.int64), counts)
    return graph.apply("take", "clip", a.value,
                       graph.constant(positions).value, axis)


@eager
def _repeat(a, repeats, axis):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if repeats < 0:
        raise ValueError("repeats may not contain negative values")
    if axis is None or _is_scalar_axis(a, axis):
        a = ravel(a)
        axis = 0
    axis = _normalize_axis(axis, a.ndim)
    # (..., n, 1, ...) stretched to (..., n, r, ...), then merged.
    expanded = a.shape[:axis + 1] + (1,) + a.shape[axis + 1:]
    stretched = a.shape[:axis + 1] + (repeats,) + a.shape[axis + 1:]
    result = a.shape[:axis] + (a.shape[axis] * repeats,) + a.shape[axis + 1:]
    return _ops.reshape(_ops.broadcast_to(_ops.reshape(a, expanded), stretched),
                        result)


# Methods of traced values.
Tensor.squeeze = lambda self, axis=None: squeeze(self, axis)
Tensor.swapaxes = lambda self, axis1, axis2: swapaxes(self, axis1, axis2)
Tensor.ravel = lambda self, order="C": ravel(self, order)
Tensor.flatten = lambda self, order="C": ravel(self, order)
Tensor.repeat = lambda self, repeats, axis=None: repeat(self, repeats, axis)
