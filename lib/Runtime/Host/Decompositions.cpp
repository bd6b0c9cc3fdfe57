//===- Decompositions.cpp - QR, eigh, eig and SVD on LAPACK ---------------===//
//
// The decompositions of ten.linalg whose results are several matrices: QR
// (geqrf, then orgqr/ungqr), the eigendecomposition of Hermitian matrices
// (syevd/heevd) and of general ones (geev), and the SVD (gesdd), the
// routines NumPy calls. As for the
// LU and Cholesky entry points (LinearAlgebra.cpp), each matrix is copied
// column-major into a thread's workspace, so that LAPACK decomposes the
// matrix itself, and the results are copied back row-major. Workspaces are
// sized by LAPACK's queries once per thread (a batch's matrices share one
// shape).
//
//===----------------------------------------------------------------------===//

#include "ten/Runtime/Host/LinearAlgebra.h"

#include "BufferView.h"
#include "LinalgSupport.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <vector>

using namespace ten;
using namespace ten::linalg;

namespace {

/// The size a workspace query returned in `work`'s first element.
template <typename T>
int querySize(T value) {
  return std::max(1, static_cast<int>(std::real(value)));
}

// LAPACK's routines by element type: geqrf and orgqr/ungqr.
#define TEN_QR_ROUTINES(Type, geqrf_, orgqr_)                                  \
  void geqrf(const Lapack &lapack, int m, int n, Type *a, Type *tau,           \
             Type *work, int lwork, int *info) {                               \
    int lda = std::max(m, 1);                                                  \
    lapack.geqrf_(&m, &n, a, &lda, tau, work, &lwork, info);                   \
  }                                                                            \
  void orgqr(const Lapack &lapack, int m, int n, int k, Type *a,               \
             const Type *tau, Type *work, int lwork, int *info) {              \
    int lda = std::max(m, 1);                                                  \
    lapack.orgqr_(&m, &n, &k, a, &lda, tau, work, &lwork, info);               \
  }
TEN_QR_ROUTINES(float, sgeqrf, sorgqr)
TEN_QR_ROUTINES(double, dgeqrf, dorgqr)
TEN_QR_ROUTINES(std::complex<float>, cgeqrf, cungqr)
TEN_QR_ROUTINES(std::complex<double>, zgeqrf, zungqr)
#undef TEN_QR_ROUTINES

/// A thread's workspace: the matrix being decomposed, column-major, the
/// results' matrices, and LAPACK's work arrays.
template <typename T>
struct Workspace {
  using Real = typename RealOf<T>::type;
  std::vector<T> matrix, left, right, work, tau;
  std::vector<Real> values, realWork;
  std::vector<int> integerWork;

  /// The row-major `rows` x `columns` matrix at `from`, column-major.
  T *load(const T *from, int64_t rows, int64_t columns) {
    matrix.resize(rows * columns);
    copyTransposed(from, matrix.data(), rows, columns);
    return matrix.data();
  }
};

// syevd/heevd: the real types take no real work array.
void evd(const Lapack &lapack, char jobz, char uplo, int n, float *a, float *w,
         Workspace<float> &ws, int lwork, int lrwork, int liwork, int *info) {
  (void)lrwork;
  int lda = std::max(n, 1);
  lapack.ssyevd(&jobz, &uplo, &n, a, &lda, w, ws.work.data(), &lwork,
                ws.integerWork.data(), &liwork, info, 1, 1);
}
void evd(const Lapack &lapack, char jobz, char uplo, int n, double *a,
         double *w, Workspace<double> &ws, int lwork, int lrwork, int liwork,
         int *info) {
  (void)lrwork;
  int lda = std::max(n, 1);
  lapack.dsyevd(&jobz, &uplo, &n, a, &lda, w, ws.work.data(), &lwork,
                ws.integerWork.data(), &liwork, info, 1, 1);
}
void evd(const Lapack &lapack, char jobz, char uplo, int n,
         std::complex<float> *a, float *w, Workspace<std::complex<float>> &ws,
         int lwork, int lrwork, int liwork, int *info) {
  int lda = std::max(n, 1);
  lapack.cheevd(&jobz, &uplo, &n, a, &lda, w, ws.work.data(), &lwork,
                ws.realWork.data(), &lrwork, ws.integerWork.data(), &liwork,
                info, 1, 1);
}
void evd(const Lapack &lapack, char jobz, char uplo, int n,
         std::complex<double> *a, double *w,
         Workspace<std::complex<double>> &ws, int lwork, int lrwork, int liwork,
         int *info) {
  int lda = std::max(n, 1);
  lapack.zheevd(&jobz, &uplo, &n, a, &lda, w, ws.work.data(), &lwork,
                ws.realWork.data(), &lrwork, ws.integerWork.data(), &liwork,
                info, 1, 1);
}

// geev: the eigenvalues into `w`, complex, and with `jobvr` 'V' the right
// eigenvectors into `vr` in LAPACK's form. The real types return the
// eigenvalues' real and imaginary parts apart (in the workspace's
// `values`); the complex ones take a real work array.
#define TEN_GEEV_REAL(Type, geev_)                                             \
  void geev(const Lapack &lapack, char jobvr, int n, Type *a,                  \
            std::complex<Type> *w, Type *vr, Workspace<Type> &ws, int lwork,   \
            int *info) {                                                       \
    char jobvl = 'N';                                                          \
    int lda = std::max(n, 1), ldvl = 1;                                        \
    ws.values.resize(2 * static_cast<size_t>(std::max(n, 1)));                 \
    Type *wr = ws.values.data(), *wi = wr + n;                                 \
    lapack.geev_(&jobvl, &jobvr, &n, a, &lda, wr, wi, nullptr, &ldvl, vr,      \
                 &lda, ws.work.data(), &lwork, info, 1, 1);                    \
    if (lwork != -1)                                                           \
      for (int i = 0; i < n; ++i)                                              \
        w[i] = std::complex<Type>(wr[i], wi[i]);                               \
  }
#define TEN_GEEV_COMPLEX(Type, geev_)                                          \
  void geev(const Lapack &lapack, char jobvr, int n, Type *a, Type *w,         \
            Type *vr, Workspace<Type> &ws, int lwork, int *info) {             \
    char jobvl = 'N';                                                          \
    int lda = std::max(n, 1), ldvl = 1;                                        \
    ws.realWork.resize(2 * static_cast<size_t>(std::max(n, 1)));               \
    lapack.geev_(&jobvl, &jobvr, &n, a, &lda, w, nullptr, &ldvl, vr, &lda,     \
                 ws.work.data(), &lwork, ws.realWork.data(), info, 1, 1);      \
  }
TEN_GEEV_REAL(float, sgeev)
TEN_GEEV_REAL(double, dgeev)
TEN_GEEV_COMPLEX(std::complex<float>, cgeev)
TEN_GEEV_COMPLEX(std::complex<double>, zgeev)
#undef TEN_GEEV_REAL
#undef TEN_GEEV_COMPLEX

/// The complex right eigenvectors, row-major, of the column-major `vr`
/// that geev returned with the eigenvalues `w`. A real matrix's conjugate
/// pair of eigenvalues (the one of positive imaginary part first) shares
/// two columns: the real parts and the imaginary parts of the first's
/// vector, whose conjugate is the second's.
template <typename Real>
void unpackVectors(const Real *vr, const std::complex<Real> *w,
                   std::complex<Real> *to, int64_t n) {
  for (int64_t j = 0; j < n; ++j) {
    if (w[j].imag() == 0 || j + 1 == n) {
      for (int64_t i = 0; i < n; ++i)
        to[i * n + j] = vr[i + j * n];
      continue;
    }
    for (int64_t i = 0; i < n; ++i) {
      std::complex<Real> element(vr[i + j * n], vr[i + (j + 1) * n]);
      to[i * n + j] = element;
      to[i * n + j + 1] = std::conj(element);
    }
    ++j;
  }
}
template <typename Real>
void unpackVectors(const std::complex<Real> *vr, const std::complex<Real> *,
                   std::complex<Real> *to, int64_t n) {
  copyTransposed(vr, to, n, n, /*toRowMajor=*/true);
}

/// The index of the first matrix of `a` with an infinite or NaN element,
/// or -1.
template <typename T>
int64_t findNonFinite(const Matrices &a) {
  int64_t elements = a.rows * a.columns;
  for (int64_t index = 0; index < a.count; ++index) {
    const T *matrix = a.at<T>(index);
    for (int64_t i = 0; i < elements; ++i)
      if (!std::isfinite(std::real(matrix[i])) ||
          !std::isfinite(std::imag(matrix[i])))
        return index;
  }
  return -1;
}

// gesdd: the complex types take a real work array.
#define TEN_SDD_REAL(Type, gesdd_)                                             \
  void sdd(const Lapack &lapack, char jobz, int m, int n, Type *a, Type *s,    \
           Type *u, int ldu, Type *vt, int ldvt, Workspace<Type> &ws,          \
           int lwork, int *info) {                                             \
    int lda = std::max(m, 1);                                                  \
    lapack.gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt,               \
                  ws.work.data(), &lwork, ws.integerWork.data(), info, 1);     \
  }
#define TEN_SDD_COMPLEX(Type, gesdd_)                                          \
  void sdd(const Lapack &lapack, char jobz, int m, int n, Type *a,             \
           Type::value_type *s, Type *u, int ldu, Type *vt, int ldvt,          \
           Workspace<Type> &ws, int lwork, int *info) {                        \
    int lda = std::max(m, 1);                                                  \
    lapack.gesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt,               \
                  ws.work.data(), &lwork, ws.realWork.data(),                  \
                  ws.integerWork.data(), info, 1);                             \
  }
TEN_SDD_REAL(float, sgesdd)
TEN_SDD_REAL(double, dgesdd)
TEN_SDD_COMPLEX(std::complex<float>, cgesdd)
TEN_SDD_COMPLEX(std::complex<double>, zgesdd)
#undef TEN_SDD_REAL
#undef TEN_SDD_COMPLEX

/// The identity's first `columns` columns, `rows` x `columns` row-major.
template <typename T>
void writeIdentity(T *to, int64_t rows, int64_t columns) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < columns; ++j)
      to[i * columns + j] = T(i == j ? 1 : 0);
}

template <typename T>
void qrOf(const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *qMemRef,
          const TenrtUnrankedMemRef *rMemRef, int32_t threads) {
  const Lapack &lapack = requireLapack("ten.linalg.qr");
  Matrices a = requireMatrices(input, sizeof(T));
  Matrices q = requireMatrices(qMemRef, sizeof(T));
  Matrices r = requireMatrices(rMemRef, sizeof(T));
  int64_t m = a.rows, n = a.columns, k = std::min(m, n);
  int64_t qColumns = q.columns;
  forEachMatrix<Workspace<T>>(
      lapack, a.count, m * (n + qColumns), threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &ws) {
        T *factors = ws.load(a.at<T>(index), m, n);
        ws.tau.resize(std::max<int64_t>(k, 1));
        int info = 0;
        if (ws.work.empty()) {
          // One query for both routines: the larger of their workspaces.
          T size;
          geqrf(lapack, m, n, factors, ws.tau.data(), &size, -1, &info);
          int lwork = querySize(size);
          ws.left.resize(std::max<int64_t>(m * qColumns, 1));
          orgqr(lapack, m, qColumns, k, ws.left.data(), ws.tau.data(), &size,
                -1, &info);
          ws.work.resize(std::max(lwork, querySize(size)));
        }
        int lwork = static_cast<int>(ws.work.size());
        if (k > 0)
          geqrf(lapack, m, n, factors, ws.tau.data(), ws.work.data(), lwork,
                &info);
        // R: the upper triangle of the factors' first rows.
        T *rOut = r.at<T>(index);
        for (int64_t i = 0; i < r.rows; ++i)
          for (int64_t j = 0; j < n; ++j)
            rOut[i * n + j] = j >= i ? factors[i + j * m] : T(0);
        // Q from the reflectors, in the factors' first columns.
        ws.left.assign(m * qColumns, T(0));
        std::copy_n(factors, m * std::min(n, qColumns), ws.left.data());
        if (m > 0)
          orgqr(lapack, m, qColumns, k, ws.left.data(), ws.tau.data(),
                ws.work.data(), lwork, &info);
        copyTransposed(ws.left.data(), q.at<T>(index), m, qColumns,
                       /*toRowMajor=*/true);
        return true;
      });
}

template <typename T>
void eighOf(const char *op, const TenrtUnrankedMemRef *input,
            const TenrtUnrankedMemRef *valuesMemRef,
            const TenrtUnrankedMemRef *vectorsMemRef, int32_t upper,
            int32_t threads) {
  using Real = typename RealOf<T>::type;
  const Lapack &lapack = requireLapack(op);
  Matrices a = requireMatrices(input, sizeof(T));
  auto *values = reinterpret_cast<Real *>(
      Buffer(valuesMemRef->rank, valuesMemRef->descriptor, sizeof(Real)).base);
  Matrices vectors{};
  if (vectorsMemRef)
    vectors = requireMatrices(vectorsMemRef, sizeof(T));
  int64_t n = a.rows;
  char jobz = vectorsMemRef ? 'V' : 'N';
  char uplo = upper ? 'U' : 'L';
  int64_t failed = forEachMatrix<Workspace<T>>(
      lapack, a.count, n * n, threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &ws) {
        T *matrix = ws.load(a.at<T>(index), n, n);
        Real *w = values + index * n;
        int info = 0;
        if (ws.work.empty()) {
          ws.work.resize(1);
          ws.realWork.resize(1);
          ws.integerWork.resize(1);
          evd(lapack, jobz, uplo, n, matrix, w, ws, -1, -1, -1, &info);
          ws.work.resize(querySize(ws.work[0]));
          ws.realWork.resize(querySize(ws.realWork[0]));
          ws.integerWork.resize(std::max(1, ws.integerWork[0]));
        }
        evd(lapack, jobz, uplo, n, matrix, w, ws,
            static_cast<int>(ws.work.size()),
            static_cast<int>(ws.realWork.size()),
            static_cast<int>(ws.integerWork.size()), &info);
        if (info > 0)
          return false;
        if (vectorsMemRef)
          copyTransposed(matrix, vectors.at<T>(index), n, n,
                         /*toRowMajor=*/true);
        return true;
      });
  if (failed >= 0)
    failOnMatrix("Eigenvalues did not converge", op, failed, a.count);
}

template <typename T>
void eigOf(const char *op, const TenrtUnrankedMemRef *input,
           const TenrtUnrankedMemRef *valuesMemRef,
           const TenrtUnrankedMemRef *vectorsMemRef, int32_t threads) {
  using Real = typename RealOf<T>::type;
  using Complex = std::complex<Real>;
  const Lapack &lapack = requireLapack(op);
  Matrices a = requireMatrices(input, sizeof(T));
  // NumPy refuses such a matrix before it decomposes any.
  int64_t nonFinite = findNonFinite<T>(a);
  if (nonFinite >= 0)
    failOnMatrix("Array must not contain infs or NaNs", op, nonFinite, a.count);
  auto *values = reinterpret_cast<Complex *>(
      Buffer(valuesMemRef->rank, valuesMemRef->descriptor, sizeof(Complex))
          .base);
  Matrices vectors{};
  if (vectorsMemRef)
    vectors = requireMatrices(vectorsMemRef, sizeof(Complex));
  int64_t n = a.rows;
  char jobvr = vectorsMemRef ? 'V' : 'N';
  int64_t failed = forEachMatrix<Workspace<T>>(
      lapack, a.count, n * n, threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &ws) {
        if (n == 0)
          return true;
        T *matrix = ws.load(a.at<T>(index), n, n);
        Complex *w = values + index * n;
        ws.right.resize(vectorsMemRef ? n * n : 1);
        int info = 0;
        if (ws.work.empty()) {
          ws.work.resize(1);
          geev(lapack, jobvr, n, matrix, w, ws.right.data(), ws, -1, &info);
          ws.work.resize(querySize(ws.work[0]));
        }
        geev(lapack, jobvr, n, matrix, w, ws.right.data(), ws,
             static_cast<int>(ws.work.size()), &info);
        if (info > 0)
          return false;
        if (vectorsMemRef)
          unpackVectors(ws.right.data(), w, vectors.at<Complex>(index), n);
        return true;
      });
  if (failed >= 0)
    failOnMatrix("Eigenvalues did not converge", op, failed, a.count);
}

template <typename T>
void svdOf(const char *op, const TenrtUnrankedMemRef *input,
           const TenrtUnrankedMemRef *uMemRef,
           const TenrtUnrankedMemRef *sMemRef,
           const TenrtUnrankedMemRef *vhMemRef, int32_t threads) {
  using Real = typename RealOf<T>::type;
  const Lapack &lapack = requireLapack(op);
  Matrices a = requireMatrices(input, sizeof(T));
  int64_t m = a.rows, n = a.columns, k = std::min(m, n);
  auto *singular = reinterpret_cast<Real *>(
      Buffer(sMemRef->rank, sMemRef->descriptor, sizeof(Real)).base);
  bool vectors = uMemRef != nullptr;
  Matrices u{}, vh{};
  if (vectors) {
    u = requireMatrices(uMemRef, sizeof(T));
    vh = requireMatrices(vhMemRef, sizeof(T));
  }
  // 'A': all of U and V^H; 'S': their first k columns and rows.
  char jobz = !vectors ? 'N' : (u.columns == m && vh.rows == n ? 'A' : 'S');
  int64_t uColumns = vectors ? u.columns : 0, vhRows = vectors ? vh.rows : 0;
  int ldu = static_cast<int>(std::max<int64_t>(m, 1));
  int ldvt = static_cast<int>(std::max<int64_t>(vhRows, 1));
  int64_t failed = forEachMatrix<Workspace<T>>(
      lapack, a.count, m * n + m * uColumns + vhRows * n, threads,
      [&](const Lapack &lapack, int64_t index, Workspace<T> &ws) {
        Real *s = singular + index * k;
        if (k == 0) {
          // Nothing to decompose: LAPACK would leave U and V^H unwritten.
          if (vectors) {
            writeIdentity(u.at<T>(index), m, uColumns);
            writeIdentity(vh.at<T>(index), vhRows, n);
          }
          return true;
        }
        T *matrix = ws.load(a.at<T>(index), m, n);
        ws.left.resize(std::max<int64_t>(m * uColumns, 1));
        ws.right.resize(std::max<int64_t>(vhRows * n, 1));
        int info = 0;
        if (ws.work.empty()) {
          int64_t large = std::max(m, n);
          ws.integerWork.resize(8 * k);
          // LAPACK's bound on the real work of the complex routines.
          ws.realWork.resize(std::max<int64_t>(
              1, jobz == 'N' ? 7 * k
                             : std::max(5 * k * k + 5 * k,
                                        2 * large * k + 2 * k * k + k)));
          ws.work.resize(1);
          sdd(lapack, jobz, m, n, matrix, s, ws.left.data(), ldu,
              ws.right.data(), ldvt, ws, -1, &info);
          ws.work.resize(querySize(ws.work[0]));
        }
        sdd(lapack, jobz, m, n, matrix, s, ws.left.data(), ldu, ws.right.data(),
            ldvt, ws, static_cast<int>(ws.work.size()), &info);
        // A NaN in the matrix is info -4 (LAPACK 3.7 on), which NumPy
        // reports as no convergence too: not an argument of ours wrong.
        if (info != 0)
          return false;
        if (vectors) {
          copyTransposed(ws.left.data(), u.at<T>(index), m, uColumns,
                         /*toRowMajor=*/true);
          copyTransposed(ws.right.data(), vh.at<T>(index), vhRows, n,
                         /*toRowMajor=*/true);
        }
        return true;
      });
  if (failed >= 0)
    failOnMatrix("SVD did not converge", op, failed, a.count);
}

} // namespace

#define TEN_LINALG_TYPE(Suffix, Type, letter)                                  \
  void tenrtQr##Suffix(const TenrtUnrankedMemRef *input,                       \
                       const TenrtUnrankedMemRef *q,                           \
                       const TenrtUnrankedMemRef *r, int32_t threads) {        \
    qrOf<Type>(input, q, r, threads);                                          \
  }                                                                            \
  void tenrtEigh##Suffix(                                                      \
      const TenrtUnrankedMemRef *input, const TenrtUnrankedMemRef *values,     \
      const TenrtUnrankedMemRef *vectors, int32_t upper, int32_t threads) {    \
    eighOf<Type>("ten.linalg.eigh", input, values, vectors, upper, threads);   \
  }                                                                            \
  void tenrtEigvalsh##Suffix(const TenrtUnrankedMemRef *input,                 \
                             const TenrtUnrankedMemRef *values, int32_t upper, \
                             int32_t threads) {                                \
    eighOf<Type>("ten.linalg.eigvalsh", input, values, nullptr, upper,         \
                 threads);                                                     \
  }                                                                            \
  void tenrtEig##Suffix(const TenrtUnrankedMemRef *input,                      \
                        const TenrtUnrankedMemRef *values,                     \
                        const TenrtUnrankedMemRef *vectors, int32_t threads) { \
    eigOf<Type>("ten.linalg.eig", input, values, vectors, threads);            \
  }                                                                            \
  void tenrtEigvals##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *values,                 \
                            int32_t threads) {                                 \
    eigOf<Type>("ten.linalg.eigvals", input, values, nullptr, threads);        \
  }                                                                            \
  void tenrtSvd##Suffix(const TenrtUnrankedMemRef *input,                      \
                        const TenrtUnrankedMemRef *u,                          \
                        const TenrtUnrankedMemRef *s,                          \
                        const TenrtUnrankedMemRef *vh, int32_t threads) {      \
    svdOf<Type>("ten.linalg.svd", input, u, s, vh, threads);                   \
  }                                                                            \
  void tenrtSvdvals##Suffix(const TenrtUnrankedMemRef *input,                  \
                            const TenrtUnrankedMemRef *s, int32_t threads) {   \
    svdOf<Type>("ten.linalg.svdvals", input, nullptr, s, nullptr, threads);    \
  }
#include "ten/Runtime/Host/LinalgTypes.def"
