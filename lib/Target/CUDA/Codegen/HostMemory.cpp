//===- HostMemory.cpp - which buffers of host code the host holds ---------===//

#include "HostMemory.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

bool ten::isHostMemory(Value buffer) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (isa<memref::AllocaOp, memref::GetGlobalOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    buffer = view.getViewSource();
  }
  return false;
}

bool ten::accessesGPUMemory(Operation *op, bool writesOnly) {
  auto interface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!interface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  interface.getEffects(effects);
  return llvm::any_of(effects, [&](const MemoryEffects::EffectInstance &e) {
    Value buffer = e.getValue();
    bool kind = isa<MemoryEffects::Write>(e.getEffect()) ||
                (!writesOnly && isa<MemoryEffects::Read>(e.getEffect()));
    return kind && buffer && isa<BaseMemRefType>(buffer.getType()) &&
           !isHostMemory(buffer);
  });
}
