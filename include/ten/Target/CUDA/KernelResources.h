//===- KernelResources.h - what a compiled kernel uses of an SM -*- C++ -*-===//
//
// The resources that ptxas gave each kernel of a cubin (registers, shared
// memory, its stack frame, where spills and local arrays live), and the
// occupancy that follows from them for a block size on a chip.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_TARGET_CUDA_KERNELRESOURCES_H
#define TEN_TARGET_CUDA_KERNELRESOURCES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace ten {

/// What one kernel of a cubin uses.
struct KernelResources {
  /// Registers per thread.
  unsigned registers = 0;
  /// Static shared memory per block, in bytes, without the 1 KB that the
  /// system reserves per block.
  uint64_t sharedBytes = 0;
  /// The stack frame per thread, in bytes: local memory, where spilled
  /// registers and arrays that live in no register go.
  uint64_t frameBytes = 0;
};

/// The resources of kernel `name` in `cubin` (an ELF file that ptxas
/// wrote). Fails if `cubin` is not such a file or has no such kernel.
llvm::Expected<KernelResources> readKernelResources(llvm::StringRef cubin,
                                                    llvm::StringRef name);

/// How many blocks of a kernel an SM holds at once, and why no more.
struct Occupancy {
  unsigned blocksPerSM = 0;
  unsigned activeWarps = 0;
  unsigned maxWarps = 0;
  /// What stops one more block: "threads", "blocks", "registers" or
  /// "shared memory".
  const char *limitedBy = "";

  double getFraction() const {
    return maxWarps ? double(activeWarps) / maxWarps : 0.0;
  }
};

/// The occupancy of blocks of `threadsPerBlock` threads, each thread using
/// `registers` and each block `sharedBytes`, on `chip` (sm_80 ... sm_90a).
/// None if the chip is unknown; zero blocks if a block cannot run at all
/// (more registers or shared memory than an SM gives one block).
std::optional<Occupancy> computeOccupancy(llvm::StringRef chip,
                                          unsigned threadsPerBlock,
                                          unsigned registers,
                                          uint64_t sharedBytes);

} // namespace ten
} // namespace mlir

#endif // TEN_TARGET_CUDA_KERNELRESOURCES_H
