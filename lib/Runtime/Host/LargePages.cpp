//===- LargePages.cpp - host buffers on transparent huge pages ------------===//

#include "ten/Runtime/Host/LargePages.h"

#include <cstdlib>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace mlir::ten;

void *mlir::ten::allocateHostBuffer(size_t alignment, size_t bytes) {
  if (alignment == 0 || (alignment & (alignment - 1)))
    return nullptr;
  bool large = bytes >= kLargePageThreshold;
  if (large && alignment < kLargePageSize)
    alignment = kLargePageSize;
  // aligned_alloc takes a size that is a multiple of the alignment.
  size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  if (rounded < bytes)
    return nullptr;
  void *pointer = std::aligned_alloc(alignment, rounded ? rounded : alignment);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Advice only: where the kernel has no huge pages to give, the buffer
  // stays on small pages and works the same.
  if (pointer && large)
    (void)madvise(pointer, rounded, MADV_HUGEPAGE);
#endif
  return pointer;
}

void mlir::ten::freeHostBuffer(void *pointer) noexcept { std::free(pointer); }
