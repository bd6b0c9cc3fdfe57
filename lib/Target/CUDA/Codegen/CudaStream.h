//===- CudaStream.h - the stream host code enqueues on ----------*- C++ -*-===//
//
// Host code compiled by ten-nvvm-pipeline puts all of its GPU work (kernels,
// copies, allocations, cuBLAS calls) on one stream: the CUDA runtime's
// current stream, which the executable running it sets
// (lib/Runtime/CUDA/RuntimeWrappers.h, tenCudaCurrentStream).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CODEGEN_CUDASTREAM_H
#define TEN_LIB_TARGET_CUDA_CODEGEN_CUDASTREAM_H

#include "mlir/IR/Builders.h"

namespace mlir {
namespace ten {

/// Calls the runtime for the current stream (an `!llvm.ptr`) at `b`'s
/// insertion point, declaring the function in the symbol table that holds
/// `from` if needed.
Value createCurrentStreamCall(OpBuilder &b, Location loc, Operation *from);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CODEGEN_CUDASTREAM_H
