//===- Passes.h - ten code generation for NVIDIA GPUs ---*- C++ -*-===//
//
// Passes that map loops, reductions and buffers onto a GPU and call cuBLAS
// through the CUDA runtime.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_CUDA_PASSES_H
#define TEN_TARGET_CUDA_PASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
namespace ten {

#define GEN_PASS_DECL
#include "ten/Target/CUDA/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "ten/Target/CUDA/Passes.h.inc"

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CUDA_PASSES_H
