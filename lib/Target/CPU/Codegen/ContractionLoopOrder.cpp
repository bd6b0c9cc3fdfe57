//===- ContractionLoopOrder.cpp - the ten-contraction-loop-order pass -----===//
//
// Reorders the loops of linalg contractions so that the innermost loop walks
// the result's contiguous dimension, with the reductions just outside it.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENCONTRACTIONLOOPORDERPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The loop order to run `op` in, as the list of its loops from outermost to
/// innermost, or none when `op` is not a contraction that it applies to.
std::optional<SmallVector<unsigned>>
getContractionLoopOrder(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() < 2 || op.getNumDpsInits() != 1 ||
      op.getNumReductionLoops() == 0 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  AffineMap resultMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
  if (resultMap.getNumResults() == 0 || !resultMap.isProjectedPermutation())
    return std::nullopt;
  unsigned innermost =
      cast<AffineDimExpr>(resultMap.getResults().back()).getPosition();
  // Only where an input is contiguous along that loop too (B of a GEMM):
  // where every input is contiguous along a reduction (W @ x, rows of W
  // times a vector), the reduction stays innermost, a dot product along
  // rows, rather than walking down W's columns.
  bool streamsAnInput =
      llvm::any_of(op.getDpsInputOperands(), [&](OpOperand *input) {
        AffineMap map = op.getMatchingIndexingMap(input);
        auto last = map.getNumResults() == 0
                        ? nullptr
                        : dyn_cast<AffineDimExpr>(map.getResults().back());
        return last && last.getPosition() == innermost;
      });
  if (!streamsAnInput)
    return std::nullopt;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<unsigned> order;
  for (auto [loop, type] : llvm::enumerate(iterators))
    if (type == utils::IteratorType::parallel && loop != innermost)
      order.push_back(loop);
  for (auto [loop, type] : llvm::enumerate(iterators))
    if (type == utils::IteratorType::reduction)
      order.push_back(loop);
  order.push_back(innermost);
  return order;
}

struct TenContractionLoopOrderPass
    : ten::impl::TenContractionLoopOrderPassBase<TenContractionLoopOrderPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> contractions;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (getContractionLoopOrder(op))
        contractions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : contractions) {
      SmallVector<unsigned> order = *getContractionLoopOrder(op);
      if (llvm::equal(order, llvm::seq<unsigned>(0, order.size())))
        continue;
      rewriter.setInsertionPoint(op);
      auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
      if (!generic) {
        FailureOr<linalg::GenericOp> generalized =
            linalg::generalizeNamedOp(rewriter, op);
        if (failed(generalized))
          continue;
        generic = *generalized;
      }
      if (failed(linalg::interchangeGenericOp(rewriter, generic, order))) {
        generic->emitError("cannot reorder the loops of this contraction");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
