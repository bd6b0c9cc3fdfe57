"""NumPy's in-place updates under a mask: putmask (values by position in the
array), place (values in the order of the masked elements) and copyto
(broadcast, cast by a casting rule). Each is one `ten.select` between the
array and the values laid out over it. A NumPy array is updated in place,
as NumPy's are; a traced value takes the result (value semantics)."""

import numpy as np

from ._jit import eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of, _kind


def _update(a, program, *args):
    """Gives `a` the value `program` (an eager function of `a` and `args`)
    computes: a traced value takes it, a NumPy array's elements are
    replaced."""
    if isinstance(a, Tensor):
        a.value = program(a, *args).value
        return None
    from ._scatter import _write_back

    _write_back(a, program, *args)
    return None


def _flat(graph, values):
    return _ops.reshape(_as_tensor(graph, values), (-1,))


def _mask_over(graph, mask, shape):
    """`mask` (of the array's size) as booleans of the array's `shape`."""
    return _ops.reshape(_ops.astype(_as_tensor(graph, mask), np.bool_),
                        shape)


def _same_size(a, mask, function):
    if int(np.prod(np.shape(mask), dtype=np.int64)) != int(
            np.prod(np.shape(a), dtype=np.int64)):
        raise ValueError(f"{function}: mask and data must be the same size")


@eager
def _putmask(a, mask, values):
    graph = _graph_of(a)
    mask = _mask_over(graph, mask, a.shape)
    values = _flat(graph, values)
    # a.flat[n] takes values[n % len(values)]: a constant gather.
    positions = np.arange(a.size, dtype=np.int64) % values.shape[0]
    from ._gather import take

    laid_out = _ops.reshape(_ops.astype(take(values, positions), a.dtype),
                            a.shape)
    return _ops.where(mask, laid_out, a)


def putmask(a, mask, values):
    """NumPy's putmask: a.flat[n] = values[n % len(values)] where
    mask.flat[n] holds (values cast as NumPy's putmask casts: unsafely);
    no values, no change."""
    _same_size(a, mask, "putmask")
    if np.size(values) == 0 and not isinstance(values, Tensor):
        return None
    return _update(a, _putmask, mask, values)


@eager
def _place(arr, mask, vals):
    graph = _graph_of(arr)
    mask = _mask_over(graph, mask, arr.shape)
    vals = _flat(graph, vals)
    # The k-th masked element takes vals[k % len(vals)].
    from ._gather import take
    from ._scans import cumsum

    order = _ops.subtract(
        cumsum(_ops.astype(_ops.reshape(mask, (-1,)), np.int64)), 1)

    chosen = take(_ops.astype(vals, arr.dtype),
                  _ops.remainder(_ops.maximum(order, 0),
                                 np.int64(vals.shape[0])))
    return _ops.where(mask, _ops.reshape(chosen, arr.shape), arr)


def place(arr, mask, vals):
    """NumPy's place: the elements of `arr` where `mask` holds take `vals`
    in order, repeated if shorter."""
    _same_size(arr, mask, "place")
    if np.size(vals) == 0 and not isinstance(vals, Tensor):
        if isinstance(mask, Tensor) or np.any(mask):
            raise ValueError("Cannot insert from an empty array!")
        return None
    return _update(arr, _place, mask, vals)


@eager
def _copyto(dst, src, where):
    graph = _graph_of(dst)
    src = _ops.broadcast_to(_ops.astype(_as_tensor(graph, src), dst.dtype),
                            dst.shape)
    if where is True:
        return src
    where = _ops.broadcast_to(
        _ops.astype(_as_tensor(graph, where), np.bool_), dst.shape)
    return _ops.where(where, src, dst)


def copyto(dst, src, casting="same_kind", where=True):
    """NumPy's copyto: `src` broadcast to `dst` and cast to its dtype under
    the rule `casting`, written where `where` holds."""
    if not any(isinstance(x, Tensor) for x in (dst, src, where)):
        np.copyto(dst, src, casting=casting, where=where)
        return None
    kind = _kind(src)
    source_dtype = kind if isinstance(kind, np.dtype) else np.result_type(
        kind(0))
    # Python numbers cast as NumPy 2 casts them: by kind, not by value.
    if isinstance(kind, np.dtype) and not np.can_cast(
            source_dtype, dst.dtype, casting=casting):
        raise TypeError(f"Cannot cast array data from {source_dtype!r} to "
                        f"{np.dtype(dst.dtype)!r} according to the rule "
                        f"{casting!r}")
    return _update(dst, _copyto, src, where)
