//===- ComplexMath.cpp - complex functions the complex dialect lacks ------===//
//
// The hyperbolic functions and the inverse trigonometric and hyperbolic
// functions of complex numbers, which NumPy defines and the complex dialect
// does not: the hyperbolic ones from real functions of the parts, the
// inverse ones from the principal logarithm and square root, whose branch
// cuts are C99's (and NumPy's) off the cuts themselves.
//
//===----------------------------------------------------------------------===//

#include "LoweringUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/Support/MathExtras.h"

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
  Value constant(double re, double im) {
    Type part = type.getElementType();
    return make(createScalarConstant(b, loc, part, re),
                createScalarConstant(b, loc, part, im));
  }
  Value add(Value x, Value y) { return complex::AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return complex::SubOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return complex::MulOp::create(b, loc, x, y); }
  Value log(Value z) { return complex::LogOp::create(b, loc, z); }
  Value sqrt(Value z) { return complex::SqrtOp::create(b, loc, z); }
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
};
} // namespace

static ComplexBuilder getBuilder(OpBuilder &b, Location loc, Value z) {
  return {b, loc, cast<ComplexType>(z.getType())};
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
  return c.make(re, im);
}

Value lowering::buildComplexAsinh(OpBuilder &b, Location loc, Value z) {
  // log(z + sqrt(z^2 + 1)).
  ComplexBuilder c = getBuilder(b, loc, z);
  Value root = c.sqrt(c.add(c.mul(z, z), c.constant(1, 0)));
  return c.log(c.add(z, root));
}

Value lowering::buildComplexAcosh(OpBuilder &b, Location loc, Value z) {
  // log(z + sqrt(z + 1) sqrt(z - 1)): the product of roots, not the root
  // of z^2 - 1, keeps the cut on (-inf, 1].
  ComplexBuilder c = getBuilder(b, loc, z);
  Value one = c.constant(1, 0);
  Value root = c.mul(c.sqrt(c.add(z, one)), c.sqrt(c.sub(z, one)));
  return c.log(c.add(z, root));
}

Value lowering::buildComplexAtanh(OpBuilder &b, Location loc, Value z) {
  // (log(1 + z) - log(1 - z)) / 2.
  ComplexBuilder c = getBuilder(b, loc, z);
  Value one = c.constant(1, 0);
  Value difference = c.sub(c.log(c.add(one, z)), c.log(c.sub(one, z)));
  return c.mul(difference, c.constant(0.5, 0));
}

Value lowering::buildComplexAsin(OpBuilder &b, Location loc, Value z) {
  // -i asinh(i z).
  ComplexBuilder c = getBuilder(b, loc, z);
  return c.timesMinusI(buildComplexAsinh(b, loc, c.timesI(z)));
}

Value lowering::buildComplexAcos(OpBuilder &b, Location loc, Value z) {
  // pi / 2 - asin(z).
  ComplexBuilder c = getBuilder(b, loc, z);
  return c.sub(c.constant(llvm::numbers::pi / 2, 0),
               buildComplexAsin(b, loc, z));
}

Value lowering::buildComplexAtan(OpBuilder &b, Location loc, Value z) {
  // -i atanh(i z).
  ComplexBuilder c = getBuilder(b, loc, z);
  return c.timesMinusI(buildComplexAtanh(b, loc, c.timesI(z)));
}
