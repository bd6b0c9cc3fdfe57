//===- HostLowering.h - a module to LLVM IR for the host CPU ----*- C++ -*-===//
//
// What the CPU target's JIT and ahead-of-time compilation share: the
// pipeline, with the host's defaults and the caller's options.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CPU_HOSTLOWERING_H
#define TEN_LIB_TARGET_CPU_HOSTLOWERING_H

#include "ten/Target/Target.h"

namespace mlir {
namespace ten {

/// Runs ten-cpu-pipeline on `module` for the host CPU (its vector width,
/// `threads` threads unless the options' text says otherwise), printing
/// what `options` ask for, and registers the translations of the result to
/// LLVM IR in its context.
llvm::Error lowerForHost(ModuleOp module, const TargetOptions &options,
                         int64_t threads);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_HOSTLOWERING_H
