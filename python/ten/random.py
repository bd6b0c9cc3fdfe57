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
"""

import operator

import numpy as np

from . import _dtypes
from ._jit import eager
from ._ops import _graph_of, astype
from ._trace import Tensor
from . import _ops

__all__ = ["key", "split", "uniform", "normal", "randint", "bernoulli", "bits"]

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


def bits(key, shape=(), dtype=np.uint32):
    """Random bits: uint32 or uint64 numbers, every value equally likely."""
    _check_key(key)
    dtype = np.dtype(dtype)
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
    dtype = np.dtype(dtype)
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


def uniform(key, shape=(), dtype=np.float32, low=0.0, high=1.0):
    """Numbers drawn uniformly from [low, high)."""
    _check_key(key)
    dtype = _float_dtype(dtype, "uniform")
    return _uniform(key, shape=_shape(shape), dtype=dtype, low=float(low),
                    high=float(high))


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


def randint(key, shape, low, high=None, dtype=np.int64):
    """Integers drawn uniformly from [low, high) (from [0, low) when `high`
    is None, as NumPy's randint)."""
    _check_key(key)
    dtype = np.dtype(dtype)
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
