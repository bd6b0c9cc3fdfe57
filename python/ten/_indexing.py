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


class _Selection:
    """What a basic index selects: the ten.slice ranges (starts, stops,
    steps, and the traced bounds' values, one per start and stop, None where
    the bound is static), the slice's shape and the result's (the slice's
    without integer-indexed dimensions, with None's; -1 where only run time
    knows a size), and the integer indices into dynamic dimensions (dim of
    the slice, index), which a checked take reads."""

    def __init__(self):
        self.starts, self.stops, self.steps = [], [], []
        self.start_values, self.stop_values = [], []
        self.slice_shape, self.shape = [], []
        self.dynamic_integers = []
        # Per entry of the index, in order: "none", "integer" or "slice".
        self.kinds = []

    def add(self, start, stop, step, count, start_value=None, stop_value=None):
        self.starts.append(start)
        self.stops.append(stop)
        self.steps.append(step)
        self.start_values.append(start_value)
        self.stop_values.append(stop_value)
        self.slice_shape.append(count)

    def slice_args(self, *values):
        """The arguments of the graph's slice or insert_slice after
        `values`: the ranges, with the traced bounds' values where any."""
        ranges = (self.starts, self.stops, self.steps)
        traced = [v for v in self.start_values + self.stop_values if v is not None]
        if not traced:
            return (*values, *ranges)
        # Positions without a value are not read (their bound is static).
        def ids(bounds):
            return [0 if v is None else v.value for v in bounds]
        return (*values, *ranges, ids(self.start_values), ids(self.stop_values))

    def whole(self, input_shape):
        """Whether the slice keeps every element in order: from 0 to the
        size (of a dynamic dimension: to the open end) by 1."""
        return all(
            start == 0 and stop == (size if size >= 0 else _INT64_MAX)
            and step == 1 and start_value is None and stop_value is None
            for start, stop, step, size, start_value, stop_value in zip(
                self.starts, self.stops, self.steps, input_shape,
                self.start_values, self.stop_values))


def _slice_bound(bound, name):
    """A slice's start or stop: None, a Python integer, or a traced 0-d
    integer value (as int64)."""
    from . import _ops

    if bound is None:
        return None
    if not isinstance(bound, Tensor):
        return operator.index(bound)
    if bound.ndim != 0 or np.dtype(bound.dtype).kind not in "iu":
        raise TypeError(
            f"slice indices must be integers or None or have an __index__ "
            f"method; the {name} is a traced {np.dtype(bound.dtype).name} "
            f"array of shape {bound.shape}")
    if np.dtype(bound.dtype) == np.uint64:
        raise TypeError(
            "slice indices must fit int64; the traced bound is uint64")
    if np.dtype(bound.dtype) != np.int64:
        bound = _ops.astype(bound, np.int64)
    return bound


def _basic(tensor, index):
    """NumPy's basic indexing of `tensor` by `index`, as a _Selection."""
    from ._ops import DYNAMIC_SIZE

    selection = _Selection()
    dim = 0
    for item in _expand(index, tensor.ndim):
        if item is None:
            selection.shape.append(1)
            selection.kinds.append("none")
            continue
        size = tensor.shape[dim]
        selection.kinds.append(
            "slice" if isinstance(item, slice) else "integer")
        if isinstance(item, slice):
            if isinstance(item.step, Tensor):
                raise IndexError(
                    "a slice whose step is a traced value is not supported: "
                    "the step must be known when tracing (its starts and "
                    "stops may be traced)")
            step = 1 if item.step is None else operator.index(item.step)
            if step == 0:
                raise ValueError("slice step cannot be zero")
            start = _slice_bound(item.start, "start")
            stop = _slice_bound(item.stop, "stop")
            if (size >= 0 and not isinstance(start, Tensor)
                    and not isinstance(stop, Tensor)):
                start, stop, step = slice(start, stop, step).indices(size)
                count = len(range(start, stop, step))
                if count == 0:
                    # Nothing selected: slice.indices may leave a start
                    # outside the dimension (-1 for a backward slice of
                    # nothing), which the op would read from the end.
                    start, stop, step = 0, 0, 1
                last = start + count * step
                # A backward slice ending before element 0 has no stop NumPy
                # could write as an index.
                selection.add(start, last if last >= 0 else -_INT64_MAX,
                              step, count)
                selection.shape.append(count)
            else:
                # NumPy's meaning, worked out when the program runs: the size
                # depends on the bounds' values or the dimension's size.
                def bound(value, default):
                    if value is None:
                        return default, None
                    if isinstance(value, Tensor):
                        return DYNAMIC_SIZE, value
                    return max(value, -_INT64_MAX), None
                start_bound, start_value = bound(
                    start, 0 if step > 0 else _INT64_MAX)
                stop_bound, stop_value = bound(
                    stop, _INT64_MAX if step > 0 else -_INT64_MAX)
                selection.add(start_bound, stop_bound, step, -1, start_value,
                              stop_value)
                selection.shape.append(-1)
        else:
            position = operator.index(item)
            if size < 0:
                # Checked when the program runs: a take of mode raise.
                selection.dynamic_integers.append((dim, position))
                selection.add(0, _INT64_MAX, 1, -1)
                dim += 1
                continue
            if not -size <= position < size:
                raise IndexError(
                    f"index {position} is out of bounds for axis {dim} with "
                    f"size {size}")
            position %= size
            selection.add(position, position + 1, 1, 1)
        dim += 1
    selection.slice_shape = tuple(selection.slice_shape)
    selection.shape = tuple(selection.shape)
    return selection


def getitem(tensor, index):
    """`tensor[index]` by NumPy's basic indexing, or its advanced indexing
    where the subscript has index arrays (_gather.py)."""
    from ._gather import advanced_getitem, is_advanced

    items = index if isinstance(index, tuple) else (index,)
    if any(is_advanced(item) for item in items):
        return advanced_getitem(tensor, index)
    selection = _basic(tensor, index)
    shape = selection.shape
    graph = tensor.graph
    value = tensor
    if not selection.whole(tensor.shape):
        value = graph.apply("slice", *selection.slice_args(tensor.value))
    # Integer indices into dynamic dimensions, last first: each a take that
    # drops its dimension and fails the run where the index is out of range.
    for dim, position in reversed(selection.dynamic_integers):
        at = graph.constant(np.array(position, np.int64))
        value = graph.apply("take", "raise", value.value, at.value, dim)
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
    selection = _basic(tensor, index)
    graph = tensor.graph
    if selection.dynamic_integers:
        # An integer into a dimension only run time knows the size of is
        # checked then: the index as a traced 0-d array, whose assignment is
        # a scatter that fails the run where it is out of range.
        advanced_update(tensor, _traced_integers(tensor, index), value,
                        "assign")
        return
    slice_shape, shape = selection.slice_shape, selection.shape
    if -1 in slice_shape:
        value = _assigned_to_dynamic(tensor, value, selection)
    else:
        value = assigned_value(tensor, value, shape)
        if value.shape != slice_shape:
            value = graph.apply("reshape", value.value, _sizes(slice_shape))
    if selection.whole(tensor.shape) and value.shape == tensor.shape:
        updated = value
    else:
        updated = graph.apply("insert_slice",
                              *selection.slice_args(value.value, tensor.value))
    tensor.value = updated.value


def _traced_integers(tensor, index):
    """`index` with its integers into dynamic dimensions as traced 0-d
    int64 arrays."""
    items = _expand(index, tensor.ndim)
    dim = 0
    for at, item in enumerate(items):
        if item is None:
            continue
        if _is_integer(item) and tensor.shape[dim] < 0:
            items[at] = tensor.graph.constant(
                np.array(operator.index(item), np.int64))
        dim += 1
    return tuple(items)


def _shape_text(shape):
    return str(tuple("?" if size < 0 else size for size in shape)).replace(
        "'", "")


def converted_value(tensor, value, ndim):
    """`value` as a traced value of `tensor`'s dtype, converted as NumPy
    converts what it assigns, with leading dimensions of size 1 beyond
    `ndim` dropped."""
    from . import _ops

    graph = tensor.graph
    if not isinstance(value, Tensor):
        value = assigned_value(tensor, value, np.broadcast_shapes(
            np.shape(value), (1,) * ndim))
    elif value.dtype != tensor.dtype:
        value = _ops.astype(value, tensor.dtype)
    extra = value.ndim - ndim
    if extra > 0 and all(size == 1 for size in value.shape[:extra]):
        value = graph.apply("reshape", value.value, _sizes(value.shape[extra:]))
    return value


def broadcast_at_run_time(value, shape, like):
    """`value` broadcast to `shape`, some of whose sizes only run time
    knows, by NumPy's rules: checked where the sizes are known, and when the
    program runs by a select of the elements of `like()` (a value of
    `shape`), which fails the run where they do not agree."""
    graph = value.graph
    mismatch = ValueError(
        f"could not broadcast input array from shape {_shape_text(value.shape)} "
        f"into shape {_shape_text(shape)}")
    if value.ndim > len(shape):
        raise mismatch
    for size, target in zip(reversed(value.shape), reversed(shape)):
        if size >= 0 and target >= 0 and size not in (1, target):
            raise mismatch
    if value.shape == tuple(shape):
        return value
    chosen = graph.constant(np.array(True))
    return graph.apply("select", chosen.value, value.value, like().value)


def _assigned_to_dynamic(tensor, value, selection):
    """`value` for an assignment to a slice whose shape only run time knows
    in full: converted as NumPy converts it, its dimensions aligned with the
    slice's (a 1 where an integer indexes, none where None adds one), then
    broadcast to the slice when the program runs."""
    graph = tensor.graph
    shape = selection.shape
    value = converted_value(tensor, value, len(shape))
    if value.ndim > len(shape):
        raise ValueError(
            f"could not broadcast input array from shape "
            f"{_shape_text(value.shape)} into shape {_shape_text(shape)}")
    # The value's sizes along the result's dimensions, then along the
    # slice's: integer-indexed dimensions 1, None's dropped.
    along_result = (1,) * (len(shape) - value.ndim) + tuple(value.shape)
    along_slice = []
    result_dim = 0
    for kind in selection.kinds:
        if kind == "none":
            if along_result[result_dim] not in (1, -1):
                raise ValueError(
                    f"could not broadcast input array from shape "
                    f"{_shape_text(value.shape)} into shape "
                    f"{_shape_text(shape)}")
            result_dim += 1
        elif kind == "integer":
            along_slice.append(1)
        else:
            along_slice.append(along_result[result_dim])
            result_dim += 1
    along_slice = tuple(along_slice)
    lead = len(along_slice) - value.ndim
    # Broadcasting aligns trailing dimensions: no reshape where the value's
    # are the slice's and the others 1.
    aligned = (lead >= 0 and along_slice[lead:] == value.shape
               and all(size == 1 for size in along_slice[:lead]))
    if not aligned:
        if sum(1 for size in along_slice if size < 0) > 1:
            raise IndexError(
                "assigning an array of several dimensions only run time "
                "knows through integer indices or None is not supported; "
                "index without them")
        value = graph.apply("reshape", value.value, _sizes(along_slice))
    return broadcast_at_run_time(
        value, selection.slice_shape,
        lambda: graph.apply("slice", *selection.slice_args(tensor.value)))
