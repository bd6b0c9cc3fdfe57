"""NumPy's `reduce`, `accumulate` and `reduceat` for the binary ufuncs that
have no reduction or scan of their own in ten (fmax, bitwise_or, gcd,
logaddexp, subtract, divide, ...), composed of the elementwise function.

NumPy folds from the left: x0 op x1 op x2 ... . A ufunc NumPy calls
reorderable (associative and commutative: bitwise_or, fmax, hypot, ...)
is folded as a tree of pairs of neighbours, log2(n) elementwise steps.
subtract and divide fold through their partners: x0 - (x1 + x2 + ...)
and x0 / (x1 x2 ...), equal in exact arithmetic (and in integers, which
wrap), a rounding apart in floats. Any other (power, arctan2, fmod, ...)
folds strictly from the left, one step per element, as NumPy computes it:
at most SEQUENTIAL_LIMIT of them, since each is an op of the program.
Those over one axis only, as NumPy allows. Accumulations are prefix folds
of the same kinds (Hillis and Steele's doubling for the reorderable
ones).

The loop's dtype is NumPy's (`ufunc.resolve_dtypes(..., reduction=True)`,
so are its errors); the reduced sizes must be known when tracing."""

import builtins

import numpy as np

from ._jit import eager
from ._numpy_api import _namespace
from ._trace import Tensor

# NumPy's reorderable binary ufuncs: several axes at once, in any order.
REORDERABLE = frozenset({
    "add", "multiply", "bitwise_and", "bitwise_or", "bitwise_xor", "fmax",
    "fmin", "gcd", "hypot", "logaddexp", "logaddexp2", "logical_and",
    "logical_or", "logical_xor", "maximum", "minimum"})


def loop_dtype(ufunc, array_dtype, dtype):
    """The dtype NumPy reduces `array_dtype` in with `ufunc` (`dtype` if
    given): its operands and its result."""
    # With `dtype`, the array is cast to it (unsafely, as NumPy does).
    operand = np.dtype(array_dtype if dtype is None else dtype)
    given = None if dtype is None else operand
    return ufunc.resolve_dtypes((given, operand, None), reduction=True)[0]


def _normalized_axes(ufunc, axis, ndim):
    if axis is None:
        axes = tuple(range(ndim))
    elif isinstance(axis, tuple):
        axes = axis
    else:
        axes = (axis,)
    normalized = []
    for dim in axes:
        dim = int(dim)
        if not -ndim <= dim < builtins.max(ndim, 1) or (ndim == 0 and dim):
            raise np.exceptions.AxisError(dim, ndim)
        normalized.append(dim % ndim if ndim else 0)
    if len(set(normalized)) != len(normalized):
        raise ValueError("duplicate value in 'axis'")
    if len(normalized) > 1 and ufunc.__name__ not in REORDERABLE:
        raise ValueError(f"reduction operation '{ufunc.__name__}' is not "
                         "reorderable, so at most one axis may be specified")
    return tuple(normalized) if ndim else ()


def _along_axis(ufunc, array, axis, dtype, scalar_error, to):
    """`array` in the loop's dtype with `axis` moved to position `to`, the
    axis, and the loop's dtype: accumulate's and reduceat's operand."""
    ten = _namespace()
    x = ten.asarray(array)
    if x.ndim == 0:
        raise TypeError(scalar_error)
    (axis,) = _normalized_axes(ufunc, axis, x.ndim)
    loop = loop_dtype(ufunc, x.dtype, dtype)
    return ten.moveaxis(ten.astype(x, loop), axis, to), axis, loop


def _static_size(x, dims, what):
    size = 1
    for dim in dims:
        if x.shape[dim] < 0:
            raise NotImplementedError(
                f"{what} over a dimension known only when the program runs")
        size *= x.shape[dim]
    return size


# subtract and divide fold the elements after the first with a reorderable
# partner (its name, and its identity for masked elements).
_PARTNERS = {"subtract": ("add", 0), "divide": ("multiply", 1),
             "true_divide": ("multiply", 1)}

# The longest strictly sequential fold: one elementwise op per element.
SEQUENTIAL_LIMIT = 1024

# The reorderable ufuncs with no identity whose fold takes an element
# twice as once (op(x, x) is x up to sign): masked elements may be
# `initial`.
_IDEMPOTENT = frozenset({"fmax", "fmin", "maximum", "minimum"})


def _tree_fold_last(function, x):
    """`x` (..., n), n > 0, folded along its last axis as a tree of pairs
    of neighbours (their order kept)."""
    ten = _namespace()
    n = x.shape[-1]
    while n > 1:
        pairs = n // 2
        combined = function(x[..., 0:2 * pairs:2], x[..., 1:2 * pairs:2])
        if n % 2:
            combined = ten.concatenate([combined, x[..., 2 * pairs:]], -1)
        x, n = combined, pairs + n % 2
    return x[..., 0]


def _sequential(name, n):
    if n > SEQUENTIAL_LIMIT:
        raise NotImplementedError(
            f"{name}'s fold is computed one element at a time, one op of the "
            f"program each: at most {SEQUENTIAL_LIMIT} elements, not {n}")


def _fold_last(name, function, x, start, mask):
    """`x` (..., n), n > 0, folded along its last axis into (...): from
    `start` (None: from x[..., 0]), over the elements `mask` selects (None:
    all; given only to a sequential fold)."""
    ten = _namespace()
    n = x.shape[-1]
    if name in REORDERABLE:
        result = _tree_fold_last(function, x)
        return result if start is None else function(start, result)
    if name in _PARTNERS:
        partner = getattr(ten, _PARTNERS[name][0])
        if start is None:
            if n == 1:
                return x[..., 0]
            start, x = x[..., 0], x[..., 1:]
        return function(start, _tree_fold_last(partner, x))
    _sequential(name, n)
    result, first = (x[..., 0], 1) if start is None else (start, 0)
    for k in range(first, n):
        step = function(result, x[..., k])
        result = step if mask is None else ten.where(mask[..., k], step,
                                                     result)
    return result


def _identity(ufunc, dtype):
    identity = ufunc.identity
    if ufunc.__name__ == "bitwise_and" and dtype.kind == "u":
        identity = np.iinfo(dtype).max  # -1 in the unsigned dtype
    return np.asarray(identity).astype(dtype)


def _in_loop(ten, value, loop):
    """A value given beside the array (`initial`) in the loop's dtype."""
    if isinstance(value, Tensor):
        return ten.astype(value, loop)
    return np.asarray(value).astype(loop)


def reduce_with(function, ufunc):
    """ufunc.reduce for `ufunc`, folding with `function`, its ten
    counterpart."""
    name = ufunc.__name__

    @eager(sequences=("axis",))
    def fold(array, axis, dtype, keepdims, initial, where):
        ten = _namespace()
        x = ten.asarray(array)
        loop = loop_dtype(ufunc, x.dtype, dtype)
        axes = _normalized_axes(ufunc, axis, x.ndim)
        x = ten.astype(x, loop)
        start = None if initial is None else _in_loop(ten, initial, loop)
        mask = None
        if where is not True:
            if ufunc.identity is None and start is None:
                raise ValueError(
                    f"reduction operation '{name}' does not have an "
                    "identity, so to use a where mask one has to specify "
                    "'initial'")
            mask = ten.broadcast_to(ten.astype(ten.asarray(where), bool),
                                    x.shape)
            # Masked elements change nothing as the identity (the
            # partner's, after the first), or as `initial`, which the fold
            # starts from anyway, where taking it twice is taking it once.
            if ufunc.identity is not None:
                filler = _identity(ufunc, loop)
            elif name in _PARTNERS:
                filler = np.asarray(_PARTNERS[name][1]).astype(loop)
            elif name in _IDEMPOTENT:
                filler = start
            else:
                filler = None
            if filler is not None:
                x, mask = ten.where(mask, x, filler), None
        kept = tuple(d for d in range(x.ndim) if d not in axes)
        count = _static_size(x, axes, f"{name}.reduce")
        shape = tuple(x.shape[d] for d in kept)
        if count == 0:
            if start is None and ufunc.identity is None:
                raise ValueError(f"zero-size array to reduction operation "
                                 f"{name} which has no identity")
            empty = _identity(ufunc, loop) if start is None else start
            result = ten.broadcast_to(empty, shape)
        else:
            order = kept + axes
            moved = ten.reshape(ten.transpose(x, order), shape + (count,))
            if mask is not None:
                mask = ten.reshape(ten.transpose(mask, order),
                                   shape + (count,))
            result = _fold_last(name, function, moved, start, mask)
        result = ten.astype(result, loop)
        if keepdims:
            result = ten.reshape(result, tuple(
                1 if d in axes else x.shape[d] for d in range(x.ndim)))
        return result

    def reduce(array, axis=0, dtype=None, out=None, keepdims=False,
               initial=np._NoValue, where=True):
        """NumPy's ufunc.reduce: `array` folded with the ufunc along `axis`
        (0 unless told, None for all, a tuple of axes where the ufunc is
        reorderable), from `initial` if given, over the elements `where`
        selects."""
        if isinstance(axis, list):
            axis = tuple(axis)
        if initial is np._NoValue or initial is None:
            # NumPy's None: no initial value.
            initial = None
        return fold(array, axis, dtype, bool(keepdims), initial, where,
                    out=out)

    reduce.__name__ = reduce.__qualname__ = f"{name}.reduce"
    return reduce


def _doubling_scan_last(function, x):
    """The prefix folds of `x` (..., n) along its last axis, by doubling:
    every element combined with the one `step` before it, step 1, 2, 4, ...,
    after log2(n) steps with every element before it."""
    ten = _namespace()
    n, step = x.shape[-1], 1
    while step < n:
        combined = function(x[..., :n - step], x[..., step:])
        x = ten.concatenate([x[..., :step], combined], -1)
        step *= 2
    return x


def _scan_last(name, function, x):
    """The prefix folds of `x` (..., n), n > 0, along its last axis."""
    ten = _namespace()
    n = x.shape[-1]
    if name in REORDERABLE:
        return _doubling_scan_last(function, x)
    if name in _PARTNERS:
        partner = getattr(ten, _PARTNERS[name][0])
        first = x[..., :1]
        rest = function(first, _doubling_scan_last(partner, x[..., 1:]))
        return ten.concatenate([first, rest], -1)
    _sequential(name, n)
    running = [x[..., 0]]
    for k in range(1, n):
        running.append(function(running[-1], x[..., k]))
    return ten.stack(running, -1)


def accumulate_with(function, ufunc):
    """ufunc.accumulate for `ufunc`, folding with `function`."""
    name = ufunc.__name__

    @eager
    def scan(array, axis, dtype):
        ten = _namespace()
        x, axis, loop = _along_axis(ufunc, array, axis, dtype,
                                    "cannot accumulate on a scalar", -1)
        if _static_size(x, (x.ndim - 1,), f"{name}.accumulate"):
            x = _scan_last(name, function, x)
        return ten.moveaxis(ten.astype(x, loop), -1, axis)

    def accumulate(array, axis=0, dtype=None, out=None):
        """NumPy's ufunc.accumulate: the running fold along `axis` (0
        unless told; never flattened)."""
        return scan(array, axis, dtype, out=out)

    accumulate.__name__ = accumulate.__qualname__ = f"{name}.accumulate"
    return accumulate


def reduceat_with(reduce, ufunc):
    """ufunc.reduceat for `ufunc`, reducing each slice with `reduce`."""
    name = ufunc.__name__

    @eager(sequences=("indices",))
    def segments(array, indices, axis, dtype):
        ten = _namespace()
        x, axis, _ = _along_axis(ufunc, array, axis, dtype,
                                 "reduceat does not allow scalar inputs", 0)
        n = _static_size(x, (0,), f"{name}.reduceat")
        pieces = []
        for position, start in enumerate(indices):
            if not 0 <= start < n:
                raise IndexError(f"index {start} out-of-bounds in "
                                 f"{name}.reduceat [0, {n})")
            stop = (indices[position + 1] if position + 1 < len(indices)
                    else n)
            if not 0 <= stop <= n:
                raise IndexError(f"index {stop} out-of-bounds in "
                                 f"{name}.reduceat [0, {n})")
            # NumPy's rule: a slice that does not go forward is its first
            # element alone.
            if stop <= start:
                pieces.append(x[start])
            else:
                pieces.append(reduce(x[start:stop], axis=0))
        if not pieces:
            return ten.moveaxis(x[0:0], 0, axis)
        return ten.moveaxis(ten.stack(pieces, 0), 0, axis)

    def reduceat(array, indices, axis=0, dtype=None, out=None):
        """NumPy's ufunc.reduceat: the fold of each slice
        array[indices[i]:indices[i + 1]] along `axis` (the last to the
        end; where indices[i] >= indices[i + 1], array[indices[i]])."""
        if isinstance(indices, Tensor):
            raise TypeError(f"{name}.reduceat takes indices known when "
                            "tracing (a sequence or a NumPy array)")
        # NumPy's conversion: any numbers, cast to indices.
        indices = np.array(indices, dtype=np.intp)
        if indices.ndim != 1:
            raise ValueError("object of too small depth for desired array"
                             if indices.ndim == 0 else
                             "object too deep for desired array")
        return segments(array, tuple(int(i) for i in indices), axis, dtype,
                        out=out)

    reduceat.__name__ = reduceat.__qualname__ = f"{name}.reduceat"
    return reduceat
