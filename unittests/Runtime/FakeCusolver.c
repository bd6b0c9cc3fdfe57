/*===- FakeCusolver.c - a stand-in for cuSOLVER, on host memory -----------===//
 *
 * The entry points the runtime loads from libcusolver (CusolverSymbols.def),
 * computing on host memory (FakeCudaDriver.c's "device" memory) with the
 * system's LAPACK, loaded when a handle is created, so that the CUDA
 * runtime's and the compiler's translation of ten.linalg into cuSOLVER's
 * column-major calls is tested for its results on any machine. `info` is
 * LAPACK's, but for gesvdj, which says min(m, n) + 1 where it does not
 * converge, as cuSOLVER documents, and which fails on a null U or V, with
 * vectors or without, as cuSOLVER does. Workspace queries ask for one element:
 * LAPACK's workspace is the fake's own. With TEN_FAKE_CUDA_TRACE set, each
 * factorization is printed to stderr with the stream it was enqueued on
 * (FakeCudaDriver.c's handles: 0x5000 + n is stream n) and its size.
 * geev is LAPACK's, right vectors only, with cuSOLVER's refusals of types
 * that do not agree; built with TEN_FAKE_CUSOLVER_11_6, the library has no
 * geev, as cuSOLVER before 11.7 (CUDA 12.6).
 *
 *===----------------------------------------------------------------------===*/

#include <complex.h>
#include <dlfcn.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum {
  kSuccess = 0,
  kNotInitialized = 1,
  kAllocFailed = 2,
  kInvalidValue = 3,
  kExecutionFailed = 6
};

static int handles;
static void *handleStream;
static void *lapack;

static void trace(const char *call, int m, int n) {
  if (getenv("TEN_FAKE_CUDA_TRACE"))
    fprintf(stderr, "fake-cuda: %s stream %u m %d n %d\n", call,
            handleStream ? (unsigned)((uintptr_t)handleStream - 0x5000) : 0, m,
            n);
}

int cusolverGetVersion(int *version) {
#ifdef TEN_FAKE_CUSOLVER_11_6
  *version = 11600;
#else
  *version = 11700;
#endif
  return kSuccess;
}

int cusolverDnCreate(void **handle) {
  if (!lapack)
    lapack = dlopen("liblapack.so.3", RTLD_NOW | RTLD_LOCAL);
  if (!lapack)
    return kNotInitialized;
  *handle = &handles;
  ++handles;
  return kSuccess;
}

int cusolverDnDestroy(void *handle) {
  (void)handle;
  --handles;
  return kSuccess;
}

int cusolverDnSetStream(void *handle, void *stream) {
  (void)handle;
  handleStream = stream;
  return kSuccess;
}

static int svdParameters;

int cusolverDnCreateGesvdjInfo(void **params) {
  *params = &svdParameters;
  return kSuccess;
}

int cusolverDnDestroyGesvdjInfo(void *params) {
  (void)params;
  return kSuccess;
}

/* LAPACK's routine `name`, or null. */
static void *routine(const char *name) { return dlsym(lapack, name); }

/* Fortran's hidden lengths of character arguments. */
typedef size_t Length;

/* cublasFillMode_t and cublasOperation_t as LAPACK's characters. */
static const char *fillOf(int uplo) { return uplo ? "U" : "L"; }
static const char *operationOf(int trans) {
  return trans == 0 ? "N" : trans == 1 ? "T" : "C";
}

/* One workspace element for each query. */
#define DEFINE_QUERIES(L, T, Orgqr, Syevd, Real)                               \
  int cusolverDn##L##potrf_bufferSize(void *handle, int uplo, int n, T *a,     \
                                      int lda, int *lwork) {                   \
    (void)handle, (void)uplo, (void)n, (void)a, (void)lda;                     \
    *lwork = 1;                                                                \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##getrf_bufferSize(void *handle, int m, int n, T *a,        \
                                      int lda, int *lwork) {                   \
    (void)handle, (void)m, (void)n, (void)a, (void)lda;                        \
    *lwork = 1;                                                                \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##geqrf_bufferSize(void *handle, int m, int n, T *a,        \
                                      int lda, int *lwork) {                   \
    (void)handle, (void)m, (void)n, (void)a, (void)lda;                        \
    *lwork = 1;                                                                \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##Orgqr##_bufferSize(void *handle, int m, int n, int k,     \
                                        const T *a, int lda, const T *tau,     \
                                        int *lwork) {                          \
    (void)handle, (void)m, (void)n, (void)k, (void)a, (void)lda, (void)tau;    \
    *lwork = 1;                                                                \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##Syevd##_bufferSize(void *handle, int jobz, int uplo,      \
                                        int n, const T *a, int lda,            \
                                        const Real *w, int *lwork) {           \
    (void)handle, (void)jobz, (void)uplo, (void)n, (void)a, (void)lda,         \
        (void)w;                                                               \
    *lwork = 1;                                                                \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##gesvdj_bufferSize(                                        \
      void *handle, int jobz, int econ, int m, int n, const T *a, int lda,     \
      const Real *s, const T *u, int ldu, const T *v, int ldv, int *lwork,     \
      void *params) {                                                          \
    (void)handle, (void)jobz, (void)econ, (void)m, (void)n, (void)a,           \
        (void)lda, (void)s, (void)u, (void)ldu, (void)v, (void)ldv,            \
        (void)params;                                                          \
    *lwork = 1;                                                                \
    return kSuccess;                                                           \
  }

DEFINE_QUERIES(S, float, orgqr, syevd, float)
DEFINE_QUERIES(D, double, orgqr, syevd, double)
DEFINE_QUERIES(C, float _Complex, ungqr, heevd, float)
DEFINE_QUERIES(Z, double _Complex, ungqr, heevd, double)

/* Cholesky and LU factorizations and LU solves. cuSOLVER's potrf carries a
 * NaN pivot on, as NaN compares with nothing: pivot j's column and every
 * column after it, in the factor's triangle, turn NaN. LAPACK's stops
 * there with info = j + 1 (reference LAPACK), or goes on with some of the
 * zeros that 1 / NaN scales left zero (OpenBLAS 0.3.21's zpotrf on a Xeon
 * with AVX-512: [[nan, 0], [0, 1]] from [[nan, 0], [0, 1]], info 0), so
 * the fake makes cuSOLVER's result from the first NaN pivot of either.
 * cuSOLVER's getrf reads NaN as zero, and so does the fake's. */
#define DEFINE_LU(L, l, T)                                                     \
  int cusolverDn##L##potrf(void *handle, int uplo, int n, T *a, int lda,       \
                           T *work, int lwork, int *info) {                    \
    (void)handle, (void)work, (void)lwork;                                     \
    void (*potrf)(const char *, const int *, T *, const int *, int *,          \
                  Length) = routine(#l "potrf_");                              \
    if (!potrf)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L "potrf", n, n);                                      \
    potrf(fillOf(uplo), &n, a, &lda, info, 1);                                 \
    int pivot = 0, factored = *info > 0 ? *info : n;                           \
    while (pivot < factored && a[pivot * (lda + 1)] == a[pivot * (lda + 1)])   \
      ++pivot;                                                                 \
    if (pivot < factored) {                                                    \
      /* A real diagonal (NaN + 0i, a square root's), NaN in every part off    \
         it (a product with the pivot's NaN reciprocal); NaN * NaN is NaN      \
         in both parts of a complex T. */                                      \
      T nanParts = (T)NAN * (T)NAN;                                            \
      for (int column = pivot; column < n; ++column)                           \
        for (int row = uplo ? pivot : column; row <= (uplo ? column : n - 1);  \
             ++row)                                                            \
          a[row + (size_t)column * lda] = row == column ? (T)NAN : nanParts;   \
      *info = 0;                                                               \
    }                                                                          \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##getrf(void *handle, int m, int n, T *a, int lda, T *work, \
                           int *pivots, int *info) {                           \
    (void)handle, (void)work;                                                  \
    void (*getrf)(const int *, const int *, T *, const int *, int *, int *) =  \
        routine(#l "getrf_");                                                  \
    if (!getrf)                                                                \
      return kNotInitialized;                                                  \
    if (!pivots)                                                               \
      return kInvalidValue;                                                    \
    trace("cusolverDn" #L "getrf", m, n);                                      \
    /* cuSOLVER's getrf factors as if each NaN were zero (NVIDIA H200,         \
       CUDA 13.0): [[-1, 0], [0, nan]] has a zero pivot, info 2. */            \
    for (int column = 0; column < n; ++column)                                 \
      for (int row = 0; row < m; ++row)                                        \
        if (a[row + (size_t)column * lda] != a[row + (size_t)column * lda])    \
          a[row + (size_t)column * lda] = 0;                                   \
    getrf(&m, &n, a, &lda, pivots, info);                                      \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##getrs(void *handle, int trans, int n, int nrhs,           \
                           const T *a, int lda, const int *pivots, T *b,       \
                           int ldb, int *info) {                               \
    (void)handle;                                                              \
    void (*getrs)(const char *, const int *, const int *, const T *,           \
                  const int *, const int *, T *, const int *, int *, Length) = \
        routine(#l "getrs_");                                                  \
    if (!getrs)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L "getrs", n, nrhs);                                   \
    getrs(operationOf(trans), &n, &nrhs, a, &lda, pivots, b, &ldb, info, 1);   \
    return kSuccess;                                                           \
  }

DEFINE_LU(S, s, float)
DEFINE_LU(D, d, double)
DEFINE_LU(C, c, float _Complex)
DEFINE_LU(Z, z, double _Complex)

/* QR factorizations, with LAPACK's workspace queried and allocated. */
#define DEFINE_QR(L, l, T, Orgqr)                                              \
  int cusolverDn##L##geqrf(void *handle, int m, int n, T *a, int lda, T *tau,  \
                           T *work, int lwork, int *info) {                    \
    (void)handle, (void)work, (void)lwork;                                     \
    void (*geqrf)(const int *, const int *, T *, const int *, T *, T *,        \
                  const int *, int *) = routine(#l "geqrf_");                  \
    if (!geqrf)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L "geqrf", m, n);                                      \
    T size;                                                                    \
    int query = -1;                                                            \
    geqrf(&m, &n, a, &lda, tau, &size, &query, info);                          \
    int length = (int)creal(size) > 0 ? (int)creal(size) : 1;                  \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    if (!lapackWork)                                                           \
      return kAllocFailed;                                                     \
    geqrf(&m, &n, a, &lda, tau, lapackWork, &length, info);                    \
    free(lapackWork);                                                          \
    return kSuccess;                                                           \
  }                                                                            \
  int cusolverDn##L##Orgqr(void *handle, int m, int n, int k, T *a, int lda,   \
                           const T *tau, T *work, int lwork, int *info) {      \
    (void)handle, (void)work, (void)lwork;                                     \
    void (*orgqr)(const int *, const int *, const int *, T *, const int *,     \
                  const T *, T *, const int *, int *) =                        \
        routine(#l #Orgqr "_");                                                \
    if (!orgqr)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L#Orgqr, m, n);                                        \
    T size;                                                                    \
    int query = -1;                                                            \
    orgqr(&m, &n, &k, a, &lda, tau, &size, &query, info);                      \
    int length = (int)creal(size) > 0 ? (int)creal(size) : 1;                  \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    if (!lapackWork)                                                           \
      return kAllocFailed;                                                     \
    orgqr(&m, &n, &k, a, &lda, tau, lapackWork, &length, info);                \
    free(lapackWork);                                                          \
    return kSuccess;                                                           \
  }

DEFINE_QR(S, s, float, orgqr)
DEFINE_QR(D, d, double, orgqr)
DEFINE_QR(C, c, float _Complex, ungqr)
DEFINE_QR(Z, z, double _Complex, ungqr)

/* Symmetric eigensolvers (real: work and iwork; complex: rwork too). */
#define DEFINE_SYEVD(L, l, T, Real)                                            \
  int cusolverDn##L##syevd(void *handle, int jobz, int uplo, int n, T *a,      \
                           int lda, Real *w, T *work, int lwork, int *info) {  \
    (void)handle, (void)work, (void)lwork;                                     \
    void (*syevd)(const char *, const char *, const int *, T *, const int *,   \
                  Real *, T *, const int *, int *, const int *, int *, Length, \
                  Length) = routine(#l "syevd_");                              \
    if (!syevd)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L "syevd", n, n);                                      \
    const char *job = jobz ? "V" : "N";                                        \
    T size;                                                                    \
    int sizeI, query = -1;                                                     \
    syevd(job, fillOf(uplo), &n, a, &lda, w, &size, &query, &sizeI, &query,    \
          info, 1, 1);                                                         \
    int length = (int)size > 0 ? (int)size : 1;                                \
    int lengthI = sizeI > 0 ? sizeI : 1;                                       \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    int *lapackWorkI = malloc(sizeof(int) * (size_t)lengthI);                  \
    if (lapackWork && lapackWorkI)                                             \
      syevd(job, fillOf(uplo), &n, a, &lda, w, lapackWork, &length,            \
            lapackWorkI, &lengthI, info, 1, 1);                                \
    int status = lapackWork && lapackWorkI ? kSuccess : kAllocFailed;          \
    free(lapackWork);                                                          \
    free(lapackWorkI);                                                         \
    return status;                                                             \
  }
#define DEFINE_HEEVD(L, l, T, Real)                                            \
  int cusolverDn##L##heevd(void *handle, int jobz, int uplo, int n, T *a,      \
                           int lda, Real *w, T *work, int lwork, int *info) {  \
    (void)handle, (void)work, (void)lwork;                                     \
    void (*heevd)(const char *, const char *, const int *, T *, const int *,   \
                  Real *, T *, const int *, Real *, const int *, int *,        \
                  const int *, int *, Length, Length) = routine(#l "heevd_");  \
    if (!heevd)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L "heevd", n, n);                                      \
    const char *job = jobz ? "V" : "N";                                        \
    T size;                                                                    \
    Real sizeR;                                                                \
    int sizeI, query = -1;                                                     \
    heevd(job, fillOf(uplo), &n, a, &lda, w, &size, &query, &sizeR, &query,    \
          &sizeI, &query, info, 1, 1);                                         \
    int length = (int)creal(size) > 0 ? (int)creal(size) : 1;                  \
    int lengthR = (int)sizeR > 0 ? (int)sizeR : 1;                             \
    int lengthI = sizeI > 0 ? sizeI : 1;                                       \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    Real *lapackWorkR = malloc(sizeof(Real) * (size_t)lengthR);                \
    int *lapackWorkI = malloc(sizeof(int) * (size_t)lengthI);                  \
    int status =                                                               \
        lapackWork && lapackWorkR && lapackWorkI ? kSuccess : kAllocFailed;    \
    if (status == kSuccess)                                                    \
      heevd(job, fillOf(uplo), &n, a, &lda, w, lapackWork, &length,            \
            lapackWorkR, &lengthR, lapackWorkI, &lengthI, info, 1, 1);         \
    free(lapackWork);                                                          \
    free(lapackWorkR);                                                         \
    free(lapackWorkI);                                                         \
    return status;                                                             \
  }

DEFINE_SYEVD(S, s, float, float)
DEFINE_SYEVD(D, d, double, double)
DEFINE_HEEVD(C, c, float _Complex, float)
DEFINE_HEEVD(Z, z, double _Complex, double)

/* gesvdj as LAPACK's gesvd: V is the conjugate transpose of its VT. The
   real routines take no rwork; the complex ones take 5 min(m, n) reals. */
#define SVD_REAL_ARGS(Real, rwork)
#define SVD_COMPLEX_ARGS(Real, rwork) , Real *rwork
#define SVD_REAL_PASS(rwork)
#define SVD_COMPLEX_PASS(rwork) , rwork
#define DEFINE_GESVDJ(L, l, T, Real, ARGS, PASS, CONJ)                         \
  int cusolverDn##L##gesvdj(void *handle, int jobz, int econ, int m, int n,    \
                            T *a, int lda, Real *s, T *u, int ldu, T *v,       \
                            int ldv, T *work, int lwork, int *info,            \
                            void *params) {                                    \
    (void)handle, (void)work, (void)lwork, (void)params;                       \
    void (*gesvd)(const char *, const char *, const int *, const int *, T *,   \
                  const int *, Real *, T *, const int *, T *, const int *,     \
                  T *, const int *ARGS(Real, rwork), int *, Length, Length) =  \
        routine(#l "gesvd_");                                                  \
    if (!gesvd)                                                                \
      return kNotInitialized;                                                  \
    trace("cusolverDn" #L "gesvdj", m, n);                                     \
    /* cuSOLVER touches U and V without vectors too: null ones fault. */       \
    if (!u || !v)                                                              \
      return kExecutionFailed;                                                 \
    int k = m < n ? m : n;                                                     \
    const char *job = !jobz ? "N" : econ ? "S" : "A";                          \
    int vtRows = !jobz ? 1 : econ ? k : n;                                     \
    T *vt = malloc(sizeof(T) * (size_t)vtRows * (size_t)(n ? n : 1));          \
    Real *rwork = malloc(sizeof(Real) * (size_t)(5 * k + 1));                  \
    T size;                                                                    \
    int query = -1;                                                            \
    T unused;                                                                  \
    T *uOut = jobz ? u : &unused;                                              \
    int ldU = jobz ? ldu : 1;                                                  \
    gesvd(job, job, &m, &n, a, &lda, s, uOut, &ldU, vt, &vtRows, &size,        \
          &query PASS(rwork), info, 1, 1);                                     \
    int length = (int)creal(size) > 0 ? (int)creal(size) : 1;                  \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    int status = vt && rwork && lapackWork ? kSuccess : kAllocFailed;          \
    if (status == kSuccess) {                                                  \
      gesvd(job, job, &m, &n, a, &lda, s, uOut, &ldU, vt, &vtRows, lapackWork, \
            &length PASS(rwork), info, 1, 1);                                  \
      if (*info > 0)                                                           \
        *info = k + 1;                                                         \
      for (int i = 0; jobz && i < n; ++i)                                      \
        for (int j = 0; j < (econ ? k : n); ++j)                               \
          v[i + (long long)j * ldv] = CONJ(vt[j + (long long)i * vtRows]);     \
    }                                                                          \
    free(vt);                                                                  \
    free(rwork);                                                               \
    free(lapackWork);                                                          \
    return status;                                                             \
  }

#define REAL_VALUE(x) (x)
DEFINE_GESVDJ(S, s, float, float, SVD_REAL_ARGS, SVD_REAL_PASS, REAL_VALUE)
DEFINE_GESVDJ(D, d, double, double, SVD_REAL_ARGS, SVD_REAL_PASS, REAL_VALUE)
DEFINE_GESVDJ(C, c, float _Complex, float, SVD_COMPLEX_ARGS, SVD_COMPLEX_PASS,
              conjf)
DEFINE_GESVDJ(Z, z, double _Complex, double, SVD_COMPLEX_ARGS, SVD_COMPLEX_PASS,
              conj)

/* The 64-bit API's parameters. */
static int parameters;

int cusolverDnCreateParams(void **params) {
  *params = &parameters;
  return kSuccess;
}

int cusolverDnDestroyParams(void *params) {
  (void)params;
  return kSuccess;
}

/* cudaDataType. */
enum { kR32F = 0, kR64F = 1, kC32F = 4, kC64F = 5 };

#ifndef TEN_FAKE_CUSOLVER_11_6
int cusolverDnXgeev_bufferSize(void *handle, void *params, int jobvl, int jobvr,
                               int64_t n, int dataTypeA, const void *a,
                               int64_t lda, int dataTypeW, const void *w,
                               int dataTypeVL, const void *vl, int64_t ldvl,
                               int dataTypeVR, const void *vr, int64_t ldvr,
                               int computeType, size_t *deviceBytes,
                               size_t *hostBytes) {
  (void)handle, (void)params, (void)jobvl, (void)jobvr, (void)n,
      (void)dataTypeA, (void)a, (void)lda, (void)dataTypeW, (void)w,
      (void)dataTypeVL, (void)vl, (void)ldvl, (void)dataTypeVR, (void)vr,
      (void)ldvr, (void)computeType;
  *deviceBytes = 1;
  *hostBytes = 1;
  return kSuccess;
}

/* geev as LAPACK's, right vectors only (as cuSOLVER's): a real A's
   eigenvalues into a complex W (the second of cuSOLVER's two forms), its
   vectors real in LAPACK's form; a complex A's complex. */
#define DEFINE_GEEV_REAL(l, T)                                                 \
  static int geev_##l(int jobvr, int n, T *a, int lda, T _Complex *w, T *vr,   \
                      int ldvr, int *info) {                                   \
    void (*geev)(const char *, const char *, const int *, T *, const int *,    \
                 T *, T *, T *, const int *, T *, const int *, T *,            \
                 const int *, int *, Length, Length) = routine(#l "geev_");    \
    if (!geev)                                                                 \
      return kNotInitialized;                                                  \
    const char *job = jobvr ? "V" : "N";                                       \
    int one = 1, query = -1;                                                   \
    T size, unused;                                                            \
    T *parts = malloc(sizeof(T) * (size_t)(2 * n + 1));                        \
    if (!parts)                                                                \
      return kAllocFailed;                                                     \
    geev("N", job, &n, a, &lda, parts, parts + n, &unused, &one, vr, &ldvr,    \
         &size, &query, info, 1, 1);                                           \
    int length = (int)size > 0 ? (int)size : 1;                                \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    int status = lapackWork ? kSuccess : kAllocFailed;                         \
    if (status == kSuccess) {                                                  \
      geev("N", job, &n, a, &lda, parts, parts + n, &unused, &one, vr, &ldvr,  \
           lapackWork, &length, info, 1, 1);                                   \
      for (int i = 0; i < n; ++i)                                              \
        w[i] = parts[i] + parts[n + i] * I;                                    \
    }                                                                          \
    free(parts);                                                               \
    free(lapackWork);                                                          \
    return status;                                                             \
  }
#define DEFINE_GEEV_COMPLEX(l, T, Real)                                        \
  static int geev_##l(int jobvr, int n, T *a, int lda, T *w, T *vr, int ldvr,  \
                      int *info) {                                             \
    void (*geev)(const char *, const char *, const int *, T *, const int *,    \
                 T *, T *, const int *, T *, const int *, T *, const int *,    \
                 Real *, int *, Length, Length) = routine(#l "geev_");         \
    if (!geev)                                                                 \
      return kNotInitialized;                                                  \
    const char *job = jobvr ? "V" : "N";                                       \
    int one = 1, query = -1;                                                   \
    T size, unused;                                                            \
    Real *rwork = malloc(sizeof(Real) * (size_t)(2 * n + 1));                  \
    if (!rwork)                                                                \
      return kAllocFailed;                                                     \
    geev("N", job, &n, a, &lda, w, &unused, &one, vr, &ldvr, &size, &query,    \
         rwork, info, 1, 1);                                                   \
    int length = (int)creal(size) > 0 ? (int)creal(size) : 1;                  \
    T *lapackWork = malloc(sizeof(T) * (size_t)length);                        \
    int status = lapackWork ? kSuccess : kAllocFailed;                         \
    if (status == kSuccess)                                                    \
      geev("N", job, &n, a, &lda, w, &unused, &one, vr, &ldvr, lapackWork,     \
           &length, rwork, info, 1, 1);                                        \
    free(rwork);                                                               \
    free(lapackWork);                                                          \
    return status;                                                             \
  }

DEFINE_GEEV_REAL(s, float)
DEFINE_GEEV_REAL(d, double)
DEFINE_GEEV_COMPLEX(c, float _Complex, float)
DEFINE_GEEV_COMPLEX(z, double _Complex, double)

int cusolverDnXgeev(void *handle, void *params, int jobvl, int jobvr, int64_t n,
                    int dataTypeA, void *a, int64_t lda, int dataTypeW, void *w,
                    int dataTypeVL, void *vl, int64_t ldvl, int dataTypeVR,
                    void *vr, int64_t ldvr, int computeType, void *deviceWork,
                    size_t deviceBytes, void *hostWork, size_t hostBytes,
                    int *info) {
  (void)handle, (void)params, (void)dataTypeVL, (void)vl, (void)ldvl,
      (void)deviceWork, (void)deviceBytes, (void)hostWork, (void)hostBytes;
  /* What cuSOLVER refuses: left vectors, and types that do not agree. */
  int complexOfA = dataTypeA == kR32F   ? kC32F
                   : dataTypeA == kR64F ? kC64F
                                        : dataTypeA;
  if (jobvl || computeType != dataTypeA || dataTypeVR != dataTypeA ||
      dataTypeW != complexOfA || !vr)
    return kInvalidValue;
  trace("cusolverDnXgeev", (int)n, (int)n);
  switch (dataTypeA) {
  case kR32F:
    return geev_s(jobvr, (int)n, a, (int)lda, w, vr, (int)ldvr, info);
  case kR64F:
    return geev_d(jobvr, (int)n, a, (int)lda, w, vr, (int)ldvr, info);
  case kC32F:
    return geev_c(jobvr, (int)n, a, (int)lda, w, vr, (int)ldvr, info);
  case kC64F:
    return geev_z(jobvr, (int)n, a, (int)lda, w, vr, (int)ldvr, info);
  default:
    return kInvalidValue;
  }
}
#endif
