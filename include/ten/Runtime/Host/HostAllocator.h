//===- HostAllocator.h - the allocator of compiled CPU code -----*- C++ -*-===//
//
// The JIT-compiled code allocates its buffers (results and temporaries)
// through these functions, which stand in for malloc, calloc, aligned_alloc
// and free. Large freed buffers are kept for the next allocation of a similar
// size: a fresh buffer from the kernel costs a page fault per 4 KiB, which
// for a memory-bound program costs as much as the computation. Buffers
// allocated during a run are tracked by it, so that a failed run frees them.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_HOSTALLOCATOR_H
#define TEN_RUNTIME_HOST_HOSTALLOCATOR_H

#include <cstddef>

namespace mlir {
namespace ten {
struct CheckedRun;

/// Ends `run`'s claim on the buffers that compiled code allocated in it and
/// did not free: they now belong to the caller (the results of a run that
/// succeeded).
void disownRunBuffers(CheckedRun &run);
/// Frees the buffers that compiled code allocated in `run` and did not free
/// (a run that failed).
void freeRunBuffers(CheckedRun &run);
} // namespace ten
} // namespace mlir

// An allocation that cannot be satisfied fails the calling thread's current
// run (CheckedRun.h) with a message that says how many bytes it asked for;
// outside a run it returns null, as malloc does.
extern "C" {
void *tenrtMalloc(size_t size);
void *tenrtCalloc(size_t count, size_t size);
void *tenrtAlignedAlloc(size_t alignment, size_t size);
/// Frees a buffer of the functions above; null is ignored.
void tenrtFree(void *pointer);
}

#endif // TEN_RUNTIME_HOST_HOSTALLOCATOR_H
