//===- HoistStackBuffers.cpp - the ten-hoist-stack-buffers pass -----------===//
//
// Static stack buffers move to the entry of the function or parallel region
// that owns them; see Passes.td.
//
//===----------------------------------------------------------------------===//

#include "ten/Target/CPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir {
namespace ten {
#define GEN_PASS_DEF_TENHOISTSTACKBUFFERSPASS
#include "ten/Target/CPU/Passes.h.inc"
} // namespace ten
} // namespace mlir

using namespace mlir;

namespace {

/// The op whose region `op` is in that runs once per call or per thread:
/// the function, or the parallel region, around it. Loops carry the
/// AutomaticAllocationScope trait too, but their lowering does not free a
/// stack allocation at the end of an iteration.
Operation *getAllocationOwner(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<FunctionOpInterface, omp::ParallelOp>(parent))
      return parent;
  return nullptr;
}

struct TenHoistStackBuffersPass
    : ten::impl::TenHoistStackBuffersPassBase<TenHoistStackBuffersPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> allocas;
    getOperation()->walk([&](memref::AllocaOp alloca) {
      if (alloca->getNumOperands() == 0)
        allocas.push_back(alloca);
    });
    for (memref::AllocaOp alloca : allocas) {
      Operation *owner = getAllocationOwner(alloca);
      if (!owner || owner->getNumRegions() == 0 || owner->getRegion(0).empty())
        continue;
      Block &entry = owner->getRegion(0).front();
      if (alloca->getBlock() == &entry)
        continue;
      alloca->moveBefore(&entry, entry.begin());
    }
  }
};

} // namespace
