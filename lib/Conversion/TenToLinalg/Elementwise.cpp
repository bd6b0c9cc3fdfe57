//===- Elementwise.cpp - elementwise ten ops to linalg.generic ------------===//
//
// Unary and binary math, cmp, select, cast and broadcast each become one
// elementwise linalg.generic whose indexing maps broadcast the operands.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenOps.h"
#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::ten;
using namespace mlir::ten::lowering;

Value lowering::buildRealExpm1(OpBuilder &b, Location loc, Value x) {
  // Kahan's expm1, (u - 1) (x / log(u)) with u = e^x, exact for small x to
  // a few ulps: the CPU's lowering of math.expm1 computes e^x - 1, which
  // loses every digit of a small x. x / log(u) is near 1, so the product
  // overflows only where e^x does ((u - 1) x would from x = 88 in f32).
  // u = 1 gives x, u = 0 gives -1, and u = infinity gives infinity (the
  // quotient would be NaN); NaN stays NaN.
  using P = arith::CmpFPredicate;
  Type type = x.getType();
  Value one = createScalarConstant(b, loc, type, 1);
  Value u = math::ExpOp::create(b, loc, x);
  Value uMinusOne = arith::SubFOp::create(b, loc, u, one);
  Value quotient = arith::MulFOp::create(
      b, loc, uMinusOne,
      arith::DivFOp::create(b, loc, x, math::LogOp::create(b, loc, u)));
  auto select = [&](P predicate, Value lhs, Value rhs, Value then,
                    Value otherwise) -> Value {
    return arith::SelectOp::create(
        b, loc, arith::CmpFOp::create(b, loc, predicate, lhs, rhs), then,
        otherwise);
  };
  Value result = select(P::OEQ, u, one, x, quotient);
  result = select(P::OEQ, uMinusOne, createScalarConstant(b, loc, type, -1),
                  uMinusOne, result);
  auto floatType = cast<FloatType>(type);
  Value infinity = arith::ConstantOp::create(
      b, loc,
      b.getFloatAttr(type, APFloat::getInf(floatType.getFloatSemantics())));
  return select(P::OEQ, u, infinity, u, result);
}

namespace {

//===----------------------------------------------------------------------===//
// Scalar bodies
//===----------------------------------------------------------------------===//

// Each function computes one element of the result from one element of each
// operand. Float arguments arrive in their compute type (f32 for f16 and
// bf16), integers as they are, signless: where signedness matters, the op's
// own operand types say whether they are unsigned.

using Args = ValueRange;

bool isFloat(Value value) { return isa<FloatType>(value.getType()); }
bool isBool(Value value) { return value.getType().isInteger(1); }
bool isComplex(Value value) { return isa<ComplexType>(value.getType()); }

/// Whether `op`'s integer operands are unsigned (i1 included).
bool hasUnsignedOperands(Operation *op) {
  return isUnsignedInteger(op->getOperand(0).getType());
}

Value buildScalar(AddOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::AddOp::create(b, loc, a[0], a[1]);
  if (isFloat(a[0]))
    return arith::AddFOp::create(b, loc, a[0], a[1]);
  return arith::AddIOp::create(b, loc, a[0], a[1]);
}

Value buildScalar(SubOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::SubOp::create(b, loc, a[0], a[1]);
  if (isFloat(a[0]))
    return arith::SubFOp::create(b, loc, a[0], a[1]);
  return arith::SubIOp::create(b, loc, a[0], a[1]);
}

Value buildScalar(MulOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::MulOp::create(b, loc, a[0], a[1]);
  if (isFloat(a[0]))
    return arith::MulFOp::create(b, loc, a[0], a[1]);
  return arith::MulIOp::create(b, loc, a[0], a[1]);
}

/// 0, 1 and -1 of an integer type: the operands that integer division and
/// powers treat apart.
struct UnitIntegers {
  Value zero, one, minusOne;
};

UnitIntegers getUnitIntegers(OpBuilder &b, Location loc, Type type) {
  return {createScalarConstant(b, loc, type, 0),
          createScalarConstant(b, loc, type, 1),
          createScalarConstant(b, loc, type, -1)};
}

Value buildScalar(DivOp op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexDivide(b, loc, a[0], a[1]);
  if (isFloat(a[0]))
    return arith::DivFOp::create(b, loc, a[0], a[1]);
  // Integers: NumPy's //, which never traps (x // 0 is 0).
  return buildIntegerFloorDivision(b, loc, a[0], a[1], hasUnsignedOperands(op));
}

Value buildScalar(FloorDivOp op, OpBuilder &b, Location loc, Args a) {
  if (isFloat(a[0]))
    return buildFloatDivmod(b, loc, a[0], a[1], /*wantQuotient=*/true);
  return buildIntegerFloorDivision(b, loc, a[0], a[1], hasUnsignedOperands(op));
}

Value buildScalar(RemOp op, OpBuilder &b, Location loc, Args a) {
  if (isFloat(a[0]))
    return buildFloatDivmod(b, loc, a[0], a[1], /*wantQuotient=*/false);
  return buildIntegerRemainder(b, loc, a[0], a[1], hasUnsignedOperands(op),
                               /*floored=*/true);
}

Value buildScalar(FmodOp op, OpBuilder &b, Location loc, Args a) {
  if (isFloat(a[0]))
    return arith::RemFOp::create(b, loc, a[0], a[1]);
  return buildIntegerRemainder(b, loc, a[0], a[1], hasUnsignedOperands(op),
                               /*floored=*/false);
}

Value buildScalar(Atan2Op, OpBuilder &b, Location loc, Args a) {
  return math::Atan2Op::create(b, loc, a[0], a[1]);
}

/// Euclid's algorithm on the magnitudes, read as unsigned: while the second
/// is not zero, (x, y) becomes (y, x mod y); the first is the divisor.
Value buildScalar(GcdOp op, OpBuilder &b, Location loc, Args a) {
  SmallVector<Value> magnitudes(a.begin(), a.end());
  if (!hasUnsignedOperands(op))
    for (Value &value : magnitudes)
      value = math::AbsIOp::create(b, loc, value);
  Type type = magnitudes[0].getType();
  Value zero = createScalarConstant(b, loc, type, 0);
  auto loop = scf::WhileOp::create(
      b, loc, TypeRange{type, type}, magnitudes,
      [&](OpBuilder &cb, Location cl, ValueRange pair) {
        Value more = arith::CmpIOp::create(cb, cl, arith::CmpIPredicate::ne,
                                           pair[1], zero);
        scf::ConditionOp::create(cb, cl, more, pair);
      },
      [&](OpBuilder &bb, Location bl, ValueRange pair) {
        Value remainder = arith::RemUIOp::create(bb, bl, pair[0], pair[1]);
        scf::YieldOp::create(bb, bl, ValueRange{pair[1], remainder});
      });
  return loop.getResult(0);
}

Value buildScalar(AndOp, OpBuilder &b, Location loc, Args a) {
  return arith::AndIOp::create(b, loc, a[0], a[1]);
}
Value buildScalar(OrOp, OpBuilder &b, Location loc, Args a) {
  return arith::OrIOp::create(b, loc, a[0], a[1]);
}
Value buildScalar(XorOp, OpBuilder &b, Location loc, Args a) {
  return arith::XOrIOp::create(b, loc, a[0], a[1]);
}

/// Whether the shift amount `amount`, read as unsigned (as NumPy casts it
/// to size_t), is less than the width: shifts by more are poison in arith.
Value isShiftInRange(OpBuilder &b, Location loc, Value amount) {
  Type type = amount.getType();
  Value width =
      createScalarConstant(b, loc, type, type.getIntOrFloatBitWidth());
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount,
                               width);
}

Value buildScalar(ShlOp, OpBuilder &b, Location loc, Args a) {
  Value inRange = isShiftInRange(b, loc, a[1]);
  Value zero = createScalarConstant(b, loc, a[0].getType(), 0);
  Value amount = arith::SelectOp::create(b, loc, inRange, a[1], zero);
  Value shifted = arith::ShLIOp::create(b, loc, a[0], amount);
  return arith::SelectOp::create(b, loc, inRange, shifted, zero);
}

Value buildScalar(ShrOp op, OpBuilder &b, Location loc, Args a) {
  Value inRange = isShiftInRange(b, loc, a[1]);
  Value zero = createScalarConstant(b, loc, a[0].getType(), 0);
  Value amount = arith::SelectOp::create(b, loc, inRange, a[1], zero);
  if (hasUnsignedOperands(op)) {
    Value shifted = arith::ShRUIOp::create(b, loc, a[0], amount);
    return arith::SelectOp::create(b, loc, inRange, shifted, zero);
  }
  // Shifted out entirely, a signed integer is its sign: 0 or -1.
  Value shifted = arith::ShRSIOp::create(b, loc, a[0], amount);
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, a[0], zero);
  Value sign = arith::SelectOp::create(
      b, loc, negative, createScalarConstant(b, loc, a[0].getType(), -1), zero);
  return arith::SelectOp::create(b, loc, inRange, shifted, sign);
}

/// An exponent of unsigned integers that math.ipowi, which reads exponents
/// as signed, gives the same power for: an exponent with its top bit set is
/// taken modulo 2^(n-2), the order of every odd number's powers modulo 2^n,
/// plus 2^(n-2), at least n, which sends every even base to 0 as the
/// exponent itself does.
Value getSignedExponent(OpBuilder &b, Location loc, Value exponent) {
  unsigned width = exponent.getType().getIntOrFloatBitWidth();
  Type type = exponent.getType();
  auto constant = [&](const APInt &value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getIntegerAttr(type, value));
  };
  Value zero = constant(APInt::getZero(width));
  Value topBitSet =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, exponent, zero);
  Value period = constant(APInt::getOneBitSet(width, width - 2));
  Value residue = arith::AndIOp::create(
      b, loc, exponent, constant(APInt::getLowBitsSet(width, width - 2)));
  Value reduced = arith::OrIOp::create(b, loc, residue, period);
  return arith::SelectOp::create(b, loc, topBitSet, reduced, exponent);
}

/// Whether the exponent of `op` is one number (every dimension of size 1):
/// NumPy's power loop then always sees it with stride 0. (An exponent that
/// varies along some dimensions only is seen so or not, as NumPy's iterator
/// orders the loops; pow is kept for it.)
bool hasScalarExponent(PowOp op) {
  auto exponent = dyn_cast<RankedTensorType>(op.getRhs().getType());
  return exponent && exponent.hasStaticShape() &&
         exponent.getNumElements() == 1;
}

/// NumPy's float32 and float64 power loop, given an exponent of stride 0 in
/// its inner loop, computes the exponents -1, 0, 0.5, 1 and 2 directly:
/// 1 / x, 1, sqrt(x) (-0 for -0, NaN for -inf, where pow gives +0 and
/// +inf), x and x * x. Selected by the exponent's value, so that a
/// constant one folds to its case.
Value buildNumPyFastPower(OpBuilder &b, Location loc, Value x, Value y) {
  Type type = x.getType();
  auto constant = [&](double value) {
    return arith::ConstantOp::create(b, loc, b.getFloatAttr(type, value));
  };
  Value result = math::PowFOp::create(b, loc, x, y);
  auto choose = [&](double exponent, Value value) {
    Value is = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, y,
                                     constant(exponent));
    result = arith::SelectOp::create(b, loc, is, value, result);
  };
  choose(2.0, arith::MulFOp::create(b, loc, x, x));
  choose(1.0, x);
  choose(0.5, math::SqrtOp::create(b, loc, x));
  choose(0.0, constant(1.0));
  choose(-1.0, arith::DivFOp::create(b, loc, constant(1.0), x));
  return result;
}

Value buildScalar(PowOp op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexPower(b, loc, a[0], a[1]);
  if (isFloat(a[0])) {
    // float16's loop (and the other narrow floats') has no such cases.
    Type element = getElementTypeOrSelf(op.getLhs().getType());
    if ((element.isF32() || element.isF64()) && hasScalarExponent(op))
      return buildNumPyFastPower(b, loc, a[0], a[1]);
    return math::PowFOp::create(b, loc, a[0], a[1]);
  }
  if (hasUnsignedOperands(op))
    return math::IPowIOp::create(b, loc, a[0], getSignedExponent(b, loc, a[1]));
  // A negative exponent known at compile time is an error (NumPy's rule, see
  // the lowering pattern); one that only run time shows gives PyTorch's
  // values: 1 ** n is 1, (-1) ** n is -1 for odd n and 1 for even n, and
  // every other base gives 0 (the integer part of 1 / x**|n|), 0 included.
  // math.ipowi only ever sees exponents of 0 or more: its own negative case
  // divides by a zero base.
  auto [zero, one, minusOne] = getUnitIntegers(b, loc, a[0].getType());
  Value negative =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, a[1], zero);
  Value exponent = arith::SelectOp::create(b, loc, negative, zero, a[1]);
  Value power = math::IPowIOp::create(b, loc, a[0], exponent);
  Value odd = arith::TruncIOp::create(b, loc, b.getI1Type(), a[1]);
  Value baseIsOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, a[0], one);
  Value baseIsMinusOne =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, a[0], minusOne);
  Value minusOnePower = arith::SelectOp::create(b, loc, odd, minusOne, one);
  Value reciprocal = arith::SelectOp::create(
      b, loc, baseIsOne, one,
      arith::SelectOp::create(b, loc, baseIsMinusOne, minusOnePower, zero));
  return arith::SelectOp::create(b, loc, negative, reciprocal, power);
}

Value buildScalar(MaxOp op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return selectComplexExtremum(/*isMax=*/true, b, loc, a[0], a[1]);
  if (isFloat(a[0]))
    return arith::MaximumFOp::create(b, loc, a[0], a[1]);
  if (isBool(a[0]))
    return arith::OrIOp::create(b, loc, a[0], a[1]);
  if (hasUnsignedOperands(op))
    return arith::MaxUIOp::create(b, loc, a[0], a[1]);
  return arith::MaxSIOp::create(b, loc, a[0], a[1]);
}

Value buildScalar(MinOp op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return selectComplexExtremum(/*isMax=*/false, b, loc, a[0], a[1]);
  if (isFloat(a[0]))
    return arith::MinimumFOp::create(b, loc, a[0], a[1]);
  if (isBool(a[0]))
    return arith::AndIOp::create(b, loc, a[0], a[1]);
  if (hasUnsignedOperands(op))
    return arith::MinUIOp::create(b, loc, a[0], a[1]);
  return arith::MinSIOp::create(b, loc, a[0], a[1]);
}

Value buildScalar(CmpOp op, OpBuilder &b, Location loc, Args a) {
  CmpPredicate predicate = op.getPredicate();
  if (isComplex(a[0]))
    return compareComplex(predicate, b, loc, a[0], a[1]);
  if (isFloat(a[0])) {
    // Ordered comparisons, except `ne`: NaN compares unequal to everything.
    arith::CmpFPredicate floatPredicate = arith::CmpFPredicate::OEQ;
    switch (predicate) {
    case CmpPredicate::eq:
      floatPredicate = arith::CmpFPredicate::OEQ;
      break;
    case CmpPredicate::ne:
      floatPredicate = arith::CmpFPredicate::UNE;
      break;
    case CmpPredicate::lt:
      floatPredicate = arith::CmpFPredicate::OLT;
      break;
    case CmpPredicate::le:
      floatPredicate = arith::CmpFPredicate::OLE;
      break;
    case CmpPredicate::gt:
      floatPredicate = arith::CmpFPredicate::OGT;
      break;
    case CmpPredicate::ge:
      floatPredicate = arith::CmpFPredicate::OGE;
      break;
    }
    return arith::CmpFOp::create(b, loc, floatPredicate, a[0], a[1]);
  }
  // i1 orders false before true, as unsigned integers do.
  bool isUnsigned = hasUnsignedOperands(op);
  arith::CmpIPredicate intPredicate = arith::CmpIPredicate::eq;
  switch (predicate) {
  case CmpPredicate::eq:
    intPredicate = arith::CmpIPredicate::eq;
    break;
  case CmpPredicate::ne:
    intPredicate = arith::CmpIPredicate::ne;
    break;
  case CmpPredicate::lt:
    intPredicate =
        isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  case CmpPredicate::le:
    intPredicate =
        isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case CmpPredicate::gt:
    intPredicate =
        isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case CmpPredicate::ge:
    intPredicate =
        isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  }
  return arith::CmpIOp::create(b, loc, intPredicate, a[0], a[1]);
}

Value buildScalar(ComplexOp, OpBuilder &b, Location loc, Args a) {
  return complex::CreateOp::create(b, loc, ComplexType::get(a[0].getType()),
                                   a[0], a[1]);
}

Value buildScalar(SelectOp, OpBuilder &b, Location loc, Args a) {
  return arith::SelectOp::create(b, loc, a[0], a[1], a[2]);
}

Value buildScalar(NegOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::NegOp::create(b, loc, a[0]);
  if (isFloat(a[0]))
    return arith::NegFOp::create(b, loc, a[0]);
  Value zero = createScalarConstant(b, loc, a[0].getType(), 0);
  return arith::SubIOp::create(b, loc, zero, a[0]);
}

Value buildScalar(AbsOp op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAbs(b, loc, a[0]);
  if (isFloat(a[0]))
    return math::AbsFOp::create(b, loc, a[0]);
  if (hasUnsignedOperands(op))
    return a[0];
  return math::AbsIOp::create(b, loc, a[0]);
}

Value buildScalar(ReluOp op, OpBuilder &b, Location loc, Args a) {
  if (hasUnsignedOperands(op))
    return a[0];
  // x < 0 ? 0 : x keeps NaN, as PyTorch's relu does.
  Value zero = createScalarConstant(b, loc, a[0].getType(), 0);
  Value negative = isFloat(a[0])
                       ? Value(arith::CmpFOp::create(
                             b, loc, arith::CmpFPredicate::OLT, a[0], zero))
                       : Value(arith::CmpIOp::create(
                             b, loc, arith::CmpIPredicate::slt, a[0], zero));
  return arith::SelectOp::create(b, loc, negative, zero, a[0]);
}

Value buildScalar(ExpOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexExp(b, loc, a[0]);
  return math::ExpOp::create(b, loc, a[0]);
}
Value buildScalar(LogOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexLog(b, loc, a[0]);
  return math::LogOp::create(b, loc, a[0]);
}
Value buildScalar(SqrtOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexSqrt(b, loc, a[0]);
  return math::SqrtOp::create(b, loc, a[0]);
}
Value buildScalar(RsqrtOp, OpBuilder &b, Location loc, Args a) {
  return math::RsqrtOp::create(b, loc, a[0]);
}
Value buildScalar(TanhOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexTanh(/*isTan=*/false, b, loc, a[0]);
  return math::TanhOp::create(b, loc, a[0]);
}
Value buildScalar(SinOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexCircular(/*isSin=*/true, b, loc, a[0]);
  return math::SinOp::create(b, loc, a[0]);
}
Value buildScalar(CosOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexCircular(/*isSin=*/false, b, loc, a[0]);
  return math::CosOp::create(b, loc, a[0]);
}
Value buildScalar(ErfOp, OpBuilder &b, Location loc, Args a) {
  return math::ErfOp::create(b, loc, a[0]);
}
// The C library's erfc (libdevice's on the GPU): 1 - erf(x) would lose
// every digit where erf(x) rounds to 1 (x > 4 in f32, 6 in f64).
Value buildScalar(ErfcOp, OpBuilder &b, Location loc, Args a) {
  return math::ErfcOp::create(b, loc, a[0]);
}

// Real numbers are their own real part and conjugate, with an imaginary part
// of 0 and the angle atan2(0, x): pi for negative numbers and -0.0.
Value buildScalar(RealOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::ReOp::create(b, loc, a[0]);
  return a[0];
}
Value buildScalar(ImagOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::ImOp::create(b, loc, a[0]);
  return createScalarConstant(b, loc, a[0].getType(), 0);
}
Value buildScalar(ConjOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::ConjOp::create(b, loc, a[0]);
  return a[0];
}
Value buildScalar(AngleOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::AngleOp::create(b, loc, a[0]);
  Value zero = createScalarConstant(b, loc, a[0].getType(), 0);
  return math::Atan2Op::create(b, loc, zero, a[0]);
}

// Rounding: integers and booleans are integral already.
Value buildScalar(FloorOp, OpBuilder &b, Location loc, Args a) {
  return isFloat(a[0]) ? math::FloorOp::create(b, loc, a[0]) : a[0];
}
Value buildScalar(CeilOp, OpBuilder &b, Location loc, Args a) {
  return isFloat(a[0]) ? math::CeilOp::create(b, loc, a[0]) : a[0];
}
Value buildScalar(TruncOp, OpBuilder &b, Location loc, Args a) {
  return isFloat(a[0]) ? math::TruncOp::create(b, loc, a[0]) : a[0];
}

/// `fn` of each part of the complex number `value`, as a complex number.
Value mapParts(OpBuilder &b, Location loc, Value value,
               function_ref<Value(Value)> fn) {
  Value re = fn(complex::ReOp::create(b, loc, value));
  Value im = fn(complex::ImOp::create(b, loc, value));
  return complex::CreateOp::create(b, loc, value.getType(), re, im);
}

Value buildScalar(RoundOp, OpBuilder &b, Location loc, Args a) {
  auto roundEven = [&](Value x) -> Value {
    return math::RoundEvenOp::create(b, loc, x);
  };
  if (isComplex(a[0]))
    return mapParts(b, loc, a[0], roundEven);
  return isFloat(a[0]) ? roundEven(a[0]) : a[0];
}

Value buildScalar(SignOp op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexSign(b, loc, a[0]);
  Type type = a[0].getType();
  Value zero = createScalarConstant(b, loc, type, 0);
  Value one = createScalarConstant(b, loc, type, 1);
  if (isFloat(a[0])) {
    // -1, 0 or 1; NaN stays NaN (and -0.0 gives 0.0, as in NumPy).
    using P = arith::CmpFPredicate;
    auto cmp = [&](P predicate) -> Value {
      return arith::CmpFOp::create(b, loc, predicate, a[0], zero);
    };
    Value minusOne = createScalarConstant(b, loc, type, -1);
    Value result = arith::SelectOp::create(b, loc, cmp(P::OEQ), zero, a[0]);
    result = arith::SelectOp::create(b, loc, cmp(P::OLT), minusOne, result);
    return arith::SelectOp::create(b, loc, cmp(P::OGT), one, result);
  }
  using P = arith::CmpIPredicate;
  if (hasUnsignedOperands(op))
    return arith::ExtUIOp::create(
        b, loc, type, arith::CmpIOp::create(b, loc, P::ne, a[0], zero));
  // (x > 0) - (x < 0).
  Value positive = arith::ExtUIOp::create(
      b, loc, type, arith::CmpIOp::create(b, loc, P::sgt, a[0], zero));
  Value negative = arith::ExtUIOp::create(
      b, loc, type, arith::CmpIOp::create(b, loc, P::slt, a[0], zero));
  return arith::SubIOp::create(b, loc, positive, negative);
}

Value buildScalar(SquareOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return complex::MulOp::create(b, loc, a[0], a[0]);
  if (isFloat(a[0]))
    return arith::MulFOp::create(b, loc, a[0], a[0]);
  return arith::MulIOp::create(b, loc, a[0], a[0]);
}

Value buildScalar(ReciprocalOp op, OpBuilder &b, Location loc, Args a) {
  Type type = a[0].getType();
  if (isComplex(a[0]))
    return buildComplexReciprocal(b, loc, a[0]);
  if (isFloat(a[0]))
    return arith::DivFOp::create(b, loc, createScalarConstant(b, loc, type, 1),
                                 a[0]);
  // 1 / x rounded toward zero: 1 for 1, -1 for -1, else 0; 1 / 0 as NumPy
  // gives it on x86-64 (its f64 quotient, infinity, converted by the
  // hardware: the most negative value of 32 and 64 bits, whose low bits are
  // 0 for narrower integers).
  using P = arith::CmpIPredicate;
  auto [zero, one, minusOne] = getUnitIntegers(b, loc, type);
  unsigned width = type.getIntOrFloatBitWidth();
  Value byZero = zero;
  if (!hasUnsignedOperands(op) && width >= 32)
    byZero = arith::ConstantOp::create(
        b, loc, b.getIntegerAttr(type, APInt::getSignedMinValue(width)));
  Value result = arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, P::eq, a[0], one), one, zero);
  if (!hasUnsignedOperands(op))
    result = arith::SelectOp::create(
        b, loc, arith::CmpIOp::create(b, loc, P::eq, a[0], minusOne), minusOne,
        result);
  return arith::SelectOp::create(
      b, loc, arith::CmpIOp::create(b, loc, P::eq, a[0], zero), byZero, result);
}

Value buildScalar(Log1pOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexLog1p(b, loc, a[0]);
  return math::Log1pOp::create(b, loc, a[0]);
}
Value buildScalar(Expm1Op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexExpm1(b, loc, a[0]);
  return buildRealExpm1(b, loc, a[0]);
}

/// The complex number `value` with both parts multiplied by `factor`.
Value scaleComplex(OpBuilder &b, Location loc, Value value, double factor) {
  Type part = cast<ComplexType>(value.getType()).getElementType();
  Value scale = createScalarConstant(b, loc, part, factor);
  return mapParts(b, loc, value, [&](Value x) -> Value {
    return arith::MulFOp::create(b, loc, x, scale);
  });
}

// Complex logarithms in another base are the natural one scaled, and 2 ** z
// is e ** (z ln 2), as NumPy computes them.
Value buildScalar(Log2Op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return scaleComplex(b, loc, buildComplexLog(b, loc, a[0]),
                        1.0 / llvm::numbers::ln2);
  return math::Log2Op::create(b, loc, a[0]);
}
Value buildScalar(Log10Op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return scaleComplex(b, loc, buildComplexLog(b, loc, a[0]),
                        1.0 / llvm::numbers::ln10);
  return math::Log10Op::create(b, loc, a[0]);
}
Value buildScalar(Exp2Op, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexExp(b, loc,
                           scaleComplex(b, loc, a[0], llvm::numbers::ln2));
  return math::Exp2Op::create(b, loc, a[0]);
}
Value buildScalar(CbrtOp, OpBuilder &b, Location loc, Args a) {
  return math::CbrtOp::create(b, loc, a[0]);
}
Value buildScalar(TanOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexTanh(/*isTan=*/true, b, loc, a[0]);
  return math::TanOp::create(b, loc, a[0]);
}
Value buildScalar(AsinOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAsin(b, loc, a[0]);
  return math::AsinOp::create(b, loc, a[0]);
}
Value buildScalar(AcosOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAcos(b, loc, a[0]);
  return math::AcosOp::create(b, loc, a[0]);
}
Value buildScalar(AtanOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAtan(b, loc, a[0]);
  return math::AtanOp::create(b, loc, a[0]);
}
Value buildScalar(SinhOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexHyperbolic(/*isSinh=*/true, b, loc, a[0]);
  return math::SinhOp::create(b, loc, a[0]);
}
Value buildScalar(CoshOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexHyperbolic(/*isSinh=*/false, b, loc, a[0]);
  return math::CoshOp::create(b, loc, a[0]);
}
Value buildScalar(AsinhOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAsinh(b, loc, a[0]);
  return math::AsinhOp::create(b, loc, a[0]);
}
Value buildScalar(AcoshOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAcosh(b, loc, a[0]);
  return math::AcoshOp::create(b, loc, a[0]);
}
Value buildScalar(AtanhOp, OpBuilder &b, Location loc, Args a) {
  if (isComplex(a[0]))
    return buildComplexAtanh(b, loc, a[0]);
  return math::AtanhOp::create(b, loc, a[0]);
}

/// Classifies each real part of `value` with `test` and combines a complex
/// number's two with `both` (or, for NaN and infinity; and, for finite).
/// Integers and booleans are `integers`.
template <typename Combine>
Value classify(OpBuilder &b, Location loc, Value value, bool integers,
               function_ref<Value(Value)> test) {
  if (isComplex(value))
    return Combine::create(b, loc, test(complex::ReOp::create(b, loc, value)),
                           test(complex::ImOp::create(b, loc, value)));
  if (isFloat(value))
    return test(value);
  return createScalarConstant(b, loc, b.getI1Type(), integers);
}

Value buildScalar(IsNanOp, OpBuilder &b, Location loc, Args a) {
  return classify<arith::OrIOp>(b, loc, a[0], false, [&](Value x) -> Value {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  });
}

/// |x| compared with infinity by `predicate`.
Value compareMagnitudeWithInfinity(OpBuilder &b, Location loc, Value x,
                                   arith::CmpFPredicate predicate) {
  auto type = cast<FloatType>(x.getType());
  Value infinity = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics())));
  return arith::CmpFOp::create(b, loc, predicate,
                               math::AbsFOp::create(b, loc, x), infinity);
}

Value buildScalar(IsInfOp, OpBuilder &b, Location loc, Args a) {
  return classify<arith::OrIOp>(b, loc, a[0], false, [&](Value x) {
    return compareMagnitudeWithInfinity(b, loc, x, arith::CmpFPredicate::OEQ);
  });
}
Value buildScalar(IsFiniteOp, OpBuilder &b, Location loc, Args a) {
  return classify<arith::AndIOp>(b, loc, a[0], true, [&](Value x) {
    return compareMagnitudeWithInfinity(b, loc, x, arith::CmpFPredicate::OLT);
  });
}

Value buildScalar(NotOp, OpBuilder &b, Location loc, Args a) {
  // All ones: true for booleans.
  Value ones = createScalarConstant(b, loc, a[0].getType(), -1);
  return arith::XOrIOp::create(b, loc, a[0], ones);
}

Value buildScalar(SigmoidOp, OpBuilder &b, Location loc, Args a) {
  // 1 / (1 + exp(-x))
  Value one = createScalarConstant(b, loc, a[0].getType(), 1);
  Value negated = arith::NegFOp::create(b, loc, a[0]);
  Value exp = math::ExpOp::create(b, loc, negated);
  Value denominator = arith::AddFOp::create(b, loc, one, exp);
  return arith::DivFOp::create(b, loc, one, denominator);
}

//===----------------------------------------------------------------------===//
// The generic
//===----------------------------------------------------------------------===//

/// Lowers `op`, whose `operands` broadcast to its result, to an elementwise
/// linalg.generic. With `promote`, float operands of f16/bf16 are computed
/// in f32 and the result is rounded back.
template <typename OpTy>
Value lowerElementwise(OpBuilder &builder, OpTy op, ValueRange operands,
                       bool promote) {
  Location loc = op.getLoc();
  auto resultType = cast<RankedTensorType>(op.getType());
  MLIRContext *context = builder.getContext();
  SmallVector<OpFoldResult> sizes =
      getBroadcastSizes(builder, op, operands, resultType);
  Value init = createEmptyTensor(builder, loc, sizes,
                                 getLoweredType(resultType.getElementType()));

  SmallVector<AffineMap> maps;
  for (Value operand : operands)
    maps.push_back(getBroadcastMap(
        context, cast<RankedTensorType>(operand.getType()), resultType));
  maps.push_back(builder.getMultiDimIdentityMap(resultType.getRank()));
  SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                             utils::IteratorType::parallel);

  auto generic = linalg::GenericOp::create(
      builder, loc, init.getType(), operands, init, maps, iterators,
      [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
        SmallVector<Value> inputs;
        for (Value arg : args.drop_back()) {
          Type computeType =
              promote ? getComputeType(arg.getType()) : arg.getType();
          inputs.push_back(convertScalar(b, bodyLoc, arg, computeType));
        }
        Value result = buildScalar(op, b, bodyLoc, inputs);
        result = convertScalar(b, bodyLoc, result, args.back().getType());
        linalg::YieldOp::create(b, bodyLoc, result);
      });
  return generic.getResult(0);
}

/// NumPy refuses integers to negative integer powers. Where the exponents
/// are a constant, so does the lowering; other exponents are known at run
/// time only (see buildScalar(PowOp)).
LogicalResult checkIntegerExponents(PowOp op) {
  DenseIntElementsAttr exponents;
  if (hasUnsignedOperands(op) ||
      !matchPattern(op.getRhs(), m_Constant(&exponents)))
    return success();
  auto isNegative = [](const APInt &exponent) { return exponent.isNegative(); };
  // A splat is one value, however many elements it stands for.
  auto values = exponents.getValues<APInt>();
  auto negative =
      exponents.isSplat()
          ? (isNegative(*values.begin()) ? values.begin() : values.end())
          : llvm::find_if(values, isNegative);
  if (negative == values.end())
    return success();
  return op.emitOpError("integers to negative integer powers are not allowed "
                        "(exponent ")
         << (*negative).getSExtValue() << ")";
}

template <typename OpTy>
struct ElementwiseLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if constexpr (std::is_same_v<OpTy, PowOp>)
      if (failed(checkIntegerExponents(op)))
        return failure();
    // select and complex only move values: nothing to compute in f32.
    bool promote =
        !std::is_same_v<OpTy, SelectOp> && !std::is_same_v<OpTy, ComplexOp>;
    rewriter.replaceOp(
        op, lowerElementwise(rewriter, op, adaptor.getOperands(), promote));
    return success();
  }
};

/// ten.cast, ten.bitcast and ten.broadcast: a generic that converts,
/// reinterprets or copies each element.
template <typename OpTy>
struct ConvertingLowering : OpConversionPattern<OpTy> {
  using OpConversionPattern<OpTy>::OpConversionPattern;

  LogicalResult
  matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType resultType = op.getType();
    Value input = adaptor.getInput();
    SmallVector<OpFoldResult> sizes =
        getBroadcastSizes(rewriter, op, input, resultType);
    Type from = getElementTypeOrSelf(op.getInput().getType());
    Type to = resultType.getElementType();
    Value init = createEmptyTensor(rewriter, loc, sizes, getLoweredType(to));
    SmallVector<AffineMap> maps = {
        getBroadcastMap(rewriter.getContext(),
                        cast<RankedTensorType>(input.getType()), resultType),
        rewriter.getMultiDimIdentityMap(resultType.getRank())};
    SmallVector<utils::IteratorType> iterators(resultType.getRank(),
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        rewriter, loc, init.getType(), input, init, maps, iterators,
        [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
          Value element = std::is_same_v<OpTy, BitcastOp>
                              ? reinterpretScalar(b, bodyLoc, args[0], from, to)
                              : convertScalar(b, bodyLoc, args[0], from, to);
          linalg::YieldOp::create(b, bodyLoc, element);
        });
    // A result less static than the input (tensor<3xf32> to tensor<?xi32>)
    // takes the generic's static type through a tensor.cast.
    rewriter.replaceOp(op,
                       castToResultType(rewriter, op, generic.getResult(0)));
    return success();
  }
};

} // namespace

void lowering::populateElementwiseLoweringPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // Every op of the catalogue, each with its buildScalar above.
  patterns.add<
#define TEN_UNARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)      \
  ElementwiseLowering<Class>,
#define TEN_BINARY_OP(Class, mnemonic, pythonName, numpyTypeRule, summary)     \
  ElementwiseLowering<Class>,
#include "ten/Dialect/Ten/IR/TenOpCatalogue.inc"
      ElementwiseLowering<CmpOp>, ElementwiseLowering<SelectOp>,
      ElementwiseLowering<ComplexOp>, ConvertingLowering<CastOp>,
      ConvertingLowering<BitcastOp>, ConvertingLowering<BroadcastOp>>(
      typeConverter, context);
}
