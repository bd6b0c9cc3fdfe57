//===- SortOrder.cpp - the order of ten.sort and ten.searchsorted ---------===//
//
// NumPy's sort order of every element type: floats with NaN after every
// number and -0 equal to +0; integers signed or unsigned as their type says
// (i1 unsigned, true after false); complex numbers by real then imaginary
// parts, those with NaN parts after those without.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "ten/Dialect/Ten/IR/TenTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"

using namespace mlir;
using namespace mlir::ten;

namespace {

using P = arith::CmpFPredicate;

/// Whether the float `lhs` comes before `rhs`: a number before NaN, NaN not
/// before NaN.
Value floatComesBefore(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Value less = arith::CmpFOp::create(b, loc, P::OLT, lhs, rhs);
  Value lhsNumber = arith::CmpFOp::create(b, loc, P::ORD, lhs, lhs);
  Value rhsNaN = arith::CmpFOp::create(b, loc, P::UNO, rhs, rhs);
  Value numberBeforeNaN = arith::AndIOp::create(b, loc, lhsNumber, rhsNaN);
  return arith::OrIOp::create(b, loc, less, numberBeforeNaN);
}

/// Whether the complex `lhs` comes before `rhs`. NumPy's classes, in order:
/// no NaN part, a NaN imaginary part only, a NaN real part only, both NaN;
/// within a class, real parts order, then imaginary parts (NaN parts tie).
Value complexComesBefore(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type i8 = b.getI8Type();
  auto nanClass = [&](Value z) -> Value {
    Value re = complex::ReOp::create(b, loc, z);
    Value im = complex::ImOp::create(b, loc, z);
    Value reNaN = arith::ExtUIOp::create(
        b, loc, i8, arith::CmpFOp::create(b, loc, P::UNO, re, re));
    Value imNaN = arith::ExtUIOp::create(
        b, loc, i8, arith::CmpFOp::create(b, loc, P::UNO, im, im));
    Value one = arith::ConstantIntOp::create(b, loc, i8, 1);
    return arith::OrIOp::create(
        b, loc, arith::ShLIOp::create(b, loc, reNaN, one), imNaN);
  };
  Value lhsClass = nanClass(lhs);
  Value rhsClass = nanClass(rhs);
  Value classBefore = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                            lhsClass, rhsClass);
  Value sameClass = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          lhsClass, rhsClass);
  Value lhsRe = complex::ReOp::create(b, loc, lhs);
  Value rhsRe = complex::ReOp::create(b, loc, rhs);
  Value lhsIm = complex::ImOp::create(b, loc, lhs);
  Value rhsIm = complex::ImOp::create(b, loc, rhs);
  Value realsBefore = arith::CmpFOp::create(b, loc, P::OLT, lhsRe, rhsRe);
  // Equal reals, or NaN reals (the same class: both NaN).
  Value realsTie = arith::CmpFOp::create(b, loc, P::UEQ, lhsRe, rhsRe);
  Value imagsBefore = arith::CmpFOp::create(b, loc, P::OLT, lhsIm, rhsIm);
  Value byImags = arith::AndIOp::create(b, loc, realsTie, imagsBefore);
  Value withinClass = arith::OrIOp::create(b, loc, realsBefore, byImags);
  return arith::OrIOp::create(
      b, loc, classBefore,
      arith::AndIOp::create(b, loc, sameClass, withinClass));
}

} // namespace

Value lowering::comesBeforeInSortOrder(OpBuilder &b, Location loc, Value lhs,
                                       Value rhs, Type elementType) {
  if (isFp8(elementType)) {
    lhs = convertScalar(b, loc, lhs, elementType, b.getF32Type());
    rhs = convertScalar(b, loc, rhs, elementType, b.getF32Type());
  }
  if (isa<FloatType>(lhs.getType()))
    return floatComesBefore(b, loc, lhs, rhs);
  if (isa<ComplexType>(lhs.getType()))
    return complexComesBefore(b, loc, lhs, rhs);
  return arith::CmpIOp::create(b, loc,
                               isUnsignedInteger(elementType)
                                   ? arith::CmpIPredicate::ult
                                   : arith::CmpIPredicate::slt,
                               lhs, rhs);
}
