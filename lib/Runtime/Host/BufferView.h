//===- BufferView.h - a buffer compiled code passes -------------*- C++ -*-===//
//
// The host runtime's view of a buffer that compiled code passes through a C
// interface: a ranked memref descriptor (allocated and aligned pointers,
// offset, sizes, strides).
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_BUFFERVIEW_H
#define TEN_LIB_RUNTIME_HOST_BUFFERVIEW_H

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ten {

/// A buffer as compiled code describes it (a ranked memref descriptor).
struct Buffer {
  uint8_t *base; // the first element (aligned pointer plus offset)
  const int64_t *sizes;
  const int64_t *strides; // in elements

  Buffer(int64_t rank, void *descriptor, size_t elementBytes) {
    auto *fields = static_cast<int64_t *>(descriptor);
    uint8_t *aligned;
    std::memcpy(&aligned, fields + 1, sizeof(aligned));
    base = aligned + fields[2] * static_cast<int64_t>(elementBytes);
    sizes = fields + 3;
    strides = fields + 3 + rank;
  }
};

} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_BUFFERVIEW_H
