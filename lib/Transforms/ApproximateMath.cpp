//===- ApproximateMath.cpp - the ten-approximate-math pass ----------------===//
//
// Polynomial approximations of f32 math functions, so that loops over them
// vectorize; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENAPPROXIMATEMATHPASS
#include "ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// 2^32: multiplying a subnormal f32 by it makes it normal.
constexpr double kScale = 4294967296.0;
/// 32 * ln(2): shifting an argument of exp by it scales the result by 2^32.
constexpr double kShift = 22.18070977791825;
/// Below this, exp(x) of an f32 is subnormal.
constexpr float kExpSubnormalBelow = -87.33654f;
/// The smallest normal f32.
constexpr float kSmallestNormal = 1.17549435e-38f;

/// The approximations work in the normal range only: exp flushes subnormal
/// results to zero and log misreads subnormal arguments. Both are moved into
/// the normal range by a power of two, which is then undone exactly:
/// exp(x) = exp(x + 32 ln 2) * 2^-32 and log(x) = log(x * 2^32) - 32 ln 2.
void keepSubnormalsExact(Operation *op) {
  Value x = op->getOperand(0);
  Type type = x.getType();
  if (!getElementTypeOrSelf(type).isF32())
    return;
  ImplicitLocOpBuilder b(op->getLoc(), op);
  Value result = op->getResult(0);
  bool isExp = isa<math::ExpOp>(op);
  auto make = [&](double value) -> Value {
    TypedAttr attr = b.getF32FloatAttr(value);
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = SplatElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(b, attr);
  };
  Value threshold = make(isExp ? kExpSubnormalBelow : kSmallestNormal);
  Value small =
      arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, x, threshold);
  Value moved = isExp ? Value(arith::AddFOp::create(b, x, make(kShift)))
                      : Value(arith::MulFOp::create(b, x, make(kScale)));
  Value argument = arith::SelectOp::create(b, small, moved, x);
  op->setOperand(0, argument);
  b.setInsertionPointAfter(op);
  Value undone =
      isExp ? Value(arith::MulFOp::create(b, result, make(1.0 / kScale)))
            : Value(arith::SubFOp::create(b, result, make(kShift)));
  Value fixed = arith::SelectOp::create(b, small, undone, result);
  result.replaceUsesWithIf(fixed, [&](OpOperand &use) {
    return use.getOwner() != undone.getDefiningOp() &&
           use.getOwner() != fixed.getDefiningOp();
  });
}

struct TenApproximateMathPass
    : ten::impl::TenApproximateMathPassBase<TenApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    auto selected = [&](StringRef name) {
      return llvm::is_contained(functions, name);
    };
    getOperation()->walk([&](Operation *op) {
      if (isa<math::ExpOp, math::LogOp>(op) &&
          selected(op->getName().getStringRef()))
        keepSubnormalsExact(op);
    });
    RewritePatternSet patterns(&getContext());
    // f16 and bf16 functions run in f32, then get approximated there.
    populateMathF32ExpansionPatterns(patterns, selected);
    populateMathPolynomialApproximationPatterns(patterns, selected);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
