//===- Partition.h - partitioning lines of a buffer -------------*- C++ -*-===//
//
// ten.partition on the host: every line of a buffer along one dimension
// partitioned about given positions, in ten.sort's order (Sort.h): each of
// those positions holds the element a stable sort puts there, none before
// it larger and none after it smaller. Compiled code calls the entry point
// of the element type (SortKeys.def) with its buffers as unranked memrefs.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_RUNTIME_HOST_PARTITION_H
#define TEN_RUNTIME_HOST_PARTITION_H

#include "ten/Runtime/Host/Sort.h"
#include "ten/Runtime/Host/UnrankedMemRef.h"

#include <cstdint>

extern "C" {
/// Partitions every line of `input` along its dimension `dim` about the
/// positions that the 1-d int64 buffer `kth` holds (ascending, each less
/// than the line's length; otherwise nothing is written), writing the
/// elements to `values` and their positions along the line (int64) to
/// `indices`, each if `flags` (TenrtSortFlags) asks; all three have the
/// input's sizes. Equal elements keep their order, so that each `kth`
/// position of `indices` is NumPy's stable argsort's there. Lines are
/// partitioned on up to `threads` threads (the calling one among them)
/// when there are enough of them. Compiled code calls it by its C interface
/// name, _mlir_ciface_tenrtPartition<Suffix> (HostRuntime.def).
#define TEN_SORT_KEY(Suffix)                                                   \
  void tenrtPartition##Suffix(                                                 \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *values,     \
      const TenrtUnrankedMemRef *indices, const TenrtUnrankedMemRef *kth,      \
      int64_t dim, int32_t flags, int32_t threads);
#include "ten/Runtime/Host/SortKeys.def"
}

#endif // TEN_RUNTIME_HOST_PARTITION_H
