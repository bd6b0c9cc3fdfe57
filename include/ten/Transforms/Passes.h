//===- Passes.h - ten's transformations of linalg ---------------*- C++ -*-===//
//
// Passes on linalg and loops that make the CPU code fast (threads, loop
// orders, vector kernels) and that map loops and buffers onto a GPU. They
// work on upstream dialects only.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TRANSFORMS_PASSES_H
#define TEN_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ten {

#define GEN_PASS_DECL
#include "ten/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ten/Transforms/Passes.h.inc"

} // namespace ten
} // namespace mlir

#endif // TEN_TRANSFORMS_PASSES_H
