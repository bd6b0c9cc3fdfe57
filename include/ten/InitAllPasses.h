//===- InitAllPasses.h - every pass tensor-opt knows ------------*- C++ -*-===//

#ifndef TEN_INITALLPASSES_H
#define TEN_INITALLPASSES_H

#include "mlir/Transforms/Passes.h"

namespace mlir {
namespace ten {

/// The project's passes, and the upstream ones that its pipelines use, for
/// tools that run passes by name.
inline void registerAllTenPasses() {
  // canonicalize, cse, inline, symbol-dce, ...
  registerTransformsPasses();
}

} // namespace ten
} // namespace mlir

#endif // TEN_INITALLPASSES_H
