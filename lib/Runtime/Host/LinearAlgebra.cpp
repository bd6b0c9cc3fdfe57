//===- LinearAlgebra.cpp - ten.linalg on LAPACK ---------------------------===//
//
// Each entry point loops over the matrices of a batch, on up to the
// pipeline's threads, with a workspace per thread. LAPACK is column-major:
// each matrix is copied into the workspace transposed, so that LAPACK
// factors the matrix itself, as NumPy's numpy.linalg has it do (the same
// routines on the same values: a singular matrix is found singular alike).
// Failures are raised on the calling thread after the workers have joined
// and their workspaces are gone, since failing a run destroys nothing on
// its way out.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/LinearAlgebra.h"

#include "ten/Runtime/Host/CheckedRun.h"
#include "ten/Runtime/Host/Lapack.h"

#include "BufferView.h"
#include "RunOnThreads.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace mlir::ten;

namespace {

using ten::Buffer;
using ten::Lapack;

/// Elements of work below which a batch stays on the calling thread.
constexpr int64_t kShortestThreadedWork = 1 << 14;

/// The library, loaded on first use; null, with `error` saying why, if it
/// cannot be.
const Lapack *getLapack(const std::string *&error) {
  static std::string loadError;
  static std::unique_ptr<Lapack> lapack =
      Lapack::load(Lapack::getDefaultLibrary(), loadError);
  error = &loadError;
  return lapack.get();
}

// LAPACK's routines by element type.
#define TEN_LINALG_TYPE(Suffix, Type, letter)                                  \
  void potrf(const Lapack &lapack, char uplo, int n, Type *a, int *info) {     \
    int lda = std::max(n, 1);                                                  \
    lapack.letter##potrf(&uplo, &n, a, &lda, info, 1);                         \
  }                                                                            \
  void getrf(const Lapack &lapack, int n, Type *a, int *pivots, int *info) {   \
    int lda = std::max(n, 1);                                                  \
    lapack.letter##getrf(&n, &n, a, &lda, pivots, info);                       \
  }                                                                            \
  void getrs(const Lapack &lapack, char trans, int n, int rhs, const Type *a,  \
             const int *pivots, Type *b, int *info) {                          \
    int lda = std::max(n, 1);                                                  \
    lapack.letter##getrs(&trans, &n, &rhs, a, &lda, pivots, b, &lda, info, 1); \
  }
#include "ten/Runtime/Host/LinalgTypes.def"

/// The matrices of a batch: `count` of `rows` x `columns`, contiguous.
struct Matrices {
  uint8_t *base;
  int64_t count = 1, rows, columns;

  template <typename T>
  T *at(int64_t index) const {
    return reinterpret_cast<T *>(base) + index * rows * columns;
  }
};

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
  ten::runOnThreads(workers, count,
                    [&](int64_t worker, int64_t begin, int64_t end) {
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

/// Fails the run with NumPy's `message` for matrix `index` of `count` of
/// the op `op`.
[[noreturn]] void failOnMatrix(const char *message, const char *op,
                               int64_t index, int64_t count) {
  std::string text = std::string(message) + " (" + op;
  if (count > 1)
    text += ", matrix " + std::to_string(index) + " of a batch of " +
            std::to_string(count);
  text += ")";
  failCurrentRun(std::move(text));
}

/// The library, or a failed run saying why there is none.
const Lapack &requireLapack(const char *op) {
  const std::string *error = nullptr;
  const Lapack *lapack = getLapack(error);
  if (!lapack)
    failCurrentRun(std::string(op) + " needs LAPACK: " + *error);
  return *lapack;
}

/// The matrices of `memref`, or a failed run.
Matrices requireMatrices(const TenrtUnrankedMemRef *memref,
                         size_t elementBytes) {
  std::string error;
  Matrices matrices = getMatrices(memref, elementBytes, error);
  if (!error.empty())
    failCurrentRun(std::move(error));
  return matrices;
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

/// A thread's workspace: a matrix's factors, right-hand sides and pivots,
/// column-major.
template <typename T>
struct Workspace {
  std::vector<T> factors, rightHandSides;
  std::vector<int> pivots;

  /// The factors of the row-major `n` x `n` matrix `matrix`, unfactored.
  T *load(const T *matrix, int64_t n) {
    factors.resize(n * n);
    copyTransposed(matrix, factors.data(), n, n);
    pivots.resize(std::max<int64_t>(n, 1));
    return factors.data();
  }
};

/// The real type of `T`'s values: T, or its parts'.
template <typename T>
struct RealOf {
  using type = T;
};
template <typename T>
struct RealOf<std::complex<T>> {
  using type = T;
};

template <typename T>
void choleskyOf(const TenrtUnrankedMemRef *input,
                const TenrtUnrankedMemRef *result, int32_t upper,
                int32_t threads) {
  using Real = typename RealOf<T>::type;
  const char *op = "ten.linalg.cholesky";
  const Lapack &lapack = requireLapack(op);
  Matrices in = requireMatrices(input, sizeof(T));
  Matrices out = requireMatrices(result, sizeof(T));
  int64_t n = in.rows;
  int64_t failed = forEachMatrix<Workspace<T>>(
      lapack, in.count, n * n, threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &workspace) {
        T *factor = workspace.load(in.at<T>(index), n);
        int info = 0;
        potrf(lapack, upper ? 'U' : 'L', static_cast<int>(n), factor, &info);
        if (info > 0) {
          // The reference LAPACK stops at a NaN pivot as at a negative one,
          // leaving it in place; OpenBLAS (NumPy's) carries the NaN on
          // instead, through the columns after it. Both give NaN there.
          int64_t pivot = info - 1;
          if (!std::isnan(std::real(factor[pivot + pivot * n])))
            return false;
          for (int64_t j = pivot; j < n; ++j)
            for (int64_t i = j; i < n; ++i)
              factor[upper ? j + i * n : i + j * n] =
                  std::numeric_limits<Real>::quiet_NaN();
        }
        T *result = out.at<T>(index);
        for (int64_t i = 0; i < n; ++i)
          for (int64_t j = 0; j < n; ++j)
            result[i * n + j] =
                (upper ? j < i : j > i) ? T(0) : factor[i + j * n];
        return true;
      });
  if (failed >= 0)
    failOnMatrix("Matrix is not positive definite", op, failed, in.count);
}

/// Solves `a @ x = b` for the matrix at `index` of each, `b` with `rhs`
/// columns, or gives false if `a` is singular. With `b` null, solves for
/// the identity (the inverse).
template <typename T>
bool solveOne(const Lapack &lapack, const Matrices &a, const Matrices *b,
              const Matrices &x, int64_t index, Workspace<T> &workspace) {
  int64_t n = a.rows, rhs = x.columns;
  T *factors = workspace.load(a.at<T>(index), n);
  int info = 0;
  int size = static_cast<int>(n);
  getrf(lapack, size, factors, workspace.pivots.data(), &info);
  if (info > 0)
    return false;
  // The right-hand sides, B or the identity.
  workspace.rightHandSides.assign(n * rhs, T(0));
  if (b)
    copyTransposed(b->at<T>(index), workspace.rightHandSides.data(), n, rhs);
  else
    for (int64_t i = 0; i < n; ++i)
      workspace.rightHandSides[i + i * n] = T(1);
  getrs(lapack, 'N', size, static_cast<int>(rhs), factors,
        workspace.pivots.data(), workspace.rightHandSides.data(), &info);
  copyTransposed(workspace.rightHandSides.data(), x.at<T>(index), n, rhs,
                 /*toRowMajor=*/true);
  return true;
}

template <typename T>
void solveAll(const char *op, const Matrices &a, const Matrices *b,
              const Matrices &x, int32_t threads) {
  const Lapack &lapack = requireLapack(op);
  int64_t n = a.rows;
  int64_t failed = forEachMatrix<Workspace<T>>(
      lapack, a.count, n * (n + x.columns), threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &workspace) {
        return solveOne<T>(lapack, a, b, x, index, workspace);
      });
  if (failed >= 0)
    failOnMatrix("Singular matrix", op, failed, a.count);
}

template <typename T>
void solveOf(const TenrtUnrankedMemRef *a, const TenrtUnrankedMemRef *b,
             const TenrtUnrankedMemRef *x, int32_t threads) {
  Matrices matrices = requireMatrices(a, sizeof(T));
  Matrices rightHandSides = requireMatrices(b, sizeof(T));
  Matrices solutions = requireMatrices(x, sizeof(T));
  solveAll<T>("ten.linalg.solve", matrices, &rightHandSides, solutions,
              threads);
}

template <typename T>
void inverseOf(const TenrtUnrankedMemRef *input,
               const TenrtUnrankedMemRef *result, int32_t threads) {
  Matrices matrices = requireMatrices(input, sizeof(T));
  Matrices inverses = requireMatrices(result, sizeof(T));
  solveAll<T>("ten.linalg.inv", matrices, nullptr, inverses, threads);
}

template <typename T>
void slogdetOf(const TenrtUnrankedMemRef *input,
               const TenrtUnrankedMemRef *sign,
               const TenrtUnrankedMemRef *logabsdet, int32_t threads) {
  using Real = typename RealOf<T>::type;
  const Lapack &lapack = requireLapack("ten.linalg.slogdet");
  Matrices matrices = requireMatrices(input, sizeof(T));
  // One value per matrix: the results' buffers as a flat batch.
  auto *signs = reinterpret_cast<T *>(
      Buffer(sign->rank, sign->descriptor, sizeof(T)).base);
  auto *logarithms = reinterpret_cast<Real *>(
      Buffer(logabsdet->rank, logabsdet->descriptor, sizeof(Real)).base);
  int64_t n = matrices.rows;
  forEachMatrix<Workspace<T>>(
      lapack, matrices.count, n * n, threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &workspace) {
        T *factors = workspace.load(matrices.at<T>(index), n);
        int info = 0;
        getrf(lapack, static_cast<int>(n), factors, workspace.pivots.data(),
              &info);
        if (info > 0) {
          // An exact zero on U's diagonal: the determinant is 0.
          signs[index] = T(0);
          logarithms[index] = -std::numeric_limits<Real>::infinity();
          return true;
        }
        // NumPy's order: the row swaps' parity, then the diagonal's
        // elements one by one.
        T product = T(1);
        Real logarithm = 0;
        for (int64_t i = 0; i < n; ++i)
          if (workspace.pivots[i] != i + 1)
            product = -product;
        for (int64_t i = 0; i < n; ++i) {
          T element = factors[i * n + i];
          Real magnitude = std::abs(element);
          product *= element / magnitude;
          logarithm += std::log(magnitude);
        }
        signs[index] = product;
        logarithms[index] = logarithm;
        return true;
      });
}

} // namespace

#define TEN_LINALG_TYPE(Suffix, Type, letter)                                  \
  void tenrtCholesky##Suffix(const TenrtUnrankedMemRef *input,                 \
                             const TenrtUnrankedMemRef *result, int32_t upper, \
                             int32_t threads) {                                \
    choleskyOf<Type>(input, result, upper, threads);                           \
  }                                                                            \
  void tenrtSolve##Suffix(const TenrtUnrankedMemRef *a,                        \
                          const TenrtUnrankedMemRef *b,                        \
                          const TenrtUnrankedMemRef *x, int32_t threads) {     \
    solveOf<Type>(a, b, x, threads);                                           \
  }                                                                            \
  void tenrtInverse##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *result,                 \
                            int32_t threads) {                                 \
    inverseOf<Type>(input, result, threads);                                   \
  }                                                                            \
  void tenrtSlogdet##Suffix(                                                   \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *sign,       \
      const TenrtUnrankedMemRef *logabsdet, int32_t threads) {                 \
    slogdetOf<Type>(input, sign, logabsdet, threads);                          \
  }
#include "ten/Runtime/Host/LinalgTypes.def"
