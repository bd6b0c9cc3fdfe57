//===- LinalgSupport.h - the host runtime's linear algebra ------*- C++ -*-===//
//
// What the entry points of ten.linalg share (LinearAlgebra.cpp: LU and
// Cholesky; Decompositions.cpp: QR, eigh, SVD): the batch of matrices a
// buffer holds, a loop over it on threads, LAPACK loaded once, the copies
// between row-major buffers and LAPACK's column-major matrices, and the
// failures of a run with NumPy's messages.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_LINALGSUPPORT_H
#define TEN_LIB_RUNTIME_HOST_LINALGSUPPORT_H

#include "ten/Runtime/Host/Lapack.h"
#include "ten/Runtime/Host/RealOf.h"
#include "ten/Runtime/Host/UnrankedMemRef.h"

#include "RunOnThreads.h"

#include <algorithm>
#include <complex>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ten {
namespace linalg {

using ten::RealOf;

/// Elements of work below which a batch stays on the calling thread.
constexpr int64_t kShortestThreadedWork = 1 << 14;

/// The matrices of a batch: `count` of `rows` x `columns`, contiguous.
struct Matrices {
  uint8_t *base;
  int64_t count = 1, rows, columns;

  template <typename T>
  T *at(int64_t index) const {
    return reinterpret_cast<T *>(base) + index * rows * columns;
  }
};

/// The matrices of `memref`, or a failed run if it is not a contiguous
/// stack of matrices that LAPACK's 32-bit sizes can describe.
Matrices requireMatrices(const TenrtUnrankedMemRef *memref,
                         size_t elementBytes);

/// The library, loaded on first use, or a failed run of `op` saying why
/// there is none.
const Lapack &requireLapack(const char *op);

/// Fails the run with NumPy's `message` for matrix `index` of `count` of
/// the op `op`.
[[noreturn]] void failOnMatrix(const char *message, const char *op,
                               int64_t index, int64_t count);

/// While one exists, an OpenBLAS that ten's threads call runs each call on
/// the calling thread alone: a batch already spreads over the threads, and
/// OpenBLAS's own threads for each small matrix would only contend with
/// them (an inverse of 10000 4x4 matrices: 40 ms instead of 2.5). Nested
/// and concurrent batches share the setting; the last restores it.
class SerialLapackCalls {
public:
  explicit SerialLapackCalls(const Lapack &lapack);
  ~SerialLapackCalls();
  SerialLapackCalls(const SerialLapackCalls &) = delete;
  SerialLapackCalls &operator=(const SerialLapackCalls &) = delete;

private:
  const Lapack &lapack;
};

/// Runs `work(lapack, index, workspace)` for each of `count` matrices, a
/// workspace per thread, and returns the first index for which it returned
/// false, or -1.
template <typename Workspace, typename Work>
int64_t forEachMatrix(const Lapack &lapack, int64_t count,
                      int64_t elementsPerMatrix, int32_t threads, Work work) {
  int64_t workers = 1;
  if (threads > 1 && count > 1 &&
      count * elementsPerMatrix >= kShortestThreadedWork)
    workers = std::min<int64_t>(threads, count);
  std::vector<int64_t> failed(workers, -1);
  std::optional<SerialLapackCalls> serial;
  if (workers > 1)
    serial.emplace(lapack);
  runOnThreads(workers, count, [&](int64_t worker, int64_t begin, int64_t end) {
    Workspace workspace;
    for (int64_t index = begin; index < end; ++index)
      if (!work(lapack, index, workspace)) {
        failed[worker] = index;
        return;
      }
  });
  for (int64_t index : failed)
    if (index >= 0)
      return index;
  return -1;
}

/// Copies the row-major `rows` x `columns` matrix `from` into `to`
/// column-major, or back with `toRowMajor`.
template <typename T>
void copyTransposed(const T *from, T *to, int64_t rows, int64_t columns,
                    bool toRowMajor = false) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j) {
      if (toRowMajor)
        to[i * columns + j] = from[i + j * rows];
      else
        to[i + j * rows] = from[i * columns + j];
    }
}

} // namespace linalg
} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_LINALGSUPPORT_H
