"""NumPy's index arithmetic and small array builders on traced values:
unravel_index and ravel_multi_index (flat positions to coordinates and
back, with NumPy's modes), choose, block, unstack, ix_ and fill_diagonal (in
place: the traced value takes the result), and NumPy's dtype queries
(result_type, promote_types, can_cast), which see only dtypes."""

import operator

import numpy as np

from ._trace import Tensor
from . import _ops


def _check_dims(dims):
    dims = tuple(operator.index(d) for d in np.atleast_1d(dims))
    if any(d < 0 for d in dims):
        raise ValueError("dimensions must be non-negative")
    return dims


def unravel_index(indices, shape, order="C"):
    """NumPy's unravel_index: the coordinates in an array of `shape` of the
    flat positions `indices` (row-major, or column-major with order='F').
    A position out of range is an error of the run (a checked take)."""
    from ._creation import arange
    from ._gather import take

    shape = _check_dims(shape)
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    if not isinstance(indices, Tensor):
        return np.unravel_index(indices, shape, order=order)
    if indices.dtype.kind not in "iu":
        raise TypeError("only int indices permitted")
    size = int(np.prod(shape, dtype=np.int64))
    # Raises, as NumPy does, where a position is out of range.
    positions = take(arange(max(size, 1), dtype=np.int64),
                     _ops.astype(indices, np.int64), mode="raise") \
        if size else _ops.astype(indices, np.int64)
    coordinates = []
    dims = shape if order == "C" else shape[::-1]
    for d in reversed(dims):
        coordinates.append(_ops.remainder(positions, d))
        positions = _ops.floor_divide(positions, d)
    coordinates.reverse()
    if order == "F":
        coordinates.reverse()
    return tuple(_ops.astype(c, np.intp) for c in coordinates)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """NumPy's ravel_multi_index: the flat positions of the coordinates
    `multi_index` in an array of `dims`; `mode` ('raise', 'wrap', 'clip', or
    one per dimension) says what a coordinate out of range does ('raise':
    an error of the run)."""
    from ._creation import arange
    from ._gather import take

    dims = _check_dims(dims)
    if not any(isinstance(c, Tensor) for c in multi_index):
        return np.ravel_multi_index(multi_index, dims, mode=mode, order=order)
    if len(multi_index) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of "
                         f"length {len(dims)}")
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    checked = []
    for coordinate, size, how in zip(multi_index, dims, modes):
        if how not in ("raise", "wrap", "clip"):
            raise ValueError(f"clipmode must be one of 'clip', 'raise', or "
                             f"'wrap' (got {how!r})")
        # The coordinate itself, taken from 0..size-1 by the mode.
        checked.append(take(arange(size, dtype=np.int64),
                            _ops.astype(coordinate, np.int64), mode=how))
    if order == "F":
        checked, dims = checked[::-1], dims[::-1]
    flat = checked[0]
    for coordinate, size in zip(checked[1:], dims[1:]):
        flat = _ops.add(_ops.multiply(flat, size), coordinate)
    return _ops.astype(flat, np.intp)


def choose(a, choices, out=None, mode="raise"):
    """NumPy's choose: each element from the choice its index in `a`
    names (the choices broadcast together with `a`); `mode` as take's for
    indices out of range."""
    from ._layout import broadcast_arrays
    from ._gather import take_along_axis
    from ._joins import stack

    if out is not None:
        raise TypeError("ten: choose does not write into `out`")
    if not isinstance(a, Tensor) and not any(isinstance(c, Tensor)
                                             for c in choices):
        return np.choose(a, choices, mode=mode)
    arrays = broadcast_arrays(a, *choices)
    index, options = arrays[0], stack(list(arrays[1:]))
    if np.dtype(index.dtype).kind not in "iub":
        raise TypeError("choose: the index array must be of integers")
    count = len(choices)
    index = _ops.astype(index, np.int64)
    if mode == "wrap":
        index = _ops.remainder(index, count)
    elif mode == "clip":
        from ._math import clip

        index = clip(index, 0, count - 1)
    elif mode == "raise":
        from ._creation import arange
        from ._gather import take

        index = take(arange(count, dtype=np.int64), index, mode="raise")
    else:
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or "
                         f"'wrap' (got {mode!r})")
    chosen = take_along_axis(options, _ops.reshape(index, (1,) + index.shape),
                             axis=0)
    return _ops.reshape(chosen, index.shape)


def block(arrays):
    """NumPy's block: nested lists of arrays joined along the last axes
    (the innermost lists along the last axis, the outer ones before)."""
    from ._joins import concatenate

    def depth(x):
        return 1 + depth(x[0]) if isinstance(x, list) and x else \
            (1 if isinstance(x, list) else 0)

    levels = depth(arrays)
    if levels == 0:
        # NumPy's block of one array (or number) is that array.
        return arrays if isinstance(arrays, Tensor) else np.asarray(arrays)
    ndim = max(levels, max(np.ndim(x) for x in _leaves(arrays)))

    def lift(x):
        return _ops.reshape(x, (1,) * (ndim - np.ndim(x)) + np.shape(x))

    def join(x, level):
        if not isinstance(x, list):
            return lift(x)
        return concatenate([join(item, level + 1) for item in x],
                           axis=ndim - levels + level)

    return join(arrays, 0)


def _leaves(x):
    if isinstance(x, list):
        for item in x:
            yield from _leaves(item)
    else:
        yield x


def unstack(x, *, axis=0):
    """NumPy 2's unstack: the slices of `x` along `axis`, as a tuple."""
    axis = _ops._normalize_axis(axis, np.ndim(x))
    index = [slice(None)] * np.ndim(x)
    slices = []
    for i in range(np.shape(x)[axis]):
        index[axis] = i
        slices.append(x[tuple(index)])
    return tuple(slices)


def fill_diagonal(a, val, wrap=False):
    """NumPy's fill_diagonal: the main diagonal of `a` (every axis the same
    size, or a tall matrix with `wrap`) set to `val` (repeated), in place: a
    traced value takes the result."""
    if not isinstance(a, Tensor):
        np.fill_diagonal(a, val, wrap=wrap)
        return None
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    shape = a.shape
    if a.ndim > 2 and len(set(shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    # NumPy's positions: every step of the flat array, to the end.
    if a.ndim == 2:
        step = shape[1] + 1
        end = a.size if wrap else shape[1] * shape[1]
    else:
        step = 1 + int(np.cumprod(shape[:-1]).sum())
        end = a.size
    positions = np.arange(0, min(end, a.size), step, dtype=np.int64)
    from ._scatter import put

    values = val if isinstance(val, Tensor) else np.asarray(val, a.dtype)
    put(a, positions, values, mode="raise")
    return None


result_type = np.result_type
promote_types = np.promote_types
can_cast = np.can_cast


def ix_(*args):
    """NumPy's ix_: each 1-d sequence as an index along its own axis, shaped
    to broadcast against the others (booleans: the positions where they
    hold)."""
    result = []
    for k, arg in enumerate(args):
        if isinstance(arg, Tensor):
            index = arg
        else:
            index = np.asarray(arg)
            if index.size == 0:
                index = index.astype(np.intp)
        if index.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if np.dtype(index.dtype) == np.bool_:
            from ._masks import nonzero

            index = (nonzero(index)[0] if isinstance(index, Tensor)
                     else index.nonzero()[0])
        shape = (1,) * k + (-1,) + (1,) * (len(args) - k - 1)
        result.append(_ops.reshape(index, shape) if isinstance(index, Tensor)
                      else index.reshape(shape))
    return tuple(result)
