"""ten.linalg: numpy.linalg's names, eager on arrays and traced under
ten.jit like every ten function.

The norms (every vector order; the matrix orders "fro", 1, -1, inf and
-inf) and NumPy 2's linear algebra functions that are products or views
(matmul, matrix_transpose, outer, tensordot, vecdot, trace, diagonal,
cross) are composed of ten's operations, so that they fuse with what
surrounds them. The factorizations solve, inv, det, slogdet, cholesky,
qr, eigh, eigvalsh, svd and svdvals are the dialect's ten.linalg ops
(LAPACK on the CPU target), batched over the leading dimensions and
computed in double precision as NumPy computes them; an error of one (a
singular matrix, one not positive definite, no convergence) raises
LinAlgError with NumPy's message. eig and eigvals (general matrices) are
the dialect's ten.linalg.eig and eigvals: complex results, which on arrays
become real where NumPy's do (a real input whose eigenvalues are all
real); traced, they stay complex, as JAX's and PyTorch's, since a type
cannot depend on the values. pinv, matrix_rank, lstsq and the matrix
norms of orders 2, -2 and "nuc" are built on the SVD.
"""

import math
import numbers
import operator

import numpy as np

import ten as _ten

from collections import namedtuple

from ._jit import LinAlgError, eager
from ._ops import _as_tensor, _graph_of
from ._trace import Tensor

__all__ = ["EigResult", "EighResult", "LinAlgError", "QRResult", "SVDResult",
           "SlogdetResult", "cholesky", "cross", "det", "diagonal", "eig", "eigh",
           "eigvals", "eigvalsh", "inv", "lstsq", "matmul", "matrix_norm",
           "matrix_power", "matrix_rank", "matrix_transpose", "multi_dot",
           "cond", "norm", "outer", "pinv", "qr",
           "slogdet", "solve", "svd", "svdvals", "tensordot", "tensorinv",
           "tensorsolve", "trace",
           "vecdot", "vector_norm"]

# NumPy 2's results of slogdet, qr, eig, eigh and svd.
SlogdetResult = namedtuple("SlogdetResult", ["sign", "logabsdet"])
QRResult = namedtuple("QRResult", ["Q", "R"])
EigResult = namedtuple("EigResult", ["eigenvalues", "eigenvectors"])
EighResult = namedtuple("EighResult", ["eigenvalues", "eigenvectors"])
SVDResult = namedtuple("SVDResult", ["U", "S", "Vh"])


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
        # From the singular values, as NumPy: the largest, the smallest, or
        # their sum (the first and the last 0 for empty matrices).
        s = svdvals(_ten.moveaxis(x, (rows, columns), (-2, -1)))
        if ord == "nuc":
            result = _ten.sum(s, axis=-1)
        elif ord == 2 and s.shape[-1] == 0:
            result = _ten.zeros(tuple(s.shape[:-1]), np.dtype(s.dtype))
        else:
            result = (_ten.max if ord == 2 else _ten.min)(s, axis=-1)
        if keepdims:
            result = _ten.expand_dims(result, tuple(sorted(axes)))
        return result
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
    """numpy.linalg.matrix_transpose: ten.matrix_transpose."""
    return _ten.matrix_transpose(x)


def outer(x1, x2):
    """numpy.linalg.outer: of two 1-D arrays."""
    if len(_ten.shape(x1)) != 1 or len(_ten.shape(x2)) != 1:
        raise ValueError("linalg.outer takes two 1-D arrays")
    return _ten.outer(x1, x2)


def tensordot(x1, x2, axes=2):
    """numpy.linalg.tensordot."""
    return _ten.tensordot(x1, x2, axes=axes)


def vecdot(x1, x2, axis=-1):
    """numpy.linalg.vecdot: ten.vecdot (NumPy's dtypes: int8 stays int8)."""
    return _ten.vecdot(x1, x2, axis=axis)


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


# NumPy's linear algebra computes in float64 and complex128 whatever the
# input (numpy.linalg's _commonType), and casts the results back to the
# inputs' precision: float32 and complex64 arrays give float32 and
# complex64 results, computed in double. Integers and booleans are float64;
# float16 and the narrower floats are refused.
_SINGLE = (np.dtype(np.float32), np.dtype(np.complex64))
_DOUBLE = (np.dtype(np.float64), np.dtype(np.complex128))


def _dtype_of(array):
    return np.dtype(array.dtype if hasattr(array, "dtype")
                    else _ten.asarray(array).dtype)


def _linalg_types(*arrays):
    """(the dtype NumPy computes `arrays` in, the dtype of its results)."""
    single, complex_ = True, False
    for array in arrays:
        dtype = _dtype_of(array)
        if dtype.kind == "c":
            complex_ = True
        if dtype in _SINGLE:
            continue
        if dtype in _DOUBLE or dtype.kind in "biu":
            single = False
            continue
        raise TypeError(f"array type {dtype.name} is unsupported in linalg")
    compute = np.dtype(np.complex128 if complex_ else np.float64)
    result = compute
    if single:
        result = np.dtype(np.complex64 if complex_ else np.float32)
    return compute, result


def _real(dtype):
    """The real dtype of `dtype`'s values."""
    return np.dtype(np.float32 if dtype in (np.float32, np.complex64)
                    else np.float64)


def _cast(x, dtype):
    return x if np.dtype(x.dtype) == dtype else _ten.astype(x, dtype)


def _stacked(graph, a, dtype, square=True):
    """`a` as a traced stack of (square) matrices of `dtype`, or NumPy's
    LinAlgError where it is not one."""
    a = _as_tensor(graph, a)
    if a.ndim < 2:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be "
                          "at least two-dimensional")
    if square and a.shape[-1] != a.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return _cast(a, dtype)


def _check_uplo(UPLO):
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    return UPLO == "U"


@eager
def solve(a, b):
    """numpy.linalg.solve (NumPy 2): `x` with `a @ x = b`; a `b` of one
    dimension is one right-hand side for every matrix of `a`, otherwise
    `b`'s last two dimensions are matrices of right-hand sides whose batch
    broadcasts with `a`'s."""
    graph = _graph_of(a, b)
    compute, result = _linalg_types(a, b)
    a = _stacked(graph, a, compute)
    b = _cast(_as_tensor(graph, b), compute)
    return _cast(graph.apply("linalg", "solve", [a.value, b.value], False),
                 result)


@eager
def inv(a):
    """numpy.linalg.inv: the inverse of each matrix."""
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    return _cast(graph.apply("linalg", "inv", [a.value], False), result)


@eager
def det(a):
    """numpy.linalg.det: the determinant of each matrix, as NumPy computes
    it (sign * exp(logabsdet)); a singular matrix's is 0."""
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    return _cast(graph.apply("linalg", "det", [a.value], False), result)


@eager
def _slogdet(a):
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    sign, logabsdet = graph.apply("linalg", "slogdet", [a.value], False)
    return _cast(sign, result), _cast(logabsdet, _real(result))


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
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    return _cast(graph.apply("linalg", "cholesky", [a.value], bool(upper)),
                 result)


@eager
def _qr(a, complete):
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute, square=False)
    q, r = graph.apply("linalg", "qr", [a.value], complete)
    return _cast(q, result), _cast(r, result)


def qr(a, mode="reduced"):
    """numpy.linalg.qr: QRResult(Q, R), reduced or complete; R alone for
    mode 'r'. Householder reflectors as NumPy's, so the signs are NumPy's.
    The 'raw' mode (LAPACK's reflectors) is not offered."""
    if mode in ("f", "full"):
        mode = "reduced"
    if mode == "raw" or mode in ("e", "economic"):
        raise NotImplementedError(
            f"ten.linalg.qr: mode {mode!r} (LAPACK's reflectors) is not "
            "supported; use 'reduced', 'complete' or 'r'")
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"Unrecognized mode '{mode}'")
    q, r = _qr(a, mode == "complete")
    return r if mode == "r" else QRResult(q, r)


@eager
def _eigh(a, upper):
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    w, v = graph.apply("linalg", "eigh", [a.value], upper)
    return _cast(w, _real(result)), _cast(v, result)


def eigh(a, UPLO="L"):
    """numpy.linalg.eigh: EighResult(eigenvalues, eigenvectors) of each
    Hermitian matrix, the eigenvalues ascending, from its lower triangle
    (UPLO='U': the upper one)."""
    return EighResult(*_eigh(a, _check_uplo(UPLO)))


@eager
def _eigvalsh(a, upper):
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    return _cast(graph.apply("linalg", "eigvalsh", [a.value], upper),
                 _real(result))


def eigvalsh(a, UPLO="L"):
    """numpy.linalg.eigvalsh: the eigenvalues of each Hermitian matrix,
    ascending."""
    return _eigvalsh(a, _check_uplo(UPLO))


def _complex(dtype):
    """The complex dtype of `dtype`'s precision."""
    return np.dtype(np.complex64 if dtype in (np.float32, np.complex64)
                    else np.complex128)


@eager
def _eig(a, vectors):
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute)
    if not vectors:
        return _cast(graph.apply("linalg", "eigvals", [a.value], False),
                     _complex(result))
    w, v = graph.apply("linalg", "eig", [a.value], False)
    return _cast(w, _complex(result)), _cast(v, _complex(result))


def _real_where_numpy_is(a, results):
    """NumPy's eig and eigvals of a real array return real arrays where
    every eigenvalue of the batch is real: those results, real then."""
    if isinstance(results[0], Tensor) or _dtype_of(a).kind == "c":
        return results
    if np.all(results[0].imag == 0):
        return tuple(np.ascontiguousarray(r.real) for r in results)
    return results


def eig(a):
    """numpy.linalg.eig: EigResult(eigenvalues, eigenvectors) of each
    square matrix, the vectors the columns, each of norm 1 with its
    largest component real (LAPACK's geev, as NumPy). Complex, but real
    on arrays where NumPy's are (a real input whose eigenvalues are all
    real); an infinite or NaN element raises LinAlgError."""
    return EigResult(*_real_where_numpy_is(a, _eig(a, True)))


def eigvals(a):
    """numpy.linalg.eigvals: the eigenvalues of each square matrix, in
    eig's order, computed without the vectors."""
    return _real_where_numpy_is(a, (_eig(a, False),))[0]


@eager
def _svd(a, full_matrices):
    graph = _graph_of(a)
    compute, result = _linalg_types(a)
    a = _stacked(graph, a, compute, square=False)
    u, s, vh = graph.apply("linalg", "svd", [a.value], full_matrices)
    return _cast(u, result), _cast(s, _real(result)), _cast(vh, result)


@eager
def svdvals(x, /):
    """numpy.linalg.svdvals: the singular values of each matrix,
    descending."""
    graph = _graph_of(x)
    compute, result = _linalg_types(x)
    x = _stacked(graph, x, compute, square=False)
    return _cast(graph.apply("linalg", "svdvals", [x.value], False),
                 _real(result))


@eager
def _hermitian_svd(a, compute_uv):
    """NumPy's SVD of Hermitian matrices: from the eigendecomposition, the
    singular values the eigenvalues' magnitudes, descending."""
    if not compute_uv:
        s = _ten.abs(eigvalsh(a))
        return _ten.flip(_ten.sort(s, axis=-1), axis=-1)
    w, u = eigh(a)
    sign = _ten.copysign(_ten.ones_like(w), w)
    s = _ten.abs(w)
    order = _ten.flip(_ten.argsort(s, axis=-1), axis=-1)
    sign = _ten.take_along_axis(sign, order, axis=-1)
    s = _ten.take_along_axis(s, order, axis=-1)
    u = _ten.take_along_axis(u, _ten.expand_dims(order, -2), axis=-1)
    vh = _ten.conjugate(_ten.swapaxes(u * _ten.expand_dims(sign, -2)
                                      .astype(u.dtype), -1, -2))
    return u, s, vh


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    """numpy.linalg.svd: SVDResult(U, S, Vh) of each matrix (U and Vh
    square with full_matrices, else of min(m, n) columns and rows), or the
    singular values alone without compute_uv; with `hermitian`, from the
    eigendecomposition, as NumPy computes it."""
    if hermitian:
        result = _hermitian_svd(a, bool(compute_uv))
        return SVDResult(*result) if compute_uv else result
    if not compute_uv:
        return svdvals(a)
    return SVDResult(*_svd(a, bool(full_matrices)))


def tensorinv(a, ind=2):
    """numpy.linalg.tensorinv: the inverse of `a` read as a matrix of its
    first `ind` axes by the others, shaped as their product's inverse is
    (the other axes first)."""
    shape = tuple(a.shape) if hasattr(a, "shape") else np.shape(a)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    rows = math.prod(shape[ind:])
    inverse = inv(_ten.reshape(a, (rows, -1)))
    return _ten.reshape(inverse, shape[ind:] + shape[:ind])


def tensorsolve(a, b, axes=None):
    """numpy.linalg.tensorsolve: x with tensordot(a, x, x.ndim) = b, `a`'s
    `axes` moved last first; a solve of `a` read as a square matrix."""
    a_shape = tuple(a.shape) if hasattr(a, "shape") else np.shape(a)
    b_ndim = len(b.shape) if hasattr(b, "shape") else np.ndim(b)
    ndim = len(a_shape)
    if axes is not None:
        order = list(range(ndim))
        for axis in axes:
            order.remove(axis)
            order.insert(ndim, axis)
        a = _ten.transpose(a, axes=tuple(order))
        a_shape = tuple(a_shape[axis] for axis in order)
    unknowns = a_shape[-(ndim - b_ndim):]
    count = math.prod(unknowns)
    if math.prod(a_shape) != count ** 2:
        raise LinAlgError(
            "Input arrays must satisfy the requirement "
            "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    x = solve(_ten.reshape(a, (count, count)), _ten.reshape(b, (-1,)))
    return _ten.reshape(x, unknowns)


def _rcond_of(a, rcond, rtol):
    """pinv's relative cutoff, as NumPy 2 chooses it."""
    if rcond is None:
        if rtol is _NO_VALUE:
            return 1e-15
        if rtol is None:
            shape = _ten.shape(a)
            return max(shape[-2:]) * np.finfo(
                _linalg_types(a)[1]).eps
        return rtol
    if rtol is not _NO_VALUE:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    return rcond


_NO_VALUE = object()


def pinv(a, rcond=None, hermitian=False, *, rtol=_NO_VALUE):
    """numpy.linalg.pinv: the pseudo-inverse of each matrix from its SVD,
    singular values below rcond (or rtol, NumPy 2) times the largest taken
    as zero: ten's SVD, then a product whose order the einsum path picks,
    so that pinv(a) @ x fuses into the products around it."""
    cutoff = _rcond_of(a, rcond, rtol)
    return _pinv(a, _ten.asarray(cutoff) if not np.isscalar(cutoff)
                 else cutoff, bool(hermitian))


@eager
def _pinv(a, rcond, hermitian):
    graph = _graph_of(a)
    shape = _ten.shape(a)
    compute, result = _linalg_types(a)
    if 0 in shape[-2:]:
        # NumPy's: empty, of the input's dtype.
        return _ten.zeros(tuple(shape[:-2]) + (shape[-1], shape[-2]),
                          _dtype_of(a))
    a = _stacked(graph, a, compute, square=False)
    u, s, vh = svd(_ten.conjugate(a), full_matrices=False,
                   hermitian=hermitian)
    rcond = _ten.asarray(rcond)
    cutoff = _ten.expand_dims(rcond, -1) * _ten.max(s, axis=-1,
                                                    keepdims=True)
    large = s > cutoff
    inverse = _ten.where(large, 1.0 / _ten.where(large, s, 1.0), 0.0)
    inverse = _ten.astype(inverse, np.dtype(u.dtype))
    return _cast(_ten.einsum("...ji,...j,...kj->...ik", vh, inverse, u),
                 result)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """numpy.linalg.matrix_rank: the singular values above tol (NumPy's
    default: the largest times max(m, n) times the precision's epsilon)."""
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    A = _ten.asarray(A)
    if len(A.shape) < 2:
        # NumPy's rank of a vector (or a number) is a Python int: 1 unless
        # every element is 0. A traced one stays a traced int64.
        nonzero = _ten.any(A != 0)
        if isinstance(nonzero, Tensor):
            return _ten.astype(nonzero, np.int64)
        return int(bool(nonzero))
    s = svd(A, compute_uv=False, hermitian=hermitian)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * np.finfo(np.dtype(s.dtype)).eps
        else:
            rtol = _ten.expand_dims(_ten.asarray(rtol), -1)
        tol = _ten.max(s, axis=-1, keepdims=True) * rtol if s.shape[-1] else \
            _ten.zeros(tuple(s.shape[:-1]) + (1,), np.dtype(s.dtype))
    else:
        tol = _ten.expand_dims(_ten.asarray(tol), -1)
    return _ten.count_nonzero(s > tol, axis=-1)


def lstsq(a, b, rcond=None):
    """numpy.linalg.lstsq: (x, residuals, rank, s) of the least-squares
    solution of a @ x = b of minimum norm, a 2-D, from the SVD of `a`
    (NumPy's gelsd computes the same solution): singular values below
    rcond times the largest count as zero. The residuals' shape depends on
    the rank found; traced, where the rank is known only when the program
    runs, they are JAX's: of shape (k,) wherever m > n."""
    if isinstance(a, Tensor) or isinstance(b, Tensor):
        return _traced_lstsq(_ten.asarray(a), _ten.asarray(b), rcond)
    a, b = np.asarray(a), np.asarray(b)
    vector = b.ndim == 1
    if vector:
        b = b[:, np.newaxis]
    m, n, compute, result, rcond = _lstsq_types(a, b, rcond)
    a = a.astype(compute)
    b = b.astype(compute)
    if min(m, n) == 0:
        s = np.zeros(0, _real(compute))
        x = np.zeros((n, b.shape[1]), compute)
        rank = 0
    else:
        u, s, vh = svd(a, full_matrices=False)
        s = np.asarray(s)
        large = s > rcond * s[0]
        rank = int(np.count_nonzero(large))
        inverse = np.where(large, 1.0 / np.where(large, s, 1.0), 0.0)
        x = np.asarray(_ten.einsum("ji,j,kj,kl->il", np.conj(vh), inverse,
                                   np.conj(u), b))
    if rank == n and m > n:
        residuals = np.sum(np.abs(b - a @ x) ** 2, axis=0).astype(
            _real(result))
    else:
        residuals = np.array([], _real(result))
    if vector:
        x = x[:, 0]
    # NumPy's rank is LAPACK's integer, an np.int32.
    return (x.astype(result), residuals, np.int32(rank),
            s.astype(_real(result)))


def _lstsq_types(a, b, rcond):
    """lstsq's checks of `a` and `b` (a matrix of right-hand sides), and
    (m, n, the dtype it computes in, its results', rcond: NumPy's default
    for None)."""
    if a.ndim != 2 or b.ndim != 2:
        raise LinAlgError(f"{max(a.ndim, b.ndim)}-dimensional array given. "
                          "Array must be two-dimensional")
    m, n = a.shape
    if b.shape[0] != m:
        raise LinAlgError("Incompatible dimensions")
    compute, result = _linalg_types(a, b)
    if rcond is None:
        rcond = np.finfo(compute).eps * max(n, m)
    return m, n, compute, result, rcond


def _traced_lstsq(a, b, rcond):
    """lstsq of traced values: the same solution, from the SVD, with the
    rank and the residuals computed when the program runs."""
    vector = b.ndim == 1
    if vector:
        b = _ten.expand_dims(b, -1)
    m, n, compute, result, rcond = _lstsq_types(a, b, rcond)
    a, b = _cast(a, compute), _cast(b, compute)
    real = _real(compute)
    if min(m, n) == 0:
        s = _ten.zeros((0,), real)
        x = _ten.zeros((n, b.shape[1]), compute)
        rank = _ten.asarray(np.int32(0))
    else:
        u, s, vh = svd(a, full_matrices=False)
        large = s > _ten.multiply(s[0], real.type(rcond))
        rank = _ten.astype(_ten.count_nonzero(large), np.int32)
        inverse = _ten.where(large, 1.0 / _ten.where(large, s, 1.0), 0.0)
        x = _ten.einsum("ji,j,kj,kl->il", _ten.conj(vh),
                        _ten.astype(inverse, compute), _ten.conj(u), b)
    if m > n:
        residuals = _ten.sum(_ten.abs(b - _ten.matmul(a, x)) ** 2, axis=0)
    else:
        residuals = _ten.zeros((0,), real)
    if vector:
        x = x[:, 0]
    return (_cast(x, result), _cast(residuals, _real(result)), rank,
            _cast(s, _real(result)))


def multi_dot(arrays, *, out=None):
    """numpy.linalg.multi_dot: the product of the matrices in `arrays` (the
    first may be a row vector, the last a column vector), one einsum whose
    order the einsum path picks, as NumPy picks the cheapest
    parenthesization."""
    arrays = [_ten.asarray(a) for a in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    if len(arrays) == 2:
        return _ten.dot(arrays[0], arrays[1], out=out)
    first, last = len(arrays[0].shape), len(arrays[-1].shape)
    for index, a in enumerate(arrays):
        ndim = len(a.shape)
        vector_ok = (index == 0 and ndim == 1) or (
            index == len(arrays) - 1 and ndim == 1)
        if ndim != 2 and not vector_ok:
            raise LinAlgError(f"{ndim}-dimensional array given. Array must "
                              "be two-dimensional")
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    if len(arrays) + 1 > len(letters):
        raise ValueError("multi_dot takes at most 51 arrays")
    terms = []
    for index in range(len(arrays)):
        term = letters[index:index + 2]
        if index == 0 and first == 1:
            term = term[1]
        if index == len(arrays) - 1 and last == 1:
            term = term[0]
        terms.append(term)
    output = ("" if first == 1 else letters[0]) + (
        "" if last == 1 else letters[len(arrays)])
    result = _ten.einsum(",".join(terms) + "->" + output, *arrays)
    if out is not None:
        out[...] = result
        return out
    return result


def matrix_power(a, n):
    """numpy.linalg.matrix_power: `a` to the integer power `n` by repeated
    squaring (the inverse's for negative `n`; the identity for 0)."""
    a = _ten.asarray(a)
    shape = tuple(a.shape)
    if len(shape) < 2:
        raise LinAlgError(f"{len(shape)}-dimensional array given. Array "
                          "must be at least two-dimensional")
    if shape[-1] != shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    try:
        n = operator.index(n)
    except TypeError as error:
        raise TypeError("exponent must be an integer") from error
    if n == 0:
        identity = _ten.eye(shape[-1], dtype=np.dtype(a.dtype))
        return _ten.broadcast_to(identity, shape) * _ten.ones_like(a)
    if n < 0:
        a = inv(a)
        n = -n
    power = result = None
    while n > 0:
        power = a if power is None else _ten.matmul(power, power)
        n, bit = divmod(n, 2)
        if bit:
            result = power if result is None else _ten.matmul(result, power)
    return result


def cond(x, p=None):
    """numpy.linalg.cond: the condition number of each matrix in the norm
    `p`: from the singular values for None, 2 and -2, else
    norm(x) * norm(inv(x)); NaN where no NaN came in is infinity, as
    NumPy's."""
    x = _ten.asarray(x)
    shape = tuple(x.shape)
    if len(shape) >= 2 and 0 in shape[-2:]:
        raise LinAlgError("cond is not defined on empty arrays")
    # Eager, the ratios are NumPy's arrays: their divisions by zero are
    # infinities, without NumPy's warnings (NumPy silences them too).
    with np.errstate(all="ignore"):
        if p is None or p in (2, -2):
            s = svd(x, compute_uv=False)
            if p == -2:
                r = s[..., -1] / s[..., 0]
            else:
                r = s[..., 0] / s[..., -1]
        else:
            _, result = _linalg_types(x)
            r = _ten.astype(norm(x, p, axis=(-2, -1)) *
                            norm(inv(x), p, axis=(-2, -1)), _real(result))
    had_nan = _ten.any(_ten.isnan(x), axis=(-2, -1))
    return _ten.where(_ten.isnan(r) & ~had_nan, np.inf, r)
