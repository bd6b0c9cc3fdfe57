//===- GPUWrapSerialOps.cpp - the ten-gpu-wrap-serial-ops pass ------------===//
//
// Wraps the serial work of host functions in a one-iteration scf.parallel,
// so that it runs in a kernel: linalg ops with no parallel loop, and the
// loops over buffers that lowerings build (a compaction's scf.for), whose
// loads and stores the host could not run on GPU memory.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUWRAPSERIALOPSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// Whether `op` is already in a kernel or a loop that becomes one.
static bool isInKernel(Operation *op) {
  return op->getParentOfType<scf::ParallelOp>() ||
         op->getParentOfType<gpu::LaunchOp>();
}

/// Whether `loop` is serial work on buffers that a kernel can run whole: it
/// loads or stores elements itself, and neither launches work (linalg ops,
/// calls, GPU ops) nor allocates, which are the host's; and the host uses
/// none of its results (what it carries is only its own).
static bool isSerialBufferLoop(scf::ForOp loop) {
  if (!loop->use_empty())
    return false;
  bool accessesBuffers = false;
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (isa<memref::LoadOp, memref::StoreOp>(op))
      accessesBuffers = true;
    if (isa<linalg::LinalgOp, CallOpInterface, memref::AllocOp,
            memref::AllocaOp, memref::DeallocOp, memref::CopyOp,
            scf::ParallelOp>(op) ||
        isa<gpu::GPUDialect>(op->getDialect()))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return accessesBuffers && !result.wasInterrupted();
}

namespace {
struct TenGPUWrapSerialOpsPass
    : public ten::impl::TenGPUWrapSerialOpsPassBase<TenGPUWrapSerialOpsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> serial;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
        if (linalgOp.hasPureBufferSemantics() &&
            linalgOp.getNumParallelLoops() == 0 && !isInKernel(op))
          serial.push_back(op);
        return WalkResult::skip();
      }
      if (auto loop = dyn_cast<scf::ForOp>(op);
          loop && !isInKernel(op) && isSerialBufferLoop(loop)) {
        serial.push_back(op);
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : serial) {
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
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
