//===- CUDATarget.h - NVIDIA GPUs as a target -------------------*- C++ -*-===//

#ifndef TEN_TARGET_CUDA_CUDATARGET_H
#define TEN_TARGET_CUDA_CUDATARGET_H

namespace mlir {
namespace ten {

/// Registers the target `cuda`: ten-nvvm-pipeline for the first GPU the
/// CUDA driver sees, its host code JIT-compiled against the project's CUDA
/// runtime.
void registerCUDATarget();

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CUDA_CUDATARGET_H
