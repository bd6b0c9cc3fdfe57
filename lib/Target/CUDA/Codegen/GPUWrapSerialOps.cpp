//===- GPUWrapSerialOps.cpp - the ten-gpu-wrap-serial-ops pass ------------===//
//
// Wraps the linalg ops of host functions that have no parallel loop in a
// one-iteration scf.parallel, so that they run in a kernel.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUWRAPSERIALOPSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {
struct TenGPUWrapSerialOpsPass
    : public ten::impl::TenGPUWrapSerialOpsPassBase<TenGPUWrapSerialOpsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> serial;
    getOperation().walk([&](linalg::LinalgOp op) {
      if (op.hasPureBufferSemantics() && op.getNumParallelLoops() == 0 &&
          !op->getParentOfType<scf::ParallelOp>() &&
          !op->getParentOfType<gpu::LaunchOp>())
        serial.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : serial) {
      rewriter.setInsertionPoint(op);
      Location loc = op.getLoc();
      Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
      auto loop = scf::ParallelOp::create(rewriter, loc, ValueRange{zero},
                                          ValueRange{one}, ValueRange{one});
      // The body ends in its terminator: the op goes before it.
      rewriter.moveOpBefore(op, loop.getBody()->getTerminator());
    }
  }
};
} // namespace
