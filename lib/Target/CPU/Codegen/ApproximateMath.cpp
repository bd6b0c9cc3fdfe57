//===- ApproximateMath.cpp - the ten-approximate-math pass ----------------===//
//
// Polynomial approximations of f32 math functions, so that loops over them
// vectorize; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "ExpApproximation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENAPPROXIMATEMATHPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// 2^32: multiplying a subnormal f32 by it makes it normal.
constexpr double kScale = 4294967296.0;
/// 32 * ln(2).
constexpr double kShift = 22.18070977791825;
/// The smallest normal f32.
constexpr float kSmallestNormal = 1.17549435e-38f;

/// The log approximation misreads subnormal arguments. They are moved into
/// the normal range by a power of two, which is then undone exactly:
/// log(x) = log(x * 2^32) - 32 ln 2.
void keepSubnormalLogExact(math::LogOp op) {
  Value x = op.getOperand();
  Type type = x.getType();
  if (!getElementTypeOrSelf(type).isF32())
    return;
  ImplicitLocOpBuilder b(op.getLoc(), op);
  Value result = op.getResult();
  auto make = [&](double value) -> Value {
    TypedAttr attr = b.getF32FloatAttr(value);
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = SplatElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(b, attr);
  };
  Value small = arith::CmpFOp::create(b, arith::CmpFPredicate::OLT, x,
                                      make(kSmallestNormal));
  Value moved = arith::MulFOp::create(b, x, make(kScale));
  op->setOperand(0, arith::SelectOp::create(b, small, moved, x));
  b.setInsertionPointAfter(op);
  Value undone = arith::SubFOp::create(b, result, make(kShift));
  Value fixed = arith::SelectOp::create(b, small, undone, result);
  result.replaceUsesWithIf(fixed, [&](OpOperand &use) {
    return use.getOwner() != undone.getDefiningOp() &&
           use.getOwner() != fixed.getDefiningOp();
  });
}

/// Lets a division by a value that stays the same across a loop become a
/// multiplication by its reciprocal, computed once: LLVM hoists `1 / y` out
/// of the loop when the division allows reciprocals. Only for f32 and
/// narrower, where a division costs several multiplications; f64 divisions
/// stay correctly rounded.
void allowReciprocal(arith::DivFOp op) {
  auto type = dyn_cast<FloatType>(getElementTypeOrSelf(op.getType()));
  if (!type || type.getWidth() > 32)
    return;
  op.setFastmath(op.getFastmath() | arith::FastMathFlags::arcp);
}

struct TenApproximateMathPass
    : ten::impl::TenApproximateMathPassBase<TenApproximateMathPass> {
  using Base::Base;

  void runOnOperation() override {
    auto selected = [&](StringRef name) {
      return llvm::is_contained(functions, name);
    };
    getOperation()->walk([&](Operation *op) {
      if (auto log = dyn_cast<math::LogOp>(op);
          log && selected(math::LogOp::getOperationName()))
        keepSubnormalLogExact(log);
      else if (auto divide = dyn_cast<arith::DivFOp>(op);
               divide && selected(arith::DivFOp::getOperationName()))
        allowReciprocal(divide);
    });
    RewritePatternSet patterns(&getContext());
    // f16 and bf16 functions run in f32, then get approximated there.
    populateMathF32ExpansionPatterns(patterns, selected);
    // exp is ten's own approximation; the others upstream's.
    if (selected(math::ExpOp::getOperationName()))
      ten::populateExpApproximationPatterns(patterns);
    populateMathPolynomialApproximationPatterns(patterns, [&](StringRef name) {
      return name != math::ExpOp::getOperationName() && selected(name);
    });
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
