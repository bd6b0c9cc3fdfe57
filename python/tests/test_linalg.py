"""ten.linalg against numpy.linalg: the norms (every vector order, the
matrix orders that need no SVD) over every dtype NumPy takes, axes and
keepdims, eager and under ten.jit; the array-API products and views; and
the errors NumPy raises, with its messages."""

import math

import numpy as np
import pytest

import ten

# NumPy warns where a norm of order -1 divides by a zero; ten does not.
pytestmark = pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")

RNG = np.random.default_rng(27)
X = RNG.standard_normal((3, 4, 5))
DTYPES = [np.float32, np.float64, np.complex64, np.complex128, np.int32,
          np.uint8, np.bool_]


def make(shape, dtype):
    if np.dtype(dtype).kind == "c":
        return (RNG.standard_normal(shape) +
                1j * RNG.standard_normal(shape)).astype(dtype)
    if np.dtype(dtype).kind == "b":
        return RNG.standard_normal(shape) > 0
    if np.dtype(dtype).kind in "iu":
        return RNG.integers(0, 9, shape).astype(dtype)
    return RNG.standard_normal(shape).astype(dtype)


def same(got, want):
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    tolerance = 1e-5 if want.dtype in (np.float32, np.complex64) else 1e-12
    np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)


VECTOR_ORDERS = [None, 2, 1, 0, math.inf, -math.inf, 3, 0.5, -1]
MATRIX_ORDERS = [None, "fro", 1, -1, math.inf, -math.inf]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord", VECTOR_ORDERS)
def test_vector_norms(dtype, ord):
    x = make((7,), dtype)
    same(ten.linalg.norm(x, ord=ord), np.linalg.norm(x, ord=ord))
    y = make((3, 4, 5), dtype)
    for axis in (0, 1, -1):
        for keepdims in (False, True):
            same(ten.linalg.norm(y, ord=ord, axis=axis, keepdims=keepdims),
                 np.linalg.norm(y, ord=ord, axis=axis, keepdims=keepdims))
    p = 2 if ord is None else ord
    for axis in (None, 1, (0, 2)):
        same(ten.linalg.vector_norm(y, axis=axis, ord=p, keepdims=True),
             np.linalg.vector_norm(y, axis=axis, ord=p, keepdims=True))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("ord", MATRIX_ORDERS)
def test_matrix_norms(dtype, ord):
    x = make((4, 6), dtype)
    same(ten.linalg.norm(x, ord=ord), np.linalg.norm(x, ord=ord))
    y = make((3, 4, 5), dtype)
    for axis in [(0, 1), (1, 2), (2, 0), (-1, -2)]:
        for keepdims in (False, True):
            same(ten.linalg.norm(y, ord=ord, axis=axis, keepdims=keepdims),
                 np.linalg.norm(y, ord=ord, axis=axis, keepdims=keepdims))
    m = "fro" if ord is None else ord
    same(ten.linalg.matrix_norm(y, ord=m),
         np.linalg.matrix_norm(y, ord=m))
    same(ten.linalg.matrix_norm(y, ord=m, keepdims=True),
         np.linalg.matrix_norm(y, ord=m, keepdims=True))


@pytest.mark.parametrize("shape", [(), (5,), (4, 6), (3, 4, 5)])
@pytest.mark.parametrize("keepdims", [False, True])
def test_default_norm_is_the_flat_two_norm(shape, keepdims):
    x = RNG.standard_normal(shape)
    same(ten.linalg.norm(x, keepdims=keepdims),
         np.linalg.norm(x, keepdims=keepdims))


def test_keepdims_and_axis_forms():
    x = RNG.standard_normal((4, 5))
    for ord in MATRIX_ORDERS:
        same(ten.linalg.norm(x, ord=ord, keepdims=True),
             np.linalg.norm(x, ord=ord, keepdims=True))
    same(ten.linalg.norm(x[0], ord=3, keepdims=True),
         np.linalg.norm(x[0], ord=3, keepdims=True))
    # NumPy takes any axis int() takes, a float and a NumPy integer too.
    same(ten.linalg.norm(x, axis=1.0), np.linalg.norm(x, axis=1.0))
    same(ten.linalg.norm(x, axis=np.int64(-1)),
         np.linalg.norm(x, axis=np.int64(-1)))


def test_norms_of_special_values():
    x = np.array([0.0, -0.0, np.inf, -3.0])
    for ord in VECTOR_ORDERS:
        same(ten.linalg.norm(x, ord=ord), np.linalg.norm(x, ord=ord))
    nan = np.array([1.0, np.nan, 2.0])
    for ord in VECTOR_ORDERS:
        same(ten.linalg.norm(nan, ord=ord), np.linalg.norm(nan, ord=ord))
    empty = np.zeros((0, 3))
    same(ten.linalg.norm(empty), np.linalg.norm(empty))
    same(ten.linalg.norm(empty, ord=1), np.linalg.norm(empty, ord=1))


def test_norms_traced():
    f = ten.jit(lambda x: (ten.linalg.norm(x, ord=1, axis=(0, 1)),
                           ten.linalg.vector_norm(x, axis=-1, ord=3),
                           ten.linalg.matrix_norm(x, ord=-math.inf)))
    got = f(X)
    same(got[0], np.linalg.norm(X, ord=1, axis=(0, 1)))
    same(got[1], np.linalg.vector_norm(X, axis=-1, ord=3))
    same(got[2], np.linalg.matrix_norm(X, ord=-math.inf))


def test_products_and_views():
    c = make((3, 4, 5), np.complex128)
    v, w = RNG.standard_normal((4, 3)), RNG.standard_normal((4, 3))
    same(ten.linalg.vecdot(c, c), np.linalg.vecdot(c, c))
    same(ten.linalg.vecdot(X, X, axis=0), np.linalg.vecdot(X, X, axis=0))
    same(ten.linalg.matrix_transpose(X), np.linalg.matrix_transpose(X))
    # NumPy's dtype (int8 stays int8, where a sum of products would widen)
    # and NumPy's errors.
    i8 = np.arange(12, dtype=np.int8).reshape(3, 4)
    got = ten.linalg.vecdot(i8, i8)
    assert got.dtype == np.linalg.vecdot(i8, i8).dtype == np.int8
    np.testing.assert_array_equal(got, np.linalg.vecdot(i8, i8))
    with pytest.raises(ValueError, match="contracted dimensions differ"):
        ten.linalg.vecdot(i8, np.ones(1, np.int8))
    with pytest.raises(ValueError, match="at least 2-dimensional, but it is 1"):
        ten.linalg.matrix_transpose(np.arange(3))
    same(ten.linalg.matmul(X, X[0].T), np.linalg.matmul(X, X[0].T))
    same(ten.linalg.trace(X, offset=1), np.linalg.trace(X, offset=1))
    same(ten.linalg.diagonal(X, offset=-1), np.linalg.diagonal(X, offset=-1))
    same(ten.linalg.outer(v[0], w[1]), np.linalg.outer(v[0], w[1]))
    same(ten.linalg.tensordot(X, X[0].T, axes=1),
         np.linalg.tensordot(X, X[0].T, axes=1))
    same(ten.linalg.cross(v, w), np.linalg.cross(v, w))


@pytest.mark.parametrize("call, error, message", [
    (lambda: ten.linalg.norm(X, ord=1), ValueError,
     "Improper number of dimensions to norm."),
    (lambda: ten.linalg.norm(X[0, 0], ord="fro"), ValueError,
     "Invalid norm order 'fro' for vectors"),
    (lambda: ten.linalg.norm(X[0], ord=3), ValueError,
     "Invalid norm order for matrices."),
    (lambda: ten.linalg.norm(X, axis=5), np.exceptions.AxisError,
     "axis 5 is out of bounds for array of dimension 3"),
    (lambda: ten.linalg.norm(X, axis=(0, 0)), ValueError,
     "Duplicate axes given."),
    (lambda: ten.linalg.norm(X, axis=(0, 1, 2)), ValueError,
     "Improper number of dimensions to norm."),
    (lambda: ten.linalg.norm(X, axis=[0, 1]), TypeError,
     "'axis' must be None, an integer or a tuple of integers"),
    (lambda: ten.linalg.matrix_norm(X[0, 0]), ValueError,
     "matrix_norm takes an array of 2 or more dimensions"),
    (lambda: ten.linalg.outer(X, X), ValueError,
     "linalg.outer takes two 1-D arrays"),
    (lambda: ten.linalg.cross(X, X), ValueError,
     "linalg.cross takes vectors of 3 elements"),
])
def test_errors(call, error, message):
    with pytest.raises(error, match=message.replace(".", r"\.")):
        call()


@pytest.mark.parametrize("ord", [2, -2, "nuc"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64,
                                   np.int32])
@pytest.mark.parametrize("axis,keepdims", [(None, False), ((1, 2), False),
                                           ((2, 0), True), ((-1, -2), True)])
def test_singular_value_norms(ord, dtype, axis, keepdims):
    x = make((3, 4, 5), dtype)
    if axis is None:
        x = x[0]
    same(ten.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims),
         np.linalg.norm(x, ord=ord, axis=axis, keepdims=keepdims))


@pytest.mark.parametrize("ord", [2, "nuc"])
def test_singular_value_norms_of_empty_matrices(ord):
    x = np.zeros((3, 0, 4))
    same(ten.linalg.norm(x, ord=ord, axis=(1, 2)),
         np.linalg.norm(x, ord=ord, axis=(1, 2)))
