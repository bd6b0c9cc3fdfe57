//===- KernelContractions.h - what the contraction kernel takes -*- C++ -*-===//
//
// The contractions that ten-contraction-kernel runs as kernels, which
// ten-share-contraction-kernels outlines: one predicate for both passes.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CPU_CODEGEN_KERNELCONTRACTIONS_H
#define TEN_LIB_TARGET_CPU_CODEGEN_KERNELCONTRACTIONS_H

#include "ten/Codegen/Common/GemmView.h"

namespace mlir {
namespace ten {

/// `op` as the GEMM that ten-contraction-kernel runs as a kernel (f32 or
/// f64, more than one row), or the reason it leaves `op` to the loop
/// lowering.
FailureOr<GemmView> matchKernelContraction(linalg::LinalgOp op,
                                           std::string &reason);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CPU_CODEGEN_KERNELCONTRACTIONS_H
