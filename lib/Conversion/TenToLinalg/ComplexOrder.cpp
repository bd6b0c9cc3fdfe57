//===- ComplexOrder.cpp - NumPy's order of complex numbers ----------------===//
//
// NumPy orders complex numbers lexicographically (real parts, then
// imaginary parts), with its own rules for NaN parts: comparisons, maximum
// and minimum, and the reductions max, min, argmax and argmin share them.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"

using namespace mlir;
using namespace mlir::ten;

Value lowering::compareComplex(CmpPredicate predicate, OpBuilder &b,
                               Location loc, Value lhs, Value rhs) {
  using P = arith::CmpFPredicate;
  Value lhsRe = complex::ReOp::create(b, loc, lhs);
  Value lhsIm = complex::ImOp::create(b, loc, lhs);
  Value rhsRe = complex::ReOp::create(b, loc, rhs);
  Value rhsIm = complex::ImOp::create(b, loc, rhs);
  auto cmp = [&](P p, Value x, Value y) -> Value {
    return arith::CmpFOp::create(b, loc, p, x, y);
  };
  auto both = [&](Value x, Value y) -> Value {
    return arith::AndIOp::create(b, loc, x, y);
  };
  auto either = [&](Value x, Value y) -> Value {
    return arith::OrIOp::create(b, loc, x, y);
  };
  // Each op is built in a statement of its own: the IR's order does not
  // depend on the order in which the compiler evaluates arguments.
  if (predicate == CmpPredicate::eq || predicate == CmpPredicate::ne) {
    bool eq = predicate == CmpPredicate::eq;
    Value reals = cmp(eq ? P::OEQ : P::UNE, lhsRe, rhsRe);
    Value imags = cmp(eq ? P::OEQ : P::UNE, lhsIm, rhsIm);
    return eq ? both(reals, imags) : either(reals, imags);
  }
  bool less = predicate == CmpPredicate::lt || predicate == CmpPredicate::le;
  bool strict = predicate == CmpPredicate::lt || predicate == CmpPredicate::gt;
  Value imagsOrdered = cmp(P::ORD, lhsIm, rhsIm);
  Value realsInOrder = cmp(less ? P::OLT : P::OGT, lhsRe, rhsRe);
  Value realsOrder = both(realsInOrder, imagsOrdered);
  P imagPredicate =
      less ? (strict ? P::OLT : P::OLE) : (strict ? P::OGT : P::OGE);
  Value realsTie = cmp(P::OEQ, lhsRe, rhsRe);
  Value imagsInOrder = cmp(imagPredicate, lhsIm, rhsIm);
  Value tie = both(realsTie, imagsInOrder);
  return either(realsOrder, tie);
}

Value lowering::selectComplexExtremum(bool isMax, OpBuilder &b, Location loc,
                                      Value lhs, Value rhs) {
  Value ordered = compareComplex(isMax ? CmpPredicate::ge : CmpPredicate::le, b,
                                 loc, lhs, rhs);
  Value first =
      arith::OrIOp::create(b, loc, ordered, hasComplexNaN(b, loc, lhs));
  return arith::SelectOp::create(b, loc, first, lhs, rhs);
}

Value lowering::hasComplexNaN(OpBuilder &b, Location loc, Value value) {
  Value re = complex::ReOp::create(b, loc, value);
  Value im = complex::ImOp::create(b, loc, value);
  return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, re, im);
}
