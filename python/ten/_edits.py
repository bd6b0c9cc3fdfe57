"""NumPy's delete, insert and resize, as one `ten.take` each. What these
functions move where depends only on shapes and on their static arguments
(the positions, the new shape), never on the data: NumPy's own function,
run on the host over arrays of element numbers instead of the data, gives
for each element of the result the number of the element it comes from,
with NumPy's broadcasting rules, bounds checks and messages. The program
then reads the data at those numbers."""

import operator

import numpy as np

from ._jit import eager
from ._numeric import _dtype_of
from ._numpy_api import shape, size
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of


def _numbers(dims, first=0):
    """The element numbers first, first + 1, ... of an array of shape
    `dims`."""
    count = int(np.prod(dims, dtype=np.int64))
    return np.arange(first, first + count, dtype=np.int64).reshape(dims)


def _static_positions(function, obj):
    if isinstance(obj, Tensor):
        raise NotImplementedError(
            f"ten.{function}: traced positions are not supported (where the "
            f"elements go would be known only when the program runs); pass "
            f"them as an int, a slice or a NumPy array")
    return obj


@eager
def _read(numbers, *sources, dtype):
    """The elements of the arrays `sources` (flattened and joined) at
    `numbers`, as `dtype`."""
    graph = _graph_of(numbers, *sources)
    flat = [_ops.reshape(_ops.astype(_as_tensor(graph, s), dtype), (-1,))
            for s in sources]
    joined = flat[0] if len(flat) == 1 else graph.apply(
        "concat", [f.value for f in flat], 0)
    numbers = _as_tensor(graph, numbers)
    return graph.apply("take", "clip", joined.value, numbers.value, 0)


def _gathered(sources, numbers, dtype):
    """The result whose element i is element numbers[i] of `sources`
    flattened and joined."""
    if numbers.size == 0:
        from ._creation import zeros

        return zeros(numbers.shape, dtype=dtype)
    # An empty source holds no element numbers: the others' stay valid.
    sources = [s if isinstance(s, Tensor) else np.asarray(s)
               for s in sources if size(s) != 0]
    return _read(numbers, *sources, dtype=np.dtype(dtype))


def delete(arr, obj, axis=None):
    """NumPy's delete: `arr` without the sub-arrays at `obj` (an int, a
    slice, a sequence of ints or a boolean mask) along `axis` (the
    flattened array when None)."""
    obj = _static_positions("delete", obj)
    numbers = np.delete(_numbers(shape(arr)), obj, axis=axis)
    return _gathered([arr], numbers, _dtype_of(arr))


def insert(arr, obj, values, axis=None):
    """NumPy's insert: `values` (broadcast and converted to `arr`'s dtype
    as NumPy does) inserted before the positions `obj` along `axis` (the
    flattened array when None)."""
    obj = _static_positions("insert", obj)
    arr_numbers = _numbers(shape(arr))
    value_numbers = _numbers(shape(values), arr_numbers.size)
    numbers = np.insert(arr_numbers, obj, value_numbers, axis=axis)
    return _gathered([arr, values], numbers, _dtype_of(arr))


def resize(a, new_shape):
    """NumPy's resize: `a` flattened, repeated (or cut) to fill
    `new_shape`; zeros where `a` is empty."""
    if isinstance(new_shape, (int, np.integer)):
        new_shape = (new_shape,)
    new_shape = tuple(operator.index(n) for n in new_shape)
    for n in new_shape:
        if n < 0:
            raise ValueError("all elements of `new_shape` must be "
                             "non-negative")
    if size(a) == 0:
        from ._creation import zeros

        return zeros(new_shape, dtype=_dtype_of(a))
    numbers = np.resize(_numbers(shape(a)), new_shape)
    return _gathered([a], numbers, _dtype_of(a))
