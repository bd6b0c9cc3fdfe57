//===- FuseElementwise.cpp - the ten-fuse-elementwise pass ----------------===//
//
// Elementwise producers fused into each of their linalg consumers; see
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENFUSEELEMENTWISEPASS
#include "ten/Transforms/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether the producer of `operand` is an elementwise generic, which is then
/// fused into (recomputed in) the op that owns `operand`.
bool isElementwiseProducer(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  return producer && producer.getNumLoops() == producer.getNumParallelLoops();
}

struct TenFuseElementwisePass
    : ten::impl::TenFuseElementwisePassBase<TenFuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    linalg::populateElementwiseOpsFusionPatterns(patterns,
                                                 isElementwiseProducer);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
