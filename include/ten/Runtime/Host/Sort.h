//===- Sort.h - sorting lines of a buffer -----------------------*- C++ -*-===//
//
// ten.sort on the host: every line of a buffer along one of its dimensions
// sorted, stably, in NumPy's order (NaN last; -0 equal to +0; complex
// numbers by their real parts, then their imaginary parts, a NaN part after
// numbers). Compiled code calls the entry point of the element type
// (SortKeys.def) with its buffers as unranked memrefs.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_SORT_H
#define TEN_RUNTIME_HOST_SORT_H

#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <cstdint>

/// How the elements of a sorted buffer compare: one per element type.
enum TenrtSortKey : int32_t {
#define TEN_SORT_KEY(Suffix) TENRT_SORT_##Suffix,
#include "ten/Runtime/Host/SortKeys.def"
};

/// What a sort writes, and in which order.
enum TenrtSortFlags : int32_t {
  TENRT_SORT_DESCENDING = 1, // largest first (NaN first), ties in order
  TENRT_SORT_WRITE_VALUES = 2,
  TENRT_SORT_WRITE_INDICES = 4,
};

extern "C" {
/// Sorts every line of `input` along its dimension `dim`, writing the
/// sorted elements to `values` and their positions along the line (int64)
/// to `indices`, each if `flags` asks (the other buffer is not written);
/// all three have the input's sizes. Equal elements keep their order:
/// `indices` is NumPy's stable argsort. Lines are sorted on up to `threads`
/// threads (the calling one among them) when there are enough of them.
/// Compiled code calls it by its C interface name,
/// _mlir_ciface_tenrtSort<Suffix> (HostRuntime.def).
#define TEN_SORT_KEY(Suffix)                                                   \
  void tenrtSort##Suffix(const TenrtUnrankedMemRef *input,                     \
                         const TenrtUnrankedMemRef *values,                    \
                         const TenrtUnrankedMemRef *indices, int64_t dim,      \
                         int32_t flags, int32_t threads);
#include "ten/Runtime/Host/SortKeys.def"
}

#endif // TEN_RUNTIME_HOST_SORT_H
