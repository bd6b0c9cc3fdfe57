//===- Passes.h - ten code generation for the CPU ---*- C++ -*-===//
//
// Passes on linalg and loops that make the CPU code fast: threads, loop
// orders, vector kernels, prefetches, approximate math.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_CPU_PASSES_H
#define TEN_TARGET_CPU_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ten {

#define GEN_PASS_DECL
#include "ten/Target/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ten/Target/CPU/Passes.h.inc"

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CPU_PASSES_H
