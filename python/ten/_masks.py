"""Results whose size the data decide: NumPy's flatnonzero, nonzero,
argwhere and count_nonzero, and reading through a traced boolean mask
(`x[x > 0]`), each from one `ten.nonzero` (the flat positions of the
nonzero elements, a dynamic dimension): nonzero and argwhere unravel them
over the shape, a masked read is a `ten.take` at them. Traced values of a
dynamic size go on into elementwise math, reductions and further takes;
Python sees their dynamic size as -1."""

import numpy as np

from ._jit import eager
from ._trace import DynamicSizeError, Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of


def _flat_positions(a):
    return a.graph.apply("nonzero", a.value)


def _unravel(positions, shape, dim):
    """The index along `dim` of each flat position into `shape`."""
    # An empty shape has no positions: any stride will do, 0 would not.
    stride = max(int(np.prod(shape[dim + 1:], dtype=np.int64)), 1)
    index = positions
    if stride != 1:
        index = _ops.floor_divide(index, np.int64(stride))
    if dim > 0:
        index = _ops.remainder(index, np.int64(max(shape[dim], 1)))
    return index


@eager
def flatnonzero(a):
    """NumPy's flatnonzero: the positions in `a` flattened (row-major) of
    its nonzero elements, int64."""
    graph = _graph_of(a)
    return _flat_positions(_as_tensor(graph, a))


@eager
def nonzero(a):
    """NumPy's nonzero: a tuple of one int64 array per dimension of `a`,
    the indices of its nonzero elements in row-major order."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "np.atleast_1d(scalar).nonzero() instead. If the "
                         "context of this error is of the form "
                         "`arr[nonzero(cond)]`, just use `arr[cond]`.")
    positions = _flat_positions(a)
    return tuple(_unravel(positions, a.shape, d) for d in range(a.ndim))


@eager
def argwhere(a):
    """NumPy's argwhere: the indices of the nonzero elements of `a`, one
    row each, shape (count, a.ndim)."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.ndim == 0:
        # NumPy: one row of no indices if the element is nonzero, else none
        # (a take of that row, at the positions of one element).
        positions = _flat_positions(a)
        row = graph.constant(np.zeros((1, 0), np.int64))
        return graph.apply("take", "clip", row.value, positions.value, 0)
    positions = _flat_positions(a)
    column = graph.apply("reshape", positions.value, [_ops.DYNAMIC_SIZE, 1])
    strides = np.array([max(int(np.prod(a.shape[d + 1:], dtype=np.int64)), 1)
                        for d in range(a.ndim)], np.int64)
    sizes = np.array(a.shape, np.int64)
    index = _ops.floor_divide(column, strides)
    return _ops.remainder(index, np.maximum(sizes, 1))


@eager
def count_nonzero(a, axis=None, *, keepdims=False):
    """NumPy's count_nonzero: how many elements of `a` are not zero, along
    `axis` (all if None), as int64."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    counts = _ops.sum(_ops.astype(a, np.bool_), axis=axis, keepdims=keepdims)
    return _ops.astype(counts, np.int64)


def traced_mask_indices(mask):
    """A traced boolean `mask` as NumPy's index arrays: the indices of its
    true elements along each of its dimensions (a 0-d mask has none)."""
    if mask.ndim == 0:
        raise IndexError("a 0-d traced boolean index is not supported yet")
    positions = _flat_positions(mask)
    return [_unravel(positions, mask.shape, d) for d in range(mask.ndim)]


def is_traced_mask(item):
    return isinstance(item, Tensor) and np.dtype(item.dtype) == np.bool_


def _mask_rows(tensor, mask):
    """`tensor` with the dimensions `mask` covers merged into one, after
    checking that `mask` has their sizes (NumPy's rule)."""
    if mask.ndim == 0 or mask.ndim > tensor.ndim:
        raise IndexError(
            "a traced boolean mask indexes only as the whole subscript, "
            "with at least one and at most the array's dimensions")
    for dim, (size, mask_size) in enumerate(zip(tensor.shape, mask.shape)):
        if size != mask_size:
            raise IndexError(
                f"boolean index did not match indexed array along axis "
                f"{dim}; size of axis is {size} but size of corresponding "
                f"boolean axis is {mask_size}")
    rows = tensor.shape[mask.ndim:]
    if mask.ndim == 1:
        return tensor, rows
    # A product of sizes: refused (TypeError) where one is known only when
    # the program runs.
    count = int(np.prod(mask.shape, dtype=np.int64))
    merged = tensor
    if tensor.shape != (count,) + rows:
        merged = _ops.reshape(tensor, (count,) + rows)
    return merged, rows


def masked_getitem(tensor, mask):
    """`tensor[mask]` for a traced boolean `mask` over the leading
    dimensions: the selected rows, as many as the mask holds."""
    merged, _ = _mask_rows(tensor, mask)
    positions = _flat_positions(mask)
    return tensor.graph.apply("take", "clip", merged.value, positions.value, 0)


def masked_setitem(tensor, mask, value):
    """`tensor[mask] = value` for a traced boolean `mask`: a where when
    `value` is the same for every selected row (it broadcasts to one row),
    else a scatter of one row of `value` per selected row (their count is
    checked when the program runs)."""
    from ._indexing import assigned_value

    merged, rows = _mask_rows(tensor, mask)
    shape = value.shape if isinstance(value, Tensor) else np.shape(value)
    shape = tuple(shape)
    extra = len(shape) - len(rows)
    if extra > 0 and all(size == 1 for size in shape[:extra]):
        shape = shape[extra:]
    try:
        per_row = np.broadcast_shapes(shape, rows) == rows
    except (ValueError, DynamicSizeError):
        # Not one row: several, or as many as the run selects.
        per_row = False
    if per_row:
        value = assigned_value(tensor, value, tensor.shape)
        condition = mask
        if mask.ndim != tensor.ndim:
            condition = _ops.reshape(mask, mask.shape + (1,) * len(rows))
        tensor.value = _ops.where(condition, value, tensor).value
        return
    positions = _flat_positions(mask)
    if not isinstance(value, Tensor):
        value = tensor.graph.constant(np.asarray(value))
    if value.dtype != tensor.dtype:
        value = _ops.astype(value, tensor.dtype)
    if value.ndim != 1 + len(rows) or value.shape[1:] != rows:
        raise ValueError(
            f"NumPy boolean array indexing assignment cannot assign values "
            f"of shape {value.shape} to rows of shape {rows} where the mask "
            f"is true")
    result = tensor.graph.apply("scatter", "assign", merged.value,
                                positions.value, value.value, 0)
    if result.shape != tensor.shape:
        result = _ops.reshape(result, tensor.shape)
    tensor.value = result.value


def _tensor_nonzero(self):
    return nonzero(self)


Tensor.nonzero = _tensor_nonzero
