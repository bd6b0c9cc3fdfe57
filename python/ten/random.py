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
geometric, triangular, wald, ball, orthogonal, and truncated_normal by
the inverse error function), and the gamma distribution by rejection
sampling, with those built on it (loggamma, chisquare, beta, dirichlet, f,
t, generalized_normal), and Poisson, binomial and multinomial counts,
with JAX's names and signatures. A program has no loop whose trip count
its numbers decide: a rejection sampler draws a fixed number of candidates
per element at once and keeps the first accepted (_GAMMA_CANDIDATES,
_POISSON_ROUNDS, _BINOMIAL_ROUNDS), all of them rejected with probability
below 1e-9; Poisson and binomial draws of many elements in two stages
(_rejection_draws).
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

__all__ = ["key", "PRNGKey", "split", "fold_in", "clone", "key_data",
           "wrap_key_data", "uniform", "normal", "randint", "bernoulli",
           "bits",
           "exponential", "gumbel", "laplace", "logistic", "cauchy",
           "rayleigh", "weibull_min", "pareto", "categorical", "choice",
           "permutation", "multivariate_normal", "lognormal", "rademacher",
           "maxwell", "double_sided_maxwell", "geometric", "triangular",
           "wald", "ball", "orthogonal", "truncated_normal", "gamma",
           "loggamma", "chisquare", "beta", "dirichlet", "f", "t",
           "generalized_normal", "poisson", "binomial", "multinomial"]

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


# The Philox stream of fold_in's keys: no draw or split uses it.
_FOLD_STREAM = 2**32 - 1
# Odd multiplier that spreads fold_in's data over a key's second word.
_FOLD_MULTIPLIER = 0x9E3779B9


def PRNGKey(seed):
    """JAX's older name of `key`: the same uint32 array of shape (2,)."""
    return key(seed)


def clone(key):
    """A copy of `key` (JAX's: keys here are plain arrays)."""
    _check_key(key)
    return key if isinstance(key, Tensor) else np.array(key, copy=True)


def key_data(keys):
    """The uint32 words of `keys`: keys here are those words already."""
    _check_key(keys)
    return keys


def wrap_key_data(key_bits_array, *, impl=None):
    """A key of its uint32 words (shape (2,)): the words themselves."""
    if impl is not None and impl not in ("philox", "philox4x32"):
        raise ValueError(f"ten.random keys are Philox-4x32-10's; impl "
                         f"{impl!r} is not offered")
    _check_key(key_bits_array)
    return key_bits_array


def fold_in(key, data):
    """A new key from `key` and `data` (an integer of 32 bits, as JAX's): the
    first two Philox words, in a stream of their own, under `key` with
    `data` mixed into both its words. Different data give unrelated keys,
    which differ from the key's split keys and draws."""
    _check_key(key)
    if isinstance(data, Tensor):
        if np.dtype(data.dtype).kind not in "biu" or tuple(data.shape):
            raise TypeError("ten.random.fold_in takes an integer scalar as "
                            f"data, not a {data.dtype} value of shape "
                            f"{tuple(data.shape)}")
        data = astype(data, np.uint32)
    else:
        value = np.asarray(data)
        if value.dtype.kind not in "biu" or value.ndim:
            raise TypeError("ten.random.fold_in takes an integer scalar as "
                            f"data, not {data!r}")
        value = int(value)
        if not 0 <= value <= _MASK:
            raise OverflowError(f"Python integer {value} out of bounds for "
                                "uint32")
        data = np.uint32(value)
    return _fold_in(key, data)


@eager
def _fold_in(key, data):
    mixed = _ops.multiply(data, np.uint32(_FOLD_MULTIPLIER))
    import ten as _ten

    folded = _ops.bitwise_xor(key, _ten.stack([data, mixed]))
    return _bits(folded, (2,), np.uint32, _FOLD_STREAM)


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
    """`num` new keys from `key`, as an array of shape (num, 2); `num` may
    be a shape, as JAX's: keys of shape num + (2,)."""
    _check_key(key)
    if isinstance(num, (tuple, list)):
        shape = _shape(num)
        count = math.prod(shape)
        return _ops.reshape(_split(key, num=count), shape + (2,)) \
            if isinstance(key, Tensor) else \
            np.reshape(_split(key, num=count), shape + (2,))
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"num must be non-negative, not {num}")
    return _split(key, num=num)


@eager
def _split(key, num):
    return _bits(key, (num, 2), np.uint32, _SPLIT_STREAM)


def bits(key, shape=(), dtype=None):
    """Random bits: unsigned integers of 8, 16, 32 (the default) or 64
    bits, every value equally likely."""
    _check_key(key)
    dtype = np.dtype(np.uint32 if dtype is None else dtype)
    if dtype.kind != "u":
        raise TypeError(f"ten.random.bits makes unsigned integers (uint8, "
                        f"uint16, uint32, uint64), not {dtype}")
    return _random_bits(key, shape=_shape(shape), dtype=dtype)


@eager
def _random_bits(key, shape, dtype):
    if dtype.itemsize >= 4:
        return _bits(key, shape, dtype, _DRAW_STREAM)
    # The low bits of 32 random ones.
    return astype(_bits(key, shape, np.uint32, _DRAW_STREAM), dtype)


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
    when `maxval` is None, as NumPy's randint. As JAX's: the bounds are
    numbers or arrays that broadcast to `shape`, clipped to the dtype's
    range (a maxval past its largest value draws that value too), and
    where maxval <= minval the number is minval."""
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
    shape = _shape(shape)
    info = np.iinfo(dtype)
    if not any(isinstance(bound, Tensor) or np.ndim(bound)
               for bound in (low, high)):
        low, high = _whole_bound(low), _whole_bound(high)
        low = min(max(low, int(info.min)), int(info.max))
        largest = int(info.max) if high > info.max else high - 1
        return _randint(key, shape=shape, low=low,
                        high=max(largest, low) + 1, dtype=dtype)
    for bound in (low, high):
        np.broadcast_shapes(shape, np.shape(bound) if not isinstance(
            bound, Tensor) else bound.shape)
    domain = np.dtype(np.uint64 if dtype == np.uint64 else np.int64)
    low, high = (bound if isinstance(bound, Tensor) else
                 np.asarray(bound).astype(domain) for bound in (low, high))
    return _randint_between(key, low, high, shape=shape, dtype=dtype)


def _whole_bound(bound):
    """A bound given as a number: an integer, a float rounded toward 0 (as
    JAX converts it)."""
    if isinstance(bound, (float, np.floating)):
        if not math.isfinite(bound):
            raise ValueError(f"ten.random.randint: bound {bound} is not "
                             "finite")
        return int(bound)
    return operator.index(bound)


@eager
def _randint(key, shape, low, high, dtype):
    raw = _bits(key, shape, np.uint64, _DRAW_STREAM)
    span = high - low
    # The remainder's bias is at most span / 2^64.
    offset = raw if span == 2**64 else _ops.remainder(raw, np.uint64(span))
    # (low + offset) mod 2^bits is the number, which the dtype can hold.
    wrapped_low = np.uint64(low % 2**64)
    return astype(_ops.add(offset, wrapped_low), dtype)


@eager
def _randint_between(key, low, high, shape, dtype):
    """randint's numbers between bounds given as arrays, which the run
    clips: in int64 (uint64 for uint64 numbers), where every dtype's range
    and its largest value plus one fit."""
    domain = np.dtype(np.uint64 if dtype == np.uint64 else np.int64)
    info = np.iinfo(dtype)
    smallest, largest = domain.type(info.min), domain.type(info.max)
    low = _ops.broadcast_to(astype(low, domain), shape)
    high = _ops.broadcast_to(astype(high, domain), shape)
    low = _ops.minimum(_ops.maximum(low, smallest), largest)
    last = _ops.where(_ops.greater(high, largest), largest,
                      _ops.subtract(high, domain.type(1)))
    # An empty range is minval alone; the span less one never overflows.
    last = _ops.where(_ops.less_equal(high, low), low, last)
    u64 = np.dtype(np.uint64)
    span = _ops.add(astype(_ops.subtract(last, low), u64), np.uint64(1))
    raw = _bits(key, shape, np.uint64, _DRAW_STREAM)
    # A span of 2^64 wraps to 0: every value of the raw bits.
    whole = _ops.equal(span, np.uint64(0))
    offset = _ops.where(whole, raw, _ops.remainder(
        raw, _ops.where(whole, np.uint64(1), span)))
    return astype(_ops.add(offset, astype(low, u64)), dtype)


def bernoulli(key, p=0.5, shape=None, mode=None):
    """Booleans that are True with probability `p` (a number or an array,
    broadcast to `shape`, by default its shape): a uniform number below p,
    of p's resolution (float32's, float64's for float64), or with JAX's
    `mode="high"` of float64's whatever p's type (probabilities down to
    about 1e-16, not 6e-8, drawn without bias)."""
    _check_key(key)
    wide = _gumbel_mode(mode, "bernoulli") == "high"
    if shape is not None:
        shape = _shape(shape)
    p_dtype = (p.dtype if isinstance(p, Tensor) else np.asarray(p).dtype)
    dtype = np.dtype(np.float64) if wide or np.dtype(p_dtype) == np.float64 \
        else np.dtype(np.float32)
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
def _transformed(key, shape, dtype, name, wide):
    compute = np.dtype(np.float64) if wide else _compute_dtype(dtype)
    x = _TRANSFORMS[name](_open_unit(key, shape, compute, _DRAW_STREAM))
    return x if compute == dtype else astype(x, dtype)


def _draw(name, key, shape, dtype, wide=False):
    _check_key(key)
    dtype = _float_dtype(dtype, name)
    return _transformed(key, shape=_shape(shape), dtype=dtype, name=name,
                        wide=wide)


def _gumbel_mode(mode, function):
    """JAX's `mode` of a Gumbel or uniform draw: "low" (the default) or
    "high"."""
    if mode is None:
        return "low"
    if mode not in ("low", "high"):
        raise ValueError(f"ten.random.{function}: mode must be 'low' or "
                         f"'high', not {mode!r}")
    return mode


def exponential(key, shape=(), dtype=np.float32):
    """Numbers drawn from the exponential distribution of rate 1: -log(u)."""
    return _draw("exponential", key, shape, dtype)


def gumbel(key, shape=(), dtype=np.float32, mode=None):
    """Numbers drawn from the standard Gumbel distribution: -log(-log(u)).
    JAX's `mode`: "low" draws u with the dtype's own resolution (in float32
    the largest number is about 16.6); "high" draws it in float64 for
    narrower dtypes (about 36.7), at about twice the cost."""
    wide = _gumbel_mode(mode, "gumbel") == "high"
    return _draw("gumbel", key, shape, dtype, wide=wide)


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


def _outcomes_batch(function, name, value_shape, shape):
    """The batch shape of draws whose outcomes a parameter's last axis
    holds (dirichlet's alpha, multinomial's p): `shape`, which must
    broadcast with the parameter's other axes, or by default those."""
    if len(value_shape) < 1:
        raise ValueError(f"ten.random.{function}: {name} must have at least "
                         f"one axis, not shape {value_shape}")
    batch = value_shape[:-1] if shape is None else _shape(shape)
    np.broadcast_shapes(batch, value_shape[:-1])
    return batch


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
def _categorical(key, logits, axis, shape, replace, wide):
    import ten as _ten

    # The Gumbel-max trick: the position of the largest logit plus an
    # independent Gumbel number is drawn with the softmax's probabilities;
    # without replacement, the k largest in order (the Gumbel top-k trick:
    # W. Kool, H. van Hoof, M. Welling, ICML 2019).
    compute = np.dtype(np.float64) if logits.dtype == np.float64 \
        else np.dtype(np.float32)
    logits = _ten.moveaxis(astype(logits, compute), axis, -1)
    batch = tuple(logits.shape[:-1])
    prefix = shape[:len(shape) - len(batch)]
    full = (shape if replace else batch) + (logits.shape[-1],)
    noise = _gumbel(_open_unit(key, full, np.dtype(np.float64) if wide
                               else compute, _DRAW_STREAM))
    scores = _ops.add(_ops.broadcast_to(logits, full), astype(noise, compute))
    if replace:
        return _ops.argmax(scores, axis=-1)
    count = math.prod(prefix)
    order = _ten.argsort(_ops.negative(scores), axis=-1, stable=True)
    first = _ten.moveaxis(order[..., :count], -1, 0)
    return _ops.reshape(first, shape)


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None):
    """Indices along `axis` drawn with the probabilities softmax(logits)
    (the Gumbel-max trick), int64; `shape` must end with the logits' other
    dimensions (by default it is them). A logit of -inf is never drawn
    while others are left. Without `replace`, the draws of each
    distribution (as many as `shape` has before its other dimensions, at
    most the categories) are distinct: the largest logits plus Gumbel
    numbers, in order. JAX's `mode`: "high" draws the Gumbel numbers from
    float64 uniform numbers whatever the logits' type."""
    _check_key(key)
    wide = _gumbel_mode(mode, "categorical") == "high"
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
    count = math.prod(shape[:len(shape) - len(batch)])
    if not replace and count > logits.shape[axis]:
        raise ValueError(f"ten.random.categorical: {count} draws without "
                         "replacement, more than the "
                         f"{logits.shape[axis]} categories")
    return _categorical(key, logits, axis=axis, shape=shape,
                        replace=bool(replace), wide=wide)


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


def choice(key, a, shape=(), replace=True, p=None, axis=0, mode=None):
    """Elements of `a` along `axis` (of range(a) for an integer) drawn at
    random into `shape`: with replacement, uniformly or with the
    probabilities `p` (categorical of log p); without, the first of a random
    order (weighted: the Gumbel top-k of log p, whose Gumbel numbers are
    float64's whatever JAX's `mode`, "low" or "high", asks)."""
    import ten as _ten

    _check_key(key)
    _gumbel_mode(mode, "choice")
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
    """Points drawn uniformly from the unit ball of the p-norm in dimension
    `d` (shape + (d,)): g / (sum |g|^p + e)^(1/p), g generalized normal of
    power p and e exponential (Barthe, Guedon, Mendelson and Naor, Annals
    of Probability 33(2), 2005); for p = 2, g is a normal draw of variance
    1/2."""
    import ten as _ten

    _check_key(key)
    d = operator.index(d)
    if d < 1:
        raise ValueError(f"ten.random.ball: d must be positive, not {d}")
    p = float(p)
    if not p > 0:
        raise ValueError(f"ten.random.ball: p must be positive, not {p}")
    dtype = _float_dtype(dtype, "ball")
    compute = _compute_dtype(dtype)
    shape = _shape(shape)
    g_key, exponential_key = split(key)
    if p == 2:
        g = _ops.multiply(normal(g_key, shape + (d,), dtype=compute),
                          compute.type(math.sqrt(0.5)))
        powers = _ops.multiply(g, g)
    else:
        g = generalized_normal(g_key, p, shape + (d,), dtype=compute)
        powers = _ops.power(_ops.abs(g), compute.type(p))
    e = exponential(exponential_key, shape, dtype=compute)
    total = _ops.add(_ops.sum(powers, axis=-1), e)
    norm = _ops.power(total, compute.type(1 / p)) if p != 2 else _ops.sqrt(
        total)
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


# Rejection sampling in rounds
# ---------------------------------------------------------------------------

# Gamma draws take Marsaglia and Tsang's method (ACM Transactions on
# Mathematical Software 26(3), 2000): a candidate d (1 + c x)^3 from a
# normal draw x, accepted by a uniform draw. A program has no loop whose
# trip count its numbers decide, so every element draws this many candidates
# at once (a pair from each Box-Muller draw) and keeps the first accepted.
# Each is accepted with probability at least 0.951 (shape 1, the worst), so
# all are rejected with probability below 0.049^8 = 4e-11, and then the
# last candidate is kept: the draws' distribution is within that of the
# gamma distribution (total variation).
_GAMMA_CANDIDATES = 8


def _open_units(key, shape, dtype, count):
    """`count` independent arrays of uniform numbers in (0, 1) (as
    _open_unit), from the draw streams of `key`: in float32 two from each
    Philox block's first two words (a 64-bit draw), 23-bit midpoints."""
    streams = [stream for stream in range(count + 1)
               if stream != _SPLIT_STREAM]
    if dtype != np.float32:
        return [_open_unit(key, shape, dtype, stream)
                for stream in streams[:count]]
    units = []
    for stream in streams[:(count + 1) // 2]:
        raw = _bits(key, shape, np.uint64, stream)
        low = _ops.bitwise_and(raw, np.uint64(_MASK))
        for word in (low, _ops.right_shift(raw, np.uint64(32))):
            top = _ops.right_shift(word, np.uint64(32 - 23))
            steps = _ops.add(astype(top, dtype), dtype.type(0.5))
            units.append(_ops.multiply(steps, dtype.type(2.0**-23)))
    return units[:count]


@eager
def _log_gamma(key, alpha, shape, dtype):
    """The logarithms of draws of the gamma distribution of shape `alpha`
    (broadcast to `shape`) and scale 1, in `dtype` (float32 or float64):
    log(d v) for the first accepted candidate, plus log(u) / alpha for a
    shape below 1, which draws with shape alpha + 1 (Marsaglia and Tsang's
    boost). -inf for alpha 0, NaN for a negative or NaN alpha."""
    import ten as _ten

    one = dtype.type(1)
    three = dtype.type(3)
    alpha = _ops.broadcast_to(astype(alpha, dtype), shape)
    boosted = _ops.less(alpha, one)
    a = _ten.where(boosted, _ops.add(alpha, one), alpha)
    d = _ops.subtract(a, dtype.type(1 / 3))
    c = _ops.divide(one, _ops.sqrt(_ops.multiply(d, dtype.type(9))))
    log_d = _ops.log(d)
    pairs = _GAMMA_CANDIDATES // 2
    rounds = _bits(key, (pairs + 1, 2), np.uint32, _SPLIT_STREAM)
    candidates, accepted = [], []
    for pair in range(pairs):
        radius_draw, angle_draw, *accept_draws = _open_units(
            rounds[pair], shape, dtype, 4)
        radius = _ops.sqrt(_ops.multiply(_ops.log(radius_draw),
                                         dtype.type(-2)))
        angle = _ops.multiply(angle_draw, dtype.type(2 * np.pi))
        normals = (_ops.multiply(radius, _ops.cos(angle)),
                   _ops.multiply(radius, _ops.sin(angle)))
        for x, accept_draw in zip(normals, accept_draws):
            # v = (1 + t)^3, t = c x: 1 - v and log v from t, without the
            # cancellation of 1 - v for a large shape (t small).
            t = _ops.multiply(c, x)
            inside = _ops.greater(t, dtype.type(-1))
            t = _ten.where(inside, t, dtype.type(0))
            log_v = _ops.multiply(_ten.log1p(t), three)
            one_minus_v = _ops.negative(_ops.multiply(
                t, _ops.add(_ops.multiply(t, _ops.add(t, three)), three)))
            bound = _ops.add(_ops.multiply(_ops.multiply(x, x),
                                           dtype.type(0.5)),
                             _ops.multiply(d, _ops.add(one_minus_v, log_v)))
            accepted.append(_ten.logical_and(
                inside, _ops.less(_ops.log(accept_draw), bound)))
            candidates.append(_ops.add(log_d, log_v))
    result = candidates[-1]
    for candidate, accept in zip(reversed(candidates), reversed(accepted)):
        result = _ten.where(accept, candidate, result)
    boost = _ops.divide(
        _ops.log(_open_unit(rounds[pairs], shape, dtype, _DRAW_STREAM)),
        alpha)
    result = _ten.where(boosted, _ops.add(result, boost), result)
    # Shape 0 draws 0 (a logarithm of -inf); a negative or NaN shape, NaN.
    result = _ten.where(_ops.equal(alpha, dtype.type(0)), dtype.type(-np.inf),
                        result)
    valid = _ops.greater_equal(alpha, dtype.type(0))
    return _ten.where(valid, result, dtype.type(np.nan))


def _gamma_dtype(dtype, function):
    """The dtype a gamma-based draw makes, and the one it computes in."""
    dtype = _float_dtype(dtype, function)
    return dtype, _compute_dtype(dtype)


def _gamma_family(key, function, dtype, shape, *parameters):
    """A gamma-based draw's checked key, dtypes (made and computed), its
    parameters as arrays of the compute dtype (name and value pairs), and
    the shape they broadcast to: `shape`, by default theirs."""
    _check_key(key)
    dtype, compute = _gamma_dtype(dtype, function)
    values = [_parameter(value, compute, name) for name, value in parameters]
    shape = _parameter_shape(shape, *values)
    np.broadcast_shapes(shape, _parameter_shape(None, *values))
    return dtype, compute, values, shape


def loggamma(key, a, shape=None, dtype=None):
    """The logarithms of draws of the gamma distribution of shape `a` (a
    number or an array, broadcast to `shape`, by default its shape) and
    scale 1, computed as logarithms: finite where a gamma draw of a small
    shape would be 0."""
    dtype, compute, (a,), shape = _gamma_family(key, "loggamma", dtype, shape,
                                                ("a", a))
    return astype(_log_gamma(key, a, shape=shape, dtype=compute), dtype)


def gamma(key, a, shape=None, dtype=None):
    """Draws of the gamma distribution of shape `a` (a number or an array,
    broadcast to `shape`, by default its shape) and scale 1: Marsaglia and
    Tsang's method, 0 for a = 0 and NaN for a negative a (as JAX)."""
    dtype, compute, (a,), shape = _gamma_family(key, "gamma", dtype, shape,
                                                ("a", a))
    log_g = _log_gamma(key, a, shape=shape, dtype=compute)
    return astype(_ops.exp(log_g), dtype)


def chisquare(key, df, shape=None, dtype=None):
    """Draws of the chi-squared distribution of `df` degrees of freedom (a
    number or an array, broadcast to `shape`, by default its shape): twice
    a gamma draw of shape df / 2."""
    dtype, compute, (df,), shape = _gamma_family(key, "chisquare", dtype,
                                                 shape, ("df", df))
    half = _ops.multiply(df, compute.type(0.5))
    g = _ops.exp(_log_gamma(key, half, shape=shape, dtype=compute))
    return astype(_ops.multiply(g, compute.type(2)), dtype)


def beta(key, a, b, shape=None, dtype=None):
    """Draws of the beta distribution of `a` and `b` (numbers or arrays,
    broadcast to `shape`, by default their shape): x / (x + y) for gamma
    draws x and y of shapes a and b, from their logarithms, so that small
    shapes, whose draws would both be 0, give a number."""
    import ten as _ten

    dtype, compute, (a, b), shape = _gamma_family(key, "beta", dtype, shape,
                                                  ("a", a), ("b", b))
    a_key, b_key = split(key)
    log_x = _log_gamma(a_key, a, shape=shape, dtype=compute)
    log_y = _log_gamma(b_key, b, shape=shape, dtype=compute)
    largest = _ten.maximum(log_x, log_y)
    x = _ops.exp(_ops.subtract(log_x, largest))
    y = _ops.exp(_ops.subtract(log_y, largest))
    return astype(_ops.divide(x, _ops.add(x, y)), dtype)


def dirichlet(key, alpha, shape=None, dtype=None):
    """Draws of the Dirichlet distribution of concentrations `alpha` (an
    array whose last axis holds them): shape + alpha.shape[-1:], shape by
    default alpha.shape[:-1], each row gamma draws of shapes alpha divided
    by their sum, from their logarithms (a softmax of log-gamma draws)."""
    import ten as _ten

    _check_key(key)
    dtype, compute = _gamma_dtype(dtype, "dirichlet")
    alpha = _parameter(alpha, compute, "alpha")
    alpha_shape = _parameter_shape(None, alpha)
    shape = _outcomes_batch("dirichlet", "alpha", alpha_shape, shape)
    full = shape + alpha_shape[-1:]
    log_g = _log_gamma(key, alpha, shape=full, dtype=compute)
    largest = _ten.max(log_g, axis=-1, keepdims=True)
    g = _ops.exp(_ops.subtract(log_g, largest))
    return astype(_ops.divide(g, _ops.sum(g, axis=-1, keepdims=True)), dtype)


def f(key, dfnum, dfden, shape=None, dtype=None):
    """Draws of the F distribution of `dfnum` and `dfden` degrees of freedom
    (numbers or arrays, broadcast to `shape`, by default their shape): the
    ratio of chi-squared draws, each divided by its degrees of freedom."""
    dtype, compute, (dfnum, dfden), shape = _gamma_family(
        key, "f", dtype, shape, ("dfnum", dfnum), ("dfden", dfden))
    num_key, den_key = split(key)
    half = compute.type(0.5)
    # chi2(n) / n = gamma(n / 2) / (n / 2).
    num_half = _ops.multiply(dfnum, half)
    den_half = _ops.multiply(dfden, half)
    num = _ops.divide(_ops.exp(_log_gamma(num_key, num_half, shape=shape,
                                          dtype=compute)), num_half)
    den = _ops.divide(_ops.exp(_log_gamma(den_key, den_half, shape=shape,
                                          dtype=compute)), den_half)
    return astype(_ops.divide(num, den), dtype)


def t(key, df, shape=None, dtype=None):
    """Draws of Student's t distribution of `df` degrees of freedom (a
    number or an array, broadcast to `shape`, by default its shape): a
    normal draw over the square root of a chi-squared draw divided by
    df."""
    dtype, compute, (df,), shape = _gamma_family(key, "t", dtype, shape,
                                                 ("df", df))
    normal_key, gamma_key = split(key)
    z = normal(normal_key, shape, dtype=compute)
    half = _ops.multiply(df, compute.type(0.5))
    # chi2(df) / df = gamma(df / 2) / (df / 2).
    scaled = _ops.divide(_ops.exp(_log_gamma(gamma_key, half, shape=shape,
                                             dtype=compute)), half)
    return astype(_ops.divide(z, _ops.sqrt(scaled)), dtype)


def generalized_normal(key, p, shape=(), dtype=None):
    """Draws of the generalized normal distribution of power `p` (a positive
    number; density proportional to exp(-|x|^p)): a random sign times a
    gamma draw of shape 1 / p raised to 1 / p."""
    _check_key(key)
    dtype, compute = _gamma_dtype(dtype, "generalized_normal")
    p = float(p)
    if not p > 0:
        raise ValueError(
            f"ten.random.generalized_normal: p must be positive, not {p}")
    shape = _shape(shape)
    gamma_key, sign_key = split(key)
    log_g = _log_gamma(gamma_key, compute.type(1 / p), shape=shape,
                       dtype=compute)
    magnitude = _ops.exp(_ops.multiply(log_g, compute.type(1 / p)))
    sign = rademacher(sign_key, shape, dtype=compute)
    return astype(_ops.multiply(magnitude, sign), dtype)


# Poisson draws: below a mean of 10, by inversion of the distribution
# function over its first _POISSON_TERMS values (a mean just below 10 passes
# them with probability below 1e-12); from 10 on, by Hormann's transformed
# rejection with squeeze (PTRS: Insurance: Mathematics and Economics 12(1),
# 1993), which accepts 75% of its candidates at a mean of 10 and more at
# larger ones (NumPy's draws: 77% at 12, 85% at 100, 89% at 10^4), so that
# all of _POISSON_ROUNDS are rejected with probability below 0.247^16 =
# 2e-10 (then the last candidate is kept). Both in float64.
_POISSON_SMALL = 10.0
_POISSON_TERMS = 40
_POISSON_ROUNDS = 16
# Stirling's series' error log(k!) - ((k + 1/2) log(k + 1) - (k + 1) +
# log(2 pi) / 2) for k below 10; beyond, the series' next terms.
_STIRLING_TAILS = tuple(
    math.lgamma(k + 1) - (k + 0.5) * math.log(k + 1) + (k + 1)
    - 0.5 * math.log(2 * math.pi) for k in range(10))


def _stirling_tail(k):
    """_STIRLING_TAILS of whole numbers `k` >= 0 (float64): the table below
    10, else 1/12 - 1/360 m^-2 + 1/1260 m^-4, over m = k + 1."""
    import ten as _ten

    f64 = np.float64
    m = _ops.add(_ten.maximum(k, f64(10)), f64(1))
    m2 = _ops.multiply(m, m)
    series = _ops.divide(_ops.subtract(f64(1 / 12), _ops.divide(
        _ops.subtract(f64(1 / 360), _ops.divide(f64(1 / 1260), m2)), m2)), m)
    result = series
    for j, value in enumerate(_STIRLING_TAILS):
        result = _ten.where(_ops.equal(k, f64(j)), f64(value), result)
    return result


def _transformed_candidate(key, shape, a, b, c):
    """One candidate of Hormann's transformed rejection (PTRS and BTRS, in
    float64) from two uniform draws of `key`: us = 1/2 - |u| for u uniform
    in (-1/2, 1/2), v uniform in (0, 1), and the count floor((2 a / us + b)
    u + c)."""
    import ten as _ten

    f64 = np.float64
    u_draw, v = _open_units(key, shape, np.dtype(np.float64), 2)
    centred = _ops.subtract(u_draw, f64(0.5))
    us = _ops.subtract(f64(0.5), _ops.abs(centred))
    slope = _ops.add(_ops.divide(_ops.multiply(a, f64(2)), us), b)
    return us, v, _ten.floor(_ops.add(_ops.multiply(slope, centred), c))


def _log_factorial(k):
    """log(k!) of whole numbers `k` >= 0 (float64): Stirling's series,
    (k + 1/2) log(k + 1) - (k + 1) + log(2 pi) / 2, and its error
    (_stirling_tail)."""
    f64 = np.float64
    m = _ops.add(k, f64(1))
    series = _ops.subtract(_ops.multiply(_ops.add(k, f64(0.5)), _ops.log(m)),
                           m)
    return _ops.add(_ops.add(series, f64(0.5 * math.log(2 * math.pi))),
                    _stirling_tail(k))


def _along_first_axis(values, ndim):
    """The float64 numbers `values` as an array along a new first axis, of
    shape (len(values),) + (1,) * ndim, so that they broadcast against
    arrays of `ndim` axes."""
    return np.asarray(values, np.float64).reshape((-1,) + (1,) * ndim)


def _inversion_count(u, first_term, factors):
    """How many of the partial sums of the terms first_term, first_term
    f_1, first_term f_1 f_2, ... (the factors along the first axis of
    `factors`) `u` exceeds: the inversion of a distribution function, its
    terms one array (a product and a sum along the first axis, in that
    order) rather than a program with an op per term."""
    import ten as _ten

    terms = _ten.cumprod(_ten.concatenate(
        [_ops.reshape(first_term, (1,) + tuple(first_term.shape)), factors]),
        axis=0)
    cumulative = _ten.cumsum(terms, axis=0)
    return _ten.sum(astype(_ops.greater(u, cumulative), np.float64), axis=0)


def _first_accepted(candidates, accepted, none=None):
    """Of rounds of candidates along the first axis, the first accepted
    one, or where none is `none` (by default the last candidate): a chain
    of selections of the rounds' slices, which fuse with the rounds'
    computation (a gather along the axis would keep every round's
    candidates in memory: Poisson draws of a mean of 50, 10^6 of them, took
    465 ms so, 224 this way)."""
    import ten as _ten

    rounds = candidates.shape[0]
    if none is None:
        draws = candidates[rounds - 1]
        rounds -= 1
    else:
        draws = none
    for r in reversed(range(rounds)):
        draws = _ten.where(accepted[r], candidates[r], draws)
    return draws


# Rejection in two stages: every draw computes its first _FIRST_ROUNDS
# candidates; the draws none of them accepted (at most 0.29^4 = 0.7% of
# them) compute the other rounds, gathered into slots of their own, so that
# 10^6 draws compute about 4.3 million candidates rather than 16-18
# million. The slots hold 2% of the draws and 64 more: at 10^6 draws
# (7,100 expected at 0.7%) more would be needed with probability below
# e^-2000, at 3,200 below 1e-50, and for 65 draws or fewer never (a draw
# past the slots would take the floor of its mean).
_FIRST_ROUNDS = 4
# Fewer draws compute every round in one stage: their time is the
# program's compilation, which the second stage's ops would lengthen
# (multinomial of 10 outcomes, first call: 1.8 s in one stage, 2.8 in two).
_TWO_STAGES_FROM = 16384


def _second_stage_capacity(count):
    return min(count, math.ceil(0.02 * count) + 64)


def _rejection_draws(key, rounds, parameters, candidates, fallback):
    """Draws of a rejection method of `rounds` rounds: `parameters` (float64
    arrays of the draws' shape) and candidates(key, rounds, parameters),
    which yields the candidates and whether each is accepted, arrays of
    the rounds along a new first axis (_first_accepted); `fallback`, a
    draw's value where no slot is left for its second stage (the floor of
    its mean)."""
    import ten as _ten

    shape = tuple(parameters[0].shape)
    count = math.prod(shape)
    if count < _TWO_STAGES_FROM or rounds <= _FIRST_ROUNDS:
        return _first_accepted(*candidates(key, rounds, parameters))
    first_key, second_key = _split(key, num=2)
    # The first stage's draws, NaN where none was accepted: the rounds have
    # this one reader (two, such as a count of the acceptances beside,
    # would each compute them: 146 ms rather than 69 for 10^6 Poisson
    # draws).
    draws = _ops.reshape(_first_accepted(
        *candidates(first_key, _FIRST_ROUNDS, parameters),
        none=np.float64(np.nan)), (count,))
    waiting = _ten.isnan(draws)
    # Each waiting draw's slot (its rank among them), and each slot's draw
    # (a scatter of the draws' positions, those past the slots into one
    # more that is dropped; a binary search of the running count for each
    # slot's draw would be fused into every round's candidates and searched
    # again in each: 110 ms of binomial draws' 215). Free slots read draw 0
    # (their draws are unused).
    capacity = _second_stage_capacity(count)
    slot = _ops.subtract(_ten.cumsum(astype(waiting, np.int64)),
                         np.int64(1))
    slotted = _ten.logical_and(waiting, _ops.less(slot, np.int64(capacity)))
    owners = _ten.zeros(capacity + 1, np.int64)
    owners[_ten.where(slotted, slot, np.int64(capacity))] = _ten.arange(
        count, dtype=np.int64)
    second = [_ten.take(_ops.reshape(parameter, (count,)), owners[:capacity])
              for parameter in parameters]
    later = _first_accepted(*candidates(second_key, rounds - _FIRST_ROUNDS,
                                        second))
    draws = _ten.where(slotted, _ten.take(later, _ten.clip(
        slot, np.int64(0), np.int64(capacity - 1))),
        _ten.where(waiting, _ops.reshape(fallback, (count,)), draws))
    return _ops.reshape(draws, shape)


def _methods(mean, small):
    """Which of the two methods of a discrete distribution draw any number
    (as two ints: inversion, rejection) where the parameters are known
    before the program is compiled: the mean below `small`, or not (NaN
    draws are invalid, whichever method). Traced parameters need both."""
    if isinstance(mean, Tensor):
        return (1, 1)
    with np.errstate(invalid="ignore"):
        below = np.asarray(mean) < small
    if below.size == 0:
        return (1, 0)
    return (int(below.any()), int(not below.all()))


def _pick_method(small, count, draws):
    """The inversion's `count` where the mean is small, else the
    rejection's `draws`; one of them alone where the other is None."""
    import ten as _ten

    if draws is None:
        return count
    if count is None:
        return draws
    return _ten.where(small, count, draws)


def _poisson_candidates(key, rounds, parameters):
    """`rounds` candidates of PTRS for each mean of parameters[0] (10 or
    more), along a new first axis, and whether each is accepted."""
    import ten as _ten

    f64 = np.float64
    (mu,) = parameters
    root = _ops.sqrt(mu)
    log_mu = _ops.log(mu)
    b = _ops.add(f64(0.931), _ops.multiply(root, f64(2.53)))
    a = _ops.add(f64(-0.059), _ops.multiply(b, f64(0.02483)))
    log_inverse_alpha = _ops.log(_ops.add(
        f64(1.1239), _ops.divide(f64(1.1328), _ops.subtract(b, f64(3.4)))))
    v_r = _ops.subtract(f64(0.9277),
                        _ops.divide(f64(3.6224), _ops.subtract(b, f64(2))))
    # Every round at once, along a first axis (one program of a round's
    # ops, not one per round).
    us, v, k = _transformed_candidate(
        key, (rounds,) + tuple(mu.shape), a, b, _ops.add(mu, f64(0.43)))
    squeezed = _ten.logical_and(_ops.greater_equal(us, f64(0.07)),
                                _ops.less_equal(v, v_r))
    refused = _ten.logical_or(
        _ops.less(k, f64(0)),
        _ten.logical_and(_ops.less(us, f64(0.013)), _ops.greater(v, us)))
    safe_k = _ten.maximum(k, f64(0))
    left = _ops.subtract(
        _ops.add(_ops.log(v), log_inverse_alpha),
        _ops.log(_ops.add(_ops.divide(a, _ops.multiply(us, us)), b)))
    right = _ops.subtract(_ops.subtract(_ops.multiply(safe_k, log_mu), mu),
                          _log_factorial(safe_k))
    accepted = _ten.logical_or(squeezed, _ten.logical_and(
        _ten.logical_not(refused), _ops.less_equal(left, right)))
    return safe_k, accepted


@eager
def _poisson(key, lam, shape, dtype, methods=(1, 1)):
    import ten as _ten

    f64 = np.float64
    lam = _ops.broadcast_to(astype(lam, np.float64), shape)
    inversion_key, rejection_key = _split(key, num=2)
    small = _ops.less(lam, f64(_POISSON_SMALL))
    # Each method where some draw takes it (`methods`, from parameters
    # known before the program is compiled).
    count = draws = None
    if methods[0]:
        # Inversion: the count of the first terms of the distribution
        # function that u exceeds (a mean of 10 or more is taken as 0 here,
        # unused).
        mean = _ten.where(small, lam, f64(0))
        u = _open_unit(inversion_key, shape, np.dtype(np.float64),
                       _DRAW_STREAM)
        count = _inversion_count(
            u, _ops.exp(_ops.negative(mean)), _ops.divide(
                mean, _along_first_axis(range(1, _POISSON_TERMS),
                                        len(shape))))
    if methods[1]:
        # Transformed rejection (a mean below 10 is taken as 10 here,
        # unused).
        mu = _ten.maximum(lam, f64(_POISSON_SMALL))
        draws = _rejection_draws(rejection_key, _POISSON_ROUNDS, [mu],
                                 _poisson_candidates, _ten.floor(mu))
    result = _pick_method(small, count, draws)
    # A negative, infinite or NaN mean draws -1, as JAX's.
    valid = _ten.logical_and(_ops.greater_equal(lam, f64(0)),
                             _ten.isfinite(lam))
    return astype(_ten.where(valid, result, f64(-1)), dtype)


def poisson(key, lam, shape=None, dtype=np.int32):
    """Draws of the Poisson distribution of mean `lam` (a number or an
    array, broadcast to `shape`, by default its shape), as integers (JAX's
    default, int32): by inversion below a mean of 10, by transformed
    rejection from 10 on; -1 for a negative, infinite or NaN mean (as
    JAX)."""
    _check_key(key)
    dtype = np.dtype(dtype)
    if dtype.kind not in "iu":
        raise TypeError(f"ten.random.poisson makes integers, not {dtype}")
    lam = _parameter(lam, np.dtype(np.float64), "lam")
    shape = _parameter_shape(shape, lam)
    np.broadcast_shapes(shape, _parameter_shape(None, lam))
    return _poisson(key, lam, shape=shape, dtype=dtype,
                    methods=_methods(lam, _POISSON_SMALL))


# Binomial draws: of the smaller of p and 1 - p (the count of the other
# outcome subtracted from n where p > 1/2); below a mean n p of 10, by
# inversion of the distribution function over its first _BINOMIAL_TERMS
# values (P(X >= 40) < 1e-12 there); from 10 on, by Hormann's transformed
# rejection (BTRS: Journal of Statistical Computation and Simulation
# 46(1-2), 1993), which accepts 71% of its candidates at a mean of 10 and
# more at larger ones (84% at n = 1000, p = 0.3), so that all of
# _BINOMIAL_ROUNDS are rejected with probability below 0.29^18 = 2e-10.
# Both in float64.
_BINOMIAL_SMALL = 10.0
_BINOMIAL_TERMS = 40
_BINOMIAL_ROUNDS = 18


def _binomial_candidates(key, rounds, parameters):
    """`rounds` candidates of BTRS for each n and p of `parameters` (a mean
    of 10 or more, p at most 1/2), along a new first axis, and whether each
    is accepted."""
    import ten as _ten

    f64 = np.float64
    n_large, p_large = parameters
    q_large = _ops.subtract(f64(1), p_large)
    spread = _ops.sqrt(_ops.multiply(_ops.multiply(n_large, p_large),
                                     q_large))
    b = _ops.add(f64(1.15), _ops.multiply(spread, f64(2.53)))
    a = _ops.add(_ops.add(f64(-0.0873), _ops.multiply(b, f64(0.0248))),
                 _ops.multiply(p_large, f64(0.01)))
    c = _ops.add(_ops.multiply(n_large, p_large), f64(0.5))
    v_r = _ops.subtract(f64(0.92), _ops.divide(f64(4.2), b))
    odds = _ops.divide(p_large, q_large)
    log_alpha = _ops.log(_ops.multiply(
        _ops.add(f64(2.83), _ops.divide(f64(5.1), b)), spread))
    mode = _ten.floor(_ops.multiply(_ops.add(n_large, f64(1)), p_large))
    # The terms of the bound that depend on the mode alone.
    mode_terms = _ops.add(
        _ops.multiply(_ops.add(mode, f64(0.5)), _ops.log(_ops.divide(
            _ops.add(mode, f64(1)),
            _ops.multiply(odds, _ops.add(_ops.subtract(n_large, mode),
                                         f64(1)))))),
        _ops.add(_stirling_tail(mode),
                 _stirling_tail(_ops.subtract(n_large, mode))))
    # Every round at once, along a first axis (one program of a round's
    # ops, not one per round).
    us, v, k = _transformed_candidate(
        key, (rounds,) + tuple(n_large.shape), a, b, c)
    squeezed = _ten.logical_and(_ops.greater_equal(us, f64(0.07)),
                                _ops.less_equal(v, v_r))
    inside = _ten.logical_and(_ops.greater_equal(k, f64(0)),
                              _ops.less_equal(k, n_large))
    k = _ten.clip(k, f64(0), n_large)
    left = _ops.add(_ops.log(v), _ops.subtract(log_alpha, _ops.log(
        _ops.add(_ops.divide(a, _ops.multiply(us, us)), b))))
    rest = _ops.add(_ops.subtract(n_large, k), f64(1))
    bound = _ops.add(mode_terms, _ops.add(
        _ops.add(
            _ops.multiply(_ops.add(n_large, f64(1)), _ops.log(_ops.divide(
                _ops.add(_ops.subtract(n_large, mode), f64(1)), rest))),
            _ops.multiply(_ops.add(k, f64(0.5)), _ops.log(_ops.divide(
                _ops.multiply(odds, rest), _ops.add(k, f64(1)))))),
        _ops.negative(_ops.add(_stirling_tail(k), _stirling_tail(
            _ops.subtract(n_large, k))))))
    accepted = _ten.logical_and(inside, _ten.logical_or(
        squeezed, _ops.less_equal(left, bound)))
    return k, accepted


@eager
def _binomial(key, n, p, shape, dtype, methods=(1, 1)):
    import ten as _ten

    f64 = np.float64
    n = _ops.broadcast_to(_ten.floor(astype(n, np.float64)), shape)
    p = _ops.broadcast_to(astype(p, np.float64), shape)
    flipped = _ops.greater(p, f64(0.5))
    p = _ten.where(flipped, _ops.subtract(f64(1), p), p)
    inversion_key, rejection_key = _split(key, num=2)
    mean = _ops.multiply(n, p)
    small = _ops.less(mean, f64(_BINOMIAL_SMALL))
    # Each method where some draw takes it (`methods`, from parameters
    # known before the program is compiled).
    count = draws = None
    if methods[0]:
        # Inversion (a mean of 10 or more is taken as p = 0 here, unused):
        # the count of the first terms of the distribution function that u
        # exceeds; past n the terms are 0.
        p_small = _ten.where(small, p, f64(0))
        ratio = _ops.divide(p_small, _ops.subtract(f64(1), p_small))
        u = _open_unit(inversion_key, shape, np.dtype(np.float64),
                       _DRAW_STREAM)
        ks = _along_first_axis(range(1, _BINOMIAL_TERMS), len(shape))
        trials_left = _ten.maximum(
            _ops.subtract(n, _ops.subtract(ks, f64(1))), f64(0))
        factors = _ops.multiply(ratio, _ops.divide(trials_left, ks))
        count = _inversion_count(
            u, _ops.exp(_ops.multiply(n, _ten.log1p(_ops.negative(p_small)))),
            factors)
        count = _ten.minimum(count, n)
    if methods[1]:
        # Transformed rejection (a mean below 10 is taken as n = 20, p = 1/2
        # here, unused).
        n_large = _ten.where(small, f64(20), n)
        p_large = _ten.where(small, f64(0.5), p)
        draws = _rejection_draws(
            rejection_key, _BINOMIAL_ROUNDS, [n_large, p_large],
            _binomial_candidates,
            _ten.floor(_ops.multiply(n_large, p_large)))
    result = _pick_method(small, count, draws)
    result = _ten.where(flipped, _ops.subtract(n, result), result)
    # JAX's NaN for a negative n or a p outside [0, 1] (or NaN).
    valid = _ten.logical_and(
        _ops.greater_equal(n, f64(0)),
        _ten.logical_and(_ops.greater_equal(p, f64(0)),
                         _ops.less_equal(p, f64(0.5))))
    return astype(_ten.where(valid, result, f64(np.nan)), dtype)


def binomial(key, n, p, shape=None, dtype=None):
    """Draws of the binomial distribution of `n` trials (whole numbers:
    others are rounded down) of success probability `p` (numbers or arrays,
    broadcast to `shape`, by default their shape), as floats (JAX's
    default, float32): by inversion below a mean of 10, by transformed
    rejection from 10 on; NaN for a negative n or a p outside [0, 1] (as
    JAX)."""
    _check_key(key)
    dtype = _float_dtype(dtype, "binomial")
    n = _parameter(n, np.dtype(np.float64), "n")
    p = _parameter(p, np.dtype(np.float64), "p")
    shape = _parameter_shape(shape, n, p)
    np.broadcast_shapes(shape, _parameter_shape(None, n, p))
    if isinstance(n, Tensor) or isinstance(p, Tensor):
        methods = (1, 1)
    else:
        with np.errstate(invalid="ignore"):
            methods = _methods(np.floor(n) * np.minimum(p, 1 - p),
                               _BINOMIAL_SMALL)
    return _binomial(key, n, p, shape=shape, dtype=dtype, methods=methods)


@eager
def _multinomial(key, n, p, shape, dtype):
    import ten as _ten

    f64 = np.float64
    outcomes = p.shape[-1]
    levels = max(outcomes - 1, 0).bit_length()
    leaves = 1 << levels
    p = _ten.clip(_ops.broadcast_to(astype(p, f64), shape + (outcomes,)),
                  f64(0), None)
    if leaves > outcomes:
        p = _ten.concatenate(
            [p, _ops.broadcast_to(f64(0), shape + (leaves - outcomes,))],
            axis=-1)
    counts = _ops.reshape(
        _ops.broadcast_to(_ten.floor(astype(n, f64)), shape), shape + (1,))
    keys = _split(key, num=max(levels, 1))
    for level in range(levels):
        nodes = 1 << level
        # Each node's probability and its first half's.
        halves = _ten.sum(_ops.reshape(
            p, shape + (nodes, 2, leaves // (2 * nodes))), axis=-1)
        first = halves[..., 0]
        whole = _ten.sum(halves, axis=-1)
        share = _ten.clip(_ops.divide(
            first, _ten.where(_ops.equal(whole, f64(0)), f64(1), whole)),
            f64(0), f64(1))
        drawn = _binomial(keys[level], counts, share, shape=shape + (nodes,),
                          dtype=np.dtype(f64))
        counts = _ops.reshape(
            _ten.stack([drawn, _ops.subtract(counts, drawn)], axis=-1),
            shape + (2 * nodes,))
    if leaves > outcomes:
        counts = counts[..., :outcomes]
    return astype(counts, dtype)


def multinomial(key, n, p, *, shape=None, dtype=None, unroll=1):
    """Counts of `n` trials (a number or an array broadcast to the batch
    shape; whole numbers: others are rounded down) over the outcomes of
    probabilities `p` (its last axis; numbers that need not sum to 1, as
    JAX's, and negative ones taken as 0), as floats (JAX's default,
    float32), of shape `shape` (JAX's: p broadcasts to it, the outcomes
    its last axis), by default p.shape. The
    outcomes are halved, recursively: the first half's count is a binomial
    draw of its node's count with that half's share of the node's
    probability, every split of a level in one draw, so that k outcomes take
    ceil(log2 k) binomial draws, not k. `unroll` (the unrolling of JAX's
    scan over the outcomes) changes nothing here."""
    _check_key(key)
    operator.index(unroll)
    dtype = _float_dtype(dtype, "multinomial")
    n = _parameter(n, np.dtype(np.float64), "n")
    p = _parameter(p, np.dtype(np.float64), "p")
    p_shape = _parameter_shape(None, p)
    batch = _outcomes_batch("multinomial", "p", p_shape, None)
    if shape is not None:
        shape = _shape(shape)
        if len(shape) < len(p_shape) or np.broadcast_shapes(
                p_shape, shape) != shape:
            raise ValueError(f"ten.random.multinomial: p of shape {p_shape} "
                             f"does not broadcast to the shape {shape}")
        batch = shape[:-1]
        if p_shape[-1] != shape[-1]:
            # One probability for every outcome.
            outcomes = p_shape[:-1] + shape[-1:]
            p = _ops.broadcast_to(p, outcomes) if isinstance(
                p, Tensor) else np.broadcast_to(p, outcomes)
    np.broadcast_shapes(batch, _parameter_shape(None, n))
    return _multinomial(key, n, p, shape=batch, dtype=dtype)


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
