"""ten.random: Philox-4x32-10 bits checked against the algorithm's published
answers and a Python model, the same numbers eagerly, traced, on any thread
count and through the emulated GPU kernels, and the distributions checked
with Kolmogorov-Smirnov tests."""

import math

import numpy as np
import pytest

import ten

from conftest import assert_matches

_MASK = 2**32 - 1


def philox(counter, key):
    """Philox-4x32-10 (Salmon et al., SC 2011), in Python."""
    c, k = list(counter), list(key)
    for round_ in range(10):
        if round_:
            k = [(k[0] + 0x9E3779B9) & _MASK, (k[1] + 0xBB67AE85) & _MASK]
        p0, p1 = 0xD2511F53 * c[0], 0xCD9E8D57 * c[2]
        c = [((p1 >> 32) ^ c[1] ^ k[0]) & _MASK, p1 & _MASK,
             ((p0 >> 32) ^ c[3] ^ k[1]) & _MASK, p0 & _MASK]
    return c


def test_model_matches_published_answers():
    # Known-answer vectors of the Random123 library (kat_vectors,
    # philox4x32_10).
    assert philox([0, 0, 0, 0], [0, 0]) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]
    assert philox([_MASK] * 4, [_MASK] * 2) == [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]
    assert philox([0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344],
                  [0xA4093822, 0x299F31D0]) == [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]


def test_bits_are_philox_of_positions():
    k = ten.random.key(0xA4093822299F31D0)
    assert k.tolist() == [0xA4093822, 0x299F31D0]
    got32 = ten.random.bits(k, (3, 5))
    got64 = ten.random.bits(k, (7,), dtype=np.uint64)
    assert got32.dtype == np.uint32 and got32.shape == (3, 5)
    for i, value in enumerate(got32.ravel().tolist()):
        assert value == philox([i, 0, 0, 0], k.tolist())[0]
    for i, value in enumerate(got64.tolist()):
        words = philox([i, 0, 0, 0], k.tolist())
        assert value == words[0] | words[1] << 32
    # Split keys are the bits of stream 1.
    keys = ten.random.split(k, 3)
    for i, value in enumerate(keys.ravel().tolist()):
        assert value == philox([i, 0, 1, 0], k.tolist())[0]


def test_positions_past_two_to_the_32():
    """The counter's second word holds the position's high half: a program
    that draws 2^32 + 3 numbers and keeps the last ones gives Philox of
    (i mod 2^32, i div 2^32, 0, 0). Checked on the IR, not run (16 GiB)."""
    ir = ten.jit(lambda k: ten.random.bits(k, (2**32 + 3,))[-3:]).ir(ten.random.key(1))
    assert "ten.random_bits" in ir and "4294967299" in ir


def test_same_numbers_everywhere():
    k = ten.random.key(42)
    eager = ten.random.normal(k, (1000,))

    @ten.jit(threads=1)
    def one_thread(key):
        return ten.random.normal(key, (1000,))

    @ten.jit(threads=2)
    def two_threads(key):
        return ten.random.normal(key, (1000,)) * 1.0

    np.testing.assert_array_equal(one_thread(k), eager)
    np.testing.assert_array_equal(two_threads(k), eager)


def _ks_statistic(samples, cdf):
    samples = np.sort(samples.astype(np.float64))
    n = len(samples)
    values = cdf(samples)
    upper = np.arange(1, n + 1) / n - values
    lower = values - np.arange(n) / n
    return max(upper.max(), lower.max())


# The Kolmogorov-Smirnov statistic's 0.1% critical value is about
# 1.95 / sqrt(n).
_KS_LIMIT = 1.95 / math.sqrt(10**6)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_uniform_distribution(dtype):
    u = ten.random.uniform(ten.random.key(7), (10**6,), dtype=dtype)
    assert u.dtype == dtype and u.min() >= 0.0 and u.max() < 1.0
    assert _ks_statistic(u, lambda x: x) < _KS_LIMIT
    v = ten.random.uniform(ten.random.key(7), (1000,), dtype=dtype, low=-3.0, high=5.0)
    assert v.min() >= -3.0 and v.max() < 5.0


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_normal_distribution(dtype):
    z = ten.random.normal(ten.random.key(11), (10**6,), dtype=dtype)
    assert z.dtype == dtype and np.isfinite(z).all()
    erf = np.vectorize(math.erf)
    assert _ks_statistic(z, lambda x: 0.5 * (1 + erf(x / math.sqrt(2)))) < _KS_LIMIT


def test_sixteen_bit_floats():
    for dtype in (np.float16, ten.bfloat16):
        u = ten.random.uniform(ten.random.key(3), (10000,), dtype=dtype)
        assert u.dtype == dtype
        assert float(u.astype(np.float32).min()) >= 0.0
        assert float(u.astype(np.float32).max()) < 1.0
        z = ten.random.normal(ten.random.key(3), (10000,), dtype=dtype)
        assert z.dtype == dtype and abs(float(z.astype(np.float32).mean())) < 0.05


def test_bits_of_every_unsigned_width_and_keys_in_a_shape():
    k = ten.random.key(3)
    wide = ten.random.bits(k, (4000,))
    for dtype in (np.uint8, np.uint16):
        narrow = ten.random.bits(k, (4000,), dtype=dtype)
        assert narrow.dtype == dtype
        # The low bits of the uint32 draw: every value about as likely.
        np.testing.assert_array_equal(narrow, wide.astype(dtype))
    assert len(np.unique(ten.random.bits(k, (4000,), dtype=np.uint8))) == 256
    with pytest.raises(TypeError, match="unsigned"):
        ten.random.bits(k, (3,), dtype=np.int32)
    keys = ten.random.split(k, (2, 3))
    assert keys.shape == (2, 3, 2) and keys.dtype == np.uint32
    np.testing.assert_array_equal(keys.reshape(6, 2), ten.random.split(k, 6))
    traced = ten.jit(lambda k: ten.random.split(k, (3, 1)))(k)
    np.testing.assert_array_equal(traced.reshape(3, 2),
                                  ten.random.split(k, 3))


def test_split_streams_are_uncorrelated():
    k1, k2 = ten.random.split(ten.random.key(5))
    a = ten.random.uniform(k1, (10**5,), dtype=np.float64)
    b = ten.random.uniform(k2, (10**5,), dtype=np.float64)
    # Correlation of independent samples: about 1 / sqrt(n) = 0.003.
    assert abs(np.corrcoef(a, b)[0, 1]) < 0.015
    # A key's draws and its split keys are different numbers.
    parent = ten.random.bits(ten.random.key(5), (4,))
    assert not np.array_equal(parent, ten.random.split(ten.random.key(5)).ravel())
    assert len({tuple(row) for row in ten.random.split(k1, 1000).tolist()}) == 1000


def test_randint():
    k = ten.random.key(9)
    x = ten.random.randint(k, (10**5,), 3, 10)
    assert x.dtype == np.int64 and x.min() == 3 and x.max() == 9
    counts = np.bincount(x - 3)
    assert counts.min() > 10**5 / 7 * 0.95
    y = ten.random.randint(k, (1000,), -128, 128, dtype=np.int8)
    assert y.dtype == np.int8 and y.min() < -100 and y.max() > 100
    z = ten.random.randint(k, (1000,), 0, 2**64, dtype=np.uint64)
    assert z.dtype == np.uint64 and int(z.max()) > 2**63
    assert ten.random.randint(k, (5,), 4).max() < 4
    with pytest.raises(TypeError, match="integers"):
        ten.random.randint(k, (3,), 0, 5, dtype=np.float32)


def test_randint_bounds_as_jax_takes_them():
    """JAX's rules: bounds clipped to the dtype (a maxval past its largest
    value draws it too), minval where maxval <= minval, bounds as arrays
    broadcast to the shape, floats rounded toward 0."""
    k = ten.random.key(10)
    x = ten.random.randint(k, (4000,), -5, 300, dtype=np.uint8)
    assert x.dtype == np.uint8 and x.min() == 0 and x.max() == 255
    assert ten.random.randint(k, (3,), 5, 5).tolist() == [5, 5, 5]
    assert ten.random.randint(k, (3,), 5, 2).tolist() == [5, 5, 5]
    assert set(ten.random.randint(k, (100,), 0.5, 3.7).tolist()) == {0, 1, 2}
    low = np.array([0, 100, -7])
    high = np.array([[3], [101], [0]])
    grid = ten.random.randint(k, (3, 3), low, high)
    assert grid.shape == (3, 3) and grid.dtype == np.int64
    for (row, column), value in np.ndenumerate(grid):
        lo, hi = low[column], high[row, 0]
        assert value == lo if hi <= lo else lo <= value < hi
    wide = ten.random.randint(k, (20000,), np.array([-128, 0] * 10000),
                              np.array([128, 2**20] * 10000), dtype=np.int8)
    assert wide[::2].min() == -128 and wide[::2].max() == 127
    assert wide[1::2].min() == 0 and wide[1::2].max() == 127
    counts = np.bincount(ten.random.randint(k, (70000,), np.array([3]),
                                            np.array([10])))[3:]
    assert len(counts) == 7 and counts.min() > 10000 * 0.95
    traced = ten.jit(lambda k, low: ten.random.randint(k, (50,), low, 10))
    got = traced(k, np.array([8]))
    assert set(got.tolist()) == {8, 9}
    with pytest.raises(ValueError):
        ten.random.randint(k, (3,), np.zeros(2, np.int64), 5)


def test_bernoulli():
    k = ten.random.key(13)
    b = ten.random.bernoulli(k, 0.3, (10**5,))
    assert b.dtype == np.bool_ and abs(b.mean() - 0.3) < 0.01
    p = np.array([0.0, 1.0, 0.5], dtype=np.float64)
    c = ten.random.bernoulli(k, p, (1000, 3))
    assert c[:, 0].sum() == 0 and c[:, 1].all() and 400 < c[:, 2].sum() < 600
    assert ten.random.bernoulli(k, p).shape == (3,)
    # JAX's mode="high": float64 uniform numbers for a float32 p.
    high = ten.random.bernoulli(k, np.float32(0.3), (10**5,), mode="high")
    assert high.dtype == np.bool_ and abs(high.mean() - 0.3) < 0.01
    with pytest.raises(ValueError, match="mode must be"):
        ten.random.bernoulli(k, 0.3, (3,), mode="mid")


def test_bad_keys_and_shapes():
    with pytest.raises(TypeError, match="uint32 array of shape"):
        ten.random.uniform(np.zeros(2, np.int64), (3,))
    with pytest.raises(TypeError, match="uint32 array of shape"):
        ten.random.normal(np.zeros(3, np.uint32), (3,))
    with pytest.raises(ValueError, match="negative dimensions"):
        ten.random.uniform(ten.random.key(0), (-1,))
    with pytest.raises(TypeError, match="float16, bfloat16, float32 or float64"):
        ten.random.uniform(ten.random.key(0), (3,), dtype=np.int32)
    assert ten.random.uniform(ten.random.key(0), (0, 4)).shape == (0, 4)
    assert ten.random.uniform(ten.random.key(0)).shape == ()


def test_monte_carlo_pi():
    """A Monte-Carlo pi in one program (test/Pipelines/cpu-pipeline-decisions
    .mlir pins that its samples never reach memory)."""

    @ten.jit
    def pi(key, n):
        kx, ky = ten.random.split(key)
        x = ten.random.uniform(kx, (n,))
        y = ten.random.uniform(ky, (n,))
        return 4.0 * ((x * x + y * y) < 1.0).mean()

    estimate = float(pi(ten.random.key(0), 10**6))
    assert abs(estimate - math.pi) < 0.01
    assert pi.ir(ten.random.key(0), 10**6).count("ten.random_bits") == 3


# Each continuous distribution's cumulative distribution function, to test
# a million draws against (JAX's parameterizations).
_CDFS = {
    "exponential": lambda x: 1 - np.exp(-x),
    "gumbel": lambda x: np.exp(-np.exp(-x)),
    "laplace": lambda x: np.where(x < 0, 0.5 * np.exp(x),
                                  1 - 0.5 * np.exp(-x)),
    "logistic": lambda x: 1 / (1 + np.exp(-x)),
    "cauchy": lambda x: 0.5 + np.arctan(x) / np.pi,
}


@pytest.mark.parametrize("name", sorted(_CDFS))
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_continuous_distributions(name, dtype):
    draw = getattr(ten.random, name)
    x = draw(ten.random.key(21), (10**6,), dtype=dtype)
    assert x.dtype == dtype and np.isfinite(x).all()
    assert _ks_statistic(x, _CDFS[name]) < _KS_LIMIT
    # The same numbers traced, and in float16 (computed in float32).
    key = ten.random.key(22)
    eager = draw(key, (1000,), dtype=dtype)
    traced = ten.jit(lambda k: draw(k, (1000,), dtype=dtype))(key)
    np.testing.assert_array_equal(eager, traced)
    half = draw(key, (1000,), dtype=np.float16)
    assert half.dtype == np.float16 and not np.isnan(half).any()


def test_gumbel_modes():
    # JAX's mode: "high" draws narrower dtypes' numbers in float64 (the
    # float64 draw, rounded); "low", the default, in their own precision.
    key = ten.random.key(24)
    wide = ten.random.gumbel(key, (1000,), dtype=np.float64)
    high = ten.random.gumbel(key, (1000,), mode="high")
    assert high.dtype == np.float32
    np.testing.assert_array_equal(high, wide.astype(np.float32))
    np.testing.assert_array_equal(ten.random.gumbel(key, (1000,), mode="low"),
                                  ten.random.gumbel(key, (1000,)))
    x = ten.random.gumbel(ten.random.key(25), (10**6,), mode="high")
    assert _ks_statistic(x, _CDFS["gumbel"]) < _KS_LIMIT
    # "low" computes in float32 itself: other numbers than the rounded
    # float64 ones. Without replacement, choice's Gumbel numbers are
    # float64's in either mode.
    assert not np.array_equal(ten.random.gumbel(key, (1000,)), high)
    p = np.array([0.1, 0.2, 0.3, 0.4])
    np.testing.assert_array_equal(
        ten.random.choice(key, 4, (3,), replace=False, p=p, mode="low"),
        ten.random.choice(key, 4, (3,), replace=False, p=p, mode="high"))
    for function, args in ((ten.random.gumbel, (key, (2,))),
                           (ten.random.choice, (key, 4, (2,)))):
        with pytest.raises(ValueError, match="mode must be 'low' or 'high'"):
            function(*args, mode="medium")


def test_parameterized_distributions():
    k = ten.random.key(23)
    n = 10**6
    r = ten.random.rayleigh(k, 2.0, (n,))
    assert r.dtype == np.float32 and r.min() > 0
    assert _ks_statistic(r, lambda x: 1 - np.exp(-x**2 / 8)) < _KS_LIMIT
    w = ten.random.weibull_min(k, 1.5, 3.0, (n,), dtype=np.float64)
    assert _ks_statistic(w, lambda x: 1 - np.exp(-(x / 1.5)**3)) < _KS_LIMIT
    p = ten.random.pareto(k, 2.5, (n,))
    assert p.min() >= 1.0
    assert _ks_statistic(p, lambda x: 1 - x**-2.5) < _KS_LIMIT
    # Array parameters broadcast; the shape defaults to theirs.
    scales = np.array([1.0, 10.0, 100.0])
    assert ten.random.rayleigh(k, scales).shape == (3,)
    grid = ten.random.pareto(k, np.array([1.0, 50.0]), (20000, 2))
    assert grid[:, 1].max() < 2.0 < grid[:, 0].max()
    with pytest.raises(TypeError, match="scale must be real numbers"):
        ten.random.rayleigh(k, 1j)


def test_categorical():
    k = ten.random.key(24)
    p = np.array([0.1, 0.0, 0.3, 0.6])
    with np.errstate(divide="ignore"):
        logits = np.log(p)
    c = ten.random.categorical(k, logits, shape=(10**5,))
    assert c.dtype == np.int64
    counts = np.bincount(c, minlength=4) / 10**5
    # A logit of -inf is never drawn; the others within 5 sigma.
    assert counts[1] == 0
    np.testing.assert_allclose(counts, p, atol=5 * np.sqrt(0.25 / 10**5))
    # A batch of distributions along axis 0, and the shape's leading draws.
    logits = np.log(np.array([[0.5, 0.0001], [0.5, 0.9999]]))
    batch = ten.random.categorical(k, logits, axis=0, shape=(1000, 2))
    assert batch.shape == (1000, 2) and batch[:, 1].mean() > 0.99
    traced = ten.jit(lambda key, l: ten.random.categorical(key, l, axis=0))
    np.testing.assert_array_equal(
        traced(k, logits), ten.random.categorical(k, logits, axis=0))
    with pytest.raises(ValueError, match="does not end with"):
        ten.random.categorical(k, logits, shape=(3,))



def test_categorical_without_replacement_and_mode():
    """JAX's replace=False: the draws of each distribution (the shape's
    leading dimensions) are distinct, the first of them drawn with the
    softmax's probabilities (the Gumbel top-k); mode="high" draws the
    Gumbel numbers from float64 uniforms."""
    k = ten.random.key(26)
    p = np.array([0.1, 0.2, 0.3, 0.4])
    logits = np.log(np.stack([p, p[::-1]]))
    draws = ten.random.categorical(k, logits, shape=(4, 2), replace=False)
    assert draws.shape == (4, 2) and draws.dtype == np.int64
    for column in draws.T:
        assert sorted(column.tolist()) == [0, 1, 2, 3]
    firsts = np.array([ten.random.categorical(key, np.log(p), shape=(2,),
                                              replace=False)[0]
                       for key in ten.random.split(k, 2000)])
    np.testing.assert_allclose(np.bincount(firsts, minlength=4) / 2000, p,
                               atol=5 * np.sqrt(0.25 / 2000))
    with pytest.raises(ValueError, match="more than the 4 categories"):
        ten.random.categorical(k, np.log(p), shape=(5,), replace=False)
    high = ten.random.categorical(k, np.log(p), shape=(10**5,), mode="high")
    np.testing.assert_allclose(np.bincount(high, minlength=4) / 10**5, p,
                               atol=5 * np.sqrt(0.25 / 10**5))
    with pytest.raises(ValueError, match="mode must be"):
        ten.random.categorical(k, np.log(p), mode="mid")

def test_permutation():
    k = ten.random.key(25)
    order = ten.random.permutation(k, 1000)
    assert sorted(order.tolist()) == list(range(1000))
    x = np.arange(24).reshape(4, 6)
    rows = ten.random.permutation(k, x)
    assert sorted(map(tuple, rows.tolist())) == sorted(map(tuple, x.tolist()))
    columns = ten.random.permutation(k, x, axis=1, independent=True)
    for got, want in zip(columns, x):
        assert sorted(got.tolist()) == want.tolist()
    # Each of 6 positions takes each of 6 values about as often.
    firsts = np.array([ten.random.permutation(key, 6)[0] for key in
                       ten.random.split(k, 600)])
    assert np.bincount(firsts, minlength=6).min() > 60
    assert ten.random.permutation(k, 0).shape == (0,)
    with pytest.raises(TypeError, match="at least one dimension"):
        ten.random.permutation(k, np.float32(3.0))


def test_choice():
    k = ten.random.key(26)
    drawn = ten.random.choice(k, 10, (5,), replace=False)
    assert len(set(drawn.tolist())) == 5 and drawn.max() < 10
    a = np.array([[1, 2], [3, 4], [5, 6]])
    rows = ten.random.choice(k, a, (2, 2))
    assert rows.shape == (2, 2, 2)
    p = np.array([0.0, 0.5, 0.5])
    weighted = ten.random.choice(k, 3, (1000,), p=p)
    assert weighted.min() >= 1 and 400 < (weighted == 1).sum() < 600
    # Without replacement, weighted: never a zero weight, each drawn once.
    unique = ten.random.choice(k, 5, (4,), replace=False,
                               p=np.array([0.1, 0.2, 0.0, 0.3, 0.4]))
    assert sorted(unique.tolist()) == [0, 1, 3, 4]
    with pytest.raises(ValueError, match="larger sample than population"):
        ten.random.choice(k, 3, (4,), replace=False)
    with pytest.raises(ValueError, match="vector of the population's length"):
        ten.random.choice(k, 3, (2,), p=np.array([0.5, 0.5]))
    with pytest.raises(ValueError, match="Fewer non-zero entries in p"):
        ten.random.choice(k, 3, (3,), replace=False, p=p)
    with pytest.raises(ValueError, match="not non-negative"):
        ten.random.choice(k, 3, (1,), p=np.array([-0.5, 1.0, 0.5]))
    # Traced: the same draws as eagerly.
    traced = ten.jit(lambda key, q: ten.random.choice(key, 3, (50,), p=q))
    np.testing.assert_array_equal(traced(k, p),
                                  ten.random.choice(k, 3, (50,), p=p))


@pytest.mark.parametrize("method", ["cholesky", "eigh"])
def test_multivariate_normal(method):
    k = ten.random.key(27)
    mean = np.array([1.0, -2.0, 0.5])
    m = np.array([[2.0, 0.3, 0.0], [0.3, 1.0, 0.4], [0.0, 0.4, 0.5]])
    cov = m @ m.T
    x = ten.random.multivariate_normal(k, mean, cov, (200000,),
                                       dtype=np.float64, method=method)
    assert x.shape == (200000, 3) and x.dtype == np.float64
    np.testing.assert_allclose(x.mean(axis=0), mean, atol=0.02)
    np.testing.assert_allclose(np.cov(x.T), cov, atol=0.05)
    # Batches of means broadcast with the shape; float32 by default.
    batch = ten.random.multivariate_normal(k, np.zeros((4, 3)), cov)
    assert batch.shape == (4, 3) and batch.dtype == np.float32
    with pytest.raises(ValueError, match="requires mean of shape"):
        ten.random.multivariate_normal(k, mean, np.eye(2))
    with pytest.raises(ValueError, match="method must be one of"):
        ten.random.multivariate_normal(k, mean, cov, method="svd")


def test_jax_names_and_default_dtypes():
    """JAX's keyword names (minval, maxval) as well as NumPy's (low, high),
    not both; dtype=None is JAX's default: float32, uint32 bits, and int64
    integers (NumPy's default integer)."""
    k = ten.random.key(5)
    a = ten.random.uniform(k, (100,), minval=-3.0, maxval=5.0)
    b = ten.random.uniform(k, (100,), low=-3.0, high=5.0)
    np.testing.assert_array_equal(a, b)
    assert a.dtype == np.float32 and a.min() >= -3 and a.max() < 5
    assert ten.random.uniform(k, (3,), None).dtype == np.float32
    assert ten.random.normal(k, (3,), dtype=None).dtype == np.float32
    assert ten.random.bits(k, (3,), dtype=None).dtype == np.uint32
    i = ten.random.randint(k, (1000,), minval=3, maxval=10)
    np.testing.assert_array_equal(i, ten.random.randint(k, (1000,), 3, 10))
    assert i.dtype == np.int64 and i.min() >= 3 and i.max() < 10
    with pytest.raises(TypeError, match="same bound"):
        ten.random.uniform(k, (3,), minval=0.0, low=0.0)
    with pytest.raises(TypeError, match="minval"):
        ten.random.randint(k, (3,))


_ERF = np.vectorize(math.erf, otypes=[np.float64])


def _normal_cdf(z):
    return 0.5 * (1 + _ERF(z / math.sqrt(2)))


def _maxwell_cdf(x):
    return _ERF(x / math.sqrt(2)) - math.sqrt(2 / math.pi) * x * np.exp(
        -x * x / 2)


def _wald_cdf(x, mean):
    root = np.sqrt(1 / x)
    return (_normal_cdf(root * (x / mean - 1))
            + np.exp(2 / mean) * _normal_cdf(-root * (x / mean + 1)))


def test_closed_form_distributions():
    """Draws with closed forms in normal, uniform and exponential draws,
    against their distribution functions (a million draws each)."""
    k = ten.random.key(31)
    n = 10**6
    x = ten.random.lognormal(k, 0.5, (n,))
    assert x.dtype == np.float32
    assert _ks_statistic(x, lambda v: _normal_cdf(np.log(v) / 0.5)) < _KS_LIMIT
    x = ten.random.maxwell(k, (n,), dtype=np.float64)
    assert _ks_statistic(x, _maxwell_cdf) < _KS_LIMIT
    x = ten.random.triangular(k, 0.0, 1.0, 3.0, (n,))
    assert _ks_statistic(x, lambda v: np.where(
        v < 1, v * v / 3, 1 - (3 - v)**2 / 6)) < _KS_LIMIT
    x = ten.random.wald(k, 2.0, (n,), dtype=np.float64)
    assert _ks_statistic(x, lambda v: _wald_cdf(v, 2.0)) < _KS_LIMIT
    x = ten.random.double_sided_maxwell(k, 1.0, 2.0, (n,))
    assert _ks_statistic(x, lambda v: 0.5 + np.sign(v - 1) * _maxwell_cdf(
        np.abs(v - 1) / 2) / 2) < _KS_LIMIT
    # Uniform in the ball: the cube of the radius is uniform in [0, 1).
    points = ten.random.ball(k, 3, shape=(n,), dtype=np.float64)
    assert points.shape == (n, 3)
    radii = np.linalg.norm(points, axis=-1)
    assert radii.max() < 1.0
    assert _ks_statistic(radii**3, lambda v: v) < _KS_LIMIT


def test_discrete_closed_forms():
    k = ten.random.key(32)
    signs = ten.random.rademacher(k, (10**5,))
    assert signs.dtype == np.int32 and set(np.unique(signs)) == {-1, 1}
    assert abs(signs.mean()) < 0.01
    assert ten.random.rademacher(k, (3,), dtype=np.float32).dtype == \
        np.float32
    trials = ten.random.geometric(k, 0.3, (10**6,))
    assert trials.dtype == np.int32 and trials.min() == 1
    # P(X = j) = (1 - p)^(j - 1) p.
    counts = np.bincount(trials)[1:6] / trials.size
    np.testing.assert_allclose(counts, 0.7**np.arange(5) * 0.3, atol=2e-3)
    assert (ten.random.geometric(k, 1.0, (100,)) == 1).all()
    p = np.array([0.9, 0.01])
    assert ten.random.geometric(k, p).shape == (2,)


@pytest.mark.parametrize("n, m", [(4, None), (3, 5), (5, 3)])
def test_orthogonal(n, m):
    q = ten.random.orthogonal(ten.random.key(33), n, (3,), np.float64, m=m)
    m = n if m is None else m
    assert q.shape == (3, n, m)
    small = min(n, m)
    gram = q.swapaxes(-1, -2) @ q if n >= m else q @ q.swapaxes(-1, -2)
    np.testing.assert_allclose(gram, np.broadcast_to(np.eye(small), gram.shape),
                               atol=1e-12)


def test_closed_forms_traced_and_refused():
    k = ten.random.key(34)

    @ten.jit
    def draws(key):
        return (ten.random.wald(key, 2.0, (5,)),
                ten.random.geometric(key, 0.5, (4,)),
                ten.random.triangular(key, 0, 1, 2, (3,)),
                ten.random.lognormal(key, shape=(2,)))

    got = draws(k)
    np.testing.assert_array_equal(got[0], ten.random.wald(k, 2.0, (5,)))
    np.testing.assert_array_equal(got[1], ten.random.geometric(k, 0.5, (4,)))
    np.testing.assert_array_equal(got[2],
                                  ten.random.triangular(k, 0, 1, 2, (3,)))
    np.testing.assert_array_equal(got[3], ten.random.lognormal(k, shape=(2,)))
    with pytest.raises(TypeError, match="integers"):
        ten.random.geometric(k, 0.5, (2,), dtype=np.float32)


def test_truncated_normal():
    """JAX's truncated_normal: sqrt(2) erfinv(u), u uniform between the
    bounds' erf; the inverse error function accurate to float32 and
    float64 (erf of it gives back its argument)."""
    k = ten.random.key(35)
    x = ten.random.truncated_normal(k, -1.0, 2.0, (10**6,))
    assert x.dtype == np.float32 and x.min() > -1.0 and x.max() < 2.0
    mass = _normal_cdf(2.0) - _normal_cdf(-1.0)
    assert _ks_statistic(
        x, lambda v: (_normal_cdf(v) - _normal_cdf(-1.0)) / mass) < _KS_LIMIT
    wide = ten.random.truncated_normal(k, np.array([-2.0, 0.0]),
                                       np.array([2.0, 1.0]), (5000, 2),
                                       dtype=np.float64)
    assert (wide[:, 1] > 0).all() and (wide[:, 1] < 1).all()
    assert wide[:, 0].min() < -1.5 and wide[:, 0].max() > 1.5
    traced = ten.jit(lambda key: ten.random.truncated_normal(key, -1, 1, (5,)))
    np.testing.assert_array_equal(traced(k),
                                  ten.random.truncated_normal(k, -1, 1, (5,)))
    y = np.linspace(-0.999, 0.999, 2001)
    from ten.random import _erfinv

    for dtype, tolerance in ((np.float64, 1e-14), (np.float32, 2e-6)):
        x = ten.jit(_erfinv)(y.astype(dtype))
        np.testing.assert_allclose(_ERF(x.astype(np.float64)), y.astype(dtype),
                                   rtol=0, atol=tolerance)


def _two_sample_ks(x, y):
    """The two-sample Kolmogorov-Smirnov statistic of `x` and `y`."""
    x, y = np.sort(np.ravel(x)), np.sort(np.ravel(y))
    points = np.concatenate([x, y])
    return np.max(np.abs(np.searchsorted(x, points, "right") / x.size -
                         np.searchsorted(y, points, "right") / y.size))


def _two_sample_limit(n, m):
    """The two-sample statistic's 0.1% critical value (for discrete
    distributions, a conservative one)."""
    return 1.95 * math.sqrt((n + m) / (n * m))


_SAMPLES = 200_000


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("a", [0.2, 1.0, 3.5, 1e4])
def test_gamma_distribution(a, dtype):
    """Marsaglia and Tsang's candidates, the first accepted of each
    element's, against NumPy's gamma draws; shapes below 1 through the
    boost."""
    x = ten.random.gamma(ten.random.key(40), a, (_SAMPLES,), dtype=dtype)
    assert x.dtype == dtype and x.shape == (_SAMPLES,)
    reference = np.random.default_rng(40).standard_gamma(a, _SAMPLES)
    assert _two_sample_ks(x, reference) < _two_sample_limit(_SAMPLES, _SAMPLES)
    np.testing.assert_allclose(x.mean(), a, rtol=0.02)


def test_gamma_parameters_and_edges():
    k = ten.random.key(41)
    # JAX's: shape 0 draws 0 (loggamma -inf), a negative or NaN shape NaN.
    edges = np.array([0.0, -1.0, np.nan, 1e-3, 1.0])
    g = ten.random.gamma(k, edges)
    assert g.dtype == np.float32 and g.shape == (5,)
    assert g[0] == 0 and np.isnan(g[1]) and np.isnan(g[2])
    assert (g[3:] >= 0).all()
    log_g = ten.random.loggamma(k, edges, dtype=np.float64)
    assert log_g[0] == -np.inf and np.isnan(log_g[1]) and np.isnan(log_g[2])
    # A tiny shape's draws underflow as gammas but not as their logarithms.
    tiny = ten.random.loggamma(k, 1e-4, (1000,))
    assert np.isfinite(tiny).all() and np.median(tiny) < -100
    # Shapes per element, broadcast to `shape`; 16-bit floats computed in
    # float32.
    rows = ten.random.gamma(k, np.array([[1.0], [100.0]]), (2, 5000))
    assert rows.shape == (2, 5000)
    assert abs(rows[0].mean() - 1) < 0.1 and abs(rows[1].mean() - 100) < 1
    assert ten.random.gamma(k, 2.0, (3,), dtype=np.float16).dtype == np.float16
    with pytest.raises(ValueError):
        ten.random.gamma(k, np.ones(3), (2,))
    with pytest.raises(TypeError, match="float"):
        ten.random.gamma(k, 1.0, (2,), dtype=np.int32)
    traced = ten.jit(lambda key, a: ten.random.gamma(key, a, (4, 3)))
    np.testing.assert_array_equal(traced(k, np.float32(2.5)),
                                  ten.random.gamma(k, 2.5, (4, 3)))


def test_distributions_built_on_gamma():
    """Beta, Dirichlet, chi-squared, F and Student's t draws against
    NumPy's."""
    k = ten.random.key(42)
    rng = np.random.default_rng(42)
    n = _SAMPLES
    limit = _two_sample_limit(n, n)
    assert _two_sample_ks(ten.random.beta(k, 0.5, 2.0, (n,)),
                          rng.beta(0.5, 2.0, n)) < limit
    # Small shapes, whose gamma draws are both 0: beta from their logarithms.
    small = ten.random.beta(k, 1e-3, 1e-3, (1000,))
    assert np.isfinite(small).all() and ((small < 1e-3) | (small > 1 - 1e-3)).mean() > 0.9
    alpha = np.array([0.5, 1.0, 3.0])
    d = ten.random.dirichlet(k, alpha, (n,))
    assert d.shape == (n, 3)
    np.testing.assert_allclose(d.sum(axis=-1), 1, rtol=1e-5)
    # Each component is Beta(alpha_i, sum - alpha_i).
    for i in range(3):
        assert _two_sample_ks(d[:, i], rng.beta(alpha[i], alpha.sum() - alpha[i],
                                                n)) < limit
    assert ten.random.dirichlet(k, np.ones((4, 2))).shape == (4, 2)
    with pytest.raises(ValueError, match="axis"):
        ten.random.dirichlet(k, 1.0)
    assert _two_sample_ks(ten.random.chisquare(k, 3.0, (n,)),
                          rng.chisquare(3.0, n)) < limit
    assert _two_sample_ks(ten.random.f(k, 5.0, 12.0, (n,), dtype=np.float64),
                          rng.f(5.0, 12.0, n)) < limit
    assert _two_sample_ks(ten.random.t(k, 4.0, (n,)),
                          rng.standard_t(4.0, n)) < limit


@pytest.mark.parametrize("lam", [0.5, 3.0, 9.9, 10.0, 40.0, 1e5])
def test_poisson_distribution(lam):
    """Inversion below a mean of 10, transformed rejection from 10 on, both
    against NumPy's Poisson draws."""
    x = ten.random.poisson(ten.random.key(43), lam, (_SAMPLES,))
    assert x.dtype == np.int32 and x.min() >= 0
    reference = np.random.default_rng(43).poisson(lam, _SAMPLES)
    assert _two_sample_ks(x, reference) < _two_sample_limit(_SAMPLES, _SAMPLES)
    np.testing.assert_allclose(x.mean(), lam, rtol=0.02)
    np.testing.assert_allclose(x.var(), lam, rtol=0.03)


@pytest.mark.parametrize("draw, value, probability", [
    (lambda k, n: ten.random.poisson(k, 10.0, (n,)), 10,
     math.exp(-10) * 10**10 / math.factorial(10)),
    (lambda k, n: ten.random.binomial(k, 30, 0.4, (n,)), 12,
     math.comb(30, 12) * 0.4**12 * 0.6**18)],
    ids=["poisson", "binomial"])
def test_rejections_second_stage(draw, value, probability):
    """Of 10^6 draws, the 0.4-0.7% that none of the first 4 rounds
    accepts draw again in a stage of their own: were their second stage's
    draws lost, they would take the floor of the mean, 3 to 5 standard
    deviations of its frequency too often. Below _TWO_STAGES_FROM draws,
    one stage of every round: the same distribution."""
    n = 10**6
    x = draw(ten.random.key(49), n)
    spread = math.sqrt(probability * (1 - probability) / n)
    assert abs(np.mean(x == value) - probability) < 2.5 * spread
    small = draw(ten.random.key(50), 16383)
    large = draw(ten.random.key(50), 16384)
    assert _two_sample_ks(small, large) < _two_sample_limit(16383, 16384)


def test_poisson_parameters_and_edges():
    k = ten.random.key(44)
    # A mean of 0 draws 0; a negative, infinite or NaN one -1 (JAX's).
    got = ten.random.poisson(k, np.array([0.0, -1.0, np.inf, np.nan, 2.0]))
    assert got[:4].tolist() == [0, -1, -1, -1] and got[4] >= 0
    wide = ten.random.poisson(k, np.array([[1.0], [1e3]]), (2, 10),
                              dtype=np.int64)
    assert wide.dtype == np.int64 and wide.shape == (2, 10)
    assert wide[0].max() < 20 and wide[1].min() > 800
    with pytest.raises(TypeError, match="integers"):
        ten.random.poisson(k, 1.0, (2,), dtype=np.float32)
    traced = ten.jit(lambda key: ten.random.poisson(key, 12.0, (6,)))
    np.testing.assert_array_equal(traced(k), ten.random.poisson(k, 12.0, (6,)))


def test_generalized_normal_and_ball():
    """The generalized normal of power 1 is Laplace's distribution, of power
    2 the normal of variance 1/2; the ball of any p holds its points."""
    k = ten.random.key(45)
    laplace = ten.random.generalized_normal(k, 1.0, (10**6,))
    assert _ks_statistic(laplace, lambda v: np.where(
        v < 0, 0.5 * np.exp(v), 1 - 0.5 * np.exp(-v))) < _KS_LIMIT
    half = ten.random.generalized_normal(k, 2.0, (10**6,), dtype=np.float64)
    assert _ks_statistic(half, lambda v: 0.5 * (1 + _ERF(v))) < _KS_LIMIT
    with pytest.raises(ValueError, match="positive"):
        ten.random.generalized_normal(k, 0.0, (2,))
    for p in (0.5, 1.0, 2.0, 3.0):
        points = ten.random.ball(k, 3, p=p, shape=(2000,))
        assert points.shape == (2000, 3)
        norms = (np.abs(points.astype(np.float64))**p).sum(-1)**(1 / p)
        assert norms.max() <= 1 + 1e-5 and norms.min() < 0.5
    with pytest.raises(ValueError, match="positive"):
        ten.random.ball(k, 3, p=-1.0)


def test_key_functions():
    """JAX's PRNGKey, clone, key_data and wrap_key_data on keys that are
    their words; fold_in's keys: Philox of the key with the data mixed in,
    in a stream no draw uses, the same traced, unrelated for different
    data, and JAX's errors for data that is no 32-bit integer."""
    k = ten.random.PRNGKey(7)
    np.testing.assert_array_equal(k, ten.random.key(7))
    for same in (ten.random.clone(k), ten.random.key_data(k),
                 ten.random.wrap_key_data(k)):
        np.testing.assert_array_equal(same, k)
    folded = ten.random.fold_in(k, 3)
    assert folded.dtype == np.uint32 and folded.shape == (2,)
    words = [int(k[0]) ^ 3, int(k[1]) ^ (3 * 0x9E3779B9 & _MASK)]
    assert folded.tolist() == philox([0, 0, 2**32 - 1, 0], words)[:1] + \
        philox([1, 0, 2**32 - 1, 0], words)[:1]
    traced = ten.jit(lambda key, d: ten.random.fold_in(key, d))
    np.testing.assert_array_equal(traced(k, np.int32(3)), folded)
    keys = {tuple(ten.random.fold_in(k, d).tolist()) for d in range(1000)}
    keys |= {tuple(row) for row in ten.random.split(k, 1000).tolist()}
    assert len(keys) == 2000
    for bad in (-1, 2**32):
        with pytest.raises(OverflowError, match="uint32"):
            ten.random.fold_in(k, bad)
    with pytest.raises(TypeError, match="integer scalar"):
        ten.random.fold_in(k, 1.5)
    with pytest.raises(ValueError, match="Philox"):
        ten.random.wrap_key_data(k, impl="threefry2x32")


@pytest.mark.parametrize("n, p", [(5, 0.3), (30, 0.3), (25, 0.4), (1000, 0.3),
                                  (1000, 0.97), (10**6, 4e-6), (3, 0.9)])
def test_binomial_distribution(n, p):
    """Inversion below a mean of 10, transformed rejection from 10 on, p
    above 1/2 by the count of failures, all against NumPy's draws."""
    x = ten.random.binomial(ten.random.key(46), n, p, (_SAMPLES,))
    assert x.dtype == np.float32 and x.min() >= 0 and x.max() <= n
    reference = np.random.default_rng(46).binomial(n, p, _SAMPLES)
    assert _two_sample_ks(x, reference) < _two_sample_limit(_SAMPLES, _SAMPLES)
    np.testing.assert_allclose(x.mean(), n * p, rtol=0.02)


def test_multinomial_distribution_and_shapes():
    """Each outcome's count is binomial(n, p_i) and the counts sum to n:
    the means and variances against n p (1 - p), the first outcome's
    counts against NumPy's multinomial draws; unnormalized and zero
    probabilities, a batch of n, and JAX's shapes."""
    p = np.array([0.1, 0.2, 0.3, 0.25, 0.15])
    samples = 20_000
    x = ten.random.multinomial(ten.random.key(48), 1000, p,
                               shape=(samples, 5))
    assert x.shape == (samples, 5) and x.dtype == np.float32
    assert (x.sum(axis=1) == 1000).all()
    np.testing.assert_allclose(x.mean(axis=0), 1000 * p, rtol=0.01)
    np.testing.assert_allclose(x.var(axis=0), 1000 * p * (1 - p), rtol=0.06)
    reference = np.random.default_rng(48).multinomial(1000, p, samples)
    for outcome in range(5):
        assert _two_sample_ks(x[:, outcome], reference[:, outcome]) < \
            _two_sample_limit(samples, samples)
    # Probabilities relative to their sum; a zero one is never drawn.
    k = ten.random.key(49)
    got = ten.random.multinomial(k, np.array([5.0, 7.0]),
                                 np.array([2.0, 0.0, 6.0]), shape=(2, 3),
                                 dtype=np.float64)
    assert got.shape == (2, 3) and got.dtype == np.float64
    assert got[:, 1].tolist() == [0, 0]
    assert got.sum(axis=1).tolist() == [5, 7]
    one = ten.random.multinomial(k, 4, np.array([1.0]))
    assert one.tolist() == [4]
    with pytest.raises(ValueError, match="at least one axis"):
        ten.random.multinomial(k, 4, 0.5)
    with pytest.raises(ValueError):
        ten.random.multinomial(k, np.ones(3), np.ones((2, 3)))
    # JAX's shape is the result's, the outcomes last (p broadcasts to it).
    assert ten.random.multinomial(k, 4, np.ones(2), shape=(3, 2)).shape == \
        (3, 2)
    spread = ten.random.multinomial(k, 6, np.ones(1), shape=(2, 3))
    assert spread.shape == (2, 3) and spread.sum(axis=1).tolist() == [6, 6]
    for shape in ((3,), (3, 3), ()):
        with pytest.raises(ValueError):
            ten.random.multinomial(k, 4, np.ones(2), shape=shape)
    # JAX's keywords: the shape is not positional.
    with pytest.raises(TypeError):
        ten.random.multinomial(k, 4, np.ones(2), (3,))


def test_discrete_draws_compile_the_methods_they_need():
    # Inversion below a mean of 10, rejection from 10 on: parameters known
    # before the call compile one of them where every draw takes it.
    methods = ten.random._methods
    assert methods(np.array([3.0, 9.9]), 10.0) == (1, 0)
    assert methods(np.array(50.0), 10.0) == (0, 1)
    assert methods(np.array([3.0, 50.0]), 10.0) == (1, 1)
    assert methods(np.array([np.nan]), 10.0) == (0, 1)
    assert methods(np.zeros(0), 10.0) == (1, 0)
    k = ten.random.key(5)
    mixed = ten.random.binomial(k, np.array([5.0, 1000.0]), 0.5, (4000, 2))
    np.testing.assert_allclose(np.asarray(mixed).mean(0), [2.5, 500.0],
                               rtol=0.02)
    mixed = ten.random.poisson(k, np.array([2.0, 300.0]), (4000, 2))
    np.testing.assert_allclose(np.asarray(mixed).mean(0), [2.0, 300.0],
                               rtol=0.03)


def test_binomial_parameters_and_edges():
    k = ten.random.key(47)
    # JAX's: NaN for a negative n or a p outside [0, 1]; p 0 and 1 exact.
    got = ten.random.binomial(k, np.array([0.0, 5, 5, 5, -1, 5]),
                              np.array([0.3, 0.0, 1.0, -0.1, 0.3, 1.2]),
                              dtype=np.float64)
    assert got[:3].tolist() == [0, 0, 5] and np.isnan(got[3:]).all()
    rows = ten.random.binomial(k, np.array([[10.0], [10.0**4]]), 0.5, (2, 50))
    assert rows.shape == (2, 50) and rows[0].max() <= 10
    assert abs(rows[1].mean() - 5000) < 50
    traced = ten.jit(lambda key: ten.random.binomial(key, 40, 0.6, (5,)))
    np.testing.assert_array_equal(traced(k), ten.random.binomial(k, 40, 0.6, (5,)))
