//===- UnrankedMemRef.h - a buffer passed to the runtime --------*- C++ -*-===//
//
// How compiled code passes a buffer to a C interface of the runtime (sort,
// collectives, linear algebra): as an unranked memref.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_UNRANKEDMEMREF_H
#define TEN_RUNTIME_HOST_UNRANKEDMEMREF_H

#include <cstdint>

/// An unranked memref as compiled code passes one to a C interface: the
/// rank and a ranked descriptor (allocated and aligned pointers, offset,
/// sizes, strides).
struct TenrtUnrankedMemRef {
  int64_t rank;
  void *descriptor;
};

#endif // TEN_RUNTIME_HOST_UNRANKEDMEMREF_H
