//===- LargePages.h - host buffers on transparent huge pages ----*- C++ -*-===//
//
// Large host buffers (the inputs that tensor-run, the C API and the Python
// package hand to compiled code, and the results that compiled code
// allocates) are placed on 2 MiB transparent huge pages where the kernel
// offers them on request (Linux's `madvise` mode), as NumPy places its
// arrays. A stream over a buffer then crosses a page, and misses in the
// TLB, once per 2 MiB instead of once per 4 KiB, and the first touch of a
// result takes one page fault per 2 MiB.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_LARGEPAGES_H
#define TEN_RUNTIME_HOST_LARGEPAGES_H

#include <algorithm>
#include <cstddef>
#include <new>
#include <vector>

namespace mlir {
namespace ten {

/// Buffers of at least this many bytes go on huge pages.
constexpr size_t kLargePageThreshold = size_t(4) << 20;
/// The huge page size that such buffers are aligned to.
constexpr size_t kLargePageSize = size_t(2) << 20;

/// `bytes` bytes aligned to `alignment` (a power of two), or null. From
/// kLargePageThreshold bytes on, the block is aligned to kLargePageSize and
/// advised to the kernel as huge-page memory.
void *allocateHostBuffer(size_t alignment, size_t bytes);

/// Frees what allocateHostBuffer returned.
void freeHostBuffer(void *pointer) noexcept;

/// A std::allocator that places large arrays with allocateHostBuffer.
template <typename T>
struct HostBufferAllocator {
  using value_type = T;
  HostBufferAllocator() = default;
  template <typename U>
  HostBufferAllocator(const HostBufferAllocator<U> &) noexcept {}

  T *allocate(size_t count) {
    if (count > size_t(-1) / sizeof(T))
      throw std::bad_array_new_length();
    void *pointer = allocateHostBuffer(
        std::max(alignof(std::max_align_t), alignof(T)), count * sizeof(T));
    if (!pointer)
      throw std::bad_alloc();
    return static_cast<T *>(pointer);
  }
  void deallocate(T *pointer, size_t) noexcept { freeHostBuffer(pointer); }

  template <typename U>
  bool operator==(const HostBufferAllocator<U> &) const noexcept {
    return true;
  }
  template <typename U>
  bool operator!=(const HostBufferAllocator<U> &) const noexcept {
    return false;
  }
};

/// The bytes of a host tensor.
using HostBytes = std::vector<char, HostBufferAllocator<char>>;

} // namespace ten
} // namespace mlir

#endif // TEN_RUNTIME_HOST_LARGEPAGES_H
