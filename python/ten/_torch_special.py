"""The torch backend's converters of PyTorch's special functions that
neither NumPy nor ten has: lgamma, digamma and erfinv, composed of ten's
elementwise functions in float64 (a float32 input's result rounds once) and
PyTorch's values at poles, infinities and the ends of the domain.
(erfc is the dialect's ten.erfc, in torch_backend's table.)

- lgamma: Lanczos's approximation (g = 7, 9 terms; the published
  coefficients) from 1/2 up, reflected below: log(pi / |sin(pi x)|) -
  lgamma(1 - x); +inf at 0 and the negative integers.
- digamma: the argument raised past 10 by the recurrence psi(x) = psi(x +
  1) - 1/x, then the asymptotic series to x^-14; reflected below 1/2 by
  psi(x) = psi(1 - x) - pi / tan(pi x). PyTorch gives -inf at +0, +inf at
  -0 and NaN at the negative integers.
- erfcx (16- and 32-bit floats): exp(x^2) erfc(x) in float64 below 25;
  from 25 on, where exp(x^2) would overflow before erfc underflows, the
  asymptotic series 1 / (x sqrt(pi)) sum_k (-1)^k (2k - 1)!! / (2 x^2)^k
  to k = 5 (the last term below 1e-12 there).
- special.i0e, i1 and i1e (16- and 32-bit floats): the modified Bessel
  functions of the first kind of orders 0 and 1 (scaled by exp(-|x|) for
  i0e and i1e), by their power series sum (x/2)^(2k + n) / (k! (k + n)!)
  up to |x| = 30 (70 terms: the last below 1e-17 of the sum there), past
  it by their asymptotic series exp(|x|) / sqrt(2 pi |x|) sum_k (-1)^k
  prod_j (4 n^2 - (2j - 1)^2) / (k! (8 |x|)^k) to k = 11 (below 1e-14 at
  30); i1 and i1e odd. PyTorch's NaN for i1 at the infinities (exp(x) /
  sqrt(x)) comes out of the same arithmetic.
- polygamma(1, x), the trigamma function: PyTorch's own arithmetic in the
  input's precision (float32 for 16-bit floats): below 1/2 reflected by
  pi^2 / sin^2(pi x), then six steps of the recurrence and four terms of
  the asymptotic series, so that its values match PyTorch's, at the poles
  too (a large finite number at the negative integers, from sin(pi x) of
  the rounded pi x). polygamma(0, x) is digamma; higher orders stay with
  PyTorch.
- erfinv (16- and 32-bit floats): ten.random's (Giles's approximation and
  Newton's steps on erf) in float64, with PyTorch's values at +-1 and
  past them.

Registered by torch_backend, which imports this module last.
"""

import math

import numpy as np

import ten

from .random import _erfinv as _random_erfinv
from .torch_backend import _converts, aten

# Lanczos's coefficients for g = 7 (9 terms).
_LANCZOS_G = 7.0
_LANCZOS = (0.99999999999980993, 676.5203681218851, -1259.1392167224028,
            771.32342877765313, -176.61502916214059, 12.507343278686905,
            -0.13857109526572012, 9.9843695780195716e-6,
            1.5056327351493116e-7)

# The asymptotic series of digamma: psi(x) ~ log x - 1/(2x) - sum_k
# B_2k / (2k x^2k), the coefficients B_2k / 2k for k = 1..7.
_DIGAMMA_SERIES = (1 / 12, -1 / 120, 1 / 252, -1 / 240, 1 / 132,
                   -691 / 32760, 1 / 12)
# Past this argument the series is exact to double precision.
_DIGAMMA_ASYMPTOTIC_FROM = 10.0


def _in_double(x):
    return ten.astype(x, np.float64)


def _is_pole(x):
    """x is 0 or a negative integer."""
    return ten.logical_and(ten.less_equal(x, 0), ten.equal(x, ten.floor(x)))


def _reflection(x):
    """x in float64, whether it is finite, whether it is below 1/2, and the
    argument of the function's branch from 1/2 up: 1 - x below, x above,
    1 where x is not finite (whose value is then replaced)."""
    x = _in_double(x)
    finite = ten.isfinite(x)
    below = ten.less(x, 0.5)
    z = ten.where(finite, ten.where(below, ten.subtract(1.0, x), x), 1.0)
    return x, finite, below, z


def _times_pi_of_fraction(x):
    """pi times x's distance to the nearest integer (exact): its sine and
    tangent are those of pi x up to sign, computed from an argument near 0
    rather than near a multiple of pi, where pi x has lost the digits that
    set the distance to the pole (digamma 2e-6 above -38 was 1.3e-10 off
    PyTorch's, lgamma 1e-9 above -12 9.5e-7)."""
    return ten.multiply(math.pi, ten.subtract(x, ten.rint(x)))


def _lanczos_lgamma(z):
    """lgamma(z) for z >= 1/2 (finite)."""
    shifted = ten.subtract(z, 1.0)
    series = _LANCZOS[0]
    for index, coefficient in enumerate(_LANCZOS[1:], start=1):
        series = ten.add(series, ten.divide(coefficient,
                                            ten.add(shifted, index)))
    t = ten.add(shifted, _LANCZOS_G + 0.5)
    return ten.add(
        ten.add(0.5 * math.log(2 * math.pi),
                ten.multiply(ten.add(shifted, 0.5), ten.log(t))),
        ten.subtract(ten.log(series), t))


def _lgamma(x):
    x, finite, below, z = _reflection(x)
    value = _lanczos_lgamma(z)
    reflected = ten.subtract(
        ten.log(ten.divide(math.pi,
                           ten.abs(ten.sin(_times_pi_of_fraction(x))))),
        value)
    result = ten.where(below, reflected, value)
    result = ten.where(_is_pole(x), np.inf, result)
    return ten.where(finite, result, ten.abs(x))


def _digamma_from_half(z):
    """digamma(z) for z >= 1/2 (finite)."""
    total = 0.0
    # From 1/2, ten steps of the recurrence reach the asymptotic range.
    for _ in range(int(_DIGAMMA_ASYMPTOTIC_FROM)):
        small = ten.less(z, _DIGAMMA_ASYMPTOTIC_FROM)
        total = ten.subtract(total, ten.where(small, ten.reciprocal(z), 0.0))
        z = ten.where(small, ten.add(z, 1.0), z)
    inverse_square = ten.reciprocal(ten.multiply(z, z))
    series = 0.0
    for coefficient in reversed(_DIGAMMA_SERIES):
        series = ten.multiply(ten.add(series, coefficient), inverse_square)
    asymptotic = ten.subtract(
        ten.subtract(ten.log(z), ten.divide(0.5, z)), series)
    return ten.add(total, asymptotic)


def _digamma(x):
    x, finite, below, z = _reflection(x)
    value = _digamma_from_half(z)
    reflected = ten.subtract(value, ten.divide(
        math.pi, ten.tan(_times_pi_of_fraction(x))))
    result = ten.where(below, reflected, value)
    # PyTorch's: -inf at +0, +inf at -0, NaN at the negative integers.
    zero = ten.equal(x, 0)
    result = ten.where(_is_pole(x), np.nan, result)
    result = ten.where(zero, ten.where(ten.signbit(x), np.inf, -np.inf),
                       result)
    # +inf at +inf; NaN at -inf and NaN.
    return ten.where(finite, result, ten.where(ten.greater(x, 0), x, np.nan))


@_converts(aten.lgamma.default,
           when=lambda x: x.dtype.is_floating_point)
def _lgamma_converter(x):
    return _lgamma(x)


@_converts(aten.digamma.default,
           when=lambda x: x.dtype.is_floating_point)
def _digamma_converter(x):
    return _digamma(x)


def _erfinv(y):
    y = _in_double(y)
    inside = ten.less(ten.abs(y), 1.0)
    # Arguments outside (-1, 1) take 0, whose value is then replaced.
    x = _random_erfinv(ten.where(inside, y, 0.0))
    # +-inf at +-1, NaN past them and at NaN; the sign of zero kept.
    edge = ten.where(ten.equal(ten.abs(y), 1.0),
                     ten.multiply(y, np.inf), np.nan)
    return ten.where(inside, ten.where(ten.equal(y, 0), y, x), edge)


def _narrow_float(x):
    """A 16- or 32-bit float: computed in float64, its result rounds
    once."""
    return x.dtype.is_floating_point and x.dtype.itemsize <= 4


def _series(first, ratio, terms):
    """The sum of `terms` terms from `first`, each term the one before it
    times ratio(k), k from 1."""
    term = series = first
    for k in range(1, terms):
        term = ten.multiply(term, ratio(k))
        series = ten.add(series, term)
    return series


@_converts(aten.erfinv.default, when=_narrow_float)
def _erfinv_converter(x):
    return _erfinv(x)


# Where erfcx leaves exp(x^2) erfc(x) for its asymptotic series.
_ERFCX_ASYMPTOTIC_FROM = 25.0
_ERFCX_TERMS = 6


def _erfcx(x):
    x = _in_double(x)
    asymptotic = ten.greater_equal(x, _ERFCX_ASYMPTOTIC_FROM)
    # Arguments below the series' range take its first point (unused).
    large = ten.where(asymptotic, x, _ERFCX_ASYMPTOTIC_FROM)
    inverse = ten.reciprocal(ten.multiply(2.0, ten.multiply(large, large)))
    series = _series(1.0, lambda k: ten.multiply(-(2 * k - 1), inverse),
                     _ERFCX_TERMS)
    tail = ten.divide(series, ten.multiply(large, math.sqrt(math.pi)))
    # Arguments in the series' range take 0 here (unused).
    small = ten.where(asymptotic, 0.0, x)
    direct = ten.multiply(ten.exp(ten.multiply(small, small)),
                          ten.erfc(small))
    return ten.where(asymptotic, tail, direct)


@_converts(aten.special_erfcx.default, when=_narrow_float)
def _erfcx_converter(x):
    return _erfcx(x)


# The modified Bessel functions: the power series up to this |x|, the
# asymptotic one past it.
_BESSEL_SERIES_UP_TO = 30.0
_BESSEL_SERIES_TERMS = 70
_BESSEL_ASYMPTOTIC_TERMS = 12


def _bessel_i(x, order, scaled):
    """I_order(x) (order 0 or 1), times exp(-|x|) where `scaled`."""
    x = _in_double(x)
    size = ten.abs(x)
    near = ten.less_equal(size, _BESSEL_SERIES_UP_TO)
    # The series of |x| up to its bound (past it, of 0: unused).
    half = ten.multiply(ten.where(near, size, 0.0), 0.5)
    square = ten.multiply(half, half)
    series = _series(1.0 if order == 0 else half,
                     lambda k: ten.divide(square, float(k * (k + order))),
                     _BESSEL_SERIES_TERMS)
    if scaled:
        series = ten.multiply(series, ten.exp(ten.multiply(half, -2.0)))
    # The asymptotic series past the bound (below it, at the bound: unused).
    far = ten.where(near, _BESSEL_SERIES_UP_TO, size)
    asymptotic = _series(
        1.0, lambda k: ten.divide(
            -(4 * order * order - (2 * k - 1) ** 2) / (8.0 * k), far),
        _BESSEL_ASYMPTOTIC_TERMS)
    asymptotic = ten.divide(asymptotic,
                            ten.sqrt(ten.multiply(2 * math.pi, far)))
    if not scaled:
        asymptotic = ten.multiply(ten.exp(far), asymptotic)
    value = ten.where(near, series, asymptotic)
    if order == 1:
        value = ten.where(ten.less(x, 0), ten.negative(value), value)
    return value


@_converts(aten.special_i0e.default, when=_narrow_float)
def _i0e_converter(x):
    return _bessel_i(x, 0, scaled=True)


@_converts(aten.special_i1.default, when=_narrow_float)
def _i1_converter(x):
    return _bessel_i(x, 1, scaled=False)


@_converts(aten.special_i1e.default, when=_narrow_float)
def _i1e_converter(x):
    return _bessel_i(x, 1, scaled=True)


def _trigamma(x):
    if x.dtype in (np.dtype(np.float16), ten.bfloat16):
        x = ten.astype(x, np.float32)
    real = x.dtype.type
    below = ten.less(x, real(0.5))
    sine = ten.sin(ten.multiply(real(math.pi), x))
    # pi * pi rounded as PyTorch's kernel rounds it, in the precision.
    pi_squared = real(math.pi) * real(math.pi)
    result = ten.where(below, ten.negative(ten.divide(
        pi_squared, ten.multiply(sine, sine))), real(0))
    x = ten.where(below, ten.subtract(real(1), x), x)
    for _ in range(6):
        result = ten.add(result, ten.reciprocal(ten.multiply(x, x)))
        x = ten.add(x, real(1))
    inverse_square = ten.reciprocal(ten.multiply(x, x))
    series = ten.multiply(inverse_square, ten.subtract(
        real(1 / 30), ten.multiply(inverse_square, real(1 / 42))))
    series = ten.multiply(inverse_square, ten.subtract(real(1 / 6), series))
    tail = ten.divide(ten.add(ten.add(real(1), ten.reciprocal(
        ten.multiply(real(2), x))), series), x)
    result = ten.add(result, tail)
    return ten.where(below, ten.negative(result), result)


@_converts(aten.polygamma.default,
           when=lambda n, x: n in (0, 1) and x.dtype.is_floating_point)
def _polygamma_converter(n, x):
    return _digamma(x) if n == 0 else _trigamma(x)
