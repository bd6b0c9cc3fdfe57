"""Scattering: NumPy's assignments through index arrays (`x[i] = v`,
`x[i, j] = v`, constant boolean masks) and the ufuncs' `at` (`ten.add.at`,
and `np.add.at` on a traced value), each one `ten.scatter` into the
elements that advanced indexing selects (_gather.advanced_plan). An index
out of range is an error of the run, as NumPy raises IndexError.

Traced values have value semantics: an assignment or an `at` rebinds the
traced value to the updated array. `ten.add.at` on a NumPy array updates
it in place, as NumPy's does.

Assignments through a traced boolean mask are _masks.py's."""

import math
import operator

import numpy as np

from ._jit import eager
from ._trace import Tensor
from . import _ops

# NumPy's ufuncs whose `at` is one ten.scatter, and its kind (subtract adds
# the negated values).
_AT_KINDS = {
    "add": "add",
    "subtract": "add",
    "multiply": "mul",
    "maximum": "max",
    "minimum": "min",
}
# The ufuncs whose repeated application at an element folds into one from
# the updates there gathered by scatters (_folded_at), exactly: or, and and
# parity of truth values, the largest non-NaN update, the last update's
# sign, the sum of shifts; and the unary ones whose repetitions are one
# application (idempotent) or an even number none (involutions).
_FOLDED_AT = ("logical_or", "logical_and", "logical_xor", "fmax", "fmin",
              "copysign", "left_shift", "right_shift", "bitwise_left_shift",
              "bitwise_right_shift")
_IDEMPOTENT_AT = ("abs", "absolute", "fabs", "floor", "ceil", "trunc",
                  "rint", "positive", "sign")
_INVOLUTION_AT = ("negative", "conjugate", "conj", "invert", "bitwise_not",
                  "bitwise_invert", "logical_not")


def advanced_update(tensor, index, value, kind):
    """Rebinds `tensor` to its value with the elements `tensor[index]`
    selects (`index` has index arrays) combined with `value` by `kind`, a
    ten.scatter kind: `assign` (the last of repeated indices wins) or an
    accumulation over every one (`add`, `mul`, `max`, `min`)."""
    from ._indexing import (assigned_value, broadcast_at_run_time,
                            converted_value, setitem)

    from ._masks import is_traced_mask, masked_setitem

    if is_traced_mask(index) and kind == "assign":
        masked_setitem(tensor, index, value)
        return
    from ._gather import advanced_plan

    basic, order, sliced, first, merged, linear, _ = advanced_plan(tensor, index)
    selected = merged.shape[:first] + linear.shape + merged.shape[first + 1:]
    # NumPy's message for a value that does not fit the selection.
    value_shape = value.shape if isinstance(value, Tensor) else np.shape(value)
    try:
        if any(size < 0 for size in selected):
            # Broadcast when the program runs, to the elements selected.
            updates = broadcast_at_run_time(
                converted_value(tensor, value, len(selected)), selected,
                lambda: tensor.graph.apply("take", "clip", merged.value,
                                           linear.value, first))
        else:
            updates = assigned_value(tensor, value, selected)
    except ValueError:
        raise ValueError(
            f"shape mismatch: value array of shape {tuple(value_shape)} could "
            f"not be broadcast to indexing result of shape {selected}") from None
    result = tensor.graph.apply("scatter", kind, merged.value, linear.value,
                                updates.value, first)
    if result.shape != sliced.shape:
        result = _ops.reshape(result, sliced.shape)
    if order != list(range(len(order))):
        result = _ops.transpose(result, tuple(int(d) for d in np.argsort(order)))
    setitem(tensor, basic, result)


def _is_unary(name):
    return getattr(np, name).nin == 1


def _check_operand_count(name, b):
    """NumPy's errors for a missing or extra operand of `name`.at."""
    if _is_unary(name) and b is not None:
        raise ValueError("second operand provided when ufunc is unary")
    if not _is_unary(name) and b is None:
        raise ValueError("second operand needed for ufunc")


def _scattered(a, indices, values, kind, initial, dtype):
    """An array of `a`'s shape and `dtype`, `initial` everywhere, with
    `values` scattered by `kind` at `a[indices]`."""
    import ten as _ten

    helper = _ten.full_like(a, initial, dtype=dtype)
    advanced_update(helper, indices, values, kind)
    return helper


def _folded_at(name, a, indices, b):
    """`a` after `name`.at with index arrays that may repeat: the updates at
    each element folded by scatters into what applying `name` once per
    update, in order, gives (_FOLDED_AT, _IDEMPOTENT_AT, _INVOLUTION_AT)."""
    import ten as _ten

    ufunc = getattr(_ten, name)
    if _is_unary(name):
        # How often each element is selected.
        count = _scattered(a, indices, np.int64(1), "add", 0, np.int64)
        once = ufunc(a)
        if name in _IDEMPOTENT_AT:
            return _ten.where(_ops.greater(count, 0), once, a)
        odd = _ops.equal(_ten.remainder(count, 2), 1)
        if name == "logical_not":
            # Twice is the truth value of a, not a.
            twice = _ops.not_equal(a, 0)
            return _ten.where(_ops.equal(count, 0), a,
                              _ten.where(odd, once, twice))
        return _ten.where(odd, once, a)
    b = b if isinstance(b, Tensor) else _ops._as_tensor(a.graph, b)
    touched = _scattered(a, indices, True, "assign", False, np.bool_)
    if name in ("logical_or", "logical_and", "logical_xor"):
        truth = _ops.not_equal(b, 0)
        if name == "logical_xor":
            flips = _scattered(a, indices, _ops.astype(truth, np.int64),
                               "add", 0, np.int64)
            combined = _ten.logical_xor(a, _ops.equal(
                _ten.remainder(flips, 2), 1))
        else:
            folded = _scattered(a, indices, truth,
                                "add" if name == "logical_or" else "mul",
                                name == "logical_and", np.bool_)
            combined = ufunc(a, folded)
        return _ten.where(touched, combined, a)
    if name in ("fmax", "fmin"):
        dtype = np.result_type(a.dtype, b.dtype)
        kind = "max" if name == "fmax" else "min"
        if dtype.kind not in "fc":
            # No NaN: maximum and minimum.
            folded = _ten.array(a, dtype=dtype)
            advanced_update(folded, indices, b, kind)
            return folded
        numbers = _ten.logical_not(_ten.isnan(b))
        extreme = -np.inf if name == "fmax" else np.inf
        folded = _scattered(a, indices, _ten.where(numbers, b, extreme),
                            kind, extreme, dtype)
        counted = _scattered(a, indices, _ops.astype(numbers, np.int64),
                             "add", 0, np.int64)
        return _ten.where(_ops.greater(counted, 0), ufunc(a, folded), a)
    if name == "copysign":
        # The last update's sign; elsewhere a's own.
        signs = _ten.array(a, dtype=np.result_type(a.dtype, b.dtype))
        advanced_update(signs, indices, b, "assign")
        return _ten.where(touched, ufunc(a, signs), a)
    # Shifts: by the sum of the shifts at each element (a shift past the
    # width gives 0, or -1 for a negative number shifted right, however it
    # is reached).
    total = _scattered(a, indices, b, "add", 0,
                       np.result_type(a.dtype, b.dtype))
    return _ten.where(touched, ufunc(a, total), a)


def _at_update(name, a, indices, b, selects_once=False):
    """The traced `a` after NumPy's `numpy.<name>.at(a, indices, b)`;
    `selects_once` where the indices are known to select no element twice
    (then any ufunc reads, applies and writes)."""
    from ._gather import is_advanced
    from ._indexing import getitem, setitem

    import ten as _ten

    ufunc = getattr(_ten, name)
    _check_operand_count(name, b)
    if name == "subtract":
        if a.dtype == np.bool_:
            raise TypeError("numpy boolean subtract, the `-` operator, is not "
                            "supported, use the bitwise_xor, the `^` "
                            "operator, or the logical_xor function instead.")
        b = _ops.negative(_ops._as_tensor(a.graph, b)
                          if not isinstance(b, Tensor) else b)
    from ._masks import is_traced_mask

    items = indices if isinstance(indices, tuple) else (indices,)
    advanced = [item for item in items if is_advanced(item)]
    constant_mask = (len(advanced) == 1 and isinstance(advanced[0],
                                                        np.ndarray)
                     and advanced[0].dtype == np.bool_)
    if (is_traced_mask(indices) or not advanced or constant_mask
            or selects_once):
        # Basic indices and a mask select each element once: read, combine,
        # write.
        selected = getitem(a, indices)
        if _is_unary(name):
            combined = ufunc(selected)
        elif name == "subtract":
            combined = _ops.add(selected, b)
        else:
            combined = ufunc(selected, b)
        setitem(a, indices, combined)
        return
    if name in _AT_KINDS:
        advanced_update(a, indices, b, _AT_KINDS[name])
        return
    if name not in _FOLDED_AT + _IDEMPOTENT_AT + _INVOLUTION_AT:
        raise NotImplementedError(
            f"ten.{name}.at with index arrays: an element selected more "
            f"than once takes {name} once per selection, in order, which "
            f"ten computes for {', '.join(sorted(_at_with_index_arrays()))}; "
            f"basic indices and boolean masks take every ufunc")
    folded = _folded_at(name, a, indices, b)
    a.value = _ops.astype(folded, a.dtype).value


def _encode_index(indices):
    """`indices` as a hashable description with its arrays apart (NumPy's
    boolean masks as their nonzero positions): the arguments of one
    compiled `at`."""
    items = indices if isinstance(indices, tuple) else (indices,)
    spec, arrays = [], []
    for item in items:
        if item is None or item is Ellipsis:
            spec.append(item)
        elif isinstance(item, slice):
            spec.append(("slice", item.start, item.stop, item.step))
        elif isinstance(item, (int, np.integer)) and not isinstance(
                item, (bool, np.bool_)):
            spec.append(("int", operator.index(item)))
        else:
            array = np.asarray(item)
            if array.dtype == np.bool_ and array.ndim > 0:
                for positions in np.nonzero(array):
                    spec.append(("array", len(arrays)))
                    arrays.append(positions)
                continue
            if array.size == 0:
                array = array.astype(np.int64)
            spec.append(("array", len(arrays)))
            arrays.append(array)
    return tuple(spec), arrays


def _decode_index(spec, arrays):
    items = []
    for item in spec:
        if item is None or item is Ellipsis:
            items.append(item)
        elif item[0] == "slice":
            items.append(slice(*item[1:]))
        elif item[0] == "int":
            items.append(item[1])
        else:
            items.append(arrays[item[1]])
    return tuple(items)


@eager
def _at_program(name, spec, selects_once, a, b, *arrays):
    from ._trace import Tensor as _Tensor

    if not isinstance(a, _Tensor):
        a = _ops._as_tensor(_ops._graph_of(a, b, *arrays), a)
    _at_update(name, a, _decode_index(spec, list(arrays)), b, selects_once)
    return a


# The largest array whose selections _selects_once checks (it numbers every
# element: 32 MiB of positions).
_MOST_CHECKED_ELEMENTS = 1 << 22


def _selects_once(name, shape, indices):
    """Whether NumPy's `indices` into an array of `shape` are known to
    select no element twice, for a ufunc whose repeated selections one
    scatter does not combine (an out-of-range index is the compiled
    program's error)."""
    if name in _AT_KINDS or math.prod(shape) > _MOST_CHECKED_ELEMENTS:
        return False
    try:
        positions = np.arange(math.prod(shape)).reshape(shape)[indices]
    except (IndexError, ValueError, TypeError):
        return False
    return np.unique(positions).size == positions.size


def make_at(name):
    def at(a, indices, b=None):
        if isinstance(a, Tensor):
            _at_update(name, a, indices, b)
            return None
        if not isinstance(a, np.ndarray):
            raise TypeError(f"{name}.at() updates an array in place: its first "
                            f"operand must be a NumPy array or a traced value, "
                            f"not {type(a).__name__}")
        if not a.flags.writeable:
            raise ValueError("output array is read-only")
        _check_operand_count(name, b)
        spec, arrays = _encode_index(indices)
        if isinstance(b, (list, tuple)):
            b = np.asarray(b)
        result = _at_program(name, spec, _selects_once(name, a.shape, indices),
                             a, b, *arrays)
        np.copyto(a, result, casting="unsafe")
        return None

    at.__name__ = at.__qualname__ = "at"
    operands = "a, indices" if _is_unary(name) else "a, indices, b"
    at.__doc__ = (f"NumPy's `{name}.at({operands})`: "
                  f"{name} applied to every element that `a[indices]` "
                  f"selects, once for each time an index selects it "
                  f"(repeated indices apply it again). Updates a NumPy "
                  f"array in place; a traced value takes the result.")
    return at


def _index_array(indices):
    """`indices` as a NumPy array, an empty one as int64 (NumPy reads `[]`
    as float64, which is no index type)."""
    array = np.asarray(indices)
    return array.astype(np.int64) if array.size == 0 else array


def _write_back(a, program, *args):
    """Runs the eager `program` on the NumPy array `a` and `args`, and
    copies its result into `a`, as NumPy's in-place functions update it."""
    if not isinstance(a, np.ndarray):
        raise TypeError(f"the array to update must be a NumPy array or a "
                        f"traced value, not {type(a).__name__}")
    if not a.flags.writeable:
        raise ValueError("assignment destination is read-only")
    np.copyto(a, program(a, *args), casting="unsafe")


def _put_along_axis_update(arr, indices, values, axis):
    from ._gather import along_axis_positions
    from ._indexing import assigned_value

    graph = arr.graph
    flat, linear = along_axis_positions(graph, arr, indices, axis)
    if flat.shape[0] != int(np.prod(arr.shape, dtype=np.int64)):
        raise ValueError(
            f"shape mismatch: indices of shape "
            f"{tuple(np.shape(indices))} do not broadcast to the array's "
            f"shape {arr.shape} along the other axes")
    updates = assigned_value(arr, values, linear.shape)
    flat_linear = _ops.reshape(linear, (-1,))
    flat_updates = _ops.reshape(updates, (-1,))
    result = graph.apply("scatter", "assign", flat.value, flat_linear.value,
                         flat_updates.value, 0)
    arr.value = _ops.reshape(result, arr.shape).value


@eager
def _put_along_axis_program(arr, indices, values, axis):
    _put_along_axis_update(arr, indices, values, axis)
    return arr


def put_along_axis(arr, indices, values, axis):
    """NumPy's put_along_axis: `values` (broadcast to the indices) written
    into `arr` at `indices` along `axis` (the pairing of take_along_axis;
    the last of repeated indices wins). Updates a NumPy array in place; a
    traced value takes the result."""
    if isinstance(arr, Tensor):
        if not isinstance(values, Tensor) and isinstance(values, (list, tuple)):
            values = np.asarray(values)
        _put_along_axis_update(arr, indices, values, axis)
        return None
    _write_back(arr, _put_along_axis_program, _index_array(indices),
                np.asarray(values), axis)
    return None


def _put_update(a, ind, v, mode):
    from ._creation import _iota
    from ._gather import _index_tensor, _take
    from ._indexing import assigned_value

    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or "
                         f"'wrap' (got {mode!r})")
    graph = a.graph
    size = int(np.prod(a.shape, dtype=np.int64))
    flat = _ops.reshape(a, (size,))
    positions = _ops.reshape(_index_tensor(graph, ind), (-1,))
    count = positions.shape[0]
    values = v if isinstance(v, Tensor) else graph.constant(np.asarray(v))
    values = _ops.reshape(values, (-1,))
    if count == 0 or values.shape[0] == 0:
        return  # NumPy writes nothing
    if mode != "raise":
        # Brought into range as take's mode does: positions of positions.
        positions = _take(graph, _iota((size,), 0, np.int64), positions, 0,
                          mode)
    if values.shape[0] != count:
        # NumPy repeats the values over the indices.
        values = _take(graph, values, _iota((count,), 0, np.int64), 0, "wrap")
    values = assigned_value(a, values, (count,))
    result = graph.apply("scatter", "assign", flat.value, positions.value,
                         values.value, 0)
    a.value = _ops.reshape(result, a.shape).value


@eager
def _put_program(a, ind, v, mode):
    _put_update(a, ind, v, mode)
    return a


def put(a, ind, v, mode="raise"):
    """NumPy's put: the elements of `a` flattened at `ind` replaced by `v`
    (repeated if shorter); `mode` as take's. Updates a NumPy array in
    place; a traced value takes the result."""
    if isinstance(a, Tensor):
        _put_update(a, ind, v, mode)
        return None
    _write_back(a, _put_program, _index_array(ind), np.asarray(v), mode)
    return None


def _at_with_index_arrays():
    return (*_AT_KINDS, *_FOLDED_AT, *_IDEMPOTENT_AT, *_INVOLUTION_AT)


def ufunc_at(name):
    """The `at` of NumPy's ufunc `name`, or None if ten has none."""
    ufunc = getattr(np, name, None)
    if not isinstance(ufunc, np.ufunc) or ufunc.nout != 1:
        return None
    return make_at(name)


def refuse_at(name):
    """NumPy's error for `at` of a ufunc of several results."""
    def at(*args, **kwargs):
        raise ValueError("Only single output ufuncs supported at this time")

    at.__name__ = at.__qualname__ = "at"
    return at
