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
  the rounded pi x). polygamma(0, x) is digamma; polygamma(n, x) for n >=
  2 is PyTorch's (-1)^(n + 1) n! zeta(n + 1, x).
- special.zeta, the Hurwitz zeta function: the Euler-Maclaurin sum of
  PyTorch's Cephes code for q > 0 (9 terms, 12 Bernoulli corrections, in
  float64); below 0, the terms of negative bases summed as those of their
  positive magnitudes (for integer s), so that each sum has a positive
  argument. PyTorch's infinities and NaNs at the poles and outside the
  domain.
- special.modified_bessel_i0 and i1 (I_0, I_1 unscaled, every float
  type), k0 and k1 and their scaled forms: K by its power series up to 2,
  the trapezoidal rule on exp(x) K_n(x) = int exp(-x (cosh t - 1)) cosh(n
  t) dt up to 25, the asymptotic series past it; spherical_bessel_j0.
  The Bessel functions J and Y stay with PyTorch: its float64 kernels are
  up to 9e-7 off between 5 and 6 (scipy's within 1e-15), which accurate
  values would not match.
- the orthogonal polynomials of a degree known when the graph is traced
  (Chebyshev T, U, V, W; Hermite H, He; Laguerre; Legendre): PyTorch's
  recurrences in the input's precision, with its rules at the ends and
  its angle forms of the Chebyshev polynomials of higher degrees.
- special.ndtri, the standard normal's quantile: erfinv's in the middle
  and a rational estimate in the tails, refined by Newton's steps on ndtr
  written so that no density underflows (probabilities to 5e-324).
- erfinv (16- and 32-bit floats): ten.random's (Giles's approximation and
  Newton's steps on erf) in float64, with PyTorch's values at +-1 and
  past them.

Registered by torch_backend, which imports this module last.
"""

import fractions
import functools
import math

import numpy as np
import torch

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


# ndtri's first estimate: from erfinv above this probability (below 1/2),
# in the lower tail from t = sqrt(-2 log p) by the rational approximation
# of Abramowitz and Stegun, Handbook of Mathematical Functions, 26.2.23
# (its error below 4.5e-4); then Newton's steps on ndtr(x) = p.
_NDTRI_TAIL_BELOW = 0.02
_NDTRI_TAIL_NUMERATOR = (2.515517, 0.802853, 0.010328)
_NDTRI_TAIL_DENOMINATOR = (1.0, 1.432788, 0.189269, 0.001308)
_NDTRI_NEWTON_STEPS = 3


def _ndtri(p):
    """The standard normal's quantile of p: the lower tail's x <= 0 for
    q = min(p, 1 - p) (1 - p is exact from 1/2 up), negated above 1/2.
    Newton's step on ndtr(x) = q divides by the density exp(-x^2 / 2) /
    sqrt(2 pi), which underflows where q is below 1e-300: written as
    sqrt(2 pi) (erfcx(u) / 2 - exp(log q + x^2 / 2)), u = -x / sqrt(2),
    each term is of the order of 1 / |x|."""
    p = _in_double(p)
    upper = ten.greater(p, 0.5)
    q = ten.where(upper, ten.subtract(1.0, p), p)
    inside = ten.logical_and(ten.greater(q, 0.0), ten.less_equal(q, 0.5))
    # Probabilities outside (0, 1) take 1/4 (their value is replaced).
    q = ten.where(inside, q, 0.25)
    central = ten.multiply(math.sqrt(2.0), _random_erfinv(
        ten.subtract(ten.multiply(2.0, q), 1.0)))
    log_q = ten.log(q)
    t = ten.sqrt(ten.multiply(-2.0, log_q))
    tail = ten.negative(ten.subtract(t, ten.divide(
        ten.polyval(_NDTRI_TAIL_NUMERATOR[::-1], t),
        ten.polyval(_NDTRI_TAIL_DENOMINATOR[::-1], t))))
    x = ten.where(ten.less(q, _NDTRI_TAIL_BELOW), tail, central)
    for _ in range(_NDTRI_NEWTON_STEPS):
        u = ten.multiply(x, -1.0 / math.sqrt(2.0))
        step = ten.multiply(math.sqrt(2.0 * math.pi), ten.subtract(
            ten.multiply(0.5, _erfcx(u)),
            ten.exp(ten.add(log_q, ten.multiply(0.5, ten.multiply(x, x))))))
        x = ten.subtract(x, step)
    x = ten.where(upper, ten.negative(x), x)
    # -inf at 0, +inf at 1, NaN outside [0, 1] and at NaN.
    edge = ten.where(ten.equal(p, 0.0), -np.inf,
                     ten.where(ten.equal(p, 1.0), np.inf, np.nan))
    return ten.where(inside, x, edge)


@_converts(aten.special_ndtri.default,
           when=lambda x: x.dtype.is_floating_point)
def _ndtri_converter(x):
    return _ndtri(x)


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


@_converts(aten.special_modified_bessel_i0.default,
           when=lambda x: x.dtype.is_floating_point)
def _modified_bessel_i0_converter(x):
    return _bessel_i(x, 0, scaled=False)


@_converts(aten.special_modified_bessel_i1.default,
           when=lambda x: x.dtype.is_floating_point)
def _modified_bessel_i1_converter(x):
    return _bessel_i(x, 1, scaled=False)


# The modified Bessel functions of the second kind, K_0 and K_1, scaled by
# exp(x) or not: up to x = 2 their power series, I_n(x) log(x / 2) and
# the harmonic numbers' terms (A&S 9.6.13, 9.6.11); up to 25 the integral
# exp(x) K_n(x) = int_0^inf exp(-x (cosh t - 1)) cosh(n t) dt by the
# trapezoidal rule (an analytic integrand: 40 nodes 0.1 apart leave less
# than 1e-16 of it; past x = 25 its peak at 0 is narrower than the step);
# past 25 the asymptotic series sqrt(pi / 2x) sum_k a_k(n) / x^k.
_K_SERIES_UP_TO = 2.0
_K_SERIES_TERMS = 25
_K_TRAPEZOID_UP_TO = 25.0
_K_TRAPEZOID_STEP = 0.1
_K_TRAPEZOID_NODES = 40
_K_ASYMPTOTIC_TERMS = 15
_EULER_GAMMA = 0.5772156649015329


def _bessel_k(x, order, scaled):
    """K_order(x) (order 0 or 1), times exp(x) where `scaled`, as
    PyTorch's: +inf at 0, 0 at +inf, NaN below 0 and at NaN."""
    x = _in_double(x)
    small = ten.less_equal(x, _K_SERIES_UP_TO)
    large = ten.greater(x, _K_TRAPEZOID_UP_TO)
    # Each method's argument where it applies, elsewhere one inside its
    # range (its value unused).
    near = ten.where(ten.logical_and(small, ten.greater(x, 0.0)), x, 1.0)
    middle = ten.where(ten.logical_or(small, large), 5.0, x)
    far = ten.where(large, x, 2 * _K_TRAPEZOID_UP_TO)
    # The series.
    half = ten.multiply(near, 0.5)
    q = ten.multiply(half, half)
    log_half = ten.log(half)
    if order == 0:
        # I_0's terms, and the same weighted by the harmonic numbers (H_0
        # = 0: from k = 1).
        term = bessel_i = ten.ones_like(q)
        sums = ten.zeros_like(q)
        harmonic = 0.0
        for k in range(1, _K_SERIES_TERMS):
            term = ten.divide(ten.multiply(term, q), float(k * k))
            harmonic += 1.0 / k
            bessel_i = ten.add(bessel_i, term)
            sums = ten.add(sums, ten.multiply(term, harmonic))
        near_value = ten.subtract(
            sums, ten.multiply(ten.add(log_half, _EULER_GAMMA), bessel_i))
    else:
        term = half
        bessel_i = term
        digammas = -2 * _EULER_GAMMA + 1.0
        sums = ten.multiply(term, digammas)
        for k in range(1, _K_SERIES_TERMS):
            term = ten.divide(ten.multiply(term, q), float(k * (k + 1)))
            digammas += 1.0 / k + 1.0 / (k + 1)
            bessel_i = ten.add(bessel_i, term)
            sums = ten.add(sums, ten.multiply(term, digammas))
        # (x / 4) sum_k (psi(k + 1) + psi(k + 2)) q^k / (k! (k + 1)!) is
        # half of sums, whose terms carry (x / 2)^(2k + 1).
        near_value = ten.subtract(
            ten.add(ten.reciprocal(near), ten.multiply(bessel_i, log_half)),
            ten.multiply(sums, 0.5))
    # The trapezoidal rule, its nodes along a new first axis.
    nodes = np.arange(_K_TRAPEZOID_NODES, dtype=np.float64) * \
        _K_TRAPEZOID_STEP
    shape = (-1,) + (1,) * middle.ndim
    weights = np.full(_K_TRAPEZOID_NODES, _K_TRAPEZOID_STEP)
    weights[0] /= 2
    integrand = ten.multiply(
        ten.exp(ten.multiply(ten.negative(middle),
                             (np.cosh(nodes) - 1).reshape(shape))),
        (np.cosh(order * nodes) * weights).reshape(shape))
    middle_value = ten.sum(integrand, axis=0)
    # The asymptotic series.
    coefficient = 1.0
    series = ten.ones_like(far)
    power = ten.ones_like(far)
    for k in range(1, _K_ASYMPTOTIC_TERMS):
        coefficient *= (4 * order * order - (2 * k - 1) ** 2) / (8.0 * k)
        power = ten.divide(power, far)
        series = ten.add(series, ten.multiply(power, coefficient))
    far_value = ten.multiply(series, ten.sqrt(ten.divide(math.pi / 2, far)))
    if scaled:
        near_value = ten.multiply(near_value, ten.exp(near))
    else:
        middle_value = ten.multiply(middle_value,
                                    ten.exp(ten.negative(middle)))
        far_value = ten.multiply(far_value, ten.exp(ten.negative(far)))
    value = ten.where(small, near_value,
                      ten.where(large, far_value, middle_value))
    value = ten.where(ten.equal(x, 0.0), np.inf, value)
    value = ten.where(ten.equal(x, np.inf), 0.0, value)
    return ten.where(ten.logical_or(ten.less(x, 0.0), ten.isnan(x)), np.nan,
                     value)


for _target, _order, _scaled in (
        (aten.special_modified_bessel_k0.default, 0, False),
        (aten.special_modified_bessel_k1.default, 1, False),
        (aten.special_scaled_modified_bessel_k0.default, 0, True),
        (aten.special_scaled_modified_bessel_k1.default, 1, True)):
    _converts(_target, when=lambda x: x.dtype.is_floating_point)(
        functools.partial(_bessel_k, order=_order, scaled=_scaled))
del _target, _order, _scaled


@_converts(aten.special_spherical_bessel_j0.default,
           when=lambda x: x.dtype.is_floating_point)
def _spherical_bessel_j0(x):
    """sin(x) / x, by its series 1 - x^2/6 + x^4/120 - ... below 1/2 (to
    the x^12 term), 0 at the infinities, as PyTorch's."""
    x = _in_double(x)
    square = ten.multiply(x, x)
    series = 0.0
    for k in reversed(range(7)):
        series = ten.add(ten.multiply(series, square),
                         (-1) ** k / math.factorial(2 * k + 1))
    direct = ten.divide(ten.sin(x), ten.where(ten.equal(x, 0.0), 1.0, x))
    value = ten.where(ten.less(ten.abs(x), 0.5), series, direct)
    return ten.where(ten.isinf(x), 0.0, value)


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


def _bernoulli_even(count):
    """B_2, B_4, ..., B_2count as Fractions, from the recurrence
    sum_{j=0}^{m} C(m + 1, j) B_j = 0."""
    numbers = [fractions.Fraction(1)]
    for m in range(1, 2 * count + 1):
        numbers.append(-sum(math.comb(m + 1, j) * numbers[j]
                            for j in range(m)) / (m + 1))
    return numbers[2::2]


# The Hurwitz zeta function's Euler-Maclaurin sum: the terms (q + j)^-s for
# j below _ZETA_TERMS, then the integral and the corrections of B_2k / (2k)!
# for k up to _ZETA_CORRECTIONS (the terms and corrections PyTorch's Cephes
# code takes for q > 0).
_ZETA_TERMS = 9
_ZETA_CORRECTIONS = 12
_ZETA_CORRECTION_FACTORS = tuple(
    float(b / math.factorial(2 * k))
    for k, b in enumerate(_bernoulli_even(_ZETA_CORRECTIONS), start=1))


def _zeta_of_positive(s, q):
    """zeta(s, q) = sum_j (q + j)^-s for q > 0 and s > 1 (float64)."""
    total = 0.0
    for j in range(_ZETA_TERMS):
        total = ten.add(total, ten.power(ten.add(q, float(j)),
                                         ten.negative(s)))
    w = ten.add(q, float(_ZETA_TERMS))
    power = ten.power(w, ten.negative(s))
    total = ten.add(total, ten.add(
        ten.divide(ten.multiply(power, w), ten.subtract(s, 1.0)),
        ten.multiply(0.5, power)))
    # The k-th correction: B_2k / (2k)! s (s + 1) ... (s + 2k - 2) w^-(s +
    # 2k - 1).
    rising = s
    power = ten.divide(power, w)
    for k, factor in enumerate(_ZETA_CORRECTION_FACTORS):
        total = ten.add(total, ten.multiply(factor,
                                            ten.multiply(rising, power)))
        rising = ten.multiply(rising, ten.multiply(
            ten.add(s, float(2 * k + 1)), ten.add(s, float(2 * k + 2))))
        power = ten.divide(power, ten.multiply(w, w))
    return total


def _zeta(s, q):
    """The Hurwitz zeta function sum_j (q + j)^-s as PyTorch's: +inf at s =
    1 and at q a non-positive integer, NaN at NaN, for s < 1 and for q < 0
    with s not an integer. For q < 0 (s an integer), with J = ceil(-q) and
    r = 1 - q - J in (0, 1), the J terms of negative bases are (-1)^s
    sum_m (r + m)^-s: zeta(s, q) = zeta(s, q + J) + (-1)^s (zeta(s, r) -
    zeta(s, r + J)), each of a positive argument."""
    s, q = _in_double(s), _in_double(q)
    shift = ten.ceil(ten.negative(q))
    negative = ten.less(q, 0.0)
    # Arguments where a formula does not apply take 1/2 (value replaced).
    shifted = ten.where(negative, ten.add(q, shift), q)
    shifted = ten.where(ten.greater(shifted, 0.0), shifted, 0.5)
    r = ten.where(negative, ten.subtract(1.0, shifted), 0.5)
    exponent = ten.where(ten.greater(s, 1.0), s, 2.0)
    value = _zeta_of_positive(exponent, shifted)
    sign = ten.subtract(1.0, ten.multiply(2.0, ten.fmod(exponent, 2.0)))
    reflected = ten.add(value, ten.multiply(sign, ten.subtract(
        _zeta_of_positive(exponent, r),
        _zeta_of_positive(exponent, ten.add(r, shift)))))
    value = ten.where(negative, reflected, value)
    pole = ten.logical_or(ten.equal(s, 1.0), ten.logical_and(
        ten.less_equal(q, 0.0), ten.equal(q, ten.floor(q))))
    undefined = ten.logical_or(ten.less(s, 1.0), ten.logical_and(
        negative, ten.not_equal(s, ten.floor(s))))
    undefined = ten.logical_or(undefined, ten.logical_or(ten.isnan(s),
                                                         ten.isnan(q)))
    value = ten.where(undefined, np.nan, value)
    return ten.where(pole, np.inf, value)


@_converts(aten.special_zeta.default, aten.special_zeta.self_scalar,
           aten.special_zeta.other_scalar)
def _zeta_converter(s, q):
    return _zeta(s, q)


def _polygamma_of_order(n, x):
    """polygamma(n, x) for n >= 2 as PyTorch's: (-1)^(n + 1) n! zeta(n +
    1, x)."""
    factorial = float(math.factorial(n)) if n <= 170 else math.inf
    sign = 1.0 if n % 2 else -1.0
    x = _in_double(x)
    return ten.multiply(sign * factorial,
                        _zeta(ten.full_like(x, float(n + 1)), x))


@_converts(aten.polygamma.default,
           when=lambda n, x: n >= 0 and x.dtype.is_floating_point)
def _polygamma_converter(n, x):
    if n == 0:
        return _digamma(x)
    if n == 1:
        return _trigamma(x)
    return _polygamma_of_order(n, x)


# The orthogonal polynomials of a degree known when the graph is traced
# (PyTorch's n_scalar overloads): their three-term recurrences in the
# input's precision, as PyTorch's kernels run them, with its rules: degree
# below 0 gives 0, degree 0 gives 1 (NaN too); the Chebyshev and Legendre
# polynomials' values at -1 and 1 exactly, and the Chebyshev ones of higher
# degrees inside (-1, 1) from the angle (cos(n acos x) and the like).
# Hermite's recurrences in float32 lose digits as fast as the degree
# grows: at degree 30 PyTorch's values and ten's (the same recurrence,
# rounded in other places) differ by 4e-5, so there ten takes degrees up to
# 16 alone.
_MOST_POLYNOMIAL_DEGREE = 64
_MOST_FLOAT32_HERMITE_DEGREE = 16


def _degree_fits(most):
    def fits(x, n):
        if x.dtype == torch.float32:
            most_here = most
        elif x.dtype == torch.float64:
            most_here = _MOST_POLYNOMIAL_DEGREE
        else:
            return False
        return (isinstance(n, (int, float)) and float(n).is_integer() and
                n <= most_here)
    return fits


def _recurrence(first, second, step, n):
    """The n-th term of p_0 = first, p_1 = second, p_(k+1) = step(k, p_k,
    p_(k-1))."""
    previous, current = first, second
    for k in range(1, n):
        previous, current = current, step(k, current, previous)
    return current


def _at_ends(x, value, at_one, at_minus_one):
    """`value`, but `at_one` at x = 1 and `at_minus_one` at x = -1."""
    value = ten.where(ten.equal(x, 1.0), at_one, value)
    return ten.where(ten.equal(x, -1.0), at_minus_one, value)


def _from_angle(x, n, threshold, value, of_angle):
    """`value`, but of_angle(acos x) inside (-1, 1) where n passes
    `threshold`."""
    if n <= threshold:
        return value
    inside = ten.less(ten.abs(x), 1.0)
    angle = ten.arccos(ten.where(inside, x, 0.0))
    return ten.where(inside, of_angle(angle), value)


def _chebyshev(kind, x, n):
    two_x = ten.add(x, x)
    sign = 1.0 if n % 2 == 0 else -1.0
    if kind == "t":
        first_degree, ends, threshold = x, (1.0, sign), 6
    elif kind == "u":
        first_degree, ends, threshold = two_x, (n + 1.0, sign * (n + 1)), 8
    elif kind == "v":
        first_degree, ends, threshold = ten.subtract(two_x, 1.0), (
            1.0, sign * (2 * n + 1)), 8
    else:
        first_degree, ends, threshold = ten.add(two_x, 1.0), (
            2 * n + 1.0, sign), 8
    value = _recurrence(ten.ones_like(x), first_degree,
                        lambda k, q, p: ten.subtract(ten.multiply(two_x, q),
                                                     p), n)
    value = _at_ends(x, value, *ends)

    def of_angle(angle):
        if kind == "t":
            return ten.cos(ten.multiply(angle, float(n)))
        if kind == "u":
            return ten.divide(ten.sin(ten.multiply(angle, n + 1.0)),
                              ten.sin(angle))
        if kind == "v":
            return ten.divide(ten.cos(ten.multiply(angle, n + 0.5)),
                              ten.cos(ten.multiply(angle, 0.5)))
        return ten.divide(ten.sin(ten.multiply(angle, n + 0.5)),
                          ten.sin(ten.multiply(angle, 0.5)))

    return _from_angle(x, n, threshold, value, of_angle)


def _hermite(physicists, x, n):
    """The physicists' H_n (2x H_k - 2k H_(k-1)) or the probabilists' He_n
    (x He_k - k He_(k-1))."""
    scale = 2.0 if physicists else 1.0
    first = ten.multiply(x, scale)
    return _recurrence(ten.ones_like(x), first, lambda k, q, p: ten.subtract(
        ten.multiply(first, q), ten.multiply(p, scale * k)), n)


def _laguerre(x, n):
    value = _recurrence(
        ten.ones_like(x), ten.subtract(1.0, x), lambda k, q, p: ten.divide(
            ten.subtract(ten.multiply(ten.subtract(2.0 * k + 1, x), q),
                         ten.multiply(p, float(k))), k + 1.0), n)
    return ten.where(ten.equal(x, 0.0), 1.0, value)


def _legendre(x, n):
    value = _recurrence(
        ten.ones_like(x), x, lambda k, q, p: ten.divide(ten.subtract(
            ten.multiply(ten.multiply(x, 2.0 * k + 1), q),
            ten.multiply(p, float(k))), k + 1.0), n)
    return _at_ends(x, value, 1.0, 1.0 if n % 2 == 0 else -1.0)


def _polynomial_of_degree(function):
    def converter(x, n):
        n = int(n)
        if n < 0:
            return ten.zeros_like(x)
        if n == 0:
            return ten.ones_like(x)
        return function(x, n)
    return converter


_HERMITE = _MOST_FLOAT32_HERMITE_DEGREE
for _target, _function, _most in (
        (aten.special_chebyshev_polynomial_t.n_scalar,
         functools.partial(_chebyshev, "t"), _MOST_POLYNOMIAL_DEGREE),
        (aten.special_chebyshev_polynomial_u.n_scalar,
         functools.partial(_chebyshev, "u"), _MOST_POLYNOMIAL_DEGREE),
        (aten.special_chebyshev_polynomial_v.n_scalar,
         functools.partial(_chebyshev, "v"), _MOST_POLYNOMIAL_DEGREE),
        (aten.special_chebyshev_polynomial_w.n_scalar,
         functools.partial(_chebyshev, "w"), _MOST_POLYNOMIAL_DEGREE),
        (aten.special_hermite_polynomial_h.n_scalar,
         functools.partial(_hermite, True), _HERMITE),
        (aten.special_hermite_polynomial_he.n_scalar,
         functools.partial(_hermite, False), _HERMITE),
        (aten.special_laguerre_polynomial_l.n_scalar, _laguerre,
         _MOST_POLYNOMIAL_DEGREE),
        (aten.special_legendre_polynomial_p.n_scalar, _legendre,
         _MOST_POLYNOMIAL_DEGREE)):
    _converts(_target, when=_degree_fits(_most))(
        _polynomial_of_degree(_function))
del _target, _function, _most
