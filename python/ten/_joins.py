"""NumPy's joining, splitting and rearranging functions, built from
`ten.concat` and `ten.slice`: concatenate, stack, hstack, vstack, dstack,
column_stack, split, array_split, hsplit, vsplit, dsplit, flip, fliplr,
flipud, roll and pad (constant, edge, reflect, symmetric and wrap modes)."""

import builtins
import operator

import numpy as np

from ._jit import eager, stored
from ._trace import Tensor, current_graph
from . import _ops
from ._ops import _as_tensor, _common_dtype, _graph_of, _kind, _lift, _normalize_axis
from . import _layout


def _sequence(arrays, function):
    """The arrays of `arrays`, a sequence of them (or an array, whose first
    axis is iterated as NumPy does)."""
    if not isinstance(arrays, (Tensor, np.ndarray)) and not hasattr(
            arrays, "__iter__"):
        raise TypeError(f"{function}: expected a sequence of arrays, got "
                        f"{type(arrays).__name__}")
    return list(arrays)


def _ndim(array):
    return array.ndim if isinstance(array, Tensor) else np.ndim(array)


def _concat(graph, tensors, axis):
    if len(tensors) == 1:
        return tensors[0]
    return graph.apply("concat", [t.value for t in tensors], axis)


def _join(tensors, axis, dtype):
    """`tensors`, converted to `dtype` (by default their common type), joined
    along `axis` with NumPy's checks and messages."""
    if not tensors:
        raise ValueError("need at least one array to concatenate")
    graph = _graph_of(*tensors)
    if dtype is None:
        dtype = _common_dtype(tuple(_kind(t) for t in tensors))
    dtype = np.dtype(dtype)
    tensors = [_lift(graph, _as_tensor(graph, t), dtype) for t in tensors]
    first = tensors[0]
    if first.ndim == 0:
        raise ValueError("zero-dimensional arrays cannot be concatenated")
    axis = _normalize_axis(axis, first.ndim)
    for index, tensor in enumerate(tensors[1:], 1):
        if tensor.ndim != first.ndim:
            raise ValueError(
                "all the input arrays must have same number of dimensions, "
                f"but the array at index 0 has {first.ndim} dimension(s) and "
                f"the array at index {index} has {tensor.ndim} dimension(s)")
        for dim, (a, b) in enumerate(zip(first.shape, tensor.shape)):
            if dim != axis and a != b:
                raise ValueError(
                    "all the input array dimensions except for the "
                    "concatenation axis must match exactly, but along "
                    f"dimension {dim}, the array at index 0 has size {a} and "
                    f"the array at index {index} has size {b}")
    return _concat(graph, tensors, axis)


def _cast_dtype(arrays, dtype, casting):
    """The dtype a join casts its arrays to (None: NumPy's result type),
    checked as NumPy checks it: each array by the rule `casting`."""
    if dtype is None:
        return None
    dtype = np.dtype(dtype)
    for array in arrays:
        source = np.dtype(array.dtype if isinstance(array, Tensor)
                          else np.asarray(array).dtype)
        if not np.can_cast(source, dtype, casting):
            raise TypeError(
                f"Cannot cast array data from {source!r} to {dtype!r} "
                f"according to the rule {casting!r}")
    return dtype


def concatenate(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    """The arrays joined along `axis` (flattened first when `axis` is None),
    cast to `dtype` by the rule `casting` if given."""
    arrays = _sequence(arrays, "concatenate")
    if axis is not None:
        axis = operator.index(axis)
    return stored(_concatenate(*arrays, axis=axis,
                               dtype=_cast_dtype(arrays, dtype, casting)),
                  out, "concatenate")


@eager
def _concatenate(*arrays, axis, dtype):
    if axis is None:
        graph = _graph_of(*arrays)
        arrays = [_ops.reshape(_as_tensor(graph, a), (-1,)) for a in arrays]
        axis = 0
    return _join(list(arrays), axis, dtype)


def stack(arrays, axis=0, out=None, dtype=None, casting="same_kind"):
    """The arrays, of one shape, joined along a new axis `axis`."""
    arrays = _sequence(arrays, "stack")
    return stored(_stack(*arrays, axis=operator.index(axis),
                         dtype=_cast_dtype(arrays, dtype, casting)),
                  out, "stack")


@eager
def _stack(*arrays, axis, dtype):
    if not arrays:
        raise ValueError("need at least one array to stack")
    graph = _graph_of(*arrays)
    tensors = [_as_tensor(graph, a) for a in arrays]
    if len({t.shape for t in tensors}) != 1:
        raise ValueError("all input arrays must have the same shape")
    axis = _normalize_axis(axis, tensors[0].ndim + 1)
    return _join([_layout._expand_dims(t, axis) for t in tensors], axis, dtype)


def _stacker(name, ndim, axis_of):
    def function(tup, *, dtype=None, casting="same_kind"):
        arrays = _sequence(tup, name)
        return traced(*arrays, dtype=_cast_dtype(arrays, dtype, casting))

    @eager
    def traced(*arrays, dtype):
        if not arrays:
            raise ValueError("need at least one array to concatenate")
        graph = _graph_of(*arrays)
        tensors = [_at_least(_as_tensor(graph, a), ndim) for a in arrays]
        return _join(tensors, axis_of(tensors), dtype)

    function.__name__ = function.__qualname__ = name
    traced.__name__ = "_" + name
    return function


def _at_least(tensor, ndim):
    """NumPy's atleast_1d/2d/3d of one traced value."""
    shape = tensor.shape
    if tensor.ndim >= ndim:
        return tensor
    if ndim == 1:
        shape = (1,)
    elif ndim == 2:
        shape = (1,) + shape if shape else (1, 1)
    else:
        shape = {0: (1, 1, 1), 1: (1,) + shape + (1,), 2: shape + (1,)}[tensor.ndim]
    return _ops.reshape(tensor, shape)


hstack = _stacker("hstack", 1, lambda ts: 0 if ts[0].ndim == 1 else 1)
vstack = _stacker("vstack", 2, lambda ts: 0)
_dstack = _stacker("dstack", 3, lambda ts: 2)


def dstack(tup):
    """The arrays, made at least 3-d, joined along the third axis (NumPy's
    dstack takes no dtype)."""
    return _dstack(tup)


def column_stack(tup):
    """1-d arrays as columns, and 2-d arrays, joined along axis 1."""
    return _column_stack(*_sequence(tup, "column_stack"))


@eager
def _column_stack(*arrays):
    if not arrays:
        raise ValueError("need at least one array to concatenate")
    graph = _graph_of(*arrays)
    tensors = []
    for array in arrays:
        tensor = _as_tensor(graph, array)
        if tensor.ndim < 2:
            tensor = _ops.reshape(tensor, (-1, 1))
        tensors.append(tensor)
    return _join(tensors, 1, None)


# ---------------------------------------------------------------------------
# Splitting
# ---------------------------------------------------------------------------


def _slice_along(tensor, axis, start, stop, step=1):
    """`tensor[..., start:stop:step, ...]` along `axis`."""
    index = [slice(None)] * tensor.ndim
    index[axis] = slice(start, stop, step)
    return tensor[tuple(index)]


def _split_points(indices_or_sections, size, equal):
    if isinstance(indices_or_sections, (int, np.integer)):
        sections = operator.index(indices_or_sections)
        if equal and sections == 0:
            # NumPy's split divides by the sections before array_split
            # checks them.
            raise ZeroDivisionError("integer modulo by zero")
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.")
        if equal and size % sections:
            raise ValueError("array split does not result in an equal division")
        base, extra = divmod(size, sections)
        points, at = [0], 0
        for section in range(sections):
            at += base + (1 if section < extra else 0)
            points.append(at)
        return points
    indices = [operator.index(i) for i in indices_or_sections]
    # The last piece runs to the end, as `x[i:]` does, whatever the size
    # (one known only when the program runs included).
    return [0] + indices + [None]


def split(ary, indices_or_sections, axis=0):
    """`ary` cut along `axis` into equal sections or at the given indices."""
    return _split(ary, _split_arg(indices_or_sections),
                  axis=operator.index(axis), equal=True)


def array_split(ary, indices_or_sections, axis=0):
    """As split, where sections may differ in size by one."""
    return _split(ary, _split_arg(indices_or_sections),
                  axis=operator.index(axis), equal=False)


def _split_arg(indices_or_sections):
    if isinstance(indices_or_sections, (int, np.integer)):
        return operator.index(indices_or_sections)
    return tuple(operator.index(i) for i in indices_or_sections)


@eager
def _split(ary, indices_or_sections, axis, equal):
    graph = _graph_of(ary)
    tensor = _as_tensor(graph, ary)
    if tensor.ndim == 0:
        raise ValueError("array split does not work on 0-d arrays")
    axis = _normalize_axis(axis, tensor.ndim)
    points = _split_points(indices_or_sections, tensor.shape[axis], equal)
    return [_slice_along(tensor, axis, start, stop)
            for start, stop in zip(points[:-1], points[1:])]


def _directional_split(name, axis_of, min_ndim):
    def function(ary, indices_or_sections):
        ndim = _ndim(ary)
        if ndim < min_ndim:
            raise ValueError(
                f"{name} only works on arrays of {min_ndim} or more dimensions")
        return split(ary, indices_or_sections, axis=axis_of(ndim))

    function.__name__ = function.__qualname__ = name
    return function


hsplit = _directional_split("hsplit", lambda ndim: 1 if ndim > 1 else 0, 1)
vsplit = _directional_split("vsplit", lambda ndim: 0, 2)
dsplit = _directional_split("dsplit", lambda ndim: 2, 3)


# ---------------------------------------------------------------------------
# Rearranging
# ---------------------------------------------------------------------------


def _axes_arg(axis):
    if axis is None:
        return None
    if isinstance(axis, (int, np.integer)):
        return operator.index(axis)
    return tuple(operator.index(a) for a in axis)


def flip(m, axis=None):
    """`m` with the order of elements along `axis` (every axis by default)
    reversed."""
    return _flip(m, _axes_arg(axis))


@eager
def _flip(m, axis):
    graph = _graph_of(m)
    tensor = _as_tensor(graph, m)
    axes = range(tensor.ndim) if axis is None else _layout._axes(axis, tensor.ndim)
    index = [slice(None)] * tensor.ndim
    for a in axes:
        index[a] = slice(None, None, -1)
    return tensor[tuple(index)]


def fliplr(m):
    if _ndim(m) < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(m, 1)


def flipud(m):
    if _ndim(m) < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(m, 0)


def roll(a, shift, axis=None):
    """`a` with its elements shifted by `shift` along `axis` (the flattened
    array when None), those pushed past the end coming back at the start."""
    return _roll(a, _axes_arg(shift), _axes_arg(axis))


@eager
def _roll(a, shift, axis):
    graph = _graph_of(a)
    tensor = _as_tensor(graph, a)
    if axis is None:
        flat = _roll(_ops.reshape(tensor, (-1,)), shift, 0)
        return _ops.reshape(flat, tensor.shape)
    shifts = shift if isinstance(shift, tuple) else (shift,)
    axes = axis if isinstance(axis, tuple) else (axis,)
    shifts, axes = np.broadcast_arrays(np.array(shifts), np.array(axes))
    if shifts.ndim != 1:
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    total = {}
    for s, ax in zip(shifts.tolist(), axes.tolist()):
        ax = _normalize_axis(ax, tensor.ndim)
        total[ax] = total.get(ax, 0) + s
    for ax, s in total.items():
        size = tensor.shape[ax]
        if size == 0 or s % size == 0:
            continue
        cut = size - s % size
        tensor = _concat(graph, [_slice_along(tensor, ax, cut, None),
                                 _slice_along(tensor, ax, 0, cut)], ax)
    return tensor


# The modes whose pads repeat elements of the array.
_INDEXED_MODES = ("edge", "reflect", "symmetric", "wrap")
# The modes whose pads are a statistic of each edge's `stat_length` elements.
_STAT_MODES = ("maximum", "minimum", "mean", "median")
_PAD_MODES = (("constant", "empty", "linear_ramp") + _INDEXED_MODES
              + _STAT_MODES)


def _pairs(value, ndim, name):
    """NumPy's (before, after) per axis of a pad parameter, as tuples of
    Python numbers (None stays None)."""
    if value is None:
        return ((None, None),) * ndim
    pairs = np.broadcast_to(np.asarray(value), (ndim, 2))
    if name == "stat_length":
        if pairs.dtype.kind not in "iu":
            raise TypeError("`stat_length` must be of integral type.")
        if (pairs < 0).any():
            raise ValueError("index can't contain negative values")
    return tuple(tuple(v.item() for v in row) for row in pairs)


def pad(array, pad_width, mode="constant", **kwargs):
    """`array` padded by `pad_width` ((before, after) per axis, as NumPy
    takes it) with `mode`: constant, empty (zeros), edge, reflect,
    symmetric, wrap, linear_ramp (`end_values`), or maximum, minimum, mean
    and median of the `stat_length` elements at each edge (integers'
    means and medians rounded half to even), each axis in turn as NumPy
    pads them."""
    if not isinstance(mode, str) or mode not in _PAD_MODES:
        raise ValueError(f"mode '{mode}' is not supported")
    allowed = {"constant": {"constant_values"},
               "reflect": {"reflect_type"},
               "symmetric": {"reflect_type"},
               "linear_ramp": {"end_values"}}.get(
                   mode, {"stat_length"} if mode in _STAT_MODES else set())
    unsupported = set(kwargs) - allowed
    if unsupported:
        raise ValueError(
            f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    reflect_type = kwargs.get("reflect_type", "even")
    if reflect_type not in ("even", "odd"):
        raise ValueError(f"reflect_type must be 'even' or 'odd', not "
                         f"{reflect_type!r}")
    if reflect_type == "odd":
        mode += "_odd"
    ndim = _ndim(array)
    widths = np.broadcast_to(np.asarray(pad_width), (ndim, 2))
    if widths.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    if (widths < 0).any():
        raise ValueError("index can't contain negative values")
    widths = tuple(tuple(int(w) for w in row) for row in widths)
    if mode in _STAT_MODES:
        values = _pairs(kwargs.get("stat_length"), ndim, "stat_length")
    else:
        values = _pairs(kwargs.get(
            "end_values" if mode == "linear_ramp" else "constant_values", 0),
            ndim, mode)
    return _pad(array, widths, mode, values)


def _pad_index(i, size, mode):
    """The element of an axis of `size` that position `i` of the padded axis
    (0 being the first original element) repeats."""
    if mode == "edge":
        return min(max(i, 0), size - 1)
    if mode == "wrap":
        return i % size
    if mode == "symmetric":
        j = i % (2 * size)
        return j if j < size else 2 * size - 1 - j
    if size == 1:  # reflect
        return 0
    period = 2 * (size - 1)
    j = i % period
    return j if j < size else period - j


def _runs(indices):
    """`indices` cut into maximal runs of step 1, -1 or 0: (first, count,
    step) each."""
    runs = []
    for index in indices:
        if runs:
            first, count, step = runs[-1]
            if count == 1 and abs(index - first) <= 1:
                runs[-1] = (first, 2, index - first)
                continue
            if count > 1 and index == first + count * step:
                runs[-1] = (first, count + 1, step)
                continue
        runs.append((index, 1, 1))
    return runs


@eager
def _pad(array, widths, mode, values):
    graph = _graph_of(array)
    tensor = _as_tensor(graph, array)
    for axis, (before, after) in enumerate(widths):
        if before == 0 and after == 0:
            continue
        size = tensor.shape[axis]
        pieces = []
        if mode != "constant" and mode != "empty" and size == 0:
            raise ValueError(
                f"can't extend empty axis {axis} using modes other than "
                "'constant' or 'empty'")
        if mode.endswith("_odd"):
            tensor = _odd_reflection(tensor, axis, before, after,
                                     include_edge=mode == "symmetric_odd")
            continue
        if mode in _STAT_MODES or mode == "linear_ramp":
            build = _stat_pad if mode in _STAT_MODES else _ramp_pad
            pieces = [build(tensor, axis, width, value, mode, after_side)
                      for width, value, after_side in
                      ((before, values[axis][0], False),
                       (after, values[axis][1], True)) if width]
            pieces.insert(1 if before else 0, tensor)
        elif mode in ("constant", "empty"):
            for width, value in ((before, values[axis][0]),
                                 (after, values[axis][1])):
                if not width:
                    continue
                shape = list(tensor.shape)
                shape[axis] = width
                if mode == "empty":
                    # NumPy leaves them uninitialized; ten never exposes
                    # memory it did not write.
                    value = 0
                fill = graph.constant(np.asarray(value).astype(tensor.dtype))
                pieces.append(_ops.broadcast_to(fill, tuple(shape)))
            pieces.insert(1 if before else 0, tensor)
        else:
            indices = [_pad_index(i, size, mode)
                       for i in range(-before, size + after)]
            for first, count, step in _runs(indices):
                if step == 0:
                    piece = _slice_along(tensor, axis, first, first + 1)
                    shape = list(tensor.shape)
                    shape[axis] = count
                    piece = _ops.broadcast_to(piece, tuple(shape))
                else:
                    stop = first + count * step
                    piece = _slice_along(tensor, axis, first,
                                         stop if stop >= 0 else None, step)
                pieces.append(piece)
        pieces = [p for p in pieces if p.shape[axis]]
        tensor = _concat(graph, pieces, axis) if pieces else tensor
    return tensor


def _stat_pad(tensor, axis, width, length, mode, after_side):
    """The pad of `width` along `axis` on one side: the statistic `mode` of
    the `length` elements at that edge (all of them for None), as NumPy's
    pad computes it (the mean and median of integers rounded half to even,
    in the array's dtype)."""
    from ._statistics import median

    size = tensor.shape[axis]
    length = size if length is None else builtins.min(length, size)
    if length == 0:
        raise ValueError("stat_length of 0 yields no value for padding")
    edge = (_slice_along(tensor, axis, size - length, None) if after_side
            else _slice_along(tensor, axis, 0, length))
    if mode == "maximum":
        stat = _ops.max(edge, axis=axis, keepdims=True)
    elif mode == "minimum":
        stat = _ops.min(edge, axis=axis, keepdims=True)
    else:
        stat = (_ops.mean(edge, axis=axis, keepdims=True) if mode == "mean"
                else median(edge, axis=axis, keepdims=True))
        if np.dtype(tensor.dtype).kind in "biu":
            stat = _ops.rint(stat)
        stat = _ops.astype(stat, tensor.dtype)
    shape = list(tensor.shape)
    shape[axis] = width
    return _ops.broadcast_to(stat, tuple(shape))


def _ramp_pad(tensor, axis, width, end_value, mode, after_side):
    """The pad of `width` along `axis` on one side: NumPy's linear_ramp,
    linspace(end_value, edge, width, endpoint=False) toward the edge element
    (in the float type of the two, NumPy's end_value an array, not a weak
    number), floored for integers, reversed after the array."""
    from ._creation import _iota

    size = tensor.shape[axis]
    dtype = np.dtype(tensor.dtype)
    compute = np.result_type(np.asarray(end_value).dtype, dtype)
    if compute.kind not in "fc":
        compute = np.dtype(np.float64)
    edge = _slice_along(tensor, axis, size - 1 if after_side else 0,
                        size if after_side else 1)
    start = np.asarray(end_value, compute)
    shape = list(tensor.shape)
    shape[axis] = width
    index = _iota(shape, axis, compute)
    step = _ops.divide(_ops.subtract(_ops.astype(edge, compute), start),
                       np.asarray(width, compute))
    ramp = _ops.add(_ops.multiply(index, step), start)
    if dtype.kind in "iu":
        ramp = _ops.floor(ramp)
    ramp = _ops.astype(ramp, dtype)
    if after_side:
        ramp = _flip(ramp, axis)
    return ramp


def _odd_reflection(tensor, axis, before, after, include_edge):
    """NumPy's reflect and symmetric pads with reflect_type='odd', as NumPy
    builds them: chunks reflected about the edge (2 edge - value), each
    round at most a period of the array long, the next round reflecting the
    padded array; `include_edge` for symmetric."""
    period = tensor.shape[axis]
    if period == 1:
        # NumPy extends a single element by its edge (2x - x is x).
        shape = list(tensor.shape)
        pieces = []
        for width in (before, after):
            shape[axis] = width
            pieces.append(_ops.broadcast_to(tensor, tuple(shape)))
        return _concat(current_graph(), [p for p in (pieces[0], tensor,
                                                     pieces[1])
                                         if p.shape[axis]], axis)
    while before > 0 or after > 0:
        length = tensor.shape[axis]
        if include_edge:
            usable, offset = length // period * period, 1
        else:
            usable = (length - 1) // (period - 1) * (period - 1)
            offset = 0
        if before > 0:
            count = builtins.min(usable, before)
            chunk = _slice_along(tensor, axis, count - offset,
                                 None if offset == 1 else 0, -1)
            edge = _slice_along(tensor, axis, 0, 1)
            chunk = _ops.subtract(_ops.multiply(edge, 2), chunk)
            tensor = _concat(current_graph(), [chunk, tensor], axis)
            before -= count
        if after > 0:
            count = builtins.min(usable, after)
            end = tensor.shape[axis]
            first = end - 2 + offset
            chunk = _slice_along(tensor, axis, first,
                                 first - count if first - count >= 0
                                 else None, -1)
            edge = _slice_along(tensor, axis, end - 1, end)
            chunk = _ops.subtract(_ops.multiply(edge, 2), chunk)
            tensor = _concat(current_graph(), [tensor, chunk], axis)
            after -= count
    return tensor
