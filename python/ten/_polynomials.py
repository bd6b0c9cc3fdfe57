"""NumPy's polynomial arithmetic on coefficient arrays (highest power
first): polyadd, polysub, polymul, polyder, polyint and poly (of roots,
or of a matrix: its characteristic polynomial), whose coefficients'
lengths are static and whose coefficients may be traced; roots, the
eigenvalues of the companion matrix (ten.linalg.eigvals), eager as the
number of roots depends on the coefficients; and polyfit, eager as the
least squares it solves."""

import operator

import numpy as np

from ._jit import eager
from ._trace import Tensor
from . import _ops
from ._ops import _as_tensor, _graph_of


def _coefficients(graph, p):
    p = _as_tensor(graph, p)
    return _ops.reshape(p, (1,)) if p.ndim == 0 else p


def _padded(p, length):
    """`p` with zeros in front, to `length` coefficients."""
    if p.shape[0] == length:
        return p
    from ._joins import pad

    return pad(p, [(length - p.shape[0], 0)])


def _aligned(a1, a2):
    graph = _graph_of(a1, a2)
    a1, a2 = _coefficients(graph, a1), _coefficients(graph, a2)
    length = max(a1.shape[0], a2.shape[0])
    return _padded(a1, length), _padded(a2, length)


@eager
def polyadd(a1, a2):
    """The sum of two polynomials."""
    return _ops.add(*_aligned(a1, a2))


@eager
def polysub(a1, a2):
    """The difference of two polynomials."""
    return _ops.subtract(*_aligned(a1, a2))


@eager
def polymul(a1, a2):
    """The product of two polynomials: the convolution of their
    coefficients."""
    from ._numeric import convolve

    graph = _graph_of(a1, a2)
    return convolve(_coefficients(graph, a1), _coefficients(graph, a2))


@eager
def _polyder(p, m):
    graph = _graph_of(p)
    p = _coefficients(graph, p)
    for _ in range(m):
        # A constant's derivative is no coefficients at all, as NumPy's.
        n = max(p.shape[0] - 1, 0)
        p = _ops.multiply(p[:n], np.arange(n, 0, -1))
    return p


def polyder(p, m=1):
    """The m-th derivative of a polynomial."""
    m = operator.index(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    return _polyder(p, m)


@eager
def _polyint(p, m, k):
    graph = _graph_of(p)
    p = _coefficients(graph, p)
    p = _ops.astype(p, np.result_type(p.dtype, np.float64))
    from ._joins import concatenate

    for step in range(m):
        n = p.shape[0]
        scaled = _ops.divide(p, np.arange(n, 0, -1, dtype=np.float64))
        constant = _ops.astype(_ops.reshape(_as_tensor(graph, k[step]), (1,)),
                               scaled.dtype)
        p = concatenate([scaled, constant])
    return p


def polyint(p, m=1, k=None):
    """The m-th antiderivative of a polynomial, with the integration
    constants `k` (zeros by default; one number for m = 1)."""
    m = operator.index(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if m == 0:
        return p if isinstance(p, Tensor) else np.asarray(p)
    if k is None:
        k = np.zeros(m)
    k = np.atleast_1d(k)
    if len(k) == 1 and m > 1:
        k = k[0] * np.ones(m)
    if len(k) < m:
        raise ValueError(
            "k must be a scalar or a rank-1 array of length 1 or >m.")
    return _polyint(p, m, tuple(k.tolist()))


# The dtypes NumPy keeps the coefficients of roots in; others are float64.
_POLY_DTYPES = (np.dtype(np.float32), np.dtype(np.complex64),
                np.dtype(np.complex128))


@eager
def _poly(roots):
    graph = _graph_of(roots)
    dtype = roots.dtype if np.dtype(roots.dtype) in _POLY_DTYPES \
        else np.dtype(np.float64)
    roots = _ops.astype(roots, dtype)
    from ._joins import stack

    result = graph.constant(np.ones(1, dtype))
    one = graph.constant(np.ones((), dtype))
    for index in range(roots.shape[0]):
        factor = stack([one, _ops.negative(roots[index])])
        result = polymul(result, factor)
    return result


def _is_square_matrix(shape):
    return len(shape) == 2 and shape[0] == shape[1] and shape[0] != 0


def poly(seq_of_zeros):
    """NumPy's poly: the coefficients of the monic polynomial with the
    given roots (a 1-d sequence), or of a square matrix's characteristic
    polynomial (from its eigenvalues). Complex roots give complex
    coefficients, real ones where the roots come in conjugate pairs, as
    NumPy's: a traced complex value is refused, its dtype depending on the
    values. A traced real matrix's polynomial is real, as it always is."""
    from ._numeric import _dtype_of
    from . import linalg

    shape = np.shape(seq_of_zeros)
    traced = isinstance(seq_of_zeros, Tensor)
    complex_input = np.dtype(_dtype_of(seq_of_zeros)).kind == "c"
    if traced and complex_input:
        raise NotImplementedError(
            "ten.poly of a traced complex value: whether its coefficients "
            "are real depends on the roots' values, known only when the "
            "program runs")
    if _is_square_matrix(shape):
        roots = linalg.eigvals(seq_of_zeros)
        if traced:
            # A real matrix's characteristic polynomial is real: its
            # eigenvalues are real or come in conjugate pairs.
            coefficients = _poly(roots)
            return _ops.astype(_ops.real(coefficients),
                               linalg._real(np.dtype(roots.dtype)))
        seq_of_zeros = roots
    elif len(shape) != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if np.shape(seq_of_zeros)[0] == 0:
        return 1.0
    coefficients = _poly(seq_of_zeros)
    roots = np.asarray(seq_of_zeros)
    if roots.dtype.kind == "c" and np.array_equal(
            np.sort(roots), np.sort(np.conj(roots))):
        coefficients = np.ascontiguousarray(coefficients.real)
    return coefficients


def roots(p):
    """NumPy's roots: the roots of the polynomial of coefficients `p`
    (highest power first), the eigenvalues of its companion matrix
    (ten.linalg.eigvals, LAPACK's geev as NumPy's); leading zeros are
    dropped and trailing ones are roots at 0. Real where every root is.
    Eager: how many roots there are depends on the coefficients."""
    from . import linalg

    if isinstance(p, Tensor):
        raise NotImplementedError(
            "ten.roots of traced coefficients is not supported: the number "
            "of roots depends on their leading and trailing zeros, known "
            "only when the program runs")
    p = np.atleast_1d(np.asarray(p))
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    nonzero = np.flatnonzero(p)
    if nonzero.size == 0:
        return np.array([])
    first, last = int(nonzero[0]), int(nonzero[-1])
    trailing = p.shape[0] - last - 1
    p = p[first:last + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(np.float64)
    degree = p.shape[0] - 1
    if degree > 0:
        # The companion matrix: the normalized coefficients in its first
        # row, ones below the diagonal.
        companion = np.eye(degree, k=-1, dtype=p.dtype)
        companion[0] = -p[1:] / p[0]
        found = linalg.eigvals(companion)
    else:
        found = np.array([])
    return np.concatenate([found, np.zeros(trailing, found.dtype)])


def polydiv(u, v):
    """NumPy's polydiv: the quotient and remainder of u / v (coefficients,
    highest power first), by long division; the remainder's leading
    coefficients within 1e-14 of zero dropped, as NumPy drops them. Eager:
    the remainder's length depends on its values."""
    if isinstance(u, Tensor) or isinstance(v, Tensor):
        raise NotImplementedError(
            "ten.polydiv of traced coefficients is not supported: the "
            "remainder's length depends on which of its leading "
            "coefficients are zero, known only when the program runs")
    u = np.atleast_1d(np.asarray(u)) + 0.0
    v = np.atleast_1d(np.asarray(v)) + 0.0
    dtype = (u[0] + v[0]).dtype
    steps = u.shape[0] - v.shape[0] + 1
    quotient = np.zeros(max(steps, 1), dtype)
    remainder = u.astype(dtype)
    scale = 1.0 / v[0]
    for k in range(steps):
        quotient[k] = scale * remainder[k]
        remainder[k:k + v.shape[0]] -= quotient[k] * v
    while remainder.shape[-1] > 1 and np.allclose(remainder[0], 0,
                                                  rtol=1e-14):
        remainder = remainder[1:]
    return quotient, remainder


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """NumPy's polyfit: the least-squares polynomial of degree `deg` through
    the points (x, y) (each column of a 2-d y), highest power first, from
    ten.linalg.lstsq of the Vandermonde matrix with its columns scaled to
    unit norm, as NumPy scales them; `w` weights the points; `full` gives
    the residuals, rank, singular values and rcond too, `cov` the
    coefficients' covariance. Eager, as ten.linalg.lstsq: the rank decides
    the residuals' shape."""
    import warnings

    from . import linalg
    from ._numeric import vander

    if any(isinstance(value, Tensor) for value in (x, y, w)):
        raise NotImplementedError(
            "ten.polyfit of traced values is not supported: it solves its "
            "least squares eagerly (ten.linalg.lstsq), where the rank found "
            "decides the residuals' shape")
    order = operator.index(deg) + 1
    x = np.asarray(x) + 0.0
    y = np.asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = len(x) * np.finfo(x.dtype).eps
    lhs = np.asarray(vander(x, order))
    rhs = y
    if w is not None:
        w = np.asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs = lhs * w[:, np.newaxis]
        rhs = rhs * (w if rhs.ndim == 1 else w[:, np.newaxis])
    # Columns of unit norm: the powers of x differ by orders of magnitude.
    scale = np.sqrt((np.abs(lhs) ** 2).sum(axis=0))
    lhs = lhs / scale
    c, residuals, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned",
                      np.exceptions.RankWarning, stacklevel=2)
    if full:
        return c, residuals, rank, s, rcond
    if not cov:
        return c
    # NumPy's covariance: lhs.T @ lhs, unconjugated for complex points too.
    base = np.asarray(linalg.inv(lhs.T @ lhs)) / np.outer(scale, scale)
    if cov == "unscaled":
        factor = 1
    else:
        if len(x) <= order:
            raise ValueError("the number of data points must exceed order "
                             "to scale the covariance matrix")
        factor = residuals / (len(x) - order)
    if y.ndim == 1:
        return c, base * factor
    return c, base[:, :, np.newaxis] * factor
