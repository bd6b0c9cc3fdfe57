//===- Pipelines.h - ten's pass pipelines -----------------------*- C++ -*-===//

#ifndef TEN_PIPELINES_PIPELINES_H
#define TEN_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;

namespace ten {

/// Options of `ten-cpu-pipeline`.
struct TenCPUPipelineOptions
    : public PassPipelineOptions<TenCPUPipelineOptions> {
  PassOptions::Option<bool> fuseElementwise{
      *this, "fuse-elementwise",
      llvm::cl::desc("Fuse elementwise linalg producers into their consumers"),
      llvm::cl::init(true)};
};

/// From `ten` ops on tensors to the LLVM dialect, ready for the JIT: lowers
/// to linalg on tensors, fuses elementwise ops, bufferizes (every function
/// result a fresh buffer that the caller owns and frees), lowers to loops and
/// then to LLVM, with C-interface wrappers (`_mlir_ciface_<name>`) for every
/// function.
void buildTenCPUPipeline(OpPassManager &pm,
                         const TenCPUPipelineOptions &options);

/// Registers `ten-cpu-pipeline` for tools that run pipelines by name.
void registerTenPipelines();

} // namespace ten
} // namespace mlir

#endif // TEN_PIPELINES_PIPELINES_H
