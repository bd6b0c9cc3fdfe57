//===- Fp8Conversion.cpp - fp8 bits to and from f32 and f64 ---------------===//
//
// The lowering holds f8E4M3FN and f8E5M2 elements as their i8 bits and
// converts them with integer arithmetic, the same on every target: LLVM has
// no fp8 types, and the code vectorizes as any other integer code.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::ten;

namespace {

/// The layout of an fp8 format: 1 sign bit, exponent bits, mantissa bits.
struct Fp8Format {
  unsigned mantissaBits;
  int bias;
  /// Whether the top exponent field holds infinities and NaNs (f8E5M2), or
  /// numbers (f8E4M3FN, whose only non-finite values are the NaNs with all
  /// bits but the sign set).
  bool hasInfinity;
  /// Bits (without the sign) of the largest finite value, of NaN, and of
  /// what magnitudes beyond the largest finite one become.
  uint64_t maxFinite, nan, overflow;
};

Fp8Format getFormat(FloatType type) {
  if (isa<Float8E4M3FNType>(type))
    return {3, 7, false, 0x7E, 0x7F, 0x7F};
  return {2, 15, true, 0x7B, 0x7E, 0x7C};
}

/// An integer constant of `type`.
Value constant(OpBuilder &b, Location loc, Type type, uint64_t value) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
}

} // namespace

Value lowering::convertFromFp8(OpBuilder &b, Location loc, Value bits,
                               FloatType format) {
  Fp8Format fp8 = getFormat(format);
  Type i32 = b.getI32Type();
  Type f32 = b.getF32Type();
  auto c = [&](uint64_t value) { return constant(b, loc, i32, value); };
  Value word = arith::ExtUIOp::create(b, loc, i32, bits);
  Value sign = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, word, c(0x80)), c(24));
  Value magnitude = arith::AndIOp::create(b, loc, word, c(0x7F));
  Value exponent =
      arith::ShRUIOp::create(b, loc, magnitude, c(fp8.mantissaBits));
  Value mantissa =
      arith::AndIOp::create(b, loc, word, c((1u << fp8.mantissaBits) - 1));

  // Normal numbers: the exponent rebiased, the mantissa at the top of f32's.
  Value rebiased = arith::AddIOp::create(
      b, loc, magnitude, c((127 - fp8.bias) << fp8.mantissaBits));
  Value normal =
      arith::ShLIOp::create(b, loc, rebiased, c(23 - fp8.mantissaBits));
  // Subnormal numbers (and zero): mantissa * 2^(1 - bias - mantissaBits).
  Value scaled = arith::MulFOp::create(
      b, loc, arith::UIToFPOp::create(b, loc, f32, mantissa),
      createScalarConstant(b, loc, f32,
                           std::ldexp(1.0, 1 - fp8.bias - fp8.mantissaBits)));
  Value subnormal = arith::BitcastOp::create(b, loc, i32, scaled);
  Value isSubnormal =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent, c(0));
  Value result =
      arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
  // Infinities and NaNs: f32's top exponent, the mantissa kept (non-zero
  // for NaN); f8E4M3FN's only such bits are NaN.
  Value nonFinite;
  Value special;
  if (fp8.hasInfinity) {
    nonFinite =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, exponent,
                              c((1u << (7 - fp8.mantissaBits)) - 1));
    special = arith::OrIOp::create(
        b, loc, c(0x7F800000),
        arith::ShLIOp::create(b, loc, mantissa, c(23 - fp8.mantissaBits)));
  } else {
    nonFinite = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      magnitude, c(fp8.nan));
    special = c(0x7FC00000);
  }
  result = arith::SelectOp::create(b, loc, nonFinite, special, result);
  result = arith::OrIOp::create(b, loc, result, sign);
  return arith::BitcastOp::create(b, loc, f32, result);
}

Value lowering::convertToFp8(OpBuilder &b, Location loc, Value value,
                             FloatType format) {
  Fp8Format fp8 = getFormat(format);
  auto from = cast<FloatType>(value.getType());
  unsigned width = from.getWidth();
  unsigned fromMantissaBits = from.getFPMantissaWidth() - 1;
  int fromBias = (1 << (width - fromMantissaBits - 2)) - 1;
  Type word = b.getIntegerType(width);
  auto c = [&](uint64_t constantValue) {
    return constant(b, loc, word, constantValue);
  };
  Value bits = arith::BitcastOp::create(b, loc, word, value);
  Value sign = arith::ShRUIOp::create(b, loc, bits, c(width - 1));
  Value magnitudeBits =
      arith::AndIOp::create(b, loc, bits, c((uint64_t(1) << (width - 1)) - 1));
  Value magnitude = math::AbsFOp::create(b, loc, value);

  // Normal results: round the mantissa to nearest even on the bits (a carry
  // into the exponent is the next binade), then rebias the exponent.
  unsigned shift = fromMantissaBits - fp8.mantissaBits;
  Value lowestKept = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, magnitudeBits, c(shift)), c(1));
  Value rounded = arith::AddIOp::create(
      b, loc, magnitudeBits,
      arith::AddIOp::create(b, loc, lowestKept,
                            c((uint64_t(1) << (shift - 1)) - 1)));
  Value normal = arith::SubIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, rounded, c(shift)),
      c(uint64_t(fromBias - fp8.bias) << fp8.mantissaBits));
  // Below the smallest normal value, the bits are the magnitude in units of
  // the smallest subnormal one, rounded to nearest even (the smallest
  // normal value's bits when it rounds up to it).
  Value scaled = arith::MulFOp::create(
      b, loc, magnitude,
      createScalarConstant(b, loc, from,
                           std::ldexp(1.0, fp8.bias - 1 + fp8.mantissaBits)));
  Value subnormal = arith::FPToUIOp::create(
      b, loc, word, math::RoundEvenOp::create(b, loc, scaled));
  Value isSubnormal = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OLT, magnitude,
      createScalarConstant(b, loc, from, std::ldexp(1.0, 1 - fp8.bias)));
  Value result =
      arith::SelectOp::create(b, loc, isSubnormal, subnormal, normal);
  // Beyond the largest finite value (infinity included), and NaN.
  Value overflows = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt,
                                          result, c(fp8.maxFinite));
  result = arith::SelectOp::create(b, loc, overflows, c(fp8.overflow), result);
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  result = arith::SelectOp::create(b, loc, isNaN, c(fp8.nan), result);
  result = arith::OrIOp::create(b, loc, result,
                                arith::ShLIOp::create(b, loc, sign, c(7)));
  return arith::TruncIOp::create(b, loc, b.getI8Type(), result);
}
