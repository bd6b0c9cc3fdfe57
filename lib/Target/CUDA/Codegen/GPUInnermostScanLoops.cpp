//===- GPUInnermostScanLoops.cpp - the ten-gpu-innermost-scan-loops pass --===//
//
// Interchanges the loops of scans on buffers so that their reduction loops
// are innermost: every thread then runs a whole scan.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "ten/Codegen/Common/Scans.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUINNERMOSTSCANLOOPSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {
struct TenGPUInnermostScanLoopsPass
    : public ten::impl::TenGPUInnermostScanLoopsPassBase<
          TenGPUInnermostScanLoopsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> scans;
    getOperation().walk([&](linalg::GenericOp op) {
      if (op.hasPureBufferSemantics() && ten::isLinalgScan(op) &&
          !op->getParentOfType<scf::ParallelOp>() &&
          !op->getParentOfType<gpu::LaunchOp>())
        scans.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : scans) {
      SmallVector<unsigned> order;
      SmallVector<unsigned> reductions;
      for (auto [loop, type] : llvm::enumerate(op.getIteratorTypesArray()))
        (type == utils::IteratorType::parallel ? order : reductions)
            .push_back(loop);
      llvm::append_range(order, reductions);
      rewriter.setInsertionPoint(op);
      if (failed(linalg::interchangeGenericOp(rewriter, op, order)))
        return signalPassFailure();
    }
  }
};
} // namespace
