"""Functions on the bits of numbers, written from ten.bitcast: ndarray.view
between dtypes, signbit and copysign (which see the sign of NaN too), frexp,
ldexp, nextafter and spacing; and packbits and unpackbits, from shifts.
Each has NumPy's semantics and result dtypes;
the float types are IEEE 754 binary formats (and ml_dtypes' bfloat16 and
float8 types, in the same layout), stored little-endian."""

import builtins

import numpy as np

from ._jit import eager
from ._math import logical_and, logical_not, logical_or, logical_xor
from ._trace import Tensor
from . import _dtypes, _ops
from ._ops import _as_tensor, _graph_of, _kind, _lift, _proxy, _ufunc_dtype

_UNSIGNED = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16),
             4: np.dtype(np.uint32), 8: np.dtype(np.uint64)}


def bitcast(x, dtype):
    """The bits of each element of the traced `x` read as `dtype`, of the
    same item size (ten.bitcast)."""
    dtype = np.dtype(dtype)
    if x.dtype == dtype:
        return x
    return x.graph.apply("bitcast", x.value, _dtypes.code_of(dtype))


def _bits(x):
    """The bits of the floats `x` as unsigned integers of their width."""
    return bitcast(x, _UNSIGNED[x.dtype.itemsize])


class _Format:
    """The fields of a float dtype: `mantissa` bits (stored), `exponent`
    bits and the exponent's bias, and the unsigned dtype of its width."""

    def __init__(self, dtype):
        info = _dtypes.finfo(dtype)
        self.dtype = np.dtype(dtype)
        self.unsigned = _UNSIGNED[self.dtype.itemsize]
        self.mantissa = int(info.nmant)
        self.exponent = int(info.nexp)
        self.bias = 2 ** (self.exponent - 1) - 1
        self.sign_mask = 1 << (8 * self.dtype.itemsize - 1)
        self.magnitude_mask = self.sign_mask - 1
        self.exponent_mask = (2 ** self.exponent - 1) << self.mantissa
        self.fraction_mask = (1 << self.mantissa) - 1

    def constant(self, graph, value):
        return _lift(graph, value, self.unsigned)


# ---------------------------------------------------------------------------
# ndarray.view
# ---------------------------------------------------------------------------


def _split(graph, units, parts):
    """The unsigned `units` (..., n), each cut into `parts` narrower unsigned
    units, the low bits first (little-endian): (..., n * parts)."""
    width = units.dtype.itemsize * 8 // parts
    narrow = _UNSIGNED[width // 8]
    shifts = graph.constant(np.arange(parts, dtype=units.dtype) * width)
    pieces = _ops.right_shift(_ops.reshape(units, units.shape + (1,)), shifts)
    pieces = _ops.astype(pieces, narrow)  # keeps the low bits
    return _ops.reshape(pieces, units.shape[:-1] + (units.shape[-1] * parts,))


def _join(graph, units, parts):
    """The unsigned `units` (..., n), each `parts` of them joined into one
    wider unsigned unit, the first the lowest: (..., n // parts)."""
    width = units.dtype.itemsize * 8
    wide = _UNSIGNED[units.dtype.itemsize * parts]
    grouped = _ops.reshape(units,
                           units.shape[:-1] + (units.shape[-1] // parts, parts))
    shifts = graph.constant(np.arange(parts, dtype=wide) * width)
    pieces = _ops.left_shift(_ops.astype(grouped, wide), shifts)
    # The pieces' bits do not overlap: their sum is their bitwise or.
    return _ops.sum(pieces, axis=-1, dtype=wide)


def _to_units(graph, x, size):
    """The bytes of `x` as unsigned integers of `size` bytes (at most its
    item size), along a last axis that grows to hold them."""
    if x.dtype == np.complex128:
        # No 128-bit integers: the parts' bits side by side.
        parts = [_bits(_ops.real(x)), _bits(_ops.imag(x))]
        from ._joins import stack

        pairs = stack(parts, axis=-1)
        x = _ops.reshape(pairs, x.shape[:-1] + (x.shape[-1] * 2,))
    units = bitcast(x, _UNSIGNED[x.dtype.itemsize])
    if units.dtype.itemsize > size:
        units = _split(graph, units, units.dtype.itemsize // size)
    return units


def _from_units(graph, units, dtype):
    """The unsigned `units` read as elements of `dtype`, along a last axis
    that shrinks to hold them."""
    size = min(dtype.itemsize, 8)
    if size > units.dtype.itemsize:
        units = _join(graph, units, size // units.dtype.itemsize)
    if dtype != np.complex128:
        return bitcast(units, dtype)
    parts = _ops.reshape(bitcast(units, np.float64),
                         units.shape[:-1] + (units.shape[-1] // 2, 2))
    from ._gather import take

    real, imag = take(parts, 0, axis=-1), take(parts, 1, axis=-1)
    return graph.apply("complex", real.value, imag.value)


def view(x, dtype=None, type=None):
    """ndarray.view of a traced value: its bytes read as `dtype`. Of one
    item size, element by element; otherwise the last axis changes length
    (it holds the same bytes), as NumPy's view of a C-contiguous array.
    Without a dtype (or with an ndarray class), `x` itself, so that
    in-place updates of either show in the other, as in NumPy; a view as
    another dtype is a new value, which later in-place updates of `x` leave
    as it was."""
    if dtype is None or (isinstance(dtype, builtins.type)
                         and issubclass(dtype, np.ndarray)):
        return x
    dtype = np.dtype(dtype)
    _dtypes.code_of(dtype)  # a TypeError for dtypes ten does not have
    if x.dtype.itemsize == dtype.itemsize and dtype != np.complex128:
        return bitcast(x, dtype)
    if x.dtype.itemsize == dtype.itemsize:  # complex128 to complex128
        return x
    if x.ndim == 0:
        raise ValueError("Changing the dtype of a 0d array is only supported "
                         "if the itemsize is unchanged")
    size = x.shape[-1] * x.dtype.itemsize
    if size % dtype.itemsize:
        raise ValueError("When changing to a larger dtype, its size must be a "
                         "divisor of the total size in bytes of the last axis "
                         "of the array.")
    graph = x.graph
    unit = min(x.dtype.itemsize, dtype.itemsize, 8)
    return _from_units(graph, _to_units(graph, x, unit), dtype)


Tensor.view = view


# ---------------------------------------------------------------------------
# Counting bits
# ---------------------------------------------------------------------------


@eager
def bitwise_count(x):
    """NumPy 2's bitwise_count: the number of 1 bits of each integer's
    absolute value (of a boolean, 0 or 1), as uint8: the bits summed in
    ever wider fields (shifts, masks and additions)."""
    x = _as_tensor(_graph_of(x), x)
    dtype = np.dtype(x.dtype)
    if dtype.kind == "b":
        return _ops.astype(x, np.uint8)
    if dtype.kind not in "iu":
        raise TypeError("ufunc 'bitwise_count' not supported for the input "
                        "types, and the inputs could not be safely coerced "
                        "to any supported types according to the casting "
                        "rule ''safe''")
    unsigned = np.dtype(f"u{dtype.itemsize}")
    if dtype.kind == "i":
        # |x| as unsigned: the most negative value's magnitude is its bits.
        x = _ops.abs(x)
    bits = _ops.astype(x, unsigned)
    width = dtype.itemsize * 8
    pattern = unsigned.type
    for shift, mask in ((1, 0x55), (2, 0x33), (4, 0x0F)):
        repeated = pattern(int.from_bytes(bytes([mask]) * dtype.itemsize,
                                          "little"))
        low = _ops.bitwise_and(bits, repeated)
        high = _ops.bitwise_and(_ops.right_shift(bits, pattern(shift)),
                                repeated)
        bits = _ops.add(low, high)
    # Each byte now holds its count: add the bytes.
    total = _ops.bitwise_and(bits, pattern(0xFF))
    for byte in range(1, width // 8):
        total = _ops.add(total, _ops.bitwise_and(
            _ops.right_shift(bits, pattern(8 * byte)), pattern(0xFF)))
    return _ops.astype(total, np.uint8)


# ---------------------------------------------------------------------------
# Signs
# ---------------------------------------------------------------------------


@eager
def signbit(x):
    """Whether the sign bit is set: numbers below zero, -0.0, and NaN with
    its sign bit set."""
    x = _as_tensor(_graph_of(x), x)
    _ufunc_dtype(np.signbit, (x.dtype,))  # NumPy's TypeError for complex
    if not _dtypes.is_float(x.dtype):
        return _ops.less(x, 0)
    sign = _Format(x.dtype).sign_mask
    return _ops.not_equal(_ops.bitwise_and(_bits(x), sign), 0)


@eager
def copysign(x1, x2):
    """The magnitude of `x1` with the sign bit of `x2` (of -0.0 and of NaN
    too)."""
    graph = _graph_of(x1, x2)
    dtype = _ufunc_dtype(np.copysign, (_kind(x1), _kind(x2)))
    x, y = _lift(graph, x1, dtype), _lift(graph, x2, dtype)
    form = _Format(dtype)
    magnitude = _ops.bitwise_and(_bits(x), form.magnitude_mask)
    sign = _ops.bitwise_and(_bits(y), form.sign_mask)
    return bitcast(_ops.bitwise_or(magnitude, sign), dtype)


# ---------------------------------------------------------------------------
# Exponents
# ---------------------------------------------------------------------------


@eager
def frexp(x):
    """The mantissa (of magnitude in [0.5, 1)) and the int32 exponent of
    each element: x == mantissa * 2**exponent. Of 0, infinities and NaN,
    the element itself and 0."""
    graph = _graph_of(x)
    dtype = _first_result_dtype(np.frexp, _kind(x))
    x = _lift(graph, x, dtype)
    # The narrower floats in float32, which holds their values exactly.
    wide = _ops.astype(x, np.float64 if dtype == np.float64 else np.float32)
    form = _Format(wide.dtype)
    # Subnormals scaled into the normal range first.
    scale = 64
    subnormal = logical_and(
        _ops.less(_ops.abs(wide), float(_dtypes.finfo(wide.dtype).tiny)),
        _ops.not_equal(wide, 0))
    scaled = _ops.where(subnormal, _ops.multiply(wide, 2.0 ** scale), wide)
    bits = _bits(scaled)
    field = _ops.right_shift(_ops.bitwise_and(bits, form.exponent_mask),
                             form.mantissa)
    exponent = _ops.subtract(_ops.astype(field, np.int32), form.bias - 1)
    exponent = _ops.where(subnormal, _ops.subtract(exponent, scale), exponent)
    # The exponent field of 0.5: the mantissa in [0.5, 1).
    half = (form.bias - 1) << form.mantissa
    sign_and_fraction = form.sign_mask | form.fraction_mask
    mantissa = bitcast(
        _ops.bitwise_or(_ops.bitwise_and(bits, sign_and_fraction), half),
        wide.dtype)
    special = logical_or(_ops.equal(wide, 0),
                         logical_not(_ops.isfinite(wide)))
    mantissa = _ops.where(special, wide, mantissa)
    exponent = _ops.where(special, np.int32(0), exponent)
    return _ops.astype(mantissa, dtype), _ops.astype(exponent, np.int32)


def _first_result_dtype(ufunc, *kinds):
    """The dtype of the first result of NumPy's `ufunc` for operands of
    `kinds` (its TypeError where it has no loop for them)."""
    with np.errstate(all="ignore"):
        return np.asarray(ufunc(*[_proxy(kind) for kind in kinds])[0]).dtype


def _power_of_two(exponent):
    """2.0**exponent as float64, for int64 `exponent` in [-1022, 1023]
    (normal numbers: the exponent field alone)."""
    field = _ops.add(exponent, 1023)
    return bitcast(_ops.left_shift(_ops.astype(field, np.uint64), 52),
                   np.float64)


def _scale_float64(x, exponent):
    """x * 2.0**exponent for float64 `x`, rounded once: the exponent taken
    in steps that keep each product exact (C's scalbn does the same), the
    last step no lower than 2**-1022, so that only it rounds."""
    for _ in range(2):
        high = _ops.greater(exponent, 1023)
        x = _ops.where(high, _ops.multiply(x, 2.0**1023), x)
        exponent = _ops.where(high, _ops.subtract(exponent, 1023), exponent)
    for _ in range(2):
        # 2**-969: a subnormal result is left to the last product.
        low = _ops.less(exponent, -1022)
        x = _ops.where(low, _ops.multiply(x, 2.0**-969), x)
        exponent = _ops.where(low, _ops.add(exponent, 969), exponent)
    exponent = _ops.minimum(_ops.maximum(exponent, -1022), 1023)
    return _ops.multiply(x, _power_of_two(exponent))


@eager
def ldexp(x1, x2):
    """x1 * 2**x2 for integer `x2`, rounded once to `x1`'s float dtype."""
    graph = _graph_of(x1, x2)
    dtype = _ufunc_dtype(np.ldexp, (_kind(x1), _kind(x2)))
    x = _lift(graph, x1, dtype)
    exponent = _lift(graph, x2, np.dtype(np.int64))
    if dtype == np.float64:
        return _scale_float64(x, exponent)
    # The narrower floats' products are exact in float64 (their exponents
    # lie far inside its range, beyond which the result is 0 or infinite
    # whatever the exponent): one product, one rounding.
    exponent = _ops.minimum(_ops.maximum(exponent, -1022), 1023)
    wide = _ops.multiply(_ops.astype(x, np.float64), _power_of_two(exponent))
    return _ops.astype(wide, dtype)


@eager
def nextafter(x1, x2):
    """The next float after `x1` toward `x2` (`x2` where they are equal,
    NaN where either is)."""
    graph = _graph_of(x1, x2)
    dtype = _ufunc_dtype(np.nextafter, (_kind(x1), _kind(x2)))
    x, y = _lift(graph, x1, dtype), _lift(graph, x2, dtype)
    form = _Format(dtype)
    bits = _bits(x)
    # Floats order as their sign and magnitude: a step toward y adds one to
    # the magnitude's bits where it moves away from zero.
    away = logical_xor(_ops.less(x, y), _ops.less(x, 0))
    result = bitcast(_ops.where(away, _ops.add(bits, 1),
                                _ops.subtract(bits, 1)), dtype)
    # From zero, the smallest subnormal of y's sign.
    smallest = _ops.where(_ops.less(y, 0),
                          form.constant(graph, form.sign_mask | 1),
                          form.constant(graph, 1))
    result = _ops.where(_ops.equal(x, 0), bitcast(smallest, dtype), result)
    # Equal: y, as C's nextafter; NumPy's own float16 function gives x (of
    # 0.0 and -0.0 they differ).
    result = _ops.where(_ops.equal(x, y), x if dtype == np.float16 else y,
                        result)
    return _ops.where(logical_or(_ops.isnan(x), _ops.isnan(y)),
                      _ops.add(x, y), result)


@eager
def spacing(x):
    """The distance from `x` to the next float, NaN at infinities and NaN,
    in each library's convention: NumPy's float32 and float64 step away from
    zero and keep `x`'s sign (of -0.0, the smallest subnormal); its float16
    steps toward +infinity (so below -1, half the step above 1) and is
    never negative; ml_dtypes' bfloat16 and float8 step away from zero and
    keep the sign of -0.0 too."""
    graph = _graph_of(x)
    dtype = _ufunc_dtype(np.spacing, (_kind(x),))
    x = _lift(graph, x, dtype)
    form = _Format(dtype)
    if dtype == np.float16:
        following = nextafter(x, _lift(graph, np.inf, dtype))
    else:
        following = bitcast(_ops.add(_bits(x), 1), dtype)
    result = _ops.subtract(following, x)
    if dtype in (np.float32, np.float64):
        smallest = bitcast(form.constant(graph, 1), dtype)
        result = _ops.where(_ops.equal(x, 0), smallest, result)
    return _ops.where(_ops.isfinite(x), result,
                      _lift(graph, np.nan, dtype))


# ---------------------------------------------------------------------------
# Bits as bytes
# ---------------------------------------------------------------------------


def _bit_positions(bitorder):
    """The position of each bit of a byte, in the order they are listed."""
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")
    positions = np.arange(8, dtype=np.uint8)
    return positions[::-1] if bitorder == "big" else positions


def _along_last(a, axis):
    """`a` with `axis` last (flattened where `axis` is None; a 0-d array as
    one of one element, as NumPy takes it), and the function that puts a
    result's last axis back."""
    from ._layout import moveaxis

    if axis is None or a.ndim == 0:
        return _ops.reshape(a, (-1,)), lambda result: result
    axis = _ops._normalize_axis(axis, a.ndim)
    return moveaxis(a, axis, -1), lambda result: moveaxis(result, -1, axis)


@eager
def packbits(a, axis=None, bitorder="big"):
    """The elements of `a` as bits (non-zero is 1), eight to a uint8, along
    `axis` (of the flattened array by default), the first the most
    significant (`bitorder="big"`) or the least; the last byte padded with
    zeros."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.dtype.kind not in "biu":
        raise TypeError("Expected an input array of integer or boolean data "
                        "type")
    weights = graph.constant(np.uint8(1) << _bit_positions(bitorder))
    bits, restore = _along_last(a, axis)
    length = bits.shape[-1]
    padding = -length % 8
    bits = _ops.astype(_ops.not_equal(bits, 0), np.uint8)
    if padding:
        from ._joins import pad

        bits = pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, padding)])
    grouped = _ops.reshape(bits, bits.shape[:-1] + ((length + padding) // 8,
                                                    8))
    packed = _ops.sum(_ops.multiply(grouped, weights), axis=-1,
                      dtype=np.uint8)
    return restore(packed)


@eager
def unpackbits(a, axis=None, count=None, bitorder="big"):
    """Each uint8 of `a` as its eight bits (0 or 1, uint8), along `axis`
    (of the flattened array by default), the most significant first
    (`bitorder="big"`) or the least; the first `count` of them (zeros
    after the last byte's where `count` is larger, the last -`count`
    dropped where it is negative)."""
    graph = _graph_of(a)
    a = _as_tensor(graph, a)
    if a.dtype != np.uint8:
        raise TypeError("Expected an input array of unsigned byte data type")
    shifts = graph.constant(_bit_positions(bitorder))
    bytes_, restore = _along_last(a, axis)
    bits = _ops.bitwise_and(
        _ops.right_shift(_ops.reshape(bytes_, bytes_.shape + (1,)), shifts),
        1)
    length = bytes_.shape[-1] * 8
    bits = _ops.reshape(bits, bytes_.shape[:-1] + (length,))
    if count is not None:
        count = int(count)
        if count < 0:
            if -count > length:
                raise ValueError("-count larger than number of elements")
            count += length
        if count <= length:
            bits = bits[..., :count]
        else:
            from ._joins import pad

            bits = pad(bits, [(0, 0)] * (bits.ndim - 1) + [(0, count - length)])
    return restore(bits)
