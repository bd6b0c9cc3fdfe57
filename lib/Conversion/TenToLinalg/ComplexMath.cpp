//===- ComplexMath.cpp - complex functions the complex dialect lacks ------===//
//
// The hyperbolic functions and the inverse trigonometric and hyperbolic
// functions of complex numbers, which NumPy defines and the complex dialect
// does not, and the square root and log1p with NumPy's signs of zeros: the
// hyperbolic ones from real functions of the parts, the inverse ones with
// C99's (and NumPy's) branch cuts, zeros' signs choosing the side of a cut.
// Every function keeps C99's special values (Annex G, which NumPy's follow)
// where a part is infinite, NaN or an exact zero: the complex dialect's
// lowerings compute those as products and quotients whose NaN or infinite
// factors make both parts NaN (|inf + i NaN| is inf, e^(inf + i inf) is
// inf + i NaN, sinh(inf + i0) is inf + i0, asin(0 + i NaN) is 0 + i NaN).
// Tiny parts and parts whose e^|x| or |z| overflows keep NumPy's results
// too.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <limits>

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {
/// Builds complex arithmetic on one complex type.
struct ComplexBuilder {
  OpBuilder &b;
  Location loc;
  ComplexType type;

  Value re(Value z) { return complex::ReOp::create(b, loc, z); }
  Value im(Value z) { return complex::ImOp::create(b, loc, z); }
  Value make(Value re, Value im) {
    return complex::CreateOp::create(b, loc, type, re, im);
  }
  /// A real constant of the parts' type.
  Value constant(double value) {
    return createScalarConstant(b, loc, type.getElementType(), value);
  }
  /// i z.
  Value timesI(Value z) {
    Value negatedIm = arith::NegFOp::create(b, loc, im(z));
    return make(negatedIm, re(z));
  }
  /// -i z.
  Value timesMinusI(Value z) {
    Value negatedRe = arith::NegFOp::create(b, loc, re(z));
    return make(im(z), negatedRe);
  }

  // Classes of a real part, and a choice between two values.
  Value compare(arith::CmpFPredicate predicate, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  }
  Value isInfinite(Value x) {
    return compare(arith::CmpFPredicate::OEQ, math::AbsFOp::create(b, loc, x),
                   infinity());
  }
  /// Infinite or NaN.
  Value isNotFinite(Value x) {
    return compare(arith::CmpFPredicate::UGE, math::AbsFOp::create(b, loc, x),
                   infinity());
  }
  Value isNaN(Value x) { return compare(arith::CmpFPredicate::UNO, x, x); }
  /// 0 or -0.
  Value isZero(Value x) {
    return compare(arith::CmpFPredicate::OEQ, x, constant(0.0));
  }
  // Real arithmetic on parts.
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value both(Value p, Value q) { return arith::AndIOp::create(b, loc, p, q); }
  Value either(Value p, Value q) { return arith::OrIOp::create(b, loc, p, q); }
  Value select(Value condition, Value then, Value otherwise) {
    return arith::SelectOp::create(b, loc, condition, then, otherwise);
  }
  /// The complex number `x` where `condition` holds, else `y`.
  Value selectBoth(Value condition, Value x, Value y) {
    return make(select(condition, re(x), re(y)),
                select(condition, im(x), im(y)));
  }
  Value infinity() { return constant(std::numeric_limits<double>::infinity()); }
  Value negativeInfinity() {
    return constant(-std::numeric_limits<double>::infinity());
  }
  Value nan() { return constant(std::numeric_limits<double>::quiet_NaN()); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  /// +-1 with the sign bit of `x`.
  Value signOf(Value x) {
    return math::CopySignOp::create(b, loc, constant(1.0), x);
  }
  /// Whether |x| is at least `bound`, the bound given per part type.
  Value atLeast(Value absX, double f32Bound, double f64Bound) {
    return compare(
        arith::CmpFPredicate::OGE, absX,
        constant(type.getElementType().isF64() ? f64Bound : f32Bound));
  }
  /// e^|x| / 2 times `factor`, as two factors of e^(|x| / 2): finite where
  /// the product is, though e^|x| overflows (|x| up to twice the largest
  /// argument of a finite e^x).
  Value halfExpTimes(Value absX, Value factor) {
    Value root = exp(mul(absX, constant(0.5)));
    return mul(mul(root, mul(factor, constant(0.5))), root);
  }
  /// Whether a part of `z` is so large (1e18 in f32, 1e150 in f64) that
  /// |z| or its square could overflow.
  Value isHuge(Value z) {
    return atLeast(arith::MaximumFOp::create(b, loc, abs(re(z)), abs(im(z))),
                   1e18, 1e150);
  }
  /// `factor` where `condition` holds, else 1.
  Value factorWhere(Value condition, double factor) {
    return select(condition, constant(factor), constant(1.0));
  }
  /// log|z| from the larger and smaller magnitude of the parts, m and n:
  /// log m + log1p((n / m)^2) / 2, which does not overflow where |z| would
  /// (complex64's 3e38 + 3e38j); an infinite m gives inf.
  Value logMagnitude(Value z) {
    Value absX = abs(re(z)), absY = abs(im(z));
    Value larger = arith::MaximumFOp::create(b, loc, absX, absY);
    Value smaller = arith::MinimumFOp::create(b, loc, absX, absY);
    Value ratio = div(smaller, larger);
    Value scaled = add(
        math::LogOp::create(b, loc, larger),
        mul(constant(0.5), math::Log1pOp::create(b, loc, mul(ratio, ratio))));
    return select(compare(arith::CmpFPredicate::OEQ, larger, infinity()),
                  infinity(), scaled);
  }
};
} // namespace

static ComplexBuilder getBuilder(OpBuilder &b, Location loc, Value z) {
  return {b, loc, cast<ComplexType>(z.getType())};
}

Value lowering::buildComplexAbs(OpBuilder &b, Location loc, Value z) {
  // hypot's: an infinite part makes |z| infinite, even beside a NaN.
  ComplexBuilder c = getBuilder(b, loc, z);
  Value magnitude = complex::AbsOp::create(b, loc, z);
  return c.select(c.either(c.isInfinite(c.re(z)), c.isInfinite(c.im(z))),
                  c.infinity(), magnitude);
}

Value lowering::buildComplexExp(OpBuilder &b, Location loc, Value z) {
  // C99's cexp where x is infinite and y is not finite: e^x is +inf (a
  // direction unknown: inf + i NaN) or 0 (the direction does not matter:
  // 0 + i copysign(0, y)); cos y and sin y, NaN, would make both parts NaN.
  ComplexBuilder c = getBuilder(b, loc, z);
  Value x = c.re(z), y = c.im(z);
  Value exponential = complex::ExpOp::create(b, loc, z);
  Value re = c.re(exponential), im = c.im(exponential);
  Value notFiniteY = c.isNotFinite(y);
  Value zero = c.constant(0.0);
  Value toInfinity =
      c.both(c.compare(arith::CmpFPredicate::OEQ, x, c.infinity()), notFiniteY);
  Value toZero =
      c.both(c.compare(arith::CmpFPredicate::OEQ, x, c.negativeInfinity()),
             notFiniteY);
  re = c.select(toInfinity, c.infinity(), c.select(toZero, zero, re));
  im =
      c.select(toInfinity, c.nan(),
               c.select(toZero, math::CopySignOp::create(b, loc, zero, y), im));
  return c.make(re, im);
}

Value lowering::buildComplexHyperbolic(bool isSinh, OpBuilder &b, Location loc,
                                       Value z) {
  // sinh(x + iy) = sinh x cos y + i cosh x sin y;
  // cosh(x + iy) = cosh x cos y + i sinh x sin y.
  ComplexBuilder c = getBuilder(b, loc, z);
  Value x = c.re(z), y = c.im(z);
  Value sinhX = math::SinhOp::create(b, loc, x);
  Value coshX = math::CoshOp::create(b, loc, x);
  Value cosY = math::CosOp::create(b, loc, y);
  Value sinY = math::SinOp::create(b, loc, y);
  Value re = arith::MulFOp::create(b, loc, isSinh ? sinhX : coshX, cosY);
  Value im = arith::MulFOp::create(b, loc, isSinh ? coshX : sinhX, sinY);
  // Where e^|x| overflows, sinh x and cosh x are +-e^|x| / 2, and their
  // products with cos y and sin y may still be finite (sinh(100 + 1e-30j)
  // in complex64 is inf + 1.3e13j, as NumPy's csinh computes it).
  Value absX = c.abs(x);
  Value overflows = c.atLeast(absX, 88.0, 709.0);
  Value signX = c.signOf(x);
  Value largeRe = c.halfExpTimes(absX, cosY);
  Value largeIm = c.halfExpTimes(absX, sinY);
  if (isSinh)
    largeRe = c.mul(signX, largeRe);
  else
    largeIm = c.mul(signX, largeIm);
  re = c.select(overflows, largeRe, re);
  im = c.select(overflows, largeIm, im);
  // C99's special values (csinh, ccosh), where a product above is 0 or inf
  // times a NaN or infinite factor: the part that is exactly 0 or whose
  // size is infinite keeps it.
  Value notFiniteY = c.isNotFinite(y);
  // x + i0: sinh x + i0 and cosh x + i0 sign(x), where e^|x| overflows or
  // x is infinite or NaN too (inf times 0 would be NaN).
  Value realLine = c.isZero(y);
  Value signedY = isSinh ? y : c.mul(signX, y);
  im = c.select(realLine, signedY, im);
  // 0 + iy with y infinite or NaN: sinh is x + i NaN, cosh NaN + i0.
  Value imaginaryLine = c.both(c.isZero(x), notFiniteY);
  if (isSinh)
    re = c.select(imaginaryLine, x, re);
  else
    im = c.select(imaginaryLine, c.constant(0.0), im);
  // x infinite, y infinite or NaN: inf + i NaN.
  Value bothUnbounded = c.both(c.isInfinite(x), notFiniteY);
  re = c.select(bothUnbounded, c.infinity(), re);
  im = c.select(bothUnbounded, c.nan(), im);
  return c.make(re, im);
}

Value lowering::buildComplexCircular(bool isSin, OpBuilder &b, Location loc,
                                     Value z) {
  // sin z = -i sinh(iz) and cos z = cosh(iz), with their special values.
  ComplexBuilder c = getBuilder(b, loc, z);
  Value hyperbolic = buildComplexHyperbolic(isSin, b, loc, c.timesI(z));
  if (!isSin)
    return hyperbolic;
  // sin(x + iy) with y infinite and x not finite is NaN + i inf, the
  // infinity's sign unspecified; NumPy's is +, where -i sinh(iz) gives -.
  Value result = c.timesMinusI(hyperbolic);
  Value unbounded = c.both(c.isInfinite(c.im(z)), c.isNotFinite(c.re(z)));
  return c.make(c.re(result), c.select(unbounded, c.infinity(), c.im(result)));
}

Value lowering::buildComplexTanh(bool isTan, OpBuilder &b, Location loc,
                                 Value z) {
  // C99's ctanh as NumPy computes it (Kahan's formula): with t = tan y,
  // beta = 1 + t^2, s = sinh x and rho = sqrt(1 + s^2), tanh z is
  // (beta rho s + i t) / (1 + beta s^2), which keeps tiny parts (tanh(1e-30
  // + 0j) is 1e-30, where (e^2z - 1) / (e^2z + 1) rounds it away); for |x|
  // of at least 9 (f32) or 22 (f64), sign(x) + i 4 sin y cos y e^-2|x|.
  // tan z = -i tanh(iz).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value w = isTan ? c.timesI(z) : z;
  Value x = c.re(w), y = c.im(w);
  Value one = c.constant(1.0);
  Value t = math::TanOp::create(b, loc, y);
  Value beta = c.add(one, c.mul(t, t));
  Value s = math::SinhOp::create(b, loc, x);
  Value sSquared = c.mul(s, s);
  Value rho = math::SqrtOp::create(b, loc, c.add(one, sSquared));
  Value denominator = c.add(one, c.mul(beta, sSquared));
  Value re = c.div(c.mul(c.mul(beta, rho), s), denominator);
  Value im = c.div(t, denominator);
  Value absX = c.abs(x);
  Value signX = c.signOf(x);
  Value sinCos =
      c.mul(math::SinOp::create(b, loc, y), math::CosOp::create(b, loc, y));
  Value decay = c.exp(arith::NegFOp::create(b, loc, absX));
  Value large = c.atLeast(absX, 9.0, 22.0);
  re = c.select(large, signX, re);
  im = c.select(large,
                c.mul(c.mul(c.constant(4.0), sinCos), c.mul(decay, decay)), im);
  // x finite, y infinite or NaN: NaN + i NaN, but a zero x is kept.
  Value notFiniteY = c.isNotFinite(y);
  re = c.select(notFiniteY, c.select(c.isZero(x), x, c.nan()), re);
  im = c.select(notFiniteY, c.nan(), im);
  // x infinite: sign(x) + i copysign(0, sin 2y), y itself where infinite.
  Value zero = c.constant(0.0);
  Value infiniteX = c.isInfinite(x);
  Value infiniteRowIm = math::CopySignOp::create(
      b, loc, zero, c.select(c.isInfinite(y), y, sinCos));
  re = c.select(infiniteX, signX, re);
  im = c.select(infiniteX, infiniteRowIm, im);
  // x NaN: NaN + i y where y is a zero, else NaN + i NaN.
  Value nanX = c.isNaN(x);
  re = c.select(nanX, x, re);
  im = c.select(nanX, c.select(c.isZero(y), y, c.nan()), im);
  Value result = c.make(re, im);
  return isTan ? c.timesMinusI(result) : result;
}

// The inverse functions follow Kahan ("Branch cuts for complex elementary
// functions, or much ado about nothing's sign bit", 1987): real functions of
// the parts of square roots, which keep the sign of a zero part on each side
// of a cut, where the textbook logarithm formulas lose it (and with it the
// side: NumPy's arcsin(2 - 0j) has imaginary part -1.317, log(z + ...) gives
// +1.317).

Value lowering::buildComplexSqrt(OpBuilder &b, Location loc, Value z) {
  // C99's csqrt, as NumPy computes it: with t = sqrt((|x| + |z|) / 2), the
  // root is t + i y / 2t for x >= 0 and |y| / 2t + i copysign(t, y) for
  // x < 0, so that the root of a negative real number has real part 0 (not
  // complex.sqrt's 4e-17) and the imaginary part keeps the sign of a zero y
  // (sqrt(-4 - 0j) is -2j). A zero z is its own root; an infinite y gives
  // inf + iy whatever x is.
  // Parts so large that |z| could overflow are taken a quarter, and the
  // root doubled (complex64's sqrt(3e38 + 3e38j) is 1.9e19 + 7.9e18j).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value x = c.re(z), y = c.im(z);
  Value huge = c.isHuge(z);
  Value inputScale = c.factorWhere(huge, 0.25);
  Value rootScale = c.factorWhere(huge, 2.0);
  Value scaledX = c.mul(x, inputScale), scaledY = c.mul(y, inputScale);
  Value half = c.constant(0.5);
  Value absX = math::AbsFOp::create(b, loc, scaledX);
  Value magnitude = complex::AbsOp::create(b, loc, c.make(scaledX, scaledY));
  Value t = math::SqrtOp::create(
      b, loc,
      arith::AddFOp::create(b, loc, arith::MulFOp::create(b, loc, half, absX),
                            arith::MulFOp::create(b, loc, half, magnitude)));
  Value twoT = arith::AddFOp::create(b, loc, t, t);
  Value otherPart =
      c.mul(arith::DivFOp::create(b, loc, scaledY, twoT), rootScale);
  t = c.mul(t, rootScale);
  Value nonNegative = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE,
                                            x, c.constant(0.0));
  Value re = arith::SelectOp::create(b, loc, nonNegative, t,
                                     math::AbsFOp::create(b, loc, otherPart));
  Value im = arith::SelectOp::create(b, loc, nonNegative, otherPart,
                                     math::CopySignOp::create(b, loc, t, y));
  // z = 0: t is 0 and y / 2t NaN.
  Value zero = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                                     magnitude, c.constant(0.0));
  re = arith::SelectOp::create(b, loc, zero, c.constant(0.0), re);
  im = arith::SelectOp::create(b, loc, zero, y, im);
  // y = +-inf: inf + iy, NaN x included.
  Value infinity = c.constant(std::numeric_limits<double>::infinity());
  Value infiniteY =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ,
                            math::AbsFOp::create(b, loc, y), infinity);
  re = arith::SelectOp::create(b, loc, infiniteY, infinity, re);
  im = arith::SelectOp::create(b, loc, infiniteY, y, im);
  // x = +-inf, y NaN: inf + i NaN, and NaN + i inf (the sign of the
  // imaginary part unspecified; NumPy's is +).
  Value nanY = c.isNaN(y);
  Value positiveX =
      c.both(nanY, arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x,
                                         infinity));
  Value negativeX = c.both(
      nanY, c.compare(arith::CmpFPredicate::OEQ, x, c.negativeInfinity()));
  re = c.select(positiveX, infinity, re);
  im = c.select(negativeX, infinity, im);
  return c.make(re, im);
}

Value lowering::buildComplexLog(OpBuilder &b, Location loc, Value z) {
  // log|z| + i atan2(y, x); near |z| = 1, log|z| as
  // log1p((m - 1)(m + 1) + n^2) / 2 with m and n the larger and smaller
  // magnitude of the parts, which keeps what log(|z|) rounds away
  // (log(1 + 1e-8j) has real part 5e-17, not 0).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value logarithm = complex::LogOp::create(b, loc, z);
  Value absX = math::AbsFOp::create(b, loc, c.re(z));
  Value absY = math::AbsFOp::create(b, loc, c.im(z));
  Value larger = arith::MaximumFOp::create(b, loc, absX, absY);
  Value smaller = arith::MinimumFOp::create(b, loc, absX, absY);
  Value one = c.constant(1.0);
  Value nearOne = arith::AddFOp::create(
      b, loc,
      arith::MulFOp::create(b, loc, arith::SubFOp::create(b, loc, larger, one),
                            arith::AddFOp::create(b, loc, larger, one)),
      arith::MulFOp::create(b, loc, smaller, smaller));
  Value nearRe = arith::MulFOp::create(b, loc, c.constant(0.5),
                                       math::Log1pOp::create(b, loc, nearOne));
  Value near = arith::AndIOp::create(
      b, loc,
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, larger,
                            c.constant(0.5)),
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, larger,
                            c.constant(2.0)));
  Value re = arith::SelectOp::create(b, loc, near, nearRe, c.re(logarithm));
  // Where |z| could overflow (complex64's log(3e38 + 3e38j) is 88.9 +
  // 0.785j), from the parts' ratio.
  re = c.select(c.isHuge(z), c.logMagnitude(z), re);
  // An infinite part makes log|z| infinite, even beside a NaN.
  Value infinite =
      c.compare(arith::CmpFPredicate::OEQ,
                arith::MaxNumFOp::create(b, loc, absX, absY), c.infinity());
  re = c.select(infinite, c.infinity(), re);
  return c.make(re, c.im(logarithm));
}

Value lowering::buildComplexSign(OpBuilder &b, Location loc, Value z) {
  // NumPy's z / |z|: an infinite part beside a finite or NaN one gives the
  // unit in its direction; two infinite parts, or a NaN beside a finite
  // part, NaN in both.
  // Parts so large that |z| could overflow are taken a quarter first
  // (complex64's sign(3e38 + 3e38j) is 0.707 + 0.707j, not 0).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value x = c.re(z), y = c.im(z);
  Value scale = c.factorWhere(c.isHuge(z), 0.25);
  Value unit =
      complex::SignOp::create(b, loc, c.make(c.mul(x, scale), c.mul(y, scale)));
  Value infiniteX = c.isInfinite(x), infiniteY = c.isInfinite(y);
  Value one = c.constant(1.0), zero = c.constant(0.0);
  Value alongX = c.both(infiniteX, c.compare(arith::CmpFPredicate::UNE,
                                             math::AbsFOp::create(b, loc, y),
                                             c.infinity()));
  Value alongY = c.both(infiniteY, c.compare(arith::CmpFPredicate::UNE,
                                             math::AbsFOp::create(b, loc, x),
                                             c.infinity()));
  Value re = c.select(alongX, math::CopySignOp::create(b, loc, one, x),
                      c.select(alongY, zero, c.re(unit)));
  Value im = c.select(alongY, math::CopySignOp::create(b, loc, one, y),
                      c.select(alongX, zero, c.im(unit)));
  return c.make(re, im);
}

Value lowering::buildComplexReciprocal(OpBuilder &b, Location loc, Value z) {
  // NumPy's 1 / z (Smith's quotient): the ratio of the smaller part to the
  // larger, so that 1 / 0 and 1 / z with two infinite parts are NaN in both
  // parts, as NumPy's.
  ComplexBuilder c = getBuilder(b, loc, z);
  Value x = c.re(z), y = c.im(z);
  Value one = c.constant(1.0);
  Value realLarger =
      c.compare(arith::CmpFPredicate::OLE, math::AbsFOp::create(b, loc, y),
                math::AbsFOp::create(b, loc, x));
  // |y| <= |x|: r = y / x, d = x + y r, 1 / z = (1 - ir) / d.
  Value r1 = c.div(y, x);
  Value d1 = c.add(x, c.mul(y, r1));
  Value re1 = c.div(one, d1);
  Value im1 = c.div(arith::NegFOp::create(b, loc, r1), d1);
  // Otherwise: r = x / y, d = x r + y, 1 / z = (r - i) / d.
  Value r2 = c.div(x, y);
  Value d2 = c.add(c.mul(x, r2), y);
  Value re2 = c.div(r2, d2);
  Value im2 = c.div(arith::NegFOp::create(b, loc, one), d2);
  return c.make(c.select(realLarger, re1, re2), c.select(realLarger, im1, im2));
}

Value lowering::buildComplexDivide(OpBuilder &b, Location loc, Value lhs,
                                   Value rhs) {
  // NumPy's quotient (Smith's): with c + id the divisor, the ratio of its
  // smaller part to its larger, and no recovery of infinities (0 / (inf +
  // i inf) is NaN in both parts, as NumPy's); a zero divisor divides each
  // part of the dividend by |c| (inf or NaN).
  ComplexBuilder cb = getBuilder(b, loc, lhs);
  Value a = cb.re(lhs), bIm = cb.im(lhs), c = cb.re(rhs), d = cb.im(rhs);
  Value one = cb.constant(1.0);
  Value absC = math::AbsFOp::create(b, loc, c);
  Value absD = math::AbsFOp::create(b, loc, d);
  Value realLarger = cb.compare(arith::CmpFPredicate::OGE, absC, absD);
  // |c| >= |d|: r = d / c, s = 1 / (c + d r), ((a + b r) + i(b - a r)) s.
  Value r1 = cb.div(d, c);
  Value s1 = cb.div(one, cb.add(c, cb.mul(d, r1)));
  Value re1 = cb.mul(cb.add(a, cb.mul(bIm, r1)), s1);
  Value im1 = cb.mul(cb.sub(bIm, cb.mul(a, r1)), s1);
  // A zero divisor: a / |c| + i b / |c|.
  Value zero = cb.both(cb.isZero(c), cb.isZero(d));
  re1 = cb.select(zero, cb.div(a, absC), re1);
  im1 = cb.select(zero, cb.div(bIm, absC), im1);
  // Otherwise: r = c / d, s = 1 / (d + c r), ((a r + b) + i(b r - a)) s.
  Value r2 = cb.div(c, d);
  Value s2 = cb.div(one, cb.add(d, cb.mul(c, r2)));
  Value re2 = cb.mul(cb.add(cb.mul(a, r2), bIm), s2);
  Value im2 = cb.mul(cb.sub(cb.mul(bIm, r2), a), s2);
  return cb.make(cb.select(realLarger, re1, re2),
                 cb.select(realLarger, im1, im2));
}

/// z w as C99 multiplies (Annex G): the plain products, but where both
/// parts come out NaN and a factor is infinite (or a product overflowed),
/// again with each infinite part as +-1, each finite part of it as +-0 and
/// the NaN parts of the other factor as +-0, times infinity, so that an
/// infinite factor gives an infinite product.
static Value multiplyRecoveringInfinities(ComplexBuilder &c, Value z, Value w) {
  OpBuilder &b = c.b;
  Location loc = c.loc;
  auto copySign = [&](Value x, Value sign) -> Value {
    return math::CopySignOp::create(b, loc, x, sign);
  };
  Value zr = c.re(z), zi = c.im(z), wr = c.re(w), wi = c.im(w);
  Value rr = c.mul(zr, wr), ii = c.mul(zi, wi), ri = c.mul(zr, wi),
        ir = c.mul(zi, wr);
  Value re = c.sub(rr, ii), im = c.add(ri, ir);
  Value one = c.constant(1.0), zero = c.constant(0.0);
  // An infinite part as +-1, a finite one as +-0.
  auto unit = [&](Value x) {
    return copySign(c.select(c.isInfinite(x), one, zero), x);
  };
  auto nanToZero = [&](Value x) {
    return c.select(c.isNaN(x), copySign(zero, x), x);
  };
  Value zInfinite = c.either(c.isInfinite(zr), c.isInfinite(zi));
  Value wInfinite = c.either(c.isInfinite(wr), c.isInfinite(wi));
  Value overflowed = c.either(c.either(c.isInfinite(rr), c.isInfinite(ii)),
                              c.either(c.isInfinite(ri), c.isInfinite(ir)));
  // z's parts: units if z is infinite, else 0 for NaN if w is infinite or
  // a product overflowed; and w's likewise.
  Value zr2 = c.select(zInfinite, unit(zr), nanToZero(zr));
  Value zi2 = c.select(zInfinite, unit(zi), nanToZero(zi));
  Value wr2 = c.select(wInfinite, unit(wr), nanToZero(wr));
  Value wi2 = c.select(wInfinite, unit(wi), nanToZero(wi));
  Value recalculate =
      c.both(c.both(c.isNaN(re), c.isNaN(im)),
             c.either(c.either(zInfinite, wInfinite), overflowed));
  Value recoveredRe =
      c.mul(c.infinity(), c.sub(c.mul(zr2, wr2), c.mul(zi2, wi2)));
  Value recoveredIm =
      c.mul(c.infinity(), c.add(c.mul(zr2, wi2), c.mul(zi2, wr2)));
  return c.make(c.select(recalculate, recoveredRe, re),
                c.select(recalculate, recoveredIm, im));
}

Value lowering::buildComplexPower(OpBuilder &b, Location loc, Value base,
                                  Value exponent) {
  // NumPy's a ** b: 1 for b = 0; for a = 0, 0 where Re b > 0, else NaN in
  // both parts; for an integral real b with |b| < 100, products (a, a a,
  // a (a a) for 1, 2 and 3, else by squaring, the reciprocal of that for
  // a negative b), exact where the parts are small integers (1j ** 2 is -1,
  // not e^(2 log 1j)'s -1 + 1.2e-16j); otherwise e^(b log a) with C99's
  // special values.
  ComplexBuilder c = getBuilder(b, loc, base);
  Value ar = c.re(base), ai = c.im(base);
  Value br = c.re(exponent), bi = c.im(exponent);
  auto multiply = [&](Value x, Value y) -> Value {
    return complex::MulOp::create(b, loc, x, y);
  };
  Value general = buildComplexExp(
      b, loc,
      multiplyRecoveringInfinities(c, exponent, buildComplexLog(b, loc, base)));
  // An integral real exponent n, |n| < 100: a ** |n| by squaring, low bits
  // first, as NumPy multiplies.
  Value realExponent = c.isZero(bi);
  Value integral = c.both(
      realExponent,
      c.both(c.compare(arith::CmpFPredicate::OEQ,
                       math::TruncOp::create(b, loc, br), br),
             c.compare(arith::CmpFPredicate::OLT,
                       math::AbsFOp::create(b, loc, br), c.constant(100.0))));
  Type i32 = b.getI32Type();
  Value magnitude = arith::FPToSIOp::create(
      b, loc, i32,
      c.select(integral, math::AbsFOp::create(b, loc, br), c.constant(0.0)));
  Value one = c.make(c.constant(1.0), c.constant(0.0));
  Value accumulated = one, square = base;
  for (int bit = 0; bit < 7; ++bit) {
    Value set = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(
            b, loc, magnitude,
            arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(1 << bit))),
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0)));
    accumulated = c.selectBoth(set, multiply(accumulated, square), accumulated);
    if (bit + 1 < 7)
      square = multiply(square, square);
  }
  Value negative = c.compare(arith::CmpFPredicate::OLT, br, c.constant(0.0));
  Value byProducts = c.selectBoth(
      negative, buildComplexDivide(b, loc, one, accumulated), accumulated);
  // 1, 2 and 3 as NumPy unrolls them: a, a a, a (a a).
  Value squared = multiply(base, base);
  auto isExponent = [&](double n) {
    return c.both(realExponent,
                  c.compare(arith::CmpFPredicate::OEQ, br, c.constant(n)));
  };
  byProducts = c.selectBoth(isExponent(1.0), base, byProducts);
  byProducts = c.selectBoth(isExponent(2.0), squared, byProducts);
  byProducts =
      c.selectBoth(isExponent(3.0), multiply(base, squared), byProducts);
  Value result = c.selectBoth(integral, byProducts, general);
  // A zero base: 0 for Re b > 0, else NaN.
  Value zeroBase = c.both(c.isZero(ar), c.isZero(ai));
  Value zero = c.make(c.constant(0.0), c.constant(0.0));
  Value nanPair = c.make(c.nan(), c.nan());
  Value positive = c.compare(arith::CmpFPredicate::OGT, br, c.constant(0.0));
  result =
      c.selectBoth(zeroBase, c.selectBoth(positive, zero, nanPair), result);
  // A zero exponent: 1.
  return c.selectBoth(c.both(c.isZero(br), realExponent), one, result);
}

Value lowering::buildComplexExpm1(OpBuilder &b, Location loc, Value z) {
  // NumPy's: expm1(x) cos y - 2 sin^2(y / 2) + i e^x sin y, which keeps
  // tiny parts (expm1(1e-30 + 1e-30j) is 1e-30 + 1e-30j, where
  // e^x cos y - 1 rounds the real part away) and gives e^x sin y's NaN
  // where e^x overflows beside a zero y (inf times 0: NumPy's and
  // PyTorch's expm1(100 + 0j) in complex64 is inf + nanj).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value x = c.re(z), y = c.im(z);
  Value halfSine = math::SinOp::create(b, loc, c.mul(y, c.constant(0.5)));
  Value re =
      c.sub(c.mul(buildRealExpm1(b, loc, x), math::CosOp::create(b, loc, y)),
            c.mul(c.constant(2.0), c.mul(halfSine, halfSine)));
  Value im = c.mul(c.exp(x), math::SinOp::create(b, loc, y));
  return c.make(re, im);
}

Value lowering::buildComplexLog1p(OpBuilder &b, Location loc, Value z) {
  // NumPy's: log|1 + z| + i arg(1 + z), 1 + z formed part by part so that
  // the sign of a zero imaginary part stays (log1p(-1 + 0j) is -inf + 0j).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value one = c.constant(1.0);
  Value x = arith::AddFOp::create(b, loc, c.re(z), one);
  Value y = c.im(z);
  Value magnitude = buildComplexAbs(b, loc, c.make(x, y));
  return c.make(math::LogOp::create(b, loc, magnitude),
                math::Atan2Op::create(b, loc, y, x));
}

namespace {
/// The square roots of 1 - z and 1 + z (or z - 1 and z + 1), formed part by
/// part: 1 - (x + iy) is (1 - x) - iy, whose imaginary part is -y even where
/// y is a zero.
struct RootPair {
  Value minus, plus;
};

RootPair getRootPair(ComplexBuilder &c, Value z, bool oneMinusZ) {
  Value x = c.re(z), y = c.im(z);
  Value one = c.constant(1.0);
  Value negatedY = arith::NegFOp::create(c.b, c.loc, y);
  Value minus =
      oneMinusZ ? c.make(arith::SubFOp::create(c.b, c.loc, one, x), negatedY)
                : c.make(arith::SubFOp::create(c.b, c.loc, x, one), y);
  Value plus = c.make(arith::AddFOp::create(c.b, c.loc, x, one), y);
  return {buildComplexSqrt(c.b, c.loc, minus),
          buildComplexSqrt(c.b, c.loc, plus)};
}

/// Re(u v) and Im(conj(u) v) of complex u, v, from their parts.
Value reOfProduct(ComplexBuilder &c, Value u, Value v) {
  Value a = arith::MulFOp::create(c.b, c.loc, c.re(u), c.re(v));
  Value d = arith::MulFOp::create(c.b, c.loc, c.im(u), c.im(v));
  return arith::SubFOp::create(c.b, c.loc, a, d);
}
Value imOfConjugateProduct(ComplexBuilder &c, Value u, Value v) {
  Value a = arith::MulFOp::create(c.b, c.loc, c.re(u), c.im(v));
  Value d = arith::MulFOp::create(c.b, c.loc, c.im(u), c.re(v));
  return arith::SubFOp::create(c.b, c.loc, a, d);
}
Value reOfConjugateProduct(ComplexBuilder &c, Value u, Value v) {
  Value a = arith::MulFOp::create(c.b, c.loc, c.re(u), c.re(v));
  Value d = arith::MulFOp::create(c.b, c.loc, c.im(u), c.im(v));
  return arith::AddFOp::create(c.b, c.loc, a, d);
}
/// Whether |z| is so large that asinh(z) is log(2z) to the last bit (and
/// the formulas of roots would overflow or meet infinities): 1e8 for f64,
/// 1e4 for f32, where the next term, 1 / 4z^2, is below half an ulp.
Value isLarge(ComplexBuilder &c, Value magnitude) {
  double bound = c.type.getElementType().isF64() ? 1e8 : 1e4;
  return arith::CmpFOp::create(c.b, c.loc, arith::CmpFPredicate::OGT, magnitude,
                               c.constant(bound));
}

/// asin(z) for large |z|: copysign(atan2(|x|, |y|), x)
/// + i copysign(log 2 + log|z|, y), the limit of -i log(2iz) taken on the
/// side of z's signs (infinities included: asin(inf + 0j) is pi/2 + inf j).
Value buildLargeAsin(ComplexBuilder &c, Value z) {
  OpBuilder &b = c.b;
  Location loc = c.loc;
  Value x = c.re(z), y = c.im(z);
  Value absX = math::AbsFOp::create(b, loc, x);
  Value absY = math::AbsFOp::create(b, loc, y);
  Value re = math::CopySignOp::create(
      b, loc, math::Atan2Op::create(b, loc, absX, absY), x);
  Value logTwo = c.constant(0.69314718055994530942);
  Value logTwoZ = arith::AddFOp::create(b, loc, c.logMagnitude(z), logTwo);
  return c.make(re, math::CopySignOp::create(b, loc, logTwoZ, y));
}

/// The parts of an inverse function of z = x + iy that C99 keeps beside a
/// NaN part (Annex G, as NumPy computes them; every other z with a NaN
/// part gives NaN in both): for x = +-0 or x = +-inf beside a NaN y, and
/// for a NaN x beside an infinite y. A null Value keeps the computed part.
struct NaNPartRules {
  std::pair<Value, Value> zeroX, infiniteX, infiniteY;
};

Value applyNaNPartRules(ComplexBuilder &c, Value z, Value result,
                        const NaNPartRules &rules) {
  Value x = c.re(z), y = c.im(z);
  Value re = c.re(result), im = c.im(result);
  auto apply = [&](Value where, std::pair<Value, Value> parts) {
    if (parts.first)
      re = c.select(where, parts.first, re);
    if (parts.second)
      im = c.select(where, parts.second, im);
  };
  apply(c.both(c.isZero(x), c.isNaN(y)), rules.zeroX);
  apply(c.both(c.isInfinite(x), c.isNaN(y)), rules.infiniteX);
  apply(c.both(c.isNaN(x), c.isInfinite(y)), rules.infiniteY);
  return c.make(re, im);
}
} // namespace

Value lowering::buildComplexAsin(OpBuilder &b, Location loc, Value z) {
  // atan2(x, Re(sqrt(1 - z) sqrt(1 + z)))
  //   + i asinh(Im(conj(sqrt(1 - z)) sqrt(1 + z))).
  ComplexBuilder c = getBuilder(b, loc, z);
  RootPair roots = getRootPair(c, z, /*oneMinusZ=*/true);
  Value re = math::Atan2Op::create(b, loc, c.re(z),
                                   reOfProduct(c, roots.minus, roots.plus));
  Value im = math::AsinhOp::create(
      b, loc, imOfConjugateProduct(c, roots.minus, roots.plus));
  Value magnitude = complex::AbsOp::create(b, loc, z);
  Value result =
      c.selectBoth(isLarge(c, magnitude), buildLargeAsin(c, z), c.make(re, im));
  // asin(+-0 + i NaN) = +-0 + i NaN, asin(+-inf + i NaN) = NaN + i inf,
  // asin(NaN + i y) = NaN + iy for an infinite y; asinh = -i asin(iz)
  // follows from them.
  Value x = c.re(z), y = c.im(z);
  return applyNaNPartRules(
      c, z, result, {{x, Value()}, {Value(), c.infinity()}, {Value(), y}});
}

Value lowering::buildComplexAcos(OpBuilder &b, Location loc, Value z) {
  // 2 atan2(Re(sqrt(1 - z)), Re(sqrt(1 + z)))
  //   + i asinh(Im(conj(sqrt(1 + z)) sqrt(1 - z))).
  ComplexBuilder c = getBuilder(b, loc, z);
  RootPair roots = getRootPair(c, z, /*oneMinusZ=*/true);
  Value angle =
      math::Atan2Op::create(b, loc, c.re(roots.minus), c.re(roots.plus));
  Value two = c.constant(2.0);
  Value im = math::AsinhOp::create(
      b, loc, imOfConjugateProduct(c, roots.plus, roots.minus));
  // For large |z|: atan2(|y|, x) - i copysign(log 2 + log|z|, y), the
  // imaginary part asin's negated.
  Value magnitude = complex::AbsOp::create(b, loc, z);
  Value largeAsin = buildLargeAsin(c, z);
  Value largeAcos =
      c.make(math::Atan2Op::create(
                 b, loc, math::AbsFOp::create(b, loc, c.im(z)), c.re(z)),
             arith::NegFOp::create(b, loc, c.im(largeAsin)));
  Value result =
      c.selectBoth(isLarge(c, magnitude), largeAcos,
                   c.make(arith::MulFOp::create(b, loc, two, angle), im));
  // acos(+-0 + i NaN) = pi/2 + i NaN, acos(+-inf + i NaN) = NaN - i inf,
  // acos(NaN + iy) = NaN - iy for an infinite y (not the pi/2 of the
  // angle).
  return applyNaNPartRules(c, z, result,
                           {{c.constant(1.57079632679489661923), Value()},
                            {Value(), c.negativeInfinity()},
                            {c.nan(), arith::NegFOp::create(b, loc, c.im(z))}});
}

Value lowering::buildComplexAsinh(OpBuilder &b, Location loc, Value z) {
  // -i asin(i z).
  ComplexBuilder c = getBuilder(b, loc, z);
  return c.timesMinusI(buildComplexAsin(b, loc, c.timesI(z)));
}

Value lowering::buildComplexAcosh(OpBuilder &b, Location loc, Value z) {
  // asinh(Re(conj(sqrt(z - 1)) sqrt(z + 1)))
  //   + i 2 atan2(Im(sqrt(z - 1)), Re(sqrt(z + 1))).
  ComplexBuilder c = getBuilder(b, loc, z);
  RootPair roots = getRootPair(c, z, /*oneMinusZ=*/false);
  Value re = math::AsinhOp::create(
      b, loc, reOfConjugateProduct(c, roots.minus, roots.plus));
  Value angle =
      math::Atan2Op::create(b, loc, c.im(roots.minus), c.re(roots.plus));
  Value two = c.constant(2.0);
  // For large |z|: log(2z) = log 2 + log|z| + i atan2(y, x).
  Value magnitude = complex::AbsOp::create(b, loc, z);
  Value logTwo = c.constant(0.69314718055994530942);
  Value largeAcosh =
      c.make(arith::AddFOp::create(b, loc, c.logMagnitude(z), logTwo),
             math::Atan2Op::create(b, loc, c.im(z), c.re(z)));
  Value result =
      c.selectBoth(isLarge(c, magnitude), largeAcosh,
                   c.make(re, arith::MulFOp::create(b, loc, two, angle)));
  // acosh(+-0 + i NaN) = NaN + i pi/2; acosh(+-inf + i NaN) and
  // acosh(NaN + iy) for an infinite y are inf + i NaN (not the +-pi/2 of
  // the angle).
  return applyNaNPartRules(c, z, result,
                           {{Value(), c.constant(1.57079632679489661923)},
                            {c.infinity(), Value()},
                            {c.infinity(), c.nan()}});
}

Value lowering::buildComplexAtanh(OpBuilder &b, Location loc, Value z) {
  // Re: log(|1 + z| / |1 - z|) / 2, as log1p(4x / |1 - z|^2) / 4 where that
  // ratio is small (no cancellation, and the sign of a zero x stays), and as
  // x / |z| / |z| where |z| is so large that the squares would overflow.
  // Im: atan2(2y, (1 - x)(1 + x) - y^2) / 2.
  ComplexBuilder c = getBuilder(b, loc, z);
  Type part = c.type.getElementType();
  Value x = c.re(z), y = c.im(z);
  Value one = c.constant(1.0);
  Value oneMinusX = arith::SubFOp::create(b, loc, one, x);
  Value onePlusX = arith::AddFOp::create(b, loc, one, x);
  Value ySquared = arith::MulFOp::create(b, loc, y, y);
  Value denominator = arith::AddFOp::create(
      b, loc, arith::MulFOp::create(b, loc, oneMinusX, oneMinusX), ySquared);
  Value ratio = arith::DivFOp::create(
      b, loc, arith::MulFOp::create(b, loc, c.constant(4.0), x), denominator);
  Value small = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                      math::AbsFOp::create(b, loc, ratio),
                                      c.constant(0.5));
  Value nearRe = arith::MulFOp::create(b, loc, c.constant(0.25),
                                       math::Log1pOp::create(b, loc, ratio));
  Value logPlus = math::LogOp::create(
      b, loc, complex::AbsOp::create(b, loc, c.make(onePlusX, y)));
  Value logMinus = math::LogOp::create(
      b, loc, complex::AbsOp::create(b, loc, c.make(oneMinusX, y)));
  Value farRe =
      arith::MulFOp::create(b, loc, c.constant(0.5),
                            arith::SubFOp::create(b, loc, logPlus, logMinus));
  Value magnitude = complex::AbsOp::create(b, loc, z);
  Value hugeRe = arith::DivFOp::create(
      b, loc, arith::DivFOp::create(b, loc, x, magnitude), magnitude);
  // Beyond the square root of the largest finite value, |z|^2 overflows.
  double hugeBound = part.isF64() ? 1e150 : 1e18;
  Value huge = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                     magnitude, c.constant(hugeBound));
  // An infinite |z| (x / |z| would be NaN for an infinite x): a signed 0.
  Value infinite = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, magnitude,
      c.constant(std::numeric_limits<double>::infinity()));
  hugeRe = arith::SelectOp::create(
      b, loc, infinite, math::CopySignOp::create(b, loc, c.constant(0.0), x),
      hugeRe);
  Value hugeIm =
      math::CopySignOp::create(b, loc, c.constant(1.57079632679489661923), y);
  Value re = arith::SelectOp::create(
      b, loc, huge, hugeRe,
      arith::SelectOp::create(b, loc, small, nearRe, farRe));
  Value im = arith::MulFOp::create(
      b, loc, c.constant(0.5),
      math::Atan2Op::create(
          b, loc, arith::MulFOp::create(b, loc, c.constant(2.0), y),
          arith::SubFOp::create(
              b, loc, arith::MulFOp::create(b, loc, oneMinusX, onePlusX),
              ySquared)));
  Value result = c.make(re, arith::SelectOp::create(b, loc, huge, hugeIm, im));
  // atanh(+-0 + i NaN) = +-0 + i NaN, atanh(+-inf + i NaN) = +-0 + i NaN,
  // atanh(NaN + iy) = 0 + i copysign(pi/2, y) for an infinite y; the zeros
  // take x's sign (a NaN's too, so that atan = -i atanh(iz) gives NumPy's
  // signs).
  Value zero = math::CopySignOp::create(b, loc, c.constant(0.0), x);
  return applyNaNPartRules(c, z, result,
                           {{x, Value()}, {zero, Value()}, {zero, hugeIm}});
}

Value lowering::buildComplexAtan(OpBuilder &b, Location loc, Value z) {
  // -i atanh(i z).
  ComplexBuilder c = getBuilder(b, loc, z);
  return c.timesMinusI(buildComplexAtanh(b, loc, c.timesI(z)));
}
