"""Scattering: NumPy's assignments through index arrays (`x[i] = v`,
`x[i, j] = v`, constant boolean masks) and the ufuncs' `at` (`ten.add.at`,
and `np.add.at` on a traced value), each one `ten.scatter` into the
elements that advanced indexing selects (_gather.advanced_plan). An index
out of range is an error of the run, as NumPy raises IndexError.

Traced values have value semantics: an assignment or an `at` rebinds the
traced value to the updated array. `ten.add.at` on a NumPy array updates
it in place, as NumPy's does.

Assignments through a traced boolean mask are _masks.py's."""

import operator

import numpy as np

from ._jit import eager
from ._trace import Tensor
from . import _ops

# NumPy's ufuncs that have an `at` here, and the ten.scatter kind of each
# (subtract adds the negated values).
_AT_KINDS = {
    "add": "add",
    "subtract": "add",
    "multiply": "mul",
    "maximum": "max",
    "minimum": "min",
}


def advanced_update(tensor, index, value, kind):
    """Rebinds `tensor` to its value with the elements `tensor[index]`
    selects (`index` has index arrays) combined with `value` by `kind`, a
    ten.scatter kind: `assign` (the last of repeated indices wins) or an
    accumulation over every one (`add`, `mul`, `max`, `min`)."""
    from ._indexing import assigned_value, setitem

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


def _at_update(name, a, indices, b):
    """The traced `a` after NumPy's `numpy.<name>.at(a, indices, b)`."""
    from ._gather import is_advanced
    from ._indexing import getitem, setitem

    ufunc = getattr(_ops, name)
    if b is None:
        raise TypeError(f"{name}.at() requires the value operand b: "
                        f"{name} takes two inputs")
    if name == "subtract":
        if a.dtype == np.bool_:
            raise TypeError("numpy boolean subtract, the `-` operator, is not "
                            "supported, use the bitwise_xor, the `^` "
                            "operator, or the logical_xor function instead.")
        b = _ops.negative(_ops._as_tensor(a.graph, b)
                          if not isinstance(b, Tensor) else b)
    items = indices if isinstance(indices, tuple) else (indices,)
    if not any(is_advanced(item) for item in items):
        # Basic indices select each element once: read, combine, write.
        selected = getitem(a, indices)
        combined = ufunc(selected, b) if name != "subtract" else _ops.add(
            selected, b)
        setitem(a, indices, combined)
        return
    advanced_update(a, indices, b, _AT_KINDS[name])


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
def _at_program(name, spec, a, b, *arrays):
    from ._trace import Tensor as _Tensor

    if not isinstance(a, _Tensor):
        a = _ops._as_tensor(_ops._graph_of(a, b, *arrays), a)
    _at_update(name, a, _decode_index(spec, list(arrays)), b)
    return a


def _make_at(name):
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
        if b is None:
            raise TypeError(f"{name}.at() requires the value operand b: "
                            f"{name} takes two inputs")
        spec, arrays = _encode_index(indices)
        if isinstance(b, (list, tuple)):
            b = np.asarray(b)
        result = _at_program(name, spec, a, b, *arrays)
        np.copyto(a, result, casting="unsafe")
        return None

    at.__name__ = at.__qualname__ = "at"
    at.__doc__ = (f"NumPy's `{name}.at(a, indices, b)`: every element that "
                  f"`a[indices]` selects combined with `b` by {name}, once "
                  f"for each time an index selects it (repeated indices "
                  f"accumulate). Updates a NumPy array in place; a traced "
                  f"value takes the result.")
    return at


def ufunc_at(name):
    """The `at` of NumPy's ufunc `name`, or None if ten has none."""
    return _make_at(name) if name in _AT_KINDS else None


for _name in _AT_KINDS:
    getattr(_ops, _name).at = _make_at(_name)
del _name
