"""ten.linalg: numpy.linalg's names, eager on arrays and traced under
ten.jit like every ten function.

The norms (every vector order; the matrix orders "fro", 1, -1, inf and
-inf) and NumPy 2's linear algebra functions that are products or views
(matmul, matrix_transpose, outer, tensordot, vecdot, trace, diagonal,
cross) are composed of ten's operations, so that they fuse with what
surrounds them. The factorizations solve, inv, det, slogdet and cholesky
are the dialect's ten.linalg ops (LAPACK on the CPU target), batched over
the leading dimensions; an error of one (a singular matrix, one not
positive definite) raises LinAlgError with NumPy's message. qr, eigh, svd
and what is built on the SVD (pinv, lstsq, matrix_rank, the matrix norms
of orders 2, -2 and "nuc") are not built yet (issue 27): the names are
absent, and a matrix norm of those orders is a NotImplementedError saying
so.
"""

import math
import numbers

import numpy as np

import ten as _ten

from collections import namedtuple

from ._jit import LinAlgError, eager
from ._ops import _as_tensor, _graph_of

__all__ = ["LinAlgError", "SlogdetResult", "cholesky", "cross", "det",
           "diagonal", "inv", "matmul", "matrix_norm", "matrix_transpose",
           "norm", "outer", "slogdet", "solve", "tensordot", "trace",
           "vecdot", "vector_norm"]

# NumPy 2's result of slogdet.
SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])


def _floating(x):
    """`x` as an array whose absolute values are floats: integers and
    booleans become float64, as NumPy's norms compute them."""
    x = _ten.asarray(x)
    dtype = np.dtype(x.dtype)
    if dtype.kind in "biu":
        x = _ten.astype(x, np.float64)
    return x


def _axes(axis, ndim, count, what):
    """`axis` (an int or a tuple of `count` ints) as non-negative axes of an
    array of `ndim` dimensions."""
    axes = (axis,) if isinstance(axis, numbers.Integral) else tuple(axis)
    if len(axes) != count:
        raise ValueError(f"{what} takes {count} axis(es), not {axis!r}")
    normalized = []
    for a in axes:
        if not isinstance(a, numbers.Integral):
            raise TypeError(f"an axis must be an integer, not {a!r}")
        if not -ndim <= a < ndim:
            raise np.exceptions.AxisError(a, ndim)
        normalized.append(int(a) % ndim)
    if len(set(normalized)) != len(normalized):
        raise ValueError("Duplicate axes given.")
    return tuple(normalized)


def _vector(x, ord, axes, keepdims):
    """The vector norm of order `ord` of `x` over `axes`."""
    absolute = _ten.abs(x)
    if ord is None or ord == 2:
        return _ten.sqrt(_ten.sum(absolute * absolute, axis=axes,
                                  keepdims=keepdims))
    if ord == math.inf:
        return _ten.max(absolute, axis=axes, keepdims=keepdims)
    if ord == -math.inf:
        return _ten.min(absolute, axis=axes, keepdims=keepdims)
    if ord == 0:
        nonzero = _ten.astype(absolute != 0, absolute.dtype)
        return _ten.sum(nonzero, axis=axes, keepdims=keepdims)
    if ord == 1:
        return _ten.sum(absolute, axis=axes, keepdims=keepdims)
    p = float(ord)
    return _ten.power(_ten.sum(_ten.power(absolute, p), axis=axes,
                               keepdims=keepdims), 1.0 / p)


def _matrix(x, ord, axes, keepdims):
    """The matrix norm of order `ord` of `x` over the pair `axes` (rows,
    columns)."""
    rows, columns = axes
    if ord in (2, -2, "nuc"):
        raise NotImplementedError(
            f"the matrix norm of order {ord!r} needs the SVD, which ten.linalg "
            "does not have yet")
    absolute = _ten.abs(x)
    if ord is None or ord == "fro":
        result = _ten.sqrt(_ten.sum(absolute * absolute, axis=axes,
                                    keepdims=True))
    elif ord in (1, -1):
        # The largest (smallest) column sum: sum over the rows first.
        sums = _ten.sum(absolute, axis=rows, keepdims=True)
        reduce = _ten.max if ord == 1 else _ten.min
        result = reduce(sums, axis=columns, keepdims=True)
    elif ord in (math.inf, -math.inf):
        sums = _ten.sum(absolute, axis=columns, keepdims=True)
        reduce = _ten.max if ord == math.inf else _ten.min
        result = reduce(sums, axis=rows, keepdims=True)
    else:
        raise ValueError("Invalid norm order for matrices.")
    if keepdims:
        return result
    return _ten.squeeze(result, axis=axes)


def _check_vector_ord(ord):
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    if ord is not None and not isinstance(ord, numbers.Real):
        raise TypeError(f"a norm's order must be a number, not {ord!r}")


def norm(x, ord=None, axis=None, keepdims=False):
    """numpy.linalg.norm: a vector norm over one axis, a matrix norm over
    two; with no axis, the 2-norm of the flattened array (no `ord`), or of
    a 1-D or 2-D array as a vector or a matrix."""
    x = _floating(x)
    ndim = len(x.shape)
    if axis is None:
        if ord is None:
            flat = _ten.reshape(x, (-1,))
            result = _vector(flat, None, 0, False)
            return _ten.reshape(result, (1,) * ndim) if keepdims else result
        if ndim == 1:
            axis = (0,)
        elif ndim == 2:
            axis = (0, 1)
        else:
            raise ValueError("Improper number of dimensions to norm.")
    if isinstance(axis, tuple):
        axes = axis
    else:
        # As NumPy: anything int() takes (a float too), but a list.
        try:
            axes = (int(axis),)
        except (TypeError, ValueError):
            raise TypeError("'axis' must be None, an integer or a tuple of "
                            "integers") from None
    if len(axes) == 1:
        _check_vector_ord(ord)
        return _vector(x, ord, _axes(axes, ndim, 1, "a vector norm"),
                       keepdims)
    if len(axes) == 2:
        return _matrix(x, ord, _axes(axes, ndim, 2, "a matrix norm"),
                       keepdims)
    raise ValueError("Improper number of dimensions to norm.")


def vector_norm(x, axis=None, keepdims=False, ord=2):
    """numpy.linalg.vector_norm: over `axis` (an int or a tuple; None: all
    of them, as one vector), of order `ord`."""
    x = _floating(x)
    _check_vector_ord(ord)
    ndim = len(x.shape)
    if axis is None:
        axes = tuple(range(ndim))
    elif isinstance(axis, numbers.Integral):
        axes = _axes(axis, ndim, 1, "vector_norm")
    else:
        axes = _axes(axis, ndim, len(tuple(axis)), "vector_norm")
    return _vector(x, ord, axes, keepdims)


def matrix_norm(x, keepdims=False, ord="fro"):
    """numpy.linalg.matrix_norm: over the last two axes."""
    x = _floating(x)
    if len(x.shape) < 2:
        raise ValueError(
            f"matrix_norm takes an array of 2 or more dimensions, not "
            f"{len(x.shape)}")
    ndim = len(x.shape)
    return _matrix(x, ord, (ndim - 2, ndim - 1), keepdims)


def matmul(x1, x2):
    """numpy.linalg.matmul: `x1 @ x2`."""
    return _ten.matmul(x1, x2)


def matrix_transpose(x):
    """numpy.linalg.matrix_transpose: the last two axes swapped."""
    x = _ten.asarray(x)
    if len(x.shape) < 2:
        raise ValueError(
            "matrix_transpose takes an array of 2 or more dimensions")
    return _ten.swapaxes(x, -1, -2)


def outer(x1, x2):
    """numpy.linalg.outer: of two 1-D arrays."""
    if len(_ten.shape(x1)) != 1 or len(_ten.shape(x2)) != 1:
        raise ValueError("linalg.outer takes two 1-D arrays")
    return _ten.outer(x1, x2)


def tensordot(x1, x2, axes=2):
    """numpy.linalg.tensordot."""
    return _ten.tensordot(x1, x2, axes=axes)


def vecdot(x1, x2, axis=-1):
    """numpy.linalg.vecdot: the dot products along `axis` (the first
    operand conjugated), broadcast over the others."""
    x1, x2 = _ten.asarray(x1), _ten.asarray(x2)
    if np.dtype(x1.dtype).kind == "c":
        x1 = _ten.conjugate(x1)
    return _ten.sum(x1 * x2, axis=axis)


def trace(x, offset=0, dtype=None):
    """numpy.linalg.trace: over the last two axes."""
    return _ten.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def diagonal(x, offset=0):
    """numpy.linalg.diagonal: over the last two axes."""
    return _ten.diagonal(x, offset=offset, axis1=-2, axis2=-1)


def cross(x1, x2, axis=-1):
    """numpy.linalg.cross: of 3-element vectors along `axis`."""
    if _ten.shape(x1)[axis] != 3 or _ten.shape(x2)[axis] != 3:
        raise ValueError("linalg.cross takes vectors of 3 elements")
    return _ten.cross(x1, x2, axis=axis)


# The dtypes LAPACK factors in; NumPy computes integers and booleans in
# float64 and refuses float16 and the other narrow floats.
_LINALG_DTYPES = tuple(np.dtype(t) for t in (np.float32, np.float64,
                                              np.complex64, np.complex128))


def _linalg_dtype(*arrays):
    """The dtype NumPy's linear algebra computes `arrays` in: their common
    type, integers and booleans as float64."""
    dtypes = []
    for array in arrays:
        dtype = np.dtype(_ten.asarray(array).dtype if not hasattr(
            array, "dtype") else array.dtype)
        if dtype.kind in "biu":
            dtype = np.dtype(np.float64)
        elif dtype not in _LINALG_DTYPES:
            raise TypeError(f"array type {dtype.name} is unsupported in "
                            "linalg")
        dtypes.append(dtype)
    return np.result_type(*dtypes)


def _matrices(graph, a, dtype):
    """`a` as a traced stack of square matrices of `dtype`, or NumPy's
    LinAlgError where it is not one."""
    a = _as_tensor(graph, a)
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be "
                          "at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return _ten.astype(a, dtype) if np.dtype(a.dtype) != dtype else a


@eager
def solve(a, b):
    """numpy.linalg.solve (NumPy 2): `x` with `a @ x = b`; a `b` of one
    dimension is one right-hand side for every matrix of `a`, otherwise
    `b`'s last two dimensions are matrices of right-hand sides whose batch
    broadcasts with `a`'s."""
    graph = _graph_of(a, b)
    dtype = _linalg_dtype(a, b)
    a = _matrices(graph, a, dtype)
    b = _as_tensor(graph, b)
    if np.dtype(b.dtype) != dtype:
        b = _ten.astype(b, dtype)
    return graph.apply("linalg", "solve", [a.value, b.value], False)


@eager
def inv(a):
    """numpy.linalg.inv: the inverse of each matrix."""
    graph = _graph_of(a)
    a = _matrices(graph, a, _linalg_dtype(a))
    return graph.apply("linalg", "inv", [a.value], False)


@eager
def det(a):
    """numpy.linalg.det: the determinant of each matrix, as NumPy computes
    it (sign * exp(logabsdet)); a singular matrix's is 0."""
    graph = _graph_of(a)
    a = _matrices(graph, a, _linalg_dtype(a))
    return graph.apply("linalg", "det", [a.value], False)


@eager
def _slogdet(a):
    graph = _graph_of(a)
    a = _matrices(graph, a, _linalg_dtype(a))
    return graph.apply("linalg", "slogdet", [a.value], False)


def slogdet(a):
    """numpy.linalg.slogdet: (sign, logabsdet) of each matrix's
    determinant, as NumPy 2's SlogdetResult; a singular matrix has sign 0
    and logabsdet -inf."""
    return SlogdetResult(*_slogdet(a))


@eager
def cholesky(a, /, *, upper=False):
    """numpy.linalg.cholesky: the lower Cholesky factor of each Hermitian
    positive-definite matrix (read from its lower triangle), or with
    `upper` the upper one (from the upper triangle)."""
    graph = _graph_of(a)
    a = _matrices(graph, a, _linalg_dtype(a))
    return graph.apply("linalg", "cholesky", [a.value], bool(upper))
