"""Functions on the bits of numbers (ten/_bits.py, from ten.bitcast) against
NumPy's, bit for bit: ndarray.view between dtypes, signbit and copysign,
frexp, ldexp, nextafter and spacing, for every float dtype (ml_dtypes'
bfloat16 and float8 types included), eagerly on NumPy arrays and traced
through NumPy's own functions inside @ten.jit; NumPy's errors."""

import warnings

import ml_dtypes
import numpy as np
import pytest

import ten

BF16 = np.dtype(ml_dtypes.bfloat16)
E4M3 = np.dtype(ml_dtypes.float8_e4m3fn)
E5M2 = np.dtype(ml_dtypes.float8_e5m2)
FLOATS = [np.dtype(np.float16), BF16, np.dtype(np.float32),
          np.dtype(np.float64), E4M3, E5M2]
UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


def _numpy(function, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return function(*args)


def assert_same_bits(got, want):
    """`got` has `want`'s dtype, shape and bits (any NaN for a NaN)."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    assert got.shape == want.shape, (got.shape, want.shape)
    if want.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want)
        return
    if want.dtype.kind == "c":
        assert_same_bits(got.real, want.real)
        assert_same_bits(got.imag, want.imag)
        return
    nan = np.isnan(want.astype(np.float64))
    np.testing.assert_array_equal(np.isnan(got.astype(np.float64)), nan)
    bits = UNSIGNED[want.dtype.itemsize]
    np.testing.assert_array_equal(got.view(bits)[~nan], want.view(bits)[~nan])


def _special(dtype):
    """Zeros, infinities (where the format has them), NaN, the smallest
    and largest numbers, subnormals and ordinary ones of either sign."""
    info = ml_dtypes.finfo(dtype)
    values = [0.0, -0.0, np.inf, -np.inf, np.nan, float(info.max),
              -float(info.max), float(info.tiny), -float(info.tiny),
              float(info.smallest_subnormal), -float(info.smallest_subnormal),
              3 * float(info.smallest_subnormal), 1.0, -1.0, 0.5, 1.5, -2.75,
              0.1, 3.0, 1000.0, -1e-3]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.array(values, np.float64).astype(dtype)


def _both(function, *args):
    """`function` (NumPy code) traced by ten.jit."""
    return ten.jit(function)(*args)


# ---------------------------------------------------------------------------
# ndarray.view
# ---------------------------------------------------------------------------

SAME_SIZE = [
    (np.float32, np.int32), (np.float32, np.uint32), (np.float64, np.int64),
    (np.float64, np.complex64), (np.float16, np.int16), (np.float16, BF16),
    (BF16, np.uint16), (E4M3, np.uint8), (E4M3, E5M2), (np.uint8, E4M3),
    (np.bool_, np.uint8), (np.bool_, np.int8), (np.complex64, np.int64),
    (np.complex64, np.float64), (np.int8, np.uint8), (np.uint64, np.int64),
    (np.int16, np.float16),
]


def _sample(dtype, shape, rng):
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype,
                            endpoint=True)
    if dtype.kind == "c":
        return (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(
            dtype)
    return (rng.normal(size=shape) * 100).astype(dtype)


@pytest.mark.parametrize("pair", SAME_SIZE, ids=lambda p: f"{np.dtype(p[0])}-{np.dtype(p[1])}")
def test_view_same_item_size(pair):
    source, target = pair
    rng = np.random.default_rng(1)
    x = _sample(source, (3, 4), rng)
    if np.dtype(target) in (E4M3, E5M2, BF16, np.dtype(np.float16)) and \
            np.dtype(source).kind in "iu":
        x = x & 0x3f if x.dtype.itemsize == 1 else x & 0x3fff  # no NaN
    got = _both(lambda a: a.view(target), x)
    assert_same_bits(got, x.view(target))


@pytest.mark.parametrize("source, target, shape", [
    (np.float32, np.uint8, (3, 4)), (np.float32, np.int16, (3, 4)),
    (np.float32, np.float64, (3, 4)), (np.float32, np.complex64, (3, 4)),
    (np.float32, np.complex128, (3, 4)), (np.uint8, np.float32, (2, 16)),
    (np.uint8, np.complex128, (2, 16)), (np.complex128, np.float32, (2, 3)),
    (np.complex128, np.uint8, (2, 3)), (np.complex128, np.int64, (2, 3)),
    (np.complex128, np.complex64, (5,)), (np.bool_, np.int64, (2, 8)),
    (np.int16, np.uint64, (4, 4, 8)), (np.float64, BF16, (3, 2)),
], ids=str)
def test_view_changes_the_last_axis(source, target, shape):
    rng = np.random.default_rng(2)
    x = _sample(source, shape, rng)
    if np.dtype(source).kind in "iub" and np.dtype(target).kind in "fc":
        # Bits that read as ordinary numbers: small exponents.
        x = np.zeros(shape, source)
        x.view(np.uint8)[...] = rng.integers(0, 0x3f, size=x.nbytes).reshape(
            x.view(np.uint8).shape)
    assert_same_bits(_both(lambda a: a.view(target), x), x.view(target))


def test_view_round_trip_keeps_every_bit():
    """Float bits through bytes and back: NaN payloads and signs kept."""
    x = np.array([np.nan, -np.nan, -0.0, np.inf, 1e-310, -3.5])
    x.view(np.uint64)[0] |= 0x5  # a payload
    got = _both(lambda a: a.view(np.uint8).view(np.float64), x)
    np.testing.assert_array_equal(got.view(np.uint64), x.view(np.uint64))


def test_view_errors():
    with pytest.raises(ValueError, match="0d array"):
        _both(lambda a: a.view(np.uint8), np.float32(1.5))
    with pytest.raises(ValueError, match="divisor of the total size"):
        _both(lambda a: a.view(np.float64), np.zeros((2, 3), np.float32))
    with pytest.raises(TypeError):
        _both(lambda a: a.view(np.str_), np.zeros(3, np.float32))


def test_view_without_a_dtype():
    x = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(_both(lambda a: a.view(), x), x)
    np.testing.assert_array_equal(_both(lambda a: a.view(np.ndarray), x), x)
    assert_same_bits(_both(lambda a: a.view(np.float32).view(np.float32),
                           x.astype(np.float32)), x.astype(np.float32))


# ---------------------------------------------------------------------------
# Signs
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_signbit_and_copysign_see_the_sign_of_nan(dtype):
    x = _special(dtype)
    negative_nan = np.array([-np.nan], np.float64).astype(dtype)
    x = np.concatenate([x, negative_nan])
    np.testing.assert_array_equal(ten.signbit(x), np.signbit(x))
    np.testing.assert_array_equal(_both(np.signbit, x), np.signbit(x))
    y = np.roll(x, 3)
    assert_same_bits(ten.copysign(x, y), _numpy(np.copysign, x, y))
    assert_same_bits(_both(np.copysign, x, y), _numpy(np.copysign, x, y))
    # The sign of NaN in either operand, as NumPy's.
    assert np.signbit(ten.copysign(np.float64(1.0), -np.nan))
    assert np.signbit(ten.copysign(np.float64(np.nan), -1.0))


def test_signbit_and_copysign_dtypes():
    for x in (np.array([-3, 0, 2], np.int8), np.array([True, False]),
              np.array([5, 0], np.uint32)):
        np.testing.assert_array_equal(ten.signbit(x), np.signbit(x))
        assert_same_bits(ten.copysign(x, -1), _numpy(np.copysign, x, -1))
    with pytest.raises(TypeError):
        ten.signbit(np.array([1j]))


# ---------------------------------------------------------------------------
# Exponents
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_frexp(dtype):
    x = _special(dtype)
    want = _numpy(np.frexp, x)
    for got in (ten.frexp(x), _both(np.frexp, x)):
        assert_same_bits(got[0], want[0])
        assert_same_bits(got[1], want[1])


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.uint16, np.bool_],
                         ids=str)
def test_frexp_of_integers(dtype):
    x = np.array([0, 1, 3, 100, 127], np.int64).astype(dtype)
    want = np.frexp(x)
    got = ten.frexp(x)
    assert_same_bits(got[0], want[0])
    assert_same_bits(got[1], want[1])


EXPONENTS = np.array([-2200, -1100, -1075, -1074, -1073, -1060, -1023, -1022,
                      -200, -140, -30, -1, 0, 1, 2, 30, 127, 128, 1000, 1023,
                      1024, 2100], np.int64)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
@pytest.mark.parametrize("exponent_dtype", [np.int32, np.int64], ids=str)
def test_ldexp(dtype, exponent_dtype):
    x = _special(dtype)[:, None]
    n = EXPONENTS.astype(exponent_dtype)[None, :]
    want = _numpy(np.ldexp, x, n)
    assert_same_bits(ten.ldexp(x, n), want)
    assert_same_bits(_both(np.ldexp, x, n), want)


def test_ldexp_rounds_once_into_subnormals():
    # 1.5 * 2**-1074 is a tie between 2**-1074 and 2**-1073: to even.
    x = np.array([1.5, 2.5, 1.25, 1.75, 3.0, 1 + 2**-52, 0.75])
    for n in (-1074, -1073, -1070, -1060):
        want = np.ldexp(x, n)
        assert_same_bits(ten.ldexp(x, np.int32(n)), want)
    x32 = np.array([1.5, 2.5, 1.75, 1 + 2**-23], np.float32)
    for n in (-149, -148, -140, -127):
        assert_same_bits(ten.ldexp(x32, n), np.ldexp(x32, n))


def test_ldexp_dtypes_and_errors():
    n = np.array([3, -2], np.int16)
    for x in (np.array([3, 5], np.int8), np.array([3, 5], np.int64),
              np.array([True, False])):
        assert_same_bits(ten.ldexp(x, n), np.ldexp(x, n))
    with pytest.raises(TypeError):
        ten.ldexp(np.ones(2), np.ones(2))
    with pytest.raises(TypeError):
        ten.ldexp(np.ones(2), np.array([1, 2], np.uint64))


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_nextafter(dtype):
    x = _special(dtype)
    xx, yy = np.meshgrid(x, x)
    want = _numpy(np.nextafter, xx, yy)
    assert_same_bits(ten.nextafter(xx, yy), want)
    assert_same_bits(_both(np.nextafter, xx, yy), want)


def test_nextafter_dtypes():
    assert_same_bits(ten.nextafter(np.float32(1), np.float64(2)),
                     np.nextafter(np.float32(1), np.float64(2)))
    assert_same_bits(ten.nextafter(np.int8(1), np.int8(2)),
                     np.nextafter(np.int8(1), np.int8(2)))
    assert_same_bits(ten.nextafter(np.array([0.0, -0.0]), 0.0),
                     np.nextafter(np.array([0.0, -0.0]), 0.0))
    with pytest.raises(TypeError):
        ten.nextafter(np.array([1j]), 1)


@pytest.mark.parametrize("dtype", FLOATS, ids=str)
def test_spacing(dtype):
    x = _special(dtype)
    want = _numpy(np.spacing, x)
    assert_same_bits(ten.spacing(x), want)
    assert_same_bits(_both(np.spacing, x), want)


def test_spacing_of_integers():
    for dtype in (np.int8, np.int16, np.int64, np.bool_):
        x = np.array([0, 1, 3], dtype)
        assert_same_bits(ten.spacing(x), np.spacing(x))


# ---------------------------------------------------------------------------
# packbits, unpackbits
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_packbits(bitorder, axis):
    rng = np.random.default_rng(3)
    for a in (rng.integers(0, 2, size=(3, 13)).astype(np.bool_),
              rng.integers(-3, 3, size=(3, 16)).astype(np.int32),
              rng.integers(0, 2, size=(3, 8)).astype(np.uint64)):
        want = np.packbits(a, axis=axis, bitorder=bitorder)
        assert_same_bits(ten.packbits(a, axis=axis, bitorder=bitorder), want)
        assert_same_bits(
            _both(lambda x: np.packbits(x, axis=axis, bitorder=bitorder), a),
            want)


@pytest.mark.parametrize("bitorder", ["big", "little"])
@pytest.mark.parametrize("axis", [None, 0, -1])
@pytest.mark.parametrize("count", [None, 0, 5, 8, 11, 40, -3, -8])
def test_unpackbits(bitorder, axis, count):
    a = np.random.default_rng(4).integers(0, 256, size=(2, 3)).astype(
        np.uint8)
    want = np.unpackbits(a, axis=axis, count=count, bitorder=bitorder)
    assert_same_bits(
        ten.unpackbits(a, axis=axis, count=count, bitorder=bitorder), want)
    assert_same_bits(
        _both(lambda x: np.unpackbits(x, axis=axis, count=count,
                                      bitorder=bitorder), a), want)
    assert_same_bits(ten.packbits(want, axis=axis, bitorder=bitorder),
                     np.packbits(want, axis=axis, bitorder=bitorder))


def test_packbits_edges_and_errors():
    for a in (np.array(5), np.array([], np.int64), np.zeros((2, 0), bool)):
        assert_same_bits(ten.packbits(a), np.packbits(a))
    assert_same_bits(ten.packbits(np.array(5), axis=0),
                     np.packbits(np.array(5), axis=0))
    assert_same_bits(ten.unpackbits(np.array(3, np.uint8)),
                     np.unpackbits(np.array(3, np.uint8)))
    with pytest.raises(TypeError, match="integer or boolean"):
        ten.packbits(np.array([1.5]))
    with pytest.raises(TypeError, match="unsigned byte"):
        ten.unpackbits(np.array([1], np.int8))
    with pytest.raises(ValueError, match="'order' must be"):
        ten.packbits(np.array([1]), bitorder="middle")
    with pytest.raises(np.exceptions.AxisError):
        ten.packbits(np.array([1]), axis=2)
    with pytest.raises(ValueError, match="-count larger"):
        ten.unpackbits(np.array([3], np.uint8), count=-10)


def test_view_of_0d_and_empty_arrays():
    scalar = np.float32(-1.5)
    assert_same_bits(_both(lambda a: a.view(np.int32), scalar),
                     np.asarray(scalar).view(np.int32))
    empty = np.zeros((0, 3), np.float32)
    for dtype in (np.uint32, np.uint8, np.complex128):
        if dtype == np.complex128:
            empty = np.zeros((0, 4), np.float32)
        assert_same_bits(_both(lambda a: a.view(dtype), empty),
                         empty.view(dtype))
