//===- SplitSharedFills.cpp - the ten-split-shared-fills pass -------------===//
//
// One fill per op that starts from it: after CSE, two reductions that both
// start from zero share one filled tensor, which bufferization then copies
// for the first of them. Each op gets its own fill instead, which a GPU
// reduction folds into its kernel.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENSPLITSHAREDFILLSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {
struct TenSplitSharedFillsPass
    : public ten::impl::TenSplitSharedFillsPassBase<TenSplitSharedFillsPass> {
  void runOnOperation() override {
    SmallVector<linalg::FillOp> shared;
    getOperation()->walk([&](linalg::FillOp fill) {
      if (fill.hasPureTensorSemantics() && !fill->getResult(0).hasOneUse())
        shared.push_back(fill);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::FillOp fill : shared) {
      // Every use that is a linalg op's init gets a copy of the fill, made
      // right before that op; the fill stays for its other uses.
      SmallVector<OpOperand *> inits;
      for (OpOperand &use : fill->getResult(0).getUses()) {
        auto user = dyn_cast<linalg::LinalgOp>(use.getOwner());
        if (user && user.isDpsInit(&use))
          inits.push_back(&use);
      }
      if (inits.size() < 2)
        continue;
      for (OpOperand *init : inits) {
        rewriter.setInsertionPoint(init->getOwner());
        Operation *copy = rewriter.clone(*fill);
        rewriter.modifyOpInPlace(init->getOwner(),
                                 [&] { init->set(copy->getResult(0)); });
      }
      if (fill->use_empty())
        rewriter.eraseOp(fill);
    }
  }
};
} // namespace
