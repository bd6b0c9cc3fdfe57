//===- Division.cpp - NumPy's integer and float division ------------------===//
//
// NumPy's `//`, `%` and fmod, which the hardware's division does not give
// as they are: integers divided by 0 or the most negative value divided by
// -1 trap in hardware (NumPy gives 0 and a wrapped quotient), and floor
// division and the remainder of floats follow NumPy's divmod, which rounds
// the quotient of the exact remainder.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

namespace {
/// The integer divisors the hardware traps on, and a divisor that never
/// does in their place.
struct SafeDivisor {
  Value byZero, byMinusOne, divisor, zero;
};
} // namespace

/// `rhs` with 1 in place of 0 (and of -1 for signed integers, whose most
/// negative value divided by -1 overflows).
static SafeDivisor getSafeDivisor(OpBuilder &b, Location loc, Value rhs,
                                  bool isUnsigned) {
  Type type = rhs.getType();
  SafeDivisor safe;
  safe.zero = createScalarConstant(b, loc, type, 0);
  Value one = createScalarConstant(b, loc, type, 1);
  safe.byZero =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, safe.zero);
  Value special = safe.byZero;
  if (!isUnsigned) {
    safe.byMinusOne =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs,
                              createScalarConstant(b, loc, type, -1));
    special = arith::OrIOp::create(b, loc, safe.byZero, safe.byMinusOne);
  }
  safe.divisor = arith::SelectOp::create(b, loc, special, one, rhs);
  return safe;
}

Value lowering::buildIntegerFloorDivision(OpBuilder &b, Location loc, Value lhs,
                                          Value rhs, bool isUnsigned) {
  // x // 0 is 0; x // -1 is -x, which wraps for the most negative x.
  SafeDivisor safe = getSafeDivisor(b, loc, rhs, isUnsigned);
  if (isUnsigned) {
    Value quotient = arith::DivUIOp::create(b, loc, lhs, safe.divisor);
    return arith::SelectOp::create(b, loc, safe.byZero, safe.zero, quotient);
  }
  Value quotient = arith::FloorDivSIOp::create(b, loc, lhs, safe.divisor);
  Value negated = arith::SubIOp::create(b, loc, safe.zero, lhs);
  Value result =
      arith::SelectOp::create(b, loc, safe.byMinusOne, negated, quotient);
  return arith::SelectOp::create(b, loc, safe.byZero, safe.zero, result);
}

/// The remainder of signed or unsigned integers, rounded toward zero; 0
/// where the divisor is 0 or -1.
static Value buildTruncatedRemainder(OpBuilder &b, Location loc, Value lhs,
                                     Value rhs, bool isUnsigned,
                                     const SafeDivisor &safe) {
  Value special = safe.byZero;
  Value remainder;
  if (isUnsigned) {
    remainder = arith::RemUIOp::create(b, loc, lhs, safe.divisor);
  } else {
    remainder = arith::RemSIOp::create(b, loc, lhs, safe.divisor);
    special = arith::OrIOp::create(b, loc, safe.byZero, safe.byMinusOne);
  }
  return arith::SelectOp::create(b, loc, special, safe.zero, remainder);
}

Value lowering::buildIntegerRemainder(OpBuilder &b, Location loc, Value lhs,
                                      Value rhs, bool isUnsigned,
                                      bool floored) {
  SafeDivisor safe = getSafeDivisor(b, loc, rhs, isUnsigned);
  Value remainder = buildTruncatedRemainder(b, loc, lhs, rhs, isUnsigned, safe);
  if (isUnsigned || !floored)
    return remainder;
  // NumPy's %: the remainder takes the divisor's sign.
  using P = arith::CmpIPredicate;
  Value remainderNegative =
      arith::CmpIOp::create(b, loc, P::slt, remainder, safe.zero);
  Value divisorNegative = arith::CmpIOp::create(b, loc, P::slt, rhs, safe.zero);
  Value signsDiffer =
      arith::XOrIOp::create(b, loc, remainderNegative, divisorNegative);
  Value nonzero = arith::CmpIOp::create(b, loc, P::ne, remainder, safe.zero);
  Value adjust = arith::AndIOp::create(b, loc, signsDiffer, nonzero);
  Value adjusted = arith::AddIOp::create(b, loc, remainder, rhs);
  return arith::SelectOp::create(b, loc, adjust, adjusted, remainder);
}

Value lowering::buildFloatDivmod(OpBuilder &b, Location loc, Value lhs,
                                 Value rhs, bool wantQuotient) {
  using P = arith::CmpFPredicate;
  Type type = lhs.getType();
  Value zero = createScalarConstant(b, loc, type, 0);
  Value one = createScalarConstant(b, loc, type, 1);
  Value half = createScalarConstant(b, loc, type, 0.5);
  auto cmp = [&](P predicate, Value x, Value y) -> Value {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  };
  auto select = [&](Value condition, Value x, Value y) -> Value {
    return arith::SelectOp::create(b, loc, condition, x, y);
  };
  // NumPy's divmod: the exact remainder of C's fmod, moved to the
  // divisor's sign; the quotient of what remains, rounded to the nearest
  // integer below it.
  Value fmod = arith::RemFOp::create(b, loc, lhs, rhs);
  Value byZero = cmp(P::OEQ, rhs, zero);
  Value remainderNonzero = cmp(P::UNE, fmod, zero);
  Value signsDiffer = arith::XOrIOp::create(b, loc, cmp(P::OLT, rhs, zero),
                                            cmp(P::OLT, fmod, zero));
  Value adjust = arith::AndIOp::create(b, loc, remainderNonzero, signsDiffer);
  Value signedZero = math::CopySignOp::create(b, loc, zero, rhs);
  Value remainder =
      select(adjust, arith::AddFOp::create(b, loc, fmod, rhs), fmod);
  remainder = select(remainderNonzero, remainder, signedZero);
  if (!wantQuotient)
    // x % 0 is fmod's NaN.
    return select(byZero, fmod, remainder);

  Value quotient = arith::DivFOp::create(
      b, loc, arith::SubFOp::create(b, loc, lhs, fmod), rhs);
  quotient =
      select(adjust, arith::SubFOp::create(b, loc, quotient, one), quotient);
  Value floor = math::FloorOp::create(b, loc, quotient);
  Value roundUp =
      cmp(P::OGT, arith::SubFOp::create(b, loc, quotient, floor), half);
  floor = select(roundUp, arith::AddFOp::create(b, loc, floor, one), floor);
  Value trueQuotient = arith::DivFOp::create(b, loc, lhs, rhs);
  Value signedZeroQuotient =
      math::CopySignOp::create(b, loc, zero, trueQuotient);
  Value result = select(cmp(P::UNE, quotient, zero), floor, signedZeroQuotient);
  // x // 0 is x / 0: an infinity, or NaN for 0 and NaN.
  return select(byZero, trueQuotient, result);
}
