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
#include "ten/Runtime/Host/CholeskyNanPivot.h"
#include "ten/Runtime/Host/Lapack.h"

#include "BufferView.h"
#include "LinalgSupport.h"
#include "SmallMatrices.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

using namespace mlir::ten;

namespace {

using ten::Buffer;
using ten::Lapack;
using namespace ten::linalg;

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

// A small matrix by the kernels of SmallMatrices.h, a larger one by LAPACK.
template <typename T>
void factorLu(const Lapack &lapack, int n, T *a, int *pivots, int *info) {
  if (n <= kLargestSmallMatrix)
    *info = factorSmallLu(a, n, pivots);
  else
    getrf(lapack, n, a, pivots, info);
}

template <typename T>
void solveLu(const Lapack &lapack, int n, int rhs, const T *lu,
             const int *pivots, T *b, int *info) {
  if (n <= kLargestSmallMatrix)
    solveSmallLu(lu, n, pivots, b, rhs);
  else
    getrs(lapack, 'N', n, rhs, lu, pivots, b, info);
}

template <typename T>
void factorCholesky(const Lapack &lapack, bool upper, int n, T *a, int *info) {
  if (n <= kLargestSmallMatrix)
    *info = factorSmallCholesky(a, n, upper);
  else
    potrf(lapack, upper ? 'U' : 'L', n, a, info);
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

template <typename T>
void choleskyOf(const TenrtUnrankedMemRef *input,
                const TenrtUnrankedMemRef *result, int32_t upper,
                int32_t threads) {
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
        factorCholesky(lapack, upper, static_cast<int>(n), factor, &info);
        // A NaN pivot is no failure (CholeskyNanPivot.h), whether LAPACK
        // stopped there or went on past it.
        int64_t factored = info > 0 ? info : n;
        int64_t nanPivot = 0;
        while (nanPivot < factored &&
               !std::isnan(std::real(factor[nanPivot + nanPivot * n])))
          ++nanPivot;
        if (nanPivot == factored && info > 0)
          return false;
        if (nanPivot < n)
          ten::fillCholeskyFromNanPivot(factor, n, nanPivot, upper);
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
  factorLu(lapack, size, factors, workspace.pivots.data(), &info);
  if (info > 0)
    return false;
  // The right-hand sides, B or the identity.
  workspace.rightHandSides.assign(n * rhs, T(0));
  if (b)
    copyTransposed(b->at<T>(index), workspace.rightHandSides.data(), n, rhs);
  else
    for (int64_t i = 0; i < n; ++i)
      workspace.rightHandSides[i + i * n] = T(1);
  solveLu(lapack, size, static_cast<int>(rhs), factors, workspace.pivots.data(),
          workspace.rightHandSides.data(), &info);
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
        factorLu(lapack, static_cast<int>(n), factors, workspace.pivots.data(),
                 &info);
        if (info > 0) {
          // An exact zero on U's diagonal: the determinant is 0.
          signs[index] = T(0);
          logarithms[index] = -std::numeric_limits<Real>::infinity();
          return true;
        }
        // NumPy's order: the row swaps' parity, then the diagonal's
        // elements one by one. A real sign counts the negative elements, so
        // that NaN and infinities leave it +-1 (log|det| is NaN or inf); a
        // complex one multiplies the elements' phases, NaN for those.
        T product = T(1);
        Real logarithm = 0;
        for (int64_t i = 0; i < n; ++i)
          if (workspace.pivots[i] != i + 1)
            product = -product;
        for (int64_t i = 0; i < n; ++i) {
          T element = factors[i * n + i];
          Real magnitude = std::abs(element);
          if constexpr (std::is_same_v<T, Real>) {
            if (element < 0)
              product = -product;
          } else {
            product *= element / magnitude;
          }
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
