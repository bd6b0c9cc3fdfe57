"""Products, diagonals, triangles, the small elementwise helpers, NaN
reductions, grids and polynomials (ten/_numeric.py) against NumPy's: values,
dtypes and shapes, eagerly on NumPy arrays and traced through NumPy's own
functions inside @ten.jit; NumPy's errors for bad arguments."""

import warnings

import numpy as np
import pytest

import ten

from conftest import assert_matches, random_array


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def _check(function, *args, rtol=None):
    """`function` (NumPy code) run by NumPy, traced by ten.jit, and the
    ten function of the same name called eagerly, all agree."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = function(*args)
        traced = ten.jit(function)(*args)
    assert_matches(np.asarray(traced), want, rtol=rtol)


def _special(rng, n=9):
    x = rng.normal(size=n)
    x[:5] = [np.nan, 0.0, -0.0, np.inf, -np.inf]
    return x


# ---------------------------------------------------------------------------
# Products
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32,
                                   np.complex64])
def test_products(rng, dtype):
    a = (rng.normal(size=(3, 4)) * 4).astype(dtype)
    b = (rng.normal(size=(4, 5)) * 4).astype(dtype)
    v = (rng.normal(size=4) * 4).astype(dtype)
    _check(np.dot, a, b)
    _check(np.dot, a, v)
    _check(np.dot, v, v)
    _check(np.dot, v, np.asarray(2, dtype))
    _check(lambda x, y: np.dot(x.reshape(3, 2, 2), y.reshape(2, 2, 5)), a,
           b)
    _check(np.vdot, a, a)
    _check(np.inner, a, a)
    _check(np.inner, v, v)
    _check(np.outer, v, a)
    _check(lambda x, y: np.tensordot(x, y, axes=([1], [0])), a, b)
    _check(lambda x, y: np.tensordot(x, y, axes=2), a, a)
    _check(lambda x, y: np.tensordot(x, y, axes=0), v, v)
    _check(np.kron, a[:2, :2], b[:3, :2])
    _check(np.kron, v, a)
    _check(lambda x, y: x.dot(y), a, b)


def test_product_errors(rng):
    a, b = rng.normal(size=(3, 4)), rng.normal(size=(3, 4))
    with pytest.raises(ValueError, match="not aligned"):
        ten.dot(a, b)
    with pytest.raises(ValueError, match="not aligned"):
        ten.inner(a, b.T)
    with pytest.raises(ValueError, match="shape-mismatch"):
        ten.tensordot(a, b, axes=([0, 1], [0]))


def test_cross(rng):
    a, b = rng.normal(size=(5, 3)), rng.normal(size=(5, 3))
    _check(np.cross, a, b)
    _check(lambda x, y: np.cross(x, y, axis=0), a.T, b.T)
    _check(lambda x, y: np.cross(x[:, :2], y), a, b)
    _check(lambda x, y: np.cross(x, y[:, :2]), a, b)
    with pytest.raises(ValueError, match="must be 2 or 3"):
        ten.cross(a[:, :1], b)


# ---------------------------------------------------------------------------
# Diagonals and triangles
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("offset", [-3, -1, 0, 2, 5])
def test_diagonals(rng, offset):
    a = rng.integers(-9, 9, size=(3, 5)).astype(np.int32)
    t = rng.normal(size=(2, 4, 3))
    _check(lambda x: np.diagonal(x, offset), a)
    _check(lambda x: np.diagonal(x, offset, axis1=2, axis2=0), t)
    _check(lambda x: np.trace(x, offset), a)
    _check(lambda x: np.trace(x, offset, dtype=np.float32), a)
    _check(lambda x: x.trace(offset), t)
    _check(lambda x: np.tril(x, offset), a)
    _check(lambda x: np.triu(x, offset), t)
    _check(lambda x: np.diag(x, offset), a)
    _check(lambda x: np.diag(x[0], offset), a)
    _check(lambda x: np.tril(x[0], offset), a)


def test_diagonal_errors(rng):
    with pytest.raises(ValueError, match="at least two"):
        ten.diagonal(np.ones(3))
    with pytest.raises(ValueError, match="cannot be the same"):
        ten.diagonal(np.ones((3, 3)), axis1=1, axis2=-1)
    with pytest.raises(ValueError, match="1- or 2-d"):
        ten.diag(np.ones((2, 2, 2)))


# ---------------------------------------------------------------------------
# Elementwise
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("ufunc", [np.hypot, np.copysign, np.logaddexp,
                                   np.logaddexp2, np.fmax, np.fmin,
                                   np.heaviside, np.float_power])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_binary(rng, ufunc, dtype):
    x = _special(rng).astype(dtype)
    y = np.roll(_special(rng), 2).astype(dtype)
    xx, yy = np.meshgrid(x, y)
    _check(ufunc, xx, yy)
    _check(lambda a: ufunc(a, 1.5), x)


def test_binary_dtypes(rng):
    i = rng.integers(-5, 5, size=6)
    u = rng.integers(0, 5, size=6).astype(np.uint8)
    for ufunc in (np.hypot, np.logaddexp, np.fmax, np.fmin, np.copysign,
                  np.float_power):
        _check(ufunc, i, u)
    _check(np.fmax, u, u)
    _check(np.hypot, np.array([1e300, 3e-310, 3.0]),
           np.array([1e300, 4e-310, 4.0]))
    _check(np.fmax, np.array([np.nan, 1 + 1j]), np.array([2j, np.nan]))


@pytest.mark.parametrize("ufunc", [np.signbit, np.deg2rad, np.rad2deg,
                                   np.radians, np.degrees, np.cbrt,
                                   np.positive, np.sinc])
def test_unary(rng, ufunc):
    x = _special(rng)
    _check(ufunc, x)
    _check(ufunc, x.astype(np.float32))
    _check(ufunc, rng.integers(-30, 30, size=7))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64,
                                   np.complex64])
def test_positive_keeps_the_sign_of_zero(dtype):
    """+x is x bit for bit: -0.0 stays -0.0 (0 + -0.0 would be 0.0)."""
    x = np.array([-0.0, 0.0, -1.5], dtype)
    got = ten.positive(x)
    assert got.dtype == x.dtype
    assert got.tobytes() == x.tobytes()


def _ulps_apart(got, want):
    """How many of `want`'s units in the last place `got` is from it (NaN
    against NaN: 0)."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype
    wide = np.float64
    same = (got == want) | (np.isnan(got.astype(wide)) & np.isnan(want.astype(wide)))
    spacing = np.spacing(np.abs(want.astype(np.float32))).astype(wide)
    if want.dtype == np.float16:
        spacing = np.spacing(np.abs(want)).astype(wide)
    apart = np.abs(got.astype(wide) - want.astype(wide)) / spacing
    return np.where(same, 0, apart).max()


@pytest.mark.parametrize("ufunc", [np.hypot, np.logaddexp, np.logaddexp2])
def test_binary_float16_in_float32(rng, ufunc):
    """NumPy's float16 loops compute in float32 and round once: so do the
    compositions (logaddexp2 was 28 units in the last place off)."""
    x = (rng.random(2048) * 20 - 10).astype(np.float16)
    y = (rng.random(2048) * 20 - 10).astype(np.float16)
    got = ten.jit(ufunc)(x, y)
    assert _ulps_apart(got, ufunc(x, y)) <= 1


@pytest.mark.parametrize("ufunc", [np.deg2rad, np.rad2deg, np.cbrt,
                                   np.sinc])
def test_unary_float16_in_float32(rng, ufunc):
    x = (rng.random(2048) * 20 - 10).astype(np.float16)
    x[:3] = [0.0, -0.0, 1e-7]
    got = ten.jit(ufunc)(x)
    assert _ulps_apart(got, ufunc(x)) <= 1


def test_sinc_at_zero():
    """1 at 0 in every float type: NumPy puts the type's epsilon in place
    of pi x where that is 0 (1e-20, the old stand-in, is 0 in float16)."""
    for dtype in (np.float16, np.float32, np.float64, np.complex64):
        x = np.array([0.0, -0.0, 1e-30, 0.5], dtype)
        assert_matches(np.asarray(ten.jit(np.sinc)(x)), np.sinc(x))
        assert np.asarray(ten.sinc(x))[0] == 1


def test_float32_exact():
    """The angle conversions multiply by NumPy's float32 factor (180 /
    pi computed in float32: 57.295776, not 57.29578), and hypot computes
    in float64 as the C library's hypotf: both bit for bit."""
    rng = np.random.default_rng(3)
    x = (rng.random(4096) * 20 - 10).astype(np.float32)
    y = (rng.random(4096) * 20 - 10).astype(np.float32)
    for ufunc in (np.deg2rad, np.rad2deg):
        np.testing.assert_array_equal(ten.jit(ufunc)(x), ufunc(x))
    np.testing.assert_array_equal(ten.jit(np.hypot)(x, y), np.hypot(x, y))
    edges = np.array([3e-30, 1e-45, 3e38], np.float32)
    with np.errstate(over="ignore"):
        want = np.hypot(edges, edges)
    np.testing.assert_array_equal(ten.hypot(edges, edges), want)


def test_bfloat16_in_float32():
    """ml_dtypes' bfloat16 ufuncs compute in float32 too, with bfloat16
    results."""
    if ten.bfloat16 is None:
        pytest.skip("ml_dtypes is not installed")
    x = np.array([0.5, 1.0, 2.0, 100.0, -3.0], ten.bfloat16)
    for ufunc in (np.hypot, np.logaddexp, np.logaddexp2):
        got = np.asarray(getattr(ten, ufunc.__name__)(x, x))
        want = ufunc(x, x)
        assert got.dtype == want.dtype == ten.bfloat16
        np.testing.assert_array_equal(got.astype(np.float32),
                                      want.astype(np.float32))
    for ufunc in (np.rad2deg, np.deg2rad, np.cbrt):
        got, want = np.asarray(getattr(ten, ufunc.__name__)(x)), ufunc(x)
        assert got.dtype == ten.bfloat16
        np.testing.assert_array_equal(got.astype(np.float32),
                                      want.astype(np.float32))


def test_cbrt_exact():
    # Perfect cubes give their roots exactly. NumPy's own result depends on
    # the host: its AVX-512 loop is exact here, glibc's cbrt (what it calls
    # on an AVX2 host) gives 3.0000000000000004 for 27.
    cubes = np.array([27.0, -8.0, 64.0, 2.0**60, 0.0, -0.0])
    got = ten.cbrt(cubes)
    np.testing.assert_array_equal(got, [3.0, -2.0, 4.0, 2.0**20, 0.0, -0.0])
    assert np.signbit(got[-1])
    # Elsewhere within an ulp of NumPy's.
    others = np.array([1e-300, 1e300, 2.0, -1e-310, 0.1])
    np.testing.assert_allclose(ten.cbrt(others), np.cbrt(others),
                               rtol=2.3e-16, atol=0)


def test_unary_errors():
    with pytest.raises(TypeError, match="ufunc .positive."):
        ten.positive(np.array([True]))
    with pytest.raises(TypeError, match="'signbit' not supported"):
        ten.signbit(np.array([1j]))


# ---------------------------------------------------------------------------
# Reductions
# ---------------------------------------------------------------------------


def test_reductions(rng):
    a = rng.normal(size=(4, 6))
    a[1, 2] = np.nan
    a[3, :] = np.nan
    i = rng.integers(-9, 9, size=(4, 6)).astype(np.int16)
    _check(lambda x: np.ptp(x, axis=1), i)
    _check(lambda x: np.ptp(x, axis=0, keepdims=True), a)
    _check(np.average, i)
    _check(lambda x: np.average(x, axis=1, weights=np.arange(1.0, 7.0)), i)
    _check(lambda x: np.average(x, weights=np.abs(x) + 1), a)
    _check(lambda x: np.average(x, axis=0, returned=True)[1], i)
    _check(lambda x: np.average(x, axis=1, weights=np.arange(1, 7),
                                returned=True)[1], a)
    for axis in (None, 0, 1):
        _check(lambda x: np.nanprod(x, axis=axis), a)
        _check(lambda x: np.nanvar(x, axis=axis), a)
        _check(lambda x: np.nanstd(x, axis=axis, ddof=1, keepdims=True), a)
        _check(lambda x: np.nanvar(x, axis=axis), i)
    _check(lambda x: np.nanvar(x, axis=1), a.astype(np.float32))
    _check(lambda x: np.nanvar(x, axis=1), a + 1j * a[::-1])


def test_reduction_errors(rng):
    with pytest.raises(TypeError, match="boolean subtract"):
        ten.ptp(np.array([True, False]))
    with pytest.raises(TypeError, match="Axis must be specified"):
        ten.average(np.ones((2, 3)), weights=np.ones(3))
    with pytest.raises(ValueError, match="Length of weights"):
        ten.average(np.ones((2, 3)), axis=1, weights=np.ones(2))
    # NumPy's checks of the sums: weights summing to zero anywhere, and
    # returned= over an empty result (the count divides by its size).
    for weights, axis in ((np.array([1.0, -1.0, 0.0]), 1),
                          (np.zeros(2), 0), (np.zeros((2, 3)), None)):
        with pytest.raises(ZeroDivisionError, match="Weights sum to zero"):
            ten.average(np.ones((2, 3)), axis=axis, weights=weights)
    with pytest.raises(ZeroDivisionError, match="Weights sum to zero"):
        ten.average(np.ones((2, 0)), axis=1, weights=np.ones(0),
                    returned=True)
    with pytest.raises(ZeroDivisionError):
        ten.average(np.ones((2, 0)), axis=0, returned=True)


# ---------------------------------------------------------------------------
# Joins, grids and polynomials
# ---------------------------------------------------------------------------


def test_joins_and_grids(rng):
    a = rng.normal(size=(3, 4))
    v = rng.integers(0, 9, size=5)
    _check(np.append, a, v)
    _check(lambda x: np.append(x, x[:1], axis=0), a)
    for indexing in ("xy", "ij"):
        for part in (0, 1, 2):
            _check(lambda x, y: np.meshgrid(x, y, x[:2], indexing=indexing)
                   [part], v, a[0])
        _check(lambda x, y: np.meshgrid(x, y, sparse=True,
                                        indexing=indexing)[1], v, a[0])
    for k in range(-1, 5):
        _check(lambda x: np.rot90(x, k), a)
        _check(lambda x: np.rot90(x, k, axes=(1, 0)), a)
    _check(np.ediff1d, a)
    _check(lambda x: np.ediff1d(x, to_end=[7, 8], to_begin=-1), v)
    _check(lambda y: np.trapezoid(y, dx=0.5), a)
    _check(lambda y: np.trapezoid(y, x=np.array([0.0, 1.0, 3.0]), axis=0),
           a)
    # Python lists for both, as NumPy takes them.
    np.testing.assert_allclose(ten.trapezoid([1, 2, 3], [0, 1, 3]), 6.5)
    np.testing.assert_allclose(
        ten.trapezoid([[1, 2, 3], [4, 5, 6]], [0, 1], axis=0),
        np.trapezoid([[1, 2, 3], [4, 5, 6]], [0, 1], axis=0))
    with pytest.raises(ValueError, match="must be different"):
        ten.rot90(a, axes=(0, 0))


def test_polynomials(rng):
    x = _special(rng)
    i = rng.integers(-4, 4, size=6)
    _check(lambda t: np.polyval([3.0, 0.0, -1.0], t), x)
    _check(lambda t: np.polyval(np.array([2, 1]), t), i)
    for n in (None, 0, 1, 4):
        _check(lambda t: np.vander(t, n), i)
        _check(lambda t: np.vander(t, n, increasing=True), x)
    # NumPy's dtype: promoted with the default integer, the products in it
    # (int8's wrap no more; float32's are float64's).
    small = np.array([7, -9, 100], np.int8)
    for t in (small, small.astype(np.float32), np.array([True, False]),
              np.array([1 + 2j, 3], np.complex64)):
        _check(lambda v: np.vander(v, 5), t)
    with pytest.raises(ValueError, match="negative dimensions"):
        ten.vander(small, -1)


def test_interp(rng):
    xp = np.array([0.0, 1.0, 1.0, 2.5, 4.0])
    fp = np.array([1.0, -2.0, 3.0, 0.5, 2.0])
    x = np.array([-1.0, 0.0, 0.5, 1.0, 2.0, 2.5, 4.0, 5.0, np.nan])
    _check(lambda t: np.interp(t, xp, fp), x)
    _check(lambda t: np.interp(t, xp, fp, left=-9.0, right=9.0), x)
    _check(lambda t: np.interp(t, xp[:1], fp[:1]), x)
    _check(lambda t: np.interp(t, xp, fp + 1j * fp), x)
    _check(lambda t: np.interp(t, [0, 10], [0, 1]), rng.integers(0, 10, 5))
    with pytest.raises(ValueError, match="same length"):
        ten.interp(x, xp, fp[:2])
    with pytest.raises(ValueError, match="empty"):
        ten.interp(x, xp[:0], fp[:0])


def test_interp_periodic():
    """NumPy's periodic interpolation: x and the points modulo the period
    (the points in any order), bit for bit; a period of 0 is its error."""
    for args, kwargs in [
            (([-1, 0.5, 370, 3, -725.5], [0, 90, 180, 270], [1, 2, 3, 4]),
             dict(period=360)),
            (([-1, 0.5, 370, 3], [270, 0, 180, 90], [4, 1, 3, 2j]),
             dict(period=-360)),
            ((np.linspace(-10, 10, 7), [1, 2, 3], [3, 2, 1.5]),
             dict(period=np.pi))]:
        assert_matches(ten.interp(*args, **kwargs), np.interp(*args, **kwargs),
                       rtol=0, atol=0)
    with pytest.raises(ValueError, match="non-zero"):
        ten.interp([1.0], [1, 2], [1, 2], period=0)


def test_lexsort(rng):
    a = rng.integers(0, 3, size=12)
    b = rng.integers(0, 3, size=12)
    c = rng.normal(size=(2, 12)).round(0)
    _check(lambda x, y: np.lexsort((x, y)), a, b)
    _check(lambda x: np.lexsort(x), c)
    _check(lambda x, y: np.lexsort((x.reshape(3, 4), y.reshape(3, 4)),
                                   axis=0), a, b)


def test_array_api_names(rng):
    a = rng.normal(size=(2, 3))
    np.testing.assert_array_equal(ten.concat([a, a]), np.concat([a, a]))
    np.testing.assert_array_equal(ten.permute_dims(a, (1, 0)), a.T)


# ---------------------------------------------------------------------------
# Covariance, gradients, convolutions, real and complex tests
# ---------------------------------------------------------------------------


def test_covariance(rng):
    m = rng.normal(size=(3, 6))
    y = rng.normal(size=(2, 6))
    v = rng.normal(size=6)
    z = m + 1j * m[::-1]
    ints = np.arange(12).reshape(3, 4)
    for x in (m, v, z, ints):
        _check(np.cov, x)
        _check(np.corrcoef, x)
    _check(np.cov, m, y)
    _check(lambda a: np.cov(a, rowvar=False), m)
    _check(lambda a: np.cov(a, bias=True), m)
    _check(lambda a: np.cov(a, ddof=3), m)
    _check(lambda a: np.cov(a, dtype=np.float32), m)
    _check(np.corrcoef, v, y[0])
    _check(lambda a: np.corrcoef(a, rowvar=False), m)
    # Weights: frequencies, importances, both, with ddof and bias, as NumPy
    # normalizes them.
    f = np.array([1, 2, 1, 3, 1, 2])
    w = np.array([0.5, 1, 2, 1, 0.25, 3])
    for x in (m, z, ints[:, :4].repeat(2, axis=1)[:, :6]):
        _check(lambda a: np.cov(a, fweights=f), x)
        _check(lambda a: np.cov(a, aweights=w), x)
        _check(lambda a: np.cov(a, fweights=f, aweights=w, ddof=2), x)
        _check(lambda a: np.cov(a, aweights=w, bias=True), x)
    _check(lambda a: np.cov(a, rowvar=False, fweights=[1, 2, 3]), m)
    for kwargs, error in [(dict(fweights=np.full(6, 1.5)), TypeError),
                          (dict(fweights=np.ones(4, int)), RuntimeError),
                          (dict(aweights=-w), ValueError),
                          (dict(fweights=np.zeros(6, int)),
                           ZeroDivisionError)]:
        with pytest.raises(error):
            np.cov(m, **kwargs)
        with pytest.raises(error):
            ten.cov(m, **kwargs)
    with pytest.raises(ValueError, match="more than 2"):
        ten.cov(np.ones((2, 2, 2)))


def test_gradient_of_coordinates(rng):
    """NumPy's formulas for coordinates (unequal steps; equal ones are a
    uniform step) and for uniform second-order edges, bit for bit; float32
    computed as NumPy computes it (float64 coefficients) and cast back."""
    a = rng.normal(size=(3, 5))
    x = np.cumsum(rng.random(5)) + 0.1
    y = np.arange(3.0) ** 2
    for f in (a, a.astype(np.float32), rng.integers(-5, 5, size=(3, 5)),
              a + 1j * a):
        for args, kwargs in [((x,), dict(axis=1)), ((y, x), {}),
                             ((2.0,), dict(edge_order=2)),
                             ((np.float64(0.5), x), dict(edge_order=2)),
                             ((np.arange(0, 10, 2),), dict(axis=1,
                                                           edge_order=2))]:
            want = np.gradient(f, *args, **kwargs)
            got = ten.gradient(f, *args, **kwargs)
            for g, w in zip(got if isinstance(got, list) else [got],
                            want if isinstance(want, tuple) else [want]):
                assert_matches(np.asarray(g), w, rtol=0, atol=0)
    with pytest.raises(ValueError, match="must match the length"):
        ten.gradient(a, np.ones(4), axis=1)
    with pytest.raises(ValueError, match="scalars or 1d"):
        ten.gradient(a, np.ones((5, 2)), axis=1)


def test_gradient(rng):
    v = rng.normal(size=6)
    m = rng.normal(size=(3, 6))
    _check(np.gradient, v)
    _check(lambda a: np.gradient(a, 0.5, edge_order=2), v)
    _check(lambda a: np.gradient(a)[0], m)
    _check(lambda a: np.gradient(a, 2.0, 3.0)[1], m)
    _check(lambda a: np.gradient(a, axis=1), m)
    _check(lambda a: np.gradient(a, axis=(1, 0), edge_order=2)[1], m)
    _check(np.gradient, np.arange(5) ** 2)
    _check(np.gradient, v.astype(np.float32))
    with pytest.raises(ValueError, match="too small"):
        ten.gradient(np.ones(2), edge_order=2)
    _check(lambda a: np.gradient(a, np.arange(6.0) ** 1.5), v)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
@pytest.mark.parametrize("lengths", [(6, 3), (2, 5), (4, 4), (1, 3)])
def test_convolutions(rng, mode, lengths):
    n, m = lengths
    a, v = rng.normal(size=n), rng.normal(size=m)
    _check(lambda x, y: np.convolve(x, y, mode), a, v)
    _check(lambda x, y: np.correlate(x, y, mode), a, v)
    za, zv = a + 1j * a[::-1], v - 2j * v
    _check(lambda x, y: np.correlate(x, y, mode), za, zv)
    _check(lambda x, y: np.convolve(x, y, mode), np.arange(n),
           np.arange(m) - 1)


@pytest.mark.parametrize("mode", ["full", "same", "valid"])
def test_convolutions_sum_only_the_overlap(mode):
    # A NaN or infinity reaches only the results whose overlap holds it:
    # the zero padding's products with it would be NaN.
    a = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    v = np.array([1.0, np.nan, 1.0])
    w = np.array([np.inf, 1.0, 2.0])
    for x, y in ((a, v), (v, a), (a, w), (w, a), (a.astype(bool), a > 2)):
        _check(lambda p, q: np.convolve(p, q, mode), x, y)
        _check(lambda p, q: np.correlate(p, q, mode), x, y)


def test_convolution_errors():
    with pytest.raises(ValueError, match="cannot be empty"):
        ten.convolve(np.ones(3), np.ones(0))
    with pytest.raises(ValueError, match="too deep"):
        ten.correlate(np.ones((2, 2)), np.ones(2))


def test_real_and_complex(rng):
    z = np.array([1 + 0j, 2j, np.nan + 0j, 3 - 1j])
    v = _special(rng)
    _check(np.isreal, z)
    _check(np.iscomplex, z)
    _check(np.isreal, v)
    _check(np.iscomplex, rng.integers(0, 3, size=4))
    assert ten.iscomplexobj(z) and not ten.iscomplexobj(v)
    assert ten.isrealobj(v) and not ten.isrealobj(z)


@pytest.mark.parametrize("shapes", [((2, 3, 4), (3, 4)), ((4,), (2, 3, 4)),
                                    ((3, 4), (3, 4))], ids=str)
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.complex64,
                                   np.int32], ids=str)
def test_vecdot(rng, shapes, dtype):
    x1 = random_array(rng, shapes[0], dtype)
    x2 = random_array(rng, shapes[1], dtype)
    assert_matches(ten.vecdot(x1, x2), np.vecdot(x1, x2))


def test_vecdot_axis():
    x = np.arange(24.0).reshape(2, 3, 4)
    assert_matches(ten.vecdot(x, x, axis=1), np.vecdot(x, x, axis=1))
    assert_matches(ten.vecdot(x, x, axis=0), np.vecdot(x, x, axis=0))
    with pytest.raises(ValueError, match="contracted dimensions differ"):
        ten.vecdot(x, np.ones(3))


@pytest.mark.parametrize("dtype", [np.float32, np.complex128, np.int64],
                         ids=str)
def test_matvec_and_vecmat(rng, dtype):
    m = random_array(rng, (2, 3, 4), dtype)
    v = random_array(rng, (4,), dtype)
    w = random_array(rng, (2, 3), dtype)
    assert_matches(ten.matvec(m, v), np.matvec(m, v))
    assert_matches(ten.vecmat(w, m), np.vecmat(w, m))
    with pytest.raises(ValueError):
        ten.matvec(m, np.ones(3))
    with pytest.raises(ValueError):
        ten.vecmat(v, m)


def _wrapped(rng, n):
    phase = np.cumsum(rng.uniform(-3, 3, n))
    return (phase + np.pi) % (2 * np.pi) - np.pi


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=str)
def test_unwrap(rng, dtype):
    p = _wrapped(rng, 40).astype(dtype)
    assert_matches(ten.unwrap(p), np.unwrap(p))
    assert_matches(ten.unwrap(p, discont=4.0), np.unwrap(p, discont=4.0))
    assert_matches(ten.unwrap(p, period=4), np.unwrap(p, period=4))
    two = np.stack([p, p[::-1]])
    assert_matches(ten.unwrap(two, axis=1), np.unwrap(two, axis=1))
    assert_matches(ten.unwrap(two.T, axis=0), np.unwrap(two.T, axis=0))


def test_unwrap_edges():
    # Integer phases with an even integer period (ties take the sign of
    # the difference), one element, and an empty axis.
    ints = np.array([0, 5, 12, 3, 9, -4])
    assert_matches(ten.unwrap(ints, period=6), np.unwrap(ints, period=6))
    assert_matches(ten.unwrap(ints, period=7), np.unwrap(ints, period=7))
    assert_matches(ten.unwrap(np.array([2.0])), np.unwrap(np.array([2.0])))
    assert_matches(ten.unwrap(np.zeros(0)), np.unwrap(np.zeros(0)))
    ties = np.array([0.0, np.pi, 0.0, -np.pi])
    assert_matches(ten.unwrap(ties), np.unwrap(ties))


def test_diagflat():
    for k in (-1, 0, 2):
        assert_matches(ten.diagflat([[1, 2], [3, 4]], k),
                       np.diagflat([[1, 2], [3, 4]], k))



def _largest_fibonacci_pair(bits):
    small, large = 1, 2
    while small + large < 2 ** bits:
        small, large = large, small + large
    return small, large


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64,
                                   np.uint8, np.uint16, np.uint32, np.uint64],
                         ids=str)
def test_gcd_lcm(rng, dtype):
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)
    y = rng.integers(info.min, info.max, 200, dtype=dtype, endpoint=True)
    # Small values share factors; zeros, the extremes (whose magnitude
    # wraps in the signed types) and Euclid's worst case, consecutive
    # Fibonacci numbers.
    x[:8] = rng.integers(0, 30, 8)
    y[:8] = rng.integers(0, 30, 8) * x[:8]
    small, large = _largest_fibonacci_pair(8 * np.dtype(dtype).itemsize
                                           - (np.dtype(dtype).kind == "i"))
    x[8:14] = [0, 0, info.min, info.max, large, info.min]
    y[8:14] = [0, 5, 0, info.max, small, 2]
    assert_matches(ten.gcd(x, y), np.gcd(x, y))
    assert_matches(ten.lcm(x, y), np.lcm(x, y))


def test_gcd_lcm_promotion_and_errors():
    assert_matches(ten.gcd(np.int8(12), np.uint8(18)),
                   np.gcd(np.int8(12), np.uint8(18)))
    assert_matches(ten.lcm(np.arange(6), 4), np.lcm(np.arange(6), 4))
    with pytest.raises(TypeError):
        ten.gcd(np.array([1.0]), np.array([2.0]))
    with pytest.raises(TypeError):
        ten.lcm(np.array([True]), np.array([False]))


def test_gcd_with_two_consumers_compiles():
    # 92 unrolled steps whose values each have several users, read by two
    # consumers: ten-fuse-elementwise's recomputation budget keeps this to
    # seconds (it took more than 5 minutes without one).
    @ten.jit
    def reduced(a, b):
        divisor = np.gcd(a, b)
        return a // divisor, b // divisor

    got = reduced(np.array([6, 10, 7]), np.array([4, 15, 21]))
    want = (np.array([3, 2, 1]), np.array([2, 3, 3]))
    for g, w in zip(got, want):
        assert_matches(g, w)


# ---------------------------------------------------------------------------
# Polynomial arithmetic
# ---------------------------------------------------------------------------

POLYNOMIAL_CASES = [
    ("polyadd", ([1, 2], [1, 2, 3])), ("polyadd", (1, 2)),
    ("polysub", (np.array([1], np.int8), [1.5, 2])),
    ("polysub", (np.array([1.0, 2, 3], np.float32), np.array([4.0]))),
    ("polymul", ([1, 2], [3, 4])),
    ("polymul", (np.array([1j, 2]), np.array([3.0, 4, 5]))),
    ("polyder", (np.array([1, 2, 3]),)), ("polyder", (np.array([5]),)),
    ("polyder", (np.array([5.0, 1, 2]), 2)), ("polyder", ([1, 2, 3], 0)),
    ("polyint", (np.array([1, 2], np.float32),)), ("polyint", ([1, 2], 1, 3)),
    ("polyint", ([3], 2, [1, 2])), ("polyint", ([3, 1], 3, 2.5)),
    ("polyint", (np.array([3, 2]), 0)),
    ("poly", (np.array([1, 2, 3]),)), ("poly", (np.array([1, 2], np.float16),)),
    ("poly", (np.array([0.5, -2], np.float32),)), ("poly", (np.array([True]),)),
    # Complex roots: real coefficients where they come in conjugate pairs.
    ("poly", (np.array([1j, -1j]),)), ("poly", (np.array([1j, 2], np.complex64),)),
    ("poly", (np.array([1 + 2j, 3, 1 - 2j], np.complex64),)),
    # A matrix's characteristic polynomial, from its eigenvalues.
    ("poly", (np.array([[0.0, -1], [1, 0]]),)),
    ("poly", (np.array([[2, 1], [1, 2]], np.float32),)),
    ("poly", (np.array([[1, 2, 0], [3, 4, 1], [0, 1, 5]]),)),
    ("poly", (np.array([[1j, 2], [0, 3]]),)),
    ("roots", ([1, -3, 2],)), ("roots", ([1, 0, 1],)),
    ("roots", (np.array([2, -3, 0, 1], np.float32),)),
    ("roots", (np.array([1, 1j], np.complex64),)),
    # Leading zeros dropped, trailing ones roots at 0; none, one, booleans.
    ("roots", ([0, 0, 1, 2, 0, 0],)), ("roots", ([0, 0],)), ("roots", ([5],)),
    ("roots", ([True, True],)), ("roots", (np.arange(1, 9),)),
]


@pytest.mark.parametrize("case", range(len(POLYNOMIAL_CASES)))
def test_polynomial_arithmetic(case):
    name, args = POLYNOMIAL_CASES[case]
    want = getattr(np, name)(*args)
    assert_matches(getattr(ten, name)(*args), want)
    arrays = [np.asarray(a) for a in args if not np.isscalar(a)]
    if (name in ("polyadd", "polysub", "polymul")
            and len(arrays) == len(args)):
        assert_matches(ten.jit(getattr(np, name))(*arrays), want)


def test_polynomial_errors():
    assert ten.poly([]) == np.poly([])
    with pytest.raises(ValueError, match="Order of derivative"):
        ten.polyder([1, 2], -1)
    with pytest.raises(ValueError, match="Order of integral"):
        ten.polyint([1, 2], -1)
    with pytest.raises(ValueError, match="k must be a scalar"):
        ten.polyint([1, 2], 3, [1, 2])
    with pytest.raises(ValueError, match="input must be 1d"):
        ten.poly(np.zeros((2, 3)))
    with pytest.raises(ValueError, match="rank-1"):
        ten.roots(np.ones((2, 2)))
    with pytest.raises(TypeError, match="float16 is unsupported in linalg"):
        ten.roots(np.array([1, 2, 3], np.float16))


def test_poly_and_roots_traced():
    # A real matrix's characteristic polynomial is real, traced too.
    a = np.array([[1.0, 2, 0], [-3, 4, 1], [0, 1, 5]])
    assert_matches(ten.jit(np.poly)(a), np.poly(a), rtol=1e-10, atol=1e-10)
    with pytest.raises(NotImplementedError, match="traced complex"):
        ten.jit(np.poly)(np.array([1j, -1j]))
    with pytest.raises(NotImplementedError, match="roots of traced"):
        ten.jit(np.roots)(np.array([1.0, 2.0]))


@pytest.mark.parametrize("deg", [0, 1, 3])
def test_polyfit(deg):
    rng = np.random.default_rng(deg)
    x = np.linspace(-3, 5, 30)
    y = 2 * x ** 3 - x + 1 + rng.normal(size=30)
    y2 = np.stack([y, 3 * x - 2], axis=1)
    w = rng.uniform(0.5, 2, size=30)
    for args, kwargs in [((x, y), {}), ((x, y2), {}), ((x, y), dict(w=w)),
                         ((x, y2), dict(w=w))]:
        want = np.polyfit(*args, deg, **kwargs)
        assert_matches(ten.polyfit(*args, deg, **kwargs), want, rtol=1e-9,
                       atol=1e-9)
    full, want = ten.polyfit(x, y, deg, full=True), np.polyfit(x, y, deg,
                                                               full=True)
    for g, w_ in zip(full, want):
        np.testing.assert_allclose(g, w_, rtol=1e-9)
    for cov in (True, "unscaled"):
        for g, w_ in zip(ten.polyfit(x, y2, deg, cov=cov),
                         np.polyfit(x, y2, deg, cov=cov)):
            assert_matches(g, w_, rtol=1e-8, atol=1e-10)


def test_polyfit_errors_and_warning():
    with pytest.raises(ValueError, match="deg >= 0"):
        ten.polyfit([1, 2], [1, 2], -1)
    with pytest.raises(TypeError, match="1D vector for x"):
        ten.polyfit(np.ones((2, 2)), [1, 2], 1)
    with pytest.raises(TypeError, match="same length"):
        ten.polyfit([1, 2, 3], [1, 2], 1)
    with pytest.raises(ValueError, match="must exceed order"):
        ten.polyfit([1.0, 2.0], [1.0, 2.0], 1, cov=True)
    with pytest.warns(np.exceptions.RankWarning):
        ten.polyfit([1.0, 1.0, 1.0], [1.0, 2.0, 3.0], 2)
    with pytest.raises(NotImplementedError, match="polyfit of traced"):
        ten.jit(lambda x: np.polyfit(x, x, 1))(np.arange(3.0))


def test_real_if_close():
    for a, tol in [(np.array([1 + 1e-15j, 2]), 100), (np.array([1 + 1e-10j]),
                   100), (np.array([1.5]), 100), ([1 + 0j], 1000),
                   (np.array([1 + 1e-5j], np.complex64), 1e3)]:
        assert_matches(ten.real_if_close(a, tol=tol),
                       np.real_if_close(a, tol=tol))
    x = np.arange(3.0)
    assert_matches(ten.jit(np.real_if_close)(x), x)
    with pytest.raises(NotImplementedError, match="depends on its elements"):
        ten.jit(np.real_if_close)(x + 1j)
