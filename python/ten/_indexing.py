"""NumPy's basic indexing of traced values: integers, slices with any step,
`None` (np.newaxis) and `...` (subscripts with index arrays are advanced
indexing, _gather.py, and assignments through them scatters, _scatter.py). A subscript is one `ten.slice` (a view where
every step is forward) and a `ten.reshape` that drops the integer-indexed
dimensions and inserts the new ones; an assignment `x[index] = v` is one
`ten.insert_slice`, whose result the traced value takes (value semantics:
other traced values, views in NumPy, keep their values)."""

import operator

import numpy as np

from ._trace import Tensor

# The bounds that stand for NumPy's defaults of a slice left open: they clamp
# to the first and last elements for any size (tenSliceDefaultStart/Stop).
_INT64_MAX = 2**63 - 1
_INT64_MIN = -(2**63)


def _sizes(shape):
    """`shape` as the graph's sizes: a dynamic one (-1) as DYNAMIC_SIZE."""
    from ._ops import DYNAMIC_SIZE

    return [DYNAMIC_SIZE if size < 0 else size for size in shape]


def _is_integer(item):
    if isinstance(item, (bool, np.bool_)):
        return False
    if isinstance(item, (int, np.integer)):
        return True
    return (isinstance(item, np.ndarray) and item.ndim == 0
            and item.dtype.kind in "iu")


_UNSUPPORTED = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis "
                "(`None`) and integer or boolean arrays are valid indices")


def _expand(index, ndim):
    """`index` as a list of entries, with `...` replaced by full slices."""
    if not isinstance(index, tuple):
        index = (index,)
    for item in index:
        if not (item is None or item is Ellipsis or isinstance(item, slice)
                or _is_integer(item)):
            raise IndexError(_UNSUPPORTED)
    ellipses = sum(1 for item in index if item is Ellipsis)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    indexed = sum(1 for item in index if item is not None and item is not Ellipsis)
    if indexed > ndim:
        raise IndexError(
            f"too many indices for array: array is {ndim}-dimensional, but "
            f"{indexed} were indexed")
    fill = [slice(None)] * (ndim - indexed)
    if ellipses:
        at = index.index(Ellipsis)
        return list(index[:at]) + fill + list(index[at + 1:])
    return list(index) + fill


def _basic(tensor, index):
    """NumPy's basic indexing of `tensor` by `index`: the ten.slice ranges
    (starts, stops, steps), the slice's shape and the result's shape (the
    slice's without integer-indexed dimensions, with None's)."""
    starts, stops, steps = [], [], []
    slice_shape, shape = [], []
    dim = 0
    for item in _expand(index, tensor.ndim):
        if item is None:
            shape.append(1)
            continue
        size = tensor.shape[dim]
        if size < 0 and not (isinstance(item, slice)
                             and item == slice(None)):
            raise IndexError(
                f"indexing dimension {dim}, whose size is known only when "
                f"the program runs (a masked read or a nonzero), is not "
                f"supported yet; reduce it, or mask instead")
        if size < 0:  # the whole of a dynamic dimension
            starts.append(0)
            stops.append(_INT64_MAX)
            steps.append(1)
            slice_shape.append(-1)
            shape.append(-1)
            dim += 1
            continue
        if isinstance(item, slice):
            if any(isinstance(bound, Tensor)
                   for bound in (item.start, item.stop, item.step)):
                raise IndexError(
                    "a slice whose bounds are traced values (known only when "
                    "the program runs) is not supported yet: its size would "
                    "be the data's; take a window of static size instead, "
                    "ten.take(x, start + ten.arange(size), axis, mode='clip')")
            start, stop, step = item.indices(size)
            count = len(range(start, stop, step))
            last = start + count * step
            starts.append(start)
            # A backward slice ending before element 0 has no stop NumPy
            # could write as an index.
            stops.append(last if last >= 0 else _INT64_MIN)
            steps.append(step)
            slice_shape.append(count)
            shape.append(count)
        else:
            position = operator.index(item)
            if not -size <= position < size:
                raise IndexError(
                    f"index {position} is out of bounds for axis {dim} with "
                    f"size {size}")
            position %= size
            starts.append(position)
            stops.append(position + 1)
            steps.append(1)
            slice_shape.append(1)
        dim += 1
    whole = all(
        start == 0 and (stop == size or size < 0) and step == 1
        for start, stop, step, size in zip(starts, stops, steps, tensor.shape))
    return (starts, stops, steps), tuple(slice_shape), tuple(shape), whole


def getitem(tensor, index):
    """`tensor[index]` by NumPy's basic indexing, or its advanced indexing
    where the subscript has index arrays (_gather.py)."""
    from ._gather import advanced_getitem, is_advanced

    items = index if isinstance(index, tuple) else (index,)
    if any(is_advanced(item) for item in items):
        return advanced_getitem(tensor, index)
    ranges, _, shape, whole = _basic(tensor, index)
    graph = tensor.graph
    value = tensor
    if not whole:
        value = graph.apply("slice", tensor.value, *ranges)
    if shape != value.shape:
        value = graph.apply("reshape", value.value, _sizes(shape))
    if value is not tensor:
        # A view, as NumPy's basic indexing gives: writes go through.
        value.base = (tensor, index)
    return value


def assigned_value(tensor, value, shape):
    """`value` as a traced value of `tensor`'s dtype (converted as NumPy
    converts what it assigns) and of `shape`, to which it broadcasts
    (leading dimensions of size 1 beyond `shape`'s dropped, as NumPy drops
    them)."""
    from . import _ops

    graph = tensor.graph
    if not isinstance(value, Tensor):
        array = np.asarray(value)
        if type(value) is int and tensor.dtype.kind in "iu":
            info = np.iinfo(tensor.dtype)
            if not info.min <= value <= info.max:
                raise OverflowError(
                    f"Python integer {value} out of bounds for {tensor.dtype}")
        if array.dtype.kind == "c" and tensor.dtype.kind != "c" and array.ndim == 0:
            raise TypeError(f"cannot assign a complex number to an array of "
                            f"{tensor.dtype}")
        value = graph.constant(array)
    if value.dtype != tensor.dtype:
        value = _ops.astype(value, tensor.dtype)
    extra = value.ndim - len(shape)
    if extra > 0 and all(size == 1 for size in value.shape[:extra]):
        value = graph.apply("reshape", value.value, _sizes(value.shape[extra:]))
    try:
        broadcast = np.broadcast_shapes(value.shape, shape)
    except ValueError:
        broadcast = None
    if broadcast != shape:
        raise ValueError(
            f"could not broadcast input array from shape {value.shape} into "
            f"shape {shape}")
    if value.shape != shape:
        value = _ops.broadcast_to(value, shape)
    return value


def setitem(tensor, index, value):
    """`tensor[index] = value` as a value: `tensor` takes the array with the
    selected elements replaced by `value` (broadcast to them and converted to
    the tensor's dtype, as NumPy converts it). Subscripts with index arrays
    or boolean masks are scatters (_scatter.py)."""
    from ._gather import is_advanced
    from ._scatter import advanced_update

    items = index if isinstance(index, tuple) else (index,)
    if any(is_advanced(item) for item in items):
        advanced_update(tensor, index, value, "assign")
        return
    ranges, slice_shape, shape, whole = _basic(tensor, index)
    graph = tensor.graph
    value = assigned_value(tensor, value, shape)
    if value.shape != slice_shape:
        value = graph.apply("reshape", value.value, _sizes(slice_shape))
    if whole:
        updated = value
    else:
        updated = graph.apply("insert_slice", value.value, tensor.value, *ranges)
    tensor.value = updated.value
