//===- SmallMatrices.h - LU and Cholesky of small matrices ------*- C++ -*-===//
//
// The unblocked algorithms of LAPACK's getf2, getrs and potf2, in plain
// C++, for the small matrices of a batch: a call of LAPACK costs more than
// a 4x4 factorization itself (its checks, its workspace, its threads), and
// a batch of 10000 of them is where NumPy's per-matrix calls are slow.
// Column-major, as LAPACK's, and the same results: the first largest
// pivot (|re| + |im| for complex numbers, as izamax), the factorization
// carried on past a zero pivot, whose position `info` reports, and a
// Cholesky factorization that stops at a pivot that is not positive,
// leaving it in place.
//
//===----------------------------------------------------------------------===//

#ifndef TEN_LIB_RUNTIME_HOST_SMALLMATRICES_H
#define TEN_LIB_RUNTIME_HOST_SMALLMATRICES_H

#include <cmath>
#include <complex>
#include <type_traits>
#include <utility>

namespace ten {
namespace linalg {

/// The largest order that the small kernels factor.
constexpr int kLargestSmallMatrix = 8;

/// LAPACK's |re| + |im| (|x| for reals), by which pivots are chosen.
template <typename T>
auto pivotMagnitude(T value) {
  return std::abs(std::real(value)) + std::abs(std::imag(value));
}

/// The complex conjugate, or the real number itself.
template <typename T>
T conjugateOf(T value) {
  if constexpr (std::is_floating_point<T>::value)
    return value;
  else
    return std::conj(value);
}

/// getf2: the LU factors of the n x n matrix `a` (lda n) with partial
/// pivoting; `pivots` 1-based as LAPACK's. Returns info: 0, or the first
/// zero pivot's position (1-based).
template <typename T>
int factorSmallLu(T *a, int n, int *pivots) {
  int info = 0;
  auto at = [&](int i, int j) -> T & { return a[i + j * n]; };
  for (int j = 0; j < n; ++j) {
    int pivot = j;
    auto largest = pivotMagnitude(at(j, j));
    for (int i = j + 1; i < n; ++i)
      if (pivotMagnitude(at(i, j)) > largest) {
        largest = pivotMagnitude(at(i, j));
        pivot = i;
      }
    pivots[j] = pivot + 1;
    if (at(pivot, j) != T(0)) {
      if (pivot != j)
        for (int c = 0; c < n; ++c)
          std::swap(at(j, c), at(pivot, c));
      for (int i = j + 1; i < n; ++i)
        at(i, j) /= at(j, j);
    } else if (info == 0) {
      info = j + 1;
    }
    for (int c = j + 1; c < n; ++c)
      for (int i = j + 1; i < n; ++i)
        at(i, c) -= at(i, j) * at(j, c);
  }
  return info;
}

/// getrs 'N': solves A X = B with A's LU factors, B n x rhs (ldb n).
template <typename T>
void solveSmallLu(const T *lu, int n, const int *pivots, T *b, int rhs) {
  auto at = [&](int i, int j) { return lu[i + j * n]; };
  for (int c = 0; c < rhs; ++c) {
    T *x = b + c * n;
    for (int j = 0; j < n; ++j)
      std::swap(x[j], x[pivots[j] - 1]);
    for (int j = 0; j < n; ++j)
      for (int i = j + 1; i < n; ++i)
        x[i] -= at(i, j) * x[j];
    for (int j = n - 1; j >= 0; --j) {
      x[j] /= at(j, j);
      for (int i = 0; i < j; ++i)
        x[i] -= at(i, j) * x[j];
    }
  }
}

/// potf2: the Cholesky factor of the n x n matrix `a` (lda n) in its lower
/// triangle, or with `upper` its upper one, from that triangle alone.
/// Returns info: 0, or the position (1-based) of the first pivot that is
/// not positive (or NaN), which is left there.
template <typename T>
int factorSmallCholesky(T *a, int n, bool upper) {
  using Real = decltype(std::abs(T()));
  // Element (i, j) of the triangle read: row-wise for `upper`, so that one
  // loop serves both.
  auto at = [&](int i, int j) -> T & {
    return upper ? a[j + i * n] : a[i + j * n];
  };
  for (int j = 0; j < n; ++j) {
    Real pivot = std::real(at(j, j));
    for (int k = 0; k < j; ++k)
      pivot -= std::real(at(j, k) * conjugateOf(at(j, k)));
    if (!(pivot > 0)) {
      at(j, j) = T(pivot);
      return j + 1;
    }
    pivot = std::sqrt(pivot);
    at(j, j) = T(pivot);
    for (int i = j + 1; i < n; ++i) {
      T sum = at(i, j);
      // Lower: L(i,k) L(j,k)^*; upper: U(k,i) U(k,j)^*, the same terms.
      for (int k = 0; k < j; ++k)
        sum -= at(i, k) * conjugateOf(at(j, k));
      at(i, j) = sum / pivot;
    }
  }
  return 0;
}

} // namespace linalg
} // namespace ten

#endif // TEN_LIB_RUNTIME_HOST_SMALLMATRICES_H
