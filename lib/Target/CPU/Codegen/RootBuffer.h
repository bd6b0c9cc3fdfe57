//===- RootBuffer.h - the buffer a view stands for ---------------*- C++
//-*-===//
//
// The loop passes tell buffers apart by the allocation (or argument) that
// their views come from.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CPU_CODEGEN_ROOTBUFFER_H
#define TEN_LIB_TARGET_CPU_CODEGEN_ROOTBUFFER_H

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir {
namespace ten {

/// The buffer that `memref` is a view of, through subviews and reshapes.
inline Value getRootBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

/// Whether `root` (a root buffer) is a fresh allocation, on the heap or the
/// stack: no other buffer of the program shares its memory.
inline bool isFreshAllocation(Value root) {
  return root.getDefiningOp<memref::AllocOp>() ||
         root.getDefiningOp<memref::AllocaOp>();
}

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_CODEGEN_ROOTBUFFER_H
