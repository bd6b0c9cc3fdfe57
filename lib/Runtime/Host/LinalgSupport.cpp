//===- LinalgSupport.cpp - the host runtime's linear algebra --------------===//

#include "LinalgSupport.h"

#include "ten/Runtime/Host/CheckedRun.h"

#include "BufferView.h"

#include <limits>
#include <memory>
#include <mutex>
#include <utility>

using namespace ten;
using namespace ten::linalg;
using mlir::ten::failCurrentRun;

namespace {

/// The library, loaded on first use; null, with `error` saying why, if it
/// cannot be.
const Lapack *getLapack(const std::string *&error) {
  static std::string loadError;
  static std::unique_ptr<Lapack> lapack =
      Lapack::load(Lapack::getDefaultLibrary(), loadError);
  error = &loadError;
  return lapack.get();
}

/// `descriptor`'s matrices, or an error in `error` if it is not a
/// contiguous stack of matrices that LAPACK's 32-bit sizes can describe.
Matrices getMatrices(const TenrtUnrankedMemRef *memref, size_t elementBytes,
                     std::string &error) {
  int64_t rank = memref->rank;
  Buffer buffer(rank, memref->descriptor, elementBytes);
  Matrices matrices{buffer.base};
  matrices.rows = rank >= 2 ? buffer.sizes[rank - 2] : 1;
  matrices.columns = rank >= 1 ? buffer.sizes[rank - 1] : 1;
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    if (d < rank - 2)
      matrices.count *= buffer.sizes[d];
    if (buffer.sizes[d] != 1 && buffer.strides[d] != stride)
      error = "a buffer of ten.linalg is not contiguous";
    stride *= buffer.sizes[d];
  }
  constexpr int64_t kLargest = std::numeric_limits<int>::max();
  if (matrices.rows > kLargest || matrices.columns > kLargest)
    error = "matrices of more than " + std::to_string(kLargest) +
            " rows or columns are beyond LAPACK's sizes";
  return matrices;
}

} // namespace

void linalg::failOnMatrix(const char *message, const char *op, int64_t index,
                          int64_t count) {
  std::string text = std::string(message) + " (" + op;
  if (count > 1)
    text += ", matrix " + std::to_string(index) + " of a batch of " +
            std::to_string(count);
  text += ")";
  failCurrentRun(std::move(text));
}

const Lapack &linalg::requireLapack(const char *op) {
  const std::string *error = nullptr;
  const Lapack *lapack = getLapack(error);
  if (!lapack)
    failCurrentRun(std::string(op) + " needs LAPACK: " + *error);
  return *lapack;
}

Matrices linalg::requireMatrices(const TenrtUnrankedMemRef *memref,
                                 size_t elementBytes) {
  std::string error;
  Matrices matrices = getMatrices(memref, elementBytes, error);
  if (!error.empty())
    failCurrentRun(std::move(error));
  return matrices;
}

namespace {
/// The batches running on ten's threads, and OpenBLAS's threads before the
/// first of them.
std::mutex serialMutex;
int serialBatches = 0;
int savedThreads = 0;
} // namespace

SerialLapackCalls::SerialLapackCalls(const Lapack &lapack) : lapack(lapack) {
  if (!lapack.setThreads)
    return;
  std::lock_guard<std::mutex> lock(serialMutex);
  if (serialBatches++ == 0) {
    savedThreads = lapack.getThreads();
    lapack.setThreads(1);
  }
}

SerialLapackCalls::~SerialLapackCalls() {
  if (!lapack.setThreads)
    return;
  std::lock_guard<std::mutex> lock(serialMutex);
  if (--serialBatches == 0)
    lapack.setThreads(savedThreads);
}
