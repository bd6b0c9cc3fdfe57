//===- GPUHostReads.cpp - the ten-gpu-host-reads pass ---------------------===//
//
// Lets host functions read elements of GPU buffers: the value that decides
// a run-time check (an index out of range) or a size (how many nonzero
// elements) is computed by a kernel, then read by the host. Each host load
// becomes a copy of the element into host memory, a wait for the stream,
// and a load from the copy.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CUDA/Passes.h"

#include "HostMemory.h"

#include "ten/Runtime/CUDA/EntryPoints.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENGPUHOSTREADSPASS
#include "ten/Target/CUDA/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

/// The runtime's wait for the current stream, declared in `module` if it
/// has no declaration yet.
static func::FuncOp getOrDeclareSynchronize(RewriterBase &rewriter,
                                            ModuleOp module) {
  StringRef name = ten::cuda_entry::tenCudaSynchronize;
  if (auto existing = module.lookupSymbol<func::FuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(module.getBody());
  auto function = func::FuncOp::create(rewriter, module.getLoc(), name,
                                       rewriter.getFunctionType({}, {}));
  function.setPrivate();
  return function;
}

/// Replaces the host's `load` of a GPU buffer by a load of a host copy of
/// the element.
static void readOnHost(RewriterBase &rewriter, memref::LoadOp load,
                       func::FuncOp synchronize) {
  Location loc = load.getLoc();
  MemRefType type = load.getMemRefType();
  auto scalarType = MemRefType::get({}, type.getElementType());
  // The host copy lives in the function's frame, not in a loop's.
  auto function = load->getParentOfType<func::FuncOp>();
  rewriter.setInsertionPointToStart(&function.getBody().front());
  Value host = memref::AllocaOp::create(rewriter, loc, scalarType);

  rewriter.setInsertionPoint(load);
  Value deviceScalar = load.getMemRef();
  Value staged;
  if (type != scalarType) {
    // A buffer's element: a kernel of one thread copies it into a 0-d
    // buffer of its own, which the host copies whole.
    staged = memref::AllocOp::create(rewriter, loc, scalarType);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto launch =
        gpu::LaunchOp::create(rewriter, loc, one, one, one, one, one, one);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(&launch.getBody().front());
    Value element = memref::LoadOp::create(rewriter, loc, load.getMemRef(),
                                           load.getIndices());
    memref::StoreOp::create(rewriter, loc, element, staged, ValueRange{});
    gpu::TerminatorOp::create(rewriter, loc);
    deviceScalar = staged;
  }
  memref::CopyOp::create(rewriter, loc, deviceScalar, host);
  if (staged)
    memref::DeallocOp::create(rewriter, loc, staged);
  func::CallOp::create(rewriter, loc, synchronize, ValueRange{});
  rewriter.replaceOpWithNewOp<memref::LoadOp>(load, host, ValueRange{});
}

namespace {
struct TenGPUHostReadsPass
    : public ten::impl::TenGPUHostReadsPassBase<TenGPUHostReadsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<memref::LoadOp> loads;
    for (auto function : module.getOps<func::FuncOp>())
      function.walk([&](memref::LoadOp load) {
        if (!load->getParentOfType<gpu::LaunchOp>() &&
            !load->getParentOfType<scf::ParallelOp>() &&
            !ten::isHostMemory(load.getMemRef()))
          loads.push_back(load);
      });
    if (loads.empty())
      return;
    IRRewriter rewriter(&getContext());
    func::FuncOp synchronize = getOrDeclareSynchronize(rewriter, module);
    for (memref::LoadOp load : loads)
      readOnHost(rewriter, load, synchronize);
  }
};
} // namespace
