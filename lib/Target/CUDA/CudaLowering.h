//===- CudaLowering.h - a module to host code and kernels -------*- C++ -*-===//
//
// What the CUDA target's JIT and ahead-of-time compilation share:
// ten-nvvm-pipeline with the target's defaults and the caller's options,
// and the translations of its result to LLVM IR.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CUDALOWERING_H
#define TEN_LIB_TARGET_CUDA_CUDALOWERING_H

#include "ten/Target/Target.h"

#include <optional>

namespace mlir {
namespace ten {

/// Runs ten-nvvm-pipeline on `module` for `chip` (none: the pipeline's
/// default) unless the options' text names another, as PTX where the
/// toolkit cannot assemble binaries, with a C interface to its entry;
/// prints what `options` ask for and registers the translations of the
/// result (host code with its kernels embedded) to LLVM IR.
llvm::Error lowerForCuda(ModuleOp module, const TargetOptions &options,
                         std::optional<std::string> chip);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CUDALOWERING_H
