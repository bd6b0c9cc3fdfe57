"""Choosing elements: NumPy's select (a chain of `ten.select`s), isin (a
`ten.searchsorted` of the elements in the sorted test values), extract and
compress (a `ten.take` at `ten.nonzero`'s positions: as many as the
condition holds), partition and argpartition (a `ten.partition`),
trim_zeros (a slice whose bounds the data give) and piecewise (a chain of
`ten.select`s)."""

import numpy as np

from ._jit import eager
from ._trace import Tensor, find_graph
from . import _ops
from ._ops import _as_tensor, _graph_of, _normalize_axis
from ._sorting import _lines_along


def select(condlist, choicelist, default=0):
    """NumPy's select: for each element, the choice of the first condition
    that holds, else `default`."""
    condlist, choicelist = list(condlist), list(choicelist)
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of "
                         "conditions")
    if not choicelist:
        raise ValueError("select with an empty condition list is not "
                         "possible")
    for index, condition in enumerate(condlist):
        dtype = (condition.dtype if isinstance(condition, Tensor)
                 else np.asarray(condition).dtype)
        if np.dtype(dtype) != np.bool_:
            raise TypeError(f"invalid entry {index} in condlist: should be "
                            f"boolean ndarray")
    return _select(len(condlist), *condlist, *choicelist, default)


@eager
def _select(count, *operands):
    conditions = operands[:count]
    choices = operands[count:2 * count]
    default = operands[2 * count]
    graph = _graph_of(*operands)
    dtype = _ops._common_dtype(tuple(_ops._kind(v) for v in (*choices, default)))
    result = _ops._lift(graph, default, dtype)
    for condition, choice in zip(reversed(conditions), reversed(choices)):
        result = _ops.where(condition, _ops._lift(graph, choice, dtype),
                            result)
    return result


@eager
def isin(element, test_elements, assume_unique=False, invert=False, *,
         kind=None):
    """NumPy's isin: whether each element of `element` is among
    `test_elements` (NaN never is): a binary search in the sorted test
    values."""
    graph = _graph_of(element, test_elements)
    dtype = _ops._common_dtype((_ops._kind(element), _ops._kind(test_elements)))
    element = _ops._lift(graph, element, dtype)
    tests = _ops.reshape(_ops._lift(graph, test_elements, dtype), (-1,))
    n = tests.shape[0]
    if n == 0:
        # Nothing to find: x < x is false for every element, NaN too.
        found = _ops.less(element, element)
    else:
        s = graph.apply("sort", tests.value, 0, False)[0]
        at = graph.apply("searchsorted", "left", s.value, element.value)
        near = graph.apply("take", "clip", s.value, at.value, 0)
        found = _ops.equal(near, element)
    if invert:
        from ._math import logical_not

        return logical_not(found)
    return found


@eager
def extract(condition, arr):
    """NumPy's extract: the elements of `arr` flattened where `condition`
    (flattened) is nonzero."""
    graph = _graph_of(condition, arr)
    condition = _ops.reshape(_as_tensor(graph, condition), (-1,))
    flat = _ops.reshape(_as_tensor(graph, arr), (-1,))
    if condition.shape[0] > flat.shape[0]:
        raise IndexError(f"index {flat.shape[0]} is out of bounds for axis 0 "
                         f"with size {flat.shape[0]}")
    positions = graph.apply("nonzero", condition.value)
    return graph.apply("take", "raise", flat.value, positions.value, 0)


@eager
def compress(condition, a, axis=None):
    """NumPy's compress: the slices of `a` along `axis` (the flattened
    array if None) where the 1-d `condition` is nonzero."""
    graph = _graph_of(condition, a)
    condition = _as_tensor(graph, condition)
    if condition.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    a = _as_tensor(graph, a)
    if axis is None:
        a = _ops.reshape(a, (-1,))
        axis = 0
    axis = _normalize_axis(axis, a.ndim)
    positions = graph.apply("nonzero", condition.value)
    # A condition longer than the axis is an error where it holds beyond it.
    return graph.apply("take", "raise", a.value, positions.value, axis)


def _kth_integers(kth, name):
    """NumPy's positions `kth` as a tuple of Python integers, with NumPy's
    errors for others; they must be known when tracing."""
    if isinstance(kth, Tensor):
        raise TypeError(f"ten.{name}: kth must be known when the program is "
                        f"traced (integers), not a traced value")
    positions = np.asarray(kth)
    if positions.dtype == np.bool_:
        raise ValueError("Booleans unacceptable as partition index")
    if positions.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    if positions.ndim > 1:
        raise ValueError("setting an array element with a sequence. The "
                         "requested array would exceed the maximum number "
                         "of dimension of 1.")
    return tuple(int(k) for k in positions.reshape(-1))


@eager(sequences=("kth",))
def _partition(a, kth, axis):
    """The values and indices of `ten.partition` of `a` along `axis` (the
    flattened array if None) about NumPy's positions `kth` (integers): each
    in [-n, n) for a line of n elements (unchecked where the array is
    empty, which has none to place)."""
    graph = _graph_of(a)
    a, axis = _lines_along(_as_tensor(graph, a), axis)
    positions = []
    if 0 not in a.shape:
        size = a.shape[axis]
        # NumPy counts a negative position from the end, then checks it.
        kth = [k + size if k < 0 else k for k in kth]
        for k in kth:
            if not 0 <= k < size:
                raise ValueError(f"kth(={k}) out of bounds ({size})")
        positions = sorted(set(kth))
    return graph.apply("partition", a.value, axis, positions, False)


def _check_selection(kind, order):
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got {kind!r})")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """NumPy's partition: a copy of `a` with the element that the sorted
    order puts at each position `kth` along `axis` (the flattened array if
    None) there, none before it larger and none after it smaller (NaN
    last). One `ten.partition`."""
    _check_selection(kind, order)
    return _partition(a, _kth_integers(kth, "partition"), axis)[0]


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """NumPy's argpartition: the indices that partition `a` (see
    partition); at each `kth` position, the index that a stable argsort
    puts there."""
    _check_selection(kind, order)
    return _partition(a, _kth_integers(kth, "argpartition"), axis)[1]


@eager
def trim_zeros(filt, trim="fb", axis=None):
    """`filt` without its leading (`"f"` in `trim`) and trailing (`"b"`)
    zeros along `axis` (every axis by default): the slices that are zero
    throughout, as NumPy's trim_zeros. The result's sizes are the data's:
    known when the program runs."""
    graph = _graph_of(filt)
    filt = _as_tensor(graph, filt)
    if not isinstance(trim, str) or trim.lower() not in ("f", "b", "fb",
                                                          "bf"):
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    trim = trim.lower()
    if filt.ndim == 0:
        return filt
    if axis is None:
        axes = range(filt.ndim)
    elif isinstance(axis, (tuple, list)):
        axes = sorted({_normalize_axis(a, filt.ndim) for a in axis})
    else:
        axes = [_normalize_axis(axis, filt.ndim)]
    bounds = [slice(None)] * filt.ndim
    if any(size == 0 for size in filt.shape):
        # Empty: no element is nonzero (and argmax would have no answer).
        for dim in axes:
            bounds[dim] = slice(0, 0)
        return filt[tuple(bounds)]
    nonzero = _ops.not_equal(filt, 0)
    anywhere = _ops.any(nonzero)
    for dim in axes:
        others = tuple(d for d in range(filt.ndim) if d != dim)
        along = _ops.any(nonzero, axis=others) if others else nonzero
        length = filt.shape[dim]
        # All zero: nothing is left along any trimmed axis, as in NumPy.
        start = (_ops.where(anywhere, _ops.argmax(along), 0) if "f" in trim
                 else 0)
        stop = (_ops.where(anywhere,
                           _ops.subtract(length,
                                         _ops.argmax(along[::-1])), 0)
                if "b" in trim else _ops.where(anywhere, length, 0))
        bounds[dim] = slice(start, stop)
    return filt[tuple(bounds)]


def piecewise(x, condlist, funclist, *args, **kw):
    """NumPy's piecewise: where each condition holds, its function of `x`
    (or its value), later conditions taking precedence; with one function
    more than conditions, the last where none holds; 0 elsewhere; in `x`'s
    dtype. On traced values each function is applied to the whole of `x`
    and its result selected where its condition holds, which is NumPy's
    result for the elementwise functions piecewise is meant for (NumPy
    calls each on the elements its condition selects)."""
    conditions = condlist if isinstance(condlist, (list, tuple)) else []
    graph = find_graph([x, condlist, *conditions])
    if graph is None:
        return np.piecewise(x, condlist, funclist, *args, **kw)
    x = _as_tensor(graph, x)
    if isinstance(condlist, Tensor) or np.isscalar(condlist) or (
            not isinstance(condlist[0], (list, np.ndarray, Tensor))
            and x.ndim != 0):
        condlist = [condlist]
    conditions = [_ops.broadcast_to(
        _ops.astype(_as_tensor(graph, c), np.bool_), x.shape)
        for c in condlist]
    if len(conditions) == len(funclist) - 1:
        from ._math import logical_not, logical_or

        anywhere = conditions[0]
        for condition in conditions[1:]:
            anywhere = logical_or(anywhere, condition)
        conditions.append(logical_not(anywhere))
    elif len(conditions) != len(funclist):
        n = len(conditions)
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} "
                         f"functions are expected")
    from ._creation import zeros_like

    result = zeros_like(x)
    for condition, function in zip(conditions, funclist):
        value = function(x, *args, **kw) if callable(function) else function
        value = _ops.astype(_as_tensor(graph, value), x.dtype)
        result = _ops.where(condition, value, result)
    return result
