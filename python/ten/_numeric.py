"""NumPy's products and matrix helpers, built from ten's einsum, slices and
selects: dot, vdot, inner, outer, tensordot, kron, cross, trace, diagonal,
diag, tril, triu; and small numeric helpers written from the dialect's ops:
hypot, logaddexp, logaddexp2, fmax, fmin, heaviside,
degrees and radians, cbrt, sinc, float_power, ptp, average, nanprod,
nanvar, nanstd, append, meshgrid, rot90, ediff1d, trapezoid, polyval,
vander, interp, lexsort, cov, corrcoef, gradient, convolve, correlate,
isreal, iscomplex, real_if_close, vecdot, matvec, vecmat, diagflat, unwrap
and lcm (on the dialect's ten.gcd, which the op catalogue makes ten.gcd).
Each has NumPy's semantics and result dtypes."""

import builtins
import math
import operator
import string

import numpy as np

from ._jit import eager
from ._math import (
    clip,
    logical_and,
    logical_not,
    logical_or,
)
from ._trace import Tensor
from . import _dtypes, _ops
from ._ops import (
    _as_tensor,
    _common_dtype,
    _graph_of,
    _kind,
    _lift,
    _normalize_axis,
    _ufunc_dtype,
)

_LETTERS = string.ascii_letters


def _tensor(graph, value):
    return _as_tensor(graph, value)


# ---------------------------------------------------------------------------
# Products
# ---------------------------------------------------------------------------


def _contract(a, b, a_axes, b_axes):
    """The einsum that sums `a`'s `a_axes` against `b`'s `b_axes`, the free
    axes of `a` then those of `b` in order (NumPy's tensordot)."""
    a_letters = list(_LETTERS[: a.ndim])
    b_letters = list(_LETTERS[a.ndim: a.ndim + b.ndim])
    for a_axis, b_axis in zip(a_axes, b_axes):
        b_letters[b_axis] = a_letters[a_axis]
    free = ([l for i, l in enumerate(a_letters) if i not in a_axes]
            + [l for i, l in enumerate(b_letters) if i not in b_axes])
    return _ops.einsum(f"{''.join(a_letters)},{''.join(b_letters)}->"
                       f"{''.join(free)}", a, b)


def _check_sizes(a, b, a_axes, b_axes, what):
    for a_axis, b_axis in zip(a_axes, b_axes):
        if a.shape[a_axis] != b.shape[b_axis]:
            raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: "
                             f"{a.shape[a_axis]} (dim {a_axis}) != "
                             f"{b.shape[b_axis]} (dim {b_axis}) ({what})")


@eager
def dot(a, b):
    """NumPy's dot: a product of scalars, the inner product of vectors, a
    matrix product, and in general a sum over the last axis of `a` and the
    second-to-last of `b` (the last if `b` is a vector)."""
    graph = _graph_of(a, b)
    a, b = _tensor(graph, a), _tensor(graph, b)
    if a.ndim == 0 or b.ndim == 0:
        return _ops.multiply(a, b)
    b_axis = 0 if b.ndim == 1 else b.ndim - 2
    _check_sizes(a, b, [a.ndim - 1], [b_axis], "dot")
    return _contract(a, b, [a.ndim - 1], [b_axis])


@eager
def vdot(a, b):
    """NumPy's vdot: the flattened arrays' dot product, the first
    conjugated."""
    graph = _graph_of(a, b)
    a = _ops.reshape(_tensor(graph, a), (-1,))
    b = _ops.reshape(_tensor(graph, b), (-1,))
    if a.shape != b.shape:
        raise ValueError("cannot reshape array of size "
                         f"{b.shape[0]} into shape ({a.shape[0]},)")
    if a.dtype.kind == "c":
        a = _ops.conjugate(a)
    return _contract(a, b, [0], [0])


@eager
def inner(a, b):
    """NumPy's inner: a sum over the last axes of both (a product with a
    scalar)."""
    graph = _graph_of(a, b)
    a, b = _tensor(graph, a), _tensor(graph, b)
    if a.ndim == 0 or b.ndim == 0:
        return _ops.multiply(a, b)
    _check_sizes(a, b, [a.ndim - 1], [b.ndim - 1], "inner")
    return _contract(a, b, [a.ndim - 1], [b.ndim - 1])


def _vector_product(spec, x1, x2, conjugate_first):
    graph = _graph_of(x1, x2)
    x1, x2 = _tensor(graph, x1), _tensor(graph, x2)
    dtype = _ops._matmul_dtype(x1.dtype, x2.dtype)
    x1, x2 = _lift(graph, x1, dtype), _lift(graph, x2, dtype)
    if conjugate_first and dtype.kind == "c":
        x1 = _ops.conjugate(x1)
    return _ops.einsum(spec, x1, x2)


def _core_size(name, x, core_ndim, dim):
    if x.ndim < core_ndim:
        raise ValueError(f"{name}: an operand has {x.ndim} dimension(s), "
                         f"fewer than the {core_ndim} its signature needs")
    return x.shape[dim]


def _check_core(name, size1, size2):
    if size1 != size2:
        raise ValueError(f"{name}: the contracted dimensions differ "
                         f"({size1} and {size2})")


@eager
def _vecdot(x1, x2, axis):
    graph = _graph_of(x1, x2)
    x1, x2 = _tensor(graph, x1), _tensor(graph, x2)
    ndim = builtins.max(x1.ndim, x2.ndim)
    x1 = _ops.reshape(x1, (1,) * (ndim - x1.ndim) + tuple(x1.shape))
    x2 = _ops.reshape(x2, (1,) * (ndim - x2.ndim) + tuple(x2.shape))
    if ndim == 0:
        raise ValueError("vecdot: the operands are 0-d")
    axis = _normalize_axis(axis, ndim)
    order = [d for d in range(ndim) if d != axis] + [axis]
    x1, x2 = _ops.transpose(x1, order), _ops.transpose(x2, order)
    _check_core("vecdot", x1.shape[-1], x2.shape[-1])
    return _vector_product("...j,...j->...", x1, x2, True)


def vecdot(x1, x2, /, *, axis=-1):
    """NumPy's vecdot: the dot products of the vectors along `axis` (the
    first conjugated), the other dimensions broadcast."""
    return _vecdot(x1, x2, operator.index(axis))


def _matrix_vector(name, spec, x1, x2, contracted1, contracted2,
                   conjugate_first):
    """The einsum `spec` of a matrix and a vector (x1's core dimensions and
    the one it contracts: `contracted1`, a (core ndim, dimension) pair;
    x2's: `contracted2`)."""
    graph = _graph_of(x1, x2)
    x1, x2 = _tensor(graph, x1), _tensor(graph, x2)
    _check_core(name, _core_size(name, x1, *contracted1),
                _core_size(name, x2, *contracted2))
    return _vector_product(spec, x1, x2, conjugate_first)


@eager
def matvec(x1, x2, /):
    """NumPy's matvec: matrices times vectors, the batch dimensions
    broadcast."""
    return _matrix_vector("matvec", "...ij,...j->...i", x1, x2, (2, -1),
                          (1, -1), False)


@eager
def vecmat(x1, x2, /):
    """NumPy's vecmat: vectors (conjugated) times matrices, the batch
    dimensions broadcast."""
    return _matrix_vector("vecmat", "...j,...jk->...k", x1, x2, (1, -1),
                          (2, -2), True)


@eager
def outer(a, b):
    """NumPy's outer: every product of the flattened arrays' elements."""
    graph = _graph_of(a, b)
    a = _ops.reshape(_tensor(graph, a), (-1, 1))
    b = _ops.reshape(_tensor(graph, b), (1, -1))
    return _ops.multiply(a, b)


def tensordot(a, b, axes=2):
    """NumPy's tensordot: `axes` an integer (the last `axes` of `a` against
    the first of `b`) or a pair of axis sequences."""
    return _tensordot(a, b, axes=_freeze_axes(axes))


def _freeze_axes(axes):
    if isinstance(axes, (int, np.integer)):
        return operator.index(axes)
    first, second = axes
    as_tuple = (lambda x: tuple(operator.index(i) for i in x)
                if isinstance(x, (list, tuple)) else (operator.index(x),))
    return (as_tuple(first), as_tuple(second))


@eager
def _tensordot(a, b, axes):
    graph = _graph_of(a, b)
    a, b = _tensor(graph, a), _tensor(graph, b)
    if isinstance(axes, int):
        if axes < 0 or axes > builtins.min(a.ndim, b.ndim):
            raise ValueError("tensordot: axes must be between 0 and the "
                             "smaller rank")
        a_axes = list(range(a.ndim - axes, a.ndim))
        b_axes = list(range(axes))
    else:
        if len(axes[0]) != len(axes[1]):
            raise ValueError("shape-mismatch for sum")
        a_axes = [_normalize_axis(i, a.ndim) for i in axes[0]]
        b_axes = [_normalize_axis(i, b.ndim) for i in axes[1]]
    _check_sizes(a, b, a_axes, b_axes, "tensordot")
    return _contract(a, b, a_axes, b_axes)


@eager
def kron(a, b):
    """NumPy's kron: the Kronecker product, the shorter shape padded with
    leading ones."""
    graph = _graph_of(a, b)
    a, b = _tensor(graph, a), _tensor(graph, b)
    ndim = builtins.max(a.ndim, b.ndim)
    a = _ops.reshape(a, (1,) * (ndim - a.ndim) + a.shape)
    b = _ops.reshape(b, (1,) * (ndim - b.ndim) + b.shape)
    a_letters = _LETTERS[:ndim]
    b_letters = _LETTERS[ndim: 2 * ndim]
    interleaved = "".join(x + y for x, y in zip(a_letters, b_letters))
    product = _ops.einsum(f"{a_letters},{b_letters}->{interleaved}", a, b)
    return _ops.reshape(product,
                        tuple(x * y for x, y in zip(a.shape, b.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """NumPy's cross product of vectors of 2 or 3 components along the
    last axes (or `axis`); of 2-vectors, the z component alone."""
    if axis is not None:
        axisa = axisb = axisc = axis
    return _cross(a, b, axisa=axisa, axisb=axisb, axisc=axisc)


@eager
def _cross(a, b, axisa, axisb, axisc):
    graph = _graph_of(a, b)
    a = _move_to_end(_tensor(graph, a), axisa)
    b = _move_to_end(_tensor(graph, b), axisb)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n"
                         "(dimension must be 2 or 3)")

    def part(x, i):
        if i >= x.shape[-1]:
            return None
        return x[..., i]

    def times(x, y):
        if x is None or y is None:
            return None
        return _ops.multiply(x, y)

    def minus(x, y):
        if x is None and y is None:
            return None
        if y is None:
            return x
        if x is None:
            return _ops.negative(y)
        return _ops.subtract(x, y)

    a0, a1, a2 = (part(a, i) for i in range(3))
    b0, b1, b2 = (part(b, i) for i in range(3))
    z = minus(times(a0, b1), times(a1, b0))
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return z
    x = minus(times(a1, b2), times(a2, b1))
    y = minus(times(a2, b0), times(a0, b2))
    dtype = z.dtype
    x = x if x is not None else _ops.multiply(z, 0)
    y = y if y is not None else _ops.multiply(z, 0)
    from ._joins import stack

    result = stack([_ops.astype(x, dtype), _ops.astype(y, dtype), z],
                   axis=-1)
    return _move_from_end(result, axisc)


def _move_to_end(x, axis):
    axis = _normalize_axis(axis, x.ndim)
    order = [d for d in range(x.ndim) if d != axis] + [axis]
    return _ops.transpose(x, order)


def _move_from_end(x, axis):
    axis = _normalize_axis(axis, x.ndim)
    order = list(range(x.ndim - 1))
    order.insert(axis, x.ndim - 1)
    return _ops.transpose(x, order)


# ---------------------------------------------------------------------------
# Diagonals and triangles
# ---------------------------------------------------------------------------


@eager
def diagonal(a, offset=0, axis1=0, axis2=1):
    """NumPy's diagonal: the elements a[..., i, i + offset] of the two
    axes, as the last axis after the others."""
    graph = _graph_of(a)
    a = _tensor(graph, a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    axis1, axis2 = _normalize_axis(axis1, a.ndim), _normalize_axis(axis2,
                                                                   a.ndim)
    if axis1 == axis2:
        raise ValueError("axis1 and axis2 cannot be the same")
    rest = [d for d in range(a.ndim) if d not in (axis1, axis2)]
    a = _ops.transpose(a, rest + [axis1, axis2])
    rows, columns = a.shape[-2], a.shape[-1]
    if -1 in (rows, columns):
        raise NotImplementedError("ten: the diagonal of a dimension whose "
                                  "size is known only when the program "
                                  "runs is not supported yet")
    offset = operator.index(offset)
    first_row, first_column = (0, offset) if offset >= 0 else (-offset, 0)
    count = builtins.max(0, builtins.min(rows - first_row,
                                         columns - first_column))
    flat = _ops.reshape(a, a.shape[:-2] + (rows * columns,))
    positions = ((np.arange(count) + first_row) * columns
                 + np.arange(count) + first_column)
    from ._gather import take

    return take(flat, positions.astype(np.int64), axis=-1)


@eager
def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """NumPy's trace: the sum of the diagonal (integers as NumPy's sum
    accumulates them)."""
    d = diagonal(a, offset=offset, axis1=axis1, axis2=axis2)
    if dtype is not None:
        d = _ops.astype(d, np.dtype(dtype))
    return _ops.sum(d, axis=-1)


def _triangle_mask(rows, columns, k, lower):
    mask = np.tri(rows, columns, k=k, dtype=bool)
    return mask if lower else ~np.tri(rows, columns, k=k - 1, dtype=bool)


def _triangle(m, k, lower):
    graph = _graph_of(m)
    m = _tensor(graph, m)
    if m.ndim == 0:
        raise ValueError("input array must be at least 1-d")
    if m.ndim == 1:
        m = _ops.broadcast_to(m, (m.shape[0], m.shape[0]))
    mask = _triangle_mask(m.shape[-2], m.shape[-1], operator.index(k), lower)
    return _ops.where(mask, m, np.zeros((), m.dtype))


@eager
def tril(m, k=0):
    """NumPy's tril: the elements on and below the k-th diagonal, zeros
    above (of the last two axes)."""
    return _triangle(m, k, lower=True)


@eager
def triu(m, k=0):
    """NumPy's triu: the elements on and above the k-th diagonal, zeros
    below (of the last two axes)."""
    return _triangle(m, k, lower=False)


@eager
def diag(v, k=0):
    """NumPy's diag: the k-th diagonal of a matrix, or the square matrix
    with a vector on its k-th diagonal."""
    graph = _graph_of(v)
    v = _tensor(graph, v)
    k = operator.index(k)
    if v.ndim == 2:
        return diagonal(v, offset=k)
    if v.ndim != 1:
        raise ValueError("Input must be 1- or 2-d.")
    n = v.shape[0]
    size = n + builtins.abs(k)
    from ._joins import pad

    # Row i holds column j's entry of the padded vector where j - i == k.
    column = pad(v, (k, 0) if k >= 0 else (0, -k))
    mask = np.eye(size, k=k, dtype=bool)
    return _ops.where(mask, _ops.reshape(column, (1, size)),
                      np.zeros((), v.dtype))


# ---------------------------------------------------------------------------
# Elementwise
# ---------------------------------------------------------------------------


def _lifted(ufunc, *operands):
    """The graph and `operands` as traced values of `ufunc`'s result
    dtype."""
    graph = _graph_of(*operands)
    dtype = _ufunc_dtype(ufunc, tuple(_kind(x) for x in operands))
    return graph, dtype, [_lift(graph, x, dtype) for x in operands]


def _widened(ufunc, *operands, float32_in_float64=False):
    """`ufunc`'s result dtype and `operands` as traced values of the dtype
    that NumPy computes it in: its float16 loops (and ml_dtypes' bfloat16
    and float8 ones) widen to float32 and round the result once, which a
    composition of several ops in 16 bits does not (logaddexp was 17 units
    in the last place off in float16). With `float32_in_float64`, float32
    widens to float64, as the C library's hypotf computes. The
    caller casts its result back to the first."""
    graph, dtype, values = _lifted(ufunc, *operands)
    if not _dtypes.is_float(dtype) or dtype.itemsize > 4 or (
            dtype.itemsize == 4 and not float32_in_float64):
        return dtype, values
    wide = np.dtype(np.float64 if dtype.itemsize == 4 else np.float32)
    return dtype, [_lift(graph, x, wide) for x in values]


def _narrowed(value, dtype):
    """`value` cast to `dtype` where _widened widened it."""
    return value if value.dtype == dtype else _ops.astype(value, dtype)


@eager
def hypot(x1, x2):
    """sqrt(x1**2 + x2**2) without overflow or underflow on the way, as
    NumPy's hypot: infinite if either is, even beside NaN."""
    dtype, (x, y) = _widened(np.hypot, x1, x2, float32_in_float64=True)
    ax, ay = _ops.abs(x), _ops.abs(y)
    high, low = _ops.maximum(ax, ay), _ops.minimum(ax, ay)
    ratio = _ops.where(_ops.equal(high, 0), 0, _ops.divide(low, high))
    result = _ops.multiply(high, _ops.sqrt(_ops.add(1, _ops.square(ratio))))
    infinite = logical_or(_ops.isinf(ax), _ops.isinf(ay))
    return _narrowed(
        _ops.where(infinite, np.asarray(np.inf, x.dtype), result), dtype)


@eager
def logaddexp(x1, x2):
    """log(exp(x1) + exp(x2)) without overflow, as NumPy's logaddexp."""
    dtype, (x, y) = _widened(np.logaddexp, x1, x2)
    high = _ops.maximum(x, y)
    spread = _ops.negative(_ops.abs(_ops.subtract(x, y)))
    result = _ops.add(high, _ops.log1p(_ops.exp(spread)))
    # Equal (infinities too): x + log(2).
    return _narrowed(
        _ops.where(_ops.equal(x, y), _ops.add(x, math.log(2.0)), result),
        dtype)


@eager
def logaddexp2(x1, x2):
    """log2(2**x1 + 2**x2) without overflow, as NumPy's logaddexp2."""
    dtype, (x, y) = _widened(np.logaddexp2, x1, x2)
    high = _ops.maximum(x, y)
    spread = _ops.negative(_ops.abs(_ops.subtract(x, y)))
    result = _ops.add(high, _ops.multiply(
        _ops.log1p(_ops.exp2(spread)), 1 / math.log(2.0)))
    return _narrowed(
        _ops.where(_ops.equal(x, y), _ops.add(x, 1.0), result), dtype)


def _nan_ignoring(extremum, ufunc, x1, x2):
    _, dtype, (x, y) = _lifted(ufunc, x1, x2)
    result = extremum(x, y)
    if not _dtypes.holds_nan(dtype):
        return result
    return _ops.where(_ops.isnan(x), y, _ops.where(_ops.isnan(y), x, result))


@eager
def fmax(x1, x2):
    """The larger of two elements, a NaN ignored unless both are NaN."""
    return _nan_ignoring(_ops.maximum, np.fmax, x1, x2)


@eager
def fmin(x1, x2):
    """The smaller of two elements, a NaN ignored unless both are NaN."""
    return _nan_ignoring(_ops.minimum, np.fmin, x1, x2)


@eager
def heaviside(x1, x2):
    """0 below zero, 1 above, `x2` at zero; NaN for NaN."""
    _, dtype, (x, h) = _lifted(np.heaviside, x1, x2)
    step = _ops.where(_ops.less(x, 0), np.zeros((), dtype),
                      _ops.where(_ops.greater(x, 0), np.ones((), dtype), h))
    return _ops.where(_ops.isnan(x), x, step)


def _angle_factor(numerator, denominator, dtype):
    """numerator / denominator as NumPy's angle conversions compute it: in
    `dtype`, from pi rounded to `dtype` (in float32, 180 / pi is 57.295776,
    not 180 / pi rounded, 57.29578)."""
    return np.asarray(np.asarray(numerator, dtype) / np.asarray(denominator,
                                                                dtype))


@eager
def deg2rad(x):
    """Degrees to radians."""
    dtype, (x,) = _widened(np.deg2rad, x)
    return _narrowed(
        _ops.multiply(x, _angle_factor(np.pi, 180, x.dtype)), dtype)


@eager
def rad2deg(x):
    """Radians to degrees."""
    dtype, (x,) = _widened(np.rad2deg, x)
    return _narrowed(
        _ops.multiply(x, _angle_factor(180, np.pi, x.dtype)), dtype)


radians = deg2rad
degrees = rad2deg


@eager
def cbrt(x):
    """Elementwise real cube root (negative for negative numbers), exact
    on perfect cubes as NumPy's: the op `ten.cbrt` of |x| (the C library's
    or the vector math library's, within 4 units in the last place)
    refined by a Newton step."""
    dtype, (x,) = _widened(np.cbrt, x)
    magnitude = _ops.abs(x)
    root = _ops.cbrt(magnitude)
    # One Newton step on y**3 = |x|: y - (y**3 - |x|) / (3 y**2).
    square = _ops.multiply(root, root)
    refined = _ops.subtract(root, _ops.divide(
        _ops.subtract(_ops.multiply(square, root), magnitude),
        _ops.multiply(square, 3)))
    special = logical_or(_ops.equal(magnitude, 0),
                              logical_not(_ops.isfinite(magnitude)))
    refined = _ops.where(special, root, refined)
    return _narrowed(
        _ops.where(_ops.less(x, 0), _ops.negative(refined),
                   _ops.where(_ops.equal(x, 0), x, refined)), dtype)


@eager
def positive(x):
    """+x: a copy (NumPy refuses booleans)."""
    graph = _graph_of(x)
    x = _tensor(graph, x)
    if x.dtype == np.bool_:
        raise TypeError(_ops.POSITIVE_OF_BOOLEANS)
    # Adding -0 keeps every float's sign, -0 + -0 being -0.
    identity = np.zeros((), x.dtype)
    if x.dtype.kind in "fc":
        identity = np.array(complex(-0.0, -0.0) if x.dtype.kind == "c"
                            else -0.0, x.dtype)
    return _ops.add(x, identity)


@eager
def sinc(x):
    """sin(pi x) / (pi x), 1 at 0, as NumPy's sinc computes it: pi x first,
    and where that is 0, the dtype's machine epsilon (1e-20 for complex
    numbers) in its place, which float16 holds (1e-20 is 0 there)."""
    graph = _graph_of(x)
    x = _tensor(graph, x)
    dtype = x.dtype if x.dtype.kind in "fc" else np.dtype(np.float64)
    x = _lift(graph, x, dtype)
    y = _ops.multiply(x, np.asarray(np.pi, dtype))
    tiny = np.finfo(dtype).eps if dtype.kind == "f" else 1.0e-20
    y = _ops.where(_ops.equal(y, 0), np.asarray(tiny, dtype), y)
    return _ops.divide(_ops.sin(y), y)


@eager
def float_power(x1, x2):
    """x1 ** x2 in float64 (complex128 for complex operands)."""
    _, dtype, (x, y) = _lifted(np.float_power, x1, x2)
    return _ops.power(x, y)


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


@eager
def ptp(a, axis=None, keepdims=False):
    """max - min along `axis` (NumPy's ptp), in `a`'s dtype."""
    graph = _graph_of(a)
    a = _tensor(graph, a)
    if a.dtype == np.bool_:
        # NumPy takes the maximum first, which refuses an empty reduction.
        _ops.max(a, axis=axis, keepdims=keepdims)
        raise TypeError("numpy boolean subtract, the `-` operator, is not "
                        "supported, use the bitwise_xor, the `^` operator, "
                        "or the logical_xor function instead.")
    return _ops.subtract(_ops.max(a, axis=axis, keepdims=keepdims),
                         _ops.min(a, axis=axis, keepdims=keepdims))


def average(a, axis=None, weights=None, returned=False, *, keepdims=False):
    """NumPy's average: the mean, or with `weights` (of `a`'s shape, or 1-d
    along a single `axis`) sum(a * w) / sum(w); with `returned`, also the
    sum of the weights."""
    axis = tuple(axis) if isinstance(axis, list) else axis
    if weights is None:
        result = _ops.mean(a, axis=axis, keepdims=keepdims)
        if not returned:
            return result
        # The sum of the weights: the count of elements averaged (NumPy
        # divides the sizes, and so fails where the result is empty).
        results = int(np.prod(np.shape(result)))
        if results == 0:
            raise ZeroDivisionError("division by zero")
        count = np.size(a) // results
        dtype = result.dtype if isinstance(result, Tensor) else \
            np.asarray(result).dtype
        return result, _ops.broadcast_to(np.asarray(count, dtype),
                                         np.shape(result))
    result, total = _weighted_average(a, weights, axis=axis,
                                      keepdims=keepdims)
    if not isinstance(total, Tensor) and np.any(np.asarray(total) == 0):
        # NumPy's check, on the computed sums; a trace cannot raise on its
        # values and gives NaN or infinity there, as JAX does.
        raise ZeroDivisionError("Weights sum to zero, can't be normalized")
    return (result, total) if returned else result


@eager
def _weighted_average(a, weights, axis, keepdims):
    """sum(a * w) / sum(w) and sum(w), broadcast to the result's shape."""
    graph = _graph_of(a, weights)
    a, w = _tensor(graph, a), _tensor(graph, weights)
    if a.dtype.kind in "biu":
        dtype = np.result_type(a.dtype, w.dtype, "f8")
    else:
        dtype = np.result_type(a.dtype, w.dtype)
    a, w = _lift(graph, a, dtype), _lift(graph, w, dtype)
    if a.shape != w.shape:
        if axis is None:
            raise TypeError("Axis must be specified when shapes of a and "
                            "weights differ.")
        if w.ndim != 1:
            raise TypeError("1D weights expected when shapes of a and "
                            "weights differ.")
        axis_ = _normalize_axis(axis, a.ndim)
        if w.shape[0] != a.shape[axis_]:
            raise ValueError("Length of weights not compatible with "
                             "specified axis.")
        shape = [1] * a.ndim
        shape[axis_] = w.shape[0]
        w = _ops.broadcast_to(_ops.reshape(w, tuple(shape)), a.shape)
    total = _ops.sum(w, axis=axis, keepdims=keepdims)
    result = _ops.divide(_ops.sum(_ops.multiply(a, w), axis=axis,
                                  keepdims=keepdims), total)
    return result, _ops.broadcast_to(total, result.shape)


@eager
def nanprod(a, axis=None, dtype=None, keepdims=False,
            initial=_ops._NOT_GIVEN, where=True):
    """The product of the elements that are not NaN (1 if none), as NumPy's
    nanprod (`dtype`, `initial`, `where` as prod's)."""
    graph = _graph_of(a)
    a = _tensor(graph, a)
    if _dtypes.holds_nan(a.dtype):
        a = _ops.where(_ops.isnan(a), np.ones((), a.dtype), a)
    return _ops.prod(a, axis=axis, dtype=dtype, keepdims=keepdims,
                     initial=initial, where=where)


@eager
def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    """The variance of the elements that are not NaN (and where `where`
    holds), dividing by their count less `ddof` (NaN where that is not
    positive); in `dtype` if given; NumPy 2's `correction` for ddof and
    `mean` (their mean, of the shape keepdims=True gives, instead of
    computing it)."""
    from ._math import _ddof, selected_squares, var

    ddof = _ddof(ddof, correction)
    graph = _graph_of(a, where, mean)
    a = _tensor(graph, a)
    if not _dtypes.holds_nan(a.dtype):
        # Integers and booleans hold no NaN: NumPy's var, dtype and all.
        return var(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims,
                   where=where, mean=mean)
    if dtype is not None:
        if not _dtypes.holds_nan(np.dtype(dtype)):
            raise TypeError("If a is inexact, then dtype must be inexact")
        a = _ops.astype(a, dtype)
    real = np.dtype(a.dtype.char.lower()) if a.dtype.kind == "c" else a.dtype
    present = logical_not(_ops.isnan(a))
    if where is not True:
        present = logical_and(present, where)
    sums, count = selected_squares(a, present, axis, keepdims, mean)
    divisor = _ops.subtract(count, ddof)
    return _ops.where(_ops.greater(divisor, 0), _ops.divide(sums, divisor),
                      np.asarray(np.nan, real))


@eager
def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False, *, where=True,
           mean=None, correction=None):
    """sqrt(nanvar); of integers or booleans, NumPy's std (an integer
    `dtype` truncates a scalar's root and refuses an array's)."""
    from ._math import std

    a = _tensor(_graph_of(a, where, mean), a)
    if not _dtypes.holds_nan(a.dtype):
        return std(a, axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims,
                   where=where, mean=mean, correction=correction)
    return _ops.sqrt(nanvar(a, axis=axis, dtype=dtype, ddof=ddof,
                            keepdims=keepdims, where=where, mean=mean,
                            correction=correction))


# ---------------------------------------------------------------------------
# Joins, grids and polynomials
# ---------------------------------------------------------------------------


def append(arr, values, axis=None):
    """NumPy's append: `values` after `arr`, both flattened without
    `axis`."""
    from ._joins import concatenate

    if axis is None:
        return concatenate([_ops.reshape(arr, (-1,)),
                            _ops.reshape(values, (-1,))])
    return concatenate([arr, values], axis=axis)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """NumPy's meshgrid: coordinate arrays of the 1-d `xi`, 'xy' (the first
    two swapped, as in plotting) or 'ij' indexing; `sparse` leaves them
    unbroadcast."""
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    n = len(xi)
    grids = []
    for i, x in enumerate(xi):
        shape = [1] * n
        shape[i] = -1
        if indexing == "xy" and n > 1 and i < 2:
            shape[i], shape[1 - i] = 1, -1
        grids.append(_ops.reshape(_ops.reshape(x, (-1,)), tuple(shape)))
    if sparse:
        return tuple(grids)
    from ._layout import broadcast_arrays

    return tuple(broadcast_arrays(*grids))


def rot90(m, k=1, axes=(0, 1)):
    """NumPy's rot90: `m` rotated by 90 degrees `k` times in the plane of
    `axes`, from the first axis towards the second."""
    from ._joins import flip

    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    ndim = np.ndim(m)
    if axes[0] == axes[1] or builtins.abs(axes[0] - axes[1]) == ndim:
        raise ValueError("Axes must be different.")
    if not (-ndim <= axes[0] < ndim and -ndim <= axes[1] < ndim):
        raise ValueError(f"Axes={axes} out of range for array of ndim={ndim}.")
    k = operator.index(k) % 4
    if k == 0:
        return m
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    order = list(range(ndim))
    first, second = axes[0] % ndim, axes[1] % ndim
    order[first], order[second] = order[second], order[first]
    if k == 1:
        return _ops.transpose(flip(m, axes[1]), order)
    return flip(_ops.transpose(m, order), axes[1])


def ediff1d(ary, to_end=None, to_begin=None):
    """NumPy's ediff1d: the differences of the flattened array, with
    `to_begin` before and `to_end` after."""
    from ._joins import concatenate
    from ._statistics import diff

    parts = [diff(_ops.reshape(ary, (-1,)))]
    if to_begin is not None:
        parts.insert(0, _ops.reshape(to_begin, (-1,)))
    if to_end is not None:
        parts.append(_ops.reshape(to_end, (-1,)))
    return concatenate(parts) if len(parts) > 1 else parts[0]


def trapezoid(y, x=None, dx=1.0, axis=-1):
    """NumPy's trapezoid rule along `axis`: sample spacing `dx`, or the
    sample points `x`."""
    from ._statistics import diff

    if not isinstance(y, Tensor):
        y = np.asarray(y)
    ndim = np.ndim(y)
    axis = _normalize_axis(axis, ndim)
    size = np.shape(y)[axis]

    def part(v, start, stop):
        index = [slice(None)] * np.ndim(v)
        index[axis if np.ndim(v) == ndim else 0] = slice(start, stop)
        return v[tuple(index)]

    if x is None:
        d = dx
    else:
        d = diff(x, axis=axis if np.ndim(x) == ndim else -1)
        if np.ndim(x) == 1 and ndim > 1:
            shape = [1] * ndim
            shape[axis] = size - 1
            d = _ops.reshape(d, tuple(shape))
    pairs = _ops.add(part(y, 1, None), part(y, None, -1))
    return _ops.sum(_ops.divide(_ops.multiply(d, pairs), 2.0), axis=axis)


def polyval(p, x):
    """NumPy's polyval: the polynomial with coefficients `p`, highest power
    first, at `x` (Horner's scheme)."""
    if not isinstance(x, Tensor):
        x = np.asarray(x)
    if not isinstance(p, Tensor):
        p = np.asarray(p)
    count = p.shape[0]
    # NumPy's zeros_like(x) * x + p[0] first: NaN and infinities give NaN.
    result = _ops.multiply(x, 0)
    for i in range(count):
        result = _ops.add(_ops.multiply(result, x), p[i])
    return result


def vander(x, N=None, increasing=False):
    """NumPy's Vandermonde matrix of the 1-d `x`: its powers x**(N-1) ...
    x**0 (increasing: x**0 first), as repeated products."""
    if np.ndim(x) != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = np.shape(x)[0] if N is None else operator.index(N)
    if n < 0:
        raise ValueError("negative dimensions are not allowed")
    # NumPy's dtype: x's promoted with the default integer (int8 gives
    # int64, float32 float64), the products computed in it.
    dtype = np.promote_types(
        x.dtype if isinstance(x, Tensor) else np.asarray(x).dtype, int)
    column = _ops.astype(_ops.reshape(x, (-1, 1)), dtype)
    from ._joins import concatenate

    if n == 0:
        return column[:, :0]
    # x**0 is 1, NaN's too.
    powers = [_ops.power(column, 0)]
    for _ in range(1, n):
        powers.append(_ops.multiply(powers[-1], column))
    if not increasing:
        powers.reverse()
    return concatenate(powers, axis=1)


def interp(x, xp, fp, left=None, right=None, period=None):
    """NumPy's interp: piecewise linear interpolation of the points (xp,
    fp), xp increasing; `left` and `right` (default fp[0] and fp[-1])
    beyond the ends. With `period`, the points and `x` are taken modulo it
    (xp in any order), as NumPy's periodic interpolation."""
    if period is None:
        return _interp(x, xp, fp, left=left, right=right)
    if isinstance(period, Tensor):
        raise NotImplementedError("ten.interp: the period is a value known "
                                  "when tracing, not a traced one")
    if period == 0:
        raise ValueError("period must be a non-zero value")
    return _periodic_interp(x, xp, fp, period=builtins.abs(float(period)))


@eager
def _periodic_interp(x, xp, fp, period):
    from ._gather import take
    from ._joins import concatenate
    from ._sorting import argsort

    graph = _graph_of(x, xp, fp)
    xp, fp = _tensor(graph, xp), _tensor(graph, fp)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("Data points must be 1-D sequences")
    if xp.shape[0] != fp.shape[0]:
        raise ValueError("fp and xp are not of the same length")
    # NumPy's normalization: everything modulo the period, the points
    # sorted, and the last and first repeated one period beyond the ends.
    x = _ops.remainder(_lift(graph, x, np.dtype(np.float64)), period)
    xp = _ops.remainder(_lift(graph, xp, np.dtype(np.float64)), period)
    order = argsort(xp, kind="stable")
    xp, fp = take(xp, order), take(fp, order)
    n = xp.shape[0]
    xp = concatenate([_ops.subtract(xp[n - 1:], period), xp,
                      _ops.add(xp[:1], period)])
    fp = concatenate([fp[n - 1:], fp, fp[:1]])
    return _interp(x, xp, fp, left=None, right=None)


@eager
def _interp(x, xp, fp, left, right):
    from ._gather import take
    from ._sorting import searchsorted

    graph = _graph_of(x, xp, fp)
    xp, fp = _tensor(graph, xp), _tensor(graph, fp)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("object too deep for desired array")
    n = xp.shape[0]
    if n == 0:
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != n:
        raise ValueError("fp and xp are not of the same length.")
    complex_values = fp.dtype.kind == "c"
    dtype = np.dtype(np.complex128 if complex_values else np.float64)
    x = _lift(graph, x, np.dtype(np.float64))
    xp = _lift(graph, xp, np.dtype(np.float64))
    fp = _lift(graph, fp, dtype)
    first, last = fp[0], fp[n - 1]
    left = first if left is None else _lift(graph, left, dtype)
    right = last if right is None else _lift(graph, right, dtype)
    if n == 1:
        inside = _ops.broadcast_to(first, x.shape)
    else:
        j = clip(_ops.subtract(searchsorted(xp, x, side="right"), 1),
                      0, n - 2)
        x0, x1 = take(xp, j), take(xp, _ops.add(j, 1))
        f0, f1 = take(fp, j), take(fp, _ops.add(j, 1))
        slope = _ops.divide(_ops.subtract(f1, f0), _ops.subtract(x1, x0))
        inside = _ops.add(_ops.multiply(slope, _ops.subtract(x, x0)), f0)
        inside = _ops.where(_ops.equal(x, xp[n - 1]), last, inside)
    # NaN compares false: the interpolation, NaN (fp[0] for one point).
    return _ops.where(_ops.less(x, xp[0]), left,
                      _ops.where(_ops.greater(x, xp[n - 1]), right, inside))


def lexsort(keys, axis=-1):
    """NumPy's lexsort: the indices that sort by the last key, then the one
    before it, and so on (each a stable sort)."""
    from ._gather import take_along_axis
    from ._sorting import argsort

    if isinstance(keys, (list, tuple)):
        keys = list(keys)
    else:
        keys = [keys[i] for i in range(np.shape(keys)[0])]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    order = argsort(keys[0], axis=axis, kind="stable")
    for key in keys[1:]:
        reordered = take_along_axis(key, order, axis=axis)
        order = take_along_axis(order, argsort(reordered, axis=axis,
                                               kind="stable"), axis=axis)
    return order


Tensor.dot = lambda self, b: dot(self, b)
Tensor.diagonal = (lambda self, offset=0, axis1=0, axis2=1:
                   diagonal(self, offset, axis1, axis2))
Tensor.trace = (lambda self, offset=0, axis1=0, axis2=1, dtype=None:
                trace(self, offset, axis1, axis2, dtype))
Tensor.ptp = (lambda self, axis=None, keepdims=False:
              ptp(self, axis, keepdims=keepdims))


# ---------------------------------------------------------------------------
# Covariance, gradients, convolutions and small creations
# ---------------------------------------------------------------------------


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None,
        aweights=None, *, dtype=None):
    """NumPy's cov: the covariance matrix of the variables in the rows of
    `m` (columns unless `rowvar`), with `y`'s after them; divided by N - 1
    (N with `bias`, N - `ddof` if given); observations weighted by integer
    frequencies `fweights` and importances `aweights` (known when
    tracing), normalized as NumPy normalizes them."""
    if ddof is None:
        ddof = 0 if bias else 1
    observations = _observation_count(m, rowvar)
    fweights = _checked_weights(fweights, "fweights", observations)
    aweights = _checked_weights(aweights, "aweights", observations)
    return _cov(m, y, bool(rowvar), operator.index(ddof),
                None if dtype is None else np.dtype(dtype), fweights,
                aweights)


def _observation_count(m, rowvar):
    """The number of observations of cov's `m`."""
    shape = tuple(m.shape) if isinstance(m, Tensor) else np.shape(m)
    if len(shape) < 2:
        return shape[0] if shape else 1
    return shape[1] if rowvar else shape[0]


def _checked_weights(weights, name, observations):
    """cov's weights as float64 values, checked as NumPy checks them."""
    if weights is None:
        return None
    if isinstance(weights, Tensor):
        raise NotImplementedError(f"ten.cov: {name} are values known when "
                                  f"tracing, not traced ones")
    values = np.asarray(weights, dtype=float)
    if name == "fweights" and not np.all(values == np.around(values)):
        raise TypeError("fweights must be integer")
    if values.ndim > 1:
        raise RuntimeError(f"cannot handle multidimensional {name}")
    if values.shape[0] != observations:
        raise RuntimeError(f"incompatible numbers of samples and {name}")
    if np.any(values < 0):
        raise ValueError(f"{name} cannot be negative")
    return tuple(values.tolist())


def _variables(graph, x, rowvar):
    x = _tensor(graph, x)
    if x.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    x = _ops.reshape(x, (1, -1)) if x.ndim < 2 else x
    if not rowvar and x.shape[0] != 1:
        x = _ops.transpose(x)
    return x


@eager
def _cov(m, y, rowvar, ddof, dtype, fweights=None, aweights=None):
    from ._joins import concatenate

    graph = _graph_of(m) if y is None else _graph_of(m, y)
    x = _variables(graph, m, rowvar)
    if y is not None:
        x = concatenate([x, _variables(graph, y, rowvar)], axis=0)
    if dtype is None:
        dtype = np.result_type(x.dtype, np.float64)
    x = _lift(graph, x, dtype)
    observations = x.shape[1]
    # NumPy's weights: their product, the weighted mean, and the
    # normalization that the weights and ddof give (host arithmetic: the
    # weights are parameters).
    weights = None
    for given in (fweights, aweights):
        if given is not None:
            given = np.asarray(given)
            weights = given if weights is None else weights * given
    if weights is None:
        mean = _ops.mean(x, axis=1, keepdims=True)
        fact = observations - ddof
    else:
        total = weights.sum()
        if total == 0:
            raise ZeroDivisionError(
                "Weights sum to zero, can't be normalized")
        mean = _ops.divide(
            _ops.sum(_ops.multiply(x, weights.astype(dtype)), axis=1,
                     keepdims=True), np.asarray(total).astype(dtype))
        if ddof == 0:
            fact = total
        elif aweights is None:
            fact = total - ddof
        else:
            fact = total - ddof * (weights * np.asarray(aweights)).sum() / total
    centered = _ops.subtract(x, mean)
    other = _ops.conjugate(centered) if dtype.kind == "c" else centered
    if weights is not None:
        other = _ops.multiply(other, weights.astype(dtype))
    products = _ops.einsum("ik,jk->ij", centered, other)
    result = _ops.multiply(products, np.true_divide(1, builtins.max(fact, 0.0)
                                                    ).astype(dtype))
    if result.shape == (1, 1):
        return _ops.reshape(result, ())
    return result


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    """NumPy's corrcoef: the covariance matrix normalized by the standard
    deviations, its real parts clipped to [-1, 1]."""
    return _corrcoef(x, y, bool(rowvar),
                     None if dtype is None else np.dtype(dtype))


@eager
def _corrcoef(x, y, rowvar, dtype):
    c = _cov(x, y, rowvar, 1, dtype)
    if c.ndim == 0:
        return _ops.divide(c, c)
    deviations = _ops.sqrt(_ops.real(diagonal(c)))
    c = _ops.divide(c, _ops.reshape(deviations, (-1, 1)))
    c = _ops.divide(c, _ops.reshape(deviations, (1, -1)))
    if c.dtype.kind == "c":
        return _ops.add(clip(_ops.real(c), -1, 1),
                        _ops.multiply(_ops.imag(c), 1j))
    return clip(c, -1, 1)


def _spacing(value, size):
    """One axis's spacing for gradient, as NumPy reads it: a scalar is a
    uniform step (kept as given, a Python number weak); a 1-d array of the
    axis's length is the coordinates, whose differences are the steps (one
    step if all are equal), in float64 for integers."""
    if isinstance(value, Tensor):
        raise NotImplementedError("ten.gradient: spacings are values known "
                                  "when tracing, not traced ones")
    if np.ndim(value) == 0:
        return value
    coordinates = np.asarray(value)
    if coordinates.ndim != 1:
        raise ValueError("distances must be either scalars or 1d")
    if len(coordinates) != size:
        raise ValueError("when 1d, distances must match the length of the "
                         "corresponding dimension")
    if coordinates.dtype.kind in "iub":
        coordinates = coordinates.astype(np.float64)
    steps = np.diff(coordinates)
    if (steps == steps[0]).all():
        return steps[0]
    return tuple(steps.tolist())


def gradient(f, *varargs, axis=None, edge_order=1):
    """NumPy's gradient: central differences inside, one-sided ones of
    `edge_order` at the edges, with NumPy's formulas for uniform spacings
    (one scalar, or one per axis) and for coordinates (a 1-d array per
    axis); one array per axis (a list), or one for a single axis."""
    shape = tuple(f.shape) if isinstance(f, Tensor) else np.shape(f)
    ndim = len(shape)
    axes = (list(range(ndim)) if axis is None else
            [_normalize_axis(a, ndim) for a in
             (axis if isinstance(axis, (tuple, list)) else (axis,))])
    if len(varargs) == 0:
        spacings = [1.0] * len(axes)
    elif len(varargs) == 1 and np.ndim(varargs[0]) == 0:
        spacings = [varargs[0]] * len(axes)
    elif len(varargs) == len(axes):
        spacings = [_spacing(v, shape[a]) for v, a in zip(varargs, axes)]
    else:
        raise TypeError("invalid number of arguments")
    if edge_order not in (1, 2):
        raise ValueError("'edge_order' greater than 2 not supported")
    results = [_gradient(f, a, h, edge_order) for a, h in zip(axes, spacings)]
    return results[0] if len(results) == 1 else results


@eager
def _gradient(f, axis, h, edge_order):
    from ._joins import concatenate

    graph = _graph_of(f)
    f = _tensor(graph, f)
    size = f.shape[axis]
    if size < edge_order + 1:
        raise ValueError("Shape of array too small to calculate a numerical "
                         "gradient, at least (edge_order + 1) elements are "
                         "required.")
    dtype = f.dtype if f.dtype.kind in "fc" else np.dtype(np.float64)
    f = _lift(graph, f, dtype)

    def part(start, stop):
        index = [slice(None)] * f.ndim
        index[axis] = slice(start, stop)
        return f[tuple(index)]

    def combine(*terms):
        """sum of coefficient * values, left to right, as NumPy's."""
        total = None
        for coefficient, values in terms:
            term = _ops.multiply(coefficient, values)
            total = term if total is None else _ops.add(total, term)
        return total

    if not isinstance(h, tuple):
        # NumPy's uniform formulas; its coefficients keep h's type (a Python
        # number weak).
        inner = _ops.divide(_ops.subtract(part(2, None), part(None, -2)),
                            2.0 * h)
        if edge_order == 1:
            first = _ops.divide(_ops.subtract(part(1, 2), part(0, 1)), h)
            last = _ops.divide(_ops.subtract(part(-1, None), part(-2, -1)), h)
        else:
            first = combine((-1.5 / h, part(0, 1)), (2.0 / h, part(1, 2)),
                            (-0.5 / h, part(2, 3)))
            last = combine((0.5 / h, part(-3, -2)), (-2.0 / h, part(-2, -1)),
                           (1.5 / h, part(-1, None)))
        return _ops.astype(concatenate([first, inner, last], axis=axis),
                           dtype)
    # Coordinates: NumPy's second-order differences of unequal steps, its
    # coefficients float64 arrays along the axis.
    steps = np.asarray(h)
    shape = [1] * f.ndim
    shape[axis] = -1
    dx1, dx2 = steps[:-1], steps[1:]
    a = (-dx2 / (dx1 * (dx1 + dx2))).reshape(shape)
    b = ((dx2 - dx1) / (dx1 * dx2)).reshape(shape)
    c = (dx1 / (dx2 * (dx1 + dx2))).reshape(shape)
    inner = combine((a, part(None, -2)), (b, part(1, -1)), (c, part(2, None)))
    if edge_order == 1:
        first = _ops.divide(_ops.subtract(part(1, 2), part(0, 1)), steps[0])
        last = _ops.divide(_ops.subtract(part(-1, None), part(-2, -1)),
                           steps[-1])
    else:
        dx1, dx2 = steps[0], steps[1]
        first = combine((-(2.0 * dx1 + dx2) / (dx1 * (dx1 + dx2)), part(0, 1)),
                        ((dx1 + dx2) / (dx1 * dx2), part(1, 2)),
                        (-dx1 / (dx2 * (dx1 + dx2)), part(2, 3)))
        dx1, dx2 = steps[-2], steps[-1]
        last = combine((dx2 / (dx1 * (dx1 + dx2)), part(-3, -2)),
                       (-(dx2 + dx1) / (dx1 * dx2), part(-2, -1)),
                       ((2.0 * dx2 + dx1) / (dx2 * (dx1 + dx2)),
                        part(-1, None)))
    pieces = [_ops.astype(p, dtype) for p in (first, inner, last)]
    return concatenate(pieces, axis=axis)


def _mode_offset(numpy_function, n, m, mode):
    """Where `mode`'s result starts in the full one, and its length, as
    NumPy's `numpy_function` gives them for lengths `n` and `m` (found on
    arrays of those lengths whose every window sums apart)."""
    rng = np.random.default_rng(0)
    a, v = rng.random(n), rng.random(m)
    full = numpy_function(a, v, "full")
    part = numpy_function(a, v, mode)
    for start in range(len(full) - len(part) + 1):
        if np.allclose(full[start:start + len(part)], part, rtol=0,
                       atol=1e-12):
            return start, len(part)
    raise AssertionError("no offset of the mode in the full result")


@eager
def _full_correlation(a, v, conjugate):
    """sum_j a[k + j - (m - 1)] * v[j] for every k of the full result, v
    conjugated if `conjugate`: windows of the zero-padded `a` (a take at
    constant positions) against `v`, the products of the padding dropped:
    as NumPy's, only the overlap sums, so that a NaN or infinity of `v`
    reaches only the results whose overlap holds it (the padding's 0 times
    NaN would be NaN)."""
    from ._gather import take
    from ._joins import pad

    graph = _graph_of(a, v)
    a, v = _tensor(graph, a), _tensor(graph, v)
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError("object too deep for desired array")
    n, m = a.shape[0], v.shape[0]
    if n == 0:
        raise ValueError("a cannot be empty")
    if m == 0:
        raise ValueError("v cannot be empty")
    dtype = _common_dtype((a.dtype, v.dtype))
    a, v = _lift(graph, a, dtype), _lift(graph, v, dtype)
    if conjugate and dtype.kind == "c":
        v = _ops.conjugate(v)
    padded = pad(a, (m - 1, m - 1))
    positions = (np.arange(n + m - 1)[:, None] + np.arange(m)[None, :])
    windows = take(padded, positions.astype(np.int64), axis=0)
    overlap = (positions >= m - 1) & (positions < n + m - 1)
    products = _ops.where(overlap, _ops.multiply(windows, v),
                          _lift(graph, 0, dtype))
    return _ops.sum(products, axis=1, dtype=products.dtype)


def correlate(a, v, mode="valid"):
    """NumPy's correlate of two 1-d arrays: sum_n a[n + k] * conj(v[n]),
    for the `mode`'s range of k ('valid', 'same', 'full')."""
    start, length = _mode_offset(np.correlate, np.shape(a)[0],
                                 np.shape(v)[0], mode)
    full = _full_correlation(a, v, True)
    return full[start:start + length]


def convolve(a, v, mode="full"):
    """NumPy's convolve of two 1-d arrays: sum_j a[j] * v[k - j], for the
    `mode`'s range of k ('full', 'same', 'valid')."""
    start, length = _mode_offset(np.convolve, np.shape(a)[0],
                                 np.shape(v)[0], mode)
    full = _full_correlation(a, v[::-1], False)
    return full[start:start + length]


def _dtype_of(x):
    return x.dtype if isinstance(x, Tensor) else np.asarray(x).dtype


def isreal(x):
    """Whether each element has no imaginary part (every one of a real
    array's)."""
    if _dtype_of(x).kind == "c":
        return _ops.equal(_ops.imag(x), 0)
    # A true of x's shape for every element, NaN and infinities too.
    return _ops.where(_ops.isnan(x), True, True)


def iscomplex(x):
    """Whether each element has an imaginary part (none of a real
    array's)."""
    if _dtype_of(x).kind == "c":
        return _ops.not_equal(_ops.imag(x), 0)
    return _ops.where(_ops.isnan(x), False, False)


def iscomplexobj(x):
    """Whether `x`'s dtype is complex."""
    return _dtype_of(x).kind == "c"


def isrealobj(x):
    """Whether `x`'s dtype is not complex."""
    return not iscomplexobj(x)


def real_if_close(a, tol=100):
    """NumPy's real_if_close: the real parts where every imaginary part is
    within `tol` machine epsilons of 0 (`tol` above 1), else `a`. Its dtype
    depends on the data, so a traced complex value is refused; anything
    else is NumPy's."""
    if isinstance(a, Tensor) and a.dtype.kind == "c":
        raise NotImplementedError(
            "ten.real_if_close of a traced complex value: whether the result "
            "is real depends on its elements, known only when the program "
            "runs; use ten.real where the imaginary parts are known to be "
            "negligible")
    if isinstance(a, Tensor):
        return a
    return np.real_if_close(a, tol=tol)


# ---------------------------------------------------------------------------
# Phase unwrapping
# ---------------------------------------------------------------------------


@eager
def _unwrap(p, discont, axis, period):
    from ._joins import concatenate
    from ._scans import cumsum
    from ._statistics import diff

    graph = _graph_of(p)
    p = _tensor(graph, p)
    axis = _normalize_axis(axis, p.ndim)
    dd = diff(p, axis=axis)
    dtype = np.result_type(dd.dtype, period)
    if p.shape[axis] <= 1:
        return _ops.astype(p, dtype)
    # NumPy's steps: each difference brought into [-period/2, period/2)
    # (at the boundary, the side of its sign), the corrections where a
    # difference is at least `discont`, summed along the axis.
    if dtype.kind in "iu":
        high, remainder = builtins.divmod(period, 2)
        ambiguous = remainder == 0
    else:
        high = period / 2
        ambiguous = True
    low = -high
    ddmod = _ops.add(_ops.remainder(_ops.subtract(dd, low), period), low)
    if ambiguous:
        ddmod = _ops.where(
            logical_and(_ops.equal(ddmod, low), _ops.greater(dd, 0)),
            np.asarray(high, dtype), ddmod)
    correction = _ops.subtract(ddmod, dd)
    correction = _ops.where(_ops.less(_ops.abs(dd), discont),
                            np.zeros((), correction.dtype), correction)
    first = _index_along(p, axis, 0, 1)
    rest = _index_along(p, axis, 1, p.shape[axis])
    return concatenate([_ops.astype(first, dtype),
                        _ops.astype(_ops.add(rest, cumsum(correction,
                                                          axis=axis)),
                                    dtype)], axis=axis)


def _index_along(a, axis, start, stop):
    index = [slice(None)] * a.ndim
    index[axis] = slice(start, stop)
    return a[tuple(index)]


def unwrap(p, discont=None, axis=-1, *, period=2 * math.pi):
    """NumPy's unwrap: `p` with multiples of `period` added where
    neighbours along `axis` differ by more than `discont` (period / 2 by
    default), so that they no longer jump."""
    if discont is None:
        discont = period / 2
    return _unwrap(p, discont, operator.index(axis), period)


@eager
def diagflat(v, k=0):
    """NumPy's diagflat: the square matrix with `v` flattened on its k-th
    diagonal."""
    graph = _graph_of(v)
    return diag(_ops.reshape(_tensor(graph, v), (-1,)), k)



# ---------------------------------------------------------------------------
# Greatest common divisors
# ---------------------------------------------------------------------------


def _magnitudes(operands, dtype):
    """The operands' magnitudes as the unsigned type of `dtype`'s width,
    as NumPy takes them (-(-128) wraps to 128 in int8)."""
    unsigned = np.dtype(f"u{dtype.itemsize}")
    result = []
    for x in operands:
        if dtype.kind == "i":
            x = _ops.where(_ops.less(x, 0),
                           _ops.subtract(np.zeros((), dtype), x), x)
        result.append(_ops.astype(x, unsigned))
    return unsigned, result


# gcd is the dialect's ten.gcd (an elementwise loop of Euclid's steps), of
# the op catalogue: _ops.gcd.


@eager
def lcm(x1, x2):
    """NumPy's lcm: the least common multiple of the integers' magnitudes
    (0 if either is 0), wrapping where it does not fit, as NumPy's."""
    _, dtype, operands = _lifted(np.lcm, x1, x2)
    unsigned, (a, b) = _magnitudes(operands, dtype)
    divisor = _ops.gcd(a, b)
    zero = np.zeros((), unsigned)
    none = _ops.equal(divisor, zero)
    multiple = _ops.multiply(
        _ops.floor_divide(a, _ops.where(none, np.ones((), unsigned), divisor)),
        b)
    return _ops.astype(_ops.where(none, zero, multiple), dtype)
