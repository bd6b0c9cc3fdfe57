//===- GPUToHost.h - GPU kernels compiled for the host ----------*- C++ -*-===//

#ifndef TEN_CONVERSION_GPUTOHOST_GPUTOHOST_H
#define TEN_CONVERSION_GPUTOHOST_GPUTOHOST_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
namespace ten {

/// The unit attribute that ten-gpu-kernels-to-host puts on a gpu.module
/// whose kernels it compiled for the host, and that
/// ten-gpu-launch-host-kernels requires of the modules it launches from.
constexpr llvm::StringLiteral kHostKernelsAttrName = "ten.host_kernels";

} // namespace ten
} // namespace mlir

#endif // TEN_CONVERSION_GPUTOHOST_GPUTOHOST_H
