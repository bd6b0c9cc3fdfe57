//===- LapackTest.cpp - LAPACK, loaded at run time ------------------------===//
//
// The loader of LAPACK and its messages, and the routines it resolves
// called through their Fortran interface as the runtime will call them:
// Cholesky factorizations of each element type (a positive definite
// matrix rebuilt from its factor; one that is not reported by `info`), and
// an LU solve (its residual). The library is the one utils/setup.sh
// installs (Debian's liblapack3), or TEN_LAPACK's.
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/Lapack.h"

#include "gtest/gtest.h"

#include <cmath>
#include <complex>
#include <type_traits>
#include <vector>

using namespace ten;

namespace {

std::unique_ptr<Lapack> loadLapack() {
  std::string error;
  std::unique_ptr<Lapack> lapack =
      Lapack::load(Lapack::getDefaultLibrary(), error);
  EXPECT_NE(lapack, nullptr) << error;
  return lapack;
}

TEST(LapackLoader, MissingOrWrongLibrariesAreErrors) {
  std::string error;
  EXPECT_EQ(Lapack::load("libten-no-such-lapack.so", error), nullptr);
  EXPECT_EQ(error.rfind("no LAPACK: ", 0), 0u) << error;
  EXPECT_NE(error.find("install liblapack3"), std::string::npos) << error;
  EXPECT_EQ(Lapack::load("libm.so.6", error), nullptr);
  EXPECT_EQ(error, "libm.so.6 is not LAPACK: it has no ilaver_");
}

TEST(LapackLoader, TheInstalledLapackIsThree) {
  std::unique_ptr<Lapack> lapack = loadLapack();
  ASSERT_NE(lapack, nullptr);
  EXPECT_EQ(lapack->getVersion().rfind("3.", 0), 0u) << lapack->getVersion();
}

TEST(LapackLoader, OpenBlasThreadsAreControlledWhereItIsOpenBlas) {
  std::unique_ptr<Lapack> lapack = loadLapack();
  ASSERT_NE(lapack, nullptr);
  // Both or neither: the runtime runs OpenBLAS serially under its batches.
  EXPECT_EQ(lapack->setThreads == nullptr, lapack->getThreads == nullptr);
  if (!lapack->getThreads)
    return;
  int before = lapack->getThreads();
  lapack->setThreads(1);
  EXPECT_EQ(lapack->getThreads(), 1);
  lapack->setThreads(before);
  EXPECT_EQ(lapack->getThreads(), before);
}

/// The complex conjugate of `value`; a real number itself.
template <typename T>
T conjugate(T value) {
  if constexpr (std::is_floating_point<T>::value)
    return value;
  else
    return std::conj(value);
}

/// A positive definite n x n matrix: M M^H + n I (column-major).
template <typename T>
std::vector<T> positiveDefinite(int n) {
  std::vector<T> m(n * n), a(n * n);
  for (int i = 0; i < n * n; ++i)
    m[i] = T(std::sin(1.0 + i));
  if constexpr (!std::is_floating_point<T>::value)
    for (int i = 0; i < n * n; ++i)
      m[i] += T(0, std::cos(2.0 * i));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      T sum = i == j ? T(n) : T(0);
      for (int p = 0; p < n; ++p)
        sum += m[i + p * n] * conjugate(m[j + p * n]);
      a[i + j * n] = sum;
    }
  return a;
}

/// Factors a positive definite matrix with `potrf` (lower), rebuilds it
/// from the factor, and checks that a matrix with a negative pivot is
/// reported by `info`.
template <typename T, typename Potrf>
void checkCholesky(Potrf potrf, double tolerance) {
  const int n = 5;
  std::vector<T> a = positiveDefinite<T>(n), factor = a;
  int info = -1;
  potrf("L", &n, factor.data(), &n, &info, 1);
  ASSERT_EQ(info, 0);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j) {
      T sum = 0;
      for (int p = 0; p <= j; ++p)
        sum += factor[i + p * n] * conjugate(factor[j + p * n]);
      EXPECT_NEAR(std::abs(sum - a[i + j * n]), 0.0,
                  tolerance * std::abs(a[i + j * n]))
          << i << ", " << j;
    }
  std::vector<T> notDefinite = a;
  notDefinite[2 + 2 * n] = T(-1);
  potrf("L", &n, notDefinite.data(), &n, &info, 1);
  EXPECT_GT(info, 0);
}

TEST(Lapack, CholeskyOfEachType) {
  std::unique_ptr<Lapack> lapack = loadLapack();
  ASSERT_NE(lapack, nullptr);
  checkCholesky<float>(lapack->spotrf, 1e-5);
  checkCholesky<double>(lapack->dpotrf, 1e-12);
  checkCholesky<std::complex<float>>(lapack->cpotrf, 1e-5);
  checkCholesky<std::complex<double>>(lapack->zpotrf, 1e-12);
}

TEST(Lapack, LuSolve) {
  std::unique_ptr<Lapack> lapack = loadLapack();
  ASSERT_NE(lapack, nullptr);
  const int n = 4, rhs = 2;
  std::vector<double> a(n * n), b(n * rhs);
  for (int i = 0; i < n * n; ++i)
    a[i] = std::cos(3.0 * i) + (i % (n + 1) == 0 ? 4 : 0);
  for (int i = 0; i < n * rhs; ++i)
    b[i] = i - 3.0;
  std::vector<double> lu = a, x = b;
  std::vector<int> pivots(n);
  int info = -1;
  lapack->dgetrf(&n, &n, lu.data(), &n, pivots.data(), &info);
  ASSERT_EQ(info, 0);
  lapack->dgetrs("N", &n, &rhs, lu.data(), &n, pivots.data(), x.data(), &n,
                 &info, 1);
  ASSERT_EQ(info, 0);
  for (int c = 0; c < rhs; ++c)
    for (int i = 0; i < n; ++i) {
      double sum = 0;
      for (int p = 0; p < n; ++p)
        sum += a[i + p * n] * x[p + c * n];
      EXPECT_NEAR(sum, b[i + c * n], 1e-12);
    }
  // A singular matrix: info names the zero pivot.
  std::vector<double> singular(n * n, 1.0);
  lapack->dgetrf(&n, &n, singular.data(), &n, pivots.data(), &info);
  EXPECT_GT(info, 0);
}

} // namespace
