//===- GPUDeviceMemory.cpp - the ten-gpu-device-memory pass ---------------===//
//
// Puts the buffers of host functions in GPU memory: their allocations,
// frees and copies become the gpu dialect's, and the constants that kernels
// read from the host function are computed inside the kernels: a constant
// global must be (outlining then copies it into the kernel's module, in
// device memory; the host's address means nothing on the device), and a
// scalar constant had better be (the kernel's index arithmetic then folds
// with the static shapes instead of dividing by a kernel argument).
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "HostMemory.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUDEVICEMEMORYPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// Whether `value` can be computed inside a kernel as well as on the host: a
/// constant, a constant global, or a view of one with constant offsets and
/// sizes. A kernel must not read a host global through a host address.
static bool isRecomputableInKernel(Value value) {
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (isa<memref::GetGlobalOp>(def) || def->hasTrait<OpTrait::ConstantLike>())
    return true;
  if (!isa<ViewLikeOpInterface>(def) || def->getNumRegions() != 0 ||
      !isMemoryEffectFree(def))
    return false;
  return llvm::all_of(def->getOperands(), isRecomputableInKernel);
}

/// Clones the computation of `value` at the rewriter's insertion point.
static Value cloneComputation(RewriterBase &rewriter, Value value,
                              IRMapping &mapping) {
  if (Value cloned = mapping.lookupOrNull(value))
    return cloned;
  Operation *def = value.getDefiningOp();
  for (Value operand : def->getOperands())
    cloneComputation(rewriter, operand, mapping);
  rewriter.clone(*def, mapping);
  return mapping.lookup(value);
}

/// Recomputes inside `launch` each constant, constant global or view of one
/// that its body reads from above.
static void sinkConstantsIntoLaunch(RewriterBase &rewriter,
                                    gpu::LaunchOp launch) {
  SetVector<Value> usedFromAbove;
  getUsedValuesDefinedAbove(launch.getBody(), usedFromAbove);
  IRMapping mapping;
  rewriter.setInsertionPointToStart(&launch.getBody().front());
  for (Value value : usedFromAbove) {
    if (!isRecomputableInKernel(value))
      continue;
    Value inKernel = cloneComputation(rewriter, value, mapping);
    replaceAllUsesInRegionWith(value, inKernel, launch.getBody());
  }
}

/// Fails on an element that the host would read or write in a buffer that
/// becomes GPU memory: ten-gpu-wrap-serial-ops and ten-gpu-host-reads move
/// every such access into a kernel or a copy, and one that is left would
/// fault on a GPU (host and device memory are one with the test driver,
/// which would hide it).
static LogicalResult checkNoHostAccess(func::FuncOp function) {
  WalkResult result = function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<gpu::LaunchOp>(op))
      return WalkResult::skip();
    if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp>(op) ||
        isa<gpu::GPUDialect>(op->getDialect()))
      return WalkResult::advance();
    if (ten::accessesGPUMemory(op, /*writesOnly=*/false)) {
      op->emitOpError("accesses a buffer of GPU memory from the host "
                      "(a kernel or a copy should)");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

namespace {
struct TenGPUDeviceMemoryPass
    : public ten::impl::TenGPUDeviceMemoryPassBase<TenGPUDeviceMemoryPass> {
  void runOnOperation() override {
    if (failed(checkNoHostAccess(getOperation())))
      return signalPassFailure();
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::DeallocOp, memref::CopyOp>(op) &&
          !op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        auto device = gpu::AllocOp::create(
            rewriter, loc, alloc.getType(), /*asyncToken=*/Type(),
            /*asyncDependencies=*/ValueRange(), alloc.getDynamicSizes(),
            alloc.getSymbolOperands(), /*hostShared=*/false);
        rewriter.replaceOp(alloc, device.getMemref());
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(),
                               /*asyncDependencies=*/ValueRange(),
                               dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      } else {
        auto copy = cast<memref::CopyOp>(op);
        gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/ValueRange(),
                              copy.getTarget(), copy.getSource());
        rewriter.eraseOp(copy);
      }
    }
    getOperation().walk([&](gpu::LaunchOp launch) {
      sinkConstantsIntoLaunch(rewriter, launch);
    });
  }
};
} // namespace
