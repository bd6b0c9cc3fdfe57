//===- GPUOneStream.cpp - the ten-gpu-one-stream pass ---------------------===//
//
// Replaces the streams that gpu-async-region creates and waits for, one per
// run of GPU ops between host side effects, by the runtime's current
// stream: the host code enqueues everything in program order and never
// waits.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "CudaStream.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUONESTREAMPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// Whether `function` has GPU work for the host to enqueue.
static bool hasGPUWork(func::FuncOp function) {
  return function
      .walk([](Operation *op) {
        return isa<gpu::WaitOp, gpu::AsyncOpInterface>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

namespace {
struct TenGPUOneStreamPass
    : public ten::impl::TenGPUOneStreamPassBase<TenGPUOneStreamPass> {
  void runOnOperation() override {
    SmallVector<func::FuncOp> functions;
    for (auto function : getOperation().getOps<func::FuncOp>())
      if (!function.isExternal() && hasGPUWork(function))
        functions.push_back(function);
    for (func::FuncOp function : functions)
      if (failed(useOneStream(function)))
        return signalPassFailure();
  }

  LogicalResult useOneStream(func::FuncOp function) {
    OpBuilder b(function.getBody());
    Location loc = function.getLoc();
    // The stream as the token type that the GPU ops take: both become the
    // same pointer in gpu-to-llvm, and the cast folds away there.
    Value stream = ten::createCurrentStreamCall(b, loc, function);
    Value token = UnrealizedConversionCastOp::create(
                      b, loc, gpu::AsyncTokenType::get(b.getContext()), stream)
                      .getResult(0);
    SmallVector<gpu::WaitOp> waits;
    function.walk([&](gpu::WaitOp wait) { waits.push_back(wait); });
    for (gpu::WaitOp wait : waits) {
      if (Value waited = wait.getAsyncToken())
        waited.replaceAllUsesWith(token);
      wait.erase();
    }
    WalkResult result = function.walk([&](gpu::AsyncOpInterface op) {
      if (op.getAsyncDependencies().size() <= 1)
        return WalkResult::advance();
      op->emitOpError("depends on ")
          << op.getAsyncDependencies().size()
          << " tokens: one stream cannot order it (ten-gpu-one-stream)";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }
};
} // namespace
