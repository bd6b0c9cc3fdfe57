//===- GPUWrapSerialOps.cpp - the ten-gpu-wrap-serial-ops pass ------------===//
//
// Wraps the serial work of host functions in a one-iteration scf.parallel,
// so that it runs in a kernel: linalg ops with no parallel loop, and the
// loops over buffers that lowerings build (a compaction's scf.for), whose
// loads and stores the host could not run on GPU memory.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "HostMemory.h"

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

/// Whether `op` (an `scf.for` or `scf.if`) is serial work on buffers that a
/// kernel can run whole: its regions load or store elements of GPU memory
/// themselves, and neither launch work (linalg ops, calls, GPU ops), nor
/// allocate, nor touch the host's stack, which are the host's; and the host
/// uses none of its results (what a loop carries is only its own).
static bool isSerialBufferWork(Operation *op) {
  if (!op->use_empty())
    return false;
  bool accessesBuffers = false;
  for (Region &region : op->getRegions()) {
    WalkResult result = region.walk([&](Operation *nested) {
      // The host's stack is the host's to read and write: a kernel cannot.
      Value buffer;
      if (auto load = dyn_cast<memref::LoadOp>(nested))
        buffer = load.getMemRef();
      if (auto store = dyn_cast<memref::StoreOp>(nested))
        buffer = store.getMemRef();
      if (buffer && ten::isHostMemory(buffer))
        return WalkResult::interrupt();
      accessesBuffers = accessesBuffers || buffer;
      if (isa<linalg::LinalgOp, CallOpInterface, memref::AllocOp,
              memref::AllocaOp, memref::DeallocOp, memref::CopyOp,
              scf::ParallelOp>(nested) ||
          isa<gpu::GPUDialect>(nested->getDialect()))
        return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return false;
  }
  return accessesBuffers;
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
      if (isa<scf::ForOp, scf::IfOp>(op) && !isInKernel(op) &&
          isSerialBufferWork(op)) {
        serial.push_back(op);
        return WalkResult::skip();
      }
      // A write of its own (a store or an atomic update of an element that
      // a lowering makes after a kernel, under a host condition that also
      // launches work), whose result the host does not use.
      if (op->getNumRegions() == 0 && op->use_empty() && !isInKernel(op) &&
          !isa<memref::CopyOp>(op) &&
          ten::accessesGPUMemory(op, /*writesOnly=*/true)) {
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
