"""The NumPy-named functions of `ten`, with NumPy's semantics.

Each function is written once, on traced values (`_trace.Tensor`). Called
inside a traced program it adds ops to it; called on NumPy arrays it compiles
itself, specialized to the arrays' shapes and dtypes, once, and runs (see
`_jit.eager`). Dtypes follow NumPy: the result dtype of an operation is the
one NumPy's own function gives for the same operands (Python scalars are weak,
NEP 50), and the casts appear in the module.
"""

import builtins
import functools
import operator

import numpy as np

from . import _dtypes, _ten
from ._jit import eager
from ._trace import (DynamicSize, DynamicSizeError, Tensor, check_operand,
                     find_graph)

# ---------------------------------------------------------------------------
# Operands and dtypes
# ---------------------------------------------------------------------------

_PYTHON_SCALARS = (bool, int, float, complex)


def _kind(value):
    """What NumPy's promotion sees of an operand: a dtype, or the type of a
    (weak) Python scalar."""
    if isinstance(value, Tensor):
        # A traced Python number promotes as the number would.
        return value.weak or value.dtype
    if type(value) in _PYTHON_SCALARS:
        return type(value)
    return check_operand(value)


def _proxy(kind):
    if isinstance(kind, np.dtype):
        return np.ones((), kind)
    return kind(1)


@functools.lru_cache(maxsize=None)
def _ufunc_dtype(ufunc, kinds):
    """The dtype NumPy's `ufunc` gives for operands of `kinds`."""
    with np.errstate(all="ignore"):
        return np.asarray(ufunc(*[_proxy(kind) for kind in kinds])).dtype


@functools.lru_cache(maxsize=None)
def _matmul_dtype(dtype1, dtype2):
    """The dtype NumPy's matmul gives for operands of these dtypes: their
    result_type, but float32 for ml_dtypes' float8 types."""
    with np.errstate(all="ignore"):
        return np.matmul(np.ones((1, 1), dtype1), np.ones((1, 1), dtype2)).dtype


@functools.lru_cache(maxsize=None)
def _common_dtype(kinds):
    """NumPy's result_type of operands of `kinds`."""
    return np.result_type(*[_proxy(kind) for kind in kinds])


def _graph_of(*values):
    graph = find_graph(values)
    if graph is None:
        # Only reached when no operand is an array: eager calls trace every
        # array operand.
        kinds = ", ".join(type(value).__name__ for value in values)
        raise TypeError(f"expected array operands, got {kinds}")
    return graph


_MAX_SIZE = 2**63 - 1
# A size known only when the program runs, as the C API spells it
# (TEN_DYNAMIC); Python sees such a size as -1.
DYNAMIC_SIZE = -(2**63)


def _sizes(name, shape, allow_unknown=False):
    """`shape` as a list of sizes, each an integer NumPy could allocate
    along one axis (-1 where `allow_unknown`)."""
    if isinstance(shape, (int, np.integer, DynamicSize)):
        shape = (shape,)

    def size_of(size):
        if isinstance(size, DynamicSize):
            if allow_unknown:
                return -1
            size._refuse()
        return operator.index(size)

    try:
        sizes = [size_of(size) for size in shape]
    except TypeError as error:
        if isinstance(error, DynamicSizeError):
            raise
        raise TypeError(f"'{name}' must be a sequence of integers") from None
    for position, size in enumerate(sizes):
        if size < 0:
            if not allow_unknown:
                raise ValueError("negative dimensions are not allowed")
            # NumPy's reshape takes any negative size as the unknown one.
            sizes[position] = -1
        elif size > _MAX_SIZE:
            raise ValueError(f"'{name}' has a size out of range: {size}")
    return sizes


def _lift(graph, value, dtype):
    """`value` as a traced value of `dtype`: a traced value, cast where it
    differs, or a constant."""
    if isinstance(value, Tensor):
        return value if value.dtype == dtype else astype(value, dtype)
    return graph.constant(value, dtype)


def _as_tensor(graph, value):
    if isinstance(value, Tensor):
        return value
    return graph.constant(np.asarray(value))


# ---------------------------------------------------------------------------
# Elementwise
# ---------------------------------------------------------------------------


def _binary(ufunc, op, lhs, rhs):
    graph = _graph_of(lhs, rhs)
    dtype = _ufunc_dtype(ufunc, (_kind(lhs), _kind(rhs)))
    lhs, rhs = _lift(graph, lhs, dtype), _lift(graph, rhs, dtype)
    if _dtypes.is_bool(dtype):
        # NumPy's + and * of booleans are `or` and `and`.
        op = {"add": "max", "mul": "min"}.get(op, op)
    return _apply(graph, "binary", op, lhs.value, rhs.value)


# A predicate with its operands swapped.
_SWAPPED = {"eq": "eq", "ne": "ne", "lt": "gt", "le": "ge", "gt": "lt",
            "ge": "le"}


def _outside(number, dtype):
    """Whether the Python integer `number` lies outside integer `dtype`'s
    range: below it (-1), above it (1), or not (0)."""
    if type(number) is not int or dtype.kind not in "iu":
        return 0
    info = np.iinfo(dtype)
    return -1 if number < info.min else (1 if number > info.max else 0)


def _compare(predicate, lhs, rhs):
    graph = _graph_of(lhs, rhs)
    dtype = _common_dtype((_kind(lhs), _kind(rhs)))
    _dtypes.code_of(dtype)
    # NumPy compares an integer array with a Python integer beyond the
    # array's range by value: every element is below (or above) it.
    if _outside(lhs, dtype):
        lhs, rhs, predicate = rhs, lhs, _SWAPPED[predicate]
    side = _outside(rhs, dtype)
    if side and np.dtype(_kind(lhs)).kind in "iu":
        array = _lift(graph, lhs, dtype)
        holds = predicate == "ne" or (predicate in ("lt", "le")) == (side > 0) \
            and predicate != "eq"
        # eq of an integer array with itself: True everywhere, its shape.
        return graph.apply("compare", "eq" if holds else "ne", array.value,
                           array.value)
    lhs, rhs = _lift(graph, lhs, dtype), _lift(graph, rhs, dtype)
    return graph.apply("compare", predicate, lhs.value, rhs.value)


@eager
def equal(x1, x2):
    return _compare("eq", x1, x2)


@eager
def not_equal(x1, x2):
    return _compare("ne", x1, x2)


@eager
def less(x1, x2):
    return _compare("lt", x1, x2)


@eager
def less_equal(x1, x2):
    return _compare("le", x1, x2)


@eager
def greater(x1, x2):
    return _compare("gt", x1, x2)


@eager
def greater_equal(x1, x2):
    return _compare("ge", x1, x2)


def _apply(graph, kind, op, *operands):
    """graph.apply, where an operand type the op does not take (a complex
    number to sigmoid, say) raises TypeError, as NumPy's ufuncs do."""
    try:
        return graph.apply(kind, op, *operands)
    except ValueError as error:
        if "must be ranked tensor of" not in str(error):
            raise
        raise TypeError(f"ten.{op}: {error}") from None


def _unary(ufunc, op, x):
    graph = _graph_of(x)
    if not isinstance(x, Tensor):
        x = _as_tensor(graph, x)
    dtype = _ufunc_dtype(ufunc, (x.dtype,))
    if x.dtype.kind == "c" and dtype.kind != "c":
        # abs, real, imag, angle: the op makes complex numbers real.
        dtype = x.dtype
    elif _dtypes.is_bool(dtype) and not _dtypes.is_bool(x.dtype):
        # isnan, isinf, isfinite: the op tests its operand as it is.
        dtype = x.dtype
    x = _lift(graph, x, dtype)
    return _apply(graph, "unary", op, x.value)


@eager
def abs(x):
    if _dtypes.is_bool(x.dtype):
        return x
    return _unary(np.absolute, "abs", x)


absolute = abs


# relu, which NumPy does not have, takes maximum(x, 0)'s dtype.


@eager
def relu(x):
    """maximum(x, 0)."""
    graph = _graph_of(x)
    dtype = _ufunc_dtype(np.maximum, (x.dtype, int))
    return _apply(graph, "unary", "relu", _lift(graph, x, dtype).value)


def astype(x, dtype, *, copy=True, device=None):
    """`x` converted to `dtype`, as NumPy's `astype`: with `copy=False` a
    NumPy array already of `dtype` is returned itself."""
    from ._array_options import check_device

    check_device(device)
    if not copy and isinstance(x, np.ndarray) and x.dtype == np.dtype(dtype):
        return x
    return _astype(x, dtype)


@eager
def _astype(x, dtype):
    dtype = np.dtype(dtype)
    code = _dtypes.code_of(dtype)
    if x.dtype == dtype:
        return x
    return x.graph.apply("cast", x.value, code)


# Tells where(condition) apart from where(condition, x, y).
_NOT_GIVEN = object()


def where(condition, x=_NOT_GIVEN, y=_NOT_GIVEN):
    """`x` where `condition` holds, else `y`, broadcasting all three; with
    `condition` alone, NumPy's nonzero(condition)."""
    if x is _NOT_GIVEN and y is _NOT_GIVEN:
        from ._masks import nonzero

        return nonzero(condition)
    if x is _NOT_GIVEN or y is _NOT_GIVEN:
        raise ValueError("either both or neither of x and y should be given")
    return _where(condition, x, y)


# where() under a name that the reductions' where= argument leaves visible.
_select = where


@eager
def _where(condition, x, y):
    graph = _graph_of(condition, x, y)
    condition = _lift(graph, condition, np.dtype(np.bool_))
    dtype = _common_dtype((_kind(x), _kind(y)))
    _dtypes.code_of(dtype)
    # NumPy's where casts a Python integer beyond the integer dtype's range
    # as C casts an int64 (300 into int8 is 44); beyond int64's, its
    # OverflowError.
    x, y = (np.asarray(np.int64(v)).astype(dtype) if _outside(v, dtype)
            else v for v in (x, y))
    x, y = _lift(graph, x, dtype), _lift(graph, y, dtype)
    return graph.apply("select", condition.value, x.value, y.value)


# ---------------------------------------------------------------------------
# Layout
# ---------------------------------------------------------------------------


def _normalize_axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim if ndim else axis


def _is_scalar_axis(a, axis):
    """Whether `axis` is 0 or -1 of a 0-d `a`, which NumPy's axis checks of
    take, repeat and squeeze read as its one element's axis."""
    return (a.ndim == 0 and isinstance(axis, (int, np.integer))
            and not isinstance(axis, (bool, np.bool_)) and axis in (0, -1))


@eager(sequences=("axes",))
def transpose(a, axes=None):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if axes is None:
        axes = tuple(reversed(range(a.ndim)))
    axes = [_normalize_axis(axis, a.ndim) for axis in axes]
    return graph.apply("transpose", a.value, axes)


def reshape(a, /, shape, order="C", *, copy=None):
    """NumPy's reshape: `a`'s elements read and placed in row-major order
    (`order="C"`), or with the first index fastest (`"F"`: C order on the
    reversed axes), or `"A"`, which is `"F"` for a NumPy array laid out in
    Fortran order only (a traced value has C order). The result is always a
    new array, so `copy=False` is refused."""
    from ._array_options import fortran_only, spelled_order

    order = spelled_order(order)
    if order == "K":
        raise ValueError("order 'K' is not permitted for reshaping")
    if copy is not None and not copy:
        raise ValueError("ten's reshape returns a new array: it cannot "
                         "avoid a copy (copy=False)")
    if order == "A":
        order = "F" if fortran_only(a) else "C"
    if order == "C":
        return _reshape(a, shape)
    if isinstance(shape, (builtins.int, np.integer)):
        shape = (shape,)
    return transpose(_reshape(transpose(a), tuple(shape)[::-1]))


@eager(sequences=("shape",))
def _reshape(a, shape):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    shape = _sizes("shape", shape, allow_unknown=True)
    unknown = [dim for dim, size in enumerate(shape) if size == -1]
    if len(unknown) > 1:
        raise ValueError("can only specify one unknown dimension")
    if -1 in a.shape:
        # A size known only when the program runs (a masked read): the
        # unknown dimension stays dynamic, the op checks the count.
        if a.ndim == 1 and len(shape) == 1:
            return a
        known = int(np.prod([s for s in shape if s != -1], dtype=np.int64))
        if unknown and known == 0:
            raise ValueError(f"cannot reshape an array of a size known only "
                             f"when the program runs into shape "
                             f"{tuple(shape)}")
        if unknown:
            shape[unknown[0]] = DYNAMIC_SIZE
        return graph.apply("reshape", a.value, shape)
    if unknown:
        known = int(np.prod([s for s in shape if s != -1], dtype=np.int64))
        if known == 0 or a.size % known:
            raise ValueError(
                f"cannot reshape array of size {a.size} into shape "
                f"{tuple(shape)}"
            )
        shape[unknown[0]] = a.size // known
    return graph.apply("reshape", a.value, shape)


def broadcast_to(array, shape, subok=False):
    """`array` stretched to `shape` by NumPy's broadcasting rules (`subok`
    accepted: the result is a NumPy array or a traced value)."""
    return _broadcast_to(array, shape)


@eager(sequences=("shape",))
def _broadcast_to(array, shape):
    graph = _graph_of(array)
    array = _as_tensor(graph, array)
    return graph.apply("broadcast", array.value, _sizes("shape", shape))


# ---------------------------------------------------------------------------
# Contractions
# ---------------------------------------------------------------------------


def _sublist_subscripts(sublist):
    """An operand's subscripts from NumPy's interleaved form: integers 0-25
    are A-Z, 26-51 a-z (so that an implicit output's alphabetical order is
    the integers' order), Ellipsis is '...'."""
    letters = []
    for label in sublist:
        if label is Ellipsis:
            letters.append("...")
            continue
        try:
            label = operator.index(label)
        except TypeError:
            raise TypeError(
                f"einsum takes its subscripts as a string first, or operands "
                f"each followed by a sublist of integers in [0, 52) and "
                f"Ellipsis, not {type(label).__name__}") from None
        if not 0 <= label < 52:
            raise ValueError("subscript is not within the valid range [0, 52)")
        letters.append(chr(ord("A") + label) if label < 26
                       else chr(ord("a") + label - 26))
    return "".join(letters)


def _einsum_arguments(args):
    """The subscripts and operands of einsum's arguments: a string and the
    operands, or NumPy's interleaved form (operand, sublist, operand,
    sublist, ..., [output sublist])."""
    if not args:
        raise TypeError("einsum() missing required argument 'subscripts'")
    if isinstance(args[0], str):
        return args[0], args[1:]
    operands = list(args[0::2])
    sublists = list(args[1::2])
    output = None
    if len(args) % 2:
        output = operands.pop()
    if len(sublists) != len(operands):
        raise TypeError("einsum takes its subscripts as a string first, or "
                        "operands each followed by its sublist")
    subscripts = ",".join(_sublist_subscripts(sublist) for sublist in sublists)
    if output is not None:
        subscripts += "->" + _sublist_subscripts(output)
    return subscripts, tuple(operands)


def _is_view(subscripts, count):
    """Whether NumPy's einsum of these subscripts is a view of its one
    operand (a permutation or a diagonal: no label summed), which NumPy
    returns without computing, whatever `dtype` says."""
    if count != 1:
        return False
    inputs, _, output = subscripts.replace("...", "").partition("->")
    letters = [c for c in inputs if c.isalpha()]
    if "->" not in subscripts:
        output = "".join(c for c in letters if letters.count(c) == 1)
    return set(letters) <= set(output)


def einsum(*args, out=None, dtype=None, order="K", casting="safe",
           optimize=None):
    """Einstein summation with NumPy's subscripts (a string, or NumPy's
    interleaved sublists). The compiler chooses the contraction order
    itself; `optimize` and `order` are accepted and ignored. `dtype` is the
    type the operands are cast to (by the rule `casting`) and summed in."""
    subscripts, operands = _einsum_arguments(args)
    if dtype is not None and not _is_view(subscripts, len(operands)):
        dtype = np.dtype(dtype)
        for operand in operands:
            source = (operand.dtype if isinstance(operand, Tensor)
                      else np.asarray(operand).dtype)
            if not np.can_cast(source, dtype, casting):
                raise TypeError(
                    f"Iterator operand dtype could not be cast from "
                    f"{source!r} to {dtype!r} according to the rule "
                    f"{casting!r}")
    else:
        dtype = None
    return _einsum(subscripts, *operands, out=out, dtype=dtype)


@eager
def _einsum(subscripts, *operands, dtype=None):
    """einsum of a subscripts string, compiled once per signature."""
    if not isinstance(subscripts, str):
        raise TypeError("einsum takes its subscripts as a string first")
    if not subscripts.isascii():
        raise ValueError(
            f"einsum subscripts {subscripts!r} hold a character that is not "
            "ASCII: subscripts are letters a-z and A-Z, ',', '->' and '...'"
        )
    if not operands:
        raise ValueError("einsum takes at least one operand")
    graph = _graph_of(*operands)
    if dtype is None:
        dtype = _common_dtype(tuple(_kind(operand) for operand in operands))
    _dtypes.code_of(dtype)
    values = [_lift(graph, operand, dtype).value for operand in operands]
    return graph.apply("einsum", subscripts, values)


# The compiled function behind einsum (ten.explain, cache_info), as other
# eager functions have.
einsum.compiled = _einsum.compiled
einsum.cache_info = _einsum.cache_info
einsum.cache_clear = _einsum.cache_clear


@eager
def matmul(x1, x2):
    """NumPy's matmul: 1-D operands are vectors, leading dimensions broadcast
    as batches."""
    graph = _graph_of(x1, x2)
    x1, x2 = _as_tensor(graph, x1), _as_tensor(graph, x2)
    if x1.ndim == 0 or x2.ndim == 0:
        raise ValueError("matmul: an operand is 0-d; use multiply")
    dtype = _matmul_dtype(x1.dtype, x2.dtype)
    x1, x2 = _lift(graph, x1, dtype), _lift(graph, x2, dtype)
    lhs, rhs, out = "...ij", "...jk", "...ik"
    if x1.ndim == 1:
        lhs, out = "j", out.replace("i", "")
    if x2.ndim == 1:
        rhs, out = "j", out.replace("k", "")
    if x1.ndim == 1 and x2.ndim == 1:
        out = ""
    return einsum(f"{lhs},{rhs}->{out}", x1, x2)


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


def _is_axis_of_0d(axis, ndim):
    """Whether `axis` is the integer 0 or -1 and the array 0-d: NumPy's
    ufunc reductions and argmax/argmin take it (for the one element), as
    they do no tuple of axes (nor does mean)."""
    return ndim == 0 and not isinstance(axis, tuple) and operator.index(axis) in (0, -1)


def _reduction_axes(axis, ndim, kind=None):
    if axis is None:
        return list(range(ndim))
    if kind != "mean" and _is_axis_of_0d(axis, ndim):
        return []
    if isinstance(axis, tuple):
        axes = [_normalize_axis(a, ndim) for a in axis]
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
        return sorted(axes)
    return [_normalize_axis(axis, ndim)]


@functools.lru_cache(maxsize=None)
def _reduction_dtype(function, dtype, requested=None):
    """The dtype NumPy's reduction `function` gives for `dtype`, with the
    `dtype=` argument `requested` where one is given."""
    with np.errstate(all="ignore"):
        ones = np.ones((1,), dtype)
        if requested is None:
            return np.asarray(function(ones)).dtype
        return np.asarray(function(ones, dtype=requested)).dtype


# The reductions' identities (where= puts them in place of the elements
# left out) and their ufuncs (initial= joins the result with them).
_IDENTITIES = {"sum": 0, "prod": 1, "any": False, "all": True}
_UFUNC_NAMES = {"sum": "add", "prod": "multiply", "max": "maximum",
                "min": "minimum"}


def _mask_of(graph, where, a):
    """A where= mask as a traced value of `a`'s shape: it broadcasts against
    the array, never the array against it."""
    mask = _as_tensor(graph, where)
    if builtins.all(size >= 0 for size in a.shape):
        return broadcast_to(mask, a.shape)
    # A size only the run knows: broadcast_to needs sizes, an elementwise
    # op does not. True and False selected by `a == a`'s shape (NaN too).
    if mask.ndim > a.ndim:
        raise ValueError(f"the where= mask of shape {mask.shape} does not "
                         f"broadcast to the array's shape {a.shape}")
    everywhere = _select(equal(a, a), True, True)
    return _select(mask, everywhere, False)


def _reduced_shape(shape, axes, keepdims):
    if keepdims:
        return tuple(1 if d in axes else n for d, n in enumerate(shape))
    return tuple(n for d, n in enumerate(shape) if d not in axes)


def _reduce(kind, function, a, axis, keepdims, dtype=None,
            initial=_NOT_GIVEN, where=True):
    """NumPy's reduction `kind` of `a` over `axis`: accumulated in `dtype`
    (NumPy's default for `a` if None), joined with `initial` where given,
    over the elements where `where` (broadcast against `a`) holds."""
    graph = _graph_of(a, where)
    a = _as_tensor(graph, a)
    axes = _reduction_axes(axis, a.ndim, kind)
    if dtype is not None and kind in ("sum", "prod", "mean"):
        dtype = _reduction_dtype(function, a.dtype, np.dtype(dtype))
    else:
        dtype = _reduction_dtype(function, a.dtype)
    join_name = _UFUNC_NAMES.get(kind)
    if _dtypes.is_bool(dtype) and kind in ("sum", "prod"):
        # A sum in booleans is an `or`, a product an `and` (dtype=bool).
        kind = "any" if kind == "sum" else "all"
    masked = not (isinstance(where, (bool, np.bool_)) and where)
    if masked:
        if kind in ("max", "min") and initial is _NOT_GIVEN:
            name = _UFUNC_NAMES[kind]
            raise ValueError(f"reduction operation '{name}' does not have "
                             "an identity, so to use a where mask one has "
                             "to specify 'initial'")
        if kind == "mean":
            return _masked_mean(graph, a, axes, keepdims, dtype, where)
        filler = _IDENTITIES.get(kind, initial)
        a = _select(_mask_of(graph, where, a), a,
                    np.asarray(filler, a.dtype))
    if kind in ("sum", "prod", "mean"):
        # NumPy accumulates in the result's dtype.
        a = _lift(graph, a, dtype)
    if not axes:
        result = _lift(graph, a, dtype)
    elif kind in ("max", "min") and initial is not _NOT_GIVEN and \
            builtins.any(a.shape[d] == 0 for d in axes):
        # Nothing to reduce: the initial value alone.
        return graph.constant(
            np.full(_reduced_shape(a.shape, axes, keepdims), initial, dtype))
    else:
        result = _lift(graph, graph.apply("reduce", kind, a.value, axes,
                                          bool(keepdims)), dtype)
    if initial is not _NOT_GIVEN and join_name:
        join = globals()[join_name]
        result = _lift(graph, join(result, np.asarray(initial, dtype)), dtype)
    return result


def _masked_mean(graph, a, axes, keepdims, dtype, where):
    """The mean over the elements where `where` holds: their sum over their
    count (NaN where none are), in `dtype`."""
    mask = _mask_of(graph, where, a)
    accumulate = dtype if dtype.kind in "fc" else np.dtype(np.float64)
    total = sum(_select(mask, _lift(graph, a, accumulate),
                       np.zeros((), accumulate)), axis=tuple(axes),
                keepdims=keepdims)
    count = sum(_lift(graph, mask, accumulate), axis=tuple(axes),
                keepdims=keepdims)
    return _lift(graph, divide(total, count), dtype)


@eager
def sum(a, axis=None, dtype=None, keepdims=False, initial=_NOT_GIVEN,
        where=True):
    return _reduce("sum", np.sum, a, axis, keepdims, dtype, initial, where)


@eager
def prod(a, axis=None, dtype=None, keepdims=False, initial=_NOT_GIVEN,
         where=True):
    return _reduce("prod", np.prod, a, axis, keepdims, dtype, initial, where)


@eager
def mean(a, axis=None, dtype=None, keepdims=False, *, where=True):
    if dtype is not None and not np.issubdtype(np.dtype(dtype), np.inexact):
        # NumPy sums in the integer dtype, then divides and truncates.
        graph = _graph_of(a, where)
        a = _as_tensor(graph, a)
        axes = _reduction_axes(axis, a.ndim, "mean")
        total = sum(a, tuple(axes), dtype, keepdims=keepdims, where=where)
        count = sum(_lift(graph, _mask_of(graph, where, a),
                          np.dtype(np.int64)), tuple(axes), keepdims=keepdims)
        return astype(divide(total, count), dtype)
    return _reduce("mean", np.mean, a, axis, keepdims, dtype, where=where)


@eager
def max(a, axis=None, keepdims=False, initial=_NOT_GIVEN, where=True):
    return _reduce("max", np.max, a, axis, keepdims, initial=initial,
                   where=where)


@eager
def min(a, axis=None, keepdims=False, initial=_NOT_GIVEN, where=True):
    return _reduce("min", np.min, a, axis, keepdims, initial=initial,
                   where=where)


@eager
def any(a, axis=None, keepdims=False, *, where=True):
    return _reduce("any", np.any, a, axis, keepdims, where=where)


@eager
def all(a, axis=None, keepdims=False, *, where=True):
    return _reduce("all", np.all, a, axis, keepdims, where=where)


def _arg_reduce(kind, a, axis, keepdims):
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if axis is None or _is_axis_of_0d(axis, a.ndim):
        # NumPy's index into the flattened array.
        flat = reshape(a, (-1,))
        result = graph.apply("reduce", kind, flat.value, [0], False)
        return reshape(result, (1,) * a.ndim) if keepdims else result
    axis = _normalize_axis(axis, a.ndim)
    return graph.apply("reduce", kind, a.value, [axis], bool(keepdims))


@eager
def argmax(a, axis=None, keepdims=False):
    return _arg_reduce("argmax", a, axis, keepdims)


@eager
def argmin(a, axis=None, keepdims=False):
    return _arg_reduce("argmin", a, axis, keepdims)


amax, amin = max, min

# ---------------------------------------------------------------------------
# Composites
# ---------------------------------------------------------------------------


@eager
def softmax(x, axis=-1):
    """exp(x) / sum(exp(x)) along `axis`, computed stably (the maximum
    subtracted first; as JAX's, an empty `axis` gives an empty result)."""
    graph = _graph_of(x)
    x = _lift(graph, x, _ufunc_dtype(np.exp, (x.dtype,)))
    shifted = subtract(x, max(x, axis=axis, keepdims=True, initial=-np.inf))
    e = exp(shifted)
    return divide(e, sum(e, axis=axis, keepdims=True))


# ---------------------------------------------------------------------------
# The op catalogue
# ---------------------------------------------------------------------------


def _catalogue_function(arity, mnemonic, name, rule, summary):
    """The NumPy-named function of an elementwise op of the dialect's
    catalogue: its operands lifted to the dtype NumPy's ufunc `rule` gives
    them (functions NumPy does not have follow the closest one: a float of
    the input's size for sigmoid, erf, rsqrt), then the op."""
    ufunc = getattr(np, rule)
    if arity == 1:
        def function(x):
            return _unary(ufunc, mnemonic, x)
    else:
        def function(x1, x2):
            return _binary(ufunc, mnemonic, x1, x2)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"{summary} (`ten.{mnemonic}`)."
    function.__module__ = "ten"
    return eager(function)


def _define_catalogue_functions():
    """Defines a function for every op of the catalogue that this module
    does not define by hand (abs and relu, which have special cases)."""
    names = []
    for arity, mnemonic, name, rule, summary in _ten.op_catalogue():
        if name not in globals():
            globals()[name] = _catalogue_function(
                arity, mnemonic, name, rule, summary)
        names.append(name)
    return names


CATALOGUE_FUNCTIONS = _define_catalogue_functions()


def _has_negative_integer_exponent(base, exponent):
    """Whether `base ** exponent` is of integers with a negative exponent
    that the call can see: an operand NumPy holds (an array, a NumPy or
    Python scalar, a list). Traced values and other frameworks' arrays are
    not read: the dialect gives PyTorch's values for them."""
    if not isinstance(exponent, (np.ndarray, np.generic, int, list)):
        return False
    if isinstance(base, Tensor):
        return False
    dtype = _ufunc_dtype(np.power, (_kind(base), _kind(exponent)))
    if dtype.kind not in "iu":
        return False
    if _outside(base, dtype) or _outside(exponent, dtype):
        # NumPy's OverflowError for the number comes first.
        return False
    exponent = np.asarray(exponent)
    return exponent.dtype.kind == "i" and bool((exponent < 0).any())


def _refusing_negative_integer_exponents(eager_power):
    """`power` with NumPy's ValueError for integers to negative integer
    powers wherever the exponent's values are at hand: only run time knows
    an argument's values, and the compiled program gives PyTorch's values
    there (docs/Rationale/TenRationale.md)."""
    @functools.wraps(eager_power)
    def power(x1, x2, **kwargs):
        if _has_negative_integer_exponent(x1, x2):
            raise ValueError(
                "Integers to negative integer powers are not allowed.")
        return eager_power(x1, x2, **kwargs)

    return power


power = _refusing_negative_integer_exponents(power)

# NumPy's other names for the catalogue's functions (NumPy 2 has the array
# API's asin, atan2, bitwise_invert, ... beside arcsin, arctan2, invert).
ALIASES = {
    "mod": "remainder",
    "true_divide": "divide",
    "pow": "power",
    "bitwise_not": "invert",
    "bitwise_invert": "invert",
    "bitwise_left_shift": "left_shift",
    "bitwise_right_shift": "right_shift",
    "asin": "arcsin",
    "acos": "arccos",
    "atan": "arctan",
    "asinh": "arcsinh",
    "acosh": "arccosh",
    "atanh": "arctanh",
    "atan2": "arctan2",
    "conj": "conjugate",
}
for _alias, _name in ALIASES.items():
    globals()[_alias] = globals()[_name]
del _alias, _name

_angle_in_radians = angle
_real_part = real
_imaginary_part = imag


def angle(z, deg=False):
    result = _angle_in_radians(z)
    return multiply(result, 180 / np.pi) if deg else result


def real(val):
    return _real_part(val)


def imag(val):
    return _imaginary_part(val)


# The catalogue's summaries, which these functions compute.
angle.__doc__ = (f"{_angle_in_radians.__doc__} In degrees where `deg` (a "
                 "multiplication by 180/pi, as NumPy's).")
real.__doc__ = _real_part.__doc__
imag.__doc__ = _imaginary_part.__doc__


# ---------------------------------------------------------------------------
# Operators and methods of traced values
# ---------------------------------------------------------------------------


def _swap(function):
    return lambda self, other: function(other, self)


Tensor.__add__ = add
Tensor.__radd__ = _swap(add)
Tensor.__sub__ = subtract
Tensor.__rsub__ = _swap(subtract)
Tensor.__mul__ = multiply
Tensor.__rmul__ = _swap(multiply)
Tensor.__truediv__ = divide
Tensor.__rtruediv__ = _swap(divide)


def _array_power(x, exponent):
    """`x ** exponent` as ndarray's operator computes it: a Python 2 is a
    square (booleans give int8), and of floats and complex numbers a Python
    0.5 is a square root and a Python -1 a reciprocal (NumPy's fast paths,
    whose special values are those functions'); any other exponent is
    power."""
    if type(exponent) is int and exponent == 2:
        return square(x)
    if np.dtype(x.dtype).kind in "fc" or _dtypes.is_float(np.dtype(x.dtype)):
        if type(exponent) is float and exponent == 0.5:
            return sqrt(x)
        if type(exponent) is int and exponent == -1:
            return reciprocal(x)
    return power(x, exponent)


Tensor.__pow__ = _array_power
Tensor.__rpow__ = _swap(power)
Tensor.__matmul__ = matmul
Tensor.__rmatmul__ = _swap(matmul)
Tensor.__floordiv__ = floor_divide
Tensor.__rfloordiv__ = _swap(floor_divide)
Tensor.__mod__ = remainder
Tensor.__rmod__ = _swap(remainder)
Tensor.__divmod__ = lambda self, other: (floor_divide(self, other),
                                         remainder(self, other))
Tensor.__rdivmod__ = lambda self, other: (floor_divide(other, self),
                                          remainder(other, self))
Tensor.__and__ = bitwise_and
Tensor.__rand__ = _swap(bitwise_and)
Tensor.__or__ = bitwise_or
Tensor.__ror__ = _swap(bitwise_or)
Tensor.__xor__ = bitwise_xor
Tensor.__rxor__ = _swap(bitwise_xor)
Tensor.__lshift__ = left_shift
Tensor.__rlshift__ = _swap(left_shift)
Tensor.__rshift__ = right_shift
Tensor.__rrshift__ = _swap(right_shift)
Tensor.__invert__ = invert
Tensor.__neg__ = negative


# NumPy's refusal of positive (+x) of booleans.
POSITIVE_OF_BOOLEANS = ("ufunc 'positive' did not contain a loop with "
                        "signature matching types <class "
                        "'numpy.dtypes.BoolDType'> -> None")


def _unary_plus(self):
    """+x: x itself (NumPy's positive, which refuses booleans)."""
    if self.dtype == np.bool_:
        raise TypeError(POSITIVE_OF_BOOLEANS)
    return self


Tensor.__pos__ = _unary_plus
Tensor.__abs__ = abs
Tensor.__lt__ = less
Tensor.__le__ = less_equal
Tensor.__gt__ = greater
Tensor.__ge__ = greater_equal
Tensor.__eq__ = equal
Tensor.__ne__ = not_equal
Tensor.sum = sum
Tensor.prod = prod
Tensor.mean = mean
Tensor.max = max
Tensor.min = min
Tensor.any = any
Tensor.all = all
Tensor.argmax = argmax
Tensor.argmin = argmin


def _astype_method(self, dtype, order="K", casting="unsafe", subok=True,
                   copy=True):
    """ndarray.astype on a traced value: the cast `casting` allows."""
    if not np.can_cast(self.dtype, dtype, casting):
        raise TypeError(f"Cannot cast array data from {self.dtype!r} to "
                        f"{np.dtype(dtype)!r} according to the rule "
                        f"{casting!r}")
    return _astype(self, dtype)


Tensor.astype = _astype_method
Tensor.T = property(lambda self: transpose(self))


def _reshape_method(self, *shape, order="C", copy=None):
    return reshape(self, shape[0] if len(shape) == 1 else shape, order,
                   copy=copy)


def _transpose_method(self, *axes):
    if len(axes) == 1 and (axes[0] is None or
                           isinstance(axes[0], (tuple, list))):
        axes = axes[0]
    return transpose(self, axes or None)


def _getitem(self, index):
    from ._indexing import getitem

    return getitem(self, index)


def _setitem(self, index, value):
    from ._indexing import setitem

    setitem(self, index, value)


def _inplace(name, function):
    """`x op= y` on a traced value: NumPy's in-place operator, whose result
    keeps x's shape and dtype (converted under the 'same_kind' rule, as
    NumPy's ufuncs write into their output). The traced value takes the
    result, as NumPy's array does: its other names, and the array it is a
    view of, see it."""

    def method(self, other):
        result = function(self, other)
        if result.shape != self.shape:
            raise ValueError(
                f"non-broadcastable output operand with shape {self.shape} "
                f"doesn't match the broadcast shape {result.shape}")
        if result.dtype != self.dtype:
            if not np.can_cast(result.dtype, self.dtype, casting="same_kind"):
                raise TypeError(
                    f"Cannot cast ufunc '{name}' output from {result.dtype} "
                    f"to {self.dtype} with casting rule 'same_kind'")
            result = astype(result, self.dtype)
        self.value = result.value
        return self

    method.__name__ = f"__i{name}__"
    return method


def _len(self):
    if not self.shape:
        raise TypeError("len() of unsized object")
    if self.shape[0] < 0:
        raise TypeError("len() of a traced value whose first dimension is "
                        "known only when the program runs (a masked read or "
                        "a nonzero)")
    return self.shape[0]


def _iter(self):
    if not self.shape:
        raise TypeError("iteration over a 0-d array")
    if self.shape[0] < 0:
        raise TypeError("iteration over a traced value whose first dimension "
                        "is known only when the program runs")
    return (self[i] for i in range(self.shape[0]))


Tensor.reshape = _reshape_method
Tensor.transpose = _transpose_method
Tensor.__getitem__ = _getitem
Tensor.__setitem__ = _setitem
Tensor.__len__ = _len
Tensor.__iter__ = _iter

for _name, _function in (("add", "add"), ("sub", "subtract"),
                         ("mul", "multiply"), ("truediv", "divide"),
                         ("floordiv", "floor_divide"), ("mod", "remainder"),
                         ("pow", "power"), ("matmul", "matmul"),
                         ("and", "bitwise_and"), ("or", "bitwise_or"),
                         ("xor", "bitwise_xor"), ("lshift", "left_shift"),
                         ("rshift", "right_shift")):
    setattr(Tensor, f"__i{_name}__", _inplace(_function, globals()[_function]))
del _name, _function
