"""ten.linalg's factorizations against numpy.linalg: solve, inv, det,
slogdet, cholesky, qr, eigh, eig, svd and their kin over every dtype NumPy takes (integers computed in
float64, float16 refused), single matrices, batches (broadcast, empty),
empty matrices, ill-conditioned and singular ones, eager and under
ten.jit; the errors NumPy raises (LinAlgError, with its messages)."""

import numpy as np
import pytest

import ten

RNG = np.random.default_rng(2027)
DTYPES = [np.float32, np.float64, np.complex64, np.complex128]


def make(shape, dtype, diagonal=0.0):
    """A random array; with `diagonal`, that much added to the diagonal of
    each matrix, which keeps it well conditioned."""
    if np.dtype(dtype).kind == "c":
        x = RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)
    else:
        x = RNG.standard_normal(shape)
    if diagonal:
        x = x + diagonal * np.eye(shape[-1])
    return x.astype(dtype)


def positive_definite(shape, dtype):
    """Hermitian positive-definite matrices: m @ m^H plus n on the
    diagonal."""
    m = make(shape, dtype)
    product = m @ np.conj(np.swapaxes(m, -1, -2))
    return (product + shape[-1] * np.eye(shape[-1])).astype(dtype)


def same(got, want, tolerance=None):
    got = np.asarray(got)
    want = np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if tolerance is None:
        tolerance = 1e-4 if want.dtype in (np.float32, np.complex64) else 1e-11
    np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("a_shape,b_shape", [
    ((4, 4), (4,)),
    ((3, 4, 4), (4,)),
    ((4, 4), (4, 2)),
    ((5, 4, 4), (5, 4, 3)),
    ((2, 1, 3, 3), (3, 3, 2)),
    ((0, 3, 3), (3,)),
    ((0, 0), (0,)),
    # Beyond the small kernels' 8: LAPACK's routines.
    ((2, 12, 12), (12, 3)),
])
def test_solve(dtype, a_shape, b_shape):
    a = make(a_shape, dtype, diagonal=a_shape[-1])
    b = make(b_shape, dtype)
    same(ten.linalg.solve(a, b), np.linalg.solve(a, b))


@pytest.mark.parametrize("a_dtype,b_dtype", [
    (np.int32, np.int64), (np.float32, np.float64), (np.bool_, np.float32),
    (np.float32, np.complex64), (np.int8, np.complex64)])
def test_solve_computes_in_numpy_dtype(a_dtype, b_dtype):
    a = (np.eye(3) * 2 + np.tri(3)).astype(a_dtype)
    b = np.arange(3).astype(b_dtype)
    same(ten.linalg.solve(a, b), np.linalg.solve(a, b))


def test_solve_ill_conditioned_residual():
    # A Hilbert matrix (condition number about 1e13): the solution differs
    # from NumPy's within the condition number; the residual is as small as
    # a backward-stable solve's, |A| |x| times a few units of roundoff.
    n = 10
    a = 1.0 / (np.arange(n)[:, None] + np.arange(n)[None, :] + 1)
    b = RNG.standard_normal(n)
    x = ten.linalg.solve(a, b)
    bound = 50 * np.finfo(np.float64).eps * np.linalg.norm(a) * np.linalg.norm(x)
    assert np.linalg.norm(a @ x - b) <= bound


@pytest.mark.parametrize("dtype", DTYPES + [np.int64])
@pytest.mark.parametrize("shape", [(3, 3), (7, 2, 2), (1000, 4, 4), (0, 5, 5),
                                   (0, 0), (8, 8), (9, 9), (3, 20, 20)])
def test_inv(dtype, shape):
    a = make(shape, dtype, diagonal=shape[-1]) if np.dtype(
        dtype).kind != "i" else (np.eye(shape[-1]) * 3 + np.tri(
            shape[-1])).astype(dtype) * np.ones(shape, dtype)
    same(ten.linalg.inv(a), np.linalg.inv(a))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (5, 5), (4, 3, 3), (0, 2, 2),
                                   (0, 0), (2, 10, 10)])
def test_det_and_slogdet(dtype, shape):
    a = make(shape, dtype)
    same(ten.linalg.det(a), np.linalg.det(a))
    sign, logabsdet = ten.linalg.slogdet(a)
    want = np.linalg.slogdet(a)
    same(sign, want.sign)
    same(logabsdet, want.logabsdet)
    result = ten.linalg.slogdet(a)
    assert isinstance(result, ten.linalg.SlogdetResult)
    same(result.logabsdet, want.logabsdet)


def test_det_of_singular_matrices():
    a = np.array([[[1.0, 2.0], [2.0, 4.0]], [[0.0, 0.0], [0.0, 0.0]],
                  [[2.0, 0.0], [0.0, 3.0]]])
    same(ten.linalg.det(a), np.linalg.det(a))
    sign, logabsdet = ten.linalg.slogdet(a)
    np.testing.assert_array_equal(sign, [0.0, 0.0, 1.0])
    np.testing.assert_array_equal(logabsdet[:2], [-np.inf, -np.inf])


def test_det_overflows_as_numpy():
    # sign * exp(logabsdet): too large for float32 is infinity.
    a = (np.eye(40) * 100).astype(np.float32)
    same(ten.linalg.det(a), np.linalg.det(a))
    assert np.isinf(ten.linalg.det(a))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(1, 1), (6, 6), (3, 4, 4), (0, 3, 3),
                                   (8, 8), (2, 12, 12)])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(dtype, shape, upper):
    a = positive_definite(shape, dtype)
    same(ten.linalg.cholesky(a, upper=upper),
         np.linalg.cholesky(a, upper=upper))


def test_cholesky_reads_one_triangle():
    a = positive_definite((5, 5), np.float64)
    garbage = np.triu(RNG.standard_normal((5, 5)), 1)
    same(ten.linalg.cholesky(a + garbage), np.linalg.cholesky(a + garbage))
    same(ten.linalg.cholesky(a + garbage.T, upper=True),
         np.linalg.cholesky(a + garbage.T, upper=True))


def test_under_jit():
    @ten.jit
    def whiten(a, x):
        # Solve with the Cholesky factor, then a determinant of it.
        factor = ten.linalg.cholesky(a)
        return ten.linalg.solve(factor, x) * 2.0, ten.linalg.det(factor)

    a = positive_definite((3, 4, 4), np.float64)
    x = make((3, 4, 2), np.float64)
    got, determinant = whiten(a, x)
    factor = np.linalg.cholesky(a)
    same(got, np.linalg.solve(factor, x) * 2.0)
    same(determinant, np.linalg.det(factor))


@pytest.mark.parametrize("call", [
    lambda a: ten.linalg.inv(a),
    lambda a: ten.linalg.solve(a, np.ones(a.shape[-1])),
])
def test_singular_matrix_raises(call):
    a = np.stack([np.eye(3), np.ones((3, 3))])
    with pytest.raises(ten.LinAlgError, match="^Singular matrix$"):
        call(a)
    # NumPy's class, and a ValueError, as NumPy's is.
    with pytest.raises(np.linalg.LinAlgError):
        call(a)
    with pytest.raises(ValueError):
        call(a)


@pytest.mark.parametrize("a", [
    np.array([[1.0, 2.0], [2.0, 1.0]]),
    np.array([[-1.0]]),
    np.eye(12) - 2 * np.eye(12)[::-1],
    np.array([[1.0, 0.0], [0.0, -1e-300]], dtype=np.complex128),
])
def test_not_positive_definite_raises(a):
    with pytest.raises(ten.linalg.LinAlgError,
                       match="^Matrix is not positive definite$"):
        ten.linalg.cholesky(a)
    with pytest.raises(np.linalg.LinAlgError):
        np.linalg.cholesky(a)


@pytest.mark.parametrize("function", [
    ten.linalg.inv, ten.linalg.det, ten.linalg.slogdet, ten.linalg.cholesky])
def test_shape_errors(function):
    with pytest.raises(ten.LinAlgError, match="1-dimensional array given"):
        function(np.ones(3))
    with pytest.raises(ten.LinAlgError, match="must be square"):
        function(np.ones((2, 3)))


def test_solve_shape_errors():
    with pytest.raises(ten.LinAlgError, match="must be square"):
        ten.linalg.solve(np.ones((2, 3)), np.ones(2))
    with pytest.raises(ValueError, match="rows"):
        ten.linalg.solve(np.eye(3), np.ones(4))
    with pytest.raises(ValueError, match="do not broadcast"):
        ten.linalg.solve(np.ones((2, 3, 3)), np.ones((4, 3, 1)))


def test_float16_refused():
    with pytest.raises(TypeError, match="float16 is unsupported in linalg"):
        ten.linalg.inv(np.eye(2, dtype=np.float16))


@pytest.mark.parametrize("a", [
    np.pad([[np.nan]], ((0, 11), (0, 11))) + np.eye(12),
    [[np.nan, 0.0], [0.0, 1.0]],
    [[4.0, 0.0], [0.0, np.nan]],
    [[4.0, np.nan], [np.nan, 9.0]],
    [[4.0, 2.0, 0.0], [2.0, np.nan, 1.0], [0.0, 1.0, 5.0]],
])
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_carries_nan(a, upper):
    # As NumPy (on OpenBLAS): NaN from the pivot it reaches on, no error.
    a = np.array(a)
    got = ten.linalg.cholesky(a, upper=upper)
    want = np.linalg.cholesky(a, upper=upper)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_allclose(got[~np.isnan(want)], want[~np.isnan(want)])


def conj_t(x):
    return np.conj(np.swapaxes(x, -1, -2))


def close(got, want, dtype):
    tolerance = 1e-4 if np.dtype(dtype) in (np.float32, np.complex64) \
        else 1e-10
    np.testing.assert_allclose(got, want, rtol=tolerance, atol=tolerance)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (4, 4), (2, 6, 4),
                                   (0, 3, 3), (3, 0), (0, 2)])
@pytest.mark.parametrize("mode", ["reduced", "complete", "r"])
def test_qr(dtype, shape, mode):
    a = make(shape, dtype)
    got = ten.linalg.qr(a, mode=mode)
    want = np.linalg.qr(a, mode=mode)
    if mode == "r":
        same(got, want)
        return
    assert isinstance(got, ten.linalg.QRResult)
    # The same reflectors as NumPy's: the same factors, signs included.
    same(got.Q, want.Q)
    same(got.R, want.R)
    close(got.Q @ got.R, a, dtype)


def test_qr_modes():
    with pytest.raises(ValueError, match="Unrecognized mode 'x'"):
        ten.linalg.qr(np.eye(2), mode="x")
    with pytest.raises(NotImplementedError, match="'raw'"):
        ten.linalg.qr(np.eye(2), mode="raw")


@pytest.mark.parametrize("dtype", DTYPES + [np.int64])
@pytest.mark.parametrize("shape", [(1, 1), (5, 5), (3, 4, 4), (0, 3, 3)])
@pytest.mark.parametrize("UPLO", ["L", "U"])
def test_eigh(dtype, shape, UPLO):
    m = make(shape, dtype) if np.dtype(dtype).kind != "i" else \
        RNG.integers(-5, 5, shape)
    a = (m + conj_t(m)).astype(dtype)
    if np.dtype(dtype).kind != "i":
        # Only one triangle is read: spoil the other.
        spoil = np.triu if UPLO == "L" else np.tril
        a = a + spoil(make(shape, dtype), 1 if UPLO == "L" else -1)
    w, v = ten.linalg.eigh(a, UPLO=UPLO)
    want = np.linalg.eigh(a, UPLO=UPLO)
    same(w, want.eigenvalues)
    assert v.dtype == want.eigenvectors.dtype
    hermitian = np.linalg.eigh(a, UPLO=UPLO).eigenvectors @ (
        want.eigenvalues[..., None] * conj_t(want.eigenvectors))
    # Eigenvectors are unique up to phase: check what they must satisfy.
    close(v @ (w[..., None] * conj_t(v)), hermitian, dtype)
    close(conj_t(v) @ v, np.broadcast_to(np.eye(shape[-1]), v.shape), dtype)
    same(ten.linalg.eigvalsh(a, UPLO=UPLO), np.linalg.eigvalsh(a, UPLO=UPLO))


def test_eigh_uplo():
    with pytest.raises(ValueError, match="UPLO argument must be 'L' or 'U'"):
        ten.linalg.eigh(np.eye(2), UPLO="X")


@pytest.mark.parametrize("dtype", DTYPES + [np.int64])
@pytest.mark.parametrize("shape", [(1, 1), (5, 5), (3, 4, 4), (0, 3, 3),
                                   (0, 0)])
def test_eig(dtype, shape):
    a = make(shape, dtype) if np.dtype(dtype).kind != "i" else \
        RNG.integers(-5, 5, shape)
    w, v = ten.linalg.eig(a)
    want = np.linalg.eig(a)
    # NumPy's routine (geev), computed in double as NumPy does: its order
    # and its phases, and its dtypes, real where every eigenvalue is.
    assert isinstance(ten.linalg.eig(a), ten.linalg.EigResult)
    same(w, want.eigenvalues)
    same(v, want.eigenvectors)
    same(ten.linalg.eigvals(a), np.linalg.eigvals(a))
    close(a @ v, v * w[..., None, :], dtype)


def test_eig_real_only_where_numpy_is():
    rotation = np.array([[0.0, -1.0], [1.0, 0.0]])
    symmetric = np.array([[2.0, 1.0], [1.0, 2.0]])
    for a in (rotation, symmetric, np.stack([rotation, symmetric]),
              symmetric.astype(np.float32), symmetric.astype(np.complex64)):
        w, v = ten.linalg.eig(a)
        want = np.linalg.eig(a)
        same(w, want.eigenvalues)
        same(v, want.eigenvectors)
        same(ten.linalg.eigvals(a), np.linalg.eigvals(a))
    # A defective matrix: one eigenvalue twice, its vector twice.
    jordan = np.array([[2.0, 1.0], [0.0, 2.0]])
    same(ten.linalg.eig(jordan).eigenvectors, np.linalg.eig(jordan).eigenvectors)


def test_eig_under_jit_is_complex():
    # A type cannot depend on the values: traced, the results stay complex
    # (as JAX's and PyTorch's), NumPy's values.
    @ten.jit
    def spectrum(a):
        w, v = np.linalg.eig(a)
        return w, v, np.linalg.eigvals(a * 2.0)

    a = np.array([[2.0, 1.0], [1.0, 2.0]])
    w, v, twice = spectrum(a)
    want = np.linalg.eig(a)
    same(w, want.eigenvalues.astype(np.complex128))
    same(v, want.eigenvectors.astype(np.complex128))
    same(twice, 2 * want.eigenvalues.astype(np.complex128))


@pytest.mark.parametrize("function", [ten.linalg.eig, ten.linalg.eigvals])
def test_eig_errors(function):
    for bad in (np.nan, np.inf, -np.inf):
        a = np.stack([np.eye(3), np.eye(3)])
        a[1, 2, 0] = bad
        with pytest.raises(ten.LinAlgError,
                           match="^Array must not contain infs or NaNs$"):
            function(a)
        with pytest.raises(np.linalg.LinAlgError):
            np.linalg.eig(a)
    with pytest.raises(ten.LinAlgError, match="1-dimensional array given"):
        function(np.ones(3))
    with pytest.raises(ten.LinAlgError, match="must be square"):
        function(np.ones((2, 3)))
    with pytest.raises(TypeError, match="float16 is unsupported in linalg"):
        function(np.eye(2, dtype=np.float16))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (5, 5), (3, 4, 2),
                                   (0, 3, 3), (2, 0), (0, 0)])
@pytest.mark.parametrize("full_matrices", [True, False])
def test_svd(dtype, shape, full_matrices):
    a = make(shape, dtype)
    u, s, vh = ten.linalg.svd(a, full_matrices=full_matrices)
    want = np.linalg.svd(a, full_matrices=full_matrices)
    same(s, want.S)
    assert u.shape == want.U.shape and u.dtype == want.U.dtype
    assert vh.shape == want.Vh.shape and vh.dtype == want.Vh.dtype
    k = min(shape[-2:])
    close((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], a, dtype)
    close(conj_t(u) @ u, np.broadcast_to(np.eye(u.shape[-1]),
                                         u.shape[:-2] + (u.shape[-1],) * 2),
          dtype)
    same(ten.linalg.svd(a, compute_uv=False), np.linalg.svd(a,
                                                            compute_uv=False))
    same(ten.linalg.svdvals(a), np.linalg.svdvals(a))


@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_svd_hermitian(dtype):
    m = make((3, 4, 4), dtype)
    a = m + conj_t(m)
    u, s, vh = ten.linalg.svd(a, hermitian=True)
    want = np.linalg.svd(a, hermitian=True)
    same(s, want.S)
    close((u * s[..., None, :]) @ vh, a, dtype)
    same(ten.linalg.svd(a, compute_uv=False, hermitian=True),
         np.linalg.svd(a, compute_uv=False, hermitian=True))


def test_svd_of_nan_raises():
    with pytest.raises(ten.LinAlgError, match="^SVD did not converge$"):
        ten.linalg.svd(np.array([[np.nan, 1.0], [1.0, 2.0]]))


@pytest.mark.parametrize("dtype", DTYPES + [np.int32])
@pytest.mark.parametrize("shape", [(6, 4), (4, 6), (3, 5, 5), (0, 3), (2, 0)])
def test_pinv(dtype, shape):
    a = make(shape, dtype) if np.dtype(dtype).kind != "i" else \
        RNG.integers(-5, 5, shape).astype(dtype)
    same(ten.linalg.pinv(a), np.linalg.pinv(a))


def test_pinv_cutoffs_and_rank_deficiency():
    # Rank 2 of 4: the cutoff keeps the two singular values that are not
    # rounding noise, as NumPy's.
    a = make((6, 2), np.float64) @ make((2, 4), np.float64)
    same(ten.linalg.pinv(a), np.linalg.pinv(a))
    same(ten.linalg.pinv(a, rtol=None), np.linalg.pinv(a, rtol=None))
    same(ten.linalg.pinv(a, rcond=1e-3), np.linalg.pinv(a, rcond=1e-3))
    same(ten.linalg.pinv(a @ a.T, hermitian=True),
         np.linalg.pinv(a @ a.T, hermitian=True))
    with pytest.raises(ValueError, match="can't be both set"):
        ten.linalg.pinv(a, rcond=1e-3, rtol=1e-3)


def test_projection_never_forms_the_projector():
    # The seed's projection P @ x = A @ pinv(A) @ x, A 2000 x 100: under
    # ten.jit the einsum path orders the products so that x meets pinv(A)
    # first.
    a = make((2000, 100), np.float64)
    x = make((2000,), np.float64)

    @ten.jit
    def project(a, x):
        return a @ (ten.linalg.pinv(a) @ x)

    same(project(a, x), a @ (np.linalg.pinv(a) @ x))


@pytest.mark.parametrize("a", [
    np.eye(4), np.ones((3, 3)), np.zeros((2, 5)),
    RNG.standard_normal((6, 2)) @ RNG.standard_normal((2, 4)),
    RNG.standard_normal((3, 5, 4)), np.zeros((0, 3)),
])
def test_matrix_rank(a):
    np.testing.assert_array_equal(ten.linalg.matrix_rank(a),
                                  np.linalg.matrix_rank(a))
    np.testing.assert_array_equal(ten.linalg.matrix_rank(a, tol=0.5),
                                  np.linalg.matrix_rank(a, tol=0.5))
    np.testing.assert_array_equal(ten.linalg.matrix_rank(a, rtol=0.5),
                                  np.linalg.matrix_rank(a, rtol=0.5))


def test_matrix_rank_of_vectors():
    """A Python int, as NumPy's: 1 unless every element is 0."""
    for vector, rank in ((np.zeros(3), 0), (np.array([0, 1]), 1),
                         (np.float64(2.5), 1)):
        got = ten.linalg.matrix_rank(vector)
        assert type(got) is int and got == rank
        assert type(np.linalg.matrix_rank(vector)) is int
    traced = ten.jit(ten.linalg.matrix_rank)(np.array([0.0, 3.0]))
    assert traced.dtype == np.int64 and traced == 1


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("a_shape,b_shape", [
    ((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 6), (3,)), ((4, 4), (4, 2)),
    ((0, 3), (0,)), ((3, 0), (3, 2))])
def test_lstsq(dtype, a_shape, b_shape):
    a = make(a_shape, dtype)
    b = make(b_shape, dtype)
    x, residuals, rank, s = ten.linalg.lstsq(a, b)
    want = np.linalg.lstsq(a, b)
    same(x, want[0])
    same(residuals, want[1])
    assert rank == want[2] and type(rank) is type(want[2])  # np.int32
    same(s, want[3])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("a_shape,b_shape", [
    ((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 6), (3,)), ((0, 3), (0,))])
def test_lstsq_traced(dtype, a_shape, b_shape):
    """Inside a traced program (np.linalg.lstsq dispatches to ten's), the
    rank is computed when it runs; the results are NumPy's where the
    matrix has full rank."""
    a = make(a_shape, dtype)
    b = make(b_shape, dtype)
    got = ten.jit(lambda a, b: np.linalg.lstsq(a, b, rcond=None))(a, b)
    want = np.linalg.lstsq(a, b, rcond=None)
    for value, expected in zip(got, want):
        same(value, expected)
    # Rank deficient: NumPy's solution and rank, JAX's residuals (m > n).
    a = RNG.standard_normal((6, 2)) @ RNG.standard_normal((2, 3))
    x, residuals, rank, _ = ten.jit(ten.linalg.lstsq)(a, np.ones(6))
    want = np.linalg.lstsq(a, np.ones(6))
    same(x, want[0])
    assert rank == 2 and rank.dtype == np.int32
    np.testing.assert_allclose(residuals,
                               [np.sum((np.ones(6) - a @ want[0]) ** 2)])


def test_lstsq_rank_deficient():
    a = RNG.standard_normal((6, 2)) @ RNG.standard_normal((2, 4))
    b = RNG.standard_normal(6)
    x, residuals, rank, s = ten.linalg.lstsq(a, b)
    want = np.linalg.lstsq(a, b)
    same(x, want[0])
    assert rank == want[2] == 2
    assert residuals.shape == want[1].shape == (0,)
    with pytest.raises(ten.LinAlgError, match="Incompatible dimensions"):
        ten.linalg.lstsq(np.ones((3, 2)), np.ones(4))


def test_named_results_under_jit():
    # A jitted function returns NumPy's named tuples as it traced them.
    a = make((3, 4), np.float64)
    u, s, vh = ten.jit(lambda x: ten.linalg.svd(x, full_matrices=False))(a)
    result = ten.jit(lambda x: ten.linalg.svd(x))(a)
    assert isinstance(result, ten.linalg.SVDResult)
    same(result.S, np.linalg.svd(a).S)
    same(s, result.S)
    assert isinstance(ten.jit(ten.linalg.qr)(a), ten.linalg.QRResult)


@pytest.mark.parametrize("n", [3, 8, 9, 16])
def test_singular_of_every_size(n):
    # The small kernels (n <= 8) and LAPACK find the same exact zero pivot.
    a = np.ones((n, n))
    with pytest.raises(ten.LinAlgError, match="^Singular matrix$"):
        ten.linalg.inv(a)
    same(ten.linalg.det(a), np.linalg.det(a))
    sign, logabsdet = ten.linalg.slogdet(a)
    assert sign == 0 and logabsdet == -np.inf


@pytest.mark.parametrize("shapes", [
    [(3, 4), (4, 5), (5, 2)], [(3,), (3, 4), (4, 5), (5, 2), (2,)],
    [(6, 4), (4, 5)], [(4,), (4, 5), (5, 2)], [(3, 4), (4, 5), (5,)]])
def test_multi_dot(shapes):
    arrays = [make(shape, np.float64) for shape in shapes]
    same(ten.linalg.multi_dot(arrays), np.linalg.multi_dot(arrays))


def test_multi_dot_errors():
    with pytest.raises(ValueError, match="Expecting at least two arrays."):
        ten.linalg.multi_dot([np.eye(2)])
    with pytest.raises(ten.LinAlgError, match="3-dimensional array given"):
        ten.linalg.multi_dot([np.eye(2), np.ones((2, 2, 2)), np.eye(2)])


@pytest.mark.parametrize("n", [0, 1, 2, 3, 6, -1, -3])
@pytest.mark.parametrize("dtype", [np.float64, np.complex64])
def test_matrix_power(n, dtype):
    a = make((2, 3, 3), dtype, diagonal=3)
    same(ten.linalg.matrix_power(a, n), np.linalg.matrix_power(a, n))


def test_matrix_power_of_integers_and_errors():
    a = np.array([[1, 1], [1, 0]])
    same(ten.linalg.matrix_power(a, 10), np.linalg.matrix_power(a, 10))
    same(ten.linalg.matrix_power(a, 0), np.linalg.matrix_power(a, 0))
    with pytest.raises(TypeError, match="exponent must be an integer"):
        ten.linalg.matrix_power(a, 1.5)
    with pytest.raises(ten.LinAlgError, match="must be square"):
        ten.linalg.matrix_power(np.ones((2, 3)), 2)


@pytest.mark.parametrize("p", [None, 2, -2, 1, -1, np.inf, -np.inf, "fro"])
def test_cond(p):
    a = make((3, 4, 4), np.float64)
    same(ten.linalg.cond(a, p), np.linalg.cond(a, p))


def test_cond_of_singular_and_empty():
    # 0 / 0 is infinite, as NumPy's; a NaN's SVD does not converge.
    a = np.zeros((2, 3, 3))
    same(ten.linalg.cond(a), np.linalg.cond(a))
    assert np.isinf(ten.linalg.cond(a)).all()
    a[1] = np.nan
    with pytest.raises(ten.LinAlgError, match="SVD did not converge"):
        ten.linalg.cond(a)
    with pytest.raises(ten.LinAlgError, match="cond is not defined on empty"):
        ten.linalg.cond(np.zeros((0, 0)))


def test_tensorsolve_and_tensorinv():
    a = (np.eye(24) + 0.1 * RNG.standard_normal((24, 24))).reshape(
        2, 3, 4, 2, 3, 4)
    b = RNG.standard_normal((2, 3, 4))
    for axes in (None, (0,), (0, 1, 2)):
        same(ten.linalg.tensorsolve(a, b, axes=axes),
             np.linalg.tensorsolve(a, b, axes=axes))
    same(ten.jit(lambda q, r: np.linalg.tensorsolve(q, r))(a, b),
         np.linalg.tensorsolve(a, b))
    for ind in (1, 3):
        same(ten.linalg.tensorinv(a.reshape(24, 2, 3, 4), ind=ind)
             if ind == 1 else ten.linalg.tensorinv(a, ind=ind),
             np.linalg.tensorinv(a.reshape(24, 2, 3, 4), ind=ind)
             if ind == 1 else np.linalg.tensorinv(a, ind=ind))
    same(ten.jit(lambda q: np.linalg.tensorinv(q, 3))(a),
         np.linalg.tensorinv(a, 3))
    with pytest.raises(ten.LinAlgError, match="prod"):
        ten.linalg.tensorsolve(np.ones((2, 3)), np.ones(2))
    with pytest.raises(ValueError, match="Invalid ind argument"):
        ten.linalg.tensorinv(a, 0)
