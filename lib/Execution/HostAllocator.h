//===- HostAllocator.h - the allocator of compiled CPU code -----*- C++ -*-===//
//
// The JIT-compiled code allocates its buffers (results and temporaries)
// through these functions, which stand in for malloc, calloc, aligned_alloc
// and free. Large freed buffers are kept for the next allocation of a similar
// size: a fresh buffer from the kernel costs a page fault per 4 KiB, which
// for a memory-bound program costs as much as the computation.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_EXECUTION_HOSTALLOCATOR_H
#define TEN_LIB_EXECUTION_HOSTALLOCATOR_H

#include <cstddef>

extern "C" {
void *tenrtMalloc(size_t size);
void *tenrtCalloc(size_t count, size_t size);
void *tenrtAlignedAlloc(size_t alignment, size_t size);
/// Frees a buffer of the functions above; null is ignored.
void tenrtFree(void *pointer);
}

#endif // TEN_LIB_EXECUTION_HOSTALLOCATOR_H
