"""Counter-based random numbers: `ten.random`.

A key (a uint32 array of shape (2,), as `key(seed)` makes) and a position
determine each number: the bits are Philox-4x32-10 of the element's
position (`ten.random_bits`), so the same key gives the same numbers on the
CPU and the GPU, with any number of threads, eagerly or inside `@ten.jit`,
where generation fuses with its consumers (the numbers are never written to
memory). As in JAX, a key is used once: `split` derives new keys from it,
in a stream of their own.

    k = ten.random.key(0)
    k1, k2 = ten.random.split(k)
    x = ten.random.normal(k1, (1000, 3))

Beyond uniform numbers, bits, normal numbers, integers and booleans, the
continuous distributions that are one transformation of a uniform number
(exponential, gumbel, laplace, logistic, cauchy, rayleigh, weibull_min,
pareto), categorical (the Gumbel-max trick), choice and permutation (an
ordering by random keys), multivariate_normal (a factor of the
covariance, ten.linalg), and the closed forms of a few normal, uniform and
exponential draws (lognormal, rademacher, maxwell, double_sided_maxwell,
geometric, triangular, wald, ball for p = 2, orthogonal, and
truncated_normal by the inverse error function), with JAX's names and
signatures. Distributions
that need rejection sampling (gamma, beta, dirichlet, poisson) would need a
loop whose trip count the numbers decide, which ten's programs do not have.
"""

import builtins
import math
import operator

import numpy as np

from . import _dtypes
from ._jit import eager
from ._ops import _graph_of, astype
from ._trace import Tensor
from . import _ops

__all__ = ["key", "split", "uniform", "normal", "randint", "bernoulli", "bits",
           "exponential", "gumbel", "laplace", "logistic", "cauchy",
           "rayleigh", "weibull_min", "pareto", "categorical", "choice",
           "permutation", "multivariate_normal", "lognormal", "rademacher",
           "maxwell", "double_sided_maxwell", "geometric", "triangular",
           "wald", "ball", "orthogonal", "truncated_normal"]

_MASK = 2**32 - 1
# Philox counter words 2 (the stream) of each use of a key, so that keys
# derived from a key differ from every number drawn with it.
_DRAW_STREAM = 0
_SPLIT_STREAM = 1
_SECOND_DRAW_STREAM = 2


def key(seed):
    """The key of an integer `seed` (any Python or NumPy integer): its low
    64 bits, high word first."""
    if isinstance(seed, Tensor):
        raise TypeError("ten.random.key takes a Python integer seed, not a "
                        "traced value; pass the key to the program instead")
    seed = operator.index(seed) & (2**64 - 1)
    return np.array([seed >> 32, seed & _MASK], dtype=np.uint32)


def _check_key(k):
    shape = k.shape if isinstance(k, Tensor) else np.shape(k)
    dtype = k.dtype if isinstance(k, Tensor) else np.asarray(k).dtype
    if tuple(shape) != (2,) or np.dtype(dtype) != np.uint32:
        raise TypeError(
            "a ten.random key is a uint32 array of shape (2,) (see "
            f"ten.random.key), not one of shape {tuple(shape)} and dtype "
            f"{dtype}")


def _shape(shape):
    if shape is None:
        return ()
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    sizes = tuple(operator.index(size) for size in shape)
    if any(size < 0 for size in sizes):
        raise ValueError(f"negative dimensions are not allowed: {sizes}")
    return sizes


def _bits(k, shape, dtype, stream):
    graph = _graph_of(k)
    if not isinstance(k, Tensor):
        k = graph.constant(np.asarray(k))
    return graph.apply("random_bits", k.value, stream,
                       _dtypes.code_of(np.dtype(dtype)), list(shape))


def split(key, num=2):
    """`num` new keys from `key`, as an array of shape (num, 2)."""
    _check_key(key)
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"num must be non-negative, not {num}")
    return _split(key, num=num)


@eager
def _split(key, num):
    return _bits(key, (num, 2), np.uint32, _SPLIT_STREAM)


def bits(key, shape=(), dtype=None):
    """Random bits: uint32 (the default) or uint64 numbers, every value
    equally likely."""
    _check_key(key)
    dtype = np.dtype(np.uint32 if dtype is None else dtype)
    if dtype not in (np.dtype(np.uint32), np.dtype(np.uint64)):
        raise TypeError(f"ten.random.bits makes uint32 or uint64, not {dtype}")
    return _random_bits(key, shape=_shape(shape), dtype=dtype)


@eager
def _random_bits(key, shape, dtype):
    return _bits(key, shape, dtype, _DRAW_STREAM)


# Bits of mantissa each float type takes exactly: a uniform number is an
# integer of that many random bits times 2^-bits, in [0, 1).
_MANTISSA_BITS = {
    np.dtype(np.float16): 11,
    _dtypes.bfloat16: 8,
    np.dtype(np.float32): 24,
    np.dtype(np.float64): 53,
}


def _float_dtype(dtype, function):
    """The float dtype a draw makes: `dtype`, float32 for None (JAX's
    default float)."""
    dtype = np.dtype(np.float32 if dtype is None else dtype)
    if dtype not in _MANTISSA_BITS:
        raise TypeError(
            f"ten.random.{function} makes float16, bfloat16, float32 or "
            f"float64 numbers, not {dtype}")
    return dtype


def _unit(key, shape, dtype, stream):
    """Uniform numbers of `dtype` in [0, 1)."""
    mantissa = _MANTISSA_BITS[dtype]
    wide = mantissa > 32
    raw = _bits(key, shape, np.uint64 if wide else np.uint32, stream)
    width = 64 if wide else 32
    top = _ops.right_shift(raw, (np.uint64 if wide else np.uint32)(width - mantissa))
    return _ops.multiply(astype(top, dtype), dtype.type(2.0**-mantissa))


def _bounds(function, minval, maxval, low, high):
    """JAX's minval and maxval, or NumPy's names for them, low and high
    (not both)."""
    if low is not None:
        if minval is not None:
            raise TypeError(f"ten.random.{function}: minval and low name the "
                            f"same bound; give one")
        minval = low
    if high is not None:
        if maxval is not None:
            raise TypeError(f"ten.random.{function}: maxval and high name the "
                            f"same bound; give one")
        maxval = high
    return minval, maxval


def uniform(key, shape=(), dtype=None, minval=None, maxval=None, *,
            low=None, high=None):
    """Numbers drawn uniformly from [minval, maxval) (JAX's names; NumPy's
    low and high are taken too), 0 and 1 by default."""
    _check_key(key)
    dtype = _float_dtype(dtype, "uniform")
    minval, maxval = _bounds("uniform", minval, maxval, low, high)
    return _uniform(key, shape=_shape(shape), dtype=dtype,
                    low=0.0 if minval is None else float(minval),
                    high=1.0 if maxval is None else float(maxval))


@eager
def _uniform(key, shape, dtype, low, high):
    unit = _unit(key, shape, dtype, _DRAW_STREAM)
    if low == 0.0 and high == 1.0:
        return unit
    scale = dtype.type(high - low)
    return _ops.add(_ops.multiply(unit, scale), dtype.type(low))


def normal(key, shape=(), dtype=np.float32):
    """Numbers drawn from the standard normal distribution (Box-Muller of
    two uniform draws, computed in float32 for the 16-bit floats)."""
    _check_key(key)
    dtype = _float_dtype(dtype, "normal")
    return _normal(key, shape=_shape(shape), dtype=dtype)


@eager
def _normal(key, shape, dtype):
    compute = dtype if dtype.itemsize >= 4 else np.dtype(np.float32)
    # 1 - u is in (0, 1]: its logarithm is finite.
    radius_draw = _ops.subtract(compute.type(1.0),
                                _unit(key, shape, compute, _DRAW_STREAM))
    angle_draw = _unit(key, shape, compute, _SECOND_DRAW_STREAM)
    radius = _ops.sqrt(_ops.multiply(_ops.log(radius_draw), compute.type(-2.0)))
    angle = _ops.multiply(angle_draw, compute.type(2.0 * np.pi))
    result = _ops.multiply(radius, _ops.cos(angle))
    return result if compute == dtype else astype(result, dtype)


def randint(key, shape, minval=None, maxval=None, dtype=None, *, low=None,
            high=None):
    """Integers (int64 by default) drawn uniformly from [minval, maxval)
    (JAX's names; NumPy's low and high are taken too), from [0, minval)
    when `maxval` is None, as NumPy's randint."""
    _check_key(key)
    low, high = _bounds("randint", minval, maxval, low, high)
    if low is None:
        raise TypeError("ten.random.randint() missing required argument "
                        "'minval'")
    dtype = np.dtype(np.int64 if dtype is None else dtype)
    if dtype.kind not in "iu":
        raise TypeError(f"ten.random.randint makes integers, not {dtype}")
    if high is None:
        low, high = 0, low
    low, high = operator.index(low), operator.index(high)
    info = np.iinfo(dtype)
    if low < info.min:
        raise ValueError(f"low is out of bounds for {dtype}")
    if high - 1 > info.max:
        raise ValueError(f"high is out of bounds for {dtype}")
    if low >= high:
        raise ValueError("low >= high")
    return _randint(key, shape=_shape(shape), low=low, high=high, dtype=dtype)


@eager
def _randint(key, shape, low, high, dtype):
    raw = _bits(key, shape, np.uint64, _DRAW_STREAM)
    span = high - low
    # The remainder's bias is at most span / 2^64.
    offset = raw if span == 2**64 else _ops.remainder(raw, np.uint64(span))
    # (low + offset) mod 2^bits is the number, which the dtype can hold.
    wrapped_low = np.uint64(low % 2**64)
    return astype(_ops.add(offset, wrapped_low), dtype)


def bernoulli(key, p=0.5, shape=None):
    """Booleans that are True with probability `p` (a number or an array,
    broadcast to `shape`, by default its shape)."""
    _check_key(key)
    if shape is not None:
        shape = _shape(shape)
    p_dtype = (p.dtype if isinstance(p, Tensor) else np.asarray(p).dtype)
    dtype = np.dtype(np.float64) if np.dtype(p_dtype) == np.float64 else np.dtype(np.float32)
    if isinstance(p, (int, float)):
        return _bernoulli_scalar(key, p=float(p), shape=shape or (), dtype=dtype)
    return _bernoulli(key, p, shape=shape, dtype=dtype)


@eager
def _bernoulli_scalar(key, p, shape, dtype):
    return _ops.less(_unit(key, shape, dtype, _DRAW_STREAM), dtype.type(p))


@eager
def _bernoulli(key, p, shape, dtype):
    p_shape = p.shape
    shape = tuple(p_shape) if shape is None else shape
    probability = _ops.broadcast_to(astype(p, dtype) if p.dtype != dtype else p, shape)
    return _ops.less(_unit(key, shape, dtype, _DRAW_STREAM), probability)


# ---------------------------------------------------------------------------
# Transformations of one uniform number
# ---------------------------------------------------------------------------


def _compute_dtype(dtype):
    """The 16-bit floats' transformations are computed in float32."""
    return dtype if dtype.itemsize >= 4 else np.dtype(np.float32)


def _open_unit(key, shape, dtype, stream):
    """Uniform numbers of `dtype` in (0, 1), never 0 or 1: the midpoints of
    2^(m - 1) equal steps, m the dtype's mantissa bits (every one exact), so
    that logarithms of them and of 1 minus them are finite."""
    mantissa = _MANTISSA_BITS[dtype] - 1
    wide = mantissa > 32
    raw = _bits(key, shape, np.uint64 if wide else np.uint32, stream)
    width = 64 if wide else 32
    top = _ops.right_shift(raw,
                           (np.uint64 if wide else np.uint32)(width - mantissa))
    steps = _ops.add(astype(top, dtype), dtype.type(0.5))
    return _ops.multiply(steps, dtype.type(2.0**-mantissa))


# Each distribution of one uniform number u in (0, 1): its transformation,
# written with ten's elementwise functions, which fuse with the draw.
def _exponential(u):
    return _ops.negative(_ops.log(u))


def _gumbel(u):
    return _ops.negative(_ops.log(_ops.negative(_ops.log(u))))


def _laplace(u):
    import ten as _ten

    # v in (-1, 1), never 0: the sign of the draw, and its magnitude's
    # exponential tail.
    v = _ops.subtract(_ops.multiply(u, u.dtype.type(2.0)), u.dtype.type(1.0))
    tail = _ten.log1p(_ops.negative(_ops.abs(v)))
    return _ops.multiply(_ops.negative(_ten.sign(v)), tail)


def _logistic(u):
    import ten as _ten

    return _ops.subtract(_ops.log(u), _ten.log1p(_ops.negative(u)))


def _cauchy(u):
    import ten as _ten

    centred = _ops.subtract(u, u.dtype.type(0.5))
    return _ten.tan(_ops.multiply(centred, u.dtype.type(np.pi)))


_TRANSFORMS = {"exponential": _exponential, "gumbel": _gumbel,
               "laplace": _laplace, "logistic": _logistic, "cauchy": _cauchy}


@eager
def _transformed(key, shape, dtype, name):
    compute = _compute_dtype(dtype)
    x = _TRANSFORMS[name](_open_unit(key, shape, compute, _DRAW_STREAM))
    return x if compute == dtype else astype(x, dtype)


def _draw(name, key, shape, dtype):
    _check_key(key)
    dtype = _float_dtype(dtype, name)
    return _transformed(key, shape=_shape(shape), dtype=dtype, name=name)


def exponential(key, shape=(), dtype=np.float32):
    """Numbers drawn from the exponential distribution of rate 1: -log(u)."""
    return _draw("exponential", key, shape, dtype)


def gumbel(key, shape=(), dtype=np.float32):
    """Numbers drawn from the standard Gumbel distribution:
    -log(-log(u))."""
    return _draw("gumbel", key, shape, dtype)


def laplace(key, shape=(), dtype=np.float32):
    """Numbers drawn from the standard Laplace distribution (density
    exp(-|x|) / 2)."""
    return _draw("laplace", key, shape, dtype)


def logistic(key, shape=(), dtype=np.float32):
    """Numbers drawn from the standard logistic distribution:
    log(u / (1 - u))."""
    return _draw("logistic", key, shape, dtype)


def cauchy(key, shape=(), dtype=np.float32):
    """Numbers drawn from the standard Cauchy distribution:
    tan(pi (u - 1/2))."""
    return _draw("cauchy", key, shape, dtype)


def _parameter(value, dtype, name):
    """A distribution's parameter: a traced value as it is, else an array
    of the compute dtype."""
    if isinstance(value, Tensor):
        return value
    array = np.asarray(value)
    if array.dtype.kind not in "biuf":
        raise TypeError(f"ten.random: {name} must be real numbers, not "
                        f"{array.dtype}")
    return array.astype(dtype)


def _parameter_shape(shape, *parameters):
    """`shape`, or where it is None the parameters' broadcast shape."""
    if shape is not None:
        return _shape(shape)
    return tuple(np.broadcast_shapes(*(tuple(np.shape(p)) if not isinstance(
        p, Tensor) else tuple(p.shape) for p in parameters)))


@eager
def _rayleigh(key, scale, shape, dtype):
    compute = _compute_dtype(dtype)
    u = _open_unit(key, shape, compute, _DRAW_STREAM)
    radius = _ops.sqrt(_ops.multiply(_ops.log(u), compute.type(-2.0)))
    x = _ops.multiply(radius, astype(scale, compute))
    return astype(_ops.broadcast_to(x, shape), dtype)


def rayleigh(key, scale=1.0, shape=None, dtype=np.float32):
    """Numbers drawn from the Rayleigh distribution of `scale` (a number or
    an array, broadcast to `shape`, by default its shape):
    scale sqrt(-2 log(u))."""
    _check_key(key)
    dtype = _float_dtype(dtype, "rayleigh")
    scale = _parameter(scale, _compute_dtype(dtype), "scale")
    return _rayleigh(key, scale, shape=_parameter_shape(shape, scale),
                     dtype=dtype)


@eager
def _weibull_min(key, scale, concentration, shape, dtype):
    compute = _compute_dtype(dtype)
    u = _open_unit(key, shape, compute, _DRAW_STREAM)
    power = _ops.divide(compute.type(1.0), astype(concentration, compute))
    x = _ops.multiply(_ops.power(_exponential(u), power),
                      astype(scale, compute))
    return astype(_ops.broadcast_to(x, shape), dtype)


def weibull_min(key, scale, concentration, shape=(), dtype=np.float32):
    """Numbers drawn from the Weibull distribution of `scale` and
    `concentration` (numbers or arrays that broadcast to `shape`):
    scale (-log(u))^(1 / concentration)."""
    _check_key(key)
    dtype = _float_dtype(dtype, "weibull_min")
    compute = _compute_dtype(dtype)
    return _weibull_min(key, _parameter(scale, compute, "scale"),
                        _parameter(concentration, compute, "concentration"),
                        shape=_shape(shape), dtype=dtype)


@eager
def _pareto(key, b, shape, dtype):
    compute = _compute_dtype(dtype)
    u = _open_unit(key, shape, compute, _DRAW_STREAM)
    x = _ops.exp(_ops.divide(_exponential(u), astype(b, compute)))
    return astype(_ops.broadcast_to(x, shape), dtype)


def pareto(key, b, shape=None, dtype=np.float32):
    """Numbers drawn from the Pareto distribution of shape `b` on [1, inf)
    (a number or an array, broadcast to `shape`, by default its shape):
    exp(E / b), E exponential."""
    _check_key(key)
    dtype = _float_dtype(dtype, "pareto")
    b = _parameter(b, _compute_dtype(dtype), "b")
    return _pareto(key, b, shape=_parameter_shape(shape, b), dtype=dtype)


# ---------------------------------------------------------------------------
# Discrete choices
# ---------------------------------------------------------------------------


@eager
def _categorical(key, logits, axis, shape):
    import ten as _ten

    # The Gumbel-max trick: the position of the largest logit plus an
    # independent Gumbel number is drawn with the softmax's probabilities.
    compute = np.dtype(np.float64) if logits.dtype == np.float64 \
        else np.dtype(np.float32)
    logits = _ten.moveaxis(astype(logits, compute), axis, -1)
    full = shape + (logits.shape[-1],)
    noise = _gumbel(_open_unit(key, full, compute, _DRAW_STREAM))
    scores = _ops.add(_ops.broadcast_to(logits, full), noise)
    return _ops.argmax(scores, axis=-1)


def categorical(key, logits, axis=-1, shape=None):
    """Indices along `axis` drawn with the probabilities softmax(logits)
    (the Gumbel-max trick), int64; `shape` must end with the logits' other
    dimensions (by default it is them). A logit of -inf is never drawn."""
    _check_key(key)
    ndim = len(logits.shape) if isinstance(logits, Tensor) \
        else np.ndim(logits)
    if ndim == 0:
        raise ValueError("ten.random.categorical: logits must have at least "
                         "one dimension")
    if not isinstance(logits, Tensor):
        logits = np.asarray(logits)
        if logits.dtype.kind not in "biuf":
            raise TypeError("ten.random.categorical: logits must be real "
                            f"numbers, not {logits.dtype}")
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for logits of "
                         f"{ndim} dimensions")
    axis %= ndim
    batch = tuple(logits.shape[:axis]) + tuple(logits.shape[axis + 1:])
    shape = batch if shape is None else _shape(shape)
    if shape[len(shape) - len(batch):] != batch:
        raise ValueError(f"ten.random.categorical: shape {shape} does not "
                         f"end with the logits' batch shape {batch}")
    return _categorical(key, logits, axis=axis, shape=shape)


@eager
def _random_order(key, n, batch):
    import ten as _ten

    # Stable positions of n random 64-bit keys: a uniform permutation (up
    # to ties, of probability n^2 / 2^65).
    return _ten.argsort(_bits(key, batch + (n,), np.uint64, _DRAW_STREAM),
                        axis=-1, stable=True)


def permutation(key, x, axis=0, independent=False):
    """A random permutation of range(x) for an integer x, else `x` with its
    elements along `axis` shuffled; with `independent` each of its lines
    along `axis` is shuffled on its own."""
    import ten as _ten

    _check_key(key)
    if isinstance(x, (int, np.integer)):
        n = operator.index(x)
        if n < 0:
            raise ValueError(f"x must be non-negative, not {n}")
        return _random_order(key, n=n, batch=())
    ndim = len(x.shape) if isinstance(x, Tensor) else np.ndim(x)
    if ndim == 0:
        raise TypeError("ten.random.permutation: x must be an integer or an "
                        "array of at least one dimension")
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for an array of "
                         f"{ndim} dimensions")
    axis %= ndim
    shape = tuple(x.shape)
    if not independent:
        order = _random_order(key, n=shape[axis], batch=())
        return _ten.take(x, order, axis=axis)
    moved = shape[:axis] + shape[axis + 1:]
    order = _random_order(key, n=shape[axis], batch=moved)
    return _ten.take_along_axis(x, _ten.moveaxis(order, -1, axis), axis=axis)


def choice(key, a, shape=(), replace=True, p=None, axis=0):
    """Elements of `a` along `axis` (of range(a) for an integer) drawn at
    random into `shape`: with replacement, uniformly or with the
    probabilities `p` (categorical of log p); without, the first of a random
    order (weighted: the Gumbel top-k of log p)."""
    import ten as _ten

    _check_key(key)
    shape = _shape(shape)
    if isinstance(a, (int, np.integer)):
        population = operator.index(a)
        if population < 0:
            raise ValueError("a must be non-negative")
        source = None
    else:
        ndim = len(a.shape) if isinstance(a, Tensor) else np.ndim(a)
        if ndim == 0:
            raise ValueError("ten.random.choice: a must be an integer or an "
                             "array of at least one dimension")
        axis = operator.index(axis) % ndim
        population = a.shape[axis]
        source = a
    count = math.prod(shape)
    if population == 0 and count > 0:
        raise ValueError("ten.random.choice: a cannot be empty unless no "
                         "samples are taken")
    if not replace and count > population:
        raise ValueError("Cannot take a larger sample than population when "
                         "replace=False")
    if p is not None:
        p_shape = tuple(p.shape) if isinstance(p, Tensor) else np.shape(p)
        if p_shape != (population,):
            raise ValueError(f"p must be a vector of the population's length "
                             f"{population}, not of shape {p_shape}")
        if not isinstance(p, Tensor):
            p = np.asarray(p, np.float64)
            if (p < 0).any():
                raise ValueError("probabilities are not non-negative")
            if not replace and np.count_nonzero(p) < count:
                raise ValueError("Fewer non-zero entries in p than size")
        logits = _ten.log(p)
    if replace:
        if p is None:
            flat = randint(key, (count,), 0, max(population, 1))
        else:
            flat = categorical(key, logits, shape=(count,))
    elif p is None:
        flat = permutation(key, population)[:count]
    else:
        # Without replacement, weighted: the `count` largest of the logits
        # plus Gumbel noise (a Gumbel top-k) are drawn in order.
        noise = gumbel(key, (population,), dtype=np.float64)
        scores = _ten.add(_ten.astype(logits, np.float64), noise)
        flat = _ten.argsort(_ops.negative(scores), stable=True)[:count]
    indices = _ten.reshape(flat, shape)
    if source is None:
        return indices
    return _ten.take(source, indices, axis=axis)


# ---------------------------------------------------------------------------
# Multivariate normal
# ---------------------------------------------------------------------------


def multivariate_normal(key, mean, cov, shape=None, dtype=np.float32,
                        method="cholesky"):
    """Vectors drawn from the normal distribution of `mean` (..., n) and
    `cov` (..., n, n): mean + L z, z standard normal and L L^T = cov, L the
    Cholesky factor (`method` "cholesky", JAX's default) or V sqrt(w) from
    eigh ("eigh": covariances that are only semi-definite). `shape` must
    broadcast with the batch shapes of mean and cov (by default it is their
    broadcast); the result has shape + (n,), of `dtype` (float32, as
    JAX's, whatever the dtypes of mean and cov)."""
    import ten as _ten

    _check_key(key)
    if method not in ("cholesky", "eigh"):
        raise ValueError("method must be one of {'cholesky', 'eigh'}, not "
                         f"{method!r}")
    mean_shape = tuple(mean.shape) if isinstance(mean, Tensor) \
        else np.shape(mean)
    cov_shape = tuple(cov.shape) if isinstance(cov, Tensor) else np.shape(cov)
    if len(mean_shape) < 1 or len(cov_shape) < 2 or \
            cov_shape[-2:] != (mean_shape[-1],) * 2:
        raise ValueError(
            "multivariate_normal requires mean of shape (..., n) and cov of "
            f"shape (..., n, n), not {mean_shape} and {cov_shape}")
    dtype = _float_dtype(dtype, "multivariate_normal")
    compute = np.dtype(np.float64) if dtype == np.float64 \
        else np.dtype(np.float32)
    batch = np.broadcast_shapes(mean_shape[:-1], cov_shape[:-2])
    if shape is None:
        shape = batch
    else:
        shape = _shape(shape)
        np.broadcast_shapes(shape, batch)
    n = mean_shape[-1]
    cov = _ten.astype(cov, compute)
    if method == "cholesky":
        factor = _ten.linalg.cholesky(cov)
    else:
        w, v = _ten.linalg.eigh(cov)
        factor = _ops.multiply(
            v, _ten.expand_dims(_ops.sqrt(_ten.maximum(w, compute.type(0))),
                                -2))
    z = normal(key, shape + (n,), dtype=compute)
    x = _ops.add(_ten.einsum("...ij,...j->...i", factor, z),
                 _ten.astype(mean, compute))
    return _ten.astype(x, dtype)


# ---------------------------------------------------------------------------
# Closed forms of a few draws
# ---------------------------------------------------------------------------


def lognormal(key, sigma=1.0, shape=None, dtype=np.float32):
    """Numbers whose logarithm is normal of standard deviation `sigma` (a
    number or an array, broadcast to `shape`, by default its shape):
    exp(sigma z)."""
    _check_key(key)
    dtype = _float_dtype(dtype, "lognormal")
    compute = _compute_dtype(dtype)
    sigma = _parameter(sigma, compute, "sigma")
    shape = _parameter_shape(shape, sigma)
    z = normal(key, shape, dtype=compute)
    return astype(_ops.exp(_ops.multiply(z, sigma)), dtype)


def rademacher(key, shape, dtype=np.int32):
    """-1 or 1 with equal probability (JAX's integer default, int32)."""
    _check_key(key)
    dtype = np.dtype(dtype)
    _dtypes.code_of(dtype)
    return _rademacher(key, shape=_shape(shape), dtype=dtype)


@eager
def _rademacher(key, shape, dtype):
    bit = _ops.bitwise_and(_bits(key, shape, np.uint32, _DRAW_STREAM),
                           np.uint32(1))
    signs = _ops.subtract(_ops.multiply(astype(bit, np.int32), np.int32(2)),
                          np.int32(1))
    return astype(signs, dtype)


def maxwell(key, shape=(), dtype=np.float32):
    """Numbers drawn from the Maxwell distribution: the length of a vector
    of three standard normal numbers."""
    _check_key(key)
    dtype = _float_dtype(dtype, "maxwell")
    compute = _compute_dtype(dtype)
    z = normal(key, _shape(shape) + (3,), dtype=compute)
    length = _ops.sqrt(_ops.sum(_ops.multiply(z, z), axis=-1))
    return astype(length, dtype)


def double_sided_maxwell(key, loc, scale, shape=(), dtype=np.float32):
    """loc + scale s m: m Maxwell, s a random sign (`loc` and `scale`
    numbers or arrays that broadcast to `shape`)."""
    _check_key(key)
    dtype = _float_dtype(dtype, "double_sided_maxwell")
    compute = _compute_dtype(dtype)
    loc = _parameter(loc, compute, "loc")
    scale = _parameter(scale, compute, "scale")
    shape = _shape(shape)
    np.broadcast_shapes(shape, _parameter_shape(None, loc, scale))
    magnitude_key, sign_key = split(key)
    magnitude = maxwell(magnitude_key, shape, dtype=compute)
    sign = rademacher(sign_key, shape, dtype=compute)
    x = _ops.add(_ops.multiply(_ops.multiply(magnitude, sign), scale), loc)
    return astype(_ops.broadcast_to(x, shape), dtype)


def geometric(key, p, shape=None, dtype=np.int32):
    """The number of Bernoulli trials of success probability `p` (a number
    or an array, broadcast to `shape`, by default its shape) up to the
    first success, at least 1: floor(log(u) / log(1 - p)) + 1."""
    import ten as _ten

    _check_key(key)
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu":
        raise TypeError(f"ten.random.geometric makes integers, not {dtype}")
    p_dtype = p.dtype if isinstance(p, Tensor) else np.asarray(p).dtype
    compute = np.dtype(np.float64 if p_dtype == np.float64 else np.float32)
    p = _parameter(p, compute, "p")
    shape = _parameter_shape(shape, p)
    u = _open_unit_draw(key, shape, compute)
    trials = _ten.floor(_ops.divide(_ops.log(u),
                                    _ten.log1p(_ops.negative(p))))
    return astype(_ops.add(trials, compute.type(1)), dtype)


@eager
def _open_unit_eager(key, shape, dtype):
    return _open_unit(key, shape, dtype, _DRAW_STREAM)


def _open_unit_draw(key, shape, dtype):
    """Uniform numbers in (0, 1) (eagerly, or in the traced program)."""
    return _open_unit_eager(key, shape=shape, dtype=dtype)


def triangular(key, left, mode, right, shape=None, dtype=np.float32):
    """Numbers drawn from the triangular distribution on [left, right]
    peaking at `mode` (numbers or arrays, broadcast to `shape`, by default
    their shape), by its inverse distribution function."""
    import ten as _ten

    _check_key(key)
    dtype = _float_dtype(dtype, "triangular")
    compute = _compute_dtype(dtype)
    left = _parameter(left, compute, "left")
    mode = _parameter(mode, compute, "mode")
    right = _parameter(right, compute, "right")
    shape = _parameter_shape(shape, left, mode, right)
    u = _open_unit_draw(key, shape, compute)
    width = _ops.subtract(right, left)
    rise = _ops.subtract(mode, left)
    fall = _ops.subtract(right, mode)
    below = _ops.add(left, _ops.sqrt(_ops.multiply(_ops.multiply(u, width),
                                                   rise)))
    above = _ops.subtract(right, _ops.sqrt(_ops.multiply(
        _ops.multiply(_ops.subtract(compute.type(1), u), width), fall)))
    x = _ten.where(_ops.less(u, _ops.divide(rise, width)), below, above)
    return astype(_ops.broadcast_to(x, shape), dtype)


def wald(key, mean, shape=None, dtype=np.float32):
    """Numbers drawn from the Wald (inverse Gaussian) distribution of
    `mean` and shape 1 (a number or an array, broadcast to `shape`, by
    default its shape): the transformation of a normal and a uniform draw
    by Michael, Schucany and Haas (The American Statistician 30(2), 1976)."""
    import ten as _ten

    _check_key(key)
    dtype = _float_dtype(dtype, "wald")
    compute = _compute_dtype(dtype)
    mean = _parameter(mean, compute, "mean")
    shape = _parameter_shape(shape, mean)
    normal_key, uniform_key = split(key)
    z = normal(normal_key, shape, dtype=compute)
    y = _ops.multiply(z, z)
    my = _ops.multiply(mean, y)
    root = _ops.sqrt(_ops.add(_ops.multiply(my, compute.type(4)),
                              _ops.multiply(my, my)))
    x = _ops.add(mean, _ops.multiply(_ops.multiply(mean, compute.type(0.5)),
                                     _ops.subtract(my, root)))
    u = _open_unit_draw(uniform_key, shape, compute)
    smaller = _ops.less_equal(u, _ops.divide(mean, _ops.add(mean, x)))
    result = _ten.where(smaller, x, _ops.divide(_ops.multiply(mean, mean), x))
    return astype(_ops.broadcast_to(result, shape), dtype)


def ball(key, d, p=2, shape=(), dtype=np.float32):
    """Points drawn uniformly from the unit ball of dimension `d` (shape +
    (d,)): g / sqrt(|g|^2 + e), g normal of variance 1/2 and e exponential
    (Barthe, Guedon, Mendelson and Naor, Annals of Probability 33(2),
    2005). Only the Euclidean ball (p = 2): other p need draws of the
    generalized normal distribution, a gamma draw, which ten does not
    have."""
    import ten as _ten

    _check_key(key)
    d = operator.index(d)
    if d < 1:
        raise ValueError(f"ten.random.ball: d must be positive, not {d}")
    if p != 2:
        raise NotImplementedError(
            "ten.random.ball draws from the Euclidean ball (p=2) only: other "
            "p need the generalized normal distribution (a gamma draw)")
    dtype = _float_dtype(dtype, "ball")
    compute = _compute_dtype(dtype)
    shape = _shape(shape)
    normal_key, exponential_key = split(key)
    g = _ops.multiply(normal(normal_key, shape + (d,), dtype=compute),
                      compute.type(math.sqrt(0.5)))
    e = exponential(exponential_key, shape, dtype=compute)
    norm = _ops.sqrt(_ops.add(_ops.sum(_ops.multiply(g, g), axis=-1), e))
    return astype(_ops.divide(g, _ten.expand_dims(norm, -1)), dtype)


def orthogonal(key, n, shape=(), dtype=np.float32, m=None):
    """Matrices (shape + (n, m), m = n by default) with orthonormal columns
    (or rows, m > n) drawn uniformly (Haar measure): the Q of a normal
    matrix's QR factorization, each column's sign that of R's diagonal
    (Mezzadri, Notices of the AMS 54(5), 2007)."""
    import ten as _ten

    _check_key(key)
    n = operator.index(n)
    m = n if m is None else operator.index(m)
    dtype = _float_dtype(dtype, "orthogonal")
    if dtype.itemsize < 4:
        raise TypeError("ten.random.orthogonal makes float32 or float64 "
                        f"matrices, not {dtype}")
    shape = _shape(shape)
    z = normal(key, shape + (builtins.max(n, m), builtins.min(n, m)),
               dtype=dtype)
    q, r = _ten.linalg.qr(z)
    signs = _ten.sign(_ten.diagonal(r, axis1=-2, axis2=-1))
    q = _ops.multiply(q, _ten.expand_dims(signs, -2))
    return q if n >= m else _ten.matrix_transpose(q)


# Giles's single-precision approximation of the inverse error function
# (M. Giles, "Approximating the erfinv function", GPU Computing Gems Jade
# Edition, 2011): a polynomial in w = -log(1 - y^2), one for the centre
# (w < 5) and one in sqrt(w) for the tails, times y.
_ERFINV_CENTRE = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06,
                  -4.39150654e-06, 0.00021858087, -0.00125372503,
                  -0.00417768164, 0.246640727, 1.50140941)
_ERFINV_TAIL = (-0.000200214257, 0.000100950558, 0.00134934322,
                -0.00367342844, 0.00573950773, -0.0076224613,
                0.00943887047, 1.00167406, 2.83297682)


def _polynomial(coefficients, w):
    result = _ops.multiply(w, w.dtype.type(0))
    for coefficient in coefficients:
        result = _ops.add(_ops.multiply(result, w), w.dtype.type(coefficient))
    return result


def _erfinv(y):
    """The inverse error function of `y` in (-1, 1): Giles's approximation,
    then Newton's steps on erf(x) = y (one in float32, three in float64),
    each about doubling the correct digits."""
    import ten as _ten

    one = y.dtype.type(1)
    w = _ops.negative(_ops.log(_ops.multiply(_ops.subtract(one, y),
                                             _ops.add(one, y))))
    centre = _polynomial(_ERFINV_CENTRE, _ops.subtract(w, y.dtype.type(2.5)))
    tail = _polynomial(_ERFINV_TAIL,
                       _ops.subtract(_ops.sqrt(w), y.dtype.type(3)))
    x = _ops.multiply(_ten.where(_ops.less(w, y.dtype.type(5)), centre, tail),
                      y)
    slope = y.dtype.type(2 / math.sqrt(math.pi))
    for _ in range(3 if y.dtype == np.float64 else 1):
        error = _ops.subtract(_ten.erf(x), y)
        derivative = _ops.multiply(_ops.exp(_ops.negative(_ops.multiply(x, x))),
                                   slope)
        x = _ops.subtract(x, _ops.divide(error, derivative))
    return x


def truncated_normal(key, lower, upper, shape=None, dtype=np.float32):
    """Normal numbers conditioned on (lower, upper) (numbers or arrays,
    broadcast to `shape`, by default their shape), as JAX draws them:
    sqrt(2) erfinv(u) for u uniform between erf(lower / sqrt(2)) and
    erf(upper / sqrt(2)), kept inside the open interval."""
    import ten as _ten

    _check_key(key)
    dtype = _float_dtype(dtype, "truncated_normal")
    compute = _compute_dtype(dtype)
    lower = _parameter(lower, compute, "lower")
    upper = _parameter(upper, compute, "upper")
    shape = _parameter_shape(shape, lower, upper)
    root2 = compute.type(math.sqrt(2))
    low = _ten.erf(_ops.divide(lower, root2))
    high = _ten.erf(_ops.divide(upper, root2))
    unit = _open_unit_draw(key, shape, compute)
    u = _ops.add(low, _ops.multiply(unit, _ops.subtract(high, low)))
    x = _ops.multiply(_erfinv(u), root2)
    inf = compute.type(np.inf)
    x = _ten.clip(x, _ten.nextafter(lower, inf),
                  _ten.nextafter(upper, -inf))
    return astype(_ops.broadcast_to(x, shape), dtype)
