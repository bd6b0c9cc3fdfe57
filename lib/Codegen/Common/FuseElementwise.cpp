//===- FuseElementwise.cpp - the ten-fuse-elementwise pass ----------------===//
//
// Elementwise producers fused into each of their linalg consumers; see
// Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "ten-fuse-elementwise"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENFUSEELEMENTWISEPASS
#include "ten/Codegen/Common/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// Whether `producer` evaluates a math function (exp, log, tanh...), which
/// costs more than reading its result back from the cache.
bool evaluatesMathFunction(linalg::GenericOp producer) {
  return producer.getBody()
      ->walk([](Operation *op) {
        return isa<math::MathDialect>(op->getDialect())
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether the producer of `operand` is an elementwise generic to fuse into
/// (recompute in) the op that owns `operand`. A producer inside a
/// cache-sized block (an `scf.forall` of ten-fuse-reductions) that evaluates
/// a math function and has several users is computed once into its
/// block-sized tile instead.
bool shouldFuse(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || producer.getNumLoops() != producer.getNumParallelLoops())
    return false;
  // A consumer with a reduction loop that reads each producer element
  // several times (a contraction reads A[i, k] for every j) would evaluate
  // the producer that many times, and would no longer be a contraction
  // that a GEMM kernel or cuBLAS runs.
  auto consumer = cast<linalg::LinalgOp>(operand->getOwner());
  auto trace = [&](bool fuse, const char *why) {
    LLVM_DEBUG(llvm::dbgs()
               << "[" DEBUG_TYPE "] producer at " << producer.getLoc()
               << (fuse ? " fused into " : " kept apart from ")
               << consumer->getName() << " at " << consumer.getLoc() << ": "
               << why << "\n");
    return fuse;
  };
  if (consumer.getNumReductionLoops() > 0 &&
      !consumer.getMatchingIndexingMap(operand).isPermutation())
    return trace(false, "the consumer reads each element several times");
  if (!producer->getParentOfType<scf::ForallOp>() ||
      !evaluatesMathFunction(producer))
    return trace(true, "elementwise");
  if (llvm::hasSingleElement(producer->getUsers()))
    return trace(true, "a math function with one user, in a block");
  return trace(false, "a math function with several users, in a block: "
                      "computed once into its tile");
}

/// Fuses the first operand of a generic whose producer `shouldFuse` picks.
/// Unlike upstream's pattern set, nothing else is rewritten: an init that
/// the body does not read stays the op's destination (inside a block of
/// ten-fuse-reductions it is the slice of the result the block writes).
struct FuseElementwiseProducer : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand &operand : consumer->getOpOperands()) {
      if (!shouldFuse(&operand) || !linalg::areElementwiseOpsFusable(&operand))
        continue;
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, &operand);
      if (failed(fused))
        continue;
      // The producer stays for its other users, if any.
      for (OpResult result : consumer->getResults())
        rewriter.replaceAllUsesWith(result, fused->replacements.at(result));
      rewriter.eraseOp(consumer);
      return success();
    }
    return failure();
  }
};

struct TenFuseElementwisePass
    : ten::impl::TenFuseElementwisePassBase<TenFuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    patterns.add<FuseElementwiseProducer>(context);
    // Fusing a producer that has other users makes the fused op yield the
    // producer's value too; those users keep reading the producer, so the
    // extra results are dead and must not be written.
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
