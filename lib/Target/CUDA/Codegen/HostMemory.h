//===- HostMemory.h - which buffers of host code the host holds -*- C++ -*-===//
//
// The host functions that ten-nvvm-pipeline compiles keep their buffers in
// GPU memory, except their stack (memref.alloca) and constant globals. The
// host must not touch an element of any other: the passes move such
// accesses into kernels (ten-gpu-wrap-serial-ops) or copies
// (ten-gpu-host-reads), and ten-gpu-device-memory checks that none is left.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_TARGET_CUDA_CODEGEN_HOSTMEMORY_H
#define TEN_LIB_TARGET_CUDA_CODEGEN_HOSTMEMORY_H

#include "mlir/IR/Value.h"

namespace mlir {
namespace ten {

/// Whether `buffer` is host memory: a view of the host's stack or of a
/// constant global, which the host reads and writes in place.
bool isHostMemory(Value buffer);

/// Whether `op` writes (with `writesOnly`), or reads or writes, an element
/// of a buffer of GPU memory itself (not through a region), by its memory
/// effects.
bool accessesGPUMemory(Operation *op, bool writesOnly);

} // namespace ten
} // namespace mlir

#endif // TEN_LIB_TARGET_CUDA_CODEGEN_HOSTMEMORY_H
