"""Gathering: NumPy's take and take_along_axis, and advanced indexing of
traced values with integer arrays (and constant boolean masks, which are
their nonzero positions; a traced mask is _masks.py's), each one `ten.take` (mode `raise`: an index out
of range stops the run with an error, as NumPy raises IndexError; `wrap`
and `clip` as NumPy's). Several index arrays are combined into one linear
index, each checked against its own dimension first."""

import numpy as np

from ._creation import _iota
from ._jit import eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of, _is_scalar_axis, _normalize_axis

_MODES = ("raise", "wrap", "clip")


def _index_tensor(graph, indices):
    """`indices` as a traced int64 value: NumPy's indices are integers
    (booleans and floats are refused, as NumPy refuses them)."""
    if not isinstance(indices, Tensor):
        array = np.asarray(indices)
        if array.dtype.kind not in "iu" and array.size:
            raise IndexError(
                "arrays used as indices must be of integer (or boolean) type")
        indices = graph.constant(array.astype(np.int64))
    elif np.dtype(indices.dtype).kind not in "iu":
        raise IndexError(
            "arrays used as indices must be of integer (or boolean) type")
    return _ops.astype(indices, np.int64)


def _take(graph, a, indices, dim, mode):
    return graph.apply("take", mode, a.value, indices.value, dim)


def _checked(graph, indices, size):
    """`indices` into a dimension of `size` elements, each in [0, size):
    negative ones counted from the end, any out of range an error of the
    run (a take from the positions 0 ... size-1)."""
    positions = _iota((size,), 0, np.int64)
    return _take(graph, positions, indices, 0, "raise")


def _take_indices(indices):
    """take's indices as NumPy converts them (to intp by the rule
    'same_kind'): booleans are 0 and 1; an array of floats is NumPy's
    TypeError; Python numbers and lists of them are converted as NumPy
    reads them, floats truncated."""
    if isinstance(indices, (Tensor, np.ndarray)):
        kind = np.dtype(indices.dtype).kind
        if kind == "b":
            return _ops.astype(indices, np.int64) if isinstance(
                indices, Tensor) else indices.astype(np.int64)
        if kind not in "iu":
            raise TypeError(
                f"Cannot cast array data from {np.dtype(indices.dtype)!r} to "
                f"dtype('int64') according to the rule 'same_kind'")
        return indices
    array = np.asarray(indices)
    if array.dtype.kind in "bf":
        with np.errstate(invalid="ignore"):
            array = array.astype(np.int64)
    return array


def take(a, indices, axis=None, out=None, mode="raise"):
    """NumPy's take: the elements of `a` (flattened if `axis` is None) at
    `indices` along `axis`; `mode` says what an index out of range does
    (`raise`: an error of the run)."""
    return _take_eager(a, _take_indices(indices), axis=axis, out=out,
                       mode=mode)


@eager
def _take_eager(a, indices, axis=None, mode="raise"):
    """take of converted indices, compiled once per signature (`out=` is
    the eager wrapper's)."""
    if mode not in _MODES:
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or "
                         f"'wrap' (got {mode!r})")
    graph = _graph_of(a, indices)
    a = _as_tensor(graph, a)
    indices = _index_tensor(graph, indices)
    if axis is None or _is_scalar_axis(a, axis):
        a = _ops.reshape(a, (-1,))
        axis = 0
    axis = _normalize_axis(axis, a.ndim)
    return _take(graph, a, indices, axis, mode)


take.compiled = _take_eager.compiled
take.cache_info = _take_eager.cache_info
take.cache_clear = _take_eager.cache_clear


def along_axis_positions(graph, arr, indices, axis):
    """NumPy's take_along_axis pairing of `arr` and `indices` (of the same
    number of dimensions, broadcast against each other except along
    `axis`): `arr` broadcast and flattened, and for each element of the
    broadcast indices its linear position there (the index along `axis`
    checked: out of range stops the run)."""
    indices = _index_tensor(graph, indices)
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single "
                             "dimension.")
        arr = _ops.reshape(arr, (-1,))
        axis = 0
    if indices.ndim != arr.ndim:
        raise ValueError("`indices` and `arr` must have the same number of "
                         "dimensions")
    axis = _normalize_axis(axis, arr.ndim)
    size = arr.shape[axis]
    others = [1 if d == axis else s for d, s in enumerate(arr.shape)]
    index_others = [1 if d == axis else s for d, s in enumerate(indices.shape)]
    shape = list(np.broadcast_shapes(tuple(others), tuple(index_others)))
    shape[axis] = indices.shape[axis]
    arr_shape = list(shape)
    arr_shape[axis] = size
    if tuple(arr_shape) != arr.shape:
        arr = _ops.broadcast_to(arr, tuple(arr_shape))
    if tuple(shape) != indices.shape:
        indices = _ops.broadcast_to(indices, tuple(shape))
    # The linear position in `arr` of each element: its own position along
    # every dimension but `axis`, and its checked index along `axis`.
    linear = None
    stride = 1
    for d in reversed(range(len(shape))):
        along = (_checked(graph, indices, size) if d == axis
                 else _iota(tuple(shape), d, np.int64))
        term = along if stride == 1 else _ops.multiply(along, np.int64(stride))
        linear = term if linear is None else _ops.add(linear, term)
        stride *= arr_shape[d]
    return _ops.reshape(arr, (-1,)), linear


@eager
def take_along_axis(arr, indices, axis=-1):
    """NumPy's take_along_axis: `arr` and `indices` (of the same number of
    dimensions) broadcast against each other except along `axis`, where
    the result has the elements of `arr` at `indices`."""
    graph = _graph_of(arr, indices)
    arr = _as_tensor(graph, arr)
    flat, linear = along_axis_positions(graph, arr, indices, axis)
    return _take(graph, flat, linear, 0, "clip")


# ---------------------------------------------------------------------------
# Advanced indexing
# ---------------------------------------------------------------------------


def is_advanced(item):
    """Whether `item` of a subscript is an index array (or a boolean), which
    makes the subscript NumPy's advanced indexing."""
    if isinstance(item, Tensor):
        return True
    if isinstance(item, (bool, np.bool_, list)):
        return True
    return isinstance(item, np.ndarray) and (item.ndim > 0
                                             or item.dtype == np.bool_)


def _expand_masks(index):
    """Constant boolean arrays replaced by their nonzero positions (one
    index array per dimension they cover), as NumPy defines them; a
    traced mask's are as many as the data say (index arrays of a size
    known only when the program runs)."""
    expanded = []
    for item in index:
        if isinstance(item, Tensor) and np.dtype(item.dtype) == np.bool_:
            # Its nonzero positions, one index array per dimension: as many
            # as the data say.
            from ._masks import traced_mask_indices

            expanded.extend(traced_mask_indices(item))
            continue
        if isinstance(item, (bool, np.bool_)):
            raise IndexError("indexing a traced value with a Python or "
                             "NumPy boolean is not supported yet")
        if isinstance(item, list):
            item = np.asarray(item)
            if item.size == 0:
                item = item.astype(np.int64)
        if isinstance(item, np.ndarray) and item.dtype == np.bool_:
            expanded.extend(np.nonzero(item))
            continue
        expanded.append(item)
    return expanded


def _check_mask_shapes(index, shape):
    """NumPy's IndexError for a boolean array whose shape is not that of
    the dimensions it indexes (where both are known when tracing)."""
    masks = [np.asarray(item) if isinstance(item, list) else item
             for item in index]
    covered = [item.ndim if _is_mask(item) else
               0 if item is None or item is Ellipsis else 1
               for item in masks]
    dim = 0
    for item, dims in zip(masks, covered):
        if item is Ellipsis:
            dim += len(shape) - sum(covered)
            continue
        if _is_mask(item):
            for k, size in enumerate(item.shape):
                if dim + k >= len(shape):
                    break
                axis = shape[dim + k]
                if size >= 0 and axis >= 0 and size != axis:
                    raise IndexError(
                        f"boolean index did not match indexed array along "
                        f"axis {dim + k}; size of axis is {axis} but size of "
                        f"corresponding boolean axis is {size}")
        dim += dims


def _is_mask(item):
    """Whether `item` is a boolean array of at least one dimension."""
    return (isinstance(item, (np.ndarray, Tensor)) and item.ndim > 0
            and np.dtype(item.dtype) == np.bool_)


def _broadcast_index_shapes(shapes):
    """NumPy's broadcast of index array shapes, where a size known only
    when the program runs (-1, a traced mask's count) meets only itself or
    1: arrays from one mask share it."""
    if not any(size < 0 for shape in shapes for size in shape):
        return np.broadcast_shapes(*shapes)
    ndim = max(len(shape) for shape in shapes)
    result = []
    for dim in range(ndim):
        sizes = {shape[dim - ndim + len(shape)] for shape in shapes
                 if dim - ndim + len(shape) >= 0} - {1}
        if len(sizes) > 1:
            raise ValueError("shapes do not broadcast")
        result.append(sizes.pop() if sizes else 1)
    return tuple(result)


def _broadcast_index(array, shape, arrays):
    """`array` broadcast to `shape`, the broadcast shape of `arrays`. A size
    known only when the program runs has no broadcast_to: the array is
    added to every one of `arrays` times 0, which broadcasts as they do."""
    if all(size >= 0 for size in shape):
        return _ops.broadcast_to(array, shape)
    for other in arrays:
        array = _ops.add(array, _ops.multiply(other, np.int64(0)))
    return array


def advanced_plan(tensor, index):
    """How NumPy's advanced indexing of `tensor` by `index` (with integer
    arrays) selects: the subscript's basic part (every index array as a full
    slice), the permutation that moves the advanced dimensions of the basic
    part's result together at `first`, that result transposed and its
    advanced dimensions merged into one (`merged`), and the indices along
    that dimension (`linear`), broadcast together; `checked` says whether
    they are known to be in range. The selected elements are a take from
    `merged` at `linear` along `first`."""
    from ._indexing import getitem

    graph = tensor.graph
    if not isinstance(index, tuple):
        index = (index,)
    _check_mask_shapes(index, tensor.shape)
    index = _expand_masks(index)
    if sum(1 for item in index if item is Ellipsis) > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    indexed = sum(1 for item in index if item is not None and item is not Ellipsis)
    if indexed > tensor.ndim:
        raise IndexError(
            f"too many indices for array: array is {tensor.ndim}-dimensional, "
            f"but {indexed} were indexed")
    fill = [slice(None)] * (tensor.ndim - indexed)
    if any(item is Ellipsis for item in index):
        at = next(i for i, item in enumerate(index) if item is Ellipsis)
        # An ellipsis of no dimensions still parts the index arrays on its
        # two sides, as NumPy's: their dimensions then go first.
        index = (list(index[:at]) + (fill or [Ellipsis])
                 + list(index[at + 1:]))
    else:
        index = list(index) + fill
    # The basic part: every index array as a full slice, None kept; then
    # the positions of the advanced dimensions in the sliced value, and
    # their entries in the index (whether they are adjacent).
    basic = []
    advanced = []  # (position in the sliced value, index array)
    entries = []
    position = 0
    for entry, item in enumerate(index):
        if item is Ellipsis:
            continue
        if item is None:
            basic.append(None)
            position += 1
        elif isinstance(item, slice):
            basic.append(item)
            position += 1
        else:
            if isinstance(item, (int, np.integer)):
                # An integer is checked even where the arrays broadcast to
                # nothing, as NumPy checks it.
                axis = position - basic.count(None)
                size = tensor.shape[axis]
                if size >= 0 and not -size <= item < size:
                    raise IndexError(
                        f"index {item} is out of bounds for axis {axis} "
                        f"with size {size}")
            basic.append(slice(None))
            advanced.append((position, item))
            entries.append(entry)
            position += 1
    sliced = getitem(tensor, tuple(basic))
    positions = [p for p, _ in advanced]
    arrays = []
    for p, item in advanced:
        if isinstance(item, Tensor):
            arrays.append(_index_tensor(graph, item))
        else:
            array = np.asarray(item)
            if array.dtype.kind not in "iu":
                raise IndexError(
                    "only integers, slices (`:`), ellipsis (`...`), "
                    "numpy.newaxis (`None`) and integer or boolean arrays are "
                    "valid indices")
            arrays.append(_index_tensor(graph, array))
    try:
        shape = _broadcast_index_shapes([a.shape for a in arrays])
    except ValueError:
        raise IndexError(
            "shape mismatch: indexing arrays could not be broadcast together "
            "with shapes " + " ".join(str(a.shape) for a in arrays)) from None
    adjacent = entries == list(range(entries[0], entries[0] + len(entries)))
    first = positions[0] if adjacent else 0
    # Move the advanced dimensions together, at `first`.
    rest = [d for d in range(sliced.ndim) if d not in positions]
    order = rest[:first] + positions + rest[first:]
    if order != list(range(sliced.ndim)):
        sliced = _ops.transpose(sliced, tuple(order))
    sizes = [sliced.shape[first + k] for k in range(len(positions))]
    if len(arrays) == 1:
        linear = arrays[0]
        if linear.shape != shape:
            linear = _broadcast_index(linear, shape, arrays)
        return tuple(basic), order, sliced, first, sliced, linear, False
    # One linear index over the advanced dimensions, each index checked
    # against its own dimension.
    linear = None
    stride = 1
    for k in reversed(range(len(arrays))):
        # Broadcast to nothing, no index is used: NumPy checks none.
        checked = (arrays[k] if 0 in shape else
                   _checked(graph, arrays[k], sizes[k]))
        if checked.shape != shape:
            checked = _broadcast_index(checked, shape, arrays)
        term = checked if stride == 1 else _ops.multiply(checked, np.int64(stride))
        linear = term if linear is None else _ops.add(linear, term)
        stride *= sizes[k]
    merged_shape = (sliced.shape[:first] + (stride,)
                    + sliced.shape[first + len(positions):])
    merged = _ops.reshape(sliced, merged_shape)
    return tuple(basic), order, sliced, first, merged, linear, True


def advanced_getitem(tensor, index):
    """`tensor[index]` where `index` has integer arrays: NumPy's advanced
    indexing. The basic entries (slices, None) are applied first; the index
    arrays, broadcast together (integers count as 0-d arrays), select along
    their dimensions, whose result dimensions replace them where they are
    adjacent and go first where they are not."""
    from ._masks import is_traced_mask, masked_getitem

    if is_traced_mask(index):
        return masked_getitem(tensor, index)
    _, _, _, first, merged, linear, checked = advanced_plan(tensor, index)
    return _take(tensor.graph, merged, linear, first,
                 "clip" if checked else "raise")
